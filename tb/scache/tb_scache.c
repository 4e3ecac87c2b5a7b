/* tb_scache: cosimulation of gx_scache (RTL, 64 sets of 2 ways) against the sample
 * cache's C model, gx_scache (cmodel/src/scache.c), configured the same.
 *
 * Sessions: each a random surface (1 to 16 cache tiles a side, 2x to 16x, 4 to 16 bytes a
 * sample, cache tiles of 16, 32 or 64 pixels), its three regions and a resolved image
 * behind them in a memory of random bytes, a new model and a frame-start command to the
 * RTL. Operations, one at a time, each run on the model first, then offered to the RTL
 * with random valid gaps (the next one offered as soon as one is taken):
 *  - line reads and writes of a contiguous byte range (often the whole line) of home,
 *    index and state lines of surface tiles around a current cache tile, and of resolved
 *    lines (a few per set, so sets fill and resolved lines are evicted or go through);
 *  - invalidate and writeback of the current cache tile's rectangle (the current tile
 *    then moves on) or of any rectangle (clamped, or empty), flush and frame start.
 * Half the sessions start with a directed sequence: a resolved line in every set, a whole
 * cache tile written (every home and index line and the tile's state bytes: the worst
 * case, more lines than the cache, so sample lines are evicted and counted), resolved
 * lines written again (sets full of sample lines: through), the tile read back, the tile
 * invalidated with resolved lines in the same sets, the resolved lines read back with
 * their responses held until the response FIFO is full.
 * Checked: every read response's bytes, every memory transaction in order (read: its
 * address; write: address, strobe, the strobed bytes and the sample flag), each
 * invalidate's and writeback's probe count, at each session's end the counters
 * (gx_sc_cnt_t, 32 bits, the session's increments) and the whole memory. Random ready on
 * the responses and on both memory requests, a random latency (0 to 12 clocks) and
 * valid gaps on the read data. Coverage bins fail the run when empty.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/mssurf.h"
#include "scache_rtl.h"
#include "tb.h"

#define HANG 5000u
#define RSP_FIFO 8u /* gx_scache's response FIFO (RqDepth) */
#define IMG_LINES 256u

enum { C_HIT, C_EVS, C_EVR, C_THRUW, C_THRUR, C_ZERO, C_RDS, C_DROP, C_WBW, C_FLUSHW, C_FRAME,
       C_STATE, C_INVKEEP, C_MSTALL, C_RSTALL, C_WORST, C_RFULL, C_BINS };

typedef struct xact {
    int wr;
    uint64_t addr;
    uint32_t strb;
    uint8_t data[32];
} xact_t;

typedef struct rsp {
    uint64_t addr;
    unsigned reg, tx, ty;
    uint32_t mask;
    uint8_t data[32];
} rsp_t;

typedef struct cmdx {
    unsigned op;
    uint32_t probes;
} cmdx_t;

/* a FIFO of fixed-size items */
typedef struct fifo {
    uint8_t *b;
    size_t isz, head, n, cap;
} fifo_t;

static void *fifo_push(fifo_t *f)
{
    if (f->head + f->n == f->cap) {
        if (f->head) {
            memmove(f->b, f->b + f->head * f->isz, f->n * f->isz);
            f->head = 0;
        } else {
            f->cap = f->cap ? 2 * f->cap : 64;
            f->b = realloc(f->b, f->cap * f->isz);
            if (!f->b)
                abort();
        }
    }
    return f->b + (f->head + f->n++) * f->isz;
}

static void *fifo_front(fifo_t *f)
{
    return f->n ? f->b + f->head * f->isz : NULL;
}

static void fifo_pop(fifo_t *f)
{
    f->head++;
    if (!--f->n)
        f->head = 0;
}

typedef struct op {
    int cmd;             /* 0: a line operation, 1: a command */
    int we;
    uint64_t addr;       /* the line */
    uint32_t mask;
    uint8_t data[32];
    unsigned reg, tx, ty;
    unsigned cop, tx0, ty0, tx1, ty1;
} op_t;

