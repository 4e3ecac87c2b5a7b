// gx_raster_corner: the corner constant of one edge for one square tile of 2^Lg x 2^Lg
// pixels at (fx 2^Lg, fy 2^Lg) pixels from a coarse tile's origin (Lg = 3: the four fine
// tiles of a 16 x 16 coarse tile). The edge's largest value over the closed tile is at the
// corner picked by the signs of A and B; plus the margin g (conservative: (128 + E)
// (|A| + |B|), MSAA: 0) it is e0 + k_o, with e0 the edge's value at the coarse tile's
// origin and
//   k_o = g + 2^(8+Lg) ((fx + [A > 0]) A + (fy + [B > 0]) B)
// (a pixel is 256 units). The tile may hold a passing pixel only when e0 + k_o >= 0: the
// rasterizer computes k_o once per triangle (its prep stage) and tests each tile with one
// sum. Combinational (no clock, no handshake).
//
// Widths: with |A|, |B| <= 2^23 and 0 <= g < 2^33, |k_o| < 2^33 + 2 * 2^(9+Lg) 2^23
// (2^33 + 2^36 at Lg = 3); with |e0| < 3 * 2^45 the sum e0 + k_o is within 2^47: the
// 48-bit sum does not wrap.
// Soundness (formal/gx_raster.sby.j2 tasks corner_axis, corner_same, corner_tile,
// corner_sound, corner_cover; formal/gx_raster_corner_fv.sv; docs/raster.md): when
// e0 + k_o < 0, every pixel (i, j) of the tile, i, j in 0..2^Lg - 1, has
// e0 + g + A (256 (fx 2^Lg + i) + 128) + B (256 (fy 2^Lg + j) + 128) < 0, i.e. fails the
// conservative test for this edge.
`default_nettype none

module gx_raster_corner #(
  parameter int unsigned Lg = 3  /// log2 of the tile's side in pixels
) (
  input  wire logic signed [gx_pkg::EdgeCoefBits-1:0] a_i,   /// the edge's A
  input  wire logic signed [gx_pkg::EdgeCoefBits-1:0] b_i,   /// the edge's B
  input  wire logic signed [gx_pkg::MarginBits-1:0]   g_i,   /// the margin, >= 0
  input  wire logic                                   fx_i,  /// the tile's column in the coarse tile
  input  wire logic                                   fy_i,  /// the tile's row in the coarse tile
  output      logic signed [gx_pkg::EdgeBits-1:0]     k_o    /// the corner constant
);
  localparam int unsigned EW = gx_pkg::EdgeBits;
  typedef logic signed [EW-1:0] edge_t;

  localparam int unsigned MW = gx_pkg::EdgeCoefBits + 2;  // |2 A| + |2 B| <= 2^25
  typedef logic signed [MW-1:0] m_t;

  // the tile's largest A term: 2^(8+Lg) A for the tile's column, and once more for the
  // far corner when A > 0 (the same for B and the row). A = 0 adds nothing either way,
  // so the sign bit alone chooses: (fx + [A >= 0]) A is 0, A or 2 A, a select and no
  // compare; the two choices are summed first, then shifted onto the margin.
  function automatic m_t pick(input logic signed [gx_pkg::EdgeCoefBits-1:0] v,
                              input logic f);
    unique case ({f, v[gx_pkg::EdgeCoefBits-1]})
      2'b00:   pick = m_t'(v);
      2'b01:   pick = '0;
      2'b10:   pick = m_t'(v) <<< 1;
      default: pick = m_t'(v);
    endcase
  endfunction
  m_t m;
  assign m   = pick(a_i, fx_i) + pick(b_i, fy_i);
  assign k_o = edge_t'(g_i) + (edge_t'(m) <<< (8 + Lg));
endmodule

`default_nettype wire
