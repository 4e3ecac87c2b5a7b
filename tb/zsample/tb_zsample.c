/* tb_zsample: cosimulation of gx_zsample (RTL) against the depth unit's C model: every
 * sample's depth gx_zrop_eval(tile plane, its position) with the positions of
 * gx_zrop_positions (the pattern table, pattern sets, the tile's place), and the pass
 * bit, covered && gx_zrop_test(func, depth, stored depth).
 *
 * State space covered, every run (N random tiles, default 100,000; knob N):
 *  - tile planes: the planes of random triangles' tiles (gx_zrop_plane, then
 *    gx_zrop_tile_plane at a random depth tile near vertex 0, needles among them) and
 *    planes with every word random (residues below, inside and above the window: the
 *    clamp at 0 and at 2^24 - 1); flat planes at the edges: depths -1, 0, 1, 2^24 - 2,
 *    2^24 - 1, 2^24 each a half unit either side, the window's two ends;
 *  - every N, pattern sets on and off, tiles at every quad-set phase, the default table
 *    and random tables;
 *  - every depth function; coverage full, empty and random; stored depths random and
 *    equal to, one above and one below the sample's new depth (the compare's edges);
 *  - stalls: random gaps on the request valid and random back-pressure on the response
 *    ready; the profile changes every 500 tiles;
 *  - timing: three tiles back to back and a sink stall while the second is offered,
 *    clock by clock (docs/zrop.md).
 * Every result is compared with the C model in every sample's depth and pass bit.
 * Functional coverage bins (each N, pattern sets at N = 1 and 2, each function, a
 * clamp at each end, equal depths passing) fail the run when empty. Line and toggle
 * coverage of the RTL go to build/coverage/gx_zsample.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/zrop.h"
#include "tb.h"
#include "zsample_rtl.h"

#define GUARD ((int32_t)GX_GUARD_BAND_PX << GX_SUBPIX_BITS)
#define ZT_MASK ((1ull << GX_ZT_W) - 1u)

static int32_t rnd_in(tb_rng_t *r, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(tb_rng_u64(r) % (uint64_t)((int64_t)hi - lo + 1));
}

enum { C_N0, C_PS1 = 5, C_PS2, C_F0, C_CLAMP0 = C_F0 + 8, C_CLAMPMAX, C_EQPASS, C_EDGE, C_BINS };

/* The model's result for tile q placed at (tx, ty). */
static void model(const gx_zsample_req_t *q, uint32_t tx, uint32_t ty, gx_zsample_resp_t *r)
{
    gx_rs_cfg_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.samples = (uint8_t)(1u << q->nlog);
    cfg.patternsets = (uint8_t)q->pset;
    gx_rs_table_t t;
    memcpy(t.slot, q->slots, sizeof t.slot);
    gx_zrop_pos_t pos;
    gx_zrop_positions(&cfg, &t, tx, ty, &pos);
    r->pass = 0;
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        r->znew[k] = gx_zrop_eval(&q->tp, pos.sx[k], pos.sy[k]);
        if (((q->cov >> k) & 1u) && gx_zrop_test((gx_zrop_func_t)q->func, r->znew[k], q->zold[k]))
            r->pass |= 1ull << k;
    }
}

