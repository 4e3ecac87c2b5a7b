// tbar_rtl: the thin C++ shim between Verilator's Vgx_tbar and C: its ports, clock by
// clock; the rest is gx::VlModel.
#include "tbar_rtl.h"

#include "Vgx_tbar.h"
#include "vl_model.h"

namespace {
using Model = gx::VlModel<Vgx_tbar>;
}  // namespace

extern "C" void *gx_tbar_rtl_new(const char *fst_path)
{
    return new Model("gx_tbar", fst_path, [](Vgx_tbar &t) {
        t.pipes_i = 2;
        t.arrive_i = 0;
        t.done_i = 0;
    });
}

extern "C" void gx_tbar_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}

extern "C" int gx_tbar_rtl_cycle(void *m, const gx_tbar_in_t *in, gx_tbar_out_t *out)
{
    auto *model = static_cast<Model *>(m);
    Vgx_tbar &t = *model->top;
    t.pipes_i = in->pipes_log2 & 3u;
    t.arrive_i = in->arrive & 15u;
    t.done_i = in->done & 15u;
    model->eval();
    out->hold = t.hold_o;
    out->err = t.err_o;
    out->release = t.release_o;
    model->tick();
    return !model->failed();
}
