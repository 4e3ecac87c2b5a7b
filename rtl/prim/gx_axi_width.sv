// gx_axi_width: a data-width adapter on an AXI4 master of 64-bit data (gx_msmem's, which
// issues INCR bursts of 8-byte beats, AxSIZE 3, each inside one 4 KB page) to an AXI4
// port of DataW bits (docs/axi_width.md).
//
// DataW = 64: wires. DataW = 128 or 256: an upsizer that issues each narrow burst as one
// burst of full wide beats: the same start address and ID, AxSIZE log2(DataW/8), AxLEN
// the wide beats the narrow burst's bytes touch. W: the 8-byte beats packed into the
// wide beat's lanes by address, WSTRB the union of their strobes (lanes no beat wrote
// are 0), WLAST on the wide burst's last beat. R: each wide beat unpacked into the
// narrow beats whose addresses fall in it, RLAST on the narrow burst's last, the wide
// RREADY low while a wide beat is being unpacked. DataW = 32: a downsizer that issues
// each narrow burst (AxLEN below 128) as one burst of 4-byte beats: the same start
// address and ID, AxSIZE 2, AxLEN 2 AxLEN + 1 less one when the start address is in an
// 8-byte beat's upper half (its lower half is skipped). W: each 8-byte beat as its two
// 4-byte beats (the first beat of such a burst as its upper one), WSTRB split with them,
// WLAST on the last. R: two 4-byte beats (one, the upper, at such a burst's start)
// assembled into each 8-byte beat, RRESP the worse of the two, RLAST on the narrow
// burst's last. B passes through at every width. Other widths are refused at
// elaboration.
//
// Handshake and order: every DataW-side VALID and payload comes from a register (no path
// from a READY to a VALID), and so do the narrow RVALID and R payload; one burst order on
// each side (AW, W and AR in the order taken, R and B in the order given), so a master
// that relies on its own order (one ID, R and B in request order) keeps it. The narrow W
// burst may come before its AW: it waits until its address was taken (s_axi_wready_o
// low). Latency: AW, AR 1 clock; W 1 clock from the beat that completes a wide beat, or
// from an 8-byte beat to its first 4-byte beat (2 from an address to its first W beat
// taken); R 1 clock (DataW 32: from the 4-byte beat that completes an 8-byte beat).
// Throughput: one narrow beat a clock on W and R, across bursts, at 64, 128 and 256; at
// 32 one 4-byte beat a clock (a narrow beat every two clocks); one address a clock.
`default_nettype none
`include "gx_assert.svh"

