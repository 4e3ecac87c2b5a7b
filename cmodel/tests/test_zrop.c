/* test_zrop: the depth model (gx/zrop.h) against references written from the rules.
 *  - Per-sample depth against the exact plane value, in rational arithmetic: for random
 *    triangles of every size in the guard band, needles whose long edge runs through
 *    sample positions (the steepest planes that still cover samples) and points on the
 *    guard band's corners, every sample position tested lies in the closed triangle and
 *    its depth, for every N (each N has its own depth-tile size), is within 0.76 of
 *    sum_k z_{k+2} E_k(s) / W (docs/zrop.md derives the bound).
 *  - Conservative depth: the range of random pixels near random triangles (needles too)
 *    and error terms equals floor / ceil of the clamped extremes over the grown square's
 *    four corners, and contains every random point of the square (clamped).
 *  - The depth test's truth table, all eight functions.
 *  - Depth tiles: random draws (random triangles' tile planes, random coverage, random
 *    functions, write on or off, random pattern tables) into a tile checked after every
 *    draw against a shadow that keeps one depth per sample and applies the same test: the
 *    tile (clear, compressed or raw) reads the shadow's every sample, so compression is
 *    exact; the pass masks agree; the memory image unpacks to the same reads; decompress
 *    in place leaves every read unchanged. Every state transition is counted and must
 *    occur (clear to planes, planes to more planes, planes to raw, raw to one plane).
 *  - Surfaces: random operations on three surfaces (draws, table writes to the tables they
 *    use, switches of table, clears, naive reads) against a shadow computed with the
 *    table current at each draw: every sample reads its shadow, the pass masks agree,
 *    the live counts equal their definition, a naive read leaves the surface raw, and
 *    decompress in place occurs before table writes, switches and naive reads.
 *  - Z cull: gx_zrop_cull against every pair of depths of small ranges; in the surface test
 *    every tile's range holds its stored depths, and culled tiles (counted, and required)
 *    change no pass mask (the shadow has no cull).
 *  - Z cull of a tile without a division (gx_zrop_cull_tile, gx_zcull's specification)
 *    against gx_zrop_rect_range and gx_zrop_cull, with stored ranges on the edges of every
 *    comparison, and gx_zrop_cplane's numerator against the exact one.
 *  - Memory images that name an absent plane or hold a depth over 24 bits are rejected.
 */
#include <string.h>

#include "check.h"
#include "gx/zrop.h"

typedef __int128 i128;

static const unsigned NS[5] = {1, 2, 4, 8, 16};

static int32_t rnd_range(int32_t lo, int32_t hi) /* lo .. hi inclusive */
{
    return lo + (int32_t)(rnd64() % (uint64_t)((int64_t)hi - lo + 1));
}

static uint32_t rnd_z(void)
{
    switch (rnd(4)) {
    case 0: return rnd(2) ? 0u : GX_Z_MAX;
    case 1: return (uint32_t)rnd_range(0, 255);
    default: return (uint32_t)(rnd64() & GX_Z_MAX);
    }
}

/* Twice the signed area and the numerator of the exact depth at (x, y), in units. */
static void exact(const gx_rs_tri_t *t, const uint32_t z[3], int64_t x, int64_t y, i128 *num,
                  i128 *w, int *inside)
{
    i128 e[3];
    *w = 0;
    for (int k = 0; k < 3; k++) {
        int j = (k + 1) % 3;
        i128 a = (i128)t->y[k] - t->y[j], b = (i128)t->x[j] - t->x[k];
        i128 c = (i128)t->x[k] * t->y[j] - (i128)t->x[j] * t->y[k];
        e[k] = a * x + b * y + c;
    }
    *w = e[0] + e[1] + e[2];
    int neg = *w < 0;
    *num = 0;
    *inside = 1;
    for (int k = 0; k < 3; k++) {
        i128 ek = neg ? -e[k] : e[k];
        if (ek < 0)
            *inside = 0;
        *num += (i128)z[(k + 2) % 3] * ek;
    }
    if (neg)
        *w = -*w;
}

static double worst; /* the largest |depth - exact| seen */
static gx_zrop_stats_t stats; /* the surface test's decompress-in-place and cull counts */
static uint64_t tested;

/* Check the depth of sample position (x, y) (units, multiples of 16) for every N. */
static void check_sample(const gx_rs_tri_t *t, const uint32_t z[3], const gx_zrop_plane_t *p,
                         int64_t x, int64_t y)
{
    i128 num, w;
    int inside;
    exact(t, z, x, y, &num, &w, &inside);
    if (!inside || w == 0)
        return;
    for (int n = 0; n < 5; n++) {
        uint32_t d = gx_zrop_sample(p, NS[n], (int32_t)(x / 16), (int32_t)(y / 16));
        i128 err = (i128)d * w - num;
        if (err < 0)
            err = -err;
        double e = (double)err / (double)w;
        if (e > worst)
            worst = e;
        tested++;
        /* |d - num / w| < 0.76 */
        CHECK(100 * err < 76 * w, "N=%u tri (%d,%d) (%d,%d) (%d,%d) z %u %u %u at (%lld,%lld): "
              "depth %u, error %.4f", NS[n], t->x[0], t->y[0], t->x[1], t->y[1], t->x[2],
              t->y[2], z[0], z[1], z[2], (long long)x, (long long)y, d, e);
    }
}

static int64_t snap16(int64_t v) /* the multiple of 16 at or below v */
{
    return v >= 0 ? v / 16 * 16 : -((-v + 15) / 16 * 16);
}

