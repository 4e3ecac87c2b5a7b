// gx_mswb: flush encoder of the multi-sample surface store path (issue 4).
//
// Turns one eviction record of the coalesce unit (ms_evict_t from gx_mssurf) into one
// flush packet (ms_flush_t), in the steps a-e of gx_mssurf_writeback
// (cmodel/src/mswb.c, the specification, bit for bit):
//   a. RMW: the partially covered pixels are read from memory (rd_req kind 0) and their
//      unstored samples filled in; when no pixel is partial but some pixel is uncovered,
//      the same request with pixels 0 asks only for the tile's state Em;
//   b. threshold merging (cfg T > 0), greedy per covered pixel, one reference sample
//      index per clock over all pixels at once (N clocks);
//   c. re-analysis of every covered pixel whose arrival state is not 1SPP with the one
//      gx_analyzer instance, in the request order of gx_mssurf_classes: line analyses,
//      and query passes for a pixel spanning several lines; Eb = the widest need (the
//      requests and the reading of the responses are gx_ms_classify, shared with gx_msld);
//   d. the tile's state: every existing pixel covered: Eb (full rewrite); else Eb <= Em:
//      Em, covered pixels only; else Eb with a promote read (rd_req kind 1) of the
//      uncovered pixels;
//   e. encoding (gx_mssurf_encode: 1SPP, subset with bit-packed masks then values,
//      full), one tile sample per clock; for subset the values are then moved up past
//      the mask bytes (Pack: 8 bytes a clock, then 1 byte a clock); then the packet.
// Peek records (loads' snapshots, peek = 1) are no evictions: taken and dropped.
//
// Handshake: valid/ready streams ev (in), rd_req (out), rd_resp (in), fl (out; one output
// register). One eviction is in flight: ev_ready_o is high only when the unit is idle,
// i.e. after the previous packet was taken, so the memory must apply a packet before it
// answers the next read (the next eviction's reads come after the packet). At most one
// read is outstanding. cfg_i is taken with each eviction and must stay static while it is
// in flight (it changes only between surfaces).
// Latency (docs/mswb.md, measured by tb/mswb/bench_mswb.c): from the clock an eviction
// is taken to fl_valid_o: 2 + scan (1 clock without re-analysis, else one per line or
// pixel up to the last to analyze, + 1) + 2 per read (+ memory latency beyond one
// clock) + N merge clocks (T > 0) + 3 per analyzer request + 1 + encode (per
// pixel: 1 clock when not written or 1SPP, else N) + pack (subset: m / 8 + m % 8 for m
// mask bytes) + 1; e.g. 21 clocks for a uniform 4x RGBA8 tile, 101 with every sample
// distinct, 81 for one partial pixel (subset).
// Throughput: one eviction per latency + 1 clocks.
`default_nettype none
`include "gx_assert.svh"

