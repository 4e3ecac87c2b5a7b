// gx_raster_corner_s: the first half of the corner constants of gx_raster's tile tests,
// which prep computes in two combinational halves with a register between
// (gx_raster_corner_k the second; docs/raster.md, "Corner tests"). With v+ =
// max(v, 0), an 8 x 8 fine tile's or an 8 x 2 quad row's samples lie at X = 256 i + 16 sx
// (i < 8, sx <= 15) and Y = 256 j + 16 sy from its origin (MSAA), its pixel centres at
// X = 256 i, Y = 256 j from its pixel (0, 0)'s centre (conservative, E' measured there):
// the largest A X + B Y over them is
//   fine tile: (2048 - 2^sh) (A+ + B+),   quad row: (2048 - 2^sh) A+ + (512 - 2^sh) B+
// with sh = 4 (MSAA: 2032, 496) or 8 (conservative: 1792, 256). A tile or row may hold
// a passing sample only when E'(origin) + k >= 0 (E' = E + T - x). Formal tasks corner_*
// (formal/gx_raster_corner_fv.sv) prove the constants bound A X + B Y over every sample.
//   this half:           ma = (2048 - 2^sh) A+, mb = (2048 - 2^sh) B+, mr = (512 - 2^sh) B+
//   gx_raster_corner_k:  kf = ma + mb, kr = ma + mr
`default_nettype none

module gx_raster_corner_s (
  input  wire logic [gx_pkg::EdgeCoefBits-1:0] ap_i,   /// A+ = max(A, 0)
  input  wire logic [gx_pkg::EdgeCoefBits-1:0] bp_i,   /// B+
  input  wire logic                            cons_i, /// conservative mode
  output      logic [36:0]                     ma_o,   /// (2048 - 2^sh) A+
  output      logic [36:0]                     mb_o,   /// (2048 - 2^sh) B+
  output      logic [36:0]                     mr_o    /// (512 - 2^sh) B+
);
  logic [36:0] a, b;
  assign a    = 37'(ap_i);
  assign b    = 37'(bp_i);
  assign ma_o = cons_i ? (a << 11) - (a << 8) : (a << 11) - (a << 4);
  assign mb_o = cons_i ? (b << 11) - (b << 8) : (b << 11) - (b << 4);
  assign mr_o = cons_i ? (b << 9) - (b << 8) : (b << 9) - (b << 4);
endmodule

`default_nettype wire
