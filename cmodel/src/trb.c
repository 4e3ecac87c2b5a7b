/* The texture return buffer: free list, TIM table, last-use release, spill and refill;
 * the storage measurement and its warp-scheduler stand-in (gx/trb.h, docs/texture.md). */
#include "gx/trb.h"

#include <stdlib.h>
#include <string.h>

gx_trb_err_t gx_trb_init(gx_trb_t *t, const gx_trb_cfg_t *cfg)
{
    if (!cfg->entries || cfg->entries > GX_TRB_MAX_ENTRIES || cfg->spill > GX_TRB_MAX_SPILL ||
        !cfg->ids || cfg->ids > GX_TRB_MAX_IDS)
        return GX_TRB_ECFG;
    memset(t, 0, sizeof *t);
    t->cfg = *cfg;
    for (uint32_t i = 0; i < cfg->entries; i++)
        t->fl[i] = (uint16_t)i;
    t->fl_n = cfg->entries;
    for (uint32_t i = 0; i < cfg->spill; i++)
        t->sfl[i] = (uint16_t)i;
    t->sfl_n = cfg->spill;
    return GX_TRB_OK;
}

static uint16_t fl_pop(uint16_t *ring, uint32_t size, uint32_t *head, uint32_t *n)
{
    const uint16_t e = ring[*head];
    *head = (*head + 1) % size;
    (*n)--;
    return e;
}

static void fl_push(uint16_t *ring, uint32_t size, uint32_t head, uint32_t *n, uint16_t e)
{
    ring[(head + *n) % size] = e;
    (*n)++;
}

uint32_t gx_trb_held(const gx_trb_t *t)
{
    return t->cfg.entries - t->fl_n;
}

uint32_t gx_trb_spilled(const gx_trb_t *t)
{
    return t->cfg.spill - t->sfl_n;
}

gx_trb_err_t gx_trb_write(gx_trb_t *t, uint32_t id, const uint32_t v[GX_TRB_LANES])
{
    if (id >= t->cfg.ids)
        return GX_TRB_EID;
    gx_trb_tim_t *m = &t->tim[id];
    if (m->where != GX_TRB_NONE)
        return GX_TRB_ETWICE;
    if (t->fl_n) {
        m->entry = fl_pop(t->fl, t->cfg.entries, &t->fl_head, &t->fl_n);
        m->where = GX_TRB_HERE;
        memcpy(t->data[m->entry], v, GX_TRB_ENTRY_BYTES);
        const uint32_t held = gx_trb_held(t);
        t->st.held_max = held > t->st.held_max ? held : t->st.held_max;
    } else if (t->sfl_n) {
        m->entry = fl_pop(t->sfl, t->cfg.spill, &t->sfl_head, &t->sfl_n);
        m->where = GX_TRB_SPILLED;
        memcpy(t->spill[m->entry], v, GX_TRB_ENTRY_BYTES);
        t->st.spills++;
        t->st.mem_bytes += GX_TRB_ENTRY_BYTES;
    } else {
        t->st.full++;
        return GX_TRB_EFULL;
    }
    m->age = t->clock++;
    t->st.writes++;
    return GX_TRB_OK;
}

/* The buffer's victim for a swap: the valid entry with the earliest age (ids in order
 * break no tie: ages are unique). */
static uint32_t victim(const gx_trb_t *t)
{
    uint32_t best = t->cfg.ids;
    for (uint32_t id = 0; id < t->cfg.ids; id++)
        if (t->tim[id].where == GX_TRB_HERE &&
            (best == t->cfg.ids || t->tim[id].age - t->tim[best].age > (1u << 31)))
            best = id;
    return best;
}

