// texq_rtl: the thin C++ shim between Verilator's Vgx_texq and C: its ports, clock by
// clock; the rest is gx::VlModel.
#include "texq_rtl.h"

#include "Vgx_texq.h"
#include "vl_model.h"

namespace {
using Model = gx::VlModel<Vgx_texq>;

template <class W> void put(W &w, const uint32_t *v, int n)
{
    for (int i = 0; i < n; i++)
        w[i] = v[i];
}

template <class W> void get(const W &w, uint32_t *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] = w[i];
}
}  // namespace

extern "C" void *gx_texq_rtl_new(const char *fst_path, uint32_t slots, uint32_t order)
{
    return new Model("gx_texq", fst_path, [slots, order](Vgx_texq &t) {
        t.cfg_slots_i = slots & 0x7ffu;
        t.cfg_order_i = order & 1u;
        t.cmd_valid_i = 0;
        t.rsp_ready_i = 0;
        t.tex_ready_i = 0;
    });
}

extern "C" void gx_texq_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}

extern "C" int gx_texq_rtl_cycle(void *m, const gx_texq_in_t *in, gx_texq_out_t *out)
{
    auto *model = static_cast<Model *>(m);
    Vgx_texq &t = *model->top;
    t.cmd_valid_i = in->cmd_valid ? 1 : 0;
    t.cmd_op_i = in->op & 3u;
    t.cmd_batch_i = in->batch & 31u;
    t.cmd_warps_i = in->warps & 15u;
    t.cmd_ops_i = in->ops & 15u;
    t.cmd_comp_i = in->comp & 3u;
    t.cmd_quad_i = in->quad & 7u;
    t.cmd_seq_i = in->seq & 511u;
    put(t.cmd_data_i, in->data, GX_TEXQ_LANES);
    t.rsp_ready_i = in->rsp_ready ? 1 : 0;
    t.tex_ready_i = in->tex_ready ? 1 : 0;
    model->eval();
    out->cmd_ready = t.cmd_ready_o;
    out->rsp_valid = t.rsp_valid_o;
    out->tex_valid = t.tex_valid_o;
    out->cfg_err = t.cfg_err_o;
    out->rsp_err = t.rsp_err_o;
    out->rsp_batch = t.rsp_batch_o;
    out->rsp_base = t.rsp_base_o;
    get(t.rsp_data_o, out->rsp_data, GX_TEXQ_LANES);
    out->tex.batch = t.tex_batch_o;
    out->tex.warp = t.tex_warp_o;
    out->tex.quad = t.tex_quad_o;
    out->tex.op = t.tex_op_o;
    out->tex.seq = t.tex_seq_o;
    uint32_t s[4], tt[4];
    get(t.tex_s_o, s, 4);
    get(t.tex_t_o, tt, 4);
    for (int i = 0; i < 4; i++) {
        out->tex.s[i] = (int32_t)s[i];
        out->tex.t[i] = (int32_t)tt[i];
    }
    out->xb_n = t.xb_n_o;
    out->cmt = t.cmt_o;
    model->tick();
    return !model->failed();
}
