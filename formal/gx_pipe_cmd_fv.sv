// gx_pipe_cmd_fv: formal harness of gx_pipe_cmd, the command decoder of gx_pipe. The
// stream input is free within the AXI4-Stream master's rules (gx_axis_slave_fv: TVALID
// held with its payload until TREADY; any TKEEP), cmd_ready_i free, the format cfg_i an
// arbitrary constant (any W, H, N, B, the illegal bps 3 too); reset in the first clock.
//
// A reference of the packet rules written from docs/pipe_cmd.md (not from the RTL): the
// beat's index in its packet, the packet's opcode and its first failed check, in the
// specification's order (TKEEP, opcode, reserved bits, a load's range or a vertex
// outside the guard band, by signed comparisons with gx_pkg's constants, TLAST early or
// late). Proven:
//   Latency_A  a good packet's command is offered in the clock after its last beat;
//   Owed_A     the commands owed (good packet ends, by the reference, less commands taken)
//              are exactly cmd_valid_o + !s_cmd_tready_o: a command for every good packet
//              and for no other, none lost, offered in the clock after its last beat (or
//              behind the one before it), TREADY low only while two are held;
//   Err_A      err_o exactly in the clock after a bad packet's TLAST, with the reference's
//              error code (ErrCode_A);
//   CmdHold_A  cmd_o holds while offered and not taken;
//   Idle_A     idle_o only between packets with nothing owed and no error pending;
//   the block's own assertions (beat count, the bad state's code).
// So every packet end (a TLAST taken) is one command or one error: that count (ends =
// commands taken + held + errors) follows from Owed_A and Err_A; stated as an assertion
// of its own, with two more counters, it took abc pdr 661 s instead of 16 to 43.
// The commands' payloads and order are the cosimulation's (bit for bit against the C
// model, on the RTL and on the Yosys netlist).
// Covered: a command of each kind, an error of each code and a range error from a
// vertex (rtl/gx_pipe_cmd.sv), back-to-back packets, both output entries full, a
// triangle with a vertex on the band's edge taken (BandEdge_C).
`default_nettype none
`include "gx_assert.svh"

