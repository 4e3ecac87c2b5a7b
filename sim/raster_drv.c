/* raster_drv: gx_raster commands and quad groups through tb_stream_run_n. */
#include <stdlib.h>

#include "raster_rtl.h"

uint64_t gx_raster_rtl_run(void *m, const gx_rs_cmd_t *cmd, uint64_t n, gx_rs_group_t *out,
                           uint64_t max, tb_rng_t *rng, int stall, uint64_t phase,
                           uint64_t *n_got)
{
    const tb_dut_ops_t *ops = &gx_raster_rtl_ops;
    uint32_t *req = calloc(n ? n * ops->req_words : 1, sizeof *req);
    uint32_t *resp = calloc(max ? max * ops->resp_words : 1, sizeof *resp);
    uint64_t cycles = 0;
    *n_got = 0;
    if (req && resp) {
        for (uint64_t i = 0; i < n; i++) {
            if (cmd[i].table)
                gx_rs_cmd_pack_table(cmd[i].table, req + i * ops->req_words);
            else
                gx_rs_cmd_pack_tri(&cmd[i].cfg, &cmd[i].setup, cmd[i].tag,
                                   req + i * ops->req_words);
        }
        cycles = tb_stream_run_n(ops, m, req, n, resp, max, rng, stall, phase, n_got);
        for (uint64_t i = 0; i < *n_got && i < max; i++)
            gx_rs_group_unpack(resp + i * ops->resp_words, &out[i]);
    }
    free(req);
    free(resp);
    return cycles;
}
