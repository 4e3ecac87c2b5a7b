/* tb_ztile: cosimulation of gx_ztile (RTL) against the depth unit's C model: a depth
 * tile's compressed form after a draw, gx_zrop_tile_update, with a tile it leaves to go
 * raw answered as the raw form (state raw, every other field 0).
 *
 * State space covered, every run (N random updates, default 100,000; knob N):
 *  - tiles clear, raw and compressed with 1 to 4 planes (canonical: planes past the
 *    count 0, every field of a clear or raw tile 0); planes that fit and, for tp, planes
 *    whose slopes do not (just outside and far outside 31 signed bits); tp equal to one
 *    of the tile's planes, to the clear value's plane, or new; sample indices random, in
 *    runs, one plane a sample group;
 *  - pass masks all, none, random, one plane's samples, all but one sample, and the
 *    samples of whole planes (so planes drop out and counts shrink); write on and off;
 *  - stalls: random gaps on the request valid and random back-pressure on the response
 *    ready; the profile changes every 500 updates;
 *  - timing: three updates back to back and a sink stall while the second is offered,
 *    clock by clock (docs/zrop.md).
 * Every result is compared with the C model in every field. Functional coverage bins
 * (each tile transition) fail the run when empty. Line and toggle coverage of the RTL
 * go to build/coverage/gx_ztile.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/zrop.h"
#include "tb.h"
#include "ztile_rtl.h"

#define ZT_MASK ((1ull << GX_ZT_W) - 1u)

enum {
    C_UNCH_WOFF, C_UNCH_NONE, C_CLEAR_PL, C_CLEAR_RAW, C_MORE, C_FEWER, C_SAME, C_SHARED,
    C_PL_RAW4, C_PL_RAWFIT, C_RAW_PL, C_RAW_RAW, C_FOUR, C_BINS
};

/* A slope: small, fitting at the edge, or not fitting (just outside or random). */
static uint64_t slope(tb_rng_t *r, int fit)
{
    const int64_t lim = 1ll << (GX_ZT_SLOPE_BITS - 1);
    if (fit) {
        switch (tb_rng_below(r, 4)) {
        case 0: return (uint64_t)(-lim) & ZT_MASK;
        case 1: return (uint64_t)(lim - 1) & ZT_MASK;
        case 2: return (uint64_t)((int64_t)tb_rng_below(r, 8193) - 4096) & ZT_MASK;
        default: return (uint64_t)((int64_t)(tb_rng_u64(r) % (uint64_t)(2 * lim)) - lim) & ZT_MASK;
        }
    }
    switch (tb_rng_below(r, 3)) {
    case 0: return (uint64_t)lim & ZT_MASK;
    case 1: return (uint64_t)(-lim - 1) & ZT_MASK;
    default: {
        uint64_t v;
        do
            v = tb_rng_u64(r) & ZT_MASK;
        while (((int64_t)(v << 30) >> 30) >= -lim && ((int64_t)(v << 30) >> 30) < lim);
        return v;
    }
    }
}

static void rnd_plane(tb_rng_t *r, gx_zrop_tplane_t *p, int fit)
{
    p->pt = tb_rng_u64(r) & ZT_MASK;
    const int bad = !fit ? (int)tb_rng_below(r, 3) : -1; /* 0 a, 1 b, 2 both */
    p->a = slope(r, bad != 0 && bad != 2);
    p->b = slope(r, bad != 1 && bad != 2);
}

static int tplane_eq(const gx_zrop_tplane_t *p, const gx_zrop_tplane_t *q)
{
    return p->pt == q->pt && p->a == q->a && p->b == q->b;
}

