// gx_resolve: the anti-alias resolve filter of tiled mode (issue 24): a rectangle's RGBA8
// pixels from its pixels' samples, the box filter or the 3 x 3 tent, one pixel a clock.
//
// The C model is the specification (gx_resolve_rect in cmodel/src/resolve.c, docs/tiled.md
// "Resolve unit" and "Multi-pixel filter"). S(x, y) is the per-channel sum of pixel
// (x, y)'s N samples (N = 2^nlg, 1..16):
//   box   out = (S + N / 2) >> nlg;
//   tent  out = (sum of w(dx) w(dy) S(x + dx, y + dy) + 8 N) >> (nlg + 4), w = 1, 2, 1.
// In: the region's pixels in raster order, each as its N samples (sample i in bits
// [32 i +: 32], channel c in byte c of it; samples i >= N ignored): for the box the
// rectangle itself, cfg w x h pixels; for the tent the rectangle with its one-pixel ring,
// (w + 2) x (h + 2) (cfg w and h are the region's: at least 3 each), its coordinates
// clamped to the target by the reader (the edge pixel repeated), as gx_resolve_rect
// reads them. Out: the rectangle's pixels in raster order, RGBA8 (channel c in byte c),
// eol on the last pixel of a row, eof on the last of the rectangle.
// cfg_i is held while a region streams (changed only between regions, CfgHeld_M).
//
// Pipeline (one enable: every stage advances when the output register is empty or taken):
//   1      the pixel registered, its column and row (counted here)
//   2-4    per channel, the samples summed in a tree, one two-input add a stage: pairs
//          (samples beyond N zeroed), fours, eights; stage 4 reads the row buffer's word
//          for its column
//   5      per channel S; the row buffer's word arrives, and is written with (S, one row
//          up) for the row below
//   6      the column's S two rows up, one row up and here: Sa + Sc, 2 Sb
//   7      V = Sa + 2 Sb + Sc (the tent's column sum)
//   8      the row's last two V: V(x - 2) + V(x), 2 V(x - 1)
//   9      T = V(x - 2) + 2 V(x - 1) + V(x)
//   10     the rounding and shift of the filter: the output register
// The row buffer: one word a column, (S one row up, S two rows up), 96 bits, in block RAM
// (gx_ram_1r1w, read a clock ahead); a column is read in stage 4 and written in stage 5,
// a pixel apart, so a region row of 2 or more pixels never reads a word being written.
// Latency 10 clocks for the box (a pixel in, its result out); the tent's result for a
// pixel leaves 10 clocks after the region's pixel one row below and one column right of
// it enters.
`default_nettype none
`include "gx_assert.svh"

