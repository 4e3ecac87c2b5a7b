/* tb_mssurf: cosimulation of gx_mssurf (RTL, K slots: 4, or SLOTS=K for another model the
 * Makefile builds, MSSURF_KS) against gx_mssurf_coalesce /
 * gx_mssurf_coalesce_flush / gx_mssurf_coalesce_load (C model).
 *
 * State space covered, every run (N random operations, default 120,000; knob N): phases
 * of about 1,500 operations, each on one surface (every N in 2, 4, 8, 16 by every B in
 * 4, 8, 16, in turn), in five kinds:
 *  - thrash: a surface of 5..12 tiles, stores anywhere: evictions of every slot, FIFO
 *    order, tiles coming back;
 *  - local: sweeps in tile order with full masks and one value (tiles fill: full),
 *    alternating with stores near a cursor that jumps: repeated pixels (merge,
 *    conflict);
 *  - ragged: W or H not a multiple of the tile's TW or TH (the surface padded to whole
 *    tiles), stores packed in the last tile: a padded tile, never full, evicted;
 *  - big: up to 8192 x 8192 (the 2^28-byte limit) and random pixels: tile indices up to
 *    2^20 - 1;
 *  - threshold: T = 1..6, values that differ by a few units: near merges and far
 *    conflicts;
 * stores are SUST.MS with full and partial masks and full-state stores, over small
 * palettes so that data repeats (merge) and differs (conflict); 30% repeat the previous
 * pixel; 8% are loads (SULD.MS), 1% flush commands; every phase ends with a flush
 * command. Directed phases first: one-pixel tiles (conflict then full in consecutive
 * clocks, a store that fills its tile at once, a load of a tile not resident), the
 * command with nothing resident and with K resident, two padded tiles.
 * Stalls: random gaps on cmd_valid and random back-pressure on ev_ready, the profile
 * changing every 500 commands; after each phase the stream runs idle and a record the
 * model does not expect fails the run. Every record is compared bit for bit with the C
 * model's eviction, in order. Nothing lost: each phase's RTL records go through the C
 * flush encoder (gx_mssurf_writeback) into the C memory model, and gx_mssurf_check
 * compares it with a plain per-sample reference surface after the closing flush. The
 * whole C path (gx_mssurf_store / _load / _flush) runs beside: each load's RTL snapshot
 * through gx_mssurf_load_finish on that memory gives the whole path's response, and the
 * memory image, states and traffic counters end equal.
 * A clock-by-clock check of the timing diagram in docs/mssurf.md comes first (K = 4, the
 * diagram's).
 * Functional coverage (every cause for every N x B, merges, threshold merges and
 * conflicts, a padded tile flushed, loads of stored and unstored pixels) is
 * counted; a hole fails the run. Line, toggle and GX_COVER coverage of the RTL go to
 * build/coverage/gx_mssurf.dat (gx_mssurf_k<K>.dat at another K).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/mssurf.h"
#include "ms_stim.h"
#include "mssurf_rtl.h"
#include "tb.h"

#define PHASE_OPS 1500u
#define MAX_REC (4u * PHASE_OPS + 64u)

typedef struct cov {
    uint64_t cause[12][4];  /* N x B, cause */
    uint64_t merge[12];
    uint64_t thr_merge, thr_conflict, padded, directed, load_hit, load_miss;
} cov_t;

/* One phase's stimulus and the model's expectation. */
typedef struct phase {
    gx_ms_cfg_t cfg;
    uint32_t *cmd;          /* n command images */
    uint64_t n;
    gx_ms_evict_t *want;    /* the model's evictions */
    uint64_t *want_cmd;     /* the command each came from */
    uint64_t n_want;
    uint8_t *ref;           /* the per-sample reference surface after the phase */
    uint64_t cur;           /* command being modelled */
    gx_ms_load_t *ld;       /* the phase's loads, in order */
    gx_ms_load_resp_t *ld_want; /* their responses from the whole C path */
    uint64_t n_ld;
    int have_ref;           /* the whole C path runs too (surfaces up to 1 MiB) */
    gx_ms_lsu_t ref_lsu;    /* the whole C path: gx_mssurf_store / _load / _flush */
    gx_ms_mem_t ref_mem;
} phase_t;

