/* bench_axi_width: throughput of gx_axi_width (fast model) at DataW 32, 64, 128, 256, no
 * stalls, memory latency 0: narrow beats a clock for 32-beat writes, 32-beat reads,
 * and one-beat writes and reads mixed (random start bytes); and narrow beats a second at
 * the fmax docs/synth.md gives each DataW ("-" for a width it has no row for). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "axi_width_rtl.h"
#include "tb.h"

#define K GX_AXI_WIDTH_N

int main(void)
{
    static gx_axw_master_t mst[K];
    static tb_axi_mem_t mem[K];
    axi4_sig_t nar[K], wid[K];
    memset(nar, 0, sizeof nar);
    memset(wid, 0, sizeof wid);
    gx_axi_width_rtl_t *rtl = gx_axi_width_rtl_new(NULL);
    for (unsigned k = 0; k < K; k++) {
        const tb_axi_mem_cfg_t c = {gx_axi_width_bytes(k), 0, 0, 0, 8, 8, 0};
        gx_axw_master_init(&mst[k], 0x10000, 0x2000, 1 + k);
        tb_axi_mem_init(&mem[k], 0x10000, 0x2000, &c, 1 + k);
    }
    static const struct { const char *what; gx_axw_cfg_t cfg; } cases[] = {
        {"32-beat writes", {0, 0, 100, 0, 0, 0, 100, 0}},
        {"32-beat reads", {0, 0, 100, 100, 0, 0, 100, 0}},
        {"one-beat writes and reads", {0, 0, 100, 50, 0, 100, 0, 0}}};
    double mhz[K];
    for (unsigned k = 0; k < K; k++) {
        char name[64];
        snprintf(name, sizeof name, "axi_width (DataW=%u)", 8 * gx_axi_width_bytes(k));
        mhz[k] = tb_synth_fmax_mhz(name);
    }
    printf("| bursts | DataW | narrow beats | clocks | narrow beats / clock "
           "| M narrow beats/s at fmax |\n");
    printf("|---|---:|---:|---:|---:|---:|\n");
    for (unsigned c = 0; c < 3; c++) {
        uint64_t beats0[K], end[K] = {0}, clocks = 0;
        for (unsigned k = 0; k < K; k++) {
            beats0[k] = mst[k].cnt.beats;
            gx_axw_master_phase(&mst[k], &cases[c].cfg, 2000);
        }
        for (int done = 0; !done && clocks < 10000000;) {
            gx_axw_clock(rtl, mst, mem, nar, wid, NULL, NULL);
            clocks++;
            done = 1;
            for (unsigned k = 0; k < K; k++) {  /* each width's clocks to its last response */
                if (!end[k] && gx_axw_master_done(&mst[k]) && tb_axi_mem_idle(&mem[k]))
                    end[k] = clocks;
                done &= end[k] != 0;
            }
        }
        for (unsigned k = 0; k < K; k++) {
            const uint64_t n = mst[k].cnt.beats - beats0[k];
            const double per = (double)n / (double)end[k];
            char ps[32];
            printf("| %s | %u | %" PRIu64 " | %" PRIu64 " | %.3f | %s |\n", cases[c].what,
                   8 * gx_axi_width_bytes(k), n, end[k], per,
                   tb_rate_at_fmax(ps, sizeof ps, mhz[k], per, 1));
        }
    }
    for (unsigned k = 0; k < K; k++) {
        gx_axw_master_free(&mst[k]);
        tb_axi_mem_free(&mem[k]);
    }
    gx_axi_width_rtl_free(rtl, NULL);
    return 0;
}
