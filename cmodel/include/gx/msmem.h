/* gx_msmem: the memory side of gx_pipe, golden model (issue 22).
 *
 * This header and cmodel/src/msmem.c are the specification of the physical memory image
 * that gx_pipe's AXI4 master keeps: the multi-sample surface in the layout of docs/pipe.md
 * ("Memory: what lives where"), byte for byte. The abstract memory model gx_ms_mem_t
 * (gx/mssurf.h) holds every tile uncompressed and counts the bytes this layout takes;
 * gx_msmem_t holds the bytes themselves, at their addresses, and is proven equivalent to
 * it by cmodel/tests/test_msmem.c.
 *
 * Three regions in one byte-addressed memory, each at a 256-byte aligned base:
 *   homes    SURF_BASE  + 256 t        256 bytes a tile
 *   indices  INDEX_BASE + 32 t         I(N) bytes a pixel: pixel p at + I(N) p
 *   states   STATE_BASE + t            one byte a tile: bits 1..0 gx_enc_t, others 0
 * With N samples of B bytes, P = 256 / (N B) pixels a tile, lg = log2 N and
 * I(N) = ceil(N lg / 8) = 1, 1, 3, 8 bytes at N = 2, 4, 8, 16, pixel p of tile t is:
 *   1SPP    its value (B bytes) at home + B p
 *   full    its N values, sample 0 first, at home + N B p
 *   subset  its k classes' values at home + N B p + B c, c = 0..k-1, the classes in the
 *           canonical order (by lowest sample: class 0 holds sample 0, each next class
 *           the lowest sample not in an earlier one; gx_mssurf_encode's order); sample s's
 *           class number c in bits [s lg +: lg] of its I(N) index bytes, little-endian
 *           (bit j of the field is bit (s lg + j) mod 8 of byte (s lg + j) / 8); the
 *           padding bits above N lg are 0.
 * Bytes that the pixel's state does not use (a subset pixel's slot beyond its k values,
 * a 1SPP tile's home beyond P B, a 1SPP or full pixel's index bytes) keep whatever they
 * held: a write touches only the bytes of the pixels it writes, in their new state. A
 * home never crosses a 4 KB boundary (256-aligned), nor do a tile's 32 index bytes, so
 * every range below is one INCR burst.
 *
 * Everything starts 0: every tile 1SPP, every sample 0 (consistent).
 *
 * Transactions and the byte ranges they touch (gx_msmem_io_t): each range lies in one
 * region and within one 256-byte aligned block, ranges of a group are in ascending
 * address order, and a range that starts where the previous one of its group ends is
 * merged into it:
 *   write  home bytes, then index bytes (subset only), then the state byte;
 *   read   the state byte (it says where the pixels are), then index bytes (subset only:
 *          they say how many values each pixel has, k = highest class number + 1), then
 *          home bytes.
 * The data bytes (home and index) are what gx_mssurf_mem_read / gx_mssurf_mem_write
 * count; the state byte is counted apart.
 */
#ifndef GX_MSMEM_H
#define GX_MSMEM_H

#include <stddef.h>
#include <stdint.h>

#include "gx/defs.h"
#include "gx/mssurf.h"

/** Alignment of every region base. */
#define GX_MSMEM_ALIGN 256u
/** Index bytes reserved a tile: P I(N) <= 32 (N = 2: 32 x 1, 4: 16 x 1, 8: 8 x 3 = 24,
 *  16: 4 x 8 = 32, at B = 4; fewer pixels at larger B). */
#define GX_MSMEM_INDEX_TILE_BYTES 32u
/** Most bytes from the lowest base to the end of the highest region that the model
 *  holds as one image (the largest surface takes 2^28 + 2^25 + 2^20 bytes). */
#define GX_MSMEM_MAX_SPAN (1ull << 30)
/** Most ranges of one transaction. Of the P <= 32 pixels of a tile, w are moved. Home:
 *  at most w ranges (a subset pixel's values end before its slot does, so no two subset
 *  pixels merge; at N = 2, P = 32 a subset tile of uniform pixels gives 32). Index
 *  (subset): one range per run of consecutive moved pixels, at most min(w, P - w + 1).
 *  So w + min(w, P - w + 1) <= P + 1 = 33, and the state byte: 34. */
#define GX_MSMEM_MAX_RANGES 34u

/** Which part of memory an address belongs to. */
typedef enum gx_msmem_region {
    GX_MSMEM_OUTSIDE = 0, /**< not in any region (between them, or outside the image) */
    GX_MSMEM_HOME = 1,    /**< a tile's home */
    GX_MSMEM_INDEX = 2,   /**< a tile's class indices */
    GX_MSMEM_STATE = 3,   /**< a tile's state byte */
} gx_msmem_region_t;

/** One byte range of a transaction: one INCR burst on the AXI4 port. */
typedef struct gx_msmem_range {
    uint64_t addr;
    uint32_t len;
    uint8_t region;         /**< gx_msmem_region_t */
} gx_msmem_range_t;

/** What a transaction moved. */
typedef struct gx_msmem_io {
    uint32_t data_bytes;    /**< home and index bytes (gx_mssurf_mem_read / _write's count) */
    uint32_t state_bytes;   /**< state bytes: 1 for every read and every accepted write */
    unsigned n;             /**< ranges, in the order of the file header */
    gx_msmem_range_t r[GX_MSMEM_MAX_RANGES];
} gx_msmem_io_t;

