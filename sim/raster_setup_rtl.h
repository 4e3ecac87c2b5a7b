/* raster_setup_rtl: C API of the Verilated gx_raster_setup (raster_setup_rtl.cpp). */
#ifndef GX_RASTER_SETUP_RTL_H
#define GX_RASTER_SETUP_RTL_H

#include "gx/raster.h"
#include "stream.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The DUT's functions for tb_stream_run; words are gx_rs_setup_req / gx_rs_setup images. */
extern const tb_dut_ops_t gx_raster_setup_rtl_ops;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_raster_setup_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_raster_setup_rtl_free(void *m, const char *cov_path);

/** Run n triangles (triangle i with render state cfg[i]) through the model in order and
 *  collect the n setup results; stalls as tb_stream_run. Returns the clock cycles, or 0
 *  when the model stopped; *n_got = results collected. */
uint64_t gx_raster_setup_rtl_run(void *m, const gx_rs_cfg_t *cfg, const gx_rs_tri_t *tri,
                                 gx_rs_setup_t *out, uint64_t n, tb_rng_t *rng, int stall,
                                 uint64_t phase, uint64_t *n_got);

#ifdef __cplusplus
}
#endif

#endif /* GX_RASTER_SETUP_RTL_H */
