// gx_raster_cons_id: the pixel-value identity behind REq<e>_A (docs/raster.md, the
// conservative property, item 12). For one edge (A, B, C), the error term e and a pixel
// (px, py) of a 16 x 16 target, stage B2's value q' for that pixel (mirb: the group's
// value as the rasterizer's GroupOrigin_A states it, plus T - x + 256 (kx A + ky B), fed
// A, B, C and T = th(A, B, e) as the load stage computes it) equals the
// reference's (E(center) + margin) >>> 4 (ecen + marg, formal/gx_raster_cons_fn.svh):
//   Id_A: mir_o == ref_o
// A solver does not prove Id_A in one piece (the case split over the pixel's 256 places
// inside the sums). It is proven here as a chain of small lemmas, each a task of
// formal/gx_raster_cons_id.sby.j2 that cuts (cutpoint) the values the lemmas before it speak
// of and assumes those lemmas:
//   Ps<j>_A   the reference's sum after its j-th conditional add (ecen's loop, written
//             out as the chain ps) is C plus the choices (xa, xb) added so far, and the
//             reversed edge's chain is its negation
//   Lx_A, Ly_A  A (256 px + 128) as a choice = 512 (A dx) + 256 kx A + 128 A, and for B
//   Lm_A      the load stage's margin product equals the reference's margin
//   Xo_A      ecen + marg = C + xa + xb + mg (the chain's end)
//   R2_A      C + xa + xb + mg = the same sum with Lx, Ly, Lm substituted (xw2)
//   Er_A      the mirror's group value (mgrp: the fine tile's value and the group's
//             offset, selected by the pixel's place) is C + 512 (qa + qb), the reference's
//             pieces
//   Ra_A      xw2 = xw, the terms in the mirror's order, at one width (Er assumed, the
//             group value cut)
//   Wide_A    the mirror (a 50-bit sum, its 48 bits' bits 33..4) = xw >>> 4
//   Id_A      from Xo, R2, Ra, Wide
//   Ec_A      the written-out loop is ecen (and the reversed edge's, for Neg_A)
//   Mn_A, Neg_A  the reversed edge (-A, -B, -C): the same margin; its margin less its
//             ecen (how the harness forms a segment's edge 1) is this edge's value
//   Const_A   the mirror is a function of the inputs alone (k-induction)
// As a submodule of the rasterizer's harness (Top = 0) it has no assumptions of its own:
// the harness assumes the same ranges of A, B, C, and assumes Id_A, Neg_A and Const_A,
// proven here for every input in them (Top = 1).
`default_nettype none

module gx_raster_cons_id #(
  parameter int unsigned CB = 4,         // |A|, |B| <= 2^CB
  parameter int unsigned KB = 18,        // |C| <= 2^KB
  parameter int          Err = -1,       // the error term (-1: free, e_i: every E in
                                         // 0..255 at once; the harness passes its own)
  parameter bit          Top = 1'b1,     // stand-alone: the ranges are assumed here
  parameter int unsigned J = 0,          // 1..32: Ps<J>_A asserted, from Ps<J-1>_A on a cut
                                         // sum; 33: Ps<32>_A assumed on a cut sum; 0: none
  parameter int unsigned Lanes = 1       // the rasterizer's lanes (its groups)
) (
  input  logic                                         clk_i,
  input  logic signed [gx_pkg::EdgeCoefBits-1:0]       a_i,
  input  logic signed [gx_pkg::EdgeCoefBits-1:0]       b_i,
  input  logic signed [gx_pkg::EdgeBits-1:0]           c_i,
  input  logic [7:0]                                   e_i,
  input  logic [12:0]                                  px_i,
  input  logic [12:0]                                  py_i,
  output logic signed [gx_pkg::SampleSumBits-1:0]      mir_o,
  output logic signed [gx_pkg::SampleSumBits-1:0]      ref_o,
  output logic signed [gx_pkg::EdgeBits+1:0]           xr_o,   // ecen + marg
  output logic signed [gx_pkg::EdgeBits+1:0]           xs_o    // the same of the edge
                                                               // reversed, as the harness
                                                               // forms a segment's edge 1
);
  localparam int unsigned PB = 4;        // the pixel's coordinates below 16
  localparam int unsigned PW = 13;
  localparam int unsigned AW = gx_pkg::EdgeCoefBits;
  localparam int unsigned EW = gx_pkg::EdgeBits;
  localparam int unsigned GW = gx_pkg::MarginBits;
  localparam int unsigned SW = gx_pkg::SampleSumBits;
  localparam int unsigned NW = CB + 2;
  localparam int unsigned XW = EW + 2;
  typedef logic signed [XW-1:0] x_t;
  `include "gx_raster_cons_fn.svh"

  logic signed [AW-1:0] a, b;
  logic signed [EW-1:0] c;
  logic [7:0] e;
  logic [PB-1:0] px, py;
  assign a = a_i;
  assign b = b_i;
  assign c = c_i;
  assign e = Err >= 0 ? 8'(Err) : e_i;
  assign px = px_i[PB-1:0];
  assign py = py_i[PB-1:0];
  localparam logic signed [AW-1:0] AMax = AW'(1 << CB);
  localparam logic signed [EW-1:0] CMax = EW'(64'sd1 << KB);
  if (Top) begin : g_top
    always @* begin
      assume (a >= -AMax && a <= AMax && b >= -AMax && b <= AMax);
      assume (c >= -CMax && c <= CMax);
      assume (px_i < PW'(1 << PB) && py_i < PW'(1 << PB));
      // the ranges are not empty (task cover)
      Range_C: cover (a == -AMax && b == AMax && c == -CMax && px == 4'd15 && py == 4'd15 &&
                      e == 8'd255);
    end
  end

  // the two sides
  logic signed [GW-1:0] t;
  assign t = th(a, b, e);
  assign mir_o = mirb(c, a, b, t, 1'b1, px[3:1], py[3:1], {py[0], px[0]});
  x_t xr;
  assign xr = ecen(a, b, c, px_i, py_i) + marg(a, b, e);
  assign ref_o = SW'(xr >>> 4);
  assign xr_o = xr;
  // the edge reversed (-A, -B, -C), its value at the center taken from the margin as the
  // harness does for a segment's edge 1 (m0 - ev0): Neg_A, it is the same value
  logic signed [AW-1:0] na, nb;
  logic signed [EW-1:0] nc;
  assign na = -a;
  assign nb = -b;
  assign nc = -c;
  x_t xs;
  assign xs = marg(na, nb, e) - ecen(na, nb, nc, px_i, py_i);
  assign xs_o = xs;

  // ecen's loop written out: ps[2k+1] after the A add of step k, ps[2k+2] after the B add
  function automatic x_t cho(input logic signed [AW-1:0] v, input logic [PB-1:0] p);
    cho = '0;
    for (int i = 0; i < (1 << PB); i++) if (p == PB'(i)) cho = x_t'(v) * x_t'(256 * i + 128);
  endfunction
  x_t xa, xb, mg;
  assign xa = cho(a, px);
  assign xb = cho(b, py);
  assign mg = marg(a, b, e);
  localparam int unsigned NP = 2 << PB;  // 32 adds
  for (genvar j = 0; j <= NP; j++) begin : g_ps
    x_t p;           // the sum after add j
    x_t d;           // ... as the loop computes it from the sum before
    x_t n, dn;       // the same for the reversed edge (-A, -B, -C): n = -p
    x_t inv;         // what it should be: C, xa once px's step is done, xb once py's
    localparam int unsigned K = (j + 1) / 2 - 1;   // the step of add j (j >= 1)
    if (j == 0) begin : g_c
      assign d = x_t'(c);
      assign dn = x_t'(nc);
      assign inv = x_t'(c);
    end else if (j % 2 == 1) begin : g_a
      assign d = px == PB'(K) ? g_ps[j-1].p + x_t'(a) * x_t'(256 * K + 128) : g_ps[j-1].p;
      assign dn = px == PB'(K) ? g_ps[j-1].n + x_t'(na) * x_t'(256 * K + 128) : g_ps[j-1].n;
      assign inv = x_t'(c) + (32'(px) <= K ? xa : '0) + (32'(py) < K ? xb : '0);
    end else begin : g_b
      assign d = py == PB'(K) ? g_ps[j-1].p + x_t'(b) * x_t'(256 * K + 128) : g_ps[j-1].p;
      assign dn = py == PB'(K) ? g_ps[j-1].n + x_t'(nb) * x_t'(256 * K + 128) : g_ps[j-1].n;
      assign inv = x_t'(c) + (32'(px) <= K ? xa : '0) + (32'(py) <= K ? xb : '0);
    end
    if (J > 1 && j == J - 1) begin : g_cut
      // the cut: the sums before add J are free, and what Ps<J-1>_A says of them is
      // assumed
      (* anyseq *) x_t free, nfree;
      assign p = free;
      assign n = nfree;
      always @* PsIn_A: assume (p == inv && n == -p);
    end else begin : g_d
      assign p = d;
      assign n = dn;
    end
    if (J > 0 && j == J) begin : g_l
      always @* Ps_A: assert (p == inv && n == -p);
    end
  end

  // A (256 px + 128) by stage B's pieces; the margin product; stage B's sum at one width
  logic signed [AW+5:0] qa, qb;
  logic signed [GW-1:0] pm;
  assign qa = qsum(a, 32'(px[3:1]));
  assign qb = qsum(b, 32'(py[3:1]));
  assign pm = thp(a, b, e);
  x_t xo, xw, xw2, fa, fb;
  assign xo = x_t'(c) + xa + xb + mg;
  assign fa = (x_t'(qa) <<< 9) + (px[0] ? x_t'(a) <<< 8 : '0) + (x_t'(a) <<< 7);
  assign fb = (x_t'(qb) <<< 9) + (py[0] ? x_t'(b) <<< 8 : '0) + (x_t'(b) <<< 7);
  assign xw2 = x_t'(c) + fa + fb + x_t'(pm);
  // the mirror's sum with T at one width: its group value xg, T = pm + 128 (A + B), the
  // pixel's 256 (kx A + ky B)
  // one lane: the quad is its group (mgrp takes lane 0 of the group at the quad)
  if (Lanes != 1) begin : g_lanes
    $error("gx_raster_cons_id: written for Lanes = 1 (the conservative chain's)");
  end
  x_t xg;
  assign xg = mgrp(c, a, b, px[3:1], py[3:1]);
  assign xw = xg + (x_t'(pm) + (x_t'(a) <<< 7) + (x_t'(b) <<< 7)) - x_t'(1'b0) +
              (px[0] ? x_t'(a) <<< 8 : '0) + (py[0] ? x_t'(b) <<< 8 : '0);
  always @* begin
    Ec_A: assert (g_ps[NP].p == ecen(a, b, c, px_i, py_i) &&
                  g_ps[NP].n == ecen(na, nb, nc, px_i, py_i));
    Mn_A: assert (marg(na, nb, e) == mg);
    Neg_A: assert (xs == xr);
    Lx_A: assert (xa == fa);
    Ly_A: assert (xb == fb);
    Lm_A: assert (pm == GW'(mg) && mg >= 0 && mg < x_t'(1 << (NW + 10)));
    Xo_A: assert (xr == xo);
    R2_A: assert (xo == xw2);
    Er_A: assert (xg == x_t'(c) + (x_t'(qa) <<< 9) + (x_t'(qb) <<< 9));
    Ra_A: assert (xw == xw2);
    Wide_A: assert (mir_o == SW'(xw >>> 4));
    Id_A: assert (mir_o == ref_o);
  end

  // the mirror is a function of the inputs alone: inputs as in the clock before, the
  // mirror as in the clock before (Const_A; the harness's IdmC<e>_A, whose inputs are
  // constants, follows from it)
  logic [2*AW+EW+8+2*PW-1:0] in_prev_q;
  logic signed [SW-1:0] mir_prev_q;
  logic pv_q = 1'b0;
  always @(posedge clk_i) begin
    in_prev_q <= {a_i, b_i, c_i, e_i, px_i, py_i};
    mir_prev_q <= mir_o;
    pv_q <= 1'b1;
  end
  always @* Const_A: assert (!(pv_q && in_prev_q == {a_i, b_i, c_i, e_i, px_i, py_i}) ||
                             mir_prev_q == mir_o);
endmodule

`default_nettype wire
