/* bench_ztile: throughput of gx_ztile (Verilated RTL, no stalls): tile updates per clock
 * on compressed tiles of 1 to 4 planes with random pass masks, and simulated clock
 * cycles per CPU-second of the fast Verilated model (build/vl-fast: assertions only). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/zrop.h"
#include "tb.h"
#include "ztile_rtl.h"

#define UPDATES 200000u

int main(void)
{
    gx_ztile_req_t *q = calloc(UPDATES, sizeof *q);
    gx_ztile_resp_t *out = calloc(UPDATES, sizeof *out);
    if (!q || !out)
        return 1;
    tb_rng_t r;
    tb_rng_seed(&r, 2025);
    for (unsigned i = 0; i < UPDATES; i++) {
        gx_zrop_tile_t *t = &q[i].t;
        t->state = GX_ZT_PLANES;
        t->nplanes = (uint8_t)(1 + tb_rng_below(&r, 4));
        for (unsigned j = 0; j < t->nplanes; j++)
            t->pl[j] = (gx_zrop_tplane_t){tb_rng_u64(&r) & ((1ull << GX_ZT_W) - 1u),
                                          tb_rng_below(&r, 1u << 20), tb_rng_below(&r, 1u << 20)};
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
            t->idx[k] = (uint8_t)tb_rng_below(&r, t->nplanes);
        q[i].tp = (gx_zrop_tplane_t){tb_rng_u64(&r) & ((1ull << GX_ZT_W) - 1u),
                                     tb_rng_below(&r, 1u << 20), tb_rng_below(&r, 1u << 20)};
        q[i].pass = tb_rng_u64(&r);
        q[i].write = 1;
    }
    void *m = gx_ztile_rtl_new(NULL);
    uint64_t got;
    double t0 = tb_cpu_seconds();
    uint64_t cycles = gx_ztile_rtl_run(m, q, out, UPDATES, NULL, 0, 0, &got);
    double dt = tb_cpu_seconds() - t0;
    gx_ztile_rtl_free(m, NULL);
    if (!cycles || got != UPDATES) {
        fprintf(stderr, "bench_ztile: the RTL stopped\n");
        return 1;
    }
    tb_bench_stream_table("ztile", "tile updates", "1-4 planes, random pass, write on", UPDATES,
                          cycles, dt);
    free(q);
    free(out);
    return 0;
}