typedef struct sess {
    gx_scache_cfg_t cfg;
    gx_scache_t *c;
    uint8_t *mmem, *rmem; /* the model's memory and the RTL's */
    uint64_t size, img_base;
    uint32_t tiles, tiles_x, rows, ctx, cty, ctiles_x, ctiles_y;
    uint32_t fcx, fcy;    /* the current cache tile */
    fifo_t xq, rq, cq;    /* expected memory transactions, responses, commands */
    uint64_t *cov;
} sess_t;

static void mread(void *ctx, uint64_t addr, uint8_t line[GX_SC_LINE])
{
    sess_t *s = ctx;
    memcpy(line, s->mmem + addr, GX_SC_LINE);
    xact_t *x = fifo_push(&s->xq);
    x->wr = 0;
    x->addr = addr;
    x->strb = 0;
    memcpy(x->data, line, 32);
}

static void mwrite(void *ctx, uint64_t addr, const uint8_t line[GX_SC_LINE], uint32_t strobe)
{
    sess_t *s = ctx;
    xact_t *x = fifo_push(&s->xq);
    x->wr = 1;
    x->addr = addr;
    x->strb = strobe;
    for (unsigned i = 0; i < 32; i++) {
        x->data[i] = strobe >> i & 1 ? line[i] : 0;
        if (strobe >> i & 1)
            s->mmem[addr + i] = line[i];
    }
}

static uint64_t up256(uint64_t v)
{
    return (v + 255) & ~255ull;
}

static void sess_new(tb_rng_t *r, sess_t *s, uint64_t *cov)
{
    memset(s, 0, sizeof *s);
    s->cov = cov;
    s->xq.isz = sizeof(xact_t);
    s->rq.isz = sizeof(rsp_t);
    s->cq.isz = sizeof(cmdx_t);
    gx_scache_cfg_t *g = &s->cfg;
    g->sets = 1u << GX_SCACHE_RTL_SETS_LOG;
    g->ways = 2;
    g->ct = 16u << tb_rng_below(r, 3);
    g->ms.spp = (gx_spp_t)tb_rng_below(r, 4);
    g->ms.bps = (gx_bps_t)tb_rng_below(r, 3);
    g->ms.slots = 4;
    const uint32_t maxc = tb_rng_pct(r, 30) ? GX_SCACHE_RTL_CT_MAX : 3;
    g->ms.width = (uint16_t)(1 + tb_rng_below(r, g->ct * (1 + tb_rng_below(r, maxc))));
    g->ms.height = (uint16_t)(1 + tb_rng_below(r, g->ct * (1 + tb_rng_below(r, maxc))));
    s->tiles = gx_mssurf_tiles(&g->ms);
    s->tiles_x = gx_mssurf_tiles_x(&g->ms);
    s->rows = s->tiles / s->tiles_x;
    g->surf_base = 0x4000;
    g->index_base = up256(g->surf_base + 256ull * s->tiles);
    g->state_base = up256(g->index_base + 32ull * s->tiles);
    s->img_base = up256(g->state_base + s->tiles + 32);
    s->size = s->img_base + 32ull * IMG_LINES;
    const gx_sc_mem_ops_t ops = {mread, mwrite, s};
    const char *err = NULL;
    s->c = gx_scache_new(g, &ops, &err);
    if (!s->c) {
        fprintf(stderr, "tb_scache: %s\n", err);
        abort();
    }
    s->ctx = s->c->ctx;
    s->cty = s->c->cty;
    s->ctiles_x = s->c->ctiles_x;
    s->ctiles_y = s->c->ctiles / s->c->ctiles_x;
    s->mmem = malloc(s->size);
    s->rmem = malloc(s->size);
    if (!s->mmem || !s->rmem)
        abort();
    for (uint64_t i = 0; i < s->size; i++)
        s->mmem[i] = (uint8_t)tb_rng_u32(r);
    memcpy(s->rmem, s->mmem, s->size);
}

static void sess_free(sess_t *s)
{
    gx_scache_free(s->c);
    free(s->mmem);
    free(s->rmem);
    free(s->xq.b);
    free(s->rq.b);
    free(s->cq.b);
}

