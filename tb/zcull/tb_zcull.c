/* tb_zcull: cosimulation of gx_zcull (RTL) against gx_zrop_cull_tile (C model).
 *
 * State space covered, every run (N random requests, default 100,000; knob N):
 *  - planes: the exact planes (gx_zrop_cplane) of random triangles (boxes of 2 to 2^23
 *    units anywhere in the guard band, needles, zero area, guard-band corners), and
 *    planes with every field random over its whole width (nx, ny of 50 bits and their
 *    extremes, W of 48 bits, 0 and its maximum, depths 0, 2^24 - 1 and random);
 *  - tiles: every N (8x8 .. 2x2), at and next to a vertex, anywhere in the 16-bit pixel
 *    range, the range's ends;
 *  - stored ranges at, one below and one above the triangle's range ends over the tile
 *    (gx_zrop_rect_range), one value (slo = shi) and random; all eight functions;
 *  - stalls: random gaps on the request valid and random back-pressure on the answer's
 *    ready; the profile changes every 1000 requests;
 *  - timing: three requests back to back and a sink stall while the second answer is
 *    offered, clock by clock (latency 10, one tile a clock).
 * Every answer (cull and the four comparisons) is compared with the C model; for
 * triangles the comparisons are also checked against gx_zrop_rect_range's [lo, hi] and
 * the decision against gx_zrop_cull. Functional coverage bins (each function culling
 * and keeping, each comparison decided by the products at its edge, W = 0, negative
 * slopes, each N, the whole-width fields, the 16-bit range's ends) are counted; a hole
 * fails the run. Line and toggle coverage of the RTL go to build/coverage/gx_zcull.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/zrop.h"
#include "tb.h"
#include "zcull_rtl.h"

#define GUARD ((int32_t)GX_GUARD_BAND_PX << GX_SUBPIX_BITS)

static int32_t rnd_in(tb_rng_t *r, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(tb_rng_u64(r) % (uint64_t)((int64_t)hi - lo + 1));
}

static uint32_t rnd_z(tb_rng_t *r)
{
    return tb_rng_pct(r, 20) ? (tb_rng_pct(r, 50) ? 0 : GX_Z_MAX)
                             : (uint32_t)(tb_rng_u64(r) & GX_Z_MAX);
}

static int64_t sext(uint64_t v, unsigned bits)
{
    const uint64_t m = 1ull << (bits - 1);
    v &= (m << 1) - 1u;
    return (int64_t)((v ^ m) - m);
}

static int64_t rnd_n(tb_rng_t *r) /* a 50-bit signed numerator, extremes included */
{
    static const int64_t ext[4] = {0, -1, (1ll << 49) - 1, -(1ll << 49)};
    return tb_rng_pct(r, 15) ? ext[tb_rng_below(r, 4)] : sext(tb_rng_u64(r), 50);
}

enum {
    C_CULL, C_KEEP = C_CULL + 8, C_LOGE = C_KEEP + 8, C_LOLE, C_HILE, C_HIGE, C_NLOGE, C_NLOLE,
    C_NHILE, C_NHIGE, C_WZ, C_NXNEG, C_NYNEG, C_N0, C_N4 = C_N0 + 4, C_WIDE, C_TMIN, C_TMAX,
    C_BINS
};

typedef struct gen_s {
    int tri;         /* the plane is a triangle's (rect_range applies) */
    gx_rs_tri_t t;
    uint32_t z[3];
    uint32_t lo, hi; /* the range over the tile: rect_range's, or [zmin, zmax] */
} gen_t;

