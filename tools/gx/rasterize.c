/* gx_rasterize: the setup unit and rasterizer on either engine (see gx.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx.h"
#include "gx/raster.h"
#include "raster_rtl.h"
#include "raster_setup_rtl.h"

typedef struct cm_ctx {
    gx_tri_quad_fn emit;
    void *ctx;
    size_t t;
} cm_ctx_t;

static void cm_emit(void *ctx, const gx_rs_quad_t *quad)
{
    cm_ctx_t *c = ctx;
    c->emit(c->ctx, c->t, quad);
}

static int rasterize_cmodel(const gx_rs_cfg_t *cfg, const gx_rs_tri_t *tri,
                            const gx_rs_table_t *const *table, size_t n, size_t chunk,
                            gx_tri_quad_fn emit, void *ctx,
                            void (*progress)(size_t done, size_t n))
{
    cm_ctx_t c = {emit, ctx, 0};
    for (size_t i = 0; i < n; i++) {
        gx_rs_setup_t s;
        gx_raster_setup(cfg, &tri[i], &s);
        c.t = i;
        gx_raster_tri(cfg, table[i], &s, cm_emit, &c);
        if (progress && ((i + 1) % chunk == 0 || i + 1 == n))
            progress(i + 1, n);
    }
    return 0;
}

/* One chunk [t0, t1) through the RTL models. */
static int rtl_chunk(void *setup_m, void *rast_m, const gx_rs_cfg_t *cfg,
                     const gx_rs_tri_t *tri, const gx_rs_table_t *const *table,
                     gx_rs_table_t *prev, size_t t0, size_t t1, gx_tri_quad_fn emit,
                     void *ctx, uint64_t *clocks)
{
    size_t n = t1 - t0;
    int status = 1;
    gx_rs_cfg_t *cf = calloc(n, sizeof *cf);
    gx_rs_setup_t *su = calloc(n, sizeof *su);
    gx_rs_cmd_t *cmd = calloc(2 * n, sizeof *cmd);
    gx_rs_group_t *grp = NULL;
    if (!cf || !su || !cmd) {
        fprintf(stderr, "gx: out of memory\n");
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        cf[i] = *cfg;
    uint64_t got = 0;
    uint64_t cycles = gx_raster_setup_rtl_run(setup_m, cf, tri + t0, su, n, NULL, 0, 0, &got);
    if (!cycles || got != n) {
        fprintf(stderr, "gx: the RTL stopped (setup unit)\n");
        goto out;
    }
    size_t nc = 0;
    uint64_t bound = 0;
    for (size_t i = 0; i < n; i++) {
        if (memcmp(prev, table[t0 + i], sizeof *prev) != 0) {
            cmd[nc++].table = table[t0 + i];
            *prev = *table[t0 + i];
        }
        cmd[nc].cfg = *cfg;
        cmd[nc].setup = su[i];
        cmd[nc].tag = (uint16_t)(t0 + i);
        nc++;
        /* at most every group of every visited coarse tile */
        if (su[i].px0 <= su[i].px1)
            bound += (uint64_t)((su[i].px1 >> 4) - (su[i].px0 >> 4) + 1) *
                     (uint64_t)((su[i].py1 >> 4) - (su[i].py0 >> 4) + 1) * 16;
    }
    grp = calloc(bound + 1, sizeof *grp);
    if (!grp) {
        fprintf(stderr, "gx: out of memory\n");
        goto out;
    }
    cycles = gx_raster_rtl_run(rast_m, cmd, nc, grp, bound + 1, NULL, 0, 0, &got);
    if (!cycles || got > bound) {
        fprintf(stderr, "gx: the RTL stopped (rasterizer)\n");
        goto out;
    }
    if (clocks)
        *clocks += cycles;
    size_t ti = t0;
    for (uint64_t g = 0; g < got; g++) {
        while (ti < t1 && (uint16_t)ti != grp[g].tag)
            ti++;
        if (ti == t1) {
            fprintf(stderr, "gx: the RTL returned a group with an unexpected tag %u\n",
                    grp[g].tag);
            goto out;
        }
        for (unsigned l = 0; l < GX_RASTER_LANES; l++) {
            if (!((grp[g].valid >> l) & 1u))
                continue;
            gx_rs_quad_t q;
            q.qx = (uint16_t)(grp[g].qx + l);
            q.qy = grp[g].qy;
            memcpy(q.mask, grp[g].mask[l], sizeof q.mask);
            emit(ctx, ti, &q);
        }
    }
    status = 0;
out:
    free(cf);
    free(su);
    free(cmd);
    free(grp);
    return status;
}

int gx_rasterize(gx_engine_t engine, const gx_rs_cfg_t *cfg, const gx_rs_tri_t *tri,
                 const gx_rs_table_t *const *table, size_t n, size_t chunk,
                 gx_tri_quad_fn emit, void *ctx, void (*progress)(size_t done, size_t n),
                 uint64_t *clocks)
{
    if (clocks)
        *clocks = 0;
    if (chunk == 0)
        chunk = 1;
    if (engine == GX_ENGINE_CMODEL)
        return rasterize_cmodel(cfg, tri, table, n, chunk, emit, ctx, progress);
    void *setup_m = gx_raster_setup_rtl_new(NULL), *rast_m = gx_raster_rtl_new(NULL);
    gx_rs_table_t prev;
    gx_raster_default_table(cfg->samples, &prev);
    int status = 0;
    for (size_t t0 = 0; t0 < n && !status; t0 += chunk) {
        size_t t1 = n - t0 < chunk ? n : t0 + chunk;
        status = rtl_chunk(setup_m, rast_m, cfg, tri, table, &prev, t0, t1, emit, ctx, clocks);
        if (!status && progress)
            progress(t1, n);
    }
    gx_raster_setup_rtl_free(setup_m, NULL);
    gx_raster_rtl_free(rast_m, NULL);
    return status;
}
