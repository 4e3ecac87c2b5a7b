/* Tiled rendering (issue 24, docs/tiled.md): the tiling unit's binning and cache-tile
 * batches, and the tiled barrier across screen-space pipelines.
 *
 * The tiling unit bins each set-up triangle by its pixel box into the cache tiles (CT x CT
 * pixels, row by row over the target) the box overlaps. A flush replays the bins: for every
 * cache tile in row order and every pipeline p, one batch: the tile's triangles in
 * submission order, then TILED_BARRIER, then AA_RESOLVE and CACHE_INVALIDATE (the frame's
 * last flush) or CACHE_WRITEBACK (a flush forced by a full bin memory). A batch is emitted
 * for every tile and pipeline, also for an empty bin. Pipeline p rasterizes only the fine
 * tiles (8 x 8 pixels) (i, j) of a cache tile with (i + 2 j) mod N = p.
 *
 * The barrier: a pipeline's TILED_BARRIER sets its flag at the pre-raster stage (nothing
 * behind it passes while set); the back end counts the barrier once the pipeline's writes
 * for the tile are complete; when the count reaches N it releases every flag at once and
 * restarts the count.
 */
#ifndef GX_TILED_H
#define GX_TILED_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GX_TILED_MAX_PIPES 4u
#define GX_TILED_FINE 8u /**< the rasterizer's fine tile, pixels a side */

typedef enum gx_tcmd_op {
    GX_TC_TRI = 0,        /**< draw triangle `tri` of the frame (its index) */
    GX_TC_BARRIER = 1,    /**< TILED_BARRIER */
    GX_TC_RESOLVE = 2,    /**< AA_RESOLVE */
    GX_TC_INVALIDATE = 3, /**< CACHE_INVALIDATE: drop the tile's sample lines */
    GX_TC_WRITEBACK = 4,  /**< CACHE_WRITEBACK: write the tile's sample lines to memory */
} gx_tcmd_op_t;

typedef struct gx_tcmd {
    gx_tcmd_op_t op;
    uint32_t tile; /**< cache tile, row-major */
    uint32_t tri;  /**< GX_TC_TRI: the triangle's index in submission order */
} gx_tcmd_t;

typedef struct gx_tiler_cfg {
    uint32_t width, height; /**< the target, 1..GX_MAX_VIEWPORT pixels */
    uint32_t ct;            /**< cache tile edge: 16, 32 or 64 pixels */
    uint32_t pipes;         /**< screen-space pipelines: 1, 2 or 4 */
    uint32_t cap;           /**< bin memory: triangle references held before a flush, >= 1 */
} gx_tiler_cfg_t;

/** Pipeline p's command, in the order that pipeline receives them. */
typedef void (*gx_tiler_emit_fn)(void *ctx, uint32_t pipe, const gx_tcmd_t *cmd);

typedef struct gx_tiler {
    gx_tiler_cfg_t cfg;
    uint32_t tiles_x, tiles_y;
    uint32_t *ref;    /**< the bins' references, cap of them, in arrival order */
    uint32_t *ref_tile;
    uint32_t nref;
    uint32_t *start;  /**< a flush's working storage: each tile's run (tiles + 1) */
    uint32_t *order;  /**< ... and the references sorted by tile (cap) */
    gx_tiler_emit_fn emit;
    void *ctx;
    uint64_t flushes, overflows; /**< flushes, of which forced by a full bin memory */
    uint64_t refs;               /**< references binned */
} gx_tiler_t;

/** NULL and a message in err (when non-NULL) when the configuration is out of range. */
gx_tiler_t *gx_tiler_new(const gx_tiler_cfg_t *cfg, gx_tiler_emit_fn emit, void *ctx,
                         const char **err);
void gx_tiler_free(gx_tiler_t *t);

/** Bin triangle `tri` whose pixel box is [px0, px1] x [py0, py1] (inclusive; clamped to
 *  the target; an empty box bins nothing). When its references do not fit in the bin
 *  memory, the bins held are flushed first with CACHE_WRITEBACK. Returns the number of
 *  cache tiles it was binned into. A triangle that alone overlaps more tiles than the bin
 *  memory holds is binned in parts, a flush between them. */
uint32_t gx_tiler_add(gx_tiler_t *t, uint32_t tri, int32_t px0, int32_t py0, int32_t px1,
                      int32_t py1);

/** End of the frame: flush every tile with AA_RESOLVE and CACHE_INVALIDATE. */
void gx_tiler_finish(gx_tiler_t *t);

/** The fine tiles of a cache tile that pipeline p owns: bit i + (ct / 8) j for fine tile
 *  (i, j), 64 bits (ct = 64 has 64 fine tiles). */
uint64_t gx_tiler_fine_mask(const gx_tiler_cfg_t *cfg, uint32_t p);

/** The tiled barrier of N pipelines. */
typedef struct gx_tbarrier {
    uint32_t pipes;
    uint8_t flag[GX_TILED_MAX_PIPES];    /**< set by the barrier at the pre-raster stage */
    uint8_t counted[GX_TILED_MAX_PIPES]; /**< the back end counted this pipeline's barrier */
    uint32_t count;                      /**< barriers counted since the last release */
    uint64_t releases;
} gx_tbarrier_t;

void gx_tbar_init(gx_tbarrier_t *b, uint32_t pipes);
/** Pipeline p's barrier reaches its pre-raster stage: its flag is set. Returns 0 (and
 *  changes nothing) when the flag is already set (a pipeline cannot pass its barrier). */
int gx_tbar_arrive(gx_tbarrier_t *b, uint32_t p);
/** The back end counts pipeline p's barrier (its writes for the tile are complete).
 *  Returns 1 when this completes the count (every flag released), 0 when not, -1 (nothing
 *  changed) when p has no flag set or was already counted. */
int gx_tbar_count(gx_tbarrier_t *b, uint32_t p);
/** 1 while work behind pipeline p's barrier is held. */
int gx_tbar_held(const gx_tbarrier_t *b, uint32_t p);

#ifdef __cplusplus
}
#endif

#endif /* GX_TILED_H */