static void collect(void *ctx, const gx_ms_evict_t *ev)
{
    phase_t *ph = ctx;
    if (ph->n_want < MAX_REC) {
        ph->want[ph->n_want] = *ev;
        ph->want_cmd[ph->n_want] = ph->cur;
    }
    ph->n_want++;
}

/* K: the slots of the model under test (SLOTS, default GX_MS_DEFAULT_SLOTS) */
static unsigned g_slots = GX_MS_DEFAULT_SLOTS;

static unsigned spp_n(gx_spp_t s) { return 2u << s; }
static unsigned bps_b(gx_bps_t b) { return 4u << b; }

static void apply_ref(const gx_ms_cfg_t *cfg, uint8_t *ref, const gx_ms_store_t *st)
{
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps);
    if (gx_mssurf_surface_bytes(cfg) > (1u << 20))
        return; /* big surfaces: no reference (records are still compared) */
    for (unsigned i = 0; i < n; i++)
        if ((st->mask >> i) & 1u)
            memcpy(ref + gx_mssurf_addr(cfg, st->x, st->y, i), st->value + (st->full ? i * b : 0), b);
}

/* Start a phase on ph->cfg: the coalesce model, the whole C path, the reference. */
static void phase_start(phase_t *ph, gx_ms_lsu_t *lsu)
{
    gx_mssurf_lsu_init(lsu, &ph->cfg);
    ph->n = ph->n_want = ph->n_ld = 0;
    ph->have_ref = gx_mssurf_surface_bytes(&ph->cfg) <= (1u << 20) &&
                   gx_mssurf_mem_init(&ph->ref_mem, &ph->cfg);
    if (ph->have_ref) {
        gx_mssurf_lsu_init(&ph->ref_lsu, &ph->cfg);
        memset(ph->ref, 0, gx_mssurf_surface_bytes(&ph->cfg));
    }
}

/* Model one command (st: a store, ld: a load, neither: the flush command): the C
 * coalesce unit, the whole C path, the reference surface, the command image. */
static void model_cmd(phase_t *ph, gx_ms_lsu_t *lsu, const gx_ms_store_t *st,
                      const gx_ms_load_t *ld, cov_t *cov)
{
    uint32_t *w = ph->cmd + ph->n * GX_MS_CMD_WORDS;
    const unsigned f = (unsigned)ph->cfg.spp * 3u + (unsigned)ph->cfg.bps;
    const uint64_t merges = lsu->cnt.merges, before = ph->n_want;
    ph->cur = ph->n;
    if (ld) {
        gx_ms_evict_t snap;
        unsigned p = (unsigned)(((uint32_t)ld->y * ph->cfg.width + ld->x) %
                                gx_mssurf_tile_pixels(&ph->cfg));
        gx_mssurf_cmd_pack_load(ld->x, ld->y, w);
        gx_mssurf_coalesce_load(lsu, ld->x, ld->y, &snap);
        collect(ph, &snap);
        if (snap.cover[p])
            cov->load_hit++;
        else
            cov->load_miss++;
        if (ph->have_ref && ph->n_ld < PHASE_OPS) {
            ph->ld[ph->n_ld] = *ld;
            gx_mssurf_load(&ph->ref_lsu, &ph->ref_mem, ld, &ph->ld_want[ph->n_ld]);
            ph->n_ld++;
        }
        ph->n++;
        return;
    }
    if (!st) {
        gx_mssurf_cmd_pack_flush(w);
        gx_mssurf_coalesce_flush(lsu, collect, ph);
        if (ph->have_ref)
            gx_mssurf_flush(&ph->ref_lsu, &ph->ref_mem, NULL, NULL);
    } else {
        gx_mssurf_cmd_pack_store(st, w);
        gx_mssurf_coalesce(lsu, st, collect, ph);
        if (ph->have_ref)
            gx_mssurf_store(&ph->ref_lsu, &ph->ref_mem, st, NULL, NULL);
        apply_ref(&ph->cfg, ph->ref, st);
        if (lsu->cnt.merges != merges) {
            cov->merge[f]++;
            if (ph->cfg.threshold)
                cov->thr_merge++;
        }
    }
    for (uint64_t i = before; i < ph->n_want && i < MAX_REC; i++) {
        cov->cause[f][ph->want[i].cause]++;
        if (ph->want[i].cause == GX_MS_CONFLICT && ph->cfg.threshold)
            cov->thr_conflict++;
        uint32_t lx, ly; /* the tile's last pixel lies in the padding */
        gx_mssurf_tile_xy(&ph->cfg, ph->want[i].tile, gx_mssurf_tile_pixels(&ph->cfg) - 1u, &lx, &ly);
        cov->padded += lx >= ph->cfg.width || ly >= ph->cfg.height;
    }
    ph->n++;
}

