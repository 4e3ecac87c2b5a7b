/* gx_texq: the texture queue of issue 25, golden model (docs/texture.md, "The texture
 * queue"). Pixel-shader warps of 32 threads store their texture coordinates into a banked
 * queue; the scheduler reserves a batch's space all at once; a batch whose warps have all
 * stored is ready and drains through the read crossbar and the texture interface buffer
 * to the texture unit in QuadTex or TexTile order; the unit's results come back through
 * the write crossbar into the batch's result slots, which the warps read; the batch's
 * space is freed in two parts, coordinates when drained, results when read.
 *
 * Model granularity: one function a transaction (a slot store, a result write, a result
 * read, a reservation), plus gx_texq_clock, one clock of the drain (interface buffer to
 * texture unit, then read crossbar to interface buffer).
 *
 * Storage: GX_TEXQ_BANKS = 32 banks of 32 bits; a slot is one row across the banks (1024
 * bits, 32 values). A warp of 32 threads is one slot per (operation, component), with
 * components s (c = 0) and t (c = 1), 32-bit each (the Q8.24 of gx/tex.h), and one result
 * slot per operation (RGBA8 packed in 32 bits, byte 0 red).
 *
 * Batch b of W warps (1..8) and K operations (1..8): 3 W K contiguous slots from base:
 *   coordinate slot of (warp w, op k, comp c) = base + 2 (w K + k) + c
 *   result slot of (warp w, op k)             = base + 2 W K + w K + k
 * Bank of thread l (0..31) in a slot (gx_texq_bank):
 *   coordinates: (l + 4 k + 16 c) mod 32     results: (l + 4 k) mod 32
 * Quads: quad q (0..7) of warp w is threads 4q..4q+3 (tile quad Q = 8 w + q); thread 4q+i
 * is the quad's pixel i (gx_tex_quad's sample i).
 * No conflicts (proof in docs/texture.md): a slot's banks are a rotation of the 32 lanes;
 * one quad's s take banks 4(q + k) + 0..3 and its t the same + 16, eight different banks;
 * up to four consecutive quads of one op, or four consecutive ops of one quad, read in one
 * clock without conflict.
 *
 * Reservation: first fit, the lowest base with 3 W K free contiguous slots, all or nothing
 * (GX_TEXQ_EFULL, nothing changed, when there is none or no free batch record; the
 * lowest free record is used). Ready: every coordinate slot of the batch stored once.
 * Drain: one batch at a time, to its end, then the ready batch reserved earliest; its
 * 8 W K quad requests in order
 *   QuadTex: for Q in 0..8W-1, for k in 0..K-1     TexTile: for k, for Q
 * Read crossbar, a clock: the next requests of that order while each takes 8 banks no
 * other request of this clock takes, at most 4, and the interface buffer has room; they
 * enter the buffer (a FIFO of GX_TEXQ_IBUF_BYTES / 32 = 16 requests, 32 bytes each: 4
 * s and 4 t). The batch's coordinate slots are freed when its last request is read.
 * Texture unit, a clock (first): when the buffer's head was read GX_TEXQ_READ_LAT or more
 * clocks before and the unit is ready, the head leaves to it. Its result is written with
 * gx_texq_result (4 values, one a bank); when all 8 W K have come back the batch's
 * results are ready and each (warp, op) slot may be read once; after the last read the
 * result slots and the batch record are free.
 *
 * Every transaction checks its arguments and the state first and, when it refuses,
 * changes nothing (a refused reservation only counts itself in the stats); gx_texq_check
 * verifies every invariant the RTL proof will state.
 */
#ifndef GX_TEXQ_H
#define GX_TEXQ_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GX_TEXQ_BANKS 32u      /**< banks, one 32-bit value each a clock */
#define GX_TEXQ_LANES 32u      /**< threads a warp = values a slot */
#define GX_TEXQ_COMPS 2u       /**< coordinate components an operation: s, t */
#define GX_TEXQ_WARP_QUADS 8u  /**< quads a warp */
#define GX_TEXQ_MAX_WARPS 8u   /**< warps a batch: 16 x 16 pixels = 64 quads */
#define GX_TEXQ_MAX_OPS 8u     /**< texture operations a batch */
#define GX_TEXQ_MAX_SLOTS 1024u /**< largest queue (128 KB) */
#define GX_TEXQ_MAX_BATCHES 16u /**< batch records */
#define GX_TEXQ_IBUF_BYTES 512u /**< texture interface buffer */
#define GX_TEXQ_REQ_BYTES 32u   /**< one quad request: 4 s + 4 t, 32 bits each */
#define GX_TEXQ_IBUF_REQS (GX_TEXQ_IBUF_BYTES / GX_TEXQ_REQ_BYTES)
#define GX_TEXQ_READ_REQS (GX_TEXQ_BANKS / (4u * GX_TEXQ_COMPS)) /**< requests a clock */
/** Clocks from a request's read to the first clock it can leave for the texture unit: the
 *  banks' block RAM read and their output register. */
