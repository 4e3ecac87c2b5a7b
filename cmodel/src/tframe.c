/* A tiled frame: tiled mode's chained C model (gx/tframe.h). */
#include "gx/tframe.h"

#include <stdlib.h>
#include <string.h>

#include "gx/msmem.h"

/* DRAM behind the sample cache. */
static void dram_read(void *ctx, uint64_t addr, uint8_t line[GX_SC_LINE])
{
    gx_tframe_t *f = ctx;
    memcpy(line, f->dram + addr, GX_SC_LINE);
    f->stat.dram_rd += GX_SC_LINE;
}

static void dram_write(void *ctx, uint64_t addr, const uint8_t line[GX_SC_LINE],
                       uint32_t strobe)
{
    gx_tframe_t *f = ctx;
    for (unsigned i = 0; i < GX_SC_LINE; i++)
        if (strobe >> i & 1) {
            f->dram[addr + i] = line[i];
            f->stat.dram_wr++;
        }
}

/* Ranges io of pipeline k's surface through the cache: a read compared with the surface's
 * bytes, a write of the surface's (new) bytes. */
static void through_cache(gx_tframe_t *f, unsigned k, const gx_msmem_io_t *io, int write)
{
    uint8_t buf[GX_MS_TILE_BYTES], got[GX_MS_TILE_BYTES];
    for (unsigned i = 0; i < io->n; i++) {
        const gx_msmem_range_t *r = &io->r[i];
        for (uint32_t b = 0; b < r->len; b++)
            buf[b] = gx_msmem_peek(&f->pipe[k].mem, r->addr + b);
        if (write) {
            gx_scache_write(f->cache, r->addr, r->len, buf);
        } else {
            gx_scache_read(f->cache, r->addr, r->len, got);
            for (uint32_t b = 0; b < r->len; b++)
                f->stat.mismatch += got[b] != buf[b];
        }
    }
}

static void on_mem(void *ctx, const gx_pipe_mem_op_t *op)
{
    const gx_tframe_hook_t *h = ctx;
    if (!op->write || op->ok)
        through_cache(h->f, h->k, &op->io, op->write);
}

/* The tiling unit's commands: queued per pipeline, run by run_queues. */
static void on_tcmd(void *ctx, uint32_t pipe, const gx_tcmd_t *cmd)
{
    gx_tframe_t *f = ctx;
    gx_tframe_q_t *q = &f->q[pipe];
    if (q->head + q->n == q->cap) {
        if (q->head) {
            memmove(q->c, q->c + q->head, q->n * sizeof *q->c);
            q->head = 0;
        } else {
            const size_t cap = q->cap ? 2 * q->cap : 4096;
            gx_tcmd_t *c = realloc(q->c, cap * sizeof *c);
            if (!c) {
                f->oom = 1;
                return;
            }
            q->c = c;
            q->cap = cap;
        }
    }
    q->c[q->head + q->n++] = *cmd;
}

