// zcull_rtl: the thin C++ shim between Verilator's Vgx_zcull and C: its port mapping
// for tb_stream_run; the rest is gx::VlModel.
#include "zcull_rtl.h"

#include "Vgx_zcull.h"
#include "gx/defs.h"
#include "vl_model.h"

namespace {

using Model = gx::VlModel<Vgx_zcull>;

Vgx_zcull &top(void *m) { return *static_cast<Model *>(m)->top; }
const Vgx_zcull &top(const void *m) { return *static_cast<const Model *>(m)->top; }

void set(void *m, int req_valid, const uint32_t *req, int resp_ready)
{
    top(m).req_valid_i = req_valid ? 1 : 0;
    top(m).res_ready_i = resp_ready ? 1 : 0;
    for (unsigned i = 0; i < GX_ZC_REQ_WORDS; i++)
        top(m).req_i[i] = req[i];
}

void eval(void *m) { static_cast<Model *>(m)->eval(); }
int req_ready(const void *m) { return top(m).req_ready_o; }
int resp_valid(const void *m) { return top(m).res_valid_o; }

void resp(const void *m, uint32_t *w)
{
    for (unsigned i = 0; i < GX_ZC_RES_WORDS; i++)
        w[i] = top(m).res_o;
}

void tick(void *m) { static_cast<Model *>(m)->tick(); }
int failed(const void *m) { return static_cast<const Model *>(m)->failed(); }

}  // namespace

extern "C" const tb_dut_ops_t gx_zcull_rtl_ops = {
    GX_ZC_REQ_WORDS, GX_ZC_RES_WORDS, set, eval, req_ready, resp_valid, resp, tick, failed,
};

extern "C" void *gx_zcull_rtl_new(const char *fst_path)
{
    return new Model("gx_zcull", fst_path, [](Vgx_zcull &t) {
        t.req_valid_i = 0;
        t.res_ready_i = 0;
    });
}

extern "C" void gx_zcull_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}
