/* bench_raster_setup: throughput of gx_raster_setup (Verilated RTL, no stalls): triangles
 * per clock on random triangles, and simulated clock cycles per CPU-second of the fast
 * Verilated model (build/vl-fast: assertions only, as the gx tool links it). */
#include <stdio.h>
#include <stdlib.h>

#include "gx/raster.h"
#include "raster_setup_rtl.h"
#include "tb.h"

#define TRIS 200000u

int main(void)
{
    gx_rs_cfg_t *cfg = calloc(TRIS, sizeof *cfg);
    gx_rs_tri_t *tri = calloc(TRIS, sizeof *tri);
    gx_rs_setup_t *out = calloc(TRIS, sizeof *out);
    if (!cfg || !tri || !out)
        return 1;
    tb_rng_t r;
    tb_rng_seed(&r, 2025);
    for (unsigned i = 0; i < TRIS; i++) {
        cfg[i].width = 1920;
        cfg[i].height = 1080;
        cfg[i].samples = 4;
        tb_bench_tri(&r, tri[i].x, tri[i].y, NULL);
    }
    void *m = gx_raster_setup_rtl_new(NULL);
    uint64_t got;
    double t0 = tb_cpu_seconds();
    uint64_t cycles = gx_raster_setup_rtl_run(m, cfg, tri, out, TRIS, NULL, 0, 0, &got);
    double dt = tb_cpu_seconds() - t0;
    gx_raster_setup_rtl_free(m, NULL);
    if (!cycles) {
        fprintf(stderr, "bench_raster_setup: the RTL stopped\n");
        return 1;
    }
    for (unsigned i = 0; i < TRIS; i++) {
        gx_rs_setup_t want;
        gx_raster_setup(&cfg[i], &tri[i], &want);
        if (!gx_raster_setup_eq(&want, &out[i])) {
            fprintf(stderr, "bench_raster_setup: triangle %u differs from the C model\n", i);
            return 1;
        }
    }
    tb_bench_stream_table("raster_setup", "triangles", "random 1920x1080", TRIS, cycles, dt);
    free(cfg);
    free(tri);
    free(out);
    return 0;
}