static const int32_t LIM = GX_GUARD_BAND_PX << GX_SUBPIX_BITS;

static int32_t clamp_gb(int64_t v)
{
    return v < -LIM ? -LIM : v > LIM ? LIM : (int32_t)v;
}

/* Random triangles: a random box of 2^4 .. 2^23 units, vertices in it; sample positions
 * drawn in the bounding box (those inside the closed triangle are checked). */
static void test_random(unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        gx_rs_tri_t t;
        uint32_t z[3];
        const int32_t size = 1 << rnd_range(4, 23);
        const int32_t ox = rnd_range(-LIM, LIM - size), oy = rnd_range(-LIM, LIM - size);
        for (int k = 0; k < 3; k++) {
            t.x[k] = ox + rnd_range(0, size);
            t.y[k] = oy + rnd_range(0, size);
            z[k] = rnd_z();
        }
        gx_zrop_plane_t p;
        gx_zrop_plane(&t, z, &p);
        int32_t bx0 = t.x[0], bx1 = t.x[0], by0 = t.y[0], by1 = t.y[0];
        for (int k = 1; k < 3; k++) {
            if (t.x[k] < bx0) bx0 = t.x[k];
            if (t.x[k] > bx1) bx1 = t.x[k];
            if (t.y[k] < by0) by0 = t.y[k];
            if (t.y[k] > by1) by1 = t.y[k];
        }
        for (unsigned s = 0; s < 24; s++)
            check_sample(&t, z, &p, snap16(rnd_range(bx0, bx1) + 15),
                         snap16(rnd_range(by0, by1) + 15));
    }
}

/* Needles: v0 and v1 on sample positions, v1 - v0 = 16 k (p, q), v2 one or two units off
 * the line between them; the samples on the edge v0 v1 are in the closed triangle, where
 * the plane rises by up to 2^24 across a unit or less. */
static void test_needles(unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        gx_rs_tri_t t;
        uint32_t z[3] = {rnd_z(), rnd_z(), rnd_z()};
        const int32_t p = rnd_range(-3, 3), q = rnd_range(-3, 3);
        if (!p && !q)
            continue;
        const int32_t span = 16 * (p < 0 ? -p : p) + 16 * (q < 0 ? -q : q);
        const int32_t kmax = (2 * LIM) / (span ? span : 1);
        const int32_t k = rnd_range(1, kmax < 4096 ? kmax : (rnd(2) ? kmax : 4096));
        const int64_t x0 = snap16(rnd_range(-LIM, LIM)), y0 = snap16(rnd_range(-LIM, LIM));
        const int64_t x1 = x0 + (int64_t)16 * k * p, y1 = y0 + (int64_t)16 * k * q;
        if (x1 < -LIM || x1 > LIM || y1 < -LIM || y1 > LIM)
            continue;
        t.x[0] = (int32_t)x0; t.y[0] = (int32_t)y0;
        t.x[1] = (int32_t)x1; t.y[1] = (int32_t)y1;
        const int64_t mx = (x0 + x1) / 2 + rnd_range(-2, 2), my = (y0 + y1) / 2 + rnd_range(-2, 2);
        t.x[2] = clamp_gb(mx);
        t.y[2] = clamp_gb(my);
        if (rnd(2)) { /* either vertex order */
            int32_t tx = t.x[0], ty = t.y[0];
            uint32_t tz = z[0];
            t.x[0] = t.x[2]; t.y[0] = t.y[2]; z[0] = z[2];
            t.x[2] = tx; t.y[2] = ty; z[2] = tz;
        }
        gx_zrop_plane_t pl;
        gx_zrop_plane(&t, z, &pl);
        for (unsigned s = 0; s < 24; s++) {
            const int64_t m = rnd(4) ? rnd_range(0, k) : (rnd(2) ? 0 : k);
            check_sample(&t, z, &pl, x0 + 16 * m * p, y0 + 16 * m * q);
        }
    }
}

/* Triangles with vertices on the guard band's corners and sides, samples at the corners. */
static void test_corners(void)
{
    const int32_t c[3] = {-LIM, 0, LIM};
    for (unsigned i = 0; i < 2000; i++) {
        gx_rs_tri_t t;
        uint32_t z[3];
        for (int k = 0; k < 3; k++) {
            t.x[k] = c[rnd(3)] + (rnd(4) ? 0 : rnd_range(-16, 16));
            t.y[k] = c[rnd(3)] + (rnd(4) ? 0 : rnd_range(-16, 16));
            t.x[k] = clamp_gb(t.x[k]);
            t.y[k] = clamp_gb(t.y[k]);
            z[k] = rnd_z();
        }
        gx_zrop_plane_t p;
        gx_zrop_plane(&t, z, &p);
        for (int k = 0; k < 3; k++)
            for (int dy = -32; dy <= 32; dy += 16)
                for (int dx = -32; dx <= 32; dx += 16)
                    check_sample(&t, z, &p, snap16(t.x[k]) + dx, snap16(t.y[k]) + dy);
    }
}


/* Conservative depth: for random triangles (needles too) and pixels around them, the
 * range equals floor / ceil of the clamped minimum and maximum over the grown square's
 * four corners (all four evaluated, no sign selection), and every point of the grown
 * square (random ones) has its exact depth, clamped to the vertex range, inside it. */
