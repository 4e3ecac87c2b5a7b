/* tb_mswb: cosimulation of gx_mswb (RTL flush encoder) against gx_mssurf_writeback (C).
 *
 * State space covered, every run (N evictions, default 50,000; knob N): phases of
 * PHASE_EV records, each on one surface, every N in 2, 4, 8, 16 by every B in 4, 8, 16
 * in turn, in two modes:
 *  - random (4 phases in 5): a surface of 1..40 tiles (often padded to whole tiles),
 *    the memory filled at random with every tile in a random state
 *    (1SPP, subset, full) and pixel data that fits it; random evictions: cause 0..3,
 *    tiles anywhere (the last one often), per pixel no / partial / full coverage, arrival
 *    states 1SPP (full cover, uniform data), subset and full, data from a small palette
 *    (equal samples), uniform pixels, fresh random bytes, and values within a few units
 *    of each other; T = 0 or 1..8 (threshold merging); 5% peek records (dropped);
 *  - realistic (1 phase in 5): gx_mssurf_coalesce on random stores (SUST.MS full and
 *    partial masks, full-state stores, repeated pixels) and loads (gx_mssurf_coalesce_load
 *    snapshots, peek = 1), closed by gx_mssurf_coalesce_flush, from a cleared memory.
 * The same records go through gx_mssurf_writeback on one copy of the memory (the
 * expectation) and through the RTL on another: the driver answers the RTL's reads from
 * its copy with gx_mssurf_mem_answer after a random latency and applies each packet
 * with gx_mssurf_mem_write. Every packet is compared field by field (tile, cause, enc,
 * cover, written, payload_bytes, all 360 payload bytes, read_rmw, read_promote,
 * analyzed, passes), in order; at each phase's end both memories (data, states, traffic
 * counters) must be equal, and none refused a write. Stalls: random gaps on ev_valid and
 * rd_resp_valid, random back-pressure on rd_req_ready and fl_ready (a new profile every
 * 64 records), read latency 0..12 clocks.
 * Functional coverage (fails the run when a bin is empty): every encoding for every
 * N x B; per N x B an RMW read, a promote read (not at N B = 256: a one-pixel tile with
 * a covered pixel is all covered, so it is never promoted), a state-only read, a full rewrite, a
 * write that keeps Em; every cause; threshold packets; a re-analyzed multi-line pixel for
 * every N B > 32 format (query passes); a written padded tile; dropped peeks;
 * realistic-mode packets of every encoding. A clock-by-clock check of the timing diagram
 * in docs/mswb.md comes first. Line, toggle and GX_COVER coverage go to
 * build/coverage/gx_mswb.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/mssurf.h"
#include "ms_stim.h"
#include "mswb_rtl.h"
#include "tb.h"

#define PHASE_EV 400u
#define MAX_REC (PHASE_EV + 64u)


typedef struct cov {
    uint64_t enc[12][4], from_uniform[12];
    uint64_t rmw[12], promote[12], state_rd[12], rewrite[12], keep[12], multi[12];
    uint64_t cause[4];
    uint64_t thr, padded, peeks, real_enc[4];
} cov_t;

/* A phase: its format, records and memory. */
typedef struct phase {
    gx_ms_cfg_t cfg;
    gx_ms_evict_t *ev;
    uint64_t n;
    int realistic;
    uint8_t pal[4][16];
} phase_t;

/* Fill tile t of mem in state e with pixel data that state holds (uniform: one value). */
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
        unsigned k = e == GX_ENC1SPP ? 1u : e == GX_ENCSUBSET ? tb_ms_rnd_in(r, 1, n - 1) : n;
        for (unsigned c = 0; c < k; c++)
            tb_ms_pick_value(r, ph->cfg.bps, ph->pal, cls[c]);
        for (unsigned i = 0; i < n; i++) {
            unsigned c = e == GX_ENCFULL ? (tb_rng_pct(r, 70) ? i : tb_rng_below(r, n))
                                         : tb_rng_below(r, k);
            if (e == GX_ENCSUBSET && i == n - 1) /* at least two samples share a class */
                c = tb_rng_below(r, k);
            memcpy(d + p * pb + i * b, cls[c], b);
        }
        if (e == GX_ENCSUBSET && n > 1) /* make sure: sample 1 = sample 0 sometimes */
            if (k == n - 1 || tb_rng_pct(r, 30))
                memcpy(d + p * pb + b, d + p * pb, b);
    }
    mem->enc[t] = (uint8_t)e;
}

