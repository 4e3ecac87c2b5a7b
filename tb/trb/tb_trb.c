/* tb_trb: cosimulation of gx_trb (RTL: 8 entries, 16 spill entries, 256 identifiers)
 * against the texture return buffer's C model, gx_trb (cmodel/src/trb.c), transaction
 * by transaction.
 *
 * The testbench plays the texture unit (arrivals: an id and 8 beats of a value), the
 * warps (read requests: an id and the last-use bit), the response's sink and the spill
 * memory (an array of 128-byte entries: writes of 8 beats, reads answered with 8 beats
 * after a random latency), with random valid gaps and random ready on every port.
 * The model is called in the order in which the RTL decides, which the ports show: a
 * read when its request is taken; an arrival when err_valid_o (dropped: the model must
 * refuse it with the same code) or full_o (the model must say GX_TRB_EFULL) is high, else
 * when its first beat is taken (the model must take it). So the model reports full
 * exactly when the RTL holds an arrival it decided it cannot take; the RTL decides a
 * waiting arrival again only after a release, so the model's `full` count is the number
 * of full_o pulses.
 * Checked: every response (status, and all 8 beats on OK), every spill-memory
 * transaction in order (a write: entry, beats in order and all 1024 bits; a read: entry)
 * against what the model's call did (an arrival spilled, a spilled read, a swap's
 * victim written out), held_o and spilled_o at every read request (the count of the
 * model's entries held and spill entries held), and at the end every counter of
 * gx_trb_stats_t, counted from the ports, against the model's.
 * Runs: random traffic in phases that aim at a number of live values (empty, half,
 * full, spilling, beyond the spill: arrivals wait), with bad ids, twice, reads of ids
 * with no value; and the warp-scheduler stand-in's traces (gx_trb_run_pattern), each
 * operation's value read once or twice (the last with last use), a read that finds no
 * value retried later as the warp would. Coverage bins fail the run when empty.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb.h"
#include "trb_rtl.h"

#define NE GX_TRB_RTL_ENTRIES
#define NS GX_TRB_RTL_SPILL
#define NI GX_TRB_RTL_IDS
#define QN 8192u        /* queue capacity */
#define HANG 20000u     /* clocks without a decision */
#define CAP 4000000u    /* clocks a run */

enum { C_ARR_HERE, C_ARR_SPILL, C_FULL, C_FULL_TAKEN, C_EID_W, C_TWICE, C_EID_R, C_NOVAL,
       C_READ_HERE, C_RELEASE, C_SPILL_READ, C_REFILL, C_SWAP, C_ALL_SPILLED, C_RS_STALL,
       C_MW_STALL, C_MD_GAP, C_BOTH, C_PAT_SPILL, C_BINS };

typedef struct arr {
    uint32_t id;
    uint32_t v[GX_TRB_LANES];
} arr_t;
typedef struct rdreq {
    uint32_t id;
    int last;
} rdreq_t;
typedef struct xrs {
    unsigned status;
    int last;
    uint32_t v[GX_TRB_LANES];
} xrs_t;
typedef struct xmem {
    int write;
    unsigned entry;
    uint32_t v[GX_TRB_LANES];
} xmem_t;

#define Q(T)                                                                                \
    struct {                                                                                \
        T *a;                                                                               \
        uint32_t h, n;                                                                      \
    }
#define QPUSH(q) ((q).a[((q).h + (q).n++) % QN])
#define QHEAD(q) ((q).a[(q).h])
#define QPOP(q) ((q).h = ((q).h + 1) % QN, (q).n--)

typedef struct counts {
    uint64_t writes, reads, releases, spills, refills, spill_reads, full;
    uint32_t held_max;
} counts_t;

