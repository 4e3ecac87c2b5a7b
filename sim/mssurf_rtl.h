/* mssurf_rtl: C API of the Verilated gx_mssurf (mssurf_rtl.cpp, mssurf_drv.c). */
#ifndef GX_MSSURF_RTL_H
#define GX_MSSURF_RTL_H

#ifdef __cplusplus
extern "C" {
#endif

#include "gx/mssurf.h"  /* C declarations, also for the C++ shim */
#include "stream.h"

/** The DUT's functions over command (ms_cmd_t) and record (ms_evict_t) images. */
extern const tb_dut_ops_t gx_mssurf_rtl_ops;

/** A new model with `slots` tile slots (K), held in reset for two cycles; fst_path
 *  non-NULL: write a waveform. NULL when no model was built with that K (the list:
 *  gx_mssurf_rtl_slot_list). */
void *gx_mssurf_rtl_new(unsigned slots, const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_mssurf_rtl_free(void *m, const char *cov_path);
/** Drive cfg_i (static while a slot is resident: change it only after a flush command's
 *  records have all been taken). cfg->slots is not read: K is the model's. */
void gx_mssurf_rtl_cfg(void *m, const gx_ms_cfg_t *cfg);
/** The slot counts with a Verilated model, e.g. "1, 2, 3, 4, 8" (the Makefile's
 *  MSSURF_KS and the default GX_MS_DEFAULT_SLOTS). */
const char *gx_mssurf_rtl_slot_list(void);
/** Whether a model with `slots` tile slots was built (gx_mssurf_rtl_new gives one). */
int gx_mssurf_rtl_has_slots(unsigned slots);

/** Send n command images (cmd: n * GX_MS_CMD_WORDS words) in order and collect the
 *  eviction record images into rec (capacity cap records of GX_MS_EVICT_WORDS words);
 *  rec_cmd[i] (if not NULL) = commands taken before record i appeared. stall: 0 none;
 *  else a new tb_stall_pick profile every `phase` commands (random gaps on cmd_valid,
 *  random back-pressure on ev_ready). After the last command is taken the stream runs
 *  on with ready until the model is idle (busy_o low) and no record has appeared for
 *  `tail` cycles, so a record the model does not expect is caught. Returns the clock
 *  cycles, or 0 when the model stopped (an assertion failed, no command taken for 1000
 *  cycles, busy for 1000 cycles after the last command without a record, or more than
 *  cap records);
 *  *n_rec = records collected. */
uint64_t gx_mssurf_rtl_run(void *m, const uint32_t *cmd, uint64_t n, uint32_t *rec,
                           uint64_t *rec_cmd, uint64_t cap, uint64_t *n_rec, tb_rng_t *rng,
                           int stall, uint64_t phase, unsigned tail);

#ifdef __cplusplus
}
#endif

#endif /* GX_MSSURF_RTL_H */
