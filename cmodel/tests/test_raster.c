/* test_raster: unit tests of the setup unit and rasterizer golden model (also built with
 * ASan/UBSan), against an oracle written independently from the rules (issue 3), not from
 * cmodel/src/raster.c.
 *
 * The oracle, and how it differs from the model's edge-equation formulation:
 *   MSAA: orientation from the signed area of the vertex triple; a sample is covered when,
 *     for each edge P->Q with third vertex R, cross(Q-P, S-P) has the sign of
 *     cross(Q-P, R-P), or is 0 and the edge is a top edge (P.y == Q.y, R.y > P.y) or a
 *     left edge (P.y != Q.y, R right of the line P-Q at R's height). Zero area: nothing.
 *   Conservative: an exact closed square-vs-closed-triangle intersection test in integer
 *     1/256-pixel units: a vertex in the grown square, or a square corner in the closed
 *     triangle, or a triangle edge meeting a square side (closed segment intersection).
 *     A zero-area triangle is the union of its three edges, which is the closed segment
 *     between its extreme vertices (or the point).
 *   Sample slots: the slot formulas of the rules; default positions from the D3D list.
 *
 * Covers:
 *   - API: gx_raster_default_table and gx_raster_slot for every N and pattern-set setting;
 *     gx_raster_cfg_ok / gx_raster_tri_ok ranges (E = 256 is not representable: cons_err
 *     is a uint8_t).
 *   - Directed, hand-computed: right triangles whose hypotenuse runs through sample
 *     points (left / right edge), a top edge and a bottom edge through a row of samples,
 *     vertices on samples, every vertex order (both windings); conservative triangle,
 *     point and segment cases at E boundaries; guard-band-corner triangles.
 *   - Random (seeded xorshift, SEED env overrides): 6000 triangles of classes generic,
 *     huge (guard band, clipped), tiny, sliver, on the sample grid, on pixel / tile
 *     boundaries, horizontal / vertical edges, zero area, medium, on the sides of grown
 *     conservative squares (256 m +- E); random vertex order;
 *     targets 1..64 and large / thin targets up to 8192; every N, default and random
 *     tables, pattern sets, conservative with E in 0..255. For each: setup fields
 *     (class, winding, bounding box, edge equations and top-left flags, pixel range
 *     inside the target), gx_raster_pixel against the oracle on the whole target (or a
 *     window around the triangle that includes a ring of empty pixels), pixels outside
 *     the target read 0, and gx_raster_tri emits exactly the quads with coverage, once
 *     each, masks equal to gx_raster_pixel and the oracle (0 outside the target), in
 *     traversal order (coarse 16x16 tiles row by row, fine 8x8 tiles, quads: the key
 *     (coarse row, coarse col, fine index, quad index) strictly increases).
 *   - Shared edges: random meshes over a rectangle (grid with jittered interior vertices,
 *     random diagonals, random windings; horizontal, vertical and diagonal shared edges)
 *     cover each sample exactly once inside the half-open rectangle and never outside;
 *     random convex quads split in two (also along horizontal / vertical diagonals)
 *     cover each sample at most once and exactly once strictly inside.
 *   - Conservative: a triangle's conservative pixels contain its MSAA pixels, for every
 *     E; E1 < E2 => produced(E1) is a subset of produced(E2).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gx/raster.h"

#define GB ((int64_t)GX_GUARD_BAND_PX * 256) /* guard band, 1/256 pixel */
#define FULL_LIMIT (1u << 17) /* targets with at most this many pixels are checked whole */

/* The standard positions, (x, y) in 1/16 pixel: N = n starts at index n - 1. */
static const uint8_t def_pos[31][2] = {
    {8, 8},                                                             /* 1x */
    {12, 12}, {4, 4},                                                   /* 2x */
    {6, 2}, {14, 6}, {2, 10}, {10, 14},                                 /* 4x */
    {9, 5}, {7, 11}, {13, 9}, {5, 3}, {3, 13}, {1, 7}, {11, 15}, {15, 1}, /* 8x */
    {9, 9}, {7, 5}, {5, 10}, {12, 7}, {3, 6}, {10, 13}, {13, 11}, {11, 3}, /* 16x */
    {6, 14}, {8, 1}, {4, 2}, {2, 12}, {0, 8}, {15, 4}, {14, 15}, {1, 0},
};
static const unsigned spp_list[5] = {1, 2, 4, 8, 16};
/* the six vertex orders */
static const unsigned perms[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                     {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};

/* ------------------------------------------------------------------------------------ */
/* Reporting. */

typedef struct test_case {
    const char *what;
    unsigned id;
    gx_rs_cfg_t cfg;
    gx_rs_table_t tab;
    int deftab; /* table is the default one for cfg.samples */
    gx_rs_tri_t tri;
} test_case_t;

static void print_case(const test_case_t *c)
{
    printf("  case %s #%u: target %ux%u N=%u psets=%u cons=%u E=%u tri (%" PRId32 ",%" PRId32
           ") (%" PRId32 ",%" PRId32 ") (%" PRId32 ",%" PRId32 ")",
           c->what, c->id, c->cfg.width, c->cfg.height, c->cfg.samples, c->cfg.patternsets,
           c->cfg.conservative, c->cfg.cons_err, c->tri.x[0], c->tri.y[0], c->tri.x[1],
           c->tri.y[1], c->tri.x[2], c->tri.y[2]);
    if (c->deftab) {
        printf(" table default\n");
    } else {
        printf(" table");
        for (unsigned k = 0; k < GX_PATTERN_SLOTS; k++)
            printf(" %02x", c->tab.slot[k]);
        printf("\n");
    }
}

__attribute__((format(printf, 3, 4))) static int note(int ok, const test_case_t *c,
                                                      const char *fmt, ...)
{
    if (ok) {
        passed++;
        return 1;
    }
    failed++;
    if (failed <= 20) {
        va_list ap;
        va_start(ap, fmt);
        printf("FAIL ");
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
        if (c)
            print_case(c);
    }
    return 0;
}

/* ------------------------------------------------------------------------------------ */
/* Random numbers: xorshift64. */

typedef struct rng {
    uint64_t s;
} rng_t;

static uint64_t rnext(rng_t *r)
{
    uint64_t x = r->s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    r->s = x;
    return x;
}

/* uniform in [lo, hi] */
static int64_t rr(rng_t *r, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rnext(r) % (uint64_t)(hi - lo + 1));
}

static int64_t floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int32_t clampgb(int64_t v)
{
    return (int32_t)(v < -GB ? -GB : v > GB ? GB : v);
}

static int64_t snapq(int64_t v, int64_t q)
{
    return floordiv(v, q) * q;
}