module gx_axi_width #(
  parameter int unsigned DataW = 64,  /// m_axi bits: 32 (downsizer), 64 (wires), 128, 256 (upsizer)
  parameter int unsigned AddrW = 64,  /// address bits
  parameter int unsigned IdW   = 4,   /// ID bits
  localparam int unsigned SW   = DataW / 8  /// m_axi strobe bits
) (
  input  wire logic             clk_i,            /// clock, rising edge
  input  wire logic             rst_i,            /// synchronous reset, active high
  // the 64-bit master's port (gx_msmem's m_axi), this block its slave
  input  wire logic             s_axi_awvalid_i,  /// AWVALID
  output      logic             s_axi_awready_o,  /// AWREADY
  input  wire logic [IdW-1:0]   s_axi_awid_i,     /// AWID
  input  wire logic [AddrW-1:0] s_axi_awaddr_i,   /// AWADDR
  input  wire logic [7:0]       s_axi_awlen_i,    /// AWLEN (8-byte beats - 1)
  input  wire logic [2:0]       s_axi_awsize_i,   /// AWSIZE (3)
  input  wire logic [1:0]       s_axi_awburst_i,  /// AWBURST (INCR)
  input  wire logic             s_axi_awlock_i,   /// AWLOCK
  input  wire logic [3:0]       s_axi_awcache_i,  /// AWCACHE
  input  wire logic [2:0]       s_axi_awprot_i,   /// AWPROT
  input  wire logic [3:0]       s_axi_awqos_i,    /// AWQOS
  input  wire logic             s_axi_wvalid_i,   /// WVALID
  output      logic             s_axi_wready_o,   /// WREADY
  input  wire logic [63:0]      s_axi_wdata_i,    /// WDATA
  input  wire logic [7:0]       s_axi_wstrb_i,    /// WSTRB
  input  wire logic             s_axi_wlast_i,    /// WLAST
  output      logic             s_axi_bvalid_o,   /// BVALID
  input  wire logic             s_axi_bready_i,   /// BREADY
  output      logic [IdW-1:0]   s_axi_bid_o,      /// BID
  output      logic [1:0]       s_axi_bresp_o,    /// BRESP
  input  wire logic             s_axi_arvalid_i,  /// ARVALID
  output      logic             s_axi_arready_o,  /// ARREADY
  input  wire logic [IdW-1:0]   s_axi_arid_i,     /// ARID
  input  wire logic [AddrW-1:0] s_axi_araddr_i,   /// ARADDR
  input  wire logic [7:0]       s_axi_arlen_i,    /// ARLEN (8-byte beats - 1)
  input  wire logic [2:0]       s_axi_arsize_i,   /// ARSIZE (3)
  input  wire logic [1:0]       s_axi_arburst_i,  /// ARBURST (INCR)
  input  wire logic             s_axi_arlock_i,   /// ARLOCK
  input  wire logic [3:0]       s_axi_arcache_i,  /// ARCACHE
  input  wire logic [2:0]       s_axi_arprot_i,   /// ARPROT
  input  wire logic [3:0]       s_axi_arqos_i,    /// ARQOS
  output      logic             s_axi_rvalid_o,   /// RVALID
  input  wire logic             s_axi_rready_i,   /// RREADY
  output      logic [IdW-1:0]   s_axi_rid_o,      /// RID
  output      logic [63:0]      s_axi_rdata_o,    /// RDATA
  output      logic [1:0]       s_axi_rresp_o,    /// RRESP (the wide beat's; at 32 the worse of two)
  output      logic             s_axi_rlast_o,    /// RLAST (the narrow burst's last beat)
  // the DataW-bit port, this block its master
  output      logic             m_axi_awvalid_o,  /// AWVALID
  input  wire logic             m_axi_awready_i,  /// AWREADY
  output      logic [IdW-1:0]   m_axi_awid_o,     /// AWID
  output      logic [AddrW-1:0] m_axi_awaddr_o,   /// AWADDR
  output      logic [7:0]       m_axi_awlen_o,    /// AWLEN
  output      logic [2:0]       m_axi_awsize_o,   /// AWSIZE
  output      logic [1:0]       m_axi_awburst_o,  /// AWBURST
  output      logic             m_axi_awlock_o,   /// AWLOCK
  output      logic [3:0]       m_axi_awcache_o,  /// AWCACHE
  output      logic [2:0]       m_axi_awprot_o,   /// AWPROT
  output      logic [3:0]       m_axi_awqos_o,    /// AWQOS
  output      logic             m_axi_wvalid_o,   /// WVALID
  input  wire logic             m_axi_wready_i,   /// WREADY
  output      logic [DataW-1:0] m_axi_wdata_o,    /// WDATA
  output      logic [SW-1:0]    m_axi_wstrb_o,    /// WSTRB
  output      logic             m_axi_wlast_o,    /// WLAST
  input  wire logic             m_axi_bvalid_i,   /// BVALID
  output      logic             m_axi_bready_o,   /// BREADY
  input  wire logic [IdW-1:0]   m_axi_bid_i,      /// BID
  input  wire logic [1:0]       m_axi_bresp_i,    /// BRESP
  output      logic             m_axi_arvalid_o,  /// ARVALID
  input  wire logic             m_axi_arready_i,  /// ARREADY
  output      logic [IdW-1:0]   m_axi_arid_o,     /// ARID
  output      logic [AddrW-1:0] m_axi_araddr_o,   /// ARADDR
  output      logic [7:0]       m_axi_arlen_o,    /// ARLEN
  output      logic [2:0]       m_axi_arsize_o,   /// ARSIZE
  output      logic [1:0]       m_axi_arburst_o,  /// ARBURST
  output      logic             m_axi_arlock_o,   /// ARLOCK
  output      logic [3:0]       m_axi_arcache_o,  /// ARCACHE
  output      logic [2:0]       m_axi_arprot_o,   /// ARPROT
  output      logic [3:0]       m_axi_arqos_o,    /// ARQOS
  input  wire logic             m_axi_rvalid_i,   /// RVALID
  output      logic             m_axi_rready_o,   /// RREADY
  input  wire logic [IdW-1:0]   m_axi_rid_i,      /// RID
  input  wire logic [DataW-1:0] m_axi_rdata_i,    /// RDATA
  input  wire logic [1:0]       m_axi_rresp_i,    /// RRESP
  input  wire logic             m_axi_rlast_i     /// RLAST
);
  // B passes through at every width.
  assign s_axi_bvalid_o = m_axi_bvalid_i;
  assign m_axi_bready_o = s_axi_bready_i;
  assign s_axi_bid_o    = m_axi_bid_i;
  assign s_axi_bresp_o  = m_axi_bresp_i;

  if (DataW == 64) begin : gen_wires
    logic unused_clk;  // no state at this width
    assign unused_clk = ^{clk_i, rst_i};
    assign s_axi_awready_o = m_axi_awready_i;
    assign m_axi_awvalid_o = s_axi_awvalid_i;
    assign m_axi_awid_o    = s_axi_awid_i;
    assign m_axi_awaddr_o  = s_axi_awaddr_i;
    assign m_axi_awlen_o   = s_axi_awlen_i;
    assign m_axi_awsize_o  = s_axi_awsize_i;
    assign {m_axi_awburst_o, m_axi_awlock_o, m_axi_awcache_o, m_axi_awprot_o, m_axi_awqos_o} =
           {s_axi_awburst_i, s_axi_awlock_i, s_axi_awcache_i, s_axi_awprot_i, s_axi_awqos_i};
    assign s_axi_wready_o  = m_axi_wready_i;
    assign m_axi_wvalid_o  = s_axi_wvalid_i;
    assign m_axi_wdata_o   = s_axi_wdata_i;
    assign m_axi_wstrb_o   = s_axi_wstrb_i;
    assign m_axi_wlast_o   = s_axi_wlast_i;
    assign s_axi_arready_o = m_axi_arready_i;
    assign m_axi_arvalid_o = s_axi_arvalid_i;
    assign m_axi_arid_o    = s_axi_arid_i;
    assign m_axi_araddr_o  = s_axi_araddr_i;
    assign m_axi_arlen_o   = s_axi_arlen_i;
    assign m_axi_arsize_o  = s_axi_arsize_i;
    assign {m_axi_arburst_o, m_axi_arlock_o, m_axi_arcache_o, m_axi_arprot_o, m_axi_arqos_o} =
           {s_axi_arburst_i, s_axi_arlock_i, s_axi_arcache_i, s_axi_arprot_i, s_axi_arqos_i};
    assign s_axi_rvalid_o  = m_axi_rvalid_i;
    assign m_axi_rready_o  = s_axi_rready_i;
    assign s_axi_rid_o     = m_axi_rid_i;
    assign s_axi_rdata_o   = m_axi_rdata_i;
    assign s_axi_rresp_o   = m_axi_rresp_i;
    assign s_axi_rlast_o   = m_axi_rlast_i;
  end else if (DataW == 32 || DataW == 128 || DataW == 256) begin : gen_conv
    // bits of a lane index: of the 8-byte lane in a wide beat (upsizer), of the 4-byte
    // half in an 8-byte beat (downsizer)
    localparam int unsigned LW = DataW == 32 ? 1 : $clog2(DataW / 64);

    // ---- addresses: a register each, the bursts' shapes in a FIFO each -----------------
    logic          wi_valid, wi_pop, ri_valid, ri_pop;
    logic [LW-1:0] wi_lane, ri_lane;
    logic [7:0]    wi_len, wi_wlen, ri_len, ri_wlen;

    gx_axi_width_ax #(.DataW(DataW), .AddrW(AddrW), .IdW(IdW)) u_aw (
      .clk_i, .rst_i,
      .s_valid_i(s_axi_awvalid_i), .s_ready_o(s_axi_awready_o), .s_id_i(s_axi_awid_i),
      .s_addr_i(s_axi_awaddr_i), .s_len_i(s_axi_awlen_i),
      .s_attr_i({s_axi_awburst_i, s_axi_awlock_i, s_axi_awcache_i, s_axi_awprot_i,
                 s_axi_awqos_i}),
      .m_valid_o(m_axi_awvalid_o), .m_ready_i(m_axi_awready_i), .m_id_o(m_axi_awid_o),
      .m_addr_o(m_axi_awaddr_o), .m_len_o(m_axi_awlen_o), .m_size_o(m_axi_awsize_o),
      .m_attr_o({m_axi_awburst_o, m_axi_awlock_o, m_axi_awcache_o, m_axi_awprot_o,
                 m_axi_awqos_o}),
      .info_valid_o(wi_valid), .info_lane_o(wi_lane), .info_len_o(wi_len),
      .info_wlen_o(wi_wlen), .info_pop_i(wi_pop)
    );
    gx_axi_width_ax #(.DataW(DataW), .AddrW(AddrW), .IdW(IdW)) u_ar (
      .clk_i, .rst_i,
      .s_valid_i(s_axi_arvalid_i), .s_ready_o(s_axi_arready_o), .s_id_i(s_axi_arid_i),
      .s_addr_i(s_axi_araddr_i), .s_len_i(s_axi_arlen_i),
      .s_attr_i({s_axi_arburst_i, s_axi_arlock_i, s_axi_arcache_i, s_axi_arprot_i,
                 s_axi_arqos_i}),
      .m_valid_o(m_axi_arvalid_o), .m_ready_i(m_axi_arready_i), .m_id_o(m_axi_arid_o),
      .m_addr_o(m_axi_araddr_o), .m_len_o(m_axi_arlen_o), .m_size_o(m_axi_arsize_o),
      .m_attr_o({m_axi_arburst_o, m_axi_arlock_o, m_axi_arcache_o, m_axi_arprot_o,
                 m_axi_arqos_o}),
      .info_valid_o(ri_valid), .info_lane_o(ri_lane), .info_len_o(ri_len),
      .info_wlen_o(ri_wlen), .info_pop_i(ri_pop)
    );

    // The narrow master: 8-byte beats.
    `GX_ASSUME(SSize_M, (!s_axi_awvalid_i || s_axi_awsize_i == 3'd3) &&
                        (!s_axi_arvalid_i || s_axi_arsize_i == 3'd3))

    if (DataW == 32) begin : gen_down
      // ---- W: each 8-byte beat split into its 4-byte beats in a shift register -------
      // w_v_q: the register holds a 4-byte beat to give (WVALID), in its low half;
      // w_two_q: and the next one in its high half; w_last_q: the 8-byte beat was the
      // narrow burst's last (WLAST on its last 4-byte beat); w_first_q: the next 8-byte
      // beat is a burst's first, whose lower half is dropped when the start address is in
      // its upper half (w_skip: the burst's lane, address bit 2, from the FIFO's head).
      logic        w_v_q, w_two_q, w_last_q, w_first_q, sw_hs, mw_hs, w_skip;
      logic [63:0] w_data_q;
      logic [7:0]  w_strb_q;
      // for the properties: the narrow beats taken and the 4-byte beats given in the
      // current burst, its AxLEN at 32 bits
      logic [7:0]  w_n_q, w_beats_q, w_wlen_q;

      assign s_axi_wready_o = wi_valid && (!w_v_q || (m_axi_wready_i && !w_two_q));
      assign sw_hs  = s_axi_wvalid_i && s_axi_wready_o;
      assign mw_hs  = w_v_q && m_axi_wready_i;
      assign w_skip = w_first_q && wi_lane[0];
      assign wi_pop = sw_hs && s_axi_wlast_i;

      always_ff @(posedge clk_i) begin
        if (rst_i) begin
          w_v_q     <= 1'b0;
          w_two_q   <= 1'b0;
          w_first_q <= 1'b1;
          w_n_q     <= '0;
          w_beats_q <= '0;
        end else begin
          if (sw_hs) begin
            w_v_q     <= 1'b1;
            w_two_q   <= !w_skip;
            w_first_q <= s_axi_wlast_i;
            w_n_q     <= s_axi_wlast_i ? 8'd0 : w_n_q + 8'd1;
          end else if (mw_hs) begin
            w_v_q   <= w_two_q;
            w_two_q <= 1'b0;
          end
          if (mw_hs) w_beats_q <= m_axi_wlast_o ? 8'd0 : w_beats_q + 8'd1;
        end
      end
      always_ff @(posedge clk_i) begin
        if (sw_hs) begin
          w_data_q <= w_skip ? {32'd0, s_axi_wdata_i[63:32]} : s_axi_wdata_i;
          w_strb_q <= w_skip ? {4'd0, s_axi_wstrb_i[7:4]} : s_axi_wstrb_i;
          w_last_q <= s_axi_wlast_i;
        end else if (mw_hs) begin
          w_data_q <= w_data_q >> 32;
          w_strb_q <= w_strb_q >> 4;
        end
        if (sw_hs && w_first_q) w_wlen_q <= wi_wlen;
      end

      assign m_axi_wvalid_o = w_v_q;
      assign m_axi_wdata_o  = w_data_q[31:0];
      assign m_axi_wstrb_o  = w_strb_q[3:0];
      assign m_axi_wlast_o  = w_last_q && !w_two_q;

      // ---- R: two 4-byte beats (one at a burst's start in an upper half) assembled ----
      // r_v_q: the register holds a whole 8-byte beat (RVALID); r_lo_q: its low half
      // holds a 4-byte beat, the high half awaited; r_first_q: the next 4-byte beat is a
      // burst's first (its half is the start address's, from the FIFO's head, popped as
      // it is taken). A 4-byte beat is taken while the register is free or being taken,
      // so a narrow beat every two clocks at most, the 32-bit side at one beat a clock.
      logic        r_v_q, r_lo_q, r_first_q, r_last_q, sr_hs, mr_hs, r_up;
      logic [63:0] r_data_q;
      logic [IdW-1:0] r_id_q;
      logic [1:0]  r_resp_q;
      // for the properties: the 4-byte beats taken and the narrow beats given in the
      // current burst, the burst's start half, AxLEN at 32 bits and narrow AxLEN
      logic        r_h_q;
      logic [7:0]  r_beats_q, r_n_q, r_wlen_q, r_len_q;

      assign sr_hs   = r_v_q && s_axi_rready_i;
      assign m_axi_rready_o = (!r_first_q || ri_valid) && (!r_v_q || s_axi_rready_i);
      assign mr_hs   = m_axi_rvalid_i && m_axi_rready_o;
      assign ri_pop  = mr_hs && r_first_q;
      assign r_up    = r_first_q ? ri_lane[0] : r_lo_q;

      always_ff @(posedge clk_i) begin
        if (rst_i) begin
          r_v_q     <= 1'b0;
          r_lo_q    <= 1'b0;
          r_first_q <= 1'b1;
          r_beats_q <= '0;
          r_n_q     <= '0;
        end else begin
          if (mr_hs) begin
            r_v_q     <= r_up;
            r_lo_q    <= !r_up;
            r_first_q <= m_axi_rlast_i;
            r_beats_q <= m_axi_rlast_i ? 8'd0 : r_beats_q + 8'd1;
          end else if (sr_hs) begin
            r_v_q <= 1'b0;
          end
          if (sr_hs) r_n_q <= s_axi_rlast_o ? 8'd0 : r_n_q + 8'd1;
        end
      end
      // RRESP: the worse of the two 4-byte beats' (DECERR > SLVERR > OKAY); RID the
      // upper beat's (one burst, one ID).
      always_ff @(posedge clk_i) begin
        if (mr_hs && !r_up) begin
          r_data_q[31:0] <= m_axi_rdata_i;
          r_resp_q       <= m_axi_rresp_i;
        end
        if (mr_hs && r_up) begin
          r_data_q[63:32] <= m_axi_rdata_i;
          r_resp_q <= r_lo_q && r_resp_q > m_axi_rresp_i ? r_resp_q : m_axi_rresp_i;
          r_id_q   <= m_axi_rid_i;
          r_last_q <= m_axi_rlast_i;
        end
        if (mr_hs && r_first_q) begin
          r_h_q    <= ri_lane[0];
          r_wlen_q <= ri_wlen;
          r_len_q  <= ri_len;
        end
      end

      assign s_axi_rvalid_o = r_v_q;
      assign s_axi_rdata_o  = r_data_q;
      assign s_axi_rid_o    = r_id_q;
      assign s_axi_rresp_o  = r_resp_q;
      assign s_axi_rlast_o  = r_last_q;

      // ---- properties -----------------------------------------------------------------
      // The narrow master: WLAST on its AWLEN-th beat (counted from the burst's shape in
      // the FIFO). The 32-bit slave: RLAST on its ARLEN-th beat.
      `GX_ASSUME(SWLast_M, !(s_axi_wvalid_i && wi_valid) || s_axi_wlast_i == (w_n_q == wi_len))
      `GX_ASSUME(MRLast_M, !mr_hs || m_axi_rlast_i == (r_first_q ? ri_wlen == 8'd0
                                                                 : r_beats_q == r_wlen_q))
      // W: WVALID and its payload held until taken; WLAST on the AWLEN-th 4-byte beat of
      // the burst.
      `GX_ASSERT(WHold_A, !`GX_PAST_OK || !$past(w_v_q && !m_axi_wready_i) ||
                          (w_v_q && w_data_q[31:0] == $past(w_data_q[31:0]) &&
                           w_strb_q[3:0] == $past(w_strb_q[3:0]) &&
                           m_axi_wlast_o == $past(m_axi_wlast_o)))
      `GX_ASSERT(WLast_A, !w_v_q || m_axi_wlast_o == (w_beats_q == w_wlen_q))
      // the count behind it: within a burst, the 4-byte beats given and held are two a
      // narrow beat taken, less the first's lower half when it started in its upper half
      `GX_ASSERT(WMid_A, w_first_q || (wi_valid && w_n_q != 8'd0 && w_n_q <= wi_len &&
                                       w_wlen_q == wi_wlen && !w_last_q &&
                                       9'(w_beats_q) + (w_v_q ? 9'(w_two_q) + 9'd1 : 9'd0) ==
                                         (9'(w_n_q) << 1) - 9'(wi_lane)))
      `GX_ASSERT(WIdle_A, !w_first_q || (w_n_q == 8'd0 &&
                                         (w_v_q ? w_last_q && 9'(w_beats_q) + 9'(w_two_q) ==
                                                                9'(w_wlen_q)
                                                : w_beats_q == 8'd0 && !w_two_q)))
      // R: the narrow RVALID and its payload held until taken; RLAST on the ARLEN-th
      // narrow beat: within a burst the narrow beats given and held are the 4-byte beats
      // taken, plus the start half, halved.
      `GX_ASSERT(RHold_A, !`GX_PAST_OK || !$past(r_v_q && !s_axi_rready_i) ||
                          (r_v_q && r_data_q == $past(r_data_q) && r_last_q == $past(r_last_q) &&
                           r_id_q == $past(r_id_q) && r_resp_q == $past(r_resp_q)))
      `GX_ASSERT(RLast_A, !r_v_q || r_last_q == (r_n_q == r_len_q))
      `GX_ASSERT(RMid_A, r_first_q || (!(r_v_q && r_last_q) && !(r_v_q && r_lo_q) &&
                                       r_len_q < 8'd128 &&
                                       r_wlen_q == 8'((9'(r_len_q) << 1) + 9'd1 - 9'(r_h_q)) &&
                                       r_beats_q != 8'd0 && r_beats_q <= r_wlen_q &&
                                       9'(r_n_q) + 9'(r_v_q) ==
                                         (9'(r_beats_q) + 9'(r_h_q)) >> 1 &&
                                       r_lo_q == (r_beats_q[0] ^ r_h_q)))
      `GX_ASSERT(RIdle_A, !r_first_q || (r_beats_q == 8'd0 && !r_lo_q &&
                                         (r_v_q ? r_last_q && r_n_q == r_len_q
                                                : r_n_q == 8'd0)))
      `GX_COVER(WSkip_C, sw_hs && w_skip && !s_axi_wlast_i)
      `GX_COVER(WPartial_C, w_v_q && !(&w_strb_q[3:0]) && w_strb_q[3:0] != '0)
      `GX_COVER(WFullRate_C, sw_hs && mw_hs)
      `GX_COVER(WLong_C, wi_pop && wi_len == 8'd3)
      `GX_COVER(RSkip_C, mr_hs && r_first_q && ri_lane[0] && !m_axi_rlast_i)
      `GX_COVER(RFullRate_C, sr_hs && mr_hs)
      `GX_COVER(RLong_C, sr_hs && s_axi_rlast_o && r_len_q == 8'd3)
      `GX_COVER(RSingle_C, sr_hs && s_axi_rlast_o && r_len_q == 8'd0)
    end else begin : gen_up
      localparam int unsigned R = DataW / 64;  // 8-byte lanes a wide beat

      // ---- W: the narrow beats packed in place in the output register ------------------
      // w_v_q: the register holds a whole wide beat (WVALID); else it holds the lanes of a
      // wide beat being packed (their strobes), or none. w_lane_q: the next narrow beat's
      // lane, when it is not a burst's first (w_first_q: then its lane is the address's).
      logic             w_v_q, w_v_d, w_last_q, w_first_q, sw_hs, mw_hs, w_full;
      logic [DataW-1:0] w_data_q, w_data_d;
      logic [SW-1:0]    w_strb_q, w_strb_d;
      logic [LW-1:0]    w_lane_q, w_lane;
      // for the properties: the narrow beats taken and the wide beats given in the
      // current burst, its wide AxLEN
      logic [7:0]       w_n_q, w_beats_q, w_wlen_q;

      assign s_axi_wready_o = wi_valid && (!w_v_q || m_axi_wready_i);
      assign sw_hs  = s_axi_wvalid_i && s_axi_wready_o;
      assign mw_hs  = w_v_q && m_axi_wready_i;
      assign w_lane = w_first_q ? wi_lane : w_lane_q;
      assign w_full = sw_hs && (w_lane == LW'(R - 1) || s_axi_wlast_i);
      assign wi_pop = sw_hs && s_axi_wlast_i;
      assign w_v_d  = w_full || (w_v_q && !m_axi_wready_i);

      always_comb begin
        w_data_d = w_data_q;
        w_strb_d = mw_hs ? '0 : w_strb_q;
        if (sw_hs) begin
          w_data_d[64 * w_lane +: 64] = s_axi_wdata_i;
          w_strb_d[8 * w_lane +: 8]   = s_axi_wstrb_i;
        end
      end

      always_ff @(posedge clk_i) begin
        if (rst_i) begin
          w_v_q     <= 1'b0;
          w_first_q <= 1'b1;
          w_strb_q  <= '0;
          w_beats_q <= '0;
          w_n_q     <= '0;
        end else begin
          w_v_q    <= w_v_d;
          w_strb_q <= w_strb_d;
          if (sw_hs) w_first_q <= s_axi_wlast_i;
          if (sw_hs) w_n_q <= s_axi_wlast_i ? 8'd0 : w_n_q + 8'd1;
          if (mw_hs) w_beats_q <= m_axi_wlast_o ? 8'd0 : w_beats_q + 8'd1;
        end
      end
      always_ff @(posedge clk_i) begin
        w_data_q <= w_data_d;
        if (sw_hs) w_lane_q <= w_lane + 1'b1;
        if (w_full) w_last_q <= s_axi_wlast_i;
        if (sw_hs && w_first_q) w_wlen_q <= wi_wlen;
      end

      assign m_axi_wvalid_o = w_v_q;
      assign m_axi_wdata_o  = w_data_q;
      assign m_axi_wstrb_o  = w_strb_q;
      assign m_axi_wlast_o  = w_last_q;

      // ---- R: each wide beat unpacked from a shift register ---------------------------
      // r_v_q: the register holds narrow beats of a wide beat, the next in its low 64
      // bits; r_left_q: the wide beat's narrow beats after this one; r_cnt_q: the narrow
      // burst's beats after this one (RLAST at 0); r_first_q: the next wide beat is a
      // burst's first (its lanes start at the address's, its shape is the FIFO's head,
      // popped as it is taken).
      logic             r_v_q, r_v_d, r_first_q, sr_hs, mr_hs, r_drain;
      logic [DataW-1:0] r_data_q, r_data_d;
      logic [LW-1:0]    r_left_q, r_left_d, r_lane;
      logic [7:0]       r_cnt_q, r_cnt_d;
      logic [IdW-1:0]   r_id_q;
      logic [1:0]       r_resp_q;
      // for the properties: the wide beats taken in the current burst, its wide AxLEN
      logic [7:0]       r_beats_q, r_wlen_q;

      assign sr_hs   = r_v_q && s_axi_rready_i;
      assign r_drain = sr_hs && (r_left_q == '0 || r_cnt_q == 8'd0);
      assign m_axi_rready_o = (!r_first_q || ri_valid) && (!r_v_q || r_drain);
      assign mr_hs   = m_axi_rvalid_i && m_axi_rready_o;
      assign ri_pop  = mr_hs && r_first_q;
      assign r_lane  = r_first_q ? ri_lane : '0;
      assign r_v_d   = mr_hs || (r_v_q && !r_drain);

      always_comb begin
        r_data_d = r_data_q;
        r_left_d = r_left_q;
        r_cnt_d  = r_cnt_q;
        if (sr_hs) begin
          r_data_d = r_data_q >> 64;
          r_left_d = r_left_q - 1'b1;
          r_cnt_d  = r_cnt_q - 8'd1;
        end
        if (mr_hs) begin
          r_data_d = m_axi_rdata_i >> (64 * r_lane);
          r_left_d = LW'(R - 1) - r_lane;
          if (r_first_q) r_cnt_d = ri_len;
        end
      end

      always_ff @(posedge clk_i) begin
        if (rst_i) begin
          r_v_q     <= 1'b0;
          r_first_q <= 1'b1;
          r_beats_q <= '0;
        end else begin
          r_v_q <= r_v_d;
          if (mr_hs) r_first_q <= m_axi_rlast_i;
          if (mr_hs) r_beats_q <= m_axi_rlast_i ? 8'd0 : r_beats_q + 8'd1;
        end
      end
      always_ff @(posedge clk_i) begin
        r_data_q <= r_data_d;
        r_left_q <= r_left_d;
        r_cnt_q  <= r_cnt_d;
        if (mr_hs) begin
          r_id_q   <= m_axi_rid_i;
          r_resp_q <= m_axi_rresp_i;
        end
        if (mr_hs && r_first_q) r_wlen_q <= ri_wlen;
      end

      assign s_axi_rvalid_o = r_v_q;
      assign s_axi_rdata_o  = r_data_q[63:0];
      assign s_axi_rid_o    = r_id_q;
      assign s_axi_rresp_o  = r_resp_q;
      assign s_axi_rlast_o  = r_cnt_q == 8'd0;

      // ---- properties -------------------------------------------------------------------
      // The narrow master: WLAST on its AWLEN-th beat (counted from the
      // burst's shape in the FIFO; a beat before its address is not constrained here, the
      // adapter does not take it). The wide slave: RLAST on its ARLEN-th beat (the R side
      // trusts it to find the next burst).
      `GX_ASSUME(SWLast_M, !(s_axi_wvalid_i && wi_valid) || s_axi_wlast_i == (w_n_q == wi_len))
      `GX_ASSUME(MRLast_M, !mr_hs || m_axi_rlast_i == (r_first_q ? ri_wlen == 8'd0
                                                                 : r_beats_q == r_wlen_q))
      // W: WVALID and its payload held until taken; WLAST on the AWLEN-th wide beat of the
      // burst (the wide AxLEN of the address it follows: the same FIFO order).
      `GX_ASSERT(WHold_A, !`GX_PAST_OK || !$past(w_v_q && !m_axi_wready_i) ||
                          (w_v_q && w_data_q == $past(w_data_q) && w_strb_q == $past(w_strb_q) &&
                           w_last_q == $past(w_last_q)))
      `GX_ASSERT(WLast_A, !w_v_q || w_last_q == (w_beats_q == w_wlen_q))
      // the count behind it: within a burst, the wide beats completed (given, and the one
      // held) are those the narrow beats taken fill from the start lane
      `GX_ASSERT(WMid_A, w_first_q || (wi_valid && w_n_q != 8'd0 && w_n_q <= wi_len &&
                                       w_wlen_q == wi_wlen && !(w_v_q && w_last_q) &&
                                       w_lane_q == LW'(9'(wi_lane) + 9'(w_n_q)) &&
                                       (9'(wi_lane) + 9'(w_n_q)) >> LW ==
                                         9'(w_beats_q) + 9'(w_v_q)))
      `GX_ASSERT(WIdle_A, !w_first_q || (w_n_q == 8'd0 &&
                                         (w_v_q ? w_last_q && w_beats_q == w_wlen_q
                                                : w_beats_q == 8'd0)))
      // R: the narrow RVALID and its payload held until taken; RLAST (r_cnt_q 0) in the
      // wide burst's last beat and in no other: the narrow beats left fill exactly the
      // wide beats the slave has left.
      `GX_ASSERT(RHold_A, !`GX_PAST_OK || !$past(r_v_q && !s_axi_rready_i) ||
                          (r_v_q && r_data_q[63:0] == $past(r_data_q[63:0]) &&
                           r_cnt_q == $past(r_cnt_q) && r_id_q == $past(r_id_q) &&
                           r_resp_q == $past(r_resp_q)))
      `GX_ASSERT(RLastBeat_A, !r_v_q || r_first_q == (r_cnt_q <= 8'(r_left_q)))
      `GX_ASSERT(RMid_A, r_first_q || r_beats_q <= r_wlen_q && (r_v_q
          ? (9'(r_cnt_q) > 9'(r_left_q) &&
             ((9'(r_cnt_q) - 9'(r_left_q) - 9'd1) >> LW) == 9'(r_wlen_q) - 9'(r_beats_q))
          : (9'(r_cnt_q) >> LW) == 9'(r_wlen_q) - 9'(r_beats_q)))
      `GX_ASSERT(RIdle_A, !r_first_q || r_beats_q == 8'd0)
      `GX_COVER(WPartial_C, w_v_q && !(&w_strb_q) && w_strb_q != '0)
      `GX_COVER(WFullRate_C, sw_hs && mw_hs)
      `GX_COVER(WLastLane0_C, w_full && s_axi_wlast_i && w_lane == '0 && !w_first_q)
      `GX_COVER(RUnpack_C, sr_hs && !r_drain)
      `GX_COVER(RFullRate_C, sr_hs && mr_hs)
      `GX_COVER(W32_C, wi_pop && wi_len == 8'd31)
      `GX_COVER(R32_C, ri_pop && ri_len == 8'd31)
      `GX_COVER(RLastMid_C, sr_hs && s_axi_rlast_o && r_left_q != '0)
    end
  end else begin : gen_bad_width
    $error("gx_axi_width: parameter DataW must be 32, 64, 128 or 256 (got %0d)", DataW);
  end
endmodule

`default_nettype wire
