/* bench_tbar: what the tiled barrier costs a cache tile (gx_tbar, Verilated RTL): N
 * pipelines in use (1, 2, 4) arrive at their barriers, the back end reports each
 * pipeline's writes complete D + 1 clocks after its arrival, and the clocks a tile takes
 * (from the first arrival to the clock release_o is high, both counted), the clocks from
 * the last pipeline's done to the release (the barrier's own delay) and the clocks the
 * pipelines spend held (their flags set) are measured per tile; balanced (every pipeline arrives
 * in the same clock) and skewed (pipeline p arrives 8 p clocks after pipeline 0: the
 * stall clocks of the faster pipelines), and simulated clock cycles per CPU-second of the
 * fast Verilated model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb.h"
#include "tbar_rtl.h"

#define TILES 20000u

/* One scene; returns the clocks; *held: the pipeline-clocks held at the barrier. */
static uint64_t scene(unsigned lg, unsigned skew, unsigned d, uint64_t *held, double *dt)
{
    void *m = gx_tbar_rtl_new(NULL);
    const unsigned n = 1u << lg;
    gx_tbar_in_t in;
    gx_tbar_out_t out;
    uint64_t c = 0;
    *held = 0;
    const double t0 = tb_cpu_seconds();
    for (unsigned t = 0; t < TILES; t++) {
        /* the tile starts: pipeline p arrives skew p clocks in, done d + 1 clocks later */
        const unsigned span = skew * (n - 1) + d + 1;
        for (unsigned k = 0;; k++) {
            memset(&in, 0, sizeof in);
            in.pipes_log2 = lg;
            for (unsigned p = 0; p < n; p++) {
                if (k == skew * p)
                    in.arrive |= 1u << p;
                if (k == skew * p + d + 1)
                    in.done |= 1u << p;
            }
            gx_tbar_rtl_cycle(m, &in, &out);
            c++;
            *held += (uint64_t)__builtin_popcount(out.hold);
            if (out.release)
                break;
            if (k > span + 4) {
                fprintf(stderr, "bench_tbar: no release %u clocks into a tile\n", k);
                exit(1);
            }
        }
    }
    *dt = tb_cpu_seconds() - t0;
    gx_tbar_rtl_free(m, NULL);
    return c;
}

int main(void)
{
    printf("| pipelines | arrivals | done after (clocks) | clocks a tile | release after the last done (clocks) | pipeline-clocks held a tile |\n");
    printf("|---:|---|---:|---:|---:|---:|\n");
    double dt = 0;
    uint64_t cyc = 0;
    for (unsigned lg = 0; lg < 3; lg++)
        for (unsigned skew = 0; skew <= 8; skew += 8)
            for (unsigned d = 0; d <= 4; d += 4) {
                uint64_t held;
                double t;
                const uint64_t c = scene(lg, skew, d, &held, &t);
                const unsigned n = 1u << lg;
                /* a tile's clocks 0, 1, ...: the last done in clock skew (n - 1) + d + 1,
                 * release_o in the tile's last clock */
                printf("| %u | %s | %u | %.2f | %.2f | %.2f |\n", n,
                       skew ? "pipeline p 8 p clocks after pipeline 0" : "the same clock", d + 1,
                       (double)c / TILES,
                       (double)c / TILES - 1.0 - (double)(skew * (n - 1) + d + 1),
                       (double)held / TILES);
                dt += t;
                cyc += c;
            }
    printf("\n");
    tb_bench_stream_table("tbar", "tiles", "all scenes above", 12u * TILES, cyc, dt);
    return 0;
}
