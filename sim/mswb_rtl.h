/* mswb_rtl: C API of the Verilated gx_mswb (mswb_rtl.cpp, mswb_drv.c). */
#ifndef GX_MSWB_RTL_H
#define GX_MSWB_RTL_H

#ifdef __cplusplus
extern "C" {
#endif

#include "gx/mssurf.h"  /* C declarations, also for the C++ shim */
#include "rng.h"

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_mswb_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_mswb_rtl_free(void *m, const char *cov_path);
/** Drive cfg_i (sampled with each eviction). */
void gx_mswb_rtl_cfg(void *m, const gx_ms_cfg_t *cfg);

/** The ports of one clock: inputs (set before eval), outputs (read after eval). */
typedef struct gx_mswb_io {
    int ev_valid, rd_req_ready, rd_resp_valid, fl_ready;            /* in */
    const uint32_t *ev;        /* GX_MS_EVICT_WORDS */
    const uint32_t *rd_resp;   /* GX_MS_RDRESP_WORDS */
    int ev_ready, rd_req_valid, rd_resp_ready, fl_valid;            /* out */
    uint32_t rd_req[GX_MS_RDREQ_WORDS];
    uint32_t fl[GX_MS_FLUSH_WORDS];
} gx_mswb_io_t;

/** Set the inputs and evaluate: the outputs of this clock. */
void gx_mswb_rtl_eval(void *m, gx_mswb_io_t *io);
/** One rising edge. Returns 0 when an assertion failed. */
int gx_mswb_rtl_tick(void *m);

/** Stream statistics of a run. */
typedef struct gx_mswb_run_stats {
    uint64_t cycles, packets, reads, busy_cycles;
} gx_mswb_run_stats_t;

/** Send n eviction/snapshot images (ev: n * GX_MS_EVICT_WORDS words) in order, answer
 *  the RTL's read requests from mem (gx_mssurf_mem_answer) after a random latency
 *  (0..max_lat clocks; 0: at once), apply every packet taken to mem
 *  (gx_mssurf_mem_write) and store its image in fl (capacity cap packets). stall: random
 *  gaps on ev_valid / rd_resp_valid and random back-pressure on rd_req_ready and
 *  fl_ready, a new profile every `phase` evictions. Returns 0 when the model stopped (an
 *  assertion failed, no progress for 4096 cycles, or more than cap packets), else 1;
 *  *st = counts. */
int gx_mswb_rtl_run(void *m, gx_ms_mem_t *mem, const uint32_t *ev, uint64_t n, uint32_t *fl,
                    uint64_t cap, tb_rng_t *rng, int stall, uint64_t phase, unsigned max_lat,
                    gx_mswb_run_stats_t *st);

/** One eviction through the RTL (no stalls, the memory answering at once, cfg_i as set
 *  with gx_mswb_rtl_cfg = mem->cfg): the packet in *f, applied to mem. Returns 1 when
 *  the RTL produced it and memory took it (a peek: no packet, returns 1), else 0.
 *  *cycles (if not NULL) grows by the clocks used. */
int gx_mswb_rtl_writeback(void *m, gx_ms_mem_t *mem, const gx_ms_evict_t *ev,
                          gx_ms_flush_t *f, uint64_t *cycles);

#ifdef __cplusplus
}
#endif

#endif /* GX_MSWB_RTL_H */
