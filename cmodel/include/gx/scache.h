/* The sample cache of tiled mode (issue 24, docs/tiled.md, "Sample cache"): golden model.
 *
 * An on-chip write-back cache in front of the memory port. Lines of 32 bytes (the
 * multi-sample surface's line, one AXI4 burst of 4 beats at 64 bits), `sets` sets of `ways`
 * ways. Each line carries a tag (its address), a kind, a byte-valid mask and a byte-dirty
 * mask (the AXI4 write strobes of its write-back):
 *   sample    a line of the multi-sample surface (home, index or state bytes of gx_msmem's
 *             layout), written and read by the flush encoder and the load path;
 *   resolved  a line of the final image, written by the resolve unit, never read.
 * Writes allocate and never read memory (the bytes written become valid and dirty).
 * A read of bytes that are not valid fills them: a sample byte of a cache tile whose
 * samples never left the cache this frame is the surface's clear value 0 (no memory read:
 * the host clears the surface at the frame's start, as in immediate mode, so 0 is what
 * memory holds); any other byte comes from memory, one 32-byte read for the line.
 * A cache tile "left the cache" once any of its sample bytes was written to memory: by a
 * CACHE_WRITEBACK (bin overflow) or by an eviction; one bit per cache tile records it.
 *
 * Set of a line. A sample line's set is fixed by its place in the cache tile, so one cache
 * tile's sample lines never conflict when sets >= gx_scache_tile_lines (the cache tile's
 * worst case) but a state line that starts in the row above, which may share a set with
 * one other line of the tile: for surface tile (tx, ty), CTX = CT / TW and CTY = CT / TH tiles a cache tile,
 * l = (ty mod CTY) CTX + tx mod CTX:
 *   home line j (0..7)   key 8 l + j
 *   index line           key 8 CTX CTY + l
 *   state line           key 9 CTX CTY + 2 (ty mod CTY) + (line number mod 2), ty of its
 *                        first byte (a row of a cache tile's state bytes spans at most two
 *                        lines: CTX <= 32)
 * plus L = gx_scache_tile_lines when the cache tile's number (row-major) is odd, so two
 * consecutive cache tiles (the one resolved and the next one rendered) never share a set
 * when sets >= 2 L; set = key mod sets. A resolved line's set is (address / 32) mod sets.
 * Replacement in a set: an empty way, else the least recently used resolved line, else,
 * for a sample line, the least recently used sample line (sample lines are evicted last,
 * and only by sample lines); an evicted line's dirty bytes are written to memory (counted
 * by kind). A resolved line whose set holds only sample lines is not allocated: its write
 * goes through to memory (strobed), its read comes from memory.
 *
 * Commands of a cache tile's batch (docs/tiled.md) work on a rectangle of surface tiles
 * (the cache tile, or with scissor shifting the cache tile moved by whole surface tiles):
 *   invalidate  drops the rectangle's sample bytes: no write-back (a line left with no
 *               valid byte is freed);
 *   writeback   writes the rectangle's dirty sample bytes to memory and drops them;
 *   flush       (end of frame) writes every dirty byte and empties the cache.
 */
#ifndef GX_SCACHE_H
#define GX_SCACHE_H

#include <stddef.h>
#include <stdint.h>

#include "gx/defs.h"
#include "gx/mssurf.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GX_SC_LINE 32u
#define GX_SC_MAX_WAYS 16u
#define GX_SC_MAX_SETS 65536u

typedef enum gx_sc_kind {
    GX_SC_SAMPLE = 0,
    GX_SC_RESOLVED = 1,
} gx_sc_kind_t;

/** Memory behind the cache: 32-byte aligned line reads and strobed line writes. */
typedef struct gx_sc_mem_ops {
    void (*read)(void *ctx, uint64_t addr, uint8_t line[GX_SC_LINE]);
    void (*write)(void *ctx, uint64_t addr, const uint8_t line[GX_SC_LINE], uint32_t strobe);
    void *ctx;
} gx_sc_mem_ops_t;

