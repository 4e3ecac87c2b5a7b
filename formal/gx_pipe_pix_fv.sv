// gx_pipe_pix_fv: formal harness of gx_pipe_pix. Every input free, reset in the first
// cycle; the block's own properties (rtl/gx_pipe_pix.sv) carry the environment
// assumptions (streams hold, a group's tag is live, no group while the rasterizer is
// idle), the scoreboard and the covers. Depth and ResetNum come from the task
// (formal/gx_pipe_pix.sby.j2).
`default_nettype none
`include "gx_assert.svh"

module gx_pipe_pix_fv #(
  parameter int unsigned Depth    = 64,
  parameter logic [15:0] ResetNum = 16'h0
) (
  input wire logic               clk_i,
  input wire logic               rst_i,
  input wire logic               col_valid_i,
  input wire logic [127:0]       col_i,
  input wire logic               grp_valid_i,
  input wire gx_pkg::rs_qgroup_t grp_i,
  input wire logic               raster_idle_i,
  input wire logic               st_ready_i
);
  logic               col_ready, grp_ready, st_valid, idle;
  logic [15:0]        col_tag;
  gx_pkg::ms_cmd_t    st;

  gx_pipe_pix #(.Depth(Depth), .ResetNum(ResetNum)) u_dut (
    .clk_i, .rst_i, .col_valid_i, .col_ready_o(col_ready), .col_i, .col_tag_o(col_tag),
    .grp_valid_i, .grp_ready_o(grp_ready), .grp_i, .raster_idle_i,
    .st_valid_o(st_valid), .st_ready_i, .st_o(st), .idle_o(idle)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
