/* tb_raster: cosimulation of gx_raster (RTL) against gx_raster_tri_groups (C model).
 *
 * State space covered, every run (N triangles, default 40,000; knob N), in batches of
 * 1..64 triangles that share a render state:
 *  - render state: target 1..8192 a side (mostly small, so the quad count stays
 *    bounded: a large target comes with triangles near its corner or with slivers),
 *    N = 1, 2, 4, 8, 16, pattern sets (N = 1, 2), conservative mode with E = 0..255;
 *  - the pattern table: the standard positions until the first write, then random
 *    writes between triangles (a write applies to every triangle after it), including
 *    positions on the pixel corner (0,0) and at (15,15);
 *  - triangles: generic, tiny (sub-pixel), huge (vertices at the guard band, +-2^22),
 *    slivers, vertices on sample points (multiples of 16) and on pixel and tile
 *    boundaries (multiples of 256, 2048, 4096), horizontal and vertical edges, both
 *    windings, zero area (segments and points, drawn in conservative mode only);
 *  - stalls: random gaps on the command valid and random back-pressure on the group
 *    ready; the profile changes every 50 commands.
 * Every quad group is compared with the model in every field, in order, and the count
 * must match. Functional bins (N x mode, pattern sets, classes in conservative mode,
 * table writes, empty triangles, coarse-tile rejects seen through the model) are
 * counted; a hole fails the run. Line, toggle and GX_COVER coverage of the RTL go to
 * build/coverage/gx_raster.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/raster.h"
#include "raster_rtl.h"
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

/* A render state; small targets mostly. */
static void gen_cfg(tb_rng_t *r, gx_rs_cfg_t *c)
{
    static const uint8_t ns[5] = {1, 2, 4, 8, 16};
    static const uint16_t sizes[] = {1, 2, 3, 7, 16, 17, 31, 32, 33, 48, 64, 100, 130};
    memset(c, 0, sizeof *c);
    if (tb_rng_pct(r, 8)) { /* one side large, the other tiny; or both at the limit */
        c->width = tb_rng_pct(r, 50) ? 8192 : (uint16_t)rnd_in(r, 1, 8192);
        c->height = (uint16_t)rnd_in(r, 1, 4);
        if (tb_rng_pct(r, 50)) {
            uint16_t t = c->width;
            c->width = c->height;
            c->height = t;
        }
        if (tb_rng_pct(r, 20))
            c->width = c->height = 8192;
    } else {
        c->width = tb_rng_pct(r, 60) ? sizes[tb_rng_below(r, 13)] : (uint16_t)rnd_in(r, 1, 140);
        c->height = tb_rng_pct(r, 60) ? sizes[tb_rng_below(r, 13)] : (uint16_t)rnd_in(r, 1, 140);
    }
    c->samples = ns[tb_rng_below(r, 5)];
    c->patternsets = (uint8_t)(c->samples <= 2 && tb_rng_pct(r, 40));
    c->conservative = (uint8_t)tb_rng_pct(r, 30);
    c->cons_err = (uint8_t)(tb_rng_pct(r, 20) ? 0 : tb_rng_pct(r, 20) ? 255 : tb_rng_below(r, 256));
}

/* A coordinate inside [lo, hi] of 16.8 units, on a grid of `grid` units. */
static int32_t on_grid(tb_rng_t *r, int32_t lo, int32_t hi, int32_t grid)
{
    return clampg((int64_t)grid * rnd_in(r, lo / grid - 1, hi / grid + 1));
}

