// gx_raster_test: the rasterizer's sample test. A free-running pipeline (no enables, no
// stall: the walker issues an item only when the output FIFO has room for everything in
// flight): one item (a step of a group) a clock in, 16 Lanes sample tests against three
// edges a clock, one quad group a clock out at N <= 4 (a group every 2 clocks at N = 8,
// every 4 at N = 16).
//
//   T1  lane-slot values: base(l) = E' + K(l), and the column offsets O(m) (the
//       triangle's, read from the test's ring as the walker takes the group; docs/raster.md,
//       "Test columns")
//   T2  the 4 Lanes pixel values P(l, m) = base(l) + O(m)
//   T3  q = P / 16 (floor), whether P is far (|P| >= 2^32) and P's sign: a sample passes
//       exactly when q + s >= 0, or, when P is far, when P >= 0
//   T4  the 16 Lanes x 3 sums q + s (edge 2: q - s01, s01 = -s2), their signs (P's when
//       far) registered per edge; the offsets s come from the ring, read with the item's
//       slot in T0; each pixel's selects (N, the step, the quad's pattern set, the pixel
//       range), one-hot
//   T5  the three edges ANDed, the pass bits placed at their mask bits by the selects
//   T6  the group's earlier steps ORed in: the masks, and the group's lanes with a
//       sample (a 64-bit OR each of the step's bits, or the lane had one in an earlier
//       step)
// The group leaves T6 on its last step (grp_valid_o, one clock, for the FIFO's write).
// Latency: an item in T0 (the walker's item register) in clock c leaves T6 in c + 6.
`default_nettype none
`include "gx_assert.svh"

