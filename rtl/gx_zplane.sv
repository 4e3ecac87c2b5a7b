// gx_zplane: the triangle's depth plane (level 1 of gx_zrop), one triangle a clock.
//
// The C model gx_zrop_plane (cmodel/src/zrop.c) is the specification; docs/zrop.md
// derives the widths. For vertices (x_k, y_k) in 16.8 and depths z_k (24 bits):
//   W  = twice the signed area = a0 x2 + b0 y2 + (x0 y1 - x1 y0)
//   Nx = dz2 a0 + dz1 a2,  Ny = dz2 b0 + dz1 b2
//        (a_k = y_k - y_k1, b_k = x_k1 - x_k, dz_k = z_k - z0), all negated when W < 0
//   e  = bit length of |W|, Wn = |W| << (48 - e)
//   r  = floor((2^76 + Wn) / (2 Wn))       (= round(2^(M+e-1) / |W|), M = 28)
//   G  = round(N r / 2^e) mod 2^52         (gradient per 1/256 pixel, 27 fraction bits)
// A triangle of zero area gets G = 0. The output also carries vertex 0 and the depths'
// range.
//
// Handshake: valid/ready streams req (in) and pl (out). One pipeline enable: it advances
// unless its output is valid and not taken, so req_ready_o = !pl_valid_o || pl_ready_i.
// Stages:
//   1      the request registered (nothing in front of it but the enable)
//   2-4    the eight products (gx_mul), operand differences in front of stage 2;
//          beside them the depths' range: the three compares (2), the selects (3)
//   5      W, Nx, Ny
//   6      |W|, the negations, W = 0
//   7      e (the bit length of |W|)
//   8      Wn
//   9-37   the reciprocal: a restoring divider, one quotient bit a stage (bit 28 first)
//   38-40  N r for x and y, each as two products (gx_mul) of N's halves
//   41     the two halves summed; the rounding constant 2^(e-1) decoded
//   42     the rounding constant added
//   43     the shift by e, mod 2^52 (the output register)
// Latency: 43 clocks. Throughput: one triangle a clock.
`default_nettype none
`include "gx_assert.svh"

