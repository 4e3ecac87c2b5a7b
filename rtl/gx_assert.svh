// gx assertion macros: the one layer through which every property is written.
//
// Properties are immediate assertions sampled on the rising edge of clk_i and skipped
// while rst_i is high, so Verilator (--assert, on in every simulation) checks them and
// Yosys (read_verilog -formal) proves them with the same text. The enclosing module
// must have clk_i and rst_i. They are compiled when FORMAL is defined or SYNTHESIS is
// not (Yosys defines SYNTHESIS for synthesis, Verilator does not).
//
//   `GX_ASSERT(Name_A, expr)   a property of the design
//   `GX_ASSUME(Name_M, expr)   a property of the environment (inputs); Verilator checks
//                              it as an assertion, so a testbench that breaks it fails
//   `GX_COVER(Name_C, expr)    a state that must be reachable (formal cover mode);
//                              counted in simulation with --coverage-user
//   `GX_PAST_OK               1 from the second cycle after reset: guards $past()
`ifndef GX_ASSERT_SVH
`define GX_ASSERT_SVH

`ifdef FORMAL
  `define GX_ASSERT_ON
`elsif SYNTHESIS
`else
  `define GX_ASSERT_ON
`endif

`ifdef GX_ASSERT_ON
  // Clocked immediate assertions. Both tools evaluate the expression on the values of
  // the cycle the edge ends (Yosys formal: the current step), and $past on the cycle
  // before it.
  `define GX_ASSERT(__name, __expr) \
    always @(posedge clk_i) if (!rst_i) __name: assert (__expr);
  `define GX_ASSUME(__name, __expr) \
    always @(posedge clk_i) if (!rst_i) __name: assume (__expr);
`ifdef FORMAL
  `define GX_COVER(__name, __expr) \
    always @(posedge clk_i) if (!rst_i) __name: cover (__expr);
`else
  `define GX_COVER(__name, __expr) \
    __name: cover property (@(posedge clk_i) disable iff (rst_i) (__expr));
`endif
`else
  `define GX_ASSERT(__name, __expr)
  `define GX_ASSUME(__name, __expr)
  `define GX_COVER(__name, __expr)
`endif

`define GX_PAST_OK (!$past(rst_i))

`endif  // GX_ASSERT_SVH
