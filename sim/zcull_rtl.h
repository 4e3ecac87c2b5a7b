/* zcull_rtl: C API of the Verilated gx_zcull (zcull_rtl.cpp). */
#ifndef GX_ZCULL_RTL_H
#define GX_ZCULL_RTL_H

#include "gx/zrop.h"
#include "stream.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The DUT's functions for tb_stream_run; words are zc_req / zc_res images. */
extern const tb_dut_ops_t gx_zcull_rtl_ops;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_zcull_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_zcull_rtl_free(void *m, const char *cov_path);

/** One Z-cull request: the triangle's exact plane, the tile, the function, the stored
 *  range. */
typedef struct gx_zcull_req {
    gx_zrop_cplane_t c;
    int32_t tx, ty;        /**< the tile's upper-left pixel, signed 16 bits */
    unsigned nlog;         /**< log2 of the samples a pixel, 0..4 */
    gx_zrop_func_t func;
    uint32_t slo, shi;     /**< the tile's stored range */
} gx_zcull_req_t;

/** Run n requests through the model in order and collect the n answers; stalls as
 *  tb_stream_run. Returns the clock cycles, or 0 when the model stopped; *n_got =
 *  answers collected. */
uint64_t gx_zcull_rtl_run(void *m, const gx_zcull_req_t *req, gx_zrop_cres_t *out, uint64_t n,
                          tb_rng_t *rng, int stall, uint64_t phase, uint64_t *n_got);

#ifdef __cplusplus
}
#endif

#endif /* GX_ZCULL_RTL_H */
