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
// Handshake: valid/ready streams req (in) and setup (out). A two-stage pipeline with one
// enable: it advances unless its output is valid and not taken, so
// req_ready_o = !setup_valid_o || setup_ready_i.
// Latency: 2 clocks. Throughput: one triangle per clock.
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
  localparam int unsigned PW = 13;                     // pixel index 0..8191

  typedef logic signed [CW-1:0] coord_t;
  typedef logic signed [AW-1:0] coef_t;
  typedef logic signed [EW-1:0] edge_t;
  // Per-edge values are packed arrays declared directly (Yosys 0.70 mis-indexes
  // typedef'd multi-dimensional packed arrays, docs/toolchain.md); element k is read
  // through $signed().

  logic en;  // the pipeline advances
  logic v1_q, v2_q;
  assign en            = !v2_q || setup_ready_i;
  assign req_ready_o   = en;
  assign setup_valid_o = v2_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      v1_q <= 1'b0;
      v2_q <= 1'b0;
    end else if (en) begin
      v1_q <= req_valid_i;
      v2_q <= v1_q;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 1: differences, products, box, segment lengths.
  logic [2:0][CW-1:0] x, y;
  assign x = {req_i.x2, req_i.x1, req_i.x0};
  assign y = {req_i.y2, req_i.y1, req_i.y0};

  logic [2:0][AW-1:0] a_d, b_d;
  logic [2:0][EW-1:0] c_d;
  logic [2:0][EW:0]   c_wide;  // 49 bits: C before narrowing (no overflow: CFits_A)
  logic [2:0][AW:0]   l1_d;    // |dx| + |dy| of vertex pair (k, k+1), <= 2^24
  logic   area_neg_d, area_zero_d;
  coord_t bx0_d, by0_d, bx1_d, by1_d;

  always_comb begin
    logic signed [2*CW-1:0] p0, p1;
    logic signed [2*AW-1:0] q0, q1;
    logic signed [2*AW:0] area;
    coef_t ak, bk, dx1, dy1, dx2, dy2;
    for (int k = 0; k < 3; k++) begin
      ak = coef_t'($signed(y[k])) - coef_t'($signed(y[(k+1)%3]));
      bk = coef_t'($signed(x[(k+1)%3])) - coef_t'($signed(x[k]));
      a_d[k] = ak;
      b_d[k] = bk;
      p0 = $signed(x[k]) * $signed(y[(k+1)%3]);
      p1 = $signed(x[(k+1)%3]) * $signed(y[k]);
      c_wide[k] = (EW+1)'(p0) - (EW+1)'(p1);
      c_d[k] = c_wide[k][EW-1:0];
      l1_d[k] = (AW+1)'(bk < 0 ? -bk : bk) + (AW+1)'(ak < 0 ? -ak : ak);
    end
    // twice the signed area: (x1 - x0)(y2 - y0) - (y1 - y0)(x2 - x0) = E_0(v2)
    dx1 = coef_t'($signed(x[1])) - coef_t'($signed(x[0]));
    dy1 = coef_t'($signed(y[1])) - coef_t'($signed(y[0]));
    dx2 = coef_t'($signed(x[2])) - coef_t'($signed(x[0]));
    dy2 = coef_t'($signed(y[2])) - coef_t'($signed(y[0]));
    q0 = dx1 * dy2;
    q1 = dy1 * dx2;
    area = (2*AW+1)'(q0) - (2*AW+1)'(q1);
    area_neg_d  = area < 0;
    area_zero_d = area == 0;
    bx0_d = $signed(x[0]); bx1_d = $signed(x[0]); by0_d = $signed(y[0]); by1_d = $signed(y[0]);
    for (int k = 1; k < 3; k++) begin
      if ($signed(x[k]) < bx0_d) bx0_d = $signed(x[k]);
      if ($signed(x[k]) > bx1_d) bx1_d = $signed(x[k]);
      if ($signed(y[k]) < by0_d) by0_d = $signed(y[k]);
      if ($signed(y[k]) > by1_d) by1_d = $signed(y[k]);
    end
  end

  // Stage-1 registers (datapath: no reset).
  logic [2:0][AW-1:0] a_q, b_q;
  logic [2:0][EW-1:0] c_q;
  logic [2:0][AW:0]   l1_q;
  logic   area_neg_q, area_zero_q;
  coord_t bx0_q, by0_q, bx1_q, by1_q;
  logic   cons_q;
  logic [7:0] err_q;
  logic [13:0] w_q, h_q;

  always_ff @(posedge clk_i) begin
    if (en) begin
      a_q  <= a_d;
      b_q  <= b_d;
      c_q  <= c_d;
      l1_q <= l1_d;
      area_neg_q  <= area_neg_d;
      area_zero_q <= area_zero_d;
      bx0_q <= bx0_d;  by0_q <= by0_d;  bx1_q <= bx1_d;  by1_q <= by1_d;
      cons_q <= req_i.conservative;
      err_q  <= req_i.cons_err;
      w_q    <= req_i.width;
      h_q    <= req_i.height;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 2: orientation, class, top-left flags, segment line, pixel range.
  gx_pkg::rs_setup_t s_d;
  // Oriented edges (module-level: Yosys 0.70 cannot size a 2-D packed array declared
  // inside a procedural block).
  logic [2:0][AW-1:0] a, b;
  logic [2:0][EW-1:0] c;
  always_comb begin
    logic [1:0] cls;
    logic [2:0] incl;
    logic [1:0] seg;  // the segment's pair
    logic signed [CW+1:0] x0, x1, y0, y1;  // pixel range before clamping (floor of /256)
    logic signed [CW+1:0] xmax, ymax;      // last pixel of the target
    logic signed [CW+1:0] e;               // the error term (0 in MSAA mode)
    logic empty;

    for (int k = 0; k < 3; k++) begin
      a[k] = area_neg_q ? -a_q[k] : a_q[k];
      b[k] = area_neg_q ? -b_q[k] : b_q[k];
      c[k] = area_neg_q ? -c_q[k] : c_q[k];
      // top edge: A = 0, B > 0; left edge: A > 0
      incl[k] = $signed(a[k]) > 0 || (a[k] == '0 && $signed(b[k]) > 0);
    end
    // the pair farthest apart, the first of (0,1), (1,2), (2,0) on a tie
    seg = 2'd0;
    if (l1_q[1] > l1_q[0]) seg = 2'd1;
    if (l1_q[2] > l1_q[seg]) seg = 2'd2;

    if (!area_zero_q) begin
      cls = 2'd0;  // triangle
    end else if (bx0_q == bx1_q && by0_q == by1_q) begin
      cls = 2'd2;  // point
      a = '0;
      b = '0;
      c = '0;
      incl = '0;
    end else begin
      cls = 2'd1;  // segment: the line of its raw edge `seg` (area 0: not negated)
      a = '0;
      b = '0;
      c = '0;
      a[0] = a_q[seg];
      b[0] = b_q[seg];
      c[0] = c_q[seg];
      incl = '0;
    end

    // Pixel range: MSAA [ceil((b0 - 240)/256), floor(b1/256)] = [(b0 + 15) >>> 8, b1 >>> 8];
    // conservative [ceil((b0 - E - 256)/256), floor((b1 + E)/256)]
    //            = [(b0 - E - 1) >>> 8, (b1 + E) >>> 8].
    xmax = $signed((CW+2)'({1'b0, w_q})) - 1;
    ymax = $signed((CW+2)'({1'b0, h_q})) - 1;
    e = $signed((CW+2)'({1'b0, err_q}));
    if (cons_q) begin
      x0 = ((CW+2)'(bx0_q) - e - 1) >>> 8;
      y0 = ((CW+2)'(by0_q) - e - 1) >>> 8;
      x1 = ((CW+2)'(bx1_q) + e) >>> 8;
      y1 = ((CW+2)'(by1_q) + e) >>> 8;
    end else begin
      x0 = ((CW+2)'(bx0_q) + 15) >>> 8;
      y0 = ((CW+2)'(by0_q) + 15) >>> 8;
      x1 = (CW+2)'(bx1_q) >>> 8;
      y1 = (CW+2)'(by1_q) >>> 8;
    end
    empty = (!cons_q && cls != 2'd0) || x1 < 0 || y1 < 0 || x0 > xmax || y0 > ymax ||
            x0 > x1 || y0 > y1;

    s_d.a0 = a[0];  s_d.a1 = a[1];  s_d.a2 = a[2];
    s_d.b0 = b[0];  s_d.b1 = b[1];  s_d.b2 = b[2];
    s_d.c0 = c[0];  s_d.c1 = c[1];  s_d.c2 = c[2];
    s_d.incl = incl;
    s_d.cls  = cls;
    s_d.ccw  = area_neg_q;
    s_d.bx0  = bx0_q;  s_d.by0 = by0_q;  s_d.bx1 = bx1_q;  s_d.by1 = by1_q;
    if (empty) begin
      s_d.px0 = PW'(1);  s_d.py0 = PW'(1);  s_d.px1 = '0;  s_d.py1 = '0;
    end else begin
      s_d.px0 = x0 < 0 ? '0 : PW'(x0);
      s_d.py0 = y0 < 0 ? '0 : PW'(y0);
      s_d.px1 = x1 > xmax ? PW'(xmax) : PW'(x1);
      s_d.py1 = y1 > ymax ? PW'(ymax) : PW'(y1);
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
  // the target of the result in the output register (for RangeInTarget_A)
  logic [13:0] w2_q, h2_q;
  always_ff @(posedge clk_i) begin
    if (en) begin
      w2_q <= w_q;
      h2_q <= h_q;
    end
  end
  // triangles in flight, from the ports
  logic [1:0] fv_owed_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_owed_q <= '0;
    else fv_owed_q <= fv_owed_q + 2'(req_valid_i && req_ready_o)
                                - 2'(setup_valid_o && setup_ready_i);
  end
`endif

  // Environment: the request protocol and the declared input ranges.
  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqLegal_M, !req_valid_i || req_legal)

  // Output protocol; no result is lost or made up (a counter invariant).
  `GX_ASSERT(SetupHold_A, !`GX_PAST_OK || !$past(setup_valid_o && !setup_ready_i) ||
                          (setup_valid_o && setup_o == $past(setup_o)))
  `GX_ASSERT(Owed_A, fv_owed_q == 2'(v1_q) + 2'(v2_q))
  // No overflow: C narrows from 49 to 48 bits without loss.
  `GX_ASSERT(CFits_A, !req_valid_i || !req_legal ||
             (c_wide[0][EW] == c_wide[0][EW-1] && c_wide[1][EW] == c_wide[1][EW-1] &&
              c_wide[2][EW] == c_wide[2][EW-1]))
  // The render state carried with a triangle stays legal (invariants for the proof).
  `GX_ASSERT(Stage1Target_A, !v1_q || (w_q >= 14'd1 && w_q <= 14'(gx_pkg::MaxViewport) &&
                                       h_q >= 14'd1 && h_q <= 14'(gx_pkg::MaxViewport)))
  `GX_ASSERT(Stage2Target_A, !v2_q || (w2_q >= 14'd1 && w2_q <= 14'(gx_pkg::MaxViewport) &&
                                       h2_q >= 14'd1 && h2_q <= 14'(gx_pkg::MaxViewport)))
  // A non-empty pixel range lies inside the target.
  `GX_ASSERT(RangeInTarget_A, !setup_valid_o || (setup_o.px0 == PW'(1) && setup_o.px1 == '0) ||
             (setup_o.px0 <= setup_o.px1 && setup_o.py0 <= setup_o.py1 &&
              {1'b0, setup_o.px1} < w2_q && {1'b0, setup_o.py1} < h2_q))

  `GX_COVER(Triangle_C, setup_valid_o && setup_o.cls == 2'd0 && setup_o.px0 <= setup_o.px1)
  `GX_COVER(Ccw_C, setup_valid_o && setup_o.cls == 2'd0 && setup_o.ccw)
  `GX_COVER(Segment_C, setup_valid_o && setup_o.cls == 2'd1)
  `GX_COVER(Point_C, setup_valid_o && setup_o.cls == 2'd2)
  `GX_COVER(TopEdge_C, setup_valid_o && setup_o.cls == 2'd0 && setup_o.a0 == '0)
  `GX_COVER(Empty_C, setup_valid_o && setup_o.cls == 2'd0 && setup_o.px0 > setup_o.px1)
  `GX_COVER(Stall_C, `GX_PAST_OK && $past(setup_valid_o && !setup_ready_i) && setup_valid_o)
endmodule

`default_nettype wire
