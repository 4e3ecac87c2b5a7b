// gx_raster: the rasterizer. Walks a set-up triangle's coarse tiles (16x16 pixels), fine
// tiles (8x8) and quad rows (8x2), rejecting empty ones with corner tests, and tests 16
// Lanes samples per clock (Lanes quads at N <= 4, half as many at N = 8, a quarter at
// 16) against the three edge equations: at the sample positions of the programmable
// sample-pattern table (MSAA, N = 1, 2, 4, 8, 16, with pattern sets for N = 1, 2) or at
// the pixel's outermost corner grown by the error term (conservative mode). The C model
// (gx_raster_tri_groups, cmodel/src/raster.c) is the specification; docs/raster.md gives
// the microarchitecture, the widths and the proofs.
//
// Commands (cmd, valid/ready, rs_cmd_t): a triangle (the setup unit's result, its render
// state and a tag) or a pattern-table write, in stream order: a write applies to every
// triangle after it. Until the first write the table holds the standard positions for
// the triangle's N. A write is taken at once; a triangle when the prep stage takes it
// (cmd_ready_o = op is a write || prep is ready, from registers).
// Output (grp, valid/ready, rs_qgroup_t): the quad groups with coverage, in traversal
// order; a group holds Lanes side-by-side quads of one fine-tile quad row.
//
// Blocks:
//   gx_raster_prep  triangle values (registered multipliers), one triangle every 2
//                   clocks, written into the rings; its 16 sample offsets per edge
//   rings           per-triangle records, 16 slots (slot seq % 16) each, held until every
//                   item of the triangle has read them (admission by the retire pointer
//                   rp): the walker's stages' own (distributed RAM, in gx_raster_walk),
//                   the test's multiples and sample offsets (block RAM, here)
//   gx_raster_walk  coarse, fine, quad-row and group walk: one test item a clock,
//                   triangles back to back
//   gx_raster_test  the free-running sample test: one item a clock, 16 Lanes samples
//   output FIFO     16 groups of distributed RAM with its head in a register
//                   (gx_fifo_lut); the walker issues an item only while the FIFO has
//                   room for every item in flight (cred_q), so nothing in the test ever
//                   waits and grp_ready_i reaches no enable but the FIFO's
// Throughput: one group a clock at N <= 4 (4 Lanes pixels with all their samples), one
// every 2 clocks at N = 8 and 4 at N = 16; one triangle every 2 clocks at the most.
// Latency: a triangle's first group is offered 32 clocks after the command is taken.
`default_nettype none
`include "gx_assert.svh"

