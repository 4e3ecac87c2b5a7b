/* tb_texq: cosimulation of gx_texq (RTL: 512 slots, 16 batch records) against the
 * texture queue's C model, gx_texq (cmodel/src/texq.c), transaction by transaction and
 * the read crossbar clock by clock.
 *
 * The testbench plays the warp scheduler (reservations; every warp's coordinate stores in
 * random order; the result reads of a batch whose results have all come back), the
 * texture unit (it takes requests with random ready and returns each one's result after a
 * random delay, out of order) and the response's sink, with random valid gaps and random
 * ready on every port. A few percent of the commands are wrong on purpose: reservations
 * of 0 or 9 warps or operations, stores twice or to a batch not filling or out of range,
 * results for requests not yet handed on, twice or with a wrong seq, reads before the
 * results, twice or out of range.
 * Order of the model's calls: in every clock, gx_texq_clock (tex_ready: the RTL's texture
 * register is empty or taken in that clock) first, then the command that commits in that
 * clock (cmt_o: the oldest of the at most two taken and not yet committed).
 * Checked: every response (error code; a reservation's batch and base; a read's 32
 * values), the requests the read crossbar reads in every clock (xb_n_o against the
 * model's read count), every request on the texture port (all fields and the 8 values,
 * in order), gx_texq_check after every command, and at the end the model's counters
 * against the ones counted at the ports.
 * Runs: both drain orders, queue sizes from 48 to 512 slots, batch shapes biased small and
 * large, no stalls and heavy stalls. Coverage bins fail the run when empty.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb.h"
#include "texq_rtl.h"

#define NB GX_TEXQ_MAX_BATCHES
#define HANG 20000u
#define RQ 4096u /* results waiting to be written */

enum { C_RES_OK, C_RES_NOSPACE, C_RES_NOREC, C_RES_EARG, C_RES_HOLE, C_ST_OK, C_ST_TWICE,
       C_ST_EBATCH, C_ST_EARG, C_RS_OK, C_RS_EREQ, C_RS_TWICE, C_RS_EARG, C_RS_EBATCH,
       C_RD_OK, C_RD_NOTREADY, C_RD_TWICE, C_RD_EARG, C_FREED, C_XB4, C_XB_STOP, C_IBUF_FULL,
       C_TEX_STALL, C_RSP_STALL, C_QUADTEX, C_TEXTILE, C_TWO_READY, C_XB_STOP4, C_RS_SAMECLK,
       C_RS_HEAD, C_TWO_TAKEN, C_SAME_SLOT, C_BINS };

typedef struct ctx {
    gx_texq_t q;
    void *m;
    tb_rng_t r, st;
    tb_report_t *rep;
    uint64_t *cov;
    uint64_t c;
    unsigned tex_stall, rsp_stall, gap;
    /* the command on the port */
    gx_texq_in_t in;
    int have_cmd;
    /* commands taken and not yet committed, oldest first (the command register and the
     * current command) */
    gx_texq_in_t taken[2];
    unsigned taken_n;
    /* the last commit: its clock and its slot's key (op class, batch, w, k, component) */
    uint64_t last_cmt_c;
    uint32_t last_cmt_key;
    /* the expected response */
    int want_v;
    gx_texq_err_t want_err;
    uint32_t want_batch, want_base, want_data[GX_TEXQ_LANES];
    int want_op;
    /* requests popped by the model, not yet seen on the texture port (at most 1) */
    gx_texq_req_t tex_exp[2];
    unsigned tex_n;
    /* the request the model handed on in this clock, if any */
    gx_texq_req_t popped;
    int popped_v;
    /* results to return */
    gx_texq_req_t res[RQ];
    unsigned res_n;
    uint64_t rtl_read_clocks, rtl_read_values, rtl_issued, cmds;
    unsigned since;
    int ending; /* no new reservations */
    int refused_last; /* the last reservation was refused */
    int many_ops;     /* reservations of 6..8 operations */
} ctx_t;

static uint32_t result_of(const gx_texq_req_t *r, unsigned i)
{
    return (uint32_t)r->s[i] * 2654435761u ^ (uint32_t)r->t[i] * 40503u ^ r->seq << 7 ^ r->batch;
}

