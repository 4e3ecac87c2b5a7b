// gx_raster_qsat: the sample test's pixel value, q = floor(P / 16) at SampleSumBits, and
// whether P is far (|P| >= 2^32, where q saturates: the test of every sample is then P's
// sign, applied by gx_raster_sgn). The test of one sample is q + s >= 0 (or q - s >= 0
// for edge 2, whose offsets are stored as -s). Combinational. For |P| < 2^47 and
// |s| < 2^28 the test is exact: it passes exactly when P + 16 s >= 0 (P - 16 s), because
// P + 16 s = 16 (q + s) + (P mod 16) with q = floor(P / 16), and when |P| >= 2^32 then
// |P| > |16 s|, so P + 16 s has P's sign and is not 0 (formal task `exact`,
// formal/gx_raster_exact_fv.sv). When P is not far, -2^28 <= q < 2^28, so q + s lies
// within +-(2^29 - 1): SampleSumBits = 30 signed bits. The saturation is a select after
// the sum, not a set/reset of the register q loads: far_o and P's sign are registered
// beside q, and q is P's bits (no logic).
`default_nettype none

module gx_raster_qsat (
  input  wire logic signed [gx_pkg::EdgeBits-1:0]      p_i,  /// the pixel value E'
  output      logic signed [gx_pkg::SampleSumBits-1:0] q_o,  /// floor(P / 16) (P not far)
  output      logic                                    far_o /// |P| >= 2^32
);
  localparam int unsigned EW = gx_pkg::EdgeBits;
  localparam int unsigned SW = gx_pkg::SampleSumBits;
  localparam int unsigned TB = SW + 2;              // P is not far: P[EW-1:TB] all equal
  assign q_o   = SW'($signed(p_i[TB:4]));
  assign far_o = !(p_i[EW-1:TB] == '0 || p_i[EW-1:TB] == '1);
  logic unused_r;  // P mod 16 decides no sample (q + s >= 0 exactly when P + 16 s >= 0)
  assign unused_r = ^p_i[3:0];
endmodule

`default_nettype wire
