// gx_raster_corner_fv: the corner test is sound, at full width (formal/gx_raster.sby.j2
// tasks corner and corner_cover; docs/raster.md).
//
// The rasterizer rejects a fine tile (2^Lg x 2^Lg pixels at (fx 2^Lg, fy 2^Lg) from its
// coarse tile's origin) for an edge when e0 + k < 0, with e0 the edge's value at the coarse
// tile's origin and k gx_raster_corner's constant. That is sound when every pixel (i, j) of
// the tile, i, j in 0..2^Lg - 1, then fails the conservative test for that edge: its
// largest value over its closed square plus the margin,
//   e0 + g + A (256 (fx 2^Lg + i) + 128) + B (256 (fy 2^Lg + j) + 128)
// (E at the pixel's center plus (128 + E_err)(|A| + |B|): the value stage B computes,
// e0 + T + 256 (A x + B y) with T = 128 (A + B) + g), is < 0. Every input is free within
// the ranges formal/gx_raster.sby.j2 `widths` proves for the values gx_raster feeds it
// (TriRange_A, PrepProducts_A: |A|, |B| <= 2^23, 0 <= g <= 511 * 2^24; WalkEdge_A: |E| <
// 3 * 2^45 at a coarse tile's origin, the bound its proof reaches; 2^46 in fact).
//
// The products are written as a choice among the 2^(Lg+1) constant multiples of A (a case
// split the solver takes at once; the product of A by a symbolic i, by shift and add or
// as one multiplier, is beyond yices: docs/raster.md), and stated per axis too:
//   AxisX_A  x = A (256 i + 128) <= cx = (A > 0 ? 2^(8+Lg) A : 0), and x >= -2^37
//   AxisY_A  the same for B and j
//   Value_A  |k| < 2^37
//   Same_A   e0 + k = cmt (48 bits), cmt the tile's largest value plus the margin summed
//            from the tile's origin value e0f = e0 + 2^(8+Lg) (fx A + fy B): e0f + g,
//            plus 2^(8+Lg) A when A > 0, plus 2^(8+Lg) B when B > 0
//   Tile_A   cmt >= 0, or e0f + g + x + y < 0   (50 bits: no wrap)
//   Sound_A  ok (e0 + k >= 0), or e0f + g + x + y < 0
// Task corner_lemmas proves the first five; corner_sound proves Sound_A from them (a
// bit-level solver takes the two sums' orders apart slowly: together they did not finish
// in 10 minutes, docs/proofs.md).
// The module has no state and every assertion here is an immediate one over the current
// inputs (always @*, not clocked), so BMC of depth 1 covers every input; planted bugs in
// the module (shift 7 + Lg, margin dropped) fail at depth 1 (docs/raster.md).
`default_nettype none

module gx_raster_corner_fv #(
  parameter int unsigned Lg = 3
) (
  input wire logic signed [gx_pkg::EdgeCoefBits-1:0] a,
  input wire logic signed [gx_pkg::EdgeCoefBits-1:0] b,
  input wire logic signed [gx_pkg::EdgeBits-1:0]     e0,
  input wire logic signed [gx_pkg::MarginBits-1:0]   g,
  input wire logic                                   fx,  // the tile in its coarse tile
  input wire logic                                   fy,
  input wire logic [Lg-1:0]                          i,   // the pixel in the tile
  input wire logic [Lg-1:0]                          j
);
  localparam int unsigned AW = gx_pkg::EdgeCoefBits;  // 25
  localparam int unsigned EW = gx_pkg::EdgeBits;      // 48
  localparam int unsigned XW = EW + 2;                // exact: the sums below fit 50 bits
  typedef logic signed [XW-1:0] x_t;

  logic signed [EW-1:0] k;
  logic ok;
  gx_raster_corner #(.Lg(Lg)) u_dut (.a_i(a), .b_i(b), .g_i(g), .fx_i(fx), .fy_i(fy), .k_o(k));
  // the rasterizer's test (gx_raster stage A): the 48-bit sum's sign
  logic signed [EW-1:0] cm;
  assign cm = e0 + k;
  assign ok = !cm[EW-1];

  // ---- the premises: the ranges gx_raster.sby.j2 `widths` proves for its inputs
  localparam logic signed [AW-1:0] CoefMax = AW'(32'sd1 <<< 23);
  localparam logic signed [EW-1:0] EMax    = EW'(64'sd3 <<< 45);
  localparam logic signed [gx_pkg::MarginBits-1:0] TMax = gx_pkg::MarginBits'(64'sd511 <<< 24);
  always @* begin
    assume (a >= -CoefMax && a <= CoefMax && b >= -CoefMax && b <= CoefMax);
    assume (e0 >= -EMax && e0 <= EMax);
    assume (g >= 0 && g <= TMax);
  end

  // ---- per axis: the pixel's part within its tile as a choice among constant multiples,
  // the corner's; the tile's origin value e0f = e0 + 2^(8+Lg) (fx A + fy B)
  localparam x_t PMax = x_t'(64'sd1 <<< 37);  // |A (256 i + 128)| < 2^23 2^(8+Lg) <= 2^34
  typedef logic signed [EW-1:0] e_t;
  x_t x, y, cx, cy, pix;
  e_t e0f, cmt;
  always_comb begin
    x = '0;
    y = '0;
    for (int n = 0; n < (1 << Lg); n++) begin
      if (i == Lg'(n)) x = x_t'(a) * x_t'(256 * n + 128);
      if (j == Lg'(n)) y = x_t'(b) * x_t'(256 * n + 128);
    end
    cx = a > 0 ? x_t'(a) <<< (8 + Lg) : '0;
    cy = b > 0 ? x_t'(b) <<< (8 + Lg) : '0;
    // the tile's origin value, and its largest value plus the margin summed from it
    e0f = e0 + (fx ? e_t'(a) <<< (8 + Lg) : '0) + (fy ? e_t'(b) <<< (8 + Lg) : '0);
    cmt = e0f + e_t'(g);
    if (a > 0) cmt = cmt + (e_t'(a) <<< (8 + Lg));
    if (b > 0) cmt = cmt + (e_t'(b) <<< (8 + Lg));
    pix = x_t'(e0f) + x_t'(g) + x + y;
  end
  always @* begin
    AxisX_A: assert (x <= cx && x >= -PMax);
    AxisY_A: assert (y <= cy && y >= -PMax);
    // the constant: |k| < 2^37; the test's sum is the sum from the tile's origin (the
    // same 48-bit value, summed in another order)
    Value_A: assert (x_t'(k) < PMax && x_t'(k) > -PMax);
    Same_A: assert (cm == cmt);
    // that sum is sound: it is >= 0 when a pixel of the tile passes (50 bits: no wrap)
    Tile_A: assert (!cmt[EW-1] || pix < 0);
    // so the test is (task corner_sound, the lemmas above assumed)
    Sound_A: assert (ok || pix < 0);
  end

  // ---- not vacuous: the test rejects a tile whose pixel nearest the edge is within
  // 256 (|A| + |B|) of it (the far one when A, B > 0, the origin one when A, B < 0), and
  // accepts one with a passing pixel
  always @* begin
    RejectFar_C: cover (!ok && a > 0 && b > 0 && i == '1 && j == '1 && pix > -x_t'(256) * (x_t'(a) + x_t'(b)));
    RejectNear_C: cover (!ok && a < 0 && b < 0 && i == '0 && j == '0 && pix > x_t'(256) * (x_t'(a) + x_t'(b)));
    Accept_C: cover (ok && pix >= 0 && a != '0 && b != '0);
    FarTile_C: cover (!ok && fx && fy && a > 0 && b > 0);
  end
endmodule

`default_nettype wire
