// gx_raster_setup: edge-equation setup unit (one triangle per clock).
//
// For a triangle with 16.8 vertices computes the three edge equations
// E_k = A_k x + B_k y + C_k (A_k = y_k - y_k1, B_k = x_k1 - x_k, C_k = x_k y_k1 - x_k1 y_k),
// negated when the signed area is negative so the inside is positive for both windings;
// the top-left flags; the class (triangle, segment, point; a segment's line through its
// two extreme vertices in edge 0); the vertex bounding box; and the pixel range the
// rasterizer visits, clamped to the render target. The C model gx_raster_setup
// (cmodel/src/raster.c) is the specification; docs/raster.md gives the widths and why
// none overflows.
//
// Twice the signed area is C_0 + C_1 + C_2 (= E_0 at vertex 2), so the only products
// are the six of C, each through a registered multiplier (gx_mul, 3 stages). Stages:
//   1  operands; differences A, B; the box
//   2  partial products; |A|, |B|; top-left flags of both windings; the pixel range
//      before clamping
//   3  products; pair lengths |dx| + |dy|; the clamped range and its emptiness
//   4  C_k; the area as (sum of x_k y_k1) and (sum of x_k1 y_k); the segment's pair
//   5  the area's sign and zero test; -A, -B, -C; the segment's line
//   6  the result: orientation, class, top-left flags, range (the output register)
//
// Handshake: valid/ready streams req (in) and setup (out). A six-stage pipeline with one
// enable: it advances unless its output is valid and not taken, so
// req_ready_o = !setup_valid_o || setup_ready_i.
// Latency: 6 clocks. Throughput: one triangle per clock.
`default_nettype none
`include "gx_assert.svh"

