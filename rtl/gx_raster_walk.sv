// gx_raster_walk: the rasterizer's walker. Takes prepared triangles (gx_raster_prep, by
// sequence number from the rings it writes) and issues test items
// (gx_raster_pkg::rs_item_t), one a clock, to the sample test (gx_raster_test), in the C
// model's traversal order: the coarse tiles (16 x 16 pixels) of the pixel range row by
// row; in each, its fine tiles (8 x 8) row by row; in each, its quad rows (8 x 2 pixels)
// top down; in each, its groups (Lanes quads) left to right; for each group its H steps
// (N <= 4: 1, N = 8: 2, N = 16: 4).
//
// Four iterators, each handing on one piece a clock into a free-running pipeline (no
// enables, no stall), which writes what it finds into a small FIFO of distributed RAM
// that the next iterator works on in place (gx_fifo_lut's head register; the iterator's
// own state, what is left of the head, in registers loaded as the head loads, so its
// decision comes from registers). An iterator hands on a piece only when the FIFO it
// feeds has room for every piece in flight to it (a registered credit), so nothing
// downstream of an iterator ever waits. Each pipeline stage that needs its triangle's
// constants reads them from its own ring (slot seq % 16, written by prep) into a
// register: rings A, F, G and I in distributed RAM, read in the clock their word is
// used; rings C and R in block RAM, read at a register's address (next_q's copy, FIFO F's
// head's sequence number's) a clock before, the RAM's output straight into a register.
//   WA   coarse tiles: E' at the tile's origin walked by adding 4096 A along a row and
//        4096 B from the row's first tile (no multiplier); takes the next triangle in
//        the clock it hands on the last tile, so triangles follow without a gap
//   C    (ring: the fine tiles' corner constants) -> the four fine tiles' corner tests
//        and range: a fine mask; a tile with none is dropped          -> FIFO F
//   WF   fine tiles of the head, lowest first
//   F    (ring: the fine tile's offset) -> E' at its origin -> (ring: the rows' corner
//        constants, the range) -> the four quad rows' tests and range, each row's groups'
//        range: a group mask; none: dropped                           -> FIFO R
//   WR   groups of the head, lowest first
//   G    (ring: the row's and group's offsets, the range) -> E' at the group's origin,
//        its pixels' range bits                                        -> FIFO G
//   GR   the head group's H steps (cred_i: the test's credit)
//   I    (ring: the step offset D(h), tag, mode) -> E' at the step's base pixel: the item
// Throughput: one item a clock; a triangle every clock into WA at the most.
`default_nettype none
`include "gx_assert.svh"

