/* tb_zplane: cosimulation of gx_zplane (RTL) against gx_zrop_plane (C model).
 *
 * State space covered, every run (N random triangles, default 200,000; knob N):
 *  - triangle classes: random boxes of 2 to 2^23 units anywhere in the guard band,
 *    guard-band extremes (+-2^22), needles (the third vertex one unit off the line of
 *    the other two: the smallest |W| for their length, the steepest planes), zero area
 *    (collinear vertices, repeated vertices, points), both windings;
 *  - depths: random, all equal, 0 and 2^24 - 1 mixed, one far from the others;
 *  - stalls: random gaps on the request valid and random back-pressure on the plane
 *    ready; the profile changes every 1000 triangles;
 *  - timing: three triangles back to back and a sink stall while the second plane is
 *    offered, clock by clock (latency 43, one triangle a clock).
 * Every plane is compared with the C model in every field. Functional coverage bins
 * (zero area, each winding, needles, guard extremes, flat planes, |W| of bit length 1 and
 * 48) are counted; a hole fails the run. Line and toggle coverage of the RTL go to
 * build/coverage/gx_zplane.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/zrop.h"
#include "tb.h"
#include "zplane_rtl.h"

#define GUARD ((int32_t)GX_GUARD_BAND_PX << GX_SUBPIX_BITS)

static int32_t rnd_in(tb_rng_t *r, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(tb_rng_u64(r) % (uint64_t)((int64_t)hi - lo + 1));
}

static int32_t clampg(int64_t v)
{
    return (int32_t)(v < -GUARD ? -GUARD : v > GUARD ? GUARD : v);
}

/* A coordinate at a guard-band extreme (60%) or anywhere in it. */
static int32_t extreme(tb_rng_t *r)
{
    return tb_rng_pct(r, 60) ? (tb_rng_pct(r, 50) ? GUARD : -GUARD) : rnd_in(r, -GUARD, GUARD);
}

typedef struct cov {
    uint64_t zero, pos, neg, needle, guard, flat, wlen1, wlen48;
} cov_t;

static int64_t area2(const gx_rs_tri_t *t)
{
    return ((int64_t)t->y[0] - t->y[1]) * t->x[2] + ((int64_t)t->x[1] - t->x[0]) * t->y[2] +
           ((int64_t)t->x[0] * t->y[1] - (int64_t)t->x[1] * t->y[0]);
}

static void gen(tb_rng_t *r, gx_rs_tri_t *t, uint32_t z[3], cov_t *c)
{
    const unsigned kind = tb_rng_below(r, 8);
    const int32_t size = 1 << rnd_in(r, 1, 23);
    const int32_t ox = rnd_in(r, -GUARD, GUARD - size), oy = rnd_in(r, -GUARD, GUARD - size);
    for (int k = 0; k < 3; k++) {
        if (kind == 0) { /* guard-band extremes */
            t->x[k] = extreme(r);
            t->y[k] = extreme(r);
        } else {
            t->x[k] = ox + rnd_in(r, 0, size);
            t->y[k] = oy + rnd_in(r, 0, size);
        }
    }
    if (kind == 1) { /* a needle */
        t->x[2] = clampg((int64_t)(t->x[0] + t->x[1]) / 2 + rnd_in(r, -1, 1));
        t->y[2] = clampg((int64_t)(t->y[0] + t->y[1]) / 2 + rnd_in(r, -1, 1));
        c->needle++;
    } else if (kind == 2) { /* zero area: collinear, repeated, a point */
        const unsigned s = tb_rng_below(r, 3);
        if (s == 0) {
            t->x[2] = clampg(2 * (int64_t)t->x[1] - t->x[0]);
            t->y[2] = clampg(2 * (int64_t)t->y[1] - t->y[0]);
        } else {
            t->x[2] = t->x[s - 1];
            t->y[2] = t->y[s - 1];
            if (s == 2) {
                t->x[1] = t->x[0];
                t->y[1] = t->y[0];
            }
        }
    }
    const unsigned zk = tb_rng_below(r, 5);
    for (int k = 0; k < 3; k++) {
        switch (zk) {
        case 0: z[k] = 777; break;
        case 1: z[k] = tb_rng_pct(r, 50) ? 0 : GX_Z_MAX; break;
        case 2: z[k] = k ? (uint32_t)rnd_in(r, 0, 255) : GX_Z_MAX; break;
        default: z[k] = (uint32_t)(tb_rng_u64(r) & GX_Z_MAX); break;
        }
    }
    const int64_t w = area2(t);
    if (w == 0) c->zero++;
    else if (w > 0) c->pos++;
    else c->neg++;
    const uint64_t aw = (uint64_t)(w < 0 ? -w : w);
    if (aw == 1) c->wlen1++;
    if (aw >> 47) c->wlen48++;
    for (int k = 0; k < 3; k++)
        if (t->x[k] == GUARD || t->x[k] == -GUARD)
            c->guard++;
    if (zk == 0 && w != 0) c->flat++;
}

static int cov_check(const cov_t *c)
{
    const uint64_t bins[8] = {c->zero, c->pos, c->neg, c->needle, c->guard, c->flat, c->wlen1,
                              c->wlen48};
    static const char *const names[8] = {"zero area", "positive area", "negative area",
                                         "needle", "guard-band extreme", "flat plane",
                                         "|W| = 1", "|W| of 48 bits"};
    return tb_cov_holes(bins, names, 8, 0);
}

