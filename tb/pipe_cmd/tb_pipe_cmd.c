/* tb_pipe_cmd: cosimulation of gx_pipe_cmd, the command decoder of gx_pipe, against its C
 * model (gx_pipe_cmd_beat, cmodel/src/pipe_cmd.c), clock by clock.
 *
 * State space covered, every run: N packets (default 200,000; knob N) in phases of 250,
 * each phase with a random format (W, H 1..8192, small ones and the bounds favoured; every
 * N; B = 4, 8, 16 and one phase in ten the illegal bps 3, which acts as 16; the first four
 * phases bps 0, 1, 2, 3 in turn) and a stall profile (tb_stall_pick: random gaps on
 * TVALID, random back-pressure on cmd_ready); a reset before the second phase and one
 * phase in ten after it. Every bin below is hit from N = 2000 on. Packets: good ones of
 * every kind (random vertices in the guard band [-lim, lim], one coordinate in four at
 * or next to +-lim; colors, patterns; loads anywhere in range, at the bounds too), and
 * bad ones of every class: TKEEP not all ones on a random beat; an unknown opcode (0,
 * 5..255) with a random length; a random reserved bit set in the header, a vertex or the
 * B = 4 color beat; a load out of range in x, y or sample; a triangle with one to three
 * coordinates outside the band (lim + 1, -lim - 1, the field's ends 2^23 - 1 and -2^23,
 * or anywhere between); TLAST early; TLAST late by 1..4 beats; and packets with several
 * random faults (bit flips, TKEEP, TLAST moved), whose verdict only the model knows.
 * Checked every clock, at the ports: each command equal to the model's, in order, held
 * while not taken; err_o exactly in the clock after a bad packet's TLAST, with the
 * model's err_code_o; cmd_valid_o high exactly while a command is owed (a packet ended
 * good and its command not yet taken: latency 1, nothing lost or invented); TREADY low
 * exactly while two commands are owed (the skid buffer full: no bubble otherwise);
 * idle_o; the AXI4-Stream rules on s_cmd by sim/axi_mon (what this test drives),
 * and the RTL's own assertions.
 * Functional coverage, a hole fails the run: commands of each kind, triangles at each
 * B, each error code, triangles with a coordinate at +lim and at -lim, range errors
 * from a vertex at lim + 1, at -lim - 1 and further out, and from each of the three
 * vertices, back-to-back packets, single-beat packets ending in consecutive
 * clocks, a packet ending while the output is stalled, TREADY low with TVALID high, both
 * output entries full, an error and a command in one clock, a bad packet longer than 6
 * beats, a load at the bounds, a reset between phases.
 * Line, toggle and user coverage of the RTL go to build/coverage/gx_pipe_cmd.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_mon.h"
#include "gx/pipe_cmd.h"
#include "pipe_cmd_rtl.h"
#include "tb.h"

#define PHASE 250
#define MAX_PKT 12
#define QN 64

typedef struct cov {
    uint64_t kind[4], tri_bps[4], err[8];
    uint64_t back_to_back, ends_adjacent, end_stalled, tready_low, both_full, err_and_cmd,
        long_bad, load_bound, resets;
    uint64_t band_pos, band_neg;   /* triangle commands with a coordinate at +lim, -lim */
    uint64_t out_pos, out_neg, out_far, out_vtx[3]; /* vertex range errors: the first out
                                     coordinate at lim + 1, -lim - 1, beyond; by vertex */
} cov_t;

typedef struct sim {
    void *m;
    tb_rng_t rng, srng;
    tb_stall_t st;
    tb_report_t *rep;
    axi_mon_t mon;
    gx_pipe_cmd_dec_t model;
    gx_ms_cfg_t cfg;
    gx_pipe_cmd_t q[QN];      /* commands owed, oldest first */
    uint64_t qh, qt;
    int err_due;              /* err_o expected in this clock */
    gx_cmd_err_t err_code;
    gx_pipe_beat_t pkt[MAX_PKT];
    unsigned len, pos;
    int held;                 /* the current beat was offered and not taken */
    int after_reset;          /* the first clock after reset: TVALID low (IHI 0051A 2.7.2) */
    uint64_t m_cmds, m_errs;  /* the model's counts before its last restart */
    unsigned left;            /* packets of the phase not yet generated */
    uint64_t clk, idle_clks, last_end_clk, packets, cmds, errs;
    unsigned cur_len;         /* beats of the packet being taken */
    int out_k;                /* the packet (class 8): its first out-of-band vertex, else -1 */
    int32_t out_v;            /* ... and that coordinate */
    cov_t cov;
} sim_t;

