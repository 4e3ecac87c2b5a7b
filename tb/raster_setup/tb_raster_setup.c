/* tb_raster_setup: cosimulation of gx_raster_setup (RTL) against gx_raster_setup (C model).
 *
 * State space covered, every run (N random triangles, default 300,000; knob N):
 *  - triangle classes: generic, huge (vertices at and near the guard band, +-2^22),
 *    tiny (sub-pixel), slivers, vertices on sample points (multiples of 16) and on
 *    pixel and tile boundaries (multiples of 256 and 4096), horizontal and vertical
 *    edges, both windings (every vertex order), zero area: collinear (segments, with
 *    repeated vertices) and coincident (points);
 *  - render state per triangle: target 1..8192 a side (extremes included), MSAA or
 *    conservative with E in 0..255 (0 and 255 included);
 *  - stalls: random gaps on the request valid and random back-pressure on the result
 *    ready; the profile changes every 1000 triangles;
 *  - timing: the diagram of docs/raster.md (three triangles back to back, a stall of the
 *    sink while the second result is offered) replayed clock by clock: req_ready_o,
 *    setup_valid_o and setup_o checked in every cycle (latency 6, one triangle a clock).
 * Every result is compared with the C model in every field. Functional coverage bins
 * (class x winding x mode, empty and clamped ranges, each edge top / left / neither,
 * guard-band extremes) are counted; a hole fails the run. Line and toggle coverage of the
 * RTL go to build/coverage/gx_raster_setup.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/raster.h"
#include "raster_setup_rtl.h"
#include "tb.h"

#define GUARD ((int32_t)GX_GUARD_BAND_PX << GX_SUBPIX_BITS)

static int32_t clampg(int64_t v)
{
    return (int32_t)(v < -GUARD ? -GUARD : v > GUARD ? GUARD : v);
}

static int32_t rnd_in(tb_rng_t *r, int32_t lo, int32_t hi)
{
    return lo + (int32_t)tb_rng_below(r, (uint32_t)(hi - lo + 1));
}

static void gen_tri(tb_rng_t *r, const gx_rs_cfg_t *cfg, gx_rs_tri_t *t)
{
    int32_t w = (int32_t)cfg->width * 256, h = (int32_t)cfg->height * 256;
    unsigned kind = tb_rng_below(r, 10);
    for (int k = 0; k < 3; k++) {
        switch (kind) {
        case 0: /* huge: guard-band extremes */
            t->x[k] = tb_rng_pct(r, 50) ? (tb_rng_pct(r, 50) ? GUARD : -GUARD) : rnd_in(r, -GUARD, GUARD);
            t->y[k] = tb_rng_pct(r, 50) ? (tb_rng_pct(r, 50) ? GUARD : -GUARD) : rnd_in(r, -GUARD, GUARD);
            break;
        case 1: /* tiny */
            t->x[k] = (k ? t->x[0] : rnd_in(r, -512, w + 512)) + (k ? rnd_in(r, -200, 200) : 0);
            t->y[k] = (k ? t->y[0] : rnd_in(r, -512, h + 512)) + (k ? rnd_in(r, -200, 200) : 0);
            break;
        case 2: /* on sample points */
            t->x[k] = 16 * rnd_in(r, -64, w / 16 + 64);
            t->y[k] = 16 * rnd_in(r, -64, h / 16 + 64);
            break;
        case 3: /* on pixel / tile boundaries */
            t->x[k] = (tb_rng_pct(r, 50) ? 256 : 4096) * rnd_in(r, -4, w / 256 + 4);
            t->y[k] = (tb_rng_pct(r, 50) ? 256 : 4096) * rnd_in(r, -4, h / 256 + 4);
            break;
        default: /* generic, around the target */
            t->x[k] = rnd_in(r, -w / 2 - 4096, w + w / 2 + 4096);
            t->y[k] = rnd_in(r, -h / 2 - 4096, h + h / 2 + 4096);
            break;
        }
        t->x[k] = clampg(t->x[k]);
        t->y[k] = clampg(t->y[k]);
    }
    switch (tb_rng_below(r, 8)) {
    case 0: /* horizontal edge */
        t->y[1] = t->y[0];
        break;
    case 1: /* vertical edge */
        t->x[2] = t->x[1];
        break;
    case 2: { /* sliver: third vertex near edge 0's midpoint */
        t->x[2] = clampg(((int64_t)t->x[0] + t->x[1]) / 2 + rnd_in(r, -3, 3));
        t->y[2] = clampg(((int64_t)t->y[0] + t->y[1]) / 2 + rnd_in(r, -3, 3));
        break;
    }
    case 3: { /* collinear: a segment, vertex 2 on the line through 0 and 1 */
        int32_t d = rnd_in(r, -3, 3);
        t->x[2] = clampg(t->x[0] + (int64_t)d * (((int64_t)t->x[1] - t->x[0]) / 4));
        t->y[2] = clampg(t->y[0] + (int64_t)d * (((int64_t)t->y[1] - t->y[0]) / 4));
        if (tb_rng_pct(r, 30)) {
            t->x[2] = t->x[tb_rng_below(r, 2)];
            t->y[2] = t->y[0 + (t->x[2] == t->x[1])];
        }
        break;
    }
    case 4: /* a point */
        t->x[1] = t->x[2] = t->x[0];
        t->y[1] = t->y[2] = t->y[0];
        break;
    default:
        break;
    }
    if (tb_rng_pct(r, 50)) { /* the other winding */
        int32_t tx = t->x[1], ty = t->y[1];
        t->x[1] = t->x[2];
        t->y[1] = t->y[2];
        t->x[2] = tx;
        t->y[2] = ty;
    }
}

