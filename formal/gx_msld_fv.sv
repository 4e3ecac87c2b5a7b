// gx_msld_fv: formal harness of gx_msld, the memory side of SULD.MS (docs/msld.md). The
// surface format is an arbitrary constant (every N, B; any W, H, T: gx_msld reads only
// N and B); every stream input is free (snapshots, load records, read responses,
// back-pressure), constrained only by the block's _M properties (loads and responses
// held while not taken, a response only to a read, a legal Em). Reset is assumed in the
// first cycle.
// Abstraction (formal/gx_msld.sby.j2): the analyzer instance is a cut point (its outputs
// free every clock: any response, any timing; gx_analyzer is proven on its own in
// formal/gx_analyzer.sby.j2); freeing it over-approximates the design, so a proof holds
// for the real one. Bit-exactness of value / mask / enc is the cosimulation's (tb/msld).
`default_nettype none

module gx_msld_fv (
  input wire logic               clk_i,
  input wire logic               rst_i,
  input wire logic               ld_valid_i,
  input wire gx_pkg::ms_evict_t  snap_i,
  input wire gx_pkg::ms_ld_t     ld_i,
  input wire logic               rd_req_ready_i,
  input wire logic               rd_resp_valid_i,
  input wire gx_pkg::ms_rdresp_t rd_resp_i,
  input wire logic               resp_ready_i
);
  (* anyconst *) gx_pkg::ms_cfg_t cfg;
  logic               ld_ready, rd_req_valid, rd_resp_ready, resp_valid;
  gx_pkg::ms_rdreq_t  rd_req;
  gx_pkg::ms_ldresp_t resp;

  gx_msld u_dut (
    .clk_i, .rst_i, .cfg_i(cfg),
    .ld_valid_i, .ld_ready_o(ld_ready), .snap_i, .ld_i,
    .rd_req_valid_o(rd_req_valid), .rd_req_ready_i, .rd_req_o(rd_req),
    .rd_resp_valid_i, .rd_resp_ready_o(rd_resp_ready), .rd_resp_i,
    .resp_valid_o(resp_valid), .resp_ready_i, .resp_o(resp)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
