// gx_trb: the texture return buffer of issue 25 (docs/texture.md, "gx_trb: the texture
// return buffer in RTL"). A texture operation's result (one warp's 32 lanes of 32 bits,
// 128 bytes) takes an entry only when it arrives, is found by its texture identifier
// through the TIM, and frees its entry when read with the last-use bit. With every entry
// held an arrival goes to the spill buffer in memory, and a spilled value read without
// last use is refilled into a free entry or swapped with the victim (the in-buffer value
// that entered the buffer earliest).
//
// The C model is the specification (gx_trb in cmodel/src/trb.c): every arrival, read,
// error, spill-memory transaction and counter as gx_trb_write and gx_trb_read give them.
//
// Values move as 8 beats of 128 bits (lanes 4k..4k+3 in beat k, lane 4k + i in bits
// [32 i +: 32]). One transaction's control at a time:
//   idle:     an arrival (wr_valid_i, its id on wr_id_i, held with its first beat) or a
//             read request (rd_valid_i) is picked, round robin; the read request is taken
//             in this clock; the TIM word of the id and the heads of both free lists are
//             read.
//   look:     the words read are registered again (a block RAM's output is late in the
//             clock: the decision's logic starts from flip-flops).
//   decide:   the TIM word decides (one clock); the TIM, free lists, counts and age
//             matrix are updated here.
//   then the data: an arrival's 8 beats into the entry (data RAM) or through to the
//   spill memory's write port; a dropped arrival's 8 beats (bad id, twice: err_valid_o
//   for the decide clock) taken and dropped; a read's response: one beat with its
//   status (no value, bad id) or 8 beats with status OK from the data RAM, or from the
//   spill memory (a read request on mr_*, 8 beats on md_* passed through to rs_*, also
//   written into the entry on a refill or swap). A swap then writes the victim's 8 beats
//   from the data RAM to the freed spill entry.
// Full: an arrival with a good id finding no entry and no spill entry free is not taken
// (full_o for its decide clock, the model's GX_TRB_EFULL) and waits; it is decided again
// only after a read with last use has released an entry or a spill entry.
//
// Storage: the data RAM holds ENTRIES + 1 rows of 8 words: the spare row takes a swapped-
// in value while the victim's row still holds the value being written out, and the
// victim's row becomes the spare. The free list is a ring of row numbers (rows
// 0..ENTRIES-1 in order after reset, row ENTRIES the spare), the spill free list a ring
// of spill entries (0..SPILL-1), the TIM IDS words {where, row or spill entry}, the
// owner of each row (its id, for the swap's TIM update), and older_q[i][j]: row j's
// value entered before row i's. A filled row's value is newer than every held one; the
// victim is the held row with no older held row, so the earliest to have entered as in
// the model's ages. After reset the TIM and both rings are written, one word each a
// clock (max(IDS, ENTRIES, SPILL) clocks, both ready outputs low).
`default_nettype none
`include "gx_assert.svh"

