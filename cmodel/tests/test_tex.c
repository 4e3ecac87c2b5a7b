/* test_tex: the texture unit's model (gx/tex.h) against a reference written apart from it.
 *  - Reference: per sample, straight from the texture's texel rows (no layout, no cache):
 *    texel-space position by multiplication, floor by division, wrap by %, the bilinear
 *    result as the sum over the four texels of (x weight) (y weight) texel. It also gives
 *    the quad's blocks, from which the lines touched and the clocks (the most lines in one
 *    block-parity bank) follow.
 *  - Random: every width and height (1..2048, 144 pairs), both filters, the four address
 *    mode pairs; random texels; quads of independent random samples and quads of nearby
 *    samples; coordinates anywhere in int32, near the texture, on texel centers and edges
 *    and one step either side of them. Every result bit for bit, lines and clocks of every
 *    quad, hits + misses = lines, memory bytes = 64 misses, every read within the texture.
 *    Bilinear results also within 2.5 of the bilinear filter computed in double precision
 *    with unquantized weights (a check on the reference itself).
 *  - One clock a quad: point quads within 3 texels, bilinear within 2, per axis, at every
 *    size and mode, touch at most 4 lines, one a bank.
 *  - Directed: 1x1, 2048x1, a checkerboard at texel centers, a constant texture, clamp at
 *    the edges, wrap across the seam, the layout's offsets.
 *  - Cache: scans of 16x16 and 64x64 textures in quads (hits and misses by hand), LRU on
 *    three lines of one set, two textures sharing the cache.
 *  - Rejected descriptors: sizes, filter, address modes, base; nothing read or changed.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "gx/tex.h"

/* Memory: the bytes at [base, base + len) of a caller-owned buffer. */
typedef struct mem {
    uint64_t base;
    uint8_t *bytes;
    uint64_t len;
    uint64_t reads, read_bytes, bad;
} mem_t;

static void mem_read(void *ctx, uint64_t addr, uint32_t len, uint8_t *dst)
{
    mem_t *m = ctx;
    m->reads++;
    m->read_bytes += len;
    if (addr < m->base || addr - m->base > m->len || len > m->len - (addr - m->base)) {
        m->bad++;
        memset(dst, 0, len);
        return;
    }
    memcpy(dst, m->bytes + (addr - m->base), len);
}

/* A texture: its texel rows and its memory image. */
typedef struct tex {
    gx_tex_desc_t d;
    uint8_t *rows;
    mem_t m;
} tex_t;

static void tex_new(tex_t *x, uint32_t w, uint32_t h, uint64_t base)
{
    memset(x, 0, sizeof *x);
    x->d.base = base;
    x->d.width = w;
    x->d.height = h;
    x->rows = malloc((size_t)w * h * 4);
    if (!x->rows)
        abort();
    for (size_t i = 0; i < (size_t)w * h * 4; i++)
        x->rows[i] = (uint8_t)rnd64();
}

/* Lay out the rows into memory (after the rows are final). */
static void tex_store(tex_t *x)
{
    x->m.base = x->d.base;
    x->m.len = gx_tex_bytes(&x->d);
    x->m.bytes = malloc(x->m.len);
    if (!x->m.bytes)
        abort();
    CHECK(gx_tex_store(&x->d, x->rows, x->m.bytes) == GX_TEX_OK, "store");
}

static void tex_free(tex_t *x)
{
    free(x->rows);
    free(x->m.bytes);
}

/* ---- the reference ---- */

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b) && ((a < 0) != (b < 0)))
        q--;
    return q;
}

static int64_t ref_fold(int64_t i, int64_t n, uint32_t mode)
{
    if (mode == GX_TEX_WRAP)
        return ((i % n) + n) % n;
    return i < 0 ? 0 : i > n - 1 ? n - 1 : i;
}

/* One axis: the two indices (before folding) and the weight of the second, 0..255. */
static void ref_axis(int32_t c, uint32_t n, int bilinear, int64_t i[2], int64_t *w1)
{
    const int64_t one = 1 << 24;
    int64_t u = (int64_t)c * n; /* texel units of 2^-24 */
    if (bilinear)
        u -= one / 2;
    i[0] = floor_div(u, one);
    i[1] = bilinear ? i[0] + 1 : i[0];
    *w1 = bilinear ? (u - i[0] * one) / 65536 : 0;
}

/* Coverage, counted by the reference per sample axis: indices folded by wrap and by clamp
 * (the wrap seam and the clamp edges crossed), bilinear fractions 0 (on a texel center)
 * and 255, point coordinates exactly on a texel edge. */
static uint64_t cov_wrapped, cov_clamped, cov_frac0, cov_frac255, cov_edge;

