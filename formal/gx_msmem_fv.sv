// gx_msmem_fv: formal harness of gx_msmem, the memory side of gx_pipe (docs/msmem.md).
// Every input free except: reset in the first clock; cfg_i and the bases arbitrary
// constants (any legal format; the bases 256-byte aligned); the flush packet an arbitrary
// constant (so held, FlHold_M; its subset masks canonical, FlMasks_M); the AXI slave's
// obligations below. The home RAM's read data is free (GX_RAM_FREE_READ: the
// response data is the cosimulation's, bit for bit against the C model).
//
// The slave (ARM IHI 0022E): B only for a burst whose AW and last W beat were both taken
// (A3.3.1), R only for a taken AR, RLAST on its burst's last beat, one ID.
// Proven (with the block's own assertions: AW, W, AR and the read response held while
// waiting, every burst inside its 256-byte block so never across 4 KB, WSTRB never 0,
// at most MaxWrOut writes without B):
//   ArOut_A   at most one read burst outstanding (the block waits for RLAST);
//   WLast_A   WLAST exactly on the beat that ends its burst's AWLEN + 1 beats, whether
//             the data goes ahead of its address or after it (WAhead_A: at most one
//             burst's beats ahead, of the AW being offered);
//   WOwed_A   the W beats given equal the AW lengths: at idle no beat is owed;
//   IdleQuiet_A  idle_o only with no burst outstanding or offered;
//   Attr_A    INCR, 8-byte beats, ID 0 on every AW and AR.
// Covered: a write burst (WLAST), a read burst (RLAST), a subset write's index burst
// (the block's SubsetWrite_C), a read response on port 1 (ReadResp_C), AW and W
// back-pressure.
`default_nettype none
`include "gx_assert.svh"

