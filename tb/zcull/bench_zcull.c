/* bench_zcull: throughput of gx_zcull (Verilated RTL, no stalls): Z-cull answers per clock
 * for the depth tiles of random triangles' planes against random stored ranges, and
 * simulated clock cycles per CPU-second of the fast Verilated model (build/vl-fast:
 * assertions only). */
#include <stdio.h>
#include <stdlib.h>

#include "gx/zrop.h"
#include "tb.h"
#include "zcull_rtl.h"

#define TILES 200000u

int main(void)
{
    gx_zcull_req_t *q = calloc(TILES, sizeof *q);
    gx_zrop_cres_t *out = calloc(TILES, sizeof *out);
    if (!q || !out)
        return 1;
    tb_rng_t r;
    tb_rng_seed(&r, 2025);
    for (unsigned i = 0; i < TILES; i++) {
        gx_rs_tri_t t;
        uint32_t z[3];
        tb_bench_tri(&r, t.x, t.y, z);
        gx_zrop_cplane(&t, z, &q[i].c);
        q[i].nlog = tb_rng_below(&r, 5);
        unsigned tw, th;
        gx_zrop_tile_dims(1u << q[i].nlog, &tw, &th);
        q[i].tx = (int32_t)(tb_rng_below(&r, 1920) & ~(tw - 1u));
        q[i].ty = (int32_t)(tb_rng_below(&r, 1080) & ~(th - 1u));
        q[i].func = (gx_zrop_func_t)tb_rng_below(&r, 8);
        q[i].slo = tb_rng_below(&r, GX_Z_MAX + 1u);
        q[i].shi = q[i].slo + tb_rng_below(&r, GX_Z_MAX + 1u - q[i].slo);
    }
    void *m = gx_zcull_rtl_new(NULL);
    uint64_t got;
    double t0 = tb_cpu_seconds();
    uint64_t cycles = gx_zcull_rtl_run(m, q, out, TILES, NULL, 0, 0, &got);
    double dt = tb_cpu_seconds() - t0;
    gx_zcull_rtl_free(m, NULL);
    if (!cycles) {
        fprintf(stderr, "bench_zcull: the RTL stopped\n");
        return 1;
    }
    for (unsigned i = 0; i < TILES; i++) {
        gx_zrop_cres_t want;
        gx_zrop_cull_tile(&q[i].c, q[i].tx, q[i].ty, q[i].nlog, q[i].func, q[i].slo, q[i].shi,
                          &want);
        if (want.cull != out[i].cull || want.lo_ge != out[i].lo_ge ||
            want.lo_le != out[i].lo_le || want.hi_le != out[i].hi_le ||
            want.hi_ge != out[i].hi_ge) {
            fprintf(stderr, "bench_zcull: tile %u differs from the C model\n", i);
            return 1;
        }
    }
    tb_bench_stream_table("zcull", "tiles", "random 1920x1080", TILES, cycles, dt);
    free(q);
    free(out);
    return 0;
}