/* The timing of docs/zrop.md, clock by clock after reset: T0, T1, T2 offered in cycles
 * 0..2; the sink stalls in cycle 44, while T1's plane is offered. */
static void timing_check(tb_report_t *rep)
{
    const gx_rs_tri_t tri[3] = {
        {{0, 2560, 512}, {0, 256, 2560}},
        {{512, 4096, 1024}, {300, 900, 4000}},
        {{100, 900, 1700}, {100, 500, 900}},
    };
    const uint32_t z[9] = {100, 200000, 16000000, 5, 5, 5, 0, GX_Z_MAX, 12345};
    uint32_t req[3][GX_ZP_REQ_WORDS], want[3][GX_ZP_PLANE_WORDS];
    for (int t = 0; t < 3; t++) {
        gx_zrop_plane_t p;
        gx_zrop_req_pack(&tri[t], z + 3 * t, req[t]);
        gx_zrop_plane(&tri[t], z + 3 * t, &p);
        gx_zrop_plane_pack(&p, want[t]);
    }
    void *m = gx_zplane_rtl_new(NULL);
    tb_timing3(rep, &gx_zplane_rtl_ops, m, (const uint32_t *const[3]){req[0], req[1], req[2]},
               (const uint32_t *const[3]){want[0], want[1], want[2]}, 43, "pl_o");
    gx_zplane_rtl_free(m, NULL);
}

static uint64_t simulate(const tb_opts_t *o, const gx_rs_tri_t *tri, const uint32_t *z,
                         gx_zrop_plane_t *got, uint64_t n, const char *fst, const char *cov,
                         uint64_t *n_got)
{
    tb_rng_t stall_rng;
    tb_rng_seed_stalls(&stall_rng, o);
    void *m = gx_zplane_rtl_new(fst);
    uint64_t cycles = gx_zplane_rtl_run(m, tri, z, got, n, &stall_rng, 1, 1000, n_got);
    gx_zplane_rtl_free(m, cov);
    return cycles;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_zplane", 200000);
    printf("tb_zplane: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    tb_rng_t r;
    tb_rng_seed(&r, o.seed);
    const uint64_t n = o.n ? o.n : 1;
    gx_rs_tri_t *tri = calloc(n, sizeof *tri);
    uint32_t *z = calloc(3 * n, sizeof *z);
    gx_zrop_plane_t *want = calloc(n, sizeof *want), *got = calloc(n, sizeof *got);
    if (!tri || !z || !want || !got) {
        fprintf(stderr, "tb_zplane: out of memory\n");
        return 2;
    }
    cov_t cov;
    memset(&cov, 0, sizeof cov);
    for (uint64_t i = 0; i < n; i++) {
        gen(&r, &tri[i], z + 3 * i, &cov);
        gx_zrop_plane(&tri[i], z + 3 * i, &want[i]);
    }
    /* |W| = 1 and |W| of 48 bits, once each */
    const gx_rs_tri_t w1 = {{0, 3, 1}, {0, 1, 0}};
    const gx_rs_tri_t w48 = {{-GUARD, GUARD, -GUARD}, {-GUARD, -GUARD, GUARD}};
    tri[0] = w1;
    tri[n > 1 ? 1 : 0] = w48;
    cov.wlen1++;
    cov.wlen48++;
    for (uint64_t i = 0; i < (n > 1 ? 2u : 1u); i++)
        gx_zrop_plane(&tri[i], z + 3 * i, &want[i]);

    char path[512], cpath[512];
    tb_out_paths(&o, "gx_zplane", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    timing_check(&rep);
    uint64_t n_got;
    uint64_t cycles = simulate(&o, tri, z, got, n, o.waves ? path : NULL, cpath, &n_got);
    tb_check(&rep, cycles != 0 && n_got == n, "RTL stopped after %" PRIu64 " planes: an "
             "assertion failed or the stream hung", n_got);
    for (uint64_t i = 0; i < n_got; i++)
        tb_check(&rep, gx_zrop_plane_eq(&want[i], &got[i]),
                 "triangle %" PRIu64 " (%d,%d) (%d,%d) (%d,%d) z %u %u %u: gx %013" PRIx64
                 " gy %013" PRIx64 ", model %013" PRIx64 " %013" PRIx64, i, tri[i].x[0],
                 tri[i].y[0], tri[i].x[1], tri[i].y[1], tri[i].x[2], tri[i].y[2], z[3 * i],
                 z[3 * i + 1], z[3 * i + 2], got[i].gx, got[i].gy, want[i].gx, want[i].gy);
    int holes = cov_check(&cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_zplane: %" PRIu64 " triangles, %" PRIu64 " cycles with stalls\n", n, cycles);
    if (rep.failed && !o.waves) {
        printf("tb_zplane: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        simulate(&o, tri, z, got, n, path, NULL, &n_got);
    } else if (o.waves) {
        printf("tb_zplane: waveform %s\n", path);
    }
    free(tri);
    free(z);
    free(want);
    free(got);
    return tb_summary(&rep);
}
