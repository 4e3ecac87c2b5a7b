/* msld_drv: gx_msld's four streams: loads (snapshot + load record) in, read requests out
 * and their answers from the C memory model in (after a random latency), load responses
 * out. */
#include <stdlib.h>
#include <string.h>

#include "msld_rtl.h"

int gx_msld_rtl_run(void *m, gx_ms_mem_t *mem, const uint32_t *snap, const uint32_t *ld,
                    uint64_t n, uint32_t *resp, tb_rng_t *rng, int stall, uint64_t phase,
                    unsigned max_lat, gx_msld_run_stats_t *st)
{
    tb_stall_t prof = {0, 0};
    uint64_t sent = 0, idle = 0, taken = 0;
    int ld_valid = 0, busy = 0;
    int pending = 0;
    unsigned wait = 0;
    int rd_valid = 0;
    uint32_t rd[GX_MS_RDRESP_WORDS];
    gx_msld_io_t io;
    memset(st, 0, sizeof *st);
    memset(rd, 0, sizeof rd);
    for (;;) {
        if (stall && phase && sent % phase == 0 && !ld_valid)
            prof = tb_stall_pick(rng);
        if (!ld_valid && sent < n && !(stall && tb_rng_pct(rng, prof.gap_pct)))
            ld_valid = 1;
        if (pending && !rd_valid) {
            if (wait)
                wait--;
            else if (!(stall && tb_rng_pct(rng, prof.gap_pct)))
                rd_valid = 1;
        }
        memset(&io, 0, sizeof io);
        io.ld_valid = ld_valid;
        io.snap = ld_valid ? snap + sent * GX_MS_EVICT_WORDS : NULL;
        io.ld = ld_valid ? ld + sent * GX_MS_LD_WORDS : NULL;
        io.rd_req_ready = !pending && !(stall && tb_rng_pct(rng, prof.stall_pct));
        io.rd_resp_valid = rd_valid;
        io.rd_resp = rd_valid ? rd : NULL;
        io.resp_ready = !(stall && tb_rng_pct(rng, prof.stall_pct));
        gx_msld_rtl_eval(m, &io);
        int moved = 0, took = 0;
        if (ld_valid && io.ld_ready) {
            took = 1;
            sent++;
            ld_valid = 0;
            moved = 1;
        }
        if (io.rd_req_valid && io.rd_req_ready) {
            gx_mssurf_mem_answer(mem, io.rd_req, rd);
            pending = 1;
            wait = max_lat ? tb_rng_below(rng, max_lat + 1u) : 0;
            st->reads++;
            moved = 1;
        }
        if (rd_valid && io.rd_resp_ready) {
            rd_valid = 0;
            pending = 0;
            moved = 1;
        }
        if (io.resp_valid && io.resp_ready) {
            if (taken >= n)
                return 0;
            memcpy(resp + taken * GX_MS_LDRESP_WORDS, io.resp, sizeof io.resp);
            taken++;
            moved = 1;
        }
        busy = !io.ld_ready || io.resp_valid;
        if (busy)
            st->busy_cycles++;
        if (!gx_msld_rtl_tick(m))
            return 0;
        st->cycles++;
        st->resps = taken;
        idle = moved || pending ? 0 : idle + 1;
        if (idle > 4096)
            return 0;
        if (sent == n && !ld_valid && !busy && !pending && !took)
            break;
    }
    return 1;
}

int gx_msld_rtl_load(void *m, gx_ms_mem_t *mem, const gx_ms_evict_t *snap,
                     const gx_ms_load_t *ld, gx_ms_load_resp_t *resp, uint64_t *cycles)
{
    uint32_t s[GX_MS_EVICT_WORDS], l[GX_MS_LD_WORDS], r[GX_MS_LDRESP_WORDS];
    gx_msld_run_stats_t st;
    memset(resp, 0, sizeof *resp);
    gx_mssurf_evict_pack(snap, mem->cfg.spp, s);
    gx_mssurf_ld_pack(&mem->cfg, ld, l);
    int ok = gx_msld_rtl_run(m, mem, s, l, 1, r, NULL, 0, 0, 0, &st);
    if (cycles)
        *cycles += st.cycles;
    if (!ok || st.resps != 1)
        return 0;
    gx_mssurf_ldresp_unpack(r, resp);
    return 1;
}