static uint32_t rnd_in(tb_rng_t *r, uint32_t lo, uint32_t hi)
{
    return lo + tb_rng_below(r, hi - lo + 1u);
}

/* A random phase of kind `kind` on format f (N x B index). */
static void gen_phase(tb_rng_t *r, phase_t *ph, unsigned f, unsigned kind, gx_ms_lsu_t *lsu,
                      cov_t *cov)
{
    gx_ms_cfg_t *c = &ph->cfg;
    const gx_spp_t spp = (gx_spp_t)(f / 3);
    const gx_bps_t bps = (gx_bps_t)(f % 3);
    const unsigned n = spp_n(spp), b = bps_b(bps), pp = 256u / (n * b);
    uint16_t w, h;
    switch (kind) {
    case 0: { /* thrash: 5..12 tiles */
        uint32_t px = rnd_in(r, 4, 12) * pp;
        w = (uint16_t)rnd_in(r, 1, px < 64 ? px : 64);
        h = (uint16_t)((px + w - 1) / w);
        break;
    }
    case 2: { /* ragged: padded to whole tiles (at P = 1 no tile is) */
        gx_mssurf_cfg_default(c, 1, 1, spp, bps);
        const unsigned tw = 1u << gx_mssurf_tile_wlog(c), th = 1u << gx_mssurf_tile_hlog(c);
        do {
            w = (uint16_t)rnd_in(r, 1, 40);
            h = (uint16_t)rnd_in(r, 1, 12);
        } while (w % tw == 0 && h % th == 0 && pp > 1);
        break;
    }
    case 3: /* big */
        w = (uint16_t)(tb_rng_pct(r, 50) ? 8192 : rnd_in(r, 1, 8192));
        h = (uint16_t)(tb_rng_pct(r, 50) ? 8192 : rnd_in(r, 1, 8192));
        while ((uint64_t)w * h * n * b > (1u << 28))
            h = (uint16_t)(h / 2 ? h / 2 : 1);
        break;
    default: /* local, threshold */
        w = (uint16_t)rnd_in(r, 8, 300);
        h = (uint16_t)rnd_in(r, 1, 64);
        break;
    }
    gx_mssurf_cfg_default(c, w, h, spp, bps);
    c->slots = (uint8_t)g_slots;
    c->threshold = (uint8_t)(kind == 4 ? rnd_in(r, 1, 6) : 0);
    phase_start(ph, lsu);

    /* palettes: 3 base values; threshold phases add small deltas */
    uint8_t pal[3][16];
    for (unsigned k = 0; k < 3; k++)
        for (unsigned i = 0; i < 16; i++)
            pal[k][i] = (uint8_t)(kind == 4 ? 100 + 20 * k : tb_rng_u32(r));
    const uint32_t ntiles = gx_mssurf_tiles(c);
    uint32_t cx = 0, cy = 0, lx = 0, ly = 0, sweep = tb_rng_below(r, ntiles * pp);
    gx_ms_store_t st;
    for (unsigned op = 0; op + 1 < PHASE_OPS; op++) {
        if (tb_rng_pct(r, 1)) {
            model_cmd(ph, lsu, NULL, NULL, cov);
            continue;
        }
        if (tb_rng_pct(r, 8)) { /* SULD.MS: the last pixel stored or anywhere */
            gx_ms_load_t ld;
            ld.x = (uint16_t)(tb_rng_pct(r, 70) ? lx : tb_rng_below(r, w));
            ld.y = (uint16_t)(tb_rng_pct(r, 70) ? ly : tb_rng_below(r, h));
            ld.sample = (uint8_t)tb_rng_below(r, n);
            model_cmd(ph, lsu, NULL, &ld, cov);
            continue;
        }
        memset(&st, 0, sizeof st);
        if ((kind == 1 || kind == 4) && (op / 100) % 2 == 0 && !tb_rng_pct(r, 5)) {
            /* a sweep in tile order with full masks and one value: tiles fill (full) */
            tb_ms_sweep_pixel(c, &sweep, &st.x, &st.y);
            st.mask = (uint16_t)((1u << n) - 1u);
            memcpy(st.value, pal[0], b);
            if (kind == 4 && tb_rng_pct(r, 20))
                st.value[0] = (uint8_t)(st.value[0] + 1);
            model_cmd(ph, lsu, &st, NULL, cov);
            continue;
        }
        if (op && tb_rng_pct(r, 30)) {
            st.x = (uint16_t)lx;
            st.y = (uint16_t)ly;
        } else if (kind == 1 || kind == 4) {
            if (tb_rng_pct(r, 3)) { /* move the cursor */
                cx = tb_rng_below(r, w);
                cy = tb_rng_below(r, h);
            }
            st.x = (uint16_t)((cx + tb_rng_below(r, 8)) % w);
            st.y = (uint16_t)((cy + tb_rng_below(r, 2)) % h);
        } else if (kind == 2 && tb_rng_pct(r, 60)) { /* the last tile's pixels */
            (void)tb_ms_tile_pixel(r, c, ntiles - 1u, &st.x, &st.y);
        } else {
            st.x = (uint16_t)tb_rng_below(r, w);
            st.y = (uint16_t)tb_rng_below(r, h);
        }
        lx = st.x;
        ly = st.y;
        const uint16_t all = (uint16_t)((1u << n) - 1u);
        st.mask = tb_rng_pct(r, 45) ? all : (uint16_t)rnd_in(r, 1, all);
        st.full = (uint8_t)tb_rng_pct(r, 20);
        for (unsigned s = 0; s < (st.full ? n : 1u); s++) {
            unsigned k = tb_rng_below(r, 3);
            for (unsigned i = 0; i < b; i++) {
                uint8_t v = pal[k][i];
                if (kind == 4 && tb_rng_pct(r, 30))
                    v = (uint8_t)(v + rnd_in(r, 0, 8) - 4);
                st.value[s * b + i] = v;
            }
        }
        model_cmd(ph, lsu, &st, NULL, cov);
    }
    model_cmd(ph, lsu, NULL, NULL, cov); /* closing flush */
}

