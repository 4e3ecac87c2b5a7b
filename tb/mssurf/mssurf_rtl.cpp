// mssurf_rtl: the thin C++ shim between Verilator's Vgx_mssurf and C: its port mapping;
// the rest is gx::VlModel and gx::ms_drive_cfg.
#include "mssurf_rtl.h"

#include "Vgx_mssurf.h"
#include "ms_vl.h"
#include "vl_model.h"

namespace {

using Model = gx::VlModel<Vgx_mssurf>;

Vgx_mssurf &top(void *m) { return *static_cast<Model *>(m)->top; }
const Vgx_mssurf &top(const void *m) { return *static_cast<const Model *>(m)->top; }

void set(void *m, int req_valid, const uint32_t *req, int resp_ready)
{
    top(m).cmd_valid_i = req_valid ? 1 : 0;
    top(m).ev_ready_i = resp_ready ? 1 : 0;
    for (unsigned i = 0; i < GX_MS_CMD_WORDS; i++)
        top(m).cmd_i[i] = req[i];
}

void eval(void *m) { top(m).eval(); }
int req_ready(const void *m) { return top(m).cmd_ready_o; }
int resp_valid(const void *m) { return top(m).ev_valid_o; }

void resp(const void *m, uint32_t *w)
{
    for (unsigned i = 0; i < GX_MS_EVICT_WORDS; i++)
        w[i] = top(m).ev_o[i];
}

void tick(void *m) { static_cast<Model *>(m)->tick(); }
int failed(const void *m) { return static_cast<const Model *>(m)->failed(); }

}  // namespace

extern "C" const tb_dut_ops_t gx_mssurf_rtl_ops = {
    GX_MS_CMD_WORDS, GX_MS_EVICT_WORDS, set, eval, req_ready, resp_valid, resp, tick, failed,
};

extern "C" void *gx_mssurf_rtl_new(const char *fst_path)
{
    return new Model("gx_mssurf", fst_path, [](Vgx_mssurf &t) {
        t.cmd_valid_i = 0;
        t.ev_ready_i = 0;
        t.cfg_i = gx::kMsCfgReset;
    });
}

extern "C" void gx_mssurf_rtl_cfg(void *m, const gx_ms_cfg_t *cfg)
{
    gx::ms_drive_cfg(top(m), cfg);
}

extern "C" unsigned gx_mssurf_rtl_slots(void) { return GX_MS_DEFAULT_SLOTS; }

extern "C" void gx_mssurf_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}
