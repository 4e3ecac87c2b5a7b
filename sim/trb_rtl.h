/* trb_rtl: C API of the Verilated gx_trb (trb_rtl.cpp), clock by clock, and the beat
 * layout of a value (trb_drv.c). */
#ifndef GX_TRB_RTL_H
#define GX_TRB_RTL_H

#include <stdint.h>

#include "gx/trb.h"

#ifdef __cplusplus
extern "C" {
#endif

/* the parameters the Verilated gx_trb is built with (its defaults) */
#define GX_TRB_RTL_ENTRIES 8u
#define GX_TRB_RTL_SPILL 16u
#define GX_TRB_RTL_IDS 256u
#define GX_TRB_BEATS 8u /**< beats of 128 bits (4 lanes) a value */

/** One clock's inputs. */
typedef struct gx_trb_in {
    int wr_valid;
    uint32_t wr_id;
    uint32_t wr_data[4]; /**< lanes 4k..4k+3 of beat k */
    int rd_valid, rd_last;
    uint32_t rd_id;
    int rs_ready, mw_ready, mr_ready;
    int md_valid;
    uint32_t md_data[4];
} gx_trb_in_t;

/** One clock's outputs, before its edge. */
typedef struct gx_trb_out {
    int wr_ready, rd_ready;
    int rs_valid, rs_last;
    unsigned rs_status;
    uint32_t rs_data[4];
    int mw_valid;
    unsigned mw_entry, mw_beat;
    uint32_t mw_data[4];
    int mr_valid;
    unsigned mr_entry;
    int md_ready;
    int err_valid, full;
    unsigned err_code, held, spilled;
} gx_trb_out_t;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. Its
 *  tables are written in the first max(IDS, ENTRIES, SPILL) clocks after reset. */
void *gx_trb_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_trb_rtl_free(void *m, const char *cov_path);
/** One clock: drive in, evaluate, read out (before the edge), clock. Returns 0 when an
 *  assertion failed. */
int gx_trb_rtl_cycle(void *m, const gx_trb_in_t *in, gx_trb_out_t *out);

/** Beat k of a value: lanes 4k..4k+3. */
void gx_trb_beat(const uint32_t v[GX_TRB_LANES], unsigned k, uint32_t beat[4]);
/** 1 when beat k of v is beat. */
int gx_trb_beat_eq(const uint32_t v[GX_TRB_LANES], unsigned k, const uint32_t beat[4]);

#ifdef __cplusplus
}
#endif

#endif /* GX_TRB_RTL_H */