typedef struct ref_sample {
    uint8_t rgba[4];
    int64_t x[2], y[2]; /* folded indices */
} ref_sample_t;

static ref_sample_t ref_sample(const tex_t *x, int32_t s, int32_t t)
{
    const gx_tex_desc_t *d = &x->d;
    const int bl = d->filter == GX_TEX_BILINEAR;
    int64_t ix[2], iy[2], a, b;
    ref_axis(s, d->width, bl, ix, &a);
    ref_axis(t, d->height, bl, iy, &b);
    const int64_t wx[2] = {256 - a, a}, wy[2] = {256 - b, b};
    ref_sample_t r;
    for (int k = 0; k < 2; k++) {
        r.x[k] = ref_fold(ix[k], d->width, d->wrap_s);
        r.y[k] = ref_fold(iy[k], d->height, d->wrap_t);
        if (r.x[k] != ix[k])
            *(d->wrap_s == GX_TEX_WRAP ? &cov_wrapped : &cov_clamped) += 1;
        if (r.y[k] != iy[k])
            *(d->wrap_t == GX_TEX_WRAP ? &cov_wrapped : &cov_clamped) += 1;
    }
    if (bl) {
        cov_frac0 += (a == 0) + (b == 0);
        cov_frac255 += (a == 255) + (b == 255);
    } else {
        cov_edge += ((int64_t)s * d->width) % (1 << 24) == 0;
        cov_edge += ((int64_t)t * d->height) % (1 << 24) == 0;
    }
    for (int c = 0; c < 4; c++) {
        int64_t sum = 0;
        for (int q = 0; q < 2; q++)
            for (int p = 0; p < 2; p++)
                sum += wx[p] * wy[q] * x->rows[4 * (r.y[q] * d->width + r.x[p]) + c];
        r.rgba[c] = (uint8_t)((sum + 32768) / 65536);
    }
    return r;
}

/* Bilinear in double precision, unquantized weights: channel c at (s, t). */
static double exact_bilinear(const tex_t *x, int32_t s, int32_t t, int c)
{
    const gx_tex_desc_t *d = &x->d;
    const double u = (double)s / (1 << 24) * d->width - 0.5;
    const double v = (double)t / (1 << 24) * d->height - 0.5;
    const double fu = floor(u), fv = floor(v);
    const double a = u - fu, b = v - fv;
    double r = 0;
    for (int q = 0; q < 2; q++)
        for (int p = 0; p < 2; p++) {
            const int64_t xi = ref_fold((int64_t)fu + p, d->width, d->wrap_s);
            const int64_t yi = ref_fold((int64_t)fv + q, d->height, d->wrap_t);
            r += (p ? a : 1 - a) * (q ? b : 1 - b) * x->rows[4 * (yi * d->width + xi) + c];
        }
    return r;
}

/* The quad's lines and clocks from the reference footprints. */
static void ref_lines(const ref_sample_t r[4], uint32_t *lines, uint32_t *clocks)
{
    int64_t bx[16], by[16];
    unsigned n = 0, bank[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4; k++)
        for (int q = 0; q < 2; q++)
            for (int p = 0; p < 2; p++) {
                const int64_t x = r[k].x[p] / 4, y = r[k].y[q] / 4;
                unsigned i = 0;
                while (i < n && (bx[i] != x || by[i] != y))
                    i++;
                if (i == n) {
                    bx[n] = x;
                    by[n++] = y;
                    bank[(x % 2) + 2 * (y % 2)]++;
                }
            }
    *lines = n;
    *clocks = 1;
    for (int b = 0; b < 4; b++)
        *clocks = bank[b] > *clocks ? bank[b] : *clocks;
}

/* ---- coordinates ---- */

/* A coordinate along an axis of n texels: one of the interesting kinds. */
static int32_t coord(uint32_t n)
{
    int lg = 0;
    while ((1u << lg) < n)
        lg++;
    const int64_t edge_i = (int64_t)rnd(5 * n) - 2 * (int64_t)n; /* texel -2n .. 3n */
    switch (rnd(8)) {
    case 0:
        return (int32_t)(uint32_t)rnd64();
    case 1: /* within [-3, 3) of the texture */
        return (int32_t)((int64_t)rnd(6u << 24) - (3 << 24));
    case 2: /* a texel center */
        return (int32_t)((2 * edge_i + 1) * (1 << (23 - lg)));
    case 3: /* a texel edge */
        return (int32_t)(edge_i * (1 << (24 - lg)));
    case 4: /* next to a center or an edge */
        return (int32_t)(edge_i * (1 << (23 - lg)) + (rnd(2) ? 1 : -1));
    case 5:
        return rnd(2) ? INT32_MIN : INT32_MAX;
    default: /* within the texture */
        return (int32_t)rnd(1u << 24);
    }
}

