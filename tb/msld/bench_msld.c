/* bench_msld: latency and throughput of gx_msld (Verilated RTL; no stalls: loads always
 * offered, responses always taken, the memory answering a read in the clock after the
 * request).
 *
 * Table 1, latency of one load (clocks from the first clock the load is offered to the
 * idle unit to the first clock resp_valid_o is high; a load may be taken late, when its
 * snapshot is read after its start), for every N x B, pixel 0 of tile 0 of a 64 x 64
 * surface:
 *   slot 1SPP   the pixel wholly in the slot, arrival 1SPP: no read, no analysis;
 *   mem 1SPP    the pixel wholly in memory, tile 1SPP: the read, no analysis;
 *   mem subset  wholly in memory, tile subset (2 classes): the read; the analysis path
 *               finds the stored masks (reported as not analyzed, docs/msld.md);
 *   mixed full  sample 0 in the slot (arrival subset), the rest in a full tile, every
 *               sample distinct: the read and the analysis (query passes when N B > 32).
 * Every response is checked against gx_mssurf_load_finish.
 * Table 2, throughput: LOADS loads back to back on a 256 x 256 surface after STORES
 * random stores (64 x 64 corner, 4 palette values, half full masks, 15% full-state)
 * through gx_mssurf_coalesce / gx_mssurf_writeback (K = 4); half the loads at one of
 * the last 64 stored pixels, half anywhere in the corner; snapshots by
 * gx_mssurf_coalesce_load: clocks per load, share with a read / analyzed, and the
 * simulation speed; every response checked.
 * Table 3, the same at pixels wholly in their slot: the last 64 stores cover whole
 * pixels, and the loads go to those of them whose snapshot covers every sample of the
 * pixel (no read; analyzed unless the arrival state is 1SPP).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/mssurf.h"
#include "msld_rtl.h"
#include "tb.h"

#define LOADS 20000u
#define STORES 20000u

static int failures;

/* One load, clock by clock: returns the latency (first offer to resp_valid), checks the
 * response against the model. */
static unsigned latency(const gx_ms_cfg_t *cfg, gx_ms_mem_t *mem, const gx_ms_evict_t *snap,
                        const gx_ms_load_t *ld)
{
    uint32_t s[GX_MS_EVICT_WORDS], l[GX_MS_LD_WORDS], rd[GX_MS_RDRESP_WORDS];
    gx_ms_load_resp_t want, got;
    gx_mssurf_load_finish(cfg, mem, snap, ld, &want);
    gx_mssurf_evict_pack(snap, cfg->spp, s);
    gx_mssurf_ld_pack(cfg, ld, l);
    void *m = gx_msld_rtl_new(NULL);
    gx_msld_rtl_cfg(m, cfg);
    int taken = 0, pending = 0, rvalid = 0;
    unsigned c = 0, lat = 0;
    for (c = 0; c < 2000; c++) {
        gx_msld_io_t io;
        if (pending)
            rvalid = 1; /* the answer is offered in the clock after the request */
        memset(&io, 0, sizeof io);
        io.ld_valid = !taken;
        io.snap = s;
        io.ld = l;
        io.rd_req_ready = !pending;
        io.rd_resp_valid = rvalid;
        io.rd_resp = rd;
        io.resp_ready = 1;
        gx_msld_rtl_eval(m, &io);
        if (!taken && io.ld_ready)
            taken = 1;
        if (io.resp_valid) {
            gx_mssurf_ldresp_unpack(io.resp, &got);
            lat = c;
            break;
        }
        if (rvalid && io.rd_resp_ready) {
            rvalid = 0;
            pending = 0;
        }
        if (io.rd_req_valid && io.rd_req_ready) {
            gx_mssurf_mem_answer(mem, io.rd_req, rd);
            pending = 1;
        }
        gx_msld_rtl_tick(m);
    }
    gx_msld_rtl_free(m, NULL);
    if (c == 2000 || !gx_mssurf_ldresp_eq(&got, &want))
        failures++;
    return lat;
}

static void wb(void *c, const gx_ms_evict_t *ev)
{
    gx_ms_mem_t *mem = c;
    gx_ms_flush_t f;
    gx_mssurf_writeback(&mem->cfg, mem, ev, &f);
}

/* One row of a throughput table: format f (N = 2 << f / 3, B = 4 << f % 3); slot_only:
 * only loads whose pixel is wholly in its slot (among the last 64 stored pixels). */
/* The pixel of (x, y) in its tile. */
static unsigned pix_of(const gx_ms_cfg_t *cfg, unsigned x, unsigned y)
{
    unsigned p;
    (void)gx_mssurf_pixel_tile(cfg, x, y, &p);
    return p;
}

