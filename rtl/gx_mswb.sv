// gx_mswb: flush encoder of the multi-sample surface store path (issue 4).
//
// Turns one eviction record of the coalesce unit (ms_evict_t from gx_mssurf) into one
// flush packet (ms_flush_t), in the steps a-e of gx_mssurf_writeback
// (cmodel/src/mswb.c, the specification, bit for bit):
//   a. RMW: the partially covered pixels are read from memory (rd_req kind 0) and their
//      unstored samples filled in; when no pixel is partial but some pixel is uncovered,
//      the same request with pixels 0 asks only for the tile's state Em;
//   b. threshold merging (cfg T > 0), greedy per covered pixel: each reference (the
//      lowest sample not yet placed) against the pixel's lines, a line a clock;
//   c. re-analysis of every covered pixel whose arrival state is not 1SPP with the one
//      gx_analyzer instance, in the request order of gx_mssurf_classes: line analyses,
//      and query passes for a pixel spanning several lines; Eb = the widest need (the
//      requests and the reading of the responses are gx_ms_classify, shared with gx_msld);
//   d. the tile's state: every existing pixel covered: Eb (full rewrite); else Eb <= Em:
//      Em, covered pixels only; else Eb with a promote read (rd_req kind 1) of the
//      uncovered pixels;
//   e. encoding (gx_mssurf_encode: 1SPP, subset with bit-packed masks then values,
//      full), pixel by pixel: 1SPP and full a sample a clock into the payload; subset
//      a class at a time (its first sample against the pixel's lines), its mask into
//      the payload and its value into a block-RAM value buffer, copied behind the mask
//      bytes at the end, 16 bytes a clock.
// The tile image is a block RAM of 8 lines of 256 bits (gx_ram_1r1w): loaded a line a
// clock from the held eviction record (read a pair of lines at a time; the uniform fast
// path gathers the pixels' sample 0s from the pairs instead), read a line at a time (the
// line in its output register is reused while current), written by read responses and
// merge joins.
// Peek records (loads' snapshots, peek = 1) are no evictions: taken and dropped.
//
// Handshake: valid/ready streams ev (in), rd_req (out), rd_resp (in), fl (out: the Out
// state's registers and the payload register). One eviction is in flight. ev_ready_o is
// high in Idle while no eviction is offered; an offered eviction is held by its source
// while its image lines holding stored samples are loaded (on the uniform fast path:
// while its sample 0s are gathered) and taken with the last (a peek record is taken at
// once). The next eviction is
// seen only after the previous packet was taken, so the memory must apply a packet
// before it answers the next read. At most one read is outstanding; a response is held
// while its lines are written and taken with the last line it fills. cfg_i is sampled
// when an eviction is first offered and must stay static while it is in flight (it
// changes only between surfaces).
// Latency and throughput (docs/mswb.md, measured by tb/mswb/bench_mswb.c, from the clock
// an eviction is offered to the idle unit to fl_valid_o): 1 + the load's clocks (the
// lines holding stored samples, at least 3) + Init; the uniform fast path then goes to
// Out (7 clocks in all for a uniform 4x RGBA8 tile, 5 for the 1 x 1 16 x 16 tile of the
// timing diagram); otherwise per step: reads 2 + lines written (+ memory latency), an
// image line read 3 clocks when it is not in the RAM's output register, analysis 3 per
// analyzer request, encode 1SPP 1 per written pixel, full N, subset per class 1 + 2
// (one-line pixels) or L + 3 (pixels of L lines), the copy words + 3. Throughput: one
// eviction per latency + 1.
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
  localparam int unsigned PL = gx_pkg::MsMaxPayload;     // 360 payload bytes

  typedef enum logic [4:0] {
    StIdle, StLoad, StInit, StRdReq, StRdWait, StMPix, StMRef, StMCmp, StAnaNext, StAnaReq,
    StAnaWait, StSlot, StQBuild, StQReq, StQWait, StDecide, StPrReq, StPrWait, StEPix,
    StERef, StECmp, StCopy, StOut
  } state_e;

  // ---------------------------------------------------------------------------------
  // State. state_q, fl_valid_q, emit_q and the copy pipeline's valids are control; the
  // rest is datapath (no reset).
  state_e            state_q, state_d;
  gx_pkg::ms_cfg_t   cfg_q, cfg_d;
  logic [19:0]       tile_q, tile_d;
  logic [1:0]        cause_q, cause_d;
  logic [63:0]       stored_q, stored_d;     // coverage, bit t = tile sample t
  logic [63:0]       arrive_q, arrive_d;
  logic [31:0]       valid_q, valid_d;       // existing pixels
  logic [31:0]       cov_q, cov_d, part_q, part_d, ana_q, ana_d;
  logic [1:0]        em_q, em_d, eb_q, eb_d, enc_q, enc_d;
  logic [31:0]       written_q, written_d;
  logic [8:0]        rmw_q, rmw_d, prom_q, prom_d;
  logic [15:0]       passes_q, passes_d;
  logic [2:0]        ln_q, ln_d;             // load, read responses: the line being written
  logic [2:0]        lnc_q;                  // ... its copy for the responses' dword enables
  logic [1:0]        lcnt_q, lcnt_d;         // load: clocks in Load (saturating at 3)
  logic [31:0]       wrw_q, wrw_d;           // encode: written_q from pixel px_q on (WrW_A);
                                             // merge: cov_q from pixel px_q on (CovW_A)
  logic [5:0]        px_q, px_d;             // merge, encode: the pixel
  logic [2:0]        pln_q, pln_d;           // ... its first line (PixLine_A)
  logic [2:0]        sln_q, sln_d;           // encode (full): the line of sample si_q
  logic [15:0]       done_q, done_d;         // merge: samples placed; subset: classed
  logic [15:0]       pst_q, pst_d;           // merge: the pixel's stored samples
  logic [63:0]       stw_q, stw_d;           // ... stored_q from pixel px_q on
  logic [3:0]        si_q, si_d;             // encode (1SPP, full): the pixel's sample
  logic              slast_q, slast_d;       // ... it is the pixel's last (SLast_A)
  logic [2:0]        plnx_q, plnx_d;         // the first line of pixel px_q + 1 (PlnNx_A)
  logic [1:0]        pxs;                    // the walk's step: px_q held, + 1, 0, P
  logic [2:0]        pl_inc, pl_one, pl_end; // the first line of pixel px_q + 2, 1, P + 1
  localparam logic [1:0] PxHold = 2'd0, PxInc = 2'd1, PxZero = 2'd2, PxEnd = 2'd3;
  logic [3:0]        cli_q, cli_d;           // merge, subset: lines of the pixel read
  logic [2:0]        clc_q, clc_d;           // ... and compared
  logic              crd_q, crd_d;           // ... lines of the pixel left to read (CmpFlag_A)
  logic              clast_q, clast_d;       // ... line clc_q is the pixel's last
  logic              rp1_q, rp2_q;           // an image read 1, 2 clocks ago
  logic              cs2_q;                  // compare stage 2 (line compared last clock)
  logic              cend_q;                 // ... the last line's, last clock (CmpEnd_A)
  logic              refw_q, refw_d;         // a multi-line pixel's reference is being read
  logic [2:0]        rd_line_q;              // the line last read
  logic              rd_val_q, rd_val_d;     // ... is (or will be) in rdata and current
  logic [127:0]      ref_q, ref_d;           // the reference (merge), class or sample read
  logic              ref_ld;                 // ... is taken this clock (smp_val)
  logic              ref_en;                 // ... ref_q loads smp_val (MRef, EPix, ERef)
  logic [15:0]       acc_q, acc_d;           // subset: the class's mask so far
  logic [3:0]        refi_q, refi_d;         // merge, subset: the reference's sample
  logic [5:0]        ai_q, ai_d;             // analysis: line (one-line pixels) or pixel
  logic [31:0]       anaw_q, anaw_d;         // ... ana_q from line or pixel ai_q on (AnaW_A)
  logic              aend_q, aend_d;         // ... the scan is over (AScan_A)
  logic              ahit_q, ahit_d;         // ... line or pixel ai_q holds one to analyze
  logic [2:0]        bl_q, bl_d;             // analysis: line of a multi-line pixel
  logic [2:0]        aln_q, aln_d;           // ... the line analyzed (AnaLine_A)
  logic [3:0]        slot_q, slot_d;         // analysis: slot j of that line
  logic [4:0]        ng_q, ng_d, ng0_q, ng0_d, g0_q, g0_d;  // classes, earlier, query base
  logic [63:0]       grep_q, grep_d;         // first sample of class g: bits 4g+3..4g
  logic [7:0]        lmf_q, lmf_d;           // the line's first-of-class slots
  logic [3:0]        lana_q, lana_d;         // one-line pixels: the line's pixels analyzed
  logic              needv_q, needv_d;       // ... their need (lneed) is still to take
  logic [5:0]        rem_q, rem_d;           // ng0 - g0 (signed): earlier classes to compare
  logic [7:0]        live_q;                 // ms_cls_live(rem_q)
  logic [2:0]        qk_q, qk_d;             // query line build step
  logic [5:0]        qrd_q, qrd_d;           // ... its tile sample (ai_q N + q_smp)
  logic [5:0]        qab_q;                  // ... ai_q N, the pixel's first (QAb_A)
  logic [3:0]        qg_q;                   // ... g0 + qk_q: the class of the next step
  logic [255:0]      qline_q, qline_d;       // the query line
  logic              emit_q, emit_d;         // emit stage: ref_q is the next value
  logic [15:0]       emask_q, emask_d;       // emit stage, subset: its class mask
  logic [8:0]        voff_q, voff_d;         // encode: value bytes (<= 256)
  logic [10:0]       moff_q, moff_d;         // encode: mask bits (<= 960; 11 bits: no wrap)
  logic [7:0]        mbyte_q, mbyte_d;       // subset: the mask byte being filled
  logic [4:0]        cpi_q, cpi_d;           // copy: value words read so far
  logic              cv1_q, cv2_q;           // copy: a word read 1, 2 clocks ago
  logic [3:0]        cc1_q, cc2_q;           // ... which word
  logic [3:0]        cpr_q;                  // ... its rotation: mbytes mod 16 (CopyRot_A)
  logic [8*PL-1:0]   pl_q;                   // the packet's payload (fl_o.payload)
  logic [5:0]        nana_q, nana_d;         // re-analyzed pixels (the packet's analyzed)

  // ---------------------------------------------------------------------------------
  // Format of the held eviction (gx_ms_pkg::ms_fmt_t: N = 2^nlg, B = 2^blg, B/4 = 2^dlg
  // dwords a sample, P = 2^plg pixels a tile, 2^tsl samples a tile, S = 2^slg slots a line).
  // (a register, loaded with cfg_q: no format decode on the datapath's paths)
  gx_ms_pkg::ms_fmt_t fmt;

  // ---------------------------------------------------------------------------------
  // Pixel masks of a coverage bitmap (bit p N + i = sample i of pixel p), as functions.
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
  // the line dword of each dword d of sample t's 16 bytes (repeated every 2^dlg dwords)
  function automatic logic [11:0] f_smx(input logic [2:0] t, input logic [2:0] dlg);
    for (int unsigned d = 0; d < 4; d++)
      unique case (dlg)
        3'd0:    f_smx[d*3 +: 3] = t[2:0];
        3'd1:    f_smx[d*3 +: 3] = {t[1:0], 1'(d)};
        default: f_smx[d*3 +: 3] = {t[0], 2'(d)};
      endcase
  endfunction
  // the pixels of the tile (P of them): bit p for p < P
  function automatic logic [31:0] f_pmask(input gx_pkg::spp_e spp, input gx_pkg::bps_e bps);
    f_pmask = 32'((33'd1 << (6'd1 << f_plg(spp, bps))) - 33'd1);
  endfunction
  // the lines of the image holding a stored sample (2^(3 - bps) samples a line)
  function automatic logic [7:0] f_lines(input logic [63:0] st, input logic [1:0] bps);
    for (int unsigned l = 0; l < 8; l++)
      unique case (bps)
        2'd0:    f_lines[l] = |st[8*l +: 8];
        2'd1:    f_lines[l] = |st[4*l +: 4];
        default: f_lines[l] = |st[2*l +: 2];
      endcase
  endfunction
  // the lowest set bit of m (0 when none)
  // a word's first B = 2^blg bytes in each B-byte lane group of a word
  function automatic logic [127:0] f_brep(input logic [2:0] blg, input logic [127:0] v);
    unique case (blg)
      3'd2:    f_brep = {4{v[31:0]}};
      3'd3:    f_brep = {2{v[63:0]}};
      default: f_brep = v;
    endcase
  endfunction
  // N = 2: the line dword holding gathered dword i (pixel i's sample 0, its first dword
  // at B = 4, the dwords of pixels 0, 1 at B = 8, of pixel 0 at B = 16)
  function automatic logic [2:0] f_gdw(input logic [2:0] dlg, input int unsigned i);
    unique case (i)
      0:       f_gdw = 3'd0;
      1:       f_gdw = dlg != 3'd0 ? 3'd1 : 3'd2;
      2:       f_gdw = dlg == 3'd2 ? 3'd2 : 3'd4;
      default: f_gdw = dlg == 3'd2 ? 3'd3 : dlg == 3'd1 ? 3'd5 : 3'd6;
    endcase
  endfunction
  // rd_line_q == rd_x in state st (its line flags: eq_pln, eq_sln, eq_aln, eq_qln)
  function automatic logic f_lx(input logic [4:0] st, input logic [1:0] enc,
                                input logic [3:0] eq);
    unique case (st)
      5'(StAnaReq): f_lx = eq[2];
      5'(StQBuild): f_lx = eq[3];
      5'(StERef):   f_lx = enc == 2'd1 ? eq[0] : eq[1];
      default:      f_lx = eq[0];
    endcase
  endfunction
  // the dwords of line l holding a stored sample (dword k: sample (8 l + k) / 2^dlg)
  function automatic logic [7:0] f_keep(input logic [63:0] st, input logic [2:0] dlg,
                                        input logic [2:0] l);
    for (int unsigned k = 0; k < 8; k++) f_keep[k] = st[6'((32'(l) * 8 + k) >> dlg)];
  endfunction
  // f_keep of every line l, at bits 8 l..
  function automatic logic [63:0] f_kall(input logic [63:0] st, input logic [2:0] dlg);
    for (int unsigned l = 0; l < 8; l++) f_kall[8*l +: 8] = f_keep(st, dlg, 3'(l));
  endfunction
  // bit 0 of f_low(m): the lowest set bit of m is odd
  function automatic logic f_lsb(input logic [7:0] m);
    f_lsb = 1'b0;
    for (int k = 7; k >= 0; k--)
      if (m[k]) f_lsb = 1'(k);
  endfunction
  function automatic logic [2:0] f_low(input logic [7:0] m);
    f_low = '0;
    for (int k = 7; k >= 0; k--)
      if (m[k]) f_low = 3'(k);
  endfunction
  // the record's pair read next by a copy p of the pair index: in the fast path's gather
  // (gm) the lowest of the pairs left to gather gl other than p (0 when none is left),
  // else nl (the pair of the next line loaded; 0 from Idle)
  function automatic logic [1:0] f_prn(input logic gm, input logic [3:0] gl,
                                       input logic [1:0] nl, input logic [1:0] p);
    logic [3:0] m;
    m = gl & ~(4'd1 << p);
    f_prn = gm ? 2'(f_low(8'(m))) : nl;
  endfunction
  // Variable shifts that Yosys's share pass could merge across states (one shifter, its
  // inputs selected by the states' conditions: a path from each state's decision into
  // the others' registers) are written as decodes and selects of constant shifts.
  // The compare's map for pixel px of the format, line c of the pixel (multi-line pixels):
  // bit i of the first 16 bits, sample i is in that line; then sample i's dwords there
  // (8 bits each, sample 15's on top). One-line pixels: pixel px's place pl in its line,
  // sample i in slot pl N + i; multi-line pixels: line c holds samples c S .. c S + S - 1,
  // sample i in slot i mod S. A slot is 2^dlg dwords.
  function automatic logic [143:0] f_smap(input logic multi, input logic [4:0] nn,
                                          input logic [2:0] nlg, input logic [2:0] dlg,
                                          input logic [2:0] slg, input logic [2:0] per_lg,
                                          input logic [5:0] px, input logic [2:0] c);
    logic [15:0] in;
    logic [15:0][7:0] dm;
    for (int unsigned i = 0; i < 16; i++) begin
      logic [2:0] slot;
      if (multi) begin
        in[i] = i < 32'(nn) && 3'(i >> slg) == c;
        slot = 3'(i & ((32'd1 << slg) - 1));
      end else begin
        in[i] = i < 32'(nn);
        slot = 3'(((32'(px) & ((32'd1 << per_lg) - 1)) << nlg) | i);
      end
      dm[i] = in[i] ? 8'(((32'd1 << (32'd1 << dlg)) - 1) << (32'(slot) << dlg)) : 8'd0;
    end
    f_smap = {in, dm};
  endfunction
  // one-hot decodes: bit i of 8, 16 and 32
  function automatic logic [7:0] f_oh8(input logic [2:0] i);
    for (int unsigned k = 0; k < 8; k++) f_oh8[k] = 32'(i) == k;
  endfunction
  function automatic logic [15:0] f_oh16(input logic [3:0] i);
    for (int unsigned k = 0; k < 16; k++) f_oh16[k] = 32'(i) == k;
  endfunction
  function automatic logic [31:0] f_oh32(input logic [4:0] i);
    for (int unsigned k = 0; k < 32; k++) f_oh32[k] = 32'(i) == k;
  endfunction
  // a bitmap of samples from the next pixel on: m >> N
  function automatic logic [63:0] f_nxpix(input logic [2:0] nlg, input logic [63:0] m);
    unique case (nlg)
      3'd1:    f_nxpix = m >> 2;
      3'd2:    f_nxpix = m >> 4;
      3'd3:    f_nxpix = m >> 8;
      default: f_nxpix = m >> 16;
    endcase
  endfunction
  // the analysis scan's test of line or pixel ai (w: ana_q from it on): {the scan is over
  // (past the last line or pixel, or none left to analyze), it holds a pixel to analyze}
  function automatic logic [1:0] f_ascan(input logic multi, input logic [2:0] plg,
                                         input logic [2:0] per_lg, input logic [5:0] ai,
                                         input logic [31:0] w);
    f_ascan[1] = ai == (multi ? 6'(6'd1 << plg) : 6'd8) || w == 32'd0;
    f_ascan[0] = multi ? w[0] : (w & 32'((33'd1 << (6'd1 << per_lg)) - 33'd1)) != 32'd0;
  endfunction
  // the mask of the first n pixels
  function automatic logic [31:0] f_first(input logic [5:0] n);
    f_first = n >= 6'd32 ? 32'hffff_ffff : 32'((33'd1 << n) - 33'd1);
  endfunction
  // The fast path's gather: the pair dword (one-hot) of gathered dword i, the loaded
  // line being the pair's half h. N = 2: line dword f_gdw of half h; N > 2 (either half):
  // one-line pixels, N = 4: pair dwords 0, 4, 8, 12 (B = 4), 0, 1, 8, 9 (B = 8); N = 8:
  // 0, 8, 0, 8; multi-line pixels: the pair's first B bytes (dword 0 repeated at B = 4,
  // dwords 0, 1 at B = 8).
  function automatic logic [63:0] f_gsel(input logic [2:0] nlg, input logic [2:0] dlg,
                                         input logic multi, input logic h);
    logic [15:0] j;  // j[4i+3:4i]: gathered dword i's pair dword
    if (nlg == 3'd1)
      for (int unsigned i = 0; i < 4; i++) j[4*i +: 4] = {h, f_gdw(dlg, i)};
    else if (multi) begin
      j[3:0] = 4'd0;
      j[7:4] = dlg == 3'd0 ? 4'd0 : 4'd1;
      j[11:8] = dlg == 3'd2 ? 4'd2 : 4'd0;
      j[15:12] = dlg == 3'd0 ? 4'd0 : dlg == 3'd1 ? 4'd1 : 4'd3;
    end else begin
      j[3:0] = 4'd0;
      j[7:4] = nlg == 3'd3 ? 4'd8 : dlg == 3'd0 ? 4'd4 : 4'd1;
      j[11:8] = nlg == 3'd3 ? 4'd0 : 4'd8;
      j[15:12] = nlg == 3'd3 ? 4'd8 : dlg == 3'd0 ? 4'd12 : 4'd9;
    end
    for (int unsigned i = 0; i < 4; i++) f_gsel[16*i +: 16] = f_oh16(j[4*i +: 4]);
  endfunction

  // The fast path's gather (N > 2): the payload lanes (c bytes from byte a mod 16, c
  // dividing 16) and line (a / 16, below 4) written from pair pr, a its byte address:
  // one-line pixels, pr 64 / N; a pixel of L = 2^lines_lg lines, (pr / (L / 2)) B.
  function automatic logic [17:0] f_glane(input logic [2:0] nlg, input logic [2:0] blg,
                                          input logic multi, input logic [2:0] lines_lg,
                                          input logic [1:0] pr);
    logic [5:0] a;
    logic [4:0] c;
    logic [1:0] pp;  // multi-line pixels: the pixel of pair pr
    unique case (lines_lg)
      3'd1:    pp = pr;
      3'd2:    pp = {1'b0, pr[1]};
      default: pp = 2'd0;
    endcase
    if (multi) begin
      a = 6'(32'(pp) << blg);
      c = 5'(6'd1 << blg);
    end else begin
      a = 6'(32'(pr) << (3'd6 - nlg));
      c = 5'(7'd64 >> nlg);
    end
    for (int unsigned l = 0; l < 16; l++)
      f_glane[l] = l >= 32'(a[3:0]) && l < 32'(a[3:0]) + 32'(c);
    f_glane[17:16] = a[5:4];
  endfunction

  logic [31:0] pix_any, pix_all, p_mask, ana_c, valid_c;
  always_comb begin
    p_mask = f_pmask(cfg_q.spp, cfg_q.bps);
    pix_any = f_pix(stored_q, cfg_q.spp, 1'b1) & p_mask;
    pix_all = f_pix(stored_q, cfg_q.spp, 1'b0) & p_mask;
    for (int unsigned p = 0; p < TP; p++)
      ana_c[p] = pix_any[p] && arrive_q[2*p +: 2] != 2'd0;
    valid_c = f_first(6'd1 << fmt.plg);  // every pixel of a tile exists
  end

  // The existing pixels: every tile of the surface is whole (the surface is padded to
  // whole tiles, docs/mssurf.md; the eviction's tile is one of the surface's), so they
  // are the format's P pixels, registered (vn_q, the count, from the second Load clock;
  // valid_n its mask). The pixel masks of the stored samples are registered beside the
  // count (pa_q, pl_q, an_q: pix_any, pix_all, ana_c from the second Load clock), and so
  // are Init's choices from them (rn_q: a read is needed, nana_q's count).
  logic [5:0]  vn_q;
  logic [31:0] valid_n, pa_q, pal_q, an_q;
  logic        rn_q;
  logic [5:0]  ncnt_q;
  always_ff @(posedge clk_i) begin
    ncnt_q <= 6'($countones(an_q));
    vn_q <= 6'd1 << fmt.plg;
    pa_q <= pix_any;
    pal_q <= pix_all;
    an_q <= ana_c;
    rn_q <= (pa_q & ~pal_q) != 32'd0 || pa_q != valid_n;
  end
  assign valid_n = f_first(vn_q);

  // The uniform fast path: every existing pixel covered, none partial, none to re-analyze
  // (arrival 1SPP): no read, merge or analysis can change the packet, which is the 1SPP
  // encoding of every existing pixel (a merge never changes a pixel's sample 0, its
  // first reference). So the sample 0s are written into the payload as the image is
  // loaded, and Init goes to Out. fast_q: the condition, registered (from the third
  // Load clock on).
  logic fast_c, fast_q;
  assign ref_en = state_q == StMRef || state_q == StEPix || state_q == StERef;
  assign fast_c = pa_q == valid_n && pal_q == pa_q && an_q == 32'd0;
  always_ff @(posedge clk_i) fast_q <= fast_c;

  // the walk's next pixel's first line after each of its steps (plnx_d's choices)
  always_comb begin
    pl_inc = 3'((32'(px_q + 6'd2) << fmt.nlg) >> fmt.slg);
    pl_one = 3'((32'd1 << fmt.nlg) >> fmt.slg);
    pl_end = 3'((32'(6'(6'd1 << fmt.plg) + 6'd1) << fmt.nlg) >> fmt.slg);
  end

  // ---------------------------------------------------------------------------------
  // The tile image: a block RAM of 8 lines of 8 dwords (a line is one analyzer request:
  // 2^slg sample slots of 2^dlg dwords), gx_ram_1r1w: the line read at img_ra is in
  // rdata two clocks after img_re, and stays there until the next read returns. The
  // line in rdata (rd_line_q, rd_val_q) is reused while it is current: a sample or line
  // wanted (rd_x) is there (have_x) or is read. One write port: line wl, dword enables
  // wdw, data wd (the eviction's lines, read responses, merge joins), registered before
  // the RAM (wl_q, wdw_q, wd_q): a line written in clock t is in the RAM at the end of
  // t + 1, so no state reads it in t + 1 (the merge's reference and the encoder's pixel
  // wait a clock for it: wcol_*; a compare stream reads only lines after the one it
  // joins, ImgWr_A). The merge's joins are registered once more before the port (jdw_q,
  // jl_q, jv_q: the dword enables of the samples stage 2 joins and their line, JDly_A),
  // so a joined line is in the RAM at the end of the clock after the next: the join
  // enables' logic ends in a register of its own, not in the port's select.
  logic         img_re;
  logic [2:0]   img_ra, wl, ln_first, ln_cmp, rd_x, rd_ref, sln_nx;
  logic [7:0]   wdw;
  logic [2:0]   wl_q;
  logic [7:0]   wdw_q;
  logic [255:0] wd_q;
  logic [7:0]   jdw_q;     // the joins of the clock before: their dwords,
  logic [2:0]   jl_q;      // ... their line
  logic         jv_q;      // ... the clock before was a merge's stage 2
  logic         wcol_ref, wcol_pix;  // the line pending in the write register is the
                                     // reference's (MRef) or the pixel's (EPix)
  logic [31:0]  img_we;
  logic [255:0] wd, rdata;
  logic         have_x;    // line rd_x is in rdata
  logic         lx_q, lx_d;  // ... it is the line last read (f_lx of the state: LineX_A)
  logic         eq_pln_q, eq_sln_q, eq_aln_q, eq_qln_q;  // rd_line_q == pln_q, sln_q,
  logic         eq_pln_d, eq_sln_d, eq_aln_d, eq_qln_d;  // aln_q, qrd_q's line
  logic [2:0]   rdl_nx;    // rd_line_q's next value
  logic [5:0]   rd_t;      // the tile sample read (slot rd_t mod S of line rd_x)
  logic [5:0]   rdt_q, rdt_d;  // ... registered a clock ahead (RdT_A)
  logic [3:0]   rdt_idx;   // ... the pixel's sample, in the clock before
  logic [127:0] smp_val;   // its B bytes, repeated every B bytes (SmpRep_A), from rdata
  logic [11:0]  smx_q;     // ... the line dword of each of its 4 dwords (f_smx, SmpX_A)
  logic [3:0]   i_lo;      // merge, subset: the lowest sample of pixel px_q not yet done
  logic         nd_any;    // ... there is one
  logic [3:0]   ilo_q, ilo_d;  // (registered from done_d, the clock before: NdLo_A)
  logic         nd_q, nd_d;
  logic [15:0]  dnx;       // done_q, or 0 where done_d clears it (ilo_d, nd_d's source)
  always_comb begin
    i_lo = ilo_q;
    nd_any = nd_q;
    // the pixel's first line (a register, pln_q); the line of the compare (one-line
    // pixels: the pixel's)
    ln_first = pln_q;
    ln_cmp = ln_first + clc_q;
    // the sample read: QBuild qrd_q; EPix sample 0 of pixel px_q; ERef its sample si_q
    // (full) or i_lo (subset); MRef i_lo: a register, loaded the clock before (rdt_d)
    rd_t = rdt_q;
    // the line wanted, from registers only (not from i_lo: a one-line pixel's reference
    // is in its line, a multi-line pixel's is always read, at rd_ref)
    rd_ref = 3'(rd_t >> fmt.slg);
    unique case (state_q)
      StAnaReq: rd_x = aln_q;
      StQBuild: rd_x = 3'(qrd_q >> fmt.slg);
      StEPix:   rd_x = ln_first;
      StERef:   rd_x = enc_q == 2'd1 ? ln_first : sln_q;
      default:  rd_x = ln_first;  // StMRef
    endcase
    // rd_line_q == rd_x: lx_q, registered with the comparisons it selects (LineEq_A)
    have_x = rd_val_q && lx_q && !rp1_q;
    // the line of sample si_q + 1 of pixel px_q: the next value of sln_q (from
    // registers, beside the walk's decisions; pln_q's next is the register plnx_q)
    sln_nx = 3'(((32'(px_q) << fmt.nlg) | 32'(si_q + 4'd1)) >> fmt.slg);
    // dword d of the 16 bytes is dword d mod 2^dlg of the sample: line dword
    // (rd_t 2^dlg + d mod 2^dlg) mod 8, so every user of the sample (the reference, its
    // bounds, the payload's and value buffer's data, the compare) takes it repeated as
    // it is, with no select by the format behind the read; the line dwords are
    // registered with rdt_q, from the next values of it and of fmt (smx_q), so the select
    // reads registers
    for (int unsigned d = 0; d < 4; d++)
      smp_val[d*32 +: 32] = rdata[32'(smx_q[d*3 +: 3])*32 +: 32];
    for (int unsigned b = 0; b < 32; b++) img_we[b] = wdw_q[b / 4];
    wcol_pix = wdw_q != 8'd0 && wl_q == pln_q;
    wcol_ref = wdw_q != 8'd0 && wl_q == (fmt.multi ? rd_ref : pln_q);
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) wdw_q <= '0;
    else wdw_q <= wdw;
    wl_q <= wl;
    wd_q <= wd;
  end

  gx_ram_1r1w #(.Depth(8), .Width(256)) u_img (
    .clk_i   (clk_i),
    .rst_i   (rst_i),
    .re_i    (img_re),
    .raddr_i (img_ra),
    .rdata_o (rdata),
    .we_i    (img_we),
    .waddr_i (wl_q),
    .wdata_i (wd_q)
  );

  // ---------------------------------------------------------------------------------
  // The line comparator: each dword of the line in rdata against the same dword of the
  // reference ref_q (its B bytes repeated in its 16, so dword d of the line is compared
  // with dword d mod 4 of ref_q in every format): equal, and near (every byte within
  // T). A byte x is near reference byte r when r - T <= x <= r + T: the bounds are
  // registered with the reference (rlo_q, rhi_q: byte k of ref_q's 16, 9 bits, rlo_q
  // with the borrow of r - T on top), so the test is two comparisons side by side, no
  // subtraction and no select in front of them. The bounds are registered from ref_q
  // in every clock, so they are ref_q's a clock after it is loaded: a merge's compare of
  // a one-line pixel waits its first clock for them (rbw_q; the subset's compare reads
  // equality only), a multi-line pixel's first line arrives later (RefBnd_A).
  logic [255:0]      rrep;
  logic [7:0]        dw_eq, dw_near, dweq_q, dwnr_q;
  logic [15:0][8:0]  rlo_q, rhi_q, rlo_d, rhi_d;
  logic              rbw_q;  // the clock after a take (the bounds are not yet ref_q's)
  always_comb begin
    for (int unsigned k = 0; k < 16; k++) begin
      rlo_d[k] = {1'b0, ref_q[k*8 +: 8]} - {1'b0, cfg_q.threshold};
      rhi_d[k] = {1'b0, ref_q[k*8 +: 8]} + {1'b0, cfg_q.threshold};
    end
    rrep = {ref_q, ref_q};
    for (int unsigned d = 0; d < 8; d++) begin
      logic [31:0] a;
      logic nr;
      a = rdata[d*32 +: 32];
      nr = 1'b1;
      for (int unsigned y = 0; y < 4; y++) begin
        logic [8:0] lo, hi;
        lo = rlo_q[(d % 4)*4 + y];
        hi = rhi_q[(d % 4)*4 + y];
        if (!(lo[8] || a[y*8 +: 8] >= lo[7:0]) || {1'b0, a[y*8 +: 8]} > hi) nr = 1'b0;
      end
      dw_eq[d] = a == rrep[d*32 +: 32];
      dw_near[d] = nr;
    end
  end

  // The compare is two stages: stage 1 (cs1) compares the line in rdata, stage 2 (cs2_q,
  // the clock after) reads the registered results: joins, masks, done samples. The
  // compare ends in the clock after the last line's stage 2 (cend_q), which compares
  // nothing, so the next reference (ilo_q, the sample read) is taken from done_q.
  logic cs1;
  assign cs1 = (state_q == StMCmp || state_q == StECmp) && !cend_q &&
               (fmt.multi ? rp2_q : !cs2_q && !(state_q == StMCmp && rbw_q));
  always_ff @(posedge clk_i) begin
    dweq_q <= dw_eq;
    dwnr_q <= dw_near;
  end

  // The compared line's slots mapped to the samples of pixel px_q, registered in the
  // clock of stage 1 (from the pixel and the line entering stage 2, clc_q + cs2_q:
  // SMap_A), so stage 2 reads per-sample results: sample i is in the line (smi_q[i]) and
  // its dwords there are smd_q[i]; it is equal (near) when each of those dwords is.
  // Merge: a sample joins the reference when not yet placed and near it (stored) or
  // equal to it (read from memory); a joining sample's dwords are written. Subset: the
  // class mask of the reference.
  logic [15:0]      smi_q, smi_d;
  logic [15:0][7:0] smd_q, smd_d;
  logic [15:0]      smp_eq, smp_nr;  // sample i's dwords all equal, near
  logic [15:0]      join_pix, eq_pix;
  logic [7:0]       join_dw;         // the dwords of the joining samples
  always_comb begin
    {smi_d, smd_d} = f_smap(fmt.multi, fmt.nn, fmt.nlg, fmt.dlg, fmt.slg, fmt.per_lg, px_q,
                              clc_q + 3'(cs2_q));
    join_dw = '0;
    for (int unsigned i = 0; i < 16; i++) begin
      smp_eq[i] = (dweq_q | ~smd_q[i]) == 8'hff;
      smp_nr[i] = (dwnr_q | ~smd_q[i]) == 8'hff;
      join_pix[i] = smi_q[i] && !done_q[i] && (pst_q[i] ? smp_nr[i] : smp_eq[i]);
      eq_pix[i] = smi_q[i] && smp_eq[i];
      if (join_pix[i]) join_dw = join_dw | smd_q[i];
    end
  end
  always_ff @(posedge clk_i) begin
    smi_q <= smi_d;
    smd_q <= smd_d;
  end
  // the joins, written into the image the clock after (jdw_q, jl_q, jv_q)
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      jdw_q <= '0;
      jv_q <= 1'b0;
    end else begin
      jdw_q <= state_q == StMCmp && cs2_q ? join_dw : 8'd0;
      jv_q <= state_q == StMCmp && cs2_q;
    end
    jl_q <= ln_cmp;
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
  logic unused_q_idx;  // (q_smp: qrd_q holds the sample, a clock ahead, QAddr_A;
  assign unused_q_idx = ^{q_idx, q_smp, line_need};  // line_need: lneed, a clock after)

  gx_ms_classify u_cls (
    .fmt_i       (fmt),
    .img_i       ({8{rdata}}),  // the analyzed line is read into rdata
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
    .q_val_i     (smp_val),
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
  // (have_x in StAnaReq, written out: its line flag is eq_aln_q, so the request's valid,
  // which enables the analyzer's input registers, decodes no other state's line)
  assign an_req_valid = (state_q == StAnaReq && rd_val_q && eq_aln_q && !rp1_q) ||
                        state_q == StQReq;
  assign an_resp_ready = state_q == StAnaWait || state_q == StQWait;

  // ---------------------------------------------------------------------------------
  // Encoding. The emit stage takes the value in ref_q (the sample or class read the clock
  // before): 1SPP and full write it into the payload at byte voff_q; subset writes it
  // into the value buffer at byte voff_q and its class mask emask_q into the payload's
  // mask bits at bit moff_q (a mask byte is rewritten whole as it fills: mbyte_q). The
  // value buffer is a block RAM (16 words of 16 bytes); after the walk the copy moves
  // it into the payload behind the mask bytes, 16 bytes a clock.
  logic [127:0] vrep;      // ref_q: its B bytes in each B-byte lane group of a word
  logic [15:0]  vb_we;
  logic [127:0] vb_rdata;
  logic         cp_re;
  logic [4:0]   cp_n;      // value words to copy
  logic [8:0]   mbytes;    // subset: mask bytes
  logic [7:0]   mb_new;    // subset: the mask byte with emask_q in it
  always_comb begin
    vrep = ref_q;
    vb_we = emit_q && enc_q == 2'd1 ? 16'(((17'd1 << fmt.bb) - 17'd1) << voff_q[3:0]) : 16'd0;
    mbytes = 9'((moff_q + 11'd7) >> 3);
    cp_n = enc_q == 2'd1 ? 5'((voff_q + 9'd15) >> 4) : 5'd0;
    cp_re = state_q == StCopy && cpi_q < cp_n;
    mb_new = (moff_q[2:0] == 3'd0 ? 8'd0 : mbyte_q) | 8'(emask_q << moff_q[2:0]);
  end

  gx_ram_1r1w #(.Depth(16), .Width(128)) u_vbuf (
    .clk_i   (clk_i),
    .rst_i   (rst_i),
    .re_i    (cp_re),
    .raddr_i (cpi_q[3:0]),
    .rdata_o (vb_rdata),
    .we_i    (vb_we),
    .waddr_i (voff_q[7:4]),
    .wdata_i (vrep)
  );

  // The load reads the held record a pair of lines at a time: pair pr_q (lines 2 pr_q and
  // 2 pr_q + 1, 512 bits: ld_p); the line written into the image is its half ln_q[0],
  // its unstored samples 0 (pr_q = ln_q / 2 while the image is loaded; lkp_q: line
  // ln_q's dwords holding a stored sample, registered a clock ahead, LdKeep_A, so no
  // select of stored_q by the pair lies beside the record's pair select).
  // The uniform fast path's payload is the sample 0s of the pixels, gathered from the
  // record as it is read, 16 bytes a clock at most (the payload's write port), and
  // written in the clock after (ld_g: its c bytes repeated over the 16 lanes, into the
  // write port's data register pwd_q):
  //   N = 2: line ln_q's (16 bytes: 4 pixels of 4, 2 of 8 or 1 of 16 bytes) at byte
  //          16 ln_q, every Load clock, as the image is loaded;
  //   N > 2: pair pr_q's (one-line pixels: 64 / N bytes at byte pr_q 64 / N; a pixel of
  //          L = 2^lines_lg lines: B bytes at byte (pr_q / (L / 2)) B from its first
  //          pair), once a pair (gd_q), from the pairs starting a pixel (gfm). While the
  //          fast path is not known the pair is the image load's, so the lowest pairs are
  //          gathered with it; once it is known (fast_q, the third Load clock) the
  //          fast path reads the pairs left to gather (gsw_q, those holding a stored
  //          sample) a clock each and leaves the load with the last (gmode), the image
  //          unwritten (no packet of the fast path reads it); otherwise the load goes
  //          on and Init clears what the gather wrote.
  // The load's control (gat, gd_d, the gathered pair's lanes and line) reads pc_q, a copy
  // of pr_q with a reset (kept apart from it: equal flip-flops are merged), so pr_q
  // drives only the record's pair select and the control is not placed beside it. The
  // select itself reads a copy per 128-bit quarter of the pair (pr_q and pq1_q, pq2_n,
  // pq3_n: with a reset, stored inverted, both; PrCopy_A), each placed by its quarter.
  // Each copy computes its own next value (f_prn) from its own contents and registers:
  // the fast path's next pair is the lowest of the pairs left to gather (gleft_q = gsw_q
  // and not gd_q, a register: GLeft_A) other than the copy's own pair (gathered in this
  // clock if not already), so no computed next pair is shared by the copies.
  logic [1:0]   pr_q, pr_d;
  logic [1:0]   pc_q, pc_d;   // pr_q's copy for the load's control (PrCtl_A)
  logic [1:0]   pq1_q, pq2_n, pq3_n;  // pr_q, ~pr_q, ~pr_q: the pair select's copies
  logic [1:0]   pq1_d, pq2_d, pq3_d;  // (their next values, not inverted)
  logic [1:0]   pq2, pq3;             // (pq2_n, pq3_n read)
  logic [3:0]   gd_q, gd_d;   // the pairs gathered
  logic [3:0]   gfm;          // the pairs that start a pixel
  logic [3:0]   gsw_q;        // ... and hold a stored sample (from the second Load clock)
  logic [3:0]   gpst;         // gsw_q's next value
  logic [3:0]   gleft;        // the pairs of gsw_q not gathered after this clock
  logic [3:0]   gleft_q;      // the pairs of gsw_q not gathered before this clock (GLeft_A)
  logic [1:0]   pr_nl;        // the pair of the next line loaded (0 from Idle)
  logic         n2, gat, gmode, gdone;
  logic [511:0] ld_p;
  logic [7:0]   lkp_q, lkp_d;  // line ln_q's dwords holding a stored sample (LdKeep_A)
  // every line's dwords holding a stored sample (bits 8 l.. line l's, f_keep of the held
  // record, KeepAll_A), from the offered record in Idle, so the next line's are one
  // select by the lowest of lrem_q and no shift of stored_q by the format lies after it
  logic [63:0]  kall_q, kall_d;
  logic [127:0] ld_g;
  // The pair read is registered (ldp_q) with what its users need of the clock that read
  // it (LdDly_A): its line ln1_q, that line's stored dwords lkp1_q and gather selects
  // gsx1_q, whether the line is written into the image (ldw1_q: a Load clock not in
  // gmode) and whether a Load clock read it (ldv1_q), whether the pair was gathered
  // (gat1_q) and which pair it was (pc1_q: its payload lanes and line are read from
  // glane_q in the clock after, so from the second Load clock on). So the image write
  // and the gather's payload command are made a clock after the pair's Load clock (the
  // last line's in Init), from registers; the record is read only in its Load clocks.
  logic [511:0] ldp_q;
  logic [2:0]   ln1_q;
  logic [7:0]   lkp1_q;
  logic [63:0]  gsx1_q;
  logic         ldw1_q, ldv1_q;
  // the image's write data select of the load, per dword (each register drives its own
  // dword's 32 bits, LdSel_A): the pair's lower half (ldh0_q), its upper half (ldh1_q), 0
  // (ldz_q, an unstored dword)
  logic [7:0]   ldh0_q, ldh1_q, ldz_q;
  logic         iw_q;         // the clock before was Init (the fast path's second Init)
  logic         gat1_q;
  logic [1:0]   pc1_q;
  // Gathered dword i is pair dword c where bit 16 i + c of gs0_q (line ln_q even) or gs1_q
  // (odd): one-hot, decoded from the format once an eviction (f_gsel), and the one of
  // line ln_q registered a clock ahead (gsx_q, LdKeep_A), so the record's pair select
  // and these selects are the only logic before pwd_q's select. A gathered
  // dword whose sample is unstored is not zeroed: on the fast path every sample of the
  // tile is stored, and off it the payload and the uniform test are cleared at the load's
  // end.
  logic [63:0]  gs0_q, gs1_q;
  logic [63:0]  gsx_q, gsx_d;  // line ln_q's: gs1_q when ln_q is odd, else gs0_q
  logic [71:0]  glane_q;      // pair k's payload lanes and line (f_glane): bits 18k..
  always_comb begin
    logic [3:0] pst;  // the pairs holding a stored sample
    n2 = fmt.nlg == 3'd1;
    unique case (fmt.lines_lg)
      3'd2:    gfm = 4'b0101;
      3'd3:    gfm = 4'b0001;
      default: gfm = 4'b1111;
    endcase
    for (int unsigned k = 0; k < 4; k++)
      unique case (fmt.dlg)
        3'd0:    pst[k] = |stored_q[16*k +: 16];
        3'd1:    pst[k] = |stored_q[8*k +: 8];
        default: pst[k] = |stored_q[4*k +: 4];
      endcase
    gpst = gfm & pst;
    gat = state_q == StLoad && !n2 && gfm[pc_q] && !gd_q[pc_q];
    gmode = state_q == StLoad && lcnt_q >= 2'd2 && fast_q && !n2;
    gd_d = state_q == StLoad ? gd_q | (gat ? 4'(f_oh8({1'b0, pc_q})) : 4'd0) : 4'd0;
    gleft = gsw_q & ~gd_d;
    gdone = gleft == 4'd0;
    ld_p[0 +: 128] = ev_i.data[32'(pr_q)*512 +: 128];
    ld_p[128 +: 128] = ev_i.data[32'(pq1_q)*512 + 128 +: 128];
    pq2 = ~pq2_n;
    pq3 = ~pq3_n;
    ld_p[256 +: 128] = ev_i.data[32'(pq2)*512 + 256 +: 128];
    ld_p[384 +: 128] = ev_i.data[32'(pq3)*512 + 384 +: 128];
    ld_g = '0;
    for (int unsigned i = 0; i < 4; i++)
      for (int unsigned c = 0; c < 16; c++)
        if (gsx1_q[16*i + c])
          ld_g[i*32 +: 32] = ld_g[i*32 +: 32] | ldp_q[c*32 +: 32];
  end
  always_ff @(posedge clk_i) begin
    gsw_q <= gpst;
    gleft_q <= gpst & ~gd_d;
    ldp_q <= ld_p;
    ln1_q <= ln_q;
    lkp1_q <= lkp_q;
    gsx1_q <= gsx_q;
    gat1_q <= gat;
    pc1_q <= pc_q;
  end
  always_ff @(posedge clk_i)
    if (rst_i) begin
      ldw1_q <= 1'b0;
      ldh0_q <= '0;
      ldh1_q <= '0;
      ldz_q <= '0;
      ldv1_q <= 1'b0;
      iw_q <= 1'b0;
    end else begin
      ldw1_q <= state_q == StLoad && !gmode;
      ldh0_q <= state_q == StLoad && !gmode && !ln_q[0] ? lkp_q : 8'd0;
      ldh1_q <= state_q == StLoad && !gmode && ln_q[0] ? lkp_q : 8'd0;
      ldz_q <= state_q == StLoad && !gmode ? ~lkp_q : 8'd0;
      ldv1_q <= state_q == StLoad;
      iw_q <= state_q == StInit;
    end

  // The payload register's one write port: c bytes from byte a (at most 16, in at most
  // two 16-byte payload lines). Its command is registered a clock ahead, from what starts
  // the write (the copy's word in the value buffer's output, cv2_q; the line being
  // loaded; the emit stage's next value, emit_d at voff_d; a subset's emit, emit_q at
  // moff_q, its mask byte(s) written the clock after): the lanes written in line a / 16
  // and in the next (pwlo_q, pwhi_q; 0 when there is no write), that line (pwln_q,
  // one-hot) and the data themselves (pwd_q, selected from the source's value a clock
  // ahead: the copy's word rotated, the gathered sample 0s ld_g, the mask byte(s), the
  // sample the emit stage takes, smp_val); so each byte's enable in the write's clock is
  // one function of registers and its data a register. Only the copy's data are rotated,
  // by the mask bytes mod 16 (cpr_q, static in Copy: four byte-rotation steps); a load, a
  // value and a mask byte (pair) are written at a multiple of their length c (c divides
  // 16), so their c bytes repeated over the 16 lanes are already in place.
  // The register is cleared in the first Load clock (pwc_q) and again in the clock after
  // Init unless the fast path keeps the sample 0s the load wrote (bytes past
  // payload_bytes are 0); a clear wins over a write of the same clock (the last load
  // line's, commanded in Init).
  logic [127:0] pn_data;          // the data of the write commanded (a value's B bytes,
  logic         pn_clr;           // a mask byte (pair), the load's, the copy's: repeated)
  logic [15:0]  pn_lo, pn_hi;
  logic [22:0]  pn_ln;
  logic [15:0]  pwlo_q, pwhi_q;   // registered: lanes of line pwln_q, of the next line
  logic [22:0]  pwln_q, pwlh;     // ... the line (one-hot); pwlh: the line before
  logic [127:0] pwd_q;            // ... the data
  logic         pwc_q;
  logic [127:0] pw_data, pw_copy;
  logic [15:0]  pv_lo, pv_nlo;    // a value's lanes at voff_q, at voff_q + B
  logic [22:0]  pv_ln;            // ... the line of voff_q (one-hot)
  always_comb begin
    unique case (fmt.blg)
      3'd2: begin
        pv_lo = 16'h000f << voff_q[3:0];
        pv_nlo = {pv_lo[11:0], pv_lo[15:12]};
      end
      3'd3: begin
        pv_lo = 16'h00ff << voff_q[3:0];
        pv_nlo = {pv_lo[7:0], pv_lo[15:8]};
      end
      default: begin
        pv_lo = 16'hffff;
        pv_nlo = 16'hffff;
      end
    endcase
    for (int unsigned k = 0; k < 23; k++) pv_ln[k] = 32'(voff_q[8:4]) == k;
  end
  // the lanes of c bytes from byte a: {in line a / 16 and in the next (hi, lo)}
  function automatic logic [31:0] f_span(input logic [3:0] a, input logic [4:0] c);
    for (int unsigned l = 0; l < 16; l++) begin
      f_span[l] = l >= 32'(a) && l < 32'(a) + 32'(c);
      f_span[16 + l] = l + 16 < 32'(a) + 32'(c);
    end
  endfunction
  // One priority: the copy's word, the load's gather, a subset's mask byte(s), the
  // value of the emit stage (1SPP, full); each sets the write's lanes, line and source.
  logic [8:0] pn_caddr, pn_maddr;  // the copy's and the mask's byte address
  logic [4:0] pn_ccnt;             // the copy's byte count
  always_comb begin
    pn_caddr = mbytes + 9'(32'(cc2_q) * 16);
    pn_ccnt = voff_q - 9'(32'(cc2_q) * 16) >= 9'd16 ? 5'd16 : 5'(voff_q - 9'(32'(cc2_q) * 16));
    pn_maddr = 9'(moff_q >> 3);
    if (cv2_q) begin  // copy: value word cc2_q, in the value buffer's output
      {pn_hi, pn_lo} = f_span(pn_caddr[3:0], pn_ccnt);
      pn_ln = 23'(f_oh32(pn_caddr[8:4]));
      pn_data = pw_copy;
    end else if (ldv1_q) begin
      // the clock after a Load clock, its gathered sample 0s: N = 2, line ln1_q's 16
      // bytes at byte 16 ln1_q; N > 2, pair pc1_q's (pr_q of that clock) from their
      // lanes and line in the eviction's table (glane_q, f_glane)
      pn_lo = n2 ? 16'hffff : gat1_q ? glane_q[18*32'(pc1_q) +: 16] : 16'd0;
      pn_hi = 16'd0;
      pn_ln = 23'(f_oh8(n2 ? ln1_q : {1'b0, glane_q[18*32'(pc1_q) + 16 +: 2]}));
      pn_data = ld_g;
    end else if (enc_q == 2'd1) begin
      // the clock after a subset emit: the mask's byte (N <= 8) or two bytes (N = 16)
      {pn_hi, pn_lo} = emit_q ? f_span(pn_maddr[3:0], fmt.nlg == 3'd4 ? 5'd2 : 5'd1) : 32'd0;
      pn_ln = 23'(f_oh32(pn_maddr[8:4]));
      pn_data = fmt.nlg == 3'd4 ? {8{emask_q[15:8], mb_new}} : {16{mb_new}};
    end else begin
      // the emit stage, 1SPP and full: the value of emit_d goes at voff_d: voff_q, or
      // voff_q + B after an emit (emit_q). Its B lanes in one line (a value's offset is
      // a multiple of B: VoffAlign_A) are decoded from voff_q (pv_lo, pv_ln) and, after
      // an emit, moved on by B: rotated by B lanes, into the next line when they held
      // lane 15. So no offset arithmetic lies in front of the command.
      pn_lo = emit_d ? (emit_q ? pv_nlo : pv_lo) : 16'd0;
      pn_hi = 16'd0;
      pn_ln = emit_q && pv_lo[15] ? {pv_ln[21:0], 1'b0} : pv_ln;
      // (a value is written only after an emit, which takes smp_val into ref_q)
      pn_data = smp_val;
    end
    // the first Load clock; the clock after Init unless the fast path (so after the last
    // line's gather, written then; Fast_A)
    pn_clr = ev_start || (state_q == StInit && !fast_q);
  end

  always_ff @(posedge clk_i) begin
    pwln_q <= pn_ln;
    pwd_q <= pn_data;
  end

  // the copy's rotation: byte lane l of the word rotated is byte (l - cpr_q) mod 16
  always_comb begin
    pw_copy = vb_rdata;
    if (cpr_q[0]) pw_copy = {pw_copy[119:0], pw_copy[127:120]};
    if (cpr_q[1]) pw_copy = {pw_copy[111:0], pw_copy[127:112]};
    if (cpr_q[2]) pw_copy = {pw_copy[95:0], pw_copy[127:96]};
    if (cpr_q[3]) pw_copy = {pw_copy[63:0], pw_copy[127:64]};
  end
  always_ff @(posedge clk_i) begin
    cpr_q <= mbytes[3:0];
  end

  assign pwlh = {pwln_q[21:0], 1'b0};
  assign pw_data = pwd_q;

  always_ff @(posedge clk_i)
    for (int unsigned q = 0; q < PL; q++)
      if (pwc_q) pl_q[q*8 +: 8] <= '0;
      else if ((pwln_q[q >> 4] && pwlo_q[q % 16]) || (pwlh[q >> 4] && pwhi_q[q % 16]))
        pl_q[q*8 +: 8] <= pw_data[(q % 16)*8 +: 8];

  // ---------------------------------------------------------------------------------
  // Control.
  // An eviction is seen in Idle (ev_start) and taken when its last image line is written
  // (StLoad, a line a clock from the held record); a peek record is taken at once. So
  // ev_ready_o is high in Idle while no eviction is offered.
  // The load writes line 0 and then only the lines holding a stored sample, upwards (a
  // line with none is never read before it is written whole: its pixels are uncovered,
  // or covered multi-line pixels that are partial, whose unstored samples the RMW
  // response fills; so line 0 written with its unstored samples 0 changes nothing),
  // and takes at least 3 clocks (the existing-pixel pipeline: VCount_A, Fast_A):
  // the last line is written again until then. lrem_q: the lines left to write after
  // ln_q (the load's, a response's); ld_last: ln_q is the last line.
  logic [7:0] ld_lines, lrem_q, lrem_d, ln_hot;
  logic       ld_last, ld_fin;
  assign ld_lines = f_lines(stored_q, cfg_q.bps);
  assign ld_last = lrem_q == 8'd0;
  assign ln_hot = f_oh8(f_low(lrem_q));  // the next line's
  assign ld_fin = gmode ? gdone : ld_last;  // the load's last clock (from the third on)
  logic ev_start, ev_take, peek_take;
  assign ev_start = state_q == StIdle && ev_valid_i && !ev_i.peek;
  assign ev_ready_o = state_q == StIdle ? !(ev_valid_i && !ev_i.peek)
                                        : state_q == StLoad && ld_fin && lcnt_q >= 2'd2;
  assign ev_take = ev_valid_i && ev_ready_o;
  assign peek_take = ev_take && ev_i.peek;

  gx_ms_pkg::ms_fmt_t fmt_n;  // the offered eviction's format
  logic [3:0]         nm1_q;  // the held eviction's N - 1
  assign fmt_n = gx_ms_pkg::ms_fmt(2'(cfg_i.spp), 2'(cfg_i.bps));
  // (loaded in every Idle clock from cfg_i, a function of its format fields only: no
  // decode of the offered record in front of them; held from the first Load clock on)
  always_ff @(posedge clk_i)
    if (state_q == StIdle) begin
      fmt <= fmt_n;
      nm1_q <= 4'(fmt_n.nn - 5'd1);
      gs0_q <= f_gsel(fmt_n.nlg, fmt_n.dlg, fmt_n.multi, 1'b0);
      gs1_q <= f_gsel(fmt_n.nlg, fmt_n.dlg, fmt_n.multi, 1'b1);
    end
  // (the gather's lane table from the held configuration, a clock after it: read from
  // the second Load clock on, in the clock after a Load clock's pair read; GLane_A). It
  // is a table of constants by the format's 4 bits (N, B), built at elaboration, so its
  // lookup is one LUT a bit and no add or compare lies in front of it.
  logic [16*72-1:0] glt;  // the lane table of each format {spp, bps}: bits 72 f..
  for (genvar f = 0; f < 16; f++) begin : g_glt
    // (ms_fmt's nlg, blg, multi and lines_lg of spp = f / 4, bps = f mod 4)
    localparam int unsigned NLg = f / 4 + 1;
    localparam int unsigned BLg = f % 4 + 2;
    localparam bit          Multi = NLg + BLg > 5;
    localparam int unsigned LLg = Multi ? NLg + BLg - 5 : 0;
    assign glt[72*f +: 72] = {f_glane(3'(NLg), 3'(BLg), Multi, 3'(LLg), 2'd3),
                              f_glane(3'(NLg), 3'(BLg), Multi, 3'(LLg), 2'd2),
                              f_glane(3'(NLg), 3'(BLg), Multi, 3'(LLg), 2'd1),
                              f_glane(3'(NLg), 3'(BLg), Multi, 3'(LLg), 2'd0)};
  end
  always_ff @(posedge clk_i) glane_q <= glt[72*32'({2'(cfg_q.spp), 2'(cfg_q.bps)}) +: 72];

  always_comb begin
    rd_req_o = '0;
    rd_req_o.tile = tile_q;
    rd_req_o.kind = state_q == StPrReq ? 2'd1 : 2'd0;
    rd_req_o.pixels = state_q == StPrReq ? valid_q & ~cov_q : part_q;
  end
  assign rd_req_valid_o = state_q == StRdReq || state_q == StPrReq;
  // a response is written into the image a line a clock, only the lines holding dwords it
  // fills (rl_en, from the lowest: ln_q, then lrem_q), and taken with the last of them
  assign rd_resp_ready_o = (state_q == StRdWait || state_q == StPrWait) && ld_last;

  // The image dwords a read's response fills: RMW, the partial pixels' samples not
  // stored; promote, the uncovered existing pixels. rl_en: the lines holding them, taken
  // in the read's Req state: the line written, ln_q, the lowest (rl_lo) first, the others
  // left in lrem_q.
  // Per line, from the pixel mask: one-line pixels, a line holds such a pixel (an RMW
  // pixel is partial, so some sample of it in its line is not stored); multi-line
  // pixels, the line's pixel is in the mask and, for RMW, some sample of the line is not
  // stored.
  // The lines are decided in the state before the read's Req state (Init: RMW, from the
  // partial pixels Init loads; Decide: promote) and registered (rl_en, RlEn_A), so only
  // the lowest of them lies in front of the line written ln_q and lrem_q.
  // (fields of the format: per_lg, lines_lg, dlg, multi)
  function automatic logic [7:0] f_rlen(input logic [2:0] per_lg, input logic [2:0] lines_lg,
                                        input logic [2:0] dlg, input logic multi,
                                        input logic [63:0] st, input logic [31:0] rpx,
                                        input logic prm);
    for (int unsigned l = 0; l < 8; l++) begin
      logic one, mul, uns;
      unique case (per_lg)
        3'd0:    one = rpx[l];
        3'd1:    one = |rpx[2*l +: 2];
        default: one = |rpx[4*l +: 4];
      endcase
      unique case (lines_lg)
        3'd1:    mul = rpx[l / 2];
        3'd2:    mul = rpx[l / 4];
        default: mul = rpx[l / 8];
      endcase
      unique case (dlg)
        3'd0:    uns = !(&st[8*l +: 8]);
        3'd1:    uns = !(&st[4*l +: 4]);
        default: uns = !(&st[2*l +: 2]);
      endcase
      f_rlen[l] = multi ? mul && (prm || uns) : one;
    end
  endfunction
  logic [7:0] rl_en, rl_d;
  logic [2:0] rl_lo;
  always_comb begin
    rl_d = rl_en;
    if (state_q == StInit)
      rl_d = f_rlen(fmt.per_lg, fmt.lines_lg, fmt.dlg, fmt.multi, stored_q, pa_q & ~pal_q,
                    1'b0);
    if (state_q == StDecide)
      rl_d = f_rlen(fmt.per_lg, fmt.lines_lg, fmt.dlg, fmt.multi, stored_q,
                    valid_q & ~cov_q, 1'b1);
    rl_lo = f_low(rl_en);
  end
  always_ff @(posedge clk_i) rl_en <= rl_d;
  // The uniform tile: a 1SPP packet of every existing pixel whose values all equal pixel
  // 0's goes out in state 3 (uniform; its payload stays the 1SPP one). Tested on the
  // payload's write port as the bytes are written: each written lane against pixel 0's
  // value replicated to 16 bytes (uref_q, taken from the first write after a clear, which
  // holds byte 0: the load and the walk write from the lowest pixel; the load's writes
  // count only on the fast path, where every sample is stored: else Init clears the
  // test). The test is two stages: the lanes that differ are registered (ulx_q, 0 after a
  // clear), and the clock after they clear uni_q; so the packet's test is uni_q and no
  // lane of ulx_q (uni), final in Out (no write in Out: ulx_q is 0 from its second clock).
  logic [127:0] urep, uref;
  logic [127:0] uref_q;
  logic [15:0]  ulane, ulx_q;
  logic         ufirst_q, uni_q, uwr, uni;
  always_comb begin
    urep = f_brep(fmt.blg, pw_data);
    uref = ufirst_q ? urep : uref_q;
    for (int unsigned l = 0; l < 16; l++)
      ulane[l] = (pwlo_q[l] || pwhi_q[l]) && pw_data[l*8 +: 8] != uref[l*8 +: 8];
    uwr = (pwlo_q | pwhi_q) != 16'd0;
    uni = uni_q && ulx_q == 16'd0;
  end
  always_ff @(posedge clk_i) begin
    ulx_q <= pwc_q ? 16'd0 : ulane;
    if (pwc_q) begin
      ufirst_q <= 1'b1;
      uni_q <= 1'b1;
    end else begin
      uni_q <= uni;
      if (uwr) begin
        ufirst_q <= 1'b0;
        uref_q <= uref;
      end
    end
  end

  // The packet: Out's registers, static in Out (the payload is its own register, its last
  // write done in the clock before Out), so fl_valid_o is Out itself.
  assign fl_valid_o = state_q == StOut;
  always_comb begin
    fl_o = '0;
    fl_o.tile = tile_q;
    fl_o.cause = cause_q;
    fl_o.enc = gx_pkg::enc_e'(enc_q == 2'd0 && written_q == valid_q && uni ? 2'd3 : enc_q);
    fl_o.written = written_q;
    fl_o.stored = stored_q;
    fl_o.payload_bytes = enc_q == 2'd1 ? mbytes + voff_q : voff_q;
    fl_o.read_rmw = rmw_q;
    fl_o.read_promote = prom_q;
    fl_o.analyzed = nana_q;
    fl_o.passes = passes_q;
    fl_o.payload = pl_q;
  end

  // One-line pixels: the widest need of the analyzed pixels of the line last analyzed,
  // from its registered first-of-class slots (gx_ms_classify's line_need_o of the same
  // response: classes of pixel k = its first slots; 1 class 1SPP, N full, else subset).
  // Pixel k's slots are k N .. k N + N - 1 (N <= 8 here), and its slot k N is always first:
  // it has more than one class when another of its slots is first (more), N classes when
  // every one is (all); no count on the path.
  logic [1:0] lneed;
  always_comb begin
    logic [3:0] more, all;
    more = '0;
    all = '0;
    unique case (fmt.nlg)
      3'd1: for (int unsigned k = 0; k < 4; k++) begin
        more[k] = lmf_q[2*k + 1];
        all[k] = lmf_q[2*k + 1];
      end
      3'd2: for (int unsigned k = 0; k < 2; k++) begin
        more[k] = |lmf_q[4*k + 1 +: 3];
        all[k] = &lmf_q[4*k + 1 +: 3];
      end
      default: begin
        more[0] = |lmf_q[7:1];
        all[0] = &lmf_q[7:1];
      end
    endcase
    // (the pixels of the line: k < 2^per_lg)
    more = more & lana_q & 4'((5'd1 << (3'd1 << fmt.per_lg)) - 5'd1);
    all = all & lana_q & 4'((5'd1 << (3'd1 << fmt.per_lg)) - 5'd1);
    lneed = all != 4'd0 ? 2'd2 : more != 4'd0 ? 2'd1 : 2'd0;
  end

  // the analysis scan: ana_q from the next line (one-line pixels, 2^per_lg pixels) or
  // pixel on
  logic [31:0] anaw_nx;
  always_comb
    unique case (fmt.per_lg)
      3'd0:    anaw_nx = anaw_q >> 1;
      3'd1:    anaw_nx = anaw_q >> 2;
      default: anaw_nx = anaw_q >> 4;
    endcase

  // the scan's test of the next line or pixel and of the first, registered with the
  // scan's step (aend_q, ahit_q): the step decides from registers
  logic [1:0] ascan_nx, ascan_0;
  assign ascan_nx = f_ascan(fmt.multi, fmt.plg, fmt.per_lg, ai_q + 6'd1, anaw_nx);
  assign ascan_0 = f_ascan(fmt.multi, fmt.plg, fmt.per_lg, 6'd0, an_q);

  logic [3:0] qg_nx;  // query build: the class whose first sample step qk_q + 1 reads
  assign qg_nx = 4'(g0_q) + 4'(qk_q);

  always_comb begin
    state_d = state_q;
    cfg_d = cfg_q;
    tile_d = tile_q;
    cause_d = cause_q;
    stored_d = stored_q;
    arrive_d = arrive_q;
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
    ln_d = ln_q;
    lrem_d = lrem_q;
    lcnt_d = state_q == StIdle ? 2'd0 : lcnt_q;
    wrw_d = wrw_q;
    pxs = PxHold;
    sln_d = sln_q;
    done_d = done_q;
    pst_d = pst_q;
    stw_d = stw_q;
    si_d = si_q;
    ref_ld = 1'b0;
    acc_d = acc_q;
    refi_d = refi_q;
    ai_d = ai_q;
    anaw_d = anaw_q;
    aend_d = aend_q;
    ahit_d = ahit_q;
    bl_d = bl_q;
    aln_d = aln_q;
    slot_d = slot_q;
    ng_d = ng_q;
    ng0_d = ng0_q;
    g0_d = g0_q;
    grep_d = grep_q;
    lmf_d = lmf_q;
    lana_d = lana_q;
    needv_d = needv_q;
    rem_d = rem_q;
    qk_d = qk_q;
    qrd_d = qrd_q;
    qline_d = qline_q;
    emit_d = 1'b0;
    emask_d = emask_q;
    voff_d = voff_q;
    moff_d = moff_q;
    mbyte_d = mbyte_q;
    cpi_d = cpi_q;
    nana_d = nana_q;
    wl = ln_q;
    wdw = '0;
    wd = rd_resp_i.data[32'(ln_q)*256 +: 256];
    img_re = 1'b0;
    img_ra = rd_x;
    rd_val_d = rd_val_q;
    cli_d = cli_q;
    clc_d = clc_q;
    refw_d = refw_q;

    // the image line read from the record the clock before: its stored samples, 0
    // elsewhere (a Load clock not in gmode: ldw1_q; in Load and Init only, LdDly_A)
    if (ldw1_q) begin
      wl = ln1_q;
      wdw = 8'hff;
    end
    // the joins of a merge's stage 2 the clock before (in MCmp only: JDly_A), with the
    // reference's value (ref_q holds it until the compare's end)
    if (jv_q) begin
      wl = jl_q;
      wdw = jdw_q;
    end
    // the data, per dword from its own selects: the load's (LdSel_A), a join's (its
    // enable: only a dword written needs its data), else the response's line
    for (int unsigned k = 0; k < 8; k++)
      if (ldh0_q[k]) wd[k*32 +: 32] = ldp_q[k*32 +: 32];
      else if (ldh1_q[k]) wd[k*32 +: 32] = ldp_q[256 + k*32 +: 32];
      else if (ldz_q[k]) wd[k*32 +: 32] = 32'd0;
      else if (jdw_q[k]) wd[k*32 +: 32] = rrep[k*32 +: 32];

    // the emit stage
    if (emit_q) begin
      voff_d = voff_q + 9'(fmt.bb);
      if (enc_q == 2'd1) begin
        moff_d = moff_q + 11'(fmt.nn);
        mbyte_d = mb_new;
      end
    end

    unique case (state_q)
      StIdle: begin
        // the load starts at line 0 (pair 0), whatever the offered record stores: no
        // select by the record's stored lines lies in front of the load's indices; the
        // lines after it holding a stored sample (unused unless the record is an
        // eviction: not decoded from ev_start)
        ln_d = 3'd0;
        lrem_d = f_lines(ev_i.stored, cfg_i.bps) & 8'hfe;
        if (ev_start) begin
          cfg_d = cfg_i;
          tile_d = ev_i.tile;
          cause_d = ev_i.cause;
          stored_d = ev_i.stored;
          arrive_d = ev_i.arrive;
          state_d = StLoad;
        end
      end
      StLoad: begin  // image line ln_q (written the clock after: ldw1_q)
        rd_val_d = 1'b0;
        if (lcnt_q != 2'd3) lcnt_d = lcnt_q + 2'd1;
        if (!ld_last) begin
          ln_d = f_low(lrem_q);
          lrem_d = lrem_q & ~ln_hot;
        end
        if (ld_fin && lcnt_q >= 2'd2) state_d = StInit;
      end
      StInit: begin
        valid_d = valid_n;
        cov_d = pa_q;
        part_d = pa_q & ~pal_q;
        ana_d = an_q;
        nana_d = ncnt_q;
        wrw_d = pa_q;  // (the merge's covered pixels from px_q on)
        rmw_d = '0;
        prom_d = '0;
        passes_d = '0;
        eb_d = 2'd0;
        em_d = 2'd0;
        ai_d = '0;
        anaw_d = an_q;
        {aend_d, ahit_d} = ascan_0;
        ln_d = '0;
        pxs = PxZero;
        stw_d = stored_q;
        // the fast path: the payload holds the sample 0s (1SPP, every existing pixel)
        // from the clock after the last gather's command (Init's first: iw_q == 0), so
        // Init waits a clock
        if (fast_q) begin
          enc_d = 2'd0;
          written_d = valid_n;
          pxs = PxEnd;  // (its first line: 8 mod 8)
          voff_d = 9'(32'(vn_q) << fmt.blg);
          moff_d = '0;
          cpi_d = '0;
          if (iw_q) state_d = StOut;
        end
        // else the payload is cleared; Em is needed unless the whole tile is rewritten,
        // data for partial pixels
        else if (rn_q)
          state_d = StRdReq;
        else
          state_d = cfg_q.threshold != 8'd0 ? StMPix : an_q == 32'd0 ? StDecide : StAnaNext;
      end
      StRdReq: begin
        ln_d = rl_lo;
        lrem_d = rl_en & ~f_oh8(rl_lo);
        if (rd_req_ready_i) state_d = StRdWait;
      end
      StRdWait: begin
        // line ln_q of the response: the partial pixels' samples not stored (the line
        // from lnc_q, ln_q's copy with a reset, kept apart from the ln_q that selects the
        // response's 256-bit line, so the enables are not placed beside that select)
        for (int unsigned k = 0; k < 8; k++)
          wdw[k] = rd_resp_valid_i &&
                   part_q[5'((32'(lnc_q) * 8 + k) >> (32'(fmt.dlg) + 32'(fmt.nlg)))] &&
                   !stored_q[6'((32'(lnc_q) * 8 + k) >> fmt.dlg)];
        rd_val_d = 1'b0;
        if (rd_resp_valid_i) begin
          if (!ld_last) begin
            ln_d = f_low(lrem_q);
            lrem_d = lrem_q & ~ln_hot;
          end
          if (rd_resp_ready_o) begin
            em_d = rd_resp_i.enc;
            rmw_d = part_q != 32'd0 ? rd_resp_i.bytes : 9'd0;
            state_d = cfg_q.threshold != 8'd0 ? StMPix : aend_q ? StDecide : StAnaNext;
          end
        end
      end
      StMPix: begin  // merge: the next covered pixel
        done_d = '0;  // (in every MPix clock: NdLo_A)
        if (32'(px_q) == (32'd1 << fmt.plg)) begin
          rd_val_d = 1'b0;  // rdata may hold a line from before its joins
          state_d = aend_q ? StDecide : StAnaNext;
        end
        else if (!wrw_q[0]) begin  // (pixel px_q is not covered)
          pxs = PxInc;
          wrw_d = wrw_q >> 1;
          stw_d = f_nxpix(fmt.nlg, stw_q);
        end
        else begin
          pst_d = stw_q[15:0] & fmt.alln;
          state_d = StMRef;
        end
      end
      StMRef: begin  // merge: the next reference, the lowest sample not yet placed
        if (!nd_any) begin
          pxs = PxInc;
          wrw_d = wrw_q >> 1;
          stw_d = f_nxpix(fmt.nlg, stw_q);
          state_d = StMPix;
        end else if (fmt.multi ? refw_q && rp2_q : have_x) begin
          ref_ld = 1'b1;
          refi_d = i_lo;
          cli_d = '0;
          clc_d = '0;
          refw_d = 1'b0;
          state_d = StMCmp;
        end else if ((fmt.multi ? !refw_q : !(rd_val_q && lx_q)) && !wcol_ref) begin
          img_re = 1'b1;  // (a multi-line pixel's reference is always read)
          if (fmt.multi) img_ra = rd_ref;
          refw_d = fmt.multi;
        end
      end
      StMCmp: begin  // merge: line clc_q of the pixel; the joining samples take the value
        // a one-line pixel's line is in rdata (its reference's); a multi-line pixel's
        // lines are read one a clock and compared as they arrive; stage 2 decides
        if (fmt.multi && crd_q) begin
          img_re = 1'b1;
          img_ra = ln_first + 3'(cli_q);
          cli_d = cli_q + 4'd1;
        end
        if (cs2_q) begin  // (its joins written the clock after: jdw_q)
          done_d = done_q | join_pix;  // (with the reference itself: near and equal)
          clc_d = clc_q + 3'd1;
        end
        if (cend_q) state_d = StMRef;  // (the clock after the last line's stage 2)
      end
      StAnaNext: begin
        needv_d = 1'b0;
        if (needv_q && lneed > eb_q) eb_d = lneed;
        // done after the last line or pixel, or when no later one holds a pixel to
        // analyze (aend_q); line or pixel ai_q holds one (ahit_q): its request
        if (aend_q)
          state_d = StDecide;
        else if (ahit_q) begin
          aln_d = fmt.multi ? 3'(32'(ai_q) << fmt.lines_lg) : 3'(ai_q);
          if (fmt.multi) begin
            bl_d = '0;
            ng_d = '0;
          end
          state_d = StAnaReq;
        end else begin
          ai_d = ai_q + 6'd1;
          anaw_d = anaw_nx;
          {aend_d, ahit_d} = ascan_nx;
        end
      end
      StAnaReq: begin  // the line read into rdata, then the request
        if (have_x) begin
          if (an_req_ready) state_d = StAnaWait;
        end else if (!(rd_val_q && lx_q)) begin
          img_re = 1'b1;
        end
      end
      StAnaWait: begin
        if (an_resp_valid) begin
          passes_d = passes_q + 16'd1;
          if (!fmt.multi) begin  // the line's need from its first slots, the next clock
            lmf_d = an_first;
            lana_d = 4'(anaw_q);
            needv_d = 1'b1;
            ai_d = ai_q + 6'd1;
            anaw_d = anaw_nx;
            {aend_d, ahit_d} = ascan_nx;
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
            anaw_d = anaw_nx;
            {aend_d, ahit_d} = ascan_nx;
            state_d = StAnaNext;
          end else begin
            bl_d = bl_q + 3'd1;
            aln_d = aln_q + 3'd1;
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
          qrd_d = qab_q + 6'(rs);  // build step 0 reads rs
          state_d = StQBuild;
        end
      end
      StQBuild: begin  // the query line, a sample a clock (gx_ms_classify)
        if (have_x) begin
          qline_d = q_line;
          qk_d = qk_q + 3'd1;
          // step k + 1 > 0 reads the first sample of class g0 + k (gx_ms_classify)
          qrd_d = qab_q + 6'(grep_q[32'(qg_q) * 4 +: 4]);
          if (q_last) state_d = StQReq;
        end else if (!(rd_val_q && lx_q)) begin
          img_re = 1'b1;
        end
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
        pxs = PxZero;
        ln_d = '0;
        voff_d = '0;
        moff_d = '0;
        cpi_d = '0;
        if (cov_q == valid_q) begin
          enc_d = eb_q;
          written_d = valid_q;
          wrw_d = valid_q;
          state_d = StEPix;
        end else if (em_q != 2'd3 && eb_q <= em_q) begin  // (uniform: below 1SPP)
          enc_d = em_q;
          written_d = cov_q;
          wrw_d = cov_q;
          state_d = StEPix;
        end else begin
          enc_d = eb_q;
          written_d = valid_q;
          wrw_d = valid_q;
          state_d = StPrReq;
        end
      end
      StPrReq: begin
        ln_d = rl_lo;
        lrem_d = rl_en & ~f_oh8(rl_lo);
        if (rd_req_ready_i) state_d = StPrWait;
      end
      StPrWait: begin
        // line ln_q of the response: the uncovered existing pixels
        for (int unsigned k = 0; k < 8; k++)
          wdw[k] = rd_resp_valid_i &&
                   valid_q[5'((32'(lnc_q) * 8 + k) >> (32'(fmt.dlg) + 32'(fmt.nlg)))] &&
                   !cov_q[5'((32'(lnc_q) * 8 + k) >> (32'(fmt.dlg) + 32'(fmt.nlg)))];
        rd_val_d = 1'b0;
        if (rd_resp_valid_i) begin
          if (!ld_last) begin
            ln_d = f_low(lrem_q);
            lrem_d = lrem_q & ~ln_hot;
          end
          if (rd_resp_ready_o) begin
            prom_d = rd_resp_i.bytes;
            state_d = StEPix;
          end
        end
      end
      StEPix: begin  // encode: the next pixel; 1SPP: its sample 0 to the emit stage
        // done when no pixel from px_q on is written (the walk's end: pixel P)
        done_d = '0;  // (in every EPix clock: NdLo_A)
        if (wrw_q == 32'd0) begin
          pxs = PxEnd;  // (P's first line: 8 mod 8)
          state_d = enc_q == 2'd1 ? StCopy : StOut;
        end else if (!wrw_q[0]) begin
          pxs = PxInc;
          wrw_d = wrw_q >> 1;
        end
        else if (enc_q == 2'd0) begin
          if (have_x) begin
            ref_ld = 1'b1;
            emit_d = 1'b1;
            pxs = PxInc;
            wrw_d = wrw_q >> 1;
          end else if (!(rd_val_q && lx_q) && !wcol_pix) begin
            img_re = 1'b1;
          end
        end else begin
          si_d = '0;
          sln_d = pln_q;
          state_d = StERef;
        end
      end
      StERef: begin
        if (enc_q == 2'd1 && !nd_any) begin  // subset: every class of the pixel emitted
          pxs = PxInc;
          wrw_d = wrw_q >> 1;
          state_d = StEPix;
        end else if (enc_q == 2'd1 && fmt.multi) begin  // subset, multi-line: the class's
          if (!refw_q) begin                              // first sample is read
            img_re = 1'b1;
            img_ra = rd_ref;
            refw_d = 1'b1;
          end else if (rp2_q) begin
            ref_ld = 1'b1;
            refi_d = i_lo;
            cli_d = '0;
            clc_d = '0;
            acc_d = '0;
            refw_d = 1'b0;
            state_d = StECmp;
          end
        end else if (!have_x) begin
          if (!(rd_val_q && lx_q)) img_re = 1'b1;
        end else if (enc_q != 2'd1) begin  // full: sample si_q to the emit stage
          ref_ld = 1'b1;
          emit_d = 1'b1;
          si_d = si_q + 4'd1;
          sln_d = sln_nx;
          if (slast_q) begin
            pxs = PxInc;
            wrw_d = wrw_q >> 1;
            state_d = StEPix;
          end
        end else begin  // subset: the next class, from its first sample
          ref_ld = 1'b1;
          refi_d = i_lo;
          cli_d = '0;
          clc_d = '0;
          acc_d = '0;
          state_d = StECmp;
        end
      end
      StECmp: begin  // subset: line clc_q of the pixel; the class's mask (as StMCmp)
        if (fmt.multi && crd_q) begin
          img_re = 1'b1;
          img_ra = ln_first + 3'(cli_q);
          cli_d = cli_q + 4'd1;
        end
        if (cs2_q) begin
          acc_d = acc_q | eq_pix;
          clc_d = clc_q + 3'd1;
          if (clast_q) begin
            emit_d = 1'b1;
            emask_d = acc_q | eq_pix;
            done_d = done_q | acc_q | eq_pix | f_oh16(refi_q);
          end
        end
        if (cend_q) state_d = StERef;  // (the clock after the last line's stage 2)
      end
      StCopy: begin  // the value buffer into the payload behind the mask bytes
        if (cp_re) cpi_d = cpi_q + 5'd1;
        else if (!cv1_q && !cv2_q) state_d = StOut;  // (the last word is written now)
      end
      StOut: if (fl_ready_i) state_d = StIdle;
      default: state_d = StIdle;
    endcase
    // the walk's pixel, its first line and the next pixel's, by the step the states
    // chose: each a select of values computed from registers (the next pixel's line
    // after a step, pl_inc, from px_q + 2), so no add or shift lies behind the walk's
    // decisions
    unique case (pxs)
      PxInc: begin
        px_d = px_q + 6'd1;
        pln_d = plnx_q;
        plnx_d = pl_inc;
      end
      PxZero: begin
        px_d = '0;
        pln_d = '0;
        plnx_d = pl_one;
      end
      PxEnd: begin
        px_d = 6'(6'd1 << fmt.plg);
        pln_d = '0;
        plnx_d = pl_end;
      end
      default: begin
        px_d = px_q;
        pln_d = pln_q;
        plnx_d = plnx_q;
      end
    endcase
    // the record's pair read next: the fast path's next pair to gather, else the pair of
    // the next line loaded
    // (only Load reads it: from Idle pair 0, line 0's; in Load from Load's own decisions)
    // (each copy of the pair index from its own contents p: in gmode, the lowest of
    // gleft_q other than p, which is gleft: pair p is gathered now unless it was already,
    // or starts no pixel, and then it is not in gleft_q)
    pr_nl = state_q == StIdle ? 2'd0 : ld_last ? ln_q[2:1] : 2'(f_low(lrem_q) >> 1);
    pr_d = f_prn(gmode, gleft_q, pr_nl, pr_q);
    pc_d = f_prn(gmode, gleft_q, pr_nl, pc_q);
    pq1_d = f_prn(gmode, gleft_q, pr_nl, pq1_q);
    pq2_d = f_prn(gmode, gleft_q, pr_nl, pq2);
    pq3_d = f_prn(gmode, gleft_q, pr_nl, pq3);
    // the next load line's stored dwords and gather selects (Idle: line 0 of the offered
    // record in its format; Load: the line after ln_q, or ln_q again when it is the last)
    kall_d = state_q == StIdle ? f_kall(ev_i.stored, fmt_n.dlg) : kall_q;
    if (state_q == StIdle) begin
      lkp_d = f_keep(ev_i.stored, fmt_n.dlg, 3'd0);
      gsx_d = f_gsel(fmt_n.nlg, fmt_n.dlg, fmt_n.multi, 1'b0);
    end else begin
      // (the last line's again: lkp_q; else the lowest of lrem_q's: an OR of the lines'
      // selected by the lowest set bit of lrem_q, one-hot)
      lkp_d = ld_last ? lkp_q : 8'd0;
      for (int unsigned l = 0; l < 8; l++)
        lkp_d = lkp_d | (lrem_q[l] && 8'(lrem_q << (8 - l)) == 8'd0 ? kall_q[8*l +: 8]
                                                                  : 8'd0);
      gsx_d = (ld_last ? ln_q[0] : f_lsb(lrem_q)) ? gs1_q : gs0_q;
    end
    // the line read next against the lines wanted next
    rdl_nx = img_re ? img_ra : rd_line_q;
    // (pln_d's, per step of the walk: the line read next against each of its choices)
    unique case (pxs)
      PxInc:         eq_pln_d = img_re ? img_ra == plnx_q : rd_line_q == plnx_q;
      PxZero, PxEnd: eq_pln_d = img_re ? img_ra == 3'd0 : rd_line_q == 3'd0;
      default:       eq_pln_d = img_re ? img_ra == pln_q : rd_line_q == pln_q;
    endcase
    eq_sln_d = rdl_nx == sln_d;
    eq_aln_d = rdl_nx == aln_d;
    eq_qln_d = rdl_nx == 3'(qrd_d >> fmt.slg);
    // (f_lx of the next state and encoding, written per state from the conditions of its
    // own transitions into AnaReq, QBuild and ERef: no other state's decision, the load's
    // or the walk's, lies in front of lx_q)
    unique case (state_q)
      StAnaNext: lx_d = !aend_q && ahit_q ? eq_aln_d : eq_pln_d;
      StAnaReq:  lx_d = have_x && an_req_ready ? eq_pln_d : eq_aln_d;
      StSlot:    lx_d = slot_q == 4'(fmt.s_cnt)
                          ? (32'(bl_q) + 1 == (32'd1 << fmt.lines_lg) ? eq_pln_d : eq_aln_d)
                          : lm_first && live_q[0] ? eq_qln_d : eq_pln_d;
      StQBuild:  lx_d = have_x && q_last ? eq_pln_d : eq_qln_d;
      StEPix:    lx_d = wrw_q[0] && enc_q != 2'd0 && enc_q != 2'd1 ? eq_sln_d : eq_pln_d;
      StERef:    lx_d = enc_q == 2'd1 || (have_x && slast_q) ? eq_pln_d : eq_sln_d;
      StECmp:    lx_d = cend_q && enc_q != 2'd1 ? eq_sln_d : eq_pln_d;
      default:   lx_d = eq_pln_d;
    endcase
    // the walk's last-sample flag, a clock ahead: from the next sample index, against the
    // eviction's N - 1 (nm1_q)
    slast_d = si_d == nm1_q;
    // the compare's line counts against the pixel's lines, a clock ahead
    crd_d = 32'(cli_d) < (32'd1 << fmt.lines_lg);
    // the reference read (smp_val), in every clock of the states that take one (ref_en:
    // MRef, EPix, ERef; the take itself is ref_ld, RefLd_A): each such state either takes
    // in its last clock (to a compare) or emits what it took in the clock after (the emit
    // stage, the only reader of ref_q in those states), so ref_q holds the take's value
    // wherever it is read, and the enable is a decode of state_q, not the states' decisions
    ref_d = ref_en ? smp_val : ref_q;
    clast_d = 32'(clc_d) + 1 == (32'd1 << fmt.lines_lg);
    // the lowest sample not done and whether there is one, a clock ahead (no priority
    // encoder between done_q and the sample select), from done_q, or 0 where done_d
    // clears it (MPix, EPix): from registers, not from the compare's stage 2, which is
    // why a compare ends a clock after its last stage 2 (cend_q): done_q is final then
    dnx = state_q == StMPix || state_q == StEPix ? 16'd0 : done_q;
    nd_d = (~dnx & fmt.alln) != 16'd0;
    ilo_d = '0;
    for (int k = 15; k >= 0; k--)
      if (!dnx[k] && fmt.alln[k]) ilo_d = 4'(k);
    // the sample read in the next clock (rd_t of the next state), per state from its own
    // transitions into the states that read one: into MRef (from MPix, MRef, MCmp) and
    // ERef, subset (from EPix, ERef, ECmp), the lowest sample not done; into ERef, full,
    // sample si_d; into EPix (from Decide, PrWait, EPix, ERef) sample 0; into QBuild
    // (from Slot, QBuild) qrd_d. So no state's next-state decode lies in front of it.
    unique case (state_q)
      StMPix, StMRef, StMCmp, StECmp: rdt_idx = ilo_d;
      StERef:  rdt_idx = enc_q == 2'd1 ? ilo_d : have_x && slast_q ? 4'd0 : si_d;
      default: rdt_idx = 4'd0;
    endcase
    rdt_d = state_q == StSlot || state_q == StQBuild ? qrd_d
          : 6'((32'(px_d) << fmt.nlg) | 32'(rdt_idx));
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      state_q <= StIdle;
      emit_q <= 1'b0;
      cv1_q <= 1'b0;
      cv2_q <= 1'b0;
      rp1_q <= 1'b0;
      rp2_q <= 1'b0;
      cs2_q <= 1'b0;
      cend_q <= 1'b0;
      refw_q <= 1'b0;
      needv_q <= 1'b0;
      rd_val_q <= 1'b0;
      pwlo_q <= '0;
      pwhi_q <= '0;
      pwc_q <= 1'b0;
      pc_q <= 2'd0;
      lnc_q <= 3'd0;
      pq1_q <= 2'd3;
      pq3_n <= 2'd0;
    end else begin
      state_q <= state_d;
      emit_q <= emit_d;
      cv1_q <= cp_re;
      cv2_q <= cv1_q;
      rp1_q <= img_re;
      rp2_q <= rp1_q;
      cs2_q <= cs1;
      cend_q <= cs2_q && clast_q;
      refw_q <= refw_d;
      needv_q <= needv_d;
      rd_val_q <= img_re || rd_val_d;
      pwlo_q <= pn_lo;
      pwhi_q <= pn_hi;
      pwc_q <= pn_clr;
      pc_q <= pc_d;
      lnc_q <= ln_d;
      pq1_q <= pq1_d;
      pq3_n <= ~pq3_d;
    end
  end
  always_ff @(posedge clk_i) pq2_n <= ~pq2_d;

  always_ff @(posedge clk_i) begin
    cfg_q <= cfg_d;
    tile_q <= tile_d;
    cause_q <= cause_d;
    stored_q <= stored_d;
    arrive_q <= arrive_d;
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
    ln_q <= ln_d;
    lrem_q <= lrem_d;
    lcnt_q <= lcnt_d;
    wrw_q <= wrw_d;
    px_q <= px_d;
    pln_q <= pln_d;
    sln_q <= sln_d;
    done_q <= done_d;
    nd_q <= nd_d;
    ilo_q <= ilo_d;
    rdt_q <= rdt_d;
    smx_q <= f_smx(rdt_d[2:0], state_q == StIdle ? fmt_n.dlg : fmt.dlg);  // (fmt's next)
    pst_q <= pst_d;
    stw_q <= stw_d;
    si_q <= si_d;
    slast_q <= slast_d;
    plnx_q <= plnx_d;
    cli_q <= cli_d;
    clc_q <= clc_d;
    crd_q <= crd_d;
    clast_q <= clast_d;
    rd_line_q <= rdl_nx;
    eq_pln_q <= eq_pln_d;
    eq_sln_q <= eq_sln_d;
    eq_aln_q <= eq_aln_d;
    eq_qln_q <= eq_qln_d;
    lx_q <= lx_d;
    ref_q <= ref_d;
    rlo_q <= rlo_d;
    rhi_q <= rhi_d;
    rbw_q <= ref_ld;
    acc_q <= acc_d;
    refi_q <= refi_d;
    ai_q <= ai_d;
    anaw_q <= anaw_d;
    aend_q <= aend_d;
    ahit_q <= ahit_d;
    bl_q <= bl_d;
    aln_q <= aln_d;
    slot_q <= slot_d;
    ng_q <= ng_d;
    ng0_q <= ng0_d;
    g0_q <= g0_d;
    grep_q <= grep_d;
    lmf_q <= lmf_d;
    lana_q <= lana_d;
    rem_q <= rem_d;
    live_q <= gx_ms_pkg::ms_cls_live(rem_d);
    qk_q <= qk_d;
    // (the query build's next sample from registers: the pixel's first sample and the
    // class whose first sample the next step reads, loaded with ai_q, g0_q and qk_q)
    qab_q <= 6'(32'(ai_d) << fmt.nlg);
    qg_q <= 4'(g0_d) + 4'(qk_d);
    qrd_q <= qrd_d;
    qline_q <= qline_d;
    emask_q <= emask_d;
    voff_q <= voff_d;
    moff_q <= moff_d;
    mbyte_q <= mbyte_d;
    cpi_q <= cpi_d;
    cc1_q <= cpi_q[3:0];
    cc2_q <= cc1_q;
    nana_q <= nana_d;
    pr_q <= pr_d;
    lkp_q <= lkp_d;
    kall_q <= kall_d;
    gsx_q <= gsx_d;
    gd_q <= gd_d;
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

  // The whole payload's uniform test (UniTest_A).
  logic [127:0] fv_uref, fv_ubyte;
  always_comb begin
    fv_uref = f_brep(fmt.blg, pl_q[127:0]);
    for (int unsigned j = 0; j < 128; j++)
      fv_ubyte[j] = pl_q[j*8 +: 8] == fv_uref[(j % 16)*8 +: 8] || !valid_q[5'(j >> fmt.blg)];
  end
  // The state choice (step d) from the held masks and states.
  logic [1:0]  fv_enc;
  logic [31:0] fv_written;
  logic        fv_promote, fv_rd_first;
  always_comb begin
    fv_promote = cov_q != valid_q && (eb_q > em_q || em_q == 2'd3);
    fv_enc = cov_q == valid_q || fv_promote ? eb_q : em_q;
    fv_written = (cov_q == valid_q || fv_promote) ? valid_q : cov_q;
    fv_rd_first = part_q != 32'd0 || cov_q != valid_q;  // Em or RMW data needed
  end
  // The encoder's progress (step e): fv_before written pixels before pixel px_q, fv_done
  // samples of px_q done (subset: classed).
  logic [5:0]  fv_before;
  logic [4:0]  fv_done;
  logic [31:0] fv_below;
  always_comb begin
    fv_below = px_q >= 6'd32 ? 32'hffff_ffff : 32'((33'd1 << px_q) - 33'd1);
    fv_before = 6'($countones(written_q & fv_below));
    fv_done = 5'($countones(done_q));
  end
  // The payload write port as it was before its command was registered (the reference
  // of PayCmd_A, PayData_A): the write of this clock from this clock's registers, the
  // load's two clocks after its load clock (fv_ldv_q: line fv_ldl_q, pair fv_ldp_q gathered
  // when fv_gat_q), its data rotated to their lanes.
  logic         fv_ldv_q, fv_gat_q, fv_cv3_q;
  logic [127:0] fv_ldg_q;     // the sample 0s gathered from the load clock's pair
  logic [2:0]   fv_ldl_q;
  logic [1:0]   fv_ldp_q;
  logic         fv_ldv1_q, fv_gat1_q;  // (the load clock's, a clock before fv_ldv_q's)
  logic [2:0]   fv_ldl1_q;
  logic [1:0]   fv_ldp1_q;
  logic         fv_init_q, fv_initc_q;  // the clock before was Init (not the fast path)
  logic [3:0]   fv_cc3_q;
  logic [127:0] fv_vbd_q;
  logic         fv_mk_q;
  logic         fv_cs3_q;  // the clock after a compare's stage 2 (done_q just updated)
  logic         fv_mj_q;   // ... a merge's (its joins in jdw_q)
  logic [8:0]   fv_mka_q;
  logic [15:0]  fv_mkd_q;
  always_ff @(posedge clk_i) begin
    fv_mk_q <= !rst_i && emit_q && enc_q == 2'd1;
    fv_cs3_q <= !rst_i && cs2_q;
    fv_mj_q <= !rst_i && cs2_q && state_q == StMCmp;
    fv_mka_q <= 9'(moff_q >> 3);
    fv_mkd_q <= {emask_q[15:8], mb_new};
    fv_ldv1_q <= !rst_i && state_q == StLoad;
    fv_ldl1_q <= ln_q;
    fv_ldp1_q <= pr_q;
    fv_gat1_q <= gat;
    fv_ldv_q <= !rst_i && fv_ldv1_q;
    fv_ldl_q <= fv_ldl1_q;
    fv_ldp_q <= fv_ldp1_q;
    fv_gat_q <= fv_gat1_q;
    fv_ldg_q <= ld_g;
    fv_init_q <= !rst_i && state_q == StInit;
    fv_initc_q <= !rst_i && state_q == StInit && !fast_q;
    fv_cv3_q <= !rst_i && cv2_q;
    fv_cc3_q <= cc2_q;
    fv_vbd_q <= vb_rdata;
  end
  logic         fv_pw_en;
  logic [8:0]   fv_pw_addr;
  logic [4:0]   fv_pw_cnt;
  logic [127:0] fv_pw_data, fv_pw_rot;
  logic [15:0]  fv_pw_lo, fv_pw_hi;
  logic [127:0] fv_pw_lm;     // the lanes written (all bits of a byte alike)
  logic [22:0]  fv_pw_ln;     // the payload line of fv_pw_addr (one-hot)
  always_comb begin
    if (fv_cv3_q) begin  // the copy: word fv_cc3_q, in the value buffer's output before
      fv_pw_en = 1'b1;
      fv_pw_addr = mbytes + 9'(32'(fv_cc3_q) * 16);
      fv_pw_cnt = voff_q - 9'(32'(fv_cc3_q) * 16) >= 9'd16 ? 5'd16
                                                           : 5'(voff_q - 9'(32'(fv_cc3_q) * 16));
      fv_pw_data = fv_vbd_q;
    end else if (fv_ldv_q) begin  // N = 2: line fv_ldl_q; else pair fv_ldp_q, gathered
      fv_pw_en = fmt.nlg == 3'd1 || fv_gat_q;
      fv_pw_addr = fmt.nlg == 3'd1 ? 9'(32'(fv_ldl_q) * 16)
                 : fmt.multi ? 9'((32'(fv_ldp_q) >> (32'(fmt.lines_lg) - 1)) * 32'(fmt.bb))
                             : 9'(32'(fv_ldp_q) * (32'd64 >> fmt.nlg));
      fv_pw_cnt = fmt.nlg == 3'd1 ? 5'd16 : fmt.multi ? fmt.bb : 5'(7'd64 >> fmt.nlg);
      fv_pw_data = fv_ldg_q;
    end else if (enc_q == 2'd1) begin  // a subset's mask: the clock after its emit
      fv_pw_en = fv_mk_q;
      fv_pw_addr = fv_mka_q;
      fv_pw_cnt = fmt.nlg == 3'd4 ? 5'd2 : 5'd1;
      fv_pw_data = 128'(fv_mkd_q);
    end else begin
      fv_pw_en = emit_q;
      fv_pw_addr = voff_q;
      fv_pw_cnt = fmt.bb;
      fv_pw_data = ref_q;
    end
    // (a value's lanes are ref_q's own: ref_q holds the value in every B-byte lane group,
    // SmpRep_A, and the value's offset is a multiple of B, VoffAlign_A)
    fv_pw_rot = fv_cv3_q || fv_ldv_q || enc_q == 2'd1
              ? 128'(({fv_pw_data, fv_pw_data} << (32'(fv_pw_addr[3:0]) * 8)) >> 128)
              : fv_pw_data;
    for (int unsigned l = 0; l < 16; l++) begin
      fv_pw_lo[l] = fv_pw_en && l >= 32'(fv_pw_addr[3:0]) &&
                    l < 32'(fv_pw_addr[3:0]) + 32'(fv_pw_cnt);
      fv_pw_hi[l] = fv_pw_en && l + 16 < 32'(fv_pw_addr[3:0]) + 32'(fv_pw_cnt);
      fv_pw_lm[l*8 +: 8] = {8{fv_pw_lo[l] || fv_pw_hi[l]}};
    end
    for (int unsigned k = 0; k < 23; k++) fv_pw_ln[k] = 32'(fv_pw_addr[8:4]) == k;
  end
  gx_pkg::ms_flush_t fv_hdr;  // the packet's header (its payload 0)
  always_comb begin
    fv_hdr = fl_o;
    fv_hdr.payload = '0;
  end
  logic fv_after_init, fv_decided;
  assign fv_after_init = state_q != StIdle && state_q != StLoad && state_q != StInit;
  logic fv_walk;  // the encode walk
  assign fv_walk = state_q == StEPix || state_q == StERef || state_q == StECmp;
  assign fv_decided = state_q == StPrReq || state_q == StPrWait || fv_walk ||
                      state_q == StCopy || state_q == StOut;
  logic [5:0] fv_rdt;  // the sample read in the states that read one (RdT_A)
  always_comb
    unique case (state_q)
      StQBuild: fv_rdt = qrd_q;
      StEPix:   fv_rdt = 6'(32'(px_q) << fmt.nlg);
      StERef:   fv_rdt = 6'((32'(px_q) << fmt.nlg) | 32'(enc_q == 2'd1 ? ilo_q : si_q));
      default:  fv_rdt = 6'((32'(px_q) << fmt.nlg) | 32'(ilo_q));  // StMRef
    endcase
  logic [15:0][8:0] fv_rlo, fv_rhi;  // ref_q's near bounds (RefBnd_A)
  always_comb
    for (int unsigned k = 0; k < 16; k++) begin
      fv_rlo[k] = {1'b0, ref_q[k*8 +: 8]} - {1'b0, cfg_q.threshold};
      fv_rhi[k] = {1'b0, ref_q[k*8 +: 8]} + {1'b0, cfg_q.threshold};
    end
  logic [3:0] fv_ilo;  // the lowest sample of pixel px_q not done (NdLo_A)
  always_comb begin
    fv_ilo = '0;
    for (int k = 15; k >= 0; k--)
      if (!done_q[k] && fmt.alln[k]) fv_ilo = 4'(k);
  end
`endif

  // Environment: the input streams follow the protocol; a response only to a read.
  `GX_ASSUME(CfgLegal_M, cfg_i.bps != 2'd3)
  // cfg_i is static while an eviction is in flight (it changes only between surfaces)
  `GX_ASSUME(CfgStatic_M, !`GX_PAST_OK || $past(state_q == StIdle && !ev_start) ||
                          cfg_i == $past(cfg_i))
  // (the records' data in assumptions of their own: the proofs, which read no data,
  // drop them: formal/gx_mswb.sby.j2)
  `GX_ASSUME(EvHold_M, !`GX_PAST_OK || !$past(ev_valid_i && !ev_ready_o) ||
                       (ev_valid_i && ev_i.tile == $past(ev_i.tile) &&
                        ev_i.cause == $past(ev_i.cause) && ev_i.peek == $past(ev_i.peek) &&
                        ev_i.stored == $past(ev_i.stored) && ev_i.arrive == $past(ev_i.arrive)))
  `GX_ASSUME(EvData_M, !`GX_PAST_OK || !$past(ev_valid_i && !ev_ready_o) ||
                       ev_i == $past(ev_i))
  `GX_ASSUME(RespHold_M, !`GX_PAST_OK || !$past(rd_resp_valid_i && !rd_resp_ready_o) ||
                         (rd_resp_valid_i && rd_resp_i.enc == $past(rd_resp_i.enc) &&
                          rd_resp_i.bytes == $past(rd_resp_i.bytes)))
  `GX_ASSUME(RespData_M, !`GX_PAST_OK || !$past(rd_resp_valid_i && !rd_resp_ready_o) ||
                         rd_resp_i == $past(rd_resp_i))
  `GX_ASSUME(RespOwed_M, !rd_resp_valid_i || fv_rd_owed_q)

  // Output protocol: packets and read requests hold until taken.
  // (the header and the payload apart: the payload's in the payload's proof task)
  `GX_ASSERT(FlHold_A, !`GX_PAST_OK || !$past(fl_valid_o && !fl_ready_i) ||
                       (fl_valid_o && fv_hdr == $past(fv_hdr)))
  `GX_ASSERT(PayHold_A, !`GX_PAST_OK || !$past(fl_valid_o && !fl_ready_i) ||
                        fl_o.payload == $past(fl_o.payload))
  `GX_ASSERT(ReqHold_A, !`GX_PAST_OK || !$past(rd_req_valid_o && !rd_req_ready_i) ||
                        (rd_req_valid_o && rd_req_o == $past(rd_req_o)))
  // No packet without an eviction, one packet per eviction (peeks give none), one
  // eviction at a time, one read at a time.
  `GX_ASSERT(FlOwed_A, !fl_valid_o || fv_owed_q)
  `GX_ASSERT(StateLegal_A, state_q <= StOut)
  `GX_ASSERT(Owed_A, fv_owed_q == (state_q != StIdle && state_q != StLoad))
  // the eviction being loaded is held (EvHold_M) and is the one registered
  `GX_ASSERT(LoadHeld_A, state_q != StLoad || (ev_valid_i && !ev_i.peek &&
                         ev_i.tile == tile_q && ev_i.stored == stored_q))
  `GX_ASSERT(Count_A, fv_ev_cnt_q == fv_fl_cnt_q + 4'(fv_owed_q))
  `GX_ASSERT(FlOnlyOut_A, !fl_valid_o || state_q == StOut)
  `GX_ASSERT(OneRead_A, !rd_req_valid_o || !fv_rd_owed_q)
  `GX_ASSERT(RdOwed_A, fv_rd_owed_q == (state_q == StRdWait || state_q == StPrWait))
  // Reads: the first read (RMW data and/or Em) exactly when needed; the promote read
  // exactly on a promotion, for the uncovered existing pixels.
  // no read of the eviction in Init (the scoreboard's are cleared when it is taken, the
  // load's last clock, at least its third)
  `GX_ASSERT(InitRead_A, state_q != StInit || (!fv_rmw_q && !fv_prom_q && lcnt_q >= 2'd2))
  `GX_ASSERT(RmwRead_A, !fv_after_init || fv_rmw_q == (state_q != StRdReq && fv_rd_first))
  `GX_ASSERT(RmwNeeded_A, !(state_q == StRdReq || state_q == StRdWait) || fv_rd_first)
  `GX_ASSERT(RmwPixels_A, !(rd_req_valid_o && rd_req_o.kind == 2'd0) || rd_req_o.pixels == part_q)
  `GX_ASSERT(PromPixels_A, !(rd_req_valid_o && rd_req_o.kind == 2'd1) ||
                           rd_req_o.pixels == (valid_q & ~cov_q))
  `GX_ASSERT(PromRead_A, !fv_after_init || fv_prom_q == (state_q == StPrWait ||
                         ((fv_walk || state_q == StCopy || state_q == StOut)
                          && fv_promote)))
  `GX_ASSERT(PromWait_A, !(state_q == StPrReq || state_q == StPrWait) || fv_promote)
  // The state choice: decided once, carried into the packet: enc = Eb on a full rewrite,
  // else max(Eb, Em); written = every existing pixel on a full rewrite or a promotion,
  // else the covered ones; so written covers every covered pixel.
  `GX_ASSERT(Decided_A, !fv_decided || (enc_q == fv_enc && written_q == fv_written))
  `GX_ASSERT(FlEnc_A, !fl_valid_o || ((fl_o.enc == gx_pkg::enc_e'(fv_enc) ||
                                       (fv_enc == 2'd0 && fl_o.enc == gx_pkg::EncUniform)) &&
                                      fl_o.written == fv_written))
  // a uniform packet writes every existing pixel, in 1SPP, whose values the write port's
  // test found equal; that test agrees with the whole payload's: the existing pixels'
  // bytes of its first 128 (P B = 256 / N) against the first value
  `GX_ASSERT(FlUniform_A, !fl_valid_o || (fl_o.enc == gx_pkg::EncUniform) ==
                          (enc_q == 2'd0 && fl_o.written == valid_q && uni))
  `GX_ASSERT(UniTest_A, !(fl_valid_o && enc_q == 2'd0 && fl_o.written == valid_q) ||
                        uni == &fv_ubyte)
  `GX_ASSERT(FlCover_A, !fl_valid_o || (fl_o.written & cov_q) == cov_q)
  `GX_ASSERT(PromBytes_A, !fv_after_init || prom_q == 9'd0 || fv_prom_q)
  `GX_ASSERT(FlPromote_A, !fl_valid_o || fl_o.read_promote == 9'd0 || fv_promote)
  `GX_ASSERT(FlFields_A, !fl_valid_o || (fl_o.tile == tile_q && fl_o.cause == cause_q &&
                                        fl_o.stored == stored_q && fl_o.read_promote == prom_q))
  `GX_ASSERT(CfgHeld_A, state_q == StIdle || cfg_q == cfg_i)
  `GX_ASSERT(FmtHeld_A, state_q == StIdle || fmt == gx_ms_pkg::ms_fmt(2'(cfg_q.spp), 2'(cfg_q.bps)))
  // the fast path's gather selects and lane table are the held format's (f_gsel, f_glane)
  logic [71:0] fv_glane;
  always_comb
    for (int unsigned k = 0; k < 4; k++)
      fv_glane[18*k +: 18] = f_glane(fmt.nlg, fmt.blg, fmt.multi, fmt.lines_lg, 2'(k));
  `GX_ASSERT(GLane_A, state_q == StIdle || (state_q == StLoad && lcnt_q == 2'd0) ||
                      glane_q == fv_glane)
  `GX_ASSERT(GSel_A, state_q == StIdle || (gs0_q == f_gsel(fmt.nlg, fmt.dlg, fmt.multi, 1'b0) &&
                                          gs1_q == f_gsel(fmt.nlg, fmt.dlg, fmt.multi, 1'b1)))
  `GX_ASSERT(InitInTile_A, state_q != StInit || (pix_any & ~valid_c) == 32'd0)
  // the existing pixels, registered over the load
  `GX_ASSERT(VCount_A, !((state_q == StLoad && lcnt_q != 2'd0) || state_q == StInit) ||
                       vn_q == 6'd1 << fmt.plg)
  `GX_ASSERT(ValidN_A, state_q != StInit || valid_n == valid_c)
  // the stored samples' pixel masks, registered over the load, and Init's choices
  `GX_ASSERT(PixReg_A, !((state_q == StLoad && lcnt_q != 2'd0) || state_q == StInit) ||
                       (pa_q == pix_any && pal_q == pix_all && an_q == ana_c &&
                        gsw_q == gpst))
  `GX_ASSERT(InitReg_A, !((state_q == StLoad && lcnt_q >= 2'd2) || state_q == StInit) ||
                        (rn_q == ((pa_q & ~pal_q) != 32'd0 || pa_q != valid_n) &&
                         ncnt_q == 6'($countones(an_q))))
  `GX_ASSERT(Analyzed_A, !fv_after_init || nana_q == 6'($countones(ana_q)))
  `GX_ASSERT(Fast_A, !((state_q == StLoad && lcnt_q >= 2'd2) || state_q == StInit) ||
                     fast_q == fast_c)
  // the loaded line's payload write comes two clocks after its load clock (the clock
  // after Init for the last), never beside an emit or a copy
  `GX_ASSERT(LoadWr_A, !fv_ldv_q || ((state_q == StLoad || state_q == StInit || fv_init_q) &&
                                     !emit_q && !fv_cv3_q))
  // the registered payload write command is the unregistered port's (fv_pw_*): the lanes
  // written in the address's payload line and in the next, that line when a lane is
  // written, and the data of the lanes written (so each byte's enable, pwln_q and pwlo_q
  // or the line before and pwhi_q, and its data are the unregistered port's); the clear
  // is in the first Load clock and in Init unless the fast path
  // no payload write in Out (so the packet holds, FlHold_A)
  `GX_ASSERT(PayIdle_A, state_q != StOut || (pwlo_q == 16'd0 && pwhi_q == 16'd0 && !pwc_q))
  `GX_ASSERT(PayCmd_A, pwlo_q == fv_pw_lo && pwhi_q == fv_pw_hi &&
                       ((fv_pw_lo | fv_pw_hi) == 16'd0 || pwln_q == fv_pw_ln))
  `GX_ASSERT(PayData_A, ((fv_pw_rot ^ pw_data) & fv_pw_lm) == 128'd0)
  // the sample read (and so the reference) is its 2^dlg dwords repeated (every B bytes;
  // from dlg, which the select uses, so it holds for any register contents: a datapath
  // property, simulation only, formal/gx_mswb.sby.j2)
  `GX_ASSERT(SmpRep_A, smp_val == f_brep(fmt.dlg + 3'd2, smp_val))
  // the sample select's line dwords are rdt_q's, in the format fmt holds
  `GX_ASSERT(SmpX_A, smx_q == f_smx(rdt_q[2:0], fmt.dlg))
  // (with them: a value is written at a multiple of its length B, and a subset's mask
  // bits at a multiple of N, EncMasks_A)
  `GX_ASSERT(VoffAlign_A, !fv_decided || (voff_q & 9'(fmt.bb - 5'd1)) == 9'd0)
  `GX_ASSERT(PayClr_A, pwc_q == ((state_q == StLoad && lcnt_q == 2'd0) || fv_initc_q))
  // the load walks line 0 and then the lines holding stored samples upwards
  `GX_ASSERT(LoadLine_A, state_q != StLoad || ln_q == 3'd0 || ld_lines[ln_q])
  // a reference or value is taken only in the states that load ref_q every clock
  `GX_ASSERT(RefLd_A, !ref_ld || ref_en)
  // a merge compares against the reference's bounds (registered from ref_q a clock late)
  `GX_ASSERT(RefBnd_A, !(cs1 && state_q == StMCmp) || (rlo_q == fv_rlo && rhi_q == fv_rhi))
  // every line's stored dwords of the held record, out of Idle (the three are loaded
  // in Idle only)
  `GX_ASSERT(KeepAll_A, state_q == StIdle || kall_q == f_kall(stored_q, fmt.dlg))
  // the read's lines in its Req state
  `GX_ASSERT(RlEn_A, !(state_q == StRdReq || state_q == StPrReq) ||
                     rl_en == f_rlen(fmt.per_lg, fmt.lines_lg, fmt.dlg, fmt.multi, stored_q,
                                     state_q == StPrReq ? valid_q & ~cov_q : part_q,
                                     state_q == StPrReq))
  // the load line's stored dwords (kall_q's line ln_q, so f_keep(stored_q, fmt.dlg,
  // ln_q) by KeepAll_A) and gather selects
  `GX_ASSERT(LdKeep_A, state_q != StLoad || (lkp_q == kall_q[8*ln_q +: 8] &&
                                            gsx_q == (ln_q[0] ? gs1_q : gs0_q)))
  // the pair read in a Load clock, registered with its line's controls for the clock
  // after (the image write and the gather's command): in Load and Init only, never in
  // the first Load clock (so glane_q is the held format's when it is read); the line,
  // its stored dwords and gather selects, whether the pair was gathered and which are the
  // Load clock's (fv_ldv1_q, fv_ldl1_q, fv_ldp1_q, fv_gat1_q)
  `GX_ASSERT(LdDly_A, ldv1_q == fv_ldv1_q && (!ldw1_q || ldv1_q) &&
                      !(state_q == StLoad && lcnt_q == 2'd0 && ldv1_q) &&
                      (!ldv1_q || ((state_q == StLoad || state_q == StInit) &&
                                   ln1_q == fv_ldl1_q &&
                                   lkp1_q == kall_q[8*fv_ldl1_q +: 8] &&
                                   gsx1_q == (fv_ldl1_q[0] ? gs1_q : gs0_q) &&
                                   gat1_q == fv_gat1_q && pc1_q == fv_ldp1_q)))
  // the load's write data selects, per dword: the line's half and its stored dwords
  `GX_ASSERT(LdSel_A, ldh0_q == (ldw1_q && !ln1_q[0] ? lkp1_q : 8'd0) &&
                      ldh1_q == (ldw1_q && ln1_q[0] ? lkp1_q : 8'd0) &&
                      ldz_q == (ldw1_q ? ~lkp1_q : 8'd0))
  // Init's wait on the fast path: iw_q is the clock after an Init clock (never one
  // after a Load clock too)
  `GX_ASSERT(IWait_A, iw_q == fv_init_q && !(iw_q && ldv1_q))
  `GX_ASSERT(LRem_A, state_q != StLoad || (lrem_q & ~ld_lines) == 8'd0)
  // the responses' dword enables read the line from its own copy
  `GX_ASSERT(LnCtl_A, state_q == StIdle || lnc_q == ln_q)
  // the load's control reads the pair index from its own copy
  `GX_ASSERT(PrCtl_A, state_q == StIdle || pc_q == pr_q)
  // ... and the pair select its copies per quarter
  `GX_ASSERT(PrCopy_A, state_q == StIdle || (pq1_q == pr_q && pq2_n == ~pr_q && pq3_n == ~pr_q))
  // the pairs left to gather, registered
  `GX_ASSERT(GLeft_A, state_q == StIdle || gleft_q == (gsw_q & ~gd_q))
  // the encode walk's mask of the written pixels from px_q on
  `GX_ASSERT(WrW_A, !(state_q == StPrReq || state_q == StPrWait || fv_walk) ||
                    wrw_q == 32'(written_q >> px_q))
  // ... and in the merge (and the RMW read before it) of the covered pixels from px_q on,
  // the merge's pixel in range (px_q = P ends it)
  `GX_ASSERT(CovW_A, !(state_q == StRdReq || state_q == StRdWait || state_q == StMPix ||
                       state_q == StMRef || state_q == StMCmp) ||
                     (wrw_q == 32'(cov_q >> px_q) &&
                      (state_q == StMPix ? 32'(px_q) <= (32'd1 << fmt.plg)
                     : state_q == StMRef || state_q == StMCmp ? 32'(px_q) < (32'd1 << fmt.plg)
                     : px_q == '0)))
  `GX_ASSERT(InTile_A, !fv_after_init || (cov_q & ~valid_q) == 32'd0)
  `GX_ASSERT(InP_A, !fv_after_init || ((valid_q | cov_q) & ~p_mask) == 32'd0)
  // the lowest sample not done (merge: placed, subset: classed), registered a clock
  // after done_q: so in every clock but the one after a compare's stage 2 (fv_cs3_q),
  // which is never one that reads it (MRef, ERef: NdLoRd_A)
  `GX_ASSERT(NdLo_A, !fv_after_init || fv_cs3_q ||
                     (nd_q == ((~done_q & fmt.alln) != 16'd0) && ilo_q == fv_ilo))
  `GX_ASSERT(NdLoRd_A, !(state_q == StMRef || state_q == StERef) || !fv_cs3_q)
  // the sample read, registered a clock ahead: in the states that read one
  `GX_ASSERT(RdT_A, !(state_q == StMRef || state_q == StQBuild || state_q == StEPix ||
                      state_q == StERef) || rdt_q == fv_rdt)
  // Step e: the walk over the pixels; a value is emitted (emit_q) only in the walk; each
  // pixel's samples done (merge: placed, subset: classed) stay among its N; the reference
  // is a sample not yet done. Value bytes: 1SPP B per written pixel before px_q, full N B
  // (and B per sample si_q of the pixel in StERef); subset at most B per pixel sample
  // before px_q and per sample done of px_q; and one N-bit mask per B-byte value.
  `GX_ASSERT(EncRange_A, !fv_decided || 32'(px_q) <= (32'd1 << fmt.plg))
  `GX_ASSERT(EncStart_A, !(state_q == StPrReq || state_q == StPrWait) ||
                         (px_q == '0 && voff_q == '0 && moff_q == '0))
  `GX_ASSERT(EncEnd_A, !(state_q == StCopy || state_q == StOut) ||
                       32'(px_q) == (32'd1 << fmt.plg))
  `GX_ASSERT(CopySubset_A, state_q != StCopy || enc_q == 2'd1)
  `GX_ASSERT(EmitIn_A, !emit_q || state_q == StEPix || state_q == StERef ||
                      (state_q == StECmp && cend_q))
  `GX_ASSERT(EncPos_A, !(state_q == StERef || state_q == StECmp) ||
                       (32'(px_q) < (32'd1 << fmt.plg) && written_q[px_q[4:0]] && enc_q != 2'd0))
  // the compares of a reference: one-line pixels the line in rdata, multi-line pixels
  // the lines read one a clock (cli_q), each compared when it arrives (clc_q)
  `GX_ASSERT(EncCmp_A, !(state_q == StECmp || state_q == StMCmp) || cend_q ||
             (32'(clc_q) < (32'd1 << fmt.lines_lg) && 32'(cli_q) <= (32'd1 << fmt.lines_lg) &&
              (fmt.multi ? 32'(cli_q) == 32'(clc_q) + 32'(rp1_q) + 32'(rp2_q) + 32'(cs2_q)
                         : (cli_q == '0 && !rp1_q && !rp2_q))))
  `GX_ASSERT(RefWait_A, refw_q ? ((state_q == StMRef || (state_q == StERef && enc_q == 2'd1)) &&
                                  fmt.multi && rp1_q != rp2_q)
                               : !((state_q == StMRef || (state_q == StERef && enc_q == 2'd1)) &&
                                   fmt.multi && (rp1_q || rp2_q)))
  `GX_ASSERT(RefNd_A, !refw_q || nd_any)  // (a reference is read only while one is left)
  `GX_ASSERT(CmpStage_A, !cs2_q || state_q == StMCmp || state_q == StECmp)
  // the compare's last clock: after the last line's stage 2, every line compared
  `GX_ASSERT(CmpEnd_A, !cend_q || ((state_q == StMCmp || state_q == StECmp) && !cs2_q &&
                                   clc_q == 3'(32'd1 << fmt.lines_lg) && !rp1_q && !rp2_q &&
                                   (fmt.multi ? 32'(cli_q) == (32'd1 << fmt.lines_lg)
                                              : cli_q == '0)))
  // the compare's slot-to-sample map, registered in stage 1 for the line in stage 2
  `GX_ASSERT(SMap_A, !cs2_q || {smi_q, smd_q} ==
                            f_smap(fmt.multi, fmt.nn, fmt.nlg, fmt.dlg, fmt.slg, fmt.per_lg, px_q, clc_q))
  // the joins registered from a merge's stage 2 (the clock before): in MCmp only, their
  // line the one compared then (clc_q has moved on by one)
  `GX_ASSERT(JDly_A, jv_q == fv_mj_q && (jdw_q == 8'd0 || jv_q) &&
                     (!jv_q || (state_q == StMCmp && jl_q == ln_first + clc_q - 3'd1)))
  // the image's registered write: pending only in the clock after a writer's (Load, the
  // responses, the merge's joins, those a clock later: JDly_A) and in a compare stream
  // two lines before the one that stage 2 compares, so no read takes a line that is
  // being written (NoCollision_A; one line before it too where stage 2 pauses, which a
  // stream, reading a line a clock, does not)
  `GX_ASSERT(ImgWr_A, wdw_q == 8'd0 || state_q == StLoad || state_q == StInit || fv_init_q ||
                      state_q == StRdWait || state_q == StMPix || state_q == StAnaNext ||
                      state_q == StDecide || state_q == StPrWait || state_q == StEPix ||
                      state_q == StMRef ||
                      (state_q == StMCmp && (wl_q == ln_first + clc_q - 3'd2 ||
                                             wl_q == ln_first + clc_q - 3'd1)))
  // the image is read in these states only, and its read is taken in them
  `GX_ASSERT(ReadSt_A, !(rp1_q || rp2_q) || (state_q == StMRef && nd_any) || state_q == StMCmp ||
                       state_q == StAnaReq || state_q == StQBuild ||
                       (state_q == StEPix && enc_q == 2'd0 && wrw_q[0]) ||
                       (state_q == StERef && (enc_q != 2'd1 || nd_any)) || state_q == StECmp)
  // a sample or line taken from rdata is the last read's, and nothing else is in flight
  `GX_ASSERT(ReadsIn_A, !(rp1_q || rp2_q) || state_q == StMCmp || state_q == StECmp ||
                        rd_val_q)
  `GX_ASSERT(EncSubset_A, state_q != StECmp || enc_q == 2'd1)
  `GX_ASSERT(EncRef_A, state_q != StECmp ||
                      ((cend_q || !done_q[refi_q]) && 5'(refi_q) < fmt.nn &&
                       (acc_q & ~fmt.alln) == 16'd0))
  `GX_ASSERT(EncFull_A, !(state_q == StERef && enc_q == 2'd2) || 5'(si_q) < fmt.nn)
  `GX_ASSERT(DoneIn_A, !(state_q == StMRef || state_q == StMCmp || state_q == StERef ||
                        state_q == StECmp) || (done_q & ~fmt.alln) == 16'd0)
  `GX_ASSERT(EncBytes_A, !fv_decided || enc_q == 2'd1 ||
             16'(voff_q) + (emit_q ? 16'(fmt.bb) : 16'd0) ==
             (enc_q == 2'd0 ? 16'(fv_before) << fmt.blg :
              state_q == StERef ? ((16'(fv_before) << fmt.nlg) + 16'(si_q)) << fmt.blg
                                : (16'(fv_before) << fmt.nlg) << fmt.blg))
  `GX_ASSERT(EncBound_A, !fv_decided || enc_q != 2'd1 ||
             16'(voff_q) + (emit_q ? 16'(fmt.bb) : 16'd0) <=
             (((16'(px_q) << fmt.nlg) +
               ((state_q == StERef || state_q == StECmp) ? 16'(fv_done) : 16'd0)) << fmt.blg))
  `GX_ASSERT(EncMasks_A, !fv_decided ||
             (enc_q == 2'd1 ? (16'(voff_q) << fmt.nlg) == (16'(moff_q) << fmt.blg)
                            : moff_q == '0))
  // the copy: after the walk, every value word once, then the packet
  `GX_ASSERT(CopyIdle_A, state_q == StCopy || (!cv1_q && !cv2_q && !fv_cv3_q))
  // the copy's rotation is the mask bytes' (mod 16), and no value is emitted in a subset
  // walk but in a compare's last clock (the emit of a class mask: so the mask bytes are
  // final in Copy)
  `GX_ASSERT(CopyRot_A, state_q != StCopy || cpr_q == mbytes[3:0])
  `GX_ASSERT(EmitSub_A, !(emit_q && enc_q == 2'd1) || (state_q == StECmp && cend_q))
  `GX_ASSERT(CopyStart_A, !(state_q == StPrReq || state_q == StPrWait || fv_walk) || cpi_q == '0)
  `GX_ASSERT(CopyRange_A, state_q != StCopy || cpi_q <= cp_n)
  `GX_ASSERT(CopyDone_A, state_q != StOut || cpi_q == cp_n)
  // so the packet's length: 1SPP B, full N B per written pixel; subset masks then values
  `GX_ASSERT(FlBytes_A, !fl_valid_o ||
             ((fl_o.enc == gx_pkg::Enc1spp || fl_o.enc == gx_pkg::EncUniform) &&
              16'(fl_o.payload_bytes) == 16'($countones(fl_o.written)) << fmt.blg) ||
             (fl_o.enc == gx_pkg::EncFull &&
              16'(fl_o.payload_bytes) == 16'($countones(fl_o.written)) << fmt.nb) ||
             (fl_o.enc == gx_pkg::EncSubset && fl_o.payload_bytes == mbytes + voff_q &&
              (16'(voff_q) << fmt.nlg) == (16'(moff_q) << fmt.blg)))
  `GX_ASSERT(EncLegal_A, !fv_after_init || eb_q != 2'd3)
  // The slot walk's count of earlier classes still to compare: rem = ng0 - g0 (g0 the
  // query base, a class index, five bits).
  `GX_ASSERT(Rem_A, !(state_q == StSlot || state_q == StQBuild || state_q == StQReq ||
                      state_q == StQWait) || g0_q == 5'(6'(ng0_q) - rem_q))
  `GX_ASSERT(AnaMulti_A, !(state_q == StSlot || state_q == StQBuild || state_q == StQReq ||
                          state_q == StQWait) || fmt.multi)
  `GX_ASSERT(QStep_A, state_q != StQBuild || 5'(qk_q) < fmt.s_cnt)
  `GX_ASSERT(QAb_A, !fv_after_init || (qab_q == 6'(32'(ai_q) << fmt.nlg) && qg_q == qg_nx))
  `GX_ASSERT(QAddr_A, state_q != StQBuild || qrd_q == 6'((32'(ai_q) << fmt.nlg) + 32'(q_smp)))
  `GX_ASSERT(Live_A, live_q == gx_ms_pkg::ms_cls_live(rem_q))
  // the registered scan mask and lines are the shifts they stand for
  `GX_ASSERT(AnaW_A, !fv_after_init || anaw_q == 32'(ana_q >> (32'(ai_q) << fmt.per_lg)))
  `GX_ASSERT(AScan_A, !fv_after_init ||
                      {aend_q, ahit_q} == f_ascan(fmt.multi, fmt.plg, fmt.per_lg, ai_q, anaw_q))
  // the scan's line (one-line pixels, 8) or pixel (P) stays in range: below it while a
  // request of it is in progress
  `GX_ASSERT(AnaRange_A, !fv_after_init ||
             ((state_q == StAnaReq || state_q == StAnaWait || state_q == StSlot ||
               state_q == StQBuild || state_q == StQReq || state_q == StQWait)
                ? 32'(ai_q) < (fmt.multi ? (32'd1 << fmt.plg) : 32'd8)
                : 32'(ai_q) <= (fmt.multi ? (32'd1 << fmt.plg) : 32'd8)))
  // the registered comparisons of the line last read with the lines wanted
  `GX_ASSERT(LineEq_A, eq_pln_q == (rd_line_q == pln_q) && eq_sln_q == (rd_line_q == sln_q) &&
                       eq_aln_q == (rd_line_q == aln_q) &&
                       (state_q != StQBuild || eq_qln_q == (rd_line_q == 3'(qrd_q >> fmt.slg))))
  `GX_ASSERT(LineX_A, state_q == StIdle ||
                     lx_q == f_lx(state_q, enc_q, {eq_qln_q, eq_aln_q, eq_sln_q, eq_pln_q}))
  `GX_ASSERT(AnaLine_A, !(state_q == StAnaReq || state_q == StAnaWait || state_q == StSlot ||
                          state_q == StQBuild || state_q == StQReq || state_q == StQWait) ||
                        aln_q == (fmt.multi ? 3'((32'(ai_q) << fmt.lines_lg) + 32'(bl_q))
                                            : 3'(ai_q)))
  `GX_ASSERT(PixLine_A, !fv_after_init || pln_q == 3'((32'(px_q) << fmt.nlg) >> fmt.slg))
  `GX_ASSERT(NM1_A, state_q == StIdle || 5'(nm1_q) == fmt.nn - 5'd1)
  `GX_ASSERT(SLast_A, state_q != StERef || slast_q == (5'(si_q) == fmt.nn - 5'd1))
  `GX_ASSERT(PlnNx_A, !fv_after_init || plnx_q == 3'((32'(px_q + 6'd1) << fmt.nlg) >> fmt.slg))
  `GX_ASSERT(CmpFlag_A, !fv_after_init ||
                        (crd_q == (32'(cli_q) < (32'd1 << fmt.lines_lg)) &&
                         clast_q == (32'(clc_q) + 1 == (32'd1 << fmt.lines_lg))))
  `GX_ASSERT(SmpLine_A, !(state_q == StERef && enc_q == 2'd2) ||
                        sln_q == 3'(((32'(px_q) << fmt.nlg) | 32'(si_q)) >> fmt.slg))

  // Reachability.
  `GX_COVER(Enc1spp_C, fl_valid_o && fl_o.enc == gx_pkg::Enc1spp)
  `GX_COVER(EncSubset_C, fl_valid_o && fl_o.enc == gx_pkg::EncSubset)
  `GX_COVER(EncFull_C, fl_valid_o && fl_o.enc == gx_pkg::EncFull)
  `GX_COVER(EncUniform_C, fl_valid_o && fl_o.enc == gx_pkg::EncUniform)
  `GX_COVER(FromUniform_C, state_q == StPrReq && em_q == 2'd3)
  `GX_COVER(ReadRmw_C, rd_req_valid_o && rd_req_o.kind == 2'd0 && rd_req_o.pixels != 32'd0)
  `GX_COVER(ReadState_C, rd_req_valid_o && rd_req_o.kind == 2'd0 && rd_req_o.pixels == 32'd0)
  `GX_COVER(ReadPromote_C, rd_req_valid_o && rd_req_o.kind == 2'd1)
  `GX_COVER(Promoted_C, fl_valid_o && fl_o.read_promote != 9'd0)
  `GX_COVER(Query_C, state_q == StQWait && an_resp_valid)
  `GX_COVER(Merge_C, state_q == StMCmp && (join_pix & ~(16'd1 << refi_q)) != 16'd0)
  `GX_COVER(Peek_C, peek_take)
  `GX_COVER(Fast_C, state_q == StInit && fast_q)
endmodule

`default_nettype wire