/* ---- the random comparison ---- */

static unsigned quads_total, one_clock_quads, shown;

/* Run one quad through the model and the reference; returns the model's info. */
static gx_tex_quad_info_t run_quad(gx_tex_cache_t *c, tex_t *x, const int32_t s[4],
                                   const int32_t t[4], unsigned *bad, unsigned *bad_lines,
                                   unsigned *bad_exact)
{
    uint8_t out[4][4];
    gx_tex_quad_info_t qi;
    const uint64_t misses = c->st.misses;
    CHECK(gx_tex_quad(c, &x->d, s, t, out, &qi) == GX_TEX_OK, "quad accepted");
    ref_sample_t r[4];
    for (int k = 0; k < 4; k++) {
        r[k] = ref_sample(x, s[k], t[k]);
        if (memcmp(out[k], r[k].rgba, 4)) {
            ++*bad;
            if (++shown <= 20)
                printf("  %ux%u filter %u wrap %u/%u s %d t %d: model %02x%02x%02x%02x, "
                       "reference %02x%02x%02x%02x\n", x->d.width, x->d.height, x->d.filter,
                       x->d.wrap_s, x->d.wrap_t, s[k], t[k], out[k][0], out[k][1], out[k][2],
                       out[k][3], r[k].rgba[0], r[k].rgba[1], r[k].rgba[2], r[k].rgba[3]);
        }
        if (x->d.filter == GX_TEX_BILINEAR)
            for (int ch = 0; ch < 4; ch++)
                *bad_exact += fabs(out[k][ch] - exact_bilinear(x, s[k], t[k], ch)) > 2.5;
    }
    uint32_t lines, clocks;
    ref_lines(r, &lines, &clocks);
    *bad_lines += qi.lines != lines || qi.clocks != clocks || qi.hits + qi.misses != lines ||
                  c->st.misses - misses != qi.misses;
    quads_total++;
    return qi;
}

static const uint32_t modes[4][2] = {{GX_TEX_WRAP, GX_TEX_WRAP},
                                     {GX_TEX_CLAMP, GX_TEX_CLAMP},
                                     {GX_TEX_WRAP, GX_TEX_CLAMP},
                                     {GX_TEX_CLAMP, GX_TEX_WRAP}};

static void test_random(unsigned quads)
{
    for (unsigned lw = 0; lw <= GX_TEX_MAX_LG; lw++)
        for (unsigned lh = 0; lh <= GX_TEX_MAX_LG; lh++) {
            tex_t x;
            tex_new(&x, 1u << lw, 1u << lh, (uint64_t)GX_TEX_LINE * rnd(1u << 20));
            /* runs of equal texels, as images have, besides noise */
            for (size_t i = 1; i < (size_t)x.d.width * x.d.height; i++)
                if (rnd(3) == 0)
                    memcpy(x.rows + 4 * i, x.rows + 4 * (i - 1), 4);
            tex_store(&x);
            unsigned bad = 0, bad_lines = 0, bad_exact = 0, wide = 0;
            for (unsigned f = 0; f < 2; f++)
                for (unsigned m = 0; m < 4; m++) {
                    x.d.filter = f;
                    x.d.wrap_s = modes[m][0];
                    x.d.wrap_t = modes[m][1];
                    gx_tex_cache_t c;
                    gx_tex_cache_init(&c, mem_read, &x.m);
                    x.m.reads = x.m.read_bytes = 0;
                    for (unsigned q = 0; q < quads; q++) {
                        int32_t s[4], t[4];
                        const int near = rnd(2);
                        for (int k = 0; k < 4; k++) {
                            if (near && k) { /* a quad: samples near sample 0 */
                                s[k] = (int32_t)((int64_t)s[0] + (int64_t)rnd(1u << 21) -
                                                 (1 << 20));
                                t[k] = (int32_t)((int64_t)t[0] + (int64_t)rnd(1u << 21) -
                                                 (1 << 20));
                                continue;
                            }
                            s[k] = coord(x.d.width);
                            t[k] = coord(x.d.height);
                        }
                        const gx_tex_quad_info_t qi =
                            run_quad(&c, &x, s, t, &bad, &bad_lines, &bad_exact);
                        wide += qi.clocks > 1;
                    }
                    CHECK(c.st.quads == quads && c.st.bytes == GX_TEX_LINE * c.st.misses &&
                              x.m.read_bytes == c.st.bytes && x.m.reads == c.st.misses &&
                              !x.m.bad,
                          "%ux%u f %u m %u: counts: quads %llu, misses %llu, bytes %llu, "
                          "reads %llu (%llu bytes), %llu outside the texture",
                          x.d.width, x.d.height, f, m, (unsigned long long)c.st.quads,
                          (unsigned long long)c.st.misses, (unsigned long long)c.st.bytes,
                          (unsigned long long)x.m.reads, (unsigned long long)x.m.read_bytes,
                          (unsigned long long)x.m.bad);
                }
            CHECK(!bad && !bad_lines && !bad_exact,
                  "%ux%u: %u samples differ from the reference, %u quads' lines or clocks, "
                  "%u channels beyond 2.5 of the exact bilinear", x.d.width, x.d.height, bad,
                  bad_lines, bad_exact);
            one_clock_quads += wide;
            tex_free(&x);
        }
    printf("test_tex: %u quads against the reference, %u of them over one clock; sample "
           "axes wrapped %llu, clamped %llu, bilinear fraction 0 %llu, 255 %llu, point on a "
           "texel edge %llu\n", quads_total, one_clock_quads, (unsigned long long)cov_wrapped,
           (unsigned long long)cov_clamped, (unsigned long long)cov_frac0,
           (unsigned long long)cov_frac255, (unsigned long long)cov_edge);
    CHECK(cov_wrapped && cov_clamped && cov_frac0 && cov_frac255 && cov_edge,
          "coverage: a kind of sample axis never seen");
}

