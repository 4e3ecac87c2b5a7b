// gx_pipe: the blocks of gx connected into one pipeline (issue 22, docs/pipe.md): a
// command stream in, the multi-sample surface in memory out.
//
//   s_cmd (AXI4-Stream) -> gx_pipe_cmd -> gx_raster_setup -> gx_raster -> gx_pipe_pix
//     -> gx_mssurf -> gx_mswb (evictions) -> gx_msmem -> m_axi (AXI4 master)
//                  -> gx_msld (load snapshots) -> gx_msmem;  gx_msld -> m_ld (AXI4-Stream)
//   s_axil (AXI4-Lite) -> gx_pipe_regs (PeakRDL) -> the configuration; gx_pipe_cnt, the
//   counters.
//
// Dispatch of the decoder's commands, in stream order (the decoder offers one command at
// a time; nothing behind it passes it):
//   triangle  to the setup unit, in the clock its color enters the pixel stage's ring
//             (which numbers it: the tag) and the tag enters the tag queue, which runs
//             beside the setup unit (one result per triangle, in order) and gives the
//             rasterizer command its tag;
//   pattern   to the rasterizer once the setup unit is empty (tag queue empty), so it
//             reaches the rasterizer behind every earlier triangle;
//   flush     to the coalesce unit once the setup unit, the rasterizer and the pixel
//             stage are empty: behind every store of every earlier triangle;
//   load      as a flush, and also once the coalesce unit, the flush encoder and the
//             memory port are idle, so the load unit reads memory holding every earlier
//             eviction; the next command waits until the load's response has left on
//             m_ld, so no later eviction reaches memory before the load's read.
// The coalesce unit's records go to the flush encoder (evictions) or to the load unit
// (peek = 1: a load's snapshot, with the load's pixel and sample kept here).
//
// Configuration: CTRL.ENABLE going from 0 to 1 takes the registers (size, format, raster
// state, base addresses) into cfg_q and resets the blocks for Start clocks (the coalesce
// unit takes no command for five clocks after a format change); a configuration that is
// not valid sets STATUS.CFG_ERR and the pipeline stays stopped. While ENABLE is 1 the
// command port is open; clearing ENABLE closes it (commands in flight finish).
// CTRL.SOFT_RESET resets the blocks (tiles in the slots are lost).
`default_nettype none
`include "gx_assert.svh"

