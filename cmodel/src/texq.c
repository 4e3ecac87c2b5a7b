/* The texture queue: layout, reservation, stores, drain, results (gx/texq.h,
 * docs/texture.md). */
#include "gx/texq.h"

#include <string.h>

uint32_t gx_texq_bank(uint32_t lane, uint32_t k, uint32_t c)
{
    const uint32_t comp = c < GX_TEXQ_COMPS ? c : 0;
    return (lane + 4 * k + 16 * comp) % GX_TEXQ_BANKS;
}

uint32_t gx_texq_slot(const gx_texq_batch_t *b, uint32_t w, uint32_t k, uint32_t c)
{
    if (c < GX_TEXQ_COMPS)
        return b->base + GX_TEXQ_COMPS * (w * b->ops + k) + c;
    return b->base + GX_TEXQ_COMPS * b->warps * b->ops + w * b->ops + k;
}

void gx_texq_order_at(uint32_t order, uint32_t W, uint32_t K, uint32_t seq, uint32_t *Q,
                      uint32_t *k)
{
    const uint32_t quads = GX_TEXQ_WARP_QUADS * W;
    if (order == GX_TEXQ_QUADTEX) {
        *Q = seq / K;
        *k = seq % K;
    } else {
        *k = seq / quads;
        *Q = seq % quads;
    }
}

static uint32_t total_slots(const gx_texq_batch_t *b)
{
    return (GX_TEXQ_COMPS + 1) * b->warps * b->ops;
}

static uint32_t total_reqs(const gx_texq_batch_t *b)
{
    return GX_TEXQ_WARP_QUADS * b->warps * b->ops;
}

/* 1 when banks[0..n-1] repeat a bank. */
static int repeats(const uint32_t *banks, unsigned n)
{
    uint64_t seen = 0;
    for (unsigned i = 0; i < n; i++) {
        if (seen >> banks[i] & 1)
            return 1;
        seen |= (uint64_t)1 << banks[i];
    }
    return 0;
}

/* Count a whole-slot access's conflicts from the layout. */
static void slot_access(gx_texq_t *q, uint32_t k, uint32_t c)
{
    uint32_t banks[GX_TEXQ_LANES];
    for (uint32_t l = 0; l < GX_TEXQ_LANES; l++)
        banks[l] = gx_texq_bank(l, k, c);
    q->st.slot_conflicts += (uint64_t)repeats(banks, GX_TEXQ_LANES);
}

/* The banks a quad request reads (4 s then 4 t). */
static void req_banks(uint32_t quad, uint32_t k, uint32_t banks[8])
{
    for (uint32_t c = 0; c < GX_TEXQ_COMPS; c++)
        for (uint32_t i = 0; i < 4; i++)
            banks[4 * c + i] = gx_texq_bank(4 * quad + i, k, c);
}

gx_texq_err_t gx_texq_init(gx_texq_t *q, const gx_texq_cfg_t *cfg)
{
    if (!cfg->slots || cfg->slots > GX_TEXQ_MAX_SLOTS ||
        (cfg->order != GX_TEXQ_QUADTEX && cfg->order != GX_TEXQ_TEXTILE))
        return GX_TEXQ_ECFG;
    memset(q, 0, sizeof *q);
    q->cfg = *cfg;
    q->draining = GX_TEXQ_MAX_BATCHES;
    q->freeing = GX_TEXQ_MAX_BATCHES;
    return GX_TEXQ_OK;
}

uint32_t gx_texq_free_slots(const gx_texq_t *q)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < q->cfg.slots; i++)
        n += !q->owner[i];
    return n;
}