int gx_tframe_init(gx_tframe_t *f, const gx_tframe_cfg_t *cfg, const char **err)
{
    memset(f, 0, sizeof *f);
    f->cfg = *cfg;
    const char *why = gx_pipe_cfg_check(&cfg->pipe);
    if (!why && cfg->pipe.bps != GX_BPS4)
        why = "tiled mode resolves RGBA8 surfaces only (B = 4)";
    if (!why && cfg->pipes != 1 && cfg->pipes != 2 && cfg->pipes != 4)
        why = "pipelines must be 1, 2 or 4";
    if (!why && cfg->filter != GX_RF_BOX && cfg->filter != GX_RF_TENT)
        why = "unknown filter";
    if (why) {
        *err = why;
        return -1;
    }
    for (unsigned k = 0; k < cfg->pipes; k++) {
        if (gx_pipe_init(&f->pipe[k], &cfg->pipe) != GX_PIPE_INIT_OK) {
            *err = "out of memory";
            gx_tframe_free(f);
            return -1;
        }
        f->hook[k].f = f;
        f->hook[k].k = k;
        gx_pipe_set_mem_hook(&f->pipe[k], on_mem, &f->hook[k]);
        gx_pipe_set_fine_owner(&f->pipe[k], cfg->pipes, k);
    }
    gx_tbar_init(&f->bar, cfg->pipes);
    const gx_pipe_cfg_t *pc = &cfg->pipe;
    const gx_pipe_t *p0 = &f->pipe[0];
    f->image_base = (p0->mem.hi + 255) & ~255ull; /* after the surface's highest region */
    f->dram_size = f->image_base + (((uint64_t)4 * pc->width * pc->height + 31) & ~31ull);
    gx_scache_cfg_t sc;
    memset(&sc, 0, sizeof sc);
    sc.ms = p0->ms;
    sc.ct = cfg->ct;
    sc.ways = cfg->ways;
    sc.surf_base = pc->surf_base;
    sc.index_base = pc->index_base;
    sc.state_base = pc->state_base;
    sc.sets = cfg->sets ? cfg->sets : 2 * gx_scache_tile_lines(&sc);
    const gx_sc_mem_ops_t ops = {dram_read, dram_write, f};
    gx_tiler_cfg_t tc = {pc->width, pc->height, cfg->ct, cfg->pipes, cfg->cap};
    const char *e = NULL;
    f->dram = calloc(f->dram_size, 1); /* the host's clear */
    if (f->dram && (f->cache = gx_scache_new(&sc, &ops, &e)) != NULL &&
        (f->tiler = gx_tiler_new(&tc, on_tcmd, f, &e)) != NULL) {
        const uint32_t n = gx_resolve_schedule(cfg->filter, pc->width, pc->height, cfg->ct,
                                               1u << f->cache->twlog, 1u << f->cache->thlog,
                                               NULL);
        f->steps = malloc(n * sizeof *f->steps);
        if (f->steps)
            gx_resolve_schedule(cfg->filter, pc->width, pc->height, cfg->ct,
                                1u << f->cache->twlog, 1u << f->cache->thlog, f->steps);
        f->tile_buf = malloc((size_t)GX_MS_TILE_BYTES * (f->cache->ctx + 2) *
                             (f->cache->cty + 2));
        f->out_buf = malloc((size_t)4 * cfg->ct * cfg->ct);
    }
    if (!f->dram || !f->cache || !f->tiler || !f->steps || !f->tile_buf || !f->out_buf) {
        *err = e ? e : "out of memory";
        gx_tframe_free(f);
        return -1;
    }
    return 0;
}

void gx_tframe_free(gx_tframe_t *f)
{
    for (unsigned k = 0; k < GX_TILED_MAX_PIPES; k++) {
        gx_pipe_free(&f->pipe[k]);
        free(f->q[k].c);
        f->q[k].c = NULL;
    }
    gx_tiler_free(f->tiler);
    gx_scache_free(f->cache);
    free(f->dram);
    free(f->tri);
    free(f->steps);
    free(f->tile_buf);
    free(f->out_buf);
    f->tiler = NULL;
    f->cache = NULL;
    f->dram = NULL;
    f->tri = NULL;
    f->steps = NULL;
    f->tile_buf = f->out_buf = NULL;
}

/* The surface-tile rectangle of the pixels [x0, x1) x [y0, y1), the partial tiles at its
 * ends included. */
static void tiles_of(const gx_tframe_t *f, const gx_rstep_t *s, uint32_t t[4])
{
    const gx_scache_t *c = f->cache;
    t[0] = s->x0 >> c->twlog;
    t[1] = s->y0 >> c->thlog;
    t[2] = (s->x1 + (1u << c->twlog) - 1) >> c->twlog;
    t[3] = (s->y1 + (1u << c->thlog) - 1) >> c->thlog;
}

/* AA_RESOLVE's reads: pixel (x, y)'s samples from the decoded surface tiles [tx0, tx1) x
 * [ty0, ty1) around the cache tile. */
typedef struct rctx {
    gx_tframe_t *f;
    uint32_t tx0, ty0, tw; /* the first surface tile, tiles a row of the buffer */
} rctx_t;

