// analyzer_rtl: the thin C++ shim between Verilator's Vgx_analyzer and C: its port
// mapping for tb_stream_run; the rest is gx::VlModel.
#include "analyzer_rtl.h"

#include "Vgx_analyzer.h"
#include "vl_model.h"

struct gx_analyzer_rtl {
    gx::VlModel<Vgx_analyzer> vl;
    explicit gx_analyzer_rtl(const char *fst_path)
        : vl("gx_analyzer", fst_path, [](Vgx_analyzer &t) {
              t.req_valid_i = 0;
              t.resp_ready_i = 0;
          })
    {
    }
};

namespace {

Vgx_analyzer &top(void *m) { return *static_cast<gx_analyzer_rtl *>(m)->vl.top; }
const Vgx_analyzer &top(const void *m) { return *static_cast<const gx_analyzer_rtl *>(m)->vl.top; }

void set(void *m, int req_valid, const uint32_t *req, int resp_ready)
{
    top(m).req_valid_i = req_valid ? 1 : 0;
    top(m).resp_ready_i = resp_ready ? 1 : 0;
    for (unsigned i = 0; i < GX_AN_REQ_WORDS; i++)
        top(m).req_i[i] = req[i];
}

void eval(void *m) { static_cast<gx_analyzer_rtl *>(m)->vl.eval(); }
int req_ready(const void *m) { return top(m).req_ready_o; }
int resp_valid(const void *m) { return top(m).resp_valid_o; }

void resp(const void *m, uint32_t *w)
{
    for (unsigned i = 0; i < GX_AN_RESP_WORDS; i++)
        w[i] = top(m).resp_o[i];
}

void tick(void *m) { static_cast<gx_analyzer_rtl *>(m)->vl.tick(); }
int failed(const void *m) { return static_cast<const gx_analyzer_rtl *>(m)->vl.failed(); }

}  // namespace

extern "C" const tb_dut_ops_t gx_analyzer_rtl_ops = {
    GX_AN_REQ_WORDS, GX_AN_RESP_WORDS, set, eval, req_ready, resp_valid, resp, tick, failed,
};

extern "C" gx_analyzer_rtl_t *gx_analyzer_rtl_new(const char *fst_path)
{
    return new gx_analyzer_rtl(fst_path);
}

extern "C" void gx_analyzer_rtl_free(gx_analyzer_rtl_t *m, const char *cov_path)
{
    m->vl.finish(cov_path);
    delete m;
}
