// gx_raster_pkg: the records that travel between the rasterizer's stages (gx_raster,
// docs/raster.md "Microarchitecture"): the prepared triangle (prep -> walker) and the
// test item (walker -> sample test). Widths and why none overflows: docs/raster.md
// "Widths".
`default_nettype none

package gx_raster_pkg;
  // (Yosys reads no package constant from another package: AW, EW and SW are written
  // here and gx_raster checks them against gx_pkg's at elaboration)
  localparam int unsigned AW = 25;                     // gx_pkg::EdgeCoefBits: |A|, |B| <= 2^23
  localparam int unsigned EW = 48;                     // gx_pkg::EdgeBits: |E'| < 2^47 walked
  localparam int unsigned SW = 30;                     // gx_pkg::SampleSumBits: q + s
  localparam int unsigned OW = SW - 1;                 // 29: a sample offset s, |s| < 2^28
  localparam int unsigned RW = 3 * OW;                 // a place's offsets {s01, s1, s0}
  localparam int unsigned HW = 8 * RW;                 // an offset ring half: 8 places
  localparam int unsigned KW = 38;                     // corner constants, |k| < 2^36
  localparam int unsigned PW = 13;                     // pixel index 0..8191
  localparam int unsigned TW = 9;                      // coarse tile index 0..511
  localparam int unsigned QW = 5;                      // triangle sequence number (mod 32)
  localparam int unsigned WEC = 8;                     // copies of prep's write: test ring,
                                                       // walker's counts, rings A C F R G I
  localparam int unsigned XW = AW + 2;                 // multiples of A, B: |3 A| < 2^25
  localparam int unsigned MW = 36;                     // in-group offsets, |.| <= 1536 2^23
  localparam int unsigned LS = 8;                      // K, O, D are multiples of 2^LS
  localparam int unsigned ES = 4;                      // the walker carries floor(E' / 2^ES)
                                                       // (kf, kr are multiples of 2^ES)
  localparam int unsigned IW = 38;                     // an item's E', limited to +-2^36

  // A prepared triangle (prep -> the walker's rings), each edge field per edge e at [e].
  // E' = E + T - x is the edge function offset so that a sample passes exactly when
  // E' + 16 s >= 0 (T: the conservative margin at the pixel centre, x: 1 on an exclusive
  // edge in MSAA mode). kf, kr: the corner constants of a fine tile (8 x 8 pixels) and of
  // a quad row (8 x 2 pixels) relative to its own origin: the tile or row may hold a
  // passing sample only when E'(origin) + k >= 0. The multiples of A and B are those every
  // later offset is a shift of.
  typedef struct packed {
    logic [QW-1:0]   seq;    // sequence number: its records are in ring slot seq % 16
    logic [15:0]     tag;
    logic [2:0]      nlog;   // log2 N (0 in conservative mode: one sample, offset 0)
    logic            ps;     // pattern sets (N = 1, 2)
    logic [PW-1:0]   px0, px1, py0, py1;  // pixel range, not empty
    logic [2:0][AW-1:0] a, b;
    logic [2:0][XW-1:0] ab, a3, b3;  // A + B, 3 A, 3 B
    logic [2:0][EW-1:0] e00;  // E' at the first coarse tile's origin
    // the corner constants of fine tile f of a coarse tile, relative to the coarse tile's
    // origin (kf + 2048 (fx A + fy B)), and of quad row r of a fine tile, relative to the
    // fine tile's origin (kr + 512 r B), at [f or r][e]
    logic [3:0][2:0][KW-1:0] kfc, krc;
    // per-N offsets within a group (docs/raster.md, "Test columns"), [e][i - 1] for
    // i = 1..3: K(i) lane slot i's base pixel less the step's, O(i) column i's pixel less
    // its lane slot's, D(i) step i's base pixel less the group's origin
    logic [2:0][2:0][MW-1:0] k, o, d;
  } rs_tri_t;

  // A test item (walker -> sample test): one step of one group (Lanes quads of a fine
  // tile's quad row). Column (l, m) of the test tests the pixel whose E' is e + K(l) +
  // O(m) (the triangle's offsets, from the test's ring); its sample j the offset at
  // place 4 m + j.
  typedef struct packed {
    logic [QW-1:0]   seq;
    logic [15:0]     tag;
    logic [2:0]      nlog;
    logic            ps;
    logic [11:0]     qx, qy;  // the group's lane-0 quad
    logic [1:0]      h;       // the step (N = 8: 0..1, N = 16: 0..3)
    logic            last;    // the group's last step
    logic [15:0]     inr;     // pixel 4 l + k of the group is in the pixel range
    // E' at the step's base pixel, per edge: 2^ES floor(E' / 2^ES), and with the group's
    // E' limited to +-2^36 (docs/raster.md, "Widths": a group whose |E'| >= 2^36 has
    // every pixel value far, with E''s sign, before and after the limit)
    logic [2:0][IW-1:0] e;
  } rs_item_t;
endpackage

`default_nettype wire