module gx_msmem_fv (
  input wire logic               clk_i,
  input wire logic               rst_i,
  input wire logic               fl_valid_i,
  input wire logic               rd0_req_valid_i,
  input wire gx_pkg::ms_rdreq_t  rd0_req_i,
  input wire logic               rd0_resp_ready_i,
  input wire logic               rd1_req_valid_i,
  input wire gx_pkg::ms_rdreq_t  rd1_req_i,
  input wire logic               rd1_resp_ready_i,
  input wire logic               awready_i,
  input wire logic               wready_i,
  input wire logic               bvalid_i,
  input wire logic [1:0]         bresp_i,
  input wire logic               arready_i,
  input wire logic               rvalid_i,
  input wire logic [63:0]        rdata_i,
  input wire logic [1:0]         rresp_i,
  input wire logic               rlast_i
);
  (* anyconst *) gx_pkg::ms_cfg_t cfg;
  (* anyconst *) logic [55:0]     sb, ib, xb;
  // the flush packet: one arbitrary packet, offered again and again (fl_i's 3049 bits
  // free in every clock made each BMC step take minutes; the protocol properties hold
  // for each packet alone, as the block treats one packet at a time)
  (* anyconst *) gx_pkg::ms_flush_t fl_i;

  logic        fl_ready, rd0_req_ready, rd1_req_ready, rd0_resp_valid, rd1_resp_valid;
  gx_pkg::ms_rdresp_t rd0_resp, rd1_resp;
  logic        awvalid, wvalid, wlast, bready, arvalid, rready, awlock, arlock, err, idle;
  logic [3:0]  awid, arid, awcache, arcache, awqos, arqos;
  logic [63:0] awaddr, araddr, wdata, bytes_rd, bytes_wr;
  logic [7:0]  awlen, arlen, wstrb;
  logic [2:0]  awsize, arsize, awprot, arprot;
  logic [1:0]  awburst, arburst;
  logic [15:0] bad;

  gx_msmem u_dut (
    .clk_i, .rst_i, .cfg_i(cfg),
    .surf_base_i({sb, 8'h00}), .index_base_i({ib, 8'h00}), .state_base_i({xb, 8'h00}),
    .fl_valid_i, .fl_ready_o(fl_ready), .fl_i,
    .rd0_req_valid_i, .rd0_req_ready_o(rd0_req_ready), .rd0_req_i,
    .rd0_resp_valid_o(rd0_resp_valid), .rd0_resp_ready_i, .rd0_resp_o(rd0_resp),
    .rd1_req_valid_i, .rd1_req_ready_o(rd1_req_ready), .rd1_req_i,
    .rd1_resp_valid_o(rd1_resp_valid), .rd1_resp_ready_i, .rd1_resp_o(rd1_resp),
    .m_axi_awvalid_o(awvalid), .m_axi_awready_i(awready_i), .m_axi_awid_o(awid),
    .m_axi_awaddr_o(awaddr), .m_axi_awlen_o(awlen), .m_axi_awsize_o(awsize),
    .m_axi_awburst_o(awburst), .m_axi_awlock_o(awlock), .m_axi_awcache_o(awcache),
    .m_axi_awprot_o(awprot), .m_axi_awqos_o(awqos),
    .m_axi_wvalid_o(wvalid), .m_axi_wready_i(wready_i), .m_axi_wdata_o(wdata),
    .m_axi_wstrb_o(wstrb), .m_axi_wlast_o(wlast),
    .m_axi_bvalid_i(bvalid_i), .m_axi_bready_o(bready), .m_axi_bid_i(4'h0),
    .m_axi_bresp_i(bresp_i),
    .m_axi_arvalid_o(arvalid), .m_axi_arready_i(arready_i), .m_axi_arid_o(arid),
    .m_axi_araddr_o(araddr), .m_axi_arlen_o(arlen), .m_axi_arsize_o(arsize),
    .m_axi_arburst_o(arburst), .m_axi_arlock_o(arlock), .m_axi_arcache_o(arcache),
    .m_axi_arprot_o(arprot), .m_axi_arqos_o(arqos),
    .m_axi_rvalid_i(rvalid_i), .m_axi_rready_o(rready), .m_axi_rid_i(4'h0),
    .m_axi_rdata_i(rdata_i), .m_axi_rresp_i(rresp_i), .m_axi_rlast_i(rlast_i),
    .bytes_rd_o(bytes_rd), .bytes_wr_o(bytes_wr), .bad_wr_o(bad), .resp_err_o(err),
    .idle_o(idle)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
  // a legal format: B = 4, 8, 16 (bps 3 is illegal), W and H 1..8192
  always @* assume (cfg.bps != 2'd3 && cfg.width != '0 && cfg.height != '0 &&
                    cfg.width <= 14'd8192 && cfg.height <= 14'd8192);

  // ---- the slave's view: bursts outstanding ----------------------------------------
  logic       aw_hs, w_hs, b_hs, ar_hs, r_hs;
  assign aw_hs = awvalid && awready_i;
  assign w_hs  = wvalid && wready_i;
  assign b_hs  = bvalid_i && bready;
  assign ar_hs = arvalid && arready_i;
  assign r_hs  = rvalid_i && rready;
  logic [4:0] aw_out_q, wl_out_q;  // AWs, last W beats taken without their B
  logic [1:0] ar_out_q;            // ARs taken without their RLAST
  logic [7:0] ar_len_q, r_beat_q;  // the read burst outstanding: AxLEN, beats given
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      aw_out_q <= '0;
      wl_out_q <= '0;
      ar_out_q <= '0;
      r_beat_q <= '0;
    end else begin
      aw_out_q <= aw_out_q + 5'(aw_hs) - 5'(b_hs);
      wl_out_q <= wl_out_q + 5'(w_hs && wlast) - 5'(b_hs);
      ar_out_q <= ar_out_q + 2'(ar_hs) - 2'(r_hs && rlast_i);
      if (r_hs) r_beat_q <= rlast_i ? 8'd0 : r_beat_q + 8'd1;
    end
    if (ar_hs) ar_len_q <= arlen;
  end
  `GX_ASSUME(BAfterAwW_M, !bvalid_i || (aw_out_q != '0 && wl_out_q != '0))
  `GX_ASSUME(RAfterAr_M, !rvalid_i || ar_out_q != '0)
  `GX_ASSUME(RLast_M, !rvalid_i || rlast_i == (r_beat_q == ar_len_q))
  `GX_ASSUME(BHold_M, !`GX_PAST_OK || !$past(bvalid_i && !bready) || bvalid_i)
  `GX_ASSUME(RHold_M, !`GX_PAST_OK || !$past(rvalid_i && !rready) ||
                      (rvalid_i && rlast_i == $past(rlast_i)))
  `GX_ASSERT(ArOut_A, ar_out_q <= 2'd1 && (ar_out_q == '0 || !arvalid))

  // ---- the master's W beats against its AW lengths ----------------------------------
  // lens of AWs taken whose beats are not all given (in order), the beat count of the
  // burst being given, and a burst given whole ahead of its AW
  localparam int unsigned QD = 16;
  logic [QD-1:0][7:0] q_len_q;
  logic [4:0] q_n_q;
  logic [7:0] w_beat_q;
  logic       ahead_q;       // the offered AW's beats were all given already
  logic [7:0] cur_len;
  logic       cur_known;
  assign cur_known = q_n_q != '0 || (awvalid && !ahead_q);
  assign cur_len   = q_n_q != '0 ? q_len_q[0] : awlen;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      q_n_q    <= '0;
      w_beat_q <= '0;
      ahead_q  <= 1'b0;
    end else begin
      logic [4:0] n;
      n = q_n_q;
      // the W beat, against the oldest burst (or the AW offered, when ahead)
      if (w_hs) begin
        w_beat_q <= wlast ? 8'd0 : w_beat_q + 8'd1;
        if (wlast && q_n_q != '0) begin
          for (int unsigned i = 0; i + 1 < QD; i++) q_len_q[i] <= q_len_q[i + 1];
          n = n - 5'd1;
        end
      end
      if (aw_hs) begin
        if (ahead_q || (w_hs && wlast && q_n_q == '0)) begin
          ahead_q <= 1'b0;  // its beats were given: nothing owed
        end else begin
          q_len_q[n] <= awlen;  // after this clock's pop, if any
          n = n + 5'd1;
        end
      end else if (w_hs && wlast && q_n_q == '0) begin
        ahead_q <= 1'b1;
      end
      q_n_q <= n;
    end
  end
  `GX_ASSERT(WKnown_A, !wvalid || cur_known)
  `GX_ASSERT(WLast_A, !w_hs || wlast == (w_beat_q == cur_len))
  `GX_ASSERT(WBeats_A, !w_hs || w_beat_q <= cur_len)
  `GX_ASSERT(WAhead_A, !ahead_q || (awvalid && q_n_q == '0))
  `GX_ASSERT(QBound_A, q_n_q <= 5'(QD - 1))
  `GX_ASSERT(IdleQuiet_A, !idle || (!awvalid && !wvalid && !arvalid && q_n_q == '0 &&
                                    !ahead_q && aw_out_q == '0 && ar_out_q == '0))
  `GX_ASSERT(Attr_A, awburst == 2'b01 && arburst == 2'b01 && awsize == 3'd3 &&
                     arsize == 3'd3 && awid == '0 && arid == '0)

  `GX_COVER(WriteBurst_C, w_hs && wlast && w_beat_q >= 8'd2)
  `GX_COVER(ReadBurst_C, r_hs && rlast_i && r_beat_q >= 8'd1)
  `GX_COVER(AwStall_C, awvalid && !awready_i && wvalid && !wready_i)

  logic unused;
  assign unused = ^{fl_ready, rd0_req_ready, rd1_req_ready, rd0_resp_valid, rd1_resp_valid,
                    rd0_resp, rd1_resp, awaddr, araddr, wdata, wstrb, awlock, arlock, awcache,
                    arcache, awqos, arqos, awprot, arprot, err, bytes_rd, bytes_wr, bad};
endmodule

`default_nettype wire