static void throughput(unsigned f, int slot_only, tb_rng_t *rng, double mhz)
{
    static gx_ms_evict_t snap[LOADS];
    static gx_ms_load_t ld[LOADS];
    const gx_spp_t spp = (gx_spp_t)(f / 3);
    const gx_bps_t bps = (gx_bps_t)(f % 3);
    const unsigned n = 2u << spp, b = 4u << bps;
    const uint16_t all = (uint16_t)((1u << n) - 1u);
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 256, 256, spp, bps);
    gx_ms_mem_t mref, mdut;
    gx_mssurf_mem_init(&mref, &cfg);
    gx_mssurf_mem_init(&mdut, &cfg);
    static gx_ms_lsu_t lsu;
    gx_mssurf_lsu_init(&lsu, &cfg);
    uint8_t pal[4][16];
    for (unsigned k = 0; k < 4; k++)
        for (unsigned i = 0; i < 16; i++)
            pal[k][i] = (uint8_t)tb_rng_u32(rng);
    uint16_t lastx[64], lasty[64];
    memset(lastx, 0, sizeof lastx);
    memset(lasty, 0, sizeof lasty);
    for (unsigned k = 0; k < STORES; k++) {
        gx_ms_store_t st;
        memset(&st, 0, sizeof st);
        st.x = (uint16_t)tb_rng_below(rng, 64);
        st.y = (uint16_t)tb_rng_below(rng, 64);
        /* slot_only: the last 64 stores cover whole pixels */
        const int whole = (slot_only && k >= STORES - 64u) || tb_rng_pct(rng, 50);
        st.mask = whole ? all : (uint16_t)(1u + tb_rng_below(rng, all));
        st.full = (uint8_t)tb_rng_pct(rng, 15);
        for (unsigned s = 0; s < (st.full ? n : 1u); s++)
            memcpy(st.value + s * b, pal[tb_rng_below(rng, 4)], b);
        lastx[k % 64u] = st.x;
        lasty[k % 64u] = st.y;
        gx_mssurf_coalesce(&lsu, &st, wb, &mref);
    }
    memcpy(mdut.data, mref.data, (size_t)mref.tiles * GX_MS_TILE_BYTES);
    memcpy(mdut.enc, mref.enc, mref.tiles);
    uint32_t *simg = calloc((size_t)LOADS * GX_MS_EVICT_WORDS, sizeof *simg);
    uint32_t *limg = calloc((size_t)LOADS * GX_MS_LD_WORDS, sizeof *limg);
    uint32_t *rimg = calloc((size_t)LOADS * GX_MS_LDRESP_WORDS, sizeof *rimg);
    uint64_t reads = 0, ana = 0, passes = 0;
    gx_ms_load_resp_t *want = calloc(LOADS, sizeof *want);
    for (unsigned i = 0; i < LOADS; i++) {
        for (unsigned tries = 0;; tries++) {
            const unsigned j = tb_rng_below(rng, 64);
            const int recent = slot_only || tb_rng_pct(rng, 50); /* half: recently stored */
            ld[i].x = recent ? lastx[j] : (uint16_t)tb_rng_below(rng, 64);
            ld[i].y = recent ? lasty[j] : (uint16_t)tb_rng_below(rng, 64);
            ld[i].sample = (uint8_t)tb_rng_below(rng, n);
            gx_mssurf_coalesce_load(&lsu, ld[i].x, ld[i].y, &snap[i]);
            if (!slot_only || snap[i].cover[pix_of(&cfg, ld[i].x, ld[i].y)] == all ||
                tries == 1000)
                break;
        }
        gx_mssurf_load_finish(&cfg, &mref, &snap[i], &ld[i], &want[i]);
        reads += want[i].read_bytes != 0;
        ana += want[i].analyzed;
        passes += want[i].passes;
        gx_mssurf_evict_pack(&snap[i], spp, simg + (size_t)i * GX_MS_EVICT_WORDS);
        gx_mssurf_ld_pack(&cfg, &ld[i], limg + (size_t)i * GX_MS_LD_WORDS);
    }
    void *m = gx_msld_rtl_new(NULL);
    gx_msld_rtl_cfg(m, &cfg);
    gx_msld_run_stats_t st;
    double t0 = tb_cpu_seconds();
    int ok = gx_msld_rtl_run(m, &mdut, simg, limg, LOADS, rimg, NULL, 0, 0, 0, &st);
    double dt = tb_cpu_seconds() - t0;
    gx_msld_rtl_free(m, NULL);
    for (unsigned i = 0; i < LOADS && ok; i++) {
        gx_ms_load_resp_t got;
        gx_mssurf_ldresp_unpack(rimg + (size_t)i * GX_MS_LDRESP_WORDS, &got);
        if (!gx_mssurf_ldresp_eq(&got, &want[i]))
            ok = 0;
    }
    if (!ok || st.resps != LOADS)
        failures++;
    printf("| %u | %u | %.2f | %.2f | %.0f%% | %.0f%% | %.2f | %.0f |\n", n, b,
           (double)st.cycles / LOADS, mhz * LOADS / (double)st.cycles,
           100.0 * (double)reads / LOADS,
           100.0 * (double)ana / LOADS, ana ? (double)passes / (double)ana : 0.0,
           dt > 0 ? LOADS / dt : 0.0);
    free(simg);
    free(limg);
    free(rimg);
    free(want);
    gx_mssurf_mem_free(&mref);
    gx_mssurf_mem_free(&mdut);
}

