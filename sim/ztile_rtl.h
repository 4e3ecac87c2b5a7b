/* ztile_rtl: C API of the Verilated gx_ztile (ztile_rtl.cpp). */
#ifndef GX_ZTILE_RTL_H
#define GX_ZTILE_RTL_H

#include "gx/zrop.h"
#include "stream.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The DUT's functions for tb_stream_run; words are zu_req / zu_resp images. */
extern const tb_dut_ops_t gx_ztile_rtl_ops;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_ztile_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_ztile_rtl_free(void *m, const char *cov_path);

/** One tile update (the fields of zu_req): the tile's compressed form (state, nplanes,
 *  idx, pl; z is not used), the draw's tile plane, pass mask, write and clear value. */
typedef struct gx_ztile_req {
    gx_zrop_tile_t t;
    gx_zrop_tplane_t tp;
    uint64_t pass;
    unsigned write;
    uint32_t clear;
} gx_ztile_req_t;

/** The update's result (the fields of zu_resp): the new form in t (z not used). */
typedef struct gx_ztile_resp {
    gx_zrop_tile_t t;
} gx_ztile_resp_t;

void gx_ztile_req_pack(const gx_ztile_req_t *q, uint32_t w[GX_ZU_REQ_WORDS]);
void gx_ztile_resp_pack(const gx_ztile_resp_t *r, uint32_t w[GX_ZU_RESP_WORDS]);
void gx_ztile_resp_unpack(const uint32_t w[GX_ZU_RESP_WORDS], gx_ztile_resp_t *r);
/** The model's answer: gx_zrop_tile_update, and a tile it leaves to go raw as the raw
 *  form (state raw, every other field 0). */
void gx_ztile_model(const gx_ztile_req_t *q, gx_ztile_resp_t *r);

/** Run n updates through the model in order and collect the n results; stalls as
 *  tb_stream_run. Returns the clock cycles, or 0 when the model stopped; *n_got =
 *  results collected. */
uint64_t gx_ztile_rtl_run(void *m, const gx_ztile_req_t *req, gx_ztile_resp_t *out, uint64_t n,
                          tb_rng_t *rng, int stall, uint64_t phase, uint64_t *n_got);

#ifdef __cplusplus
}
#endif

#endif /* GX_ZTILE_RTL_H */