gx_trb_err_t gx_trb_read(gx_trb_t *t, uint32_t id, int last_use, uint32_t out[GX_TRB_LANES])
{
    if (id >= t->cfg.ids)
        return GX_TRB_EID;
    gx_trb_tim_t *m = &t->tim[id];
    if (m->where == GX_TRB_NONE)
        return GX_TRB_ENOVAL;
    t->st.reads++;
    if (m->where == GX_TRB_SPILLED) {
        const uint16_t se = m->entry;
        t->st.mem_bytes += GX_TRB_ENTRY_BYTES;
        if (last_use) {
            memcpy(out, t->spill[se], GX_TRB_ENTRY_BYTES);
            fl_push(t->sfl, t->cfg.spill, t->sfl_head, &t->sfl_n, se);
            m->where = GX_TRB_NONE;
            t->st.spill_reads++;
            t->st.releases++;
            return GX_TRB_OK;
        }
        /* refill into a free entry, or swap with the victim */
        uint16_t e;
        if (t->fl_n) {
            e = fl_pop(t->fl, t->cfg.entries, &t->fl_head, &t->fl_n);
            memcpy(t->data[e], t->spill[se], GX_TRB_ENTRY_BYTES);
            fl_push(t->sfl, t->cfg.spill, t->sfl_head, &t->sfl_n, se);
            const uint32_t held = gx_trb_held(t);
            t->st.held_max = held > t->st.held_max ? held : t->st.held_max;
        } else {
            const uint32_t vid = victim(t); /* every entry is held: one exists */
            e = t->tim[vid].entry;
            uint32_t tmp[GX_TRB_LANES];
            memcpy(tmp, t->data[e], GX_TRB_ENTRY_BYTES);
            memcpy(t->data[e], t->spill[se], GX_TRB_ENTRY_BYTES);
            memcpy(t->spill[se], tmp, GX_TRB_ENTRY_BYTES);
            t->tim[vid].where = GX_TRB_SPILLED;
            t->tim[vid].entry = se;
            t->st.spills++;
            t->st.mem_bytes += GX_TRB_ENTRY_BYTES;
        }
        m->where = GX_TRB_HERE;
        m->entry = e;
        m->age = t->clock++;
        t->st.refills++;
    }
    memcpy(out, t->data[m->entry], GX_TRB_ENTRY_BYTES);
    if (last_use) {
        fl_push(t->fl, t->cfg.entries, t->fl_head, &t->fl_n, m->entry);
        m->where = GX_TRB_NONE;
        t->st.releases++;
    }
    return GX_TRB_OK;
}

gx_trb_err_t gx_trb_check(const gx_trb_t *t)
{
    uint8_t seen[GX_TRB_MAX_ENTRIES], sseen[GX_TRB_MAX_SPILL];
    memset(seen, 0, sizeof seen);
    memset(sseen, 0, sizeof sseen);
    if (t->fl_n > t->cfg.entries || t->sfl_n > t->cfg.spill)
        return GX_TRB_EINV;
    for (uint32_t i = 0; i < t->fl_n; i++) {
        const uint16_t e = t->fl[(t->fl_head + i) % t->cfg.entries];
        if (e >= t->cfg.entries || seen[e]++)
            return GX_TRB_EINV;
    }
    for (uint32_t i = 0; i < t->sfl_n; i++) {
        const uint16_t e = t->sfl[(t->sfl_head + i) % t->cfg.spill];
        if (e >= t->cfg.spill || sseen[e]++)
            return GX_TRB_EINV;
    }
    for (uint32_t id = 0; id < t->cfg.ids; id++) {
        const gx_trb_tim_t *m = &t->tim[id];
        if (m->where == GX_TRB_HERE) {
            if (m->entry >= t->cfg.entries || seen[m->entry]++)
                return GX_TRB_EINV; /* an entry twice: free and held, or held twice */
        } else if (m->where == GX_TRB_SPILLED) {
            if (m->entry >= t->cfg.spill || sseen[m->entry]++)
                return GX_TRB_EINV;
        } else if (m->where != GX_TRB_NONE) {
            return GX_TRB_EINV;
        }
    }
    for (uint32_t e = 0; e < t->cfg.entries; e++)
        if (seen[e] != 1)
            return GX_TRB_EINV; /* an entry neither free nor held: lost */
    for (uint32_t e = 0; e < t->cfg.spill; e++)
        if (sseen[e] != 1)
            return GX_TRB_EINV;
    return GX_TRB_OK;
}

/* ---- storage at equal throughput ---- */

typedef struct ev {
    uint32_t t;
    int32_t d; /* +1 start, -1 end (at the clock after the last read) */
} ev_t;

static int ev_cmp(const void *a, const void *b)
{
    const ev_t *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->d - y->d; /* ends before starts at one clock */
}

static uint32_t peak(ev_t *ev, uint32_t n)
{
    qsort(ev, n, sizeof *ev, ev_cmp);
    int64_t cur = 0, best = 0;
    for (uint32_t i = 0; i < n; i++) {
        cur += ev[i].d;
        best = cur > best ? cur : best;
    }
    return (uint32_t)best;
}