/* the result command of request rq, with its values */
static void result_cmd(gx_texq_in_t *in, const gx_texq_req_t *rq)
{
    in->op = GX_TEXQ_CMD_RESULT;
    in->batch = rq->batch;
    in->warps = rq->warp;
    in->ops = rq->op;
    in->quad = rq->quad;
    in->seq = rq->seq;
    for (unsigned i = 0; i < 4; i++)
        in->data[i] = result_of(rq, i);
}

/* a new command, chosen from the model's state */
static int pick_cmd(ctx_t *x)
{
    gx_texq_in_t *in = &x->in;
    memset(in, 0, sizeof *in);
    in->cmd_valid = 1;
    tb_rng_t *r = &x->r;
    const gx_texq_t *q = &x->q;
    unsigned live = 0, fill[NB], nfill = 0, resb[NB], nres = 0;
    for (unsigned i = 0; i < NB; i++) {
        if (q->b[i].state != GX_TEXQ_B_FREE)
            live++;
        if (q->b[i].state == GX_TEXQ_B_FILL)
            fill[nfill++] = i;
        if (q->b[i].state == GX_TEXQ_B_RESULT)
            resb[nres++] = i;
    }
    const unsigned u = tb_rng_below(r, 100);
    if (u < 3) { /* a wrong command of any kind */
        in->op = x->ending ? 1 + tb_rng_below(r, 3) : tb_rng_below(r, 4);
        in->batch = tb_rng_below(r, 20);
        in->warps = tb_rng_below(r, 10);
        in->ops = tb_rng_below(r, 10);
        in->comp = tb_rng_below(r, 3);
        in->quad = tb_rng_below(r, 8);
        in->seq = tb_rng_below(r, 512);
        for (unsigned l = 0; l < GX_TEXQ_LANES; l++)
            in->data[l] = tb_rng_u32(r);
        return 1;
    }
    if (q->ibuf_n && u >= 3 && u < 6) {
        /* a result for the interface buffer's head, not handed on yet: its decision may
         * fall in the clock it is handed on (then it is taken), or before (EREQ) */
        result_cmd(in, &q->ibuf[q->ibuf_head]);
        x->cov[C_RS_HEAD]++;
        return 1;
    }
    if (x->res_n && u < 45) {
        unsigned j = x->res_n > 4 ? tb_rng_below(r, 4) : tb_rng_below(r, x->res_n);
        result_cmd(in, &x->res[j]);
        if (tb_rng_pct(r, 3)) /* twice: keep it queued */
            return 1;
        if (tb_rng_pct(r, 2)) { /* a wrong seq: the right one stays queued */
            in->seq = (in->seq + 1) & 511u;
            return 1;
        }
        x->res[j] = x->res[--x->res_n];
        return 1;
    }
    if (nres && u < 70) {
        const unsigned b = resb[tb_rng_below(r, nres)];
        const gx_texq_batch_t *bb = &q->b[b];
        unsigned w = tb_rng_below(r, bb->warps), k = tb_rng_below(r, bb->ops);
        for (unsigned t = 0; t < 64 && bb->res_read[w * bb->ops + k] && !tb_rng_pct(r, 2); t++) {
            w = tb_rng_below(r, bb->warps);
            k = tb_rng_below(r, bb->ops);
        }
        in->op = GX_TEXQ_CMD_READ;
        in->batch = b;
        in->warps = w;
        in->ops = k;
        return 1;
    }
    if (nfill && u < 92) {
        const unsigned b = fill[tb_rng_below(r, nfill)];
        const gx_texq_batch_t *bb = &q->b[b];
        unsigned w, k, c;
        do {
            w = tb_rng_below(r, bb->warps);
            k = tb_rng_below(r, bb->ops);
            c = tb_rng_below(r, 2);
        } while (bb->slot_stored[2 * (w * bb->ops + k) + c] && !tb_rng_pct(r, 3));
        in->op = GX_TEXQ_CMD_STORE;
        in->batch = b;
        in->warps = w;
        in->ops = k;
        in->comp = c;
        for (unsigned l = 0; l < GX_TEXQ_LANES; l++)
            in->data[l] = tb_rng_u32(r);
        return 1;
    }
    if (tb_rng_pct(r, 10)) { /* a read of a batch not yet returned */
        for (unsigned i = 0; i < NB; i++)
            if (q->b[i].state == GX_TEXQ_B_READY) {
                in->op = GX_TEXQ_CMD_READ;
                in->batch = i;
                return 1;
            }
    }
    if (x->ending || (x->refused_last && !tb_rng_pct(r, 3)))
        return 0; /* after a refusal the scheduler mostly waits for a free */
    in->op = GX_TEXQ_CMD_RESERVE;
    const int big = tb_rng_pct(r, 30);
    in->warps = big ? 1 + tb_rng_below(r, 8) : 1 + tb_rng_below(r, 2);
    in->ops = big ? 1 + tb_rng_below(r, 8) : 1 + tb_rng_below(r, 3);
    if (x->many_ops) { /* 6..8 ops: QuadTex's groups 4 apart within four requests */
        in->warps = 1 + tb_rng_below(r, 2);
        in->ops = 6 + tb_rng_below(r, 3);
    }
    (void)live;
    return 1;
}

