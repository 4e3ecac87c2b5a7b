// gx_raster_corner_fv: the corner tests are sound, at full width (formal/gx_raster.sby.j2
// tasks corner_*; docs/raster.md, "Proofs").
//
// gx_raster drops a fine tile (8 x 8 pixels) or a quad row (8 x 2) when E'(origin) + k <
// 0 for some edge, k its constant from gx_raster_corner_s and _k. That is sound when no
// sample of the tile can pass that edge: every sample's value E'(origin) + A X + B Y is
// then < 0, which holds when A X + B Y <= k for every sample position (X, Y) of the tile
// relative to its origin: X = 256 i + 16 sx, Y = 256 j + 16 sy (MSAA, 0 <= sx, sy <= 15;
// i, j < 8 for a fine tile, j < 2 for a row), X = 256 i, Y = 256 j (conservative: E' is
// measured at pixel (0, 0)'s centre and includes the margin). Every input is free: A, B
// within +-2^23, i, j, sx, sy, the mode. The products are sums of A's and B's shifts
// chosen by the bits of the position (no multiplier).
//   Form_A   kf = (2048 - 2^sh)(A+ + B+), kr = (2048 - 2^sh) A+ + (512 - 2^sh) B+
//   Axis_A   A X <= (2048 - 2^sh) A+, B Y <= (2048 - 2^sh) B+ over a fine tile, and
//            B Y <= (512 - 2^sh) B+ over a row
//   Fine_A   A X + B Y <= kf over a fine tile;  Row_A  over a row, <= kr
// One lemma a task (corner_form, corner_axis), Fine_A and Row_A from them
// (corner_sound). The modules have no state; every assertion is an immediate one over
// the current inputs (always @*), so BMC of depth 1 covers every input.
`default_nettype none

module gx_raster_corner_fv (
  input wire logic signed [gx_pkg::EdgeCoefBits-1:0] a,
  input wire logic signed [gx_pkg::EdgeCoefBits-1:0] b,
  input wire logic                                   cons,
  input wire logic [2:0]                             i,
  input wire logic [2:0]                             j,
  input wire logic [3:0]                             sx,
  input wire logic [3:0]                             sy
);
  localparam int unsigned AW = gx_pkg::EdgeCoefBits;
  localparam int unsigned XW = 50;
  typedef logic signed [XW-1:0] x_t;

  logic [AW-1:0] ap, bp;
  logic [36:0]   ma, mb, mr;
  logic [37:0]   kf, kr;
  assign ap = a[AW-1] ? '0 : a;
  assign bp = b[AW-1] ? '0 : b;
  gx_raster_corner_s u_s (.ap_i(ap), .bp_i(bp), .cons_i(cons), .ma_o(ma), .mb_o(mb), .mr_o(mr));
  gx_raster_corner_k u_k (.ma_i(ma), .mb_i(mb), .mr_i(mr), .kf_o(kf), .kr_o(kr));

  localparam logic signed [AW-1:0] CoefMax = AW'(32'sd1 <<< 23);
  // v n for an unsigned n of w bits: the sum of v's shifts by n's set bits
  function automatic x_t smul(input logic signed [AW-1:0] v, input logic [7:0] n);
    smul = '0;
    for (int k = 0; k < 8; k++) if (n[k]) smul = smul + (x_t'(v) <<< k);
  endfunction
  x_t ax, by, byr, mf_a, mf_b, mr_b, kfx, krx, apx, bpx;
  logic [7:0] nx, ny, nyr;
  always @* begin
    assume (a >= -CoefMax && a <= CoefMax && b >= -CoefMax && b <= CoefMax);
    assume (!cons || (sx == '0 && sy == '0));
    // X / 16 = 16 i + sx (MSAA), 16 i (conservative)
    nx  = {1'b0, i, sx};
    ny  = {1'b0, j, sy};
    nyr = {4'b0, j[0], sy};
    ax  = smul(a, nx) <<< 4;
    by  = smul(b, ny) <<< 4;
    byr = smul(b, nyr) <<< 4;
    kfx = $signed({12'b0, kf});
    krx = $signed({12'b0, kr});
    apx = $signed({25'b0, ap});
    bpx = $signed({25'b0, bp});
    // (2048 - 2^sh) A+, (2048 - 2^sh) B+, (512 - 2^sh) B+
    mf_a = cons ? (apx <<< 11) - (apx <<< 8) : (apx <<< 11) - (apx <<< 4);
    mf_b = cons ? (bpx <<< 11) - (bpx <<< 8) : (bpx <<< 11) - (bpx <<< 4);
    mr_b = cons ? (bpx <<< 9) - (bpx <<< 8) : (bpx <<< 9) - (bpx <<< 4);
    Form_A: assert (kfx == mf_a + mf_b && krx == mf_a + mr_b);
    Axis_A: assert (ax <= mf_a && by <= mf_b && byr <= mr_b);
    Fine_A: assert (ax + by <= kfx);
    Row_A: assert (ax + byr <= krx);
    // not vacuous: a sample at the bound in each mode, with both signs of A
    FineTight_C: cover (!cons && a > 0 && b > 0 && ax + by == kfx);
    RowTight_C: cover (cons && a > 0 && b > 0 && ax + byr == krx);
    FineNeg_C: cover (a < 0 && b < 0 && ax + by == '0 && i == '0 && sx == '0);
  end
endmodule

`default_nettype wire
