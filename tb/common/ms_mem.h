/* ms_mem: what the multi-sample testbenches (tb_mswb, tb_msld) share on the memory
 * side: the format helpers, a phase's random surface and value palette, and the memory
 * read port of their drivers (the C memory model answering the RTL's read requests
 * after a random latency).
 */
#ifndef GX_TB_MS_MEM_H
#define GX_TB_MS_MEM_H

#include <stdint.h>

#include "gx/mssurf.h"
#include "rng.h"

/** N: samples per pixel. */
unsigned tb_ms_spp_n(gx_spp_t s);
/** B: bytes per sample. */
unsigned tb_ms_bps_b(gx_bps_t b);
/** Uniform in [lo, hi], lo <= hi. */
uint32_t tb_ms_rnd_in(tb_rng_t *r, uint32_t lo, uint32_t hi);

/** A phase's surface of format spp x bps: 1..max_tiles tiles, half the time with a
 *  partial last tile (W H not a multiple of P), W at most 64; cfg->threshold 1..8 with
 *  probability thr_pct %, else 0; pal: entry 0 zeros, entries 1..3 a byte 100 + 3 k or
 *  random, byte by byte. */
void tb_ms_surface(tb_rng_t *r, gx_spp_t spp, gx_bps_t bps, uint32_t max_tiles,
                   unsigned thr_pct, gx_ms_cfg_t *cfg, uint8_t pal[4][16]);

/** B = 4 << bps bytes of a value: a palette entry (60%), a near variant of one (each
 *  byte within -3..+3, 20%), or fresh bytes (20%). */
void tb_ms_pick_value(tb_rng_t *r, gx_bps_t bps, const uint8_t pal[4][16], uint8_t *v);

/** The memory's read port of a driver: one read outstanding; a request taken is answered
 *  from the C model at once (the state the RTL must see) and the answer offered after a
 *  random latency, held until taken. */
typedef struct tb_ms_rdport {
    int pending;    /* a read taken, its answer due in `wait` clocks */
    unsigned wait;
    int valid;      /* the answer is offered (rd_resp_valid) */
    uint32_t resp[GX_MS_RDRESP_WORDS];
} tb_ms_rdport_t;

void tb_ms_rdport_init(tb_ms_rdport_t *p);
/** Before a clock's eval: count the latency down, then offer the answer unless a gap is
 *  drawn (stall: with probability gap_pct). */
void tb_ms_rdport_offer(tb_ms_rdport_t *p, tb_rng_t *rng, int stall, unsigned gap_pct);
/** rd_req_ready of this clock: no read outstanding and no back-pressure drawn (stall:
 *  with probability stall_pct). */
int tb_ms_rdport_ready(const tb_ms_rdport_t *p, tb_rng_t *rng, int stall, unsigned stall_pct);
/** After the eval: req (non-NULL) is the request image taken this clock, answered from
 *  mem with a latency of 0..max_lat clocks (*reads counts it); resp_taken: the answer
 *  was taken. Returns 1 when either happened. */
int tb_ms_rdport_step(tb_ms_rdport_t *p, gx_ms_mem_t *mem, const uint32_t *req,
                      int resp_taken, tb_rng_t *rng, unsigned max_lat, uint64_t *reads);

#endif /* GX_TB_MS_MEM_H */
