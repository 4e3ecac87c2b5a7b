/* The anti-alias resolve of tiled mode (issue 24, docs/tiled.md, "Resolve unit" and
 * "Multi-pixel filter"): golden model of the filters and of the order of a frame's
 * render, resolve and invalidate steps.
 *
 * Pixels are RGBA8 (B = 4); a pixel's samples are N values of 4 bytes, sample 0 first.
 * S(x, y) is the per-channel sum of pixel (x, y)'s N samples.
 *   box   out = (S(x, y) + N / 2) / N (integer division): the mean, halves rounded up; the
 *         rounding of `gx render`'s resolve in immediate mode, so tiled and immediate
 *         images are byte-identical.
 *   tent  radius 1, weights (1, 2, 1) x (1, 2, 1) over the 3 x 3 pixels around (x, y),
 *         coordinates clamped to the target (the edge pixel repeated):
 *         out = (sum of w S + 8 N) / (16 N), the weighted mean, halves rounded up.
 *
 * The schedule: a frame's steps, cache tile by cache tile in row order. Box: for each cache
 * tile, RENDER its pixels, RESOLVE them, INVALIDATE them. Tent (scissor shifting, the seed's
 * multi-pixel filter): shifts SX = TW and SY = TH (one surface tile, >= the radius: the
 * sample cache drops whole surface tiles); cache tile (cx, cy) at [X0, X1) x [Y0, Y1)
 *   RENDER      [X0 + SX, X1 + SX) x [Y0 + SY, Y1 + SY), grown to x = 0 when cx = 0 and to
 *               y = 0 when cy = 0 (the border strip that no shifted tile covers is rendered
 *               with the first tile of its row or column, not as an extra tile first, so it
 *               is held no longer than any other pixel);
 *   RESOLVE     [X0, X1) x [Y0, Y1);
 *   INVALIDATE  [X0 - SX, X1 - SX) x [Y0 - SY, Y1 - SY), grown to the target's right edge on
 *               the last tile of a row and to the bottom edge on the last row (so the last
 *               tile's invalidate takes the last strips, and nothing is left behind).
 * Every rectangle is clipped to the target; they are whole surface tiles but at the
 * target's right and bottom edges. A pixel is held in the cache from its RENDER to its
 * INVALIDATE: at most the tile, its shifted copy and the strip SY rows high below the
 * tiles of the row above that the next row still reads (docs/tiled.md).
 */
#ifndef GX_RESOLVE_H
#define GX_RESOLVE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gx_rfilter {
    GX_RF_BOX = 0,
    GX_RF_TENT = 1,
} gx_rfilter_t;

/** Pixel (x, y)'s n samples, 4 bytes each, into s. */
typedef void (*gx_resolve_px_fn)(void *ctx, uint32_t x, uint32_t y, uint8_t *s);

/** Resolve pixels [x0, x1) x [y0, y1) of a w x h target with n samples (1..16) into out
 *  (RGBA8 rows of `pitch` bytes from the rectangle's corner: pixel (x, y) at
 *  out + (y - y0) pitch + 4 (x - x0)), reading each pixel's samples through px (the tent
 *  reads the one-pixel ring around the rectangle too). */
void gx_resolve_rect(gx_rfilter_t f, unsigned n, uint32_t w, uint32_t h, uint32_t x0,
                     uint32_t y0, uint32_t x1, uint32_t y1, gx_resolve_px_fn px, void *ctx,
                     uint8_t *out, size_t pitch);

typedef enum gx_rstep_op {
    GX_RS_RENDER = 0,
    GX_RS_RESOLVE = 1,
    GX_RS_INVALIDATE = 2,
} gx_rstep_op_t;

typedef struct gx_rstep {
    gx_rstep_op_t op;
    uint32_t tile;          /**< the cache tile (row-major) */
    uint32_t x0, y0, x1, y1; /**< pixels, [x0, x1) x [y0, y1); may be empty */
} gx_rstep_t;

/** The steps of a w x h frame (1..8192 each) with cache tiles of ct pixels and surface
 *  tiles of tw x th pixels (ct a multiple of both), in order, into steps (when non-NULL).
 *  Returns the number of steps: 3 a cache tile. */
uint32_t gx_resolve_schedule(gx_rfilter_t f, uint32_t w, uint32_t h, uint32_t ct, uint32_t tw,
                             uint32_t th, gx_rstep_t *steps);

#ifdef __cplusplus
}
#endif

#endif /* GX_RESOLVE_H */