static void gen(tb_rng_t *r, gx_zcull_req_t *q, gen_t *g, uint64_t *cov)
{
    gx_zrop_cplane_t *c = &q->c;
    g->tri = tb_rng_pct(r, 70);
    if (g->tri) {
        const int32_t size = 1 << rnd_in(r, 1, 23);
        const int32_t ox = rnd_in(r, -GUARD, GUARD - size), oy = rnd_in(r, -GUARD, GUARD - size);
        for (int k = 0; k < 3; k++) {
            g->t.x[k] = ox + rnd_in(r, 0, size);
            g->t.y[k] = oy + rnd_in(r, 0, size);
            g->z[k] = rnd_z(r);
            if (tb_rng_pct(r, 5)) {
                g->t.x[k] = tb_rng_pct(r, 50) ? GUARD : -GUARD;
                g->t.y[k] = tb_rng_pct(r, 50) ? GUARD : -GUARD;
            }
        }
        const unsigned kind = tb_rng_below(r, 8);
        if (kind == 0) { /* a needle */
            g->t.x[2] = (int32_t)(((int64_t)g->t.x[0] + g->t.x[1]) / 2) + rnd_in(r, -1, 1);
            g->t.y[2] = (int32_t)(((int64_t)g->t.y[0] + g->t.y[1]) / 2) + rnd_in(r, -1, 1);
            g->t.x[2] = g->t.x[2] > GUARD ? GUARD : g->t.x[2] < -GUARD ? -GUARD : g->t.x[2];
            g->t.y[2] = g->t.y[2] > GUARD ? GUARD : g->t.y[2] < -GUARD ? -GUARD : g->t.y[2];
        } else if (kind == 1) { /* zero area */
            g->t.x[2] = g->t.x[1];
            g->t.y[2] = g->t.y[1];
        }
        gx_zrop_cplane(&g->t, g->z, c);
    } else { /* every field random over its width */
        c->nx = rnd_n(r);
        c->ny = rnd_n(r);
        c->w = tb_rng_pct(r, 10) ? (tb_rng_pct(r, 50) ? 0 : (1ull << 48) - 1u)
                                 : tb_rng_u64(r) & ((1ull << 48) - 1u);
        c->z0 = rnd_z(r);
        c->x0 = (int32_t)sext(tb_rng_u64(r), 24);
        c->y0 = (int32_t)sext(tb_rng_u64(r), 24);
        c->zmin = rnd_z(r);
        c->zmax = rnd_z(r);
        if (c->zmin > c->zmax) {
            const uint32_t v = c->zmin;
            c->zmin = c->zmax;
            c->zmax = v;
        }
        cov[C_WIDE]++;
    }
    q->nlog = tb_rng_below(r, 5);
    unsigned tw, th;
    gx_zrop_tile_dims(1u << q->nlog, &tw, &th);
    const unsigned kind = tb_rng_below(r, 8);
    if (kind < 6) { /* at or next to vertex 0 */
        q->tx = (int32_t)(((c->x0 >> 8) & ~(int32_t)(tw - 1)) + rnd_in(r, -1, 1) * (int32_t)tw);
        q->ty = (int32_t)(((c->y0 >> 8) & ~(int32_t)(th - 1)) + rnd_in(r, -1, 1) * (int32_t)th);
        q->tx = q->tx < -32768 ? -32768 : q->tx > 32767 ? 32767 : q->tx;
        q->ty = q->ty < -32768 ? -32768 : q->ty > 32767 ? 32767 : q->ty;
    } else if (kind == 6) {
        q->tx = rnd_in(r, -32768, 32767);
        q->ty = rnd_in(r, -32768, 32767);
    } else {
        q->tx = tb_rng_pct(r, 50) ? -32768 : 32767;
        q->ty = tb_rng_pct(r, 50) ? -32768 : 32767;
    }
    /* The range over the tile, for stored ranges on the comparisons' edges. */
    g->lo = c->zmin;
    g->hi = c->zmax;
    if (g->tri)
        gx_zrop_rect_range(&g->t, g->z, (int64_t)q->tx * 256, (int64_t)q->ty * 256,
                           (int64_t)q->tx * 256 + 256 * (int64_t)tw,
                           (int64_t)q->ty * 256 + 256 * (int64_t)th, &g->lo, &g->hi);
    const uint32_t lo = g->lo, hi = g->hi;
    const uint32_t cand[8] = {lo, hi, (lo - 1u) & GX_Z_MAX, (lo + 1u) & GX_Z_MAX,
                              (hi - 1u) & GX_Z_MAX, (hi + 1u) & GX_Z_MAX, rnd_z(r), rnd_z(r)};
    q->slo = cand[tb_rng_below(r, 8)];
    q->shi = tb_rng_pct(r, 25) ? q->slo : cand[tb_rng_below(r, 8)];
    if (q->slo > q->shi) {
        const uint32_t v = q->slo;
        q->slo = q->shi;
        q->shi = v;
    }
    q->func = (gx_zrop_func_t)tb_rng_below(r, 8);
    cov[C_N0 + q->nlog]++;
    if (c->w == 0) cov[C_WZ]++;
    if (c->nx < 0) cov[C_NXNEG]++;
    if (c->ny < 0) cov[C_NYNEG]++;
    if (q->tx == -32768 || q->ty == -32768) cov[C_TMIN]++;
    if (q->tx == 32767 || q->ty == 32767) cov[C_TMAX]++;
}