static void test_cons(unsigned count)
{
    unsigned nondeg = 0;
    for (unsigned i = 0; i < count; i++) {
        gx_rs_tri_t t;
        uint32_t z[3];
        const int32_t size = 1 << rnd_range(4, 14);
        const int32_t ox = rnd_range(-512, LIM - size), oy = rnd_range(-512, LIM - size);
        for (int k = 0; k < 3; k++) {
            t.x[k] = ox + rnd_range(0, size);
            t.y[k] = oy + rnd_range(0, size);
            z[k] = rnd_z();
        }
        if (rnd(4) == 0) { /* a needle: v2 next to the line v0 v1 */
            t.x[2] = clamp_gb((int64_t)(t.x[0] + t.x[1]) / 2 + rnd_range(-1, 1));
            t.y[2] = clamp_gb((int64_t)(t.y[0] + t.y[1]) / 2 + rnd_range(-1, 1));
        }
        const unsigned err = rnd(2) ? rnd(256) : 0;
        uint32_t zmin = z[0], zmax = z[0];
        for (int k = 1; k < 3; k++) {
            if (z[k] < zmin) zmin = z[k];
            if (z[k] > zmax) zmax = z[k];
        }
        /* the pixel of a random point between two vertices, or one next to it */
        const int va = (int)rnd(3), vb = (int)rnd(3);
        const int32_t px = ((t.x[va] + t.x[vb]) / 2 >> 8) + rnd_range(-1, 1);
        const int32_t py = ((t.y[va] + t.y[vb]) / 2 >> 8) + rnd_range(-1, 1);
        if (px < 0 || py < 0)
            continue;
        uint32_t lo, hi;
        gx_zrop_cons_range(&t, z, (uint32_t)px, (uint32_t)py, err, &lo, &hi);
        i128 num, w;
        int inside;
        exact(&t, z, 0, 0, &num, &w, &inside);
        if (w == 0) {
            CHECK(lo == zmin && hi == zmax, "zero area: [%u, %u], want [%u, %u]", lo, hi, zmin,
                  zmax);
            continue;
        }
        i128 m = 0, mx = 0;
        for (int c = 0; c < 4; c++) {
            const int64_t x = (int64_t)px * 256 + (c & 1 ? 256 + (int64_t)err : -(int64_t)err);
            const int64_t y = (int64_t)py * 256 + (c & 2 ? 256 + (int64_t)err : -(int64_t)err);
            exact(&t, z, x, y, &num, &w, &inside);
            if (c == 0 || num < m) m = num;
            if (c == 0 || num > mx) mx = num;
        }
        if (m > (i128)zmax * w || mx < (i128)zmin * w)
            continue; /* the square's range misses the vertices' range */
        nondeg++;
        const i128 l = m > (i128)zmin * w ? m : (i128)zmin * w;  /* L W */
        const i128 h = mx < (i128)zmax * w ? mx : (i128)zmax * w; /* H W */
        CHECK((i128)lo * w <= l && l < ((i128)lo + 1) * w, "cons lo %u: not floor of the "
              "clamped minimum", lo);
        CHECK((i128)hi * w >= h && h > ((i128)hi - 1) * w, "cons hi %u: not ceil of the "
              "clamped maximum", hi);
        for (unsigned r = 0; r < 8; r++) {
            const int64_t x = (int64_t)px * 256 - err + rnd(257 + 2 * err);
            const int64_t y = (int64_t)py * 256 - err + rnd(257 + 2 * err);
            exact(&t, z, x, y, &num, &w, &inside);
            const i128 v = num < (i128)zmin * w ? (i128)zmin * w : num > (i128)zmax * w ?
                           (i128)zmax * w : num;
            CHECK((i128)lo * w <= v && v <= (i128)hi * w, "cons [%u, %u] misses a point of the "
                  "grown square", lo, hi);
        }
    }
    CHECK(nondeg > count / 2, "only %u conservative ranges tested", nondeg);
    printf("test_zrop: %u conservative ranges against the grown square's corners\n", nondeg);
}

/* gx_zrop_cull against every pair of depths of two small ranges. */
static void test_cull(void)
{
    for (unsigned f = 0; f < 8; f++)
        for (uint32_t a = 0; a < 5; a++)
            for (uint32_t b = a; b < 5; b++)
                for (uint32_t c = 0; c < 5; c++)
                    for (uint32_t d = c; d < 5; d++) {
                        int any = 0;
                        for (uint32_t x = a; x <= b; x++)
                            for (uint32_t y = c; y <= d; y++)
                                any |= gx_zrop_test((gx_zrop_func_t)f, x, y);
                        CHECK(gx_zrop_cull((gx_zrop_func_t)f, a, b, c, d) == !any,
                              "cull func %u [%u,%u] against [%u,%u]", f, a, b, c, d);
                    }
}

/* A random triangle for the cull tests: a box of 2^1 .. 2^23 units anywhere in the guard
 * band, a needle, a segment (zero area) or a guard-band corner. */
static void cull_tri(gx_rs_tri_t *t, uint32_t z[3])
{
    const int32_t size = 1 << rnd_range(1, 23);
    const int32_t ox = rnd_range(-LIM, LIM - size), oy = rnd_range(-LIM, LIM - size);
    for (int k = 0; k < 3; k++) {
        t->x[k] = ox + rnd_range(0, size);
        t->y[k] = oy + rnd_range(0, size);
        z[k] = rnd_z();
        if (rnd(16) == 0) {
            t->x[k] = rnd(2) ? LIM : -LIM;
            t->y[k] = rnd(2) ? LIM : -LIM;
        }
    }
    switch (rnd(8)) {
    case 0: /* a needle: v2 next to the line v0 v1 */
        t->x[2] = clamp_gb((int64_t)(t->x[0] + t->x[1]) / 2 + rnd_range(-1, 1));
        t->y[2] = clamp_gb((int64_t)(t->y[0] + t->y[1]) / 2 + rnd_range(-1, 1));
        break;
    case 1: /* zero area */
        t->x[2] = t->x[1];
        t->y[2] = t->y[1];
        break;
    default: break;
    }
}

