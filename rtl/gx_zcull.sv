// gx_zcull: Z cull of one depth tile, exact and without a division, one tile a clock.
//
// The C model gx_zrop_cull_tile (cmodel/src/zrop.c) is the specification; docs/zrop.md
// ("gx_zcull") derives it. The triangle comes as its exact plane (gx_zrop_cplane_t):
// W times its depth at q is Nz(q) = z0 W + nx (qx - x0) + ny (qy - y0), W >= 0. Over the
// tile's square [256 tx, 256 (tx + tw)] x [256 ty, 256 (ty + th)] the plane's range is
// [floor(Nz(qmin) / W), ceil(Nz(qmax) / W)] clamped to [zmin, zmax], qmin and qmax the
// corners the signs of nx and ny choose. The cull decision needs only four comparisons of
// that range with the stored range [slo, shi], and each is exact without dividing:
//   l >= shi  iff  Nz(qmin) - z0 W >= (shi - z0) W
//   l <= shi  iff  Nz(qmin) - z0 W <  (shi - z0) W + W
//   h <= slo  iff  Nz(qmax) - z0 W <= (slo - z0) W
//   h >= slo  iff  Nz(qmax) - z0 W >  (slo - z0) W - W
// (W = 0, a triangle of zero area: l below and h above every depth), then the clamps:
//   lo >= s iff zmin >= s or (l >= s and zmax >= s);  lo <= s iff zmin <= s and (l <= s or
//   zmax <= s);  hi <= s iff zmax <= s or (h <= s and zmin <= s);  hi >= s iff zmax >= s
//   and (h >= s or zmin >= s),
// and the function's rule (gx_zrop_cull). Four products, each 6 MULT18X18D with their
// registers (gx_dsp_mul): nx dx and ny dy (dx = 256 tx - x0, 25 bits signed; nx 50 bits
// signed), (shi - z0) W and (slo - z0) W (25 bits signed by W's 48 bits). With
// A = a2 2^34 + a1 2^17 + a0 (a0, a1 17 bits unsigned, a2 17 bits signed) and
// B = b1 2^17 + b0 (b0 17 bits unsigned, b1 8 bits signed): A B = sum a_i b_j 2^(17(i+j)).
// Every sum is formed in at most 76 bits signed; each value's magnitude is below 2^75 for
// every field value, so no sum wraps.
//
// Handshake: valid/ready streams req (in) and res (out). One pipeline enable: it advances
// unless its output is valid and not taken, so req_ready_o = !res_valid_o || res_ready_i.
// Stages:
//   1  the request registered
//   2  the multipliers' input registers (dx, dy, shi - z0, slo - z0 and the operands'
//      parts); the corner offsets cmin, cmax; the depth-range comparisons
//   3  the products (the slices' output registers)
//   4  per product A B: a0 b_j + 2^17 a1 b_j for each j, a2 b_j
//   5  per j: (a0 b_j + 2^17 a1 b_j) + 2^34 a2 b_j
//   6  A B
//   7  R = nx dx + ny dy; (shi - z0) W + W; (slo - z0) W - W
//   8  R + cmin, R + cmax
//   9  the four comparisons
//  10  the clamps and the function (the output register)
// Latency: 10 clocks. Throughput: one tile a clock.
`default_nettype none
`include "gx_assert.svh"

