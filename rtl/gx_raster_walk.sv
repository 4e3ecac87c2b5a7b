// gx_raster_walk: the rasterizer's walker. Takes prepared triangles (gx_raster_prep, by
// sequence number from the rings it writes) and issues test items
// (gx_raster_pkg::rs_item_t), one a clock, to the sample test (gx_raster_test), in the C
// model's traversal order: the coarse tiles (16 x 16 pixels) of the pixel range row by
// row; in each, its fine tiles (8 x 8) row by row; in each, its quad rows (8 x 2 pixels)
// top down; in each, its groups (Lanes quads) left to right; for each group its H steps
// (N <= 4: 1, N = 8: 2, N = 16: 4).
//
// Stages (each holds one piece of work; records between them are narrow, and each stage
// reads its triangle's constants from its own ring by the record's sequence number):
//   WA   coarse walker: E' at the tile's origin walked by adding 4096 A along a row and
//        4096 B from the row's first tile (no multiplier); takes the next triangle in
//        the clock it hands on the last tile, so triangles follow without a gap
//   (skid A)
//   WF1  the coarse tile's four fine-tile origins (+ 2048 A, 2048 B, 2048 (A + B))
//   WF2  their corner tests (E'(origin) + kf >= 0 for every edge) and range: the fine
//        mask; hands on one fine tile a clock, lowest first
//   (skid OF)
//   WR1  the fine tile's four quad-row origins (+ 512 r B)
//   WR2  their corner tests and range and each row's groups' range: the group mask;
//        hands on one group a clock, lowest first, with E' at its origin
//   (skid G)
//   GR   the group: issues its H steps, E' at each step's base pixel
// A piece with nothing to visit is dropped where it is found. A stage hands on a piece
// into a skid buffer whose ready is a register, so no handshake runs through more than
// one stage boundary in a clock; only cred_i (the test's registered credit) enters GR.
`default_nettype none
`include "gx_assert.svh"

