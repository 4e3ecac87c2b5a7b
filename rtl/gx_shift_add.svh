// gx shift-and-add multiply: the one form of v n for a small n used by the rasterizer,
// its walk tables and their proofs.
//
//   `GX_SHIFT_ADD_MUL(name, T, VW)  declares, inside a module,
//       function automatic T name(input logic signed [VW-1:0] v, input int unsigned n)
//   = v n for n < 16 at the width of the type T (a signed typedef): the sum of v 2^b
//   over the set bits b of n. A constant n leaves only its terms (plain shifts and adds
//   in synthesis); a variable n selects the terms. No multiplier is inferred and the SMT solvers see no
//   $mul.
`ifndef GX_SHIFT_ADD_SVH
`define GX_SHIFT_ADD_SVH

`define GX_SHIFT_ADD_MUL(__name, __t, __vw) \
  function automatic __t __name(input logic signed [(__vw)-1:0] v, input int unsigned n); \
    __name = '0; \
    for (int b = 0; b < 4; b++) if (n[b]) __name = __name + (__t'(v) <<< b); \
  endfunction

`endif
