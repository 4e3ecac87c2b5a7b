// gx_analyzer_fv: formal harness of gx_analyzer.
//
// The inputs are free (the solver picks every request, every stall and every line);
// the only assumptions are reset in the first cycle and the stream protocol, which
// gx_analyzer itself states as _M properties. The harness adds the port-level
// scoreboard: a one-deep copy of the accepted request, and checks that every response
// is the specification's response (gx_analyzer_spec_pkg::resp) to that request, and
// that the unit holds at most one line and accepts when empty. The block's own inline
// properties (RespSpec_A, Masks_A, OpenPrefix_A, ...) are proven in the same run.
`default_nettype none
`include "gx_assert.svh"

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

  // One-deep scoreboard of the accepted request.
  logic            sb_full_q;
  gx_pkg::an_req_t sb_req_q;
  always @(posedge clk_i) begin
    if (rst_i) sb_full_q <= 1'b0;
    else if (req_valid_i && req_ready) sb_full_q <= 1'b1;
    else if (resp_valid && resp_ready_i) sb_full_q <= 1'b0;
    if (req_valid_i && req_ready) sb_req_q <= req_i;
  end

  `GX_ASSERT(RespHasReq_A, !resp_valid || sb_full_q)
  `GX_ASSERT(RespIsSpec_A, !resp_valid || resp == gx_analyzer_spec_pkg::resp(sb_req_q))
  `GX_ASSERT(EmptyAccepts_A, sb_full_q || req_ready)
  `GX_COVER(TwoLines_C, sb_full_q && resp_valid && resp_ready_i && req_valid_i && req_ready)
endmodule

`default_nettype wire