module gx_trb #(
  parameter int unsigned ENTRIES = 8,    /// entries of 128 bytes, 1..64
  parameter int unsigned SPILL   = 16,   /// spill entries in memory, 1..1024
  parameter int unsigned IDS     = 256,  /// texture identifiers, 1..2048
  parameter int unsigned BEATS   = 8,    /// beats a value: 8 (2..7: the covers' short values)
  localparam int unsigned ROWS = ENTRIES + 1,
  localparam int unsigned RW = ROWS > 1 ? $clog2(ROWS) : 1,
  localparam int unsigned SW = SPILL > 1 ? $clog2(SPILL) : 1,
  localparam int unsigned TW = IDS > 1 ? $clog2(IDS) : 1,
  localparam int unsigned EW = ENTRIES > 1 ? $clog2(ENTRIES + 1) : 1,
  localparam int unsigned FW = ENTRIES > 1 ? $clog2(ENTRIES) : 1
) (
  input  wire logic         clk_i,        /// clock, rising edge
  input  wire logic         rst_i,        /// synchronous reset, active high
  // arrival: 8 beats of a value, its id with every beat (taken with the first)
  input  wire logic         wr_valid_i,
  output      logic         wr_ready_o,
  input  wire logic [10:0]  wr_id_i,
  input  wire logic [127:0] wr_data_i,
  // read request
  input  wire logic         rd_valid_i,
  output      logic         rd_ready_o,
  input  wire logic [10:0]  rd_id_i,
  input  wire logic         rd_last_i,    /// last use: release the value
  // read response: one beat with an error status, or 8 beats with status 0 (OK)
  output      logic         rs_valid_o,
  input  wire logic         rs_ready_i,
  output      logic [2:0]   rs_status_o,  /// 0 OK, 2 bad id (GX_TRB_EID), 5 no value (ENOVAL)
  output      logic [127:0] rs_data_o,
  output      logic         rs_last_o,    /// the response's last beat
  // spill memory: entry writes (8 beats) and reads (a request, then 8 beats)
  output      logic         mw_valid_o,
  input  wire logic         mw_ready_i,
  output      logic [SW-1:0] mw_entry_o,
  output      logic [2:0]   mw_beat_o,
  output      logic [127:0] mw_data_o,
  output      logic         mr_valid_o,
  input  wire logic         mr_ready_i,
  output      logic [SW-1:0] mr_entry_o,
  input  wire logic         md_valid_i,
  output      logic         md_ready_o,
  input  wire logic [127:0] md_data_i,
  // events and counts
  output      logic         err_valid_o,  /// an arrival is dropped (its beats are taken)
  output      logic [2:0]   err_code_o,   /// 2 bad id (GX_TRB_EID), 3 twice (GX_TRB_ETWICE)
  output      logic         full_o,       /// an arrival waits: no entry, no spill entry
  output      logic [EW-1:0] held_o,      /// entries held
  output      logic [SW:0]  spilled_o     /// spill entries held
);
  localparam int unsigned NI = IDS > ENTRIES ? (IDS > SPILL ? IDS : SPILL)
                                             : (ENTRIES > SPILL ? ENTRIES : SPILL);
  localparam int unsigned XW = RW > SW ? RW : SW;
  localparam logic [2:0] LAST = 3'(BEATS - 1);
  localparam logic [1:0] W_NONE = 2'd0, W_HERE = 2'd1, W_SPILL = 2'd2;

  if (ENTRIES < 1 || ENTRIES > 64 || SPILL < 1 || SPILL > 1024 || IDS < 1 || IDS > 2048
      || BEATS < 2 || BEATS > 8) begin : gen_cfg_check
    $error("gx_trb: ENTRIES 1..64, SPILL 1..1024, IDS 1..2048, BEATS 2..8");
  end

  typedef enum logic [3:0] {
    S_INIT, S_IDLE, S_LOOK, S_DEC, S_ARR, S_DROP, S_RERR, S_RBUF, S_MREQ, S_RMEM, S_SWAP
  } state_e;
  state_e state_q;

  // ---------------------------------------------------------------------------------
  // Tables: the TIM, the two free rings, the rows' owners
  (* ram_style = "block" *) logic [XW+1:0] tim_q [IDS];
  (* ram_style = "distributed" *) logic [RW-1:0] fl_q [ENTRIES];
  (* ram_style = "block" *) logic [SW-1:0] sfl_q [SPILL];
  (* ram_style = "distributed" *) logic [TW-1:0] own_q [ROWS];

  logic [11:0]   init_q;
  logic [FW-1:0] fl_head_q;
  logic [RW-1:0] fl_rd_q, spare_q;
  logic [EW-1:0] fl_n_q;
  logic [SW-1:0] sfl_head_q, sfl_rd_q;
  logic [SW:0]   sfl_n_q;
  logic [XW+1:0] tim_rd_q;
  logic [XW+1:0] tim_w_q;                  // the words read, registered again (S_LOOK)
  logic [RW-1:0] fl_w_q;
  logic [SW-1:0] sfl_w_q;
  logic [ROWS-1:0] inb_q;                  // row holds an in-buffer value
  logic [ROWS-1:0][ROWS-1:0] older_q;      // older_q[i][j]: row j's value entered before row i's
  logic [RW-1:0] vict_q;                   // the held row with no older held row

  // the transaction
  logic         op_rd_q;                   // 1: a read, 0: an arrival
  logic [10:0]  id_q;
  logic         last_q, prio_rd_q, blocked_q;
  logic [RW-1:0] row_q, vrow_q;            // the row written or read; the victim's row
  logic [TW-1:0] vid_q;                    // the victim's id
  logic [SW-1:0] se_q;                     // the spill entry
  logic         to_mem_q, wram_q, swap_q;  // arrival to memory; refill writes the row; swap
  logic [2:0]   rerr_q;
  logic [2:0]   beat_q;                    // beats taken or given
  logic [2:0]   beat_n;
  assign beat_n = beat_q == LAST ? 3'd0 : beat_q + 3'd1;

  // ---------------------------------------------------------------------------------
  // The data RAM's reader: 8 words of row row_q (or vrow_q) through a two-word buffer
  logic         rdr_on;                    // S_RBUF or S_SWAP
  logic [2:0]   rk_q;                      // next word to read
  logic         rk_done_q;                 // all 8 read
  logic         infl_q;                    // a word read last clock
  logic [1:0]   fc_q;                      // words in the buffer
  logic [127:0] f0_q, f1_q;
  logic         f_pop, rd_issue;
  logic [127:0] ram_rd;

  // the data RAM's write
  logic         ram_we;
  logic [RW+2:0] ram_wa;
  logic [127:0] ram_wd;

  // ---------------------------------------------------------------------------------
  // Decision
  logic [1:0]    t_where;
  logic [XW-1:0] t_ent;
  logic          id_ok;
  always_comb begin
    t_where = tim_w_q[XW+1:XW];
    t_ent   = tim_w_q[XW-1:0];
    id_ok   = 32'(id_q) < IDS;
  end

  logic dec_eid, dec_twice, dec_here, dec_mem, dec_full;
  logic dec_rhere, dec_rmem_last, dec_refill, dec_swap;
  always_comb begin
    dec_eid       = state_q == S_DEC && !id_ok;
    dec_twice     = state_q == S_DEC && !op_rd_q && id_ok && t_where != W_NONE;
    dec_here      = state_q == S_DEC && !op_rd_q && id_ok && t_where == W_NONE && fl_n_q != '0;
    dec_mem       = state_q == S_DEC && !op_rd_q && id_ok && t_where == W_NONE && fl_n_q == '0
                    && sfl_n_q != '0;
    dec_full      = state_q == S_DEC && !op_rd_q && id_ok && t_where == W_NONE && fl_n_q == '0
                    && sfl_n_q == '0;
    dec_rhere     = state_q == S_DEC && op_rd_q && id_ok && t_where == W_HERE;
    dec_rmem_last = state_q == S_DEC && op_rd_q && id_ok && t_where == W_SPILL && last_q;
    dec_refill    = state_q == S_DEC && op_rd_q && id_ok && t_where == W_SPILL && !last_q
                    && fl_n_q != '0;
    dec_swap      = state_q == S_DEC && op_rd_q && id_ok && t_where == W_SPILL && !last_q
                    && fl_n_q == '0;
  end

  // a row's value enters (arrival, refill, swap): the row filled, then
  logic          fill;
  logic [RW-1:0] fill_row;
  logic          fl_pop, fl_push, sfl_pop, sfl_push;
  logic [RW-1:0] fl_push_row;
  always_comb begin
    fill     = dec_here || dec_refill || dec_swap;
    fill_row = dec_swap ? spare_q : fl_w_q;
    fl_pop   = dec_here || dec_refill;
    fl_push  = dec_rhere && last_q;
    fl_push_row = RW'(t_ent);
    sfl_pop  = dec_mem;
    sfl_push = dec_rmem_last || dec_refill;
  end

  // ---------------------------------------------------------------------------------
  // Handshakes
  logic pick_rd, pick_wr, idle_rd, idle_wr;
  always_comb begin
    idle_wr = state_q == S_IDLE && wr_valid_i && !blocked_q;
    idle_rd = state_q == S_IDLE && rd_valid_i;
    pick_rd = idle_rd && (!idle_wr || prio_rd_q);
    pick_wr = idle_wr && !pick_rd;
  end

  logic wr_hs, md_hs, rs_hs, mw_hs;
  always_comb begin
    rd_ready_o = pick_rd;
    wr_ready_o = (state_q == S_ARR && (!to_mem_q || mw_ready_i)) || state_q == S_DROP;
    wr_hs = wr_valid_i && wr_ready_o;

    rs_valid_o  = 1'b0;
    rs_status_o = 3'd0;
    rs_data_o   = f0_q;
    rs_last_o   = 1'b0;
    md_ready_o  = 1'b0;
    unique case (state_q)
      S_RERR: begin
        rs_valid_o  = 1'b1;
        rs_status_o = rerr_q;
        rs_last_o   = 1'b1;
      end
      S_RBUF: begin
        rs_valid_o = fc_q != 2'd0;
        rs_last_o  = beat_q == LAST;
      end
      S_RMEM: begin
        rs_valid_o = md_valid_i;
        rs_data_o  = md_data_i;
        rs_last_o  = beat_q == LAST;
        md_ready_o = rs_ready_i;
      end
      default: ;
    endcase
    rs_hs = rs_valid_o && rs_ready_i;
    md_hs = md_valid_i && md_ready_o;

    mw_valid_o = (state_q == S_ARR && to_mem_q && wr_valid_i) || (state_q == S_SWAP && fc_q != 2'd0);
    mw_entry_o = se_q;
    mw_beat_o  = beat_q;
    mw_data_o  = state_q == S_ARR ? wr_data_i : f0_q;
    mw_hs = mw_valid_o && mw_ready_i;

    mr_valid_o = state_q == S_MREQ;
    mr_entry_o = se_q;

    err_valid_o = dec_eid && !op_rd_q || dec_twice;
    err_code_o  = dec_twice ? 3'd3 : 3'd2;
    full_o      = dec_full;
    held_o      = EW'(ENTRIES) - fl_n_q;
    spilled_o   = (SW+1)'(SPILL) - sfl_n_q;
  end

  // reader: a word is issued while fewer than two are in the buffer or in flight
  always_comb begin
    rdr_on   = state_q == S_RBUF || state_q == S_SWAP;
    f_pop    = fc_q != 2'd0 && (state_q == S_RBUF ? rs_ready_i : state_q == S_SWAP && mw_ready_i);
    rd_issue = rdr_on && !rk_done_q && ({1'b0, fc_q} + {2'b0, infl_q} < 3'd2
               || ({1'b0, fc_q} + {2'b0, infl_q} == 3'd2 && f_pop));
  end

  always_comb begin
    ram_we = (state_q == S_ARR && !to_mem_q && wr_hs) || (state_q == S_RMEM && wram_q && md_hs);
    ram_wa = {row_q, beat_q};
    ram_wd = state_q == S_ARR ? wr_data_i : md_data_i;
  end

  gx_ram_1r1w #(.Depth(ROWS * 8), .Width(128), .OutReg(1'b0)) u_data (
    .clk_i, .rst_i,
    .re_i(rd_issue), .raddr_i({state_q == S_SWAP ? vrow_q : row_q, rk_q}), .rdata_o(ram_rd),
    .we_i({16{ram_we}}), .waddr_i(ram_wa), .wdata_i(ram_wd)
  );

  // ---------------------------------------------------------------------------------
  // Table reads (idle: the picked id's TIM word, the rings' heads) and writes
  logic [10:0] pick_id;
  assign pick_id = pick_rd ? rd_id_i : wr_id_i;
  always_ff @(posedge clk_i) begin
    if (state_q == S_IDLE) begin
      tim_rd_q <= tim_q[TW'(pick_id)];
      fl_rd_q  <= fl_q[fl_head_q];
      sfl_rd_q <= sfl_q[sfl_head_q];
    end
    if (state_q == S_LOOK) begin
      tim_w_q <= tim_rd_q;
      fl_w_q  <= fl_rd_q;
      sfl_w_q <= sfl_rd_q;
    end
  end

  logic          tim_we;
  logic [TW-1:0] tim_wa;
  logic [XW+1:0] tim_wd;
  always_comb begin
    tim_we = 1'b0;
    tim_wa = TW'(id_q);
    tim_wd = '0;
    if (state_q == S_INIT) begin
      tim_we = 32'(init_q) < IDS;
      tim_wa = TW'(init_q);
    end else if (dec_here || dec_refill || dec_swap) begin
      tim_we = 1'b1;
      tim_wd = {W_HERE, XW'(fill_row)};
    end else if (dec_mem) begin
      tim_we = 1'b1;
      tim_wd = {W_SPILL, XW'(sfl_w_q)};
    end else if ((dec_rhere || dec_rmem_last) && last_q) begin
      tim_we = 1'b1;
      tim_wd = {W_NONE, XW'(0)};
    end else if (state_q == S_MREQ && swap_q) begin
      tim_we = 1'b1;
      tim_wa = vid_q;
      tim_wd = {W_SPILL, XW'(se_q)};
    end
  end
  always_ff @(posedge clk_i) begin
    if (tim_we) tim_q[tim_wa] <= tim_wd;
  end

  // the free rings: written at init (row i, spill entry i) and on a release
  logic [FW-1:0] fl_tail;
  logic [SW-1:0] sfl_tail;
  always_comb begin
    fl_tail  = FW'((32'(fl_head_q) + 32'(fl_n_q)) % ENTRIES);
    sfl_tail = SW'((32'(sfl_head_q) + 32'(sfl_n_q)) % SPILL);
  end
  always_ff @(posedge clk_i) begin
    if (state_q == S_INIT && 32'(init_q) < ENTRIES) fl_q[FW'(init_q)] <= RW'(init_q);
    else if (fl_push) fl_q[fl_tail] <= fl_push_row;
  end
  always_ff @(posedge clk_i) begin
    if (state_q == S_INIT && 32'(init_q) < SPILL) sfl_q[SW'(init_q)] <= SW'(init_q);
    else if (sfl_push) sfl_q[sfl_tail] <= SW'(t_ent);
  end
  always_ff @(posedge clk_i) begin
    if (fill) own_q[fill_row] <= TW'(id_q);
  end
  logic [TW-1:0] vict_id;
  assign vict_id = own_q[vict_q];

  // the victim: the held row with no older held row (lowest such row: there is one when
  // any row is held, the order being strict)
  always_ff @(posedge clk_i) begin
    vict_q <= '0;
    for (int i = ROWS - 1; i >= 0; i--)
      if (inb_q[i] && (older_q[i] & inb_q) == '0) vict_q <= RW'(i);
  end

  // ---------------------------------------------------------------------------------
  // Control
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      state_q    <= S_INIT;
      init_q     <= '0;
      fl_head_q  <= '0;
      fl_n_q     <= EW'(ENTRIES);
      sfl_head_q <= '0;
      sfl_n_q    <= (SW+1)'(SPILL);
      spare_q    <= RW'(ENTRIES);
      inb_q      <= '0;
      prio_rd_q  <= 1'b0;
      blocked_q  <= 1'b0;
    end else begin
      unique case (state_q)
        S_INIT: begin
          init_q <= init_q + 12'd1;
          if (32'(init_q) == NI - 1) state_q <= S_IDLE;
        end
        S_IDLE: begin
          op_rd_q <= pick_rd;
          id_q    <= pick_id;
          last_q  <= rd_last_i;
          if (pick_rd || pick_wr) state_q <= S_LOOK;
        end
        S_LOOK: state_q <= S_DEC;
        S_DEC: begin
          prio_rd_q <= !op_rd_q;
          beat_q    <= '0;
          rk_q      <= '0;
          rk_done_q <= 1'b0;
          swap_q    <= dec_swap;
          wram_q    <= dec_refill || dec_swap;
          se_q      <= dec_mem ? sfl_w_q : SW'(t_ent);
          row_q     <= dec_rhere ? RW'(t_ent) : fill_row;
          vrow_q    <= vict_q;
          vid_q     <= vict_id;
          to_mem_q  <= dec_mem;
          rerr_q    <= !id_ok ? 3'd2 : 3'd5;
          if (!op_rd_q)
            state_q <= dec_eid || dec_twice ? S_DROP : dec_full ? S_IDLE : S_ARR;
          else
            state_q <= !id_ok || t_where == W_NONE ? S_RERR : t_where == W_HERE ? S_RBUF : S_MREQ;
          if (dec_full) blocked_q <= 1'b1;
          if ((dec_rhere || dec_rmem_last) && last_q) blocked_q <= 1'b0;
          if (fl_pop) fl_head_q <= FW'((32'(fl_head_q) + 1) % ENTRIES);
          if (sfl_pop) sfl_head_q <= SW'((32'(sfl_head_q) + 1) % SPILL);
          fl_n_q  <= fl_n_q - EW'(fl_pop) + EW'(fl_push);
          sfl_n_q <= sfl_n_q - (SW+1)'(sfl_pop) + (SW+1)'(sfl_push);
          for (int i = 0; i < ROWS; i++)
            for (int j = 0; j < ROWS; j++)
              if (fill && RW'(i) == fill_row) older_q[i][j] <= inb_q[j] && i != j;
              else if (fill && RW'(j) == fill_row) older_q[i][j] <= 1'b0;
          if (dec_swap) spare_q <= vict_q;
          inb_q <= (inb_q | (fill ? ROWS'(1) << fill_row : '0))
                   & ~(dec_swap ? ROWS'(1) << vict_q : '0)
                   & ~(fl_push ? ROWS'(1) << fl_push_row : '0);
        end
        S_ARR, S_DROP: begin
          if (wr_hs) begin
            beat_q <= beat_n;
            if (beat_q == LAST) state_q <= S_IDLE;
          end
        end
        S_RERR: if (rs_hs) state_q <= S_IDLE;
        S_RBUF: begin
          if (rs_hs) begin
            beat_q <= beat_n;
            if (beat_q == LAST) state_q <= S_IDLE;
          end
        end
        S_MREQ: if (mr_ready_i) state_q <= S_RMEM;
        S_RMEM: begin
          if (md_hs) begin
            beat_q <= beat_n;
            if (beat_q == LAST) begin
              state_q <= swap_q ? S_SWAP : S_IDLE;
              rk_q <= '0;
              rk_done_q <= 1'b0;
            end
          end
        end
        S_SWAP: begin
          if (mw_hs) begin
            beat_q <= beat_n;
            if (beat_q == LAST) state_q <= S_IDLE;
          end
        end
        default: state_q <= S_IDLE;
      endcase
      if (rd_issue) begin
        rk_q <= rk_q == LAST ? 3'd0 : rk_q + 3'd1;
        if (rk_q == LAST) rk_done_q <= 1'b1;
      end
    end
  end

  // the reader's buffer
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      infl_q <= 1'b0;
      fc_q   <= '0;
    end else begin
      infl_q <= rd_issue;
      if (f_pop) f0_q <= fc_q == 2'd2 ? f1_q : ram_rd;
      if (infl_q) begin
        if (fc_q == 2'd0 || (fc_q == 2'd1 && f_pop)) f0_q <= ram_rd;
        else if (fc_q == 2'd1 || (fc_q == 2'd2 && f_pop)) f1_q <= ram_rd;
      end
      fc_q <= fc_q + {1'b0, infl_q} - {1'b0, f_pop};
    end
  end
  // ---------------------------------------------------------------------------------
  // Properties (docs/texture.md, "gx_trb"). The environment keeps the stream rules: a
  // valid input stays high, its payload unchanged, until taken.
  `GX_ASSUME(WrHold_M, !`GX_PAST_OK || !$past(wr_valid_i && !wr_ready_o)
             || (wr_valid_i && wr_id_i == $past(wr_id_i) && wr_data_i == $past(wr_data_i)))
  `GX_ASSUME(RdHold_M, !`GX_PAST_OK || !$past(rd_valid_i && !rd_ready_o)
             || (rd_valid_i && rd_id_i == $past(rd_id_i) && rd_last_i == $past(rd_last_i)))
  `GX_ASSUME(MdHold_M, !`GX_PAST_OK || !$past(md_valid_i && !md_ready_o)
             || (md_valid_i && md_data_i == $past(md_data_i)))
  // and so does the block on its outputs
  `GX_ASSERT(RsHold_A, !`GX_PAST_OK || !$past(rs_valid_o && !rs_ready_i)
             || (rs_valid_o && rs_status_o == $past(rs_status_o) && rs_data_o == $past(rs_data_o)
                 && rs_last_o == $past(rs_last_o)))
  `GX_ASSERT(MwHold_A, !`GX_PAST_OK || !$past(mw_valid_o && !mw_ready_i)
             || (mw_valid_o && mw_entry_o == $past(mw_entry_o) && mw_beat_o == $past(mw_beat_o)
                 && mw_data_o == $past(mw_data_o)))
  `GX_ASSERT(MrHold_A, !`GX_PAST_OK || !$past(mr_valid_o && !mr_ready_i)
             || (mr_valid_o && mr_entry_o == $past(mr_entry_o)))
