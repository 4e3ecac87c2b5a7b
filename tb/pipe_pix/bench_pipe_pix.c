/* bench_pipe_pix: throughput of gx_pipe_pix (fast model), no stalls: stores a clock for
 * groups of 16, 4 and 1 covered pixels (the last a group a clock), and triangles
 * without groups (a color a clock while the ring has room). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/pipe_pix.h"
#include "pipe_pix_rtl.h"
#include "tb.h"

int main(void)
{
    tb_rng_t rng;
    tb_rng_seed(&rng, 1);
    double fmax = tb_synth_fmax_mhz("pipe_pix");
    printf("| groups | triangles | groups a triangle | stores | clocks | stores / clock | Mstores/s at fmax |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|\n");
    static const struct { const char *what; unsigned pix, ngrp; } cases[] = {
        {"16 pixels", 16, 4}, {"4 pixels", 4, 4}, {"1 pixel", 1, 4}};
    for (unsigned c = 0; c < 3; c++) {
        uint32_t ntri = 2000;
        uint8_t(*color)[GX_PIPE_PIX_COLOR_BYTES] = calloc(ntri, sizeof *color);
        uint64_t *gfirst = calloc(ntri + 1, sizeof *gfirst), ng = (uint64_t)ntri * cases[c].ngrp;
        gx_rs_group_t *grp = calloc(ng, sizeof *grp);
        for (uint64_t i = 0; i < ng; i++) {
            grp[i].valid = 0xf;
            for (unsigned k = 0; k < cases[c].pix; k++)
                grp[i].mask[k / 4][k % 4] = 1;
        }
        for (uint32_t t = 0; t <= ntri; t++)
            gfirst[t] = (uint64_t)t * cases[c].ngrp;
        gx_pipe_pix_rtl_t *m = gx_pipe_pix_rtl_new(NULL);
        gx_pipe_pix_env_t e;
        memset(&e, 0, sizeof e);
        e.ntri = ntri;
        e.color = (const uint8_t(*)[GX_PIPE_PIX_COLOR_BYTES])color;
        e.gfirst = gfirst;
        e.grp = grp;
        e.taken_at = calloc(ntri, sizeof *e.taken_at);
        gx_pipe_pix_step_t s;
        memset(&s, 0, sizeof s);
        uint64_t stores = 0, first = 0, last = 0;
        while (!(gx_pipe_pix_env_done(&e) && s.out.idle) && e.now < 10000000) {
            gx_pipe_pix_env_step(&e, m, &rng, &s);
            if (s.st_take) {
                if (!stores)
                    first = e.now;
                last = e.now;
                stores++;
            }
        }
        uint64_t clocks = last - first + 1;
        printf("| %s | %u | %u | %" PRIu64 " | %" PRIu64 " | %.3f | %.1f |\n", cases[c].what,
               ntri, cases[c].ngrp, stores, clocks, (double)stores / (double)clocks,
               fmax * (double)stores / (double)clocks);
        gx_pipe_pix_rtl_free(m, NULL);
        free(e.taken_at);
        free(color);
        free(gfirst);
        free(grp);
    }
    return 0;
}
