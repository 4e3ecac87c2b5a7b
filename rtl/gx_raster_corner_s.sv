// gx_raster_corner_s: the first half of the corner constants of gx_raster's tile tests,
// which prep computes in two combinational halves with a register between
// (gx_raster_corner_k the second; docs/raster.md, "Corner tests"). With v+ =
// max(v, 0), an 8 x 8 fine tile's or an 8 x 2 quad row's samples lie at X = 256 i + 16 sx
// (i < 8, sx <= 15) and Y = 256 j + 16 sy from its origin (MSAA), its pixel centres at
// X = 256 i, Y = 256 j from its pixel (0, 0)'s centre (conservative, E' measured there):
// the largest A X + B Y over them is
//   fine tile: (2048 - 2^sh) (A+ + B+),   quad row: (2048 - 2^sh) A+ + (512 - 2^sh) B+
// with sh = 4 (MSAA: 2032, 496) or 8 (conservative: 1792, 256). A tile or row may hold
// a passing sample only when E'(origin) + k >= 0 (E' = E + T - x). Formal task `corner`
// (formal/gx_raster_corner_fv.sv) proves the constants bound A X + B Y over every sample.
//   this half:              S = A+ + B+, X = 2048 A+ + 512 B+
//   gx_raster_corner_k:     kf = 2048 S - 2^sh S, kr = X - 2^sh S
`default_nettype none

module gx_raster_corner_s (
  input  wire logic [gx_pkg::EdgeCoefBits-1:0] ap_i,  /// A+ = max(A, 0)
  input  wire logic [gx_pkg::EdgeCoefBits-1:0] bp_i,  /// B+
  output      logic [gx_pkg::EdgeCoefBits:0]   s_o,   /// A+ + B+
  output      logic [37:0]                     x_o    /// 2048 A+ + 512 B+
);
  assign s_o = (gx_pkg::EdgeCoefBits+1)'(ap_i) + (gx_pkg::EdgeCoefBits+1)'(bp_i);
  assign x_o = (38'(ap_i) << 11) + (38'(bp_i) << 9);
endmodule

`default_nettype wire
