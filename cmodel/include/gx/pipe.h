/* gx_pipe: the whole pipeline as one C model, the chained golden model (issue 22;
 * docs/pipe.md, "The chained C model").
 *
 * gx_pipe_t is gx_pipe at its interfaces: the configuration its register block holds
 * (gx_pipe_cfg_t, one field per register field of rdl/gx_pipe_regs.rdl), the command
 * stream in (AXI4-Stream beats, gx_pipe_beat), memory out (the physical image of
 * gx_msmem, every transaction reported with its byte ranges), load responses out (the
 * beats of m_ld) and the counters of the register block's CNT block. It is what
 * gx_pipe's RTL must produce, transaction by transaction: the same memory writes in the
 * same order with the same byte ranges, the same reads, the same load responses, the
 * same final memory bytes and the same counters.
 *
 * Each beat is taken in stream order; the beat that ends a packet runs its command, or
 * its error, through the whole chain to completion before gx_pipe_beat returns (the
 * model has no clocks: in the RTL every command is done once the pipeline has drained):
 *   triangle  TRIANGLES + 1; its color into the pixel stage's ring (its number, mod 2^16,
 *             is the triangle's tag); the setup unit (gx_raster_setup); the rasterizer
 *             (gx_raster_tri_groups, GX_RASTER_LANES lanes, the pattern table as written
 *             or, until the first pattern packet, the standard positions for N); each
 *             quad group to the pixel stage (gx_pipe_pix_group: one SUST.MS store per
 *             covered pixel, lane 0 pixel 0 first); PIXELS + 1 and SAMPLES + its mask's
 *             popcount per store, STORES + 1 as the coalesce unit takes it
 *             (gx_mssurf_coalesce); every tile leaving the buffer FLUSH_<cause> + 1 and
 *             through the flush encoder (gx_mssurf_writeback_port) with its reads and its
 *             write on the memory image (gx_msmem_read / gx_msmem_write), before the next
 *             store. The ring is freed when the rasterizer has finished the triangle.
 *   pattern   the 16 slots replace the rasterizer's table for every later triangle.
 *   flush     the coalesce unit's flush (gx_mssurf_coalesce_flush): every resident tile,
 *             oldest allocation first, cause command, through the flush encoder.
 *   load      the coalesce unit's look-up (gx_mssurf_coalesce_load) and the load finisher
 *             (gx_mssurf_load_finish_port, its read on the memory image); LOADS + 1; the
 *             response's 3 beats appended to the output queue.
 *   bad       the packet is dropped whole; STATUS.CMD_ERR set; nothing else changes.
 *
 * Memory transactions (gx_pipe_mem_op_t, reported to the hook in order) are the memory
 * port's: the flush encoder's RMW read (or its state query: an RMW read of no pixels,
 * the state byte alone), its promotion read and its packet write, and the load
 * finisher's read. BYTES_RD and BYTES_WR count every byte of every range of them, the
 * state bytes included (gx_msmem_io_t: data_bytes + state_bytes).
 *
 * Not modelled (docs/pipe.md): clocks, back-pressure and the BUSY / STALL counters;
 * SOFT_RESET; memory error responses (STATUS.MEM_ERR stays 0); the interleaving of the
 * load finisher's reads with the flush encoder's transactions on the one AXI port,
 * which the RTL may order differently (the data each read returns may not differ: every
 * read sees every write of the evictions before it in the stream).
 */
#ifndef GX_PIPE_H
#define GX_PIPE_H

#include <stddef.h>
#include <stdint.h>

#include "gx/defs.h"
#include "gx/msmem.h"
#include "gx/mssurf.h"
#include "gx/pipe_cmd.h"
#include "gx/pipe_pix.h"
#include "gx/raster.h"

/** The configuration: the register block's fields (rdl/gx_pipe_regs.rdl), as the pipeline
 *  reads them when CTRL.ENABLE goes to 1, and gx_mssurf's slot count. */
typedef struct gx_pipe_cfg {
    uint64_t surf_base;     /**< SURF_BASE_HI:LO, tile homes (256-byte aligned) */
    uint64_t index_base;    /**< INDEX_BASE_HI:LO, class indices (256-byte aligned) */
    uint64_t state_base;    /**< STATE_BASE_HI:LO, tile states (256-byte aligned) */
    uint16_t width, height; /**< SURF_SIZE.WIDTH, HEIGHT: 1..8192 */
    uint8_t samples;        /**< SURF_FMT.SAMPLES: log2 N, 0..4 (N = 1..16; 1x on a 2x surface) */
    uint8_t bps;            /**< SURF_FMT.BPS: 0..2 (B = 4, 8, 16) */
    uint8_t threshold;      /**< SURF_FMT.THRESHOLD: T, 0..255 */
    uint8_t conservative;   /**< RASTER.CONSERVATIVE: 0, 1 */
    uint8_t cons_err;       /**< RASTER.CONS_ERR: E, 0..255 (1/256 pixel) */
    uint8_t slots;          /**< K, gx_mssurf's Slots parameter (no register): 1..32 */
} gx_pipe_cfg_t;

