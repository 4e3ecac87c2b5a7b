// gx_analyzer: 1SPP analyzer comparators.
//
// Decides the multi-sample encoding of one 32-byte line (1SPP, subset or full) and the
// mask of equal slots of every slot, with eight 32-bit comparators, one per dword lane.
// Each clock is one comparator pass: in every pixel of the line the lowest slot not yet
// retired is the reference, each lane compares its dword with the same dword of its
// slot's reference (lanes are multiplexed by B: a slot spans B/4 lanes), and the slots
// equal to their reference retire as one class. The line is done after the first pass
// that leaves no pixel with two or more unretired slots. The first pass is the 1SPP
// decision (references = slot 0 of every pixel), so a 1SPP line takes one clock; a line
// whose pixel has k distinct values takes up to k passes, at most MaxPasses = 7. A query
// request (SULD.MS) is one pass with reference qslot. The golden model is
// cmodel/src/analyzer.c; the closed-form specification, gx_analyzer_spec_pkg.
//
// Handshake: valid/ready streams req (in) and resp (out); a transfer happens on
// valid && ready. The unit holds one line; req_ready_o = !busy || (done && resp_ready_i).
// Latency: a line accepted at clock t leaves resp_valid_o high from clock t + passes.
// Throughput: one line per `passes` clocks; 1SPP lines go at one line per clock.
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
  output      gx_pkg::an_resp_t  resp_o         /// encoding, masks and pass count
);
  localparam int unsigned NS = gx_pkg::MaxSlots;    // slots of a 4-byte format
  localparam int unsigned NL = gx_pkg::LineDwords;  // comparator lanes
  localparam int unsigned DW = gx_pkg::DwordBits;

  typedef logic [NS-1:0] slotmask_t;
  // Masks are declared as logic [NS-1:0][NS-1:0], not through a typedef: Yosys 0.70
  // indexes typedef'd multi-dimensional packed arrays wrongly (docs/toolchain.md).

  // ---------------------------------------------------------------------------------
  // State. busy_q/done_q are control; the rest is datapath (no reset).
  logic             busy_q, busy_d;     // a line is held
  logic             done_q, done_d;     // its response is ready
  gx_pkg::an_req_t  req_q, req_d;       // the line held
  slotmask_t        open_q, open_d;     // slots not yet retired
  logic [NS-1:0][NS-1:0] masks_q, masks_d;  // masks of the retired slots
  logic [gx_pkg::PassBits-1:0] passes_q, passes_d; // passes done

  logic accept;
  assign req_ready_o  = !busy_q || (done_q && resp_ready_i);
  assign accept       = req_valid_i && req_ready_o;
  assign resp_valid_o = busy_q && done_q;
  always_comb begin
    resp_o.query  = req_q.query;
    resp_o.enc    = enc;
    resp_o.passes = passes_q;
    resp_o.masks  = masks_q;
  end

  // Format decode: log2 dwords per slot (B/4) and log2 slots per pixel, min(N, S), where
  // N = 2 << spp and S = 8 >> dlg.
  function automatic logic [1:0] dw_lg(gx_pkg::bps_e bps);
    unique case (bps)
      gx_pkg::Bps8:  dw_lg = 2'd1;
      gx_pkg::Bps16: dw_lg = 2'd2;
      default:       dw_lg = 2'd0;
    endcase
  endfunction
  function automatic logic [1:0] grp_lg(gx_pkg::spp_e spp, logic [1:0] dlg);
    grp_lg = ({1'b0, spp} + 3'd1 < 3'd3 - {1'b0, dlg}) ? spp + 2'd1 : 2'd3 - dlg;
  endfunction

  // ---------------------------------------------------------------------------------
  // One comparator pass, on the incoming request (accept) or the held line.
  gx_pkg::an_req_t src;
  slotmask_t       src_open;
  logic [NS-1:0][NS-1:0] src_masks;
  logic [2:0]      src_passes;
  logic [1:0]      dlg;   // log2 dwords per slot
  logic [1:0]      glg;   // log2 slots per pixel, min(N, S)
  slotmask_t       valid_slots;

  always_comb begin
    src        = accept ? req_i : req_q;
    src_masks  = accept ? '0 : masks_q;
    src_passes = accept ? 3'd0 : passes_q;
    dlg = dw_lg(src.bps);
    glg = grp_lg(src.spp, dlg);
    valid_slots = slotmask_t'((9'd1 << (4'd8 >> dlg)) - 9'd1);
    src_open = accept ? valid_slots : open_q;
  end

  // Candidates and the reference slot of each slot's pixel.
  slotmask_t cand;
  logic [NS-1:0][gx_pkg::SlotIdxBits-1:0] ref_of;  // reference slot of slot j's pixel
  always_comb begin
    cand = '0;
    ref_of = '0;
    for (int unsigned j = 0; j < NS; j++) begin
      if (src.query) begin
        cand[j] = ((j >> glg) == (32'(src.qslot) >> glg)) && valid_slots[j];
        ref_of[j] = src.qslot;
      end else begin
        cand[j] = src_open[j];
        // lowest open slot of j's pixel, scanning down so the lowest wins
        for (int unsigned i = NS; i > 0; i--)
          if (((i - 1) >> glg) == (j >> glg) && src_open[i-1]) ref_of[j] = 3'(i - 1);
      end
    end
  end

  // Eight lane comparators; lane k compares dword k with the same dword of the
  // reference of its slot.
  logic [NL-1:0] lane_eq;
  always_comb begin
    for (int unsigned k = 0; k < NL; k++) begin
      logic [2:0] slot, rdw;
      slot = 3'(k >> dlg);
      rdw = 3'((32'(ref_of[slot]) << dlg) | (k & ((32'd1 << dlg) - 1)));
      lane_eq[k] = src.line[k*DW +: DW] == src.line[32'(rdw)*DW +: DW];
    end
  end

  // Retire the classes, decide completion and the encoding.
  slotmask_t member, open_next;
  always_comb begin
    logic more;
    member = '0;
    for (int unsigned j = 0; j < NS; j++) begin
      logic eq;
      eq = 1'b1;
      for (int unsigned k = 0; k < NL; k++)
        if ((k >> dlg) == j && !lane_eq[k]) eq = 1'b0;
      member[j] = cand[j] && eq;
    end

    open_next = src_open & ~member;
    masks_d   = src_masks;
    // A retired slot's mask is its class; a query answers only the queried slot.
    for (int unsigned j = 0; j < NS; j++) begin
      slotmask_t cls;  // a whole row is built, then stored (docs/toolchain.md: Yosys)
      for (int unsigned i = 0; i < NS; i++)
        cls[i] = member[i] && ((i >> glg) == (j >> glg));
      if (member[j] && (!src.query || 32'(src.qslot) == j)) masks_d[j] = cls;
    end

    // A pixel with two or more open slots needs another pass.
    more = 1'b0;
    for (int unsigned g = 0; g < NS; g++) begin
      int unsigned n;
      n = 0;
      for (int unsigned j = 0; j < NS; j++)
        if ((j >> glg) == g && open_next[j]) n++;
      if (n >= 2) more = 1'b1;
    end
    if (src.query) more = 1'b0;
    if (!more && !src.query)
      for (int unsigned j = 0; j < NS; j++)
        if (open_next[j]) masks_d[j] = slotmask_t'(1 << j);

    done_d   = !more;
    open_d   = more ? open_next : '0;
    passes_d = src_passes + 3'd1;
  end

  // The encoding of the finished line, decoded from the registered masks (so it is not
  // on the pass path): 1SPP when every mask is its whole pixel, full when every mask is
  // its own slot, subset otherwise; 0 for a query.
  gx_pkg::enc_e enc;
  always_comb begin
    logic uniform, single;
    logic [1:0] qdlg, qglg;
    qdlg = dw_lg(req_q.bps);
    qglg = grp_lg(req_q.spp, qdlg);
    uniform = 1'b1;
    single = 1'b1;
    for (int unsigned j = 0; j < NS; j++)
      if (j < (NS >> qdlg)) begin
        if (masks_q[j] != slotmask_t'(((1 << (1 << qglg)) - 1) << ((j >> qglg) << qglg)))
          uniform = 1'b0;
        if (masks_q[j] != slotmask_t'(1 << j)) single = 1'b0;
      end
    enc = (req_q.query || uniform) ? gx_pkg::Enc1spp
        : single ? gx_pkg::EncFull : gx_pkg::EncSubset;
  end

  // ---------------------------------------------------------------------------------
  always_comb begin
    busy_d = busy_q;
    req_d  = req_q;
    if (accept) begin
      busy_d = 1'b1;
      req_d  = req_i;
    end else if (resp_valid_o && resp_ready_i) begin
      busy_d = 1'b0;
    end
  end

  logic step;  // a pass happens this clock
  assign step = accept || (busy_q && !done_q);

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
    end else begin
      busy_q <= busy_d;
      if (step) done_q <= done_d;
    end
  end

  always_ff @(posedge clk_i) begin
    req_q <= req_d;
    if (step) begin
      open_q   <= open_d;
      masks_q  <= masks_d;
      passes_q <= passes_d;
    end
  end

  // ---------------------------------------------------------------------------------
  // Properties.
`ifdef GX_ASSERT_ON
  // Port-level scoreboard, kept from the ports alone: the request taken last and
  // whether its response is still owed. Every response must be the specification's
  // answer to that request.
  logic             fv_owed_q;
  gx_pkg::an_req_t  fv_req_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) fv_owed_q <= 1'b0;
    else if (req_valid_i && req_ready_o) fv_owed_q <= 1'b1;
    else if (resp_valid_o && resp_ready_i) fv_owed_q <= 1'b0;
    if (req_valid_i && req_ready_o) fv_req_q <= req_i;
  end

  gx_pkg::an_resp_t spec_resp;  // the specification's response to the request taken
  gx_analyzer_spec_pkg::masks_t spec_cls;  // its classes
  logic [1:0] spec_glg;
  assign spec_resp = gx_analyzer_spec_pkg::resp(fv_req_q);
  assign spec_cls  = gx_analyzer_spec_pkg::classes(fv_req_q.line, fv_req_q.spp, fv_req_q.bps);
  assign spec_glg  = 2'(gx_analyzer_spec_pkg::grp_lg(fv_req_q.spp, fv_req_q.bps));

  // Retired slots hold their class, open slots nothing (while a line is in passes).
  logic inv_masks_ok;
  always_comb begin
    inv_masks_ok = 1'b1;
    for (int unsigned j = 0; j < NS; j++)
      if (open_q[j] ? masks_q[j] != '0 : masks_q[j] != spec_cls[j*8 +: 8]) inv_masks_ok = 1'b0;
  end
`endif

  // Environment: the request stream follows the protocol and carries a legal format.
  `GX_ASSUME(ReqHold_M, !`GX_PAST_OK || !$past(req_valid_i && !req_ready_o) ||
                        (req_valid_i && req_i == $past(req_i)))
  `GX_ASSUME(ReqBps_M, !req_valid_i || req_i.bps != 2'd3)
  `GX_ASSUME(ReqQslot_M, !req_valid_i || !req_i.query ||
                         32'(req_i.qslot) < gx_analyzer_spec_pkg::slots(req_i.bps))

  // Output protocol: a response is owed, and holds until taken.
  `GX_ASSERT(RespOwed_A, !resp_valid_o || fv_owed_q)
  `GX_ASSERT(RespHold_A, !`GX_PAST_OK || !$past(resp_valid_o && !resp_ready_i) ||
                         (resp_valid_o && resp_o == $past(resp_o)))
  // The response is the specification's answer to the request taken, bit for bit.
  `GX_ASSERT(RespSpec_A, !resp_valid_o || resp_o == spec_resp)
  `GX_ASSERT(PassesPos_A, !resp_valid_o || resp_o.passes != 3'd0)
  // An empty unit takes a request.
  `GX_ASSERT(EmptyReady_A, fv_owed_q || req_ready_o)
  // Invariants of a line in flight (they make the proof inductive).
  `GX_ASSERT(Owed_A, fv_owed_q == busy_q)
  `GX_ASSERT(Held_A, !busy_q || req_q == fv_req_q)
  `GX_ASSERT(HeldLegal_A, !busy_q || req_q.bps != 2'd3)
  `GX_ASSERT(QueryDone_A, !busy_q || !req_q.query || done_q)
  `GX_ASSERT(OpenPrefix_A, !busy_q || req_q.query || done_q ||
             ({1'b0, passes_q} < gx_analyzer_spec_pkg::passes(spec_cls, spec_glg) &&
              open_q == gx_analyzer_spec_pkg::unretired(spec_cls, spec_glg, {1'b0, passes_q})))
  `GX_ASSERT(HeldPassesPos_A, !busy_q || req_q.query || passes_q != 3'd0)
  `GX_ASSERT(Masks_A, !busy_q || req_q.query || done_q || inv_masks_ok)

  // Reachability: every encoding, a query, the longest line, back-to-back lines.
  `GX_COVER(Enc1spp_C, resp_valid_o && !resp_o.query && resp_o.enc == gx_pkg::Enc1spp)
  `GX_COVER(EncSubset_C, resp_valid_o && !resp_o.query && resp_o.enc == gx_pkg::EncSubset)
  `GX_COVER(EncFull_C, resp_valid_o && !resp_o.query && resp_o.enc == gx_pkg::EncFull)
  `GX_COVER(Query_C, resp_valid_o && resp_o.query)
  `GX_COVER(MaxPasses_C, resp_valid_o && 32'(resp_o.passes) == gx_pkg::MaxPasses)
  `GX_COVER(BackToBack_C, `GX_PAST_OK && $past(accept) && accept)
  `GX_COVER(Stall_C, `GX_PAST_OK && $past(resp_valid_o && !resp_ready_i) && resp_valid_o)
  // every N by B format
  `GX_COVER(Spp2Bps4_C, resp_valid_o && req_q.spp == gx_pkg::Spp2 && req_q.bps == gx_pkg::Bps4)
  `GX_COVER(Spp2Bps8_C, resp_valid_o && req_q.spp == gx_pkg::Spp2 && req_q.bps == gx_pkg::Bps8)
  `GX_COVER(Spp2Bps16_C, resp_valid_o && req_q.spp == gx_pkg::Spp2 && req_q.bps == gx_pkg::Bps16)
  `GX_COVER(Spp4Bps4_C, resp_valid_o && req_q.spp == gx_pkg::Spp4 && req_q.bps == gx_pkg::Bps4)
  `GX_COVER(Spp4Bps8_C, resp_valid_o && req_q.spp == gx_pkg::Spp4 && req_q.bps == gx_pkg::Bps8)
  `GX_COVER(Spp4Bps16_C, resp_valid_o && req_q.spp == gx_pkg::Spp4 && req_q.bps == gx_pkg::Bps16)
  `GX_COVER(Spp8Bps4_C, resp_valid_o && req_q.spp == gx_pkg::Spp8 && req_q.bps == gx_pkg::Bps4)
  `GX_COVER(Spp8Bps8_C, resp_valid_o && req_q.spp == gx_pkg::Spp8 && req_q.bps == gx_pkg::Bps8)
  `GX_COVER(Spp8Bps16_C, resp_valid_o && req_q.spp == gx_pkg::Spp8 && req_q.bps == gx_pkg::Bps16)
  `GX_COVER(Spp16Bps4_C, resp_valid_o && req_q.spp == gx_pkg::Spp16 && req_q.bps == gx_pkg::Bps4)
  `GX_COVER(Spp16Bps8_C, resp_valid_o && req_q.spp == gx_pkg::Spp16 && req_q.bps == gx_pkg::Bps8)
  `GX_COVER(Spp16Bps16_C, resp_valid_o && req_q.spp == gx_pkg::Spp16 && req_q.bps == gx_pkg::Bps16)
endmodule

`default_nettype wire
