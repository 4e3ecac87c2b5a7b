/* gx_mssurf: the multi-sample surface store path, golden model (issue 4).
 *
 * This header and cmodel/src/mssurf.c, mswb.c and msld.c are the specification of the
 * load/store unit's multi-sample path: SUST.MS / full-state stores, SULD.MS loads, the
 * coalesce buffer and its coverage tracker, the flush encoder, and a memory model of the
 * L2 / frame buffer.
 * docs/mssurf.md explains the decisions and gives the byte accounting with examples.
 *
 * Surface and address mapping. A surface is W x H pixels (1..GX_MAX_VIEWPORT each), N
 * samples per pixel (2, 4, 8, 16), B bytes per sample (4, 8, 16). Pixel (x, y) has the
 * linear index i = y W + x (row-major). A tile is GX_MS_TILE_BYTES = 256 bytes of the
 * uncompressed surface: P = 256 / (N B) consecutive pixels (1..32), tile t = pixels
 * t P .. t P + P - 1, so pixel i is pixel p = i mod P of tile t = i / P, and sample s of
 * it sits at byte  t * 256 + p * N * B + s * B  =  (i N + s) B  of the surface (the
 * surface base is address 0; a tile's address is t * 256). Tiles run on across row ends.
 * The last tile may hold fewer than P pixels (when P does not divide W H): its missing
 * pixels do not exist, are never stored, read, written or counted, and it is "full" when
 * its existing pixels are.
 *
 * Encodings of a tile (gx_enc_t): 1SPP (one value per pixel), subset (per pixel: its
 * classes of equal samples, one value and one N-bit mask each), full (every sample).
 * A pixel with k classes (k distinct sample values) needs 1SPP when k = 1, full when
 * k = N, subset otherwise; it can be held in that state or any wider one
 * (1SPP < subset < full).
 *
 * The load/store unit (gx_ms_lsu_t) holds K tile slots (cfg.slots, default 4). Each slot
 * holds one tile: the stored samples' values (256 bytes, per sample), a per-pixel sample
 * mask of the samples stored (the coverage tracker; masks merge with OR; a pixel is
 * covered when its mask is not 0) and a per-pixel arrival state. Transactions:
 *   store (SUST.MS, or a full-state store), load (SULD.MS), flush (end-of-draw command).
 * Flush causes, in the order they can happen within one store:
 *   conflict  the store enables a sample the resident tile already holds, with different
 *             data (beyond the threshold): that tile is flushed first, then the store goes
 *             into a fresh tile (same or equal data merges: no flush);
 *   evict     the store's tile is not resident and no slot is free: the slot allocated
 *             longest ago (FIFO) is flushed first and the store takes it;
 *   full      after the store, every sample of every pixel of its tile is stored.
 *   command   gx_mssurf_flush: every resident slot, oldest allocation first.
 * A free slot is taken lowest index first. The flush encoder and memory accounting are
 * described at gx_mssurf_store; nothing is lost: gx_mssurf_check.
 *
 * Threshold merging (cfg.threshold = T, 0 = off): two B-byte values are "near" when every
 * byte differs by at most T. With T > 0, a store to an already stored sample with near
 * data merges (the newest data is kept: the slot always holds the last value stored), and
 * when a tile is flushed, each covered pixel's samples are merged into classes greedily:
 * the lowest sample not yet in a class is the reference; every remaining sample stored
 * in this slot whose value is near the reference's, and every remaining sample read from
 * memory whose value equals it exactly, joins the class and takes the reference's value.
 * So a stored sample lands within T of the last value stored to it, and a sample read
 * from memory never changes. Loads (SULD.MS) compare exactly. With T = 0 all of this is
 * exact equality.
 */
#ifndef GX_MSSURF_H
#define GX_MSSURF_H

#include <stddef.h>
#include <stdint.h>

#include "gx/defs.h"

