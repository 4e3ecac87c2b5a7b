/* scache_rtl: C API of the Verilated gx_scache (scache_rtl.cpp), clock by clock, and the
 * requester's side of a line operation (scache_drv.c). */
#ifndef GX_SCACHE_RTL_H
#define GX_SCACHE_RTL_H

#include <stdint.h>

#include "gx/scache.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The sets of the RTL as built (gx_scache's default SetsLog): the model of a test is
 *  configured the same, with 2 ways. */
#define GX_SCACHE_RTL_SETS_LOG 6u
/** The cache tiles the RTL's left bits cover: 2^4 across and 2^4 down (CxLog, CyLog). */
#define GX_SCACHE_RTL_CT_MAX 16u

/** The configuration ports, held while the cache works. */
typedef struct gx_scache_rtl_cfg {
    uint32_t surf_line, index_line, state_line; /**< the regions' bases / 32 */
    uint32_t tiles_x, tiles_y;
    unsigned twlog, thlog, ctlog, ctodd;
} gx_scache_rtl_cfg_t;

/** One clock's inputs. */
typedef struct gx_scache_in {
    gx_scache_rtl_cfg_t cfg;
    int req_valid, req_we;
    uint32_t req_line, req_mask;
    uint8_t req_data[32];
    unsigned req_reg, req_tx, req_ty;
    int rsp_ready;
    int cmd_valid;
    unsigned cmd_op, tx0, ty0, tx1, ty1;
    int mrq_ready, mrd_valid;
    uint8_t mrd_data[32];
    int mwr_ready;
} gx_scache_in_t;

/** One clock's outputs, before its edge. */
typedef struct gx_scache_out {
    int req_ready, rsp_valid, cmd_ready, cmd_done;
    uint8_t rsp_data[32];
    uint32_t probes;
    int mrq_valid, mrd_ready, mwr_valid, mwr_sample;
    uint32_t mrq_line, mwr_line, mwr_strb;
    uint8_t mwr_data[32];
    gx_sc_cnt_t cnt; /**< the counters (32 bits each, wrapping) */
} gx_scache_out_t;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_scache_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_scache_rtl_free(void *m, const char *cov_path);
/** One clock: drive in, evaluate, read out (before the edge), clock. Returns 0 when an
 *  assertion failed. */
int gx_scache_rtl_cycle(void *m, const gx_scache_in_t *in, gx_scache_out_t *out);

/** The configuration ports of the model's cache c. */
void gx_scache_rtl_cfg(const gx_scache_t *c, gx_scache_rtl_cfg_t *cfg);
/** The requester's side of a line operation on the line at addr (a multiple of 32), as
 *  gx_msmem knows it from the surface-tile coordinates it addresses: the region (0
 *  resolved, 1 home, 2 index, 3 state) and the surface tile of the line's first byte. */
void gx_scache_rtl_line(const gx_scache_t *c, uint64_t addr, unsigned *reg, unsigned *tx,
                        unsigned *ty);

#ifdef __cplusplus
}
#endif

#endif /* GX_SCACHE_RTL_H */
