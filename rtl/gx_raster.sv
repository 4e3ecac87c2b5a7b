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
// the triangle's N. A write is taken at once; a triangle is taken when the walk of the
// previous one has left the pipeline (cmd_ready_o = op is a write || walker empty).
// Output (grp, valid/ready, rs_qgroup_t): the quad groups with coverage, in traversal
// order; a group holds Lanes side-by-side quads of one fine-tile row.
//
// Pipeline, one enable per stage:
//   (load) the triangle's registers; its 16 slot offsets per edge follow in the three
//       clocks it spends in A, A2 and B at the earliest (6 slots a clock)
//   A   coarse walker: one coarse tile a clock over the pixel range, corner test
//   A2  the four fine tiles' corner tests and the range give the tile's visit mask
//   B   group walker: one group a clock from the visit mask (lowest bit first); edge
//       values at its pixels' origins, clamped to SampleSumBits
//   R   per-sample tests of 4 Lanes columns x 4 samples x 3 edges: a group in one clock
//       at N <= 4, two at N = 8, four at N = 16
//   O   output register (a group with coverage)
// Throughput: 16 Lanes sample tests per clock (Lanes quads with all their samples at
// N <= 4, one group a clock); a coarse tile the corner test rejects costs a clock of A
// only, hidden while B is busy. A triangle costs about 5 clocks of fill and drain (the
// next one waits for the walker to empty).
`default_nettype none
`include "gx_assert.svh"

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

  // v n for a 4-bit n, by shift and add (no multiplier: n selects the terms).
  function automatic logic signed [OW-1:0] nib_mul(input logic signed [AW-1:0] v,
                                                    input logic [3:0] n);
    int b;
    nib_mul = '0;
    for (b = 0; b < 4; b++) if (n[b]) nib_mul = nib_mul + (OW'(v) <<< b);
  endfunction

  // v c for a constant c in 0..7, by shift and add.
  function automatic logic signed [EW-1:0] const_mul(input logic signed [AW-1:0] v,
                                                     input int unsigned c);
    int b;
    const_mul = '0;
    for (b = 0; b < 3; b++) if (((c >> b) & 1) != 0) const_mul = const_mul + (EW'(v) <<< b);
  endfunction

  // ---------------------------------------------------------------------------------
  // Handshake and stage valid bits.
  logic en;          // R and O advance: O is empty or its group is taken
  logic a_q, a2_q, b_q, r_q, o_q;
  logic a_adv;       // A hands its tile to A2
  logic a2_has;      // A2 holds a tile with something to visit
  logic b_take;      // B takes A2's tile
  logic b_last;      // B's current group is its tile's last
  logic walk_empty;  // A, A2, B and R are empty
  logic tri_take, tbl_take;

  assign en          = !o_q || grp_ready_i;
  assign walk_empty  = !a_q && !a2_q && !b_q && !r_q;
  assign cmd_ready_o = cmd_i.op || walk_empty;
  assign tri_take    = cmd_valid_i && !cmd_i.op && walk_empty;
  assign tbl_take    = cmd_valid_i && cmd_i.op;
  assign grp_valid_o = o_q;
  assign idle_o      = walk_empty && !o_q;

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
  // Triangle registers, loaded when a triangle is taken.
  gx_pkg::rs_setup_t su;
  assign su = cmd_i.setup;

  logic [3*AW-1:0]      t_a_q, t_b_q, t_a_d, t_b_d;
  logic [3*EW-1:0]      t_c_q, t_c_d;
  logic [3*GW-1:0]      t_g_q, t_g_d;          // corner-test margin per edge (>= 0)
  logic [3*GW-1:0]      t_t_q, t_t_d;          // conservative: T per edge (else 0)
  logic [3*16*OW-1:0]   t_s_q;                 // s at test place u, per edge (phases)
  logic [16*8-1:0]      t_pos_q, t_pos_d;      // positions at the test places (x, y)
  logic [2:0]           t_incl_q, t_incl_d;
  logic [2:0]           t_nlog_q;
  logic                 t_ps_q;
  logic [PW-1:0]        t_px0_q, t_py0_q, t_px1_q, t_py1_q;
  logic [15:0]          t_tag_q;

  always_comb begin
    coef_t a, b, an, bn;
    edge_t c;
    logic [AW:0] l1;                    // |A| + |B| <= 2^24
    logic [8:0] h;                      // 128 + E
    logic signed [GW-1:0] t;
    t_a_d = '0;
    t_b_d = '0;
    t_c_d = '0;
    t_g_d = '0;
    t_t_d = '0;
    t_pos_d = '0;
    t_incl_d = '0;
    t = '0;
    h = 9'd128 + 9'(cmd_i.cons_err);
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
      t_a_d[AW*e +: AW] = a;
      t_b_d[AW*e +: AW] = b;
      t_c_d[EW*e +: EW] = c;
      an = a < 0 ? -a : a;
      bn = b < 0 ? -b : b;
      l1 = (AW+1)'($unsigned(an)) + (AW+1)'($unsigned(bn));
      if (cmd_i.conservative) begin
        // T = E(center) - E(origin) + h (|A| + |B|) = 128 (A + B) + h (|A| + |B|),
        // 0 <= T < 511 * 2^24 < 2^33
        // (added to the pixel values in stage B; every sample offset is 0)
        t = GW'($signed({1'b0, h}) * $signed({1'b0, l1})) + (GW'(a) <<< 7) + (GW'(b) <<< 7);
        t_g_d[GW*e +: GW] = GW'($signed({1'b0, h}) * $signed({1'b0, l1}));
        t_t_d[GW*e +: GW] = t;
      end
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
        t_pos_d[8*u +: 8] = tbl_prog_q ? tbl_q[8*slot +: 8]
                                       : std_pos(cmd_i.samples_log2, slot);
      end
    end
    t_incl_d = cmd_i.conservative ? 3'b111 : su.incl;
  end

  always_ff @(posedge clk_i) begin
    if (tri_take) begin
      t_a_q    <= t_a_d;
      t_b_q    <= t_b_d;
      t_c_q    <= t_c_d;
      t_g_q    <= t_g_d;
      t_t_q    <= t_t_d;
      t_pos_q  <= t_pos_d;
      t_incl_q <= t_incl_d;
      t_nlog_q <= cmd_i.conservative ? 3'd0 : cmd_i.samples_log2;
      t_ps_q   <= !cmd_i.conservative && cmd_i.patternsets;
      t_px0_q  <= su.px0;
      t_py0_q  <= su.py0;
      t_px1_q  <= su.px1;
      t_py1_q  <= su.py1;
      t_tag_q  <= cmd_i.tag;
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
  // edge, computed SPh places a clock in the three clocks after it is taken (phases 0,
  // 1, 2: places 0..5, 6..11, 12..15), while stages A, A2 and B hold its first tile. Stage
  // R, the first to read them, holds its first group 4 clocks after it is taken at the
  // earliest (PhaseR_A), so this costs no clock and a third of the multipliers.
  localparam int unsigned SPh = 6;                      // slots a clock
  localparam logic [1:0] PhDone = 2'((16 + SPh - 1) / SPh);  // the phase count: 3
  logic [1:0] t_ph_q;                         // the phase computed this clock, or done
  logic [3*SPh*OW-1:0] t_su;                  // unit u's s for edge e, at (SPh e + u) OW

  always_ff @(posedge clk_i) begin
    if (rst_i) t_ph_q <= PhDone;
    else if (tri_take) t_ph_q <= '0;
    else if (t_ph_q != PhDone) t_ph_q <= t_ph_q + 2'd1;
  end
  always_comb begin
    logic [7:0] pos;
    for (int e = 0; e < 3; e++) begin
      for (int u = 0; u < SPh; u++) begin
        pos = '0;  // unit u computes slot SPh ph + u in phase ph
        for (int s = u; s < 16; s += SPh)
          if (t_ph_q == 2'(s / SPh)) pos = t_pos_q[8*s +: 8];
        // S = 16 s, s = A sx + B sy, |s| <= 2 * 2^23 * 15 < 2^28
        t_su[(SPh*e + u)*OW +: OW] = nib_mul(ta(e), pos[7:4]) + nib_mul(tb(e), pos[3:0]);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    for (int s = 0; s < 16; s++)
      if (t_ph_q == 2'(s / SPh))
        for (int e = 0; e < 3; e++)
          t_s_q[(16*e + s)*OW +: OW] <= t_su[(SPh*e + s % SPh)*OW +: OW];
  end


  // ---------------------------------------------------------------------------------
  // Stage A: coarse walker and corner test.
  logic [TW-1:0] a_tx_q, a_ty_q;
  logic [TW-1:0] tx0, tx1, ty1;
  logic [3*EW-1:0] a_e0;     // edges at the coarse tile's origin
  logic a_ok;                // the corner test passes
  logic [2:0] a_eok;         // ... for edge e (gx_raster_corner, 16x16 pixels)
  localparam int unsigned PAW = AW + TW + 1;   // A tx, exact: |A tx| <= 2^23 * 511
  logic [3*PAW-1:0] a_pa, a_pb;                // A tx and B ty per edge
  assign tx0 = TW'(t_px0_q >> 4);
  assign tx1 = TW'(t_px1_q >> 4);
  assign ty1 = TW'(t_py1_q >> 4);

  always_comb begin
    edge_t e0;
    logic signed [PAW-1:0] pa, pb;
    for (int e = 0; e < 3; e++) begin
      // E(256 * 16 tx, 256 * 16 ty): |A x| <= 2^23 * 2^21, |C| <= 2^45, |E| <= 2^46
      pa = ta(e) * $signed({1'b0, a_tx_q});
      pb = tb(e) * $signed({1'b0, a_ty_q});
      a_pa[PAW*e +: PAW] = pa;
      a_pb[PAW*e +: PAW] = pb;
      e0 = (edge_t'(pa) <<< 12) + (edge_t'(pb) <<< 12) + $signed(t_c_q[EW*e +: EW]);
      a_e0[EW*e +: EW] = e0;
    end
  end
  // the edge's largest value over the closed coarse tile, plus the margin, is >= 0
  for (genvar e = 0; e < 3; e++) begin : gen_a_corner
    gx_raster_corner #(.Lg(4)) u_corner (
      .a_i(ta(e)), .b_i(tb(e)),
      .e0_i($signed(a_e0[EW*e +: EW])), .g_i($signed(t_g_q[GW*e +: GW])),
      .ok_o(a_eok[e])
    );
  end
  assign a_ok = &a_eok;

  logic a2_free;
  assign a_adv = a_q && a2_free;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      a_q <= 1'b0;
    end else if (tri_take) begin
      a_q <= su.px0 <= su.px1 && su.py0 <= su.py1;
    end else if (a_adv && a_tx_q == tx1 && a_ty_q == ty1) begin
      a_q <= 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    if (tri_take) begin
      a_tx_q <= TW'(su.px0 >> 4);
      a_ty_q <= TW'(su.py0 >> 4);
    end else if (a_adv) begin
      if (a_tx_q == tx1) begin
        a_tx_q <= tx0;
        a_ty_q <= a_ty_q + 1'b1;
      end else begin
        a_tx_q <= a_tx_q + 1'b1;
      end
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage A2: fine-tile corner tests and the visit mask (bit f G + g: group g of fine
  // tile f, groups row-major, Lanes quads each).
  logic [TW-1:0]   a2_tx_q, a2_ty_q;
  logic [3*EW-1:0] a2_e0_q;
  logic [VW-1:0]   a2_vm;

  logic [4*3*EW-1:0] a2_fe;   // fine tile f's origin value for edge e, at (3 f + e) EW
  logic [4*3-1:0]    a2_fok;  // fine tile f passes the corner test for edge e

  always_comb begin
    edge_t fe;
    for (int f = 0; f < 4; f++) begin
      for (int e = 0; e < 3; e++) begin
        fe = $signed(a2_e0_q[EW*e +: EW]);
        if (f % 2 == 1) fe = fe + (edge_t'(ta(e)) <<< 11);
        if (f / 2 == 1) fe = fe + (edge_t'(tb(e)) <<< 11);
        a2_fe[EW*(3*f+e) +: EW] = fe;
      end
    end
  end
  // the edge's largest value over the closed fine tile, plus the margin, is >= 0
  for (genvar k = 0; k < 12; k++) begin : gen_a2_corner
    gx_raster_corner #(.Lg(3)) u_corner (
      .a_i(ta(k % 3)), .b_i(tb(k % 3)),
      .e0_i($signed(a2_fe[EW*k +: EW])), .g_i($signed(t_g_q[GW*(k%3) +: GW])),
      .ok_o(a2_fok[k])
    );
  end

  always_comb begin
    logic [3:0] fok;
    logic [PW+1:0] gx0, gx1, gy0, gy1;  // a group's pixel rectangle
    for (int f = 0; f < 4; f++) begin
      fok[f] = &a2_fok[3*f +: 3];
      for (int g = 0; g < G; g++) begin
        gx0 = (PW+2)'({a2_tx_q, 4'b0000}) + (PW+2)'(8 * (f % 2) + 2 * ((g * Lanes) % 4));
        gy0 = (PW+2)'({a2_ty_q, 4'b0000}) + (PW+2)'(8 * (f / 2) + 2 * ((g * Lanes) / 4));
        gx1 = gx0 + (PW+2)'(2 * Lanes - 1);
        gy1 = gy0 + (PW+2)'(1);
        a2_vm[G*f+g] = fok[f] && gx1 >= (PW+2)'(t_px0_q) && gx0 <= (PW+2)'(t_px1_q) &&
                       gy1 >= (PW+2)'(t_py0_q) && gy0 <= (PW+2)'(t_py1_q);
      end
    end
  end

  assign a2_has  = a2_q && a2_vm != '0;
  assign a2_free = !a2_has || b_take;

  always_ff @(posedge clk_i) begin
    if (rst_i) a2_q <= 1'b0;
    else if (a2_free) a2_q <= a_adv && a_ok;
  end
  always_ff @(posedge clk_i) begin
    if (a_adv) begin
      a2_tx_q <= a_tx_q;
      a2_ty_q <= a_ty_q;
      a2_e0_q <= a_e0;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage B: the group walker. Issues the lowest set bit of the visit mask each clock.
  logic [TW-1:0]   b_tx_q, b_ty_q;
  logic [3*EW-1:0] b_e0_q;
  logic [VW-1:0]   b_vm_q, b_vm_next;
  logic [VL-1:0]   b_idx;
  logic [PW-1:0]   b_px, b_py;      // the group's upper-left pixel
  logic [3*4*Lanes*SW-1:0] b_e;     // q' at each pixel's origin (below)
  logic [3*4*Lanes*EW-1:0] b_ep;    // E at each pixel's origin (plus T)
  logic [3*EW-1:0]         b_er;    // edge value at the group's origin
  localparam int unsigned PBW = AW + 6;      // A dx0, exact: |A dx0| <= 2^23 * 7
  logic [3*PBW-1:0]        b_qa, b_qb;     // A dx0 and B dy0 per edge
  logic [4*Lanes-1:0]      b_inr;   // the pixel is in the pixel range

  always_comb begin
    b_idx = '0;
    for (int j = VW - 1; j >= 0; j--) if (b_vm_q[j]) b_idx = VL'(j);
  end
  assign b_vm_next = b_vm_q & ~(VW'(1) << b_idx);
  assign b_last    = b_vm_next == '0;
  assign b_take    = a2_has && (!b_q || (r_free && b_last));

  always_comb begin
    logic [1:0] f;
    logic [GL:0] g;
    logic [4:0] dx0, dy0;     // the group's origin within the coarse tile, pixels / 2
    edge_t er, ep, er1;
    logic signed [SW-1:0] qv;
    logic [8*EW-1:0] am;      // A c 256 for c = 0..7
    logic signed [PBW-1:0] qa, qb;
    logic [PW:0] px, py;
    f = 2'(b_idx >> GL);
    g = (GL+1)'(b_idx & VL'(G - 1));
    dx0 = 5'(4 * 32'(f[0])) + 5'((32'(g) * Lanes) % 4);
    dy0 = 5'(4 * 32'(f[1])) + 5'((32'(g) * Lanes) / 4);
    b_px = {b_tx_q, 4'b0000} + PW'({dx0, 1'b0});
    b_py = {b_ty_q, 4'b0000} + PW'({dy0, 1'b0});
    for (int e = 0; e < 3; e++) begin
      // E at the group origin: tile origin + 512 (dx0 A + dy0 B), |E| < 2^47
      qa = '0;
      qb = '0;
      for (int j = 0; j < 3; j++) begin
        if (dx0[j]) qa = qa + (PBW'(ta(e)) <<< j);
        if (dy0[j]) qb = qb + (PBW'(tb(e)) <<< j);
      end
      b_qa[PBW*e +: PBW] = qa;
      b_qb[PBW*e +: PBW] = qb;
      er = $signed(b_e0_q[EW*e +: EW]) + (edge_t'(qa) <<< 9) + (edge_t'(qb) <<< 9);
      b_er[EW*e +: EW] = er;
      // conservative: + T (the center's offset and the grown margin); |E + T| < 2^47
      er = er + edge_t'($signed(t_t_q[GW*e +: GW]));
      er1 = er + (edge_t'(tb(e)) <<< 8);       // the group's second pixel row
      for (int c = 0; c < 8; c++) am[EW*c +: EW] = const_mul(ta(e), c) <<< 8;
      for (int l = 0; l < Lanes; l++) begin
        for (int k = 0; k < 4; k++) begin
          ep = (k / 2 == 1 ? er1 : er) + $signed(am[EW*(2 * l + k % 2) +: EW]);
          b_ep[EW*(4*Lanes*e + 4*l + k) +: EW] = ep;
          // E = 16 q + r (q = E >>> 4, 0 <= r < 16); a sample passes when
          // E + 16 s - (incl ? 0 : 1) >= 0, that is when q' + s >= 0 with q' = q - 1 if
          // r = 0 on an exclusive edge, else q' = q. q is saturated at +-2^29 when
          // |E| >= 2^33: every |s| < 2^28, so the sign of q' + s is then E's.
          if (ep[EW-1:33] == '0 || ep[EW-1:33] == '1)
            qv = SW'($signed(ep[33:4]));
          else
            qv = ep[EW-1] ? -QMax : QMax;
          if (ep[3:0] == 4'd0 && !t_incl_q[e]) qv = qv - SW'(1);
          b_e[SW*(4*Lanes*e + 4*l + k) +: SW] = qv;
        end
      end
    end
    for (int l = 0; l < Lanes; l++) begin
      for (int k = 0; k < 4; k++) begin
        px = (PW+1)'(b_px) + (PW+1)'(2 * l + k % 2);
        py = (PW+1)'(b_py) + (PW+1)'(k / 2);
        b_inr[4*l+k] = px >= (PW+1)'(t_px0_q) && px <= (PW+1)'(t_px1_q) &&
                       py >= (PW+1)'(t_py0_q) && py <= (PW+1)'(t_py1_q);
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) b_q <= 1'b0;
    else if (b_take) b_q <= 1'b1;
    else if (r_free && b_last) b_q <= 1'b0;
  end
  always_ff @(posedge clk_i) begin
    if (b_take) begin
      b_tx_q <= a2_tx_q;
      b_ty_q <= a2_ty_q;
      b_e0_q <= a2_e0_q;
      b_vm_q <= a2_vm;
    end else if (b_q && r_free) begin
      b_vm_q <= b_vm_next;
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
  // its own place, the set chosen among the results).
  localparam int unsigned NC = 4 * Lanes;     // columns (pixels a clock at N <= 4)
  logic [PW-1:0]           r_px_q, r_py_q;
  logic [3*4*Lanes*SW-1:0] r_e_q;
  logic [4*Lanes-1:0]      r_inr_q;
  logic [1:0]              r_h_q;   // the sub-step (N = 8: 0..1, N = 16: 0..3)
  logic                    r_last;  // this sub-step is the group's last
  logic                    r_free;  // R takes B's group this clock (or is empty)
  logic [Lanes*64-1:0]     r_acc_q; // the masks of the group's earlier sub-steps

  assign r_last = t_nlog_q == 3'd4 ? r_h_q == 2'd3 : t_nlog_q == 3'd3 ? r_h_q == 2'd1 : 1'b1;
  assign r_free = !r_q || (en && r_last);

  always_ff @(posedge clk_i) begin
    if (rst_i) r_q <= 1'b0;
    else if (r_free) r_q <= b_q;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i || r_free) r_h_q <= '0;
    else if (en) r_h_q <= r_h_q + 2'd1;
  end
  always_ff @(posedge clk_i) begin
    if (r_free && b_q) begin
      r_px_q  <= b_px;
      r_py_q  <= b_py;
      r_e_q   <= b_e;
      r_inr_q <= b_inr;
    end
  end

  logic [4*2-1:0]      r_kp;      // k' of the columns c with c % 4 = m, at 2 m
  logic [NC*4-1:0]     r_pass;    // column c's sample j passes, at 4 c + j
  logic [Lanes*64-1:0] r_mask;    // this sub-step's results, at the group's mask bits
  logic [Lanes*64-1:0] r_all;     // the group's masks once this sub-step is done
  logic [Lanes-1:0]    r_lane;
  logic [3*NC*4*(SW+1)-1:0] r_sum;  // every sample sum, one bit wider (NoOverflow_A)

  always_comb begin
    for (int m = 0; m < 4; m++) begin
      unique case (t_nlog_q)
        3'd3:    r_kp[2*m +: 2] = {r_h_q[0], 1'(m / 2)};
        3'd4:    r_kp[2*m +: 2] = r_h_q;
        default: r_kp[2*m +: 2] = 2'(m);
      endcase
    end
  end

  always_comb begin
    logic [1:0] kp;
    logic signed [SW:0] sum;
    logic signed [SW-1:0] q;
    logic pass, inr;
    for (int c = 0; c < NC; c++) begin
      kp = r_kp[2*(c%4) +: 2];
      inr = 1'b0;
      for (int m = 0; m < 4; m++) if (kp == 2'(m)) inr = r_inr_q[4*(c/4) + m];
      for (int j = 0; j < 4; j++) begin
        pass = inr;
        for (int e = 0; e < 3; e++) begin
          // the sample passes the edge when q' + s >= 0 (stage B): one sign; s is the
          // offset at test place 4 (c % 4) + j (the load stage's order)
          q = '0;
          for (int m = 0; m < 4; m++)
            if (kp == 2'(m)) q = $signed(r_e_q[SW*(NC*e + 4*(c/4) + m) +: SW]);
          sum = (SW+1)'(q) + (SW+1)'($signed(t_s_q[(16*e + 4*(c%4) + j)*OW +: OW]));
          r_sum[(SW+1)*((e*NC + c)*4 + j) +: SW+1] = sum;
          if (sum < 0) pass = 1'b0;
        end
        r_pass[4*c + j] = pass;
      end
    end
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
      // set ((px >> 1) + (py >> 1)) mod (16 / 4N): N = 1: 4 sets, N = 2: 2 sets
      kset = 2'((r_px_q >> 1) + PW'(l) + (r_py_q >> 1));
      if (!t_ps_q) kset = 2'd0;
      for (int k = 0; k < 4; k++) begin
        for (int i = 0; i < 16; i++) begin
          unique case (t_nlog_q)
            3'd0: r_mask[64*l + 16*k + i] = i == 0 && bit4(r_pass[4*(4*l + k) +: 4], kset);
            3'd1: r_mask[64*l + 16*k + i] = i < 2 &&
                                            bit4(r_pass[4*(4*l + k) +: 4], {kset[0], 1'(i%2)});
            3'd2: r_mask[64*l + 16*k + i] = i < 4 && r_pass[4*(4*l + k) + i%4];
            3'd3: r_mask[64*l + 16*k + i] = i < 8 && r_h_q[0] == 1'(k / 2) &&
                                            r_pass[4*(4*l + 2*(k%2) + (i%8)/4) + i%4];
            default: r_mask[64*l + 16*k + i] = r_h_q == 2'(k) && r_pass[4*(4*l + i/4) + i%4];
          endcase
        end
      end
    end
    r_all = r_acc_q | r_mask;
    for (int l = 0; l < Lanes; l++) r_lane[l] = r_all[64*l +: 64] != '0;
  end

  always_ff @(posedge clk_i) begin
    if (r_free) r_acc_q <= '0;
    else if (en) r_acc_q <= r_all;
  end

  // ---------------------------------------------------------------------------------
  // Stage O: the output register.
  always_ff @(posedge clk_i) begin
    if (rst_i) o_q <= 1'b0;
    else if (en) o_q <= r_q && r_last && r_lane != '0;
  end
  always_ff @(posedge clk_i) begin
    if (en && r_q && r_last) begin
      grp_o.tag   <= t_tag_q;
      grp_o.qx    <= 12'(r_px_q >> 1);
      grp_o.qy    <= 12'(r_py_q >> 1);
      grp_o.valid <= 4'(r_lane);
      grp_o.masks <= 256'(r_all);
    end
  end

  // ---------------------------------------------------------------------------------
  // Properties.
  localparam coef_t CoefMax = coef_t'(32'sd1 <<< 23);   // |A|, |B| <= 2^23
  localparam edge_t CMax    = edge_t'(64'sd1 <<< 45);   // |C| <= 2^45
  localparam edge_t TileMax = edge_t'(64'sd1 <<< 46);   // |E| at a tile origin <= 2^46
  localparam logic signed [GW-1:0] TMax = GW'(64'sd511 <<< 24);  // T, margin < 511 * 2^24
  localparam logic signed [OW:0] SMax = (OW+1)'((64'sd1 <<< 28) - 1);  // |s| < 2^28

`ifdef GX_ASSERT_ON
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
  localparam logic signed [PBW-1:0] PbMax = PBW'(64'sd7 <<< 23);
  logic [2:0] fv_tri_bad, fv_a_bad, fv_b_bad, fv_e0_bad, fv_er_bad, fv_pa_bad, fv_pb_bad;
  logic [NP-1:0] fv_ep_bad;
  always_comb begin
    logic signed [XW-1:0] w, ww;
    logic signed [PAW-1:0] pa, pb;
    logic signed [PBW-1:0] qa, qb;
    for (int e = 0; e < 3; e++) begin
      pa = $signed(a_pa[PAW*e +: PAW]);
      pb = $signed(a_pb[PAW*e +: PAW]);
      qa = $signed(b_qa[PBW*e +: PBW]);
      qb = $signed(b_qb[PBW*e +: PBW]);
      fv_pa_bad[e] = pa > PaMax || pa < -PaMax || pb > PaMax || pb < -PaMax;
      fv_pb_bad[e] = qa > PbMax || qa < -PbMax || qb > PbMax || qb < -PbMax;
      fv_tri_bad[e] = ta(e) > CoefMax || ta(e) < -CoefMax ||
                      tb(e) > CoefMax || tb(e) < -CoefMax ||
                      $signed(t_c_q[EW*e +: EW]) > CMax || $signed(t_c_q[EW*e +: EW]) < -CMax ||
          $signed(t_t_q[GW*e +: GW]) < 0 || $signed(t_t_q[GW*e +: GW]) > TMax ||
          $signed(t_g_q[GW*e +: GW]) < 0 || $signed(t_g_q[GW*e +: GW]) > TMax;
      fv_a_bad[e] = $signed(a2_e0_q[EW*e +: EW]) > TileMax ||
                    $signed(a2_e0_q[EW*e +: EW]) < -TileMax;
      fv_b_bad[e] = $signed(b_e0_q[EW*e +: EW]) > TileMax ||
                    $signed(b_e0_q[EW*e +: EW]) < -TileMax;
      w = (XW'(pa) <<< 12) + (XW'(pb) <<< 12) + XW'($signed(t_c_q[EW*e +: EW]));
      fv_e0_bad[e] = w != XW'($signed(a_e0[EW*e +: EW])) || w > XW'(TileMax) ||
                     w < -(XW'(TileMax));
      w = XW'($signed(b_e0_q[EW*e +: EW])) + (XW'(qa) <<< 9) + (XW'(qb) <<< 9);
      fv_er_bad[e] = w != XW'($signed(b_er[EW*e +: EW]));
      for (int l = 0; l < Lanes; l++) begin
        for (int k = 0; k < 4; k++) begin
          ww = w + XW'($signed(t_t_q[GW*e +: GW])) + (XW'(ta(e)) * XW'(32'(2 * l + k % 2)) <<< 8)
                 + (XW'(tb(e)) * XW'(32'(k / 2)) <<< 8);
          fv_ep_bad[4*Lanes*e + 4*l + k] =
              ww != XW'($signed(b_ep[EW*(4*Lanes*e + 4*l + k) +: EW]));
        end
      end
    end
  end
  // every sample offset |s| < 2^28; every saturated pixel-origin value |q| <= 2^29
  logic [3*16-1:0]        fv_s_bad;
  logic [NP-1:0]          fv_e_bad;
  logic [NP*4-1:0]        fv_sum_bad;
  always_comb begin
    logic signed [OW:0] v;
    logic signed [SW-1:0] ev;
    for (int j = 0; j < 3 * 16; j++) begin
      // slot j % 16 holds the triangle's s once its phase, (j % 16) / SPh, is over
      v = (OW+1)'($signed(t_s_q[OW*j +: OW]));
      fv_s_bad[j] = t_ph_q > 2'((j % 16) / SPh) && (v > SMax || v < -SMax);
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
  // Stage invariants: a walk needs a loaded triangle; idle means nothing in flight.
  `GX_ASSERT(Loaded_A, !(a_q || a2_q || b_q || r_q) || fv_loaded_q)
  `GX_ASSERT(BNotEmpty_A, !b_q || b_vm_q != '0)
  // No overflow in the edge evaluation: the triangle's ranges hold, the tile-origin values
  // stay within 2^46 and no 48-bit sum wraps (docs/raster.md).
  `GX_ASSERT(TriRange_A, !fv_loaded_q || fv_tri_bad == '0)
  `GX_ASSERT(TileProducts_A, !a_q || fv_pa_bad == '0)
  `GX_ASSERT(GroupProducts_A, !b_q || fv_pb_bad == '0)
  `GX_ASSERT(TileEdgeFits_A, !a_q || fv_e0_bad == '0)
  `GX_ASSERT(A2EdgeRange_A, !a2_q || fv_a_bad == '0)
  `GX_ASSERT(BEdgeRange_A, !b_q || fv_b_bad == '0)
  `GX_ASSERT(GroupEdgeFits_A, !b_q || (fv_er_bad == '0 && fv_ep_bad == '0))
  // No overflow: the offsets and the clamped edge values stay in their ranges, so every
  // per-sample sum E_pix + S fits SampleSumBits.
  `GX_ASSERT(OffsetRange_A, !fv_loaded_q || fv_s_bad == '0)
  // The offsets are complete before stage R reads them: A2, B and R hold a triangle's
  // tiles and groups 2, 3 and 4 clocks after it is taken at the earliest.
  `GX_ASSERT(PhaseA2_A, !a2_q || t_ph_q >= 2'd1)
  `GX_ASSERT(PhaseB_A, !b_q || t_ph_q >= 2'd2)
  `GX_ASSERT(PhaseR_A, !r_q || t_ph_q == PhDone)
  `GX_ASSERT(PixelEdgeRange_A, !r_q || fv_e_bad == '0)
  // R's sub-steps: none while empty, at most the last of its N; the masks of earlier
  // sub-steps only after the first
  `GX_ASSERT(RStep_A, r_q ? (t_nlog_q == 3'd4 || r_h_q <= 2'd1) &&
                            (t_nlog_q >= 3'd3 || r_h_q == 2'd0) : r_h_q == 2'd0)
  `GX_ASSERT(RAcc_A, !r_q || r_h_q != 2'd0 || r_acc_q == '0)
  `GX_ASSERT(NoOverflow_A, !r_q || fv_sum_bad == '0)

`ifdef FORMAL
  // ---- formal/gx_raster.sby.j2 task `exact` (formal only: the watched value and offset
  // are free constants of the proof).
  // Stage B's split test is the exact one: for the watched pixel-edge value E (b_ep,
  // proven exact by GroupEdgeFits_A) and every offset |s| < 2^28, q' + s >= 0 exactly
  // when E + 16 s > 0, or = 0 on an inclusive edge.
  (* anyconst *) logic [$clog2(3*4*Lanes)-1:0] fv_j;
  (* anyconst *) logic signed [OW-1:0] fv_s;
  logic fv_split, fv_exact;
  always_comb begin
    logic signed [EW+1:0] x;
    x = (EW+2)'($signed(b_ep[EW*32'(fv_j) +: EW])) + ((EW+2)'(fv_s) <<< 4);
    fv_split = (SW+1)'($signed(b_e[SW*32'(fv_j) +: SW])) + (SW+1)'(fv_s) >= 0;
    fv_exact = x > 0 || (x == 0 && t_incl_q[32'(fv_j) / (4*Lanes)]);
  end
  `GX_ASSERT(PixelExact_A, !b_q || 32'(fv_j) >= 3*4*Lanes || (OW+1)'(fv_s) > SMax ||
                           (OW+1)'(fv_s) < -SMax || fv_split == fv_exact)
  // not vacuous: a pixel-edge value that passes with a nonzero offset, and one that is
  // exactly 0 after it
  `GX_COVER(PixelExactHit_C, b_q && 32'(fv_j) < 3*4*Lanes && fv_s != '0 && fv_exact)
  `GX_COVER(PixelExactZero_C, b_q && 32'(fv_j) < 3*4*Lanes && fv_s != '0 &&
                              $signed(b_ep[EW*32'(fv_j) +: EW]) == -((EW'(fv_s)) <<< 4))
`endif

  `GX_COVER(Msaa1_C, grp_valid_o && t_nlog_q == 3'd0 && !t_ps_q && t_incl_q != 3'b111)
  `GX_COVER(Msaa2_C, grp_valid_o && t_nlog_q == 3'd1 && !t_ps_q)
  `GX_COVER(Msaa4_C, grp_valid_o && t_nlog_q == 3'd2)
  `GX_COVER(Msaa8_C, grp_valid_o && t_nlog_q == 3'd3)
  `GX_COVER(Msaa16_C, grp_valid_o && t_nlog_q == 3'd4)
  `GX_COVER(Sets1_C, grp_valid_o && t_nlog_q == 3'd0 && t_ps_q)
  `GX_COVER(Sets2_C, grp_valid_o && t_nlog_q == 3'd1 && t_ps_q)
  `GX_COVER(Conservative_C, grp_valid_o && t_g_q != '0)
  `GX_COVER(CoarseReject_C, a_adv && !a_ok)
  `GX_COVER(FineReject_C, a2_q && !a2_has)
  `GX_COVER(TableWrite_C, tbl_take && !walk_empty)
  `GX_COVER(Stall_C, `GX_PAST_OK && $past(grp_valid_o && !grp_ready_i) && grp_valid_o)
endmodule

`default_nettype wire