gx_texq_err_t gx_texq_reserve(gx_texq_t *q, uint32_t warps, uint32_t ops, uint32_t *batch)
{
    if (!warps || warps > GX_TEXQ_MAX_WARPS || !ops || ops > GX_TEXQ_MAX_OPS)
        return GX_TEXQ_EARG;
    uint32_t id = 0;
    while (id < GX_TEXQ_MAX_BATCHES && q->b[id].state != GX_TEXQ_B_FREE)
        id++;
    const uint32_t need = (GX_TEXQ_COMPS + 1) * warps * ops;
    uint32_t base = 0, run = 0;
    for (uint32_t i = 0; i < q->cfg.slots && run < need; i++) {
        if (q->owner[i]) {
            run = 0;
            base = i + 1;
        } else {
            run++;
        }
    }
    if (id == GX_TEXQ_MAX_BATCHES || run < need) {
        q->st.refused++;
        return GX_TEXQ_EFULL;
    }
    gx_texq_batch_t *b = &q->b[id];
    memset(b, 0, sizeof *b);
    b->state = GX_TEXQ_B_FILL;
    b->warps = warps;
    b->ops = ops;
    b->base = base;
    b->age = q->next_age++;
    b->coord_live = GX_TEXQ_COMPS * warps * ops;
    for (uint32_t i = base; i < base + need; i++)
        q->owner[i] = (uint8_t)(id + 1);
    q->st.reserves++;
    *batch = id;
    return GX_TEXQ_OK;
}

gx_texq_err_t gx_texq_store(gx_texq_t *q, uint32_t batch, uint32_t w, uint32_t k,
                            uint32_t c, const int32_t v[GX_TEXQ_LANES])
{
    if (batch >= GX_TEXQ_MAX_BATCHES || q->b[batch].state != GX_TEXQ_B_FILL)
        return GX_TEXQ_EBATCH;
    gx_texq_batch_t *b = &q->b[batch];
    if (w >= b->warps || k >= b->ops || c >= GX_TEXQ_COMPS)
        return GX_TEXQ_EARG;
    const uint32_t i = GX_TEXQ_COMPS * (w * b->ops + k) + c;
    if (b->slot_stored[i])
        return GX_TEXQ_ETWICE;
    const uint32_t slot = gx_texq_slot(b, w, k, c);
    for (uint32_t l = 0; l < GX_TEXQ_LANES; l++)
        q->mem[slot][gx_texq_bank(l, k, c)] = (uint32_t)v[l];
    slot_access(q, k, c);
    b->slot_stored[i] = 1;
    b->stored++;
    q->st.stores++;
    if (b->stored == GX_TEXQ_COMPS * b->warps * b->ops)
        b->state = GX_TEXQ_B_READY;
    return GX_TEXQ_OK;
}

/* The next batch for the read crossbar: the oldest ready batch (the earliest reservation)
 * not yet read; GX_TEXQ_MAX_BATCHES when none. */
static uint32_t drain_batch(const gx_texq_t *q)
{
    uint32_t best = GX_TEXQ_MAX_BATCHES;
    for (uint32_t i = 0; i < GX_TEXQ_MAX_BATCHES; i++) {
        const gx_texq_batch_t *b = &q->b[i];
        if (b->state == GX_TEXQ_B_READY && !b->read &&
            (best == GX_TEXQ_MAX_BATCHES || b->age - q->b[best].age > (1u << 31)))
            best = i;
    }
    return best;
}

/* Request seq of batch id, its coordinates read from the queue. */
static gx_texq_req_t make_req(const gx_texq_t *q, uint32_t id, uint32_t seq)
{
    const gx_texq_batch_t *b = &q->b[id];
    gx_texq_req_t r;
    uint32_t Q, k;
    gx_texq_order_at(q->cfg.order, b->warps, b->ops, seq, &Q, &k);
    r.batch = id;
    r.warp = Q / GX_TEXQ_WARP_QUADS;
    r.quad = Q % GX_TEXQ_WARP_QUADS;
    r.op = k;
    r.seq = seq;
    const uint32_t ss = gx_texq_slot(b, r.warp, k, 0), ts = gx_texq_slot(b, r.warp, k, 1);
    for (uint32_t i = 0; i < 4; i++) {
        const uint32_t l = 4 * r.quad + i;
        r.s[i] = (int32_t)q->mem[ss][gx_texq_bank(l, k, 0)];
        r.t[i] = (int32_t)q->mem[ts][gx_texq_bank(l, k, 1)];
    }
    return r;
}

