/* bench_resolve: gx_resolve's pixels a clock (Verilated RTL, no stalls): back-to-back
 * regions of 32 x 32-pixel rectangles (a cache tile) at 4x and 16x, the box (the region
 * is the rectangle) and the tent (the region is 34 x 34 with the ring: its pixels a
 * clock, 1024 of every 1156 in, are the tent's cost), and simulated clock cycles per
 * CPU-second of the fast Verilated model. */
#include <stdio.h>
#include <string.h>

#include "resolve_rtl.h"
#include "tb.h"

#define TILES 400u

static uint64_t scene(int tent, unsigned nlg, double *dt)
{
    void *m = gx_resolve_rtl_new(NULL);
    gx_resolve_in_t in;
    gx_resolve_out_t out;
    memset(&in, 0, sizeof in);
    in.cfg.tent = tent;
    in.cfg.nlg = nlg;
    in.cfg.w = in.cfg.h = tent ? 34 : 32;
    in.out_ready = 1;
    const uint64_t want = (uint64_t)TILES * 32 * 32, feed = (uint64_t)TILES * in.cfg.w * in.cfg.h;
    uint64_t c = 0, got = 0, fed = 0;
    const double t0 = tb_cpu_seconds();
    while (got < want) {
        in.in_valid = fed < feed;
        for (unsigned i = 0; i < 64; i++)
            in.samples[i] = (uint8_t)(fed * 7 + i);
        gx_resolve_rtl_cycle(m, &in, &out);
        c++;
        fed += in.in_valid && out.in_ready;
        got += out.out_valid;
    }
    *dt = tb_cpu_seconds() - t0;
    gx_resolve_rtl_free(m, NULL);
    return c;
}

int main(void)
{
    for (int tent = 0; tent < 2; tent++)
        for (unsigned nlg = 2; nlg <= 4; nlg += 2) {
            double dt;
            const uint64_t cycles = scene(tent, nlg, &dt);
            char name[96];
            snprintf(name, sizeof name, "%s, %ux, 32 x 32-pixel rectangles back to back",
                     tent ? "tent" : "box", 1u << nlg);
            tb_bench_stream_table("resolve", "pixels", name, (uint64_t)TILES * 1024, cycles, dt);
            printf("\n");
        }
    return 0;
}
