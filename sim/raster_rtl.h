/* raster_rtl: C API of the Verilated gx_raster (raster_rtl.cpp). */
#ifndef GX_RASTER_RTL_H
#define GX_RASTER_RTL_H

#include "gx/raster.h"
#include "stream.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The DUT's functions for tb_stream_run_n; words are rs_cmd / rs_qgroup images. */
extern const tb_dut_ops_t gx_raster_rtl_ops;

/** A new model (default parallelism), held in reset for two cycles; fst_path non-NULL:
 *  write a waveform. */
void *gx_raster_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_raster_rtl_free(void *m, const char *cov_path);

/** One rasterizer command: a triangle (its render state, setup result and tag) or, with
 *  table non-NULL, a pattern-table write. */
typedef struct gx_rs_cmd {
    const gx_rs_table_t *table; /**< non-NULL: write the table (the rest is ignored) */
    gx_rs_cfg_t cfg;
    gx_rs_setup_t setup;
    uint16_t tag;
} gx_rs_cmd_t;

/** Run n commands through the model in order and collect the quad groups, up to max in
 *  out; stalls as tb_stream_run. Returns the clock cycles, or 0 when the model stopped;
 *  *n_got = groups produced (may exceed max). */
uint64_t gx_raster_rtl_run(void *m, const gx_rs_cmd_t *cmd, uint64_t n, gx_rs_group_t *out,
                           uint64_t max, tb_rng_t *rng, int stall, uint64_t phase,
                           uint64_t *n_got);

#ifdef __cplusplus
}
#endif

#endif /* GX_RASTER_RTL_H */