/* the command committed in this clock, applied to the model */
static void apply_cmd(ctx_t *x, const gx_texq_in_t *in)
{
    gx_texq_t *q = &x->q;
    x->want_v = 1;
    x->want_op = (int)in->op;
    x->want_batch = 0;
    x->want_base = 0;
    uint64_t *cov = x->cov;
    switch (in->op) {
    case GX_TEXQ_CMD_RESERVE: {
        uint32_t id = 0;
        int norec = 1;
        for (unsigned i = 0; i < NB; i++)
            norec &= q->b[i].state != GX_TEXQ_B_FREE;
        x->want_err = gx_texq_reserve(q, in->warps, in->ops, &id);
        x->refused_last = x->want_err == GX_TEXQ_EFULL;
        if (x->want_err == GX_TEXQ_OK) {
            x->want_batch = id;
            x->want_base = q->b[id].base;
            cov[C_RES_OK]++;
            for (unsigned i = 0; i < NB; i++)
                if (i != id && q->b[i].state != GX_TEXQ_B_FREE && q->b[i].base > q->b[id].base)
                    cov[C_RES_HOLE]++;
        } else if (x->want_err == GX_TEXQ_EFULL) {
            cov[norec ? C_RES_NOREC : C_RES_NOSPACE]++;
        } else {
            cov[C_RES_EARG]++;
        }
        break;
    }
    case GX_TEXQ_CMD_STORE: {
        int32_t v[GX_TEXQ_LANES];
        for (unsigned l = 0; l < GX_TEXQ_LANES; l++)
            v[l] = (int32_t)in->data[l];
        x->want_err = gx_texq_store(q, in->batch, in->warps, in->ops, in->comp, v);
        cov[x->want_err == GX_TEXQ_OK      ? C_ST_OK
            : x->want_err == GX_TEXQ_ETWICE ? C_ST_TWICE
            : x->want_err == GX_TEXQ_EBATCH ? C_ST_EBATCH
                                            : C_ST_EARG]++;
        break;
    }
    case GX_TEXQ_CMD_RESULT: {
        gx_texq_req_t rq;
        memset(&rq, 0, sizeof rq);
        rq.batch = in->batch;
        rq.warp = in->warps;
        rq.quad = in->quad;
        rq.op = in->ops;
        rq.seq = in->seq;
        x->want_err = gx_texq_result(q, &rq, in->data);
        if (x->popped_v && x->popped.batch == in->batch && x->popped.seq == in->seq)
            cov[C_RS_SAMECLK]++;
        cov[x->want_err == GX_TEXQ_OK      ? C_RS_OK
            : x->want_err == GX_TEXQ_EREQ   ? C_RS_EREQ
            : x->want_err == GX_TEXQ_ETWICE ? C_RS_TWICE
            : x->want_err == GX_TEXQ_EARG   ? C_RS_EARG
                                            : C_RS_EBATCH]++;
        break;
    }
    default: {
        const int was = in->batch < NB && q->b[in->batch].state != GX_TEXQ_B_FREE;
        x->want_err = gx_texq_read(q, in->batch, in->warps, in->ops, x->want_data);
        if (x->want_err == GX_TEXQ_OK) {
            cov[C_RD_OK]++;
            if (was && q->b[in->batch].state == GX_TEXQ_B_FREE)
                cov[C_FREED]++;
        } else if (x->want_err == GX_TEXQ_ENOTREADY) {
            cov[C_RD_NOTREADY]++;
        } else if (x->want_err == GX_TEXQ_ETWICE) {
            cov[C_RD_TWICE]++;
        } else {
            cov[C_RD_EARG]++;
        }
        break;
    }
    }
    tb_check(x->rep, gx_texq_check(q) == GX_TEXQ_OK, "cycle %" PRIu64 ": model invariants",
             x->c);
    x->cmds++;
}

