// gx_raster_cons_fv: in conservative mode the rasterizer emits exactly the pixels of its
// pixel range that pass the conservative test (never drops one, never adds one).
//
// One primitive, as the setup unit hands it over (class, edge equations, pixel range:
// free constants within the setup unit's output ranges), goes through gx_raster in
// conservative mode with a free (or fixed: Err) error term; a free watched pixel.
// Asserted: once the walk is over, the watched pixel was emitted (sample 0 of its quad's
// mask) when it is in the range and passes the C model's test (conservative_pixel):
// E_k(c) + (128 + E)(|A_k| + |B_k|) >= 0 at its center c for every edge of a triangle,
// |E_0(c)| <= (128 + E)(|A_0| + |B_0|) for a segment, always for a point (NoDrop_A), and
// only then (NoAdd_A). The walk's end is asserted to come within the depth (WalkEnds_A).
// Reduced width (the issue allows it): pixel coordinates below 2^PB, |A|, |B| <= 2^CB,
// |C| <= 2^KB, ranges up to 4 x 4 pixels. The free values are narrow constants, sign- or
// zero-extended (the solver sees the narrow bits only: much faster than range
// assumptions on full-width ones). The reference value is computed at 50 bits with the
// products A (256 p + 128) as a choice among the 2^PB constant multiples of A (p < 2^PB),
// the form in which the corner lemma is proven (formal/gx_raster_corner_fv.sv).
//
// Ghost monitors on the rasterizer's own signals, split from NoDrop_A: when stage A
// holds the watched pixel's coarse tile and the pixel is in the range and passes edge e,
// the corner test of its fine tile for edge e passes (FineE<e>_A); when the pixel is in
// the range and passes, its group's bit of the tile's visit mask is set (Visit_A). The
// signals are connected by the .sby after `flatten` (`connect -set`: Yosys reads no
// hierarchical references).
// Lemmas for the composition (docs/raster.md, the conservative property, item 10):
// StageTime_A (A and A2 hold a tile in the first 9 clocks only), BTile_A / BE0_A (stage
// B's tile and origin values), REq<e>_A (R's edge values for the watched pixel are the
// reference's), RPass<e>_A (a pixel passing edge e passes it in R), PeClass_A (what the
// class fixes of pe), and the first links of a chain towards REq<e>_A: BMir<e><k>_A
// (stage B2's pixel values equal stage B's sum written again from B2's pixel coordinates) and
// TLink<e>_A (the triangle's registers hold the harness's A, B, T). With Cut = 1 the
// edge tests pe are a free constant, and the .sby
// cuts the corner tests and sample sums, so NoDrop_A is proven from the lemmas alone.
// The rest of the chain to REq<e>_A (docs/raster.md, item 12): the pixel-value identity
// gx_raster_cons_id (proven on its own: formal/gx_raster_cons_id.sby.j2) instantiated per
// edge, IdRef<e>_A (its reference is this harness's), LdB_A, BRefW<e><k>_A (stage B2's
// value of the watched pixel is the identity's mirror), IdmC<e>_A (the mirror is the same
// in every clock) and RMirW<e>_A (stage R's values are the mirror).
// Tasks: formal/gx_raster_cons.sby.j2 (make formal). The monitors are proven for every
// class by BMC to depth 9 (tasks fine_*, visit_*), which is every clock stage A can hold
// the tile of a 16 x 16 target (StageTime_A); NoDrop_A for every class from
// the lemmas, REq<e>_A for triangles and segments through the chain above. NoAdd_A is
// stated but not proven (docs/proofs.md).
`default_nettype none

module gx_raster_cons_fv #(
  parameter int unsigned Lanes = 4,
  parameter int unsigned PB = 4,         // pixel coordinates below 2^PB
  parameter int unsigned CB = 10,        // |A|, |B| <= 2^CB
  parameter int unsigned KB = 26,        // |C| <= 2^KB
  parameter int          Err = -1,       // the error term (-1: free)
  parameter int          Cls = -1,       // the primitive class (-1: free)
  parameter bit          Cut = 1'b0      // the edge tests pe free (the composition tasks)
) (
  input wire logic clk_i,
  input wire logic rst_i,
  input wire logic grp_ready_i
);
  localparam int unsigned AW = gx_pkg::EdgeCoefBits;  // 25
  localparam int unsigned EW = gx_pkg::EdgeBits;      // 48
  localparam int unsigned PW = 13;

  // free values by sign/zero extension of narrow constants (the solver sees the narrow
  // bits only)
  (* anyconst *) logic signed [CB+1:0] sa0, sa1, sa2, sb0, sb1, sb2;
  (* anyconst *) logic signed [KB+1:0] sc0, sc1, sc2;
  (* anyconst *) logic [PB-1:0] spx0, spy0, spx1, spy1, sppx, sppy;
  logic signed [AW-1:0] a0, a1, a2, b0, b1, b2;
  logic signed [EW-1:0] c0, c1, c2;
  logic [PW-1:0] px0, py0, px1, py1, ppx, ppy;
  assign a0 = AW'(sa0);  assign a1 = AW'(sa1);  assign a2 = AW'(sa2);
  assign b0 = AW'(sb0);  assign b1 = AW'(sb1);  assign b2 = AW'(sb2);
  assign c0 = EW'(sc0);  assign c1 = EW'(sc1);  assign c2 = EW'(sc2);
  assign px0 = PW'(spx0);  assign py0 = PW'(spy0);  assign px1 = PW'(spx1);  assign py1 = PW'(spy1);
  assign ppx = PW'(sppx);  assign ppy = PW'(sppy);
  (* anyconst *) logic [1:0] cls;
  (* anyconst *) logic [2:0] incl;
  (* anyconst *) logic [7:0] err;
  (* anyconst *) logic [15:0] tag;
  (* anyconst *) logic [96+4-1:0] junk;     // box and ccw: not read by the rasterizer

  gx_pkg::rs_setup_t su;
  gx_pkg::rs_cmd_t cmd;
  always_comb begin
    su = '0;
    su.a0 = a0;  su.a1 = a1;  su.a2 = a2;
    su.b0 = b0;  su.b1 = b1;  su.b2 = b2;
    su.c0 = c0;  su.c1 = c1;  su.c2 = c2;
    su.incl = incl;
    su.cls = cls;
    {su.ccw, su.bx0, su.by0, su.bx1, su.by1} = junk[96:0];
    su.px0 = px0;  su.py0 = py0;  su.px1 = px1;  su.py1 = py1;
    cmd = '0;
    cmd.tag = tag;
    cmd.conservative = 1'b1;
    cmd.cons_err = Err >= 0 ? 8'(Err) : err;
    cmd.samples_log2 = 3'(junk[99:97]);  // ignored in conservative mode
    cmd.setup = su;
  end

  // ---- the setup unit's output ranges (proven for gx_raster_setup by its own
  // properties and by formal/gx_raster.sby.j2 widths), at the reduced pixel width
  localparam logic signed [AW-1:0] AMax = AW'(1 << CB);
  localparam logic signed [EW-1:0] CMax = EW'(64'sd1 << KB);
  always @* begin
    assume (a0 >= -AMax && a0 <= AMax && b0 >= -AMax && b0 <= AMax);
    assume (a1 >= -AMax && a1 <= AMax && b1 >= -AMax && b1 <= AMax);
    assume (a2 >= -AMax && a2 <= AMax && b2 >= -AMax && b2 <= AMax);
    assume (c0 >= -CMax && c0 <= CMax && c1 >= -CMax && c1 <= CMax && c2 >= -CMax && c2 <= CMax);
    assume (cls != 2'd3);
    if (Err >= 0) assume (err == 8'(Err));
    if (Cls >= 0) assume (cls == 2'(Cls));
    // a segment has edge 0 only, a point none (the setup unit zeroes the rest)
    if (cls != 2'd0) assume (a1 == '0 && b1 == '0 && c1 == '0 && a2 == '0 && b2 == '0 && c2 == '0);
    if (cls == 2'd2) assume (a0 == '0 && b0 == '0 && c0 == '0);
    // the range: empty (1, 0) or within 0 .. 2^PB - 1, at most 4 x 4 pixels
    assume ((px0 == PW'(1) && px1 == '0 && py0 == PW'(1) && py1 == '0) ||
            (px0 <= px1 && py0 <= py1 && px1 < PW'(1 << PB) && py1 < PW'(1 << PB) &&
             px1 - px0 <= PW'(3) && py1 - py0 <= PW'(3)));
    assume (ppx < PW'(1 << PB) && ppy < PW'(1 << PB));
  end

  // ---- the conservative test of pixel (ppx, ppy), exact (C model: conservative_pixel)
  localparam int unsigned NW = CB + 2;           // A, B: |v| <= 2^CB
  localparam int unsigned XW = EW + 2;           // as the corner lemma: 50 bits
  typedef logic signed [XW-1:0] x_t;
  localparam int unsigned GW = gx_pkg::MarginBits;
  localparam int unsigned SW = gx_pkg::SampleSumBits;  // 31
  // ecen (E at the pixel's center, the products as a choice among the 2^PB constant
  // multiples), marg (the grown margin), and stage B's and the load stage's arithmetic
  // (mirb, th), shared with formal/gx_raster_cons_id.sv
  `include "gx_raster_cons_fn.svh"
  x_t ev0, half0;        // edge 0 at the center, and its margin with E = 0 (Grown_C)
  logic [4*XW-1:0] idx4;  // ecen + marg of each identity instance's edge (below)
  logic [4*XW-1:0] idxs;  // margin less ecen of each instance's edge reversed
  assign ev0 = ecen(a0, b0, c0, ppx, ppy);
  assign half0 = marg(a0, b0, 8'd0);
  logic in_range, passes;
  x_t xr0, xr1, xr2;  // the edge values at the center plus the margin, as the rasterizer
                      // orients the edges (segment: edge 1 = edge 0 reversed)
  logic [2:0] pe;     // the pixel passes the rasterizer's edge e
  assign in_range = ppx >= px0 && ppx <= px1 && ppy >= py0 && ppy <= py1;
  // ecen + marg of edge e, computed in the identity's instances (below), so that the
  // identity's reference is this value by construction. A segment's edge 1 is edge 0
  // reversed, marg - ecen of edge 0: the fourth instance forms it from (-A0, -B0, -C0) as
  // marg(-(-A0), -(-B0)) - ecen(-(-A0), -(-B0), -(-C0)), the same value (-(-v) = v in
  // two's complement at any width), so that its Neg_A ties it to that instance's
  // reference
  assign xr0 = idx4[XW*0 +: XW];
  assign xr1 = cls == 2'd1 ? idxs[XW*3 +: XW] : idx4[XW*1 +: XW];
  assign xr2 = idx4[XW*2 +: XW];
  // Cut: pe is a free constant, so the composition tasks see no arithmetic; what they
  // prove holds for every pe the monitors allow, the true one among them
  (* anyconst *) logic [2:0] pe_free;
  assign pe = Cut ? pe_free : {xr2 >= 0, xr1 >= 0, xr0 >= 0};
  // a triangle passes all three edges, a segment edge 0 both ways, a point always
  assign passes = cls == 2'd0 ? &pe : cls == 2'd1 ? pe[0] && pe[1] : 1'b1;
  // what the class fixes: a segment's edge 2 and all of a point's edges are 0 with no
  // margin, so they pass. Proven on the true pe (task peclass); assumed of the free one.
  logic pe_class;
  assign pe_class = (cls == 2'd0 || pe[2]) && (cls != 2'd2 || (pe[0] && pe[1]));
  always @* begin
    if (!rst_i) begin
      if (Cut) assume (pe_class);
      else PeClass_A: assert (pe_class);
    end
  end

  // ---- ghost monitors on the rasterizer's own signals (connected by the .sby after
  // flatten: connect -set; no hierarchical references in Yosys)
  logic fv_a_q, fv_a2_q;
  logic [8:0] fv_a_tx, fv_a_ty;
  logic [11:0] fv_a_fok;              // fine tile f passes edge e, at 3 f + e
  logic [4*(16/Lanes)-1:0] fv_a_vm;   // A's visit mask: bit G f + g, G = 16 / Lanes
  logic [5:0] pg;                     // the watched pixel's group in its fine tile
  assign pg = 6'((4 * 32'(ppy[2:1]) + 32'(ppx[2:1])) / Lanes);
  logic ta_hit;
  logic [1:0] pf;
  assign ta_hit = fv_a_q && fv_a_tx == 9'(ppx >> 4) && fv_a_ty == 9'(ppy >> 4);
  assign pf = {ppy[3], ppx[3]};
  always @* begin
    if (!rst_i) begin
      FineE0_A: assert (!(ta_hit && in_range) || fv_a_fok[3*pf] || !pe[0]);
      FineE1_A: assert (!(ta_hit && in_range) || fv_a_fok[3*pf+1] || !pe[1]);
      FineE2_A: assert (!(ta_hit && in_range) || fv_a_fok[3*pf+2] || !pe[2]);
      // ... and the pixel's group is in the visit mask (with FineE<e>_A assumed: range)
      Visit_A: assert (!(ta_hit && in_range && passes) || fv_a_vm[32'(pf) * (16 / Lanes) + 32'(pg)]);
      // not vacuous: the tile of a passing pixel in A; a fine tile the corner test
      // rejects while the watched pixel (in the range, failing) is in it
      FineHit_C: cover (ta_hit && in_range && passes && fv_a_fok[3*pf +: 3] == 3'b111);
      FineCut_C: cover (ta_hit && in_range && fv_a_fok[3*pf +: 3] != 3'b111);
    end
  end

  // ---- stage B2 holds a group of the tile (0, 0), the one coarse tile of a target of
  // 2^PB <= 16
  // pixels a side; its origin values are C (segment: edge 1 is edge 0 reversed)
  logic fv_b_q;                       // B2 holds a group
  logic [PW-1:0] fv_b_px, fv_b_py;     // B2's group's upper-left pixel
  logic [3*EW-1:0] fv_b_e0;            // the coarse tile's origin values of B2's group
  always @* begin
    if (!rst_i) begin
      BTile_A: assert (!fv_b_q || (fv_b_px[PW-1:4] == '0 && fv_b_py[PW-1:4] == '0));
      BE0_A: assert (!fv_b_q || fv_b_e0 == {c2, cls == 2'd1 ? -c0 : c1, c0});
    end
  end

  // ---- stage R holds the watched pixel's group: its pixel-edge values q' (r_e_q) are
  // the reference's (the value at the center plus the margin, E >>> 4; no saturation and
  // no exclusive edge at this width, in conservative mode)
  logic fv_r_q;
  logic [PW-1:0] fv_r_px, fv_r_py;
  logic [3*4*Lanes*SW-1:0] fv_r_e;
  logic [1:0] pl;                     // the watched pixel's lane in its group
  logic [1:0] pk;                     // ... and its place in the quad: 2 (y & 1) + (x & 1)
  logic r_hit;
  assign pl = 2'(32'(ppx >> 1) % Lanes);
  assign pk = {ppy[0], ppx[0]};
  assign r_hit = fv_r_q && fv_r_px == PW'({PW'(ppx >> 1) - PW'(pl), 1'b0}) &&
                 fv_r_py == {ppy[PW-1:1], 1'b0};
  logic [3*4*Lanes*4*(SW+1)-1:0] fv_r_sum;    // R's sample sums (sign: bit SW)
  // the sign bit of sample 0 of the watched pixel's column (conservative: N = 1, column
  // c = 4 lane + k, sample j = 0 at (e 4 Lanes + c) 4 + j)
  function automatic int unsigned rs(input logic [2:0] e);
    rs = (SW + 1) * (((32'(e) * Lanes + 32'(pl)) * 4 + 32'(pk)) * 4) + SW;
  endfunction
  function automatic logic signed [SW-1:0] rq(input logic [2:0] e);
    rq = $signed(fv_r_e[SW*(4*Lanes*32'(e) + 4*32'(pl) + 32'(pk)) +: SW]);
  endfunction
  always @* begin
    if (!rst_i) begin
      REq0_A: assert (!r_hit || rq(3'd0) == SW'(xr0 >>> 4));
      REq1_A: assert (!r_hit || rq(3'd1) == SW'(xr1 >>> 4));
      REq2_A: assert (!r_hit || rq(3'd2) == SW'(xr2 >>> 4));
      RHit_C: cover (r_hit && in_range && passes);
      // ... so sample 0 of a pixel that passes edge e passes it in R (conservative mode:
      // every sample offset is 0): the sum's sign bit is clear
      RPass0_A: assert (!(r_hit && in_range && pe[0]) || !fv_r_sum[rs(3'd0)]);
      RPass1_A: assert (!(r_hit && in_range && pe[1]) || !fv_r_sum[rs(3'd1)]);
      RPass2_A: assert (!(r_hit && in_range && pe[2]) || !fv_r_sum[rs(3'd2)]);
    end
  end

  // ---- first links of a chain towards REq<e>_A (docs/raster.md, item 11). BMir: when
  // stage B2 holds a group, each of its pixels' values (b_e) equals the sum written
  // again here in the RTL's order (mirb), fed the RTL's own registers but B's pixel
  // coordinates instead of the visit-mask index. TLink: once the triangle is taken, its
  // registers A, B, T and the inclusive bits hold the harness's values.
  logic [3*AW-1:0] fv_t_a, fv_t_b;
  logic [3*GW-1:0] fv_t_t;
  logic [2:0] fv_t_incl;
  logic fv_loaded;
  logic [3*4*Lanes*SW-1:0] fv_b_ev;
  logic [7:0] ee;
  assign ee = Err >= 0 ? 8'(Err) : err;
  // the edges as the rasterizer orients them (segment: edge 1 = edge 0 reversed)
  logic signed [AW-1:0] ha1, hb1;
  assign ha1 = cls == 2'd1 ? -a0 : a1;
  assign hb1 = cls == 2'd1 ? -b0 : b1;
  // the mirror for pixel k (lane 0) of edge e, at SW (4 e + k): its sum (mirw, at XW
  // (4 e + k)) and its split (msat), as mirb; B2's 48-bit sums (b_ep)
  logic [3*4*XW-1:0] fv_mw;
  logic [3*4*SW-1:0] fv_mb;
  logic [3*4*Lanes*EW-1:0] fv_b_ep;
  logic [3*EW-1:0] fv_b_er;            // B2's group values (its group's origin)
  logic [3*XW-1:0] fv_mg;              // the mirror's group values (mgrp)
  for (genvar ge = 0; ge < 3; ge++) begin : g_mb
    assign fv_mg[XW*ge +: XW] =
        mgrp($signed(fv_b_e0[EW*ge +: EW]), $signed(fv_t_a[AW*ge +: AW]),
             $signed(fv_t_b[AW*ge +: AW]), fv_b_px[3:1], fv_b_py[3:1]);
    for (genvar gk = 0; gk < 4; gk++) begin : g_k
      assign fv_mw[XW*(4*ge + gk) +: XW] =
          mirw($signed(fv_b_e0[EW*ge +: EW]), $signed(fv_t_a[AW*ge +: AW]),
               $signed(fv_t_b[AW*ge +: AW]), $signed(fv_t_t[GW*ge +: GW]),
               fv_t_incl[ge], fv_b_px[3:1], fv_b_py[3:1], 2'(gk));
      assign fv_mb[SW*(4*ge + gk) +: SW] = msat(fv_mw[XW*(4*ge + gk) +: XW]);
    end
  end
  function automatic logic bgrp(input int unsigned e);
    bgrp = XW'($signed(fv_b_er[EW*e +: EW])) == fv_mg[XW*e +: XW];
  endfunction
  function automatic logic bsum(input int unsigned e, input int unsigned k);
    bsum = XW'($signed(fv_b_ep[EW*(4*Lanes*e + k) +: EW])) == fv_mw[XW*(4*e + k) +: XW];
  endfunction
  always @* begin
    if (!rst_i) begin
      // BGrp: B2's group values are the mirror's (the rasterizer's GroupOrigin_A,
      // restated with the harness's registers and B2's position)
      BGrp0_A: assert (!fv_b_q || bgrp(0));
      BGrp1_A: assert (!fv_b_q || bgrp(1));
      BGrp2_A: assert (!fv_b_q || bgrp(2));
      // BSum: B2's sums are the mirror's (from BGrp and the rasterizer's GroupPix_A)
      BSum00_A: assert (!fv_b_q || bsum(0, 0));
      BSum01_A: assert (!fv_b_q || bsum(0, 1));
      BSum02_A: assert (!fv_b_q || bsum(0, 2));
      BSum03_A: assert (!fv_b_q || bsum(0, 3));
      BSum10_A: assert (!fv_b_q || bsum(1, 0));
      BSum11_A: assert (!fv_b_q || bsum(1, 1));
      BSum12_A: assert (!fv_b_q || bsum(1, 2));
      BSum13_A: assert (!fv_b_q || bsum(1, 3));
      BSum20_A: assert (!fv_b_q || bsum(2, 0));
      BSum21_A: assert (!fv_b_q || bsum(2, 1));
      BSum22_A: assert (!fv_b_q || bsum(2, 2));
      BSum23_A: assert (!fv_b_q || bsum(2, 3));
      BMir00_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*0 + 0) +: SW] == fv_mb[SW*(4*0 + 0) +: SW]);
      BMir01_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*0 + 1) +: SW] == fv_mb[SW*(4*0 + 1) +: SW]);
      BMir02_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*0 + 2) +: SW] == fv_mb[SW*(4*0 + 2) +: SW]);
      BMir03_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*0 + 3) +: SW] == fv_mb[SW*(4*0 + 3) +: SW]);
      BMir10_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*1 + 0) +: SW] == fv_mb[SW*(4*1 + 0) +: SW]);
      BMir11_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*1 + 1) +: SW] == fv_mb[SW*(4*1 + 1) +: SW]);
      BMir12_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*1 + 2) +: SW] == fv_mb[SW*(4*1 + 2) +: SW]);
      BMir13_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*1 + 3) +: SW] == fv_mb[SW*(4*1 + 3) +: SW]);
      BMir20_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*2 + 0) +: SW] == fv_mb[SW*(4*2 + 0) +: SW]);
      BMir21_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*2 + 1) +: SW] == fv_mb[SW*(4*2 + 1) +: SW]);
      BMir22_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*2 + 2) +: SW] == fv_mb[SW*(4*2 + 2) +: SW]);
      BMir23_A: assert (!fv_b_q || fv_b_ev[SW*(4*Lanes*2 + 3) +: SW] == fv_mb[SW*(4*2 + 3) +: SW]);
      TLink0_A: assert (!fv_loaded || ($signed(fv_t_a[AW*0 +: AW]) == a0 &&
                          $signed(fv_t_b[AW*0 +: AW]) == b0 &&
                          $signed(fv_t_t[GW*0 +: GW]) == th(a0, b0, ee) && fv_t_incl[0]));
      TLink1_A: assert (!fv_loaded || ($signed(fv_t_a[AW*1 +: AW]) == ha1 &&
                          $signed(fv_t_b[AW*1 +: AW]) == hb1 &&
                          $signed(fv_t_t[GW*1 +: GW]) == th(ha1, hb1, ee) && fv_t_incl[1]));
      TLink2_A: assert (!fv_loaded || ($signed(fv_t_a[AW*2 +: AW]) == a2 &&
                          $signed(fv_t_b[AW*2 +: AW]) == b2 &&
                          $signed(fv_t_t[GW*2 +: GW]) == th(a2, b2, ee) && fv_t_incl[2]));
    end
  end

  // ---- the prep stage's registers, from which the triangle's are loaded (PLink<e>_A,
  // with TLink in task tlink_e's induction): once the command is taken, P0 holds the
  // harness's values, P1 the margin once computed (p_n >= 1), P2 T once computed (p_n = 2)
  logic [3*AW-1:0] fv_p_a, fv_p_b;
  logic [3*(AW+1)-1:0] fv_p_l1;
  logic [3*GW-1:0] fv_p_g, fv_p_t;
  logic [8:0] fv_p_h;
  logic [2:0] fv_p_incl;
  logic [1:0] fv_p_n;
  logic fv_p_cons, fv_p_q;
  function automatic logic plink(input logic [1:0] e, input logic signed [AW-1:0] ha,
                                 input logic signed [AW-1:0] hb);
    logic signed [AW-1:0] an, bn;
    an = ha < 0 ? -ha : ha;
    bn = hb < 0 ? -hb : hb;
    plink = $signed(fv_p_a[AW*e +: AW]) == ha && $signed(fv_p_b[AW*e +: AW]) == hb &&
            fv_p_l1[(AW+1)*e +: AW+1] == (AW+1)'($unsigned(an)) + (AW+1)'($unsigned(bn)) &&
            (fv_p_n == 2'd0 || $signed(fv_p_g[GW*e +: GW]) == thp(ha, hb, ee)) &&
            (fv_p_n != 2'd2 || $signed(fv_p_t[GW*e +: GW]) == th(ha, hb, ee));
  endfunction
  always @* begin
    if (!rst_i) begin
      // prep holds a triangle, and the walker's registers one, only once it is taken
      PLink_A: assert ((!(fv_p_q || fv_loaded) || sent_q) && (!sent_q || (fv_p_h == 9'd128 + 9'(ee) && fv_p_incl == 3'b111 &&
                                   fv_p_cons && fv_p_n <= 2'd2)));
      PLink0_A: assert (!sent_q || plink(2'd0, a0, b0));
      PLink1_A: assert (!sent_q || plink(2'd1, ha1, hb1));
      PLink2_A: assert (!sent_q || plink(2'd2, a2, b2));
    end
  end

  // ---- the rest of the chain to REq<e>_A (docs/raster.md, item 12). The identity: for
  // each edge as the rasterizer orients it, stage B's sum at the watched pixel, fed the
  // harness's values, equals the reference's value (gx_raster_cons_id's Id_A, proven on
  // its own for every A, B, C in this harness's ranges by formal/gx_raster_cons_id.sby.j2,
  // and assumed here: the instances have no assumptions of their own). IdRef: the
  // instance's reference is this harness's: the same functions of the same values. A
  // segment's edge 1 is edge 0 reversed (the rasterizer's A, B, C negated): a fourth
  // instance takes (-A0, -B0, -C0), and its Neg_A (xr1, its margin less its ecen, is its
  // ecen + marg) ties it to the reference. LdB: stage B2 holds a group only once the
  // triangle is loaded. BRefW: when stage B2 holds the watched pixel's quad, the pixel's
  // value is the identity's mirror.
  logic signed [4*AW-1:0] hac, hbc;
  logic signed [4*EW-1:0] hcc;
  assign hac = {-a0, a2, a1, a0};
  assign hbc = {-b0, b2, b1, b0};
  assign hcc = {-c0, c2, c1, c0};
  logic [4*SW-1:0] idm4, idr4;
  for (genvar ge = 0; ge < 4; ge++) begin : g_id
    gx_raster_cons_id #(.CB(CB), .KB(KB), .Err(Err), .Top(1'b0), .Lanes(Lanes)) u_id (
      .clk_i, .a_i($signed(hac[AW*ge +: AW])), .b_i($signed(hbc[AW*ge +: AW])),
      .c_i($signed(hcc[EW*ge +: EW])), .e_i(err), .px_i(ppx), .py_i(ppy),
      .mir_o(idm4[SW*ge +: SW]), .ref_o(idr4[SW*ge +: SW]), .xr_o(idx4[XW*ge +: XW]),
      .xs_o(idxs[XW*ge +: XW])
    );
  end
  // per edge as the rasterizer orients it: edge 1 of a segment from the fourth instance
  logic [3*SW-1:0] idm, idr;
  assign idm = {idm4[SW*2 +: SW], cls == 2'd1 ? idm4[SW*3 +: SW] : idm4[SW*1 +: SW],
                idm4[SW*0 +: SW]};
  assign idr = {idr4[SW*2 +: SW], cls == 2'd1 ? idr4[SW*3 +: SW] : idr4[SW*1 +: SW],
                idr4[SW*0 +: SW]};
  logic bw;   // stage B2 holds the watched pixel's quad (one lane)
  assign bw = fv_b_q && fv_b_px == {ppx[PW-1:1], 1'b0} && fv_b_py == {ppy[PW-1:1], 1'b0};
  always @* begin
    if (!rst_i) begin
      IdRef0_A: assert ($signed(idr[SW*0 +: SW]) == SW'(xr0 >>> 4));
      IdRef1_A: assert ($signed(idr[SW*1 +: SW]) == SW'(xr1 >>> 4));
      IdRef2_A: assert ($signed(idr[SW*2 +: SW]) == SW'(xr2 >>> 4));
      LdB_A: assert (!fv_b_q || fv_loaded);
      // one line per edge and place (Yosys names a procedural assertion by its label
      // alone: in a generate loop the copies would clash)
      BRefW00_A: assert (!(bw && pk == 2'd0) || fv_b_ev[SW*(4*Lanes*0 + 0) +: SW] == idm[SW*0 +: SW]);
      BRefW01_A: assert (!(bw && pk == 2'd1) || fv_b_ev[SW*(4*Lanes*0 + 1) +: SW] == idm[SW*0 +: SW]);
      BRefW02_A: assert (!(bw && pk == 2'd2) || fv_b_ev[SW*(4*Lanes*0 + 2) +: SW] == idm[SW*0 +: SW]);
      BRefW03_A: assert (!(bw && pk == 2'd3) || fv_b_ev[SW*(4*Lanes*0 + 3) +: SW] == idm[SW*0 +: SW]);
      BRefW10_A: assert (!(bw && pk == 2'd0) || fv_b_ev[SW*(4*Lanes*1 + 0) +: SW] == idm[SW*1 +: SW]);
      BRefW11_A: assert (!(bw && pk == 2'd1) || fv_b_ev[SW*(4*Lanes*1 + 1) +: SW] == idm[SW*1 +: SW]);
      BRefW12_A: assert (!(bw && pk == 2'd2) || fv_b_ev[SW*(4*Lanes*1 + 2) +: SW] == idm[SW*1 +: SW]);
      BRefW13_A: assert (!(bw && pk == 2'd3) || fv_b_ev[SW*(4*Lanes*1 + 3) +: SW] == idm[SW*1 +: SW]);
      BRefW20_A: assert (!(bw && pk == 2'd0) || fv_b_ev[SW*(4*Lanes*2 + 0) +: SW] == idm[SW*2 +: SW]);
      BRefW21_A: assert (!(bw && pk == 2'd1) || fv_b_ev[SW*(4*Lanes*2 + 1) +: SW] == idm[SW*2 +: SW]);
      BRefW22_A: assert (!(bw && pk == 2'd2) || fv_b_ev[SW*(4*Lanes*2 + 2) +: SW] == idm[SW*2 +: SW]);
      BRefW23_A: assert (!(bw && pk == 2'd3) || fv_b_ev[SW*(4*Lanes*2 + 3) +: SW] == idm[SW*2 +: SW]);
    end
  end

  // ---- one triangle, then nothing
  logic sent_q, cmd_ready, grp_valid, idle;
  gx_pkg::rs_qgroup_t grp;
  gx_raster #(.Lanes(Lanes)) u_dut (
    .clk_i, .rst_i,
    .cmd_valid_i(!sent_q), .cmd_ready_o(cmd_ready), .cmd_i(cmd),
    .grp_valid_o(grp_valid), .grp_ready_i, .grp_o(grp),
    .idle_o(idle)
  );
  logic [5:0] after_q;  // clocks since it was taken (saturating)
  logic [1:0] stalls_q; // stalled output clocks (at most 3, so the walk ends in the depth)
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      sent_q <= 1'b0;
      after_q <= '0;
      stalls_q <= '0;
    end else begin
      if (!sent_q && cmd_ready) sent_q <= 1'b1;
      if (sent_q && after_q != '1) after_q <= after_q + 1'b1;
      if (grp_valid && !grp_ready_i) stalls_q <= stalls_q + 1'b1;
    end
  end
  always @* if (stalls_q == 2'd3) assume (grp_ready_i);

  // ---- the watched pixel among the emitted groups: lane l = ppx / 2 - qx, pixel
  // 2 (ppy & 1) + (ppx & 1), sample 0
  logic seen_q, hit;
  logic [PW-1:0] qdx;
  assign qdx = PW'(ppx >> 1) - PW'(grp.qx);
  assign hit = grp_valid && PW'(grp.qy) == PW'(ppy >> 1) && PW'(ppx >> 1) >= PW'(grp.qx) &&
               qdx < PW'(Lanes) && grp.masks[{qdx[1:0], ppy[0], ppx[0], 4'b0000}];
  always_ff @(posedge clk_i) begin
    if (rst_i) seen_q <= 1'b0;
    else if (hit && grp_ready_i) seen_q <= 1'b1;
  end

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* assume (rst_i == init_q);  // reset in the first clock only

  // the identity's mirror is the same in every clock (its inputs are constants): stage R
  // holds a value stage B computed clocks before, and REq<e>_A compares it with this
  // clock's reference, so the solver meets the mirror of two clocks (IdmC<e>_A, tasks idmc_<class>)
  logic [3*SW-1:0] idm_prev_q;
  always @(posedge clk_i) idm_prev_q <= idm;
  always @* begin
    if (!init_q) begin
      IdmC0_A: assert (idm_prev_q[SW*0 +: SW] == idm[SW*0 +: SW]);
      IdmC1_A: assert (idm_prev_q[SW*1 +: SW] == idm[SW*1 +: SW]);
      IdmC2_A: assert (idm_prev_q[SW*2 +: SW] == idm[SW*2 +: SW]);
    end
  end
  // ... so stage R's values for the watched pixel are the identity's mirror (from BRefW
  // in the clock R took them, IdmC since), and then the reference's (REq<e>_A, from
  // Id_A and IdRef in the same clock)
  always @* begin
    if (!rst_i) begin
      RMirW0_A: assert (!r_hit || rq(3'd0) == $signed(idm[SW*0 +: SW]));
      RMirW1_A: assert (!r_hit || rq(3'd1) == $signed(idm[SW*1 +: SW]));
      RMirW2_A: assert (!r_hit || rq(3'd2) == $signed(idm[SW*2 +: SW]));
    end
  end

  // stages A and A2 hold a tile only within the first 9 clocks (BMC steps 0 to 8: the
  // depth of the corner and visit monitors' tasks), so those monitors hold at every step
  always @(posedge clk_i)
    if (!rst_i) StageTime_A: assert (!(fv_a_q || fv_a2_q) || (sent_q && after_q <= 6'd6));

  logic done;
  assign done = sent_q && after_q >= 6'd2 && idle;
  // the walk of at most 4 coarse tiles ends within the proof depth
  always @(posedge clk_i) if (!rst_i) WalkEnds_A: assert (after_q < 6'd19 || done);
  // once it is over, the pixel was emitted exactly when it is in the range and passes
  always @(posedge clk_i) if (!rst_i) NoDrop_A: assert (!done || !(in_range && passes) || seen_q);
  always @(posedge clk_i) if (!rst_i) NoAdd_A: assert (!done || !seen_q || (in_range && passes));

  always @(posedge clk_i) if (!rst_i) Triangle_C: cover (done && seen_q && cls == 2'd0);
  always @(posedge clk_i) if (!rst_i) TriangleOut_C: cover (done && !seen_q && cls == 2'd0 && in_range);
  always @(posedge clk_i) if (!rst_i) Segment_C: cover (done && seen_q && cls == 2'd1);
  always @(posedge clk_i) if (!rst_i) SegmentOut_C: cover (done && !seen_q && cls == 2'd1 && in_range);
  always @(posedge clk_i) if (!rst_i) Point_C: cover (done && seen_q && cls == 2'd2);
  always @(posedge clk_i) if (!rst_i) Grown_C: cover (done && seen_q && err == 8'd255 && ev0 + half0 < 0);
  always @(posedge clk_i) if (!rst_i) FineTile3_C: cover (done && seen_q && ppx[3] && ppy[3] && px0[3:0] == 4'd7);
endmodule

`default_nettype wire
