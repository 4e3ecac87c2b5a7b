/* analyzer_rtl: C API of the Verilated gx_analyzer (a thin C++ shim, analyzer_rtl.cpp).
 *
 * One call per port action; a clock cycle is: set the inputs, eval, read the outputs,
 * tick. Payloads are packed-struct images (gx/defs.h layout, gx_an_req_pack).
 */
#ifndef GX_ANALYZER_RTL_H
#define GX_ANALYZER_RTL_H

#include <stdint.h>

#include "gx/analyzer.h"
#include "stream.h"
#include "tb.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gx_analyzer_rtl gx_analyzer_rtl_t;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
gx_analyzer_rtl_t *gx_analyzer_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_analyzer_rtl_free(gx_analyzer_rtl_t *m, const char *cov_path);

void gx_analyzer_rtl_set(gx_analyzer_rtl_t *m, int req_valid,
                         const uint32_t req[GX_AN_REQ_WORDS], int resp_ready);
/** Settle combinational logic after gx_analyzer_rtl_set. */
void gx_analyzer_rtl_eval(gx_analyzer_rtl_t *m);
int gx_analyzer_rtl_req_ready(const gx_analyzer_rtl_t *m);
int gx_analyzer_rtl_resp_valid(const gx_analyzer_rtl_t *m);
void gx_analyzer_rtl_resp(const gx_analyzer_rtl_t *m, uint32_t resp[GX_AN_RESP_WORDS]);
/** One rising clock edge. */
void gx_analyzer_rtl_tick(gx_analyzer_rtl_t *m);
/** 1 once an assertion has failed in the model (the run is then invalid). */
int gx_analyzer_rtl_failed(const gx_analyzer_rtl_t *m);

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
