// msmem_rtl: the thin C++ shim between Verilator's Vgx_msmem and C: its port mapping;
// the rest is gx::VlModel and gx::ms_drive_cfg.
#include "msmem_rtl.h"

#include "Vgx_msmem.h"
#include "ms_vl.h"
#include "vl_model.h"

namespace {

using Model = gx::VlModel<Vgx_msmem>;

Vgx_msmem &top(void *m) { return *static_cast<Model *>(m)->top; }

}  // namespace

extern "C" void *gx_msmem_rtl_new(const char *fst_path)
{
    return new Model("gx_msmem", fst_path, [](Vgx_msmem &t) {
        t.fl_valid_i = 0;
        t.rd0_req_valid_i = 0;
        t.rd1_req_valid_i = 0;
        t.rd0_resp_ready_i = 0;
        t.rd1_resp_ready_i = 0;
        t.m_axi_awready_i = 0;
        t.m_axi_wready_i = 0;
        t.m_axi_bvalid_i = 0;
        t.m_axi_arready_i = 0;
        t.m_axi_rvalid_i = 0;
        t.cfg_i = gx::kMsCfgReset;
    });
}

extern "C" void gx_msmem_rtl_cfg(void *m, const gx_ms_cfg_t *cfg, uint64_t surf_base,
                                 uint64_t index_base, uint64_t state_base)
{
    Vgx_msmem &t = top(m);
    gx::ms_drive_cfg(t, cfg);
    t.surf_base_i = surf_base;
    t.index_base_i = index_base;
    t.state_base_i = state_base;
}

extern "C" void gx_msmem_rtl_eval(void *m, gx_msmem_rtl_io_t *io)
{
    Vgx_msmem &t = top(m);
    axi4_sig_t *a = &io->axi;
    t.fl_valid_i = io->fl_valid ? 1 : 0;
    for (unsigned i = 0; i < GX_MS_FLUSH_WORDS; i++)
        t.fl_i[i] = io->fl ? io->fl[i] : 0;
    t.rd0_req_valid_i = io->rd_req_valid[0] ? 1 : 0;
    t.rd1_req_valid_i = io->rd_req_valid[1] ? 1 : 0;
    t.rd0_req_i = (uint64_t)io->rd_req[0][0] | ((uint64_t)io->rd_req[0][1] << 32);
    t.rd1_req_i = (uint64_t)io->rd_req[1][0] | ((uint64_t)io->rd_req[1][1] << 32);
    t.rd0_resp_ready_i = io->rd_resp_ready[0] ? 1 : 0;
    t.rd1_resp_ready_i = io->rd_resp_ready[1] ? 1 : 0;
    t.m_axi_awready_i = a->aw_ready ? 1 : 0;
    t.m_axi_wready_i = a->w_ready ? 1 : 0;
    t.m_axi_bvalid_i = a->b_valid ? 1 : 0;
    t.m_axi_bid_i = a->b_id;
    t.m_axi_bresp_i = a->b_resp;
    t.m_axi_arready_i = a->ar_ready ? 1 : 0;
    t.m_axi_rvalid_i = a->r_valid ? 1 : 0;
    t.m_axi_rid_i = a->r_id;
    t.m_axi_rresp_i = a->r_resp;
    t.m_axi_rlast_i = a->r_last ? 1 : 0;
    uint64_t rd = 0;
    for (unsigned j = 0; j < 8; j++)
        rd |= (uint64_t)a->r_data[j] << (8 * j);
    t.m_axi_rdata_i = rd;
    static_cast<Model *>(m)->eval();
    io->fl_ready = t.fl_ready_o;
    io->rd_req_ready[0] = t.rd0_req_ready_o;
    io->rd_req_ready[1] = t.rd1_req_ready_o;
    io->rd_resp_valid[0] = t.rd0_resp_valid_o;
    io->rd_resp_valid[1] = t.rd1_resp_valid_o;
    for (unsigned i = 0; i < GX_MS_RDRESP_WORDS; i++) {
        io->rd_resp[0][i] = t.rd0_resp_o[i];
        io->rd_resp[1][i] = t.rd1_resp_o[i];
    }
    a->aw_valid = t.m_axi_awvalid_o;
    a->aw_addr = t.m_axi_awaddr_o;
    a->aw_id = t.m_axi_awid_o;
    a->aw_len = t.m_axi_awlen_o;
    a->aw_size = t.m_axi_awsize_o;
    a->aw_burst = t.m_axi_awburst_o;
    a->aw_cache = t.m_axi_awcache_o;
    a->aw_prot = t.m_axi_awprot_o;
    a->w_valid = t.m_axi_wvalid_o;
    const uint64_t wd = t.m_axi_wdata_o;
    for (unsigned j = 0; j < 8; j++)
        a->w_data[j] = (uint8_t)(wd >> (8 * j));
    a->w_strb = t.m_axi_wstrb_o;
    a->w_last = t.m_axi_wlast_o;
    a->b_ready = t.m_axi_bready_o;
    a->ar_valid = t.m_axi_arvalid_o;
    a->ar_addr = t.m_axi_araddr_o;
    a->ar_id = t.m_axi_arid_o;
    a->ar_len = t.m_axi_arlen_o;
    a->ar_size = t.m_axi_arsize_o;
    a->ar_burst = t.m_axi_arburst_o;
    a->ar_cache = t.m_axi_arcache_o;
    a->ar_prot = t.m_axi_arprot_o;
    a->r_ready = t.m_axi_rready_o;
    io->bytes_rd = t.bytes_rd_o;
    io->bytes_wr = t.bytes_wr_o;
    io->bad_wr = t.bad_wr_o;
    io->resp_err = t.resp_err_o;
    io->idle = t.idle_o;
}

extern "C" int gx_msmem_rtl_tick(void *m)
{
    auto *model = static_cast<Model *>(m);
    model->tick();
    return !model->failed();
}

extern "C" void gx_msmem_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
#ifndef GX_NO_COVERAGE
    // the points of gx_msmem.sv only (the RAM primitive is covered by its users' tests)
    if (cov_path)
        model->ctx->coveragep()->clearNonMatch("rtl/gx_msmem");
#endif
    model->finish(cov_path);
    delete model;
}