int gx_texq_clock(gx_texq_t *q, int tex_ready, gx_texq_req_t *req)
{
    int out = 0;
    q->st.clocks++;
    /* the coordinate slots of the batch drained in the last clock */
    if (q->freeing < GX_TEXQ_MAX_BATCHES) {
        gx_texq_batch_t *f = &q->b[q->freeing];
        for (uint32_t i = f->base; i < f->base + GX_TEXQ_COMPS * f->warps * f->ops; i++)
            q->owner[i] = 0;
        f->coord_live = 0;
        q->freeing = GX_TEXQ_MAX_BATCHES;
    }
    /* texture unit first: the head, once its read is GX_TEXQ_READ_LAT clocks old */
    if (tex_ready) {
        if (q->ibuf_n && q->st.clocks - q->ibuf_clk[q->ibuf_head] >= GX_TEXQ_READ_LAT) {
            *req = q->ibuf[q->ibuf_head];
            gx_texq_batch_t *b = &q->b[req->batch];
            b->req_issued[req->seq] = 1;
            b->issued++;
            q->ibuf_head = (q->ibuf_head + 1) % GX_TEXQ_IBUF_REQS;
            q->ibuf_n--;
            q->st.issued++;
            out = 1;
        } else {
            q->st.tex_idle++;
        }
    }
    /* read crossbar: the next requests of the chosen batch, one value a bank */
    const uint32_t id = q->draining;
    if (id == GX_TEXQ_MAX_BATCHES) {
        q->draining = drain_batch(q);
        return out;
    }
    gx_texq_batch_t *b = &q->b[id];
    uint32_t banks[GX_TEXQ_BANKS];
    uint64_t used = 0;
    unsigned n = 0, nb = 0;
    while (n < GX_TEXQ_READ_REQS && q->ibuf_n < GX_TEXQ_IBUF_REQS && b->read < total_reqs(b)) {
        uint32_t Q, k, rb[8];
        gx_texq_order_at(q->cfg.order, b->warps, b->ops, b->read, &Q, &k);
        req_banks(Q % GX_TEXQ_WARP_QUADS, k, rb);
        q->st.quad_conflicts += (uint64_t)repeats(rb, 8);
        uint64_t m = 0;
        for (unsigned i = 0; i < 8; i++)
            m |= (uint64_t)1 << rb[i];
        if (m & used) {
            q->st.read_conflict_stops++;
            break;
        }
        used |= m;
        for (unsigned i = 0; i < 8; i++)
            banks[nb++] = rb[i];
        const uint32_t tail = (q->ibuf_head + q->ibuf_n) % GX_TEXQ_IBUF_REQS;
        q->ibuf[tail] = make_req(q, id, b->read);
        q->ibuf_clk[tail] = q->st.clocks;
        q->ibuf_n++;
        b->read++;
        n++;
    }
    if (n) {
        q->st.read_clocks++;
        q->st.read_values += 8u * n;
        q->st.clock_conflicts += (uint64_t)repeats(banks, nb);
    }
    if (q->ibuf_n > q->st.ibuf_max)
        q->st.ibuf_max = q->ibuf_n;
    if (b->read == total_reqs(b)) {
        /* every coordinate drained: the slots are freed at the next clock's start, and the
         * next batch is chosen */
        q->freeing = id;
        q->draining = drain_batch(q);
    }
    return out;
}