static void gen(tb_rng_t *r, gx_zsample_req_t *q, gx_zsample_resp_t *want, uint64_t *cov)
{
    memset(q, 0, sizeof *q);
    q->nlog = tb_rng_below(r, 5);
    q->pset = q->nlog <= 1 && tb_rng_pct(r, 50);
    unsigned tw, th;
    gx_zrop_tile_dims(1u << q->nlog, &tw, &th);
    const uint32_t tx = (uint32_t)rnd_in(r, 0, 8191) & ~(tw - 1u);
    const uint32_t ty = (uint32_t)rnd_in(r, 0, 8191) & ~(th - 1u);
    q->qset = ((tx >> 1) + (ty >> 1)) & 3u;
    if (tb_rng_pct(r, 60)) { /* a triangle's plane at a tile near vertex 0 */
        gx_rs_tri_t t;
        uint32_t z[3];
        const int32_t size = 1 << rnd_in(r, 4, 16);
        const int32_t ox = (int32_t)tx * 256 + rnd_in(r, -size, size);
        const int32_t oy = (int32_t)ty * 256 + rnd_in(r, -size, size);
        for (int k = 0; k < 3; k++) {
            t.x[k] = ox + rnd_in(r, -size, size);
            t.y[k] = oy + rnd_in(r, -size, size);
            z[k] = tb_rng_pct(r, 15) ? (tb_rng_pct(r, 50) ? 0 : GX_Z_MAX)
                                     : (uint32_t)(tb_rng_u64(r) & GX_Z_MAX);
        }
        if (tb_rng_pct(r, 20)) { /* a needle */
            t.x[2] = (int32_t)(((int64_t)t.x[0] + t.x[1]) / 2) + rnd_in(r, -1, 1);
            t.y[2] = (int32_t)(((int64_t)t.y[0] + t.y[1]) / 2) + rnd_in(r, -1, 1);
        }
        gx_zrop_plane_t p;
        gx_zrop_plane(&t, z, &p);
        gx_zrop_tile_plane(&p, (int32_t)tx, (int32_t)ty, tw, th, &q->tp);
    } else if (tb_rng_pct(r, 25)) { /* flat at the rounding's, the clamp's and the window's edges */
        static const int64_t zs[6] = {-1, 0, 1, GX_Z_MAX - 1, GX_Z_MAX, GX_Z_MAX + 1};
        static const int64_t ds[4] = {-256, -255, 254, 255};
        const int64_t v = tb_rng_pct(r, 10) ? (tb_rng_pct(r, 50) ? -(1ll << 32) : 3ll << 32) - (int64_t)tb_rng_below(r, 2)
                                            : zs[tb_rng_below(r, 6)] * 512 + ds[tb_rng_below(r, 4)];
        q->tp.pt = (uint64_t)v & ZT_MASK;
        q->tp.a = q->tp.b = 0;
        cov[C_EDGE]++;
    } else { /* every word random */
        q->tp.pt = tb_rng_u64(r) & ZT_MASK;
        q->tp.a = tb_rng_pct(r, 30) ? (uint64_t)(int64_t)rnd_in(r, -4096, 4096) & ZT_MASK
                                    : tb_rng_u64(r) & ZT_MASK;
        q->tp.b = tb_rng_pct(r, 30) ? (uint64_t)(int64_t)rnd_in(r, -4096, 4096) & ZT_MASK
                                    : tb_rng_u64(r) & ZT_MASK;
    }
    gx_rs_table_t t;
    if (tb_rng_pct(r, 30)) {
        gx_raster_default_table(1u << q->nlog, &t);
        memcpy(q->slots, t.slot, sizeof q->slots);
    } else {
        for (unsigned s = 0; s < GX_PATTERN_SLOTS; s++)
            q->slots[s] = (uint8_t)tb_rng_below(r, 256);
    }
    q->func = tb_rng_below(r, 8);
    const unsigned ck = tb_rng_below(r, 4);
    q->cov = ck == 0 ? ~0ull : ck == 1 ? 0 : tb_rng_u64(r);
    /* the stored depths: random, or the new depth, one above, one below */
    model(q, tx, ty, want);
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        const unsigned e = tb_rng_below(r, 5);
        const uint32_t zn = want->znew[k];
        q->zold[k] = e == 0 ? zn : e == 1 ? (zn < GX_Z_MAX ? zn + 1 : zn)
                   : e == 2 ? (zn ? zn - 1 : 0) : (uint32_t)(tb_rng_u64(r) & GX_Z_MAX);
    }
    model(q, tx, ty, want);
    cov[C_N0 + q->nlog]++;
    if (q->pset && q->nlog == 0) cov[C_PS1]++;
    if (q->pset && q->nlog == 1) cov[C_PS2]++;
    cov[C_F0 + q->func]++;
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        if (want->znew[k] == 0) cov[C_CLAMP0]++;
        if (want->znew[k] == GX_Z_MAX) cov[C_CLAMPMAX]++;
        if (((want->pass >> k) & 1u) && want->znew[k] == q->zold[k] && q->func == GX_Z_EQUAL)
            cov[C_EQPASS]++;
    }
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "N = 1", "N = 2", "N = 4", "N = 8", "N = 16", "pattern sets at N = 1",
        "pattern sets at N = 2", "never", "less", "equal", "lequal", "greater", "notequal",
        "gequal", "always", "depth clamped to 0", "depth clamped to 2^24 - 1",
        "equal depths passing", "flat planes at the rounding and clamp edges"};
    int holes = 0;
    for (int i = 0; i < C_BINS; i++)
        if (!cov[i]) {
            printf("COVERAGE HOLE: %s\n", names[i]);
            holes++;
        }
    return holes;
}

static int resp_eq(const gx_zsample_resp_t *a, const gx_zsample_resp_t *b)
{
    return a->pass == b->pass && !memcmp(a->znew, b->znew, sizeof a->znew);
}

/* The timing of docs/zrop.md, clock by clock after reset: three tiles offered back to
 * back from cycle 0 (taken in cycles 0, 4, 8: a tile every 4 clocks), the sink stalling
 * in cycle 22 while the second tile's result is offered (latency 18). */
