// raster_rtl: the thin C++ shim between Verilator's Vgx_raster and C: its port mapping
// for tb_stream_run_n; the rest is gx::VlModel.
#include "raster_rtl.h"

#include "Vgx_raster.h"
#include "gx/defs.h"
#include "vl_model.h"

namespace {

using Model = gx::VlModel<Vgx_raster>;

Vgx_raster &top(void *m) { return *static_cast<Model *>(m)->top; }
const Vgx_raster &top(const void *m) { return *static_cast<const Model *>(m)->top; }

void set(void *m, int req_valid, const uint32_t *req, int resp_ready)
{
    top(m).cmd_valid_i = req_valid ? 1 : 0;
    top(m).grp_ready_i = resp_ready ? 1 : 0;
    for (unsigned i = 0; i < GX_RS_CMD_WORDS; i++)
        top(m).cmd_i[i] = req[i];
}

void eval(void *m) { static_cast<Model *>(m)->eval(); }
int req_ready(const void *m) { return top(m).cmd_ready_o; }
int resp_valid(const void *m) { return top(m).grp_valid_o; }

void resp(const void *m, uint32_t *w)
{
    for (unsigned i = 0; i < GX_RS_QGROUP_WORDS; i++)
        w[i] = top(m).grp_o[i];
}

void tick(void *m) { static_cast<Model *>(m)->tick(); }
int failed(const void *m) { return static_cast<const Model *>(m)->failed(); }
int idle(const void *m) { return top(m).idle_o; }

}  // namespace

extern "C" const tb_dut_ops_t gx_raster_rtl_ops = {
    GX_RS_CMD_WORDS, GX_RS_QGROUP_WORDS, set, eval, req_ready, resp_valid, resp, tick, failed,
    idle,
};

extern "C" void *gx_raster_rtl_new(const char *fst_path)
{
    return new Model("gx_raster", fst_path, [](Vgx_raster &t) {
        t.cmd_valid_i = 0;
        t.grp_ready_i = 0;
    });
}

extern "C" void gx_raster_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}