/* Z cull of a tile as gx_zcull computes it (gx_zrop_cull_tile: four comparisons without
 * a division) against the definition: gx_zrop_rect_range's [lo, hi] over the tile's
 * square, compared with the stored range and given to gx_zrop_cull. The stored ranges
 * sit at and next to lo and hi (every comparison on its edge), the tiles at, next to and
 * away from the triangle; gx_zrop_cplane's numerator equals the exact one at random
 * points. Every function must cull and not cull, and every comparison be 1 with its
 * operands equal. */
static void test_cull_tile(unsigned count)
{
    unsigned culled[8] = {0}, kept[8] = {0}, edge[4] = {0};
    for (unsigned i = 0; i < count; i++) {
        gx_rs_tri_t t;
        uint32_t z[3];
        cull_tri(&t, z);
        gx_zrop_cplane_t c;
        gx_zrop_cplane(&t, z, &c);
        {
            const int64_t x = rnd_range(-LIM, LIM), y = rnd_range(-LIM, LIM);
            i128 num, w;
            int inside;
            exact(&t, z, x, y, &num, &w, &inside);
            const i128 nz = (i128)c.z0 * (i128)c.w + (i128)c.nx * (x - c.x0) +
                            (i128)c.ny * (y - c.y0);
            CHECK(w == (i128)c.w && (w == 0 || nz == num), "cplane: numerator or W differs "
                  "from the exact one at (%lld, %lld)", (long long)x, (long long)y);
        }
        const unsigned nlog = rnd(5);
        unsigned tw, th;
        gx_zrop_tile_dims(1u << nlog, &tw, &th);
        const int va = (int)rnd(3);
        int32_t tx, ty;
        if (rnd(4)) { /* the tile at or next to a vertex */
            tx = (int32_t)(((t.x[va] >> 8) & ~(int32_t)(tw - 1)) + rnd_range(-1, 1) * (int32_t)tw);
            ty = (int32_t)(((t.y[va] >> 8) & ~(int32_t)(th - 1)) + rnd_range(-1, 1) * (int32_t)th);
        } else {
            tx = rnd_range(-32768, 32767);
            ty = rnd_range(-32768, 32767);
        }
        uint32_t lo, hi;
        gx_zrop_rect_range(&t, z, (int64_t)tx * 256, (int64_t)ty * 256,
                           (int64_t)tx * 256 + 256 * (int64_t)tw,
                           (int64_t)ty * 256 + 256 * (int64_t)th, &lo, &hi);
        uint32_t cand[8] = {lo, hi, lo - 1u, lo + 1u, hi - 1u, hi + 1u, rnd_z(), rnd_z()};
        for (int k = 0; k < 8; k++)
            cand[k] &= GX_Z_MAX;
        uint32_t slo = cand[rnd(8)], shi = cand[rnd(8)];
        if (rnd(4) == 0)
            shi = slo;
        if (slo > shi) {
            const uint32_t v = slo;
            slo = shi;
            shi = v;
        }
        const gx_zrop_func_t f = (gx_zrop_func_t)rnd(8);
        gx_zrop_cres_t r;
        gx_zrop_cull_tile(&c, tx, ty, nlog, f, slo, shi, &r);
        const int want = gx_zrop_cull(f, lo, hi, slo, shi);
        CHECK(r.lo_ge == (lo >= shi) && r.lo_le == (lo <= shi) && r.hi_le == (hi <= slo) &&
              r.hi_ge == (hi >= slo) && r.cull == want,
              "cull tile %d,%d N=%u func %u: [%u, %u] against [%u, %u]: got %u%u%u%u cull %u, "
              "want cull %d", tx, ty, 1u << nlog, f, lo, hi, slo, shi, r.lo_ge, r.lo_le,
              r.hi_le, r.hi_ge, r.cull, want);
        (want ? culled : kept)[f]++;
        edge[0] += lo == shi && c.w && lo > c.zmin && lo < c.zmax;
        edge[1] += hi == slo && c.w && hi > c.zmin && hi < c.zmax;
        edge[2] += lo + 1u == shi && c.w && lo > c.zmin;
        edge[3] += hi == slo + 1u && c.w && hi < c.zmax;
    }
    for (unsigned f = 0; f < 8; f++) {
        CHECK(culled[f] > 0 || f == GX_Z_ALWAYS, "func %u never culled", f);
        CHECK(kept[f] > 0 || f == GX_Z_NEVER, "func %u never kept", f);
    }
    for (unsigned k = 0; k < 4; k++)
        CHECK(edge[k] > 0, "cull comparison edge %u never met", k);
    printf("test_zrop: %u Z-cull tiles without a division against rect_range and cull "
           "(edges %u %u %u %u)\n", count, edge[0], edge[1], edge[2], edge[3]);
}