static void resolve_px(void *ctx, uint32_t x, uint32_t y, uint8_t *s)
{
    const rctx_t *r = ctx;
    const gx_scache_t *c = r->f->cache;
    const unsigned n = 2u << r->f->pipe[0].ms.spp;
    const uint32_t tx = (x >> c->twlog) - r->tx0, ty = (y >> c->thlog) - r->ty0;
    unsigned p;
    (void)gx_mssurf_pixel_tile(&r->f->pipe[0].ms, x, y, &p);
    memcpy(s, r->f->tile_buf + (size_t)GX_MS_TILE_BYTES * (ty * r->tw + tx) + 4 * n * p,
           4 * n);
}

/* The pipeline that owns surface tile (tx, ty): the owner of its fine tile. */
static unsigned owner(const gx_tframe_t *f, uint32_t tx, uint32_t ty)
{
    const gx_scache_t *c = f->cache;
    const uint32_t fx = (tx << c->twlog) / GX_TILED_FINE, fy = (ty << c->thlog) / GX_TILED_FINE;
    return (fx + 2 * fy) % f->cfg.pipes;
}

static void resolve(gx_tframe_t *f, uint32_t ct_index)
{
    const gx_scache_t *c = f->cache;
    const gx_pipe_cfg_t *pc = &f->cfg.pipe;
    const gx_rstep_t *s = &f->steps[3 * ct_index + 1];
    /* the pixels read: the rectangle, and for the tent its one-pixel ring */
    gx_rstep_t rd = *s;
    if (f->cfg.filter == GX_RF_TENT) {
        rd.x0 = rd.x0 ? rd.x0 - 1 : 0;
        rd.y0 = rd.y0 ? rd.y0 - 1 : 0;
        rd.x1 = rd.x1 < pc->width ? rd.x1 + 1 : rd.x1;
        rd.y1 = rd.y1 < pc->height ? rd.y1 + 1 : rd.y1;
    }
    uint32_t t[4];
    tiles_of(f, &rd, t);
    rctx_t r = {f, t[0], t[1], t[2] - t[0]};
    for (uint32_t ty = t[1]; ty < t[3]; ty++)
        for (uint32_t tx = t[0]; tx < t[2]; tx++) {
            const unsigned k = owner(f, tx, ty);
            gx_msmem_io_t io;
            gx_pipe_peek_tile(&f->pipe[k], ty * c->tiles_x + tx,
                              f->tile_buf + (size_t)GX_MS_TILE_BYTES *
                                                ((ty - t[1]) * r.tw + tx - t[0]),
                              NULL, &io);
            through_cache(f, k, &io, 0);
        }
    const uint32_t w = s->x1 - s->x0;
    gx_resolve_rect(f->cfg.filter, 2u << f->pipe[0].ms.spp, pc->width, pc->height, s->x0,
                    s->y0, s->x1, s->y1, resolve_px, &r, f->out_buf, 4 * (size_t)w);
    for (uint32_t y = s->y0; y < s->y1; y++)
        gx_scache_write(f->cache, f->image_base + 4 * ((uint64_t)y * pc->width + s->x0), 4 * w,
                        f->out_buf + (size_t)(y - s->y0) * 4 * w);
}

/* Command c of pipeline k. */
static void run_cmd(gx_tframe_t *f, unsigned k, const gx_tcmd_t *c)
{
    const gx_rstep_t *st = &f->steps[3 * c->tile];
    gx_pipe_cmd_t flush;
    uint32_t t[4];
    switch (c->op) {
    case GX_TC_TRI:
        /* the batch's render region (empty regions bin nothing) */
        gx_pipe_set_scissor(&f->pipe[k], 1, (int32_t)st[0].x0, (int32_t)st[0].y0,
                            (int32_t)st[0].x1 - 1, (int32_t)st[0].y1 - 1);
        if (gx_pipe_send(&f->pipe[k], &f->tri[c->tri]) < 0)
            f->oom = 1;
        f->stat.replays++;
        return;
    case GX_TC_BARRIER:
        memset(&flush, 0, sizeof flush);
        flush.kind = GX_CMDFLUSH;
        if (gx_pipe_send(&f->pipe[k], &flush) < 0)
            f->oom = 1;
        f->stat.batches++;
        /* the writes are complete in the cache when the flush returns: counted at once */
        gx_tbar_arrive(&f->bar, k);
        if (gx_tbar_count(&f->bar, k) == 1)
            f->stat.releases++;
        return;
    case GX_TC_RESOLVE:
        if (++f->tokens[0] == f->cfg.pipes) {
            f->tokens[0] = 0;
            resolve(f, c->tile);
        }
        return;
    case GX_TC_INVALIDATE:
    case GX_TC_WRITEBACK:
        if (++f->tokens[1] == f->cfg.pipes) {
            f->tokens[1] = 0;
            tiles_of(f, &st[c->op == GX_TC_INVALIDATE ? 2 : 0], t);
            if (c->op == GX_TC_INVALIDATE)
                gx_scache_invalidate(f->cache, t[0], t[1], t[2], t[3]);
            else
                gx_scache_writeback(f->cache, t[0], t[1], t[2], t[3]);
        }
        return;
    }
}

