/* Helpers shared by the multi-sample surface models (mssurf.c: the coalesce unit, the
 * surface format and its memory; mswb.c: the flush encoder; msld.c: the load side). */
#ifndef GX_MS_INTERNAL_H
#define GX_MS_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "gx/analyzer.h"
#include "gx/mssurf.h"

static inline unsigned spp_n(gx_spp_t spp)
{
    return gx_analyzer_spp_count(spp);
}

static inline unsigned bps_b(gx_bps_t bps)
{
    return gx_analyzer_bps_bytes(bps);
}

/* All N samples of a pixel: a mask of N ones (N <= 16, so no shift overflows). */
static inline uint16_t all_samples(unsigned n)
{
    return (uint16_t)((1u << n) - 1u);
}

static inline unsigned popcount32(uint32_t v)
{
    unsigned c = 0;
    for (; v; v &= v - 1u)
        c++;
    return c;
}

static inline gx_enc_t enc_max(gx_enc_t a, gx_enc_t b)
{
    return a > b ? a : b;
}

/* A tile state's place in the order the flush encoder widens along: uniform, 1SPP, subset,
 * full (docs/pipe.md). */
static inline unsigned enc_rank(gx_enc_t e)
{
    return e == GX_ENCUNIFORM ? 0u : (unsigned)e + 1u;
}

/* 1 when sample 0 of every pixel of `pixels` equals pixel 0's (what a 1SPP encoding of
 * them keeps). */
static inline int tile_uniform(const uint8_t *tile, uint32_t pixels, unsigned np, unsigned n,
                               unsigned b)
{
    for (unsigned p = 1; p < np; p++)
        if (((pixels >> p) & 1u) && memcmp(tile + p * n * b, tile, b))
            return 0;
    return 1;
}

/* Pixel (x, y)'s tile and its index p in the tile: pixels run row-major through
 * consecutive tiles of gx_mssurf_tile_pixels() pixels. */
static inline uint32_t pixel_tile(const gx_ms_cfg_t *cfg, uint16_t x, uint16_t y, unsigned *p)
{
    return gx_mssurf_pixel_tile(cfg, x, y, p);
}

/* The classes of a pixel by exact equality of its N samples of B bytes (a subset
 * pixel's stored masks): cls[i] bit j = sample j equals sample i. */
void gx_ms_classes_exact(unsigned n, unsigned b, const uint8_t *px, uint16_t cls[GX_MS_MAX_SPP]);

#endif /* GX_MS_INTERNAL_H */
