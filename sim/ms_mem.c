/* ms_mem: the memory read port of the multi-sample drivers (ms_mem.h). */
#include "ms_mem.h"

#include <string.h>

void tb_ms_rdport_init(tb_ms_rdport_t *p) { memset(p, 0, sizeof *p); }

void tb_ms_rdport_offer(tb_ms_rdport_t *p, tb_rng_t *rng, int stall, unsigned gap_pct)
{
    if (p->pending && !p->valid) {
        if (p->wait)
            p->wait--;
        else if (!(stall && tb_rng_pct(rng, gap_pct)))
            p->valid = 1;
    }
}

int tb_ms_rdport_ready(const tb_ms_rdport_t *p, tb_rng_t *rng, int stall, unsigned stall_pct)
{
    return !p->pending && !(stall && tb_rng_pct(rng, stall_pct));
}

int tb_ms_rdport_step(tb_ms_rdport_t *p, gx_ms_mem_t *mem, const uint32_t *req,
                      int resp_taken, tb_rng_t *rng, unsigned max_lat, uint64_t *reads)
{
    int moved = 0;
    if (req) {
        gx_mssurf_mem_answer(mem, req, p->resp);
        p->pending = 1;
        p->wait = max_lat ? tb_rng_below(rng, max_lat + 1u) : 0;
        (*reads)++;
        moved = 1;
    }
    if (resp_taken) {
        p->valid = 0;
        p->pending = 0;
        moved = 1;
    }
    return moved;
}
