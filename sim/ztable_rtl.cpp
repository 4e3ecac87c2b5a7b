// ztable_rtl: the thin C++ shim between Verilator's Vgx_ztable and C: its ports, clock by
// clock; the rest is gx::VlModel.
#include "ztable_rtl.h"

#include "Vgx_ztable.h"
#include "gx/defs.h"
#include "vl_model.h"

namespace {
using Model = gx::VlModel<Vgx_ztable>;
}  // namespace

extern "C" void *gx_ztable_rtl_new(const char *fst_path)
{
    return new Model("gx_ztable", fst_path, [](Vgx_ztable &t) {
        t.cmd_valid_i = 0;
        t.ev_valid_i = 0;
        t.dq_ready_i = 0;
        t.dd_i = 0;
    });
}

extern "C" void gx_ztable_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}

extern "C" int gx_ztable_rtl_cycle(void *m, const gx_ztable_in_t *in, gx_ztable_out_t *out)
{
    auto *model = static_cast<Model *>(m);
    Vgx_ztable &t = *model->top;
    uint32_t w[GX_ZL_CMD_WORDS];
    gx_ztable_cmd_pack(&in->cmd, w);
    t.cmd_valid_i = in->cmd_valid ? 1 : 0;
    for (unsigned i = 0; i < GX_ZL_CMD_WORDS; i++)
        t.cmd_i[i] = w[i];
    t.ev_valid_i = in->ev_valid ? 1 : 0;
    t.ev_i = gx_ztable_ev_pack(in->ev_s, in->ev_dec, in->ev_inc);
    t.dq_ready_i = in->dq_ready ? 1 : 0;
    t.dd_i = in->dd ? 1 : 0;
    t.rd_k_i = in->rd_k;
    model->eval();
    out->cmd_ready = t.cmd_ready_o;
    out->dq_valid = t.dq_valid_o;
    out->dq = t.dq_o;
    for (unsigned i = 0; i < GX_PATTERN_SLOTS; i++)
        out->rd_table[i] = static_cast<uint8_t>(t.rd_table_o[i / 4] >> (8 * (i % 4)));
    for (unsigned k = 0; k < GX_Z_TABLES; k++)
        out->live[k] = static_cast<unsigned>(t.live_o >> (5 * k)) & 31u;
    model->tick();
    return !model->failed();
}
