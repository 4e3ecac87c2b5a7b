// gx_tbar: the tiled barrier of tiled mode (issue 24): every screen-space pipeline's
// TILED_BARRIER holds that pipeline at its pre-raster stage until every pipeline has
// finished rendering the cache tile, then one release frees them all.
//
// The C model is the specification (gx_tbarrier in cmodel/src/tiled.c, docs/tiled.md
// "Tiled barrier"): a flag per pipeline, set when its barrier token reaches the
// pre-raster stage (arrive_i) and holding the pipeline (hold_o) while set; a counter in
// the back end, counting a pipeline's barrier once its writes for the tile are complete
// in the cache (done_i); when the count reaches the number of pipelines N the counter
// restarts and every flag clears at once (release_o, the broadcast).
//
// N (pipes_i: 0, 1, 2 for 1, 2, 4 pipelines, at most Pipes) is configuration, held while
// the block works; pipelines at N or above are not used (their inputs are ignored, their
// hold_o stays 0).
// Bad events are ignored and recorded per pipeline in err_o (sticky until reset), as the
// C model refuses them: an arrival while the pipeline's flag is set (gx_tbar_arrive's 0),
// a done without the flag or a second done for the same tile (gx_tbar_count's -1). A done
// in the clock of the pipeline's own arrival is early (the flag is not yet set): bad.
// In a clock the dones count against the flags and counts held at its start, then the
// arrivals set flags (an arrival can never meet the release: every flag of a used
// pipeline is set when the count completes).
//
// Timing: registered. hold_o and release_o are registers: an arrival holds its pipeline
// from the next clock; the done that completes the count releases every pipeline from
// the next clock, release_o high for that one clock. So the barrier adds one clock after
// the last pipeline's done.
`default_nettype none
`include "gx_assert.svh"

module gx_tbar #(
  parameter int unsigned Pipes = 4  /// screen-space pipelines built: 1, 2 or 4
) (
  input  wire logic             clk_i,      /// clock, rising edge
  input  wire logic             rst_i,      /// synchronous reset, active high
  input  wire logic [1:0]       pipes_i,    /// log2 N, the pipelines in use (N <= Pipes)
  input  wire logic [Pipes-1:0] arrive_i,   /// pipeline p's barrier token is at its pre-raster stage
  input  wire logic [Pipes-1:0] done_i,     /// pipeline p's writes for the tile are complete
  output      logic [Pipes-1:0] hold_o,     /// pipeline p is held: nothing behind its barrier passes
  output      logic             release_o,  /// every flag was cleared this clock (the broadcast)
  output      logic [Pipes-1:0] err_o       /// pipeline p gave a bad event (sticky)
);
  localparam int unsigned CntW = $clog2(Pipes + 1);

  // the pipelines in use: mask and count
  logic [Pipes-1:0] used;
  logic [CntW-1:0]  n_used;
  always_comb
    for (int unsigned p = 0; p < Pipes; p++)
      used[p] = p < (32'd1 << pipes_i);
  assign n_used = CntW'(32'd1 << pipes_i);

  logic [Pipes-1:0] flag_q, counted_q, err_q;
  logic [CntW-1:0]  count_q;
  logic             release_q;

  // this clock's good events, the count they make, and the bad ones
  logic [Pipes-1:0] dv, av, bad, counted_n;
  logic [CntW-1:0]  dn;
  logic             full;
  always_comb begin
    dv  = done_i & used & flag_q & ~counted_q;
    av  = arrive_i & used & ~flag_q;
    bad = ((arrive_i & flag_q) | (done_i & ~(flag_q & ~counted_q))) & used;
    dn  = '0;
    for (int unsigned p = 0; p < Pipes; p++)
      dn = dn + CntW'(dv[p]);
    counted_n = counted_q | dv;
    full = count_q + dn == n_used;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      flag_q    <= '0;
      counted_q <= '0;
      count_q   <= '0;
      release_q <= 1'b0;
      err_q     <= '0;
    end else begin
      release_q <= full;
      err_q     <= err_q | bad;
      if (full) begin
        flag_q    <= '0;
        counted_q <= '0;
        count_q   <= '0;
      end else begin
        flag_q    <= flag_q | av;
        counted_q <= counted_n;
        count_q   <= count_q + dn;
      end
    end
  end

  assign hold_o    = flag_q;
  assign release_o = release_q;
  assign err_o     = err_q;

  // ---------------------------------------------------------------------------------
  // Properties (docs/tiled.md, "Tiled barrier"). Shadow registers: each pipeline's
  // accepted arrivals since the last release (saturating at 3), the releases so far and
  // the clocks pipeline 0 has been held (both saturating).
