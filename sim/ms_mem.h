/* ms_mem: the memory read port of the gx_mswb and gx_msld drivers: the C memory model
 * answering the RTL's read requests after a random latency.
 */
#ifndef GX_SIM_MS_MEM_H
#define GX_SIM_MS_MEM_H

#include <stdint.h>

#include "gx/mssurf.h"
#include "rng.h"

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

#endif /* GX_SIM_MS_MEM_H */
