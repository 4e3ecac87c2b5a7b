/* bench_zsample: throughput of gx_zsample (Verilated RTL, no stalls): draws per clock
 * (16 samples a clock: a draw into a raw tile every 4 clocks, into a tile of p planes
 * every 4 (p + 1), a clear tile's every 8) on the tiles of random triangles at 4x with
 * the default pattern, into raw, clear and 1-, 2- and 4-plane tiles, and simulated clock
 * cycles per CPU-second of the fast Verilated model (build/vl-fast: assertions only). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/zrop.h"
#include "tb.h"
#include "zsample_rtl.h"

#define TILES 20000u

/* One scene: TILES draws of random triangles' tile planes into tiles of the given state
 * (planes: np random planes of other triangles, random indices). */
static int scene(const char *name, gx_zrop_tstate_t state, unsigned np)
{
    gx_zsample_req_t *q = calloc(TILES, sizeof *q);
    gx_zsample_resp_t *out = calloc(TILES, sizeof *out);
    if (!q || !out)
        return 1;
    tb_rng_t r;
    tb_rng_seed(&r, 2025);
    gx_rs_table_t t;
    gx_raster_default_table(4, &t);
    for (unsigned i = 0; i < TILES; i++) {
        const int32_t tx = (int32_t)(tb_rng_below(&r, 1920) & ~3u);
        const int32_t ty = (int32_t)(tb_rng_below(&r, 1080) & ~3u);
        for (unsigned j = 0; j <= np; j++) {
            gx_rs_tri_t tri;
            uint32_t z[3];
            tb_bench_tri(&r, tri.x, tri.y, z);
            gx_zrop_plane_t p;
            gx_zrop_plane(&tri, z, &p);
            gx_zrop_tile_plane(&p, tx, ty, 4, 4, j < np ? &q[i].tile.pl[j] : &q[i].tp);
        }
        q[i].nlog = 2;
        q[i].qset = (unsigned)((tx >> 1) + (ty >> 1)) & 3u;
        q[i].func = GX_Z_LESS;
        memcpy(q[i].slots, t.slot, sizeof q[i].slots);
        q[i].cov = tb_rng_u64(&r);
        q[i].clear = GX_Z_MAX;
        q[i].tile.state = state;
        q[i].tile.nplanes = (uint8_t)np;
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
            if (state == GX_ZT_RAW)
                q[i].tile.z[k] = tb_rng_below(&r, GX_Z_MAX + 1u);
            if (state == GX_ZT_PLANES)
                q[i].tile.idx[k] = (uint8_t)tb_rng_below(&r, np);
        }
    }
    void *m = gx_zsample_rtl_new(NULL);
    uint64_t got;
    double t0 = tb_cpu_seconds();
    uint64_t cycles = gx_zsample_rtl_run(m, q, out, TILES, NULL, 0, 0, &got);
    double dt = tb_cpu_seconds() - t0;
    gx_zsample_rtl_free(m, NULL);
    free(q);
    free(out);
    if (!cycles || got != TILES) {
        fprintf(stderr, "bench_zsample: the RTL stopped\n");
        return 1;
    }
    tb_bench_stream_table("zsample", "draws", name, TILES, cycles, dt);
    printf("\n%.2f samples tested a clock (64 a draw)\n\n", 64.0 * TILES / (double)cycles);
    return 0;
}

int main(void)
{
    return scene("random 1920x1080, 4x, raw tiles", GX_ZT_RAW, 0) ||
           scene("random 1920x1080, 4x, clear tiles", GX_ZT_CLEAR, 0) ||
           scene("random 1920x1080, 4x, 1-plane tiles", GX_ZT_PLANES, 1) ||
           scene("random 1920x1080, 4x, 2-plane tiles", GX_ZT_PLANES, 2) ||
           scene("random 1920x1080, 4x, 4-plane tiles", GX_ZT_PLANES, 4);
}
