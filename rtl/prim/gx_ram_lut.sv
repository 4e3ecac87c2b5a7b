// gx_ram_lut: a small RAM in distributed (LUT) RAM: one synchronous write port, one
// asynchronous read port. Yosys maps the array to ECP5 TRELLIS_DPR16X4 (16 words x 4 bits
// each). A word written in clock t is read from t + 1; the read port shows the word at
// raddr_i in the same clock (one LUT RAM read, no register). Used for per-triangle
// records that several stages read by their own address (gx_raster's rings).
`default_nettype none

module gx_ram_lut #(
  parameter int unsigned Depth = 16,  /// words, a power of two >= 2
  parameter int unsigned Width = 8,   /// bits a word
  localparam int unsigned AW = $clog2(Depth)
) (
  input  wire logic             clk_i,    /// clock, rising edge
  input  wire logic             we_i,     /// write word waddr_i
  input  wire logic [AW-1:0]    waddr_i,  /// write address
  input  wire logic [Width-1:0] wdata_i,  /// write data
  input  wire logic [AW-1:0]    raddr_i,  /// read address
  output      logic [Width-1:0] rdata_o   /// the word at raddr_i
);
  (* ram_style = "distributed" *) logic [Width-1:0] mem_q [Depth];
  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
  end
`ifdef GX_RAM_FREE_READ
  // Proofs of control properties: the data read is any value (the array is not kept).
  logic [Width-1:0] free_d;
  always_comb free_d = $anyseq;
  assign rdata_o = free_d;
  logic unused_mem;
  assign unused_mem = ^{raddr_i, mem_q[0]};
`else
  assign rdata_o = mem_q[raddr_i];
`endif
endmodule

`default_nettype wire
