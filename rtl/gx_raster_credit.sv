// gx_raster_credit: the walker's credit for one of its FIFOs, with no adder before it.
// It counts u, the pieces in flight to the FIFO and the words the FIFO holds (the FIFO's
// count_o: a pop counted a clock late), as a register with two flags of it (u <= Depth -
// 2, u == Depth - 1), so the credit for the next clock, room_o = u + up_i - dn_i < Depth,
// is a few gates of registers and this clock's events: up_i, a piece handed on towards
// the FIFO; dn_i, a piece dropped before it (leaving the pieces in flight without a word
// written). The count's own next value (u + up_i - dn_i - the pop of the clock before)
// reaches only the count and its flags. One update a clock; room_o is combinational.
`default_nettype none
`include "gx_assert.svh"

module gx_raster_credit #(
  parameter int unsigned Depth = 16,  /// words of the FIFO
  localparam int unsigned CW = $clog2(Depth) + 1
) (
  input  wire logic          clk_i,   /// clock, rising edge
  input  wire logic          rst_i,   /// synchronous reset, active high
  input  wire logic          up_i,    /// a piece handed on towards the FIFO
  input  wire logic          dn_i,    /// a piece in flight dropped (no word written)
  input  wire logic          pop_i,   /// the FIFO's head popped
  output      logic          room_o,  /// after this clock, room for one more piece
  output      logic [CW-1:0] used_o   /// u: pieces in flight and words held
);
  logic [CW-1:0] u_q, u_d;
  logic          le_q, eq_q;          // u_q <= Depth - 2, u_q == Depth - 1
  logic          pop_q;               // the pop of the clock before (the FIFO's count)

  assign room_o = le_q || (eq_q && (!up_i || dn_i)) || (!le_q && !eq_q && dn_i && !up_i);
  assign u_d    = u_q + CW'(up_i) - CW'(dn_i) - CW'(pop_q);

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      u_q   <= '0;
      le_q  <= 1'b1;
      eq_q  <= 1'b0;
      pop_q <= 1'b0;
    end else begin
      u_q   <= u_d;
      le_q  <= u_d <= CW'(Depth - 2);
      eq_q  <= u_d == CW'(Depth - 1);
      pop_q <= pop_i;
    end
  end
  assign used_o = u_q;

  `GX_ASSERT(CreditFlags_A, u_q <= CW'(Depth) && le_q == (u_q <= CW'(Depth - 2)) &&
                            eq_q == (u_q == CW'(Depth - 1)))
  `GX_ASSERT(CreditRoom_A, room_o == (32'(u_q) + 32'(up_i) < Depth + 32'(dn_i)))
endmodule

`default_nettype wire