module gx_pipe_cmd_fv (
  input wire logic            clk_i,
  input wire logic            rst_i,
  input wire logic            s_cmd_tvalid_i,
  input wire logic [63:0]     s_cmd_tdata_i,
  input wire logic [7:0]      s_cmd_tkeep_i,
  input wire logic            s_cmd_tlast_i,
  input wire logic            cmd_ready_i
);
  (* anyconst *) gx_pkg::ms_cfg_t cfg;

  logic              tready, cmd_valid, err, idle;
  gx_pkg::pipe_cmd_t cmd;
  gx_pkg::cmd_err_e  err_code;

  gx_pipe_cmd u_dut (
    .clk_i, .rst_i, .cfg_i(cfg),
    .s_cmd_tvalid_i, .s_cmd_tready_o(tready), .s_cmd_tdata_i, .s_cmd_tkeep_i, .s_cmd_tlast_i,
    .cmd_valid_o(cmd_valid), .cmd_ready_i, .cmd_o(cmd),
    .err_o(err), .err_code_o(err_code), .idle_o(idle)
  );

  gx_axis_slave_fv #(.DataWidth(64)) u_axis (
    .clk_i, .rst_i, .tvalid_i(s_cmd_tvalid_i), .tready_i(tready), .tdata_i(s_cmd_tdata_i),
    .tkeep_i(s_cmd_tkeep_i), .tlast_i(s_cmd_tlast_i)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);

  // ---- the reference of the packet rules -------------------------------------------
  logic [2:0] i_q;       // the beat's index in its packet (counted to 7)
  logic [7:0] op_q;      // the packet's opcode (i_q > 0)
  logic [2:0] code_q;    // its first failed check (0: none yet)
  logic [7:0] d_op;
  logic [2:0] len, code, pcode;
  logic [3:0] nsmp;
  logic       take, fin, hdr;
  logic [63:0] d;
  // the guard band [-Lim, Lim] of a vertex coordinate (docs/raster.md)
  localparam logic signed [24:0] Lim = 25'(gx_pkg::GuardBandPx << gx_pkg::SubpixBits);
  logic signed [24:0] vx, vy;
  logic       vtx_out;
  assign vx = 25'($signed(d[23:0]));
  assign vy = 25'($signed(d[47:24]));
  assign vtx_out = vx > Lim || vx < -Lim || vy > Lim || vy < -Lim;
  assign take = s_cmd_tvalid_i && tready;
  assign fin  = take && s_cmd_tlast_i;
  assign hdr  = i_q == 3'd0;
  assign d    = s_cmd_tdata_i;
  assign d_op = hdr ? d[7:0] : op_q;
  assign nsmp = 4'(2 << cfg.spp) - 4'd1;  // N - 1
  always_comb begin
    unique case (d_op)
      8'd1:    len = cfg.bps == gx_pkg::Bps16 || cfg.bps == 2'd3 ? 3'd6 : 3'd5;
      8'd2:    len = 3'd3;
      8'd3:    len = 3'd1;
      8'd4:    len = 3'd1;
      default: len = 3'd0;
    endcase
    code = 3'd0;
    if (s_cmd_tkeep_i != 8'hff) code = 3'd1;
    else if (len == 3'd0) code = 3'd2;
    else if (hdr && d_op != 8'd4 && d[63:8] != '0) code = 3'd3;
    else if (hdr && d_op == 8'd4 && (d[63:44] != '0 || d[39:37] != '0 || d[23:21] != '0))
      code = 3'd3;
    else if (d_op == 8'd1 && i_q >= 3'd1 && i_q <= 3'd3 && d[63:48] != '0) code = 3'd3;
    else if (d_op == 8'd1 && i_q == 3'd4 && cfg.bps == gx_pkg::Bps4 && d[63:32] != '0)
      code = 3'd3;
    else if (hdr && d_op == 8'd4 &&
             (14'(d[20:8]) >= cfg.width || 14'(d[36:24]) >= cfg.height || d[43:40] > nsmp))
      code = 3'd4;
    else if (d_op == 8'd1 && i_q >= 3'd1 && i_q <= 3'd3 && vtx_out) code = 3'd4;
    else if (s_cmd_tlast_i && 4'(i_q) + 4'd1 < 4'(len)) code = 3'd5;
    else if (!s_cmd_tlast_i && 4'(i_q) + 4'd1 == 4'(len)) code = 3'd6;
  end
  assign pcode = (!hdr && code_q != 3'd0) ? code_q : code;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      i_q    <= 3'd0;
      code_q <= 3'd0;
    end else if (take) begin
      i_q    <= s_cmd_tlast_i ? 3'd0 : i_q == 3'd7 ? 3'd7 : i_q + 3'd1;
      code_q <= pcode;
    end
    if (take && hdr) op_q <= d[7:0];
  end

  // ---- the port-level scoreboard -----------------------------------------------------
  logic [7:0] n_good_q, n_cmd_q, owed;
  logic       err_due_q;
  logic [2:0] err_code_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      n_good_q  <= '0;
      n_cmd_q   <= '0;
      err_due_q <= 1'b0;
    end else begin
      n_good_q  <= n_good_q + 8'(fin && pcode == 3'd0);
      n_cmd_q   <= n_cmd_q + 8'(cmd_valid && cmd_ready_i);
      err_due_q <= fin && pcode != 3'd0;
    end
    err_code_q <= pcode;
  end
  assign owed = n_good_q - n_cmd_q;

  // a good packet's command is offered in the clock after its last beat at the latest
  `GX_ASSERT(Latency_A, !`GX_PAST_OK || !$past(fin && pcode == 3'd0) || cmd_valid)

  `GX_ASSERT(Owed_A, owed == 8'(cmd_valid) + 8'(!tready))
  `GX_ASSERT(Err_A, err == err_due_q)
  `GX_ASSERT(ErrCode_A, !err || 3'(err_code) == err_code_q)
  `GX_ASSERT(CmdHold_A, !`GX_PAST_OK || !$past(cmd_valid && !cmd_ready_i) ||
                        (cmd_valid && cmd == $past(cmd)))
  `GX_ASSERT(Idle_A, !idle || (hdr && owed == 8'd0 && !err))

  `GX_COVER(BackToBack_C, `GX_PAST_OK && $past(fin) && take && s_cmd_tlast_i)
  `GX_COVER(BothFull_C, owed == 8'd2 && s_cmd_tvalid_i)
  `GX_COVER(TriangleTaken_C, cmd_valid && cmd_ready_i && cmd.kind == gx_pkg::CmdTriangle)
  `GX_COVER(BandEdge_C, cmd_valid && cmd.kind == gx_pkg::CmdTriangle &&
                        $signed(cmd.x0) == -Lim && $signed(cmd.y2) == Lim)
endmodule

`default_nettype wire