module gx_zcull (
  input  wire logic            clk_i,        /// clock, rising edge
  input  wire logic            rst_i,        /// synchronous reset, active high
  input  wire logic            req_valid_i,  /// a (plane, tile, stored range) is offered
  output      logic            req_ready_o,  /// it is taken this clock
  input  wire gx_pkg::zc_req_t req_i,        /// the exact plane, the tile, FUNC, [slo, shi]
  output      logic            res_valid_o,  /// an answer is offered
  input  wire logic            res_ready_i,  /// it is taken this clock
  output      gx_pkg::zc_res_t res_o         /// cull and its four comparisons
);
  localparam int unsigned NS = 10;  // stages
  localparam int unsigned VW = 76;  // the sums' width
  localparam int unsigned CW = 62;  // the corner offsets' width

  logic en;
  gx_vpipe #(.Stages(NS)) u_vp (
    .clk_i, .rst_i, .in_valid_i(req_valid_i), .in_ready_o(req_ready_o),
    .out_valid_o(res_valid_o), .out_ready_i(res_ready_i), .en_o(en)
  );

  // Stage 1: the request.
  gx_pkg::zc_req_t rq;
  always_ff @(posedge clk_i) begin
    if (en) rq <= req_i;
  end

  // Stage 2 (its logic): the four products' operands. Term 0: nx dx, 1: ny dy,
  // 2: W (shi - z0), 3: W (slo - z0). |256 tx - x0| < 2^24 and |s - z0| < 2^24: 25 bits.
  logic signed [24:0] dx, dy, eh, el;
  assign dx = 25'($signed({rq.tx, 8'd0})) - 25'($signed(rq.x0));
  assign dy = 25'($signed({rq.ty, 8'd0})) - 25'($signed(rq.y0));
  assign eh = 25'(rq.shi) - 25'(rq.z0);
  assign el = 25'(rq.slo) - 25'(rq.z0);

  logic [3:0][16:0] a0, a1, a2, b0;  // a2 read as signed
  logic [3:0][7:0]  b1;              // signed
  always_comb begin
    a0[0] = rq.nx[16:0];  a1[0] = rq.nx[33:17];  a2[0] = 17'($signed(rq.nx[49:34]));
    a0[1] = rq.ny[16:0];  a1[1] = rq.ny[33:17];  a2[1] = 17'($signed(rq.ny[49:34]));
    for (int k = 2; k < 4; k++) begin
      a0[k] = rq.w[16:0];
      a1[k] = rq.w[33:17];
      a2[k] = 17'(rq.w[47:34]);
    end
    b0[0] = dx[16:0];  b1[0] = dx[24:17];
    b0[1] = dy[16:0];  b1[1] = dy[24:17];
    b0[2] = eh[16:0];  b1[2] = eh[24:17];
    b0[3] = el[16:0];  b1[3] = el[24:17];
  end

  // The products, stage 3: p_ij = a_i b_j.
  logic [3:0][33:0] p00, p10, p20;  // p20 signed
  logic [3:0][24:0] p01, p11, p21;  // signed
  // the slices' input registers (not read): a_i's, b0's, b1's
  logic [3:0][5:0][16:0] mul_aq;
  logic [3:0][2:0][16:0] mul_b0q;
  logic [3:0][2:0][7:0]  mul_b1q;
  for (genvar k = 0; k < 4; k++) begin : gen_mul
    gx_dsp_mul #(.AW(17), .BW(17), .ASigned(1'b0), .BSigned(1'b0)) u_m00 (
      .clk_i, .rst_i, .en_i(en), .a_i(a0[k]), .b_i(b0[k]), .p_o(p00[k]),
      .a_q_o(mul_aq[k][0]), .b_q_o(mul_b0q[k][0]));
    gx_dsp_mul #(.AW(17), .BW(17), .ASigned(1'b0), .BSigned(1'b0)) u_m10 (
      .clk_i, .rst_i, .en_i(en), .a_i(a1[k]), .b_i(b0[k]), .p_o(p10[k]),
      .a_q_o(mul_aq[k][1]), .b_q_o(mul_b0q[k][1]));
    gx_dsp_mul #(.AW(17), .BW(17), .ASigned(1'b1), .BSigned(1'b0)) u_m20 (
      .clk_i, .rst_i, .en_i(en), .a_i(a2[k]), .b_i(b0[k]), .p_o(p20[k]),
      .a_q_o(mul_aq[k][2]), .b_q_o(mul_b0q[k][2]));
    gx_dsp_mul #(.AW(17), .BW(8), .ASigned(1'b0), .BSigned(1'b1)) u_m01 (
      .clk_i, .rst_i, .en_i(en), .a_i(a0[k]), .b_i(b1[k]), .p_o(p01[k]),
      .a_q_o(mul_aq[k][3]), .b_q_o(mul_b1q[k][0]));
    gx_dsp_mul #(.AW(17), .BW(8), .ASigned(1'b0), .BSigned(1'b1)) u_m11 (
      .clk_i, .rst_i, .en_i(en), .a_i(a1[k]), .b_i(b1[k]), .p_o(p11[k]),
      .a_q_o(mul_aq[k][4]), .b_q_o(mul_b1q[k][1]));
    gx_dsp_mul #(.AW(17), .BW(8), .ASigned(1'b1), .BSigned(1'b1)) u_m21 (
      .clk_i, .rst_i, .en_i(en), .a_i(a2[k]), .b_i(b1[k]), .p_o(p21[k]),
      .a_q_o(mul_aq[k][5]), .b_q_o(mul_b1q[k][2]));
  end

  // Stage 2: the corner offsets. Over the square, Nz is least at x = 256 (tx + tw) when
  // nx < 0 (else at 256 tx) and likewise in y; nx 256 tw is nx shifted by 8 + log2 tw.
  logic [3:0] sx, sy;  // 8 + log2 tw, 8 + log2 th
  always_comb begin
    unique case (rq.nlog)
      3'd0:    begin sx = 4'd11; sy = 4'd11; end
      3'd1:    begin sx = 4'd11; sy = 4'd10; end
      3'd2:    begin sx = 4'd10; sy = 4'd10; end
      3'd3:    begin sx = 4'd10; sy = 4'd9;  end
      default: begin sx = 4'd9;  sy = 4'd9;  end
    endcase
  end
  logic signed [CW-1:0] ex, ey;
  assign ex = CW'($signed(rq.nx)) <<< sx;
  assign ey = CW'($signed(rq.ny)) <<< sy;
  logic nx_neg, ny_neg, nx_pos, ny_pos;
  assign nx_neg = rq.nx[49];
  assign ny_neg = rq.ny[49];
  assign nx_pos = !rq.nx[49] && rq.nx != '0;
  assign ny_pos = !rq.ny[49] && rq.ny != '0;

  // The depth-range comparisons and what rides to the end: FUNC, slo == shi, W = 0.
  typedef struct packed {
    logic [2:0] func;
    logic       wz;       // W = 0
    logic       seq;      // slo == shi
    logic       zmin_ge_h, zmax_ge_h, zmin_le_h, zmax_le_h;  // against shi
    logic       zmax_le_l, zmin_le_l, zmax_ge_l, zmin_ge_l;  // against slo
  } side_t;
  side_t side_d;
  always_comb begin
    side_d.func      = rq.func;
    side_d.wz        = rq.w == '0;
    side_d.seq       = rq.slo == rq.shi;
    side_d.zmin_ge_h = rq.zmin >= rq.shi;
    side_d.zmax_ge_h = rq.zmax >= rq.shi;
    side_d.zmin_le_h = rq.zmin <= rq.shi;
    side_d.zmax_le_h = rq.zmax <= rq.shi;
    side_d.zmax_le_l = rq.zmax <= rq.slo;
    side_d.zmin_le_l = rq.zmin <= rq.slo;
    side_d.zmax_ge_l = rq.zmax >= rq.slo;
    side_d.zmin_ge_l = rq.zmin >= rq.slo;
  end

  logic [CW-1:0] cmin_q2, cmax_q2, cmin_q3, cmax_q3, cmin_q4, cmax_q4, cmin_q5, cmax_q5;
  logic [CW-1:0] cmin_q6, cmax_q6, cmin_q7, cmax_q7;
  logic [47:0]   w_q2, w_q3, w_q4, w_q5, w_q6;
  side_t         sd_q2, sd_q3, sd_q4, sd_q5, sd_q6, sd_q7, sd_q8, sd_q9;
  always_ff @(posedge clk_i) begin
    if (en) begin
      cmin_q2 <= (nx_neg ? ex : '0) + (ny_neg ? ey : '0);
      cmax_q2 <= (nx_pos ? ex : '0) + (ny_pos ? ey : '0);
      w_q2    <= rq.w;
      sd_q2   <= side_d;
      cmin_q3 <= cmin_q2;  cmax_q3 <= cmax_q2;  w_q3 <= w_q2;  sd_q3 <= sd_q2;
      cmin_q4 <= cmin_q3;  cmax_q4 <= cmax_q3;  w_q4 <= w_q3;  sd_q4 <= sd_q3;
      cmin_q5 <= cmin_q4;  cmax_q5 <= cmax_q4;  w_q5 <= w_q4;  sd_q5 <= sd_q4;
      cmin_q6 <= cmin_q5;  cmax_q6 <= cmax_q5;  w_q6 <= w_q5;  sd_q6 <= sd_q5;
      cmin_q7 <= cmin_q6;  cmax_q7 <= cmax_q6;                 sd_q7 <= sd_q6;
      sd_q8   <= sd_q7;
      sd_q9   <= sd_q8;
    end
  end

  // Stages 4 to 6: each product A B from its six parts.
  logic [3:0][52:0] u0_q4;  // a0 b0 + 2^17 a1 b0, unsigned
  logic [3:0][42:0] u1_q4;  // a0 b1 + 2^17 a1 b1, signed
  logic [3:0][33:0] v0_q4;  // a2 b0, signed
  logic [3:0][24:0] v1_q4;  // a2 b1, signed
  logic [3:0][68:0] s0_q5;  // the j = 0 column, signed
  logic [3:0][59:0] s1_q5;  // the j = 1 column, signed
  logic [3:0][VW-1:0] t_q6; // A B
  for (genvar k = 0; k < 4; k++) begin : gen_sum
    always_ff @(posedge clk_i) begin
      if (en) begin
        u0_q4[k] <= 53'(p00[k]) + {2'b0, p10[k], 17'd0};
        u1_q4[k] <= 43'($signed(p01[k])) + {43'($signed(p11[k])) << 17};
        v0_q4[k] <= p20[k];
        v1_q4[k] <= p21[k];
        s0_q5[k] <= 69'(u0_q4[k]) + (69'($signed(v0_q4[k])) << 34);
        s1_q5[k] <= 60'($signed(u1_q4[k])) + (60'($signed(v1_q4[k])) << 34);
        t_q6[k]  <= VW'($signed(s0_q5[k])) + (VW'($signed(s1_q5[k])) << 17);
      end
    end
  end

  // Stage 7: R = nx dx + ny dy; the bounds' right-hand sides.
  logic [VW-1:0] r_q7, dh_q7, dhw_q7, dl_q7, dlw_q7;
  always_ff @(posedge clk_i) begin
    if (en) begin
      r_q7   <= t_q6[0] + t_q6[1];
      dh_q7  <= t_q6[2];
      dhw_q7 <= t_q6[2] + VW'(w_q6);
      dl_q7  <= t_q6[3];
      dlw_q7 <= t_q6[3] - VW'(w_q6);
    end
  end

  // Stage 8: Nz - z0 W at the least and the greatest corner.
  logic [VW-1:0] qmin_q8, qmax_q8, dh_q8, dhw_q8, dl_q8, dlw_q8;
  always_ff @(posedge clk_i) begin
    if (en) begin
      qmin_q8 <= r_q7 + VW'($signed(cmin_q7));
      qmax_q8 <= r_q7 + VW'($signed(cmax_q7));
      dh_q8   <= dh_q7;
      dhw_q8  <= dhw_q7;
      dl_q8   <= dl_q7;
      dlw_q8  <= dlw_q7;
    end
  end

  // Stage 9: the four comparisons (l, h against shi, slo).
  logic l_ge_q9, l_le_q9, h_le_q9, h_ge_q9;
  always_ff @(posedge clk_i) begin
    if (en) begin
      l_ge_q9 <= !sd_q8.wz && $signed(qmin_q8) >= $signed(dh_q8);
      l_le_q9 <= sd_q8.wz || $signed(qmin_q8) < $signed(dhw_q8);
      h_le_q9 <= !sd_q8.wz && $signed(qmax_q8) <= $signed(dl_q8);
      h_ge_q9 <= sd_q8.wz || $signed(qmax_q8) > $signed(dlw_q8);
    end
  end

  // Stage 10: the clamps and the function (W = 0 is in the comparisons already).
  logic unused_wz;
  assign unused_wz = sd_q9.wz;
  logic lo_ge, lo_le, hi_le, hi_ge, cull;
  assign lo_ge = sd_q9.zmin_ge_h || (l_ge_q9 && sd_q9.zmax_ge_h);
  assign lo_le = sd_q9.zmin_le_h && (l_le_q9 || sd_q9.zmax_le_h);
  assign hi_le = sd_q9.zmax_le_l || (h_le_q9 && sd_q9.zmin_le_l);
  assign hi_ge = sd_q9.zmax_ge_l && (h_ge_q9 || sd_q9.zmin_ge_l);
  always_comb begin
    unique case (sd_q9.func)
      3'd0:    cull = 1'b1;                                         // never
      3'd1:    cull = lo_ge;                                        // less
      3'd2:    cull = !hi_ge || !lo_le;                             // equal
      3'd3:    cull = !lo_le;                                       // lequal
      3'd4:    cull = hi_le;                                        // greater
      3'd5:    cull = sd_q9.seq && lo_ge && lo_le && hi_le && hi_ge; // notequal
      3'd6:    cull = !hi_ge;                                       // gequal
      default: cull = 1'b0;                                         // always
    endcase
  end
  always_ff @(posedge clk_i) begin
    if (en) begin
      res_o.cull  <= cull;
      res_o.lo_ge <= lo_ge;
      res_o.lo_le <= lo_le;
      res_o.hi_le <= hi_le;
      res_o.hi_ge <= hi_ge;
    end
  end

  // ---------------------------------------------------------------------------------
  // Properties. The products, sums and comparisons are checked on every tile against the
  // C model in cosimulation (the SMT solvers do not decide the wide products,
  // docs/proofs.md); here: the answer held while not taken and (gx_vpipe's Owed_A) no
  // tile lost or made up.
  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqN_M, !req_valid_i || req_i.nlog <= 3'd4)
  `GX_ASSERT(ResHold_A, !`GX_PAST_OK || !$past(res_valid_o && !res_ready_i) ||
                        (res_valid_o && res_o == $past(res_o)))
  // A value is at or above s or at or below it: a datapath property (it holds because no
  // sum wraps), checked in simulation; the proof tasks remove it (formal/gx_zcull.sby.j2).
  `GX_ASSERT(LoOrder_A, !res_valid_o || res_o.lo_ge || res_o.lo_le)
  `GX_ASSERT(HiOrder_A, !res_valid_o || res_o.hi_ge || res_o.hi_le)
  `GX_COVER(Cull_C, res_valid_o && res_ready_i && res_o.cull && !res_o.lo_le)
  // An answer whose lo = shi the products decided (shi strictly inside the vertices'
  // range, W > 0): a flag beside the output register, for the cover.
`ifdef GX_ASSERT_ON
  logic fv_prod_q;
  always_ff @(posedge clk_i) begin
    if (en) fv_prod_q <= l_ge_q9 && l_le_q9 && !sd_q9.wz && !sd_q9.zmin_ge_h &&
                         !sd_q9.zmax_le_h;
  end
`endif
  `GX_COVER(Products_C, res_valid_o && fv_prod_q)
  `GX_COVER(KeepLess_C, res_valid_o && res_o.lo_le && !res_o.lo_ge && res_o.hi_ge)
  `GX_COVER(Equal_C, res_valid_o && res_o.lo_ge && res_o.lo_le && res_o.hi_ge && res_o.hi_le)
  `GX_COVER(Stall_C, res_valid_o && !res_ready_i && req_valid_i)
endmodule

`default_nettype wire
