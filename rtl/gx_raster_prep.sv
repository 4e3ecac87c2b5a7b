// gx_raster_prep: the rasterizer's triangle preparation. Takes a triangle command (the
// setup unit's result, render state and tag) and produces
//  - the prepared triangle (gx_raster_pkg::rs_tri_t): oriented edges and their
//    multiples, E' = E + T - x at the first coarse tile's origin, the fine-tile and
//    quad-row corner constants, the pixel range, written into the rings (tri_we_o, slot
//    seq % 16) that the walker and the test read by sequence number;
//  - the triangle's 16 sample offsets per edge, s = A sx + B sy at the test places, written
//    into the offset ring (two halves of 8 places, slot seq % 16) by a 16-unit engine in
//    two phases; edge 2's offsets are stored as s01 = s0 + s1 = -s2 (a triangle's A and
//    B sum to 0 over its edges: the setup unit's contract, SumZero_M).
// Triangles whose pixel range is empty are taken and dropped (no sequence number).
//
// Handshake: cmd (valid/ready) in; the rings out, pushed_o counting the triangles written
// (the walker takes triangle n once pushed_o has passed it). cmd_ready_o comes from
// registers: the command was offered in the clock before too, P0 is free (empty, or in
// the second clock of its triangle) and the ring slot of the next sequence number is
// retired (seq - rp < 15: admission; the register is loaded from the retire pointer's
// next value, so it compares with rp's value now: that value is one of three, rp_opt_i,
// each compared apart, and the choice, rp_sel_i, selects among the compares; the compare
// with the walker's next triangle, rp_opt_i[1], is a register of its own, kept from the
// difference of the two counts and their steps, rp_inc_i and the take).
// Latency: a triangle is taken in the clock after it is first offered at the earliest;
// taken in clock t, it has its offset ring halves written at the ends of clocks t + 4
// and t + 5, its record at the end of t + 6.
// Throughput: one triangle every 2 clocks (the engine's two phases; the next command,
// offered in the clock after a take, is taken in the clock after that); a triangle with
// an empty range leaves P0 free in the next clock.
// Every stage after P0 is free running (loads every clock, no enable); P0 holds its
// triangle for two clocks, so each stage holds it for two, and a pulse marks the first.
`default_nettype none
`include "gx_assert.svh"

