/* texq_rtl: C API of the Verilated gx_texq (texq_rtl.cpp), clock by clock, and the
 * comparison of its texture-port request with the model's (texq_drv.c). */
#ifndef GX_TEXQ_RTL_H
#define GX_TEXQ_RTL_H

#include <stdint.h>

#include "gx/texq.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the parameters the Verilated gx_texq is built with (its defaults) */
#define GX_TEXQ_RTL_SLOTS 512u

enum { GX_TEXQ_CMD_RESERVE = 0, GX_TEXQ_CMD_STORE = 1, GX_TEXQ_CMD_RESULT = 2,
       GX_TEXQ_CMD_READ = 3 };

/** One clock's inputs. */
typedef struct gx_texq_in {
    int cmd_valid;
    unsigned op, batch, warps, ops, comp, quad, seq; /**< warps/ops: w and k but reserve */
    uint32_t data[GX_TEXQ_LANES];
    int rsp_ready, tex_ready;
} gx_texq_in_t;

/** One clock's outputs, before its edge. */
typedef struct gx_texq_out {
    int cmd_ready, rsp_valid, tex_valid, cfg_err;
    unsigned rsp_err, rsp_batch, rsp_base;
    uint32_t rsp_data[GX_TEXQ_LANES];
    gx_texq_req_t tex; /**< batch, warp, quad, op, seq, s, t */
    unsigned xb_n;     /**< requests the read crossbar reads this clock */
    int cmt;           /**< a command commits this clock (the model applies it) */
} gx_texq_out_t;

/** A new model with configuration (slots, order), held in reset for two cycles;
 *  fst_path non-NULL: write a waveform. */
void *gx_texq_rtl_new(const char *fst_path, uint32_t slots, uint32_t order);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_texq_rtl_free(void *m, const char *cov_path);
/** One clock: drive in, evaluate, read out (before the edge), clock. Returns 0 when an
 *  assertion failed. */
int gx_texq_rtl_cycle(void *m, const gx_texq_in_t *in, gx_texq_out_t *out);

/** 1 when the RTL's request a equals the model's b in every field. */
int gx_texq_req_eq(const gx_texq_req_t *a, const gx_texq_req_t *b);

#ifdef __cplusplus
}
#endif

#endif /* GX_TEXQ_RTL_H */
