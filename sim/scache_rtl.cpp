// scache_rtl: the thin C++ shim between Verilator's Vgx_scache and C: its ports, clock by
// clock; the rest is gx::VlModel.
#include "scache_rtl.h"

#include "Vgx_scache.h"
#include "vl_model.h"

namespace {
using Model = gx::VlModel<Vgx_scache>;

template <class W> void put32(W &w, const uint8_t *b)
{
    for (unsigned i = 0; i < 8; i++)
        w[i] = static_cast<uint32_t>(b[4 * i]) | static_cast<uint32_t>(b[4 * i + 1]) << 8 |
               static_cast<uint32_t>(b[4 * i + 2]) << 16 |
               static_cast<uint32_t>(b[4 * i + 3]) << 24;
}

template <class W> void get32(const W &w, uint8_t *b)
{
    for (unsigned i = 0; i < 32; i++)
        b[i] = static_cast<uint8_t>(w[i / 4] >> (8 * (i % 4)));
}
}  // namespace

extern "C" void *gx_scache_rtl_new(const char *fst_path)
{
    return new Model("gx_scache", fst_path, [](Vgx_scache &t) {
        t.req_valid_i = 0;
        t.rsp_ready_i = 0;
        t.cmd_valid_i = 0;
        t.mrq_ready_i = 0;
        t.mrd_valid_i = 0;
        t.mwr_ready_i = 0;
        t.cfg_tiles_x_i = 1;
        t.cfg_tiles_y_i = 1;
        t.cfg_ctlog_i = 5;
    });
}

extern "C" void gx_scache_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}

extern "C" int gx_scache_rtl_cycle(void *m, const gx_scache_in_t *in, gx_scache_out_t *out)
{
    auto *model = static_cast<Model *>(m);
    Vgx_scache &t = *model->top;
    t.cfg_surf_base_i = in->cfg.surf_line;
    t.cfg_index_base_i = in->cfg.index_line;
    t.cfg_state_base_i = in->cfg.state_line;
    t.cfg_tiles_x_i = in->cfg.tiles_x;
    t.cfg_tiles_y_i = in->cfg.tiles_y;
    t.cfg_twlog_i = in->cfg.twlog & 3u;
    t.cfg_thlog_i = in->cfg.thlog & 3u;
    t.cfg_ctlog_i = in->cfg.ctlog & 7u;
    t.cfg_ctodd_i = in->cfg.ctodd & 1u;
    t.req_valid_i = in->req_valid ? 1 : 0;
    t.req_we_i = in->req_we ? 1 : 0;
    t.req_line_i = in->req_line;
    t.req_mask_i = in->req_mask;
    put32(t.req_data_i, in->req_data);
    t.req_reg_i = in->req_reg & 3u;
    t.req_tx_i = in->req_tx;
    t.req_ty_i = in->req_ty;
    t.rsp_ready_i = in->rsp_ready ? 1 : 0;
    t.cmd_valid_i = in->cmd_valid ? 1 : 0;
    t.cmd_op_i = in->cmd_op & 3u;
    t.cmd_tx0_i = in->tx0;
    t.cmd_ty0_i = in->ty0;
    t.cmd_tx1_i = in->tx1;
    t.cmd_ty1_i = in->ty1;
    t.mrq_ready_i = in->mrq_ready ? 1 : 0;
    t.mrd_valid_i = in->mrd_valid ? 1 : 0;
    put32(t.mrd_data_i, in->mrd_data);
    t.mwr_ready_i = in->mwr_ready ? 1 : 0;
    model->eval();
    out->req_ready = t.req_ready_o;
    out->rsp_valid = t.rsp_valid_o;
    get32(t.rsp_data_o, out->rsp_data);
    out->cmd_ready = t.cmd_ready_o;
    out->cmd_done = t.cmd_done_o;
    out->probes = t.cmd_probes_o;
    out->mrq_valid = t.mrq_valid_o;
    out->mrq_line = t.mrq_line_o;
    out->mrd_ready = t.mrd_ready_o;
    out->mwr_valid = t.mwr_valid_o;
    out->mwr_line = t.mwr_line_o;
    out->mwr_strb = t.mwr_strb_o;
    out->mwr_sample = t.mwr_sample_o;
    get32(t.mwr_data_o, out->mwr_data);
    out->cnt.rd_bytes[0] = static_cast<uint32_t>(t.cnt_rd_o);
    out->cnt.rd_bytes[1] = static_cast<uint32_t>(t.cnt_rd_o >> 32);
    out->cnt.wr_bytes[0] = static_cast<uint32_t>(t.cnt_wr_o);
    out->cnt.wr_bytes[1] = static_cast<uint32_t>(t.cnt_wr_o >> 32);
    out->cnt.evict[0] = static_cast<uint32_t>(t.cnt_evict_o);
    out->cnt.evict[1] = static_cast<uint32_t>(t.cnt_evict_o >> 32);
    out->cnt.hits = t.cnt_hits_o;
    out->cnt.misses = t.cnt_misses_o;
    out->cnt.zero_fills = t.cnt_zero_o;
    out->cnt.dropped = t.cnt_dropped_o;
    out->cnt.through = t.cnt_through_o;
    model->tick();
    return !model->failed();
}