module gx_resolve #(
  parameter int unsigned MaxW = 66  /// most pixels a region row (CT + 2)
) (
  input  wire logic         clk_i,       /// clock, rising edge
  input  wire logic         rst_i,       /// synchronous reset, active high
  input  wire logic         cfg_tent_i,  /// 1: the tent filter, 0: the box
  input  wire logic [2:0]   cfg_nlg_i,   /// log2 N, 0..4
  input  wire logic [6:0]   cfg_w_i,     /// region row, pixels: 1..MaxW (the tent: 3..)
  input  wire logic [6:0]   cfg_h_i,     /// region rows: 1..127 (the tent: 3..)
  input  wire logic         in_valid_i,  /// a region pixel is offered
  output      logic         in_ready_o,  /// it is taken this clock
  input  wire logic [511:0] in_i,        /// its samples
  output      logic         out_valid_o, /// a resolved pixel is offered
  input  wire logic         out_ready_i, /// it is taken this clock
  output      logic [31:0]  out_o,       /// RGBA8
  output      logic         out_eol_o,   /// the last pixel of a rectangle row
  output      logic         out_eof_o    /// the last pixel of the rectangle
);
  localparam int unsigned XW = 7;
  localparam int unsigned NS = 10;  // stages

  logic adv;  // every stage advances
  // Each stage's valid bit and the pixel's place in the region; S rides from stage 5 to
  // the output for the box.
  logic [NS:1]            val_q;
  logic [NS-1:1][XW-1:0]  px_q, py_q;
  logic [NS-1:5][3:0][11:0] ps_q;
  assign adv = !val_q[NS] || out_ready_i;
  assign in_ready_o = adv;

  // ---------------------------------------------------------------------------------
  // Stage 1: the pixel, its column and row in the region
  logic [XW-1:0] x_q, y_q;  // the next pixel's place
  logic [511:0]  s1_q;
  logic          last_x, last_y, emit;
  assign last_x = x_q == cfg_w_i - 7'd1;
  assign last_y = y_q == cfg_h_i - 7'd1;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      x_q <= '0;
      y_q <= '0;
      val_q <= '0;
    end else if (adv) begin
      val_q <= {emit, val_q[NS-2:1], in_valid_i};
      if (in_valid_i) begin
        x_q <= last_x ? '0 : x_q + 7'd1;
        if (last_x) y_q <= last_y ? '0 : y_q + 7'd1;
      end
    end
  end
  always_ff @(posedge clk_i)
    if (adv) begin
      s1_q <= in_i;
      px_q <= {px_q[NS-2:1], x_q};
      py_q <= {py_q[NS-2:1], y_q};
    end

  // ---------------------------------------------------------------------------------
  // Stages 2 to 5: each channel's samples summed in a tree, one two-input add a stage:
  // pairs (samples beyond N zeroed), fours, eights, S
  logic [15:0] smask;
  always_comb
    for (int unsigned i = 0; i < 16; i++)
      smask[i] = i < (32'd1 << cfg_nlg_i);
  logic [3:0][7:0][8:0]  p2_q;  // [channel][pair]
  logic [3:0][3:0][9:0]  q3_q;  // [channel][four]
  logic [3:0][1:0][10:0] h4_q;  // [channel][eight]
  logic [3:0][11:0]      s5;
  always_comb
    for (int unsigned c = 0; c < 4; c++)
      s5[c] = 12'(h4_q[c][0]) + 12'(h4_q[c][1]);
  always_ff @(posedge clk_i)
    if (adv) begin
      for (int unsigned c = 0; c < 4; c++) begin
        for (int unsigned k = 0; k < 8; k++)
          p2_q[c][k] <= (smask[2 * k] ? 9'(s1_q[32 * (2 * k) + 8 * c +: 8]) : 9'd0) +
                        (smask[2 * k + 1] ? 9'(s1_q[32 * (2 * k + 1) + 8 * c +: 8]) : 9'd0);
        for (int unsigned k = 0; k < 4; k++)
          q3_q[c][k] <= 10'(p2_q[c][2 * k]) + 10'(p2_q[c][2 * k + 1]);
        for (int unsigned k = 0; k < 2; k++)
          h4_q[c][k] <= 11'(q3_q[c][2 * k]) + 11'(q3_q[c][2 * k + 1]);
      end
      ps_q <= {ps_q[NS-2:5], s5};
    end

  // the row buffer: word x holds (S one row up [47:0], S two rows up [95:48]); stage 4's
  // column is read, stage 5's written with (S, one row up) for the row below
  logic [95:0] rb_rd;
  logic [3:0][11:0] up1, up2;  // stage 5's, held across stalls (the RAM reads on adv)
  assign up1 = rb_rd[47:0];
  assign up2 = rb_rd[95:48];
  gx_ram_1r1w #(.Depth(MaxW), .Width(96), .OutReg(1'b0)) u_rb (
    .clk_i, .rst_i,
    .re_i(adv && val_q[4] && cfg_tent_i), .raddr_i($clog2(MaxW)'(px_q[4])), .rdata_o(rb_rd),
    .we_i({12{adv && val_q[5] && cfg_tent_i}}), .waddr_i($clog2(MaxW)'(px_q[5])),
    .wdata_i({up1, ps_q[5]})
  );

  // ---------------------------------------------------------------------------------
  // Stages 6 to 9: the tent's sums (rows above the region's first two read as anything:
  // their results are not emitted). 6: Sa + Sc, 2 Sb; 7: V = Sa + 2 Sb + Sc, the column's
  // sum; 8: the row's V(x - 2) + V(x), 2 V(x - 1) (the two before held in registers that
  // take each valid pixel's V); 9: T = V(x - 2) + 2 V(x - 1) + V(x)
  logic [3:0][12:0] ac6_q, b6_q;
  logic [3:0][13:0] v7_q, vm1_q, vm2_q;
  logic [3:0][14:0] p8_q, q8_q;
  logic [3:0][15:0] t9_q;
  always_ff @(posedge clk_i)
    if (adv) begin
      for (int unsigned c = 0; c < 4; c++) begin
        ac6_q[c] <= 13'(up2[c]) + 13'(ps_q[5][c]);
        b6_q[c]  <= {up1[c], 1'b0};
        v7_q[c]  <= 14'(ac6_q[c]) + 14'(b6_q[c]);
        p8_q[c]  <= 15'(vm2_q[c]) + 15'(v7_q[c]);
        q8_q[c]  <= {vm1_q[c], 1'b0};
        t9_q[c]  <= 16'(p8_q[c]) + 16'(q8_q[c]);
      end
      if (val_q[7]) begin
        vm1_q <= v7_q;
        vm2_q <= vm1_q;
      end
    end

  // Stage 10: the output register. The tent emits the pixel one row up and one column
  // left of stage 9's (its 3 x 3 neighbourhood complete), for columns and rows 2 and up.
  logic eol9, eof9;
  assign emit = val_q[NS-1] && (!cfg_tent_i || (px_q[NS-1] >= 7'd2 && py_q[NS-1] >= 7'd2));
  assign eol9 = px_q[NS-1] == cfg_w_i - 7'd1;
  assign eof9 = eol9 && py_q[NS-1] == cfg_h_i - 7'd1;
  logic [31:0] o10_q;
  logic        eol10_q, eof10_q;
  always_ff @(posedge clk_i)
    if (adv) begin
      for (int unsigned c = 0; c < 4; c++)
        if (cfg_tent_i)
          o10_q[8 * c +: 8] <= 8'((17'(t9_q[c]) + (17'd8 << cfg_nlg_i)) >> (4'(cfg_nlg_i) + 4'd4));
        else
          o10_q[8 * c +: 8] <= 8'((13'(ps_q[NS-1][c]) + ((13'd1 << cfg_nlg_i) >> 1)) >> cfg_nlg_i);
      eol10_q <= eol9;
      eof10_q <= eof9;
    end
  assign out_valid_o = val_q[NS];
  assign out_o       = o10_q;
  assign out_eol_o   = eol10_q;
  assign out_eof_o   = eof10_q;

  // ---------------------------------------------------------------------------------
  // Properties
  logic idle;  // between regions, nothing in flight: the configuration may change
  assign idle = x_q == '0 && y_q == '0 && val_q == '0;
  `GX_ASSUME(CfgHeld_M, !`GX_PAST_OK || idle ||
             {cfg_tent_i, cfg_nlg_i, cfg_w_i, cfg_h_i} ==
             $past({cfg_tent_i, cfg_nlg_i, cfg_w_i, cfg_h_i}))
  `GX_ASSUME(CfgRange_M, cfg_nlg_i <= 3'd4 && cfg_w_i != '0 && 32'(cfg_w_i) <= MaxW &&
             cfg_h_i != '0 && (!cfg_tent_i || (cfg_w_i >= 7'd3 && cfg_h_i >= 7'd3)))
  `GX_ASSERT(OutHold_A, !`GX_PAST_OK || !$past(out_valid_o && !out_ready_i) ||
             (out_valid_o && out_o == $past(out_o) && out_eol_o == $past(out_eol_o) &&
              out_eof_o == $past(out_eof_o)))
  `GX_ASSERT(Place_A, x_q < cfg_w_i && y_q < cfg_h_i)
  // consecutive valid stages 1 to 5 hold consecutive pixels of the region (so the row
  // buffer's read in stage 4 and write in stage 5 are of different columns)
  function automatic logic [XW-1:0] nx(logic [XW-1:0] x);
    nx = x == cfg_w_i - 7'd1 ? '0 : x + 7'd1;
  endfunction
  logic fv_step;
  always_comb begin
    fv_step = !val_q[1] || (x_q == nx(px_q[1]) && px_q[1] < cfg_w_i);
    for (int unsigned k = 2; k <= 5; k++)
      fv_step = fv_step && (!val_q[k] || px_q[k] < cfg_w_i) &&
                (!(val_q[k - 1] && val_q[k]) || px_q[k - 1] == nx(px_q[k]));
  end
  `GX_ASSERT(XStep_A, fv_step)
  `GX_COVER(TentEof_C, out_valid_o && out_ready_i && out_eof_o && cfg_tent_i)
  `GX_COVER(BoxEof_C, out_valid_o && out_ready_i && out_eof_o && !cfg_tent_i)
endmodule

`default_nettype wire
