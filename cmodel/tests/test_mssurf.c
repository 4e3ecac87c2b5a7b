/* test_mssurf: unit tests of the multi-sample surface store path golden model (issue 4;
 * also built with ASan/UBSan).
 *
 * The reference ("oracle") in this file restates the rules of gx/mssurf.h from scratch
 * with brute-force primitives: sample classes by pairwise comparison (not the analyzer),
 * byte counts from the formulas (not the encoder), its own slots, FIFO order, conflict
 * and full detection, RMW / promotion decisions, threshold merging and memory image.
 *
 * Covers:
 *   - Directed golden cases worked out by hand (the arithmetic is in the comments): a 1SPP
 *     full-tile flush and a load from it; merge, conflict, RMW, state promotion with the
 *     exact subset payload bytes; a narrower store into a subset tile; full-state arrivals
 *     re-analyzed to 1SPP, then promoted to full; FIFO (not LRU) eviction and the flush
 *     command's allocation order; threshold merging (newest kept on a near re-store, the
 *     reference value kept at the flush, the far sample kept apart); the last, partial
 *     tile of a surface and the address mapping; a fully covered tile narrowing its state.
 *   - gx_mssurf_classes (the analyzer path, also the cross-line merging for N B > 32)
 *     against pairwise comparison on random pixels with few values, every N by B;
 *     encode/decode round trips and sizes; the decoder refuses malformed payloads; range
 *     checks of the configuration, stores and loads; geometry helpers.
 *   - Random: every N by B, each in four variants (K = 1; K = 2 on a ragged surface whose
 *     last tile is partial; K = 4; K = 3 with threshold 5), 5,000 operations each
 *     (at least 240,000, seeded xorshift, SEED env overrides): SUST.MS with full and partial
 *     masks, full-state stores (uniform, two-valued, mixed), whole-tile bursts, repeated
 *     pixels with equal and different data, loads interleaved, flush commands; working
 *     sets that fit in the slots and that thrash. Every flush packet is compared field by
 *     field with the oracle (tile, cause, encoding, coverage, written pixels, bytes
 *     written, RMW and promotion reads, analyzed pixels), its payload decoded and compared,
 *     the flushed tile's memory image and state compared, and gx_mssurf_check (nothing
 *     lost) run after every flush; memory compared whole after every operation; every
 *     load's value, mask, encoding, read bytes and analyzer use compared; all counters
 *     compared at the end of each run.
 *   - Measured coverage (a hole fails the test): per format every flush cause and a
 *     merge; globally every encoding flushed, RMW reads, promotions, a subset tile taking
 *     a narrower store, a full-state pixel leaving as 1SPP, threshold merges that changed
 *     a value, loads of every kind (all in the slot, known 1SPP, known subset masks,
 *     analyzed), partial last tiles flushed.
 * Closes with `N passed, N failed`.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gx/mssurf.h"



static const char *enc_name(unsigned e)
{
    static const char *names[] = {"1spp", "subset", "full", "uniform"};
    return names[e & 3];
}

/* =================================================================================
 * Brute-force primitives. */

/* Number of distinct values among the n samples of px, and the class mask of each. */
static unsigned bf_classes(const uint8_t *px, unsigned n, unsigned b, uint16_t *cls)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
        uint16_t m = 0;
        int first = 1;
        for (unsigned j = 0; j < n; j++)
            if (!memcmp(px + i * b, px + j * b, b)) {
                m = (uint16_t)(m | (1u << j));
                if (j < i)
                    first = 0;
            }
        if (cls)
            cls[i] = m;
        k += first;
    }
    return k;
}

static unsigned bf_need(const uint8_t *px, unsigned n, unsigned b)
{
    unsigned k = bf_classes(px, n, b, NULL);
    return k == 1 ? 0 : k == n ? 2 : 1;
}

/* Bytes of a pixel set in state e: 1SPP B each, full N B each, subset the sum of
 * classes * B plus ceil(classes * N / 8) once. */
static unsigned bf_bytes(unsigned e, const uint8_t *tile, uint32_t set, unsigned n, unsigned b)
{
    unsigned np = 256 / (n * b), total = 0, count = 0;
    for (unsigned p = 0; p < np; p++)
        if ((set >> p) & 1u) {
            count++;
            total += bf_classes(tile + p * n * b, n, b, NULL);
        }
    if (e == 0 || e == 3) /* a uniform tile's payload is its 1SPP one */
        return count * b;
    if (e == 2)
        return count * n * b;
    return total * b + (total * n + 7) / 8;
}

/* Bytes the pixels `set` take in memory in state e (docs/pipe.md): 1SPP B, full N B,
 * subset per pixel its class indices (N log2 N bits in whole bytes) and k values, uniform
 * B for the tile. */
static unsigned bf_mem(unsigned e, const uint8_t *tile, uint32_t set, unsigned n, unsigned b)
{
    static const unsigned ib[17] = {[2] = 1, [4] = 1, [8] = 3, [16] = 8};
    unsigned np = 256 / (n * b), bytes = 0;
    if (e == 3) /* uniform: the tile's one value */
        return set ? b : 0;
    for (unsigned p = 0; p < np; p++)
        if ((set >> p) & 1u)
            bytes += e == 0 ? b : e == 2 ? n * b : ib[n] + bf_classes(tile + p * n * b, n, b, NULL) * b;
    return bytes;
}

static int bf_near(const uint8_t *a, const uint8_t *c, unsigned b, unsigned t)
{
    for (unsigned i = 0; i < b; i++)
        if ((a[i] > c[i] ? a[i] - c[i] : c[i] - a[i]) > (int)t)
            return 0;
    return 1;
}

/* =================================================================================
 * The oracle. */

typedef struct exp_flush {
    uint32_t tile;
    unsigned cause, enc;
    uint16_t cover[32];
    uint32_t written;
    unsigned wbytes, rmw, promote, analyzed;
    uint8_t image[256]; /* the tile in memory after the flush */
} exp_flush_t;

typedef struct oslot {
    int valid;
    uint32_t tile;
    uint64_t seq;
    uint16_t cover[32];
    unsigned arrive[32];
    uint8_t val[32][256];
} oslot_t;

typedef struct oracle {
    unsigned w, h, n, b, np, k, t;
    unsigned tw, th, tx; /* the tile's width and height, tiles of a row */
    uint32_t tiles;
    oslot_t s[GX_MS_MAX_SLOTS];
    uint64_t seq;
    uint8_t *mem;  /* memory image, uncompressed layout */
    uint8_t *enc;
    exp_flush_t q[GX_MS_MAX_SLOTS + 2]; /* the flushes one operation causes */
    unsigned nq;
    /* counters */
    uint64_t stores, merges, loads, flushes[4], fenc[4], analyzed;
    uint64_t wbytes, wuncomp, rmw, promote, rload, writes;
    /* coverage events */
    uint64_t n_rmw, n_promote, n_narrower, n_full_to_1spp, n_padded, n_uniform, n_promote_u;
} oracle_t;

/* The surface is padded to whole tiles: every pixel of a tile exists. */
static uint32_t o_valid(const oracle_t *o, uint32_t t)
{
    (void)t;
    return o->np >= 32 ? 0xffffffffu : (1u << o->np) - 1u;
}

/* A tile is tw x th pixels, numbered row-major over the surface, its pixels row-major. */
static uint32_t o_tile(const oracle_t *o, unsigned x, unsigned y, unsigned *p)
{
    *p = (y % o->th) * o->tw + x % o->tw;
    return (y / o->th) * o->tx + x / o->tw;
}

static void o_xy(const oracle_t *o, uint32_t t, unsigned p, unsigned *x, unsigned *y)
{
    *x = (t % o->tx) * o->tw + p % o->tw;
    *y = (t / o->tx) * o->th + p / o->tw;
}

/* The tile holds pixels beyond W or H (never stored to). */
static int o_padded(const oracle_t *o, uint32_t t)
{
    unsigned x, y;
    o_xy(o, t, o->np - 1, &x, &y);
    return x >= o->w || y >= o->h;
}

static void o_pixel_mem(const oracle_t *o, uint32_t t, unsigned p, uint8_t *out)
{
    memcpy(out, o->mem + (size_t)t * 256 + p * o->n * o->b, o->n * o->b);
}

static void o_flush(oracle_t *o, unsigned r, unsigned cause)
{
    oslot_t *sl = &o->s[r];
    const unsigned n = o->n, b = o->b, pb = n * b;
    const uint16_t all = (uint16_t)((1u << n) - 1);
    exp_flush_t *e = &o->q[o->nq++];
    memset(e, 0, sizeof *e);
    e->tile = sl->tile;
    e->cause = cause;
    uint8_t *mt = o->mem + (size_t)sl->tile * 256;
    uint32_t valid = o_valid(o, sl->tile), cov = 0, part = 0;
    uint8_t merged[256];
    memcpy(merged, mt, 256);
    unsigned eb = 0, full_arrival_1spp = 0;
    for (unsigned p = 0; p < o->np; p++) {
        e->cover[p] = sl->cover[p];
        if (!sl->cover[p])
            continue;
        cov |= 1u << p;
        if (sl->cover[p] != all)
            part |= 1u << p;
        if (sl->arrive[p] != 0)
            e->analyzed++;
        uint8_t *px = merged + p * pb;
        for (unsigned i = 0; i < n; i++)
            if ((sl->cover[p] >> i) & 1u)
                memcpy(px + i * b, sl->val[p] + i * b, b);
        if (o->t) { /* greedy: reference = lowest open sample */
            int taken[16] = {0};
            for (unsigned ref = 0; ref < n; ref++) {
                if (taken[ref])
                    continue;
                taken[ref] = 1;
                for (unsigned i = ref + 1; i < n; i++) {
                    if (taken[i])
                        continue;
                    int stored = (sl->cover[p] >> i) & 1u;
                    if (stored ? bf_near(px + i * b, px + ref * b, b, o->t)
                               : !memcmp(px + i * b, px + ref * b, b)) {
                        memcpy(px + i * b, px + ref * b, b);
                        taken[i] = 1;
                    }
                }
            }
        }
        unsigned need = bf_need(px, n, b);
        if (need > eb)
            eb = need;
        if (sl->arrive[p] == 2 && need == 0)
            full_arrival_1spp = 1;
    }
    unsigned em = o->enc[sl->tile];
    e->rmw = part ? bf_mem(em, mt, part, n, b) : 0;
    const unsigned emr = em == 3 ? 0 : em + 1; /* uniform is below 1SPP */
    if (cov == valid) {
        e->enc = eb;
        e->written = valid;
    } else if (eb + 1 <= emr) {
        e->enc = em;
        e->written = cov;
        o->n_narrower += eb + 1 < emr;
    } else {
        e->enc = eb;
        e->written = valid;
        e->promote = bf_mem(em, mt, valid & ~cov, n, b);
        o->n_promote++;
        o->n_promote_u += em == 3;
    }
    o->n_rmw += part != 0;
    o->n_full_to_1spp += full_arrival_1spp && e->enc == 0;
    o->n_padded += o_padded(o, sl->tile);
    /* the new image: written covered pixels take the merged values; promoted pixels keep
     * their memory values (merged[] holds them) */
    for (unsigned p = 0; p < o->np; p++)
        if ((e->written >> p) & 1u)
            memcpy(mt + p * pb, merged + p * pb, pb);
    /* the whole tile written in 1SPP with one value: uniform */
    int one = e->written == valid && e->enc == 0;
    for (unsigned p = 1; p < o->np && one; p++)
        one = !((valid >> p) & 1u) || !memcmp(mt + p * pb, mt, b);
    if (one) {
        e->enc = 3;
        o->n_uniform++;
    }
    o->enc[sl->tile] = (uint8_t)e->enc;
    e->wbytes = bf_bytes(e->enc, mt, e->written, n, b);
    memcpy(e->image, mt, 256);
    o->flushes[cause]++;
    o->fenc[e->enc]++;
    o->analyzed += e->analyzed;
    o->writes++;
    o->wbytes += bf_mem(e->enc, mt, e->written, n, b);
    o->rmw += e->rmw;
    o->promote += e->promote;
    unsigned wc = 0;
    for (unsigned p = 0; p < 32; p++)
        wc += (e->written >> p) & 1u;
    o->wuncomp += wc * pb;
    sl->valid = 0;
}

