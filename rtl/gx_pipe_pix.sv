// gx_pipe_pix: the pixel stage of gx_pipe (docs/pipe_pix.md; docs/pipe.md, "Pixel stage").
// The pixel-shader stand-in: each triangle has one flat color, and every covered pixel
// of the rasterizer's quad groups becomes one SUST.MS store of that color
// (C model: cmodel/src/pipe_pix.c).
//
// Color ring. The command decoder writes each triangle's color (col_valid_i /
// col_ready_o, col_i): the n-th color gets the number n mod 2^16 (col_tag_o, the
// triangle's raster tag) and slot n mod Depth of a block-RAM ring (gx_ram_1r1w). The
// live numbers are head_q .. next_q - 1; col_ready_o is low while Depth are live. A group
// taken with tag t moves head_q to t (every triangle before t is done: the rasterizer
// keeps order); raster_idle_i while the stage holds nothing (idle_o) moves head_q to
// next_q (all free).
//
// Stores. A group taken (grp_valid_i / grp_ready_o, gx_pkg::rs_qgroup_t) reads its
// color from the RAM in the same clock and waits in P1 (the one-group look-ahead); in
// stage I it gives one store a clock to the output register, lanes 0..3, pixels
// k = 2 dy + dx = 0..3, covered pixels (valid lane, non-zero mask) only. I's color is
// the RAM's read data in I's first clock (the read was issued when the group was taken,
// at least two clocks before; the read data holds through the clock after the next
// read, which comes at the earliest in the clock before I's first) and a register after.
//
// Handshake: valid/ready on all three streams; st_o holds while stalled. grp_ready_o =
// P1 empty or moving on to I (it depends on st_ready_i through the output register's
// load: no register on that path). Latency: a group taken in clock t gives its first
// store in clock t + 3 (P1, I, output register). Throughput: one store a clock while
// st_ready_i is high, across group boundaries and for groups of one pixel too (a group
// a clock); a group without covered pixels costs one clock of I.
`default_nettype none
`include "gx_assert.svh"