/* The bins of one answer: the decision per function, and each comparison decided by the
 * products (the clamps do not fix it: zmin < s < zmax), at its edge, both ways. */
static void cov_answer(const gx_zcull_req_t *q, const gx_zrop_cres_t *a, uint64_t *cov)
{
    const gx_zrop_cplane_t *c = &q->c;
    cov[(a->cull ? C_CULL : C_KEEP) + q->func]++;
    if (c->w && c->zmin < q->shi && q->shi < c->zmax) {
        cov[a->lo_ge ? C_LOGE : C_NLOGE]++;
        cov[a->lo_le ? C_LOLE : C_NLOLE]++;
    }
    if (c->w && c->zmin < q->slo && q->slo < c->zmax) {
        cov[a->hi_le ? C_HILE : C_NHILE]++;
        cov[a->hi_ge ? C_HIGE : C_NHIGE]++;
    }
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "never culls", "less culls", "equal culls", "lequal culls", "greater culls",
        "notequal culls", "gequal culls", "always culls", "never keeps", "less keeps",
        "equal keeps", "lequal keeps", "greater keeps", "notequal keeps", "gequal keeps",
        "always keeps", "lo >= shi by the products", "lo <= shi by the products",
        "hi <= slo by the products", "hi >= slo by the products", "lo < shi by the products",
        "lo > shi by the products", "hi > slo by the products", "hi < slo by the products",
        "W = 0", "nx < 0", "ny < 0", "N = 1", "N = 2", "N = 4", "N = 8", "N = 16",
        "every field random", "tile at -32768", "tile at 32767"};
    /* culling with always and keeping with never: impossible by definition */
    return tb_cov_holes(cov, names, C_BINS,
                        1ull << (C_CULL + GX_Z_ALWAYS) | 1ull << (C_KEEP + GX_Z_NEVER));
}

static int res_eq(const gx_zrop_cres_t *a, const gx_zrop_cres_t *b)
{
    return a->cull == b->cull && a->lo_ge == b->lo_ge && a->lo_le == b->lo_le &&
           a->hi_le == b->hi_le && a->hi_ge == b->hi_ge;
}

static void want_of(const gx_zcull_req_t *q, gx_zrop_cres_t *a)
{
    gx_zrop_cull_tile(&q->c, q->tx, q->ty, q->nlog, q->func, q->slo, q->shi, a);
}

/* The timing of docs/zrop.md, clock by clock after reset: R0, R1, R2 offered in cycles
 * 0..2; the sink stalls in cycle 11, while R1's answer is offered. */
static void timing_check(tb_report_t *rep)
{
    gx_zcull_req_t q[3];
    gen_t g;
    tb_rng_t r;
    tb_rng_seed(&r, 7);
    uint64_t cov[C_BINS] = {0};
    uint32_t req[3][GX_ZC_REQ_WORDS], want[3][GX_ZC_RES_WORDS];
    for (int t = 0; t < 3; t++) {
        gx_zrop_cres_t a;
        gen(&r, &q[t], &g, cov);
        gx_zrop_creq_pack(&q[t].c, q[t].tx, q[t].ty, q[t].nlog, q[t].func, q[t].slo, q[t].shi,
                          req[t]);
        want_of(&q[t], &a);
        gx_zrop_cres_pack(&a, want[t]);
    }
    void *m = gx_zcull_rtl_new(NULL);
    tb_timing3(rep, &gx_zcull_rtl_ops, m, (const uint32_t *const[3]){req[0], req[1], req[2]},
               (const uint32_t *const[3]){want[0], want[1], want[2]}, 10, "res_o");
    gx_zcull_rtl_free(m, NULL);
}