/* gx_zcull's port images: each field lands at its own bits and survives a round trip. */
static void test_cull_ports(void)
{
    for (unsigned i = 0; i < 1000; i++) {
        gx_zrop_cres_t r = {(uint8_t)rnd(2), (uint8_t)rnd(2), (uint8_t)rnd(2), (uint8_t)rnd(2),
                            (uint8_t)rnd(2)}, q;
        uint32_t w[GX_ZC_RES_WORDS];
        gx_zrop_cres_pack(&r, w);
        gx_zrop_cres_unpack(w, &q);
        CHECK(memcmp(&r, &q, sizeof r) == 0, "cull answer does not survive pack and unpack");
    }
    gx_zrop_cplane_t c = {-1, 0, 0, 0, 0, 0, 0, 0};
    uint32_t w[GX_ZC_REQ_WORDS];
    gx_zrop_creq_pack(&c, 0, 0, 0, GX_Z_NEVER, 0, 0, w);
    const unsigned top = GX_ZC_REQ_NX_LSB + GX_ZC_REQ_NX_BITS; /* the words' unused bits */
    CHECK(gx_bits_get64(w, GX_ZC_REQ_NX_LSB, GX_ZC_REQ_NX_BITS) ==
          (1ull << GX_ZC_REQ_NX_BITS) - 1u &&
          gx_bits_get64(w, GX_ZC_REQ_NY_LSB, GX_ZC_REQ_NY_BITS) == 0 &&
          gx_bits_get64(w, top, 32u * GX_ZC_REQ_WORDS - top) == 0,
          "nx = -1 is not 50 ones alone in its field");
}

static void test_func(void)
{
    static const char *const want[8] = {"000", "100", "010", "110", "001", "101", "011", "111"};
    for (unsigned f = 0; f < 8; f++) { /* new < old, new == old, new > old */
        CHECK(gx_zrop_test((gx_zrop_func_t)f, 1, 2) == want[f][0] - '0', "func %u less", f);
        CHECK(gx_zrop_test((gx_zrop_func_t)f, 2, 2) == want[f][1] - '0', "func %u equal", f);
        CHECK(gx_zrop_test((gx_zrop_func_t)f, 3, 2) == want[f][2] - '0', "func %u greater", f);
    }
    for (int n = 0; n < 5; n++) {
        unsigned tw, th;
        gx_zrop_tile_dims(NS[n], &tw, &th);
        CHECK(tw * th * NS[n] == GX_ZTILE_SAMPLES, "N=%u tile %ux%u", NS[n], tw, th);
    }
}

/* gx_ztplane's port images: a tile plane survives pack and unpack in every field, and
 * each field lands at its own bits (a one in one field leaves the others zero). */
static void test_tplane_ports(void)
{
    for (unsigned i = 0; i < 1000; i++) {
        const uint64_t m = (1ull << GX_ZT_W) - 1u;
        gx_zrop_tplane_t tp, got;
        tp.pt = rnd64() & m;
        tp.a = i == 0 ? m : rnd64() & m;
        tp.b = i == 0 ? 0 : rnd64() & m;
        uint32_t w[GX_ZT_PLANE_WORDS];
        gx_zrop_tplane_pack(&tp, w);
        gx_zrop_tplane_unpack(w, &got);
        CHECK(got.pt == tp.pt && got.a == tp.a && got.b == tp.b,
              "tile plane %u: pack and unpack differ", i);
    }
    const gx_zrop_plane_t p = {GX_Z_MAX, -1, 0, 0, 0, 0, 0};
    uint32_t w[GX_ZT_REQ_WORDS];
    gx_zrop_treq_pack(&p, -1, 0, 4, w);
    CHECK(gx_bits_get64(w, GX_ZT_REQ_Z0_LSB, GX_Z_BITS) == GX_Z_MAX &&
          gx_bits_sget64(w, GX_ZT_REQ_X0_LSB, GX_COORD_BITS) == -1 &&
          gx_bits_get64(w, GX_ZT_REQ_Y0_LSB, GX_COORD_BITS) == 0 &&
          gx_bits_sget64(w, GX_ZT_REQ_TX_LSB, GX_ZT_REQ_TX_BITS) == -1 &&
          gx_bits_get64(w, GX_ZT_REQ_TY_LSB, GX_ZT_REQ_TY_BITS) == 0 &&
          gx_bits_get64(w, GX_ZT_REQ_NLOG_LSB, GX_ZT_REQ_NLOG_BITS) == 4 &&
          gx_bits_get64(w, GX_ZT_REQ_GX_LSB, GX_ZP_W) == 0,
          "tile-plane request fields overlap");
}

/* transitions seen: clear -> planes, planes -> more planes, planes -> raw, raw -> planes */
static unsigned trans[4];

static void check_tile(const gx_zrop_tile_t *t, const gx_zrop_pos_t *pos, uint32_t clear,
                       const uint32_t *shadow, unsigned step)
{
    uint8_t img[GX_ZTILE_RAW_BYTES];
    gx_zrop_tile_t u, d = *t;
    gx_zrop_tile_pack(t, img);
    int ok = gx_zrop_tile_unpack(t->state, t->nplanes, img, &u);
    CHECK(ok, "step %u: the tile's own image is rejected", step);
    gx_zrop_tile_decompress(&d, pos, clear);
    CHECK(d.state == GX_ZT_RAW, "step %u: decompress leaves state %d", step, d.state);
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        uint32_t v = gx_zrop_tile_read(t, pos, clear, k);
        CHECK(v == shadow[k], "step %u sample %u: tile %u, shadow %u (state %d, %u planes)",
              step, k, v, shadow[k], t->state, t->nplanes);
        CHECK(!ok || gx_zrop_tile_read(&u, pos, clear, k) == v, "step %u sample %u: image",
              step, k);
        CHECK(gx_zrop_tile_read(&d, pos, clear, k) == v, "step %u sample %u: decompressed",
              step, k);
    }
}

