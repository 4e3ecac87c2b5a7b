// gx_analyzer_spec_pkg: the 1SPP analyzer's specification in closed form, for proofs.
//
// Not used by the datapath. gx_analyzer's assertions compare its state and outputs with
// these functions, so Verilator checks them in every simulation and Yosys proves them
// for every input. They are written from the definitions in docs/analyzer.md: the class
// of slot j is every slot of j's pixel holding the same bytes; the line is 1SPP when
// every class is a whole pixel, full when every class is one slot, subset otherwise.
//
// Mask sets are flat vectors, slot j's mask in bits 8j+7..8j, indexed with explicit
// arithmetic: Yosys 0.70 mis-evaluates bit and element accesses of 2-D packed arrays
// inside functions (docs/toolchain.md), flat vectors it evaluates correctly. Loop
// indices are declared at the top of each function; every count is 4 bits wide so no
// 32-bit arithmetic is unrolled into the proof.
`default_nettype none

package gx_analyzer_spec_pkg;

  typedef logic [7:0] slotmask_t;   // bit i: slot i
  typedef logic [63:0] masks_t;     // mask of slot j in bits 8j+7..8j

  /// log2 of the dwords in one sample: B/4 = 1, 2, 4
  function automatic int unsigned dw_lg(gx_pkg::bps_e bps);
    dw_lg = (bps == gx_pkg::Bps16) ? 2 : (bps == gx_pkg::Bps8) ? 1 : 0;
  endfunction

  /// slots in the line, S = 32/B
  function automatic int unsigned slots(gx_pkg::bps_e bps);
    slots = gx_pkg::MaxSlots >> dw_lg(bps);
  endfunction

  /// log2 of the slots of one pixel, G = min(N, S)
  function automatic int unsigned grp_lg(gx_pkg::spp_e spp, gx_pkg::bps_e bps);
    int unsigned n_lg;
    int unsigned s_lg;
    n_lg = 32'(spp) + 1;
    s_lg = 3 - dw_lg(bps);
    grp_lg = (n_lg < s_lg) ? n_lg : s_lg;
  endfunction

  /// dword equality matrix of a line: bit 8a+b = dword a equals dword b
  function automatic masks_t dword_eq(logic [255:0] line);
    int unsigned a, b;  // loop indices
    masks_t d;
    for (a = 0; a < 8; a++)
      for (b = 0; b < 8; b++)
        d[a*8+b] = line[a*32 +: 32] == line[b*32 +: 32];
    dword_eq = d;
  endfunction

  /// the class of every slot j: the slots of j's pixel equal to it (0 for j >= S);
  /// slots i and j are equal when all their B/4 dwords are
  function automatic masks_t classes(logic [255:0] line, gx_pkg::spp_e spp, gx_pkg::bps_e bps);
    int unsigned i, j;  // loop indices
    masks_t c, d;
    int unsigned lg;
    d = dword_eq(line);
    c = '0;
    lg = grp_lg(spp, bps);
    for (j = 0; j < 8; j++)
      for (i = 0; i < 8; i++)
        if ((i >> lg) == (j >> lg))
          unique case (bps)
            gx_pkg::Bps4:  c[j*8+i] = d[i*8+j];
            gx_pkg::Bps8:  c[j*8+i] = (i < 4 && j < 4) && d[((2*i)%8)*8 + (2*j)%8] &&
                                      d[((2*i+1)%8)*8 + (2*j+1)%8];
            gx_pkg::Bps16: c[j*8+i] = (i < 2 && j < 2) && d[((4*i)%8)*8 + (4*j)%8] &&
                                      d[((4*i+1)%8)*8 + (4*j+1)%8] &&
                                      d[((4*i+2)%8)*8 + (4*j+2)%8] &&
                                      d[((4*i+3)%8)*8 + (4*j+3)%8];
            default:       c[j*8+i] = 1'b0;
          endcase
    classes = c;
  endfunction

  /// the complete response to a request
  function automatic gx_pkg::an_resp_t resp(gx_pkg::an_req_t req);
    int unsigned j;  // loop indices
    gx_pkg::an_resp_t r;
    masks_t c, m;
    logic [1:0] lg;
    logic uniform, single;
    c = classes(req.line, req.spp, req.bps);
    lg = 2'(grp_lg(req.spp, req.bps));
    uniform = 1'b1;
    single = 1'b1;
    m = '0;
    r.query = req.query;
    r.enc = gx_pkg::Enc1spp;
    if (req.query) begin
      for (j = 0; j < 8; j++)
        if (j == 32'(req.qslot)) m[j*8 +: 8] = c[j*8 +: 8];
    end else begin
      for (j = 0; j < 8; j++)
        if (c[j*8+j]) begin
          if ($countones(c[j*8 +: 8]) != (1 << lg)) uniform = 1'b0;
          if ($countones(c[j*8 +: 8]) != 1) single = 1'b0;
        end
      r.enc = uniform ? gx_pkg::Enc1spp : single ? gx_pkg::EncFull : gx_pkg::EncSubset;
      m = c;
    end
    r.masks = m;
    resp = r;
  endfunction

endpackage

`default_nettype wire
