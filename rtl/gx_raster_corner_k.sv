// gx_raster_corner_k: the second half of gx_raster's corner constants (the header of
// rtl/gx_raster_corner_s.sv describes both halves): kf = ma + mb, kr = ma + mr.
`default_nettype none

module gx_raster_corner_k (
  input  wire logic [36:0] ma_i,  /// (2048 - 2^sh) A+
  input  wire logic [36:0] mb_i,  /// (2048 - 2^sh) B+
  input  wire logic [36:0] mr_i,  /// (512 - 2^sh) B+
  output      logic [37:0] kf_o,  /// the fine tile's constant
  output      logic [37:0] kr_o   /// the quad row's constant
);
  assign kf_o = 38'(ma_i) + 38'(mb_i);
  assign kr_o = 38'(ma_i) + 38'(mr_i);
endmodule

`default_nettype wire