/* Directed phase d: hand-picked sequences, expectations from the model. */
static int gen_directed(unsigned d, phase_t *ph, gx_ms_lsu_t *lsu, cov_t *cov)
{
    gx_ms_cfg_t *c = &ph->cfg;
    gx_ms_store_t st;
    memset(&st, 0, sizeof st);
    switch (d) {
    case 0: /* N = 16, B = 16: one pixel a tile; conflict then full in consecutive clocks */
        gx_mssurf_cfg_default(c, 3, 2, GX_SPP16, GX_BPS16);
        break;
    case 1: /* N = 2, B = 4, 5 x 7: two 8 x 4 tiles, both padded: neither fills */
        gx_mssurf_cfg_default(c, 5, 7, GX_SPP2, GX_BPS4);
        break;
    default:
        return 0;
    }
    c->slots = (uint8_t)g_slots;
    phase_start(ph, lsu);
    model_cmd(ph, lsu, NULL, NULL, cov); /* command with nothing resident */
    if (d == 0) {
        st.mask = 1;
        st.value[0] = 1;
        model_cmd(ph, lsu, &st, NULL, cov);
        st.mask = 0xffff;
        st.value[0] = 2;
        model_cmd(ph, lsu, &st, NULL, cov); /* conflict, then full */
        st.x = 1;
        model_cmd(ph, lsu, &st, NULL, cov); /* full at once */
        gx_ms_load_t ld = {0, 0, 3};
        model_cmd(ph, lsu, NULL, &ld, cov); /* a load of a tile not resident */
        for (unsigned i = 0; i < 6; i++) { /* six tiles, partial: evictions */
            st.x = (uint16_t)(i % 3);
            st.y = (uint16_t)(i / 3);
            st.mask = (uint16_t)(1u << i);
            model_cmd(ph, lsu, &st, NULL, cov);
        }
    } else {
        for (unsigned t = 0; t < 2; t++)
            for (unsigned i = 0; i < 35; i++) {
                st.x = (uint16_t)(i % 5);
                st.y = (uint16_t)(i / 5);
                st.mask = (uint16_t)(t ? 2 : 1);
                st.value[0] = (uint8_t)(i + t);
                model_cmd(ph, lsu, &st, NULL, cov); /* every pixel, twice: no tile fills */
            }
    }
    model_cmd(ph, lsu, NULL, NULL, cov);
    cov->directed++;
    return 1;
}