static int o_find(const oracle_t *o, uint32_t t)
{
    for (unsigned r = 0; r < o->k; r++)
        if (o->s[r].valid && o->s[r].tile == t)
            return (int)r;
    return -1;
}

static void o_store(oracle_t *o, const gx_ms_store_t *st)
{
    const unsigned n = o->n, b = o->b;
    const uint16_t all = (uint16_t)((1u << n) - 1);
    unsigned p;
    uint32_t t = o_tile(o, st->x, st->y, &p);
    o->nq = 0;
    o->stores++;
    int r = o_find(o, t);
    if (r >= 0) {
        int overlap = 0, differ = 0;
        for (unsigned i = 0; i < n; i++)
            if (((st->mask >> i) & 1u) && ((o->s[r].cover[p] >> i) & 1u)) {
                overlap = 1;
                if (!bf_near(o->s[r].val[p] + i * b, st->value + (st->full ? i * b : 0), b, o->t))
                    differ = 1;
            }
        if (differ) {
            o_flush(o, (unsigned)r, 2);
            r = -1;
        } else if (overlap) {
            o->merges++;
        }
    }
    if (r < 0) {
        for (unsigned k = 0; k < o->k; k++)
            if (!o->s[k].valid) {
                r = (int)k;
                break;
            }
        if (r < 0) {
            uint64_t best = UINT64_MAX;
            for (unsigned k = 0; k < o->k; k++)
                if (o->s[k].seq < best) {
                    best = o->s[k].seq;
                    r = (int)k;
                }
            o_flush(o, (unsigned)r, 1);
        }
        memset(&o->s[r], 0, sizeof o->s[r]);
        o->s[r].valid = 1;
        o->s[r].tile = t;
        o->s[r].seq = o->seq++;
    }
    oslot_t *sl = &o->s[r];
    for (unsigned i = 0; i < n; i++)
        if ((st->mask >> i) & 1u)
            memcpy(sl->val[p] + i * b, st->value + (st->full ? i * b : 0), b);
    sl->cover[p] |= st->mask;
    unsigned a = st->full ? 2 : st->mask == all ? 0 : 1;
    if (a > sl->arrive[p])
        sl->arrive[p] = a;
    uint32_t valid = o_valid(o, t);
    for (unsigned k = 0; k < o->np; k++)
        if (((valid >> k) & 1u) && sl->cover[k] != all)
            return;
    o_flush(o, (unsigned)r, 0);
}

typedef struct oload {
    uint8_t value[16];
    uint16_t mask;
    unsigned enc, read, analyzed, kind; /* kind: 0 slot, 1 known 1spp, 2 known subset, 3 analyzed */
} oload_t;

static void o_load(oracle_t *o, const gx_ms_load_t *ld, oload_t *res)
{
    const unsigned n = o->n, b = o->b;
    const uint16_t all = (uint16_t)((1u << n) - 1);
    unsigned p;
    uint32_t t = o_tile(o, ld->x, ld->y, &p);
    o->loads++;
    int r = o_find(o, t);
    uint16_t cov = r >= 0 ? o->s[r].cover[p] : 0;
    uint8_t px[256];
    o_pixel_mem(o, t, p, px);
    for (unsigned i = 0; i < n; i++)
        if ((cov >> i) & 1u)
            memcpy(px + i * b, o->s[r].val[p] + i * b, b);
    memset(res, 0, sizeof *res);
    if (cov == all) {
        res->read = 0;
        res->kind = o->s[r].arrive[p] == 0 ? 0 : 3;
    } else {
        res->read = bf_mem(o->enc[t], o->mem + (size_t)t * 256, 1u << p, n, b);
        res->kind = cov ? 3 : o->enc[t] == 0 || o->enc[t] == 3 ? 1 : o->enc[t] == 1 ? 2 : 3;
    }
    o->rload += res->read;
    res->analyzed = res->kind == 3;
    o->analyzed += res->analyzed;
    uint16_t cls[16];
    bf_classes(px, n, b, cls);
    memcpy(res->value, px + ld->sample * b, b);
    res->mask = cls[ld->sample];
    res->enc = bf_need(px, n, b);
}

static void o_command(oracle_t *o)
{
    o->nq = 0;
    for (;;) {
        int r = -1;
        for (unsigned k = 0; k < o->k; k++)
            if (o->s[k].valid && (r < 0 || o->s[k].seq < o->s[r].seq))
                r = (int)k;
        if (r < 0)
            return;
        o_flush(o, (unsigned)r, 3);
    }
}


/* =================================================================================
 * Coverage bins. */

typedef struct bins {
    uint64_t cause[12][4], merge[12];
    uint64_t enc[4], rmw, promote, narrower, full_to_1spp, thr_changed, padded, promote_u;
    uint64_t load_kind[4];
} bins_t;

/* =================================================================================
 * Random run. */

typedef struct run {
    gx_ms_cfg_t cfg;
    gx_ms_lsu_t lsu;
    gx_ms_mem_t mem;
    oracle_t o;
    uint8_t *ref;
    const gx_ms_store_t *pending; /* the store in flight (NULL for commands) */
    unsigned qi;                  /* next expected packet */
    unsigned fmt;
    bins_t *bins;
    uint64_t flush_seen;
} run_t;

static void apply_ref(run_t *R, const gx_ms_store_t *st)
{
    unsigned n = R->o.n, b = R->o.b;
    for (unsigned i = 0; i < n; i++)
        if ((st->mask >> i) & 1u)
            memcpy(R->ref + gx_mssurf_addr(&R->cfg, st->x, st->y, i),
                   st->value + (st->full ? i * b : 0), b);
}

static void on_flush(void *ctx, const gx_ms_flush_t *f)
{
    run_t *R = ctx;
    const unsigned n = R->o.n, b = R->o.b, pb = n * b;
    R->flush_seen++;
    if (R->qi >= R->o.nq) {
        CHECK(0, "unexpected flush of tile %" PRIu32 " cause %d", f->tile, (int)f->cause);
        return;
    }
    const exp_flush_t *e = &R->o.q[R->qi++];
    int cover_eq = !memcmp(e->cover, f->cover, sizeof e->cover);
    CHECK(f->tile == e->tile && (unsigned)f->cause == e->cause && (unsigned)f->enc == e->enc &&
               cover_eq && f->written == e->written,
           "fmt N=%u B=%u: flush tile %" PRIu32 "/%" PRIu32 " cause %d/%u enc %s/%s written %" PRIx32
           "/%" PRIx32 " cover %s",
           n, b, f->tile, e->tile, (int)f->cause, e->cause, enc_name(f->enc), enc_name(e->enc),
           f->written, e->written, cover_eq ? "eq" : "differs");
    CHECK(f->payload_bytes == e->wbytes && f->read_rmw == e->rmw && f->read_promote == e->promote &&
               f->analyzed == e->analyzed,
           "N=%u B=%u tile %" PRIu32 ": bytes %u/%u rmw %" PRIu32 "/%u promote %" PRIu32
           "/%u analyzed %u/%u",
           n, b, f->tile, f->payload_bytes, e->wbytes, f->read_rmw, e->rmw, f->read_promote,
           e->promote, f->analyzed, e->analyzed);
    /* payload decodes to the expected pixels */
    uint8_t dec[256];
    memset(dec, 0xee, sizeof dec);
    int ok = gx_mssurf_decode(&R->cfg, f->enc, f->written, f->payload, f->payload_bytes, dec);
    int same = ok;
    for (unsigned p = 0; p < 256 / pb && same; p++)
        if ((f->written >> p) & 1u)
            same = !memcmp(dec + p * pb, e->image + p * pb, pb);
    CHECK(same, "N=%u B=%u tile %" PRIu32 ": payload decodes (%d) to the expected pixels", n, b,
           f->tile, ok);
    /* the flushed tile in memory, and its state */
    CHECK(!memcmp(R->mem.data + (size_t)f->tile * 256, e->image, 256) &&
               R->mem.enc[f->tile] == e->enc,
           "N=%u B=%u tile %" PRIu32 ": memory image / state after the flush", n, b, f->tile);
    /* nothing lost: a full flush comes after the pending store is merged */
    if (f->cause == GX_MS_FULL && R->pending)
        apply_ref(R, R->pending);
    size_t where = 0;
    int good = gx_mssurf_check(&R->lsu, &R->mem, R->ref, &where);
    CHECK(good, "N=%u B=%u: nothing-lost check fails at byte %zu after flush of tile %" PRIu32
           " (cause %d)", n, b, where, f->tile, (int)f->cause);
    R->bins->cause[R->fmt][f->cause]++;
    R->bins->enc[f->enc]++;
}

