// gx_ztplane: a depth tile's plane (level 2 of gx_zrop), one tile a clock.
//
// The C model gx_zrop_tile_plane (cmodel/src/zrop.c) is the specification; docs/zrop.md
// derives the widths. For the triangle's level-1 plane (z0 at vertex (x0, y0), gradient
// (gx, gy) per 1/256 pixel with 27 fraction bits, mod 2^52) and the depth tile of tw x th
// pixels whose upper-left pixel is (tx, ty):
//   dx = 256 tx + 128 tw - x0,  dy = 256 ty + 128 th - y0       (the tile's centre)
//   zc = z0 2^27 + gx dx + gy dy                                 (mod 2^52)
//   pt = floor((zc + 2^17) / 2^18),  a = floor((gx + 2^13) / 2^14),  b likewise  (mod 2^34)
// Everything is modular: only the low 52 bits of each product are formed. With
// dx = dh 2^17 + dl (dl 17 bits unsigned, dh 9 bits signed) and gx = g2 2^34 + g1 2^17 + g0
// (17, 17 and 18 bits):
//   gx dx = g0 dl + 2^17 (g0 dh + g1 dl) + 2^34 (g1 dh + g2 dl) + 2^51 g2 dh   (mod 2^52)
// five 18 x 18 products an axis (g2 dl only to 18 bits, g2 dh only its bit 0).
//
// Handshake: valid/ready streams req (in) and tp (out). One pipeline enable: it advances
// unless its output is valid and not taken, so req_ready_o = !tp_valid_o || tp_ready_i.
// Stages:
//   1  the request registered
//   2  dx, dy and the multipliers' operand parts (one copy a multiplier); a, b rounded
//   3  the ten products (MULT18X18D), g2 dh's bit
//   4  per axis: g0 dl + 2^17 g0 dh; 2^17 g1 dl + 2^34 g1 dh; g2 dl + 2^17 (g2 dh)
//   5  the axes' partial sums: x's two, y's two, the top parts of both
//   6  the x and y sums; z0 2^27 + the top parts
//   7  zc
//   8  pt (the output register)
// Latency: 8 clocks. Throughput: one tile a clock.
`default_nettype none
`include "gx_assert.svh"

