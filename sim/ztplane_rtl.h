/* ztplane_rtl: C API of the Verilated gx_ztplane (ztplane_rtl.cpp). */
#ifndef GX_ZTPLANE_RTL_H
#define GX_ZTPLANE_RTL_H

#include "gx/zrop.h"
#include "stream.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The DUT's functions for tb_stream_run; words are zt_req / zt_plane images. */
extern const tb_dut_ops_t gx_ztplane_rtl_ops;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_ztplane_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_ztplane_rtl_free(void *m, const char *cov_path);

/** One tile-plane request: the triangle's plane and the tile. */
typedef struct gx_ztplane_req {
    gx_zrop_plane_t p;
    int32_t tx, ty;   /**< the tile's upper-left pixel, signed 16 bits */
    unsigned nlog;    /**< log2 of the samples a pixel, 0..4 */
} gx_ztplane_req_t;

/** Run n requests through the model in order and collect the n tile planes; stalls as
 *  tb_stream_run. Returns the clock cycles, or 0 when the model stopped; *n_got = tile
 *  planes collected. */
uint64_t gx_ztplane_rtl_run(void *m, const gx_ztplane_req_t *req, gx_zrop_tplane_t *out,
                            uint64_t n, tb_rng_t *rng, int stall, uint64_t phase,
                            uint64_t *n_got);

#ifdef __cplusplus
}
#endif

#endif /* GX_ZTPLANE_RTL_H */
