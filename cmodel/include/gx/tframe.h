/* A tiled frame (issue 24, docs/tiled.md): the chained C model of tiled mode with N
 * screen-space pipelines (1, 2 or 4) and the box or the tent filter.
 *
 * The frame's triangles (gx_pipe commands with their colors) are set up and binned by the
 * tiling unit (gx_tiler) into cache tiles (the tent: by their boxes moved back by the
 * scissor shift, so each bin is the triangles of the tile's shifted render region); at the
 * frame's end (or a flush forced by a full bin memory) each cache tile's batch goes to
 * every pipeline, each a gx_pipe chained model (setup, rasterizer, pixel stage, coalesce
 * unit, flush encoder) that owns the fine tiles (fx, fy) with (fx + 2 fy) mod N = its
 * number (gx_pipe_set_fine_owner), with the batch's scissor (gx_pipe_set_scissor); every
 * memory transaction of the surface goes through the one sample cache (gx_scache) in front
 * of DRAM. Each pipeline's commands run in its stream order, round robin, `rate` commands
 * a turn; a pipeline whose barrier flag is set (gx_tbarrier) is held:
 *   triangle          gx_pipe's triangle command, clamped to the batch's render region
 *                     (the cache tile; the tent: gx_resolve_schedule's shifted region);
 *   TILED_BARRIER     gx_pipe's flush command (every resident surface tile written to the
 *                     cache: the pipeline's writes for the tile complete), then the flag
 *                     set and the barrier counted; the N-th count releases every flag;
 *   AA_RESOLVE        the N-th pipeline's token runs the resolve unit once: the surface
 *                     tiles it reads (the tent: with the one-pixel ring) read through the
 *                     cache in gx_msmem's layout from the pipeline that owns them, the
 *                     filter (gx_resolve_rect), the RGBA8 pixels written through the cache
 *                     to the image in DRAM;
 *   CACHE_INVALIDATE  the N-th token drops the batch's invalidate region (the cache tile;
 *                     the tent: gx_resolve_schedule's region moved back);
 *   CACHE_WRITEBACK   (a forced flush) the N-th token writes the render region back.
 * The frame ends with the cache's flush: the image is then in DRAM.
 *
 * Each pipeline's memory image (gx_msmem) holds the surface's logical contents of the fine
 * tiles it owns (what the cache and DRAM hold together); every byte the cache returns for
 * a read is compared with it (`mismatch`, a model bug when not 0).
 */
#ifndef GX_TFRAME_H
#define GX_TFRAME_H

#include <stddef.h>
#include <stdint.h>

#include "gx/pipe.h"
#include "gx/resolve.h"
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
    uint32_t pipes;      /**< screen-space pipelines: 1, 2 or 4 */
    gx_rfilter_t filter; /**< the resolve's filter */
    uint32_t sets, ways; /**< the sample cache; sets 0: 2 gx_scache_tile_lines (two cache
                              tiles: the one resolved and the next one rendered) */
    uint32_t cap;        /**< the bin memory, triangle references */
    uint8_t rate[GX_TILED_MAX_PIPES]; /**< commands pipeline k runs a turn (0: 1), so
                                           pipelines run at different speeds; the result
                                           never depends on it */
} gx_tframe_cfg_t;

typedef struct gx_tframe_stat {
    uint64_t refs, flushes, overflows; /**< the tiling unit's references and flushes */
    uint64_t batches;                  /**< cache-tile batches run (all pipelines) */
    uint64_t releases;                 /**< barrier releases (one a cache tile a flush) */
    uint64_t held;                     /**< turns a pipeline waited at its barrier */
    uint64_t replays;                  /**< triangles sent to the pipeline (with repeats) */
    uint64_t records;                  /**< triangles binned into some tile */
    uint64_t dram_rd, dram_wr;         /**< the cache's DRAM bytes read and written */
    uint64_t bin_rd, bin_wr;           /**< the bins' DRAM bytes: each binned triangle's
                                            record (GX_TFRAME_REC_BYTES) written once and
                                            read at every replay, each reference (4 bytes)
                                            written and read once */
    uint64_t mismatch;                 /**< cache bytes that differ from the surface */
} gx_tframe_stat_t;

/** A pipeline's command stream, waiting to run. */
typedef struct gx_tframe_q {
    gx_tcmd_t *c;
    size_t head, n, cap;
} gx_tframe_q_t;

struct gx_tframe;
/** A pipeline's memory hook's context: the frame and the pipeline's number. */
typedef struct gx_tframe_hook {
    struct gx_tframe *f;
    unsigned k;
} gx_tframe_hook_t;

typedef struct gx_tframe {
    gx_tframe_cfg_t cfg;
    gx_tframe_hook_t hook[GX_TILED_MAX_PIPES];
    gx_pipe_t pipe[GX_TILED_MAX_PIPES];
    gx_tframe_q_t q[GX_TILED_MAX_PIPES];
    gx_tbarrier_t bar;
    uint32_t tokens[2];     /**< AA_RESOLVE and invalidate / writeback tokens of the tile */
    gx_rstep_t *steps;      /**< gx_resolve_schedule's regions, 3 a cache tile */
    gx_tiler_t *tiler;
    gx_scache_t *cache;
    uint8_t *dram;          /**< DRAM: the surface's regions, then the image */
    uint64_t dram_size, image_base;
    gx_pipe_cmd_t *tri;     /**< the frame's triangles, in submission order */
    uint32_t ntri, cap_tri;
    uint8_t *tile_buf;      /**< AA_RESOLVE: the surface tiles it reads, decoded */
    uint8_t *out_buf;       /**< AA_RESOLVE: the resolved pixels, CT x CT */
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