module gx_zplane (
  input  wire logic              clk_i,       /// clock, rising edge
  input  wire logic              rst_i,       /// synchronous reset, active high
  input  wire logic              req_valid_i, /// a triangle is offered
  output      logic              req_ready_o, /// it is taken this clock
  input  wire gx_pkg::zp_req_t   req_i,       /// vertices (16.8) and depths
  output      logic              pl_valid_o,  /// a plane is offered
  input  wire logic              pl_ready_i,  /// it is taken this clock
  output      gx_pkg::zp_plane_t pl_o         /// the plane
);
  localparam int unsigned NS = 43;   // stages
  localparam int unsigned QB = 29;   // quotient bits
  localparam int unsigned SIDE = 5 * 24;

  logic en;
  gx_vpipe #(.Stages(NS)) u_vp (
    .clk_i, .rst_i, .in_valid_i(req_valid_i), .in_ready_o(req_ready_o),
    .out_valid_o(pl_valid_o), .out_ready_i(pl_ready_i), .en_o(en)
  );

  // Stage 1: the request.
  gx_pkg::zp_req_t req_q1;
  always_ff @(posedge clk_i) begin
    if (en) req_q1 <= req_i;
  end
  logic signed [23:0] x0, y0, x1, y1, x2, y2;
  logic        [23:0] z0, z1, z2;
  assign {x0, y0, z0, x1, y1, z1, x2, y2, z2} = req_q1;

  // ---------------------------------------------------------------------------------
  // Vertex 0 and the depths' range ride beside the pipeline to the output. The range
  // takes two stages: stage 2 registers the three depth compares (side by side, not in
  // series), stage 3 selects the least and the greatest by them (equal depths select
  // equal values, so ties need no care).
  logic [71:0] v0_q2;
  logic [23:0] rz1_q2, rz2_q2, rz0_q2;
  logic c10_q2, c20_q2, c21_q2;    // z1 < z0, z2 < z0, z2 < z1
  always_ff @(posedge clk_i) begin
    if (en) begin
      v0_q2  <= {z0, x0, y0};
      rz1_q2 <= z1;
      rz2_q2 <= z2;
      c10_q2 <= z1 < z0;
      c20_q2 <= z2 < z0;
      c21_q2 <= z2 < z1;
    end
  end
  assign rz0_q2 = v0_q2[71:48];
  logic [23:0] zmin_d, zmax_d;
  always_comb begin
    if (c10_q2) begin
      zmin_d = c21_q2 ? rz2_q2 : rz1_q2;
      zmax_d = c20_q2 ? rz0_q2 : rz2_q2;
    end else begin
      zmin_d = c20_q2 ? rz2_q2 : rz0_q2;
      zmax_d = c21_q2 ? rz1_q2 : rz2_q2;
    end
  end
  logic [NS:3][SIDE-1:0] side_q;
  always_ff @(posedge clk_i) begin
    if (en) begin
      side_q[3] <= {v0_q2, zmin_d, zmax_d};
      for (int s = 4; s <= NS; s++) side_q[s] <= side_q[s-1];
    end
  end
  assign {pl_o.z0, pl_o.x0, pl_o.y0, pl_o.zmin, pl_o.zmax} = side_q[NS];

  // ---------------------------------------------------------------------------------
  // Stages 2-4: the products. Differences are 25 bits (|.| <= 2^23 + 2^23 inside the
  // guard band; depth differences |.| < 2^24).
  logic signed [24:0] a0, b0, a2, b2, dz1, dz2;
  assign a0  = 25'(y0) - 25'(y1);
  assign b0  = 25'(x1) - 25'(x0);
  assign a2  = 25'(y2) - 25'(y0);
  assign b2  = 25'(x0) - 25'(x2);
  assign dz1 = $signed({1'b0, z1}) - $signed({1'b0, z0});
  assign dz2 = $signed({1'b0, z2}) - $signed({1'b0, z0});

  logic signed [48:0] w1, w2;      // a0 x2, b0 y2
  logic signed [47:0] w3, w4;      // x0 y1, x1 y0
  logic signed [49:0] n1, n2, n3, n4;  // dz2 a0, dz1 a2, dz2 b0, dz1 b2
  gx_mul #(.AW(25), .BW(24)) u_mul_w1 (.clk_i, .rst_i, .en_i(en), .a_i(a0), .b_i(x2), .p_o(w1));
  gx_mul #(.AW(25), .BW(24)) u_mul_w2 (.clk_i, .rst_i, .en_i(en), .a_i(b0), .b_i(y2), .p_o(w2));
  gx_mul #(.AW(24), .BW(24)) u_mul_w3 (.clk_i, .rst_i, .en_i(en), .a_i(x0), .b_i(y1), .p_o(w3));
  gx_mul #(.AW(24), .BW(24)) u_mul_w4 (.clk_i, .rst_i, .en_i(en), .a_i(x1), .b_i(y0), .p_o(w4));
  gx_mul #(.AW(25), .BW(25)) u_mul_n1 (.clk_i, .rst_i, .en_i(en), .a_i(dz2), .b_i(a0), .p_o(n1));
  gx_mul #(.AW(25), .BW(25)) u_mul_n2 (.clk_i, .rst_i, .en_i(en), .a_i(dz1), .b_i(a2), .p_o(n2));
  gx_mul #(.AW(25), .BW(25)) u_mul_n3 (.clk_i, .rst_i, .en_i(en), .a_i(dz2), .b_i(b0), .p_o(n3));
  gx_mul #(.AW(25), .BW(25)) u_mul_n4 (.clk_i, .rst_i, .en_i(en), .a_i(dz1), .b_i(b2), .p_o(n4));

  // Stage 5: W (|W| < 2^48 inside the guard band), Nx, Ny (|N| < 2^49).
  logic signed [50:0] w_q5, nx_q5, ny_q5;
  always_ff @(posedge clk_i) begin
    if (en) begin
      w_q5  <= 51'(w1) + 51'(w2) + 51'(w3) - 51'(w4);
      nx_q5 <= 51'(n1) + 51'(n2);
      ny_q5 <= 51'(n3) + 51'(n4);
    end
  end

  // Stage 6: |W|, the numerators negated with W's sign, W = 0.
  logic [47:0] wa_q6;
  logic signed [50:0] nx_q6, ny_q6;
  logic zero_q6;
  always_ff @(posedge clk_i) begin
    if (en) begin
      wa_q6   <= 48'(w_q5[50] ? -w_q5 : w_q5);
      nx_q6   <= w_q5[50] ? -nx_q5 : nx_q5;
      ny_q6   <= w_q5[50] ? -ny_q5 : ny_q5;
      zero_q6 <= w_q5 == '0;
    end
  end

  // Stage 7: e, the bit length of |W| (1..48; 0 when W = 0).
  function automatic logic [5:0] f_bitlen(input logic [47:0] v);
    f_bitlen = '0;
    for (int i = 0; i < 48; i++)
      if (v[i]) f_bitlen = 6'(i + 1);
  endfunction
  logic [47:0] wa_q7;
  logic [5:0] e_q7;
  logic signed [50:0] nx_q7, ny_q7;
  logic zero_q7;
  always_ff @(posedge clk_i) begin
    if (en) begin
      wa_q7   <= wa_q6;
      e_q7    <= f_bitlen(wa_q6);
      nx_q7   <= nx_q6;
      ny_q7   <= ny_q6;
      zero_q7 <= zero_q6;
    end
  end

  // Stage 8: Wn = |W| << (48 - e), its top bit set (W = 0: 0, never used).
  logic [47:0] wn_q8;
  logic [5:0] e_q8;
  logic signed [50:0] nx_q8, ny_q8;
  logic zero_q8;
  always_ff @(posedge clk_i) begin
    if (en) begin
      wn_q8   <= wa_q7 << (6'd48 - e_q7);
      e_q8    <= e_q7;
      nx_q8   <= nx_q7;
      ny_q8   <= ny_q7;
      zero_q8 <= zero_q7;
    end
  end

  // Stages 9-37: r = floor(D / V), D = 2^76 + Wn, V = 2 Wn (2^48 <= V < 2^49). Stage
  // 9 + j decides quotient bit 28 - j from the partial remainder P: P starts as
  // D >> 28 = 2^48 + Wn[47:28] and then takes the next bit of D, Wn[27 - j]; the
  // remainder stays below V, so P < 2^50.
  logic [QB-2:0][48:0] dv_rem_q;  // [j]: the remainder after stage 9 + j (none after the last)
  logic [QB-1:0][QB-1:0] dv_q_q;  // [j]: quotient bits so far (bit 28 - j down)
  logic [QB-2:0][47:0] dv_wn_q;
  logic [QB-1:0][5:0] dv_e_q;
  logic [QB-1:0][50:0] dv_nx_q, dv_ny_q;  // read through $signed()
  logic [QB-1:0] dv_zero_q;
  for (genvar j = 0; j < QB; j++) begin : gen_div
    logic [49:0] p;
    logic [48:0] v;
    logic [47:0] wn_in;
    logic [QB-1:0] q_in;
    logic [5:0] e_in;
    logic signed [50:0] nx_in, ny_in;
    logic zero_in;
    if (j == 0) begin : gen_first
      assign wn_in   = wn_q8;
      assign p       = {1'b0, 1'b1, 28'd0, wn_q8[47:28]};
      assign q_in    = '0;
      assign e_in    = e_q8;
      assign nx_in   = nx_q8;
      assign ny_in   = ny_q8;
      assign zero_in = zero_q8;
    end else begin : gen_next
      assign wn_in   = dv_wn_q[j-1];
      assign p       = {dv_rem_q[j-1], dv_wn_q[j-1][QB-1-j]};
      assign q_in    = dv_q_q[j-1];
      assign e_in    = dv_e_q[j-1];
      assign nx_in   = $signed(dv_nx_q[j-1]);
      assign ny_in   = $signed(dv_ny_q[j-1]);
      assign zero_in = dv_zero_q[j-1];
    end
    assign v = {wn_in, 1'b0};
    logic ge;
    assign ge = p >= {1'b0, v};
    if (j < QB - 1) begin : gen_rem
      always_ff @(posedge clk_i) begin
        if (en) begin
          dv_rem_q[j] <= 49'(ge ? p - {1'b0, v} : p);
          dv_wn_q[j]  <= wn_in;
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (en) begin
        dv_q_q[j]    <= q_in | (QB'(ge) << (QB - 1 - j));
        dv_e_q[j]    <= e_in;
        dv_nx_q[j]   <= nx_in;
        dv_ny_q[j]   <= ny_in;
        dv_zero_q[j] <= zero_in;
      end
    end
  end
  logic [QB-1:0] r;
  assign r = dv_q_q[QB-1];

  // Stages 38-40: N r, N = Nh 2^25 + Nl (Nl unsigned), each half through gx_mul.
  logic signed [55:0] pxl, pyl;   // Nl r
  logic signed [54:0] pxh, pyh;   // Nh r
  logic signed [29:0] rs;
  assign rs = $signed({1'b0, r});
  logic signed [24:0] nxh, nyh;
  logic signed [25:0] nxl, nyl;
  assign nxh = dv_nx_q[QB-1][49:25];
  assign nyh = dv_ny_q[QB-1][49:25];
  assign nxl = $signed({1'b0, dv_nx_q[QB-1][24:0]});
  assign nyl = $signed({1'b0, dv_ny_q[QB-1][24:0]});
  gx_mul #(.AW(26), .BW(30)) u_mul_pxl (.clk_i, .rst_i, .en_i(en), .a_i(nxl), .b_i(rs), .p_o(pxl));
  gx_mul #(.AW(25), .BW(30)) u_mul_pxh (.clk_i, .rst_i, .en_i(en), .a_i(nxh), .b_i(rs), .p_o(pxh));
  gx_mul #(.AW(26), .BW(30)) u_mul_pyl (.clk_i, .rst_i, .en_i(en), .a_i(nyl), .b_i(rs), .p_o(pyl));
  gx_mul #(.AW(25), .BW(30)) u_mul_pyh (.clk_i, .rst_i, .en_i(en), .a_i(nyh), .b_i(rs), .p_o(pyh));
  logic [40:38][5:0] e_q40;
  logic [40:38] zero_q40;
  always_ff @(posedge clk_i) begin
    if (en) begin
      e_q40[38]    <= dv_e_q[QB-1];
      zero_q40[38] <= dv_zero_q[QB-1];
      for (int s = 39; s <= 40; s++) begin
        e_q40[s]    <= e_q40[s-1];
        zero_q40[s] <= zero_q40[s-1];
      end
    end
  end

  // Stage 41: the halves summed (|N r| < 2^49 2^28 = 2^77: 80 bits).
  // The rounding constant 2^(e-1) is decoded here, a stage ahead of its add.
  logic signed [79:0] px_q41, py_q41;
  logic [79:0] rc_q41;
  logic [5:0] e_q41;
  logic zero_q41;
  always_ff @(posedge clk_i) begin
    if (en) begin
      px_q41   <= (80'(pxh) <<< 25) + 80'(pxl);
      py_q41   <= (80'(pyh) <<< 25) + 80'(pyl);
      rc_q41   <= 80'(1) << (e_q40[40] - 6'd1);
      e_q41    <= e_q40[40];
      zero_q41 <= zero_q40[40];
    end
  end

  // Stage 42: + 2^(e-1) (e >= 1 when W != 0).
  logic signed [79:0] px_q42, py_q42;
  logic [5:0] e_q42;
  logic zero_q42;
  always_ff @(posedge clk_i) begin
    if (en) begin
      px_q42   <= px_q41 + $signed(rc_q41);
      py_q42   <= py_q41 + $signed(rc_q41);
      e_q42    <= e_q41;
      zero_q42 <= zero_q41;
    end
  end

  // Stage 43: >> e (floor), mod 2^52.
  logic [51:0] gx_q43, gy_q43;
  always_ff @(posedge clk_i) begin
    if (en) begin
      gx_q43 <= zero_q42 ? '0 : 52'(px_q42 >>> e_q42);
      gy_q43 <= zero_q42 ? '0 : 52'(py_q42 >>> e_q42);
    end
  end
  assign pl_o.gx = gx_q43;
  assign pl_o.gy = gy_q43;

  // ---------------------------------------------------------------------------------
  // Properties. The divider's and the products' arithmetic is checked on every triangle
  // against the C model in cosimulation (the SMT solvers do not decide wide products,
  // docs/proofs.md); here: the plane held while not taken, and (gx_vpipe's Owed_A) no
  // triangle lost or made up.
`ifdef GX_ASSERT_ON
  localparam logic signed [23:0] Guard = 24'(gx_pkg::GuardBandPx * 256);
  logic req_legal;
  assign req_legal =
      $signed(req_i.x0) >= -Guard && $signed(req_i.x0) <= Guard &&
      $signed(req_i.y0) >= -Guard && $signed(req_i.y0) <= Guard &&
      $signed(req_i.x1) >= -Guard && $signed(req_i.x1) <= Guard &&
      $signed(req_i.y1) >= -Guard && $signed(req_i.y1) <= Guard &&
      $signed(req_i.x2) >= -Guard && $signed(req_i.x2) <= Guard &&
      $signed(req_i.y2) >= -Guard && $signed(req_i.y2) <= Guard;
`endif

  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqLegal_M, !req_valid_i || req_legal)
  `GX_ASSERT(PlHold_A, !`GX_PAST_OK || !$past(pl_valid_o && !pl_ready_i) ||
                       (pl_valid_o && pl_o == $past(pl_o)))
  `GX_COVER(Plane_C, pl_valid_o && pl_ready_i && pl_o.gx != '0)
  `GX_COVER(Flat_C, pl_valid_o && pl_o.gx == '0 && pl_o.gy == '0)
  `GX_COVER(Stall_C, pl_valid_o && !pl_ready_i && req_valid_i)
endmodule
