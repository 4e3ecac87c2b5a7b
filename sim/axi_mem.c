/* axi_mem: the AXI4 slave memory model (axi_mem.h). */
#include "axi_mem.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const err_names[TB_AXI_MEM_ERR_N] = {"RANGE", "BURST", "SIZE", "LEN",
                                                        "4K",    "WLAST", "WSTRB"};

const char *tb_axi_mem_err_name(tb_axi_mem_err_t e)
{
    return (unsigned)e < TB_AXI_MEM_ERR_N ? err_names[e] : "?";
}

static unsigned clampu(unsigned v, unsigned lo, unsigned hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static unsigned log2u(unsigned x)
{
    unsigned n = 0;
    while ((1u << (n + 1)) <= x)
        n++;
    return n;
}

static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) {
        fprintf(stderr, "axi_mem: out of memory (%zu x %zu bytes)\n", n, sz);
        abort();
    }
    return p;
}

void tb_axi_mem_init(tb_axi_mem_t *m, uint64_t base, size_t size, const tb_axi_mem_cfg_t *cfg,
                     uint64_t seed)
{
    memset(m, 0, sizeof *m);
    m->cfg = *cfg;
    m->cfg.data_bytes = 1u << log2u(clampu(cfg->data_bytes, 4, AXI4_MAX_DATA_BYTES));
    m->cfg.ready_pct = clampu(cfg->ready_pct, 0, 99);
    m->cfg.gap_pct = clampu(cfg->gap_pct, 0, 99);
    m->cfg.max_reads = clampu(cfg->max_reads, 1, TB_AXI_MEM_MAX_OUT);
    m->cfg.max_writes = clampu(cfg->max_writes, 1, TB_AXI_MEM_MAX_OUT);
    m->cfg.interleave = cfg->interleave != 0;
    m->base = base;
    m->size = size;
    m->mem = xcalloc(size, 1);
    tb_rng_seed(&m->rng, seed);
    unsigned db = m->cfg.data_bytes, nw = m->cfg.max_writes, nr = m->cfg.max_reads;
    m->wr_pool = xcalloc(nw, sizeof *m->wr_pool);
    m->wq = xcalloc(nw, sizeof *m->wq);
    m->wr_free = xcalloc(nw, sizeof *m->wr_free);
    for (unsigned i = 0; i < nw; i++) {
        m->wr_pool[i].data = xcalloc((size_t)TB_AXI_MEM_BEATS * db, 1);
        m->wr_pool[i].strb = xcalloc(TB_AXI_MEM_BEATS, sizeof(uint32_t));
        m->wr_free[m->n_wr_free++] = &m->wr_pool[i];
    }
    m->rd_pool = xcalloc(nr, sizeof *m->rd_pool);
    m->rq = xcalloc(nr, sizeof *m->rq);
    m->rd_free = xcalloc(nr, sizeof *m->rd_free);
    for (unsigned i = 0; i < nr; i++) {
        m->rd_pool[i].data = xcalloc((size_t)TB_AXI_MEM_BEATS * db, 1);
        m->rd_free[m->n_rd_free++] = &m->rd_pool[i];
    }
}

void tb_axi_mem_free(tb_axi_mem_t *m)
{
    for (unsigned i = 0; m->wr_pool && i < m->cfg.max_writes; i++) {
        free(m->wr_pool[i].data);
        free(m->wr_pool[i].strb);
    }
    for (unsigned i = 0; m->rd_pool && i < m->cfg.max_reads; i++)
        free(m->rd_pool[i].data);
    free(m->wr_pool);
    free(m->wq);
    free(m->wr_free);
    free(m->rd_pool);
    free(m->rq);
    free(m->rd_free);
    free(m->mem);
    memset(m, 0, sizeof *m);
}

uint8_t *tb_axi_mem_bytes(tb_axi_mem_t *m) { return m->mem; }

int tb_axi_mem_idle(const tb_axi_mem_t *m) { return m->n_wq == 0 && m->n_rq == 0; }

