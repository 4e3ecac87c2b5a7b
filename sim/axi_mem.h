/* axi_mem: an AXI4 slave memory for the C testbenches and the gx tool (AMBA AXI and ACE
 * Protocol Specification, ARM IHI 0022E): the bytes [base, base + size), zeroed at init,
 * behind the five channels of axi4_sig_t (axi4.h), with random latency, back-pressure,
 * gaps and response order drawn from a seeded generator, so that a master meets the
 * slaves a real interconnect may give it. It answers INCR bursts of any length, size
 * and alignment, narrow beats and byte strobes, and any number of IDs.
 *
 * Each clock, around the master's eval:
 *   tb_axi_mem_drive(m, s)  before the eval: the slave's outputs (AWREADY, WREADY,
 *                           ARREADY, the B and R channels) from the state of the clocks
 *                           before; a BVALID or RVALID offered stays high with its
 *                           payload until its handshake (A3.2.1);
 *   tb_axi_mem_step(m, s)   after the eval, before the clock edge: the handshakes of this
 *                           clock (VALID and READY both high in s).
 * The READYs never depend on this clock's VALIDs, and no output on this clock's inputs.
 *
 * Visibility rule (what catches a master that reads bytes before its write of them has
 * completed, and a model that shows a write too early):
 *   - a write's bytes become visible in memory when its B response is handshaken (at the
 *     step of that clock), not earlier: until then the write is held in the model with
 *     its beats, whatever its WLAST or the latency;
 *   - a read's data are sampled from memory, every beat of the burst at once, in the
 *     drive of the clock its first R beat is first offered; they are what memory holds
 *     at that point (every write whose B was handshaken in an earlier clock), held for
 *     every beat after that, whatever is written meanwhile.
 * The model reads and writes only the bytes of each beat's byte lanes (axi4_beat_lanes);
 * the other bytes of an R beat are random (a master that uses them fails).
 *
 * Order. Responses of one ID come in request order, reads and writes apart (A5.3): a
 * write completes when both its address and its last data beat are taken (write data may
 * come before the address; the k-th W burst belongs to the k-th AW), a read when its
 * address is taken. Each transaction draws a latency L in 0..max_lat: its response (B,
 * or the first R beat) is due L + 1 clocks after it completes (L = 0: in the next clock,
 * the earliest AXI allows). With interleave 0 the model answers one transaction at a
 * time in completion order (a read's beats before any later B, a B before any later
 * read's beats); with interleave 1 the B and R channels run apart and each offers, from
 * the due transactions that are the oldest of their ID, one at random: B and R in random
 * relative order, responses of different IDs reordered, and R beats of different IDs
 * interleaved beat by beat (A5.3).
 *
 * Limits. At most max_writes writes are taken and unanswered (AWREADY low at the limit;
 * write data ahead of their address also occupy a place: WREADY low when a new W burst
 * would make more than max_writes), and at most max_reads reads (ARREADY).
 *
 * Errors. A burst that is malformed or touches a byte outside [base, base + size) is
 * refused whole: no byte written, every R beat's data 0, the response SLVERR; the first
 * error's message is kept (tb_axi_mem_error) and each kind counted (err[]):
 *   RANGE   a byte of the burst outside [base, base + size)
 *   BURST   AxBURST other than INCR (gx's masters issue INCR only)
 *   SIZE    2^AxSIZE above the data bytes
 *   LEN     AxLEN above 255
 *   4K      an INCR burst crossing a 4 KB boundary (axi_mon flags it too)
 *   WLAST   WLAST not on beat AWLEN + 1 (the W burst ends at its WLAST)
 *   WSTRB   a strobe outside the beat's byte lanes
 * A RANGE refusal is an answer a test may want (SLVERR); every other kind is a broken
 * master.
 */
#ifndef GX_SIM_AXI_MEM_H
#define GX_SIM_AXI_MEM_H

#include <stddef.h>
#include <stdint.h>

#include "axi4.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TB_AXI_MEM_MAX_OUT 64   /**< most reads, and most writes, a model may hold */
#define TB_AXI_MEM_BEATS 256    /**< beats of the longest burst (AxLEN 255) */

/** The random settings of a model (values out of range are clamped into it). */
typedef struct tb_axi_mem_cfg {
    unsigned data_bytes;  /**< RDATA / WDATA bytes: 4, 8, 16 or 32 */
    unsigned max_lat;     /**< a response is due 1 + L clocks after its request completes,
                               L drawn in 0..max_lat per transaction */
    unsigned ready_pct;   /**< percent of clocks each of AWREADY, WREADY, ARREADY is low
                               (drawn per clock and channel; 0..99) */
    unsigned gap_pct;     /**< percent of clocks a due BVALID / RVALID is withheld (drawn
                               per clock before an offer, also between R beats; 0..99) */
    unsigned max_reads;   /**< reads taken and unanswered at most (1..TB_AXI_MEM_MAX_OUT) */
    unsigned max_writes;  /**< writes likewise */
    int interleave;       /**< 1: B and R apart, in random relative order, IDs reordered
                               and R beats of different IDs interleaved; 0: in order */
} tb_axi_mem_cfg_t;

