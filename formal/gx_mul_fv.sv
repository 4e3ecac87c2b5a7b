// gx_mul_fv: formal harness of gx_mul at a reduced, asymmetric width (AW x BW bits, low
// parts of LoBits bits: every partial product and the sum keep the shape they have at
// 24 x 24). Operands and enable are free; reset is assumed in the first cycle (it only
// gates the properties). Beside gx_mul's stage invariants (Stage2_A, Stage3_A) the
// harness checks the port behaviour: after 3 enables, p_o is the product of the
// operands of 3 enables before.
`default_nettype none
`include "gx_assert.svh"

module gx_mul_fv #(
  parameter int unsigned AW = 6,
  parameter int unsigned BW = 5,
  parameter int unsigned LoBits = 3
) (
  input wire logic                 clk_i,
  input wire logic                 rst_i,
  input wire logic                 en_i,
  input wire logic signed [AW-1:0] a_i,
  input wire logic signed [BW-1:0] b_i
);
  localparam int unsigned PW = AW + BW;
  logic signed [PW-1:0] p;

  gx_mul #(.AW(AW), .BW(BW), .LoBits(LoBits)) u_dut (
    .clk_i, .rst_i, .en_i, .a_i, .b_i, .p_o(p)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);

  // the operands of the last three enables, and how many enables there were (up to 3)
  logic [2:0][AW-1:0] hist_a_q;
  logic [2:0][BW-1:0] hist_b_q;
  logic [1:0] seen_q;
  always_ff @(posedge clk_i) begin
    if (en_i) begin
      hist_a_q <= {hist_a_q[1:0], a_i};
      hist_b_q <= {hist_b_q[1:0], b_i};
    end
    if (rst_i) seen_q <= '0;
    else if (en_i && seen_q != 2'd3) seen_q <= seen_q + 2'd1;
  end
  `GX_ASSERT(Product_A, seen_q != 2'd3 ||
                        p == PW'($signed(hist_a_q[2])) * PW'($signed(hist_b_q[2])))
  // the most negative operands: the largest product
  `GX_COVER(Product_C, seen_q == 2'd3 && $past(en_i) && p == PW'(1) << (PW - 2))
endmodule

`default_nettype wire