static uint32_t below(sim_t *s, uint32_t n) { return tb_rng_below(&s->rng, n); }
static int pct(sim_t *s, unsigned p) { return tb_rng_pct(&s->rng, p); }

static unsigned dim(sim_t *s)
{
    switch (below(s, 4)) {
    case 0: return 1 + below(s, 8);
    case 1: return 1 + below(s, 64);
    case 2: return 1 + below(s, 8192);
    default: return 8192 - below(s, 2);
    }
}

static void pick_cfg(sim_t *s)
{
    memset(&s->cfg, 0, sizeof s->cfg);
    s->cfg.width = (uint16_t)dim(s);
    s->cfg.height = (uint16_t)dim(s);
    s->cfg.spp = (gx_spp_t)below(s, 4);
    s->cfg.bps = (gx_bps_t)(pct(s, 10) ? 3 : below(s, 3));
    s->cfg.slots = 4;
    s->cfg.threshold = (uint8_t)below(s, 256);
}

#define LIM GX_PIPE_CMD_VTX_LIM

/* A random coordinate in the guard band [-LIM, LIM]; one in four at or next to +-LIM. */
static int32_t band_coord(sim_t *s)
{
    if (pct(s, 25)) {
        int32_t e = (int32_t)below(s, 3);
        return pct(s, 50) ? LIM - e : -LIM + e;
    }
    return (int32_t)below(s, 2u * LIM + 1u) - LIM;
}

/* A random coordinate outside the band (in the 24-bit field): lim + 1, -lim - 1, the
 * field's ends, or anywhere between. */
static int32_t out_coord(sim_t *s)
{
    switch (below(s, 4)) {
    case 0: return LIM + 1;
    case 1: return -LIM - 1;
    case 2: return pct(s, 50) ? (1 << 23) - 1 : -(1 << 23);
    default: {
        int32_t v = LIM + 1 + (int32_t)below(s, (1u << 23) - 1u - LIM);  /* lim+1 .. 2^23-1 */
        return pct(s, 50) ? v : -v - (int32_t)below(s, 2);                /* .. -2^23 */
    }
    }
}

/* A random good command. */
static void good_cmd(sim_t *s, gx_pipe_cmd_t *c)
{
    memset(c, 0, sizeof *c);
    c->kind = (gx_cmd_kind_t)below(s, 4);
    if (c->kind == GX_CMDTRIANGLE) {
        for (unsigned k = 0; k < 3; k++) {
            c->x[k] = band_coord(s);
            c->y[k] = band_coord(s);
        }
        for (unsigned j = 0; j < gx_pipe_cmd_bytes(s->cfg.bps); j++)
            c->data[j] = (uint8_t)below(s, 256);
    } else if (c->kind == GX_CMDPATTERN) {
        for (unsigned j = 0; j < 16; j++)
            c->data[j] = (uint8_t)below(s, 256);
    } else if (c->kind == GX_CMDLOAD) {
        unsigned n = 2u << s->cfg.spp;
        int edge = pct(s, 20);
        c->lx = (uint16_t)(edge ? s->cfg.width - 1u : below(s, s->cfg.width));
        c->ly = (uint16_t)(edge ? s->cfg.height - 1u : below(s, s->cfg.height));
        c->sample = (uint8_t)(edge ? n - 1 : below(s, n));
    }
}

