// gx_trb_fv: formal harness of gx_trb. Every input is free but for the stream rules the
// block assumes (WrHold_M, RdHold_M, MdHold_M) and, with Quick (the covers), the
// environment below; reset is assumed in the first cycle. The
// data RAM's read data is free (GX_RAM_FREE_READ): the proofs are of the control.
`default_nettype none

module gx_trb_fv #(
  parameter int unsigned ENTRIES = 2,
  parameter int unsigned SPILL   = 2,
  parameter int unsigned IDS     = 4,
  parameter int unsigned BEATS   = 8,
  parameter bit          Quick   = 1'b0,  // the covers' environment: no stalls, zero data
  localparam int unsigned SW = SPILL > 1 ? $clog2(SPILL) : 1,
  localparam int unsigned EW = ENTRIES > 1 ? $clog2(ENTRIES + 1) : 1
) (
  input wire logic         clk_i,
  input wire logic         rst_i,
  input wire logic         wr_valid_i,
  input wire logic [10:0]  wr_id_i,
  input wire logic [127:0] wr_data_i,
  input wire logic         rd_valid_i,
  input wire logic [10:0]  rd_id_i,
  input wire logic         rd_last_i,
  input wire logic         rs_ready_i,
  input wire logic         mw_ready_i,
  input wire logic         mr_ready_i,
  input wire logic         md_valid_i,
  input wire logic [127:0] md_data_i
);
  logic          wr_ready, rd_ready, rs_valid, rs_last, mw_valid, mr_valid, md_ready;
  logic          err_valid, full;
  logic [2:0]    rs_status, mw_beat, err_code;
  logic [127:0]  rs_data, mw_data;
  logic [SW-1:0] mw_entry, mr_entry;
  logic [EW-1:0] held;
  logic [SW:0]   spilled;

  gx_trb #(.ENTRIES(ENTRIES), .SPILL(SPILL), .IDS(IDS), .BEATS(BEATS)) u_dut (
    .clk_i, .rst_i,
    .wr_valid_i, .wr_ready_o(wr_ready), .wr_id_i, .wr_data_i,
    .rd_valid_i, .rd_ready_o(rd_ready), .rd_id_i, .rd_last_i,
    .rs_valid_o(rs_valid), .rs_ready_i, .rs_status_o(rs_status), .rs_data_o(rs_data),
    .rs_last_o(rs_last),
    .mw_valid_o(mw_valid), .mw_ready_i, .mw_entry_o(mw_entry), .mw_beat_o(mw_beat),
    .mw_data_o(mw_data),
    .mr_valid_o(mr_valid), .mr_ready_i, .mr_entry_o(mr_entry),
    .md_valid_i, .md_ready_o(md_ready), .md_data_i,
    .err_valid_o(err_valid), .err_code_o(err_code), .full_o(full), .held_o(held),
    .spilled_o(spilled)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
  // Quick: every ready and the memory's data valid high, data zero, ids below 4 (the
  // covers reach deep states in fewer steps; the proofs keep every input free)
  always @* if (Quick) begin
    assume (rs_ready_i && mw_ready_i && mr_ready_i && md_valid_i);
    assume (wr_data_i == '0 && md_data_i == '0 && wr_id_i < 11'd4 && rd_id_i < 11'd4);
  end

  // Covers, seen at the ports: an arrival's beat passed to the spill memory; an arrival
  // waiting (full); a spilled value's read with last use (the memory read of a request
  // with last use).
  logic req_last_q;
  always @(posedge clk_i) if (rd_valid_i && rd_ready) req_last_q <= rd_last_i;
  always @(posedge clk_i) if (!rst_i && !init_q) begin
    Spill_C: cover (wr_valid_i && wr_ready && mw_valid);
    Full_C: cover (full);
    SpillRead_C: cover (mr_valid && mr_ready_i && req_last_q);
  end
endmodule

`default_nettype wire