const char *tb_axi_mem_error(const tb_axi_mem_t *m)
{
    return m->errors ? m->first_err : NULL;
}

static void mem_err(tb_axi_mem_t *m, tb_axi_mem_err_t kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void mem_err(tb_axi_mem_t *m, tb_axi_mem_err_t kind, const char *fmt, ...)
{
    if (m->errors == 0) {
        char detail[200];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(detail, sizeof detail, fmt, ap);
        va_end(ap);
        snprintf(m->first_err, sizeof m->first_err, "axi_mem: clock %" PRIu64 ": %s: %s",
                 m->clk, err_names[kind], detail);
    }
    m->errors++;
    m->err[kind]++;
}

/* The address rules of a burst taken this clock; its response (SLVERR when refused). */
static unsigned check_addr(tb_axi_mem_t *m, const char *dir, uint64_t addr, unsigned id,
                           unsigned len, unsigned size, unsigned burst)
{
    unsigned resp = AXI4_RESP_OKAY;
    if (burst != AXI4_BURST_INCR) {
        mem_err(m, TB_AXI_MEM_ERR_BURST, "%s ID 0x%x at 0x%" PRIx64 ": AxBURST %u", dir, id,
                addr, burst);
        resp = AXI4_RESP_SLVERR;
    }
    if (size > log2u(m->cfg.data_bytes)) {
        mem_err(m, TB_AXI_MEM_ERR_SIZE, "%s ID 0x%x at 0x%" PRIx64 ": AxSIZE %u on %u bytes",
                dir, id, addr, size, m->cfg.data_bytes);
        resp = AXI4_RESP_SLVERR;
    }
    if (len > 255) {
        mem_err(m, TB_AXI_MEM_ERR_LEN, "%s ID 0x%x at 0x%" PRIx64 ": AxLEN %u", dir, id, addr,
                len);
        resp = AXI4_RESP_SLVERR;
    }
    if (resp != AXI4_RESP_OKAY)
        return resp;
    uint64_t end = axi4_burst_end(addr, size, len);
    if ((addr >> 12) != ((end - 1) >> 12)) {
        mem_err(m, TB_AXI_MEM_ERR_4K, "%s ID 0x%x: bytes 0x%" PRIx64 "..0x%" PRIx64
                " cross a 4 KB boundary", dir, id, addr, end - 1);
        return AXI4_RESP_SLVERR;
    }
    if (addr < m->base || end < addr || end - m->base > m->size) {
        mem_err(m, TB_AXI_MEM_ERR_RANGE, "%s ID 0x%x: bytes 0x%" PRIx64 "..0x%" PRIx64
                " outside 0x%" PRIx64 "..0x%" PRIx64, dir, id, addr, end - 1, m->base,
                m->base + m->size - 1);
        return AXI4_RESP_SLVERR;
    }
    return AXI4_RESP_OKAY;
}

static unsigned draw_lat(tb_axi_mem_t *m)
{
    unsigned lat = m->cfg.max_lat ? tb_rng_below(&m->rng, m->cfg.max_lat + 1) : 0;
    m->cnt.lat_zero += lat == 0;
    m->cnt.lat_max += m->cfg.max_lat && lat == m->cfg.max_lat;
    return lat;
}

/* A write whose address and last data beat are both taken: its data checks, its place
 * in the completion order and the clock its B is due. */
static void complete_wr(tb_axi_mem_t *m, tb_axi_mem_wr_t *w)
{
    if (w->beats != w->len + 1) {
        mem_err(m, TB_AXI_MEM_ERR_WLAST, "write ID 0x%x at 0x%" PRIx64 ": WLAST on beat %u of "
                "AWLEN + 1 = %u", w->id, w->addr, w->beats, w->len + 1);
        w->resp = AXI4_RESP_SLVERR;
    }
    if (w->resp == AXI4_RESP_OKAY)
        for (unsigned i = 0; i < w->beats; i++) {
            uint32_t lanes = axi4_beat_lanes(w->addr, w->size, i, m->cfg.data_bytes);
            if (w->strb[i] & ~lanes) {
                mem_err(m, TB_AXI_MEM_ERR_WSTRB, "write ID 0x%x at 0x%" PRIx64 ": beat %u "
                        "WSTRB 0x%x outside its lanes 0x%x", w->id, w->addr, i, w->strb[i],
                        lanes);
                w->resp = AXI4_RESP_SLVERR;
                break;
            }
        }
    w->complete = 1;
    w->seq = ++m->seq;
    w->due = m->clk + 1 + draw_lat(m);
}

/* The write the next AW (for_aw) or W beat belongs to: the oldest without its address
 * or its last beat, or a new one at the end of the list (the caller's READY saw room). */
static tb_axi_mem_wr_t *wr_slot(tb_axi_mem_t *m, int for_aw)
{
    for (unsigned i = 0; i < m->n_wq; i++)
        if (for_aw ? !m->wq[i]->has_aw : !m->wq[i]->has_last)
            return m->wq[i];
    if (m->n_wr_free == 0)
        return NULL;
    tb_axi_mem_wr_t *w = m->wr_free[--m->n_wr_free];
    uint8_t *data = w->data;
    uint32_t *strb = w->strb;
    memset(w, 0, sizeof *w);
    w->data = data, w->strb = strb;
    m->wq[m->n_wq++] = w;
    return w;
}

/* The oldest unanswered transaction's completion number (either direction), or 0. */
static uint64_t oldest_seq(const tb_axi_mem_t *m)
{
    uint64_t s = 0;
    for (unsigned i = 0; i < m->n_wq; i++)
        if (m->wq[i]->complete) {
            s = m->wq[i]->seq; /* writes complete in list order */
            break;
        }
    if (m->n_rq && (s == 0 || m->rq[0]->seq < s))
        s = m->rq[0]->seq;
    return s;
}

/* Write i may answer now: complete, due, and the oldest write of its ID. */
static int wr_may_answer(const tb_axi_mem_t *m, unsigned i)
{
    const tb_axi_mem_wr_t *w = m->wq[i];
    if (!w->complete || w->due > m->clk)
        return 0;
    for (unsigned k = 0; k < i; k++)
        if (m->wq[k]->has_aw && m->wq[k]->id == w->id)
            return 0;
    return 1;
}

static int rd_may_answer(const tb_axi_mem_t *m, unsigned i)
{
    const tb_axi_mem_rd_t *r = m->rq[i];
    if (r->due > m->clk)
        return 0;
    for (unsigned k = 0; k < i; k++)
        if (m->rq[k]->id == r->id)
            return 0;
    return 1;
}

/* Sample a read's beats from memory: the bytes of each beat's lanes, random elsewhere;
 * zero for a refused burst. */
static void sample_rd(tb_axi_mem_t *m, tb_axi_mem_rd_t *r)
{
    unsigned db = m->cfg.data_bytes;
    r->sampled = 1;
    if (r->resp != AXI4_RESP_OKAY) {
        memset(r->data, 0, (size_t)r->n_beats * db);
        return;
    }
    for (unsigned i = 0; i < r->n_beats; i++) {
        uint32_t lanes = axi4_beat_lanes(r->addr, r->size, i, db);
        uint64_t word = axi4_beat_addr(r->addr, r->size, i) & ~(uint64_t)(db - 1);
        uint8_t *d = r->data + (size_t)i * db;
        for (unsigned j = 0; j < db; j++)
            d[j] = lanes >> j & 1 ? m->mem[word + j - m->base] : (uint8_t)tb_rng_u32(&m->rng);
    }
}

void tb_axi_mem_drive(tb_axi_mem_t *m, axi4_sig_t *s)
{
    const tb_axi_mem_cfg_t *c = &m->cfg;
    unsigned db = c->data_bytes;

    /* READYs: room, then the clock's draw */
    unsigned n_aw = 0;
    for (unsigned i = 0; i < m->n_wq; i++)
        n_aw += m->wq[i]->has_aw != 0;
    int w_room = m->n_wq < c->max_writes;
    for (unsigned i = 0; i < m->n_wq && !w_room; i++)
        w_room = !m->wq[i]->has_last;
    s->aw_ready = n_aw < c->max_writes && !tb_rng_pct(&m->rng, c->ready_pct);
    s->w_ready = w_room && !tb_rng_pct(&m->rng, c->ready_pct);
    s->ar_ready = m->n_rq < c->max_reads && !tb_rng_pct(&m->rng, c->ready_pct);
    m->cnt.full += (n_aw >= c->max_writes) + (m->n_rq >= c->max_reads);

    uint64_t oldest = oldest_seq(m);
    /* B: a write offered stays until taken; else one of those that may answer */
    if (!m->b_cur) {
        unsigned cand[TB_AXI_MEM_MAX_OUT], n = 0;
        for (unsigned i = 0; i < m->n_wq; i++)
            if (wr_may_answer(m, i) && (c->interleave || m->wq[i]->seq == oldest))
                cand[n++] = i;
        if (n && tb_rng_pct(&m->rng, c->gap_pct)) {
            m->cnt.gaps++;
        } else if (n) {
            m->b_cur = m->wq[cand[tb_rng_below(&m->rng, n)]];
            m->cnt.reordered += m->b_cur->seq != oldest;
        }
    }
    s->b_valid = m->b_cur != NULL;
    s->b_id = m->b_cur ? m->b_cur->id : 0;
    s->b_resp = m->b_cur ? m->b_cur->resp : 0;

    /* R: a beat offered stays until taken; else a beat of one of the reads that may
     * answer (the in-order model: the oldest transaction, so a burst runs to its end) */
    if (!m->r_cur) {
        unsigned cand[TB_AXI_MEM_MAX_OUT], n = 0, mid = 0;
        for (unsigned i = 0; i < m->n_rq; i++) {
            mid += m->rq[i]->beats > 0;
            if (rd_may_answer(m, i) && (c->interleave || m->rq[i]->seq == oldest))
                cand[n++] = i;
        }
        if (n && tb_rng_pct(&m->rng, c->gap_pct)) {
            m->cnt.gaps++;
        } else if (n) {
            tb_axi_mem_rd_t *r = m->rq[cand[tb_rng_below(&m->rng, n)]];
            if (!r->sampled)
                sample_rd(m, r);
            m->cnt.reordered += r->beats == 0 && r->seq != oldest;
            m->cnt.r_interleaved += mid > (r->beats > 0);
            m->r_cur = r;
        }
    }
    tb_axi_mem_rd_t *r = m->r_cur;
    s->r_valid = r != NULL;
    s->r_id = r ? r->id : 0;
    s->r_resp = r ? r->resp : 0;
    s->r_last = r ? r->beats + 1 == r->n_beats : 0;
    memset(s->r_data, 0, sizeof s->r_data);
    if (r)
        memcpy(s->r_data, r->data + (size_t)r->beats * db, db);
}

/* Apply a write's beats to memory (its B was taken): the strobed bytes of each lane. */
static void apply_wr(tb_axi_mem_t *m, const tb_axi_mem_wr_t *w)
{
    unsigned db = m->cfg.data_bytes;
    for (unsigned i = 0; i < w->beats && i < TB_AXI_MEM_BEATS; i++) {
        uint32_t en = w->strb[i] & axi4_beat_lanes(w->addr, w->size, i, db);
        uint64_t word = axi4_beat_addr(w->addr, w->size, i) & ~(uint64_t)(db - 1);
        for (unsigned j = 0; j < db; j++)
            if (en >> j & 1) {
                m->mem[word + j - m->base] = w->data[(size_t)i * db + j];
                m->cnt.bytes_written++;
            }
    }
}

void tb_axi_mem_step(tb_axi_mem_t *m, const axi4_sig_t *s)
{
    unsigned db = m->cfg.data_bytes;
    m->cnt.ready_low += (s->aw_valid && !s->aw_ready) + (s->w_valid && !s->w_ready) +
                        (s->ar_valid && !s->ar_ready);

    /* responses taken */
    if (m->b_cur && s->b_ready) {
        tb_axi_mem_wr_t *w = m->b_cur;
        if (w->resp == AXI4_RESP_OKAY)
            apply_wr(m, w);
        else
            m->cnt.slverr++;
        m->cnt.bursts_written++;
        unsigned i = 0;
        while (m->wq[i] != w)
            i++;
        memmove(&m->wq[i], &m->wq[i + 1], (m->n_wq - i - 1) * sizeof *m->wq);
        m->n_wq--;
        m->wr_free[m->n_wr_free++] = w;
        m->b_cur = NULL;
    }
    if (m->r_cur && s->r_ready) {
        tb_axi_mem_rd_t *r = m->r_cur;
        m->cnt.beats_read++;
        if (r->resp == AXI4_RESP_OKAY)
            m->cnt.bytes_read +=
                (unsigned)__builtin_popcount(axi4_beat_lanes(r->addr, r->size, r->beats, db));
        if (++r->beats == r->n_beats) {
            m->cnt.bursts_read++;
            m->cnt.slverr += r->resp != AXI4_RESP_OKAY;
            unsigned i = 0;
            while (m->rq[i] != r)
                i++;
            memmove(&m->rq[i], &m->rq[i + 1], (m->n_rq - i - 1) * sizeof *m->rq);
            m->n_rq--;
            m->rd_free[m->n_rd_free++] = r;
        }
        m->r_cur = NULL;
    }

    /* requests taken: the address before the data, so a beat taken with its address
     * completes the write in this clock */
    if (s->aw_valid && s->aw_ready) {
        tb_axi_mem_wr_t *w = wr_slot(m, 1);
        if (w) {
            w->has_aw = 1;
            w->addr = s->aw_addr, w->id = s->aw_id, w->len = s->aw_len;
            w->size = s->aw_size, w->burst = s->aw_burst;
            w->resp = check_addr(m, "write", s->aw_addr, s->aw_id, s->aw_len, s->aw_size,
                                 s->aw_burst);
            if (w->has_last)
                complete_wr(m, w);
        }
    }
    if (s->w_valid && s->w_ready) {
        tb_axi_mem_wr_t *w = wr_slot(m, 0);
        if (w) {
            m->cnt.beats_written++;
            m->cnt.w_early += !w->has_aw;
            if (w->beats < TB_AXI_MEM_BEATS) {
                memcpy(w->data + (size_t)w->beats * db, s->w_data, db);
                w->strb[w->beats] = s->w_strb;
            }
            w->beats++;
            if (s->w_last) {
                w->has_last = 1;
                if (w->has_aw)
                    complete_wr(m, w);
            }
        }
    }
    if (s->ar_valid && s->ar_ready && m->n_rd_free) {
        tb_axi_mem_rd_t *r = m->rd_free[--m->n_rd_free];
        uint8_t *data = r->data;
        memset(r, 0, sizeof *r);
        r->data = data;
        r->addr = s->ar_addr, r->id = s->ar_id, r->len = s->ar_len;
        r->size = s->ar_size, r->burst = s->ar_burst;
        r->n_beats = (s->ar_len > 255 ? 255 : s->ar_len) + 1;
        r->resp = check_addr(m, "read", s->ar_addr, s->ar_id, s->ar_len, s->ar_size,
                             s->ar_burst);
        r->seq = ++m->seq;
        r->due = m->clk + 1 + draw_lat(m);
        m->rq[m->n_rq++] = r;
    }
    m->clk++;
}
