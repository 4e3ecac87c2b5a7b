// gx_msld: the memory side of SULD.MS (multi-sample load) of the multi-sample surface
// path (issue 4): gx_mssurf_load_finish (cmodel/src/msld.c, the specification, bit for
// bit) in RTL.
//
// In: one load = the coalesce unit's snapshot record of the pixel's tile slot (ms_evict_t
// with peek = 1, gx_mssurf's ev_o for a load) + the load record ms_ld_t (pixel p of that
// tile = (y W + x) mod P, which the coalesce unit computed for its look-up, and the
// sample). Out: one load response ms_ldresp_t (gx_ms_load_resp_t field for field).
//   1. the pixel's image: the samples stored in the snapshot; unless every sample is
//      stored, pixel p is read from memory (rd_req kind 2 = GX_MS_READ_LOAD, pixels =
//      1 << p) and its unstored samples taken from the response (Em = its enc);
//   2. the state is known without the analyzer when the pixel is wholly in the slot with
//      arrival 1SPP, or wholly in memory in a 1SPP tile (uniform: mask N ones, 1SPP);
//   3. otherwise the one gx_analyzer instance finds pixel p's classes in the request
//      order of gx_mssurf_classes (the line holding it, or each line of a multi-line
//      pixel with query passes), as gx_mswb does (the requests and the reading of the
//      responses are gx_ms_classify, shared with it). A pixel wholly in memory in a subset
//      tile (its stored masks, exact equality, are its classes; analyzed 0, passes 0):
//      N B > 32: an exact classifier, one reference sample per clock against all N
//      (N clocks); N B <= 32: the same analysis path (one request is faster there; the
//      analyzer's classes are exact equality too), reported as not analyzed.
// Handshake: valid/ready streams ld (in: snapshot + load), rd_req (out), rd_resp (in),
// resp (out). One load in flight; at most one read outstanding. cfg_i is taken with each
// load and must stay static while it is in flight.
`default_nettype none
`include "gx_assert.svh"

