// gx_raster_corner_k: the second half of gx_raster's corner constants (the header of
// rtl/gx_raster_corner_s.sv describes both halves).
`default_nettype none

module gx_raster_corner_k (
  input  wire logic [gx_pkg::EdgeCoefBits:0] s_i,   /// A+ + B+
  input  wire logic [37:0]                   x_i,   /// 2048 A+ + 512 B+
  input  wire logic                          cons_i,/// conservative mode
  output      logic [37:0]                   kf_o,  /// the fine tile's constant
  output      logic [37:0]                   kr_o   /// the quad row's constant
);
  logic [37:0] s, ss;
  assign s    = 38'(s_i);
  assign ss   = cons_i ? s << 8 : s << 4;
  assign kf_o = (s << 11) - ss;
  assign kr_o = x_i - ss;
endmodule

`default_nettype wire