/* the model's live resolved lines */
static unsigned live_resolved(const gx_scache_t *c)
{
    unsigned n = 0;
    for (size_t i = 0; i < (size_t)c->cfg.sets * c->cfg.ways; i++)
        n += c->line[i].live && c->line[i].kind == GX_SC_RESOLVED;
    return n;
}

static int cached(const gx_scache_t *c, uint64_t a)
{
    const gx_sc_line_t *l = c->line + (size_t)gx_scache_set(c, a) * c->cfg.ways;
    for (uint32_t w = 0; w < c->cfg.ways; w++)
        if (l[w].live && l[w].addr == a)
            return 1;
    return 0;
}

/* Run op on the model: the expected response, transactions and probe count queued. */
static void model_op(sess_t *s, const op_t *o)
{
    gx_scache_t *c = s->c;
    const gx_sc_cnt_t b = c->cnt;
    uint64_t *cov = s->cov;
    if (!o->cmd) {
        const unsigned lo = (unsigned)__builtin_ctz(o->mask);
        const unsigned n = (unsigned)__builtin_popcount(o->mask);
        if (o->we) {
            gx_scache_write(c, o->addr + lo, n, o->data + lo);
        } else {
            rsp_t *p = fifo_push(&s->rq);
            memset(p, 0, sizeof *p);
            p->mask = o->mask;
            p->addr = o->addr;
            p->reg = o->reg;
            p->tx = o->tx;
            p->ty = o->ty;
            gx_scache_read(c, o->addr + lo, n, p->data + lo);
            if (o->reg == 0 && !cached(c, o->addr))
                cov[C_THRUR]++;
        }
        cov[C_STATE] += o->reg == 3;
    } else {
        cmdx_t *x = fifo_push(&s->cq);
        x->op = o->cop;
        x->probes = 0;
        const unsigned kept = live_resolved(c);
        switch (o->cop) {
        case 0:
            x->probes = gx_scache_invalidate(c, o->tx0, o->ty0, o->tx1, o->ty1);
            cov[C_INVKEEP] += kept && live_resolved(c) == kept;
            break;
        case 1:
            x->probes = gx_scache_writeback(c, o->tx0, o->ty0, o->tx1, o->ty1);
            cov[C_WBW] += c->cnt.wr_bytes[0] != b.wr_bytes[0];
            break;
        case 2:
            gx_scache_frame(c);
            cov[C_FRAME]++;
            break;
        default:
            gx_scache_flush(c);
            cov[C_FLUSHW] += c->cnt.wr_bytes[0] != b.wr_bytes[0];
            break;
        }
    }
    cov[C_HIT] += c->cnt.hits != b.hits;
    cov[C_EVS] += c->cnt.evict[0] != b.evict[0];
    cov[C_EVR] += c->cnt.evict[1] != b.evict[1];
    cov[C_THRUW] += c->cnt.through != b.through;
    cov[C_ZERO] += c->cnt.zero_fills != b.zero_fills;
    cov[C_RDS] += c->cnt.rd_bytes[0] != b.rd_bytes[0];
    cov[C_DROP] += c->cnt.dropped != b.dropped;
}

/* A line operation on the line at addr: the requester's region and tile, a byte range. */
static void line_op(tb_rng_t *r, const sess_t *s, op_t *o, uint64_t addr, int we, int full)
{
    memset(o, 0, sizeof *o);
    o->we = we;
    o->addr = addr;
    gx_scache_rtl_line(s->c, addr, &o->reg, &o->tx, &o->ty);
    unsigned lo = 0, n = 32;
    if (!full && !tb_rng_pct(r, 50)) {
        lo = tb_rng_below(r, 32);
        n = 1 + tb_rng_below(r, 32 - lo);
    }
    o->mask = (uint32_t)((n == 32 ? 0xffffffffull : (1ull << n) - 1) << lo);
    for (unsigned i = 0; i < 32; i++)
        o->data[i] = (uint8_t)tb_rng_u32(r);
}

