/* tb_ztable: cosimulation of gx_ztable (RTL) against the depth unit's C model of its
 * table bookkeeping, gx_zlive_t: the pattern tables, each surface slot's table and count
 * of compressed tiles, each table's live count, and the rule that a table is written, or
 * a slot switches tables, only after the slots depending on it are decompressed in place,
 * lowest slot first (gx_zlive_write_next).
 *
 * The testbench plays the depth unit around the block: it offers commands (write, use,
 * bind, clear), sends tile events (a tile written back: compressed before, after) between
 * them, and plays the decompressor: when the block asks for a slot, it sends that slot's
 * compressed tiles back raw one event at a time (random gaps) and then says done. While a
 * write or use is offered, only the decompressor's events come (the block's contract).
 *
 * Checked every clock: each table's live count against the model's; each decompress
 * request's slot against the model's next (gx_zlive_write_next for a write, the slot for
 * a use) and that the model has one; that a write or use is taken only when the model
 * has none left; the table read port against the model's tables. The run fails when a
 * command is not taken within a bound (a hang).
 *
 * State space, every run (N commands, default 20,000; knob N): the eight tables written
 * first, then random commands (writes of tables with 0, 1 and several live slots, uses
 * with and without compressed tiles, binds and clears, a bind or clear with an event on
 * its own slot in the same clock), events of every kind (compressed tile added, removed,
 * replaced, neither), random valid gaps and request back-pressure. Coverage bins fail the
 * run when empty. Line and toggle coverage go to build/coverage/gx_ztable.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/zrop.h"
#include "tb.h"
#include "ztable_rtl.h"

#define MAXCNT 12u       /* compressed tiles a slot gets at most here */
#define HANG 2000u       /* clocks a command may wait */

enum { C_W0, C_W1, C_W2, C_U0, C_U1, C_BIND, C_CLEAR, C_SAME, C_LIVE2, C_EVINC, C_EVDEC,
       C_EVREP, C_BINS };

typedef struct {
    gx_zlive_t lv;
    uint8_t table[GX_Z_TABLES][GX_PATTERN_SLOTS];
    int written[GX_Z_TABLES];
} model_t;

static void gen_cmd(tb_rng_t *r, uint64_t i, gx_ztable_cmd_t *c)
{
    memset(c, 0, sizeof *c);
    if (i < GX_Z_TABLES) { /* every table written first */
        c->op = 0;
        c->k = (unsigned)i;
    } else {
        const unsigned u = tb_rng_below(r, 10);
        c->op = u < 3 ? 0 : u < 5 ? 1 : u < 8 ? 2 : 3;
        c->s = tb_rng_below(r, GX_Z_MAX_SURF);
        c->k = tb_rng_below(r, 4) ? tb_rng_below(r, 3) : tb_rng_below(r, GX_Z_TABLES);
    }
    for (unsigned j = 0; j < GX_PATTERN_SLOTS; j++)
        c->data[j] = (uint8_t)tb_rng_below(r, 256);
}