static void random_run(unsigned sp, unsigned bp, unsigned k, unsigned thr, int ragged,
                       unsigned ops, bins_t *bins, uint64_t *op_total)
{
    run_t R;
    memset(&R, 0, sizeof R);
    const unsigned n = 2u << sp, b = bp == 0 ? 4 : bp == 1 ? 8 : 16, pb = n * b, np = 256 / pb;
    const uint16_t all = (uint16_t)((1u << n) - 1);
    R.fmt = sp * 3 + bp;
    R.bins = bins;
    /* surface: K + 2 .. 3K + 5 tiles or a few more, tw x th pixels each (8 x 4, 4 x 4,
     * 4 x 2, 2 x 2, 2 x 1, 1 x 1 for P = 32 .. 1); ragged: the last row and column of
     * tiles padded */
    unsigned nt = k + 2 + rnd(2 * k + 4);
    const unsigned tw = np >= 32 ? 8 : np >= 8 ? 4 : np >= 2 ? 2 : 1, th = np / tw;
    const unsigned ntx = 1 + rnd(nt < 12 ? nt : 12), nty = (nt + ntx - 1) / ntx;
    unsigned w = ntx * tw, h = nty * th;
    if (ragged) {
        w -= rnd(tw);
        h -= rnd(th);
    }
    gx_mssurf_cfg_default(&R.cfg, (uint16_t)w, (uint16_t)h, (gx_spp_t)sp, (gx_bps_t)bp);
    R.cfg.slots = (uint8_t)k;
    R.cfg.threshold = (uint8_t)thr;
    CHECK(gx_mssurf_cfg_ok(&R.cfg), "random cfg ok");
    if (!gx_mssurf_mem_init(&R.mem, &R.cfg)) {
        CHECK(0, "mem init");
        return;
    }
    gx_mssurf_lsu_init(&R.lsu, &R.cfg);
    size_t sb = gx_mssurf_surface_bytes(&R.cfg);
    R.ref = calloc(sb, 1);
    R.o.w = w;
    R.o.h = h;
    R.o.n = n;
    R.o.b = b;
    R.o.np = np;
    R.o.tw = tw;
    R.o.th = th;
    R.o.tx = ntx;
    R.o.k = k;
    R.o.t = thr;
    R.o.tiles = gx_mssurf_tiles(&R.cfg);
    R.o.mem = calloc(sb, 1);
    R.o.enc = calloc(R.o.tiles, 1);
    const uint32_t ntiles = R.o.tiles;
    CHECK(ntiles == ntx * nty, "tiles %u, %u x %u", ntiles, ntx, nty);

    /* palette: 4 values; with a threshold, near and far variants of value 0 */
    uint8_t pal[6][16];
    for (unsigned v = 0; v < 6; v++)
        for (unsigned i = 0; i < b; i++)
            pal[v][i] = (uint8_t)rnd64();
    if (thr)
        for (unsigned i = 0; i < b; i++) {
            pal[1][i] = (uint8_t)(pal[0][i] < 128 ? pal[0][i] + rnd(thr + 1) : pal[0][i] - rnd(thr + 1));
            pal[2][i] = (uint8_t)(pal[0][i] < 128 ? pal[0][i] + rnd(2 * thr + 2) : pal[0][i] - rnd(2 * thr + 2));
        }
    unsigned npal = 3 + rnd(4);

    uint32_t focus[8];
    unsigned nfocus = 1 + rnd(k + 2);
    for (unsigned i = 0; i < 8; i++)
        focus[i] = rnd(ntiles);
    uint64_t recent[8] = {0};
    unsigned nrecent = 0;

    uint64_t done = 0;
    gx_ms_store_t st;
    while (done < ops) {
        if (rnd(60) == 0) {
            nfocus = 1 + rnd(k + 2 > 8 ? 8 : k + 2);
            for (unsigned i = 0; i < 8; i++)
                focus[i] = rnd(ntiles);
        }
        uint32_t t = rnd(4) ? focus[rnd(nfocus)] : rnd(ntiles);
        uint64_t tp = (uint64_t)t * np, idx;
        unsigned ux, uy;
        do { /* a pixel of the tile inside the surface (pixel 0 always is) */
            idx = tp + rnd(np);
            o_xy(&R.o, t, (unsigned)(idx % np), &ux, &uy);
        } while (ux >= w || uy >= h);
        unsigned r = rnd(100);
        if (r >= 85 && nrecent)
            idx = recent[rnd(nrecent < 8 ? nrecent : 8)];
        unsigned burst = (r >= 63 && r < 67) ? np : 1;
        for (unsigned bi = 0; bi < burst; bi++) {
            if (burst > 1)
                idx = tp + bi;
            o_xy(&R.o, (uint32_t)(idx / np), (unsigned)(idx % np), &ux, &uy);
            if (ux >= w || uy >= h)
                continue; /* padding */
            done++;
            uint16_t x = (uint16_t)ux, y = (uint16_t)uy;
            if (burst == 1 && r >= 67 && r < 84) { /* load */
                gx_ms_load_t ld = {x, y, (uint8_t)rnd(n)};
                oload_t want;
                gx_ms_load_resp_t got;
                CHECK(gx_mssurf_load_ok(&R.cfg, &ld), "load ok");
                o_load(&R.o, &ld, &want);
                gx_mssurf_load(&R.lsu, &R.mem, &ld, &got);
                CHECK(!memcmp(got.value, want.value, b) && got.mask == want.mask &&
                           (unsigned)got.enc == want.enc && got.read_bytes == want.read &&
                           got.analyzed == want.analyzed,
                       "N=%u B=%u load (%u,%u) s%u: mask %x/%x enc %s/%s read %u/%u analyzed %u/%u",
                       n, b, x, y, ld.sample, got.mask, want.mask, enc_name(got.enc),
                       enc_name(want.enc), got.read_bytes, want.read, got.analyzed, want.analyzed);
                CHECK(bf_near(got.value, R.ref + gx_mssurf_addr(&R.cfg, x, y, ld.sample), b, thr),
                       "load value vs reference");
                if (want.kind == 1)
                    CHECK(got.mask == all && got.enc == GX_ENC1SPP, "known 1spp load");
                bins->load_kind[want.kind]++;
                continue;
            }
            if (burst == 1 && r == 84) { /* flush command */
                R.pending = NULL;
                o_command(&R.o);
                R.qi = 0;
                gx_mssurf_flush(&R.lsu, &R.mem, on_flush, &R);
                CHECK(R.qi == R.o.nq, "command: %u of %u expected flushes", R.qi, R.o.nq);
                continue;
            }
            memset(&st, 0, sizeof st);
            st.x = x;
            st.y = y;
            uint16_t have = 0; /* samples of this pixel stored in a resident slot */
            int rr = o_find(&R.o, (uint32_t)(idx / np));
            if (rr >= 0)
                have = R.o.s[rr].cover[idx % np];
            if (burst > 1) {
                st.mask = all;
                memcpy(st.value, pal[(r & 1) ? 0 : rnd(npal)], b);
            } else if (r < 55 || r >= 85) {
                st.mask = rnd(100) < 45 ? all : (uint16_t)(1 + rnd(all));
                unsigned v = rnd(npal);
                memcpy(st.value, pal[v], b);
                if (have && rnd(2)) { /* equal data to an already stored sample */
                    unsigned i = 0;
                    while (!((have >> i) & 1u))
                        i++;
                    memcpy(st.value, R.ref + gx_mssurf_addr(&R.cfg, x, y, i), b);
                    if (rnd(2))
                        st.mask = (uint16_t)(st.mask | (1u << i));
                }
            } else { /* full-state store */
                st.full = 1;
                st.mask = rnd(10) < 7 ? all : (uint16_t)(1 + rnd(all));
                unsigned style = rnd(3), v0 = rnd(npal), v1 = rnd(npal);
                for (unsigned i = 0; i < n; i++) {
                    unsigned v = style == 0 ? v0 : style == 1 ? (i & 1 ? v1 : v0) : rnd(npal);
                    memcpy(st.value + i * b, pal[v], b);
                }
            }
            CHECK(gx_mssurf_store_ok(&R.cfg, &st), "store ok");
            o_store(&R.o, &st);
            R.pending = &st;
            R.qi = 0;
            uint64_t before = R.lsu.cnt.merges;
            gx_mssurf_store(&R.lsu, &R.mem, &st, on_flush, &R);
            CHECK(R.qi == R.o.nq, "N=%u B=%u store: %u of %u expected flushes", n, b, R.qi, R.o.nq);
            if (R.lsu.cnt.merges != before)
                bins->merge[R.fmt]++;
            apply_ref(&R, &st);
            R.pending = NULL;
            recent[nrecent++ % 8] = idx;
        }
        /* memory whole, after every operation */
        CHECK(!memcmp(R.mem.data, R.o.mem, sb) && !memcmp(R.mem.enc, R.o.enc, ntiles),
               "N=%u B=%u: memory image differs from the oracle", n, b);
    }
    /* threshold: flushed values that moved */
    if (thr) {
        for (size_t a = 0; a < sb; a++)
            if (R.mem.data[a] != R.ref[a]) {
                bins->thr_changed++;
                break;
            }
    }
    /* end: counters, then a final command and the whole surface */
    const gx_ms_lsu_cnt_t *c = &R.lsu.cnt;
    const gx_ms_mem_cnt_t *m = &R.mem.cnt;
    CHECK(c->stores == R.o.stores && c->merges == R.o.merges && c->loads == R.o.loads &&
              c->analyzed == R.o.analyzed,
          "N=%u B=%u K=%u T=%u counters: stores %" PRIu64 "/%" PRIu64 " merges %" PRIu64 "/%" PRIu64
          " loads %" PRIu64 "/%" PRIu64 " analyzed %" PRIu64 "/%" PRIu64,
          n, b, k, thr, c->stores, R.o.stores, c->merges, R.o.merges, c->loads, R.o.loads,
          c->analyzed, R.o.analyzed);
    CHECK(!memcmp(c->flushes, R.o.flushes, sizeof c->flushes) &&
              !memcmp(c->flushed_enc, R.o.fenc, sizeof c->flushed_enc) &&
              (c->passes > 0) == (c->analyzed > 0),
          "N=%u B=%u flush counters", n, b);
    CHECK(m->writes == R.o.writes && m->write_bytes == R.o.wbytes && m->write_uncomp == R.o.wuncomp &&
              m->read_rmw == R.o.rmw && m->read_promote == R.o.promote && m->read_load == R.o.rload &&
              m->read_bytes == R.o.rmw + R.o.promote + R.o.rload && m->bad_writes == 0,
          "N=%u B=%u traffic: written %" PRIu64 "/%" PRIu64 " rmw %" PRIu64 "/%" PRIu64
          " promote %" PRIu64 "/%" PRIu64 " load %" PRIu64 "/%" PRIu64 " bad %" PRIu64,
          n, b, m->write_bytes, R.o.wbytes, m->read_rmw, R.o.rmw, m->read_promote, R.o.promote,
          m->read_load, R.o.rload, m->bad_writes);
    R.pending = NULL;
    o_command(&R.o);
    R.qi = 0;
    gx_mssurf_flush(&R.lsu, &R.mem, on_flush, &R);
    CHECK(R.qi == R.o.nq, "final command");
    if (thr == 0)
        CHECK(!memcmp(R.mem.data, R.ref, sb), "N=%u B=%u after the final flush memory = reference",
              n, b);
    size_t where;
    CHECK(gx_mssurf_check(&R.lsu, &R.mem, R.ref, &where), "final nothing-lost check");
    *op_total += done;
    bins->rmw += R.o.n_rmw;
    bins->promote += R.o.n_promote;
    bins->promote_u += R.o.n_promote_u;
    bins->narrower += R.o.n_narrower;
    bins->full_to_1spp += R.o.n_full_to_1spp;
    bins->padded += R.o.n_padded;
    free(R.ref);
    free(R.o.mem);
    free(R.o.enc);
    gx_mssurf_mem_free(&R.mem);
}