module gx_pipe #(
  parameter int unsigned AddrW = 64,  /// m_axi address bits (<= 64; the bases' upper bits are cut)
  parameter int unsigned DataW = 64   /// m_axi data bits: 32, 64, 128 or 256 (gx_axi_width)
) (
  input  wire logic               clk_i,            /// clock, rising edge
  input  wire logic               rst_i,            /// synchronous reset, active high
  // commands: AXI4-Stream slave
  input  wire logic               s_cmd_tvalid,
  output      logic               s_cmd_tready,
  input  wire logic [63:0]        s_cmd_tdata,
  input  wire logic [7:0]         s_cmd_tkeep,
  input  wire logic               s_cmd_tlast,
  // load responses: AXI4-Stream master, 3 beats a response
  output      logic               m_ld_tvalid,
  input  wire logic               m_ld_tready,
  output      logic [63:0]        m_ld_tdata,
  output      logic               m_ld_tlast,
  // control and status: AXI4-Lite slave
  input  wire logic               s_axil_awvalid,
  output      logic               s_axil_awready,
  input  wire logic [8:0]         s_axil_awaddr,
  input  wire logic [2:0]         s_axil_awprot,
  input  wire logic               s_axil_wvalid,
  output      logic               s_axil_wready,
  input  wire logic [31:0]        s_axil_wdata,
  input  wire logic [3:0]         s_axil_wstrb,
  output      logic               s_axil_bvalid,
  input  wire logic               s_axil_bready,
  output      logic [1:0]         s_axil_bresp,
  input  wire logic               s_axil_arvalid,
  output      logic               s_axil_arready,
  input  wire logic [8:0]         s_axil_araddr,
  input  wire logic [2:0]         s_axil_arprot,
  output      logic               s_axil_rvalid,
  input  wire logic               s_axil_rready,
  output      logic [31:0]        s_axil_rdata,
  output      logic [1:0]         s_axil_rresp,
  // memory: AXI4 master of DataW bits, gx_msmem's 64-bit master through gx_axi_width
  // (docs/axi_width.md): DataW 64 wires (AxSIZE 3, at most 32 beats); 128, 256 the upsizer
  // (AxSIZE 4, 5: at most 16, 8 beats); 32 the downsizer (AxSIZE 2, at most 64 beats, an
  // 8-byte beat two 4-byte beats: W, R take two clocks an 8-byte beat). One ID (0), INCR,
  // each burst inside one 256-byte block, request order kept.
  output      logic               m_axi_awvalid,
  input  wire logic               m_axi_awready,
  output      logic [3:0]         m_axi_awid,
  output      logic [AddrW-1:0]   m_axi_awaddr,
  output      logic [7:0]         m_axi_awlen,
  output      logic [2:0]         m_axi_awsize,
  output      logic [1:0]         m_axi_awburst,
  output      logic               m_axi_awlock,
  output      logic [3:0]         m_axi_awcache,
  output      logic [2:0]         m_axi_awprot,
  output      logic [3:0]         m_axi_awqos,
  output      logic               m_axi_wvalid,
  input  wire logic               m_axi_wready,
  output      logic [DataW-1:0]   m_axi_wdata,
  output      logic [DataW/8-1:0] m_axi_wstrb,
  output      logic               m_axi_wlast,
  input  wire logic               m_axi_bvalid,
  output      logic               m_axi_bready,
  input  wire logic [3:0]         m_axi_bid,
  input  wire logic [1:0]         m_axi_bresp,
  output      logic               m_axi_arvalid,
  input  wire logic               m_axi_arready,
  output      logic [3:0]         m_axi_arid,
  output      logic [AddrW-1:0]   m_axi_araddr,
  output      logic [7:0]         m_axi_arlen,
  output      logic [2:0]         m_axi_arsize,
  output      logic [1:0]         m_axi_arburst,
  output      logic               m_axi_arlock,
  output      logic [3:0]         m_axi_arcache,
  output      logic [2:0]         m_axi_arprot,
  output      logic [3:0]         m_axi_arqos,
  input  wire logic               m_axi_rvalid,
  output      logic               m_axi_rready,
  input  wire logic [3:0]         m_axi_rid,
  input  wire logic [DataW-1:0]   m_axi_rdata,
  input  wire logic [1:0]         m_axi_rresp,
  input  wire logic               m_axi_rlast,
  output      logic               busy_o,           /// STATUS.BUSY: a command is in flight
  output      logic               idle_o            /// STATUS.IDLE: memory holds every stored sample
);
  localparam int unsigned Start = 7;   // clocks after ENABLE rises: reset, the size checks
  localparam int unsigned TagQ  = 16;  // tag queue entries (>= triangles inside the setup unit)

  // ---- registers -------------------------------------------------------------------
  gx_pipe_regs_pkg::gx_pipe_regs__in_t  hwif_in;
  gx_pipe_regs_pkg::gx_pipe_regs__out_t hwif_out;

  gx_pipe_regs u_regs (
    .clk(clk_i), .rst(rst_i),
    .s_axil_awready, .s_axil_awvalid, .s_axil_awaddr, .s_axil_awprot,
    .s_axil_wready, .s_axil_wvalid, .s_axil_wdata, .s_axil_wstrb,
    .s_axil_bready, .s_axil_bvalid, .s_axil_bresp,
    .s_axil_arready, .s_axil_arvalid, .s_axil_araddr, .s_axil_arprot,
    .s_axil_rready, .s_axil_rvalid, .s_axil_rdata, .s_axil_rresp,
    .hwif_in, .hwif_out
  );

  // ---- configuration taken when ENABLE rises ----------------------------------------
  gx_pkg::ms_cfg_t     cfg_q;
  logic [2:0]  lgn_q;        // log2 N of the rasterizer, 0..4
  logic        cons_q;
  logic [7:0]  cons_err_q;
  logic [63:0] surf_base_q, index_base_q, state_base_q;
  logic        en_q, run_q, cfg_bad_q, soft_q;
  logic [2:0]  start_q;      // clocks of reset left after ENABLE rose
  logic        prst;         // the blocks' reset
  logic        en_rise;
  logic        cfg_bad;

  assign en_rise = hwif_out.CTRL.ENABLE.value && !en_q;
  // The checks of STATUS.CFG_ERR (rdl): W, H in 1..8192, N 1..16, B not 3.
  assign cfg_bad = hwif_out.SURF_SIZE.WIDTH.value == '0 ||
                   hwif_out.SURF_SIZE.WIDTH.value > 14'd8192 ||
                   hwif_out.SURF_SIZE.HEIGHT.value == '0 ||
                   hwif_out.SURF_SIZE.HEIGHT.value > 14'd8192 ||
                   hwif_out.SURF_FMT.SAMPLES.value > 3'd4 ||
                   hwif_out.SURF_FMT.BPS.value == 2'd3;

  // The checks that need the surface's size, over the start clocks from the registers
  // taken (each stage a register; Start leaves them a clock to spare): W H pixels of the
  // surface padded to whole tiles (gx_tile_pkg), the tiles W H / P, the regions' ends (65 bits: a region passing 2^64 sets bit 64),
  // then the surface above 2^20 tiles (2^28 bytes), a region passing 2^64, two regions
  // overlapping (gx_pipe_cfg_check's order does not matter here: one bit).
  logic [27:0] pix_q;
  logic [27:0] tiles_q;
  logic [64:0] surf_end_q, index_end_q, state_end_q;
  logic        size_bad_q;
  logic [2:0]  plg_c;  // log2 P of the registers taken
  assign plg_c = 3'd5 - 3'(cfg_q.spp) - 3'(cfg_q.bps);
  always_ff @(posedge clk_i) begin
    pix_q       <= 28'(gx_tile_pkg::tile_pad(cfg_q.width, gx_tile_pkg::tile_wlog(plg_c)))
                 * 28'(gx_tile_pkg::tile_pad(cfg_q.height, gx_tile_pkg::tile_hlog(plg_c)));
    tiles_q     <= pix_q >> plg_c;
    surf_end_q  <= {1'b0, surf_base_q} + {29'h0, tiles_q, 8'h0};
    index_end_q <= {1'b0, index_base_q} + {32'h0, tiles_q, 5'h0};
    state_end_q <= {1'b0, state_base_q} + {37'h0, tiles_q};
    size_bad_q  <= tiles_q > 28'(1 << 20) || surf_end_q[64] || index_end_q[64] ||
                   state_end_q[64] ||
                   f_overlap(surf_base_q, surf_end_q[63:0], index_base_q, index_end_q[63:0]) ||
                   f_overlap(surf_base_q, surf_end_q[63:0], state_base_q, state_end_q[63:0]) ||
                   f_overlap(index_base_q, index_end_q[63:0], state_base_q, state_end_q[63:0]);
  end

  // [a, ae) and [b, be) share a byte (both non-empty: at least one tile)
  function automatic logic f_overlap(input logic [63:0] a, input logic [63:0] ae,
                                     input logic [63:0] b, input logic [63:0] be);
    f_overlap = a < be && b < ae;
  endfunction

  // the register checks of the rising edge, held through the start clocks
  logic cfg_bad_hold_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      en_q           <= 1'b0;
      run_q          <= 1'b0;
      cfg_bad_q      <= 1'b0;
      cfg_bad_hold_q <= 1'b0;
      soft_q         <= 1'b0;
      start_q        <= '0;
    end else begin
      en_q      <= hwif_out.CTRL.ENABLE.value;
      soft_q    <= hwif_out.CTRL.SOFT_RESET.value;
      cfg_bad_q <= start_q == 3'd1 && (cfg_bad_hold_q || size_bad_q);
      if (en_rise) begin
        start_q        <= 3'(Start);
        run_q          <= 1'b0;
        cfg_bad_hold_q <= cfg_bad;
      end else if (start_q != '0) begin
        start_q <= start_q - 3'd1;
        run_q   <= start_q == 3'd1 && !cfg_bad_hold_q && !size_bad_q;
      end else if (!hwif_out.CTRL.ENABLE.value) begin
        run_q <= 1'b0;
      end
    end
    if (en_rise) begin
      cfg_q.width     <= hwif_out.SURF_SIZE.WIDTH.value;
      cfg_q.height    <= hwif_out.SURF_SIZE.HEIGHT.value;
      // 1x: a 2x surface (the pixel stage stores both samples together)
      cfg_q.spp       <= hwif_out.SURF_FMT.SAMPLES.value == 3'd0 ? gx_pkg::Spp2 :
                         gx_pkg::spp_e'(2'(hwif_out.SURF_FMT.SAMPLES.value - 3'd1));
      cfg_q.bps       <= gx_pkg::bps_e'(hwif_out.SURF_FMT.BPS.value);
      cfg_q.threshold <= hwif_out.SURF_FMT.THRESHOLD.value;
      lgn_q           <= hwif_out.SURF_FMT.SAMPLES.value;
      cons_q          <= hwif_out.RASTER.CONSERVATIVE.value;
      cons_err_q      <= hwif_out.RASTER.CONS_ERR.value;
      surf_base_q     <= {hwif_out.SURF_BASE_HI.ADDR.value, hwif_out.SURF_BASE_LO.ADDR.value, 8'h0};
      index_base_q    <= {hwif_out.INDEX_BASE_HI.ADDR.value, hwif_out.INDEX_BASE_LO.ADDR.value, 8'h0};
      state_base_q    <= {hwif_out.STATE_BASE_HI.ADDR.value, hwif_out.STATE_BASE_LO.ADDR.value, 8'h0};
    end
  end

  // the blocks' reset: the port's, or a register's for SOFT_RESET and the start clocks
  // (the blocks also stay in reset while no good configuration has been taken: their
  // ports take only legal formats)
  logic prst_q, nocfg_q;
  always_ff @(posedge clk_i) begin
    if (rst_i)                 nocfg_q <= 1'b1;
    else if (start_q == 3'd1)  nocfg_q <= cfg_bad_hold_q || size_bad_q;
    prst_q <= rst_i || soft_q || en_rise || start_q > 3'd1 || nocfg_q;
  end
  assign prst = rst_i || prst_q;

  // ---- command decoder ----------------------------------------------------------------
  logic      cmd_valid, cmd_ready, cmd_err, dec_idle;
  gx_pkg::pipe_cmd_t cmd;
  gx_pkg::cmd_err_e  cmd_err_code;
  logic      s_tready;

  gx_pipe_cmd u_cmd (
    .clk_i, .rst_i(prst), .cfg_i(cfg_q),
    .s_cmd_tvalid_i(s_cmd_tvalid && run_q), .s_cmd_tready_o(s_tready),
    .s_cmd_tdata_i(s_cmd_tdata), .s_cmd_tkeep_i(s_cmd_tkeep), .s_cmd_tlast_i(s_cmd_tlast),
    .cmd_valid_o(cmd_valid), .cmd_ready_i(cmd_ready), .cmd_o(cmd),
    .err_o(cmd_err), .err_code_o(cmd_err_code), .idle_o(dec_idle)
  );
  assign s_cmd_tready = s_tready && run_q;

  // ---- dispatch -----------------------------------------------------------------------
  logic           tq_empty, tq_full;
  logic [15:0]    tq_tag, col_tag;
  logic           col_ready;
  logic           setup_req_ready, setup_valid, setup_ready;
  gx_pkg::rs_setup_t      setup;
  logic           raster_idle, pix_idle, surf_busy, wb_idle, mem_idle;
  logic           ld_busy_q;     // a load dispatched, its response not yet out
  logic           is_tri, is_pat, is_fl, is_ld;
  logic           tri_valid, tri_fire, pat_valid, ms_cmd_valid_d, drained, mem_drained;

  assign is_tri = cmd_valid && !ld_busy_q && cmd.kind == gx_pkg::CmdTriangle;
  assign is_pat = cmd_valid && !ld_busy_q && cmd.kind == gx_pkg::CmdPattern;
  assign is_fl  = cmd_valid && !ld_busy_q && cmd.kind == gx_pkg::CmdFlush;
  assign is_ld  = cmd_valid && !ld_busy_q && cmd.kind == gx_pkg::CmdLoad;

  // nothing of an earlier triangle before the coalesce unit
  assign drained     = tq_empty && raster_idle && pix_idle;
  // and nothing of an earlier command between the coalesce unit and memory
  assign mem_drained = drained && !surf_busy && wb_idle && mem_idle;

  assign tri_valid      = is_tri && col_ready && !tq_full;
  assign tri_fire       = tri_valid && setup_req_ready;
  assign pat_valid      = is_pat && tq_empty;
  assign ms_cmd_valid_d = (is_fl && drained) || (is_ld && mem_drained);

  logic ms_cmd_ready, pat_ready;
  assign cmd_ready = tri_fire || (pat_valid && pat_ready) || (ms_cmd_valid_d && ms_cmd_ready);

  // ---- setup unit and the tag queue beside it ----------------------------------------
  gx_pkg::rs_setup_req_t setup_req;
  always_comb begin
    setup_req              = '0;
    setup_req.conservative = cons_q;
    setup_req.cons_err     = cons_err_q;
    setup_req.width        = cfg_q.width;
    setup_req.height       = cfg_q.height;
    setup_req.x0           = cmd.x0;
    setup_req.y0           = cmd.y0;
    setup_req.x1           = cmd.x1;
    setup_req.y1           = cmd.y1;
    setup_req.x2           = cmd.x2;
    setup_req.y2           = cmd.y2;
  end

  gx_raster_setup u_setup (
    .clk_i, .rst_i(prst),
    .req_valid_i(tri_valid), .req_ready_o(setup_req_ready), .req_i(setup_req),
    .setup_valid_o(setup_valid), .setup_ready_i(setup_ready), .setup_o(setup)
  );

  logic [15:0] tq_mem [TagQ];
  logic [$clog2(TagQ):0] tq_wr_q, tq_rd_q;
  logic        setup_fire;
  assign tq_empty = tq_wr_q == tq_rd_q;
  assign tq_full  = tq_wr_q == {~tq_rd_q[$clog2(TagQ)], tq_rd_q[$clog2(TagQ)-1:0]};
  assign tq_tag   = tq_mem[tq_rd_q[$clog2(TagQ)-1:0]];
  always_ff @(posedge clk_i) begin
    if (prst) begin
      tq_wr_q <= '0;
      tq_rd_q <= '0;
    end else begin
      if (tri_fire)   tq_wr_q <= tq_wr_q + 1'b1;
      if (setup_fire) tq_rd_q <= tq_rd_q + 1'b1;
    end
    if (tri_fire) tq_mem[tq_wr_q[$clog2(TagQ)-1:0]] <= col_tag;
  end

  // ---- rasterizer -----------------------------------------------------------------------
  gx_pkg::rs_cmd_t    rcmd;
  logic       rcmd_ready, grp_valid, grp_ready;
  gx_pkg::rs_qgroup_t grp;

  always_comb begin
    rcmd              = '0;
    rcmd.op           = !setup_valid;
    rcmd.tag          = tq_tag;
    rcmd.samples_log2 = lgn_q;
    rcmd.patternsets  = 1'b0;
    rcmd.conservative = cons_q;
    rcmd.cons_err     = cons_err_q;
    rcmd.pattern      = setup_valid ? '0 : cmd.data;
    rcmd.setup        = setup_valid ? setup : '0;
  end
  assign setup_ready = rcmd_ready;
  assign setup_fire  = setup_valid && rcmd_ready;
  assign pat_ready   = rcmd_ready;

  gx_raster #(.Lanes(4)) u_raster (
    .clk_i, .rst_i(prst),
    .cmd_valid_i(setup_valid || pat_valid), .cmd_ready_o(rcmd_ready), .cmd_i(rcmd),
    .grp_valid_o(grp_valid), .grp_ready_i(grp_ready), .grp_o(grp),
    .idle_o(raster_idle)
  );

  // ---- pixel stage ------------------------------------------------------------------------
  logic    st_valid, st_ready;
  gx_pkg::ms_cmd_t st;

  // at 1x the rasterizer's one sample of a pixel is both samples of the 2x surface
  gx_pkg::rs_qgroup_t grp_px;
  always_comb begin
    grp_px = grp;
    if (lgn_q == 3'd0)
      for (int unsigned i = 0; i < 16; i++) grp_px.masks[16 * i + 1] = grp.masks[16 * i];
  end

  gx_pipe_pix u_pix (
    .clk_i, .rst_i(prst),
    .col_valid_i(tri_fire), .col_ready_o(col_ready), .col_i(cmd.data), .col_tag_o(col_tag),
    .grp_valid_i(grp_valid), .grp_ready_o(grp_ready), .grp_i(grp_px),
    .raster_idle_i(raster_idle && tq_empty),
    .st_valid_o(st_valid), .st_ready_i(st_ready), .st_o(st),
    .idle_o(pix_idle)
  );

  // ---- coalesce unit: the pixel stage's stores, or the decoder's flush and load --------
  gx_pkg::ms_cmd_t   ms_cmd;
  logic      ev_valid, ev_ready;
  gx_pkg::ms_evict_t ev;

  always_comb begin
    ms_cmd = st;
    if (!st_valid) begin
      ms_cmd   = '0;
      ms_cmd.op = cmd.kind == gx_pkg::CmdFlush ? 2'd1 : 2'd2;
      ms_cmd.x  = cmd.lx;
      ms_cmd.y  = cmd.ly;
    end
  end
  assign st_ready = ms_cmd_ready;

  gx_mssurf #(.Slots(4)) u_surf (
    .clk_i, .rst_i(prst), .cfg_i(cfg_q),
    .cmd_valid_i(st_valid || ms_cmd_valid_d), .cmd_ready_o(ms_cmd_ready), .cmd_i(ms_cmd),
    .ev_valid_o(ev_valid), .ev_ready_i(ev_ready), .ev_o(ev),
    .busy_o(surf_busy)
  );

  // ---- the load's pixel and sample ------------------------------------------------------
  // p = (y mod TH) TW + x mod TW, the pixel of (x, y) in its TW x TH tile (gx_tile_pkg).
  gx_pkg::ms_ld_t ld_q;
  logic   ld_fire, ldresp_fire;
  logic [2:0] plg;  // log2 P
  assign plg     = 3'd5 - 3'(cfg_q.spp) - 3'(cfg_q.bps);
  assign ld_fire = is_ld && mem_drained && ms_cmd_ready;
  always_ff @(posedge clk_i) begin
    if (prst) ld_busy_q <= 1'b0;
    else if (ld_fire) ld_busy_q <= 1'b1;
    else if (ldresp_fire) ld_busy_q <= 1'b0;
    if (ld_fire) begin
      ld_q.pixel  <= ((5'(cmd.ly[1:0]) & ((5'd1 << gx_tile_pkg::tile_hlog(plg)) - 5'd1))
                      << gx_tile_pkg::tile_wlog(plg))
                   | (5'(cmd.lx[2:0]) & ((5'd1 << gx_tile_pkg::tile_wlog(plg)) - 5'd1));
      ld_q.sample <= cmd.sample;
    end
  end

  // ---- flush encoder and load unit ------------------------------------------------------
  logic       wb_ev_ready, ld_ready;
  logic       wb_rd_valid, wb_rd_ready, wb_resp_valid, wb_resp_ready;
  gx_pkg::ms_rdreq_t  wb_rd;
  logic       ld_rd_valid, ld_rd_ready, ld_resp_valid, ld_resp_ready;
  gx_pkg::ms_rdreq_t  ld_rd;
  gx_pkg::ms_rdresp_t wb_resp, ld_resp;
  logic       fl_valid, fl_ready;
  gx_pkg::ms_flush_t  fl;
  logic       ldr_valid, ldr_ready;
  gx_pkg::ms_ldresp_t ldr;

  assign ev_ready = ev.peek ? ld_ready : wb_ev_ready;
  assign wb_idle  = wb_ev_ready;

  gx_mswb u_wb (
    .clk_i, .rst_i(prst), .cfg_i(cfg_q),
    .ev_valid_i(ev_valid && !ev.peek), .ev_ready_o(wb_ev_ready), .ev_i(ev),
    .rd_req_valid_o(wb_rd_valid), .rd_req_ready_i(wb_rd_ready), .rd_req_o(wb_rd),
    .rd_resp_valid_i(wb_resp_valid), .rd_resp_ready_o(wb_resp_ready), .rd_resp_i(wb_resp),
    .fl_valid_o(fl_valid), .fl_ready_i(fl_ready), .fl_o(fl)
  );

  gx_msld u_ld (
    .clk_i, .rst_i(prst), .cfg_i(cfg_q),
    .ld_valid_i(ev_valid && ev.peek), .ld_ready_o(ld_ready), .snap_i(ev), .ld_i(ld_q),
    .rd_req_valid_o(ld_rd_valid), .rd_req_ready_i(ld_rd_ready), .rd_req_o(ld_rd),
    .rd_resp_valid_i(ld_resp_valid), .rd_resp_ready_o(ld_resp_ready), .rd_resp_i(ld_resp),
    .resp_valid_o(ldr_valid), .resp_ready_i(ldr_ready), .resp_o(ldr)
  );

  // ---- memory port ------------------------------------------------------------------------
  logic [63:0] bytes_rd, bytes_wr;
  logic [15:0] bad_wr;
  logic        mem_err, mem_err_q;

  // gx_msmem's 64-bit AXI4 master, into the data-width adapter (DataW 64: wires; 32 the
  // downsizer; 128, 256 the upsizer)
  logic             mem_awvalid, mem_awready, mem_wvalid, mem_wready, mem_wlast;
  logic             mem_bvalid, mem_bready, mem_arvalid, mem_arready, mem_rvalid;
  logic             mem_rready, mem_rlast, mem_awlock, mem_arlock;
  logic [3:0]       mem_awid, mem_bid, mem_arid, mem_rid;
  logic [AddrW-1:0] mem_awaddr, mem_araddr;
  logic [7:0]       mem_awlen, mem_arlen, mem_wstrb;
  logic [2:0]       mem_awsize, mem_arsize, mem_awprot, mem_arprot;
  logic [1:0]       mem_awburst, mem_arburst, mem_bresp, mem_rresp;
  logic [3:0]       mem_awcache, mem_arcache, mem_awqos, mem_arqos;
  logic [63:0]      mem_wdata, mem_rdata;

  gx_msmem #(.AddrW(AddrW), .IdW(4)) u_mem (
    .clk_i, .rst_i(prst), .cfg_i(cfg_q),
    .surf_base_i(surf_base_q), .index_base_i(index_base_q), .state_base_i(state_base_q),
    .fl_valid_i(fl_valid), .fl_ready_o(fl_ready), .fl_i(fl),
    .rd0_req_valid_i(wb_rd_valid), .rd0_req_ready_o(wb_rd_ready), .rd0_req_i(wb_rd),
    .rd0_resp_valid_o(wb_resp_valid), .rd0_resp_ready_i(wb_resp_ready), .rd0_resp_o(wb_resp),
    .rd1_req_valid_i(ld_rd_valid), .rd1_req_ready_o(ld_rd_ready), .rd1_req_i(ld_rd),
    .rd1_resp_valid_o(ld_resp_valid), .rd1_resp_ready_i(ld_resp_ready), .rd1_resp_o(ld_resp),
    .m_axi_awvalid_o(mem_awvalid), .m_axi_awready_i(mem_awready),
    .m_axi_awid_o(mem_awid), .m_axi_awaddr_o(mem_awaddr), .m_axi_awlen_o(mem_awlen),
    .m_axi_awsize_o(mem_awsize), .m_axi_awburst_o(mem_awburst),
    .m_axi_awlock_o(mem_awlock), .m_axi_awcache_o(mem_awcache),
    .m_axi_awprot_o(mem_awprot), .m_axi_awqos_o(mem_awqos),
    .m_axi_wvalid_o(mem_wvalid), .m_axi_wready_i(mem_wready),
    .m_axi_wdata_o(mem_wdata), .m_axi_wstrb_o(mem_wstrb), .m_axi_wlast_o(mem_wlast),
    .m_axi_bvalid_i(mem_bvalid), .m_axi_bready_o(mem_bready), .m_axi_bid_i(mem_bid),
    .m_axi_bresp_i(mem_bresp),
    .m_axi_arvalid_o(mem_arvalid), .m_axi_arready_i(mem_arready),
    .m_axi_arid_o(mem_arid), .m_axi_araddr_o(mem_araddr), .m_axi_arlen_o(mem_arlen),
    .m_axi_arsize_o(mem_arsize), .m_axi_arburst_o(mem_arburst),
    .m_axi_arlock_o(mem_arlock), .m_axi_arcache_o(mem_arcache),
    .m_axi_arprot_o(mem_arprot), .m_axi_arqos_o(mem_arqos),
    .m_axi_rvalid_i(mem_rvalid), .m_axi_rready_o(mem_rready), .m_axi_rid_i(mem_rid),
    .m_axi_rdata_i(mem_rdata), .m_axi_rresp_i(mem_rresp), .m_axi_rlast_i(mem_rlast),
    .bytes_rd_o(bytes_rd), .bytes_wr_o(bytes_wr), .bad_wr_o(bad_wr), .resp_err_o(mem_err),
    .idle_o(mem_idle)
  );

  gx_axi_width #(.DataW(DataW), .AddrW(AddrW), .IdW(4)) u_width (
    .clk_i, .rst_i(prst),
    .s_axi_awvalid_i(mem_awvalid), .s_axi_awready_o(mem_awready), .s_axi_awid_i(mem_awid),
    .s_axi_awaddr_i(mem_awaddr), .s_axi_awlen_i(mem_awlen), .s_axi_awsize_i(mem_awsize),
    .s_axi_awburst_i(mem_awburst), .s_axi_awlock_i(mem_awlock), .s_axi_awcache_i(mem_awcache),
    .s_axi_awprot_i(mem_awprot), .s_axi_awqos_i(mem_awqos),
    .s_axi_wvalid_i(mem_wvalid), .s_axi_wready_o(mem_wready), .s_axi_wdata_i(mem_wdata),
    .s_axi_wstrb_i(mem_wstrb), .s_axi_wlast_i(mem_wlast),
    .s_axi_bvalid_o(mem_bvalid), .s_axi_bready_i(mem_bready), .s_axi_bid_o(mem_bid),
    .s_axi_bresp_o(mem_bresp),
    .s_axi_arvalid_i(mem_arvalid), .s_axi_arready_o(mem_arready), .s_axi_arid_i(mem_arid),
    .s_axi_araddr_i(mem_araddr), .s_axi_arlen_i(mem_arlen), .s_axi_arsize_i(mem_arsize),
    .s_axi_arburst_i(mem_arburst), .s_axi_arlock_i(mem_arlock), .s_axi_arcache_i(mem_arcache),
    .s_axi_arprot_i(mem_arprot), .s_axi_arqos_i(mem_arqos),
    .s_axi_rvalid_o(mem_rvalid), .s_axi_rready_i(mem_rready), .s_axi_rid_o(mem_rid),
    .s_axi_rdata_o(mem_rdata), .s_axi_rresp_o(mem_rresp), .s_axi_rlast_o(mem_rlast),
    .m_axi_awvalid_o(m_axi_awvalid), .m_axi_awready_i(m_axi_awready),
    .m_axi_awid_o(m_axi_awid), .m_axi_awaddr_o(m_axi_awaddr), .m_axi_awlen_o(m_axi_awlen),
    .m_axi_awsize_o(m_axi_awsize), .m_axi_awburst_o(m_axi_awburst),
    .m_axi_awlock_o(m_axi_awlock), .m_axi_awcache_o(m_axi_awcache),
    .m_axi_awprot_o(m_axi_awprot), .m_axi_awqos_o(m_axi_awqos),
    .m_axi_wvalid_o(m_axi_wvalid), .m_axi_wready_i(m_axi_wready),
    .m_axi_wdata_o(m_axi_wdata), .m_axi_wstrb_o(m_axi_wstrb), .m_axi_wlast_o(m_axi_wlast),
    .m_axi_bvalid_i(m_axi_bvalid), .m_axi_bready_o(m_axi_bready), .m_axi_bid_i(m_axi_bid),
    .m_axi_bresp_i(m_axi_bresp),
    .m_axi_arvalid_o(m_axi_arvalid), .m_axi_arready_i(m_axi_arready),
    .m_axi_arid_o(m_axi_arid), .m_axi_araddr_o(m_axi_araddr), .m_axi_arlen_o(m_axi_arlen),
    .m_axi_arsize_o(m_axi_arsize), .m_axi_arburst_o(m_axi_arburst),
    .m_axi_arlock_o(m_axi_arlock), .m_axi_arcache_o(m_axi_arcache),
    .m_axi_arprot_o(m_axi_arprot), .m_axi_arqos_o(m_axi_arqos),
    .m_axi_rvalid_i(m_axi_rvalid), .m_axi_rready_o(m_axi_rready), .m_axi_rid_i(m_axi_rid),
    .m_axi_rdata_i(m_axi_rdata), .m_axi_rresp_i(m_axi_rresp), .m_axi_rlast_i(m_axi_rlast)
  );

  // the memory port's byte counts as increments a clock (at most a burst's bytes)
  logic [15:0] bytes_rd_q, bytes_wr_q, bytes_rd_inc, bytes_wr_inc;
  always_ff @(posedge clk_i) begin
    bytes_rd_q <= bytes_rd[15:0];
    bytes_wr_q <= bytes_wr[15:0];
    mem_err_q  <= mem_err && !prst;
  end
  assign bytes_rd_inc = prst ? '0 : bytes_rd[15:0] - bytes_rd_q;
  assign bytes_wr_inc = prst ? '0 : bytes_wr[15:0] - bytes_wr_q;

  // ---- load responses: m_ld, 3 beats each (docs/pipe.md, "Load responses") -------------
  logic [1:0]  ldo_beat_q;
  logic        ldo_v_q;
  gx_pkg::ms_ldresp_t  ldo_q;
  assign ldr_ready   = !ldo_v_q;
  assign ldresp_fire = ldo_v_q && m_ld_tready && ldo_beat_q == 2'd2;
  always_ff @(posedge clk_i) begin
    if (prst) begin
      ldo_v_q    <= 1'b0;
      ldo_beat_q <= '0;
    end else if (ldr_valid && ldr_ready) begin
      ldo_v_q    <= 1'b1;
      ldo_beat_q <= '0;
    end else if (ldo_v_q && m_ld_tready) begin
      ldo_beat_q <= ldo_beat_q + 2'd1;
      if (ldo_beat_q == 2'd2) ldo_v_q <= 1'b0;
    end
    if (ldr_valid && ldr_ready) ldo_q <= ldr;
  end
  assign m_ld_tvalid = ldo_v_q;
  assign m_ld_tlast  = ldo_beat_q == 2'd2;
  always_comb begin
    unique case (ldo_beat_q)
      2'd0:    m_ld_tdata = ldo_q.value[63:0];
      2'd1:    m_ld_tdata = ldo_q.value[127:64];
      default: m_ld_tdata = {20'h0, ldo_q.read_bytes, ldo_q.passes, ldo_q.analyzed,
                             ldo_q.enc, ldo_q.mask};
    endcase
  end

  // ---- status -------------------------------------------------------------------------------
  logic resident_q;  // a store was taken since the last flush command
  logic busy;
  always_ff @(posedge clk_i) begin
    if (prst) resident_q <= 1'b0;
    else if (st_valid && ms_cmd_ready) resident_q <= 1'b1;
    else if (ms_cmd_valid_d && ms_cmd_ready && cmd.kind == gx_pkg::CmdFlush) resident_q <= 1'b0;
  end
  assign busy   = !dec_idle || cmd_valid || !mem_drained || ldo_v_q || ld_busy_q;
  assign busy_o = busy;
  assign idle_o = !busy && !resident_q;

  assign hwif_in.STATUS.BUSY.next     = busy;
  assign hwif_in.STATUS.IDLE.next     = idle_o;
  assign hwif_in.STATUS.CMD_ERR.hwset = cmd_err;
  assign hwif_in.STATUS.CFG_ERR.hwset = cfg_bad_q;
  assign hwif_in.STATUS.MEM_ERR.hwset = mem_err && !mem_err_q;  // the port's sticky bit's rise

  // ---- counters -------------------------------------------------------------------------------
  // Events registered first (a group's pixels and samples counted over two clocks).
  localparam int unsigned NC = 21, IW = 10;
  logic [NC*IW-1:0] inc;
  logic             grp_fire_q;
  logic [3:0]       grpv_q;
  logic [255:0]     grpm_q;
  logic [4:0]       pix_cnt_q;
  logic [8:0]       smp_cnt_q;
  logic             grp_fire;

  assign grp_fire = grp_valid && grp_ready;
  always_ff @(posedge clk_i) begin
    grp_fire_q <= grp_fire && !prst;
    if (grp_fire) begin
      grpv_q <= grp.valid;
      grpm_q <= grp.masks;
    end
    pix_cnt_q <= grp_fire_q ? f_pixels(grpv_q, grpm_q) : '0;
    smp_cnt_q <= grp_fire_q ? f_samples(grpv_q, grpm_q) : '0;
  end

  // covered pixels and samples of a group (its position and tag are not counted)
  function automatic logic [4:0] f_pixels(input logic [3:0] valid, input logic [255:0] masks);
    f_pixels = '0;
    for (int unsigned l = 0; l < 4; l++)
      for (int unsigned k = 0; k < 4; k++)
        f_pixels += 5'(valid[l] && masks[64*l + 16*k +: 16] != '0);
  endfunction

  function automatic logic [8:0] f_samples(input logic [3:0] valid, input logic [255:0] masks);
    f_samples = '0;
    for (int unsigned l = 0; l < 4; l++)
      if (valid[l]) f_samples += 9'($countones(masks[64*l +: 64]));
  endfunction

  // flushes by cause: the flush encoder's packets as the memory port takes them
  logic fl_fire;
  assign fl_fire = fl_valid && fl_ready;

  always_comb begin
    inc = '0;
    inc[ 0*IW +: IW] = IW'(tri_fire);                                    // TRIANGLES
    inc[ 1*IW +: IW] = IW'(pix_cnt_q);                                   // PIXELS
    inc[ 2*IW +: IW] = IW'(smp_cnt_q);                                   // SAMPLES
    inc[ 3*IW +: IW] = IW'(st_valid && ms_cmd_ready);                    // STORES
    inc[ 4*IW +: IW] = IW'(ldresp_fire);                                 // LOADS
    inc[ 5*IW +: IW] = IW'(fl_fire && fl.cause == 2'd0);                 // FLUSH_FULL
    inc[ 6*IW +: IW] = IW'(fl_fire && fl.cause == 2'd1);                 // FLUSH_EVICT
    inc[ 7*IW +: IW] = IW'(fl_fire && fl.cause == 2'd2);                 // FLUSH_CONFLICT
    inc[ 8*IW +: IW] = IW'(fl_fire && fl.cause == 2'd3);                 // FLUSH_CMD
    inc[ 9*IW +: IW] = IW'(bytes_rd_inc);                                    // BYTES_RD
    inc[10*IW +: IW] = IW'(bytes_wr_inc);                                    // BYTES_WR
    inc[11*IW +: IW] = IW'(!tq_empty);                                   // SETUP_BUSY
    inc[12*IW +: IW] = IW'(setup_valid && !setup_ready);                 // SETUP_STALL
    inc[13*IW +: IW] = IW'(!raster_idle);                                // RASTER_BUSY
    inc[14*IW +: IW] = IW'(grp_valid && !grp_ready);                     // RASTER_STALL
    inc[15*IW +: IW] = IW'(surf_busy);                                   // MSSURF_BUSY
    inc[16*IW +: IW] = IW'(ev_valid && !ev_ready);                       // MSSURF_STALL
    inc[17*IW +: IW] = IW'(!wb_idle);                                    // MSWB_BUSY
    inc[18*IW +: IW] = IW'((wb_rd_valid && !wb_rd_ready) || (fl_valid && !fl_ready)); // MSWB_STALL
    inc[19*IW +: IW] = IW'(ld_busy_q);                                   // MSLD_BUSY
    inc[20*IW +: IW] = IW'((ld_rd_valid && !ld_rd_ready) || (ldr_valid && !ldr_ready)); // MSLD_STALL
  end

  gx_pipe_cnt #(.Count(NC), .IncW(IW)) u_cnt (
    .clk_i, .rst_i(rst_i || soft_q), .clear_i(hwif_out.CTRL.CNT_CLEAR.value), .inc_i(inc),
    .req_i(hwif_out.CNT.req), .addr_i(hwif_out.CNT.addr), .req_wr_i(hwif_out.CNT.req_is_wr),
    .rd_ack_o(hwif_in.CNT.rd_ack), .rd_data_o(hwif_in.CNT.rd_data),
    .wr_ack_o(hwif_in.CNT.wr_ack)
  );

  // Not used: the decoder's error code (STATUS.CMD_ERR says only that a packet was
  // dropped), the data of writes to the read-only counters, the sticky STATUS bits' values
  // (software's), the byte counts' upper bits (an increment is at most a burst).
  logic unused;
  assign unused = ^{cmd_err_code, hwif_out.CNT.wr_data, hwif_out.CNT.wr_biten,
                    hwif_out.STATUS, bytes_rd[63:16], bytes_wr[63:16], bytes_rd_inc[15:IW],
                    bytes_wr_inc[15:IW]};

  // ---- properties ------------------------------------------------------------------------------
  // The dispatch keeps every block's input protocol (each block checks its own
  // assumptions); here: one load at a time, and nothing reaches the coalesce unit from the
  // decoder while the pixel stage offers a store.
  `GX_ASSERT(OneSource_A, !(st_valid && ms_cmd_valid_d))
  `GX_ASSERT(SetupBeforePattern_A, !(setup_valid && pat_valid))
  `GX_ASSERT(TagQueue_A, !setup_valid || !tq_empty)
  // gx_mswb makes no packet that gx_msmem refuses on its fields
  `GX_ASSERT(NoBadWrite_A, bad_wr == '0)
  // each wait of the dispatch, and the load path end to end
  `GX_COVER(PatWait_C, is_pat && !tq_empty)
  `GX_COVER(FlushWait_C, is_fl && !drained)
  `GX_COVER(LoadWaitMem_C, is_ld && drained && !mem_drained)
  `GX_COVER(AfterLoad_C, ld_busy_q && cmd_valid)
  `GX_COVER(TagQueueFull_C, tq_full)
  `GX_COVER(RingFull_C, is_tri && !col_ready)
  `GX_COVER(LdStall_C, m_ld_tvalid && !m_ld_tready)
  `GX_COVER(CfgRefused_C, cfg_bad_q)
endmodule

`default_nettype wire
