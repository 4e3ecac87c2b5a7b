// msld_rtl: the thin C++ shim between Verilator's Vgx_msld and C: its port mapping;
// the rest is gx::VlModel and gx::ms_drive_cfg.
#include "msld_rtl.h"

#include "Vgx_msld.h"
#include "ms_vl.h"
#include "vl_model.h"

namespace {

using Model = gx::VlModel<Vgx_msld>;

Vgx_msld &top(void *m) { return *static_cast<Model *>(m)->top; }

}  // namespace

extern "C" void *gx_msld_rtl_new(const char *fst_path)
{
    return new Model("gx_msld", fst_path, [](Vgx_msld &t) {
        t.ld_valid_i = 0;
        t.rd_req_ready_i = 0;
        t.rd_resp_valid_i = 0;
        t.resp_ready_i = 0;
        t.cfg_i = gx::kMsCfgReset;
    });
}

extern "C" void gx_msld_rtl_cfg(void *m, const gx_ms_cfg_t *cfg)
{
    gx::ms_drive_cfg(top(m), cfg);
}

extern "C" void gx_msld_rtl_eval(void *m, gx_msld_io_t *io)
{
    Vgx_msld &t = top(m);
    t.ld_valid_i = io->ld_valid ? 1 : 0;
    t.rd_req_ready_i = io->rd_req_ready ? 1 : 0;
    t.rd_resp_valid_i = io->rd_resp_valid ? 1 : 0;
    t.resp_ready_i = io->resp_ready ? 1 : 0;
    for (unsigned i = 0; i < GX_MS_EVICT_WORDS; i++)
        t.snap_i[i] = io->snap ? io->snap[i] : 0;
    t.ld_i = io->ld ? io->ld[0] : 0;
    for (unsigned i = 0; i < GX_MS_RDRESP_WORDS; i++)
        t.rd_resp_i[i] = io->rd_resp ? io->rd_resp[i] : 0;
    static_cast<Model *>(m)->eval();
    io->ld_ready = t.ld_ready_o;
    io->rd_req_valid = t.rd_req_valid_o;
    io->rd_resp_ready = t.rd_resp_ready_o;
    io->resp_valid = t.resp_valid_o;
    const uint64_t rq = t.rd_req_o;
    io->rd_req[0] = (uint32_t)rq;
    io->rd_req[1] = (uint32_t)(rq >> 32);
    for (unsigned i = 0; i < GX_MS_LDRESP_WORDS; i++)
        io->resp[i] = t.resp_o[i];
}

extern "C" int gx_msld_rtl_tick(void *m)
{
    auto *model = static_cast<Model *>(m);
    model->tick();
    return !model->failed();
}

extern "C" void gx_msld_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
#ifndef GX_NO_COVERAGE
    // gx_msld.sv's and its gx_ms_classify.sv instance's points only ("rtl/gx_ms": the one
    // substring both file names hold); the analyzer instance's coverage is its own tb's (as
    // in tb/mswb: it is driven one request at a time, so BackToBack_C/Stall_C cannot occur).
    if (cov_path)
        model->ctx->coveragep()->clearNonMatch("rtl/gx_ms");
#endif
    model->finish(cov_path);
    delete model;
}
