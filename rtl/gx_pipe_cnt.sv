// gx_pipe_cnt: the performance counters of gx_pipe and the answer to their reads
// (rdl/gx_pipe_regs.rdl, external block CNT; docs/pipe.md, "Counters").
//
// Count registers of 64 bits, counter c at words 2c (bits 31:0) and 2c + 1 (bits 63:32)
// of the block, i.e. at CNT + 8c and CNT + 8c + 4. Each clock counter c adds inc_i[c]
// (an unsigned amount of IncW bits, usually 0 or 1); clear_i sets every counter to 0
// (an increment in the same clock is lost: the clear wins).
//
// Reads (hwif_out.CNT of the PeakRDL block: req, addr, req_is_wr): a read request's word
// is selected into a register in the request's clock and answered (rd_ack, rd_data) in the
// next; a write (the counters are read-only) is acknowledged in its own clock and
// changes nothing. The register block holds one request at a time.
//
// Timing: each counter is a 64-bit add of a registered increment (the blocks' events are
// registered here first, so the carry chain starts at a flip-flop), and the read select
// is one registered multiplexer of Count x 2 words.
`default_nettype none
`include "gx_assert.svh"

module gx_pipe_cnt #(
  parameter int unsigned Count = 21, /// counters, at most 32 (5 address bits)
  parameter int unsigned IncW  = 10  /// bits of an increment
) (
  input  wire logic                  clk_i,      /// clock, rising edge
  input  wire logic                  rst_i,      /// synchronous reset, active high
  input  wire logic                  clear_i,    /// set every counter to 0
  input  wire logic [Count*IncW-1:0] inc_i,      /// counter c adds bits IncW c +: IncW
  input  wire logic                  req_i,      /// an access to the block
  input  wire logic [7:0]            addr_i,     /// its byte address within the block
  input  wire logic                  req_wr_i,   /// 1: a write (ignored)
  output      logic                  rd_ack_o,   /// the read's data are valid
  output      logic [31:0]           rd_data_o,  /// ... these
  output      logic                  wr_ack_o    /// the write is done
);
  logic [Count-1:0][63:0]   cnt_q;
  logic [Count*IncW-1:0]    inc_q;
  logic                 clear_q;
  logic [31:0]          word;

  always_ff @(posedge clk_i) begin
    clear_q <= rst_i || clear_i;
    inc_q   <= inc_i;
    for (int unsigned c = 0; c < Count; c++) begin
      if (clear_q) cnt_q[c] <= '0;
      else         cnt_q[c] <= cnt_q[c] + 64'(inc_q[c*IncW +: IncW]);
    end
  end

  // The read select: the word at addr_i (beyond the last counter: 0).
  always_comb begin
    word = '0;
    for (int unsigned c = 0; c < Count; c++) begin
      if (addr_i[7:3] == 5'(c)) word = addr_i[2] ? cnt_q[c][63:32] : cnt_q[c][31:0];
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      rd_ack_o <= 1'b0;
    end else begin
      rd_ack_o <= req_i && !req_wr_i;
    end
    if (req_i && !req_wr_i) rd_data_o <= word;
  end
  assign wr_ack_o = req_i && req_wr_i;

  logic unused_addr;  // word addresses: the byte bits are 0
  assign unused_addr = ^addr_i[1:0];
endmodule

`default_nettype wire