static void gen(tb_rng_t *r, gx_ztile_req_t *q, gx_ztile_resp_t *want, uint64_t *cov)
{
    memset(q, 0, sizeof *q);
    q->clear = (uint32_t)(tb_rng_u64(r) & GX_Z_MAX);
    const unsigned s = tb_rng_below(r, 10);
    gx_zrop_tile_t *t = &q->t;
    t->state = s == 0 ? GX_ZT_CLEAR : s <= 2 ? GX_ZT_RAW : GX_ZT_PLANES;
    if (t->state == GX_ZT_PLANES) {
        t->nplanes = (uint8_t)(1 + tb_rng_below(r, 4));
        for (unsigned j = 0; j < t->nplanes; j++)
            rnd_plane(r, &t->pl[j], 1);
        const unsigned how = tb_rng_below(r, 3);
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
            t->idx[k] = (uint8_t)(how == 0 ? tb_rng_below(r, t->nplanes)
                                : how == 1 ? (k * t->nplanes) / GX_ZTILE_SAMPLES
                                           : ((k >> 3) + (k & 7)) % t->nplanes);
    }
    /* the draw's plane: one of the tile's, the clear plane, new, or not fitting */
    const unsigned tk = tb_rng_below(r, 10);
    if (tk < 3 && t->state == GX_ZT_PLANES)
        q->tp = t->pl[tb_rng_below(r, t->nplanes)];
    else if (tk == 3)
        q->tp = (gx_zrop_tplane_t){(uint64_t)q->clear << GX_ZT_F, 0, 0};
    else
        rnd_plane(r, &q->tp, tk != 4);
    /* the pass mask */
    const unsigned pk = tb_rng_below(r, 7);
    if (pk == 0)
        q->pass = ~0ull;
    else if (pk == 1)
        q->pass = 0;
    else if (pk == 2)
        q->pass = tb_rng_u64(r);
    else if (pk == 3)
        q->pass = ~0ull ^ (1ull << tb_rng_below(r, 64));
    else { /* the samples of some planes (whole planes drop out) */
        const unsigned pm = tb_rng_below(r, 16);
        q->pass = 0;
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
            if (t->state == GX_ZT_PLANES ? (pm >> t->idx[k] & 1u) : (k & 1u))
                q->pass |= 1ull << k;
        if (pk == 6)
            q->pass &= tb_rng_u64(r) | tb_rng_u64(r);
    }
    q->write = tb_rng_pct(r, 90);
    gx_ztile_model(q, want);
    /* the transitions */
    const gx_zrop_tile_t *n = &want->t;
    if (!q->write) cov[C_UNCH_WOFF]++;
    else if (!q->pass) cov[C_UNCH_NONE]++;
    else if (t->state == GX_ZT_CLEAR) cov[n->state == GX_ZT_PLANES ? C_CLEAR_PL : C_CLEAR_RAW]++;
    else if (t->state == GX_ZT_RAW) cov[n->state == GX_ZT_PLANES ? C_RAW_PL : C_RAW_RAW]++;
    else if (n->state == GX_ZT_RAW) cov[gx_zrop_tplane_fits(&q->tp) ? C_PL_RAW4 : C_PL_RAWFIT]++;
    else {
        cov[n->nplanes > t->nplanes ? C_MORE : n->nplanes < t->nplanes ? C_FEWER : C_SAME]++;
        if (n->nplanes == 4) cov[C_FOUR]++;
        for (unsigned j = 0; j + 1 < n->nplanes; j++)
            if (tplane_eq(&n->pl[j], &q->tp)) cov[C_SHARED]++;
    }
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "unchanged: write off", "unchanged: no sample passed", "clear to planes",
        "clear to raw (tp does not fit)", "planes to more planes", "planes to fewer planes",
        "planes to as many planes", "tp shared with a kept plane (not the last)",
        "planes to raw (four kept, tp new)", "planes to raw (tp does not fit)",
        "raw to one plane", "raw stays raw", "four planes after the draw"};
    return tb_cov_holes(cov, names, C_BINS, 0);
}

