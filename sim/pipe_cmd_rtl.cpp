// pipe_cmd_rtl: the thin C++ shim between Verilator's Vgx_pipe_cmd and C: its port
// mapping; the rest is gx::VlModel.
#include "pipe_cmd_rtl.h"

#include "Vgx_pipe_cmd.h"
#include "ms_vl.h"
#include "vl_model.h"

namespace {

using Model = gx::VlModel<Vgx_pipe_cmd>;

Vgx_pipe_cmd &top(void *m) { return *static_cast<Model *>(m)->top; }

}  // namespace

extern "C" void *gx_pipe_cmd_rtl_new(const char *fst_path)
{
    return new Model("gx_pipe_cmd", fst_path, [](Vgx_pipe_cmd &t) {
        t.s_cmd_tvalid_i = 0;
        t.cmd_ready_i = 0;
        t.cfg_i = gx::kMsCfgReset;
    });
}

extern "C" void gx_pipe_cmd_rtl_free(void *m, const char *cov_path)
{
    auto *model = static_cast<Model *>(m);
    model->finish(cov_path);
    delete model;
}

extern "C" void gx_pipe_cmd_rtl_eval(void *m, const gx_pipe_cmd_rtl_in_t *in,
                                     gx_pipe_cmd_rtl_out_t *out)
{
    Vgx_pipe_cmd &t = top(m);
    t.rst_i = in->rst ? 1 : 0;
    t.cfg_i = (uint64_t)in->cfg[0] | ((uint64_t)in->cfg[1] << 32);
    t.s_cmd_tvalid_i = in->tvalid ? 1 : 0;
    t.s_cmd_tdata_i = in->tdata;
    t.s_cmd_tkeep_i = in->tkeep;
    t.s_cmd_tlast_i = in->tlast ? 1 : 0;
    t.cmd_ready_i = in->cmd_ready ? 1 : 0;
    static_cast<Model *>(m)->eval();
    out->tready = t.s_cmd_tready_o;
    out->cmd_valid = t.cmd_valid_o;
    out->err = t.err_o;
    out->err_code = t.err_code_o;
    out->idle = t.idle_o;
    for (unsigned i = 0; i < GX_PIPE_CMD_WORDS; i++)
        out->cmd[i] = t.cmd_o[i];
}

extern "C" void gx_pipe_cmd_rtl_tick(void *m) { static_cast<Model *>(m)->tick(); }

extern "C" int gx_pipe_cmd_rtl_failed(const void *m)
{
    return static_cast<const Model *>(m)->failed();
}