static void gen_cfg(tb_rng_t *r, gx_rs_cfg_t *c)
{
    memset(c, 0, sizeof *c);
    static const uint16_t sizes[] = {1, 2, 7, 16, 17, 64, 255, 1000, 4096, 8191, 8192};
    c->width = tb_rng_pct(r, 70) ? sizes[tb_rng_below(r, 11)] : (uint16_t)rnd_in(r, 1, 8192);
    c->height = tb_rng_pct(r, 70) ? sizes[tb_rng_below(r, 11)] : (uint16_t)rnd_in(r, 1, 8192);
    c->samples = 4;
    c->conservative = (uint8_t)tb_rng_pct(r, 40);
    c->cons_err = (uint8_t)(tb_rng_pct(r, 20) ? 0 : tb_rng_pct(r, 20) ? 255 : tb_rng_below(r, 256));
}

typedef struct cov {
    uint64_t cls[3][2][2];  /* class, ccw, conservative */
    uint64_t empty, clamped, top, left, neither, guard;
} cov_t;

static int cov_check(const cov_t *c)
{
    int holes = 0;
    static const char *names[] = {"triangle", "segment", "point"};
    for (int k = 0; k < 3; k++)
        for (int w = 0; w < 2; w++)
            for (int m = 0; m < 2; m++)
                if (!c->cls[k][w][m] && !(k != 0 && w)) {
                    printf("COVERAGE HOLE: %s ccw=%d conservative=%d\n", names[k], w, m);
                    holes++;
                }
    const uint64_t *v[] = {&c->empty, &c->clamped, &c->top, &c->left, &c->neither, &c->guard};
    static const char *vn[] = {"empty range", "clamped range", "top edge", "left edge",
                               "other edge", "guard-band vertex"};
    for (int i = 0; i < 6; i++)
        if (!*v[i]) {
            printf("COVERAGE HOLE: %s never seen\n", vn[i]);
            holes++;
        }
    return holes;
}