#define GX_TEXQ_READ_LAT 2u
#define GX_TEXQ_MAX_REQS (GX_TEXQ_MAX_WARPS * GX_TEXQ_WARP_QUADS * GX_TEXQ_MAX_OPS)

typedef enum gx_texq_order {
    GX_TEXQ_QUADTEX = 0, /**< each quad, all its operations */
    GX_TEXQ_TEXTILE = 1, /**< each operation, all quads */
} gx_texq_order_t;

typedef enum gx_texq_err {
    GX_TEXQ_OK = 0,
    GX_TEXQ_ECFG = 1,      /**< slots 0 or above GX_TEXQ_MAX_SLOTS, order unknown */
    GX_TEXQ_EFULL = 2,     /**< no contiguous space or no batch record: try after a free */
    GX_TEXQ_EARG = 3,      /**< warps, ops, warp, op or component out of range */
    GX_TEXQ_EBATCH = 4,    /**< no such batch, or the batch is not in the needed state */
    GX_TEXQ_ETWICE = 5,    /**< slot stored, result written or read a second time */
    GX_TEXQ_ENOTREADY = 6, /**< a result read before all the batch's results returned */
    GX_TEXQ_EREQ = 7,      /**< a result for a request that did not go to the texture unit */
    GX_TEXQ_EINV = 8,      /**< gx_texq_check: an invariant does not hold */
} gx_texq_err_t;

typedef struct gx_texq_cfg {
    uint32_t slots; /**< 1..GX_TEXQ_MAX_SLOTS */
    uint32_t order; /**< gx_texq_order_t */
} gx_texq_cfg_t;

/** One quad request to the texture unit. */
typedef struct gx_texq_req {
    uint32_t batch, warp, quad, op; /**< quad 0..7 of the warp; op 0..K-1 of the batch */
    uint32_t seq;                   /**< its place in the batch's drain order, 0..8WK-1 */
    int32_t s[4], t[4];             /**< pixels 0..3 of the quad */
} gx_texq_req_t;

typedef enum gx_texq_bstate {
    GX_TEXQ_B_FREE = 0,
    GX_TEXQ_B_FILL = 1,    /**< reserved, warps storing */
    GX_TEXQ_B_READY = 2,   /**< every coordinate stored: draining, results returning */
    GX_TEXQ_B_RESULT = 3,  /**< every result returned: the warps read them */
} gx_texq_bstate_t;

typedef struct gx_texq_batch {
    uint32_t state;          /**< gx_texq_bstate_t */
    uint32_t warps, ops;
    uint32_t base;           /**< first slot */
    uint32_t age;            /**< reservation number: drain order among ready batches */
    uint32_t coord_live;     /**< coordinate slots still held (2 W K until drained, 0) */
    uint32_t stored;         /**< coordinate slots stored */
    uint32_t read;           /**< requests read into the interface buffer */
    uint32_t issued;         /**< requests given to the texture unit */
    uint32_t returned;       /**< results written back */
    uint32_t consumed;       /**< result slots read by the warps */
    uint8_t slot_stored[GX_TEXQ_MAX_WARPS * GX_TEXQ_MAX_OPS * GX_TEXQ_COMPS];
    uint8_t req_issued[GX_TEXQ_MAX_REQS];   /**< by seq: went to the texture unit */
    uint8_t req_returned[GX_TEXQ_MAX_REQS]; /**< by seq: result written */
    uint8_t res_read[GX_TEXQ_MAX_WARPS * GX_TEXQ_MAX_OPS];
} gx_texq_batch_t;

/** Counts since gx_texq_init. Conflicts count accesses whose values' banks repeat: the
 *  layout makes them 0, the counters measure it. */
typedef struct gx_texq_stats {
    uint64_t reserves, refused;  /**< granted and refused reservations */
    uint64_t stores;             /**< whole-slot coordinate stores (write crossbar clocks) */
    uint64_t clocks;             /**< gx_texq_clock calls */
    uint64_t read_clocks;        /**< clocks the read crossbar moved requests */
    uint64_t read_values;        /**< 32-bit values it moved */
    uint64_t read_conflict_stops; /**< read clocks ended early by a bank conflict */
    uint64_t issued;             /**< requests given to the texture unit */
    uint64_t tex_idle;           /**< clocks the unit was ready and the buffer had no
                                      request to hand on (empty, or its head still read) */
    uint64_t results;            /**< result writes (4 values each) */
    uint64_t result_reads;       /**< whole-slot result reads */
    uint64_t slot_conflicts;     /**< whole-slot stores and reads with a bank twice */
    uint64_t quad_conflicts;     /**< quad reads and result writes with a bank twice */
    uint64_t clock_conflicts;    /**< read-crossbar clocks with a bank twice */
    uint32_t ibuf_max;           /**< most requests the interface buffer held */
} gx_texq_stats_t;

