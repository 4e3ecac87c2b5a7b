// gx_raster_corner: the rasterizer's corner test of one edge over one square tile of
// 2^Lg x 2^Lg pixels (Lg = 4: a coarse tile, 3: a fine tile). The edge's largest value
// over the closed tile is at the corner picked by the signs of A and B: the origin's
// value e0 plus 2^(8+Lg) A when A > 0 and 2^(8+Lg) B when B > 0 (a pixel is 256 units);
// with the margin g added (conservative: (128 + E)(|A| + |B|), MSAA: 0) the tile may hold
// a passing pixel only when that sum is >= 0. Combinational (no clock, no handshake);
// gx_raster instantiates it 3 times in stage A (Lg = 4) and 12 times in stage A2 (Lg = 3).
//
// Widths: with |A|, |B| <= 2^23, 0 <= g < 2^33 and |e0| <= 2^46 + 2^35 (a coarse tile
// origin is within 2^46, a fine tile's adds at most 2 * 2^23 * 2^11), the sum is within
// 2^46 + 2^35 + 2^33 + 2^36 < 2^47: the 48-bit sum does not wrap.
// Soundness (formal/gx_raster.sby.j2 tasks corner4_*, corner3_*, docs/raster.md): when ok_o is 0,
// every pixel (i, j) of the tile, i, j in 0..2^Lg - 1, has e0 + g + A (256 i + 128) +
// B (256 j + 128) < 0, i.e. fails the conservative test for this edge.
`default_nettype none

module gx_raster_corner #(
  parameter int unsigned Lg = 4  /// log2 of the tile's side in pixels: 4 coarse, 3 fine
) (
  input  wire logic signed [gx_pkg::EdgeCoefBits-1:0] a_i,   /// the edge's A
  input  wire logic signed [gx_pkg::EdgeCoefBits-1:0] b_i,   /// the edge's B
  input  wire logic signed [gx_pkg::EdgeBits-1:0]     e0_i,  /// E at the tile's origin
  input  wire logic signed [gx_pkg::MarginBits-1:0]   g_i,   /// the margin, >= 0
  output      logic                                   ok_o   /// the corner value is >= 0
);
  localparam int unsigned EW = gx_pkg::EdgeBits;
  typedef logic signed [EW-1:0] edge_t;

  edge_t cm;  // the largest value over the tile plus the margin
  always_comb begin
    cm = e0_i + edge_t'(g_i);
    if (a_i > 0) cm = cm + (edge_t'(a_i) <<< (8 + Lg));
    if (b_i > 0) cm = cm + (edge_t'(b_i) <<< (8 + Lg));
  end
  assign ok_o = cm >= 0;
endmodule

`default_nettype wire
