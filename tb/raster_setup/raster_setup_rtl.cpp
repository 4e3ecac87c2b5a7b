// raster_setup_rtl: the thin C++ shim between Verilator's Vgx_raster_setup and C.
#include "raster_setup_rtl.h"

#include <memory>

#include "Vgx_raster_setup.h"
#include "gx/defs.h"
#include "verilated.h"
#ifndef GX_NO_COVERAGE
#include "verilated_cov.h"
#endif
#include "verilated_fst_c.h"

namespace {

struct Model {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vgx_raster_setup> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t time = 0;
};

void dump(Model *m)
{
    if (m->fst)
        m->fst->dump(m->time);
    m->time++;
}

void tick(void *p)
{
    auto *m = static_cast<Model *>(p);
    m->top->eval();
    dump(m);
    m->top->clk_i = 1;
    m->top->eval();
    dump(m);
    m->top->clk_i = 0;
    m->top->eval();
}

void set(void *p, int req_valid, const uint32_t *req, int resp_ready)
{
    auto *m = static_cast<Model *>(p);
    m->top->req_valid_i = req_valid ? 1 : 0;
    m->top->setup_ready_i = resp_ready ? 1 : 0;
    for (unsigned i = 0; i < GX_RS_SETUP_REQ_WORDS; i++)
        m->top->req_i[i] = req[i];
}

void eval(void *p) { static_cast<Model *>(p)->top->eval(); }
int req_ready(const void *p) { return static_cast<const Model *>(p)->top->req_ready_o; }
int resp_valid(const void *p) { return static_cast<const Model *>(p)->top->setup_valid_o; }

void resp(const void *p, uint32_t *w)
{
    auto *m = static_cast<const Model *>(p);
    for (unsigned i = 0; i < GX_RS_SETUP_WORDS; i++)
        w[i] = m->top->setup_o[i];
}

int failed(const void *p)
{
    auto *m = static_cast<const Model *>(p);
    return m->ctx->gotError() || m->ctx->gotFinish();
}

}  // namespace

extern "C" const tb_dut_ops_t gx_raster_setup_rtl_ops = {
    GX_RS_SETUP_REQ_WORDS, GX_RS_SETUP_WORDS, set, eval, req_ready, resp_valid, resp, tick, failed,
};

extern "C" void *gx_raster_setup_rtl_new(const char *fst_path)
{
    auto *m = new Model;
    m->ctx = std::make_unique<VerilatedContext>();
    m->ctx->fatalOnError(false);
    m->ctx->assertOn(true);
    if (fst_path)
        m->ctx->traceEverOn(true);
    m->top = std::make_unique<Vgx_raster_setup>(m->ctx.get(), "gx_raster_setup");
    if (fst_path) {
        m->fst = std::make_unique<VerilatedFstC>();
        m->top->trace(m->fst.get(), 99);
        m->fst->open(fst_path);
    }
    m->top->clk_i = 0;
    m->top->rst_i = 1;
    m->top->req_valid_i = 0;
    m->top->setup_ready_i = 0;
    for (int i = 0; i < 2; i++)
        tick(m);
    m->top->rst_i = 0;
    return m;
}

extern "C" void gx_raster_setup_rtl_free(void *p, const char *cov_path)
{
    auto *m = static_cast<Model *>(p);
    m->top->final();
    if (m->fst)
        m->fst->close();
#ifndef GX_NO_COVERAGE
    if (cov_path)
        m->ctx->coveragep()->write(cov_path);
#else
    (void)cov_path;
#endif
    delete m;
}
