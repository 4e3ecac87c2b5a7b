// gx_raster_fv: formal harness of gx_raster for the `prove` and `cover` tasks. Every
// input is free; reset is assumed in the first cycle; the block's own _M properties
// state the command protocol and the declared input ranges (the setup unit's output
// ranges, docs/raster.md).
`default_nettype none

module gx_raster_fv (
  input wire logic            clk_i,
  input wire logic            rst_i,
  input wire logic            cmd_valid_i,
  input wire gx_pkg::rs_cmd_t cmd_i,
  input wire logic            grp_ready_i
);
  logic               cmd_ready, grp_valid, idle;
  gx_pkg::rs_qgroup_t grp;

  gx_raster u_dut (
    .clk_i, .rst_i,
    .cmd_valid_i, .cmd_ready_o(cmd_ready), .cmd_i,
    .grp_valid_o(grp_valid), .grp_ready_i, .grp_o(grp),
    .idle_o(idle)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
