// The conservative harness's arithmetic, shared by formal/gx_raster_cons_fv.sv (the
// rasterizer's harness) and formal/gx_raster_cons_id.sv (the pixel-value identity), so
// that both speak of the same functions. Included inside a module that declares PB, PW,
// AW, EW, GW, SW, NW, XW and the type x_t (signed [XW-1:0]).

// E at the pixel's center (256 p + 128), the products A (256 p + 128) as a choice among
// the 2^PB constant multiples (p < 2^PB: the definition of the product)
function automatic x_t ecen(input logic signed [AW-1:0] a, input logic signed [AW-1:0] b,
                            input logic signed [EW-1:0] c, input logic [PW-1:0] px,
                            input logic [PW-1:0] py);
  ecen = x_t'(c);
  for (int k = 0; k < (1 << PB); k++) begin
    if (px[PB-1:0] == PB'(k)) ecen = ecen + x_t'(a) * x_t'(256 * k + 128);
    if (py[PB-1:0] == PB'(k)) ecen = ecen + x_t'(b) * x_t'(256 * k + 128);
  end
endfunction

// the grown margin (128 + e) (|A| + |B|), in the reference's own form
function automatic x_t marg(input logic signed [AW-1:0] a, input logic signed [AW-1:0] b,
                            input logic [7:0] e);
  logic [NW-1:0] aa, ba;
  logic [NW:0] l1;
  logic [NW+9:0] m;
  aa = a[NW-1] ? NW'(-a[NW-1:0]) : a[NW-1:0];
  ba = b[NW-1] ? NW'(-b[NW-1:0]) : b[NW-1:0];
  l1 = (NW+1)'(aa) + (NW+1)'(ba);
  m = (NW+10)'(9'd128 + 9'(e)) * (NW+10)'(l1);
  marg = x_t'($signed({1'b0, m}));
endfunction

// v d for a 3-bit d, by shift and add (stage B's form)
function automatic logic signed [AW+5:0] qsum(input logic signed [AW-1:0] v,
                                              input logic [2:0] d);
  qsum = '0;
  for (int j = 0; j < 3; j++) if (d[j]) qsum = qsum + ((AW+6)'(v) <<< j);
endfunction

// q' of pixel k (2 ky + kx) of a group whose origin is dx, dy quads into the coarse tile,
// given qa = A dx and qb = B dy: origin value + 512 (qa + qb) + T + 256 (ky B + kx A),
// then E >>> 4 saturated at +-2^29, less 1 when E = 16 q on an exclusive edge (stage B)
function automatic logic signed [SW-1:0] mirq(input logic signed [EW-1:0] e0,
                                              input logic signed [AW-1:0] a,
                                              input logic signed [AW-1:0] b,
                                              input logic signed [GW-1:0] t,
                                              input logic incl,
                                              input logic signed [AW+5:0] qa,
                                              input logic signed [AW+5:0] qb,
                                              input logic [1:0] k);
  logic signed [EW-1:0] ep;
  logic signed [SW-1:0] qv;
  ep = e0 + (EW'(qa) <<< 9) + (EW'(qb) <<< 9);
  ep = ep + EW'(t);
  if (k[1]) ep = ep + (EW'(b) <<< 8);
  if (k[0]) ep = ep + (EW'(a) <<< 8);
  if (ep[EW-1:33] == '0 || ep[EW-1:33] == '1) qv = SW'($signed(ep[33:4]));
  else qv = ep[EW-1] ? -(SW'(64'sd1 <<< 29)) : SW'(64'sd1 <<< 29);
  if (ep[3:0] == 4'd0 && !incl) qv = qv - SW'(1);
  mirq = qv;
endfunction
function automatic logic signed [SW-1:0] mirb(input logic signed [EW-1:0] e0,
                                              input logic signed [AW-1:0] a,
                                              input logic signed [AW-1:0] b,
                                              input logic signed [GW-1:0] t,
                                              input logic incl,
                                              input logic [2:0] dx, input logic [2:0] dy,
                                              input logic [1:0] k);
  mirb = mirq(e0, a, b, t, incl, qsum(a, dx), qsum(b, dy), k);
endfunction

// T as the load stage computes it from A, B and the error term: the margin product thp
// plus 128 (A + B)
function automatic logic signed [GW-1:0] thp(input logic signed [AW-1:0] a,
                                             input logic signed [AW-1:0] b,
                                             input logic [7:0] e);
  logic signed [AW-1:0] an, bn;
  logic [AW:0] l1;
  logic [8:0] h;
  an = a < 0 ? -a : a;
  bn = b < 0 ? -b : b;
  l1 = (AW+1)'($unsigned(an)) + (AW+1)'($unsigned(bn));
  h = 9'd128 + 9'(e);
  thp = GW'($signed({1'b0, h}) * $signed({1'b0, l1}));
endfunction
function automatic logic signed [GW-1:0] th(input logic signed [AW-1:0] a,
                                            input logic signed [AW-1:0] b,
                                            input logic [7:0] e);
  th = thp(a, b, e) + (GW'(a) <<< 7) + (GW'(b) <<< 7);
endfunction