/* The GX_MS_* constants (tile bytes, most pixels / samples / slots, the surface limit of
 * 2^28 bytes = 2^20 tiles, the largest payload: 1SPP <= 256 / N <= 128 and full <= 256
 * bytes; a subset tile has P = 256/(N B) pixels of at most N - 1 classes: values <=
 * P (N - 1) B = 256 (N-1)/N <= 240 bytes, masks <= ceil(P (N - 1) N / 8) = 32 (N - 1) / B
 * <= 120 bytes (N = 16, B = 4); 240 + 120 = 360) and the layouts of the coalesce unit's
 * command and eviction record (gx_mssurf_cmd_pack, gx_mssurf_evict_unpack) come from
 * defs/gx_defs.toml through gx/defs.h, shared with rtl/gx_mssurf.sv. */

/** Why a tile left the coalesce buffer. */
typedef enum gx_ms_cause {
    GX_MS_FULL = 0,     /**< every sample of every pixel of the tile stored */
    GX_MS_EVICT = 1,    /**< a new tile arrived, no slot free: oldest allocation flushed */
    GX_MS_CONFLICT = 2, /**< a stored sample arrived again with different data */
    GX_MS_COMMAND = 3,  /**< explicit flush (end of a draw) */
} gx_ms_cause_t;
#define GX_MS_CAUSES 4u

/** Surface format and buffer configuration: fixed for a surface. */
typedef struct gx_ms_cfg {
    uint16_t width, height; /**< W, H: 1..GX_MAX_VIEWPORT; whole tiles <= 2^28 bytes */
    gx_spp_t spp;           /**< N */
    gx_bps_t bps;           /**< B */
    uint8_t slots;          /**< K tile slots, 1..GX_MS_MAX_SLOTS (default 4) */
    uint8_t threshold;      /**< T: 0 = exact (default); 1..255 merge near values */
} gx_ms_cfg_t;

/** A store from the processing unit to one pixel. */
typedef struct gx_ms_store {
    uint16_t x, y;          /**< pixel, < W and < H */
    uint16_t mask;          /**< samples written: not 0, < 2^N */
    uint8_t full;           /**< 0: SUST.MS, value[0..B-1] goes to every sample in mask
                                 (arrives as 1SPP when mask is all N samples, else as
                                 subset); 1: full state, sample s gets value[sB..sB+B-1] */
    uint8_t value[GX_MS_MAX_PIXEL_BYTES]; /**< byte 0 first */
} gx_ms_store_t;

/** SULD.MS: load sample `sample` of pixel (x, y). */
typedef struct gx_ms_load {
    uint16_t x, y;
    uint8_t sample;         /**< < N */
} gx_ms_load_t;

/** The load's response. */
typedef struct gx_ms_load_resp {
    uint8_t value[16];      /**< the sample's current value, B bytes, byte 0 first */
    uint16_t mask;          /**< samples of the pixel holding exactly that value */
    gx_enc_t enc;           /**< the pixel's state by its current values: k = 1: 1SPP,
                                 k = N: full, else subset (k = its distinct values) */
    uint8_t analyzed;       /**< 1 when the state was not known and the analyzer ran */
    uint16_t passes;        /**< its analyzer passes, one per line request (0 when not analyzed) */
    uint32_t read_bytes;    /**< bytes read from memory for it (0: all in the buffer) */
} gx_ms_load_resp_t;

/** A flush packet, as the load/store unit writes it to the L2 / frame buffer. */
typedef struct gx_ms_flush {
    uint32_t tile;          /**< tile index; address tile * 256 */
    gx_ms_cause_t cause;
    gx_enc_t enc;           /**< the tile's state in memory after this write */
    uint16_t cover[GX_MS_MAX_TILE_PIXELS]; /**< per pixel: samples stored in the slot */
    uint32_t written;       /**< pixels in the payload (bit p = pixel p): the covered
                                 ones, or every pixel of the tile on a state promotion */
    uint16_t payload_bytes; /**< length of payload (the memory counts the bytes its
                                 layout takes: gx_mssurf_mem_read) */
    uint8_t payload[GX_MS_MAX_PAYLOAD]; /**< encoded pixels, gx_mssurf_encode */
    uint32_t read_rmw;      /**< bytes read first: partially covered pixels */
    uint32_t read_promote;  /**< bytes read first: uncovered pixels of a promoted tile */
    uint8_t analyzed;       /**< pixels the analyzer re-analyzed for this flush */
    uint16_t passes;        /**< analyzer passes spent on them, one per line request */
} gx_ms_flush_t;