static void test_tiles(unsigned tiles, unsigned draws)
{
    for (unsigned i = 0; i < tiles; i++) {
        gx_rs_cfg_t cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.width = cfg.height = GX_MAX_VIEWPORT;
        cfg.samples = (uint8_t)NS[rnd(5)];
        cfg.patternsets = cfg.samples <= 2 ? (uint8_t)rnd(2) : 0;
        gx_rs_table_t table;
        if (rnd(2)) {
            gx_raster_default_table(cfg.samples, &table);
        } else {
            for (unsigned s = 0; s < GX_PATTERN_SLOTS; s++)
                table.slot[s] = (uint8_t)rnd(256);
        }
        unsigned tw, th;
        gx_zrop_tile_dims(cfg.samples, &tw, &th);
        const uint32_t tx = rnd(GX_MAX_VIEWPORT / tw) * tw, ty = rnd(GX_MAX_VIEWPORT / th) * th;
        gx_zrop_pos_t pos;
        gx_zrop_positions(&cfg, &table, tx, ty, &pos);
        const uint32_t clear = rnd(2) ? GX_Z_MAX : rnd_z();
        gx_zrop_tile_t t;
        memset(&t, 0, sizeof t);
        uint32_t shadow[GX_ZTILE_SAMPLES];
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
            shadow[k] = clear;
        for (unsigned s = 0; s < draws; s++) {
            /* a triangle around the tile: small ones give steep planes */
            gx_rs_tri_t tri;
            uint32_t z[3];
            const int32_t r = 1 << rnd_range(6, 14);
            for (int k = 0; k < 3; k++) {
                tri.x[k] = (int32_t)(tx * 256) + rnd_range(-r, r + (int32_t)tw * 256);
                tri.y[k] = (int32_t)(ty * 256) + rnd_range(-r, r + (int32_t)th * 256);
                z[k] = rnd(3) ? (uint32_t)rnd_range(1 << 20, 1 << 21) : rnd_z();
            }
            gx_zrop_plane_t p;
            gx_zrop_plane(&tri, z, &p);
            gx_zrop_tplane_t tp;
            gx_zrop_tile_plane(&p, (int32_t)tx, (int32_t)ty, tw, th, &tp);
            uint64_t cover;
            switch (rnd(4)) {
            case 0: cover = ~0ull; break;
            case 1: cover = rnd64() & rnd64(); break;
            case 2: cover = (1ull << rnd(64)) | (rnd(2) ? ~0ull << rnd(64) : 0); break;
            default: cover = rnd64(); break;
            }
            const gx_zrop_func_t func = rnd(3) ? GX_Z_LESS : (gx_zrop_func_t)rnd(8);
            const int write = rnd(8) != 0;
            const gx_zrop_tstate_t before = t.state;
            const unsigned np = t.nplanes;
            uint64_t want = 0;
            for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
                if (!(cover >> k & 1u))
                    continue;
                const uint32_t v = gx_zrop_eval(&tp, pos.sx[k], pos.sy[k]);
                if (gx_zrop_test(func, v, shadow[k])) {
                    want |= 1ull << k;
                    if (write)
                        shadow[k] = v;
                }
            }
            const uint64_t got = gx_zrop_tile_draw(&t, &pos, clear, &tp, cover, func, write);
            CHECK(got == want, "tile %u draw %u: pass %016llx, want %016llx", i, s,
                  (unsigned long long)got, (unsigned long long)want);
            if (before == GX_ZT_CLEAR && t.state == GX_ZT_PLANES) trans[0]++;
            if (before == GX_ZT_PLANES && t.state == GX_ZT_PLANES && t.nplanes > np) trans[1]++;
            if (before == GX_ZT_PLANES && t.state == GX_ZT_RAW) trans[2]++;
            if (before == GX_ZT_RAW && t.state == GX_ZT_PLANES) trans[3]++;
            check_tile(&t, &pos, clear, shadow, s);
        }
    }
    CHECK(trans[0] && trans[1] && trans[2] && trans[3],
          "transitions clear>planes %u, planes>more %u, planes>raw %u, raw>planes %u",
          trans[0], trans[1], trans[2], trans[3]);
}


/* ---- surfaces: tables, live counts, decompress in place ---- */

#define SW 24 /* largest surface edge in the surface test */

typedef struct shadow {
    gx_zrop_surf_t s;
    uint32_t z[SW][SW][16];
    uint16_t got[SW][SW]; /* the pass masks the unit emitted in the last draw */
    uint8_t hit[SW][SW];
} shadow_t;

static void on_pixel(void *ctx, uint32_t px, uint32_t py, uint16_t mask)
{
    shadow_t *sh = ctx;
    CHECK(px < sh->s.cfg.width && py < sh->s.cfg.height && !sh->hit[py][px],
          "pixel (%u,%u) emitted outside the target or twice", px, py);
    if (px < SW && py < SW) {
        sh->got[py][px] = mask;
        sh->hit[py][px] = 1;
    }
}