module gx_ztplane (
  input  wire logic              clk_i,       /// clock, rising edge
  input  wire logic              rst_i,       /// synchronous reset, active high
  input  wire logic              req_valid_i, /// a (plane, tile) is offered
  output      logic              req_ready_o, /// it is taken this clock
  input  wire gx_pkg::zt_req_t   req_i,       /// the level-1 plane and the tile
  output      logic              tp_valid_o,  /// a tile plane is offered
  input  wire logic              tp_ready_i,  /// it is taken this clock
  output      gx_pkg::zt_plane_t tp_o         /// the tile plane
);
  localparam int unsigned NS = 8;  // stages

  logic en;
  gx_vpipe #(.Stages(NS)) u_vp (
    .clk_i, .rst_i, .in_valid_i(req_valid_i), .in_ready_o(req_ready_o),
    .out_valid_o(tp_valid_o), .out_ready_i(tp_ready_i), .en_o(en)
  );

  // Stage 1: the request.
  gx_pkg::zt_req_t rq;
  always_ff @(posedge clk_i) begin
    if (en) rq <= req_i;
  end

  // Stage 2: the centre's offsets (|dx|, |dy| <= 2^23 + 2^10 + 2^22 < 2^25: 26 bits) and
  // the slopes. 128 tw and 128 th are multiples of 256, so the centre's pixel part is
  // tx + tw / 2.
  logic [3:0] hw, hh;  // tw / 2, th / 2
  always_comb begin
    unique case (rq.nlog)
      3'd0:    begin hw = 4'd4; hh = 4'd4; end
      3'd1:    begin hw = 4'd4; hh = 4'd2; end
      3'd2:    begin hw = 4'd2; hh = 4'd2; end
      3'd3:    begin hw = 4'd2; hh = 4'd1; end
      default: begin hw = 4'd1; hh = 4'd1; end
    endcase
  end
  logic signed [25:0] dx, dy;
  assign dx = $signed({18'($signed(rq.tx)) + 18'(hw), 8'd0}) - 26'($signed(rq.x0));
  assign dy = $signed({18'($signed(rq.ty)) + 18'(hh), 8'd0}) - 26'($signed(rq.y0));

  // Operand parts: [0] x, [1] y, each multiplied as signed 18 bits. g0, g1 unsigned
  // (zero-extended); g2's 18 bits read as signed (only the product's low 18 bits are
  // used); dl unsigned; dh signed.
  logic [1:0][17:0] g0_q2, g1_q2, g2_q2;      // the copies for the dl products
  logic [1:0][17:0] g0h_q2, g1h_q2;           // the copies for the dh products
  logic [1:0][17:0] dl0_q2, dl1_q2, dl2_q2;   // dl, a copy for each g
  logic [1:0][17:0] dh0_q2, dh1_q2;           // dh, a copy for g0 and g1
  logic [1:0] bit_d;                                 // g2[0] & dh[0]
  logic [1:0] bit_q2;
  logic [33:0] a_q2, b_q2;
  logic [23:0] z0_q2;
  logic [1:0][51:0] g;  // gx, gy
  logic [1:0][25:0] d;  // dx, dy
  assign g = {rq.gy, rq.gx};
  assign d = {dy, dx};
  for (genvar k = 0; k < 2; k++) begin : gen_ops
    assign bit_d[k] = g[k][34] & d[k][17];
    (* keep *) always_ff @(posedge clk_i) begin
      if (en) begin
        g0_q2[k]  <= {1'b0, g[k][16:0]};
        g1_q2[k]  <= {1'b0, g[k][33:17]};
        g2_q2[k]  <= g[k][51:34];
        g0h_q2[k] <= {1'b0, g[k][16:0]};
        g1h_q2[k] <= {1'b0, g[k][33:17]};
        dl0_q2[k] <= {1'b0, d[k][16:0]};
        dl1_q2[k] <= {1'b0, d[k][16:0]};
        dl2_q2[k] <= {1'b0, d[k][16:0]};
        dh0_q2[k] <= 18'($signed(d[k][25:17]));
        dh1_q2[k] <= 18'($signed(d[k][25:17]));
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (en) begin
      bit_q2 <= bit_d;
      a_q2   <= rq.gx[47:14] + 34'(rq.gx[13]);  // floor((g + 2^13) / 2^14) mod 2^34
      b_q2   <= rq.gy[47:14] + 34'(rq.gy[13]);
      z0_q2  <= rq.z0;
    end
  end

  // Stage 3: the products.
  logic [1:0][35:0] p00_q3, p01_q3, p10_q3, p11_q3, p20_q3;  // g0 dl, g0 dh, g1 dl, g1 dh, g2 dl
  logic [1:0] bit_q3;
  logic [33:0] a_q3, b_q3;
  logic [23:0] z0_q3;
  for (genvar k = 0; k < 2; k++) begin : gen_mul
    always_ff @(posedge clk_i) begin
      if (en) begin
        p00_q3[k] <= $signed(g0_q2[k]) * $signed(dl0_q2[k]);
        p01_q3[k] <= $signed(g0h_q2[k]) * $signed(dh0_q2[k]);
        p10_q3[k] <= $signed(g1_q2[k]) * $signed(dl1_q2[k]);
        p11_q3[k] <= $signed(g1h_q2[k]) * $signed(dh1_q2[k]);
        p20_q3[k] <= $signed(g2_q2[k]) * $signed(dl2_q2[k]);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (en) begin
      bit_q3 <= bit_q2;
      a_q3   <= a_q2;
      b_q3   <= b_q2;
      z0_q3  <= z0_q2;
    end
  end

  // Stage 4: per axis, the low part (bits 51..0), the middle part (bits 51..17) and the
  // top part (bits 51..34), each mod 2^52.
  logic [1:0][51:0] lo_q4;
  logic [1:0][34:0] mid_q4;  // bits 51..17
  logic [1:0][17:0] top_q4;  // bits 51..34
  logic [33:0] a_q4, b_q4;
  logic [23:0] z0_q4;
  for (genvar k = 0; k < 2; k++) begin : gen_part
    always_ff @(posedge clk_i) begin
      if (en) begin
        lo_q4[k]  <= 52'(p00_q3[k]) + {35'(p01_q3[k]), 17'd0};
        mid_q4[k] <= 35'(p10_q3[k]) + {18'(p11_q3[k]), 17'd0};
        top_q4[k] <= 18'(p20_q3[k]) + {bit_q3[k], 17'd0};
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (en) begin
      a_q4  <= a_q3;
      b_q4  <= b_q3;
      z0_q4 <= z0_q3;
    end
  end

  // Stage 5: per axis lo + mid 2^17; the two top parts.
  logic [1:0][51:0] ax_q5;
  logic [17:0] top_q5;
  logic [33:0] a_q5, b_q5;
  logic [23:0] z0_q5;
  always_ff @(posedge clk_i) begin
    if (en) begin
      ax_q5[0] <= lo_q4[0] + {mid_q4[0], 17'd0};
      ax_q5[1] <= lo_q4[1] + {mid_q4[1], 17'd0};
      top_q5   <= top_q4[0] + top_q4[1];
      a_q5     <= a_q4;
      b_q5     <= b_q4;
      z0_q5    <= z0_q4;
    end
  end

  // Stage 6: x + y; z0 2^27 + the top parts 2^34.
  logic [51:0] xy_q6, zt_q6;
  logic [33:0] a_q6, b_q6;
  always_ff @(posedge clk_i) begin
    if (en) begin
      xy_q6 <= ax_q5[0] + ax_q5[1];
      zt_q6 <= {1'b0, z0_q5, 27'd0} + {top_q5, 34'd0};
      a_q6  <= a_q5;
      b_q6  <= b_q5;
    end
  end

  // Stage 7: zc (bits 51..17, all that pt reads).
  logic [51:17] zc_q7;
  logic [33:0] a_q7, b_q7;
  always_ff @(posedge clk_i) begin
    if (en) begin
      zc_q7 <= 35'((xy_q6 + zt_q6) >> 17);
      a_q7  <= a_q6;
      b_q7  <= b_q6;
    end
  end

  // Stage 8: pt = floor((zc + 2^17) / 2^18) mod 2^34.
  always_ff @(posedge clk_i) begin
    if (en) begin
      tp_o.pt <= zc_q7[51:18] + 34'(zc_q7[17]);
      tp_o.a  <= a_q7;
      tp_o.b  <= b_q7;
    end
  end

  // ---------------------------------------------------------------------------------
  // Properties. The products' and sums' arithmetic is checked on every tile against the
  // C model in cosimulation (the SMT solvers do not decide the wide products,
  // docs/proofs.md); here: the tile plane held while not taken, and (gx_vpipe's Owed_A)
  // no tile lost or made up.
  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqN_M, !req_valid_i || req_i.nlog <= 3'd4)
  `GX_ASSERT(TpHold_A, !`GX_PAST_OK || !$past(tp_valid_o && !tp_ready_i) ||
                       (tp_valid_o && tp_o == $past(tp_o)))
  `GX_COVER(Plane_C, tp_valid_o && tp_ready_i && tp_o.a != '0 && tp_o.b != '0)
  `GX_COVER(Flat_C, tp_valid_o && tp_o.a == '0 && tp_o.b == '0 && tp_o.pt != '0)
  `GX_COVER(Stall_C, tp_valid_o && !tp_ready_i && req_valid_i)
endmodule