/** An eviction: one tile leaving the coalesce buffer (the coalesce unit and coverage
 *  tracker, gx_mssurf_coalesce) for the flush encoder (gx_mssurf_writeback). It is the
 *  output transaction of rtl/gx_mssurf.sv, field for field (gx_mssurf_evict_unpack). */
typedef struct gx_ms_evict {
    uint32_t tile;          /**< tile index */
    gx_ms_cause_t cause;
    uint16_t cover[GX_MS_MAX_TILE_PIXELS];  /**< per pixel: samples stored (0: none) */
    uint8_t arrive[GX_MS_MAX_TILE_PIXELS];  /**< per pixel: widest arrival state
                                                 (gx_enc_t); 0 for an uncovered pixel */
    uint8_t data[GX_MS_TILE_BYTES];         /**< the stored samples' values, uncompressed
                                                 layout; bytes of unstored samples 0 */
    uint8_t peek;           /**< 0: an eviction; 1: a load's copy of the tile's slot,
                                 data of the loaded pixel only (gx_mssurf_coalesce_load;
                                 nothing leaves, cause 0) */
} gx_ms_evict_t;

/** Called for each eviction, in order. */
typedef void (*gx_ms_evict_fn)(void *ctx, const gx_ms_evict_t *ev);

/** Counters of the load/store unit. */
typedef struct gx_ms_lsu_cnt {
    uint64_t stores, merges, loads;   /**< merges: stores that met an already stored
                                           sample with equal (near) data and merged */
    uint64_t flushes[GX_MS_CAUSES];   /**< by cause */
    uint64_t flushed_enc[4];          /**< flushes by the tile state written */
    uint64_t analyzed;                /**< pixels run through the analyzer (flush, load) */
    uint64_t passes;                  /**< analyzer passes spent on them */
} gx_ms_lsu_cnt_t;

/** One tile slot of the coalesce buffer and its coverage tracker entry. */
typedef struct gx_ms_slot {
    uint8_t valid;
    uint32_t tile;
    uint64_t seq;                            /**< allocation order (FIFO eviction) */
    uint16_t cover[GX_MS_MAX_TILE_PIXELS];   /**< stored samples per pixel */
    uint8_t arrive[GX_MS_MAX_TILE_PIXELS];   /**< widest arrival state per pixel (gx_enc_t) */
    uint8_t data[GX_MS_TILE_BYTES];          /**< stored samples' values */
} gx_ms_slot_t;

/** The load/store unit: coalesce buffer and coverage tracker. */
typedef struct gx_ms_lsu {
    gx_ms_cfg_t cfg;
    uint64_t next_seq;
    gx_ms_slot_t slot[GX_MS_MAX_SLOTS];
    gx_ms_lsu_cnt_t cnt;
} gx_ms_lsu_t;

/** Traffic counters of the memory model, in bytes. */
typedef struct gx_ms_mem_cnt {
    uint64_t writes;          /**< flush packets written */
    uint64_t write_bytes;     /**< bytes written, each pixel in its place (mem_read) */
    uint64_t write_uncomp;    /**< bytes the same pixels take uncompressed (N B each) */
    uint64_t read_bytes;      /**< bytes read: read_rmw + read_promote + read_load */
    uint64_t read_rmw, read_promote, read_load;
    uint64_t bad_writes;      /**< malformed packets refused (a model bug: always 0) */
} gx_ms_mem_cnt_t;

/** The L2 / frame buffer: per-sample data of every tile, an encoding state per tile. It
 *  starts cleared: every sample 0, every tile 1SPP. */
typedef struct gx_ms_mem {
    gx_ms_cfg_t cfg;
    uint32_t tiles;
    uint8_t *data;            /**< tiles * 256 bytes, the uncompressed layout */
    uint8_t *enc;             /**< per tile, gx_enc_t */
    gx_ms_mem_cnt_t cnt;
} gx_ms_mem_t;

/** Which read a memory read is (for the counters). */
typedef enum gx_ms_read_kind {
    GX_MS_READ_RMW = 0,       /**< partially covered pixels before a flush */
    GX_MS_READ_PROMOTE = 1,   /**< uncovered pixels of a tile whose state widens */
    GX_MS_READ_LOAD = 2,      /**< SULD.MS */
} gx_ms_read_kind_t;

