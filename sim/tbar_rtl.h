/* tbar_rtl: C API of the Verilated gx_tbar (tbar_rtl.cpp), clock by clock, and the C
 * model's clock (tbar_drv.c). */
#ifndef GX_TBAR_RTL_H
#define GX_TBAR_RTL_H

#include <stdint.h>

#include "gx/tiled.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One clock's inputs: bit p of arrive and done for pipeline p. */
typedef struct gx_tbar_in {
    unsigned pipes_log2;  /**< log2 N: 0, 1, 2 */
    unsigned arrive, done;
} gx_tbar_in_t;

/** One clock's outputs, before its edge. */
typedef struct gx_tbar_out {
    unsigned hold, err;
    int release;
} gx_tbar_out_t;

/** A new model (4 pipelines built), held in reset for two cycles; fst_path non-NULL: write
 *  a waveform. */
void *gx_tbar_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_tbar_rtl_free(void *m, const char *cov_path);
/** One clock: drive in, evaluate, read out (before the edge), clock. Returns 0 when an
 *  assertion failed. */
int gx_tbar_rtl_cycle(void *m, const gx_tbar_in_t *in, gx_tbar_out_t *out);

/** The C model's clock in gx_tbar's order: the dones (pipelines 0 up) counted against the
 *  state at the clock's start, then the arrivals, refused when the pipeline was held at
 *  the clock's start. Bit p of *bad_done, *bad_arrive: pipeline p's done refused
 *  (gx_tbar_count's -1), its arrival refused (held, or gx_tbar_arrive's 0). Returns 1 when
 *  the clock released the barrier. */
int gx_tbar_clock(gx_tbarrier_t *b, unsigned arrive, unsigned done, unsigned *bad_done,
                  unsigned *bad_arrive);

#ifdef __cplusplus
}
#endif

#endif /* GX_TBAR_RTL_H */
