/* gx_tex: the texture unit of issue 25, golden model: RGBA8 2D textures, point and bilinear
 * sampling with wrap and clamp per axis, one 2x2 pixel quad (4 samples) a request, through
 * a texture cache that counts hits, misses and memory bytes (docs/texture.md).
 *
 * Texture (gx_tex_desc_t): W x H texels, W and H powers of two 1..2048, RGBA8 (4 bytes a
 * texel, byte 0 red .. byte 3 alpha), at `base` (64-byte aligned) in 4x4-texel blocks:
 *   BW = max(1, W / 4), BH = max(1, H / 4) blocks a row and a column;
 *   texel (x, y) lies in block (bx, by) = (x >> 2, y >> 2), which is one 64-byte line at
 *   base + 64 (by BW + bx), the texel at byte 4 (4 (y & 3) + (x & 3)) of the line.
 * A texture takes 64 BW BH bytes; with W or H below 4 the block's texels beyond the
 * texture are padding, never read.
 *
 * Coordinates: s, t are signed Q8.24 (int32_t, 24 fraction bits), normalized: 1.0 =
 * 2^24 is the texture's width (s) or height (t). Every int32_t is accepted; wrap uses s's
 * position modulo 1.0, clamp saturates. Per axis, with n = W or H (lg = log2 n):
 *   U  = s * n = s << lg                texel space, 24 fraction bits (43 bits signed;
 *                                       U' below takes 44)
 *   point:    i = U >> 24 (floor)       the texel whose span [i, i + 1) holds U; a
 *                                       coordinate on a texel edge takes the texel on its
 *                                       right (below for t)
 *   bilinear: U' = U - 2^23             texel centers at i + 0.5
 *             i0 = U' >> 24 (floor), i1 = i0 + 1
 *             a  = (U' >> 16) & 255     the fraction truncated to GX_TEX_WBITS = 8 bits
 *             weights 256 - a for i0, a for i1
 *   wrap:  i & (n - 1)        clamp: min(max(i, 0), n - 1)      (each of i0, i1 alone)
 * Bilinear blend, per channel, of c00 = texel (i0, j0), c10 = (i1, j0), c01 = (i0, j1),
 * c11 = (i1, j1), with a from s and b from t:
 *   out = ((256 - b) ((256 - a) c00 + a c10) + b ((256 - a) c01 + a c11) + 2^15) >> 16
 * i.e. the sum of the four weight products (which sum to 2^16) times the texels, rounded
 * half up; no intermediate rounding, so it is exactly the two-stage lerp the hardware
 * builds. The largest sum, 2^16 255 + 2^15 < 2^24, fits 24 bits, and out <= 255.
 *
 * Cache (gx_tex_cache_t): GX_TEX_CACHE_BYTES = 8 KB of 64-byte lines, read-only, in four
 * banks chosen by the block's parity, bank = (bx & 1) + 2 (by & 1), so the 2x2 blocks any
 * 4x4-texel footprint touches are in four different banks; each bank 2-way set associative
 * with 16 sets, set = (((bx >> 1) & 3) + 4 ((by >> 1) & 3)) ^ h (a bank's sets tile an
 * 8 x 8 block window of the texture; h, the XOR of the 4-bit groups of base >> 12, puts
 * textures on different 4 KB pages in different sets); the tag is the line's address. Replacement: an invalid way
 * first (way 0 before way 1), else the least recently used way of the set (one bit a set).
 * A miss reads the whole line (64 bytes) through the read callback.
 *
 * A quad: its four samples' texels (point: 1, bilinear: 4 each, sample 0 first, texels in
 * the order c00, c10, c01, c11) give the lines in first-touch order; each distinct line is
 * looked up once (one hit or one miss) in that order and its bytes are held for the quad
 * (its line registers) as it is looked up, so a later lookup of the same quad that
 * replaces the line does not change what the quad reads.
 *
 * Clocks: a quad's lookup takes max(1, the most distinct lines of the quad in one bank)
 * clocks, one clock while each bank holds at most one of its lines. That is so whenever
 * the quad's texel indices (before wrap or clamp) lie among 4 consecutive integers per
 * axis: those touch at most 2 blocks per axis, and 2 different blocks they touch are
 * neighbours (also across the wrap seam: BW and BH are 1 or even) and so differ in parity;
 * clamping only merges indices. Point: the quad's samples within 3 texels of each other
 * per axis; bilinear: within 2, which every quad at minification <= 1 is (neighbouring
 * pixels at most 1 texel apart along each axis, the quad's diagonal at most 2). Other
 * quads take the extra clocks the count gives. Memory latency is not modelled here (the
 * cosimulation's business): clocks count lookups only.
 */
