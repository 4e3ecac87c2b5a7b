/* tb_ztplane: cosimulation of gx_ztplane (RTL) against gx_zrop_tile_plane (C model).
 *
 * State space covered, every run (N random requests, default 100,000; knob N):
 *  - planes: the level-1 planes of random triangles (gx_zrop_plane: boxes of 2 to 2^23
 *    units, needles, zero area) and raw planes with every field random (gradients of all
 *    52 bits, their extremes 0, 2^51 - 1, 2^51, 2^52 - 1; vertex 0 anywhere in the guard
 *    band and on its edges; depths 0, 2^24 - 1 and random);
 *  - tiles: every N (tile sizes 8x8 .. 2x2), the tile at vertex 0, random tiles in the
 *    guard band and anywhere in the 16-bit pixel range, the range's ends;
 *  - stalls: random gaps on the request valid and random back-pressure on the tile-plane
 *    ready; the profile changes every 1000 requests;
 *  - timing: three requests back to back and a sink stall while the second tile plane is
 *    offered, clock by clock (latency 8, one tile a clock).
 * Every tile plane is compared with the C model in every field. Functional coverage bins
 * (each N, negative and positive centre offsets beyond 2^17 units, the 16-bit range's
 * ends, negative gradients, a zero gradient, guard-band vertices) are counted; a hole
 * fails the run. Line and toggle coverage of the RTL go to build/coverage/gx_ztplane.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/zrop.h"
#include "tb.h"
#include "ztplane_rtl.h"

#define GUARD ((int32_t)GX_GUARD_BAND_PX << GX_SUBPIX_BITS)
#define ZP_MASK ((1ull << GX_ZP_W) - 1u)

static int32_t rnd_in(tb_rng_t *r, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(tb_rng_u64(r) % (uint64_t)((int64_t)hi - lo + 1));
}

static uint64_t rnd_grad(tb_rng_t *r)
{
    static const uint64_t ext[4] = {0, (1ull << 51) - 1u, 1ull << 51, ZP_MASK};
    return tb_rng_pct(r, 10) ? ext[tb_rng_below(r, 4)] : tb_rng_u64(r) & ZP_MASK;
}

enum { C_N0, C_N4 = C_N0 + 4, C_DXNEG, C_DXPOS, C_TMIN, C_TMAX, C_GNEG, C_GZERO, C_GUARD, C_BINS };

static void gen(tb_rng_t *r, gx_ztplane_req_t *q, uint64_t *cov)
{
    gx_zrop_plane_t *p = &q->p;
    if (tb_rng_pct(r, 50)) { /* a triangle's plane */
        gx_rs_tri_t t;
        uint32_t z[3];
        const int32_t size = 1 << rnd_in(r, 1, 23);
        const int32_t ox = rnd_in(r, -GUARD, GUARD - size), oy = rnd_in(r, -GUARD, GUARD - size);
        for (int k = 0; k < 3; k++) {
            t.x[k] = ox + rnd_in(r, 0, size);
            t.y[k] = oy + rnd_in(r, 0, size);
            z[k] = tb_rng_pct(r, 20) ? (tb_rng_pct(r, 50) ? 0 : GX_Z_MAX)
                                     : (uint32_t)(tb_rng_u64(r) & GX_Z_MAX);
        }
        if (tb_rng_pct(r, 20)) { /* a needle */
            t.x[2] = (int32_t)(((int64_t)t.x[0] + t.x[1]) / 2) + rnd_in(r, -1, 1);
            t.y[2] = (int32_t)(((int64_t)t.y[0] + t.y[1]) / 2) + rnd_in(r, -1, 1);
            t.x[2] = t.x[2] > GUARD ? GUARD : t.x[2] < -GUARD ? -GUARD : t.x[2];
            t.y[2] = t.y[2] > GUARD ? GUARD : t.y[2] < -GUARD ? -GUARD : t.y[2];
        }
        gx_zrop_plane(&t, z, p);
    } else { /* every field random */
        memset(p, 0, sizeof *p);
        p->z0 = tb_rng_pct(r, 20) ? (tb_rng_pct(r, 50) ? 0 : GX_Z_MAX)
                                  : (uint32_t)(tb_rng_u64(r) & GX_Z_MAX);
        p->x0 = tb_rng_pct(r, 20) ? (tb_rng_pct(r, 50) ? GUARD : -GUARD) : rnd_in(r, -GUARD, GUARD);
        p->y0 = tb_rng_pct(r, 20) ? (tb_rng_pct(r, 50) ? GUARD : -GUARD) : rnd_in(r, -GUARD, GUARD);
        p->gx = rnd_grad(r);
        p->gy = rnd_grad(r);
    }
    q->nlog = tb_rng_below(r, 5);
    unsigned tw, th;
    gx_zrop_tile_dims(1u << q->nlog, &tw, &th);
    const unsigned kind = tb_rng_below(r, 4);
    if (kind == 0) { /* the tile at vertex 0 */
        q->tx = (p->x0 >> GX_SUBPIX_BITS) & ~(int32_t)(tw - 1);
        q->ty = (p->y0 >> GX_SUBPIX_BITS) & ~(int32_t)(th - 1);
    } else if (kind == 1) { /* a tile in the guard band */
        q->tx = rnd_in(r, -GX_GUARD_BAND_PX, GX_GUARD_BAND_PX - 1) & ~(int32_t)(tw - 1);
        q->ty = rnd_in(r, -GX_GUARD_BAND_PX, GX_GUARD_BAND_PX - 1) & ~(int32_t)(th - 1);
    } else if (kind == 2) { /* anywhere in the 16-bit range */
        q->tx = rnd_in(r, -32768, 32767);
        q->ty = rnd_in(r, -32768, 32767);
    } else { /* the range's ends */
        q->tx = tb_rng_pct(r, 50) ? -32768 : 32767;
        q->ty = tb_rng_pct(r, 50) ? -32768 : 32767;
    }
    cov[C_N0 + q->nlog]++;
    const int64_t dx = (int64_t)q->tx * 256 + 128 * (int64_t)tw - p->x0;
    if (dx < -(1 << 17)) cov[C_DXNEG]++;
    if (dx >= 1 << 17) cov[C_DXPOS]++;
    if (q->tx == -32768 || q->ty == -32768) cov[C_TMIN]++;
    if (q->tx == 32767 || q->ty == 32767) cov[C_TMAX]++;
    if ((p->gx >> 51) & 1u) cov[C_GNEG]++;
    if (p->gx == 0 && p->gy == 0) cov[C_GZERO]++;
    if (p->x0 == GUARD || p->x0 == -GUARD) cov[C_GUARD]++;
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "N = 1", "N = 2", "N = 4", "N = 8", "N = 16", "centre offset < -2^17",
        "centre offset >= 2^17", "tile at -32768", "tile at 32767", "negative gradient",
        "zero gradient", "guard-band vertex"};
    return tb_cov_holes(cov, names, C_BINS, 0);
}