/* The first field in which two forms differ, "" when none. */
static const char *form_diff(const gx_ztile_resp_t *a, const gx_ztile_resp_t *b, char *buf,
                             size_t len)
{
    const gx_zrop_tile_t *x = &a->t, *y = &b->t;
    buf[0] = 0;
    if (x->state != y->state || x->nplanes != y->nplanes)
        snprintf(buf, len, "state %d planes %u, model %d %u", (int)x->state, x->nplanes,
                 (int)y->state, y->nplanes);
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES && !buf[0]; k++)
        if (x->idx[k] != y->idx[k])
            snprintf(buf, len, "sample %u's plane %u, model %u", k, x->idx[k], y->idx[k]);
    for (unsigned j = 0; j < GX_ZTILE_PLANES && !buf[0]; j++)
        if (!tplane_eq(&x->pl[j], &y->pl[j]))
            snprintf(buf, len, "plane %u (%09" PRIx64 " %09" PRIx64 " %09" PRIx64 "), model (%09"
                     PRIx64 " %09" PRIx64 " %09" PRIx64 ")", j, x->pl[j].pt, x->pl[j].a,
                     x->pl[j].b, y->pl[j].pt, y->pl[j].a, y->pl[j].b);
    return buf;
}

/* The timing of docs/zrop.md, clock by clock after reset (tb_timing3): three updates
 * offered back to back from cycle 0, the sink stalling while the second result is
 * offered; latency 5. */
static void timing_check(tb_report_t *rep)
{
    tb_rng_t r;
    tb_rng_seed(&r, 11);
    uint64_t cov[C_BINS] = {0};
    uint32_t req[3][GX_ZU_REQ_WORDS], want[3][GX_ZU_RESP_WORDS];
    for (int t = 0; t < 3; t++) {
        gx_ztile_req_t q;
        gx_ztile_resp_t x;
        gen(&r, &q, &x, cov);
        gx_ztile_req_pack(&q, req[t]);
        gx_ztile_resp_pack(&x, want[t]);
    }
    void *m = gx_ztile_rtl_new(NULL);
    tb_timing3(rep, &gx_ztile_rtl_ops, m, (const uint32_t *const[3]){req[0], req[1], req[2]},
               (const uint32_t *const[3]){want[0], want[1], want[2]}, 5, "resp_o");
    gx_ztile_rtl_free(m, NULL);
}

static uint64_t simulate(const tb_opts_t *o, const gx_ztile_req_t *q, gx_ztile_resp_t *got,
                         uint64_t n, const char *fst, const char *cov, uint64_t *n_got)
{
    tb_rng_t stall_rng;
    tb_rng_seed_stalls(&stall_rng, o);
    void *m = gx_ztile_rtl_new(fst);
    uint64_t cycles = gx_ztile_rtl_run(m, q, got, n, &stall_rng, 1, 500, n_got);
    gx_ztile_rtl_free(m, cov);
    return cycles;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_ztile", 100000);
    printf("tb_ztile: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    tb_rng_t r;
    tb_rng_seed(&r, o.seed);
    const uint64_t n = o.n ? o.n : 1;
    gx_ztile_req_t *q = calloc(n, sizeof *q);
    gx_ztile_resp_t *want = calloc(n, sizeof *want), *got = calloc(n, sizeof *got);
    if (!q || !want || !got) {
        fprintf(stderr, "tb_ztile: out of memory\n");
        return 2;
    }
    uint64_t cov[C_BINS] = {0};
    for (uint64_t i = 0; i < n; i++)
        gen(&r, &q[i], &want[i], cov);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_ztile", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    timing_check(&rep);
    uint64_t n_got;
    uint64_t cycles = simulate(&o, q, got, n, o.waves ? path : NULL, cpath, &n_got);
    tb_check(&rep, cycles != 0 && n_got == n, "RTL stopped after %" PRIu64 " updates: an "
             "assertion failed or the stream hung", n_got);
    for (uint64_t i = 0; i < n_got; i++) {
        char d[160];
        form_diff(&got[i], &want[i], d, sizeof d);
        tb_check(&rep, !d[0], "update %" PRIu64 " (state %d, %u planes, pass %016" PRIx64
                 ", write %u): %s", i, (int)q[i].t.state, q[i].t.nplanes, q[i].pass, q[i].write, d);
    }
    int holes = cov_check(cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_ztile: %" PRIu64 " updates, %" PRIu64 " cycles with stalls\n", n, cycles);
    if (rep.failed && !o.waves) {
        printf("tb_ztile: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        simulate(&o, q, got, n, path, NULL, &n_got);
    } else if (o.waves) {
        printf("tb_ztile: waveform %s\n", path);
    }
    free(q);
    free(want);
    free(got);
    return tb_summary(&rep);
}