#ifndef GX_TEX_H
#define GX_TEX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Largest width or height (2^11). */
#define GX_TEX_MAX_LG 11u
#define GX_TEX_MAX_SIZE (1u << GX_TEX_MAX_LG)
/** Coordinate fraction bits (Q8.24). */
#define GX_TEX_FBITS 24u
/** Bilinear weight fraction bits: a, b in 0..255, weights out of 256 per axis. */
#define GX_TEX_WBITS 8u
/** Bytes a cache line: one 4x4-texel block of RGBA8. */
#define GX_TEX_LINE 64u
#define GX_TEX_BANKS 4u
#define GX_TEX_SETS 16u
#define GX_TEX_WAYS 2u
#define GX_TEX_CACHE_BYTES (GX_TEX_BANKS * GX_TEX_SETS * GX_TEX_WAYS * GX_TEX_LINE)
/** Most lines of one quad: 4 samples x 4 texels. */
#define GX_TEX_QUAD_MAX_LINES 16u

typedef enum gx_tex_filter {
    GX_TEX_POINT = 0,
    GX_TEX_BILINEAR = 1,
} gx_tex_filter_t;

typedef enum gx_tex_wrap {
    GX_TEX_WRAP = 0,  /**< repeat: the index modulo the size */
    GX_TEX_CLAMP = 1, /**< clamp to edge: the index clamped to 0..size - 1 */
} gx_tex_wrap_t;

/** Results; every function that takes a descriptor checks it first and changes nothing
 *  when it is rejected. */
typedef enum gx_tex_err {
    GX_TEX_OK = 0,
    GX_TEX_ESIZE = 1,   /**< width or height not a power of two in 1..2048 */
    GX_TEX_EFILTER = 2, /**< filter not a gx_tex_filter_t */
    GX_TEX_EWRAP = 3,   /**< wrap_s or wrap_t not a gx_tex_wrap_t */
    GX_TEX_EBASE = 4,   /**< base not 64-byte aligned, or base + size beyond 2^64 */
} gx_tex_err_t;

/** A texture and how it is sampled. Enumerations are held as uint32_t so that values
 *  outside them can be passed and rejected. */
typedef struct gx_tex_desc {
    uint64_t base;    /**< address of block (0, 0), a multiple of 64 */
    uint32_t width;   /**< W texels, a power of two, 1..2048 */
    uint32_t height;  /**< H texels, a power of two, 1..2048 */
    uint32_t filter;  /**< gx_tex_filter_t */
    uint32_t wrap_s;  /**< gx_tex_wrap_t along x */
    uint32_t wrap_t;  /**< gx_tex_wrap_t along y */
} gx_tex_desc_t;

/** GX_TEX_OK or the first reason (in gx_tex_err_t order) the descriptor is rejected. */
gx_tex_err_t gx_tex_check(const gx_tex_desc_t *d);

/** Bytes the texture takes from its base: 64 BW BH (0 when d is rejected). */
uint64_t gx_tex_bytes(const gx_tex_desc_t *d);

/** Byte offset of texel (x, y) (x < W, y < H) from the base. */
uint64_t gx_tex_texel_offset(const gx_tex_desc_t *d, uint32_t x, uint32_t y);