static void fmt(char *buf, size_t len, const gx_rs_setup_t *s)
{
    snprintf(buf, len,
             "A %" PRId64 " %" PRId64 " %" PRId64 " B %" PRId64 " %" PRId64 " %" PRId64
             " C %" PRId64 " %" PRId64 " %" PRId64 " incl %u%u%u cls %d ccw %u box %d %d %d %d"
             " px %d %d %d %d",
             s->a[0], s->a[1], s->a[2], s->b[0], s->b[1], s->b[2], s->c[0], s->c[1], s->c[2],
             s->incl[0], s->incl[1], s->incl[2], (int)s->cls, s->ccw, s->bx0, s->by0, s->bx1,
             s->by1, s->px0, s->py0, s->px1, s->py1);
}

/* docs/raster.md's timing diagram of gx_raster_setup, cycle by cycle from the first cycle
 * after reset: triangles T0, T1, T2 offered in cycles 0..2, the sink stalls in cycle 7.
 * Checks req_ready_o, setup_valid_o and which triangle's result setup_o holds. */
static void timing_check(tb_report_t *rep)
{
    enum { CYCLES = 11 };
    static const int req_valid[CYCLES] = {1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    static const int req_tri[CYCLES] = {0, 1, 2, -1, -1, -1, -1, -1, -1, -1, -1};
    static const int ready_in[CYCLES] = {1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1};
    static const int want_ready[CYCLES] = {1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1};
    static const int want_valid[CYCLES] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0};
    static const int want_tri[CYCLES] = {-1, -1, -1, -1, -1, -1, 0, 1, 1, 2, -1};
    const gx_rs_cfg_t cfg = {.width = 64, .height = 48, .samples = 4};
    const gx_rs_tri_t tri[3] = {
        {{0, 2560, 512}, {0, 256, 2560}},       /* a triangle, counter-clockwise */
        {{512, 4096, 1024}, {300, 900, 4000}},  /* the other winding */
        {{100, 900, 1700}, {100, 500, 900}},    /* a segment */
    };
    const tb_dut_ops_t *ops = &gx_raster_setup_rtl_ops;
    uint32_t req[3][GX_RS_SETUP_REQ_WORDS], none[GX_RS_SETUP_REQ_WORDS] = {0};
    uint32_t w[GX_RS_SETUP_WORDS];
    gx_rs_setup_t want[3], got;
    for (int t = 0; t < 3; t++) {
        gx_rs_setup_req_pack(&cfg, &tri[t], req[t]);
        gx_raster_setup(&cfg, &tri[t], &want[t]);
    }
    void *m = gx_raster_setup_rtl_new(NULL);
    for (int c = 0; c < CYCLES; c++) {
        ops->set(m, req_valid[c], req_tri[c] >= 0 ? req[req_tri[c]] : none, ready_in[c]);
        ops->eval(m);
        int ready = ops->req_ready(m), valid = ops->resp_valid(m);
        tb_check(rep, ready == want_ready[c], "timing: cycle %d req_ready_o %d, want %d", c,
                 ready, want_ready[c]);
        tb_check(rep, valid == want_valid[c], "timing: cycle %d setup_valid_o %d, want %d", c,
                 valid, want_valid[c]);
        if (want_tri[c] >= 0 && valid) {
            ops->resp(m, w);
            gx_rs_setup_unpack(w, &got);
            tb_check(rep, gx_raster_setup_eq(&want[want_tri[c]], &got),
                     "timing: cycle %d setup_o is not T%d's result", c, want_tri[c]);
        }
        ops->tick(m);
        tb_check(rep, !ops->failed(m), "timing: an assertion failed in cycle %d", c);
    }
    gx_raster_setup_rtl_free(m, NULL);
}

