/* tb_zsample: cosimulation of gx_zsample (RTL) against the depth unit's C model,
 * gx_zrop_tile_test: each draw's pass mask (covered && gx_zrop_test(func, new depth,
 * stored depth)) and every sample's depth after a write (the new depth gx_zrop_eval(tile
 * plane, its position) where it passes, the stored one elsewhere), with the positions
 * of gx_zrop_positions (the pattern table, pattern sets, the tile's place) and the
 * stored depths of gx_zrop_tile_read (clear, raw, or reconstructed from the tile's
 * planes at the same positions).
 *
 * State space covered, every run (N random tiles, default 100,000; knob N):
 *  - tile planes: the planes of random triangles' tiles (gx_zrop_plane, then
 *    gx_zrop_tile_plane at a random depth tile near vertex 0, needles among them) and
 *    planes with every word random (residues below, inside and above the window: the
 *    clamp at 0 and at 2^24 - 1); flat planes at the edges: depths -1, 0, 1, 2^24 - 2,
 *    2^24 - 1, 2^24 each a half unit either side, the window's two ends;
 *  - every N, pattern sets on and off, tiles at every quad-set phase, the default table
 *    and random tables;
 *  - every depth function; coverage full, empty and random;
 *  - stored tiles: raw, with depths random and equal to, one above and one below the
 *    sample's new depth (the compare's edges); clear, the clear value random or a
 *    sample's new depth; compressed with 1-4 planes (planes drawn as the tile plane
 *    is, or the draw's own plane: equal depths), the plane indices random or all one;
 *  - stalls: random gaps on the request valid and random back-pressure on the response
 *    ready; the profile changes every 500 tiles;
 *  - timing: three raw tiles back to back and a sink stall while the second is
 *    offered; a 2-plane tile, then a raw one; 17 raw tiles against a sink stalled 80
 *    clocks, so the credit holds the 16th; clock by clock (docs/zrop.md).
 * Every result is compared with the C model in every sample's depth and pass bit.
 * Functional coverage bins (each N, pattern sets at N = 1 and 2, each function, a
 * clamp at each end, equal depths passing, each tile state and plane count, equal
 * depths passing against a reconstructed one) fail the run when empty. Line and toggle
 * coverage of the RTL go to build/coverage/gx_zsample.dat, the clock-by-clock cases' to
 * gx_zsample-timing.dat beside it.
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

enum { C_N0, C_PS1 = 5, C_PS2, C_F0, C_CLAMP0 = C_F0 + 8, C_CLAMPMAX, C_EQPASS, C_EDGE,
       C_CLEAR, C_RAW, C_NP1, C_NP4 = C_NP1 + 3, C_EQREC, C_BINS };

/* The positions of draw q's tile at (tx, ty). */
static void positions(const gx_zsample_req_t *q, uint32_t tx, uint32_t ty, gx_zrop_pos_t *pos)
{
    gx_rs_cfg_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.samples = (uint8_t)(1u << q->nlog);
    cfg.patternsets = (uint8_t)q->pset;
    gx_rs_table_t t;
    memcpy(t.slot, q->slots, sizeof t.slot);
    gx_zrop_positions(&cfg, &t, tx, ty, pos);
}

/* A tile plane for a tile of N = 2^nlog at (tx, ty): a random triangle's, flat at an
 * edge of the rounding, the clamp or the window, or every word random. */