typedef struct ctx {
    tb_report_t *rep;
    uint64_t *cov;
    tb_rng_t r, st;
    unsigned stall; /* percent of clocks a ready or valid is low */
    gx_trb_t *t;
    void *m;
    Q(arr_t) aq;
    Q(rdreq_t) rq;
    Q(xrs_t) xr;
    Q(xmem_t) xm;
    uint32_t (*mem)[GX_TRB_LANES];
    unsigned wbeat, rbeat, mwbeat;
    int wpres, rpres, dropped, waited;
    uint32_t mw_buf[GX_TRB_LANES];
    int rd_last; /* the last-use bit of the read in flight */
    /* the spill memory's read in flight */
    int md_on, md_pres;
    unsigned md_entry, md_k, md_lat;
    counts_t rtl;
    uint64_t decisions, c;
    /* pattern runs: the free identifiers (an operation takes one when its value is
     * sent, and frees it when its last read is served) */
    uint32_t ids[NI], nids;
} ctx_t;

static void rand_value(tb_rng_t *r, uint32_t v[GX_TRB_LANES])
{
    const unsigned kind = tb_rng_below(r, 10);
    for (unsigned i = 0; i < GX_TRB_LANES; i++)
        v[i] = kind == 0 ? 0u : kind == 1 ? 0xffffffffu : tb_rng_u32(r);
}

static int id_live(const gx_trb_t *t, uint32_t id)
{
    return id < NI && t->tim[id].where != GX_TRB_NONE;
}

static int id_pending(const ctx_t *x, uint32_t id)
{
    for (uint32_t i = 0; i < x->aq.n; i++)
        if (x->aq.a[(x->aq.h + i) % QN].id == id)
            return 1;
    return 0;
}

static uint32_t live_id(ctx_t *x, int *found)
{
    for (int k = 0; k < 64; k++) {
        const uint32_t id = tb_rng_below(&x->r, NI);
        if (id_live(x->t, id)) {
            *found = 1;
            return id;
        }
    }
    *found = 0;
    return tb_rng_below(&x->r, NI);
}

/* A random arrival: 3 % a bad id, 4 % an id holding a value, else a free id. */
static void gen_arrival(ctx_t *x)
{
    arr_t *a = &QPUSH(x->aq);
    rand_value(&x->r, a->v);
    int f = 0;
    if (tb_rng_pct(&x->r, 3)) {
        a->id = NI + tb_rng_below(&x->r, 2048 - NI);
        return;
    }
    if (tb_rng_pct(&x->r, 4)) {
        a->id = live_id(x, &f);
        return;
    }
    for (int k = 0; k < 64; k++) {
        a->id = tb_rng_below(&x->r, NI);
        if (!id_live(x->t, a->id) && !id_pending(x, a->id))
            return;
    }
}

/* A random read: 4 % a bad id, 4 % any id, else a live one; last use at pct_last. */
static void gen_read(ctx_t *x, unsigned pct_last)
{
    rdreq_t *q = &QPUSH(x->rq);
    int f = 0;
    q->last = tb_rng_pct(&x->r, pct_last);
    if (tb_rng_pct(&x->r, 4))
        q->id = NI + tb_rng_below(&x->r, 2048 - NI);
    else if (tb_rng_pct(&x->r, 4))
        q->id = tb_rng_below(&x->r, NI);
    else
        q->id = live_id(x, &f);
}

/* The model's arrival, called where the RTL decides; want: the RTL's outcome. */
static void model_write(ctx_t *x, const arr_t *a, gx_trb_err_t want)
{
    const uint64_t spills = x->t->st.spills;
    const gx_trb_err_t e = gx_trb_write(x->t, a->id, a->v);
    x->decisions++;
    tb_check(x->rep, e == want, "cycle %" PRIu64 ": arrival of id %u: model %d, RTL %d", x->c,
             a->id, (int)e, (int)want);
    if (e == GX_TRB_OK && x->t->st.spills != spills) {
        xmem_t *w = &QPUSH(x->xm);
        w->write = 1;
        w->entry = x->t->tim[a->id].entry;
        memcpy(w->v, a->v, sizeof w->v);
        x->cov[C_ARR_SPILL]++;
    } else if (e == GX_TRB_OK) {
        x->cov[C_ARR_HERE]++;
    }
    if (e == GX_TRB_OK && gx_trb_spilled(x->t) == NS)
        x->cov[C_ALL_SPILLED]++;
    if (e != GX_TRB_OK)
        x->cov[e == GX_TRB_EID ? C_EID_W : e == GX_TRB_ETWICE ? C_TWICE : C_FULL]++;
}

