/* ztable_rtl: C API of the Verilated gx_ztable (ztable_rtl.cpp), clock by clock. */
#ifndef GX_ZTABLE_RTL_H
#define GX_ZTABLE_RTL_H

#include <stdint.h>

#include "gx/zrop.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A command (the fields of zl_cmd). */
typedef struct gx_ztable_cmd {
    unsigned op;          /**< 0 write, 1 use, 2 bind, 3 clear */
    unsigned s, k;        /**< surface slot, pattern table */
    uint8_t data[GX_PATTERN_SLOTS];
} gx_ztable_cmd_t;

/** One clock's inputs. */
typedef struct gx_ztable_in {
    int cmd_valid;
    gx_ztable_cmd_t cmd;
    int ev_valid;
    unsigned ev_s, ev_dec, ev_inc;
    int dq_ready, dd;
    unsigned rd_k;
} gx_ztable_in_t;

/** One clock's outputs, before its edge. */
typedef struct gx_ztable_out {
    int cmd_ready, dq_valid;
    unsigned dq;
    uint8_t rd_table[GX_PATTERN_SLOTS];
    unsigned live[GX_Z_TABLES];
} gx_ztable_out_t;

void gx_ztable_cmd_pack(const gx_ztable_cmd_t *c, uint32_t w[GX_ZL_CMD_WORDS]);
uint32_t gx_ztable_ev_pack(unsigned s, unsigned dec, unsigned inc);

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_ztable_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_ztable_rtl_free(void *m, const char *cov_path);
/** One clock: drive in, evaluate, read out (before the edge), clock. Returns 0 when an
 *  assertion failed. */
int gx_ztable_rtl_cycle(void *m, const gx_ztable_in_t *in, gx_ztable_out_t *out);

#ifdef __cplusplus
}
#endif

#endif /* GX_ZTABLE_RTL_H */
