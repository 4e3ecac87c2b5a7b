// gx_pipe_cmd: the command decoder of gx_pipe (issue 22, docs/pipe_cmd.md): an
// AXI4-Stream slave that parses the command packets of docs/pipe.md ("Commands") into
// one ordered stream of pipe_cmd_t commands, bit for bit as gx_pipe_cmd_beat
// (cmodel/src/pipe_cmd.c, the specification) does.
//
// In: s_cmd, 64-bit TDATA, TKEEP, TLAST (ARM IHI 0051A). Each beat is checked as it is
// taken (TKEEP all ones, opcode, reserved bits, a load's range against cfg_i or a
// vertex's against the guard band, TLAST at the packet's length); the vertex beats and
// the first data beat are kept. The beat with
// TLAST ends the packet: a good packet's command (the kept beats and that beat) enters
// the output skid buffer (gx_skid) in the same clock; a bad packet's first error leaves
// as a one-clock err_o pulse with err_code_o in the next clock, and no command. A bad
// packet's beats after its first bad one are dropped unchecked up to its TLAST; the beat
// after a TLAST is a header.
// Out: valid/ready stream cmd (pipe_cmd_t, fields a kind does not use 0), packet order;
// err_o / err_code_o: one pulse per bad packet (no handshake).
// Handshake: s_cmd_tready_o is the skid buffer's registered ready (low only while both
// of its entries are full). Latency: a command is offered (cmd_valid_o) in the clock after
// its last beat is taken, or as soon as the commands before it leave; an error one clock
// after its packet's TLAST. Throughput: one beat a clock, no bubble between packets,
// while the output takes a command a clock.
// cfg_i (W, H, N, B) must be static while idle_o is low.
`default_nettype none
`include "gx_assert.svh"

