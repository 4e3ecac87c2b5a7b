// gx_raster_sgn: one sample test of gx_raster's sample test stage: q + s >= 0, or
// q - s >= 0 when sub_i (edge 2, whose offsets are stored as s01 = -s2); when the pixel
// value is far (gx_raster_qsat's far_o), its sign alone. Combinational; only the sign of
// the sum is formed, at SampleSumBits: |q| <= 2^28 and |s| < 2^28 when P is not far, so
// the sum cannot overflow. See gx_raster_qsat for why it is exact.
`default_nettype none

module gx_raster_sgn (
  input  wire logic signed [gx_pkg::SampleSumBits-1:0]   q_i,    /// the pixel's q
  input  wire logic signed [gx_pkg::SampleSumBits-2:0]   s_i,    /// the sample offset
  input  wire logic                                      sub_i,  /// subtract s
  input  wire logic                                      far_i,  /// the pixel value is far ...
  input  wire logic                                      neg_i,  /// ... and this is its sign
  output      logic                                      pass_o  /// the sum is >= 0
);
  localparam int unsigned SW = gx_pkg::SampleSumBits;
  logic signed [SW-1:0] sum;
  assign sum    = sub_i ? q_i - SW'(s_i) : q_i + SW'(s_i);
  assign pass_o = far_i ? !neg_i : !sum[SW-1];
endmodule

`default_nettype wire
