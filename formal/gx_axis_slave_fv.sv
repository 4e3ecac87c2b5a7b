// gx_axis_slave_fv: the rules of an AXI4-Stream slave port (AMBA AXI4-Stream Protocol
// Specification, ARM IHI 0051A, chapter 2) as properties, for any slave: it only observes
// the port (every port is an input), so a harness or a testbench wrapper puts one beside
// the slave it checks.
//
// Assumed (_M), the master's rules: TVALID low in the first clock after reset (2.7.2),
// and once high held with TDATA, TKEEP and TLAST unchanged until TREADY (2.2.1); with
// KeepAllOnes every transfer's TKEEP all ones (for a proof about well-formed streams
// only; gx_pipe_cmd's proof leaves it off: partial beats are bad packets it must drop).
// A slave has no rule of its own in AXI4-Stream: TREADY may wait for TVALID and depend
// on anything. Covered: a transfer, a stalled transfer, a packet's end, back-to-back
// transfers. In simulation (Verilator --assert) the assumptions are checked like
// assertions: a testbench master that breaks a rule fails.
`default_nettype none
`include "gx_assert.svh"

module gx_axis_slave_fv #(
  parameter int unsigned DataWidth   = 64,  /// TDATA bits (a multiple of 8)
  parameter bit          KeepAllOnes = 1'b0 /// 1: assume TKEEP all ones
) (
  input wire logic                   clk_i,    /// the port's clock (ACLK)
  input wire logic                   rst_i,    /// synchronous reset, active high
  input wire logic                   tvalid_i,
  input wire logic                   tready_i,
  input wire logic [DataWidth-1:0]   tdata_i,
  input wire logic [DataWidth/8-1:0] tkeep_i,
  input wire logic                   tlast_i
);
  logic xfer;
  assign xfer = tvalid_i && tready_i;

  // ---- the master's rules ------------------------------------------------------------
  // (no GX_PAST_OK guard: the property is about the clock after reset; the macros skip
  // the reset clocks themselves, so $past(rst_i) is always a sampled value here)
  `GX_ASSUME(ResetIdle_M, !$past(rst_i) || !tvalid_i)
  `GX_ASSUME(Hold_M, !`GX_PAST_OK || !$past(tvalid_i && !tready_i) ||
                     (tvalid_i && tdata_i == $past(tdata_i) && tkeep_i == $past(tkeep_i) &&
                      tlast_i == $past(tlast_i)))
  `GX_ASSUME(KeepAll_M, !KeepAllOnes || !tvalid_i || &tkeep_i)

  // ---- reachable ---------------------------------------------------------------------
  `GX_COVER(Transfer_C, xfer)
  `GX_COVER(Stalled_C, tvalid_i && !tready_i)
  `GX_COVER(PacketEnd_C, xfer && tlast_i)
  `GX_COVER(BackToBack_C, `GX_PAST_OK && $past(xfer) && xfer)
endmodule

`default_nettype wire