/** gx_pipe_init's verdict. */
typedef enum gx_pipe_init_res {
    GX_PIPE_INIT_OK = 0,      /**< enabled: beats are taken */
    GX_PIPE_INIT_BAD_CFG = 1, /**< refused as the RTL refuses it: STATUS.CFG_ERR, no beat taken */
    GX_PIPE_INIT_NO_MODEL = 2,/**< a configuration the RTL takes but the model cannot hold
                                   (the regions span more than GX_MSMEM_MAX_SPAN bytes, or
                                   out of memory): no beat taken, STATUS unchanged */
} gx_pipe_init_res_t;

/** STATUS bits (rdl/gx_pipe_regs.rdl). BUSY reads 0 in the model: every command has run
 *  to completion (the RTL once it has drained). */
#define GX_PIPE_STATUS_BUSY (1u << 0)
#define GX_PIPE_STATUS_IDLE (1u << 1)    /**< no packet open and no tile slot resident */
#define GX_PIPE_STATUS_CMD_ERR (1u << 8) /**< sticky: a bad packet was dropped */
#define GX_PIPE_STATUS_CFG_ERR (1u << 9) /**< sticky: the configuration was refused */
#define GX_PIPE_STATUS_MEM_ERR (1u << 10) /**< sticky: never set by the model */

/** The CNT block's counters that exist in the model, in the block's order (offset 8 i).
 *  The BUSY and STALL counters (offsets 0x58..0xA7) count clocks: RTL only. */
typedef struct gx_pipe_cnt {
    uint64_t triangles;     /**< 0x00 TRIANGLES: triangle commands taken by the setup unit */
    uint64_t pixels;        /**< 0x08 PIXELS: covered pixels out of the rasterizer */
    uint64_t samples;       /**< 0x10 SAMPLES: covered samples out of the rasterizer */
    uint64_t stores;        /**< 0x18 STORES: SUST.MS stores taken by the coalesce unit */
    uint64_t loads;         /**< 0x20 LOADS: SULD.MS loads answered */
    uint64_t flush[GX_MS_CAUSES]; /**< 0x28..0x40 FLUSH_FULL, _EVICT, _CONFLICT, _CMD:
                                       tiles leaving the buffer, by gx_ms_cause_t */
    uint64_t bytes_rd;      /**< 0x48 BYTES_RD: bytes of every read range, state bytes included */
    uint64_t bytes_wr;      /**< 0x50 BYTES_WR: bytes of every write range, state bytes included */
} gx_pipe_cnt_t;
#define GX_PIPE_CNT_MODELLED 11u  /**< counters in gx_pipe_cnt_t */
#define GX_PIPE_CNT_BYTES 0xa8u   /**< the CNT block: 21 counters of 8 bytes */

/** What the model counts beyond the registers (for tools and tests; no RTL port). */
typedef struct gx_pipe_stat {
    uint64_t beats;         /**< beats taken */
    uint64_t commands;      /**< good packets, by the decoder */
    uint64_t bad_cmds;      /**< bad packets (no BAD_CMDS register: STATUS.CMD_ERR only) */
    uint64_t err[7];        /**< bad packets by gx_cmd_err_t (index 0 unused) */
    uint64_t kind[4];       /**< commands by gx_cmd_kind_t */
    uint64_t reads, writes; /**< memory transactions */
    uint64_t read_data, read_state, write_data, write_state; /**< their bytes, split */
    uint64_t write_uncomp;  /**< the written pixels at N B bytes each (docs/render.md) */
    uint64_t bad_writes;    /**< packets gx_msmem refused: a model bug, always 0 */
} gx_pipe_stat_t;

/** One memory transaction, as reported to the hook. */
typedef struct gx_pipe_mem_op {
    uint64_t seq;           /**< 0, 1, 2, ...: its place among every transaction */
    uint8_t write;          /**< 1: a flush packet written (the flush encoder); 0: a read */
    gx_ms_read_kind_t kind; /**< read: RMW (pixels 0: the state query) or PROMOTE, the flush
                                 encoder's; LOAD, the load finisher's */
    uint32_t tile;          /**< the tile */
    uint32_t pixels;        /**< read: the pixels requested; write: f->written */
    gx_enc_t enc;           /**< read: the tile's state read; write: f->enc */
    const gx_ms_flush_t *flush; /**< write: the packet (valid during the call); read: NULL */
    int ok;                 /**< write: memory took it (always, but for a model bug) */
    gx_msmem_io_t io;       /**< the byte ranges (AXI bursts) and their byte counts */
} gx_pipe_mem_op_t;
typedef void (*gx_pipe_mem_fn)(void *ctx, const gx_pipe_mem_op_t *op);