/** Lay out W x H texels given in rows (texel (x, y) at rows + 4 (y W + x)) into mem,
 *  which holds the texture's gx_tex_bytes bytes from its base; padding bytes are set 0. */
gx_tex_err_t gx_tex_store(const gx_tex_desc_t *d, const uint8_t *rows, uint8_t *mem);

/** The address stage of one sample: the texels it reads and their weights. */
typedef struct gx_tex_foot {
    uint32_t x[2], y[2]; /**< texel columns i0, i1 and rows j0, j1 after wrap or clamp
                              (point: x[1] = x[0], y[1] = y[0]) */
    uint32_t a, b;       /**< bilinear fractions, 0..255 (point: 0) */
} gx_tex_foot_t;

/** The footprint of the sample at (s, t) on texture d (d must pass gx_tex_check). */
gx_tex_foot_t gx_tex_addr(const gx_tex_desc_t *d, int32_t s, int32_t t);

/** The filter stage: the blend of texels c00, c10, c01, c11 (RGBA8 each) by the
 *  footprint's fractions (point: a = b = 0 gives c00). */
void gx_tex_blend(const gx_tex_foot_t *f, const uint8_t c00[4], const uint8_t c10[4],
                  const uint8_t c01[4], const uint8_t c11[4], uint8_t out[4]);

/** Memory: copy `len` bytes at address `addr` into dst. */
typedef void (*gx_tex_read_fn)(void *ctx, uint64_t addr, uint32_t len, uint8_t *dst);

/** Counts since gx_tex_cache_init (lookups = hits + misses; bytes = GX_TEX_LINE misses). */
typedef struct gx_tex_stats {
    uint64_t quads;   /**< accepted quads */
    uint64_t hits;    /**< line lookups that hit */
    uint64_t misses;  /**< line lookups that missed (each reads one line) */
    uint64_t bytes;   /**< memory bytes read */
    uint64_t clocks;  /**< lookup clocks, the sum of the quads' */
    uint64_t lines_hist[GX_TEX_QUAD_MAX_LINES + 1]; /**< quads by distinct lines touched */
} gx_tex_stats_t;

typedef struct gx_tex_cache {
    gx_tex_read_fn read;
    void *ctx;
    uint64_t tag[GX_TEX_BANKS][GX_TEX_SETS][GX_TEX_WAYS];   /**< line address */
    uint8_t valid[GX_TEX_BANKS][GX_TEX_SETS][GX_TEX_WAYS];
    uint8_t lru[GX_TEX_BANKS][GX_TEX_SETS];                 /**< the way to replace next */
    uint8_t data[GX_TEX_BANKS][GX_TEX_SETS][GX_TEX_WAYS][GX_TEX_LINE];
    gx_tex_stats_t st;
} gx_tex_cache_t;

/** An empty cache (every line invalid, counts 0) reading memory through read(ctx, ...). */
void gx_tex_cache_init(gx_tex_cache_t *c, gx_tex_read_fn read, void *ctx);

/** Invalidate every line (after memory under a texture changes); counts are kept. */
void gx_tex_cache_flush(gx_tex_cache_t *c);

/** What one quad did. */
typedef struct gx_tex_quad_info {
    uint32_t lines;   /**< distinct lines touched (lookups) */
    uint32_t hits;
    uint32_t misses;
    uint32_t clocks;  /**< max(1, most distinct lines in one bank) */
} gx_tex_quad_info_t;

/** One request: the 2x2 quad's samples (s[k], t[k]), k = 0..3, on texture d; out[k] the
 *  RGBA8 result of sample k. info may be NULL. Returns gx_tex_check(d); when rejected,
 *  nothing is read and out, info and the cache are unchanged. */
gx_tex_err_t gx_tex_quad(gx_tex_cache_t *c, const gx_tex_desc_t *d, const int32_t s[4],
                         const int32_t t[4], uint8_t out[4][4], gx_tex_quad_info_t *info);

#ifdef __cplusplus
}
#endif

#endif /* GX_TEX_H */
