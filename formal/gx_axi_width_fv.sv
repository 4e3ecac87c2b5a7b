// gx_axi_width_fv: formal harness of gx_axi_width. Every input free, reset in the first
// cycle. The adapter's own properties (rtl/prim/gx_axi_width.sv, gx_axi_width_ax.sv)
// carry the environment's rules (narrow bursts of 8-byte INCR beats inside a 4 KB page,
// WLAST on the narrow AWLEN-th beat, the wide RLAST on the ARLEN-th beat) and the
// adapter's (WLAST on the wide AWLEN-th beat, AxLEN and the page, held payloads); here
// the AXI4 handshake rules of both sides: the narrow master's and the wide slave's VALIDs
// and payloads held until taken (assumed), the adapter's wide VALIDs and payloads held
// and AxSIZE, AxBURST as specified (asserted). DataW comes from the task.
`default_nettype none
`include "gx_assert.svh"

module gx_axi_width_fv #(
  parameter int unsigned DataW = 128,
  localparam int unsigned SW = DataW / 8,
  localparam int unsigned AW = 16,
  localparam int unsigned IW = 2
) (
  input wire logic             clk_i,
  input wire logic             rst_i,
  input wire logic             s_awvalid_i,
  input wire logic [IW-1:0]    s_awid_i,
  input wire logic [AW-1:0]    s_awaddr_i,
  input wire logic [7:0]       s_awlen_i,
  input wire logic [3:0]       s_awcache_i,
  input wire logic             s_wvalid_i,
  input wire logic [63:0]      s_wdata_i,
  input wire logic [7:0]       s_wstrb_i,
  input wire logic             s_wlast_i,
  input wire logic             s_bready_i,
  input wire logic             s_arvalid_i,
  input wire logic [IW-1:0]    s_arid_i,
  input wire logic [AW-1:0]    s_araddr_i,
  input wire logic [7:0]       s_arlen_i,
  input wire logic [3:0]       s_arcache_i,
  input wire logic             s_rready_i,
  input wire logic             m_awready_i,
  input wire logic             m_wready_i,
  input wire logic             m_bvalid_i,
  input wire logic [IW-1:0]    m_bid_i,
  input wire logic [1:0]       m_bresp_i,
  input wire logic             m_arready_i,
  input wire logic             m_rvalid_i,
  input wire logic [IW-1:0]    m_rid_i,
  input wire logic [DataW-1:0] m_rdata_i,
  input wire logic [1:0]       m_rresp_i,
  input wire logic             m_rlast_i
);
  logic             s_awready, s_wready, s_bvalid, s_arready, s_rvalid, s_rlast;
  logic [IW-1:0]    s_bid, s_rid, m_awid, m_arid;
  logic [1:0]       s_bresp, s_rresp, m_awburst, m_arburst;
  logic [63:0]      s_rdata;
  logic             m_awvalid, m_wvalid, m_wlast, m_bready, m_arvalid, m_rready;
  logic [AW-1:0]    m_awaddr, m_araddr;
  logic [7:0]       m_awlen, m_arlen;
  logic [2:0]       m_awsize, m_arsize, m_awprot, m_arprot;
  logic             m_awlock, m_arlock;
  logic [3:0]       m_awcache, m_arcache, m_awqos, m_arqos;
  logic [DataW-1:0] m_wdata;
  logic [SW-1:0]    m_wstrb;

  gx_axi_width #(.DataW(DataW), .AddrW(AW), .IdW(IW)) u_dut (
    .clk_i, .rst_i,
    .s_axi_awvalid_i(s_awvalid_i), .s_axi_awready_o(s_awready), .s_axi_awid_i(s_awid_i),
    .s_axi_awaddr_i(s_awaddr_i), .s_axi_awlen_i(s_awlen_i), .s_axi_awsize_i(3'd3),
    .s_axi_awburst_i(2'b01), .s_axi_awlock_i(1'b0), .s_axi_awcache_i(s_awcache_i),
    .s_axi_awprot_i(3'd0), .s_axi_awqos_i(4'd0),
    .s_axi_wvalid_i(s_wvalid_i), .s_axi_wready_o(s_wready), .s_axi_wdata_i(s_wdata_i),
    .s_axi_wstrb_i(s_wstrb_i), .s_axi_wlast_i(s_wlast_i),
    .s_axi_bvalid_o(s_bvalid), .s_axi_bready_i(s_bready_i), .s_axi_bid_o(s_bid),
    .s_axi_bresp_o(s_bresp),
    .s_axi_arvalid_i(s_arvalid_i), .s_axi_arready_o(s_arready), .s_axi_arid_i(s_arid_i),
    .s_axi_araddr_i(s_araddr_i), .s_axi_arlen_i(s_arlen_i), .s_axi_arsize_i(3'd3),
    .s_axi_arburst_i(2'b01), .s_axi_arlock_i(1'b0), .s_axi_arcache_i(s_arcache_i),
    .s_axi_arprot_i(3'd0), .s_axi_arqos_i(4'd0),
    .s_axi_rvalid_o(s_rvalid), .s_axi_rready_i(s_rready_i), .s_axi_rid_o(s_rid),
    .s_axi_rdata_o(s_rdata), .s_axi_rresp_o(s_rresp), .s_axi_rlast_o(s_rlast),
    .m_axi_awvalid_o(m_awvalid), .m_axi_awready_i(m_awready_i), .m_axi_awid_o(m_awid),
    .m_axi_awaddr_o(m_awaddr), .m_axi_awlen_o(m_awlen), .m_axi_awsize_o(m_awsize),
    .m_axi_awburst_o(m_awburst), .m_axi_awlock_o(m_awlock), .m_axi_awcache_o(m_awcache),
    .m_axi_awprot_o(m_awprot), .m_axi_awqos_o(m_awqos),
    .m_axi_wvalid_o(m_wvalid), .m_axi_wready_i(m_wready_i), .m_axi_wdata_o(m_wdata),
    .m_axi_wstrb_o(m_wstrb), .m_axi_wlast_o(m_wlast),
    .m_axi_bvalid_i(m_bvalid_i), .m_axi_bready_o(m_bready), .m_axi_bid_i(m_bid_i),
    .m_axi_bresp_i(m_bresp_i),
    .m_axi_arvalid_o(m_arvalid), .m_axi_arready_i(m_arready_i), .m_axi_arid_o(m_arid),
    .m_axi_araddr_o(m_araddr), .m_axi_arlen_o(m_arlen), .m_axi_arsize_o(m_arsize),
    .m_axi_arburst_o(m_arburst), .m_axi_arlock_o(m_arlock), .m_axi_arcache_o(m_arcache),
    .m_axi_arprot_o(m_arprot), .m_axi_arqos_o(m_arqos),
    .m_axi_rvalid_i(m_rvalid_i), .m_axi_rready_o(m_rready), .m_axi_rid_i(m_rid_i),
    .m_axi_rdata_i(m_rdata_i), .m_axi_rresp_i(m_rresp_i), .m_axi_rlast_i(m_rlast_i)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);

  // The environment: VALID held until taken with its payload (IHI 0022E A3.2.1), on the
  // narrow master's channels and the wide slave's.
  `GX_ASSUME(SAwHold_M, !`GX_PAST_OK || !$past(s_awvalid_i && !s_awready) ||
             (s_awvalid_i && $stable(s_awid_i) && $stable(s_awaddr_i) && $stable(s_awlen_i) &&
              $stable(s_awcache_i)))
  `GX_ASSUME(SWHold_M, !`GX_PAST_OK || !$past(s_wvalid_i && !s_wready) ||
             (s_wvalid_i && $stable(s_wdata_i) && $stable(s_wstrb_i) && $stable(s_wlast_i)))
  `GX_ASSUME(SArHold_M, !`GX_PAST_OK || !$past(s_arvalid_i && !s_arready) ||
             (s_arvalid_i && $stable(s_arid_i) && $stable(s_araddr_i) && $stable(s_arlen_i) &&
              $stable(s_arcache_i)))
  `GX_ASSUME(MBHold_M, !`GX_PAST_OK || !$past(m_bvalid_i && !m_bready) ||
             (m_bvalid_i && $stable(m_bid_i) && $stable(m_bresp_i)))
  `GX_ASSUME(MRHold_M, !`GX_PAST_OK || !$past(m_rvalid_i && !m_rready) ||
             (m_rvalid_i && $stable(m_rid_i) && $stable(m_rdata_i) && $stable(m_rresp_i) &&
              $stable(m_rlast_i)))

  // The adapter's wide master side: VALID held until taken with its payload; AxSIZE the
  // full width, INCR, the constant fields as given; the narrow side's B and R likewise held.
  `GX_ASSERT(MAwHold_A, !`GX_PAST_OK || !$past(m_awvalid && !m_awready_i) ||
             (m_awvalid && $stable(m_awid) && $stable(m_awaddr) && $stable(m_awlen) &&
              $stable(m_awcache)))
  `GX_ASSERT(MWHold_A, !`GX_PAST_OK || !$past(m_wvalid && !m_wready_i) ||
             (m_wvalid && $stable(m_wdata) && $stable(m_wstrb) && $stable(m_wlast)))
  `GX_ASSERT(MArHold_A, !`GX_PAST_OK || !$past(m_arvalid && !m_arready_i) ||
             (m_arvalid && $stable(m_arid) && $stable(m_araddr) && $stable(m_arlen) &&
              $stable(m_arcache)))
  `GX_ASSERT(SRHold_A, !`GX_PAST_OK || !$past(s_rvalid && !s_rready_i) ||
             (s_rvalid && $stable(s_rid) && $stable(s_rdata) && $stable(s_rresp) &&
              $stable(s_rlast)))
  `GX_ASSERT(MAw_A, !m_awvalid || (m_awsize == 3'($clog2(SW)) && m_awburst == 2'b01 &&
                                    !m_awlock && m_awprot == 3'd0 && m_awqos == 4'd0))
  `GX_ASSERT(MAr_A, !m_arvalid || (m_arsize == 3'($clog2(SW)) && m_arburst == 2'b01 &&
                                    !m_arlock && m_arprot == 3'd0 && m_arqos == 4'd0))

  // Covers: a wide burst from an unaligned lane, a narrow RLAST, back-pressure on every
  // wide channel (the adapter's own covers: rtl/prim/gx_axi_width.sv).
  `GX_COVER(Unaligned_C, m_arvalid && m_araddr[$clog2(SW)-1:0] != '0 && m_arlen != '0)
  `GX_COVER(RLast_C, s_rvalid && s_rlast && s_rready_i)
  `GX_COVER(BackPressure_C, m_awvalid && !m_awready_i && m_wvalid && !m_wready_i &&
                            m_arvalid && !m_arready_i)
  logic unused;
  assign unused = ^{s_awready, s_wready, s_bvalid, s_bid, s_bresp, s_arready, m_bready};
endmodule

`default_nettype wire