static void gen_plane(tb_rng_t *r, unsigned nlog, uint32_t tx, uint32_t ty,
                      gx_zrop_tplane_t *tp, uint64_t *cov)
{
    unsigned tw, th;
    gx_zrop_tile_dims(1u << nlog, &tw, &th);
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
        gx_zrop_tile_plane(&p, (int32_t)tx, (int32_t)ty, tw, th, tp);
    } else if (tb_rng_pct(r, 25)) { /* flat at the rounding's, the clamp's and the window's edges */
        static const int64_t zs[6] = {-1, 0, 1, GX_Z_MAX - 1, GX_Z_MAX, GX_Z_MAX + 1};
        static const int64_t ds[4] = {-256, -255, 254, 255};
        const int64_t v = tb_rng_pct(r, 10) ? (tb_rng_pct(r, 50) ? -(1ll << 32) : 3ll << 32) - (int64_t)tb_rng_below(r, 2)
                                            : zs[tb_rng_below(r, 6)] * 512 + ds[tb_rng_below(r, 4)];
        tp->pt = (uint64_t)v & ZT_MASK;
        tp->a = tp->b = 0;
        cov[C_EDGE]++;
    } else { /* every word random */
        tp->pt = tb_rng_u64(r) & ZT_MASK;
        tp->a = tb_rng_pct(r, 30) ? (uint64_t)(int64_t)rnd_in(r, -4096, 4096) & ZT_MASK
                                  : tb_rng_u64(r) & ZT_MASK;
        tp->b = tb_rng_pct(r, 30) ? (uint64_t)(int64_t)rnd_in(r, -4096, 4096) & ZT_MASK
                                  : tb_rng_u64(r) & ZT_MASK;
    }
}

/* A random draw; state: the stored tile's (gx_zrop_tstate_t), or -1 for a random one. */
static void gen(tb_rng_t *r, int state, gx_zsample_req_t *q, gx_zsample_resp_t *want,
                uint64_t *cov)
{
    memset(q, 0, sizeof *q);
    q->nlog = tb_rng_below(r, 5);
    q->pset = q->nlog <= 1 && tb_rng_pct(r, 50);
    unsigned tw, th;
    gx_zrop_tile_dims(1u << q->nlog, &tw, &th);
    const uint32_t tx = (uint32_t)rnd_in(r, 0, 8191) & ~(tw - 1u);
    const uint32_t ty = (uint32_t)rnd_in(r, 0, 8191) & ~(th - 1u);
    q->qset = ((tx >> 1) + (ty >> 1)) & 3u;
    gen_plane(r, q->nlog, tx, ty, &q->tp, cov);
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
    gx_zrop_pos_t pos;
    positions(q, tx, ty, &pos);
    uint32_t znew[GX_ZTILE_SAMPLES];
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
        znew[k] = gx_zrop_eval(&q->tp, pos.sx[k], pos.sy[k]);
    const unsigned u = tb_rng_below(r, 20);
    gx_zrop_tile_t *tl = &q->tile;
    tl->state = state >= 0 ? (gx_zrop_tstate_t)state
              : u < 4 ? GX_ZT_CLEAR : u < 13 ? GX_ZT_PLANES : GX_ZT_RAW;
    q->clear = tb_rng_pct(r, 30) ? znew[tb_rng_below(r, GX_ZTILE_SAMPLES)]
                                 : (uint32_t)(tb_rng_u64(r) & GX_Z_MAX);
    if (tl->state == GX_ZT_RAW) {
        /* the stored depths: random, or the new depth, one above, one below */
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
            const unsigned e = tb_rng_below(r, 5);
            const uint32_t zn = znew[k];
            tl->z[k] = e == 0 ? zn : e == 1 ? (zn < GX_Z_MAX ? zn + 1 : zn)
                     : e == 2 ? (zn ? zn - 1 : 0) : (uint32_t)(tb_rng_u64(r) & GX_Z_MAX);
        }
        cov[C_RAW]++;
    } else if (tl->state == GX_ZT_PLANES) {
        tl->nplanes = (uint8_t)(state >= 0 ? 2 : 1 + tb_rng_below(r, GX_ZTILE_PLANES));
        for (unsigned j = 0; j < tl->nplanes; j++)
            if (tb_rng_pct(r, 30))
                tl->pl[j] = q->tp;
            else
                gen_plane(r, q->nlog, tx, ty, &tl->pl[j], cov);
        const int one = tb_rng_pct(r, 20) ? (int)tb_rng_below(r, tl->nplanes) : -1;
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
            tl->idx[k] = (uint8_t)(one >= 0 ? (unsigned)one : tb_rng_below(r, tl->nplanes));
        cov[C_NP1 + tl->nplanes - 1]++;
    } else {
        cov[C_CLEAR]++;
    }
    want->pass = gx_zrop_tile_test(tl, &pos, q->clear, &q->tp, q->cov,
                                   (gx_zrop_func_t)q->func, want->z);
    cov[C_N0 + q->nlog]++;
    if (q->pset && q->nlog == 0) cov[C_PS1]++;
    if (q->pset && q->nlog == 1) cov[C_PS2]++;
    cov[C_F0 + q->func]++;
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        if (znew[k] == 0) cov[C_CLAMP0]++;
        if (znew[k] == GX_Z_MAX) cov[C_CLAMPMAX]++;
        if (((want->pass >> k) & 1u) && q->func == GX_Z_EQUAL)
            cov[tl->state == GX_ZT_PLANES ? C_EQREC : C_EQPASS]++;
    }
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "N = 1", "N = 2", "N = 4", "N = 8", "N = 16", "pattern sets at N = 1",
        "pattern sets at N = 2", "never", "less", "equal", "lequal", "greater", "notequal",
        "gequal", "always", "depth clamped to 0", "depth clamped to 2^24 - 1",
        "equal depths passing", "flat planes at the rounding and clamp edges", "clear tiles",
        "raw tiles", "1-plane tiles", "2-plane tiles", "3-plane tiles", "4-plane tiles",
        "equal depths passing against a reconstructed depth"};
    return tb_cov_holes(cov, names, C_BINS, 0);
}

