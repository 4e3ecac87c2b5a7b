// gx_raster_setup_fv: formal harness of gx_raster_setup. Every input is free; reset is
// assumed in the first cycle; the block's own _M properties state the request protocol
// and the declared input ranges (guard band, target size).
`default_nettype none

module gx_raster_setup_fv (
  input wire logic                  clk_i,
  input wire logic                  rst_i,
  input wire logic                  req_valid_i,
  input wire gx_pkg::rs_setup_req_t req_i,
  input wire logic                  setup_ready_i
);
  logic              req_ready, setup_valid;
  gx_pkg::rs_setup_t setup;

  gx_raster_setup u_dut (
    .clk_i, .rst_i,
    .req_valid_i, .req_ready_o(req_ready), .req_i,
    .setup_valid_o(setup_valid), .setup_ready_i, .setup_o(setup)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
