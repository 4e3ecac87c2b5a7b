/* pipe_cmd_rtl: C API of the Verilated gx_pipe_cmd (the command decoder of gx_pipe), a thin
 * C++ shim (pipe_cmd_rtl.cpp), and its driver (pipe_cmd_drv.c): a clock's inputs and
 * outputs as C structs, the command as a gx_pipe_cmd_t (gx/pipe_cmd.h).
 */
#ifndef GX_PIPE_CMD_RTL_H
#define GX_PIPE_CMD_RTL_H

#include <stdint.h>

#include "gx/defs.h"
#include "gx/mssurf.h"
#include "gx/pipe_cmd.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the shim: the model's ports, raw ---------------------------------------------- */
/** The inputs of one clock. */
typedef struct gx_pipe_cmd_rtl_in {
    int rst;
    uint32_t cfg[GX_MS_CFG_WORDS];        /**< the ms_cfg_t image */
    int tvalid;
    uint64_t tdata;
    uint8_t tkeep;
    int tlast;
    int cmd_ready;
} gx_pipe_cmd_rtl_in_t;

/** The outputs of one clock. */
typedef struct gx_pipe_cmd_rtl_out {
    int tready, cmd_valid, err, idle;
    unsigned err_code;
    uint32_t cmd[GX_PIPE_CMD_WORDS];      /**< the pipe_cmd_t image */
} gx_pipe_cmd_rtl_out_t;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
void *gx_pipe_cmd_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_pipe_cmd_rtl_free(void *m, const char *cov_path);
/** Drive the inputs and settle the logic; read the outputs. */
void gx_pipe_cmd_rtl_eval(void *m, const gx_pipe_cmd_rtl_in_t *in, gx_pipe_cmd_rtl_out_t *out);
/** One rising clock edge. */
void gx_pipe_cmd_rtl_tick(void *m);
/** An assertion failed. */
int gx_pipe_cmd_rtl_failed(const void *m);

/* ---- the driver: C-model types --------------------------------------------------- */
/** What the testbench drives in a clock. */
typedef struct gx_pipe_cmd_drv_in {
    int rst;
    gx_ms_cfg_t cfg;
    int tvalid;              /**< beat is offered */
    gx_pipe_beat_t beat;
    int cmd_ready;
} gx_pipe_cmd_drv_in_t;

/** What the block answers. */
typedef struct gx_pipe_cmd_drv_out {
    int tready, cmd_valid, err, idle;
    gx_cmd_err_t err_code;
    gx_pipe_cmd_t cmd;       /**< cmd_o unpacked (read while cmd_valid) */
} gx_pipe_cmd_drv_out_t;

/** One clock's inputs, the logic settled, its outputs (before the edge). */
void gx_pipe_cmd_drv_eval(void *m, const gx_pipe_cmd_drv_in_t *in, gx_pipe_cmd_drv_out_t *out);

#ifdef __cplusplus
}
#endif

#endif /* GX_PIPE_CMD_RTL_H */