void gx_trb_peaks(const gx_trb_life_t *ops, uint32_t n, uint32_t *at_issue,
                  uint32_t *at_arrival)
{
    *at_issue = *at_arrival = 0;
    if (!n)
        return;
    ev_t *ev = malloc(2 * (size_t)n * sizeof *ev);
    if (!ev)
        abort();
    for (uint32_t i = 0; i < n; i++) {
        ev[2 * i] = (ev_t){ops[i].issue, 1};
        ev[2 * i + 1] = (ev_t){ops[i].use + 1, -1};
    }
    *at_issue = peak(ev, 2 * n);
    for (uint32_t i = 0; i < n; i++) {
        ev[2 * i] = (ev_t){ops[i].arrive, 1};
        ev[2 * i + 1] = (ev_t){ops[i].use + 1, -1};
    }
    *at_arrival = peak(ev, 2 * n);
    free(ev);
}

enum { CTX_IDLE, CTX_ISSUE, CTX_USE };

typedef struct ctx {
    uint32_t state, warp, k_issue, k_use, alu_left;
} ctx_t;

/* The instruction context i issues at clock t, if it has one ready: 1 when issued. */
static int issue_one(const gx_trb_pattern_t *p, ctx_t *c, gx_trb_life_t *ops, uint32_t *fifo,
                     uint32_t *ftail, uint32_t t, uint32_t *done, uint32_t *end)
{
    if (c->state == CTX_ISSUE) {
        const uint32_t o = c->warp * p->ops + c->k_issue++;
        ops[o].issue = t;
        fifo[(*ftail)++] = o;
        if (c->k_issue == p->ops)
            c->state = CTX_USE;
        return 1;
    }
    if (c->state != CTX_USE)
        return 0;
    if (c->alu_left) {
        if (--c->alu_left == 0 && c->k_use == p->ops) {
            c->state = CTX_IDLE;
            (*done)++;
            *end = t + 1;
        }
        return 1;
    }
    gx_trb_life_t *l = &ops[c->warp * p->ops + c->k_use];
    if (c->k_use == p->ops || l->arrive > t)
        return 0;
    l->use = t;
    c->k_use++;
    c->alu_left = p->alu;
    if (!c->alu_left && c->k_use == p->ops) {
        c->state = CTX_IDLE;
        (*done)++;
        *end = t + 1;
    }
    return 1;
}

uint32_t gx_trb_run_pattern(const gx_trb_pattern_t *p, gx_trb_life_t *ops)
{
    if (!p->contexts || !p->warps || !p->ops || !p->tex_clocks)
        return 0;
    /* each clock issues an instruction or waits on the unit or the latency: a bound */
    const uint64_t n = (uint64_t)p->warps * p->ops;
    const uint64_t bound = n * ((uint64_t)p->tex_clocks + p->latency + p->alu + 3) + 2;
    if (bound >= (1ull << 31))
        return 0;
    const uint32_t nc = p->contexts;
    ctx_t *c = calloc(nc, sizeof *c);
    uint32_t *fifo = malloc(n * sizeof *fifo);
    if (!c || !fifo)
        abort();
    for (uint64_t i = 0; i < n; i++) {
        ops[i].warp = (uint32_t)(i / p->ops);
        ops[i].op = (uint32_t)(i % p->ops);
        ops[i].issue = ops[i].arrive = ops[i].use = UINT32_MAX;
    }
    uint32_t next_warp = 0, done = 0, fhead = 0, ftail = 0, tex_free = 0, end = 0, rr = 0;
    for (uint32_t t = 0; done < p->warps && t < bound; t++) {
        /* idle contexts start the next warps */
        for (uint32_t i = 0; i < nc; i++)
            if (c[i].state == CTX_IDLE && next_warp < p->warps) {
                c[i].state = CTX_ISSUE;
                c[i].warp = next_warp++;
                c[i].k_issue = c[i].k_use = c[i].alu_left = 0;
            }
        /* one instruction a clock, round robin from the context after the last issuer */
        for (uint32_t j = 0; j < nc; j++) {
            const uint32_t i = (rr + j) % nc;
            if (issue_one(p, &c[i], ops, fifo, &ftail, t, &done, &end)) {
                rr = i + 1;
                break;
            }
        }
        /* the texture unit takes the oldest operation when free */
        if (t >= tex_free && fhead < ftail) {
            const uint32_t o = fifo[fhead++];
            ops[o].arrive = t + p->tex_clocks + p->latency;
            tex_free = t + p->tex_clocks;
        }
    }
    free(c);
    free(fifo);
    return done == p->warps ? end : 0;
}
