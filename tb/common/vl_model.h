// vl_model: the part of every block's C++ shim that does not depend on the block: a
// Verilated model with its context, an optional FST waveform, the clock, reset and
// the end-of-run coverage write. A shim holds a gx::VlModel<Vgx_block> and adds only
// its port mapping (the tb_dut_ops_t functions).
#ifndef GX_TB_VL_MODEL_H
#define GX_TB_VL_MODEL_H

#include <cstdint>
#include <memory>

#include "verilated.h"
#ifndef GX_NO_COVERAGE
#include "verilated_cov.h"
#endif
#include "verilated_fst_c.h"

namespace gx {

template <class V> struct VlModel {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<V> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t time = 0;

    // A new model named `name`; fst_path non-NULL: write a waveform. `idle(top)` drives
    // the block's handshake inputs inactive; the model is then held in reset two cycles.
    template <class Idle> VlModel(const char *name, const char *fst_path, Idle idle)
    {
        ctx = std::make_unique<VerilatedContext>();
        ctx->fatalOnError(false);  // a failed assertion is reported, not an abort
        ctx->assertOn(true);
        if (fst_path)
            ctx->traceEverOn(true);
        top = std::make_unique<V>(ctx.get(), name);
        if (fst_path) {
            fst = std::make_unique<VerilatedFstC>();
            top->trace(fst.get(), 99);
            fst->open(fst_path);
        }
        top->clk_i = 0;
        top->rst_i = 1;
        idle(*top);
        for (int i = 0; i < 2; i++)
            tick();
        top->rst_i = 0;
    }

    // One rising clock edge (the waveform gets both clock levels).
    void tick()
    {
        top->eval();
        dump();
        top->clk_i = 1;
        top->eval();
        dump();
        top->clk_i = 0;
        top->eval();
    }

    // An assertion failed, or $finish/$stop ran: the run is invalid.
    bool failed() const { return ctx->gotError() || ctx->gotFinish(); }

    // Finish the waveform and write coverage to cov_path (NULL: none).
    void finish(const char *cov_path)
    {
        top->final();
        if (fst)
            fst->close();
#ifndef GX_NO_COVERAGE
        if (cov_path)
            ctx->coveragep()->write(cov_path);
#else
        (void)cov_path;  // the netlist models are built without coverage
#endif
    }

  private:
    void dump()
    {
        if (fst)
            fst->dump(time);
        time++;
    }
};

}  // namespace gx

#endif  // GX_TB_VL_MODEL_H