static int run(const tb_opts_t *o, uint64_t n, const char *fst, const char *covp,
               tb_report_t *rep, uint64_t *cov, uint64_t *cycles)
{
    tb_rng_t r, st;
    tb_rng_seed(&r, o->seed);
    tb_rng_seed_stalls(&st, o);
    void *m = gx_ztable_rtl_new(fst);
    model_t md;
    memset(&md, 0, sizeof md);
    gx_ztable_cmd_t cmd;
    uint64_t i = 0, waited = 0, asks = 0;
    gen_cmd(&r, i, &cmd);
    int have = 1, dec_busy = 0, dec_slot = 0, offered = 0;
    unsigned rd_k_prev = 0;
    uint8_t rd_want[GX_PATTERN_SLOTS];
    int rd_check = 0;
    uint64_t c = 0;
    for (; have; c++) {
        gx_ztable_in_t in;
        memset(&in, 0, sizeof in);
        const int quiet = cmd.op <= 1; /* a write or use offered */
        in.cmd_valid = have && (offered || !tb_rng_pct(&st, 20)); /* held once offered */
        offered = in.cmd_valid;
        in.cmd = cmd;
        int dd = 0;
        if (dec_busy) { /* the decompressor: the slot's compressed tiles back raw */
            if (md.lv.ncmp[dec_slot]) {
                if (tb_rng_pct(&st, 70)) {
                    in.ev_valid = 1;
                    in.ev_s = (unsigned)dec_slot;
                    in.ev_dec = 1;
                }
            } else if (tb_rng_pct(&st, 60)) {
                dd = 1;
            }
        } else if (!quiet && tb_rng_pct(&r, 60)) {
            const unsigned s = tb_rng_below(&r, GX_Z_MAX_SURF);
            const int same = in.cmd_valid && s == cmd.s; /* a bind or clear's own slot */
            const uint32_t base = same ? 0 : md.lv.ncmp[s];
            const unsigned k = tb_rng_below(&r, 4);
            in.ev_s = s;
            in.ev_inc = (k == 0 || k == 2) && base < MAXCNT;
            in.ev_dec = (k == 1 || k == 2) && base > 0;
            in.ev_valid = 1;
        }
        in.dd = dd;
        in.dq_ready = !tb_rng_pct(&st, 30);
        in.rd_k = tb_rng_below(&r, GX_Z_TABLES);
        gx_ztable_out_t out;
        if (!gx_ztable_rtl_cycle(m, &in, &out)) {
            tb_check(rep, 0, "cycle %" PRIu64 ": an assertion failed", c);
            break;
        }
        /* outputs against the model's state at the clock's start */
        for (unsigned k = 0; k < GX_Z_TABLES; k++) {
            tb_check(rep, out.live[k] == md.lv.live[k], "cycle %" PRIu64 ": table %u live %u, "
                     "model %u", c, k, out.live[k], md.lv.live[k]);
            if (md.lv.live[k] >= 2) cov[C_LIVE2]++;
        }
        if (rd_check)
            tb_check(rep, !memcmp(out.rd_table, rd_want, sizeof rd_want),
                     "cycle %" PRIu64 ": table %u read differs from the model's", c, rd_k_prev);
        rd_check = md.written[in.rd_k];
        memcpy(rd_want, md.table[in.rd_k], sizeof rd_want);
        rd_k_prev = in.rd_k;
        if (out.dq_valid && in.dq_ready) {
            const int want = cmd.op == 0 ? gx_zlive_write_next(&md.lv, cmd.k)
                           : md.lv.ncmp[cmd.s] ? (int)cmd.s : -1;
            tb_check(rep, have && quiet && !dec_busy && want >= 0 && out.dq == (unsigned)want,
                     "cycle %" PRIu64 ": decompress asked for slot %u, model %d (command %" PRIu64
                     " op %u)", c, out.dq, want, i, cmd.op);
            dec_busy = 1;
            dec_slot = (int)out.dq;
            asks++;
        }
        if (dd)
            dec_busy = 0;
        const int taken = in.cmd_valid && out.cmd_ready;
        if (taken && cmd.op <= 1) {
            const int left = cmd.op == 0 ? gx_zlive_write_next(&md.lv, cmd.k) >= 0
                                         : md.lv.ncmp[cmd.s] != 0;
            tb_check(rep, !left, "cycle %" PRIu64 ": command %" PRIu64 " (op %u) taken with a "
                     "slot still compressed", c, i, cmd.op);
        }
        /* the clock's updates: the command, then the event */
        if (taken) {
            switch (cmd.op) {
            case 0:
                memcpy(md.table[cmd.k], cmd.data, sizeof cmd.data);
                md.written[cmd.k] = 1;
                cov[asks == 0 ? C_W0 : asks == 1 ? C_W1 : C_W2]++;
                break;
            case 1:
                gx_zlive_use(&md.lv, cmd.s, cmd.k);
                cov[asks ? C_U1 : C_U0]++;
                break;
            case 2: gx_zlive_bind(&md.lv, cmd.s, cmd.k); cov[C_BIND]++; break;
            default: gx_zlive_set(&md.lv, cmd.s, 0); cov[C_CLEAR]++; break;
            }
            if (cmd.op >= 2 && in.ev_valid && in.ev_s == cmd.s && (in.ev_inc || in.ev_dec))
                cov[C_SAME]++;
        }
        if (in.ev_valid) {
            gx_zlive_set(&md.lv, in.ev_s, md.lv.ncmp[in.ev_s] + in.ev_inc - in.ev_dec);
            if (in.ev_inc && in.ev_dec) cov[C_EVREP]++;
            else if (in.ev_inc) cov[C_EVINC]++;
            else if (in.ev_dec) cov[C_EVDEC]++;
        }
        if (taken) {
            waited = 0;
            offered = 0;
            asks = 0;
            if (++i < n)
                gen_cmd(&r, i, &cmd);
            else
                have = 0;
        } else if (++waited > HANG) {
            tb_check(rep, 0, "command %" PRIu64 " (op %u) not taken in %u clocks", i, cmd.op,
                     HANG);
            break;
        }
    }
    gx_ztable_rtl_free(m, covp);
    *cycles = c;
    return (int)i;
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "a write waiting for no slot", "a write waiting for one slot",
        "a write waiting for two or more slots", "a use without compressed tiles",
        "a use after its decompress", "binds", "clears",
        "a bind or clear with an event on its own slot in the same clock",
        "a table with two or more live slots", "a tile compressed", "a compressed tile gone raw",
        "a compressed tile replaced by another"};
    return tb_cov_holes(cov, names, C_BINS, 0);
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_ztable", 20000);
    printf("tb_ztable: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    const uint64_t n = o.n > GX_Z_TABLES ? o.n : GX_Z_TABLES + 1;
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_ztable", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    uint64_t cov[C_BINS] = {0}, cycles = 0;
    const int done = run(&o, n, o.waves ? path : NULL, cpath, &rep, cov, &cycles);
    tb_check(&rep, (uint64_t)done == n, "stopped after %d of %" PRIu64 " commands", done, n);
    const int holes = cov_check(cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_ztable: %" PRIu64 " commands, %" PRIu64 " cycles\n", n, cycles);
    if (rep.failed && !o.waves) {
        uint64_t c2[C_BINS] = {0}, cy2;
        tb_report_t r2;
        memset(&r2, 0, sizeof r2);
        printf("tb_ztable: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        run(&o, n, path, NULL, &r2, c2, &cy2);
    } else if (o.waves) {
        printf("tb_ztable: waveform %s\n", path);
    }
    return tb_summary(&rep);
}
