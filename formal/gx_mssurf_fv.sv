// gx_mssurf_fv: formal harness of gx_mssurf with K = Slots = 2. The surface format is
// an arbitrary constant: every N, B and T, width and height 1..15 (every tile size P
// with full and partial last tiles; the bound keeps the pixel-index multipliers small
// enough for the solver, docs/proofs.md); every command input is free.
// Reset is assumed in the first cycle; the block's own _M properties state the command
// protocol and legality (a store inside the surface, a mask of 1..2^N - 1, the command
// held while not taken). The properties are the block's inline ones (rtl/gx_mssurf.sv),
// including the coverage shadow of one arbitrary tile compiled under FORMAL.
`default_nettype none

module gx_mssurf_fv (
  input wire logic             clk_i,
  input wire logic             rst_i,
  input wire logic             cmd_valid_i,
  input wire gx_pkg::ms_cmd_t  cmd_i,
  input wire logic             ev_ready_i
);
  (* anyconst *) gx_pkg::ms_cfg_t cfg;
  logic              cmd_ready, ev_valid, busy;
  gx_pkg::ms_evict_t ev;

  gx_mssurf #(.Slots(2)) u_dut (
    .clk_i, .rst_i, .cfg_i(cfg),
    .cmd_valid_i, .cmd_ready_o(cmd_ready), .cmd_i,
    .ev_valid_o(ev_valid), .ev_ready_i, .ev_o(ev), .busy_o(busy)
  );

  always @* assume (cfg.width < 14'd16 && cfg.height < 14'd16);

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