static int resp_eq(const gx_zsample_resp_t *a, const gx_zsample_resp_t *b)
{
    return a->pass == b->pass && !memcmp(a->z, b->z, sizeof a->z);
}

/* A clock-by-clock run after reset: tiles of the given states offered back to back from
 * cycle 0, the sink stalling in cycles stall0 .. stall1 (none when stall1 < stall0);
 * ready[c]: req_ready_o in cycle c; resp_t[c]: the tile whose response is offered in
 * cycle c, -1 none. */
enum { T_MAX_TILES = 17, T_MAX_CYCLES = 112 };
static void timing_run(tb_report_t *rep, const char *name, const int *states, int n,
                       int cycles, int stall0, int stall1, const int *ready, const int *resp_t,
                       const char *cov_path)
{
    tb_rng_t r;
    tb_rng_seed(&r, 11);
    uint64_t cov[C_BINS] = {0};
    static uint32_t req[T_MAX_TILES][GX_ZS_REQ_WORDS], want[T_MAX_TILES][GX_ZS_RESP_WORDS];
    uint32_t none[GX_ZS_REQ_WORDS] = {0};
    uint32_t w[GX_ZS_RESP_WORDS];
    for (int t = 0; t < n; t++) {
        gx_zsample_req_t q;
        gx_zsample_resp_t x;
        gen(&r, states[t], &q, &x, cov);
        gx_zsample_req_pack(&q, req[t]);
        gx_zsample_resp_pack(&x, want[t]);
    }
    const tb_dut_ops_t *ops = &gx_zsample_rtl_ops;
    void *m = gx_zsample_rtl_new(NULL);
    int taken = 0;
    for (int c = 0; c < cycles; c++) {
        const int rv = taken < n;
        const int want_ready = ready[c], want_t = resp_t[c];
        ops->set(m, rv, rv ? req[taken] : none, c < stall0 || c > stall1);
        ops->eval(m);
        const int ready_o = ops->req_ready(m), valid = ops->resp_valid(m);
        tb_check(rep, ready_o == want_ready, "timing %s: cycle %d req_ready_o %d", name, c,
                 ready_o);
        tb_check(rep, valid == (want_t >= 0), "timing %s: cycle %d resp_valid_o %d", name, c,
                 valid);
        if (want_t >= 0 && valid) {
            ops->resp(m, w);
            tb_check(rep, !memcmp(w, want[want_t], sizeof w),
                     "timing %s: cycle %d resp_o is not tile %d's", name, c, want_t);
        }
        taken += rv && ready_o;
        ops->tick(m);
        tb_check(rep, !ops->failed(m), "timing %s: an assertion failed in cycle %d", name, c);
    }
    gx_zsample_rtl_free(m, cov_path);
}

