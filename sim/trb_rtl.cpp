// trb_rtl: the thin C++ shim between Verilator's Vgx_trb and C: its ports, clock by
// clock; the rest is gx::VlModel.
#include "trb_rtl.h"

#include "Vgx_trb.h"
#include "vl_model.h"

namespace {
using Model = gx::VlModel<Vgx_trb>;

void put(VlWide<4> &w, const uint32_t *v)
{
    for (int i = 0; i < 4; i++)
        w[i] = v[i];
}

void get(const VlWide<4> &w, uint32_t *v)
{
    for (int i = 0; i < 4; i++)
        v[i] = w[i];
}
}  // namespace

extern "C" void *gx_trb_rtl_new(const char *fst_path)
{
    return new Model("gx_trb", fst_path, [](Vgx_trb &t) {
        t.wr_valid_i = 0;
        t.rd_valid_i = 0;
        t.rs_ready_i = 0;
        t.mw_ready_i = 0;
        t.mr_ready_i = 0;
        t.md_valid_i = 0;
    });
}

extern "C" void gx_trb_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}

extern "C" int gx_trb_rtl_cycle(void *m, const gx_trb_in_t *in, gx_trb_out_t *out)
{
    auto *model = static_cast<Model *>(m);
    Vgx_trb &t = *model->top;
    t.wr_valid_i = in->wr_valid ? 1 : 0;
    t.wr_id_i = in->wr_id & 0x7ffu;
    put(t.wr_data_i, in->wr_data);
    t.rd_valid_i = in->rd_valid ? 1 : 0;
    t.rd_id_i = in->rd_id & 0x7ffu;
    t.rd_last_i = in->rd_last ? 1 : 0;
    t.rs_ready_i = in->rs_ready ? 1 : 0;
    t.mw_ready_i = in->mw_ready ? 1 : 0;
    t.mr_ready_i = in->mr_ready ? 1 : 0;
    t.md_valid_i = in->md_valid ? 1 : 0;
    put(t.md_data_i, in->md_data);
    model->eval();
    out->wr_ready = t.wr_ready_o;
    out->rd_ready = t.rd_ready_o;
    out->rs_valid = t.rs_valid_o;
    out->rs_last = t.rs_last_o;
    out->rs_status = t.rs_status_o;
    get(t.rs_data_o, out->rs_data);
    out->mw_valid = t.mw_valid_o;
    out->mw_entry = t.mw_entry_o;
    out->mw_beat = t.mw_beat_o;
    get(t.mw_data_o, out->mw_data);
    out->mr_valid = t.mr_valid_o;
    out->mr_entry = t.mr_entry_o;
    out->md_ready = t.md_ready_o;
    out->err_valid = t.err_valid_o;
    out->err_code = t.err_code_o;
    out->full = t.full_o;
    out->held = t.held_o;
    out->spilled = t.spilled_o;
    model->tick();
    return !model->failed();
}
