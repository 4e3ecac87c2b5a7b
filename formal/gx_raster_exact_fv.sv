// gx_raster_exact_fv: the sample test is exact, at full width (formal/gx_raster.sby.j2
// task `exact`; docs/raster.md, "Proofs").
//
// gx_raster's test stage computes, for a pixel value P (E' = E + T - x at the pixel's
// origin) and a sample offset s (A sx + B sy, or s01 = -s2 on edge 2, subtracted), the
// sign of q + s with q = gx_raster_qsat(P) (floor(P / 16)) through gx_raster_sgn, or P's
// sign when gx_raster_qsat finds P far (|P| >= 2^32). The C model's test is E + 16 s > 0, or >= 0 on an inclusive edge, which
// is P + 16 s >= 0 with P = E - x (MSAA; conservative: P = E(centre) + margin, s = 0).
// For every P with |P| < 2^47 and every |s| < 2^28 (the ranges the `widths` properties
// give) the two agree. The modules have no state; the assertion is an immediate one over
// the current inputs, so BMC of depth 1 covers every input.
`default_nettype none

module gx_raster_exact_fv (
  input wire logic signed [gx_pkg::EdgeBits-1:0]        p,
  input wire logic signed [gx_pkg::SampleSumBits-2:0]   s,
  input wire logic                                      sub
);
  localparam int unsigned EW = gx_pkg::EdgeBits;
  localparam int unsigned SW = gx_pkg::SampleSumBits;
  localparam int unsigned XW = EW + 2;
  logic signed [SW-1:0] q;
  logic pass, far;
  gx_raster_qsat u_q (.p_i(p), .q_o(q), .far_o(far));
  gx_raster_sgn u_s (.q_i(q), .s_i(s), .sub_i(sub), .far_i(far), .neg_i(p[EW-1]),
                     .pass_o(pass));

  localparam logic signed [EW-1:0] PMax = EW'(64'sd1 <<< 47) - EW'(1);
  localparam logic signed [SW-2:0] SMax = (SW-1)'((64'sd1 <<< 28) - 1);
  logic signed [XW-1:0] exact;
  always @* begin
    assume (p >= -PMax && p <= PMax);
    assume (s >= -SMax && s <= SMax);
    exact = XW'(p) + (sub ? -(XW'(s) <<< 4) : (XW'(s) <<< 4));
    Exact_A: assert (pass == !exact[XW-1]);
    ExactPass_C: cover (pass && s != '0 && exact < XW'(16));
    ExactZero_C: cover (exact == '0 && s != '0);
    ExactFar_C: cover (!pass && p < -(EW'(64'sd1 <<< 40)));
  end
endmodule

`default_nettype wire