module gx_pipe_pix #(
  parameter int unsigned Depth    = 64,     /// ring entries (a power of two, 2..512)
  parameter logic [15:0] ResetNum = 16'h0,  /// head and next after reset (proofs: near the wrap)
  localparam int unsigned AW = $clog2(Depth)
) (
  input  wire logic               clk_i,         /// clock, rising edge
  input  wire logic               rst_i,         /// synchronous reset, active high
  // decoder: the triangle colors, in triangle order
  input  wire logic               col_valid_i,   /// a color is offered
  output      logic               col_ready_o,   /// taken this clock (ring not full)
  input  wire logic [127:0]       col_i,         /// the color: byte j in bits 8j+7..8j
  output      logic [15:0]        col_tag_o,     /// the number the offered color gets
  // rasterizer
  input  wire logic               grp_valid_i,   /// a quad group is offered
  output      logic               grp_ready_o,   /// taken this clock
  input  wire gx_pkg::rs_qgroup_t grp_i,         /// quad group; its tag must be live
  input  wire logic               raster_idle_i, /// nothing in flight up to here (gx_raster idle_o, see docs)
  // coalesce unit
  output      logic               st_valid_o,    /// a store is offered
  input  wire logic               st_ready_i,    /// taken this clock
  output      gx_pkg::ms_cmd_t    st_o,          /// SUST.MS store: op 0, full 0, value bytes 0..15
  output      logic               idle_o         /// no group and no store held
);
  localparam int unsigned CW = 128;

  // ---- the ring's numbers -------------------------------------------------------------
  logic [15:0] head_q, head_d, next_q, next_d, live;
  logic        col_take, grp_take, held, release_all;
  // full_q: Depth entries live, a register (col_ready_o and the RAM's write enable come
  // from it). Its next value needs only the low AW+1 bits of the numbers: at most Depth
  // are live, so next - head mod 2^(AW+1) is the live count itself; the two cases, a
  // group taken (head = its tag) or not, are compared before the choice.
  logic        full_q, full_d;
  logic [AW:0] n_lo;

  assign live        = next_q - head_q;
  assign col_ready_o = !full_q;
  assign col_tag_o   = next_q;
  assign col_take    = col_valid_i && col_ready_o;

  // ---- stages ---------------------------------------------------------------------------
  // P1: the group taken in the clock before (its color read issued then).
  logic           p1_v_q, p1_v_d;
  logic [15:0]    p1_tag_q, p1_pix_q, pix_in;
  logic [4:0]     p1_cnt_q, cnt_in;   // covered pixels of P1's group, of the offered one
  logic [11:0]    p1_qx_q, p1_qy_q;
  logic [255:0]   p1_masks_q;
  // I: the group giving its stores; i_rem_q its pixels not yet given (bit 4 l + k).
  logic           i_v_q, i_v_d, i_first_q, i_all_q;
  logic [15:0]    i_rem_q, i_rem_d, i_low, i_after;
  logic [4:0]     i_cnt_q, i_cnt_d;   // pixels in i_rem_q: i_free and emit without the
                                      // lowest-bit logic (the critical path before)
  logic [11:0]    i_qx_q, i_qy_q;
  logic [255:0]   i_masks_q;
  logic [CW-1:0]  i_col_q, i_col, ram_rdata;
  logic [3:0]     i_idx;
  logic [1:0]     i_lane;
  logic           emit, i_free;
  // output register
  logic           out_v_q, out_v_d, out_load;
  logic [12:0]    out_x_q, out_y_q;
  logic [15:0]    out_mask_q;
  logic [CW-1:0]  out_col_q;

  // covered pixels of the offered group: valid lane and a non-zero mask
  always_comb begin
    for (int unsigned i = 0; i < 16; i++)
      pix_in[i] = grp_i.valid[i / 4] && |grp_i.masks[16*i +: 16];
    cnt_in = '0;
    for (int i = 0; i < 16; i++) cnt_in = cnt_in + 5'(pix_in[i]);
  end

  // I: the lowest remaining pixel
  assign i_low   = i_rem_q & (~i_rem_q + 16'd1);
  assign i_after = i_rem_q & ~i_low;
  always_comb begin
    i_idx = '0;
    for (int i = 15; i >= 0; i--)
      if (i_rem_q[i]) i_idx = 4'(i);
  end
  assign i_lane   = i_idx[3:2];
  assign i_col    = i_first_q ? ram_rdata : i_col_q;
  assign out_load = !out_v_q || st_ready_i;
  assign emit     = i_v_q && i_cnt_q != '0 && out_load;
  assign i_free   = !i_v_q || (i_cnt_q <= 5'd1 && (out_load || i_cnt_q == '0));

  assign grp_ready_o = !p1_v_q || i_free;
  assign grp_take    = grp_valid_i && grp_ready_o;
  assign held        = p1_v_q || i_v_q;
  assign release_all = raster_idle_i && idle_o;

  always_comb begin
    next_d = next_q + 16'(col_take);
    head_d = head_q;
    if (grp_take) head_d = grp_i.tag;
    else if (release_all) head_d = next_q;
    n_lo   = next_d[AW:0];
    full_d = grp_take ? (AW+1)'(n_lo - grp_i.tag[AW:0]) == (AW+1)'(Depth)
                      : !release_all && (AW+1)'(n_lo - head_q[AW:0]) == (AW+1)'(Depth);
    p1_v_d = grp_ready_o ? grp_valid_i : p1_v_q;
    i_v_d  = i_free ? p1_v_q : 1'b1;
    i_rem_d = i_free ? p1_pix_q : (emit ? i_after : i_rem_q);
    i_cnt_d = i_free ? p1_cnt_q : (emit ? i_cnt_q - 5'd1 : i_cnt_q);
    out_v_d = out_load ? emit : 1'b1;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      head_q  <= ResetNum;
      full_q  <= 1'b0;
      next_q  <= ResetNum;
      p1_v_q  <= 1'b0;
      i_v_q   <= 1'b0;
      out_v_q <= 1'b0;
    end else begin
      head_q  <= head_d;
      full_q  <= full_d;
      next_q  <= next_d;
      p1_v_q  <= p1_v_d;
      i_v_q   <= i_v_d;
      out_v_q <= out_v_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (grp_take) begin
      p1_tag_q   <= grp_i.tag;
      p1_pix_q   <= pix_in;
      p1_cnt_q   <= cnt_in;
      p1_qx_q    <= grp_i.qx;
      p1_qy_q    <= grp_i.qy;
      p1_masks_q <= grp_i.masks;
    end
    i_rem_q   <= i_rem_d;
    i_cnt_q   <= i_cnt_d;
    i_first_q <= i_free;
    if (i_free) begin
      i_qx_q    <= p1_qx_q;
      i_qy_q    <= p1_qy_q;
      i_masks_q <= p1_masks_q;
      i_all_q   <= p1_pix_q == '1;
    end
    if (i_first_q) i_col_q <= ram_rdata;
    if (emit) begin
      out_x_q    <= {i_qx_q + 12'(i_lane), i_idx[0]};
      out_y_q    <= {i_qy_q, i_idx[1]};
      out_mask_q <= i_masks_q[16*i_idx +: 16];
      out_col_q  <= i_col;
    end
  end

  gx_ram_1r1w #(.Depth(Depth), .Width(CW)) u_ring (
    .clk_i, .rst_i,
    .re_i(grp_take), .raddr_i(grp_i.tag[AW-1:0]), .rdata_o(ram_rdata),
    .we_i({(CW/8){col_take}}), .waddr_i(next_q[AW-1:0]), .wdata_i(col_i)
  );

  assign st_valid_o = out_v_q;
  always_comb begin
    st_o       = '0;
    st_o.op    = 2'd0;
    st_o.full  = 1'b0;
    st_o.x     = out_x_q;
    st_o.y     = out_y_q;
    st_o.mask  = out_mask_q;
    st_o.value[CW-1:0] = out_col_q;
  end
  assign idle_o = !held && !out_v_q;

  // ---- properties ---------------------------------------------------------------------
  function automatic logic [7:0] ones16(logic [15:0] v);
    ones16 = '0;
    for (int i = 0; i < 16; i++) ones16 = ones16 + 8'(v[i]);
  endfunction
  // The environment: streams hold until taken; a group's tag is live (its color was
  // written in an earlier clock, its triangle not retired); no group while idle.
  `GX_ASSUME(GrpHold_M, !`GX_PAST_OK || !$past(grp_valid_i && !grp_ready_o) ||
                        (grp_valid_i && grp_i == $past(grp_i)))
  `GX_ASSUME(ColHold_M, !`GX_PAST_OK || !$past(col_valid_i && !col_ready_o) ||
                        (col_valid_i && col_i == $past(col_i)))
  `GX_ASSUME(TagLive_M, !grp_valid_i || 16'(grp_i.tag - head_q) < live)
  `GX_ASSUME(IdleNoGroup_M, !raster_idle_i || !grp_valid_i)
  // The store holds while stalled.
  `GX_ASSERT(StHold_A, !`GX_PAST_OK || !$past(st_valid_o && !st_ready_i) ||
                       (st_valid_o && st_o == $past(st_o)))
  // The ring: at most Depth live, col_ready_o low exactly when full; P1's group is the
  // newest taken, its tag head_q and live.
  `GX_ASSERT(Live_A, live <= 16'(Depth))
  `GX_ASSERT(ColReady_A, col_ready_o == (live != 16'(Depth)))
  `GX_ASSERT(P1Head_A, !p1_v_q || (p1_tag_q == head_q && live != '0))
  // Every pixel held has a non-zero mask, so does every store.
  function automatic logic masks_ok(logic [15:0] pix, logic [255:0] masks);
    masks_ok = 1'b1;
    for (int i = 0; i < 16; i++)
      if (pix[i] && masks[16*i +: 16] == '0) masks_ok = 1'b0;
  endfunction
  `GX_ASSERT(P1Mask_A, !p1_v_q || masks_ok(p1_pix_q, p1_masks_q))
  `GX_ASSERT(IMask_A, !i_v_q || masks_ok(i_rem_q, i_masks_q))
  `GX_ASSERT(StMask_A, !st_valid_o || st_o.mask != '0)
  // The pixel counts are those of the pixel bits.
  `GX_ASSERT(P1Cnt_A, !p1_v_q || 8'(p1_cnt_q) == ones16(p1_pix_q))
  `GX_ASSERT(ICnt_A, !i_v_q || 8'(i_cnt_q) == ones16(i_rem_q))

  // Scoreboard: the stores given are the covered pixels of the groups taken; those not
  // yet given are held: P1's and I's counts (those of their pixel bits: P1Cnt_A,
  // ICnt_A) and the output register. Counts modulo 2^8.
  logic [7:0] sb_in_q, sb_out_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      sb_in_q  <= '0;
      sb_out_q <= '0;
    end else begin
      sb_in_q  <= sb_in_q + (grp_take ? ones16(pix_in) : 8'd0);
      sb_out_q <= sb_out_q + 8'(st_valid_o && st_ready_i);
    end
  end
  `GX_ASSERT(Count_A, 8'(sb_in_q - sb_out_q) == 8'(p1_v_q ? p1_cnt_q : '0) +
                      8'(i_v_q ? i_cnt_q : '0) + 8'(out_v_q))

  `GX_COVER(RingFull_C, col_valid_i && !col_ready_o)
  `GX_COVER(SlotWrap_C, col_take && next_q[AW-1:0] == '1)
  `GX_COVER(NumWrap_C, col_take && next_q == 16'hffff)
  `GX_COVER(Group16_C, emit && i_all_q && i_rem_q == 16'h8000)
  `GX_COVER(EmptyLane_C, grp_take && grp_i.valid != 4'hf)
  `GX_COVER(IdleRelease_C, !grp_take && raster_idle_i && idle_o && live != '0)
  `GX_COVER(BoundaryStall_C, out_v_q && !st_ready_i && i_v_q && i_first_q && i_rem_q != '0)
  `GX_COVER(GroupAClock_C, emit && i_first_q && i_after == '0 && p1_v_q)
endmodule

`default_nettype wire
