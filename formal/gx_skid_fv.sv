// gx_skid_fv: formal harness of gx_skid (Width = 4). Inputs free; reset assumed in the
// first cycle. A scoreboard on one arbitrary transfer: the k-th payload taken is the
// k-th given out (Order_A: none lost, repeated or reordered; Held_A says where it waits),
// and as many payloads are held as were taken and not yet given (Count_A).
`default_nettype none
`include "gx_assert.svh"

module gx_skid_fv (
  input wire logic       clk_i,
  input wire logic       rst_i,
  input wire logic       in_valid_i,
  input wire logic [3:0] in_data_i,
  input wire logic       out_ready_i
);
  logic       in_ready, out_valid, held_valid;
  logic [3:0] out_data, held_data;

  gx_skid #(.Width(4)) u_dut (
    .clk_i, .rst_i, .in_valid_i, .in_ready_o(in_ready), .in_data_i,
    .out_valid_o(out_valid), .out_ready_i, .out_data_o(out_data),
    .held_valid_o(held_valid), .held_data_o(held_data)
  );

  logic init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @* if (init_q) assume (rst_i);

  // Transfers taken and given, counted modulo 2^8.
  logic       take, give;
  logic [7:0] n_in_q, n_out_q;
  assign take = in_valid_i && in_ready;
  assign give = out_valid && out_ready_i;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      n_in_q  <= '0;
      n_out_q <= '0;
    end else begin
      n_in_q  <= n_in_q + 8'(take);
      n_out_q <= n_out_q + 8'(give);
    end
  end
  `GX_ASSERT(Count_A, n_in_q - n_out_q == 8'(out_valid) + 8'(held_valid))

  // The watched transfer: the first taken when k had been taken before it; its payload
  // kept here until it is given out.
  (* anyconst *) logic [7:0] k;
  logic       seen_q, given_q, pend, in_window;
  logic [3:0] d_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      seen_q  <= 1'b0;
      given_q <= 1'b0;
    end else begin
      if (take && n_in_q == k) seen_q <= 1'b1;
      if (give && n_out_q == k && seen_q) given_q <= 1'b1;
    end
    if (take && n_in_q == k && !seen_q) d_q <= in_data_i;
  end
  assign pend      = seen_q && !given_q;
  assign in_window = k - n_out_q < n_in_q - n_out_q;   // among the payloads held
  // Held where its place in the order says: at the output when it is next, else in the
  // skid register behind it; not held before it is taken.
  `GX_ASSERT(Held_A, pend ? in_window && (k == n_out_q ? out_valid && out_data == d_q
                                                       : held_valid && held_data == d_q)
                          : seen_q || (!in_window && !given_q))
  `GX_ASSERT(Order_A, !(give && n_out_q == k && !given_q) || (seen_q && out_data == d_q))
  `GX_COVER(Watched_C, give && n_out_q == k && k == 8'd3 && pend)
  `GX_COVER(Full_C, out_valid && held_valid && !out_ready_i)
endmodule

`default_nettype wire
