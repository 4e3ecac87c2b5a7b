// gx_texq_fv: formal harness of gx_texq. Every input is free but for the stream rule the
// block assumes (CmdHold_M: a command and its fields held while not taken) and a static
// configuration; reset is assumed in the first cycle. The banks' and meta RAM's read data
// are free (GX_RAM_FREE_READ): the proofs are of the control (reservation, ranges, the
// drain and its counts), which reads no coordinate value. With Quick (the covers) the
// responses and the texture unit are always ready and the command's data is zero (no
// control reads it; the command register and the current command's 2048 data bits then
// cost the solver nothing).
`default_nettype none

module gx_texq_fv #(
  parameter int unsigned Slots   = 16,
  parameter int unsigned Batches = 2,
  parameter bit          Quick   = 1'b0
) (
  input wire logic          clk_i,
  input wire logic          rst_i,
  input wire logic [10:0]   cfg_slots_i,
  input wire logic          cfg_order_i,
  input wire logic          cmd_valid_i,
  input wire logic [1:0]    cmd_op_i,
  input wire logic [4:0]    cmd_batch_i,
  input wire logic [3:0]    cmd_warps_i,
  input wire logic [3:0]    cmd_ops_i,
  input wire logic [1:0]    cmd_comp_i,
  input wire logic [2:0]    cmd_quad_i,
  input wire logic [8:0]    cmd_seq_i,
  input wire logic [1023:0] cmd_data_i,
  input wire logic          rsp_ready_i,
  input wire logic          tex_ready_i
);
  logic          cmd_ready, rsp_valid, tex_valid, cfg_err;
  logic [3:0]    rsp_err, rsp_batch, tex_batch;
  logic [9:0]    rsp_base;
  logic [1023:0] rsp_data;
  logic [2:0]    tex_warp, tex_quad, tex_op, xb_n;
  logic          cmt;
  logic [8:0]    tex_seq;
  logic [127:0]  tex_s, tex_t;

  gx_texq #(.Slots(Slots), .Batches(Batches)) u_dut (
    .clk_i, .rst_i, .cfg_slots_i, .cfg_order_i, .cfg_err_o(cfg_err),
    .cmd_valid_i, .cmd_ready_o(cmd_ready), .cmd_op_i, .cmd_batch_i, .cmd_warps_i,
    .cmd_ops_i, .cmd_comp_i, .cmd_quad_i, .cmd_seq_i, .cmd_data_i,
    .rsp_valid_o(rsp_valid), .rsp_ready_i, .rsp_err_o(rsp_err), .rsp_batch_o(rsp_batch),
    .rsp_base_o(rsp_base), .rsp_data_o(rsp_data),
    .tex_valid_o(tex_valid), .tex_ready_i, .tex_batch_o(tex_batch), .tex_warp_o(tex_warp),
    .tex_quad_o(tex_quad), .tex_op_o(tex_op), .tex_seq_o(tex_seq), .tex_s_o(tex_s),
    .tex_t_o(tex_t), .xb_n_o(xb_n), .cmt_o(cmt)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);
  always @(posedge clk_i) if (!init_q) begin
    assume ($stable(cfg_slots_i) && $stable(cfg_order_i));
    if ($past(cmd_valid_i && !cmd_ready))
      assume (cmd_valid_i && $stable(cmd_op_i) && $stable(cmd_batch_i) &&
              $stable(cmd_warps_i) && $stable(cmd_ops_i) && $stable(cmd_comp_i) &&
              $stable(cmd_quad_i) && $stable(cmd_seq_i) && $stable(cmd_data_i));
  end
  always @* if (Quick) assume (rsp_ready_i && tex_ready_i && cfg_slots_i == 11'(Slots)
                               && cmd_data_i == '0);
endmodule

`default_nettype wire
