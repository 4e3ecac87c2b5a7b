// gx_dsp_mul: one hardware multiply with its operands registered on the way in and its
// product registered on the way out, p = a * b, as an ECP5 sysDSP slice holds them.
//
// With GX_TECH_ECP5 defined (the synthesis flow, scripts/synth.py) the block is one
// MULT18X18D with its A and B input registers and its output register on (CLK0, CE0;
// RST0 tied low, global set/reset off). A path from the fabric then ends at the slice's
// input register and the multiply lies between two of the slice's own registers, so
// neither the hop to the slice nor the multiply share a clock with the other. Without
// it (simulation, the proofs, the netlist check) the same three registers are written
// behaviourally; formal/gx_dsp_mul_eq_fv.sv proves the two forms equal register by
// register against a model of the slice.
//
// Operands: a signed operand is 2..18 bits, an unsigned one 1..17 bits (it is widened
// with a zero to the slice's 18-bit signed input). p_o is the exact product in AW + BW
// bits (signed unless both operands are unsigned). a_q_o and b_q_o show the input
// registers (the slice's ROA and ROB outputs): a user's invariants name them; synthesis
// leaves them unconnected.
//
// Handshake: none; the registers load when en_i is high and hold otherwise. No reset:
// rst_i gates the properties only.
// Latency: 2 enabled clocks (p_o is the product of the operands presented 2 enables
// earlier). Throughput: one product per enabled clock.
`default_nettype none
`include "gx_assert.svh"

module gx_dsp_mul #(
  parameter int unsigned AW = 18,       /// width of operand a
  parameter int unsigned BW = 18,       /// width of operand b
  parameter bit          ASigned = 1,   /// a is two's complement (else unsigned)
  parameter bit          BSigned = 1    /// b is two's complement (else unsigned)
) (
  input  wire logic             clk_i,  /// clock, rising edge
  input  wire logic             rst_i,  /// synchronous reset, active high (properties only)
  input  wire logic             en_i,   /// the registers load
  input  wire logic [AW-1:0]    a_i,    /// operand a
  input  wire logic [BW-1:0]    b_i,    /// operand b
  output      logic [AW+BW-1:0] p_o,    /// a * b, 2 enabled clocks after a_i, b_i
  output      logic [AW-1:0]    a_q_o,  /// the input register of a (for users' invariants)
  output      logic [BW-1:0]    b_q_o   /// the input register of b (for users' invariants)
);
  localparam int unsigned PW = AW + BW;

  if ((ASigned ? AW < 2 || AW > 18 : AW < 1 || AW > 17) ||
      (BSigned ? BW < 2 || BW > 18 : BW < 1 || BW > 17)) begin : gen_bad_width
    $error("gx_dsp_mul: an operand does not fit the 18-bit signed multiplier input");
  end

`ifdef GX_TECH_ECP5
  gx_dsp_mul_ecp5 #(.AW(AW), .BW(BW), .ASigned(ASigned), .BSigned(BSigned)) u_slice (
    .clk_i, .en_i, .a_i, .b_i, .p_o, .a_q_o, .b_q_o, .roa_o(), .rob_o()
  );
`else
  // The input registers hold the operands as given; the product is the slice's: the
  // 36-bit signed product of the two operands widened to 18 bits (by their sign when
  // signed).
  logic [AW-1:0] a_q;
  logic [BW-1:0] b_q;
  logic [PW-1:0] p_q;
  logic signed [17:0] a18, b18;
  logic signed [35:0] prod;
  assign a18  = ASigned ? 18'($signed(a_q)) : 18'(a_q);
  assign b18  = BSigned ? 18'($signed(b_q)) : 18'(b_q);
  assign prod = a18 * b18;
  always_ff @(posedge clk_i) begin
    if (en_i) begin
      a_q <= a_i;
      b_q <= b_i;
      p_q <= prod[PW-1:0];
    end
  end
  assign p_o   = p_q;
  assign a_q_o = a_q;
  assign b_q_o = b_q;
`endif

  // Properties: once filled after reset, the output register holds the product of the
  // operands the input registers held one enable before (the slice's 36-bit signed
  // product, of which p_o is exact), and the input registers hold the operands of the
  // last enable; a copy of the operands travels beside the registers and a count of the
  // enables since reset (up to 2) says which are filled. Simulation and proofs only.
`ifdef GX_ASSERT_ON
  logic [AW-1:0] fv_a1_q, fv_a2_q;
  logic [BW-1:0] fv_b1_q, fv_b2_q;
  logic [1:0]    fv_filled_q;
  always_ff @(posedge clk_i) begin
    if (en_i) begin
      fv_a1_q <= a_i;
      fv_b1_q <= b_i;
      fv_a2_q <= fv_a1_q;
      fv_b2_q <= fv_b1_q;
    end
    if (rst_i) fv_filled_q <= '0;
    else if (en_i && fv_filled_q != 2'd2) fv_filled_q <= fv_filled_q + 2'd1;
  end
  // the product as both forms form it: the 18-bit widened operands, signed by signed
  logic signed [17:0] fv_a2, fv_b2;
  logic signed [35:0] fv_p2;
  assign fv_a2 = ASigned ? 18'($signed(fv_a2_q)) : 18'(fv_a2_q);
  assign fv_b2 = BSigned ? 18'($signed(fv_b2_q)) : 18'(fv_b2_q);
  assign fv_p2 = fv_a2 * fv_b2;
`endif
  `GX_ASSERT(InReg_A, fv_filled_q == 2'd0 || (a_q_o == fv_a1_q && b_q_o == fv_b1_q))
  `GX_ASSERT(Product_A, fv_filled_q != 2'd2 || p_o == fv_p2[PW-1:0])
endmodule

`default_nettype wire