/* =================================================================================
 * Directed cases. */

typedef struct log {
    gx_ms_flush_t f[16];
    unsigned n;
} flog_t;

static void log_flush(void *ctx, const gx_ms_flush_t *f)
{
    flog_t *l = ctx;
    if (l->n < 16)
        l->f[l->n] = *f;
    l->n++;
}

static void sust(gx_ms_lsu_t *lsu, gx_ms_mem_t *mem, unsigned x, unsigned y, unsigned mask,
                 uint32_t v, flog_t *log)
{
    gx_ms_store_t st;
    memset(&st, 0, sizeof st);
    st.x = (uint16_t)x;
    st.y = (uint16_t)y;
    st.mask = (uint16_t)mask;
    for (unsigned i = 0; i < 16; i++) /* byte 0 = the top byte of v, repeated */
        st.value[i] = (uint8_t)(v >> (24 - 8 * (i % 4)));
    CHECK(gx_mssurf_store_ok(&lsu->cfg, &st), "directed store ok");
    gx_mssurf_store(lsu, mem, &st, log_flush, log);
}

static void test_golden_1spp_conflict_promote(void)
{
    /* N = 4, B = 4: P = 256 / 16 = 16 pixels per tile, 4 x 4; W = 4, H = 8: tile 0 =
     * rows 0..3, tile 1 = rows 4..7, pixel p of tile t at (p mod 4, 4 t + p / 4). K = 1.
     * A = 11223344, Bv = 55667788. */
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 4, 8, GX_SPP4, GX_BPS4);
    cfg.slots = 1;
    gx_ms_mem_t mem;
    gx_ms_lsu_t lsu;
    CHECK(gx_mssurf_mem_init(&mem, &cfg), "mem init");
    gx_mssurf_lsu_init(&lsu, &cfg);
    flog_t log = {0};
    /* Tile 0, full masks: the 16th store fills it -> one full flush, nothing read, no
     * pixel analyzed (all arrived as 1SPP); every pixel holds A: the tile is uniform, its
     * payload the 1SPP one (16 x 4 = 64 bytes), 4 bytes written to memory. */
    for (unsigned p = 0; p < 16; p++)
        sust(&lsu, &mem, p % 4, p / 4, 0xf, 0x11223344, &log);
    CHECK(log.n == 1 && log.f[0].tile == 0 && log.f[0].cause == GX_MS_FULL &&
              log.f[0].enc == GX_ENCUNIFORM && log.f[0].payload_bytes == 64 &&
              log.f[0].read_rmw == 0 && log.f[0].read_promote == 0 && log.f[0].analyzed == 0 &&
              log.f[0].written == 0xffff && mem.cnt.write_bytes == 4,
          "golden uniform full flush: n %u bytes %u", log.n, log.n ? log.f[0].payload_bytes : 0);
    CHECK(mem.enc[0] == GX_ENCUNIFORM && mem.data[5 * 16 + 2 * 4] == 0x11 && mem.data[255] == 0x44,
          "golden uniform memory");
    /* SULD.MS from a uniform tile: the state is known, its 4 bytes read. */
    gx_ms_load_t ld = {3, 0, 2};
    gx_ms_load_resp_t lr;
    gx_mssurf_load(&lsu, &mem, &ld, &lr);
    CHECK(lr.value[0] == 0x11 && lr.value[3] == 0x44 && lr.mask == 0xf && lr.enc == GX_ENC1SPP &&
              lr.read_bytes == 4 && lr.analyzed == 0,
          "golden load 1spp: mask %x enc %d read %u", lr.mask, lr.enc, lr.read_bytes);

    /* Pixel (0,4) = tile 1 pixel 0: mask 3 = A; mask 1 = A again (merge, no flush). */
    log.n = 0;
    sust(&lsu, &mem, 0, 4, 0x3, 0x11223344, &log);
    sust(&lsu, &mem, 0, 4, 0x1, 0x11223344, &log);
    CHECK(log.n == 0 && lsu.cnt.merges == 1, "golden merge: flushes %u merges %" PRIu64, log.n,
          lsu.cnt.merges);
    /* A load while it is in the slot: samples 0,1 from the slot, 2,3 from memory (the pixel
     * is read: tile 1 is 1SPP, 4 bytes); A A 0 0 has two classes: subset, analyzed. */
    gx_ms_load_t ld2 = {0, 4, 3};
    gx_mssurf_load(&lsu, &mem, &ld2, &lr);
    CHECK(lr.value[0] == 0 && lr.mask == 0xc && lr.enc == GX_ENCSUBSET && lr.read_bytes == 4 &&
              lr.analyzed == 1,
          "golden load mixed: mask %x enc %d read %u", lr.mask, lr.enc, lr.read_bytes);
    /* mask 2 = Bv: sample 1 holds A -> conflict. The flush of tile 1: pixel 0 is partial
     * (mask 3): RMW read of it in 1SPP = 4 bytes; merged A A 0 0 needs subset; memory is
     * 1SPP and 15 pixels are uncovered -> promotion: read them, 15 x 4 = 60 bytes, write
     * all 16 in subset. Classes: 2 + 15 = 17; masks ceil(17 x 4 / 8) = 9 bytes; values
     * 17 x 4 = 68; 77 bytes. Payload: masks 3, c, f x 15 packed 4 bits LSB first:
     * c3 ff ff ff ff ff ff ff 0f; values A, 0, then 0 per uncovered pixel. In memory
     * (docs/pipe.md) each pixel takes its class indices (I(4) = 1 byte) and its values:
     * 1 + 8 for pixel 0, 1 + 4 for each other: 84 bytes written. */
    sust(&lsu, &mem, 0, 4, 0x2, 0x55667788, &log);
    static const uint8_t want[77] = {0xc3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f,
                                     0x11, 0x22, 0x33, 0x44};
    CHECK(log.n == 1 && log.f[0].tile == 1 && log.f[0].cause == GX_MS_CONFLICT &&
              log.f[0].enc == GX_ENCSUBSET && log.f[0].cover[0] == 3 && log.f[0].cover[1] == 0 &&
              log.f[0].written == 0xffff && log.f[0].read_rmw == 4 && log.f[0].read_promote == 60 &&
              log.f[0].payload_bytes == 77 && !memcmp(log.f[0].payload, want, 77) &&
              log.f[0].analyzed == 1,
          "golden conflict + promotion: n %u enc %d bytes %u rmw %u promote %u", log.n,
          log.n ? (int)log.f[0].enc : -1, log.n ? log.f[0].payload_bytes : 0,
          log.n ? log.f[0].read_rmw : 0, log.n ? log.f[0].read_promote : 0);
    /* (1,5) = tile 1 pixel 5, full mask C: a 1SPP pixel into the now-subset tile. Flush command: tile 1 holds
     * pixel 0 (mask 2 = Bv: partial) and pixel 5 (full). RMW: pixel 0 from the subset tile:
     * 2 classes -> its index byte + 2 x 4 = 9 bytes. Merged pixel 0 = A Bv 0 0: 3 classes;
     * pixel 5 one class. Eb = subset = Em: only the covered pixels, in subset: 4 classes:
     * payload 16 + ceil(16 / 8) = 18 bytes; in memory 1 + 12 and 1 + 4: 18 bytes too. */
    log.n = 0;
    sust(&lsu, &mem, 1, 5, 0xf, 0x99aabbcc, &log);
    gx_mssurf_flush(&lsu, &mem, log_flush, &log);
    CHECK(log.n == 1 && log.f[0].cause == GX_MS_COMMAND && log.f[0].enc == GX_ENCSUBSET &&
              log.f[0].written == 0x21 && log.f[0].read_rmw == 9 && log.f[0].read_promote == 0 &&
              log.f[0].payload_bytes == 18,
          "golden narrower into subset: bytes %u rmw %u", log.n ? log.f[0].payload_bytes : 0,
          log.n ? log.f[0].read_rmw : 0);
    /* SULD.MS from the subset tile: known from its stored masks; pixel 0 read = its index
     * byte and 3 classes: 1 + 12 = 13 bytes. */
    gx_ms_load_t ld3 = {0, 4, 1};
    gx_mssurf_load(&lsu, &mem, &ld3, &lr);
    CHECK(lr.value[0] == 0x55 && lr.mask == 0x2 && lr.enc == GX_ENCSUBSET && lr.read_bytes == 13 &&
              lr.analyzed == 0,
          "golden load subset: mask %x read %u analyzed %u", lr.mask, lr.read_bytes, lr.analyzed);
    /* Fill tile 1 with full masks: the tile is full, all 1SPP with one value -> the state
     * narrows to uniform: a 64-byte payload, 4 bytes in memory. */
    log.n = 0;
    for (unsigned p = 0; p < 16; p++)
        sust(&lsu, &mem, p % 4, 4 + p / 4, 0xf, 0x01020304, &log);
    CHECK(log.n == 1 && log.f[0].cause == GX_MS_FULL && log.f[0].enc == GX_ENCUNIFORM &&
              log.f[0].payload_bytes == 64 && mem.enc[1] == GX_ENCUNIFORM,
          "golden narrowing full tile");
    CHECK(mem.cnt.write_bytes == 4 + 84 + 18 + 4 && mem.cnt.read_rmw == 4 + 9 &&
              mem.cnt.read_promote == 60 && mem.cnt.read_load == 4 + 4 + 13 && mem.cnt.bad_writes == 0,
          "golden traffic: written %" PRIu64 " rmw %" PRIu64 " load %" PRIu64, mem.cnt.write_bytes,
          mem.cnt.read_rmw, mem.cnt.read_load);
    gx_mssurf_mem_free(&mem);
}