module gx_raster_test #(
  parameter int unsigned Lanes = 4  /// quads a group: 1, 2 or 4
) (
  input  wire logic                    clk_i,        /// clock, rising edge
  input  wire logic                    rst_i,        /// synchronous reset, active high
  input  wire logic                    item_valid_i, /// T0 holds an item
  input  wire gx_raster_pkg::rs_item_t item_i,       /// the item (T0, a register)
  input  wire logic [2:0][2:0][gx_raster_pkg::MW-gx_raster_pkg::LS-1:0] k_i, /// its
                                                     /// triangle's K(1..3) / 2^LS ...
  input  wire logic [2:0][2:0][gx_raster_pkg::MW-gx_raster_pkg::LS-1:0] o_i, /// ... and
                                                     /// O(1..3) / 2^LS, per edge
  output      logic [3:0]              ofs_raddr_o,  /// the ring slot T0's item reads
  output      logic                    rd_v_o,       /// T0 holds an item ...
  output      logic [gx_raster_pkg::QW-1:0] rd_seq_o, /// ... of this triangle
  input  wire logic [2*gx_raster_pkg::HW-1:0] ofs_rdata_i, /// the slot read three clocks
                                                     /// before: place p at RW p: {s01, s1, s0}
  output      logic                    grp_valid_o,  /// a group with coverage leaves T6
  output      gx_pkg::rs_qgroup_t      grp_o,        /// the group
  output      logic                    leave_o,      /// an item leaves T6 this clock
  output      logic                    drop_o,       /// ... and no group with it (a
                                                     /// register, for the credit)
  output      logic                    busy_o,       /// an item is in T1..T6
  output      logic [5:0]              stage_v_o     /// T1..T6 hold an item (bit 0: T1)
);
  localparam int unsigned EW = gx_raster_pkg::EW;
  localparam int unsigned IW = gx_raster_pkg::IW;  // E' + K + O: |.| < 2^36 + 2^35
  localparam int unsigned SW = gx_raster_pkg::SW;
  localparam int unsigned OW = gx_raster_pkg::OW;
  localparam int unsigned RW = gx_raster_pkg::RW;
  localparam int unsigned LS = gx_raster_pkg::LS;

  typedef logic signed [EW-1:0] edge_t;
  localparam int unsigned NC = 4 * Lanes;   // test columns per edge

  // Fields that travel beside the values.
  typedef struct packed {
    logic [15:0] tag;
    logic [2:0]  nlog;
    logic        ps;
    logic [11:0] qx, qy;
    logic [1:0]  h;
    logic        last;
    logic [15:0] inr;
  } side_t;
  side_t t0_side;
  always_comb begin
    t0_side.tag  = item_i.tag;
    t0_side.nlog = item_i.nlog;
    t0_side.ps   = item_i.ps;
    t0_side.qx   = item_i.qx;
    t0_side.qy   = item_i.qy;
    t0_side.h    = item_i.h;
    t0_side.last = item_i.last;
    t0_side.inr  = item_i.inr;
  end

  // v + 2^LS d: K and O are multiples of 2^LS, so the low LS bits of v pass and only the
  // high bits are added (d sign-extended to IW - LS bits)
  function automatic logic [IW-1:0] add_hi(input logic [IW-1:0] v, input logic [IW-LS-1:0] d);
    add_hi = {v[IW-1:LS] + d, v[LS-1:0]};
  endfunction

  // ---------------------------------------------------------------------------------
  // T1
  logic                     t1_v_q;
  side_t                    t1_side_q;
  logic [2:0][Lanes-1:0][IW-1:0] t1_base_q;
  logic [2:0][2:0][IW-LS-1:0] t1_o_q;        // O(m) / 2^LS for m = 1..3 at [m - 1]
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++) begin
      t1_base_q[e][0] <= item_i.e[e];
      for (int l = 1; l < Lanes; l++)
        t1_base_q[e][l] <= add_hi(item_i.e[e], (IW-LS)'($signed(k_i[e][l-1])));
      for (int c = 1; c < 4; c++)
        t1_o_q[e][c-1] <= (IW-LS)'($signed(o_i[e][c-1]));
    end
    t1_side_q <= t0_side;
  end
  assign ofs_raddr_o = item_i.seq[3:0];
  assign rd_v_o      = item_valid_i;
  assign rd_seq_o    = item_i.seq;

  // T2
  logic                     t2_v_q;
  side_t                    t2_side_q;
  logic [2:0][NC-1:0][IW-1:0] t2_p_q;        // P at column c = 4 l + m
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++)
      for (int c = 0; c < NC; c++)
        t2_p_q[e][c] <= c % 4 == 0 ? t1_base_q[e][c/4]
                                   : add_hi(t1_base_q[e][c/4], t1_o_q[e][c%4 == 0 ? 0 : c%4-1]);
    t2_side_q <= t1_side_q;
  end

  // T3: q = floor(P / 16), whether P is far and P's sign (gx_raster_qsat: exact, since
  // every |s| < 2^28)
  logic                     t3_v_q;
  side_t                    t3_side_q;
  logic [2:0][NC-1:0][SW-1:0] t3_q_q, t3_q_d;
  logic [2:0][NC-1:0]       t3_far_q, t3_far_d, t3_neg_q;
  for (genvar e = 0; e < 3; e++) begin : gen_qe
    for (genvar c = 0; c < NC; c++) begin : gen_qc
      gx_raster_qsat u_q (.p_i(EW'($signed(t2_p_q[e][c]))), .q_o(t3_q_d[e][c]),
                          .far_o(t3_far_d[e][c]));
    end
  end
  always_ff @(posedge clk_i) begin
    t3_q_q    <= t3_q_d;
    t3_far_q  <= t3_far_d;
    for (int e = 0; e < 3; e++)
      for (int c = 0; c < NC; c++) t3_neg_q[e][c] <= t2_p_q[e][c][IW-1];
    t3_side_q <= t2_side_q;
  end

  // T4: the sums, a pass bit per edge, column and sample j (the offset at place
  // 4 (c % 4) + j; gx_raster_sgn); the pattern set of each lane's quad
  logic                     t4_v_q;
  side_t                    t4_side_q;
  logic [2:0][NC-1:0][3:0]  t4_sg_q, t4_sg_d;
  // pixel 4 l + k's selects, each 0 outside the pixel range: N = 1 with the quad's
  // pattern set j (t4_m1_q[l][k][j]); N = 2 with set bit j (t4_m2_q); N = 4 (t4_m4_q);
  // N = 8 and N = 16 with the pixel's step (t4_m8_q, t4_m16_q)
  logic [Lanes-1:0][3:0][3:0] t4_m1_q;
  logic [Lanes-1:0][3:0][1:0] t4_m2_q;
  logic [Lanes-1:0][3:0]    t4_m4_q, t4_m8_q, t4_m16_q;
  for (genvar e = 0; e < 3; e++) begin : gen_se
    for (genvar c = 0; c < NC; c++) begin : gen_sc
      for (genvar j = 0; j < 4; j++) begin : gen_sj
        gx_raster_sgn u_s (
          .q_i(t3_q_q[e][c]), .s_i(ofs_rdata_i[RW*(4*(c%4) + j) + OW*e +: OW]),
          .sub_i(1'(e == 2)), .far_i(t3_far_q[e][c]), .neg_i(t3_neg_q[e][c]),
          .pass_o(t4_sg_d[e][c][j]));
      end
    end
  end
  always_ff @(posedge clk_i) begin
    t4_sg_q <= t4_sg_d;
    for (int l = 0; l < Lanes; l++) begin
      logic [1:0] ks;
      ks = !t3_side_q.ps ? 2'd0
         : t3_side_q.nlog == 3'd0 ? 2'(t3_side_q.qx + 12'(l) + t3_side_q.qy)
         : {1'b0, 1'(t3_side_q.qx + 12'(l) + t3_side_q.qy)};
      for (int k = 0; k < 4; k++) begin
        logic in;
        in = t3_side_q.inr[4*l + k];
        for (int j = 0; j < 4; j++)
          t4_m1_q[l][k][j] <= in && t3_side_q.nlog == 3'd0 && ks == 2'(j);
        for (int j = 0; j < 2; j++)
          t4_m2_q[l][k][j] <= in && t3_side_q.nlog == 3'd1 && ks[0] == 1'(j);
        t4_m4_q[l][k]  <= in && t3_side_q.nlog == 3'd2;
        t4_m8_q[l][k]  <= in && t3_side_q.nlog == 3'd3 &&
                          t3_side_q.h == 2'((2 * l + k / 2) / Lanes);
        t4_m16_q[l][k] <= in && t3_side_q.nlog >= 3'd4 &&
                          t3_side_q.h == 2'((4 * l + k) / Lanes);
      end
    end
    t4_side_q <= t3_side_q;
  end

  // T5: bit 64 l + 16 k + i of the step's mask, sample i of pixel k of lane l, is the
  // pass bit of column c's test j in step hh:
  //   N = 4:  c = 4 l + k, j = i;  N = 2: j = 2 kset + i;  N = 1: j = kset
  //   N = 8:  p = 2 l + k / 2, hh = p / Lanes, c = 4 (p % Lanes) + 2 (k % 2) + i / 4, j = i % 4
  //   N = 16: p = 4 l + k,     hh = p / Lanes, c = 4 (p % Lanes) + i / 4,           j = i % 4
  logic                     t5_v_q, t5_grp_q;
  side_t                    t5_side_q;
  logic [Lanes*64-1:0]      placed, t5_placed_q;
  logic [NC*4-1:0]          pass;            // column c's test j passes, at 4 c + j
  always_comb begin
    for (int c = 0; c < NC; c++)
      pass[4*c +: 4] = t4_sg_q[0][c] & t4_sg_q[1][c] & t4_sg_q[2][c];
  end
  always_comb begin
    placed = '0;
    for (int l = 0; l < Lanes; l++)
      for (int k = 0; k < 4; k++)
        for (int i = 0; i < 16; i++) begin
          int unsigned c, p8, p16;
          logic b;
          c   = 4 * l + k;
          p8  = 2 * l + k / 2;
          p16 = 4 * l + k;
          b = t4_m16_q[l][k] && pass[4*(4*(p16 % Lanes) + i/4) + i % 4];
          if (i < 8)
            b = b || (t4_m8_q[l][k] && pass[4*(4*(p8 % Lanes) + 2*(k % 2) + i/4) + i % 4]);
          if (i < 4) b = b || (t4_m4_q[l][k] && pass[4*c + i]);
          if (i < 2)
            b = b || (t4_m2_q[l][k][0] && pass[4*c + i]) ||
                     (t4_m2_q[l][k][1] && pass[4*c + 2 + i]);
          if (i == 0)
            for (int j = 0; j < 4; j++) b = b || (t4_m1_q[l][k][j] && pass[4*c + j]);
          placed[64*l + 16*k + i] = b;
        end
  end
  always_ff @(posedge clk_i) begin
    t5_placed_q <= placed;
    t5_side_q   <= t4_side_q;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      t1_v_q <= 1'b0;
      t2_v_q <= 1'b0;
      t3_v_q <= 1'b0;
      t4_v_q <= 1'b0;
      t5_v_q <= 1'b0;
      t5_grp_q <= 1'b0;
    end else begin
      t1_v_q <= item_valid_i;
      t2_v_q <= t1_v_q;
      t3_v_q <= t2_v_q;
      t4_v_q <= t3_v_q;
      t5_v_q <= t4_v_q;
      t5_grp_q <= t4_v_q && t4_side_q.last;
    end
  end

  logic unused_t5;  // the mode, pattern set, range bits and last step have been used
  assign unused_t5 = ^{t5_side_q.nlog, t5_side_q.ps, t5_side_q.last, t5_side_q.inr};

  // T6: the group's steps so far and its lanes with a sample. acc_q holds the OR of the
  // group's steps so far and acc_any_q its lanes with a sample (loaded only with an item,
  // so a gap between two steps of a group, when the walker waits for credit, keeps them).
  logic                t6_v_q, t6_grp_q;
  logic                t6_drop_q;   // T6's item leaves with no group (the credit's own)
  logic [Lanes*64-1:0] t6_mask_q, acc_q, acc_d;
  logic [Lanes-1:0]    t6_any_q, acc_any_q, any_d;
  always_comb begin
    acc_d = (t5_side_q.h == 2'd0 ? '0 : acc_q) | t5_placed_q;
    for (int l = 0; l < Lanes; l++)
      any_d[l] = (t5_side_q.h != 2'd0 && acc_any_q[l]) || t5_placed_q[64*l +: 64] != '0;
  end
  logic [15:0]         t6_tag_q;
  logic [11:0]         t6_qx_q, t6_qy_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      t6_v_q    <= 1'b0;
      t6_grp_q  <= 1'b0;
      t6_drop_q <= 1'b0;
      acc_q     <= '0;
      acc_any_q <= '0;
    end else begin
      t6_v_q   <= t5_v_q;
      t6_grp_q <= t5_grp_q;
      t6_drop_q <= t5_v_q && !(t5_grp_q && any_d != '0);
      if (t5_v_q) begin
        acc_q     <= acc_d;
        acc_any_q <= any_d;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    t6_mask_q <= acc_d;
    t6_any_q  <= any_d;
    t6_tag_q  <= t5_side_q.tag;
    t6_qx_q   <= t5_side_q.qx;
    t6_qy_q   <= t5_side_q.qy;
  end
  always_comb begin
    grp_o.tag   = t6_tag_q;
    grp_o.qx    = t6_qx_q;
    grp_o.qy    = t6_qy_q;
    grp_o.valid = 4'(t6_any_q);
    grp_o.masks = 256'(t6_mask_q);
  end
  assign grp_valid_o = t6_grp_q && t6_any_q != '0;
  assign leave_o     = t6_v_q;
  assign drop_o      = t6_drop_q;
  assign stage_v_o   = {t6_v_q, t5_v_q, t4_v_q, t3_v_q, t2_v_q, t1_v_q};
  assign busy_o      = stage_v_o != '0;
  // A group ends with one of its items.
  `GX_ASSERT(GrpItem_A, (!t5_grp_q || t5_v_q) && (!t6_grp_q || t6_v_q))
  // the credit's register: an item leaves without a group
  `GX_ASSERT(Drop_A, t6_drop_q == (t6_v_q && !grp_valid_o))

  // ---------------------------------------------------------------------------------
  // Properties.
  // acc_any_q: the lanes of acc_q with a sample
`ifdef GX_ASSERT_ON
  logic [Lanes-1:0] acc_nz;
  always_comb
    for (int l = 0; l < Lanes; l++) acc_nz[l] = acc_q[64*l +: 64] != '0;
`endif
  `GX_ASSERT(AccAny_A, acc_any_q == acc_nz)
  `GX_COVER(TestStep16_C, t4_v_q && t4_side_q.nlog == 3'd4 && t4_side_q.h == 2'd3)
endmodule

`default_nettype wire
