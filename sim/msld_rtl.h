/* msld_rtl: C API of the Verilated gx_msld (msld_rtl.cpp, msld_drv.c). */
#ifndef GX_MSLD_RTL_H
#define GX_MSLD_RTL_H

#ifdef __cplusplus
extern "C" {
#endif

#include "gx/mssurf.h"  /* C declarations, also for the C++ shim */
#include "rng.h"

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_msld_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_msld_rtl_free(void *m, const char *cov_path);
/** Drive cfg_i (sampled with each load). */
void gx_msld_rtl_cfg(void *m, const gx_ms_cfg_t *cfg);

/** The ports of one clock: inputs (set before eval), outputs (read after eval). */
typedef struct gx_msld_io {
    int ld_valid, rd_req_ready, rd_resp_valid, resp_ready;          /* in */
    const uint32_t *snap;      /* GX_MS_EVICT_WORDS */
    const uint32_t *ld;        /* GX_MS_LD_WORDS */
    const uint32_t *rd_resp;   /* GX_MS_RDRESP_WORDS */
    int ld_ready, rd_req_valid, rd_resp_ready, resp_valid;          /* out */
    uint32_t rd_req[GX_MS_RDREQ_WORDS];
    uint32_t resp[GX_MS_LDRESP_WORDS];
} gx_msld_io_t;

void gx_msld_rtl_eval(void *m, gx_msld_io_t *io);
/** One rising edge. Returns 0 when an assertion failed. */
int gx_msld_rtl_tick(void *m);

typedef struct gx_msld_run_stats {
    uint64_t cycles, resps, reads, busy_cycles;
} gx_msld_run_stats_t;

/** Send n loads (snap: n * GX_MS_EVICT_WORDS words, ld: n * GX_MS_LD_WORDS words) in
 *  order, answer the RTL's read requests from mem (gx_mssurf_mem_answer) after a random
 *  latency (0..max_lat clocks), store the responses in resp (n * GX_MS_LDRESP_WORDS).
 *  stall: random gaps on ld_valid / rd_resp_valid and back-pressure on rd_req_ready and
 *  resp_ready, a new profile every `phase` loads. Returns 0 when the model stopped (an
 *  assertion failed, no progress for 4096 cycles, more than n responses), else 1. */
int gx_msld_rtl_run(void *m, gx_ms_mem_t *mem, const uint32_t *snap, const uint32_t *ld,
                    uint64_t n, uint32_t *resp, tb_rng_t *rng, int stall, uint64_t phase,
                    unsigned max_lat, gx_msld_run_stats_t *st);

/** One load through the RTL (no stalls, memory answering at once, cfg_i = mem->cfg as
 *  set with gx_msld_rtl_cfg): *resp. Returns 1 when the RTL answered. *cycles (if not
 *  NULL) grows by the clocks used. */
int gx_msld_rtl_load(void *m, gx_ms_mem_t *mem, const gx_ms_evict_t *snap,
                     const gx_ms_load_t *ld, gx_ms_load_resp_t *resp, uint64_t *cycles);

#ifdef __cplusplus
}
#endif

#endif /* GX_MSLD_RTL_H */