static int64_t mini(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static int64_t maxi(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

/* ------------------------------------------------------------------------------------ */
/* The oracle. */

static unsigned ref_slot(unsigned n, unsigned psets, uint32_t px, uint32_t py, unsigned i)
{
    if (n == 16)
        return i;
    if (n == 8)
        return (px & 1u) * 8u + i;
    unsigned inquad = ((py & 1u) * 2u + (px & 1u)) * n + i;
    if (psets && (n == 1 || n == 2)) {
        unsigned sets = 16u / (4u * n);
        unsigned set = (unsigned)((((uint64_t)px >> 1) + ((uint64_t)py >> 1)) % sets);
        return 4u * n * set + inquad;
    }
    return inquad;
}

static void ref_default_table(unsigned n, gx_rs_table_t *t)
{
    for (unsigned s = 0; s < GX_PATTERN_SLOTS; s++) {
        const uint8_t *p = def_pos[n - 1 + s % n];
        t->slot[s] = (uint8_t)(p[0] << 4 | p[1]);
    }
}

/* cross(B - A, C - A) */
static int64_t cross3(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy)
{
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

static int sgn(int64_t v)
{
    return (v > 0) - (v < 0);
}

typedef struct ref_tri {
    int64_t x[3], y[3];
    int64_t area;    /* cross(v1 - v0, v2 - v0) */
    int64_t side[3]; /* cross(edge k, third vertex - start of edge k) */
    int incl[3];     /* edge k (vertex k to k+1) is a top or a left edge */
    int top[3], left[3];
} ref_tri_t;

static void ref_prepare(ref_tri_t *t, const gx_rs_tri_t *tri)
{
    for (unsigned k = 0; k < 3; k++) {
        t->x[k] = tri->x[k];
        t->y[k] = tri->y[k];
    }
    t->area = cross3(t->x[0], t->y[0], t->x[1], t->y[1], t->x[2], t->y[2]);
    for (unsigned k = 0; k < 3; k++) {
        unsigned q = (k + 1) % 3, o = (k + 2) % 3;
        int64_t px = t->x[k], py = t->y[k], qx = t->x[q], qy = t->y[q];
        int64_t rx = t->x[o], ry = t->y[o];
        t->side[k] = cross3(px, py, qx, qy, rx, ry);
        /* top: horizontal with the triangle below (larger y, y down) */
        t->top[k] = t->area != 0 && py == qy && ry > py;
        /* left: not horizontal, R right of the line at height ry: the line's x there is
         * px + (qx-px)(ry-py)/(qy-py); rx > it <=> v * sign(qy-py) > 0 */
        int64_t v = (rx - px) * (qy - py) - (qx - px) * (ry - py);
        t->left[k] = t->area != 0 && py != qy && (qy > py ? v > 0 : v < 0);
        t->incl[k] = t->top[k] || t->left[k];
    }
}

static int ref_covered(const ref_tri_t *t, int64_t sx, int64_t sy)
{
    if (t->area == 0)
        return 0;
    for (unsigned k = 0; k < 3; k++) {
        unsigned q = (k + 1) % 3;
        int64_t e = cross3(t->x[k], t->y[k], t->x[q], t->y[q], sx, sy);
        if (e == 0) {
            if (!t->incl[k])
                return 0;
        } else if ((e > 0) != (t->side[k] > 0)) {
            return 0;
        }
    }
    return 1;
}

/* c lies in the bounding box of segment a-b (used when c is on the line a-b) */
static int in_segbox(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy)
{
    return mini(ax, bx) <= cx && cx <= maxi(ax, bx) && mini(ay, by) <= cy &&
           cy <= maxi(ay, by);
}

/* closed segments a-b and c-d meet (either may be a single point) */
static int seg_meet(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy,
                    int64_t dx, int64_t dy)
{
    int o1 = sgn(cross3(ax, ay, bx, by, cx, cy)), o2 = sgn(cross3(ax, ay, bx, by, dx, dy));
    int o3 = sgn(cross3(cx, cy, dx, dy, ax, ay)), o4 = sgn(cross3(cx, cy, dx, dy, bx, by));
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return 1;
    if (o1 == 0 && in_segbox(ax, ay, bx, by, cx, cy))
        return 1;
    if (o2 == 0 && in_segbox(ax, ay, bx, by, dx, dy))
        return 1;
    if (o3 == 0 && in_segbox(cx, cy, dx, dy, ax, ay))
        return 1;
    if (o4 == 0 && in_segbox(cx, cy, dx, dy, bx, by))
        return 1;
    return 0;
}

/* the closed square [x0,x1] x [y0,y1] meets the closed triangle / segment / point */
static int ref_cons(const ref_tri_t *t, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    for (unsigned k = 0; k < 3; k++)
        if (x0 <= t->x[k] && t->x[k] <= x1 && y0 <= t->y[k] && t->y[k] <= y1)
            return 1;
    const int64_t cx[4] = {x0, x1, x1, x0}, cy[4] = {y0, y0, y1, y1};
    if (t->area != 0)
        for (unsigned j = 0; j < 4; j++) {
            int in = 1;
            for (unsigned k = 0; k < 3 && in; k++) {
                unsigned q = (k + 1) % 3;
                int64_t e = cross3(t->x[k], t->y[k], t->x[q], t->y[q], cx[j], cy[j]);
                if (e != 0 && (e > 0) != (t->area > 0))
                    in = 0;
            }
            if (in)
                return 1;
        }
    for (unsigned k = 0; k < 3; k++) {
        unsigned q = (k + 1) % 3;
        for (unsigned j = 0; j < 4; j++) {
            unsigned j1 = (j + 1) % 4;
            if (seg_meet(t->x[k], t->y[k], t->x[q], t->y[q], cx[j], cy[j], cx[j1], cy[j1]))
                return 1;
        }
    }
    return 0;
}

static void sample_pos(const gx_rs_cfg_t *cfg, const gx_rs_table_t *tab, uint32_t px,
                       uint32_t py, unsigned i, int64_t *sx, int64_t *sy)
{
    uint8_t v = tab->slot[ref_slot(cfg->samples, cfg->patternsets, px, py, i)];
    *sx = 256 * (int64_t)px + 16 * (v >> 4);
    *sy = 256 * (int64_t)py + 16 * (v & 15);
}

static uint16_t ref_pixel(const gx_rs_cfg_t *cfg, const gx_rs_table_t *tab,
                          const ref_tri_t *t, uint32_t px, uint32_t py)
{
    if (px >= cfg->width || py >= cfg->height)
        return 0;
    if (cfg->conservative) {
        int64_t e = cfg->cons_err;
        return (uint16_t)ref_cons(t, 256 * (int64_t)px - e, 256 * (int64_t)py - e,
                                  256 * (int64_t)px + 256 + e, 256 * (int64_t)py + 256 + e);
    }
    uint16_t m = 0;
    for (unsigned i = 0; i < cfg->samples; i++) {
        int64_t sx, sy;
        sample_pos(cfg, tab, px, py, i, &sx, &sy);
        if (ref_covered(t, sx, sy))
            m |= (uint16_t)(1u << i);
    }
    return m;
}

/* ------------------------------------------------------------------------------------ */
/* The model under test: setup, per-pixel coverage, traversal. */

typedef struct qlist {
    gx_rs_quad_t *q;
    size_t n, cap;
    uint64_t calls;
} qlist_t;

static void emit_cb(void *ctx, const gx_rs_quad_t *quad)
{
    qlist_t *l = ctx;
    l->calls++;
    if (l->n == l->cap) {
        if (l->cap >= ((size_t)1 << 24))
            return; /* runaway: stop storing */
        size_t cap = l->cap ? 2 * l->cap : 256;
        gx_rs_quad_t *q = realloc(l->q, cap * sizeof *q);
        if (!q) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        l->q = q;
        l->cap = cap;
    }
    l->q[l->n++] = *quad;
}

typedef struct glist {
    gx_rs_group_t *g;
    size_t n, cap;
} glist_t;

static void gemit_cb(void *ctx, const gx_rs_group_t *g)
{
    glist_t *l = ctx;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        gx_rs_group_t *q = realloc(l->g, cap * sizeof *q);
        if (!q) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        l->g = q;
        l->cap = cap;
    }
    l->g[l->n++] = *g;
}

static uint64_t quad_key(uint32_t qx, uint32_t qy)
{
    uint64_t crow = qy >> 3, ccol = qx >> 3;
    uint64_t fine = ((qy >> 2) & 1u) * 2u + ((qx >> 2) & 1u);
    uint64_t quad = (qy & 3u) * 4u + (qx & 3u);
    return ((crow * 65536u + ccol) * 4u + fine) * 16u + quad;
}

static void explain_pixel(const test_case_t *c, const ref_tri_t *t, uint32_t px, uint32_t py,
                          uint16_t want, uint16_t got)
{
    if (failed > 20)
        return;
    printf("  pixel (%" PRIu32 ",%" PRIu32 ") want %04x got %04x", px, py, want, got);
    if (!c->cfg.conservative) {
        uint16_t d = want ^ got;
        for (unsigned i = 0; i < c->cfg.samples; i++)
            if ((d >> i) & 1u) {
                int64_t sx, sy;
                sample_pos(&c->cfg, &c->tab, px, py, i, &sx, &sy);
                printf("; sample %u at (%" PRId64 ",%" PRId64 ") edges", i, sx, sy);
                for (unsigned k = 0; k < 3; k++) {
                    unsigned q = (k + 1) % 3;
                    printf(" %" PRId64 "%s", cross3(t->x[k], t->y[k], t->x[q], t->y[q], sx, sy),
                           t->top[k] ? "T" : t->left[k] ? "L" : "");
                }
                printf(" (area %" PRId64 ")", t->area);
                break;
            }
    }
    printf("\n");
}

/* Setup fields the header defines. */
static void check_setup(const test_case_t *c, const ref_tri_t *t, const gx_rs_setup_t *s)
{
    int all_eq = t->x[0] == t->x[1] && t->x[1] == t->x[2] && t->y[0] == t->y[1] &&
                 t->y[1] == t->y[2];
    gx_rs_class_t cls = t->area != 0 ? GX_RS_TRIANGLE : all_eq ? GX_RS_POINT : GX_RS_SEGMENT;
    note(s->cls == cls, c, "setup class %d want %d", (int)s->cls, (int)cls);
    note(s->ccw == (t->area < 0), c, "setup ccw %u want %d", s->ccw, t->area < 0);
    int64_t bx0 = mini(t->x[0], mini(t->x[1], t->x[2])), bx1 = maxi(t->x[0], maxi(t->x[1], t->x[2]));
    int64_t by0 = mini(t->y[0], mini(t->y[1], t->y[2])), by1 = maxi(t->y[0], maxi(t->y[1], t->y[2]));
    note(s->bx0 == bx0 && s->bx1 == bx1 && s->by0 == by0 && s->by1 == by1, c,
         "setup bbox (%" PRId32 ",%" PRId32 ")-(%" PRId32 ",%" PRId32 ") want (%" PRId64
         ",%" PRId64 ")-(%" PRId64 ",%" PRId64 ")",
         s->bx0, s->by0, s->bx1, s->by1, bx0, by0, bx1, by1);
    if (cls == GX_RS_TRIANGLE) {
        int ok = 1, okincl = 1;
        int64_t sg = t->area < 0 ? -1 : 1;
        for (unsigned k = 0; k < 3; k++) {
            unsigned q = (k + 1) % 3;
            int64_t a = sg * (t->y[k] - t->y[q]), b = sg * (t->x[q] - t->x[k]);
            int64_t cc = sg * (t->x[k] * t->y[q] - t->x[q] * t->y[k]);
            if (s->a[k] != a || s->b[k] != b || s->c[k] != cc)
                ok = 0;
            if ((s->incl[k] != 0) != t->incl[k])
                okincl = 0;
        }
        note(ok, c, "setup edge equations");
        note(okincl, c, "setup incl %u%u%u want %d%d%d", s->incl[0], s->incl[1], s->incl[2],
             t->incl[0], t->incl[1], t->incl[2]);
    }
    int nonempty = s->px0 <= s->px1 && s->py0 <= s->py1;
    note(!nonempty || (s->px0 >= 0 && s->py0 >= 0 && s->px1 < (int32_t)c->cfg.width &&
                       s->py1 < (int32_t)c->cfg.height),
         c, "setup pixel range (%" PRId32 ",%" PRId32 ")-(%" PRId32 ",%" PRId32
            ") outside the target",
         s->px0, s->py0, s->px1, s->py1);
}

/* Region of pixels compared with the oracle (inclusive); all pixels with coverage lie in
 * it: the whole target, or the triangle's pixels grown by 2 (a ring of empty pixels). */
typedef struct region {
    int64_t x0, y0, x1, y1;
} region_t;

static region_t case_region(const test_case_t *c, const ref_tri_t *t)
{
    region_t g = {0, 0, (int64_t)c->cfg.width - 1, (int64_t)c->cfg.height - 1};
    if ((uint64_t)c->cfg.width * c->cfg.height <= FULL_LIMIT)
        return g;
    int64_t bx0 = mini(t->x[0], mini(t->x[1], t->x[2])), bx1 = maxi(t->x[0], maxi(t->x[1], t->x[2]));
    int64_t by0 = mini(t->y[0], mini(t->y[1], t->y[2])), by1 = maxi(t->y[0], maxi(t->y[1], t->y[2]));
    g.x0 = maxi(g.x0, floordiv(bx0, 256) - 2);
    g.x1 = mini(g.x1, floordiv(bx1, 256) + 2);
    g.y0 = maxi(g.y0, floordiv(by0, 256) - 2);
    g.y1 = mini(g.y1, floordiv(by1, 256) + 2);
    return g;
}

/* The full check of one case. Returns 1 when everything matched. */
static int run_case(const test_case_t *c)
{
    const gx_rs_cfg_t *cfg = &c->cfg;
    const gx_rs_table_t *tab = &c->tab;
    unsigned failed0 = failed;
    note(gx_raster_cfg_ok(cfg) == 1, c, "cfg_ok rejected a valid render state");
    note(gx_raster_tri_ok(&c->tri) == 1, c, "tri_ok rejected a guard-band triangle");
    ref_tri_t t;
    ref_prepare(&t, &c->tri);
    gx_rs_setup_t s;
    memset(&s, 0xa5, sizeof s);
    gx_raster_setup(cfg, &c->tri, &s);
    check_setup(c, &t, &s);

    region_t g = case_region(c, &t);
    int64_t rw = g.x1 - g.x0 + 1, rh = g.y1 - g.y0 + 1;
    if (rw < 0)
        rw = 0;
    if (rh < 0)
        rh = 0;
    uint16_t *want = calloc((size_t)(rw * rh) + 1, sizeof *want);
    if (!want) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    /* gx_raster_pixel against the oracle */
    uint64_t bad = 0;
    uint32_t bpx = 0, bpy = 0;
    uint16_t bw = 0, bg = 0;
    for (int64_t py = g.y0; py <= g.y1; py++)
        for (int64_t px = g.x0; px <= g.x1; px++) {
            uint16_t w = ref_pixel(cfg, tab, &t, (uint32_t)px, (uint32_t)py);
            uint16_t gt = gx_raster_pixel(cfg, tab, &s, (uint32_t)px, (uint32_t)py);
            want[(py - g.y0) * rw + (px - g.x0)] = w;
            if (w != gt && bad++ == 0) {
                bpx = (uint32_t)px;
                bpy = (uint32_t)py;
                bw = w;
                bg = gt;
            }
        }
    if (!note(bad == 0, c, "gx_raster_pixel: %" PRIu64 " pixels differ from the oracle", bad))
        explain_pixel(c, &t, bpx, bpy, bw, bg);

    /* pixels outside the target read 0 */
    {
        uint64_t nz = 0;
        uint32_t W = cfg->width, H = cfg->height;
        for (int64_t py = g.y0; py <= g.y1; py++)
            for (uint32_t d = 0; d < 3; d++)
                nz += gx_raster_pixel(cfg, tab, &s, W + d, (uint32_t)py) != 0;
        for (int64_t px = g.x0; px <= g.x1; px++)
            for (uint32_t d = 0; d < 3; d++)
                nz += gx_raster_pixel(cfg, tab, &s, (uint32_t)px, H + d) != 0;
        nz += gx_raster_pixel(cfg, tab, &s, W, H) != 0;
        nz += gx_raster_pixel(cfg, tab, &s, W + 4096u, 0) != 0;
        nz += gx_raster_pixel(cfg, tab, &s, 0, H + 4096u) != 0;
        nz += gx_raster_pixel(cfg, tab, &s, 65535u, 65535u) != 0;
        note(nz == 0, c, "gx_raster_pixel: %" PRIu64 " pixels outside the target nonzero", nz);
    }

    /* gx_raster_tri: exact quad set, masks, order */
    qlist_t L = {0};
    uint64_t ret = gx_raster_tri(cfg, tab, &s, emit_cb, &L);
    note(ret == L.calls, c, "gx_raster_tri returned %" PRIu64 " after %" PRIu64 " emits", ret,
         L.calls);
    int64_t qx0 = g.x0 >> 1, qy0 = g.y0 >> 1, qx1 = g.x1 >> 1, qy1 = g.y1 >> 1;
    int64_t qw = qx1 - qx0 + 1, qh = qy1 - qy0 + 1;
    if (rw == 0 || rh == 0)
        qw = qh = 0;
    uint8_t *seen = calloc((size_t)(qw * qh) + 1, 1);
    if (!seen) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    uint64_t order_bad = 0, mask_bad = 0, empty = 0, outside = 0, dup = 0;
    size_t first_order = 0, first_mask = 0, first_empty = 0;
    unsigned mk = 0;
    uint16_t mw = 0, mg = 0, mp = 0;
    for (size_t j = 0; j < L.n; j++) {
        const gx_rs_quad_t *q = &L.q[j];
        if (j > 0 && quad_key(q->qx, q->qy) <= quad_key(L.q[j - 1].qx, L.q[j - 1].qy) &&
            order_bad++ == 0)
            first_order = j;
        int any = 0;
        for (unsigned k = 0; k < 4; k++) {
            uint32_t px = 2u * q->qx + (k & 1u), py = 2u * q->qy + (k >> 1);
            uint16_t w;
            if ((int64_t)px >= g.x0 && (int64_t)px <= g.x1 && (int64_t)py >= g.y0 &&
                (int64_t)py <= g.y1)
                w = want[(py - g.y0) * rw + (px - g.x0)];
            else
                w = ref_pixel(cfg, tab, &t, px, py);
            uint16_t p = gx_raster_pixel(cfg, tab, &s, px, py);
            if ((q->mask[k] != w || q->mask[k] != p) && mask_bad++ == 0) {
                first_mask = j;
                mk = k;
                mw = w;
                mg = q->mask[k];
                mp = p;
            }
            any |= q->mask[k] != 0;
        }
        if (!any && empty++ == 0)
            first_empty = j;
        if (q->qx >= qx0 && q->qx <= qx1 && q->qy >= qy0 && q->qy <= qy1 && qw > 0) {
            uint8_t *sp = &seen[(q->qy - qy0) * qw + (q->qx - qx0)];
            if (*sp)
                dup++;
            *sp = 1;
        } else {
            outside++;
        }
    }
    uint64_t missing = 0;
    int64_t mqx = 0, mqy = 0;
    for (int64_t qy = qy0; qy <= qy1 && qw > 0; qy++)
        for (int64_t qx = qx0; qx <= qx1; qx++) {
            int any = 0;
            for (unsigned k = 0; k < 4 && !any; k++) {
                int64_t px = 2 * qx + (k & 1u), py = 2 * qy + (k >> 1);
                if (px >= g.x0 && px <= g.x1 && py >= g.y0 && py <= g.y1)
                    any = want[(py - g.y0) * rw + (px - g.x0)] != 0;
                else
                    any = ref_pixel(cfg, tab, &t, (uint32_t)px, (uint32_t)py) != 0;
            }
            if (any && !seen[(qy - qy0) * qw + (qx - qx0)] && missing++ == 0) {
                mqx = qx;
                mqy = qy;
            }
        }
    note(order_bad == 0, c, "gx_raster_tri: %" PRIu64 " quads out of traversal order, first #%zu (%u,%u) after (%u,%u)",
         order_bad, first_order, order_bad ? L.q[first_order].qx : 0,
         order_bad ? L.q[first_order].qy : 0, order_bad ? L.q[first_order - 1].qx : 0,
         order_bad ? L.q[first_order - 1].qy : 0);
    note(mask_bad == 0, c, "gx_raster_tri: %" PRIu64 " quad masks wrong, first quad (%u,%u) pixel %u: emitted %04x oracle %04x gx_raster_pixel %04x",
         mask_bad, mask_bad ? L.q[first_mask].qx : 0, mask_bad ? L.q[first_mask].qy : 0, mk,
         mg, mw, mp);
    note(empty == 0, c, "gx_raster_tri: %" PRIu64 " quads without coverage emitted, first (%u,%u)",
         empty, empty ? L.q[first_empty].qx : 0, empty ? L.q[first_empty].qy : 0);
    note(dup == 0, c, "gx_raster_tri: %" PRIu64 " quads emitted twice", dup);
    note(missing == 0, c, "gx_raster_tri: %" PRIu64 " quads with coverage not emitted, first (%" PRId64 ",%" PRId64 ")",
         missing, mqx, mqy);
    (void)outside; /* quads outside the region have no coverage: counted as empty */

    /* gx_raster_tri_groups: for every parallelism, the valid lanes in order are exactly
     * gx_raster_tri's quads; a group's lanes are side by side in one fine-tile quad row,
     * aligned to the parallelism; lanes without coverage read 0 */
    for (unsigned lanes = 1; lanes <= GX_RASTER_LANES; lanes *= 2) {
        glist_t G = {0};
        uint64_t gret = gx_raster_tri_groups(cfg, tab, &s, lanes, (uint16_t)(c->id * 7u), gemit_cb, &G);
        size_t qi = 0;
        uint64_t gbad = 0;
        for (size_t j = 0; j < G.n; j++) {
            const gx_rs_group_t *gr = &G.g[j];
            gbad += gr->valid == 0 || gr->valid >> lanes != 0 || gr->tag != (uint16_t)(c->id * 7u) ||
                    (gr->qx % 4u) % lanes != 0 || (gr->qx % 4u) + lanes > 4u;
            for (unsigned l = 0; l < GX_RASTER_LANES; l++) {
                int v = (gr->valid >> l) & 1;
                uint16_t any = 0;
                for (unsigned k = 0; k < 4; k++)
                    any |= gr->mask[l][k];
                gbad += (any != 0) != v;
                if (!v)
                    continue;
                if (qi >= L.n || L.q[qi].qx != gr->qx + l || L.q[qi].qy != gr->qy ||
                    memcmp(L.q[qi].mask, gr->mask[l], sizeof L.q[qi].mask) != 0)
                    gbad++;
                qi++;
            }
        }
        note(gbad == 0 && qi == L.n && gret == G.n, c,
             "gx_raster_tri_groups lanes %u: %" PRIu64 " bad groups, %zu of %zu quads", lanes,
             gbad, qi, L.n);
        free(G.g);
    }
    free(seen);
    free(L.q);
    free(want);
    return failed == failed0;
}

/* ------------------------------------------------------------------------------------ */
/* Section 3: API. */

static gx_rs_cfg_t mkcfg(unsigned w, unsigned h, unsigned n, unsigned psets, unsigned cons,
                         unsigned e)
{
    gx_rs_cfg_t c;
    memset(&c, 0, sizeof c);
    c.width = (uint16_t)w;
    c.height = (uint16_t)h;
    c.samples = (uint8_t)n;
    c.patternsets = (uint8_t)psets;
    c.conservative = (uint8_t)cons;
    c.cons_err = (uint8_t)e;
    return c;
}

static void test_api(void)
{
    /* default tables */
    for (unsigned ni = 0; ni < 5; ni++) {
        unsigned n = spp_list[ni];
        gx_rs_table_t got, want;
        memset(&got, 0x5a, sizeof got);
        gx_raster_default_table(n, &got);
        ref_default_table(n, &want);
        int ok = 1;
        unsigned bad = 0;
        for (unsigned s = 0; s < GX_PATTERN_SLOTS; s++)
            if (got.slot[s] != want.slot[s] && ok) {
                ok = 0;
                bad = s;
            }
        note(ok, NULL, "default table N=%u slot %u: %02x want %02x", n, bad, got.slot[bad],
             want.slot[bad]);
    }
    /* slots */
    static const uint32_t coords[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 4094, 4095, 4097,
                                      8190, 8191};
    const unsigned nc = sizeof coords / sizeof coords[0];
    for (unsigned ni = 0; ni < 5; ni++)
        for (unsigned ps = 0; ps < 2; ps++) {
            unsigned n = spp_list[ni];
            if (ps && n > 2)
                continue;
            gx_rs_cfg_t cfg = mkcfg(8192, 8192, n, ps, 0, 0);
            unsigned bad = 0;
            uint32_t bx = 0, by = 0, bi = 0, bg = 0, bw = 0;
            for (unsigned a = 0; a < nc; a++)
                for (unsigned b = 0; b < nc; b++)
                    for (unsigned i = 0; i < n; i++) {
                        unsigned g = gx_raster_slot(&cfg, coords[a], coords[b], i);
                        unsigned w = ref_slot(n, ps, coords[a], coords[b], i);
                        if (g != w && bad++ == 0) {
                            bx = coords[a];
                            by = coords[b];
                            bi = i;
                            bg = g;
                            bw = w;
                        }
                    }
            note(bad == 0, NULL,
                 "gx_raster_slot N=%u psets=%u: %u wrong, first pixel (%" PRIu32 ",%" PRIu32
                 ") sample %" PRIu32 ": %" PRIu32 " want %" PRIu32,
                 n, ps, bad, bx, by, bi, bg, bw);
        }
    /* hand-checked slots */
    {
        gx_rs_cfg_t c1 = mkcfg(64, 64, 1, 1, 0, 0), c2 = mkcfg(64, 64, 2, 1, 0, 0);
        gx_rs_cfg_t c4 = mkcfg(64, 64, 4, 0, 0, 0), c8 = mkcfg(64, 64, 8, 0, 0, 0);
        note(gx_raster_slot(&c1, 3, 5, 0) == 4 * 3 + 3, NULL, "slot N=1 psets (3,5)"); /* set (1+2)%4 */
        note(gx_raster_slot(&c1, 2, 2, 0) == 4 * 2 + 0, NULL, "slot N=1 psets (2,2)"); /* set 2 */
        note(gx_raster_slot(&c2, 5, 2, 1) == 8 * 1 + 1 * 2 + 1, NULL, "slot N=2 psets (5,2)"); /* set (2+1)%2 */
        note(gx_raster_slot(&c4, 1, 1, 3) == 15, NULL, "slot N=4 (1,1) 3");
        note(gx_raster_slot(&c8, 7, 6, 2) == 10, NULL, "slot N=8 (7,6) 2");
    }
    /* cfg_ok */
    for (unsigned ni = 0; ni < 5; ni++) {
        unsigned n = spp_list[ni];
        note(gx_raster_cfg_ok(&(gx_rs_cfg_t){.width = 1, .height = 1, .samples = (uint8_t)n}) == 1,
             NULL, "cfg_ok 1x1 N=%u", n);
        gx_rs_cfg_t c = mkcfg(8192, 8192, n, 0, 1, 255);
        note(gx_raster_cfg_ok(&c) == 1, NULL, "cfg_ok 8192x8192 N=%u conservative E=255", n);
        c = mkcfg(8192, 1, n, n <= 2, 0, 0);
        note(gx_raster_cfg_ok(&c) == 1, NULL, "cfg_ok 8192x1 N=%u psets=%u", n, n <= 2);
        c = mkcfg(1, 8192, n, 1, 0, 0);
        note(gx_raster_cfg_ok(&c) == (n <= 2), NULL, "cfg_ok pattern sets with N=%u", n);
        c = mkcfg(0, 16, n, 0, 0, 0);
        note(gx_raster_cfg_ok(&c) == 0, NULL, "cfg_ok width 0 N=%u", n);
        c = mkcfg(16, 0, n, 0, 0, 0);
        note(gx_raster_cfg_ok(&c) == 0, NULL, "cfg_ok height 0 N=%u", n);
        c = mkcfg(8193, 16, n, 0, 0, 0);
        note(gx_raster_cfg_ok(&c) == 0, NULL, "cfg_ok width 8193 N=%u", n);
        c = mkcfg(16, 8193, n, 0, 1, 0);
        note(gx_raster_cfg_ok(&c) == 0, NULL, "cfg_ok height 8193 N=%u", n);
        c = mkcfg(65535, 65535, n, 0, 0, 0);
        note(gx_raster_cfg_ok(&c) == 0, NULL, "cfg_ok 65535x65535 N=%u", n);
    }
    static const unsigned badn[] = {0, 3, 5, 6, 7, 9, 12, 15, 17, 32, 255};
    for (unsigned j = 0; j < sizeof badn / sizeof badn[0]; j++) {
        gx_rs_cfg_t c = mkcfg(16, 16, badn[j], 0, 0, 0);
        note(gx_raster_cfg_ok(&c) == 0, NULL, "cfg_ok N=%u accepted", badn[j]);
        c = mkcfg(16, 16, badn[j], 0, 1, 0);
        note(gx_raster_cfg_ok(&c) == 0, NULL, "cfg_ok conservative N=%u accepted", badn[j]);
    }
    /* E = 256 is not representable: cons_err is 8 bits, so every E given is in range */
    _Static_assert(sizeof(((gx_rs_cfg_t *)0)->cons_err) == 1, "cons_err is 8 bits");

    /* tri_ok */
    gx_rs_tri_t t0 = {{0, 100, 0}, {0, 0, 100}};
    note(gx_raster_tri_ok(&t0) == 1, NULL, "tri_ok small triangle");
    const int64_t edge[4] = {GB, -GB, GB + 1, -GB - 1};
    for (unsigned v = 0; v < 3; v++)
        for (unsigned xy = 0; xy < 2; xy++)
            for (unsigned e = 0; e < 4; e++) {
                gx_rs_tri_t t = t0;
                if (xy)
                    t.y[v] = (int32_t)edge[e];
                else
                    t.x[v] = (int32_t)edge[e];
                note(gx_raster_tri_ok(&t) == (e < 2), NULL, "tri_ok vertex %u %c = %" PRId64, v,
                     xy ? 'y' : 'x', edge[e]);
            }
    gx_rs_tri_t tc = {{(int32_t)-GB, (int32_t)GB, (int32_t)GB}, {(int32_t)-GB, (int32_t)-GB, (int32_t)GB}};
    note(gx_raster_tri_ok(&tc) == 1, NULL, "tri_ok guard-band corners");
    gx_rs_tri_t tf = {{INT32_MIN, 0, 0}, {0, INT32_MAX, 0}};
    note(gx_raster_tri_ok(&tf) == 0, NULL, "tri_ok INT32_MIN / INT32_MAX");
}

/* ------------------------------------------------------------------------------------ */
/* Section 2: directed, hand-computed. */

static void fill_case(test_case_t *c, const char *what, unsigned id, gx_rs_cfg_t cfg,
                      const int32_t v[6])
{
    memset(c, 0, sizeof *c);
    c->what = what;
    c->id = id;
    c->cfg = cfg;
    ref_default_table(cfg.samples, &c->tab); /* the oracle's, not the model's */
    c->deftab = 1;
    for (unsigned k = 0; k < 3; k++) {
        c->tri.x[k] = v[2 * k];
        c->tri.y[k] = v[2 * k + 1];
    }
}

/* Compare the model and the oracle with a hand-drawn bitmap ('#' = produced / covered,
 * N = 1 or conservative) in every vertex order, then run the full check. */
static void directed_bitmap(const char *what, gx_rs_cfg_t cfg, const int32_t v[6],
                            const char *const rows[])
{
    for (unsigned p = 0; p < 6; p++) {
        int32_t pv[6];
        for (unsigned k = 0; k < 3; k++) {
            pv[2 * k] = v[2 * perms[p][k]];
            pv[2 * k + 1] = v[2 * perms[p][k] + 1];
        }
        test_case_t c;
        fill_case(&c, what, p, cfg, pv);
        ref_tri_t t;
        ref_prepare(&t, &c.tri);
        gx_rs_setup_t s;
        gx_raster_setup(&c.cfg, &c.tri, &s);
        unsigned bad_model = 0, bad_ref = 0;
        uint32_t bx = 0, by = 0;
        for (uint32_t py = 0; py < cfg.height; py++)
            for (uint32_t px = 0; px < cfg.width; px++) {
                uint16_t want = rows[py][px] == '#';
                uint16_t got = gx_raster_pixel(&c.cfg, &c.tab, &s, px, py);
                if (got != want && bad_model++ == 0) {
                    bx = px;
                    by = py;
                }
                bad_ref += ref_pixel(&c.cfg, &c.tab, &t, px, py) != want;
            }
        if (!note(bad_model == 0, &c, "directed %s: %u pixels differ from the hand result",
                  what, bad_model))
            explain_pixel(&c, &t, bx, by, rows[by][bx] == '#',
                          gx_raster_pixel(&c.cfg, &c.tab, &s, bx, by));
        note(bad_ref == 0, &c, "directed %s: oracle self-check, %u pixels differ", what,
             bad_ref);
        run_case(&c);
    }
}

static void test_directed(void)
{
    gx_rs_cfg_t m1 = mkcfg(6, 6, 1, 0, 0, 0);
    /* hypotenuse x + y = 1024 through the pixel centres with px + py = 3: a right edge
     * (interior to its left): excluded */
    static const int32_t rt1[6] = {0, 0, 1024, 0, 0, 1024};
    static const char *const rt1_rows[] = {"###...", "##....", "#.....",
                                           "......", "......", "......"};
    directed_bitmap("right-triangle hyp. right edge", m1, rt1, rt1_rows);
    /* the mirror: the hypotenuse is a left edge: included */
    static const int32_t rt2[6] = {1024, 0, 1024, 1024, 0, 1024};
    static const char *const rt2_rows[] = {"...#..", "..##..", ".###..",
                                           "####..", "......", "......"};
    directed_bitmap("right-triangle hyp. left edge", m1, rt2, rt2_rows);
    /* vertices on pixel centres: (128,128) is covered (top + left edge) */
    static const int32_t rt3[6] = {128, 128, 1152, 128, 128, 1152};
    static const char *const rt3_rows[] = {"####..", "###...", "##....",
                                           "#.....", "......", "......"};
    directed_bitmap("vertex on samples, top-left", m1, rt3, rt3_rows);
    static const int32_t rt4[6] = {1152, 128, 1152, 1152, 128, 1152};
    static const char *const rt4_rows[] = {"......", "...#..", "..##..",
                                           ".###..", "......", "......"};
    directed_bitmap("vertex on samples, bottom-right", m1, rt4, rt4_rows);

    gx_rs_cfg_t m9 = mkcfg(9, 7, 1, 0, 0, 0);
    /* a top edge through the row of centres y = 128 */
    static const int32_t te[6] = {0, 128, 2048, 128, 1024, 1408};
    static const char *const te_rows[] = {"########.", ".######..", "..####...", "..####...",
                                          "...##....", ".........", "........."};
    directed_bitmap("top edge through samples", m9, te, te_rows);
    /* a bottom edge through the row of centres y = 1408 */
    static const int32_t be[6] = {0, 1408, 2048, 1408, 1024, 128};
    static const char *const be_rows[] = {".........", "...##....", "..####...", "..####...",
                                          ".######..", ".........", "........."};
    directed_bitmap("bottom edge through samples", m9, be, be_rows);

    /* conservative triangle x >= 256, y >= 256, x + y <= 1280 */
    static const int32_t ct[6] = {256, 256, 1024, 256, 256, 1024};
    static const char *const ct0_rows[] = {"#####..", "#####..", "####...", "###....",
                                           "##.....", ".......", "......."};
    directed_bitmap("conservative E=0", mkcfg(7, 7, 1, 0, 1, 0), ct, ct0_rows);
    static const char *const ct255_rows[] = {"#####..", "#####..", "#####..", "####...",
                                             "###....", ".......", "......."};
    directed_bitmap("conservative E=255", mkcfg(7, 7, 4, 0, 1, 255), ct, ct255_rows);
    static const char *const ctm_rows[] = {".......", ".##....", ".#.....", ".......",
                                           ".......", ".......", "......."};
    directed_bitmap("MSAA of the conservative triangle", mkcfg(7, 7, 1, 0, 0, 0), ct, ctm_rows);

    /* conservative point (300, 260) */
    static const int32_t pt[6] = {300, 260, 300, 260, 300, 260};
    static const unsigned pe[6] = {0, 3, 4, 43, 44, 255};
    static const char *const pt_rows[6][4] = {
        {"....", ".#..", "....", "...."}, {"....", ".#..", "....", "...."},
        {".#..", ".#..", "....", "...."}, {".#..", ".#..", "....", "...."},
        {"##..", "##..", "....", "...."}, {"###.", "###.", "###.", "...."},
    };
    for (unsigned j = 0; j < 6; j++)
        directed_bitmap("conservative point", mkcfg(4, 4, 2, 0, 1, pe[j]), pt, pt_rows[j]);
    static const char *const none4[] = {"....", "....", "....", "...."};
    directed_bitmap("MSAA point", mkcfg(4, 4, 1, 0, 0, 0), pt, none4);

    /* conservative segments; the extreme vertices are not vertices 0 and 1 */
    static const int32_t sh[6] = {512, 128, 0, 128, 1024, 128};
    static const char *const sh_rows[] = {"#####.", "......", "......"};
    directed_bitmap("conservative horizontal segment", mkcfg(6, 3, 1, 0, 1, 0), sh, sh_rows);
    static const char *const sh_none[] = {"......", "......", "......"};
    directed_bitmap("MSAA horizontal segment", mkcfg(6, 3, 1, 0, 0, 0), sh, sh_none);
    static const int32_t sd[6] = {512, 512, 0, 0, 1024, 1024};
    static const char *const sd_rows[] = {"##.....", "###....", ".###...", "..###..",
                                          "...##..", ".......", "......."};
    directed_bitmap("conservative diagonal segment", mkcfg(7, 7, 1, 0, 1, 0), sd, sd_rows);

    /* guard-band corner triangles, small and thin-wide targets, every N */
    for (unsigned ni = 0; ni < 5; ni++)
        for (unsigned v = 0; v < 4; v++) {
            static const int32_t gbt[4][6] = {
                {-(int32_t)GB, -(int32_t)GB, (int32_t)GB, -(int32_t)GB, (int32_t)GB, (int32_t)GB},
                {-(int32_t)GB, -(int32_t)GB, (int32_t)GB, (int32_t)GB, -(int32_t)GB, (int32_t)GB},
                {-(int32_t)GB, (int32_t)GB, (int32_t)GB, -(int32_t)GB, (int32_t)GB, (int32_t)GB},
                {-(int32_t)GB, 2048, (int32_t)GB, 2304, 0, (int32_t)GB},
            };
            static const unsigned sz[4][2] = {{64, 64}, {8192, 3}, {5, 8192}, {33, 17}};
            test_case_t c;
            fill_case(&c, "guard-band corners", v * 8 + ni,
                      mkcfg(sz[v][0], sz[v][1], spp_list[ni], 0, ni == 4 && v < 2, 255), gbt[v]);
            run_case(&c);
        }
}

/* ------------------------------------------------------------------------------------ */
/* Random cases. */

static void random_table(rng_t *r, gx_rs_table_t *t)
{
    unsigned kind = (unsigned)rr(r, 0, 9);
    for (unsigned s = 0; s < GX_PATTERN_SLOTS; s++)
        t->slot[s] = kind == 0 ? 0x00 : kind == 1 ? 0xff : (uint8_t)rnext(r);
}

static void random_cfg(rng_t *r, test_case_t *c, unsigned w, unsigned h)
{
    unsigned n = spp_list[rr(r, 0, 4)];
    unsigned ps = n <= 2 ? (unsigned)rr(r, 0, 1) : 0;
    unsigned cons = rr(r, 0, 9) < 3;
    unsigned ek = (unsigned)rr(r, 0, 3);
    unsigned e = ek == 0 ? 0 : ek == 1 ? 255 : (unsigned)rr(r, 0, 255);
    c->cfg = mkcfg(w, h, n, ps, cons, e);
    if (rr(r, 0, 1)) {
        ref_default_table(n, &c->tab);
        c->deftab = 1;
    } else {
        random_table(r, &c->tab);
        c->deftab = 0;
    }
}

static const char *const class_names[] = {"generic", "huge", "tiny", "sliver", "sample-grid",
                                           "tile-grid", "axis", "zero-area", "medium",
                                           "grown-grid"};

/* A random triangle of class cls for a target of w x h pixels; big: the target is
 * checked in a window, so the triangle stays within ~100 pixels of an anchor; e: the
 * conservative error term (class grown-grid puts vertices on grown-square sides). */
static void random_tri(rng_t *r, unsigned cls, unsigned w, unsigned h, int big, int64_t e,
                       gx_rs_tri_t *t)
{
    int64_t X[3], Y[3];
    int64_t tw = 256 * (int64_t)w, th = 256 * (int64_t)h;
    int64_t lx = -tw / 2, hx = tw + tw / 2, ly = -th / 2, hy = th + th / 2;
    if (big) { /* a 100-pixel box around an anchor near the origin, the far corner, or in */
        int64_t ax, ay;
        unsigned where = (unsigned)rr(r, 0, 2);
        ax = where == 0 ? rr(r, -20 * 256, 40 * 256) : where == 1 ? tw - rr(r, -20 * 256, 60 * 256)
                                                                    : rr(r, 0, tw);
        ay = where == 0 ? rr(r, -20 * 256, 40 * 256) : where == 1 ? th - rr(r, -20 * 256, 60 * 256)
                                                                    : rr(r, 0, th);
        lx = ax - 50 * 256;
        hx = ax + 50 * 256;
        ly = ay - 50 * 256;
        hy = ay + 50 * 256;
        tw = hx - lx;
        th = hy - ly;
        if (cls == 1)
            cls = 0;
    }
    for (unsigned k = 0; k < 3; k++) {
        X[k] = rr(r, lx, hx);
        Y[k] = rr(r, ly, hy);
    }
    switch (cls) {
    case 0: /* generic */
    default:
        break;
    case 1: { /* huge: guard-band vertices, clipped by the target */
        unsigned sub = (unsigned)rr(r, 0, 2);
        if (sub == 0) {
            for (unsigned k = 0; k < 3; k++) {
                X[k] = rr(r, 0, 2) == 0 ? (rr(r, 0, 1) ? GB : -GB) : rr(r, -GB, GB);
                Y[k] = rr(r, 0, 2) == 0 ? (rr(r, 0, 1) ? GB : -GB) : rr(r, -GB, GB);
            }
        } else if (sub == 1) { /* a long edge through the target */
            int64_t ax = rr(r, 0, tw), ay = rr(r, 0, th), bx = rr(r, 0, tw), by = rr(r, 0, th);
            int64_t dx = bx - ax, dy = by - ay, m = maxi(maxi(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy), 1);
            int64_t f = 2 * GB / m;
            X[0] = ax - dx * f;
            Y[0] = ay - dy * f;
            X[1] = bx + dx * f;
            Y[1] = by + dy * f;
            X[2] = rr(r, -GB, GB);
            Y[2] = rr(r, -GB, GB);
        } else { /* around the target */
            X[0] = rr(r, -GB, -GB / 2);
            Y[0] = rr(r, -GB, -GB / 2);
            X[1] = rr(r, GB / 2, GB);
            Y[1] = rr(r, -GB, GB);
            X[2] = rr(r, -GB, GB);
            Y[2] = rr(r, GB / 2, GB);
        }
        break;
    }
    case 2: { /* tiny: sub-pixel */
        int64_t bx = rr(r, lx + tw / 4, hx - tw / 4), by = rr(r, ly + th / 4, hy - th / 4);
        for (unsigned k = 0; k < 3; k++) {
            X[k] = bx + rr(r, -300, 300);
            Y[k] = by + rr(r, -300, 300);
        }
        break;
    }
    case 3: { /* sliver: the third vertex near the line of the other two */
        int64_t f = rr(r, -256, 1280);
        X[2] = X[0] + (X[1] - X[0]) * f / 1024 + rr(r, -3, 3);
        Y[2] = Y[0] + (Y[1] - Y[0]) * f / 1024 + rr(r, -3, 3);
        break;
    }
    case 4: /* on the sample grid (1/16 pixel) */
        for (unsigned k = 0; k < 3; k++) {
            X[k] = snapq(X[k], 16);
            Y[k] = snapq(Y[k], 16);
        }
        break;
    case 5: { /* on pixel, fine-tile or coarse-tile boundaries */
        static const int64_t qs[4] = {256, 8 * 256, 16 * 256, 128};
        int64_t q = qs[rr(r, 0, 3)];
        for (unsigned k = 0; k < 3; k++) {
            X[k] = snapq(X[k], q);
            Y[k] = snapq(Y[k], q);
        }
        break;
    }
    case 6: { /* horizontal and / or vertical edges */
        unsigned sub = (unsigned)rr(r, 0, 2);
        if (sub != 1)
            Y[1] = Y[0];
        if (sub != 0)
            X[2] = rr(r, 0, 1) ? X[0] : X[1];
        if (rr(r, 0, 1))
            for (unsigned k = 0; k < 3; k++) {
                X[k] = snapq(X[k], 16);
                Y[k] = snapq(Y[k], 16);
            }
        break;
    }
    case 7: { /* zero area */
        unsigned sub = (unsigned)rr(r, 0, 3);
        if (sub == 0) {
            X[1] = X[2] = X[0];
            Y[1] = Y[2] = Y[0];
        } else if (sub == 1) {
            X[1] = X[0];
            Y[1] = Y[0];
        } else {
            int64_t dx = rr(r, -300, 300), dy = rr(r, -300, 300);
            if (sub == 3) {
                if (rr(r, 0, 1))
                    dx = 0;
                else
                    dy = 0;
            }
            int64_t a = rr(r, -40, 40), b = rr(r, -40, 40);
            X[1] = X[0] + a * dx;
            Y[1] = Y[0] + a * dy;
            X[2] = X[0] + b * dx;
            Y[2] = Y[0] + b * dy;
        }
        break;
    }
    case 9: /* on the sides of grown pixel squares: 256 m +- E (tangencies) */
        for (unsigned k = 0; k < 3; k++) {
            X[k] = snapq(X[k], 256) + (rr(r, 0, 1) ? e : -e);
            Y[k] = snapq(Y[k], 256) + (rr(r, 0, 1) ? e : -e);
        }
        break;
    case 8: /* medium, inside the target */
        for (unsigned k = 0; k < 3; k++) {
            X[k] = big ? X[k] : rr(r, 0, tw);
            Y[k] = big ? Y[k] : rr(r, 0, th);
        }
        break;
    }
    const unsigned *p = perms[rr(r, 0, 5)];
    for (unsigned k = 0; k < 3; k++) {
        t->x[k] = clampgb(X[p[k]]);
        t->y[k] = clampgb(Y[p[k]]);
    }
}

static void test_random(rng_t *r, unsigned count)
{
    for (unsigned id = 0; id < count; id++) {
        unsigned w, h;
        unsigned kind = (unsigned)rr(r, 0, 19);
        if (kind < 16) {
            w = kind < 2 ? (unsigned)rr(r, 1, 8) : (unsigned)rr(r, 8, 64);
            h = kind == 1 ? (unsigned)rr(r, 1, 8) : (unsigned)rr(r, 8, 64);
        } else if (kind == 16) {
            w = rr(r, 0, 1) ? 8192 : (unsigned)rr(r, 65, 8192);
            h = (unsigned)rr(r, 1, 4);
        } else if (kind == 17) {
            w = (unsigned)rr(r, 1, 4);
            h = rr(r, 0, 1) ? 8192 : (unsigned)rr(r, 65, 8192);
        } else {
            w = rr(r, 0, 2) ? 8192 : (unsigned)rr(r, 400, 8192);
            h = rr(r, 0, 2) ? 8192 : (unsigned)rr(r, 400, 8192);
        }
        test_case_t c;
        memset(&c, 0, sizeof c);
        unsigned cls = (unsigned)rr(r, 0, 9);
        c.what = class_names[cls];
        c.id = id;
        random_cfg(r, &c, w, h);
        if (cls == 7 && rr(r, 0, 1)) /* zero area: mostly interesting when conservative */
            c.cfg.conservative = 1;
        int big = (uint64_t)w * h > FULL_LIMIT;
        random_tri(r, cls, w, h, big, c.cfg.cons_err, &c.tri);
        run_case(&c);
    }
}

/* ------------------------------------------------------------------------------------ */
/* Shared edges. */

/* Accumulate the model's per-sample coverage counts of one triangle (target-sized
 * cnt[py][px][i]) and run the full check on it. */
static void accumulate(const test_case_t *c, uint8_t *cnt)
{
    gx_rs_setup_t s;
    gx_raster_setup(&c->cfg, &c->tri, &s);
    for (uint32_t py = 0; py < c->cfg.height; py++)
        for (uint32_t px = 0; px < c->cfg.width; px++) {
            uint16_t m = gx_raster_pixel(&c->cfg, &c->tab, &s, px, py);
            for (unsigned i = 0; i < c->cfg.samples; i++)
                cnt[(py * c->cfg.width + px) * 16 + i] += (m >> i) & 1u;
        }
    run_case(c);
}

/* Conservative properties of one triangle, on the model: MSAA pixels (with the case's N
 * and table) are produced conservatively for every E; produced(E) grows with E. */
static void cons_props(rng_t *r, const test_case_t *c)
{
    unsigned e[4] = {0, (unsigned)rr(r, 0, 255), (unsigned)rr(r, 0, 255), 255};
    if (e[1] > e[2]) {
        unsigned x = e[1];
        e[1] = e[2];
        e[2] = x;
    }
    gx_rs_cfg_t m = c->cfg;
    m.conservative = 0;
    gx_rs_setup_t sm, sc[4];
    gx_raster_setup(&m, &c->tri, &sm);
    gx_rs_cfg_t cc[4];
    for (unsigned j = 0; j < 4; j++) {
        cc[j] = c->cfg;
        cc[j].conservative = 1;
        cc[j].cons_err = (uint8_t)e[j];
        gx_raster_setup(&cc[j], &c->tri, &sc[j]);
    }
    unsigned notsup = 0, notmono = 0;
    uint32_t bx = 0, by = 0, mx = 0, my = 0;
    unsigned me = 0;
    for (uint32_t py = 0; py < m.height; py++)
        for (uint32_t px = 0; px < m.width; px++) {
            uint16_t ms = gx_raster_pixel(&m, &c->tab, &sm, px, py);
            uint16_t prev = 0;
            for (unsigned j = 0; j < 4; j++) {
                uint16_t p = gx_raster_pixel(&cc[j], &c->tab, &sc[j], px, py);
                if (ms && !p && notsup++ == 0) {
                    bx = px;
                    by = py;
                }
                if (prev && !p && notmono++ == 0) {
                    mx = px;
                    my = py;
                    me = j;
                }
                prev = p;
            }
        }
    note(notsup == 0, c, "conservative not a superset of MSAA: %u, first pixel (%" PRIu32 ",%" PRIu32 ")",
         notsup, bx, by);
    note(notmono == 0, c, "conservative not monotonic in E (%u, %u, %u, %u): %u, first pixel (%" PRIu32
         ",%" PRIu32 ") lost at E=%u",
         e[0], e[1], e[2], e[3], notmono, mx, my, me < 4 ? e[me] : 0);
}

/* A mesh over the rectangle [X0, X1) x [Y0, Y1): every sample inside is covered exactly
 * once, every sample outside never. */
static void mesh_test(rng_t *r, unsigned id, unsigned n, unsigned ps, int deftab,
                      const gx_rs_table_t *tab)
{
    const unsigned W = 40, H = 40;
    unsigned cols = (unsigned)rr(r, 1, 5), rows = (unsigned)rr(r, 1, 5);
    unsigned gkind = (unsigned)rr(r, 0, 2);
    int64_t cs = gkind == 0 ? 256 * rr(r, 1, 6) : gkind == 1 ? 16 * rr(r, 16, 110)
                                                                 : rr(r, 200, 1800);
    int64_t X0 = rr(r, -3 * cs / 2, 4096), Y0 = rr(r, -3 * cs / 2, 4096);
    if (gkind != 2) {
        X0 = snapq(X0, gkind == 0 ? 256 : 16);
        Y0 = snapq(Y0, gkind == 0 ? 256 : 16);
    }
    int jitter = rr(r, 0, 2) != 0;
    int64_t vx[7][7], vy[7][7];
    for (unsigned j = 0; j <= rows; j++)
        for (unsigned i = 0; i <= cols; i++) {
            vx[j][i] = X0 + (int64_t)i * cs;
            vy[j][i] = Y0 + (int64_t)j * cs;
            if (jitter && i > 0 && i < cols && j > 0 && j < rows) {
                vx[j][i] += rr(r, -cs / 8, cs / 8);
                vy[j][i] += rr(r, -cs / 8, cs / 8);
                if (gkind == 1) {
                    vx[j][i] = snapq(vx[j][i], 16);
                    vy[j][i] = snapq(vy[j][i], 16);
                }
            }
        }
    int64_t X1 = X0 + (int64_t)cols * cs, Y1 = Y0 + (int64_t)rows * cs;
    uint8_t *cnt = calloc((size_t)W * H * 16, 1);
    if (!cnt) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    test_case_t c;
    memset(&c, 0, sizeof c);
    c.what = "mesh";
    c.cfg = mkcfg(W, H, n, ps, 0, 0);
    c.tab = *tab;
    c.deftab = deftab;
    for (unsigned j = 0; j < rows; j++)
        for (unsigned i = 0; i < cols; i++) {
            int64_t qx[4] = {vx[j][i], vx[j][i + 1], vx[j + 1][i + 1], vx[j + 1][i]};
            int64_t qy[4] = {vy[j][i], vy[j][i + 1], vy[j + 1][i + 1], vy[j + 1][i]};
            unsigned d = (unsigned)rr(r, 0, 1); /* diagonal 0-2 or 1-3 */
            for (unsigned h2 = 0; h2 < 2; h2++) {
                unsigned a = d, b = (d + 1 + 2 * h2) % 4, e = (d + 2) % 4;
                unsigned v3[3] = {a, b, e};
                const unsigned *p = perms[rr(r, 0, 5)];
                for (unsigned k = 0; k < 3; k++) {
                    c.tri.x[k] = (int32_t)qx[v3[p[k]]];
                    c.tri.y[k] = (int32_t)qy[v3[p[k]]];
                }
                c.id = id * 100 + (j * cols + i) * 2 + h2;
                accumulate(&c, cnt);
                if (rr(r, 0, 3) == 0)
                    cons_props(r, &c);
            }
        }
    unsigned bad = 0;
    uint32_t bx = 0, by = 0, bi = 0, bc = 0;
    for (uint32_t py = 0; py < H; py++)
        for (uint32_t px = 0; px < W; px++)
            for (unsigned i = 0; i < n; i++) {
                int64_t sx, sy;
                sample_pos(&c.cfg, tab, px, py, i, &sx, &sy);
                unsigned want = sx >= X0 && sx < X1 && sy >= Y0 && sy < Y1;
                unsigned got = cnt[(py * W + px) * 16 + i];
                if (got != want && bad++ == 0) {
                    bx = px;
                    by = py;
                    bi = i;
                    bc = got;
                }
            }
    if (!note(bad == 0, NULL,
              "mesh #%u N=%u psets=%u %ux%u cells of %" PRId64 " at (%" PRId64 ",%" PRId64
              ") jitter %d: %u samples not covered exactly as [X0,X1)x[Y0,Y1)",
              id, n, ps, cols, rows, cs, X0, Y0, jitter, bad) &&
        failed <= 20) {
        int64_t sx, sy;
        sample_pos(&c.cfg, tab, bx, by, bi, &sx, &sy);
        printf("  pixel (%" PRIu32 ",%" PRIu32 ") sample %" PRIu32 " at (%" PRId64 ",%" PRId64
               ") covered %" PRIu32 " times\n",
               bx, by, bi, sx, sy, bc);
    }
    free(cnt);
}

static int convex_quad(const int64_t *x, const int64_t *y)
{
    int s0 = 0;
    for (unsigned k = 0; k < 4; k++) {
        unsigned q = (k + 1) % 4, o = (k + 2) % 4;
        int s = sgn(cross3(x[k], y[k], x[q], y[q], x[o], y[o]));
        if (s == 0 || (s0 && s != s0))
            return 0;
        s0 = s;
    }
    return 1;
}

/* A convex quad split along a diagonal: no sample twice, every sample strictly inside
 * once (those on the shared diagonal included). */
static void pair_test(rng_t *r, unsigned id, unsigned n, unsigned ps, int deftab,
                      const gx_rs_table_t *tab)
{
    const unsigned W = 24, H = 24;
    int64_t x[4], y[4];
    unsigned kind = id % 3;
    int snap = rr(r, 0, 1) != 0;
    for (;;) {
        if (kind == 0) { /* random */
            for (unsigned k = 0; k < 4; k++) {
                x[k] = rr(r, -512, 256 * W + 512);
                y[k] = rr(r, -512, 256 * H + 512);
            }
        } else { /* the diagonal 0-2 horizontal (kind 1) or vertical (kind 2) */
            int64_t a = rr(r, -512, 256 * 24 + 512), b0 = rr(r, -512, 256 * 24),
                    b1 = b0 + rr(r, 16, 256 * 12);
            int64_t u = a - rr(r, 16, 256 * 10), v = a + rr(r, 16, 256 * 10);
            int64_t m0 = rr(r, b0 + 1, b1 - 1), m1 = rr(r, b0 + 1, b1 - 1);
            int64_t px[4] = {b0, m0, b1, m1}, py[4] = {a, u, a, v};
            for (unsigned k = 0; k < 4; k++) {
                x[k] = kind == 1 ? px[k] : py[k];
                y[k] = kind == 1 ? py[k] : px[k];
            }
        }
        if (snap)
            for (unsigned k = 0; k < 4; k++) {
                x[k] = snapq(x[k], 16);
                y[k] = snapq(y[k], 16);
            }
        if (convex_quad(x, y))
            break;
    }
    unsigned d = kind == 0 ? (unsigned)rr(r, 0, 1) : 0;
    uint8_t *cnt = calloc((size_t)W * H * 16, 1);
    if (!cnt) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    test_case_t c;
    memset(&c, 0, sizeof c);
    c.what = "pair";
    c.cfg = mkcfg(W, H, n, ps, 0, 0);
    c.tab = *tab;
    c.deftab = deftab;
    for (unsigned h2 = 0; h2 < 2; h2++) {
        unsigned v3[3] = {d, (d + 1 + 2 * h2) % 4, (d + 2) % 4};
        const unsigned *p = perms[rr(r, 0, 5)];
        for (unsigned k = 0; k < 3; k++) {
            c.tri.x[k] = (int32_t)x[v3[p[k]]];
            c.tri.y[k] = (int32_t)y[v3[p[k]]];
        }
        c.id = id * 2 + h2;
        accumulate(&c, cnt);
        cons_props(r, &c);
    }
    int64_t qs = cross3(x[0], y[0], x[1], y[1], x[2], y[2]);
    unsigned twice = 0, miss = 0;
    uint32_t bx = 0, by = 0, bi = 0;
    for (uint32_t py = 0; py < H; py++)
        for (uint32_t px = 0; px < W; px++)
            for (unsigned i = 0; i < n; i++) {
                unsigned got = cnt[(py * W + px) * 16 + i];
                int64_t sx, sy;
                sample_pos(&c.cfg, tab, px, py, i, &sx, &sy);
                int inside = 1;
                for (unsigned k = 0; k < 4; k++) {
                    int64_t e = cross3(x[k], y[k], x[(k + 1) % 4], y[(k + 1) % 4], sx, sy);
                    if (e == 0 || (e > 0) != (qs > 0))
                        inside = 0;
                }
                if (got > 1 && twice++ == 0) {
                    bx = px;
                    by = py;
                    bi = i;
                }
                if (inside && got != 1 && miss++ == 0) {
                    bx = px;
                    by = py;
                    bi = i;
                }
            }
    if (!note(twice == 0 && miss == 0, NULL,
              "pair #%u N=%u psets=%u quad (%" PRId64 ",%" PRId64 ") (%" PRId64 ",%" PRId64
              ") (%" PRId64 ",%" PRId64 ") (%" PRId64 ",%" PRId64
              ") diagonal %u: %u samples twice, %u inside not once",
              id, n, ps, x[0], y[0], x[1], y[1], x[2], y[2], x[3], y[3], d, twice, miss) &&
        failed <= 20) {
        int64_t sx, sy;
        sample_pos(&c.cfg, tab, bx, by, bi, &sx, &sy);
        printf("  first: pixel (%" PRIu32 ",%" PRIu32 ") sample %" PRIu32 " at (%" PRId64
               ",%" PRId64 ")\n",
               bx, by, bi, sx, sy);
    }
    free(cnt);
}

static void test_shared_edges(rng_t *r)
{
    unsigned id = 0;
    for (unsigned ni = 0; ni < 5; ni++)
        for (unsigned ps = 0; ps < 2; ps++) {
            unsigned n = spp_list[ni];
            if (ps && n > 2)
                continue;
            for (unsigned rep = 0; rep < 8; rep++) {
                gx_rs_table_t tab;
                int deftab = rep % 2 == 0;
                if (deftab)
                    ref_default_table(n, &tab);
                else
                    random_table(r, &tab);
                mesh_test(r, id, n, ps, deftab, &tab);
                pair_test(r, id, n, ps, deftab, &tab);
                pair_test(r, id + 1000, n, ps, deftab, &tab);
                pair_test(r, id + 2000, n, ps, deftab, &tab);
                id++;
            }
        }
}

/* Conservative properties on random triangles. */
static void test_cons_random(rng_t *r, unsigned count)
{
    for (unsigned id = 0; id < count; id++) {
        test_case_t c;
        memset(&c, 0, sizeof c);
        unsigned cls = (unsigned)rr(r, 0, 9);
        c.what = class_names[cls];
        c.id = id;
        unsigned w = (unsigned)rr(r, 4, 40), h = (unsigned)rr(r, 4, 40);
        random_cfg(r, &c, w, h);
        random_tri(r, cls, w, h, 0, c.cfg.cons_err, &c.tri);
        cons_props(r, &c);
    }
}

/* Extreme pixel coordinates read 0 (the API takes any uint32_t). */
static void test_far_pixels(void)
{
    test_case_t c;
    static const int32_t v[6] = {-(int32_t)GB, -(int32_t)GB, (int32_t)GB, -(int32_t)GB,
                                 (int32_t)GB, (int32_t)GB};
    fill_case(&c, "far pixels", 0, mkcfg(8192, 8192, 16, 0, 0, 0), v);
    gx_rs_setup_t s;
    gx_raster_setup(&c.cfg, &c.tri, &s);
    static const uint32_t far[] = {8192, 8193, 65535, 65536, 1u << 23, 1u << 24, 1u << 31,
                                   UINT32_MAX};
    unsigned nz = 0;
    for (unsigned a = 0; a < 8; a++) {
        nz += gx_raster_pixel(&c.cfg, &c.tab, &s, far[a], 0) != 0;
        nz += gx_raster_pixel(&c.cfg, &c.tab, &s, 8191, far[a]) != 0;
        nz += gx_raster_pixel(&c.cfg, &c.tab, &s, far[a], far[a]) != 0;
    }
    note(nz == 0, &c, "far pixels: %u nonzero", nz);
    ref_tri_t t;
    ref_prepare(&t, &c.tri);
    note(gx_raster_pixel(&c.cfg, &c.tab, &s, 8191, 0) == ref_pixel(&c.cfg, &c.tab, &t, 8191, 0),
         &c, "far pixels: corner pixel (8191,0)");
}

int main(void)
{
    uint64_t seed = 0x2545f4914f6cdd1dull;
    const char *e = getenv("SEED");
    if (e && *e)
        seed = strtoull(e, NULL, 0) * 0x9e3779b97f4a7c15ull + 1;
    if (seed == 0)
        seed = 1;
    rng_t r = {seed};
    printf("test_raster: seed %s\n", e && *e ? e : "default");
    test_api();
    test_directed();
    test_shared_edges(&r);
    test_random(&r, 6000);
    test_cons_random(&r, 600);
    test_far_pixels();
    return check_summary();
}
