/* bench_ztplane: throughput of gx_ztplane (Verilated RTL, no stalls): tile planes per
 * clock for the depth tiles of random triangles' planes, and simulated clock cycles per
 * CPU-second of the fast Verilated model (build/vl-fast: assertions only). */
#include <stdio.h>
#include <stdlib.h>

#include "gx/zrop.h"
#include "tb.h"
#include "ztplane_rtl.h"

#define TILES 200000u

int main(void)
{
    gx_ztplane_req_t *q = calloc(TILES, sizeof *q);
    gx_zrop_tplane_t *out = calloc(TILES, sizeof *out);
    if (!q || !out)
        return 1;
    tb_rng_t r;
    tb_rng_seed(&r, 2025);
    for (unsigned i = 0; i < TILES; i++) {
        gx_rs_tri_t t;
        uint32_t z[3];
        tb_bench_tri(&r, t.x, t.y, z);
        gx_zrop_plane(&t, z, &q[i].p);
        q[i].nlog = tb_rng_below(&r, 5);
        unsigned tw, th;
        gx_zrop_tile_dims(1u << q[i].nlog, &tw, &th);
        q[i].tx = (int32_t)(tb_rng_below(&r, 1920) & ~(tw - 1u));
        q[i].ty = (int32_t)(tb_rng_below(&r, 1080) & ~(th - 1u));
    }
    void *m = gx_ztplane_rtl_new(NULL);
    uint64_t got;
    double t0 = tb_cpu_seconds();
    uint64_t cycles = gx_ztplane_rtl_run(m, q, out, TILES, NULL, 0, 0, &got);
    double dt = tb_cpu_seconds() - t0;
    gx_ztplane_rtl_free(m, NULL);
    if (!cycles) {
        fprintf(stderr, "bench_ztplane: the RTL stopped\n");
        return 1;
    }
    for (unsigned i = 0; i < TILES; i++) {
        gx_zrop_tplane_t want;
        unsigned tw, th;
        gx_zrop_tile_dims(1u << q[i].nlog, &tw, &th);
        gx_zrop_tile_plane(&q[i].p, q[i].tx, q[i].ty, tw, th, &want);
        if (want.pt != out[i].pt || want.a != out[i].a || want.b != out[i].b) {
            fprintf(stderr, "bench_ztplane: tile %u differs from the C model\n", i);
            return 1;
        }
    }
    tb_bench_stream_table("ztplane", "tiles", "random 1920x1080", TILES, cycles, dt);
    free(q);
    free(out);
    return 0;
}