static uint32_t tile_in_focus(tb_rng_t *r, const sess_t *s)
{
    if (tb_rng_pct(r, 20))
        return tb_rng_below(r, s->tiles);
    uint32_t tx = s->fcx * s->ctx + tb_rng_below(r, s->ctx);
    uint32_t ty = s->fcy * s->cty + tb_rng_below(r, s->cty);
    tx = tx < s->tiles_x ? tx : s->tiles_x - 1;
    ty = ty < s->rows ? ty : s->rows - 1;
    return ty * s->tiles_x + tx;
}

static void sample_addr(tb_rng_t *r, const sess_t *s, uint32_t t, uint64_t *a)
{
    const unsigned k = tb_rng_below(r, 10);
    if (k < 7)
        *a = s->cfg.surf_base + 256ull * t + 32 * tb_rng_below(r, 8);
    else if (k < 9)
        *a = s->cfg.index_base + 32ull * t;
    else
        *a = s->cfg.state_base + (t & ~31u);
}

static void cmd_op(op_t *o, unsigned cop, unsigned tx0, unsigned ty0, unsigned tx1,
                   unsigned ty1)
{
    memset(o, 0, sizeof *o);
    o->cmd = 1;
    o->cop = cop;
    o->tx0 = tx0;
    o->ty0 = ty0;
    o->tx1 = tx1;
    o->ty1 = ty1;
}

static void focus_rect(sess_t *s, op_t *o, unsigned cop)
{
    cmd_op(o, cop, s->fcx * s->ctx, s->fcy * s->cty, (s->fcx + 1) * s->ctx,
           (s->fcy + 1) * s->cty);
}

static void focus_next(sess_t *s)
{
    if (++s->fcx == s->ctiles_x) {
        s->fcx = 0;
        if (++s->fcy == s->ctiles_y)
            s->fcy = 0;
    }
}

/* A rectangle anywhere (up to two cache tiles a side, over the surface's edges, or
 * empty). */
static void random_rect(tb_rng_t *r, const sess_t *s, op_t *o, unsigned cop)
{
    const unsigned x0 = tb_rng_below(r, s->tiles_x + 2), y0 = tb_rng_below(r, s->rows + 2);
    cmd_op(o, cop, x0, y0, x0 + tb_rng_below(r, 2 * s->ctx + 1) - (tb_rng_pct(r, 5) ? 1 : 0),
           y0 + tb_rng_below(r, 2 * s->cty + 1));
}

/* A random operation. */
static void random_op(tb_rng_t *r, sess_t *s, op_t *o)
{
    const unsigned k = tb_rng_below(r, 1000);
    uint64_t a;
    if (k < 650) {
        sample_addr(r, s, tile_in_focus(r, s), &a);
        line_op(r, s, o, a, k < 400, 0);
    } else if (k < 920) {
        line_op(r, s, o, s->img_base + 32ull * tb_rng_below(r, IMG_LINES), k < 860, 0);
    } else if (k < 985 && s->ctx * s->cty > 64 && !tb_rng_pct(r, 6400 / (s->ctx * s->cty))) {
        /* commands rarer on large cache tiles (their probes take the clocks) */
        sample_addr(r, s, tile_in_focus(r, s), &a);
        line_op(r, s, o, a, 1, 0);
    } else if (k < 960) {
        if (tb_rng_pct(r, 70)) {
            focus_rect(s, o, 0);
            focus_next(s);
        } else {
            random_rect(r, s, o, 0);
        }
    } else if (k < 985) {
        if (tb_rng_pct(r, 70))
            focus_rect(s, o, 1);
        else
            random_rect(r, s, o, 1);
    } else if (k < 993) {
        cmd_op(o, 3, 0, 0, 0, 0);
    } else {
        cmd_op(o, 2, 0, 0, 0, 0);
    }
}

