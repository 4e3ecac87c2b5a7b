/* bench_mswb: latency and throughput of gx_mswb (Verilated RTL; no stalls: evictions
 * always offered, packets always taken, the memory answering a read in the clock after
 * the request).
 *
 * Table 1, latency of one eviction (clocks from the clock the eviction is offered to the
 * idle unit to the first clock fl_valid_o is high; the unit takes it when its image is
 * loaded, 8 clocks after), for every N x B, three evictions of tile 0 of a
 * 64 x 64 surface whose memory is cleared (1SPP):
 *   uniform  every pixel covered with one value, arrival 1SPP: no read, no analysis;
 *   full     every pixel covered, full-state arrival, every sample distinct: analysis
 *            of every line (and query passes when a pixel spans several lines);
 *   partial  pixel 0 with sample 0 only (arrival subset): the RMW read, analysis of the
 *            pixel, a promotion (subset or full > 1SPP) with the promote read.
 * Table 2, throughput on the coalesce unit's evictions (gx_mssurf_coalesce, K = 4) of
 * STORES stores on 1920 x 1080, the workloads of bench_mssurf (sweep, edges, quads,
 * thrash): clocks per packet, analyzer passes per packet, and the simulation speed.
 * Every packet is checked against gx_mssurf_writeback.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/mssurf.h"
#include "mswb_rtl.h"
#include "tb.h"

#define STORES 60000u

typedef struct want {
    gx_ms_evict_t *e;
    uint64_t n, cap;
} want_t;

static void collect(void *ctx, const gx_ms_evict_t *ev)
{
    want_t *w = ctx;
    if (w->n < w->cap)
        w->e[w->n++] = *ev;
}

/* Run n evictions through the RTL and the C model; returns 0 on a difference. */
static int run_check(const gx_ms_cfg_t *cfg, const gx_ms_evict_t *ev, uint64_t n,
                     gx_mswb_run_stats_t *st, uint64_t *passes, double *dt)
{
    gx_ms_mem_t mref, mdut;
    uint32_t *img = calloc((size_t)n * GX_MS_EVICT_WORDS, sizeof *img);
    uint32_t *fl = calloc((size_t)n * GX_MS_FLUSH_WORDS, sizeof *fl);
    if (!img || !fl || !gx_mssurf_mem_init(&mref, cfg) || !gx_mssurf_mem_init(&mdut, cfg))
        return 0;
    for (uint64_t i = 0; i < n; i++)
        gx_mssurf_evict_pack(&ev[i], cfg->spp, img + i * GX_MS_EVICT_WORDS);
    void *m = gx_mswb_rtl_new(NULL);
    gx_mswb_rtl_cfg(m, cfg);
    double t0 = tb_cpu_seconds();
    int ok = gx_mswb_rtl_run(m, &mdut, img, n, fl, n, NULL, 0, 0, 0, st);
    *dt = tb_cpu_seconds() - t0;
    gx_mswb_rtl_free(m, NULL);
    uint64_t k = 0;
    *passes = 0;
    for (uint64_t i = 0; i < n && ok; i++) {
        gx_ms_flush_t want, got;
        if (!gx_mssurf_writeback(cfg, &mref, &ev[i], &want))
            continue;
        gx_mssurf_flush_unpack(fl + k * GX_MS_FLUSH_WORDS, cfg->spp, &got);
        ok = k < st->packets && gx_mssurf_flush_eq(&got, &want);
        *passes += want.passes;
        k++;
    }
    ok = ok && k == st->packets;
    gx_mssurf_mem_free(&mref);
    gx_mssurf_mem_free(&mdut);
    free(img);
    free(fl);
    return ok;
}

/* Latency of one eviction: clocks from the clock it is offered (clock 0, the unit idle)
 * to fl_valid_o, memory answering in the next clock, packet taken at once. */
static int latency(const gx_ms_cfg_t *cfg, const gx_ms_evict_t *ev, unsigned *lat,
                   gx_ms_flush_t *f)
{
    gx_ms_mem_t mem;
    uint32_t img[GX_MS_EVICT_WORDS], resp[GX_MS_RDRESP_WORDS];
    if (!gx_mssurf_mem_init(&mem, cfg))
        return 0;
    gx_mssurf_evict_pack(ev, cfg->spp, img);
    void *m = gx_mswb_rtl_new(NULL);
    gx_mswb_rtl_cfg(m, cfg);
    gx_mswb_io_t io;
    int sent = 0, pending = 0, ok = 0;
    unsigned t = 0;
    for (unsigned c = 0; c < 2000 && !ok; c++) {
        memset(&io, 0, sizeof io);
        io.ev_valid = !sent;
        io.ev = img;
        io.rd_req_ready = !pending;
        io.rd_resp_valid = pending == 2;
        io.rd_resp = resp;
        io.fl_ready = 1;
        gx_mswb_rtl_eval(m, &io);
        if (io.ev_valid && io.ev_ready)
            sent = 1;
        if (io.fl_valid) {
            *lat = t;
            gx_mssurf_flush_unpack(io.fl, cfg->spp, f);
            ok = 1;
        }
        if (pending == 2 && io.rd_resp_ready)
            pending = 0;
        if (pending == 1)
            pending = 2;
        if (io.rd_req_valid && io.rd_req_ready) {
            gx_mssurf_mem_answer(&mem, io.rd_req, resp);
            pending = 1;
        }
        gx_mswb_rtl_tick(m);
        t++;
    }
    gx_mswb_rtl_free(m, NULL);
    gx_mssurf_mem_free(&mem);
    return ok;
}