typedef enum tb_axi_mem_err {
    TB_AXI_MEM_ERR_RANGE, TB_AXI_MEM_ERR_BURST, TB_AXI_MEM_ERR_SIZE, TB_AXI_MEM_ERR_LEN,
    TB_AXI_MEM_ERR_4K, TB_AXI_MEM_ERR_WLAST, TB_AXI_MEM_ERR_WSTRB, TB_AXI_MEM_ERR_N
} tb_axi_mem_err_t;

/** What the model moved and what its random settings produced (a test's coverage). */
typedef struct tb_axi_mem_cnt {
    uint64_t bytes_read;      /**< bytes in the lanes of OKAY R beats taken */
    uint64_t bytes_written;   /**< bytes with their strobe high, written at B */
    uint64_t bursts_read;     /**< reads answered (RLAST handshakes) */
    uint64_t bursts_written;  /**< writes answered (B handshakes) */
    uint64_t beats_read, beats_written; /**< R, W handshakes */
    uint64_t slverr;          /**< bursts answered SLVERR */
    uint64_t lat_zero;        /**< transactions drawn with latency 0 */
    uint64_t lat_max;         /**< ... with latency max_lat (max_lat > 0) */
    uint64_t ready_low;       /**< clocks an AWVALID, WVALID or ARVALID waited for READY */
    uint64_t full;            /**< clocks AWREADY was low for the limit, plus those of ARREADY */
    uint64_t gaps;            /**< clocks a due response was withheld */
    uint64_t reordered;       /**< responses offered ahead of an older transaction's */
    uint64_t r_interleaved;   /**< R beats offered while another read was inside its burst */
    uint64_t w_early;         /**< W beats taken before their burst's address */
} tb_axi_mem_cnt_t;

/** A write, from its first AW or W handshake to its B. */
typedef struct tb_axi_mem_wr {
    int has_aw, has_last, complete;
    uint64_t addr;
    unsigned id, len, size, burst;
    unsigned beats;       /**< W beats taken */
    unsigned resp;
    uint64_t seq, due;    /**< completion order; the clock its B is due */
    uint8_t *data;        /**< TB_AXI_MEM_BEATS beats of data_bytes */
    uint32_t *strb;
} tb_axi_mem_wr_t;

/** A read, from its AR handshake to its RLAST. */
typedef struct tb_axi_mem_rd {
    uint64_t addr;
    unsigned id, len, size, burst;
    unsigned beats;       /**< R beats taken */
    unsigned n_beats;     /**< beats answered: AxLEN + 1 (at most 256) */
    unsigned resp;
    int sampled;
    uint64_t seq, due;
    uint8_t *data;        /**< the burst's beats as sampled */
} tb_axi_mem_rd_t;

typedef struct tb_axi_mem {
    tb_axi_mem_cfg_t cfg;
    uint64_t base;
    size_t size;
    uint8_t *mem;
    tb_rng_t rng;
    uint64_t clk;         /**< clocks stepped */
    uint64_t seq;         /**< transactions completed */
    /* unanswered transactions, oldest first (writes in AW order, reads in AR order) and
     * the free entries */
    tb_axi_mem_wr_t *wr_pool, **wq, **wr_free;
    tb_axi_mem_rd_t *rd_pool, **rq, **rd_free;
    unsigned n_wq, n_rq, n_wr_free, n_rd_free;
    tb_axi_mem_wr_t *b_cur; /**< the write whose B is offered (NULL: BVALID low) */
    tb_axi_mem_rd_t *r_cur; /**< the read whose beat is offered (NULL: RVALID low) */
    tb_axi_mem_cnt_t cnt;
    uint64_t errors;
    uint64_t err[TB_AXI_MEM_ERR_N];
    char first_err[256];
} tb_axi_mem_t;

/** A model of the bytes [base, base + size), zeroed, with the settings cfg and the random
 *  sequence of seed. */
void tb_axi_mem_init(tb_axi_mem_t *m, uint64_t base, size_t size, const tb_axi_mem_cfg_t *cfg,
                     uint64_t seed);
void tb_axi_mem_free(tb_axi_mem_t *m);
/** Before the master's eval: set the slave's outputs of this clock in s. */
void tb_axi_mem_drive(tb_axi_mem_t *m, axi4_sig_t *s);
/** After the eval, before the edge: take this clock's handshakes. */
void tb_axi_mem_step(tb_axi_mem_t *m, const axi4_sig_t *s);
/** The memory: byte a at [a - base] (what is visible, by the rule above). */
uint8_t *tb_axi_mem_bytes(tb_axi_mem_t *m);
/** 1 when nothing is outstanding: no write or write data held, no read unanswered. */
int tb_axi_mem_idle(const tb_axi_mem_t *m);
/** The first error's message, or NULL when there was none. */
const char *tb_axi_mem_error(const tb_axi_mem_t *m);
/** The error kind's name ("RANGE", "BURST", ...). */
const char *tb_axi_mem_err_name(tb_axi_mem_err_t e);

#ifdef __cplusplus
}
#endif

#endif /* GX_SIM_AXI_MEM_H */
