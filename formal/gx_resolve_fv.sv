// gx_resolve_fv: formal harness of gx_resolve. Every input is free; reset is assumed in
// the first cycle; the block's own _M properties hold the configuration.
`default_nettype none

module gx_resolve_fv (
  input wire logic         clk_i,
  input wire logic         rst_i,
  input wire logic         cfg_tent_i,
  input wire logic [2:0]   cfg_nlg_i,
  input wire logic [6:0]   cfg_w_i,
  input wire logic [6:0]   cfg_h_i,
  input wire logic         in_valid_i,
  input wire logic [511:0] in_i,
  input wire logic         out_ready_i
);
  logic in_ready, out_valid, eol, eof;
  logic [31:0] out;

  gx_resolve u_dut (
    .clk_i, .rst_i, .cfg_tent_i, .cfg_nlg_i, .cfg_w_i, .cfg_h_i,
    .in_valid_i, .in_ready_o(in_ready), .in_i,
    .out_valid_o(out_valid), .out_ready_i, .out_o(out), .out_eol_o(eol), .out_eof_o(eof)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