static void check_surf(gx_zrop_t *u, shadow_t *sh, unsigned op, int all)
{
    const gx_zrop_surf_t *s = &sh->s;
    const unsigned n = s->cfg.samples;
    for (unsigned r = 0; r < (all ? s->cfg.width * s->cfg.height : 16u); r++) {
        const uint32_t px = all ? r % s->cfg.width : rnd(s->cfg.width);
        const uint32_t py = all ? r / s->cfg.width : rnd(s->cfg.height);
        for (unsigned i = 0; i < n; i++) {
            const uint32_t v = gx_zrop_surf_read(u, s, px, py, i);
            CHECK(v == sh->z[py][px][i], "op %u (%u,%u) sample %u: %u, shadow %u", op, px, py,
                  i, v, sh->z[py][px][i]);
        }
    }
    uint32_t ncmp = 0;
    for (size_t t = 0; t < (size_t)s->tiles_x * s->tiles_y; t++)
        ncmp += (s->state[t] & 3u) == GX_ZT_PLANES;
    /* a whole tile read at once reads what its samples read one by one */
    for (size_t t = 0; all && t < (size_t)s->tiles_x * s->tiles_y; t++) {
        uint32_t z[GX_ZTILE_SAMPLES];
        gx_zrop_surf_tile(u, s, t, z);
        const uint32_t px0 = (uint32_t)(t % s->tiles_x) * s->tw;
        const uint32_t py0 = (uint32_t)(t / s->tiles_x) * s->th;
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
            const uint32_t px = px0 + k / n % s->tw, py = py0 + k / n / s->tw;
            if (px < s->cfg.width && py < s->cfg.height)
                CHECK(z[k] == sh->z[py][px][k % n], "op %u tile %zu sample %u: %u, shadow %u",
                      op, t, k, z[k], sh->z[py][px][k % n]);
        }
    }
    /* Z cull's range holds every stored depth of its tile */
    for (uint32_t py = 0; all && py < s->cfg.height; py++)
        for (uint32_t px = 0; px < s->cfg.width; px++) {
            const size_t t = (size_t)(py / s->th) * s->tiles_x + px / s->tw;
            for (unsigned i = 0; i < n; i++)
                CHECK(sh->z[py][px][i] >= s->zlo[t] && sh->z[py][px][i] <= s->zhi[t],
                      "op %u (%u,%u) sample %u: %u outside tile %zu's range [%u, %u]", op, px,
                      py, i, sh->z[py][px][i], t, s->zlo[t], s->zhi[t]);
        }
    CHECK(ncmp == u->lv.ncmp[s->slot], "op %u: %u compressed tiles, counted %u", op, ncmp,
          u->lv.ncmp[s->slot]);
}

static void check_live(const gx_zrop_t *u, unsigned op)
{
    for (unsigned k = 0; k < GX_Z_TABLES; k++) {
        uint32_t want = 0;
        for (unsigned i = 0; i < GX_Z_MAX_SURF; i++)
            want += u->surf[i] && u->lv.table[i] == k && u->lv.ncmp[i];
        CHECK(u->lv.live[k] == want, "op %u table %u: live %u, want %u", op, k, u->lv.live[k],
              want);
    }
}

static void shadow_draw(gx_zrop_t *u, shadow_t *sh, unsigned op)
{
    gx_zrop_surf_t *s = &sh->s;
    const unsigned n = s->cfg.samples;
    gx_rs_tri_t t;
    uint32_t z[3];
    for (int k = 0; k < 3; k++) {
        t.x[k] = rnd_range(-2 * 256, (int32_t)(s->cfg.width + 2) * 256);
        t.y[k] = rnd_range(-2 * 256, (int32_t)(s->cfg.height + 2) * 256);
        z[k] = rnd(4) ? (uint32_t)rnd_range(1 << 22, 3 << 22) : rnd_z();
    }
    const gx_zrop_func_t func =
        rnd(4) ? (rnd(2) ? GX_Z_LESS : GX_Z_LEQUAL) : (gx_zrop_func_t)rnd(8);
    const int write = rnd(10) != 0;
    gx_rs_setup_t rs;
    gx_zrop_plane_t p;
    gx_raster_setup(&s->cfg, &t, &rs);
    gx_zrop_plane(&t, z, &p);
    memset(sh->hit, 0, sizeof sh->hit);
    gx_zrop_surf_draw(u, s, &t, z, func, write, on_pixel, sh);
    const gx_rs_table_t *table = &u->table[u->lv.table[s->slot]];
    for (uint32_t py = 0; py < s->cfg.height; py++)
        for (uint32_t px = 0; px < s->cfg.width; px++) {
            const uint16_t m = rs.cls == GX_RS_TRIANGLE ?
                               gx_raster_pixel(&s->cfg, table, &rs, px, py) : 0;
            uint16_t want = 0;
            for (unsigned i = 0; i < n; i++) {
                if (!(m >> i & 1u))
                    continue;
                const uint8_t slot = table->slot[gx_raster_slot(&s->cfg, px, py, i)];
                const uint32_t v = gx_zrop_sample(&p, n, (int32_t)(16 * px + (slot >> 4u)),
                                                  (int32_t)(16 * py + (slot & 15u)));
                if (gx_zrop_test(func, v, sh->z[py][px][i])) {
                    want |= (uint16_t)(1u << i);
                    if (write)
                        sh->z[py][px][i] = v;
                }
            }
            CHECK(sh->hit[py][px] == (m != 0), "op %u (%u,%u): emitted %u, coverage %04x", op,
                  px, py, sh->hit[py][px], m);
            CHECK(!m || sh->got[py][px] == want, "op %u (%u,%u): pass %04x, want %04x", op, px,
                  py, sh->got[py][px], want);
        }
}

static void shadow_fill(shadow_t *sh, uint32_t v)
{
    for (unsigned y = 0; y < SW; y++)
        for (unsigned x = 0; x < SW; x++)
            for (unsigned i = 0; i < 16; i++)
                sh->z[y][x][i] = v;
}

static void random_table(unsigned samples, gx_rs_table_t *t)
{
    if (rnd(3)) {
        for (unsigned s = 0; s < GX_PATTERN_SLOTS; s++)
            t->slot[s] = (uint8_t)rnd(256);
    } else {
        gx_raster_default_table(samples, t);
    }
}

