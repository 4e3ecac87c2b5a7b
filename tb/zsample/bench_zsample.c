/* bench_zsample: throughput of gx_zsample (Verilated RTL, no stalls): depth tiles per
 * clock (16 samples a clock is a tile every 4 clocks) on the tiles of random triangles
 * at 4x with the default pattern, and simulated clock cycles per CPU-second of the fast
 * Verilated model (build/vl-fast: assertions only). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/zrop.h"
#include "tb.h"
#include "zsample_rtl.h"

#define TILES 50000u

int main(void)
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
        gx_rs_tri_t tri;
        uint32_t z[3];
        for (int k = 0; k < 3; k++) {
            tri.x[k] = (int32_t)tb_rng_below(&r, 1920 * 256);
            tri.y[k] = (int32_t)tb_rng_below(&r, 1080 * 256);
            z[k] = tb_rng_below(&r, GX_Z_MAX + 1u);
        }
        gx_zrop_plane_t p;
        gx_zrop_plane(&tri, z, &p);
        const int32_t tx = (int32_t)(tb_rng_below(&r, 1920) & ~3u);
        const int32_t ty = (int32_t)(tb_rng_below(&r, 1080) & ~3u);
        gx_zrop_tile_plane(&p, tx, ty, 4, 4, &q[i].tp);
        q[i].nlog = 2;
        q[i].qset = (unsigned)((tx >> 1) + (ty >> 1)) & 3u;
        q[i].func = GX_Z_LESS;
        memcpy(q[i].slots, t.slot, sizeof q[i].slots);
        q[i].cov = tb_rng_u64(&r);
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
            q[i].zold[k] = tb_rng_below(&r, GX_Z_MAX + 1u);
    }
    void *m = gx_zsample_rtl_new(NULL);
    uint64_t got;
    double t0 = tb_cpu_seconds();
    uint64_t cycles = gx_zsample_rtl_run(m, q, out, TILES, NULL, 0, 0, &got);
    double dt = tb_cpu_seconds() - t0;
    gx_zsample_rtl_free(m, NULL);
    if (!cycles || got != TILES) {
        fprintf(stderr, "bench_zsample: the RTL stopped\n");
        return 1;
    }
    tb_bench_stream_table("zsample", "tiles", "random 1920x1080, 4x", TILES, cycles, dt);
    printf("\n%.2f samples a clock (64 a tile)\n", 64.0 * TILES / (double)cycles);
    free(q);
    free(out);
    return 0;
}
