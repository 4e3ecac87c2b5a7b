/* analyzer_rtl: C API of the Verilated gx_analyzer (a thin C++ shim, analyzer_rtl.cpp):
 * a model handle, its port functions for tb_stream_run (payloads are packed-struct
 * images, gx/defs.h layout, gx_an_req_pack), and a run over request structs.
 */
#ifndef GX_ANALYZER_RTL_H
#define GX_ANALYZER_RTL_H

#include <stdint.h>

#include "gx/analyzer.h"
#include "stream.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gx_analyzer_rtl gx_analyzer_rtl_t;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
gx_analyzer_rtl_t *gx_analyzer_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_analyzer_rtl_free(gx_analyzer_rtl_t *m, const char *cov_path);

/** The model's functions for tb_stream_run (payloads: gx_an_req / gx_an_resp images). */
extern const tb_dut_ops_t gx_analyzer_rtl_ops;

/** Run n requests through the model in order and collect the n responses, with the
 *  stall profile `stall` (NULL: none; rng used only with a profile, a new profile every
 *  `phase` requests). Returns the clock cycles taken, or 0 when the model stopped
 *  (an assertion failed or it hung: no transfer for 1000 cycles). *n_got: responses
 *  collected, also when the model stopped. */
uint64_t gx_analyzer_rtl_run(gx_analyzer_rtl_t *m, const gx_an_req_t *reqs,
                             gx_an_resp_t *resps, uint64_t n, tb_rng_t *rng, int stall,
                             uint64_t phase, uint64_t *n_got);

#ifdef __cplusplus
}
#endif

#endif /* GX_ANALYZER_RTL_H */
