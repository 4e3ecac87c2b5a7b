/* resolve_rtl: C API of the Verilated gx_resolve (resolve_rtl.cpp), clock by clock. */
#ifndef GX_RESOLVE_RTL_H
#define GX_RESOLVE_RTL_H

#include <stdint.h>

#include "gx/resolve.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The configuration, held while a region streams. */
typedef struct gx_resolve_cfg {
    int tent;           /**< 1: the tent, 0: the box */
    unsigned nlg;       /**< log2 N, 0..4 */
    unsigned w, h;      /**< the region (the tent: the rectangle and its ring) */
} gx_resolve_cfg_t;

/** One clock's inputs. */
typedef struct gx_resolve_in {
    gx_resolve_cfg_t cfg;
    int in_valid, out_ready;
    uint8_t samples[64]; /**< the pixel's samples, 4 bytes each (16 at most) */
} gx_resolve_in_t;

/** One clock's outputs, before its edge. */
typedef struct gx_resolve_out {
    int in_ready, out_valid, eol, eof;
    uint8_t rgba[4];
} gx_resolve_out_t;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_resolve_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_resolve_rtl_free(void *m, const char *cov_path);
/** One clock: drive in, evaluate, read out (before the edge), clock. Returns 0 when an
 *  assertion failed. */
int gx_resolve_rtl_cycle(void *m, const gx_resolve_in_t *in, gx_resolve_out_t *out);

/** The target pixel that the k-th pixel (raster order) of the region of rectangle
 *  [x0, ...) x [y0, ...) of a w x h target reads, rw pixels a region row (the tent: the
 *  rectangle with its one-pixel ring), coordinates clamped to the target: the reads of
 *  gx_resolve_rect. */
void gx_resolve_region_px(int tent, uint32_t w, uint32_t h, uint32_t x0, uint32_t y0,
                          uint32_t rw, uint32_t k, uint32_t *x, uint32_t *y);

#ifdef __cplusplus
}
#endif

#endif /* GX_RESOLVE_RTL_H */
