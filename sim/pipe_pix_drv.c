/* pipe_pix_drv: gx_pipe's command decoder and rasterizer played around gx_pipe_pix, one
 * clock at a time (pipe_pix_rtl.h). */
#include <string.h>

#include "pipe_pix_rtl.h"

int gx_pipe_pix_env_done(const gx_pipe_pix_env_t *e)
{
    return e->d == e->ntri && e->r == e->ntri;
}

/* The rasterizer passes the triangles it is done with: those whose groups were all taken
 * (none for a triangle without groups), once they reached it. */
static void raster_advance(gx_pipe_pix_env_t *e, tb_rng_t *rng)
{
    while (e->r < e->d && e->g == e->gfirst[e->r + 1] && e->now >= e->avail) {
        e->r++;
        if (e->r < e->d)
            e->avail = e->taken_at[e->r] + 1 + (e->lat_max ? tb_rng_below(rng, e->lat_max + 1) : 0);
    }
}

void gx_pipe_pix_env_step(gx_pipe_pix_env_t *e, gx_pipe_pix_rtl_t *m, tb_rng_t *rng,
                          gx_pipe_pix_step_t *s)
{
    memset(s, 0, sizeof *s);
    if (e->phase && e->now % e->phase == 0) {
        e->scol = tb_stall_pick(rng);
        e->sgrp = tb_stall_pick(rng);
        e->sst = tb_stall_pick(rng);
    }
    /* decoder: the next color, held until taken */
    unsigned gap = e->scol.gap_pct > e->col_gap_min ? e->scol.gap_pct : e->col_gap_min;
    if (!e->col_v && e->d < e->ntri && !tb_rng_pct(rng, gap))
        e->col_v = 1;
    s->in.col_valid = e->col_v;
    s->col_tri = e->d;
    if (e->col_v)
        memcpy(s->in.col, e->color[e->d], GX_PIPE_PIX_COLOR_BYTES);
    /* rasterizer: triangle r's next group, once r has reached it */
    raster_advance(e, rng);
    if (!e->grp_v && e->r < e->d && e->now >= e->avail && e->g < e->gfirst[e->r + 1] &&
        !tb_rng_pct(rng, e->sgrp.gap_pct))
        e->grp_v = 1;
    s->in.grp_valid = e->grp_v;
    s->grp_idx = e->g;
    if (e->grp_v) {
        gx_rs_group_t g = e->grp[e->g];
        g.tag = (uint16_t)(e->tag_base + e->r);
        gx_pipe_pix_group_pack(&g, s->in.grp);
    }
    /* idle: every triangle taken in an earlier clock is done, no group offered */
    s->in.raster_idle = e->r == e->d && !e->grp_v && tb_rng_pct(rng, e->idle_pct);
    s->in.st_ready = !tb_rng_pct(rng, e->sst.stall_pct);

    gx_pipe_pix_rtl_set(m, &s->in);
    gx_pipe_pix_rtl_get(m, &s->out);
    s->col_take = s->in.col_valid && s->out.col_ready;
    s->grp_take = s->in.grp_valid && s->out.grp_ready;
    s->st_take = s->out.st_valid && s->in.st_ready;
    if (s->col_take) {
        e->taken_at[e->d] = e->now;
        if (e->d == e->r)  /* the rasterizer was waiting for it */
            e->avail = e->now + 1 + (e->lat_max ? tb_rng_below(rng, e->lat_max + 1) : 0);
        e->d++;
        e->col_v = 0;
    }
    if (s->grp_take) {
        e->g++;
        e->grp_v = 0;
    }
    gx_pipe_pix_rtl_tick(m);
    e->now++;
}