/* Quads within 3 texels (point) or 2 texels (bilinear) per axis: at most 4 lines, one
 * clock, at every size and mode. */
static void test_one_clock(unsigned quads)
{
    unsigned over = 0, most = 0, total = 0;
    for (unsigned lw = 0; lw <= GX_TEX_MAX_LG; lw++)
        for (unsigned lh = 0; lh <= GX_TEX_MAX_LG; lh++) {
            tex_t x;
            tex_new(&x, 1u << lw, 1u << lh, 0);
            tex_store(&x);
            unsigned bad = 0, bad_lines = 0, bad_exact = 0;
            for (unsigned f = 0; f < 2; f++)
                for (unsigned m = 0; m < 4; m++) {
                    x.d.filter = f;
                    x.d.wrap_s = modes[m][0];
                    x.d.wrap_t = modes[m][1];
                    gx_tex_cache_t c;
                    gx_tex_cache_init(&c, mem_read, &x.m);
                    /* span in coordinate units: 3 or 2 texels */
                    const int64_t sx = (int64_t)(f ? 2 : 3) << (24 - lw);
                    const int64_t sy = (int64_t)(f ? 2 : 3) << (24 - lh);
                    for (unsigned q = 0; q < quads; q++) {
                        int32_t s[4], t[4];
                        const int64_t s0 = (int64_t)coord(x.d.width) / 2;
                        const int64_t t0 = (int64_t)coord(x.d.height) / 2;
                        for (int k = 0; k < 4; k++) {
                            /* the extremes of the span on some quads */
                            const unsigned e = rnd(4);
                            s[k] = (int32_t)(s0 + (e == 0 ? 0 : e == 1 ? sx
                                                  : (int64_t)(rnd64() % (uint64_t)(sx + 1))));
                            t[k] = (int32_t)(t0 + (e == 0 ? sy : e == 1 ? 0
                                                  : (int64_t)(rnd64() % (uint64_t)(sy + 1))));
                        }
                        const gx_tex_quad_info_t qi =
                            run_quad(&c, &x, s, t, &bad, &bad_lines, &bad_exact);
                        over += qi.lines > 4 || qi.clocks != 1;
                        most = qi.lines > most ? qi.lines : most;
                        total++;
                    }
                }
            CHECK(!bad && !bad_lines && !bad_exact, "%ux%u: near quads: %u samples differ, "
                  "%u lines or clocks, %u beyond the exact bilinear", x.d.width, x.d.height,
                  bad, bad_lines, bad_exact);
            tex_free(&x);
        }
    CHECK(!over && most == 4, "near quads: %u of %u over 4 lines or one clock; most lines %u",
          over, total, most);
}

/* ---- directed ---- */

static int32_t center(uint32_t i, uint32_t n)
{
    return (int32_t)(((2 * (int64_t)i + 1) << 23) / n);
}

static void sample1(tex_t *x, int32_t s, int32_t t, uint8_t out[4])
{
    gx_tex_cache_t c;
    gx_tex_cache_init(&c, mem_read, &x->m);
    const int32_t ss[4] = {s, s, s, s}, tt[4] = {t, t, t, t};
    uint8_t o[4][4];
    CHECK(gx_tex_quad(&c, &x->d, ss, tt, o, NULL) == GX_TEX_OK, "sample accepted");
    memcpy(out, o[0], 4);
}

static const uint8_t *texel(const tex_t *x, uint32_t i, uint32_t j)
{
    return x->rows + 4 * ((size_t)j * x->d.width + i);
}

