// gx_axi_width_ax: one address channel (AW or AR) of gx_axi_width's upsizer (DataW 128,
// 256) or downsizer (DataW 32). It takes a narrow burst's address (8-byte beats, AxSIZE
// 3, INCR) and offers the same burst in beats of the DataW port from a register: the same
// start address, AxSIZE log2(DataW/8), AxLEN the DataW beats the narrow burst's bytes
// touch (from its start address to the end of its last 8-byte beat). Beside it, the
// burst's shape goes into a small FIFO for the data channel: the lane of the start
// address (upsizer: its 8-byte lane within the wide beat; downsizer: its 4-byte half
// within the 8-byte beat, address bit 2) and the narrow AxLEN, in burst order (the
// DataW AxLEN shown beside the head is computed from them, as the address's).
//
// Handshake: s_ready_o = the register is free or being taken (m_ready_i) and the FIFO
// has room; the register's valid and payload hold while m_valid_o && !m_ready_i. The
// FIFO's head (info_*) shows a burst's shape from the second clock after its address
// was taken, until info_pop_i. Latency 1 (address in to address out), one address a
// clock.
`default_nettype none
`include "gx_assert.svh"

module gx_axi_width_ax #(
  parameter int unsigned DataW = 128,  /// DataW port bits: 32, 128 or 256
  parameter int unsigned AddrW = 64,   /// address bits
  parameter int unsigned IdW   = 4,    /// ID bits
  parameter int unsigned Depth = 4,    /// bursts whose shape the FIFO holds (power of two)
  localparam int unsigned LW   = DataW == 32 ? 1 : $clog2(DataW / 64)  /// bits of a lane
) (
  input  wire logic             clk_i,        /// clock, rising edge
  input  wire logic             rst_i,        /// synchronous reset, active high
  input  wire logic             s_valid_i,    /// narrow AxVALID
  output      logic             s_ready_o,    /// narrow AxREADY
  input  wire logic [IdW-1:0]   s_id_i,       /// AxID
  input  wire logic [AddrW-1:0] s_addr_i,     /// AxADDR: the burst's first byte
  input  wire logic [7:0]       s_len_i,      /// narrow AxLEN: 8-byte beats - 1 (DataW 32: < 128)
  input  wire logic [13:0]      s_attr_i,     /// {AxBURST, AxLOCK, AxCACHE, AxPROT, AxQOS}
  output      logic             m_valid_o,    /// wide AxVALID
  input  wire logic             m_ready_i,    /// wide AxREADY
  output      logic [IdW-1:0]   m_id_o,       /// AxID, as taken
  output      logic [AddrW-1:0] m_addr_o,     /// AxADDR, as taken
  output      logic [7:0]       m_len_o,      /// AxLEN: DataW beats - 1
  output      logic [2:0]       m_size_o,     /// AxSIZE: log2(DataW / 8)
  output      logic [13:0]      m_attr_o,     /// the other fields, as taken
  output      logic             info_valid_o, /// the FIFO holds a burst's shape
  output      logic [LW-1:0]    info_lane_o,  /// its start address's lane
  output      logic [7:0]       info_len_o,   /// its narrow AxLEN
  output      logic [7:0]       info_wlen_o,  /// its DataW AxLEN
  input  wire logic             info_pop_i    /// drop the head
);
  localparam bit          Down = DataW == 32;
  localparam int unsigned SL = $clog2(DataW / 8);  // AxSIZE: log2 of the DataW beat's bytes
  // FIFO word: {lane, narrow len}; the downsizer's narrow AxLEN is below 128 (SLen_M),
  // kept in 7 bits, so no word the FIFO can hold names a longer burst
  localparam int unsigned NW = Down ? 7 : 8;
  localparam int unsigned IW = LW + NW;

  logic             v_q, v_d, hs;
  logic [IdW-1:0]   id_q;
  logic [AddrW-1:0] addr_q;
  logic [7:0]       len_q;
  logic [7:0]       nlen_q;  // the narrow AxLEN (for MLen_A)
  logic [13:0]      attr_q;
  logic [LW-1:0]    lane;
  logic [IW-1:0]    head;
  logic [$clog2(Depth):0] count;

  // The DataW AxLEN of a narrow burst (9 bits before the cut). Upsizer: its 8-byte lanes
  // run from the start lane for AxLEN + 1 lanes, so the last is in wide beat
  // (lane + AxLEN) >> LW of the burst (at most 3 + 255). Downsizer: two 4-byte beats an
  // 8-byte beat, less the first's lower half when the start address is in its upper
  // half (lane 1): 2 AxLEN + 1 - lane, at most 255 for AxLEN < 128 (SLen_M).
  function automatic logic [7:0] wide_len(input logic [LW-1:0] l, input logic [7:0] n);
    if (Down) wide_len = 8'((9'(n) << 1) + 9'd1 - 9'(l));
    else      wide_len = 8'((9'(l) + 9'(n)) >> LW);
  endfunction

  assign lane = s_addr_i[(Down ? 2 : 3) +: LW];

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
    .push_i(hs), .in_data_i({lane, s_len_i[NW-1:0]}),
    .pop_i(info_pop_i), .valid_o(info_valid_o), .head_o(head), .count_o(count),
    .load_o(info_ld), .next_o(info_next)
  );
  logic unused_next;
  assign unused_next = ^{info_ld, info_next};

  assign m_valid_o   = v_q;
  assign m_id_o      = id_q;
  assign m_addr_o    = addr_q;
  assign m_len_o     = len_q;
  assign m_size_o    = 3'(SL);
  assign m_attr_o    = attr_q;
  assign info_lane_o = head[NW +: LW];
  assign info_len_o  = 8'(head[NW-1:0]);
  assign info_wlen_o = wide_len(info_lane_o, info_len_o);

  // The narrow burst: INCR, inside one 4 KB page (its 8-byte beats from the start
  // address's); for the downsizer at most 128 beats (its AxLEN doubled fits 8 bits).
  // Then the DataW burst is inside the page too: its last beat is the one that holds the
  // narrow burst's last byte, and a page is whole DataW beats.
  `GX_ASSUME(SInPage_M, !s_valid_i || (s_attr_i[13:12] == 2'b01 &&
                                       10'(s_addr_i[11:3]) + 10'(s_len_i) < 10'd512))
  `GX_ASSUME(SLen_M, !s_valid_i || !Down || s_len_i < 8'd128)
  `GX_ASSERT(MInPage_A, !v_q || (attr_q[13:12] == 2'b01 &&
                                 13'(addr_q[11:SL]) + 13'(len_q) < 13'(4096 >> SL)))
  // AxLEN as specified: the DataW beats from the one holding the start address to the one
  // holding the narrow burst's last byte (page offsets, 13 bits: inside the page).
  `GX_ASSERT(MLen_A, !v_q || 13'(len_q) ==
             ((13'({addr_q[11:3], 3'b000}) + 13'd8 * (13'(nlen_q) + 13'd1) - 13'd1) >> SL) -
             13'(addr_q[11:SL]))
  `GX_ASSERT(AxHold_A, !`GX_PAST_OK || !$past(v_q && !m_ready_i) ||
                       (v_q && id_q == $past(id_q) && addr_q == $past(addr_q) &&
                        len_q == $past(len_q) && attr_q == $past(attr_q)))
endmodule

`default_nettype wire
