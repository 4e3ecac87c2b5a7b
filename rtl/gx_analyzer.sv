// gx_analyzer: 1SPP analyzer comparators.
//
// Decides the multi-sample encoding of one 32-byte line (1SPP, subset or full) and the
// class of every slot: the slots of its pixel holding the same bytes. A two-stage
// pipeline that takes one line a clock:
//   stage 1  the 28 comparators of every pair of the line's eight dwords; their results
//            and the request's format are registered (the line itself is not kept).
//   stage 2  the classes from the registered equalities: a slot of B bytes spans B/4
//            dwords and equals another slot of its pixel when all its dwords do; the
//            encoding from the classes (1SPP: every class a whole pixel, full: every
//            class one slot, subset otherwise); the response is registered.
// A query request (SULD.MS) answers only the class of slot qslot, enc 0. The golden
// model is cmodel/src/analyzer.c; the closed-form specification, gx_analyzer_spec_pkg.
//
// Handshake: valid/ready streams req (in) and resp (out); a transfer happens on
// valid && ready. Each stage advances when it is empty or the stage after it does:
// req_ready_o = !s1_v || !s2_v || resp_ready_i.
// Latency: a line accepted at clock t leaves resp_valid_o high from clock t + 2.
// Throughput: one line a clock, for every format and every encoding.
`default_nettype none
`include "gx_assert.svh"

