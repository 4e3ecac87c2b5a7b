// gx_raster_tab: the walk tables of one triangle, computed from its edge coefficients
// (gx_raster registers them in the clock after the walker takes the triangle):
//   fab_o  2048 (A + B) per edge: a coarse tile's fine tile 3's origin value less the
//          coarse tile's
//   gt_o   group g's origin value less its fine tile's: 512 (gx A + gy B), (gx, gy) the
//          group's quad offset in the fine tile (g Lanes % 4, g Lanes / 4), at (G e + g) EW
//   d_o    pixel j = 4 l + k's value less its group's origin, plus T, less 1 on an
//          exclusive edge: T - x + 256 (c A + dy B), c = 2 l + k % 2, dy = k / 2, at
//          (4 Lanes e + j) DW
// The multiples of A and B by the constants 0..7 are shifts and adds. Combinational.
//
// Widths: with |A|, |B| <= 2^23 and 0 <= T <= 511 * 2^24, |fab| <= 2^35, |gt| <= 6 2^32
// and |d| < 2^33 + 2^34 < 2^35: no sum wraps. The formal build states it (TabExact_A:
// each output equals its sum at EW + 2 bits) and formal/gx_raster.sby.j2 task `tab`
// proves it for every input in those ranges; gx_raster's tasks assume it of the instance.
`default_nettype none
`include "gx_shift_add.svh"

module gx_raster_tab #(
  parameter int unsigned Lanes = 4,   /// pixel quads a clock (1, 2, 4)
  parameter int unsigned DW    = 36   /// width of a pixel offset d
) (
  input  wire logic [3*gx_pkg::EdgeCoefBits-1:0]      a_i,     /// A per edge
  input  wire logic [3*gx_pkg::EdgeCoefBits-1:0]      b_i,     /// B per edge
  input  wire logic [3*gx_pkg::MarginBits-1:0]        t_i,     /// T per edge, >= 0
  input  wire logic [2:0]                             incl_i,  /// the edge is inclusive
  output      logic [3*gx_pkg::EdgeBits-1:0]          fab_o,
  output      logic [3*(16/Lanes)*gx_pkg::EdgeBits-1:0] gt_o,
  output      logic [3*4*Lanes*DW-1:0]                d_o
);
  localparam int unsigned AW = gx_pkg::EdgeCoefBits;
  localparam int unsigned EW = gx_pkg::EdgeBits;
  localparam int unsigned GW = gx_pkg::MarginBits;
  localparam int unsigned G  = 16 / Lanes;
  typedef logic signed [AW-1:0] coef_t;
  typedef logic signed [EW-1:0] edge_t;

  function automatic coef_t ca(input int unsigned e);
    ca = $signed(a_i[AW*e +: AW]);
  endfunction
  function automatic coef_t cb(input int unsigned e);
    cb = $signed(b_i[AW*e +: AW]);
  endfunction
  // v c for a constant c in 0..7, by shift and add
  `GX_SHIFT_ADD_MUL(const_mul, edge_t, AW)

  always_comb begin
    for (int e = 0; e < 3; e++) begin
      fab_o[EW*e +: EW] = (edge_t'(ca(e)) <<< 11) + (edge_t'(cb(e)) <<< 11);
      for (int g = 0; g < G; g++)
        gt_o[EW*(G*e + g) +: EW] = (const_mul(ca(e), (g * Lanes) % 4) <<< 9) +
                                   (const_mul(cb(e), (g * Lanes) / 4) <<< 9);
      for (int j = 0; j < 4 * Lanes; j++)
        d_o[DW*(4*Lanes*e + j) +: DW] =
            DW'($signed(t_i[GW*e +: GW])) - DW'(!incl_i[e]) +
            DW'(const_mul(ca(e), 2 * (j / 4) + j % 2) <<< 8) +
            DW'(const_mul(cb(e), (j % 4) / 2) <<< 8);
    end
  end

`ifdef FORMAL
  // Every output is exact: equal to its sum at XW bits, for A, B and T in their ranges.
  // One bit an output (an if-chain over all of them is slow for the solver).
  localparam int unsigned XW = EW + 2;
  localparam coef_t CoefMax = coef_t'(32'sd1 <<< 23);
  localparam logic signed [GW-1:0] TMax = GW'(64'sd511 <<< 24);
  typedef logic signed [XW-1:0] xw_t;
  `GX_SHIFT_ADD_MUL(xmul, xw_t, AW)
  logic [3*(1+G+4*Lanes)-1:0] fv_bad;
  logic                       fv_in;
  always_comb begin
    fv_in = 1'b1;
    for (int e = 0; e < 3; e++) begin
      if (ca(e) > CoefMax || ca(e) < -CoefMax || cb(e) > CoefMax || cb(e) < -CoefMax ||
          $signed(t_i[GW*e +: GW]) < 0 || $signed(t_i[GW*e +: GW]) > TMax) fv_in = 1'b0;
      fv_bad[(1+G+4*Lanes)*e] = XW'($signed(fab_o[EW*e +: EW])) !=
                                (XW'(ca(e)) <<< 11) + (XW'(cb(e)) <<< 11);
      for (int g = 0; g < G; g++)
        fv_bad[(1+G+4*Lanes)*e + 1 + g] =
            XW'($signed(gt_o[EW*(G*e + g) +: EW])) !=
            (xmul(ca(e), (g * Lanes) % 4) <<< 9) + (xmul(cb(e), (g * Lanes) / 4) <<< 9);
      for (int j = 0; j < 4 * Lanes; j++)
        fv_bad[(1+G+4*Lanes)*e + 1 + G + j] =
            XW'($signed(d_o[DW*(4*Lanes*e + j) +: DW])) !=
            XW'($signed(t_i[GW*e +: GW])) - XW'(!incl_i[e]) +
            (xmul(ca(e), 2 * (j / 4) + j % 2) <<< 8) + (xmul(cb(e), (j % 4) / 2) <<< 8);
    end
  end
  always @* TabExact_A: assert (!fv_in || fv_bad == '0);
  // not vacuous: inputs in range with every T nonzero and an exclusive edge
  always @* TabIn_C: cover (fv_in && t_i[GW-1:0] != '0 && !incl_i[0]);
`endif
endmodule
