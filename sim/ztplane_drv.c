/* ztplane_drv: gx_ztplane requests and tile planes through tb_stream_run. */
#include <stdlib.h>

#include "ztplane_rtl.h"

uint64_t gx_ztplane_rtl_run(void *m, const gx_ztplane_req_t *req, gx_zrop_tplane_t *out,
                            uint64_t n, tb_rng_t *rng, int stall, uint64_t phase,
                            uint64_t *n_got)
{
    const tb_dut_ops_t *ops = &gx_ztplane_rtl_ops;
    uint32_t *rq = calloc(n ? n * ops->req_words : 1, sizeof *rq);
    uint32_t *resp = calloc(n ? n * ops->resp_words : 1, sizeof *resp);
    uint64_t cycles = 0;
    *n_got = 0;
    if (rq && resp) {
        for (uint64_t i = 0; i < n; i++)
            gx_zrop_treq_pack(&req[i].p, req[i].tx, req[i].ty, req[i].nlog,
                              rq + i * ops->req_words);
        cycles = tb_stream_run(ops, m, rq, resp, n, rng, stall, phase, n_got);
        for (uint64_t i = 0; i < *n_got && i < n; i++)
            gx_zrop_tplane_unpack(resp + i * ops->resp_words, &out[i]);
    }
    free(rq);
    free(resp);
    return cycles;
}