/** Called after each flush has been written to memory. */
typedef void (*gx_ms_flush_fn)(void *ctx, const gx_ms_flush_t *f);

/* ---- format */
/** A configuration with K = 4 and T = 0. */
void gx_mssurf_cfg_default(gx_ms_cfg_t *cfg, uint16_t width, uint16_t height, gx_spp_t spp,
                           gx_bps_t bps);
/** 1 when the configuration is in range (sizes, N, B, K, surface <= 2^28 bytes). */
int gx_mssurf_cfg_ok(const gx_ms_cfg_t *cfg);
/** P = 256 / (N B). */
unsigned gx_mssurf_tile_pixels(const gx_ms_cfg_t *cfg);
/** A tile is TW x TH pixels, TW = 2^wlog, TH = 2^hlog, TW TH = P, TW = TH or 2 TH
 *  (P = 32: 8 x 4; 16: 4 x 4; 8: 4 x 2; 4: 2 x 2; 2: 2 x 1; 1: 1 x 1). */
unsigned gx_mssurf_tile_wlog(const gx_ms_cfg_t *cfg);
unsigned gx_mssurf_tile_hlog(const gx_ms_cfg_t *cfg);
/** Tiles of a row of tiles: ceil(W / TW). */
uint32_t gx_mssurf_tiles_x(const gx_ms_cfg_t *cfg);
/** Tiles of the surface: ceil(W / TW) ceil(H / TH). The surface is padded to whole tiles:
 *  every pixel of every tile exists (the pixels beyond W or H are never stored to). */
uint32_t gx_mssurf_tiles(const gx_ms_cfg_t *cfg);
/** The tile of pixel (x, y), (y / TH) ceil(W / TW) + x / TW, and in *p its pixel in the
 *  tile, (y mod TH) TW + x mod TW (row-major in the tile). */
uint32_t gx_mssurf_pixel_tile(const gx_ms_cfg_t *cfg, uint32_t x, uint32_t y, unsigned *p);
/** The inverse: the pixel (x, y) of pixel p of tile t (may lie in the padding). */
void gx_mssurf_tile_xy(const gx_ms_cfg_t *cfg, uint32_t tile, unsigned p, uint32_t *x,
                       uint32_t *y);
/** Bytes of the surface in whole tiles (the size of a reference surface). */
size_t gx_mssurf_surface_bytes(const gx_ms_cfg_t *cfg);
/** The pixels of tile t that exist (bit p): all P of a tile of the surface, none beyond. */
uint32_t gx_mssurf_tile_valid(const gx_ms_cfg_t *cfg, uint32_t tile);
/** Byte address of sample s of pixel (x, y) in a reference surface of whole tiles in
 *  their uncompressed layout: 256 t + (p N + s) B, (t, p) = gx_mssurf_pixel_tile. */
size_t gx_mssurf_addr(const gx_ms_cfg_t *cfg, uint32_t x, uint32_t y, unsigned s);
/** 1 when B-byte values a and b are near: every byte differs by at most t. */
int gx_mssurf_near(const uint8_t *a, const uint8_t *b, unsigned bytes, unsigned t);

/* ---- pixel classes and the encoder (the representation in memory) */
/** The classes of the samples of pixels `pixels` of a tile image (256 bytes, uncompressed
 *  layout), found with the analyzer (gx_analyzer_process) over the tile's 32-byte lines:
 *  every line holding a requested pixel is analyzed once (a line holds 32/(N B) pixels
 *  when N B <= 32); a pixel spanning several lines (N B > 32) has each of its lines
 *  analyzed and their classes merged with query-mode passes: one pass compares a line
 *  class's first sample with the first samples of up to S - 1 (S = 32/B) classes of the
 *  pixel's earlier lines. cls[p][s] = mask of the samples of pixel p equal to sample s
 *  (0 for pixels not requested). Returns the analyzer passes used: one per request. */
unsigned gx_mssurf_classes(gx_spp_t spp, gx_bps_t bps, const uint8_t tile[GX_MS_TILE_BYTES],
                           uint32_t pixels, uint16_t cls[GX_MS_MAX_TILE_PIXELS][GX_MS_MAX_SPP]);
