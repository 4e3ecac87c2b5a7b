/* A tiled frame: tiled mode's chained C model (gx/tframe.h). */
#include "gx/tframe.h"

#include <stdlib.h>
#include <string.h>

#include "gx/msmem.h"
#include "gx/resolve.h"

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

/* Ranges io of the surface through the cache: a read compared with the surface's bytes, a
 * write of the surface's (new) bytes. */
static void through_cache(gx_tframe_t *f, const gx_msmem_io_t *io, int write)
{
    uint8_t buf[GX_MS_TILE_BYTES];
    for (unsigned i = 0; i < io->n; i++) {
        const gx_msmem_range_t *r = &io->r[i];
        for (uint32_t k = 0; k < r->len; k++)
            buf[k] = gx_msmem_peek(&f->pipe.mem, r->addr + k);
        if (write) {
            gx_scache_write(f->cache, r->addr, r->len, buf);
        } else {
            uint8_t got[GX_MS_TILE_BYTES];
            gx_scache_read(f->cache, r->addr, r->len, got);
            for (uint32_t k = 0; k < r->len; k++)
                f->stat.mismatch += got[k] != buf[k];
        }
    }
}

static void on_mem(void *ctx, const gx_pipe_mem_op_t *op)
{
    gx_tframe_t *f = ctx;
    if (!op->write || op->ok)
        through_cache(f, &op->io, op->write);
}

static void on_tcmd(void *ctx, uint32_t pipe, const gx_tcmd_t *cmd);

int gx_tframe_init(gx_tframe_t *f, const gx_tframe_cfg_t *cfg, const char **err)
{
    memset(f, 0, sizeof *f);
    f->cfg = *cfg;
    const char *why = gx_pipe_cfg_check(&cfg->pipe);
    if (!why && cfg->pipe.bps != GX_BPS4)
        why = "tiled mode resolves RGBA8 surfaces only (B = 4)";
    if (why) {
        *err = why;
        return -1;
    }
    if (gx_pipe_init(&f->pipe, &cfg->pipe) != GX_PIPE_INIT_OK) {
        *err = "out of memory";
        return -1;
    }
    gx_pipe_set_mem_hook(&f->pipe, on_mem, f);
    const gx_pipe_cfg_t *pc = &cfg->pipe;
    const uint64_t tiles = f->pipe.mem.tiles;
    uint64_t end = pc->surf_base + 256 * tiles;
    end = end > pc->index_base + 32 * tiles ? end : pc->index_base + 32 * tiles;
    end = end > pc->state_base + tiles ? end : pc->state_base + tiles;
    f->image_base = (end + 255) & ~255ull;
    f->dram_size = f->image_base + (((uint64_t)4 * pc->width * pc->height + 31) & ~31ull);
    gx_scache_cfg_t sc;
    memset(&sc, 0, sizeof sc);
    sc.ms = f->pipe.ms;
    sc.ct = cfg->ct;
    sc.ways = cfg->ways;
    sc.surf_base = pc->surf_base;
    sc.index_base = pc->index_base;
    sc.state_base = pc->state_base;
    sc.sets = cfg->sets ? cfg->sets : gx_scache_tile_lines(&sc);
    const gx_sc_mem_ops_t ops = {dram_read, dram_write, f};
    gx_tiler_cfg_t tc = {pc->width, pc->height, cfg->ct, 1, cfg->cap};
    f->dram = calloc(f->dram_size, 1); /* the host's clear */
    if (!f->dram) {
        *err = "out of memory";
        gx_tframe_free(f);
        return -1;
    }
    const char *e = NULL;
    if (!(f->cache = gx_scache_new(&sc, &ops, &e)) ||
        !(f->tiler = gx_tiler_new(&tc, on_tcmd, f, &e))) {
        *err = e ? e : "out of memory";
        gx_tframe_free(f);
        return -1;
    }
    f->tile_buf = malloc((size_t)GX_MS_TILE_BYTES * f->cache->ctx * f->cache->cty);
    if (!f->tile_buf) {
        *err = "out of memory";
        gx_tframe_free(f);
        return -1;
    }
    return 0;
}

void gx_tframe_free(gx_tframe_t *f)
{
    gx_pipe_free(&f->pipe);
    gx_tiler_free(f->tiler);
    gx_scache_free(f->cache);
    free(f->dram);
    free(f->tri);
    free(f->tile_buf);
    f->tiler = NULL;
    f->cache = NULL;
    f->dram = NULL;
    f->tri = NULL;
    f->tile_buf = NULL;
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
    gx_raster_setup(&f->pipe.rs, &tri, &s);
    if (gx_tiler_add(f->tiler, f->ntri++, s.px0, s.py0, s.px1, s.py1))
        f->stat.records++;
    return f->oom ? -1 : 0;
}

/* AA_RESOLVE's reads: pixel (x, y)'s samples from the cache tile's decoded surface tiles. */
typedef struct rctx {
    gx_tframe_t *f;
    uint32_t tx0, ty0; /* the cache tile's first surface tile */
} rctx_t;