/** Beats of a load response (docs/pipe.md, "Load responses"). */
#define GX_PIPE_LD_BEATS 3u

/** The pipeline. Every field is state; read, never write, them from outside. */
typedef struct gx_pipe {
    gx_pipe_cfg_t cfg;      /**< the registers */
    int enabled;            /**< the configuration was taken (GX_PIPE_INIT_OK) */
    gx_ms_cfg_t ms;         /**< the multi-sample format of cfg */
    gx_rs_cfg_t rs;         /**< the render state of cfg */
    gx_pipe_cmd_dec_t dec;  /**< the command decoder */
    gx_rs_table_t table;    /**< the rasterizer's pattern table ... */
    uint8_t table_written;  /**< ... once written; until then the standard positions */
    gx_pipe_pix_t pix;      /**< the pixel stage's color ring */
    gx_ms_lsu_t lsu;        /**< the coalesce unit and coverage tracker */
    gx_ms_port_t port;      /**< the memory port of the flush encoder and load finisher */
    gx_msmem_t mem;         /**< memory: the physical image */
    uint32_t status;        /**< STATUS's sticky bits */
    gx_pipe_cnt_t cnt;
    gx_pipe_stat_t stat;
    gx_pipe_beat_t *ld;     /**< the load-response queue: ld[ld_head .. ld_head + ld_n) */
    size_t ld_head, ld_n, ld_cap;
    int oom;                /**< the queue could not grow: the model stopped */
    gx_pipe_mem_fn mem_fn;  /**< the memory hook (NULL: none) */
    void *mem_ctx;
    uint8_t scissor;        /**< tiled mode's cache-tile scissor on (no register: set by
                                 the tiling unit, docs/tiled.md; off in immediate mode) */
    int32_t sc_x0, sc_y0, sc_x1, sc_y1; /**< ... its pixels, inclusive */
    uint8_t fine_pipes, fine_owner; /**< tiled mode with N pipelines: only the fine tiles
                                         (fx, fy) with (fx + 2 fy) mod N = owner (0: all) */
    uint16_t (*cov_fn)(void *ctx, uint32_t px, uint32_t py, uint16_t mask); /**< the depth
                                         test's hook (NULL: none) */
    void *cov_ctx;
} gx_pipe_t;

/** A configuration of W x H, log2 N = samples, bps, T = 0, MSAA, K = 4, and the three regions one after the other from address 0: homes at 0, indices at the
 *  next 256-byte boundary, states after them (when the format is out of range the bases
 *  are left 0; gx_pipe_init refuses it). */
void gx_pipe_cfg_default(gx_pipe_cfg_t *cfg, uint16_t width, uint16_t height, uint8_t samples,
                         uint8_t bps);
/** The multi-sample format of the registers (ms_cfg_t of the store path; fields in
 *  range: gx_pipe_cfg_check): spp_e = SAMPLES - 1, and at 1x (SAMPLES 0) a 2x surface
 *  whose two samples are stored together. */
void gx_pipe_ms_cfg(const gx_pipe_cfg_t *cfg, gx_ms_cfg_t *ms);
/** NULL when gx_pipe_init takes cfg's registers, else why it refuses them, the first
 *  failed check in this order: WIDTH, HEIGHT outside 1..8192; SAMPLES above 4; BPS 3; CONSERVATIVE above 1; K outside 1..32; a base
 *  not 256-byte aligned; the surface above 2^28 bytes in whole tiles (2^20
 *  tiles: the tile index's width); two regions overlapping or a region passing 2^64. */
const char *gx_pipe_cfg_check(const gx_pipe_cfg_t *cfg);

/** The pipeline after reset with cfg written and CTRL.ENABLE set: the memory cleared
 *  (the host's clear), the decoder between packets, the ring empty, the standard pattern
 *  table, no tile resident, the counters 0. Every result leaves p ready for
 *  gx_pipe_free. */
gx_pipe_init_res_t gx_pipe_init(gx_pipe_t *p, const gx_pipe_cfg_t *cfg);
void gx_pipe_free(gx_pipe_t *p);
/** The hook called for every memory transaction, in order (fn NULL: none). */
void gx_pipe_set_mem_hook(gx_pipe_t *p, gx_pipe_mem_fn fn, void *ctx);
/** Tiled mode's cache-tile scissor (docs/tiled.md): every later triangle's pixel range
 *  (the setup's px0..py1) is clamped to [x0, x1] x [y0, y1], so the rasterizer visits only
 *  the cache tile's pixels; on 0 turns it off (immediate mode, the RTL's behaviour). */
