/* analyzer_drv: stream requests through the Verilated gx_analyzer (analyzer_rtl.h). */
#include <string.h>

#include "analyzer_rtl.h"

uint64_t gx_analyzer_rtl_run(gx_analyzer_rtl_t *m, const gx_an_req_t *reqs,
                             gx_an_resp_t *resps, uint64_t n, tb_rng_t *rng, int stall,
                             uint64_t phase, uint64_t *n_got)
{
    tb_stall_t prof = {0, 0};
    uint64_t sent = 0, got = 0, cycles = 0, idle = 0;
    uint32_t req_w[GX_AN_REQ_WORDS], resp_w[GX_AN_RESP_WORDS];
    int valid = 0;

    *n_got = 0;

    memset(req_w, 0, sizeof req_w);
    while (got < n) {
        if (stall && phase && sent % phase == 0 && !valid)
            prof = tb_stall_pick(rng);
        /* A source raises valid after an optional gap and holds it, with its payload,
         * until the transfer; a sink drops ready at random. */
        if (!valid && sent < n && !(stall && tb_rng_pct(rng, prof.gap_pct))) {
            gx_an_req_pack(&reqs[sent], req_w);
            valid = 1;
        }
        int ready = !(stall && tb_rng_pct(rng, prof.stall_pct));
        gx_analyzer_rtl_set(m, valid, req_w, ready);
        gx_analyzer_rtl_eval(m);
        int moved = 0;
        if (gx_analyzer_rtl_resp_valid(m) && ready) {
            gx_analyzer_rtl_resp(m, resp_w);
            if (got < sent)
                gx_an_resp_unpack(resp_w, &resps[got]);
            got++;
            moved = 1;
        }
        if (valid && gx_analyzer_rtl_req_ready(m)) {
            sent++;
            valid = 0;
            moved = 1;
        }
        gx_analyzer_rtl_tick(m);
        cycles++;
        idle = moved ? 0 : idle + 1;
        *n_got = got;
        if (gx_analyzer_rtl_failed(m) || idle > 1000)
            return 0;
    }
    return cycles;
}