/* The model's read, when the RTL takes the request; returns the model's status. */
static gx_trb_err_t model_read(ctx_t *x, const rdreq_t *q)
{
    const gx_trb_t *t = x->t;
    const int spilled = q->id < NI && t->tim[q->id].where == GX_TRB_SPILLED;
    const unsigned se = spilled ? t->tim[q->id].entry : 0;
    const uint64_t spills = t->st.spills, refills = t->st.refills;
    xrs_t *r = &QPUSH(x->xr);
    memset(r, 0, sizeof *r);
    const gx_trb_err_t e = gx_trb_read(x->t, q->id, q->last, r->v);
    x->decisions++;
    r->status = e == GX_TRB_OK ? 0u : (unsigned)e;
    r->last = q->last;
    if (spilled) {
        xmem_t *rd = &QPUSH(x->xm);
        rd->write = 0;
        rd->entry = se;
        x->cov[q->last ? C_SPILL_READ : C_REFILL]++;
        if (t->st.spills != spills) {
            xmem_t *w = &QPUSH(x->xm);
            w->write = 1;
            w->entry = se;
            memcpy(w->v, t->spill[se], sizeof w->v);
            x->cov[C_SWAP]++;
        }
        (void)refills;
    } else if (e == GX_TRB_OK) {
        x->cov[C_READ_HERE]++;
    }
    if (e == GX_TRB_OK && q->last)
        x->cov[C_RELEASE]++;
    if (e == GX_TRB_EID)
        x->cov[C_EID_R]++;
    if (e == GX_TRB_ENOVAL)
        x->cov[C_NOVAL]++;
    return e;
}

/* One clock: drive the ports, step the RTL, follow every handshake. retry: a read with
 * no value is queued again (the warp waits). Returns 0 when an assertion failed. */
