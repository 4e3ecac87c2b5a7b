/* gx_raster: edge-equation setup and rasterization, golden model (issue 3).
 *
 * This header and cmodel/src/raster.c are the specification of the setup unit and the
 * rasterizer; docs/raster.md explains the rules and proves the widths.
 *
 * Coordinates: y down, origin at the render target's upper-left corner, signed 16.8
 * fixed point (1/256 pixel). Pixel (px, py) is [px, px+1) x [py, py+1). Vertices lie
 * within +-GX_GUARD_BAND_PX pixels, bounds included; targets are 1..GX_MAX_VIEWPORT
 * pixels a side.
 *
 * Setup (one triangle per transaction): edge k runs from vertex k to vertex (k+1)%3;
 * E_k(x, y) = A_k x + B_k y + C_k with A_k = y_k - y_k1, B_k = x_k1 - x_k,
 * C_k = x_k y_k1 - x_k1 y_k, then all three negated when the triangle's signed area is
 * negative, so the inside is positive for both windings. Class: a triangle (non-zero
 * area), a segment (zero area, not all vertices equal) or a point (all equal).
 *
 * MSAA mode (N in {1,2,4,8,16}): sample i of pixel (px, py) sits at
 * (256 px + 16 sx, 256 py + 16 sy), (sx, sy) = the nibbles of table slot
 * gx_raster_slot(). It is covered when every edge has E > 0, or E = 0 and the edge is a
 * top edge (A = 0, B > 0) or a left edge (A > 0). Zero-area triangles cover nothing.
 *
 * Conservative mode (error term E_err, 0..255): pixel (px, py) is produced when its
 * closed square grown by E_err on every side meets the closed primitive:
 *   triangle: for every edge, E(center) + (128 + E_err)(|A| + |B|) >= 0, and the grown
 *             square overlaps the triangle's bounding box;
 *   segment:  |E(center)| <= (128 + E_err)(|A| + |B|) for the line through the two
 *             extreme vertices, and the grown square overlaps the segment's box;
 *   point:    the grown square contains the point.
 * center = (256 px + 128, 256 py + 128). The bounding box is exact (not rounded).
 *
 * Traversal (the order in which the rasterizer emits quads, and so the order of its
 * output transactions): coarse tiles of 16x16 pixels over the bounding box clamped to
 * the target, row by row; in each coarse tile that the corner test does not reject,
 * the four 8x8 fine tiles row by row, those not rejected; in each, the 16 quads (2x2
 * pixels) row by row; a quad is emitted when any of its pixels has coverage. A quad may
 * straddle the target's right or bottom edge; its pixels outside the target read 0.
 *
 * In conservative mode the sample count and the pattern table play no part.
 */
#ifndef GX_RASTER_H
#define GX_RASTER_H

#include <stdint.h>

#include "gx/defs.h"

/** Render state: fixed for a scene. */
typedef struct gx_rs_cfg {
    uint16_t width, height;  /**< render target, 1..GX_MAX_VIEWPORT */
    uint8_t samples;         /**< N: 1, 2, 4, 8 or 16 (MSAA mode) */
    uint8_t patternsets;     /**< 1: pattern sets on (only with N = 1 or 2) */
    uint8_t conservative;    /**< 1: conservative mode (mask is always 1) */
    uint8_t cons_err;        /**< E_err, 0..GX_MAX_CONS_ERR, 1/256 pixel */
} gx_rs_cfg_t;

/** The programmable sample-pattern table. */
typedef struct gx_rs_table {
    uint8_t slot[GX_PATTERN_SLOTS]; /**< high nibble x, low nibble y, 1/16 pixel */
} gx_rs_table_t;

/** A triangle, vertices in 16.8 fixed point. */
typedef struct gx_rs_tri {
    int32_t x[3], y[3];
} gx_rs_tri_t;

typedef enum gx_rs_class {
    GX_RS_TRIANGLE = 0,
    GX_RS_SEGMENT = 1,
    GX_RS_POINT = 2,
} gx_rs_class_t;

/** The setup unit's output for one triangle. */
typedef struct gx_rs_setup {
    int64_t a[3], b[3], c[3]; /**< oriented edge equations (inside positive) */
    uint8_t incl[3];          /**< edge k passes at E = 0 (top or left edge) */
    gx_rs_class_t cls;
    uint8_t ccw;              /**< 1: the vertices were in negative-area order (edges negated) */
    int32_t bx0, by0, bx1, by1; /**< vertex bounding box, 16.8 (inclusive) */
    int32_t px0, py0, px1, py1; /**< pixel range to visit, clamped to the target;
                                     empty when px0 > px1 or py0 > py1 */
} gx_rs_setup_t;

/** A quad: pixels (2qx + (k & 1), 2qy + (k >> 1)) for k = 0..3, sample masks. */
typedef struct gx_rs_quad {
    uint16_t qx, qy;
    uint16_t mask[4];
} gx_rs_quad_t;

/** 1 when the render state is in range. */
int gx_raster_cfg_ok(const gx_rs_cfg_t *cfg);
/** 1 when every vertex lies within the guard band. */
int gx_raster_tri_ok(const gx_rs_tri_t *tri);