module gx_raster_prep #(
  parameter int unsigned Lanes = 4  /// quads a group: 1, 2 or 4 (the offsets K, D)
) (
  input  wire logic                   clk_i,        /// clock, rising edge
  input  wire logic                   rst_i,        /// synchronous reset, active high
  input  wire logic                   cmd_valid_i,  /// a triangle command is offered
  output      logic                   cmd_ready_o,  /// it is taken this clock
  input  wire gx_pkg::rs_cmd_t        cmd_i,        /// the command (op 0)
  input  wire logic                   tbl_we_i,     /// write the pattern table ...
  input  wire logic [127:0]           tbl_i,        /// ... with this (slot s at bits 8 s)
  /// oldest sequence number still read, next clock: rp_opt_i[0] when rp_sel_i[0], else
  /// rp_opt_i[1] when rp_sel_i[1], else rp_opt_i[2]
  input  wire logic [2:0][gx_raster_pkg::QW-1:0] rp_opt_i,
  input  wire logic [1:0]             rp_sel_i,     /// (the choice)
  /// rp_opt_i[1] (the walker's next triangle) is one more in the next clock
  input  wire logic                   rp_inc_i,
  output      logic                   tri_we_o,     /// write the prepared triangle ...
  /// tri_we_o, copies: the test's ring, the walker's counts, its rings A, C, F, R, G, I
  output      logic [gx_raster_pkg::WEC-1:0] tri_wec_o,
  output      gx_raster_pkg::rs_tri_t tri_o,        /// ... this one, at slot seq % 16
  output      logic [gx_raster_pkg::QW-1:0] pushed_o, /// triangles written (mod 32)
  output      logic [1:0]             ofs_we_o,     /// write ring half h (places 8 h..8 h + 7)
  output      logic [3:0]             ofs_waddr_o,  /// the ring slot
  output      logic [gx_raster_pkg::HW-1:0] ofs_wdata_o, /// place p of the half at RW p: {s01, s1, s0}
  output      logic                   busy_o        /// a triangle is in P0..P4
);
  localparam int unsigned AW = gx_raster_pkg::AW;
  localparam int unsigned EW = gx_raster_pkg::EW;
  localparam int unsigned OW = gx_raster_pkg::OW;
  localparam int unsigned RW = gx_raster_pkg::RW;
  localparam int unsigned KW = gx_raster_pkg::KW;
  localparam int unsigned PW = gx_raster_pkg::PW;
  localparam int unsigned TW = gx_raster_pkg::TW;
  localparam int unsigned QW = gx_raster_pkg::QW;
  localparam int unsigned XW = gx_raster_pkg::XW;

  typedef logic signed [AW-1:0] coef_t;
  typedef logic signed [EW-1:0] edge_t;
  localparam int unsigned A3W = AW + 1;  // 3 A, 3 B: |.| <= 3 2^23 < 2^25
  localparam int unsigned DW = AW + 1;   // a digit multiple: 0, v, 2 v or 3 v

  // The standard sample positions (slot s of the default table for N holds position
  // s mod N: Direct3D / Vulkan standard locations, x nibble high).
  function automatic logic [7:0] std_pos(input logic [2:0] nlog, input logic [3:0] s);
    logic [127:0] p16;
    logic [63:0] p8;
    p16 = 128'h10ef_f408_2c42_816e_b3db_ad36_c75a_7599;
    p8  = 64'hf1bf_173d_53d9_7b95;
    unique case (nlog)
      3'd0:    std_pos = 8'h88;
      3'd1:    std_pos = s[0] ? 8'h44 : 8'hcc;
      3'd2:    std_pos = s[1] ? (s[0] ? 8'hae : 8'h2a) : (s[0] ? 8'he6 : 8'h62);
      3'd3:    std_pos = p8[8*s[2:0] +: 8];
      default: std_pos = p16[8*s +: 8];
    endcase
  endfunction

  gx_pkg::rs_setup_t su;
  assign su = cmd_i.setup;
  // the box and winding are the setup unit's (the pixel range holds what the walk
  // needs); the table comes in apart (tbl_i), the op is the top's
  logic unused_cmd;
  assign unused_cmd = ^{cmd_i.op, cmd_i.pattern, su.ccw, su.bx0, su.by0, su.bx1, su.by1};

  // ---------------------------------------------------------------------------------
  // P0: the command as taken, held two clocks (the engine's phases).
  logic            p0_v_q, p0_ph_q, p0_ne_q, take;
  logic            adm_ok_q;                // the admission (adm_q[0])
  logic [QW-1:0]   ns_q;                    // the next sequence number
  logic [2:0][AW-1:0] p0_a_q, p0_b_q;
  logic [2:0][EW-1:0] p0_c_q;
  logic [1:0][A3W-1:0] p0_a3_q, p0_b3_q;    // 3 A, 3 B of edges 0 and 1 (the engine)
  logic [8:0]      p0_h_q;                  // conservative: 128 + E_err, else 0
  logic [127:0]    p0_pos_q, pos_d;         // positions at the 16 test places
  logic [2:0]      p0_nx_q;                 // x: 1 on an exclusive edge (MSAA)
  logic [2:0]      p0_nlog_q;
  logic            p0_ps_q, p0_cons_q, p0_seg1_q;
  logic [PW-1:0]   p0_px0_q, p0_px1_q, p0_py0_q, p0_py1_q;
  logic [15:0]     p0_tag_q;
  logic [QW-1:0]   p0_seq_q;
  logic            ne_d;

  // A triangle is taken only when it was offered in the clock before too (seen_q), so
  // everything P0 decides from the command is in registers at the take: its range's
  // emptiness (emp_q) and its N's row of the pattern table (sel_q, below). The command
  // holds while it waits (the command protocol), so the registers are its own.
  // P0 is free: empty, in its triangle's last clock, or holding a triangle with an empty
  // range. "Free" is registered, decided a clock ahead (without a take it is free in the
  // next clock, after a take when the range is empty), in PC copies, each the clock
  // enable of one group of P0's registers and driven by nothing but its flip-flop, so no
  // logic lies between a copy and its loads; what the registers load without a taken
  // command is never read (p0_v_q stays clear). Each copy decides from its own copies of
  // the admission (adm_q), of seen_q and of emp_q, so the command's valid meets only the
  // copy's own flip-flops in one LUT by the copy.
  localparam int unsigned PC = 15;
  logic [PC-1:0] pfree, adm_q, seen_q, emp_q;
  logic          adm_d;     // the admission a clock ahead (below)
  for (genvar k = 0; k < PC; k++) begin : gen_pc
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) begin
        pfree[k]  <= 1'b1;
        adm_q[k]  <= 1'b0;
        seen_q[k] <= 1'b0;
      end else begin
        pfree[k]  <= !(cmd_valid_i && pfree[k] && adm_q[k] && seen_q[k]) || emp_q[k];
        adm_q[k]  <= adm_d;
        seen_q[k] <= cmd_valid_i && !(pfree[k] && adm_q[k] && seen_q[k]);
      end
      emp_q[k] <= !ne_d;
    end
  end
  logic p0_v_d, p0_ph_d;
  assign ne_d        = su.px0 <= su.px1 && su.py0 <= su.py1;
  assign adm_ok_q    = adm_q[0];
  assign cmd_ready_o = pfree[0] && adm_ok_q && seen_q[0];
  assign take        = cmd_valid_i && cmd_ready_o;
  always_comb begin
    p0_v_d  = p0_v_q;
    p0_ph_d = p0_ph_q;
    if (take) begin
      p0_v_d  = 1'b1;
      p0_ph_d = 1'b0;
    end else if (p0_v_q && !p0_ph_q && p0_ne_q) begin
      p0_ph_d = 1'b1;
    end else begin
      p0_v_d  = 1'b0;
      p0_ph_d = 1'b0;
    end
  end

  // The pattern table as the test places see it (place u at bits 8 u): place 4 m + j is
  // sample j of the test columns of pixel m, slot 4 m + j for N >= 4, 2 m + j % 2 +
  // 8 (j / 2) for N = 2 (j / 2 the pattern set), 4 j + m for N = 1 (j the set). Three
  // rows, one per order (tpos_q[k], k = min(log2 N, 2)): N >= 4 read the table in slot
  // order, so after a write N = 4, 8 and 16 share row 2. The standard positions until the
  // first write (tw_q): rows 0 to 2 hold N = 1, 2 and 4's, N = 8's and 16's are constants.
  // A write is taken in the clock it is offered and applies to the triangles after it:
  // it is registered (twe_q, twd_q) and written into the rows in the next clock, before
  // the next triangle's take (a triangle offered in the clock after the write is taken a
  // clock later at the earliest), and the select reads the pending write as written. A
  // triangle's positions are its N's row or constants (conservative: every offset is 0),
  // picked by a one-hot select registered from the command in the clock before its take
  // (sel_q, in SC copies, each for 128 / SC bits; all 0 in conservative mode): row 0, row
  // 1, row 2 (N = 4, or N >= 8 after a write), the constants of N = 8, of N = 16 (before
  // a write), so the select's fanout starts at registers of P0.
  function automatic logic [3:0] slot_of(input int unsigned n, input int unsigned u);
    unique case (n)
      0:       slot_of = 4'(4 * (u % 4) + u / 4);
      1:       slot_of = 4'(2 * (u / 4) + u % 2 + 8 * ((u % 4) / 2));
      default: slot_of = 4'(u);
    endcase
  endfunction
  function automatic logic [127:0] std_row(input logic [2:0] nlog);
    for (int u = 0; u < 16; u++) std_row[8*u +: 8] = std_pos(nlog, slot_of(32'(nlog), u));
  endfunction
  localparam logic [127:0] Std8 = std_row(3'd3), Std16 = std_row(3'd4);
  logic [2:0][127:0] tpos_q;
  logic              tw_q;   // the table has been written
  logic [2:0]        twe_q;  // a write taken in the clock before, a copy a row
  logic [127:0]      twd_q;  // its table
  for (genvar n = 0; n < 3; n++) begin : gen_twe
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) twe_q[n] <= 1'b0;
      else twe_q[n] <= tbl_we_i;
    end
  end
  always_ff @(posedge clk_i) begin
    twd_q <= tbl_i;
    for (int n = 0; n < 3; n++)
      for (int u = 0; u < 16; u++) begin
        if (rst_i) tpos_q[n][8*u +: 8] <= std_pos(3'(n), slot_of(n, u));
        else if (twe_q[n]) tpos_q[n][8*u +: 8] <= twd_q[8*slot_of(n, u) +: 8];
      end
    if (rst_i) tw_q <= 1'b0;
    else if (twe_q[0]) tw_q <= 1'b1;
  end
  logic tw_d;  // the table is written for a triangle taken in the next clock
  assign tw_d = tw_q || twe_q[0];
  localparam int unsigned SC = 4;
  logic [4:0]         sel_d;
  logic [SC-1:0][4:0] sel_q;
  always_comb begin
    logic [2:0] nl;
    nl = cmd_i.samples_log2;
    sel_d[0] = nl == 3'd0;
    sel_d[1] = nl == 3'd1;
    sel_d[2] = nl == 3'd2 || (tw_d && nl >= 3'd3);
    sel_d[3] = !tw_d && nl == 3'd3;
    sel_d[4] = !tw_d && nl >= 3'd4;
    sel_d = sel_d & {5{!cmd_i.conservative}};
  end
  for (genvar c = 0; c < SC; c++) begin : gen_sel
    (* keep *) always_ff @(posedge clk_i) sel_q[c] <= sel_d;
  end
  always_comb begin
    pos_d = '0;
    for (int c = 0; c < SC; c++) begin
      for (int n = 0; n < 3; n++)
        pos_d[128/SC*c +: 128/SC] = pos_d[128/SC*c +: 128/SC] |
                                    (tpos_q[n][128/SC*c +: 128/SC] & {(128/SC){sel_q[c][n]}});
      pos_d[128/SC*c +: 128/SC] = pos_d[128/SC*c +: 128/SC] |
                                  (Std8[128/SC*c +: 128/SC] & {(128/SC){sel_q[c][3]}}) |
                                  (Std16[128/SC*c +: 128/SC] & {(128/SC){sel_q[c][4]}});
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      p0_v_q  <= 1'b0;
      p0_ph_q <= 1'b0;
      ns_q    <= '0;
    end else begin
      p0_v_q  <= p0_v_d;
      p0_ph_q <= p0_ph_d;
      if (take) ns_q <= ns_q + QW'(!emp_q[0]);
    end
  end
  // the positions: places 0..7 in phase 0, then shifted down so that the units read
  // places 8..15 at the same bits in phase 1; places 0..7 each 16 bits under a free copy
  // of its own (pfree[1], [7], [8], [9]). Places 8..15 load the selected row in every
  // clock: they are read only by the shift, in the clock after a take (P0's phase 0,
  // the one clock P0 is not free), and so always hold the row of the take's clock.
  always_ff @(posedge clk_i) begin
    p0_pos_q[15:0]   <= pfree[1] ? pos_d[15:0]   : p0_pos_q[79:64];
    p0_pos_q[31:16]  <= pfree[8] ? pos_d[31:16]  : p0_pos_q[95:80];
    p0_pos_q[47:32]  <= pfree[7] ? pos_d[47:32]  : p0_pos_q[111:96];
    p0_pos_q[63:48]  <= pfree[9] ? pos_d[63:48]  : p0_pos_q[127:112];
    p0_pos_q[127:64] <= pos_d[127:64];
  end
  always_ff @(posedge clk_i) begin
    if (pfree[2]) begin
      p0_a_q    <= {su.a2, su.a1, su.a0};
      p0_a3_q[0] <= A3W'($signed(su.a0)) + (A3W'($signed(su.a0)) <<< 1);
      p0_a3_q[1] <= A3W'($signed(su.a1)) + (A3W'($signed(su.a1)) <<< 1);
    end
  end
  always_ff @(posedge clk_i) begin
    if (pfree[3]) begin
      p0_b_q    <= {su.b2, su.b1, su.b0};
      p0_b3_q[0] <= A3W'($signed(su.b0)) + (A3W'($signed(su.b0)) <<< 1);
      p0_b3_q[1] <= A3W'($signed(su.b1)) + (A3W'($signed(su.b1)) <<< 1);
    end
  end
  // each edge's C under a free copy of its own (pfree[4], [13], [14])
  always_ff @(posedge clk_i) begin
    if (pfree[4])  p0_c_q[0] <= su.c0;
    if (pfree[13]) p0_c_q[1] <= su.c1;
    if (pfree[14]) p0_c_q[2] <= su.c2;
  end
  // the side record's mode fields: the command's mode registered in the clock before its
  // take (cm_q, as sel_q), the conservative-mode constants as data ANDed with it, so no
  // select between a field and a constant (a synchronous reset from the mode) remains
  logic cm_q;
  always_ff @(posedge clk_i) cm_q <= cmd_i.conservative;
  // the operands of P1's |A| and |B|: a copy of A and B (edge 1 holds edge 0's for a
  // conservative segment, whose reversed edge has edge 0's |A| and |B|), loaded with
  // p0_a_q and p0_b_q and feeding nothing but P1's negations, so each chain's input is a
  // register of its own; each copy is loaded under a free copy of its own (pfree[10] for
  // A, pfree[11] for B, equal to the others: PrepCopy_A), so synthesis does not merge it
  // with p0_a_q or p0_b_q, whose inputs are the same, and no free copy enables both
  logic [2:0][AW-1:0] p0_ac_q, p0_bc_q;
  logic               seg1_d;
  assign seg1_d = cm_q && su.cls == 2'd1;
  (* keep *) always_ff @(posedge clk_i) begin
    if (pfree[10]) p0_ac_q <= {su.a2, seg1_d ? su.a0 : su.a1, su.a0};
    if (pfree[11]) p0_bc_q <= {su.b2, seg1_d ? su.b0 : su.b1, su.b0};
  end
  always_ff @(posedge clk_i) begin
    if (pfree[5]) begin
      p0_h_q    <= (9'd128 + 9'(cmd_i.cons_err)) & {9{cm_q}};
      p0_nx_q   <= ~su.incl & {3{!cm_q}};
      p0_nlog_q <= cmd_i.samples_log2 & {3{!cm_q}};
      p0_ps_q   <= cmd_i.patternsets && !cm_q;
      p0_cons_q <= cm_q;
      p0_seg1_q <= seg1_d;
    end
  end
  // the side record's range under pfree[6], its tag, sequence number and emptiness under
  // pfree[12] (one free copy per register group)
  always_ff @(posedge clk_i) begin
    if (pfree[6]) begin
      p0_px0_q  <= su.px0;
      p0_px1_q  <= su.px1;
      p0_py0_q  <= su.py0;
      p0_py1_q  <= su.py1;
    end
  end
  always_ff @(posedge clk_i) begin
    if (pfree[12]) begin
      p0_tag_q  <= cmd_i.tag;
      p0_seq_q  <= ns_q;
      p0_ne_q   <= !emp_q[12];
    end
  end

  // ---------------------------------------------------------------------------------
  // The offset engine: 16 units, unit u computes edge u / 8 at place 8 ph + u % 8 in phase
  // ph (the two clocks P0 holds the triangle). s = A sx + B sy from the 2-bit digits of sx
  // and sy (each a choice of 0, v, 2 v, 3 v) registered in stage E0, the low and high
  // pairs summed in E1, then s = lo + 4 hi in E2; the ring half is written from E2 with
  // s01 = s0 + s1.
  function automatic logic signed [DW-1:0] dig(input logic signed [AW-1:0] v,
                                                input logic signed [A3W-1:0] v3,
                                                input logic [1:0] n);
    unique case (n)
      2'd0:    dig = '0;
      2'd1:    dig = DW'(v);
      2'd2:    dig = DW'(v) <<< 1;
      default: dig = v3;
    endcase
  endfunction
  // widths: a digit multiple |.| <= 3 2^23 < 2^25 (DW bits), a pair's sum |.| <= 6 2^23
  // < 2^26 (DW + 1), the offset |s| <= 30 2^23 < 2^28 (OW)
  logic [15:0][3:0][DW-1:0] e0_d_q;         // A sx_lo, B sy_lo, A sx_hi, B sy_hi
  logic [15:0][DW:0]   e1_lo_q, e1_hi_q;    // A sx_lo + B sy_lo, A sx_hi + B sy_hi
  logic [15:0][OW-1:0] e2_s_q;
  logic            e0_v_q, e1_v_q, e2_v_q, e0_ph_q, e1_ph_q, e2_ph_q;
  logic [3:0]      e0_slot_q, e1_slot_q, e2_slot_q;
  always_ff @(posedge clk_i) begin
    for (int u = 0; u < 16; u++) begin
      logic [7:0] pos;
      coef_t a, b;
      logic signed [A3W-1:0] a3, b3;
      pos = p0_pos_q[8*(u % 8) +: 8];
      a   = $signed(p0_a_q[u / 8]);
      b   = $signed(p0_b_q[u / 8]);
      a3  = $signed(p0_a3_q[u / 8]);
      b3  = $signed(p0_b3_q[u / 8]);
      e0_d_q[u][0] <= dig(a, a3, pos[5:4]);
      e0_d_q[u][1] <= dig(b, b3, pos[1:0]);
      e0_d_q[u][2] <= dig(a, a3, pos[7:6]);
      e0_d_q[u][3] <= dig(b, b3, pos[3:2]);
    end
    for (int u = 0; u < 16; u++) begin
      e1_lo_q[u] <= (DW+1)'($signed(e0_d_q[u][0])) + (DW+1)'($signed(e0_d_q[u][1]));
      e1_hi_q[u] <= (DW+1)'($signed(e0_d_q[u][2])) + (DW+1)'($signed(e0_d_q[u][3]));
    end
    for (int u = 0; u < 16; u++)
      e2_s_q[u] <= OW'($signed(e1_lo_q[u])) + (OW'($signed(e1_hi_q[u])) <<< 2);
    e0_ph_q   <= p0_ph_q;
    e1_ph_q   <= e0_ph_q;
    e2_ph_q   <= e1_ph_q;
    e0_slot_q <= p0_seq_q[3:0];
    e1_slot_q <= e0_slot_q;
    e2_slot_q <= e1_slot_q;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      e0_v_q <= 1'b0;
      e1_v_q <= 1'b0;
      e2_v_q <= 1'b0;
    end else begin
      e0_v_q <= p0_v_q && p0_ne_q;
      e1_v_q <= e0_v_q;
      e2_v_q <= e1_v_q;
    end
  end
  always_comb begin
    for (int p = 0; p < 8; p++) begin
      logic signed [OW-1:0] s0, s1;
      s0 = $signed(e2_s_q[p]);
      s1 = $signed(e2_s_q[8 + p]);
      ofs_wdata_o[RW*p +: RW] = {OW'(s0 + s1), s1, s0};
    end
  end
  assign ofs_we_o    = {e2_v_q && e2_ph_q, e2_v_q && !e2_ph_q};
  assign ofs_waddr_o = e2_slot_q;

  // ---------------------------------------------------------------------------------
  // P1: the edges as the rasterizer orients them (a conservative segment's edge 1 is
  // edge 0 reversed: |E| <= h (|A| + |B|)), |A| and |B|.
  logic [2:0][AW-1:0] p1_a_q, p1_b_q;
  logic [2:0][EW-1:0] p1_c_q;
  logic [2:0][AW-1:0] p1_la_q, p1_lb_q;     // |A|, |B| (unsigned)
  // fields that travel beside the values to the record
  typedef struct packed {
    logic [QW-1:0] seq;
    logic [15:0]   tag;
    logic [2:0]    nlog;
    logic          ps, cons;
    logic [2:0]    nx;
    logic [8:0]    h;
    logic [PW-1:0] px0, px1, py0, py1;
  } side_t;
  side_t p0_side, p1_side_q, p2_side_q, p3_side_q, p4_side_q, p5_side_q;
  always_comb begin
    p0_side.seq  = p0_seq_q;
    p0_side.tag  = p0_tag_q;
    p0_side.nlog = p0_nlog_q;
    p0_side.ps   = p0_ps_q;
    p0_side.cons = p0_cons_q;
    p0_side.nx   = p0_nx_q;
    p0_side.h    = p0_h_q;
    p0_side.px0  = p0_px0_q;
    p0_side.px1  = p0_px1_q;
    p0_side.py0  = p0_py0_q;
    p0_side.py1  = p0_py1_q;
  end
  logic [2:0][AW-1:0] p1_a_d, p1_b_d;
  logic [2:0][EW-1:0] p1_c_d;
  always_comb begin
    for (int e = 0; e < 3; e++) begin
      p1_a_d[e] = p0_a_q[e];
      p1_b_d[e] = p0_b_q[e];
      p1_c_d[e] = p0_c_q[e];
      if (e == 1 && p0_seg1_q) begin
        p1_a_d[e] = AW'(-$signed(p0_ac_q[0]));  // the negation |A|'s chain forms
        p1_b_d[e] = AW'(-$signed(p0_bc_q[0]));
        p1_c_d[e] = EW'(-$signed(p0_c_q[0]));
      end
    end
  end
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++) begin
      coef_t a, b;  // |A| and |B| of the edge before orientation (a reversed edge's are its own)
      a = $signed(p0_ac_q[e]);
      b = $signed(p0_bc_q[e]);
      p1_la_q[e] <= a < 0 ? AW'(-a) : AW'(a);
      p1_lb_q[e] <= b < 0 ? AW'(-b) : AW'(b);
    end
    p1_a_q    <= p1_a_d;
    p1_b_q    <= p1_b_d;
    p1_c_q    <= p1_c_d;
    p1_side_q <= p0_side;
  end
  // P2's multiplies, each on a hardware multiplier with its operands and its product
  // registered in the slice (gx_dsp_mul; on the ECP5 a MULT18X18D with its registers on):
  // the input registers are P1's copies of the operands (one a multiplier, so each sits
  // in its slice; MulCopy_A), the output register P2's partial product. vl * t unsigned,
  // vh * t signed (v = vh 2^17 + vl, t the first coarse tile's index, 9 bits).
  logic [2:0][16+TW:0]  p2_atl_q, p2_btl_q;  // vl * t, unsigned
  logic [2:0][7+TW:0]   p2_ath_q, p2_bth_q;  // vh * t, signed
  logic [2:0][16:0]     p1_atl_m, p1_btl_m;  // the multipliers' input registers
  logic [2:0][AW-18:0]  p1_ath_m, p1_bth_m;
  logic [2:0][1:0][TW-1:0] p1_txm_q, p1_tym_q;  // [e][0]: the low part's, [e][1]: the high's
  for (genvar e = 0; e < 3; e++) begin : gen_p2mul
    gx_dsp_mul #(.AW(17), .BW(TW), .ASigned(1'b0), .BSigned(1'b0)) u_mul_atl (
      .clk_i, .rst_i, .en_i(1'b1), .a_i(p1_a_d[e][16:0]), .b_i(TW'(p0_side.px0 >> 4)),
      .p_o(p2_atl_q[e]), .a_q_o(p1_atl_m[e]), .b_q_o(p1_txm_q[e][0])
    );
    gx_dsp_mul #(.AW(17), .BW(TW), .ASigned(1'b0), .BSigned(1'b0)) u_mul_btl (
      .clk_i, .rst_i, .en_i(1'b1), .a_i(p1_b_d[e][16:0]), .b_i(TW'(p0_side.py0 >> 4)),
      .p_o(p2_btl_q[e]), .a_q_o(p1_btl_m[e]), .b_q_o(p1_tym_q[e][0])
    );
    gx_dsp_mul #(.AW(AW-17), .BW(TW), .ASigned(1'b1), .BSigned(1'b0)) u_mul_ath (
      .clk_i, .rst_i, .en_i(1'b1), .a_i(p1_a_d[e][AW-1:17]), .b_i(TW'(p0_side.px0 >> 4)),
      .p_o(p2_ath_q[e]), .a_q_o(p1_ath_m[e]), .b_q_o(p1_txm_q[e][1])
    );
    gx_dsp_mul #(.AW(AW-17), .BW(TW), .ASigned(1'b1), .BSigned(1'b0)) u_mul_bth (
      .clk_i, .rst_i, .en_i(1'b1), .a_i(p1_b_d[e][AW-1:17]), .b_i(TW'(p0_side.py0 >> 4)),
      .p_o(p2_bth_q[e]), .a_q_o(p1_bth_m[e]), .b_q_o(p1_tym_q[e][1])
    );
  end

  // ---------------------------------------------------------------------------------
  // P2: the partial products of A tx0 and B ty0 (tx0, ty0 the first coarse tile's
  // indices, 9 bits): v = vh 2^17 + vl, vl 17 bits unsigned, vh 8 bits signed, each part
  // times the index on a hardware multiplier, registered; |A| + |B|; A + B; the
  // coefficients where a tile's far corner takes them (v+ = max(v, 0)); the multiples
  // 2 A + B, 3 A, 3 B.
  localparam int unsigned PAW = AW + TW + 1;  // A tx0: |.| <= 2^23 * 511
  logic [2:0][XW-1:0]    p2_ab_q, p2_a2b_q, p2_a3_q, p2_b3_q;
  logic [2:0][AW-1:0]    p2_fa_q, p2_fb_q;
  logic [2:0][AW-1:0]    p2_a_q, p2_b_q;
  logic [2:0][EW-1:0]    p2_c_q;
  // the mode for P3's per-N offsets, decoded one-hot (N = 16, N = 8, N <= 4), a copy for
  // each edge's K, O and D
  logic [2:0][2:0]      p2_m16_q, p2_m8_q, p2_m4_q;
  (* keep *) always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++) begin
      for (int f = 0; f < 3; f++) begin
        p2_m16_q[e][f] <= p1_side_q.nlog == 3'd4;
        p2_m8_q[e][f]  <= p1_side_q.nlog == 3'd3;
        p2_m4_q[e][f]  <= p1_side_q.nlog != 3'd4 && p1_side_q.nlog != 3'd3;
      end
    end
  end
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++) begin
      coef_t a, b;
      a  = $signed(p1_a_q[e]);
      b  = $signed(p1_b_q[e]);
      p2_ab_q[e]  <= XW'(a) + XW'(b);
      p2_a2b_q[e] <= (XW'(a) <<< 1) + XW'(b);
      p2_a3_q[e]  <= (XW'(a) <<< 1) + XW'(a);
      p2_b3_q[e]  <= (XW'(b) <<< 1) + XW'(b);
      p2_fa_q[e]  <= a[AW-1] ? '0 : a;
      p2_fb_q[e]  <= b[AW-1] ? '0 : b;
    end
    p2_a_q    <= p1_a_q;
    p2_b_q    <= p1_b_q;
    p2_c_q    <= p1_c_q;
    p2_side_q <= p1_side_q;
  end

  // ---------------------------------------------------------------------------------
  // P3: A tx0 and B ty0 from their parts; the margin's partial products (g = h (|A| +
  // |B|), the sum's 17-bit low part and 8-bit high part times h); the corner constants'
  // per-axis parts (gx_raster_corner_s); and the test's and the walker's per-N offsets,
  // each a shift of a multiple (docs/raster.md, "Test columns"):
  //   K(l)  lane slot l's base pixel less the step's (l = 1..3)
  //   O(m)  column m's pixel less its lane slot's (m = 1..3)
  //   D(h)  step h's base pixel less the group's origin (h = 1..3)
  localparam int unsigned MW = gx_raster_pkg::MW;
  logic [2:0][PAW-1:0]   p3_atx_q, p3_bty_q;
  logic [2:0][16+9:0]    p3_gl_q;             // (|A| + |B|)[16:0] h, unsigned
  logic [2:0][8+9:0]     p3_gh_q;             // (|A| + |B|)[25:17] h, unsigned, < 2^17
  logic [2:0][36:0]      p3_ma_q, p3_mb_q, p3_mr_q;  // gx_raster_corner_s
  logic [2:0][XW-1:0]    p3_ab_q, p3_a3_q, p3_b3_q;
  logic [2:0][2:0][MW-1:0] p3_k_q, p3_o_q, p3_d_q;
  logic [2:0][AW-1:0]    p3_a_q, p3_b_q;
  logic [2:0][EW-1:0]    p3_c_q;
  logic [2:0][36:0] cs_ma, cs_mb, cs_mr;
  for (genvar e = 0; e < 3; e++) begin : gen_corner_s
    gx_raster_corner_s u_cs (.ap_i(p2_fa_q[e]), .bp_i(p2_fb_q[e]), .cons_i(p2_side_q.cons),
                             .ma_o(cs_ma[e]), .mb_o(cs_mb[e]), .mr_o(cs_mr[e]));
  end
  // the margin's partial products, each on a hardware multiplier (gx_dsp_mul): its input
  // registers are P2's |A| + |B| (<= 2^24) and h, its output register P3's product
  logic [2:0][AW:0]   l1_d;
  logic [2:0][16:0]   p2_l1l_m;
  logic [2:0][AW-17:0] p2_l1h_m;
  logic [2:0][1:0][8:0] p2_hm_q;
  for (genvar e = 0; e < 3; e++) begin : gen_p3mul
    assign l1_d[e] = (AW+1)'(p1_la_q[e]) + (AW+1)'(p1_lb_q[e]);
    gx_dsp_mul #(.AW(17), .BW(9), .ASigned(1'b0), .BSigned(1'b0)) u_mul_gl (
      .clk_i, .rst_i, .en_i(1'b1), .a_i(l1_d[e][16:0]), .b_i(p1_side_q.h),
      .p_o(p3_gl_q[e]), .a_q_o(p2_l1l_m[e]), .b_q_o(p2_hm_q[e][0])
    );
    gx_dsp_mul #(.AW(AW-16), .BW(9), .ASigned(1'b0), .BSigned(1'b0)) u_mul_gh (
      .clk_i, .rst_i, .en_i(1'b1), .a_i(l1_d[e][AW:17]), .b_i(p1_side_q.h),
      .p_o(p3_gh_q[e]), .a_q_o(p2_l1h_m[e]), .b_q_o(p2_hm_q[e][1])
    );
  end
  function automatic logic [MW-1:0] sh(input logic [XW-1:0] v, input int unsigned n);
    sh = MW'($signed(v)) <<< n;
  endfunction
  // one of three offset triples by the one-hot mode, as ANDs and an OR: with no select
  // between a value and a constant, synthesis maps none of P3's offset bits to a
  // synchronous reset (a control set driven from the mode through one LUT to every
  // slice of the offsets)
  function automatic logic [3*MW-1:0] pick(input logic m16, input logic m8, input logic m4,
                                          input logic [3*MW-1:0] v16,
                                          input logic [3*MW-1:0] v8,
                                          input logic [3*MW-1:0] v4);
    pick = ({(3*MW){m16}} & v16) | ({(3*MW){m8}} & v8) | ({(3*MW){m4}} & v4);
  endfunction
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++) begin
      logic [XW-1:0] a, b, ab, a2b, a3;
      a   = XW'($signed(p2_a_q[e]));
      b   = XW'($signed(p2_b_q[e]));
      ab  = p2_ab_q[e];
      a2b = p2_a2b_q[e];
      a3  = p2_a3_q[e];
      p3_atx_q[e] <= (PAW'($signed(p2_ath_q[e])) <<< 17) + PAW'(p2_atl_q[e]);
      p3_bty_q[e] <= (PAW'($signed(p2_bth_q[e])) <<< 17) + PAW'(p2_btl_q[e]);
      p3_ma_q[e]  <= cs_ma[e];
      p3_mb_q[e]  <= cs_mb[e];
      p3_mr_q[e]  <= cs_mr[e];
      p3_ab_q[e]  <= ab;
      p3_a3_q[e]  <= a3;
      p3_b3_q[e]  <= p2_b3_q[e];
      // K, O, D: (N = 16, N = 8, N <= 4)
      p3_k_q[e] <= pick(p2_m16_q[e][0], p2_m8_q[e][0], p2_m4_q[e][0],
                        Lanes == 4 ? {sh(ab, 8), sh(b, 8), sh(a, 8)}
                                   : {MW'(0), MW'(0), sh(a, 8)},
                        {sh(a2b, 8), sh(a, 9), sh(b, 8)},
                        {sh(a3, 9), sh(a, 10), sh(a, 9)});
      p3_o_q[e] <= pick(p2_m16_q[e][1], p2_m8_q[e][1], p2_m4_q[e][1],
                        '0,
                        {sh(a, 8), sh(a, 8), MW'(0)},
                        {sh(ab, 8), sh(b, 8), sh(a, 8)});
      p3_d_q[e] <= pick(p2_m16_q[e][2], p2_m8_q[e][2], p2_m4_q[e][2],
                        Lanes == 4 ? {sh(a3, 9), sh(a, 10), sh(a, 9)}
                      : Lanes == 2 ? {sh(a2b, 8), sh(a, 9), sh(b, 8)}
                      :              {sh(ab, 8), sh(b, 8), sh(a, 8)},
                        {MW'(0), MW'(0), Lanes == 4 ? sh(a, 10) : Lanes == 2 ? sh(a, 9) : sh(b, 8)},
                        '0);
    end
    p3_a_q    <= p2_a_q;
    p3_b_q    <= p2_b_q;
    p3_c_q    <= p2_c_q;
    p3_side_q <= p2_side_q;
  end

  // ---------------------------------------------------------------------------------
  // P4: the margin g from its parts; A tx0 + B ty0; tg = T - x - g (128 (A + B) in
  // conservative mode, -x in MSAA mode); the corner constants kf and kr
  // (gx_raster_corner_k).
  localparam int unsigned GW = gx_pkg::MarginBits;
  logic [2:0][GW-1:0]  p4_g_q;
  logic [2:0][PAW:0]   p4_sxy_q;
  logic [2:0][KW-1:0]  p4_tg_q, p4_kf_q, p4_kr_q;
  logic [2:0][AW-1:0]  p4_a_q, p4_b_q;
  logic [2:0][EW-1:0]  p4_c_q;
  logic [2:0][2:0][MW-1:0] p4_k_q, p4_o_q, p4_d_q;
  logic [2:0][XW-1:0]  p4_ab_q, p4_a3_q, p4_b3_q;
  logic [2:0][KW-1:0] ck_f, ck_r;
  for (genvar e = 0; e < 3; e++) begin : gen_corner_k
    gx_raster_corner_k u_ck (.ma_i(p3_ma_q[e]), .mb_i(p3_mb_q[e]), .mr_i(p3_mr_q[e]),
                             .kf_o(ck_f[e]), .kr_o(ck_r[e]));
  end
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++) begin
      p4_g_q[e]   <= (GW'(p3_gh_q[e]) << 17) + GW'(p3_gl_q[e]);
      p4_sxy_q[e] <= (PAW+1)'($signed(p3_atx_q[e])) + (PAW+1)'($signed(p3_bty_q[e]));
      p4_tg_q[e]  <= p3_side_q.cons ? KW'($signed(p3_ab_q[e])) <<< 7
                                    : -(KW'(p3_side_q.nx[e]));
      p4_kf_q[e]  <= ck_f[e];
      p4_kr_q[e]  <= ck_r[e];
    end
    p4_a_q    <= p3_a_q;
    p4_b_q    <= p3_b_q;
    p4_c_q    <= p3_c_q;
    p4_ab_q   <= p3_ab_q;
    p4_a3_q   <= p3_a3_q;
    p4_b3_q   <= p3_b3_q;
    p4_k_q    <= p3_k_q;
    p4_o_q    <= p3_o_q;
    p4_d_q    <= p3_d_q;
    p4_side_q <= p3_side_q;
  end

  // ---------------------------------------------------------------------------------
  // P5: E at the first coarse tile's origin, C + 4096 (A tx0 + B ty0); T - x = tg + g
  // (g only in conservative mode).
  logic [2:0][EW-1:0]  p5_e_q;
  logic [2:0][GW:0]    p5_tx_q;                // T - x: -1..0 or 0 <= T < 511 * 2^24
  logic [3:0][2:0][KW-1:0] p5_kfc_q, p5_krc_q;
  logic [2:0][AW-1:0]  p5_a_q, p5_b_q;
  logic [2:0][2:0][MW-1:0] p5_k_q, p5_o_q, p5_d_q;
  logic [2:0][XW-1:0]  p5_ab_q, p5_a3_q, p5_b3_q;
  always_ff @(posedge clk_i) begin
    for (int e = 0; e < 3; e++) begin
      p5_e_q[e]  <= $signed(p4_c_q[e]) + (EW'($signed(p4_sxy_q[e])) <<< 12);
      p5_tx_q[e] <= (GW+1)'($signed(p4_tg_q[e])) +
                    (p4_side_q.cons ? (GW+1)'(p4_g_q[e]) : '0);
    end
    for (int e = 0; e < 3; e++) begin
      logic [KW-1:0] kf, kr;
      kf = p4_kf_q[e];
      kr = p4_kr_q[e];
      p5_kfc_q[0][e] <= kf;
      p5_kfc_q[1][e] <= kf + (KW'($signed(p4_a_q[e])) <<< 11);
      p5_kfc_q[2][e] <= kf + (KW'($signed(p4_b_q[e])) <<< 11);
      p5_kfc_q[3][e] <= kf + (KW'($signed(p4_ab_q[e])) <<< 11);
      p5_krc_q[0][e] <= kr;
      p5_krc_q[1][e] <= kr + (KW'($signed(p4_b_q[e])) <<< 9);
      p5_krc_q[2][e] <= kr + (KW'($signed(p4_b_q[e])) <<< 10);
      p5_krc_q[3][e] <= kr + (KW'($signed(p4_b3_q[e])) <<< 9);
    end
    p5_a_q    <= p4_a_q;
    p5_b_q    <= p4_b_q;
    p5_ab_q   <= p4_ab_q;
    p5_a3_q   <= p4_a3_q;
    p5_b3_q   <= p4_b3_q;
    p5_k_q    <= p4_k_q;
    p5_o_q    <= p4_o_q;
    p5_d_q    <= p4_d_q;
    p5_side_q <= p4_side_q;
  end
  logic unused_p5;  // the mode, x and h have been used by P5
  assign unused_p5 = ^{p5_side_q.cons, p5_side_q.nx, p5_side_q.h};

  // ---------------------------------------------------------------------------------
  // The record: E' = E + T - x at the first coarse tile, written in the first clock P5
  // holds the triangle.
  logic [4:0] pv_q;         // pv_q[k]: stage k + 1 holds a triangle, its first clock
  logic       push;
  gx_raster_pkg::rs_tri_t    rec;
  logic [QW-1:0] pushed_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) pv_q <= '0;
    else pv_q <= {pv_q[3:0], p0_v_q && !p0_ph_q && p0_ne_q};
  end
  assign push = pv_q[4];
  // copies of the push in flip-flops of their own (tri_wec_o), one for the test's ring,
  // one for the walker's counts and one for each of the walker's rings, so no one
  // flip-flop drives every ring's write enables; each loads the push's input and its own
  // complement (a push is never high in two clocks in a row), so synthesis does not merge
  // the copies with one another or with pv_q[4]: PushCopy_A
  localparam int unsigned WEC = gx_raster_pkg::WEC;
  logic [WEC-1:0] push_c_q;
  for (genvar k = 0; k < WEC; k++) begin : gen_push
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) push_c_q[k] <= 1'b0;
      else push_c_q[k] <= pv_q[3] && !push_c_q[k];
    end
  end
  always_comb begin
    rec.seq  = p5_side_q.seq;
    rec.tag  = p5_side_q.tag;
    rec.nlog = p5_side_q.nlog;
    rec.ps   = p5_side_q.ps;
    rec.px0  = p5_side_q.px0;
    rec.px1  = p5_side_q.px1;
    rec.py0  = p5_side_q.py0;
    rec.py1  = p5_side_q.py1;
    for (int e = 0; e < 3; e++) begin
      rec.a[e]   = p5_a_q[e];
      rec.b[e]   = p5_b_q[e];
      rec.ab[e]  = p5_ab_q[e];
      rec.a3[e]  = p5_a3_q[e];
      rec.b3[e]  = p5_b3_q[e];
      rec.e00[e] = $signed(p5_e_q[e]) + EW'($signed(p5_tx_q[e]));
      for (int f = 0; f < 4; f++) begin
        rec.kfc[f][e] = p5_kfc_q[f][e];
        rec.krc[f][e] = p5_krc_q[f][e];
      end
      rec.k[e]   = p5_k_q[e];
      rec.o[e]   = p5_o_q[e];
      rec.d[e]   = p5_d_q[e];
    end
  end

  assign tri_we_o = push;
  assign tri_wec_o = push_c_q;
  assign tri_o    = rec;
  assign pushed_o = pushed_q;

  // Admission: the next sequence number's ring slot is retired.
  // (from the current sequence number: a slot is left for the triangle P0 may take in
  // this clock, so no compare of the command lies before the register; each of the
  // retire pointer's three next values compared apart, the choice last). The compare
  // with the walker's next triangle (rp_opt_i[1], read far from it) is a register: the
  // difference dn_q = ns_q - rp_opt_i[1] is kept as a count of its own (up with a take
  // of a triangle with a range, down with rp_inc_i), and adn_q, its compare, is decided
  // a clock ahead from dn_q and the two steps (AdmNext_A).
  logic [2:0] adm_opt;
  logic [QW-1:0] rp_d, dn_q;
  logic       adn_q, adn_d, ns_inc;
  assign ns_inc = take && !emp_q[0];
  always_comb begin
    unique case ({ns_inc, rp_inc_i})
      2'b10:   adn_d = dn_q < QW'(14) || dn_q == QW'(31);  // dn_q + 1 < 15
      2'b01:   adn_d = dn_q != '0 && dn_q <= QW'(15);      // dn_q - 1 < 15
      default: adn_d = dn_q < QW'(15);
    endcase
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      dn_q  <= '0;
      adn_q <= 1'b1;
    end else begin
      dn_q  <= dn_q + QW'(ns_inc) - QW'(rp_inc_i);
      adn_q <= adn_d;
    end
  end
  always_comb begin
    adm_opt[0] = QW'(ns_q - rp_opt_i[0]) < QW'(15);
    adm_opt[1] = adn_q;
    adm_opt[2] = QW'(ns_q - rp_opt_i[2]) < QW'(15);
    rp_d = rp_sel_i[0] ? rp_opt_i[0] : rp_sel_i[1] ? rp_opt_i[1] : rp_opt_i[2];
  end
  assign adm_d = rp_sel_i[0] ? adm_opt[0] : rp_sel_i[1] ? adm_opt[1] : adm_opt[2];
  always_ff @(posedge clk_i) begin
    if (rst_i) pushed_q <= '0;
    else if (push) pushed_q <= pushed_q + 1'b1;
  end
  assign busy_o = p0_v_q || pv_q != '0;

  // ---------------------------------------------------------------------------------
  // Properties.
  // The triangles taken and not yet written: one in P0's first clock, one a pulse; each
  // stage's sequence number in its first clock follows from the pulses after it.
`ifdef GX_ASSERT_ON
  logic [2:0] fv_cnt;
  logic [4:0] fv_seq_bad;
  always_comb begin
    logic [2:0] later;
    fv_cnt = 3'(p0_v_q && !p0_ph_q && p0_ne_q) + 3'(pv_q[0]) + 3'(pv_q[1]) + 3'(pv_q[2]) +
             3'(pv_q[3]) + 3'(pv_q[4]);
    later = '0;
    fv_seq_bad = '0;
    for (int k = 4; k >= 0; k--) begin
      logic [QW-1:0] sq;
      unique case (k)
        0: sq = p1_side_q.seq;
        1: sq = p2_side_q.seq;
        2: sq = p3_side_q.seq;
        3: sq = p4_side_q.seq;
        default: sq = p5_side_q.seq;
      endcase
      fv_seq_bad[k] = pv_q[k] && sq != QW'(pushed_q + QW'(later));
      later = later + 3'(pv_q[k]);
    end
  end
`endif
  `GX_ASSERT(PrepCount_A, QW'(ns_q - pushed_q) == QW'(fv_cnt) && (pv_q & (pv_q >> 1)) == '0 &&
                          !(p0_v_q && !p0_ph_q && p0_ne_q && pv_q[0]))
  // Admission: at most 15 sequence numbers from the retire pointer (rp_now_q: rp_d a clock
  // later, the pointer's value now) to the next (the pointer only moves forward:
  // gx_raster's RingWindow_A), and a command is taken only below 15.
  logic [QW-1:0] rp_now_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) rp_now_q <= '0;
    else rp_now_q <= rp_d;
  end
  `GX_ASSERT(Window_A, QW'(ns_q - rp_now_q) <= QW'(15) &&
                       (!cmd_ready_o || QW'(ns_q - rp_now_q) < QW'(15)))
  // the compare with the walker's next triangle, kept as a count and a register
  `GX_ASSERT(AdmNext_A, dn_q == QW'(ns_q - rp_opt_i[1]) && adn_q == (dn_q < QW'(15)))
  `GX_ASSERT(PushCopy_A, push_c_q == {WEC{push}})
  `GX_ASSERT(PrepSeq_A, fv_seq_bad == '0 &&
                        (!(p0_v_q && !p0_ph_q && p0_ne_q) ||
                         p0_seq_q == QW'(pushed_q + QW'(fv_cnt - 3'd1))))
  // Environment: the declared input ranges, and a triangle's edges summing to 0.
  localparam coef_t CoefMax = AW'(32'sd1 <<< 23);  // |A|, |B| <= 2^23
  localparam edge_t CMax = EW'(64'sd1 <<< 45);     // |C| <= 2^45
  logic cmd_legal;
  assign cmd_legal =
      cmd_i.samples_log2 <= 3'd4 && (!cmd_i.patternsets || cmd_i.samples_log2 <= 3'd1) &&
      $signed(su.a0) >= -CoefMax && $signed(su.a0) <= CoefMax &&
      $signed(su.a1) >= -CoefMax && $signed(su.a1) <= CoefMax &&
      $signed(su.a2) >= -CoefMax && $signed(su.a2) <= CoefMax &&
      $signed(su.b0) >= -CoefMax && $signed(su.b0) <= CoefMax &&
      $signed(su.b1) >= -CoefMax && $signed(su.b1) <= CoefMax &&
      $signed(su.b2) >= -CoefMax && $signed(su.b2) <= CoefMax &&
      $signed(su.c0) >= -CMax && $signed(su.c0) <= CMax &&
      $signed(su.c1) >= -CMax && $signed(su.c1) <= CMax &&
      $signed(su.c2) >= -CMax && $signed(su.c2) <= CMax;
  `GX_ASSUME(CmdLegal_M, !cmd_valid_i || cmd_legal)
  `GX_ASSUME(SumZero_M, !cmd_valid_i || cmd_i.op || cmd_i.conservative ||
             su.px0 > su.px1 || su.py0 > su.py1 ||
             ($signed(su.a0) + $signed(su.a1) + $signed(su.a2) == 0 &&
              $signed(su.b0) + $signed(su.b1) + $signed(su.b2) == 0))
  // P0's registers of the command: a command held since the clock before is the one
  // offered then (the command protocol), so emp_q, sel_q and cm_q are its own.
  `GX_ASSERT(CmdSeen_A, !seen_q[0] || (cmd_valid_i && emp_q[0] == !ne_d && sel_q[0] == sel_d &&
                                        cm_q == cmd_i.conservative))
  // K, O and D are multiples of 2^LS in every stage that holds a triangle (gx_raster's
  // ring keeps K and O / 2^LS: RtLow_A; the walker's I ring D / 2^LS: RiLow_A), and the
  // corner constants multiples of 2^ES (the walker's C and R rings keep them / 2^ES:
  // RkLow_A)
`ifdef GX_ASSERT_ON
  localparam int unsigned LS = gx_raster_pkg::LS;
  localparam int unsigned ES = gx_raster_pkg::ES;
  logic ko_low;
  always_comb begin
    ko_low = 1'b1;
    for (int e = 0; e < 3; e++) begin
      ko_low = ko_low &&
               (!pv_q[2] || (p3_ma_q[e][ES-1:0] == '0 && p3_mb_q[e][ES-1:0] == '0 &&
                             p3_mr_q[e][ES-1:0] == '0)) &&
               (!pv_q[3] || (p4_kf_q[e][ES-1:0] == '0 && p4_kr_q[e][ES-1:0] == '0));
      for (int f = 0; f < 4; f++)
        ko_low = ko_low && (!pv_q[4] || (p5_kfc_q[f][e][ES-1:0] == '0 &&
                                         p5_krc_q[f][e][ES-1:0] == '0));
    end
    for (int e = 0; e < 3; e++)
      for (int i = 0; i < 3; i++)
        ko_low = ko_low &&
                 (!pv_q[2] || (p3_k_q[e][i][LS-1:0] == '0 && p3_o_q[e][i][LS-1:0] == '0 &&
                               p3_d_q[e][i][LS-1:0] == '0)) &&
                 (!pv_q[3] || (p4_k_q[e][i][LS-1:0] == '0 && p4_o_q[e][i][LS-1:0] == '0 &&
                               p4_d_q[e][i][LS-1:0] == '0)) &&
                 (!pv_q[4] || (p5_k_q[e][i][LS-1:0] == '0 && p5_o_q[e][i][LS-1:0] == '0 &&
                               p5_d_q[e][i][LS-1:0] == '0));
  end
`endif
  `GX_ASSERT(KoLow_A, ko_low)
  // the multipliers' operand copies: in a stage's first clock, the values they copy
  `GX_ASSERT(MulCopy_A, (!pv_q[0] || (p1_atl_m == {p1_a_q[2][16:0], p1_a_q[1][16:0],
                                                   p1_a_q[0][16:0]} &&
                                      p1_ath_m == {p1_a_q[2][AW-1:17], p1_a_q[1][AW-1:17],
                                                   p1_a_q[0][AW-1:17]} &&
                                      p1_btl_m == {p1_b_q[2][16:0], p1_b_q[1][16:0],
                                                   p1_b_q[0][16:0]} &&
                                      p1_bth_m == {p1_b_q[2][AW-1:17], p1_b_q[1][AW-1:17],
                                                   p1_b_q[0][AW-1:17]} &&
                                      p1_txm_q == {6{TW'(p1_side_q.px0 >> 4)}} &&
                                      p1_tym_q == {6{TW'(p1_side_q.py0 >> 4)}})) &&
                        (!pv_q[1] || p2_hm_q == {6{p2_side_q.h}}))
  // P2's mode copies: each of P3's selects one-hot, as P2's mode says
  `GX_ASSERT(P2Mode_A, p2_m16_q == {9{p2_side_q.nlog == 3'd4}} &&
                       p2_m8_q == {9{p2_side_q.nlog == 3'd3}} &&
                       p2_m4_q == ~(p2_m16_q | p2_m8_q))
  // the table's write, registered: its copies equal, and no triangle taken in the clock
  // after a write (it reads the rows the write has not reached)
  `GX_ASSERT(TblWe_A, twe_q == {3{twe_q[0]}} && !(twe_q[0] && take))
  `GX_ASSERT(PrepCopy_A, pfree == {PC{!p0_v_q || p0_ph_q || !p0_ne_q}} &&
                        adm_q == {PC{adm_ok_q}} && seen_q == {PC{seen_q[0]}} &&
                        emp_q == {PC{emp_q[0]}} && sel_q == {SC{sel_q[0]}})
  // the operands of |A| and |B| are the edges' A and B before orientation
  `GX_ASSERT(AbsCopy_A, !p0_v_q ||
                        (p0_ac_q == {p0_a_q[2], p0_seg1_q ? p0_a_q[0] : p0_a_q[1], p0_a_q[0]} &&
                         p0_bc_q == {p0_b_q[2], p0_seg1_q ? p0_b_q[0] : p0_b_q[1], p0_b_q[0]}))
  // the engine's stages: a triangle's two phases are two clocks in a row, so a stage and
  // the one after it never hold the same phase (each offset ring half is written at most
  // every 2 clocks: gx_raster's RingWe_A)
  `GX_ASSERT(EnginePh_A, (!(p0_v_q && p0_ne_q && e0_v_q) || p0_ph_q != e0_ph_q) &&
                         (!(e0_v_q && e1_v_q) || e0_ph_q != e1_ph_q) &&
                         (!(e1_v_q && e2_v_q) || e1_ph_q != e2_ph_q))
  `GX_COVER(PrepBackToBack_C, take && p0_v_q && p0_ph_q)
  `GX_COVER(PrepDropKnown_C, take && emp_q[0])
endmodule

`default_nettype wire