/* One clock. Returns 0 when an assertion failed. */
static int step(ctx_t *x, int allow_new)
{
    tb_report_t *rep = x->rep;
    gx_texq_in_t *in = &x->in;
    if (!x->have_cmd && allow_new && !tb_rng_pct(&x->st, x->gap)) {
        x->have_cmd = pick_cmd(x);
    }
    in->cmd_valid = x->have_cmd;
    in->rsp_ready = !tb_rng_pct(&x->st, x->rsp_stall);
    in->tex_ready = !tb_rng_pct(&x->st, x->tex_stall);
    gx_texq_out_t o;
    const int ok = gx_texq_rtl_cycle(x->m, in, &o);
    if (!ok)
        tb_check(rep, 0, "cycle %" PRIu64 ": an assertion failed", x->c);
    x->since++;

    /* the response port */
    if (o.rsp_valid && !in->rsp_ready)
        x->cov[C_RSP_STALL]++;
    if (o.rsp_valid && in->rsp_ready) {
        if (!x->want_v) {
            tb_check(rep, 0, "cycle %" PRIu64 ": a response with no command", x->c);
        } else {
            int good = o.rsp_err == (unsigned)x->want_err;
            if (good && x->want_op == GX_TEXQ_CMD_RESERVE && x->want_err == GX_TEXQ_OK)
                good = o.rsp_batch == x->want_batch && o.rsp_base == x->want_base;
            if (good && x->want_op == GX_TEXQ_CMD_READ && x->want_err == GX_TEXQ_OK)
                good = !memcmp(o.rsp_data, x->want_data, sizeof x->want_data);
            tb_check(rep, good,
                     "cycle %" PRIu64 ": command %d: model err %d batch %u base %u, RTL err %u "
                     "batch %u base %u",
                     x->c, x->want_op, x->want_err, x->want_batch, x->want_base, o.rsp_err,
                     o.rsp_batch, o.rsp_base);
            x->want_v = 0;
            x->since = 0;
        }
    }

    /* the texture port, then the model's clock */
    if (o.tex_valid && !in->tex_ready)
        x->cov[C_TEX_STALL]++;
    if (o.tex_valid && in->tex_ready) {
        if (!x->tex_n) {
            tb_check(rep, 0, "cycle %" PRIu64 ": a request the model did not hand on", x->c);
        } else {
            const gx_texq_req_t *e = &x->tex_exp[0];
            tb_check(rep, gx_texq_req_eq(&o.tex, e),
                     "cycle %" PRIu64 ": request: model batch %u seq %u (w %u q %u k %u), "
                     "RTL batch %u seq %u (w %u q %u k %u)",
                     x->c, e->batch, e->seq, e->warp, e->quad, e->op, o.tex.batch, o.tex.seq,
                     o.tex.warp, o.tex.quad, o.tex.op);
            if (x->res_n < RQ)
                x->res[x->res_n++] = *e;
            x->tex_exp[0] = x->tex_exp[1];
            x->tex_n--;
            x->rtl_issued++;
            x->since = 0;
        }
    }
    const uint64_t rv0 = x->q.st.read_values, stops0 = x->q.st.read_conflict_stops;
    gx_texq_req_t rq;
    x->popped_v = 0;
    if (gx_texq_clock(&x->q, !o.tex_valid || in->tex_ready, &rq)) {
        x->popped = rq;
        x->popped_v = 1;
        if (x->tex_n >= 2)
            tb_check(rep, 0, "cycle %" PRIu64 ": two requests handed on, none taken", x->c);
        else
            x->tex_exp[x->tex_n++] = rq;
        x->cov[x->q.cfg.order == GX_TEXQ_QUADTEX ? C_QUADTEX : C_TEXTILE]++;
    }
    const unsigned mn = (unsigned)((x->q.st.read_values - rv0) / 8);
    tb_check(rep, mn == o.xb_n,
             "cycle %" PRIu64 ": read crossbar: model %u requests, RTL %u", x->c, mn, o.xb_n);
    if (o.xb_n) {
        x->rtl_read_clocks++;
        x->rtl_read_values += 8u * o.xb_n;
        x->since = 0;
    }
    if (o.xb_n == 4)
        x->cov[C_XB4]++;
    if (x->q.st.read_conflict_stops != stops0) {
        x->cov[C_XB_STOP]++;
        /* the request that stopped the clock: is its s group another's t group? */
        const uint32_t id = x->q.draining; /* a stopped batch has more to read */
        const gx_texq_batch_t *b = &x->q.b[id];
        uint32_t Q, k, g[5];
        for (unsigned j = 0; j <= mn && id < NB; j++) {
            gx_texq_order_at(x->q.cfg.order, b->warps, b->ops, b->read - mn + j, &Q, &k);
            g[j] = (Q % 8 + k) % 8;
        }
        for (unsigned j = 0; j < mn && id < NB; j++)
            if ((g[j] + 4) % 8 == g[mn])
                x->cov[C_XB_STOP4]++;
    }
    if (x->q.ibuf_n == GX_TEXQ_IBUF_REQS)
        x->cov[C_IBUF_FULL]++;
    {
        unsigned nr = 0;
        for (unsigned i = 0; i < NB; i++)
            nr += x->q.b[i].state == GX_TEXQ_B_READY && !x->q.b[i].read;
        if (nr >= 2)
            x->cov[C_TWO_READY]++;
    }

    /* the command port: a commit applied to the model after its clock (the oldest command
     * taken), then the command taken in this clock queued */
    if (o.cmt) {
        if (!x->taken_n) {
            tb_check(rep, 0, "cycle %" PRIu64 ": a commit with no command taken", x->c);
        } else {
            const gx_texq_in_t *t = &x->taken[0];
            const uint32_t key = t->op == GX_TEXQ_CMD_RESERVE
                ? 0u
                : (t->op == GX_TEXQ_CMD_STORE ? 1u : 2u) | t->batch << 2 | t->warps << 8
                      | t->ops << 12 | (t->op == GX_TEXQ_CMD_STORE ? t->comp : 0u) << 16;
            if (key && key == x->last_cmt_key && x->c == x->last_cmt_c + 2)
                x->cov[C_SAME_SLOT]++;
            x->last_cmt_key = key;
            x->last_cmt_c = x->c;
            apply_cmd(x, t);
            x->taken[0] = x->taken[1];
            x->taken_n--;
        }
    }
    if (x->have_cmd && o.cmd_ready) {
        if (x->taken_n == 2)
            tb_check(rep, 0, "cycle %" PRIu64 ": a third command taken before a commit", x->c);
        else
            x->taken[x->taken_n++] = *in;
        if (x->taken_n == 2)
            x->cov[C_TWO_TAKEN]++;
        x->have_cmd = 0;
    }
    x->c++;
    return ok;
}

