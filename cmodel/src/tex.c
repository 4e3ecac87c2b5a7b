/* The texture unit: descriptor, layout, address and filter stages, texture cache
 * (gx/tex.h, docs/texture.md). */
#include "gx/tex.h"

#include <string.h>

/* log2 of a power of two n in 1..2048, or -1 when n is not one. */
static int lg_size(uint32_t n)
{
    for (unsigned k = 0; k <= GX_TEX_MAX_LG; k++)
        if (n == 1u << k)
            return (int)k;
    return -1;
}

static uint32_t blocks(uint32_t n)
{
    return n >= 4 ? n >> 2 : 1;
}

gx_tex_err_t gx_tex_check(const gx_tex_desc_t *d)
{
    if (lg_size(d->width) < 0 || lg_size(d->height) < 0)
        return GX_TEX_ESIZE;
    if (d->filter != GX_TEX_POINT && d->filter != GX_TEX_BILINEAR)
        return GX_TEX_EFILTER;
    if ((d->wrap_s != GX_TEX_WRAP && d->wrap_s != GX_TEX_CLAMP) ||
        (d->wrap_t != GX_TEX_WRAP && d->wrap_t != GX_TEX_CLAMP))
        return GX_TEX_EWRAP;
    const uint64_t bytes = (uint64_t)GX_TEX_LINE * blocks(d->width) * blocks(d->height);
    if (d->base % GX_TEX_LINE || d->base > UINT64_MAX - bytes + 1)
        return GX_TEX_EBASE;
    return GX_TEX_OK;
}

uint64_t gx_tex_bytes(const gx_tex_desc_t *d)
{
    if (gx_tex_check(d) != GX_TEX_OK)
        return 0;
    return (uint64_t)GX_TEX_LINE * blocks(d->width) * blocks(d->height);
}

/* Offset of the line holding block (bx, by). */
static uint64_t line_offset(const gx_tex_desc_t *d, uint32_t bx, uint32_t by)
{
    return (uint64_t)GX_TEX_LINE * ((uint64_t)by * blocks(d->width) + bx);
}

/* Byte of texel (x, y) within its line. */
static uint32_t in_line(uint32_t x, uint32_t y)
{
    return 4 * (4 * (y & 3) + (x & 3));
}

uint64_t gx_tex_texel_offset(const gx_tex_desc_t *d, uint32_t x, uint32_t y)
{
    return line_offset(d, x >> 2, y >> 2) + in_line(x, y);
}

gx_tex_err_t gx_tex_store(const gx_tex_desc_t *d, const uint8_t *rows, uint8_t *mem)
{
    const gx_tex_err_t e = gx_tex_check(d);
    if (e != GX_TEX_OK)
        return e;
    memset(mem, 0, (size_t)gx_tex_bytes(d));
    for (uint32_t y = 0; y < d->height; y++)
        for (uint32_t x = 0; x < d->width; x++)
            memcpy(mem + gx_tex_texel_offset(d, x, y), rows + 4 * ((size_t)y * d->width + x), 4);
    return GX_TEX_OK;
}

/* floor(v / 2^k) for any v: the arithmetic shift, written without shifting a negative. */
static int64_t floor_shift(int64_t v, unsigned k)
{
    return v >= 0 ? v >> k : -(((-(v + 1)) >> k) + 1);
}

/* The texel index i on an axis of n = 2^lg texels, after wrap or clamp. */
static uint32_t fold(int64_t i, unsigned lg, uint32_t mode)
{
    const int64_t n = (int64_t)1 << lg;
    if (mode == GX_TEX_WRAP)
        return (uint32_t)(i - n * floor_shift(i, lg)); /* i mod n, in 0..n - 1 */
    return (uint32_t)(i < 0 ? 0 : i >= n ? n - 1 : i);
}

/* One axis: U = c n in texel space (Q20.24); the indices and the fraction. */
static void axis(int32_t c, unsigned lg, uint32_t mode, int bilinear, uint32_t idx[2],
                 uint32_t *frac)
{
    const int64_t u = (int64_t)c * ((int64_t)1 << lg);
    if (!bilinear) {
        idx[0] = idx[1] = fold(floor_shift(u, GX_TEX_FBITS), lg, mode);
        *frac = 0;
        return;
    }
    const int64_t v = u - ((int64_t)1 << (GX_TEX_FBITS - 1));
    const int64_t i0 = floor_shift(v, GX_TEX_FBITS);
    idx[0] = fold(i0, lg, mode);
    idx[1] = fold(i0 + 1, lg, mode);
    /* v - 2^24 i0 is v's fraction, 0..2^24 - 1; its top GX_TEX_WBITS bits */
    const int64_t fr = v - i0 * ((int64_t)1 << GX_TEX_FBITS);
    *frac = (uint32_t)(fr >> (GX_TEX_FBITS - GX_TEX_WBITS));
}

gx_tex_foot_t gx_tex_addr(const gx_tex_desc_t *d, int32_t s, int32_t t)
{
    gx_tex_foot_t f;
    const int bl = d->filter == GX_TEX_BILINEAR;
    axis(s, (unsigned)lg_size(d->width), d->wrap_s, bl, f.x, &f.a);
    axis(t, (unsigned)lg_size(d->height), d->wrap_t, bl, f.y, &f.b);
    return f;
}