static void test_golden_full_arrival(void)
{
    /* N = 2, B = 16: P = 8, one 4 x 2 tile (W = 4, H = 2; pixel p at (p mod 4, p / 4)).
     * Full-state stores of two equal values
     * arrive as full and are re-analyzed: 1SPP, 8 pixels analyzed; every pixel holds the
     * same value: uniform, the 1SPP payload of 8 x 16 = 128 bytes. */
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 4, 2, GX_SPP2, GX_BPS16);
    gx_ms_mem_t mem;
    gx_ms_lsu_t lsu;
    CHECK(gx_mssurf_mem_init(&mem, &cfg), "mem init");
    gx_mssurf_lsu_init(&lsu, &cfg);
    flog_t log = {0};
    gx_ms_store_t st;
    memset(&st, 0, sizeof st);
    st.full = 1;
    st.mask = 3;
    for (unsigned i = 0; i < 32; i++)
        st.value[i] = (uint8_t)(0x40 + i % 16);
    for (unsigned p = 0; p < 8; p++) {
        st.x = (uint16_t)(p % 4);
        st.y = (uint16_t)(p / 4);
        gx_mssurf_store(&lsu, &mem, &st, log_flush, &log);
    }
    CHECK(log.n == 1 && log.f[0].cause == GX_MS_FULL && log.f[0].enc == GX_ENCUNIFORM &&
              log.f[0].payload_bytes == 128 && log.f[0].analyzed == 8 && log.f[0].passes == 8,
          "golden full arrival -> uniform: enc %d bytes %u analyzed %u passes %u",
          log.n ? (int)log.f[0].enc : -1, log.n ? log.f[0].payload_bytes : 0,
          log.n ? log.f[0].analyzed : 0, log.n ? log.f[0].passes : 0);
    /* Pixel 3 with two distinct values, then a command: Eb = full (N = 2: 2 classes), Em =
     * uniform, 7 pixels uncovered -> promotion: read the tile's value (16 bytes), write
     * 8 x 32 = 256. */
    log.n = 0;
    st.x = 3;
    st.y = 0;
    st.value[16] = 0x99;
    gx_mssurf_store(&lsu, &mem, &st, log_flush, &log);
    gx_mssurf_flush(&lsu, &mem, log_flush, &log);
    CHECK(log.n == 1 && log.f[0].enc == GX_ENCFULL && log.f[0].read_promote == 16 &&
              log.f[0].read_rmw == 0 && log.f[0].payload_bytes == 256 && mem.enc[0] == GX_ENCFULL,
          "golden promotion to full: promote %u bytes %u", log.n ? log.f[0].read_promote : 0,
          log.n ? log.f[0].payload_bytes : 0);
    /* SULD.MS from a full tile: analyzed; pixel 3 sample 1 = 99 4x ..: alone. */
    gx_ms_load_t ld = {3, 0, 1};
    gx_ms_load_resp_t lr;
    gx_mssurf_load(&lsu, &mem, &ld, &lr);
    CHECK(lr.value[0] == 0x99 && lr.mask == 2 && lr.enc == GX_ENCFULL && lr.read_bytes == 32 &&
              lr.analyzed == 1,
          "golden load full tile");
    gx_ms_load_t ld2 = {0, 1, 1}; /* pixel 4 */
    gx_mssurf_load(&lsu, &mem, &ld2, &lr);
    CHECK(lr.mask == 3 && lr.enc == GX_ENC1SPP && lr.analyzed == 1, "golden load uniform pixel of a full tile");
    gx_mssurf_mem_free(&mem);
}

static void test_golden_fifo(void)
{
    /* N = 16, B = 16: one pixel per tile (256 bytes); W = 4: 4 tiles; K = 2. A pixel with
     * mask 1 = A: partial -> RMW read 16 bytes (1SPP zero); merged A 0 x 15: 2 classes,
     * the only pixel covered -> subset: 2 x 16 + ceil(2 x 16 / 8) = 36 bytes. */
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 4, 1, GX_SPP16, GX_BPS16);
    cfg.slots = 2;
    gx_ms_mem_t mem;
    gx_ms_lsu_t lsu;
    CHECK(gx_mssurf_mem_init(&mem, &cfg), "mem init");
    gx_mssurf_lsu_init(&lsu, &cfg);
    flog_t log = {0};
    sust(&lsu, &mem, 0, 0, 1, 0xa0a0a0a0, &log);
    sust(&lsu, &mem, 1, 0, 1, 0xa0a0a0a0, &log);
    sust(&lsu, &mem, 2, 0, 1, 0xa0a0a0a0, &log); /* evicts tile 0 */
    CHECK(log.n == 1 && log.f[0].tile == 0 && log.f[0].cause == GX_MS_EVICT &&
              log.f[0].enc == GX_ENCSUBSET && log.f[0].payload_bytes == 36 && log.f[0].read_rmw == 16,
          "golden evict: tile %u bytes %u", log.n ? log.f[0].tile : 99,
          log.n ? log.f[0].payload_bytes : 0);
    /* touch tile 1 again (it is now the oldest allocation, though just used): FIFO evicts
     * it for tile 3, where LRU would evict tile 2 */
    sust(&lsu, &mem, 1, 0, 2, 0xa0a0a0a0, &log);
    sust(&lsu, &mem, 3, 0, 1, 0xa0a0a0a0, &log);
    CHECK(log.n == 2 && log.f[1].tile == 1 && log.f[1].cause == GX_MS_EVICT && log.f[1].cover[0] == 3,
          "golden FIFO, not LRU: evicted tile %u", log.n > 1 ? log.f[1].tile : 99);
    gx_mssurf_flush(&lsu, &mem, log_flush, &log);
    CHECK(log.n == 4 && log.f[2].tile == 2 && log.f[3].tile == 3 && log.f[2].cause == GX_MS_COMMAND,
          "golden command order: allocation order");
    gx_mssurf_mem_free(&mem);
}

static void test_golden_threshold(void)
{
    /* N = 4, B = 4, T = 2, one tile of 16 pixels. Pixel 0: s0 = 10203040, s1 = 11213141,
     * s2 = 12223242, s3 = 13233343, then s0 again with 11203040 (near: merged, newest
     * kept), then s0 with 14203040 (3 away: conflict, flushed first). Threshold classes
     * of pixel 0: reference s0 = 11203040; s1 differs by <= 1, s2 by <= 2: they join and
     * take 11203040; s3 differs by 3: its own class. Pixel 0 is wholly covered (no RMW);
     * Eb = subset > 1SPP with 15 pixels uncovered: promoted, all 16 written in subset:
     * classes 2 + 15 = 17 -> 9 + 68 = 77 bytes. */
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 16, 1, GX_SPP4, GX_BPS4);
    cfg.threshold = 2;
    gx_ms_mem_t mem;
    gx_ms_lsu_t lsu;
    CHECK(gx_mssurf_mem_init(&mem, &cfg), "mem init");
    gx_mssurf_lsu_init(&lsu, &cfg);
    flog_t log = {0};
    sust(&lsu, &mem, 0, 0, 1, 0x10203040, &log);
    sust(&lsu, &mem, 0, 0, 2, 0x11213141, &log);
    sust(&lsu, &mem, 0, 0, 4, 0x12223242, &log);
    sust(&lsu, &mem, 0, 0, 8, 0x13233343, &log);
    sust(&lsu, &mem, 0, 0, 1, 0x11203040, &log);
    CHECK(log.n == 0 && lsu.cnt.merges == 1, "golden threshold: near re-store merges");
    sust(&lsu, &mem, 0, 0, 1, 0x14203040, &log); /* 3 away from 11203040: conflict */
    CHECK(log.n == 1 && log.f[0].cause == GX_MS_CONFLICT, "golden threshold: far re-store conflicts");
    /* that flush: pixel 0 as above, other pixels uncovered; Eb = subset > 1SPP: promoted */
    CHECK(log.n == 1 && log.f[0].enc == GX_ENCSUBSET && log.f[0].payload_bytes == 77 &&
              mem.data[4] == 0x11 && mem.data[5] == 0x20 && mem.data[8] == 0x11 &&
              mem.data[12] == 0x13 && mem.data[15] == 0x43,
          "golden threshold classes: bytes %u", log.n ? log.f[0].payload_bytes : 0);
    gx_mssurf_mem_free(&mem);
}

static void test_golden_last_tile(void)
{
    /* N = 8, B = 8: P = 4, 2 x 2 tiles; W = H = 3: padded to 4 x 4, 4 tiles, the last
     * (tile 3) holding (2,2) as pixel 0 and padding. Sample 5 of (2,2) is at 3 x 256 +
     * (0 x 8 + 5) x 8 = 808. A full-mask store to (2,2) does not fill tile 3 (its padding
     * is never stored); the command flushes it: 1 pixel covered whole, 1SPP, 8 bytes, no
     * read (the tile is 1SPP, the pixel covered). */
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 3, 3, GX_SPP8, GX_BPS8);
    CHECK(gx_mssurf_tiles(&cfg) == 4 && gx_mssurf_tile_valid(&cfg, 3) == 0xf &&
              gx_mssurf_tile_valid(&cfg, 4) == 0 && gx_mssurf_addr(&cfg, 2, 2, 5) == 808 &&
              gx_mssurf_surface_bytes(&cfg) == 1024,
          "golden geometry");
    gx_ms_mem_t mem;
    gx_ms_lsu_t lsu;
    CHECK(gx_mssurf_mem_init(&mem, &cfg), "mem init");
    gx_mssurf_lsu_init(&lsu, &cfg);
    flog_t log = {0};
    sust(&lsu, &mem, 2, 2, 0xff, 0x0badcafe, &log);
    CHECK(log.n == 0, "golden padded tile not full");
    gx_mssurf_flush(&lsu, &mem, log_flush, &log);
    CHECK(log.n == 1 && log.f[0].tile == 3 && log.f[0].cause == GX_MS_COMMAND &&
              log.f[0].written == 1 && log.f[0].enc == GX_ENC1SPP && log.f[0].payload_bytes == 8 &&
              log.f[0].read_rmw == 0 && log.f[0].read_promote == 0 && mem.data[808] == 0x0b,
          "golden padded tile flushed");
    gx_mssurf_mem_free(&mem);
}