static void want_of(const gx_ztplane_req_t *q, gx_zrop_tplane_t *tp)
{
    unsigned tw, th;
    gx_zrop_tile_dims(1u << q->nlog, &tw, &th);
    gx_zrop_tile_plane(&q->p, q->tx, q->ty, tw, th, tp);
}

static int tp_eq(const gx_zrop_tplane_t *a, const gx_zrop_tplane_t *b)
{
    return a->pt == b->pt && a->a == b->a && a->b == b->b;
}

/* The timing of docs/zrop.md, clock by clock after reset: R0, R1, R2 offered in cycles
 * 0..2; the sink stalls in cycle 9, while R1's tile plane is offered. */
static void timing_check(tb_report_t *rep)
{
    gx_ztplane_req_t q[3];
    tb_rng_t r;
    tb_rng_seed(&r, 7);
    uint64_t cov[C_BINS] = {0};
    uint32_t req[3][GX_ZT_REQ_WORDS], want[3][GX_ZT_PLANE_WORDS];
    for (int t = 0; t < 3; t++) {
        gx_zrop_tplane_t tp;
        gen(&r, &q[t], cov);
        gx_zrop_treq_pack(&q[t].p, q[t].tx, q[t].ty, q[t].nlog, req[t]);
        want_of(&q[t], &tp);
        gx_zrop_tplane_pack(&tp, want[t]);
    }
    void *m = gx_ztplane_rtl_new(NULL);
    tb_timing3(rep, &gx_ztplane_rtl_ops, m, (const uint32_t *const[3]){req[0], req[1], req[2]},
               (const uint32_t *const[3]){want[0], want[1], want[2]}, 8, "tp_o");
    gx_ztplane_rtl_free(m, NULL);
}

static uint64_t simulate(const tb_opts_t *o, const gx_ztplane_req_t *q, gx_zrop_tplane_t *got,
                         uint64_t n, const char *fst, const char *cov, uint64_t *n_got)
{
    tb_rng_t stall_rng;
    tb_rng_seed_stalls(&stall_rng, o);
    void *m = gx_ztplane_rtl_new(fst);
    uint64_t cycles = gx_ztplane_rtl_run(m, q, got, n, &stall_rng, 1, 1000, n_got);
    gx_ztplane_rtl_free(m, cov);
    return cycles;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_ztplane", 100000);
    printf("tb_ztplane: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    tb_rng_t r;
    tb_rng_seed(&r, o.seed);
    const uint64_t n = o.n ? o.n : 1;
    gx_ztplane_req_t *q = calloc(n, sizeof *q);
    gx_zrop_tplane_t *want = calloc(n, sizeof *want), *got = calloc(n, sizeof *got);
    if (!q || !want || !got) {
        fprintf(stderr, "tb_ztplane: out of memory\n");
        return 2;
    }
    uint64_t cov[C_BINS] = {0};
    for (uint64_t i = 0; i < n; i++) {
        gen(&r, &q[i], cov);
        want_of(&q[i], &want[i]);
    }
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_ztplane", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    timing_check(&rep);
    uint64_t n_got;
    uint64_t cycles = simulate(&o, q, got, n, o.waves ? path : NULL, cpath, &n_got);
    tb_check(&rep, cycles != 0 && n_got == n, "RTL stopped after %" PRIu64 " tile planes: an "
             "assertion failed or the stream hung", n_got);
    for (uint64_t i = 0; i < n_got; i++)
        tb_check(&rep, tp_eq(&want[i], &got[i]),
                 "request %" PRIu64 " (z0 %u at %d,%d, g %013" PRIx64 " %013" PRIx64
                 ", tile %d,%d N=%u): pt %09" PRIx64 " a %09" PRIx64 " b %09" PRIx64
                 ", model %09" PRIx64 " %09" PRIx64 " %09" PRIx64, i, q[i].p.z0, q[i].p.x0,
                 q[i].p.y0, q[i].p.gx, q[i].p.gy, q[i].tx, q[i].ty, 1u << q[i].nlog,
                 got[i].pt, got[i].a, got[i].b, want[i].pt, want[i].a, want[i].b);
    int holes = cov_check(cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_ztplane: %" PRIu64 " tiles, %" PRIu64 " cycles with stalls\n", n, cycles);
    if (rep.failed && !o.waves) {
        printf("tb_ztplane: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        simulate(&o, q, got, n, path, NULL, &n_got);
    } else if (o.waves) {
        printf("tb_ztplane: waveform %s\n", path);
    }
    free(q);
    free(want);
    free(got);
    return tb_summary(&rep);
}
