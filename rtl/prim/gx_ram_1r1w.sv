// gx_ram_1r1w: a simple dual-port RAM, one read port and one write port with byte
// enables, both on clk_i.
//
// Read: the address taken in clock t is read at the end of t (the block RAM's own
// register) and, with OutReg, registered again (the output register), so rdata_o holds
// it in clock t + 2 (t + 1 without OutReg: the block RAM's output itself, for a user that
// registers what it computes from the word). Write: each byte whose enable is high is
// written at the end of the clock.
// Yosys maps the array to ECP5 DP16KD block RAMs (ram_style "block": its cost model
// would choose LUT RAM for a shallow array; 36-bit words, four byte enables each):
// Width / 32 of them side by side, 512 words deep; the output register is a row of
// fabric flip-flops beside them. A read of the row being written in the same clock is
// not defined for the block RAM (the array carries no_rw_check, so Yosys adds no bypass);
// the users never do it, and NoCollision_A checks it in every simulation.
// WrReg: the write port is registered (enables, address, data) before the block RAM, so
// a write presented in clock t is written at the end of t + 1 and no user logic reaches
// the block RAMs' write pins; a read of that row in t + 1 is then the collision the users
// avoid (NoCollision_A), a read of it in t reads the old word.
// AlwaysRead: the block RAM reads raddr_i every clock (its clock enable tied high, so no
// user logic reaches the enable pins of every block RAM of a wide word); re_i then only
// names the reads whose data the user takes (NoCollision_A, InRange_A), and rdata_o is
// defined for those alone.
`default_nettype none
`include "gx_assert.svh"

module gx_ram_1r1w #(
  parameter int unsigned Depth = 16,   /// words, >= 2
  parameter int unsigned Width = 256,  /// bits a word, a multiple of 8
  parameter bit          OutReg = 1'b1, /// 1: a read takes two clocks (output register), 0: one
  parameter bit          AlwaysRead = 1'b0, /// 1: read every clock; re_i marks the reads used
  parameter bit          WrReg = 1'b0,  /// 1: the write is registered, written a clock later
  localparam int unsigned AW = $clog2(Depth)
) (
  input  wire logic               clk_i,    /// clock, rising edge
  input  wire logic               rst_i,    /// synchronous reset (properties; WrReg's enables)
  input  wire logic               re_i,     /// read word raddr_i
  input  wire logic [AW-1:0]      raddr_i,  /// read address
  output      logic [Width-1:0]   rdata_o,  /// the word read two clocks before (one: !OutReg)
  input  wire logic [Width/8-1:0] we_i,     /// byte k of waddr_i takes byte k of wdata_i
  input  wire logic [AW-1:0]      waddr_i,  /// write address
  input  wire logic [Width-1:0]   wdata_i   /// write data
);
  if (Width % 8 != 0) begin : gen_width_check
    $error("gx_ram_1r1w: Width must be a multiple of 8 (one write enable a byte)");
  end
  (* no_rw_check, ram_style = "block" *) logic [Width-1:0] mem_q [Depth];
  logic [Width-1:0] rd1_q, rd_out;

  // the write the block RAM takes this clock
  logic [Width/8-1:0] we_m;
  logic [AW-1:0]      wa_m;
  logic [Width-1:0]   wd_m;
  if (WrReg) begin : gen_wreg
    logic [Width/8-1:0] we_q;
    logic [AW-1:0]      wa_q;
    logic [Width-1:0]   wd_q;
    always_ff @(posedge clk_i) begin
      if (rst_i) we_q <= '0;
      else we_q <= we_i;
      wa_q <= waddr_i;
      wd_q <= wdata_i;
    end
    assign we_m = we_q;
    assign wa_m = wa_q;
    assign wd_m = wd_q;
  end else begin : gen_wdirect
    assign we_m = we_i;
    assign wa_m = waddr_i;
    assign wd_m = wdata_i;
  end

  always_ff @(posedge clk_i) begin
    for (int unsigned b = 0; b < Width / 8; b++)
      if (we_m[b]) mem_q[wa_m][8*b +: 8] <= wd_m[8*b +: 8];
  end

  always_ff @(posedge clk_i) begin
    if (re_i || AlwaysRead) rd1_q <= mem_q[raddr_i];
  end
  if (OutReg) begin : gen_outreg
    logic [Width-1:0] rd2_q;
    always_ff @(posedge clk_i) rd2_q <= rd1_q;
    assign rd_out = rd2_q;
  end else begin : gen_noreg
    assign rd_out = rd1_q;
  end
`ifdef GX_RAM_FREE_READ
  // Proofs of control properties: the data read is any value (the array is not kept).
  logic [Width-1:0] free_q;
  always_ff @(posedge clk_i) free_q <= $anyseq;
  assign rdata_o = free_q;
`else
  assign rdata_o = rd_out;
`endif

  `GX_ASSERT(NoCollision_A, !(re_i && |we_m && raddr_i == wa_m))
  `GX_ASSERT(InRange_A, (!re_i || 32'(raddr_i) < Depth) && (!(|we_i) || 32'(waddr_i) < Depth))
endmodule

`default_nettype wire
