// gx_axi_width_sweep: the cosimulation's and lint's top of gx_axi_width: the adapter at
// each supported DataW side by side, instance k at 32 << k bits (32 the downsizer, 64
// wires, 128 and 256 the upsizer), each with its own 64-bit slave port and DataW-bit
// master port. Fields of instance k are element k of the packed arrays; the DataW data
// of instance k are bits [32 * (2^k - 1) +: 32 << k] of m_wdata_o / m_rdata_i (strobes
// likewise, in bytes).
`default_nettype none

module gx_axi_width_sweep #(
  localparam int unsigned N  = 4,    /// instances: DataW 32, 64, 128, 256
  localparam int unsigned DB = 480,  /// wide data bits of all instances: 32 + ... + 256
  localparam int unsigned AW = 64,   /// address bits
  localparam int unsigned IW = 4     /// ID bits
) (
  input  wire logic                 clk_i,            /// clock, rising edge
  input  wire logic                 rst_i,            /// synchronous reset, active high
  input  wire logic [N-1:0]         s_awvalid_i,      /// narrow AWVALID
  output      logic [N-1:0]         s_awready_o,      /// narrow AWREADY
  input  wire logic [N-1:0][AW-1:0] s_awaddr_i,       /// narrow AWADDR
  input  wire logic [N-1:0][7:0]    s_awlen_i,        /// narrow AWLEN
  input  wire logic [N-1:0]         s_wvalid_i,       /// narrow WVALID
  output      logic [N-1:0]         s_wready_o,       /// narrow WREADY
  input  wire logic [N-1:0][63:0]   s_wdata_i,        /// narrow WDATA
  input  wire logic [N-1:0][7:0]    s_wstrb_i,        /// narrow WSTRB
  input  wire logic [N-1:0]         s_wlast_i,        /// narrow WLAST
  output      logic [N-1:0]         s_bvalid_o,       /// narrow BVALID
  input  wire logic [N-1:0]         s_bready_i,       /// narrow BREADY
  output      logic [N-1:0][1:0]    s_bresp_o,        /// narrow BRESP
  input  wire logic [N-1:0]         s_arvalid_i,      /// narrow ARVALID
  output      logic [N-1:0]         s_arready_o,      /// narrow ARREADY
  input  wire logic [N-1:0][AW-1:0] s_araddr_i,       /// narrow ARADDR
  input  wire logic [N-1:0][7:0]    s_arlen_i,        /// narrow ARLEN
  output      logic [N-1:0]         s_rvalid_o,       /// narrow RVALID
  input  wire logic [N-1:0]         s_rready_i,       /// narrow RREADY
  output      logic [N-1:0][63:0]   s_rdata_o,        /// narrow RDATA
  output      logic [N-1:0][1:0]    s_rresp_o,        /// narrow RRESP
  output      logic [N-1:0]         s_rlast_o,        /// narrow RLAST
  output      logic [N-1:0]         m_awvalid_o,      /// wide AWVALID
  input  wire logic [N-1:0]         m_awready_i,      /// wide AWREADY
  output      logic [N-1:0][AW-1:0] m_awaddr_o,       /// wide AWADDR
  output      logic [N-1:0][7:0]    m_awlen_o,        /// wide AWLEN
  output      logic [N-1:0][2:0]    m_awsize_o,       /// wide AWSIZE
  output      logic [N-1:0][1:0]    m_awburst_o,      /// wide AWBURST
  output      logic [N-1:0][3:0]    m_awcache_o,      /// wide AWCACHE
  output      logic [N-1:0]         m_wvalid_o,       /// wide WVALID
  input  wire logic [N-1:0]         m_wready_i,       /// wide WREADY
  output      logic [DB-1:0]        m_wdata_o,        /// wide WDATA, all instances
  output      logic [DB/8-1:0]      m_wstrb_o,        /// wide WSTRB, all instances
  output      logic [N-1:0]         m_wlast_o,        /// wide WLAST
  input  wire logic [N-1:0]         m_bvalid_i,       /// wide BVALID
  output      logic [N-1:0]         m_bready_o,       /// wide BREADY
  input  wire logic [N-1:0][1:0]    m_bresp_i,        /// wide BRESP
  output      logic [N-1:0]         m_arvalid_o,      /// wide ARVALID
  input  wire logic [N-1:0]         m_arready_i,      /// wide ARREADY
  output      logic [N-1:0][AW-1:0] m_araddr_o,       /// wide ARADDR
  output      logic [N-1:0][7:0]    m_arlen_o,        /// wide ARLEN
  output      logic [N-1:0][2:0]    m_arsize_o,       /// wide ARSIZE
  output      logic [N-1:0][1:0]    m_arburst_o,      /// wide ARBURST
  output      logic [N-1:0][3:0]    m_arcache_o,      /// wide ARCACHE
  input  wire logic [N-1:0]         m_rvalid_i,       /// wide RVALID
  output      logic [N-1:0]         m_rready_o,       /// wide RREADY
  input  wire logic [DB-1:0]        m_rdata_i,        /// wide RDATA, all instances
  input  wire logic [N-1:0][1:0]    m_rresp_i,        /// wide RRESP
  input  wire logic [N-1:0]         m_rlast_i         /// wide RLAST
);
  // The fields the testbench does not vary: ID 0 (one ID, as gx_msmem), 8-byte beats,
  // INCR, gx_msmem's AxCACHE; their outputs the monitor checks (size, burst, cache).
  for (genvar k = 0; k < N; k++) begin : gen_inst
    localparam int unsigned DW  = 32 << k;
    localparam int unsigned LSB = 32 * ((1 << k) - 1);
    logic [IW-1:0] awid, arid, bid, rid;
    logic          awlock, arlock;
    logic [2:0]    awprot, arprot;
    logic [3:0]    awqos, arqos;

    gx_axi_width #(.DataW(DW), .AddrW(AW), .IdW(IW)) u_width (
      .clk_i, .rst_i,
      .s_axi_awvalid_i(s_awvalid_i[k]), .s_axi_awready_o(s_awready_o[k]),
      .s_axi_awid_i('0), .s_axi_awaddr_i(s_awaddr_i[k]), .s_axi_awlen_i(s_awlen_i[k]),
      .s_axi_awsize_i(3'd3), .s_axi_awburst_i(2'b01), .s_axi_awlock_i(1'b0),
      .s_axi_awcache_i(4'b0011), .s_axi_awprot_i(3'd0), .s_axi_awqos_i(4'd0),
      .s_axi_wvalid_i(s_wvalid_i[k]), .s_axi_wready_o(s_wready_o[k]),
      .s_axi_wdata_i(s_wdata_i[k]), .s_axi_wstrb_i(s_wstrb_i[k]), .s_axi_wlast_i(s_wlast_i[k]),
      .s_axi_bvalid_o(s_bvalid_o[k]), .s_axi_bready_i(s_bready_i[k]), .s_axi_bid_o(bid),
      .s_axi_bresp_o(s_bresp_o[k]),
      .s_axi_arvalid_i(s_arvalid_i[k]), .s_axi_arready_o(s_arready_o[k]),
      .s_axi_arid_i('0), .s_axi_araddr_i(s_araddr_i[k]), .s_axi_arlen_i(s_arlen_i[k]),
      .s_axi_arsize_i(3'd3), .s_axi_arburst_i(2'b01), .s_axi_arlock_i(1'b0),
      .s_axi_arcache_i(4'b0011), .s_axi_arprot_i(3'd0), .s_axi_arqos_i(4'd0),
      .s_axi_rvalid_o(s_rvalid_o[k]), .s_axi_rready_i(s_rready_i[k]), .s_axi_rid_o(rid),
      .s_axi_rdata_o(s_rdata_o[k]), .s_axi_rresp_o(s_rresp_o[k]), .s_axi_rlast_o(s_rlast_o[k]),
      .m_axi_awvalid_o(m_awvalid_o[k]), .m_axi_awready_i(m_awready_i[k]),
      .m_axi_awid_o(awid), .m_axi_awaddr_o(m_awaddr_o[k]), .m_axi_awlen_o(m_awlen_o[k]),
      .m_axi_awsize_o(m_awsize_o[k]), .m_axi_awburst_o(m_awburst_o[k]),
      .m_axi_awlock_o(awlock), .m_axi_awcache_o(m_awcache_o[k]), .m_axi_awprot_o(awprot),
      .m_axi_awqos_o(awqos),
      .m_axi_wvalid_o(m_wvalid_o[k]), .m_axi_wready_i(m_wready_i[k]),
      .m_axi_wdata_o(m_wdata_o[LSB +: DW]), .m_axi_wstrb_o(m_wstrb_o[LSB / 8 +: DW / 8]),
      .m_axi_wlast_o(m_wlast_o[k]),
      .m_axi_bvalid_i(m_bvalid_i[k]), .m_axi_bready_o(m_bready_o[k]), .m_axi_bid_i('0),
      .m_axi_bresp_i(m_bresp_i[k]),
      .m_axi_arvalid_o(m_arvalid_o[k]), .m_axi_arready_i(m_arready_i[k]),
      .m_axi_arid_o(arid), .m_axi_araddr_o(m_araddr_o[k]), .m_axi_arlen_o(m_arlen_o[k]),
      .m_axi_arsize_o(m_arsize_o[k]), .m_axi_arburst_o(m_arburst_o[k]),
      .m_axi_arlock_o(arlock), .m_axi_arcache_o(m_arcache_o[k]), .m_axi_arprot_o(arprot),
      .m_axi_arqos_o(arqos),
      .m_axi_rvalid_i(m_rvalid_i[k]), .m_axi_rready_o(m_rready_o[k]), .m_axi_rid_i('0),
      .m_axi_rdata_i(m_rdata_i[LSB +: DW]), .m_axi_rresp_i(m_rresp_i[k]),
      .m_axi_rlast_i(m_rlast_i[k])
    );
    // The IDs are 0 in and out, the other fields constant: nothing to observe.
    logic unused;
    assign unused = ^{awid, arid, bid, rid, awlock, arlock, awprot, arprot, awqos, arqos};
  end
endmodule

`default_nettype wire