module gx_raster #(
  parameter int unsigned Lanes = 4  /// quads tested per clock: 1, 2 or 4
) (
  input  wire logic                clk_i,        /// clock, rising edge
  input  wire logic                rst_i,        /// synchronous reset, active high
  input  wire logic                cmd_valid_i,  /// a command is offered
  output      logic                cmd_ready_o,  /// the command is taken this clock
  input  wire gx_pkg::rs_cmd_t     cmd_i,        /// triangle or pattern-table write
  output      logic                grp_valid_o,  /// a quad group is offered
  input  wire logic                grp_ready_i,  /// the group is taken this clock
  output      gx_pkg::rs_qgroup_t  grp_o,        /// quads with coverage and their masks
  output      logic                idle_o        /// nothing in flight (all output taken)
);
  localparam int unsigned AW = gx_raster_pkg::AW;
  localparam int unsigned EW = gx_raster_pkg::EW;
  localparam int unsigned SW = gx_raster_pkg::SW;
  localparam int unsigned QW = gx_raster_pkg::QW;

  if (AW != gx_pkg::EdgeCoefBits || EW != gx_pkg::EdgeBits || SW != gx_pkg::SampleSumBits)
  begin : gen_width_check
    $error("gx_raster_pkg's widths differ from gx_pkg's");
  end
  localparam int unsigned FD = 16;                    // output FIFO's words, its head's too
  localparam int unsigned GW = 40 + 65 * Lanes;  // a group as the FIFO holds it

  // ---------------------------------------------------------------------------------
  // A pattern-table write is taken in the clock it is offered (prep keeps the table).
  logic         tbl_take;
  assign tbl_take = cmd_valid_i && cmd_i.op;

  // ---------------------------------------------------------------------------------
  // Prep and the offset ring.
  logic            prep_ready, prep_busy, tri_we;
  logic [gx_raster_pkg::WEC-1:0] tri_wec;  // tri_we's copies (prep's PushCopy_A)
  gx_raster_pkg::rs_tri_t ptri;
  logic [QW-1:0]   pushed, next;
  logic            next_inc;
  logic [1:0]      ofs_we;
  logic [3:0]      ofs_waddr, ofs_raddr;
  logic [gx_raster_pkg::HW-1:0]   ofs_wdata;
  logic [2*gx_raster_pkg::HW-1:0] ofs_rd, ofs_rdata;
  logic [QW-1:0]   rp_q, rp_d;

  assign cmd_ready_o = cmd_i.op || prep_ready;

  gx_raster_prep #(.Lanes(Lanes)) u_prep (
    .clk_i, .rst_i,
    .cmd_valid_i(cmd_valid_i && !cmd_i.op), .cmd_ready_o(prep_ready), .cmd_i,
    .tbl_we_i(tbl_take), .tbl_i(cmd_i.pattern), .rp_opt_i({rp_q, next, adm_seq}),
    .rp_sel_i({walk_idle, rd_v}), .rp_inc_i(next_inc),
    .tri_we_o(tri_we), .tri_wec_o(tri_wec), .tri_o(ptri), .pushed_o(pushed),
    .ofs_we_o(ofs_we), .ofs_waddr_o(ofs_waddr), .ofs_wdata_o(ofs_wdata),
    .busy_o(prep_busy)
  );

  // The rings' writes are registered here before their block RAMs (no logic of prep
  // reaches their write pins; a triangle's records are written a clock later, long before
  // its first item reads them), each write enable in one flip-flop per WG bytes (two
  // block RAMs of 36 bits), so no one flip-flop enables a whole ring. A ring's write
  // enable is never high in two clocks in a row (prep writes an offset ring half once a
  // triangle, in one phase of two, and a record at most every 2 clocks), so each copy
  // loads the enable and its own complement (a copy high now is low next), which keeps
  // synthesis from merging the copies (the same input, no reset) into one: RingWe_A.
  localparam int unsigned WG = 9;
  function automatic int unsigned n_we(input int unsigned bytes);
    n_we = (bytes + WG - 1) / WG;
  endfunction
  // byte b's enable from its group's copy
  function automatic int unsigned we_of(input int unsigned b);
    we_of = b / WG;
  endfunction

  // The offset ring, read as an item enters the test (T0), its output registered once
  // more (so the ring's output register beside the block RAMs feeds only that register,
  // not the four lanes' adders), and the item meets its offsets in T4. The block RAMs
  // read every clock (AlwaysRead: no logic reaches their enable pins); the test is never
  // held, so an item's offsets are the word read in its T0 clock and nothing else is
  // taken.
  localparam int unsigned HW = gx_raster_pkg::HW;  // bits of a ring half's slot
  localparam int unsigned OWE = n_we(HW / 8);      // enable copies of a half
  logic [1:0][OWE-1:0] ofs_we_q;
  logic [3:0]          ofs_wa_q;
  logic [HW-1:0]       ofs_wd_q;
  for (genvar h = 0; h < 2; h++) begin : gen_ring
    logic [HW/8-1:0] we_b;
    for (genvar k = 0; k < OWE; k++) begin : gen_we
      (* keep *) always_ff @(posedge clk_i) begin
        if (rst_i) ofs_we_q[h][k] <= 1'b0;
        else ofs_we_q[h][k] <= ofs_we[h] && !ofs_we_q[h][k];
      end
    end
    always_comb
      for (int unsigned b = 0; b < HW / 8; b++) we_b[b] = ofs_we_q[h][we_of(b)];
    gx_ram_1r1w #(.Depth(16), .Width(HW), .AlwaysRead(1'b1)) u_ring (
      .clk_i, .rst_i,
      .re_i(rd_v), .raddr_i(ofs_raddr), .rdata_o(ofs_rd[HW*h +: HW]),
      .we_i(we_b), .waddr_i(ofs_wa_q), .wdata_i(ofs_wd_q)
    );
  end
  always_ff @(posedge clk_i) begin
    ofs_wa_q <= ofs_waddr;
    ofs_wd_q <= ofs_wdata;
  end
  always_ff @(posedge clk_i) ofs_rdata <= ofs_rd;

  // The test's ring of the triangles' in-group offsets K(1..3), O(1..3) per edge, read as
  // the walker's GR hands on an item (the item meets the word in T0, two clocks later).
  // K and O are multiples of 2^LS (prep's P3 shifts every one by LS or more, RtLow_A), so
  // the ring keeps K / 2^LS and O / 2^LS.
  // Its write is registered before the block RAMs, as the offset ring's (an enable copy
  // per WG bytes); they read every clock (AlwaysRead), as the offset ring's: GR's item
  // reaches T0 two clocks after its read, through I1 and the item register, neither ever
  // held, so the test takes exactly the word read at GR's emit.
  localparam int unsigned MW = gx_raster_pkg::MW;
  localparam int unsigned LS = gx_raster_pkg::LS;
  localparam int unsigned RTW = 2 * 9 * (MW - LS);
  logic [2:0][2:0][MW-LS-1:0] rt_k, rt_o, wt_k, wt_o;
  logic       rt_re;
  logic [3:0] rt_addr;
  always_comb begin
    for (int e = 0; e < 3; e++)
      for (int i = 0; i < 3; i++) begin
        wt_k[e][i] = ptri.k[e][i][MW-1:LS];
        wt_o[e][i] = ptri.o[e][i][MW-1:LS];
      end
  end
  localparam int unsigned RWE = n_we(RTW / 8);     // its enable copies
  logic [RWE-1:0]  rt_we_q;
  logic [3:0]      rt_wa_q;
  logic [RTW-1:0]  rt_wd_q;
  logic [RTW/8-1:0] rt_we_b;
  for (genvar k = 0; k < RWE; k++) begin : gen_rt_we
    (* keep *) always_ff @(posedge clk_i) begin
      if (rst_i) rt_we_q[k] <= 1'b0;
      else rt_we_q[k] <= tri_wec[0] && !rt_we_q[k];
    end
  end
  always_comb
    for (int unsigned b = 0; b < RTW / 8; b++) rt_we_b[b] = rt_we_q[we_of(b)];
  always_ff @(posedge clk_i) begin
    rt_wa_q <= ptri.seq[3:0];
    rt_wd_q <= {wt_k, wt_o};
  end
  gx_ram_1r1w #(.Depth(16), .Width(RTW), .AlwaysRead(1'b1)) u_rt (
    .clk_i, .rst_i,
    .re_i(rt_re), .raddr_i(rt_addr), .rdata_o({rt_k, rt_o}),
    .we_i(rt_we_b), .waddr_i(rt_wa_q), .wdata_i(rt_wd_q)
  );

  // ---------------------------------------------------------------------------------
  // Walker and test.
  logic      drop, walk_busy, walk_idle, issue, i1_valid, item_valid, rd_v, leave, test_busy, cred_q, cred_d;
  logic [QW-1:0] adm_seq;
  logic [5:0] test_v;
  gx_raster_pkg::rs_item_t  item;
  logic [QW-1:0] rd_seq;
  logic      t_valid;
  gx_pkg::rs_qgroup_t t_grp;

  gx_raster_walk #(.Lanes(Lanes)) u_walk (
    .clk_i, .rst_i,
    .tri_we_i(tri_wec[gx_raster_pkg::WEC-1:1]), .tri_i(ptri), .pushed_i(pushed),
    .cred_i(cred_q), .cred_n_i(cred_d), .issue_o(issue), .rt_re_o(rt_re), .rt_addr_o(rt_addr),
    .item_valid_o(item_valid), .item_o(item), .next_o(next), .next_inc_o(next_inc),
    .busy_o(walk_busy),
    .idle_o(walk_idle),
    .i1_valid_o(i1_valid), .adm_seq_o(adm_seq)
  );

  gx_raster_test #(.Lanes(Lanes)) u_test (
    .clk_i, .rst_i,
    .item_valid_i(item_valid), .item_i(item), .k_i(rt_k), .o_i(rt_o),
    .ofs_raddr_o(ofs_raddr), .rd_v_o(rd_v), .rd_seq_o(rd_seq), .ofs_rdata_i(ofs_rdata),
    .grp_valid_o(t_valid), .grp_o(t_grp), .leave_o(leave), .drop_o(drop),
    .busy_o(test_busy),
    .stage_v_o(test_v)
  );

  // The retire pointer: every triangle before rp has had its records read by all of its
  // items (T0 reads the last, the offsets); with nothing from the walker to T0 every
  // triangle the walker has taken is done. An item's sequence number lies between rp and
  // the walker's next (RdSeq_A), so rp moves only forward within the taken triangles.
  // Prep's admission reads rp's next value (as rp_d's three choices and the choice, so
  // it compares each apart), so a retired slot is free a clock sooner.
  always_comb begin
    rp_d = rp_q;
    if (rd_v) rp_d = rd_seq;
    else if (walk_idle) rp_d = next;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) rp_q <= '0;
    else rp_q <= rp_d;
  end

  // ---------------------------------------------------------------------------------
  // The output FIFO and the walker's credit: items in the test (from their issue to
  // T6) and words in the FIFO (its memory and head, with a pop counted a clock late)
  // never exceed FD.
  // The FIFO is a gx_fifo_lut: its head is the output register, loaded from the RAM read
  // at a registered address, and its RAM count takes the load as a select between two
  // values formed before it, so grp_ready_i meets only the load's LUTs: one for the
  // pointer and the counts, one a group of the head's enables (OG groups, each loaded
  // from its own copy of the head's valid bit), and nothing of the count lies before it.
  localparam int unsigned OG = 6;
  logic [GW-1:0] f_in, f_out, f_next;
  logic [$clog2(FD):0] f_count;      // words held, the head's and a pop of the clock before
  logic [3:0]    infl_q, infl_d;     // items issued, not yet out of T6 (at most 9)
  logic          f_pop, f_ld, opop_q;
  assign f_in = {t_grp.tag, t_grp.qx, t_grp.qy, t_grp.valid[Lanes-1:0],
                 t_grp.masks[64*Lanes-1:0]};
  assign f_pop = grp_valid_o && grp_ready_i;
  gx_fifo_lut #(.Width(GW), .Depth(FD), .HeadGroups(OG)) u_out (
    .clk_i, .rst_i, .push_i(t_valid), .in_data_i(f_in), .pop_i(f_pop),
    .valid_o(grp_valid_o), .head_o(f_out), .count_o(f_count), .load_o(f_ld),
    .next_o(f_next));
  logic unused_out;  // the head is the output alone: no register follows it
  assign unused_out = ^{f_ld, f_next};
  always_comb begin
    grp_o       = '0;
    grp_o.tag   = f_out[GW-1 -: 16];
    grp_o.qx    = f_out[GW-17 -: 12];
    grp_o.qy    = f_out[GW-29 -: 12];
    grp_o.valid = 4'(f_out[64*Lanes +: Lanes]);
    grp_o.masks = 256'(f_out[64*Lanes-1:0]);
  end
  assign infl_d = infl_q + 4'(issue) - 4'(leave);
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      infl_q <= '0;
      opop_q <= 1'b0;
    end else begin
      infl_q <= infl_d;
      opop_q <= f_pop;
    end
  end
  // The credit as a count with registered flags (no adder before it): u, the items in
  // flight and the FIFO's words with a pop counted a clock late (u = infl_q + f_count);
  // an item leaving T6 without a group (the test's register drop, apart from the FIFO's
  // write) leaves u. cred_d, the credit of the next clock, is a few gates of registers,
  // so the walker decides FIFO G's pop from it a clock ahead.
  logic [$clog2(FD):0] cred_u;
  gx_raster_credit #(.Depth(FD)) u_cred (
    .clk_i, .rst_i, .up_i(issue), .dn_i(drop),
    .pop_i(f_pop), .room_o(cred_d), .used_o(cred_u));
  always_ff @(posedge clk_i) begin
    if (rst_i) cred_q <= 1'b0;
    else cred_q <= cred_d;
  end

  // the FIFO is empty: no head and no word in its RAM (its count less the pop it counts
  // late). With the walker and the test idle no item is in flight, so the credit's count
  // is the FIFO's (IdleOut_A), and the FIFO's own count is read by no logic.
  assign idle_o = !prep_busy && walk_idle && !test_busy && cred_u == ($clog2(FD)+1)'(opop_q);

  // ---------------------------------------------------------------------------------
  // Properties.
  // Environment: the command protocol (the ranges: gx_raster_prep's CmdLegal_M).
  `GX_ASSUME(CmdHold_M, !`GX_PAST_OK || !$past(cmd_valid_i && !cmd_ready_o) ||
                        (cmd_valid_i && cmd_i == $past(cmd_i)))
  // Output protocol; the FIFO never overflows; the credit counts.
  `GX_ASSERT(GrpHold_A, !`GX_PAST_OK || !$past(grp_valid_o && !grp_ready_i) ||
                        (grp_valid_o && grp_o == $past(grp_o)))
  `GX_ASSERT(GrpNotEmpty_A, !grp_valid_o || grp_o.valid != '0)
  `GX_ASSERT(OutRoom_A, !t_valid || 32'(f_count) < FD)
  `GX_ASSERT(Credit_A, 32'(infl_q) + 32'(f_count) <= FD)
  // infl_q counts the items from I1 to T6; the credit was granted with room for one more.
  `GX_ASSERT(InflCount_A, 32'(infl_q) == 32'(i1_valid) + 32'(item_valid) + 32'($countones(test_v)))
  `GX_ASSERT(CredRoom_A, !cred_q || 32'(infl_q) + 32'(f_count) < FD)
  // the credit's count: the items in flight and the FIFO's words (with its pop of the
  // clock before); a pop of the clock before left a word counted
  `GX_ASSERT(CredCount_A, 32'(cred_u) == 32'(infl_q) + 32'(f_count) &&
                          drop == (leave && !t_valid) && (!opop_q || f_count != '0))
  // The ring: a slot is written only when no item reads it (its triangle is retired).
`ifdef GX_ASSERT_ON
  logic rt_low;  // the bits of K and O the ring does not keep are 0
  always_comb begin
    rt_low = 1'b1;
    for (int e = 0; e < 3; e++)
      for (int i = 0; i < 3; i++)
        rt_low = rt_low && ptri.k[e][i][LS-1:0] == '0 && ptri.o[e][i][LS-1:0] == '0;
  end
`endif
  `GX_ASSERT(RtLow_A, !tri_we || rt_low)
  // The rings' write enables: every copy is the enable of the clock before (never high
  // in two clocks in a row)
`ifdef GX_ASSERT_ON
  logic [1:0] fv_ofs_we_q;
  logic       fv_rt_we_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      fv_ofs_we_q <= '0;
      fv_rt_we_q  <= 1'b0;
    end else begin
      fv_ofs_we_q <= ofs_we;
      fv_rt_we_q  <= tri_we;
    end
  end
`endif
  `GX_ASSERT(RingWe_A, ofs_we_q[0] == {OWE{fv_ofs_we_q[0]}} &&
                       ofs_we_q[1] == {OWE{fv_ofs_we_q[1]}} && rt_we_q == {RWE{fv_rt_we_q}} &&
                       !(fv_ofs_we_q[0] && ofs_we[0]) && !(fv_ofs_we_q[1] && ofs_we[1]) &&
                       !(fv_rt_we_q && tri_we))
  `GX_ASSERT(RingWindow_A, QW'(next - rp_q) <= QW'(pushed - rp_q) &&
                          QW'(pushed - rp_q) <= QW'(15))
  `GX_ASSERT(RdSeq_A, !rd_v || QW'(rd_seq - rp_q) <= QW'(next - rp_q))
  // Idle: every triangle written has been taken and every item issued has left.
  `GX_ASSERT(IdleOut_A, idle_o == (!prep_busy && walk_idle && !test_busy &&
                                    f_count == ($clog2(FD)+1)'(opop_q)))
  `GX_ASSERT(IdleEmpty_A, !idle_o || (pushed == next && infl_q == '0))

  `GX_COVER(Msaa1_C, grp_valid_o && item.nlog == 3'd0)
  `GX_COVER(Msaa16_C, grp_valid_o && item.nlog == 3'd4)
  `GX_COVER(TableWrite_C, tbl_take && walk_busy)
  `GX_COVER(CreditStall_C, walk_busy && !cred_q)
  `GX_COVER(RingFull_C, cmd_valid_i && !cmd_i.op && !prep_ready && QW'(pushed - rp_q) >= QW'(14))
  `GX_COVER(Stall_C, `GX_PAST_OK && $past(grp_valid_o && !grp_ready_i) && grp_valid_o)
  `GX_COVER(OutFifoFull_C, f_count == ($clog2(FD)+1)'(FD))
endmodule

`default_nettype wire