/** The state a pixel needs from its classes: 1SPP (one), full (N), subset. */
gx_enc_t gx_mssurf_need(gx_spp_t spp, const uint16_t cls[GX_MS_MAX_SPP]);
/** Encode pixels `pixels` of a tile image (256 bytes, uncompressed layout) in state enc,
 *  every pixel's need being at most enc; out may be NULL. Returns the byte count:
 *    1SPP:   per pixel (ascending), its value: B bytes;
 *    subset: first the masks, then the values: per pixel (ascending), per class (by
 *            lowest sample), an N-bit mask, packed LSB first from bit 0 of byte 0, the
 *            last byte padded with 0 bits (ceil(total classes * N / 8) bytes: rounded
 *            once per tile); then per pixel, per class in the same order, its value
 *            (B bytes) -- total classes * B;
 *    full:   per pixel, samples 0..N-1: N B bytes. */
unsigned gx_mssurf_encode(const gx_ms_cfg_t *cfg, gx_enc_t enc, uint32_t pixels,
                          const uint8_t tile[GX_MS_TILE_BYTES], uint8_t *out);
/** Decode len bytes of a payload into the pixels `pixels` of tile (other bytes untouched).
 *  Returns 1, or 0 (tile untouched) when the payload is malformed: wrong length, a mask
 *  empty / overlapping / beyond N bits / out of order, a subset pixel with k = N classes,
 *  padding bits set. */
int gx_mssurf_decode(const gx_ms_cfg_t *cfg, gx_enc_t enc, uint32_t pixels,
                     const uint8_t *in, unsigned len, uint8_t tile[GX_MS_TILE_BYTES]);

/* ---- memory model */
/** Allocate a cleared surface. Returns 1, or 0 when out of memory or cfg is not ok. */
int gx_mssurf_mem_init(gx_ms_mem_t *mem, const gx_ms_cfg_t *cfg);
void gx_mssurf_mem_free(gx_ms_mem_t *mem);
/** Memory read transaction: pixels `pixels` of tile t, in the tile's state. Copies their
 *  values into tile_out (uncompressed layout; other bytes untouched) and returns the
 *  bytes read: what the pixels take in memory in that state, each in its fixed place
 *  (docs/pipe.md): 1SPP B, full N B, subset I(N) + k B — its class indices, N log2 N bits
 *  in whole bytes, and its k classes' values. The write counter counts the same way. */
uint32_t gx_mssurf_mem_read(gx_ms_mem_t *mem, uint32_t tile, uint32_t pixels,
                            gx_ms_read_kind_t kind, uint8_t tile_out[GX_MS_TILE_BYTES]);
/** Memory write transaction: decode the packet's payload into its written pixels and set
 *  the tile's state to f->enc. A packet that is malformed, or that leaves pixels unwritten
 *  in a state narrower than the tile's, is refused (counted in bad_writes). Returns 1 ok. */
int gx_mssurf_mem_write(gx_ms_mem_t *mem, const gx_ms_flush_t *f);

/* ---- load/store unit */
void gx_mssurf_lsu_init(gx_ms_lsu_t *lsu, const gx_ms_cfg_t *cfg);
/** 1 when the store is in range for cfg (pixel inside, mask not 0 and < 2^N, full 0/1). */
int gx_mssurf_store_ok(const gx_ms_cfg_t *cfg, const gx_ms_store_t *st);
/** 1 when the load is in range (pixel inside, sample < N). */
int gx_mssurf_load_ok(const gx_ms_cfg_t *cfg, const gx_ms_load_t *ld);

