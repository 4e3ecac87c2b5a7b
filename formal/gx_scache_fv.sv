// gx_scache_fv: formal harness of gx_scache, built small (2 sets, 16-bit addresses, 4-bit
// tile coordinates, 4 cache tiles, a response FIFO of 2 words). Every input is free (the requester's region and
// tile too); reset is assumed in the first cycle; the RAMs' read data is free
// (GX_RAM_FREE_READ), so the tags a look-up sees are any tags.
`default_nettype none

module gx_scache_fv (
  input wire logic         clk_i,
  input wire logic         rst_i,
  input wire logic [10:0]  cfg_surf_base_i,
  input wire logic [10:0]  cfg_index_base_i,
  input wire logic [10:0]  cfg_state_base_i,
  input wire logic [3:0]   cfg_tiles_x_i,
  input wire logic [3:0]   cfg_tiles_y_i,
  input wire logic [1:0]   cfg_twlog_i,
  input wire logic [1:0]   cfg_thlog_i,
  input wire logic [2:0]   cfg_ctlog_i,
  input wire logic         cfg_ctodd_i,
  input wire logic         req_valid_i,
  input wire logic         req_we_i,
  input wire logic [10:0]  req_line_i,
  input wire logic [31:0]  req_mask_i,
  input wire logic [255:0] req_data_i,
  input wire logic [1:0]   req_reg_i,
  input wire logic [3:0]   req_tx_i,
  input wire logic [3:0]   req_ty_i,
  input wire logic         rsp_ready_i,
  input wire logic         cmd_valid_i,
  input wire logic [1:0]   cmd_op_i,
  input wire logic [3:0]   cmd_tx0_i,
  input wire logic [3:0]   cmd_ty0_i,
  input wire logic [3:0]   cmd_tx1_i,
  input wire logic [3:0]   cmd_ty1_i,
  input wire logic         mrq_ready_i,
  input wire logic         mrd_valid_i,
  input wire logic [255:0] mrd_data_i,
  input wire logic         mwr_ready_i
);
  logic req_ready, rsp_valid, cmd_ready, cmd_done, mrq_valid, mrd_ready, mwr_valid, mwr_sample;
  logic [255:0] rsp_data, mwr_data;
  logic [31:0] probes, mwr_strb;
  logic [10:0] mrq_line, mwr_line;
  logic [1:0][7:0] cnt_rd, cnt_wr, cnt_ev;
  logic [7:0] cnt_hits, cnt_misses, cnt_zero, cnt_dropped, cnt_through;

  gx_scache #(.SetsLog(1), .AW(16), .TW(4), .CxLog(1), .CyLog(1), .CW(8), .RqDepth(2)) u_dut (
    .clk_i, .rst_i, .cfg_surf_base_i, .cfg_index_base_i, .cfg_state_base_i, .cfg_tiles_x_i,
    .cfg_tiles_y_i, .cfg_twlog_i, .cfg_thlog_i, .cfg_ctlog_i, .cfg_ctodd_i,
    .req_valid_i, .req_ready_o(req_ready), .req_we_i, .req_line_i, .req_mask_i, .req_data_i,
    .req_reg_i, .req_tx_i, .req_ty_i,
    .rsp_valid_o(rsp_valid), .rsp_ready_i, .rsp_data_o(rsp_data),
    .cmd_valid_i, .cmd_ready_o(cmd_ready), .cmd_op_i, .cmd_tx0_i, .cmd_ty0_i, .cmd_tx1_i,
    .cmd_ty1_i, .cmd_done_o(cmd_done), .cmd_probes_o(probes),
    .mrq_valid_o(mrq_valid), .mrq_ready_i, .mrq_line_o(mrq_line),
    .mrd_valid_i, .mrd_ready_o(mrd_ready), .mrd_data_i,
    .mwr_valid_o(mwr_valid), .mwr_ready_i, .mwr_line_o(mwr_line), .mwr_data_o(mwr_data),
    .mwr_strb_o(mwr_strb), .mwr_sample_o(mwr_sample),
    .cnt_rd_o(cnt_rd), .cnt_wr_o(cnt_wr), .cnt_hits_o(cnt_hits), .cnt_misses_o(cnt_misses),
    .cnt_zero_o(cnt_zero), .cnt_evict_o(cnt_ev), .cnt_dropped_o(cnt_dropped),
    .cnt_through_o(cnt_through)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
endmodule

`default_nettype wire
