/* A tiled frame (issue 24, docs/tiled.md): the chained C model of tiled mode with one
 * screen-space pipeline and the box filter.
 *
 * The frame's triangles (gx_pipe commands with their colors) are set up and binned by the
 * tiling unit (gx_tiler) into cache tiles; at the frame's end each cache tile's batch runs
 * on gx_pipe's chained model (setup, rasterizer, pixel stage, coalesce unit, flush encoder)
 * with the cache-tile scissor (gx_pipe_set_scissor), every memory transaction of the
 * surface going through the sample cache (gx_scache) in front of DRAM:
 *   triangle          gx_pipe's triangle command, clamped to the cache tile;
 *   TILED_BARRIER     gx_pipe's flush command: every resident surface tile written to the
 *                     cache (the pipeline's writes for the tile complete);
 *   AA_RESOLVE        the cache tile's surface tiles read through the cache in gx_msmem's
 *                     layout (the load path's reads of every pixel), the box filter
 *                     (gx_resolve_rect), the RGBA8 pixels written through the cache to the
 *                     image in DRAM;
 *   CACHE_INVALIDATE  the cache tile's sample bytes dropped (gx_scache_invalidate);
 *   CACHE_WRITEBACK   (a flush forced by a full bin memory) written back instead.
 * The frame ends with the cache's flush: the image is then in DRAM.
 *
 * gx_pipe's memory image (gx_msmem) stays the surface's logical contents (what the cache
 * and DRAM hold together); every byte the cache returns for a read is compared with it
 * (`mismatch`, a model bug when not 0).
 */
#ifndef GX_TFRAME_H
#define GX_TFRAME_H

#include <stddef.h>
#include <stdint.h>

#include "gx/pipe.h"
#include "gx/scache.h"
#include "gx/tiled.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A triangle's record in the triangle buffer: the setup unit's output (rs_setup_t, 448
 *  bits) and its color, in two 32-byte lines. */
#define GX_TFRAME_REC_BYTES 64u

typedef struct gx_tframe_cfg {
    gx_pipe_cfg_t pipe;  /**< the surface and render state (B = 4: RGBA8) */
    uint32_t ct;         /**< cache tile, pixels: 16, 32 or 64 */
    uint32_t sets, ways; /**< the sample cache; sets 0: gx_scache_tile_lines */
    uint32_t cap;        /**< the bin memory, triangle references */
} gx_tframe_cfg_t;

typedef struct gx_tframe_stat {
    uint64_t refs, flushes, overflows; /**< the tiling unit's references and flushes */
    uint64_t batches;                  /**< cache-tile batches run */
    uint64_t replays;                  /**< triangles sent to the pipeline (with repeats) */
    uint64_t records;                  /**< triangles binned into some tile */
    uint64_t dram_rd, dram_wr;         /**< the cache's DRAM bytes read and written */
    uint64_t bin_rd, bin_wr;           /**< the bins' DRAM bytes: each binned triangle's
                                            record (GX_TFRAME_REC_BYTES) written once and
                                            read at every replay, each reference (4 bytes)
                                            written and read once */
    uint64_t mismatch;                 /**< cache bytes that differ from the surface */
} gx_tframe_stat_t;

typedef struct gx_tframe {
    gx_tframe_cfg_t cfg;
    gx_pipe_t pipe;
    gx_tiler_t *tiler;
    gx_scache_t *cache;
    uint8_t *dram;          /**< DRAM: the surface's regions, then the image */
    uint64_t dram_size, image_base;
    gx_pipe_cmd_t *tri;     /**< the frame's triangles, in submission order */
    uint32_t ntri, cap_tri;
    uint8_t *tile_buf;      /**< AA_RESOLVE: the cache tile's surface tiles, decoded */
    int oom;
    gx_tframe_stat_t stat;
} gx_tframe_t;

/** 0 and the frame ready, or -1 with a message in *err (out of range, out of memory). */
int gx_tframe_init(gx_tframe_t *f, const gx_tframe_cfg_t *cfg, const char **err);
void gx_tframe_free(gx_tframe_t *f);
/** A triangle command (kind GX_CMD_TRI) of the frame. Returns 0, or -1 out of memory. */
int gx_tframe_triangle(gx_tframe_t *f, const gx_pipe_cmd_t *cmd);
/** The frame's end: every batch run, the cache flushed. Returns 0, or -1 when the model
 *  stopped (out of memory). */
int gx_tframe_finish(gx_tframe_t *f);
/** The resolved image in DRAM: W x H RGBA8 pixels, rows of 4 W bytes. */
const uint8_t *gx_tframe_image(const gx_tframe_t *f);

#ifdef __cplusplus
}
#endif

#endif /* GX_TFRAME_H */