/** Store transaction (SUST.MS or full state). In order:
 *   1. if the tile is resident and a sample in mask is already stored with data not near
 *      the new data: flush it (conflict); else if resident, samples already stored with
 *      near data count one merge;
 *   2. if not resident (now): take the lowest free slot, or flush the slot allocated
 *      longest ago (evict) and take it; a new slot starts with nothing stored;
 *   3. write the samples (newest data kept), OR the mask into the pixel's coverage, raise
 *      the pixel's arrival state to this store's (SUST.MS full mask: 1SPP, partial mask:
 *      subset, full-state store: full);
 *   4. if the tile is now full: flush it (full).
 * A flush of slot (tile t, coverage c, memory state Em):
 *   a. RMW: the partially covered pixels (0 < c[p] < all N) are read from memory
 *      (GX_MS_READ_RMW) and their unstored samples filled in;
 *   b. threshold merging (T > 0) of every covered pixel, as in the file header;
 *   c. each covered pixel's classes: a pixel whose arrival state is 1SPP (only ever
 *      written by full-mask SUST.MS) is uniform; every other covered pixel (subset or full
 *      arrivals, RMW-merged pixels) is re-analyzed with gx_mssurf_classes, so
 *      uniform data leaves as 1SPP. Eb = the widest need of the covered pixels;
 *   d. the tile's new state: every existing pixel covered: Eb (the whole tile is
 *      rewritten; the state may narrow). Otherwise max(Eb, Em): when Eb <= Em only the
 *      covered pixels are written, in Em; when Eb > Em the state is promoted: the
 *      uncovered pixels are read (GX_MS_READ_PROMOTE) and every pixel is written in Eb;
 *   e. the written pixels are encoded (gx_mssurf_encode) and the packet is written to
 *      memory (gx_mssurf_mem_write); the slot is freed; fn(ctx, packet) if fn. */
void gx_mssurf_store(gx_ms_lsu_t *lsu, gx_ms_mem_t *mem, const gx_ms_store_t *st,
                     gx_ms_flush_fn fn, void *ctx);
/** Load transaction (SULD.MS). The pixel's current values: samples stored in a resident
 *  slot from the slot, the rest from memory. Memory is read (GX_MS_READ_LOAD, the pixel
 *  in its tile's state) unless every sample of the pixel is in the slot. The state is
 *  known without the analyzer when the pixel is wholly in the slot with arrival state
 *  1SPP (uniform), or wholly in memory in a 1SPP tile (uniform) or a subset tile (its
 *  stored masks are the classes); otherwise the analyzer finds the classes. */
void gx_mssurf_load(gx_ms_lsu_t *lsu, gx_ms_mem_t *mem, const gx_ms_load_t *ld,
                    gx_ms_load_resp_t *resp);
/** Flush command (end of a draw): flush every resident slot, oldest allocation first. */
void gx_mssurf_flush(gx_ms_lsu_t *lsu, gx_ms_mem_t *mem, gx_ms_flush_fn fn, void *ctx);

/* ---- the store path split at the coalesce unit's boundary. gx_mssurf_store is
 * gx_mssurf_coalesce with each eviction passed through gx_mssurf_writeback, and
 * gx_mssurf_flush is gx_mssurf_coalesce_flush likewise; rtl/gx_mssurf.sv implements the
 * two coalesce functions (eviction records bit-exact), the flush encoder stays in C.
 * gx_mssurf_load is gx_mssurf_coalesce_load then gx_mssurf_load_finish; the RTL returns
 * the snapshot in its record stream. */
/** The coalesce unit and coverage tracker for one store: steps 1-4 of gx_mssurf_store
 *  (conflict or merge, allocation / eviction, write with the coverage and arrival
 *  state, full tile) without memory: every tile leaving the buffer is handed to fn(ctx,
 *  eviction) at the point of its flush, its slot already freed. Counts stores, merges and
 *  flushes[cause]. The store must be in range (gx_mssurf_store_ok). */
void gx_mssurf_coalesce(gx_ms_lsu_t *lsu, const gx_ms_store_t *st, gx_ms_evict_fn fn,
                        void *ctx);
/** The flush command at the coalesce unit: every resident slot, oldest allocation first,
 *  cause command, each handed to fn(ctx, eviction). */
void gx_mssurf_coalesce_flush(gx_ms_lsu_t *lsu, gx_ms_evict_fn fn, void *ctx);
/** SULD.MS at the coalesce unit: *snap = the coverage and arrival states of the slot
 *  holding pixel (x, y)'s tile and the stored bytes of pixel (x, y) alone (the other
 *  pixels' bytes 0), with peek = 1 and cause 0 (tile = the pixel's tile; every cover 0
 *  when it is not resident); the buffer is unchanged. The pixel must be inside the
 *  surface. */
void gx_mssurf_coalesce_load(const gx_ms_lsu_t *lsu, uint16_t x, uint16_t y,
                             gx_ms_evict_t *snap);
