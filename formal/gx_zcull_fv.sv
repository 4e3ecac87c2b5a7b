// gx_zcull_fv: formal harness of gx_zcull. Every input is free; reset is assumed in
// the first cycle; the block's own _M properties state the request protocol and the
// legal sample counts.
`default_nettype none

module gx_zcull_fv (
  input wire logic            clk_i,
  input wire logic            rst_i,
  input wire logic            req_valid_i,
  input wire gx_pkg::zc_req_t req_i,
  input wire logic            res_ready_i
);
  logic              req_ready, res_valid;
  gx_pkg::zc_res_t   res;

  gx_zcull u_dut (
    .clk_i, .rst_i,
    .req_valid_i, .req_ready_o(req_ready), .req_i,
    .res_valid_o(res_valid), .res_ready_i, .res_o(res)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