static uint64_t simulate(const tb_opts_t *o, const gx_zcull_req_t *q, gx_zrop_cres_t *got,
                         uint64_t n, const char *fst, const char *cov, uint64_t *n_got)
{
    tb_rng_t stall_rng;
    tb_rng_seed_stalls(&stall_rng, o);
    void *m = gx_zcull_rtl_new(fst);
    uint64_t cycles = gx_zcull_rtl_run(m, q, got, n, &stall_rng, 1, 1000, n_got);
    gx_zcull_rtl_free(m, cov);
    return cycles;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_zcull", 100000);
    printf("tb_zcull: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    tb_rng_t r;
    tb_rng_seed(&r, o.seed);
    const uint64_t n = o.n ? o.n : 1;
    gx_zcull_req_t *q = calloc(n, sizeof *q);
    gx_zrop_cres_t *want = calloc(n, sizeof *want), *got = calloc(n, sizeof *got);
    if (!q || !want || !got) {
        fprintf(stderr, "tb_zcull: out of memory\n");
        return 2;
    }
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    uint64_t cov[C_BINS] = {0};
    for (uint64_t i = 0; i < n; i++) {
        gen_t g;
        gen(&r, &q[i], &g, cov);
        want_of(&q[i], &want[i]);
        cov_answer(&q[i], &want[i], cov);
        if (g.tri) { /* the model against the definition (rect_range, cull) */
            const uint32_t lo = g.lo, hi = g.hi;
            const gx_zrop_cres_t *a = &want[i];
            tb_check(&rep, a->lo_ge == (lo >= q[i].shi) && a->lo_le == (lo <= q[i].shi) &&
                     a->hi_le == (hi <= q[i].slo) && a->hi_ge == (hi >= q[i].slo) &&
                     a->cull == gx_zrop_cull(q[i].func, lo, hi, q[i].slo, q[i].shi),
                     "request %" PRIu64 ": the model's answer is not rect_range's", i);
        }
    }
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_zcull", cpath, sizeof cpath, path, sizeof path);
    timing_check(&rep);
    uint64_t n_got;
    uint64_t cycles = simulate(&o, q, got, n, o.waves ? path : NULL, cpath, &n_got);
    tb_check(&rep, cycles != 0 && n_got == n, "RTL stopped after %" PRIu64 " answers: an "
             "assertion failed or the stream hung", n_got);
    for (uint64_t i = 0; i < n_got; i++)
        tb_check(&rep, res_eq(&want[i], &got[i]),
                 "request %" PRIu64 " (nx %" PRId64 " ny %" PRId64 " W %" PRIu64 " z0 %u at "
                 "%d,%d [%u, %u], tile %d,%d N=%u, func %u, stored [%u, %u]): cull %u "
                 "comparisons %u%u%u%u, model %u %u%u%u%u", i, q[i].c.nx, q[i].c.ny, q[i].c.w,
                 q[i].c.z0, q[i].c.x0, q[i].c.y0, q[i].c.zmin, q[i].c.zmax, q[i].tx, q[i].ty,
                 1u << q[i].nlog, q[i].func, q[i].slo, q[i].shi, got[i].cull, got[i].lo_ge,
                 got[i].lo_le, got[i].hi_le, got[i].hi_ge, want[i].cull, want[i].lo_ge,
                 want[i].lo_le, want[i].hi_le, want[i].hi_ge);
    int holes = cov_check(cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_zcull: %" PRIu64 " tiles, %" PRIu64 " cycles with stalls\n", n, cycles);
    if (rep.failed && !o.waves) {
        printf("tb_zcull: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        simulate(&o, q, got, n, path, NULL, &n_got);
    } else if (o.waves) {
        printf("tb_zcull: waveform %s\n", path);
    }
    free(q);
    free(want);
    free(got);
    return tb_summary(&rep);
}
