/* mssurf_drv: gx_mssurf commands in, eviction records out: a store yields 0..2 records
 * and a flush command 0..K, so the streams are not one-to-one (unlike tb_stream_run). */
#include <stdlib.h>

#include "mssurf_rtl.h"

uint64_t gx_mssurf_rtl_run(void *m, const uint32_t *cmd, uint64_t n, uint32_t *rec,
                           uint64_t *rec_cmd, uint64_t cap, uint64_t *n_rec, tb_rng_t *rng,
                           int stall, uint64_t phase, unsigned tail)
{
    const tb_dut_ops_t *ops = &gx_mssurf_rtl_ops;
    tb_stall_t prof = {0, 0};
    uint64_t sent = 0, got = 0, cycles = 0, idle = 0, quiet = 0, drain = 0;
    uint32_t *zero = calloc(ops->req_words, sizeof *zero);
    int valid = 0;

    *n_rec = 0;
    if (!zero)
        return 0;
    while (sent < n || !ops->idle(m) || quiet < tail) {
        if (stall && phase && sent % phase == 0 && !valid && sent < n)
            prof = tb_stall_pick(rng);
        if (sent == n)
            prof.stall_pct = stall ? prof.stall_pct / 2 : 0; /* the tail drains */
        /* The source raises valid after an optional gap and holds it, with its payload,
         * until the transfer; the sink drops ready at random. */
        if (!valid && sent < n && !(stall && tb_rng_pct(rng, prof.gap_pct)))
            valid = 1;
        int ready = !(stall && tb_rng_pct(rng, prof.stall_pct));
        ops->set(m, valid, valid ? cmd + sent * ops->req_words : zero, ready);
        ops->eval(m);
        int moved = 0;
        if (ops->resp_valid(m)) {
            quiet = 0;
            if (ready) {
                if (got >= cap) {
                    free(zero);
                    return 0;
                }
                ops->resp(m, rec + got * ops->resp_words);
                if (rec_cmd)
                    rec_cmd[got] = sent;
                got++;
                moved = 1;
            }
        } else if (sent == n) {
            quiet++;
        }
        if (valid && ops->req_ready(m)) {
            sent++;
            valid = 0;
            moved = 1;
        }
        ops->tick(m);
        cycles++;
        idle = moved || !valid ? 0 : idle + 1;
        drain = moved || sent < n ? 0 : drain + 1; /* the drain, without a record */
        *n_rec = got;
        if (ops->failed(m) || idle > 1000 || drain > 1000) {
            free(zero);
            return 0;
        }
    }
    free(zero);
    return cycles;
}
