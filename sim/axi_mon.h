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
 * Two layers. The channel layer (axi_mon_chan_*) holds what every AXI channel and an
 * AXI4-Stream share: a valid/ready handshake with a payload compared as bytes. The
 * interface layers use it:
 *   AXI4-Lite (axi_mon_lite_*): channels AW, W, B, AR, R;
 *   AXI4-Stream (axi_mon_stream_*): channel T (TDATA, TSTRB/TKEEP, TLAST, TID, TDEST,
 *   TUSER as the testbench packs them).
 * AXI4 (bursts, IDs) adds its own layer on the same channels: a response per ID in
 * order, WLAST/RLAST at the burst's length.
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
 */
#ifndef GX_AXI_MON_H
#define GX_AXI_MON_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define AXI_MON_MAX_PAYLOAD 104 /**< payload bytes of a channel (512-bit data and the side signals) */
#define AXI_MON_MAX_CHAN 5
#define AXI_MON_MAX_SHOWN 20
#define AXI_MON_QUEUE 64 /**< outstanding requests a monitor can pair (a power of 2) */

typedef struct axi_mon_chan {
    const char *name;    /**< "AW", "W", "B", "AR", "R", "T" */
    int from_master;     /**< 1: the master drives VALID and the payload */
    unsigned bytes;      /**< payload bytes compared */
    int waiting;         /**< VALID high and READY low at the last clock */
    uint8_t held[AXI_MON_MAX_PAYLOAD];
    uint64_t count;      /**< handshakes */
} axi_mon_chan_t;

typedef enum axi_mon_kind { AXI_MON_LITE, AXI_MON_STREAM } axi_mon_kind_t;

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
