// gx_ztplane_fv: formal harness of gx_ztplane. Every input is free; reset is assumed in
// the first cycle; the block's own _M properties state the request protocol and the
// legal sample counts.
`default_nettype none

module gx_ztplane_fv (
  input wire logic            clk_i,
  input wire logic            rst_i,
  input wire logic            req_valid_i,
  input wire gx_pkg::zt_req_t req_i,
  input wire logic            tp_ready_i
);
  logic              req_ready, tp_valid;
  gx_pkg::zt_plane_t tp;

  gx_ztplane u_dut (
    .clk_i, .rst_i,
    .req_valid_i, .req_ready_o(req_ready), .req_i,
    .tp_valid_o(tp_valid), .tp_ready_i, .tp_o(tp)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
