/* Tiled rendering: binning, cache-tile batches and the tiled barrier (gx/tiled.h). */
#include "gx/tiled.h"

#include <stdlib.h>
#include <string.h>

#include "gx/defs.h"

gx_tiler_t *gx_tiler_new(const gx_tiler_cfg_t *cfg, gx_tiler_emit_fn emit, void *ctx,
                         const char **err)
{
    const char *why = NULL;
    if (cfg->width < 1 || cfg->width > GX_MAX_VIEWPORT || cfg->height < 1 ||
        cfg->height > GX_MAX_VIEWPORT)
        why = "target size out of range 1..8192";
    else if (cfg->ct != 16 && cfg->ct != 32 && cfg->ct != 64)
        why = "cache tile must be 16, 32 or 64 pixels";
    else if (cfg->pipes != 1 && cfg->pipes != 2 && cfg->pipes != 4)
        why = "pipelines must be 1, 2 or 4";
    else if (cfg->cap < 1)
        why = "bin memory must hold at least one reference";
    else if (!emit)
        why = "no command sink";
    if (why) {
        if (err)
            *err = why;
        return NULL;
    }
    gx_tiler_t *t = calloc(1, sizeof *t);
    const uint32_t tx = (cfg->width + cfg->ct - 1) / cfg->ct;
    const uint32_t ty = (cfg->height + cfg->ct - 1) / cfg->ct, tiles = tx * ty;
    if (t) {
        t->ref = malloc(cfg->cap * sizeof *t->ref);
        t->ref_tile = malloc(cfg->cap * sizeof *t->ref_tile);
        t->start = malloc(((size_t)tiles + 1) * sizeof *t->start);
        t->order = malloc(cfg->cap * sizeof *t->order);
    }
    if (!t || !t->ref || !t->ref_tile || !t->start || !t->order) {
        gx_tiler_free(t);
        if (err)
            *err = "out of memory";
        return NULL;
    }
    t->cfg = *cfg;
    t->tiles_x = tx;
    t->tiles_y = ty;
    t->emit = emit;
    t->ctx = ctx;
    return t;
}

void gx_tiler_free(gx_tiler_t *t)
{
    if (!t)
        return;
    free(t->ref);
    free(t->ref_tile);
    free(t->start);
    free(t->order);
    free(t);
}

/* Replay the bins held: every tile in row order, every pipeline, the tile's triangles in
 * submission order (the references' arrival order), then the batch's end. */
static void flush(gx_tiler_t *t, int last)
{
    const uint32_t tiles = t->tiles_x * t->tiles_y;
    uint32_t *start = t->start, *order = t->order;
    memset(start, 0, ((size_t)tiles + 1) * sizeof *start);
    for (uint32_t i = 0; i < t->nref; i++)
        start[t->ref_tile[i] + 1]++;
    for (uint32_t k = 0; k < tiles; k++)
        start[k + 1] += start[k];
    for (uint32_t i = 0; i < t->nref; i++)
        order[start[t->ref_tile[i]]++] = t->ref[i];
    /* start[k] is now the end of tile k's run; its beginning is start[k - 1] (0 for k = 0) */
    for (uint32_t k = 0; k < tiles; k++) {
        const uint32_t b = k ? start[k - 1] : 0, e = start[k];
        for (uint32_t p = 0; p < t->cfg.pipes; p++) {
            gx_tcmd_t c = {GX_TC_TRI, k, 0};
            for (uint32_t i = b; i < e; i++) {
                c.tri = order[i];
                t->emit(t->ctx, p, &c);
            }
            c.tri = 0;
            c.op = GX_TC_BARRIER;
            t->emit(t->ctx, p, &c);
            if (last) {
                c.op = GX_TC_RESOLVE;
                t->emit(t->ctx, p, &c);
                c.op = GX_TC_INVALIDATE;
            } else {
                c.op = GX_TC_WRITEBACK;
            }
            t->emit(t->ctx, p, &c);
        }
    }
    t->nref = 0;
    t->flushes++;
}

uint32_t gx_tiler_add(gx_tiler_t *t, uint32_t tri, int32_t px0, int32_t py0, int32_t px1,
                      int32_t py1)
{
    if (px0 < 0)
        px0 = 0;
    if (py0 < 0)
        py0 = 0;
    if (px1 > (int32_t)t->cfg.width - 1)
        px1 = (int32_t)t->cfg.width - 1;
    if (py1 > (int32_t)t->cfg.height - 1)
        py1 = (int32_t)t->cfg.height - 1;
    if (px0 > px1 || py0 > py1)
        return 0;
    const uint32_t ct = t->cfg.ct;
    const uint32_t tx0 = (uint32_t)px0 / ct, tx1 = (uint32_t)px1 / ct;
    const uint32_t ty0 = (uint32_t)py0 / ct, ty1 = (uint32_t)py1 / ct;
    const uint32_t n = (tx1 - tx0 + 1) * (ty1 - ty0 + 1);
    if (t->nref + n > t->cfg.cap && t->nref) {
        t->overflows++;
        flush(t, 0);
    }
    for (uint32_t ty = ty0; ty <= ty1; ty++)
        for (uint32_t tx = tx0; tx <= tx1; tx++) {
            if (t->nref == t->cfg.cap) { /* one triangle wider than the bin memory */
                t->overflows++;
                flush(t, 0);
            }
            t->ref[t->nref] = tri;
            t->ref_tile[t->nref] = ty * t->tiles_x + tx;
            t->nref++;
        }
    t->refs += n;
    return n;
}

void gx_tiler_finish(gx_tiler_t *t)
{
    flush(t, 1);
}

uint64_t gx_tiler_fine_mask(const gx_tiler_cfg_t *cfg, uint32_t p)
{
    const uint32_t f = cfg->ct / GX_TILED_FINE;
    uint64_t m = 0;
    for (uint32_t j = 0; j < f; j++)
        for (uint32_t i = 0; i < f; i++)
            if ((i + 2 * j) % cfg->pipes == p)
                m |= 1ull << (i + f * j);
    return m;
}

void gx_tbar_init(gx_tbarrier_t *b, uint32_t pipes)
{
    memset(b, 0, sizeof *b);
    b->pipes = pipes;
}

int gx_tbar_arrive(gx_tbarrier_t *b, uint32_t p)
{
    if (b->flag[p])
        return 0;
    b->flag[p] = 1;
    return 1;
}

int gx_tbar_count(gx_tbarrier_t *b, uint32_t p)
{
    if (!b->flag[p] || b->counted[p])
        return -1;
    b->counted[p] = 1;
    if (++b->count < b->pipes)
        return 0;
    memset(b->flag, 0, sizeof b->flag);
    memset(b->counted, 0, sizeof b->counted);
    b->count = 0;
    b->releases++;
    return 1;
}

int gx_tbar_held(const gx_tbarrier_t *b, uint32_t p)
{
    return b->flag[p];
}