typedef struct gx_scache_cfg {
    uint32_t sets;          /**< 1..GX_SC_MAX_SETS */
    uint32_t ways;          /**< 1..GX_SC_MAX_WAYS */
    gx_ms_cfg_t ms;         /**< the multi-sample surface: format, W x H */
    uint32_t ct;            /**< cache tile edge in pixels: 16, 32 or 64 */
    uint64_t surf_base, index_base, state_base; /**< gx_msmem's three regions */
} gx_scache_cfg_t;

typedef struct gx_sc_cnt {
    uint64_t rd_bytes[2];   /**< memory bytes read, by gx_sc_kind_t (whole lines) */
    uint64_t wr_bytes[2];   /**< memory bytes written (dirty bytes), by kind */
    uint64_t hits, misses;  /**< line look-ups of reads and writes */
    uint64_t zero_fills;    /**< sample lines filled with the clear value, no read */
    uint64_t evict[2];      /**< lines evicted, by kind */
    uint64_t dropped;       /**< dirty sample bytes dropped by invalidate (never written) */
    uint64_t through;       /**< resolved line writes not allocated (set full of samples) */
} gx_sc_cnt_t;

typedef struct gx_sc_line {
    uint64_t addr;          /**< the line's address (a multiple of 32) */
    uint64_t used;          /**< last use (for LRU) */
    uint32_t valid, dirty;  /**< byte masks */
    uint8_t kind;           /**< gx_sc_kind_t */
    uint8_t live;           /**< the way holds a line */
    uint8_t data[GX_SC_LINE];
} gx_sc_line_t;

typedef struct gx_scache {
    gx_scache_cfg_t cfg;
    gx_sc_mem_ops_t mem;
    gx_sc_line_t *line;     /**< sets x ways, set-major */
    uint8_t *left;          /**< per cache tile: its samples left the cache this frame */
    uint32_t tiles, tiles_x;        /**< surface tiles, a row of them */
    uint32_t twlog, thlog;          /**< a surface tile is 2^twlog x 2^thlog pixels */
    uint32_t ctx, cty;              /**< surface tiles a cache tile, across and down */
    uint32_t ctiles_x, ctiles;      /**< cache tiles across the surface, in all */
    uint64_t clock;
    gx_sc_cnt_t cnt;
} gx_scache_t;

/** The sample lines of one cache tile (the worst case: every home, index and state
 *  line): 9 CTX CTY + 2 CTY, the keys of the set function. */
uint32_t gx_scache_tile_lines(const gx_scache_cfg_t *cfg);

/** NULL and a message in err when cfg is out of range (or out of memory). */
gx_scache_t *gx_scache_new(const gx_scache_cfg_t *cfg, const gx_sc_mem_ops_t *mem,
                           const char **err);
void gx_scache_free(gx_scache_t *c);
/** Start of a frame: the cache empty (nothing written back), every cache tile's samples on
 *  chip, the counters kept. */
void gx_scache_frame(gx_scache_t *c);

/** The kind of an address: sample inside gx_msmem's regions, else resolved. */
gx_sc_kind_t gx_scache_kind(const gx_scache_t *c, uint64_t addr);
/** The set of the line at addr (a multiple of 32). */
uint32_t gx_scache_set(const gx_scache_t *c, uint64_t addr);

/** Read len bytes at addr into out; write len bytes of in at addr. A range may cross
 *  lines. */
void gx_scache_read(gx_scache_t *c, uint64_t addr, uint32_t len, uint8_t *out);
void gx_scache_write(gx_scache_t *c, uint64_t addr, uint32_t len, const uint8_t *in);

/** The sample bytes of surface tiles [tx0, tx1) x [ty0, ty1) (clamped to the surface):
 *  dropped (invalidate) or written to memory and dropped (writeback). Returns the lines
 *  looked up (the command's clocks in the RTL: one tag probe a line). */
uint32_t gx_scache_invalidate(gx_scache_t *c, uint32_t tx0, uint32_t ty0, uint32_t tx1,
                              uint32_t ty1);
uint32_t gx_scache_writeback(gx_scache_t *c, uint32_t tx0, uint32_t ty0, uint32_t tx1,
                             uint32_t ty1);
/** End of frame: every dirty byte written, the cache emptied. */
void gx_scache_flush(gx_scache_t *c);

#ifdef __cplusplus
}
#endif

#endif /* GX_SCACHE_H */
