// gx_raster_cons_fv: the conservative test never drops a pixel (task `cons`).
//
// One primitive goes through the setup unit and the rasterizer in conservative mode:
// vertices, the error term E, the target and a witness are free constants. The witness is
// a point P on the closed primitive (for a triangle: on the inner side of or on every
// edge; for zero area: on the line through the vertices, inside their box) and a pixel of
// the target whose closed square grown by E contains P, stated from the vertices alone,
// independently of the RTL. Property: once the walk is over, that pixel has been emitted.
// Reduced width keeps the bounded proof tractable (the solvers make no progress through
// the products of free 16-bit coordinates): vertices on whole pixels within -1..5
// (3 bits each), targets up to 4x4 (one fine tile: the walk ends well within the proof
// depth); the witness point anywhere on the primitive at 1/256 pixel, every E in 0..255,
// every pixel of the target. The witness arithmetic is exact at 36 bits here.
`default_nettype none

module gx_raster_cons_fv (
  input wire logic clk_i,
  input wire logic rst_i,
  input wire logic grp_ready_i
);
  localparam int unsigned CW = gx_pkg::CoordBits;
  localparam int unsigned VW = 16;  // the reduced coordinate width (|v| < 2^15)
  (* anyconst *) logic signed [VW-1:0] x0, y0, x1, y1, x2, y2, wx, wy;
  (* anyconst *) logic [7:0]  err;
  (* anyconst *) logic [13:0] w, h;
  (* anyconst *) logic [12:0] ppx, ppy;

  // ---- the primitive, sent once after reset
  logic sent_q;
  logic [3:0] after_q;  // clocks since the setup unit took it (saturating)
  logic req_ready, setup_valid, cmd_ready, grp_valid, idle;
  gx_pkg::rs_setup_req_t req;
  gx_pkg::rs_setup_t setup;
  gx_pkg::rs_cmd_t cmd;
  gx_pkg::rs_qgroup_t grp;

  always_comb begin
    req = '0;
    req.conservative = 1'b1;
    req.cons_err = err;
    req.width = w;
    req.height = h;
    req.x0 = CW'(x0);  req.y0 = CW'(y0);  req.x1 = CW'(x1);  req.y1 = CW'(y1);
    req.x2 = CW'(x2);  req.y2 = CW'(y2);
    cmd = '0;
    cmd.conservative = 1'b1;
    cmd.cons_err = err;
    cmd.setup = setup;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      sent_q <= 1'b0;
      after_q <= '0;
    end else begin
      if (!sent_q && req_ready) sent_q <= 1'b1;
      if (sent_q && after_q != 4'hf) after_q <= after_q + 1'b1;
    end
  end

  gx_raster_setup u_setup (
    .clk_i, .rst_i,
    .req_valid_i(!sent_q), .req_ready_o(req_ready), .req_i(req),
    .setup_valid_o(setup_valid), .setup_ready_i(cmd_ready), .setup_o(setup)
  );
  gx_raster u_dut (
    .clk_i, .rst_i,
    .cmd_valid_i(setup_valid), .cmd_ready_o(cmd_ready), .cmd_i(cmd),
    .grp_valid_o(grp_valid), .grp_ready_i, .grp_o(grp),
    .idle_o(idle)
  );

  // ---- the witness, from the vertices alone
  localparam int unsigned MW = 2 * VW + 4;
  typedef logic signed [MW-1:0] wide_t;
  wide_t c0, c1, c2, area;
  assign c0 = (wide_t'(x1) - wide_t'(x0)) * (wide_t'(wy) - wide_t'(y0))
            - (wide_t'(y1) - wide_t'(y0)) * (wide_t'(wx) - wide_t'(x0));
  assign c1 = (wide_t'(x2) - wide_t'(x1)) * (wide_t'(wy) - wide_t'(y1))
            - (wide_t'(y2) - wide_t'(y1)) * (wide_t'(wx) - wide_t'(x1));
  assign c2 = (wide_t'(x0) - wide_t'(x2)) * (wide_t'(wy) - wide_t'(y2))
            - (wide_t'(y0) - wide_t'(y2)) * (wide_t'(wx) - wide_t'(x2));
  assign area = (wide_t'(x1) - wide_t'(x0)) * (wide_t'(y2) - wide_t'(y0))
              - (wide_t'(y1) - wide_t'(y0)) * (wide_t'(x2) - wide_t'(x0));
  logic on_prim, in_square;
  logic signed [VW-1:0] bx0, bx1, by0, by1;
  always_comb begin
    bx0 = x0;  bx1 = x0;  by0 = y0;  by1 = y0;
    if (x1 < bx0) bx0 = x1;
    if (x2 < bx0) bx0 = x2;
    if (x1 > bx1) bx1 = x1;
    if (x2 > bx1) bx1 = x2;
    if (y1 < by0) by0 = y1;
    if (y2 < by0) by0 = y2;
    if (y1 > by1) by1 = y1;
    if (y2 > by1) by1 = y2;
  end
  assign on_prim = area > 0 ? (c0 >= 0 && c1 >= 0 && c2 >= 0)
                 : area < 0 ? (c0 <= 0 && c1 <= 0 && c2 <= 0)
                 : (c0 == 0 && c1 == 0 && c2 == 0 && wx >= bx0 && wx <= bx1 && wy >= by0 &&
                    wy <= by1);
  // 256 px - E <= wx <= 256 px + 256 + E, the same in y
  logic signed [CW+1:0] sx0, sy0, wxe, wye, side;
  assign sx0 = $signed({5'b00000, ppx, 8'h00}) - $signed({18'd0, err});
  assign sy0 = $signed({5'b00000, ppy, 8'h00}) - $signed({18'd0, err});
  assign side = $signed((CW+2)'(256)) + $signed({17'd0, err, 1'b0});
  assign wxe = (CW+2)'(wx);
  assign wye = (CW+2)'(wy);
  assign in_square = wxe >= sx0 && wxe <= sx0 + side && wye >= sy0 && wye <= sy0 + side;

  localparam logic signed [VW-1:0] Lo = -(VW'(1 * 256)), Hi = VW'(5 * 256);
  always @* begin
    assume (x0 >= Lo && x0 <= Hi && y0 >= Lo && y0 <= Hi);
    assume (x1 >= Lo && x1 <= Hi && y1 >= Lo && y1 <= Hi);
    assume (x2 >= Lo && x2 <= Hi && y2 >= Lo && y2 <= Hi);
    assume (x0[7:0] == 8'd0 && y0[7:0] == 8'd0 && x1[7:0] == 8'd0 && y1[7:0] == 8'd0 &&
            x2[7:0] == 8'd0 && y2[7:0] == 8'd0);
    assume (w >= 14'd1 && w <= 14'd4 && h >= 14'd1 && h <= 14'd4);
    assume ({1'b0, ppx} < w && {1'b0, ppy} < h);
    assume (on_prim && in_square);
  end

  // ---- the witness pixel among the emitted groups
  logic seen_q, hit;
  logic [12:0] qdx;
  logic [7:0] bit_idx;  // lane qdx, pixel 2 (py & 1) + (px & 1), sample 0
  assign qdx = (ppx >> 1) - 13'(grp.qx);
  assign bit_idx = {qdx[1:0], ppy[0], ppx[0], 4'b0000};
  assign hit = grp_valid && 13'(grp.qy) == (ppy >> 1) && (ppx >> 1) >= 13'(grp.qx) &&
               qdx < 13'd4 && grp.masks[bit_idx];
  always_ff @(posedge clk_i) begin
    if (rst_i) seen_q <= 1'b0;
    else if (hit && grp_ready_i) seen_q <= 1'b1;
  end

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);

  // the walk is over (the setup result reached the rasterizer and it went idle): the
  // witness pixel was emitted
  always @(posedge clk_i) if (!rst_i) Emitted_A: assert (!(after_q >= 4'd4 && idle) || seen_q);
  always @(posedge clk_i) if (!rst_i) Done_C: cover (after_q >= 4'd4 && idle && seen_q);
  // not vacuous in the cases that matter: a triangle whose witness pixel center lies
  // outside it, a zero-area primitive, a grown square
  always @(posedge clk_i) if (!rst_i) Triangle_C: cover (seen_q && area != 0 && err == 8'd0);
  always @(posedge clk_i) if (!rst_i) Segment_C: cover (seen_q && area == 0 && (x0 != x1 || y0 != y1));
  always @(posedge clk_i) if (!rst_i) Grown_C: cover (seen_q && err > 8'd128);
endmodule

`default_nettype wire
