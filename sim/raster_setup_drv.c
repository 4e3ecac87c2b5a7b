/* raster_setup_drv: gx_raster_setup requests and results through tb_stream_run. */
#include <stdlib.h>

#include "raster_setup_rtl.h"

uint64_t gx_raster_setup_rtl_run(void *m, const gx_rs_cfg_t *cfg, const gx_rs_tri_t *tri,
                                 gx_rs_setup_t *out, uint64_t n, tb_rng_t *rng, int stall,
                                 uint64_t phase, uint64_t *n_got)
{
    const tb_dut_ops_t *ops = &gx_raster_setup_rtl_ops;
    uint32_t *req = calloc(n ? n * ops->req_words : 1, sizeof *req);
    uint32_t *resp = calloc(n ? n * ops->resp_words : 1, sizeof *resp);
    uint64_t cycles = 0;
    *n_got = 0;
    if (req && resp) {
        for (uint64_t i = 0; i < n; i++)
            gx_rs_setup_req_pack(&cfg[i], &tri[i], req + i * ops->req_words);
        cycles = tb_stream_run(ops, m, req, resp, n, rng, stall, phase, n_got);
        for (uint64_t i = 0; i < *n_got && i < n; i++)
            gx_rs_setup_unpack(resp + i * ops->resp_words, &out[i]);
    }
    free(req);
    free(resp);
    return cycles;
}
