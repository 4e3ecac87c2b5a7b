// A model of the ECP5 sysDSP 18x18 multiplier cell MULT18X18D, written from its
// documented function for the configurations gx uses, so that gx_dsp_mul_ecp5 (the
// synthesis form of gx_dsp_mul) can be proven equal to gx_dsp_mul's behavioural form
// (formal/gx_dsp_mul_eq_fv.sv). It is not a simulation library: any configuration
// outside the modelled one is an elaboration error rather than a guess.
//
// Modelled: the A and B input registers either bypassed or clocked by CLK0 and enabled
// by CE0; the pipeline register bypassed; the output register bypassed or clocked by
// CLK0 and enabled by CE0; every register with a synchronous reset by RST0 to zero;
// SOURCEA = SOURCEB = 0 (A and B from the pins, not the shift chain); the C input
// unused. P = A * B, each operand signed when its SIGNEDA / SIGNEDB is high, else
// unsigned. The cell registers the sign inputs with their operands; the model reads them
// at the pins, which is the same for a sign input tied to a constant (as gx ties them)
// once the input registers have loaded, and leaves no state a proof cannot see. ROA / ROB
// show the A and B operands after their input registers.
`default_nettype none

module MULT18X18D(A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0, B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0, C17, C16, C15, C14, C13, C12, C11, C10, C9, C8, C7, C6, C5, C4, C3, C2, C1, C0, SRIA17, SRIA16, SRIA15, SRIA14, SRIA13, SRIA12, SRIA11, SRIA10, SRIA9, SRIA8, SRIA7, SRIA6, SRIA5, SRIA4, SRIA3, SRIA2, SRIA1, SRIA0, SRIB17, SRIB16, SRIB15, SRIB14, SRIB13, SRIB12, SRIB11, SRIB10, SRIB9, SRIB8, SRIB7, SRIB6, SRIB5, SRIB4, SRIB3, SRIB2, SRIB1, SRIB0,
  SIGNEDA, SIGNEDB, SOURCEA, SOURCEB, CLK3, CLK2, CLK1, CLK0, CE3, CE2, CE1, CE0,
  RST3, RST2, RST1, RST0,
  SROA17, SROA16, SROA15, SROA14, SROA13, SROA12, SROA11, SROA10, SROA9, SROA8, SROA7, SROA6, SROA5, SROA4, SROA3, SROA2, SROA1, SROA0, SROB17, SROB16, SROB15, SROB14, SROB13, SROB12, SROB11, SROB10, SROB9, SROB8, SROB7, SROB6, SROB5, SROB4, SROB3, SROB2, SROB1, SROB0, ROA17, ROA16, ROA15, ROA14, ROA13, ROA12, ROA11, ROA10, ROA9, ROA8, ROA7, ROA6, ROA5, ROA4, ROA3, ROA2, ROA1, ROA0, ROB17, ROB16, ROB15, ROB14, ROB13, ROB12, ROB11, ROB10, ROB9, ROB8, ROB7, ROB6, ROB5, ROB4, ROB3, ROB2, ROB1, ROB0, ROC17, ROC16, ROC15, ROC14, ROC13, ROC12, ROC11, ROC10, ROC9, ROC8, ROC7, ROC6, ROC5, ROC4, ROC3, ROC2, ROC1, ROC0,
  P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18, P17, P16, P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0, SIGNEDP);
  parameter REG_INPUTA_CLK = "NONE";
  parameter REG_INPUTA_CE = "CE0";
  parameter REG_INPUTA_RST = "RST0";
  parameter REG_INPUTB_CLK = "NONE";
  parameter REG_INPUTB_CE = "CE0";
  parameter REG_INPUTB_RST = "RST0";
  parameter REG_INPUTC_CLK = "NONE";
  parameter REG_INPUTC_CE = "CE0";
  parameter REG_INPUTC_RST = "RST0";
  parameter REG_PIPELINE_CLK = "NONE";
  parameter REG_PIPELINE_CE = "CE0";
  parameter REG_PIPELINE_RST = "RST0";
  parameter REG_OUTPUT_CLK = "NONE";
  parameter REG_OUTPUT_CE = "CE0";
  parameter REG_OUTPUT_RST = "RST0";
  parameter CLK0_DIV = "ENABLED";
  parameter CLK1_DIV = "ENABLED";
  parameter CLK2_DIV = "ENABLED";
  parameter CLK3_DIV = "ENABLED";
  parameter HIGHSPEED_CLK = "NONE";
  parameter GSR = "ENABLED";
  parameter CAS_MATCH_REG = "FALSE";
  parameter SOURCEB_MODE = "B_SHIFT";
  parameter MULT_BYPASS = "DISABLED";
  parameter RESETMODE = "SYNC";
  input A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0;
  input B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0;
  input C17, C16, C15, C14, C13, C12, C11, C10, C9, C8, C7, C6, C5, C4, C3, C2, C1, C0;
  input SRIA17, SRIA16, SRIA15, SRIA14, SRIA13, SRIA12, SRIA11, SRIA10, SRIA9, SRIA8, SRIA7, SRIA6, SRIA5, SRIA4, SRIA3, SRIA2, SRIA1, SRIA0;
  input SRIB17, SRIB16, SRIB15, SRIB14, SRIB13, SRIB12, SRIB11, SRIB10, SRIB9, SRIB8, SRIB7, SRIB6, SRIB5, SRIB4, SRIB3, SRIB2, SRIB1, SRIB0;
  input SIGNEDA, SIGNEDB, SOURCEA, SOURCEB, CLK3, CLK2, CLK1, CLK0, CE3, CE2, CE1, CE0;
  input RST3, RST2, RST1, RST0;
  output SROA17, SROA16, SROA15, SROA14, SROA13, SROA12, SROA11, SROA10, SROA9, SROA8, SROA7, SROA6, SROA5, SROA4, SROA3, SROA2, SROA1, SROA0;
  output SROB17, SROB16, SROB15, SROB14, SROB13, SROB12, SROB11, SROB10, SROB9, SROB8, SROB7, SROB6, SROB5, SROB4, SROB3, SROB2, SROB1, SROB0;
  output ROA17, ROA16, ROA15, ROA14, ROA13, ROA12, ROA11, ROA10, ROA9, ROA8, ROA7, ROA6, ROA5, ROA4, ROA3, ROA2, ROA1, ROA0;
  output ROB17, ROB16, ROB15, ROB14, ROB13, ROB12, ROB11, ROB10, ROB9, ROB8, ROB7, ROB6, ROB5, ROB4, ROB3, ROB2, ROB1, ROB0;
  output ROC17, ROC16, ROC15, ROC14, ROC13, ROC12, ROC11, ROC10, ROC9, ROC8, ROC7, ROC6, ROC5, ROC4, ROC3, ROC2, ROC1, ROC0;
  output P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18, P17, P16, P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0;
  output SIGNEDP;

  if ((REG_INPUTA_CLK != "NONE" && REG_INPUTA_CLK != "CLK0") ||
      (REG_INPUTB_CLK != "NONE" && REG_INPUTB_CLK != "CLK0") ||
      (REG_OUTPUT_CLK != "NONE" && REG_OUTPUT_CLK != "CLK0") ||
      REG_PIPELINE_CLK != "NONE" || REG_INPUTC_CLK != "NONE" ||
      (REG_INPUTA_CLK != "NONE" && (REG_INPUTA_CE != "CE0" || REG_INPUTA_RST != "RST0")) ||
      (REG_INPUTB_CLK != "NONE" && (REG_INPUTB_CE != "CE0" || REG_INPUTB_RST != "RST0")) ||
      (REG_OUTPUT_CLK != "NONE" && (REG_OUTPUT_CE != "CE0" || REG_OUTPUT_RST != "RST0")) ||
      MULT_BYPASS != "DISABLED" || RESETMODE != "SYNC" || CAS_MATCH_REG != "FALSE")
  begin : gen_unmodelled
    $error("MULT18X18D model: configuration not modelled");
  end

  wire [17:0] a = {A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0};
  wire [17:0] b = {B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0};
  reg  [17:0] a_q, b_q;
  reg  [35:0] p_q;
  wire [17:0] a_r  = REG_INPUTA_CLK == "NONE" ? a : a_q;
  wire [17:0] b_r  = REG_INPUTB_CLK == "NONE" ? b : b_q;
  wire        sa_r = SIGNEDA;
  wire        sb_r = SIGNEDB;
  // the 36-bit product of the two operands, each signed or unsigned by its sign input
  wire signed [35:0] p_ss = $signed(a_r) * $signed(b_r);
  wire        [35:0] p_uu = a_r * b_r;
  wire signed [35:0] p_us = $signed({1'b0, a_r}) * $signed(b_r);
  wire signed [35:0] p_su = $signed(a_r) * $signed({1'b0, b_r});
  wire [35:0] p = sa_r ? (sb_r ? p_ss : p_su) : (sb_r ? p_us : p_uu);
  wire [35:0] p_r = REG_OUTPUT_CLK == "NONE" ? p : p_q;
  always @(posedge CLK0) begin
    if (RST0) begin
      a_q <= 18'd0;
      b_q <= 18'd0;
      p_q <= 36'd0;
    end else if (CE0) begin
      a_q <= a;
      b_q <= b;
      p_q <= p;
    end
  end
  assign {P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18, P17, P16, P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0} = p_r;
  assign {ROA17, ROA16, ROA15, ROA14, ROA13, ROA12, ROA11, ROA10, ROA9, ROA8, ROA7, ROA6, ROA5, ROA4, ROA3, ROA2, ROA1, ROA0} = a_r;
  assign {ROB17, ROB16, ROB15, ROB14, ROB13, ROB12, ROB11, ROB10, ROB9, ROB8, ROB7, ROB6, ROB5, ROB4, ROB3, ROB2, ROB1, ROB0} = b_r;
  assign {ROC17, ROC16, ROC15, ROC14, ROC13, ROC12, ROC11, ROC10, ROC9, ROC8, ROC7, ROC6, ROC5, ROC4, ROC3, ROC2, ROC1, ROC0} = 18'd0;
  assign {SROA17, SROA16, SROA15, SROA14, SROA13, SROA12, SROA11, SROA10, SROA9, SROA8, SROA7, SROA6, SROA5, SROA4, SROA3, SROA2, SROA1, SROA0} = a_r;
  assign {SROB17, SROB16, SROB15, SROB14, SROB13, SROB12, SROB11, SROB10, SROB9, SROB8, SROB7, SROB6, SROB5, SROB4, SROB3, SROB2, SROB1, SROB0} = b_r;
  assign SIGNEDP = sa_r | sb_r;
endmodule

`default_nettype wire
