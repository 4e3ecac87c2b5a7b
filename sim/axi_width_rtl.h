/* axi_width_rtl: C API of the Verilated gx_axi_width_sweep (a thin C++ shim,
 * axi_width_rtl.cpp): gx_axi_width at DataW 32 << k for k < GX_AXI_WIDTH_N side by side,
 * each between a 64-bit AXI4 port (the harness its master) and a wide AXI4 port (the
 * harness's memory its slave), one clock at a time.
 */
#ifndef GX_AXI_WIDTH_RTL_H
#define GX_AXI_WIDTH_RTL_H

#include <stddef.h>
#include <stdint.h>

#include "axi4.h"
#include "axi_mem.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GX_AXI_WIDTH_N 4 /**< instances: DataW 32, 64, 128, 256 */
#define GX_AXI_WIDTH_K64 1 /**< the instance at DataW 64 (wires) */

/** Data bytes of instance k's DataW port. */
static inline unsigned gx_axi_width_bytes(unsigned k) { return 4u << k; }

typedef struct gx_axi_width_rtl gx_axi_width_rtl_t;

/** A model held in reset two clocks; fst_path non-NULL: write a waveform. */
gx_axi_width_rtl_t *gx_axi_width_rtl_new(const char *fst_path);
/** Write the coverage (cov_path non-NULL) and free. */
void gx_axi_width_rtl_free(gx_axi_width_rtl_t *m, const char *cov_path);
/** One clock's eval. Inputs: of narrow[k] the master's signals (AW, W, AR valid and
 *  payload, BREADY, RREADY), of wide[k] the slave's (AWREADY, WREADY, ARREADY, B, R);
 *  the adapter's outputs are written into the other fields. */
void gx_axi_width_rtl_eval(gx_axi_width_rtl_t *m, axi4_sig_t narrow[GX_AXI_WIDTH_N],
                           axi4_sig_t wide[GX_AXI_WIDTH_N]);
void gx_axi_width_rtl_tick(gx_axi_width_rtl_t *m);
/** An RTL assertion failed. */
int gx_axi_width_rtl_failed(const gx_axi_width_rtl_t *m);

/* ---- the driver (axi_width_drv.c): a 64-bit AXI4 master of gx_msmem's shape --------
 * Bursts of 8-byte beats (AxSIZE 3, INCR, ID 0), each inside one 256-byte block of the
 * region [base, base + size), its start address any byte (the first beat's strobes
 * start there), at most 32 beats; WSTRB the written bytes; up to 8 writes and 4 reads
 * without their response. A read waits while a write to its block is unanswered, a
 * write while a read of its block is (gx_msmem's tile hazard), so every read's bytes are
 * those of the reference: a byte image of the region written as a direct 64-bit port
 * would write it (`ref`). W may be offered before its AW (`w_early`). */

#define GX_AXW_MAX_WR 8  /**< writes without their B */
#define GX_AXW_MAX_RD 4  /**< reads without their last beat */

/** One burst of the master. data/mask: byte i is address (addr & ~7) + i. */
typedef struct gx_axw_op {
    uint64_t addr;        /**< the first byte */
    unsigned len;         /**< AxLEN: 8-byte beats - 1 */
    uint8_t data[256];    /**< write: the data; read: the bytes expected */
    uint8_t mask[256];    /**< 1: the byte is written (write) / compared (read) */
    int aw_sent;          /**< its address was taken */
    unsigned beats;       /**< W beats taken (write), R beats taken (read) */
} gx_axw_op_t;

/** The random shape of a phase. */
typedef struct gx_axw_cfg {
    unsigned gap_pct;     /**< percent of clocks a new AW, W beat or AR is not offered */
    unsigned ready_pct;   /**< percent of clocks BREADY, RREADY are low (0: gx_msmem's 1) */
    unsigned op_pct;      /**< percent of clocks a new burst is made (when allowed) */
    unsigned read_pct;    /**< percent of new bursts that are reads */
    unsigned holes_pct;   /**< percent of writes whose strobes have random holes */
    unsigned short_pct;   /**< percent of bursts of one beat */
    unsigned long_pct;    /**< percent of bursts of 32 beats */
    int w_early;          /**< W may be offered before its AW */
} gx_axw_cfg_t;

/** What the master saw (a test's checks and coverage). */
typedef struct gx_axw_cnt {
    uint64_t writes, reads;           /**< bursts answered */
    uint64_t beats;                   /**< W and R handshakes */
    uint64_t unaligned, single, full; /**< bursts made: start not 8-aligned, 1 beat, 32 */
    uint64_t w_early;                 /**< clocks a W beat was offered before its AW */
    uint64_t b_wait, r_wait;          /**< clocks BVALID / RVALID waited for READY */
    uint64_t compared, mismatched;    /**< read bytes compared, differing */
    uint64_t bad_resp, bad_last;      /**< responses not OKAY; RLAST not on the last beat */
} gx_axw_cnt_t;

typedef struct gx_axw_master {
    uint64_t base;
    size_t size;
    uint8_t *ref;                     /**< the reference image of the region */
    tb_rng_t rng;
    gx_axw_cfg_t cfg;
    gx_axw_op_t wr[GX_AXW_MAX_WR], rd[GX_AXW_MAX_RD]; /**< rings, oldest at wr_h / rd_h */
    unsigned wr_h, wr_n, rd_h, rd_n;
    unsigned aw_i, w_i, ar_i;         /**< next AW, W burst, AR: offsets from the head */
    int aw_on, w_on, ar_on;           /**< a VALID offered and not yet taken */
    uint64_t budget;                  /**< bursts still to make */
    gx_axw_cnt_t cnt;
    char first_err[160];              /**< the first mismatch, or "" */
} gx_axw_master_t;

/** A master of the region [base, base + size) (a multiple of 256 bytes), its reference
 *  zeroed, the random sequence of seed. */
void gx_axw_master_init(gx_axw_master_t *m, uint64_t base, size_t size, uint64_t seed);
void gx_axw_master_free(gx_axw_master_t *m);
/** Start a phase of n bursts with the settings cfg. */
void gx_axw_master_phase(gx_axw_master_t *m, const gx_axw_cfg_t *cfg, uint64_t n);
/** Before the eval: the master's signals of this clock into s. */
void gx_axw_master_drive(gx_axw_master_t *m, axi4_sig_t *s);
/** After the eval, before the edge: this clock's handshakes (reads checked). */
void gx_axw_master_step(gx_axw_master_t *m, const axi4_sig_t *s);
/** Every burst of the phase made and answered. */
int gx_axw_master_done(const gx_axw_master_t *m);

/** One clock of every instance k: master k and memory k drive nar[k], wid[k], the eval,
 *  observe(ctx, k) when non-NULL (a test's monitors and coverage: the signals of the
 *  clock, before its handshakes are taken), the handshakes, the edge. */
void gx_axw_clock(gx_axi_width_rtl_t *rtl, gx_axw_master_t mst[GX_AXI_WIDTH_N],
                  tb_axi_mem_t mem[GX_AXI_WIDTH_N], axi4_sig_t nar[GX_AXI_WIDTH_N],
                  axi4_sig_t wid[GX_AXI_WIDTH_N], void (*observe)(void *ctx, unsigned k),
                  void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* GX_AXI_WIDTH_RTL_H */
