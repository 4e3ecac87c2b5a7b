// gx_mssurf: coalesce unit and coverage tracker of the multi-sample surface store path.
//
// K = Slots tile slots, each holding one 256-byte tile of the uncompressed surface: the
// stored samples' bytes, a coverage bitmap of the stored samples (bit p N + s = sample s
// of pixel p; 64 bits, a tile has at most 256 / B samples) and each pixel's widest
// arrival state. A store (SUST.MS: one B-byte value to every sample in the mask, or a
// full-state store: a value per sample) goes into its tile's slot; the unit hands tiles
// to the flush encoder as eviction records (ms_evict_t: tile, cause, coverage, arrival
// states, the stored bytes with unstored bytes 0) when:
//   conflict  a stored sample of the resident tile arrives again with data not within
//             T of the stored value: the tile leaves first, the store then goes into a
//             fresh slot (equal / near data merges: the newest data is kept);
//   evict     the tile is not resident and no slot is free: the slot allocated longest
//             ago (FIFO, an age matrix) leaves first and the store takes it; a free slot
//             is taken lowest index first;
//   full      after the store every existing sample of the tile is stored (the last,
//             partial tile of a surface is full when its existing pixels are);
//   command   the flush command: every resident slot, oldest allocation first.
// A load (SULD.MS look-up of pixel x, y) answers in the same record stream with a copy
// of its tile's slot (peek = 1, cause 0; nothing stored when the tile is not resident);
// the buffer is unchanged. The memory side of the load is rtl/gx_msld.sv
// (gx_mssurf_load_finish in C).
// The C function gx_mssurf_coalesce / gx_mssurf_coalesce_flush (cmodel/src/mssurf.c) is
// the specification, with gx_mssurf_coalesce_load for loads: the records equal its
// evictions and snapshots bit for bit, in order. The flush encoder (RMW, re-analysis,
// encoding) is rtl/gx_mswb.sv (gx_mssurf_writeback in C).
//
// Handshake: valid/ready streams cmd (in: ms_cmd_t, a store at pixel x, y, the flush
// command or a load) and ev (out: ms_evict_t, one output register). cfg_i (W, H, N, B,
// T) is static while any slot is resident. The unit decides from the command and its state in one
// clock: a store that needs no flush first is taken in the clock it is offered (its full
// record, if any, is registered in the same clock: that needs the output register free or
// being emptied); a store that flushes first (conflict, evict) spends one clock on the
// flush and is taken in the next. The flush command moves one slot per clock and is taken
// with its last record (or at once when nothing is resident). A load is taken when the
// output register is free or being emptied.
// Latency: a record is on ev_o the clock after the store / command / load that caused it.
// Throughput: one store per clock while no conflict / evict occurs and full records are
// drained (ev_ready_i high); cmd_ready_o depends on ev_ready_i combinationally.
`default_nettype none
`include "gx_assert.svh"

