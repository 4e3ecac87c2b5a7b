/* msld_drv: gx_msld's four streams: loads (snapshot + load record) in, read requests out
 * and their answers from the C memory model in (after a random latency), load responses
 * out. */
#include <stdlib.h>
#include <string.h>

#include "ms_mem.h"
#include "msld_rtl.h"

int gx_msld_rtl_run(void *m, gx_ms_mem_t *mem, const uint32_t *snap, const uint32_t *ld,
                    uint64_t n, uint32_t *resp, tb_rng_t *rng, int stall, uint64_t phase,
                    unsigned max_lat, gx_msld_run_stats_t *st)
{
    tb_stall_t prof = {0, 0};
    uint64_t sent = 0, idle = 0, taken = 0;
    int ld_valid = 0, busy = 0;
    tb_ms_rdport_t rd;
    gx_msld_io_t io;
    memset(st, 0, sizeof *st);
    tb_ms_rdport_init(&rd);
    for (;;) {
        if (stall && phase && sent % phase == 0 && !ld_valid)
            prof = tb_stall_pick(rng);
        if (!ld_valid && sent < n && !(stall && tb_rng_pct(rng, prof.gap_pct)))
            ld_valid = 1;
        tb_ms_rdport_offer(&rd, rng, stall, prof.gap_pct);
        memset(&io, 0, sizeof io);
        io.ld_valid = ld_valid;
        io.snap = ld_valid ? snap + sent * GX_MS_EVICT_WORDS : NULL;
        io.ld = ld_valid ? ld + sent * GX_MS_LD_WORDS : NULL;
        io.rd_req_ready = tb_ms_rdport_ready(&rd, rng, stall, prof.stall_pct);
        io.rd_resp_valid = rd.valid;
        io.rd_resp = rd.valid ? rd.resp : NULL;
        io.resp_ready = !(stall && tb_rng_pct(rng, prof.stall_pct));
        gx_msld_rtl_eval(m, &io);
        int moved = 0, took = 0;
        if (ld_valid && io.ld_ready) {
            took = 1;
            sent++;
            ld_valid = 0;
            moved = 1;
        }
        if (tb_ms_rdport_step(&rd, mem, io.rd_req_valid && io.rd_req_ready ? io.rd_req : NULL,
                              rd.valid && io.rd_resp_ready, rng, max_lat, &st->reads))
            moved = 1;
        if (io.resp_valid && io.resp_ready) {
            if (taken >= n)
                return 0;
            memcpy(resp + taken * GX_MS_LDRESP_WORDS, io.resp, sizeof io.resp);
            taken++;
            moved = 1;
        }
        /* busy: the unit holds a load (taken before this clock, its response not yet
         * taken), or offers a response */
        busy = sent - (uint64_t)took > taken || io.resp_valid;
        if (busy)
            st->busy_cycles++;
        if (!gx_msld_rtl_tick(m))
            return 0;
        st->cycles++;
        st->resps = taken;
        idle = moved || rd.pending ? 0 : idle + 1;
        if (idle > 4096)
            return 0;
        if (sent == n && !ld_valid && !busy && !rd.pending && !took)
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
