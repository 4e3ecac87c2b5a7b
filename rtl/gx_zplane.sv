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
// Stages (one pipeline enable: it advances unless its output is valid and not taken):
//   1-3    the eight products (gx_mul), operand differences before stage 1
//   4      W, Nx, Ny
//   5      |W|, the negations, W = 0
//   6      e (the bit length of |W|)
//   7      Wn
//   8-36   the reciprocal: a restoring divider, one quotient bit a stage (bit 28 first)
//   37-39  N r for x and y, each as two products (gx_mul) of N's halves
//   40     the two halves summed
//   41     the rounding constant 2^(e-1) added
//   42     the shift by e, mod 2^52 (the output register)
// Latency: 42 clocks. Throughput: one triangle a clock.
`default_nettype none
`include "gx_assert.svh"

module gx_zplane (
  input  wire logic               clk_i,       /// clock, rising edge
  input  wire logic               rst_i,       /// synchronous reset, active high
  input  wire logic               in_valid_i,  /// a triangle is offered
  output      logic               in_ready_o,  /// it is taken this clock
  input  wire logic signed [23:0] x0_i, y0_i, x1_i, y1_i, x2_i, y2_i,  /// vertices, 16.8
  input  wire logic        [23:0] z0_i, z1_i, z2_i,                    /// depths
  output      logic               out_valid_o, /// a plane is offered
  input  wire logic               out_ready_i, /// it is taken this clock
  output      logic        [23:0] z0_o,        /// vertex 0's depth
  output      logic signed [23:0] x0_o, y0_o,  /// vertex 0
  output      logic        [51:0] gx_o, gy_o,  /// the gradient, mod 2^52
  output      logic        [23:0] zmin_o, zmax_o /// the depths' range
);
  localparam int unsigned NS = 42;   // stages
  localparam int unsigned QB = 29;   // quotient bits
  localparam int unsigned SIDE = 5 * 24;

  logic en;
  logic [NS:1] v_q;
  assign en          = !v_q[NS] || out_ready_i;
  assign in_ready_o  = en;
  assign out_valid_o = v_q[NS];
  always_ff @(posedge clk_i) begin
    if (rst_i)   v_q <= '0;
    else if (en) v_q <= {v_q[NS-1:1], in_valid_i};
  end

  // ---------------------------------------------------------------------------------
  // Vertex 0 and the depths' range ride beside the pipeline to the output.
  logic [23:0] zmin_d, zmax_d;
  always_comb begin
    zmin_d = z0_i;
    zmax_d = z0_i;
    if (z1_i < zmin_d) zmin_d = z1_i;
    if (z1_i > zmax_d) zmax_d = z1_i;
    if (z2_i < zmin_d) zmin_d = z2_i;
    if (z2_i > zmax_d) zmax_d = z2_i;
  end
  logic [SIDE-1:0] side_q [1:NS];
  always_ff @(posedge clk_i) begin
    if (en) begin
      side_q[1] <= {z0_i, x0_i, y0_i, zmin_d, zmax_d};
      for (int s = 2; s <= NS; s++) side_q[s] <= side_q[s-1];
    end
  end
  assign {z0_o, x0_o, y0_o, zmin_o, zmax_o} = side_q[NS];

  // ---------------------------------------------------------------------------------
  // Stages 1-3: the products. Differences are 25 bits (|.| <= 2^23 + 2^23 inside the
  // guard band; depth differences |.| < 2^24).
  logic signed [24:0] a0, b0, a2, b2, dz1, dz2;
  assign a0  = 25'(y0_i) - 25'(y1_i);
  assign b0  = 25'(x1_i) - 25'(x0_i);
  assign a2  = 25'(y2_i) - 25'(y0_i);
  assign b2  = 25'(x0_i) - 25'(x2_i);
  assign dz1 = $signed({1'b0, z1_i}) - $signed({1'b0, z0_i});
  assign dz2 = $signed({1'b0, z2_i}) - $signed({1'b0, z0_i});

  logic signed [48:0] w1, w2;      // a0 x2, b0 y2
  logic signed [47:0] w3, w4;      // x0 y1, x1 y0
  logic signed [49:0] n1, n2, n3, n4;  // dz2 a0, dz1 a2, dz2 b0, dz1 b2
  gx_mul #(.AW(25), .BW(24)) u_w1 (.clk_i, .rst_i, .en_i(en), .a_i(a0), .b_i(x2_i), .p_o(w1));
  gx_mul #(.AW(25), .BW(24)) u_w2 (.clk_i, .rst_i, .en_i(en), .a_i(b0), .b_i(y2_i), .p_o(w2));
  gx_mul #(.AW(24), .BW(24)) u_w3 (.clk_i, .rst_i, .en_i(en), .a_i(x0_i), .b_i(y1_i), .p_o(w3));
  gx_mul #(.AW(24), .BW(24)) u_w4 (.clk_i, .rst_i, .en_i(en), .a_i(x1_i), .b_i(y0_i), .p_o(w4));
  gx_mul #(.AW(25), .BW(25)) u_n1 (.clk_i, .rst_i, .en_i(en), .a_i(dz2), .b_i(a0), .p_o(n1));
  gx_mul #(.AW(25), .BW(25)) u_n2 (.clk_i, .rst_i, .en_i(en), .a_i(dz1), .b_i(a2), .p_o(n2));
  gx_mul #(.AW(25), .BW(25)) u_n3 (.clk_i, .rst_i, .en_i(en), .a_i(dz2), .b_i(b0), .p_o(n3));
  gx_mul #(.AW(25), .BW(25)) u_n4 (.clk_i, .rst_i, .en_i(en), .a_i(dz1), .b_i(b2), .p_o(n4));

  // Stage 4: W (|W| < 2^48 inside the guard band), Nx, Ny (|N| < 2^49).
  logic signed [50:0] w_q4, nx_q4, ny_q4;
  always_ff @(posedge clk_i) begin
    if (en) begin
      w_q4  <= 51'(w1) + 51'(w2) + 51'(w3) - 51'(w4);
      nx_q4 <= 51'(n1) + 51'(n2);
      ny_q4 <= 51'(n3) + 51'(n4);
    end
  end

  // Stage 5: |W|, the numerators negated with W's sign, W = 0.
  logic [47:0] wa_q5;
  logic signed [50:0] nx_q5, ny_q5;
  logic zero_q5;
  always_ff @(posedge clk_i) begin
    if (en) begin
      wa_q5   <= 48'(w_q4[50] ? -w_q4 : w_q4);
      nx_q5   <= w_q4[50] ? -nx_q4 : nx_q4;
      ny_q5   <= w_q4[50] ? -ny_q4 : ny_q4;
      zero_q5 <= w_q4 == '0;
    end
  end

  // Stage 6: e, the bit length of |W| (1..48; 0 when W = 0).
  function automatic logic [5:0] f_bitlen(input logic [47:0] v);
    f_bitlen = '0;
    for (int i = 0; i < 48; i++)
      if (v[i]) f_bitlen = 6'(i + 1);
  endfunction
  logic [47:0] wa_q6;
  logic [5:0] e_q6;
  logic signed [50:0] nx_q6, ny_q6;
  logic zero_q6;
  always_ff @(posedge clk_i) begin
    if (en) begin
      wa_q6   <= wa_q5;
      e_q6    <= f_bitlen(wa_q5);
      nx_q6   <= nx_q5;
      ny_q6   <= ny_q5;
      zero_q6 <= zero_q5;
    end
  end

  // Stage 7: Wn = |W| << (48 - e), its top bit set (W = 0: 0, never used).
  logic [47:0] wn_q7;
  logic [5:0] e_q7;
  logic signed [50:0] nx_q7, ny_q7;
  logic zero_q7;
  always_ff @(posedge clk_i) begin
    if (en) begin
      wn_q7   <= wa_q6 << (6'd48 - e_q6);
      e_q7    <= e_q6;
      nx_q7   <= nx_q6;
      ny_q7   <= ny_q6;
      zero_q7 <= zero_q6;
    end
  end

  // Stages 8-36: r = floor(D / V), D = 2^76 + Wn, V = 2 Wn (2^48 <= V < 2^49). Stage
  // 8 + j decides quotient bit 28 - j from the partial remainder P: P starts as
  // D >> 28 = 2^48 + Wn[47:28] and then takes the next bit of D, Wn[27 - j]; the
  // remainder stays below V, so P < 2^50.
  logic [48:0] dv_rem_q [0:QB-1];  // the remainder after stage 8 + j
  logic [QB-1:0] dv_q_q [0:QB-1];  // quotient bits so far (bit 28 - j down)
  logic [47:0] dv_wn_q [0:QB-1];
  logic [5:0] dv_e_q [0:QB-1];
  logic signed [50:0] dv_nx_q [0:QB-1], dv_ny_q [0:QB-1];
  logic dv_zero_q [0:QB-1];
  for (genvar j = 0; j < QB; j++) begin : gen_div
    logic [49:0] p;
    logic [48:0] v;
    logic [47:0] wn_in;
    logic [QB-1:0] q_in;
    logic [5:0] e_in;
    logic signed [50:0] nx_in, ny_in;
    logic zero_in;
    if (j == 0) begin : gen_first
      assign wn_in   = wn_q7;
      assign p       = {1'b0, 1'b1, 28'd0, wn_q7[47:28]};
      assign q_in    = '0;
      assign e_in    = e_q7;
      assign nx_in   = nx_q7;
      assign ny_in   = ny_q7;
      assign zero_in = zero_q7;
    end else begin : gen_next
      assign wn_in   = dv_wn_q[j-1];
      assign p       = {dv_rem_q[j-1], dv_wn_q[j-1][QB-1-j]};
      assign q_in    = dv_q_q[j-1];
      assign e_in    = dv_e_q[j-1];
      assign nx_in   = dv_nx_q[j-1];
      assign ny_in   = dv_ny_q[j-1];
      assign zero_in = dv_zero_q[j-1];
    end
    assign v = {wn_in, 1'b0};
    logic ge;
    assign ge = p >= {1'b0, v};
    always_ff @(posedge clk_i) begin
      if (en) begin
        dv_rem_q[j]  <= 49'(ge ? p - {1'b0, v} : p);
        dv_q_q[j]    <= q_in | (QB'(ge) << (QB - 1 - j));
        dv_wn_q[j]   <= wn_in;
        dv_e_q[j]    <= e_in;
        dv_nx_q[j]   <= nx_in;
        dv_ny_q[j]   <= ny_in;
        dv_zero_q[j] <= zero_in;
      end
    end
  end
  logic [QB-1:0] r;
  assign r = dv_q_q[QB-1];

  // Stages 37-39: N r, N = Nh 2^25 + Nl (Nl unsigned), each half through gx_mul.
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
  gx_mul #(.AW(26), .BW(30)) u_pxl (.clk_i, .rst_i, .en_i(en), .a_i(nxl), .b_i(rs), .p_o(pxl));
  gx_mul #(.AW(25), .BW(30)) u_pxh (.clk_i, .rst_i, .en_i(en), .a_i(nxh), .b_i(rs), .p_o(pxh));
  gx_mul #(.AW(26), .BW(30)) u_pyl (.clk_i, .rst_i, .en_i(en), .a_i(nyl), .b_i(rs), .p_o(pyl));
  gx_mul #(.AW(25), .BW(30)) u_pyh (.clk_i, .rst_i, .en_i(en), .a_i(nyh), .b_i(rs), .p_o(pyh));
  logic [5:0] e_q39 [37:39];
  logic zero_q39 [37:39];
  always_ff @(posedge clk_i) begin
    if (en) begin
      e_q39[37]    <= dv_e_q[QB-1];
      zero_q39[37] <= dv_zero_q[QB-1];
      for (int s = 38; s <= 39; s++) begin
        e_q39[s]    <= e_q39[s-1];
        zero_q39[s] <= zero_q39[s-1];
      end
    end
  end

  // Stage 40: the halves summed (|N r| < 2^49 2^28 = 2^77: 80 bits).
  logic signed [79:0] px_q40, py_q40;
  logic [5:0] e_q40;
  logic zero_q40;
  always_ff @(posedge clk_i) begin
    if (en) begin
      px_q40   <= (80'(pxh) <<< 25) + 80'(pxl);
      py_q40   <= (80'(pyh) <<< 25) + 80'(pyl);
      e_q40    <= e_q39[39];
      zero_q40 <= zero_q39[39];
    end
  end

  // Stage 41: + 2^(e-1) (e >= 1 when W != 0).
  logic signed [79:0] px_q41, py_q41;
  logic [5:0] e_q41;
  logic zero_q41;
  always_ff @(posedge clk_i) begin
    if (en) begin
      px_q41   <= px_q40 + (80'(1) << (e_q40 - 6'd1));
      py_q41   <= py_q40 + (80'(1) << (e_q40 - 6'd1));
      e_q41    <= e_q40;
      zero_q41 <= zero_q40;
    end
  end

  // Stage 42: >> e (floor), mod 2^52.
  logic [51:0] gx_q42, gy_q42;
  always_ff @(posedge clk_i) begin
    if (en) begin
      gx_q42 <= zero_q41 ? '0 : 52'(px_q41 >>> e_q41);
      gy_q42 <= zero_q41 ? '0 : 52'(py_q41 >>> e_q41);
    end
  end
  assign gx_o = gx_q42;
  assign gy_o = gy_q42;
endmodule