static void test_directed(void)
{
    tex_t x;
    uint8_t o[4];
    /* 1x1: the texel, any coordinate, filter, mode */
    tex_new(&x, 1, 1, 64);
    tex_store(&x);
    unsigned bad = 0;
    for (unsigned i = 0; i < 2000; i++) {
        x.d.filter = rnd(2);
        x.d.wrap_s = rnd(2);
        x.d.wrap_t = rnd(2);
        sample1(&x, coord(1), coord(1), o);
        bad += memcmp(o, x.rows, 4) != 0;
    }
    CHECK(!bad && gx_tex_bytes(&x.d) == 64, "1x1: %u samples not the texel", bad);
    tex_free(&x);

    /* 2048x1: centers exact; halfway between two texels their mean, halves up */
    tex_new(&x, 2048, 1, 0);
    tex_store(&x);
    CHECK(gx_tex_bytes(&x.d) == 512 * 64, "2048x1 takes 512 lines");
    bad = 0;
    for (unsigned i = 0; i < 2048; i++) {
        x.d.filter = GX_TEX_BILINEAR;
        x.d.wrap_s = i & 1;
        x.d.wrap_t = (i >> 1) & 1;
        sample1(&x, center(i, 2048), coord(1), o);
        bad += memcmp(o, texel(&x, i, 0), 4) != 0;
        x.d.filter = GX_TEX_POINT;
        sample1(&x, center(i, 2048), coord(1), o);
        bad += memcmp(o, texel(&x, i, 0), 4) != 0;
        if (i + 1 < 2048) {
            x.d.filter = GX_TEX_BILINEAR;
            sample1(&x, (int32_t)((i + 1) << 13), 0, o); /* the edge between i and i + 1 */
            for (int c = 0; c < 4; c++)
                bad += o[c] != (texel(&x, i, 0)[c] + texel(&x, i + 1, 0)[c] + 1) / 2;
        }
    }
    CHECK(!bad, "2048x1: %u samples wrong", bad);

    /* wrap across the seam: at s = 0 the mean of the last and the first texel; clamp:
     * the first texel; at s = 1.0 the same with the first and the last */
    x.d.filter = GX_TEX_BILINEAR;
    x.d.wrap_s = GX_TEX_WRAP;
    sample1(&x, 0, 0, o);
    bad = 0;
    for (int c = 0; c < 4; c++)
        bad += o[c] != (texel(&x, 2047, 0)[c] + texel(&x, 0, 0)[c] + 1) / 2;
    sample1(&x, 1 << 24, 0, o);
    for (int c = 0; c < 4; c++)
        bad += o[c] != (texel(&x, 2047, 0)[c] + texel(&x, 0, 0)[c] + 1) / 2;
    x.d.wrap_s = GX_TEX_CLAMP;
    sample1(&x, 0, 0, o);
    bad += memcmp(o, texel(&x, 0, 0), 4) != 0;
    sample1(&x, 1 << 24, 0, o);
    bad += memcmp(o, texel(&x, 2047, 0), 4) != 0;
    sample1(&x, INT32_MIN, 0, o);
    bad += memcmp(o, texel(&x, 0, 0), 4) != 0;
    sample1(&x, INT32_MAX, 0, o);
    bad += memcmp(o, texel(&x, 2047, 0), 4) != 0;
    x.d.filter = GX_TEX_POINT;
    sample1(&x, -1, 0, o);
    bad += memcmp(o, texel(&x, 0, 0), 4) != 0;
    x.d.wrap_s = GX_TEX_WRAP;
    sample1(&x, -1, 0, o);
    bad += memcmp(o, texel(&x, 2047, 0), 4) != 0;
    sample1(&x, 1 << 13, 0, o); /* on the edge of texels 0 and 1: texel 1 */
    bad += memcmp(o, texel(&x, 1, 0), 4) != 0;
    CHECK(!bad, "2048x1 seam and edges: %u wrong", bad);
    tex_free(&x);

    /* a checkerboard at texel centers gives the texels exactly, every size and mode */
    bad = 0;
    for (unsigned lw = 0; lw <= GX_TEX_MAX_LG; lw++)
        for (unsigned lh = 0; lh <= GX_TEX_MAX_LG; lh += 1 + rnd(3)) {
            tex_new(&x, 1u << lw, 1u << lh, 0);
            for (uint32_t j = 0; j < x.d.height; j++)
                for (uint32_t i = 0; i < x.d.width; i++)
                    memset(x.rows + 4 * ((size_t)j * x.d.width + i), (i + j) & 1 ? 255 : 0, 4);
            tex_store(&x);
            for (unsigned k = 0; k < 64; k++) {
                const uint32_t i = rnd(x.d.width), j = rnd(x.d.height);
                x.d.filter = rnd(2);
                x.d.wrap_s = rnd(2);
                x.d.wrap_t = rnd(2);
                sample1(&x, center(i, x.d.width), center(j, x.d.height), o);
                bad += memcmp(o, texel(&x, i, j), 4) != 0;
            }
            tex_free(&x);
        }
    CHECK(!bad, "checkerboard at centers: %u samples not the texel", bad);

    /* a constant texture gives the constant anywhere */
    bad = 0;
    tex_new(&x, 32, 8, 0);
    const uint8_t k4[4] = {0x12, 0xfe, 0x80, 0x01};
    for (size_t i = 0; i < 32 * 8; i++)
        memcpy(x.rows + 4 * i, k4, 4);
    tex_store(&x);
    for (unsigned k = 0; k < 4000; k++) {
        x.d.filter = rnd(2);
        x.d.wrap_s = rnd(2);
        x.d.wrap_t = rnd(2);
        sample1(&x, coord(32), coord(8), o);
        bad += memcmp(o, k4, 4) != 0;
    }
    CHECK(!bad, "constant texture: %u samples differ", bad);
    tex_free(&x);

    /* clamp at the four edges and corners of an 8x4 texture, bilinear */
    tex_new(&x, 8, 4, 0);
    tex_store(&x);
    x.d.filter = GX_TEX_BILINEAR;
    x.d.wrap_s = x.d.wrap_t = GX_TEX_CLAMP;
    bad = 0;
    const int32_t lo[3] = {INT32_MIN, -(1 << 24), 0}, hi[3] = {1 << 24, 3 << 24, INT32_MAX};
    for (int k = 0; k < 3; k++) {
        sample1(&x, lo[k], lo[k], o);
        bad += memcmp(o, texel(&x, 0, 0), 4) != 0;
        sample1(&x, hi[k], lo[k], o);
        bad += memcmp(o, texel(&x, 7, 0), 4) != 0;
        sample1(&x, lo[k], hi[k], o);
        bad += memcmp(o, texel(&x, 0, 3), 4) != 0;
        sample1(&x, hi[k], hi[k], o);
        bad += memcmp(o, texel(&x, 7, 3), 4) != 0;
        sample1(&x, center(5, 8), hi[k], o); /* along the bottom edge: the texel below */
        bad += memcmp(o, texel(&x, 5, 3), 4) != 0;
    }
    CHECK(!bad, "clamp at the edges: %u wrong", bad);
    tex_free(&x);

    /* the layout: 4x4 blocks in rows of blocks */
    bad = 0;
    for (unsigned lw = 0; lw <= 6; lw++)
        for (unsigned lh = 0; lh <= 6; lh++) {
            gx_tex_desc_t d = {0, 1u << lw, 1u << lh, 0, 0, 0};
            const uint32_t bw = d.width < 4 ? 1 : d.width / 4;
            for (uint32_t y = 0; y < d.height; y++)
                for (uint32_t i = 0; i < d.width; i++)
                    bad += gx_tex_texel_offset(&d, i, y) !=
                           64 * ((y / 4) * bw + i / 4) + 16 * (y % 4) + 4 * (i % 4);
            const uint32_t bh = d.height < 4 ? 1 : d.height / 4;
            bad += gx_tex_bytes(&d) != 64ull * bw * bh;
        }
    CHECK(!bad, "layout: %u offsets or sizes wrong", bad);
}