static void fmt_ev(char *buf, size_t len, const gx_ms_evict_t *e, unsigned np)
{
    static const char *cn[] = {"full", "evict", "conflict", "command"};
    int o = snprintf(buf, len, "tile %u %s cover", e->tile, cn[e->cause & 3]);
    for (unsigned p = 0; p < np && o < (int)len; p++)
        o += snprintf(buf + o, len - (size_t)o, " %x/%u", e->cover[p], e->arrive[p]);
    if (o < (int)len)
        snprintf(buf + o, len - (size_t)o, " data %02x%02x%02x%02x..", e->data[0], e->data[1],
                 e->data[2], e->data[3]);
}

/* Run every phase through the RTL; compare. Returns cycles (0: the RTL stopped). */
static uint64_t run_all(const tb_opts_t *o, const char *fst, const char *cov_path,
                        tb_report_t *rep, cov_t *cov, uint64_t *ops_out)
{
    tb_rng_t r, stall_rng;
    tb_rng_seed(&r, o->seed);
    tb_rng_seed_stalls(&stall_rng, o);
    phase_t ph;
    memset(&ph, 0, sizeof ph);
    ph.cmd = calloc((size_t)PHASE_OPS * GX_MS_CMD_WORDS, sizeof *ph.cmd);
    ph.want = calloc(MAX_REC, sizeof *ph.want);
    ph.want_cmd = calloc(MAX_REC, sizeof *ph.want_cmd);
    ph.ref = calloc(1u << 20, 1);
    ph.ld = calloc(PHASE_OPS, sizeof *ph.ld);
    ph.ld_want = calloc(PHASE_OPS, sizeof *ph.ld_want);
    uint32_t *rec = calloc((size_t)MAX_REC * GX_MS_EVICT_WORDS, sizeof *rec);
    static gx_ms_lsu_t lsu, empty;
    memset(cov, 0, sizeof *cov);
    if (!ph.cmd || !ph.want || !ph.want_cmd || !ph.ref || !rec || !ph.ld || !ph.ld_want) {
        fprintf(stderr, "tb_mssurf: out of memory\n");
        exit(2);
    }
    void *m = gx_mssurf_rtl_new(g_slots, fst);
    uint64_t ops = 0, cycles = 0, records = 0, loads = 0;
    unsigned phase = 0, ok_run = 1;
    while (ok_run && (ops < o->n || phase < 14)) {
        int big = 0;
        if (!gen_directed(phase, &ph, &lsu, cov)) {
            unsigned k = phase - 2;
            unsigned kind = (k / 12) % 5;
            gen_phase(&r, &ph, k % 12, kind, &lsu, cov);
            big = gx_mssurf_surface_bytes(&ph.cfg) > (1u << 20);
        }
        phase++;
        ops += ph.n;
        tb_check(rep, ph.n_want <= MAX_REC, "phase %u: model made %" PRIu64 " records", phase,
                 ph.n_want);
        gx_mssurf_rtl_cfg(m, &ph.cfg);
        uint64_t n_rec = 0;
        uint64_t cyc = gx_mssurf_rtl_run(m, ph.cmd, ph.n, rec, NULL, MAX_REC, &n_rec, &stall_rng,
                                         1, 500, 40);
        cycles += cyc;
        tb_check(rep, cyc != 0, "phase %u: RTL stopped after %" PRIu64 " records: an assertion "
                 "failed, the stream hung or too many records", phase, n_rec);
        tb_check(rep, n_rec == ph.n_want, "phase %u (%ux%u N=%u B=%u T=%u): %" PRIu64
                 " records from the RTL, %" PRIu64 " from the model", phase, ph.cfg.width,
                 ph.cfg.height, spp_n(ph.cfg.spp), bps_b(ph.cfg.bps), ph.cfg.threshold, n_rec,
                 ph.n_want);
        if (!cyc)
            ok_run = 0;
        /* every record, bit for bit; then the nothing-lost check through the C encoder */
        gx_ms_mem_t mem;
        int have_mem = !big && ph.have_ref && gx_mssurf_mem_init(&mem, &ph.cfg);
        uint64_t i_ld = 0;
        const unsigned np = gx_mssurf_tile_pixels(&ph.cfg);
        for (uint64_t i = 0; i < n_rec && i < ph.n_want; i++) {
            gx_ms_evict_t got;
            gx_mssurf_evict_unpack(rec + i * GX_MS_EVICT_WORDS, ph.cfg.spp, &got);
            if (gx_mssurf_evict_eq(&got, &ph.want[i])) {
                tb_check(rep, 1, "%s", "");
            } else {
                char a[600], b[600];
                fmt_ev(a, sizeof a, &ph.want[i], np);
                fmt_ev(b, sizeof b, &got, np);
                tb_check(rep, 0, "phase %u (%ux%u N=%u B=%u T=%u) record %" PRIu64
                         " (command %" PRIu64 ")\n  model %s\n  rtl   %s", phase, ph.cfg.width,
                         ph.cfg.height, spp_n(ph.cfg.spp), bps_b(ph.cfg.bps), ph.cfg.threshold,
                         i, ph.want_cmd[i], a, b);
            }
            if (have_mem && got.peek && i_ld < ph.n_ld) {
                /* SULD.MS: the RTL's snapshot + the C memory side = the whole C path */
                gx_ms_load_resp_t lr;
                const gx_ms_load_resp_t *lw = &ph.ld_want[i_ld];
                gx_mssurf_load_finish(&ph.cfg, &mem, &got, &ph.ld[i_ld], &lr);
                tb_check(rep, !memcmp(lr.value, lw->value, sizeof lr.value) && lr.mask == lw->mask &&
                         lr.enc == lw->enc && lr.analyzed == lw->analyzed && lr.passes == lw->passes &&
                         lr.read_bytes == lw->read_bytes,
                         "phase %u load %" PRIu64 " (%u,%u) sample %u: rtl-path mask %x enc %d, "
                         "model %x enc %d", phase, i_ld, ph.ld[i_ld].x, ph.ld[i_ld].y,
                         ph.ld[i_ld].sample, lr.mask, (int)lr.enc, lw->mask, (int)lw->enc);
                i_ld++;
            } else if (have_mem && !got.peek) {
                gx_ms_flush_t f;
                tb_check(rep, gx_mssurf_writeback(&ph.cfg, &mem, &got, &f),
                         "phase %u record %" PRIu64 ": memory refused the flush", phase, i);
            }
        }
        records += n_rec;
        if (have_mem) {
            size_t where = 0;
            gx_mssurf_lsu_init(&empty, &ph.cfg);
            tb_check(rep, gx_mssurf_check(&empty, &mem, ph.ref, &where),
                     "phase %u (%ux%u N=%u B=%u T=%u): nothing lost failed at byte %zu", phase,
                     ph.cfg.width, ph.cfg.height, spp_n(ph.cfg.spp), bps_b(ph.cfg.bps),
                     ph.cfg.threshold, where);
            tb_check(rep, i_ld == ph.n_ld && !memcmp(&mem.cnt, &ph.ref_mem.cnt, sizeof mem.cnt) &&
                     !memcmp(mem.data, ph.ref_mem.data, gx_mssurf_surface_bytes(&ph.cfg)) &&
                     !memcmp(mem.enc, ph.ref_mem.enc, mem.tiles),
                     "phase %u: memory through the RTL's records differs from the whole C path "
                     "(%" PRIu64 " of %" PRIu64 " loads answered)", phase, i_ld, ph.n_ld);
            gx_mssurf_mem_free(&mem);
        }
        loads += i_ld;
        if (ph.have_ref)
            gx_mssurf_mem_free(&ph.ref_mem);
    }
    gx_mssurf_rtl_free(m, cov_path);
    printf("tb_mssurf: %u phases, %" PRIu64 " operations, %" PRIu64 " records (%" PRIu64
           " load responses checked through the C memory side), %" PRIu64
           " cycles with stalls\n", phase, ops, records, loads, cycles);
    *ops_out = ops;
    free(ph.cmd);
    free(ph.want);
    free(ph.want_cmd);
    free(ph.ref);
    free(ph.ld);
    free(ph.ld_want);
    free(rec);
    return ok_run ? cycles : 0;
}

