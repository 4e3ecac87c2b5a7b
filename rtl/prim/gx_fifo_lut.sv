// gx_fifo_lut: a synchronous FIFO in distributed (LUT) RAM with its head in a register:
// head_o shows the oldest word from the second clock after it is written, and stays
// until pop_i. For a consumer that works on the head in place over several clocks (an
// iterator): its decision (pop_i) comes from registers only, since the head is a
// register, loaded from the RAM read at a registered address when it is empty or
// popped (every word passes through the RAM: no bypass multiplexer before the head).
//
// Handshake: push_i writes a word; pop_i drops the head (never when empty,
// NoUnderflow_A). count_o is the number of words held, the head's included, with a pop
// counted a clock late: the words held and the head popped in the clock before (an upper
// bound, for the users' credits; a pop reaches no adder in its own clock). The user keeps
// count: never a push when count_o is Depth (NoOverflow_A), so never more than Depth
// held. load_o: the head register loads next_o at the end of this clock (the head is
// empty or popped, and the RAM holds a word), so a user can keep registers of its own
// that follow the head. Latency 2 (write to head), one word a clock in and out.
// HeadGroups: the head register's clock enables in that many groups of bits, each
// driven by its own load from its own copy of the head's valid bit, so no one load net
// reaches every enable of a wide head.
`default_nettype none
`include "gx_assert.svh"

module gx_fifo_lut #(
  parameter int unsigned Width = 8,   /// bits a word
  parameter int unsigned Depth = 16,  /// words, a power of two >= 2
  parameter int unsigned HeadGroups = 1, /// groups of the head's enables, 1..Width
  localparam int unsigned AW = $clog2(Depth)
) (
  input  wire logic             clk_i,    /// clock, rising edge
  input  wire logic             rst_i,    /// synchronous reset, active high
  input  wire logic             push_i,   /// write in_data_i
  input  wire logic [Width-1:0] in_data_i,/// the word
  input  wire logic             pop_i,    /// drop the head
  output      logic             valid_o,  /// the FIFO holds a word: head_o
  output      logic [Width-1:0] head_o,   /// the oldest word
  output      logic [AW:0]      count_o,  /// words held (a pop counted a clock late)
  output      logic             load_o,   /// the head loads ...
  output      logic [Width-1:0] next_o    /// ... this word at the end of this clock
);
  if (HeadGroups < 1 || HeadGroups > Width) begin : gen_groups_check
    $error("gx_fifo_lut: HeadGroups must be 1..Width");
  end
  (* ram_style = "distributed" *) logic [Width-1:0] mem_q [Depth];
  logic [AW-1:0] wptr_q, rptr_q;
  // words in the RAM; words held and the head popped in the clock before (mcount_q +
  // hv_q + pop_q, kept as its own register because the users' credits read it)
  logic [AW:0]   mcount_q, count_q;
  localparam int unsigned HG = HeadGroups;
  logic          hv_q;                    // the head register holds a word
  logic [HG-1:0] hvh_q;                   // its copies, one for each group's load
  logic          pop_q;                   // the head was popped in the clock before
  logic          mnz_q;                   // the RAM holds a word: mcount_q != 0
  logic [Width-1:0] head_q, rd;
  // the RAM's count after this clock without and with a load, formed before the load
  // arrives (from the count and the push), so the load only selects one of them
  logic [AW:0]   mcount_ld0, mcount_ld1;
  // The load is kept as a net of its own: synthesis would otherwise merge it into the
  // LUTs of the RAM's read data (placed by the RAM), so the user's pop would cross to
  // them and back to the read pointer, the count and the head's enables. It is formed
  // once from the head's valid bit and once a group from that group's copy of it (so
  // none is merged with another): ld for the pointer, the counts and the user's
  // registers (load_o), a few loads; ldh[g] only for group g's clock enables of the
  // head, placed by them.
  (* keep *) logic ld;
  (* keep *) logic [HG-1:0] ldh;

  assign ld  = (!hv_q || pop_i) && mnz_q;
  assign mcount_ld0 = push_i ? mcount_q + 1'b1 : mcount_q;
  assign mcount_ld1 = push_i ? mcount_q : mcount_q - 1'b1;

`ifdef GX_RAM_FREE_READ
  // Proofs of control properties: a word read from the RAM is any word (the array is
  // not kept).
  always_comb rd = $anyseq;
`else
  assign rd = mem_q[rptr_q];
`endif

  always_ff @(posedge clk_i) begin
    if (push_i) mem_q[wptr_q] <= in_data_i;
  end
  // group g of the head: bits Lo..Lo + W - 1, loaded by ldh[g]; its copy of the valid bit
  // kept (synthesis would merge the copies with hv_q and each other)
  for (genvar g = 0; g < HG; g++) begin : gen_head
    localparam int unsigned Lo = g * Width / HG;
    localparam int unsigned W  = (g + 1) * Width / HG - Lo;
    logic [W-1:0] part_q;
    assign ldh[g] = (!hvh_q[g] || pop_i) && mnz_q;
    always_ff @(posedge clk_i) begin
      if (ldh[g]) part_q <= rd[Lo +: W];
    end
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) hvh_q[g] <= 1'b0;
      else hvh_q[g] <= ld || (hv_q && !pop_i);
    end
    assign head_q[Lo +: W] = part_q;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wptr_q   <= '0;
      rptr_q   <= '0;
      mcount_q <= '0;
      count_q  <= '0;
      pop_q    <= 1'b0;
      mnz_q    <= 1'b0;
    end else begin
      if (push_i) wptr_q <= wptr_q + 1'b1;
      if (ld) rptr_q <= rptr_q + 1'b1;
      mcount_q <= ld ? mcount_ld1 : mcount_ld0;
      count_q  <= count_q + (AW+1)'(push_i) - (AW+1)'(pop_q);
      pop_q    <= pop_i;
      // mcount_q + push_i - ld != 0, with the load last
      mnz_q    <= push_i || mcount_q > (AW+1)'(1) || (mcount_q == (AW+1)'(1) && !ld);
    end
  end
  // the head's valid bit, kept (synthesis would merge it with its copies)
  (* keep *) always_ff @(posedge clk_i) begin
    if (rst_i) hv_q <= 1'b0;
    else hv_q <= ld || (hv_q && !pop_i);
  end
  assign head_o  = head_q;
  assign valid_o = hv_q;
  assign count_o = count_q;
  assign load_o  = ld;
  assign next_o  = rd;

  `GX_ASSERT(NoOverflow_A, !push_i || count_q != (AW+1)'(Depth))
  `GX_ASSERT(NoUnderflow_A, !pop_i || hv_q)
  `GX_ASSERT(LutFifoCount_A, count_q <= (AW+1)'(Depth) &&
                             32'(count_q) == 32'(mcount_q) + 32'(hv_q) + 32'(pop_q) &&
                             wptr_q == AW'(32'(rptr_q) + 32'(mcount_q)) &&
                             mnz_q == (mcount_q != '0) && hvh_q == {HG{hv_q}})
endmodule

`default_nettype wire