module gx_mssurf #(
  parameter int unsigned Slots = 4  /// K tile slots, 1..32
) (
  input  wire logic              clk_i,        /// clock, rising edge
  input  wire logic              rst_i,        /// synchronous reset, active high
  input  wire gx_pkg::ms_cfg_t   cfg_i,        /// surface format; static while resident
  input  wire logic              cmd_valid_i,  /// a command is offered
  output      logic              cmd_ready_o,  /// the command is taken this clock
  input  wire gx_pkg::ms_cmd_t   cmd_i,        /// store (x, y, mask, full, value), flush, load
  output      logic              ev_valid_o,   /// a record is offered
  input  wire logic              ev_ready_i,   /// the record is taken this clock
  output      gx_pkg::ms_evict_t ev_o          /// eviction, or a load's snapshot (peek)
);
  localparam int unsigned SW = Slots > 1 ? $clog2(Slots) : 1;  // slot index bits
  localparam int unsigned TB = gx_pkg::MsTileBytes;             // 256
  localparam int unsigned TS = gx_pkg::MsTileSamples;           // 64
  localparam int unsigned TI = gx_pkg::MsTileIdxBits;           // 20
  localparam int unsigned TP = gx_pkg::MsMaxTilePixels;         // 32
  localparam logic [1:0] CauseFull = 2'd0, CauseEvict = 2'd1, CauseConflict = 2'd2,
                         CauseCommand = 2'd3;
  localparam logic [1:0] OpStore = 2'd0, OpFlush = 2'd1, OpLoad = 2'd2;

  // ---------------------------------------------------------------------------------
  // Format: N = 2^n_log, B = 2^b_log, pixel bytes 2^nb_log, P = 2^p_log pixels a tile.
  logic [2:0] n_log, b_log, p_log;
  logic [3:0] nb_log;
  assign n_log  = 3'(cfg_i.spp) + 3'd1;   // 1..4
  assign b_log  = 3'(cfg_i.bps) + 3'd2;   // 2..4
  assign nb_log = 4'(n_log) + 4'(b_log);  // 3..8
  assign p_log  = 3'(4'd8 - nb_log);      // 0..5

  // Pixel index i = y W + x < W H <= 2^26; tile i / P < 2^20 (surface <= 2^28 bytes).
  logic [25:0] pix;
  logic [26:0] total, total_m1;  // W H <= 2^26 pixels
  logic [TI-1:0] tile, last_tile;
  logic [4:0]  pp;               // pixel in tile, < P
  logic [5:0]  last_cnt;         // pixels of the last tile, 1..P
  logic [5:0]  p_cnt;            // P
  assign pix       = 26'(cmd_i.y) * 26'(cfg_i.width) + 26'(cmd_i.x);
  assign tile      = TI'(pix >> p_log);
  assign pp        = 5'(pix) & 5'(p_cnt - 6'd1);
  assign total     = 27'(cfg_i.width) * 27'(cfg_i.height);
  assign total_m1  = total - 27'd1;
  assign last_tile = TI'(total_m1 >> p_log);
  assign p_cnt     = 6'd1 << p_log;
  assign last_cnt  = (6'(total_m1) & (p_cnt - 6'd1)) + 6'd1;

  // The existing samples of tile t: P pixels, or last_cnt for the last tile.
  function automatic logic [TS-1:0] tile_samples(logic [TI-1:0] t, logic [TI-1:0] last,
                                                  logic [5:0] lcnt, logic [5:0] pcnt,
                                                  logic [2:0] nl);
    logic [6:0] ns;
    ns = 7'(t == last ? lcnt : pcnt) << nl;  // <= 256 / B <= 64
    tile_samples = ns[6] ? {TS{1'b1}} : (TS'(1) << ns[5:0]) - TS'(1);
  endfunction

  logic [TS-1:0] vmask;  // existing samples of the store's tile
  assign vmask = tile_samples(tile, last_tile, last_cnt, p_cnt, n_log);

  // The store's samples in the coverage bitmap, and its arrival state.
  logic [15:0]   all_n;
  logic [TS-1:0] smask;
  logic [1:0]    arrival;
  assign all_n   = 16'((17'd1 << (5'd1 << n_log)) - 17'd1);
  assign smask   = TS'(cmd_i.mask) << (6'(pp) << n_log);
  assign arrival = cmd_i.full ? 2'(gx_pkg::EncFull)
                 : cmd_i.mask == all_n ? 2'(gx_pkg::Enc1spp) : 2'(gx_pkg::EncSubset);

  // ---------------------------------------------------------------------------------
  // Slots (datapath registers carry no reset; valid_q guards them).
  logic [Slots-1:0]             valid_q;
  logic [Slots-1:0][TI-1:0]     tile_q;
  logic [Slots-1:0][TS-1:0]     cover_q;
  logic [Slots-1:0][2*TP-1:0]   arrive_q;
  logic [Slots-1:0][8*TB-1:0]   data_q;
  logic [Slots-1:0][Slots-1:0]  older_q;  // [i][j]: slot i allocated before slot j

  // Lookup (CAM), lowest free slot, oldest allocation.
  logic [Slots-1:0] hit, oldest;
  logic [SW-1:0]    hit_idx, free_idx, old_idx, s;
  logic             hit_any, any_free, any_valid, one_valid;
  always_comb begin
    hit_idx = '0;
    free_idx = '0;
    old_idx = '0;
    any_free = 1'b0;
    for (int k = 0; k < Slots; k++) begin
      hit[k] = valid_q[k] && tile_q[k] == tile;
      oldest[k] = valid_q[k];
      for (int j = 0; j < Slots; j++)
        if (j != k && valid_q[j] && !older_q[k][j]) oldest[k] = 1'b0;
      if (hit[k]) hit_idx = SW'(k);
      if (oldest[k]) old_idx = SW'(k);
    end
    for (int k = Slots - 1; k >= 0; k--)
      if (!valid_q[k]) begin
        free_idx = SW'(k);
        any_free = 1'b1;
      end
  end
  assign hit_any   = |hit;
  assign any_valid = |valid_q;
  assign one_valid = $countones(valid_q) == 1;

  // The slot this clock works on: the flush command's or the eviction's oldest, the
  // store's resident slot, or the lowest free one.
  assign s = cmd_i.op == OpFlush ? old_idx : hit_any ? hit_idx : any_free ? free_idx : old_idx;

  logic [TI-1:0]   base_tile;
  logic [TS-1:0]   base_cover;
  logic [2*TP-1:0] base_arrive;
  logic [8*TB-1:0] base_data;
  assign base_tile   = tile_q[s];
  assign base_cover  = cover_q[s];
  assign base_arrive = arrive_q[s];
  assign base_data   = data_q[s];

  // ---------------------------------------------------------------------------------
  // Per byte j of the tile: the store's byte, its write enable, and the comparison.
  logic [8*TB-1:0] wdata, mdata, rec_data_raw, rec_data;
  logic [TB-1:0]   we_b, ovl_b, far_b, rcov_b;
  logic [TS-1:0]   rec_cover;
  for (genvar j = 0; j < TB; j++) begin : gen_byte
    logic [7:0] vf, v1, d;
    logic       web, rcb;
    always_comb begin
      unique case (nb_log)  // full state: byte j of the pixel image
        4'd3:    vf = cmd_i.value[8*(j%8) +: 8];
        4'd4:    vf = cmd_i.value[8*(j%16) +: 8];
        4'd5:    vf = cmd_i.value[8*(j%32) +: 8];
        4'd6:    vf = cmd_i.value[8*(j%64) +: 8];
        4'd7:    vf = cmd_i.value[8*(j%128) +: 8];
        default: vf = cmd_i.value[8*j +: 8];
      endcase
      unique case (b_log)  // SUST.MS: byte j mod B of the one value; sample j / B
        3'd2:    begin v1 = cmd_i.value[8*(j%4) +: 8];  web = smask[j/4];  end
        3'd3:    begin v1 = cmd_i.value[8*(j%8) +: 8];  web = smask[j/8];  end
        default: begin v1 = cmd_i.value[8*(j%16) +: 8]; web = smask[j/16]; end
      endcase
    end
    always_comb begin  // the record's byte j is a stored one
      unique case (b_log)
        3'd2:    rcb = rec_cover[j/4];
        3'd3:    rcb = rec_cover[j/8];
        default: rcb = rec_cover[j/16];
      endcase
    end
    assign we_b[j]   = web;
    assign rcov_b[j] = rcb;
    assign wdata[8*j +: 8] = cmd_i.full ? vf : v1;
    assign d = base_data[8*j +: 8] > wdata[8*j +: 8]
             ? base_data[8*j +: 8] - wdata[8*j +: 8] : wdata[8*j +: 8] - base_data[8*j +: 8];
    assign far_b[j] = d > cfg_i.threshold;
    assign mdata[8*j +: 8] = we_b[j] ? wdata[8*j +: 8] : base_data[8*j +: 8];
    assign rec_data[8*j +: 8] = rcov_b[j] ? rec_data_raw[8*j +: 8] : 8'd0;
  end

  // Conflict: a sample the resident tile holds, enabled again, with far data.
  logic [TS-1:0] ovl;
  logic          conflict;
  always_comb begin
    ovl = base_cover & smask;
    for (int j = 0; j < TB; j++) begin
      unique case (b_log)
        3'd2:    ovl_b[j] = ovl[j/4];
        3'd3:    ovl_b[j] = ovl[j/8];
        default: ovl_b[j] = ovl[j/16];
      endcase
    end
  end
  assign conflict = hit_any && |(ovl_b & far_b);

  // The slot after the store: coverage OR, widest arrival state, full.
  logic [TS-1:0]   cov_new;
  logic [2*TP-1:0] arr_new;
  logic            full_now;
  always_comb begin
    cov_new = (hit_any ? base_cover : '0) | smask;
    arr_new = hit_any ? base_arrive : '0;
    for (int p = 0; p < TP; p++)
      if (5'(p) == pp && arrival > arr_new[2*p +: 2]) arr_new[2*p +: 2] = arrival;
  end
  assign full_now = (cov_new & vmask) == vmask;

  // ---------------------------------------------------------------------------------
  // Action of this clock.
  logic ev_valid_q, out_free, is_store, is_flush, is_load, pre_conflict, pre_evict, cmd_emit;
  logic do_write, full_emit, load_emit, emit, fire, leave;
  logic [1:0] rec_cause;
  assign out_free     = !ev_valid_q || ev_ready_i;
  assign is_store     = cmd_valid_i && cmd_i.op == OpStore;
  assign is_flush     = cmd_valid_i && cmd_i.op == OpFlush;
  assign is_load      = cmd_valid_i && cmd_i.op == OpLoad;
  assign pre_conflict = is_store && conflict;
  assign pre_evict    = is_store && !hit_any && !any_free;
  assign cmd_emit     = is_flush && any_valid && out_free;
  assign do_write     = is_store && !pre_conflict && !pre_evict && (!full_now || out_free);
  assign full_emit    = do_write && full_now;
  assign load_emit    = is_load && out_free;
  assign emit         = full_emit || cmd_emit || load_emit
                     || ((pre_conflict || pre_evict) && out_free);
  assign leave        = emit && !load_emit;  // a slot leaves the buffer
  always_comb begin
    unique case (cmd_i.op)
      OpStore: cmd_ready_o = !conflict && (hit_any || any_free) && (!full_now || out_free);
      OpFlush: cmd_ready_o = !any_valid || (out_free && one_valid);
      default: cmd_ready_o = out_free;  // load
    endcase
  end
  assign fire         = cmd_valid_i && cmd_ready_o;
  assign rec_cause    = is_flush ? CauseCommand : pre_conflict ? CauseConflict
                      : pre_evict ? CauseEvict : CauseFull;
  // A load copies its tile's slot (nothing stored when it is not resident).
  assign rec_cover    = full_emit ? cov_new : is_load && !hit_any ? '0 : base_cover;
  assign rec_data_raw = full_emit ? mdata : base_data;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      valid_q <= '0;
    end else begin
      if (leave) valid_q[s] <= 1'b0;
      if (do_write) valid_q[s] <= !full_now;
    end
  end

  always_ff @(posedge clk_i) begin
    if (do_write) begin
      tile_q[s]   <= tile;
      cover_q[s]  <= cov_new;
      arrive_q[s] <= arr_new;
      data_q[s]   <= mdata;
      if (!hit_any)
        for (int j = 0; j < Slots; j++) begin
          older_q[s][j] <= 1'b0;
          if (SW'(j) != s) older_q[j][s] <= 1'b1;
        end
    end
  end

  gx_pkg::ms_evict_t ev_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) ev_valid_q <= 1'b0;
    else if (emit) ev_valid_q <= 1'b1;
    else if (ev_ready_i) ev_valid_q <= 1'b0;
  end
  always_ff @(posedge clk_i) begin
    if (emit) begin
      ev_q.tile   <= full_emit || is_load ? tile : base_tile;
      ev_q.cause  <= rec_cause;
      ev_q.peek   <= is_load;
      ev_q.stored <= rec_cover;
      ev_q.arrive <= full_emit ? arr_new : is_load && !hit_any ? '0 : base_arrive;
      ev_q.data   <= rec_data;
    end
  end
  assign ev_valid_o = ev_valid_q;
  assign ev_o       = ev_q;

  // ---------------------------------------------------------------------------------
  // Properties. Environment: a legal format (N, B in range, the surface <= 2^20 tiles),
  // a store inside the surface with a mask of 1..2^N - 1; the command holds while not
  // taken.
  `GX_ASSUME(CfgLegal_M, cfg_i.bps != 2'd3 && cfg_i.width != 0 && cfg_i.height != 0
             && cfg_i.width <= 14'd8192 && cfg_i.height <= 14'd8192
             && (total_m1 >> p_log) < 27'(1 << TI))
  `GX_ASSUME(CmdLegal_M, !cmd_valid_i || cmd_i.op == OpFlush
             || (14'(cmd_i.x) < cfg_i.width && 14'(cmd_i.y) < cfg_i.height
                 && (cmd_i.op == OpLoad
                     || (cmd_i.op == OpStore && cmd_i.mask != 16'd0
                         && (cmd_i.mask & ~all_n) == 16'd0))))
  `GX_ASSUME(CmdHold_M, !`GX_PAST_OK || !$past(cmd_valid_i && !cmd_ready_o)
             || (cmd_valid_i && cmd_i == $past(cmd_i)))

  // The record stream holds while not taken.
  `GX_ASSERT(EvHold_A, !`GX_PAST_OK || !$past(ev_valid_o && !ev_ready_i)
             || (ev_valid_o && ev_o == $past(ev_o)))
  // Slot invariants: resident tiles distinct; a resident slot holds a stored sample, only
  // existing samples of its tile, and is never full (a full tile leaves at once); the
  // allocation order is a strict total order on resident slots.
  logic inv_distinct, inv_nonempty, inv_in_tile, inv_not_full, inv_order;
  always_comb begin
    logic [TS-1:0] vm;
    inv_distinct = 1'b1;
    inv_nonempty = 1'b1;
    inv_in_tile  = 1'b1;
    inv_not_full = 1'b1;
    inv_order    = 1'b1;
    for (int k = 0; k < Slots; k++) begin
      vm = tile_samples(tile_q[k], last_tile, last_cnt, p_cnt, n_log);
      if (valid_q[k]) begin
        if (cover_q[k] == '0) inv_nonempty = 1'b0;
        if ((cover_q[k] & ~vm) != '0 || tile_q[k] > last_tile) inv_in_tile = 1'b0;
        if (cover_q[k] == vm) inv_not_full = 1'b0;
      end
      for (int j = 0; j < Slots; j++)
        if (j != k && valid_q[k] && valid_q[j]) begin
          if (tile_q[k] == tile_q[j]) inv_distinct = 1'b0;
          if (older_q[k][j] == older_q[j][k]) inv_order = 1'b0;
          for (int l = 0; l < Slots; l++)
            if (l != k && l != j && valid_q[l] && older_q[k][j] && older_q[j][l]
                && !older_q[k][l]) inv_order = 1'b0;
        end
    end
  end
  `GX_ASSERT(Distinct_A, inv_distinct)
  `GX_ASSERT(NonEmpty_A, inv_nonempty)
  `GX_ASSERT(InTile_A, inv_in_tile)
  `GX_ASSERT(NotFull_A, inv_not_full)
  `GX_ASSERT(Order_A, inv_order)
  `GX_ASSERT(OneOldest_A, !any_valid || $onehot(oldest))
  // Flushes happen exactly under their conditions: a full record covers its whole tile;
  // an evict record is the oldest slot, emitted for a store to a tile not resident with
  // every slot taken; a conflict record is the store's resident tile holding an enabled
  // sample with far data; a command record answers the flush command. A store that is
  // not taken is flushing first or waiting for the output register.
  `GX_ASSERT(FullCause_A, !(leave && rec_cause == CauseFull)
             || (is_store && (rec_cover & vmask) == vmask && fire))
  `GX_ASSERT(EvictCause_A, !(leave && rec_cause == CauseEvict)
             || (is_store && &valid_q && !hit_any && oldest[s] && !fire))
  `GX_ASSERT(ConflictCause_A, !(leave && rec_cause == CauseConflict)
             || (is_store && hit[s] && (base_cover & smask) != '0 && !fire))
  `GX_ASSERT(CommandCause_A, !(leave && rec_cause == CauseCommand)
             || (is_flush && oldest[s]))
  // A load changes nothing in the buffer.
  `GX_ASSERT(LoadKeeps_A, !(`GX_PAST_OK && $past(load_emit))
             || (valid_q == $past(valid_q) && cover_q == $past(cover_q)
                 && tile_q == $past(tile_q)))
  `GX_ASSERT(StoreWaits_A, !(is_store && !cmd_ready_o)
             || pre_conflict || pre_evict || (full_now && !out_free))
  `GX_ASSERT(EmitRoom_A, !emit || out_free)

  // No store dropped or duplicated (a counter invariant): stores taken = stores held in
  // resident slots + stores carried out in records, with an assertion-only count of the
  // stores each slot absorbed since its allocation.
  logic [Slots-1:0][31:0] nst_q;
  logic [31:0] stores_in_q, stores_out_q, nst_held, nst_s, nst_new;
  always_comb begin
    nst_held = '0;
    for (int k = 0; k < Slots; k++)
      if (valid_q[k]) nst_held = nst_held + nst_q[k];
  end
  assign nst_s   = nst_q[s];
  assign nst_new = (hit_any ? nst_s : 32'd0) + 32'd1;
  always_ff @(posedge clk_i) begin
    if (do_write) nst_q[s] <= nst_new;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      stores_in_q  <= '0;
      stores_out_q <= '0;
    end else begin
      stores_in_q  <= stores_in_q + ((fire && is_store) ? 32'd1 : 32'd0);
      stores_out_q <= stores_out_q + (leave ? (full_emit ? nst_new : nst_s) : 32'd0);
    end
  end
  `GX_ASSERT(Conserve_A, stores_in_q == stores_out_q + nst_held)
  `GX_ASSERT(StoreTaken_A, (fire && is_store) == do_write)

`ifdef FORMAL
  // Coverage shadow of one arbitrary tile: the samples stored to it since its last
  // record. The resident slot's coverage equals it; its record carries it.
  (* anyconst *) logic [TI-1:0] f_tile;
  logic [TS-1:0] f_sh_q, f_sh_in;
  logic          f_resident, f_rec;
  logic [TI-1:0] rec_tile;
  assign rec_tile = full_emit || is_load ? tile : base_tile;
  assign f_sh_in  = f_sh_q | (fire && is_store && tile == f_tile ? smask : '0);
  assign f_rec    = leave && rec_tile == f_tile;
  always_ff @(posedge clk_i) begin
    if (rst_i) f_sh_q <= '0;
    else f_sh_q <= f_rec ? '0 : f_sh_in;
  end
  logic f_slot_ok;
  always_comb begin
    f_resident = 1'b0;
    f_slot_ok  = 1'b1;
    for (int k = 0; k < Slots; k++)
      if (valid_q[k] && tile_q[k] == f_tile) begin
        f_resident = 1'b1;
        if (cover_q[k] != f_sh_q) f_slot_ok = 1'b0;
      end
  end
  `GX_ASSERT(ShadowSlot_A, f_slot_ok && (f_resident || f_sh_q == '0))
  `GX_ASSERT(ShadowRec_A, !f_rec || rec_cover == f_sh_in)
  `GX_ASSERT(ShadowLoad_A, !(load_emit && tile == f_tile) || rec_cover == f_sh_q)
`endif

  // Reachability.
  `GX_COVER(Full_C, leave && rec_cause == CauseFull)
  `GX_COVER(Evict_C, leave && rec_cause == CauseEvict)
  `GX_COVER(Conflict_C, leave && rec_cause == CauseConflict)
  `GX_COVER(Command_C, leave && rec_cause == CauseCommand)
  `GX_COVER(LoadHit_C, load_emit && hit_any)
  `GX_COVER(Merge_C, fire && is_store && hit_any && (base_cover & smask) != '0)
  `GX_COVER(FullWaits_C, is_store && full_now && !out_free && !pre_conflict && !pre_evict)
  `GX_COVER(AllSlots_C, &valid_q)
  `GX_COVER(CommandLast_C, fire && is_flush && any_valid)
  `GX_COVER(ConflictThenFull_C, `GX_PAST_OK && $past(leave && rec_cause == CauseConflict)
            && leave && rec_cause == CauseFull)
endmodule

`default_nettype wire