/* The next packet into s->pkt. */
static void gen_packet(sim_t *s)
{
    gx_pipe_cmd_t c;
    good_cmd(s, &c);
    unsigned n = gx_pipe_cmd_encode(&c, s->cfg.bps, s->pkt);
    gx_pipe_beat_t *b = s->pkt;
    unsigned cls = pct(s, 55) ? 0 : 1 + below(s, 8);
    s->out_k = -1;
    switch (cls) {
    case 1: /* keep */
        b[below(s, n)].keep = (uint8_t)(0xff ^ (1 + below(s, 255)));
        break;
    case 2: { /* opcode */
        unsigned op = pct(s, 30) ? 0 : 5 + below(s, 251);
        n = 1 + below(s, 8);
        for (unsigned i = 0; i < n; i++) {
            b[i].data = tb_rng_u64(&s->rng);
            b[i].keep = 0xff;
            b[i].last = i + 1 == n;
        }
        b[0].data = (b[0].data & ~0xffull) | op;
        break;
    }
    case 3: { /* a reserved bit */
        unsigned i = 0;
        uint64_t mask;
        if (c.kind == GX_CMDTRIANGLE && pct(s, 60))
            i = s->cfg.bps == GX_BPS4 && pct(s, 30) ? 4 : 1 + below(s, 3);
        if (i == 0)
            mask = c.kind == GX_CMDLOAD ? ~(0xffull | 0x1fffull << 8 | 0x1fffull << 24 |
                                            0xfull << 40)
                                        : ~0xffull;
        else
            mask = i == 4 ? ~0xffffffffull : ~0xffffffffffffull;
        unsigned bit;
        do
            bit = below(s, 64);
        while (!((mask >> bit) & 1));
        b[i].data |= 1ull << bit;
        break;
    }
    case 4: { /* range */
        gx_pipe_cmd_t l = c;
        l.kind = GX_CMDLOAD;
        unsigned nn = 2u << s->cfg.spp, w = below(s, 3);
        if (w == 0 && s->cfg.width < 8192)
            l.lx = (uint16_t)(s->cfg.width + below(s, 8192 - s->cfg.width));
        else if (w == 1 && s->cfg.height < 8192)
            l.ly = (uint16_t)(s->cfg.height + below(s, 8192 - s->cfg.height));
        else if (nn < 16)
            l.sample = (uint8_t)(nn + below(s, 16 - nn));
        n = gx_pipe_cmd_encode(&l, s->cfg.bps, b);
        break;
    }
    case 5: /* short */
        if (n > 1) {
            b[n - 1].last = 0;
            n = 1 + below(s, n - 1);
            b[n - 1].last = 1;
        }
        break;
    case 6: { /* long */
        unsigned extra = 1 + below(s, 4);
        b[n - 1].last = 0;
        for (unsigned i = n; i < n + extra; i++) {
            b[i].data = tb_rng_u64(&s->rng);
            b[i].keep = 0xff;
            b[i].last = 0;
        }
        n += extra;
        b[n - 1].last = 1;
        break;
    }
    case 7: { /* several faults: bit flips, TKEEP, TLAST moved */
        unsigned k = 1 + below(s, 3);
        for (unsigned f = 0; f < k; f++) {
            unsigned i = below(s, n);
            switch (below(s, 3)) {
            case 0: b[i].data ^= 1ull << below(s, 64); break;
            case 1: b[i].keep ^= (uint8_t)(1u << below(s, 8)); break;
            default:
                b[n - 1].last = 0;
                n = 1 + below(s, MAX_PKT);  /* beats past the encoded ones: stale */
                b[n - 1].last = 1;
                break;
            }
        }
        for (unsigned j = 0; j + 1 < n; j++)
            b[j].last = 0;
        b[n - 1].last = 1;
        break;
    }
    case 8: { /* a triangle with 1..3 coordinates outside the guard band */
        gx_pipe_cmd_t t = c;
        t.kind = GX_CMDTRIANGLE;
        if (c.kind != GX_CMDTRIANGLE)
            for (unsigned k = 0; k < 3; k++) {
                t.x[k] = band_coord(s);
                t.y[k] = band_coord(s);
            }
        unsigned m = 1 + below(s, 3);
        for (unsigned f = 0; f < m; f++) {
            int k = (int)below(s, 3);
            int32_t v = out_coord(s);
            if (pct(s, 50))
                t.x[k] = v;
            else
                t.y[k] = v;
        }
        for (int k = 2; k >= 0; k--)  /* the first out-of-band vertex names the bin */
            if (t.x[k] < -LIM || t.x[k] > LIM || t.y[k] < -LIM || t.y[k] > LIM) {
                s->out_k = k;
                s->out_v = t.x[k] < -LIM || t.x[k] > LIM ? t.x[k] : t.y[k];
            }
        n = gx_pipe_cmd_encode(&t, s->cfg.bps, b);
        break;
    }
    default: break;
    }
    s->len = n;
    s->pos = 0;
}

static unsigned owed(const sim_t *s) { return (unsigned)(s->qt - s->qh); }

/* One clock: drive, check the outputs, feed the model with a taken beat, tick. src: 1
 * while the phase has beats to send. Returns 0 when the run must stop. */