module gx_raster_walk #(
  parameter int unsigned Lanes = 4  /// quads a group: 1, 2 or 4
) (
  input  wire logic                   clk_i,        /// clock, rising edge
  input  wire logic                   rst_i,        /// synchronous reset, active high
  /// a prepared triangle is written ... (copies, equal: [0] the counts, [1..6] rings A,
  /// C, F, R, G, I)
  input  wire logic [gx_raster_pkg::WEC-2:0] tri_we_i,
  input  wire gx_raster_pkg::rs_tri_t tri_i,        /// ... this one, at slot seq % 16
  input  wire logic [gx_raster_pkg::QW-1:0] pushed_i, /// triangles written (mod 32)
  input  wire logic                   cred_i,       /// the test has room for an item
  input  wire logic                   cred_n_i,     /// cred_i of the next clock
  output      logic                   issue_o,      /// GR hands on an item this clock
  output      logic                   rt_re_o,      /// the item after GR: read the test's
  output      logic [3:0]             rt_addr_o,    /// ring at its triangle's slot
  output      logic                   item_valid_o, /// the item register holds an item
  output      gx_raster_pkg::rs_item_t item_o,      /// the item (registered)
  output      logic [gx_raster_pkg::QW-1:0] next_o, /// the next triangle WA takes
  output      logic                   next_inc_o,   /// next_o is one more in the next clock
  output      logic                   busy_o,       /// work in the walker
  output      logic                   idle_o,       /// !busy_o && !item_valid_o (a
                                                    /// register, for the retire pointer)
  output      logic                   i1_valid_o,   /// I1 holds an item (issued)
  output      logic [gx_raster_pkg::QW-1:0] adm_seq_o /// item_o.seq while item_valid_o (a
                                                    /// copy, for prep's admission)
);
  localparam int unsigned AW = gx_raster_pkg::AW;
  localparam int unsigned EW = gx_raster_pkg::EW;
  localparam int unsigned ES = gx_raster_pkg::ES;
  localparam int unsigned EV = EW - ES;       // floor(E' / 2^ES), the walker's E'
  // the walk's offsets are 2^12 A or B (WA), 2^11 (A, B, A + B) (F), 2^9 multiples of A
  // and B (G) and D (I): of floor(E' / 2^ES) the bits below 12 - ES, 11 - ES, 9 - ES and
  // LS - ES pass, and only the bits above are added
  localparam int unsigned SA = 12 - ES, SF = 11 - ES, SG = 9 - ES;
  // from FIFO G on: floor(E' / 2^ES) limited to +-2^(IW - 2 - ES) (the item's width less
  // ES: gx_raster_pkg's rs_item_t)
  localparam int unsigned IW = gx_raster_pkg::IW;
  localparam int unsigned IV = IW - ES;
  localparam int unsigned KW = gx_raster_pkg::KW;
  localparam int unsigned MW = gx_raster_pkg::MW;
  localparam int unsigned LS = gx_raster_pkg::LS;
  localparam int unsigned PW = gx_raster_pkg::PW;
  localparam int unsigned TW = gx_raster_pkg::TW;
  localparam int unsigned QW = gx_raster_pkg::QW;
  localparam int unsigned XW = gx_raster_pkg::XW;

  typedef logic signed [EV-1:0] edge_t;
  localparam int unsigned GPR = 4 / Lanes;      // groups a quad row
  localparam int unsigned G = 16 / Lanes;       // groups a fine tile
  localparam int unsigned GL = $clog2(G);
  localparam int unsigned FD = 16;              // words of each FIFO
  localparam int unsigned FCW = $clog2(FD) + 1;

  gx_raster_pkg::rs_tri_t t;
  assign t = tri_i;

  // ---------------------------------------------------------------------------------
  // The rings: each reader's constants of the triangles written, at slot seq % 16.
  typedef struct packed {           // WA, as it takes the triangle
    logic [2:0][EV-1:0] e00;          // floor(E' / 2^ES)
    logic [2:0][AW-1:0] a, b;
    logic [TW-1:0]      tx0, ty0;    // the first coarse tile
    logic [TW-1:0]      tx1m, ty1m;  // the last coarse tile's column and row, less 1
    logic               c1, r1;      // one column, one row of coarse tiles
  } ra_t;
  typedef struct packed {           // C
    logic [3:0][2:0][KW-ES-1:0] kfc;  // kfc / 2^ES (a multiple of 2^ES: RkLow_A)
    logic [3:0]         r3;  // bit 3 of px0, px1, py0, py1 (the fine tiles' range)
  } rc_t;
  typedef struct packed {           // F, the fine tile's offset
    logic [2:0][AW-1:0] a, b;
    logic [2:0][XW-1:0] ab;
  } rf_t;
  typedef struct packed {           // F, the rows' tests
    logic [3:0][2:0][KW-ES-1:0] krc;  // krc / 2^ES (RkLow_A)
    logic [PW-1:0]      px0, px1, py0, py1;
  } rr_t;
  typedef struct packed {           // G
    logic [2:0][AW-1:0] a, b;
    logic [2:0][XW-1:0] a3, b3;
    logic [PW-1:0]      px0, px1, py0, py1;
    logic [2:0]         nlog;
  } rg_t;
  typedef struct packed {           // I
    logic [2:0][2:0][MW-LS-1:0] d;  // D / 2^LS (D is a multiple of 2^LS: RiLow_A)
    logic [15:0]        tag;
    logic [2:0]         nlog;
    logic               ps;
  } ri_t;
  ra_t ra_w, ra;
  rc_t rc_w, rc;
  rf_t rf_w, rf;
  rr_t rr_w, rr;
  rg_t rg_w, rg;
  ri_t ri_w, ri;
  always_comb begin
    for (int e = 0; e < 3; e++) ra_w.e00[e] = t.e00[e][EW-1:ES];
    ra_w.a   = t.a;
    ra_w.b   = t.b;
    ra_w.tx0  = TW'(t.px0 >> 4);
    ra_w.ty0  = TW'(t.py0 >> 4);
    ra_w.tx1m = TW'(t.px1 >> 4) - 1'b1;
    ra_w.ty1m = TW'(t.py1 >> 4) - 1'b1;
    ra_w.c1  = t.px0[PW-1:4] == t.px1[PW-1:4];
    ra_w.r1  = t.py0[PW-1:4] == t.py1[PW-1:4];
    for (int f = 0; f < 4; f++)
      for (int e = 0; e < 3; e++) rc_w.kfc[f][e] = t.kfc[f][e][KW-1:ES];
    rc_w.r3  = {t.px0[3], t.px1[3], t.py0[3], t.py1[3]};
    rf_w.a   = t.a;
    rf_w.b   = t.b;
    rf_w.ab  = t.ab;
    for (int r = 0; r < 4; r++)
      for (int e = 0; e < 3; e++) rr_w.krc[r][e] = t.krc[r][e][KW-1:ES];
    rr_w.px0 = t.px0;
    rr_w.px1 = t.px1;
    rr_w.py0 = t.py0;
    rr_w.py1 = t.py1;
    rg_w.a   = t.a;
    rg_w.b   = t.b;
    rg_w.a3  = t.a3;
    rg_w.b3  = t.b3;
    rg_w.px0 = t.px0;
    rg_w.px1 = t.px1;
    rg_w.py0 = t.py0;
    rg_w.py1 = t.py1;
    rg_w.nlog = t.nlog;
    for (int e = 0; e < 3; e++)
      for (int i = 0; i < 3; i++) ri_w.d[e][i] = t.d[e][i][MW-1:LS];
    ri_w.tag = t.tag;
    ri_w.nlog = t.nlog;
    ri_w.ps  = t.ps;
  end
  logic unused_tri;  // the rest of the record is the sample test's (its own ring)
  // (E''s and kf's, kr's bits below ES: P mod 2^ES decides no sample, and kf, kr are
  // multiples of 2^ES, so every test of the walker and of the sample test is the same on
  // floor(E' / 2^ES): docs/raster.md, "Widths")
  logic unused_low;
  always_comb begin
    unused_low = 1'b0;
    for (int e = 0; e < 3; e++) begin
      unused_low = unused_low ^ (^t.e00[e][ES-1:0]);
      for (int f = 0; f < 4; f++) unused_low = unused_low ^ (^t.kfc[f][e][ES-1:0]) ^
                                               (^t.krc[f][e][ES-1:0]);
    end
  end
  assign unused_tri = ^{t.k, t.o, t.seq[4], unused_low};

  logic [3:0] ra_addr, rf_addr, rr_addr, rg_addr, ri_addr;
  logic       tri_we;  // the counts' copy
  assign tri_we = tri_we_i[0];
  // ring A in four parts, each edge's E', A, B and the bounds, each read at its own copy
  // of next_q (ra_addr_q[k], RaAddr_A), by the WA registers the part loads (WA's copy k)
  localparam int unsigned RAE = EV + 2 * AW, RAB = 4 * TW + 2;
  logic [2:0][RAE-1:0] rae_w, rae;  // edge e's {E', A, B}
  logic [RAB-1:0]      rab_w, rab;  // {tx0, ty0, tx1m, ty1m, c1, r1}
  logic [3:0][3:0] ra_addr_q;
  always_comb begin
    for (int e = 0; e < 3; e++) begin
      rae_w[e] = {ra_w.e00[e], ra_w.a[e], ra_w.b[e]};
      {ra.e00[e], ra.a[e], ra.b[e]} = rae[e];
    end
    rab_w = {ra_w.tx0, ra_w.ty0, ra_w.tx1m, ra_w.ty1m, ra_w.c1, ra_w.r1};
    {ra.tx0, ra.ty0, ra.tx1m, ra.ty1m, ra.c1, ra.r1} = rab;
  end
  for (genvar e = 0; e < 3; e++) begin : gen_rae
    gx_ram_lut #(.Depth(16), .Width(RAE)) u_ra (
      .clk_i, .we_i(tri_we_i[1]), .waddr_i(t.seq[3:0]), .wdata_i(rae_w[e]),
      .raddr_i(ra_addr_q[e]), .rdata_o(rae[e]));
  end
  gx_ram_lut #(.Depth(16), .Width(RAB)) u_ra (
    .clk_i, .we_i(tri_we_i[1]), .waddr_i(t.seq[3:0]), .wdata_i(rab_w),
    .raddr_i(ra_addr_q[3]), .rdata_o(rab));
  // ring C in block RAM: read every clock at its own copy of next_q (rc_addr_q,
  // RcAddr_A), so a triangle's word leaves the RAM's output in the clock after its take,
  // straight into C1's constant registers (loaded then alone, rc_ld_q). A triangle is
  // taken from the clock after its write, and the slot written in the clock of a take is
  // another triangle's (the window: NoCollision_A).
  localparam int unsigned RCW = ($bits(rc_w) + 7) / 8 * 8;
  logic [3:0]      rc_addr_q;
  logic            rc_ld_q;       // a triangle was taken in the clock before
  logic [RCW-1:0]  rc_rd;
  gx_ram_1r1w #(.Depth(16), .Width(RCW), .OutReg(1'b0), .AlwaysRead(1'b1)) u_rc (
    .clk_i, .rst_i,
    .re_i(tri_take), .raddr_i(rc_addr_q), .rdata_o(rc_rd),
    .we_i({(RCW / 8){tri_we_i[2]}}), .waddr_i(t.seq[3:0]), .wdata_i(RCW'(rc_w)));
  assign rc = rc_rd[$bits(rc_w)-1:0];
  logic unused_rc;
  assign unused_rc = ^rc_rd;
  gx_ram_lut #(.Depth(16), .Width($bits(rf_w))) u_rf (
    .clk_i, .we_i(tri_we_i[3]), .waddr_i(t.seq[3:0]), .wdata_i(rf_w),
    .raddr_i(rf_addr), .rdata_o(rf));
  // ring R in block RAM: read every clock at a copy of FIFO F's head's sequence number
  // (rr_addr_q, RrAddr_A), so the word of the fine tile WF hands on leaves the RAM's
  // output in F1's clock, straight into F2's constant registers (f2_krc_q, the range). The
  // head's triangle was written before WA took it, and the slot written in any clock is
  // another triangle's (the window: NoCollision_A).
  localparam int unsigned RRW = ($bits(rr_w) + 7) / 8 * 8;
  logic [RRW-1:0]  rr_rd;
  gx_ram_1r1w #(.Depth(16), .Width(RRW), .OutReg(1'b0), .AlwaysRead(1'b1)) u_rr (
    .clk_i, .rst_i,
    .re_i(wf_emit), .raddr_i(rr_addr), .rdata_o(rr_rd),
    .we_i({(RRW / 8){tri_we_i[4]}}), .waddr_i(t.seq[3:0]), .wdata_i(RRW'(rr_w)));
  assign rr = rr_rd[$bits(rr_w)-1:0];
  logic unused_rr;
  assign unused_rr = ^rr_rd;
  gx_ram_lut #(.Depth(16), .Width($bits(rg_w))) u_rg (
    .clk_i, .we_i(tri_we_i[5]), .waddr_i(t.seq[3:0]), .wdata_i(rg_w),
    .raddr_i(rg_addr), .rdata_o(rg));
  gx_ram_lut #(.Depth(16), .Width($bits(ri_w))) u_ri (
    .clk_i, .we_i(tri_we_i[6]), .waddr_i(t.seq[3:0]), .wdata_i(ri_w),
    .raddr_i(ri_addr), .rdata_o(ri));

  // ---------------------------------------------------------------------------------
  // Helpers.
  function automatic logic [1:0] low4(input logic [3:0] v);
    low4 = '0;
    for (int j = 3; j >= 0; j--) if (v[j]) low4 = 2'(j);
  endfunction
  function automatic logic one4(input logic [3:0] v);
    one4 = (v & (v - 4'd1)) == 4'd0;
  endfunction
  function automatic logic [GL-1:0] low_g(input logic [G-1:0] v);
    low_g = '0;
    for (int j = G - 1; j >= 0; j--) if (v[j]) low_g = GL'(j);
  endfunction
  function automatic logic one_g(input logic [G-1:0] v);
    one_g = (v & (v - G'(1))) == '0;
  endfunction
  // the last step of a group at N = 2^nlog
  function automatic logic [1:0] steps_m1(input logic [2:0] nlog);
    steps_m1 = nlog == 3'd4 ? 2'd3 : nlog == 3'd3 ? 2'd1 : 2'd0;
  endfunction

  // ---------------------------------------------------------------------------------
  // WA: the coarse walker; hands on its tile into C when C's FIFO has room (cred_c_q).
  logic            wa_v_q, wa_last, avail_q, cred_c_q;
  // the triangles written and not yet taken (pushed_i - next_q) and whether that is one,
  // registers, so avail_d (their next value is not 0) needs no adder or compare
  logic [QW-1:0]   navail_q, navail_d;
  logic            one_q;
  // The iterators' decisions (here and WF's, WR's) are kept as nets, so synthesis
  // cannot merge a decision into the LUTs of the ring data it selects (those sit by the
  // rings, far from the enables the decision drives).
  (* keep *) logic wa_adv, tri_take;
  logic [QW-1:0]   next_q, wa_seq_q;
  logic [TW-1:0]   wa_tx_q, wa_ty_q, wa_tx0_q, wa_tx1m_q, wa_ty1m_q;
  logic            wa_c1t_q;                // the triangle has one column of coarse tiles
  logic [2:0][AW-1:0] wa_a_q, wa_b_q;
  logic [2:0][EV-1:0] wa_e_q, wa_er_q;      // E' at the tile's origin, at its row's first
  logic            wa_c0_q, wa_c1_q, wa_r0_q, wa_r1_q;  // first/last column, row
  logic            wa_last_q;               // the last tile: wa_c1_q && wa_r1_q
  // the tile after this one is the last (wa_last_q after an advance, WaLa_A): formed with
  // the counters' next values, so the take's decision (wa_last_d) meets no compare
  logic            wa_la_q;
  // the next values of WA's state, of C's credit and of the decisions
  logic            wa_v_d, avail_d, wa_last_d, cred_c_d, take_d, wa_en_d;
  // WA's take and its take-or-advance, registered: decided a clock ahead from the next
  // values above, in WC copies, each the clock enable of one group of WA's registers
  // (each edge's E' values and steps, the counters and the triangle's bounds) and driven
  // by nothing but its flip-flop
  localparam int unsigned WC = 4;
  logic [WC-1:0]   wa_tk_q, wa_en_q;

  assign ra_addr  = next_q[3:0];
  for (genvar k = 0; k < 4; k++) begin : gen_raa
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) ra_addr_q[k] <= '0;
      else if (tri_take) ra_addr_q[k] <= ra_addr_q[k] + 1'b1;
    end
  end
  (* keep *) always_ff @(posedge clk_i) begin
    if (rst_i) begin
      rc_addr_q <= '0;
      rc_ld_q   <= 1'b0;
    end else begin
      if (tri_take) rc_addr_q <= rc_addr_q + 1'b1;
      rc_ld_q <= tri_take;
    end
  end
  assign wa_last  = wa_last_q;
  assign wa_adv   = wa_v_q && cred_c_q;
  assign tri_take = avail_q && (!wa_v_q || (wa_adv && wa_last));
  assign next_o   = next_q;
  // the take (a LUT of registers; a copy of wa_tk_q would be placed by prep, far from
  // the take's logic)
  assign next_inc_o = tri_take;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wa_v_q   <= 1'b0;
      next_q   <= '0;
      avail_q  <= 1'b0;
      navail_q <= '0;
      one_q    <= 1'b0;
    end else begin
      wa_v_q   <= wa_v_d;
      if (tri_take) next_q <= next_q + 1'b1;
      avail_q  <= avail_d;
      navail_q <= navail_d;
      one_q    <= navail_d == QW'(1);
    end
  end
  for (genvar k = 0; k < WC; k++) begin : gen_wc
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) begin
        wa_tk_q[k] <= 1'b0;
        wa_en_q[k] <= 1'b0;
      end else begin
        wa_tk_q[k] <= take_d;
        wa_en_q[k] <= wa_en_d;
      end
    end
  end
  // the triangle's bounds and the counters: copy WC - 1
  always_ff @(posedge clk_i) begin
    wa_last_q <= wa_last_d;
    if (wa_tk_q[WC-1]) begin
      wa_seq_q <= next_q;
      wa_tx0_q <= ra.tx0;
      wa_tx1m_q <= ra.tx1m;
      wa_ty1m_q <= ra.ty1m;
      wa_c1t_q <= ra.c1;
      wa_tx_q  <= ra.tx0;
      wa_ty_q  <= ra.ty0;
      wa_c0_q  <= 1'b1;
      wa_c1_q  <= ra.c1;
      wa_r0_q  <= 1'b1;
      wa_r1_q  <= ra.r1;
      wa_la_q  <= ra.c1 ? ra.ty0 == ra.ty1m : ra.tx0 == ra.tx1m && ra.r1;
    end else if (wa_en_q[WC-1]) begin
      if (wa_c1_q) begin
        wa_tx_q <= wa_tx0_q;
        wa_ty_q <= wa_ty_q + 1'b1;
        wa_c0_q <= 1'b1;
        wa_c1_q <= wa_c1t_q;
        wa_r0_q <= 1'b0;
        wa_r1_q <= wa_ty_q == wa_ty1m_q;
        wa_la_q <= wa_c1t_q ? TW'(wa_ty_q + 1'b1) == wa_ty1m_q
                            : wa_tx0_q == wa_tx1m_q && wa_ty_q == wa_ty1m_q;
      end else begin
        wa_tx_q <= wa_tx_q + 1'b1;
        wa_c0_q <= 1'b0;
        wa_c1_q <= wa_tx_q == wa_tx1m_q;
        wa_la_q <= wa_tx_q == wa_tx1m_q ? wa_c1t_q && wa_ty_q == wa_ty1m_q
                                        : TW'(wa_tx_q + 1'b1) == wa_tx1m_q && wa_r1_q;
      end
    end
  end
  // each edge's E' values and steps: copy e
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++) begin
      if (wa_tk_q[e]) begin
        wa_a_q[e]  <= ra.a[e];
        wa_b_q[e]  <= ra.b[e];
        wa_e_q[e]  <= ra.e00[e];
        wa_er_q[e] <= ra.e00[e];
      end else if (wa_en_q[e]) begin
        if (wa_c1_q) begin
          wa_e_q[e]  <= {wa_er_q[e][EV-1:SA] + (EV-SA)'($signed(wa_b_q[e])), wa_er_q[e][SA-1:0]};
          wa_er_q[e] <= {wa_er_q[e][EV-1:SA] + (EV-SA)'($signed(wa_b_q[e])), wa_er_q[e][SA-1:0]};
        end else begin
          wa_e_q[e]  <= {wa_e_q[e][EV-1:SA] + (EV-SA)'($signed(wa_a_q[e])), wa_e_q[e][SA-1:0]};
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------
  // C: a coarse tile's fine tiles. C1 the tile as WA hands it on, with its triangle's
  // corner constants; C2 the corner tests, each edge's apart (E'(coarse origin) +
  // kfc[f][e] >= 0, the sign at its sum's carry chain), and the range; C3 the fine mask:
  // fine tile f passes when all three edges pass and it meets the range (a fine tile
  // outside the pixel range lies only in the range's first or last column or row of
  // coarse tiles: fine column 0 is out when the tile is the first column and px0 % 16 >=
  // 8, column 1 when it is the last and px1 % 16 < 8, rows alike).
  typedef struct packed {           // a coarse tile
    logic [QW-1:0]      seq;
    logic [TW-1:0]      tx, ty;
    logic [3:0]         fl;         // the range's {last row, first row, last col, first col}
    logic [2:0][EV-1:0] e;
  } rec_c_t;
  typedef struct packed {           // a coarse tile with its fine mask (FIFO F)
    logic [QW-1:0]      seq;
    logic [TW-1:0]      tx, ty;
    logic [3:0]         mask;
    logic [2:0][EV-1:0] e;
  } rec_cm_t;
  logic            c1_v_q, c2_v_q, c3_v_q;
  rec_c_t          c1_q;
  logic [3:0][2:0][KW-ES-1:0] c1_kfc_q;
  logic [3:0]      c1_r3_q;
  rec_cm_t         c2_q, c3_q;      // c2_q.mask: the fine tiles that meet the range
  logic [3:0][2:0] c2_neg_q;        // fine tile f, edge e: E' + kfc[f][e] < 0 (the sign)
  logic            c3_nz_q;         // c3_q's mask is not 0: the tile goes on to FIFO F
  logic            c3_drop_q;       // C3 holds a tile whose mask is 0 (C's credit's drop)
  logic            c3_push_q;       // C3 holds a tile whose mask is not 0 (FIFO F's push:
                                    // a register of its own, loaded only by the FIFO)
  logic [FCW-1:0]  used_c;          // tiles in C1..C3 and words in FIFO F
  logic            c3_nz_d;         // C2's fine tiles that pass: not none
  always_comb begin
    c3_nz_d = 1'b0;
    for (int f = 0; f < 4; f++)
      c3_nz_d = c3_nz_d || (c2_q.mask[f] && c2_neg_q[f] == 3'b000);
  end
  always_ff @(posedge clk_i) begin
    c1_q.seq <= wa_seq_q;
    c1_q.tx  <= wa_tx_q;
    c1_q.ty  <= wa_ty_q;
    c1_q.fl  <= {wa_r1_q, wa_r0_q, wa_c1_q, wa_c0_q};
    c1_q.e   <= wa_e_q;
    if (rc_ld_q) begin
      c1_kfc_q <= rc.kfc;
      c1_r3_q  <= rc.r3;
    end
    c2_q.seq <= c1_q.seq;
    c2_q.tx  <= c1_q.tx;
    c2_q.ty  <= c1_q.ty;
    c2_q.e   <= c1_q.e;
    begin
      logic [3:0] fl;
      logic [1:0] fx_ok, fy_ok;
      fl = c1_q.fl;
      fx_ok = {!(fl[1] && !c1_r3_q[2]), !(fl[0] && c1_r3_q[3])};
      fy_ok = {!(fl[3] && !c1_r3_q[0]), !(fl[2] && c1_r3_q[1])};
      for (int f = 0; f < 4; f++) begin
        c2_q.mask[f] <= fx_ok[f % 2] && fy_ok[f / 2];
        for (int e = 0; e < 3; e++) begin
          edge_t s;
          s = $signed(c1_q.e[e]) + EV'($signed(c1_kfc_q[f][e]));
          c2_neg_q[f][e] <= s[EV-1];
        end
      end
    end
    begin
      logic [3:0] m;
      for (int f = 0; f < 4; f++) m[f] = c2_q.mask[f] && c2_neg_q[f] == 3'b000;
      c3_q.seq  <= c2_q.seq;
      c3_q.tx   <= c2_q.tx;
      c3_q.ty   <= c2_q.ty;
      c3_q.e    <= c2_q.e;
      c3_q.mask <= m;
      c3_nz_q   <= c3_nz_d;
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      c1_v_q <= 1'b0;
      c2_v_q <= 1'b0;
      c3_v_q <= 1'b0;
      c3_push_q <= 1'b0;
      c3_drop_q <= 1'b0;
    end else begin
      c1_v_q <= wa_adv;
      c3_push_q <= c2_v_q && c3_nz_d;
      c3_drop_q <= c2_v_q && !c3_nz_d;
      c2_v_q <= c1_v_q;
      c3_v_q <= c2_v_q;
    end
  end

  // FIFO F and WF: the head's fine tiles, lowest first (wf_rest_q: those not yet handed
  // on, a register that follows the head: loaded with its mask as the head loads, its
  // lowest bit cleared as one is handed on; wf_last_q: one is left, and wf_ic_q: copies
  // of the lowest one's index, one for each edge's offset select in F1, registered from
  // the mask's next value, so the pop and the choice come from registers)
  logic            ff_push, ff_pop, ff_valid, cred_f_q, ff_ld;
  (* keep *) logic wf_emit;
  rec_cm_t         ff_head, ff_next;
  logic [FCW-1:0]  ff_count;
  logic [3:0]      wf_rest_q;
  (* keep *) logic [3:0] wf_rest_e;
  (* keep *) logic wf_last_n, wf_last_e;
  (* keep *) logic [1:0] wf_ic_n, wf_ic_e;
  logic            wf_last_q;
  logic [2:0][1:0] wf_ic_q;
  (* keep *) logic [1:0] wf_idx;
  // the pop (wf_emit && wf_last) a register, decided a clock ahead (below, PopAhead_A): the
  // head's load enables are one LUT of registers
  logic            wf_pop_q;
  assign ff_push = c3_push_q;
  assign ff_pop  = wf_pop_q;
  gx_fifo_lut #(.Width($bits(c3_q)), .Depth(FD), .HeadGroups(2)) u_ff (
    .clk_i, .rst_i, .push_i(ff_push), .in_data_i(c3_q), .pop_i(ff_pop),
    .valid_o(ff_valid), .head_o(ff_head), .count_o(ff_count), .load_o(ff_ld),
    .next_o(ff_next));
  assign wf_idx  = low4(wf_rest_q);
  assign wf_emit = ff_valid && cred_f_q;
  // the next values with and without a load, each formed apart (kept nets), so the
  // load only selects
  assign wf_rest_e = wf_emit ? wf_rest_q & (wf_rest_q - 4'd1) : wf_rest_q;
  assign wf_last_n = one4(ff_next.mask);
  assign wf_last_e = one4(wf_rest_e);
  assign wf_ic_n   = low4(ff_next.mask);
  assign wf_ic_e   = low4(wf_rest_e);
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wf_rest_q <= '0;
      wf_last_q <= 1'b1;
    end else begin
      wf_rest_q <= ff_ld ? ff_next.mask : wf_rest_e;
      wf_last_q <= ff_ld ? wf_last_n : wf_last_e;
    end
  end
  for (genvar e = 0; e < 3; e++) begin : gen_wfc
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) wf_ic_q[e] <= '0;
      else wf_ic_q[e] <= ff_ld ? wf_ic_n : wf_ic_e;
    end
  end
  // WA's next state, C's next credit, and from them WA's decisions in the next clock
  always_comb begin
    wa_v_d    = tri_take || (wa_v_q && !(wa_adv && wa_last));
    // a triangle is written and not yet taken (prep's count moves with its write): the
    // count's next value, navail_q + tri_we - tri_take, is not 0 (tri_take needs one)
    navail_d  = navail_q + QW'(tri_we) - QW'(tri_take);
    avail_d   = tri_we || (avail_q && !one_q) || (one_q && !tri_take);
    wa_last_d = tri_take ? ra.c1 && ra.r1
              : !wa_adv  ? wa_last_q
              :            wa_la_q;
    take_d    = avail_d && (!wa_v_d || (cred_c_d && wa_last_d));
    wa_en_d   = take_d || (wa_v_d && cred_c_d);
  end
  // C's credit: a tile handed on by WA, one dropped in C3 (no fine tile passes)
  gx_raster_credit #(.Depth(FD)) u_cred_c (
    .clk_i, .rst_i, .up_i(wa_adv), .dn_i(c3_drop_q), .pop_i(ff_pop),
    .room_o(cred_c_d), .used_o(used_c));
  always_ff @(posedge clk_i) begin
    if (rst_i) cred_c_q <= 1'b0;
    else cred_c_q <= cred_c_d;
  end

  // ---------------------------------------------------------------------------------
  // F: a fine tile's quad rows. F1 the fine tile as WF hands it on (from FIFO F's head
  // register), its offset from the coarse origin, 2048 (fx A + fy B), and its triangle's
  // row constants and range; F2 E' at its origin; F3 the rows' tests, each edge's apart
  // (E'(fine origin) + krc[r] >= 0, the sign at its sum's carry chain), and the range:
  // whether rows 2 r, 2 r + 1 meet [py0, py1], group g of a row whether its columns meet
  // [px0, px1]; F4 the rows: row r passes when all three edges and its range pass; the
  // group mask, the product of rows and groups, is formed as FIFO R is written (a fine
  // tile's origin is a multiple of 8 pixels: its rows and columns are its origin's upper
  // bits and a 3-bit offset, with no add); visit-mask bit GPR r + g.
  typedef struct packed {           // a fine tile
    logic [QW-1:0]      seq;
    logic [PW-4:0]      fx, fy;     // its upper-left pixel / 8
    logic [2:0][EV-1:0] e;
  } rec_f_t;
  typedef struct packed {           // a fine tile with its group mask (FIFO R)
    logic [QW-1:0]      seq;
    logic [PW-4:0]      fx, fy;
    logic [G-1:0]       mask;
    logic [2:0][EV-1:0] e;
  } rec_fm_t;
  logic            f1_v_q, f2_v_q, f3_v_q, f4_v_q;
  rec_f_t          f1_q, f2_q;
  logic [2:0][XW-1:0] f1_off_q;   // the offset / 2^11
  logic [3:0][2:0][KW-ES-1:0] f2_krc_q;
  logic [PW-1:0]   f2_px0_q, f2_px1_q, f2_py0_q, f2_py1_q;
  rec_f_t          f3_q, f4_q;
  logic [3:0][2:0] f3_neg_q;        // row r, edge e: E' + krc[r][e] < 0 (the sign)
  logic [3:0]      f3_ryok_q;       // rows that meet the range
  logic [GPR-1:0]  f3_gok_q;        // groups of a row that meet the range
  logic [3:0]      f4_rok_q;        // rows that pass
  logic [3:0]      f4_rok_d;
  logic            f4_push_q, f4_push_d;  // F4 holds a tile with a row and a group that pass
  always_comb begin
    for (int r = 0; r < 4; r++) f4_rok_d[r] = f3_ryok_q[r] && f3_neg_q[r] == 3'b000;
    f4_push_d = f3_v_q && f4_rok_d != '0 && f3_gok_q != '0;
  end
  logic [GPR-1:0]  f4_gok_q;
  rec_fm_t         f4_m;            // F4's fine tile with its group mask
  logic [FCW-1:0]  used_f;          // fine tiles in F1..F4 and words in FIFO R
  logic            room_f;
  always_ff @(posedge clk_i) begin
    f1_q.seq <= ff_head.seq;
    f1_q.fx  <= {ff_head.tx, wf_idx[0]};
    f1_q.fy  <= {ff_head.ty, wf_idx[1]};
    f1_q.e   <= ff_head.e;
    for (int e = 0; e < 3; e++)
      f1_off_q[e] <= wf_ic_q[e] == 2'd0 ? '0
                   : wf_ic_q[e] == 2'd1 ? XW'($signed(rf.a[e]))
                   : wf_ic_q[e] == 2'd2 ? XW'($signed(rf.b[e]))
                   :                      rf.ab[e];
    f2_q.seq <= f1_q.seq;
    f2_q.fx  <= f1_q.fx;
    f2_q.fy  <= f1_q.fy;
    for (int e = 0; e < 3; e++)
      f2_q.e[e] <= {f1_q.e[e][EV-1:SF] + (EV-SF)'($signed(f1_off_q[e])), f1_q.e[e][SF-1:0]};
    // ring R's word of F1's tile: read in WF's hand-on at the head's sequence number
    f2_krc_q <= rr.krc;
    f2_px0_q <= rr.px0;
    f2_px1_q <= rr.px1;
    f2_py0_q <= rr.py0;
    f2_py1_q <= rr.py1;
    f3_q.seq <= f2_q.seq;
    f3_q.fx  <= f2_q.fx;
    f3_q.fy  <= f2_q.fy;
    f3_q.e   <= f2_q.e;
    for (int r = 0; r < 4; r++) begin
      f3_ryok_q[r] <= {f2_q.fy, 3'(2 * r + 1)} >= f2_py0_q &&
                      {f2_q.fy, 3'(2 * r)} <= f2_py1_q;
      for (int e = 0; e < 3; e++) begin
        edge_t s;
        s = $signed(f2_q.e[e]) + EV'($signed(f2_krc_q[r][e]));
        f3_neg_q[r][e] <= s[EV-1];
      end
    end
    for (int g = 0; g < GPR; g++)
      f3_gok_q[g] <= {f2_q.fx, 3'(2 * Lanes * g + 2 * Lanes - 1)} >= f2_px0_q &&
                     {f2_q.fx, 3'(2 * Lanes * g)} <= f2_px1_q;
    f4_q <= f3_q;
    f4_rok_q <= f4_rok_d;
    f4_gok_q <= f3_gok_q;
  end
  always_comb begin
    f4_m.seq = f4_q.seq;
    f4_m.fx  = f4_q.fx;
    f4_m.fy  = f4_q.fy;
    f4_m.e   = f4_q.e;
    for (int b = 0; b < G; b++) f4_m.mask[b] = f4_rok_q[b / GPR] && f4_gok_q[b % GPR];
  end
  assign rf_addr = ff_head.seq[3:0];
  // ring R's read address: a copy of the head's sequence number, loaded with the head
  // under the FIFO's load and read by nothing but the ring (RrAddr_A)
  logic [3:0] rr_addr_q;
  always_ff @(posedge clk_i) begin
    if (ff_ld) rr_addr_q <= ff_next.seq[3:0];
  end
  assign rr_addr = rr_addr_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      f1_v_q <= 1'b0;
      f2_v_q <= 1'b0;
      f3_v_q <= 1'b0;
      f4_v_q <= 1'b0;
      f4_push_q <= 1'b0;
    end else begin
      f1_v_q <= wf_emit;
      f2_v_q <= f1_v_q;
      f3_v_q <= f2_v_q;
      f4_v_q <= f3_v_q;
      f4_push_q <= f4_push_d;
    end
  end

  // FIFO R and WR: the head's groups, lowest first (wr_rest_q, wr_last_q, wr_ic_q as
  // WF's wf_rest_q, wf_last_q, wf_ic_q; wr_ic_q for each edge's offset selects in G1)
  logic            fr_push, fr_pop, fr_valid, wr_emit, cred_r_q, fr_ld;
  rec_fm_t         fr_head, fr_next;
  logic [FCW-1:0]  fr_count;
  logic [G-1:0]    wr_rest_q;
  (* keep *) logic [G-1:0] wr_rest_e;
  (* keep *) logic wr_last_n, wr_last_e;
  (* keep *) logic [GL-1:0] wr_ic_n, wr_ic_e;
  logic            wr_last_q;
  logic [2:0][GL-1:0] wr_ic_q;
  (* keep *) logic [GL-1:0] wr_idx;
  // the pop (wr_emit && wr_last_q) a register, decided a clock ahead as WF's (PopAhead_A):
  // the head's load enables are one LUT of registers
  logic            wr_pop_q;
  assign fr_push = f4_push_q;
  assign fr_pop  = wr_pop_q;
  gx_fifo_lut #(.Width($bits(f4_m)), .Depth(FD), .HeadGroups(2)) u_fr (
    .clk_i, .rst_i, .push_i(fr_push), .in_data_i(f4_m), .pop_i(fr_pop),
    .valid_o(fr_valid), .head_o(fr_head), .count_o(fr_count), .load_o(fr_ld),
    .next_o(fr_next));
  assign wr_idx  = low_g(wr_rest_q);
  assign wr_emit = fr_valid && cred_r_q;
  // the next values with and without a load, each formed apart (kept nets), so the
  // load only selects
  assign wr_rest_e = wr_emit ? wr_rest_q & (wr_rest_q - G'(1)) : wr_rest_q;
  assign wr_last_n = one_g(fr_next.mask);
  assign wr_last_e = one_g(wr_rest_e);
  assign wr_ic_n   = low_g(fr_next.mask);
  assign wr_ic_e   = low_g(wr_rest_e);
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wr_rest_q <= '0;
      wr_last_q <= 1'b1;
    end else begin
      wr_rest_q <= fr_ld ? fr_next.mask : wr_rest_e;
      wr_last_q <= fr_ld ? wr_last_n : wr_last_e;
    end
  end
  for (genvar e = 0; e < 3; e++) begin : gen_wrc
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) wr_ic_q[e] <= '0;
      else wr_ic_q[e] <= fr_ld ? wr_ic_n : wr_ic_e;
    end
  end
  // F's credit: a fine tile handed on by WF, one dropped in F4 (no group passes)
  gx_raster_credit #(.Depth(FD)) u_cred_f (
    .clk_i, .rst_i, .up_i(wf_emit), .dn_i(f4_v_q && !fr_push), .pop_i(fr_pop),
    .room_o(room_f), .used_o(used_f));
  always_ff @(posedge clk_i) begin
    if (rst_i) cred_f_q <= 1'b0;
    else cred_f_q <= room_f;
  end
  // FIFO F's pop in the next clock: its head is valid then (loaded now, or valid and not
  // popped), WF has credit (room_f) and the head's last fine tile is left
  always_ff @(posedge clk_i) begin
    if (rst_i) wf_pop_q <= 1'b0;
    else wf_pop_q <= room_f && (ff_ld ? wf_last_n : ff_valid && !ff_pop && wf_last_e);
  end

  // ---------------------------------------------------------------------------------
  // G: a group. G1 the group as WR hands it on (from FIFO R's head register; row r =
  // idx / GPR, group g = idx % GPR), its offset from the fine origin, 512 r B (a shift of
  // B or 3 B) and 512 g Lanes A, its triangle's range and mode; G2 E' at its origin and its pixels' range bits (pixel
  // 4 l + k at (2 l + k % 2, k / 2) from the origin).
  typedef struct packed {           // a group (G2)
    logic [QW-1:0]      seq;
    logic [2:0]         nlog;
    logic [11:0]        qx, qy;     // its lane-0 quad
    logic [15:0]        inr;        // its pixels in the pixel range
    logic [2:0][EV-1:0] e;          // floor(E' / 2^ES) at its origin
  } rec_g_t;
  typedef struct packed {           // a group with its E' limited (FIFO G, I1)
    logic [QW-1:0]      seq;
    logic [2:0]         nlog;
    logic [11:0]        qx, qy;
    logic [15:0]        inr;
    logic [2:0]         lim;        // FIFO G: edge e's E' is beyond the limit
    logic [2:0][IV-1:0] e;          // floor(E' / 2^ES) limited to +-2^(IV - 2) (FIFO G:
                                    // its sign and low IV - 1 bits, the limit at I1)
  } rec_gl_t;
  logic            g1_v_q, g2_v_q;
  logic [QW-1:0]   g1_seq_q;
  logic [PW-4:0]   g1_fx_q, g1_fy_q;
  logic [2:0]      g1_xo_q, g1_yo_q;  // the group's origin in its fine tile
  logic [2:0][EV-1:0] g1_e_q;
  logic [2:0][XW:0]   g1_ro_q, g1_go_q;  // the offsets / 2^9
  logic [PW-1:0]   g1_px0_q, g1_px1_q, g1_py0_q, g1_py1_q;
  logic [2:0]      g1_nlog_q;
  rec_g_t          g2_q;
  logic [FCW-1:0]  used_r;          // groups in G1, G2 and words in FIFO G
  logic            room_r;
  always_ff @(posedge clk_i) begin
    logic [1:0] row, g;
    row = 2'(32'(wr_idx) / GPR);
    g   = 2'(32'(wr_idx) % GPR);
    g1_seq_q <= fr_head.seq;
    g1_fx_q  <= fr_head.fx;
    g1_fy_q  <= fr_head.fy;
    g1_xo_q  <= 3'({g, 1'b0} << $clog2(Lanes));
    g1_yo_q  <= {row, 1'b0};
    g1_e_q   <= fr_head.e;
    g1_px0_q <= rg.px0;
    g1_px1_q <= rg.px1;
    g1_py0_q <= rg.py0;
    g1_py1_q <= rg.py1;
    g1_nlog_q <= rg.nlog;
    for (int e = 0; e < 3; e++) begin
      logic [1:0] row_e, g_e;
      row_e = 2'(32'(wr_ic_q[e]) / GPR);
      g_e   = 2'(32'(wr_ic_q[e]) % GPR);
      g1_ro_q[e] <= row_e == 2'd0 ? '0
                  : row_e == 2'd1 ? (XW+1)'($signed(rg.b[e]))
                  : row_e == 2'd2 ? (XW+1)'($signed(rg.b[e])) <<< 1
                  :                 (XW+1)'($signed(rg.b3[e]));
      g1_go_q[e] <= '0;
      for (int gg = 1; gg < GPR; gg++)
        if (g_e == 2'(gg))
          g1_go_q[e] <= gg * Lanes == 1 ? (XW+1)'($signed(rg.a[e]))
                      : gg * Lanes == 2 ? (XW+1)'($signed(rg.a[e])) <<< 1
                      :                   (XW+1)'($signed(rg.a3[e]));
    end
    g2_q.seq  <= g1_seq_q;
    g2_q.nlog <= g1_nlog_q;
    g2_q.qx   <= 12'({g1_fx_q, g1_xo_q} >> 1);
    g2_q.qy   <= 12'({g1_fy_q, g1_yo_q} >> 1);
    for (int e = 0; e < 3; e++)
      g2_q.e[e] <= {g1_e_q[e][EV-1:SG] + (EV-SG)'($signed(g1_ro_q[e])) +
                    (EV-SG)'($signed(g1_go_q[e])), g1_e_q[e][SG-1:0]};
    for (int l = 0; l < 4; l++)
      for (int k = 0; k < 4; k++) begin
        logic [PW-1:0] px, py;
        px = {g1_fx_q, g1_xo_q + 3'(2 * l + k % 2)};
        py = {g1_fy_q, g1_yo_q + 3'(k / 2)};
        g2_q.inr[4*l+k] <= l < Lanes && px >= g1_px0_q && px <= g1_px1_q &&
                           py >= g1_py0_q && py <= g1_py1_q;
      end
  end
  // ring G's read address: a copy of the head's sequence number, loaded with the head
  // under the FIFO's load (not the head's group enables, so synthesis keeps it apart from
  // the head's bits) and read by nothing but the ring (RgAddr_A)
  logic [3:0] rg_addr_q;
  always_ff @(posedge clk_i) begin
    if (fr_ld) rg_addr_q <= fr_next.seq[3:0];
  end
  assign rg_addr = rg_addr_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      g1_v_q <= 1'b0;
      g2_v_q <= 1'b0;
    end else begin
      g1_v_q <= wr_emit;
      g2_v_q <= g1_v_q;
    end
  end

  // FIFO G and GR: the head group's steps (gr_last_q: the step gr_h_q is the head's last,
  // a register that follows the head as WF's wf_rest_q; gr_hc_q: gr_h_q one-hot (bit
  // h - 1 for step h >= 1, 0 for step 0), a copy for each edge's step offset select in I1)
  logic            fg_valid, gr_emit, gr_last, fg_pop, fg_ld, gr_last_q;
  // gr_last_q's next value with and without a load, formed apart (kept nets) as WF's
  (* keep *) logic gr_last_n, gr_last_e;
  rec_gl_t         g2_l, fg_head, fg_next;
  // FIFO G's word: G2's group, each E' to be limited to +-2^(IV - 2) (+-2^36 of E'): when
  // |E'| >= 2^36 at the group's origin, every pixel value of its steps, E' + D + K + O
  // with |D| + |K| + |O| < 2^36 - 2^32, is far (|P| >= 2^32) and has E''s sign, with the
  // limited E' as with E' (docs/raster.md, "Widths"), so the test's outcome is the same.
  // The word holds E''s sign and low IV - 1 bits (E' itself when in range: its bits from
  // IV - 2 up are the sign) and the flag lim; I1 applies the limit, so no select lies
  // between G2's register and the FIFO's memory.
  always_comb begin
    g2_l.seq  = g2_q.seq;
    g2_l.nlog = g2_q.nlog;
    g2_l.qx   = g2_q.qx;
    g2_l.qy   = g2_q.qy;
    g2_l.inr  = g2_q.inr;
    for (int e = 0; e < 3; e++) begin
      g2_l.lim[e] = !(g2_q.e[e][EV-1:IV-2] == '0 || g2_q.e[e][EV-1:IV-2] == '1);
      g2_l.e[e]   = {g2_q.e[e][EV-1], g2_q.e[e][IV-2:0]};
    end
  end
  logic [FCW-1:0]  fg_count;
  logic [1:0]      gr_h_q;
  logic [2:0][2:0] gr_hc_q;
  gx_fifo_lut #(.Width($bits(g2_l)), .Depth(FD), .HeadGroups(4)) u_fg (
    .clk_i, .rst_i, .push_i(g2_v_q), .in_data_i(g2_l), .pop_i(fg_pop),
    .valid_o(fg_valid), .head_o(fg_head), .count_o(fg_count), .load_o(fg_ld),
    .next_o(fg_next));
  assign gr_last = gr_last_q;
  // the pop (gr_emit && gr_last) a register, decided a clock ahead from the test's next
  // credit as WF's (PopAhead_A): the head's load enables are one LUT of registers
  logic            gr_pop_q;
  assign fg_pop  = gr_pop_q;
  assign gr_last_n = steps_m1(fg_next.nlog) == 2'd0;
  assign gr_last_e = gr_emit ? gr_h_q + 2'd1 == steps_m1(fg_head.nlog) : gr_last_q;
  assign gr_emit = fg_valid && cred_i;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      gr_h_q    <= '0;
      gr_last_q <= 1'b0;
    end else begin
      if (gr_emit) gr_h_q <= gr_last ? '0 : gr_h_q + 2'd1;
      gr_last_q <= fg_ld ? gr_last_n : gr_last_e;
    end
  end
  // FIFO G's pop in the next clock: its head is valid then (loaded now, or valid and not
  // popped), the test has credit (cred_n_i) and the head's last step is left
  always_ff @(posedge clk_i) begin
    if (rst_i) gr_pop_q <= 1'b0;
    else gr_pop_q <= cred_n_i && (fg_ld ? gr_last_n : fg_valid && !fg_pop && gr_last_e);
  end
  for (genvar e = 0; e < 3; e++) begin : gen_hc
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) gr_hc_q[e] <= '0;
      else if (gr_emit) gr_hc_q[e] <= gr_last ? '0 : {gr_h_q == 2'd2, gr_h_q == 2'd1, gr_h_q == 2'd0};
    end
  end
  // R's credit: a group handed on by WR (G never drops one)
  gx_raster_credit #(.Depth(FD)) u_cred_r (
    .clk_i, .rst_i, .up_i(wr_emit), .dn_i(1'b0), .pop_i(fg_pop),
    .room_o(room_r), .used_o(used_r));
  always_ff @(posedge clk_i) begin
    if (rst_i) cred_r_q <= 1'b0;
    else cred_r_q <= room_r;
  end
  // FIFO R's pop in the next clock: its head is valid then (loaded now, or valid and not
  // popped), WR has credit (room_r) and the head's last group is left
  always_ff @(posedge clk_i) begin
    if (rst_i) wr_pop_q <= 1'b0;
    else wr_pop_q <= room_r && (fr_ld ? wr_last_n : fr_valid && !fr_pop && wr_last_e);
  end

  // ---------------------------------------------------------------------------------
  // I: the item. I1 the step as GR hands it on, with its triangle's step offset D(h)
  // (D(0) = 0), tag and mode; the item register: E' at the step's base pixel.
  logic            i1_v_q, it_v_q;
  rec_gl_t         i1_q;
  logic [1:0]      i1_h_q;
  logic            i1_last_q;
  logic [2:0][IV-LS+ES-1:0] i1_d_q;   // D(h) / 2^LS
  logic [15:0]     i1_tag_q;
  logic [2:0]      i1_nlog_q;
  logic            i1_ps_q;
  gx_raster_pkg::rs_item_t it_q;
  always_ff @(posedge clk_i) begin
    i1_q      <= fg_head;
    for (int e = 0; e < 3; e++)
      if (fg_head.lim[e]) i1_q.e[e] <= {fg_head.e[e][IV-1], 1'b1, (IV-2)'(0)};
    i1_h_q    <= gr_h_q;
    i1_last_q <= gr_last;
    for (int e = 0; e < 3; e++)
      // D(h) by the one-hot step, as ANDs and an OR (no select between a value and a
      // constant, so no synchronous reset from the step)
      i1_d_q[e] <= ({(IV-LS+ES){gr_hc_q[e][0]}} & (IV-LS+ES)'($signed(ri.d[e][0]))) |
                   ({(IV-LS+ES){gr_hc_q[e][1]}} & (IV-LS+ES)'($signed(ri.d[e][1]))) |
                   ({(IV-LS+ES){gr_hc_q[e][2]}} & (IV-LS+ES)'($signed(ri.d[e][2])));
    i1_tag_q  <= ri.tag;
    i1_nlog_q <= ri.nlog;
    i1_ps_q   <= ri.ps;
    it_q.seq  <= i1_q.seq;
    it_q.tag  <= i1_tag_q;
    it_q.nlog <= i1_nlog_q;
    it_q.ps   <= i1_ps_q;
    it_q.qx   <= i1_q.qx;
    it_q.qy   <= i1_q.qy;
    it_q.h    <= i1_h_q;
    it_q.last <= i1_last_q;
    it_q.inr  <= i1_q.inr;
    // D is a multiple of 2^LS: E''s bits below LS pass, only the high bits are added;
    // the item carries 2^ES floor(E' / 2^ES) (P mod 2^ES decides no sample)
    for (int e = 0; e < 3; e++)
      it_q.e[e] <= {i1_q.e[e][IV-1:LS-ES] + i1_d_q[e], i1_q.e[e][LS-ES-1:0], ES'(0)};
  end
  assign ri_addr = fg_head.seq[3:0];
  // a copy of the item's sequence number for prep's admission (placed by its compares);
  // its synchronous reset (the item register has none) keeps synthesis from merging the
  // two, so the copy's only loads are the admission's compares (read only while the item
  // is valid)
  logic [QW-1:0] it_seqa_q;
  (* keep *) always_ff @(posedge clk_i) begin
    if (rst_i) it_seqa_q <= '0;
    else it_seqa_q <= i1_q.seq;
  end
  assign adm_seq_o = it_seqa_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      i1_v_q <= 1'b0;
      it_v_q <= 1'b0;
    end else begin
      i1_v_q <= gr_emit;
      it_v_q <= i1_v_q;
    end
  end
  logic unused_i;  // the group's mode was GR's; of a FIFO's next word, WF's, WR's and GR's
                   // registers take the mask or the mode
  assign unused_i = ^{i1_q.nlog, i1_q.lim, ff_next, fr_next, fg_next};

  assign issue_o      = gr_emit;
  assign rt_re_o      = gr_emit;
  assign rt_addr_o    = fg_head.seq[3:0];
  assign item_valid_o = it_v_q;
  assign i1_valid_o   = i1_v_q;
  assign item_o       = it_q;
  assign busy_o = avail_q || wa_v_q || c1_v_q || c2_v_q || c3_v_q || ff_count != '0 ||
                  f1_v_q || f2_v_q || f3_v_q || f4_v_q || fr_count != '0 ||
                  g1_v_q || g2_v_q || fg_count != '0 || i1_v_q;
  // The idle register: nothing in the walker nor the item register, decided a clock ahead
  // from registers and the FIFOs' pushes (the retire pointer's choice reads no wide OR).
  // In the next clock: a triangle available or in WA now keeps avail_q, wa_v_q or C1
  // busy (taken, held or handed on), and prep's write makes one available; C2, C3, F2 to
  // F4, G2 and the item register follow C1, C2, F1 to F3, G1 and I1; a FIFO's count is
  // not 0 after a push or with words held and the head not popped in the clock before
  // (count_o counts that pop: pop_q1), and WF's, WR's and GR's hand-ons (to C1, F1, G1,
  // I1) need a valid head, a word counted.
  logic ff_pop_q1, fr_pop_q1, fg_pop_q1, idle_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      ff_pop_q1 <= 1'b0;
      fr_pop_q1 <= 1'b0;
      fg_pop_q1 <= 1'b0;
      idle_q    <= 1'b1;
    end else begin
      ff_pop_q1 <= ff_pop;
      fr_pop_q1 <= fr_pop;
      fg_pop_q1 <= fg_pop;
      idle_q    <= !(avail_q || wa_v_q || tri_we || c1_v_q || c2_v_q ||
                     c3_push_q || ff_count != FCW'(ff_pop_q1) ||
                     f1_v_q || f2_v_q || f3_v_q || f4_push_q || fr_count != FCW'(fr_pop_q1) ||
                     g1_v_q || g2_v_q || fg_count != FCW'(fg_pop_q1) || i1_v_q);
    end
  end
  assign idle_o = idle_q;

  // ---------------------------------------------------------------------------------
  // Properties.
  `GX_ASSERT(CreditC_A, 32'(used_c) <= FD &&
                        32'(used_c) == 32'(c1_v_q) + 32'(c2_v_q) + 32'(c3_v_q) +
                                       32'(ff_count))
  `GX_ASSERT(CreditF_A, 32'(used_f) <= FD &&
                        32'(used_f) == 32'(f1_v_q) + 32'(f2_v_q) + 32'(f3_v_q) +
                                       32'(f4_v_q) + 32'(fr_count))
  `GX_ASSERT(CreditR_A, 32'(used_r) <= FD &&
                        32'(used_r) == 32'(g1_v_q) + 32'(g2_v_q) + 32'(fg_count))
  `GX_ASSERT(HeadMask_A, (!ff_valid || (ff_head.mask != '0 &&
                                        (wf_rest_q & ~ff_head.mask) == '0 && wf_rest_q != '0)) &&
                         (!fr_valid || (fr_head.mask != '0 &&
                                        (wr_rest_q & ~fr_head.mask) == '0 && wr_rest_q != '0)))
  `GX_ASSERT(HeadStep_A, !fg_valid || gr_h_q <= steps_m1(fg_head.nlog))
  // the registers that follow the heads: empty with their FIFO's head, the copies equal
  `GX_ASSERT(HeadFollow_A, (ff_valid || wf_rest_q == '0) && (fr_valid || wr_rest_q == '0) &&
                           (fg_valid || gr_h_q == '0) &&
                           (!fg_valid || gr_last_q == (gr_h_q == steps_m1(fg_head.nlog))) &&
                           gr_hc_q == {3{gr_h_q == 2'd3, gr_h_q == 2'd2, gr_h_q == 2'd1}} &&
                           wf_ic_q == {3{wf_idx}} &&
                           wr_ic_q == {3{wr_idx}} && wf_last_q == one4(wf_rest_q) &&
                           wr_last_q == one_g(wr_rest_q))
  `GX_ASSERT(RgAddr_A, !fr_valid || rg_addr_q == fr_head.seq[3:0])
  `GX_ASSERT(RrAddr_A, !ff_valid || rr_addr_q == ff_head.seq[3:0])
  `GX_ASSERT(C3Nz_A, c3_nz_q == (c3_q.mask != '0) && c3_push_q == (c3_v_q && c3_nz_q) &&
                     c3_drop_q == (c3_v_q && !c3_nz_q))
  // the registers decided a clock ahead: the FIFOs' pops, FIFO R's push; the admission's
  // copy of the item's sequence number
  `GX_ASSERT(PopAhead_A, wf_pop_q == (ff_valid && cred_f_q && wf_last_q) &&
                         wr_pop_q == (fr_valid && cred_r_q && wr_last_q) &&
                         gr_pop_q == (fg_valid && cred_i && gr_last_q) &&
                         f4_push_q == (f4_v_q && f4_rok_q != '0 && f4_gok_q != '0) &&
                         (!it_v_q || it_seqa_q == it_q.seq))
  // the I ring keeps D / 2^LS: the bits it drops are 0 (prep's KoLow_A)
`ifdef GX_ASSERT_ON
  logic ri_low;
  always_comb begin
    ri_low = 1'b1;
    for (int e = 0; e < 3; e++)
      for (int i = 0; i < 3; i++) ri_low = ri_low && t.d[e][i][LS-1:0] == '0;
  end
`endif
  `GX_ASSERT(RiLow_A, !tri_we || ri_low)
  // the C and R rings keep kf, kr / 2^ES: the bits they drop are 0 (prep's KoLow_A)
`ifdef GX_ASSERT_ON
  logic rk_low;
  always_comb begin
    rk_low = 1'b1;
    for (int f = 0; f < 4; f++)
      for (int e = 0; e < 3; e++)
        rk_low = rk_low && t.kfc[f][e][ES-1:0] == '0 && t.krc[f][e][ES-1:0] == '0;
  end
`endif
  `GX_ASSERT(RkLow_A, !tri_we || rk_low)
  // the idle register (IdleAhead_A) and the pops of the clock before it reads
  `GX_ASSERT(IdleAhead_A, idle_q == (!busy_o && !it_v_q) &&
                          (!ff_pop_q1 || ff_count != '0) && (!fr_pop_q1 || fr_count != '0) &&
                          (!fg_pop_q1 || fg_count != '0))
  `GX_ASSERT(WaLast_A, !wa_v_q || wa_last_q == (wa_c1_q && wa_r1_q))
  `GX_ASSERT(RaAddr_A, ra_addr_q == {4{ra_addr}})
  // ring C's read address is next_q's
  `GX_ASSERT(RcAddr_A, rc_addr_q == ra_addr)
  `GX_ASSERT(WaLa_A, !wa_v_q || wa_la_q == (wa_c1_q ? wa_c1t_q && wa_ty_q == wa_ty1m_q
                                                    : wa_tx_q == wa_tx1m_q && wa_r1_q))
  `GX_ASSERT(WaCopy_A, wa_tk_q == {WC{tri_take}} && wa_en_q == {WC{tri_take || wa_adv}})
  `GX_ASSERT(Avail_A, QW'(pushed_i - next_q) <= QW'(16) && navail_q == QW'(pushed_i - next_q) &&
                     avail_q == (navail_q != '0) && one_q == (navail_q == QW'(1)))
  `GX_COVER(WalkOverlap_C, tri_take && wa_v_q)
  `GX_COVER(FineDrop_C, c3_v_q && c3_q.mask == '0)
  `GX_COVER(RowDrop_C, f4_v_q && f4_m.mask == '0)
  `GX_COVER(WalkStall_C, wa_v_q && !cred_c_q)
endmodule

`default_nettype wire
