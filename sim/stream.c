/* stream: see stream.h. */
#include "stream.h"

#include <stdlib.h>
#include <string.h>

static uint64_t run(const tb_dut_ops_t *ops, void *m, const uint32_t *req, uint64_t n,
                    uint32_t *resp, uint64_t max_resp, tb_rng_t *rng, int stall,
                    uint64_t phase, uint64_t *n_got)
{
    tb_stall_t prof = {0, 0};
    uint64_t sent = 0, got = 0, cycles = 0, idle = 0;
    uint32_t *zero = calloc(ops->req_words, sizeof *zero);
    const uint32_t *cur = zero;
    int valid = 0;

    *n_got = 0;
    if (!zero)
        return 0;
    /* one response per request: until all arrived; else until sent and idle */
    while (ops->idle ? !(sent == n && !valid && ops->idle(m)) : got < n) {
        if (stall && phase && sent % phase == 0 && !valid)
            prof = tb_stall_pick(rng);
        /* The source raises valid after an optional gap and holds it, with its payload,
         * until the transfer; the sink drops ready at random. */
        if (!valid && sent < n && !(stall && tb_rng_pct(rng, prof.gap_pct))) {
            cur = req + sent * ops->req_words;
            valid = 1;
        }
        int ready = !(stall && tb_rng_pct(rng, prof.stall_pct));
        ops->set(m, valid, valid ? cur : zero, ready);
        ops->eval(m);
        int moved = 0;
        if (ops->resp_valid(m) && ready) {
            if (got < max_resp)
                ops->resp(m, resp + got * ops->resp_words);
            got++;
            moved = 1;
        }
        if (valid && ops->req_ready(m)) {
            sent++;
            valid = 0;
            moved = 1;
        }
        ops->tick(m);
        cycles++;
        idle = moved ? 0 : idle + 1;
        *n_got = got;
        if (ops->failed(m) || idle > (ops->idle ? (1u << 22) : 1000u) || (!ops->idle && got > sent)) {
            free(zero);
            return 0;
        }
    }
    free(zero);
    return cycles;
}

uint64_t tb_stream_run(const tb_dut_ops_t *ops, void *m, const uint32_t *req, uint32_t *resp,
                       uint64_t n, tb_rng_t *rng, int stall, uint64_t phase, uint64_t *n_got)
{
    return run(ops, m, req, n, resp, n, rng, stall, phase, n_got);
}

uint64_t tb_stream_run_n(const tb_dut_ops_t *ops, void *m, const uint32_t *req, uint64_t n_req,
                         uint32_t *resp, uint64_t max_resp, tb_rng_t *rng, int stall,
                         uint64_t phase, uint64_t *n_got)
{
    return run(ops, m, req, n_req, resp, max_resp, rng, stall, phase, n_got);
}