/* The directed sequence (above), appended to ops. Returns the count. */
static size_t directed(tb_rng_t *r, sess_t *s, op_t *ops, size_t max)
{
    size_t n = 0;
    const uint32_t sets = s->cfg.sets;
    for (uint32_t i = 0; i < sets && n < max; i++)
        line_op(r, s, &ops[n++], s->img_base + 32ull * i, 1, 1);
    const uint32_t tx0 = s->fcx * s->ctx, ty0 = s->fcy * s->cty;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t ty = ty0; ty < ty0 + s->cty && ty < s->rows; ty++)
            for (uint32_t tx = tx0; tx < tx0 + s->ctx && tx < s->tiles_x; tx++) {
                const uint32_t t = ty * s->tiles_x + tx;
                for (unsigned j = 0; j < 9 && n + 2 < max; j++) {
                    const uint64_t a = j < 8 ? s->cfg.surf_base + 256ull * t + 32 * j
                                             : s->cfg.index_base + 32ull * t;
                    line_op(r, s, &ops[n++], a, !pass, 1);
                }
                if (n + 2 < max) { /* the tile's state byte */
                    const uint64_t sb = s->cfg.state_base + t;
                    line_op(r, s, &ops[n], sb & ~31ull, !pass, 1);
                    ops[n++].mask = 1u << (sb & 31);
                }
            }
        if (!pass) /* resolved writes again: sets full of sample lines go through */
            for (uint32_t i = 0; i < sets && n < max; i++)
                line_op(r, s, &ops[n++], s->img_base + 32ull * (sets + i), 1, 1);
    }
    if (n < max) {
        focus_rect(s, &ops[n++], 0);
        s->cov[C_WORST]++;
    }
    for (uint32_t i = 0; i < 2 * sets && n < max; i++)
        line_op(r, s, &ops[n++], s->img_base + 32ull * i, 0, 1);
    return n;
}

typedef struct run_st {
    uint64_t c, quiet;
    unsigned rhold;    /* clocks the responses are still held back (a burst) */
    unsigned rfill;    /* the directed read-back's hold: clocks left at most */
    unsigned rclk;     /* clocks of it so far */
    unsigned rfull;    /* clocks of it in a row with more responses owed than the FIFO
                        * holds and the memory side quiet */
    int rd_busy;       /* a memory read in flight: its data due */
    uint64_t rd_addr;
    unsigned rd_wait;
    gx_sc_cnt_t base;  /* the RTL's counters at the session's start */
    uint32_t probes;
} run_st_t;