void gx_tex_blend(const gx_tex_foot_t *f, const uint8_t c00[4], const uint8_t c10[4],
                  const uint8_t c01[4], const uint8_t c11[4], uint8_t out[4])
{
    const uint32_t one = 1u << GX_TEX_WBITS, a = f->a, b = f->b;
    for (unsigned c = 0; c < 4; c++) {
        /* each row's lerp: at most 256 * 255, 16 bits; the column's: 24 bits */
        const uint32_t r0 = (one - a) * c00[c] + a * c10[c];
        const uint32_t r1 = (one - a) * c01[c] + a * c11[c];
        const uint32_t sum = (one - b) * r0 + b * r1;
        out[c] = (uint8_t)((sum + (1u << (2 * GX_TEX_WBITS - 1))) >> (2 * GX_TEX_WBITS));
    }
}

void gx_tex_cache_init(gx_tex_cache_t *c, gx_tex_read_fn read, void *ctx)
{
    memset(c, 0, sizeof *c);
    c->read = read;
    c->ctx = ctx;
}

void gx_tex_cache_flush(gx_tex_cache_t *c)
{
    memset(c->valid, 0, sizeof c->valid);
    memset(c->lru, 0, sizeof c->lru);
}

/* A line of the quad: the block it holds and its bytes, copied when it is looked up (the
 * quad's line registers: a later lookup of the same quad may replace the cache's way). */
typedef struct qline {
    uint32_t bx, by;
    uint8_t data[GX_TEX_LINE];
} qline_t;

/* The texture's set offset: bits 12 and up of its base folded into 4 bits by XOR, so
 * textures at different 4 KB pages sampled at the same block coordinates use different
 * sets (in hardware: an XOR tree computed once when the descriptor is loaded). */
static unsigned base_hash(uint64_t base)
{
    unsigned h = 0;
    for (uint64_t b = base >> 12; b; b >>= 4)
        h ^= (unsigned)(b & 15);
    return h;
}

/* Look up block (bx, by) of d (set_off: d's base_hash): a hit, or a miss that fills a way.
 * Returns the line's data and counts into info. */
static const uint8_t *lookup(gx_tex_cache_t *c, const gx_tex_desc_t *d, unsigned set_off,
                             uint32_t bx, uint32_t by, gx_tex_quad_info_t *info)
{
    const unsigned bank = (bx & 1) + 2 * (by & 1);
    const unsigned set = (((bx >> 1) & 3) + 4 * ((by >> 1) & 3)) ^ set_off;
    const uint64_t addr = d->base + line_offset(d, bx, by);
    for (unsigned w = 0; w < GX_TEX_WAYS; w++)
        if (c->valid[bank][set][w] && c->tag[bank][set][w] == addr) {
            c->lru[bank][set] = (uint8_t)(1 - w);
            info->hits++;
            return c->data[bank][set][w];
        }
    unsigned w = c->lru[bank][set];
    if (!c->valid[bank][set][0])
        w = 0;
    else if (!c->valid[bank][set][1])
        w = 1;
    c->read(c->ctx, addr, GX_TEX_LINE, c->data[bank][set][w]);
    c->valid[bank][set][w] = 1;
    c->tag[bank][set][w] = addr;
    c->lru[bank][set] = (uint8_t)(1 - w);
    info->misses++;
    return c->data[bank][set][w];
}

gx_tex_err_t gx_tex_quad(gx_tex_cache_t *c, const gx_tex_desc_t *d, const int32_t s[4],
                         const int32_t t[4], uint8_t out[4][4], gx_tex_quad_info_t *info)
{
    const gx_tex_err_t e = gx_tex_check(d);
    if (e != GX_TEX_OK)
        return e;
    gx_tex_quad_info_t q = {0, 0, 0, 0};
    const unsigned set_off = base_hash(d->base);
    gx_tex_foot_t f[4];
    qline_t ln[GX_TEX_QUAD_MAX_LINES];
    unsigned per_bank[GX_TEX_BANKS] = {0, 0, 0, 0};
    for (unsigned k = 0; k < 4; k++) {
        f[k] = gx_tex_addr(d, s[k], t[k]);
        uint8_t texel[4][4]; /* c00, c10, c01, c11 */
        for (unsigned j = 0; j < 4; j++) {
            const uint32_t x = f[k].x[j & 1], y = f[k].y[j >> 1];
            unsigned l = 0;
            while (l < q.lines && (ln[l].bx != x >> 2 || ln[l].by != y >> 2))
                l++;
            if (l == q.lines) {
                ln[l].bx = x >> 2;
                ln[l].by = y >> 2;
                memcpy(ln[l].data, lookup(c, d, set_off, x >> 2, y >> 2, &q), GX_TEX_LINE);
                per_bank[(ln[l].bx & 1) + 2 * (ln[l].by & 1)]++;
                q.lines++;
            }
            memcpy(texel[j], ln[l].data + in_line(x, y), 4);
        }
        gx_tex_blend(&f[k], texel[0], texel[1], texel[2], texel[3], out[k]);
    }
    q.clocks = 1;
    for (unsigned b = 0; b < GX_TEX_BANKS; b++)
        q.clocks = per_bank[b] > q.clocks ? per_bank[b] : q.clocks;
    c->st.quads++;
    c->st.hits += q.hits;
    c->st.misses += q.misses;
    c->st.bytes += (uint64_t)GX_TEX_LINE * q.misses;
    c->st.clocks += q.clocks;
    c->st.lines_hist[q.lines]++;
    if (info)
        *info = q;
    return GX_TEX_OK;
}