static int step(sim_t *s, int src, int rst)
{
    gx_pipe_cmd_drv_in_t in;
    gx_pipe_cmd_drv_out_t out;
    memset(&in, 0, sizeof in);
    in.rst = rst;
    in.cfg = s->cfg;
    if (!rst && src && !s->held && s->pos == s->len && s->left) {
        gen_packet(s);
        s->left--;
    }
    int have = s->pos < s->len;
    in.tvalid = !rst && !s->after_reset && have &&
                (s->held || !tb_rng_pct(&s->srng, s->st.gap_pct));
    s->after_reset = rst;
    if (have)
        in.beat = s->pkt[s->pos];
    in.cmd_ready = !tb_rng_pct(&s->srng, s->st.stall_pct);
    gx_pipe_cmd_drv_eval(s->m, &in, &out);

    axi_stream_sig_t sig;
    memset(&sig, 0, sizeof sig);
    sig.valid = in.tvalid;
    sig.ready = out.tready;
    memcpy(sig.data, &in.beat.data, 8);
    sig.keep = in.beat.keep;
    sig.strb = in.beat.keep;  /* s_cmd has no TSTRB: it defaults to TKEEP (IHI 0051A 3.1) */
    sig.last = in.beat.last;
    axi_mon_axis_step(&s->mon, rst, &sig);

    if (rst) {
        gx_pipe_cmd_rtl_tick(s->m);
        s->clk++;
        return 1;
    }
    /* the outputs, before the edge */
    tb_report_t *rep = s->rep;
    unsigned ow = owed(s);
    if (out.err != s->err_due || (out.err && out.err_code != s->err_code))
        tb_check(rep, 0, "clock %" PRIu64 ": err_o %d code %d, want %d code %d", s->clk,
                 out.err, out.err_code, s->err_due, s->err_due ? s->err_code : 0);
    else if (s->err_due)
        tb_check(rep, 1, "error");
    if (out.cmd_valid != (ow > 0))
        tb_check(rep, 0, "clock %" PRIu64 ": cmd_valid_o %d with %u commands owed", s->clk,
                 out.cmd_valid, ow);
    if (out.tready != (ow < 2))
        tb_check(rep, 0, "clock %" PRIu64 ": s_cmd_tready_o %d with %u commands owed", s->clk,
                 out.tready, ow);
    int idle = s->model.beat == 0 && ow == 0 && !s->err_due;
    if (out.idle != idle)
        tb_check(rep, 0, "clock %" PRIu64 ": idle_o %d, want %d", s->clk, out.idle, idle);
    if (out.cmd_valid && ow > 0 && in.cmd_ready) {
        const gx_pipe_cmd_t *w = &s->q[s->qh % QN];
        tb_check(rep, gx_pipe_cmd_eq(&out.cmd, w),
                 "clock %" PRIu64 ": command %" PRIu64 " kind %d (%d,%d) (%d,%d) (%d,%d) "
                 "data0 %02x load %u,%u,%u; want kind %d (%d,%d) (%d,%d) (%d,%d) data0 %02x "
                 "load %u,%u,%u", s->clk, s->cmds, out.cmd.kind, out.cmd.x[0], out.cmd.y[0],
                 out.cmd.x[1], out.cmd.y[1], out.cmd.x[2], out.cmd.y[2], out.cmd.data[0],
                 out.cmd.lx, out.cmd.ly, out.cmd.sample, w->kind, w->x[0], w->y[0], w->x[1],
                 w->y[1], w->x[2], w->y[2], w->data[0], w->lx, w->ly, w->sample);
        s->qh++;
        s->cmds++;
        if (s->err_due)
            s->cov.err_and_cmd++;
    }
    /* coverage */
    if (in.tvalid && !out.tready)
        s->cov.tready_low++;
    if (ow == 2)
        s->cov.both_full++;
    /* the beat */
    s->err_due = 0;
    if (in.tvalid && out.tready) {
        gx_pipe_cmd_t c;
        gx_cmd_err_t e;
        if (s->model.beat == 0 && s->last_end_clk + 1 == s->clk && s->clk > 1)
            s->cov.back_to_back++;
        s->cur_len++;
        gx_pipe_cmd_res_t r = gx_pipe_cmd_beat(&s->model, &in.beat, &c, &e);
        if (in.beat.last) {
            if (s->last_end_clk + 1 == s->clk && s->cur_len == 1)
                s->cov.ends_adjacent++;
            if (out.cmd_valid && !in.cmd_ready)
                s->cov.end_stalled++;
            s->last_end_clk = s->clk;
            s->packets++;
            if (r == GX_PIPE_CMD_ERR && s->cur_len > 6)
                s->cov.long_bad++;
            s->cur_len = 0;
        }
        if (r == GX_PIPE_CMD_CMD) {
            s->q[s->qt++ % QN] = c;
            s->cov.kind[c.kind]++;
            if (c.kind == GX_CMDTRIANGLE) {
                s->cov.tri_bps[s->cfg.bps]++;
                for (unsigned k = 0; k < 3; k++) {
                    s->cov.band_pos += c.x[k] == LIM || c.y[k] == LIM;
                    s->cov.band_neg += c.x[k] == -LIM || c.y[k] == -LIM;
                }
            }
            if (c.kind == GX_CMDLOAD && c.lx == s->cfg.width - 1 && c.ly == s->cfg.height - 1 &&
                c.sample == (2u << s->cfg.spp) - 1)
                s->cov.load_bound++;
        } else if (r == GX_PIPE_CMD_ERR) {
            s->err_due = 1;
            s->err_code = e;
            s->cov.err[e]++;
            s->errs++;
            if (e == GX_CMDERRRANGE && s->out_k >= 0) {
                s->cov.out_vtx[s->out_k]++;
                if (s->out_v == LIM + 1)
                    s->cov.out_pos++;
                else if (s->out_v == -LIM - 1)
                    s->cov.out_neg++;
                else
                    s->cov.out_far++;
            }
        }
        s->pos++;
        s->held = 0;
        s->idle_clks = 0;
    } else {
        s->held = in.tvalid;
        s->idle_clks++;
    }
    gx_pipe_cmd_rtl_tick(s->m);
    s->clk++;
    return !gx_pipe_cmd_rtl_failed(s->m) && s->idle_clks < 1000;
}

