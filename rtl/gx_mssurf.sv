// gx_mssurf: coalesce unit and coverage tracker of the multi-sample surface store path.
//
// K = Slots tile slots, each holding one 256-byte tile of the uncompressed surface: the
// stored samples' bytes (in block RAM), a coverage bitmap of the stored samples (bit
// p N + s = sample s of pixel p; 64 bits, a tile has at most 256 / B samples) and each
// pixel's widest arrival state. A store (SUST.MS: one B-byte value to every sample in the
// mask, or a full-state store: a value per sample) goes into its tile's slot; the unit
// hands tiles to the flush encoder as eviction records (ms_evict_t: tile, cause,
// coverage, arrival states, the stored bytes with unstored bytes 0) when:
//   conflict  a stored sample of the resident tile arrives again with data not within
//             T of the stored value: the tile leaves first, the store then goes into a
//             fresh slot (equal / near data merges: the newest data is kept);
//   evict     the tile is not resident and K slots are resident: the slot allocated
//             longest ago (FIFO, an age matrix) leaves first;
//   full      after the store every existing sample of the tile is stored (the last,
//             partial tile of a surface is full when its existing pixels are);
//   command   the flush command: every resident slot, oldest allocation first.
// A load (SULD.MS look-up of pixel x, y) answers in the same record stream with a copy
// of its tile's coverage and arrival states and of the loaded pixel's stored bytes
// (peek = 1, cause 0; nothing stored when the tile is not resident); the buffer is
// unchanged. The memory side of the load is rtl/gx_msld.sv (gx_mssurf_load_finish).
// gx_mssurf_coalesce, gx_mssurf_coalesce_flush and gx_mssurf_coalesce_load
// (cmodel/src/mssurf.c) are the specification: the records equal their evictions and
// snapshots bit for bit, in order.
//
// Microarchitecture (docs/mssurf.md, "RTL"):
//   cfg   the configuration registered, and what is derived from it one register stage
//         a step over five clocks (no configuration value is decoded per clock).
//   in    a skid buffer (gx_skid) takes a command a clock; cmd_ready_o comes from
//         registers. A full-state store of N B >= 32 bytes puts its value into one
//         value buffer, so a second such store waits until the first is written;
//         the value of every other command, repeated to 16 bytes, goes into a ring of
//         8 words in LUT RAM that D reads at its head (values do not travel through
//         the stages).
//   B     the row of tiles' first index (y - y mod TH) W, W padded to whole tiles (a
//         registered multiply), and the pixel's index in its row of tiles (docs/mssurf.md).
//   P     the pixel index t P + p (their sum), its tile, pixel in tile, first sample and
//         first RAM row (registered).
//   C     its samples in the coverage bitmap, its row count, the tile's existing
//         samples (registered: the output register of a skid buffer, so P's take comes
//         from a register and D's moves D and C only).
//   D     the decision and the write, on C's place registered with the look-up of C's
//         tile among the slots (a CAM of K + 1 tile registers: the slot holding it, the
//         samples met, the tile full after the store), which is kept up to date with what
//         D does to the slots in the same clock and while the command stays in D. A
//         store either writes its pixel's RAM rows (one 64-byte
//         row a clock: one clock when N B <= 64) with the coverage and arrival state, or
//         first has the stored samples it meets read back and compared (conflict check),
//         or first has a slot leave (conflict, evict); a load or the flush command posts
//         a readout.
//   out   one readout engine turns a slot into a record: the record's header from the
//         slot's registers (loaded whenever the engine is free), its data one RAM row a
//         clock into the output register (unstored bytes 0). An eviction reads the 4
//         rows of the tile, a load the rows of its pixel.
// Storage: one gx_ram_1r1w of (K + 1) x 4 rows of 64 bytes: K + 1 physical slots, so a
// store can take a fresh slot while the slot that left for it is still being read out.
// At most K slots are resident; the one being read out is busy, neither resident nor
// free.
//
// Handshake: valid/ready streams cmd (in: ms_cmd_t, a store at pixel x, y, the flush
// command or a load) and ev (out: ms_evict_t, one output register). cmd_ready_o comes
// from registers (and the command's own op and full bits). cfg_i (W, H, N, B, T) may
// change only while busy_o is low and no slot is resident; the unit takes no command for
// five clocks after a change. busy_o: a command or a record is in flight.
// Latency (docs/mssurf.md): a command taken in clock t is in D in t + 5; a record posted
// in u is valid in u + 7 (four row reads and the RAM's two clocks; a one-row snapshot
// in u + 4), so a full store's record in t + 12. Throughput: one store a clock while no
// record is needed and no stored sample is met (a store meeting stored samples takes
// 4 + rows clocks more for the check, one more when it follows a row write); pixels
// wider than 64 bytes take one clock per 64 bytes; one record every 7 clocks.
`default_nettype none
`include "gx_assert.svh"

