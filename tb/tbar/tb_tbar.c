/* tb_tbar: cosimulation of gx_tbar (RTL, 4 pipelines built) against the tiled barrier's
 * C model, gx_tbarrier (cmodel/src/tiled.c), clock by clock.
 *
 * The testbench plays the pipelines and the back end around the block, tile after tile,
 * with 1, 2 and 4 pipelines in use (a run each): each used pipeline, when not held,
 * renders its share of the tile for a random number of clocks (one pipeline often much
 * slower), then its barrier token arrives; the back end reports the pipeline's writes
 * complete a random number of clocks later (0: the clock after the arrival). Now and then
 * it gives a bad event: an arrival while held, a done without an arrival, a second done,
 * a done in the clock of the arrival, or an event of an unused pipeline.
 *
 * Checked every clock, before its edge, against the model's state at the clock's start:
 * hold_o (each pipeline's flag, unused pipelines 0), release_o (the model released in the
 * clock before), err_o (the events the model refused so far, sticky); the model's clock is
 * gx_tbar_clock (the RTL's order of dones and arrivals). The run also checks that a
 * pipeline never passes its barrier before every used pipeline's barrier of the tile was
 * counted, and one release a tile. Coverage bins fail the run when empty.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb.h"
#include "tbar_rtl.h"

#define HANG 4000u  /* clocks a tile may take */

enum { C_REL1, C_REL2, C_REL4, C_SLOW, C_SAMEDONE, C_ARRDONE, C_BADARR, C_BADDONE, C_TWICE,
       C_EARLY, C_UNUSED, C_BACK, C_BINS };

typedef struct pipe {
    int state;        /* 0 rendering, 1 arrived (waiting for the back end), 2 counted */
    unsigned wait;    /* clocks left in this state */
} pipe_t;

