// gx_dsp_mul_eq_fv: gx_dsp_mul's two forms proven equal. The behavioural form
// (gx_dsp_mul, read without GX_TECH_ECP5) and the ECP5 form (gx_dsp_mul_ecp5: a
// MULT18X18D with its input and output registers, here the model in
// formal/ecp5/MULT18X18D.v) get the same free operands and enable, at every signedness
// and at the widest operands each allows; once each has loaded after reset their input
// registers agree (InRegEq_A; the slice's registers hold the operand widened to 18 bits:
// SliceReg_A), and once each has loaded twice their products agree (ProductEq_A). Both
// forms' registers start free. The behavioural form's InReg_A is proven with them.
`default_nettype none
`include "gx_assert.svh"

module gx_dsp_mul_eq_fv (
  input wire logic             clk_i,
  input wire logic             rst_i,
  input wire logic [3:0]       en_i,
  input wire logic [3:0][17:0] a_i,
  input wire logic [3:0][17:0] b_i
);
  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);

  // signed x signed 18 x 18, unsigned x unsigned 17 x 17, unsigned x signed 17 x 18,
  // signed x unsigned 9 x 5
  gx_dsp_mul_eq_one #(.AW(18), .BW(18), .ASigned(1'b1), .BSigned(1'b1)) u_ss (
    .clk_i, .rst_i, .en_i(en_i[0]), .a_i(a_i[0]), .b_i(b_i[0]));
  gx_dsp_mul_eq_one #(.AW(17), .BW(17), .ASigned(1'b0), .BSigned(1'b0)) u_uu (
    .clk_i, .rst_i, .en_i(en_i[1]), .a_i(a_i[1][16:0]), .b_i(b_i[1][16:0]));
  gx_dsp_mul_eq_one #(.AW(17), .BW(18), .ASigned(1'b0), .BSigned(1'b1)) u_us (
    .clk_i, .rst_i, .en_i(en_i[2]), .a_i(a_i[2][16:0]), .b_i(b_i[2]));
  gx_dsp_mul_eq_one #(.AW(9), .BW(5), .ASigned(1'b1), .BSigned(1'b0)) u_su (
    .clk_i, .rst_i, .en_i(en_i[3]), .a_i(a_i[3][8:0]), .b_i(b_i[3][4:0]));
endmodule

// One configuration: both forms side by side.
module gx_dsp_mul_eq_one #(
  parameter int unsigned AW = 18,
  parameter int unsigned BW = 18,
  parameter bit          ASigned = 1,
  parameter bit          BSigned = 1
) (
  input wire logic          clk_i,
  input wire logic          rst_i,
  input wire logic          en_i,
  input wire logic [AW-1:0] a_i,
  input wire logic [BW-1:0] b_i
);
  logic [AW+BW-1:0] p_b, p_s;
  logic [AW-1:0]    aq_b, aq_s;
  logic [BW-1:0]    bq_b, bq_s;
  logic [17:0]      roa, rob;
  gx_dsp_mul #(.AW(AW), .BW(BW), .ASigned(ASigned), .BSigned(BSigned)) u_beh (
    .clk_i, .rst_i, .en_i, .a_i, .b_i, .p_o(p_b), .a_q_o(aq_b), .b_q_o(bq_b)
  );
  gx_dsp_mul_ecp5 #(.AW(AW), .BW(BW), .ASigned(ASigned), .BSigned(BSigned)) u_slice (
    .clk_i, .en_i, .a_i, .b_i, .p_o(p_s), .a_q_o(aq_s), .b_q_o(bq_s), .roa_o(roa),
    .rob_o(rob)
  );

  logic [1:0] filled_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) filled_q <= '0;
    else if (en_i && filled_q != 2'd2) filled_q <= filled_q + 2'd1;
  end
  `GX_ASSERT(InRegEq_A, filled_q == 2'd0 || (aq_b == aq_s && bq_b == bq_s))
  `GX_ASSERT(SliceReg_A, filled_q == 2'd0 ||
             (roa == (ASigned ? 18'($signed(aq_s)) : 18'(aq_s)) &&
              rob == (BSigned ? 18'($signed(bq_s)) : 18'(bq_s))))
  `GX_ASSERT(ProductEq_A, filled_q != 2'd2 || p_b == p_s)
  // the product of the extreme operands (the most negative, or the largest unsigned)
  // reaches both outputs
  localparam logic [AW-1:0] AX = ASigned ? AW'(1) << (AW - 1) : {AW{1'b1}};
  localparam logic [BW-1:0] BX = BSigned ? BW'(1) << (BW - 1) : {BW{1'b1}};
  logic ext_q;
  always_ff @(posedge clk_i) if (en_i) ext_q <= aq_b == AX && bq_b == BX;
  `GX_COVER(Extreme_C, filled_q == 2'd2 && ext_q && p_b == p_s)
endmodule

`default_nettype wire
