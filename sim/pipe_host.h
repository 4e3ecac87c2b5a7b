/* pipe_host: the host and the memory around the Verilated gx_pipe, for its testbench and
 * for `gx render --engine rtl`.
 *
 * The host plays every side of gx_pipe's four interfaces, once a clock:
 *   s_axil  an AXI4-Lite master: one access at a time, address and data offered together
 *           (random gaps before each when stalling), BREADY / RREADY with back-pressure;
 *   s_cmd   the command beats queued by gx_pipe_host_send, in order, TKEEP all ones as
 *           each beat says, random gaps on TVALID when stalling;
 *   m_ld    the load-response beats collected, random back-pressure on TREADY;
 *   m_axi   the AXI4 memory model (axi_mem.h: random latency, ready, gaps and read/write
 *           interleaving by its settings) holding the three regions of the configuration.
 * A protocol monitor watches each interface (axi_mon.h); any violation, an assertion of
 * the RTL, or a memory-model error stops the run and is reported (gx_pipe_host_error).
 */
#ifndef GX_SIM_PIPE_HOST_H
#define GX_SIM_PIPE_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "axi_mem.h"
#include "gx/pipe.h"
#include "gx/pipe_cmd.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The host's random behaviour. */
typedef struct gx_pipe_host_opt {
    uint64_t seed;
    unsigned gap_pct;       /**< percent of clocks s_cmd and s_axil idle before a transfer */
    unsigned stall_pct;     /**< percent of clocks m_ld TREADY, BREADY, RREADY are low */
    tb_axi_mem_cfg_t mem;   /**< the memory model's settings (data_bytes must be 8) */
    const char *fst;        /**< a waveform file, or NULL */
    const char *cov;        /**< a coverage file written at the end, or NULL */
} gx_pipe_host_opt_t;

typedef struct gx_pipe_host gx_pipe_host_t;

/** A host with gx_pipe in reset, memory cleared over the configuration's three regions
 *  (from the lowest base to the end of the highest region). NULL when out of memory. */
gx_pipe_host_t *gx_pipe_host_new(const gx_pipe_cfg_t *cfg, const gx_pipe_host_opt_t *opt);
void gx_pipe_host_free(gx_pipe_host_t *h);

/** Write the configuration's registers and set CTRL.ENABLE; runs clocks until the
 *  pipeline has started (or STATUS.CFG_ERR). Returns 0, or -1 on an error. */
int gx_pipe_host_start(gx_pipe_host_t *h);
/** A register access over s_axil (clocks run until its response). -1 on an error. */
int gx_pipe_host_reg_write(gx_pipe_host_t *h, uint32_t addr, uint32_t value);
int gx_pipe_host_reg_read(gx_pipe_host_t *h, uint32_t addr, uint32_t *value);
/** The 21 counters of the CNT block (HI, LO, HI until the HI words agree). */
int gx_pipe_host_counters(gx_pipe_host_t *h, uint64_t cnt[21]);

/** Queue n beats for s_cmd (copied). Returns 0, or -1 when out of memory. */
int gx_pipe_host_send(gx_pipe_host_t *h, const gx_pipe_beat_t *beats, size_t n);
/** Run clocks until every queued beat is taken, gx_pipe is not busy (busy_o), no load
 *  beat waits and memory has nothing outstanding, or until max_clocks more clocks (0: no
 *  limit) or an error. Returns 0 when drained, 1 at the clock limit, -1 on an error. */
int gx_pipe_host_drain(gx_pipe_host_t *h, uint64_t max_clocks);

/** The load-response beats collected so far, in order (*n beats). */
const gx_pipe_beat_t *gx_pipe_host_ld(const gx_pipe_host_t *h, size_t *n);
/** A write burst as issued on m_axi (its AW handshake): start address, AWLEN, and the
 *  bytes its W burst strobed (0 while its WLAST has not been taken). */
typedef struct gx_pipe_host_aw {
    uint64_t addr;
    unsigned len;
    unsigned strobed;
} gx_pipe_host_aw_t;
/** The write bursts so far, in AW order (*n bursts). */
const gx_pipe_host_aw_t *gx_pipe_host_aw(gx_pipe_host_t *h, size_t *n);

/** The memory model (its bytes from cfg's lowest base). */
tb_axi_mem_t *gx_pipe_host_mem(gx_pipe_host_t *h);
/** The lowest base of the configuration's regions (the memory model's base). */
uint64_t gx_pipe_host_mem_base(const gx_pipe_host_t *h);
/** Clocks run since the host was made. */
uint64_t gx_pipe_host_clocks(const gx_pipe_host_t *h);
/** The first error (a monitor's violation, an RTL assertion, a memory-model error, a
 *  clock limit), or NULL. */
const char *gx_pipe_host_error(const gx_pipe_host_t *h);

#ifdef __cplusplus
}
#endif

#endif /* GX_SIM_PIPE_HOST_H */
