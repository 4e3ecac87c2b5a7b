// gx_pipe_regs_fv: formal harness of gx_pipe's generated register block (gx_pipe_regs,
// build/gen/, make regs): its AXI4-Lite slave port checked with gx_axil_slave_fv. Every
// input is free: the master's signals within the master's rules (assumed there), the
// hardware-side inputs (status, error pulses, counter values) unconstrained; reset in
// the first clock. MaxPending = 3: the block holds one address and data beyond the two
// requests its response buffer takes. The counters' external block answers within its
// protocol (assumed here, ExtRdAck_M, ExtWrAck_M: an acknowledge only for a request
// waiting for it, with any delay). Beside the port's rules: the block asks the external
// block again only once answered; a sticky error bit set by hardware is set in the next
// clock whatever software writes; and the generated block's own assertions.
`default_nettype none
`include "gx_assert.svh"

module gx_pipe_regs_fv #(
  parameter int unsigned AddrWidth = gx_pipe_regs_pkg::GX_PIPE_REGS_MIN_ADDR_WIDTH
) (
  input wire logic        clk_i,
  input wire logic        rst_i,
  input wire logic        aw_valid_i,
  input wire logic [AddrWidth-1:0] aw_addr_i,
  input wire logic [2:0]  aw_prot_i,
  input wire logic        w_valid_i,
  input wire logic [31:0] w_data_i,
  input wire logic [3:0]  w_strb_i,
  input wire logic        b_ready_i,
  input wire logic        ar_valid_i,
  input wire logic [AddrWidth-1:0] ar_addr_i,
  input wire logic [2:0]  ar_prot_i,
  input wire logic        r_ready_i,
  input wire gx_pipe_regs_pkg::gx_pipe_regs__in_t hwif_in_i
);
  logic        aw_ready, w_ready, b_valid, ar_ready, r_valid;
  logic [1:0]  b_resp, r_resp;
  logic [31:0] r_data;
  gx_pipe_regs_pkg::gx_pipe_regs__out_t hwif_out;

  gx_pipe_regs u_dut (
    .clk(clk_i), .rst(rst_i),
    .s_axil_awready(aw_ready), .s_axil_awvalid(aw_valid_i), .s_axil_awaddr(aw_addr_i),
    .s_axil_awprot(aw_prot_i),
    .s_axil_wready(w_ready), .s_axil_wvalid(w_valid_i), .s_axil_wdata(w_data_i),
    .s_axil_wstrb(w_strb_i),
    .s_axil_bready(b_ready_i), .s_axil_bvalid(b_valid), .s_axil_bresp(b_resp),
    .s_axil_arready(ar_ready), .s_axil_arvalid(ar_valid_i), .s_axil_araddr(ar_addr_i),
    .s_axil_arprot(ar_prot_i),
    .s_axil_rready(r_ready_i), .s_axil_rvalid(r_valid), .s_axil_rdata(r_data),
    .s_axil_rresp(r_resp),
    .hwif_in(hwif_in_i), .hwif_out(hwif_out)
  );

  gx_axil_slave_fv #(.AddrWidth(AddrWidth), .DataWidth(32), .MaxPending(3)) u_axil (
    .clk_i, .rst_i,
    .aw_valid_i, .aw_ready_i(aw_ready), .aw_addr_i, .aw_prot_i,
    .w_valid_i, .w_ready_i(w_ready), .w_data_i, .w_strb_i,
    .b_valid_i(b_valid), .b_ready_i, .b_resp_i(b_resp),
    .ar_valid_i, .ar_ready_i(ar_ready), .ar_addr_i, .ar_prot_i,
    .r_valid_i(r_valid), .r_ready_i, .r_data_i(r_data), .r_resp_i(r_resp)
  );

  // The external counter block (hwif_out.CNT, hwif_in.CNT), gx_pipe's side: each request
  // answered once, a read by rd_ack, a write by wr_ack, in the request's clock or later;
  // no acknowledge without a request. The data is free.
  logic ext_pend_q, ext_wr_q, ext_ack;
  assign ext_ack = hwif_in_i.CNT.rd_ack || hwif_in_i.CNT.wr_ack;
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
  `GX_ASSUME(ExtRdAck_M, !hwif_in_i.CNT.rd_ack ||
                         (hwif_out.CNT.req ? !hwif_out.CNT.req_is_wr : ext_pend_q && !ext_wr_q))
  `GX_ASSUME(ExtWrAck_M, !hwif_in_i.CNT.wr_ack ||
                         (hwif_out.CNT.req ? hwif_out.CNT.req_is_wr : ext_pend_q && ext_wr_q))
  // the block asks again only once answered
  `GX_ASSERT(ExtOneReq_A, !hwif_out.CNT.req || !ext_pend_q)
  `GX_COVER(ExtRead_C, hwif_in_i.CNT.rd_ack && ext_pend_q)
  `GX_COVER(ExtWrite_C, hwif_in_i.CNT.wr_ack && hwif_out.CNT.req)

  // A sticky error raised by hardware is never lost, even in the clock of a write that
  // clears error bits (the fields' hardware precedence, rdl/gx_pipe_regs.rdl).
  `GX_ASSERT(CmdErrKept_A, !`GX_PAST_OK || !$past(hwif_in_i.STATUS.CMD_ERR.hwset) ||
                           hwif_out.STATUS.CMD_ERR.value)
  `GX_ASSERT(CfgErrKept_A, !`GX_PAST_OK || !$past(hwif_in_i.STATUS.CFG_ERR.hwset) ||
                           hwif_out.STATUS.CFG_ERR.value)
  `GX_ASSERT(MemErrKept_A, !`GX_PAST_OK || !$past(hwif_in_i.STATUS.MEM_ERR.hwset) ||
                           hwif_out.STATUS.MEM_ERR.value)

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
