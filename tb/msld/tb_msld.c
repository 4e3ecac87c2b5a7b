/* tb_msld: cosimulation of gx_msld (RTL, the memory side of SULD.MS) against
 * gx_mssurf_load_finish (C).
 *
 * State space covered, every run (N loads, default 100,000; knob N): phases of PHASE_LD
 * loads, each on one surface, every N in 2, 4, 8, 16 by every B in 4, 8, 16 in turn, in
 * two modes:
 *  - random (4 phases in 5): a surface of 1..40 tiles (often padded to whole tiles), the
 *    memory filled at random with every tile in a random state (1SPP, subset, full) and
 *    pixel data that fits it (full pixels: often every sample distinct; subset pixels
 *    1 in 20 every sample distinct too, beyond a written-back tile); random
 *    snapshots (peek = 1) of the load's tile: per pixel no / partial / full coverage,
 *    arrival 1SPP (full cover, uniform data), subset, full, data from a small palette,
 *    uniform, fresh bytes; the load's pixel is wholly in the slot, wholly in memory or
 *    mixed (chosen per load), any existing pixel of the tile, any sample < N;
 *  - realistic (1 phase in 5): random stores through gx_mssurf_coalesce with every
 *    eviction written back by gx_mssurf_writeback (so the memory holds real tiles in
 *    every state), then loads snapshotted by gx_mssurf_coalesce_load from the final
 *    buffer (the memory does not change while the loads run).
 * Each load goes through gx_mssurf_load_finish on one copy of the memory (the
 * expectation) and through the RTL on another (the driver answers the reads with
 * gx_mssurf_mem_answer after 0..12 clocks). Every response is compared field by field
 * (value: 16 bytes, mask, enc, analyzed, passes, read_bytes), in order; at each phase's
 * end both memories' traffic counters must be equal. Stalls: random gaps on ld_valid and
 * rd_resp_valid, back-pressure on rd_req_ready and resp_ready (a new profile every 64).
 * Functional coverage (fails the run when a bin is empty), per N x B: every response
 * enc (N = 2 has no subset: k is 1 or N); each state case (in the slot 1SPP / in the slot analyzed / in memory 1SPP / in
 * memory subset / in memory full / mixed); for N B > 32 an analyzed load with query
 * passes; realistic-mode responses of every enc; loads with and without a read. A
 * clock-by-clock check of the timing diagram in docs/msld.md comes first. Line, toggle
 * and GX_COVER coverage go to
 * build/coverage/gx_msld.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/mssurf.h"
#include "ms_stim.h"
#include "msld_rtl.h"
#include "tb.h"

#define PHASE_LD 400u


enum { C_SLOT1, C_SLOTANA, C_MEM1, C_MEMSUB, C_MEMFULL, C_MIXED, C_MEMUNI, C_CASES };
static const char *case_name[C_CASES] = {"in slot 1SPP", "in slot analyzed", "in memory 1SPP",
                                         "in memory subset", "in memory full", "mixed",
                                         "in memory uniform"};

typedef struct cov {
    uint64_t enc[12][3], cases[12][C_CASES], query[12], real_enc[3], reads, noreads;
} cov_t;

typedef struct phase {
    gx_ms_cfg_t cfg;
    uint8_t pal[4][16];
} phase_t;

/* Fill tile t of mem in state e with pixel data that state holds. */
static void fill_tile(tb_rng_t *r, const phase_t *ph, gx_ms_mem_t *mem, uint32_t t, gx_enc_t e)
{
    const unsigned n = tb_ms_spp_n(ph->cfg.spp), b = tb_ms_bps_b(ph->cfg.bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(&ph->cfg);
    const uint32_t valid = gx_mssurf_tile_valid(&ph->cfg, t);
    uint8_t *d = mem->data + (size_t)t * GX_MS_TILE_BYTES;
    memset(d, 0, GX_MS_TILE_BYTES);
    if (e == GX_ENCUNIFORM) {
        tb_ms_fill_uniform(r, &ph->cfg, ph->pal, mem, t);
        return;
    }
    for (unsigned p = 0; p < np; p++) {
        if (!((valid >> p) & 1u))
            continue;
        uint8_t cls[16][16];
        /* (a subset tile's pixel with every sample distinct, 1 in 20: more than a written
         * back tile holds, so the exact classifier's full outcome is compared too) */
        const int distinct = (e == GX_ENCFULL && tb_rng_pct(r, 40)) ||
                             (e == GX_ENCSUBSET && tb_rng_pct(r, 5));
        unsigned k = e == GX_ENC1SPP ? 1u
                   : e == GX_ENCSUBSET && !distinct ? tb_ms_rnd_in(r, 1, n - 1) : n;
        for (unsigned c = 0; c < k; c++) {
            if (distinct)
                for (unsigned j = 0; j < b; j++)
                    cls[c][j] = (uint8_t)(j == 0 ? c * 13u + 1u : tb_rng_u32(r));
            else
                tb_ms_pick_value(r, ph->cfg.bps, ph->pal, cls[c]);
        }
        for (unsigned i = 0; i < n; i++) {
            unsigned c = distinct ? i
                       : e == GX_ENCFULL ? (tb_rng_pct(r, 70) ? i : tb_rng_below(r, n))
                                         : tb_rng_below(r, k);
            memcpy(d + p * pb + i * b, cls[c], b);
        }
        if (e == GX_ENCSUBSET && !distinct) /* at most N - 1 classes: sample 1 = sample 0 */
            memcpy(d + p * pb + b, d + p * pb, b);
    }
    mem->enc[t] = (uint8_t)e;
}

/* A random snapshot of tile t; the load's pixel p gets coverage mode cm (0 none,
 * 1 partial, 2 full). */
static void gen_snap(tb_rng_t *r, const phase_t *ph, uint32_t t, unsigned lp, unsigned lcm,
                     gx_ms_evict_t *ev)
{
    const unsigned n = tb_ms_spp_n(ph->cfg.spp), b = tb_ms_bps_b(ph->cfg.bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(&ph->cfg);
    const uint16_t all = (uint16_t)((1u << n) - 1u);
    memset(ev, 0, sizeof *ev);
    ev->tile = t;
    ev->peek = 1;
    const uint32_t valid = gx_mssurf_tile_valid(&ph->cfg, t);
    const int resident = lcm != 0 || tb_rng_pct(r, 50);
    const unsigned dmode = tb_rng_below(r, 4);
    for (unsigned p = 0; p < np && resident; p++) {
        if (!((valid >> p) & 1u))
            continue;
        unsigned cm = p == lp ? lcm : tb_rng_below(r, 3);
        if (cm == 0)
            continue;
        uint16_t mask = cm == 1 ? (uint16_t)tb_ms_rnd_in(r, 1, all - 1u) : all;
        ev->cover[p] = mask;
        uint8_t v[16];
        tb_ms_pick_value(r, ph->cfg.bps, ph->pal, v);
        const int uniform = mask == all && (dmode == 0 || (dmode == 3 && tb_rng_pct(r, 50)));
        if (uniform && tb_rng_pct(r, 70))
            ev->arrive[p] = GX_ENC1SPP;
        else
            ev->arrive[p] = (uint8_t)(tb_rng_pct(r, 60) ? GX_ENCSUBSET : GX_ENCFULL);
        for (unsigned i = 0; i < n; i++) {
            if (!((mask >> i) & 1u))
                continue;
            uint8_t *s = ev->data + p * pb + i * b;
            if (uniform || tb_rng_pct(r, 40))
                memcpy(s, v, b);
            else if (dmode == 2)
                for (unsigned j = 0; j < b; j++)
                    s[j] = (uint8_t)(j == 0 ? i * 29u + 3u : tb_rng_u32(r));
            else
                tb_ms_pick_value(r, ph->cfg.bps, ph->pal, s);
        }
    }
}

typedef struct wbctx {
    const gx_ms_cfg_t *cfg;
    gx_ms_mem_t *mem;
} wbctx_t;

static void wb(void *c, const gx_ms_evict_t *ev)
{
    wbctx_t *w = c;
    gx_ms_flush_t f;
    gx_mssurf_writeback(w->cfg, w->mem, ev, &f);
}

/* Realistic mode: stores through the coalesce unit, evictions written back to mem. */
static void gen_realistic(tb_rng_t *r, const phase_t *ph, gx_ms_lsu_t *lsu, gx_ms_mem_t *mem)
{
    const unsigned n = tb_ms_spp_n(ph->cfg.spp), b = tb_ms_bps_b(ph->cfg.bps);
    const uint16_t all = (uint16_t)((1u << n) - 1u);
    const uint16_t w = ph->cfg.width, h = ph->cfg.height;
    wbctx_t c = {&ph->cfg, mem};
    gx_mssurf_lsu_init(lsu, &ph->cfg);
    uint32_t sweep = tb_rng_below(r, (uint32_t)w * h);
    const unsigned stores = tb_ms_rnd_in(r, 50, 600);
    for (unsigned k = 0; k < stores; k++) {
        if (tb_rng_pct(r, 2)) {
            gx_mssurf_coalesce_flush(lsu, wb, &c);
            continue;
        }
        gx_ms_store_t st;
        memset(&st, 0, sizeof st);
        if (tb_rng_pct(r, 40)) { /* a sweep in tile order: tiles fill */
            tb_ms_sweep_pixel(&ph->cfg, &sweep, &st.x, &st.y);
            st.mask = all;
            tb_ms_pick_value(r, ph->cfg.bps, ph->pal, st.value);
        } else {
            st.x = (uint16_t)tb_rng_below(r, w);
            st.y = (uint16_t)tb_rng_below(r, h);
            st.mask = tb_rng_pct(r, 40) ? all : (uint16_t)tb_ms_rnd_in(r, 1, all);
            st.full = (uint8_t)tb_rng_pct(r, 20);
            for (unsigned s = 0; s < (st.full ? n : 1u); s++)
                tb_ms_pick_value(r, ph->cfg.bps, ph->pal, st.value + s * b);
        }
        gx_mssurf_coalesce(lsu, &st, wb, &c);
    }
}

static void fmt_resp(char *buf, size_t len, const gx_ms_load_resp_t *x)
{
    int o = snprintf(buf, len, "mask %04x enc %d analyzed %u passes %u read %u value",
                     x->mask, (int)x->enc, x->analyzed, x->passes, x->read_bytes);
    for (unsigned j = 0; j < 16 && o < (int)len; j++)
        o += snprintf(buf + o, len - (size_t)o, " %02x", x->value[j]);
}

static uint64_t run_all(const tb_opts_t *o, const char *fst, const char *cov_path,
                        tb_report_t *rep, cov_t *cov, uint64_t *cycles_out)
{
    tb_rng_t r, stall_rng;
    tb_rng_seed(&r, o->seed);
    tb_rng_seed_stalls(&stall_rng, o);
    phase_t ph;
    memset(&ph, 0, sizeof ph);
    memset(cov, 0, sizeof *cov);
    gx_ms_evict_t *snap = calloc(PHASE_LD, sizeof *snap);
    gx_ms_load_t *ld = calloc(PHASE_LD, sizeof *ld);
    gx_ms_load_resp_t *want = calloc(PHASE_LD, sizeof *want);
    uint8_t *lcase = calloc(PHASE_LD, 1);
    uint32_t *simg = calloc((size_t)PHASE_LD * GX_MS_EVICT_WORDS, sizeof *simg);
    uint32_t *limg = calloc((size_t)PHASE_LD * GX_MS_LD_WORDS, sizeof *limg);
    uint32_t *rimg = calloc((size_t)PHASE_LD * GX_MS_LDRESP_WORDS, sizeof *rimg);
    static gx_ms_lsu_t lsu;
    if (!snap || !ld || !want || !lcase || !simg || !limg || !rimg) {
        fprintf(stderr, "tb_msld: out of memory\n");
        exit(2);
    }
    void *m = gx_msld_rtl_new(fst);
    uint64_t sent = 0, cycles = 0;
    unsigned phase = 0;
    int ok_run = 1;
    while (ok_run && (sent < o->n || phase < 60)) {
        const unsigned f = phase % 12;
        const gx_spp_t spp = (gx_spp_t)(f / 3);
        const gx_bps_t bps = (gx_bps_t)(f % 3);
        const unsigned n = tb_ms_spp_n(spp), b = tb_ms_bps_b(bps);
        const uint16_t all = (uint16_t)((1u << n) - 1u);
        const int realistic = (phase / 12) % 5 == 4;
        phase++;
        tb_ms_surface(&r, spp, bps, realistic ? 12 : 40, 25, &ph.cfg, ph.pal);
        const uint16_t w = ph.cfg.width, h = ph.cfg.height;
        gx_ms_mem_t mref, mdut;
        if (!gx_mssurf_mem_init(&mref, &ph.cfg) || !gx_mssurf_mem_init(&mdut, &ph.cfg)) {
            fprintf(stderr, "tb_msld: bad surface %ux%u\n", w, h);
            exit(2);
        }
        if (realistic)
            gen_realistic(&r, &ph, &lsu, &mref);
        else
            for (uint32_t t = 0; t < mref.tiles; t++)
                fill_tile(&r, &ph, &mref, t, (gx_enc_t)tb_rng_below(&r, 4));
        memcpy(mdut.data, mref.data, (size_t)mref.tiles * GX_MS_TILE_BYTES);
        memcpy(mdut.enc, mref.enc, mref.tiles);
        memset(&mref.cnt, 0, sizeof mref.cnt);
        memset(&mdut.cnt, 0, sizeof mdut.cnt);
        const uint32_t pixels = (uint32_t)w * h;
        for (unsigned i = 0; i < PHASE_LD; i++) {
            unsigned p;
            uint32_t t;
            if (realistic) {
                const uint32_t idx = tb_rng_below(&r, pixels);
                ld[i].x = (uint16_t)(idx % w);
                ld[i].y = (uint16_t)(idx / w);
                t = gx_mssurf_pixel_tile(&ph.cfg, ld[i].x, ld[i].y, &p);
                gx_mssurf_coalesce_load(&lsu, ld[i].x, ld[i].y, &snap[i]);
            } else {
                /* a pixel of a tile (the last one often) inside the surface */
                t = tb_rng_pct(&r, 25) ? mref.tiles - 1u : tb_rng_below(&r, mref.tiles);
                p = tb_ms_tile_pixel(&r, &ph.cfg, t, &ld[i].x, &ld[i].y);
                gen_snap(&r, &ph, t, p, tb_rng_below(&r, 3), &snap[i]);
            }
            ld[i].sample = (uint8_t)tb_rng_below(&r, n);
            const uint16_t c = snap[i].cover[p];
            lcase[i] = c == all ? (snap[i].arrive[p] == GX_ENC1SPP ? C_SLOT1 : C_SLOTANA)
                       : c ? C_MIXED
                       : mref.enc[t] == GX_ENC1SPP ? C_MEM1
                       : mref.enc[t] == GX_ENCUNIFORM ? C_MEMUNI
                       : mref.enc[t] == GX_ENCSUBSET ? C_MEMSUB : C_MEMFULL;
            gx_mssurf_load_finish(&ph.cfg, &mref, &snap[i], &ld[i], &want[i]);
            gx_mssurf_evict_pack(&snap[i], spp, simg + (size_t)i * GX_MS_EVICT_WORDS);
            gx_mssurf_ld_pack(&ph.cfg, &ld[i], limg + (size_t)i * GX_MS_LD_WORDS);
        }
        gx_msld_rtl_cfg(m, &ph.cfg);
        gx_msld_run_stats_t st;
        memset(rimg, 0, (size_t)PHASE_LD * GX_MS_LDRESP_WORDS * sizeof *rimg);
        int ok = gx_msld_rtl_run(m, &mdut, simg, limg, PHASE_LD, rimg, &stall_rng, 1, 64, 12, &st);
        cycles += st.cycles;
        tb_check(rep, ok && st.resps == PHASE_LD, "phase %u (%ux%u N=%u B=%u): RTL stopped after "
                 "%" PRIu64 " responses: an assertion failed, the streams hung or too many "
                 "responses", phase, w, h, n, b, st.resps);
        if (!ok)
            ok_run = 0;
        for (uint64_t i = 0; i < st.resps && i < PHASE_LD; i++) {
            gx_ms_load_resp_t got;
            const gx_ms_load_resp_t *x = &want[i];
            gx_mssurf_ldresp_unpack(rimg + i * GX_MS_LDRESP_WORDS, &got);
            if (gx_mssurf_ldresp_eq(&got, x)) {
                tb_check(rep, 1, "%s", "");
            } else {
                char a[200], bb[200];
                fmt_resp(a, sizeof a, x);
                fmt_resp(bb, sizeof bb, &got);
                tb_check(rep, 0, "phase %u (%ux%u N=%u B=%u) load %" PRIu64 " (%u,%u) sample %u "
                         "tile %u case %s\n  model %s\n  rtl   %s", phase, w, h, n, b, i,
                         ld[i].x, ld[i].y, ld[i].sample, snap[i].tile, case_name[lcase[i]], a, bb);
            }
            cov->enc[f][x->enc]++;
            cov->cases[f][lcase[i]]++;
            if (n * b > 32 && x->analyzed && x->passes > (n * b) / 32u)
                cov->query[f]++;
            if (realistic)
                cov->real_enc[x->enc]++;
            if (x->read_bytes)
                cov->reads++;
            else
                cov->noreads++;
        }
        tb_check(rep, !memcmp(&mdut.cnt, &mref.cnt, sizeof mdut.cnt),
                 "phase %u (%ux%u N=%u B=%u): memory traffic through the RTL differs (read "
                 "bytes %" PRIu64 " vs %" PRIu64 ", loads %" PRIu64 " vs %" PRIu64 ")", phase,
                 w, h, n, b, mdut.cnt.read_bytes, mref.cnt.read_bytes, mdut.cnt.read_load,
                 mref.cnt.read_load);
        sent += PHASE_LD;
        gx_mssurf_mem_free(&mref);
        gx_mssurf_mem_free(&mdut);
    }
    gx_msld_rtl_free(m, cov_path);
    printf("tb_msld: %u phases, %" PRIu64 " loads, %" PRIu64 " cycles with stalls\n", phase,
           sent, cycles);
    *cycles_out = cycles;
    free(snap);
    free(ld);
    free(want);
    free(lcase);
    free(simg);
    free(limg);
    free(rimg);
    return sent;
}

static int cov_check(const cov_t *c)
{
    int holes = 0;
    static const char *en[] = {"1SPP", "subset", "full"};
    for (unsigned f = 0; f < 12; f++) {
        const unsigned n = 2u << (f / 3), b = 4u << (f % 3);
        for (unsigned e = 0; e < 3; e++)
            if (!c->enc[f][e] && !(n == 2 && e == 1)) { /* N = 2: k is 1 or N */
                printf("COVERAGE HOLE: N=%u B=%u enc %s\n", n, b, en[e]);
                holes++;
            }
        for (unsigned k = 0; k < C_CASES; k++)
            if (!c->cases[f][k]) {
                printf("COVERAGE HOLE: N=%u B=%u %s\n", n, b, case_name[k]);
                holes++;
            }
        if (n * b > 32 && !c->query[f]) {
            printf("COVERAGE HOLE: N=%u B=%u analyzed multi-line pixel with query passes\n", n, b);
            holes++;
        }
    }
    for (unsigned e = 0; e < 3; e++)
        if (!c->real_enc[e]) {
            printf("COVERAGE HOLE: realistic mode enc %s\n", en[e]);
            holes++;
        }
    if (!c->reads || !c->noreads) {
        printf("COVERAGE HOLE: loads with and without a read\n");
        holes++;
    }
    return holes;
}

/* The timing diagram of docs/msld.md, clock by clock: N = 2, B = 4, a 2 x 1 surface,
 * the load of pixel 0 sample 1 with sample 0 in the slot (arrival subset), the tile in
 * memory full with sample 1 different: one read, answered in the clock after the
 * request, one line analysis (the analyzer's latency is 2); the load offered in every
 * clock, responses always taken. */
static void timing_check(tb_report_t *rep)
{
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 2, 1, GX_SPP2, GX_BPS4);
    gx_ms_mem_t mem;
    gx_mssurf_mem_init(&mem, &cfg);
    for (unsigned j = 0; j < 8; j++)
        mem.data[j] = (uint8_t)(j < 4 ? 1 : 2);
    mem.enc[0] = GX_ENCFULL;
    gx_ms_evict_t snap;
    memset(&snap, 0, sizeof snap);
    snap.peek = 1;
    snap.cover[0] = 1;
    snap.arrive[0] = GX_ENCSUBSET;
    memset(snap.data, 3, 4);
    gx_ms_load_t ld = {0, 0, 1};
    gx_ms_load_resp_t want, got;
    gx_mssurf_load_finish(&cfg, &mem, &snap, &ld, &want);
    uint32_t s[GX_MS_EVICT_WORDS], l[GX_MS_LD_WORDS], rd[GX_MS_RDRESP_WORDS];
    gx_mssurf_evict_pack(&snap, cfg.spp, s);
    gx_mssurf_ld_pack(&cfg, &ld, l);
    void *m = gx_msld_rtl_new(NULL);
    gx_msld_rtl_cfg(m, &cfg);
    static const int w_ready[11] = {0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0};
    static const int w_req[11] = {0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0};
    static const int w_rresp[11] = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0};
    static const int w_resp[11] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0};
    int ok = 1, pending = 0;
    for (unsigned c = 0; c < 11; c++) {
        gx_msld_io_t io;
        memset(&io, 0, sizeof io);
        io.ld_valid = 1;
        io.snap = s;
        io.ld = l;
        io.rd_req_ready = 1;
        io.rd_resp_valid = pending;
        io.rd_resp = rd;
        io.resp_ready = 1;
        gx_msld_rtl_eval(m, &io);
        if (io.ld_ready != w_ready[c] || io.rd_req_valid != w_req[c] ||
            io.rd_resp_ready != w_rresp[c] || io.resp_valid != w_resp[c])
            ok = 0;
        if (pending && io.rd_resp_ready)
            pending = 0;
        if (io.rd_req_valid) {
            gx_mssurf_mem_answer(&mem, io.rd_req, rd);
            pending = 1;
        }
        if (io.resp_valid) {
            gx_mssurf_ldresp_unpack(io.resp, &got);
            if (!gx_mssurf_ldresp_eq(&got, &want) || got.passes != 1 || !got.analyzed)
                ok = 0;
        }
        if (!gx_msld_rtl_tick(m))
            ok = 0;
    }
    gx_msld_rtl_free(m, NULL);
    gx_mssurf_mem_free(&mem);
    tb_check(rep, ok, "the timing diagram of docs/msld.md does not hold");
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_msld", 100000);
    printf("tb_msld: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_msld", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    cov_t cov;
    uint64_t cycles = 0;
    timing_check(&rep);
    uint64_t sent = run_all(&o, o.waves ? path : NULL, cpath, &rep, &cov, &cycles);
    int holes = cov_check(&cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    tb_check(&rep, sent >= o.n, "%" PRIu64 " loads, fewer than N", sent);
    uint64_t by[3] = {0, 0, 0};
    for (unsigned f = 0; f < 12; f++)
        for (unsigned e = 0; e < 3; e++)
            by[e] += cov.enc[f][e];
    printf("tb_msld: responses by enc: 1SPP %" PRIu64 " subset %" PRIu64 " full %" PRIu64
           "; with a read %" PRIu64 ", without %" PRIu64 "\n", by[0], by[1], by[2], cov.reads,
           cov.noreads);
    if (rep.failed && !o.waves) {
        printf("tb_msld: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        tb_report_t r2;
        memset(&r2, 0, sizeof r2);
        run_all(&o, path, NULL, &r2, &cov, &cycles);
    }
    return tb_summary(&rep);
}
