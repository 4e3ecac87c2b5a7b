/* bench_pipe_cmd: throughput of gx_pipe_cmd (fast model): beats and commands per clock
 * for streams of each packet kind at full rate (no gaps, the output always ready) and
 * with the output ready half the time; every command checked against the C model; and
 * commands a second at the block's fmax in docs/synth.md. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gx/pipe_cmd.h"
#include "pipe_cmd_rtl.h"
#include "tb.h"

static void row(const char *name, gx_cmd_kind_t kind, gx_bps_t bps, unsigned ready_pct,
                double mhz)
{
    enum { NPKT = 20000 };
    gx_ms_cfg_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.width = 64;
    cfg.height = 64;
    cfg.spp = GX_SPP4;
    cfg.bps = bps;
    tb_rng_t rng;
    tb_rng_seed(&rng, 1);
    void *m = gx_pipe_cmd_rtl_new(NULL);
    gx_pipe_cmd_dec_t model;
    gx_pipe_cmd_init(&model, &cfg);
    gx_pipe_cmd_t c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    gx_pipe_beat_t b[GX_PIPE_CMD_MAX_BEATS];
    unsigned len = gx_pipe_cmd_encode(&c, bps, b), pos = 0, sent = 0;
    uint64_t clk = 0, got = 0, beats = 0, bad = 0;
    while (got < NPKT && clk < 100ull * NPKT) {
        gx_pipe_cmd_drv_in_t in;
        gx_pipe_cmd_drv_out_t out;
        memset(&in, 0, sizeof in);
        in.cfg = cfg;
        in.tvalid = sent < NPKT;
        in.beat = b[pos];
        in.cmd_ready = tb_rng_pct(&rng, ready_pct);
        gx_pipe_cmd_drv_eval(m, &in, &out);
        if (out.cmd_valid && in.cmd_ready) {
            got++;
            bad += !gx_pipe_cmd_eq(&out.cmd, &c);
        }
        if (in.tvalid && out.tready) {
            beats++;
            if (++pos == len) {
                pos = 0;
                sent++;
            }
        }
        gx_pipe_cmd_rtl_tick(m);
        clk++;
    }
    gx_pipe_cmd_rtl_free(m, NULL);
    const double per = (double)got / (double)clk;
    char ps[32];
    printf("| %s | %u%% | %u | %.3f | %.3f | %s | %s |\n", name, ready_pct, len,
           (double)beats / (double)clk, per, tb_rate_at_fmax(ps, sizeof ps, mhz, per, 1),
           bad || got < NPKT ? "MISMATCH" : "yes");
}

int main(void)
{
    const double mhz = tb_synth_fmax_mhz("pipe_cmd");
    printf("| packets | cmd_ready | beats a packet | beats / clock | commands / clock | "
           "M commands/s at fmax | RTL = C model |\n|---|---:|---:|---:|---:|---:|---|\n");
    row("triangle, B = 4", GX_CMDTRIANGLE, GX_BPS4, 100, mhz);
    row("triangle, B = 16", GX_CMDTRIANGLE, GX_BPS16, 100, mhz);
    row("pattern", GX_CMDPATTERN, GX_BPS4, 100, mhz);
    row("flush", GX_CMDFLUSH, GX_BPS4, 100, mhz);
    row("load", GX_CMDLOAD, GX_BPS4, 100, mhz);
    row("load", GX_CMDLOAD, GX_BPS4, 50, mhz);
    return 0;
}