static int clock(ctx_t *x, int retry)
{
    gx_trb_in_t in;
    memset(&in, 0, sizeof in);
    if (x->aq.n && (x->wpres || !tb_rng_pct(&x->st, x->stall))) {
        const arr_t *a = &QHEAD(x->aq);
        in.wr_valid = 1;
        in.wr_id = a->id;
        gx_trb_beat(a->v, x->wbeat, in.wr_data);
        x->wpres = 1;
    }
    if (x->rq.n && (x->rpres || !tb_rng_pct(&x->st, x->stall))) {
        in.rd_valid = 1;
        in.rd_id = QHEAD(x->rq).id;
        in.rd_last = QHEAD(x->rq).last;
        x->rpres = 1;
    }
    in.rs_ready = !tb_rng_pct(&x->st, x->stall);
    in.mw_ready = !tb_rng_pct(&x->st, x->stall);
    in.mr_ready = !tb_rng_pct(&x->st, x->stall);
    if (x->md_on && x->md_lat)
        x->md_lat--;
    else if (x->md_on && (x->md_pres || !tb_rng_pct(&x->st, x->stall))) {
        in.md_valid = 1;
        gx_trb_beat(x->mem[x->md_entry], x->md_k, in.md_data);
        x->md_pres = 1;
    } else if (x->md_on) {
        x->cov[C_MD_GAP]++;
    }
    gx_trb_out_t o;
    if (!gx_trb_rtl_cycle(x->m, &in, &o)) {
        tb_check(x->rep, 0, "cycle %" PRIu64 ": an assertion failed", x->c);
        return 0;
    }
    tb_report_t *rep = x->rep;
    x->rtl.held_max = o.held > x->rtl.held_max ? o.held : x->rtl.held_max;
    /* an arrival decided: dropped or waiting */
    if (o.err_valid || o.full) {
        tb_check(rep, in.wr_valid && !(o.err_valid && o.full) && !x->dropped,
                 "cycle %" PRIu64 ": err_valid %d full %d without an arrival", x->c,
                 o.err_valid, o.full);
        if (in.wr_valid) {
            model_write(x, &QHEAD(x->aq), o.full ? GX_TRB_EFULL : (gx_trb_err_t)o.err_code);
            if (o.full) {
                x->rtl.full++;
                x->waited = 1;
            } else {
                x->dropped = 1;
            }
        }
    }
    /* a read request taken */
    if (in.rd_valid && o.rd_ready) {
        if (in.wr_valid)
            x->cov[C_BOTH]++;
        tb_check(rep, o.held == gx_trb_held(x->t) && o.spilled == gx_trb_spilled(x->t),
                 "cycle %" PRIu64 ": held %u spilled %u, model %u %u", x->c, o.held, o.spilled,
                 gx_trb_held(x->t), gx_trb_spilled(x->t));
        const rdreq_t q = QHEAD(x->rq);
        QPOP(x->rq);
        x->rpres = 0;
        x->rd_last = q.last;
        const gx_trb_err_t e = model_read(x, &q);
        if (e == GX_TRB_ENOVAL && retry && q.last)
            QPUSH(x->rq) = q;
        if (e == GX_TRB_OK && retry && q.last)
            x->ids[x->nids++] = q.id;
    }
    /* an arrival's beat taken */
    if (in.wr_valid && o.wr_ready) {
        if (x->wbeat == 0 && !x->dropped) {
            model_write(x, &QHEAD(x->aq), GX_TRB_OK);
            x->rtl.writes++;
            if (x->waited)
                x->cov[C_FULL_TAKEN]++;
        }
        x->wpres = 0;
        if (++x->wbeat == GX_TRB_BEATS) {
            QPOP(x->aq);
            x->wbeat = 0;
            x->dropped = 0;
            x->waited = 0;
        }
    }
    /* a response beat */
    if (o.rs_valid && !in.rs_ready)
        x->cov[C_RS_STALL]++;
    if (o.rs_valid && in.rs_ready) {
        if (!x->xr.n) {
            tb_check(rep, 0, "cycle %" PRIu64 ": a response beat with no request", x->c);
        } else {
            const xrs_t *r = &QHEAD(x->xr);
            const int lastb = r->status || x->rbeat == GX_TRB_BEATS - 1;
            tb_check(rep, o.rs_status == r->status && o.rs_last == lastb &&
                              (r->status || gx_trb_beat_eq(r->v, x->rbeat, o.rs_data)),
                     "cycle %" PRIu64 ": response beat %u: status %u last %d data %08x.., "
                     "model status %u data %08x..", x->c, x->rbeat, o.rs_status, o.rs_last,
                     o.rs_data[0], r->status, r->v[4 * x->rbeat]);
            if (lastb) {
                if (o.rs_status == 0) {
                    x->rtl.reads++;
                    x->rtl.releases += (uint64_t)r->last;
                }
                QPOP(x->xr);
                x->rbeat = 0;
            } else {
                x->rbeat++;
            }
        }
    }
    /* the spill memory: a write beat, a read request, a read beat */
    if (o.mw_valid && !in.mw_ready)
        x->cov[C_MW_STALL]++;
    if (o.mw_valid && in.mw_ready) {
        tb_check(rep, o.mw_beat == x->mwbeat && o.mw_entry < NS,
                 "cycle %" PRIu64 ": memory write beat %u entry %u, want beat %u", x->c,
                 o.mw_beat, o.mw_entry, x->mwbeat);
        memcpy(x->mw_buf + 4 * (x->mwbeat % GX_TRB_BEATS), o.mw_data, 16);
        if (++x->mwbeat == GX_TRB_BEATS) {
            x->mwbeat = 0;
            x->rtl.spills++;
            const xmem_t *w = x->xm.n ? &QHEAD(x->xm) : NULL;
            tb_check(rep, w && w->write && w->entry == o.mw_entry &&
                              !memcmp(w->v, x->mw_buf, sizeof x->mw_buf),
                     "cycle %" PRIu64 ": memory write of entry %u: model %s entry %u",
                     x->c, o.mw_entry, !w ? "nothing" : w->write ? "a write" : "a read",
                     w ? w->entry : 0u);
            memcpy(x->mem[o.mw_entry % NS], x->mw_buf, sizeof x->mw_buf);
            if (w)
                QPOP(x->xm);
        }
    }
    if (o.mr_valid && in.mr_ready) {
        const xmem_t *w = x->xm.n ? &QHEAD(x->xm) : NULL;
        tb_check(rep, w && !w->write && w->entry == o.mr_entry && !x->md_on,
                 "cycle %" PRIu64 ": memory read of entry %u: model %s entry %u", x->c,
                 o.mr_entry, !w ? "nothing" : w->write ? "a write" : "a read",
                 w ? w->entry : 0u);
        if (w)
            QPOP(x->xm);
        x->rtl.refills += (uint64_t)!x->rd_last;
        x->rtl.spill_reads += (uint64_t)x->rd_last;
        x->md_on = 1;
        x->md_entry = o.mr_entry % NS;
        x->md_k = 0;
        x->md_lat = tb_rng_pct(&x->st, 5) ? 40 + tb_rng_below(&x->st, 60)
                                          : tb_rng_below(&x->st, 8);
    }
    if (in.md_valid && o.md_ready) {
        x->md_pres = 0;
        if (++x->md_k == GX_TRB_BEATS)
            x->md_on = 0;
    }
    x->c++;
    return 1;
}