gx_texq_err_t gx_texq_result(gx_texq_t *q, const gx_texq_req_t *req, const uint32_t rgba[4])
{
    if (req->batch >= GX_TEXQ_MAX_BATCHES || (q->b[req->batch].state != GX_TEXQ_B_READY &&
                                              q->b[req->batch].state != GX_TEXQ_B_RESULT))
        return GX_TEXQ_EBATCH;
    gx_texq_batch_t *b = &q->b[req->batch];
    /* warp, quad and op in range first: Q = 8 w + q alone would let quad 8 of warp 0
     * pass for quad 0 of warp 1 */
    if (req->seq >= total_reqs(b) || req->warp >= b->warps ||
        req->quad >= GX_TEXQ_WARP_QUADS || req->op >= b->ops)
        return GX_TEXQ_EARG;
    uint32_t Q, k;
    gx_texq_order_at(q->cfg.order, b->warps, b->ops, req->seq, &Q, &k);
    if (Q != GX_TEXQ_WARP_QUADS * req->warp + req->quad || k != req->op ||
        !b->req_issued[req->seq])
        return GX_TEXQ_EREQ;
    if (b->req_returned[req->seq])
        return GX_TEXQ_ETWICE;
    const uint32_t slot = gx_texq_slot(b, req->warp, k, GX_TEXQ_COMPS);
    uint32_t banks[4];
    for (uint32_t i = 0; i < 4; i++) {
        banks[i] = gx_texq_bank(4 * req->quad + i, k, GX_TEXQ_COMPS);
        q->mem[slot][banks[i]] = rgba[i];
    }
    q->st.quad_conflicts += (uint64_t)repeats(banks, 4);
    b->req_returned[req->seq] = 1;
    b->returned++;
    q->st.results++;
    if (b->returned == total_reqs(b))
        b->state = GX_TEXQ_B_RESULT;
    return GX_TEXQ_OK;
}

gx_texq_err_t gx_texq_read(gx_texq_t *q, uint32_t batch, uint32_t w, uint32_t k,
                           uint32_t out[GX_TEXQ_LANES])
{
    if (batch >= GX_TEXQ_MAX_BATCHES || q->b[batch].state == GX_TEXQ_B_FREE)
        return GX_TEXQ_EBATCH;
    gx_texq_batch_t *b = &q->b[batch];
    if (w >= b->warps || k >= b->ops)
        return GX_TEXQ_EARG;
    if (b->state != GX_TEXQ_B_RESULT)
        return GX_TEXQ_ENOTREADY;
    if (b->res_read[w * b->ops + k])
        return GX_TEXQ_ETWICE;
    const uint32_t slot = gx_texq_slot(b, w, k, GX_TEXQ_COMPS);
    for (uint32_t l = 0; l < GX_TEXQ_LANES; l++)
        out[l] = q->mem[slot][gx_texq_bank(l, k, GX_TEXQ_COMPS)];
    slot_access(q, k, GX_TEXQ_COMPS);
    b->res_read[w * b->ops + k] = 1;
    b->consumed++;
    q->st.result_reads++;
    if (b->consumed == b->warps * b->ops) {
        /* the coordinate slots went when the batch drained; now the result slots */
        for (uint32_t i = b->base + GX_TEXQ_COMPS * b->warps * b->ops;
             i < b->base + total_slots(b); i++)
            q->owner[i] = 0;
        memset(b, 0, sizeof *b);
    }
    return GX_TEXQ_OK;
}

