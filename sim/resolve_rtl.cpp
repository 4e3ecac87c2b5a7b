// resolve_rtl: the thin C++ shim between Verilator's Vgx_resolve and C: its ports, clock
// by clock; the rest is gx::VlModel.
#include "resolve_rtl.h"

#include "Vgx_resolve.h"
#include "vl_model.h"

namespace {
using Model = gx::VlModel<Vgx_resolve>;
}  // namespace

extern "C" void *gx_resolve_rtl_new(const char *fst_path)
{
    return new Model("gx_resolve", fst_path, [](Vgx_resolve &t) {
        t.cfg_tent_i = 0;
        t.cfg_nlg_i = 2;
        t.cfg_w_i = 32;
        t.cfg_h_i = 32;
        t.in_valid_i = 0;
        t.out_ready_i = 0;
    });
}

extern "C" void gx_resolve_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}

extern "C" int gx_resolve_rtl_cycle(void *m, const gx_resolve_in_t *in, gx_resolve_out_t *out)
{
    auto *model = static_cast<Model *>(m);
    Vgx_resolve &t = *model->top;
    t.cfg_tent_i = in->cfg.tent ? 1 : 0;
    t.cfg_nlg_i = in->cfg.nlg & 7u;
    t.cfg_w_i = in->cfg.w & 127u;
    t.cfg_h_i = in->cfg.h & 127u;
    t.in_valid_i = in->in_valid ? 1 : 0;
    for (unsigned i = 0; i < 16; i++)
        t.in_i[i] = static_cast<uint32_t>(in->samples[4 * i]) |
                    static_cast<uint32_t>(in->samples[4 * i + 1]) << 8 |
                    static_cast<uint32_t>(in->samples[4 * i + 2]) << 16 |
                    static_cast<uint32_t>(in->samples[4 * i + 3]) << 24;
    t.out_ready_i = in->out_ready ? 1 : 0;
    model->eval();
    out->in_ready = t.in_ready_o;
    out->out_valid = t.out_valid_o;
    out->eol = t.out_eol_o;
    out->eof = t.out_eof_o;
    for (unsigned c = 0; c < 4; c++)
        out->rgba[c] = static_cast<uint8_t>(t.out_o >> (8 * c));
    model->tick();
    return !model->failed();
}