/** The default table for N samples: the standard Direct3D/Vulkan positions, the same in
 *  every pixel (and every pattern set): slot s holds standard position s mod N, so the
 *  N positions repeat across all 16 slots (1x: (8,8); 2x: (12,12), (4,4); 4x: (6,2),
 *  (14,6), (2,10), (10,14); 8x and 16x: docs/raster.md). */
void gx_raster_default_table(unsigned samples, gx_rs_table_t *table);
/** Table slot of sample i of pixel (px, py):
 *    N = 16: i;  N = 8: (px & 1) * 8 + i;  N <= 4: ((py & 1) * 2 + (px & 1)) * N + i,
 *    plus, with pattern sets (N = 1 or 2), 4N * (((px >> 1) + (py >> 1)) mod (16 / 4N)):
 *    the table holds 16/(4N) sets of one quad each, and quads take them diagonally. */
unsigned gx_raster_slot(const gx_rs_cfg_t *cfg, uint32_t px, uint32_t py, unsigned i);

/** The setup unit's transaction. */
void gx_raster_setup(const gx_rs_cfg_t *cfg, const gx_rs_tri_t *tri, gx_rs_setup_t *s);

/** Coverage of one pixel: the sample mask (MSAA) or 1/0 (conservative). Pixels outside
 *  the target or the setup's pixel range read 0. */
uint16_t gx_raster_pixel(const gx_rs_cfg_t *cfg, const gx_rs_table_t *table,
                         const gx_rs_setup_t *s, uint32_t px, uint32_t py);

/** The rasterizer's transactions for one triangle, in traversal order: emit() is called
 *  once per quad with coverage. Returns the number of quads emitted. */
typedef void (*gx_rs_emit_fn)(void *ctx, const gx_rs_quad_t *quad);
uint64_t gx_raster_tri(const gx_rs_cfg_t *cfg, const gx_rs_table_t *table,
                       const gx_rs_setup_t *s, gx_rs_emit_fn emit, void *ctx);

/** A quad group: the rasterizer's output transaction. The rasterizer tests `lanes` quads
 *  per clock (1, 2 or 4, at most GX_RASTER_LANES): quads q = g lanes .. g lanes + lanes - 1
 *  of a fine tile's 16 (row-major), which lie side by side in one quad row. Lane l is the
 *  quad (qx + l, qy); valid bit l is set when it has coverage (exactly the quads
 *  gx_raster_tri emits); a group is a transaction when any lane is valid. Its masks are
 *  those of gx_raster_pixel (0 in lanes that are not valid or beyond `lanes`). */
typedef struct gx_rs_group {
    uint16_t tag;             /**< the triangle's tag */
    uint16_t qx, qy;          /**< lane 0's quad */
    uint8_t valid;            /**< bit l: lane l has coverage */
    uint16_t mask[GX_RASTER_LANES][4]; /**< [lane][pixel k: (2qx + 2l + (k&1), 2qy + (k>>1))] */
} gx_rs_group_t;

typedef void (*gx_rs_group_fn)(void *ctx, const gx_rs_group_t *g);
/** The rasterizer's transactions for one triangle with parallelism `lanes`, in traversal
 *  order. Returns the number of groups emitted. */
uint64_t gx_raster_tri_groups(const gx_rs_cfg_t *cfg, const gx_rs_table_t *table,
                              const gx_rs_setup_t *s, unsigned lanes, uint16_t tag,
                              gx_rs_group_fn emit, void *ctx);

/** Rasterizer command images (rs_cmd_t): a triangle with its render state and tag, or a
 *  pattern-table write (all 16 slots). */
void gx_rs_cmd_pack_tri(const gx_rs_cfg_t *cfg, const gx_rs_setup_t *s, uint16_t tag,
                        uint32_t w[GX_RS_CMD_WORDS]);
void gx_rs_cmd_pack_table(const gx_rs_table_t *table, uint32_t w[GX_RS_CMD_WORDS]);
void gx_rs_group_pack(const gx_rs_group_t *g, uint32_t w[GX_RS_QGROUP_WORDS]);
void gx_rs_group_unpack(const uint32_t w[GX_RS_QGROUP_WORDS], gx_rs_group_t *g);
int gx_rs_group_eq(const gx_rs_group_t *p, const gx_rs_group_t *q);

/** 1 when two setup results agree in every field. */
int gx_raster_setup_eq(const gx_rs_setup_t *p, const gx_rs_setup_t *q);

/** Packed-struct images, as the RTL ports see them (layout from defs/gx_defs.toml). */
void gx_rs_setup_req_pack(const gx_rs_cfg_t *cfg, const gx_rs_tri_t *tri,
                          uint32_t w[GX_RS_SETUP_REQ_WORDS]);
void gx_rs_setup_pack(const gx_rs_setup_t *s, uint32_t w[GX_RS_SETUP_WORDS]);
void gx_rs_setup_unpack(const uint32_t w[GX_RS_SETUP_WORDS], gx_rs_setup_t *s);

#endif /* GX_RASTER_H */