gx_texq_err_t gx_texq_check(const gx_texq_t *q)
{
    uint8_t want[GX_TEXQ_MAX_SLOTS];
    memset(want, 0, sizeof want);
    uint32_t partial = 0, in_buf[GX_TEXQ_MAX_BATCHES];
    for (uint32_t id = 0; id < GX_TEXQ_MAX_BATCHES; id++) {
        const gx_texq_batch_t *b = &q->b[id];
        in_buf[id] = 0;
        if (b->state == GX_TEXQ_B_FREE) {
            if (b->warps || b->stored || b->read || b->returned || b->consumed)
                return GX_TEXQ_EINV;
            continue;
        }
        if (b->state > GX_TEXQ_B_RESULT || !b->warps || b->warps > GX_TEXQ_MAX_WARPS ||
            !b->ops || b->ops > GX_TEXQ_MAX_OPS || b->base + total_slots(b) > q->cfg.slots)
            return GX_TEXQ_EINV;
        const uint32_t coords = GX_TEXQ_COMPS * b->warps * b->ops, reqs = total_reqs(b);
        uint32_t n = 0;
        for (uint32_t i = 0; i < coords; i++)
            n += b->slot_stored[i];
        if (n != b->stored || b->stored > coords ||
            (b->state == GX_TEXQ_B_FILL) != (b->stored < coords))
            return GX_TEXQ_EINV;
        uint32_t ni = 0, nr = 0, nc = 0;
        for (uint32_t s = 0; s < reqs; s++) {
            ni += b->req_issued[s];
            nr += b->req_returned[s];
            if (b->req_returned[s] && !b->req_issued[s])
                return GX_TEXQ_EINV; /* a result for a coordinate never sent */
            if (b->req_issued[s] != (s < b->issued))
                return GX_TEXQ_EINV; /* the unit receives the drain order, in order */
        }
        for (uint32_t i = 0; i < b->warps * b->ops; i++)
            nc += b->res_read[i];
        if (ni != b->issued || nr != b->returned || nc != b->consumed ||
            b->returned > b->issued || b->issued > b->read || b->read > reqs)
            return GX_TEXQ_EINV;
        if (b->state == GX_TEXQ_B_FILL && (b->read || b->issued))
            return GX_TEXQ_EINV; /* nothing drained before ready */
        if ((b->state == GX_TEXQ_B_RESULT) != (b->returned == reqs) ||
            (b->consumed && b->state != GX_TEXQ_B_RESULT))
            return GX_TEXQ_EINV; /* nothing read before every result returned */
        if (b->coord_live != (b->read < reqs || q->freeing == id ? coords : 0) ||
            (q->freeing == id && b->read < reqs))
            return GX_TEXQ_EINV; /* coordinates held exactly until drained */
        if (b->read && b->read < reqs)
            partial++;
        for (uint32_t i = b->base + (b->coord_live ? 0 : coords); i < b->base + total_slots(b);
             i++) {
            if (want[i])
                return GX_TEXQ_EINV; /* a slot in two batches */
            want[i] = (uint8_t)(id + 1);
        }
    }
    for (uint32_t i = 0; i < GX_TEXQ_MAX_SLOTS; i++)
        if (want[i] != (i < q->cfg.slots ? q->owner[i] : 0))
            return GX_TEXQ_EINV;
    if (partial > 1 || q->ibuf_n > GX_TEXQ_IBUF_REQS || q->ibuf_head >= GX_TEXQ_IBUF_REQS)
        return GX_TEXQ_EINV;
    if (q->draining < GX_TEXQ_MAX_BATCHES &&
        (q->b[q->draining].state != GX_TEXQ_B_READY ||
         q->b[q->draining].read == total_reqs(&q->b[q->draining])))
        return GX_TEXQ_EINV; /* the batch chosen is ready, with requests to read */
    if (partial && (q->draining == GX_TEXQ_MAX_BATCHES || !q->b[q->draining].read))
        return GX_TEXQ_EINV; /* the one partly read batch is the one being drained */
    for (uint32_t j = 0; j < q->ibuf_n; j++) {
        const gx_texq_req_t *r = &q->ibuf[(q->ibuf_head + j) % GX_TEXQ_IBUF_REQS];
        if (r->batch >= GX_TEXQ_MAX_BATCHES)
            return GX_TEXQ_EINV;
        const gx_texq_batch_t *b = &q->b[r->batch];
        if (b->state != GX_TEXQ_B_READY || r->seq != b->issued + in_buf[r->batch])
            return GX_TEXQ_EINV; /* the buffer holds the next requests in drain order */
        const uint64_t at = q->ibuf_clk[(q->ibuf_head + j) % GX_TEXQ_IBUF_REQS];
        if (at > q->st.clocks ||
            (j && at < q->ibuf_clk[(q->ibuf_head + j - 1) % GX_TEXQ_IBUF_REQS]))
            return GX_TEXQ_EINV; /* read in order, in a clock already run */
        in_buf[r->batch]++;
    }
    for (uint32_t id = 0; id < GX_TEXQ_MAX_BATCHES; id++)
        if (q->b[id].state != GX_TEXQ_B_FREE && q->b[id].issued + in_buf[id] != q->b[id].read)
            return GX_TEXQ_EINV;
    return GX_TEXQ_OK;
}
