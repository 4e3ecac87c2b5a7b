// gx_skid: a skid buffer, a valid/ready register stage whose in_ready_o comes from a
// register, so the ready of a deep pipeline does not reach its source in the same clock.
//
// Two entries: the output register and the skid register. in_ready_o is high while the
// skid register is empty; a transfer that arrives while the output is stalled goes into
// the skid register and drops in_ready_o for the next clock. Order is kept; no transfer
// is lost or repeated (gx_mssurf's cosimulation: a lost, repeated or reordered command
// changes its records). SkidBehind_A and OutHold_A are proven within gx_mssurf's
// proofs. Latency 1, one transfer a clock. held_valid_o / held_data_o show the skid
// register, so that a user's invariant can name every payload the buffer holds (an
// induction needs it; synthesis leaves them unconnected).
`default_nettype none
`include "gx_assert.svh"

module gx_skid #(
  parameter int unsigned Width = 8  /// payload bits
) (
  input  wire logic             clk_i,        /// clock, rising edge
  input  wire logic             rst_i,        /// synchronous reset, active high
  input  wire logic             in_valid_i,   /// a payload is offered
  output      logic             in_ready_o,   /// it is taken this clock (from a register)
  input  wire logic [Width-1:0] in_data_i,    /// payload
  output      logic             out_valid_o,  /// a payload is offered
  input  wire logic             out_ready_i,  /// it is taken this clock
  output      logic [Width-1:0] out_data_o,   /// payload
  output      logic             held_valid_o, /// the skid register holds a payload
  output      logic [Width-1:0] held_data_o   /// ... this one (for the user's invariants)
);
  logic             out_v_q, skid_v_q;
  logic [Width-1:0] out_q, skid_q;
  logic             take, give;

  assign in_ready_o  = !skid_v_q;
  assign take        = in_valid_i && !skid_v_q;
  assign give        = out_v_q && out_ready_i;
  assign out_valid_o = out_v_q;
  assign out_data_o  = out_q;
  assign held_valid_o = skid_v_q;
  assign held_data_o  = skid_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      out_v_q  <= 1'b0;
      skid_v_q <= 1'b0;
    end else begin
      if (!out_v_q || give) out_v_q <= skid_v_q || take;
      skid_v_q <= out_v_q && !give && (skid_v_q || take);
    end
  end

  // The skid register follows the input while it is empty (its content counts only once
  // skid_v_q is set), so its clock enable is a register, not the input's valid: a user
  // whose valid comes late in the clock (gx_pipe_cmd's packet checks) does not drive the
  // enable of Width flip-flops with it.
  always_ff @(posedge clk_i) begin
    if (!out_v_q || give) out_q <= skid_v_q ? skid_q : in_data_i;
    if (!skid_v_q) skid_q <= in_data_i;
  end

  // The skid register is only ever full behind a full output register.
  `GX_ASSERT(SkidBehind_A, !skid_v_q || out_v_q)
  `GX_ASSERT(OutHold_A, !`GX_PAST_OK || !$past(out_v_q && !out_ready_i) ||
                        (out_v_q && out_q == $past(out_q)))
  `GX_COVER(SkidUsed_C, skid_v_q && out_v_q && out_ready_i && in_valid_i)
endmodule

`default_nettype wire
