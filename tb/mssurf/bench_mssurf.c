/* bench_mssurf: throughput of gx_mssurf (Verilated RTL, K = 4, no stalls: the record
 * stream always ready).
 *
 * Workloads (fixed seed, STORES stores each, closing with a flush command):
 *   sweep     1920 x 1080 at 4 x RGBA8 (N = 4, B = 4, P = 16: 4 x 4-pixel tiles),
 *             full-mask SUST.MS in tile order (tb_ms_sweep_pixel), one color per 64
 *             pixels: every tile fills (full records only)
 *   edges     the same with 25% partial masks and 10% full-state stores, the color
 *             changing every 37 pixels: a tile with a partially stored pixel never
 *             fills and leaves by eviction, one extra clock each
 *   overdraw  the same order, each tile's pixels stored twice with one color a tile,
 *             samples 0 and 1 first, then all: every second store meets samples
 *             stored, which are read back and compared, and merges (the check's clocks)
 *   quads     2 x 2 quads walking 16-pixel-wide bands of rows (a rasterizer's order),
 *             8 x RGBA8 (P = 8): up to two tiles per row of a band are open at once
 *   thrash    random pixels of 1920 x 1080, N = 4, B = 4: nearly every store evicts
 * For each: stores per clock (stores / clocks, the closing flush command included),
 * records by cause, and the
 * simulation speed in clock cycles per CPU-second of the same Verilated model as the
 * tests (assertions, coverage and tracing compiled in). Every record is checked against
 * gx_mssurf_coalesce.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/mssurf.h"
#include "ms_stim.h"
#include "mssurf_rtl.h"
#include "tb.h"

#define STORES 200000u

typedef struct want {
    gx_ms_evict_t *e;
    uint64_t n;
} want_t;

static void collect(void *ctx, const gx_ms_evict_t *ev)
{
    want_t *w = ctx;
    w->e[w->n++] = *ev;
}

static int run(const char *name, gx_spp_t spp, unsigned kind)
{
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 1920, 1080, spp, GX_BPS4);
    cfg.slots = GX_MS_DEFAULT_SLOTS;
    const unsigned n = 2u << spp;
    uint32_t *cmd = calloc((size_t)(STORES + 1) * GX_MS_CMD_WORDS, sizeof *cmd);
    uint32_t *rec = calloc((size_t)(2 * STORES + 8) * GX_MS_EVICT_WORDS, sizeof *rec);
    want_t w = {calloc(2 * STORES + 8, sizeof(gx_ms_evict_t)), 0};
    if (!cmd || !rec || !w.e)
        return 1;
    static gx_ms_lsu_t lsu;
    gx_mssurf_lsu_init(&lsu, &cfg);
    tb_rng_t r;
    tb_rng_seed(&r, 2026);
    gx_ms_store_t st;
    uint32_t sweep = 0;
    const uint32_t np = gx_mssurf_tile_pixels(&cfg);
    for (unsigned i = 0; i < STORES; i++) {
        memset(&st, 0, sizeof st);
        uint32_t px = 0, color = i / 64;
        if (kind <= 1) {
            tb_ms_sweep_pixel(&cfg, &sweep, &st.x, &st.y);
            px = (uint32_t)st.y * 1920 + st.x;
        } else if (kind == 4) { /* each tile's pixels twice, one color a tile */
            uint32_t ux, uy;
            gx_mssurf_tile_xy(&cfg, i / (2 * np), i % np, &ux, &uy);
            px = uy * 1920 + ux;
            color = i / (2 * np);
        }
        if (kind == 2) { /* quads in 16-wide bands of 2 rows */
            uint32_t q = i / 4, band = q / 8, qx = q % 8;
            uint32_t bx = band % (1920 / 16), by = band / (1920 / 16);
            px = (by * 2 + (i % 4) / 2) * 1920 + bx * 16 + qx * 2 + i % 2;
            color = band;
        } else if (kind == 3) {
            px = tb_rng_below(&r, 1920 * 1080);
        } else if (kind == 1) {
            color = i / 37;
        }
        st.x = (uint16_t)(px % 1920);
        st.y = (uint16_t)(px / 1920);
        st.mask = (uint16_t)(kind == 4 && i % (2 * np) < np ? 3u : (1u << n) - 1u);
        if (kind == 1 && tb_rng_pct(&r, 25))
            st.mask = (uint16_t)(1u + tb_rng_below(&r, (1u << n) - 1u));
        st.full = (uint8_t)(kind == 1 && tb_rng_pct(&r, 10));
        for (unsigned k = 0; k < 4u * n; k++)
            st.value[k] = (uint8_t)(color * 7u + k % 4u);
        gx_mssurf_cmd_pack_store(&st, cmd + (size_t)i * GX_MS_CMD_WORDS);
        gx_mssurf_coalesce(&lsu, &st, collect, &w);
    }
    gx_mssurf_cmd_pack_flush(cmd + (size_t)STORES * GX_MS_CMD_WORDS);
    gx_mssurf_coalesce_flush(&lsu, collect, &w);

    void *m = gx_mssurf_rtl_new(cfg.slots, NULL);
    gx_mssurf_rtl_cfg(m, &cfg);
    uint64_t got = 0;
    double t0 = tb_cpu_seconds();
    uint64_t cycles = gx_mssurf_rtl_run(m, cmd, STORES + 1, rec, NULL, 2 * STORES + 8, &got, NULL,
                                        0, 0, 2);
    double dt = tb_cpu_seconds() - t0;
    gx_mssurf_rtl_free(m, NULL);
    int bad = !cycles || got != w.n;
    uint64_t by[4] = {0, 0, 0, 0};
    for (uint64_t i = 0; i < got && !bad; i++) {
        gx_ms_evict_t e;
        gx_mssurf_evict_unpack(rec + i * GX_MS_EVICT_WORDS, spp, &e);
        bad = !gx_mssurf_evict_eq(&e, &w.e[i]);
        by[e.cause & 3u]++;
    }
    if (bad) {
        fprintf(stderr, "bench_mssurf: %s: the RTL differs from the C model\n", name);
        return 1;
    }
    /* the run's clocks include the tail of 2 idle cycles and the flush command */
    const uint64_t clocks = cycles - 2;
    printf("| %s | %u | %" PRIu64 " | %.3f | %.1f | %" PRIu64 " | %" PRIu64 " | %" PRIu64
           " | %" PRIu64 " | %" PRIu64 " | %.0f |\n",
           name, STORES, clocks, (double)STORES / (double)clocks,
           tb_synth_fmax_mhz("mssurf") * (double)STORES / (double)clocks, by[0], by[1], by[2],
           by[3], lsu.cnt.merges, (double)cycles / dt);
    free(cmd);
    free(rec);
    free(w.e);
    return 0;
}

int main(void)
{
    printf("| workload | stores | clocks | stores/clock | Mstores/s at %.1f MHz | full | evict | "
           "conflict | command | merges | sim cycles per CPU-second |\n",
           tb_synth_fmax_mhz("mssurf"));
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    int bad = run("sweep 4x RGBA8", GX_SPP4, 0);
    bad |= run("edges 4x RGBA8", GX_SPP4, 1);
    bad |= run("overdraw 4x RGBA8", GX_SPP4, 4);
    bad |= run("quads 8x RGBA8", GX_SPP8, 2);
    bad |= run("thrash 4x RGBA8", GX_SPP4, 3);
    return bad;
}
