// gx_ztable: the depth unit's pattern tables and their live counts: the rule that no
// table entry a compressed surface depends on changes while the surface has compressed
// tiles.
//
// The C model is the specification (gx_zlive_t in cmodel/src/zrop.c, docs/zrop.md "The
// table unit"): each of the S surface slots has a table and a count of its tiles in the
// planes state, kept from the tile events (a tile written back: compressed before, after);
// a table's live count is the number of slots on it with compressed tiles. Commands:
//   write k:  before table k takes the new slots, every slot on k with compressed tiles
//             is decompressed in place, lowest slot first (gx_zlive_write_next): the
//             unit asks for slot s on dq and waits for dd_i, then looks again;
//   use s k:  slot s switches to table k, after it is decompressed in place when it has
//             compressed tiles;
//   bind s k: slot s takes table k with no compressed tile (a new surface);
//   clear s:  slot s has no compressed tile (cleared or freed).
// In a clock with a command taken and an event, the command applies first.
//
// The environment's part: while a write or use is offered, no event makes a tile
// compressed (the depth unit has drained its draws: Quiet_M), and an event takes a
// compressed tile away only from a slot that has one (EvLegal_M). dd_i says the slot
// last asked for is decompressed; the unit looks at the counts again either way.
//
// Handshakes: cmd valid/ready; ev valid only (always taken); dq valid/ready; dd_i a
// pulse. rd_table_o: table rd_k_i, registered (one clock). live_o: each table's live
// count, from the registers.
// Timing: bind and clear are taken in the clock offered; a write or use is looked at in
// the clock after it is offered (the slots it waits for registered) and taken then when
// it waits for none; else the unit asks for the lowest such slot, and looks again the
// clock after dd_i.
`default_nettype none
`include "gx_assert.svh"