module gx_analyzer (
  input  wire logic              clk_i,         /// clock, rising edge
  input  wire logic              rst_i,         /// synchronous reset, active high
  input  wire logic              req_valid_i,   /// a request is offered
  output      logic              req_ready_o,   /// the request is taken this clock
  input  wire gx_pkg::an_req_t   req_i,         /// line, format and query
  output      logic              resp_valid_o,  /// a response is offered
  input  wire logic              resp_ready_i,  /// the response is taken this clock
  output      gx_pkg::an_resp_t  resp_o         /// encoding and masks
);
  localparam int unsigned NS = gx_pkg::MaxSlots;    // slots of a 4-byte format
  localparam int unsigned NL = gx_pkg::LineDwords;  // dwords of a line
  localparam int unsigned DW = gx_pkg::DwordBits;
  localparam int unsigned NP = NL * (NL - 1) / 2;   // dword pairs

  typedef logic [NS-1:0] slotmask_t;

  // Index of the pair (a, b), a < b, in the comparator vector.
  function automatic int unsigned pair(int unsigned a, int unsigned b);
    pair = a * (2 * NL - a - 1) / 2 + (b - a - 1);
  endfunction

  // ---------------------------------------------------------------------------------
  // Handshake. s1_v/s2_v are control (reset); the stage registers are datapath.
  logic s1_v_q, s2_v_q;
  logic s2_adv;    // stage 2 takes stage 1's line this clock
  logic accept;    // stage 1 takes a request this clock
  assign s2_adv       = s1_v_q && (!s2_v_q || resp_ready_i);
  assign req_ready_o  = !s1_v_q || !s2_v_q || resp_ready_i;
  assign accept       = req_valid_i && req_ready_o;
  assign resp_valid_o = s2_v_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      s1_v_q <= 1'b0;
      s2_v_q <= 1'b0;
    end else begin
      if (req_ready_o) s1_v_q <= req_valid_i;
      if (!s2_v_q || resp_ready_i) s2_v_q <= s1_v_q;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 1: the dword-pair comparators.
  logic [NP-1:0] eq_d, eq_q;     // bit pair(a, b): dword a equals dword b
  logic          s1_query_q;
  logic [2:0]    s1_qslot_q;
  gx_pkg::spp_e  s1_spp_q;
  gx_pkg::bps_e  s1_bps_q;

  always_comb begin
    for (int unsigned a = 0; a < NL; a++)
      for (int unsigned b = a + 1; b < NL; b++)
        eq_d[pair(a, b)] = req_i.line[a*DW +: DW] == req_i.line[b*DW +: DW];
  end

  always_ff @(posedge clk_i) begin
    if (accept) begin
      eq_q       <= eq_d;
      s1_query_q <= req_i.query;
      s1_qslot_q <= req_i.qslot;
      s1_spp_q   <= req_i.spp;
      s1_bps_q   <= req_i.bps;
    end
  end

  // ---------------------------------------------------------------------------------
  // Stage 2: classes and encoding.
  //
  // Format decode: dlg = log2 dwords per slot (B/4), glg = log2 slots per pixel,
  // min(N, S), where N = 2 << spp and S = 8 >> dlg.
  logic [1:0] dlg, glg;
  always_comb begin
    unique case (s1_bps_q)
      gx_pkg::Bps8:  dlg = 2'd1;
      gx_pkg::Bps16: dlg = 2'd2;
      default:       dlg = 2'd0;
    endcase
    glg = ({1'b0, s1_spp_q} + 3'd1 < 3'd3 - {1'b0, dlg}) ? s1_spp_q + 2'd1 : 2'd3 - dlg;
  end

  // Dword equality, symmetric, a dword equal to itself.
  function automatic logic deq(logic [NP-1:0] e, int unsigned a, int unsigned b);
    if (a == b) deq = 1'b1;
    else if (a < b) deq = e[pair(a, b)];
    else deq = e[pair(b, a)];
  endfunction

  // Slot equality for each slot size: the pair's dwords all equal. Pairs of different
  // pixels are masked below.
  logic [NS-1:0][NS-1:0]     seq4;   // [j][i]: 4-byte slot i equals slot j
  logic [NS/2-1:0][NS/2-1:0] seq8;   // 8-byte slots
  logic [NS/4-1:0][NS/4-1:0] seq16;  // 16-byte slots
  always_comb begin
    for (int unsigned j = 0; j < NS; j++)
      for (int unsigned i = 0; i < NS; i++)
        seq4[j][i] = deq(eq_q, i, j);
    for (int unsigned j = 0; j < NS / 2; j++)
      for (int unsigned i = 0; i < NS / 2; i++)
        seq8[j][i] = deq(eq_q, 2 * i, 2 * j) && deq(eq_q, 2 * i + 1, 2 * j + 1);
    for (int unsigned j = 0; j < NS / 4; j++)
      for (int unsigned i = 0; i < NS / 4; i++)
        seq16[j][i] = deq(eq_q, 4 * i, 4 * j) && deq(eq_q, 4 * i + 1, 4 * j + 1) &&
                      deq(eq_q, 4 * i + 2, 4 * j + 2) && deq(eq_q, 4 * i + 3, 4 * j + 3);
  end

  // The class of every slot, the encoding, the response.
  gx_pkg::an_resp_t resp_d, resp_q;
  logic [NS-1:0][NS-1:0] cls;  // [j]: the class of slot j
  always_comb begin
    logic uniform, single;
    uniform = 1'b1;
    single = 1'b1;
    for (int unsigned j = 0; j < NS; j++) begin
      slotmask_t row, pix;  // a whole row is built, then stored (docs/toolchain.md: Yosys)
      for (int unsigned i = 0; i < NS; i++) begin
        pix[i] = (i >> glg) == (j >> glg);
        unique case (dlg)
          2'd2:    row[i] = pix[i] && i < NS / 4 && j < NS / 4 && seq16[j % (NS / 4)][i % (NS / 4)];
          2'd1:    row[i] = pix[i] && i < NS / 2 && j < NS / 2 && seq8[j % (NS / 2)][i % (NS / 2)];
          default: row[i] = pix[i] && seq4[j][i];
        endcase
      end
      cls[j] = row;
      if (j < (NS >> dlg)) begin
        if (row != pix) uniform = 1'b0;
        if (row != slotmask_t'(1 << j)) single = 1'b0;
      end
    end
    resp_d.query = s1_query_q;
    resp_d.enc = (s1_query_q || uniform) ? gx_pkg::Enc1spp
               : single ? gx_pkg::EncFull : gx_pkg::EncSubset;
    resp_d.masks = '0;
    for (int unsigned j = 0; j < NS; j++)
      if (!s1_query_q || 32'(s1_qslot_q) == j) resp_d.masks[j*NS +: NS] = cls[j];
  end

  always_ff @(posedge clk_i) begin
    if (s2_adv) resp_q <= resp_d;
  end
  assign resp_o = resp_q;

  // ---------------------------------------------------------------------------------
  // Properties.
`ifdef GX_ASSERT_ON
  // Port-level scoreboard, kept from the ports alone: the requests taken whose
  // responses are still owed, oldest first (at most two: one a stage). Every response
  // must be the specification's answer to the oldest.
  logic [1:0]       fv_n_q;
  gx_pkg::an_req_t  fv_req0_q, fv_req1_q;  // oldest, next
  logic             fv_take, fv_give;
  assign fv_take = req_valid_i && req_ready_o;
  assign fv_give = resp_valid_o && resp_ready_i;
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_n_q <= 2'd0;
    else fv_n_q <= fv_n_q + 2'(fv_take) - 2'(fv_give);
    if (fv_give) fv_req0_q <= fv_req1_q;
    if (fv_take && fv_n_q - 2'(fv_give) == 2'd0) fv_req0_q <= req_i;
    if (fv_take && fv_n_q - 2'(fv_give) == 2'd1) fv_req1_q <= req_i;
  end

  gx_pkg::an_req_t fv_s1_req;  // the request stage 1 holds
  assign fv_s1_req = s2_v_q ? fv_req1_q : fv_req0_q;
  logic fv_eq_ok;              // stage 1's comparators are those of its line
  always_comb begin
    fv_eq_ok = 1'b1;
    for (int unsigned a = 0; a < NL; a++)
      for (int unsigned b = a + 1; b < NL; b++)
        if (eq_q[pair(a, b)] != (fv_s1_req.line[a*DW +: DW] == fv_s1_req.line[b*DW +: DW]))
          fv_eq_ok = 1'b0;
  end
`endif

  // Environment: the request stream follows the protocol and carries a legal format.
  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqBps_M, !req_valid_i || req_i.bps != 2'd3)
  `GX_ASSUME(ReqQslot_M, !req_valid_i || !req_i.query ||
                         32'(req_i.qslot) < gx_analyzer_spec_pkg::slots(req_i.bps))

  // Output protocol: a response is owed, and holds until taken.
  `GX_ASSERT(RespOwed_A, !resp_valid_o || fv_n_q != 2'd0)
  `GX_ASSERT(RespHold_A, !`GX_PAST_OK || !$past(resp_valid_o && !resp_ready_i) ||
                         (resp_valid_o && resp_o == $past(resp_o)))
  // The response is the specification's answer to the oldest request owed, bit for bit.
  `GX_ASSERT(RespSpec_A, !resp_valid_o || resp_o == gx_analyzer_spec_pkg::resp(fv_req0_q))
  // An empty unit takes a request.
  `GX_ASSERT(EmptyReady_A, fv_n_q != 2'd0 || req_ready_o)
  // Invariants of the lines in flight (they make the proof inductive): one owed request
  // a full stage; stage 1 holds its request's format and comparator results.
  `GX_ASSERT(Owed_A, fv_n_q == 2'(s1_v_q) + 2'(s2_v_q))
  `GX_ASSERT(S1Held_A, !s1_v_q || (s1_query_q == fv_s1_req.query &&
                                   s1_qslot_q == fv_s1_req.qslot &&
                                   s1_spp_q == fv_s1_req.spp && s1_bps_q == fv_s1_req.bps))
  `GX_ASSERT(S1Legal_A, !s1_v_q || (s1_bps_q != 2'd3 &&
                                    (!s1_query_q ||
                                     32'(s1_qslot_q) < gx_analyzer_spec_pkg::slots(s1_bps_q))))
  `GX_ASSERT(S1Eq_A, !s1_v_q || fv_eq_ok)

  // Reachability: every encoding, a query, back-to-back lines, a full pipeline stalled.
  `GX_COVER(Enc1spp_C, resp_valid_o && !resp_o.query && resp_o.enc == gx_pkg::Enc1spp)
  `GX_COVER(EncSubset_C, resp_valid_o && !resp_o.query && resp_o.enc == gx_pkg::EncSubset)
  `GX_COVER(EncFull_C, resp_valid_o && !resp_o.query && resp_o.enc == gx_pkg::EncFull)
  `GX_COVER(Query_C, resp_valid_o && resp_o.query)
  `GX_COVER(BackToBack_C, `GX_PAST_OK && $past(resp_valid_o && resp_ready_i) &&
                          resp_valid_o && resp_ready_i)
  `GX_COVER(FullStall_C, s1_v_q && s2_v_q && !resp_ready_i && req_valid_i)
  // every N by B format
  `GX_COVER(Spp2Bps4_C, s2_adv && s1_spp_q == gx_pkg::Spp2 && s1_bps_q == gx_pkg::Bps4)
  `GX_COVER(Spp2Bps8_C, s2_adv && s1_spp_q == gx_pkg::Spp2 && s1_bps_q == gx_pkg::Bps8)
  `GX_COVER(Spp2Bps16_C, s2_adv && s1_spp_q == gx_pkg::Spp2 && s1_bps_q == gx_pkg::Bps16)
  `GX_COVER(Spp4Bps4_C, s2_adv && s1_spp_q == gx_pkg::Spp4 && s1_bps_q == gx_pkg::Bps4)
  `GX_COVER(Spp4Bps8_C, s2_adv && s1_spp_q == gx_pkg::Spp4 && s1_bps_q == gx_pkg::Bps8)
  `GX_COVER(Spp4Bps16_C, s2_adv && s1_spp_q == gx_pkg::Spp4 && s1_bps_q == gx_pkg::Bps16)
  `GX_COVER(Spp8Bps4_C, s2_adv && s1_spp_q == gx_pkg::Spp8 && s1_bps_q == gx_pkg::Bps4)
  `GX_COVER(Spp8Bps8_C, s2_adv && s1_spp_q == gx_pkg::Spp8 && s1_bps_q == gx_pkg::Bps8)
  `GX_COVER(Spp8Bps16_C, s2_adv && s1_spp_q == gx_pkg::Spp8 && s1_bps_q == gx_pkg::Bps16)
  `GX_COVER(Spp16Bps4_C, s2_adv && s1_spp_q == gx_pkg::Spp16 && s1_bps_q == gx_pkg::Bps4)
  `GX_COVER(Spp16Bps8_C, s2_adv && s1_spp_q == gx_pkg::Spp16 && s1_bps_q == gx_pkg::Bps8)
  `GX_COVER(Spp16Bps16_C, s2_adv && s1_spp_q == gx_pkg::Spp16 && s1_bps_q == gx_pkg::Bps16)
endmodule

`default_nettype wire
