/* pipe_regs_rtl: C API of the Verilated gx_pipe_regs_axil (formal/gx_pipe_regs_axil.sv:
 * gx_pipe's generated register block with its properties checked), a thin C++ shim
 * (pipe_regs_rtl.cpp). The AXI4-Lite port is an axi_lite_sig_t (axi_mon.h): the master's
 * fields are set, the slave's read back; the hardware interface is two vectors of 32-bit
 * words, hwif_in and hwif_out, bit i in word i / 32 (the signals' positions:
 * build/gen/gx_pipe_regs_hwif.h).
 */
#ifndef GX_PIPE_REGS_RTL_H
#define GX_PIPE_REGS_RTL_H

#include <stdint.h>

#include "axi_mon.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gx_pipe_regs_rtl gx_pipe_regs_rtl_t;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
gx_pipe_regs_rtl_t *gx_pipe_regs_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_pipe_regs_rtl_free(gx_pipe_regs_rtl_t *m, const char *cov_path);
/** Bits of the hwif_in (out = 0) or hwif_out (out = 1) vector of the model. */
unsigned gx_pipe_regs_rtl_hwif_bits(int out);
/** Drive the inputs: reset, the master's AXI4-Lite signals of s, the hwif_in words. */
void gx_pipe_regs_rtl_set(gx_pipe_regs_rtl_t *m, int rst, const axi_lite_sig_t *s,
                          const uint32_t *hwif_in);
/** Settle the logic after the inputs changed. */
void gx_pipe_regs_rtl_eval(gx_pipe_regs_rtl_t *m);
/** Read the outputs: the slave's AXI4-Lite signals into s, the hwif_out words. */
void gx_pipe_regs_rtl_get(const gx_pipe_regs_rtl_t *m, axi_lite_sig_t *s, uint32_t *hwif_out);
/** One rising clock edge. */
void gx_pipe_regs_rtl_tick(gx_pipe_regs_rtl_t *m);
/** An assertion failed (the AXI4-Lite rules of gx_axil_slave_fv among them). */
int gx_pipe_regs_rtl_failed(const gx_pipe_regs_rtl_t *m);

#ifdef __cplusplus
}
#endif

#endif /* GX_PIPE_REGS_RTL_H */