module gx_msld (
  input  wire logic               clk_i,           /// clock, rising edge
  input  wire logic               rst_i,           /// synchronous reset, active high
  input  wire gx_pkg::ms_cfg_t    cfg_i,           /// surface format, sampled per load
  input  wire logic               ld_valid_i,      /// a load (snapshot + load record) is offered
  output      logic               ld_ready_o,      /// the load is taken this clock
  input  wire gx_pkg::ms_evict_t  snap_i,          /// the snapshot (gx_mssurf's peek record)
  input  wire gx_pkg::ms_ld_t     ld_i,            /// pixel of the tile, sample
  output      logic               rd_req_valid_o,  /// a memory read is requested
  input  wire logic               rd_req_ready_i,  /// the request is taken this clock
  output      gx_pkg::ms_rdreq_t  rd_req_o,        /// tile, pixels = 1 << p, kind 2
  input  wire logic               rd_resp_valid_i, /// the read's response is offered
  output      logic               rd_resp_ready_o, /// the response is taken this clock
  input  wire gx_pkg::ms_rdresp_t rd_resp_i,       /// Em, bytes read, the pixel's data
  output      logic               resp_valid_o,    /// the load response is offered
  input  wire logic               resp_ready_i,    /// the response is taken this clock
  output      gx_pkg::ms_ldresp_t resp_o           /// the load response
);
  localparam int unsigned TD = 64;  // dwords of a tile

  typedef enum logic [3:0] {
    StIdle, StInit, StRdReq, StRdWait, StDecide, StAnaReq, StAnaWait, StSlot, StQBuild, StQReq,
    StQWait, StExact, StOut
  } state_e;

  state_e          state_q, state_d;
  gx_pkg::ms_cfg_t cfg_q, cfg_d;
  logic [19:0]     tile_q, tile_d;
  logic [63:0]     stored_q, stored_d;
  logic [63:0]     arrive_q, arrive_d;
  logic [2047:0]   img_q, img_d;
  logic [4:0]      p_q, p_d;
  logic [3:0]      smp_q, smp_d;
  logic [15:0]     cov_q, cov_d;         // pixel p's stored samples
  logic [1:0]      arr_q, arr_d;         // pixel p's arrival state
  logic            rd_q, rd_d;           // the pixel was read from memory
  logic [1:0]      em_q, em_d;
  logic [8:0]      rbytes_q, rbytes_d;
  logic [15:0]     passes_q, passes_d;
  logic            report_q, report_d;   // analyzed: the state was not known
  logic [15:0]     mask_q, mask_d;
  logic [1:0]      enc_q, enc_d;
  logic [31:0]     ana_q, ana_d;         // 1 << p
  logic [5:0]      ai_q, ai_d;           // line (one-line pixels) or pixel
  logic [2:0]      bl_q, bl_d;
  logic [3:0]      slot_q, slot_d;
  logic [4:0]      ng_q, ng_d, ng0_q, ng0_d, g0_q, g0_d;
  logic [63:0]     grep_q, grep_d;       // first sample of class g: bits 4g+3..4g
  logic [255:0]    gmask_q, gmask_d;     // samples of class g: bits 16g+15..16g
  logic [63:0]     lm_q, lm_d;
  logic [3:0]      k_q, k_d;             // exact classes: reference sample
  logic [2:0]      qk_q, qk_d;           // query line build step
  logic [255:0]    qline_q, qline_d;     // the query line
  logic [4:0]      kc_q, kc_d;           // exact classes: classes so far

  // Format of the held load (gx_ms_pkg::ms_fmt_t: N = 2^nlg, B = 2^blg, ...).
  gx_ms_pkg::ms_fmt_t fmt;
  assign fmt = gx_ms_pkg::ms_fmt(2'(cfg_q.spp), 2'(cfg_q.bps));

  gx_pkg::an_req_t  an_req;
  gx_pkg::an_resp_t an_resp;
  logic an_req_valid, an_req_ready, an_resp_valid, an_resp_ready;
  logic unused_resp;
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

  // The analyzer's requests and what its responses say (shared with gx_mswb).
  logic [1:0] line_need;  // widest need of the line's requested pixels (one-line)
  logic       lm_first;   // slot slot_q is first of its line class (multi-line)
  logic [3:0] rs;         // sample of the pixel: line bl_q, slot slot_q
  logic       q_found;    // the query found the sample's class
  logic [4:0] q_idx;      // which class
  logic [1:0] ng_need;    // need of the pixel from its classes
  logic [3:0] q_smp;      // query line build: the sample read
  logic [255:0] q_line;   // query line build: the line after this step
  logic       q_last;     // query line build: the last step

  gx_ms_classify u_cls (
    .fmt_i       (fmt),
    .img_i       (img_q),
    .ana_i       (ana_q),
    .ai_i        (ai_q),
    .bl_i        (bl_q),
    .slot_i      (slot_q),
    .ng_i        (ng_q),
    .ng0_i       (ng0_q),
    .g0_i        (g0_q),
    .grep_i      (grep_q),
    .lm_i        (lm_q),
    .masks_i     (an_resp.masks),
    .query_i     (state_q == StQReq),
    .q_line_i    (qline_q),
    .qk_i        (qk_q),
    .q_val_i     (samp_c),
    .an_req_o    (an_req),
    .line_need_o (line_need),
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

  // One-line pixel: the loaded sample's class mask.
  logic [15:0] line_mask;
  always_comb begin
    logic [2:0]  kk;   // pixel p's group in its line
    logic [2:0]  js;   // the sample's slot
    kk = 3'(32'(p_q) & ((32'd1 << fmt.per_lg) - 1));
    js = 3'((32'(kk) << fmt.nlg) + 32'(smp_q));
    line_mask = 16'(an_resp.masks[32'(js)*8 +: 8] >> (32'(kk) << fmt.nlg)) & fmt.alln;
  end

  // Multi-line pixel: the slot's line class and the class holding the loaded sample.
  logic [15:0] lm_line;  // the slot's line class as pixel samples
  logic [15:0] g_mask;   // the class holding the loaded sample
  always_comb begin
    lm_line = 16'(32'(lm_q[32'(slot_q)*8 +: 8]) << (32'(bl_q) << fmt.slg));
    g_mask = '0;
    for (int unsigned g = 0; g < 16; g++)
      if (g < 32'(ng_q) && gmask_q[g*16 + 32'(smp_q)]) g_mask = g_mask | gmask_q[g*16 +: 16];
  end

  // The image's one sample read port: tile sample p N + r, r = k_q while the exact
  // classifier runs (its reference sample), q_smp while the query line is built, else
  // the loaded sample (the response value).
  // A sample is B/4 = 2^dlg dwords from dword (p N + r) 2^dlg, each a select by index
  // (dword granularity: no bit-granular shift of the 2,048-bit image). Dword w of a
  // sample can only sit at an index = w mod 2^dlg: w = 0 selects among 64 dwords, w = 1
  // (B >= 8) among the 32 odd ones, w = 2, 3 (B = 16) among 16.
  logic [3:0]   rsmp;
  logic [127:0] samp_c;
  always_comb begin
    logic [6:0]    ts;
    logic [1023:0] odd;  // dwords 2i + 1 (flat vectors: docs/toolchain.md)
    logic [511:0]  q2;   // dwords 4i + 2
    logic [511:0]  q3;   // dwords 4i + 3
    rsmp = state_q == StExact ? k_q : state_q == StQBuild ? q_smp : smp_q;
    ts = 7'((32'(p_q) << fmt.nlg) + 32'(rsmp));
    for (int unsigned i = 0; i < 32; i++) odd[i*32 +: 32] = img_q[(2*i + 1)*32 +: 32];
    for (int unsigned i = 0; i < 16; i++) begin
      q2[i*32 +: 32] = img_q[(4*i + 2)*32 +: 32];
      q3[i*32 +: 32] = img_q[(4*i + 3)*32 +: 32];
    end
    samp_c = '0;
    samp_c[31:0] = img_q[32'(6'(32'(ts) << fmt.dlg))*32 +: 32];
    if (fmt.dlg != 3'd0) samp_c[63:32] = odd[32'(5'(32'(ts) << (fmt.dlg - 3'd1)))*32 +: 32];
    if (fmt.dlg == 3'd2) begin
      samp_c[95:64] = q2[32'(4'(ts))*32 +: 32];
      samp_c[127:96] = q3[32'(4'(ts))*32 +: 32];
    end
  end

  // Exact classes of a subset tile's pixel (its stored masks): sample k_q of pixel p
  // against every sample of the pixel, one reference per clock (N clocks). Every tile
  // dword is compared with the reference's dword at the same place in its sample; a
  // sample is equal when all its dwords are; pixel p's N bits of that are x_eq.
  logic [15:0] x_eq;
  logic        x_first;
  always_comb begin
    logic [63:0] dw_eq, s_eq;
    for (int unsigned d = 0; d < TD; d++)
      dw_eq[d] = img_q[d*32 +: 32] == samp_c[(d & ((32'd1 << fmt.dlg) - 1))*32 +: 32];
    s_eq = '0;
    for (int unsigned t = 0; t < TD; t++) begin
      if (fmt.dlg == 3'd0) s_eq[t] = dw_eq[t];
      else if (fmt.dlg == 3'd1) begin
        if (t < TD / 2) s_eq[t] = &dw_eq[2*t +: 2];
      end else if (t < TD / 4) s_eq[t] = &dw_eq[4*t +: 4];
    end
    x_eq = 16'(s_eq >> (32'(p_q) << fmt.nlg)) & fmt.alln;
    x_first = (x_eq & 16'((17'd1 << k_q) - 17'd1)) == 16'd0;
  end

  // Control.
  logic ld_take;
  assign ld_ready_o = state_q == StIdle;
  assign ld_take = ld_valid_i && ld_ready_o;

  always_comb begin
    rd_req_o = '0;
    rd_req_o.tile = tile_q;
    rd_req_o.kind = 2'd2;
    rd_req_o.pixels = ana_q;
  end
  assign rd_req_valid_o = state_q == StRdReq;
  assign rd_resp_ready_o = state_q == StRdWait;
  assign resp_valid_o = state_q == StOut;
  always_comb begin
    resp_o = '0;
    resp_o.value = samp_c;
    resp_o.mask = mask_q;
    resp_o.enc = gx_pkg::enc_e'(enc_q);
    resp_o.analyzed = report_q;
    resp_o.passes = report_q ? passes_q : 16'd0;
    resp_o.read_bytes = rbytes_q;
  end

  always_comb begin
    state_d = state_q;
    cfg_d = cfg_q;
    tile_d = tile_q;
    stored_d = stored_q;
    arrive_d = arrive_q;
    img_d = img_q;
    p_d = p_q;
    smp_d = smp_q;
    cov_d = cov_q;
    arr_d = arr_q;
    rd_d = rd_q;
    em_d = em_q;
    rbytes_d = rbytes_q;
    passes_d = passes_q;
    report_d = report_q;
    mask_d = mask_q;
    enc_d = enc_q;
    ana_d = ana_q;
    ai_d = ai_q;
    bl_d = bl_q;
    slot_d = slot_q;
    ng_d = ng_q;
    ng0_d = ng0_q;
    g0_d = g0_q;
    grep_d = grep_q;
    gmask_d = gmask_q;
    lm_d = lm_q;
    k_d = k_q;
    kc_d = kc_q;
    qk_d = qk_q;
    qline_d = qline_q;

    unique case (state_q)
      StIdle: begin
        if (ld_take) begin
          cfg_d = cfg_i;
          tile_d = snap_i.tile;
          stored_d = snap_i.stored;
          arrive_d = snap_i.arrive;
          img_d = snap_i.data;
          p_d = ld_i.pixel;
          smp_d = ld_i.sample;
          state_d = StInit;
        end
      end
      StInit: begin
        // pixel p's stored samples only; everything else 0 until read
        for (int unsigned d = 0; d < TD; d++)
          if (!stored_q[d >> fmt.dlg] || (d >> (32'(fmt.dlg) + 32'(fmt.nlg))) != 32'(p_q))
            img_d[d*32 +: 32] = 32'd0;
        cov_d = 16'(stored_q >> (32'(p_q) << fmt.nlg)) & fmt.alln;
        arr_d = arrive_q[32'(p_q)*2 +: 2];
        ana_d = 32'd1 << p_q;
        rbytes_d = '0;
        passes_d = '0;
        em_d = '0;
        rd_d = (16'(stored_q >> (32'(p_q) << fmt.nlg)) & fmt.alln) != fmt.alln;
        state_d = (16'(stored_q >> (32'(p_q) << fmt.nlg)) & fmt.alln) != fmt.alln ? StRdReq
                                                                                    : StDecide;
      end
      StRdReq: if (rd_req_ready_i) state_d = StRdWait;
      StRdWait: begin
        if (rd_resp_valid_i) begin
          em_d = rd_resp_i.enc;
          rbytes_d = rd_resp_i.bytes;
          for (int unsigned d = 0; d < TD; d++)
            if ((d >> (32'(fmt.dlg) + 32'(fmt.nlg))) == 32'(p_q) && !stored_q[d >> fmt.dlg])
              img_d[d*32 +: 32] = rd_resp_i.data[d*32 +: 32];
          state_d = StDecide;
        end
      end
      StDecide: begin
        ai_d = fmt.multi ? 6'(p_q) : 6'(32'(p_q) >> fmt.per_lg);
        bl_d = '0;
        ng_d = '0;
        gmask_d = '0;
        report_d = 1'b1;
        if ((!rd_q && arr_q == 2'd0) || (rd_q && cov_q == 16'd0 && em_q == 2'd0)) begin
          report_d = 1'b0;  // uniform
          mask_d = fmt.alln;
          enc_d = 2'd0;
          state_d = StOut;
        end else begin
          // wholly in memory in a subset tile: the stored masks (exact) are the classes
          k_d = '0;
          kc_d = '0;
          if (rd_q && cov_q == 16'd0 && em_q == 2'd1) begin
            report_d = 1'b0;
            state_d = fmt.multi ? StExact : StAnaReq;  // one-line pixels: the analyzer is faster
          end else begin
            state_d = StAnaReq;
          end
        end
      end
      StAnaReq: if (an_req_ready) state_d = StAnaWait;
      StAnaWait: begin
        if (an_resp_valid) begin
          passes_d = passes_q + 16'd1;
          if (!fmt.multi) begin
            mask_d = line_mask;
            enc_d = line_need;
            state_d = StOut;
          end else begin
            lm_d = an_resp.masks;
            ng0_d = ng_q;
            slot_d = '0;
            g0_d = '0;
            state_d = StSlot;
          end
        end
      end
      StSlot: begin
        if (slot_q == 4'(fmt.s_cnt)) begin
          if (32'(bl_q) + 1 == (32'd1 << fmt.lines_lg)) begin
            enc_d = ng_need;
            mask_d = g_mask;
            state_d = StOut;
          end else begin
            bl_d = bl_q + 3'd1;
            state_d = StAnaReq;
          end
        end else if (!lm_first) begin
          slot_d = slot_q + 4'd1;
        end else if (g0_q >= ng0_q) begin
          for (int unsigned g = 0; g < 16; g++)
            if (g == 32'(ng_q)) begin
              grep_d[g*4 +: 4] = rs;
              gmask_d[g*16 +: 16] = lm_line;
            end
          ng_d = ng_q + 5'd1;
          slot_d = slot_q + 4'd1;
          g0_d = '0;
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
            for (int unsigned g = 0; g < 16; g++)
              if (g == 32'(q_idx)) gmask_d[g*16 +: 16] = gmask_q[g*16 +: 16] | lm_line;
            slot_d = slot_q + 4'd1;
            g0_d = '0;
          end else begin
            g0_d = g0_q + 5'(fmt.s_cnt) - 5'd1;
          end
          state_d = StSlot;
        end
      end
      StExact: begin
        if (k_q == smp_q) mask_d = x_eq;
        kc_d = kc_q + 5'(x_first);
        k_d = k_q + 4'd1;
        if (5'(k_q) == fmt.nn - 5'd1) begin
          enc_d = kc_q + 5'(x_first) == 5'd1 ? 2'd0 : kc_q + 5'(x_first) == fmt.nn ? 2'd2 : 2'd1;
          state_d = StOut;
        end
      end
      StOut: if (resp_ready_i) state_d = StIdle;
      default: state_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) state_q <= StIdle;
    else state_q <= state_d;
  end

  always_ff @(posedge clk_i) begin
    cfg_q <= cfg_d;
    tile_q <= tile_d;
    stored_q <= stored_d;
    arrive_q <= arrive_d;
    img_q <= img_d;
    p_q <= p_d;
    smp_q <= smp_d;
    cov_q <= cov_d;
    arr_q <= arr_d;
    rd_q <= rd_d;
    em_q <= em_d;
    rbytes_q <= rbytes_d;
    passes_q <= passes_d;
    report_q <= report_d;
    mask_q <= mask_d;
    enc_q <= enc_d;
    ana_q <= ana_d;
    ai_q <= ai_d;
    bl_q <= bl_d;
    slot_q <= slot_d;
    ng_q <= ng_d;
    ng0_q <= ng0_d;
    g0_q <= g0_d;
    grep_q <= grep_d;
    gmask_q <= gmask_d;
    lm_q <= lm_d;
    k_q <= k_d;
    kc_q <= kc_d;
    qk_q <= qk_d;
    qline_q <= qline_d;
  end

  // ---------------------------------------------------------------------------------
  // Properties.
`ifdef GX_ASSERT_ON
  logic fv_owed_q, fv_rd_owed_q, fv_rd_done_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      fv_owed_q <= 1'b0;
      fv_rd_owed_q <= 1'b0;
    end else begin
      if (ld_take) fv_owed_q <= 1'b1;
      else if (resp_valid_o && resp_ready_i) fv_owed_q <= 1'b0;
      if (rd_req_valid_o && rd_req_ready_i) fv_rd_owed_q <= 1'b1;
      else if (rd_resp_valid_i && rd_resp_ready_o) fv_rd_owed_q <= 1'b0;
    end
    if (ld_take) fv_rd_done_q <= 1'b0;
    else if (rd_req_valid_o && rd_req_ready_i) fv_rd_done_q <= 1'b1;
  end
  // The state cases of the held load: uniform (known without the analyzer) and
  // whether the response reports an analysis (not uniform, not a subset tile's stored
  // masks).
  logic fv_after_init, fv_post_decide, fv_uniform, fv_ana;
  always_comb begin
    fv_after_init = state_q != StIdle && state_q != StInit;
    fv_post_decide = state_q == StAnaReq || state_q == StAnaWait || state_q == StSlot ||
                     state_q == StQBuild || state_q == StQReq || state_q == StQWait ||
                     state_q == StExact || state_q == StOut;
    fv_uniform = (!rd_q && arr_q == 2'd0) || (rd_q && cov_q == 16'd0 && em_q == 2'd0);
    fv_ana = (!rd_q && arr_q != 2'd0) || (rd_q && (cov_q != 16'd0 || em_q == 2'd2));
  end
`endif

  `GX_ASSUME(CfgLegal_M, cfg_i.bps != 2'd3)
  `GX_ASSUME(CfgStatic_M, !`GX_PAST_OK || $past(state_q == StIdle && !ld_take) ||
                          cfg_i == $past(cfg_i))
  `GX_ASSUME(LdHold_M, !`GX_PAST_OK || !$past(ld_valid_i && !ld_ready_o) ||
                       (ld_valid_i && snap_i == $past(snap_i) && ld_i == $past(ld_i)))
  `GX_ASSUME(RespHold_M, !`GX_PAST_OK || !$past(rd_resp_valid_i && !rd_resp_ready_o) ||
                         (rd_resp_valid_i && rd_resp_i == $past(rd_resp_i)))
  `GX_ASSUME(RespOwed_M, !rd_resp_valid_i || fv_rd_owed_q)
  `GX_ASSUME(RespEnc_M, !rd_resp_valid_i || rd_resp_i.enc != gx_pkg::enc_e'(2'd3))

  // One response per load, held until taken; one read at a time, for pixel p, kind 2.
  `GX_ASSERT(RespHold_A, !`GX_PAST_OK || !$past(resp_valid_o && !resp_ready_i) ||
                         (resp_valid_o && resp_o == $past(resp_o)))
  `GX_ASSERT(ReqHold_A, !`GX_PAST_OK || !$past(rd_req_valid_o && !rd_req_ready_i) ||
                        (rd_req_valid_o && rd_req_o == $past(rd_req_o)))
  `GX_ASSERT(Owed_A, fv_owed_q == (state_q != StIdle))
  `GX_ASSERT(OneRead_A, !rd_req_valid_o || !fv_rd_owed_q)
  `GX_ASSERT(RdOwed_A, fv_rd_owed_q == (state_q == StRdWait))
  `GX_ASSERT(ReqFields_A, !rd_req_valid_o || (rd_req_o.kind == 2'd2 &&
                          rd_req_o.pixels == (32'd1 << p_q) && rd_req_o.tile == tile_q))
  // The read exactly when some sample of the pixel is not in the slot (read_bytes 0
  // without one).
  `GX_ASSERT(ReadExact_A, !fv_after_init || rd_q == (cov_q != fmt.alln))
  `GX_ASSERT(ReadDone_A, !fv_after_init || state_q == StRdReq || fv_rd_done_q == rd_q)
  `GX_ASSERT(ReadState_A, !(state_q == StRdReq || state_q == StRdWait) || rd_q)
  `GX_ASSERT(ReadFirst_A, !(state_q == StInit || state_q == StRdReq) || !fv_rd_done_q)
  `GX_ASSERT(ReadPix_A, !fv_after_init || ana_q == (32'd1 << p_q))
  `GX_ASSERT(NoReadBytes_A, !fv_after_init || rd_q || rbytes_q == 9'd0)
  `GX_ASSERT(RespBytes_A, !resp_valid_o || resp_o.read_bytes == rbytes_q)
  `GX_ASSERT(EmLegal_A, !fv_after_init || em_q != 2'd3)
  `GX_ASSERT(CfgHeld_A, state_q == StIdle || cfg_q == cfg_i)
  // The state-known cases: uniform (mask N ones, 1SPP, not analyzed) without the
  // analyzer; a subset tile's stored masks not reported as analyzed; otherwise analyzed.
  `GX_ASSERT(NoAnaKnown_A, !(fv_post_decide && state_q != StOut) || !fv_uniform)
  `GX_ASSERT(Report_A, !fv_post_decide || report_q == fv_ana)
  `GX_ASSERT(Known1_A, !resp_valid_o || !fv_uniform ||
                       (resp_o.analyzed == 1'b0 && resp_o.passes == 16'd0 &&
                        resp_o.mask == fmt.alln && resp_o.enc == gx_pkg::Enc1spp))
  `GX_ASSERT(KnownSubset_A, !resp_valid_o || !(rd_q && cov_q == 16'd0 && em_q == 2'd1) ||
                            (resp_o.analyzed == 1'b0 && resp_o.passes == 16'd0))
  `GX_ASSERT(NotPasses_A, !resp_valid_o || resp_o.analyzed || resp_o.passes == 16'd0)
  `GX_ASSERT(Analyzed_A, !resp_valid_o || resp_o.analyzed == fv_ana)
  `GX_ASSERT(EncLegal_A, !resp_valid_o || resp_o.enc != gx_pkg::enc_e'(2'd3))

  `GX_COVER(Enc1spp_C, resp_valid_o && resp_o.enc == gx_pkg::Enc1spp)
  `GX_COVER(EncSubset_C, resp_valid_o && resp_o.enc == gx_pkg::EncSubset)
  `GX_COVER(EncFull_C, resp_valid_o && resp_o.enc == gx_pkg::EncFull)
  `GX_COVER(Analyzed_C, resp_valid_o && resp_o.analyzed)
  `GX_COVER(NotAnalyzed_C, resp_valid_o && !resp_o.analyzed)
  `GX_COVER(Read_C, resp_valid_o && rd_q)
  `GX_COVER(NoRead_C, resp_valid_o && !rd_q)
  `GX_COVER(Query_C, state_q == StQWait && an_resp_valid)
  `GX_COVER(Known1Slot_C, resp_valid_o && !rd_q && !resp_o.analyzed)
  `GX_COVER(Known1Mem_C, resp_valid_o && rd_q && fv_uniform)
  `GX_COVER(KnownSubset_C, resp_valid_o && rd_q && cov_q == 16'd0 && em_q == 2'd1)
  `GX_COVER(Mixed_C, resp_valid_o && rd_q && cov_q != 16'd0)
  `GX_COVER(Stall_C, resp_valid_o && !resp_ready_i)
endmodule

`default_nettype wire