static int cnt_eq(uint64_t model, uint64_t rtl_now, uint64_t rtl_base)
{
    return (uint32_t)model == (uint32_t)(rtl_now - rtl_base);
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_scache", 60000);
    printf("tb_scache: SEED=%" PRIu64 " N=%" PRIu64 " (line operations and commands)\n", o.seed,
           o.n);
    fflush(stdout);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_scache", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    uint64_t cov[C_BINS] = {0};
    tb_rng_t r, st;
    tb_rng_seed(&r, o.seed);
    tb_rng_seed_stalls(&st, &o);
    void *m = gx_scache_rtl_new(o.waves ? path : NULL);
    gx_scache_in_t in;
    gx_scache_out_t out;
    memset(&in, 0, sizeof in);
    memset(&out, 0, sizeof out);
    run_st_t rs;
    memset(&rs, 0, sizeof rs);
    uint64_t done = 0, sessions = 0, xacts = 0;
    int dead = 0;
    const size_t dmax = 20000;
    op_t *dops = malloc(dmax * sizeof *dops);
    if (!dops)
        abort();
    /* the first clock's outputs (the counters at reset) */
    if (!gx_scache_rtl_cycle(m, &in, &out))
        dead = 1;
    rs.base = out.cnt;
    while (done < o.n && !dead) {
        sess_t s;
        sess_new(&r, &s, cov);
        sessions++;
        gx_scache_rtl_cfg(s.c, &in.cfg);
        size_t nd = 0, di = 0;
        op_t cur;
        cmd_op(&cur, 2, 0, 0, 0, 0); /* the RTL's frame start: the new model's empty cache */
        model_op(&s, &cur);
        if (s.ctx * s.cty <= 128 && tb_rng_pct(&r, 50))
            nd = directed(&r, &s, dops, dmax);
        const uint64_t per = nd + 200 + tb_rng_below(&r, 3000);
        int have = 1;
        uint64_t sent = 0;
        const unsigned gap = tb_rng_below(&st, 3) * 25, stall = tb_rng_below(&st, 3) * 25;
        rs.quiet = 0;
        for (;;) {
            /* the next operation, once the last one was taken */
            if (!have && sent < per && done < o.n) {
                if (di < nd) {
                    cur = dops[di++];
                    /* the directed sequence's resolved lines read back: their responses
                     * held back until more are owed than the response FIFO holds and the
                     * memory side has been quiet for 30 clocks (no read in flight, no
                     * request or write offered), so every read taken has landed and the
                     * FIFO is full (at most 2,000 clocks in which the cache could take an
                     * operation) */
                    if (nd >= 2 * s.cfg.sets && di == nd - 2 * s.cfg.sets + 1) {
                        rs.rfill = 2000;
                        rs.rfull = 0;
                        rs.rclk = 0;
                    }
                } else {
                    random_op(&r, &s, &cur);
                }
                model_op(&s, &cur);
                have = 1;
            }
            const int offer = have && !tb_rng_pct(&st, gap);
            in.req_valid = offer && !cur.cmd;
            in.cmd_valid = offer && cur.cmd;
            in.req_we = cur.we;
            in.req_line = (uint32_t)(cur.addr / 32);
            in.req_mask = cur.mask;
            memcpy(in.req_data, cur.data, 32);
            in.req_reg = cur.reg;
            in.req_tx = cur.tx;
            in.req_ty = cur.ty;
            in.cmd_op = cur.cop;
            in.tx0 = cur.tx0;
            in.ty0 = cur.ty0;
            in.tx1 = cur.tx1;
            in.ty1 = cur.ty1;
            /* now and then a burst of 10 to 40 clocks without a response taken, so the
             * hits in flight fill the response FIFO */
            if (!rs.rhold && tb_rng_below(&st, 400) == 0)
                rs.rhold = 10 + tb_rng_below(&st, 31);
            if (rs.rfill) {
                /* the limit counts the clocks in which the cache could take an operation
                 * (not those of a long command's walk), and 200,000 clocks in all */
                if (out.req_ready || out.cmd_ready)
                    rs.rfill--;
                const int quiet = !rs.rd_busy && !out.mrq_valid && !out.mwr_valid;
                rs.rfull = s.rq.n > RSP_FIFO && quiet ? rs.rfull + 1 : 0;
                if (rs.rfull >= 30) {
                    rs.rfill = 0;
                    cov[C_RFULL]++;
                }
                if (++rs.rclk >= 200000)
                    rs.rfill = 0;
            }
            in.rsp_ready = !rs.rhold && !rs.rfill && !tb_rng_pct(&st, stall);
            if (rs.rhold)
                rs.rhold--;
            in.mrq_ready = !tb_rng_pct(&st, stall);
            in.mwr_ready = !tb_rng_pct(&st, stall);
            in.mrd_valid = rs.rd_busy && rs.rd_wait == 0 && !tb_rng_pct(&st, gap);
            if (rs.rd_busy)
                memcpy(in.mrd_data, s.rmem + rs.rd_addr, 32);
            if (!gx_scache_rtl_cycle(m, &in, &out)) {
                tb_check(&rep, 0, "cycle %" PRIu64 ": an assertion failed", rs.c);
                dead = 1;
                break;
            }
            rs.c++;
            rs.quiet++;
            if (out.probes != rs.probes) /* a command's probes are progress */
                rs.quiet = 0;
            rs.probes = out.probes;
            if (rs.rd_busy && rs.rd_wait)
                rs.rd_wait--;
            if ((out.mrq_valid && !in.mrq_ready) || (out.mwr_valid && !in.mwr_ready))
                cov[C_MSTALL]++;
            if (out.rsp_valid && !in.rsp_ready)
                cov[C_RSTALL]++;
            const int took = (in.req_valid && out.req_ready) || (in.cmd_valid && out.cmd_ready);
            if (took) {
                have = 0;
                sent++;
                done++;
                rs.quiet = 0;
            }
            if (out.rsp_valid && in.rsp_ready) {
                rsp_t *p = fifo_front(&s.rq);
                int ok = p != NULL;
                for (unsigned i = 0; ok && i < 32; i++)
                    ok = !(p->mask >> i & 1) || out.rsp_data[i] == p->data[i];
                unsigned bad = 0;
                while (p && bad < 31 &&
                       (!(p->mask >> bad & 1) || out.rsp_data[bad] == p->data[bad]))
                    bad++;
                tb_check(&rep, ok,
                         "session %" PRIu64 " cycle %" PRIu64 ": read response %s (line %08" PRIx64
                         " region %u tile %u,%u mask %08x, byte %u: %02x, model %02x)", sessions,
                         rs.c, p ? "differs from the model's" : "not expected",
                         p ? p->addr : 0, p ? p->reg : 0, p ? p->tx : 0, p ? p->ty : 0,
                         p ? p->mask : 0, bad,
                         out.rsp_data[bad], p ? p->data[bad] : 0);
                if (p)
                    fifo_pop(&s.rq);
                rs.quiet = 0;
            }
            if (out.mrq_valid && in.mrq_ready) {
                xact_t *x = fifo_front(&s.xq);
                tb_check(&rep, x && !x->wr && x->addr == 32ull * out.mrq_line,
                         "session %" PRIu64 " cycle %" PRIu64 ": memory read of %08" PRIx64
                         ", model: %s %08" PRIx64, sessions, rs.c, (uint64_t)32 * out.mrq_line,
                         !x ? "none" : x->wr ? "write" : "read", x ? x->addr : 0);
                if (x) {
                    tb_check(&rep, !memcmp(x->data, s.rmem + 32ull * out.mrq_line, 32),
                             "session %" PRIu64 ": memory images differ at a read", sessions);
                    fifo_pop(&s.xq);
                }
                rs.rd_busy = 1;
                rs.rd_addr = 32ull * out.mrq_line % s.size;
                rs.rd_wait = tb_rng_pct(&st, 50) ? 0 : tb_rng_below(&st, 13);
                xacts++;
                rs.quiet = 0;
            }
            if (in.mrd_valid && out.mrd_ready) {
                rs.rd_busy = 0;
                rs.quiet = 0;
            }
            if (out.mwr_valid && in.mwr_ready) {
                xact_t *x = fifo_front(&s.xq);
                const uint64_t a = 32ull * out.mwr_line;
                int ok = x && x->wr && x->addr == a && x->strb == out.mwr_strb &&
                         out.mwr_sample == (gx_scache_kind(s.c, a) == GX_SC_SAMPLE);
                for (unsigned i = 0; ok && i < 32; i++)
                    ok = !(out.mwr_strb >> i & 1) || out.mwr_data[i] == x->data[i];
                tb_check(&rep, ok,
                         "session %" PRIu64 " cycle %" PRIu64 ": memory write of %08" PRIx64
                         " strobe %08x, model: %s %08" PRIx64 " strobe %08x", sessions, rs.c, a,
                         out.mwr_strb, !x ? "none" : x->wr ? "write" : "read", x ? x->addr : 0,
                         x ? x->strb : 0);
                if (x)
                    fifo_pop(&s.xq);
                if (a + 32 <= s.size)
                    for (unsigned i = 0; i < 32; i++)
                        if (out.mwr_strb >> i & 1)
                            s.rmem[a + i] = out.mwr_data[i];
                xacts++;
                rs.quiet = 0;
            }
            if (out.cmd_done) {
                cmdx_t *x = fifo_front(&s.cq);
                tb_check(&rep, x && (x->op >= 2 || x->probes == out.probes),
                         "session %" PRIu64 " cycle %" PRIu64 ": command done (%u probes), "
                         "model: %s (%u probes)", sessions, rs.c, out.probes,
                         x ? "a command" : "none", x ? x->probes : 0);
                if (x)
                    fifo_pop(&s.cq);
                rs.quiet = 0;
            }
            if (rs.quiet > HANG) {
                tb_check(&rep, 0, "session %" PRIu64 ": nothing moved in %u clocks", sessions,
                         HANG);
                dead = 1;
                break;
            }
            if (!have && (sent >= per || done >= o.n) && !s.xq.n && !s.rq.n && !s.cq.n &&
                !rs.rd_busy && out.cmd_ready && !took)
                break; /* cmd_ready: the cache idle, every hit counted */
        }
        if (!dead) {
            const gx_sc_cnt_t *mc = &s.c->cnt, *rc = &out.cnt, *b0 = &rs.base;
            const int ok = cnt_eq(mc->rd_bytes[0], rc->rd_bytes[0], b0->rd_bytes[0]) &&
                           cnt_eq(mc->rd_bytes[1], rc->rd_bytes[1], b0->rd_bytes[1]) &&
                           cnt_eq(mc->wr_bytes[0], rc->wr_bytes[0], b0->wr_bytes[0]) &&
                           cnt_eq(mc->wr_bytes[1], rc->wr_bytes[1], b0->wr_bytes[1]) &&
                           cnt_eq(mc->hits, rc->hits, b0->hits) &&
                           cnt_eq(mc->misses, rc->misses, b0->misses) &&
                           cnt_eq(mc->zero_fills, rc->zero_fills, b0->zero_fills) &&
                           cnt_eq(mc->evict[0], rc->evict[0], b0->evict[0]) &&
                           cnt_eq(mc->evict[1], rc->evict[1], b0->evict[1]) &&
                           cnt_eq(mc->dropped, rc->dropped, b0->dropped) &&
                           cnt_eq(mc->through, rc->through, b0->through);
            tb_check(&rep, ok,
                     "session %" PRIu64 ": counters differ: model hits %" PRIu64 " misses %"
                     PRIu64 " evict %" PRIu64 "/%" PRIu64 " zero %" PRIu64 " dropped %" PRIu64
                     " through %" PRIu64 " rd %" PRIu64 "/%" PRIu64 " wr %" PRIu64 "/%" PRIu64,
                     sessions, mc->hits, mc->misses, mc->evict[0], mc->evict[1], mc->zero_fills,
                     mc->dropped, mc->through, mc->rd_bytes[0], mc->rd_bytes[1],
                     mc->wr_bytes[0], mc->wr_bytes[1]);
            if (!ok)
                printf("RTL: hits %u misses %u evict %u/%u zero %u dropped %u through %u rd "
                       "%u/%u wr %u/%u\n", (uint32_t)(rc->hits - b0->hits),
                       (uint32_t)(rc->misses - b0->misses), (uint32_t)(rc->evict[0] - b0->evict[0]),
                       (uint32_t)(rc->evict[1] - b0->evict[1]),
                       (uint32_t)(rc->zero_fills - b0->zero_fills),
                       (uint32_t)(rc->dropped - b0->dropped), (uint32_t)(rc->through - b0->through),
                       (uint32_t)(rc->rd_bytes[0] - b0->rd_bytes[0]),
                       (uint32_t)(rc->rd_bytes[1] - b0->rd_bytes[1]),
                       (uint32_t)(rc->wr_bytes[0] - b0->wr_bytes[0]),
                       (uint32_t)(rc->wr_bytes[1] - b0->wr_bytes[1]));
            tb_check(&rep, !memcmp(s.mmem, s.rmem, s.size),
                     "session %" PRIu64 ": the memory images differ at the end", sessions);
            rs.base = out.cnt;
        }
        sess_free(&s);
    }
    free(dops);
    gx_scache_rtl_free(m, cpath);
    static const char *const names[C_BINS] = {
        "a hit", "a sample line evicted", "a resolved line evicted",
        "a resolved write through (a set full of sample lines)", "a resolved read through",
        "a zero fill", "sample bytes read back from memory", "dirty bytes dropped by an invalidate",
        "a writeback's write", "a flush's write", "a frame start", "a state line operation",
        "an invalidate keeping every resolved line", "a memory request stalled",
        "a response stalled", "a whole cache tile written, read and invalidated",
        "the response FIFO filled by the directed read-back"};
    const int holes = tb_cov_holes(cov, names, C_BINS, 0);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_scache: %" PRIu64 " operations in %" PRIu64 " sessions, %" PRIu64
           " memory transactions, %" PRIu64 " cycles\n", done, sessions, xacts, rs.c);
    return tb_summary(&rep);
}