int main(void)
{
    printf("Latency of one load (clocks from its first offer to resp_valid_o; memory answers "
           "in the next clock):\n\n");
    printf("| N | B | slot 1SPP | mem 1SPP | mem subset | mixed full (passes) |\n");
    printf("|---|---|---:|---:|---:|---:|\n");
    for (unsigned f = 0; f < 12; f++) {
        const gx_spp_t spp = (gx_spp_t)(f / 3);
        const gx_bps_t bps = (gx_bps_t)(f % 3);
        const unsigned n = 2u << spp, b = 4u << bps, pb = n * b;
        gx_ms_cfg_t cfg;
        gx_mssurf_cfg_default(&cfg, 64, 64, spp, bps);
        gx_ms_mem_t mem;
        gx_mssurf_mem_init(&mem, &cfg);
        gx_ms_evict_t snap;
        gx_ms_load_t ld = {0, 0, (uint8_t)(n - 1u)};
        unsigned lat[4];
        gx_ms_load_resp_t r;
        /* slot 1SPP */
        memset(&snap, 0, sizeof snap);
        snap.peek = 1;
        snap.cover[0] = (uint16_t)((1u << n) - 1u);
        snap.arrive[0] = GX_ENC1SPP;
        memset(snap.data, 9, pb);
        lat[0] = latency(&cfg, &mem, &snap, &ld);
        /* mem 1SPP */
        memset(&snap, 0, sizeof snap);
        snap.peek = 1;
        memset(mem.data, 5, GX_MS_TILE_BYTES);
        mem.enc[0] = GX_ENC1SPP;
        lat[1] = latency(&cfg, &mem, &snap, &ld);
        /* mem subset: samples 0..N-2 one value, N-1 another */
        for (unsigned p = 0; p < 256u / pb; p++)
            memset(mem.data + p * pb + (n - 1u) * b, 6, b);
        mem.enc[0] = GX_ENCSUBSET;
        lat[2] = latency(&cfg, &mem, &snap, &ld);
        /* mixed, full, every sample distinct */
        for (unsigned i = 0; i < 256u / b; i++)
            memset(mem.data + i * b, (int)(i % n + 1u), b);
        mem.enc[0] = GX_ENCFULL;
        snap.cover[0] = 1;
        snap.arrive[0] = GX_ENCSUBSET;
        memset(snap.data, 1, b);
        lat[3] = latency(&cfg, &mem, &snap, &ld);
        gx_mssurf_load_finish(&cfg, &mem, &snap, &ld, &r);
        printf("| %u | %u | %u | %u | %u | %u (%u) |\n", n, b, lat[0], lat[1], lat[2], lat[3],
               r.passes);
        gx_mssurf_mem_free(&mem);
    }

    const double mhz = tb_synth_fmax_mhz("msld");
    tb_rng_t rng;
    tb_rng_seed(&rng, 1);
    for (int slot_only = 0; slot_only < 2; slot_only++) {
        if (slot_only)
            printf("\nThroughput, %u loads back to back at pixels wholly in their slot "
                   "(stores as above, the last 64 of whole pixels; loads at those pixels):\n\n", LOADS);
        else
            printf("\nThroughput, %u loads back to back after %u random stores (256 x 256, "
                   "K = 4):\n\n", LOADS, STORES);
        printf("| N | B | clocks / load | Mloads/s at %.1f MHz | with a read | analyzed | "
               "passes / analyzed load | sim loads/s |\n", mhz);
        printf("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (unsigned f = 0; f < 12; f++)
            throughput(f, slot_only, &rng, mhz);
    }
    if (failures)
        printf("\nbench_msld: %d RTL responses differ from gx_mssurf_load_finish\n", failures);
    return failures ? 1 : 0;
}