static int latency_table(void)
{
    static const char *en[] = {"1SPP", "subset", "full"};
    int bad = 0;
    printf("| N | B | P | uniform: clocks | full: clocks (passes) | partial: clocks (passes, enc) |\n");
    printf("|---:|---:|---:|---:|---:|---:|\n");
    for (unsigned f = 0; f < 12; f++) {
        gx_ms_cfg_t cfg;
        gx_mssurf_cfg_default(&cfg, 64, 64, (gx_spp_t)(f / 3), (gx_bps_t)(f % 3));
        const unsigned n = 2u << (f / 3), b = 4u << (f % 3), pb = n * b, np = 256u / pb;
        unsigned lat[3];
        gx_ms_flush_t fl[3];
        for (unsigned k = 0; k < 3; k++) {
            gx_ms_evict_t ev;
            memset(&ev, 0, sizeof ev);
            ev.cause = GX_MS_COMMAND;
            for (unsigned p = 0; p < np; p++) {
                if (k == 2 && p)
                    break;
                ev.cover[p] = (uint16_t)(k == 2 ? 1u : (1u << n) - 1u);
                ev.arrive[p] = (uint8_t)(k == 0 ? GX_ENC1SPP : k == 1 ? GX_ENCFULL : GX_ENCSUBSET);
                for (unsigned i = 0; i < n; i++)
                    for (unsigned j = 0; j < b; j++)
                        if ((ev.cover[p] >> i) & 1u)
                            ev.data[p * pb + i * b + j] = (uint8_t)(k == 0 ? 7 : 1 + p * n + i);
            }
            if (!latency(&cfg, &ev, &lat[k], &fl[k]))
                bad = 1;
        }
        printf("| %u | %u | %u | %u | %u (%u) | %u (%u, %s) |\n", n, b, np, lat[0], lat[1],
               fl[1].passes, lat[2], fl[2].passes, en[fl[2].enc % 3]);
    }
    return bad;
}

static int run(const char *name, gx_spp_t spp, unsigned kind)
{
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 1920, 1080, spp, GX_BPS4);
    const unsigned n = 2u << spp;
    want_t w = {calloc(2 * STORES + 8, sizeof(gx_ms_evict_t)), 0, 2 * STORES + 8};
    if (!w.e)
        return 1;
    static gx_ms_lsu_t lsu;
    gx_mssurf_lsu_init(&lsu, &cfg);
    tb_rng_t r;
    tb_rng_seed(&r, 2026);
    gx_ms_store_t st;
    for (unsigned i = 0; i < STORES; i++) {
        memset(&st, 0, sizeof st);
        uint32_t px = i, color = i / 64;
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
        st.mask = (uint16_t)((1u << n) - 1u);
        if (kind == 1 && tb_rng_pct(&r, 25))
            st.mask = (uint16_t)(1u + tb_rng_below(&r, (1u << n) - 1u));
        st.full = (uint8_t)(kind == 1 && tb_rng_pct(&r, 10));
        for (unsigned k = 0; k < 4u * n; k++)
            st.value[k] = (uint8_t)(color * 7u + k % 4u);
        gx_mssurf_coalesce(&lsu, &st, collect, &w);
    }
    gx_mssurf_coalesce_flush(&lsu, collect, &w);
    gx_mswb_run_stats_t s;
    uint64_t passes = 0;
    double dt = 0;
    if (!run_check(&cfg, w.e, w.n, &s, &passes, &dt)) {
        fprintf(stderr, "bench_mswb: %s: the RTL differs from the C model\n", name);
        free(w.e);
        return 1;
    }
    printf("| %s | %u | %" PRIu64 " | %" PRIu64 " | %.1f | %.2f | %.2f | %" PRIu64 " | %.0f |\n",
           name, STORES, s.packets, s.cycles, (double)s.cycles / (double)s.packets,
           tb_synth_fmax_mhz("mswb") * (double)s.packets / (double)s.cycles,
           (double)passes / (double)s.packets, s.reads, (double)s.cycles / dt);
    free(w.e);
    return 0;
}

int main(void)
{
    int bad = latency_table();
    printf("\n| workload | stores | packets | clocks | clocks/packet | Mpackets/s at %.1f MHz | "
           "analyzer passes/packet | memory reads | sim cycles per CPU-second |\n",
           tb_synth_fmax_mhz("mswb"));
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    bad |= run("sweep 4x RGBA8", GX_SPP4, 0);
    bad |= run("edges 4x RGBA8", GX_SPP4, 1);
    bad |= run("quads 8x RGBA8", GX_SPP8, 2);
    bad |= run("thrash 4x RGBA8", GX_SPP4, 3);
    return bad;
}
