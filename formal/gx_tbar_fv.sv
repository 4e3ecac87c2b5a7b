// gx_tbar_fv: formal harness of gx_tbar. Every input is free (bad events included: the
// block must refuse them); reset is assumed in the first cycle; the block's own _M
// properties hold the configuration.
`default_nettype none

module gx_tbar_fv #(
  parameter int unsigned Pipes = 4
) (
  input wire logic             clk_i,
  input wire logic             rst_i,
  input wire logic [1:0]       pipes_i,
  input wire logic [Pipes-1:0] arrive_i,
  input wire logic [Pipes-1:0] done_i
);
  logic [Pipes-1:0] hold, err;
  logic             rel;

  gx_tbar #(.Pipes(Pipes)) u_dut (
    .clk_i, .rst_i, .pipes_i, .arrive_i, .done_i,
    .hold_o(hold), .release_o(rel), .err_o(err)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