/* =================================================================================
 * Unit tests of the pieces. */

static void test_classes_codec(void)
{
    unsigned cases = 0;
    for (unsigned sp = 0; sp < 4; sp++)
        for (unsigned bp = 0; bp < 3; bp++) {
            gx_ms_cfg_t cfg;
            gx_mssurf_cfg_default(&cfg, 64, 64, (gx_spp_t)sp, (gx_bps_t)bp);
            const unsigned n = 2u << sp, b = bp == 0 ? 4 : bp == 1 ? 8 : 16, pb = n * b, np = 256 / pb;
            int cls_ok = 1, rt_ok = 1, size_ok = 1;
            for (unsigned it = 0; it < 400; it++) {
                uint8_t tile[256], pal[16][16];
                unsigned nv = 1 + rnd(it % 3 == 0 ? n : 3), pos = rnd(b);
                for (unsigned v = 0; v < nv; v++) /* values differing in one byte only */
                    for (unsigned i = 0; i < b; i++)
                        pal[v][i] = (uint8_t)(i == pos ? 0x80 + v : 0x5a);
                for (unsigned p = 0; p < np; p++)
                    for (unsigned i = 0; i < n; i++)
                        memcpy(tile + p * pb + i * b, pal[rnd(nv)], b);
                uint32_t set = (uint32_t)rnd64() & (np >= 32 ? 0xffffffffu : (1u << np) - 1u);
                uint16_t cls[32][16], want[16];
                gx_mssurf_classes((gx_spp_t)sp, (gx_bps_t)bp, tile, set, cls);
                unsigned widest = 0;
                for (unsigned p = 0; p < np; p++) {
                    if (!((set >> p) & 1u))
                        continue;
                    bf_classes(tile + p * pb, n, b, want);
                    if (memcmp(cls[p], want, n * sizeof want[0]))
                        cls_ok = 0;
                    if ((unsigned)gx_mssurf_need((gx_spp_t)sp, cls[p]) != bf_need(tile + p * pb, n, b))
                        cls_ok = 0;
                    if (bf_need(tile + p * pb, n, b) > widest)
                        widest = bf_need(tile + p * pb, n, b);
                }
                for (unsigned e = widest; e < 3; e++) {
                    uint8_t buf[GX_MS_MAX_PAYLOAD], back[256];
                    unsigned len = gx_mssurf_encode(&cfg, (gx_enc_t)e, set, tile, buf);
                    if (len != bf_bytes(e, tile, set, n, b) || len > GX_MS_MAX_PAYLOAD ||
                        len != gx_mssurf_encode(&cfg, (gx_enc_t)e, set, tile, NULL))
                        size_ok = 0;
                    memset(back, 0x77, sizeof back);
                    if (!gx_mssurf_decode(&cfg, (gx_enc_t)e, set, buf, len, back))
                        rt_ok = 0;
                    for (unsigned p = 0; p < np; p++)
                        if (((set >> p) & 1u) ? memcmp(back + p * pb, tile + p * pb, pb)
                                              : back[p * pb] != 0x77)
                            rt_ok = 0;
                    if (len && gx_mssurf_decode(&cfg, (gx_enc_t)e, set, buf, len - 1, back))
                        rt_ok = 0; /* a short payload is refused */
                }
                cases++;
            }
            CHECK(cls_ok, "classes (analyzer) = pairwise, N=%u B=%u", n, b);
            CHECK(rt_ok, "encode/decode round trip, N=%u B=%u", n, b);
            CHECK(size_ok, "encoded sizes = formula, N=%u B=%u", n, b);
        }
    printf("test_mssurf: %u class/codec cases\n", cases);

    /* worst subset payload: N = 16, B = 4, 4 pixels of 15 classes = 360 bytes */
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 4, 1, GX_SPP16, GX_BPS4);
    uint8_t tile[256];
    for (unsigned s = 0; s < 64; s++)
        for (unsigned i = 0; i < 4; i++)
            tile[s * 4 + i] = (uint8_t)(s % 16 == 15 ? 0 : s % 16); /* samples 0 and 15 equal */
    CHECK(gx_mssurf_encode(&cfg, GX_ENCSUBSET, 0xf, tile, NULL) == GX_MS_MAX_PAYLOAD,
          "worst subset payload = GX_MS_MAX_PAYLOAD");
    /* decoder refusals: N = 4, B = 4, one pixel */
    gx_mssurf_cfg_default(&cfg, 16, 1, GX_SPP4, GX_BPS4);
    uint8_t t2[256] = {0};
    uint8_t good[] = {0xc3, 1, 2, 3, 4, 5, 6, 7, 8}; /* masks 3, c; values */
    CHECK(gx_mssurf_decode(&cfg, GX_ENCSUBSET, 1, good, 9, t2) && t2[4] == 1 && t2[8] == 5,
          "decode good subset");
    uint8_t bad1[] = {0x3c, 1, 2, 3, 4, 5, 6, 7, 8}; /* out of order */
    uint8_t bad2[] = {0x33, 1, 2, 3, 4, 5, 6, 7, 8}; /* overlapping */
    uint8_t bad3[] = {0x00, 1, 2, 3, 4, 5, 6, 7, 8}; /* empty mask */
    uint8_t bad4[] = {0x21, 0x84, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}; /* k = N */
    uint8_t one[] = {0x0f, 1, 2, 3, 4}; /* one class: mask f, 4 zero padding bits */
    uint8_t bad6[] = {0x1f, 1, 2, 3, 4}; /* padding bit set */
    CHECK(!gx_mssurf_decode(&cfg, GX_ENCSUBSET, 1, bad1, 9, t2), "decode refuses out of order");
    CHECK(!gx_mssurf_decode(&cfg, GX_ENCSUBSET, 1, bad2, 9, t2), "decode refuses overlap");
    CHECK(!gx_mssurf_decode(&cfg, GX_ENCSUBSET, 1, bad3, 9, t2), "decode refuses empty mask");
    CHECK(!gx_mssurf_decode(&cfg, GX_ENCSUBSET, 1, bad4, 18, t2), "decode refuses k = N");
    CHECK(gx_mssurf_decode(&cfg, GX_ENCSUBSET, 1, one, 5, t2), "decode one-class subset pixel");
    CHECK(!gx_mssurf_decode(&cfg, GX_ENCSUBSET, 1, bad6, 5, t2), "decode refuses padding bits");
    CHECK(!gx_mssurf_decode(&cfg, (gx_enc_t)3, 1, one, 5, t2), "decode refuses encoding 3");
    CHECK(!gx_mssurf_decode(&cfg, GX_ENC1SPP, 1u << 16, one, 4, t2), "decode refuses pixel 16 of 16");
}

static void test_ranges(void)
{
    gx_ms_cfg_t c;
    gx_mssurf_cfg_default(&c, 16, 16, GX_SPP4, GX_BPS4);
    CHECK(gx_mssurf_cfg_ok(&c) && c.slots == 4 && c.threshold == 0, "default cfg");
    c.slots = 0;
    CHECK(!gx_mssurf_cfg_ok(&c), "K = 0 rejected");
    c.slots = GX_MS_MAX_SLOTS + 1;
    CHECK(!gx_mssurf_cfg_ok(&c), "K = 33 rejected");
    c.slots = GX_MS_MAX_SLOTS;
    CHECK(gx_mssurf_cfg_ok(&c), "K = 32 ok");
    c.bps = (gx_bps_t)3;
    CHECK(!gx_mssurf_cfg_ok(&c), "B code 3 rejected");
    c.bps = GX_BPS4;
    c.spp = (gx_spp_t)4;
    CHECK(!gx_mssurf_cfg_ok(&c), "N code 4 rejected");
    gx_mssurf_cfg_default(&c, 0, 16, GX_SPP4, GX_BPS4);
    CHECK(!gx_mssurf_cfg_ok(&c), "W = 0 rejected");
    gx_mssurf_cfg_default(&c, 8193, 16, GX_SPP4, GX_BPS4);
    CHECK(!gx_mssurf_cfg_ok(&c), "W = 8193 rejected");
    gx_mssurf_cfg_default(&c, 4096, 4096, GX_SPP4, GX_BPS4); /* 2^28 bytes: the limit */
    CHECK(gx_mssurf_cfg_ok(&c) && gx_mssurf_tiles(&c) == (1u << 20), "2^28-byte surface ok");
    gx_mssurf_cfg_default(&c, 4096, 4097, GX_SPP4, GX_BPS4);
    CHECK(!gx_mssurf_cfg_ok(&c), "surface over 2^28 bytes rejected");
    gx_mssurf_cfg_default(&c, 8192, 8192, GX_SPP16, GX_BPS16);
    CHECK(!gx_mssurf_cfg_ok(&c), "8192^2 x 16 x 16 rejected");
    gx_mssurf_cfg_default(&c, 5, 3, GX_SPP2, GX_BPS4); /* one 8 x 4 tile, padded */
    CHECK(gx_mssurf_tile_pixels(&c) == 32 && gx_mssurf_tile_wlog(&c) == 3 &&
              gx_mssurf_tile_hlog(&c) == 2 && gx_mssurf_tiles(&c) == 1 &&
              gx_mssurf_tile_valid(&c, 0) == 0xffffffffu && gx_mssurf_tile_valid(&c, 1) == 0,
          "tile geometry N=2 B=4");
    {
        unsigned p;
        uint32_t x, y;
        gx_ms_cfg_t c2;
        gx_mssurf_cfg_default(&c2, 9, 3, GX_SPP2, GX_BPS4); /* 8 x 4 tiles: 2 x 1 */
        CHECK(gx_mssurf_tiles(&c2) == 2 && gx_mssurf_pixel_tile(&c2, 8, 2, &p) == 1 && p == 16,
              "pixel (8,2): tile 1 pixel 16");
        gx_mssurf_tile_xy(&c2, 1, 16, &x, &y);
        CHECK(x == 8 && y == 2, "tile 1 pixel 16: (8,2)");
        gx_mssurf_cfg_default(&c2, 6, 5, GX_SPP8, GX_BPS4); /* 4 x 2 tiles: 2 x 3 */
        CHECK(gx_mssurf_tile_wlog(&c2) == 2 && gx_mssurf_tile_hlog(&c2) == 1 &&
                  gx_mssurf_tiles(&c2) == 6 && gx_mssurf_pixel_tile(&c2, 5, 4, &p) == 5 && p == 1,
              "4 x 2 tiles: (5,4) is tile 5 pixel 1");
        gx_mssurf_cfg_default(&c2, 3, 3, GX_SPP16, GX_BPS8); /* 2 x 1 tiles */
        CHECK(gx_mssurf_tile_wlog(&c2) == 1 && gx_mssurf_tile_hlog(&c2) == 0 &&
                  gx_mssurf_tiles(&c2) == 6 && gx_mssurf_pixel_tile(&c2, 2, 1, &p) == 3 && p == 0,
              "2 x 1 tiles: (2,1) is tile 3 pixel 0");
    }
    gx_ms_store_t st;
    memset(&st, 0, sizeof st);
    st.x = 4;
    st.y = 2;
    st.mask = 3;
    CHECK(gx_mssurf_store_ok(&c, &st), "store ok");
    st.mask = 4;
    CHECK(!gx_mssurf_store_ok(&c, &st), "mask beyond N rejected");
    st.mask = 0;
    CHECK(!gx_mssurf_store_ok(&c, &st), "empty mask rejected");
    st.mask = 1;
    st.x = 5;
    CHECK(!gx_mssurf_store_ok(&c, &st), "x = W rejected");
    st.x = 0;
    st.full = 2;
    CHECK(!gx_mssurf_store_ok(&c, &st), "full = 2 rejected");
    gx_ms_load_t ld = {4, 2, 1};
    CHECK(gx_mssurf_load_ok(&c, &ld), "load ok");
    ld.sample = 2;
    CHECK(!gx_mssurf_load_ok(&c, &ld), "sample = N rejected");
    ld.sample = 0;
    ld.y = 3;
    CHECK(!gx_mssurf_load_ok(&c, &ld), "y = H rejected");
    uint8_t a[4] = {10, 20, 30, 40}, b2[4] = {13, 17, 30, 43};
    CHECK(gx_mssurf_near(a, b2, 4, 3) && !gx_mssurf_near(a, b2, 4, 2) && gx_mssurf_near(a, a, 4, 0),
          "near");
}