static int do_reset(sim_t *s)
{
    s->m_cmds += s->model.commands;
    s->m_errs += s->model.errors;
    gx_pipe_cmd_init(&s->model, &s->cfg);
    s->qh = s->qt = 0;
    s->err_due = 0;
    s->held = 0;
    s->pos = s->len = 0;
    s->cur_len = 0;
    for (int i = 0; i < 2; i++)
        if (!step(s, 0, 1))
            return 0;
    return 1;
}

/* Send the phase's packets, then drain: every command taken, no error pending. */
static int phase(sim_t *s, unsigned packets)
{
    s->left = packets;
    int ok = 1;
    while (ok && (s->left || s->pos < s->len))
        ok = step(s, 1, 0);
    while (ok && (owed(s) || s->err_due))
        ok = step(s, 0, 0);
    return ok;
}

static int cov_check(const sim_t *s)
{
    static const char *kinds[] = {"triangle", "pattern", "flush", "load"};
    const cov_t *c = &s->cov;
    int holes = 0;
    for (unsigned k = 0; k < 4; k++)
        if (!c->kind[k]) {
            printf("coverage hole: no %s command\n", kinds[k]);
            holes++;
        }
    for (unsigned b = 0; b < 4; b++)
        if (!c->tri_bps[b]) {
            printf("coverage hole: no triangle at bps %u\n", b);
            holes++;
        }
    for (unsigned e = 1; e <= 6; e++)
        if (!c->err[e]) {
            printf("coverage hole: no error %s\n", gx_pipe_cmd_err_name((gx_cmd_err_t)e));
            holes++;
        }
    struct {
        const char *name;
        uint64_t n;
    } bins[] = {
        {"back-to-back packets", c->back_to_back},
        {"single-beat packets ending in consecutive clocks", c->ends_adjacent},
        {"a packet ending while the output is stalled", c->end_stalled},
        {"TREADY low with TVALID high", c->tready_low},
        {"both output entries full", c->both_full},
        {"an error and a command in one clock", c->err_and_cmd},
        {"a bad packet longer than 6 beats", c->long_bad},
        {"a load at the bounds", c->load_bound},
        {"a reset between phases", c->resets},
        {"a triangle with a coordinate at +lim", c->band_pos},
        {"a triangle with a coordinate at -lim", c->band_neg},
        {"a range error from a vertex at lim + 1", c->out_pos},
        {"a range error from a vertex at -lim - 1", c->out_neg},
        {"a range error from a vertex beyond lim + 1", c->out_far},
        {"a range error from vertex 0", c->out_vtx[0]},
        {"a range error from vertex 1", c->out_vtx[1]},
        {"a range error from vertex 2", c->out_vtx[2]},
    };
    for (unsigned i = 0; i < sizeof bins / sizeof bins[0]; i++)
        if (!bins[i].n) {
            printf("coverage hole: %s\n", bins[i].name);
            holes++;
        }
    return holes;
}