static void resolve_px(void *ctx, uint32_t x, uint32_t y, uint8_t *s)
{
    const rctx_t *r = ctx;
    const gx_scache_t *c = r->f->cache;
    const unsigned n = 2u << r->f->pipe.ms.spp;
    const uint32_t tx = (x >> c->twlog) - r->tx0, ty = (y >> c->thlog) - r->ty0;
    unsigned p;
    (void)gx_mssurf_pixel_tile(&r->f->pipe.ms, x, y, &p);
    memcpy(s, r->f->tile_buf + (size_t)GX_MS_TILE_BYTES * (ty * c->ctx + tx) + 4 * n * p,
           4 * n);
}

static void resolve(gx_tframe_t *f, uint32_t ct_index)
{
    const gx_scache_t *c = f->cache;
    const gx_pipe_cfg_t *pc = &f->cfg.pipe;
    const uint32_t cx = ct_index % c->ctiles_x, cy = ct_index / c->ctiles_x;
    rctx_t r = {f, cx * c->ctx, cy * c->cty};
    const uint32_t rows = c->tiles / c->tiles_x;
    for (uint32_t ty = r.ty0; ty < r.ty0 + c->cty && ty < rows; ty++)
        for (uint32_t tx = r.tx0; tx < r.tx0 + c->ctx && tx < c->tiles_x; tx++) {
            const uint32_t t = ty * c->tiles_x + tx;
            gx_enc_t enc;
            gx_msmem_io_t io;
            const gx_msmem_cnt_t keep = f->pipe.mem.cnt; /* not gx_pipe's transaction */
            (void)gx_msmem_read(&f->pipe.mem, t, gx_mssurf_tile_valid(&f->pipe.ms, t),
                                f->tile_buf + (size_t)GX_MS_TILE_BYTES *
                                                  ((ty - r.ty0) * c->ctx + tx - r.tx0),
                                &enc, &io);
            f->pipe.mem.cnt = keep;
            through_cache(f, &io, 0);
        }
    const uint32_t x0 = cx * f->cfg.ct, y0 = cy * f->cfg.ct;
    const uint32_t x1 = x0 + f->cfg.ct < pc->width ? x0 + f->cfg.ct : pc->width;
    const uint32_t y1 = y0 + f->cfg.ct < pc->height ? y0 + f->cfg.ct : pc->height;
    uint8_t *out = malloc((size_t)4 * f->cfg.ct * f->cfg.ct);
    if (!out) {
        f->oom = 1;
        return;
    }
    gx_resolve_rect(GX_RF_BOX, 2u << f->pipe.ms.spp, pc->width, pc->height, x0, y0, x1, y1,
                    resolve_px, &r, out, 4 * (size_t)f->cfg.ct);
    for (uint32_t y = y0; y < y1; y++)
        gx_scache_write(f->cache, f->image_base + 4 * ((uint64_t)y * pc->width + x0),
                        4 * (x1 - x0), out + (size_t)(y - y0) * 4 * f->cfg.ct);
    free(out);
}

static void send(gx_tframe_t *f, const gx_pipe_cmd_t *c)
{
    if (gx_pipe_send(&f->pipe, c) < 0)
        f->oom = 1;
}

static void on_tcmd(void *ctx, uint32_t pipe, const gx_tcmd_t *cmd)
{
    gx_tframe_t *f = ctx;
    const gx_scache_t *c = f->cache;
    const uint32_t cx = cmd->tile % c->ctiles_x, cy = cmd->tile / c->ctiles_x;
    const int32_t ct = (int32_t)f->cfg.ct;
    gx_pipe_cmd_t flush;
    (void)pipe;
    switch (cmd->op) {
    case GX_TC_TRI:
        gx_pipe_set_scissor(&f->pipe, 1, (int32_t)cx * ct, (int32_t)cy * ct,
                            (int32_t)(cx + 1) * ct - 1, (int32_t)(cy + 1) * ct - 1);
        send(f, &f->tri[cmd->tri]);
        f->stat.replays++;
        break;
    case GX_TC_BARRIER:
        memset(&flush, 0, sizeof flush);
        flush.kind = GX_CMDFLUSH;
        send(f, &flush);
        f->stat.batches++;
        break;
    case GX_TC_RESOLVE:
        resolve(f, cmd->tile);
        break;
    case GX_TC_INVALIDATE:
        gx_scache_invalidate(f->cache, cx * c->ctx, cy * c->cty, (cx + 1) * c->ctx,
                             (cy + 1) * c->cty);
        break;
    case GX_TC_WRITEBACK:
        gx_scache_writeback(f->cache, cx * c->ctx, cy * c->cty, (cx + 1) * c->ctx,
                            (cy + 1) * c->cty);
        break;
    }
}

int gx_tframe_finish(gx_tframe_t *f)
{
    gx_tiler_finish(f->tiler);
    gx_pipe_set_scissor(&f->pipe, 0, 0, 0, 0, 0);
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
