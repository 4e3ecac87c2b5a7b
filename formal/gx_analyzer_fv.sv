// gx_analyzer_fv: formal harness of gx_analyzer.
//
// Every input is free: the solver picks every request, line, query, stall and
// back-pressure. The only assumptions are reset in the first cycle and those the block
// states itself (_M: the request protocol, a legal B, qslot < S). Everything proven is
// the block's own inline properties, among them the port-level scoreboard RespSpec_A
// (every response is gx_analyzer_spec_pkg::resp of the request taken) and the
// invariants that make it inductive.
`default_nettype none

module gx_analyzer_fv (
  input wire logic             clk_i,
  input wire logic             rst_i,
  input wire logic             req_valid_i,
  input wire gx_pkg::an_req_t  req_i,
  input wire logic             resp_ready_i
);
  logic             req_ready, resp_valid;
  gx_pkg::an_resp_t resp;

  gx_analyzer u_dut (
    .clk_i, .rst_i,
    .req_valid_i, .req_ready_o(req_ready), .req_i,
    .resp_valid_o(resp_valid), .resp_ready_i, .resp_o(resp)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
