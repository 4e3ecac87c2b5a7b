/* bench_ztable: clocks a command of gx_ztable (Verilated RTL, no stalls, the
 * decompressor answering at once): binds and clears (taken in the clock offered), table
 * writes and uses that wait for no slot (looked at a clock, then taken), and table
 * writes that wait for one slot with one compressed tile (asked for, its tile sent back
 * raw, done, looked at again), and simulated clock cycles per CPU-second of the fast
 * Verilated model (build/vl-fast: assertions only). */
#include <stdio.h>
#include <string.h>

#include "tb.h"
#include "ztable_rtl.h"

#define CMDS 20000u

/* kind 0: bind / clear alternating; 1: write, no live slot; 2: use, no compressed tile;
 * 3: write of the table a slot with one compressed tile is on (the event that made it
 * compressed sent in the clock before the write is offered). */
static uint64_t scene(int kind, double *dt)
{
    void *m = gx_ztable_rtl_new(NULL);
    gx_ztable_in_t in;
    gx_ztable_out_t out;
    memset(&in, 0, sizeof in);
    uint64_t c = 0;
    const double t0 = tb_cpu_seconds();
    for (unsigned i = 0; i < CMDS; i++) {
        if (kind == 3) { /* slot 0 gets one compressed tile */
            memset(&in, 0, sizeof in);
            in.ev_valid = 1;
            in.ev_inc = 1;
            gx_ztable_rtl_cycle(m, &in, &out);
            c++;
        }
        memset(&in, 0, sizeof in);
        in.cmd_valid = 1;
        in.cmd.op = kind == 0 ? 2u + (i & 1u) : kind == 2 ? 1u : 0u;
        in.dq_ready = 1;
        int asked = 0;
        for (;;) {
            in.ev_valid = asked == 1;
            in.ev_s = 0;
            in.ev_dec = 1;
            in.ev_inc = 0;
            in.dd = asked == 2;
            gx_ztable_rtl_cycle(m, &in, &out);
            c++;
            if (out.cmd_ready)
                break;
            if (asked || out.dq_valid)
                asked++;
        }
    }
    *dt = tb_cpu_seconds() - t0;
    gx_ztable_rtl_free(m, NULL);
    return c;
}

int main(void)
{
    static const char *const names[4] = {
        "binds and clears", "table writes, no live slot", "uses, no compressed tile",
        "table writes, one live slot with one compressed tile (its event included)"};
    for (int k = 0; k < 4; k++) {
        double dt;
        const uint64_t cycles = scene(k, &dt);
        tb_bench_stream_table("ztable", "commands", names[k], CMDS, cycles, dt);
        printf("\n");
    }
    return 0;
}