/** The memory port of the flush encoder and the load finisher: their read requests and
 *  packets (ms_rdreq_t / ms_rdresp_t, ms_flush_t in the RTL) as calls, so that one
 *  definition of each block serves every memory: the abstract gx_ms_mem_t
 *  (gx_mssurf_mem_port) and gx_pipe's physical image (gx_msmem_t, cmodel/src/pipe.c). */
typedef struct gx_ms_port {
    /** Read pixels `pixels` of tile `tile` (kind: RMW, PROMOTE or LOAD; pixels 0 with
     *  RMW is the flush encoder's state query): their uncompressed bytes into img (other
     *  bytes untouched), the tile's state into *enc; returns the data bytes read, as
     *  gx_mssurf_mem_read counts them. */
    uint32_t (*read)(void *ctx, uint32_t tile, uint32_t pixels, gx_ms_read_kind_t kind,
                     uint8_t img[GX_MS_TILE_BYTES], gx_enc_t *enc);
    /** Write the flush packet; returns 1 when memory took it (gx_mssurf_mem_write). */
    int (*write)(void *ctx, const gx_ms_flush_t *f);
    void *ctx;
} gx_ms_port_t;
/** The port of the abstract memory mem: gx_mssurf_mem_read (the state mem->enc[tile])
 *  and gx_mssurf_mem_write. */
void gx_mssurf_mem_port(gx_ms_mem_t *mem, gx_ms_port_t *port);

/** The rest of SULD.MS (gx_mssurf_load without the buffer look-up and the lsu counters):
 *  the response from snap (gx_mssurf_coalesce_load of the load's pixel) and memory. */
void gx_mssurf_load_finish(const gx_ms_cfg_t *cfg, gx_ms_mem_t *mem, const gx_ms_evict_t *snap,
                           const gx_ms_load_t *ld, gx_ms_load_resp_t *resp);
/** gx_mssurf_load_finish on a memory port. Memory is read (LOAD, the loaded pixel) exactly
 *  when the snapshot does not hold every sample of the pixel; the read's state is Em. */
void gx_mssurf_load_finish_port(const gx_ms_cfg_t *cfg, const gx_ms_port_t *port,
                                const gx_ms_evict_t *snap, const gx_ms_load_t *ld,
                                gx_ms_load_resp_t *resp);
/** The flush encoder for one eviction: steps a-e of gx_mssurf_store (RMW reads,
 *  threshold merging, re-analysis, the tile's state, encoding, the memory write) with
 *  cfg = the surface's configuration. Fills *f (the packet written) and returns 1 when
 *  memory took the write; a snapshot (peek = 1) is no eviction: nothing, returns 0. */
int gx_mssurf_writeback(const gx_ms_cfg_t *cfg, gx_ms_mem_t *mem, const gx_ms_evict_t *ev,
                        gx_ms_flush_t *f);
/** gx_mssurf_writeback on a memory port, with gx_mswb's reads (docs/mswb.md), in order:
 *  the RMW read of the partially covered pixels when there are any, else, when some
 *  existing pixel is uncovered, the state query (RMW, pixels 0: Em alone, 0 data bytes);
 *  none when every existing pixel is wholly covered (Em plays no part then); after the
 *  state choice, the promotion read of the uncovered existing pixels; then the write. */
int gx_mssurf_writeback_port(const gx_ms_cfg_t *cfg, const gx_ms_port_t *port,
                             const gx_ms_evict_t *ev, gx_ms_flush_t *f);
/** The command image (ms_cmd_t of gx_pkg, GX_MS_CMD_WORDS words) of a store. */
void gx_mssurf_cmd_pack_store(const gx_ms_store_t *st, uint32_t w[GX_MS_CMD_WORDS]);
/** The command image of the flush command. */
void gx_mssurf_cmd_pack_flush(uint32_t w[GX_MS_CMD_WORDS]);
/** The load image (ms_ld_t of gx_pkg, GX_MS_LD_WORDS words) for the load finisher
 *  rtl/gx_msld.sv: pixel p = (y W + x) mod P of the load's tile and the sample. */
