// gx_zsample: the depth unit's sample stage: one depth tile's 64 sample depths from its
// tile plane at the programmed sample positions, and the depth test; 16 samples a clock.
//
// The C model is the specification: sample k of the tile (sample i = k mod N of pixel
// k / N, pixels row-major, cx = pixel mod tw, cy = pixel / tw) sits at the pattern slot
// gx_raster_slot picks for pixel (tx + cx, ty + cy) and sample i, its offset from the
// tile's centre in 1/16 pixel is sx = 16 cx + ox - 8 tw, sy = 16 cy + oy - 8 th
// (gx_zrop_positions), its depth is gx_zrop_eval(tile plane, sx, sy), and it passes when
// it is covered and gx_zrop_test(func, depth, stored depth) holds (docs/zrop.md).
//
// The sum splits into a pixel's part and a slot's part (docs/zrop.md, "the sample stage"):
//   pt + a sx + b sy + 2^32 = PX[cx] + Y[cy] + S[slot]            (mod 2^34)
//   PX[j] = pt + 2^32 - 8 tw a - 8 th b + 16 a j,  Y[j] = 16 b j,  S[s] = a ox_s + b oy_s
// (2^32 is the window's offset: gx_zrop_eval reads the residue in [-2^32, 3 * 2^32)). The
// tables are the tile's: 8 + 8 + 16 values, computed by the tile's own four beats (a beat
// a clock, each a quarter of the tile: 2 + 2 + 4 values) and kept in two banks, the
// tile's parity choosing one, so a tile's beats read its tables while the next tile's
// beats write the other bank. Each multiple of a or b by a small number is shift-and-add
// (a ox = (ox0 a + ox1 2a) + (ox2 4a + ox3 8a)). A lane then selects its three values and
// adds them: two 34-bit adds a sample. The rounding: z = ((u + 2^8) >> 9) - 2^23 for the
// sum u, clamped to 0..2^24 - 1.
//
// Handshake: valid/ready streams req (one tile a request) and resp (one tile a response).
// The request register issues the tile's four beats on four consecutive enables; the
// beats run through one stall pipeline (one enable: it advances unless a finished tile's
// response is offered and not taken), so a tile's beats always stand in four adjacent
// stages (Contig_A), which is what lets beat 0 read tables that beat 3 writes three stages
// behind it. req_ready_o = the enable, when the request register is empty or issues its
// last beat. Beat stages:
//   1      the beat: its quarter's stored depths and coverage, its four slots' offsets
//   2      the tables, first adds: a ox, b oy halves; a k, b k (k the beat); PX's base
//   3      the tables, second adds; the tables' bank written at the 3 -> 4 step
//   4      each lane's pixel column, row and slot
//   5-7    wait for the tile's last beat to write its tables
//   8      each lane's PX, Y and S selected
//   9      Y + S
//   10     u = PX + (Y + S)
//   11     (u + 2^8) >> 9
//   12     the clamp: the sample's depth
//   13     the test against the stored depth, the coverage
//   14     the response register: the beat's quarter written; valid after beat 3
// Latency: 18 clocks from the request's take to its response (the beats issued in the 4
// clocks after the take, the last reaching the response register 14 clocks after its
// issue). Throughput: one tile every 4 clocks (16 samples a clock).
`default_nettype none
`include "gx_assert.svh"

