/* zplane_rtl: C API of the Verilated gx_zplane (zplane_rtl.cpp). */
#ifndef GX_ZPLANE_RTL_H
#define GX_ZPLANE_RTL_H

#include "gx/zrop.h"
#include "stream.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The DUT's functions for tb_stream_run; words are zp_req / zp_plane images. */
extern const tb_dut_ops_t gx_zplane_rtl_ops;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_zplane_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_zplane_rtl_free(void *m, const char *cov_path);

/** Run n triangles (depths z[3 i .. 3 i + 2]) through the model in order and collect the
 *  n planes; stalls as tb_stream_run. Returns the clock cycles, or 0 when the model
 *  stopped; *n_got = planes collected. */
uint64_t gx_zplane_rtl_run(void *m, const gx_rs_tri_t *tri, const uint32_t *z,
                           gx_zrop_plane_t *out, uint64_t n, tb_rng_t *rng, int stall,
                           uint64_t phase, uint64_t *n_got);

#ifdef __cplusplus
}
#endif

#endif /* GX_ZPLANE_RTL_H */
