// gx_dsp_mul_ecp5: gx_dsp_mul's form for the ECP5 (read when GX_TECH_ECP5 is defined:
// the synthesis flow, scripts/synth.py): one MULT18X18D with its A and B input registers
// and its output register on, clocked by CLK0 and enabled by CE0, RST0 tied low and the
// global set/reset off. Its ports and behaviour are gx_dsp_mul's (see there); the
// inputs it does not use (the other clocks, enables and resets, the shift-chain inputs)
// are left unconnected, as Yosys's own multiplier mapping leaves them, so the constant
// nets reach only the inputs that need a value (docs/flow.md). The
// widening of an operand to the slice's 18-bit signed input is a zero for an unsigned
// operand and its sign for a signed one, and the slice multiplies signed by signed
// (SIGNEDA = SIGNEDB = 1). formal/gx_dsp_mul_eq_fv.sv proves it equal to the behavioural
// form, register by register, against a model of the slice (formal/ecp5/MULT18X18D.v).
// Without GX_TECH_ECP5 the file is empty, so tools without the ECP5 cell library (the
// simulator, the lint) never see the cell.
`default_nettype none

`ifdef GX_TECH_ECP5
module gx_dsp_mul_ecp5 #(
  parameter int unsigned AW = 18,
  parameter int unsigned BW = 18,
  parameter bit          ASigned = 1,
  parameter bit          BSigned = 1
) (
  input  wire logic             clk_i,
  input  wire logic             en_i,
  input  wire logic [AW-1:0]    a_i,
  input  wire logic [BW-1:0]    b_i,
  output      logic [AW+BW-1:0] p_o,
  output      logic [AW-1:0]    a_q_o,
  output      logic [BW-1:0]    b_q_o,
  output      logic [17:0]      roa_o,  /// the slice's A and B input registers, all 18 bits
  output      logic [17:0]      rob_o   /// (for the equivalence proof; unconnected elsewhere)
);
  // The operands as the slice's 18-bit signed inputs.
  logic [17:0] a18, b18;
  assign a18 = ASigned ? 18'($signed(a_i)) : 18'(a_i);
  assign b18 = BSigned ? 18'($signed(b_i)) : 18'(b_i);
  logic [35:0] p36;
  logic [17:0] roa, rob;
  MULT18X18D #(
    .REG_INPUTA_CLK("CLK0"), .REG_INPUTA_CE("CE0"), .REG_INPUTA_RST("RST0"),
    .REG_INPUTB_CLK("CLK0"), .REG_INPUTB_CE("CE0"), .REG_INPUTB_RST("RST0"),
    .REG_INPUTC_CLK("NONE"), .REG_PIPELINE_CLK("NONE"),
    .REG_OUTPUT_CLK("CLK0"), .REG_OUTPUT_CE("CE0"), .REG_OUTPUT_RST("RST0"),
    .SOURCEB_MODE("B_INPUT"), .MULT_BYPASS("DISABLED"), .CAS_MATCH_REG("FALSE"),
    .GSR("DISABLED"), .RESETMODE("SYNC")
  ) u_mult (
    .A17(a18[17]), .A16(a18[16]), .A15(a18[15]), .A14(a18[14]), .A13(a18[13]),
    .A12(a18[12]), .A11(a18[11]), .A10(a18[10]), .A9(a18[9]), .A8(a18[8]), .A7(a18[7]),
    .A6(a18[6]), .A5(a18[5]), .A4(a18[4]), .A3(a18[3]), .A2(a18[2]), .A1(a18[1]),
    .A0(a18[0]),
    .B17(b18[17]), .B16(b18[16]), .B15(b18[15]), .B14(b18[14]), .B13(b18[13]),
    .B12(b18[12]), .B11(b18[11]), .B10(b18[10]), .B9(b18[9]), .B8(b18[8]), .B7(b18[7]),
    .B6(b18[6]), .B5(b18[5]), .B4(b18[4]), .B3(b18[3]), .B2(b18[2]), .B1(b18[1]),
    .B0(b18[0]),
    .C17(1'b0), .C16(1'b0), .C15(1'b0), .C14(1'b0), .C13(1'b0), .C12(1'b0), .C11(1'b0),
    .C10(1'b0), .C9(1'b0), .C8(1'b0), .C7(1'b0), .C6(1'b0), .C5(1'b0), .C4(1'b0),
    .C3(1'b0), .C2(1'b0), .C1(1'b0), .C0(1'b0),
    .SIGNEDA(1'b1), .SIGNEDB(1'b1), .SOURCEA(1'b0), .SOURCEB(1'b0),
    .CLK0(clk_i), .CE0(en_i), .RST0(1'b0),
    .SROA17(), .SROA16(), .SROA15(), .SROA14(), .SROA13(), .SROA12(), .SROA11(),
    .SROA10(), .SROA9(), .SROA8(), .SROA7(), .SROA6(), .SROA5(), .SROA4(), .SROA3(),
    .SROA2(), .SROA1(), .SROA0(),
    .SROB17(), .SROB16(), .SROB15(), .SROB14(), .SROB13(), .SROB12(), .SROB11(),
    .SROB10(), .SROB9(), .SROB8(), .SROB7(), .SROB6(), .SROB5(), .SROB4(), .SROB3(),
    .SROB2(), .SROB1(), .SROB0(),
    .ROA17(roa[17]), .ROA16(roa[16]), .ROA15(roa[15]), .ROA14(roa[14]), .ROA13(roa[13]),
    .ROA12(roa[12]), .ROA11(roa[11]), .ROA10(roa[10]), .ROA9(roa[9]), .ROA8(roa[8]),
    .ROA7(roa[7]), .ROA6(roa[6]), .ROA5(roa[5]), .ROA4(roa[4]), .ROA3(roa[3]),
    .ROA2(roa[2]), .ROA1(roa[1]), .ROA0(roa[0]),
    .ROB17(rob[17]), .ROB16(rob[16]), .ROB15(rob[15]), .ROB14(rob[14]), .ROB13(rob[13]),
    .ROB12(rob[12]), .ROB11(rob[11]), .ROB10(rob[10]), .ROB9(rob[9]), .ROB8(rob[8]),
    .ROB7(rob[7]), .ROB6(rob[6]), .ROB5(rob[5]), .ROB4(rob[4]), .ROB3(rob[3]),
    .ROB2(rob[2]), .ROB1(rob[1]), .ROB0(rob[0]),
    .ROC17(), .ROC16(), .ROC15(), .ROC14(), .ROC13(), .ROC12(), .ROC11(), .ROC10(),
    .ROC9(), .ROC8(), .ROC7(), .ROC6(), .ROC5(), .ROC4(), .ROC3(), .ROC2(), .ROC1(),
    .ROC0(),
    .P35(p36[35]), .P34(p36[34]), .P33(p36[33]), .P32(p36[32]), .P31(p36[31]),
    .P30(p36[30]), .P29(p36[29]), .P28(p36[28]), .P27(p36[27]), .P26(p36[26]),
    .P25(p36[25]), .P24(p36[24]), .P23(p36[23]), .P22(p36[22]), .P21(p36[21]),
    .P20(p36[20]), .P19(p36[19]), .P18(p36[18]), .P17(p36[17]), .P16(p36[16]),
    .P15(p36[15]), .P14(p36[14]), .P13(p36[13]), .P12(p36[12]), .P11(p36[11]),
    .P10(p36[10]), .P9(p36[9]), .P8(p36[8]), .P7(p36[7]), .P6(p36[6]), .P5(p36[5]),
    .P4(p36[4]), .P3(p36[3]), .P2(p36[2]), .P1(p36[1]), .P0(p36[0]),
    .SIGNEDP()
  );
  assign p_o   = p36[AW+BW-1:0];
  assign a_q_o = roa[AW-1:0];
  assign b_q_o = rob[BW-1:0];
  assign roa_o = roa;
  assign rob_o = rob;
endmodule
`endif

`default_nettype wire