typedef struct gx_texq {
    gx_texq_cfg_t cfg;
    uint32_t mem[GX_TEXQ_MAX_SLOTS][GX_TEXQ_BANKS];
    uint8_t owner[GX_TEXQ_MAX_SLOTS];  /**< 0 free, else batch + 1 */
    gx_texq_batch_t b[GX_TEXQ_MAX_BATCHES];
    uint32_t next_age;
    uint32_t draining;                 /**< the batch the read crossbar reads: chosen at the
                                            end of a clock, read from the next; MAX none */
    uint32_t freeing;                  /**< the batch whose last request was read in the
                                            last clock: its coordinate slots are freed at
                                            the start of the next; MAX none */
    gx_texq_req_t ibuf[GX_TEXQ_IBUF_REQS]; /**< FIFO, head at ibuf_head */
    uint64_t ibuf_clk[GX_TEXQ_IBUF_REQS];  /**< the clock (st.clocks) each was read in */
    uint32_t ibuf_head, ibuf_n;
    gx_texq_stats_t st;
} gx_texq_t;

/** Bank of thread `lane` of the slot of op k, component c (c = GX_TEXQ_COMPS: the
 *  op's result slot). */
uint32_t gx_texq_bank(uint32_t lane, uint32_t k, uint32_t c);

/** Slot of (warp w, op k, component c) of batch b, c = GX_TEXQ_COMPS the result slot. */
uint32_t gx_texq_slot(const gx_texq_batch_t *b, uint32_t w, uint32_t k, uint32_t c);

/** Request seq of a batch of W warps and K ops in the given order: its quad Q and op k. */
void gx_texq_order_at(uint32_t order, uint32_t W, uint32_t K, uint32_t seq, uint32_t *Q,
                      uint32_t *k);

/** An empty queue; GX_TEXQ_ECFG (q unchanged) for a bad configuration. */
gx_texq_err_t gx_texq_init(gx_texq_t *q, const gx_texq_cfg_t *cfg);

/** Reserve a batch of `warps` warps and `ops` operations: *batch its id. */
gx_texq_err_t gx_texq_reserve(gx_texq_t *q, uint32_t warps, uint32_t ops, uint32_t *batch);

/** Warp w stores component c (0 s, 1 t) of op k for its 32 threads: one slot. */
gx_texq_err_t gx_texq_store(gx_texq_t *q, uint32_t batch, uint32_t w, uint32_t k,
                            uint32_t c, const int32_t v[GX_TEXQ_LANES]);

/** One clock of the drain. tex_ready: the texture unit takes a request this clock. Returns
 *  1 with *req set when a request left the interface buffer to the texture unit. In
 *  order: the coordinate slots of the batch drained in the clock before are freed; the
 *  head of the interface buffer, read GX_TEXQ_READ_LAT or more clocks before, goes to the
 *  unit; the read crossbar reads the chosen
 *  batch's next requests; when no batch is chosen (none was, or the chosen one read its
 *  last request), the oldest ready batch not yet read is chosen, to be read from the next
 *  clock. A command of the same clock, called after this, sees its state: a reservation
 *  does not see the slots freed at this clock's end, a batch made ready is chosen at the
 *  end of the next clock at the earliest. */
int gx_texq_clock(gx_texq_t *q, int tex_ready, gx_texq_req_t *req);

/** The texture unit's result for request req (as gx_texq_clock gave it): rgba[i] for the
 *  quad's pixel i, written to the result slot through the write crossbar. */
gx_texq_err_t gx_texq_result(gx_texq_t *q, const gx_texq_req_t *req, const uint32_t rgba[4]);

/** Warp w reads its results of op k (32 values, thread order); frees the batch's result
 *  slots and record after its last read. */
gx_texq_err_t gx_texq_read(gx_texq_t *q, uint32_t batch, uint32_t w, uint32_t k,
                           uint32_t out[GX_TEXQ_LANES]);

/** GX_TEXQ_OK when every invariant holds, else GX_TEXQ_EINV:
 *  - a slot is owned by at most one batch, exactly the live parts of live batches;
 *  - per batch: stored <= 2WK, ready only when stored = 2WK; returned <= issued <= read
 *    <= 8WK; read = 0 before ready; consumed only in the result state; coordinate slots
 *    held until read = 8WK;
 *  - the interface buffer holds exactly the requests read and not issued, in drain order;
 *  - at most one batch is partly read (drains one at a time), the one being drained;
 *    the batch chosen is ready and not fully read; a batch fully read holds its
 *    coordinate slots only while it is the one freeing. */
gx_texq_err_t gx_texq_check(const gx_texq_t *q);

/** Free slots (for tests and the scheduler stand-in). */
uint32_t gx_texq_free_slots(const gx_texq_t *q);

#ifdef __cplusplus
}
#endif

#endif /* GX_TEXQ_H */