/** Traffic counters, in bytes. */
typedef struct gx_msmem_cnt {
    uint64_t writes;        /**< flush packets taken */
    uint64_t write_bytes;   /**< data bytes written (home and index) */
    uint64_t write_state;   /**< state bytes written */
    uint64_t reads;         /**< read transactions */
    uint64_t read_bytes;    /**< data bytes read */
    uint64_t read_state;    /**< state bytes read */
    uint64_t bad_writes;    /**< packets refused (the rule of gx_mssurf_mem_write) */
} gx_msmem_cnt_t;

/** The memory: the surface's configuration, the three bases and the image of
 *  [lo, hi) = [lowest base, end of the highest region); bytes between regions are
 *  never written (always 0). */
typedef struct gx_msmem {
    gx_ms_cfg_t cfg;
    uint32_t tiles;
    uint64_t surf_base, index_base, state_base;
    uint64_t lo, hi;
    uint8_t *img;           /**< hi - lo bytes, img[0] at address lo */
    gx_msmem_cnt_t cnt;
} gx_msmem_t;

/** Where an address lies (gx_msmem_where). */
typedef struct gx_msmem_loc {
    gx_msmem_region_t region;
    uint32_t tile;          /**< home, index, state: the tile */
    uint32_t offset;        /**< byte offset in the tile's home (0..255) or index block (0..31) */
} gx_msmem_loc_t;

/** I(N): index bytes of a pixel, ceil(N log2 N / 8) = 1, 1, 3, 8. */
unsigned gx_msmem_index_bytes(gx_spp_t spp);
/** A cleared memory (every byte 0). The bases must be GX_MSMEM_ALIGN aligned, the regions
 *  (256 tiles, 32 tiles and tiles bytes long) must not overlap nor pass 2^64, the span
 *  must be at most GX_MSMEM_MAX_SPAN, cfg must be ok. Returns 1, or 0 (nothing allocated). */
int gx_msmem_init(gx_msmem_t *m, const gx_ms_cfg_t *cfg, uint64_t surf_base,
                  uint64_t index_base, uint64_t state_base);
void gx_msmem_free(gx_msmem_t *m);
/** Zeros over the three regions (every tile 1SPP, every sample 0): the host's clear before
 *  the first draw. */
void gx_msmem_clear(gx_msmem_t *m);

/** Write transaction: the flush packet f. Refused (counted in bad_writes; nothing
 *  changes; returns 0, io->n = 0) exactly when gx_mssurf_mem_write refuses it: the tile
 *  outside the surface, f->enc not a state, a payload longer than GX_MS_MAX_PAYLOAD, a
 *  written pixel that does not exist, a write that leaves existing pixels out in a state
 *  other than the tile's, a payload gx_mssurf_decode refuses. Otherwise the payload is
 *  decoded and each written pixel's bytes are stored in their places in state f->enc
 *  (1SPP: B bytes; full: N B; subset: its k classes' values and its I(N) index bytes,
 *  its classes being those of its decoded values, in the canonical order), then the
 *  state byte; returns 1. io (may be NULL) gets the ranges and byte counts. */
int gx_msmem_write(gx_msmem_t *m, const gx_ms_flush_t *f, gx_msmem_io_t *io);
/** Read transaction: the tile's state byte into *enc (may be NULL), then pixels `pixels`
 *  from their places; their N B uncompressed bytes go to tile_out (other bytes
 *  untouched). Pixels that do not exist (bits >= P, the missing pixels of a partial last
 *  tile) are not read: their places may hold other pixels' bytes. Returns the data bytes
 *  read; io (may be NULL) gets the ranges. A tile outside the surface reads nothing:
 *  returns 0. */
uint32_t gx_msmem_read(gx_msmem_t *m, uint32_t tile, uint32_t pixels,
                       uint8_t tile_out[GX_MS_TILE_BYTES], gx_enc_t *enc, gx_msmem_io_t *io);
/** gx_mssurf_mem_answer on this memory: the read request image in, the response image
 *  (state, data bytes read, the pixels' uncompressed data, other bytes 0) out. Returns 0
 *  (resp all 0, nothing read) when the tile is not in the surface, else 1. */
uint32_t gx_msmem_answer(gx_msmem_t *m, const uint32_t req[GX_MS_RDREQ_WORDS],
                         uint32_t resp[GX_MS_RDRESP_WORDS]);

/** The byte at addr (0 outside the image). */
uint8_t gx_msmem_peek(const gx_msmem_t *m, uint64_t addr);
/** Compare the image with another memory `other` of len bytes at address base: every
 *  address of either is compared, a byte outside one of them being 0 there. Returns the
 *  number of differing bytes; *first (may be NULL) = the lowest differing address. */
uint64_t gx_msmem_compare(const gx_msmem_t *m, const uint8_t *other, uint64_t base,
                          uint64_t len, uint64_t *first);
/** Which region, tile and offset addr belongs to. */
gx_msmem_loc_t gx_msmem_where(const gx_msmem_t *m, uint64_t addr);
/** A line for error messages: what addr holds, read in its tile's present state (e.g.
 *  "home of tile 3 (subset): pixel 1 class 2 byte 0"). Returns buf. */
char *gx_msmem_describe(const gx_msmem_t *m, uint64_t addr, char *buf, size_t len);

#endif /* GX_MSMEM_H */
