/* pipe_rtl: C API of the Verilated gx_pipe (rtl/gx_pipe.sv, 64-bit m_axi), a thin C++
 * shim (pipe_rtl.cpp). The four interfaces are the monitors' signal structs: s_cmd and
 * m_ld an axi_stream_sig_t each (8 data bytes, TKEEP on s_cmd), s_axil an
 * axi_lite_sig_t, m_axi an axi4_sig_t. gx_pipe_rtl_set drives the inputs of all four
 * (the fields the testbench owns: the master's side of s_cmd and s_axil, the slave's
 * side of m_ld and m_axi); gx_pipe_rtl_get reads the outputs back into the same structs.
 */
#ifndef GX_SIM_PIPE_RTL_H
#define GX_SIM_PIPE_RTL_H

#include <stdint.h>

#include "axi4.h"
#include "axi_mon.h"

#ifdef __cplusplus
extern "C" {
#endif

/** m_axi data bytes of the Verilated model: 8 (DataW 64, the default); a model
 *  Verilated with another DataW is built with this defined (the Makefile's tb_pipe_w128). */
#ifndef GX_PIPE_RTL_DATA_BYTES
#define GX_PIPE_RTL_DATA_BYTES 8u
#endif

typedef struct gx_pipe_rtl gx_pipe_rtl_t;

/** The signals of gx_pipe at one clock. */
typedef struct gx_pipe_io {
    int rst;
    axi_stream_sig_t cmd;  /**< s_cmd (in: valid, data, keep, last; out: ready) */
    axi_stream_sig_t ld;   /**< m_ld (in: ready; out: valid, data, last) */
    axi_lite_sig_t lite;   /**< s_axil */
    axi4_sig_t mem;        /**< m_axi */
    int busy;              /**< busy_o */
    int idle;              /**< idle_o */
} gx_pipe_io_t;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
gx_pipe_rtl_t *gx_pipe_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_pipe_rtl_free(gx_pipe_rtl_t *m, const char *cov_path);
/** Drive the inputs from io. */
void gx_pipe_rtl_set(gx_pipe_rtl_t *m, const gx_pipe_io_t *io);
/** Settle the logic after the inputs changed. */
void gx_pipe_rtl_eval(gx_pipe_rtl_t *m);
/** Read the outputs into io. */
void gx_pipe_rtl_get(const gx_pipe_rtl_t *m, gx_pipe_io_t *io);
/** One rising clock edge. */
void gx_pipe_rtl_tick(gx_pipe_rtl_t *m);
/** An assertion failed. */
int gx_pipe_rtl_failed(const gx_pipe_rtl_t *m);

#ifdef __cplusplus
}
#endif

#endif /* GX_SIM_PIPE_RTL_H */