static void timing_check(tb_report_t *rep)
{
    enum { CYCLES = 30, LAT = 18, STALL = 22 };
    tb_rng_t r;
    tb_rng_seed(&r, 11);
    uint64_t cov[C_BINS] = {0};
    uint32_t req[3][GX_ZS_REQ_WORDS], want[3][GX_ZS_RESP_WORDS], none[GX_ZS_REQ_WORDS] = {0};
    uint32_t w[GX_ZS_RESP_WORDS];
    for (int t = 0; t < 3; t++) {
        gx_zsample_req_t q;
        gx_zsample_resp_t x;
        gen(&r, &q, &x, cov);
        gx_zsample_req_pack(&q, req[t]);
        gx_zsample_resp_pack(&x, want[t]);
    }
    const tb_dut_ops_t *ops = &gx_zsample_rtl_ops;
    void *m = gx_zsample_rtl_new(NULL);
    int taken = 0;
    for (int c = 0; c < CYCLES; c++) {
        const int rv = taken < 3;
        const int want_ready = c == 0 || c == 4 || c == 8 || c == 12 || (c > 12 && c != STALL);
        const int want_t = c == LAT ? 0 : c == STALL || c == STALL + 1 ? 1
                         : c == LAT + 9 ? 2 : -1;
        ops->set(m, rv, rv ? req[taken] : none, c != STALL);
        ops->eval(m);
        const int ready = ops->req_ready(m), valid = ops->resp_valid(m);
        tb_check(rep, ready == want_ready, "timing: cycle %d req_ready_o %d", c, ready);
        tb_check(rep, valid == (want_t >= 0), "timing: cycle %d resp_valid_o %d", c, valid);
        if (want_t >= 0 && valid) {
            ops->resp(m, w);
            tb_check(rep, !memcmp(w, want[want_t], sizeof w),
                     "timing: cycle %d resp_o is not tile %d's", c, want_t);
        }
        taken += rv && ready;
        ops->tick(m);
        tb_check(rep, !ops->failed(m), "timing: an assertion failed in cycle %d", c);
    }
    gx_zsample_rtl_free(m, NULL);
}

static uint64_t simulate(const tb_opts_t *o, const gx_zsample_req_t *q, gx_zsample_resp_t *got,
                         uint64_t n, const char *fst, const char *cov, uint64_t *n_got)
{
    tb_rng_t stall_rng;
    tb_rng_seed_stalls(&stall_rng, o);
    void *m = gx_zsample_rtl_new(fst);
    uint64_t cycles = gx_zsample_rtl_run(m, q, got, n, &stall_rng, 1, 500, n_got);
    gx_zsample_rtl_free(m, cov);
    return cycles;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_zsample", 100000);
    printf("tb_zsample: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    tb_rng_t r;
    tb_rng_seed(&r, o.seed);
    const uint64_t n = o.n ? o.n : 1;
    gx_zsample_req_t *q = calloc(n, sizeof *q);
    gx_zsample_resp_t *want = calloc(n, sizeof *want), *got = calloc(n, sizeof *got);
    if (!q || !want || !got) {
        fprintf(stderr, "tb_zsample: out of memory\n");
        return 2;
    }
    uint64_t cov[C_BINS] = {0};
    for (uint64_t i = 0; i < n; i++)
        gen(&r, &q[i], &want[i], cov);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_zsample", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    timing_check(&rep);
    uint64_t n_got;
    uint64_t cycles = simulate(&o, q, got, n, o.waves ? path : NULL, cpath, &n_got);
    tb_check(&rep, cycles != 0 && n_got == n, "RTL stopped after %" PRIu64 " tiles: an "
             "assertion failed or the stream hung", n_got);
    for (uint64_t i = 0; i < n_got; i++) {
        int bad = -1;
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES && bad < 0; k++)
            if (got[i].znew[k] != want[i].znew[k] ||
                ((got[i].pass ^ want[i].pass) >> k & 1u))
                bad = (int)k;
        tb_check(&rep, resp_eq(&want[i], &got[i]),
                 "tile %" PRIu64 " (N=%u pset %u qset %u func %u, pt %09" PRIx64 " a %09" PRIx64
                 " b %09" PRIx64 "): sample %d depth %u pass %u, model %u %u", i, 1u << q[i].nlog,
                 q[i].pset, q[i].qset, q[i].func, q[i].tp.pt, q[i].tp.a, q[i].tp.b, bad,
                 bad >= 0 ? got[i].znew[bad] : 0, bad >= 0 ? (unsigned)(got[i].pass >> bad & 1u) : 0,
                 bad >= 0 ? want[i].znew[bad] : 0,
                 bad >= 0 ? (unsigned)(want[i].pass >> bad & 1u) : 0);
    }
    int holes = cov_check(cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_zsample: %" PRIu64 " tiles, %" PRIu64 " cycles with stalls\n", n, cycles);
    if (rep.failed && !o.waves) {
        printf("tb_zsample: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        simulate(&o, q, got, n, path, NULL, &n_got);
    } else if (o.waves) {
        printf("tb_zsample: waveform %s\n", path);
    }
    free(q);
    free(want);
    free(got);
    return tb_summary(&rep);
}
