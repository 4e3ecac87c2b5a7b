// gx_raster_corner_fv: the corner test is sound, at full width (formal/gx_raster.sby.j2
// tasks corner4, corner3 and their covers corner4_cover, corner3_cover; docs/raster.md).
//
// gx_raster_corner rejects a 2^Lg x 2^Lg tile for an edge (ok_o = 0) only when every
// pixel (i, j) of the tile, i, j in 0..2^Lg - 1, fails the conservative test for that
// edge: its largest value over its closed square plus the margin,
//   e0 + g + A (256 i + 128) + B (256 j + 128)
// (E at the pixel's center plus (128 + E_err)(|A| + |B|): the value stage B computes,
// e0 + T + 256 (A i + B j) with T = 128 (A + B) + g), is < 0. Every input is free within
// the ranges formal/gx_raster.sby.j2 `widths` proves for the values gx_raster feeds it
// (TriRange_A: |A|, |B| <= 2^23, 0 <= g <= 511 * 2^24; TileEdgeFits_A, A2EdgeRange_A:
// |E| <= 2^46 at a coarse tile's origin, so within 2^46 + 2^35 at a fine tile's).
//
// The products are written as a choice among the 2^Lg constant multiples of A (a case
// split the solver takes at once; the product of A by a symbolic i, by shift and add or
// as one multiplier, is beyond yices: docs/raster.md), and stated per axis too:
//   AxisX_A  x = A (256 i + 128) <= cx = (A > 0 ? 2^(8+Lg) A : 0), and x >= -2^36
//   AxisY_A  y = B (256 j + 128) <= cy = (B > 0 ? 2^(8+Lg) B : 0), and y >= -2^36
//   Sound_A  ok_o = 0 -> e0 + g + x + y < 0   (50 bits: no wrap)
// The tasks prove all three, none assumed.
// The module has no state and every assertion here is an immediate one over the current
// inputs (always @*, not clocked), so BMC of depth 1 covers every input; planted bugs in
// the module (corner shift 7 + Lg, margin dropped) fail at depth 1 (docs/raster.md).
`default_nettype none

module gx_raster_corner_fv #(
  parameter int unsigned Lg = 4
) (
  input wire logic signed [gx_pkg::EdgeCoefBits-1:0] a,
  input wire logic signed [gx_pkg::EdgeCoefBits-1:0] b,
  input wire logic signed [gx_pkg::EdgeBits-1:0]     e0,
  input wire logic signed [gx_pkg::MarginBits-1:0]   g,
  input wire logic [Lg-1:0]                          i,   // the pixel in the tile
  input wire logic [Lg-1:0]                          j
);
  localparam int unsigned AW = gx_pkg::EdgeCoefBits;  // 25
  localparam int unsigned EW = gx_pkg::EdgeBits;      // 48
  localparam int unsigned XW = EW + 2;                // exact: the sums below fit 50 bits
  typedef logic signed [XW-1:0] x_t;

  logic ok;
  gx_raster_corner #(.Lg(Lg)) u_dut (.a_i(a), .b_i(b), .e0_i(e0), .g_i(g), .ok_o(ok));

  // ---- the premises: the ranges gx_raster.sby.j2 `widths` proves for its inputs
  localparam logic signed [AW-1:0] CoefMax = AW'(32'sd1 <<< 23);
  localparam logic signed [EW-1:0] EMax    = EW'((64'sd1 <<< 46) + (64'sd1 <<< 35));
  localparam logic signed [gx_pkg::MarginBits-1:0] TMax = gx_pkg::MarginBits'(64'sd511 <<< 24);
  always @* begin
    assume (a >= -CoefMax && a <= CoefMax && b >= -CoefMax && b <= CoefMax);
    assume (e0 >= -EMax && e0 <= EMax);
    assume (g >= 0 && g <= TMax);
  end

  // ---- per axis: the pixel's part as a choice among constant multiples, the corner's
  localparam x_t PMax = x_t'(64'sd1 <<< 36);  // |A (256 i + 128)| < 2^23 2^(8+Lg) <= 2^35
  x_t x, y, cx, cy, pix;
  always_comb begin
    x = '0;
    y = '0;
    for (int k = 0; k < (1 << Lg); k++) begin
      if (i == Lg'(k)) x = x_t'(a) * x_t'(256 * k + 128);
      if (j == Lg'(k)) y = x_t'(b) * x_t'(256 * k + 128);
    end
    cx = a > 0 ? x_t'(a) <<< (8 + Lg) : '0;
    cy = b > 0 ? x_t'(b) <<< (8 + Lg) : '0;
    pix = x_t'(e0) + x_t'(g) + x + y;
  end
  always @* begin
    AxisX_A: assert (x <= cx && x >= -PMax);
    AxisY_A: assert (y <= cy && y >= -PMax);
    Sound_A: assert (ok || pix < 0);
  end

  // ---- not vacuous: the test rejects a tile whose pixel nearest the edge is within
  // 256 (|A| + |B|) of it (the far one when A, B > 0, the origin one when A, B < 0), and
  // accepts one with a passing pixel
  always @* begin
    RejectFar_C: cover (!ok && a > 0 && b > 0 && i == '1 && j == '1 && pix > -x_t'(256) * (x_t'(a) + x_t'(b)));
    RejectNear_C: cover (!ok && a < 0 && b < 0 && i == '0 && j == '0 && pix > x_t'(256) * (x_t'(a) + x_t'(b)));
    Accept_C: cover (ok && pix >= 0 && a != '0 && b != '0);
  end
endmodule

`default_nettype wire