/* ---- cache ---- */

/* Point quads on every aligned 2x2 of texels of x (stored), in row order; two scans from
 * an empty cache c. Gives the misses and hits of each scan. */
static void scan(tex_t *x, gx_tex_cache_t *c, uint64_t misses[2], uint64_t hits[2])
{
    gx_tex_cache_init(c, mem_read, &x->m);
    for (int p = 0; p < 2; p++) {
        const uint64_t m0 = c->st.misses, h0 = c->st.hits;
        for (uint32_t qy = 0; qy < x->d.height; qy += 2)
            for (uint32_t qx = 0; qx < x->d.width; qx += 2) {
                int32_t s[4], t[4];
                uint8_t o[4][4];
                for (int k = 0; k < 4; k++) {
                    s[k] = center(qx + (k & 1), x->d.width);
                    t[k] = center(qy + (k >> 1), x->d.height);
                }
                gx_tex_quad(c, &x->d, s, t, o, NULL);
            }
        misses[p] = c->st.misses - m0;
        hits[p] = c->st.hits - h0;
    }
}

static void test_cache(void)
{
    tex_t x;
    gx_tex_cache_t c;
    uint64_t m[2], h[2];
    /* 16x16: 16 blocks, all fit: the first scan misses each once, the second hits all */
    tex_new(&x, 16, 16, 4096);
    tex_store(&x);
    scan(&x, &c, m, h);
    CHECK(m[0] == 16 && h[0] == 48 && m[1] == 0 && h[1] == 64 && c.st.bytes == 16 * 64 &&
              c.st.clocks == 128 && c.st.lines_hist[1] == 128,
          "16x16 scans: misses %llu, %llu, hits %llu, %llu", (unsigned long long)m[0],
          (unsigned long long)m[1], (unsigned long long)h[0], (unsigned long long)h[1]);
    tex_free(&x);
    /* 64x32: 16x8 = 128 blocks, the cache's size; each set of each bank gets two (bx and
     * bx + 8): the first scan misses each block once, the second hits everything */
    tex_new(&x, 64, 32, 0);
    tex_store(&x);
    scan(&x, &c, m, h);
    CHECK(m[0] == 128 && h[0] == 384 && m[1] == 0 && h[1] == 512,
          "64x32 scans: misses %llu, %llu, hits %llu, %llu", (unsigned long long)m[0],
          (unsigned long long)m[1], (unsigned long long)h[0], (unsigned long long)h[1]);
    tex_free(&x);
    /* 64x64: 256 blocks; a row of 16 blocks fills 2 banks x 4 sets x 2 ways, so a block's
     * second quad row hits; block rows by and by + 8 share sets, so nothing survives to
     * the next scan: 256 misses and 768 hits each time */
    tex_new(&x, 64, 64, 0);
    tex_store(&x);
    scan(&x, &c, m, h);
    CHECK(m[0] == 256 && h[0] == 768 && m[1] == 256 && h[1] == 768 &&
              c.st.bytes == 512 * 64,
          "64x64 scans: misses %llu, %llu, hits %llu, %llu", (unsigned long long)m[0],
          (unsigned long long)m[1], (unsigned long long)h[0], (unsigned long long)h[1]);
    /* LRU: blocks A (0, 0), B (8, 0), C (0, 8) share bank 0, set 0.
     * A miss, B miss, A hit, C miss (replaces B), A hit, B miss (replaces C), C miss. */
    gx_tex_cache_init(&c, mem_read, &x.m);
    x.d.filter = GX_TEX_POINT;
    static const uint32_t seq[7][2] = {{0, 0}, {8, 0}, {0, 0}, {0, 8}, {0, 0}, {8, 0}, {0, 8}};
    static const uint8_t hit[7] = {0, 0, 1, 0, 1, 0, 0};
    unsigned bad = 0;
    for (int i = 0; i < 7; i++) {
        const int32_t s = center(4 * seq[i][0] + 1, 64), t = center(4 * seq[i][1] + 2, 64);
        const int32_t ss[4] = {s, s, s, s}, tt[4] = {t, t, t, t};
        uint8_t o[4][4];
        gx_tex_quad_info_t qi;
        gx_tex_quad(&c, &x.d, ss, tt, o, &qi);
        bad += qi.lines != 1 || qi.hits != hit[i] ||
               memcmp(o[3], texel(&x, 4 * seq[i][0] + 1, 4 * seq[i][1] + 2), 4);
    }
    CHECK(!bad && c.st.hits == 2 && c.st.misses == 5, "LRU: %u quads wrong", bad);
    /* four samples in four blocks of one bank: 4 lines, 4 clocks */
    {
        const int32_t s[4] = {center(1, 64), center(33, 64), center(1, 64), center(33, 64)};
        const int32_t t[4] = {center(1, 64), center(1, 64), center(33, 64), center(33, 64)};
        uint8_t o[4][4];
        gx_tex_quad_info_t qi;
        gx_tex_quad(&c, &x.d, s, t, o, &qi);
        CHECK(qi.lines == 4 && qi.clocks == 4, "one bank: %u lines, %u clocks", qi.lines,
              qi.clocks);
    }
    tex_free(&x);

    /* two textures in one memory share the cache; tags tell them apart */
    tex_t a, b;
    tex_new(&a, 32, 32, 0);
    tex_new(&b, 64, 16, 0);
    b.d.base = gx_tex_bytes(&a.d);
    mem_t mm = {0, NULL, gx_tex_bytes(&a.d) + gx_tex_bytes(&b.d), 0, 0, 0};
    mm.bytes = malloc(mm.len);
    gx_tex_store(&a.d, a.rows, mm.bytes);
    gx_tex_store(&b.d, b.rows, mm.bytes + b.d.base);
    gx_tex_cache_init(&c, mem_read, &mm);
    unsigned bd = 0, bl = 0, be = 0;
    for (unsigned q = 0; q < 4000; q++) {
        tex_t *x2 = rnd(2) ? &a : &b;
        x2->d.filter = rnd(2);
        x2->d.wrap_s = rnd(2);
        x2->d.wrap_t = rnd(2);
        int32_t s[4], t[4];
        for (int k = 0; k < 4; k++) {
            s[k] = coord(x2->d.width);
            t[k] = coord(x2->d.height);
        }
        run_quad(&c, x2, s, t, &bd, &bl, &be);
    }
    CHECK(!bd && !bl && !be && !mm.bad && c.st.hits > 0,
          "two textures: %u samples differ, %u quads' lines, %llu reads outside", bd, bl,
          (unsigned long long)mm.bad);
    /* after the memory changes, a flush makes the cache read it again */
    for (size_t i = 0; i < 32 * 32 * 4; i++)
        a.rows[i] ^= 0x5a;
    gx_tex_store(&a.d, a.rows, mm.bytes);
    gx_tex_cache_flush(&c);
    bd = bl = be = 0;
    for (unsigned q = 0; q < 200; q++) {
        int32_t s[4], t[4];
        for (int k = 0; k < 4; k++) {
            s[k] = coord(32);
            t[k] = coord(32);
        }
        run_quad(&c, &a, s, t, &bd, &bl, &be);
    }
    CHECK(!bd && !bl, "after a flush: %u samples differ", bd);
    free(mm.bytes);
    tex_free(&a);
    tex_free(&b);
}

