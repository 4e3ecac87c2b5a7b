// gx_ms_classify: the analyzer sequencing shared by gx_mswb (re-analysis of a flushed
// tile) and gx_msld (the classes of a loaded pixel): what to ask the one gx_analyzer
// instance and what its answer says, in the request order of gx_mssurf_classes
// (cmodel/src/mssurf.c, the specification).
//   - one-line pixels (N B <= 32): line ai_i holds 2^per_lg pixels; the request is that
//     line, and line_need_o the widest need (0 1SPP, 1 subset, 2 full) of its pixels
//     marked in ana_i;
//   - multi-line pixels (N B > 32): pixel ai_i, line bl_i of 2^lines_lg, slot slot_i of
//     S = fmt_i.s_cnt, the line's first-of-class slots lmf_i (first_o of the line's
//     analysis, held), ng_i classes so far (first samples grep_i), query base g0_i and
//     live_i = ms_cls_live(ng0 - g0_i): bit k, class g0_i + k exists among the classes
//     before this line (ng0; a register of the block, so no sum or compare is on the
//     query's paths): lm_first_o, the
//     slot is the first of its line class; rs_o, its sample of the pixel; the query pass
//     compares it with classes g0_i.. (slots 1..S-1) and q_found_o / q_idx_o tell whether
//     and in which class it was found; ng_need_o, the pixel's need from its class count.
//   - the query line is built in the block's register (q_line_i), one sample a clock
//     from its one sample read port, before the query request: at build step qk_i the
//     block reads sample q_smp_o of the pixel (q_val_i) and registers q_line_o, the line
//     with that sample written to its slots: step 0 writes rs_o to slot 0 and to every
//     slot past the last class (as the C model fills them), step k > 0 the first sample
//     of class g0_i + k - 1 to slot k; q_last_o marks the last step. So a pass takes
//     1 + (the classes it compares) build clocks, and the line costs no 64:1 dword
//     selects (docs/msld.md "Synthesis").
// The format comes in as gx_ms_pkg::ms_fmt derives it from the block's cfg. The state
// machine that walks the lines and slots, the analyzer instance and its handshake stay in
// each block.
// Purely combinational: no clock, no state; every output follows its inputs in the same
// clock.
`default_nettype none

module gx_ms_classify (
  input  wire gx_ms_pkg::ms_fmt_t fmt_i,    /// the tile format (gx_ms_pkg::ms_fmt)
  input  wire logic [2047:0]    img_i,       /// the tile image the lines are taken from
  input  wire logic [31:0]      ana_i,       /// pixels to analyze (one-line pixels' need)
  input  wire logic [5:0]       ai_i,        /// line (one-line pixels) or pixel
  input  wire logic [2:0]       bl_i,        /// line of a multi-line pixel
  input  wire logic [3:0]       slot_i,      /// slot of that line
  input  wire logic [4:0]       ng_i,        /// classes of the pixel so far
  input  wire logic [7:0]       live_i,      /// bit k: class g0_i + k exists (before line)
  input  wire logic [4:0]       g0_i,        /// query base: first class compared
  input  wire logic [63:0]      grep_i,      /// first sample of class g: bits 4g+3..4g
  input  wire logic [7:0]       lmf_i,       /// the line's first-of-class slots (held)
  input  wire logic [63:0]      masks_i,     /// masks of the analyzer's current response
  input  wire logic             query_i,     /// the request is a query pass
  input  wire logic [255:0]     q_line_i,    /// the query line the block built
  input  wire logic [2:0]       qk_i,        /// query line build step
  input  wire logic [127:0]     q_val_i,     /// build step qk_i: sample q_smp_o's B bytes
  output      gx_pkg::an_req_t  an_req_o,    /// the analyzer request (line or query)
  output      logic [1:0]       line_need_o, /// widest need of the line's requested pixels
  output      logic [7:0]       first_o,     /// the response's first-of-class slots
  output      logic             lm_first_o,  /// slot slot_i is first of its line class
  output      logic [3:0]       rs_o,        /// sample of the pixel: line bl_i, slot slot_i
  output      logic             q_found_o,   /// the query found the sample's class
  output      logic [4:0]       q_idx_o,     /// that class (lowest query slot that matched)
  output      logic [1:0]       ng_need_o,   /// need of the pixel from its ng_i classes
  output      logic [3:0]       q_smp_o,     /// build step qk_i: the sample of the pixel read
  output      logic [255:0]     q_line_o,    /// build step qk_i: the query line after it
  output      logic             q_last_o     /// build step qk_i is the line's last
);
  logic unused_fmt;  // the format fields the analyzer's requests do not need
  assign unused_fmt = ^{fmt_i.blg, fmt_i.plg, fmt_i.tsl, fmt_i.nb, fmt_i.bb, fmt_i.alln};

  // Line masks of the response: first-of-class slots and the widest need of the
  // requested pixels (one-line pixels).
  logic [7:0] first_c;
  assign first_o = first_c;  // (a multi-line pixel's line is one group: nlg >= slg)
  always_comb begin
    logic [15:0] cnt;  // classes of group k: bits 4k+3..4k (flat: docs/toolchain.md)
    first_c = '0;
    for (int unsigned j = 0; j < 8; j++) begin
      logic [7:0] below;  // slots of j's pixel group below j
      below = 8'((9'd1 << j) - 9'd1) & ~(8'((9'd1 << ((j >> fmt_i.nlg) << fmt_i.nlg)) - 9'd1));
      first_c[j] = (masks_i[j*8 +: 8] & below) == 8'd0;
    end
    cnt = '0;
    for (int unsigned k = 0; k < 4; k++)
      for (int unsigned j = 0; j < 8; j++)
        if ((j >> fmt_i.nlg) == k && j < 32'(fmt_i.s_cnt) && first_c[j])
          cnt[k*4 +: 4] = cnt[k*4 +: 4] + 4'd1;
    line_need_o = 2'd0;
    for (int unsigned k = 0; k < 4; k++)
      if (k < (32'd1 << fmt_i.per_lg) && ana_i[(32'(ai_i) << fmt_i.per_lg) + k]) begin
        if (cnt[k*4 +: 4] != 4'd1 && 5'(cnt[k*4 +: 4]) == fmt_i.nn) line_need_o = 2'd2;
        else if (cnt[k*4 +: 4] != 4'd1 && line_need_o == 2'd0) line_need_o = 2'd1;
      end
  end

  logic [7:0] q_wr;  // build step qk_i: the query slots it writes
  // A multi-line pixel's line-class first slots (from the held masks) and the query:
  // slot 0 is the sample rs_o, slot k > 0 the first sample of class g0_i + k - 1 while
  // that class exists, else rs_o too.
  always_comb begin
    logic [7:0] rs_slots;  // query slots holding rs_o
    logic [3:0] qg;        // build step qk_i > 0: its class g0_i + qk_i - 1
    lm_first_o = lmf_i[slot_i[2:0]];  // slot_i < S <= 8 where it is used
    rs_o = (4'(bl_i) << fmt_i.slg) | slot_i;  // slot_i < S = 2^slg where rs_o is used
    // (slot k > 0 holds class g0_i + k - 1 while it exists)
    for (int unsigned k = 0; k < 8; k++)
      rs_slots[k] = k == 0 || !live_i[(k - 1) % 8];
    qg = 4'(g0_i) + 4'(qk_i) - 4'd1;
    q_smp_o = qk_i == 3'd0 ? rs_o : grep_i[32'(qg) * 4 +: 4];
    q_wr = qk_i == 3'd0 ? rs_slots : 8'd1 << qk_i;
    q_last_o = 5'(qk_i) + 5'd1 >= fmt_i.s_cnt || rs_slots[3'(qk_i + 3'd1)];
    // slots 1..S-1 compared classes g0_i..: the lowest matching slot names the class
    q_found_o = 1'b0;
    q_idx_o = '0;
    for (int unsigned k = 7; k >= 1; k--)
      if (k < 32'(fmt_i.s_cnt) && live_i[k - 1] && masks_i[k]) begin
        q_found_o = 1'b1;
        q_idx_o = g0_i + 5'(k - 1);
      end
    ng_need_o = ng_i == 5'd1 ? 2'd0 : ng_i == fmt_i.nn ? 2'd2 : 2'd1;
  end

  // The query line after build step qk_i (its own block: q_val_i is read at q_smp_o):
  // dword d of the line is dword d mod 2^dlg of the sample in slot d >> dlg.
  always_comb begin
    q_line_o = q_line_i;
    for (int unsigned d = 0; d < 8; d++)
      if (q_wr[d >> fmt_i.dlg])
        q_line_o[d*32 +: 32] = q_val_i[(d & ((32'd1 << fmt_i.dlg) - 1))*32 +: 32];
  end

  // The line request: the line ai_i (one-line pixels) or line bl_i of pixel ai_i.
  logic [255:0] an_line;
  always_comb begin
    logic [2:0] ln;  // tile line
    ln = fmt_i.multi ? 3'((32'(ai_i) << fmt_i.lines_lg) + 32'(bl_i)) : 3'(ai_i);
    an_line = img_i[32'(ln)*256 +: 256];
  end

  always_comb begin
    an_req_o = '0;
    an_req_o.spp = gx_pkg::spp_e'(fmt_i.spp);
    an_req_o.bps = gx_pkg::bps_e'(fmt_i.bps);
    if (query_i) begin
      an_req_o.query = 1'b1;
      an_req_o.qslot = 3'd0;
      an_req_o.line = q_line_i;
    end else begin
      an_req_o.line = an_line;
    end
  end
endmodule

`default_nettype wire