static int busy(const ctx_t *x)
{
    return x->aq.n || x->rq.n || x->xr.n || x->xm.n || x->md_on;
}

static void ctx_new(ctx_t *x, const tb_opts_t *o, unsigned salt, const char *fst,
                    tb_report_t *rep, uint64_t *cov)
{
    memset(x, 0, sizeof *x);
    x->rep = rep;
    x->cov = cov;
    tb_rng_seed(&x->r, o->seed + 977u * salt);
    tb_rng_seed_stalls(&x->st, o);
    tb_rng_seed(&x->st, tb_rng_u64(&x->st) + salt);
    x->t = calloc(1, sizeof *x->t);
    x->mem = calloc(NS, sizeof *x->mem);
    x->aq.a = calloc(QN, sizeof *x->aq.a);
    x->rq.a = calloc(QN, sizeof *x->rq.a);
    x->xr.a = calloc(QN, sizeof *x->xr.a);
    x->xm.a = calloc(QN, sizeof *x->xm.a);
    if (!x->t || !x->mem || !x->aq.a || !x->rq.a || !x->xr.a || !x->xm.a)
        abort();
    const gx_trb_cfg_t cfg = {NE, NS, NI};
    if (gx_trb_init(x->t, &cfg) != GX_TRB_OK)
        abort();
    x->m = gx_trb_rtl_new(fst);
}

/* The end of a run: every counter against the model's; frees the run. */
static void ctx_end(ctx_t *x, const char *covp, uint64_t *cycles)
{
    const gx_trb_stats_t *s = &x->t->st;
    tb_report_t *rep = x->rep;
    tb_check(rep, x->rtl.writes == s->writes && x->rtl.reads == s->reads &&
                      x->rtl.releases == s->releases && x->rtl.spills == s->spills &&
                      x->rtl.refills == s->refills && x->rtl.spill_reads == s->spill_reads &&
                      (x->rtl.spills + x->rtl.refills + x->rtl.spill_reads) *
                              GX_TRB_ENTRY_BYTES == s->mem_bytes &&
                      x->rtl.full == s->full && x->rtl.held_max == s->held_max,
             "counters: RTL writes %" PRIu64 " reads %" PRIu64 " releases %" PRIu64
             " spills %" PRIu64 " refills %" PRIu64 " spill_reads %" PRIu64 " full %" PRIu64
             " held_max %u; model %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
             " %" PRIu64 " %" PRIu64 " %u",
             x->rtl.writes, x->rtl.reads, x->rtl.releases, x->rtl.spills, x->rtl.refills,
             x->rtl.spill_reads, x->rtl.full, x->rtl.held_max, s->writes, s->reads,
             s->releases, s->spills, s->refills, s->spill_reads, s->full, s->held_max);
    tb_check(rep, gx_trb_check(x->t) == GX_TRB_OK, "model conservation");
    gx_trb_rtl_free(x->m, covp);
    *cycles += x->c;
    free(x->t);
    free(x->mem);
    free(x->aq.a);
    free(x->rq.a);
    free(x->xr.a);
    free(x->xm.a);
}

/* Run the clocks until nothing is pending, releasing live values when an arrival waits
 * with no read to come. */
