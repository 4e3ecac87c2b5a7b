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

  logic adv;  // every stage advances
  logic val1_q, val2_q, val3_q, val4_q, val5_q, val6_q, val7_q, val8_q, val9_q, val10_q;
  assign adv = !val10_q || out_ready_i;
  assign in_ready_o = adv;

  // ---------------------------------------------------------------------------------
  // Stage 1: the pixel, its column and row in the region
  logic [XW-1:0] x_q, y_q;            // the next pixel's place
  logic [511:0]  s1_q;
  logic [XW-1:0] x1_q, y1_q;
  logic          last_x, last_y;
  assign last_x = x_q == cfg_w_i - 7'd1;
  assign last_y = y_q == cfg_h_i - 7'd1;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      x_q <= '0;
      y_q <= '0;
      val1_q <= 1'b0;
    end else if (adv) begin
      val1_q <= in_valid_i;
      if (in_valid_i) begin
        x_q <= last_x ? '0 : x_q + 7'd1;
        if (last_x) y_q <= last_y ? '0 : y_q + 7'd1;
      end
    end
  end
  always_ff @(posedge clk_i)
    if (adv) begin
      s1_q <= in_i;
      x1_q <= x_q;
      y1_q <= y_q;
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
  logic [XW-1:0] x2_q, y2_q, x3_q, y3_q, x4_q, y4_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      val2_q <= 1'b0;
      val3_q <= 1'b0;
      val4_q <= 1'b0;
    end else if (adv) begin
      val2_q <= val1_q;
      val3_q <= val2_q;
      val4_q <= val3_q;
    end
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
      x2_q <= x1_q;
      y2_q <= y1_q;
      x3_q <= x2_q;
      y3_q <= y2_q;
      x4_q <= x3_q;
      y4_q <= y3_q;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 5: S; the row buffer read for stage 4's column arrives
  logic [3:0][11:0] s5_q;
  logic [XW-1:0] x5_q, y5_q;
  logic [95:0] rb_rd;
  always_ff @(posedge clk_i) begin
    if (rst_i) val5_q <= 1'b0;
    else if (adv) val5_q <= val4_q;
    if (adv) begin
      for (int unsigned c = 0; c < 4; c++)
        s5_q[c] <= 12'(h4_q[c][0]) + 12'(h4_q[c][1]);
      x5_q <= x4_q;
      y5_q <= y4_q;
    end
  end

  // the row buffer: word x holds (S one row up [47:0], S two rows up [95:48])
  logic        rb_we;
  logic [95:0] rb_wd;
  gx_ram_1r1w #(.Depth(MaxW), .Width(96), .OutReg(1'b0)) u_rb (
    .clk_i, .rst_i,
    .re_i(adv && val4_q && cfg_tent_i), .raddr_i($clog2(MaxW)'(x4_q)), .rdata_o(rb_rd),
    .we_i({12{rb_we}}), .waddr_i($clog2(MaxW)'(x5_q)), .wdata_i(rb_wd)
  );
  // the words read for stage 5's pixel, held across stalls by the RAM (read only on adv)
  logic [3:0][11:0] up1, up2;
  assign up1 = rb_rd[47:0];
  assign up2 = rb_rd[95:48];
  assign rb_we = adv && val5_q && cfg_tent_i;
  assign rb_wd = {up1, s5_q};

  // ---------------------------------------------------------------------------------
  // Stage 6: Sa + Sc, 2 Sb (rows above the region's first two read as anything: their
  // results are not emitted)
  logic [3:0][12:0] ac6_q, b6_q;
  logic [3:0][11:0] s6_q;
  logic [XW-1:0] x6_q, y6_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) val6_q <= 1'b0;
    else if (adv) val6_q <= val5_q;
    if (adv) begin
      for (int unsigned c = 0; c < 4; c++) begin
        ac6_q[c] <= 13'(up2[c]) + 13'(s5_q[c]);
        b6_q[c]  <= {up1[c], 1'b0};
      end
      s6_q <= s5_q;
      x6_q <= x5_q;
      y6_q <= y5_q;
    end
  end

  // Stage 7: V
  logic [3:0][13:0] vs7_q;
  logic [3:0][11:0] s7_q;
  logic [XW-1:0] x7_q, y7_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) val7_q <= 1'b0;
    else if (adv) val7_q <= val6_q;
    if (adv) begin
      for (int unsigned c = 0; c < 4; c++)
        vs7_q[c] <= 14'(ac6_q[c]) + 14'(b6_q[c]);
      s7_q <= s6_q;
      x7_q <= x6_q;
      y7_q <= y6_q;
    end
  end

  // Stage 8: the row's V(x - 2) + V(x) and 2 V(x - 1); the two before held in registers
  // that take each valid pixel's V
  logic [3:0][13:0] vm1_q, vm2_q;
  logic [3:0][14:0] p8_q, q8_q;
  logic [3:0][11:0] s8_q;
  logic [XW-1:0] x8_q, y8_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) val8_q <= 1'b0;
    else if (adv) val8_q <= val7_q;
    if (adv) begin
      if (val7_q) begin
        vm1_q <= vs7_q;
        vm2_q <= vm1_q;
      end
      for (int unsigned c = 0; c < 4; c++) begin
        p8_q[c] <= 15'(vm2_q[c]) + 15'(vs7_q[c]);
        q8_q[c] <= {vm1_q[c], 1'b0};
      end
      s8_q <= s7_q;
      x8_q <= x7_q;
      y8_q <= y7_q;
    end
  end

  // Stage 9: T
  logic [3:0][15:0] t9_q;
  logic [3:0][11:0] s9_q;
  logic [XW-1:0] x9_q, y9_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) val9_q <= 1'b0;
    else if (adv) val9_q <= val8_q;
    if (adv) begin
      for (int unsigned c = 0; c < 4; c++)
        t9_q[c] <= 16'(p8_q[c]) + 16'(q8_q[c]);
      s9_q <= s8_q;
      x9_q <= x8_q;
      y9_q <= y8_q;
    end
  end

  // Stage 10: the output register. The tent emits the pixel one row up and one column
  // left of stage 9's (its 3 x 3 neighbourhood complete), for columns and rows 2 and up.
  logic emit9, eol9, eof9;
  always_comb begin
    if (cfg_tent_i) begin
      emit9 = val9_q && x9_q >= 7'd2 && y9_q >= 7'd2;
      eol9  = x9_q == cfg_w_i - 7'd1;
      eof9  = eol9 && y9_q == cfg_h_i - 7'd1;
    end else begin
      emit9 = val9_q;
      eol9  = x9_q == cfg_w_i - 7'd1;
      eof9  = eol9 && y9_q == cfg_h_i - 7'd1;
    end
  end
  logic [31:0] o10_q;
  logic        eol10_q, eof10_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) val10_q <= 1'b0;
    else if (adv) val10_q <= emit9;
    if (adv) begin
      for (int unsigned c = 0; c < 4; c++)
        if (cfg_tent_i)
          o10_q[8 * c +: 8] <= 8'((17'(t9_q[c]) + (17'd8 << cfg_nlg_i)) >> (4'(cfg_nlg_i) + 4'd4));
        else
          o10_q[8 * c +: 8] <= 8'((13'(s9_q[c]) + ((13'd1 << cfg_nlg_i) >> 1)) >> cfg_nlg_i);
      eol10_q <= eol9;
      eof10_q <= eof9;
    end
  end
  assign out_valid_o = val10_q;
  assign out_o       = o10_q;
  assign out_eol_o   = eol10_q;
  assign out_eof_o   = eof10_q;

  // ---------------------------------------------------------------------------------
  // Properties
  logic idle;  // between regions, nothing in flight: the configuration may change
  assign idle = x_q == '0 && y_q == '0 &&
                !(val1_q || val2_q || val3_q || val4_q || val5_q || val6_q || val7_q || val8_q ||
                  val9_q || val10_q);
  `GX_ASSUME(CfgHeld_M, !`GX_PAST_OK || idle ||
             {cfg_tent_i, cfg_nlg_i, cfg_w_i, cfg_h_i} ==
             $past({cfg_tent_i, cfg_nlg_i, cfg_w_i, cfg_h_i}))
  `GX_ASSUME(CfgRange_M, cfg_nlg_i <= 3'd4 && cfg_w_i != '0 && 32'(cfg_w_i) <= MaxW &&
             cfg_h_i != '0 && (!cfg_tent_i || (cfg_w_i >= 7'd3 && cfg_h_i >= 7'd3)))
  `GX_ASSERT(OutHold_A, !`GX_PAST_OK || !$past(out_valid_o && !out_ready_i) ||
             (out_valid_o && out_o == $past(out_o) && out_eol_o == $past(out_eol_o) &&
              out_eof_o == $past(out_eof_o)))
  `GX_ASSERT(Place_A, x_q < cfg_w_i && y_q < cfg_h_i)
  // the column after x in the region's rows
  function automatic logic [XW-1:0] nx(logic [XW-1:0] x);
    nx = x == cfg_w_i - 7'd1 ? '0 : x + 7'd1;
  endfunction
  `GX_ASSERT(XStep0_A, !val1_q || x_q == nx(x1_q))
  `GX_ASSERT(XStep1_A, !(val1_q && val2_q) || x1_q == nx(x2_q))
  `GX_ASSERT(XStep2_A, !(val2_q && val3_q) || x2_q == nx(x3_q))
  `GX_ASSERT(XStep3_A, !(val3_q && val4_q) || x3_q == nx(x4_q))
  `GX_ASSERT(XStep4_A, !(val4_q && val5_q) || x4_q == nx(x5_q))
  `GX_ASSERT(XRange_A, (!val1_q || x1_q < cfg_w_i) && (!val2_q || x2_q < cfg_w_i) &&
             (!val3_q || x3_q < cfg_w_i) && (!val4_q || x4_q < cfg_w_i) &&
             (!val5_q || x5_q < cfg_w_i))
  `GX_COVER(TentEof_C, out_valid_o && out_ready_i && out_eof_o && cfg_tent_i)
  `GX_COVER(BoxEof_C, out_valid_o && out_ready_i && out_eof_o && !cfg_tent_i)
endmodule

`default_nettype wire
