// analyzer_rtl: the thin C++ shim between Verilator's Vgx_analyzer and the C harness.
#include "analyzer_rtl.h"

#include <memory>

#include "Vgx_analyzer.h"
#include "verilated.h"
#ifndef GX_NO_COVERAGE
#include "verilated_cov.h"
#endif
#include "verilated_fst_c.h"

struct gx_analyzer_rtl {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vgx_analyzer> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t time = 0;
};

static void dump(gx_analyzer_rtl *m)
{
    if (m->fst)
        m->fst->dump(m->time);
    m->time++;
}

extern "C" gx_analyzer_rtl_t *gx_analyzer_rtl_new(const char *fst_path)
{
    auto *m = new gx_analyzer_rtl;
    m->ctx = std::make_unique<VerilatedContext>();
    m->ctx->fatalOnError(false);  // a failed assertion is reported, not an abort
    m->ctx->assertOn(true);
    if (fst_path)
        m->ctx->traceEverOn(true);
    m->top = std::make_unique<Vgx_analyzer>(m->ctx.get(), "gx_analyzer");
    if (fst_path) {
        m->fst = std::make_unique<VerilatedFstC>();
        m->top->trace(m->fst.get(), 99);
        m->fst->open(fst_path);
    }
    m->top->clk_i = 0;
    m->top->rst_i = 1;
    m->top->req_valid_i = 0;
    m->top->resp_ready_i = 0;
    for (int i = 0; i < 2; i++) {
        m->top->eval();
        dump(m);
        gx_analyzer_rtl_tick(m);
    }
    m->top->rst_i = 0;
    return m;
}

extern "C" void gx_analyzer_rtl_free(gx_analyzer_rtl_t *m, const char *cov_path)
{
    m->top->final();
    if (m->fst)
        m->fst->close();
#ifndef GX_NO_COVERAGE
    if (cov_path)
        m->ctx->coveragep()->write(cov_path);
#else
    (void)cov_path;  // the gate-level model is built without coverage
#endif
    delete m;
}

extern "C" void gx_analyzer_rtl_set(gx_analyzer_rtl_t *m, int req_valid,
                                    const uint32_t req[GX_AN_REQ_WORDS], int resp_ready)
{
    m->top->req_valid_i = req_valid ? 1 : 0;
    m->top->resp_ready_i = resp_ready ? 1 : 0;
    for (unsigned i = 0; i < GX_AN_REQ_WORDS; i++)
        m->top->req_i[i] = req[i];
}

extern "C" void gx_analyzer_rtl_eval(gx_analyzer_rtl_t *m)
{
    m->top->eval();
}

extern "C" int gx_analyzer_rtl_req_ready(const gx_analyzer_rtl_t *m)
{
    return m->top->req_ready_o;
}

extern "C" int gx_analyzer_rtl_resp_valid(const gx_analyzer_rtl_t *m)
{
    return m->top->resp_valid_o;
}

extern "C" void gx_analyzer_rtl_resp(const gx_analyzer_rtl_t *m, uint32_t resp[GX_AN_RESP_WORDS])
{
    for (unsigned i = 0; i < GX_AN_RESP_WORDS; i++)
        resp[i] = m->top->resp_o[i];
}

extern "C" void gx_analyzer_rtl_tick(gx_analyzer_rtl_t *m)
{
    m->top->eval();
    dump(m);
    m->top->clk_i = 1;
    m->top->eval();
    dump(m);
    m->top->clk_i = 0;
    m->top->eval();
}

extern "C" int gx_analyzer_rtl_failed(const gx_analyzer_rtl_t *m)
{
    return m->ctx->gotError() || m->ctx->gotFinish();
}

namespace {
void ops_set(void *m, int v, const uint32_t *req, int r)
{
    gx_analyzer_rtl_set(static_cast<gx_analyzer_rtl_t *>(m), v, req, r);
}
void ops_eval(void *m) { gx_analyzer_rtl_eval(static_cast<gx_analyzer_rtl_t *>(m)); }
int ops_req_ready(const void *m)
{
    return gx_analyzer_rtl_req_ready(static_cast<const gx_analyzer_rtl_t *>(m));
}
int ops_resp_valid(const void *m)
{
    return gx_analyzer_rtl_resp_valid(static_cast<const gx_analyzer_rtl_t *>(m));
}
void ops_resp(const void *m, uint32_t *w)
{
    gx_analyzer_rtl_resp(static_cast<const gx_analyzer_rtl_t *>(m), w);
}
void ops_tick(void *m) { gx_analyzer_rtl_tick(static_cast<gx_analyzer_rtl_t *>(m)); }
int ops_failed(const void *m)
{
    return gx_analyzer_rtl_failed(static_cast<const gx_analyzer_rtl_t *>(m));
}
}  // namespace

extern "C" const tb_dut_ops_t gx_analyzer_rtl_ops = {
    GX_AN_REQ_WORDS, GX_AN_RESP_WORDS, ops_set, ops_eval, ops_req_ready, ops_resp_valid,
    ops_resp, ops_tick, ops_failed,
};