/* ---------------------------------------------------------------------------------
 * The coalesce unit alone (gx_mssurf_coalesce / _coalesce_flush, the RTL's boundary)
 * and the flush encoder (gx_mssurf_writeback): directed evictions worked out by hand,
 * then random stores through both paths -- store() and coalesce() + writeback() --
 * which must give the same packets, memory and counters; records keep unstored bytes 0
 * and uncovered pixels' arrival 0; the record image unpacks to the same eviction. */

typedef struct elog {
    gx_ms_evict_t e[8];
    unsigned n;
} elog_t;

static void log_evict(void *ctx, const gx_ms_evict_t *ev)
{
    elog_t *l = ctx;
    if (l->n < 8)
        l->e[l->n] = *ev;
    l->n++;
}

static void co_store(gx_ms_lsu_t *lsu, unsigned x, unsigned y, unsigned mask, unsigned full,
                     uint8_t v, elog_t *log)
{
    gx_ms_store_t st;
    memset(&st, 0, sizeof st);
    st.x = (uint16_t)x;
    st.y = (uint16_t)y;
    st.mask = (uint16_t)mask;
    st.full = (uint8_t)full;
    for (unsigned i = 0; i < GX_MS_MAX_PIXEL_BYTES; i++)
        st.value[i] = (uint8_t)(v + i);
    gx_mssurf_coalesce(lsu, &st, log_evict, log);
}

/* A test-only packer of an eviction image, written from the field table of gx/defs.h. */
static void evict_pack(const gx_ms_evict_t *ev, unsigned n, uint32_t w[GX_MS_EVICT_WORDS])
{
    memset(w, 0, GX_MS_EVICT_WORDS * sizeof w[0]);
    uint64_t cover = 0, arrive = 0;
    for (unsigned p = 0; p < GX_MS_MAX_TILE_PIXELS; p++) {
        if (p * n < 64)
            cover |= (uint64_t)ev->cover[p] << (p * n);
        arrive |= (uint64_t)ev->arrive[p] << (2 * p);
    }
    gx_bits_set(w, GX_MS_EVICT_TILE_LSB, GX_MS_EVICT_TILE_BITS, ev->tile);
    gx_bits_set(w, GX_MS_EVICT_CAUSE_LSB, GX_MS_EVICT_CAUSE_BITS, (uint32_t)ev->cause);
    gx_bits_set(w, GX_MS_EVICT_PEEK_LSB, GX_MS_EVICT_PEEK_BITS, ev->peek);
    gx_bits_set64(w, GX_MS_EVICT_STORED_LSB, 64, cover);
    gx_bits_set64(w, GX_MS_EVICT_ARRIVE_LSB, 64, arrive);
    for (unsigned j = 0; j < 256; j++)
        gx_bits_set(w, GX_MS_EVICT_DATA_LSB + 8 * j, 8, ev->data[j]);
}

static void test_coalesce_directed(void)
{
    gx_ms_cfg_t cfg;
    gx_ms_lsu_t lsu;
    elog_t log = {0};
    /* N = 16, B = 16: P = 1, every pixel is a tile; W = 3: tiles 0..2; K = 2 */
    gx_mssurf_cfg_default(&cfg, 3, 1, GX_SPP16, GX_BPS16);
    cfg.slots = 2;
    gx_mssurf_lsu_init(&lsu, &cfg);
    co_store(&lsu, 0, 0, 0xffff, 0, 0x10, &log); /* fills tile 0 at once */
    CHECK(log.n == 1 && log.e[0].tile == 0 && log.e[0].cause == GX_MS_FULL &&
              log.e[0].cover[0] == 0xffff && log.e[0].arrive[0] == GX_ENC1SPP &&
              log.e[0].data[0] == 0x10 && log.e[0].data[15] == 0x1f && log.e[0].data[16] == 0x10 &&
              log.e[0].data[255] == 0x1f,
          "coalesce: full-mask SUST.MS into a one-pixel tile: full, 1SPP, value replicated");
    co_store(&lsu, 1, 0, 0x0001, 0, 0x20, &log);
    co_store(&lsu, 1, 0, 0x0003, 0, 0x20, &log); /* sample 0 equal: merge, no eviction */
    CHECK(log.n == 1 && lsu.cnt.merges == 1, "coalesce: equal data merges (%u evictions)", log.n);
    co_store(&lsu, 1, 0, 0x0002, 1, 0x40, &log); /* full state: sample 1 = 0x50.. != 0x20..: conflict */
    CHECK(log.n == 2 && log.e[1].tile == 1 && log.e[1].cause == GX_MS_CONFLICT &&
              log.e[1].cover[0] == 3 && log.e[1].arrive[0] == GX_ENCSUBSET &&
              log.e[1].data[16] == 0x20 && log.e[1].data[31] == 0x2f && log.e[1].data[32] == 0 &&
              log.e[1].data[255] == 0,
          "coalesce: conflict evicts the stored samples only, subset arrival, other bytes 0");
    co_store(&lsu, 1, 0, 0x0004, 0, 0x60, &log); /* subset after full: full stays */
    co_store(&lsu, 2, 0, 0x0001, 0, 0x70, &log);
    co_store(&lsu, 0, 0, 0x0001, 0, 0x70, &log); /* no slot free: evict the oldest (tile 1) */
    CHECK(log.n == 3 && log.e[2].tile == 1 && log.e[2].cause == GX_MS_EVICT &&
              log.e[2].cover[0] == 6 && log.e[2].arrive[0] == GX_ENCFULL &&
              log.e[2].data[16] == 0x50 && log.e[2].data[32] == 0x60 && log.e[2].data[0] == 0,
          "coalesce: evict the oldest allocation; widest arrival (full) wins");
    gx_ms_evict_t snap;
    gx_mssurf_coalesce_load(&lsu, 2, 0, &snap);
    CHECK(snap.peek == 1 && snap.tile == 2 && snap.cause == 0 && snap.cover[0] == 1 &&
              snap.arrive[0] == GX_ENCSUBSET && snap.data[0] == 0x70 && snap.data[16] == 0 && log.n == 3,
          "coalesce: a load copies the resident slot, nothing leaves");
    gx_mssurf_coalesce_load(&lsu, 1, 0, &snap);
    CHECK(snap.peek == 1 && snap.tile == 1 && snap.cover[0] == 0 && snap.data[16] == 0,
          "coalesce: a load of a tile not resident: nothing stored");
    gx_mssurf_coalesce_flush(&lsu, log_evict, &log);
    CHECK(log.n == 5 && log.e[3].tile == 2 && log.e[4].tile == 0 && log.e[3].cause == GX_MS_COMMAND &&
              log.e[4].cause == GX_MS_COMMAND && lsu.cnt.flushes[GX_MS_COMMAND] == 2,
          "coalesce: command flushes oldest first");
    gx_mssurf_coalesce_flush(&lsu, log_evict, &log);
    CHECK(log.n == 5, "coalesce: command with nothing resident: no eviction");

    /* N = 2, B = 4: P = 32, 8 x 4 tiles; W = 5, H = 7: one column of two tiles, padded
     * (columns 5..7, row 7); tile 1 = rows 4..7, pixel (x, y) = 8 (y - 4) + x. A padded
     * tile is never full by its stores (its padding is never stored); a command flushes
     * it. */
    gx_mssurf_cfg_default(&cfg, 5, 7, GX_SPP2, GX_BPS4);
    gx_mssurf_lsu_init(&lsu, &cfg);
    log.n = 0;
    co_store(&lsu, 2, 6, 3, 0, 1, &log); /* pixel 18 */
    co_store(&lsu, 3, 6, 1, 0, 1, &log);
    co_store(&lsu, 3, 6, 2, 0, 1, &log); /* pixel 19 complete: merges into one value */
    co_store(&lsu, 4, 6, 3, 1, 9, &log); /* pixel 20 */
    CHECK(log.n == 0, "coalesce: a padded tile is not full");
    gx_mssurf_coalesce_flush(&lsu, log_evict, &log);
    CHECK(log.n == 1 && log.e[0].tile == 1 && log.e[0].cause == GX_MS_COMMAND &&
              log.e[0].cover[18] == 3 && log.e[0].cover[19] == 3 && log.e[0].cover[20] == 3 &&
              log.e[0].cover[21] == 0 && log.e[0].cover[0] == 0 &&
              log.e[0].arrive[18] == GX_ENC1SPP && log.e[0].arrive[19] == GX_ENCSUBSET &&
              log.e[0].arrive[20] == GX_ENCFULL && log.e[0].data[160] == 9 &&
              log.e[0].data[164] == 13 && log.e[0].data[168] == 0,
          "coalesce: the padded tile flushed by the command with its 3 stored pixels");
}

