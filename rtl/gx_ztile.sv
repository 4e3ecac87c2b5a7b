// gx_ztile: the depth unit's tile update: a depth tile's compressed form after a draw,
// one tile a clock.
//
// The C model gx_zrop_tile_update (cmodel/src/zrop.c) is the specification
// (docs/zrop.md, "A draw into a tile"). Given the tile's state (clear, planes, raw), its
// planes and each sample's plane index, the draw's tile plane tp and the samples that
// passed the depth test (gx_zsample's pass mask) with depth write on:
//   - a clear tile counts as one plane of the clear value (Pt = clear 2^9, a = b = 0), a
//     raw tile every sample of which passes (tp fitting) as one plane that no sample
//     keeps;
//   - the planes that a sample that did not pass still uses are kept, in the order of
//     their first such sample, then tp: shared with the last kept plane equal to it, or
//     added when fewer than four are kept; the passing samples take its index;
//   - when tp's slopes do not fit 31 signed bits, or four planes are kept and none is
//     tp, the tile becomes raw (the caller writes the passing samples' depths over the
//     reconstructed ones);
//   - write off or no sample passing: the tile is unchanged.
// The form is canonical: planes past np and every field of a clear or raw tile are 0
// (ReqCanon_M; the C model keeps its tiles so).
//
// Handshake: valid/ready streams req (in) and resp (out). One stall pipeline: it
// advances unless its output is valid and not taken, so
// req_ready_o = !resp_valid_o || resp_ready_i. Stages:
//   1  the request registered
//   2  per plane the samples that keep it (hit masks) and whether it equals tp (and
//      whether the clear value's plane does), the outcome's flags
//   3  the effective form (plane 0 the clear value's when the tile counts as it); per
//      plane: used, its first keeping sample (a 64-bit priority encode, as a tree)
//   4  per plane: its new index (the used planes with an earlier first sample), the
//      kept count, the index tp takes
//   5  the response register: the new planes (a one-hot select each), the new indices
// Latency: 5 clocks. Throughput: one tile a clock.
`default_nettype none
`include "gx_assert.svh"

