// gx_pipe_regs_axil: gx_pipe's generated register block (gx_pipe_regs, build/gen/) with
// its properties, the top of its cosimulation and the core of its proof
// (gx_pipe_regs_fv): the house clock and reset names, the hardware interface as the
// packed structs hwif_in_i, hwif_out_o (a flat vector to the C side, which reads the
// members' bit positions from build/gen/gx_pipe_regs_hwif.h), and
// - the AXI4-Lite slave rules (gx_axil_slave_fv), the master's rules among them, so a
//   testbench that breaks the protocol fails too;
// - the external counter block's handshake, gx_pipe's side (assumed: ExtRdAck_M,
//   ExtWrAck_M: each request answered once, a read by rd_ack, a write by wr_ack, in the
//   request's clock or later, no acknowledge without a request), and the block's side
//   (ExtOneReq_A: it asks again only once answered);
// - a sticky error raised by hardware is set in the next clock, even in the clock of a
//   write that clears error bits (the fields' hardware precedence, rdl/gx_pipe_regs.rdl).
`default_nettype none
`include "gx_assert.svh"

module gx_pipe_regs_axil #(
  parameter int unsigned AddrWidth = gx_pipe_regs_pkg::GX_PIPE_REGS_MIN_ADDR_WIDTH
) (
  input  wire logic        clk_i,
  input  wire logic        rst_i,
  input  wire logic        aw_valid_i,
  output      logic        aw_ready_o,
  input  wire logic [AddrWidth-1:0] aw_addr_i,
  input  wire logic [2:0]  aw_prot_i,
  input  wire logic        w_valid_i,
  output      logic        w_ready_o,
  input  wire logic [31:0] w_data_i,
  input  wire logic [3:0]  w_strb_i,
  output      logic        b_valid_o,
  input  wire logic        b_ready_i,
  output      logic [1:0]  b_resp_o,
  input  wire logic        ar_valid_i,
  output      logic        ar_ready_o,
  input  wire logic [AddrWidth-1:0] ar_addr_i,
  input  wire logic [2:0]  ar_prot_i,
  output      logic        r_valid_o,
  input  wire logic        r_ready_i,
  output      logic [31:0] r_data_o,
  output      logic [1:0]  r_resp_o,
  input  wire gx_pipe_regs_pkg::gx_pipe_regs__in_t  hwif_in_i,
  output      gx_pipe_regs_pkg::gx_pipe_regs__out_t hwif_out_o
);
  gx_pipe_regs_pkg::gx_pipe_regs__in_t  hwif_in;
  gx_pipe_regs_pkg::gx_pipe_regs__out_t hwif_out;
  assign hwif_in    = hwif_in_i;
  assign hwif_out_o = hwif_out;

  gx_pipe_regs u_dut (
    .clk(clk_i), .rst(rst_i),
    .s_axil_awready(aw_ready_o), .s_axil_awvalid(aw_valid_i), .s_axil_awaddr(aw_addr_i),
    .s_axil_awprot(aw_prot_i),
    .s_axil_wready(w_ready_o), .s_axil_wvalid(w_valid_i), .s_axil_wdata(w_data_i),
    .s_axil_wstrb(w_strb_i),
    .s_axil_bready(b_ready_i), .s_axil_bvalid(b_valid_o), .s_axil_bresp(b_resp_o),
    .s_axil_arready(ar_ready_o), .s_axil_arvalid(ar_valid_i), .s_axil_araddr(ar_addr_i),
    .s_axil_arprot(ar_prot_i),
    .s_axil_rready(r_ready_i), .s_axil_rvalid(r_valid_o), .s_axil_rdata(r_data_o),
    .s_axil_rresp(r_resp_o),
    .hwif_in(hwif_in), .hwif_out(hwif_out)
  );

  gx_axil_slave_fv #(.AddrWidth(AddrWidth), .DataWidth(32), .MaxPending(3)) u_axil (
    .clk_i, .rst_i,
    .aw_valid_i, .aw_ready_i(aw_ready_o), .aw_addr_i, .aw_prot_i,
    .w_valid_i, .w_ready_i(w_ready_o), .w_data_i, .w_strb_i,
    .b_valid_i(b_valid_o), .b_ready_i, .b_resp_i(b_resp_o),
    .ar_valid_i, .ar_ready_i(ar_ready_o), .ar_addr_i, .ar_prot_i,
    .r_valid_i(r_valid_o), .r_ready_i, .r_data_i(r_data_o), .r_resp_i(r_resp_o)
  );

  // The external counter block (hwif_out.CNT, hwif_in.CNT): a request waiting for its
  // acknowledge, and whether it is a write.
  logic ext_pend_q, ext_wr_q, ext_ack;
  assign ext_ack = hwif_in.CNT.rd_ack || hwif_in.CNT.wr_ack;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      ext_pend_q <= 1'b0;
    end else if (hwif_out.CNT.req && !ext_ack) begin
      ext_pend_q <= 1'b1;
    end else if (ext_ack) begin
      ext_pend_q <= 1'b0;
    end
    if (hwif_out.CNT.req) ext_wr_q <= hwif_out.CNT.req_is_wr;
  end
  `GX_ASSUME(ExtRdAck_M, !hwif_in.CNT.rd_ack ||
                         (hwif_out.CNT.req ? !hwif_out.CNT.req_is_wr : ext_pend_q && !ext_wr_q))
  `GX_ASSUME(ExtWrAck_M, !hwif_in.CNT.wr_ack ||
                         (hwif_out.CNT.req ? hwif_out.CNT.req_is_wr : ext_pend_q && ext_wr_q))
  `GX_ASSERT(ExtOneReq_A, !hwif_out.CNT.req || !ext_pend_q)
  `GX_COVER(ExtRead_C, hwif_in.CNT.rd_ack && ext_pend_q)
  `GX_COVER(ExtWrite_C, hwif_in.CNT.wr_ack && hwif_out.CNT.req)

  `GX_ASSERT(CmdErrKept_A, !`GX_PAST_OK || !$past(hwif_in.STATUS.CMD_ERR.hwset) ||
                           hwif_out.STATUS.CMD_ERR.value)
  `GX_ASSERT(CfgErrKept_A, !`GX_PAST_OK || !$past(hwif_in.STATUS.CFG_ERR.hwset) ||
                           hwif_out.STATUS.CFG_ERR.value)
  `GX_ASSERT(MemErrKept_A, !`GX_PAST_OK || !$past(hwif_in.STATUS.MEM_ERR.hwset) ||
                           hwif_out.STATUS.MEM_ERR.value)
endmodule

`default_nettype wire
