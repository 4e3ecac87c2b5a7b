// mswb_rtl: the thin C++ shim between Verilator's Vgx_mswb and C: its port mapping;
// the rest is gx::VlModel and gx::ms_drive_cfg.
#include "mswb_rtl.h"

#include "Vgx_mswb.h"
#include "ms_vl.h"
#include "vl_model.h"

namespace {

using Model = gx::VlModel<Vgx_mswb>;

Vgx_mswb &top(void *m) { return *static_cast<Model *>(m)->top; }

}  // namespace

extern "C" void *gx_mswb_rtl_new(const char *fst_path)
{
    return new Model("gx_mswb", fst_path, [](Vgx_mswb &t) {
        t.ev_valid_i = 0;
        t.rd_req_ready_i = 0;
        t.rd_resp_valid_i = 0;
        t.fl_ready_i = 0;
        t.cfg_i = gx::kMsCfgReset;
    });
}

extern "C" void gx_mswb_rtl_cfg(void *m, const gx_ms_cfg_t *cfg)
{
    gx::ms_drive_cfg(top(m), cfg);
}

extern "C" void gx_mswb_rtl_eval(void *m, gx_mswb_io_t *io)
{
    Vgx_mswb &t = top(m);
    t.ev_valid_i = io->ev_valid ? 1 : 0;
    t.rd_req_ready_i = io->rd_req_ready ? 1 : 0;
    t.rd_resp_valid_i = io->rd_resp_valid ? 1 : 0;
    t.fl_ready_i = io->fl_ready ? 1 : 0;
    for (unsigned i = 0; i < GX_MS_EVICT_WORDS; i++)
        t.ev_i[i] = io->ev ? io->ev[i] : 0;
    for (unsigned i = 0; i < GX_MS_RDRESP_WORDS; i++)
        t.rd_resp_i[i] = io->rd_resp ? io->rd_resp[i] : 0;
    static_cast<Model *>(m)->eval();
    io->ev_ready = t.ev_ready_o;
    io->rd_req_valid = t.rd_req_valid_o;
    io->rd_resp_ready = t.rd_resp_ready_o;
    io->fl_valid = t.fl_valid_o;
    const uint64_t rq = t.rd_req_o;
    io->rd_req[0] = (uint32_t)rq;
    io->rd_req[1] = (uint32_t)(rq >> 32);
    for (unsigned i = 0; i < GX_MS_FLUSH_WORDS; i++)
        io->fl[i] = t.fl_o[i];
}

extern "C" int gx_mswb_rtl_tick(void *m)
{
    auto *model = static_cast<Model *>(m);
    model->tick();
    return !model->failed();
}

extern "C" void gx_mswb_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
#ifndef GX_NO_COVERAGE
    // The coverage file holds the points of gx_mswb.sv and of its gx_ms_classify.sv
    // instance only (the one substring both file names hold). The gx_analyzer instance's line,
    // toggle and GX_COVER coverage is measured in its own cosimulation (tb/analyzer):
    // gx_mswb drives it one request at a time and takes every response at once by
    // design, so its BackToBack_C and Stall_C points can never be hit here. Its
    // assertions (the response equals its specification) run in every simulation.
    if (cov_path)
        model->ctx->coveragep()->clearNonMatch("rtl/gx_ms");
#endif
    model->finish(cov_path);
    delete model;
}
