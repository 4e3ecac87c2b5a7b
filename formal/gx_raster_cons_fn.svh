// The conservative harness's arithmetic, shared by formal/gx_raster_cons_fv.sv (the
// rasterizer's harness) and formal/gx_raster_cons_id.sv (the pixel-value identity), so
// that both speak of the same functions. Included inside a module that declares PB, PW,
// AW, EW, GW, SW, NW, XW, Lanes and the type x_t (signed [XW-1:0]).

`include "gx_shift_add.svh"

// E at the pixel's center (256 p + 128), the products A (256 p + 128) as a choice among
// the 2^PB constant multiples (p < 2^PB: the definition of the product)
function automatic x_t ecen(input logic signed [AW-1:0] a, input logic signed [AW-1:0] b,
                            input logic signed [EW-1:0] c, input logic [PW-1:0] px,
                            input logic [PW-1:0] py);
  ecen = x_t'(c);
  for (int k = 0; k < (1 << PB); k++) begin
    if (px[PB-1:0] == PB'(k)) ecen = ecen + x_t'(a) * x_t'(256 * k + 128);
    if (py[PB-1:0] == PB'(k)) ecen = ecen + x_t'(b) * x_t'(256 * k + 128);
  end
endfunction

// the grown margin (128 + e) (|A| + |B|), in the reference's own form
function automatic x_t marg(input logic signed [AW-1:0] a, input logic signed [AW-1:0] b,
                            input logic [7:0] e);
  logic [NW-1:0] aa, ba;
  logic [NW:0] l1;
  logic [NW+9:0] m;
  aa = a[NW-1] ? NW'(-a[NW-1:0]) : a[NW-1:0];
  ba = b[NW-1] ? NW'(-b[NW-1:0]) : b[NW-1:0];
  l1 = (NW+1)'(aa) + (NW+1)'(ba);
  m = (NW+10)'(9'd128 + 9'(e)) * (NW+10)'(l1);
  marg = x_t'($signed({1'b0, m}));
endfunction

// v d for a 3-bit d, by shift and add (stage B's form)
typedef logic signed [AW+5:0] qs_t;
`GX_SHIFT_ADD_MUL(qsum, qs_t, AW)

// The value at the origin of the group holding the quad dx, dy quads into the coarse
// tile (at most 8 x 8 quads; with lane 0 of the group at that quad), as the rasterizer's
// GroupOrigin_A states stage B2's (rtl/gx_raster.sv, task b2_grp and b2_grp_l1): the
// fine tile f = (dy / 4, dx / 4) and its value e0 + 2048 (fx A + fy B), plus the offset
// 512 (gx A + gy B) of the group g = (4 (dy mod 4) + dx mod 4) / Lanes within it
// (gx = (g Lanes) mod 4, gy = (g Lanes) / 4), at XW bits, the multiples of A and B by
// shift and add (xcm). Included in modules that declare Lanes.
`GX_SHIFT_ADD_MUL(xcm, x_t, AW)
function automatic x_t mgrp(input logic signed [EW-1:0] e0,
                            input logic signed [AW-1:0] a,
                            input logic signed [AW-1:0] b,
                            input logic [2:0] dx, input logic [2:0] dy);
  logic [1:0] f;
  logic [3:0] gi;
  x_t wf, wg;
  f = {dy[2], dx[2]};
  gi = 4'((4 * 32'(dy[1:0]) + 32'(dx[1:0])) / Lanes);
  wf = '0;
  for (int ff = 0; ff < 4; ff++)
    if (f == 2'(ff)) wf = x_t'(e0) + (xcm(a, ff % 2) <<< 11) + (xcm(b, ff / 2) <<< 11);
  wg = '0;
  for (int gg = 0; gg < 16 / Lanes; gg++)
    if (gi == 4'(gg)) wg = (xcm(a, (gg * Lanes) % 4) <<< 9) + (xcm(b, (gg * Lanes) / 4) <<< 9);
  mgrp = wf + wg;
endfunction
// E + T - x at pixel k (2 ky + kx) of that quad: the group's value + T - x + 256 (kx A +
// ky B), x = 1 on an exclusive edge, T given at XW bits (mirw_t) or as the load stage
// holds it (mirw)
function automatic x_t mirw_t(input logic signed [EW-1:0] e0,
                              input logic signed [AW-1:0] a,
                              input logic signed [AW-1:0] b,
                              input x_t tw,
                              input logic incl,
                              input logic [2:0] dx, input logic [2:0] dy,
                              input logic [1:0] k);
  mirw_t = mgrp(e0, a, b, dx, dy) + tw - x_t'(!incl) + (k[0] ? x_t'(a) <<< 8 : '0) +
           (k[1] ? x_t'(b) <<< 8 : '0);
endfunction
function automatic x_t mirw(input logic signed [EW-1:0] e0,
                            input logic signed [AW-1:0] a,
                            input logic signed [AW-1:0] b,
                            input logic signed [GW-1:0] t,
                            input logic incl,
                            input logic [2:0] dx, input logic [2:0] dy,
                            input logic [1:0] k);
  mirw = mirw_t(e0, a, b, x_t'(t), incl, dx, dy, k);
endfunction
// q' as stage B2 splits a 48-bit value: its bits 33..4, saturated at +-2^29 beyond 2^33
function automatic logic signed [SW-1:0] msat(input x_t w);
  logic signed [EW-1:0] ep;
  ep = EW'(w);
  if (ep[EW-1:33] == '0 || ep[EW-1:33] == '1) msat = SW'($signed(ep[33:4]));
  else msat = ep[EW-1] ? -(SW'(64'sd1 <<< 29)) : SW'(64'sd1 <<< 29);
endfunction
// the mirror: stage B2's q' at the pixel
function automatic logic signed [SW-1:0] mirb(input logic signed [EW-1:0] e0,
                                              input logic signed [AW-1:0] a,
                                              input logic signed [AW-1:0] b,
                                              input logic signed [GW-1:0] t,
                                              input logic incl,
                                              input logic [2:0] dx, input logic [2:0] dy,
                                              input logic [1:0] k);
  mirb = msat(mirw(e0, a, b, t, incl, dx, dy, k));
endfunction

// T as the load stage computes it from A, B and the error term: the margin product thp
// plus 128 (A + B)
function automatic logic signed [GW-1:0] thp(input logic signed [AW-1:0] a,
                                             input logic signed [AW-1:0] b,
                                             input logic [7:0] e);
  logic signed [AW-1:0] an, bn;
  logic [AW:0] l1;
  logic [8:0] h;
  an = a < 0 ? -a : a;
  bn = b < 0 ? -b : b;
  l1 = (AW+1)'($unsigned(an)) + (AW+1)'($unsigned(bn));
  h = 9'd128 + 9'(e);
  thp = GW'($signed({1'b0, h}) * $signed({1'b0, l1}));
endfunction
function automatic logic signed [GW-1:0] th(input logic signed [AW-1:0] a,
                                            input logic signed [AW-1:0] b,
                                            input logic [7:0] e);
  th = thp(a, b, e) + (GW'(a) <<< 7) + (GW'(b) <<< 7);
endfunction
