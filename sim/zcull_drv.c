/* zcull_drv: gx_zcull requests and answers through tb_stream_run. */
#include <stdlib.h>

#include "zcull_rtl.h"

uint64_t gx_zcull_rtl_run(void *m, const gx_zcull_req_t *req, gx_zrop_cres_t *out, uint64_t n,
                          tb_rng_t *rng, int stall, uint64_t phase, uint64_t *n_got)
{
    const tb_dut_ops_t *ops = &gx_zcull_rtl_ops;
    uint32_t *rq = calloc(n ? n * ops->req_words : 1, sizeof *rq);
    uint32_t *resp = calloc(n ? n * ops->resp_words : 1, sizeof *resp);
    uint64_t cycles = 0;
    *n_got = 0;
    if (rq && resp) {
        for (uint64_t i = 0; i < n; i++)
            gx_zrop_creq_pack(&req[i].c, req[i].tx, req[i].ty, req[i].nlog, req[i].func,
                              req[i].slo, req[i].shi, rq + i * ops->req_words);
        cycles = tb_stream_run(ops, m, rq, resp, n, rng, stall, phase, n_got);
        for (uint64_t i = 0; i < *n_got && i < n; i++)
            gx_zrop_cres_unpack(resp + i * ops->resp_words, &out[i]);
    }
    free(rq);
    free(resp);
    return cycles;
}
