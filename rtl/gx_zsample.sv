// gx_zsample: the depth unit's sample stage: one draw into a depth tile: the 64 samples'
// depths from the draw's tile plane at the programmed sample positions, the tile's stored
// depths (reconstructed from its planes when it is compressed), and the depth test; 16
// samples a clock.
//
// The C model is the specification (gx_zrop_tile_test): sample k of the tile (sample
// i = k mod N of pixel k / N, pixels row-major, cx = pixel mod tw, cy = pixel / tw) sits
// at the pattern slot gx_raster_slot picks for pixel (tx + cx, ty + cy) and sample i, its
// offset from the tile's centre in 1/16 pixel is sx = 16 cx + ox - 8 tw, sy = 16 cy + oy
// - 8 th (gx_zrop_positions), its depth is gx_zrop_eval(tile plane, sx, sy), its stored
// depth is gx_zrop_tile_read (the clear value, the raw depth, or gx_zrop_eval of its own
// plane at the same place), it passes when it is covered and gx_zrop_test(func, depth,
// stored depth) holds, and its depth after a write is the new one where it passes, the
// stored one elsewhere (docs/zrop.md).
//
// Passes: the datapath below evaluates one plane at the tile's 64 positions in four
// beats. A draw into a raw tile is one pass, the draw's plane, tested against the
// request's stored depths. A compressed tile of p planes takes p reconstruction passes
// first, one a plane (a clear tile: one, its clear value's flat plane), each writing its
// depths into the stored-depth copy `zr_q` for the samples whose index names it, then
// the draw's pass, tested against that copy. The passes of a draw are issued on
// consecutive enables, so the draw's pass reads a quarter of the copy 4 stages after the
// last reconstruction pass wrote it, and the next draw's passes write it only after.
//
// The sum splits into a column's part, a row's part and a slot's part (docs/zrop.md,
// "the sample stage"):
//   pt + a sx + b sy + 2^32 = CX[cx] + RB + S[slot]               (mod 2^34)
//   CX[j] = 16 a j,  RB = pt + 2^32 - 8 tw a - 8 th b + 16 b cy,  S[s] = a ox_s + b oy_s
// (2^32 is the window's offset: gx_zrop_eval reads the residue in [-2^32, 3 * 2^32)). The
// tables CX and S are the tile's: 8 + 16 values, computed by the tile's own four beats (a
// beat a clock, each a quarter of the tile: 2 + 4 values) into a staging copy and
// copied whole into a read copy when the last beat has them, so a tile's beats read its
// tables while the next tile's beats fill the staging copy. RB is the beat's own: a
// beat's 16 samples lie in one row of pixels, or two at N = 1 (RB0, RB1), and at N = 8
// and 16 in two pixels or one, whose columns RB then holds as well (CX's part 0). Each
// multiple of a or b by a small number is shift-and-add (a ox = (ox0 a + ox1 2a) +
// (ox2 4a + ox3 8a)). A lane's column for each N is a constant, and so are its slot's
// low two bits, so a lane selects among 3 CX values and 0, 2 RB values (lanes 8-15
// only) and 4 or 8 S values, and adds them: two 34-bit adds a sample. The rounding:
// z = ((u + 2^8) >> 9) - 2^23 for the sum u, clamped to 0..2^24 - 1.
//
// Handshake: valid/ready streams req (one draw a request) and resp (one draw a response).
// The request register issues the draw's passes, four beats each, in consecutive clocks;
// the stages advance every clock (no stall enable reaches them), so a pass's beats always
// stand in four adjacent stages, and a draw's passes in adjacent groups (Contig_A,
// BackContig_A): the tables' read copy is loaded in the clock beat 3 has the tables' last
// values, with the values beats 0-2 staged in the three clocks before, and holds them
// while beats 0-3 read it. The draw's pass's beats leave the last stage into four FIFOs,
// one a quarter of the tile, whose heads are the response. req_ready_o: the request
// register is empty or issues its last beat, and fewer than Owed draws are owed (taken,
// response not taken), so the FIFOs never overflow; a sink that stalls holds up the
// requests only once Owed draws wait.
// Beat stages:
//   1      the beat: its pass's plane, its quarter's stored depths and coverage, its
//          four slots' offsets, the lanes its reconstruction pass writes
//   2      the tables, first adds: a ox, b oy halves; a k; the base; the rows' terms
//   3      the tables, second adds; beats 0-2 write the staging copy at the 3 -> 4
//          step, beat 3 loads the read copy with it and its own values
//   4      each lane's slot's high bits, its column's mode and its row; the rows' sum
//   5      RB = base + 16 (b cy + a cx) for the beat's two rows
//   6-7    carried (beat 0 reads its tables in stage 7, the clock after beat 3 loads them)
//   8      each lane's CX, RB and S selected
//   9      RB + S
//   10     u = CX + (RB + S)
//   11     (u + 2^8) >> 9
//   12     the clamp: the sample's depth; the stored depths (the request's, or the
//          copy's quarter for a compressed tile); a reconstruction beat writes its
//          depths into the copy at the 12 -> 13 step
//   13     the test against the stored depth, the coverage; the draw's pass's beat q
//          is written into FIFO q (the new depth where the sample passes, else the
//          stored one), in its head two clocks later
// Latency: 19 + 4 r clocks from the request's take to its response, r the
// reconstruction passes (0 raw, 1 clear, p planes), the passes issued in the 4 (r + 1)
// clocks after the take, the last beat in FIFO 3's head 15 clocks after its issue.
// Throughput: one draw every 4 (r + 1) clocks (16 samples a clock).
`default_nettype none
`include "gx_assert.svh"

