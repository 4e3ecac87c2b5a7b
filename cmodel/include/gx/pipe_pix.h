/* gx_pipe_pix: the pixel stage of gx_pipe (docs/pipe.md, "Pixel stage"; docs/pipe_pix.md),
 * golden model.
 *
 * The stage is the pixel-shader stand-in of gx_pipe: each triangle has one flat color,
 * and every covered pixel of the rasterizer's quad groups becomes one SUST.MS store of
 * that color.
 *
 * Color ring. The command decoder writes each triangle's color before the triangle
 * enters the setup unit. The n-th color written (counting from 0 at reset) gets the
 * number n mod 2^16, returned to the decoder as the triangle's raster tag, and is kept
 * in slot n mod GX_PIPE_PIX_RING of a ring. Two numbers describe the ring: `next`, the
 * number the next color gets, and `head`, the oldest live number; the live entries are
 * head .. next - 1 (mod 2^16), at most GX_PIPE_PIX_RING of them. A color is taken only
 * while fewer than GX_PIPE_PIX_RING are live (col_ready). The rasterizer keeps triangle
 * order, so a group with tag t says that every triangle numbered before t has had all
 * its groups: head moves to t. When the rasterizer is idle (nothing in flight, every
 * group taken) and the stage holds no group, head moves to next: every entry is free.
 *
 * Stores. A group becomes one store per covered pixel, in the order of render.c's
 * on_quad: lanes 0..3 (those with their valid bit), within a lane pixel k = 0..3
 * (k = 2 dy + dx) with a non-zero mask; pixel (x, y) = (2 (qx + l) + dx, 2 qy + dy), x
 * taken mod 2^13 (the store's width; a covered pixel is inside the render target, so it
 * never wraps). The store is a SUST.MS (op 0, full 0) with the pixel's mask and the
 * color of the group's triangle in value bytes 0..15 (bytes 16.. zero).
 */
#ifndef GX_PIPE_PIX_H
#define GX_PIPE_PIX_H

#include <stdint.h>

#include "gx/defs.h"
#include "gx/mssurf.h"
#include "gx/raster.h"

#define GX_PIPE_PIX_RING 64u        /**< ring entries (block RAM words) */
#define GX_PIPE_PIX_COLOR_BYTES 16u /**< a color: bytes 0..B-1 of 16, the rest zero */

/** The ring: the numbers and the colors of the live entries. */
typedef struct gx_pipe_pix {
    uint16_t head;  /**< oldest live number */
    uint16_t next;  /**< the number the next color gets */
    uint8_t color[GX_PIPE_PIX_RING][GX_PIPE_PIX_COLOR_BYTES]; /**< slot n mod RING */
} gx_pipe_pix_t;

/** The state after reset: head = next = 0 (nothing live). */
void gx_pipe_pix_init(gx_pipe_pix_t *p);

/** Live entries: next - head mod 2^16, 0..GX_PIPE_PIX_RING. */
unsigned gx_pipe_pix_live(const gx_pipe_pix_t *p);

/** col_ready: 1 unless GX_PIPE_PIX_RING entries are live. */
int gx_pipe_pix_col_ready(const gx_pipe_pix_t *p);

/** Number n is live: head <= n < next in ring order. */
int gx_pipe_pix_is_live(const gx_pipe_pix_t *p, uint16_t n);

/** A color written (col_ready must be 1): stored at next mod RING; returns its number
 *  (col_tag), next advances. */
uint16_t gx_pipe_pix_color(gx_pipe_pix_t *p, const uint8_t color[GX_PIPE_PIX_COLOR_BYTES]);

/** A quad group taken: its stores (up to 16, in order) into st, their count returned;
 *  head moves to the group's tag. -1 (nothing changed) when the tag is not live: a
 *  group of a triangle whose color was not written, or of one already retired. */
int gx_pipe_pix_group(gx_pipe_pix_t *p, const gx_rs_group_t *g, gx_ms_store_t st[16]);

/** The covered pixels of a group (the stores it makes): bit 4 l + k. */
uint16_t gx_pipe_pix_pixels(const gx_rs_group_t *g);

/** The rasterizer reported idle while the stage held no group: head moves to next
 *  (every entry free). */
void gx_pipe_pix_idle(gx_pipe_pix_t *p);

/** Packed-struct images (gx/defs.h layout): a group into rs_qgroup_t words
 *  (GX_RS_QGROUP_WORDS); an ms_cmd_t image (GX_MS_CMD_WORDS) into a store. The unpack
 *  returns 0 when the image is a SUST.MS store (op 0, full 0) whose value bytes from 16
 *  on are zero, else 1. */
void gx_pipe_pix_group_pack(const gx_rs_group_t *g, uint32_t *w);
int gx_pipe_pix_store_unpack(const uint32_t *w, gx_ms_store_t *s);

#endif /* GX_PIPE_PIX_H */