static int run(const tb_opts_t *o, unsigned lg, uint64_t tiles, const char *fst,
               const char *covp, tb_report_t *rep, uint64_t *cov, uint64_t *cycles)
{
    tb_rng_t r, st;
    tb_rng_seed(&r, o->seed + 101u * lg);
    tb_rng_seed_stalls(&st, o);
    void *m = gx_tbar_rtl_new(fst);
    const unsigned n = 1u << lg;
    gx_tbarrier_t b;
    gx_tbar_init(&b, n);
    pipe_t p[GX_TILED_MAX_PIPES];
    memset(p, 0, sizeof p);
    const unsigned slow = tb_rng_below(&r, n);
    for (unsigned k = 0; k < n; k++)
        p[k].wait = tb_rng_below(&r, 20);
    unsigned err = 0, counted_tile = 0;
    int released = 0;
    uint64_t tile = 0, c = 0, since = 0, last_release = 0;
    for (; tile < tiles; c++) {
        gx_tbar_in_t in;
        memset(&in, 0, sizeof in);
        in.pipes_log2 = lg;
        unsigned held = 0;
        for (unsigned k = 0; k < n; k++)
            held |= (unsigned)gx_tbar_held(&b, k) << k;
        for (unsigned k = 0; k < n; k++) {
            if (p[k].wait) {
                p[k].wait--;
                continue;
            }
            if (p[k].state == 0 && !(held >> k & 1)) {
                in.arrive |= 1u << k;
                p[k].state = 1;
                p[k].wait = tb_rng_pct(&st, 50) ? 0 : tb_rng_below(&st, 12);
            } else if (p[k].state == 1 && !(in.arrive >> k & 1) && (held >> k & 1)) {
                in.done |= 1u << k;
                p[k].state = 2;
            }
        }
        /* bad events, now and then */
        if (tb_rng_pct(&r, 2)) {
            const unsigned k = tb_rng_below(&r, GX_TILED_MAX_PIPES), kind = tb_rng_below(&r, 4);
            if (k >= n) {
                in.arrive |= 1u << k;
                cov[C_UNUSED]++;
            } else if (kind == 0 && (held >> k & 1) && !(in.arrive >> k & 1)) {
                in.arrive |= 1u << k;
                cov[C_BADARR]++;
            } else if (kind == 1 && !(held >> k & 1) && !(in.arrive >> k & 1)) {
                in.done |= 1u << k;
                cov[C_BADDONE]++;
            } else if (kind == 2 && p[k].state == 2 && !(in.done >> k & 1)) {
                in.done |= 1u << k;
                cov[C_TWICE]++;
            } else if (kind == 3 && (in.arrive >> k & 1)) {
                in.done |= 1u << k;
                cov[C_EARLY]++;
            }
        }
        gx_tbar_out_t out;
        if (!gx_tbar_rtl_cycle(m, &in, &out)) {
            tb_check(rep, 0, "cycle %" PRIu64 ": an assertion failed", c);
            break;
        }
        tb_check(rep, out.hold == held, "cycle %" PRIu64 ": hold %x, model %x", c, out.hold,
                 held);
        tb_check(rep, out.release == released, "cycle %" PRIu64 ": release %d, model %d", c,
                 out.release, released);
        tb_check(rep, out.err == err, "cycle %" PRIu64 ": err %x, model %x", c, out.err, err);
        /* the model's clock */
        unsigned bd = 0, ba = 0;
        const unsigned mask = (1u << n) - 1;
        released = gx_tbar_clock(&b, in.arrive & mask, in.done & mask, &bd, &ba);
        err |= bd | ba;
        const unsigned dok = in.done & mask & ~bd, aok = in.arrive & mask & ~ba;
        const unsigned dn = (unsigned)__builtin_popcount(dok);
        if (dok && (aok & ~dok))
            cov[C_ARRDONE]++;
        counted_tile += dn;
        if (released) {
            tb_check(rep, counted_tile == n, "cycle %" PRIu64 ": released after %u of %u counts",
                     c, counted_tile, n);
            if (dn > 1)
                cov[C_SAMEDONE]++;
            if (last_release && c - last_release <= 3)
                cov[C_BACK]++;
            for (unsigned k = 0; k < n; k++) {
                tb_check(rep, p[k].state == 2, "cycle %" PRIu64 ": released with pipeline %u "
                         "not done", c, k);
                p[k].state = 0;
                p[k].wait = k == slow && tb_rng_pct(&r, 40) ? 20 + tb_rng_below(&r, 60)
                                                          : tb_rng_below(&r, 6);
                if (p[k].wait >= 20)
                    cov[C_SLOW]++;
            }
            cov[lg == 0 ? C_REL1 : lg == 1 ? C_REL2 : C_REL4]++;
            counted_tile = 0;
            last_release = c;
            tile++;
            since = 0;
        } else if (++since > HANG) {
            tb_check(rep, 0, "tile %" PRIu64 " not released in %u clocks", tile, HANG);
            break;
        }
    }
    gx_tbar_rtl_free(m, covp);
    *cycles += c;
    return tile == tiles;
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "releases with 1 pipeline", "releases with 2", "releases with 4",
        "a slow pipeline (20 clocks or more behind)",
        "two or more dones in the releasing clock",
        "a done and another pipeline's arrival in one clock", "an arrival while held",
        "a done without an arrival", "a second done", "a done in the clock of the arrival",
        "an unused pipeline's arrival", "releases 3 clocks or less apart"};
    return tb_cov_holes(cov, names, C_BINS, 0);
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_tbar", 20000);
    printf("tb_tbar: SEED=%" PRIu64 " N=%" PRIu64 " (tiles a pipeline count)\n", o.seed, o.n);
    fflush(stdout);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_tbar", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    uint64_t cov[C_BINS] = {0}, cycles = 0;
    int ok = 1;
    for (unsigned lg = 0; lg < 3; lg++) /* line and toggle coverage: the 4-pipeline run's */
        ok &= run(&o, lg, o.n, o.waves && lg == 2 ? path : NULL, lg == 2 ? cpath : NULL, &rep,
                  cov, &cycles);
    tb_check(&rep, ok, "a run stopped early");
    const int holes = cov_check(cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_tbar: %" PRIu64 " tiles at each of 1, 2, 4 pipelines, %" PRIu64 " cycles\n", o.n,
           cycles);
    return tb_summary(&rep);
}