module gx_mswb (
  input  wire logic               clk_i,           /// clock, rising edge
  input  wire logic               rst_i,           /// synchronous reset, active high
  input  wire gx_pkg::ms_cfg_t    cfg_i,           /// surface format, sampled per eviction
  input  wire logic               ev_valid_i,      /// an eviction (or peek) record is offered
  output      logic               ev_ready_o,      /// the record is taken this clock
  input  wire gx_pkg::ms_evict_t  ev_i,            /// the record (gx_mssurf's ev_o)
  output      logic               rd_req_valid_o,  /// a memory read is requested
  input  wire logic               rd_req_ready_i,  /// the request is taken this clock
  output      gx_pkg::ms_rdreq_t  rd_req_o,        /// tile, pixels, kind
  input  wire logic               rd_resp_valid_i, /// the read's response is offered
  output      logic               rd_resp_ready_o, /// the response is taken this clock
  input  wire gx_pkg::ms_rdresp_t rd_resp_i,       /// Em, bytes read, the pixels' data
  output      logic               fl_valid_o,      /// a flush packet is offered
  input  wire logic               fl_ready_i,      /// the packet is taken this clock
  output      gx_pkg::ms_flush_t  fl_o             /// the flush packet
);
  localparam int unsigned TP = gx_pkg::MsMaxTilePixels;  // 32
  localparam int unsigned TS = gx_pkg::MsTileSamples;    // 64
  localparam int unsigned TD = 64;                       // dwords of a tile
  localparam int unsigned MB = 960;                      // most mask bits of a payload
  localparam int unsigned PW = 8 * gx_pkg::MsMaxPayload; // 2880 payload bits

  typedef enum logic [4:0] {
    StIdle, StInit, StRdReq, StRdWait, StMerge, StAnaNext, StAnaReq, StAnaWait, StSlot,
    StQBuild, StQReq, StQWait, StDecide, StPrReq, StPrWait, StEnc, StPack, StOut
  } state_e;

  // ---------------------------------------------------------------------------------
  // State. state_q and fl_valid are control; the rest is datapath (no reset).
  state_e            state_q, state_d;
  gx_pkg::ms_cfg_t   cfg_q, cfg_d;
  logic [19:0]       tile_q, tile_d;
  logic [1:0]        cause_q, cause_d;
  logic [63:0]       stored_q, stored_d;     // coverage, bit t = tile sample t
  logic [63:0]       arrive_q, arrive_d;
  logic [2047:0]     img_q, img_d;           // the tile image being built
  logic [31:0]       valid_q, valid_d;       // existing pixels
  logic [31:0]       cov_q, cov_d, part_q, part_d, ana_q, ana_d;
  logic [1:0]        em_q, em_d, eb_q, eb_d, enc_q, enc_d;
  logic [31:0]       written_q, written_d;
  logic [8:0]        rmw_q, rmw_d, prom_q, prom_d;
  logic [15:0]       passes_q, passes_d;
  logic [3:0]        k_q, k_d;               // merge: reference sample index
  logic [63:0]       done_q, done_d;         // merge: samples placed in a class
  logic [5:0]        ai_q, ai_d;             // analysis: line (one-line pixels) or pixel
  logic [2:0]        bl_q, bl_d;             // analysis: line of a multi-line pixel
  logic [3:0]        slot_q, slot_d;         // analysis: slot j of that line
  logic [4:0]        ng_q, ng_d, ng0_q, ng0_d, g0_q, g0_d;  // classes, earlier, query base
  logic [63:0]       grep_q, grep_d;         // first sample of class g: bits 4g+3..4g
  logic [7:0]        lmf_q, lmf_d;           // the line's first-of-class slots
  logic [5:0]        rem_q, rem_d;           // ng0 - g0 (signed): earlier classes to compare
  logic [7:0]        live_q;                 // ms_cls_live(rem_q)
  logic [6:0]        s_q, s_d;               // encode: tile sample
  logic [2:0]        qk_q, qk_d;             // query line build step
  logic [255:0]      qline_q, qline_d;       // the query line
  logic [8:0]        voff_q, voff_d;         // encode: value bytes
  logic [10:0]       moff_q, moff_d;         // encode: mask bits (<= 960; 11 bits: no wrap)
  logic [PW-1:0]     vbuf_q, vbuf_d;         // values; subset: moved up past the masks
  logic [MB-1:0]     mbuf_q, mbuf_d;
  logic [8:0]        pk_q, pk_d;             // subset packing: bytes vbuf moved up so far
  logic              fl_valid_q, fl_valid_d;
  gx_pkg::ms_flush_t fl_q, fl_d;

  // ---------------------------------------------------------------------------------
  // Format of the held eviction (gx_ms_pkg::ms_fmt_t: N = 2^nlg, B = 2^blg, B/4 = 2^dlg
  // dwords a sample, P = 2^plg pixels a tile, 2^tsl samples a tile, S = 2^slg slots a line).
  gx_ms_pkg::ms_fmt_t fmt;
  assign fmt = gx_ms_pkg::ms_fmt(2'(cfg_q.spp), 2'(cfg_q.bps));

  // ---------------------------------------------------------------------------------
  // Pixel masks of a coverage bitmap (bit p N + i = sample i of pixel p) and the
  // existing pixels of a tile, as functions: the environment assumption on the eviction
  // stream (EvInTile_M) uses them on the inputs.
  // f_pix: bit p = some (any = 1) or every (any = 0) sample of pixel p is stored.
  function automatic logic [31:0] f_pix(input logic [63:0] st, input logic [1:0] spp,
                                        input logic any);
    logic [31:0] r2, r4, r8, r16;
    r2 = '0;
    r4 = '0;
    r8 = '0;
    r16 = '0;
    for (int unsigned p = 0; p < 32; p++) begin
      r2[p] = any ? |st[p*2 +: 2] : &st[p*2 +: 2];
      if (p < 16) r4[p] = any ? |st[p*4 +: 4] : &st[p*4 +: 4];
      if (p < 8) r8[p] = any ? |st[p*8 +: 8] : &st[p*8 +: 8];
      if (p < 4) r16[p] = any ? |st[p*16 +: 16] : &st[p*16 +: 16];
    end
    unique case (spp)
      2'd0:    f_pix = r2;
      2'd1:    f_pix = r4;
      2'd2:    f_pix = r8;
      default: f_pix = r16;
    endcase
  endfunction
  // log2 P = 8 - log2 N - log2 B = 5 - spp - bps
  function automatic logic [2:0] f_plg(input gx_pkg::spp_e spp, input gx_pkg::bps_e bps);
    f_plg = 3'(3'd5 - 3'(spp) - 3'(bps));
  endfunction
  // the pixels of the tile (P of them): bit p for p < P
  function automatic logic [31:0] f_pmask(input gx_pkg::spp_e spp, input gx_pkg::bps_e bps);
    f_pmask = 32'((33'd1 << (6'd1 << f_plg(spp, bps))) - 33'd1);
  endfunction
  // the existing pixels of tile t: W H - t P, clamped to 0..P
  function automatic logic [31:0] f_valid(input logic [13:0] w, input logic [13:0] h,
                                          input logic [2:0] lg, input logic [19:0] t);
    logic [27:0] total, first;
    logic [5:0]  n;
    total = 28'(w) * 28'(h);
    first = 28'(t) << lg;
    if (first >= total) n = 6'd0;
    else if (total - first < 28'(6'd1 << lg)) n = 6'(total - first);
    else n = 6'd1 << lg;
    f_valid = n >= 6'd32 ? 32'hffff_ffff : 32'((33'd1 << n) - 33'd1);
  endfunction

  logic [31:0] pix_any, pix_all, p_mask, ana_c, valid_c;
  always_comb begin
    p_mask = f_pmask(cfg_q.spp, cfg_q.bps);
    pix_any = f_pix(stored_q, cfg_q.spp, 1'b1) & p_mask;
    pix_all = f_pix(stored_q, cfg_q.spp, 1'b0) & p_mask;
    for (int unsigned p = 0; p < TP; p++)
      ana_c[p] = pix_any[p] && arrive_q[2*p +: 2] != 2'd0;
    valid_c = f_valid(cfg_q.width, cfg_q.height, fmt.plg, tile_q);
  end

  // ---------------------------------------------------------------------------------
  // Reference broadcast. Every sample t is compared with sample kref of its own pixel,
  // (t & ~(N-1)) | kref: merge step k: kref = k; encode: kref = i of sample s_q, so the
  // samples of s_q's pixel see s_q (the other pixels' results are not used). A 64:1
  // dword select per dword (the index is computed, Yosys cannot narrow it) would be
  // 64 x 32 x 63 muxes; instead a butterfly: for each sample-index bit b < log2 N the
  // samples whose bit b differs from kref's take the neighbour 2^b samples away. A
  // sample is 2^dlg dwords, so bit b of the sample is bit b + dlg of the dword: stage m
  // swaps dwords 2^m apart and moves sample bit m - dlg. Six stages of one 2:1 mux per
  // bit (each stage's select is the same for every dword with the same bit m), of which
  // log2 N are active. The result rref is shared by the comparators and the merge.
  // One butterfly stage over the tile dwords: swap dwords 2^m apart where sw[dword bit m].
  function automatic logic [2047:0] f_bfly(input logic [2047:0] x, input int unsigned m,
                                           input logic [1:0] sw);
    for (int unsigned d = 0; d < TD; d++)
      f_bfly[d*32 +: 32] = sw[(d >> m) & 1] ? x[(d ^ (32'd1 << m))*32 +: 32] : x[d*32 +: 32];
  endfunction
  logic [3:0]    kref;
  logic [5:0]    bf_act, bf_kb;  // stage m: active, the bit of kref it moves
  logic [2047:0] bf1, bf2, bf3, bf4, bf5, rref;
  always_comb begin
    kref = state_q == StEnc ? 4'(s_q & 7'(fmt.nn - 5'd1)) : k_q;
    for (int unsigned m = 0; m < 6; m++) begin
      bf_act[m] = 32'(m) >= 32'(fmt.dlg) && 32'(m) - 32'(fmt.dlg) < 32'(fmt.nlg);
      bf_kb[m] = kref[2'(32'(m) - 32'(fmt.dlg))];
    end
    // a dword whose bit m differs from kref's bit moves: sw[0] for bit m = 0, sw[1] for 1
    bf1 = f_bfly(img_q, 0, {bf_act[0] && !bf_kb[0], bf_act[0] && bf_kb[0]});
    bf2 = f_bfly(bf1, 1, {bf_act[1] && !bf_kb[1], bf_act[1] && bf_kb[1]});
    bf3 = f_bfly(bf2, 2, {bf_act[2] && !bf_kb[2], bf_act[2] && bf_kb[2]});
    bf4 = f_bfly(bf3, 3, {bf_act[3] && !bf_kb[3], bf_act[3] && bf_kb[3]});
    bf5 = f_bfly(bf4, 4, {bf_act[4] && !bf_kb[4], bf_act[4] && bf_kb[4]});
    rref = f_bfly(bf5, 5, {bf_act[5] && !bf_kb[5], bf_act[5] && bf_kb[5]});
  end

  // Shared sample comparators: every tile dword against the same dword of its sample's
  // reference (rref).
  logic [TD-1:0] dw_eq, dw_near;
  logic [TS-1:0] s_eq, s_near;
  always_comb begin
    for (int unsigned d = 0; d < TD; d++) begin
      logic [31:0] a, r;
      logic nr;
      a = img_q[d*32 +: 32];
      r = rref[d*32 +: 32];
      nr = 1'b1;
      // byte y is far when |x0 - x1| > T. One subtraction and one comparison (not a
      // compare, two subtractions and a compare: 256 of them): with the borrow bw of
      // x0 - x1 and its low bits flipped when bw (|x0 - x1| - bw), far is
      // {that, bw} > {T, 0}: bw = 0: |x0 - x1| > T; bw = 1: |x0 - x1| - 1 >= T.
      for (int unsigned y = 0; y < 4; y++) begin
        logic [8:0] df;
        df = {1'b0, a[y*8 +: 8]} - {1'b0, r[y*8 +: 8]};
        if ({df[7:0] ^ {8{df[8]}}, df[8]} > {cfg_q.threshold, 1'b0}) nr = 1'b0;
      end
      dw_eq[d] = a == r;
      dw_near[d] = nr;
    end
    // a sample is its B/4 dwords: reduce pairs, then pairs of pairs
    s_eq = '0;
    s_near = '0;
    for (int unsigned t = 0; t < TS; t++) begin
      if (fmt.dlg == 3'd0) begin
        s_eq[t] = dw_eq[t];
        s_near[t] = dw_near[t];
      end else if (fmt.dlg == 3'd1) begin
        if (t < TS / 2) begin
          s_eq[t] = dw_eq[2*t] && dw_eq[2*t+1];
          s_near[t] = dw_near[2*t] && dw_near[2*t+1];
        end
      end else if (t < TS / 4) begin
        s_eq[t] = &dw_eq[4*t +: 4];
        s_near[t] = &dw_near[4*t +: 4];
      end
    end
  end

  // Merge step k: joins and the new placed set. Whether sample k of t's pixel is placed:
  // the same butterfly over the 64 placed bits (one bit a sample: stage b moves bit b).
  function automatic logic [TS-1:0] f_dbfly(input logic [TS-1:0] x, input int unsigned b,
                                             input logic [1:0] sw);
    for (int unsigned t = 0; t < TS; t++)
      f_dbfly[t] = sw[(t >> b) & 1] ? x[t ^ (32'd1 << b)] : x[t];
  endfunction
  logic [TS-1:0] join_c, done_c, done_ref;
  always_comb begin
    logic [3:0] dact;
    for (int unsigned b = 0; b < 4; b++) dact[b] = 32'(b) < 32'(fmt.nlg);
    done_ref = f_dbfly(f_dbfly(f_dbfly(f_dbfly(done_q,
                 0, {dact[0] && !k_q[0], dact[0] && k_q[0]}),
                 1, {dact[1] && !k_q[1], dact[1] && k_q[1]}),
                 2, {dact[2] && !k_q[2], dact[2] && k_q[2]}),
                 3, {dact[3] && !k_q[3], dact[3] && k_q[3]});
    join_c = '0;
    done_c = done_q;
    for (int unsigned t = 0; t < TS; t++) begin
      logic [3:0] i;
      i = 4'(6'(t) & 6'(fmt.nn - 5'd1));
      if (t < (32'd1 << fmt.tsl) && cov_q[t >> fmt.nlg] && !done_q[t]) begin
        if (i == k_q) done_c[t] = 1'b1;
        else if (i > k_q && !done_ref[t] && (stored_q[t] ? s_near[t] : s_eq[t])) begin
          join_c[t] = 1'b1;
          done_c[t] = 1'b1;
        end
      end
    end
  end

  // The image after merge step k: a joining sample takes its reference's value.
  logic [2047:0] merge_img;
  always_comb begin
    for (int unsigned d = 0; d < TD; d++)
      merge_img[d*32 +: 32] = join_c[d >> fmt.dlg] ? rref[d*32 +: 32] : img_q[d*32 +: 32];
  end

  // ---------------------------------------------------------------------------------
  // Analysis. One-line pixels (N B <= 32): line ai_q holds 2^(5 - nb) pixels; the need
  // of each requested pixel from the line's masks. Multi-line pixels: pixel ai_q, line
  // bl_q of 2^(nb - 5), slot slot_q of S, query base g0_q.

  gx_pkg::an_req_t  an_req;
  gx_pkg::an_resp_t an_resp;
  logic an_req_valid, an_req_ready, an_resp_valid, an_resp_ready;

  logic unused_resp;  // the encoding and query echo of a response are not needed
  assign unused_resp = ^{an_resp.query, an_resp.enc};

  gx_analyzer u_an (
    .clk_i        (clk_i),
    .rst_i        (rst_i),
    .req_valid_i  (an_req_valid),
    .req_ready_o  (an_req_ready),
    .req_i        (an_req),
    .resp_valid_o (an_resp_valid),
    .resp_ready_i (an_resp_ready),
    .resp_o       (an_resp)
  );

  // The analyzer's requests and what its responses say (shared with gx_msld).
  logic [1:0] line_need;  // widest need of the line's requested pixels (one-line)
  logic [7:0] an_first;   // the analyzer response's first-of-class slots
  logic       lm_first;   // slot slot_q is first of its line class (multi-line)
  logic [3:0] rs;         // sample of the pixel: line bl_q, slot slot_q
  logic       q_found;    // the query found the sample's class
  logic [4:0] q_idx;      // which class (not needed here)
  logic [1:0] ng_need;    // need of the pixel from its classes
  logic [3:0] q_smp;      // query line build: the sample read
  logic [255:0] q_line;   // query line build: the line after this step
  logic       q_last;     // query line build: the last step
  logic unused_q_idx;
  assign unused_q_idx = ^q_idx;

  gx_ms_classify u_cls (
    .fmt_i       (fmt),
    .img_i       (img_q),
    .ana_i       (ana_q),
    .ai_i        (ai_q),
    .bl_i        (bl_q),
    .slot_i      (slot_q),
    .ng_i        (ng_q),
    .live_i      (live_q),
    .g0_i        (g0_q),
    .grep_i      (grep_q),
    .lmf_i       (lmf_q),
    .masks_i     (an_resp.masks),
    .query_i     (state_q == StQReq),
    .q_line_i    (qline_q),
    .qk_i        (qk_q),
    .q_val_i     (enc_val),
    .an_req_o    (an_req),
    .line_need_o (line_need),
    .first_o     (an_first),
    .lm_first_o  (lm_first),
    .rs_o        (rs),
    .q_found_o   (q_found),
    .q_idx_o     (q_idx),
    .ng_need_o   (ng_need),
    .q_smp_o     (q_smp),
    .q_line_o    (q_line),
    .q_last_o    (q_last)
  );
  assign an_req_valid = state_q == StAnaReq || state_q == StQReq;
  assign an_resp_ready = state_q == StAnaWait || state_q == StQWait;

  // ---------------------------------------------------------------------------------
  // Encoding of tile sample s_q: its class mask in its pixel and whether it is first.
  logic [15:0] enc_mask;
  logic        enc_first, enc_emit;
  logic [127:0] enc_val;
  logic [4:0]  enc_p;
  logic [3:0]  enc_i;
  logic [5:0]  rd_s;  // the sample read: s_q, or the query line's sample of pixel ai_q
  always_comb begin
    rd_s = state_q == StQBuild ? 6'((32'(ai_q) << fmt.nlg) + 32'(q_smp)) : s_q[5:0];
    enc_p = 5'(s_q >> fmt.nlg);
    enc_i = 4'(s_q & 7'(fmt.nn - 5'd1));
    enc_mask = 16'(s_eq >> (32'(enc_p) << fmt.nlg)) & fmt.alln;
    enc_first = (enc_mask & 16'((17'd1 << enc_i) - 17'd1)) == 16'd0;
    // the sample's B bytes: a sample select, not a bit shift
    unique case (fmt.dlg)
      3'd0:    enc_val = 128'(img_q[32'(rd_s[5:0])*32 +: 32]);
      3'd1:    enc_val = 128'(img_q[32'(rd_s[4:0])*64 +: 64]);
      default: enc_val = img_q[32'(rd_s[3:0])*128 +: 128];
    endcase
    unique case (enc_q)
      2'd0:    enc_emit = written_q[enc_p] && enc_i == 4'd0;
      2'd2:    enc_emit = written_q[enc_p];
      default: enc_emit = written_q[enc_p] && enc_first;
    endcase
  end

  // The packet from the buffers. Subset: the values were moved up past the mask bytes
  // in StPack (a shift by a run-time byte count in one clock is a 2,880-bit barrel
  // shifter); the bytes below them are 0, as are the mask buffer's bits past moff.
  logic [8:0]    mbytes;
  logic [PW-1:0] payload;
  always_comb begin
    mbytes = 9'((moff_q + 11'd7) >> 3);
    if (enc_q == 2'd1) payload = PW'(mbuf_q) | vbuf_q;
    else payload = vbuf_q;
  end

  // ---------------------------------------------------------------------------------
  // Control.
  logic ev_take, peek_take;
  assign ev_ready_o = state_q == StIdle;
  assign ev_take = ev_valid_i && ev_ready_o;
  assign peek_take = ev_take && ev_i.peek;

  always_comb begin
    rd_req_o = '0;
    rd_req_o.tile = tile_q;
    rd_req_o.kind = state_q == StPrReq ? 2'd1 : 2'd0;
    rd_req_o.pixels = state_q == StPrReq ? valid_q & ~cov_q : part_q;
  end
  assign rd_req_valid_o = state_q == StRdReq || state_q == StPrReq;
  assign rd_resp_ready_o = state_q == StRdWait || state_q == StPrWait;
  assign fl_valid_o = fl_valid_q;
  assign fl_o = fl_q;

  always_comb begin
    state_d = state_q;
    cfg_d = cfg_q;
    tile_d = tile_q;
    cause_d = cause_q;
    stored_d = stored_q;
    arrive_d = arrive_q;
    img_d = img_q;
    valid_d = valid_q;
    cov_d = cov_q;
    part_d = part_q;
    ana_d = ana_q;
    em_d = em_q;
    eb_d = eb_q;
    enc_d = enc_q;
    written_d = written_q;
    rmw_d = rmw_q;
    prom_d = prom_q;
    passes_d = passes_q;
    k_d = k_q;
    done_d = done_q;
    ai_d = ai_q;
    bl_d = bl_q;
    slot_d = slot_q;
    ng_d = ng_q;
    ng0_d = ng0_q;
    g0_d = g0_q;
    grep_d = grep_q;
    lmf_d = lmf_q;
    rem_d = rem_q;
    s_d = s_q;
    qk_d = qk_q;
    qline_d = qline_q;
    voff_d = voff_q;
    moff_d = moff_q;
    vbuf_d = vbuf_q;
    mbuf_d = mbuf_q;
    pk_d = pk_q;
    fl_valid_d = fl_valid_q;
    fl_d = fl_q;

    unique case (state_q)
      StIdle: begin
        if (ev_take && !peek_take) begin
          cfg_d = cfg_i;
          tile_d = ev_i.tile;
          cause_d = ev_i.cause;
          stored_d = ev_i.stored;
          arrive_d = ev_i.arrive;
          img_d = ev_i.data;
          state_d = StInit;
        end
      end
      StInit: begin
        // the stored samples only; everything else 0 until read
        for (int unsigned d = 0; d < TD; d++)
          if (!stored_q[d >> fmt.dlg]) img_d[d*32 +: 32] = 32'd0;
        valid_d = valid_c;
        cov_d = pix_any & p_mask;
        part_d = pix_any & ~pix_all & p_mask;
        ana_d = ana_c;
        rmw_d = '0;
        prom_d = '0;
        passes_d = '0;
        eb_d = 2'd0;
        em_d = 2'd0;
        k_d = '0;
        done_d = '0;
        ai_d = '0;
        // Em is needed unless the whole tile is rewritten; data for partial pixels
        if ((pix_any & ~pix_all & p_mask) != 32'd0 || (pix_any & p_mask) != valid_c)
          state_d = StRdReq;
        else
          state_d = cfg_q.threshold != 8'd0 ? StMerge : StAnaNext;
      end
      StRdReq: if (rd_req_ready_i) state_d = StRdWait;
      StRdWait: begin
        if (rd_resp_valid_i) begin
          em_d = rd_resp_i.enc;
          rmw_d = part_q != 32'd0 ? rd_resp_i.bytes : 9'd0;
          for (int unsigned d = 0; d < TD; d++)
            if (part_q[d >> (32'(fmt.dlg) + 32'(fmt.nlg))] && !stored_q[d >> fmt.dlg])
              img_d[d*32 +: 32] = rd_resp_i.data[d*32 +: 32];
          state_d = cfg_q.threshold != 8'd0 ? StMerge : StAnaNext;
        end
      end
      StMerge: begin
        img_d = merge_img;
        done_d = done_c;
        k_d = k_q + 4'd1;
        if (5'(k_q) == fmt.nn - 5'd1) state_d = StAnaNext;
      end
      StAnaNext: begin
        if (!fmt.multi) begin
          // done after the last line, or when no later line holds a pixel to analyze
          if (ai_q == 6'd8 || (ana_q >> (32'(ai_q) << fmt.per_lg)) == 32'd0)
            state_d = StDecide;
          else if ((ana_q & (32'((33'd1 << (6'd1 << fmt.per_lg)) - 33'd1)
                             << (32'(ai_q) << fmt.per_lg))) != 32'd0)
            state_d = StAnaReq;
          else ai_d = ai_q + 6'd1;
        end else begin
          if (ai_q == (6'd1 << fmt.plg) || (ana_q >> ai_q) == 32'd0) state_d = StDecide;
          else if (ana_q[ai_q[4:0]]) begin
            bl_d = '0;
            ng_d = '0;
            state_d = StAnaReq;
          end else ai_d = ai_q + 6'd1;
        end
      end
      StAnaReq: if (an_req_ready) state_d = StAnaWait;
      StAnaWait: begin
        if (an_resp_valid) begin
          passes_d = passes_q + 16'd1;
          if (!fmt.multi) begin
            if (line_need > eb_q) eb_d = line_need;
            ai_d = ai_q + 6'd1;
            state_d = StAnaNext;
          end else begin
            lmf_d = an_first;
            ng0_d = ng_q;
            rem_d = 6'(ng_q);
            slot_d = '0;
            g0_d = '0;
            state_d = StSlot;
          end
        end
      end
      StSlot: begin
        if (slot_q == 4'(fmt.s_cnt)) begin  // line done
          if (32'(bl_q) + 1 == (32'd1 << fmt.lines_lg)) begin
            if (ng_need > eb_q) eb_d = ng_need;
            ai_d = ai_q + 6'd1;
            state_d = StAnaNext;
          end else begin
            bl_d = bl_q + 3'd1;
            state_d = StAnaReq;
          end
        end else if (!lm_first) begin
          slot_d = slot_q + 4'd1;
        end else if (!live_q[0]) begin  // g0 >= ng0: in no earlier class
          for (int unsigned g = 0; g < 16; g++)
            if (g == 32'(ng_q)) grep_d[g*4 +: 4] = rs;
          ng_d = ng_q + 5'd1;
          slot_d = slot_q + 4'd1;
          g0_d = '0;
          rem_d = 6'(ng0_q);
        end else begin
          qk_d = '0;
          state_d = StQBuild;
        end
      end
      StQBuild: begin  // the query line, a sample a clock (gx_ms_classify)
        qline_d = q_line;
        qk_d = qk_q + 3'd1;
        if (q_last) state_d = StQReq;
      end
      StQReq: if (an_req_ready) state_d = StQWait;
      StQWait: begin
        if (an_resp_valid) begin
          passes_d = passes_q + 16'd1;
          if (q_found) begin
            slot_d = slot_q + 4'd1;
            g0_d = '0;
            rem_d = 6'(ng0_q);
          end else begin
            g0_d = g0_q + 5'(fmt.s_cnt) - 5'd1;
            rem_d = rem_q - 6'(fmt.s_cnt) + 6'd1;
          end
          state_d = StSlot;
        end
      end
      StDecide: begin
        s_d = '0;
        voff_d = '0;
        moff_d = '0;
        vbuf_d = '0;
        mbuf_d = '0;
        pk_d = '0;
        if (cov_q == valid_q) begin
          enc_d = eb_q;
          written_d = valid_q;
          state_d = StEnc;
        end else if (eb_q <= em_q) begin
          enc_d = em_q;
          written_d = cov_q;
          state_d = StEnc;
        end else begin
          enc_d = eb_q;
          written_d = valid_q;
          state_d = StPrReq;
        end
      end
      StPrReq: if (rd_req_ready_i) state_d = StPrWait;
      StPrWait: begin
        if (rd_resp_valid_i) begin
          prom_d = rd_resp_i.bytes;
          for (int unsigned d = 0; d < TD; d++)
            if (valid_q[d >> (32'(fmt.dlg) + 32'(fmt.nlg))]
                && !cov_q[d >> (32'(fmt.dlg) + 32'(fmt.nlg))])
              img_d[d*32 +: 32] = rd_resp_i.data[d*32 +: 32];
          state_d = StEnc;
        end
      end
      StEnc: begin
        // values and masks are whole: value e at bytes e B.., mask e at bits e N..; each
        // byte (bit) compares its slot with the slot being written
        if (enc_emit) begin
          for (int unsigned q = 0; q < 256; q++) begin
            logic [7:0] vb;
            logic hit;  // voff_q is a multiple of B: byte q is in the slot being written
            unique case (fmt.blg)
              3'd2: begin
                vb = enc_val[(q % 4)*8 +: 8];
                hit = voff_q == 9'(q & ~32'd3);
              end
              3'd3: begin
                vb = enc_val[(q % 8)*8 +: 8];
                hit = voff_q == 9'(q & ~32'd7);
              end
              default: begin
                vb = enc_val[(q % 16)*8 +: 8];
                hit = voff_q == 9'(q & ~32'd15);
              end
            endcase
            if (hit) vbuf_d[q*8 +: 8] = vb;
          end
          voff_d = voff_q + 9'(fmt.bb);
          if (enc_q == 2'd1) begin
            for (int unsigned q = 0; q < MB; q++) begin
              logic hit;  // moff_q is a multiple of N: bit q is in the slot being written
              unique case (fmt.nlg)
                3'd1:    hit = moff_q == 11'(q & ~32'd1);
                3'd2:    hit = moff_q == 11'(q & ~32'd3);
                3'd3:    hit = moff_q == 11'(q & ~32'd7);
                default: hit = moff_q == 11'(q & ~32'd15);
              endcase
              if (hit) mbuf_d[q] = enc_mask[4'(q & (32'(fmt.nn) - 1))];
            end
            moff_d = moff_q + 11'(fmt.nn);
          end
        end
        // next sample; a pixel not written, or a 1SPP pixel after its sample 0, is left
        s_d = (enc_q == 2'd0 || !written_q[enc_p]) ? 7'((32'(enc_p) + 1) << fmt.nlg) : s_q + 7'd1;
        if (32'(s_d) >= (32'd1 << fmt.tsl))
          state_d = enc_q == 2'd1 && moff_d != 11'd0 ? StPack : StOut;
      end
      StPack: begin
        // subset: the values up by the mask bytes, 8 bytes a clock, then 1 byte a clock
        if (mbytes - pk_q >= 9'd8) begin
          vbuf_d = vbuf_q << 64;
          pk_d = pk_q + 9'd8;
        end else begin
          vbuf_d = vbuf_q << 8;
          pk_d = pk_q + 9'd1;
        end
        if (pk_d == mbytes) state_d = StOut;
      end
      StOut: begin
        if (!fl_valid_q) begin
          fl_d = '0;
          fl_d.tile = tile_q;
          fl_d.cause = cause_q;
          fl_d.enc = gx_pkg::enc_e'(enc_q);
          fl_d.written = written_q;
          fl_d.stored = stored_q;
          fl_d.payload_bytes = enc_q == 2'd1 ? mbytes + voff_q : voff_q;
          fl_d.read_rmw = rmw_q;
          fl_d.read_promote = prom_q;
          fl_d.analyzed = 6'($countones(ana_q));
          fl_d.passes = passes_q;
          fl_d.payload = payload;
          fl_valid_d = 1'b1;
        end else if (fl_ready_i) begin
          fl_valid_d = 1'b0;
          state_d = StIdle;
        end
      end
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      state_q <= StIdle;
      fl_valid_q <= 1'b0;
    end else begin
      state_q <= state_d;
      fl_valid_q <= fl_valid_d;
    end
  end

  always_ff @(posedge clk_i) begin
    cfg_q <= cfg_d;
    tile_q <= tile_d;
    cause_q <= cause_d;
    stored_q <= stored_d;
    arrive_q <= arrive_d;
    img_q <= img_d;
    valid_q <= valid_d;
    cov_q <= cov_d;
    part_q <= part_d;
    ana_q <= ana_d;
    em_q <= em_d;
    eb_q <= eb_d;
    enc_q <= enc_d;
    written_q <= written_d;
    rmw_q <= rmw_d;
    prom_q <= prom_d;
    passes_q <= passes_d;
    k_q <= k_d;
    done_q <= done_d;
    ai_q <= ai_d;
    bl_q <= bl_d;
    slot_q <= slot_d;
    ng_q <= ng_d;
    ng0_q <= ng0_d;
    g0_q <= g0_d;
    grep_q <= grep_d;
    lmf_q <= lmf_d;
    rem_q <= rem_d;
    live_q <= gx_ms_pkg::ms_cls_live(rem_d);
    s_q <= s_d;
    qk_q <= qk_d;
    qline_q <= qline_d;
    voff_q <= voff_d;
    moff_q <= moff_d;
    vbuf_q <= vbuf_d;
    mbuf_q <= mbuf_d;
    pk_q <= pk_d;
    fl_q <= fl_d;
  end

  // ---------------------------------------------------------------------------------
  // Properties.
`ifdef GX_ASSERT_ON
  // Port-level scoreboard: an eviction owed a packet, a read owed a response, and the
  // reads of the eviction in flight.
  logic fv_owed_q, fv_rd_owed_q, fv_rmw_q, fv_prom_q;
  logic [3:0] fv_ev_cnt_q, fv_fl_cnt_q;  // evictions taken, packets taken (mod 16)
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      fv_owed_q <= 1'b0;
      fv_rd_owed_q <= 1'b0;
      fv_ev_cnt_q <= '0;
      fv_fl_cnt_q <= '0;
    end else begin
      if (ev_take && !ev_i.peek) begin
        fv_owed_q <= 1'b1;
        fv_ev_cnt_q <= fv_ev_cnt_q + 4'd1;
      end else if (fl_valid_o && fl_ready_i) begin
        fv_owed_q <= 1'b0;
        fv_fl_cnt_q <= fv_fl_cnt_q + 4'd1;
      end
      if (rd_req_valid_o && rd_req_ready_i) fv_rd_owed_q <= 1'b1;
      else if (rd_resp_valid_i && rd_resp_ready_o) fv_rd_owed_q <= 1'b0;
    end
    if (ev_take) begin
      fv_rmw_q <= 1'b0;
      fv_prom_q <= 1'b0;
    end else if (rd_req_valid_o && rd_req_ready_i) begin
      if (rd_req_o.kind != 2'd0) fv_prom_q <= 1'b1;
      else fv_rmw_q <= 1'b1;
    end
  end

  // The state choice (step d) from the held masks and states.
  logic [1:0]  fv_enc;
  logic [31:0] fv_written;
  logic        fv_promote, fv_rd_first;
  always_comb begin
    fv_promote = cov_q != valid_q && eb_q > em_q;
    fv_enc = cov_q == valid_q ? eb_q : eb_q > em_q ? eb_q : em_q;
    fv_written = (cov_q == valid_q || fv_promote) ? valid_q : cov_q;
    fv_rd_first = part_q != 32'd0 || cov_q != valid_q;  // Em or RMW data needed
  end
  // The encoder's progress (step e): pixel fv_p = s_q / N, sample fv_i, fv_before
  // written pixels before it.
  logic [5:0]  fv_p, fv_before;
  logic [3:0]  fv_i;
  logic [31:0] fv_below;
  always_comb begin
    fv_p = 6'(s_q >> fmt.nlg);
    fv_i = 4'(s_q & 7'(fmt.nn - 5'd1));
    fv_below = fv_p >= 6'd32 ? 32'hffff_ffff : 32'((33'd1 << fv_p) - 33'd1);
    fv_before = 6'($countones(written_q & fv_below));
  end
  logic fv_after_init, fv_decided;
  assign fv_after_init = state_q != StIdle && state_q != StInit;
  assign fv_decided = state_q == StPrReq || state_q == StPrWait || state_q == StEnc ||
                      state_q == StPack || state_q == StOut;
`endif

  // Environment: the input streams follow the protocol; a response only to a read.
  `GX_ASSUME(CfgLegal_M, cfg_i.bps != 2'd3)
  // cfg_i is static while an eviction is in flight (it changes only between surfaces)
  `GX_ASSUME(CfgStatic_M, !`GX_PAST_OK || $past(state_q == StIdle && !(ev_take && !ev_i.peek)) ||
                          cfg_i == $past(cfg_i))
  `GX_ASSUME(EvHold_M, !`GX_PAST_OK || !$past(ev_valid_i && !ev_ready_o) ||
                       (ev_valid_i && ev_i == $past(ev_i)))
  `GX_ASSUME(RespHold_M, !`GX_PAST_OK || !$past(rd_resp_valid_i && !rd_resp_ready_o) ||
                         (rd_resp_valid_i && rd_resp_i == $past(rd_resp_i)))
  // the coalesce unit stores only existing pixels of a tile (gx_mssurf_writeback assumes it)
  `GX_ASSUME(EvInTile_M, !(ev_valid_i && !ev_i.peek) ||
                         (f_pix(ev_i.stored, cfg_i.spp, 1'b1) & f_pmask(cfg_i.spp, cfg_i.bps) &
                          ~f_valid(cfg_i.width, cfg_i.height, f_plg(cfg_i.spp, cfg_i.bps),
                                   ev_i.tile)) == 32'd0)
  `GX_ASSUME(RespOwed_M, !rd_resp_valid_i || fv_rd_owed_q)
  `GX_ASSUME(RespEnc_M, !rd_resp_valid_i || rd_resp_i.enc != gx_pkg::enc_e'(2'd3))

  // Output protocol: packets and read requests hold until taken.
  `GX_ASSERT(FlHold_A, !`GX_PAST_OK || !$past(fl_valid_o && !fl_ready_i) ||
                       (fl_valid_o && fl_o == $past(fl_o)))
  `GX_ASSERT(ReqHold_A, !`GX_PAST_OK || !$past(rd_req_valid_o && !rd_req_ready_i) ||
                        (rd_req_valid_o && rd_req_o == $past(rd_req_o)))
  // No packet without an eviction, one packet per eviction (peeks give none), one
  // eviction at a time, one read at a time.
  `GX_ASSERT(FlOwed_A, !fl_valid_o || fv_owed_q)
  `GX_ASSERT(Owed_A, fv_owed_q == (state_q != StIdle))
  `GX_ASSERT(Count_A, fv_ev_cnt_q == fv_fl_cnt_q + 4'(fv_owed_q))
  `GX_ASSERT(FlOnlyOut_A, !fl_valid_o || state_q == StOut)
  `GX_ASSERT(OneRead_A, !rd_req_valid_o || !fv_rd_owed_q)
  `GX_ASSERT(RdOwed_A, fv_rd_owed_q == (state_q == StRdWait || state_q == StPrWait))
  // Reads: the first read (RMW data and/or Em) exactly when needed; the promote read
  // exactly on a promotion, for the uncovered existing pixels.
  `GX_ASSERT(RmwRead_A, !fv_after_init || fv_rmw_q == (state_q != StRdReq && fv_rd_first))
  `GX_ASSERT(RmwNeeded_A, !(state_q == StRdReq || state_q == StRdWait) || fv_rd_first)
  `GX_ASSERT(RmwPixels_A, !(rd_req_valid_o && rd_req_o.kind == 2'd0) || rd_req_o.pixels == part_q)
  `GX_ASSERT(PromPixels_A, !(rd_req_valid_o && rd_req_o.kind == 2'd1) ||
                           rd_req_o.pixels == (valid_q & ~cov_q))
  `GX_ASSERT(PromRead_A, !fv_after_init || fv_prom_q == (state_q == StPrWait ||
                         ((state_q == StEnc || state_q == StPack || state_q == StOut)
                          && fv_promote)))
  `GX_ASSERT(PromWait_A, !(state_q == StPrReq || state_q == StPrWait) || fv_promote)
  // The state choice: decided once, carried into the packet: enc = Eb on a full rewrite,
  // else max(Eb, Em); written = every existing pixel on a full rewrite or a promotion,
  // else the covered ones; so written covers every covered pixel.
  `GX_ASSERT(Decided_A, !fv_decided || (enc_q == fv_enc && written_q == fv_written))
  `GX_ASSERT(FlEnc_A, !fl_valid_o || (fl_o.enc == gx_pkg::enc_e'(fv_enc) &&
                                      fl_o.written == fv_written))
  `GX_ASSERT(FlCover_A, !fl_valid_o || (fl_o.written & cov_q) == cov_q)
  `GX_ASSERT(PromBytes_A, !fv_after_init || prom_q == 9'd0 || fv_prom_q)
  `GX_ASSERT(FlPromote_A, !fl_valid_o || fl_o.read_promote == 9'd0 || fv_promote)
  `GX_ASSERT(FlFields_A, !fl_valid_o || (fl_o.tile == tile_q && fl_o.cause == cause_q &&
                                        fl_o.stored == stored_q && fl_o.read_promote == prom_q))
  `GX_ASSERT(CfgHeld_A, state_q == StIdle || cfg_q == cfg_i)
  `GX_ASSERT(InitInTile_A, state_q != StInit || (pix_any & ~valid_c) == 32'd0)
  `GX_ASSERT(InTile_A, !fv_after_init || (cov_q & ~valid_q) == 32'd0)
  `GX_ASSERT(InP_A, !fv_after_init || ((valid_q | cov_q) & ~p_mask) == 32'd0)
  // Step e: one tile sample a clock, a skipped pixel or a 1SPP pixel at its sample 0
  // only; value bytes = B per emitted sample (1SPP: per written pixel; full: per sample
  // of a written pixel); subset: one N-bit mask per B-byte value.
  `GX_ASSERT(EncRange_A, !fv_decided || 32'(s_q) <= (32'd1 << fmt.tsl))
  `GX_ASSERT(EncEnd_A, !(state_q == StPack || state_q == StOut) || 32'(s_q) == (32'd1 << fmt.tsl))
  // packing: subset only, with mask bytes, ending when the values are past them
  `GX_ASSERT(Pack_A, state_q != StPack || (enc_q == 2'd1 && pk_q < mbytes))
  `GX_ASSERT(PackStart_A, !(state_q == StPrReq || state_q == StPrWait || state_q == StEnc) ||
                         pk_q == '0)
  `GX_ASSERT(PackDone_A, !(state_q == StOut && enc_q == 2'd1) || pk_q == mbytes)
  `GX_ASSERT(EncStart_A, !(state_q == StPrReq || state_q == StPrWait) ||
                         (s_q == '0 && voff_q == '0 && moff_q == '0))
  `GX_ASSERT(EncPos_A, !fv_decided || fv_i == 4'd0 || (enc_q != 2'd0 && written_q[fv_p[4:0]]))
  `GX_ASSERT(EncBytes_A, !fv_decided || enc_q == 2'd1 ||
                         16'(voff_q) == (enc_q == 2'd0 ? 16'(fv_before) << fmt.blg
                                         : ((16'(fv_before) << fmt.nlg) + 16'(fv_i)) << fmt.blg))
  `GX_ASSERT(EncBound_A, !fv_decided || 16'(voff_q) <= (16'(s_q) << fmt.blg))
  `GX_ASSERT(EncMasks_A, !fv_decided ||
             (enc_q == 2'd1 ? (16'(voff_q) << fmt.nlg) == (16'(moff_q) << fmt.blg)
                            : moff_q == '0))
  // so the packet's length: 1SPP B, full N B per written pixel; subset masks then values
  `GX_ASSERT(FlBytes_A, !fl_valid_o ||
             (fl_o.enc == gx_pkg::Enc1spp &&
              16'(fl_o.payload_bytes) == 16'($countones(fl_o.written)) << fmt.blg) ||
             (fl_o.enc == gx_pkg::EncFull &&
              16'(fl_o.payload_bytes) == 16'($countones(fl_o.written)) << fmt.nb) ||
             (fl_o.enc == gx_pkg::EncSubset && fl_o.payload_bytes == mbytes + voff_q &&
              (16'(voff_q) << fmt.nlg) == (16'(moff_q) << fmt.blg)))
  `GX_ASSERT(EncLegal_A, !fv_after_init || (em_q != 2'd3 && eb_q != 2'd3))
  `GX_ASSERT(FlEncLegal_A, !fl_valid_o || fl_o.enc != gx_pkg::enc_e'(2'd3))
  // The slot walk's count of earlier classes still to compare: rem = ng0 - g0 (g0 the
  // query base, a class index, five bits).
  `GX_ASSERT(Rem_A, !(state_q == StSlot || state_q == StQBuild || state_q == StQReq ||
                      state_q == StQWait) || g0_q == 5'(6'(ng0_q) - rem_q))
  `GX_ASSERT(Live_A, live_q == gx_ms_pkg::ms_cls_live(rem_q))

  // Reachability.
  `GX_COVER(Enc1spp_C, fl_valid_o && fl_o.enc == gx_pkg::Enc1spp)
  `GX_COVER(EncSubset_C, fl_valid_o && fl_o.enc == gx_pkg::EncSubset)
  `GX_COVER(EncFull_C, fl_valid_o && fl_o.enc == gx_pkg::EncFull)
  `GX_COVER(ReadRmw_C, rd_req_valid_o && rd_req_o.kind == 2'd0 && rd_req_o.pixels != 32'd0)
  `GX_COVER(ReadState_C, rd_req_valid_o && rd_req_o.kind == 2'd0 && rd_req_o.pixels == 32'd0)
  `GX_COVER(ReadPromote_C, rd_req_valid_o && rd_req_o.kind == 2'd1)
  `GX_COVER(Promoted_C, fl_valid_o && fl_o.read_promote != 9'd0)
  `GX_COVER(Query_C, state_q == StQWait && an_resp_valid)
  `GX_COVER(Merge_C, state_q == StMerge && join_c != '0)
  `GX_COVER(Peek_C, peek_take)
endmodule

`default_nettype wire