module gx_raster_walk #(
  parameter int unsigned Lanes = 4  /// quads a group: 1, 2 or 4
) (
  input  wire logic                   clk_i,        /// clock, rising edge
  input  wire logic                   rst_i,        /// synchronous reset, active high
  input  wire logic                   tri_we_i,     /// a prepared triangle is written ...
  input  wire gx_raster_pkg::rs_tri_t tri_i,        /// ... this one, at slot seq % 16
  input  wire logic [gx_raster_pkg::QW-1:0] pushed_i, /// triangles written (mod 32)
  input  wire logic                   cred_i,       /// the test has room for an item
  output      logic                   issue_o,      /// an item is issued this clock
  output      logic                   rt_re_o,      /// GR takes a group: read the test's ...
  output      logic [3:0]             rt_addr_o,    /// ... ring slot of its triangle
  output      logic                   item_valid_o, /// the item register holds an item
  output      gx_raster_pkg::rs_item_t item_o,      /// the item (registered)
  output      logic [gx_raster_pkg::QW-1:0] next_o, /// the next triangle WA takes
  output      logic                   busy_o        /// a stage holds work
);
  localparam int unsigned AW = gx_raster_pkg::AW;
  localparam int unsigned EW = gx_raster_pkg::EW;
  localparam int unsigned KW = gx_raster_pkg::KW;
  localparam int unsigned PW = gx_raster_pkg::PW;
  localparam int unsigned TW = gx_raster_pkg::TW;
  localparam int unsigned QW = gx_raster_pkg::QW;
  localparam int unsigned XW = gx_raster_pkg::XW;

  typedef logic signed [EW-1:0] edge_t;
  localparam int unsigned GPR = 4 / Lanes;      // groups a quad row
  localparam int unsigned G = 16 / Lanes;       // groups a fine tile
  localparam int unsigned GL = $clog2(G);

  gx_raster_pkg::rs_tri_t t;
  assign t = tri_i;

  // ---------------------------------------------------------------------------------
  // The rings: each reader's constants of the triangles written, at slot seq % 16. A
  // stage reads its ring as it takes a record (the record's sequence number addresses
  // it) and registers what its next stage needs, so no ring read lies before an add.
  localparam int unsigned MW = gx_raster_pkg::MW;
  typedef struct packed {           // WA, as it takes the triangle
    logic [2:0][EW-1:0] e00;
    logic [2:0][AW-1:0] a, b;
    logic [PW-1:0]      px0, px1, py0, py1;
  } ra_t;
  typedef struct packed {           // WF1
    logic [2:0][AW-1:0] a, b;
    logic [2:0][XW-1:0] ab;
    logic [2:0][KW-1:0] kf;
    logic [3:0]         r3;  // bit 3 of px0, px1, py0, py1 (the fine tiles' range)
  } rf_t;
  typedef struct packed {           // WR1
    logic [2:0][AW-1:0] b;
    logic [2:0][XW-1:0] b3;
    logic [2:0][KW-1:0] kr;
    logic [2:0][AW-1:0] a;
    logic [2:0][XW-1:0] a3;
    logic [PW-1:0]      px0, px1, py0, py1;
    logic [2:0]         nlog;
  } rr_t;
  typedef struct packed {           // GR
    logic [2:0][2:0][MW-1:0] d;
    logic [15:0]        tag;
    logic [2:0]         nlog;
    logic               ps;
  } rg_t;
  ra_t ra_w, ra;
  rf_t rf_w, rf;
  rr_t rr_w, rr;
  rg_t rg_w, rg;
  always_comb begin
    ra_w.e00 = t.e00;
    ra_w.a   = t.a;
    ra_w.b   = t.b;
    ra_w.px0 = t.px0;
    ra_w.px1 = t.px1;
    ra_w.py0 = t.py0;
    ra_w.py1 = t.py1;
    rf_w.a   = t.a;
    rf_w.b   = t.b;
    rf_w.ab  = t.ab;
    rf_w.kf  = t.kf;
    rf_w.r3  = {t.px0[3], t.px1[3], t.py0[3], t.py1[3]};
    rr_w.b   = t.b;
    rr_w.b3  = t.b3;
    rr_w.kr  = t.kr;
    rr_w.a   = t.a;
    rr_w.a3  = t.a3;
    rr_w.px0 = t.px0;
    rr_w.px1 = t.px1;
    rr_w.py0 = t.py0;
    rr_w.py1 = t.py1;
    rr_w.nlog = t.nlog;
    rg_w.d   = t.d;
    rg_w.tag = t.tag;
    rg_w.nlog = t.nlog;
    rg_w.ps  = t.ps;
  end
  logic unused_tri;  // the rest of the record is the sample test's (its own ring)
  assign unused_tri = ^{t.k, t.o, t.seq[4]};

  logic [3:0] ra_addr, rf_addr, rr_addr, rg_addr;
  gx_ram_lut #(.Depth(16), .Width($bits(ra_w))) u_ra (
    .clk_i, .we_i(tri_we_i), .waddr_i(t.seq[3:0]), .wdata_i(ra_w),
    .raddr_i(ra_addr), .rdata_o(ra));
  gx_ram_lut #(.Depth(16), .Width($bits(rf_w))) u_rf (
    .clk_i, .we_i(tri_we_i), .waddr_i(t.seq[3:0]), .wdata_i(rf_w),
    .raddr_i(rf_addr), .rdata_o(rf));
  gx_ram_lut #(.Depth(16), .Width($bits(rr_w))) u_rr (
    .clk_i, .we_i(tri_we_i), .waddr_i(t.seq[3:0]), .wdata_i(rr_w),
    .raddr_i(rr_addr), .rdata_o(rr));
  gx_ram_lut #(.Depth(16), .Width($bits(rg_w))) u_rg (
    .clk_i, .we_i(tri_we_i), .waddr_i(t.seq[3:0]), .wdata_i(rg_w),
    .raddr_i(rg_addr), .rdata_o(rg));

  // ---------------------------------------------------------------------------------
  // The records between the stages.
  typedef struct packed {           // a coarse tile (WA -> WF1)
    logic [QW-1:0]      seq;
    logic [TW-1:0]      tx, ty;
    logic [3:0]         fl;         // the range's {last row, first row, last col, first col}
    logic [2:0][EW-1:0] e;
  } rec_a_t;
  typedef struct packed {           // a fine tile (WF2 -> WR1)
    logic [QW-1:0]      seq;
    logic [PW-4:0]      fx, fy;     // its upper-left pixel / 8
    logic [2:0][EW-1:0] e;
  } rec_f_t;
  typedef struct packed {           // a group (WR2 -> GR)
    logic [QW-1:0]      seq;
    logic [2:0]         nlog;
    logic [11:0]        qx, qy;     // its lane-0 quad
    logic [15:0]        inr;        // its pixels in the pixel range
    logic [2:0][EW-1:0] e;          // E' at its origin
  } rec_g_t;

  // one of four edge-value triples, by a 2-bit index (an AND-OR, no indexed part-select)
  typedef logic [2:0][EW-1:0] etri_t;
  typedef logic [3:0][2:0][EW-1:0] equad_t;
  function automatic etri_t pick4(input equad_t v, input logic [1:0] i);
    pick4 = '0;
    for (int k = 0; k < 4; k++) if (i == 2'(k)) pick4 = pick4 | v[k];
  endfunction
  // the lowest set bit of a W-bit mask, and whether at most one bit is set
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

  // ---------------------------------------------------------------------------------
  // WA: the coarse walker.
  logic            wa_v_q, wa_last, wa_adv, tri_take, avail_q;
  logic [QW-1:0]   next_q, wa_seq_q;
  logic [TW-1:0]   wa_tx_q, wa_ty_q, wa_tx0_q, wa_tx1_q, wa_ty1_q;
  logic [2:0][AW-1:0] wa_a_q, wa_b_q;
  logic [2:0][EW-1:0] wa_e_q, wa_er_q;      // E' at the tile's origin, at its row's first
  logic            wa_c0_q, wa_c1_q, wa_r0_q, wa_r1_q;  // first/last column, row
  logic            a_in_ready, a_out_valid, a_out_ready;
  rec_a_t          a_in, a_out;

  assign ra_addr  = next_q[3:0];
  assign wa_last  = wa_c1_q && wa_r1_q;
  assign wa_adv   = wa_v_q && a_in_ready;
  assign tri_take = avail_q && (!wa_v_q || (wa_adv && wa_last));
  assign next_o   = next_q;

  // a triangle is written and not yet taken (registered: the next values of both
  // counts; prep's count moves with its write)
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wa_v_q  <= 1'b0;
      next_q  <= '0;
      avail_q <= 1'b0;
    end else begin
      if (tri_take) begin
        wa_v_q <= 1'b1;
        next_q <= next_q + 1'b1;
      end else if (wa_adv && wa_last) begin
        wa_v_q <= 1'b0;
      end
      avail_q <= QW'(next_q + QW'(tri_take)) != QW'(pushed_i + QW'(tri_we_i));
    end
  end
  always_ff @(posedge clk_i) begin
    if (tri_take) begin
      wa_seq_q <= next_q;
      wa_a_q   <= ra.a;
      wa_b_q   <= ra.b;
      wa_tx0_q <= TW'(ra.px0 >> 4);
      wa_tx1_q <= TW'(ra.px1 >> 4);
      wa_ty1_q <= TW'(ra.py1 >> 4);
      wa_tx_q  <= TW'(ra.px0 >> 4);
      wa_ty_q  <= TW'(ra.py0 >> 4);
      wa_e_q   <= ra.e00;
      wa_er_q  <= ra.e00;
      wa_c0_q  <= 1'b1;
      wa_c1_q  <= ra.px0[PW-1:4] == ra.px1[PW-1:4];
      wa_r0_q  <= 1'b1;
      wa_r1_q  <= ra.py0[PW-1:4] == ra.py1[PW-1:4];
    end else if (wa_adv) begin
      if (wa_c1_q) begin
        wa_tx_q <= wa_tx0_q;
        wa_ty_q <= wa_ty_q + 1'b1;
        for (int e = 0; e < 3; e++) begin
          wa_e_q[e]  <= $signed(wa_er_q[e]) + (EW'($signed(wa_b_q[e])) <<< 12);
          wa_er_q[e] <= $signed(wa_er_q[e]) + (EW'($signed(wa_b_q[e])) <<< 12);
        end
        wa_c0_q <= 1'b1;
        wa_c1_q <= wa_tx0_q == wa_tx1_q;
        wa_r0_q <= 1'b0;
        wa_r1_q <= wa_ty_q + 1'b1 == wa_ty1_q;
      end else begin
        wa_tx_q <= wa_tx_q + 1'b1;
        for (int e = 0; e < 3; e++)
          wa_e_q[e] <= $signed(wa_e_q[e]) + (EW'($signed(wa_a_q[e])) <<< 12);
        wa_c0_q <= 1'b0;
        wa_c1_q <= wa_tx_q + 1'b1 == wa_tx1_q;
      end
    end
  end
  always_comb begin
    a_in.seq = wa_seq_q;
    a_in.tx  = wa_tx_q;
    a_in.ty  = wa_ty_q;
    a_in.fl  = {wa_r1_q, wa_r0_q, wa_c1_q, wa_c0_q};
    a_in.e   = wa_e_q;
  end
  rec_a_t a_held;
  logic   a_held_v;
  gx_skid #(.Width($bits(a_in))) u_skid_a (
    .clk_i, .rst_i,
    .in_valid_i(wa_v_q), .in_ready_o(a_in_ready), .in_data_i(a_in),
    .out_valid_o(a_out_valid), .out_ready_i(a_out_ready), .out_data_o(a_out),
    .held_valid_o(a_held_v), .held_data_o(a_held)
  );

  // ---------------------------------------------------------------------------------
  // WF1: the fine tiles' origins (fine tile f at (8 (f % 2), 8 (f / 2)) pixels).
  logic            wf1_v_q, wf1_free, wf1_take;
  logic [QW-1:0]   wf1_seq_q;
  logic [TW-1:0]   wf1_tx_q, wf1_ty_q;
  logic [3:0]      wf1_fl_q;
  logic [3:0][2:0][EW-1:0] wf1_e_q;         // fine tile f's origin, per edge
  logic [2:0][KW-1:0] wf1_kf_q;
  logic [3:0]      wf1_r3_q;
  assign rf_addr = a_out.seq[3:0];
  always_ff @(posedge clk_i) begin
    if (rst_i) wf1_v_q <= 1'b0;
    else if (wf1_free) wf1_v_q <= a_out_valid;
  end
  always_ff @(posedge clk_i) begin
    if (wf1_take) begin
      wf1_seq_q <= a_out.seq;
      wf1_tx_q  <= a_out.tx;
      wf1_ty_q  <= a_out.ty;
      wf1_fl_q  <= a_out.fl;
      wf1_kf_q  <= rf.kf;
      wf1_r3_q  <= rf.r3;
      for (int e = 0; e < 3; e++) begin
        edge_t c;
        c = $signed(a_out.e[e]);
        wf1_e_q[0][e] <= c;
        wf1_e_q[1][e] <= c + (EW'($signed(rf.a[e])) <<< 11);
        wf1_e_q[2][e] <= c + (EW'($signed(rf.b[e])) <<< 11);
        wf1_e_q[3][e] <= c + (EW'($signed(rf.ab[e])) <<< 11);
      end
    end
  end

  // WF2: the fine tiles' corner tests and range; a fine tile outside the pixel range lies
  // only in the range's first or last column or row of coarse tiles: fine column 0 is
  // out when the tile is the first column and px0 % 16 >= 8, column 1 when it is the
  // last and px1 % 16 < 8 (rows alike).
  logic            wf2_v_q, wf2_free, wf2_take, f_has_q, f_last_q;
  logic [QW-1:0]   wf2_seq_q;
  logic [TW-1:0]   wf2_tx_q, wf2_ty_q;
  logic [3:0][2:0][EW-1:0] wf2_e_q;
  logic [3:0]      wf2_mask_q, wf2_mask_d, wf2_rest;
  logic [1:0]      f_idx_q;
  logic            of_in_ready, of_out_valid, of_out_ready;
  rec_f_t          of_in, of_out;
  always_comb begin
    logic [3:0] fl;
    logic [1:0] fx_ok, fy_ok;
    fl = wf1_fl_q;
    fx_ok = {!(fl[1] && !wf1_r3_q[2]), !(fl[0] && wf1_r3_q[3])};
    fy_ok = {!(fl[3] && !wf1_r3_q[0]), !(fl[2] && wf1_r3_q[1])};
    for (int f = 0; f < 4; f++) begin
      logic ok;
      ok = fx_ok[f % 2] && fy_ok[f / 2];
      for (int e = 0; e < 3; e++) begin
        edge_t s;
        s  = $signed(wf1_e_q[f][e]) + EW'($signed(wf1_kf_q[e]));
        ok = ok && !s[EW-1];
      end
      wf2_mask_d[f] = ok;
    end
  end
  assign wf2_rest = wf2_mask_q & ~(4'd1 << f_idx_q);
  assign wf2_free = !wf2_v_q || !f_has_q || (f_last_q && of_in_ready);
  assign wf2_take = wf1_v_q && wf2_free;
  assign wf1_free = !wf1_v_q || wf2_take;
  assign wf1_take = a_out_valid && wf1_free;
  assign a_out_ready = wf1_free;
  always_ff @(posedge clk_i) begin
    if (rst_i) wf2_v_q <= 1'b0;
    else if (wf2_free) wf2_v_q <= wf1_v_q;
  end
  always_ff @(posedge clk_i) begin
    if (wf2_take) begin
      wf2_seq_q  <= wf1_seq_q;
      wf2_tx_q   <= wf1_tx_q;
      wf2_ty_q   <= wf1_ty_q;
      wf2_e_q    <= wf1_e_q;
      wf2_mask_q <= wf2_mask_d;
      f_has_q    <= wf2_mask_d != '0;
      f_idx_q    <= low4(wf2_mask_d);
      f_last_q   <= one4(wf2_mask_d);
    end else if (wf2_v_q && f_has_q && of_in_ready) begin
      wf2_mask_q <= wf2_rest;
      f_has_q    <= !f_last_q;
      f_idx_q    <= low4(wf2_rest);
      f_last_q   <= one4(wf2_rest);
    end
  end
  always_comb begin
    of_in.seq = wf2_seq_q;
    of_in.fx  = {wf2_tx_q, f_idx_q[0]};
    of_in.fy  = {wf2_ty_q, f_idx_q[1]};
    of_in.e   = pick4(wf2_e_q, f_idx_q);
  end
  rec_f_t of_held;
  logic   of_held_v;
  gx_skid #(.Width($bits(of_in))) u_skid_of (
    .clk_i, .rst_i,
    .in_valid_i(wf2_v_q && f_has_q), .in_ready_o(of_in_ready), .in_data_i(of_in),
    .out_valid_o(of_out_valid), .out_ready_i(of_out_ready), .out_data_o(of_out),
    .held_valid_o(of_held_v), .held_data_o(of_held)
  );

  // ---------------------------------------------------------------------------------
  // WR1: the fine tile's quad-row origins, row r at + 512 r B.
  logic            wr1_v_q, wr1_free, wr1_take;
  logic [QW-1:0]   wr1_seq_q;
  logic [PW-4:0]   wr1_fx_q, wr1_fy_q;
  logic [3:0][2:0][EW-1:0] wr1_e_q;
  logic [2:0][KW-1:0] wr1_kr_q;
  logic [2:0][AW-1:0] wr1_a_q;
  logic [2:0][XW-1:0] wr1_a3_q;
  logic [PW-1:0]   wr1_px0_q, wr1_px1_q, wr1_py0_q, wr1_py1_q;
  logic [2:0]      wr1_nlog_q;
  assign rr_addr = of_out.seq[3:0];
  always_ff @(posedge clk_i) begin
    if (rst_i) wr1_v_q <= 1'b0;
    else if (wr1_free) wr1_v_q <= of_out_valid;
  end
  always_ff @(posedge clk_i) begin
    if (wr1_take) begin
      wr1_seq_q <= of_out.seq;
      wr1_fx_q  <= of_out.fx;
      wr1_fy_q  <= of_out.fy;
      wr1_kr_q  <= rr.kr;
      wr1_a_q   <= rr.a;
      wr1_a3_q  <= rr.a3;
      wr1_px0_q <= rr.px0;
      wr1_px1_q <= rr.px1;
      wr1_py0_q <= rr.py0;
      wr1_py1_q <= rr.py1;
      wr1_nlog_q <= rr.nlog;
      for (int e = 0; e < 3; e++) begin
        edge_t f;
        f = $signed(of_out.e[e]);
        wr1_e_q[0][e] <= f;
        wr1_e_q[1][e] <= f + (EW'($signed(rr.b[e])) <<< 9);
        wr1_e_q[2][e] <= f + (EW'($signed(rr.b[e])) <<< 10);
        wr1_e_q[3][e] <= f + (EW'($signed(rr.b3[e])) <<< 9);
      end
    end
  end

  // WR2: the rows' corner tests and range (rows 2 r, 2 r + 1 meet [py0, py1]), each row's
  // groups' range (group g's columns meet [px0, px1]); visit-mask bit GPR r + g. A fine
  // tile's origin is a multiple of 8 pixels: its rows and columns are its origin's upper
  // bits and a 3-bit offset, with no add.
  logic            wr2_v_q, wr2_free, wr2_take, r_has_q, r_last_q;
  logic [QW-1:0]   wr2_seq_q;
  logic [2:0]      wr2_nlog_q;
  logic [PW-4:0]   wr2_fx_q, wr2_fy_q;
  logic [3:0][2:0][EW-1:0] wr2_e_q;
  logic [2:0][AW-1:0] wr2_a_q;
  logic [2:0][XW-1:0] wr2_a3_q;
  logic [PW-1:0]   wr2_px0_q, wr2_px1_q, wr2_py0_q, wr2_py1_q;
  logic [G-1:0]    wr2_mask_q, wr2_mask_d, wr2_rest;
  logic [GL-1:0]   r_idx_q;
  logic            g_in_ready, g_out_valid, g_out_ready;
  rec_g_t          g_in, g_out;
  always_comb begin
    logic [3:0] rok;
    logic [GPR-1:0] gok;
    for (int r = 0; r < 4; r++) begin
      rok[r] = {wr1_fy_q, 3'(2 * r + 1)} >= wr1_py0_q && {wr1_fy_q, 3'(2 * r)} <= wr1_py1_q;
      for (int e = 0; e < 3; e++) begin
        edge_t s;
        s = $signed(wr1_e_q[r][e]) + EW'($signed(wr1_kr_q[e]));
        rok[r] = rok[r] && !s[EW-1];
      end
    end
    for (int g = 0; g < GPR; g++)
      gok[g] = {wr1_fx_q, 3'(2 * Lanes * g + 2 * Lanes - 1)} >= wr1_px0_q &&
               {wr1_fx_q, 3'(2 * Lanes * g)} <= wr1_px1_q;
    for (int b = 0; b < G; b++) wr2_mask_d[b] = rok[b / GPR] && gok[b % GPR];
  end
  assign wr2_rest = wr2_mask_q & ~(G'(1) << r_idx_q);
  assign wr2_free = !wr2_v_q || !r_has_q || (r_last_q && g_in_ready);
  assign wr2_take = wr1_v_q && wr2_free;
  assign wr1_free = !wr1_v_q || wr2_take;
  assign wr1_take = of_out_valid && wr1_free;
  assign of_out_ready = wr1_free;
  always_ff @(posedge clk_i) begin
    if (rst_i) wr2_v_q <= 1'b0;
    else if (wr2_free) wr2_v_q <= wr1_v_q;
  end
  always_ff @(posedge clk_i) begin
    if (wr2_take) begin
      wr2_seq_q  <= wr1_seq_q;
      wr2_nlog_q <= wr1_nlog_q;
      wr2_fx_q   <= wr1_fx_q;
      wr2_fy_q   <= wr1_fy_q;
      wr2_e_q    <= wr1_e_q;
      wr2_a_q    <= wr1_a_q;
      wr2_a3_q   <= wr1_a3_q;
      wr2_px0_q  <= wr1_px0_q;
      wr2_px1_q  <= wr1_px1_q;
      wr2_py0_q  <= wr1_py0_q;
      wr2_py1_q  <= wr1_py1_q;
      wr2_mask_q <= wr2_mask_d;
      r_has_q    <= wr2_mask_d != '0;
      r_idx_q    <= low_g(wr2_mask_d);
      r_last_q   <= one_g(wr2_mask_d);
    end else if (wr2_v_q && r_has_q && g_in_ready) begin
      wr2_mask_q <= wr2_rest;
      r_has_q    <= !r_last_q;
      r_idx_q    <= low_g(wr2_rest);
      r_last_q   <= one_g(wr2_rest);
    end
  end
  // the group r_idx: row r_idx / GPR, group r_idx % GPR; E' at its origin: the row's plus
  // 512 g Lanes A (a shift of A or 3 A); its pixels' range bits (pixel 4 l + k at
  // (2 l + k % 2, k / 2) from its origin)
  logic [2:0][EW-1:0] rowv;     // the group's row's origin
  always_comb begin
    logic [1:0] row, g;
    logic [2:0] xo, yo;
    row = 2'(32'(r_idx_q) / GPR);
    g   = 2'(32'(r_idx_q) % GPR);
    rowv = pick4(wr2_e_q, row);
    xo  = 3'({g, 1'b0} << $clog2(Lanes));
    yo  = {row, 1'b0};
    g_in.seq  = wr2_seq_q;
    g_in.nlog = wr2_nlog_q;
    g_in.qx   = 12'({wr2_fx_q, xo} >> 1);
    g_in.qy   = 12'({wr2_fy_q, yo} >> 1);
    g_in.inr  = '0;
    for (int l = 0; l < Lanes; l++)
      for (int k = 0; k < 4; k++) begin
        logic [PW-1:0] px, py;
        px = {wr2_fx_q, xo + 3'(2 * l + k % 2)};
        py = {wr2_fy_q, yo + 3'(k / 2)};
        g_in.inr[4*l+k] = px >= wr2_px0_q && px <= wr2_px1_q &&
                          py >= wr2_py0_q && py <= wr2_py1_q;
      end
    for (int e = 0; e < 3; e++) begin
      edge_t gv;
      gv = '0;
      for (int gg = 1; gg < GPR; gg++)
        if (g == 2'(gg))
          gv = gg * Lanes == 1 ? EW'($signed(wr2_a_q[e])) <<< 9
             : gg * Lanes == 2 ? EW'($signed(wr2_a_q[e])) <<< 10
             :                   EW'($signed(wr2_a3_q[e])) <<< 9;
      g_in.e[e] = $signed(rowv[e]) + gv;
    end
  end
  rec_g_t g_held;
  logic   g_held_v;
  gx_skid #(.Width($bits(g_in))) u_skid_g (
    .clk_i, .rst_i,
    .in_valid_i(wr2_v_q && r_has_q), .in_ready_o(g_in_ready), .in_data_i(g_in),
    .out_valid_o(g_out_valid), .out_ready_i(g_out_ready), .out_data_o(g_out),
    .held_valid_o(g_held_v), .held_data_o(g_held)
  );

  // ---------------------------------------------------------------------------------
  // GR: the group; issues its H steps.
  logic            gr_v_q, gr_free, gr_take, issue, g_hlast_q;
  rec_g_t          gr_q;
  logic [1:0]      gr_h_q;
  // the last step of a group at N = 2^nlog
  function automatic logic [1:0] steps_m1(input logic [2:0] nlog);
    steps_m1 = nlog == 3'd4 ? 2'd3 : nlog == 3'd3 ? 2'd1 : 2'd0;
  endfunction
  assign rg_addr     = gr_q.seq[3:0];
  assign issue       = gr_v_q && cred_i;
  assign gr_free     = !gr_v_q || (cred_i && g_hlast_q);
  assign gr_take     = g_out_valid && gr_free;
  assign g_out_ready = gr_free;
  always_ff @(posedge clk_i) begin
    if (rst_i) gr_v_q <= 1'b0;
    else if (gr_free) gr_v_q <= g_out_valid;
  end
  always_ff @(posedge clk_i) begin
    if (gr_take) begin
      gr_q      <= g_out;
      gr_h_q    <= '0;
      g_hlast_q <= steps_m1(g_out.nlog) == 2'd0;
    end else if (issue) begin
      gr_h_q    <= gr_h_q + 2'd1;
      g_hlast_q <= gr_h_q + 2'd1 == steps_m1(gr_q.nlog);
    end
  end

  // The item: E' at the step's base pixel, the group's origin plus the step's offset
  // D(h) (D(0) = 0; docs/raster.md, "Test columns").
  logic [2:0][EW-1:0] step_d;
  always_comb begin
    for (int e = 0; e < 3; e++) begin
      step_d[e] = '0;
      for (int h = 1; h < 4; h++)
        if (gr_h_q == 2'(h)) step_d[e] = EW'($signed(rg.d[e][h-1]));
    end
  end

  logic it_v_q;
  gx_raster_pkg::rs_item_t it_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) it_v_q <= 1'b0;
    else it_v_q <= issue;
  end
  always_ff @(posedge clk_i) begin
    it_q.seq  <= gr_q.seq;
    it_q.tag  <= rg.tag;
    it_q.nlog <= rg.nlog;
    it_q.ps   <= rg.ps;
    it_q.qx   <= gr_q.qx;
    it_q.qy   <= gr_q.qy;
    it_q.h    <= gr_h_q;
    it_q.last <= g_hlast_q;
    it_q.inr  <= gr_q.inr;
    for (int e = 0; e < 3; e++) it_q.e[e] <= $signed(gr_q.e[e]) + $signed(step_d[e]);
  end
  assign issue_o      = issue;
  assign rt_re_o      = gr_take;
  assign rt_addr_o    = g_out.seq[3:0];
  assign item_valid_o = it_v_q;
  assign item_o       = it_q;
  assign busy_o = wa_v_q || a_out_valid || wf1_v_q || wf2_v_q || of_out_valid ||
                  wr1_v_q || wr2_v_q || g_out_valid || gr_v_q;

  // the skid buffers' held records are read by no property here
  logic unused_held;
  assign unused_held = ^{a_held_v, a_held, of_held_v, of_held, g_held_v, g_held};

  // ---------------------------------------------------------------------------------
  // Properties.
  `GX_ASSERT(WfIdx_A, !wf2_v_q || !f_has_q ||
             (wf2_mask_q[f_idx_q] && (wf2_mask_q & ((4'd1 << f_idx_q) - 4'd1)) == '0 &&
              f_last_q == one4(wf2_mask_q)))
  `GX_ASSERT(WfHas_A, !wf2_v_q || f_has_q == (wf2_mask_q != '0))
  `GX_ASSERT(WrIdx_A, !wr2_v_q || !r_has_q ||
             (wr2_mask_q[r_idx_q] && (wr2_mask_q & ((G'(1) << r_idx_q) - G'(1))) == '0 &&
              r_last_q == one_g(wr2_mask_q)))
  `GX_ASSERT(WrHas_A, !wr2_v_q || r_has_q == (wr2_mask_q != '0))
  `GX_ASSERT(GrStep_A, !gr_v_q || (gr_h_q <= steps_m1(gr_q.nlog) &&
                                   g_hlast_q == (gr_h_q == steps_m1(gr_q.nlog)) &&
                                   gr_q.nlog == rg.nlog))
  `GX_ASSERT(Avail_A, QW'(pushed_i - next_q) <= QW'(16))
  `GX_COVER(WalkOverlap_C, tri_take && wa_v_q)
  `GX_COVER(WfDrop_C, wf2_v_q && !f_has_q)
  `GX_COVER(WrDrop_C, wr2_v_q && !r_has_q)
endmodule

`default_nettype wire