/* ---- rejected ---- */

static void test_rejected(void)
{
    static const uint32_t bad_sizes[] = {0, 3, 5, 6, 12, 4096, 1u << 31, UINT32_MAX, 2047};
    gx_tex_desc_t ok = {1u << 20, 16, 8, GX_TEX_BILINEAR, GX_TEX_WRAP, GX_TEX_CLAMP};
    CHECK(gx_tex_check(&ok) == GX_TEX_OK, "a good descriptor accepted");
    gx_tex_desc_t all[32];
    gx_tex_err_t want[32];
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
        all[n] = ok;
        all[n].width = bad_sizes[i];
        want[n++] = GX_TEX_ESIZE;
        all[n] = ok;
        all[n].height = bad_sizes[i];
        want[n++] = GX_TEX_ESIZE;
    }
    all[n] = ok, all[n].filter = 2, want[n++] = GX_TEX_EFILTER;
    all[n] = ok, all[n].filter = UINT32_MAX, want[n++] = GX_TEX_EFILTER;
    all[n] = ok, all[n].wrap_s = 2, want[n++] = GX_TEX_EWRAP;
    all[n] = ok, all[n].wrap_t = 7, want[n++] = GX_TEX_EWRAP;
    all[n] = ok, all[n].base = 32, want[n++] = GX_TEX_EBASE;
    all[n] = ok, all[n].base = 1, want[n++] = GX_TEX_EBASE;
    /* 16x8 takes 512 bytes: the last base that fits ends at 2^64 exactly */
    all[n] = ok, all[n].base = UINT64_MAX - 511 + 64, want[n++] = GX_TEX_EBASE;
    all[n] = ok, all[n].base = 0 - (uint64_t)GX_TEX_LINE, want[n++] = GX_TEX_EBASE;
    unsigned bad = 0;
    mem_t m = {0, NULL, 0, 0, 0, 0};
    gx_tex_cache_t c;
    gx_tex_cache_init(&c, mem_read, &m);
    for (unsigned i = 0; i < n; i++) {
        uint8_t out[4][4], rows[4] = {1, 2, 3, 4}, mem[4] = {9, 9, 9, 9};
        memset(out, 0xab, sizeof out);
        gx_tex_quad_info_t qi = {7, 7, 7, 7};
        const int32_t s[4] = {0, 1, 2, 3};
        bad += gx_tex_check(&all[i]) != want[i];
        bad += gx_tex_quad(&c, &all[i], s, s, out, &qi) != want[i];
        bad += gx_tex_store(&all[i], rows, mem) != want[i] || mem[0] != 9;
        bad += gx_tex_bytes(&all[i]) != 0;
        for (unsigned k = 0; k < 16; k++)
            bad += ((uint8_t *)out)[k] != 0xab;
        bad += qi.lines != 7 || qi.clocks != 7;
    }
    CHECK(!bad && !c.st.quads && !m.reads, "%u descriptors: %u wrong answers, %llu reads", n,
          bad, (unsigned long long)m.reads);
    ok.base = 0 - (uint64_t)512;
    CHECK(gx_tex_check(&ok) == GX_TEX_OK, "a texture ending at 2^64 accepted");
}

int main(void)
{
    check_seed("test_tex");
    test_rejected();
    test_directed();
    test_cache();
    test_one_clock(200);
    test_random(300);
    return check_summary();
}