/* One run: n commands with queue size slots and drain order order. */
static int run(const tb_opts_t *o, unsigned idx, uint32_t slots, uint32_t order,
               unsigned stall, int many_ops, uint64_t n, const char *fst, const char *covp,
               tb_report_t *rep, uint64_t *cov, uint64_t *cycles)
{
    static ctx_t x;
    memset(&x, 0, sizeof x);
    tb_rng_seed(&x.r, o->seed * 131 + idx);
    tb_rng_seed_stalls(&x.st, o);
    tb_rng_seed(&x.st, tb_rng_u64(&x.st) + idx);
    x.rep = rep;
    x.cov = cov;
    x.tex_stall = stall;
    x.rsp_stall = stall / 2;
    x.gap = stall / 2;
    x.many_ops = many_ops;
    const gx_texq_cfg_t cfg = {slots, order};
    if (gx_texq_init(&x.q, &cfg) != GX_TEXQ_OK) {
        tb_check(rep, 0, "run %u: configuration", idx);
        return 0;
    }
    x.m = gx_texq_rtl_new(fst, slots, order);
    int ok = 1;
    while (ok && x.cmds < n) {
        ok = step(&x, 1);
        if (x.since > HANG) {
            tb_check(rep, 0, "run %u: no progress in %u clocks", idx, HANG);
            ok = 0;
        }
    }
    /* finish: fill, return every result, read every batch */
    x.ending = 1;
    for (uint64_t t = 0;; t++) {
        if (t == 2000000) {
            tb_check(rep, 0, "run %u: the end not reached in 2,000,000 clocks", idx);
            ok = 0;
        }
        if (!ok)
            break;
        unsigned live = 0;
        for (unsigned i = 0; i < NB; i++)
            live += x.q.b[i].state != GX_TEXQ_B_FREE;
        if (!live && !x.have_cmd && !x.taken_n && !x.want_v && !x.tex_n && !x.q.ibuf_n)
            break;
        ok = step(&x, 1);
        if (x.since > HANG) {
            tb_check(rep, 0, "run %u: no progress at the end in %u clocks", idx, HANG);
            ok = 0;
        }
    }
    const gx_texq_stats_t *s = &x.q.st;
    tb_check(rep, s->read_clocks == x.rtl_read_clocks && s->read_values == x.rtl_read_values,
             "run %u: read crossbar: model %" PRIu64 " clocks %" PRIu64 " values, RTL %" PRIu64
             " %" PRIu64, idx, s->read_clocks, s->read_values, x.rtl_read_clocks,
             x.rtl_read_values);
    tb_check(rep, s->issued == x.rtl_issued + x.tex_n, "run %u: issued: model %" PRIu64
             ", RTL %" PRIu64, idx, s->issued, x.rtl_issued);
    tb_check(rep, s->slot_conflicts == 0 && s->quad_conflicts == 0 && s->clock_conflicts == 0,
             "run %u: bank conflicts", idx);
    printf("tb_texq: run %u: %u slots, %s, stalls %u%%: %" PRIu64 " commands, %" PRIu64
           " reserved, %" PRIu64 " refused, %" PRIu64 " requests, %" PRIu64
           " crossbar clocks (%.2f requests each), %" PRIu64 " cycles\n",
           idx, slots, order ? "TexTile" : "QuadTex", stall, x.cmds, s->reserves, s->refused,
           s->issued, s->read_clocks,
           s->read_clocks ? (double)s->read_values / 8.0 / (double)s->read_clocks : 0.0, x.c);
    fflush(stdout);
    *cycles += x.c;
    gx_texq_rtl_free(x.m, covp);
    return ok;
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "a reservation", "a reservation refused: no space", "a reservation refused: no record",
        "a reservation with bad arguments", "a reservation below a live batch (a hole reused)",
        "a store", "a store twice", "a store to a batch not filling", "a store out of range",
        "a result", "a result for a request not handed on", "a result twice",
        "a result with seq out of range", "a result for a batch not draining", "a read",
        "a read before the results", "a read twice", "a read with bad arguments or batch",
        "a batch freed", "4 requests read in a clock", "a crossbar clock stopped by a conflict",
        "the interface buffer full", "the texture port stalled", "a response stalled",
        "a request in QuadTex order", "a request in TexTile order",
        "two ready batches waiting (drain order by age)",
        "a crossbar clock stopped by a request whose s banks another's t banks hold",
        "a result decided in the clock its request is handed on",
        "a result for the interface buffer's head",
        "a command taken behind the current one (two in flight)",
        "a commit two clocks after one of the same slot (the meta word forwarded)"};
    return tb_cov_holes(cov, names, C_BINS, 0);
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_texq", 10000);
    printf("tb_texq: SEED=%" PRIu64 " N=%" PRIu64 " (commands a run)\n", o.seed, o.n);
    fflush(stdout);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_texq", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    uint64_t cov[C_BINS] = {0}, cycles = 0;
    int ok = 1;
    static const struct {
        uint32_t slots, order;
        unsigned stall;
        int many_ops;
    } runs[] = {{512, 0, 0, 0}, {512, 1, 0, 0}, {48, 0, 20, 0}, {100, 1, 50, 0},
                {192, 0, 70, 0}, {256, 1, 20, 0}, {512, 0, 90, 0}, {300, 1, 10, 0},
                {512, 0, 30, 1}, {128, 1, 30, 1}};
    const unsigned nr = sizeof runs / sizeof runs[0];
    /* line, toggle and cover-point coverage: the last two runs' (one of each order) */
    char cpath2[600];
    snprintf(cpath2, sizeof cpath2, "%.*s_quadtex.dat", (int)(strlen(cpath) - 4), cpath);
    for (unsigned i = 0; i < nr; i++)
        ok &= run(&o, i, runs[i].slots, runs[i].order, runs[i].stall, runs[i].many_ops, o.n,
                  o.waves && i == nr - 1 ? path : NULL,
                  i == nr - 1 ? cpath : i == nr - 2 ? cpath2 : NULL, &rep, cov, &cycles);
    tb_check(&rep, ok, "a run stopped early");
    const int holes = cov_check(cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_texq: %u runs of %" PRIu64 " commands, %" PRIu64 " cycles\n", nr, o.n, cycles);
    return tb_summary(&rep);
}
