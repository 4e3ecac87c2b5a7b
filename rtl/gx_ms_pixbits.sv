// gx_ms_pixbits: pixel p's N bits of a vector with one bit per sample of a tile (tile
// sample t = p N + s, as in the eviction record's `stored`): bit s of the result is bit
// (p << nlg) | s of the vector, for s < N; 0 above. The low bits of that index are s
// itself, so each result bit is one select among the 64 >> L vector bits that end in s
// (L = the bit length of s, at least 1): 112 inputs in all, where a shift of the vector
// by p N would be a 64-bit barrel shifter.
// Purely combinational.
`default_nettype none

module gx_ms_pixbits (
  input  wire logic [63:0] vec_i,  /// a bit per tile sample
  input  wire logic [4:0]  p_i,    /// the pixel, < P
  input  wire logic [2:0]  nlg_i,  /// log2 N
  input  wire logic [4:0]  nn_i,   /// N
  output      logic [15:0] bits_o  /// the pixel's N bits
);
  for (genvar s = 0; s < 16; s++) begin : g_s
    localparam int unsigned L = s < 2 ? 1 : $clog2(s + 1);
    localparam int unsigned NC = 64 >> L;
    logic [NC-1:0] cand;  // vector bits (c << L) | s
    logic [5:0]    idx;
    for (genvar c = 0; c < NC; c++) begin : g_c
      assign cand[c] = vec_i[(c << L) | s];
    end
    assign idx = 6'((32'(p_i) << nlg_i) | s);
    assign bits_o[s] = cand[32'(idx >> L) % NC] && s < 32'(nn_i);
  end
endmodule

`default_nettype wire