/* Every queued command, the pipelines round robin, `rate` commands a turn each; a
 * pipeline held at its barrier waits for the release. */
static void run_queues(gx_tframe_t *f)
{
    for (;;) {
        int any = 0;
        for (unsigned k = 0; k < f->cfg.pipes; k++) {
            gx_tframe_q_t *q = &f->q[k];
            const unsigned rate = f->cfg.rate[k] ? f->cfg.rate[k] : 1;
            for (unsigned i = 0; i < rate && q->n; i++) {
                if (gx_tbar_held(&f->bar, k)) {
                    f->stat.held++;
                    break;
                }
                const gx_tcmd_t c = q->c[q->head];
                q->head++;
                q->n--;
                run_cmd(f, k, &c);
                any = 1;
            }
        }
        if (!any)
            return;
    }
}

int gx_tframe_triangle(gx_tframe_t *f, const gx_pipe_cmd_t *cmd)
{
    if (f->ntri == f->cap_tri) {
        const uint32_t cap = f->cap_tri ? 2 * f->cap_tri : 1024;
        gx_pipe_cmd_t *t = realloc(f->tri, cap * sizeof *t);
        if (!t)
            return -1;
        f->tri = t;
        f->cap_tri = cap;
    }
    f->tri[f->ntri] = *cmd;
    gx_rs_tri_t tri;
    gx_rs_setup_t s;
    memcpy(tri.x, cmd->x, sizeof tri.x);
    memcpy(tri.y, cmd->y, sizeof tri.y);
    gx_raster_setup(&f->pipe[0].rs, &tri, &s);
    /* the tent bins by the render regions: the cache tiles moved forward by a surface tile,
     * the first row and column grown to the target's edge; so the box (within the target)
     * moves back, and a box inside the border strip goes to the first tile */
    const int32_t sx = f->cfg.filter == GX_RF_TENT ? 1 << f->cache->twlog : 0;
    const int32_t sy = f->cfg.filter == GX_RF_TENT ? 1 << f->cache->thlog : 0;
    if (s.px0 <= s.px1 && s.py0 <= s.py1) {
        s.px0 = s.px0 > sx ? s.px0 - sx : 0;
        s.px1 = s.px1 > sx ? s.px1 - sx : 0;
        s.py0 = s.py0 > sy ? s.py0 - sy : 0;
        s.py1 = s.py1 > sy ? s.py1 - sy : 0;
    }
    if (gx_tiler_add(f->tiler, f->ntri++, s.px0, s.py0, s.px1, s.py1))
        f->stat.records++;
    run_queues(f); /* a forced flush's batches */
    return f->oom ? -1 : 0;
}

int gx_tframe_finish(gx_tframe_t *f)
{
    gx_tiler_finish(f->tiler);
    run_queues(f);
    for (unsigned k = 0; k < f->cfg.pipes; k++)
        gx_pipe_set_scissor(&f->pipe[k], 0, 0, 0, 0, 0);
    gx_scache_flush(f->cache);
    f->stat.refs = f->tiler->refs;
    f->stat.flushes = f->tiler->flushes;
    f->stat.overflows = f->tiler->overflows;
    f->stat.bin_wr = GX_TFRAME_REC_BYTES * f->stat.records + 4 * f->stat.refs;
    f->stat.bin_rd = GX_TFRAME_REC_BYTES * f->stat.replays + 4 * f->stat.refs;
    return f->oom ? -1 : 0;
}

const uint8_t *gx_tframe_image(const gx_tframe_t *f)
{
    return f->dram + f->image_base;
}
