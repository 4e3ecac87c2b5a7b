/* bench_zplane: throughput of gx_zplane (Verilated RTL, no stalls): triangles per clock
 * on random triangles, and simulated clock cycles per CPU-second of the fast Verilated
 * model (build/vl-fast: assertions only). */
#include <stdio.h>
#include <stdlib.h>

#include "gx/zrop.h"
#include "tb.h"
#include "zplane_rtl.h"

#define TRIS 200000u

int main(void)
{
    gx_rs_tri_t *tri = calloc(TRIS, sizeof *tri);
    uint32_t *z = calloc(3 * TRIS, sizeof *z);
    gx_zrop_plane_t *out = calloc(TRIS, sizeof *out);
    if (!tri || !z || !out)
        return 1;
    tb_rng_t r;
    tb_rng_seed(&r, 2025);
    for (unsigned i = 0; i < TRIS; i++)
        tb_bench_tri(&r, tri[i].x, tri[i].y, &z[3 * i]);
    void *m = gx_zplane_rtl_new(NULL);
    uint64_t got;
    double t0 = tb_cpu_seconds();
    uint64_t cycles = gx_zplane_rtl_run(m, tri, z, out, TRIS, NULL, 0, 0, &got);
    double dt = tb_cpu_seconds() - t0;
    gx_zplane_rtl_free(m, NULL);
    if (!cycles) {
        fprintf(stderr, "bench_zplane: the RTL stopped\n");
        return 1;
    }
    for (unsigned i = 0; i < TRIS; i++) {
        gx_zrop_plane_t want;
        gx_zrop_plane(&tri[i], z + 3 * i, &want);
        if (!gx_zrop_plane_eq(&want, &out[i])) {
            fprintf(stderr, "bench_zplane: triangle %u differs from the C model\n", i);
            return 1;
        }
    }
    tb_bench_stream_table("zplane", "triangles", "random 1920x1080", TRIS, cycles, dt);
    free(tri);
    free(z);
    free(out);
    return 0;
}
