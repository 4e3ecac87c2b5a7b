/* axi_mon: AXI protocol monitor for the C testbenches (AMBA AXI and ACE Protocol
 * Specification, ARM IHI 0022E; AMBA AXI4-Stream Protocol Specification, ARM IHI 0051A).
 *
 * A monitor watches one interface. The testbench calls its step function once a clock
 * with the values the rising edge samples (after the model's eval, before the tick) and
 * the reset; the monitor checks the rules below and counts the handshakes. A broken rule
 * is a violation: it names the rule, the channel and the clock, is printed (the first
 * AXI_MON_MAX_SHOWN, unless quiet) and is counted; the first one is kept for the test's
 * failure message (axi_mon_ok, first_*).
 *
 * Two levels. The channel layer (axi_mon_chan_*) holds what every AXI channel and an
 * AXI4-Stream share: a valid/ready handshake with a payload compared as bytes. Each
 * interface layer uses it:
 *   AXI4-Lite (axi_mon_lite_*): channels AW, W, B, AR, R;
 *   AXI4-Stream (axi_mon_stream_*): channel T (TDATA, TSTRB/TKEEP, TLAST, TID, TDEST,
 *   TUSER as the testbench packs them);
 *   AXI4 (axi_mon_axi4_*): channels AW, W, B, AR, R of axi4_sig_t (axi4.h) with bursts
 *   and IDs.
 *
 * Rules (the names used in messages):
 *   "VALID held until handshake"   once VALID is high it stays high until READY (A3.2.1)
 *   "payload held until handshake" the payload does not change while VALID waits (A3.2.1)
 *   "VALID low out of reset"       every VALID low in the first clock after reset (A3.1.2)
 *   "B after AW and W"             BVALID only for a write whose address and data were
 *                                  both taken in an earlier clock (A3.3.1)
 *   "R after AR"                   RVALID only for an address taken in an earlier clock
 *   "at most max_pending"          no more requests outstanding than the slave may hold
 *                                  (max_pending; 0: only the monitor's own limit)
 *   "response OKAY"                BRESP / RRESP OKAY (when expect_okay)
 *   "every request answered"       at the end, every request has its response
 *                                  (axi_mon_lite_drained)
 * AXI4-Stream, signal level (axi_mon_axis_*: TDATA, TSTRB, TKEEP, TLAST, TID, TDEST,
 * TUSER as signals; the hold rules above cover all of them):
 *   "TSTRB only where TKEEP"       a byte with TKEEP low has TSTRB low: the combination
 *                                  TKEEP low, TSTRB high is reserved (IHI 0051A 2.4.3)
 *   "signals within their widths"  no bit of TSTRB, TKEEP, TID, TDEST, TUSER above the
 *                                  widths the interface was given
 *   "packet at most max_packet"    a packet ends (TLAST) within max_packet transfers
 *                                  (0: no limit), so a source never leaves one open
 *   "packet ended"                 at the end, the last transfer had TLAST
 *                                  (axi_mon_stream_drained)
 * AXI4-Lite has no IDs: responses come in request order, so the monitor pairs each
 * response with the oldest unanswered request (b_addr, r_addr of the last response).
 *
 * AXI4 (axi_mon_axi4_*): the hold rules and "VALID low out of reset" above on all five
 * channels, and (the rules "at most max_pending", "response OKAY" and "every request
 * answered" as above, per burst):
 *   "WLAST on beat AWLEN+1"        WLAST high on the burst's last beat and only there
 *                                  (A3.2.2); write data may come before its address
 *                                  (A3.3.1): the k-th W burst belongs to the k-th AW
 *                                  (AXI4 has no write interleaving, A5.3), and its beats
 *                                  are counted and checked when the AW comes
 *   "RLAST on beat ARLEN+1"        RLAST high on the burst's last beat and only there
 *                                  (A3.2.2)
 *   "B after AW and W"             BVALID with BID only when the oldest unanswered write
 *                                  of that ID had its address and its last data beat
 *                                  taken in earlier clocks (A3.3.1)
 *   "R after AR"                   RVALID with RID only for a read of that ID taken in an
 *                                  earlier clock (A3.3.1)
 *   "per-ID response order"        responses of one ID in request order (A5.3): each B and
 *                                  each R beat belongs to the oldest unanswered request of
 *                                  its ID (R beats of different IDs may interleave). On
 *                                  the wires a reordered response is seen only through
 *                                  the lengths: RLAST at the length of a younger read of
 *                                  the same ID is reported under this rule (a reorder of
 *                                  equal-length reads is the data checker's to catch; B
 *                                  cannot be reordered within an ID unseen, since writes
 *                                  complete in AW order)
 *   "burst INCR only"              AxBURST INCR: gx's rule (FIXED and WRAP, A3.4.1, are
 *                                  legal AXI4 that gx never issues; reserved 3 likewise)
 *   "AxSIZE within the data width" 2^AxSIZE at most the data bytes (A3.4.1)
 *   "AxLEN at most 255"            bursts of 1 to 256 beats (A3.4.1)
 *   "no 4 KB crossing"             an INCR burst's bytes within one 4 KB page (A3.4.1)
 *   "WSTRB within the beat's lanes" a strobe high only in the byte lanes of the beat's
 *                                  address and size (A3.4.2, A3.4.3); a beat ahead of
 *                                  its address is checked when the address comes (the
 *                                  first AXI_MON_EARLY_BEATS of a burst; later ones are
 *                                  counted, not lane-checked)
 * Address rules are checked in the first clock an address is offered; B and R in the
 * first clock a response or beat is offered; W at its handshake (its burst's address
 * may arrive while it waits). Writes follow AW order (W bursts in that order, with or
 * without their address yet), reads AR order; each list holds at most AXI_MON_QUEUE
 * bursts, and IDs of any value and number are followed (b_addr, r_addr: the address of
 * the burst of the last B, R handshake).
 */