module gx_pipe_cmd (
  input  wire logic              clk_i,          /// clock, rising edge
  input  wire logic              rst_i,          /// synchronous reset, active high
  input  wire gx_pkg::ms_cfg_t   cfg_i,          /// surface format: W, H, N, B (static while busy)
  input  wire logic              s_cmd_tvalid_i, /// AXI4-Stream TVALID: a beat is offered
  output      logic              s_cmd_tready_o, /// TREADY: it is taken this clock (a register)
  input  wire logic [63:0]       s_cmd_tdata_i,  /// TDATA
  input  wire logic [7:0]        s_cmd_tkeep_i,  /// TKEEP (must be all ones)
  input  wire logic              s_cmd_tlast_i,  /// TLAST: the packet's last beat
  output      logic              cmd_valid_o,    /// a command is offered
  input  wire logic              cmd_ready_i,    /// it is taken this clock
  output      gx_pkg::pipe_cmd_t cmd_o,          /// the command (held while not taken)
  output      logic              err_o,          /// one clock: a bad packet was dropped
  output      gx_pkg::cmd_err_e  err_code_o,     /// ... the first check it failed
  output      logic              idle_o          /// no packet open, no command or error held
);
  // the bits of a load header outside the opcode and the fields x [20:8], y [36:24],
  // sample [43:40]
  localparam logic [63:0] LoadRsvd = ~{20'h0, 4'hf, 3'h0, 13'h1fff, 3'h0, 13'h1fff, 8'hff};
  // the guard band: a vertex coordinate (signed, CoordBits = 24) lies in [-Lim, Lim]
  localparam int unsigned Lim = gx_pkg::GuardBandPx << gx_pkg::SubpixBits;  // 2^22
  localparam int unsigned CB  = gx_pkg::CoordBits;

  // c outside [-Lim, Lim], for Lim = 2^(CB - 2) (Band_A): c > Lim is c's top two bits 01
  // with a lower bit set; c < -Lim is its top two bits 10 (-2^(CB-1) .. -Lim - 1). No
  // carry chain: an OR of 22 bits and a few gates.
  function automatic logic out_band(logic [CB-1:0] c);
    out_band = (c[CB-1:CB-2] == 2'b01 && |c[CB-3:0]) || c[CB-1:CB-2] == 2'b10;
  endfunction

  // ---- state ------------------------------------------------------------------------
  logic [2:0]        beat_q, beat_d;   // index of the next beat in its packet (0: a header)
  gx_pkg::cmd_kind_e kind_q, kind_d;   // the open packet's kind (beat_q > 0, bad_q == 0)
  logic              bad_q, bad_d;     // the open packet failed a check: dropped to TLAST
  gx_pkg::cmd_err_e  code_q, code_d;   // ... its first failed check
  logic              err_q, err_d;     // err_o
  gx_pkg::cmd_err_e  ecode_q, ecode_d; // err_code_o
  logic [143:0]      vtx_q;            // vertex beats 1..3, {y, x} each (no reset: datapath)
  logic [63:0]       lo_q;             // the first data beat (a color's bytes 0..7, a
                                       // pattern's slots 0..7)
  gx_pkg::pipe_cmd_t cmd_in;           // the command ending with this beat (if it ends one)

  // ---- the beat ---------------------------------------------------------------------
  logic              take, hdr, op_ok, is_tri, is_pat, lo_sel, hi_sel, last_idx, rsvd;
  logic              range_bad, smp_bad, vtx_bad;
  logic [7:0]        op;
  gx_pkg::cmd_kind_e kind;
  logic [2:0]        len;
  gx_pkg::cmd_err_e  beat_code, pkt_code;
  logic              sk_ready, sk_valid, held_valid;
  gx_pkg::pipe_cmd_t held_data;

  assign take   = s_cmd_tvalid_i && s_cmd_tready_o;
  assign hdr    = beat_q == 3'd0;
  assign op     = s_cmd_tdata_i[7:0];
  assign op_ok  = op >= 8'd1 && op <= 8'd4;
  assign kind   = hdr ? gx_pkg::cmd_kind_e'(op[1:0] - 2'd1) : kind_q;
  assign is_tri = kind == gx_pkg::CmdTriangle;
  assign is_pat = kind == gx_pkg::CmdPattern;
  // packet length: a triangle 4 + ceil(B/8) (5 at B = 4, 8; 6 at B = 16 and the illegal
  // bps 3), a pattern 3, a flush or a load 1
  always_comb begin
    unique case (kind)
      gx_pkg::CmdTriangle: len = cfg_i.bps[1] ? 3'd6 : 3'd5;
      gx_pkg::CmdPattern:  len = 3'd3;
      default:             len = 3'd1;
    endcase
  end
  assign last_idx = beat_q == len - 3'd1;
  // the data beats: low half (a triangle's first color beat, a pattern's beat 1), high
  // half (the second)
  assign lo_sel = (is_tri && beat_q == 3'd4) || (is_pat && beat_q == 3'd1);
  assign hi_sel = (is_tri && beat_q == 3'd5) || (is_pat && beat_q == 3'd2);

  always_comb begin
    rsvd = 1'b0;
    if (hdr)
      rsvd = op == 8'd4 ? |(s_cmd_tdata_i & LoadRsvd) : |s_cmd_tdata_i[63:8];
    else if (is_tri && beat_q <= 3'd3)
      rsvd = |s_cmd_tdata_i[63:48];                       // a vertex
    else if (is_tri && beat_q == 3'd4 && cfg_i.bps == gx_pkg::Bps4)
      rsvd = |s_cmd_tdata_i[63:32];                       // color bytes 4..7 at B = 4
  end

  // a load: x >= W, y >= H (W, H 14 bits, x, y 13), sample >= N = 2 << spp
  always_comb begin
    unique case (cfg_i.spp)
      gx_pkg::Spp2: smp_bad = |s_cmd_tdata_i[43:41];
      gx_pkg::Spp4: smp_bad = |s_cmd_tdata_i[43:42];
      gx_pkg::Spp8: smp_bad = s_cmd_tdata_i[43];
      default:      smp_bad = 1'b0;
    endcase
  end
  assign range_bad = {1'b0, s_cmd_tdata_i[20:8]} >= cfg_i.width ||
                     {1'b0, s_cmd_tdata_i[36:24]} >= cfg_i.height || smp_bad;
  // a vertex beat (a triangle's beats 1..3): x [23:0] or y [47:24] outside the guard band
  assign vtx_bad = is_tri && !hdr && beat_q <= 3'd3 &&
                   (out_band(s_cmd_tdata_i[CB-1:0]) || out_band(s_cmd_tdata_i[2*CB-1:CB]));

  // the beat's checks in the order that names the error (gx_pipe_cmd.h)
  always_comb begin
    if (s_cmd_tkeep_i != 8'hff)                 beat_code = gx_pkg::CmdErrKeep;
    else if (hdr && !op_ok)                     beat_code = gx_pkg::CmdErrOpcode;
    else if (rsvd)                              beat_code = gx_pkg::CmdErrReserved;
    else if ((hdr && op == 8'd4 && range_bad) || vtx_bad)
                                                beat_code = gx_pkg::CmdErrRange;
    else if (s_cmd_tlast_i && !last_idx)        beat_code = gx_pkg::CmdErrShort;
    else if (!s_cmd_tlast_i && last_idx)        beat_code = gx_pkg::CmdErrLong;
    else                                        beat_code = gx_pkg::CmdErrNone;
  end
  // the packet's error so far: its first bad beat's (a header starts a new packet)
  assign pkt_code = (!hdr && bad_q) ? code_q : beat_code;

  // ---- assembly ---------------------------------------------------------------------
  // Only what a later beat needs is kept: the vertices and the first data beat. The
  // command of a packet ending with this beat is built from them and the beat itself,
  // by the packet's shape: a header that ends a packet is a flush or a load (every other
  // field 0); the second data beat is always a packet's last (a pattern's beat 2, a
  // triangle's beat 5 at B = 16), so it never needs a register, and where the packet
  // has none the upper data half is 0; a load's fields come only from its header (0 in a
  // good header of the other kinds: reserved bits), so they need none either.
  always_ff @(posedge clk_i) begin
    if (take && is_tri && beat_q == 3'd1) vtx_q[47:0]   <= s_cmd_tdata_i[47:0];
    if (take && is_tri && beat_q == 3'd2) vtx_q[95:48]  <= s_cmd_tdata_i[47:0];
    if (take && is_tri && beat_q == 3'd3) vtx_q[143:96] <= s_cmd_tdata_i[47:0];
    if (take && lo_sel) lo_q <= s_cmd_tdata_i;
  end

  always_comb begin
    cmd_in        = '0;
    cmd_in.kind   = kind;
    if (is_tri) {cmd_in.y2, cmd_in.x2, cmd_in.y1, cmd_in.x1, cmd_in.y0, cmd_in.x0} = vtx_q;
    if (!hdr) cmd_in.data[63:0] = lo_sel ? s_cmd_tdata_i : lo_q;
    if (hi_sel) cmd_in.data[127:64] = s_cmd_tdata_i;
    if (hdr) begin
      cmd_in.lx     = s_cmd_tdata_i[20:8];
      cmd_in.ly     = s_cmd_tdata_i[36:24];
      cmd_in.sample = s_cmd_tdata_i[43:40];
    end
  end

  // ---- next state -------------------------------------------------------------------
  always_comb begin
    beat_d  = beat_q;
    kind_d  = kind_q;
    bad_d   = bad_q;
    code_d  = code_q;
    err_d   = 1'b0;
    ecode_d = gx_pkg::CmdErrNone;
    if (take) begin
      // the count stops at 5 (only a bad packet runs past its last beat)
      beat_d = s_cmd_tlast_i ? 3'd0 : beat_q == 3'd5 ? 3'd5 : beat_q + 3'd1;
      kind_d = kind;
      bad_d  = !s_cmd_tlast_i && pkt_code != gx_pkg::CmdErrNone;
      code_d = pkt_code;
      if (s_cmd_tlast_i && pkt_code != gx_pkg::CmdErrNone) begin
        err_d   = 1'b1;
        ecode_d = pkt_code;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      beat_q <= 3'd0;
      bad_q  <= 1'b0;
      err_q  <= 1'b0;
    end else begin
      beat_q <= beat_d;
      bad_q  <= bad_d;
      err_q  <= err_d;
    end
  end

  always_ff @(posedge clk_i) begin
    kind_q  <= kind_d;
    code_q  <= code_d;
    ecode_q <= ecode_d;
  end

  // ---- output: a good packet's command into the skid buffer at its last beat ---------
  // (offered with the beat; the skid buffer takes it exactly when TREADY takes the beat,
  // both being its registered ready)
  assign sk_valid = s_cmd_tvalid_i && s_cmd_tlast_i && pkt_code == gx_pkg::CmdErrNone;

  gx_skid #(.Width(gx_pkg::PIPE_CMD_BITS)) u_out (
    .clk_i, .rst_i,
    .in_valid_i(sk_valid), .in_ready_o(sk_ready), .in_data_i(cmd_in),
    .out_valid_o(cmd_valid_o), .out_ready_i(cmd_ready_i), .out_data_o(cmd_o),
    .held_valid_o(held_valid), .held_data_o(held_data)
  );

  assign s_cmd_tready_o = sk_ready;
  assign err_o          = err_q;
  assign err_code_o     = ecode_q;
  assign idle_o         = hdr && !cmd_valid_o && !held_valid && !err_q;

  logic unused;
  assign unused = ^{cfg_i.threshold, held_data};

  // ---- properties ------------------------------------------------------------------
  // The band test above holds for these constants only.
  `GX_ASSERT(Band_A, Lim == 1 << (CB - 2))
  // A packet in progress is within its length while good, and a bad one has an error.
  `GX_ASSERT(BeatRange_A, beat_q <= 3'd5)
  `GX_ASSERT(GoodInLength_A, hdr || bad_q || beat_q < len)
  `GX_ASSERT(BadCode_A, !bad_q || code_q != gx_pkg::CmdErrNone)
  `GX_ASSERT(ErrCode_A, !err_q || ecode_q != gx_pkg::CmdErrNone)
  // a dropped packet and a command never end in the same beat
  `GX_ASSERT(EndOne_A, !(take && sk_valid && err_d))
  `GX_COVER(Triangle_C, take && sk_valid && cmd_in.kind == gx_pkg::CmdTriangle)
  `GX_COVER(Pattern_C, take && sk_valid && cmd_in.kind == gx_pkg::CmdPattern)
  `GX_COVER(Flush_C, take && sk_valid && cmd_in.kind == gx_pkg::CmdFlush)
  `GX_COVER(Load_C, take && sk_valid && cmd_in.kind == gx_pkg::CmdLoad)
  `GX_COVER(ErrKeep_C, err_q && ecode_q == gx_pkg::CmdErrKeep)
  `GX_COVER(ErrOpcode_C, err_q && ecode_q == gx_pkg::CmdErrOpcode)
  `GX_COVER(ErrReserved_C, err_q && ecode_q == gx_pkg::CmdErrReserved)
  `GX_COVER(ErrRange_C, err_q && ecode_q == gx_pkg::CmdErrRange)
  // ... from a vertex (a load's range error leaves kind_q a load)
  `GX_COVER(ErrRangeVtx_C, err_q && ecode_q == gx_pkg::CmdErrRange &&
                           kind_q == gx_pkg::CmdTriangle)
  `GX_COVER(ErrShort_C, err_q && ecode_q == gx_pkg::CmdErrShort)
  `GX_COVER(ErrLong_C, err_q && ecode_q == gx_pkg::CmdErrLong)
  `GX_COVER(Stalled_C, !s_cmd_tready_o && s_cmd_tvalid_i)
endmodule

`default_nettype wire
