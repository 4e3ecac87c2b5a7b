// gx_raster_qsat: the sample test's pixel value, q = floor(P / 16) saturated at
// +-2^28, and the test of one sample, q + s >= 0 (or q - s >= 0 for edge 2, whose
// offsets are stored as -s). Combinational. For |P| < 2^47 and |s| < 2^28 the test is
// exact: it passes exactly when P + 16 s >= 0 (P - 16 s), because P + 16 s = 16 (q' + s)
// + (P mod 16) with q' = floor(P / 16), and when |P| >= 2^32 the saturated q has P's
// sign and |q| = 2^28 > |s| (as |P| > |16 s|), so q + s has P + 16 s's sign and is not 0
// (formal task `exact`, formal/gx_raster_exact_fv.sv). Below saturation |q| <= 2^28, so
// q + s lies within +-(2^29 - 1): SampleSumBits = 30 signed bits.
`default_nettype none

module gx_raster_qsat (
  input  wire logic signed [gx_pkg::EdgeBits-1:0]      p_i,  /// the pixel value E'
  output      logic signed [gx_pkg::SampleSumBits-1:0] q_o   /// floor(P / 16), saturated
);
  localparam int unsigned EW = gx_pkg::EdgeBits;
  localparam int unsigned SW = gx_pkg::SampleSumBits;
  localparam int unsigned TB = SW + 2;              // P is below saturation: P[EW-1:TB] all equal
  localparam logic signed [SW-1:0] QMax = SW'(64'sd1 <<< (SW - 2));
  always_comb begin
    if (p_i[EW-1:TB] == '0 || p_i[EW-1:TB] == '1) q_o = SW'($signed(p_i[TB:4]));
    else q_o = p_i[EW-1] ? -QMax : QMax;
  end
endmodule

`default_nettype wire
