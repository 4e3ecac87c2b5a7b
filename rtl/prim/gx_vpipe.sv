// gx_vpipe: the valid bits of a stall pipeline, one whose stages all advance together on
// one enable: it advances unless its last stage holds a valid output that is not taken.
// The user clocks its data registers with en_o; in_ready_o is en_o, so a request is
// taken whenever the pipeline advances. Latency Stages, one transfer a clock.
// Owed_A: the transfers taken and not yet given are exactly the valid stages (none lost,
// none made up); proven within each user's proof.
`default_nettype none
`include "gx_assert.svh"

module gx_vpipe #(
  parameter int unsigned Stages = 2  /// pipeline depth, the latency
) (
  input  wire logic clk_i,        /// clock, rising edge
  input  wire logic rst_i,        /// synchronous reset, active high
  input  wire logic in_valid_i,   /// a request is offered
  output      logic in_ready_o,   /// it is taken this clock
  output      logic out_valid_o,  /// the last stage holds a result
  input  wire logic out_ready_i,  /// it is taken this clock
  output      logic en_o          /// the pipeline advances this clock
);
  logic [Stages:1] v_q;
  assign en_o        = !v_q[Stages] || out_ready_i;
  assign in_ready_o  = en_o;
  assign out_valid_o = v_q[Stages];
  always_ff @(posedge clk_i) begin
    if (rst_i)     v_q <= '0;
    else if (en_o) v_q <= {v_q[Stages-1:1], in_valid_i};
  end

`ifdef GX_ASSERT_ON
  localparam int unsigned CW = $clog2(Stages + 1) + 1;
  logic [CW-1:0] fv_owed_q, fv_in_flight;
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_owed_q <= '0;
    else fv_owed_q <= fv_owed_q + CW'(in_valid_i && in_ready_o) - CW'(out_valid_o && out_ready_i);
  end
  always_comb begin
    fv_in_flight = '0;
    for (int s = 1; s <= Stages; s++) fv_in_flight = fv_in_flight + CW'(v_q[s]);
  end
`endif
  `GX_ASSERT(Owed_A, fv_owed_q == fv_in_flight)
endmodule

`default_nettype wire
