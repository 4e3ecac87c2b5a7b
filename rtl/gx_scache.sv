// gx_scache: the sample cache of tiled mode (issue 24): an on-chip write-back cache of
// 32-byte lines in front of the memory port, holding a cache tile's multi-sample surface
// (home, index and state lines of gx_msmem's layout) and the resolved image's lines.
//
// The C model is the specification (gx_scache in cmodel/src/scache.c, docs/tiled.md
// "Sample cache" and "gx_scache: the sample cache in RTL"), transaction by transaction:
// the same memory reads and strobed writes in the same order, the same read bytes, the
// same counters. 2 ways, 2^SetsLog sets; a line is tagged with its line address, its
// region (0: resolved, 1: home, 2: index, 3: state; the kind is sample for 1..3), the
// surface tile of its first byte (tx, ty), a byte-valid and a byte-dirty mask; a line
// with no valid byte is free. Per set a bit names the way used last (the model's LRU
// with two ways).
//
// Requests (req_*): a read or a write of the bytes req_mask_i of one line. The requester
// (gx_msmem) computes addresses from surface-tile coordinates, so it gives the line's
// region and surface tile beside the address; the cache forms the set key from them
// (docs/tiled.md, "Sets"), and the line number's low bits (the home line j, the state
// line's parity: the regions are 256-byte aligned). A resolved line's set is its line
// number's low bits. A read gives one response (rsp_*) with the line's bytes (those of
// the mask are defined), in the order of the requests.
//   look-up: a hit, else a free way, else the LRU resolved line, else (a sample line)
//   the LRU sample line; a resolved line whose set holds two sample lines goes through
//   (a write: memory write of its bytes; a read: memory read, not allocated). An evicted
//   line's dirty bytes are written (strobed) first. A read fills its bytes that are not
//   valid: a sample byte of a cache tile whose samples never left the cache this frame
//   is 0 (no memory read); any other byte comes from one memory line read.
// Commands (cmd_*): invalidate or writeback of the sample bytes of surface tiles
// [tx0, tx1) x [ty0, ty1) (clamped to the surface), frame start, flush. The rectangle is
// walked row by row, each row's home lines, index lines, then state lines (the model's
// order), one tag probe a line; a probe hits only a sample line. Invalidate drops the
// bytes (dirty ones counted as dropped), writeback writes the dirty ones first. Frame
// start frees every line and clears every cache tile's left bit (a set and a bit a clock:
// max(sets, cache tiles) clocks); flush writes every line's dirty bytes and frees it, set
// by set, way 0 first.
// Left bits: one per cache tile (a LUT RAM), set when one of its sample bytes is written
// to memory (eviction, writeback, flush); stored at {cy mod 2^CyLog, cx mod 2^CxLog} (a
// build of 2^(CxLog + CyLog) cache tiles). A state line's 32 bytes are 32 surface tiles'
// state bytes, each in its own cache tile: a walk of a byte a clock visits them (in two
// stages: the byte's cache tile, then its left bit); a home or an index line is one
// tile's, one byte of the walk.
// Timing: hits stream at one a clock through a pipeline (T: the request and its set, its
// write bytes in a write buffer of LUT RAM until it leaves D; W: its tag word read; L:
// the tag word, the line compares registered; D: the decision, the tag word written, a
// write's bytes written or a read's line read; the line in ld_q two clocks later, into
// the response FIFO the next and out of it two later: a read hit taken in clock 0 is
// answered in clock 9). A request whose set is in W, L or D waits in T. Anything else (a
// miss, a read of bytes not valid, a resolved line through) leaves D to the sequential
// machinery (from the decision on: line read, line, fill, update, response; a fill adds
// its walk and a memory read, an eviction its write and walk) while the requests behind
// it wait; commands run with the pipe empty (docs/tiled.md).
// Memory port: line reads (mrq_* request, mrd_* data) and strobed line writes (mwr_*),
// valid/ready each; one memory transaction at a time, in the model's order; a write is
// done when taken.
// Configuration (cfg_*) is held while the cache works.
`default_nettype none
`include "gx_assert.svh"