module gx_raster_setup (
  input  wire logic                  clk_i,          /// clock, rising edge
  input  wire logic                  rst_i,          /// synchronous reset, active high
  input  wire logic                  req_valid_i,    /// a triangle is offered
  output      logic                  req_ready_o,    /// the triangle is taken this clock
  input  wire gx_pkg::rs_setup_req_t req_i,          /// render state and vertices
  output      logic                  setup_valid_o,  /// a setup result is offered
  input  wire logic                  setup_ready_i,  /// the result is taken this clock
  output      gx_pkg::rs_setup_t     setup_o         /// edge equations, class, boxes
);
  localparam int unsigned CW = gx_pkg::CoordBits;      // 24: |coordinate| <= 2^22
  localparam int unsigned AW = gx_pkg::EdgeCoefBits;   // 25: |A|, |B| <= 2^23
  localparam int unsigned EW = gx_pkg::EdgeBits;       // 48: |C| <= 2^45
  localparam int unsigned MW = 2 * CW;                 // 48: a product x_k y_j
  localparam int unsigned SW = MW + 2;                 // 50: a sum of three products
  localparam int unsigned RW = CW + 2;                 // 26: pixel range before clamping
  localparam int unsigned PW = 13;                     // pixel index 0..8191
  localparam int unsigned NS = 6;                      // pipeline stages

  typedef logic signed [CW-1:0] coord_t;
  typedef logic signed [RW-1:0] range_t;
  // Per-edge values are packed arrays declared directly (Yosys 0.70 mis-indexes
  // typedef'd multi-dimensional packed arrays, docs/toolchain.md); element k is read
  // through $signed().

  logic en;             // the pipeline advances
  logic [NS:1] v_q;     // stage s holds a triangle
  assign en            = !v_q[NS] || setup_ready_i;
  assign req_ready_o   = en;
  assign setup_valid_o = v_q[NS];

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      v_q <= '0;
    end else if (en) begin
      v_q <= {v_q[NS-1:1], req_valid_i};
    end
  end

  // ---------------------------------------------------------------------------------
  // The six products of C: x_k y_k1 (pos) and x_k1 y_k (neg), stages 1 to 3.
  logic [2:0][CW-1:0] x, y;
  assign x = {req_i.x2, req_i.x1, req_i.x0};
  assign y = {req_i.y2, req_i.y1, req_i.y0};

  logic [2:0][MW-1:0] pp_q3, pn_q3;
  for (genvar k = 0; k < 3; k++) begin : gen_edge
    gx_mul #(.AW(CW), .BW(CW), .LoBits(17)) u_mul_pos (
      .clk_i, .rst_i, .en_i(en),
      .a_i($signed(x[k])), .b_i($signed(y[(k+1)%3])), .p_o(pp_q3[k])
    );
    gx_mul #(.AW(CW), .BW(CW), .LoBits(17)) u_mul_neg (
      .clk_i, .rst_i, .en_i(en),
      .a_i($signed(x[(k+1)%3])), .b_i($signed(y[k])), .p_o(pn_q3[k])
    );
  end

  // ---------------------------------------------------------------------------------
  // Stage 1: A, B, the box; the render state.
  logic [2:0][AW-1:0] a_d1, a_q1, b_d1, b_q1;
  coord_t bx0_d1, by0_d1, bx1_d1, by1_d1, bx0_q1, by0_q1, bx1_q1, by1_q1;
  always_comb begin
    for (int k = 0; k < 3; k++) begin
      a_d1[k] = AW'($signed(y[k])) - AW'($signed(y[(k+1)%3]));
      b_d1[k] = AW'($signed(x[(k+1)%3])) - AW'($signed(x[k]));
    end
    // minimum and maximum of three from the three pairwise comparisons
    bx0_d1 = ($signed(x[0]) <= $signed(x[1]) && $signed(x[0]) <= $signed(x[2])) ? x[0] :
             $signed(x[1]) <= $signed(x[2]) ? x[1] : x[2];
    bx1_d1 = ($signed(x[0]) >= $signed(x[1]) && $signed(x[0]) >= $signed(x[2])) ? x[0] :
             $signed(x[1]) >= $signed(x[2]) ? x[1] : x[2];
    by0_d1 = ($signed(y[0]) <= $signed(y[1]) && $signed(y[0]) <= $signed(y[2])) ? y[0] :
             $signed(y[1]) <= $signed(y[2]) ? y[1] : y[2];
    by1_d1 = ($signed(y[0]) >= $signed(y[1]) && $signed(y[0]) >= $signed(y[2])) ? y[0] :
             $signed(y[1]) >= $signed(y[2]) ? y[1] : y[2];
  end

  logic        cons_q1;
  logic [7:0]  err_q1;
  logic [13:0] w_q1, h_q1;
  always_ff @(posedge clk_i) begin
    if (en) begin
      a_q1 <= a_d1;
      b_q1 <= b_d1;
      bx0_q1 <= bx0_d1;  by0_q1 <= by0_d1;  bx1_q1 <= bx1_d1;  by1_q1 <= by1_d1;
      cons_q1 <= req_i.conservative;
      err_q1  <= req_i.cons_err;
      w_q1    <= req_i.width;
      h_q1    <= req_i.height;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 2: |A|, |B|; top-left flags for either winding; the pixel range before
  // clamping. MSAA [ceil((b0 - 240)/256), floor(b1/256)] = [(b0 + 15) >>> 8, b1 >>> 8];
  // conservative [ceil((b0 - E - 256)/256), floor((b1 + E)/256)]
  //            = [(b0 - E - 1) >>> 8, (b1 + E) >>> 8], and -E - 1 = ~E.
  logic [2:0][AW-1:0] absa_d2, absb_d2, absa_q2, absb_q2, a_q2, b_q2;
  logic [2:0] incl_pos_d2, incl_neg_d2, incl_pos_q2, incl_neg_q2;
  range_t x0_d2, y0_d2, x1_d2, y1_d2, x0_q2, y0_q2, x1_q2, y1_q2;
  logic [13:0] xmax_d2, ymax_d2, xmax_q2, ymax_q2;  // last pixel of the target
  coord_t bx0_q2, by0_q2, bx1_q2, by1_q2;
  logic   cons_q2;
  always_comb begin
    range_t lo, hi;
    for (int k = 0; k < 3; k++) begin
      absa_d2[k] = $signed(a_q1[k]) < 0 ? -a_q1[k] : a_q1[k];
      absb_d2[k] = $signed(b_q1[k]) < 0 ? -b_q1[k] : b_q1[k];
      // top edge: A = 0, B > 0; left edge: A > 0 (after negation for a negative area)
      incl_pos_d2[k] = $signed(a_q1[k]) > 0 || (a_q1[k] == '0 && $signed(b_q1[k]) > 0);
      incl_neg_d2[k] = $signed(a_q1[k]) < 0 || (a_q1[k] == '0 && $signed(b_q1[k]) < 0);
    end
    lo = cons_q1 ? ~range_t'({1'b0, err_q1}) : range_t'(15);
    hi = cons_q1 ? range_t'({1'b0, err_q1}) : '0;
    x0_d2 = (range_t'(bx0_q1) + lo) >>> 8;
    y0_d2 = (range_t'(by0_q1) + lo) >>> 8;
    x1_d2 = (range_t'(bx1_q1) + hi) >>> 8;
    y1_d2 = (range_t'(by1_q1) + hi) >>> 8;
    xmax_d2 = w_q1 - 14'd1;
    ymax_d2 = h_q1 - 14'd1;
  end

  always_ff @(posedge clk_i) begin
    if (en) begin
      a_q2 <= a_q1;
      b_q2 <= b_q1;
      absa_q2 <= absa_d2;
      absb_q2 <= absb_d2;
      incl_pos_q2 <= incl_pos_d2;
      incl_neg_q2 <= incl_neg_d2;
      x0_q2 <= x0_d2;  y0_q2 <= y0_d2;  x1_q2 <= x1_d2;  y1_q2 <= y1_d2;
      xmax_q2 <= xmax_d2;
      ymax_q2 <= ymax_d2;
      bx0_q2 <= bx0_q1;  by0_q2 <= by0_q1;  bx1_q2 <= bx1_q1;  by1_q2 <= by1_q1;
      cons_q2 <= cons_q1;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 3: pair lengths |dx| + |dy| (<= 2^24 + 2^24); the range clamped to the target
  // and its emptiness (a zero-area primitive's MSAA emptiness follows in stage 6).
  logic [2:0][AW:0]   l1_d3, l1_q3;
  logic [2:0][AW-1:0] a_q3, b_q3;
  logic [2:0] incl_pos_q3, incl_neg_q3;
  logic [PW-1:0] px0_d3, py0_d3, px1_d3, py1_d3, px0_q3, py0_q3, px1_q3, py1_q3;
  logic   empty_d3, empty_q3;
  coord_t bx0_q3, by0_q3, bx1_q3, by1_q3;
  logic   cons_q3;
  always_comb begin
    range_t xmax, ymax;
    for (int k = 0; k < 3; k++) l1_d3[k] = (AW+1)'(absa_q2[k]) + (AW+1)'(absb_q2[k]);
    xmax = range_t'({1'b0, xmax_q2});
    ymax = range_t'({1'b0, ymax_q2});
    empty_d3 = x1_q2 < 0 || y1_q2 < 0 || x0_q2 > xmax || y0_q2 > ymax ||
               x0_q2 > x1_q2 || y0_q2 > y1_q2;
    px0_d3 = x0_q2 < 0 ? '0 : PW'(x0_q2);
    py0_d3 = y0_q2 < 0 ? '0 : PW'(y0_q2);
    px1_d3 = x1_q2 > xmax ? PW'(xmax_q2) : PW'(x1_q2);
    py1_d3 = y1_q2 > ymax ? PW'(ymax_q2) : PW'(y1_q2);
  end

  always_ff @(posedge clk_i) begin
    if (en) begin
      l1_q3 <= l1_d3;
      a_q3 <= a_q2;
      b_q3 <= b_q2;
      incl_pos_q3 <= incl_pos_q2;
      incl_neg_q3 <= incl_neg_q2;
      px0_q3 <= px0_d3;  py0_q3 <= py0_d3;  px1_q3 <= px1_d3;  py1_q3 <= py1_d3;
      empty_q3 <= empty_d3;
      bx0_q3 <= bx0_q2;  by0_q3 <= by0_q2;  bx1_q3 <= bx1_q2;  by1_q3 <= by1_q2;
      cons_q3 <= cons_q2;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 4: C_k = x_k y_k1 - x_k1 y_k; twice the area C_0 + C_1 + C_2 as the two sums
  // (sum of x_k y_k1) - (sum of x_k1 y_k); the segment's pair, the farthest apart (the
  // first of (0,1), (1,2), (2,0) on a tie).
  logic [2:0][EW:0]   c_wide;  // 49 bits: C before narrowing (no overflow: CFits_A)
  logic [2:0][EW-1:0] c_d4, c_q4;
  logic [SW-1:0] spos_d4, sneg_d4, spos_q4, sneg_q4;
  logic [1:0] seg_d4, seg_q4;
  logic point_d4;  // the box is one point
  always_comb begin
    spos_d4 = '0;
    sneg_d4 = '0;
    for (int k = 0; k < 3; k++) begin
      c_wide[k] = (EW+1)'($signed(pp_q3[k])) - (EW+1)'($signed(pn_q3[k]));
      c_d4[k] = c_wide[k][EW-1:0];
      spos_d4 = spos_d4 + SW'($signed(pp_q3[k]));
      sneg_d4 = sneg_d4 + SW'($signed(pn_q3[k]));
    end
    // pair 1 beats pair 0 when longer, pair 2 beats the winner of those when longer (the
    // three comparisons side by side)
    if (l1_q3[1] > l1_q3[0]) seg_d4 = l1_q3[2] > l1_q3[1] ? 2'd2 : 2'd1;
    else                     seg_d4 = l1_q3[2] > l1_q3[0] ? 2'd2 : 2'd0;
    point_d4 = bx0_q3 == bx1_q3 && by0_q3 == by1_q3;
  end

  logic [2:0][AW-1:0] a_q4, b_q4;
  logic [2:0] incl_pos_q4, incl_neg_q4;
  logic [PW-1:0] px0_q4, py0_q4, px1_q4, py1_q4;
  logic   empty_q4, point_q4;
  coord_t bx0_q4, by0_q4, bx1_q4, by1_q4;
  logic   cons_q4;
  always_ff @(posedge clk_i) begin
    if (en) begin
      c_q4 <= c_d4;
      spos_q4 <= spos_d4;
      sneg_q4 <= sneg_d4;
      seg_q4 <= seg_d4;
      a_q4 <= a_q3;
      b_q4 <= b_q3;
      incl_pos_q4 <= incl_pos_q3;
      incl_neg_q4 <= incl_neg_q3;
      px0_q4 <= px0_q3;  py0_q4 <= py0_q3;  px1_q4 <= px1_q3;  py1_q4 <= py1_q3;
      empty_q4 <= empty_q3;
      point_q4 <= point_d4;
      bx0_q4 <= bx0_q3;  by0_q4 <= by0_q3;  bx1_q4 <= bx1_q3;  by1_q4 <= by1_q3;
      cons_q4 <= cons_q3;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 5: the area's sign and zero test; the negated edges; the segment's line (its
  // raw edge `seg`: a zero area is not negated).
  logic [2:0][AW-1:0] na_d5, nb_d5, a_q5, b_q5, na_q5, nb_q5;
  logic [2:0][EW-1:0] nc_d5, c_q5, nc_q5;
  logic [AW-1:0] sa_q5, sb_q5;
  logic [EW-1:0] sc_q5;
  logic [2:0] incl_pos_q5, incl_neg_q5;
  logic [PW-1:0] px0_q5, py0_q5, px1_q5, py1_q5;
  logic   area_neg_d5, area_zero_d5;
  logic   area_neg_q5, area_zero_q5, empty_q5, point_q5;
  coord_t bx0_q5, by0_q5, bx1_q5, by1_q5;
  logic   cons_q5;
  always_comb begin
    area_neg_d5  = $signed(spos_q4) < $signed(sneg_q4);
    area_zero_d5 = spos_q4 == sneg_q4;
    for (int k = 0; k < 3; k++) begin
      na_d5[k] = -a_q4[k];
      nb_d5[k] = -b_q4[k];
      nc_d5[k] = -c_q4[k];
    end
  end

  always_ff @(posedge clk_i) begin
    if (en) begin
      area_neg_q5  <= area_neg_d5;
      area_zero_q5 <= area_zero_d5;
      na_q5 <= na_d5;
      nb_q5 <= nb_d5;
      nc_q5 <= nc_d5;
      a_q5 <= a_q4;
      b_q5 <= b_q4;
      c_q5 <= c_q4;
      sa_q5 <= a_q4[seg_q4];
      sb_q5 <= b_q4[seg_q4];
      sc_q5 <= c_q4[seg_q4];
      incl_pos_q5 <= incl_pos_q4;
      incl_neg_q5 <= incl_neg_q4;
      px0_q5 <= px0_q4;  py0_q5 <= py0_q4;  px1_q5 <= px1_q4;  py1_q5 <= py1_q4;
      empty_q5 <= empty_q4;
      point_q5 <= point_q4;
      bx0_q5 <= bx0_q4;  by0_q5 <= by0_q4;  bx1_q5 <= bx1_q4;  by1_q5 <= by1_q4;
      cons_q5 <= cons_q4;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 6: the result.
  gx_pkg::rs_setup_t s_d;
  // Oriented edges (module-level: Yosys 0.70 cannot size a 2-D packed array declared
  // inside a procedural block).
  logic [2:0][AW-1:0] a, b;
  logic [2:0][EW-1:0] c;
  always_comb begin
    logic [1:0] cls;
    logic [2:0] incl;
    logic empty;
    if (!area_zero_q5) begin
      cls = 2'd0;  // triangle
      a = area_neg_q5 ? na_q5 : a_q5;
      b = area_neg_q5 ? nb_q5 : b_q5;
      c = area_neg_q5 ? nc_q5 : c_q5;
      incl = area_neg_q5 ? incl_neg_q5 : incl_pos_q5;
    end else if (point_q5) begin
      cls = 2'd2;  // point
      a = '0;
      b = '0;
      c = '0;
      incl = '0;
    end else begin
      cls = 2'd1;  // segment: its line in edge 0
      a = '0;
      b = '0;
      c = '0;
      a[0] = sa_q5;
      b[0] = sb_q5;
      c[0] = sc_q5;
      incl = '0;
    end
    empty = empty_q5 || (!cons_q5 && area_zero_q5);

    s_d.a0 = a[0];  s_d.a1 = a[1];  s_d.a2 = a[2];
    s_d.b0 = b[0];  s_d.b1 = b[1];  s_d.b2 = b[2];
    s_d.c0 = c[0];  s_d.c1 = c[1];  s_d.c2 = c[2];
    s_d.incl = incl;
    s_d.cls  = cls;
    s_d.ccw  = area_neg_q5;
    s_d.bx0  = bx0_q5;  s_d.by0 = by0_q5;  s_d.bx1 = bx1_q5;  s_d.by1 = by1_q5;
    if (empty) begin
      s_d.px0 = PW'(1);  s_d.py0 = PW'(1);  s_d.px1 = '0;  s_d.py1 = '0;
    end else begin
      s_d.px0 = px0_q5;  s_d.py0 = py0_q5;  s_d.px1 = px1_q5;  s_d.py1 = py1_q5;
    end
  end

  always_ff @(posedge clk_i) begin
    if (en) setup_o <= s_d;
  end

  // ---------------------------------------------------------------------------------
  // Properties.
  localparam logic signed [CW-1:0] Guard = CW'(gx_pkg::GuardBandPx << gx_pkg::SubpixBits);

`ifdef GX_ASSERT_ON
  // in-range request (the guard band and the target size)
  logic req_legal;
  assign req_legal =
      $signed(req_i.x0) >= -Guard && $signed(req_i.x0) <= Guard &&
      $signed(req_i.y0) >= -Guard && $signed(req_i.y0) <= Guard &&
      $signed(req_i.x1) >= -Guard && $signed(req_i.x1) <= Guard &&
      $signed(req_i.y1) >= -Guard && $signed(req_i.y1) <= Guard &&
      $signed(req_i.x2) >= -Guard && $signed(req_i.x2) <= Guard &&
      $signed(req_i.y2) >= -Guard && $signed(req_i.y2) <= Guard &&
      req_i.width >= 14'd1 && req_i.width <= 14'(gx_pkg::MaxViewport) &&
      req_i.height >= 14'd1 && req_i.height <= 14'(gx_pkg::MaxViewport);
  // The target of the triangle in each stage from 2 on (stage 1: w_q1, h_q1).
  logic [NS:2][13:0] fv_w_q, fv_h_q;
  always_ff @(posedge clk_i) begin
    if (en) begin
      fv_w_q <= {fv_w_q[NS-1:2], w_q1};
      fv_h_q <= {fv_h_q[NS-1:2], h_q1};
    end
  end
  // triangles in flight, from the ports
  logic [2:0] fv_owed_q, fv_in_flight;
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_owed_q <= '0;
    else fv_owed_q <= fv_owed_q + 3'(req_valid_i && req_ready_o)
                                - 3'(setup_valid_o && setup_ready_i);
  end
  always_comb begin
    fv_in_flight = '0;
    for (int s = 1; s <= NS; s++) fv_in_flight = fv_in_flight + 3'(v_q[s]);
  end
  // a legal target
  function automatic logic target_ok(logic [13:0] w, logic [13:0] h);
    target_ok = w >= 14'd1 && w <= 14'(gx_pkg::MaxViewport) &&
           h >= 14'd1 && h <= 14'(gx_pkg::MaxViewport);
  endfunction
  // an empty range, or a non-empty one inside a w x h target
  function automatic logic range_ok(logic empty, logic [PW-1:0] px0, logic [PW-1:0] py0,
                                    logic [PW-1:0] px1, logic [PW-1:0] py1,
                                    logic [13:0] w, logic [13:0] h);
    range_ok = empty || (px0 <= px1 && py0 <= py1 && {1'b0, px1} < w && {1'b0, py1} < h);
  endfunction
`endif

  // Environment: the request protocol and the declared input ranges.
  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqLegal_M, !req_valid_i || req_legal)

  // Output protocol; no result is lost or made up (a counter invariant).
  `GX_ASSERT(SetupHold_A, !`GX_PAST_OK || !$past(setup_valid_o && !setup_ready_i) ||
                          (setup_valid_o && setup_o == $past(setup_o)))
  `GX_ASSERT(Owed_A, fv_owed_q == fv_in_flight)
  // No overflow: C narrows from 49 to 48 bits without loss.
  `GX_ASSERT(CFits_A, !v_q[3] ||
             (c_wide[0][EW] == c_wide[0][EW-1] && c_wide[1][EW] == c_wide[1][EW-1] &&
              c_wide[2][EW] == c_wide[2][EW-1]))
  // The render state carried with a triangle stays legal, and each stage's range is empty
  // or inside it (invariants for the proof).
  `GX_ASSERT(Stage1Target_A, !v_q[1] || target_ok(w_q1, h_q1))
  `GX_ASSERT(Stage2Target_A, !v_q[2] || (target_ok(fv_w_q[2], fv_h_q[2]) &&
                                         xmax_q2 == fv_w_q[2] - 14'd1 &&
                                         ymax_q2 == fv_h_q[2] - 14'd1))
  `GX_ASSERT(Stage3Range_A, !v_q[3] || (target_ok(fv_w_q[3], fv_h_q[3]) &&
             range_ok(empty_q3, px0_q3, py0_q3, px1_q3, py1_q3, fv_w_q[3], fv_h_q[3])))
  `GX_ASSERT(Stage4Range_A, !v_q[4] || (target_ok(fv_w_q[4], fv_h_q[4]) &&
             range_ok(empty_q4, px0_q4, py0_q4, px1_q4, py1_q4, fv_w_q[4], fv_h_q[4])))
  `GX_ASSERT(Stage5Range_A, !v_q[5] || (target_ok(fv_w_q[5], fv_h_q[5]) &&
             range_ok(empty_q5, px0_q5, py0_q5, px1_q5, py1_q5, fv_w_q[5], fv_h_q[5])))
  // A non-empty pixel range lies inside the target.
  `GX_ASSERT(RangeInTarget_A, !setup_valid_o || (setup_o.px0 == PW'(1) && setup_o.px1 == '0) ||
             (setup_o.px0 <= setup_o.px1 && setup_o.py0 <= setup_o.py1 &&
              {1'b0, setup_o.px1} < fv_w_q[NS] && {1'b0, setup_o.py1} < fv_h_q[NS]))

  `GX_COVER(Triangle_C, setup_valid_o && setup_o.cls == 2'd0 && setup_o.px0 <= setup_o.px1)
  `GX_COVER(Ccw_C, setup_valid_o && setup_o.cls == 2'd0 && setup_o.ccw)
  `GX_COVER(Segment_C, setup_valid_o && setup_o.cls == 2'd1)
  `GX_COVER(Point_C, setup_valid_o && setup_o.cls == 2'd2)
  `GX_COVER(TopEdge_C, setup_valid_o && setup_o.cls == 2'd0 && setup_o.a0 == '0)
  `GX_COVER(Empty_C, setup_valid_o && setup_o.cls == 2'd0 && setup_o.px0 > setup_o.px1)
  `GX_COVER(Full_C, &v_q)
  `GX_COVER(Stall_C, `GX_PAST_OK && $past(setup_valid_o && !setup_ready_i) && setup_valid_o)
endmodule

`default_nettype wire