static void gen_tri(tb_rng_t *r, const gx_rs_cfg_t *cfg, gx_rs_tri_t *t)
{
    int big = cfg->width > 200 || cfg->height > 200;
    /* with a large target, stay near a random point (the walk is bounded by the box) */
    int32_t w = (int32_t)cfg->width * 256, h = (int32_t)cfg->height * 256;
    int32_t ox = 0, oy = 0, sw = w, sh = h;
    if (big) {
        sw = w < 64 * 256 ? w : 64 * 256;
        sh = h < 64 * 256 ? h : 64 * 256;
        ox = rnd_in(r, -2048, w - sw + 2048);
        oy = rnd_in(r, -2048, h - sh + 2048);
    }
    unsigned kind = tb_rng_below(r, 10);
    for (int k = 0; k < 3; k++) {
        switch (kind) {
        case 0: /* huge: guard-band extremes; clamped to a small target it stays bounded */
            if (big) {
                t->x[k] = rnd_in(r, ox - 1024, ox + sw + 1024);
                t->y[k] = rnd_in(r, oy - 1024, oy + sh + 1024);
            } else {
                t->x[k] = tb_rng_pct(r, 50) ? (tb_rng_pct(r, 50) ? GUARD : -GUARD) : rnd_in(r, -GUARD, GUARD);
                t->y[k] = tb_rng_pct(r, 50) ? (tb_rng_pct(r, 50) ? GUARD : -GUARD) : rnd_in(r, -GUARD, GUARD);
            }
            break;
        case 1: /* tiny */
            t->x[k] = (k ? t->x[0] : ox + rnd_in(r, -512, sw + 512)) + (k ? rnd_in(r, -300, 300) : 0);
            t->y[k] = (k ? t->y[0] : oy + rnd_in(r, -512, sh + 512)) + (k ? rnd_in(r, -300, 300) : 0);
            break;
        case 2: /* on sample points */
            t->x[k] = ox + on_grid(r, 0, sw, 16);
            t->y[k] = oy + on_grid(r, 0, sh, 16);
            break;
        case 3: { /* on pixel / fine / coarse tile boundaries */
            static const int32_t grids[3] = {256, 2048, 4096};
            int32_t g = grids[tb_rng_below(r, 3)];
            t->x[k] = ox - ox % 4096 + on_grid(r, 0, sw, g);
            t->y[k] = oy - oy % 4096 + on_grid(r, 0, sh, g);
            break;
        }
        default: /* generic, around the visible window */
            t->x[k] = ox + rnd_in(r, -sw / 4 - 1024, sw + sw / 4 + 1024);
            t->y[k] = oy + rnd_in(r, -sh / 4 - 1024, sh + sh / 4 + 1024);
            break;
        }
        t->x[k] = clampg(t->x[k]);
        t->y[k] = clampg(t->y[k]);
    }
    switch (tb_rng_below(r, 10)) {
    case 0: /* horizontal edge */
        t->y[1] = t->y[0];
        break;
    case 1: /* vertical edge */
        t->x[2] = t->x[1];
        break;
    case 2: /* sliver: third vertex near edge 0's midpoint */
        t->x[2] = clampg(((int64_t)t->x[0] + t->x[1]) / 2 + rnd_in(r, -3, 3));
        t->y[2] = clampg(((int64_t)t->y[0] + t->y[1]) / 2 + rnd_in(r, -3, 3));
        break;
    case 3: { /* collinear: a segment */
        int32_t d = rnd_in(r, -3, 3);
        t->x[2] = clampg(t->x[0] + (int64_t)d * (((int64_t)t->x[1] - t->x[0]) / 4));
        t->y[2] = clampg(t->y[0] + (int64_t)d * (((int64_t)t->y[1] - t->y[0]) / 4));
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

static void gen_table(tb_rng_t *r, gx_rs_table_t *t)
{
    for (unsigned s = 0; s < GX_PATTERN_SLOTS; s++) {
        unsigned k = tb_rng_below(r, 10);
        t->slot[s] = (uint8_t)(k == 0 ? 0x00 : k == 1 ? 0xff : tb_rng_below(r, 256));
    }
}

/* Expected groups, appended. */
typedef struct glist {
    gx_rs_group_t *g;
    size_t n, cap;
} glist_t;

static void push(void *ctx, const gx_rs_group_t *g)
{
    glist_t *l = ctx;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 4096;
        gx_rs_group_t *p = realloc(l->g, cap * sizeof *p);
        if (!p) {
            fprintf(stderr, "tb_raster: out of memory\n");
            exit(2);
        }
        l->g = p;
        l->cap = cap;
    }
    l->g[l->n++] = *g;
}

typedef struct cov {
    uint64_t msaa[5][2];     /* N, pattern sets: triangles with output */
    uint64_t cons[3];        /* class in conservative mode, with output */
    uint64_t writes, empty, skipped_tiles, lanes_partial, stalls_seen;
} cov_t;

static int cov_check(const cov_t *c)
{
    int holes = 0;
    static const unsigned ns[5] = {1, 2, 4, 8, 16};
    for (int i = 0; i < 5; i++)
        for (int p = 0; p < 2; p++)
            if (!c->msaa[i][p] && !(p && i >= 2)) {
                printf("COVERAGE HOLE: N=%u patternsets=%d never drew\n", ns[i], p);
                holes++;
            }
    static const char *cn[3] = {"triangle", "segment", "point"};
    for (int k = 0; k < 3; k++)
        if (!c->cons[k]) {
            printf("COVERAGE HOLE: conservative %s never drew\n", cn[k]);
            holes++;
        }
    const uint64_t *v[] = {&c->writes, &c->empty, &c->skipped_tiles, &c->lanes_partial};
    static const char *vn[] = {"table write", "empty triangle", "coarse tile without coverage",
                               "group with some lanes empty"};
    for (int i = 0; i < 4; i++)
        if (!*v[i]) {
            printf("COVERAGE HOLE: %s never seen\n", vn[i]);
            holes++;
        }
    return holes;
}

static void fmt_group(char *buf, size_t len, const gx_rs_group_t *g)
{
    int o = snprintf(buf, len, "tag %u q (%u,%u) valid %x masks", g->tag, g->qx, g->qy, g->valid);
    for (unsigned l = 0; l < GX_RASTER_LANES && o > 0 && (size_t)o < len; l++)
        o += snprintf(buf + o, len - (size_t)o, " %04x.%04x.%04x.%04x", g->mask[l][0],
                      g->mask[l][1], g->mask[l][2], g->mask[l][3]);
}

static uint64_t simulate(const tb_opts_t *o, const gx_rs_cmd_t *cmd, uint64_t n,
                         gx_rs_group_t *got, uint64_t max, const char *fst, const char *cov,
                         uint64_t *n_got)
{
    tb_rng_t stall_rng;
    tb_rng_seed_stalls(&stall_rng, o);
    void *m = gx_raster_rtl_new(fst);
    uint64_t cycles = gx_raster_rtl_run(m, cmd, n, got, max, &stall_rng, 1, 50, n_got);
    gx_raster_rtl_free(m, cov);
    return cycles;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_raster", 40000);
    printf("tb_raster: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    tb_rng_t r;
    tb_rng_seed(&r, o.seed);
    uint64_t ntri = o.n ? o.n : 1;
    /* commands: triangles plus table writes */
    uint64_t cap = 2 * ntri + 8, n = 0;
    gx_rs_cmd_t *cmd = calloc(cap, sizeof *cmd);
    gx_rs_table_t *tables = calloc(cap, sizeof *tables);
    uint64_t *first_group = calloc(cap + 1, sizeof *first_group);
    glist_t want = {0};
    cov_t cov;
    memset(&cov, 0, sizeof cov);
    if (!cmd || !tables || !first_group) {
        fprintf(stderr, "tb_raster: out of memory\n");
        return 2;
    }
    int prog = 0;               /* the table has been written */
    gx_rs_table_t cur;          /* its contents */
    memset(&cur, 0, sizeof cur);
    gx_rs_cfg_t cfg;
    gen_cfg(&r, &cfg);
    unsigned left = 0;
    for (uint64_t t = 0; t < ntri; t++) {
        if (left == 0) {
            gen_cfg(&r, &cfg);
            left = 1 + tb_rng_below(&r, 64);
        }
        left--;
        if (tb_rng_pct(&r, t < ntri / 3 ? 0 : 4)) { /* the first third: standard positions */
            gen_table(&r, &tables[n]);
            if (tb_rng_pct(&r, 25))
                gx_raster_default_table(cfg.samples, &tables[n]);
            cur = tables[n];
            prog = 1;
            cmd[n].table = &tables[n];
            first_group[n] = want.n;
            n++;
            cov.writes++;
        }
        gx_rs_tri_t tri;
        gen_tri(&r, &cfg, &tri);
        gx_rs_cmd_t *c = &cmd[n];
        c->cfg = cfg;
        c->tag = (uint16_t)(t * 2654435761u >> 7);
        gx_raster_setup(&cfg, &tri, &c->setup);
        gx_rs_table_t deftab;
        gx_raster_default_table(cfg.samples, &deftab);
        first_group[n] = want.n;
        size_t before = want.n;
        gx_raster_tri_groups(&cfg, prog ? &cur : &deftab, &c->setup, GX_RASTER_LANES, c->tag,
                             push, &want);
        n++;
        if (want.n == before) {
            cov.empty++;
        } else if (cfg.conservative) {
            cov.cons[c->setup.cls]++;
        } else {
            unsigned li = cfg.samples == 1 ? 0 : cfg.samples == 2 ? 1 : cfg.samples == 4 ? 2
                        : cfg.samples == 8 ? 3 : 4;
            cov.msaa[li][cfg.patternsets]++;
        }
        for (size_t j = before; j < want.n; j++)
            if (want.g[j].valid != 0xf)
                cov.lanes_partial++;
        /* coarse tiles in the range without a group: the corner test can skip them */
        if (c->setup.px0 <= c->setup.px1) {
            uint64_t tiles = (uint64_t)((c->setup.px1 >> 4) - (c->setup.px0 >> 4) + 1) *
                             (uint64_t)((c->setup.py1 >> 4) - (c->setup.py0 >> 4) + 1);
            uint64_t with = 0;
            uint32_t last = UINT32_MAX;
            for (size_t j = before; j < want.n; j++) {
                uint32_t key = (uint32_t)(want.g[j].qy >> 3) << 16 | (uint32_t)(want.g[j].qx >> 3);
                if (key != last)
                    with++;
                last = key;
            }
            if (with < tiles)
                cov.skipped_tiles++;
        }
    }
    first_group[n] = want.n;

    char path[512], cpath[512];
    tb_out_paths(&o, "gx_raster", cpath, sizeof cpath, path, sizeof path);

    uint64_t max = want.n + 16;
    gx_rs_group_t *got = calloc(max, sizeof *got);
    if (!got) {
        fprintf(stderr, "tb_raster: out of memory\n");
        return 2;
    }
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    uint64_t n_got;
    uint64_t cycles = simulate(&o, cmd, n, got, max, o.waves ? path : NULL, cpath, &n_got);
    tb_check(&rep, cycles != 0, "RTL stopped after %" PRIu64 " groups: an assertion failed or "
             "the stream hung", n_got);
    tb_check(&rep, n_got == want.n, "RTL produced %" PRIu64 " groups, the model %zu", n_got,
             want.n);
    uint64_t ci = 0;
    for (uint64_t i = 0; i < n_got && i < want.n; i++) {
        while (ci < n && first_group[ci + 1] <= i)
            ci++;
        if (gx_rs_group_eq(&want.g[i], &got[i])) {
            tb_check(&rep, 1, "%s", "");
            continue;
        }
        char a[300], b[300];
        fmt_group(a, sizeof a, &want.g[i]);
        fmt_group(b, sizeof b, &got[i]);
        const gx_rs_cmd_t *c = &cmd[ci];
        tb_check(&rep, 0, "group %" PRIu64 " (command %" PRIu64 ": N=%u sets=%u cons=%u E=%u "
                 "range %d..%d x %d..%d cls %d)\n  model %s\n  rtl   %s", i, ci, c->cfg.samples,
                 c->cfg.patternsets, c->cfg.conservative, c->cfg.cons_err, c->setup.px0,
                 c->setup.px1, c->setup.py0, c->setup.py1, (int)c->setup.cls, a, b);
    }
    int holes = cov_check(&cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_raster: %" PRIu64 " triangles, %" PRIu64 " table writes, %zu groups, %" PRIu64
           " cycles with stalls\n", ntri, cov.writes, want.n, cycles);
    if (rep.failed && !o.waves) {
        printf("tb_raster: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        simulate(&o, cmd, n, got, max, path, NULL, &n_got);
    } else if (o.waves) {
        printf("tb_raster: waveform %s\n", path);
    }
    free(cmd);
    free(tables);
    free(first_group);
    free(want.g);
    free(got);
    return tb_summary(&rep);
}
