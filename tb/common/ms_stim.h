/* ms_stim: what the multi-sample tests (tb_mssurf, tb_mswb, tb_msld) share in their
 * stimulus: the format helpers, a phase's random surface and value palette, pixels picked
 * by tile.
 */
#ifndef GX_TB_MS_STIM_H
#define GX_TB_MS_STIM_H

#include <stdint.h>

#include "gx/mssurf.h"
#include "tb.h"

/** N: samples per pixel. */
unsigned tb_ms_spp_n(gx_spp_t s);
/** B: bytes per sample. */
unsigned tb_ms_bps_b(gx_bps_t b);
/** Uniform in [lo, hi], lo <= hi. */
uint32_t tb_ms_rnd_in(tb_rng_t *r, uint32_t lo, uint32_t hi);

/** A phase's surface of format spp x bps: 1..max_tiles tiles, up to 16 a row of tiles,
 *  half the time padded (W, H not multiples of the tile's TW, TH); cfg->threshold 1..8 with
 *  probability thr_pct %, else 0; pal: entry 0 zeros, entries 1..3 a byte 100 + 3 k or
 *  random, byte by byte. */
void tb_ms_surface(tb_rng_t *r, gx_spp_t spp, gx_bps_t bps, uint32_t max_tiles,
                   unsigned thr_pct, gx_ms_cfg_t *cfg, uint8_t pal[4][16]);

/** B = 4 << bps bytes of a value: a palette entry (60%), a near variant of one (each
 *  byte within -3..+3, 20%), or fresh bytes (20%). */
void tb_ms_pick_value(tb_rng_t *r, gx_bps_t bps, const uint8_t pal[4][16], uint8_t *v);
/** Tile t of mem uniform: one picked value in every sample of its existing pixels, the
 * rest 0, its state GX_ENCUNIFORM. */
void tb_ms_fill_uniform(tb_rng_t *r, const gx_ms_cfg_t *cfg, const uint8_t pal[4][16],
                        gx_ms_mem_t *mem, uint32_t t);

/** The next pixel of a sweep in tile order (tile by tile, each tile's pixels in order)
 *  that lies inside the surface (padding skipped); *sweep counts the sweep's steps. */
void tb_ms_sweep_pixel(const gx_ms_cfg_t *cfg, uint32_t *sweep, uint16_t *x, uint16_t *y);
/** A random pixel of tile t inside the surface (pixel 0 always is); returns its p. */
unsigned tb_ms_tile_pixel(tb_rng_t *r, const gx_ms_cfg_t *cfg, uint32_t t, uint16_t *x,
                          uint16_t *y);

#endif /* GX_TB_MS_STIM_H */