module gx_ztable #(
  parameter int unsigned CW = 21  /// count width: a surface's tiles (8192 x 8192 at 1x: 2^20)
) (
  input  wire logic              clk_i,       /// clock, rising edge
  input  wire logic              rst_i,       /// synchronous reset, active high
  input  wire logic              cmd_valid_i, /// a command is offered
  output      logic              cmd_ready_o, /// it is taken this clock
  input  wire gx_pkg::zl_cmd_t   cmd_i,       /// the command
  input  wire logic              ev_valid_i,  /// a tile event (always taken)
  input  wire gx_pkg::zl_ev_t    ev_i,        /// the event
  output      logic              dq_valid_o,  /// a slot to decompress in place is asked for
  input  wire logic              dq_ready_i,  /// the request is taken this clock
  output      logic [3:0]        dq_o,        /// the slot
  input  wire logic              dd_i,        /// the slot asked for is decompressed
  input  wire logic [2:0]        rd_k_i,      /// table to read
  output      logic [127:0]      rd_table_o,  /// table rd_k_i of the clock before
  output      logic [7:0][4:0]   live_o       /// each table's live count
);
  localparam int unsigned S = 16;  // surface slots (GX_Z_MAX_SURF)
  localparam int unsigned T = 8;   // pattern tables (GX_Z_TABLES)
  localparam logic [1:0] OpWrite = 2'd0, OpUse = 2'd1, OpBind = 2'd2, OpClear = 2'd3;
  localparam logic [1:0] StIdle = 2'd0, StCheck = 2'd1, StReq = 2'd2, StWait = 2'd3;

  // ---------------------------------------------------------------------------------
  // The slots: table, count, and the count's non-zero bit beside it.
  logic [S-1:0][2:0] tab_q;
  logic [S-1:0][CW-1:0] cnt_q;
  logic [S-1:0] nz_q;

  // The control: idle; check (a write or use looked at); req (a slot asked for); wait.
  logic [1:0] st_q;
  logic [3:0] dq_q;
  logic [S-1:0] on_k, need;
  logic commit, wr_commit, use_commit, set_cmd, chk_ok;
  always_comb begin
    for (int s = 0; s < S; s++) on_k[s] = tab_q[s] == cmd_i.k;
    // the slots a write or use waits for
    need = cmd_i.op == OpWrite ? on_k & nz_q : nz_q & (S'(1) << cmd_i.s);
  end
  assign set_cmd    = st_q == StIdle && cmd_valid_i && (cmd_i.op == OpBind || cmd_i.op == OpClear);
  assign chk_ok     = st_q == StCheck && cmd_valid_i && need == '0;
  assign commit     = set_cmd || chk_ok;
  assign wr_commit  = chk_ok && cmd_i.op == OpWrite;
  assign use_commit = chk_ok && cmd_i.op == OpUse;
  assign cmd_ready_o = commit;
  assign dq_valid_o  = st_q == StReq;
  assign dq_o        = dq_q;

  // The lowest slot of a non-empty mask, as a tree of pairs (a: the pair has one, i: the
  // lowest's index within it).
  function automatic logic [3:0] f_lowest(input logic [S-1:0] m);
    logic [7:0] a1, i1;
    logic [3:0] a2;
    logic [3:0][1:0] i2;
    logic a3;
    logic [1:0][2:0] i3;
    for (int j = 0; j < 8; j++) begin
      a1[j] = m[2*j] | m[2*j+1];
      i1[j] = !m[2*j];
    end
    for (int j = 0; j < 4; j++) begin
      a2[j] = a1[2*j] | a1[2*j+1];
      i2[j] = a1[2*j] ? {1'b0, i1[2*j]} : {1'b1, i1[2*j+1]};
    end
    a3 = a2[0] | a2[1];
    for (int j = 0; j < 2; j++) i3[j] = a2[2*j] ? {1'b0, i2[2*j]} : {1'b1, i2[2*j+1]};
    f_lowest = a3 ? {1'b0, i3[0]} : {1'b1, i3[1]};
  endfunction

  always_ff @(posedge clk_i) begin
    if (rst_i) st_q <= StIdle;
    else begin
      unique case (st_q)
        StIdle:  if (cmd_valid_i && (cmd_i.op == OpWrite || cmd_i.op == OpUse)) st_q <= StCheck;
        StCheck: if (cmd_valid_i) st_q <= need == '0 ? StIdle : StReq;
        StReq:   if (dq_ready_i) st_q <= StWait;
        default: if (dd_i) st_q <= StCheck;
      endcase
    end
  end
  always_ff @(posedge clk_i) begin
    if (st_q == StCheck && cmd_valid_i) dq_q <= f_lowest(need);
  end

  // The counts: a bind or clear zeroes its slot's, then the event adds to its slot's.
  // Each slot adds its own (no select of the event's slot in front of the add), and its
  // non-zero bit comes from the registers beside the add: the count was 1 (`one`), the
  // event adds or takes away.
  for (genvar s = 0; s < S; s++) begin : gen_cnt
    logic hit, clr, one;
    assign hit = ev_valid_i && ev_i.s == 4'(s);
    assign clr = set_cmd && cmd_i.s == 4'(s);
    assign one = cnt_q[s] == CW'(1);
    always_ff @(posedge clk_i) begin
      if (rst_i) begin
        cnt_q[s] <= '0;
        nz_q[s]  <= 1'b0;
      end else if (clr) begin
        cnt_q[s] <= CW'(hit && ev_i.inc);
        nz_q[s]  <= hit && ev_i.inc;
      end else if (hit) begin
        cnt_q[s] <= cnt_q[s] + {{(CW-1){ev_i.dec && !ev_i.inc}}, ev_i.dec != ev_i.inc};
        nz_q[s]  <= ev_i.inc || (ev_i.dec ? !one : nz_q[s]);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) tab_q <= '0;
    else if ((set_cmd && cmd_i.op == OpBind) || use_commit) tab_q[cmd_i.s] <= cmd_i.k;
  end

  // The tables, written only by a write's commit; read a clock later.
  logic [127:0] tbl_q [T];
  always_ff @(posedge clk_i) begin
    if (wr_commit) tbl_q[cmd_i.k] <= cmd_i.data;
  end
  always_ff @(posedge clk_i) begin
    rd_table_o <= tbl_q[rd_k_i];
  end

  // The live counts: the slots on each table with compressed tiles.
  always_comb begin
    for (int k = 0; k < T; k++) begin
      live_o[k] = '0;
      for (int s = 0; s < S; s++) live_o[k] = live_o[k] + 5'(tab_q[s] == 3'(k) && nz_q[s]);
    end
  end

  // ---------------------------------------------------------------------------------
  // Properties: the rule, and what it rests on.