static int cov_check(const cov_t *c)
{
    static const char *cn[] = {"full", "evict", "conflict", "command"};
    int holes = 0;
    for (unsigned f = 0; f < 12; f++) {
        for (unsigned k = 0; k < 4; k++)
            if (!c->cause[f][k]) {
                printf("COVERAGE HOLE: N=%u B=%u cause %s\n", 2u << (f / 3), 4u << (f % 3), cn[k]);
                holes++;
            }
        if (!c->merge[f]) {
            printf("COVERAGE HOLE: N=%u B=%u merge\n", 2u << (f / 3), 4u << (f % 3));
            holes++;
        }
    }
    const uint64_t *v[] = {&c->thr_merge, &c->thr_conflict, &c->padded, &c->directed,
                           &c->load_hit, &c->load_miss};
    static const char *vn[] = {"threshold merge", "threshold conflict", "padded tile flushed",
                               "directed phases", "load of a stored pixel",
                               "load of a pixel not stored"};
    for (unsigned i = 0; i < 6; i++)
        if (!*v[i]) {
            printf("COVERAGE HOLE: %s\n", vn[i]);
            holes++;
        }
    return holes;
}

/* The timing diagram of docs/mssurf.md, clock by clock: N = 8, B = 8 (64-byte pixels,
 * one RAM row each; 2 x 2-pixel tiles), 4 x 2 (tile 0 = columns 0, 1, tile 1 = columns 2,
 * 3), K = 4. Before cycle 0 tile 1 holds sample 0 of pixel 4 = (2, 0), its pixel 0
 * (value 1). S0..S3 fill tile 0 (pixels 0..3, every sample, value 5): a full
 * record; S4 stores sample 0 of pixel 4 again with value 2: the check reads the stored
 * sample back, finds it far (T = 0), tile 1 leaves (conflict) and S4 takes a fresh slot;
 * F, the flush command: tile 1 leaves (command). Records are always taken. Checks
 * cmd_ready_o, ev_valid_o and each record's tile and cause in every cycle;
 * GX_TIMING_PRINT=1 prints the cycles instead. */