module gx_scache #(
  parameter int unsigned SetsLog = 6,   /// sets: 2^SetsLog (>= 1)
  parameter int unsigned AW = 32,       /// byte address bits
  parameter int unsigned TW = 13,       /// surface tile coordinate bits
  parameter int unsigned CxLog = 4,     /// left bits: 2^CxLog cache tiles across
  parameter int unsigned CyLog = 4,     /// and 2^CyLog down
  parameter int unsigned CW = 32,       /// counter bits (they wrap)
  parameter int unsigned RqDepth = 8,   /// response FIFO words, a power of two (and its
                                        /// output register); 8: hits stream at one a clock
  localparam int unsigned LW = AW - 5   /// line number bits
) (
  input  wire logic          clk_i,           /// clock, rising edge
  input  wire logic          rst_i,           /// synchronous reset, active high
  // configuration, held while the cache works
  input  wire logic [LW-1:0] cfg_surf_base_i,  /// home region, line number (a multiple of 8)
  input  wire logic [LW-1:0] cfg_index_base_i, /// index region, line number (a multiple of 8)
  input  wire logic [LW-1:0] cfg_state_base_i, /// state region, line number (a multiple of 8)
  input  wire logic [TW-1:0] cfg_tiles_x_i,    /// surface tiles across (>= 1)
  input  wire logic [TW-1:0] cfg_tiles_y_i,    /// surface tiles down (>= 1)
  input  wire logic [1:0]    cfg_twlog_i,      /// a surface tile is 2^twlog pixels wide
  input  wire logic [1:0]    cfg_thlog_i,      /// and 2^thlog high
  input  wire logic [2:0]    cfg_ctlog_i,      /// cache tile edge: 2^ctlog pixels (4, 5, 6)
  input  wire logic          cfg_ctodd_i,      /// cache tiles across the surface is odd
  // requests
  input  wire logic          req_valid_i,      /// a line operation
  output      logic          req_ready_o,
  input  wire logic          req_we_i,         /// 1: write, 0: read
  input  wire logic [LW-1:0] req_line_i,       /// line number (address / 32)
  input  wire logic [31:0]   req_mask_i,       /// bytes read or written (not 0)
  input  wire logic [255:0]  req_data_i,       /// write bytes, byte i in [8 i +: 8]
  input  wire logic [1:0]    req_reg_i,        /// 0 resolved, 1 home, 2 index, 3 state
  input  wire logic [TW-1:0] req_tx_i,         /// surface tile of the line's first byte
  input  wire logic [TW-1:0] req_ty_i,
  output      logic          rsp_valid_o,      /// a read's line
  input  wire logic          rsp_ready_i,
  output      logic [255:0]  rsp_data_o,
  // commands
  input  wire logic          cmd_valid_i,      /// a command (taken only when idle)
  output      logic          cmd_ready_o,
  input  wire logic [1:0]    cmd_op_i,         /// 0 invalidate, 1 writeback, 2 frame, 3 flush
  input  wire logic [TW-1:0] cmd_tx0_i,        /// the rectangle of surface tiles
  input  wire logic [TW-1:0] cmd_ty0_i,
  input  wire logic [TW-1:0] cmd_tx1_i,        /// exclusive
  input  wire logic [TW-1:0] cmd_ty1_i,
  output      logic          cmd_done_o,       /// a command finished (one clock)
  output      logic [31:0]   cmd_probes_o,     /// the lines probed by the last rectangle
  // memory
  output      logic          mrq_valid_o,      /// line read request
  input  wire logic          mrq_ready_i,
  output      logic [LW-1:0] mrq_line_o,
  input  wire logic          mrd_valid_i,      /// line read data
  output      logic          mrd_ready_o,
  input  wire logic [255:0]  mrd_data_i,
  output      logic          mwr_valid_o,      /// strobed line write
  input  wire logic          mwr_ready_i,
  output      logic [LW-1:0] mwr_line_o,
  output      logic [255:0]  mwr_data_o,
  output      logic [31:0]   mwr_strb_o,
  output      logic          mwr_sample_o,     /// the write is of a sample line
  // counters (gx_sc_cnt_t), index 0 sample, 1 resolved
  output      logic [1:0][CW-1:0] cnt_rd_o,    /// memory bytes read (whole lines)
  output      logic [1:0][CW-1:0] cnt_wr_o,    /// memory bytes written
  output      logic [CW-1:0] cnt_hits_o,
  output      logic [CW-1:0] cnt_misses_o,
  output      logic [CW-1:0] cnt_zero_o,       /// sample lines filled with 0, no read
  output      logic [1:0][CW-1:0] cnt_evict_o, /// lines evicted
  output      logic [CW-1:0] cnt_dropped_o,    /// dirty sample bytes dropped by invalidate
  output      logic [CW-1:0] cnt_through_o     /// resolved writes not allocated
);
  localparam int unsigned Sets = 1 << SetsLog;
  localparam int unsigned TagDepth = Sets < 2 ? 2 : Sets;
  localparam int unsigned TN = 2 * TW;                 // tile number bits
  localparam int unsigned KW = 18;                     // set key bits
  localparam int unsigned CtW = CxLog + CyLog;
  localparam int unsigned CtN = 1 << CtW;              // left bits
  localparam int unsigned FN = Sets > CtN ? Sets : CtN; // clocks of a frame start
  localparam int unsigned FW = $clog2(FN);
  // a way's tag: {dirty, valid, ty, tx, reg, line}
  localparam int unsigned WayW = 64 + 2 * TW + 2 + LW;
  localparam int unsigned TagW = ((2 * WayW + 1 + 7) / 8) * 8;
  localparam int unsigned OLine = 0, OReg = LW, OTx = LW + 2, OTy = LW + 2 + TW,
                          OVal = LW + 2 + 2 * TW, ODty = OVal + 32;

  typedef enum logic [4:0] {
    S_IDLE, S_ISSUE, S_TRD, S_TAGW, S_LOOK, S_LOOK2, S_DRD, S_DRDW, S_DATA, S_MWR, S_WALK, S_FILL, S_FILL2, S_MRQ, S_MRD, S_UPD,
    S_RESP, S_CMD, S_NORM, S_FRAME, S_DONE
  } state_e;
  typedef enum logic [1:0] {SRC_REQ, SRC_PROBE, SRC_FLUSH} src_e;
  typedef enum logic [2:0] {P_ROW, P_HOME, P_IDX, P_STB, P_ST} phase_e;
  typedef enum logic [1:0] {W_FILL, W_UPD, W_DONE} wret_e;

  state_e st_q;
  // the line operation
  src_e            src_q;
  logic            we_q, wb_q;
  logic [LW-1:0]   line_q;
  logic [31:0]     mask_q;
  logic [255:0]    wdata;      // a request's write bytes (the write buffer's word of D)
  logic [1:0]      reg_q;
  logic [TW-1:0]   tx_q, ty_q;
  logic [SetsLog-1:0] set_q;
  logic [TagW-1:0] tag_q;      // the set's tag word
  logic            way_q;      // the way hit, allocated, probed or flushed
  logic            hit_q, thru_q, vlive_q;
  logic [WayW-1:0] vict_q;     // the way's tag as read
  logic [255:0]    ld_q;       // the way's line, then the line as it becomes
  logic [31:0]     need_q, zm_q;
  logic            needz_q;    // need_q == 0
  // memory write
  logic [LW-1:0]   mw_line_q;
  logic [31:0]     mw_strb_q, mw_strb_n;
  logic [5:0]      mw_cnt_q;   // the bytes of mw_strb_q (from S_DATA)
  logic            mw_sample_q;
  logic [1:0]      mw_reg_q;
  logic [TW-1:0]   mw_tx_q, mw_ty_q;
  wret_e           mw_ret_q;
  // the walk over a line's cache tiles
  logic            wk_mark_q;  // 1: set the left bits of wk_mask_q's bytes; 0: zero mask
  logic [1:0]      wk_reg_q;
  logic [TW-1:0]   wk_x_q, wk_y_q;
  logic [31:0]     wk_mask_q;
  logic [4:0]      wk_i_q;
  wret_e           wk_ret_q;
  logic            wk_iss_q;   // bytes still to visit
  // the walk's byte a clock later: its cache tile, inside the surface, in the mask
  logic            p_v_q, p_in_q, p_bit_q, p_last_q;
  // a fill walk's byte two clocks later: its left bit as read, whether it is a zero byte
  // but for that bit, its index, the walk's last
  logic            z_v_q, z_left_q, z_bit_q, z_last_q;
  logic [4:0]      z_i_q;
  logic [CtW-1:0]  p_ct_q;
  logic [4:0]      p_i_q;
  // commands
  logic [1:0]      cop_q;
  logic [TW-1:0]   c_tx0_q, c_tx1_q, c_ty1_q, c_y_q, c_n_q;
  logic [TN-1:0]   c_trow_q, c_ts_q, c_slast_q;
  logic [4:0]      c_tend_q;   // one past the row's last tile, mod 32
  logic [TN+3:0]   c_k_q;
  logic            c_kend_q, c_sdone_q;  // the phase's last probe issued
  logic            c_yend_q;   // no row left: c_y_q >= c_ty1_q or an empty column range
  logic            c_first_q, c_islast_q; // the state line probed next is the row's first, last
  phase_e          c_ph_q;
  logic signed [TW+1:0] c_sx_q, c_sy_q;
  logic [TN-1:0]   c_sl_q;
  logic [31:0]     probes_q;
  logic            flush_way_q;
  logic [FW-1:0]   fset_q;     // frame start: the set and the left bit cleared
  logic            left_rd;
  logic            done_q;
  // the hit pipeline: T (taken, its set), W (its tag word read), L (the tag word: the
  // line compares registered), D (the FSM's operation registers: the decision)
  typedef struct packed {
    logic               we;
    logic [LW-1:0]      line;
    logic [31:0]        mask;
    logic [1:0]         rg;
    logic [TW-1:0]      tx, ty;
    logic [SetsLog-1:0] set;
  } preq_t;
  preq_t           t_q, w_q, l_q;
  logic            t_v_q, w_v_q, l_v_q, dv_q;
  logic            phit_q, dway_q;   // D: a hit needing no fill; the way hit (1: not way 0)
  logic            quiet_q;          // the pipe is empty (since the clock before)
  logic [1:0]      rf_q;       // refill after a hold: 1 L's tag word, 2 W's, 3 running
  logic            r1_q, r2_q, x_q; // a hit's line read: the RAM, its register, ld_q
  // the write buffer: a request's write bytes, from its take until the next request enters
  // D (LUT RAM, written every clock at wb_wp_q: the word is free); D's is wb_dp_q
  localparam int unsigned WbDepth = 8;
  (* ram_style = "distributed" *) logic [255:0] wb_mem [WbDepth];
  logic [2:0]      wb_wp_q, wb_dp_q;

  // ---------------------------------------------------------------------------------
  // the set of a line (docs/tiled.md, "Sets")
  // log2 of the surface tiles a cache tile across and down (cxl, cyl), their masks and
  // the set function's terms of the configuration alone (kc_q), in four registered steps
  // of one shift or one add each: 1 the logs; 2 n = 2^(cxl + cyl) and c2 = 2^(cyl + 1);
  // 3 9n, 17n and 18n; 4 the terms. So an operation uses the configuration from the
  // fourth clock after it is taken (the configuration is held while the cache works).
  // Reset loads every step with the terms of cxl = cyl = 0, so the steps always agree.
  localparam int unsigned SL = SetsLog;
  logic [2:0]    cxl1, cyl1, cxl2, cyl2, cxl3, cyl3, cxl, cyl;
  logic [6:0]    mx_q, my_q;  // (1 << cxl) - 1, (1 << cyl) - 1
  logic [KW-1:0] n2_q;
  logic [SL-1:0] c2_q, c3_q, n8_q, n9_q, n17_q, n18_q;
  logic [7:0][SL-1:0] kc_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      {cxl1, cyl1, cxl2, cyl2, cxl3, cyl3, cxl, cyl} <= '0;
      mx_q  <= '0;
      my_q  <= '0;
      n2_q  <= KW'(1);
      c2_q  <= SL'(2);
      c3_q  <= SL'(2);
      n8_q  <= SL'(8);
      n9_q  <= SL'(9);
      n17_q <= SL'(17);
      n18_q <= SL'(18);
      kc_q  <= {SL'(18 + 2), SL'(9), SL'(17 + 2), SL'(8), SL'(9 + 2), SL'(0), SL'(0), SL'(0)};
    end else begin
      cxl1  <= cfg_ctlog_i - {1'b0, cfg_twlog_i};
      cyl1  <= cfg_ctlog_i - {1'b0, cfg_thlog_i};
      cxl2  <= cxl1;
      cyl2  <= cyl1;
      n2_q  <= KW'(1) << ({2'b0, cxl1} + {2'b0, cyl1});
      c2_q  <= SL'(KW'(1) << ({2'b0, cyl1} + 5'd1));
      cxl3  <= cxl2;
      cyl3  <= cyl2;
      n8_q  <= SL'(n2_q << 3);
      n9_q  <= SL'((n2_q << 3) + n2_q);
      n17_q <= SL'((n2_q << 4) + n2_q);
      n18_q <= SL'((n2_q << 4) + (n2_q << 1));
      c3_q  <= c2_q;
      cxl   <= cxl3;
      cyl   <= cyl3;
      mx_q  <= 7'((8'd1 << cxl3) - 1'b1);
      my_q  <= 7'((8'd1 << cyl3) - 1'b1);
      // the key's terms by region and the cache tile's parity ({rg, par}; 0 for a
      // resolved line), mod 2^SetsLog: region 2 8n, region 3 9n, and for an odd cache
      // tile 9n + c2 more
      kc_q[0] <= '0;
      kc_q[1] <= '0;
      kc_q[2] <= '0;
      kc_q[3] <= n9_q + c3_q;
      kc_q[4] <= n8_q;
      kc_q[5] <= n17_q + c3_q;
      kc_q[6] <= n9_q;
      kc_q[7] <= n18_q + c3_q;
    end
  end

  // the set: the request's bits of the key (tile and line bits side by side) plus kc_q's
  function automatic logic [SetsLog-1:0] set_of(input logic [1:0] rg, input logic [TW-1:0] tx,
                                                 input logic [TW-1:0] ty,
                                                 input logic [KW-1:0] ln);
    logic [KW-1:0] l, tyc, x;
    logic par;
    tyc = KW'(ty) & KW'(my_q);
    l   = (tyc << cxl) | (KW'(tx) & KW'(mx_q));
    // the cache tile's number (row-major, cy * ctiles_x + cx) is odd
    par = ((((ty >> cyl) & TW'(1)) != '0) && cfg_ctodd_i) != (((tx >> cxl) & TW'(1)) != '0);
    case (rg)
      2'd1:    x = (l << 3) | KW'(ln[2:0]);
      2'd2:    x = l;
      2'd3:    x = (tyc << 1) | KW'(ln[0]);
      default: x = ln;
    endcase
    set_of = SetsLog'(x + KW'(kc_q[{rg, par}]));  // only the sum's low bits: a SetsLog-bit add
  endfunction

  // the set by the model's formula (SetFn_A)
  function automatic logic [SetsLog-1:0] set_ref(input logic [1:0] rg, input logic [TW-1:0] tx,
                                                 input logic [TW-1:0] ty,
                                                 input logic [KW-1:0] ln);
    logic [KW-1:0] n, l, cty, key;
    logic par;
    n   = KW'(1) << ({1'b0, cxl} + {1'b0, cyl});
    cty = KW'(1) << cyl;
    l   = ((KW'(ty) & (cty - 1'b1)) << cxl) | (KW'(tx) & ((KW'(1) << cxl) - 1'b1));
    // the cache tile's number (row-major, cy * ctiles_x + cx) is odd
    par = ((((ty >> cyl) & TW'(1)) != '0) && cfg_ctodd_i) != (((tx >> cxl) & TW'(1)) != '0);
    case (rg)
      2'd1:    key = (l << 3) + KW'(ln[2:0]);
      2'd2:    key = (n << 3) + l;
      2'd3:    key = (n << 3) + n + ((KW'(ty) & (cty - 1'b1)) << 1) + KW'(ln[0]);
      default: key = KW'(ln);
    endcase
    if (rg != 2'd0 && par) key = key + (n << 3) + n + (cty << 1);
    set_ref = key[SetsLog-1:0];
  endfunction

  // the cache tile of surface tile (x, y): its left bit
  function automatic logic [CtW-1:0] ct_of(input logic [TW-1:0] x,
                                                    input logic [TW-1:0] y);
    ct_of = CtW'(((32'(y >> cyl) & ((32'd1 << CyLog) - 1)) << CxLog) |
                           (32'(x >> cxl) & ((32'd1 << CxLog) - 1)));
  endfunction

  function automatic logic [31:0] popc(input logic [31:0] m);
    logic [31:0] s;
    s = '0;
    for (int unsigned i = 0; i < 32; i++) s = s + 32'(m[i]);
    popc = s;
  endfunction

  // the set of the operation's line (a flush names its set itself)
  logic [SetsLog-1:0] iss_set;
  assign iss_set = set_of(reg_q, tx_q, ty_q, KW'(line_q));

  // ---------------------------------------------------------------------------------
  // storage: tags (both ways and the last-used way a set), lines ({set, way})
  logic               tag_re, tag_we;
  logic [SetsLog-1:0] tag_ra, tag_wa;
  logic [TagW-1:0]    tag_rd, tag_wd;
  logic               dat_re;
  logic [31:0]        dat_we;
  logic [SetsLog:0]   dat_ra, dat_wa;
  logic [255:0]       dat_rd, dat_wd;

  gx_ram_1r1w #(.Depth(TagDepth), .Width(TagW), .OutReg(1'b1)) u_tag (
    .clk_i, .rst_i, .re_i(tag_re), .raddr_i($clog2(TagDepth)'(tag_ra)), .rdata_o(tag_rd),
    .we_i({(TagW / 8){tag_we}}), .waddr_i($clog2(TagDepth)'(tag_wa)), .wdata_i(tag_wd)
  );
  gx_ram_1r1w #(.Depth(2 * Sets), .Width(256), .OutReg(1'b1)) u_dat (
    .clk_i, .rst_i, .re_i(dat_re), .raddr_i(dat_ra), .rdata_o(dat_rd),
    .we_i(dat_we), .waddr_i(dat_wa), .wdata_i(dat_wd)
  );

  function automatic logic [WayW-1:0] way_of(input logic [TagW-1:0] t, input logic w);
    way_of = w ? t[WayW +: WayW] : t[0 +: WayW];
  endfunction

  // ---------------------------------------------------------------------------------
  // the look-up, on the tag word read (S_LOOK: registered with the line compares; S_LOOK2)
  logic            eq0_q, eq1_q;   // the ways' line numbers equal the operation's
  logic            live0, live1, samp0, samp1, mru;
  logic            lk_hit, lk_way, lk_thru;
  always_comb begin
    live0 = tag_q[OVal +: 32] != '0;
    live1 = tag_q[WayW + OVal +: 32] != '0;
    samp0 = tag_q[OReg +: 2] != 2'd0;
    samp1 = tag_q[WayW + OReg +: 2] != 2'd0;
    mru = tag_q[2 * WayW];
    lk_hit = 1'b0;
    lk_way = 1'b0;
    lk_thru = 1'b0;
    if (src_q == SRC_FLUSH) begin
      lk_way = flush_way_q;
    end else if (src_q == SRC_PROBE) begin
      // a probe finds only a sample line
      if (live0 && samp0 && eq0_q) begin
        lk_hit = 1'b1;
      end else if (live1 && samp1 && eq1_q) begin
        lk_hit = 1'b1;
        lk_way = 1'b1;
      end
    end else if (live0 && eq0_q) begin
      lk_hit = 1'b1;
    end else if (live1 && eq1_q) begin
      lk_hit = 1'b1;
      lk_way = 1'b1;
    end else if (!live0) begin
      lk_way = 1'b0;
    end else if (!live1) begin
      lk_way = 1'b1;
    end else if (!samp0 && !samp1) begin
      lk_way = !mru;                    // the LRU resolved line
    end else if (!samp0) begin
      lk_way = 1'b0;
    end else if (!samp1) begin
      lk_way = 1'b1;
    end else if (reg_q != 2'd0) begin
      lk_way = !mru;                    // a sample line evicts the LRU sample line
    end else begin
      lk_thru = 1'b1;                   // a resolved line: the set is full of samples
    end
  end

  // the way's fields as read
  logic [LW-1:0] v_line;
  logic [1:0]    v_reg;
  logic [TW-1:0] v_tx, v_ty;
  logic [31:0]   v_val, v_dty;
  assign v_line = vict_q[OLine +: LW];
  assign v_reg  = vict_q[OReg +: 2];
  assign v_tx   = vict_q[OTx +: TW];
  assign v_ty   = vict_q[OTy +: TW];
  assign v_val  = vict_q[OVal +: 32];
  assign v_dty  = vict_q[ODty +: 32];
  // a read's bytes not valid (S_DATA: need_q and its zero test)
  logic [31:0]   need_n;
  assign need_n = mask_q & ~(hit_q ? v_val : 32'd0);

  // ---------------------------------------------------------------------------------
  // the hit pipeline. D decides on its registered compares: a hit that needs no fill (a
  // write, or a read of valid bytes) completes here (its tag word and its line written,
  // or its line read for the response), anything else goes to the FSM (S_LOOK2), which
  // runs it as before while the stages behind hold. A request's tag word is read in the
  // clock it leaves T; it leaves only when no request ahead of it in W, L or D has its
  // set (those have not written their tag word yet), so the sets in W, L and D differ
  // and each tag word read is current. A clock in which D holds loses the tag words in
  // the RAM's output registers: L's and W's are read again (rf_q 1, 2) before the pipe
  // runs on (3).
  logic       d_way, d_phit, d_go, d_slow, d_free, adv, haz, t_leave, take;
  logic       rq_push, rq_in_ready, rq_inc, rq_dec, room_q;
  logic [3:0] rq_count;
  logic [4:0] used_q, used_n;  // responses held in the FIFO or on their way to it
  always_comb begin
    d_way   = dway_q;
    d_phit  = phit_q;
    d_go    = st_q == S_IDLE && dv_q && d_phit && (we_q || room_q);
    d_slow  = st_q == S_IDLE && dv_q && !d_phit;
    d_free  = st_q == S_IDLE && (!dv_q || d_go);
    adv     = (rf_q == 2'd0 || rf_q == 2'd3) && d_free;
    haz     = w_v_q && w_q.set == t_q.set || l_v_q && l_q.set == t_q.set ||
              dv_q && set_q == t_q.set;
    t_leave = t_v_q && adv && !haz;
  end
  assign take = req_valid_i && req_ready_o;

  // the response FIFO's credit: a read hit in D and the FSM's response each take a word,
  // a response taken gives one back; room_q: a word free next clock
  assign rq_inc = d_go && !we_q || st_q == S_RESP && room_q;
  assign rq_dec = rsp_valid_o && rsp_ready_i;
  // (the increment and the decrement choose among used_q's neighbours and its compares
  // with constants, so neither goes through an add)
  always_comb
    case ({rq_inc, rq_dec})
      2'b10:   used_n = used_q + 1'b1;
      2'b01:   used_n = used_q - 1'b1;
      default: used_n = used_q;
    endcase
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      used_q <= '0;
      room_q <= 1'b1;
    end else begin
      used_q <= used_n;
      case ({rq_inc, rq_dec})
        2'b10:   room_q <= used_q < 5'(RqDepth);
        2'b01:   room_q <= used_q < 5'(RqDepth + 2);
        default: room_q <= used_q < 5'(RqDepth + 1);
      endcase
    end
  end

  // copies of the pipe's enable adv, one a group of the registers it loads (T's, W's and
  // L's halves, tag_q's quarters, D's other fields) and one for the tag RAM's read as T's
  // request leaves, so that no one net enables all of them: each copy a LUT of two
  // registers of its own (pg_q: rf_q 0 or 3 and the FSM idle; pe_q: D empty), computed a
  // clock ahead (PipeCe_A), and of phit_q, we_q and room_q. Likewise the line RAM's read
  // of a read hit in D (d_go, not a write): rd_i_q (the FSM idle), rd_d_q (D full).
  localparam int unsigned PC = 12;  // 0, 1: T; 2, 3: W; 4, 5: L; 6 to 9: tag_q; 10: the
                                    // tag word's read; 11: D's fields
  logic          rd_i_q, rd_d_q, d_rd;
  localparam int unsigned PW = 1 + LW + 32 + 2 + 2 * TW + SetsLog;  // preq_t's bits
  localparam int unsigned PH = PW / 2, TQ = TagW / 4;
  logic [PC-1:0] pg_q, pe_q, adv_c;
  logic          rf_ok_n, idle_n, dv_n;
  for (genvar k = 0; k < PC; k++) begin : gen_adv
    assign adv_c[k] = pg_q[k] && (pe_q[k] || phit_q && (we_q || room_q));
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) begin
        pg_q[k] <= 1'b0;
        pe_q[k] <= 1'b1;
      end else begin
        pg_q[k] <= rf_ok_n && idle_n;
        pe_q[k] <= !dv_n;
      end
    end
  end
  (* keep *) always_ff @(posedge clk_i) begin
    if (rst_i) begin
      rd_i_q <= 1'b0;
      rd_d_q <= 1'b0;
    end else begin
      rd_i_q <= idle_n;
      rd_d_q <= dv_n;
    end
  end
  assign d_rd = rd_i_q && rd_d_q && phit_q && !we_q && room_q;  // d_go && !we_q
  // the next clock's rf_q is 0 or 3, the FSM idle, D empty (as the registers below load)
  always_comb begin
    case (rf_q)
      2'd1:    rf_ok_n = 1'b0;
      2'd2:    rf_ok_n = 1'b1;
      default: rf_ok_n = adv || !(l_v_q || w_v_q);
    endcase
    case (st_q)
      S_IDLE:  idle_n = !(cmd_valid_i && cmd_ready_o) && !d_slow;
      S_RESP:  idle_n = room_q;
      S_DONE:  idle_n = src_q != SRC_FLUSH ||
                        flush_way_q == 1'b1 && set_q == SetsLog'(Sets - 1);
      S_FRAME: idle_n = fset_q == FW'(FN - 1);
      S_CMD:   idle_n = c_ph_q == P_ROW && c_yend_q;
      S_ISSUE, S_TRD, S_TAGW, S_LOOK, S_LOOK2, S_DRD, S_DRDW, S_DATA, S_MWR, S_WALK, S_FILL,
      S_FILL2, S_MRQ, S_MRD, S_UPD, S_NORM:
               idle_n = 1'b0;
      default: idle_n = 1'b1;
    endcase
    dv_n = adv ? l_v_q : dv_q && !(d_go || d_slow);
  end

  // T loads when empty or as its request leaves (valid only if taken: t_v_q)
  preq_t t_n;
  always_comb begin
    t_n.we   = req_we_i;
    t_n.line = req_line_i;
    t_n.mask = req_mask_i;
    t_n.rg   = req_reg_i;
    t_n.tx   = req_tx_i;
    t_n.ty   = req_ty_i;
    t_n.set  = set_of(req_reg_i, req_tx_i, req_ty_i, KW'(req_line_i));
  end
  always_ff @(posedge clk_i) begin
    if (!t_v_q || adv_c[0] && !haz) t_q[PH-1:0] <= t_n[PH-1:0];
    if (!t_v_q || adv_c[1] && !haz) t_q[PW-1:PH] <= t_n[PW-1:PH];
    if (adv_c[2]) w_q[PH-1:0] <= t_q[PH-1:0];
    if (adv_c[3]) w_q[PW-1:PH] <= t_q[PW-1:PH];
    if (adv_c[4]) l_q[PH-1:0] <= w_q[PH-1:0];
    if (adv_c[5]) l_q[PW-1:PH] <= w_q[PW-1:PH];
  end
  // the tag word: the pipe's into D, or the FSM's look-up
  for (genvar k = 0; k < 4; k++) begin : gen_tag_q
    always_ff @(posedge clk_i)
      if (st_q == S_LOOK || st_q == S_IDLE && adv_c[6 + k] && l_v_q)
        tag_q[k*TQ +: TQ] <= tag_rd[k*TQ +: TQ];
  end
  always_ff @(posedge clk_i) wb_mem[wb_wp_q] <= req_data_i;
  assign wdata = wb_mem[wb_dp_q];
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wb_wp_q <= '0;
      wb_dp_q <= 3'(WbDepth - 1);
    end else begin
      if (take) wb_wp_q <= wb_wp_q + 1'b1;
      if (st_q == S_IDLE && adv && l_v_q) wb_dp_q <= wb_dp_q + 1'b1;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      t_v_q <= 1'b0;
      w_v_q <= 1'b0;
      l_v_q <= 1'b0;
      dv_q <= 1'b0;
      rf_q <= 2'd0;
      r1_q <= 1'b0;
      r2_q <= 1'b0;
      x_q <= 1'b0;
      quiet_q <= 1'b0;
    end else begin
      if (take) t_v_q <= 1'b1;
      else if (t_leave) t_v_q <= 1'b0;
      if (adv) begin
        w_v_q <= t_leave;
        l_v_q <= w_v_q;
        dv_q <= l_v_q;
      end else if (d_go || d_slow) begin
        dv_q <= 1'b0;
      end
      case (rf_q)
        2'd1:    if (d_free) rf_q <= 2'd2;
        2'd2:    rf_q <= 2'd3;
        default: rf_q <= !adv && (l_v_q || w_v_q) ? 2'd1 : 2'd0;
      endcase
      r1_q <= d_go && !we_q;
      r2_q <= r1_q;
      x_q <= r2_q;
      // empty now and nothing taken: empty in the next clock
      quiet_q <= !t_v_q && !w_v_q && !l_v_q && !dv_q && !r1_q && !r2_q && !x_q && !take;
    end
  end

  // the responses, in order: a hit's line from ld_q three clocks after D, the FSM's in
  // S_RESP
  assign rq_push = x_q || st_q == S_RESP && room_q;
  gx_fifo #(.Width(256), .Depth(RqDepth)) u_rsp (
    .clk_i, .rst_i, .in_valid_i(rq_push), .in_ready_o(rq_in_ready), .in_data_i(ld_q),
    .out_valid_o(rsp_valid_o), .out_ready_i(rsp_ready_i), .out_data_o(rsp_data_o),
    .count_o(rq_count)
  );

  // the bytes a memory write of the operation would write (S_DATA): a resolved write
  // through, the dirty bytes of an evicted or flushed line, a probe's dirty bytes
  always_comb
    case (src_q)
      SRC_REQ:   mw_strb_n = thru_q ? mask_q : v_dty;
      SRC_PROBE: mw_strb_n = v_dty & mask_q;
      default:   mw_strb_n = v_dty;
    endcase

  // the line's bytes merged with the write (S_UPD)
  logic [255:0] merged;
  always_comb
    for (int unsigned i = 0; i < 32; i++)
      merged[8*i +: 8] = we_q && mask_q[i] ? wdata[8*i +: 8] : ld_q[8*i +: 8];

  // the way's tag after the operation (S_UPD)
  logic [WayW-1:0] new_way;
  logic [31:0]     base_val, base_dty;
  always_comb begin
    base_val = hit_q ? v_val : '0;
    base_dty = hit_q ? v_dty : '0;
    new_way = vict_q;
    case (src_q)
      SRC_REQ: begin
        new_way[OLine +: LW] = line_q;
        new_way[OReg +: 2]   = reg_q;
        new_way[OTx +: TW]   = tx_q;
        new_way[OTy +: TW]   = ty_q;
        new_way[OVal +: 32]  = base_val | mask_q;
        new_way[ODty +: 32]  = we_q ? base_dty | mask_q : base_dty;
      end
      SRC_PROBE: begin
        new_way[OVal +: 32] = v_val & ~mask_q;
        new_way[ODty +: 32] = v_dty & ~mask_q;
      end
      default: begin
        new_way[OVal +: 32] = '0;
        new_way[ODty +: 32] = '0;
      end
    endcase
  end

  // the walk's byte: its surface tile and whether it is a surface byte
  logic [CtW-1:0] wk_ct;
  logic                   wk_in, wk_state, wk_last;
  assign wk_ct    = ct_of(wk_x_q, wk_y_q);
  assign wk_in    = wk_y_q < cfg_tiles_y_i;
  assign wk_state = wk_reg_q == 2'd3;
  assign wk_last  = !wk_state || wk_i_q == 5'd31;

  // the left bits: a bit a cache tile in LUT RAM, set by a walk, cleared at frame start
  (* ram_style = "distributed" *) logic left_mem [CtN];
  logic          left_we, left_wd;
  logic [CtW-1:0] left_wa;
  always_comb begin
    left_we = 1'b0;
    left_wa = p_ct_q;
    left_wd = 1'b1;
    if (st_q == S_FRAME) begin
      left_we = 32'(fset_q) < CtN;
      left_wa = CtW'(fset_q);
      left_wd = 1'b0;
    end else if (st_q == S_WALK && wk_mark_q && p_v_q && p_bit_q && p_in_q) begin
      left_we = 1'b1;
    end
  end
  always_ff @(posedge clk_i) if (left_we) left_mem[left_wa] <= left_wd;
  assign left_rd = left_mem[p_ct_q];


  // the command's rectangle, clamped
  logic [TW-1:0] cx1c, cy1c, c_n;
  assign cx1c = cmd_tx1_i < cfg_tiles_x_i ? cmd_tx1_i : cfg_tiles_x_i;
  assign cy1c = cmd_ty1_i < cfg_tiles_y_i ? cmd_ty1_i : cfg_tiles_y_i;
  assign c_n  = c_n_q;
  logic [TN-1:0] c_slast;
  logic [4:0]    c_tend;
  assign c_tend  = c_tend_q;                        // one past the row's last tile, mod 32
  assign c_slast = c_slast_q;                       // the row's last state line
  logic [31:0] c_smask, c_smask_q;  // registered in S_NORM, before each state probe
  logic [4:0]  c_lo;
  logic [5:0]  c_hi;
  logic [31:0] c_mhi, c_mlo;
  always_comb begin
    // the row's first state line starts at its first tile, its last ends after its last
    c_lo = c_first_q ? c_ts_q[4:0] : 5'd0;
    c_hi = c_islast_q && c_tend[4:0] != '0 ? {1'b0, c_tend[4:0]} : 6'd32;
    c_mhi = c_hi[5] ? '1 : ~('1 << c_hi[4:0]);
    c_mlo = ~('1 << c_lo);
    c_smask = c_mhi & ~c_mlo;
  end

  // ---------------------------------------------------------------------------------
  logic [1:0][CW-1:0] c_rd_q, c_wr_q, c_ev_q;
  logic [CW-1:0] c_hit_q, c_miss_q, c_zero_q, c_drop_q, c_thru_q;

  always_comb begin
    tag_re = 1'b0;
    tag_ra = set_q;
    dat_re = 1'b0;
    dat_ra = {set_q, way_q};
    tag_we = 1'b0;
    tag_wa = set_q;
    tag_wd = tag_q;
    dat_we = '0;
    dat_wa = {set_q, way_q};
    dat_wd = merged;
    case (st_q)
      S_IDLE: begin
        // the pipe: T's tag word as it leaves, or the refill's; D's hit
        if (t_v_q && adv_c[10] && !haz) begin  // t_leave
          tag_re = 1'b1;
          tag_ra = t_q.set;
        end else if (rf_q == 2'd1 && d_free && l_v_q) begin
          tag_re = 1'b1;
          tag_ra = l_q.set;
        end else if (rf_q == 2'd2 && w_v_q) begin
          tag_re = 1'b1;
          tag_ra = w_q.set;
        end
        dat_ra = {set_q, d_way};
        dat_wa = {set_q, d_way};
        if (d_go) begin
          tag_we = 1'b1;
          tag_wd[2 * WayW] = d_way;
          if (d_way) begin
            tag_wd[WayW + OVal +: 32] = tag_q[WayW + OVal +: 32] | mask_q;
            if (we_q) tag_wd[WayW + ODty +: 32] = tag_q[WayW + ODty +: 32] | mask_q;
          end else begin
            tag_wd[OVal +: 32] = tag_q[OVal +: 32] | mask_q;
            if (we_q) tag_wd[ODty +: 32] = tag_q[ODty +: 32] | mask_q;
          end
          dat_we = we_q ? mask_q : '0;
        end
        dat_re = d_rd;
      end
      S_TRD:   tag_re = 1'b1;
      S_DRD:   dat_re = 1'b1;
      S_UPD: begin
        tag_we = 1'b1;
        if (way_q) tag_wd[WayW +: WayW] = new_way;
        else tag_wd[0 +: WayW] = new_way;
        if (src_q == SRC_REQ) begin
          tag_wd[2 * WayW] = way_q;
          dat_we = '1;
        end
      end
      S_FRAME: begin
        tag_we = 32'(fset_q) < Sets;
        tag_wa = fset_q[SetsLog-1:0];
        tag_wd = '0;
      end
      default: ;
    endcase
  end

  assign req_ready_o = st_q == S_IDLE && !cmd_valid_i && (!t_v_q || t_leave);
  // a command waits for the pipe to empty (and the counters to count its hits)
  assign cmd_ready_o = st_q == S_IDLE && quiet_q;
  assign mrq_valid_o = st_q == S_MRQ;
  assign mrq_line_o  = line_q;
  assign mrd_ready_o = st_q == S_MRD;
  assign mwr_valid_o = st_q == S_MWR;
  assign mwr_line_o  = mw_line_q;
  assign mwr_data_o  = src_q == SRC_REQ && thru_q ? wdata : ld_q;
  assign mwr_strb_o  = mw_strb_q;
  assign mwr_sample_o = mw_sample_q;
  assign cmd_done_o  = done_q;
  assign cmd_probes_o = probes_q;
  assign cnt_rd_o = c_rd_q;
  assign cnt_wr_o = c_wr_q;
  assign cnt_evict_o = c_ev_q;
  assign cnt_hits_o = c_hit_q;
  assign cnt_misses_o = c_miss_q;
  assign cnt_zero_o = c_zero_q;
  assign cnt_dropped_o = c_drop_q;
  assign cnt_through_o = c_thru_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      st_q <= S_FRAME;     // reset empties the cache
      fset_q <= '0;
      done_q <= 1'b0;
      probes_q <= '0;
      c_rd_q <= '0;
      c_wr_q <= '0;
      c_ev_q <= '0;
      c_hit_q <= '0;
      c_miss_q <= '0;
      c_zero_q <= '0;
      c_drop_q <= '0;
      c_thru_q <= '0;
      src_q <= SRC_REQ;
      cop_q <= 2'd0;
      c_ph_q <= P_ROW;
      mw_ret_q <= W_DONE;
    end else begin
      done_q <= 1'b0;
      case (st_q)
        S_IDLE: begin
          if (cmd_valid_i && cmd_ready_o) begin
            cop_q <= cmd_op_i;
            case (cmd_op_i)
              2'd2: begin
                fset_q <= '0;
                st_q <= S_FRAME;
              end
              2'd3: begin
                fset_q <= '0;
                flush_way_q <= 1'b0;
                src_q <= SRC_FLUSH;
                set_q <= '0;
                st_q <= S_ISSUE;
              end
              default: begin
                c_tx0_q <= cmd_tx0_i;
                c_tx1_q <= cx1c;
                c_ty1_q <= cy1c;
                c_y_q <= cmd_ty0_i;
                c_yend_q <= cmd_ty0_i >= cy1c || cmd_tx0_i >= cx1c;
                c_trow_q <= TN'(cmd_ty0_i) * TN'(cfg_tiles_x_i);
                c_ph_q <= P_ROW;
                c_sx_q <= '0;
                c_sy_q <= '0;
                wb_q <= cmd_op_i == 2'd1;
                src_q <= SRC_PROBE;
                probes_q <= '0;
                st_q <= S_CMD;
              end
            endcase
          end else begin
            // the pipe's D: a hit counted, or the operation to the FSM; L's request into D
            if (d_go) c_hit_q <= c_hit_q + 1'b1;
            if (d_slow) begin
              src_q <= SRC_REQ;
              st_q <= S_LOOK2;
            end
            if (adv_c[11] && l_v_q) begin
              we_q <= l_q.we;
              line_q <= l_q.line;
              mask_q <= l_q.mask;
              reg_q <= l_q.rg;
              tx_q <= l_q.tx;
              ty_q <= l_q.ty;
              set_q <= l_q.set;
              eq0_q <= tag_rd[OLine +: LW] == l_q.line;
              eq1_q <= tag_rd[WayW + OLine +: LW] == l_q.line;
              // way 0 hit, else way 1 hit; the hit needs no fill (a write, or valid bytes)
              if (tag_rd[OVal +: 32] != '0 && tag_rd[OLine +: LW] == l_q.line) begin
                dway_q <= 1'b0;
                phit_q <= l_q.we || (l_q.mask & ~tag_rd[OVal +: 32]) == '0;
              end else begin
                dway_q <= 1'b1;
                phit_q <= tag_rd[WayW + OVal +: 32] != '0 &&
                          tag_rd[WayW + OLine +: LW] == l_q.line &&
                          (l_q.we || (l_q.mask & ~tag_rd[WayW + OVal +: 32]) == '0);
              end
            end
          end
        end
        S_ISSUE: begin             // the line's set
          if (src_q != SRC_FLUSH) set_q <= iss_set;
          st_q <= S_TRD;
        end
        S_TRD:  st_q <= S_TAGW;    // the tag word is read
        S_TAGW: st_q <= S_LOOK;    // the RAM's output register
        // the way's line is read; the way chosen in S_LOOK2 (way_q) gives its tag in
        // S_DRD (vict_q), the operation's write bytes in S_DRDW (mw_strb_q) and their
        // count in S_DATA (mw_cnt_q), each from registers
        S_DRD: begin
          vict_q <= way_of(tag_q, way_q);
          st_q <= S_DRDW;
        end
        S_DRDW: begin
          mw_strb_q <= mw_strb_n;
          st_q <= S_DATA;
        end
        S_LOOK: begin
          eq0_q <= tag_rd[OLine +: LW] == line_q;
          eq1_q <= tag_rd[WayW + OLine +: LW] == line_q;
          st_q <= S_LOOK2;
        end
        S_LOOK2: begin
          way_q <= lk_way;
          hit_q <= lk_hit;
          thru_q <= lk_thru;
          vlive_q <= lk_way ? live1 : live0;
          if (src_q == SRC_PROBE && !lk_hit) st_q <= S_NORM;
          else st_q <= S_DRD;
        end
        S_DATA: begin
          ld_q <= dat_rd;
          need_q <= need_n;
          needz_q <= need_n == '0;
          mw_cnt_q <= 6'(popc(mw_strb_q));
          if (src_q == SRC_REQ) begin
            if (hit_q) c_hit_q <= c_hit_q + 1'b1;
            else c_miss_q <= c_miss_q + 1'b1;
          end
          mw_line_q <= v_line;
          mw_sample_q <= v_reg != 2'd0;
          mw_reg_q <= v_reg;
          mw_tx_q <= v_tx;
          mw_ty_q <= v_ty;
          case (src_q)
            SRC_REQ: begin
              if (thru_q) begin
                if (we_q) begin
                  mw_line_q <= line_q;
                  mw_sample_q <= 1'b0;
                  mw_reg_q <= 2'd0;
                  mw_ret_q <= W_DONE;
                  c_thru_q <= c_thru_q + 1'b1;
                  st_q <= S_MWR;
                end else begin
                  st_q <= S_MRQ;
                end
              end else if (!hit_q && vlive_q) begin
                c_ev_q[v_reg == 2'd0] <= c_ev_q[v_reg == 2'd0] + 1'b1;
                mw_ret_q <= W_FILL;
                st_q <= v_dty != '0 ? S_MWR : S_FILL;
              end else begin
                st_q <= S_FILL;
              end
            end
            SRC_PROBE: begin
              mw_ret_q <= W_UPD;
              if (wb_q && (v_dty & mask_q) != '0) begin
                st_q <= S_MWR;
              end else begin
                st_q <= S_UPD;
              end
            end
            default: begin  // flush
              mw_ret_q <= W_UPD;
              if (vlive_q && v_dty != '0) st_q <= S_MWR;
              else if (vlive_q) st_q <= S_UPD;
              else st_q <= S_DONE;
            end
          endcase
        end
        S_MWR: begin
          if (mwr_ready_i) begin
            c_wr_q[!mw_sample_q] <= c_wr_q[!mw_sample_q] + CW'(mw_cnt_q);
            if (mw_sample_q) begin
              wk_mark_q <= 1'b1;
              wk_reg_q <= mw_reg_q;
              wk_x_q <= mw_tx_q;
              wk_y_q <= mw_ty_q;
              wk_mask_q <= mw_strb_q;
              wk_i_q <= '0;
              wk_iss_q <= 1'b1;
              p_v_q <= 1'b0;
              z_v_q <= 1'b0;
              wk_ret_q <= mw_ret_q;
              st_q <= S_WALK;
            end else begin
              st_q <= mw_ret_q == W_FILL ? S_FILL : mw_ret_q == W_UPD ? S_UPD : S_DONE;
            end
          end
        end
        S_WALK: begin
          // stage 1: the cursor's byte (a state line's: a tile a clock)
          p_v_q <= wk_iss_q;
          if (wk_iss_q) begin
            p_ct_q <= wk_ct;
            p_in_q <= wk_in;
            p_i_q <= wk_i_q;
            p_bit_q <= wk_state ? wk_mask_q[wk_i_q] : wk_mask_q != '0;
            p_last_q <= wk_last;
            if (wk_last) wk_iss_q <= 1'b0;
            wk_i_q <= wk_i_q + 1'b1;
            if (wk_x_q + 1'b1 == cfg_tiles_x_i) begin
              wk_x_q <= '0;
              wk_y_q <= wk_y_q + 1'b1;
            end else begin
              wk_x_q <= wk_x_q + 1'b1;
            end
          end
          // stage 2: a mark walk writes its left bit (above) and ends with its last; a
          // fill walk reads its left bit into a register
          z_v_q <= p_v_q && !wk_mark_q;
          z_left_q <= left_rd;
          z_bit_q <= wk_state ? p_bit_q && p_in_q : p_in_q;
          z_i_q <= p_i_q;
          z_last_q <= p_last_q;
          if (p_v_q && p_last_q && wk_mark_q)
            st_q <= wk_ret_q == W_FILL ? S_FILL : wk_ret_q == W_UPD ? S_UPD : S_DONE;
          // stage 3: a fill walk forms the zero mask and ends with its last
          if (z_v_q) begin
            if (wk_state) zm_q[z_i_q] <= z_bit_q && !z_left_q;
            else zm_q <= z_bit_q && !z_left_q ? wk_mask_q : '0;
            if (z_last_q) st_q <= S_FILL2;
          end
        end
        S_FILL: begin
          // the bytes a read needs: zero mask (sample lines), then memory
          zm_q <= '0;
          if (we_q || needz_q) begin
            st_q <= S_UPD;
          end else if (reg_q != 2'd0) begin
            wk_mark_q <= 1'b0;
            wk_reg_q <= reg_q;
            wk_x_q <= tx_q;
            wk_y_q <= ty_q;
            wk_mask_q <= need_q;
            wk_i_q <= '0;
              wk_iss_q <= 1'b1;
              p_v_q <= 1'b0;
              z_v_q <= 1'b0;
            wk_ret_q <= W_FILL;
            st_q <= S_WALK;
          end else begin
            st_q <= S_FILL2;
          end
        end
        S_FILL2: begin
          if (zm_q != '0) begin
            c_zero_q <= c_zero_q + 1'b1;
            for (int unsigned i = 0; i < 32; i++)
              if (zm_q[i]) ld_q[8*i +: 8] <= '0;
          end
          st_q <= (need_q & ~zm_q) != '0 ? S_MRQ : S_UPD;
        end
        S_MRQ: if (mrq_ready_i) st_q <= S_MRD;
        S_MRD: begin
          if (mrd_valid_i) begin
            if (thru_q) begin
              c_rd_q[1] <= c_rd_q[1] + CW'(32);
              ld_q <= mrd_data_i;
              st_q <= S_RESP;
            end else begin
              c_rd_q[reg_q == 2'd0] <= c_rd_q[reg_q == 2'd0] + CW'(32);
              for (int unsigned i = 0; i < 32; i++)
                if (need_q[i] && !zm_q[i]) ld_q[8*i +: 8] <= mrd_data_i[8*i +: 8];
              st_q <= S_UPD;
            end
          end
        end
        S_UPD: begin
          if (src_q == SRC_PROBE && !wb_q) c_drop_q <= c_drop_q + CW'(mw_cnt_q);
          case (src_q)
            SRC_REQ:   st_q <= we_q ? S_DONE : S_RESP;
            SRC_PROBE: st_q <= S_NORM;
            default:   st_q <= S_DONE;
          endcase
        end
        S_RESP: if (room_q) st_q <= S_IDLE;  // the response into the FIFO
        S_DONE: begin
          // the end of a request, or of a flushed way
          if (src_q == SRC_FLUSH) begin
            if (flush_way_q == 1'b0) begin
              flush_way_q <= 1'b1;
              st_q <= S_ISSUE;
            end else if (set_q == SetsLog'(Sets - 1)) begin
              done_q <= 1'b1;
              st_q <= S_IDLE;
            end else begin
              flush_way_q <= 1'b0;
              set_q <= set_q + 1'b1;
              st_q <= S_ISSUE;
            end
          end else begin
            st_q <= S_IDLE;
          end
        end
        S_FRAME: begin
          fset_q <= fset_q + 1'b1;
          if (fset_q == FW'(FN - 1)) begin
            done_q <= cop_q == 2'd2;
            st_q <= S_IDLE;
          end
        end
        S_NORM: begin
          c_smask_q <= c_smask;
          // the state cursor brought back into the surface's rows of tiles
          if (c_sx_q < 0) begin
            c_sx_q <= c_sx_q + $signed({2'b00, cfg_tiles_x_i});
            c_sy_q <= c_sy_q - $signed((TW + 2)'(1));
          end else if (c_sx_q >= $signed({2'b00, cfg_tiles_x_i})) begin
            c_sx_q <= c_sx_q - $signed({2'b00, cfg_tiles_x_i});
            c_sy_q <= c_sy_q + $signed((TW + 2)'(1));
          end else begin
            st_q <= S_CMD;
          end
        end
        S_CMD: begin
          // the rectangle's next probe: row by row, home, index, state lines
          case (c_ph_q)
            P_ROW: begin
              if (c_yend_q) begin
                done_q <= 1'b1;
                st_q <= S_IDLE;
              end else begin
                c_ts_q <= c_trow_q + TN'(c_tx0_q);
                c_n_q <= c_tx1_q - c_tx0_q;
                c_k_q <= '0;
                c_kend_q <= 1'b0;
                c_ph_q <= P_HOME;
              end
            end
            P_HOME: begin
              if (c_kend_q) begin
                c_k_q <= '0;
                c_kend_q <= 1'b0;
                c_ph_q <= P_IDX;
              end else begin
                line_q <= cfg_surf_base_i + (LW'(c_ts_q) << 3) + LW'(c_k_q);
                reg_q <= 2'd1;
                tx_q <= c_tx0_q + TW'(c_k_q >> 3);
                c_kend_q <= c_k_q + 1'b1 == (TN + 4)'(c_n) << 3;
                ty_q <= c_y_q;
                mask_q <= '1;
                c_k_q <= c_k_q + 1'b1;
                probes_q <= probes_q + 1'b1;
                st_q <= S_ISSUE;
              end
            end
            P_IDX: begin
              if (c_kend_q) begin
                c_ph_q <= P_STB;
              end else begin
                line_q <= cfg_index_base_i + LW'(c_ts_q) + LW'(c_k_q);
                reg_q <= 2'd2;
                tx_q <= c_tx0_q + TW'(c_k_q);
                c_kend_q <= c_k_q + 1'b1 == (TN + 4)'(c_n);
                ty_q <= c_y_q;
                mask_q <= '1;
                c_k_q <= c_k_q + 1'b1;
                probes_q <= probes_q + 1'b1;
                st_q <= S_ISSUE;
              end
            end
            P_STB: begin
              // the first state line's first tile: back from (tx0, y) to a multiple of 32
              c_sx_q <= $signed({2'b00, c_tx0_q}) - $signed((TW + 2)'(c_ts_q[4:0]));
              c_sy_q <= $signed({2'b00, c_y_q});
              c_sl_q <= c_ts_q >> 5;
              c_sdone_q <= 1'b0;
              c_first_q <= 1'b1;
              c_islast_q <= c_ts_q >> 5 == (c_ts_q + TN'(c_n_q) - 1'b1) >> 5;
              c_tend_q <= 5'(c_ts_q + TN'(c_n_q));
              c_slast_q <= (c_ts_q + TN'(c_n_q) - 1'b1) >> 5;
              c_ph_q <= P_ST;
              st_q <= S_NORM;
            end
            default: begin  // P_ST
              if (c_sdone_q) begin
                c_y_q <= c_y_q + 1'b1;
                c_yend_q <= c_y_q + 1'b1 >= c_ty1_q || c_tx0_q >= c_tx1_q;
                c_trow_q <= c_trow_q + TN'(cfg_tiles_x_i);
                c_ph_q <= P_ROW;
              end else begin
                line_q <= cfg_state_base_i + LW'(c_sl_q);
                reg_q <= 2'd3;
                tx_q <= TW'(c_sx_q);
                ty_q <= TW'(c_sy_q);
                mask_q <= c_smask_q;
                c_sl_q <= c_sl_q + 1'b1;
                c_sdone_q <= c_sl_q >= c_slast;
                c_first_q <= 1'b0;
                c_islast_q <= c_sl_q + 1'b1 == c_slast;
                c_sx_q <= c_sx_q + (TW + 2)'(32);
                probes_q <= probes_q + 1'b1;
                st_q <= S_ISSUE;
              end
            end
          endcase
        end
        default: st_q <= S_IDLE;
      endcase
      if (r2_q) ld_q <= dat_rd;  // a hit's line, for the response
    end
  end

  // ---------------------------------------------------------------------------------
  // properties
  logic fv_invalidating, fv_op;
  logic [WayW-1:0] fv_q0, fv_q1, fv_w0, fv_w1, fv_qw;
  assign fv_invalidating = src_q == SRC_PROBE && !wb_q;
  assign fv_op = st_q == S_DRD || st_q == S_DRDW || st_q == S_DATA || st_q == S_MWR || st_q == S_WALK || st_q == S_FILL ||
                 st_q == S_FILL2 || st_q == S_MRQ || st_q == S_MRD || st_q == S_UPD;
  assign fv_q0 = way_of(tag_q, 1'b0);
  assign fv_q1 = way_of(tag_q, 1'b1);
  assign fv_w0 = way_of(tag_wd, 1'b0);
  assign fv_w1 = way_of(tag_wd, 1'b1);
  assign fv_qw = way_of(tag_q, way_q);
  // a request reads or writes at least a byte
  `GX_ASSUME(ReqMask_M, !req_valid_i || req_mask_i != '0)
  `GX_ASSERT(ReqMaskHeld_A, !((st_q == S_ISSUE || st_q == S_TRD || st_q == S_TAGW ||
                               st_q == S_LOOK || st_q == S_LOOK2 ||
                               st_q == S_DRD || st_q == S_DRDW || st_q == S_DATA) &&
                              src_q == SRC_REQ) || mask_q != '0)
  `GX_ASSERT(CmdSrc_A, !(st_q == S_CMD || st_q == S_NORM) || src_q == SRC_PROBE)
  // the operation's source and the state are values of their kinds
  `GX_ASSERT(Legal_A, src_q != 2'd3 && st_q <= S_DONE && c_ph_q <= P_ST && mw_ret_q != 2'd3)
  // a line operation works on the way it looked up; a probe's is a sample line it hit
  `GX_ASSERT(OpWay_A, !(fv_op && st_q != S_DRD) || vict_q == fv_qw)
  `GX_ASSERT(ProbeHit_A, !(fv_op && src_q == SRC_PROBE) ||
             hit_q && fv_qw[OReg +: 2] != 2'd0 && fv_qw[OVal +: 32] != '0)
  // a request's memory write is an eviction (a line it does not hit, before its fill) or
  // a resolved write going through
  `GX_ASSERT(ReqWrite_A, !(st_q == S_MWR && src_q == SRC_REQ) ||
             (thru_q && !mw_sample_q && mw_ret_q == W_DONE && we_q) ||
             (!thru_q && !hit_q && vlive_q && mw_ret_q == W_FILL))
  // a memory write of a sample line only by an eviction, a writeback or a flush
  `GX_ASSERT(SampleWrite_A, !(mwr_valid_o && mwr_sample_o) ||
             (src_q == SRC_REQ && !hit_q && !thru_q && mw_ret_q == W_FILL) ||
             (src_q == SRC_PROBE && wb_q) || src_q == SRC_FLUSH)
  // an invalidate writes nothing to memory
  `GX_ASSERT(InvNoWrite_A, !(mwr_valid_o && fv_invalidating))
  // an invalidate never changes a resolved line's tag
  `GX_ASSERT(InvKeepsResolved_A, !(tag_we && st_q == S_UPD && fv_invalidating) ||
             (fv_w0 == fv_q0 || fv_q0[OReg +: 2] != 2'd0) &&
             (fv_w1 == fv_q1 || fv_q1[OReg +: 2] != 2'd0))
  // a probe's update touches its own way only, and not the last-used way
  `GX_ASSERT(ProbeWay_A, !(tag_we && st_q == S_UPD && src_q == SRC_PROBE) ||
             (way_q ? fv_w0 == fv_q0 : fv_w1 == fv_q1) && tag_wd[2 * WayW] == tag_q[2 * WayW])
  // streams: a request held, unchanged, until taken
  `GX_ASSERT(MrqHold_A, !`GX_PAST_OK || !$past(mrq_valid_o && !mrq_ready_i) ||
             mrq_valid_o && mrq_line_o == $past(mrq_line_o))
  `GX_ASSERT(MwrHold_A, !`GX_PAST_OK || !$past(mwr_valid_o && !mwr_ready_i) ||
             mwr_valid_o && mwr_line_o == $past(mwr_line_o) &&
             mwr_data_o == $past(mwr_data_o) && mwr_strb_o == $past(mwr_strb_o) &&
             mwr_sample_o == $past(mwr_sample_o))
  `GX_ASSERT(RspHold_A, !`GX_PAST_OK || !$past(rsp_valid_o && !rsp_ready_i) ||
             rsp_valid_o && rsp_data_o == $past(rsp_data_o))
  `GX_ASSERT(MwrStrb_A, !mwr_valid_o || mwr_strb_o != '0)
  `GX_ASSERT(OneMem_A, !(mwr_valid_o && (mrq_valid_o || mrd_ready_o)) &&
             !(mrq_valid_o && mrd_ready_o))
  // the hit pipeline: the requests held have a byte each; the sets in W, L and D differ
  // (so no tag word read is of a set still to be written, and no read meets the write of
  // its own set); D holds a request only with the FSM idle; the pipe is empty while a
  // command runs; a hit's line read meets no other use of ld_q; the FIFO has room for the
  // lines in flight
  `GX_ASSERT(PipeMask_A, (!t_v_q || t_q.mask != '0) && (!w_v_q || w_q.mask != '0) &&
                         (!l_v_q || l_q.mask != '0) && (!dv_q || mask_q != '0))
  `GX_ASSERT(PipeSets_A, !(w_v_q && l_v_q && w_q.set == l_q.set) &&
                         !(w_v_q && dv_q && w_q.set == set_q) &&
                         !(l_v_q && dv_q && l_q.set == set_q))
  `GX_ASSERT(PipeFsm_A, st_q == S_IDLE || !dv_q)
  // the set function is the model's
  `GX_ASSERT(SetFn_A, set_of(req_reg_i, req_tx_i, req_ty_i, KW'(req_line_i)) ==
                      set_ref(req_reg_i, req_tx_i, req_ty_i, KW'(req_line_i)) &&
                      iss_set == set_ref(reg_q, tx_q, ty_q, KW'(line_q)))
  // the command's end of rows, registered as its row changes (a frame start leaves src_q
  // as the last operation's)
  `GX_ASSERT(CmdYEnd_A, !(src_q == SRC_PROBE && st_q != S_IDLE && st_q != S_FRAME) ||
                        c_yend_q == (c_y_q >= c_ty1_q || c_tx0_q >= c_tx1_q))
  // a walk's third stage runs for a fill walk only
  `GX_ASSERT(WalkZ_A, !(st_q == S_WALK && z_v_q) || !wk_mark_q)
  // the configuration's steps agree: each step's terms are those of its logs; the last
  // step's masks are cxl's and cyl's (its key terms: SetFn_A)
  logic [KW-1:0] fv_n2, fv_n3, fv_n4, fv_c4;
  logic [SL-1:0] fv_c2, fv_c3;
  assign fv_n2 = KW'(1) << ({2'b0, cxl2} + {2'b0, cyl2});
  assign fv_n3 = KW'(1) << ({2'b0, cxl3} + {2'b0, cyl3});
  assign fv_n4 = KW'(1) << ({2'b0, cxl} + {2'b0, cyl});
  assign fv_c2 = SL'(KW'(1) << ({2'b0, cyl2} + 5'd1));
  assign fv_c3 = SL'(KW'(1) << ({2'b0, cyl3} + 5'd1));
  assign fv_c4 = KW'(1) << ({2'b0, cyl} + 5'd1);
  `GX_ASSERT(CfgSteps_A, n2_q == fv_n2 && c2_q == fv_c2 && c3_q == fv_c3 &&
                         n8_q == SL'(fv_n3 * KW'(8)) && n9_q == SL'(fv_n3 * KW'(9)) &&
                         n17_q == SL'(fv_n3 * KW'(17)) && n18_q == SL'(fv_n3 * KW'(18)) &&
                         kc_q[4] == SL'(fv_n4 * KW'(8)) && kc_q[6] == SL'(fv_n4 * KW'(9)) &&
                         kc_q[3] == SL'(fv_n4 * KW'(9) + fv_c4) &&
                         kc_q[5] == SL'(fv_n4 * KW'(17) + fv_c4) &&
                         kc_q[7] == SL'(fv_n4 * KW'(18) + fv_c4) && kc_q[2:0] == '0)
  `GX_ASSERT(CfgMask_A, 8'(mx_q) == (8'd1 << cxl) - 1'b1 && 8'(my_q) == (8'd1 << cyl) - 1'b1)
  // an operation's write bytes registered ahead (S_DRDW), their count (S_DATA) and its
  // need's zero test (S_DATA)
  `GX_ASSERT(MwStrb_A, st_q != S_DATA || mw_strb_q == mw_strb_n)
  `GX_ASSERT(MwCnt_A, !(fv_op && st_q != S_DRD && st_q != S_DRDW && st_q != S_DATA) ||
                      32'(mw_cnt_q) == popc(mw_strb_q))
  `GX_ASSERT(NeedZ_A, !(fv_op && st_q != S_DRD && st_q != S_DRDW && st_q != S_DATA) ||
                      needz_q == (need_q == '0))
  // the enable's copies
  `GX_ASSERT(PipeCe_A, pg_q == {PC{(rf_q == 2'd0 || rf_q == 2'd3) && st_q == S_IDLE}} &&
                       pe_q == {PC{!dv_q}} && adv_c == {PC{adv}} &&
                       rd_i_q == (st_q == S_IDLE) && rd_d_q == dv_q && d_rd == (d_go && !we_q))
  // the write buffer holds the words of T, W and L after D's
  `GX_ASSERT(PipeWb_A, wb_wp_q == 3'(32'(wb_dp_q) + 1 + 32'(t_v_q) + 32'(w_v_q) + 32'(l_v_q)))
  `GX_ASSERT(PipeCmd_A, !(t_v_q || w_v_q || l_v_q || dv_q || r1_q || r2_q || x_q) ||
                        st_q == S_IDLE || src_q == SRC_REQ && st_q != S_FRAME)
  `GX_ASSERT(PipeQuiet_A, !quiet_q || !(t_v_q || w_v_q || l_v_q || dv_q || r1_q || r2_q ||
                                        x_q))
  `GX_ASSERT(PipeRefill_A, (rf_q == 2'd0 || l_v_q || w_v_q) &&
                           (!(rf_q == 2'd2 || rf_q == 2'd3) || st_q == S_IDLE && !dv_q))
  `GX_ASSERT(PipeRead_A, (!r1_q || st_q == S_IDLE) &&
                         (!r2_q || st_q == S_IDLE || st_q == S_LOOK2) &&
                         (!x_q || st_q == S_IDLE || st_q == S_LOOK2 || st_q == S_DRD))
  `GX_ASSERT(PipeCredit_A, 32'(used_q) == 32'(rq_count) + 32'(r1_q) + 32'(r2_q) + 32'(x_q) &&
                           32'(used_q) <= RqDepth + 1 && room_q == (32'(used_q) < RqDepth + 1))
  `GX_ASSERT(PipePush_A, !x_q || rq_in_ready)
  // a hit in D changes only its way's valid and dirty bytes and the last-used way
  `GX_ASSERT(PipeHitTag_A, !d_go || tag_wd[2 * WayW] == d_way &&
             (d_way ? fv_w0 == fv_q0 : fv_w1 == fv_q1) &&
             (d_way ? fv_w1 : fv_w0) == ((d_way ? fv_q1 : fv_q0) |
                                          (WayW'(mask_q) << OVal) |
                                          (we_q ? WayW'(mask_q) << ODty : '0)))
  `GX_COVER(HitsBackToBack_C, `GX_PAST_OK && $past(d_go) && d_go)
  `GX_COVER(SetWait_C, t_v_q && adv && haz)
  `GX_COVER(Refill_C, rf_q == 2'd3 && l_v_q)
  `GX_COVER(EvictSample_C, mwr_valid_o && mwr_ready_i && mwr_sample_o && src_q == SRC_REQ)
  `GX_COVER(Through_C, mwr_valid_o && mwr_ready_i && src_q == SRC_REQ && thru_q)
  `GX_COVER(Dropped_C, st_q == S_UPD && fv_invalidating && (v_dty & mask_q) != '0)
  `GX_COVER(WbWrite_C, mwr_valid_o && mwr_ready_i && src_q == SRC_PROBE)
  `GX_COVER(FlushWrite_C, mwr_valid_o && mwr_ready_i && src_q == SRC_FLUSH)
  `GX_COVER(Resp_C, rsp_valid_o && rsp_ready_i)
endmodule

`default_nettype wire