static void test_surfaces(unsigned runs, unsigned ops)
{
    static shadow_t sh[3];
    for (unsigned r = 0; r < runs; r++) {
        gx_zrop_t u;
        gx_zrop_init(&u);
        for (unsigned i = 0; i < 3; i++) {
            gx_rs_cfg_t cfg;
            memset(&cfg, 0, sizeof cfg);
            cfg.width = (uint16_t)rnd_range(1, SW);
            cfg.height = (uint16_t)rnd_range(1, SW);
            cfg.samples = (uint8_t)NS[rnd(5)];
            cfg.patternsets = cfg.samples <= 2 ? (uint8_t)rnd(2) : 0;
            const uint32_t clear = rnd(2) ? GX_Z_MAX : rnd_z();
            int ok = gx_zrop_surf_init(&u, &sh[i].s, &cfg, rnd(3), clear);
            CHECK(ok, "surface %u rejected", i);
            if (!ok)
                return;
            shadow_fill(&sh[i], clear);
        }
        for (unsigned op = 0; op < ops; op++) {
            shadow_t *x = &sh[rnd(3)];
            const unsigned c = rnd(100);
            if (c < 70) {
                shadow_draw(&u, x, op);
            } else if (c < 82) {
                gx_rs_table_t t;
                random_table(x->s.cfg.samples, &t);
                gx_zrop_table_write(&u, rnd(3), &t);
            } else if (c < 88) {
                gx_zrop_surf_use(&u, &x->s, rnd(4));
            } else if (c < 92) {
                const uint32_t v = rnd_z();
                gx_zrop_surf_clear(&u, &x->s, v);
                shadow_fill(x, v);
            } else {
                const uint32_t px = rnd(x->s.cfg.width), py = rnd(x->s.cfg.height);
                const unsigned i = rnd(x->s.cfg.samples);
                const uint32_t v = gx_zrop_surf_read_naive(&u, &x->s, px, py, i);
                CHECK(v == x->z[py][px][i], "op %u naive read (%u,%u) %u: %u, shadow %u", op,
                      px, py, i, v, x->z[py][px][i]);
                for (size_t t = 0; t < (size_t)x->s.tiles_x * x->s.tiles_y; t++)
                    CHECK((x->s.state[t] & 3u) == GX_ZT_RAW, "op %u: tile %zu not raw after a "
                          "naive read", op, t);
            }
            check_live(&u, op);
            for (unsigned i = 0; i < 3; i++)
                check_surf(&u, &sh[i], op, op % 32 == 31 || op == ops - 1);
        }
        for (unsigned i = 0; i < 3; i++)
            gx_zrop_surf_free(&u, &sh[i].s);
        for (unsigned k = 0; k < GX_Z_TABLES; k++)
            CHECK(u.lv.live[k] == 0, "table %u live %u with no surfaces", k, u.lv.live[k]);
        stats.dip_tiles += u.st.dip_tiles;
        stats.dip_table += u.st.dip_table;
        stats.dip_naive += u.st.dip_naive;
        stats.dip_use += u.st.dip_use;
        stats.cull_tiles += u.st.cull_tiles;
        stats.cull_samples += u.st.cull_samples;
    }
    CHECK(stats.cull_tiles > 0, "Z cull skipped no tile");
    CHECK(stats.dip_table && stats.dip_naive && stats.dip_use,
          "decompress in place: before a table write %llu, a naive read %llu, a switch %llu",
          (unsigned long long)stats.dip_table, (unsigned long long)stats.dip_naive,
          (unsigned long long)stats.dip_use);
}

static void test_images(void)
{
    uint8_t img[GX_ZTILE_RAW_BYTES];
    gx_zrop_tile_t t;
    memset(img, 0, sizeof img);
    img[3] = 1; /* sample 0's depth 2^24 */
    CHECK(!gx_zrop_tile_unpack(GX_ZT_RAW, 0, img, &t), "a raw depth over 24 bits is accepted");
    memset(img, 0, sizeof img);
    img[0] = 2; /* sample 0 names plane 2 */
    CHECK(!gx_zrop_tile_unpack(GX_ZT_PLANES, 2, img, &t), "a plane index >= count is accepted");
    CHECK(gx_zrop_tile_unpack(GX_ZT_PLANES, 3, img, &t), "a valid compressed image is rejected");
    CHECK(!gx_zrop_tile_unpack(GX_ZT_PLANES, 5, img, &t), "five planes are accepted");
    CHECK(!gx_zrop_tile_unpack(GX_ZT_PLANES, 0, img, &t), "zero planes are accepted");
}

int main(void)
{
    check_seed("test_zrop");
    test_func();
    test_tplane_ports();
    test_cull();
    test_cull_ports();
    test_cull_tile(200000);
    test_random(20000);
    test_needles(20000);
    test_corners();
    printf("test_zrop: %llu sample depths against the exact plane, largest error %.4f\n",
           (unsigned long long)tested, worst);
    test_cons(100000);
    test_tiles(400, 40);
    printf("test_zrop: tile transitions: clear>planes %u, planes>more planes %u, planes>raw "
           "%u, raw>one plane %u\n", trans[0], trans[1], trans[2], trans[3]);
    test_images();
    test_surfaces(30, 200);
    printf("test_zrop: surfaces: decompressed in place %llu tiles (%llu surfaces before a table "
           "write, %llu before a naive read, %llu before a switch of tables); Z cull skipped "
           "%llu tiles, %llu samples\n",
           (unsigned long long)stats.dip_tiles, (unsigned long long)stats.dip_table,
           (unsigned long long)stats.dip_naive, (unsigned long long)stats.dip_use,
           (unsigned long long)stats.cull_tiles, (unsigned long long)stats.cull_samples);
    return check_summary();
}