#ifndef GX_AXI_MON_H
#define GX_AXI_MON_H

#include <stdint.h>

#include "axi4.h"

#ifdef __cplusplus
extern "C" {
#endif

#define AXI_MON_MAX_PAYLOAD 104 /**< payload bytes of a channel (512-bit data and the side signals;
                                     AXI4's R at 256 bits: 32 data, 4 RID, RRESP, RLAST) */
#define AXI_MON_MAX_CHAN 5
#define AXI_MON_MAX_SHOWN 20
#define AXI_MON_QUEUE 64 /**< outstanding requests a monitor can pair (a power of 2) */
#define AXI_MON_EARLY_BEATS 16 /**< AXI4: W beats ahead of their address lane-checked */

typedef struct axi_mon_chan {
    const char *name;    /**< "AW", "W", "B", "AR", "R", "T" */
    int from_master;     /**< 1: the master drives VALID and the payload */
    unsigned bytes;      /**< payload bytes compared */
    int waiting;         /**< VALID high and READY low at the last clock */
    uint8_t held[AXI_MON_MAX_PAYLOAD];
    uint64_t count;      /**< handshakes */
} axi_mon_chan_t;

typedef enum axi_mon_kind { AXI_MON_LITE, AXI_MON_STREAM, AXI_MON_AXI4 } axi_mon_kind_t;

/** An AXI4 burst the monitor follows: a write from its first AW or W handshake to its B,
 *  a read from its AR to its RLAST. */
typedef struct axi_mon_burst {
    uint64_t addr;
    unsigned id, len, size, burst;
    unsigned beats;      /**< W or R beats taken */
    int has_a;           /**< the address was taken (a write's data may come first) */
    int has_last;        /**< WLAST taken */
    uint64_t a_clk, last_clk; /**< the clocks of the address and of WLAST */
    uint32_t early_strb[AXI_MON_EARLY_BEATS]; /**< WSTRB of beats ahead of the address */
} axi_mon_burst_t;

typedef struct axi_mon {
    char name[48];       /**< the interface, in messages */
    axi_mon_kind_t kind;
    axi_mon_chan_t ch[AXI_MON_MAX_CHAN];
    unsigned n_ch;
    uint64_t clk;        /**< clocks stepped, reset included */
    int in_reset;        /**< reset was high at the last clock */
    int after_reset;     /**< this is the first clock after reset */
    int expect_okay;
    int quiet;           /**< 1: count violations without printing them */
    unsigned max_pending;
    uint64_t violations;
    const char *first_rule, *first_chan; /**< the first violation (NULL: none) */
    uint64_t first_clk;
    char first_msg[256];
    /* AXI4-Lite: request addresses waiting for their responses, in order */
    uint64_t aw_q[AXI_MON_QUEUE], ar_q[AXI_MON_QUEUE];
    uint64_t b_addr, r_addr; /**< the request address of the last B / R handshake */
    /* AXI4-Stream: packets ended by TLAST */
    uint64_t packets;
    uint64_t in_packet;  /**< transfers of the open packet (0: none open) */
    unsigned axis_bytes, axis_flags, axis_id_bits, axis_dest_bits, axis_user_bits;
    uint64_t max_packet;
    /* AXI4: the unanswered bursts, oldest first (writes in AW order, reads in AR order) */
    axi_mon_burst_t wr[AXI_MON_QUEUE], rd[AXI_MON_QUEUE];
    unsigned n_wr, n_rd;
    unsigned data_bytes; /**< AXI4: RDATA / WDATA bytes */
    uint64_t r_bursts;   /**< AXI4: reads answered (RLAST handshakes) */
} axi_mon_t;

/* ---- channel layer ------------------------------------------------------------------ */
void axi_mon_chan_init(axi_mon_chan_t *c, const char *name, int from_master, unsigned bytes);
/** One clock of a channel: the hold rules, then the handshake count. payload: `bytes`
 *  bytes, read only while valid. Returns 1 on a handshake. */
int axi_mon_chan_step(axi_mon_t *m, axi_mon_chan_t *c, int valid, int ready,
                      const void *payload);
/** Record a violation of `rule` on channel `chan` at the current clock. */
void axi_mon_fail(axi_mon_t *m, const char *rule, const char *chan, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/** 1 when no violation was seen. */
int axi_mon_ok(const axi_mon_t *m);

/* ---- AXI4-Lite ---------------------------------------------------------------------- */
/** The signals of an AXI4-Lite interface at one clock (addresses up to 64 bits, data
 *  32 or 64 bits). */
typedef struct axi_lite_sig {
    int aw_valid, aw_ready;
    uint64_t aw_addr;
    unsigned aw_prot;
    int w_valid, w_ready;
    uint64_t w_data;
    unsigned w_strb;
    int b_valid, b_ready;
    unsigned b_resp;
    int ar_valid, ar_ready;
    uint64_t ar_addr;
    unsigned ar_prot;
    int r_valid, r_ready;
    uint64_t r_data;
    unsigned r_resp;
} axi_lite_sig_t;

/** A monitor of an AXI4-Lite interface named `name`; data_bytes 4 or 8; max_pending:
 *  the most requests a channel may hold unanswered (0: AXI_MON_QUEUE); expect_okay: every
 *  response must be OKAY. */
void axi_mon_lite_init(axi_mon_t *m, const char *name, unsigned data_bytes,
                       unsigned max_pending, int expect_okay);
/** One clock: rst high clears the interface's state (counts restart). Returns the
 *  handshakes of this clock as AXI_MON_HS_* bits. */
unsigned axi_mon_lite_step(axi_mon_t *m, int rst, const axi_lite_sig_t *s);
/** The end of a run: every request taken has its response; a violation otherwise. */
int axi_mon_lite_drained(axi_mon_t *m);

enum { AXI_MON_HS_AW = 1, AXI_MON_HS_W = 2, AXI_MON_HS_B = 4, AXI_MON_HS_AR = 8,
       AXI_MON_HS_R = 16 };
enum { AXI_LITE_AW, AXI_LITE_W, AXI_LITE_B, AXI_LITE_AR, AXI_LITE_R };

/* ---- AXI4 ------------------------------------------------------------------------- */
/** A monitor of an AXI4 interface named `name`: data_bytes 4..32 (a power of 2);
 *  max_pending: the most bursts each direction may hold unanswered (writes: addresses
 *  or data bursts; 0: AXI_MON_QUEUE); expect_okay: every BRESP / RRESP must be OKAY. */
void axi_mon_axi4_init(axi_mon_t *m, const char *name, unsigned data_bytes,
                       unsigned max_pending, int expect_okay);
/** One clock: rst high clears the interface's state. Returns the handshakes of this
 *  clock as AXI_MON_HS_* bits. */
unsigned axi_mon_axi4_step(axi_mon_t *m, int rst, const axi4_sig_t *s);
/** The end of a run: every burst taken has its response (every write its B, every read
 *  its RLAST, no W data without its address); a violation otherwise. */
int axi_mon_axi4_drained(axi_mon_t *m);

/* ---- AXI4-Stream -------------------------------------------------------------------- */
/** A monitor of an AXI4-Stream interface; payload_bytes: the bytes of the transfer the
 *  testbench packs (TDATA and the side signals it uses; TLAST separately). */
void axi_mon_stream_init(axi_mon_t *m, const char *name, unsigned payload_bytes);
/** One clock; payload read while valid. Returns 1 on a transfer. */
int axi_mon_stream_step(axi_mon_t *m, int rst, int valid, int ready, const void *payload,
                        int last);

/** 1 when the stream ended with a whole packet (no transfer after the last TLAST);
 *  a violation ("packet ended") otherwise. */
int axi_mon_stream_drained(axi_mon_t *m);

/* ---- AXI4-Stream, signal level ------------------------------------------------------- */
#define AXI_MON_AXIS_MAX_DATA 64 /**< TDATA bytes (512 bits) */
/** The signals of an AXI4-Stream interface at one clock. */
typedef struct axi_stream_sig {
    int valid, ready;
    uint8_t data[AXI_MON_AXIS_MAX_DATA]; /**< TDATA, byte 0 first */
    uint64_t strb, keep;                 /**< TSTRB, TKEEP (bit j: byte j) */
    int last;
    unsigned id, dest;
    uint64_t user;
} axi_stream_sig_t;

/** Optional signals an interface has (absent ones are not compared or checked). */
enum { AXI_MON_AXIS_STRB = 1, AXI_MON_AXIS_KEEP = 2 };

/** A monitor of an AXI4-Stream interface with data_bytes of TDATA (1..64), the optional
 *  signals of flags, no TID/TDEST/TUSER (set m->axis_id_bits, _dest_bits, _user_bits
 *  after init for an interface that has them, up to 32, 32 and 64 bits); max_packet:
 *  the most transfers a packet may have (0: no limit). */
void axi_mon_axis_init(axi_mon_t *m, const char *name, unsigned data_bytes, unsigned flags,
                       uint64_t max_packet);
/** One clock; returns 1 on a transfer. */
int axi_mon_axis_step(axi_mon_t *m, int rst, const axi_stream_sig_t *s);

#ifdef __cplusplus
}
#endif

#endif /* GX_AXI_MON_H */