void gx_mssurf_ld_pack(const gx_ms_cfg_t *cfg, const gx_ms_load_t *ld, uint32_t w[GX_MS_LD_WORDS]);
/** A load response image of rtl/gx_msld.sv (ms_ldresp_t, GX_MS_LDRESP_WORDS words) as a
 *  gx_ms_load_resp_t (value bytes beyond B are 0). */
void gx_mssurf_ldresp_unpack(const uint32_t w[GX_MS_LDRESP_WORDS], gx_ms_load_resp_t *r);
/** 1 when two load responses are equal in every field (value: all 16 bytes). */
int gx_mssurf_ldresp_eq(const gx_ms_load_resp_t *a, const gx_ms_load_resp_t *b);
/** The command image of a load (SULD.MS) of pixel (x, y). */
void gx_mssurf_cmd_pack_load(uint16_t x, uint16_t y, uint32_t w[GX_MS_CMD_WORDS]);
/** The configuration image (ms_cfg_t, GX_MS_CFG_WORDS words); cfg.slots is the RTL's K
 *  parameter and not part of it. */
void gx_mssurf_cfg_pack(const gx_ms_cfg_t *cfg, uint32_t w[GX_MS_CFG_WORDS]);
/** An eviction from its record image (ms_evict_t, GX_MS_EVICT_WORDS words), for N = spp
 *  (the cover bitmap's pixel stride): cover[p] = bits pN .. pN + N - 1. */
void gx_mssurf_evict_unpack(const uint32_t w[GX_MS_EVICT_WORDS], gx_spp_t spp,
                            gx_ms_evict_t *ev);
/** 1 when two evictions are equal in every field (pixels beyond 32: none). */
int gx_mssurf_evict_eq(const gx_ms_evict_t *a, const gx_ms_evict_t *b);

/* ---- the flush encoder in RTL (rtl/gx_mswb.sv): its record images. The RTL asks for
 * memory reads (ms_rdreq_t) and gets the answers of gx_mssurf_mem_read (ms_rdresp_t);
 * its packets (ms_flush_t) go to gx_mssurf_mem_write. */
/** The record image (ms_evict_t) of an eviction or snapshot, for N = spp. */
void gx_mssurf_evict_pack(const gx_ms_evict_t *ev, gx_spp_t spp, uint32_t w[GX_MS_EVICT_WORDS]);
/** A read request's fields. */
void gx_mssurf_rdreq_unpack(const uint32_t w[GX_MS_RDREQ_WORDS], uint32_t *tile,
                            uint32_t *pixels, gx_ms_read_kind_t *kind);
/** The memory's answer to a read request: resp = the tile's state, the bytes read
 *  (gx_mssurf_mem_read, which also counts them) and the requested pixels' data (other
 *  bytes 0). Returns 0 (resp all 0, nothing read) when the tile is not in the surface. */
uint32_t gx_mssurf_mem_answer(gx_ms_mem_t *mem, const uint32_t req[GX_MS_RDREQ_WORDS],
                              uint32_t resp[GX_MS_RDRESP_WORDS]);
/** A flush packet from its image (ms_flush_t), for N = spp (cover[p] = bits pN..). */
void gx_mssurf_flush_unpack(const uint32_t w[GX_MS_FLUSH_WORDS], gx_spp_t spp, gx_ms_flush_t *f);
/** 1 when two packets are equal in every field (payload: all GX_MS_MAX_PAYLOAD bytes). */
int gx_mssurf_flush_eq(const gx_ms_flush_t *a, const gx_ms_flush_t *b);

/** Nothing lost. ref: a plain per-sample surface (gx_mssurf_surface_bytes, uncompressed
 *  layout) whose every sample holds the last value stored to it (0 if never stored).
 *  Returns 1 when every existing sample held in a resident slot equals ref there, every
 *  other existing sample in memory is near ref (threshold T; equal when T = 0), every
 *  byte of a missing pixel in memory is 0, and every tile's state can hold each of its
 *  pixels. Otherwise 0 and *where = the byte address of the first bad sample (or of the
 *  first pixel of a tile whose state is too narrow). */
int gx_mssurf_check(const gx_ms_lsu_t *lsu, const gx_ms_mem_t *mem, const uint8_t *ref,
                    size_t *where);

#endif /* GX_MSSURF_H */