static uint64_t simulate(const tb_opts_t *o, const gx_rs_cfg_t *cfg, const gx_rs_tri_t *tri,
                         gx_rs_setup_t *got, uint64_t n, const char *fst, const char *cov,
                         uint64_t *n_got)
{
    tb_rng_t stall_rng;
    tb_rng_seed_stalls(&stall_rng, o);
    void *m = gx_raster_setup_rtl_new(fst);
    uint64_t cycles = gx_raster_setup_rtl_run(m, cfg, tri, got, n, &stall_rng, 1, 1000, n_got);
    gx_raster_setup_rtl_free(m, cov);
    return cycles;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_raster_setup", 300000);
    printf("tb_raster_setup: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    tb_rng_t r;
    tb_rng_seed(&r, o.seed);
    uint64_t n = o.n ? o.n : 1;
    gx_rs_cfg_t *cfg = calloc(n, sizeof *cfg);
    gx_rs_tri_t *tri = calloc(n, sizeof *tri);
    gx_rs_setup_t *want = calloc(n, sizeof *want), *got = calloc(n, sizeof *got);
    if (!cfg || !tri || !want || !got) {
        fprintf(stderr, "tb_raster_setup: out of memory\n");
        return 2;
    }
    cov_t cov;
    memset(&cov, 0, sizeof cov);
    for (uint64_t i = 0; i < n; i++) {
        gen_cfg(&r, &cfg[i]);
        gen_tri(&r, &cfg[i], &tri[i]);
        gx_raster_setup(&cfg[i], &tri[i], &want[i]);
        const gx_rs_setup_t *s = &want[i];
        cov.cls[s->cls][s->ccw][cfg[i].conservative]++;
        if (s->px0 > s->px1)
            cov.empty++;
        else if (s->px1 == cfg[i].width - 1 || s->py1 == cfg[i].height - 1)
            cov.clamped++;
        for (int k = 0; k < 3 && s->cls == GX_RS_TRIANGLE; k++) {
            if (s->a[k] == 0 && s->b[k] > 0)
                cov.top++;
            else if (s->a[k] > 0)
                cov.left++;
            else
                cov.neither++;
        }
        for (int k = 0; k < 3; k++)
            if (tri[i].x[k] == GUARD || tri[i].x[k] == -GUARD)
                cov.guard++;
    }

    char path[512], cpath[512];
    tb_out_paths(&o, "gx_raster_setup", cpath, sizeof cpath, path, sizeof path);

    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    timing_check(&rep);
    uint64_t n_got;
    uint64_t cycles = simulate(&o, cfg, tri, got, n, o.waves ? path : NULL, cpath, &n_got);
    tb_check(&rep, cycles != 0, "RTL stopped after %" PRIu64 " results: an assertion failed or "
             "the stream hung", n_got);
    for (uint64_t i = 0; i < n_got; i++) {
        if (gx_raster_setup_eq(&want[i], &got[i])) {
            tb_check(&rep, 1, "%s", "");
            continue;
        }
        char a[400], b[400];
        fmt(a, sizeof a, &want[i]);
        fmt(b, sizeof b, &got[i]);
        tb_check(&rep, 0, "triangle %" PRIu64 " (%d,%d) (%d,%d) (%d,%d) target %ux%u %s %u\n"
                 "  model %s\n  rtl   %s", i, tri[i].x[0], tri[i].y[0], tri[i].x[1], tri[i].y[1],
                 tri[i].x[2], tri[i].y[2], cfg[i].width, cfg[i].height,
                 cfg[i].conservative ? "conservative" : "msaa", cfg[i].cons_err, a, b);
    }
    int holes = cov_check(&cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_raster_setup: %" PRIu64 " triangles, %" PRIu64 " cycles with stalls\n", n, cycles);
    if (rep.failed && !o.waves) {
        printf("tb_raster_setup: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        simulate(&o, cfg, tri, got, n, path, NULL, &n_got);
    } else if (o.waves) {
        printf("tb_raster_setup: waveform %s\n", path);
    }
    free(cfg);
    free(tri);
    free(want);
    free(got);
    return tb_summary(&rep);
}