static void timing_check(tb_report_t *rep)
{
    const tb_dut_ops_t *ops = &gx_mssurf_rtl_ops;
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 4, 2, GX_SPP8, GX_BPS8);
    void *m = gx_mssurf_rtl_new(GX_MS_DEFAULT_SLOTS, NULL);
    gx_mssurf_rtl_cfg(m, &cfg);
    enum { NCMD = 7, NCY = 32 };
    static uint32_t cmd[NCMD][GX_MS_CMD_WORDS], none[GX_MS_CMD_WORDS];
    gx_ms_store_t st;
    const struct { uint16_t x, y, mask; uint8_t v; } sd[6] = {
        {2, 0, 0x01, 1}, {0, 0, 0xff, 5}, {1, 0, 0xff, 5}, {0, 1, 0xff, 5}, {1, 1, 0xff, 5},
        {2, 0, 0x01, 2}};
    for (unsigned i = 0; i < 6; i++) {
        memset(&st, 0, sizeof st);
        st.x = sd[i].x;
        st.y = sd[i].y;
        st.mask = sd[i].mask;
        st.value[0] = sd[i].v;
        gx_mssurf_cmd_pack_store(&st, cmd[i]);
    }
    gx_mssurf_cmd_pack_flush(cmd[6]);
    /* the setup store (taken within 16 cycles), then idle until the unit is */
    unsigned sent = 0;
    for (unsigned c = 0; c < 16 && sent < 1; c++) {
        ops->set(m, 1, cmd[0], 1);
        ops->eval(m);
        sent += (unsigned)ops->req_ready(m);
        ops->tick(m);
    }
    int ok = sent == 1;
    for (unsigned c = 0; c < 16; c++) {
        ops->set(m, 0, none, 1);
        ops->eval(m);
        ops->tick(m);
    }
    /* cycles 0..NCY-1: the commands offered back to back; expected cmd_ready_o,
     * ev_valid_o and the record (tile, cause) */
    static const struct { int ready, valid, tile, cause; } want[NCY] = {
        {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0},
        {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0},
        {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0},
        {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 1, 0, 0},
        {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0},
        {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0},
        {1, 1, 1, 2}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0},
        {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}, {1, 1, 1, 3},
    };
    const char *pr = getenv("GX_TIMING_PRINT");
    sent = 1;
    for (unsigned c = 0; c < NCY; c++) {
        int v = sent < NCMD;
        ops->set(m, v, v ? cmd[sent] : none, 1);
        ops->eval(m);
        int rdy = ops->req_ready(m), val = ops->resp_valid(m);
        gx_ms_evict_t e;
        memset(&e, 0, sizeof e);
        if (val) {
            uint32_t w[GX_MS_EVICT_WORDS];
            ops->resp(m, w);
            gx_mssurf_evict_unpack(w, cfg.spp, &e);
        }
        if (pr && *pr == '1')
            printf("cycle %2u: offer %c ready %d valid %d tile %u cause %d\n", c,
                   v ? "xSSSSSF"[sent] : '-', rdy, val, val ? e.tile : 0u,
                   val ? (int)e.cause : 0);
        else if (rdy != want[c].ready || val != want[c].valid ||
                 (val && (e.tile != (uint32_t)want[c].tile ||
                          e.cause != (gx_ms_cause_t)want[c].cause || e.peek)))
            ok = 0;
        if (v && rdy)
            sent++;
        ops->tick(m);
    }
    ok = ok && !ops->failed(m);
    gx_mssurf_rtl_free(m, NULL);
    tb_check(rep, ok, "the timing diagram of docs/mssurf.md does not hold");
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_mssurf", 120000);
    const char *ks = getenv("SLOTS");
    if (ks && *ks) {
        char *end;
        unsigned long k = strtoul(ks, &end, 10);
        if (*end || k > 32 || !gx_mssurf_rtl_has_slots((unsigned)k)) {
            fprintf(stderr, "tb_mssurf: SLOTS=%s: no gx_mssurf model with that K (built: %s)\n",
                    ks, gx_mssurf_rtl_slot_list());
            return 2;
        }
        g_slots = (unsigned)k;
    }
    printf("tb_mssurf: SEED=%" PRIu64 " N=%" PRIu64 " K=%u\n", o.seed, o.n, g_slots);
    fflush(stdout);
    char path[512], cpath[512], block[32];
    if (g_slots == GX_MS_DEFAULT_SLOTS)
        snprintf(block, sizeof block, "gx_mssurf");
    else
        snprintf(block, sizeof block, "gx_mssurf_k%u", g_slots);
    tb_out_paths(&o, block, cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    cov_t cov;
    uint64_t ops = 0;
    if (g_slots == GX_MS_DEFAULT_SLOTS)
        timing_check(&rep);
    run_all(&o, o.waves ? path : NULL, cpath, &rep, &cov, &ops);
    int holes = cov_check(&cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    tb_check(&rep, ops >= o.n, "%" PRIu64 " operations, fewer than N", ops);
    uint64_t by[4] = {0, 0, 0, 0};
    for (unsigned f = 0; f < 12; f++)
        for (unsigned k = 0; k < 4; k++)
            by[k] += cov.cause[f][k];
    printf("tb_mssurf: records by cause: full %" PRIu64 " evict %" PRIu64 " conflict %" PRIu64
           " command %" PRIu64 "\n", by[0], by[1], by[2], by[3]);
    if (rep.failed && !o.waves) {
        printf("tb_mssurf: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        tb_report_t r2;
        memset(&r2, 0, sizeof r2);
        run_all(&o, path, NULL, &r2, &cov, &ops);
    } else if (o.waves) {
        printf("tb_mssurf: waveform %s\n", path);
    }
    return tb_summary(&rep);
}
