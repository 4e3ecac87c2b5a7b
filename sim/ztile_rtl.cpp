// ztile_rtl: the thin C++ shim between Verilator's Vgx_ztile and C: its port mapping
// for tb_stream_run; the rest is gx::VlModel.
#include "ztile_rtl.h"

#include "Vgx_ztile.h"
#include "gx/defs.h"
#include "vl_model.h"

namespace {

using Model = gx::VlModel<Vgx_ztile>;

Vgx_ztile &top(void *m) { return *static_cast<Model *>(m)->top; }
const Vgx_ztile &top(const void *m) { return *static_cast<const Model *>(m)->top; }

void set(void *m, int req_valid, const uint32_t *req, int resp_ready)
{
    top(m).req_valid_i = req_valid ? 1 : 0;
    top(m).resp_ready_i = resp_ready ? 1 : 0;
    for (unsigned i = 0; i < GX_ZU_REQ_WORDS; i++)
        top(m).req_i[i] = req[i];
}

void eval(void *m) { static_cast<Model *>(m)->eval(); }
int req_ready(const void *m) { return top(m).req_ready_o; }
int resp_valid(const void *m) { return top(m).resp_valid_o; }

void resp(const void *m, uint32_t *w)
{
    for (unsigned i = 0; i < GX_ZU_RESP_WORDS; i++)
        w[i] = top(m).resp_o[i];
}

void tick(void *m) { static_cast<Model *>(m)->tick(); }
int failed(const void *m) { return static_cast<const Model *>(m)->failed(); }

}  // namespace

extern "C" const tb_dut_ops_t gx_ztile_rtl_ops = {
    GX_ZU_REQ_WORDS, GX_ZU_RESP_WORDS, set, eval, req_ready, resp_valid, resp, tick, failed,
};

extern "C" void *gx_ztile_rtl_new(const char *fst_path)
{
    return new Model("gx_ztile", fst_path, [](Vgx_ztile &t) {
        t.req_valid_i = 0;
        t.resp_ready_i = 0;
    });
}

extern "C" void gx_ztile_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}