module gx_zsample #(
  parameter int unsigned Owed = 15  /// draws owed at most (taken, response not taken): 2^m - 1
) (
  input  wire logic             clk_i,         /// clock, rising edge
  input  wire logic             rst_i,         /// synchronous reset, active high
  input  wire logic             req_valid_i,   /// a tile is offered
  output      logic             req_ready_o,   /// it is taken this clock
  input  wire gx_pkg::zs_req_t  req_i,         /// the tile
  output      logic             resp_valid_o,  /// a tile's samples are offered
  input  wire logic             resp_ready_i,  /// they are taken this clock
  output      gx_pkg::zs_resp_t resp_o         /// the tile's depths and pass mask
);
  localparam int unsigned NS = 13;  // beat stages (the last feeds the response FIFOs)
  localparam int unsigned L = 16;   // lanes: samples a beat
  if (Owed < 3 || Owed > 15 || ((Owed + 1) & Owed) != 0) begin : gen_owed_check
    $error("gx_zsample: Owed must be 3, 7 or 15 (a power of two less one)");
  end
  localparam int unsigned OW = $clog2(Owed + 1);
  localparam int unsigned RC = 6 + L;  // copies of the request register's ready bit: 6 groups and a lane each
  localparam logic [33:0] Window = 34'h1_0000_0000;  // 2^32

  // ---------------------------------------------------------------------------------
  // The pipeline's valid bits, beat numbers, pass numbers, draw's-pass bits and draw
  // parities (the parity tells adjacent draws apart for the properties below; no logic
  // reads it). The stages advance every clock.
  logic [NS:1] v_q;
  logic [NS:1][1:0] k_q;
  logic [NS:1] t_q;          // the beat is the draw's pass (the test), not a reconstruction
  logic [NS:1] par_q;
  logic [NS:1][2:0] p_q;

  // The request register: the draw, the beat and pass it issues next, the draw's last
  // pass (its reconstruction passes: 0 raw, 1 clear, p planes), its parity (toggled at
  // each take, so the draw it holds has parity rpar_q). A clear tile's one pass is its
  // clear value's flat plane (stage 1).
  // It takes a draw when it is empty or issues its last beat and fewer than Owed draws are
  // owed (owed_q: taken, response not yet taken), so the response FIFOs below always
  // have room for every beat the stages hold. A response taken returns its credit a
  // clock later (owed_q counts it; the decision reads owed_q only, so the response's
  // take reaches no ready copy). Whether it can take is decided a clock
  // ahead into RC copies of a ready bit (ReadyCopy_A), each the clock enable of one group
  // of the request register's flip-flops with no logic between (a group loads whenever
  // the register can take, whether or not a draw is offered: what it loads without a
  // take is never read, rv_q stays clear); each copy clears on its own take, so
  // synthesis keeps them apart.
  gx_pkg::zs_req_t rq;
  logic rv_q;
  logic [1:0] rk_q;
  logic [2:0] rp_q, lp_q;
  logic rpar_q;
  logic [OW-1:0] owed_q;
  logic [RC-1:0] rdy_q, tk;
  logic take, rtest, rlast, rtake, avail_d;
  function automatic logic [2:0] f_lp(input logic [1:0] state, input logic [2:0] np);
    f_lp = state == 2'd2 ? 3'd0 : state == 2'd0 ? 3'd1 : np;
  endfunction
  assign rtest = rp_q == lp_q;
  assign rlast = rk_q == 2'd3 && rtest;
  assign req_ready_o = rdy_q[0];
  assign take = tk[0];
  assign rtake = resp_valid_o && resp_ready_i;
  // without a take, the register is free in the next clock
  assign avail_d = !rv_q || rlast || (rk_q == 2'd2 && rtest);
  for (genvar c = 0; c < RC; c++) begin : gen_rdy
    assign tk[c] = req_valid_i && rdy_q[c];
    always_ff @(posedge clk_i) begin
      if (rst_i) rdy_q[c] <= 1'b1;
      else       rdy_q[c] <= !tk[c] && avail_d && owed_q < OW'(Owed);
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      rv_q   <= 1'b0;
      rk_q   <= 2'd0;
      rp_q   <= 3'd0;
      rpar_q <= 1'b0;
      owed_q <= '0;
    end else begin
      if (rv_q) rk_q <= rk_q + 2'd1;
      if (rv_q && rk_q == 2'd3) rp_q <= rtest ? 3'd0 : rp_q + 3'd1;
      if (!rv_q || rlast) rv_q <= take;
      if (take) rpar_q <= !rpar_q;
      owed_q <= owed_q + OW'(take) - OW'(rtake);
    end
  end
  // the request's fields in groups, each under its own copy
  always_ff @(posedge clk_i) begin
    if (rdy_q[0]) lp_q <= f_lp(req_i.state, req_i.np);
    if (rdy_q[1]) begin
      rq.pt <= req_i.pt; rq.a <= req_i.a; rq.b <= req_i.b;
      rq.nlog <= req_i.nlog; rq.pset <= req_i.pset; rq.qset <= req_i.qset;
      rq.func <= req_i.func; rq.state <= req_i.state; rq.np <= req_i.np;
    end
    if (rdy_q[2]) begin
      rq.slots <= req_i.slots; rq.cov <= req_i.cov;
    end
    if (rdy_q[3]) rq.idx <= req_i.idx;
    if (rdy_q[4]) rq.pl[203:0] <= req_i.pl[203:0];
    if (rdy_q[5]) begin
      rq.pl[407:204] <= req_i.pl[407:204]; rq.clear <= req_i.clear;
    end
    // the stored depths by lane: lane l's four depths (one a quarter, the bits its
    // stage-1 select reads) under a copy of their own
    for (int l = 0; l < L; l++)
      if (rdy_q[6 + l])
        for (int q = 0; q < 4; q++)
          rq.zold[384*q + 24*l +: 24] <= req_i.zold[384*q + 24*l +: 24];
  end

  // The plane of the pass the register issues, as a one-hot select decided a clock
  // ahead (PSel_A): the draw's plane (its last pass), a clear tile's flat plane (its
  // first), or plane p of a compressed tile (pass p).
  localparam int unsigned SDraw = 0, SClear = 1, SPl = 2;  // SPl + p: plane p
  logic [5:0] psel_q;
  function automatic logic [5:0] f_psel(input logic test, input logic [1:0] state,
                                        input logic [1:0] p);
    f_psel = '0;
    if (test)              f_psel[SDraw] = 1'b1;
    else if (state == 2'd0) f_psel[SClear] = 1'b1;
    else                   f_psel[SPl + 32'(p)] = 1'b1;
  endfunction
  always_ff @(posedge clk_i) begin
    if (rdy_q[0])
      psel_q <= f_psel(req_i.state == 2'd2, req_i.state, 2'd0);
    else if (rv_q && rk_q == 2'd3 && !rtest)
      psel_q <= f_psel(rp_q + 3'd1 == lp_q, rq.state, 2'(rp_q + 3'd1));
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) v_q <= '0;
    else v_q <= {v_q[NS-1:1], rv_q};
  end
  always_ff @(posedge clk_i) begin
    k_q   <= {k_q[NS-1:1], rk_q};
    t_q   <= {t_q[NS-1:1], rtest};
    par_q <= {par_q[NS-1:1], rpar_q};
    p_q   <= {p_q[NS-1:1], rp_q};
  end

  // The tile's size: log2 tw, log2 th by N.
  function automatic logic [1:0] f_twlog(input logic [2:0] nl);
    f_twlog = nl <= 3'd1 ? 2'd3 : nl <= 3'd3 ? 2'd2 : 2'd1;
  endfunction
  function automatic logic [1:0] f_thlog(input logic [2:0] nl);
    f_thlog = nl == 3'd0 ? 2'd3 : nl <= 3'd2 ? 2'd2 : 2'd1;
  endfunction

  // ---------------------------------------------------------------------------------
  // Stage 1: the beat.
  logic [33:0] pt1, a1, b1;
  logic [33:0] a1s;              // a 8 tw (the base's column term), a register of its own
  logic [2:0] n1, f1;
  logic ps1;
  logic [1:0] qs1;
  logic [3:0][7:0] sl1;          // slots 4k .. 4k + 3
  logic [L-1:0][23:0] zo1;       // the quarter's stored depths
  logic [L-1:0] cv1;             // and coverage
  logic [2*L-1:0] ix1;           // the quarter's plane indices
  logic [101:0] pl1;             // the pass's plane
  logic cp1;                     // the tile is compressed (or clear)
  always_comb begin
    pl1 = '0;
    if (psel_q[SDraw])  pl1 = pl1 | {rq.pt, rq.a, rq.b};
    if (psel_q[SClear]) pl1 = pl1 | {1'b0, rq.clear, 9'd0, 68'd0};
    for (int p = 0; p < 4; p++)
      if (psel_q[SPl + p]) pl1 = pl1 | rq.pl[102*p +: 102];
  end
  always_ff @(posedge clk_i) begin
    pt1 <= pl1[101:68];
    a1  <= pl1[67:34];
    b1  <= pl1[33:0];
    a1s <= pl1[67:34] << (3 + f_twlog(rq.nlog));
    cp1 <= rq.state != 2'd2;
    n1  <= rq.nlog;
    f1  <= rq.func;
    ps1 <= rq.pset;
    qs1 <= rq.qset;
  end
  // The beat's quarter: a 4-way select by a one-hot copy of the beat number (QkCopy_A),
  // one copy for the slots, coverage and indices and one for each lane's stored
  // depths, so no one register reaches every select (constant part-selects: a variable
  // offset would synthesize as a barrel shifter). Each copy turns with the request
  // register's beats, from its own value, so synthesis keeps the copies apart.
  localparam int unsigned QC = 17;
  logic [QC-1:0][3:0] qk_q;
  for (genvar c = 0; c < QC; c++) begin : gen_qk
    always_ff @(posedge clk_i) begin
      if (rst_i)     qk_q[c] <= 4'b0001;
      else if (rv_q) qk_q[c] <= {qk_q[c][2:0], qk_q[c][3]};
    end
  end
  always_ff @(posedge clk_i) begin
    sl1 <= ({32{qk_q[0][0]}} & rq.slots[31:0])  | ({32{qk_q[0][1]}} & rq.slots[63:32]) |
           ({32{qk_q[0][2]}} & rq.slots[95:64]) | ({32{qk_q[0][3]}} & rq.slots[127:96]);
    cv1 <= ({16{qk_q[0][0]}} & rq.cov[15:0])  | ({16{qk_q[0][1]}} & rq.cov[31:16]) |
           ({16{qk_q[0][2]}} & rq.cov[47:32]) | ({16{qk_q[0][3]}} & rq.cov[63:48]);
    ix1 <= ({32{qk_q[0][0]}} & rq.idx[31:0])  | ({32{qk_q[0][1]}} & rq.idx[63:32]) |
           ({32{qk_q[0][2]}} & rq.idx[95:64]) | ({32{qk_q[0][3]}} & rq.idx[127:96]);
    for (int l = 0; l < L; l++)
      zo1[l] <= ({24{qk_q[l+1][0]}} & rq.zold[24*l +: 24]) |
                ({24{qk_q[l+1][1]}} & rq.zold[384 + 24*l +: 24]) |
                ({24{qk_q[l+1][2]}} & rq.zold[768 + 24*l +: 24]) |
                ({24{qk_q[l+1][3]}} & rq.zold[1152 + 24*l +: 24]);
  end
  // The lanes a reconstruction beat writes into the stored-depth copy: those whose
  // sample's plane is the pass's (every lane for a clear tile's one pass).
  logic [L-1:0] wm1;
  logic cl1;
  always_ff @(posedge clk_i) begin
    cl1 <= rq.state == 2'd0;
  end
  always_comb begin
    for (int l = 0; l < L; l++) wm1[l] = !t_q[1] && (cl1 || ix1[2*l +: 2] == p_q[1][1:0]);
  end

  // Stage 2: the tables' first adds.
  logic [3:0][33:0] xa_lo2, xa_hi2, yb_lo2, yb_hi2;  // a ox, b oy in two halves
  logic [28:0] ak2;                                   // a k (mod 2^29)
  logic [33:0] base2, b2;
  logic [29:0] a2;
  logic [1:0] thl2;
  for (genvar s = 0; s < 4; s++) begin : gen_t2
    logic [3:0] ox, oy;
    assign ox = sl1[s][7:4];
    assign oy = sl1[s][3:0];
    always_ff @(posedge clk_i) begin
      xa_lo2[s] <= (ox[0] ? a1 : '0) + (ox[1] ? {a1[32:0], 1'b0} : '0);
      xa_hi2[s] <= (ox[2] ? {a1[31:0], 2'b0} : '0) + (ox[3] ? {a1[30:0], 3'b0} : '0);
      yb_lo2[s] <= (oy[0] ? b1 : '0) + (oy[1] ? {b1[32:0], 1'b0} : '0);
      yb_hi2[s] <= (oy[2] ? {b1[31:0], 2'b0} : '0) + (oy[3] ? {b1[30:0], 3'b0} : '0);
    end
  end
  always_ff @(posedge clk_i) begin
    ak2   <= (k_q[1][0] ? a1[28:0] : '0) + (k_q[1][1] ? {a1[27:0], 1'b0} : '0);
    base2 <= pt1 + Window - a1s;
    a2    <= a1[29:0];
    b2    <= b1;
    thl2  <= f_thlog(n1);
  end

  // Stage 3: the tables' second adds: S for the beat's four slots, the column multiples
  // for columns 2k and 2k + 1.
  logic [3:0][33:0] xa3, yb3;
  logic [29:0] e0a3, e1a3;  // a 2k, a (2k + 1) mod 2^30 (they go in << 4)
  logic [33:0] base3;
  for (genvar s = 0; s < 4; s++) begin : gen_t3
    always_ff @(posedge clk_i) begin
      xa3[s] <= xa_lo2[s] + xa_hi2[s];
      yb3[s] <= yb_lo2[s] + yb_hi2[s];
    end
  end
  always_ff @(posedge clk_i) begin
    e0a3  <= {ak2[28:0], 1'b0};
    e1a3  <= {ak2[28:0], 1'b0} + a2[29:0];
    base3 <= base2 - (b2 << (3 + thl2));
  end

  // The tables: S[slot] and the column multiples CX[j] = 16 a j. Beats 0-2 write a
  // staging copy at the 3 -> 4 step (beat k: slots 4k .. 4k + 3, columns 2k, 2k + 1);
  // at beat 3's step the staging copy and beat 3's own values load the read copy, which
  // the tile's beats read in stage 7 over the next four clocks while the next tile's
  // beats fill the staging copy. One read copy, so a lane's select sees one value an
  // entry.
  logic [11:0][33:0] sw_q;        // S: staging (slots 0-11)
  logic [5:0][33:0] cw_q;         // CX: staging (columns 0-5)
  logic [15:0][33:0] sr_q;        // S: read
  logic [7:0][33:0] cr_q;         // CX: read
  logic [3:0][33:0] sw;           // the beat's four S values
  logic [1:0][33:0] cw;           // its two column multiples
  always_comb begin
    for (int s = 0; s < 4; s++) sw[s] = xa3[s] + yb3[s];
    cw = {{e1a3, 4'd0}, {e0a3, 4'd0}};
  end
  // Each staging entry loads when its beat matches (constant indices: a write at a
  // variable index would synthesize as a shifter).
  for (genvar j = 0; j < 3; j++) begin : gen_beat
    logic we;
    assign we = v_q[3] && k_q[3] == 2'(j);
    always_ff @(posedge clk_i) begin
      if (we) begin
        sw_q[4*j +: 4] <= sw;
        cw_q[2*j +: 2] <= cw;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (v_q[3] && k_q[3] == 2'd3) begin
      sr_q <= {sw, sw_q};
      cr_q <= {cw, cw_q};
    end
  end

  // The beat's rows: RB[m] = base + 16 (b cy_m + a cx_m), the row part of the beat's
  // samples (and at N = 8 and 16, whose beats hold one or two pixels, the column part
  // too): N = 1 rows 2k and 2k + 1 (RB[m] for lanes 8 m .. 8 m + 7); N = 2 and 4 row k;
  // N = 8 row k / 2 and columns 2 (k mod 2) + m (lanes 8 m ..); N = 16 row k / 2 and
  // column k mod 2. Stages 2-5, carried to stage 7.
  logic [1:0][29:0] rp1_2, rp2_2, rp3_2;  // b cy0 + 2b cy1, 4b cy2 + a cx0, 2a cx1
  for (genvar m = 0; m < 2; m++) begin : gen_row
    logic [2:0] cy;
    logic [1:0] cx;
    always_comb begin
      unique case (n1)
        3'd0:    begin cy = {k_q[1], 1'(m)}; cx = 2'd0; end
        3'd1,
        3'd2:    begin cy = {1'b0, k_q[1]};  cx = 2'd0; end
        3'd3:    begin cy = {2'b0, k_q[1][1]}; cx = {k_q[1][0], 1'(m)}; end
        default: begin cy = {2'b0, k_q[1][1]}; cx = {1'b0, k_q[1][0]}; end
      endcase
    end
    always_ff @(posedge clk_i) begin
      rp1_2[m] <= (cy[0] ? b1[29:0] : '0) + (cy[1] ? {b1[28:0], 1'b0} : '0);
      rp2_2[m] <= (cy[2] ? {b1[27:0], 2'b0} : '0) + (cx[0] ? a1[29:0] : '0);
      rp3_2[m] <= cx[1] ? {a1[28:0], 1'b0} : '0;
    end
  end
  logic [1:0][29:0] rq3, rp3_3, rx4;
  logic [33:0] base4;
  logic [7:5][1:0][33:0] rb_q;
  always_ff @(posedge clk_i) begin
    for (int m = 0; m < 2; m++) begin
      rq3[m]   <= rp1_2[m] + rp2_2[m];
      rp3_3[m] <= rp3_2[m];
      rx4[m]   <= rq3[m] + rp3_3[m];
      rb_q[5][m] <= base4 + {rx4[m], 4'd0};
    end
    base4    <= base3;
    rb_q[6]  <= rb_q[5];
    rb_q[7]  <= rb_q[6];
  end

  function automatic logic [33:0] f_sel4(input logic [3:0][33:0] t, input logic [1:0] i);
    unique case (i)
      2'd0: f_sel4 = t[0];
      2'd1: f_sel4 = t[1];
      2'd2: f_sel4 = t[2];
      default: f_sel4 = t[3];
    endcase
  endfunction

  // The beat's fields carried: N, the pattern sets, the function, the stored depths and
  // coverage.
  logic [3:2][2:0] n_q;
  logic [3:2] ps_q;
  logic [3:2][1:0] qs_q;
  logic [12:2][2:0] fn_q;
  logic [13:2][L-1:0][23:0] zo_q;
  logic [12:2][L-1:0] cv_q;
  logic [12:2][L-1:0] wm_q;
  logic [11:2] cp_q;
  always_ff @(posedge clk_i) begin
    n_q[2]  <= n1;
    fn_q[2] <= f1;
    ps_q[2] <= ps1;
    qs_q[2] <= qs1;
    zo_q[2] <= zo1;
    cv_q[2] <= cv1;
    wm_q[2] <= wm1;
    cp_q[2] <= cp1;
    n_q[3]  <= n_q[2];
    ps_q[3] <= ps_q[2];
    qs_q[3] <= qs_q[2];
    for (int j = 3; j <= 12; j++) begin
      fn_q[j] <= fn_q[j-1];
      cv_q[j] <= cv_q[j-1];
      wm_q[j] <= wm_q[j-1];
    end
    for (int j = 3; j <= 11; j++) begin
      zo_q[j] <= zo_q[j-1];
      cp_q[j] <= cp_q[j-1];
    end
    zo_q[13] <= zo_q[12];
  end

  // The stored-depth copy of a compressed tile: a ring of four quarters that turns by
  // one at each beat leaving stage 12, so zr_q[0] is the quarter of the beat in stage 12
  // and zr_q[1] the quarter of the beat behind it (RingAlign_A). The beat leaving stage
  // 12 puts its quarter back at the end, a reconstruction beat with its lanes' depths
  // written; the draw's pass's beat in stage 11 takes zr_q[1], in place of the request's
  // depths: the last reconstruction pass wrote it 4 beats ahead, the next draw's passes
  // write it only after.
  logic [3:0][L-1:0][23:0] zr_q;
  logic [L-1:0][23:0] z12;
  always_ff @(posedge clk_i) begin
    if (v_q[12]) begin
      zr_q[2:0] <= zr_q[3:1];
      for (int l = 0; l < L; l++) zr_q[3][l] <= wm_q[12][l] ? z12[l] : zr_q[0][l];
    end
  end
  always_ff @(posedge clk_i) begin
    zo_q[12] <= cp_q[11] ? zr_q[1] : zo_q[11];
  end

  // ---------------------------------------------------------------------------------
  // The lanes. Lane l of beat k is sample 16 k + l. Its column is fixed for each N:
  // l mod 8 at N = 1, l / 2 at N = 2, l / 4 at N = 4 (at N = 8 and 16 the column is in
  // RB), so it selects among three CX entries and 0. Its slot's low two bits are fixed
  // too (gx_raster_slot for a tile whose upper-left pixel is even in x and y): the
  // pixel's x parity and the sample's bit 0 or y parity, LA = l mod 4 at N > 1 and
  // LB = {l[3], l[0]} at N = 1; the high two bits (the pixel's parities at N = 2 and 4,
  // the pattern set at N = 1 and 2, the sample at 8 and 16) are the beat's. So a lane
  // selects among at most 8 S entries, and among 4 when LA = LB.
  logic [L-1:0] pass13;
  logic [L-1:0][23:0] z13;
  for (genvar l = 0; l < L; l++) begin : gen_lane
    localparam int LA = l % 4;
    localparam int LB = 2 * (l / 8) + l % 2;
    // Stage 4: the slot's high bits, which low bits, the column's mode and the row.
    logic [5:0] smp, pix;
    logic [2:0] cx, cy;
    logic [1:0] twl, set, sh, cm;
    always_comb begin
      smp  = {k_q[3], 4'(l)};
      pix  = smp >> n_q[3];
      twl  = f_twlog(n_q[3]);
      cx   = 3'(pix & ((6'd1 << twl) - 6'd1));
      cy   = 3'(pix >> twl);
      set  = qs_q[3] + 2'(cx >> 1) + 2'(cy >> 1);
      // the slot's high bits (its low bits are LA or LB)
      unique case (n_q[3])
        3'd4:    sh = 2'(l / 4);           // sample l
        3'd3:    sh = {cx[0], 1'(l / 4)};  // sample l mod 8
        3'd2:    sh = {cy[0], cx[0]};
        3'd1:    sh = {ps_q[3] & set[0], cy[0]};
        default: sh = ps_q[3] ? set : 2'd0;
      endcase
      cm = n_q[3] <= 3'd2 ? 2'(n_q[3]) : 2'd3;
    end
    logic [5:0] ix4, ix5, ix6, ix7;  // {slot's high bits, N = 1, row, column mode}
    always_ff @(posedge clk_i) begin
      ix4 <= {sh, n_q[3] == 3'd0, l >= 8 && (n_q[3] == 3'd0 || n_q[3] == 3'd3),
              cm};
      ix5 <= ix4;
      ix6 <= ix5;
      ix7 <= ix6;
    end
    // Stage 8: the three values.
    logic [4*34-1:0] s_a, s_b;  // S[4 h + LA], S[4 h + LB] for h = 0..3 (flat: Yosys)
    assign s_a = {sr_q[12 + LA], sr_q[8 + LA], sr_q[4 + LA], sr_q[LA]};
    assign s_b = {sr_q[12 + LB], sr_q[8 + LB], sr_q[4 + LB], sr_q[LB]};
    logic [33:0] pxv8, yv8, sv8;
    always_ff @(posedge clk_i) begin
      unique case (ix7[1:0])
        2'd0:    pxv8 <= cr_q[l % 8];
        2'd1:    pxv8 <= cr_q[l / 2];
        2'd2:    pxv8 <= cr_q[l / 4];
        default: pxv8 <= '0;
      endcase
      yv8 <= ix7[2] ? rb_q[7][1] : rb_q[7][0];
      sv8 <= ix7[3] ? f_sel4(s_b, ix7[5:4]) : f_sel4(s_a, ix7[5:4]);
    end
    // Stages 9-11: the sum and the rounding shift.
    logic [33:0] px9, t9;
    logic [33:8] u10;  // the sum's bits the rounding reads
    logic [25:0] zz11;
    always_ff @(posedge clk_i) begin
      px9  <= pxv8;
      t9   <= yv8 + sv8;
      u10  <= 26'((px9 + t9) >> 8);
      zz11 <= 26'(u10[33:9]) + 26'(u10[8]);
    end
    // Stage 12: the clamp (zz - 2^23 into 0 .. 2^24 - 1).
    always_ff @(posedge clk_i) begin
      if (zz11 < 26'h080_0000)       z12[l] <= 24'd0;
      else if (zz11 >= 26'h180_0000) z12[l] <= 24'hFF_FFFF;
      else                           z12[l] <= 24'(zz11 - 26'h080_0000);
    end
    // Stage 13: the test.
    logic lt, eq, gt;
    assign lt = z12[l] < zo_q[12][l];
    assign eq = z12[l] == zo_q[12][l];
    assign gt = !lt && !eq;
    always_ff @(posedge clk_i) begin
      z13[l]    <= z12[l];
      pass13[l] <= cv_q[12][l] &&
                   ((lt && fn_q[12][0]) || (eq && fn_q[12][1]) || (gt && fn_q[12][2]));
    end
  end

  // The response: the draw's pass's beat q leaves stage 13 into FIFO q (gx_fifo_lut: LUT
  // RAM, its head a register in eight groups of enables), as each sample's new depth
  // where it passes, its stored one elsewhere, and the pass bits. A draw's four beats enter the four FIFOs in order,
  // so their heads together hold the oldest draw not yet taken: the response, valid when
  // all four hold a word (a register: RespValid_A), taken from all four at once. A FIFO
  // holds at most the Owed draws owed, fewer than its depth (FifoRoom_A), which the
  // request register counts before it takes, so a push is never refused; whether beat
  // q is in stage 13 is a register of its own (the FIFO's write enable, PushReg_A).
  logic [L-1:0][23:0] zw13;
  always_comb begin
    for (int l = 0; l < L; l++) zw13[l] = pass13[l] ? z13[l] : zo_q[13][l];
  end
  localparam int unsigned FW = L * 24 + L;
  localparam int unsigned FD = Owed + 1;
  localparam int unsigned FCW = $clog2(FD) + 1;
  logic [3:0] push_q, f_hv, f_ld;
  logic [3:0][FW-1:0] f_head, f_nxt;
  logic [3:0][FCW-1:0] f_cnt;
  logic rvalid_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) push_q <= '0;
    else push_q <= 4'(v_q[NS-1] && t_q[NS-1]) << k_q[NS-1];
  end
  for (genvar q = 0; q < 4; q++) begin : gen_out
    gx_fifo_lut #(.Width(FW), .Depth(FD), .HeadGroups(8)) u_fifo (
      .clk_i, .rst_i,
      .push_i(push_q[q]), .in_data_i({zw13, pass13}), .pop_i(rtake),
      .valid_o(f_hv[q]), .head_o(f_head[q]), .count_o(f_cnt[q]),
      .load_o(f_ld[q]), .next_o(f_nxt[q])
    );
    assign resp_o.z[384*q +: 384]  = f_head[q][FW-1:L];
    assign resp_o.pass[16*q +: 16] = f_head[q][L-1:0];
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) rvalid_q <= 1'b0;
    else rvalid_q <= &(f_ld | (f_hv & ~{4{rtake}}));
  end
  assign resp_valid_o = rvalid_q;

  // ---------------------------------------------------------------------------------
  // Properties. The arithmetic is checked on every sample against the C model in
  // cosimulation; here: the beats' and passes' order, on which the tables' timing and
  // the stored-depth copy rest, the response held while not taken, and no draw lost or
  // made up.
`ifdef GX_ASSERT_ON
  logic [4:0] fv_in_flight;
  logic fv_rtk_q;  // a response taken in the clock before (the FIFOs count it a clock late)
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_rtk_q <= 1'b0;
    else fv_rtk_q <= rtake;
  end
  logic [4:0] fv_beyond;  // FIFO q's words beyond FIFO 3's
  logic fv_align;
  // Whether the beat (k, p, t, par) may stand right behind beat (k0, p0, t0, par0): a
  // beat k < 3 has beat k + 1 of its pass behind it, a reconstruction pass's beat 3 the
  // next pass's beat 0 of its draw.
  function automatic logic f_next(input logic [1:0] k0, input logic [2:0] p0, input logic t0,
                                  input logic par0, input logic v, input logic [1:0] k,
                                  input logic [2:0] p, input logic t, input logic par);
    if (k0 != 2'd3) f_next = v && k == k0 + 2'd1 && p == p0 && t == t0 && par == par0;
    else if (!t0)   f_next = v && k == 2'd0 && p == p0 + 3'd1 && par == par0;
    else            f_next = 1'b1;
  endfunction
  logic fv_contig, fv_back;
  always_comb begin
    fv_in_flight = 5'(rv_q) + 5'(f_cnt[3]);
    for (int j = 1; j <= NS; j++)
      fv_in_flight = fv_in_flight + 5'(v_q[j] && k_q[j] == 2'd3 && t_q[j]);
    // the other way: a beat k > 0 has beat k - 1 of its pass right ahead of it (or out
    // of the last stage)
    fv_back = !rv_q || rk_q == 2'd0 ||
              (v_q[1] && k_q[1] == rk_q - 2'd1 && p_q[1] == rp_q && par_q[1] == rpar_q);
    for (int j = 1; j < NS; j++)
      if (v_q[j] && k_q[j] != 2'd0)
        fv_back = fv_back && v_q[j+1] && k_q[j+1] == k_q[j] - 2'd1 && p_q[j+1] == p_q[j] &&
                  t_q[j+1] == t_q[j] && par_q[j+1] == par_q[j];
    // so a draw whose beat 3 is in stage j has its beat q in stage j + 3 - q, past the
    // stages (in FIFO q) when j > NS - 3 + q: FIFO q holds that many words beyond FIFO 3
    fv_align = 1'b1;
    for (int q = 0; q < 3; q++) begin
      fv_beyond = '0;
      for (int j = NS - 2 + q; j <= NS; j++)
        fv_beyond = fv_beyond + 5'(v_q[j] && k_q[j] == 2'd3 && t_q[j]);
      fv_align = fv_align && 5'(f_cnt[q]) == 5'(f_cnt[3]) + fv_beyond;
    end
    fv_contig = !v_q[1] ||
                f_next(k_q[1], p_q[1], t_q[1], par_q[1], rv_q, rk_q, rp_q, rtest, rpar_q);
    for (int j = 2; j <= NS; j++)
      if (v_q[j])
        fv_contig = fv_contig && f_next(k_q[j], p_q[j], t_q[j], par_q[j], v_q[j-1], k_q[j-1],
                                        p_q[j-1], t_q[j-1], par_q[j-1]);
  end
  // The ring's turns: the beat in stage j is the quarter (turns + valid beats in stages
  // j + 1 .. 12) mod 4, the request register's next beat likewise (0 when it is empty:
  // the stages hold whole passes).
  logic [1:0] fv_rot_q, fv_ahead;
  logic fv_ring;
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_rot_q <= 2'd0;
    else if (v_q[12]) fv_rot_q <= fv_rot_q + 2'd1;
  end
  always_comb begin
    fv_ring = 1'b1;
    fv_ahead = fv_rot_q;
    for (int j = 12; j >= 1; j--) begin
      if (v_q[j]) begin
        fv_ring = fv_ring && k_q[j] == fv_ahead;
        fv_ahead = fv_ahead + 2'd1;
      end
    end
    fv_ring = fv_ring && rk_q == fv_ahead;
  end
  // The request's form: a state, a raw tile's np 0 is not read; a compressed tile's
  // plane indices each below its np.
  function automatic logic f_form(input logic [1:0] state, input logic [2:0] np,
                                  input logic [127:0] idx, input logic [2:0] nlog);
    f_form = state <= 2'd2 && nlog <= 3'd4;
    if (state == 2'd1) begin
      f_form = f_form && np >= 3'd1 && np <= 3'd4;
      for (int k = 0; k < 64; k++) f_form = f_form && {1'b0, idx[2*k +: 2]} < np;
    end
  endfunction
`endif

  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqForm_M, !req_valid_i ||
                        f_form(req_i.state, req_i.np, req_i.idx, req_i.nlog))
  `GX_ASSERT(RespHold_A, !`GX_PAST_OK || !$past(resp_valid_o && !resp_ready_i) ||
                         (resp_valid_o && resp_o == $past(resp_o)))
  // every draw owed is in the request register, in the stages (its beat 3) or in FIFO 3;
  // FIFO q holds FIFO 3's draws and those whose beat q is out and beat 3 not yet
  `GX_ASSERT(Owed_A, 5'(owed_q) + 5'(fv_rtk_q) == fv_in_flight)
  `GX_ASSERT(FifoAlign_A, fv_align)
  `GX_ASSERT(FifoRoom_A, f_cnt[3] <= FCW'(Owed))
  `GX_ASSERT(PushReg_A, push_q == 4'(v_q[NS] && t_q[NS]) << k_q[NS])
  `GX_ASSERT(RespValid_A, rvalid_q == &f_hv)
  // (a response taken in the clock before is not yet counted back: fv_rtk_q)
  `GX_ASSERT(ReadyCopy_A, rdy_q == {RC{(!rv_q || rlast) &&
                                       5'(owed_q) + 5'(fv_rtk_q) < 5'(Owed)}})
  `GX_ASSERT(QkCopy_A, qk_q == {QC{4'b0001 << rk_q}})
  `GX_ASSERT(PSel_A, !rv_q || psel_q == f_psel(rtest, rq.state, rp_q[1:0]))
  `GX_ASSERT(Contig_A, fv_contig)
  `GX_ASSERT(BackContig_A, fv_back)
  `GX_ASSERT(RingAlign_A, fv_ring)
  `GX_ASSERT(RegBeat_A, rv_q || (rk_q == 2'd0 && rp_q == 3'd0))
  `GX_ASSERT(RegPass_A, !rv_q || (rp_q <= lp_q && lp_q <= 3'd4))
  // the held draw's last pass, from the request register
  `GX_ASSERT(LastPass_A, !rv_q || lp_q == f_lp(rq.state, rq.np))
  `GX_COVER(Tile_C, resp_valid_o && resp_ready_i && resp_o.pass != '0)
  `GX_COVER(Stall_C, resp_valid_o && !resp_ready_i && req_valid_i)
  `GX_COVER(BackToBack_C, v_q[NS] && k_q[NS] == 2'd3 && t_q[NS] && v_q[NS-1] &&
                          k_q[NS-1] == 2'd0 && par_q[NS-1] != par_q[NS])
  `GX_COVER(Planes4_C, push_q[3] && p_q[NS] == 3'd4 && pass13 != '0)
  `GX_COVER(Credit_C, req_valid_i && !req_ready_o && !rv_q)
endmodule