static int drain(ctx_t *x, int retry)
{
    uint64_t quiet = 0, d0 = x->decisions;
    while (busy(x)) {
        if (!retry && x->aq.n && !x->rq.n) {
            int f = 0;
            const uint32_t id = live_id(x, &f);
            if (f) {
                rdreq_t *q = &QPUSH(x->rq);
                q->id = id;
                q->last = 1;
            }
        }
        if (!clock(x, retry))
            return 0;
        if (x->c > CAP) {
            tb_check(x->rep, 0, "a run over %u clocks", CAP);
            return 0;
        }
        if (x->decisions != d0) {
            d0 = x->decisions;
            quiet = 0;
        } else if (++quiet > HANG) {
            tb_check(x->rep, 0, "no decision in %u clocks (%u arrivals, %u reads pending)", HANG,
                     x->aq.n, x->rq.n);
            return 0;
        }
    }
    return 1;
}

/* Random traffic in phases: each aims at a number of live values. */
static int run_random(const tb_opts_t *o, unsigned salt, unsigned stall, uint64_t n,
                      const char *fst, const char *covp, tb_report_t *rep, uint64_t *cov,
                      uint64_t *cycles)
{
    ctx_t x;
    ctx_new(&x, o, salt, fst, rep, cov);
    x.stall = stall;
    static const unsigned targets[] = {0, NE / 2, NE, NE + NS / 2, NE + NS, NE + NS + 4};
    unsigned target = NE, left = 0, pct_last = 50;
    uint64_t quiet = 0, d0 = 0;
    int ok = 1;
    while (x.decisions < n && ok) {
        if (!left) {
            target = targets[tb_rng_below(&x.r, 6)];
            left = 50 + tb_rng_below(&x.r, 300);
            pct_last = 20 + tb_rng_below(&x.r, 70);
        }
        const unsigned live = gx_trb_held(x.t) + gx_trb_spilled(x.t) + x.aq.n;
        if (x.aq.n < 2 && tb_rng_pct(&x.r, live < target ? 60 : 10)) {
            gen_arrival(&x);
            left--;
        }
        if (x.rq.n < 2 && tb_rng_pct(&x.r, live > target ? 60 : 10)) {
            gen_read(&x, live > target ? pct_last : pct_last / 4);
            left--;
        }
        ok = clock(&x, 0);
        if (x.decisions != d0) {
            d0 = x.decisions;
            quiet = 0;
        } else if (++quiet > HANG) {
            tb_check(rep, 0, "no decision in %u clocks", HANG);
            ok = 0;
        }
    }
    ok = ok && drain(&x, 0);
    ctx_end(&x, covp, cycles);
    return ok;
}

typedef struct ev {
    uint32_t t, op, kind; /* kind 0 arrival, 1 read, 2 last read */
} ev_t;

static int ev_cmp(const void *a, const void *b)
{
    const ev_t *p = a, *q = b;
    if (p->t != q->t)
        return p->t < q->t ? -1 : 1;
    if (p->kind != q->kind)
        return p->kind < q->kind ? -1 : 1;
    return p->op < q->op ? -1 : p->op > q->op;
}

/* A trace of the warp-scheduler stand-in: arrivals at their arrival clocks, reads at
 * their use (every operation read once with last use, 30 % of them read before without),
 * two RTL clocks a trace clock; an operation's identifier is a free one when its value
 * is sent. A last read that finds no value is retried. */