module gx_mssurf #(
  parameter int unsigned Slots = 4  /// K tile slots, 1..32
) (
  input  wire logic              clk_i,        /// clock, rising edge
  input  wire logic              rst_i,        /// synchronous reset, active high
  input  wire gx_pkg::ms_cfg_t   cfg_i,        /// surface format; static while busy or resident
  input  wire logic              cmd_valid_i,  /// a command is offered
  output      logic              cmd_ready_o,  /// the command is taken this clock
  input  wire gx_pkg::ms_cmd_t   cmd_i,        /// store (x, y, mask, full, value), flush, load
  output      logic              ev_valid_o,   /// a record is offered
  input  wire logic              ev_ready_i,   /// the record is taken this clock
  output      gx_pkg::ms_evict_t ev_o,         /// eviction, or a load's snapshot (peek)
  output      logic              busy_o        /// a command or a record is in flight
);
  localparam int unsigned PS = Slots + 1;                    // physical slots
  localparam int unsigned SW = $clog2(PS);                   // slot index bits
  localparam int unsigned RA = SW + 2;                       // RAM row address
  localparam int unsigned TS = gx_pkg::MsTileSamples;        // 64
  localparam int unsigned TI = gx_pkg::MsTileIdxBits;        // 20
  localparam int unsigned TP = gx_pkg::MsMaxTilePixels;      // 32
  localparam int unsigned RB = 64;                           // bytes a RAM row
  localparam int unsigned RW = 8 * RB;                       // bits a RAM row
  localparam int unsigned NR = gx_pkg::MsTileBytes / RB;     // rows a tile: 4
  localparam int unsigned VB = 16;                           // SUST.MS value bytes kept
  localparam int unsigned VC = 8;                            // copies of the row code
  localparam logic [1:0] CauseFull = 2'd0, CauseEvict = 2'd1, CauseConflict = 2'd2,
                         CauseCommand = 2'd3;
  localparam logic [1:0] OpStore = 2'd0, OpFlush = 2'd1, OpLoad = 2'd2;

  // ---------------------------------------------------------------------------------
  // Configuration, registered; what is derived from it in the five clocks after (one
  // register stage each, so that no path of the format is longer than one step). A
  // change holds commands back for five clocks (settle_q), so every stage sees the new
  // format.
  localparam logic [2:0] Settle = 3'd5;
  gx_pkg::ms_cfg_t cfg_q;
  logic [2:0]      settle_q;
  logic            cfg_ok;
  always_ff @(posedge clk_i) begin
    cfg_q <= cfg_i;
    if (rst_i || cfg_i != cfg_q) settle_q <= Settle;
    else if (settle_q != 3'd0) settle_q <= settle_q - 3'd1;
  end
  assign cfg_ok = settle_q == 3'd0 && cfg_i == cfg_q;

  // Format: N = 2^n_log, B = 2^b_log, pixel bytes 2^nb_log, P = 2^p_log pixels a tile.
  logic [2:0] n_log, b_log, p_log;
  logic [3:0] nb_log;
  logic [5:0] p_cnt;
  logic [15:0] all_n;
  assign n_log  = 3'(cfg_q.spp) + 3'd1;   // 1..4
  assign b_log  = 3'(cfg_q.bps) + 3'd2;   // 2..4
  assign nb_log = 4'(n_log) + 4'(b_log);  // 3..8
  assign p_log  = 3'(4'd8 - nb_log);      // 0..5
  assign p_cnt  = 6'd1 << p_log;
  assign all_n  = 16'((17'd1 << (5'd1 << n_log)) - 17'd1);

  // The existing samples of tile t: P pixels, or last_cnt for the last tile (and beyond
  // it, which no command reaches: so that a compare of the pixel index with the last
  // tile's first pixel decides it).
  function automatic logic [TS-1:0] samples_of(logic [5:0] cnt, logic [2:0] nl);
    logic [6:0] ns;
    ns = 7'(cnt) << nl;  // <= 256 / B <= 64
    samples_of = ns[6] ? {TS{1'b1}} : (TS'(1) << ns[5:0]) - TS'(1);
  endfunction
  function automatic logic [TS-1:0] tile_samples(logic [TI-1:0] t, logic [TI-1:0] last,
                                                  logic [5:0] lcnt, logic [5:0] pcnt,
                                                  logic [2:0] nl);
    tile_samples = samples_of(t >= last ? lcnt : pcnt, nl);
  endfunction
  // samples_of by a one-hot N (2, 4, 8, 16): sample i exists when its pixel i / N is
  // below cnt.
  function automatic logic [TS-1:0] pix_samples(logic [5:0] cnt, logic [3:0] noh);
    for (int unsigned i = 0; i < TS; i++)
      pix_samples[i] = (noh[0] && 6'(i >> 1) < cnt) || (noh[1] && 6'(i >> 2) < cnt)
                    || (noh[2] && 6'(i >> 3) < cnt) || (noh[3] && 6'(i >> 4) < cnt);
  endfunction
  // The tile of pixel index x: x / P by a one-hot P (1, 2, .. 32).
  function automatic logic [TI-1:0] shr_p(logic [25:0] x, logic [5:0] poh);
    shr_p = '0;
    for (int unsigned l = 0; l < 6; l++)
      if (poh[l]) shr_p = shr_p | TI'(x >> l);
  endfunction

  // The bytes of RAM row `row` of a tile that hold samples set in sm (a sample is B
  // bytes, boh one-hot for B = 4, 8, 16; a row holds 64 / B of them): byte k holds sample
  // row 64 / B + k / B, a choice among 12 bits of sm by the row and B (RowMask_A: the
  // shift of sm to the row).
  function automatic logic [RB-1:0] row_mask(logic [TS-1:0] sm, logic [1:0] row,
                                             logic [2:0] boh);
    for (int unsigned k = 0; k < RB; k++)
      row_mask[k] = (boh[0] && sm[{row, 4'(k >> 2)}]) || (boh[1] && sm[{1'b0, row, 3'(k >> 3)}])
                 || (boh[2] && sm[{2'b0, row, 2'(k >> 4)}]);
  endfunction

  // Step 1 (DerivedFmt_A): the format's masks and selects, each a function of N and B
  // alone: the pixel-in-tile mask P - 1, the samples of a pixel 2^N - 1, a whole tile's
  // existing samples, the rows of a pixel less one; one-hot selects of N (2, 4, 8, 16),
  // B (4, 8, 16), N B (8, 16, .. 256) and P (1, 2, .. 32); W and H for the product.
  logic [4:0]    pm_q;
  logic [15:0]   all_n_q;
  logic [TS-1:0] vm_full_q, vm_last_q;
  logic [1:0]    rows_m1_q;
  logic [3:0]    n_oh_q;
  logic [2:0]    b_oh_q;
  logic [5:0]    nb_oh_q, p_oh_q;
  logic [13:0]   w_q, h_q;    // W and H padded to whole tiles
  logic [2:0]    mw_q;        // TW - 1
  logic [1:0]    mh_q;        // TH - 1
  logic [1:0]    twl_q, thl_q;  // log2 TW, log2 TH
  logic          nbw_q;       // N B >= 32: a full-state value goes into the value buffer
  logic [VC-1:0] nb32_q;      // N B = 32, copies (rep_row)
  localparam int unsigned RC = VB / 4;  // copies of rep_val's select, one for each 4 bytes
  logic [RC-1:0][2:0] rv_q;   // {N B = 8, B = 8, B = 4}, copies (rep_val)
  for (genvar j = 0; j < RC; j++) begin : gen_rv
    (* keep *) always_ff @(posedge clk_i)
      rv_q[j] <= {nb_log == 4'd3, b_log == 3'd3, b_log == 3'd2};
  end
  for (genvar j = 0; j < VC; j++) begin : gen_nb32
    (* keep *) always_ff @(posedge clk_i) nb32_q[j] <= nb_log == 4'd5;
  end
  always_ff @(posedge clk_i) begin
    pm_q      <= 5'(p_cnt - 6'd1);
    all_n_q   <= all_n;
    vm_full_q <= samples_of(p_cnt, n_log);
    rows_m1_q <= nb_log == 4'd8 ? 2'd3 : nb_log == 4'd7 ? 2'd1 : 2'd0;
    n_oh_q    <= 4'(1) << (n_log - 3'd1);
    b_oh_q    <= 3'(1) << (b_log - 3'd2);
    nb_oh_q   <= 6'(1) << (nb_log - 4'd3);
    p_oh_q    <= 6'(1) << p_log;
    w_q       <= gx_tile_pkg::tile_pad(cfg_q.width, gx_tile_pkg::tile_wlog(p_log));
    h_q       <= gx_tile_pkg::tile_pad(cfg_q.height, gx_tile_pkg::tile_hlog(p_log));
    mw_q      <= 3'((4'd1 << gx_tile_pkg::tile_wlog(p_log)) - 4'd1);
    mh_q      <= 2'((3'd1 << gx_tile_pkg::tile_hlog(p_log)) - 3'd1);
    twl_q     <= gx_tile_pkg::tile_wlog(p_log);
    thl_q     <= gx_tile_pkg::tile_hlog(p_log);
    nbw_q     <= nb_log >= 4'd5;
  end
  // Steps 2 to 5 (DerivedTotal_A, DerivedLast_A): the padded W H, W H - 1, the last tile,
  // its pixel count and first pixel, its existing samples (with the padding, the last
  // tile is whole).
  logic [26:0]   total_q;       // W H <= 2^26 pixels
  logic [25:0]   tm1_q;         // W H - 1
  logic [TI-1:0] last_tile_q;   // the surface's last tile
  logic [5:0]    last_cnt_q;    // pixels of the last tile, 1..P
  logic [25:0]   last_first_q;  // the last tile's first pixel
  always_ff @(posedge clk_i) begin
    total_q      <= 27'(w_q) * 27'(h_q);
    tm1_q        <= 26'(total_q - 27'd1);
    last_tile_q  <= shr_p(tm1_q, p_oh_q);
    last_cnt_q   <= 6'(tm1_q[4:0] & pm_q) + 6'd1;
    last_first_q <= tm1_q & ~{21'd0, pm_q};
    vm_last_q    <= pix_samples(last_cnt_q, n_oh_q);
  end

  // ---------------------------------------------------------------------------------
  // In: the skid buffer and the value buffer.
  typedef struct packed {
    logic [1:0]      op;
    logic            full;
    logic [12:0]     x, y;
    logic [15:0]     mask;
  } cmd_t;
  localparam int unsigned CmdBits = 2 + 1 + 13 + 13 + 16;

  // A store's bytes of a RAM row are a choice among whole rows (no format in D's write
  // data). SUST.MS's value, and a full-state value of N B <= 16 bytes, go into the value
  // ring (below) repeated to 16 bytes as they enter (byte k = byte k mod B, or mod N B); a
  // full-state value of N B >= 32 bytes goes into the value buffer, its first row
  // repeated when N B = 32 (byte k mod 32).
  // The unit of byte k (u48: 4 bytes, 8, else 16) is chosen by its group's copy of the
  // format's select (rv: B, or N B for a full-state value).
  function automatic logic [8*VB-1:0] rep_val(logic [8*VB-1:0] v, logic full,
                                              logic [RC-1:0][2:0] rv);
    for (int unsigned k = 0; k < VB; k++) begin
      logic [1:0] u48;
      u48 = full ? {rv[k / 4][2], 1'b0} : rv[k / 4][1:0];
      rep_val[8*k +: 8] = u48[0] ? v[8*(k % 4) +: 8] : u48[1] ? v[8*(k % 8) +: 8]
                        : v[8*k +: 8];
    end
  endfunction
  // The first row's byte k with N B = 32 (a copy of the select for each group of RB / VC
  // bytes).
  function automatic logic [RW-1:0] rep_row(logic [RW-1:0] v, logic [VC-1:0] nb32);
    for (int unsigned k = 0; k < RB; k++)
      rep_row[8*k +: 8] = nb32[k / (RB / VC)] ? v[8*(k % 32) +: 8] : v[8*k +: 8];
  endfunction

  logic              full_store_in;   // the offered command is a full-state store whose
                                      // value goes into the value buffer
  logic              vbuf_busy_q;     // the value buffer holds a store's value
  logic [2047:0]     vbuf_q;          // a full-state store's value
  logic              sk_valid, sk_ready, sk_out_valid, sk_out_ready, sk_held_valid;
  cmd_t              sk_in, sk_out, sk_held;
  logic              fire;
  assign full_store_in = cmd_i.op == OpStore && cmd_i.full && nbw_q;
  assign cmd_ready_o   = sk_ready && cfg_ok && !(full_store_in && vbuf_busy_q);
  assign sk_valid      = cmd_valid_i && cfg_ok && !(full_store_in && vbuf_busy_q);
  assign fire          = cmd_valid_i && cmd_ready_o;
  always_comb begin
    sk_in.op   = cmd_i.op;
    sk_in.full = cmd_i.full;
    sk_in.x    = cmd_i.x;
    sk_in.y    = cmd_i.y;
    sk_in.mask = cmd_i.mask;
  end

  gx_skid #(.Width(CmdBits)) u_in (
    .clk_i, .rst_i,
    .in_valid_i(sk_valid), .in_ready_o(sk_ready), .in_data_i(sk_in),
    .out_valid_o(sk_out_valid), .out_ready_i(sk_out_ready), .out_data_o(sk_out),
    .held_valid_o(sk_held_valid), .held_data_o(sk_held)
  );

  // The value buffer follows the port while it is free, so it holds the value of the
  // full-state store taken in the clock it becomes busy (its enable is a register).
  logic d_done;   // D finishes its command this clock
  logic d_fin;    // ... written flat, from registers (DFin_A: it equals d_done)
  logic c_v, d_v;
  cmd_t c, dcmd;

  // The value ring: every command's value (SUST.MS's, or a full-state value of N B <= 16
  // bytes, repeated to 16 bytes) is kept from the clock the command is taken, and D
  // reads the value of its command at the ring's head, dropped as D finishes it. So the
  // values do not travel through the stages, and no register of a value is enabled by
  // D's decision. Commands in flight (the skid buffer's two, B, P, C's two, D) are at
  // most 7, the values in the ring (RingCount_A): the word after the last, vw_q, holds
  // no value in flight, so the port's value is written there every clock (no write
  // enable), and kept by moving vw_q on when the command is taken.
  localparam int unsigned VD = 8;   // words of the ring
  (* ram_style = "distributed" *) logic [8*VB-1:0] vring_q [VD];
  logic [2:0]      vw_q, vr_q;      // the ring's next word to keep, its head
  logic [8*VB-1:0] d_val;           // D's command's value
  always_ff @(posedge clk_i) begin
    vring_q[vw_q] <= rep_val(cmd_i.value[8*VB-1:0], cmd_i.full, rv_q);
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      vw_q <= '0;
      vr_q <= '0;
    end else begin
      if (fire) vw_q <= vw_q + 3'd1;
      if (d_v && d_fin) vr_q <= vr_q + 3'd1;
    end
  end
  assign d_val = vring_q[vr_q];
  always_ff @(posedge clk_i) begin
    if (!vbuf_busy_q) vbuf_q <= {cmd_i.value[2047:RW], rep_row(cmd_i.value[RW-1:0], nb32_q)};
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) vbuf_busy_q <= 1'b0;
    else if (fire && full_store_in) vbuf_busy_q <= 1'b1;
    else if (d_fin && dcmd.op == OpStore && dcmd.full && nbw_q) vbuf_busy_q <= 1'b0;
  end

  // The index of pixel (x, y) in its row of tiles (TW = mw + 1 = 2^twl, TH = mh + 1 =
  // 2^thl): (x - x mod TW) TH + (y mod TH) TW + x mod TW, the three fields apart.
  function automatic logic [25:0] row_index(logic [12:0] x, logic [12:0] y, logic [2:0] mw,
                                            logic [1:0] mh, logic [1:0] twl, logic [1:0] thl);
    logic [25:0] xw, yw, mwm, mhm;
    xw = {13'd0, x};
    yw = {13'd0, y};
    mwm = {23'd0, mw};
    mhm = {24'd0, mh};
    row_index = ((xw & ~mwm) << thl) | ((yw & mhm) << twl) | (xw & mwm);
  endfunction

  // ---------------------------------------------------------------------------------
  // B: the row product.
  // Every ready reaches one stage back at most: D's take moves C (whose skid register
  // takes P's command while C is stalled), and P's take comes from that register.
  logic        b_v, b_adv, p_take, d_take;
  localparam int unsigned DC = 8;   // copies of d_take: D's registers (0..4), C's (5..7)
  logic [DC-1:0] d_take_c;   // copies of d_take, each enabling a group of registers
  logic        cs_ready;   // C's skid register is empty (a register)
  cmd_t        b;
  logic [25:0] b_prod;   // the first pixel index of the pixel's row of tiles
  logic [25:0] b_xs;     // the pixel's index in its row of tiles
  logic [12:0] sk_yrow;  // y - y mod TH
  assign sk_yrow = sk_out.y & ~{11'd0, mh_q};
  assign d_take       = !d_v || d_fin;
  assign p_take       = !p_v || cs_ready;
  assign b_adv        = !b_v || p_take;
  assign sk_out_ready = b_adv;
  always_ff @(posedge clk_i) begin
    if (rst_i) b_v <= 1'b0;
    else if (b_adv) b_v <= sk_out_valid;
  end
  always_ff @(posedge clk_i) begin
    if (b_adv) begin
      b      <= sk_out;
      b_prod <= 26'(sk_yrow) * 26'(w_q);
      b_xs   <= row_index(sk_out.x, sk_out.y, mw_q, mh_q, twl_q, thl_q);
    end
  end

  // ---------------------------------------------------------------------------------
  // P: the pixel index t P + p of pixel p of tile t (gx_tile_pkg's numbering): the row of
  // tiles' first index (y - y mod TH) W, with W padded, plus the index in the row,
  // (x - x mod TW) TH + (y mod TH) TW + x mod TW; and what C's place needs of it as
  // registers (PRegs_A):
  // the tile, the pixel in the tile, its first sample (pixel N) and its first RAM row.
  function automatic logic [5:0] sh_n(logic [4:0] pp, logic [3:0] noh);  // pp N
    sh_n = '0;
    for (int unsigned l = 0; l < 4; l++)
      if (noh[l]) sh_n = sh_n | 6'(6'(pp) << (l + 1));
  endfunction
  function automatic logic [1:0] row0_nb(logic [4:0] pp, logic [5:0] nboh);  // pp N B / 64
    row0_nb = '0;
    for (int unsigned l = 0; l < 6; l++)
      if (nboh[l]) row0_nb = row0_nb | 2'((10'(pp) << (l + 3)) >> 6);
  endfunction
  logic          p_v;
  cmd_t          pc;
  logic [25:0]   p_pix, p_sum;
  logic [TI-1:0] p_tile;
  logic [4:0]    p_pp, p_pps;
  logic [5:0]    p_sh;
  logic [1:0]    p_row0;
  assign p_sum = b_prod + b_xs;
  assign p_pps = p_sum[4:0] & pm_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) p_v <= 1'b0;
    else if (p_take) p_v <= b_v;
  end
  always_ff @(posedge clk_i) begin
    if (p_take) begin
      pc     <= b;
      p_pix  <= p_sum;
      p_tile <= shr_p(p_sum, p_oh_q);
      p_pp   <= p_pps;
      p_sh   <= sh_n(p_pps, n_oh_q);
      p_row0 <= row0_nb(p_pps, nb_oh_q);
    end
  end

  // ---------------------------------------------------------------------------------
  // C: the pixel's place in its tile and in the RAM, a function of its index y W + x
  // (place(); the C-stage invariant CLegal_A restates it from C's own pixel index).
  typedef struct packed {
    logic [TI-1:0] tile;
    logic [4:0]    pp;       // pixel in tile, < P
    logic [TS-1:0] smask;    // the store's samples in the coverage bitmap
    logic [TS-1:0] vmask;    // the tile's existing samples
    logic [TS-1:0] pmask;    // the pixel's samples
    logic [TS-1:0] need;     // the tile's existing samples but the store's
    logic [1:0]    arrival;  // the store's arrival state
    logic [1:0]    row0;     // the pixel's first RAM row in the tile
    logic [1:0]    rows_m1;  // its rows, less one: 0 (N B <= 64), 1 or 3
  } place_t;

  // The place as C computes it (PPlace_A: it equals place()): from P's registers and the
  // registered masks of the format, the tile's existing samples the whole tile's (the
  // surface is padded to whole tiles: the last tile is whole too, LastWhole_A).
  function automatic place_t place_c(logic [TI-1:0] tile, logic [4:0] pp,
                                     logic [5:0] sh, logic [1:0] row0, logic [15:0] mask,
                                     logic full, logic [15:0] alln, logic [1:0] rows_m1,
                                     logic [TS-1:0] vmf);
    place_t r;
    r.tile    = tile;
    r.pp      = pp;
    r.smask   = TS'(mask) << sh;
    r.vmask   = vmf;
    r.pmask   = TS'(alln) << sh;
    r.arrival = full ? 2'(gx_pkg::EncFull)
              : mask == alln ? 2'(gx_pkg::Enc1spp) : 2'(gx_pkg::EncSubset);
    r.row0    = row0;
    r.rows_m1 = rows_m1;
    r.need    = r.vmask & ~r.smask;
    place_c = r;
  endfunction
  // The pixel's place from the format itself (the properties' reference): place_c of
  // the tile, pixel, first sample and first row derived here, with the tile's existing
  // samples decided by the tile index.
  function automatic place_t place(logic [25:0] pix, logic [15:0] mask, logic full,
                                   logic [2:0] nl, logic [3:0] nbl, logic [2:0] pl,
                                   logic [5:0] pcnt, logic [15:0] alln,
                                   logic [TI-1:0] last, logic [5:0] lcnt);
    place_t r;
    logic [4:0] pp;
    pp = 5'(pix) & 5'(pcnt - 6'd1);
    r = place_c(TI'(pix >> pl), pp, 6'(pp) << nl, 2'((10'(pp) << nbl) >> 6), mask, full,
                alln, nbl == 4'd8 ? 2'd3 : nbl == 4'd7 ? 2'd1 : 2'd0, '0);
    r.vmask = samples_of(26'(pix >> pl) >= 26'(last) ? lcnt : pcnt, nl);
    r.need  = r.vmask & ~r.smask;
    place = r;
  endfunction

  // C is the output register of a skid buffer: P's command and its place go into C, or,
  // while C is stalled, into the skid register behind it (CSkidLegal_A).
  typedef struct packed {
    cmd_t        cmd;
    logic [25:0] pix;   // the pixel index (named by the properties only)
    place_t      pl;
  } cent_t;
  localparam int unsigned CEntBits = CmdBits + 26 + TI + 5 + 4 * TS + 6;
  cent_t         c_in, c_out, cs_held;
  logic          cs_held_v;
  place_t        c_pl;
  logic [25:0]   c_pix;
  logic [TI-1:0] c_tile;
  logic [TS-1:0] c_smask, c_need;
  always_comb begin
    c_in.cmd = pc;
    c_in.pix = p_pix;
    c_in.pl  = place_c(p_tile, p_pp, p_sh, p_row0, pc.mask, pc.full, all_n_q, rows_m1_q,
                       vm_full_q);
  end
  // C's skid buffer as NCS buffers side by side, each holding a part of the entry and
  // moved by its own copy of D's take (their valid bits equal: CSkidCopy_A).
  localparam int unsigned NCS = 3;
  localparam int unsigned CPW = CEntBits / NCS;   // bits of each part but the last
  logic [NCS-1:0] cs_ready_c, c_v_c, cs_held_v_c;
  for (genvar i = 0; i < NCS; i++) begin : gen_cskid
    localparam int unsigned Lo = i * CPW;
    localparam int unsigned W  = i == NCS - 1 ? CEntBits - Lo : CPW;
    gx_skid #(.Width(W)) u_c (
      .clk_i, .rst_i,
      .in_valid_i(p_v), .in_ready_o(cs_ready_c[i]), .in_data_i(c_in[Lo +: W]),
      .out_valid_o(c_v_c[i]), .out_ready_i(d_take_c[5 + i]), .out_data_o(c_out[Lo +: W]),
      .held_valid_o(cs_held_v_c[i]), .held_data_o(cs_held[Lo +: W])
    );
  end
  assign cs_ready  = cs_ready_c[0];
  assign c_v       = c_v_c[0];
  assign cs_held_v = cs_held_v_c[0];
  assign c         = c_out.cmd;
  assign c_pix     = c_out.pix;
  assign c_pl      = c_out.pl;
  assign c_tile    = c_pl.tile;
  assign c_smask   = c_pl.smask;
  assign c_need    = c_pl.need;

  // ---------------------------------------------------------------------------------
  // D: the command and its place, taken from C (with the look-up of its tile among the
  // slots, below).
  place_t        d_pl;
  logic [25:0]   d_pix;   // the pixel index (named by the properties only)
  logic [TI-1:0] d_tile;
  logic [4:0]    d_pp;
  logic [TS-1:0] d_smask, d_vmask, d_pmask;
  logic [1:0]    d_arrival, d_row0, d_rows_m1;
  assign d_tile    = d_pl.tile;
  assign d_pp      = d_pl.pp;
  assign d_smask   = d_pl.smask;
  assign d_vmask   = d_pl.vmask;
  assign d_pmask   = d_pl.pmask;
  assign d_arrival = d_pl.arrival;
  assign d_row0    = d_pl.row0;
  assign d_rows_m1 = d_pl.rows_m1;
  always_ff @(posedge clk_i) begin
    if (rst_i) d_v <= 1'b0;
    else if (d_take) d_v <= c_v;
  end
  // The bytes of the store's samples in each of the pixel's rows (relative to its
  // first), registered with the command: the RAM's write enables select a row of them.
  function automatic logic [NR*RB-1:0] row_enables(logic [TS-1:0] sm, logic [1:0] row0,
                                                    logic [2:0] boh);
    for (int unsigned r = 0; r < NR; r++)
      row_enables[RB*r +: RB] = row_mask(sm, row0 + 2'(r), boh);
  endfunction
  // D's registers load in groups, each on its own copy of D's take.
  logic [NR*RB-1:0] d_be_q, d_be_n;
  place_t           d_pla;                   // the place but for its masks
  logic [TS-1:0]    d_sm_q, d_vm_q, d_pm_q;  // its masks
  assign d_be_n = row_enables(c_smask, c_pl.row0, b_oh_q);
  always_comb begin
    d_pl       = d_pla;
    d_pl.smask = d_sm_q;
    d_pl.vmask = d_vm_q;
    d_pl.pmask = d_pm_q;
  end
  always_ff @(posedge clk_i) begin
    if (d_take_c[0]) begin
      dcmd   <= c;
      d_pix  <= c_pix;
      d_pla  <= c_pl;
    end
    if (d_take_c[1]) d_sm_q <= c_pl.smask;
    if (d_take_c[2]) begin
      d_vm_q <= c_pl.vmask;
      d_pm_q <= c_pl.pmask;
    end
    if (d_take_c[3]) d_be_q[0 +: 2*RB] <= d_be_n[0 +: 2*RB];
    if (d_take_c[4]) d_be_q[2*RB +: 2*RB] <= d_be_n[2*RB +: 2*RB];
  end

  // ---------------------------------------------------------------------------------
  // Slot state (datapath registers carry no reset; res_q/busy_q guard them).
  logic [PS-1:0]             res_q;     // resident
  logic [PS-1:0]             busy_q;    // left, being read out
  logic [PS-1:0][TI-1:0]     tile_q;
  logic [PS-1:0][TS-1:0]     cover_q;
  logic [PS-1:0][2*TP-1:0]   arrive_q;
  logic [PS-1:0][PS-1:0]     older_q;   // [i][j]: slot i allocated before slot j
  // The coverage and arrival states of the slots in oh (one-hot or none), ORed.
  function automatic logic [TS+2*TP-1:0] sel_slot(logic [PS-1:0] oh,
                                                  logic [PS-1:0][TS-1:0] cov,
                                                  logic [PS-1:0][2*TP-1:0] arr);
    sel_slot = '0;
    for (int k = 0; k < PS; k++)
      if (oh[k]) sel_slot = sel_slot | {cov[k], arr[k]};
  endfunction

  // D's tile looked up among the slots, registered as the command enters D and kept up to
  // date while it stays (below, after the decision): the slot holding it (one-hot, or
  // none), whether the store meets samples stored there, whether the tile is full after
  // the store written there or into a fresh slot.
  logic [PS-1:0] lk_hit_q, lk_hit_d;
  logic [SW-1:0] lk_h_q, lk_h_d;
  // Whether the store meets samples stored in the slot and whether the tile is full after
  // the store written there are kept for every slot (lk_ovlv_q, lk_fullv_q: only the
  // slot holding the tile counts), so that the look-up's last step is no select over the
  // slots; D selects them by lk_hit_q.
  logic [PS-1:0] lk_ovlv_q, lk_ovlv_d, lk_fullv_q, lk_fullv_d;
  logic          lk_ovl, lk_fullh, lk_fulla_q, lk_fulla_d;
  logic          lk_any;
  assign lk_any   = |lk_hit_q;
  assign lk_ovl   = (lk_hit_q & lk_ovlv_q) != '0;
  assign lk_fullh = (lk_hit_q & lk_fullv_q) != '0;
  logic          pk_wait;  // a load's readout of D's tile's slot is in progress

  // The lowest free slot, the oldest allocation; and, for the properties, D's tile
  // looked up among the slots as they are (hit, h, ovl_j: what the registered look-up
  // below must equal).
  logic [PS-1:0] hit, oldest, ovl_j;
  logic [SW-1:0] h, f, o;
  logic          hit_any, any_free, any_res, at_cap, one_res;
  always_comb begin
    h = '0;
    f = '0;
    o = '0;
    any_free = 1'b0;
    for (int k = 0; k < PS; k++) begin
      hit[k] = res_q[k] && tile_q[k] == d_tile;
      oldest[k] = res_q[k];
      for (int j = 0; j < PS; j++)
        if (j != k && res_q[j] && !older_q[k][j]) oldest[k] = 1'b0;
      ovl_j[k] = (cover_q[k] & d_smask) != '0;
      if (hit[k]) h = SW'(k);
      if (oldest[k]) o = SW'(k);
    end
    for (int k = PS - 1; k >= 0; k--)
      if (!res_q[k] && !busy_q[k]) begin
        f = SW'(k);
        any_free = 1'b1;
      end
  end
  assign hit_any = |hit;
  // The resident slots counted in a register (a population count of res_q would be an
  // adder chain in front of D's decision), and its tests D decides on registered beside
  // it (ResFlags_A).
  logic [5:0] res_n_q, res_n_d;
  logic       at_cap_q, one_res_q, any_res_q, at_cap_d, one_res_d, any_res_d;
  assign at_cap  = at_cap_q;
  assign one_res = one_res_q;
  assign any_res = any_res_q;

  // ---------------------------------------------------------------------------------
  // The readout engine and the output register.
  logic              ev_valid_q;
  gx_pkg::ms_evict_t ev_q;
  logic              e_act_q;       // a readout is in progress
  logic              e_peek_q;      // of a load (the slot stays resident)
  logic [SW-1:0]     e_slot_q;
  logic [1:0]        e_row_q;       // next row to read
  logic [2:0]        e_left_q;      // rows still to read
  logic [TS-1:0]     e_pmask_q;     // a load's pixel's samples (all, for an eviction)
  logic [TS-1:0]     e_dmask;       // samples whose bytes the record carries
  logic              eng_free;      // a readout can be posted this clock
  assign eng_free = !e_act_q && (!ev_valid_q || ev_ready_i);

  // A post: D hands the engine a slot (or, for a load of a tile not resident, nothing).
  logic              post;
  logic [SW-1:0]     post_slot;
  logic [1:0]        post_cause;
  logic              post_peek;
  logic [TI-1:0]     post_tile;
  logic [TS-1:0]     post_cover;
  logic [TS-1:0]     post_dmask;    // samples whose bytes the record carries
  logic [2*TP-1:0]   post_arrive;
  logic [1:0]        post_row0;
  logic [2:0]        post_rows;     // rows to read: 4 (eviction), the pixel's, or 0
  logic              peek_post;     // a load's snapshot is posted (post && post_peek)

  // RAM: the engine reads while it is active, D only while it is not.
  logic [RW-1:0]   rdata, wdata;
  logic [RB-1:0]   we;
  logic [RA-1:0]   raddr, waddr;
  logic            re, e_re, d_re;
  logic [RA-1:0]   d_raddr;
  assign e_re  = e_act_q && e_left_q != 3'd0;
  assign re    = e_re || d_re;
  assign raddr = e_re ? {e_slot_q, e_row_q} : d_raddr;
  // D's read address from registers alone, whether or not D reads (d_re enables the
  // read): DRun's read-back starts at the pixel's first row of the slot its look-up
  // found, DRead goes on at its slot's next row.
  assign d_raddr = d_st_q == DRun ? {lk_h_q, d_row0} : {d_slot_q, d_row0 + d_row_q};

  gx_ram_1r1w #(
    .Depth(PS * NR), .Width(RW), .OutReg(1'b1), .AlwaysRead(1'b1), .WrReg(1'b1)
  ) u_ram (
    .clk_i, .rst_i,
    .re_i(re), .raddr_i(raddr), .rdata_o(rdata),
    .we_i(we), .waddr_i(waddr), .wdata_i(wdata)
  );
  // The row read is in the RAM's output register two clocks after the read: the engine
  // and D's compare read it there. The RAM reads raddr every clock (AlwaysRead): re, from
  // D's decision, only marks the reads taken, so the decision does not reach the 16
  // block RAMs' enables. Its write port is registered (WrReg): a row D writes in clock t
  // is in the RAM at the end of t + 1, so nothing reads it in t + 1 (NoCollision_A): D
  // reads no row back in the clock after a write (w_en_q), and a readout posted as D
  // writes a row starts at the next row, reading that one last.

  // The reads in flight (the RAM's two clocks): whose, which row, the last of a readout.
  logic [1:0]      rp_v_q, rp_eng_q, rp_last_q;
  logic [1:0][1:0] rp_row_q;
  logic            d_rlast;         // D's read this clock is its last
  logic [1:0]      d_rrow;          // the row D reads, relative to the pixel's first
  always_ff @(posedge clk_i) begin
    if (rst_i) rp_v_q <= '0;
    else rp_v_q <= {rp_v_q[0], re};
    rp_eng_q  <= {rp_eng_q[0], e_re};
    rp_last_q <= {rp_last_q[0], e_re ? e_left_q == 3'd1 : d_rlast};
    rp_row_q  <= {rp_row_q[0], e_re ? e_row_q : d_rrow};
  end

  // A row read with the bytes of samples not in cov 0 (named by the properties only).
  function automatic logic [RW-1:0] stored_bytes(logic [RW-1:0] d, logic [TS-1:0] cov,
                                                 logic [1:0] row, logic [2:0] bl);
    logic [15:0] rs;  // the row's samples, at most 16
    rs = 16'(cov >> (6'(row) << (3'd6 - bl)));
    for (int unsigned k = 0; k < RB; k++)
      if (!rs[k >> bl]) d[8*k +: 8] = 8'd0;
    stored_bytes = d;
  endfunction

  logic e_ret, e_done;
  assign e_ret  = rp_v_q[1] && rp_eng_q[1];
  assign e_done = e_ret && rp_last_q[1];

  logic e_act_d, ev_valid_d;
  always_comb begin
    e_act_d    = e_act_q;
    ev_valid_d = ev_valid_q;
    if (post_f) e_act_d = !peek_post || lk_any;
    else if (e_done) e_act_d = 1'b0;
    if (peek_post && !lk_any) ev_valid_d = 1'b1;
    else if (e_done) ev_valid_d = 1'b1;
    else if (ev_ready_i) ev_valid_d = 1'b0;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      e_act_q    <= 1'b0;
      ev_valid_q <= 1'b0;
    end else begin
      e_act_q    <= e_act_d;
      ev_valid_q <= ev_valid_d;
    end
  end
  // Copies of the engine's busy bit and of the offered bit (EngCopy_A), each the source
  // of a copy of "the engine is free" (ef_c) and of D's take (d_take_c, below): each
  // copy enables one group of D's registers, C's output register or the engine's and
  // the header's registers, so that no one net reaches all of them: copies 0..DC-1 for
  // D's registers and C's output registers (d_take_c), the last three for the engine's
  // and the header's.
  localparam int unsigned EC = DC + 3;
  logic [EC-1:0] e_act_c, ev_valid_c, ef_c;
  for (genvar k = 0; k < EC; k++) begin : gen_ec
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) begin
        e_act_c[k]    <= 1'b0;
        ev_valid_c[k] <= 1'b0;
      end else begin
        e_act_c[k]    <= e_act_d;
        ev_valid_c[k] <= ev_valid_d;
      end
    end
    assign ef_c[k] = !e_act_c[k] && (!ev_valid_c[k] || ev_ready_i);
  end

  // The engine's registers and the record's header load the record a post would carry
  // whenever the engine is free (post_*_f, from registers; PostF_A: the post's when D
  // posts), so that the decision reaches only the engine's busy bit; while the engine is
  // free they are read by nothing, and the header changes only while no record is
  // offered or in the clock the one offered is taken.
  always_ff @(posedge clk_i) begin
    if (ef_c[DC]) begin
      e_peek_q  <= is_load;
      e_slot_q  <= post_slot_f;
      e_row_q   <= is_load ? d_row0 : g_row + 2'd1;
      e_left_q  <= post_rows_f;
      e_pmask_q <= is_load ? d_pmask : '1;
      ev_q.tile   <= post_tile_f;
      ev_q.cause  <= post_cause_f;
      ev_q.peek   <= is_load;
    end else if (e_re) begin
      e_row_q  <= e_row_q + 2'd1;
      e_left_q <= e_left_q - 3'd1;
    end
  end
  always_ff @(posedge clk_i) begin
    if (ef_c[DC + 1]) ev_q.stored <= post_cover_f;
    if (ef_c[DC + 2]) ev_q.arrive <= post_arrive_f;
  end
  // The record's data, a row at a time; cleared at reset and as the record offered is
  // taken, so that it is 0 while the engine is free and no record is offered
  // (DataZero_A): rows a snapshot does not read stay 0 (an eviction reads every row). A
  // take and a row's return never meet (EngOut_A: rows return while no record is
  // offered).
  // The bytes the row returning next clock keeps (e_bm_q) are registered a clock ahead,
  // from its row in flight (ERow_A: the mask of the row returning).
  logic [RB-1:0] e_bm_q;
  logic [RW-1:0] e_row_data;
  // The samples whose bytes the record carries: the header's coverage (loaded with the
  // post), a load's pixel's only.
  assign e_dmask = ev_q.stored & e_pmask_q;
  always_ff @(posedge clk_i) e_bm_q <= row_mask(e_dmask, rp_row_q[0], b_oh_q);
  always_comb begin
    for (int unsigned k = 0; k < RB; k++)
      e_row_data[8*k +: 8] = e_bm_q[k] ? rdata[8*k +: 8] : 8'd0;
  end
  always_ff @(posedge clk_i) begin
    for (int r = 0; r < NR; r++)
      if (rst_i || (ev_valid_q && ev_ready_i)) ev_q.data[RW*r +: RW] <= '0;
      else if (e_ret && rp_row_q[1] == 2'(r)) ev_q.data[RW*r +: RW] <= e_row_data;
  end
  assign ev_valid_o = ev_valid_q;
  assign ev_o       = ev_q;

  // ---------------------------------------------------------------------------------
  // D: the store's bytes of one RAM row, its write enables and the compare.
  typedef enum logic [2:0] {DRun, DRead, DChk, DWrite, DFull} dst_e;
  dst_e          d_st_q, d_st_d;
  logic [SW-1:0] d_slot_q, d_slot_d;   // the slot read, written or waiting to leave
  logic [1:0]    d_row_q, d_row_d;     // DRead: next row to read; DWrite: row to write
  logic          chk_ok_q, chk_ok_d;   // the stored samples met passed the check
  logic          conf_q;               // DRead, DChk: a compared byte is far
  logic          is_store, is_load, is_flush;  // D's command
  logic          w_en_q;   // a row write was presented last clock: the RAM writes it now
  // D may read a row back this clock: the engine is not reading and no write of the
  // clock before lands in the RAM now (the RAM's registered write port)
  logic          rb_free;
  assign rb_free = !e_re && !w_en_q;

  // The row written or read (g: the store's first row, DWrite's next row to write or
  // DRead's next to read) and the row whose bytes met are registered a clock before it
  // is compared (k: the row of D's read in the RAM's output register).
  logic [1:0]    g_rel, k_rel;   // the rows, relative to the pixel's first
  logic [1:0]    g_row, k_row;   // the rows in the tile
  logic [RW-1:0] g_data;         // the store's bytes of row g
  logic [RB-1:0] g_be;           // bytes of the store's samples (from d_be_q)
  logic [TS-1:0] k_met;          // samples both stored (slot d_slot) and stored again
  logic [RB-1:0] k_ov;           // bytes of samples both stored (slot d_slot) and stored again
  logic [RB-1:0] k_ov_q;
  // The store's bytes of row rel of its pixel: the command's value (SUST.MS's, or a
  // full-state value of N B <= 16 bytes, repeated to 16 bytes as it entered) four times,
  // or row rel of the value buffer (a full-state value of N B >= 32, its first row
  // repeated as it entered when N B = 32).
  function automatic logic [RW-1:0] row_bytes(logic [2047:0] v, logic [8*VB-1:0] val,
                                              logic vb, logic [1:0] rel);
    row_bytes = vb ? v[RW*rel +: RW] : {(RB / VB){val}};
  endfunction
  // That choice by one-hot selects registered a clock ahead (wsel_q: SUST.MS, rows 0..3
  // of the value buffer), a copy for each group of WB bytes (WSel_A), so that the RAM's
  // write data and the near ranges below come from registers through an AND-OR.
  localparam int unsigned WC = 8;         // copies of the select
  localparam int unsigned WB = RB / WC;   // bytes a copy selects
  logic [4:0]         wsel_d;
  logic [WC-1:0][4:0] wsel_q;
  logic               dfull_d;
  logic [1:0]         grel_d;
  assign dfull_d = (d_take ? c.full : dcmd.full) && nbw_q;
  // The row of the next clock, from registers (not from D's next state): DRun goes on to
  // row 1 exactly when its store reads back (lk_ovl, no check yet, the read port free:
  // rb_free) or writes a first row that is not its last; DWrite and DRead step to the
  // next row while rows remain; every other state is followed by row 0 or by DChk, which
  // reads none (WSel_A).
  logic d_on;  // DRun's store goes on to DRead or DWrite
  assign d_on    = is_store && (lk_any ? !pk_wait && ((lk_ovl && !chk_ok_q) ? rb_free
                                                                         : d_rows_m1 != 2'd0)
                                       : !at_cap && d_rows_m1 != 2'd0);
  always_comb begin
    unique case (d_st_q)
      DRun:    grel_d = {1'b0, d_on};
      DWrite:  grel_d = d_row_q == d_rows_m1 ? 2'd0 : d_row_q + 2'd1;
      DRead:   grel_d = (d_row_q <= d_rows_m1 && d_row_q != 2'd0) ? d_row_q + 2'd1 : d_row_q;
      default: grel_d = 2'd0;
    endcase
  end
  assign wsel_d  = dfull_d ? {grel_d == 2'd3, grel_d == 2'd2, grel_d == 2'd1, grel_d == 2'd0,
                              1'b0}
                           : 5'b00001;
  for (genvar j = 0; j < WC; j++) begin : gen_wsel
    (* keep *) always_ff @(posedge clk_i) wsel_q[j] <= wsel_d;
  end

  always_comb begin
    g_rel = (d_st_q == DWrite || d_st_q == DRead) ? d_row_q : 2'd0;
    k_rel = rp_row_q[1];
    g_row = d_row0 + g_rel;
    k_row = d_row0 + k_rel;
    for (int unsigned k = 0; k < RB; k++) begin
      logic [4:0] sl;
      sl = wsel_q[k / WB];
      g_data[8*k +: 8] = ({8{sl[0]}} & d_val[8*(k % VB) +: 8])
                       | ({8{sl[1]}} & vbuf_q[8*k +: 8])
                       | ({8{sl[2]}} & vbuf_q[8*(RB + k) +: 8])
                       | ({8{sl[3]}} & vbuf_q[8*(2*RB + k) +: 8])
                       | ({8{sl[4]}} & vbuf_q[8*(3*RB + k) +: 8]);
    end
    g_be = d_be_q[RB*g_rel +: RB];
    k_met = d_smask & cover_q[d_slot_q];
    k_ov = row_mask(k_met, k_row, b_oh_q);
  end
  // The near range of each byte n, [n - T, n + T], unclipped: lo = n - T as a 9-bit signed
  // number, hi = n + T as a 9-bit unsigned one ({hi, lo}; a byte a, 0..255, lies in the
  // range clipped to 0..255 exactly when it lies in this one).
  function automatic logic [2*RB*9-1:0] near_range(logic [RW-1:0] n, logic [7:0] t);
    for (int unsigned k = 0; k < RB; k++) begin
      near_range[RB*9 + 9*k +: 9] = 9'(n[8*k +: 8]) + 9'(t);
      near_range[9*k +: 9]        = 9'(n[8*k +: 8]) - 9'(t);
    end
  endfunction

  // The compare of a row D reads back, in the three clocks of the read and one more:
  // the store's bytes of the row registered as D issues the read (gd_q); their near
  // ranges registered the clock after (k_lo_q, k_hi_q), as the block RAM gives the row;
  // each byte of the row's output register (rdata) compared with its range, below (lt_q:
  // a < lo, signed) and above (gt_q: a > hi), each compare's carry chain from registers
  // into its register (the block RAM's slow clock-to-out reaches a register alone); the
  // bytes met (k_ov_q) ORed a clock later. A byte met is far when it differs by more
  // than T (RowFar_A: the difference against T).
  logic [RW-1:0]   gd_q;
  logic [RB*9-1:0] k_lo_q, k_hi_q;
  logic [RB-1:0]   lt_q, gt_q;
  always_ff @(posedge clk_i) begin
    gd_q             <= g_data;
    {k_hi_q, k_lo_q} <= near_range(gd_q, cfg_q.threshold);
    k_ov_q           <= k_ov;
    for (int unsigned k = 0; k < RB; k++) begin
      lt_q[k] <= $signed({2'b00, rdata[8*k +: 8]}) < $signed({k_lo_q[9*k + 8], k_lo_q[9*k +: 9]});
      gt_q[k] <= {1'b0, rdata[8*k +: 8]} > k_hi_q[9*k +: 9];
    end
  end
  // D's compared rows: a clock after the RAM's output register (dr_v_q, its last dr_last_q).
  logic dr_v_q, dr_last_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) dr_v_q <= 1'b0;
    else dr_v_q <= rp_v_q[1] && !rp_eng_q[1];
    dr_last_q <= rp_last_q[1];
  end
  logic d_ret, row_far;
  assign d_ret   = dr_v_q;
  assign row_far = ((lt_q | gt_q) & k_ov_q) != '0;

  // Tile registers read at the oldest slot and at D's slot (a loop: see the writes).
  logic [TI-1:0] tile_o, tile_ds;
  always_comb begin
    tile_o  = '0;
    tile_ds = '0;
    for (int k = 0; k < PS; k++) begin
      if (o == SW'(k)) tile_o = tile_q[k];
      if (d_slot_q == SW'(k)) tile_ds = tile_q[k];
    end
  end

  // ---------------------------------------------------------------------------------
  // D: the decision.
  logic            w_en;          // write a row of slot w_slot this clock
  logic [SW-1:0]   w_slot;
  logic            w_first;       // the store's first row: the slot's registers change
  logic            w_alloc;       // ... into a fresh slot
  logic            w_last;        // the store's last row
  logic [TS-1:0]   cov_new;       // the written slot's coverage after the store
  logic [2*TP-1:0] arr_new;
  logic            full_new;
  logic            full_last_q;   // a multi-row store: the tile is full after it
  assign is_store = d_v && dcmd.op == OpStore;
  assign is_load  = d_v && dcmd.op == OpLoad;
  assign is_flush = d_v && dcmd.op == OpFlush;
  assign peek_post = is_load && eng_free;  // a load posts as soon as the engine is free

  // The registers of D's tile's slot (0 when it is not resident: lk_hit_q is one-hot or
  // 0), for a store's first row and a load's snapshot (LkRegs_A).
  logic [TS-1:0]   lk_cover;
  logic [2*TP-1:0] lk_arrive;
  assign {lk_cover, lk_arrive} = sel_slot(lk_hit_q, cover_q, arrive_q);
  always_comb begin
    arr_new = lk_arrive;
    for (int p = 0; p < TP; p++)
      if (5'(p) == d_pp && d_arrival > arr_new[2*p +: 2]) arr_new[2*p +: 2] = d_arrival;
  end
  assign cov_new  = lk_cover | d_smask;
  assign full_new = w_alloc ? lk_fulla_q : lk_fullh;

  // Block 1: what the command in C does this clock, but for the full record of a store's
  // last row; block 2 adds it (it reads the coverage after the write).
  dst_e            d1_st;
  logic [SW-1:0]   d1_slot;
  logic            d1_chk_ok, d1_done, p1;
  logic [SW-1:0]   p1_slot;
  logic [1:0]      p1_cause;
  logic            p1_peek;
  logic [TI-1:0]   p1_tile;
  logic [TS-1:0]   p1_cover;
  logic [2*TP-1:0] p1_arrive;
  logic [1:0]      p1_row0;
  logic [2:0]      p1_rows;
  logic            p1_dslot;    // the post is of D's slot (conflict, a waiting full record)
  always_comb begin
    d1_st      = d_st_q;
    d1_slot    = d_slot_q;
    d_row_d    = d_row_q;
    d1_chk_ok  = chk_ok_q;
    d1_done    = 1'b0;
    d_re       = 1'b0;
    d_rlast    = d_row_q == d_rows_m1;
    d_rrow     = d_row_q;
    w_en       = 1'b0;
    w_slot     = lk_any ? lk_h_q : f;
    w_first    = 1'b0;
    w_alloc    = 1'b0;
    w_last     = 1'b0;
    p1         = 1'b0;
    p1_slot    = o;
    p1_cause   = CauseCommand;
    p1_peek    = 1'b0;
    p1_tile    = tile_o;
    p1_cover   = cover_q[o];
    p1_arrive  = arrive_q[o];
    p1_row0    = 2'd0;
    p1_rows    = 3'(NR);
    p1_dslot   = 1'b0;
    unique case (d_st_q)
      DRun: begin
        if (is_store) begin
          if (lk_any) begin
            if (pk_wait) begin
              // a load's readout of this slot is in progress: wait
            end else if (lk_ovl && !chk_ok_q) begin
              if (rb_free) begin  // read back the pixel's rows and compare
                d_re     = 1'b1;
                d_rlast  = d_rows_m1 == 2'd0;
                d_rrow   = 2'd0;
                d1_slot  = lk_h_q;
                d_row_d  = 2'd1;
                d1_st    = DRead;
              end
            end else begin
              w_en = 1'b1;
            end
          end else if (at_cap) begin
            if (eng_free) begin  // the oldest slot leaves (evict)
              p1 = 1'b1;
              p1_cause = CauseEvict;
            end
          end else begin
            w_en = 1'b1;
            w_alloc = 1'b1;
          end
          if (w_en) begin
            w_first = 1'b1;
            w_last = d_rows_m1 == 2'd0;
            d1_slot = w_slot;
            if (!w_last) begin
              d_row_d = 2'd1;
              d1_st = DWrite;
            end
          end
        end else if (is_load) begin
          if (eng_free) begin
            p1 = 1'b1;
            p1_peek = 1'b1;
            p1_cause = CauseFull;  // cause 0 in a peek
            p1_slot = lk_h_q;
            p1_tile = d_tile;
            p1_cover = lk_any ? cover_q[lk_h_q] : '0;
            p1_arrive = lk_any ? arrive_q[lk_h_q] : '0;
            p1_row0 = d_row0;
            p1_rows = lk_any ? 3'(d_rows_m1) + 3'd1 : 3'd0;
            d1_done = 1'b1;
          end
        end else if (is_flush) begin
          if (!any_res) begin
            d1_done = 1'b1;
          end else if (eng_free) begin
            p1 = 1'b1;
            d1_done = one_res;
          end
        end
      end
      DRead: begin
        if (d_row_q <= d_rows_m1 && d_row_q != 2'd0) begin
          d_re = 1'b1;
          d_row_d = d_row_q + 2'd1;
        end
        if (d_ret && dr_last_q) d1_st = DChk;  // the last row's compare is registered
      end
      DChk: begin
        if (!conf_q) begin  // equal or near: the store writes (newest data kept)
          d1_chk_ok = 1'b1;
          d1_st = DRun;
        end else if (eng_free) begin  // the tile leaves (conflict); the store decides again
          p1 = 1'b1;
          p1_cause = CauseConflict;
          p1_dslot = 1'b1;
          d1_st = DRun;
        end
      end
      DWrite: begin
        w_en = 1'b1;
        w_slot = d_slot_q;
        w_last = d_row_q == d_rows_m1;
        d_row_d = d_row_q + 2'd1;
      end
      DFull: begin
        if (eng_free) begin
          p1 = 1'b1;
          p1_cause = CauseFull;
          p1_dslot = 1'b1;
          d1_done = 1'b1;
          d1_st = DRun;
        end
      end
      default: d1_st = DRun;
    endcase
    if (p1_dslot) begin
      p1_slot   = d_slot_q;
      p1_tile   = tile_ds;
      p1_cover  = cover_q[d_slot_q];
      p1_arrive = arrive_q[d_slot_q];
    end
  end

  // Block 2: the store's last row is done, or posts its full record (now, or from DFull
  // once the engine is free).
  logic fullish;  // the store's last row leaves its tile full
  assign fullish = w_en && w_last && (w_first ? full_new : full_last_q);
  always_comb begin
    post        = p1;
    post_slot   = p1_slot;
    post_cause  = p1_cause;
    post_peek   = p1_peek;
    post_tile   = p1_tile;
    post_cover  = p1_cover;
    post_arrive = p1_arrive;
    post_row0   = p1_row0;
    post_rows   = p1_rows;
    d_st_d      = d1_st;
    d_slot_d    = d1_slot;
    d_done      = d1_done;
    if (w_en && w_last) begin
      d_st_d = DRun;
      d_done = !fullish || eng_free;
      if (fullish && eng_free) begin
        post        = 1'b1;
        post_cause  = CauseFull;
        post_peek   = 1'b0;
        post_slot   = w_slot;
        post_tile   = w_first ? d_tile : tile_ds;
        post_cover  = w_first ? cov_new : cover_q[w_slot];
        post_arrive = w_first ? arr_new : arrive_q[w_slot];
        post_row0   = 2'd0;
        post_rows   = 3'(NR);
      end else if (fullish) begin
        d_slot_d = w_slot;
        d_st_d   = DFull;
      end
    end
    chk_ok_d = d_done ? 1'b0 : d1_chk_ok;
    // an eviction carries every stored sample's bytes, a load its pixel's
    post_dmask = post_peek ? post_cover & d_pmask : post_cover;
  end

  // D finishes its command, as a sum of products of registers: a one-row store that
  // writes (its tile resident, no load reading the slot and no check needed, or a
  // fresh slot free) and either leaves its tile short of full or finds the engine free;
  // a multi-row store's last row, alike; a waiting full record or a load posting; the
  // flush command with nothing resident, or posting the last slot.
  // Written as fin_a || (fin_e && eng_free): fin_a, D finishes whether or not the engine
  // is free; fin_e, it finishes if the engine is free (each copy of D's take from its own
  // copy of eng_free).
  assign pk_wait = e_act_q && e_peek_q && e_slot_q == lk_h_q;
  logic fin_a, fin_e, st_go;
  assign st_go = lk_any ? !pk_wait && (!lk_ovl || chk_ok_q) : !at_cap;
  assign fin_a =
      (d_st_q == DRun && is_store && d_rows_m1 == 2'd0 && st_go
       && !(lk_any ? lk_fullh : lk_fulla_q))
   || (d_st_q == DWrite && d_row_q == d_rows_m1 && !full_last_q)
   || (d_st_q == DRun && is_flush && !any_res);
  assign fin_e =
      (d_st_q == DRun && is_store && d_rows_m1 == 2'd0 && st_go)
   || (d_st_q == DWrite && d_row_q == d_rows_m1)
   || d_st_q == DFull
   || (d_st_q == DRun && is_load)
   || (d_st_q == DRun && is_flush && one_res);
  assign d_fin = fin_a || (fin_e && eng_free);
  for (genvar k = 0; k < DC; k++) begin : gen_dtake
    assign d_take_c[k] = !d_v || fin_a || (fin_e && ef_c[k]);
  end

  // The slots a post empties (clr_f) and the slot a store's first row writes (wr1_f),
  // one-hot, as sums of products of registers beside the decision (Clr_A, Wr1_A: they
  // are its post and write): the lowest free slot and D's slot decoded, the oldest slot,
  // D's registered look-up.
  logic [PS-1:0] f_oh, ds_oh, clr_f, wr1_f, alloc_f;
  logic          wr_run, fw_run, po_old, po_ds, po_any;
  always_comb begin
    logic any_lower;
    any_lower = 1'b0;
    for (int k = 0; k < PS; k++) begin
      f_oh[k]   = !res_q[k] && !busy_q[k] && !any_lower;
      any_lower = any_lower || (!res_q[k] && !busy_q[k]);
      ds_oh[k]  = d_slot_q == SW'(k);
    end
  end
  // in DRun, a store writes its first row: into its tile's slot, or a fresh one
  assign wr_run = d_st_q == DRun && is_store
               && (lk_any ? !pk_wait && (!lk_ovl || chk_ok_q) : !at_cap);
  // ... its only row, filling the tile, with the engine free: its full record is posted
  assign fw_run = wr_run && d_rows_m1 == 2'd0 && (lk_any ? lk_fullh : lk_fulla_q) && eng_free;
  // the oldest slot leaves: an eviction, or the flush command's record
  assign po_old = eng_free && d_st_q == DRun
               && ((is_store && !lk_any && at_cap) || (is_flush && any_res));
  // D's slot leaves: a conflict, a waiting full record, a multi-row store's last row
  assign po_ds  = eng_free && ((d_st_q == DChk && conf_q) || d_st_q == DFull
                               || (d_st_q == DWrite && d_row_q == d_rows_m1 && full_last_q));
  assign po_any  = po_old || po_ds || fw_run;
  assign alloc_f = (wr_run && !lk_any) ? f_oh : '0;
  assign wr1_f   = wr_run ? (lk_any ? lk_hit_q : f_oh) : '0;
  assign clr_f   = (po_old ? oldest : '0) | (po_ds ? ds_oh : '0)
                 | (fw_run ? (lk_any ? lk_hit_q : f_oh) : '0);

  // The record a post would carry, from registers alone (PostF_A: it is the decision's
  // post whenever D posts): the oldest slot's (an eviction, the flush command's record),
  // or that of D's tile from its look-up (a load's snapshot; a conflict, a waiting full
  // record and a multi-row store's last row, whose slot is D's), with the store's
  // samples and arrival state added for a store in DRun (its full record with its only
  // row). Its slot: the oldest, the one a store in DRun writes, or D's.
  logic            post_f, use_old, fw_c;
  logic [SW-1:0]   post_slot_f;
  logic [1:0]      post_cause_f;
  logic [2:0]      post_rows_f;
  logic [TI-1:0]   post_tile_f, tile_old;
  logic [TS-1:0]   post_cover_f, cover_old;
  logic [2*TP-1:0] post_arrive_f, arrive_old;
  assign post_f  = po_any || peek_post;
  assign use_old = d_st_q == DRun && ((is_store && !lk_any && at_cap) || is_flush);
  assign fw_c    = d_st_q == DRun && is_store;
  always_comb begin
    tile_old = '0;
    for (int k = 0; k < PS; k++)
      if (oldest[k]) tile_old = tile_old | tile_q[k];
  end
  assign {cover_old, arrive_old} = sel_slot(oldest, cover_q, arrive_q);
  assign post_slot_f   = use_old ? o : d_st_q != DRun ? d_slot_q : lk_any ? lk_h_q : f;
  assign post_tile_f   = use_old ? tile_old : d_tile;
  assign post_cover_f  = use_old ? cover_old : lk_cover | (fw_c ? d_smask : '0);
  assign post_arrive_f = use_old ? arrive_old : fw_c ? arr_new : lk_arrive;
  assign post_cause_f  = use_old ? (is_flush ? CauseCommand : CauseEvict)
                       : d_st_q == DChk ? CauseConflict : CauseFull;
  assign post_rows_f   = !is_load ? 3'(NR) : lk_any ? 3'(d_rows_m1) + 3'd1 : 3'd0;

  // A multi-row store remembers at its first row whether the tile is then full.
  always_ff @(posedge clk_i) begin
    if (w_en && w_first) full_last_q <= full_new;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      d_st_q   <= DRun;
      chk_ok_q <= 1'b0;
    end else begin
      d_st_q   <= d_st_d;
      chk_ok_q <= chk_ok_d;
    end
    d_slot_q <= d_slot_d;
    d_row_q  <= d_row_d;
    if (d_st_q == DRun) conf_q <= 1'b0;
    else if (d_ret) conf_q <= conf_q || row_far;
  end

  // The look-up of the command entering or staying in D, from the slots as they are and
  // what D does to them this clock (wr1: D's store writes its first row into w_slot, which
  // holds D's tile from then; clr: a slot leaves). The compares with the slot registers
  // use registers only; D's decision selects among their results at the end.
  logic [PS-1:0] lc_hit, lc_ovl, lc_full, lc_fullw, clr, wr1_k;
  logic [SW-1:0] lc_h;
  logic          lc_any, lc_same, lc_sov, lc_fulla, wr1, same_wr;
  always_comb begin
    lc_h = '0;
    for (int k = 0; k < PS; k++) begin
      // C's tile in slot k; its store meets samples stored there; the tile is full after
      // C's store, and after D's and C's stores, written there
      lc_hit[k]   = res_q[k] && tile_q[k] == c_tile;
      lc_ovl[k]   = (cover_q[k] & c_smask) != '0;
      lc_full[k]  = (c_need & ~cover_q[k]) == '0;
      lc_fullw[k] = (c_need & ~cover_q[k] & ~d_smask) == '0;
      if (lc_hit[k]) lc_h = SW'(k);
    end
  end
  assign lc_any    = |lc_hit;
  assign lc_same   = d_tile == c_tile;
  assign lc_sov    = (c_smask & d_smask) != '0;
  assign lc_fulla  = c_need == '0;
  assign wr1       = wr_run;
  assign same_wr   = wr1 && lc_same;
  assign clr       = clr_f;
  assign wr1_k     = wr1_f;

  always_comb begin
    if (d_take) begin
      // C's command enters D. D's store writing C's tile writes C's slot (the resident
      // one, or the fresh one it takes, whose coverage is 0: FreeClear_A): C then meets
      // D's samples too.
      lk_hit_d   = (lc_hit | (same_wr ? wr1_k : '0)) & ~clr;
      lk_h_d     = lc_any ? lc_h : w_slot;
      lk_ovlv_d  = lc_ovl | {PS{same_wr && lc_sov}};
      lk_fullv_d = same_wr ? lc_fullw : lc_full;
      lk_fulla_d = lc_fulla;
    end else begin
      // D keeps its command: its own first row puts its samples in its slot.
      lk_hit_d   = (lk_hit_q | wr1_k) & ~clr;
      lk_h_d     = wr1 ? w_slot : lk_h_q;
      lk_ovlv_d  = lk_ovlv_q | {PS{wr1}};
      lk_fullv_d = wr1 ? {PS{full_new}} : lk_fullv_q;
      lk_fulla_d = lk_fulla_q;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) lk_hit_q <= '0;
    else lk_hit_q <= lk_hit_d;
    lk_h_q     <= lk_h_d;
    lk_ovlv_q  <= lk_ovlv_d;
    lk_fullv_q <= lk_fullv_d;
    lk_fulla_q <= lk_fulla_d;
  end

  // The RAM write: a store's first row in DRun (wr_run, flat), DWrite's rows.
  logic w_en_f;
  assign w_en_f = wr_run || d_st_q == DWrite;
  always_ff @(posedge clk_i) begin
    if (rst_i) w_en_q <= 1'b0;
    else w_en_q <= w_en_f;
  end
  assign we     = w_en_f ? g_be : '0;
  assign waddr = {w_slot, g_row};
  assign wdata = g_data;

  // Slot registers.
  // One slot taken (a store into a fresh slot), one left (a post that is not a snapshot),
  // both, or neither in a clock.
  always_comb begin
    unique case ({wr_run && !lk_any, po_any})
      2'b10: begin
        res_n_d   = res_n_q + 6'd1;
        at_cap_d  = res_n_q == 6'(Slots - 1);
        one_res_d = res_n_q == 6'd0;
        any_res_d = 1'b1;
      end
      2'b01: begin
        res_n_d   = res_n_q - 6'd1;
        at_cap_d  = 1'b0;
        one_res_d = res_n_q == 6'd2;
        any_res_d = !one_res_q;
      end
      default: begin
        res_n_d   = res_n_q;
        at_cap_d  = at_cap_q;
        one_res_d = one_res_q;
        any_res_d = any_res_q;
      end
    endcase
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      res_n_q   <= '0;
      at_cap_q  <= 1'b0;
      one_res_q <= 1'b0;
      any_res_q <= 1'b0;
    end else begin
      res_n_q   <= res_n_d;
      at_cap_q  <= at_cap_d;
      one_res_q <= one_res_d;
      any_res_q <= any_res_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      res_q  <= '0;
      busy_q <= '0;
    end else begin
      res_q  <= (res_q | wr1_f) & ~clr_f;
      busy_q <= busy_q | clr_f;
      if (e_done && !e_peek_q) busy_q[e_slot_q] <= 1'b0;
    end
  end

  // Slot registers written one slot at a time by a compare with each index (a packed
  // array of 20- or 5-bit elements at a variable index would cost Yosys a multiplier for
  // the offset).
  // A free slot's coverage is 0 (FreeClear_A: cleared at reset and as a slot's readout
  // ends), so the look-up of a tile going into a fresh slot needs no case of its own.
  always_ff @(posedge clk_i) begin
    for (int k = 0; k < PS; k++) begin
      if (wr1_f[k]) begin
        tile_q[k]   <= d_tile;
        arrive_q[k] <= arr_new;
      end
      if (rst_i || (e_done && !e_peek_q && e_slot_q == SW'(k))) cover_q[k] <= '0;
      else if (wr1_f[k]) cover_q[k] <= cov_new;
    end
    for (int k = 0; k < PS; k++)
      for (int j = 0; j < PS; j++)
        if (alloc_f[k]) older_q[k][j] <= 1'b0;
        else if (alloc_f[j]) older_q[k][j] <= 1'b1;
  end

  assign busy_o = sk_out_valid || b_v || p_v || c_v || d_v || e_act_q || ev_valid_q;

  logic unused_c;  // x and y end at the row product, the mask at the sample bitmap; the
                   // pixel indices and the skid register are named by the properties only
  assign unused_c = ^{c.x, c.y, c.mask, dcmd.x, dcmd.y, dcmd.mask, c_pix, d_pix,
                      d_pla.smask, d_pla.vmask, d_pla.pmask, d_pla.need,
                      sk_held_valid, sk_held, cs_held_v, cs_held};

  // ---------------------------------------------------------------------------------
  // Properties. Environment: a legal format (N, B in range, the surface <= 2^20 tiles)
  // that changes only while the unit is idle and holds no tile; a store inside the
  // surface with a mask of 1..2^N - 1; the command holds while not taken.
  logic [2:0]  in_n_log, in_p_log;  // of cfg_i, for the assumptions
  logic [15:0] in_all_n;
  assign in_n_log = 3'(cfg_i.spp) + 3'd1;
  assign in_p_log = 3'(4'd8 - 4'(in_n_log) - 4'(3'(cfg_i.bps) + 3'd2));
  assign in_all_n = 16'((17'd1 << (5'd1 << in_n_log)) - 17'd1);
  `GX_ASSUME(CfgLegal_M, cfg_i.bps != 2'd3 && cfg_i.width != 0 && cfg_i.height != 0
             && cfg_i.width <= 14'd8192 && cfg_i.height <= 14'd8192
             && ((27'(gx_tile_pkg::tile_pad(cfg_i.width, gx_tile_pkg::tile_wlog(in_p_log)))
                  * 27'(gx_tile_pkg::tile_pad(cfg_i.height, gx_tile_pkg::tile_hlog(in_p_log)))
                  - 27'd1) >> in_p_log) < 27'(1 << TI))
  // The configuration's W and H padded to whole tiles, and the pixel index of (x, y):
  // tile (y / TH) (W / TW) + x / TW times P, plus (y mod TH) TW + x mod TW.
  logic [13:0] pad_w, pad_h;
  assign pad_w = gx_tile_pkg::tile_pad(cfg_q.width, gx_tile_pkg::tile_wlog(p_log));
  assign pad_h = gx_tile_pkg::tile_pad(cfg_q.height, gx_tile_pkg::tile_hlog(p_log));
  function automatic logic [25:0] pix_index(logic [12:0] x, logic [12:0] y);
    logic [1:0] wl, hl;
    wl = gx_tile_pkg::tile_wlog(p_log);
    hl = gx_tile_pkg::tile_hlog(p_log);
    pix_index = (((26'(y) >> hl) * (26'(pad_w) >> wl) + (26'(x) >> wl)) << p_log)
              + (((26'(y) & ((26'd1 << hl) - 26'd1)) << wl) | (26'(x) & ((26'd1 << wl) - 26'd1)));
  endfunction
  `GX_ASSUME(CfgStatic_M, !`GX_PAST_OK || cfg_i == $past(cfg_i)
             || (!$past(busy_o) && !$past(any_res)))
  `GX_ASSUME(CmdLegal_M, !cmd_valid_i || cmd_i.op == OpFlush
             || (14'(cmd_i.x) < cfg_i.width && 14'(cmd_i.y) < cfg_i.height
                 && (cmd_i.op == OpLoad
                     || (cmd_i.op == OpStore && cmd_i.mask != 16'd0
                         && (cmd_i.mask & ~in_all_n) == 16'd0))))
  `GX_ASSUME(CmdHold_M, !`GX_PAST_OK || !$past(cmd_valid_i && !cmd_ready_o)
             || (cmd_valid_i && cmd_i == $past(cmd_i)))

  // The record stream holds while not taken.
  `GX_ASSERT(EvHold_A, !`GX_PAST_OK || !$past(ev_valid_o && !ev_ready_i)
             || (ev_valid_o && ev_o == $past(ev_o)))
  // The format every stage sees: while anything is in flight or resident the
  // configuration has settled, and the values derived from W x H are its.
  `GX_ASSERT(Settled_A, !(busy_o || any_res) || (settle_q == 3'd0 && cfg_q == cfg_i))
  // The values derived from the configuration, each from the clock after its inputs
  // (whatever the configuration input does meanwhile): step 1 from settle count 4, W H
  // from 3, W H - 1 from 2, the last tile from 1, its existing samples from 0.
  `GX_ASSERT(DerivedFmt_A, settle_q == Settle
             || (pm_q == 5'(p_cnt - 6'd1) && all_n_q == all_n
                 && vm_full_q == samples_of(p_cnt, n_log)
                 && rows_m1_q == (nb_log == 4'd8 ? 2'd3 : nb_log == 4'd7 ? 2'd1 : 2'd0)
                 && n_oh_q == 4'(1) << (n_log - 3'd1) && b_oh_q == 3'(1) << (b_log - 3'd2)
                 && nb_oh_q == 6'(1) << (nb_log - 4'd3) && p_oh_q == 6'(1) << p_log
                 && w_q == pad_w && h_q == pad_h && nbw_q == (nb_log >= 4'd5)
                 && mw_q == 3'((4'd1 << gx_tile_pkg::tile_wlog(p_log)) - 4'd1)
                 && mh_q == 2'((3'd1 << gx_tile_pkg::tile_hlog(p_log)) - 3'd1)
                 && twl_q == gx_tile_pkg::tile_wlog(p_log) && thl_q == gx_tile_pkg::tile_hlog(p_log)
                 && rv_q == {RC{{nb_log == 4'd3, b_log == 3'd3, b_log == 3'd2}}}
                 && nb32_q == {VC{nb_log == 4'd5}}))
  `GX_ASSERT(DerivedTotal_A, (settle_q >= 3'd4 || total_q == 27'(pad_w) * 27'(pad_h))
                             && (settle_q >= 3'd3 || tm1_q == 26'(total_q - 27'd1)))
  `GX_ASSERT(DerivedLast_A, settle_q >= 3'd2
             || (last_tile_q == TI'(tm1_q >> p_log)
                 && last_cnt_q == (6'(tm1_q) & (p_cnt - 6'd1)) + 6'd1
                 && last_first_q == 26'(last_tile_q) << p_log))
  `GX_ASSERT(Derived_A, settle_q != 3'd0
             || (total_q == 27'(pad_w) * 27'(pad_h)
                 && last_tile_q == TI'((total_q - 27'd1) >> p_log)
                 && last_cnt_q == (6'(total_q - 27'd1) & (p_cnt - 6'd1)) + 6'd1
                 && vm_last_q == samples_of(last_cnt_q, n_log)))
  // With W and H padded to whole tiles, W H is a multiple of P: the last tile is whole.
  `GX_ASSERT(LastWhole_A, settle_q != 3'd0 || (last_cnt_q == p_cnt && vm_last_q == vm_full_q))
  // The front stages hold legal commands (the command assumption, restated for every
  // register a command passes through, so that an induction step cannot start from an
  // illegal one): the skid buffer's two entries; B, whose row product leaves room for
  // the row; C, whose pixel is inside the surface and whose place is place() of it
  // (the flush command's x and y are don't-care).
  function automatic logic cmd_ok(logic [1:0] op, logic [12:0] x, logic [12:0] y,
                                  logic [15:0] mask, logic [13:0] w, logic [13:0] hh,
                                  logic [15:0] alln);
    cmd_ok = op == OpFlush
          || (14'(x) < w && 14'(y) < hh
              && (op == OpLoad
                  || (op == OpStore && mask != 16'd0 && (mask & ~alln) == 16'd0)));
  endfunction
  logic sk_out_ok, sk_held_ok, b_ok, p_ok, c_ok, d_ok;
  assign sk_out_ok  = cmd_ok(sk_out.op, sk_out.x, sk_out.y, sk_out.mask, cfg_q.width,
                             cfg_q.height, all_n);
  assign sk_held_ok = cmd_ok(sk_held.op, sk_held.x, sk_held.y, sk_held.mask, cfg_q.width,
                             cfg_q.height, all_n);
  assign b_ok       = cmd_ok(b.op, b.x, b.y, b.mask, cfg_q.width, cfg_q.height, all_n);
  assign p_ok       = cmd_ok(pc.op, pc.x, pc.y, pc.mask, cfg_q.width, cfg_q.height, all_n);
  assign c_ok       = cmd_ok(c.op, c.x, c.y, c.mask, cfg_q.width, cfg_q.height, all_n);
  assign d_ok       = cmd_ok(dcmd.op, dcmd.x, dcmd.y, dcmd.mask, cfg_q.width, cfg_q.height,
                             all_n);
  `GX_ASSERT(SkidLegal_A, (!sk_out_valid || sk_out_ok) && (!sk_held_valid || sk_held_ok))
  `GX_ASSERT(BLegal_A, !b_v || (b_ok && (b.op == OpFlush
                                          || (27'(b_prod) + (27'(w_q) << thl_q) <= total_q
                                              && b_xs < (26'(w_q) << thl_q)
                                              && b_prod == 26'(b.y - 13'(b.y[1:0] & mh_q)) * 26'(w_q)
                                              && b_xs == row_index(b.x, b.y, mw_q, mh_q,
                                                                   twl_q, thl_q)))))
  `GX_ASSERT(PLegal_A, !p_v || (p_ok && (pc.op == OpFlush || (27'(p_pix) < total_q
                                          && p_pix == pix_index(pc.x, pc.y)))))
  // P's registers of the place are those of its pixel index; C's place from them and the
  // registered last tile's first pixel and sample masks is place().
  `GX_ASSERT(PRegs_A, !p_v || (p_tile == TI'(p_pix >> p_log) && p_pp == (5'(p_pix) & 5'(p_cnt - 6'd1))
                              && p_sh == 6'(p_pp) << n_log
                              && p_row0 == 2'((10'(p_pp) << nb_log) >> 6)))
  `GX_ASSERT(PPlace_A, !p_v || c_in.pl == place(p_pix, pc.mask, pc.full, n_log, nb_log, p_log,
                                                p_cnt, all_n, last_tile_q, last_cnt_q))
  `GX_ASSERT(CLegal_A, !c_v || (c_ok && (c.op == OpFlush || 27'(c_pix) < total_q)
             && c_pl == place(c_pix, c.mask, c.full, n_log, nb_log, p_log, p_cnt, all_n,
                              last_tile_q, last_cnt_q)))
  logic cs_ok;
  assign cs_ok = cmd_ok(cs_held.cmd.op, cs_held.cmd.x, cs_held.cmd.y, cs_held.cmd.mask,
                        cfg_q.width, cfg_q.height, all_n);
  `GX_ASSERT(CSkidLegal_A, !cs_held_v || (cs_ok && (cs_held.cmd.op == OpFlush
                                                     || 27'(cs_held.pix) < total_q)
             && cs_held.pl == place(cs_held.pix, cs_held.cmd.mask, cs_held.cmd.full, n_log,
                                    nb_log, p_log, p_cnt, all_n, last_tile_q, last_cnt_q)))
  `GX_ASSERT(DLegal_A, !d_v || (d_ok && (dcmd.op == OpFlush || 27'(d_pix) < total_q)
             && d_pl == place(d_pix, dcmd.mask, dcmd.full, n_log, nb_log, p_log, p_cnt, all_n,
                              last_tile_q, last_cnt_q)))
  // D's registered look-up is its tile's among the slots as they are: the slot holding
  // it, the samples the store meets there, the tile full after the store (written there,
  // or into a fresh slot).
  `GX_ASSERT(LookUp_A, !d_v || (lk_hit_q == hit
             && (!hit_any || (lk_h_q == h && lk_ovl == ovl_j[h]
                              && lk_fullh == (((cover_q[h] | d_smask) & d_vmask) == d_vmask)))
             && lk_fulla_q == ((d_smask & d_vmask) == d_vmask)))
  // Slot invariants: resident tiles distinct; a resident slot holds a stored sample, only
  // existing samples of its tile, and is full only while D is about to post it; the
  // allocation order is a strict total order on resident slots; at most K resident and
  // one busy slot, the busy one being read out, so a free slot exists below K.
  logic inv_distinct, inv_nonempty, inv_in_tile, inv_not_full, inv_order, free_cov_ok;
  always_comb begin
    free_cov_ok = 1'b1;
    for (int k = 0; k < PS; k++)
      if (!res_q[k] && !busy_q[k] && cover_q[k] != '0) free_cov_ok = 1'b0;
  end
  always_comb begin
    logic [TS-1:0] vm;
    inv_distinct = 1'b1;
    inv_nonempty = 1'b1;
    inv_in_tile  = 1'b1;
    inv_not_full = 1'b1;
    inv_order    = 1'b1;
    for (int k = 0; k < PS; k++) begin
      vm = tile_samples(tile_q[k], last_tile_q, last_cnt_q, p_cnt, n_log);
      if (res_q[k]) begin
        if (cover_q[k] == '0) inv_nonempty = 1'b0;
        if ((cover_q[k] & ~vm) != '0 || tile_q[k] > last_tile_q) inv_in_tile = 1'b0;
        if (cover_q[k] == vm && !((d_st_q == DWrite || d_st_q == DFull) && d_slot_q == SW'(k)))
          inv_not_full = 1'b0;
      end
      for (int j = 0; j < PS; j++)
        if (j != k && res_q[k] && res_q[j]) begin
          if (tile_q[k] == tile_q[j]) inv_distinct = 1'b0;
          if (older_q[k][j] == older_q[j][k]) inv_order = 1'b0;
          for (int l = 0; l < PS; l++)
            if (l != k && l != j && res_q[l] && older_q[k][j] && older_q[j][l]
                && !older_q[k][l]) inv_order = 1'b0;
        end
    end
  end
  `GX_ASSERT(Distinct_A, inv_distinct)
  `GX_ASSERT(NonEmpty_A, inv_nonempty)
  `GX_ASSERT(InTile_A, inv_in_tile)
  `GX_ASSERT(NotFull_A, inv_not_full)
  `GX_ASSERT(Order_A, inv_order)
  `GX_ASSERT(OneOldest_A, !any_res || $onehot(oldest))
  `GX_ASSERT(Cap_A, $countones(res_q) <= Slots)
  `GX_ASSERT(ResCount_A, res_n_q == 6'($countones(res_q)))
  `GX_ASSERT(ResFlags_A, at_cap_q == (res_n_q == 6'(Slots)) && one_res_q == (res_n_q == 6'd1)
             && any_res_q == (res_q != '0))
  `GX_ASSERT(FreeBelowCap_A, at_cap || any_free)
  `GX_ASSERT(BusyNotRes_A, (busy_q & res_q) == '0)
  `GX_ASSERT(FreeClear_A, free_cov_ok)
  `GX_ASSERT(OneBusy_A, $countones(busy_q) <= 1)
  `GX_ASSERT(BusyRead_A, busy_q == '0
             || (e_act_q && !e_peek_q && busy_q == PS'(PS'(1) << e_slot_q)))
  `GX_ASSERT(ReadBusy_A, !(e_act_q && !e_peek_q) || busy_q[e_slot_q])
  `GX_ASSERT(PeekRes_A, !(e_act_q && e_peek_q) || res_q[e_slot_q])
  // The engine: it fills the output register only while no record is offered; its reads
  // in flight and rows to read account for the rows of its readout, the last one
  // flagged; D's reads are in flight only while D waits for them (D starts reading once
  // the engine has issued its last row, so both can be in flight).
  logic [1:0] eng_fl, d_fl;   // reads in flight: the engine's, D's
  assign eng_fl = rp_v_q & rp_eng_q;
  assign d_fl   = rp_v_q & ~rp_eng_q;
  `GX_ASSERT(EngOut_A, !e_act_q || !ev_valid_q)
  `GX_ASSERT(DataZero_A, ev_valid_q || e_act_q || ev_q.data == '0)
  `GX_ASSERT(EngFlight_A, eng_fl == '0 || e_act_q)
  `GX_ASSERT(EngLeft_A, !e_act_q || e_left_q <= 3'(NR))
  `GX_ASSERT(EngLast_A, !e_act_q
             || (e_left_q != 3'd0 ? (eng_fl & rp_last_q) == '0
                                  : $onehot(eng_fl & rp_last_q)
                                    && !(eng_fl[0] && eng_fl[1] && rp_last_q[1])))
  // D's reads in flight over the RAM's two clocks and the compare's (dr): in DRead only;
  // none is the last while rows remain to be issued, then exactly one, with no D read
  // issued after it.
  logic [2:0] d_fl3, d_last3;
  assign d_fl3   = {dr_v_q, d_fl};
  assign d_last3 = d_fl3 & {dr_last_q, rp_last_q};
  `GX_ASSERT(DFlight_A, d_fl3 == '0 || d_st_q == DRead)
  `GX_ASSERT(DReadLeft_A, d_st_q != DRead
             || ((d_row_q <= d_rows_m1 && d_row_q != 2'd0) ? d_last3 == '0
                                                            : $onehot(d_last3)
                                                              && !(d_last3[2] && d_fl3[1:0] != '0)
                                                              && !(d_last3[1] && d_fl3[0])))

  // D works on the command in C, on a slot holding its tile.
  `GX_ASSERT(DCmd_A, d_st_q == DRun || is_store)
  `GX_ASSERT(DSlot_A, d_st_q == DRun
             || (res_q[d_slot_q] && tile_q[d_slot_q] == d_tile
                 && ((d_st_q != DRead && d_st_q != DChk) || (cover_q[d_slot_q] & d_smask) != '0)))
  // A multi-row store remembers whether it filled its tile: while it writes, and while
  // its full record waits, that is the slot's coverage.
  `GX_ASSERT(DFullLast_A, d_st_q != DWrite
             || full_last_q == ((cover_q[d_slot_q] & d_vmask) == d_vmask))
  `GX_ASSERT(DFullTile_A, d_st_q != DFull || (cover_q[d_slot_q] & d_vmask) == d_vmask)
  // A passed check belongs to the store in C, until it is finished; its tile stays.
  `GX_ASSERT(ChkOk_A, !chk_ok_q || (is_store && d_st_q != DRead && d_st_q != DChk
                                    && (d_st_q != DRun || hit_any)))
  // A store reads back or writes a slot only while no load's readout of it is in
  // progress (it waits for that in DRun, and no load can start behind it).
  `GX_ASSERT(DNoPeek_A, d_st_q == DRun || !(e_act_q && e_peek_q && e_slot_q == d_slot_q))
  // D reads back only after the engine has issued its last read (DRun waits for that,
  // and nothing can post a readout while D reads), so the two never meet at the port.
  `GX_ASSERT(DReadAlone_A, d_st_q != DRead || !e_re)
  `GX_ASSERT(DRow_A, d_st_q != DWrite || (d_row_q != 2'd0 && d_row_q <= d_rows_m1))
  // Records leave exactly under their conditions: a full record covers its whole tile;
  // an evict record is the oldest slot, for a store to a tile not resident with K slots
  // resident; a conflict record is the store's own tile after the check found far data
  // among the samples it meets; a command record answers the flush command, oldest
  // first; a load's record is its tile's coverage (none when not resident).
  `GX_ASSERT(PostRoom_A, !post || eng_free)
  `GX_ASSERT(PeekPostSig_A, peek_post == (post && post_peek))
  `GX_ASSERT(FullCause_A, !(post && !post_peek && post_cause == CauseFull)
             || (is_store && post_tile == d_tile && (post_cover & d_vmask) == d_vmask))
  `GX_ASSERT(EvictCause_A, !(post && post_cause == CauseEvict)
             || (is_store && d_st_q == DRun && !hit_any && at_cap && oldest[post_slot]))
  `GX_ASSERT(ConflictCause_A, !(post && post_cause == CauseConflict)
             || (is_store && hit[post_slot] && !chk_ok_q && d_st_q == DChk && conf_q))
  `GX_ASSERT(CommandCause_A, !(post && post_cause == CauseCommand)
             || (is_flush && oldest[post_slot]))
  `GX_ASSERT(PeekPost_A, !(post && post_peek)
             || (is_load && post_tile == d_tile && post_cause == CauseFull
                 && post_cover == (hit_any ? cover_q[h] : '0)))
  // A load changes nothing in the buffer.
  `GX_ASSERT(LoadKeeps_A, !(`GX_PAST_OK && $past(post && post_peek))
             || (res_q == $past(res_q) && cover_q == $past(cover_q)
                 && tile_q == $past(tile_q)))
  // A store waits only for a slot to leave first, for its check, or for the engine.
  `GX_ASSERT(StoreWaits_A, !(is_store && d_st_q == DRun && !w_en)
             || (hit_any ? (e_act_q && e_peek_q && e_slot_q == h) || (ovl_j[h] && !chk_ok_q)
                         : at_cap))

  // No store dropped or duplicated (a counter invariant): stores absorbed = stores held
  // in resident slots + stores carried out in records, with an assertion-only count of
  // the stores each slot absorbed since its allocation; each store is absorbed once,
  // at its first row, before D finishes it.
  logic [PS-1:0][31:0] nst_q;
  logic [31:0] st_in_q, st_out_q, nst_held, nst_new, nst_post;
  logic        st_abs_q;
  always_comb begin
    nst_held = '0;
    for (int k = 0; k < PS; k++)
      if (res_q[k]) nst_held = nst_held + nst_q[k];
  end
  assign nst_new  = (w_alloc ? 32'd0 : nst_q[w_slot]) + 32'd1;
  assign nst_post = (w_en && w_first && post_slot == w_slot) ? nst_new : nst_q[post_slot];
  always_ff @(posedge clk_i) begin
    if (w_en && w_first) nst_q[w_slot] <= nst_new;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      st_in_q  <= '0;
      st_out_q <= '0;
      st_abs_q <= 1'b0;
    end else begin
      st_in_q  <= st_in_q + ((w_en && w_first) ? 32'd1 : 32'd0);
      st_out_q <= st_out_q + ((post && !post_peek) ? nst_post : 32'd0);
      if (d_done) st_abs_q <= 1'b0;
      else if (w_en && w_first) st_abs_q <= 1'b1;
    end
  end
  `GX_ASSERT(Conserve_A, st_in_q == st_out_q + nst_held)
  `GX_ASSERT(AbsorbOnce_A, !(w_en && w_first) || !st_abs_q)
  `GX_ASSERT(DFin_A, d_fin == d_done)
  `GX_ASSERT(EngCopy_A, e_act_c == {EC{e_act_q}} && ev_valid_c == {EC{ev_valid_q}}
             && d_take_c == {DC{d_take}})
  `GX_ASSERT(CSkidCopy_A, cs_ready_c == {NCS{cs_ready}} && c_v_c == {NCS{c_v}}
             && cs_held_v_c == {NCS{cs_held_v}})
  // The compare of a row D's read returns is the compare it replaces: the difference
  // against T of the row read (registered beside the compare: rd_k_q) and the store's
  // bytes chosen for the row in the RAM's output register (k_rel), registered alike.
  function automatic logic [RB-1:0] far_bytes(logic [RW-1:0] a, logic [RW-1:0] n,
                                              logic [7:0] t);
    for (int unsigned k = 0; k < RB; k++) begin
      logic [7:0] x, y;
      x = a[8*k +: 8];
      y = n[8*k +: 8];
      far_bytes[k] = (x > y ? x - y : y - x) > t;
    end
  endfunction
  logic [RW-1:0] k_data_q;
  logic d_vb;   // D's store's value is in the value buffer
  assign d_vb = dcmd.full && nb_log >= 4'd5;
  logic [RW-1:0] rd_k_q;
  always_ff @(posedge clk_i) begin
    k_data_q <= row_bytes(vbuf_q, d_val, d_vb, k_rel);
    rd_k_q   <= rdata;
  end
  `GX_ASSERT(RowFar_A, !d_ret
             || row_far == ((far_bytes(rd_k_q, k_data_q, cfg_q.threshold) & k_ov_q) != '0))
  // ... because the bytes registered as D issues a read, and their near ranges a clock
  // later, are those of the store's bytes of the row in flight (the command and the value
  // buffer hold while D reads: GdRow_A, KRange_A), and the bytes compared a clock later
  // are those far from the reference bytes (FarRow_A).
  `GX_ASSERT(GdRow_A, !(rp_v_q[0] && !rp_eng_q[0])
             || gd_q == row_bytes(vbuf_q, d_val, d_vb, rp_row_q[0]))
  `GX_ASSERT(KRange_A, !(rp_v_q[1] && !rp_eng_q[1])
             || {k_hi_q, k_lo_q} == near_range(row_bytes(vbuf_q, d_val, d_vb,
                                                         rp_row_q[1]), cfg_q.threshold))
  `GX_ASSERT(FarRow_A, !d_ret || (lt_q | gt_q) == far_bytes(rd_k_q, k_data_q, cfg_q.threshold))
  // The store's bytes of the row written or read are chosen by the registered selects.
  `GX_ASSERT(WSel_A, !d_v || d_st_q == DChk || wsel_q == {WC{d_vb ? {g_rel == 2'd3, g_rel == 2'd2,
                                                         g_rel == 2'd1, g_rel == 2'd0, 1'b0}
                                                      : 5'b00001}})
  // The write enables from the registered rows of enables are the shift of the store's
  // samples to the row written, and written when the decision writes.
  logic [RB-1:0] g_be_ref;
  function automatic logic [RB-1:0] row_mask_ref(logic [TS-1:0] sm, logic [1:0] row,
                                                 logic [2:0] bl);
    logic [15:0] rs;  // the row's samples, at most 16
    rs = 16'(sm >> (6'(row) << (3'd6 - bl)));
    for (int unsigned k = 0; k < RB; k++) row_mask_ref[k] = rs[k >> bl];
  endfunction
  assign g_be_ref = row_mask_ref(d_smask, g_row, b_log);
  `GX_ASSERT(RowMask_A, !d_v || k_ov == row_mask_ref(k_met, k_row, b_log))
  // The engine's row into the output register is the row read with its unstored bytes 0.
  `GX_ASSERT(ERow_A, !e_ret
             || e_row_data == stored_bytes(rdata, e_dmask, rp_row_q[1], b_log))
  `GX_ASSERT(DBe_A, !d_v || d_be_q == row_enables(d_smask, d_row0, b_oh_q))
  `GX_ASSERT(WrEn_A, !d_v || (w_en_f == w_en && we == (w_en ? g_be_ref : '0)))
  // The value buffer is busy exactly while a full-state store of N B >= 32 is in flight,
  // and one is at most (so its value holds while D reads rows of it).
  logic [2:0] fs_n;
  always_comb begin
    fs_n = '0;
    if (sk_out_valid && sk_out.op == OpStore && sk_out.full && nb_log >= 4'd5) fs_n = fs_n + 3'd1;
    if (sk_held_valid && sk_held.op == OpStore && sk_held.full && nb_log >= 4'd5) fs_n = fs_n + 3'd1;
    if (b_v && b.op == OpStore && b.full && nb_log >= 4'd5) fs_n = fs_n + 3'd1;
    if (p_v && pc.op == OpStore && pc.full && nb_log >= 4'd5) fs_n = fs_n + 3'd1;
    if (c_v && c.op == OpStore && c.full && nb_log >= 4'd5) fs_n = fs_n + 3'd1;
    if (cs_held_v && cs_held.cmd.op == OpStore && cs_held.cmd.full && nb_log >= 4'd5) fs_n = fs_n + 3'd1;
    if (d_v && dcmd.op == OpStore && dcmd.full && nb_log >= 4'd5) fs_n = fs_n + 3'd1;
  end
  `GX_ASSERT(VbufBusy_A, fs_n == 3'(vbuf_busy_q))
  // The value ring holds a value for each command in flight, in order: D's at the head.
  logic [2:0] cmd_n;  // commands in flight
  assign cmd_n = 3'(sk_out_valid) + 3'(sk_held_valid) + 3'(b_v) + 3'(p_v) + 3'(c_v)
               + 3'(cs_held_v) + 3'(d_v);
  `GX_ASSERT(RingCount_A, vw_q - vr_q == cmd_n)
  `GX_ASSERT(PostF_A, post_f == post
             && (!post || (post_tile_f == post_tile && post_cover_f == post_cover
                           && post_arrive_f == post_arrive && post_cause_f == post_cause
                           && post_rows_f == post_rows && peek_post == post_peek
                           && (peek_post ? lk_cover & d_pmask : post_cover_f) == post_dmask
                           && (peek_post ? d_row0 : 2'd0) == post_row0
                           && (post_rows == 3'd0 || post_slot_f == post_slot))))
  `GX_ASSERT(LkRegs_A, !d_v || (lk_cover == (lk_any ? cover_q[lk_h_q] : '0)
                                && lk_arrive == (lk_any ? arrive_q[lk_h_q] : '0)))
  // The one-hot post and write beside the decision are its: the slot a post empties
  // (not a snapshot's), the slot a store's first row writes, a fresh one taken.
  `GX_ASSERT(Clr_A, clr_f == ((post && !post_peek) ? PS'(PS'(1) << post_slot) : '0)
             && po_any == (post && !post_peek))
  `GX_ASSERT(Wr1_A, wr_run == (w_en && w_first)
             && wr1_f == (wr_run ? PS'(PS'(1) << w_slot) : '0)
             && alloc_f == ((wr_run && w_alloc) ? PS'(PS'(1) << w_slot) : '0))
  `GX_ASSERT(AbsorbDone_A, !(d_done && is_store) || st_abs_q || (w_en && w_first))
  `GX_ASSERT(AbsorbState_A, st_abs_q == (is_store && (d_st_q == DWrite || d_st_q == DFull)))

`ifdef FORMAL
  // Coverage shadow of one arbitrary tile: the samples stored to it since its last
  // record. The resident slot's coverage equals it; its records carry it.
  (* anyconst *) logic [TI-1:0] f_tile;
  logic [TS-1:0] f_sh_q, f_sh_in;
  logic          f_resident, f_slot_ok, f_rec;
  assign f_sh_in = f_sh_q | (w_en && w_first && d_tile == f_tile ? d_smask : '0);
  assign f_rec   = post && !post_peek && post_tile == f_tile;
  always_ff @(posedge clk_i) begin
    if (rst_i) f_sh_q <= '0;
    else f_sh_q <= f_rec ? '0 : f_sh_in;
  end
  always_comb begin
    f_resident = 1'b0;
    f_slot_ok  = 1'b1;
    for (int k = 0; k < PS; k++)
      if (res_q[k] && tile_q[k] == f_tile) begin
        f_resident = 1'b1;
        if (cover_q[k] != f_sh_q) f_slot_ok = 1'b0;
      end
  end
  `GX_ASSERT(ShadowSlot_A, f_slot_ok && (f_resident || f_sh_q == '0))
  `GX_ASSERT(ShadowRec_A, !f_rec || post_cover == f_sh_in)
  `GX_ASSERT(ShadowPeek_A, !(post && post_peek && post_tile == f_tile) || post_cover == f_sh_q)
`endif

  // Reachability.
  `GX_COVER(Full_C, post && !post_peek && post_cause == CauseFull)
  `GX_COVER(Evict_C, post && post_cause == CauseEvict)
  `GX_COVER(Conflict_C, post && post_cause == CauseConflict)
  `GX_COVER(Command_C, post && post_cause == CauseCommand)
  `GX_COVER(LoadHit_C, post && post_peek && hit_any)
  `GX_COVER(LoadMiss_C, post && post_peek && !hit_any)
  `GX_COVER(Merge_C, w_en && w_first && chk_ok_q)
  `GX_COVER(MultiRow_C, d_st_q == DWrite)
  `GX_COVER(FullWaits_C, d_st_q == DFull && !eng_free)
  `GX_COVER(AllSlots_C, at_cap)
  `GX_COVER(CommandLast_C, post && is_flush && one_res)
  `GX_COVER(PeekWait_C, is_store && d_st_q == DRun && hit_any && e_act_q && e_peek_q
            && e_slot_q == h)
  `GX_COVER(WriteDuringReadout_C, w_en && e_act_q && !e_peek_q)
  `GX_COVER(FullStoreWaits_C, cmd_valid_i && full_store_in && vbuf_busy_q)
endmodule

`default_nettype wire
