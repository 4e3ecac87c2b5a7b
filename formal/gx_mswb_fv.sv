// gx_mswb_fv: formal harness of gx_mswb, the flush encoder (docs/mswb.md). The surface
// format is an arbitrary constant (every N, B, T) with W, H in 1..15 (the tile-valid
// multiplier stays small; full and partial last tiles for every tile size); every
// stream input is free (eviction records, read responses, back-pressure), constrained
// only by the block's _M properties (records and responses held while not taken, a
// response only to a read, a legal Em). Reset is assumed in the first cycle.
// Abstraction (formal/gx_mswb.sby.j2): the analyzer instance is a cut point (its outputs
// free every clock: any response, any timing; gx_analyzer is proven on its own), and
// the tile datapath (the image and value buffer's read data, the reference, the sample
// comparators) is cut: its values are free. The properties are about the streams and the state choice, which
// do not read those values; freeing them over-approximates the design, so a proof
// holds for the real one.
`default_nettype none

module gx_mswb_fv (
  input wire logic               clk_i,
  input wire logic               rst_i,
  input wire logic               ev_valid_i,
  input wire gx_pkg::ms_evict_t  ev_i,
  input wire logic               rd_req_ready_i,
  input wire logic               rd_resp_valid_i,
  input wire gx_pkg::ms_rdresp_t rd_resp_i,
  input wire logic               fl_ready_i
);
  (* anyconst *) gx_pkg::ms_cfg_t cfg;
  logic               ev_ready, rd_req_valid, rd_resp_ready, fl_valid;
  gx_pkg::ms_rdreq_t  rd_req;
  gx_pkg::ms_flush_t  fl;

  gx_mswb u_dut (
    .clk_i, .rst_i, .cfg_i(cfg),
    .ev_valid_i, .ev_ready_o(ev_ready), .ev_i,
    .rd_req_valid_o(rd_req_valid), .rd_req_ready_i, .rd_req_o(rd_req),
    .rd_resp_valid_i, .rd_resp_ready_o(rd_resp_ready), .rd_resp_i,
    .fl_valid_o(fl_valid), .fl_ready_i, .fl_o(fl)
  );

  always @* assume (cfg.width != 14'd0 && cfg.width < 14'd16 &&
                    cfg.height != 14'd0 && cfg.height < 14'd16);

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
