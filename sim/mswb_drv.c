/* mswb_drv: gx_mswb's four streams: evictions in, read requests out and their answers
 * from the C memory model in (after a random latency), flush packets out and into the
 * memory model. */
#include <stdlib.h>
#include <string.h>

#include "ms_mem.h"
#include "mswb_rtl.h"

int gx_mswb_rtl_run(void *m, gx_ms_mem_t *mem, const uint32_t *ev, uint64_t n, uint32_t *fl,
                    uint64_t cap, tb_rng_t *rng, int stall, uint64_t phase, unsigned max_lat,
                    gx_mswb_run_stats_t *st)
{
    tb_stall_t prof = {0, 0};
    uint64_t sent = 0, idle = 0, taken = 0;
    int ev_valid = 0, busy = 0;
    tb_ms_rdport_t rd;        /* reads answered from mem after a random latency */
    gx_mswb_io_t io;
    memset(st, 0, sizeof *st);
    tb_ms_rdport_init(&rd);
    /* until every eviction is taken and the unit is idle (ev_ready high, no packet) */
    for (;;) {
        if (stall && phase && sent % phase == 0 && !ev_valid)
            prof = tb_stall_pick(rng);
        if (!ev_valid && sent < n && !(stall && tb_rng_pct(rng, prof.gap_pct)))
            ev_valid = 1;
        tb_ms_rdport_offer(&rd, rng, stall, prof.gap_pct);
        memset(&io, 0, sizeof io);
        io.ev_valid = ev_valid;
        io.ev = ev_valid ? ev + sent * GX_MS_EVICT_WORDS : NULL;
        io.rd_req_ready = tb_ms_rdport_ready(&rd, rng, stall, prof.stall_pct);
        io.rd_resp_valid = rd.valid;
        io.rd_resp = rd.valid ? rd.resp : NULL;
        io.fl_ready = !(stall && tb_rng_pct(rng, prof.stall_pct));
        gx_mswb_rtl_eval(m, &io);
        int moved = 0, took = 0;
        if (ev_valid && io.ev_ready) {
            took = 1;
            sent++;
            ev_valid = 0;
            moved = 1;
        }
        /* the memory reads when the request is taken (it is the state the RTL must see)
         * and answers later */
        if (tb_ms_rdport_step(&rd, mem, io.rd_req_valid && io.rd_req_ready ? io.rd_req : NULL,
                              rd.valid && io.rd_resp_ready, rng, max_lat, &st->reads))
            moved = 1;
        if (io.fl_valid && io.fl_ready) {
            if (taken >= cap)
                return 0;
            memcpy(fl + taken * GX_MS_FLUSH_WORDS, io.fl, sizeof io.fl);
            gx_ms_flush_t f;
            gx_mssurf_flush_unpack(io.fl, mem->cfg.spp, &f);
            gx_mssurf_mem_write(mem, &f);
            taken++;
            moved = 1;
        }
        busy = !io.ev_ready || io.fl_valid;
        if (busy)
            st->busy_cycles++;
        if (!gx_mswb_rtl_tick(m))
            return 0;
        st->cycles++;
        st->packets = taken;
        idle = moved || rd.pending ? 0 : idle + 1;
        if (idle > 4096)
            return 0;
        if (sent == n && !ev_valid && !busy && !rd.pending && !took)
            break;
    }
    return 1;
}

int gx_mswb_rtl_writeback(void *m, gx_ms_mem_t *mem, const gx_ms_evict_t *ev,
                          gx_ms_flush_t *f, uint64_t *cycles)
{
    uint32_t img[GX_MS_EVICT_WORDS], fl[GX_MS_FLUSH_WORDS];
    gx_mswb_run_stats_t st;
    memset(f, 0, sizeof *f);
    gx_mssurf_evict_pack(ev, mem->cfg.spp, img);
    const uint64_t bad = mem->cnt.bad_writes;
    int ok = gx_mswb_rtl_run(m, mem, img, 1, fl, 1, NULL, 0, 0, 0, &st);
    if (cycles)
        *cycles += st.cycles;
    if (!ok || st.packets != (ev->peek ? 0u : 1u))
        return 0;
    if (ev->peek)
        return 1;
    gx_mssurf_flush_unpack(fl, mem->cfg.spp, f);
    return mem->cnt.bad_writes == bad;
}
