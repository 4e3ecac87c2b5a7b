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
//      N B > 32: an exact classifier, a reference sample against one line of the pixel
//      a clock (8 dword comparators on the line register: a sweep of the pixel's lines
//      per reference), the loaded sample first, then samples 0.. until a sample equal
//      to another one is found; N B <= 32: the same analysis path (one request is faster
//      there; the analyzer's classes are exact equality too), reported as not analyzed.
// Every read of the 2,048-bit tile image goes through one 256-bit line register (an
// analysis line, or the line holding a sample, whose slot is read in the next clock), so
// the image is read by an 8-way line select and nowhere selected by the pixel; the
// image itself loads by dword with clock enables.
// Handshake: valid/ready streams ld (in: snapshot + load), rd_req (out), rd_resp (in),
// resp (out). One load in flight, taken when idle or in the clock its predecessor's
// response is taken, from the second clock it is offered on (what the intake derives
// from the load record and the snapshot's masks is registered in the first); at most
// one read outstanding. cfg_i is taken with each load (its N
// and B are held with it). Every response field is read from a register.
`default_nettype none
`include "gx_assert.svh"

module gx_msld (
  input  wire logic               clk_i,           /// clock, rising edge
  input  wire logic               rst_i,           /// synchronous reset, active high
  input  wire gx_pkg::ms_cfg_t    cfg_i,           /// surface format, taken with each load
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
    StIdle, StRdReq, StRdWait, StDecide, StAnaReq, StAnaWait, StSlot, StQBuild, StQReq,
    StQWait, StExact, StOut
  } state_e;

  state_e             state_q, state_d;
  gx_ms_pkg::ms_fmt_t fmt_q, fmt_d;       // the held load's format
  logic [19:0]        tile_q, tile_d;
  logic [2047:0]      snap_q;             // the offered snapshot's data (snap_ce)
  logic               sbusy_q, sbusy_d;   // the load in flight reads snap_q after its take
  logic               snap_ce;            // snap_q takes the offered snapshot this clock
  logic               snp_ld_q;           // snap_q took it in the previous clock
  logic               rheld_q, rheld_d;   // the read's response is held on its input
  logic               go_out;             // the load's state leads to Out this clock
  logic [4:0]         p_q, p_d;
  logic [5:0]         pb_q, pb_d;         // p << log2 N: the pixel's first tile sample
  logic [63:0]        rdw_q, rdw_d;       // dwords of pixel p whose sample is not stored
  logic [3:0]         gi_q, gi_d;         // query line build: class of the next step
  logic [3:0]         smp_q, smp_d;
  logic [15:0]        cov_q, cov_d;       // pixel p's stored samples
  logic               covz_q, covz_d;     // cov_q == 0: none stored
  logic               kn_q, kn_d;         // Decide: the state is known (uniform)
  logic               sub_q, sub_d;       // Decide: wholly in memory in a subset tile
  logic [1:0]         arr_q, arr_d;       // pixel p's arrival state
  logic               rd_q, rd_d;         // the pixel is read from memory
  logic [1:0]         em_q, em_d;
  logic [1:0]         em_in;              // the response's state; uniform reads as 1SPP
  // (a pixel of a uniform tile is 1SPP: its samples hold the tile's one value)
  assign em_in = rd_resp_i.enc == gx_pkg::EncUniform ? 2'd0 : 2'(rd_resp_i.enc);
  logic [8:0]         rbytes_q, rbytes_d;
  logic [15:0]        passes_q, passes_d;
  logic               report_q, report_d; // analyzed: the state was not known
  logic [15:0]        mask_q, mask_d;
  logic [1:0]         enc_q, enc_d;
  logic [127:0]       val_q, val_d;       // the loaded sample's value
  logic [255:0]       ln_q, ln_d;         // the line register: a line read (below)
  logic [2:0]         lslot_q, lslot_d;   // the sample slot of ln_q that was asked for
  logic [2:0]         bl_q, bl_d;
  logic [3:0]         slot_q, slot_d;
  logic [4:0]         ng_q, ng_d, ng0_q, ng0_d, g0_q, g0_d;
  logic [63:0]        grep_q, grep_d;     // first sample of class g: bits 4g+3..4g
  logic [255:0]       gmask_q, gmask_d;   // samples of class g: bits 16g+15..16g
  logic [5:0]         rem_q, rem_d;       // ng0 - g0 (signed): earlier classes to compare
  logic [31:0]        g0h_q, g0h_d;       // 1 << g0_q: the query base one-hot
  logic [7:0]         qlv_q, qlv_d;       // query slot k compares a live class: k < S,
                                          // live_q[k - 1] (bit 0 unused)
  logic [3:0]         gnx_q, gnx_d;       // query line build: the sample of the next step
                                          // (the first sample of class gi_q + 1)
  logic [7:0]         lmfs_q, lmfs_d;     // lmf_q >> slot_q: bit 0, the slot is first of
                                          // its line class
  logic [15:0]        ngt_q, ngt_d;       // bit g: g < ng_q (class g exists)
  logic [15:0]        gsel_q, gsel_d;     // bit g: class g exists and holds the loaded
                                          // sample
  logic [7:0]         lsms_q, lsms_d;     // bit j: slot slot_q + j's line class holds the
                                          // loaded sample (shifted with the slot)
  logic [3:0]         rel_q;              // smp_q - bl S: the loaded sample's slot in line
  logic               relok_q;            // bl_q (when 0 <= it < 8)
  logic [2:0]         wl_q, wl1_q, wlo_q; // the slot walk's image reads (img_read, StSlot):
                                          // the line of pixel line bl_q, of bl_q + 1, and
                                          // the slot bits pb and bl give (registered from
                                          // pb_q, bl_q, fmt_q: WalkLine_A)
  logic               qsel_q, qsel_d;     // state_q == StQReq: the analyzer takes the
                                          // query line
  logic [7:0]         live_q, live_d;     // ms_cls_live(rem_q)
  // live_q's next values, each registered (from ng_q, ng0_d, rem_q), so the walk's
  // branch only chooses among flip-flops: ms_cls_live of ng (a line's analysis: rem =
  // ng), of ng0 (a slot's class found or new: rem = ng0), of rem - S + 1 (a query pass
  // that did not find it: the next S - 1 classes).
  logic [7:0]         live_ng_q, live_ng0_q, live_nf_q;
  logic               send_q, send_d;     // slot_q == S: the line's slots are done
  logic               blast_q, blast_d;   // bl_q is the pixel's last line
  logic [63:0]        lmr_q, lmr_d;       // multi-line: the line's analyzer masks from
                                          // slot slot_q on (byte j: slot slot_q + j's line
                                          // class; shifted with the slot)
  logic [3:0]         boff_q;             // bl_q S: the line's first sample of the pixel
                                          // (registered from bl_q, fmt_q: WalkLine_A)
  logic [7:0]         lmj_q, lmj_d;       // one-line pixel: the loaded sample's slot in its
                                          // line, one-hot
  logic [7:0]         lmo_q, lmo_d;       // one-line pixel: its first slot, one-hot
  logic [7:0]         lmv_q, lmv_d;       // i < N
  logic [7:0]         grp_q, grp_d;       // one-line pixel: its slots in its line
  logic [7:0]         lmf_q, lmf_d;       // the line's first-of-class slots
  logic [2:0]         qk_q, qk_d;         // query line build step written this clock
  logic               qbf_q;              // state_q == StQBuild
  // The analyzer's request line, so that its comparators are driven by one register:
  // the query line while it is built and requested (StQBuild, StQReq), else a copy of
  // the line register (the analysis line in StAnaReq: AlnLine_A).
  logic [255:0]       aln_q, aln_d;
  logic [7:0]         qwd_q, qwd_d;       // StQBuild: the dwords of the query line its
                                          // step writes (gx_ms_classify's q_wr: QWrite_A)
  // The exact classifier: a sweep of the pixel's L lines per reference sample r (the
  // loaded sample's first, then 0, 1, ..), each line read through the line register,
  // compared there with the reference (stage C), its samples placed (D), the sweep's
  // equal samples judged (X). A sweep ends on the line of the next reference nr (its
  // slot read too), whose sample becomes the reference as the sweep's last line is
  // compared: sweep lines (line(nr) + 1 + j) mod L, j = 0..L-1, slot nr mod S.
  // The read of this clock (lrd_q) is line xl_q, slot xs_q of sweep j = xj_q of xr_q;
  // the next reads are registered a clock ahead (XNext_A): the sweep's next line, and
  // (from its second line on) the next sweep's first line and slot.
  logic [3:0]         xr_q, xr_d;         // the sweep's reference (r)
  logic               xf_q, xf_d;         // the first sweep (r = the loaded sample, nr = 0)
  logic [2:0]         xj_q, xj_d;         // the sweep's line count j
  logic               xe_q, xe_d;         // j = L - 1: the sweep's last line
  logic [2:0]         xl_q, xl_d;         // the line of the pixel read (mod L)
  logic [2:0]         xs_q, xs_d;         // the slot read: nr mod S
  logic [2:0]         xl1_q;              // (xl_q + 1) mod L
  logic [2:0]         xn_q;               // its tile line: (p << log2 L) | xl1_q
  logic [2:0]         nxl_q, nxa_q, nxs_q;  // the next sweep's first line (of the pixel,
                                            // of the tile) and slot
  logic               c_v_q, c_e_q, c_f_q, d_v_q, d_e_q, d_f_q;  // stages C, D: valid,
  logic [2:0]         c_l_q, d_l_q;       // last line, first sweep, line; reference
  logic [3:0]         c_r_q, d_r_q;
  logic [127:0]       ref_q, ref_d;       // the reference sample, repeated to 16 bytes
  logic [7:0]         deq_q, deq_d;       // D: the line's dwords equal to the reference's
                                          // dword at their place mod 4
  logic [15:0]        xacc_q, xacc_d;     // the sweep's equal samples so far
  logic               x_v_q;              // X: a sweep's equal samples in xeq_q
  logic               x_f_q;              //    (the first sweep's: the mask)
  logic [3:0]         x_r_q;              //    of reference x_r_q
  logic [15:0]        xeq_q, xeq_d;
  logic               y_go_q, y_go_d;     // Y: the sweep ends the classifier
  logic [1:0]         y_enc_q, y_enc_d;   // Y: the state when y_go_q

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

  // What the analyzer's responses say, in gx_mssurf_classes' request order (shared with
  // gx_mswb). The requests themselves are built here from the line register.
  logic [1:0]   line_need;  // widest need of the line's requested pixels (not used:
                            // pixel p's, pix_need below, is read with registered slots)
  logic [7:0]   an_first;   // the analyzer response's first-of-class slots
  logic         slot1_end;  // slot_q + 1 == S
  logic [3:0]   smsk;       // S - 1
  always_comb begin
    unique case (fmt_q.slg)
      3'd1: smsk = 4'd1;
      3'd2: smsk = 4'd3;
      default: smsk = 4'd7;
    endcase
  end
  assign slot1_end = slot_q == smsk;
  logic         lm_first;   // slot slot_q is first of its line class (multi-line)
  logic [3:0]   rs;         // sample of the pixel: line bl_q, slot slot_q
  logic         q_found;    // the query found the sample's class
  logic [4:0]   q_idx;      // which class
  logic [1:0]   ng_need;    // need of the pixel from its classes
  logic [255:0] q_line;     // query line build: the line after step qk_q
  logic         q_last;     // query line build: step qk_q is the last
  logic [127:0] sv;         // the sample read from the line register (below)
  gx_pkg::an_req_t cls_req; // gx_ms_classify's request (its line select is not used)
  logic [3:0]   cls_smp;    // gx_ms_classify's sample of step qk_q (read ahead here)
  logic [5:0]   cls_ai;     // the line (one-line pixels) or pixel analyzed
  assign cls_ai = fmt_q.multi ? 6'(p_q) : 6'(p_q >> fmt_q.per_lg);
  logic unused_cls;
  assign unused_cls = ^{cls_req, cls_smp, lm_first};  // (lm_first: lmfs_q[0], LmFirst_A)

  gx_ms_classify u_cls (
    .fmt_i       (fmt_q),
    .img_i       ('0),
    .ana_i       (32'd1 << p_q),
    .ai_i        (cls_ai),
    .bl_i        (bl_q),
    .slot_i      (slot_q),
    .ng_i        (ng_q),
    .live_i      (live_q),
    .g0_i        (g0_q),
    .grep_i      (grep_q),
    .lmf_i       (lmf_q),
    .masks_i     (an_resp.masks),
    .query_i     (state_q == StQReq),
    .q_line_i    (aln_q),
    .qk_i        (qk_q),
    .q_val_i     (sv),
    .an_req_o    (cls_req),
    .line_need_o (line_need),
    .first_o     (an_first),
    .lm_first_o  (lm_first),
    .rs_o        (rs),
    .q_found_o   (q_found),
    .q_idx_o     (q_idx),
    .ng_need_o   (ng_need),
    .q_smp_o     (cls_smp),
    .q_line_o    (q_line),
    .q_last_o    (q_last)
  );
  assign an_req_valid = state_q == StAnaReq || state_q == StQReq;
  assign an_resp_ready = state_q == StAnaWait || state_q == StQWait;
  always_comb begin
    an_req = '0;
    an_req.spp = gx_pkg::spp_e'(fmt_q.spp);
    an_req.bps = gx_pkg::bps_e'(fmt_q.bps);
    an_req.query = qsel_q;
    an_req.qslot = 3'd0;
    an_req.line = aln_q;
  end

  // Intake: a load is taken when idle, or in the clock its predecessor's response is,
  // once it has been offered for a clock: everything the intake derives from the load
  // record and the snapshot's masks (the intake record in_dec, below) is registered in
  // the clock before (pre_q), while the offer is held (valid and payload hold until
  // taken), so the take itself reads only flip-flops and the snapshot's data.
  // pre_ok_q: the load offered now was offered, not taken, in the previous clock;
  // pre_cfg_q: N and B of that clock (the intake record holds only if they are the same).
  logic               ld_take, arrive;
  logic               in_slot;  // the unit can take a load this clock (idle or done)
  logic               pre_ok_q, pre_ok_d;
  logic               idle_q, out_q;  // state_q is StIdle, StOut (StFlags_A)
  logic [3:0]         pre_cfg_q;
  gx_ms_pkg::ms_fmt_t fmt_in;  // the offered load's format
  assign in_slot = idle_q || (out_q && resp_ready_i);
  assign ld_ready_o = in_slot && pre_ok_q && snp_ld_q &&
                      pre_cfg_q == {2'(cfg_i.spp), 2'(cfg_i.bps)};
  assign ld_take = ld_valid_i && ld_ready_o;
  assign pre_ok_d = ld_valid_i && !ld_take;
  assign arrive = state_q == StRdWait && rd_resp_valid_i;
  assign fmt_in = gx_ms_pkg::ms_fmt(2'(cfg_i.spp), 2'(cfg_i.bps));
  logic unused_cfg;  // W, H and T: the load needs N and B only
  assign unused_cfg = ^{cfg_i.width, cfg_i.height, cfg_i.threshold};

  // The offered load's pixel: its first tile sample, and the dwords the read's response
  // will load (those of pixel p whose sample is not stored: 2^(nb-2) dwords a pixel,
  // sample d >> dlg).
  logic [5:0]  pb_in;
  logic [63:0] rdw_in;
  always_comb begin
    pb_in = 6'(6'(ld_i.pixel) << fmt_in.nlg);
    for (int unsigned d = 0; d < TD; d++) begin
      logic st;
      unique case (fmt_in.dlg)
        3'd0: st = snap_i.stored[d];
        3'd1: st = snap_i.stored[d / 2];
        default: st = snap_i.stored[d / 4];
      endcase
      rdw_in[d] = 6'(d) >> (fmt_in.nb - 4'd2) == 6'(ld_i.pixel) && !st;
    end
  end

  // Pixel p's stored samples of the offered load.
  logic [15:0] cov_in;
  gx_ms_pixbits u_cov (
    .vec_i  (snap_i.stored),
    .p_i    (ld_i.pixel),
    .nlg_i  (fmt_in.nlg),
    .nn_i   (fmt_in.nn),
    .bits_o (cov_in)
  );

  // The snapshot's copy, by clock enable only: the offered snapshot in every clock no
  // load in flight still reads snap_q (a mixed pixel, or a multi-line pixel analyzed from
  // the slot, reads it until its state leads to Out: sbusy_q), so a load is taken once
  // its snapshot was copied a clock before (snp_ld_q; the offer held meanwhile). The
  // read's response is not copied: it is held on its input (taken as the load's state
  // leads to Out), and read there.
  // The load's state leads to Out in four ways: Decide with the state known, the exact
  // classifier's end, a one-line pixel's analysis answered, the slot walk's last slot of
  // its last line. The first two are known a clock ahead and registered as one flag
  // (go_q); the others are a registered state (aw_q: a one-line pixel's analysis
  // awaited; sb_q: the slot walk at its last line) and a register (the analyzer's
  // response valid, in gx_analyzer; send_q), so go_out is one LUT5 of registers
  // (GoReg_A). The copy's enable likewise, copied per group of 256 snapshot bits so that
  // no one net enables all of them: sce_q (!sbusy or go_q), saw_q and ssb_q (aw_q, sb_q),
  // each a register (SnapCe_A).
  localparam int unsigned SC = 8;  // copies of the snapshot copy's enable
  logic          go_q, aw_q, sb_q;    // go_out's registered terms (above)
  logic          go_nx, aw_nx, sb_nx; // their next values
  logic [SC-1:0] sce_q, saw_q, ssb_q; // copies of !sbusy_q || go_q, of aw_q, of sb_q
  logic [SC-1:0] snap_ce_c;           // snap_ce, per group of 256 snapshot bits
  assign go_out = go_q || (aw_q && an_resp_valid) || (sb_q && send_q);
  assign snap_ce = !sbusy_q || go_out;
  for (genvar k = 0; k < SC; k++) begin : gen_sce
    assign snap_ce_c[k] = sce_q[k] || (saw_q[k] && an_resp_valid) || (ssb_q[k] && send_q);
    always_ff @(posedge clk_i) begin
      if (snap_ce_c[k]) snap_q[k*256 +: 256] <= snap_i.data[k*256 +: 256];
    end
  end
  assign rd_resp_ready_o = rheld_q && go_out;

  // The line register: a line of the tile, whose slot lslot_q is read in the next clock
  // (sv). Every read goes through it: an analysis line, or the line holding a tile
  // sample (line ts >> slg, slot ts mod S), so a sample read costs two clocks and no
  // wide select. One reader: the line of the tile the plan names, each dword from the
  // held response where it is a dword of pixel p whose sample is not stored (rdw), else
  // from the snapshot's copy (its line one-hot and the response's dwords registered with
  // the plan: lhot_q, rsel_q); the plan (lrd_q: line and slot) is registered a clock
  // ahead:
  // img_read gives the read of a state from its registers, and lrd_q is img_read of the
  // next state's
  // values (ReadPlan_A); a clock whose state leads to Idle or Out plans the offered
  // load's sample line (its take reads it), RdReq and RdWait the loaded sample's line
  // for the response's arrival. So Decide finds the loaded sample's value in the line
  // register.
  typedef struct packed {
    logic       go;    // the line register loads line `line` of the tile
    logic [2:0] line;
    logic [2:0] slot;  // the sample's slot of the line (a sample read)
  } lread_t;

  // The image read of state st: Decide's analysis line (unless the state is known; its
  // slot stays the loaded sample's), the slot walk's sample rs (a query's step 0) or, at
  // the line's last slot, the next analysis line, a query build step's sample gs (in
  // QReq too, where the analyzer takes the query line and the line register is free),
  // an exact sweep's line x[5:3] of the pixel and slot x[2:0]. multi, slg, lines_lg and
  // per_lg are the format's (ms_fmt_t).
  function automatic lread_t img_read(state_e st, logic multi, logic [2:0] slg,
      logic [2:0] lines_lg, logic [2:0] per_lg, logic [4:0] p, logic [5:0] pb,
      logic [3:0] smp, logic rd, logic [1:0] arr, logic [15:0] cov, logic [1:0] em,
      logic [2:0] bl, logic [3:0] slot, logic [3:0] gs, logic [5:0] x);
    lread_t r;
    logic [5:0] ts;
    r = '0;
    ts = pb | 6'(smp);
    unique case (st)
      StDecide: begin
        // (a one-line pixel's line is in the line register already)
        r.go = multi && !((!rd && arr == 2'd0) || (rd && cov == 16'd0 && em == 2'd0)) &&
               !(rd && cov == 16'd0 && em == 2'd1);
        r.line = multi ? 3'(3'(p) << lines_lg) : 3'(p >> per_lg);
      end
      StSlot: begin
        r.go = 1'b1;
        ts = pb | 6'(4'(4'(bl) << slg) | slot);
        r.line = slot != 4'(5'd1 << slg) ? 3'(ts >> slg) : (3'(p) << lines_lg) | (bl + 3'd1);
      end
      StQBuild, StQReq: begin
        r.go = 1'b1;
        ts = pb | 6'(gs);
        r.line = 3'(ts >> slg);
      end
      StExact: begin
        r.go = 1'b1;
        ts = 6'(x[2:0]);
        r.line = 3'(3'(p) << lines_lg) | x[5:3];
      end
      default: ;
    endcase
    if (r.go) r.slot = 3'(ts & 6'((7'd1 << slg) - 7'd1));
    img_read = r;
  endfunction

  // lrd_d, the read of the next clock: img_read of the state this clock's transition
  // enters, with the values it enters with (ReadPlan_A), each candidate built from
  // registers and chosen by the transition.
  lread_t lrd_q, lrd_d;  // the read of this clock, planned in the previous one
  logic [7:0] lhot_q, lhot_d;    // lrd_q's line, one-hot (none without go)
  logic [63:0] rsel_q, rsel_d;   // the tile dwords lrd_q's read takes from the response
  logic [2:0] line_in, slot_in;  // the offered load's sample: its line and slot
  logic [255:0] rl;              // the line read this clock

  // The selects of the next clock's read, registered with its plan: its line as a
  // one-hot, and the dwords taken from the response, pixel p's unstored ones except in
  // a read of the offered load's line (the next clock in Idle or Out; at a take the
  // planned read is none, or the pixel has no unstored dword: SelPlan_A).
  assign lhot_d = lrd_d.go ? 8'd1 << lrd_d.line : 8'd0;
  assign rsel_d = idle_q || out_q || go_out ? 64'd0 : rdw_q;
  // Dword d of the line read: tile dword t = 8 l + d of line l = lrd_q.line, from the
  // response when rsel_q[t], else from the snapshot's copy.
  always_comb begin
    rl = '0;
    for (int unsigned l = 0; l < 8; l++)
      for (int unsigned d = 0; d < 8; d++)
        rl[d*32 +: 32] = rl[d*32 +: 32] | ({32{lhot_q[l]}} &
                         (rsel_q[l*8 + d] ? rd_resp_i.data[(l*8 + d)*32 +: 32]
                                          : snap_q[(l*8 + d)*32 +: 32]));
  end

  // The intake record: what the intake takes from the offered load besides the
  // snapshot's data (and tile), derived from cfg_i, ld_i and the snapshot's masks;
  // registered every clock (pre_q) and taken from that register (PreDecode_A: it is the
  // offered load's whenever the load may be taken).
  typedef struct packed {
    gx_ms_pkg::ms_fmt_t fmt;
    logic [4:0]  p;
    logic [5:0]  pb;
    logic [3:0]  smp;
    logic [63:0] rdw;
    logic [15:0] cov;
    logic        covz;  // cov == 0
    logic [1:0]  arr;
    logic        rd;    // cov != N ones: the pixel is read from memory
    logic [2:0]  line;  // the loaded sample's line and slot
    logic [2:0]  slot;
    lread_t      dec;   // the read planned for Decide (taken straight into Decide)
    logic [7:0]  lmj;   // one-line pixel: the sample's slot and its first slot (one-hot),
    logic [7:0]  lmo;   // its slots
    logic [7:0]  lmv;
    logic [7:0]  grp;
  } intake_t;
  intake_t in_dec, pre_q;
  lread_t rd_in_dec, rd_resp_dec, rd_ex0, rd_ex, rd_slot0, rd_slot, rd_slot1, rd_qb0, rd_qb;
  lread_t rd_smp, rd_offer;  // the loaded sample's line; the offered load's
  always_comb begin
    logic [5:0] ts;
    ts = pb_in | 6'(ld_i.sample);
    line_in = 3'(ts >> fmt_in.slg);
    slot_in = 3'(ts & 6'((7'd1 << fmt_in.slg) - 7'd1));
    rd_offer.go = 1'b1;
    rd_offer.line = line_in;
    rd_offer.slot = slot_in;
    rd_smp.go = 1'b1;
    rd_smp.line = 3'(6'(pb_q | 6'(smp_q)) >> fmt_q.slg);
    rd_smp.slot = 3'(6'(pb_q | 6'(smp_q)) & 6'((7'd1 << fmt_q.slg) - 7'd1));
    // intake into Decide (the pixel wholly in the slot), the read's response into Decide
    rd_in_dec = img_read(StDecide, fmt_in.multi, fmt_in.slg, fmt_in.lines_lg,
                         fmt_in.per_lg, ld_i.pixel, pb_in, ld_i.sample, 1'b0,
                         snap_i.arrive[32'(ld_i.pixel)*2 +: 2], cov_in, 2'd0, '0, '0, '0,
                         '0);
    rd_resp_dec = img_read(StDecide, fmt_q.multi, fmt_q.slg, fmt_q.lines_lg, fmt_q.per_lg,
                           p_q, pb_q, smp_q, rd_q, arr_q, cov_q, em_in, '0, '0,
                           '0, '0);
    // Exact's first read (sweep 0 of the loaded sample: line 1, slot 0) and the next;
    // the slot walk's slots 0, slot_q, slot_q + 1; the
    // query build's first step (class g0) and next step (gi + 1; grep does not change in
    // a build)
    rd_ex0 = img_read(StExact, fmt_q.multi, fmt_q.slg, fmt_q.lines_lg, fmt_q.per_lg, p_q,
                      pb_q, smp_q, rd_q, arr_q, cov_q, em_q, '0, '0, '0, {3'd1, 3'd0});
    // (img_read of the next values xl_d, xs_d, from registers: XNext_A)
    rd_ex.go = 1'b1;
    rd_ex.line = xe_q ? nxa_q : xn_q;
    rd_ex.slot = xe_q ? nxs_q : xs_q;
    // (slot j <= S: line wl_q, or wl1_q at j = S; slot wlo_q | j mod S)
    rd_slot0.go = 1'b1;
    rd_slot0.line = wl_q;
    rd_slot0.slot = wlo_q;
    rd_slot.go = 1'b1;
    rd_slot.line = send_q ? wl1_q : wl_q;
    rd_slot.slot = wlo_q | 3'(slot_q & smsk);
    rd_slot1.go = 1'b1;
    rd_slot1.line = slot1_end ? wl1_q : wl_q;
    rd_slot1.slot = wlo_q | 3'(4'(slot_q + 4'd1) & smsk);
    rd_qb0 = img_read(StQBuild, fmt_q.multi, fmt_q.slg, fmt_q.lines_lg, fmt_q.per_lg, p_q,
                      pb_q, smp_q, rd_q, arr_q, cov_q, em_q, '0, '0,
                      grep_q[32'(g0_q[3:0])*4 +: 4], '0);
    rd_qb = img_read(StQBuild, fmt_q.multi, fmt_q.slg, fmt_q.lines_lg, fmt_q.per_lg, p_q,
                     pb_q, smp_q, rd_q, arr_q, cov_q, em_q, '0, '0, gnx_q, '0);
    lrd_d = '0;
    unique case (state_q)
      StIdle, StOut: ;  // (the intake, below)
      StRdReq: lrd_d = rd_smp;
      StRdWait: lrd_d = arrive ? rd_resp_dec : rd_smp;
      StDecide: if (sub_q && fmt_q.multi) lrd_d = rd_ex0;
      StAnaWait: if (an_resp_valid && fmt_q.multi) lrd_d = rd_slot0;
      StSlot:
        if (!send_q)
          lrd_d = lmfs_q[0] && live_q[0] ? rd_qb0 : rd_slot1;
      StQBuild: lrd_d = rd_qb;
      StQReq: if (!an_req_ready) lrd_d = lrd_q;  // (gi holds)
      StQWait: if (an_resp_valid) lrd_d = q_fnd ? rd_slot1 : rd_slot;
      StExact: lrd_d = rd_ex;
      default: ;
    endcase
    if (idle_q || out_q || go_out) lrd_d = rd_offer;
    if (ld_take) lrd_d = pre_q.rd ? '0 : pre_q.dec;
    ln_d = lrd_q.go ? rl : ln_q;
    // (the query build's step: dword d from the sample read, dword d mod 2^dlg, or held)
    for (int unsigned d = 0; d < 8; d++)
      aln_d[d*32 +: 32] = qbf_q && qwd_q[d] ? sv[(d & ((32'd1 << fmt_q.dlg) - 1))*32 +: 32]
                        : qbf_q || qsel_q ? aln_q[d*32 +: 32] : ln_d[d*32 +: 32];
    lslot_d = lrd_q.go ? lrd_q.slot : lslot_q;
  end
  always_comb begin
    logic [2:0] kk;  // pixel p's group in its line (one-line pixels)
    in_dec.fmt = fmt_in;
    in_dec.p = ld_i.pixel;
    in_dec.pb = pb_in;
    in_dec.smp = ld_i.sample;
    in_dec.rdw = rdw_in;
    in_dec.cov = cov_in;
    in_dec.covz = cov_in == 16'd0;
    in_dec.arr = snap_i.arrive[32'(ld_i.pixel)*2 +: 2];
    in_dec.rd = cov_in != fmt_in.alln;
    in_dec.line = line_in;
    in_dec.slot = slot_in;
    in_dec.dec = rd_in_dec;
    kk = 3'(ld_i.pixel) & 3'((4'd1 << fmt_in.per_lg) - 4'd1);
    in_dec.lmj = 8'd1 << ((kk << fmt_in.nlg) | 3'(ld_i.sample));
    in_dec.lmo = 8'd1 << (kk << fmt_in.nlg);
    in_dec.lmv = 8'(fmt_in.alln);
    in_dec.grp = 8'(fmt_in.alln) << (kk << fmt_in.nlg);
  end
  always_comb begin
    sv = '0;
    unique case (fmt_q.dlg)
      3'd0: sv[31:0] = ln_q[32'(lslot_q)*32 +: 32];
      3'd1: sv[63:0] = ln_q[32'(lslot_q[1:0])*64 +: 64];
      default: sv = ln_q[32'(lslot_q[0])*128 +: 128];
    endcase
  end

  // The exact classifier's stages (multi-line pixels only, N B > 32): C, the line
  // register's dwords against the reference's dword at their place mod 4; D, the line's
  // S samples (sample t equal when its 2^dlg dwords are), placed at the line's first
  // sample (line l of the pixel holds samples l S..), the sweep's equal samples
  // registered at its last line; X, the sweep's judgement: the reference r has an equal
  // sample besides itself (the pixel is then a subset, or 1SPP when every sample equals
  // the loaded one), or r is the last reference N - 2 of the later sweeps (no two
  // samples equal: full); Y, the end.
  logic [7:0]  dw_eq;
  logic [15:0] x_acc;   // the sweep's equal samples with stage D's line
  logic        x_dup;   // reference x_r_q has an equal sample besides itself
  logic        x_last;  // x_r_q is the last reference of the later sweeps
  always_comb begin
    logic [7:0] st;     // the line's equal samples
    for (int unsigned d = 0; d < 8; d++)
      dw_eq[d] = ln_q[d*32 +: 32] == ref_q[(d % 4)*32 +: 32];
    st = '0;
    unique case (fmt_q.dlg)
      3'd0: st = deq_q;
      3'd1: for (int unsigned t = 0; t < 4; t++) st[t] = &deq_q[t*2 +: 2];
      default: for (int unsigned t = 0; t < 2; t++) st[t] = &deq_q[t*4 +: 4];
    endcase
    x_acc = xacc_q | 16'(16'(st) << (4'(d_l_q) << fmt_q.slg));
    x_dup = (xeq_q & ~(16'd1 << x_r_q)) != 16'd0;
    x_last = !x_f_q && 5'(x_r_q) == fmt_q.nn - 5'd2;
  end

  // One-line pixel: the loaded sample's class mask. Pixel p is group kk of its line and
  // its sample s is in slot js = kk N + s: bit i of the mask is bit kk N + i of the
  // response's byte js, i < N (N <= 8 here), both selected by one-hots registered at
  // intake (lmj_q, lmo_q).
  logic [15:0] line_mask;
  logic [7:0]  lm_js, lm_j0;  // the response's bytes js and kk N
  always_comb begin
    lm_js = '0;
    lm_j0 = '0;
    for (int unsigned j = 0; j < 8; j++) begin
      if (lmj_q[j]) lm_js = lm_js | an_resp.masks[j*8 +: 8];
      if (lmo_q[j]) lm_j0 = lm_j0 | an_resp.masks[j*8 +: 8];
    end
    line_mask = '0;
    for (int unsigned i = 0; i < 8; i++)
      for (int unsigned k = 0; k + i < 8; k++)
        if (lmo_q[k] && lmv_q[i] && lm_js[k + i]) line_mask[i] = 1'b1;
  end

  // One-line pixel: its need from the response, one class when its first slot's class
  // holds every slot of the pixel, N classes when every slot is first of its class
  // (pixel p alone is analyzed: gx_ms_classify's line_need_o for ana_i = 1 << p).
  logic [1:0] pix_need;
  logic unused_line_need;
  assign unused_line_need = ^line_need;
  always_comb begin
    logic one, full;
    one = &(~grp_q | lm_j0);
    full = &(~grp_q | an_first);
    pix_need = one ? 2'd0 : full ? 2'd2 : 2'd1;
  end

  // Multi-line pixel: the slot's line class and the class holding the loaded sample.
  logic [15:0] lm_line;  // the slot's line class as pixel samples
  logic [15:0] g_mask;   // the class holding the loaded sample
  always_comb begin
    lm_line = 16'(lmr_q[7:0]) << boff_q;
    g_mask = '0;
    for (int unsigned g = 0; g < 16; g++)
      if (gsel_q[g]) g_mask = g_mask | gmask_q[g*16 +: 16];
  end

  // The query pass's class as a one-hot (the class q_idx that gx_ms_classify names: the
  // lowest slot k that matched, class g0 + k - 1), from the live slots registered with
  // live_q (qlv_q) and the query base's one-hot, so that the class registers' enables
  // need no sum.
  logic [15:0] q_hot;
  logic        q_fnd;  // q_found (QFound_A)
  always_comb begin
    logic [7:0] m, f;  // query slots matched; the lowest of them
    m = qlv_q & an_resp.masks[7:0];
    q_fnd = m != 8'd0;
    f = m & ~(m << 1) & ~(m << 2) & ~(m << 3) & ~(m << 4) & ~(m << 5) & ~(m << 6);
    q_hot = '0;
    for (int unsigned g = 0; g < 16; g++)
      for (int unsigned k = 1; k < 8; k++)
        if (f[k] && g0h_q[(g + 32 - (k - 1)) % 32]) q_hot[g] = 1'b1;
  end
  always_comb begin
    for (int unsigned k = 0; k < 8; k++)
      qlv_d[k] = k >= 1 && k < 32'(fmt_q.s_cnt) && live_d[(k + 7) % 8];
  end

  always_comb begin
    rd_req_o = '0;
    rd_req_o.tile = tile_q;
    rd_req_o.kind = 2'd2;
    rd_req_o.pixels = 32'd1 << p_q;
  end
  assign rd_req_valid_o = state_q == StRdReq;
  assign resp_valid_o = state_q == StOut;
  always_comb begin
    resp_o = '0;
    resp_o.value = val_q;
    resp_o.mask = mask_q;
    resp_o.enc = gx_pkg::enc_e'(enc_q);
    resp_o.analyzed = report_q;
    resp_o.passes = report_q ? passes_q : 16'd0;
    resp_o.read_bytes = rbytes_q;
  end

  always_comb begin
    state_d = state_q;
    fmt_d = fmt_q;
    tile_d = tile_q;
    p_d = p_q;
    pb_d = pb_q;
    rdw_d = rdw_q;
    gi_d = gi_q;
    smp_d = smp_q;
    cov_d = cov_q;
    covz_d = covz_q;
    kn_d = kn_q;
    sub_d = sub_q;
    arr_d = arr_q;
    rd_d = rd_q;
    em_d = em_q;
    rbytes_d = rbytes_q;
    passes_d = passes_q;
    report_d = report_q;
    mask_d = mask_q;
    enc_d = enc_q;
    val_d = val_q;
    bl_d = bl_q;
    slot_d = slot_q;
    send_d = send_q;
    blast_d = blast_q;
    ng_d = ng_q;
    ng0_d = ng0_q;
    g0_d = g0_q;
    rem_d = rem_q;
    live_d = gx_ms_pkg::ms_cls_live(rem_q);  // (rem unchanged)
    g0h_d = 32'd1 << g0_q;                   // (g0 unchanged)
    gnx_d = gnx_q;
    lmf_d = lmf_q;
    grep_d = grep_q;
    gmask_d = gmask_q;
    lmr_d = lmr_q;
    lmj_d = lmj_q;
    lmo_d = lmo_q;
    lmv_d = lmv_q;
    grp_d = grp_q;
    qk_d = qk_q;
    xr_d = xr_q;
    xf_d = xf_q;
    xj_d = xj_q;
    xe_d = xe_q;
    xl_d = xl_q;
    xs_d = xs_q;
    ref_d = ref_q;
    // (the classifier's stages run free; their valid bits only in Exact)
    deq_d = dw_eq;
    xacc_d = '0;
    xeq_d = x_acc;
    y_go_d = 1'b0;
    y_enc_d = x_dup ? (x_f_q && xeq_q == fmt_q.alln ? 2'd0 : 2'd1) : 2'd2;
    lmfs_d = lmfs_q;
    lsms_d = lsms_q;
    ngt_d = ngt_q;
    gsel_d = gsel_q;
    qsel_d = (state_q == StQBuild && q_last) || (state_q == StQReq && !an_req_ready);

    unique case (state_q)
      StIdle: ;  // the intake below
      StRdReq: if (rd_req_ready_i) state_d = StRdWait;
      StRdWait: begin
        if (arrive) begin
          em_d = em_in;
          rbytes_d = rd_resp_i.bytes;
          kn_d = covz_q && em_in == 2'd0;
          sub_d = covz_q && em_in == 2'd1;
          state_d = StDecide;
        end
      end
      StDecide: begin
        val_d = sv;
        bl_d = '0;
        blast_d = fmt_q.lines_lg == 3'd0;
        ng_d = '0;
        ngt_d = '0;
        gsel_d = '0;
        gmask_d = '0;
        // the classifier's first sweep: reference the loaded sample (in sv), next
        // reference 0 (line 0, slot 0), so lines 1, .., L - 1, 0 (L >= 2: rd_ex0)
        unique case (fmt_q.dlg)
          3'd0: ref_d = {4{sv[31:0]}};
          3'd1: ref_d = {2{sv[63:0]}};
          default: ref_d = sv;
        endcase
        xr_d = smp_q;
        xf_d = 1'b1;
        xj_d = '0;
        xe_d = 1'b0;
        xl_d = 3'd1;
        xs_d = '0;
        report_d = 1'b1;
        if (kn_q) begin
          report_d = 1'b0;  // uniform
          mask_d = fmt_q.alln;
          enc_d = 2'd0;
          state_d = StOut;
        end else if (sub_q && fmt_q.multi) begin
          // wholly in memory in a subset tile: the stored masks (exact) are the classes
          report_d = 1'b0;
          state_d = StExact;
        end else begin
          // one-line pixels of a subset tile take the analysis too (one request is
          // faster there), reported as not analyzed
          report_d = !sub_q;
          state_d = StAnaReq;
        end
      end
      StAnaReq: if (an_req_ready) state_d = StAnaWait;
      StAnaWait: begin
        if (an_resp_valid) begin
          passes_d = passes_q + 16'd1;
          if (!fmt_q.multi) begin
            mask_d = line_mask;
            enc_d = pix_need;
            state_d = StOut;
          end else begin
            // slot j's line class (the line's samples are bl S.. of the pixel: lm_line)
            lmr_d = an_resp.masks;
            lmf_d = an_first;
            lmfs_d = an_first;
            for (int unsigned j = 0; j < 8; j++)
              lsms_d[j] = relok_q && an_resp.masks[j*8 + 32'(rel_q[2:0])];
            ng0_d = ng_q;
            rem_d = 6'(ng_q);
            live_d = live_ng_q;
            slot_d = '0;
            send_d = 4'(fmt_q.s_cnt) == 4'd0;  // (never: S >= 2)
            g0_d = '0;
            g0h_d = 32'd1;
            state_d = StSlot;
          end
        end
      end
      StSlot: begin
        // (the line register reads the next analysis line at a line's end, else the
        // slot's sample rs, a query's step 0, unused when no query follows: img_read)
        if (send_q) begin
          if (blast_q) begin
            enc_d = ng_need;
            mask_d = g_mask;
            state_d = StOut;
          end else begin
            bl_d = bl_q + 3'd1;
            blast_d = 3'(bl_q + 3'd1) == 3'((4'd1 << fmt_q.lines_lg) - 4'd1);
            state_d = StAnaReq;
          end
        end else if (!lmfs_q[0]) begin
          slot_d = slot_q + 4'd1;
          lmfs_d = lmfs_q >> 1;
          lsms_d = lsms_q >> 1;
          lmr_d = lmr_q >> 8;
          send_d = slot1_end;
        end else if (!live_q[0]) begin  // g0 >= ng0
          ng_d = ng_q + 5'd1;
          // (ng + 1 wraps to 0 from 31 only)
          ngt_d = ng_q == 5'd31 ? 16'd0 : {ngt_q[14:0], 1'b1};
          gsel_d = ng_q == 5'd31 ? 16'd0 : gsel_q;
          for (int unsigned g = 0; g < 16; g++)
            if (g == 32'(ng_q)) begin
              grep_d[g*4 +: 4] = rs;
              gmask_d[g*16 +: 16] = lm_line;
              gsel_d[g] = lsms_q[0];
            end
          slot_d = slot_q + 4'd1;
          lmfs_d = lmfs_q >> 1;
          lsms_d = lsms_q >> 1;
          lmr_d = lmr_q >> 8;
          send_d = slot1_end;
          g0_d = '0;
          g0h_d = 32'd1;
          rem_d = 6'(ng0_q);
          live_d = live_ng0_q;
        end else begin
          // the query line, a sample a clock: step 0 reads the slot's sample rs
          qk_d = '0;
          gi_d = 4'(g0_q);
          gnx_d = grep_q[32'(4'(g0_q[3:0] + 4'd1))*4 +: 4];
          state_d = StQBuild;
        end
      end
      StQBuild: begin
        // step qk_q's sample is in sv; read the sample of step qk_q + 1 (the first
        // sample of class g0 + qk_q) unless this step is the last
        // (img_read: the read is issued after the last step too, the line register is
        // free then)
        qk_d = qk_q + 3'd1;
        gi_d = gi_q + 4'd1;
        gnx_d = grep_q[32'(4'(gi_q + 4'd2))*4 +: 4];
        if (q_last) state_d = StQReq;
      end
      StQReq: if (an_req_ready) state_d = StQWait;
      StQWait: begin
        if (an_resp_valid) begin
          passes_d = passes_q + 16'd1;
          if (q_fnd) begin
            for (int unsigned g = 0; g < 16; g++)
              if (q_hot[g]) begin
                gmask_d[g*16 +: 16] = gmask_q[g*16 +: 16] | lm_line;
                gsel_d[g] = gsel_q[g] || (ngt_q[g] && lsms_q[0]);
              end
            slot_d = slot_q + 4'd1;
            lmfs_d = lmfs_q >> 1;
            lsms_d = lsms_q >> 1;
            lmr_d = lmr_q >> 8;
            send_d = slot1_end;
            g0_d = '0;
            g0h_d = 32'd1;
            rem_d = 6'(ng0_q);
            live_d = live_ng0_q;
          end else begin
            g0_d = g0_q + 5'(fmt_q.s_cnt) - 5'd1;
            unique case (fmt_q.slg)  // rotated by S - 1
              3'd1: g0h_d = {g0h_q[30:0], g0h_q[31]};
              3'd2: g0h_d = {g0h_q[28:0], g0h_q[31:29]};
              default: g0h_d = {g0h_q[24:0], g0h_q[31:25]};
            endcase
            rem_d = rem_q - 6'(fmt_q.s_cnt) + 6'd1;
            live_d = live_nf_q;
          end
          state_d = StSlot;
        end
      end
      StExact: begin
        // plan the next read: the sweep's next line, or the next sweep's first (its
        // reference r + 1, or 0 after the first; its next reference nr = r + 1)
        if (!xe_q) begin
          xj_d = xj_q + 3'd1;
          xe_d = 4'(xj_q + 3'd1) == (4'd1 << fmt_q.lines_lg) - 4'd1;
          xl_d = xl1_q;
        end else begin
          xr_d = xf_q ? 4'd0 : xr_q + 4'd1;
          xf_d = 1'b0;
          xj_d = '0;
          xe_d = fmt_q.lines_lg == 3'd0;
          xl_d = nxl_q;
          xs_d = nxs_q;
        end
        // C: the sweep's last line holds the next reference (slot xs)
        if (c_v_q && c_e_q)
          unique case (fmt_q.dlg)
            3'd0: ref_d = {4{sv[31:0]}};
            3'd1: ref_d = {2{sv[63:0]}};
            default: ref_d = sv;
          endcase
        // D: the line's equal samples (the sweep's, xeq_d, at its last line)
        if (d_v_q && !d_e_q) xacc_d = x_acc;
        // X: the sweep's judgement
        if (x_v_q) begin
          if (x_f_q) mask_d = xeq_q;
          y_go_d = x_dup || x_last;
        end
        // Y: the classifier's end
        if (y_go_q) begin
          enc_d = y_enc_q;
          state_d = StOut;
        end
      end
      StOut: if (resp_ready_i) state_d = StIdle;
      default: state_d = StIdle;
    endcase

    // The load's registers take the intake record in every clock a load may be taken (as
    // the image does: no load is held then, or its response is being taken), so only
    // the state depends on the take.
    if (ld_take) state_d = pre_q.rd ? StRdReq : StDecide;
    if (in_slot) begin
      fmt_d = pre_q.fmt;
      tile_d = snap_i.tile;
      p_d = pre_q.p;
      pb_d = pre_q.pb;
      rdw_d = pre_q.rdw;
      smp_d = pre_q.smp;
      cov_d = pre_q.cov;
      covz_d = pre_q.covz;
      kn_d = !pre_q.rd && pre_q.arr == 2'd0;
      sub_d = 1'b0;
      arr_d = pre_q.arr;
      rd_d = pre_q.rd;
      em_d = '0;
      rbytes_d = '0;
      passes_d = '0;
      lmj_d = pre_q.lmj;
      lmo_d = pre_q.lmo;
      lmv_d = pre_q.lmv;
      grp_d = pre_q.grp;
    end
  end

  // The query slots the build step of the next clock writes (q_wr of qk_d): step 0 the
  // slot's sample, in slot 0 and every slot past the live classes; step k, slot k.
  always_comb begin
    logic [7:0] wr;
    for (int unsigned k = 0; k < 8; k++)
      wr[k] = qk_d == 3'd0 ? k == 0 || !live_q[(k + 7) % 8] : 32'(qk_d) == k;
    for (int unsigned d = 0; d < 8; d++) qwd_d[d] = wr[d >> fmt_q.dlg];
  end

  // go_out's registered terms of the next clock: Decide with the state known (entered at
  // a take of a pixel wholly in the slot with arrival 1SPP, or at the arrival of a read
  // of a pixel wholly in memory in a 1SPP tile); the classifier's end (its judgement in
  // X); a one-line pixel's analysis awaited (its response offered in the next clock
  // unless in this one); the slot walk at its last line (entered from a line's analysis
  // or a query's answer, or a slot passed without a query).
  assign go_nx = (ld_take && !pre_q.rd && pre_q.arr == 2'd0) ||
                 (arrive && covz_q && em_in == 2'd0) ||
                 (state_q == StExact && !y_go_q && x_v_q && (x_dup || x_last));
  assign sb_nx = blast_q &&
                 ((state_q == StSlot && !send_q && !(lmfs_q[0] && live_q[0])) ||
                  (state_q == StAnaWait && an_resp_valid && fmt_q.multi) ||
                  (state_q == StQWait && an_resp_valid));
  assign aw_nx = !fmt_q.multi && ((state_q == StAnaReq && an_req_ready) ||
                                  (state_q == StAnaWait && !an_resp_valid));
  for (genvar k = 0; k < SC; k++) begin : gen_sce_q
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) begin
        sce_q[k] <= 1'b1;
        saw_q[k] <= 1'b0;
        ssb_q[k] <= 1'b0;
      end else begin
        sce_q[k] <= !sbusy_d || go_nx;
        saw_q[k] <= aw_nx;
        ssb_q[k] <= sb_nx;
      end
    end
  end

  // snap_q is kept from the take of a load that reads it later (a mixed pixel; a
  // multi-line pixel analyzed from the slot) until its state leads to Out; the read's
  // response is held from its arrival until then.
  always_comb begin
    sbusy_d = sbusy_q;
    if (ld_take) sbusy_d = pre_q.rd ? !pre_q.covz : pre_q.fmt.multi && pre_q.arr != 2'd0;
    else if (go_out) sbusy_d = 1'b0;
    rheld_d = rheld_q;
    if (arrive) rheld_d = 1'b1;
    else if (go_out) rheld_d = 1'b0;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      state_q <= StIdle;
      lrd_q <= '0;
      lhot_q <= '0;
      qbf_q <= 1'b0;
      sbusy_q <= 1'b0;
      go_q <= 1'b0;
      aw_q <= 1'b0;
      sb_q <= 1'b0;
      snp_ld_q <= 1'b0;
      rheld_q <= 1'b0;
      pre_ok_q <= 1'b0;
      idle_q <= 1'b1;
      out_q <= 1'b0;
      qsel_q <= 1'b0;
      rem_q <= '0;
      live_q <= '0;  // ms_cls_live(0)
    end else begin
      state_q <= state_d;
      lrd_q <= lrd_d;
      lhot_q <= lhot_d;
      qbf_q <= state_d == StQBuild;
      sbusy_q <= sbusy_d;
      go_q <= go_nx;
      aw_q <= aw_nx;
      sb_q <= sb_nx;
      snp_ld_q <= snap_ce;
      rheld_q <= rheld_d;
      pre_ok_q <= pre_ok_d;
      idle_q <= state_d == StIdle;
      out_q <= state_d == StOut;
      qsel_q <= qsel_d;
      rem_q <= rem_d;
      live_q <= live_d;
    end
  end

  always_ff @(posedge clk_i) begin
    pre_q <= in_dec;
    rsel_q <= rsel_d;
    pre_cfg_q <= {2'(cfg_i.spp), 2'(cfg_i.bps)};
    fmt_q <= fmt_d;
    tile_q <= tile_d;
    p_q <= p_d;
    pb_q <= pb_d;
    rdw_q <= rdw_d;
    gi_q <= gi_d;
    smp_q <= smp_d;
    cov_q <= cov_d;
    covz_q <= covz_d;
    kn_q <= kn_d;
    sub_q <= sub_d;
    arr_q <= arr_d;
    rd_q <= rd_d;
    em_q <= em_d;
    rbytes_q <= rbytes_d;
    passes_q <= passes_d;
    report_q <= report_d;
    mask_q <= mask_d;
    enc_q <= enc_d;
    val_q <= val_d;
    ln_q <= ln_d;
    lslot_q <= lslot_d;
    bl_q <= bl_d;
    send_q <= send_d;
    blast_q <= blast_d;
    slot_q <= slot_d;
    ng_q <= ng_d;
    ng0_q <= ng0_d;
    g0_q <= g0_d;
    qlv_q <= qlv_d;
    g0h_q <= g0h_d;
    gnx_q <= gnx_d;
    live_ng_q <= gx_ms_pkg::ms_cls_live(6'(ng_q));
    live_ng0_q <= gx_ms_pkg::ms_cls_live(6'(ng0_d));
    live_nf_q <= gx_ms_pkg::ms_cls_live(rem_q - 6'(fmt_q.s_cnt) + 6'd1);
    lmf_q <= lmf_d;
    grep_q <= grep_d;
    gmask_q <= gmask_d;
    lmr_q <= lmr_d;
    lmj_q <= lmj_d;
    lmo_q <= lmo_d;
    lmv_q <= lmv_d;
    grp_q <= grp_d;
    qk_q <= qk_d;
    aln_q <= aln_d;
    qwd_q <= qwd_d;
    xr_q <= xr_d;
    xf_q <= xf_d;
    xj_q <= xj_d;
    xe_q <= xe_d;
    xl_q <= xl_d;
    xs_q <= xs_d;
    c_v_q <= state_q == StExact;
    c_e_q <= xe_q;
    c_f_q <= xf_q;
    c_l_q <= xl_q;
    c_r_q <= xr_q;
    d_v_q <= c_v_q && state_q == StExact;
    d_e_q <= c_e_q;
    d_f_q <= c_f_q;
    d_l_q <= c_l_q;
    d_r_q <= c_r_q;
    ref_q <= ref_d;
    deq_q <= deq_d;
    xacc_q <= xacc_d;
    xeq_q <= xeq_d;
    x_v_q <= d_v_q && d_e_q && state_q == StExact;
    x_f_q <= d_f_q;
    x_r_q <= d_r_q;
    y_go_q <= y_go_d && state_q == StExact;
    y_enc_q <= y_enc_d;
    xl1_q <= 3'(xl_d + 3'd1) & 3'((4'd1 << fmt_q.lines_lg) - 4'd1);
    xn_q <= 3'(3'(p_q) << fmt_q.lines_lg) |
            (3'(xl_d + 3'd1) & 3'((4'd1 << fmt_q.lines_lg) - 4'd1));
    begin
      logic [4:0] nr;  // the next sweep's next reference
      logic [2:0] nl;
      nr = xf_q ? 5'd1 : 5'(xr_q) + 5'd2;
      nl = 3'(3'(nr >> fmt_q.slg) + 3'd1) & 3'((4'd1 << fmt_q.lines_lg) - 4'd1);
      nxl_q <= nl;
      nxa_q <= 3'(3'(p_q) << fmt_q.lines_lg) | nl;
      nxs_q <= 3'(nr & 5'((6'd1 << fmt_q.slg) - 6'd1));
    end
    lmfs_q <= lmfs_d;
    ngt_q <= ngt_d;
    gsel_q <= gsel_d;
    lsms_q <= lsms_d;
    rel_q <= 4'(smp_q - 4'(4'(bl_q) << fmt_q.slg));
    boff_q <= 4'(4'(bl_q) << fmt_q.slg);
    relok_q <= smp_q >= 4'(4'(bl_q) << fmt_q.slg) &&
               5'(smp_q) < 5'(4'(4'(bl_q) << fmt_q.slg)) + 5'd8;
    wl_q <= 3'((pb_q | 6'(4'(4'(bl_q) << fmt_q.slg))) >> fmt_q.slg);
    wl1_q <= 3'((3'(p_q) << fmt_q.lines_lg) | 3'(bl_q + 3'd1));
    wlo_q <= 3'((pb_q | 6'(4'(4'(bl_q) << fmt_q.slg))) & 6'((7'd1 << fmt_q.slg) - 7'd1));
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
  logic fv_after_init, fv_post_decide, fv_walk, fv_uniform, fv_ana;  // fv_walk: the slot walk
  logic [15:0] gsel_ref;  // bit g: class g's mask holds the loaded sample
  logic [7:0]  lsm_ref;   // bit j: slot slot_q + j's line class holds the loaded sample
  always_comb
    for (int unsigned j = 0; j < 8; j++) begin
      logic [15:0] m;
      m = 16'(lmr_q[j*8 +: 8]) << boff_q;
      lsm_ref[j] = m[smp_q];
    end
  always_comb
    for (int unsigned g = 0; g < 16; g++) gsel_ref[g] = gmask_q[g*16 + 32'(smp_q)];
  always_comb begin
    fv_after_init = state_q != StIdle;
    fv_walk = state_q == StSlot || state_q == StQBuild || state_q == StQReq ||
              state_q == StQWait;
    fv_post_decide = state_q == StAnaReq || state_q == StAnaWait || state_q == StSlot ||
                     state_q == StQBuild || state_q == StQReq || state_q == StQWait ||
                     state_q == StExact || state_q == StOut;
    fv_uniform = (!rd_q && arr_q == 2'd0) || (rd_q && cov_q == 16'd0 && em_q == 2'd0);
    fv_ana = (!rd_q && arr_q != 2'd0) || (rd_q && (cov_q != 16'd0 || em_q == 2'd2));
  end
`endif

  `GX_ASSUME(CfgLegal_M, cfg_i.bps != 2'd3)
  `GX_ASSUME(LdHold_M, !`GX_PAST_OK || !$past(ld_valid_i && !ld_ready_o) ||
                       (ld_valid_i && snap_i == $past(snap_i) && ld_i == $past(ld_i)))
  `GX_ASSUME(RespHold_M, !`GX_PAST_OK || !$past(rd_resp_valid_i && !rd_resp_ready_o) ||
                         (rd_resp_valid_i && rd_resp_i == $past(rd_resp_i)))
  `GX_ASSUME(RespOwed_M, !rd_resp_valid_i || fv_rd_owed_q)

  // One response per load, held until taken; one read at a time, for pixel p, kind 2.
  `GX_ASSERT(RespHold_A, !`GX_PAST_OK || !$past(resp_valid_o && !resp_ready_i) ||
                         (resp_valid_o && resp_o == $past(resp_o)))
  `GX_ASSERT(ReqHold_A, !`GX_PAST_OK || !$past(rd_req_valid_o && !rd_req_ready_i) ||
                        (rd_req_valid_o && rd_req_o == $past(rd_req_o)))
  `GX_ASSERT(Owed_A, fv_owed_q == (state_q != StIdle))
  `GX_ASSERT(OneRead_A, !rd_req_valid_o || !fv_rd_owed_q)
  `GX_ASSERT(RdOwed_A, fv_rd_owed_q == (state_q == StRdWait || rheld_q))
  // The read's response is held from its arrival until the load's state leads to Out;
  // the snapshot's copy is kept while the load in flight still reads it (a mixed pixel;
  // a multi-line pixel wholly in the slot that is analyzed).
  `GX_ASSERT(RespHeld_A, !rheld_q || (rd_resp_valid_i && rd_q && fv_after_init && !out_q &&
                                      state_q != StRdReq && state_q != StRdWait))
  `GX_ASSERT(SBusy_A, sbusy_q == (fv_after_init && !out_q &&
                                  (rd_q ? !covz_q : fmt_q.multi && arr_q != 2'd0)))
  `GX_ASSERT(GoOut_A, go_out == (!out_q && state_d == StOut))
  // go_out's registered terms and the copy's enable copies are the expressions they
  // replace.
  `GX_ASSERT(GoReg_A, go_q == ((state_q == StDecide && kn_q) ||
                               (state_q == StExact && y_go_q)) &&
                      aw_q == (state_q == StAnaWait && !fmt_q.multi) &&
                      sb_q == (state_q == StSlot && blast_q))
  `GX_ASSERT(SnapCe_A, sce_q == {SC{!sbusy_q || go_q}} && saw_q == {SC{aw_q}} &&
                       ssb_q == {SC{sb_q}})
  `GX_ASSERT(ReqFields_A, !rd_req_valid_o || (rd_req_o.kind == 2'd2 &&
                          rd_req_o.pixels == (32'd1 << p_q) && rd_req_o.tile == tile_q))
  // The read exactly when some sample of the pixel is not in the slot (read_bytes 0
  // without one).
  `GX_ASSERT(ReadExact_A, !fv_after_init || rd_q == (cov_q != fmt_q.alln))
  `GX_ASSERT(ReadDone_A, !fv_after_init || state_q == StRdReq || fv_rd_done_q == rd_q)
  `GX_ASSERT(ReadState_A, !(state_q == StRdReq || state_q == StRdWait) || rd_q)
  `GX_ASSERT(ReadFirst_A, state_q != StRdReq || !fv_rd_done_q)
  `GX_ASSERT(NoReadBytes_A, !fv_after_init || rd_q || rbytes_q == 9'd0)
  `GX_ASSERT(RespBytes_A, !resp_valid_o || resp_o.read_bytes == rbytes_q)
  `GX_ASSERT(EmLegal_A, !fv_after_init || em_q != 2'd3)
  // The state-known cases: uniform (mask N ones, 1SPP, not analyzed) without the
  // analyzer; a subset tile's stored masks not reported as analyzed; otherwise analyzed.
  `GX_ASSERT(NoAnaKnown_A, !(fv_post_decide && state_q != StOut) || !fv_uniform)
  `GX_ASSERT(Report_A, !fv_post_decide || report_q == fv_ana)
  `GX_ASSERT(Known1_A, !resp_valid_o || !fv_uniform ||
                       (resp_o.analyzed == 1'b0 && resp_o.passes == 16'd0 &&
                        resp_o.mask == fmt_q.alln && resp_o.enc == gx_pkg::Enc1spp))
  `GX_ASSERT(KnownSubset_A, !resp_valid_o || !(rd_q && cov_q == 16'd0 && em_q == 2'd1) ||
                            (resp_o.analyzed == 1'b0 && resp_o.passes == 16'd0))
  `GX_ASSERT(NotPasses_A, !resp_valid_o || resp_o.analyzed || resp_o.passes == 16'd0)
  `GX_ASSERT(Analyzed_A, !resp_valid_o || resp_o.analyzed == fv_ana)
  // The slot walk's count of earlier classes still to compare: rem = ng0 - g0 (g0 the
  // query base, a class index, five bits).
  `GX_ASSERT(Rem_A, !fv_walk || g0_q == 5'(6'(ng0_q) - rem_q))
  `GX_ASSERT(SlotEnd_A, !fv_walk || send_q == (slot_q == 4'(fmt_q.s_cnt)))
  `GX_ASSERT(LastLine_A, !(state_q == StAnaReq || state_q == StAnaWait ||
                           state_q == StSlot || state_q == StQBuild || state_q == StQReq ||
                           state_q == StQWait) ||
                         blast_q == (bl_q == 3'((4'd1 << fmt_q.lines_lg) - 4'd1)))
  `GX_ASSERT(Live_A, live_q == gx_ms_pkg::ms_cls_live(rem_q))
  // The query's registered helpers: the live query slots, the base one-hot, the class
  // found one-hot, the next build step's sample.
  `GX_ASSERT(QLive_A, !fv_walk ||
                      qlv_q == (live_q << 1 & 8'((9'd1 << fmt_q.s_cnt) - 9'd1) & 8'hfe))
  `GX_ASSERT(G0Hot_A, !fv_walk || g0h_q == 32'd1 << g0_q)
  `GX_ASSERT(QFound_A, state_q != StQWait || q_fnd == q_found)
  `GX_ASSERT(QHot_A, state_q != StQWait || q_hot == (q_found ? 16'(32'd1 << q_idx) : 16'd0))
  `GX_ASSERT(LmShift_A, !fv_walk || lmfs_q == 8'(lmf_q >> slot_q))
  `GX_ASSERT(SlotRange_A, !fv_walk || slot_q <= 4'(fmt_q.s_cnt))
  `GX_ASSERT(QSlot_A, !(state_q == StQBuild || state_q == StQReq || state_q == StQWait) ||
                      !send_q)
  `GX_ASSERT(LmFirst_A, state_q != StSlot || send_q || lmfs_q[0] == lm_first)
  `GX_ASSERT(NgThermo_A, !fv_post_decide || ngt_q == 16'((32'd1 << ng_q) - 32'd1))
  `GX_ASSERT(QSel_A, qsel_q == (state_q == StQReq))
  `GX_ASSERT(QBuildFlag_A, qbf_q == (state_q == StQBuild))
  // The analyzer's request line is the line register's in an analysis request.
  `GX_ASSERT(AlnLine_A, state_q != StAnaReq || aln_q == ln_q)
  // The query build's step writes the line gx_ms_classify builds.
  `GX_ASSERT(QWrite_A, state_q != StQBuild || aln_d == q_line)
  // The exact classifier runs for a multi-line pixel wholly in memory in a subset tile;
  // its read (xl_q, xs_q) is line (line(nr) + 1 + j) mod L, slot nr mod S of its sweep
  // (nr: 0 in the first sweep, else r + 1), xe_q its last line.
  `GX_ASSERT(XCase_A, state_q != StExact || (fmt_q.multi && sub_q))
  `GX_ASSERT(XPlan_A, state_q != StExact ||
                      (xe_q == (4'(xj_q) == (4'd1 << fmt_q.lines_lg) - 4'd1) &&
                       xl_q == (3'(3'((xf_q ? 5'd0 : 5'(xr_q) + 5'd1) >> fmt_q.slg) +
                                   3'd1 + xj_q) & 3'((4'd1 << fmt_q.lines_lg) - 4'd1)) &&
                       xs_q == 3'((xf_q ? 5'd0 : 5'(xr_q) + 5'd1) &
                                  5'((6'd1 << fmt_q.slg) - 6'd1))))
  // Its next reads, registered a clock ahead: the sweep's next line; from the sweep's
  // second line on, the next sweep's first line and slot (next reference r + 2, or 1
  // after the first sweep).
  `GX_ASSERT(XNext_A, state_q != StExact ||
                      (xl1_q == (3'(xl_q + 3'd1) & 3'((4'd1 << fmt_q.lines_lg) - 4'd1)) &&
                       xn_q == (3'(3'(p_q) << fmt_q.lines_lg) | xl1_q) &&
                       (xj_q == 3'd0 ||
                        (nxl_q == (3'(3'((xf_q ? 5'd1 : 5'(xr_q) + 5'd2) >> fmt_q.slg) +
                                      3'd1) & 3'((4'd1 << fmt_q.lines_lg) - 4'd1)) &&
                         nxa_q == (3'(3'(p_q) << fmt_q.lines_lg) | nxl_q) &&
                         nxs_q == 3'((xf_q ? 5'd1 : 5'(xr_q) + 5'd2) &
                                     5'((6'd1 << fmt_q.slg) - 6'd1))))))
  `GX_ASSERT(GSel_A, !fv_post_decide || gsel_q == (ngt_q & gsel_ref))
  `GX_ASSERT(WalkLine_A, !(state_q == StAnaWait || state_q == StSlot || state_q == StQBuild ||
                           state_q == StQReq || state_q == StQWait) ||
                         (wl_q == 3'((pb_q | 6'(4'(4'(bl_q) << fmt_q.slg))) >> fmt_q.slg) &&
                          wl1_q == 3'((3'(p_q) << fmt_q.lines_lg) | 3'(bl_q + 3'd1)) &&
                          boff_q == 4'(4'(bl_q) << fmt_q.slg) &&
                          wlo_q == 3'((pb_q | 6'(4'(4'(bl_q) << fmt_q.slg))) &
                                      6'((7'd1 << fmt_q.slg) - 7'd1))))
  `GX_ASSERT(LineSmp_A, !fv_walk || lsms_q == lsm_ref)
  `GX_ASSERT(LineRel_A, state_q != StAnaWait ||
                        (rel_q == 4'(smp_q - 4'(4'(bl_q) << fmt_q.slg)) &&
                         relok_q == (smp_q >= 4'(4'(bl_q) << fmt_q.slg) &&
                                     5'(smp_q) < 5'(4'(4'(bl_q) << fmt_q.slg)) + 5'd8)))
  `GX_ASSERT(QNext_A, !(state_q == StQBuild || state_q == StQReq) ||
                      gnx_q == grep_q[32'(4'(gi_q + 4'd1))*4 +: 4])
  // Its candidates where they are chosen: ng_q and rem_q unchanged since the previous
  // clock (a line's analysis answered; a query pass answered), ng0 registered with them.
  `GX_ASSERT(LiveNg_A, state_q != StAnaWait || live_ng_q == gx_ms_pkg::ms_cls_live(6'(ng_q)))
  `GX_ASSERT(LiveNg0_A, !fv_after_init || live_ng0_q == gx_ms_pkg::ms_cls_live(6'(ng0_q)))
  `GX_ASSERT(LiveNf_A, state_q != StQWait ||
                       live_nf_q == gx_ms_pkg::ms_cls_live(rem_q - 6'(fmt_q.s_cnt) + 6'd1))
  // The intake record registered a clock ahead is the offered load's whenever the load
  // may be taken (offered and held since the previous clock, N and B unchanged); the
  // loaded sample's stored bit is registered with the load.
  `GX_ASSERT(StFlags_A, idle_q == (state_q == StIdle) && out_q == (state_q == StOut))
  `GX_ASSERT(PreDecode_A, !(pre_ok_q && pre_cfg_q == {2'(cfg_i.spp), 2'(cfg_i.bps)}) ||
                          pre_q == in_dec)
  // The held format (and the intake record's) is a legal format as ms_fmt derives it.
  `GX_ASSERT(PreFmt_A, pre_q.fmt == gx_ms_pkg::ms_fmt(pre_q.fmt.spp, pre_q.fmt.bps) &&
                       pre_q.fmt.bps != 2'd3)
  `GX_ASSERT(FmtLegal_A, !fv_after_init ||
                         (fmt_q == gx_ms_pkg::ms_fmt(fmt_q.spp, fmt_q.bps) && fmt_q.bps != 2'd3))
  // Decide's cases, registered with the load and the read's Em.
  `GX_ASSERT(CovZero_A, !fv_after_init || covz_q == (cov_q == 16'd0))
  `GX_ASSERT(Known_A, !(state_q == StDecide || fv_post_decide) ||
                      (kn_q == fv_uniform && sub_q == (rd_q && cov_q == 16'd0 && em_q == 2'd1)))
  // The read planned a clock ahead is the read the state asks for (in RdWait the
  // loaded sample's line, for the response's arrival; in Idle and Out the offered
  // load's, StartPlan_A).
  `GX_ASSERT(ReadPlan_A, idle_q || out_q || state_q == StRdReq ||
                         lrd_q == (state_q == StRdWait ? rd_smp
                                   : img_read(state_q, fmt_q.multi, fmt_q.slg,
                                              fmt_q.lines_lg, fmt_q.per_lg, p_q, pb_q,
                                              smp_q, rd_q, arr_q, cov_q, em_q, bl_q,
                                              slot_q, grep_q[32'(gi_q)*4 +: 4],
                                              {xl_q, xs_q})))
  // The line reader's dword selects, registered with the plan, are the plan's.
  `GX_ASSERT(SelPlan_A, lhot_q == (lrd_q.go ? 8'd1 << lrd_q.line : 8'd0) &&
                        (!lrd_q.go || rsel_q == (idle_q || out_q ? 64'd0 : rdw_q)))
  `GX_ASSERT(StartPlan_A, !((idle_q || out_q) && pre_ok_q &&
                            pre_cfg_q == {2'(cfg_i.spp), 2'(cfg_i.bps)}) ||
                          lrd_q == rd_offer)
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
  `GX_COVER(BackToBack_C, state_q == StOut && ld_take)
  `GX_COVER(SBusy_C, sbusy_q && go_out)
endmodule

`default_nettype wire
