/* zsample_rtl: C API of the Verilated gx_zsample (zsample_rtl.cpp). */
#ifndef GX_ZSAMPLE_RTL_H
#define GX_ZSAMPLE_RTL_H

#include "gx/zrop.h"
#include "stream.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The DUT's functions for tb_stream_run; words are zs_req / zs_resp images. */
extern const tb_dut_ops_t gx_zsample_rtl_ops;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_zsample_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_zsample_rtl_free(void *m, const char *cov_path);

/** One draw into a depth tile for the sample stage (the fields of zs_req): the tile's
 *  stored form is tile's state, nplanes, idx, pl (compressed) or z (raw). */
typedef struct gx_zsample_req {
    gx_zrop_tplane_t tp;   /**< the draw's tile plane */
    unsigned nlog;         /**< log2 N, 0..4 */
    unsigned pset;         /**< pattern sets on */
    unsigned qset;         /**< (tx / 2 + ty / 2) mod 4, (tx, ty) the tile's upper-left pixel */
    unsigned func;         /**< gx_zrop_func_t */
    uint8_t slots[GX_PATTERN_SLOTS];
    uint64_t cov;          /**< sample k covered: bit k */
    gx_zrop_tile_t tile;   /**< the stored tile */
    uint32_t clear;        /**< the surface's clear value */
} gx_zsample_req_t;

/** Its result (the fields of zs_resp, gx_zrop_tile_test's). */
typedef struct gx_zsample_resp {
    uint32_t z[GX_ZTILE_SAMPLES];
    uint64_t pass;
} gx_zsample_resp_t;

void gx_zsample_req_pack(const gx_zsample_req_t *q, uint32_t w[GX_ZS_REQ_WORDS]);
void gx_zsample_resp_pack(const gx_zsample_resp_t *r, uint32_t w[GX_ZS_RESP_WORDS]);
void gx_zsample_resp_unpack(const uint32_t w[GX_ZS_RESP_WORDS], gx_zsample_resp_t *r);

/** Run n tiles through the model in order and collect the n results; stalls as
 *  tb_stream_run. Returns the clock cycles, or 0 when the model stopped; *n_got =
 *  results collected. */
uint64_t gx_zsample_rtl_run(void *m, const gx_zsample_req_t *req, gx_zsample_resp_t *out,
                            uint64_t n, tb_rng_t *rng, int stall, uint64_t phase,
                            uint64_t *n_got);

#ifdef __cplusplus
}
#endif

#endif /* GX_ZSAMPLE_RTL_H */