/* The timing of docs/zrop.md. Three raw tiles: taken in cycles 0, 4, 8 (a tile every 4
 * clocks), their responses 19 clocks after (latency 19), the sink stalling in cycle 23
 * while the second is offered (the stages run on: the third waits in its FIFOs, and is
 * offered in cycle 27 as without the stall). A 2-plane tile, then a raw one: the first
 * issues three passes (12 beats: the second taken in cycle 12), its response in cycle 27
 * (latency 19 + 8), the second's in cycle 31. The credit (Owed = 15, the default): 17 raw
 * tiles, the sink stalling in cycles 0-79: 15 are taken (cycles 0-56), then none while 15
 * are owed, though the request register is empty from cycle 61; the first response
 * offered from cycle 19 and taken in 80, the other 14 in 81-94, one a clock; the 16th
 * tile taken in cycle 82 (the first response taken in 80 returns its credit a clock
 * later), the 17th in 86 (ready again in 90, when it issues its last beat), their
 * responses in 101 and 105. */
static void timing_check(tb_report_t *rep, const char *cov_path)
{
    int ready[T_MAX_CYCLES], resp_t[T_MAX_CYCLES];
    for (int c = 0; c < T_MAX_CYCLES; c++) {
        resp_t[c] = c == 19 ? 0 : c == 23 || c == 24 ? 1 : c == 27 ? 2 : -1;
        ready[c] = c == 0 || c == 4 || c == 8 || c >= 12;
    }
    int raw[T_MAX_TILES];
    for (int t = 0; t < T_MAX_TILES; t++)
        raw[t] = GX_ZT_RAW;
    timing_run(rep, "raw", raw, 3, 40, 23, 23, ready, resp_t, NULL);
    for (int c = 0; c < T_MAX_CYCLES; c++) {
        resp_t[c] = c == 27 ? 0 : c == 31 ? 1 : -1;
        ready[c] = c == 0 || c == 12 || c >= 16;
    }
    static const int planes_raw[2] = {GX_ZT_PLANES, GX_ZT_RAW};
    timing_run(rep, "planes", planes_raw, 2, 40, 0, -1, ready, resp_t, NULL);
    for (int c = 0; c < T_MAX_CYCLES; c++) {
        resp_t[c] = c >= 19 && c <= 80 ? 0 : c >= 81 && c <= 94 ? c - 80
                  : c == 101 ? 15 : c == 105 ? 16 : -1;
        ready[c] = (c <= 56 && c % 4 == 0) || c == 82 || c == 86 || c >= 90;
    }
    timing_run(rep, "credit", raw, 17, T_MAX_CYCLES, 0, 79, ready, resp_t, cov_path);
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
        gen(&r, -1, &q[i], &want[i], cov);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_zsample", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    /* the clock-by-clock cases' coverage in a file of its own (the credit's cover point
     * is reached there: the random streams' stalls seldom keep 15 draws waiting) */
    char tpath[512], tfst[512];
    tb_out_paths(&o, "gx_zsample-timing", tpath, sizeof tpath, tfst, sizeof tfst);
    timing_check(&rep, tpath);
    uint64_t n_got;
    uint64_t cycles = simulate(&o, q, got, n, o.waves ? path : NULL, cpath, &n_got);
    tb_check(&rep, cycles != 0 && n_got == n, "RTL stopped after %" PRIu64 " tiles: an "
             "assertion failed or the stream hung", n_got);
    for (uint64_t i = 0; i < n_got; i++) {
        int bad = -1;
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES && bad < 0; k++)
            if (got[i].z[k] != want[i].z[k] || ((got[i].pass ^ want[i].pass) >> k & 1u))
                bad = (int)k;
        tb_check(&rep, resp_eq(&want[i], &got[i]),
                 "tile %" PRIu64 " (N=%u pset %u qset %u func %u state %u planes %u, pt %09" PRIx64
                 " a %09" PRIx64 " b %09" PRIx64 "): sample %d depth %u pass %u, model %u %u", i,
                 1u << q[i].nlog, q[i].pset, q[i].qset, q[i].func, (unsigned)q[i].tile.state,
                 q[i].tile.nplanes, q[i].tp.pt, q[i].tp.a, q[i].tp.b, bad,
                 bad >= 0 ? got[i].z[bad] : 0, bad >= 0 ? (unsigned)(got[i].pass >> bad & 1u) : 0,
                 bad >= 0 ? want[i].z[bad] : 0,
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
