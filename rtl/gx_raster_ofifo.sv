// gx_raster_ofifo: the rasterizer's output FIFO, its words in block RAM, its head in a
// register. gx_fifo_lut's interface (without load_o and next_o), latency 3.
//
// The block RAM (gx_ram_1r1w, no output register, read only when enabled) is read at the
// read pointer, a register: the RAM's own read register is the slot, a second word
// outside the RAM. The slot reads the RAM (its clock enable high) when it is empty or
// hands its word to the head, and the RAM holds a word (mnz_q), so its word changes only
// then and otherwise holds. The head register loads the slot's word, the RAM's output
// with no logic between, when the head is empty or popped and the slot holds a word. So
// pop_i meets one LUT before the RAM's enables, the read pointer and the head's enables,
// and nothing before the RAM's address or the head's data.
//
// Handshake: push_i writes a word (written at the end of the clock); pop_i drops the head
// (never when empty, NoUnderflow_A). count_o is the number of words held (the RAM's, the
// slot's and the head's) with a pop counted a clock late, for the user's credit: never a
// push when count_o is Depth (NoOverflow_A), so the RAM never holds more than Depth words
// and the slot never reads the row being written. A word pushed in clock t is in the slot
// from t + 2 and in the head from t + 3 (the RAM's read at t + 1); one word a clock.
// HeadGroups: the head's clock enables in that many groups of bits, each from its own
// copy of the head's valid bit (gx_fifo_lut's).
`default_nettype none
`include "gx_assert.svh"

module gx_raster_ofifo #(
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
  output      logic [AW:0]      count_o   /// words held (a pop counted a clock late)
);
  if (HeadGroups < 1 || HeadGroups > Width) begin : gen_groups_check
    $error("gx_raster_ofifo: HeadGroups must be 1..Width");
  end
  localparam int unsigned HG = HeadGroups;
  localparam int unsigned BW = (Width + 7) / 8 * 8;  // the RAM's word, whole bytes
  logic [AW-1:0] wptr_q, rptr_q;
  // words in the RAM, not yet read into the slot; words held and a pop of the clock before
  logic [AW:0]   mcount_q, count_q;
  logic          mnz_q;                   // the RAM holds a word: mcount_q != 0
  logic          sv_q;                    // the slot (the RAM's read register) holds a word
  logic          hv_q;                    // the head register holds a word
  logic [HG-1:0] hvh_q;                   // its copies, one for each group's load
  logic          pop_q;                   // the head was popped in the clock before
  logic [Width-1:0] slot, head_q;
  logic [BW-1:0] ram_in, ram_out;
  logic [AW:0]   mcount_rd0, mcount_rd1;
  // the head loads (hld: the slot's word moves to the head), the slot reads the RAM (srd)
  (* keep *) logic hld, srd;
  (* keep *) logic [HG-1:0] hldh;

  assign hld = (!hv_q || pop_i) && sv_q;
  assign srd = (!sv_q || !hv_q || pop_i) && mnz_q;
  assign mcount_rd0 = push_i ? mcount_q + 1'b1 : mcount_q;
  assign mcount_rd1 = push_i ? mcount_q : mcount_q - 1'b1;

  assign ram_in = BW'(in_data_i);
  gx_ram_1r1w #(.Depth(Depth), .Width(BW), .OutReg(1'b0)) u_mem (
    .clk_i, .rst_i,
    .re_i(srd), .raddr_i(rptr_q), .rdata_o(ram_out),
    .we_i({(BW/8){push_i}}), .waddr_i(wptr_q), .wdata_i(ram_in));
  assign slot = ram_out[Width-1:0];
  if (BW > Width) begin : gen_pad
    logic unused_pad;  // the padding bits of the last byte
    assign unused_pad = ^ram_out[BW-1:Width];
  end

  // group g of the head: bits Lo..Lo + W - 1, loaded by hldh[g]; its copy of the valid
  // bit kept (synthesis would merge the copies with hv_q and each other)
  for (genvar g = 0; g < HG; g++) begin : gen_head
    localparam int unsigned Lo = g * Width / HG;
    localparam int unsigned W  = (g + 1) * Width / HG - Lo;
    logic [W-1:0] part_q;
    assign hldh[g] = (!hvh_q[g] || pop_i) && sv_q;
    always_ff @(posedge clk_i) begin
      if (hldh[g]) part_q <= slot[Lo +: W];
    end
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) hvh_q[g] <= 1'b0;
      else hvh_q[g] <= hld || (hv_q && !pop_i);
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
      sv_q     <= 1'b0;
    end else begin
      if (push_i) wptr_q <= wptr_q + 1'b1;
      if (srd) rptr_q <= rptr_q + 1'b1;
      mcount_q <= srd ? mcount_rd1 : mcount_rd0;
      count_q  <= count_q + (AW+1)'(push_i) - (AW+1)'(pop_q);
      pop_q    <= pop_i;
      // mcount_q + push_i - srd != 0, with the read last
      mnz_q    <= push_i || mcount_q > (AW+1)'(1) || (mcount_q == (AW+1)'(1) && !srd);
      sv_q     <= srd || (sv_q && !hld);
    end
  end
  // the head's valid bit, kept (synthesis would merge it with its copies)
  (* keep *) always_ff @(posedge clk_i) begin
    if (rst_i) hv_q <= 1'b0;
    else hv_q <= hld || (hv_q && !pop_i);
  end
  assign head_o  = head_q;
  assign valid_o = hv_q;
  assign count_o = count_q;

  `GX_ASSERT(NoOverflow_A, !push_i || count_q != (AW+1)'(Depth))
  `GX_ASSERT(NoUnderflow_A, !pop_i || hv_q)
  `GX_ASSERT(OfifoCount_A, count_q <= (AW+1)'(Depth) &&
                           32'(count_q) == 32'(mcount_q) + 32'(sv_q) + 32'(hv_q) +
                                           32'(pop_q) &&
                           wptr_q == AW'(32'(rptr_q) + 32'(mcount_q)) &&
                           mnz_q == (mcount_q != '0) && hvh_q == {HG{hv_q}})
endmodule

`default_nettype wire
