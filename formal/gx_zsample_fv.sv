// gx_zsample_fv: formal harness of gx_zsample. Every input is free; reset is assumed in
// the first cycle; the block's own _M properties state the request protocol and the
// legal sample counts.
`default_nettype none

module gx_zsample_fv #(
  parameter int unsigned Owed = 15
) (
  input wire logic            clk_i,
  input wire logic            rst_i,
  input wire logic            req_valid_i,
  input wire gx_pkg::zs_req_t req_i,
  input wire logic            resp_ready_i
);
  logic             req_ready, resp_valid;
  gx_pkg::zs_resp_t resp;

  gx_zsample #(.Owed(Owed)) u_dut (
    .clk_i, .rst_i,
    .req_valid_i, .req_ready_o(req_ready), .req_i,
    .resp_valid_o(resp_valid), .resp_ready_i, .resp_o(resp)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
