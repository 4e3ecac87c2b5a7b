/* gx_trb: the texture return buffer of issue 25, golden model (docs/texture.md, "The
 * texture return buffer"). A texture operation names its result with a texture identifier
 * (a handle, 0..ids-1); the buffer takes storage for the result only when the value
 * arrives from the texture unit, finds it through the texture-identifier map (TIM), and
 * releases it when an instruction reads it with its last-use bit set. When every entry is
 * held, an arriving value goes to the spill buffer in memory and is brought back when it
 * is read.
 *
 * Model granularity: one function a transaction (a value's arrival, a read).
 *
 * An entry holds one warp's result of one texture operation: GX_TRB_LANES = 32 values of
 * 32 bits (RGBA8), 128 bytes (GX_TRB_ENTRY_BYTES); the seed's 1 KB of register file is 8
 * entries.
 *
 * Free list: a FIFO of entry numbers, 0..entries-1 in order after init; an arrival takes
 * the head, a release appends at the tail. The spill buffer has its own free list of the
 * same kind over its `spill` entries.
 * TIM: per identifier, invalid or (in the buffer, entry e) or (spilled, spill entry e).
 * Arrival of id (gx_trb_write): refused (GX_TRB_ETWICE) if id is valid; an entry from the
 * free list when there is one; else a spill entry (its 128 bytes written to memory);
 * else GX_TRB_EFULL (the texture unit stalls; nothing changes but the `full` count).
 * Read of id (gx_trb_read): GX_TRB_ENOVAL if id is not valid (the value has not arrived:
 * the warp waits). In the buffer: read, and with last_use the entry goes back to the free
 * list and id is invalid. Spilled, with last_use: read from memory (128 bytes) and the
 * spill entry is freed. Spilled, without last_use: refilled (128 bytes read) into an
 * entry from the free list, or, when there is none, swapped with the buffer's victim, the
 * valid entry that arrived (or was refilled) earliest, which goes to the freed spill entry
 * (128 bytes written). Reads and refills always make progress: a spilled value's read
 * never waits for an entry.
 * Conservation (gx_trb_check): free + held by valid TIM entries = all entries, no entry
 * twice; the same for the spill buffer.
 */
#ifndef GX_TRB_H
#define GX_TRB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GX_TRB_LANES 32u
#define GX_TRB_ENTRY_BYTES (4u * GX_TRB_LANES)
#define GX_TRB_MAX_ENTRIES 256u
#define GX_TRB_MAX_SPILL 1024u
#define GX_TRB_MAX_IDS 2048u

typedef enum gx_trb_err {
    GX_TRB_OK = 0,
    GX_TRB_ECFG = 1,   /**< entries 0 or too many, spill too many, ids 0 or too many */
    GX_TRB_EID = 2,    /**< identifier out of range */
    GX_TRB_ETWICE = 3, /**< a value arrived for an identifier that holds one */
    GX_TRB_EFULL = 4,  /**< no entry and no spill entry: the texture unit waits */
    GX_TRB_ENOVAL = 5, /**< read of an identifier with no value */
    GX_TRB_EINV = 6,   /**< gx_trb_check: conservation does not hold */
} gx_trb_err_t;

typedef struct gx_trb_cfg {
    uint32_t entries; /**< 1..GX_TRB_MAX_ENTRIES */
    uint32_t spill;   /**< 0..GX_TRB_MAX_SPILL spill entries in memory */
    uint32_t ids;     /**< 1..GX_TRB_MAX_IDS texture identifiers */
} gx_trb_cfg_t;

typedef enum gx_trb_where {
    GX_TRB_NONE = 0,
    GX_TRB_HERE = 1,    /**< in the buffer */
    GX_TRB_SPILLED = 2, /**< in the spill buffer */
} gx_trb_where_t;

typedef struct gx_trb_tim {
    uint8_t where;  /**< gx_trb_where_t */
    uint16_t entry; /**< entry or spill entry */
    uint32_t age;   /**< when it arrived or was refilled (victim choice) */
} gx_trb_tim_t;

