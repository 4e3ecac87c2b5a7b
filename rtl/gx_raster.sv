// gx_raster: the rasterizer. Walks a set-up triangle's coarse tiles (16x16 pixels) and
// fine tiles (8x8), rejecting empty ones with a corner test, and tests 16 Lanes samples
// per clock (Lanes quads at N <= 4, half as many at N = 8, a quarter at 16) against the
// three edge equations: at the sample
// positions of the programmable sample-pattern table (MSAA, N = 1, 2, 4, 8, 16, with
// pattern sets for N = 1, 2) or at the pixel's outermost corner grown by the error term
// (conservative mode). The C model (gx_raster_tri_groups, cmodel/src/raster.c) is the
// specification; docs/raster.md gives the widths and the proofs.
//
// Commands (cmd, valid/ready, rs_cmd_t): a triangle (the setup unit's result, its render
// state and a tag) or a pattern-table write, in stream order: a write applies to every
// triangle after it. Until the first write the table holds the standard positions for
// the triangle's N. A write is taken at once; a triangle is taken into the prep stage
// when it is empty or hands its triangle to the walker in that clock
// (cmd_ready_o = op is a write || !prep || walker takes).
// Output (grp, valid/ready, rs_qgroup_t): the quad groups with coverage, in traversal
// order; a group holds Lanes side-by-side quads of one fine-tile row.
//
// Pipeline, one enable per stage:
//   prep  three clocks from taking the command, beside the previous triangle's walk: the
//         command's values, then the products on registered multipliers (A tx0, B ty0,
//         the margin), then E at the first coarse tile, T and the corner constants
//   (load) the walker takes the prepared triangle once A, A2, B and B2 are empty; its 16
//         slot offsets per edge follow in the four clocks it spends in A, A2, B and B2
//         at the earliest (4 slots a clock)
//   A   coarse walker: one coarse tile a clock over the pixel range, its values walked
//       by adding 4096 A or 4096 B; the fine tiles' corner tests (one sum each) and the
//       range give the tile's visit mask; a tile with nothing to visit is dropped
//   A2  the tile and its visit mask, registered
//   B   group walker: one group a clock from the visit mask (lowest bit first); edge
//       values at its pixels' origins, clamped to SampleSumBits
//   R   per-sample tests of 4 Lanes columns x 4 samples x 3 edges: a group in one clock
//       at N <= 4, two at N = 8, four at N = 16
//   O   output register (a group with coverage)
// Throughput: 16 Lanes sample tests per clock (Lanes quads with all their samples at
// N <= 4, one group a clock); a coarse tile with nothing to visit costs a clock of A
// only, hidden while B is busy. A small triangle holds the walker about 5 clocks (the
// next one waits for A, A2, B and R to empty; its prep overlaps).
`default_nettype none
`include "gx_assert.svh"
`include "gx_shift_add.svh"

module gx_raster #(
  parameter int unsigned Lanes = 4  /// quads tested per clock: 1, 2 or 4
) (
  input  wire logic                clk_i,        /// clock, rising edge
  input  wire logic                rst_i,        /// synchronous reset, active high
  input  wire logic                cmd_valid_i,  /// a command is offered
  output      logic                cmd_ready_o,  /// the command is taken this clock
  input  wire gx_pkg::rs_cmd_t     cmd_i,        /// triangle or pattern-table write
  output      logic                grp_valid_o,  /// a quad group is offered
  input  wire logic                grp_ready_i,  /// the group is taken this clock
  output      gx_pkg::rs_qgroup_t  grp_o,        /// quads with coverage and their masks
  output      logic                idle_o        /// nothing in flight (all output taken)
);
  localparam int unsigned AW = gx_pkg::EdgeCoefBits;   // 25: |A|, |B| <= 2^23
  localparam int unsigned EW = gx_pkg::EdgeBits;       // 48: |E| < 2^47 anywhere tested
  localparam int unsigned SW = gx_pkg::SampleSumBits;  // 31: q + s (E_pix / 16, S / 16)
  localparam int unsigned OW = SW - 1;                 // 30: s = S / 16, |s| < 2^28
  localparam int unsigned GW = gx_pkg::MarginBits;     // margin, T: < 511 * 2^24 < 2^33
  localparam int unsigned PW = 13;                     // pixel index 0..8191
  localparam int unsigned TW = 9;                      // coarse tile index 0..511
  localparam int unsigned G  = 16 / Lanes;             // groups in a fine tile
  localparam int unsigned VW = 4 * G;                  // visit-mask bits of a coarse tile
  localparam int unsigned GL = $clog2(G);              // log2 G
  localparam int unsigned VL = $clog2(VW);             // log2 VW

  typedef logic signed [AW-1:0] coef_t;
  typedef logic signed [EW-1:0] edge_t;
  // A pixel-origin value q = E >>> 4 saturates at +-QMax = 2^29: every s is smaller.
  localparam logic signed [SW-1:0] QMax = SW'(64'sd1 <<< 29);

  // ---------------------------------------------------------------------------------
  // The standard sample positions (slot s of the default table for N holds position
  // s mod N: Direct3D / Vulkan standard locations, x nibble high).
  function automatic logic [7:0] std_pos(input logic [2:0] nlog, input logic [3:0] s);
    logic [127:0] p16;
    logic [63:0] p8;
    p16 = 128'h10ef_f408_2c42_816e_b3db_ad36_c75a_7599;
    p8  = 64'hf1bf_173d_53d9_7b95;
    unique case (nlog)
      3'd0:    std_pos = 8'h88;
      3'd1:    std_pos = s[0] ? 8'h44 : 8'hcc;
      3'd2:    std_pos = s[1] ? (s[0] ? 8'hae : 8'h2a) : (s[0] ? 8'he6 : 8'h62);
      3'd3:    std_pos = p8[8*s[2:0] +: 8];
      default: std_pos = p16[8*s +: 8];
    endcase
  endfunction

  typedef logic signed [OW-1:0] ofs_t;

  // ---------------------------------------------------------------------------------
  // Handshake and stage valid bits.
  logic en;          // R and R2 advance: O's skid register is empty (from a register)
  logic p_q, a_q, a2_q, b_q, b2_q, r_q, r2_q;
  logic [1:0] p_n_q; // prep: clocks since its triangle was taken, saturating at 2 (ready)
  logic p_take;      // the prep stage takes a triangle command
  logic tri_take;    // the walker takes the prepared triangle (its registers load)
  logic a_adv;       // A hands its tile to A2 (or drops it: nothing to visit)
  logic a2_free;     // A2 is empty or B takes its tile this clock
  logic b_take;      // B takes A2's tile
  logic b_last;      // B's current group is its tile's last
  logic walk_empty;  // A, A2, B and B2 are empty (R, R2 and O may hold the last triangle)
  logic tbl_take;

  assign walk_empty  = !a_q && !a2_q && !b_q && !b2_q;

  // The walker's take and prep's from registers. The take loads about 2,000 flip-flops
  // (the triangle registers, A's tile, the offset units, prep's next command), so it is
  // made TC times, copy k from its own copies of "prep is ready" (p_q && p_n_q == 2,
  // exact) and of "the walker is empty" (TakeCopy_A). The latter is computed from the
  // stages' next valid bits with A2's taken as "A hands a tile on" whether or not the
  // tile has anything to visit, so no corner test lies before it: after A drops the
  // walk's last tile the walker reads as empty a clock late (WeSound_A: never early).
  // Copy k drives one group of the registers the take loads, and prep's registers
  // load whenever prep is free (tc_pfree), holding the command only once it is taken.
  localparam int unsigned TC = 8;
  logic          p_q_d, a_q_d, a2_up_d, b_q_d, b2_q_d, we_d;
  logic [1:0]    p_n_d;
  logic [TC-1:0] tc_rdy_q, tc_we_q, tc_take;
  logic [2:0]    tc_pfree;  // prep is free: copies 0..2 (control, P0's two halves)
  for (genvar k = 0; k < TC; k++) begin : gen_tc
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) begin
        tc_rdy_q[k] <= 1'b0;
        tc_we_q[k]  <= 1'b1;
      end else begin
        tc_rdy_q[k] <= p_q_d && p_n_d == 2'd2;
        tc_we_q[k]  <= we_d;
      end
    end
    assign tc_take[k]  = tc_rdy_q[k] && tc_we_q[k];
  end
  for (genvar k = 0; k < 3; k++) begin : gen_pfree
    assign tc_pfree[k] = !p_q || tc_take[k];
  end
  assign we_d        = !a_q_d && !a2_up_d && !b_q_d && !b2_q_d;
  assign tri_take    = tc_take[0];
  assign cmd_ready_o = cmd_i.op || tc_pfree[0];
  assign p_take      = cmd_valid_i && !cmd_i.op && tc_pfree[0];
  assign tbl_take    = cmd_valid_i && cmd_i.op;
  assign idle_o      = !p_q && walk_empty && !r_q && !r2_q && !grp_valid_o;

  // ---------------------------------------------------------------------------------
  // The pattern table: the standard positions until the first write.
  logic         tbl_prog_q;
  logic [127:0] tbl_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) tbl_prog_q <= 1'b0;
    else if (tbl_take) tbl_prog_q <= 1'b1;
  end
  always_ff @(posedge clk_i) begin
    if (tbl_take) tbl_q <= cmd_i.pattern;
  end

  // ---------------------------------------------------------------------------------
  // Prep: the triangle's values in the three clocks after it is taken, while the walker
  // may still hold the previous triangle. P0 registers the command's values (the edges as
  // the rasterizer orients them, |A| + |B|, the slot positions of the table as it is
  // then); P1 the products on registered multipliers (A tx0, B ty0 at the first coarse
  // tile, the margin h (|A| + |B|)); P2 their sums (E at the first coarse tile's origin,
  // T, the corner constants). The walker takes them in one clock once it is empty.
  gx_pkg::rs_setup_t su;
  assign su = cmd_i.setup;

  localparam int unsigned PAW = AW + TW + 1;   // A tx0, exact: |A tx0| <= 2^23 * 511
  localparam int unsigned LW  = AW + 1;        // |A| + |B| <= 2^24
  localparam int unsigned A3W = AW + 1;        // |3 A| <= 3 * 2^23 < 2^25
  // P0
  logic [3*AW-1:0] p_a_q, p_b_q, p_a_d, p_b_d;
  logic [3*EW-1:0] p_c_q, p_c_d;
  logic [3*LW-1:0] p_l1_q, p_l1_d;     // |A| + |B| per edge
  logic [8:0]      p_h_q;              // conservative: 128 + E, else 0 (no margin)
  logic [16*8-1:0] p_pos_q, p_pos_d;   // positions at stage R's test places (x, y)
  logic [2:0]      p_incl_q, p_nlog_q;
  logic            p_ps_q, p_cons_q;
  logic [PW-1:0]   p_px0_q, p_py0_q, p_px1_q, p_py1_q;
  logic [15:0]     p_tag_q;
  // the pixel range is not empty; it spans one column, one row of coarse tiles
  // (PrepFlags_A: decided as the command is taken, so no compare lies on the walker's take)
  logic            p_ne_q, p_c01_q, p_r01_q;
  // P1
  logic [3*PAW-1:0] p_pa_q, p_pb_q;    // A tx0, B ty0 (the first coarse tile's indices)
  logic [3*GW-1:0]  p_g_q;             // the margin h (|A| + |B|)
  logic [3*A3W-1:0] p_a3_q, p_b3_q;    // 3 A, 3 B (the offsets' multiples, PrepTriple_A)
  // P2
  logic [3*EW-1:0]  p_e00_q;           // E at the first coarse tile's origin
  logic [3*GW-1:0]  p_t_q;             // conservative: T per edge (else 0)
  logic [12*EW-1:0] p_k_q, p_k;        // corner constant of fine tile f, edge e, at (3 f + e) EW

  assign p_q_d = rst_i ? 1'b0 : p_take ? 1'b1 : tri_take ? 1'b0 : p_q;
  assign p_n_d = rst_i || p_take ? 2'd0 : p_n_q != 2'd2 ? p_n_q + 2'd1 : p_n_q;
  always_ff @(posedge clk_i) begin
    p_q   <= p_q_d;
    p_n_q <= p_n_d;
  end

  always_comb begin
    coef_t a, b, an, bn;
    edge_t c;
    p_a_d = '0;
    p_b_d = '0;
    p_c_d = '0;
    p_l1_d = '0;
    p_pos_d = '0;
    for (int e = 0; e < 3; e++) begin
      a = $signed(su[gx_pkg::RS_SETUP_BITS-1-AW*e -: AW]);
      b = $signed(su[gx_pkg::RS_SETUP_BITS-1-3*AW-AW*e -: AW]);
      c = $signed(su[gx_pkg::RS_SETUP_BITS-1-6*AW-EW*e -: EW]);
      // conservative segment: edge 1 is edge 0 reversed (|E| <= h (|A| + |B|))
      if (cmd_i.conservative && su.cls == 2'd1 && e == 1) begin
        a = -$signed(su.a0);
        b = -$signed(su.b0);
        c = -$signed(su.c0);
      end
      p_a_d[AW*e +: AW] = a;
      p_b_d[AW*e +: AW] = b;
      p_c_d[EW*e +: EW] = c;
      an = a < 0 ? -a : a;
      bn = b < 0 ? -b : b;
      p_l1_d[LW*e +: LW] = LW'($unsigned(an)) + LW'($unsigned(bn));
    end
    // the positions the triangle's slots hold when it is taken (a later table write
    // applies to later triangles only), at stage R's test places: place 4 m + j is
    // sample j of the columns c with c % 4 = m (below), slot 4 m + j for N >= 4, slot
    // 2 m + j % 2 + 8 (j / 2) for N = 2 (j / 2 the pattern set), 4 j + m for N = 1 (j the
    // pattern set); conservative: every sample offset is 0
    if (!cmd_i.conservative) begin
      for (int u = 0; u < 16; u++) begin
        logic [3:0] slot;
        unique case (cmd_i.samples_log2)
          3'd0:    slot = 4'(4 * (u % 4) + u / 4);
          3'd1:    slot = 4'(2 * (u / 4) + u % 2 + 8 * ((u % 4) / 2));
          default: slot = 4'(u);
        endcase
        p_pos_d[8*u +: 8] = tbl_prog_q ? tbl_q[8*slot +: 8]
                                       : std_pos(cmd_i.samples_log2, slot);
      end
    end
  end

  // loaded whenever prep is free (copies 1 and 2 of its take): what a clock without a
  // taken command loads is never read (p_q stays clear)
  always_ff @(posedge clk_i) begin
    if (tc_pfree[1]) begin
      p_a_q    <= p_a_d;
      p_b_q    <= p_b_d;
      p_l1_q   <= p_l1_d;
      p_h_q    <= cmd_i.conservative ? 9'd128 + 9'(cmd_i.cons_err) : 9'd0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (tc_pfree[2]) begin
      p_c_q    <= p_c_d;
      p_pos_q  <= p_pos_d;
      p_incl_q <= cmd_i.conservative ? 3'b111 : su.incl;
      p_nlog_q <= cmd_i.conservative ? 3'd0 : cmd_i.samples_log2;
      p_ps_q   <= !cmd_i.conservative && cmd_i.patternsets;
      p_cons_q <= cmd_i.conservative;
      p_px0_q  <= su.px0;
      p_py0_q  <= su.py0;
      p_px1_q  <= su.px1;
      p_py1_q  <= su.py1;
      p_ne_q   <= su.px0 <= su.px1 && su.py0 <= su.py1;
      p_c01_q  <= su.px0[PW-1:4] == su.px1[PW-1:4];
      p_r01_q  <= su.py0[PW-1:4] == su.py1[PW-1:4];
      p_tag_q  <= cmd_i.tag;
    end
  end

  // Edge e's coefficients in prep.
  function automatic coef_t pa_(input int unsigned e);
    pa_ = $signed(p_a_q[AW*e +: AW]);
  endfunction
  function automatic coef_t pb_(input int unsigned e);
    pb_ = $signed(p_b_q[AW*e +: AW]);
  endfunction

  // P1: products of registered operands, registered in the clock after the triangle is
  // taken (p_n_q = 0), and held
  always_ff @(posedge clk_i) begin
    if (p_n_q == 2'd0) for (int e = 0; e < 3; e++) begin
      // E(256 * 16 tx, 256 * 16 ty) needs A tx and B ty: |A tx| <= 2^23 * 511
      p_pa_q[PAW*e +: PAW] <= pa_(e) * $signed({1'b0, TW'(p_px0_q >> 4)});
      p_pb_q[PAW*e +: PAW] <= pb_(e) * $signed({1'b0, TW'(p_py0_q >> 4)});
      // g = h (|A| + |B|) < 383 * 2^24 (0 in MSAA mode: h = 0)
      p_g_q[GW*e +: GW] <= GW'($signed({1'b0, p_h_q}) * $signed({1'b0, p_l1_q[LW*e +: LW]}));
      p_a3_q[A3W*e +: A3W] <= A3W'(pa_(e)) + (A3W'(pa_(e)) <<< 1);
      p_b3_q[A3W*e +: A3W] <= A3W'(pb_(e)) + (A3W'(pb_(e)) <<< 1);
    end
  end

  // P2: the corner constants of the four fine tiles of a coarse tile (gx_raster_corner:
  // the edge's largest value over the closed fine tile, plus the margin, is the coarse
  // origin's value plus this constant)
  for (genvar k = 0; k < 12; k++) begin : gen_corner
    gx_raster_corner #(.Lg(3)) u_corner (
      .a_i(pa_(k % 3)), .b_i(pb_(k % 3)), .g_i($signed(p_g_q[GW*(k%3) +: GW])),
      .fx_i(1'((k / 3) % 2)), .fy_i(1'(k / 6)),
      .k_o(p_k[EW*k +: EW])
    );
  end
  // P2: registered in the next clock (p_n_q = 1), and held
  always_ff @(posedge clk_i) begin
    if (p_n_q == 2'd1) for (int e = 0; e < 3; e++) begin
      // |A tx0| 2^12 <= 2^44, |C| <= 2^45: |E| <= 2^46
      p_e00_q[EW*e +: EW] <= (edge_t'($signed(p_pa_q[PAW*e +: PAW])) <<< 12) +
                             (edge_t'($signed(p_pb_q[PAW*e +: PAW])) <<< 12) +
                             $signed(p_c_q[EW*e +: EW]);
      // T = E(center) - E(origin) + h (|A| + |B|) = 128 (A + B) + g, 0 <= T < 511 * 2^24
      // (added to the pixel values in stage B; every sample offset is 0)
      p_t_q[GW*e +: GW] <= p_cons_q ? $signed(p_g_q[GW*e +: GW]) + (GW'(pa_(e)) <<< 7) +
                                      (GW'(pb_(e)) <<< 7) : '0;
    end
    if (p_n_q == 2'd1) p_k_q <= p_k;
  end

  // ---------------------------------------------------------------------------------
  // Triangle registers of the walker, loaded from prep when it takes a triangle.
  // Visit-mask bit b = G f + g is group g of fine tile f: its pixels are columns
  // x_of(b) .. + 2 Lanes - 1 and rows y_of(b) .. + 1 of the coarse tile.
  function automatic int unsigned x_of(input int unsigned b);
    x_of = 8 * ((b / G) % 2) + 2 * (((b % G) * Lanes) % 4);
  endfunction
  function automatic int unsigned y_of(input int unsigned b);
    y_of = 8 * ((b / G) / 2) + 2 * (((b % G) * Lanes) / 4);
  endfunction
  // bit o: o >= v, o <= v (o = 0..15)
  function automatic logic [15:0] ge_mask(input logic [3:0] v);
    for (int o = 0; o < 16; o++) ge_mask[o] = 4'(o) >= v;
  endfunction
  function automatic logic [15:0] le_mask(input logic [3:0] v);
    for (int o = 0; o < 16; o++) le_mask[o] = 4'(o) <= v;
  endfunction
  logic [3*AW-1:0]      t_a_q, t_b_q;
  logic [3*A3W-1:0]     t_a3_q, t_b3_q;         // 3 A, 3 B (TriTriple_A)
  logic [3*EW-1:0]      t_c_q;
  logic [3*GW-1:0]      t_t_q;                 // conservative: T per edge (else 0)
  logic [12*EW-1:0]     t_k_q;                 // fine-tile corner constants
  logic [3*16*OW-1:0]   t_s_q;                 // s at test place u, per edge (phases)
  logic [16*8-1:0]      t_pos_q;               // positions at the test places (x, y)
  logic [2:0]           t_incl_q;
  logic [2:0]           t_nlog_q;
  logic                 t_ps_q, t_cons_q;
  logic [PW-1:0]        t_px0_q, t_py0_q, t_px1_q, t_py1_q;
  logic [15:0]          t_tag_q;
  // the columns (rows) o = 0..15 of a tile in the pixel range when the tile is the
  // range's first or last column (row) of tiles: o >= px0 % 16, o <= px1 % 16
  // (RangeMask_A); at any other tile every column (row) is in it
  logic [15:0]          t_xo0_q, t_xo1_q, t_yo0_q, t_yo1_q;
  logic                 t_c01_q;               // the range is one column of tiles

  // on copies 3, 4 and 5 of the take
  always_ff @(posedge clk_i) begin
    if (tc_take[3]) begin
      t_a_q    <= p_a_q;
      t_b_q    <= p_b_q;
      t_a3_q   <= p_a3_q;
      t_b3_q   <= p_b3_q;
      t_c_q    <= p_c_q;
    end
  end
  always_ff @(posedge clk_i) begin
    if (tc_take[4]) t_k_q <= p_k_q;
  end
  always_ff @(posedge clk_i) begin
    if (tc_take[5]) begin
      t_t_q    <= p_t_q;
      t_pos_q  <= p_pos_q;
      t_incl_q <= p_incl_q;
      t_nlog_q <= p_nlog_q;
      t_ps_q   <= p_ps_q;
      t_cons_q <= p_cons_q;
      t_px0_q  <= p_px0_q;
      t_xo0_q  <= ge_mask(p_px0_q[3:0]);
      t_xo1_q  <= le_mask(p_px1_q[3:0]);
      t_yo0_q  <= ge_mask(p_py0_q[3:0]);
      t_yo1_q  <= le_mask(p_py1_q[3:0]);
      t_c01_q  <= p_c01_q;
      t_py0_q  <= p_py0_q;
      t_px1_q  <= p_px1_q;
      t_py1_q  <= p_py1_q;
      t_tag_q  <= p_tag_q;
    end
  end

  // Edge e's coefficients.
  function automatic coef_t ta(input int unsigned e);
    ta = $signed(t_a_q[AW*e +: AW]);
  endfunction
  function automatic coef_t tb(input int unsigned e);
    tb = $signed(t_b_q[AW*e +: AW]);
  endfunction

  // ---------------------------------------------------------------------------------
  // The sample offsets s = A sx + B sy at the 16 test places (the slots they hold), per
  // edge, computed SPh places a clock in the four clocks after it is taken (phases 0, 1,
  // 2, 3: places 0..3, 4..7, 8..11, 12..15), while stages A, A2, B and B2 hold its first
  // tile and group. Stage R, the first to read them, takes its first group in the clock
  // of phase 3 at the earliest (PhaseB2_A): its copy takes phase 3's places from the
  // units themselves (r_s_d), so this costs no clock and a quarter of the multipliers.
  localparam int unsigned SPh = 4;                      // slots a clock
  localparam logic [2:0] PhDone = 3'(16 / SPh);         // the phase count: 4
  logic [2:0] t_ph_q;                         // the phase computed this clock, or done
  logic [3*SPh*8-1:0] t_upos_q;               // unit u's position in this phase, a copy
                                              // for each edge e at (SPh e + u) 8
  logic [3*SPh*OW-1:0] t_su;                  // unit u's s for edge e, at (SPh e + u) OW

  always_ff @(posedge clk_i) begin
    if (rst_i) t_ph_q <= PhDone;
    else if (tri_take) t_ph_q <= '0;
    else if (t_ph_q != PhDone) t_ph_q <= t_ph_q + 3'd1;
  end
  // unit u computes slot SPh ph + u in phase ph: its position is selected a clock ahead
  // (UnitPos_A), in a copy for each edge kept apart in synthesis, so that each drives
  // one edge's digit selects
  for (genvar e = 0; e < 3; e++) begin : gen_upos
    (* keep *) always_ff @(posedge clk_i) begin
      for (int u = 0; u < SPh; u++) begin
        if (tc_take[7]) begin
          t_upos_q[8*(SPh*e + u) +: 8] <= p_pos_q[8*u +: 8];
        end else if (t_ph_q != PhDone) begin
          t_upos_q[8*(SPh*e + u) +: 8] <= '0;
          for (int s = u + SPh; s < 16; s += SPh)
            if (t_ph_q == 3'(s / SPh - 1)) t_upos_q[8*(SPh*e + u) +: 8] <= t_pos_q[8*s +: 8];
        end
      end
    end
  end
  // v n for a 2-bit n: a choice of 0, v, 2 v, 3 v (3 v registered in prep)
  function automatic ofs_t mul2(input coef_t v, input logic signed [A3W-1:0] v3,
                                input logic [1:0] n);
    unique case (n)
      2'd0:    mul2 = '0;
      2'd1:    mul2 = OW'(v);
      2'd2:    mul2 = OW'(v) <<< 1;
      default: mul2 = OW'(v3);
    endcase
  endfunction
  always_comb begin
    logic [7:0] pos;
    coef_t a, b;
    logic signed [A3W-1:0] a3, b3;
    for (int e = 0; e < 3; e++) begin
      a  = ta(e);
      b  = tb(e);
      a3 = $signed(t_a3_q[A3W*e +: A3W]);
      b3 = $signed(t_b3_q[A3W*e +: A3W]);
      for (int u = 0; u < SPh; u++) begin
        pos = t_upos_q[8*(SPh*e + u) +: 8];
        // S = 16 s, s = A sx + B sy, |s| <= 2 * 2^23 * 15 < 2^28: the 2-bit digits of
        // sx and sy, the low pair and the high pair summed first
        t_su[(SPh*e + u)*OW +: OW] = (mul2(a, a3, pos[5:4]) + mul2(b, b3, pos[1:0])) +
                                     ((mul2(a, a3, pos[7:6]) + mul2(b, b3, pos[3:2])) <<< 2);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    for (int s = 0; s < 16; s++)
      if (t_ph_q == 3'(s / SPh))
        for (int e = 0; e < 3; e++)
          t_s_q[(16*e + s)*OW +: OW] <= t_su[(SPh*e + s % SPh)*OW +: OW];
  end
  // the offsets as they are once this clock's phase is written: stage R's copy (R takes
  // a triangle's first group in phase 3 at the earliest)
  logic [3*16*OW-1:0] r_s_d;
  always_comb begin
    r_s_d = t_s_q;
    if (t_ph_q == PhDone - 3'd1)
      for (int s = 16 - SPh; s < 16; s++)
        for (int e = 0; e < 3; e++)
          r_s_d[(16*e + s)*OW +: OW] = t_su[(SPh*e + s % SPh)*OW +: OW];
  end


  // ---------------------------------------------------------------------------------
  // Stage A: coarse walker. The edge values at the tile's origin are walked by adding
  // 4096 A (next tile of the row) or 4096 B (next row, from its first tile's values), so
  // the walk multiplies nothing. Each fine tile's corner test is one sum of the origin's
  // value and the tile's corner constant; with the pixel range they give the tile's visit
  // mask (bit f G + g: group g of fine tile f, groups row-major, Lanes quads each). A
  // tile with nothing to visit is dropped here.
  logic [TW-1:0]   a_tx_q, a_ty_q;
  logic [TW-1:0]   tx0, tx1, ty1;
  logic [3*EW-1:0] a_e_q;      // edges at the coarse tile's origin
  logic [3*EW-1:0] a_er_q;     // ... at the origin of its row's first tile
  logic [4*3-1:0]  a_fok;      // fine tile f passes the corner test for edge e, at 3 f + e
  logic [VW-1:0]   a_vm;       // the tile's visit mask
  // the tile is in the range's first / last column, first / last row (AFlag_A)
  logic            a_c0_q, a_c1_q, a_r0_q, a_r1_q;
  assign tx0 = TW'(t_px0_q >> 4);
  assign tx1 = TW'(t_px1_q >> 4);
  assign ty1 = TW'(t_py1_q >> 4);

  always_comb begin
    edge_t cm;
    for (int k = 0; k < 12; k++) begin
      // |E| < 3 * 2^45 (TileMax), |k| < 2^37: no wrap
      cm = $signed(a_e_q[EW*(k%3) +: EW]) + $signed(t_k_q[EW*k +: EW]);
      a_fok[k] = !cm[EW-1];
    end
  end

  // the group's pixels meet the range: a per-triangle mask at the range's edge tiles
  // (AVm_A: the same as comparing the group's pixel rectangle with the range)
  always_comb begin
    logic [3:0] fok;
    for (int f = 0; f < 4; f++) begin
      fok[f] = &a_fok[3*f +: 3];
      for (int g = 0; g < G; g++)
        a_vm[G*f+g] = fok[f] &&
                      (!a_c0_q || t_xo0_q[x_of(G*f+g) + 2*Lanes - 1]) &&
                      (!a_c1_q || t_xo1_q[x_of(G*f+g)]) &&
                      (!a_r0_q || t_yo0_q[y_of(G*f+g) + 1]) && (!a_r1_q || t_yo1_q[y_of(G*f+g)]);
    end
  end

  assign a_adv = a_q && a2_free;

  assign a_q_d = rst_i ? 1'b0 : tri_take ? p_ne_q : a_adv && a_c1_q && a_r1_q ? 1'b0 : a_q;
  always_ff @(posedge clk_i) a_q <= a_q_d;
  always_ff @(posedge clk_i) begin
    if (tri_take) begin
      a_c0_q <= 1'b1;
      a_c1_q <= p_c01_q;
      a_r0_q <= 1'b1;
      a_r1_q <= p_r01_q;
    end else if (a_adv) begin
      if (a_c1_q) begin
        a_c0_q <= 1'b1;
        a_c1_q <= t_c01_q;
        a_r0_q <= 1'b0;
        a_r1_q <= a_ty_q + 1'b1 == ty1;
      end else begin
        a_c0_q <= 1'b0;
        a_c1_q <= a_tx_q + 1'b1 == tx1;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (tc_take[6]) begin
      a_tx_q <= TW'(p_px0_q >> 4);
      a_ty_q <= TW'(p_py0_q >> 4);
      a_e_q  <= p_e00_q;
      a_er_q <= p_e00_q;
    end else if (a_adv) begin
      if (a_c1_q) begin
        a_tx_q <= tx0;
        a_ty_q <= a_ty_q + 1'b1;
        for (int e = 0; e < 3; e++) begin
          a_e_q[EW*e +: EW]  <= $signed(a_er_q[EW*e +: EW]) + (edge_t'(tb(e)) <<< 12);
          a_er_q[EW*e +: EW] <= $signed(a_er_q[EW*e +: EW]) + (edge_t'(tb(e)) <<< 12);
        end
      end else begin
        a_tx_q <= a_tx_q + 1'b1;
        for (int e = 0; e < 3; e++)
          a_e_q[EW*e +: EW] <= $signed(a_e_q[EW*e +: EW]) + (edge_t'(ta(e)) <<< 12);
      end
    end
  end

  // ---------------------------------------------------------------------------------
  // Walk tables: the group and pixel offsets of the triangle, computed in the clock after
  // the walker takes it (phase 0), from its A, B, T and inclusive bits: A2 reads them 2
  // clocks after the take at the earliest, B 3, B2 4 (PhaseA2_A, PhaseB_A, PhaseB2_A).
  //   t_fab_q  2048 (A + B) per edge: fine tile 3's origin less the coarse tile's
  //   t_gt_q   group g's origin less its fine tile's: 512 (gx A + gy B), (gx, gy) the
  //            group's quad offset, at (G e + g) EW
  //   t_d_q    pixel j = 4 l + k's value less its group's origin, plus T, less 1 on an
  //            exclusive edge: T - x + 256 (c A + dy B), c = 2 l + k % 2, dy = k / 2, at
  //            (4 Lanes e + j) DW (so that q' = (E + T - x) >>> 4 with no decrement after)
  localparam int unsigned DW = 36;             // |t_d| <= 511 * 2^24 + 2^34 < 2^35
  logic [3*EW-1:0]         t_fab_q, t_fab_d;
  logic [3*G*EW-1:0]       t_gt_q, t_gt_d;
  logic [3*4*Lanes*DW-1:0] t_d_q, t_d_d;

  gx_raster_tab #(.Lanes(Lanes), .DW(DW)) u_tab (
    .a_i(t_a_q), .b_i(t_b_q), .t_i(t_t_q), .incl_i(t_incl_q),
    .fab_o(t_fab_d), .gt_o(t_gt_d), .d_o(t_d_d)
  );
  always_ff @(posedge clk_i) begin
    if (t_ph_q == 3'd0) begin
      t_fab_q <= t_fab_d;
      t_gt_q  <= t_gt_d;
      t_d_q   <= t_d_d;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage A2: the tile, its visit mask and its fine tiles' origin values (fine tile f at
  // (8 (f % 2), 8 (f / 2)) pixels: + 2048 A, 2048 B, 2048 (A + B)), registered into B.
  logic [TW-1:0]   a2_tx_q, a2_ty_q;
  logic [3*EW-1:0] a2_e0_q;
  logic [VW-1:0]   a2_vm_q;
  logic [3:0]      a2_fl_q;   // A's tile flags {r1, r0, c1, c0} (A2Flag_A)
  logic [4*3*EW-1:0] a2_fe;   // fine tile f's origin value for edge e, at (3 f + e) EW

  assign a2_free = !a2_q || b_take;

  always_ff @(posedge clk_i) begin
    if (rst_i) a2_q <= 1'b0;
    else if (a2_free) a2_q <= a_adv && a_vm != '0;
  end
  // a2_q's next value, taking every tile A hands on (WeSound_A)
  assign a2_up_d = !rst_i && (a2_free ? a_adv : a2_q);
  always_ff @(posedge clk_i) begin
    if (a_adv) begin
      a2_tx_q <= a_tx_q;
      a2_ty_q <= a_ty_q;
      a2_e0_q <= a_e_q;
      a2_vm_q <= a_vm;
      a2_fl_q <= {a_r1_q, a_r0_q, a_c1_q, a_c0_q};
    end
  end
  always_comb begin
    for (int e = 0; e < 3; e++) begin
      a2_fe[EW*e +: EW]       = a2_e0_q[EW*e +: EW];
      a2_fe[EW*(3 + e) +: EW] = $signed(a2_e0_q[EW*e +: EW]) + (edge_t'(ta(e)) <<< 11);
      a2_fe[EW*(6 + e) +: EW] = $signed(a2_e0_q[EW*e +: EW]) + (edge_t'(tb(e)) <<< 11);
      a2_fe[EW*(9 + e) +: EW] = $signed(a2_e0_q[EW*e +: EW]) + $signed(t_fab_q[EW*e +: EW]);
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage B: the group walker. Issues the lowest set bit of the visit mask each clock:
  // the group's origin value (its fine tile's origin plus the group's offset) and upper-
  // left pixel, registered into B2.
  logic            b2_free;         // B2 is empty or R takes its group this clock
  logic [TW-1:0]   b_tx_q, b_ty_q;
  logic [3*EW-1:0] b_e0_q;          // the coarse tile's origin values
  logic [4*3*EW-1:0] b_fe_q;        // its fine tiles' origin values
  logic [VW-1:0]   b_vm_q, b_vm_next;
  logic [VL-1:0]   b_idx_q, b_idx;  // the mask's lowest set bit (FirstBit_A)
  logic [VL-1:0]   b_idx_next;
  logic [PW-1:0]   b_px, b_py;      // the group's upper-left pixel
  logic [3:0]      b_fl_q;          // the tile's flags {r1, r0, c1, c0} (BFlag_A)
  logic [4*Lanes-1:0] b_inr;        // the group's pixels in the pixel range
  logic [3*EW-1:0] b_er;            // edge value at the group's origin

  // the index of the lowest set bit of v (0 for none)
  function automatic logic [VL-1:0] first_bit(input logic [VW-1:0] v);
    first_bit = '0;
    for (int j = VW - 1; j >= 0; j--) if (v[j]) first_bit = VL'(j);
  endfunction
  // v holds at most one set bit
  function automatic logic one_bit(input logic [VW-1:0] v);
    one_bit = (v & (v - VW'(1))) == '0;
  endfunction
  // v holds at most two set bits: counts saturating at 3, per nibble, then summed in a
  // tree (no carry chain)
  function automatic logic two_bits(input logic [VW-1:0] v);
    logic [2*G-1:0] c;
    logic [2:0] t;
    for (int k = 0; k < G; k++) begin
      t = 3'(v[4*k]) + 3'(v[4*k+1]) + 3'(v[4*k+2]) + 3'(v[4*k+3]);
      c[2*k +: 2] = t > 3'd3 ? 2'd3 : t[1:0];
    end
    for (int w = G; w > 1; w = w / 2) begin
      for (int k = 0; k < w / 2; k++) begin
        t = 3'(c[4*k +: 2]) + 3'(c[4*k+2 +: 2]);
        c[2*k +: 2] = t > 3'd3 ? 2'd3 : t[1:0];
      end
    end
    two_bits = c[1:0] <= 2'd2;
  endfunction
  // The group to issue and whether it is the tile's last come from registers, computed
  // from the mask each holds next (FirstBit_A, LastOne_A): no priority encode lies on
  // the group's origin sum or on the enables of A, A2 and B.
  logic b_last_q;
  assign b_idx      = b_idx_q;
  assign b_vm_next  = b_vm_q & ~(VW'(1) << b_idx_q);
  assign b_idx_next = first_bit(b_vm_next);
  assign b_last     = b_last_q;
  assign b_take    = a2_q && (!b_q || (b2_free && b_last));

  logic [1:0]  b_f;              // the group's fine tile
  logic [GL:0] b_g;              // the group within it
  logic [3*EW-1:0] b_fsel, b_gsel;  // the fine tile's value and the group's offset
  always_comb begin
    logic [4:0] dx0, dy0;     // the group's origin within the coarse tile, pixels / 2
    edge_t fe, gt;
    b_f = 2'(b_idx >> GL);
    b_g = (GL+1)'(b_idx & VL'(G - 1));
    dx0 = 5'(4 * 32'(b_f[0])) + 5'((32'(b_g) * Lanes) % 4);
    dy0 = 5'(4 * 32'(b_f[1])) + 5'((32'(b_g) * Lanes) / 4);
    b_px = {b_tx_q, 4'b0000} + PW'({dx0, 1'b0});
    b_py = {b_ty_q, 4'b0000} + PW'({dy0, 1'b0});
    // pixel 4 l + k at column 2 dx0 + 2 l + k % 2, row 2 dy0 + k / 2 of the tile: in the
    // range unless the tile is at the range's edge and the column or row is outside it
    for (int l = 0; l < Lanes; l++) begin
      for (int k = 0; k < 4; k++) begin
        logic [3:0] xo, yo;
        xo = 4'({dx0, 1'b0} + 6'(2 * l + k % 2));
        yo = 4'({dy0, 1'b0} + 6'(k / 2));
        b_inr[4*l+k] = (!b_fl_q[0] || t_xo0_q[xo]) && (!b_fl_q[1] || t_xo1_q[xo]) &&
                       (!b_fl_q[2] || t_yo0_q[yo]) && (!b_fl_q[3] || t_yo1_q[yo]);
      end
    end
    // the fine tile's value and the group's offset selected, then one add
    for (int e = 0; e < 3; e++) begin
      fe = '0;
      gt = '0;
      for (int ff = 0; ff < 4; ff++)
        if (b_f == 2'(ff)) fe = $signed(b_fe_q[EW*(3*ff + e) +: EW]);
      for (int gg = 0; gg < G; gg++)
        if (b_g == (GL+1)'(gg)) gt = $signed(t_gt_q[EW*(G*e + gg) +: EW]);
      b_fsel[EW*e +: EW] = fe;
      b_gsel[EW*e +: EW] = gt;
      b_er[EW*e +: EW] = fe + gt;
    end
  end

  assign b_q_d = rst_i ? 1'b0 : b_take ? 1'b1 : b2_free && b_last ? 1'b0 : b_q;
  always_ff @(posedge clk_i) b_q <= b_q_d;
  always_ff @(posedge clk_i) begin
    if (b_take) begin
      b_tx_q <= a2_tx_q;
      b_ty_q <= a2_ty_q;
      b_e0_q <= a2_e0_q;
      b_fe_q <= a2_fe;
      b_vm_q   <= a2_vm_q;
      b_fl_q   <= a2_fl_q;
      b_idx_q  <= first_bit(a2_vm_q);
      b_last_q <= one_bit(a2_vm_q);
    end else if (b_q && b2_free) begin
      b_vm_q   <= b_vm_next;
      b_idx_q  <= b_idx_next;
      b_last_q <= two_bits(b_vm_q);  // b_vm_next: b_vm_q less one set bit
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage B2: the pixel values of the group: E + T - x at each of its 4 Lanes pixels'
  // origins (the group's value plus the pixel's table entry), split E + T - x = 16 q' + r
  // with q' = (E + T - x) >>> 4 saturated at +-2^29: a sample passes when q' + s >= 0
  // (exact: E + 16 s > 0, or >= 0 on an inclusive edge, x = 1 on an exclusive edge), and
  // when |E| >= 2^33 the sign of q' + s is E's (every |s| < 2^28); the pixel-range bits.
  logic [PW-1:0]           b2_px_q, b2_py_q;
  logic [3*EW-1:0]         b2_er_q;
  logic [3*4*Lanes*SW-1:0] b_e;     // q' at each pixel's origin
  logic [3*4*Lanes*EW-1:0] b_ep;    // E + T - x at each pixel's origin
  logic [4*Lanes-1:0]      b2_inr_q;  // the pixel is in the pixel range (B2Inr_A)

  assign b2_free = !b2_q || r_free;

  always_ff @(posedge clk_i) b2_q <= b2_q_d;
  always_ff @(posedge clk_i) begin
    if (b_q && b2_free) begin
      b2_px_q <= b_px;
      b2_py_q <= b_py;
      b2_er_q <= b_er;
      b2_inr_q <= b_inr;
    end
  end

  always_comb begin
    for (int e = 0; e < 3; e++)
      for (int j = 0; j < 4 * Lanes; j++)
        b_ep[EW*(4*Lanes*e + j) +: EW] = $signed(b2_er_q[EW*e +: EW]) +
                                         edge_t'($signed(t_d_q[DW*(4*Lanes*e + j) +: DW]));
  end
  always_comb begin
    edge_t ep;
    for (int j = 0; j < 3 * 4 * Lanes; j++) begin
      ep = b_ep[EW*j +: EW];
      if (ep[EW-1:33] == '0 || ep[EW-1:33] == '1) b_e[SW*j +: SW] = SW'($signed(ep[33:4]));
      else b_e[SW*j +: SW] = ep[EW-1] ? -QMax : QMax;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage R: per-sample tests, 4 Lanes columns of 4 samples each per clock (16 Lanes
  // sample tests against three edges). Column c tests a pixel k' of its lane l = c / 4:
  // N <= 4: k' = c % 4, one clock a group. N = 8: two clocks (sub-steps h = 0, 1),
  // k' = 2 h + (c / 2) % 2, samples 4 (c % 2) .. +3. N = 16: four clocks, k' = h, samples
  // 4 (c % 4) .. +3. So a column reads one of its lane's 4 pixels, and its sample j reads
  // the offset at test place 4 (c % 4) + j in every mode and sub-step: the load stage puts
  // there the slot that place needs (N = 8: slot 8 (k' & 1) + i with k' & 1 = (c / 2) % 2
  // and i = 4 (c % 2) + j, that is 4 (c % 4) + j; N = 1, 2: each pattern set's slot at
  // its own place, the set chosen among the results). R takes its own copy of the
  // triangle's offsets and mode with each group, so the walker may take the next triangle
  // while R, R2 and O still hold this one's.
  localparam int unsigned NC = 4 * Lanes;     // columns (pixels a clock at N <= 4)
  logic [PW-1:0]           r_px_q, r_py_q;
  logic [3*4*Lanes*SW-1:0] r_e_q;
  logic [4*Lanes-1:0]      r_inr_q;
  logic [3*16*OW-1:0]      r_s_q;   // the triangle's offsets (t_s_q)
  logic [2:0]              r_nlog_q;
  logic                    r_ps_q;
  logic [15:0]             r_tag_q;
  logic [1:0]              r_h_q;   // the sub-step (N = 8: 0..1, N = 16: 0..3)
  logic                    r_last;  // this sub-step is the group's last
  logic                    r_free;  // R takes B2's group this clock (or is empty)

  // sub-step h is the last of a group at N = 2^nlog
  function automatic logic last_step(input logic [2:0] nlog, input logic [1:0] h);
    last_step = nlog == 3'd4 ? h == 2'd3 : nlog == 3'd3 ? h == 2'd1 : 1'b1;
  endfunction
  // r_last from a register (RLast_A): no sub-step compare lies on the enables
  logic r_last_q;
  assign r_last = r_last_q;
  assign r_free = !r_q || (en && r_last);

  always_ff @(posedge clk_i) begin
    if (rst_i) r_q <= 1'b0;
    else if (r_free) r_q <= b2_q;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i || r_free) r_h_q <= '0;
    else if (en) r_h_q <= r_h_q + 2'd1;
  end
  logic r_last_d;
  always_comb begin
    r_last_d = r_last_q;
    if (r_free) r_last_d = last_step(t_nlog_q, 2'd0);
    else if (en) r_last_d = last_step(r_nlog_q, r_h_q + 2'd1);
  end
  always_ff @(posedge clk_i) r_last_q <= r_last_d;
  always_ff @(posedge clk_i) begin
    if (r_free && b2_q) begin
      r_px_q   <= b2_px_q;
      r_py_q   <= b2_py_q;
      r_inr_q  <= b2_inr_q;
      r_nlog_q <= t_nlog_q;
      r_ps_q   <= t_ps_q;
      r_tag_q  <= t_tag_q;
    end
  end

  // R's wide registers load in groups, each on its own copy of R's take (edge e and
  // lane or place group g at RCopy 4 e + g: the pixel values of lane g, the offsets of
  // places 4 g .. 4 g + 3), computed from its own copies of the registers the take reads
  // (R's valid and last sub-step, B2's valid, O's ready: RCopy_A). The copies are kept
  // apart in synthesis, so that no one net reaches all of R's registers: each copy
  // drives a twelfth of them and is placed beside them.
  localparam int unsigned RC = 12;
  logic          r_q_d, en_d;
  logic [RC-1:0] rc_r_q, rc_b2_q, rc_en_q, rc_last_q;
  logic [RC-1:0] rc_take;  // copy k of R's take of B2's group (r_free && b2_q)
  assign r_q_d  = r_free ? b2_q : r_q;
  assign b2_q_d = rst_i ? 1'b0 : b2_free ? b_q : b2_q;
  for (genvar k = 0; k < RC; k++) begin : gen_rc
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) begin
        rc_r_q[k]  <= 1'b0;
        rc_b2_q[k] <= 1'b0;
        rc_en_q[k] <= 1'b1;
      end else begin
        rc_r_q[k]  <= r_q_d;
        rc_b2_q[k] <= b2_q_d;
        rc_en_q[k] <= en_d;
      end
    end
    (* keep *) always_ff @(posedge clk_i) rc_last_q[k] <= r_last_d;
    assign rc_take[k] = (!rc_r_q[k] || (rc_en_q[k] && rc_last_q[k])) && rc_b2_q[k];
  end
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++) begin
      for (int l = 0; l < Lanes; l++)
        if (rc_take[4*e + l])
          r_e_q[SW*(NC*e + 4*l) +: 4*SW] <= b_e[SW*(NC*e + 4*l) +: 4*SW];
      for (int g = 0; g < 4; g++)
        if (rc_take[4*e + g])
          r_s_q[OW*(16*e + 4*g) +: 4*OW] <= r_s_d[OW*(16*e + 4*g) +: 4*OW];
    end
  end

  logic [4*2-1:0]      r_kp_q;    // k' of the columns c with c % 4 = m, at 2 m (RKp_A)
  logic [3*NC*4-1:0]   r_sg;      // column c's sample j passes edge e, at NC 4 e + 4 c + j
  logic [NC-1:0]       r_pin;     // column c's pixel is in the pixel range
  logic [3*NC*4*(SW+1)-1:0] r_sum;  // every sample sum, one bit wider (NoOverflow_A)

  // the pixel k' the columns c with c % 4 = m test in sub-step h, at 2 m: registered
  // with the sub-step (RKp_A), so no mode decode lies before the pixel selects
  function automatic logic [7:0] kp_of(input logic [2:0] nlog, input logic [1:0] h);
    for (int m = 0; m < 4; m++) begin
      unique case (nlog)
        3'd3:    kp_of[2*m +: 2] = {h[0], 1'(m / 2)};
        3'd4:    kp_of[2*m +: 2] = h;
        default: kp_of[2*m +: 2] = 2'(m);
      endcase
    end
  endfunction
  logic [7:0] r_kp_d;
  always_comb begin
    r_kp_d = r_kp_q;
    if (r_free) r_kp_d = kp_of(t_nlog_q, 2'd0);
    else if (en) r_kp_d = kp_of(r_nlog_q, r_h_q + 2'd1);
  end
  always_ff @(posedge clk_i) r_kp_q <= r_kp_d;
  // copies of r_kp_q, one for each edge e and lane l at Lanes e + l (RCopy_A): each
  // drives the pixel selects of one lane's columns for one edge
  logic [3*Lanes*8-1:0] rk_kp_q;
  for (genvar k = 0; k < 3 * Lanes; k++) begin : gen_rk
    (* keep *) always_ff @(posedge clk_i) rk_kp_q[8*k +: 8] <= r_kp_d;
  end

  always_comb begin
    logic [1:0] kp;
    logic signed [SW:0] sum;
    logic signed [SW-1:0] q;
    for (int c = 0; c < NC; c++) begin
      kp = rk_kp_q[8*(c/4) + 2*(c%4) +: 2];
      r_pin[c] = 1'b0;
      for (int m = 0; m < 4; m++) if (kp == 2'(m)) r_pin[c] = r_inr_q[4*(c/4) + m];
      for (int j = 0; j < 4; j++) begin
        for (int e = 0; e < 3; e++) begin
          // the sample passes the edge when q' + s >= 0 (stage B2): one sign; s is the
          // offset at test place 4 (c % 4) + j (the load stage's order)
          kp = rk_kp_q[8*(Lanes*e + c/4) + 2*(c%4) +: 2];
          q = '0;
          for (int m = 0; m < 4; m++)
            if (kp == 2'(m)) q = $signed(r_e_q[SW*(NC*e + 4*(c/4) + m) +: SW]);
          sum = (SW+1)'(q) + (SW+1)'($signed(r_s_q[(16*e + 4*(c%4) + j)*OW +: OW]));
          r_sum[(SW+1)*((e*NC + c)*4 + j) +: SW+1] = sum;
          r_sg[NC*4*e + 4*c + j] = !sum[SW];
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage R2: the pass bits of a sub-step placed at their mask bits, and the masks of
  // the group's earlier sub-steps (r2_acc_q).
  logic                r2_last_q, r2_ps_q;
  logic [1:0]          r2_h_q;
  logic [2:0]          r2_nlog_q;
  // R's results per edge, registered apart (the three edges' sums lie far apart), and
  // ANDed here: column c's sample j passes, at 4 c + j
  logic [3*NC*4-1:0]   r2_sg_q;
  logic [NC-1:0]       r2_pin_q;
  logic [NC*4-1:0]     r2_pass;
  logic [PW-1:0]       r2_px_q, r2_py_q;
  logic [15:0]         r2_tag_q;
  logic [Lanes*64-1:0] r2_acc_q;  // the masks of the group's earlier sub-steps
  logic [Lanes*64-1:0] r2_mask;   // this sub-step's results, at the group's mask bits
  logic [Lanes*64-1:0] r2_all;    // the group's masks once this sub-step is done
  logic [Lanes-1:0]    r2_lane;   // lane l of r2_all is not empty (LaneAny_A)
  logic [Lanes-1:0]    r2_accany_q;  // lane l of r2_acc_q is not empty (AccAny_A)
  logic [Lanes*16-1:0] r2_sel_q;  // the pass bits some mask bit of their lane takes
  logic [Lanes*2-1:0]  r2_kset_q; // each lane's quad's pattern set (R2Sel_A)
  logic [Lanes*2-1:0]  r_kset;    // ... of R's group, registered into r2_kset_q
  always_comb begin
    for (int l = 0; l < Lanes; l++) r_kset[2*l +: 2] = pset(r_px_q, r_py_q, r_ps_q, 2'(l));
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) r2_q <= 1'b0;
    else if (en) r2_q <= r_q;
  end
  always_ff @(posedge clk_i) begin
    if (en) begin
      r2_last_q <= r_last;
      r2_h_q    <= r_h_q;
      r2_sg_q   <= r_sg;
      r2_pin_q  <= r_pin;
      r2_px_q   <= r_px_q;
      r2_py_q   <= r_py_q;
      r2_nlog_q <= r_nlog_q;
      r2_ps_q   <= r_ps_q;
      r2_tag_q  <= r_tag_q;
      r2_acc_q  <= r2_q && !r2_last_q ? r2_all : '0;
      r2_accany_q <= r2_q && !r2_last_q ? r2_lane : '0;
      for (int l = 0; l < Lanes; l++) begin
        r2_kset_q[2*l +: 2] <= r_kset[2*l +: 2];
        r2_sel_q[16*l +: 16] <= lane_sel(r_nlog_q, r_kset[2*l +: 2]);
      end
    end
  end
  // the pattern set of lane l's quad, ((px >> 1) + l + (py >> 1)) mod (16 / 4N) (N = 1:
  // 4 sets, N = 2: 2 sets), 0 without pattern sets
  function automatic logic [1:0] pset(input logic [PW-1:0] px, input logic [PW-1:0] py,
                                      input logic ps, input logic [1:0] l);
    pset = ps ? 2'((px >> 1) + PW'(l) + (py >> 1)) : 2'd0;
  endfunction
  // the pass bits (4 k + j: column k's test j) that some mask bit of the lane takes: all
  // when N >= 4; at N = 2 those whose test j has j / 2 = the quad's set; at N = 1 j = the
  // set
  function automatic logic [15:0] lane_sel(input logic [2:0] nlog, input logic [1:0] kset);
    for (int k = 0; k < 4; k++)
      for (int j = 0; j < 4; j++)
        unique case (nlog)
          3'd0:    lane_sel[4*k + j] = 2'(j) == kset;
          3'd1:    lane_sel[4*k + j] = 1'(j / 2) == kset[0];
          default: lane_sel[4*k + j] = 1'b1;
        endcase
  endfunction

  always_comb begin
    for (int c = 0; c < NC; c++)
      for (int j = 0; j < 4; j++)
        r2_pass[4*c + j] = r2_pin_q[c] && r2_sg_q[4*c + j] && r2_sg_q[NC*4 + 4*c + j] &&
                           r2_sg_q[2*NC*4 + 4*c + j];
  end

  // bit s of v
  function automatic logic bit4(input logic [3:0] v, input logic [1:0] s);
    bit4 = v[s];
  endfunction


  // the results at their mask bits: bit 64 l + 16 k + i, sample i of pixel k of lane l,
  // is column 4 l + k's test j = i (N = 4), 2 kset + i (N = 2; j = i without pattern
  // sets), kset (N = 1; 0 without), with kset the quad's pattern set; N = 8: column
  // 4 l + 2 (k % 2) + i / 4's test i % 4 in sub-step k / 2; N = 16: column 4 l + i / 4's
  // test i % 4 in sub-step k
  always_comb begin
    logic [1:0] kset;
    for (int l = 0; l < Lanes; l++) begin
      kset = r2_kset_q[2*l +: 2];
      for (int k = 0; k < 4; k++) begin
        for (int i = 0; i < 16; i++) begin
          unique case (r2_nlog_q)
            3'd0: r2_mask[64*l + 16*k + i] = i == 0 && bit4(r2_pass[4*(4*l + k) +: 4], kset);
            3'd1: r2_mask[64*l + 16*k + i] = i < 2 &&
                                            bit4(r2_pass[4*(4*l + k) +: 4], {kset[0], 1'(i%2)});
            3'd2: r2_mask[64*l + 16*k + i] = i < 4 && r2_pass[4*(4*l + k) + i%4];
            3'd3: r2_mask[64*l + 16*k + i] = i < 8 && r2_h_q[0] == 1'(k / 2) &&
                                            r2_pass[4*(4*l + 2*(k%2) + (i%8)/4) + i%4];
            default: r2_mask[64*l + 16*k + i] = r2_h_q == 2'(k) &&
                                                r2_pass[4*(4*l + i/4) + i%4];
          endcase
        end
      end
    end
    r2_all = r2_acc_q | r2_mask;
  end
  // Whether a lane's masks hold a sample, from the pass bits directly (not through the
  // mask placement), with the selection registered (lane_sel).
  always_comb begin
    for (int l = 0; l < Lanes; l++)
      r2_lane[l] = r2_accany_q[l] || (r2_pass[16*l +: 16] & r2_sel_q[16*l +: 16]) != '0;
  end

  // ---------------------------------------------------------------------------------
  // Stage O: the output register, with a skid register behind it (gx_skid): R and R2
  // advance on its registered ready (en), so grp_ready_i reaches no enable. A group with
  // no sample is not offered.
  logic               o_in, o_held_v;
  gx_pkg::rs_qgroup_t o_d, o_held;
  assign o_in = r2_q && r2_last_q && r2_lane != '0;
  // O's ready in the next clock (R's copies, RCopy_A): gx_skid's skid register stays
  // empty unless its output is held and it takes (or holds) a group
  assign en_d = !(grp_valid_o && !grp_ready_i && (!en || o_in));
  always_comb begin
    o_d.tag   = r2_tag_q;
    o_d.qx    = 12'(r2_px_q >> 1);
    o_d.qy    = 12'(r2_py_q >> 1);
    o_d.valid = 4'(r2_lane);
    o_d.masks = 256'(r2_all);
  end
  gx_skid #(.Width(gx_pkg::RS_QGROUP_BITS)) u_o (
    .clk_i, .rst_i,
    .in_valid_i(o_in), .in_ready_o(en), .in_data_i(o_d),
    .out_valid_o(grp_valid_o), .out_ready_i(grp_ready_i), .out_data_o(grp_o),
    .held_valid_o(o_held_v), .held_data_o(o_held)
  );
  // the skid register's payload is read only by HeldNotEmpty_A (its valid bits)
  logic unused_held;
  assign unused_held = ^{o_held.tag, o_held.qx, o_held.qy, o_held.masks};

  // ---------------------------------------------------------------------------------
  // Properties.
  localparam coef_t CoefMax = coef_t'(32'sd1 <<< 23);   // |A|, |B| <= 2^23
  localparam edge_t CMax    = edge_t'(64'sd1 <<< 45);   // |C| <= 2^45
  localparam edge_t TileMax = edge_t'(64'sd3 <<< 45);   // |E| at a tile origin < 3 * 2^45
  localparam logic signed [GW-1:0] TMax = GW'(64'sd511 <<< 24);  // T, margin < 511 * 2^24
  localparam logic signed [OW:0] SMax = (OW+1)'((64'sd1 <<< 28) - 1);  // |s| < 2^28

`ifdef GX_ASSERT_ON
  // the visit mask by its definition: the fine tile passes its corner tests and the
  // group's pixel rectangle meets the pixel range
  logic [VW-1:0] fv_a_vm;
  always_comb begin
    logic [PW+1:0] gx0, gy0;
    for (int b = 0; b < VW; b++) begin
      gx0 = (PW+2)'({a_tx_q, 4'b0000}) + (PW+2)'(x_of(b));
      gy0 = (PW+2)'({a_ty_q, 4'b0000}) + (PW+2)'(y_of(b));
      fv_a_vm[b] = &a_fok[3*(b/G) +: 3] &&
                   gx0 + (PW+2)'(2 * Lanes - 1) >= (PW+2)'(t_px0_q) &&
                   gx0 <= (PW+2)'(t_px1_q) &&
                   gy0 + (PW+2)'(1) >= (PW+2)'(t_py0_q) && gy0 <= (PW+2)'(t_py1_q);
    end
  end
  // B2's pixels in the pixel range, by comparing each pixel with it
  logic [4*Lanes-1:0] fv_inr;
  always_comb begin
    logic [PW:0] px, py;
    for (int l = 0; l < Lanes; l++) begin
      for (int k = 0; k < 4; k++) begin
        px = (PW+1)'(b2_px_q) + (PW+1)'(2 * l + k % 2);
        py = (PW+1)'(b2_py_q) + (PW+1)'(k / 2);
        fv_inr[4*l+k] = px >= (PW+1)'(t_px0_q) && px <= (PW+1)'(t_px1_q) &&
                        py >= (PW+1)'(t_py0_q) && py <= (PW+1)'(t_py1_q);
      end
    end
  end
  // R2's pattern sets and selections are its quad's and mode's
  logic [Lanes-1:0] fv_sel_bad;
  always_comb begin
    for (int l = 0; l < Lanes; l++)
      fv_sel_bad[l] = r2_kset_q[2*l +: 2] != pset(r2_px_q, r2_py_q, r2_ps_q, 2'(l)) ||
                      r2_sel_q[16*l +: 16] != lane_sel(r2_nlog_q, r2_kset_q[2*l +: 2]);
  end
  // lane l of m (64 bits a lane) holds a set bit
  function automatic logic [Lanes-1:0] fv_lane_any(input logic [Lanes*64-1:0] m);
    for (int l = 0; l < Lanes; l++) fv_lane_any[l] = m[64*l +: 64] != '0;
  endfunction
  // a legal triangle command: the setup unit's ranges (docs/raster.md)
  logic cmd_legal;
  assign cmd_legal =
      cmd_i.samples_log2 <= 3'd4 && (!cmd_i.patternsets || cmd_i.samples_log2 <= 3'd1) &&
      $signed(su.a0) >= -CoefMax && $signed(su.a0) <= CoefMax &&
      $signed(su.a1) >= -CoefMax && $signed(su.a1) <= CoefMax &&
      $signed(su.a2) >= -CoefMax && $signed(su.a2) <= CoefMax &&
      $signed(su.b0) >= -CoefMax && $signed(su.b0) <= CoefMax &&
      $signed(su.b1) >= -CoefMax && $signed(su.b1) <= CoefMax &&
      $signed(su.b2) >= -CoefMax && $signed(su.b2) <= CoefMax &&
      $signed(su.c0) >= -CMax && $signed(su.c0) <= CMax &&
      $signed(su.c1) >= -CMax && $signed(su.c1) <= CMax &&
      $signed(su.c2) >= -CMax && $signed(su.c2) <= CMax;
  // a triangle has been loaded (the datapath registers hold no reset value before)
  logic fv_loaded_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_loaded_q <= 1'b0;
    else if (tri_take) fv_loaded_q <= 1'b1;
  end
  // No edge value wraps: each computed at two more bits equals its 48-bit value. (Each
  // check sets its own bit and the bits are reduced at the end: long if-chains over
  // many elements exhaust the recursion of Yosys's SMT-LIB writer.)
  localparam int unsigned XW = EW + 2;
  localparam int unsigned NP = 3 * 4 * Lanes;   // pixel-edge values of a group
  // The products are exact by their widths; their ranges are the facts the sums need.
  localparam logic signed [PAW-1:0] PaMax = PAW'(64'sd511 <<< 23);
  localparam logic signed [GW-1:0] GMax = GW'(64'sd383 <<< 24);  // margin h (|A| + |B|)
  localparam edge_t KMax = edge_t'(64'sd1 <<< 37);  // |corner constant| < 2^33 + 2^36
  // v c for a constant c in 0..7 at XW bits, by shift and add (gx_raster_tab's terms)
  typedef logic signed [XW-1:0] xw_t;
  `GX_SHIFT_ADD_MUL(xmul, xw_t, AW)
  // 2^23 t for a tile index t: the bound of A t, |A| <= 2^23 (signed, t < 2^9)
  function automatic logic signed [PAW-1:0] bnd(input logic [TW-1:0] t);
    bnd = $signed({{(PAW-TW-23){1'b0}}, t, 23'd0});
  endfunction
  // Ghost: the coarse tile's origin values, the fine tile and the group of the group in
  // B2.
  logic [3*EW-1:0] fv_b2_e0_q;
  logic [1:0]      fv_b2_f_q;
  logic [GL:0]     fv_b2_g_q;
  logic [3*EW-1:0] fv_b2_fe_q, fv_b2_gt_q;  // the two values B added
  always_ff @(posedge clk_i) begin
    if (b_q && b2_free) begin
      fv_b2_e0_q <= b_e0_q;
      fv_b2_fe_q <= b_fsel;
      fv_b2_gt_q <= b_gsel;
      fv_b2_f_q <= b_f;
      fv_b2_g_q <= b_g;
    end
  end
  // Ghost sums of the walk: A tx, A tx0 and B ty of the tile in A, kept by the adds the
  // walk makes (so the proof needs no product of A and a tile index after prep's).
  logic [3*PAW-1:0] fv_gx_q, fv_gx0_q, fv_gy_q, fv_gy0_q;
  logic [TW-1:0]    ty0;
  assign ty0 = TW'(t_py0_q >> 4);
  always_ff @(posedge clk_i) begin
    if (tri_take) begin
      fv_gx_q  <= p_pa_q;
      fv_gx0_q <= p_pa_q;
      fv_gy_q  <= p_pb_q;
      fv_gy0_q <= p_pb_q;
    end else if (a_adv) begin
      for (int e = 0; e < 3; e++) begin
        if (a_tx_q == tx1) begin
          fv_gx_q[PAW*e +: PAW] <= fv_gx0_q[PAW*e +: PAW];
          fv_gy_q[PAW*e +: PAW] <= $signed(fv_gy_q[PAW*e +: PAW]) + PAW'(tb(e));
        end else begin
          fv_gx_q[PAW*e +: PAW] <= $signed(fv_gx_q[PAW*e +: PAW]) + PAW'(ta(e));
        end
      end
    end
  end
  logic [2:0] fv_p0_bad, fv_p1_bad, fv_p2_bad, fv_tri_bad, fv_walk_bad, fv_a_bad, fv_b_bad;
  logic [2:0] fv_er_bad, fv_bf_bad, fv_tab_bad, fv_gfe_bad, fv_ggt_bad, fv_gsum_bad;
  logic [11:0] fv_pk_bad, fv_tk_bad;
  logic [NP-1:0] fv_pix_bad;
  always_comb begin
    logic signed [XW-1:0] w, ww;
    logic signed [PAW-1:0] pa, pb, wa, wb;
    logic signed [GW-1:0] g, t;
    for (int e = 0; e < 3; e++) begin
      // prep P0: the command's ranges (CmdLegal_M), |A| + |B|, h = 0 or 128 + E
      fv_p0_bad[e] = pa_(e) > CoefMax || pa_(e) < -CoefMax ||
                     pb_(e) > CoefMax || pb_(e) < -CoefMax ||
                     $signed(p_c_q[EW*e +: EW]) > CMax || $signed(p_c_q[EW*e +: EW]) < -CMax ||
                     p_l1_q[LW*e +: LW] != LW'($unsigned(pa_(e) < 0 ? -pa_(e) : pa_(e))) +
                                           LW'($unsigned(pb_(e) < 0 ? -pb_(e) : pb_(e))) ||
                     (p_cons_q ? p_h_q < 9'd128 || p_h_q > 9'd383 : p_h_q != '0);
      // P1: the products of P0's values are in range, and g >= 128 (|A| + |B|) in
      // conservative mode (h >= 128), 0 else: the facts the sums need (their values are
      // the multipliers', not restated here: an equality of two products costs the
      // solver far more than the ranges)
      pa = $signed(p_pa_q[PAW*e +: PAW]);
      pb = $signed(p_pb_q[PAW*e +: PAW]);
      g = $signed(p_g_q[GW*e +: GW]);
      fv_p1_bad[e] = pa > PaMax || pa < -PaMax || pb > PaMax || pb < -PaMax ||
                     g < 0 || g > GMax ||
                     (p_cons_q ? g < (GW'(p_l1_q[LW*e +: LW]) <<< 7) : g != '0);
      // P2: E at the first tile's origin, exact; T and the margin in range
      w = (XW'(pa) <<< 12) + (XW'(pb) <<< 12) + XW'($signed(p_c_q[EW*e +: EW]));
      t = $signed(p_t_q[GW*e +: GW]);
      fv_p2_bad[e] = w != XW'($signed(p_e00_q[EW*e +: EW])) || w > XW'(TileMax) ||
                     w < -(XW'(TileMax)) || t < 0 || t > TMax ||
                     t != (p_cons_q ? g + (GW'(pa_(e)) <<< 7) + (GW'(pb_(e)) <<< 7) : '0);
      fv_tri_bad[e] = ta(e) > CoefMax || ta(e) < -CoefMax ||
                      tb(e) > CoefMax || tb(e) < -CoefMax ||
                      $signed(t_c_q[EW*e +: EW]) > CMax || $signed(t_c_q[EW*e +: EW]) < -CMax ||
          $signed(t_t_q[GW*e +: GW]) < 0 || $signed(t_t_q[GW*e +: GW]) > TMax;
      // the walk: the tile's and its row's values are C + 4096 (gx + gy) and
      // C + 4096 (gx0 + gy), exact, with the ghost sums below (gx = A tx, gx0 = A tx0,
      // gy = B ty): |gx0|, |gy0| <= 511 2^23 (prep's products), and each step adds at
      // most 2^23, so |gx - gx0| <= 2^23 (tx - tx0) and |gy - gy0| <= 2^23 (ty - ty0)
      // (linear bounds; the tight one, |A tx| <= 2^23 tx, is a product's, and costs the
      // solver far more): |E| < 2^45 + 2^46 = TileMax
      wa = $signed(fv_gx_q[PAW*e +: PAW]);
      wb = $signed(fv_gy_q[PAW*e +: PAW]);
      w = (XW'(wa) <<< 12) + (XW'(wb) <<< 12) + XW'($signed(t_c_q[EW*e +: EW]));
      ww = (XW'($signed(fv_gx0_q[PAW*e +: PAW])) <<< 12) + (XW'(wb) <<< 12) +
           XW'($signed(t_c_q[EW*e +: EW]));
      fv_walk_bad[e] = w != XW'($signed(a_e_q[EW*e +: EW])) ||
                       ww != XW'($signed(a_er_q[EW*e +: EW])) ||
                       wa - $signed(fv_gx0_q[PAW*e +: PAW]) > bnd(a_tx_q - tx0) ||
                       wa - $signed(fv_gx0_q[PAW*e +: PAW]) < -bnd(a_tx_q - tx0) ||
                       wb - $signed(fv_gy0_q[PAW*e +: PAW]) > bnd(a_ty_q - ty0) ||
                       wb - $signed(fv_gy0_q[PAW*e +: PAW]) < -bnd(a_ty_q - ty0) ||
                       $signed(fv_gx0_q[PAW*e +: PAW]) > PaMax ||
                       $signed(fv_gx0_q[PAW*e +: PAW]) < -PaMax ||
                       $signed(fv_gy0_q[PAW*e +: PAW]) > PaMax ||
                       $signed(fv_gy0_q[PAW*e +: PAW]) < -PaMax;
      fv_a_bad[e] = $signed(a2_e0_q[EW*e +: EW]) > TileMax ||
                    $signed(a2_e0_q[EW*e +: EW]) < -TileMax;
      fv_b_bad[e] = $signed(b_e0_q[EW*e +: EW]) > TileMax ||
                    $signed(b_e0_q[EW*e +: EW]) < -TileMax;
      // B: its fine tiles' origin values
      fv_bf_bad[e] = 1'b0;
      for (int f = 0; f < 4; f++) begin
        w = XW'($signed(b_e0_q[EW*e +: EW])) + (xmul(ta(e), f % 2) <<< 11) +
            (xmul(tb(e), f / 2) <<< 11);
        if (w != XW'($signed(b_fe_q[EW*(3*f + e) +: EW]))) fv_bf_bad[e] = 1'b1;
      end
      // the walk tables, once computed, hold the triangle's values (exact by
      // gx_raster_tab's TabExact_A)
      fv_tab_bad[e] = t_fab_q[EW*e +: EW] != t_fab_d[EW*e +: EW];
      for (int gg = 0; gg < G; gg++)
        if (t_gt_q[EW*(G*e + gg) +: EW] != t_gt_d[EW*(G*e + gg) +: EW]) fv_tab_bad[e] = 1'b1;
      for (int j = 0; j < 4 * Lanes; j++)
        if (t_d_q[DW*(4*Lanes*e + j) +: DW] != t_d_d[DW*(4*Lanes*e + j) +: DW])
          fv_tab_bad[e] = 1'b1;
      // B2: the group's origin value is its fine tile's (its coarse tile's plus 2048
      // (fx A + fy B), as B's) plus 512 (gx A + gy B), (gx, gy) the group's quad in the
      // fine tile; its pixels' values add T - x + 256 (c A + dy B); its pixel position is
      // the fine tile's and the group's, and they are read back from it as the
      // conservative harness's mirror reads them (formal/gx_raster_cons_fn.svh mgrp)
      w = '0;
      ww = '0;
      for (int f = 0; f < 4; f++)
        if (fv_b2_f_q == 2'(f))
          w = XW'($signed(fv_b2_e0_q[EW*e +: EW])) + (xmul(ta(e), f % 2) <<< 11) +
              (xmul(tb(e), f / 2) <<< 11);
      for (int gg = 0; gg < G; gg++)
        if (fv_b2_g_q == (GL+1)'(gg))
          ww = (xmul(ta(e), (gg * Lanes) % 4) <<< 9) + (xmul(tb(e), (gg * Lanes) / 4) <<< 9);
      // the two values B added: each in the form above, and their 48-bit sum exact
      fv_gfe_bad[e] = w != XW'($signed(fv_b2_fe_q[EW*e +: EW]));
      fv_ggt_bad[e] = ww != XW'($signed(fv_b2_gt_q[EW*e +: EW]));
      fv_gsum_bad[e] = XW'($signed(b2_er_q[EW*e +: EW])) !=
                       XW'($signed(fv_b2_fe_q[EW*e +: EW])) + XW'($signed(fv_b2_gt_q[EW*e +: EW]));
      w = w + ww;
      fv_er_bad[e] = w != XW'($signed(b2_er_q[EW*e +: EW])) ||
                     b2_px_q[3:1] != 3'(4 * 32'(fv_b2_f_q[0]) + (32'(fv_b2_g_q) * Lanes) % 4) ||
                     b2_py_q[3:1] != 3'(4 * 32'(fv_b2_f_q[1]) + (32'(fv_b2_g_q) * Lanes) / 4) ||
                     b2_px_q[0] || b2_py_q[0] ||
                     fv_b2_f_q != {b2_py_q[3], b2_px_q[3]} ||
                     32'(fv_b2_g_q) != (4 * 32'(b2_py_q[2:1]) + 32'(b2_px_q[2:1])) / Lanes ||
                     $signed(fv_b2_e0_q[EW*e +: EW]) > TileMax ||
                     $signed(fv_b2_e0_q[EW*e +: EW]) < -TileMax;
      for (int l = 0; l < Lanes; l++) begin
        for (int k = 0; k < 4; k++) begin
          // the group's value plus the pixel's table entry (gx_raster_tab: T - x +
          // 256 (c A + dy B), exact by TabExact_A): no wrap
          fv_pix_bad[4*Lanes*e + 4*l + k] =
              XW'($signed(b_ep[EW*(4*Lanes*e + 4*l + k) +: EW])) !=
              XW'($signed(b2_er_q[EW*e +: EW])) +
              XW'($signed(t_d_q[DW*(4*Lanes*e + 4*l + k) +: DW]));
        end
      end
    end
    for (int k = 0; k < 12; k++) begin
      fv_pk_bad[k] = $signed(p_k_q[EW*k +: EW]) > KMax || $signed(p_k_q[EW*k +: EW]) < -KMax;
      fv_tk_bad[k] = $signed(t_k_q[EW*k +: EW]) > KMax || $signed(t_k_q[EW*k +: EW]) < -KMax;
    end
  end
  // 3 A and 3 B as prep and the triangle registers hold them; each unit's position is
  // its slot's in the phase under way
  logic [2:0]     fv_p3_bad, fv_t3_bad;
  logic [SPh-1:0] fv_upos_bad;
  always_comb begin
    for (int e = 0; e < 3; e++) begin
      fv_p3_bad[e] = $signed(p_a3_q[A3W*e +: A3W]) != (A3W'(pa_(e)) + (A3W'(pa_(e)) <<< 1)) ||
                     $signed(p_b3_q[A3W*e +: A3W]) != (A3W'(pb_(e)) + (A3W'(pb_(e)) <<< 1));
      fv_t3_bad[e] = $signed(t_a3_q[A3W*e +: A3W]) != (A3W'(ta(e)) + (A3W'(ta(e)) <<< 1)) ||
                     $signed(t_b3_q[A3W*e +: A3W]) != (A3W'(tb(e)) + (A3W'(tb(e)) <<< 1));
    end
    for (int u = 0; u < SPh; u++) begin
      fv_upos_bad[u] = 1'b0;
      for (int ph = 0; ph < 16 / SPh; ph++)
        if (t_ph_q == 3'(ph))
          for (int e = 0; e < 3; e++)
            if (t_upos_q[8*(SPh*e + u) +: 8] != t_pos_q[8*(SPh*ph + u) +: 8])
              fv_upos_bad[u] = 1'b1;
    end
  end
  // every sample offset |s| < 2^28; every saturated pixel-origin value |q| <= 2^29
  logic [3*16-1:0]        fv_s_bad, fv_rs_bad;
  logic [NP-1:0]          fv_e_bad;
  logic [NP*4-1:0]        fv_sum_bad;
  always_comb begin
    logic signed [OW:0] v;
    logic signed [SW-1:0] ev;
    for (int j = 0; j < 3 * 16; j++) begin
      // slot j % 16 holds the triangle's s once its phase, (j % 16) / SPh, is over
      v = (OW+1)'($signed(t_s_q[OW*j +: OW]));
      fv_s_bad[j] = t_ph_q > 3'((j % 16) / SPh) && (v > SMax || v < -SMax);
      v = (OW+1)'($signed(r_s_q[OW*j +: OW]));
      fv_rs_bad[j] = v > SMax || v < -SMax;
    end
    for (int j = 0; j < NP; j++) begin
      ev = $signed(r_e_q[SW*j +: SW]);
      fv_e_bad[j] = ev > QMax || ev < -QMax - SW'(1);
    end
    for (int j = 0; j < NP * 4; j++)
      fv_sum_bad[j] = r_sum[(SW+1)*j + SW] != r_sum[(SW+1)*j + SW - 1];
  end
`endif
  // Environment: the command protocol and the declared input ranges.
  `GX_ASSUME(CmdHold_M, !`GX_PAST_OK || !$past(cmd_valid_i && !cmd_ready_o) ||
                        (cmd_valid_i && cmd_i == $past(cmd_i)))
  `GX_ASSUME(CmdLegal_M, !cmd_valid_i || cmd_i.op || cmd_legal)
  // Output protocol.
  `GX_ASSERT(GrpHold_A, !`GX_PAST_OK || !$past(grp_valid_o && !grp_ready_i) ||
                        (grp_valid_o && grp_o == $past(grp_o)))
  `GX_ASSERT(GrpNotEmpty_A, !grp_valid_o || grp_o.valid != '0)
  `GX_ASSERT(HeldNotEmpty_A, !o_held_v || o_held.valid != '0)
  // Stage invariants: a walk needs a loaded triangle; idle means nothing in flight.
  `GX_ASSERT(Loaded_A, !(a_q || a2_q || b_q || b2_q || r_q || r2_q) || fv_loaded_q)
  `GX_ASSERT(PrepCount_A, !p_q || p_n_q <= 2'd2)
  `GX_ASSERT(PrepFlags_A, !p_q || (p_ne_q == (p_px0_q <= p_px1_q && p_py0_q <= p_py1_q) &&
                                   p_c01_q == (p_px0_q[PW-1:4] == p_px1_q[PW-1:4]) &&
                                   p_r01_q == (p_py0_q[PW-1:4] == p_py1_q[PW-1:4])))
  `GX_ASSERT(A2NotEmpty_A, !a2_q || a2_vm_q != '0)
  `GX_ASSERT(BNotEmpty_A, !b_q || b_vm_q != '0)
  `GX_ASSERT(R2Sel_A, !r2_q || fv_sel_bad == '0)
  `GX_ASSERT(LaneAny_A, !r2_q || r2_lane == fv_lane_any(r2_all))
  `GX_ASSERT(AccAny_A, !r2_q || r2_accany_q == fv_lane_any(r2_acc_q))
  `GX_ASSERT(RLast_A, !r_q || r_last_q == last_step(r_nlog_q, r_h_q))
  `GX_ASSERT(RKp_A, !r_q || r_kp_q == kp_of(r_nlog_q, r_h_q))
  // the copies of the walker's take: prep's ready exact, the walker's emptiness never
  // early, and every copy equal
  `GX_ASSERT(TakeCopy_A, tc_rdy_q == {TC{p_q && p_n_q == 2'd2}} &&
                         tc_we_q == {TC{tc_we_q[0]}})
  `GX_ASSERT(WeSound_A, !tc_we_q[0] || walk_empty)
  // the copies of R's take and pixel selects hold their originals' values
  `GX_ASSERT(RCopy_A, rc_r_q == {RC{r_q}} && rc_b2_q == {RC{b2_q}} && rc_en_q == {RC{en}} &&
                      (!r_q || (rc_last_q == {RC{r_last_q}} &&
                                rk_kp_q == {(3*Lanes){r_kp_q}})))
  `GX_ASSERT(FirstBit_A, !b_q || (b_vm_q[b_idx_q] &&
                                  (b_vm_q & ((VW'(1) << b_idx_q) - VW'(1))) == '0))
  `GX_ASSERT(LastOne_A, !b_q || b_last_q == (b_vm_next == '0))
  // No overflow in the edge evaluation: the triangle's ranges hold, the tile-origin values
  // stay within TileMax and no 48-bit sum wraps (docs/raster.md).
  `GX_ASSERT(PrepRange_A, !p_q || fv_p0_bad == '0)
  `GX_ASSERT(PrepProducts_A, !p_q || p_n_q == 2'd0 || fv_p1_bad == '0)
  `GX_ASSERT(PrepSums_A, !p_q || p_n_q != 2'd2 || (fv_p2_bad == '0 && fv_pk_bad == '0))
  `GX_ASSERT(TriRange_A, !fv_loaded_q || (fv_tri_bad == '0 && fv_tk_bad == '0))
  `GX_ASSERT(PrepTriple_A, !p_q || p_n_q == 2'd0 || fv_p3_bad == '0)
  `GX_ASSERT(TriTriple_A, !fv_loaded_q || fv_t3_bad == '0)
  `GX_ASSERT(PhaseCount_A, t_ph_q <= PhDone)
  `GX_ASSERT(UnitPos_A, t_ph_q == PhDone || fv_upos_bad == '0)
  `GX_ASSERT(WalkTile_A, !a_q || (a_tx_q >= tx0 && a_tx_q <= tx1 &&
                                  a_ty_q >= ty0 && a_ty_q <= ty1))
  `GX_ASSERT(AFlag_A, !a_q || (a_c0_q == (a_tx_q == tx0) && a_c1_q == (a_tx_q == tx1) &&
                               a_r0_q == (a_ty_q == ty0) && a_r1_q == (a_ty_q == ty1)))
  `GX_ASSERT(RangeMask_A, !fv_loaded_q || (t_xo0_q == ge_mask(t_px0_q[3:0]) &&
                                           t_xo1_q == le_mask(t_px1_q[3:0]) &&
                                           t_yo0_q == ge_mask(t_py0_q[3:0]) &&
                                           t_yo1_q == le_mask(t_py1_q[3:0]) &&
                                           t_c01_q == (tx0 == tx1)))
  `GX_ASSERT(A2TileIn_A, !a2_q || (a2_tx_q >= tx0 && a2_tx_q <= tx1 &&
                                   a2_ty_q >= ty0 && a2_ty_q <= ty1))
  `GX_ASSERT(BTileIn_A, !b_q || (b_tx_q >= tx0 && b_tx_q <= tx1 &&
                                 b_ty_q >= ty0 && b_ty_q <= ty1))
  `GX_ASSERT(A2Flag_A, !a2_q || a2_fl_q == {a2_ty_q == ty1, a2_ty_q == ty0,
                                            a2_tx_q == tx1, a2_tx_q == tx0})
  `GX_ASSERT(BFlag_A, !b_q || b_fl_q == {b_ty_q == ty1, b_ty_q == ty0,
                                         b_tx_q == tx1, b_tx_q == tx0})
  `GX_ASSERT(B2Inr_A, !b2_q || b2_inr_q == fv_inr)
  `GX_ASSERT(AVm_A, !a_q || a_vm == fv_a_vm)
  `GX_ASSERT(WalkEdge_A, !a_q || fv_walk_bad == '0)
  `GX_ASSERT(A2EdgeRange_A, !a2_q || fv_a_bad == '0)
  `GX_ASSERT(Tables_A, !fv_loaded_q || t_ph_q == 3'd0 || fv_tab_bad == '0)
  `GX_ASSERT(BEdgeRange_A, !b_q || (fv_b_bad == '0 && fv_bf_bad == '0))
  `GX_ASSERT(GroupFe_A, !b2_q || fv_gfe_bad == '0)
  `GX_ASSERT(GroupGt_A, !b2_q || fv_ggt_bad == '0)
  `GX_ASSERT(GroupSum_A, !b2_q || fv_gsum_bad == '0)
  `GX_ASSERT(GroupOrigin_A, !b2_q || fv_er_bad == '0)
  `GX_ASSERT(GroupPix_A, !b2_q || fv_pix_bad == '0)
  // No overflow: the offsets and the clamped edge values stay in their ranges, so every
  // per-sample sum E_pix + S fits SampleSumBits.
  `GX_ASSERT(OffsetRange_A, (!fv_loaded_q || fv_s_bad == '0) && (!r_q || fv_rs_bad == '0))
  // The offsets are complete before stage R reads them: A2, B and B2 hold a triangle's
  // tiles and groups 2, 3 and 4 clocks after it is taken at the earliest, in phases 1, 2
  // and 3 or later (R's copy takes phase 3's places from the units).
  `GX_ASSERT(PhaseA2_A, !a2_q || t_ph_q >= 3'd1)
  `GX_ASSERT(PhaseB_A, !b_q || t_ph_q >= 3'd2)
  `GX_ASSERT(PhaseB2_A, !b2_q || t_ph_q >= PhDone - 3'd1)
  `GX_ASSERT(PixelEdgeRange_A, !r_q || fv_e_bad == '0)
  // R's sub-steps: none while empty, at most the last of its N; the masks of earlier
  // sub-steps only after the first
  `GX_ASSERT(RStep_A, r_q ? (r_nlog_q == 3'd4 || r_h_q <= 2'd1) &&
                            (r_nlog_q >= 3'd3 || r_h_q == 2'd0) : r_h_q == 2'd0)
  // R2 holds a sub-step of R's group, and the masks of its earlier sub-steps only after
  // the first; R2's sub-step is not its group's last only while R holds the next one
  `GX_ASSERT(R2Step_A, !r2_q || ((r2_nlog_q == 3'd4 || r2_h_q <= 2'd1) &&
                                 (r2_nlog_q >= 3'd3 || r2_h_q == 2'd0) &&
                                 r2_last_q == (r2_nlog_q == 3'd4 ? r2_h_q == 2'd3 :
                                               r2_nlog_q == 3'd3 ? r2_h_q == 2'd1 : 1'b1)))
  `GX_ASSERT(R2Next_A, !(r2_q && !r2_last_q) ||
                       (r_q && r_h_q == r2_h_q + 2'd1 && r_nlog_q == r2_nlog_q))
  `GX_ASSERT(RAcc_A, !r2_q || r2_h_q != 2'd0 || r2_acc_q == '0)
  `GX_ASSERT(NoOverflow_A, !r_q || fv_sum_bad == '0)

`ifdef FORMAL
  // ---- formal/gx_raster.sby.j2 task `exact` (formal only: the watched value and offset
  // are free constants of the proof).
  // Stage B2's split test is the exact one: for the watched pixel-edge value E (b_ep,
  // exact by GroupOrigin_A, GroupPix_A and TabExact_A) and every offset |s| < 2^28,
  // q' + s >= 0 exactly when E + 16 s > 0, or = 0 on an inclusive edge.
  (* anyconst *) logic [$clog2(3*4*Lanes)-1:0] fv_j;
  (* anyconst *) logic signed [OW-1:0] fv_s;
  logic fv_split, fv_exact;
  always_comb begin
    logic signed [EW+1:0] x;
    // b_ep is E + T - x (x = 1 on an exclusive edge): E + T is b_ep + x
    x = (EW+2)'($signed(b_ep[EW*32'(fv_j) +: EW])) +
        (EW+2)'(!t_incl_q[32'(fv_j) / (4*Lanes)]) + ((EW+2)'(fv_s) <<< 4);
    fv_split = (SW+1)'($signed(b_e[SW*32'(fv_j) +: SW])) + (SW+1)'(fv_s) >= 0;
    fv_exact = x > 0 || (x == 0 && t_incl_q[32'(fv_j) / (4*Lanes)]);
  end
  `GX_ASSERT(PixelExact_A, !b2_q || 32'(fv_j) >= 3*4*Lanes || (OW+1)'(fv_s) > SMax ||
                           (OW+1)'(fv_s) < -SMax || fv_split == fv_exact)
  // not vacuous: a pixel-edge value that passes with a nonzero offset, and one that is
  // exactly 0 after it
  `GX_COVER(PixelExactHit_C, b2_q && 32'(fv_j) < 3*4*Lanes && fv_s != '0 && fv_exact)
  `GX_COVER(PixelExactZero_C, b2_q && 32'(fv_j) < 3*4*Lanes && fv_s != '0 &&
                              $signed(b_ep[EW*32'(fv_j) +: EW]) +
                              EW'(!t_incl_q[32'(fv_j) / (4*Lanes)]) == -((EW'(fv_s)) <<< 4))
`endif

  `GX_COVER(Msaa1_C, grp_valid_o && t_nlog_q == 3'd0 && !t_ps_q && t_incl_q != 3'b111)
  `GX_COVER(Msaa2_C, grp_valid_o && t_nlog_q == 3'd1 && !t_ps_q)
  `GX_COVER(Msaa4_C, grp_valid_o && t_nlog_q == 3'd2)
  `GX_COVER(Msaa8_C, grp_valid_o && t_nlog_q == 3'd3)
  `GX_COVER(Msaa16_C, grp_valid_o && t_nlog_q == 3'd4)
  `GX_COVER(Sets1_C, grp_valid_o && t_nlog_q == 3'd0 && t_ps_q)
  `GX_COVER(Sets2_C, grp_valid_o && t_nlog_q == 3'd1 && t_ps_q)
  `GX_COVER(Conservative_C, grp_valid_o && t_cons_q)
  `GX_COVER(CoarseReject_C, a_adv && a_vm == '0)
  `GX_COVER(FineReject_C, a_adv && a_vm != '0 && a_fok != '1)
  `GX_COVER(Overlap_C, p_q && p_n_q == 2'd2 && !walk_empty)
  `GX_COVER(WeLate_C, p_q && p_n_q == 2'd2 && walk_empty && !tc_we_q[0])
  `GX_COVER(TableWrite_C, tbl_take && !walk_empty)
  `GX_COVER(Stall_C, `GX_PAST_OK && $past(grp_valid_o && !grp_ready_i) && grp_valid_o)
endmodule

`default_nettype wire