`ifdef GX_ASSERT_ON
  // Conservation. The TIM as it stands once a swap's second write is done (the victim's
  // id: spilled to se_q from the decision to S_MREQ); each row is exactly one of free (in
  // the ring), held (inb_q, by exactly one id whose TIM word names it, its owner) and the
  // spare; each spill entry exactly one of free and held by exactly one id; the counts
  // are the rings'.
  // Simulation checks it at every IDS; Yosys (the proofs, lint's elaboration) only at a
  // small TIM: a read port a word makes a large TIM's elaboration slow.
`ifdef VERILATOR
  localparam bit FvTim = 1'b1;
`else
  localparam bit FvTim = IDS <= 16;
`endif
  logic          fv_win;
  logic [XW+1:0] fv_w;
  logic [ROWS-1:0][7:0] fv_row;     // per row: free + held by an id + spare
  logic [SPILL-1:0][11:0] fv_se;    // per spill entry: free + held by an id
  logic [11:0]   fv_here, fv_spilled;
  logic          fv_tim_ok, fv_order, fv_init_ok;
  logic [RW-1:0] fv_vict;
  always_comb begin
    fv_win = swap_q && state_q == S_MREQ;
    fv_w = '0;
    fv_row = '0;
    fv_se = '0;
    fv_here = '0;
    fv_spilled = '0;
    fv_tim_ok = 1'b1;
    for (int i = 0; i < (FvTim ? IDS : 0); i++) begin
      fv_w = fv_win && TW'(i) == vid_q ? {W_SPILL, XW'(se_q)} : tim_q[i];
      if (fv_w[XW+1:XW] == W_HERE) begin
        fv_here = fv_here + 12'd1;
        if (32'(fv_w[XW-1:0]) < ROWS) begin
          fv_row[RW'(fv_w[XW-1:0])] = fv_row[RW'(fv_w[XW-1:0])] + 8'd1;
          fv_tim_ok = fv_tim_ok && inb_q[RW'(fv_w[XW-1:0])]
                      && own_q[RW'(fv_w[XW-1:0])] == TW'(i);
        end else fv_tim_ok = 1'b0;
      end else if (fv_w[XW+1:XW] == W_SPILL) begin
        fv_spilled = fv_spilled + 12'd1;
        if (32'(fv_w[XW-1:0]) < SPILL)
          fv_se[SW'(fv_w[XW-1:0])] = fv_se[SW'(fv_w[XW-1:0])] + 12'd1;
        else fv_tim_ok = 1'b0;
      end else if (fv_w[XW+1:XW] != W_NONE) fv_tim_ok = 1'b0;
    end
    for (int i = 0; i < ENTRIES; i++)
      if (i < int'(fl_n_q))
        fv_row[fl_q[FW'((32'(fl_head_q) + 32'(i)) % ENTRIES)]] =
          fv_row[fl_q[FW'((32'(fl_head_q) + 32'(i)) % ENTRIES)]] + 8'd1;
    fv_row[spare_q] = fv_row[spare_q] + 8'd1;
    for (int i = 0; i < SPILL; i++)
      if (i < int'(sfl_n_q))
        fv_se[sfl_q[SW'((32'(sfl_head_q) + 32'(i)) % SPILL)]] =
          fv_se[sfl_q[SW'((32'(sfl_head_q) + 32'(i)) % SPILL)]] + 12'd1;
    for (int r = 0; r < ROWS; r++)
      fv_tim_ok = fv_tim_ok && fv_row[r] == 8'd1;
    for (int e = 0; e < SPILL; e++)
      fv_tim_ok = fv_tim_ok && fv_se[e] == 12'd1;
    // the age matrix: a strict total order over the held rows
    fv_order = 1'b1;
    for (int i = 0; i < ROWS; i++)
      for (int j = 0; j < ROWS; j++)
        if (inb_q[i] && inb_q[j]) begin
          if (i == j) fv_order = fv_order && !older_q[i][j];
          else fv_order = fv_order && older_q[i][j] != older_q[j][i];
          for (int k = 0; k < ROWS; k++)
            if (inb_q[k] && older_q[i][j] && older_q[j][k]) fv_order = fv_order && older_q[i][k];
        end
    fv_vict = '0;
    for (int i = ROWS - 1; i >= 0; i--)
      if (inb_q[i] && (older_q[i] & inb_q) == '0) fv_vict = RW'(i);
    // the tables written so far after reset
    fv_init_ok = 1'b1;
    for (int i = 0; i < (FvTim ? NI : 0); i++)
      if (i < int'(init_q))
        fv_init_ok = fv_init_ok && (i >= IDS || tim_q[i] == '0)
                     && (i >= ENTRIES || fl_q[i] == RW'(i)) && (i >= SPILL || sfl_q[i] == SW'(i));
  end
  wire fv_run = state_q != S_INIT;
  `GX_ASSERT(Init_A, fv_run || (fv_init_ok && 32'(init_q) < NI && inb_q == '0
             && fl_n_q == EW'(ENTRIES) && sfl_n_q == (SW+1)'(SPILL) && fl_head_q == '0
             && sfl_head_q == '0 && spare_q == RW'(ENTRIES) && !blocked_q))
  `GX_ASSERT(Counts_A, 32'(fl_n_q) <= ENTRIES && 32'(sfl_n_q) <= SPILL
             && 32'(fl_head_q) < ENTRIES && 32'(sfl_head_q) < SPILL && 32'(spare_q) < ROWS)
  `GX_ASSERT(Conserve_A, !fv_run || !FvTim || (fv_tim_ok && 32'(fv_here) == ENTRIES - 32'(fl_n_q)
             && 32'(fv_spilled) == SPILL - 32'(sfl_n_q)))
  `GX_ASSERT(Held_A, $countones(inb_q) == 32'(ENTRIES) - 32'(fl_n_q) && !inb_q[spare_q])
  `GX_ASSERT(Order_A, fv_order)
  // the decision's reads: the picked id's TIM word, the rings' heads, the victim
  `GX_ASSERT(LookRead_A, state_q != S_LOOK || ((!id_ok || tim_rd_q == tim_q[TW'(id_q)])
             && fl_rd_q == fl_q[fl_head_q] && sfl_rd_q == sfl_q[sfl_head_q]))
  `GX_ASSERT(DecRead_A, state_q != S_DEC || ((!id_ok || tim_w_q == tim_q[TW'(id_q)])
             && fl_w_q == fl_q[fl_head_q] && sfl_w_q == sfl_q[sfl_head_q]
             && vict_q == fv_vict))
  // spill progress: a spilled value's read never waits (it goes to memory at once), and
  // with no entry free there is a victim to swap with
  `GX_ASSERT(SpillGo_A, !`GX_PAST_OK || !$past(state_q == S_DEC && op_rd_q && id_ok
             && t_where == W_SPILL) || state_q == S_MREQ)
  `GX_ASSERT(Victim_A, !dec_swap || (inb_q[vict_q] && vict_q != spare_q))
  // each state's transaction, and the rows the data RAM is read and written at
  logic fv_xfer;
  assign fv_xfer = state_q == S_MREQ || state_q == S_RMEM || state_q == S_SWAP;
  `GX_ASSERT(Phase_A, (state_q != S_ARR && state_q != S_DROP || !op_rd_q)
             && (state_q != S_RERR && state_q != S_RBUF && !fv_xfer || op_rd_q)
             && (state_q != S_ARR || to_mem_q || (32'(row_q) < ROWS && inb_q[row_q]))
             && (!fv_xfer || !wram_q || (32'(row_q) < ROWS && inb_q[row_q]))
             && (!fv_xfer || !swap_q || (wram_q && vrow_q == spare_q && 32'(vrow_q) < ROWS))
             && (state_q != S_SWAP || swap_q)
             && (state_q != S_RBUF || 32'(row_q) < ROWS))
  // the reader: words read = words given + buffered + in flight; the buffer at most two
  logic [3:0] fv_rk;
  assign fv_rk = rk_done_q ? 4'(BEATS) : {1'b0, rk_q};
  `GX_ASSERT(Reader_A, fc_q <= 2'd2 && (!rdr_on ? fc_q == 2'd0 && !infl_q
             : fv_rk == {1'b0, beat_q} + {2'b0, fc_q} + {3'b0, infl_q}
               && (rk_done_q || rk_q >= beat_q)))
  `GX_ASSERT(Beat_A, {1'b0, beat_q} < 4'(BEATS) && {1'b0, rk_q} < 4'(BEATS))
`endif
endmodule

`default_nettype wire
