// gx_fifo: a synchronous FIFO whose storage is distributed RAM (LUT RAM: Yosys maps the
// array to ECP5 TRELLIS_DPR16X4, 16 words x 4 bits each) and whose output is a register.
//
// Handshake: valid/ready on both sides. in_ready_o is high while the memory has a free
// word (a register compare). A word written in clock t is in the memory from t + 1 and in
// the output register from t + 2 at the earliest: latency 2, one word a clock in and out.
// count_o is the number of words held (memory and output register), for credit counting
// by the user. The memory is read asynchronously at the read pointer into the output
// register, so no data path passes through more than the RAM's read mux.
`default_nettype none
`include "gx_assert.svh"

module gx_fifo #(
  parameter int unsigned Width = 8,   /// bits a word
  parameter int unsigned Depth = 16,  /// words of memory, a power of two >= 2
  localparam int unsigned AW = $clog2(Depth),
  localparam int unsigned CW = $clog2(Depth + 2)
) (
  input  wire logic             clk_i,        /// clock, rising edge
  input  wire logic             rst_i,        /// synchronous reset, active high
  input  wire logic             in_valid_i,   /// a word is offered
  output      logic             in_ready_o,   /// the memory has room for it
  input  wire logic [Width-1:0] in_data_i,    /// the word
  output      logic             out_valid_o,  /// the output register holds a word
  input  wire logic             out_ready_i,  /// it is taken this clock
  output      logic [Width-1:0] out_data_o,   /// the word
  output      logic [CW-1:0]    count_o       /// words held, memory and output register
);
  (* ram_style = "distributed" *) logic [Width-1:0] mem_q [Depth];
  logic [AW-1:0]  wptr_q, rptr_q;
  logic [AW:0]    mcount_q;   // words in the memory
  logic           out_v_q;
  logic [Width-1:0] out_q;
  logic           push, pop;  // a word into the memory, a word from it to the output

  assign in_ready_o  = mcount_q != (AW+1)'(Depth);
  assign push        = in_valid_i && in_ready_o;
  assign pop         = mcount_q != '0 && (!out_v_q || out_ready_i);
  assign out_valid_o = out_v_q;
  assign out_data_o  = out_q;
  assign count_o     = CW'(mcount_q) + CW'(out_v_q);

  always_ff @(posedge clk_i) begin
    if (push) mem_q[wptr_q] <= in_data_i;
  end
  always_ff @(posedge clk_i) begin
`ifdef GX_RAM_FREE_READ
    if (pop) out_q <= $anyseq;
`else
    if (pop) out_q <= mem_q[rptr_q];
`endif
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wptr_q   <= '0;
      rptr_q   <= '0;
      mcount_q <= '0;
      out_v_q  <= 1'b0;
    end else begin
      if (push) wptr_q <= wptr_q + 1'b1;
      if (pop) rptr_q <= rptr_q + 1'b1;
      mcount_q <= mcount_q + (AW+1)'(push) - (AW+1)'(pop);
      if (!out_v_q || out_ready_i) out_v_q <= pop;
    end
  end

  `GX_ASSERT(FifoCount_A, mcount_q <= (AW+1)'(Depth) &&
                          wptr_q == AW'(32'(rptr_q) + 32'(mcount_q)))
  `GX_ASSERT(FifoHold_A, !`GX_PAST_OK || !$past(out_v_q && !out_ready_i) ||
                         (out_v_q && out_q == $past(out_q)))
  `GX_COVER(FifoFull_C, mcount_q == (AW+1)'(Depth))
endmodule

`default_nettype wire