static void test_coalesce_random(void)
{
    uint64_t r = 0x9e3779b97f4a7c15ull;
    unsigned records = 0, bad = 0, loads = 0;
    for (unsigned f = 0; f < 12; f++) {
        gx_ms_cfg_t cfg;
        const unsigned n = 2u << (f / 3);
        gx_mssurf_cfg_default(&cfg, (uint16_t)(3 + f), 5, (gx_spp_t)(f / 3), (gx_bps_t)(f % 3));
        cfg.slots = (uint8_t)(1 + f % 4);
        cfg.threshold = (uint8_t)(f % 5 == 4 ? 3 : 0);
        gx_ms_lsu_t la, lb;
        gx_ms_mem_t ma, mb;
        CHECK(gx_mssurf_mem_init(&ma, &cfg) && gx_mssurf_mem_init(&mb, &cfg), "mem init");
        gx_mssurf_lsu_init(&la, &cfg);
        gx_mssurf_lsu_init(&lb, &cfg);
        for (unsigned op = 0; op < 3000; op++) {
            flog_t fa = {0};
            elog_t eb = {0};
            r = r * 6364136223846793005ull + 1442695040888963407ull;
            uint64_t v = r >> 20;
            if (v % 97 == 0) {
                gx_mssurf_flush(&la, &ma, log_flush, &fa);
                gx_mssurf_coalesce_flush(&lb, log_evict, &eb);
            } else if (v % 7 == 0) { /* SULD.MS: load = coalesce_load + load_finish */
                gx_ms_load_t ld = {(uint16_t)(v % cfg.width), (uint16_t)((v >> 8) % cfg.height),
                                   (uint8_t)((v >> 16) % n)};
                gx_ms_load_resp_t ra, rb;
                gx_ms_evict_t snap;
                gx_mssurf_load(&la, &ma, &ld, &ra);
                gx_mssurf_coalesce_load(&lb, ld.x, ld.y, &snap);
                gx_mssurf_load_finish(&cfg, &mb, &snap, &ld, &rb);
                gx_ms_flush_t none;
                CHECK(!memcmp(ra.value, rb.value, sizeof ra.value) && ra.mask == rb.mask &&
                          ra.enc == rb.enc && ra.analyzed == rb.analyzed && ra.passes == rb.passes &&
                          ra.read_bytes == rb.read_bytes && snap.peek == 1 && snap.cause == 0 &&
                          !gx_mssurf_writeback(&cfg, &mb, &snap, &none),
                      "coalesce_load+load_finish = load: N=%u cfg %u op %u", n, f, op);
                loads++;
                continue;
            } else {
                gx_ms_store_t st;
                memset(&st, 0, sizeof st);
                st.x = (uint16_t)(v % cfg.width);
                st.y = (uint16_t)((v >> 8) % cfg.height);
                st.mask = (uint16_t)((v >> 16) % ((1u << n) - 1u) + 1u);
                if ((v >> 30) % 3 == 0)
                    st.mask = (uint16_t)((1u << n) - 1u);
                st.full = (uint8_t)((v >> 33) % 4 == 0);
                for (unsigned i = 0; i < GX_MS_MAX_PIXEL_BYTES; i++)
                    st.value[i] = (uint8_t)((v >> 36) % 3 + (st.full ? (i / 16) % 2 : 0));
                gx_mssurf_store(&la, &ma, &st, log_flush, &fa);
                gx_mssurf_coalesce(&lb, &st, log_evict, &eb);
            }
            int same = fa.n == eb.n;
            for (unsigned k = 0; k < eb.n && k < 8 && same; k++) {
                const gx_ms_evict_t *e = &eb.e[k];
                gx_ms_flush_t fb;
                gx_mssurf_writeback(&cfg, &mb, e, &fb);
                const gx_ms_flush_t *a = &fa.f[k];
                same = a->tile == fb.tile && a->cause == fb.cause && a->enc == fb.enc &&
                       !memcmp(a->cover, fb.cover, sizeof fb.cover) && a->written == fb.written &&
                       a->payload_bytes == fb.payload_bytes &&
                       !memcmp(a->payload, fb.payload, fb.payload_bytes) &&
                       a->read_rmw == fb.read_rmw && a->read_promote == fb.read_promote &&
                       a->analyzed == fb.analyzed && a->passes == fb.passes;
                /* the record's own rules */
                const unsigned b = 4u << (f % 3);
                for (unsigned p = 0; p < GX_MS_MAX_TILE_PIXELS; p++) {
                    if (!e->cover[p] && e->arrive[p])
                        bad++;
                    if (e->cover[p] && !((gx_mssurf_tile_valid(&cfg, e->tile) >> p) & 1u))
                        bad++;
                    for (unsigned i = 0; i < n && p * n * b < 256; i++)
                        if (!((e->cover[p] >> i) & 1u))
                            for (unsigned j = 0; j < b; j++)
                                if (e->data[p * n * b + i * b + j])
                                    bad++;
                }
                uint32_t w[GX_MS_EVICT_WORDS];
                gx_ms_evict_t u;
                evict_pack(e, n, w);
                gx_mssurf_evict_unpack(w, cfg.spp, &u);
                if (!gx_mssurf_evict_eq(&u, e))
                    bad++;
                records++;
            }
            CHECK(same, "coalesce+writeback = store: N=%u cfg %u op %u", n, f, op);
        }
        CHECK(!memcmp(ma.data, mb.data, ma.tiles * 256u) && !memcmp(ma.enc, mb.enc, ma.tiles) &&
                  !memcmp(&ma.cnt, &mb.cnt, sizeof ma.cnt) && la.cnt.stores == lb.cnt.stores &&
                  la.cnt.merges == lb.cnt.merges &&
                  !memcmp(la.cnt.flushes, lb.cnt.flushes, sizeof la.cnt.flushes),
              "coalesce+writeback = store: memory and counters, cfg %u", f);
        gx_mssurf_mem_free(&ma);
        gx_mssurf_mem_free(&mb);
    }
    CHECK(bad == 0, "eviction records: %u broken rules", bad);
    CHECK(records > 5000 && loads > 1000, "coalesce random: %u records, %u loads", records, loads);
    printf("test_mssurf: coalesce split: %u eviction records, %u loads compared\n", records, loads);
}

int main(void)
{
    check_seed("test_mssurf");

    test_ranges();
    test_golden_1spp_conflict_promote();
    test_golden_full_arrival();
    test_golden_fifo();
    test_golden_threshold();
    test_golden_last_tile();
    test_classes_codec();

    static bins_t bins;
    memset(&bins, 0, sizeof bins);
    uint64_t ops = 0;
    static const struct {
        unsigned k, t;
        int ragged;
    } var[] = {{1, 0, 0}, {2, 0, 1}, {4, 0, 0}, {3, 5, 1}};
    for (unsigned sp = 0; sp < 4; sp++)
        for (unsigned bp = 0; bp < 3; bp++)
            for (unsigned v = 0; v < 4; v++)
                random_run(sp, bp, var[v].k, var[v].t, var[v].ragged, 5000, &bins, &ops);
    printf("test_mssurf: %" PRIu64 " random operations\n", ops);
    CHECK(ops >= 100000, "at least 100,000 random operations (%" PRIu64 ")", ops);

    /* measured coverage */
    static const char *cn[] = {"full", "evict", "conflict", "command"};
    for (unsigned f = 0; f < 12; f++) {
        unsigned n = 2u << (f / 3), b = 4u << (f % 3);
        for (unsigned c = 0; c < 4; c++)
            CHECK(bins.cause[f][c] > 0, "coverage: N=%u B=%u cause %s", n, b, cn[c]);
        CHECK(bins.merge[f] > 0, "coverage: N=%u B=%u merge", n, b);
        printf("coverage N=%-2u B=%-2u  full %6" PRIu64 "  evict %6" PRIu64 "  conflict %6" PRIu64
               "  command %5" PRIu64 "  merges %6" PRIu64 "\n",
               n, b, bins.cause[f][0], bins.cause[f][1], bins.cause[f][2], bins.cause[f][3],
               bins.merge[f]);
    }
    for (unsigned e = 0; e < 4; e++)
        CHECK(bins.enc[e] > 0, "coverage: flushed %s", enc_name(e));
    CHECK(bins.rmw && bins.promote && bins.narrower && bins.full_to_1spp && bins.thr_changed &&
              bins.padded && bins.promote_u,
          "coverage: rmw %" PRIu64 " promote %" PRIu64 " narrower %" PRIu64 " full->1spp %" PRIu64
          " threshold-changed %" PRIu64 " padded %" PRIu64 " promote-from-uniform %" PRIu64,
          bins.rmw, bins.promote, bins.narrower, bins.full_to_1spp, bins.thr_changed,
          bins.padded, bins.promote_u);
    for (unsigned k = 0; k < 4; k++)
        CHECK(bins.load_kind[k] > 0, "coverage: load kind %u", k);
    printf("coverage: flushed 1spp %" PRIu64 " subset %" PRIu64 " full %" PRIu64 " uniform %" PRIu64
           " (promoted from uniform %" PRIu64 "); rmw %" PRIu64
           " promote %" PRIu64 " narrower %" PRIu64 " full->1spp %" PRIu64 " padded %" PRIu64
           "; loads slot %" PRIu64 " known-1spp %" PRIu64 " known-subset %" PRIu64
           " analyzed %" PRIu64 "\n",
           bins.enc[0], bins.enc[1], bins.enc[2], bins.enc[3], bins.promote_u, bins.rmw,
           bins.promote, bins.narrower,
           bins.full_to_1spp, bins.padded, bins.load_kind[0], bins.load_kind[1],
           bins.load_kind[2], bins.load_kind[3]);
    test_coalesce_directed();
    test_coalesce_random();
    return check_summary();
}
