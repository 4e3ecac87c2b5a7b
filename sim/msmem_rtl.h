/* msmem_rtl: C API of the Verilated gx_msmem (msmem_rtl.cpp, msmem_drv.c). */
#ifndef GX_MSMEM_RTL_H
#define GX_MSMEM_RTL_H

#ifdef __cplusplus
extern "C" {
#endif

#include "axi4.h"
#include "gx/mssurf.h"  /* C declarations, also for the C++ shim */

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_msmem_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_msmem_rtl_free(void *m, const char *cov_path);
/** Drive cfg_i and the three region bases (static while the block is busy). */
void gx_msmem_rtl_cfg(void *m, const gx_ms_cfg_t *cfg, uint64_t surf_base, uint64_t index_base,
                      uint64_t state_base);

/** The ports of one clock: inputs (set before eval), outputs (read after eval). The AXI4
 *  port is axi4_sig_t: the slave's signals (AWREADY, WREADY, B*, ARREADY, R*) are inputs,
 *  the master's are outputs. */
typedef struct gx_msmem_rtl_io {
    int fl_valid;                               /* in */
    const uint32_t *fl;                         /* GX_MS_FLUSH_WORDS */
    int rd_req_valid[2], rd_resp_ready[2];      /* in */
    uint32_t rd_req[2][GX_MS_RDREQ_WORDS];      /* in */
    axi4_sig_t axi;                             /* slave side in, master side out */
    int fl_ready, rd_req_ready[2], rd_resp_valid[2], idle, resp_err;  /* out */
    uint32_t rd_resp[2][GX_MS_RDRESP_WORDS];    /* out */
    uint64_t bytes_rd, bytes_wr;                /* out */
    unsigned bad_wr;                            /* out */
} gx_msmem_rtl_io_t;

/** Set the inputs and evaluate: the outputs of this clock. */
void gx_msmem_rtl_eval(void *m, gx_msmem_rtl_io_t *io);
/** One rising edge. Returns 0 when an assertion failed. */
int gx_msmem_rtl_tick(void *m);

/** The image of a flush packet (ms_flush_t, GX_MS_FLUSH_WORDS words). */
void gx_msmem_flush_pack(const gx_ms_flush_t *f, uint32_t w[GX_MS_FLUSH_WORDS]);
/** The image of a read request (ms_rdreq_t). */
void gx_msmem_rdreq_pack(uint32_t tile, uint32_t pixels, gx_ms_read_kind_t kind,
                         uint32_t w[GX_MS_RDREQ_WORDS]);

#ifdef __cplusplus
}
#endif

#endif /* GX_MSMEM_RTL_H */