module gx_zsample (
  input  wire logic             clk_i,         /// clock, rising edge
  input  wire logic             rst_i,         /// synchronous reset, active high
  input  wire logic             req_valid_i,   /// a tile is offered
  output      logic             req_ready_o,   /// it is taken this clock
  input  wire gx_pkg::zs_req_t  req_i,         /// the tile
  output      logic             resp_valid_o,  /// a tile's samples are offered
  input  wire logic             resp_ready_i,  /// they are taken this clock
  output      gx_pkg::zs_resp_t resp_o         /// the tile's depths and pass mask
);
  localparam int unsigned NS = 14;  // beat stages (the last is the response register)
  localparam int unsigned L = 16;   // lanes: samples a beat
  localparam logic [33:0] Window = 34'h1_0000_0000;  // 2^32

  // ---------------------------------------------------------------------------------
  // The pipeline's valid bits, beat numbers and tile parities.
  logic en;
  logic [NS:1] v_q;
  logic [NS:1][1:0] k_q;
  logic [NS:1] par_q;
  assign resp_valid_o = v_q[NS] && k_q[NS] == 2'd3;
  assign en = !resp_valid_o || resp_ready_i;

  // The request register: the tile, the beat it issues next, its parity (toggled at each
  // take, so the tile it holds has parity rpar_q).
  gx_pkg::zs_req_t rq;
  logic rv_q;
  logic [1:0] rk_q;
  logic rpar_q;
  logic take;
  assign req_ready_o = en && (!rv_q || rk_q == 2'd3);
  assign take = req_valid_i && req_ready_o;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      rv_q   <= 1'b0;
      rk_q   <= 2'd0;
      rpar_q <= 1'b0;
    end else if (en) begin
      if (rv_q) rk_q <= rk_q + 2'd1;
      if (!rv_q || rk_q == 2'd3) rv_q <= req_valid_i;
      if (take) rpar_q <= !rpar_q;
    end
  end
  always_ff @(posedge clk_i) begin
    if (take) rq <= req_i;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) v_q <= '0;
    else if (en) v_q <= {v_q[NS-1:1], rv_q};
  end
  always_ff @(posedge clk_i) begin
    if (en) begin
      k_q   <= {k_q[NS-1:1], rk_q};
      par_q <= {par_q[NS-1:1], rpar_q};
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 1: the beat.
  logic [33:0] pt1, a1, b1;
  logic [2:0] n1, f1;
  logic ps1;
  logic [1:0] qs1;
  logic [3:0][7:0] sl1;          // slots 4k .. 4k + 3
  logic [L-1:0][23:0] zo1;       // the quarter's stored depths
  logic [L-1:0] cv1;             // and coverage
  always_ff @(posedge clk_i) begin
    if (en) begin
      pt1 <= rq.pt;
      a1  <= rq.a;
      b1  <= rq.b;
      n1  <= rq.nlog;
      f1  <= rq.func;
      ps1 <= rq.pset;
      qs1 <= rq.qset;
      // the beat's quarter, a 4-way select (constant part-selects: a variable offset
      // would synthesize as a barrel shifter)
      unique case (rk_q)
        2'd0: begin sl1 <= rq.slots[31:0];   zo1 <= rq.zold[383:0];     cv1 <= rq.cov[15:0];  end
        2'd1: begin sl1 <= rq.slots[63:32];  zo1 <= rq.zold[767:384];   cv1 <= rq.cov[31:16]; end
        2'd2: begin sl1 <= rq.slots[95:64];  zo1 <= rq.zold[1151:768];  cv1 <= rq.cov[47:32]; end
        default: begin
          sl1 <= rq.slots[127:96]; zo1 <= rq.zold[1535:1152]; cv1 <= rq.cov[63:48];
        end
      endcase
    end
  end

  // The tile's size: log2 tw, log2 th by N.
  function automatic logic [1:0] f_twlog(input logic [2:0] nl);
    f_twlog = nl <= 3'd1 ? 2'd3 : nl <= 3'd3 ? 2'd2 : 2'd1;
  endfunction
  function automatic logic [1:0] f_thlog(input logic [2:0] nl);
    f_thlog = nl == 3'd0 ? 2'd3 : nl <= 3'd2 ? 2'd2 : 2'd1;
  endfunction

  // Stage 2: the tables' first adds.
  logic [3:0][33:0] xa_lo2, xa_hi2, yb_lo2, yb_hi2;  // a ox, b oy in two halves
  logic [28:0] ak2, bk2;                              // a k, b k (mod 2^29)
  logic [33:0] base2, b2;
  logic [29:0] a2;
  logic [1:0] thl2;
  for (genvar s = 0; s < 4; s++) begin : gen_t2
    logic [3:0] ox, oy;
    assign ox = sl1[s][7:4];
    assign oy = sl1[s][3:0];
    always_ff @(posedge clk_i) begin
      if (en) begin
        xa_lo2[s] <= (ox[0] ? a1 : '0) + (ox[1] ? {a1[32:0], 1'b0} : '0);
        xa_hi2[s] <= (ox[2] ? {a1[31:0], 2'b0} : '0) + (ox[3] ? {a1[30:0], 3'b0} : '0);
        yb_lo2[s] <= (oy[0] ? b1 : '0) + (oy[1] ? {b1[32:0], 1'b0} : '0);
        yb_hi2[s] <= (oy[2] ? {b1[31:0], 2'b0} : '0) + (oy[3] ? {b1[30:0], 3'b0} : '0);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (en) begin
      ak2   <= (k_q[1][0] ? a1[28:0] : '0) + (k_q[1][1] ? {a1[27:0], 1'b0} : '0);
      bk2   <= (k_q[1][0] ? b1[28:0] : '0) + (k_q[1][1] ? {b1[27:0], 1'b0} : '0);
      base2 <= pt1 + Window - (a1 << (3 + f_twlog(n1)));
      a2    <= a1[29:0];
      b2    <= b1;
      thl2  <= f_thlog(n1);
    end
  end

  // Stage 3: the tables' second adds: S for the beat's four slots, PX and Y for the
  // columns and rows 2k and 2k + 1.
  logic [3:0][33:0] xa3, yb3;
  logic [29:0] e0a3, e1a3, e0b3, e1b3;  // a 2k, a (2k + 1), ... mod 2^30 (they go in << 4)
  logic [33:0] base3;
  for (genvar s = 0; s < 4; s++) begin : gen_t3
    always_ff @(posedge clk_i) begin
      if (en) begin
        xa3[s] <= xa_lo2[s] + xa_hi2[s];
        yb3[s] <= yb_lo2[s] + yb_hi2[s];
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (en) begin
      e0a3  <= {ak2[28:0], 1'b0};
      e1a3  <= {ak2[28:0], 1'b0} + a2[29:0];
      e0b3  <= {bk2[28:0], 1'b0};
      e1b3  <= {bk2[28:0], 1'b0} + b2[29:0];
      base3 <= base2 - (b2 << (3 + thl2));
    end
  end

  // The tables, two banks (the tile's parity), written at the 3 -> 4 step.
  logic [1:0][15:0][33:0] st_q;  // S[slot]
  logic [1:0][7:0][33:0] px_q;   // PX[column]
  logic [1:0][7:0][33:0] yt_q;   // Y[row]
  logic [3:0][33:0] sw;      // the beat's four S values
  logic [1:0][33:0] pw, yw;  // its two PX and two Y values
  always_comb begin
    for (int s = 0; s < 4; s++) sw[s] = xa3[s] + yb3[s];
    pw[0] = base3 + {e0a3, 4'd0};
    pw[1] = base3 + {e1a3, 4'd0};
    yw[0] = {e0b3, 4'd0};
    yw[1] = {e1b3, 4'd0};
  end
  // Each table entry loads when its bank and beat match (constant indices: a write at a
  // variable index would synthesize as a shifter).
  for (genvar p = 0; p < 2; p++) begin : gen_bank
    for (genvar j = 0; j < 4; j++) begin : gen_beat
      logic we;
      assign we = en && v_q[3] && par_q[3] == 1'(p) && k_q[3] == 2'(j);
      always_ff @(posedge clk_i) begin
        if (we) begin
          st_q[p][4*j +: 4] <= sw;
          px_q[p][2*j +: 2] <= pw;
          yt_q[p][2*j +: 2] <= yw;
        end
      end
    end
  end
  // The bank of the beat in stage 7 (every lane of a beat reads the same bank).
  logic [15:0][33:0] st7;
  logic [7:0][33:0] px7, yt7;
  assign st7 = par_q[7] ? st_q[1] : st_q[0];
  assign px7 = par_q[7] ? px_q[1] : px_q[0];
  assign yt7 = par_q[7] ? yt_q[1] : yt_q[0];
  function automatic logic [33:0] f_sel8(input logic [7:0][33:0] t, input logic [2:0] i);
    unique case (i)
      3'd0: f_sel8 = t[0];
      3'd1: f_sel8 = t[1];
      3'd2: f_sel8 = t[2];
      3'd3: f_sel8 = t[3];
      3'd4: f_sel8 = t[4];
      3'd5: f_sel8 = t[5];
      3'd6: f_sel8 = t[6];
      default: f_sel8 = t[7];
    endcase
  endfunction
  function automatic logic [33:0] f_sel16(input logic [15:0][33:0] t, input logic [3:0] i);
    f_sel16 = i[3] ? f_sel8(t[15:8], i[2:0]) : f_sel8(t[7:0], i[2:0]);
  endfunction

  // The beat's fields carried: N, the pattern sets, the function, the stored depths and
  // coverage.
  logic [3:2][2:0] n_q;
  logic [3:2] ps_q;
  logic [3:2][1:0] qs_q;
  logic [12:2][2:0] fn_q;
  logic [12:2][L-1:0][23:0] zo_q;
  logic [12:2][L-1:0] cv_q;
  always_ff @(posedge clk_i) begin
    if (en) begin
      n_q[2]  <= n1;
      fn_q[2] <= f1;
      ps_q[2] <= ps1;
      qs_q[2] <= qs1;
      zo_q[2] <= zo1;
      cv_q[2] <= cv1;
      n_q[3]  <= n_q[2];
      ps_q[3] <= ps_q[2];
      qs_q[3] <= qs_q[2];
      for (int j = 3; j <= 12; j++) begin
        fn_q[j] <= fn_q[j-1];
        zo_q[j] <= zo_q[j-1];
        cv_q[j] <= cv_q[j-1];
      end
    end
  end

  // ---------------------------------------------------------------------------------
  // The lanes. Lane l of beat k is sample 16 k + l.
  logic [L-1:0][23:0] z12;
  logic [L-1:0] pass13;
  logic [L-1:0][23:0] z13;
  for (genvar l = 0; l < L; l++) begin : gen_lane
    // Stage 4: the sample's pixel column and row and its slot (gx_raster_slot for a
    // tile whose upper-left pixel is even in x and y).
    logic [5:0] smp, pix;
    logic [2:0] cx, cy;
    logic [3:0] i, slot;
    logic [1:0] twl, set;
    always_comb begin
      smp  = {k_q[3], 4'(l)};
      pix  = smp >> n_q[3];
      twl  = f_twlog(n_q[3]);
      cx   = 3'(pix & ((6'd1 << twl) - 6'd1));
      cy   = 3'(pix >> twl);
      i    = 4'(l) & 4'((5'd1 << n_q[3]) - 5'd1);
      set  = qs_q[3] + 2'(cx >> 1) + 2'(cy >> 1);
      unique case (n_q[3])
        3'd4:    slot = i;
        3'd3:    slot = {cx[0], i[2:0]};
        3'd2:    slot = {cy[0], cx[0], i[1:0]};
        3'd1:    slot = {ps_q[3] & set[0], cy[0], cx[0], i[0]};
        default: slot = {ps_q[3] ? set : 2'd0, cy[0], cx[0]};
      endcase
    end
    logic [9:0] ix4, ix5, ix6, ix7;  // {slot, cy, cx} in stages 4-7
    always_ff @(posedge clk_i) begin
      if (en) begin
        ix4 <= {slot, cy, cx};
        ix5 <= ix4;
        ix6 <= ix5;
        ix7 <= ix6;
      end
    end
    // Stage 8: the three values.
    logic [33:0] pxv8, yv8, sv8;
    always_ff @(posedge clk_i) begin
      if (en) begin
        pxv8 <= f_sel8(px7, ix7[2:0]);
        yv8  <= f_sel8(yt7, ix7[5:3]);
        sv8  <= f_sel16(st7, ix7[9:6]);
      end
    end
    // Stages 9-11: the sum and the rounding shift.
    logic [33:0] px9, t9;
    logic [33:8] u10;  // the sum's bits the rounding reads
    logic [25:0] zz11;
    always_ff @(posedge clk_i) begin
      if (en) begin
        px9  <= pxv8;
        t9   <= yv8 + sv8;
        u10  <= 26'((px9 + t9) >> 8);
        zz11 <= 26'(u10[33:9]) + 26'(u10[8]);
      end
    end
    // Stage 12: the clamp (zz - 2^23 into 0 .. 2^24 - 1).
    always_ff @(posedge clk_i) begin
      if (en) begin
        if (zz11 < 26'h080_0000)       z12[l] <= 24'd0;
        else if (zz11 >= 26'h180_0000) z12[l] <= 24'hFF_FFFF;
        else                           z12[l] <= 24'(zz11 - 26'h080_0000);
      end
    end
    // Stage 13: the test.
    logic lt, eq, gt;
    assign lt = z12[l] < zo_q[12][l];
    assign eq = z12[l] == zo_q[12][l];
    assign gt = !lt && !eq;
    always_ff @(posedge clk_i) begin
      if (en) begin
        z13[l]    <= z12[l];
        pass13[l] <= cv_q[12][l] &&
                     ((lt && fn_q[12][0]) || (eq && fn_q[12][1]) || (gt && fn_q[12][2]));
      end
    end
  end

  // Stage 14: the response register, the beat's quarter.
  always_ff @(posedge clk_i) begin
    if (en && v_q[13]) begin
      unique case (k_q[13])
        2'd0: begin resp_o.znew[383:0]    <= z13; resp_o.pass[15:0]  <= pass13; end
        2'd1: begin resp_o.znew[767:384]  <= z13; resp_o.pass[31:16] <= pass13; end
        2'd2: begin resp_o.znew[1151:768] <= z13; resp_o.pass[47:32] <= pass13; end
        default: begin resp_o.znew[1535:1152] <= z13; resp_o.pass[63:48] <= pass13; end
      endcase
    end
  end

  // ---------------------------------------------------------------------------------
  // Properties. The arithmetic is checked on every sample against the C model in
  // cosimulation; here: the beats' order, on which the tables' timing rests, the
  // response held while not taken, and no tile lost or made up.
`ifdef GX_ASSERT_ON
  logic [2:0] fv_owed_q, fv_in_flight;
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_owed_q <= '0;
    else fv_owed_q <= fv_owed_q + 3'(take) - 3'(resp_valid_o && resp_ready_i);
  end
  logic fv_contig;
  always_comb begin
    fv_in_flight = 3'(rv_q);
    for (int j = 1; j <= NS; j++) fv_in_flight = fv_in_flight + 3'(v_q[j] && k_q[j] == 2'd3);
    // A beat k < 3 has beat k + 1 of its tile right behind it.
    fv_contig = !(v_q[1] && k_q[1] != 2'd3) ||
                (rv_q && rk_q == k_q[1] + 2'd1 && rpar_q == par_q[1]);
    for (int j = 2; j <= NS; j++)
      if (v_q[j] && k_q[j] != 2'd3)
        fv_contig = fv_contig && v_q[j-1] && k_q[j-1] == k_q[j] + 2'd1 &&
                    par_q[j-1] == par_q[j];
  end
`endif

  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqN_M, !req_valid_i || req_i.nlog <= 3'd4)
  `GX_ASSERT(RespHold_A, !`GX_PAST_OK || !$past(resp_valid_o && !resp_ready_i) ||
                         (resp_valid_o && resp_o == $past(resp_o)))
  `GX_ASSERT(Owed_A, fv_owed_q == fv_in_flight)
  `GX_ASSERT(Contig_A, fv_contig)
  `GX_ASSERT(RegBeat_A, rv_q || rk_q == 2'd0)
  `GX_COVER(Tile_C, resp_valid_o && resp_ready_i && resp_o.pass != '0)
  `GX_COVER(Stall_C, resp_valid_o && !resp_ready_i && req_valid_i)
  `GX_COVER(BackToBack_C, v_q[NS] && k_q[NS] == 2'd3 && v_q[NS-1] && k_q[NS-1] == 2'd0 &&
                          par_q[NS-1] != par_q[NS])
endmodule
