// gx_mul: pipelined signed multiply, p = a * b, shaped for 18x18 hardware multipliers.
//
// Each operand is split into an unsigned low part of LoBits bits and a signed high part
// (a = ah * 2^LoBits + al), so the four partial products al*bl (unsigned), al*bh, ah*bl
// (mixed) and ah*bh (signed) each fit one 18x18 signed multiplier when LoBits <= 17 and
// the high parts are at most 18 bits. Each partial product is one gx_dsp_mul (on the
// ECP5 a MULT18X18D with its registers on): its input registers are stage 1, the operand
// parts, a copy for each multiplier; its output register stage 2, the partial product.
// Stage 3 registers their sum: al*bl and ah*bh occupy disjoint bits of the result, so
// the sum is {ah*bh, al*bl} plus the two mixed products at bit LoBits.
//
// Handshake: none; the pipeline advances when en_i is high and holds otherwise (the
// enclosing block's one pipeline enable). Registers carry no reset.
// Latency: 3 enabled clocks (p_o is a * b of the operands presented 3 enables earlier).
// Throughput: one product per enabled clock.
`default_nettype none
`include "gx_assert.svh"

module gx_mul #(
  parameter int unsigned AW = 24,      /// width of the signed operand a
  parameter int unsigned BW = 24,      /// width of the signed operand b
  parameter int unsigned LoBits = 17   /// width of each operand's unsigned low part
) (
  input  wire logic                 clk_i,  /// clock, rising edge
  input  wire logic                 rst_i,  /// synchronous reset, active high (properties only)
  input  wire logic                 en_i,   /// the pipeline advances
  input  wire logic signed [AW-1:0] a_i,    /// operand a
  input  wire logic signed [BW-1:0] b_i,    /// operand b
  output      logic signed [AW+BW-1:0] p_o  /// a * b, 3 enabled clocks after a_i, b_i
);
  localparam int unsigned L = LoBits;
  localparam int unsigned AH = AW - L;  // width of the signed high part of a
  localparam int unsigned BH = BW - L;  // width of the signed high part of b
  localparam int unsigned PW = AW + BW;

  // Stages 1 and 2: the operand parts and the four partial products, each on a hardware
  // multiplier with its operands and its product registered in the slice (gx_dsp_mul):
  // its input registers are stage 1, a copy of the parts for each multiplier, its output
  // register stage 2.
  logic        [L-1:0]     al_ll_q1, bl_ll_q1, al_lh_q1, bl_hl_q1;
  logic signed [AH-1:0]    ah_hl_q1, ah_hh_q1;
  logic signed [BH-1:0]    bh_lh_q1, bh_hh_q1;
  logic        [2*L-1:0]   ll_q2;  // al * bl, unsigned
  logic signed [L+BH-1:0]  lh_q2;  // al * bh, |.| < 2^(L+BH-1)
  logic signed [AH+L-1:0]  hl_q2;  // ah * bl
  logic signed [AH+BH-1:0] hh_q2;  // ah * bh
  gx_dsp_mul #(.AW(L), .BW(L), .ASigned(1'b0), .BSigned(1'b0)) u_ll (
    .clk_i, .rst_i, .en_i, .a_i(a_i[L-1:0]), .b_i(b_i[L-1:0]), .p_o(ll_q2),
    .a_q_o(al_ll_q1), .b_q_o(bl_ll_q1)
  );
  gx_dsp_mul #(.AW(L), .BW(BH), .ASigned(1'b0), .BSigned(1'b1)) u_lh (
    .clk_i, .rst_i, .en_i, .a_i(a_i[L-1:0]), .b_i(b_i[BW-1:L]), .p_o(lh_q2),
    .a_q_o(al_lh_q1), .b_q_o(bh_lh_q1)
  );
  gx_dsp_mul #(.AW(AH), .BW(L), .ASigned(1'b1), .BSigned(1'b0)) u_hl (
    .clk_i, .rst_i, .en_i, .a_i(a_i[AW-1:L]), .b_i(b_i[L-1:0]), .p_o(hl_q2),
    .a_q_o(ah_hl_q1), .b_q_o(bl_hl_q1)
  );
  gx_dsp_mul #(.AW(AH), .BW(BH), .ASigned(1'b1), .BSigned(1'b1)) u_hh (
    .clk_i, .rst_i, .en_i, .a_i(a_i[AW-1:L]), .b_i(b_i[BW-1:L]), .p_o(hh_q2),
    .a_q_o(ah_hh_q1), .b_q_o(bh_hh_q1)
  );

  // Stage 3: the sum. {hh, ll} is hh * 2^(2L) + ll exactly (0 <= ll < 2^(2L)).
  logic signed [PW-1:0] p_d, p_q3;
  always_comb begin
    p_d = $signed({hh_q2, ll_q2}) + (PW'(lh_q2) <<< L) + (PW'(hl_q2) <<< L);
  end
  always_ff @(posedge clk_i) begin
    if (en_i) p_q3 <= p_d;
  end
  assign p_o = p_q3;

  // Properties: the operand copies agree; each later stage, once filled after reset,
  // holds the product of the operands it came from. A copy of the operands travels beside
  // the pipeline, and a count of the enables since reset (up to 3) says which stages are
  // filled; simulation and proofs only.
`ifdef GX_ASSERT_ON
  logic signed [AW-1:0] fv_a_q2, fv_a_q3;
  logic signed [BW-1:0] fv_b_q2, fv_b_q3;
  logic [1:0] fv_filled_q;
  always_ff @(posedge clk_i) begin
    if (en_i) begin
      fv_a_q2 <= {ah_hh_q1, al_ll_q1};
      fv_b_q2 <= {bh_hh_q1, bl_ll_q1};
      fv_a_q3 <= fv_a_q2;
      fv_b_q3 <= fv_b_q2;
    end
    if (rst_i) fv_filled_q <= '0;
    else if (en_i && fv_filled_q != 2'd3) fv_filled_q <= fv_filled_q + 2'd1;
  end
`endif
  `GX_ASSERT(Stage1_A, fv_filled_q == 2'd0 ||
             (al_lh_q1 == al_ll_q1 && ah_hl_q1 == ah_hh_q1 &&
              bl_hl_q1 == bl_ll_q1 && bh_lh_q1 == bh_hh_q1))
  `GX_ASSERT(Stage2_A, fv_filled_q < 2'd2 ||
             $signed({hh_q2, ll_q2}) + (PW'(lh_q2) <<< L) + (PW'(hl_q2) <<< L) ==
             PW'(fv_a_q2) * PW'(fv_b_q2))
  `GX_ASSERT(Stage3_A, fv_filled_q != 2'd3 || p_q3 == PW'(fv_a_q3) * PW'(fv_b_q3))
endmodule

`default_nettype wire
