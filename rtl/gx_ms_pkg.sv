// gx_ms_pkg: the tile format of a multi-sample surface as the memory-side blocks use it
// (gx_mswb, gx_msld and their shared gx_ms_classify), derived in one place from the
// surface's N and B (cfg spp, bps; docs/mssurf.md). A tile is 256 bytes = 64 dwords =
// 8 analyzer lines of 32 bytes.
`default_nettype none

package gx_ms_pkg;
  typedef struct packed {
    logic [1:0]   spp;       // samples per pixel: cfg spp (gx_pkg::spp_e)
    logic [1:0]   bps;       // bytes per sample: cfg bps (gx_pkg::bps_e; 3 is illegal)
    logic [2:0]   nlg;       // log2 N
    logic [2:0]   blg;       // log2 B
    logic [2:0]   dlg;       // log2 B/4: dwords of a sample
    logic [2:0]   plg;       // log2 P: pixels of a tile (8 - log2 N B)
    logic [2:0]   tsl;       // log2 samples of a tile (8 - log2 B)
    logic [2:0]   slg;       // log2 S: sample slots of a line (3 - dlg)
    logic [3:0]   nb;        // log2 N B: bytes of a pixel
    logic         multi;     // N B > 32: a pixel spans several lines
    logic [4:0]   nn;        // N
    logic [4:0]   bb;        // B
    logic [15:0]  alln;      // N ones
    logic [2:0]   per_lg;    // log2 pixels of a line (one-line pixels, else 0)
    logic [2:0]   lines_lg;  // log2 lines of a pixel (multi-line pixels, else 0)
    logic [4:0]   s_cnt;     // S
  } ms_fmt_t;

  function automatic ms_fmt_t ms_fmt(input logic [1:0] spp, input logic [1:0] bps);
    ms_fmt_t f;
    f.spp = spp;
    f.bps = bps;
    f.nlg = 3'(spp) + 3'd1;
    f.blg = 3'(bps) + 3'd2;
    f.dlg = 3'(bps);
    f.nb = 4'(f.nlg) + 4'(f.blg);
    f.plg = 3'(4'd8 - f.nb);
    f.tsl = 3'(4'd8 - 4'(f.blg));
    f.slg = 3'(3'd3 - f.dlg);
    f.multi = f.nb > 4'd5;
    f.nn = 5'd1 << f.nlg;
    f.bb = 5'd1 << f.blg;
    f.alln = 16'((17'd1 << f.nn) - 17'd1);
    f.per_lg = f.multi ? 3'd0 : 3'(4'd5 - f.nb);
    f.lines_lg = f.multi ? 3'(f.nb - 4'd5) : 3'd0;
    f.s_cnt = 5'd1 << f.slg;
    ms_fmt = f;
  endfunction

  // Bit k: k < rem (rem signed, six bits): the query slots whose classes exist in the
  // slot walk of gx_ms_classify (class g0 + k exists while k < rem = ng0 - g0).
  function automatic logic [7:0] ms_cls_live(input logic [5:0] rem);
    for (int unsigned k = 0; k < 8; k++) ms_cls_live[k] = $signed(6'(k)) < $signed(rem);
  endfunction
endpackage

`default_nettype wire
