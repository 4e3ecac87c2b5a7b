// gx_texq: the texture queue of issue 25 (docs/texture.md, "gx_texq: the texture queue in
// RTL"). Pixel-shader warps store their texture coordinates, one slot (32 lanes of 32
// bits) at a time, into 32 banks of block RAM; the scheduler reserves a batch's slots all
// at once (first fit); a batch whose coordinate slots are all stored drains through the
// read crossbar and the texture interface buffer to the texture unit in QuadTex or
// TexTile order; the unit's results come back through the write crossbar into the
// batch's result slots, which the warps read; the coordinate slots are freed when the
// batch's last request is read, the result slots and the record after the last read.
//
// The C model is the specification (gx_texq in cmodel/src/texq.c): every transaction's
// result and error code, the base of every reservation, and the read crossbar's clock
// (gx_texq_clock): the requests read in each clock, the interface buffer's contents and
// the request handed on in each clock.
//
// Ports (valid/ready; a transfer on valid && ready, the payload held while valid):
//   cmd:  one transaction (cmd_op_i: 0 reserve, 1 store, 2 result, 3 read) with its fields
//         and 1024 bits of data (a store's 32 values, a result's 4 in bits [127:0]), taken
//         into the command register when it is free or its command starts. A command
//         commits in one clock (cmt_o): its response is loaded (rsp_*_o, registered) and
//         the state changes at that edge; commands commit in the order taken.
//   tex:  the quad requests to the texture unit, registered (tex_*_o).
// Command latency, every port ready (clock 1: a command offered to an idle queue, taken at
// once): a store or a result commits in clock 5 (taken, with A1; the meta read; A2;
// SMeta; SDec), the next one 2 clocks later (one every 2 clocks back to back); a read in
// clock 8 or later (SRdWait waits for a clock in which the read crossbar does not read; SRdReg, the
// banks' output register), the next 5 clocks later; a reservation in clock Batches + 6
// (the first-fit scan, restarted when coordinates are freed during it); a refused
// reservation (arguments, no record, configuration) in clock 2.
// Read crossbar: the batch drained is chosen, and its shape registered, in the clock before
// its first read; coordinates freed by its last read are free for the commands of the next
// clock. Up to 4 requests a clock under the model's bank rule; the interface
// buffer holds 16 requests (512 bytes), counted from the clock a request is read; a
// request read in clock t can be handed on at t + 2 (GX_TEXQ_READ_LAT: the banks' block
// RAM register, then their output register) and the texture port takes one request a
// clock.
//
// Storage: 32 banks of Slots x 32 bits (gx_ram_1r1w, block RAM); a meta RAM of Slots words
// {tag, flags}: a slot's flags (a coordinate slot stored; a result slot's 8 quads written
// and its read) count only when its tag is the reservation number of the batch that
// holds the slot, so a reservation clears nothing. Batch records (Batches, each a few
// counters, its range and its reservation number) and an age matrix in flip-flops; the
// interface buffer in four banks of 4 requests (LUT RAM), written by up to 4 requests a
// clock.
`default_nettype none
`include "gx_assert.svh"

