/* zplane_drv: gx_zplane requests and planes through tb_stream_run. */
#include <stdlib.h>

#include "zplane_rtl.h"

uint64_t gx_zplane_rtl_run(void *m, const gx_rs_tri_t *tri, const uint32_t *z,
                           gx_zrop_plane_t *out, uint64_t n, tb_rng_t *rng, int stall,
                           uint64_t phase, uint64_t *n_got)
{
    const tb_dut_ops_t *ops = &gx_zplane_rtl_ops;
    uint32_t *req = calloc(n ? n * ops->req_words : 1, sizeof *req);
    uint32_t *resp = calloc(n ? n * ops->resp_words : 1, sizeof *resp);
    uint64_t cycles = 0;
    *n_got = 0;
    if (req && resp) {
        for (uint64_t i = 0; i < n; i++)
            gx_zrop_req_pack(&tri[i], z + 3 * i, req + i * ops->req_words);
        cycles = tb_stream_run(ops, m, req, resp, n, rng, stall, phase, n_got);
        for (uint64_t i = 0; i < *n_got && i < n; i++)
            gx_zrop_plane_unpack(resp + i * ops->resp_words, &out[i]);
    }
    free(req);
    free(resp);
    return cycles;
}
