// gx_ms_classify: the analyzer sequencing shared by gx_mswb (re-analysis of a flushed
// tile) and gx_msld (the classes of a loaded pixel): what to ask the one gx_analyzer
// instance and what its answer says, in the request order of gx_mssurf_classes
// (cmodel/src/mssurf.c, the specification).
//   - one-line pixels (N B <= 32): line ai_i holds 2^per_lg pixels; the request is that
//     line, and line_need_o the widest need (0 1SPP, 1 subset, 2 full) of its pixels
//     marked in ana_i;
//   - multi-line pixels (N B > 32): pixel ai_i, line bl_i of 2^lines_lg, slot slot_i of
//     S = fmt_i.s_cnt, line masks lm_i (held from the line's analysis), ng_i classes so far
//     (ng0_i before this line, first samples grep_i), query base g0_i: lm_first_o, the
//     slot is the first of its line class; rs_o, its sample of the pixel; the query pass
//     compares it with classes g0_i.. (slots 1..S-1) and q_found_o / q_idx_o tell whether
//     and in which class it was found; ng_need_o, the pixel's need from its class count.
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
  input  wire logic [4:0]       ng0_i,       /// classes before this line
  input  wire logic [4:0]       g0_i,        /// query base: first class compared
  input  wire logic [63:0]      grep_i,      /// first sample of class g: bits 4g+3..4g
  input  wire logic [63:0]      lm_i,        /// the line's masks (held analysis response)
  input  wire logic [63:0]      masks_i,     /// masks of the analyzer's current response
  input  wire logic             query_i,     /// the request is a query pass
  output      gx_pkg::an_req_t  an_req_o,    /// the analyzer request (line or query)
  output      logic [1:0]       line_need_o, /// widest need of the line's requested pixels
  output      logic             lm_first_o,  /// slot slot_i is first of its line class
  output      logic [3:0]       rs_o,        /// sample of the pixel: line bl_i, slot slot_i
  output      logic             q_found_o,   /// the query found the sample's class
  output      logic [4:0]       q_idx_o,     /// that class (lowest query slot that matched)
  output      logic [1:0]       ng_need_o    /// need of the pixel from its ng_i classes
);
  logic unused_fmt;  // the format fields the analyzer's requests do not need
  assign unused_fmt = ^{fmt_i.blg, fmt_i.plg, fmt_i.tsl, fmt_i.bb, fmt_i.alln};

  // Line masks of the response: first-of-class slots and the widest need of the
  // requested pixels (one-line pixels).
  logic [7:0] first_c;
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

  // A multi-line pixel's line-class first slots (from the held masks) and the query.
  logic [7:0][3:0] qsrc;  // query slot k's sample
  always_comb begin
    logic [7:0] below;
    below = 8'((9'd1 << slot_i) - 9'd1);
    lm_first_o = (lm_i[32'(slot_i)*8 +: 8] & below) == 8'd0;
    rs_o = 4'((32'(bl_i) << fmt_i.slg) + 32'(slot_i));
    for (int unsigned k = 0; k < 8; k++) begin
      if (k == 0 || 32'(g0_i) + k - 1 >= 32'(ng0_i)) qsrc[k] = rs_o;
      else qsrc[k] = grep_i[(32'(g0_i) + k - 1) * 4 +: 4];
    end
    // slots 1..S-1 compared classes g0_i..: the lowest matching slot names the class
    q_found_o = 1'b0;
    q_idx_o = '0;
    for (int unsigned k = 7; k >= 1; k--)
      if (k < 32'(fmt_i.s_cnt) && 32'(g0_i) + k - 1 < 32'(ng0_i) && masks_i[k]) begin
        q_found_o = 1'b1;
        q_idx_o = 5'(32'(g0_i) + k - 1);
      end
    ng_need_o = ng_i == 5'd1 ? 2'd0 : ng_i == fmt_i.nn ? 2'd2 : 2'd1;
  end

  // Analyzer request lines.
  logic [255:0] an_line, q_line;
  always_comb begin
    logic [2:0] ln;  // tile line
    ln = fmt_i.multi ? 3'((32'(ai_i) << fmt_i.lines_lg) + 32'(bl_i)) : 3'(ai_i);
    an_line = img_i[32'(ln)*256 +: 256];
    for (int unsigned d = 0; d < 8; d++) begin
      logic [5:0] sd;  // tile dword
      logic [2:0] k;
      k = 3'(d >> fmt_i.dlg);
      sd = 6'((32'(ai_i) << (fmt_i.nb - 4'd2)) + (32'(qsrc[k]) << fmt_i.dlg) +
              (d & ((32'd1 << fmt_i.dlg) - 1)));
      q_line[d*32 +: 32] = img_i[32'(sd)*32 +: 32];
    end
  end

  always_comb begin
    an_req_o = '0;
    an_req_o.spp = gx_pkg::spp_e'(fmt_i.spp);
    an_req_o.bps = gx_pkg::bps_e'(fmt_i.bps);
    if (query_i) begin
      an_req_o.query = 1'b1;
      an_req_o.qslot = 3'd0;
      an_req_o.line = q_line;
    end else begin
      an_req_o.line = an_line;
    end
  end
endmodule

`default_nettype wire