/* A random eviction of the phase's surface. */
static void gen_evict(tb_rng_t *r, const phase_t *ph, uint32_t tiles, gx_ms_evict_t *ev)
{
    const unsigned n = tb_ms_spp_n(ph->cfg.spp), b = tb_ms_bps_b(ph->cfg.bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(&ph->cfg);
    const uint16_t all = (uint16_t)((1u << n) - 1u);
    memset(ev, 0, sizeof *ev);
    ev->tile = tb_rng_pct(r, 25) ? tiles - 1u : tb_rng_below(r, tiles);
    ev->cause = (gx_ms_cause_t)tb_rng_below(r, 4);
    const uint32_t valid = gx_mssurf_tile_valid(&ph->cfg, ev->tile);
    const unsigned shape = tb_rng_below(r, 8); /* 0: every pixel full, 1: all covered,
                                                  2: sparse, 3: dense, 4: one pixel, 5: mix,
                                                  6: sparse whole uniform pixels, 7: every
                                                  pixel full with one value (often) */
    const unsigned one = tb_rng_below(r, np);
    const unsigned dmode = shape >= 6 ? 0 : tb_rng_below(r, 4); /* 0: uniform pixels,
                                                  1: palette, 2: near, 3: mix */
    uint8_t tv[16]; /* shape 7: the tile's value */
    tb_ms_pick_value(r, ph->cfg.bps, ph->pal, tv);
    for (unsigned p = 0; p < np; p++) {
        if (!((valid >> p) & 1u))
            continue;
        unsigned cm; /* 0 none, 1 partial, 2 full */
        switch (shape) {
        case 0: case 7: cm = 2; break;
        case 1: cm = tb_rng_pct(r, 50) ? 2 : 1; break;
        case 2: cm = tb_rng_pct(r, 25) ? 1 + tb_rng_below(r, 2) : 0; break;
        case 3: cm = tb_rng_pct(r, 80) ? 1 + tb_rng_below(r, 2) : 0; break;
        case 4: cm = p == one ? 1 + tb_rng_below(r, 2) : 0; break;
        case 6: cm = tb_rng_pct(r, 30) ? 2 : 0; break;
        default: cm = tb_rng_below(r, 3); break;
        }
        if (cm == 0)
            continue;
        uint16_t mask = all;
        if (cm == 1)
            mask = (uint16_t)tb_ms_rnd_in(r, 1, all - 1u);
        ev->cover[p] = mask;
        uint8_t v[16];
        tb_ms_pick_value(r, ph->cfg.bps, ph->pal, v);
        if (shape == 7 && tb_rng_pct(r, 97))
            memcpy(v, tv, sizeof v);
        const int uniform = mask == all && (dmode == 0 || (dmode == 3 && tb_rng_pct(r, 50)));
        if (uniform && tb_rng_pct(r, 70))
            ev->arrive[p] = GX_ENC1SPP;
        else
            ev->arrive[p] = (uint8_t)(tb_rng_pct(r, 60) ? GX_ENCSUBSET : GX_ENCFULL);
        for (unsigned i = 0; i < n; i++) {
            if (!((mask >> i) & 1u))
                continue;
            uint8_t *s = ev->data + p * pb + i * b;
            if (uniform) {
                memcpy(s, v, b);
            } else if (dmode == 2 || (dmode == 3 && tb_rng_pct(r, 30))) {
                for (unsigned j = 0; j < b; j++)
                    s[j] = (uint8_t)(v[j] + (tb_rng_pct(r, 40) ? tb_ms_rnd_in(r, 0, 8) - 4 : 0));
            } else if (tb_rng_pct(r, 50)) {
                memcpy(s, v, b);
            } else {
                tb_ms_pick_value(r, ph->cfg.bps, ph->pal, s);
            }
        }
    }
}

/* Realistic mode: the coalesce unit's records. */
typedef struct coll {
    gx_ms_evict_t *ev;
    uint64_t n, cap;
} coll_t;

static void collect(void *ctx, const gx_ms_evict_t *ev)
{
    coll_t *c = ctx;
    if (c->n < c->cap)
        c->ev[c->n++] = *ev;
}

static void gen_realistic(tb_rng_t *r, phase_t *ph)
{
    const unsigned n = tb_ms_spp_n(ph->cfg.spp), b = tb_ms_bps_b(ph->cfg.bps);
    static gx_ms_lsu_t lsu;
    coll_t c = {ph->ev, 0, PHASE_EV};
    gx_mssurf_lsu_init(&lsu, &ph->cfg);
    const uint16_t w = ph->cfg.width, h = ph->cfg.height;
    uint16_t lx = 0, ly = 0;
    uint32_t sweep = tb_rng_below(r, (uint32_t)w * h);
    while (c.n + GX_MS_MAX_SLOTS + 2u < PHASE_EV) {
        if (tb_rng_pct(r, 5)) {
            gx_ms_evict_t snap;
            gx_mssurf_coalesce_load(&lsu, tb_rng_pct(r, 70) ? lx : (uint16_t)tb_rng_below(r, w),
                                    tb_rng_pct(r, 70) ? ly : (uint16_t)tb_rng_below(r, h), &snap);
            collect(&c, &snap);
            continue;
        }
        if (tb_rng_pct(r, 1)) {
            gx_mssurf_coalesce_flush(&lsu, collect, &c);
            continue;
        }
        gx_ms_store_t st;
        memset(&st, 0, sizeof st);
        const uint16_t all = (uint16_t)((1u << n) - 1u);
        if (tb_rng_pct(r, 40)) { /* sweep with full masks: tiles fill */
            const uint32_t i = sweep++ % ((uint32_t)w * h);
            st.x = (uint16_t)(i % w);
            st.y = (uint16_t)(i / w);
            st.mask = all;
            tb_ms_pick_value(r, ph->cfg.bps, ph->pal, st.value);
        } else {
            if (tb_rng_pct(r, 30)) {
                st.x = lx;
                st.y = ly;
            } else {
                st.x = (uint16_t)tb_rng_below(r, w);
                st.y = (uint16_t)tb_rng_below(r, h);
            }
            st.mask = tb_rng_pct(r, 40) ? all : (uint16_t)tb_ms_rnd_in(r, 1, all);
            st.full = (uint8_t)tb_rng_pct(r, 20);
            for (unsigned s = 0; s < (st.full ? n : 1u); s++)
                tb_ms_pick_value(r, ph->cfg.bps, ph->pal, st.value + s * b);
        }
        lx = st.x;
        ly = st.y;
        gx_mssurf_coalesce(&lsu, &st, collect, &c);
    }
    gx_mssurf_coalesce_flush(&lsu, collect, &c);
    ph->n = c.n;
}

static void mem_copy(gx_ms_mem_t *dst, const gx_ms_mem_t *src)
{
    memcpy(dst->data, src->data, (size_t)src->tiles * GX_MS_TILE_BYTES);
    memcpy(dst->enc, src->enc, src->tiles);
    dst->cnt = src->cnt;
}

static void fmt_fl(char *buf, size_t len, const gx_ms_flush_t *f)
{
    int o = snprintf(buf, len, "tile %u cause %d enc %d written %08x bytes %u rmw %u prom %u "
                     "analyzed %u passes %u payload", f->tile, (int)f->cause, (int)f->enc,
                     f->written, f->payload_bytes, f->read_rmw, f->read_promote, f->analyzed,
                     f->passes);
    for (unsigned j = 0; j < 16 && o < (int)len; j++)
        o += snprintf(buf + o, len - (size_t)o, " %02x", f->payload[j]);
}

/* Run every phase; returns the number of evictions sent. */
static uint64_t run_all(const tb_opts_t *o, const char *fst, const char *cov_path,
                        tb_report_t *rep, cov_t *cov, uint64_t *cycles_out)
{
    tb_rng_t r, stall_rng;
    tb_rng_seed(&r, o->seed);
    tb_rng_seed_stalls(&stall_rng, o);
    phase_t ph;
    memset(&ph, 0, sizeof ph);
    memset(cov, 0, sizeof *cov);
    ph.ev = calloc(MAX_REC, sizeof *ph.ev);
    uint32_t *img = calloc((size_t)MAX_REC * GX_MS_EVICT_WORDS, sizeof *img);
    uint32_t *fl = calloc((size_t)MAX_REC * GX_MS_FLUSH_WORDS, sizeof *fl);
    gx_ms_flush_t *want = calloc(MAX_REC, sizeof *want);
    uint8_t *em = calloc(MAX_REC, 1);
    if (!ph.ev || !img || !fl || !want || !em) {
        fprintf(stderr, "tb_mswb: out of memory\n");
        exit(2);
    }
    void *m = gx_mswb_rtl_new(fst);
    uint64_t sent = 0, packets = 0, cycles = 0;
    unsigned phase = 0;
    int ok_run = 1;
    while (ok_run && (sent < o->n || phase < 60)) {
        const unsigned f = phase % 12;
        const gx_spp_t spp = (gx_spp_t)(f / 3);
        const gx_bps_t bps = (gx_bps_t)(f % 3);
        const unsigned n = tb_ms_spp_n(spp), b = tb_ms_bps_b(bps), pp = 256u / (n * b);
        ph.realistic = (phase / 12) % 5 == 4;
        phase++;
        tb_ms_surface(&r, spp, bps, ph.realistic ? 12 : 40, 35, &ph.cfg, ph.pal);
        const uint16_t w = ph.cfg.width, h = ph.cfg.height;
        gx_ms_mem_t mem0, mref, mdut;
        if (!gx_mssurf_mem_init(&mem0, &ph.cfg) || !gx_mssurf_mem_init(&mref, &ph.cfg) ||
            !gx_mssurf_mem_init(&mdut, &ph.cfg)) {
            fprintf(stderr, "tb_mswb: bad surface %ux%u\n", w, h);
            exit(2);
        }
        if (ph.realistic) {
            gen_realistic(&r, &ph);
        } else {
            for (uint32_t t = 0; t < mem0.tiles; t++)
                fill_tile(&r, &ph, &mem0, t, (gx_enc_t)tb_rng_below(&r, 4));
            ph.n = PHASE_EV;
            for (uint64_t i = 0; i < ph.n; i++) {
                gen_evict(&r, &ph, mem0.tiles, &ph.ev[i]);
                if (tb_rng_pct(&r, 5)) {
                    ph.ev[i].peek = 1;
                    ph.ev[i].cause = GX_MS_FULL;
                }
            }
        }
        mem_copy(&mref, &mem0);
        mem_copy(&mdut, &mem0);
        /* the expectation */
        uint64_t nw = 0;
        const unsigned np = gx_mssurf_tile_pixels(&ph.cfg);
        for (uint64_t i = 0; i < ph.n; i++) {
            gx_mssurf_evict_pack(&ph.ev[i], spp, img + i * GX_MS_EVICT_WORDS);
            if (ph.ev[i].peek) {
                cov->peeks++;
                continue;
            }
            em[nw] = mref.enc[ph.ev[i].tile];
            int okw = gx_mssurf_writeback(&ph.cfg, &mref, &ph.ev[i], &want[nw]);
            tb_check(rep, okw, "phase %u eviction %" PRIu64 ": the C model's write was refused",
                     phase, i);
            nw++;
        }
        gx_mswb_rtl_cfg(m, &ph.cfg);
        gx_mswb_run_stats_t st;
        int ok = gx_mswb_rtl_run(m, &mdut, img, ph.n, fl, MAX_REC, &stall_rng, 1, 64, 12, &st);
        cycles += st.cycles;
        tb_check(rep, ok, "phase %u: RTL stopped after %" PRIu64 " packets: an assertion "
                 "failed, the streams hung or too many packets", phase, st.packets);
        tb_check(rep, st.packets == nw, "phase %u (%ux%u N=%u B=%u T=%u): %" PRIu64
                 " packets from the RTL, %" PRIu64 " from the model", phase, w, h, n, b,
                 ph.cfg.threshold, st.packets, nw);
        if (!ok)
            ok_run = 0;
        for (uint64_t i = 0; i < st.packets && i < nw; i++) {
            gx_ms_flush_t got;
            const gx_ms_flush_t *x = &want[i];
            gx_mssurf_flush_unpack(fl + i * GX_MS_FLUSH_WORDS, spp, &got);
            if (gx_mssurf_flush_eq(&got, x)) {
                tb_check(rep, 1, "%s", "");
            } else {
                char a[400], bb[400];
                fmt_fl(a, sizeof a, x);
                fmt_fl(bb, sizeof bb, &got);
                tb_check(rep, 0, "phase %u (%ux%u N=%u B=%u T=%u) packet %" PRIu64
                         "\n  model %s\n  rtl   %s", phase, w, h, n, b, ph.cfg.threshold, i, a, bb);
            }
            /* coverage, from the model's packet */
            const uint32_t valid = gx_mssurf_tile_valid(&ph.cfg, x->tile);
            uint32_t cv = 0, part = 0;
            for (unsigned p = 0; p < np; p++) {
                if (x->cover[p])
                    cv |= 1u << p;
                if (x->cover[p] && x->cover[p] != (1u << n) - 1u)
                    part |= 1u << p;
            }
            cov->enc[f][x->enc]++;
            cov->cause[x->cause & 3]++;
            if (part)
                cov->rmw[f]++;
            if (x->read_promote)
                cov->promote[f]++;
            if (x->read_promote && em[i] == GX_ENCUNIFORM)
                cov->from_uniform[f]++;
            if (!part && cv != valid)
                cov->state_rd[f]++;
            if (cv == valid)
                cov->rewrite[f]++;
            if (cv != valid && !x->read_promote && x->written == cv && x->enc == em[i])
                cov->keep[f]++;
            if (n * b > 32 && x->analyzed)
                cov->multi[f]++;
            if (ph.cfg.threshold && x->analyzed)
                cov->thr++;
            uint32_t lx, ly; /* the tile's last pixel lies in the padding */
            gx_mssurf_tile_xy(&ph.cfg, x->tile, pp - 1u, &lx, &ly);
            cov->padded += lx >= ph.cfg.width || ly >= ph.cfg.height;
            if (ph.realistic)
                cov->real_enc[x->enc]++;
        }
        tb_check(rep, !memcmp(&mdut.cnt, &mref.cnt, sizeof mdut.cnt) &&
                 !memcmp(mdut.data, mref.data, (size_t)mref.tiles * GX_MS_TILE_BYTES) &&
                 !memcmp(mdut.enc, mref.enc, mref.tiles) && mdut.cnt.bad_writes == 0,
                 "phase %u (%ux%u N=%u B=%u T=%u): memory through the RTL differs from the C "
                 "path (bad writes %" PRIu64 ", read bytes %" PRIu64 " vs %" PRIu64 ")", phase,
                 w, h, n, b, ph.cfg.threshold, mdut.cnt.bad_writes, mdut.cnt.read_bytes,
                 mref.cnt.read_bytes);
        sent += ph.n;
        packets += st.packets;
        gx_mssurf_mem_free(&mem0);
        gx_mssurf_mem_free(&mref);
        gx_mssurf_mem_free(&mdut);
    }
    gx_mswb_rtl_free(m, cov_path);
    printf("tb_mswb: %u phases, %" PRIu64 " records (%" PRIu64 " peeks), %" PRIu64
           " packets, %" PRIu64 " cycles with stalls\n", phase, sent, cov->peeks, packets, cycles);
    *cycles_out = cycles;
    free(ph.ev);
    free(img);
    free(fl);
    free(want);
    free(em);
    return sent;
}

static int cov_check(const cov_t *c)
{
    int holes = 0;
    static const char *en[] = {"1SPP", "subset", "full", "uniform"};
    for (unsigned f = 0; f < 12; f++) {
        const unsigned n = 2u << (f / 3), b = 4u << (f % 3);
        for (unsigned e = 0; e < 4; e++) /* P = 1: every 1SPP packet is whole, so uniform */
            if (!c->enc[f][e] && !(e == GX_ENC1SPP && n * b == 256)) {
                printf("COVERAGE HOLE: N=%u B=%u enc %s\n", n, b, en[e]);
                holes++;
            }
        const uint64_t *v[] = {&c->rmw[f], &c->promote[f], &c->state_rd[f], &c->rewrite[f],
                               &c->keep[f], &c->from_uniform[f]};
        static const char *vn[] = {"RMW read", "promote read", "state-only read",
                                   "full rewrite", "write keeping Em", "promotion of a uniform tile"};
        for (unsigned i = 0; i < 6; i++) /* P = 1: a covered tile is all covered */
            if (!*v[i] && !((i == 1 || i == 5) && n * b == 256)) {
                printf("COVERAGE HOLE: N=%u B=%u %s\n", n, b, vn[i]);
                holes++;
            }
        if (n * b > 32 && !c->multi[f]) {
            printf("COVERAGE HOLE: N=%u B=%u re-analyzed multi-line pixel\n", n, b);
            holes++;
        }
    }
    for (unsigned k = 0; k < 4; k++)
        if (!c->cause[k]) {
            printf("COVERAGE HOLE: cause %u\n", k);
            holes++;
        }
    for (unsigned e = 0; e < 4; e++)
        if (!c->real_enc[e]) {
            printf("COVERAGE HOLE: realistic mode enc %s\n", en[e]);
            holes++;
        }
    const uint64_t *v[] = {&c->thr, &c->padded, &c->peeks};
    static const char *vn[] = {"threshold packet", "padded tile", "dropped peek"};
    for (unsigned i = 0; i < 3; i++)
        if (!*v[i]) {
            printf("COVERAGE HOLE: %s\n", vn[i]);
            holes++;
        }
    return holes;
}

/* The timing diagram of docs/mswb.md, clock by clock: N = 16, B = 16, a 1 x 1 surface
 * (one tile of one pixel), an eviction covering it with one value (arrival 1SPP),
 * offered in every clock (the same record again once taken: clock 7 starts it anew);
 * packets always taken. Checks ev_ready_o and fl_valid_o. The uniform fast path: its
 * sample 0 is gathered from the record's first pair of lines (registered) into the
 * payload, the load ends when the fast path is known, Init waits a clock for the last
 * gather's write and goes to Out (a uniform tile). */
static void timing_check(tb_report_t *rep)
{
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 1, 1, GX_SPP16, GX_BPS16);
    gx_ms_evict_t ev;
    memset(&ev, 0, sizeof ev);
    ev.cause = GX_MS_COMMAND;
    ev.cover[0] = 0xffff;
    ev.arrive[0] = GX_ENC1SPP;
    memset(ev.data, 7, sizeof ev.data);
    uint32_t img[GX_MS_EVICT_WORDS];
    gx_mssurf_evict_pack(&ev, cfg.spp, img);
    void *m = gx_mswb_rtl_new(NULL);
    gx_mswb_rtl_cfg(m, &cfg);
    /* clock 0: seen in Idle; 1..3: its first pair of lines read (clock 1, registered),
     * the pixel's sample 0 gathered from it (clock 2), the fast path known (clock 3),
     * taken in clock 3; Init in 4 and 5; the packet in 6; clock 7 starts the record
     * anew */
    static const int want_ready[21] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1,
                                       0, 0, 0, 0, 0, 0, 1, 0, 0, 0};
    static const int want_fl[21] = {0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0,
                                    0, 0, 1, 0, 0, 0, 0, 0, 0, 1};
    int ok = 1;
    for (unsigned c = 0; c < 21; c++) {
        gx_mswb_io_t io;
        memset(&io, 0, sizeof io);
        io.ev_valid = 1;
        io.ev = img;
        io.rd_req_ready = 1;
        io.fl_ready = 1;
        gx_mswb_rtl_eval(m, &io);
        if (io.ev_ready != want_ready[c] || io.fl_valid != want_fl[c] || io.rd_req_valid)
            ok = 0;
        if (io.fl_valid) {
            gx_ms_flush_t f;
            gx_mssurf_flush_unpack(io.fl, cfg.spp, &f);
            if (f.enc != GX_ENCUNIFORM || f.payload_bytes != 16 || f.written != 1)
                ok = 0;
        }
        if (!gx_mswb_rtl_tick(m))
            ok = 0;
    }
    gx_mswb_rtl_free(m, NULL);
    tb_check(rep, ok, "the timing diagram of docs/mswb.md does not hold");
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_mswb", 50000);
    printf("tb_mswb: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_mswb", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    cov_t cov;
    uint64_t cycles = 0;
    timing_check(&rep);
    uint64_t sent = run_all(&o, o.waves ? path : NULL, cpath, &rep, &cov, &cycles);
    int holes = cov_check(&cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    tb_check(&rep, sent >= o.n, "%" PRIu64 " evictions, fewer than N", sent);
    uint64_t by[4] = {0, 0, 0, 0};
    for (unsigned f = 0; f < 12; f++)
        for (unsigned e = 0; e < 4; e++)
            by[e] += cov.enc[f][e];
    printf("tb_mswb: packets by encoding: 1SPP %" PRIu64 " subset %" PRIu64 " full %" PRIu64
           " uniform %" PRIu64 "\n", by[0], by[1], by[2], by[3]);
    if (rep.failed && !o.waves) {
        printf("tb_mswb: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        tb_report_t r2;
        memset(&r2, 0, sizeof r2);
        run_all(&o, path, NULL, &r2, &cov, &cycles);
    } else if (o.waves) {
        printf("tb_mswb: waveform %s\n", path);
    }
    return tb_summary(&rep);
}