module gx_texq #(
  parameter int unsigned Slots   = 512,  /// slots of 1024 bits, 16..1024, a power of two
  parameter int unsigned Batches = 16,   /// batch records: 16 (fewer: the proofs)
  localparam int unsigned SW = $clog2(Slots),
  localparam int unsigned BW = 4
) (
  input  wire logic          clk_i,        /// clock, rising edge
  input  wire logic          rst_i,        /// synchronous reset, active high
  input  wire logic [10:0]   cfg_slots_i,  /// slots used, 1..Slots (static after reset)
  input  wire logic          cfg_order_i,  /// 0 QuadTex, 1 TexTile (static after reset)
  output      logic          cfg_err_o,    /// cfg_slots_i out of range: reservations refused
  // commands
  input  wire logic          cmd_valid_i,  /// a transaction
  output      logic          cmd_ready_o,  /// taken (the clock it completes)
  input  wire logic [1:0]    cmd_op_i,     /// 0 reserve, 1 store, 2 result, 3 read
  input  wire logic [4:0]    cmd_batch_i,  /// batch (store, result, read)
  input  wire logic [3:0]    cmd_warps_i,  /// reserve: warps; others: warp w
  input  wire logic [3:0]    cmd_ops_i,    /// reserve: operations; others: operation k
  input  wire logic [1:0]    cmd_comp_i,   /// store: component (0 s, 1 t)
  input  wire logic [2:0]    cmd_quad_i,   /// result: quad of the warp
  input  wire logic [8:0]    cmd_seq_i,    /// result: the request's place in the drain order
  input  wire logic [1023:0] cmd_data_i,   /// store: lane l in [32 l +: 32]; result: pixel i
  // responses
  output      logic          rsp_valid_o,  /// a command's response
  input  wire logic          rsp_ready_i,  /// response taken
  output      logic [3:0]    rsp_err_o,    /// gx_texq_err_t
  output      logic [3:0]    rsp_batch_o,  /// reserve: the batch
  output      logic [9:0]    rsp_base_o,   /// reserve: its first slot
  output      logic [1023:0] rsp_data_o,   /// read: lane l in [32 l +: 32]
  // quad requests to the texture unit
  output      logic          tex_valid_o,  /// a request
  input  wire logic          tex_ready_i,  /// the unit takes it
  output      logic [3:0]    tex_batch_o,  /// its batch
  output      logic [2:0]    tex_warp_o,   /// warp
  output      logic [2:0]    tex_quad_o,   /// quad of the warp
  output      logic [2:0]    tex_op_o,     /// operation
  output      logic [8:0]    tex_seq_o,    /// place in the batch's drain order
  output      logic [127:0]  tex_s_o,      /// pixel i's s in [32 i +: 32]
  output      logic [127:0]  tex_t_o,      /// pixel i's t in [32 i +: 32]
  // observation (the testbench compares the crossbar clock by clock)
  output      logic [2:0]    xb_n_o,       /// requests the read crossbar reads this clock
  output      logic          cmt_o         /// a command commits this clock (its response loaded)
);
  localparam int unsigned NB = 32;              // banks
  localparam int unsigned MW = 48;              // meta word: tag 39, flags 9
  localparam int unsigned EW = 22 + 256;        // an interface buffer entry
  localparam int unsigned CW = 12;              // candidate and range arithmetic

  typedef enum logic [2:0] {SIdle, SMeta, SDec, SRdWait, SRdReg, SRdData, SScan} cst_e;
  localparam logic [1:0] BFree = 2'd0, BFill = 2'd1, BReady = 2'd2, BResult = 2'd3;
  localparam logic [3:0] EOk = 4'd0, ECfg = 4'd1, EFull = 4'd2, EArg = 4'd3, EBatch = 4'd4,
                         ETwice = 4'd5, ENotReady = 4'd6, EReq = 4'd7;

  // ---------------------------------------------------------------- batch records
  logic [Batches-1:0][1:0] bst_q;  // gx_texq_bstate_t
  logic [Batches-1:0][3:0] bw_q;  // warps
  logic [Batches-1:0][3:0] bk_q;  // operations
  logic [Batches-1:0][SW-1:0] base_q;  // first slot
  logic [Batches-1:0][SW:0] mid_q;  // first result slot: base + 2WK
  logic [Batches-1:0][SW:0] hi_q;  // end: base + 3WK
  logic [Batches-1:0][9:0] tot_q;  // requests: 8 W K
  logic [Batches-1:0] cl_q;  // coordinate slots held
  logic [Batches-1:0] drn_q;  // every request read
  logic [Batches-1:0][38:0] tag_q;  // reservation number
  logic [Batches-1:0][7:0] stored_q;  // coordinate slots stored
  logic [Batches-1:0][9:0] iss_q;  // requests handed to the texture unit
  logic [Batches-1:0][9:0] ret_q;  // results written
  logic [Batches-1:0][6:0] con_q;  // result slots read
  logic [Batches-1:0][Batches-1:0] older_q; // older_q[i][j]: i reserved before j
  logic [38:0]   rnum_q;             // next reservation number

  logic [Batches-1:0][1:0] bst_d;
  logic [Batches-1:0][3:0] bw_d;
  logic [Batches-1:0][3:0] bk_d;
  logic [Batches-1:0][SW-1:0] base_d;
  logic [Batches-1:0][SW:0] mid_d;
  logic [Batches-1:0][SW:0] hi_d;
  logic [Batches-1:0][9:0] tot_d;
  logic [Batches-1:0] cl_d;
  logic [Batches-1:0] drn_d;
  logic [Batches-1:0][38:0] tag_d;
  logic [Batches-1:0][7:0] stored_d;
  logic [Batches-1:0][9:0] iss_d;
  logic [Batches-1:0][9:0] ret_d;
  logic [Batches-1:0][6:0] con_d;
  logic [Batches-1:0][Batches-1:0] older_d;
  logic [38:0]   rnum_d;

  // ---------------------------------------------------------------- storage
  logic [NB-1:0]     bk_re;
  logic [NB-1:0][SW-1:0] bk_raddr;
  logic [NB-1:0][31:0] bk_rdata;
  logic [NB-1:0][3:0] bk_we;
  logic [SW-1:0]     bk_waddr;
  logic [NB-1:0][31:0] bk_wdata;
  logic              mt_re;
  logic [SW-1:0]     mt_raddr, mt_waddr;
  logic [MW-1:0]     mt_rdata, mt_wdata;
  logic              mt_we;

  for (genvar b = 0; b < NB; b++) begin : gen_bank
    gx_ram_1r1w #(.Depth(Slots), .Width(32), .OutReg(1'b1), .AlwaysRead(1'b1),
                  .WrReg(1'b1)) u_bank (
      .clk_i, .rst_i, .re_i(bk_re[b]), .raddr_i(bk_raddr[b]), .rdata_o(bk_rdata[b]),
      .we_i(bk_we[b]), .waddr_i(bk_waddr), .wdata_i(bk_wdata[b]));
  end
  gx_ram_1r1w #(.Depth(Slots), .Width(MW), .OutReg(1'b1), .AlwaysRead(1'b1), .WrReg(1'b1)) u_meta (
    .clk_i, .rst_i, .re_i(mt_re), .raddr_i(mt_raddr), .rdata_o(mt_rdata),
    .we_i({(MW/8){mt_we}}), .waddr_i(mt_waddr), .wdata_i(mt_wdata));

  // ---------------------------------------------------------------- configuration
  logic cfg_bad;
  assign cfg_bad = cfg_slots_i == '0 || 32'(cfg_slots_i) > Slots;
  assign cfg_err_o = cfg_bad;

  // ---------------------------------------------------------------- read crossbar
  // The batch drained (drain_id_q, with its W, K, base and request count in registers of
  // their own): chosen in the clock before it is first read, when none is chosen or the
  // chosen one reads its last request, as the ready batch reserved earliest that has not
  // been read and is not the one chosen. Its next requests in the drain order: the
  // positions of the next five (xp_q, the first one the iterator) and the bank groups and
  // slots of the next four are registers, loaded one clock ahead (below).
  logic          drain_v_q, drain_v_d;
  logic [BW-1:0] drain_id_q, drain_id_d;
  logic [8:0]    it_seq_q, it_seq_d;      // the iterator's place in the drain order
  logic [9:0]    rem_q, rem_d;            // requests of the batch not yet read
  logic          free_ev_q;               // coordinates were freed in the clock before

  // column i of the age matrix: bit j set when j was reserved before i
  logic [Batches-1:0][Batches-1:0] older_col;
  always_comb
    for (int i = 0; i < Batches; i++)
      for (int j = 0; j < Batches; j++) older_col[i][j] = older_q[j][i];

  // The batch chosen in this clock (nsel): the oldest ready batch not read and not the one
  // chosen. It is registered (nsel_oh_q), computed a clock ahead from the records and the
  // clock's decisions that change them early: a store that makes its batch ready (st_rdy,
  // from the snapshot registers) adds it; the batch chosen in that clock, when it is
  // loaded (nsel_ld, late), leaves, so both choices are made and nsel_ld picks one (Nsel_A).
  logic [Batches-1:0] nsel_oh, nsel_oh_q, nsel_a, nsel_b;
  logic [Batches-1:0] drain_oh_q, drain_oh_d;   // drain_id_q one-hot (0 with none chosen)
  logic               nsel_v;
  logic [BW-1:0]      nsel, xsel;
  always_comb begin
    nsel_oh = nsel_oh_q;
    nsel_v = |nsel_oh;
    nsel = '0;
    for (int i = 0; i < Batches; i++)
      if (nsel_oh[i]) nsel = nsel | BW'(i);
  end
  assign xsel = drain_id_q;

  logic [3:0]    xW_q, xK_q;
  logic [SW-1:0] xbase_q;
  logic          nsel_ld;      // the choice loads the drain's registers

  // A position in the drain order: warp, quad, op, and sb, the slot of the warp's first
  // coordinate (base + 2 w K).
  typedef struct packed {
    logic [2:0]    w, q, k;
    logic [SW-1:0] sb;
  } xpos_t;

  // The position j <= 4 steps after p (k < K). QuadTex (op fastest, then quad, then
  // warp): k + j = d K + k' with d <= 4, the quad number Q = 8 w + q advanced by d, so the
  // warp steps at most once (d < 8) and sb gains 2 K when it does. TexTile (quad fastest,
  // then warp, then op): q + j wraps at most once, stepping the warp, which wraps at W
  // into the next op (sb back to the base).
  function automatic xpos_t xstep(input xpos_t p, input logic [2:0] j, input logic [3:0] K,
                                  input logic [3:0] W, input logic [SW-1:0] base,
                                  input logic order);
    logic [3:0] s, k2, k3, k4;
    logic [2:0] d;
    logic [5:0] qn;
    logic       c, wl;
    logic [SW-1:0] sbk;
    xpos_t      r;
    sbk = p.sb + SW'({K, 1'b0});
    if (!order) begin
      s = {1'b0, p.k} + {1'b0, j};
      k2 = {K[2:0], 1'b0};
      k3 = K + k2;
      k4 = {K[1:0], 2'b00};
      // s < K + 4 <= 12, so only the multiples up to 4 K below 12 count
      d = 3'(s >= K) + 3'(K <= 4'd5 && s >= k2) + 3'(K <= 4'd3 && s >= k3)
          + 3'(K <= 4'd2 && s >= k4);
      unique case (d)
        3'd0:    r.k = s[2:0];
        3'd1:    r.k = 3'(s - K);
        3'd2:    r.k = 3'(s - k2);
        3'd3:    r.k = 3'(s - k3);
        default: r.k = 3'(s - k4);
      endcase
      qn = {p.w, p.q} + {3'd0, d};
      r.q = qn[2:0];
      r.w = qn[5:3];
      r.sb = qn[5:3] != p.w ? sbk : p.sb;
    end else begin
      c = {1'b0, p.q} + {1'b0, j} >= 4'd8;
      wl = 4'(p.w) + 4'd1 == W;
      r.q = p.q + j;
      r.w = !c ? p.w : wl ? 3'd0 : p.w + 3'd1;
      r.sb = !c ? p.sb : wl ? base : sbk;
      r.k = c && wl ? p.k + 3'd1 : p.k;
    end
    xstep = r;
  endfunction

  // request j's bank group g_j = (quad + op) mod 8 (its s values there, its t values in
  // g_j + 4; two requests conflict when their groups agree mod 4) and the slot of its s
  // (t: the next slot)
  function automatic logic [2:0] xgrp(input logic [2:0] q, k);
    xgrp = q + k;
  endfunction
  function automatic logic [SW-1:0] xslot(input logic [SW-1:0] sb, input logic [2:0] k);
    xslot = sb + SW'({k, 1'b0});
  endfunction

  // the lookahead registers: positions 0..4 after the iterator (0: the iterator; warp,
  // quad, op, warp slot, group and slot each in an array of its own); the clock's requests
  // come from them alone, and their next values are positions xn..xn+4, the ones past 4
  // stepped from position 4 (xstep's function, Drain_A)
  logic [4:0][2:0]    xw_q, xq_q, xk_q, xw_d, xq_d, xk_d;
  logic [4:0][SW-1:0] xsb_q, xsb_d;
  logic [4:0][2:0]    xg_q, xg_d;
  logic [4:0][SW-1:0] xsa_q, xsa_d;
  logic [8:0][2:0]    xwa, xqa, xka, xga;
  logic [8:0][SW-1:0] xsba, xsaa;
  // The steps j = 1..4 from position 4 as selects of values computed side by side from
  // registers. QuadTex: d = (k + j) / K multiples of K are crossed (d <= j); for each d the
  // quad q + d, the warp step (q + d >= 8), op k + j - d K, group g + j + d - d K, slot
  // sa + 2 j - 2 d K (+ 2 K with the warp step) from constants of the batch drained
  // (xdk_q: d K; xc_q: 2 j - 2 d K, registered with its shape), then one select by d.
  // TexTile: the quad wraps (q + j >= 8) and steps the warp, which wraps at W into the
  // next op: three slots side by side (sa, sa + 2 K, base + 2 k + 2).
  // d K for d = 0..5 as shifts and adds (a product would be a DSP)
  function automatic logic [5:0] dk(input int d, input logic [3:0] K);
    dk = (d % 2 == 1 ? 6'(K) : 6'd0) + ((d / 2) % 2 == 1 ? 6'({K, 1'b0}) : 6'd0)
         + (d >= 4 ? 6'({K, 2'b00}) : 6'd0);
  endfunction
  logic [5:0][5:0]          xdk_q;          // d K
  logic [SW-1:0]            xk2_q;          // 2 K
  logic [4:1][4:0][SW-1:0]  xc_q, xcp_q;    // 2 j - 2 d K, and + 2 K (mod 2^SW)
  logic [SW-1:0]            sbk4, sak4, bk4;
  logic [4:1][5:0]          dge;            // k + j >= d K (d = 0..5)
  logic [4:1][4:0]          wst;            // QuadTex: q + d >= 8, the warp steps
  logic [4:1]               tc, twl;        // TexTile: q + j >= 8; w + 1 = W
  always_comb begin
    sbk4 = xsb_q[4] + xk2_q;
    sak4 = xsa_q[4] + xk2_q;
    bk4 = xbase_q + SW'({3'(xk_q[4] + 3'd1), 1'b0});   // (the op in 3 bits, as xstep)
    for (int m = 0; m < 5; m++) begin
      xwa[m] = xw_q[m];
      xqa[m] = xq_q[m];
      xka[m] = xk_q[m];
      xsba[m] = xsb_q[m];
      xga[m] = xg_q[m];
      xsaa[m] = xsa_q[m];
    end
    for (int j = 1; j < 5; j++) begin
      for (int d = 0; d < 5; d++) wst[j][d] = d > 0 && {1'b0, xq_q[4]} + 4'(d) >= 4'd8;
      tc[j] = {1'b0, xq_q[4]} + 4'(j) >= 4'd8;
      twl[j] = {1'b0, xw_q[4]} + 4'd1 == xW_q;
      for (int d = 0; d < 6; d++)
        dge[j][d] = d == 0 || (d <= j && 6'({1'b0, xk_q[4]} + 4'(j)) >= xdk_q[d]);
      if (!cfg_order_i) begin
        xwa[4 + j] = '0;
        xqa[4 + j] = '0;
        xka[4 + j] = '0;
        xsba[4 + j] = '0;
        xga[4 + j] = '0;
        xsaa[4 + j] = '0;
        for (int d = 0; d <= j; d++)
          if (dge[j][d] && !dge[j][d + 1]) begin
            xqa[4 + j] = xqa[4 + j] | 3'(xq_q[4] + 3'(d));
            xwa[4 + j] = xwa[4 + j] | 3'(xw_q[4] + 3'(wst[j][d]));
            xka[4 + j] = xka[4 + j] | 3'(xk_q[4] + 3'(j) - xdk_q[d][2:0]);
            xga[4 + j] = xga[4 + j] | 3'(xg_q[4] + 3'(j + d) - xdk_q[d][2:0]);
            xsba[4 + j] = xsba[4 + j] | (wst[j][d] ? sbk4 : xsb_q[4]);
            xsaa[4 + j] = xsaa[4 + j] | (wst[j][d] ? xsa_q[4] + xcp_q[j][d]
                                                    : xsa_q[4] + xc_q[j][d]);
          end
      end else begin
        xqa[4 + j] = xq_q[4] + 3'(j);
        xwa[4 + j] = !tc[j] ? xw_q[4] : twl[j] ? 3'd0 : xw_q[4] + 3'd1;
        xka[4 + j] = tc[j] && twl[j] ? xk_q[4] + 3'd1 : xk_q[4];
        xga[4 + j] = xg_q[4] + 3'(j) + 3'(tc[j] && twl[j]);
        xsba[4 + j] = !tc[j] ? xsb_q[4] : twl[j] ? xbase_q : sbk4;
        xsaa[4 + j] = !tc[j] ? xsa_q[4] : twl[j] ? bk4 : sak4;
      end
    end
  end

  // A batch's positions 0..4 from its start are in warp 0 (8 K >= 8 > 4 requests), so sb
  // is the base; QuadTex: quad j / K, op j mod K; TexTile: quad j, op 0. The slot of
  // position j's s values, base + 2 k, is kept in the record from the reservation
  // (sa0_q), so a new batch's lookahead is a select of registers.
  // (tables over K = 1..8, the values a record holds; j a constant)
  function automatic logic [2:0] xq_start(input int j, input logic [3:0] K,
                                          input logic order);
    xq_start = 3'(j);
    for (int k = 1; k <= 8; k++) if (!order && K == 4'(k)) xq_start = 3'(j / k);
  endfunction
  function automatic logic [2:0] xk_start(input int j, input logic [3:0] K,
                                          input logic order);
    xk_start = 3'd0;
    for (int k = 1; k <= 8; k++) if (!order && K == 4'(k)) xk_start = 3'(j % k);
  endfunction

  // the batch chosen next (nsel): its record, and its positions 0..4 from the start
  logic [3:0]    nW, nK;
  logic [SW-1:0] nbase;
  logic [9:0]    ntot;
  logic [4:0][2:0]    xw0, xq0, xk0;
  logic [4:0][SW-1:0] xsb0;
  logic [4:0][SW-1:0] xsa0;
  logic [Batches-1:0][4:0][SW-1:0] sa0_q, sa0_d;   // each record's sa0
  always_comb begin
    nW = '0;
    nK = '0;
    nbase = '0;
    ntot = '0;
    xsa0 = '0;
    for (int i = 0; i < Batches; i++)
      if (nsel_oh[i]) begin
        nW = nW | bw_q[i];
        nK = nK | bk_q[i];
        nbase = nbase | base_q[i];
        ntot = ntot | tot_q[i];
        xsa0 = xsa0 | sa0_q[i];
      end
    for (int j = 0; j < 5; j++) begin
      xw0[j] = 3'd0;
      xq0[j] = '0;
      xk0[j] = '0;
      xq0[j] = xq_start(j, nK, cfg_order_i);
      xk0[j] = xk_start(j, nK, cfg_order_i);
      xsb0[j] = nbase;
    end
  end

  // The clock's request count xn comes from flags kept beside the counters, so no compare
  // is in its path: the buffer's count as a thermometer (cth_q[c]: count >= c) and the
  // requests left as one (rle_q[m]: rem_q <= m); both move with the counters (CountTh_A).
  logic          pop;
  logic [2:0]    xn;
  logic [4:0]    xn_oh;         // xn one-hot
  logic [3:0]    xrd;           // request j is read: j < xn
  logic [4:0]    count;         // the buffer's entries: the thermometer's ones
  logic [3:0]    wr_ptr_q, wr_ptr_d;  // the interface buffer's write pointer
  logic          free_ev;       // a batch's coordinates freed this clock
  logic [16:1]   cth_q, cth_d;
  logic [7:0]    rle_q, rle_d;
  logic [4:1]    rem_eq;        // rem_q == n
  logic [17:1]   cth17;         // cth_q with count >= 17 (never)
  assign cth17 = {1'b0, cth_q};
  always_comb begin
    count = '0;
    for (int c = 1; c <= 16; c++) count = count + 5'(cth_q[c]);
  end
  assign pop = rth_q[1] && (!tex_valid_q || tex_ready_i);
  logic [1:0][4:0] xoh_p;       // xn one-hot for a clock without (0) and with (1) a pop
  always_comb begin
    logic stop;
    for (int p = 0; p < 2; p++) begin
      xoh_p[p] = 5'd1;
      stop = !drain_v_q;
      for (int j = 0; j < 4; j++) begin
        if (j > 0 && xg_q[j][1:0] == xg_q[0][1:0]) stop = 1'b1;
        if (j > 1 && xg_q[j][1:0] == xg_q[1][1:0]) stop = 1'b1;
        if (j > 2 && xg_q[j][1:0] == xg_q[2][1:0]) stop = 1'b1;
        // room for request j: the buffer's free entries (16 - count, one more when the
        // head is handed on) above j: count < 16 - j, or count = 16 - j and a pop
        if (cth17[16 - j] && !(p == 1 && !cth17[17 - j])) stop = 1'b1;
        // request j in the batch: more than j left
        if (rle_q[j]) stop = 1'b1;
        if (!stop) xoh_p[p] = 5'd2 << j;
      end
    end
    // the texture port's ready comes last: it only chooses between the two
    xn_oh = pop ? xoh_p[1] : xoh_p[0];
    xn = '0;
    for (int n = 1; n < 5; n++) if (xn_oh[n]) xn = xn | 3'(n);
    xrd = '0;
    for (int j = 0; j < 4; j++)
      for (int n = j + 1; n < 5; n++) xrd[j] = xrd[j] | xn_oh[n];
    for (int n = 1; n < 5; n++) rem_eq[n] = rle_q[n] && !rle_q[n - 1];
  end

  // The crossbar reads nothing this clock (xn = 0, XnZero_A) from a few registers and the
  // texture port's ready: no batch chosen, none of it left, or the buffer full without a
  // pop. Bank group g's address (xa_grp): the first of the next four requests in it.
  logic          xn0;
  logic [7:0][SW-1:0] xa_grp;
  assign xn0 = !drain_v_q || rle_q[0] || (cth_q[16] && !pop);
  always_comb
    for (int g = 0; g < 8; g++) begin
      xa_grp[g] = '0;
      for (int j = 3; j >= 0; j--)
        if (xg_q[j][1:0] == 2'(g)) xa_grp[g] = xsa_q[j] + SW'(g[2] != xg_q[j][2]);
    end

  // The next values of the crossbar's registers: for each request count n a candidate
  // computed from registers (n = 0: unchanged; the batch's last requests, or none chosen:
  // the next batch's start), then one AND-OR select by xn_oh, the clock's last signal.
  logic [4:0]    xld;           // with n requests the next batch is loaded
  logic [4:0]    xfree;         // with n requests the batch's last is read
  logic [11:0] rle_n;           // rem_q <= m
  logic [20:0] cext;            // cext[c + 3] = count >= c for c = -3..17
  logic [4:0][4:0][2:0]    cw, cq, ck;   // the candidates for each n
  logic [4:0][4:0][SW-1:0] csb;
  logic [4:0][4:0][2:0]    cg;
  logic [4:0][4:0][SW-1:0] csa;
  logic [4:0][9:0]         crem;
  logic [4:0][7:0]         crle;
  logic [4:0][16:1]        ccth;
  logic [4:0][3:0]         cwr;
  logic [4:0][8:0]         cseq;
  always_comb begin
    for (int m = 0; m < 12; m++) rle_n[m] = rem_q <= 10'(m);
    cext = {1'b0, cth_q, 4'b1111};
    xfree[0] = 1'b0;
    xld[0] = !drain_v_q;
    for (int n = 1; n < 5; n++) begin
      xfree[n] = rem_eq[n];
      xld[n] = rem_eq[n];
    end
    for (int n = 0; n < 5; n++) begin
      for (int j = 0; j < 5; j++) begin
        cw[n][j] = xld[n] ? xw0[j] : n == 0 ? xw_q[j] : xwa[n + j];
        cq[n][j] = xld[n] ? xq0[j] : n == 0 ? xq_q[j] : xqa[n + j];
        ck[n][j] = xld[n] ? xk0[j] : n == 0 ? xk_q[j] : xka[n + j];
        csb[n][j] = xld[n] ? xsb0[j] : n == 0 ? xsb_q[j] : xsba[n + j];
      end
      for (int j = 0; j < 5; j++) begin
        cg[n][j] = xld[n] ? xgrp(xq0[j], xk0[j]) : n == 0 ? xg_q[j] : xga[n + j];
        csa[n][j] = xld[n] ? xsa0[j] : n == 0 ? xsa_q[j] : xsaa[n + j];
      end
      crem[n] = xld[n] ? ntot : rem_q - 10'(n);
      // a batch has 8 W K >= 8 requests: rle starts at 0
      for (int m = 0; m < 8; m++) crle[n][m] = xld[n] ? 1'b0 : rle_n[m + n];
      // the count moves by n - pop
      for (int c = 1; c <= 16; c++) ccth[n][c] = pop ? cext[c - n + 4] : cext[c - n + 3];
      cwr[n] = wr_ptr_q + 4'(n);
      cseq[n] = xfree[n] ? 9'd0 : it_seq_q + 9'(n);
    end
    xw_d = '0;
    xq_d = '0;
    xk_d = '0;
    xsb_d = '0;
    xg_d = '0;
    xsa_d = '0;
    rem_d = '0;
    rle_d = '0;
    cth_d = '0;
    wr_ptr_d = '0;
    it_seq_d = '0;
    for (int n = 0; n < 5; n++)
      if (xn_oh[n]) begin
        xw_d = xw_d | cw[n];
        xq_d = xq_d | cq[n];
        xk_d = xk_d | ck[n];
        xsb_d = xsb_d | csb[n];
        xg_d = xg_d | cg[n];
        xsa_d = xsa_d | csa[n];
        rem_d = rem_d | crem[n];
        rle_d = rle_d | crle[n];
        cth_d = cth_d | ccth[n];
        wr_ptr_d = wr_ptr_d | cwr[n];
        it_seq_d = it_seq_d | cseq[n];
      end
    free_ev = |(xn_oh & xfree);
    nsel_ld = |(xn_oh & xld);
  end
  assign xb_n_o = xn;

  // ---------------------------------------------------------------- command control
  cst_e          cst_q, cst_d;
  logic [4:0]    scan_q, scan_d;          // reservation: candidate 0 (slot 0), 1 + j (end of j)
  logic          best_v_q, best_v_d;
  logic [CW-1:0] best_q, best_d;
  logic [SW-1:0] cslot_q, cslot_d;        // the command's slot
  logic          rsp_valid_q, rsp_valid_d;
  logic [3:0]    rsp_err_q, rsp_err_d, rsp_batch_q, rsp_batch_d;
  logic [9:0]    rsp_base_q, rsp_base_d;
  logic [1023:0] rsp_data_q, rsp_data_d;
  logic          rsp_ld;                  // a command commits: its response is loaded
  logic          cur_fin;                 // the current command ends this clock (or none)

  // a small product a b as shifts and adds (no multiplier: the factors are 4 and 6 bits)
  function automatic logic [9:0] smul(input logic [5:0] a, input logic [3:0] b);
    smul = '0;
    for (int i = 0; i < 4; i++) if (b[i]) smul = smul + (10'(a) << i);
  endfunction
  // a result's place in its batch's drain order: QuadTex (8 w + quad) K + k, TexTile
  // 8 W k + 8 w + quad
  function automatic logic [9:0] dplace(input logic order, input logic [2:0] w, quad, k,
                                        input logic [3:0] wn, kn);
    dplace = !order ? smul({w, quad}, kn) + {7'd0, k} : smul({k, 3'b000}, wn) + {4'd0, w, quad};
  endfunction

  // ---------------------------------------------------------------- the command pipeline
  // A command is taken into the command register (q_*) when it is free or starting. A
  // store, result or read starts (q_go) from there in steps: A1, its take clock or any
  // later one, registers its batch's base, 2WK and K and the product w K (a_*); from the
  // next clock its slot is computed from them (slot_a2) and the meta RAM reads it; A2, the
  // clock q_go, at least one clock after the first such read (am_q), moves the command to
  // the current command's registers (cur_*, its store or result values laid out for the
  // banks). SMeta registers the meta word (read in the clock before A2, through the meta
  // RAM's output register) and the command's record (the snapshot); SDec decides and
  // commits. The next command's A2 may be the current one's commit clock (a store's or
  // result's SDec, a read's SRdData), so one command every two clocks; its meta word then
  // takes the commit's write when both name the slot (fwd_hit_q, below: the meta RAM's
  // write is registered, so also the writes of the two clocks before). A1 is not taken
  // during a reservation's scan: a reservation writes a record's base, K and WK only when
  // it is answered. A read's last result read frees its batch (W, K zeroed): a command of
  // that batch behind it decides EBatch before its slot counts.
  logic          q_v_q, q_go;
  logic [1:0]    q_op_q;
  logic [4:0]    q_batch_q;
  logic [3:0]    q_warps_q, q_ops_q;
  logic [1:0]    q_comp_q;
  logic [2:0]    q_quad_q;
  logic [8:0]    q_seq_q;
  logic [1023:0] q_data_q;
  logic [BW-1:0] qb;
  assign qb = q_batch_q[BW-1:0];
  assign cmd_ready_o = !q_v_q || q_go;

  // the product w K of w < 8 and K < 16 as a table (LUTs, no adder chain)
  logic [127:0][6:0] mul_t;
  always_comb for (int i = 0; i < 128; i++) mul_t[i] = 7'(i / 16) * 7'(i % 16);

  // A1
  logic          a_v_q;
  logic          am_q;                    // q's slot was read (a_v_q) the clock before
  logic [SW-1:0] a_base_q;
  logic [7:0]    a_2wk_q;
  logic [3:0]    a_k_q, a_w_q;
  logic [6:0]    a_wk_q;
  logic [38:0]   a_tag_q;
  // A1 reads the record of the command in q next clock: the one taken now (cmd_*_i) when
  // q is free or starting, else q's own; both records are read side by side and the
  // choice is the last step, so the take decision does not reach the record's mux
  logic [1:0][38:0]   r2tag;
  logic [1:0][SW-1:0] r2base;
  logic [1:0][6:0]    r2wk, r2wkw;           // W K, w K
  logic [1:0][3:0]    r2k, r2w;
  logic [1:0][BW-1:0] r2b;
  logic [1:0][2:0]    r2warp;
  assign r2b = {cmd_batch_i[BW-1:0], qb};
  assign r2warp = {cmd_warps_i[2:0], q_warps_q[2:0]};
  always_comb begin
    for (int p = 0; p < 2; p++) begin
      r2tag[p] = '0;
      r2base[p] = '0;
      r2wk[p] = '0;
      r2k[p] = '0;
      r2w[p] = '0;
      for (int i = 0; i < Batches; i++)
        if (32'(r2b[p]) == i) begin
          r2tag[p] = tag_q[i];
          r2base[p] = base_q[i];
          r2wk[p] = tot_q[i][9:3];
          r2k[p] = bk_q[i];
          r2w[p] = bw_q[i];
        end
      r2wkw[p] = mul_t[{r2warp[p], r2k[p]}];
    end
  end
  logic a_new;                              // A1 reads the command taken now
  assign a_new = cmd_ready_o;
  always_ff @(posedge clk_i) begin
    a_base_q <= r2base[a_new];
    a_tag_q <= r2tag[a_new];
    a_2wk_q <= {r2wk[a_new], 1'b0};
    a_k_q <= r2k[a_new];
    a_w_q <= r2w[a_new];
    a_wk_q <= r2wkw[a_new];
  end
  // A2: the slot of a store (coordinates base + 2 (w K + k) + c) or of a result or read
  // (base + 2WK + w K + k), SW bits wide (the sum wraps at Slots; a slot of w >= 8 is
  // never used: the command decides EArg)
  logic [SW-1:0] slot_a2;
  logic [6:0]    a_wkk;
  // A result's place in the drain order (dplace: a product P = pa pb plus a term e) is
  // checked against its seq in two clocks: A2 registers the product's two halves (the
  // partial products of pb's bits 0-1 and 2-3) and seq - e, and SMeta compares the
  // halves' sum with that difference (c_rseq_q), so each clock has one add.
  logic [5:0]    rs_pa;
  logic [3:0]    rs_pb;
  logic [9:0]    rs_e, rs_lo_a2, rs_hi_a2, rs_d_a2;
  always_comb begin
    a_wkk = a_wk_q + {3'd0, q_ops_q};
    slot_a2 = q_op_q == 2'd1 ? a_base_q + SW'({a_wkk, 1'b0}) + SW'(q_comp_q[0])
                             : a_base_q + SW'(a_2wk_q) + SW'(a_wkk);
    rs_pa = !cfg_order_i ? {q_warps_q[2:0], q_quad_q} : {q_ops_q[2:0], 3'b000};
    rs_pb = !cfg_order_i ? a_k_q : a_w_q;
    rs_e = !cfg_order_i ? {7'd0, q_ops_q[2:0]} : {4'd0, q_warps_q[2:0], q_quad_q};
    rs_lo_a2 = (rs_pb[0] ? 10'(rs_pa) : 10'd0) + (rs_pb[1] ? 10'(rs_pa) << 1 : 10'd0);
    rs_hi_a2 = (rs_pb[2] ? 10'(rs_pa) << 2 : 10'd0) + (rs_pb[3] ? 10'(rs_pa) << 3 : 10'd0);
    rs_d_a2 = {1'b0, q_seq_q} - rs_e;
  end

  // the current command
  logic [1:0]    cur_op_q;
  logic [4:0]    cur_batch_q;
  logic [38:0]   cur_tag_q;               // the record's reservation number, from A1
  logic [3:0]    cur_warps_q, cur_ops_q;
  logic [1:0]    cur_comp_q;
  logic [2:0]    cur_quad_q;
  logic [8:0]    cur_seq_q;
  logic [9:0]    cur_rs_lo_q, cur_rs_hi_q, cur_rs_d_q;   // the place's halves, seq - e
  logic [9:0]    cur_rseq;                              // the place (properties)
  assign cur_rseq = cur_rs_lo_q + cur_rs_hi_q + ({1'b0, cur_seq_q} - cur_rs_d_q);
  logic [NB-1:0][31:0] cur_data_q;        // bank b's value
  always_ff @(posedge clk_i) begin
    if (cmd_valid_i && cmd_ready_o) begin
      q_op_q <= cmd_op_i;
      q_batch_q <= cmd_batch_i;
      q_warps_q <= cmd_warps_i;
      q_ops_q <= cmd_ops_i;
      q_comp_q <= cmd_comp_i;
      q_quad_q <= cmd_quad_i;
      q_seq_q <= cmd_seq_i;
      q_data_q <= cmd_data_i;
    end
    if (q_go) begin
      cur_op_q <= q_op_q;
      cur_batch_q <= q_batch_q;
      cur_tag_q <= a_tag_q;
      cur_warps_q <= q_warps_q;
      cur_ops_q <= q_ops_q;
      cur_comp_q <= q_comp_q;
      cur_quad_q <= q_quad_q;
      cur_seq_q <= q_seq_q;
      cur_rs_lo_q <= rs_lo_a2;
      cur_rs_hi_q <= rs_hi_a2;
      cur_rs_d_q <= rs_d_a2;
      // a store's lanes rotated by 4k + 16c; a result's 4 values in every bank group
      for (int b = 0; b < NB; b++)
        cur_data_q[b] <= q_op_q == 2'd1
            ? q_data_q[32 * 32'(5'(5'(b) - {q_ops_q[2:0], 2'b00} - {q_comp_q[0], 4'd0})) +: 32]
            : q_data_q[32 * (b % 4) +: 32];
    end
  end

  // the current command's batch record
  logic [BW-1:0] cb;
  logic          cb_ok;                   // batch < Batches
  logic [3:0]    cW, cK;
  logic [6:0]    cwk;                     // W K
  logic [7:0]    c2wk;
  logic [9:0]    ctotal;
  assign cb = cur_batch_q[BW-1:0];
  assign cb_ok = 32'(cur_batch_q) < Batches;
  // its fields selected by AND-OR over the records (an index multiplied by a field's width
  // would be a product Yosys may give a DSP block)
  logic [1:0]  cbst;
  logic [38:0] ctag;
  logic [7:0]  cstored;
  logic [9:0]  cret, ciss;
  logic [6:0]  ccon;
  always_comb begin
    cbst = '0;
    ctag = '0;
    cstored = '0;
    cret = '0;
    ciss = '0;
    ccon = '0;
    cW = '0;
    cK = '0;
    ctotal = '0;
    for (int i = 0; i < Batches; i++)
      if (32'(cb) == i) begin
        cbst = bst_q[i];
        ctag = tag_q[i];
        cstored = stored_q[i];
        cret = ret_q[i];
        ciss = iss_q[i];
        ccon = con_q[i];
        cW = bw_q[i];
        cK = bk_q[i];
        ctotal = tot_q[i];
      end
  end
  assign cwk = ctotal[9:3];
  assign c2wk = {cwk, 1'b0};
  // reservation: W K and the slots it needs, 3 W K, registered as the scan starts (the
  // command is held in cur_* through the scan)
  logic [6:0]    cwk_r, wk_q;
  logic [CW-1:0] need_q;
  // the record it takes, registered every clock: none is freed or taken during a scan
  logic [BW-1:0] fid_q;
  logic [Batches-1:0] fid_oh_q;
  assign cwk_r = 7'(smul({2'd0, q_warps_q}, q_ops_q));

  // reservation: candidate scan_q registered (s0_*_q), its end and its fit in the queue a
  // clock later (sc_*_q), its fit against every live range the clock after
  logic [CW-1:0] cand, s0_cand_q, sc_cand_q, sc_end_q;
  logic          cand_v, cand_fit, s0_v_q, s0_cv_q, sc_v_q, sc_ok_q;
  logic [Batches-1:0] live;
  logic [BW-1:0] free_id;
  logic          free_id_v;
  logic [Batches-1:0] free_oh;            // the lowest free record, one-hot
  always_comb begin
    for (int i = 0; i < Batches; i++) live[i] = bst_q[i] != BFree;
    free_id_v = 1'b0;
    free_id = '0;
    for (int i = Batches - 1; i >= 0; i--)
      if (!live[i]) begin
        free_id_v = 1'b1;
        free_id = BW'(i);
      end
    for (int i = 0; i < Batches; i++) begin
      free_oh[i] = !live[i];
      for (int j = 0; j < i; j++) if (!live[j]) free_oh[i] = 1'b0;
    end
    cand = '0;
    cand_v = scan_q == '0;
    for (int i = 0; i < Batches; i++)
      if (32'(scan_q) == i + 1) begin
        cand = CW'(hi_q[i]);
        cand_v = live[i];
      end
    cand_fit = sc_v_q && sc_ok_q;
    for (int i = 0; i < Batches; i++)
      if (live[i] && sc_cand_q < CW'(hi_q[i])
          && CW'(cl_q[i] ? {1'b0, base_q[i]} : mid_q[i]) < sc_end_q)
        cand_fit = 1'b0;
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      s0_v_q <= 1'b0;
      sc_v_q <= 1'b0;
    end else begin
      s0_v_q <= cst_q == SScan && !free_ev_q && 32'(scan_q) <= Batches;
      sc_v_q <= s0_v_q && cst_q == SScan && !free_ev_q;
    end
    s0_cand_q <= cand;
    s0_cv_q <= cand_v;
    sc_cand_q <= s0_cand_q;
    sc_end_q <= s0_cand_q + need_q;
    sc_ok_q <= s0_cv_q && s0_cand_q + need_q <= CW'(cfg_slots_i);
  end

  // the command's meta word: the meta RAM reads q's slot in every clock after A1 (the
  // slot of A2 is stable from there: a record's slot fields change only at a reservation's
  // answer, with no A1 during its scan), and A2 waits for a clock after one that read it
  // (am_q), so the word read in the clock before A2 is on the meta RAM's output register
  // in the first SMeta clock, where it is registered (mq_q). The meta RAM's write is
  // registered too (WrReg: a commit's word reaches the block RAM a clock later), so that
  // read misses the writes of A2's clock and of the two clocks before; the latest of them
  // that named the same slot is taken instead (fwd_hit_q: the slots compared in A2, the
  // write enables registered, mt_we_q .. mt_we3_q). Its flags count when its tag is the
  // record's reservation number, compared in every SMeta clock (c_mflags_q), so the
  // decision starts from the flags.
  logic          mload_q, mt_we_q, mt_we2_q, mt_we3_q;
  logic [2:0]    fwd_hit_q;
  logic [SW-1:0] mt_wa_q, mt_wa2_q;
  logic [MW-1:0] mt_wd_q, mt_wd2_q, mt_wd3_q, mq_q, mword;
  // the word's source, one-hot: mq_q (held), the last write, the one before, the one
  // before that, the meta RAM
  logic [4:0]    msrc;
  logic [3:1]    mhit;                    // a write missed by the read named the slot
  logic [4:0][MW-1:0] mw5;
  always_comb begin
    mw5 = {mt_rdata, mt_wd3_q, mt_wd2_q, mt_wd_q, mq_q};
    mhit = {fwd_hit_q[2] && mt_we3_q, fwd_hit_q[1] && mt_we2_q, fwd_hit_q[0] && mt_we_q};
    msrc[0] = !mload_q;
    msrc[1] = mload_q && mhit[1];
    msrc[2] = mload_q && mhit[2] && !mhit[1];
    msrc[3] = mload_q && mhit[3] && !mhit[2] && !mhit[1];
    msrc[4] = mload_q && !mhit[3] && !mhit[2] && !mhit[1];
    mword = '0;
    for (int i = 0; i < 5; i++) if (msrc[i]) mword = mword | mw5[i];
  end
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      mload_q <= 1'b0;
      mt_we_q <= 1'b0;
      mt_we2_q <= 1'b0;
      mt_we3_q <= 1'b0;
    end else begin
      mload_q <= q_go && q_op_q != 2'd0;
      mt_we_q <= mt_we;
      mt_we2_q <= mt_we_q;
      mt_we3_q <= mt_we2_q;
    end
    mt_wa_q <= mt_waddr;
    mt_wa2_q <= mt_wa_q;
    mt_wd_q <= mt_wdata;
    mt_wd2_q <= mt_wd_q;
    mt_wd3_q <= mt_wd2_q;
    fwd_hit_q <= {mt_wa2_q == slot_a2, mt_wa_q == slot_a2, mt_waddr == slot_a2};
    if (mload_q) mq_q <= mword;
  end
  // The flags that count, for c_mflags_q: each source's tag compared side by side (the
  // block RAM's word first, so its clock-to-out meets one compare and an AND-OR), then
  // the source chosen by msrc, from registers.
  logic [4:0]      meq;
  logic [8:0]      mflags;
  always_comb begin
    mflags = '0;
    for (int i = 0; i < 5; i++) begin
      meq[i] = mw5[i][38:0] == cur_tag_q;
      if (msrc[i] && meq[i]) mflags = mflags | mw5[i][47:39];
    end
  end
  logic [8:0]  mt_flags, c_mflags_q;
  assign mt_flags = c_mflags_q;
  // a read's flags, kept from its decision for its meta write
  logic [8:0] mt_flags_q;
  always_ff @(posedge clk_i) if (cst_q == SDec) mt_flags_q <= mt_flags;

  // ---------------------------------------------------------------- interface buffer
  logic [3:0]    hd_ptr_q, hd_ptr_d;
  // the requests read in the clock before (s1_*: their words in the banks' block RAM
  // register) and two clocks before (inf_*: their words on the banks' output registers,
  // written to the buffer this clock)
  logic [3:0]    s1_idx_q, inf_idx_q;
  logic [2:0]    s1_n_q, inf_n_q;
  logic [3:0][21:0] s1_tag_q, inf_tag_q;  // {batch, warp, quad, op, seq}
  logic [3:0][2:0] s1_g_q, inf_g_q;
  logic [3:0][EW-1:0] inf_ent;
  logic [3:0][EW-1:0] ib_rd;       // each buffer bank's row of the head
`ifdef GX_ASSERT_ON
  logic [15:0][21:0] ib_tags;      // every entry's {batch, warp, quad, op, seq}
`endif
  logic [EW-1:0] head_ent;
  logic          hif_q;            // none in the buffer's banks: the head is inf_ent[0]
  logic [3:1]    rth_q;            // rth_q[c]: at least c entries whose words are read


  always_comb begin
    for (int j = 0; j < 4; j++) begin
      logic [127:0] s, t;
      for (int i = 0; i < 4; i++) begin
        s[32*i +: 32] = bk_rdata[4 * inf_g_q[j] + i];
        t[32*i +: 32] = bk_rdata[4 * (3'(inf_g_q[j] + 3'd4)) + i];
      end
      inf_ent[j] = {inf_tag_q[j], s, t};
    end
    head_ent = hif_q ? inf_ent[0] : ib_rd[hd_ptr_q[1:0]];   // hif_q: count = inf_n_q
  end

  // buffer bank k holds entries 4 r + k; in-flight request j goes to entry inf_idx + j
  for (genvar k = 0; k < 4; k++) begin : gen_ib
    (* ram_style = "distributed" *) logic [EW-1:0] mem_q [4];
    logic [1:0] j, row;
    assign j = 2'(k) - inf_idx_q[1:0];
    assign row = 2'((inf_idx_q + {2'd0, j}) >> 2);
    always_ff @(posedge clk_i)
      if ({1'b0, j} < inf_n_q) mem_q[row] <= inf_ent[j];
    assign ib_rd[k] = mem_q[hd_ptr_q[3:2]];
`ifdef GX_ASSERT_ON
    for (genvar rr = 0; rr < 4; rr++) begin : gen_tag
      assign ib_tags[4 * rr + k] = mem_q[rr][EW-1 -: 22];
    end
`endif
  end

  logic          tex_valid_q;
  logic [EW-1:0] tex_q;

  // The head entry's batch, registered (hb_q, HeadB_A), so the hand-on's batch needs no
  // buffer read: each entry's batch in flip-flops (eb_q, written a clock after its read).
  // An entry can be handed on once its words are read (two clocks after its read): the
  // entries read by next clock are this clock's count - pop (rth_q), and those in the
  // buffer's banks next clock are the ones read now less this clock's hand-on and the
  // output registers' requests (hif_q). Next clock's head is entry hd + pop: read this
  // clock when none is left (the batch drained), read the clock before (every request of
  // a clock is of one batch, s1_tag_q[0]'s), or in eb_q.
  logic [15:0][3:0] eb_q;
  logic [3:0]       hb_q, hb_d;
  logic [1:0][3:0]  hc;            // next clock's head batch without (0) and with (1) a pop
  logic [4:1]       rth4;
  assign rth4 = {1'b0, rth_q};
  always_comb begin
    for (int p = 0; p < 2; p++) begin
      if (p == 0 ? !cth_q[1] : !cth_q[2]) hc[p] = xsel;
      else if (!rth4[p + 1]) hc[p] = s1_tag_q[0][21:18];
      else hc[p] = eb_q[4'(hd_ptr_q + 4'(p))];
    end
    hb_d = pop ? hc[1] : hc[0];
  end
  always_ff @(posedge clk_i) begin
    hb_q <= hb_d;
    if (rst_i) begin
      hif_q <= 1'b1;
      rth_q <= '0;
    end else begin
      hif_q <= pop ? !rth4[2] : !rth4[1];
      for (int c = 1; c <= 3; c++) rth_q[c] <= pop ? cth_q[c + 1] : cth_q[c];
    end
    for (int j = 0; j < 4; j++)
      if (3'(j) < s1_n_q) eb_q[4'(s1_idx_q + 4'(j))] <= s1_tag_q[j][21:18];
  end
  assign tex_valid_o = tex_valid_q;
  assign {tex_batch_o, tex_warp_o, tex_quad_o, tex_op_o, tex_seq_o, tex_s_o, tex_t_o} = tex_q;

  // ---------------------------------------------------------------- the command's snapshot
  // In every SMeta clock (the last one before the decision: SMeta waits while the
  // response register is taken) the command's record and every check of it that needs no
  // meta word are registered (c_*_q), so the decision starts from registers. Between that
  // clock and the decision nothing but the texture port changes the record (the command
  // before has committed; the drain changes only drn and cl), so only the requests handed
  // on (iss) move, by at most one a clock: the snapshot holds iss after this clock's
  // hand-on, and the decision adds its own clock's (Snap_A).
  logic        pop_cb;                    // the head handed on this clock is the command's
  always_comb begin
    pop_cb = pop && hb_q == cb;
  end
  logic          c_ok_q;                  // a batch in range
  logic [1:0]    c_bst_q;                 // its state
  logic [Batches-1:0] c_oh_q;             // the batch, one-hot (the record writes)
  logic [38:0]   c_tag_q;
  logic [7:0]    c_stored_q;
  logic [9:0]    c_ret_q;
  logic [6:0]    c_con_q;
  logic          c_warg_q;                // w >= W or k >= K
  logic          c_seqhi_q;               // result: seq >= 8WK
  logic          c_rseq_q;                // result: seq is (w, quad, k)'s place
  logic [2:0]    c_slt3_q, c_rlt3_q;      // seq, ret < iss + m (m = 0, 1, 2)
  logic          c_pop_q;                 // the snapshot clock's hand-on was the command's
  logic [1:0]    c_slt_q, c_rlt_q;        // seq, ret < iss + m (m = 0, 1) of the decision clock
  assign c_slt_q = c_pop_q ? c_slt3_q[2:1] : c_slt3_q[1:0];
  assign c_rlt_q = c_pop_q ? c_rlt3_q[2:1] : c_rlt3_q[1:0];
  logic          c_stlast_q, c_retlast_q, c_conlast_q;  // the command completes the count
  always_ff @(posedge clk_i)
    if (cst_q == SMeta) begin
      c_ok_q <= cb_ok;
      c_bst_q <= cbst;
      for (int i = 0; i < Batches; i++) c_oh_q[i] <= 32'(cb) == i;
      c_tag_q <= ctag;
      c_mflags_q <= mflags;
      c_stored_q <= cstored;
      c_ret_q <= cret;
      c_con_q <= ccon;
      c_warg_q <= cur_warps_q >= cW || cur_ops_q >= cK;
      c_seqhi_q <= {1'b0, cur_seq_q} >= ctotal;
      c_rseq_q <= 10'(cur_rs_lo_q + cur_rs_hi_q) == cur_rs_d_q;
      for (int m = 0; m < 3; m++) begin
        c_slt3_q[m] <= {2'd0, cur_seq_q} < {1'b0, ciss} + 11'(m);
        c_rlt3_q[m] <= {1'b0, cret} < {1'b0, ciss} + 11'(m);
      end
      c_pop_q <= pop_cb;
      c_stlast_q <= cstored + 8'd1 == c2wk;
      c_retlast_q <= cret + 10'd1 == ctotal;
      c_conlast_q <= ccon + 7'd1 == cwk;
    end
  // the decision's own clock: seq and ret below the requests handed on by its end
  logic c_slt, c_rlt;
  assign c_slt = c_slt_q[pop_cb];
  assign c_rlt = c_rlt_q[pop_cb];

  // a store decided in this clock makes its batch ready (the store's checks, from the
  // snapshot registers: the SDec branch's conditions)
  logic st_rdy;
  assign st_rdy = cst_q == SDec && cur_op_q == 2'd1 && c_ok_q && c_bst_q == BFill
                  && !c_warg_q && cur_comp_q <= 2'd1 && !mt_flags[0] && c_stlast_q;
  // the next clock's candidates and its two choices (nsel_oh_q above)
  function automatic logic [Batches-1:0] oldest(input logic [Batches-1:0] c,
                                                 input logic [Batches-1:0][Batches-1:0] oc);
    for (int i = 0; i < Batches; i++) oldest[i] = c[i] && !(|(c & oc[i]));
  endfunction
  // Both choices are made without and with the decided store's batch (c_oh_q) among the
  // candidates, and st_rdy, the decision, picks one last.
  logic [Batches-1:0] ncand0, ncand1;
  logic [1:0][Batches-1:0] nsel_a2, nsel_b2;
  always_comb begin
    for (int i = 0; i < Batches; i++) begin
      ncand0[i] = bst_q[i] == BReady && !drn_q[i] && !drain_oh_q[i];
      ncand1[i] = (bst_q[i] == BReady || c_oh_q[i]) && !drn_q[i] && !drain_oh_q[i];
    end
    nsel_a2[0] = oldest(ncand0, older_col);
    nsel_b2[0] = oldest(ncand0 & ~nsel_oh_q, older_col);
    nsel_a2[1] = oldest(ncand1, older_col);
    nsel_b2[1] = oldest(ncand1 & ~nsel_oh_q, older_col);
    nsel_a = nsel_a2[st_rdy];
    nsel_b = nsel_b2[st_rdy];
  end
  always_ff @(posedge clk_i)
    if (rst_i) nsel_oh_q <= '0;
    else nsel_oh_q <= nsel_ld ? nsel_b : nsel_a;

  // ---------------------------------------------------------------- next state
  always_comb begin
    for (int i = 0; i < Batches; i++) begin
      bst_d[i] = bst_q[i];
      bw_d[i] = bw_q[i];
      bk_d[i] = bk_q[i];
      base_d[i] = base_q[i];
      sa0_d[i] = sa0_q[i];
      mid_d[i] = mid_q[i];
      hi_d[i] = hi_q[i];
      tot_d[i] = tot_q[i];
      cl_d[i] = cl_q[i];
      drn_d[i] = drn_q[i];
      tag_d[i] = tag_q[i];
      stored_d[i] = stored_q[i];
      iss_d[i] = iss_q[i];
      ret_d[i] = ret_q[i];
      con_d[i] = con_q[i];
      older_d[i] = older_q[i];
    end
    rnum_d = rnum_q;
    drain_v_d = drain_v_q;
    drain_id_d = drain_id_q;
    hd_ptr_d = hd_ptr_q + {3'd0, pop};

    // the texture port: the head is handed on
    for (int i = 0; i < Batches; i++)
      if (pop && 32'(hb_q) == i) iss_d[i] = iss_q[i] + 10'd1;

    // the read crossbar: bank group g's address is the slot of the first of the next four
    // requests in g (mod 4), read or not: a request read has no earlier one in its group
    // (a conflict stops the clock), and a group no request read is not taken; so the
    // addresses need not wait for xn. In a clock the crossbar reads nothing (xn0) a read
    // command has the banks (SRdWait).
    bk_re = '0;
    for (int g = 0; g < 8; g++)
      for (int i = 0; i < 4; i++) bk_raddr[4 * g + i] = xa_grp[g];
    if (cst_q == SRdWait && xn0)
      for (int b = 0; b < NB; b++) bk_raddr[b] = cslot_q;
    for (int g = 0; g < 8; g++)
      for (int j = 0; j < 4; j++)
        if (xrd[j] && xg_q[j][1:0] == 2'(g))
          for (int i = 0; i < 4; i++) bk_re[4 * g + i] = 1'b1;
    if (free_ev)
      for (int i = 0; i < Batches; i++)
        if (drain_oh_q[i]) begin
          drn_d[i] = 1'b1;
          cl_d[i] = 1'b0;
        end
    // the next batch chosen (nsel_ld above), read from the next clock
    drain_oh_d = drain_oh_q;
    if (nsel_ld) begin
      drain_v_d = nsel_v;
      drain_id_d = nsel;
      drain_oh_d = nsel_oh;
    end

    // commands
    cst_d = cst_q;
    scan_d = scan_q;
    best_v_d = best_v_q;
    best_d = best_q;
    cslot_d = cslot_q;
    rsp_ld = 1'b0;
    rsp_err_d = rsp_err_q;
    rsp_batch_d = rsp_batch_q;
    rsp_base_d = rsp_base_q;
    rsp_data_d = rsp_data_q;
    mt_we = 1'b0;
    mt_waddr = cslot_q;
    // the meta word a commit writes, by the command alone (mt_we says whether it writes)
    mt_wdata = cst_q == SRdData ? {mt_flags_q | 9'h100, c_tag_q}
             : cur_op_q == 2'd1 ? {9'd1, c_tag_q}
             : {mt_flags | (9'd1 << {1'b0, cur_quad_q}), c_tag_q};
    bk_waddr = cslot_q;
    for (int b = 0; b < NB; b++) begin
      bk_we[b] = '0;
      bk_wdata[b] = cur_data_q[b];
    end
    // the command in q starts: a reservation when no command runs and the response
    // register is free (a refusal answers at once); a store, result or read after its A1,
    // in the current command's commit clock or later (a read's only once it has read)
    cur_fin = cst_q == SIdle || (cst_q == SDec && cur_op_q != 2'd3) || cst_q == SRdData;
    q_go = q_v_q && (q_op_q == 2'd0 ? cst_q == SIdle && (!rsp_valid_q || rsp_ready_i)
                                    : cur_fin && am_q);
    unique case (cst_q)
      SIdle: begin
        if (q_go) begin
          if (q_op_q == 2'd0) begin
            rsp_batch_d = '0;
            rsp_base_d = '0;
            if (q_warps_q == '0 || q_warps_q > 4'd8 || q_ops_q == '0 ||
                q_ops_q > 4'd8) begin
              rsp_ld = 1'b1;
              rsp_err_d = EArg;
            end else if (cfg_bad) begin
              rsp_ld = 1'b1;
              rsp_err_d = ECfg;
            end else if (!free_id_v) begin
              rsp_ld = 1'b1;
              rsp_err_d = EFull;
            end else begin
              cst_d = SScan;
              scan_d = '0;
              best_v_d = 1'b0;
            end
          end
        end
      end
      SMeta: if (!rsp_valid_q || rsp_ready_i) cst_d = SDec;
      SScan: begin
        if (cand_fit && (!best_v_q || sc_cand_q < best_q)) begin
          best_v_d = 1'b1;
          best_d = sc_cand_q;
        end
        scan_d = scan_q + 5'd1;
        if (free_ev_q) begin
          scan_d = '0;
          best_v_d = 1'b0;
        end else if (32'(scan_q) == Batches + 3) begin
          // a clock after the last candidate's test: the answer from the registers
          best_v_d = best_v_q;
          best_d = best_q;
          cst_d = SIdle;
          rsp_ld = 1'b1;
          if (best_v_q) begin
            rsp_err_d = EOk;
            rsp_batch_d = fid_q;
            rsp_base_d = 10'(best_q);
            rnum_d = rnum_q + 39'd1;
            for (int i = 0; i < Batches; i++)
              if (fid_oh_q[i]) begin
                bst_d[i] = BFill;
                bw_d[i] = cur_warps_q;
                bk_d[i] = cur_ops_q;
                base_d[i] = SW'(best_q);
                for (int j = 0; j < 5; j++)
                  sa0_d[i][j] = SW'(best_q)
                                + SW'({xk_start(j, cur_ops_q, cfg_order_i), 1'b0});
                mid_d[i] = (SW + 1)'(best_q + CW'({wk_q, 1'b0}));
                hi_d[i] = (SW + 1)'(best_q + need_q);
                tot_d[i] = {wk_q, 3'b000};
                cl_d[i] = 1'b1;
                drn_d[i] = 1'b0;
                tag_d[i] = rnum_q;
                stored_d[i] = '0;
                iss_d[i] = '0;
                ret_d[i] = '0;
                con_d[i] = '0;
                for (int j = 0; j < Batches; j++) begin
                  older_d[i][j] = 1'b0;
                  if (j != i) older_d[j][i] = 1'b1;
                end
              end
          end else begin
            rsp_err_d = EFull;
          end
        end
      end
      SDec: begin
        rsp_batch_d = '0;
        rsp_base_d = '0;
        if (cur_op_q == 2'd1) begin
          // store
          rsp_ld = 1'b1;
          cst_d = SIdle;
          if (!c_ok_q || c_bst_q != BFill) rsp_err_d = EBatch;
          else if (c_warg_q || cur_comp_q > 2'd1) rsp_err_d = EArg;
          else if (mt_flags[0]) rsp_err_d = ETwice;
          else begin
            rsp_err_d = EOk;
            bk_we = '1;
            mt_we = 1'b1;
            for (int i = 0; i < Batches; i++)
              if (c_oh_q[i]) begin
                stored_d[i] = c_stored_q + 8'd1;
                if (c_stlast_q) bst_d[i] = BReady;   // st_rdy
              end
          end
        end else if (cur_op_q == 2'd2) begin
          // result
          rsp_ld = 1'b1;
          cst_d = SIdle;
          if (!c_ok_q || (c_bst_q != BReady && c_bst_q != BResult)) rsp_err_d = EBatch;
          else if (c_seqhi_q || c_warg_q) rsp_err_d = EArg;
          else if (!c_rseq_q || !c_slt) rsp_err_d = EReq;  // w < W, k < K here
          else if (mt_flags[{1'b0, cur_quad_q}] || !c_rlt) rsp_err_d = ETwice;
          else begin
            rsp_err_d = EOk;
            for (int b = 0; b < NB; b++)
              if (3'(b / 4) == 3'(cur_quad_q + cur_ops_q[2:0])) bk_we[b] = 4'hf;
            mt_we = 1'b1;
            for (int i = 0; i < Batches; i++)
              if (c_oh_q[i]) begin
                ret_d[i] = c_ret_q + 10'd1;
                if (c_retlast_q) bst_d[i] = BResult;
              end
          end
        end else begin
          // read
          if (!c_ok_q || c_bst_q == BFree) rsp_err_d = EBatch;
          else if (c_warg_q) rsp_err_d = EArg;
          else if (c_bst_q != BResult) rsp_err_d = ENotReady;
          else if (mt_flags[8]) rsp_err_d = ETwice;
          else rsp_err_d = EOk;
          if (rsp_err_d != EOk) begin
            rsp_ld = 1'b1;
            cst_d = SIdle;
          end else begin
            cst_d = SRdWait;
          end
        end
      end
      SRdWait: begin
        // the banks' read ports: the crossbar's first
        if (xn0) begin
          bk_re = '1;
          cst_d = SRdReg;
        end
      end
      // the word in the banks' output register
      SRdReg: cst_d = SRdData;
      SRdData: begin
        rsp_ld = 1'b1;
        cst_d = SIdle;
        rsp_err_d = EOk;
        for (int l = 0; l < 32; l++)
          rsp_data_d[32 * l +: 32] = bk_rdata[5'(5'(l) + {cur_ops_q[2:0], 2'b00})];
        mt_we = 1'b1;
        for (int i = 0; i < Batches; i++)
          if (c_oh_q[i]) begin
            con_d[i] = c_con_q + 7'd1;
            if (c_conlast_q) begin
              bst_d[i] = BFree;
              cl_d[i] = 1'b0;
              drn_d[i] = 1'b0;
              bw_d[i] = '0;
              bk_d[i] = '0;
              tot_d[i] = '0;
            end
          end
      end
      default: cst_d = SIdle;
    endcase
    // A2: the next store, result or read becomes the current command. The meta RAM reads
    // q's slot every clock; mt_re names the reads A2 may take (after A1, not of a slot
    // written in this clock or the one before, whose word fwd_hit_q takes)
    if (q_go && q_op_q != 2'd0) begin
      cst_d = SMeta;
      cslot_d = slot_a2;
    end
    mt_raddr = slot_a2;
    mt_re = a_v_q && q_op_q != 2'd0 && !(mt_we && mt_waddr == slot_a2)
            && !(mt_we_q && mt_wa_q == slot_a2);
    rsp_valid_d = (rsp_valid_q && !rsp_ready_i) || rsp_ld;
  end
  assign cmt_o = rsp_ld;



  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      for (int i = 0; i < Batches; i++) begin
        bst_q[i] <= BFree;
        bw_q[i] <= '0;
        bk_q[i] <= '0;
        cl_q[i] <= 1'b0;
        drn_q[i] <= 1'b0;
        stored_q[i] <= '0;
        iss_q[i] <= '0;
        ret_q[i] <= '0;
        con_q[i] <= '0;
        older_q[i] <= '0;
        base_q[i] <= '0;
        mid_q[i] <= '0;
        hi_q[i] <= '0;
        tot_q[i] <= '0;
        tag_q[i] <= '0;
      end
      rnum_q <= '0;
      drain_v_q <= 1'b0;
      drain_id_q <= '0;
      drain_oh_q <= '0;
      it_seq_q <= '0;
      free_ev_q <= 1'b0;
      cth_q <= '0;
      wr_ptr_q <= '0;
      hd_ptr_q <= '0;
      s1_n_q <= '0;
      s1_idx_q <= '0;
      inf_n_q <= '0;
      inf_idx_q <= '0;
      tex_valid_q <= 1'b0;
      cst_q <= SIdle;
      q_v_q <= 1'b0;
      a_v_q <= 1'b0;
      am_q <= 1'b0;
      scan_q <= '0;
      best_v_q <= 1'b0;
      rsp_valid_q <= 1'b0;
    end else begin
      for (int i = 0; i < Batches; i++) begin
        bst_q[i] <= bst_d[i];
        bw_q[i] <= bw_d[i];
        bk_q[i] <= bk_d[i];
        cl_q[i] <= cl_d[i];
        drn_q[i] <= drn_d[i];
        stored_q[i] <= stored_d[i];
        iss_q[i] <= iss_d[i];
        ret_q[i] <= ret_d[i];
        con_q[i] <= con_d[i];
        older_q[i] <= older_d[i];
        base_q[i] <= base_d[i];
        mid_q[i] <= mid_d[i];
        hi_q[i] <= hi_d[i];
        tot_q[i] <= tot_d[i];
        tag_q[i] <= tag_d[i];
      end
      rnum_q <= rnum_d;
      drain_v_q <= drain_v_d;
      drain_id_q <= drain_id_d;
      drain_oh_q <= drain_oh_d;
      it_seq_q <= it_seq_d;
      free_ev_q <= free_ev;
      cth_q <= cth_d;
      wr_ptr_q <= wr_ptr_d;
      hd_ptr_q <= hd_ptr_d;
      s1_n_q <= xn;
      s1_idx_q <= wr_ptr_q;
      inf_n_q <= s1_n_q;
      inf_idx_q <= s1_idx_q;
      tex_valid_q <= pop || (tex_valid_q && !tex_ready_i);
      cst_q <= cst_d;
      q_v_q <= (cmd_valid_i && cmd_ready_o) || (q_v_q && !q_go);
      a_v_q <= ((cmd_valid_i && cmd_ready_o) || (q_v_q && !q_go)) && cst_q != SScan
               && !(q_go && q_op_q == 2'd0);
      am_q <= a_v_q && !q_go;
      scan_q <= scan_d;
      best_v_q <= best_v_d;
      rsp_valid_q <= rsp_valid_d;
    end
  end

  // datapath registers (no reset)
  always_ff @(posedge clk_i) begin
    best_q <= best_d;
    cslot_q <= cslot_d;
    fid_q <= free_id;
    fid_oh_q <= free_oh;
    if (q_go) begin
      wk_q <= cwk_r;
      need_q <= CW'({cwk_r, 1'b0}) + CW'(cwk_r);
    end
    if (nsel_ld) begin
      xW_q <= nW;
      xK_q <= nK;
      xbase_q <= nbase;
      xk2_q <= SW'({nK, 1'b0});
      for (int d = 0; d < 6; d++) xdk_q[d] <= dk(d, nK);
      for (int j = 1; j < 5; j++)
        for (int d = 0; d < 5; d++) begin
          xc_q[j][d] <= SW'(2 * j) - SW'({dk(d, nK), 1'b0});
          xcp_q[j][d] <= SW'(2 * j) - SW'({dk(d, nK), 1'b0}) + SW'({nK, 1'b0});
        end
    end
    xw_q <= xw_d;
    xq_q <= xq_d;
    xk_q <= xk_d;
    xsb_q <= xsb_d;
    xg_q <= xg_d;
    xsa_q <= xsa_d;
    sa0_q <= sa0_d;
    rem_q <= rem_d;
    rle_q <= rle_d;
    rsp_err_q <= rsp_err_d;
    rsp_batch_q <= rsp_batch_d;
    rsp_base_q <= rsp_base_d;
    rsp_data_q <= rsp_data_d;
    for (int j = 0; j < 4; j++) begin
      s1_g_q[j] <= xg_q[j];
      s1_tag_q[j] <= {xsel, xw_q[j], xq_q[j], xk_q[j], it_seq_q + 9'(j)};
    end
    inf_g_q <= s1_g_q;
    inf_tag_q <= s1_tag_q;
    if (pop) tex_q <= head_ent;
  end

  assign rsp_valid_o = rsp_valid_q;
  assign rsp_err_o = rsp_err_q;
  assign rsp_batch_o = rsp_batch_q;
  assign rsp_base_o = rsp_base_q;
  assign rsp_data_o = rsp_data_q;

  // ---------------------------------------------------------------- properties
  `GX_ASSERT(TexHold_A, !`GX_PAST_OK || !$past(tex_valid_o && !tex_ready_i)
             || (tex_valid_o && $stable(tex_q)))
  `GX_ASSERT(RspHold_A, !`GX_PAST_OK || !$past(rsp_valid_o && !rsp_ready_i)
             || (rsp_valid_o && $stable(rsp_err_o) && $stable(rsp_batch_o)
                 && $stable(rsp_base_o)))
  // nothing read by the crossbar before its batch is ready
  `GX_ASSERT(XbReady_A, xn == '0 || bst_q[xsel] == BReady)
  `GX_ASSERT(XnZero_A, xn0 == (xn == '0))
  // the flags compared side by side are the chosen word's
  `GX_ASSERT(MFlags_A, $onehot(msrc) && mflags == (mword[38:0] == cur_tag_q ? mword[47:39] : 9'd0))
  // the requests of one clock take different banks
  `GX_ASSERT(NoConflict_A, (xn < 3'd2 || xg_q[1][1:0] != xg_q[0][1:0])
             && (xn < 3'd3 || (xg_q[2][1:0] != xg_q[0][1:0] && xg_q[2][1:0] != xg_q[1][1:0]))
             && (xn < 3'd4 || (xg_q[3][1:0] != xg_q[0][1:0] && xg_q[3][1:0] != xg_q[1][1:0]
                               && xg_q[3][1:0] != xg_q[2][1:0])))

`ifdef GX_ASSERT_ON
  // The records (Rec_A): each live batch's shape, range and counts as the model's
  // gx_texq_check states them: stored <= 2WK, ready exactly when all stored; returned <=
  // issued <= read <= 8WK; read 0 before ready; results read only in the result state;
  // coordinate slots held exactly until the last request is read. Ranges (Ranges_A): the
  // live ranges ([base, base + 3WK) while the coordinates are held, then [base + 2WK,
  // base + 3WK)) inside the queue and pairwise disjoint: no slot owned twice. Age
  // (Age_A): a strict order over the live batches. Drain (Drain_A): at most one batch
  // partly read, the one chosen; the chosen batch ready, not fully read, its W, K, base and
  // request count in the drain's registers, and its iterator at the place its seq gives in
  // the order: every coordinate read once, in order. Buffer (Buf_A): the interface buffer
  // holds exactly the requests read and not handed on (each batch's count), at most 16, in
  // drain order, the batch being drained last.
  logic [Batches-1:0][9:0] fv_read, fv_total;
  logic [10:0] fv_sum;
  logic        fv_rec, fv_ranges, fv_age, fv_drain, fv_buf;
  always_comb begin
    fv_rec = 1'b1;
    fv_ranges = 1'b1;
    fv_age = 1'b1;
    fv_sum = '0;
    for (int i = 0; i < Batches; i++) begin
      fv_total[i] = 10'({bw_q[i], 3'b000} * bk_q[i]);
      fv_read[i] = drn_q[i] ? fv_total[i]
                 : (drain_v_q && 32'(drain_id_q) == i) ? {1'b0, it_seq_q} : 10'd0;
    end
    for (int i = 0; i < Batches; i++) begin
      fv_rec &= tot_q[i] == fv_total[i];
      if (bst_q[i] == BFree) begin
        fv_rec &= !cl_q[i] && !drn_q[i] && !(drain_v_q && 32'(drain_id_q) == i);
      end else begin
        fv_sum = fv_sum + 11'(fv_read[i]) - 11'(iss_q[i]);
        fv_rec &= bw_q[i] != '0 && bw_q[i] <= 4'd8 && bk_q[i] != '0 && bk_q[i] <= 4'd8;
        fv_rec &= 32'(mid_q[i]) == 32'(base_q[i]) + 2 * 32'(bw_q[i]) * 32'(bk_q[i]);
        fv_rec &= 32'(hi_q[i]) == 32'(base_q[i]) + 3 * 32'(bw_q[i]) * 32'(bk_q[i]);
        fv_rec &= 32'(hi_q[i]) <= 32'(cfg_slots_i) && 32'(hi_q[i]) <= Slots;
        fv_rec &= cl_q[i] == !drn_q[i];
        fv_rec &= ret_q[i] <= iss_q[i] && iss_q[i] <= fv_read[i] && fv_read[i] <= fv_total[i];
        for (int j = 0; j < 5; j++)
          fv_rec &= sa0_q[i][j] == base_q[i] + SW'({xk_start(j, bk_q[i], cfg_order_i), 1'b0});
        fv_rec &= 32'(stored_q[i]) <= 2 * 32'(bw_q[i]) * 32'(bk_q[i]);
        fv_rec &= (bst_q[i] == BFill) == (32'(stored_q[i]) < 2 * 32'(bw_q[i]) * 32'(bk_q[i]));
        if (bst_q[i] == BFill) fv_rec &= fv_read[i] == '0;
        fv_rec &= (bst_q[i] == BResult) == (ret_q[i] == fv_total[i]);
        fv_rec &= (bst_q[i] == BResult) || con_q[i] == '0;
        fv_rec &= 32'(con_q[i]) < 32'(bw_q[i]) * 32'(bk_q[i]);
        fv_age &= !older_q[i][i];
        for (int j = 0; j < Batches; j++)
          if (j != i && bst_q[j] != BFree) begin
            fv_age &= older_q[i][j] != older_q[j][i];
            if (32'(cl_q[i] ? {1'b0, base_q[i]} : mid_q[i]) < 32'(hi_q[j]) &&
                32'(cl_q[j] ? {1'b0, base_q[j]} : mid_q[j]) < 32'(hi_q[i]))
              fv_ranges = 1'b0;
          end
      end
    end
  end

  always_comb begin
    logic [3:0] dW, dK;
    dW = bw_q[drain_id_q];
    dK = bk_q[drain_id_q];
    fv_drain = 1'b1;
    if (!drain_v_q) begin
      // (the lookahead is loaded in every clock with none chosen)
      fv_drain = it_seq_q == '0 && drain_oh_q == '0;
    end else begin
      // the batch chosen (read or not yet), its registers, the iterator inside it
      fv_drain = bst_q[drain_id_q] == BReady && !drn_q[drain_id_q]
                 && 32'(drain_oh_q) == 32'(1) << drain_id_q
                 && 4'(xw_q[0]) < dW && 4'(xk_q[0]) < dK
                 && 32'(xsb_q[0]) == 32'(xbase_q) + 2 * 32'(xw_q[0]) * 32'(dK)
                 && xW_q == dW && xK_q == dK && xbase_q == base_q[drain_id_q]
                 && {1'b0, it_seq_q} < tot_q[drain_id_q]
                 && rem_q == tot_q[drain_id_q] - {1'b0, it_seq_q};
      for (int m = 0; m < 8; m++) fv_drain &= rle_q[m] == (rem_q <= 10'(m));
      if (!cfg_order_i)
        fv_drain &= 32'(it_seq_q) == (8 * 32'(xw_q[0]) + 32'(xq_q[0])) * 32'(dK)
                                     + 32'(xk_q[0]);
      else
        fv_drain &= 32'(it_seq_q) == 32'(xk_q[0]) * 8 * 32'(dW) + 8 * 32'(xw_q[0])
                                     + 32'(xq_q[0]);
      // the lookahead: the next positions by stepping the iterator, their groups and slots
      for (int j = 1; j < 5; j++)
        fv_drain &= {xw_q[j], xq_q[j], xk_q[j], xsb_q[j]}
                    == xstep({xw_q[0], xq_q[0], xk_q[0], xsb_q[0]}, 3'(j), xK_q, xW_q, xbase_q,
                             cfg_order_i);
      for (int j = 0; j < 5; j++)
        fv_drain &= xg_q[j] == xgrp(xq_q[j], xk_q[j]) && xsa_q[j] == xslot(xsb_q[j], xk_q[j]);
      // the drained batch's constants
      fv_drain &= xk2_q == SW'({dK, 1'b0});
      for (int d = 0; d < 6; d++) fv_drain &= 32'(xdk_q[d]) == d * 32'(dK);
      for (int j = 1; j < 5; j++)
        for (int d = 0; d < 5; d++)
          fv_drain &= xc_q[j][d] == SW'(2 * j - 2 * d * 32'(dK))
                      && xcp_q[j][d] == SW'(2 * j - 2 * d * 32'(dK) + 2 * 32'(dK));
    end
  end

  logic [Batches-1:0][4:0] fv_cnt;  // each batch's entries in the buffer
  always_comb begin
    logic [21:0] tg;
    logic [4:0]  nst, ns1;
    logic [3:0]  eb, pb;
    logic [9:0]  es, ps;
    fv_buf = 1'b1;
    for (int c = 1; c <= 16; c++) fv_buf &= cth_q[c] == (count >= 5'(c));
    fv_buf &= count <= 5'd16 && {2'd0, s1_n_q} + {2'd0, inf_n_q} <= count
             && 11'(count) == fv_sum && wr_ptr_q == hd_ptr_q + count[3:0]
             && s1_idx_q == wr_ptr_q - {1'b0, s1_n_q}
             && inf_idx_q == s1_idx_q - {1'b0, inf_n_q};
    nst = count - {2'd0, s1_n_q} - {2'd0, inf_n_q};
    ns1 = count - {2'd0, s1_n_q};
    pb = '0;
    ps = '0;
    fv_cnt = '0;
    for (int m = 0; m < 16; m++) begin
      tg = 5'(m) >= ns1 ? s1_tag_q[2'(5'(m) - ns1)]
           : 5'(m) >= nst ? inf_tag_q[2'(5'(m) - nst)] : ib_tags[4'(hd_ptr_q + 4'(m))];
      eb = tg[21:18];
      es = {1'b0, tg[8:0]};
      if (5'(m) < count) begin
        fv_buf &= 32'(eb) < Batches && bst_q[eb] == BReady;
        // an entry's batch in eb_q from the clock after its read
        if (5'(m) < ns1) fv_buf &= eb_q[4'(hd_ptr_q + 4'(m))] == eb;
        if (!cfg_order_i)
          fv_buf &= 32'(es) == (8 * 32'(tg[17:15]) + 32'(tg[14:12])) * 32'(bk_q[eb])
                               + 32'(tg[11:9]);
        else
          fv_buf &= 32'(es) == 32'(tg[11:9]) * 8 * 32'(bw_q[eb]) + 8 * 32'(tg[17:15])
                               + 32'(tg[14:12]);
        fv_buf &= 4'(tg[17:15]) < bw_q[eb] && 4'(tg[11:9]) < bk_q[eb];
        if (m == 0) fv_buf &= es == iss_q[eb];
        else if (eb == pb) fv_buf &= es == ps + 10'd1;
        else fv_buf &= es == '0 && iss_q[eb] == '0 && ps + 10'd1 == fv_total[pb];
        if (5'(m) + 5'd1 == count) begin
          fv_buf &= es + 10'd1 == fv_read[eb];
          // the batch being drained read its requests after every other's
          fv_buf &= !drain_v_q || it_seq_q == '0 || eb == drain_id_q;
        end
        for (int i = 0; i < Batches; i++) if (32'(eb) == i) fv_cnt[i] = fv_cnt[i] + 5'd1;
      end
      pb = eb;
      ps = es;
    end
    // each batch's entries: exactly its requests read and not handed on
    for (int i = 0; i < Batches; i++)
      if (bst_q[i] != BFree) fv_buf &= 11'(fv_cnt[i]) == 11'(fv_read[i]) - 11'(iss_q[i]);
  end

  `GX_ASSERT(Rec_A, fv_rec)
  `GX_ASSERT(Ranges_A, fv_ranges)
  `GX_ASSERT(Age_A, fv_age)
  `GX_ASSERT(Drain_A, fv_drain)
  // the registered choice is the oldest ready batch not read and not the one chosen
  logic [Batches-1:0] fv_dcand;
  always_comb
    for (int i = 0; i < Batches; i++)
      fv_dcand[i] = bst_q[i] == BReady && !drn_q[i] && !drain_oh_q[i];
  `GX_ASSERT(Nsel_A, nsel_oh_q == oldest(fv_dcand, older_col))
  `GX_ASSERT(Buf_A, fv_buf)
  // the head's batch and whether the head is in flight, registered
  logic [4:0] fv_rdy;   // the entries whose words are read
  assign fv_rdy = count - {2'd0, s1_n_q};
  `GX_ASSERT(HeadB_A, (count == '0 || hb_q == (fv_rdy == '0 ? s1_tag_q[0][21:18]
                                                            : head_ent[EW-1 -: 4]))
                      && hif_q == (fv_rdy == {2'd0, inf_n_q})
                      && rth_q == {fv_rdy >= 5'd3, fv_rdy >= 5'd2, fv_rdy >= 5'd1})
  // the current command is of the kind its state serves; a scan's best base still fits
  // (ranges only shrink during a scan); the slot of a live batch's command is its slot by
  // the record (A1's copy of it unchanged: only a reservation's answer writes it)
  logic [9:0]    rseq;
  logic [6:0]    cwk_k;
  logic [SW-1:0] cmd_slot;
  always_comb begin
    rseq = dplace(cfg_order_i, cur_warps_q[2:0], cur_quad_q, cur_ops_q[2:0], cW, cK);
    cwk_k = 7'(smul({3'd0, cur_warps_q[2:0]}, cK)) + {3'd0, cur_ops_q};
    cmd_slot = cur_op_q == 2'd1 ? base_q[cb] + SW'({cwk_k, 1'b0}) + SW'(cur_comp_q[0])
                                : base_q[cb] + SW'(c2wk) + SW'(cwk_k);
  end
  logic fv_best;
  always_comb begin
    // in 32 bits: the best base and its end without wrapping
    fv_best = 32'(best_q) + 32'(need_q) <= 32'(cfg_slots_i);
    for (int i = 0; i < Batches; i++)
      if (live[i] && 32'(best_q) < 32'(hi_q[i])
          && 32'(cl_q[i] ? {1'b0, base_q[i]} : mid_q[i]) < 32'(best_q) + 32'(need_q))
        fv_best = 1'b0;
  end
  `GX_ASSERT(Scan_A, cst_q != SScan || (cur_op_q == 2'd0 && cur_warps_q != '0
             && cur_warps_q <= 4'd8 && cur_ops_q != '0 && cur_ops_q <= 4'd8 && !cfg_bad
             && free_id_v && fid_q == free_id && fid_oh_q == Batches'(1) << fid_q
             && 32'(scan_q) <= Batches + 3 && (!best_v_q || fv_best)
             && (!s0_v_q || scan_q != '0)
             && (!sc_v_q || (32'(scan_q) >= 2 && 32'(sc_end_q) == 32'(sc_cand_q) + 32'(need_q)))
             && 32'(wk_q) == 32'(cur_warps_q) * 32'(cur_ops_q)
             && 32'(need_q) == 3 * 32'(cur_warps_q) * 32'(cur_ops_q)))
  `GX_ASSERT(Cmd_A, (cst_q == SIdle || cst_q == SScan || cur_op_q != 2'd0)
             && ((cst_q != SRdWait && cst_q != SRdReg && cst_q != SRdData)
                 || (cur_op_q == 2'd3 && cb_ok
                 && bst_q[cb] == BResult && cur_warps_q < cW && cur_ops_q < cK))
             && (cst_q == SIdle || cst_q == SMeta || cst_q == SDec || cst_q == SRdWait
                 || cst_q == SRdReg || cst_q == SRdData || cst_q == SScan)
             && (cst_q == SIdle || cst_q == SMeta || !rsp_valid_q)
             && (cst_q == SIdle || cst_q == SScan || bst_q[cb] == BFree
                 || (cslot_q == cmd_slot && cur_tag_q == tag_q[cb] && cur_rseq == rseq)))
  // A1's copy of the record of q's batch (A1_A); the meta word's load in the first SMeta
  // clock (Pipe_A); a reservation starts only when no command runs
  `GX_ASSERT(A1_A, !a_v_q || bst_q[qb] == BFree
             || (a_base_q == base_q[qb] && a_k_q == bk_q[qb] && a_w_q == bw_q[qb]
                 && a_tag_q == tag_q[qb]
                 && a_2wk_q == {tot_q[qb][9:3], 1'b0}
                 && 32'(a_wk_q) == 32'(q_warps_q[2:0]) * 32'(bk_q[qb])))
  `GX_ASSERT(Pipe_A, (!mload_q || cst_q == SMeta) && (!a_v_q || q_v_q) && (!am_q || a_v_q)
             && (cst_q != SScan || !a_v_q))

  // the command's snapshot (c_*_q) is its record and checks now: nothing but the texture
  // port moves the record between the snapshot and the decision, and the snapshot's iss
  // is the decision clock's
  logic fv_snap;
  always_comb begin
    fv_snap = c_ok_q == cb_ok && c_bst_q == bst_q[cb] && c_tag_q == tag_q[cb]
              && (c_bst_q == BFree || cur_tag_q == tag_q[cb])
              && c_stored_q == stored_q[cb] && c_ret_q == ret_q[cb] && c_con_q == con_q[cb]
              && c_warg_q == (cur_warps_q >= cW || cur_ops_q >= cK)
              && c_seqhi_q == ({1'b0, cur_seq_q} >= ctotal)
              && (c_bst_q == BFree || c_rseq_q == (rseq == {1'b0, cur_seq_q}))
              && c_stlast_q == (stored_q[cb] + 8'd1 == c2wk)
              && c_retlast_q == (ret_q[cb] + 10'd1 == ctotal)
              && c_conlast_q == (con_q[cb] + 7'd1 == cwk);
    for (int i = 0; i < Batches; i++) fv_snap &= c_oh_q[i] == (32'(cb) == i);
    if (cst_q == SDec)
      fv_snap &= c_slt_q == {{1'b0, cur_seq_q} <= iss_q[cb], {1'b0, cur_seq_q} < iss_q[cb]}
                 && c_rlt_q == {ret_q[cb] <= iss_q[cb], ret_q[cb] < iss_q[cb]};
  end
  `GX_ASSERT(Snap_A, (cst_q != SDec && cst_q != SRdWait && cst_q != SRdReg && cst_q != SRdData)
                    || fv_snap)

  // covers: a batch drained in each order, a reservation refused for want of space, a
  // batch freed by its last result read, four requests read in one clock
  `GX_COVER(DrainQuadTex_C, free_ev && !cfg_order_i)
  `GX_COVER(DrainTexTile_C, free_ev && cfg_order_i)
  `GX_COVER(FullRefused_C, cst_q == SScan && rsp_ld && !best_v_d)
  `GX_COVER(Freed_C, cst_q == SRdData && con_q[cb] + 7'd1 == cwk)
  `GX_COVER(Xb4_C, xn == 3'd4)
  // a command's meta word taken from each of the three writes its meta RAM read missed
  `GX_COVER(Fwd_C, msrc[1])
  `GX_COVER(Fwd2_C, msrc[2])
  `GX_COVER(Fwd3_C, msrc[3])
`endif
endmodule

`default_nettype wire
