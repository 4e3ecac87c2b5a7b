// gx_axi_width_ax: one address channel (AW or AR) of gx_axi_width's upsizer. It takes a
// narrow burst's address (8-byte beats, AxSIZE 3, INCR) and offers the same burst as full
// beats of the wide port from a register: the same start address, AxSIZE log2(DataW/8),
// AxLEN the wide beats the narrow burst's bytes touch. Beside it, the burst's shape goes
// into a small FIFO for the data channel: the 8-byte lane of the start address within
// the wide beat and the narrow AxLEN, in burst order (the wide AxLEN shown beside the
// head is computed from them, as the address's).
//
// Handshake: s_ready_o = the register is free or being taken (m_ready_i) and the FIFO
// has room; the register's valid and payload hold while m_valid_o && !m_ready_i. The
// FIFO's head (info_*) shows a burst's shape from the second clock after its address
// was taken, until info_pop_i. Latency 1 (address in to address out), one address a
// clock.
`default_nettype none
`include "gx_assert.svh"

module gx_axi_width_ax #(
  parameter int unsigned DataW = 128,  /// wide data bits: 128 or 256
  parameter int unsigned AddrW = 64,   /// address bits
  parameter int unsigned IdW   = 4,    /// ID bits
  parameter int unsigned Depth = 4,    /// bursts whose shape the FIFO holds (power of two)
  localparam int unsigned LW   = $clog2(DataW / 64)  /// bits of an 8-byte lane index
) (
  input  wire logic             clk_i,        /// clock, rising edge
  input  wire logic             rst_i,        /// synchronous reset, active high
  input  wire logic             s_valid_i,    /// narrow AxVALID
  output      logic             s_ready_o,    /// narrow AxREADY
  input  wire logic [IdW-1:0]   s_id_i,       /// AxID
  input  wire logic [AddrW-1:0] s_addr_i,     /// AxADDR: the burst's first byte
  input  wire logic [7:0]       s_len_i,      /// narrow AxLEN: 8-byte beats - 1
  input  wire logic [13:0]      s_attr_i,     /// {AxBURST, AxLOCK, AxCACHE, AxPROT, AxQOS}
  output      logic             m_valid_o,    /// wide AxVALID
  input  wire logic             m_ready_i,    /// wide AxREADY
  output      logic [IdW-1:0]   m_id_o,       /// AxID, as taken
  output      logic [AddrW-1:0] m_addr_o,     /// AxADDR, as taken
  output      logic [7:0]       m_len_o,      /// wide AxLEN: wide beats - 1
  output      logic [2:0]       m_size_o,     /// AxSIZE: log2(DataW / 8)
  output      logic [13:0]      m_attr_o,     /// the other fields, as taken
  output      logic             info_valid_o, /// the FIFO holds a burst's shape
  output      logic [LW-1:0]    info_lane_o,  /// its start address's 8-byte lane
  output      logic [7:0]       info_len_o,   /// its narrow AxLEN
  output      logic [7:0]       info_wlen_o,  /// its wide AxLEN
  input  wire logic             info_pop_i    /// drop the head
);
  localparam int unsigned IW = LW + 8;  // FIFO word: {lane, narrow len}

  logic             v_q, v_d, hs;
  logic [IdW-1:0]   id_q;
  logic [AddrW-1:0] addr_q;
  logic [7:0]       len_q;
  logic [7:0]       nlen_q;  // the narrow AxLEN (for MLen_A)
  logic [13:0]      attr_q;
  logic [LW-1:0]    lane;
  logic [IW-1:0]    head;
  logic [$clog2(Depth):0] count;

  // The wide AxLEN of a narrow burst: its 8-byte lanes run from the start lane for
  // AxLEN + 1 lanes, so the last is in wide beat (lane + AxLEN) >> LW of the burst
  // (9 bits: at most 3 + 255).
  function automatic logic [7:0] wide_len(input logic [LW-1:0] l, input logic [7:0] n);
    wide_len = 8'((9'(l) + 9'(n)) >> LW);
  endfunction

  assign lane = s_addr_i[3 +: LW];

  assign s_ready_o = (!v_q || m_ready_i) && 32'(count) < Depth;
  assign hs        = s_valid_i && s_ready_o;
  assign v_d       = hs || (v_q && !m_ready_i);

  always_ff @(posedge clk_i) begin
    if (rst_i) v_q <= 1'b0;
    else       v_q <= v_d;
  end
  always_ff @(posedge clk_i) begin
    if (hs) begin
      id_q   <= s_id_i;
      addr_q <= s_addr_i;
      len_q  <= wide_len(lane, s_len_i);
      nlen_q <= s_len_i;
      attr_q <= s_attr_i;
    end
  end

  // (the FIFO's head-load outputs are for users that decide from its next head)
  logic          info_ld;
  logic [IW-1:0] info_next;
  gx_fifo_lut #(.Width(IW), .Depth(Depth)) u_info (
    .clk_i, .rst_i,
    .push_i(hs), .in_data_i({lane, s_len_i}),
    .pop_i(info_pop_i), .valid_o(info_valid_o), .head_o(head), .count_o(count),
    .load_o(info_ld), .next_o(info_next)
  );
  logic unused_next;
  assign unused_next = ^{info_ld, info_next};

  assign m_valid_o   = v_q;
  assign m_id_o      = id_q;
  assign m_addr_o    = addr_q;
  assign m_len_o     = len_q;
  assign m_size_o    = 3'($clog2(DataW / 8));
  assign m_attr_o    = attr_q;
  assign {info_lane_o, info_len_o} = head;
  assign info_wlen_o = wide_len(info_lane_o, info_len_o);

  // The narrow burst: INCR, inside one 4 KB page (its 8-byte beats from the start
  // address's). Then the wide burst is too: its last wide beat is the one that holds the
  // narrow burst's last byte, and a page is whole wide beats.
  `GX_ASSUME(SInPage_M, !s_valid_i || (s_attr_i[13:12] == 2'b01 &&
                                       10'(s_addr_i[11:3]) + 10'(s_len_i) < 10'd512))
  `GX_ASSERT(MInPage_A, !v_q || (attr_q[13:12] == 2'b01 &&
                                 13'(addr_q[11:3 + LW]) + 13'(len_q) < 13'(4096 / (DataW / 8))))
  // AxLEN as specified: the wide beats from the one holding the start address to the one
  // holding the narrow burst's last byte (page offsets, 13 bits: inside the page).
  `GX_ASSERT(MLen_A, !v_q || 13'(len_q) ==
             ((13'({addr_q[11:3], 3'b000}) + 13'd8 * (13'(nlen_q) + 13'd1) - 13'd1) >>
              $clog2(DataW / 8)) - 13'(addr_q[11:$clog2(DataW / 8)]))
  `GX_ASSERT(AxHold_A, !`GX_PAST_OK || !$past(v_q && !m_ready_i) ||
                       (v_q && id_q == $past(id_q) && addr_q == $past(addr_q) &&
                        len_q == $past(len_q) && attr_q == $past(attr_q)))
endmodule

`default_nettype wire
