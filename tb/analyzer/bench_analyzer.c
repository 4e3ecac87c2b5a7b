/* bench_analyzer: throughput of gx_analyzer (Verilated RTL, no stalls).
 *
 * Workloads (each LINES lines, fixed seed):
 *   1spp      every line uniform (random N, B): the 1SPP decision alone
 *   demo-mix  lines drawn like the cosimulation: palettes of 1..S values, 10% queries
 *   subset    every pixel holds two values
 *   worst     N >= 8, B = 4, all eight slots distinct
 * For each: lines per clock (lines / measured clock cycles), clocks per line, lines per
 * second at the block's fmax in docs/synth.md (make synth), and the simulation speed in
 * clock cycles per second of CPU time (steadier than wall time on a loaded machine).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_rtl.h"
#include "gx/analyzer.h"
#include "tb.h"

#define LINES 200000u

static void gen(tb_rng_t *r, const char *kind, gx_an_req_t *q)
{
    memset(q, 0, sizeof *q);
    int worst = !strcmp(kind, "worst");
    q->spp = worst ? (gx_spp_t)(2 + tb_rng_below(r, 2)) : (gx_spp_t)tb_rng_below(r, 4);
    q->bps = worst ? GX_BPS4 : (gx_bps_t)tb_rng_below(r, 3);
    unsigned s = gx_analyzer_slots(q->bps), b = gx_analyzer_bps_bytes(q->bps);
    unsigned g = gx_analyzer_group_slots(q->spp, q->bps);
    uint8_t pal[8][16];
    for (unsigned i = 0; i < 8; i++)
        for (unsigned k = 0; k < 16; k++)
            pal[i][k] = (uint8_t)tb_rng_u32(r);
    unsigned k = !strcmp(kind, "1spp") ? 1 : !strcmp(kind, "subset") ? 2 : worst ? 8
                                                                              : 1 + tb_rng_below(r, s);
    for (unsigned j = 0; j < s; j++) {
        unsigned v = worst ? j : !strcmp(kind, "subset") ? (j % g == 0 ? 0 : 1 + tb_rng_below(r, 1))
                                                        : tb_rng_below(r, k);
        memcpy(q->line + j * b, pal[v], b);
    }
    if (!strcmp(kind, "demo-mix") && tb_rng_pct(r, 10)) {
        q->query = 1;
        q->qslot = (uint8_t)tb_rng_below(r, s);
    }
}

int main(void)
{
    static const char *kinds[] = {"1spp", "demo-mix", "subset", "worst"};
    gx_an_req_t *reqs = calloc(LINES, sizeof *reqs);
    gx_an_resp_t *resps = calloc(LINES, sizeof *resps);
    if (!reqs || !resps)
        return 1;
    const double mhz = tb_synth_fmax_mhz("analyzer");
    printf("| workload | lines | clocks | lines/clock | clocks/line | Mlines/s at %.1f MHz | "
           "sim cycles per CPU-second |\n", mhz);
    printf("|---|---:|---:|---:|---:|---:|---:|\n");
    int bad = 0;
    for (unsigned w = 0; w < 4; w++) {
        tb_rng_t r;
        tb_rng_seed(&r, 2024 + w);
        for (unsigned i = 0; i < LINES; i++)
            gen(&r, kinds[w], &reqs[i]);
        gx_analyzer_rtl_t *m = gx_analyzer_rtl_new(NULL);
        uint64_t got;
        double t0 = tb_cpu_seconds();
        uint64_t cycles = gx_analyzer_rtl_run(m, reqs, resps, LINES, NULL, 0, 0, &got);
        double dt = tb_cpu_seconds() - t0;
        gx_analyzer_rtl_free(m, NULL);
        for (unsigned i = 0; i < LINES && cycles; i++) {
            gx_an_resp_t want;
            gx_analyzer_process(&reqs[i], &want);
            if (!gx_analyzer_resp_eq(&want, &resps[i])) {
                fprintf(stderr, "bench_analyzer: %s line %u differs from the C model\n", kinds[w], i);
                bad = 1;
                break;
            }
        }
        if (!cycles) {
            fprintf(stderr, "bench_analyzer: the RTL stopped\n");
            return 1;
        }
        printf("| %s | %u | %llu | %.3f | %.3f | %.1f | %.0f |\n", kinds[w], LINES,
               (unsigned long long)cycles, (double)LINES / (double)cycles,
               (double)cycles / (double)LINES, mhz * (double)LINES / (double)cycles,
               (double)cycles / dt);
    }
    free(reqs);
    free(resps);
    return bad;
}