module gx_ztile (
  input  wire logic             clk_i,         /// clock, rising edge
  input  wire logic             rst_i,         /// synchronous reset, active high
  input  wire logic             req_valid_i,   /// a tile is offered
  output      logic             req_ready_o,   /// it is taken this clock
  input  wire gx_pkg::zu_req_t  req_i,         /// the tile, the draw's plane and pass mask
  output      logic             resp_valid_o,  /// the tile's new form is offered
  input  wire logic             resp_ready_i,  /// it is taken this clock
  output      gx_pkg::zu_resp_t resp_o         /// the new form
);
  localparam int unsigned NS = 5;   // stages
  localparam int unsigned K = 64;   // samples a tile
  localparam logic [1:0] StClear = 2'd0, StPlanes = 2'd1, StRaw = 2'd2;
  localparam int unsigned PW = 102;  // a plane: pt, a, b (zt_plane's packing), mod 2^34

  // The stages' valid bits: one stall pipeline.
  logic en;
  logic [NS:1] v_q;
  assign en           = !v_q[NS] || resp_ready_i;
  assign req_ready_o  = en;
  assign resp_valid_o = v_q[NS];
  always_ff @(posedge clk_i) begin
    if (rst_i)   v_q <= '0;
    else if (en) v_q <= {v_q[NS-1:1], req_valid_i};
  end

  // A plane's slopes fit 31 signed bits: bits 33..30 of each (of 34) all equal.
  function automatic logic f_fits(input logic [3:0] ah, input logic [3:0] bh);
    f_fits = (ah == '0 || ah == '1) && (bh == '0 || bh == '1);
  endfunction
  // The samples that keep plane j: not passing, plane index j.
  function automatic logic [K-1:0] f_hit(input logic [2*K-1:0] idx, input logic [K-1:0] pass,
                                         input logic [1:0] j);
    logic [K-1:0] m;
    for (int k = 0; k < K; k++) m[k] = !pass[k] && idx[2*k +: 2] == j;
    f_hit = m;
  endfunction
  // A canonical form: a compressed tile has 1..4 planes, every index below the count and
  // the planes past it 0; a clear or raw tile's other fields are 0; the state is one of
  // the three.
  function automatic logic f_canon(input logic [1:0] st, input logic [2:0] np,
                                   input logic [2*K-1:0] idx, input logic [4*PW-1:0] pl);
    logic idx_ok, pl_ok;
    idx_ok = 1'b1;
    pl_ok = 1'b1;
    for (int k = 0; k < K; k++) idx_ok = idx_ok && 3'(idx[2*k +: 2]) < np;
    for (int r = 0; r < 4; r++) pl_ok = pl_ok && (3'(r) < np || pl[PW*r +: PW] == '0);
    if (st == StPlanes) f_canon = np >= 3'd1 && np <= 3'd4 && idx_ok && pl_ok;
    else                f_canon = st != 2'd3 && np == '0 && idx == '0 && pl == '0;
  endfunction
  // The clear value's flat plane: pt = clear 2^9, a = b = 0.
  function automatic logic [PW-1:0] f_clr_pl(input logic [23:0] clear);
    f_clr_pl = {1'b0, clear, 9'd0, 68'd0};
  endfunction
  // Entry i of four 2-bit values (a case select: an index into a packed array would
  // synthesize as a shifter).
  function automatic logic [1:0] f_sel(input logic [7:0] t, input logic [1:0] i);
    unique case (i)
      2'd0: f_sel = t[1:0];
      2'd1: f_sel = t[3:2];
      2'd2: f_sel = t[5:4];
      default: f_sel = t[7:6];
    endcase
  endfunction
  // The lowest set bit's index (0 when none), as a tree: at level l each group of 2^(l+1)
  // bits takes its lower half's index when that half has a bit, else its upper half's
  // with bit l set (not the 64-deep chain of selects a loop of ifs maps to). Groups are
  // updated in place, group i from groups 2i and 2i + 1 (not yet overwritten).
  function automatic logic [5:0] f_first(input logic [K-1:0] m);
    logic [K-1:0] nz;
    logic [6*K-1:0] ix;
    nz = m;
    ix = '0;
    for (int l = 0; l < 6; l++)
      for (int i = 0; i < (K >> (l + 1)); i++) begin
        ix[6*i +: 6] = nz[2*i] ? ix[6*(2*i) +: 6] : (ix[6*(2*i+1) +: 6] | 6'(1 << l));
        nz[i] = nz[2*i] | nz[2*i+1];
      end
    f_first = nz[0] ? ix[5:0] : 6'd0;
  endfunction
  // Plane j's new index: the used planes whose first keeping sample is earlier.
  function automatic logic [1:0] f_rank(input logic [3:0] used, input logic [23:0] first,
                                        input int j);
    logic [1:0] acc;
    acc = '0;
    for (int i = 0; i < 4; i++)
      if (i != j && used[i] && first[6*i +: 6] < first[6*j +: 6]) acc = acc + 2'd1;
    f_rank = acc;
  endfunction
  // New plane r: the used plane whose new index is r, or tp (put) or 0.
  function automatic logic [PW-1:0] f_place(input logic [3:0] used, input logic [7:0] rank,
                                            input logic [4*PW-1:0] epl, input logic [PW-1:0] tp,
                                            input logic put, input logic [1:0] r);
    logic [PW-1:0] acc;
    acc = put ? tp : '0;
    for (int j = 0; j < 4; j++)
      if (used[j] && rank[2*j +: 2] == r) acc = acc | epl[PW*j +: PW];
    f_place = acc;
  endfunction
  // The kept count.
  function automatic logic [2:0] f_count(input logic [3:0] used);
    f_count = 3'(used[0]) + 3'(used[1]) + 3'(used[2]) + 3'(used[3]);
  endfunction
  // The index tp takes, and whether it is a kept plane's: the greatest new index of a
  // used plane equal to tp, else the kept count.
  function automatic logic [2:0] f_newr(input logic [3:0] used, input logic [3:0] eq,
                                        input logic [7:0] rank, input logic [1:0] nk);
    logic found;
    logic [1:0] r;
    found = 1'b0;
    r = '0;
    for (int j = 0; j < 4; j++)
      if (used[j] && eq[j] && (!found || rank[2*j +: 2] > r)) begin
        found = 1'b1;
        r = rank[2*j +: 2];
      end
    f_newr = found ? {1'b1, r} : {1'b0, nk};
  endfunction

  // ---------------------------------------------------------------------------------
  // Stage 1: the request.
  gx_pkg::zu_req_t r1;
  always_ff @(posedge clk_i) begin
    if (en) r1 <= req_i;
  end

  // Stage 2: the hit masks, the planes equal to tp, the flags; the request's own form
  // rides along (for an unchanged tile, and as the planes). A canonical clear or raw
  // tile's planes and indices are 0, so the effective form (the clear tile, or the raw
  // tile wholly passing, as one plane of the clear value) differs from the request's
  // only in plane 0, and its masks are the request's: plane 0 is replaced in stage 3, by
  // the registered outcome, and tp is compared with plane 0 and with the clear plane
  // side by side here, stage 3 taking one of the two.
  logic conv;       // the tile counts as one plane of the clear value
  assign conv = r1.state == StClear ||
                (r1.state == StRaw && r1.pass == '1 && f_fits(r1.tp[67:64], r1.tp[33:30]));
  logic [3:0][K-1:0] hit2;
  logic [3:0] eqp2;   // the request's plane j equals tp
  logic eqc2;         // the clear plane equals tp
  logic conv2;
  logic [23:0] clr2;
  logic [K-1:0] pass2;
  logic [PW-1:0] tp2;
  logic unch2, ok2;
  gx_pkg::zu_resp_t orig2;
  always_ff @(posedge clk_i) begin
    if (en) begin
      for (int j = 0; j < 4; j++) begin
        hit2[j] <= f_hit(r1.idx, r1.pass, 2'(j));
        eqp2[j] <= r1.pl[PW*j +: PW] == r1.tp;
      end
      eqc2  <= f_clr_pl(r1.clear) == r1.tp;
      conv2 <= conv;
      clr2  <= r1.clear;
      pass2 <= r1.pass;
      tp2   <= r1.tp;
      unch2 <= !r1.write || r1.pass == '0;
      ok2   <= (conv || r1.state == StPlanes) && f_fits(r1.tp[67:64], r1.tp[33:30]);
      orig2 <= {r1.state, r1.np, r1.idx, r1.pl};
    end
  end

  // Stage 3: per plane, used and its first keeping sample.
  logic [3:0] used3, eq3;
  logic [3:0][5:0] first3;
  logic [4*PW-1:0] epl3;
  logic [K-1:0] pass3;
  logic [PW-1:0] tp3;
  logic unch3, ok3;
  gx_pkg::zu_resp_t orig3;
  always_ff @(posedge clk_i) begin
    if (en) begin
      for (int j = 0; j < 4; j++) begin
        used3[j]  <= |hit2[j];
        first3[j] <= f_first(hit2[j]);
      end
      for (int j = 0; j < 4; j++) eq3[j] <= (j == 0 && conv2) ? eqc2 : eqp2[j];
      epl3  <= {orig2.pl[4*PW-1:PW], conv2 ? f_clr_pl(clr2) : orig2.pl[PW-1:0]};
      pass3 <= pass2;
      tp3   <= tp2;
      unch3 <= unch2;
      ok3   <= ok2;
      orig3 <= orig2;
    end
  end

  // Stage 4: each used plane's new index, the kept count, the index tp takes (the last
  // kept plane equal to it, else the next free one), and whether the tile stays
  // compressed.
  logic [3:0][1:0] rank_d;
  logic [2:0] nk_d, nr_d;
  always_comb begin
    for (int j = 0; j < 4; j++) rank_d[j] = f_rank(used3, first3, j);
  end
  assign nk_d   = f_count(used3);
  assign nr_d   = f_newr(used3, eq3, rank_d, nk_d[1:0]);
  logic [3:0][1:0] rank4;
  logic [3:0] used4;
  logic [2:0] nk4;
  logic found4, comp4, unch4, ok4;
  logic [1:0] newr4;
  logic [4*PW-1:0] epl4;
  logic [K-1:0] pass4;
  logic [PW-1:0] tp4;
  gx_pkg::zu_resp_t orig4;
  always_ff @(posedge clk_i) begin
    if (en) begin
      rank4  <= rank_d;
      used4  <= used3;
      nk4    <= nk_d;
      found4 <= nr_d[2];
      newr4  <= nr_d[1:0];
      comp4  <= ok3 && (nr_d[2] || nk_d < 3'd4);
      ok4    <= ok3;
      unch4  <= unch3;
      epl4   <= epl3;
      pass4  <= pass3;
      tp4    <= tp3;
      orig4  <= orig3;
    end
  end

  // Stage 5: the response.
  gx_pkg::zu_resp_t nf;   // the new compressed form
  always_comb begin
    nf.state = StPlanes;
    nf.np = found4 ? nk4 : nk4 + 3'd1;
    for (int k = 0; k < K; k++)
      nf.idx[2*k +: 2] = pass4[k] ? newr4 : f_sel(rank4, orig4.idx[2*k +: 2]);
    for (int r = 0; r < 4; r++)
      nf.pl[PW*r +: PW] = f_place(used4, rank4, epl4, tp4, !found4 && nk4 == 3'(r), 2'(r));
  end
  always_ff @(posedge clk_i) begin
    if (en) begin
      if (unch4)      resp_o <= orig4;
      else if (comp4) resp_o <= nf;
      else            resp_o <= {StRaw, 539'd0};
    end
  end

  // ---------------------------------------------------------------------------------
  // Properties. The C model's every bit is checked in cosimulation; here, by k-induction,
  // what the new form means: a sample that did not pass reads the same plane as before,
  // a passing one reads tp, every index is below the plane count and the planes past it
  // are 0; an unchanged tile is the request's form; and the response held while not
  // taken. Each stage's derived registers are stated as their function of the fields
  // carried beside them (Stage3_A, Stage4_A), which makes the induction go through.
  // ---------------------------------------------------------------------------------
  // Properties (k-induction, formal/gx_ztile.sby.j2). The C model's every bit is checked
  // in cosimulation; here, what the new form means, for one arbitrary sample (so for
  // every one): a sample that did not pass reads the plane it read before (Keep_A), a
  // passing one reads tp (New_A); the plane count is 1..4, every index below it and the
  // planes past it 0 (Form_A); an unchanged tile is the request's form (Unch_A); a tile
  // that does not stay compressed is the raw form (Raw_A); the response held while not
  // taken. Each stage's derived registers are stated as their function of the fields
  // carried beside them (Stage2_A .. Stage4_A), which makes the induction go through.
`ifdef GX_ASSERT_ON
  // No tile lost or made up: the requests taken and not yet answered are the valid
  // stages.
  logic [3:0] fv_owed_q, fv_in_flight;
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_owed_q <= '0;
    else fv_owed_q <= fv_owed_q + 4'(req_valid_i && req_ready_o) -
                      4'(resp_valid_o && resp_ready_i);
  end
  always_comb begin
    fv_in_flight = '0;
    for (int j = 1; j <= NS; j++) fv_in_flight = fv_in_flight + 4'(v_q[j]);
  end
  logic fv_unch5, fv_comp5;
  gx_pkg::zu_resp_t fv_orig5;
  always_ff @(posedge clk_i) begin
    if (en) begin
      fv_unch5 <= unch4;
      fv_comp5 <= comp4;
      fv_orig5 <= orig4;
    end
  end
  logic fv_s2, fv_s3, fv_s4;
  logic [3:0] fv_u4, fv_eq4;
  logic [3:0][5:0] fv_f4;
  logic [3:0][1:0] fv_r4;
  logic [2:0] fv_n4;
  always_comb begin
    fv_s2 = eqc2 == (f_clr_pl(clr2) == tp2);
    fv_s3 = 1'b1;
    for (int j = 0; j < 4; j++) begin
      fv_s2 = fv_s2 && hit2[j] == f_hit(orig2.idx, pass2, 2'(j)) &&
              eqp2[j] == (orig2.pl[PW*j +: PW] == tp2);
      fv_s3 = fv_s3 && used3[j] == |f_hit(orig3.idx, pass3, 2'(j)) &&
              first3[j] == f_first(f_hit(orig3.idx, pass3, 2'(j))) &&
              eq3[j] == (epl3[PW*j +: PW] == tp3);
      fv_u4[j]  = |f_hit(orig4.idx, pass4, 2'(j));
      fv_f4[j]  = f_first(f_hit(orig4.idx, pass4, 2'(j)));
      fv_eq4[j] = epl4[PW*j +: PW] == tp4;
    end
    for (int j = 0; j < 4; j++) fv_r4[j] = f_rank(fv_u4, fv_f4, j);
    fv_n4 = f_count(fv_u4);
    fv_s4 = used4 == fv_u4 && rank4 == fv_r4 && nk4 == fv_n4 &&
            {found4, newr4} == f_newr(fv_u4, fv_eq4, fv_r4, fv_n4[1:0]) &&
            comp4 == (ok4 && (found4 || nk4 < 3'd4));
  end
`endif

  // The request is canonical (the C model's tiles are).
  logic req_canon;
  assign req_canon = f_canon(req_i.state, req_i.np, req_i.idx, req_i.pl);

  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqCanon_M, !req_valid_i || req_canon)
  `GX_ASSERT(RespHold_A, !`GX_PAST_OK || !$past(resp_valid_o && !resp_ready_i) ||
                         (resp_valid_o && resp_o == $past(resp_o)))
  `GX_ASSERT(Owed_A, fv_owed_q == fv_in_flight)
  `GX_ASSERT(Stage2_A, !v_q[2] || fv_s2)
  `GX_ASSERT(Stage3_A, !v_q[3] || fv_s3)
  `GX_ASSERT(Stage4_A, !v_q[4] || fv_s4)
  `GX_ASSERT(Unch_A, !v_q[NS] || !fv_unch5 || resp_o == fv_orig5)
  `GX_ASSERT(Raw_A, !v_q[NS] || fv_unch5 || fv_comp5 ||
                    resp_o == {StRaw, 539'd0})
  `GX_ASSERT(Form_A, !v_q[NS] || fv_unch5 || !fv_comp5 ||
                     (resp_o.state == StPlanes &&
                      f_canon(resp_o.state, resp_o.np, resp_o.idx, resp_o.pl)))
`ifdef FORMAL
  // One arbitrary sample's plane before and after.
  logic [4*PW-1:0] fv_epl5;
  logic [K-1:0] fv_pass5;
  logic [PW-1:0] fv_tp5;
  always_ff @(posedge clk_i) begin
    if (en) begin
      fv_epl5  <= epl4;
      fv_pass5 <= pass4;
      fv_tp5   <= tp4;
    end
  end
  (* anyconst *) logic [5:0] fv_k;
  logic [1:0] fv_oi, fv_ni;
  logic [PW-1:0] fv_old, fv_new;
  assign fv_oi  = fv_orig5.idx[2*fv_k +: 2];
  assign fv_ni  = resp_o.idx[2*fv_k +: 2];
  assign fv_old = fv_epl5[PW*fv_oi +: PW];
  assign fv_new = resp_o.pl[PW*fv_ni +: PW];
  `GX_ASSERT(Keep_A, !v_q[NS] || fv_unch5 || !fv_comp5 || fv_pass5[fv_k] ||
                     fv_new == fv_old)
  `GX_ASSERT(New_A, !v_q[NS] || fv_unch5 || !fv_comp5 || !fv_pass5[fv_k] ||
                    fv_new == fv_tp5)
`endif
  `GX_COVER(ClearToPlanes_C, resp_valid_o && fv_orig5.state == StClear && resp_o.state == StPlanes)
  `GX_COVER(MorePlanes_C, resp_valid_o && fv_orig5.state == StPlanes && resp_o.state == StPlanes &&
                          resp_o.np > fv_orig5.np)
  `GX_COVER(FewerPlanes_C, resp_valid_o && fv_orig5.state == StPlanes &&
                           resp_o.state == StPlanes && resp_o.np < fv_orig5.np)
  `GX_COVER(PlanesToRaw_C, resp_valid_o && fv_orig5.state == StPlanes && resp_o.state == StRaw)
  `GX_COVER(RawToPlane_C, resp_valid_o && fv_orig5.state == StRaw && resp_o.state == StPlanes)
  `GX_COVER(FourPlanes_C, resp_valid_o && !fv_unch5 && resp_o.np == 3'd4)
  `GX_COVER(Stall_C, resp_valid_o && !resp_ready_i && req_valid_i)
endmodule

`default_nettype wire
