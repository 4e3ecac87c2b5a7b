// gx_zplane_fv: formal harness of gx_zplane. Every input is free; reset is assumed in
// the first cycle; the block's own _M properties state the request protocol and the
// guard band.
`default_nettype none

module gx_zplane_fv (
  input wire logic            clk_i,
  input wire logic            rst_i,
  input wire logic            req_valid_i,
  input wire gx_pkg::zp_req_t req_i,
  input wire logic            pl_ready_i
);
  logic              req_ready, pl_valid;
  gx_pkg::zp_plane_t pl;

  gx_zplane u_dut (
    .clk_i, .rst_i,
    .req_valid_i, .req_ready_o(req_ready), .req_i,
    .pl_valid_o(pl_valid), .pl_ready_i, .pl_o(pl)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