`ifdef GX_ASSERT_ON
  logic [Pipes-1:0][1:0] fv_arr_q;
  logic [1:0]            fv_rel_q;
  logic [2:0]            fv_held_q;
  logic [CntW-1:0]       fv_ones;
  logic                  fv_shadow, fv_all_once;
  always_ff @(posedge clk_i) begin
    for (int unsigned p = 0; p < Pipes; p++)
      if (rst_i || full) fv_arr_q[p] <= 2'd0;
      else if (av[p] && fv_arr_q[p] != 2'd3) fv_arr_q[p] <= fv_arr_q[p] + 2'd1;
    if (rst_i) fv_rel_q <= 2'd0;
    else if (full && fv_rel_q != 2'd3) fv_rel_q <= fv_rel_q + 2'd1;
    if (rst_i || !flag_q[0]) fv_held_q <= 3'd0;
    else if (fv_held_q != 3'd7) fv_held_q <= fv_held_q + 3'd1;
  end
  always_comb begin
    fv_ones = '0;
    fv_shadow = 1'b1;
    fv_all_once = 1'b1;
    for (int unsigned p = 0; p < Pipes; p++) begin
      fv_ones = fv_ones + CntW'(counted_q[p]);
      fv_shadow = fv_shadow && fv_arr_q[p] == {1'b0, flag_q[p]};
      fv_all_once = fv_all_once && fv_arr_q[p] == {1'b0, used[p]};
    end
  end
`endif
  // the configuration is held while the block works
  `GX_ASSUME(CfgHeld_M, !`GX_PAST_OK || pipes_i == $past(pipes_i))
  `GX_ASSUME(CfgRange_M, (32'd1 << pipes_i) <= Pipes)
  // a pipeline is counted only with its flag set, an unused one never; the counter is
  // the number counted and never reaches N (at N it releases and restarts)
  `GX_ASSERT(Counted_A, (counted_q & ~flag_q) == '0)
  `GX_ASSERT(Unused_A, (flag_q & ~used) == '0)
  `GX_ASSERT(Count_A, count_q == fv_ones)
  `GX_ASSERT(CountMax_A, count_q < n_used)
  // a flag is set by exactly one arrival since the last release (a second arrival is
  // refused), drops only with the release, which clears every flag at once and comes
  // in the clock after the one that counted every used pipeline, each arrived once:
  // one release a tile, and no pipeline passes its barrier before every one finished
  `GX_ASSERT(Shadow_A, fv_shadow)
  `GX_ASSERT(Fell_A, !`GX_PAST_OK || ($past(flag_q) & ~flag_q) == '0 || release_o)
  `GX_ASSERT(ReleaseAll_A, !release_o || flag_q == '0)
  `GX_ASSERT(ReleaseWhen_A, !`GX_PAST_OK || release_o == $past(full))
  `GX_ASSERT(Full_A, !full || (counted_n == used && fv_all_once))
  `GX_COVER(Release_C, release_o && n_used == CntW'(Pipes))
  `GX_COVER(Twice_C, release_o && fv_rel_q == 2'd2 && n_used == CntW'(Pipes))
  `GX_COVER(Held_C, fv_held_q == 3'd4 && n_used == CntW'(Pipes))
  `GX_COVER(Err_C, err_o[0])
endmodule

`default_nettype wire
