/* pipe_pix_rtl: C API of the Verilated gx_pipe_pix (a thin C++ shim, pipe_pix_rtl.cpp):
 * a model handle and its ports, one clock at a time (the block has two input streams
 * and a level input, so it is driven by its own loop, pipe_pix_drv.c, not
 * tb_stream_run). Payloads are packed-struct images (gx/defs.h layout).
 */
#ifndef GX_PIPE_PIX_RTL_H
#define GX_PIPE_PIX_RTL_H

#include <stdint.h>

#include "gx/defs.h"
#include "gx/pipe_pix.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gx_pipe_pix_rtl gx_pipe_pix_rtl_t;

/** The inputs of one clock. */
typedef struct gx_pipe_pix_rtl_in {
    int col_valid;
    uint8_t col[GX_PIPE_PIX_COLOR_BYTES];
    int grp_valid;
    uint32_t grp[GX_RS_QGROUP_WORDS];   /**< rs_qgroup_t image */
    int raster_idle;
    int st_ready;
} gx_pipe_pix_rtl_in_t;

/** The outputs of one clock (after the inputs settled). */
typedef struct gx_pipe_pix_rtl_out {
    int col_ready;
    uint16_t col_tag;
    int grp_ready;
    int st_valid;
    uint32_t st[GX_MS_CMD_WORDS];       /**< ms_cmd_t image */
    int idle;
} gx_pipe_pix_rtl_out_t;

/** A new model, held in reset for two cycles; fst_path non-NULL: write a waveform. */
gx_pipe_pix_rtl_t *gx_pipe_pix_rtl_new(const char *fst_path);
/** Finish the waveform, write coverage to cov_path (NULL: none), free the model. */
void gx_pipe_pix_rtl_free(gx_pipe_pix_rtl_t *m, const char *cov_path);
/** Drive the inputs and settle; read the outputs. */
void gx_pipe_pix_rtl_set(gx_pipe_pix_rtl_t *m, const gx_pipe_pix_rtl_in_t *in);
void gx_pipe_pix_rtl_get(const gx_pipe_pix_rtl_t *m, gx_pipe_pix_rtl_out_t *out);
/** One rising clock edge. */
void gx_pipe_pix_rtl_tick(gx_pipe_pix_rtl_t *m);
/** An assertion failed. */
int gx_pipe_pix_rtl_failed(const gx_pipe_pix_rtl_t *m);

/* ---- the driver (pipe_pix_drv.c): gx_pipe's decoder and rasterizer played around the
 * block. A scenario is a list of triangles (a color each) and their quad groups in
 * order; the decoder writes the colors in order with random gaps; a triangle reaches
 * the rasterizer `lat` clocks (random, 0..lat_max) after its color was taken; the
 * rasterizer offers its groups in order with random gaps (none for a triangle without
 * groups) and reports idle, now and then, only when every triangle whose color was taken
 * in an earlier clock has had all its groups taken; the stores meet random
 * back-pressure. Each stream's profile (tb_stall_pick) changes every `phase` clocks. */
typedef struct gx_pipe_pix_env {
    /* scenario */
    uint32_t ntri;
    const uint8_t (*color)[GX_PIPE_PIX_COLOR_BYTES];  /**< [ntri] */
    const uint64_t *gfirst;          /**< [ntri + 1]: triangle t's groups gfirst[t].. */
    const gx_rs_group_t *grp;        /**< every group, in order (tags set by the driver) */
    unsigned lat_max;                /**< the decoder-to-rasterizer latency, at most */
    unsigned idle_pct;               /**< rasterizer idle reported when it may be */
    unsigned col_gap_min;            /**< the decoder's gaps, at least (a sparse stream) */
    uint64_t phase;                  /**< clocks between stall profile changes; 0: no stalls */
    uint32_t tag_base;               /**< triangle t's number: tag_base + t (mod 2^16) */
    /* progress (zero before the first step) */
    uint64_t now;                    /**< clocks run */
    uint32_t d;                      /**< colors taken */
    uint32_t r;                      /**< the rasterizer's triangle */
    uint64_t g;                      /**< the next group offered */
    uint64_t avail;                  /**< clock at which triangle r reaches the rasterizer */
    uint64_t *taken_at;              /**< [ntri]: the clock each color was taken */
    int col_v, grp_v;
    tb_stall_t scol, sgrp, sst;
} gx_pipe_pix_env_t;

/** What happened in one clock (the handshakes, before the edge). */
typedef struct gx_pipe_pix_step {
    gx_pipe_pix_rtl_in_t in;
    gx_pipe_pix_rtl_out_t out;
    int col_take, grp_take, st_take;
    uint32_t col_tri;                /**< the triangle whose color was offered */
    uint64_t grp_idx;                /**< the group offered */
} gx_pipe_pix_step_t;

/** One clock: choose the inputs, settle, record the handshakes, clock edge. */
void gx_pipe_pix_env_step(gx_pipe_pix_env_t *e, gx_pipe_pix_rtl_t *m, tb_rng_t *rng,
                          gx_pipe_pix_step_t *s);
/** Every color taken and every group taken. */
int gx_pipe_pix_env_done(const gx_pipe_pix_env_t *e);

#ifdef __cplusplus
}
#endif

#endif /* GX_PIPE_PIX_RTL_H */