/* One full run; returns 1 when it ran to its end. */
static int run(const tb_opts_t *o, const char *fst, const char *cov, tb_report_t *rep, sim_t *s)
{
    memset(s, 0, sizeof *s);
    s->rep = rep;
    tb_rng_seed(&s->rng, o->seed);
    tb_rng_seed_stalls(&s->srng, o);
    s->m = gx_pipe_cmd_rtl_new(fst);
    axi_mon_axis_init(&s->mon, "s_cmd", 8, AXI_MON_AXIS_KEEP, 0);
    pick_cfg(s);
    s->cfg.bps = GX_BPS4;
    int ok = do_reset(s);
    for (uint64_t done = 0; ok && done < o->n; done += PHASE) {
        if (done) {
            pick_cfg(s);  /* the decoder is idle: a new format */
            if (done < 4 * PHASE)
                s->cfg.bps = (gx_bps_t)(done / PHASE);  /* the first four: each bps */
            gx_pipe_cmd_set_cfg(&s->model, &s->cfg);
            if (done == PHASE || tb_rng_pct(&s->rng, 10)) {
                ok = do_reset(s);
                s->cov.resets++;
            }
        }
        s->st = tb_stall_pick(&s->srng);
        ok = ok && phase(s, (unsigned)(o->n - done < PHASE ? o->n - done : PHASE));
    }
    for (int i = 0; ok && i < 4; i++)
        ok = step(s, 0, 0);
    tb_check(rep, ok, "model ran to the end (%" PRIu64 " packets, clock %" PRIu64 "): %s",
             s->packets, s->clk, gx_pipe_cmd_rtl_failed(s->m) ? "an assertion failed"
             : s->idle_clks >= 1000 ? "no transfer for 1000 clocks" : "stopped");
    tb_check(rep, s->m_cmds + s->model.commands == s->cmds &&
                  s->m_errs + s->model.errors == s->errs,
             "model %" PRIu64 " commands %" PRIu64 " errors, RTL %" PRIu64 " and %" PRIu64,
             s->m_cmds + s->model.commands, s->m_errs + s->model.errors, s->cmds, s->errs);
    tb_check(rep, axi_mon_stream_drained(&s->mon) && axi_mon_ok(&s->mon),
             "AXI4-Stream monitor on s_cmd: %s",
             axi_mon_ok(&s->mon) ? "clean" : s->mon.first_msg);
    gx_pipe_cmd_rtl_free(s->m, cov);
    return ok;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_pipe_cmd", 200000);
    printf("tb_pipe_cmd: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    char fst[512], cov[512];
    tb_out_paths(&o, "gx_pipe_cmd", cov, sizeof cov, fst, sizeof fst);
    static sim_t s;
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    run(&o, o.waves ? fst : NULL, cov, &rep, &s);
    int holes = cov_check(&s);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_pipe_cmd: %" PRIu64 " packets, %" PRIu64 " commands, %" PRIu64 " errors, %" PRIu64
           " clocks; commands triangle %" PRIu64 " pattern %" PRIu64 " flush %" PRIu64
           " load %" PRIu64 "; errors keep %" PRIu64 " opcode %" PRIu64 " reserved %" PRIu64
           " range %" PRIu64 " short %" PRIu64 " long %" PRIu64 "; guard band: triangles at "
           "+lim %" PRIu64 ", -lim %" PRIu64 ", vertex range errors at lim+1 %" PRIu64
           ", -lim-1 %" PRIu64 ", beyond %" PRIu64 "\n",
           s.packets, s.cmds, s.errs, s.clk, s.cov.kind[0], s.cov.kind[1], s.cov.kind[2],
           s.cov.kind[3], s.cov.err[1], s.cov.err[2], s.cov.err[3], s.cov.err[4], s.cov.err[5],
           s.cov.err[6], s.cov.band_pos, s.cov.band_neg, s.cov.out_pos, s.cov.out_neg,
           s.cov.out_far);
    if (rep.failed && !o.waves) {
        printf("tb_pipe_cmd: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, fst);
        tb_report_t rep2;
        memset(&rep2, 0, sizeof rep2);
        rep2.shown = TB_MAX_SHOWN;
        static sim_t s2;
        run(&o, fst, NULL, &rep2, &s2);
    } else if (o.waves) {
        printf("tb_pipe_cmd: waveform %s\n", fst);
    }
    return tb_summary(&rep);
}
