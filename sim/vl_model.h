// vl_model: the part of every block's C++ shim that does not depend on the block: a
// Verilated model with its context, random initial register values, an optional FST
// waveform, the clock, reset and the end-of-run coverage write. A shim holds a
// gx::VlModel<Vgx_block> and adds only its port mapping (the tb_dut_ops_t functions).
// Built with GX_NO_TRACE (a model Verilated without --trace-fst) it writes no waveform;
// with GX_NO_COVERAGE (without --coverage) no coverage.
#ifndef GX_SIM_VL_MODEL_H
#define GX_SIM_VL_MODEL_H

#include <cstdint>
#include <memory>

#include "verilated.h"
#ifndef GX_NO_COVERAGE
#include "verilated_cov.h"
#endif
#ifndef GX_NO_TRACE
#include "verilated_fst_c.h"
#endif

#include "rng.h"

namespace gx {

template <class V> struct VlModel {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<V> top;
#ifndef GX_NO_TRACE
    std::unique_ptr<VerilatedFstC> fst;
#endif
    uint64_t time = 0;

    // A new model named `name`; fst_path non-NULL: write a waveform. Every register
    // starts from a random value (Verilator's random reset; the models are built with
    // --x-initial unique), drawn from tb_vl_seed(): a datapath register without reset
    // that is read before it is written makes the run differ from the C model. `idle(top)`
    // drives the block's handshake inputs inactive; the model is then held in reset two
    // cycles.
    template <class Idle> VlModel(const char *name, const char *fst_path, Idle idle)
    {
        ctx = std::make_unique<VerilatedContext>();
        ctx->fatalOnError(false);  // a failed assertion is reported, not an abort
        ctx->assertOn(true);
        ctx->randReset(2);
        ctx->randSeed(static_cast<int>(tb_vl_seed()));
        // Verilator reads the random-reset setting, and reports assertion failures, through
        // the thread's current context: make it this model's whenever the model runs.
        Verilated::threadContextp(ctx.get());
#ifndef GX_NO_TRACE
        if (fst_path)
            ctx->traceEverOn(true);
#endif
        top = std::make_unique<V>(ctx.get(), name);
#ifndef GX_NO_TRACE
        if (fst_path) {
            fst = std::make_unique<VerilatedFstC>();
            top->trace(fst.get(), 99);
            fst->open(fst_path);
        }
#else
        (void)fst_path;
#endif
        top->clk_i = 0;
        top->rst_i = 1;
        idle(*top);
        for (int i = 0; i < 2; i++)
            tick();
        top->rst_i = 0;
    }

    // Settle the model's logic after its inputs changed.
    void eval()
    {
        Verilated::threadContextp(ctx.get());
        top->eval();
        low_pending = false;
    }

    // One rising clock edge (the waveform gets both clock levels). Two evaluations a
    // clock, not four: the rising edge's eval() settles changed inputs (Verilator's input
    // region) before it runs the edge, and the clock's fall needs no eval() of its own
    // (every register is on the rising edge) but must be seen before the next rise: the
    // shim's next eval() sees it, or else the next tick() evaluates it first. Each eval()
    // runs the input logic and the assertions' sampling whether or not anything changed.
    void tick()
    {
        Verilated::threadContextp(ctx.get());
        if (low_pending || tracing())
            top->eval();
        dump();
        top->clk_i = 1;
        top->eval();
        dump();
        top->clk_i = 0;
        low_pending = true;
    }

    // An assertion failed, or $finish/$stop ran: the run is invalid.
    bool failed() const { return ctx->gotError() || ctx->gotFinish(); }

    // Finish the waveform and write coverage to cov_path (NULL: none).
    void finish(const char *cov_path)
    {
        top->final();
#ifndef GX_NO_TRACE
        if (fst)
            fst->close();
#endif
#ifndef GX_NO_COVERAGE
        if (cov_path)
            ctx->coveragep()->write(cov_path);
#else
        (void)cov_path;  // the netlist models are built without coverage
#endif
    }

  private:
    bool low_pending = false;  // clk_i fell since the last eval()

    bool tracing() const
    {
#ifndef GX_NO_TRACE
        return fst != nullptr;
#else
        return false;
#endif
    }

    void dump()
    {
#ifndef GX_NO_TRACE
        if (fst)
            fst->dump(time);
#endif
        time++;
    }
};

}  // namespace gx

#endif  // GX_SIM_VL_MODEL_H
