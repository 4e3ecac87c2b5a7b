// pipe_pix_rtl: the thin C++ shim between Verilator's Vgx_pipe_pix and the C harness: its
// port mapping; the rest is gx::VlModel.
#include "pipe_pix_rtl.h"

#include "Vgx_pipe_pix.h"
#include "vl_model.h"

struct gx_pipe_pix_rtl {
    gx::VlModel<Vgx_pipe_pix> vl;
    explicit gx_pipe_pix_rtl(const char *fst_path)
        : vl("gx_pipe_pix", fst_path, [](Vgx_pipe_pix &t) {
              t.col_valid_i = 0;
              t.grp_valid_i = 0;
              t.raster_idle_i = 0;
              t.st_ready_i = 0;
          })
    {
    }
};

extern "C" gx_pipe_pix_rtl_t *gx_pipe_pix_rtl_new(const char *fst_path)
{
    return new gx_pipe_pix_rtl(fst_path);
}

extern "C" void gx_pipe_pix_rtl_free(gx_pipe_pix_rtl_t *m, const char *cov_path)
{
    m->vl.finish(cov_path);
    delete m;
}

extern "C" void gx_pipe_pix_rtl_set(gx_pipe_pix_rtl_t *m, const gx_pipe_pix_rtl_in_t *in)
{
    Vgx_pipe_pix &t = *m->vl.top;
    t.col_valid_i = in->col_valid ? 1 : 0;
    for (unsigned i = 0; i < 4; i++)
        t.col_i[i] = (uint32_t)in->col[4 * i] | (uint32_t)in->col[4 * i + 1] << 8 |
                     (uint32_t)in->col[4 * i + 2] << 16 | (uint32_t)in->col[4 * i + 3] << 24;
    t.grp_valid_i = in->grp_valid ? 1 : 0;
    for (unsigned i = 0; i < GX_RS_QGROUP_WORDS; i++)
        t.grp_i[i] = in->grp[i];
    t.raster_idle_i = in->raster_idle ? 1 : 0;
    t.st_ready_i = in->st_ready ? 1 : 0;
    m->vl.eval();
}

extern "C" void gx_pipe_pix_rtl_get(const gx_pipe_pix_rtl_t *m, gx_pipe_pix_rtl_out_t *out)
{
    const Vgx_pipe_pix &t = *m->vl.top;
    out->col_ready = t.col_ready_o;
    out->col_tag = t.col_tag_o;
    out->grp_ready = t.grp_ready_o;
    out->st_valid = t.st_valid_o;
    if (out->st_valid)
        for (unsigned i = 0; i < GX_MS_CMD_WORDS; i++)
            out->st[i] = t.st_o[i];
    out->idle = t.idle_o;
}

extern "C" void gx_pipe_pix_rtl_tick(gx_pipe_pix_rtl_t *m) { m->vl.tick(); }
extern "C" int gx_pipe_pix_rtl_failed(const gx_pipe_pix_rtl_t *m) { return m->vl.failed(); }