typedef struct gx_trb_stats {
    uint64_t writes, reads, releases;
    uint64_t spills;      /**< values written to the spill buffer (arrivals and swaps) */
    uint64_t refills;     /**< values read back from it into an entry */
    uint64_t spill_reads; /**< last-use reads served from memory */
    uint64_t mem_bytes;   /**< spill traffic, both ways */
    uint64_t full;        /**< arrivals refused (texture unit stalls) */
    uint32_t held_max;    /**< most entries held at once */
} gx_trb_stats_t;

typedef struct gx_trb {
    gx_trb_cfg_t cfg;
    uint32_t data[GX_TRB_MAX_ENTRIES][GX_TRB_LANES];
    uint32_t spill[GX_TRB_MAX_SPILL][GX_TRB_LANES]; /**< the memory buffer */
    uint16_t fl[GX_TRB_MAX_ENTRIES];   /**< free list ring */
    uint32_t fl_head, fl_n;
    uint16_t sfl[GX_TRB_MAX_SPILL];    /**< spill free list ring */
    uint32_t sfl_head, sfl_n;
    gx_trb_tim_t tim[GX_TRB_MAX_IDS];
    uint32_t clock;                    /**< transactions so far (ages) */
    gx_trb_stats_t st;
} gx_trb_t;

gx_trb_err_t gx_trb_init(gx_trb_t *t, const gx_trb_cfg_t *cfg);

/** The final value of identifier id arrives from the texture unit. */
gx_trb_err_t gx_trb_write(gx_trb_t *t, uint32_t id, const uint32_t v[GX_TRB_LANES]);

/** An instruction reads id's value; last_use releases it. */
gx_trb_err_t gx_trb_read(gx_trb_t *t, uint32_t id, int last_use, uint32_t out[GX_TRB_LANES]);

/** Entries held (in the buffer) and spill entries held. */
uint32_t gx_trb_held(const gx_trb_t *t);
uint32_t gx_trb_spilled(const gx_trb_t *t);

/** GX_TRB_OK when conservation holds: the free list's entries and those of valid TIM
 *  entries in the buffer are each entry exactly once (and likewise for the spill). */
gx_trb_err_t gx_trb_check(const gx_trb_t *t);

/* ---- the seed's claim: storage at equal throughput ----
 * One texture operation's life: issued at clock `issue`, its value arrives at `arrive`,
 * last read at `use` (issue <= arrive <= use). A register file that reserves the return
 * space when the instruction issues holds it over [issue, use]; the TRB over
 * [arrive, use]. On the same trace (so at equal throughput) each needs the most lives
 * overlapping at one clock. */
typedef struct gx_trb_life {
    uint32_t issue, arrive, use;
    uint32_t warp, op; /**< which warp (context run) and which of its operations */
} gx_trb_life_t;

/** Peak entries over a trace: *at_issue for reserve-at-issue, *at_arrival for the TRB. */
void gx_trb_peaks(const gx_trb_life_t *ops, uint32_t n, uint32_t *at_issue,
                  uint32_t *at_arrival);

/** The warp-scheduler stand-in that makes a trace: `contexts` hardware contexts run
 *  `warps` warps of a pixel shader (a context starts the next warp when its last one
 *  ends). One instruction issues a clock over all contexts, round robin from the context
 *  after the last one that issued. A warp's instructions: its `ops` texture operations
 *  (hoisted to its start), then for each operation in order a read of its value (it waits
 *  until the value has arrived) followed by `alu` other instructions. The texture unit
 *  takes one operation every `tex_clocks` clocks in issue order (8: a warp's 8 quads at a
 *  quad a clock); the value arrives `latency` clocks after the unit has taken it all
 *  (arrive = taken + tex_clocks + latency). */
typedef struct gx_trb_pattern {
    uint32_t contexts, warps, ops, tex_clocks, latency, alu;
} gx_trb_pattern_t;

/** Fill ops[0..warps*ops-1] (warp-major) and return the clock the last warp ends, or 0
 *  when a count is 0 or the trace would exceed 2^31 clocks. */
uint32_t gx_trb_run_pattern(const gx_trb_pattern_t *p, gx_trb_life_t *ops);

#ifdef __cplusplus
}
#endif

#endif /* GX_TRB_H */