void gx_pipe_set_scissor(gx_pipe_t *p, int on, int32_t x0, int32_t y0, int32_t x1, int32_t y1);
/** Tiled mode with `pipes` screen-space pipelines (docs/tiled.md, "Pipelines"): this one,
 *  number `owner`, rasterizes only the fine tiles (8 x 8 pixels) (fx, fy) with
 *  (fx + 2 fy) mod pipes = owner (the rasterizer's fine-tile mask: the groups of other
 *  fine tiles are not emitted); pipes 0 or 1: every fine tile. */
void gx_pipe_set_fine_owner(gx_pipe_t *p, unsigned pipes, unsigned owner);
/** The depth test between the rasterizer and the pixel stage (issue 23; no RTL in gx_pipe
 *  yet): every covered pixel's sample mask (the rasterizer's N samples) becomes
 *  fn(ctx, px, py, mask), the samples that passed; a pixel left with none is not stored.
 *  fn NULL: none (the RTL's behaviour). */
void gx_pipe_set_cov_hook(gx_pipe_t *p, uint16_t (*fn)(void *ctx, uint32_t px, uint32_t py,
                                                       uint16_t mask), void *ctx);

/** One beat of s_cmd. Returns 1 when taken (its packet's command run, if it ended one),
 *  0 when not taken (the pipeline is not enabled: TREADY low; nothing changes), -1 when
 *  the model stopped (out of memory for the load-response queue). */
int gx_pipe_beat(gx_pipe_t *p, const gx_pipe_beat_t *b);
/** A command as its good packet (gx_pipe_cmd_encode at the configured B), beat by beat.
 *  Returns the beats taken, or -1 when the model stopped. */
int gx_pipe_send(gx_pipe_t *p, const gx_pipe_cmd_t *cmd);

/** Load-response beats waiting in the queue. */
size_t gx_pipe_ld_count(const gx_pipe_t *p);
/** The oldest beat of the queue into *b, removed; 0 when the queue is empty. */
int gx_pipe_ld_take(gx_pipe_t *p, gx_pipe_beat_t *b);
/** The 3 beats of a load response: beat 0 value bytes 0..7, beat 1 bytes 8..15 (byte 0
 *  in bits 7..0), beat 2 mask [15:0], state [17:16], analyzed [18], passes [34:19],
 *  bytes read [43:35], the rest 0; TKEEP all ones, TLAST on beat 2. */
void gx_pipe_ld_encode(const gx_ms_load_resp_t *r, gx_pipe_beat_t beats[GX_PIPE_LD_BEATS]);
/** The response of 3 beats; returns 0 when they are not a well-formed response (TKEEP,
 *  TLAST, bits above 43 of beat 2). */
int gx_pipe_ld_decode(const gx_pipe_beat_t beats[GX_PIPE_LD_BEATS], gx_ms_load_resp_t *r);

/** STATUS as software reads it. */
uint32_t gx_pipe_status(const gx_pipe_t *p);
/** A write to STATUS: its 1 bits clear the sticky bits (write 1 to clear). */
void gx_pipe_status_write(gx_pipe_t *p, uint32_t w1c);
/** 1 when no packet is open and no tile slot is resident (memory holds every stored
 *  sample): STATUS.IDLE. */
int gx_pipe_idle(const gx_pipe_t *p);

/** The 32-bit word at byte offset off of the CNT block (0..GX_PIPE_CNT_BYTES - 4, LO
 *  then HI of each counter) into *v; returns 1, or 0 (*v = 0) for a counter the model
 *  does not have (BUSY, STALL) or an offset outside the block or not a multiple of 4. */
int gx_pipe_cnt_read(const gx_pipe_t *p, unsigned off, uint32_t *v);
/** CTRL.CNT_CLEAR: every counter to 0. */
void gx_pipe_cnt_clear(gx_pipe_t *p);

/** The host's view of memory, not a transaction (nothing counted, no hook): every existing
 *  pixel of tile t, uncompressed (N B bytes a pixel, missing pixels 0) into out, the
 *  tile's state into *enc and the byte ranges such a read of every pixel moves into *io
 *  (gx_msmem_read's; enc and io may be NULL). Returns 0 when t is not a tile of the
 *  surface. */
int gx_pipe_peek_tile(gx_pipe_t *p, uint32_t t, uint8_t out[GX_MS_TILE_BYTES], gx_enc_t *enc,
                      gx_msmem_io_t *io);

#endif /* GX_PIPE_H */
