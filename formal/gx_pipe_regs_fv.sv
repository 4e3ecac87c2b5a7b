// gx_pipe_regs_fv: formal harness of gx_pipe's generated register block: the block with
// its properties (gx_pipe_regs_axil: the AXI4-Lite slave rules, the external counter
// block's handshake, the sticky errors) and every input free: the master's signals within
// the master's rules and the external block's acknowledges within its handshake (both
// assumed there), the other hardware inputs (status, error pulses, counter data)
// unconstrained; reset in the first clock.
`default_nettype none

module gx_pipe_regs_fv #(
  parameter int unsigned AddrWidth = gx_pipe_regs_pkg::GX_PIPE_REGS_MIN_ADDR_WIDTH
) (
  input wire logic                 clk_i,
  input wire logic                 rst_i,
  input wire logic                 aw_valid_i,
  input wire logic [AddrWidth-1:0] aw_addr_i,
  input wire logic [2:0]           aw_prot_i,
  input wire logic                 w_valid_i,
  input wire logic [31:0]          w_data_i,
  input wire logic [3:0]           w_strb_i,
  input wire logic                 b_ready_i,
  input wire logic                 ar_valid_i,
  input wire logic [AddrWidth-1:0] ar_addr_i,
  input wire logic [2:0]           ar_prot_i,
  input wire logic                 r_ready_i,
  input wire gx_pipe_regs_pkg::gx_pipe_regs__in_t hwif_in_i
);
  gx_pipe_regs_axil #(.AddrWidth(AddrWidth)) u_regs (
    .clk_i, .rst_i,
    .aw_valid_i, .aw_ready_o(), .aw_addr_i, .aw_prot_i,
    .w_valid_i, .w_ready_o(), .w_data_i, .w_strb_i,
    .b_valid_o(), .b_ready_i, .b_resp_o(),
    .ar_valid_i, .ar_ready_o(), .ar_addr_i, .ar_prot_i,
    .r_valid_o(), .r_ready_i, .r_data_o(), .r_resp_o(),
    .hwif_in_i, .hwif_out_o()
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
