// gx_axil_slave_fv: the rules of an AXI4-Lite slave port (AMBA AXI and ACE Protocol
// Specification, ARM IHI 0022E, chapters A3 and B1) as properties, for any slave: it only
// observes the port (every port is an input), so a harness or a testbench wrapper puts one
// beside the slave it checks.
//
// Assumed (_M), the master's rules: AWVALID, WVALID and ARVALID low in the first clock
// after reset (A3.1.2), and once high held with their payload unchanged until the
// handshake (A3.2.1). Asserted (_A), the slave's rules: BVALID and RVALID low in the
// first clock after reset, held with their payload unchanged until the handshake; a write
// response only for a write whose address and data were both taken in an earlier clock
// (A3.3.1), a read response only for an address taken in an earlier clock; never more
// requests outstanding than MaxPending (so a response without a request, which would
// wrap a count, fails too); with OkayOnly every response OKAY. AXI4-Lite has no IDs, so
// responses come in request order: each response belongs to the oldest request without
// one. In simulation (Verilator --assert) the assumptions are checked like assertions: a
// testbench master that breaks a rule fails.
`default_nettype none
`include "gx_assert.svh"

module gx_axil_slave_fv #(
  parameter int unsigned AddrWidth  = 8,   /// AWADDR / ARADDR bits
  parameter int unsigned DataWidth  = 32,  /// WDATA / RDATA bits (32 or 64)
  parameter int unsigned MaxPending = 4,   /// most requests a channel may hold unanswered
  parameter bit          OkayOnly   = 1'b1 /// 1: every response must be OKAY
) (
  input wire logic                   clk_i,      /// the port's clock (ACLK)
  input wire logic                   rst_i,      /// synchronous reset, active high
  input wire logic                   aw_valid_i, /// write address channel
  input wire logic                   aw_ready_i,
  input wire logic [AddrWidth-1:0]   aw_addr_i,
  input wire logic [2:0]             aw_prot_i,
  input wire logic                   w_valid_i,  /// write data channel
  input wire logic                   w_ready_i,
  input wire logic [DataWidth-1:0]   w_data_i,
  input wire logic [DataWidth/8-1:0] w_strb_i,
  input wire logic                   b_valid_i,  /// write response channel
  input wire logic                   b_ready_i,
  input wire logic [1:0]             b_resp_i,
  input wire logic                   ar_valid_i, /// read address channel
  input wire logic                   ar_ready_i,
  input wire logic [AddrWidth-1:0]   ar_addr_i,
  input wire logic [2:0]             ar_prot_i,
  input wire logic                   r_valid_i,  /// read data channel
  input wire logic                   r_ready_i,
  input wire logic [DataWidth-1:0]   r_data_i,
  input wire logic [1:0]             r_resp_i
);
  // Handshakes counted modulo 2^CntWidth: wide enough that MaxPending + 1 outstanding
  // requests never look like none.
  localparam int unsigned CntWidth = $clog2(MaxPending + 1) + 2;
  typedef logic [CntWidth-1:0] cnt_t;

  logic aw_hs, w_hs, b_hs, ar_hs, r_hs;
  cnt_t n_aw_q, n_w_q, n_b_q, n_ar_q, n_r_q;
  cnt_t aw_pend, w_pend, ar_pend;
  assign aw_hs = aw_valid_i && aw_ready_i;
  assign w_hs  = w_valid_i && w_ready_i;
  assign b_hs  = b_valid_i && b_ready_i;
  assign ar_hs = ar_valid_i && ar_ready_i;
  assign r_hs  = r_valid_i && r_ready_i;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      n_aw_q <= '0;
      n_w_q  <= '0;
      n_b_q  <= '0;
      n_ar_q <= '0;
      n_r_q  <= '0;
    end else begin
      n_aw_q <= n_aw_q + cnt_t'(aw_hs);
      n_w_q  <= n_w_q + cnt_t'(w_hs);
      n_b_q  <= n_b_q + cnt_t'(b_hs);
      n_ar_q <= n_ar_q + cnt_t'(ar_hs);
      n_r_q  <= n_r_q + cnt_t'(r_hs);
    end
  end
  // requests taken in earlier clocks and not yet answered
  assign aw_pend = n_aw_q - n_b_q;
  assign w_pend  = n_w_q - n_b_q;
  assign ar_pend = n_ar_q - n_r_q;

  // ---- the master's rules ------------------------------------------------------------
  // (no GX_PAST_OK guard: the property is about the clock after reset; the macros skip
  // the reset clocks themselves, so $past(rst_i) is always a sampled value here)
  `GX_ASSUME(ResetIdleM_M, !$past(rst_i) || (!aw_valid_i && !w_valid_i && !ar_valid_i))
  `GX_ASSUME(AwHold_M, !`GX_PAST_OK || !$past(aw_valid_i && !aw_ready_i) ||
                       (aw_valid_i && aw_addr_i == $past(aw_addr_i) &&
                        aw_prot_i == $past(aw_prot_i)))
  `GX_ASSUME(WHold_M, !`GX_PAST_OK || !$past(w_valid_i && !w_ready_i) ||
                      (w_valid_i && w_data_i == $past(w_data_i) && w_strb_i == $past(w_strb_i)))
  `GX_ASSUME(ArHold_M, !`GX_PAST_OK || !$past(ar_valid_i && !ar_ready_i) ||
                       (ar_valid_i && ar_addr_i == $past(ar_addr_i) &&
                        ar_prot_i == $past(ar_prot_i)))

  // ---- the slave's rules -------------------------------------------------------------
  `GX_ASSERT(ResetIdleS_A, !$past(rst_i) || (!b_valid_i && !r_valid_i))
  `GX_ASSERT(BHold_A, !`GX_PAST_OK || !$past(b_valid_i && !b_ready_i) ||
                      (b_valid_i && b_resp_i == $past(b_resp_i)))
  `GX_ASSERT(RHold_A, !`GX_PAST_OK || !$past(r_valid_i && !r_ready_i) ||
                      (r_valid_i && r_data_i == $past(r_data_i) && r_resp_i == $past(r_resp_i)))
  // a write response needs the write's address and data, a read response its address
  `GX_ASSERT(BAfterWrite_A, !b_valid_i || (aw_pend != '0 && w_pend != '0))
  `GX_ASSERT(RAfterRead_A, !r_valid_i || ar_pend != '0)
  // never more outstanding than MaxPending; a response without a request would wrap the
  // difference far above it
  `GX_ASSERT(AwPending_A, aw_pend <= cnt_t'(MaxPending))
  `GX_ASSERT(WPending_A, w_pend <= cnt_t'(MaxPending))
  `GX_ASSERT(ArPending_A, ar_pend <= cnt_t'(MaxPending))
  `GX_ASSERT(BOkay_A, !OkayOnly || !b_valid_i || b_resp_i == 2'b00)
  `GX_ASSERT(ROkay_A, !OkayOnly || !r_valid_i || r_resp_i == 2'b00)

  // ---- reachable: both transfers complete, in every order and under back-pressure ------
  `GX_COVER(WriteDone_C, b_hs)
  `GX_COVER(ReadDone_C, r_hs)
  `GX_COVER(WBeforeAw_C, w_hs && !aw_valid_i && aw_pend == '0)
  `GX_COVER(AwBeforeW_C, aw_hs && !w_valid_i && w_pend == '0)
  `GX_COVER(BStalled_C, b_valid_i && !b_ready_i)
  `GX_COVER(RStalled_C, r_valid_i && !r_ready_i)
  `GX_COVER(TwoReads_C, ar_pend == cnt_t'(2) && r_hs)
  `GX_COVER(TwoWrites_C, aw_pend == cnt_t'(2) && b_hs)
endmodule

`default_nettype wire
