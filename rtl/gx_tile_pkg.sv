// gx_tile_pkg: the shape of a multi-sample surface's tile (docs/mssurf.md, "Tiles"). A
// tile is P = 2^plg pixels (plg = 8 - log2 N B), TW x TH of them: TW = 2^ceil(plg / 2),
// TH = 2^floor(plg / 2) (8 x 4, 4 x 4, 4 x 2, 2 x 2, 2 x 1, 1 x 1 for P = 32 .. 1). The
// tiles are numbered row-major over the surface, a tile's pixels row-major in it; the
// surface is padded to whole tiles (its W and H rounded up to TW and TH), so every tile
// is whole. The C model's gx_mssurf_pixel_tile is the specification.
`default_nettype none

package gx_tile_pkg;
  // log2 TW and log2 TH of a tile of 2^plg pixels
  function automatic logic [1:0] tile_wlog(input logic [2:0] plg);
    tile_wlog = 2'((4'(plg) + 4'd1) >> 1);
  endfunction
  function automatic logic [1:0] tile_hlog(input logic [2:0] plg);
    tile_hlog = 2'(plg >> 1);
  endfunction
  // v (a width or height, at most 8192) rounded up to a multiple of 2^lg
  function automatic logic [13:0] tile_pad(input logic [13:0] v, input logic [1:0] lg);
    logic [13:0] m;
    m = 14'((15'd1 << lg) - 15'd1);
    tile_pad = (v + m) & ~m;
  endfunction
endpackage

`default_nettype wire
