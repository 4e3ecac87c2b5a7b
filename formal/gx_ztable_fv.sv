// gx_ztable_fv: formal harness of gx_ztable. Every input is free; reset is assumed in
// the first cycle; the block's own _M properties state the environment's part.
`default_nettype none

module gx_ztable_fv (
  input wire logic            clk_i,
  input wire logic            rst_i,
  input wire logic            cmd_valid_i,
  input wire gx_pkg::zl_cmd_t cmd_i,
  input wire logic            ev_valid_i,
  input wire gx_pkg::zl_ev_t  ev_i,
  input wire logic            dq_ready_i,
  input wire logic            dd_i,
  input wire logic [2:0]      rd_k_i
);
  logic cmd_ready, dq_valid;
  logic [3:0] dq;
  logic [127:0] rd_table;
  logic [7:0][4:0] live;

  gx_ztable #(.CW(4)) u_dut (
    .clk_i, .rst_i,
    .cmd_valid_i, .cmd_ready_o(cmd_ready), .cmd_i,
    .ev_valid_i, .ev_i,
    .dq_valid_o(dq_valid), .dq_ready_i, .dq_o(dq), .dd_i,
    .rd_k_i, .rd_table_o(rd_table), .live_o(live)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