static int run_pattern(const tb_opts_t *o, unsigned salt, const gx_trb_pattern_t *p,
                       tb_report_t *rep, uint64_t *cov, uint64_t *cycles)
{
    ctx_t x;
    ctx_new(&x, o, salt, NULL, rep, cov);
    x.stall = 10;
    const uint32_t n = p->warps * p->ops;
    gx_trb_life_t *ops = calloc(n, sizeof *ops);
    ev_t *ev = calloc(3 * (size_t)n, sizeof *ev);
    uint32_t (*val)[GX_TRB_LANES] = calloc(n, sizeof *val);
    if (!ops || !ev || !val)
        abort();
    int ok = gx_trb_run_pattern(p, ops) != 0;
    tb_check(rep, ok, "gx_trb_run_pattern failed");
    uint32_t ne = 0;
    for (uint32_t i = 0; i < n && ok; i++) {
        rand_value(&x.r, val[i]);
        ev[ne++] = (ev_t){ops[i].arrive, i, 0};
        if (tb_rng_pct(&x.r, 30))
            ev[ne++] = (ev_t){ops[i].use > ops[i].arrive ? ops[i].use - 1 : ops[i].use, i, 1};
        ev[ne++] = (ev_t){ops[i].use, i, 2};
    }
    qsort(ev, ne, sizeof *ev, ev_cmp);
    uint32_t k = 0, *op_id = calloc(n, sizeof *op_id);
    if (!op_id)
        abort();
    for (uint32_t i = 0; i < NI; i++)
        x.ids[i] = NI - 1 - i;
    x.nids = NI;
    uint64_t quiet = 0, d0 = 0;
    while (ok && k < ne) {
        while (k < ne && (uint64_t)ev[k].t * 2 <= x.c) {
            if (ev[k].kind == 0) {
                if (!x.nids)
                    break; /* every identifier in use: wait for a release */
                op_id[ev[k].op] = x.ids[--x.nids];
                arr_t *a = &QPUSH(x.aq);
                a->id = op_id[ev[k].op];
                memcpy(a->v, val[ev[k].op], sizeof a->v);
            } else {
                rdreq_t *q = &QPUSH(x.rq);
                q->id = op_id[ev[k].op];
                q->last = ev[k].kind == 2;
            }
            k++;
        }
        ok = clock(&x, 1);
        if (x.c > CAP) {
            tb_check(rep, 0, "pattern: over %u clocks", CAP);
            ok = 0;
        }
        if (x.decisions != d0 || !busy(&x)) {
            d0 = x.decisions;
            quiet = 0;
        } else if (++quiet > HANG) {
            tb_check(rep, 0, "pattern: no decision in %u clocks", HANG);
            ok = 0;
        }
    }
    ok = ok && drain(&x, 1);
    if (x.t->st.spills)
        cov[C_PAT_SPILL]++;
    tb_check(rep, gx_trb_held(x.t) == 0 && gx_trb_spilled(x.t) == 0,
             "pattern: values left after every last read");
    ctx_end(&x, NULL, cycles);
    free(ops);
    free(op_id);
    free(ev);
    free(val);
    return ok;
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "an arrival into an entry", "an arrival spilled", "an arrival waits (full)",
        "a waiting arrival taken after a release", "an arrival with a bad id",
        "an arrival for an id holding a value", "a read with a bad id", "a read with no value",
        "a read from an entry", "a release (last use)", "a last-use read from memory",
        "a refill into a free entry", "a swap with the victim", "every spill entry held",
        "a response stalled", "a memory write stalled", "a memory read beat's gap",
        "an arrival and a read request in one clock", "a pattern trace that spills"};
    return tb_cov_holes(cov, names, C_BINS, 0);
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_trb", 10000);
    printf("tb_trb: SEED=%" PRIu64 " N=%" PRIu64 " (decisions a random run)\n", o.seed, o.n);
    fflush(stdout);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_trb", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    uint64_t cov[C_BINS] = {0}, cycles = 0;
    int ok = 1;
    static const unsigned stalls[] = {0, 20, 50, 10};
    for (unsigned i = 0; i < 4; i++) /* line and toggle coverage: the last random run's */
        ok &= run_random(&o, i, stalls[i], o.n, o.waves && i == 3 ? path : NULL,
                         i == 3 ? cpath : NULL, &rep, cov, &cycles);
    static const gx_trb_pattern_t pats[] = {
        {8, 32, 4, 8, 100, 4}, {16, 32, 4, 8, 400, 16}, {16, 24, 8, 8, 200, 8},
        {32, 32, 2, 8, 400, 8}};
    for (unsigned i = 0; i < 4; i++)
        ok &= run_pattern(&o, 10 + i, &pats[i], &rep, cov, &cycles);
    tb_check(&rep, ok, "a run stopped early");
    const int holes = cov_check(cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_trb: 4 random runs of %" PRIu64 " decisions, 4 pattern traces, %" PRIu64
           " cycles\n", o.n, cycles);
    return tb_summary(&rep);
}