`ifdef GX_ASSERT_ON
  // The rule: a slot with compressed tiles at the end of a clock had neither its table
  // written nor its table number switched by a use in that clock (a bind starts a slot
  // anew). So while a slot keeps compressed tiles, its table's entries and its table
  // number stay as they were when its first tile was compressed.
  logic [T-1:0] fv_wr_q;   // the table a write's commit wrote in the clock before
  logic [S-1:0] fv_sw_q;   // the slot a use's commit switched in the clock before
  always_ff @(posedge clk_i) begin
    fv_wr_q <= '0;
    fv_sw_q <= '0;
    if (wr_commit) fv_wr_q[cmd_i.k] <= 1'b1;
    if (use_commit) fv_sw_q[cmd_i.s] <= 1'b1;
  end
  logic fv_dep;
  always_comb begin
    fv_dep = 1'b1;
    for (int s = 0; s < S; s++)
      fv_dep = fv_dep && !(nz_q[s] && (fv_wr_q[tab_q[s]] || fv_sw_q[s]));
  end
  // the event's slot's count after the command (EvLegal_M, EvRoom_M)
  logic [CW-1:0] ev_base;
  assign ev_base = set_cmd && cmd_i.s == ev_i.s ? '0 : cnt_q[ev_i.s];
  logic fv_nz;
  always_comb begin
    fv_nz = 1'b1;
    for (int s = 0; s < S; s++) fv_nz = fv_nz && nz_q[s] == (cnt_q[s] != '0);
  end
  // decompress requests of the command in hand
  logic [1:0] fv_asks_q;
  always_ff @(posedge clk_i) begin
    if (rst_i || commit) fv_asks_q <= '0;
    else if (dq_valid_o && dq_ready_i && fv_asks_q != 2'd3) fv_asks_q <= fv_asks_q + 2'd1;
  end
`endif

  `GX_ASSUME(CmdHold_M, !`GX_PAST_OK || !$past(cmd_valid_i && !cmd_ready_o) ||
                        (cmd_valid_i && cmd_i == $past(cmd_i)))
  `GX_ASSUME(EvLegal_M, !ev_valid_i || !ev_i.dec || ev_base != '0)
  `GX_ASSUME(EvRoom_M, !ev_valid_i || !ev_i.inc || ev_i.dec || ev_base != '1)
  `GX_ASSUME(Quiet_M, !(cmd_valid_i && (cmd_i.op == OpWrite || cmd_i.op == OpUse) &&
                        ev_valid_i && ev_i.inc && !ev_i.dec))
  `GX_ASSERT(Depend_A, !`GX_PAST_OK || fv_dep)
  `GX_ASSERT(NzCopy_A, fv_nz)
  `GX_ASSERT(DqHold_A, !`GX_PAST_OK || !$past(dq_valid_o && !dq_ready_i) ||
                       (dq_valid_o && dq_o == $past(dq_o)))
  `GX_COVER(WriteAfterTwo_C, wr_commit && fv_asks_q == 2'd2)
  `GX_COVER(UseAfterOne_C, use_commit && fv_asks_q == 2'd1)
  `GX_COVER(Live2_C, live_o[3] == 5'd2)
endmodule

`default_nettype wire
