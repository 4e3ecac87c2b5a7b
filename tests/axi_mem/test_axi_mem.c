/* test_axi_mem: the AXI4 memory model (sim/axi_mem.{c,h}) against a small C master, a
 * shadow memory and the AXI4 protocol monitor (sim/axi_mon).
 *
 * Random phases, each a fresh model with random settings (data width 4, 8, 16 or 32
 * bytes; latency up to 0, 1, 2, 5 or 20 clocks; READY low 0 to 80 % of clocks; due
 * responses withheld 0 to 80 %; 1 to 16 reads and writes outstanding; in-order or
 * interleaving) on a region of 8.8 to 15.5 KB at a random base. The master issues random
 * INCR bursts on 1 to 16 IDs: lengths 1 to 256 beats, full and narrow sizes, aligned and
 * unaligned start addresses, full, partial and empty strobes, half of them in a 512-byte
 * window so that reads and writes overlap, a few out of range; its AW, W and AR run
 * apart (write data ahead of or behind their address), with random gaps on its VALIDs
 * and back-pressure on BREADY and RREADY.
 *
 * Checked: every B and R against the master's own bookkeeping (the oldest request of
 * the ID; BRESP / RRESP OKAY in range, SLVERR out of it with zero data; RLAST on the
 * burst's last beat); the visibility rule: every R byte in the beat's lanes equals the
 * shadow memory as of the clock the read's first beat was first offered, the shadow
 * taking each write at its B handshake; the in-order model answers in completion order;
 * at most max_reads / max_writes taken; the monitor clean and drained; at the end of each
 * phase the model idle, its memory equal to the shadow byte for byte, its counters
 * (bursts, beats, bytes by strobe and lanes, SLVERR) equal to the master's, and its only
 * errors the out-of-range bursts. Directed cases: each malformed burst (FIXED, WRAP,
 * AxSIZE above the bus, AxLEN 256, across 4 KB, WLAST early, WSTRB outside the lanes)
 * answered SLVERR with nothing written, its error kind counted and the monitor naming
 * the rule.
 *
 * Coverage bins (printed; each must be hit, or the test fails): every data width, both
 * orders, W ahead of and behind AW, 256-beat, single-beat, narrow and unaligned bursts,
 * partial and empty strobes, each READY low while its VALID waits, the read and write
 * limits reached, BREADY and RREADY low, latency 0 observed and latency 0 and max drawn,
 * a due response withheld, SLVERR on both directions, an R between two Bs, a B before
 * an older read and an R before an older write, B and R ahead of an older request of
 * another ID, R beats of two IDs interleaved, and a read sampled while an overlapping
 * write awaited its B and in the clock after one's B (the two sides of the visibility
 * rule).
 *
 * Knobs: SEED, N (transactions, default 20000). Closes with `N passed, N failed`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_mem.h"
#include "axi_mon.h"
#include "tb.h"

#define QCAP 512
#define PHASE_N 500 /* transactions a phase */

typedef struct xact {
    int write;
    unsigned id, len, size, burst;
    uint64_t addr, end;      /* the burst's bytes [addr, end) */
    unsigned expect;         /* OKAY or SLVERR */
    unsigned wlast_at;       /* the W beat with WLAST (len, or earlier for a broken master) */
    unsigned n_beats;        /* R beats the model answers */
    uint8_t *data;           /* write: the beats (data_bytes each); read: the snapshot of
                                [addr, end) at its sampling point */
    uint32_t *strb;
    int aw_done, wlast_done, resp_seen;
    unsigned w_sent, r_got;
    uint64_t done_clk;       /* the clock the request completed (AW and WLAST, or AR) */
} xact_t;

typedef struct xq {
    xact_t *x[QCAP];
    unsigned n;
} xq_t;

static void q_push(xq_t *q, xact_t *x)
{
    if (q->n == QCAP) {
        fprintf(stderr, "test_axi_mem: queue full\n");
        exit(2);
    }
    q->x[q->n++] = x;
}

static void q_del(xq_t *q, unsigned i)
{
    memmove(&q->x[i], &q->x[i + 1], (q->n - i - 1) * sizeof q->x[0]);
    q->n--;
}

enum {
    BIN_DB4, BIN_DB8, BIN_DB16, BIN_DB32, BIN_INORDER, BIN_INTERLEAVE, BIN_W_EARLY,
    BIN_AW_EARLY, BIN_AW_WLAST_SAME, BIN_256, BIN_SINGLE, BIN_NARROW, BIN_UNALIGNED,
    BIN_PARTIAL_STRB, BIN_EMPTY_STRB, BIN_AW_STALL, BIN_W_STALL, BIN_AR_STALL, BIN_RD_FULL,
    BIN_WR_FULL, BIN_B_BP, BIN_R_BP, BIN_LAT0_SEEN, BIN_LAT0, BIN_LATMAX, BIN_GAP,
    BIN_W_SLVERR, BIN_R_SLVERR, BIN_R_BETWEEN_B, BIN_B_BEFORE_RD, BIN_R_BEFORE_WR,
    BIN_B_REORDER, BIN_R_REORDER, BIN_R_INTERLEAVE, BIN_VIS_PENDING, BIN_VIS_AFTER_B, BIN_N
};
static const char *const bin_names[BIN_N] = {
    "data width 4 bytes", "data width 8 bytes", "data width 16 bytes", "data width 32 bytes",
    "in-order model", "interleaving model", "W beat before its AW", "AW before its data",
    "AW in its WLAST's clock", "burst of 256 beats", "burst of 1 beat", "narrow burst",
    "unaligned start address", "partial strobes", "beat without strobes",
    "AWREADY low, AWVALID waiting", "WREADY low, WVALID waiting",
    "ARREADY low, ARVALID waiting", "max_reads reads outstanding",
    "max_writes writes outstanding", "BREADY low, BVALID waiting",
    "RREADY low, RVALID waiting", "response in the clock after its request",
    "latency 0 drawn", "latency max_lat drawn", "due response withheld (gap)",
    "write out of range: SLVERR", "read out of range: SLVERR", "R between two Bs",
    "B before an older read", "R before an older write", "B before an older write (other ID)",
    "R before an older read (other ID)", "R beats of two IDs interleaved",
    "read sampled, overlapping write awaiting B", "read sampled the clock after an overlapping B",
};

typedef struct test {
    tb_rng_t rng;
    tb_report_t rep;
    uint64_t bins[BIN_N];
    uint64_t clocks;
} test_t;

/* One phase: a model, its settings, the master and the shadow. */
typedef struct phase {
    test_t *t;
    tb_axi_mem_cfg_t cfg;
    tb_axi_mem_t mem;
    axi_mon_t mon;
    uint64_t base;
    size_t size;
    uint8_t *shadow;
    unsigned db, n_ids, ids[16];
    tb_stall_t st;           /* the master's gaps (VALIDs) and back-pressure (READYs) */
    unsigned aw_gap, w_gap;  /* extra gaps on AW or W: data ahead of or behind addresses */
    xq_t aw_q, w_q, ar_q;    /* requests not yet sent (AW, the W beats, AR) */
    xq_t wr_out, rd_out;     /* writes generated and not answered; reads taken and not done */
    int aw_on, w_on, ar_on;
    uint64_t clk;
    int r_since_b;           /* an R beat was taken since the last B */
    uint64_t last_b_clk;     /* the clock of the last B, and its bytes */
    uint64_t last_b_lo, last_b_hi;
    /* the master's counts, against the model's */
    uint64_t n_wr, n_rd, beats_w, beats_r, bytes_w, bytes_r, slverr, out_of_range;
    const xact_t *forced;    /* directed: these transactions instead of random ones */
    unsigned generated, n_target;
} phase_t;

static unsigned ilog2(unsigned x)
{
    unsigned n = 0;
    while ((1u << (n + 1)) <= x)
        n++;
    return n;
}

static int in_range(const phase_t *p, uint64_t addr, uint64_t end)
{
    return addr >= p->base && end <= p->base + p->size;
}

static xact_t *x_new(const phase_t *p)
{
    /* the data: a write's beats, or a read's bytes [addr, end): at most 256 beats */
    xact_t *x = calloc(1, sizeof *x);
    uint8_t *data = calloc((size_t)TB_AXI_MEM_BEATS * p->db, 1);
    uint32_t *strb = calloc(TB_AXI_MEM_BEATS, sizeof(uint32_t));
    if (!x || !data || !strb) {
        fprintf(stderr, "test_axi_mem: out of memory\n");
        exit(2);
    }
    x->data = data, x->strb = strb;
    return x;
}

static void x_free(xact_t *x)
{
    free(x->data);
    free(x->strb);
    free(x);
}

/* A random burst: its size, length and address, kept inside one 4 KB page; in range
 * (half of them in the hot window) or, rarely, across an end of the region. */
static xact_t *gen_random(phase_t *p, int write, uint64_t hot)
{
    tb_rng_t *r = &p->t->rng;
    xact_t *x = x_new(p);
    x->write = write;
    x->id = p->ids[tb_rng_below(r, p->n_ids)];
    x->burst = AXI4_BURST_INCR;
    unsigned full = ilog2(p->db);
    x->size = tb_rng_pct(r, 75) ? full : tb_rng_below(r, full + 1);
    unsigned pick = tb_rng_below(r, 100), len;
    if (pick < 45)
        len = tb_rng_below(r, 4);
    else if (pick < 75)
        len = tb_rng_below(r, 16);
    else if (pick < 93)
        len = tb_rng_below(r, 64);
    else if (pick < 97)
        len = tb_rng_below(r, 256);
    else
        len = 255;
    uint64_t n = 1ull << x->size;
    if (tb_rng_pct(r, 6)) {
        /* across the region's start or end: at most 256 bytes, inside that page */
        uint64_t edge = tb_rng_pct(r, 50) ? p->base : p->base + p->size;
        while (((uint64_t)len + 1) * n > 256)
            len /= 2;
        uint64_t bytes = ((uint64_t)len + 1) * n;
        x->addr = edge - 1 - tb_rng_below(r, (uint32_t)bytes);
    } else {
        uint64_t lo = tb_rng_pct(r, 50) ? hot : p->base;
        uint64_t span = lo == hot ? 512 : p->size;
        x->addr = lo + tb_rng_below(r, (uint32_t)span);
        if (tb_rng_pct(r, 80))
            x->addr &= ~(n - 1);
        if (x->addr < p->base)
            x->addr += n;
        /* the most beats that stay inside the page and the region */
        uint64_t page_end = (x->addr | 0xfff) + 1, reg_end = p->base + p->size;
        uint64_t lim = page_end < reg_end ? page_end : reg_end;
        uint64_t first = x->addr & ~(n - 1);
        if (lim <= first + n - 1 || x->addr >= lim) {
            /* no room for a beat here: a single byte at the region's start */
            x->size = 0, n = 1, len = 0, x->addr = p->base;
        } else {
            uint64_t most = (lim - first) / n;
            if (len + 1 > most)
                len = (unsigned)most - 1;
        }
    }
    x->len = len;
    x->end = axi4_burst_end(x->addr, x->size, x->len);
    x->expect = in_range(p, x->addr, x->end) ? AXI4_RESP_OKAY : AXI4_RESP_SLVERR;
    x->wlast_at = len;
    x->n_beats = len + 1;
    if (write) {
        unsigned mode = tb_rng_below(r, 10);
        for (unsigned i = 0; i <= len; i++) {
            uint32_t lanes = axi4_beat_lanes(x->addr, x->size, i, p->db);
            for (unsigned j = 0; j < p->db; j++)
                x->data[(size_t)i * p->db + j] = (uint8_t)tb_rng_u32(r);
            x->strb[i] = mode < 7 ? lanes
                                  : lanes & tb_rng_u32(r) & (mode == 9 && tb_rng_pct(r, 30) ? 0 : ~0u);
        }
    }
    return x;
}

/* The clocks of a read's first offer: sample the shadow (the visibility rule), and the
 * bins of which writes it overlaps. */
static void sample_read(phase_t *p, xact_t *x)
{
    test_t *t = p->t;
    if (x->expect == AXI4_RESP_OKAY)
        memcpy(x->data, p->shadow + (x->addr - p->base), x->end - x->addr);
    for (unsigned i = 0; i < p->wr_out.n; i++) {
        const xact_t *w = p->wr_out.x[i];
        if (w->aw_done && w->wlast_done && w->expect == AXI4_RESP_OKAY && w->addr < x->end &&
            x->addr < w->end)
            t->bins[BIN_VIS_PENDING]++;
    }
    if (p->last_b_clk + 1 == p->clk && p->last_b_lo < x->end && x->addr < p->last_b_hi)
        t->bins[BIN_VIS_AFTER_B]++;
}

/* The first clock a response (B, or a read's first beat) of x is offered: the order of
 * the answers against the other requests still unanswered. */
static void first_offer(phase_t *p, xact_t *x)
{
    test_t *t = p->t;
    x->resp_seen = 1;
    if (p->clk == x->done_clk + 1)
        t->bins[BIN_LAT0_SEEN]++;
    for (int dir = 0; dir < 2; dir++) {
        const xq_t *q = dir ? &p->rd_out : &p->wr_out;
        for (unsigned i = 0; i < q->n; i++) {
            const xact_t *y = q->x[i];
            if (y == x || (y->write && !(y->aw_done && y->wlast_done)) ||
                y->done_clk >= x->done_clk)
                continue;
            /* y completed in an earlier clock and is not answered (or not to its end) */
            if (!p->cfg.interleave) {
                tb_check(&t->rep, 0,
                         "in-order model: %s ID 0x%x at 0x%llx (done at clock %llu) answered "
                         "before %s ID 0x%x at 0x%llx (done at %llu)",
                         x->write ? "write" : "read", x->id, (unsigned long long)x->addr,
                         (unsigned long long)x->done_clk, y->write ? "write" : "read", y->id,
                         (unsigned long long)y->addr, (unsigned long long)y->done_clk);
                return;
            }
            if (x->write && !y->write)
                t->bins[BIN_B_BEFORE_RD]++;
            else if (!x->write && y->write)
                t->bins[BIN_R_BEFORE_WR]++;
            else if (x->write && y->id != x->id)
                t->bins[BIN_B_REORDER]++;
            else if (!x->write && y->id != x->id && y->r_got == 0)
                t->bins[BIN_R_REORDER]++;
        }
    }
}

static xact_t *oldest_wr(phase_t *p, unsigned id, unsigned *at)
{
    for (unsigned i = 0; i < p->wr_out.n; i++)
        if (p->wr_out.x[i]->aw_done && p->wr_out.x[i]->id == id) {
            *at = i;
            return p->wr_out.x[i];
        }
    return NULL;
}

static xact_t *oldest_rd(phase_t *p, unsigned id, unsigned *at)
{
    for (unsigned i = 0; i < p->rd_out.n; i++)
        if (p->rd_out.x[i]->id == id) {
            *at = i;
            return p->rd_out.x[i];
        }
    return NULL;
}

/* The master's outputs of this clock (VALIDs held until their handshakes; low in the
 * first clock after reset). */
static void master_drive(phase_t *p, axi4_sig_t *s)
{
    tb_rng_t *r = &p->t->rng;
    if (p->clk == 0) {
        memset(s, 0, sizeof *s);
        return;
    }
    if (!p->aw_on && p->aw_q.n && !tb_rng_pct(r, p->st.gap_pct) && !tb_rng_pct(r, p->aw_gap))
        p->aw_on = 1;
    if (!p->w_on && p->w_q.n && !tb_rng_pct(r, p->st.gap_pct) && !tb_rng_pct(r, p->w_gap))
        p->w_on = 1;
    if (!p->ar_on && p->ar_q.n && !tb_rng_pct(r, p->st.gap_pct))
        p->ar_on = 1;
    memset(s, 0, sizeof *s);
    if (p->aw_on) {
        const xact_t *x = p->aw_q.x[0];
        s->aw_valid = 1, s->aw_addr = x->addr, s->aw_id = x->id, s->aw_len = x->len;
        s->aw_size = x->size, s->aw_burst = x->burst;
    }
    if (p->w_on) {
        const xact_t *x = p->w_q.x[0];
        s->w_valid = 1;
        memcpy(s->w_data, x->data + (size_t)x->w_sent * p->db, p->db);
        s->w_strb = x->strb[x->w_sent];
        s->w_last = x->w_sent == x->wlast_at;
    }
    if (p->ar_on) {
        const xact_t *x = p->ar_q.x[0];
        s->ar_valid = 1, s->ar_addr = x->addr, s->ar_id = x->id, s->ar_len = x->len;
        s->ar_size = x->size, s->ar_burst = x->burst;
    }
    s->b_ready = !tb_rng_pct(r, p->st.stall_pct);
    s->r_ready = !tb_rng_pct(r, p->st.stall_pct);
}

/* Between the drives and the edge: the responses offered this clock. */
static void observe(phase_t *p, const axi4_sig_t *s)
{
    test_t *t = p->t;
    unsigned at;
    if (s->b_valid) {
        xact_t *x = oldest_wr(p, s->b_id, &at);
        if (x && !x->resp_seen)
            first_offer(p, x);
        t->bins[BIN_B_BP] += !s->b_ready;
    }
    if (s->r_valid) {
        xact_t *x = oldest_rd(p, s->r_id, &at);
        if (x && !x->resp_seen) {
            sample_read(p, x);
            first_offer(p, x);
        }
        t->bins[BIN_R_BP] += !s->r_ready;
    }
    t->bins[BIN_AW_STALL] += s->aw_valid && !s->aw_ready;
    t->bins[BIN_W_STALL] += s->w_valid && !s->w_ready;
    t->bins[BIN_AR_STALL] += s->ar_valid && !s->ar_ready;
}

/* The handshakes of this clock, from the master's side. */
static void master_step(phase_t *p, const axi4_sig_t *s)
{
    test_t *t = p->t;
    unsigned db = p->db, at;
    if (s->b_valid && s->b_ready) {
        xact_t *x = oldest_wr(p, s->b_id, &at);
        tb_check(&t->rep, x && x->wlast_done, "clock %llu: B with BID 0x%x: no write taken",
                 (unsigned long long)p->clk, s->b_id);
        if (x) {
            tb_check(&t->rep, s->b_resp == x->expect,
                     "clock %llu: write ID 0x%x at 0x%llx (%u beats): BRESP %u, want %u",
                     (unsigned long long)p->clk, x->id, (unsigned long long)x->addr,
                     x->len + 1, s->b_resp, x->expect);
            if (x->expect == AXI4_RESP_OKAY) {
                for (unsigned i = 0; i <= x->len; i++) {
                    uint32_t en = x->strb[i] & axi4_beat_lanes(x->addr, x->size, i, db);
                    uint64_t word = axi4_beat_addr(x->addr, x->size, i) & ~(uint64_t)(db - 1);
                    for (unsigned j = 0; j < db; j++)
                        if (en >> j & 1) {
                            p->shadow[word + j - p->base] = x->data[(size_t)i * db + j];
                            p->bytes_w++;
                        }
                }
                p->last_b_clk = p->clk, p->last_b_lo = x->addr, p->last_b_hi = x->end;
            } else {
                p->slverr++;
                t->bins[BIN_W_SLVERR] += x->burst == AXI4_BURST_INCR;
            }
            p->n_wr++;
            q_del(&p->wr_out, at);
            x_free(x);
        }
        if (p->r_since_b)
            t->bins[BIN_R_BETWEEN_B]++;
        p->r_since_b = 0;
    }
    if (s->r_valid && s->r_ready) {
        xact_t *x = oldest_rd(p, s->r_id, &at);
        tb_check(&t->rep, x != NULL, "clock %llu: R with RID 0x%x: no read taken",
                 (unsigned long long)p->clk, s->r_id);
        if (x) {
            for (unsigned i = 0; i < p->rd_out.n; i++)
                if (p->rd_out.x[i] != x && p->rd_out.x[i]->r_got > 0)
                    t->bins[BIN_R_INTERLEAVE]++;
            unsigned k = x->r_got;
            int ok = s->r_resp == x->expect && s->r_last == (k + 1 == x->n_beats);
            int bad_byte = -1;
            if (x->expect == AXI4_RESP_OKAY) {
                uint32_t lanes = axi4_beat_lanes(x->addr, x->size, k, db);
                uint64_t word = axi4_beat_addr(x->addr, x->size, k) & ~(uint64_t)(db - 1);
                for (unsigned j = 0; j < db; j++)
                    if (lanes >> j & 1) {
                        p->bytes_r++;
                        if (bad_byte < 0 && s->r_data[j] != x->data[word + j - x->addr])
                            bad_byte = (int)j;
                    }
            } else {
                for (unsigned j = 0; j < db; j++)
                    if (bad_byte < 0 && s->r_data[j])
                        bad_byte = (int)j;
            }
            tb_check(&t->rep, ok && bad_byte < 0,
                     "clock %llu: read ID 0x%x at 0x%llx beat %u of %u: RRESP %u (want %u), "
                     "RLAST %d, %s%d", (unsigned long long)p->clk, x->id,
                     (unsigned long long)x->addr, k, x->n_beats, s->r_resp, x->expect,
                     s->r_last, bad_byte < 0 ? "data equal" : "data differ at lane ",
                     bad_byte);
            p->beats_r++;
            if (++x->r_got == x->n_beats) {
                if (x->expect != AXI4_RESP_OKAY) {
                    p->slverr++;
                    t->bins[BIN_R_SLVERR] += x->burst == AXI4_BURST_INCR;
                }
                p->n_rd++;
                q_del(&p->rd_out, at);
                x_free(x);
            }
        }
        p->r_since_b = 1;
    }
    if (s->aw_valid && s->aw_ready) {
        xact_t *x = p->aw_q.x[0];
        x->aw_done = 1;
        if (x->w_sent == 0)
            t->bins[BIN_AW_EARLY]++;
        if (x->wlast_done)
            x->done_clk = p->clk;
        q_del(&p->aw_q, 0);
        p->aw_on = 0;
    }
    if (s->w_valid && s->w_ready) {
        xact_t *x = p->w_q.x[0];
        t->bins[BIN_W_EARLY] += !x->aw_done;
        p->beats_w++;
        if (x->w_sent++ == x->wlast_at) {
            x->wlast_done = 1;
            if (x->aw_done) {
                x->done_clk = p->clk;
                t->bins[BIN_AW_WLAST_SAME] += s->aw_valid && s->aw_ready;
            }
            q_del(&p->w_q, 0);
        }
        p->w_on = 0;
    }
    if (s->ar_valid && s->ar_ready) {
        xact_t *x = p->ar_q.x[0];
        x->done_clk = p->clk;
        q_del(&p->ar_q, 0);
        q_push(&p->rd_out, x);
        p->ar_on = 0;
    }
    /* the model's limits */
    unsigned n_aw = 0;
    for (unsigned i = 0; i < p->wr_out.n; i++)
        n_aw += p->wr_out.x[i]->aw_done;
    if (n_aw > p->cfg.max_writes || p->rd_out.n > p->cfg.max_reads)
        tb_check(&t->rep, 0, "clock %llu: %u writes, %u reads outstanding (max %u, %u)",
                 (unsigned long long)p->clk, n_aw, p->rd_out.n, p->cfg.max_writes,
                 p->cfg.max_reads);
    t->bins[BIN_WR_FULL] += n_aw == p->cfg.max_writes;
    t->bins[BIN_RD_FULL] += p->rd_out.n == p->cfg.max_reads;
}

/* New requests: a forced one, or a random one while the queues are short. */
static void generate(phase_t *p, uint64_t hot)
{
    test_t *t = p->t;
    if (p->generated == p->n_target)
        return;
    xact_t *x;
    if (p->forced) {
        if (p->aw_q.n + p->w_q.n + p->ar_q.n + p->wr_out.n + p->rd_out.n)
            return; /* directed: one at a time */
        const xact_t *f = &p->forced[p->generated];
        x = x_new(p);
        uint8_t *data = x->data;
        uint32_t *strb = x->strb;
        *x = *f;
        memcpy(data, f->data, (size_t)TB_AXI_MEM_BEATS * p->db);
        memcpy(strb, f->strb, TB_AXI_MEM_BEATS * sizeof(uint32_t));
        x->data = data, x->strb = strb;
    } else {
        int write = tb_rng_pct(&t->rng, 50);
        if ((write ? p->aw_q.n + p->w_q.n : p->ar_q.n) >= 4)
            return;
        x = gen_random(p, write, hot);
    }
    p->generated++;
    if (x->write) {
        q_push(&p->aw_q, x);
        q_push(&p->w_q, x);
        q_push(&p->wr_out, x);
        t->bins[BIN_256] += x->len == 255;
        t->bins[BIN_SINGLE] += x->len == 0;
        t->bins[BIN_NARROW] += x->size < ilog2(p->db);
        t->bins[BIN_UNALIGNED] += (x->addr & ((1ull << x->size) - 1)) != 0;
        for (unsigned i = 0; i <= x->len; i++) {
            uint32_t lanes = axi4_beat_lanes(x->addr, x->size, i, p->db);
            t->bins[BIN_PARTIAL_STRB] += x->strb[i] && x->strb[i] != lanes;
            t->bins[BIN_EMPTY_STRB] += x->strb[i] == 0;
        }
    } else {
        q_push(&p->ar_q, x);
    }
    p->out_of_range += x->expect != AXI4_RESP_OKAY;
}

static int phase_busy(const phase_t *p)
{
    return p->aw_q.n || p->w_q.n || p->ar_q.n || p->wr_out.n || p->rd_out.n;
}

/* A phase: n transactions (or the forced ones) on a fresh model, then the drain and the
 * end checks. want_err: the model's error kinds expected (NULL: only RANGE for the
 * out-of-range bursts); want_rule: the monitor's first violation (NULL: none). */
static void run_phase(test_t *t, const tb_axi_mem_cfg_t *cfg, uint64_t base, size_t size,
                      unsigned n_ids, unsigned n, const xact_t *forced, const uint64_t *want_err,
                      const char *want_rule, const char *what)
{
    phase_t *p = calloc(1, sizeof *p);
    p->t = t;
    p->cfg = *cfg;
    p->db = cfg->data_bytes;
    p->base = base, p->size = size;
    p->shadow = calloc(size, 1);
    p->n_ids = n_ids;
    for (unsigned i = 0; i < n_ids; i++) {
        unsigned id;
        int dup;
        do {
            id = tb_rng_below(&t->rng, i < 1 ? 4 : 0x10000);
            dup = 0;
            for (unsigned k = 0; k < i; k++)
                dup |= p->ids[k] == id;
        } while (dup);
        p->ids[i] = id;
    }
    p->st = tb_stall_pick(&t->rng);
    unsigned lead = tb_rng_below(&t->rng, 3); /* 0: neither, 1: data lag, 2: addresses lag */
    p->aw_gap = lead == 2 ? 70 : 0;
    p->w_gap = lead == 1 ? 70 : 0;
    p->forced = forced, p->n_target = n;
    tb_axi_mem_init(&p->mem, base, size, cfg, tb_rng_u64(&t->rng));
    unsigned max_p = cfg->max_reads > cfg->max_writes ? cfg->max_reads : cfg->max_writes;
    axi_mon_axi4_init(&p->mon, "m_axi", p->db, max_p, 0);
    p->mon.quiet = want_rule != NULL;
    p->last_b_clk = ~0ull - 1;
    uint64_t hot = base + tb_rng_below(&t->rng, (uint32_t)(size - 512));

    axi4_sig_t s;
    memset(&s, 0, sizeof s);
    axi_mon_axi4_step(&p->mon, 1, &s);
    uint64_t idle_clocks = 0, before = t->rep.failed;
    while (p->generated < p->n_target || phase_busy(p) || !tb_axi_mem_idle(&p->mem)) {
        generate(p, hot);
        master_drive(p, &s);
        tb_axi_mem_drive(&p->mem, &s);
        observe(p, &s);
        axi_mon_axi4_step(&p->mon, 0, &s);
        tb_axi_mem_step(&p->mem, &s);
        int moved = (s.aw_valid && s.aw_ready) || (s.w_valid && s.w_ready) ||
                    (s.ar_valid && s.ar_ready) || (s.b_valid && s.b_ready) ||
                    (s.r_valid && s.r_ready);
        master_step(p, &s);
        p->clk++;
        idle_clocks = moved ? 0 : idle_clocks + 1;
        if (idle_clocks > 20000) {
            tb_check(&t->rep, 0, "%s: no handshake for 20000 clocks (stuck)", what);
            break;
        }
        if (t->rep.failed > before + 40)
            break;
    }
    t->clocks += p->clk;

    /* the end of the phase */
    tb_axi_mem_t *m = &p->mem;
    if (want_rule) {
        char msg[400];
        snprintf(msg, sizeof msg, "%s: monitor: want rule \"%s\", got %s", what, want_rule,
                 p->mon.violations ? p->mon.first_msg : "none");
        tb_check(&t->rep, p->mon.first_rule && !strcmp(p->mon.first_rule, want_rule), "%s", msg);
    } else {
        tb_check(&t->rep, axi_mon_ok(&p->mon) && axi_mon_axi4_drained(&p->mon),
                 "%s: monitor: %s", what, p->mon.violations ? p->mon.first_msg : "not drained");
    }
    tb_check(&t->rep, tb_axi_mem_idle(m) && !phase_busy(p), "%s: model idle at the end", what);
    int same = memcmp(p->shadow, tb_axi_mem_bytes(m), size) == 0;
    size_t first = 0;
    while (!same && first < size && p->shadow[first] == tb_axi_mem_bytes(m)[first])
        first++;
    tb_check(&t->rep, same, "%s: memory differs from the shadow first at 0x%llx", what,
             (unsigned long long)(base + first));
    int errs_ok = 1;
    for (unsigned k = 0; k < TB_AXI_MEM_ERR_N; k++) {
        uint64_t want = want_err ? want_err[k] : k == TB_AXI_MEM_ERR_RANGE ? p->out_of_range : 0;
        errs_ok &= m->err[k] == want;
    }
    tb_check(&t->rep, errs_ok, "%s: model errors: %llu (RANGE %llu of %llu out of range): %s",
             what, (unsigned long long)m->errors, (unsigned long long)m->err[0],
             (unsigned long long)p->out_of_range,
             tb_axi_mem_error(m) ? tb_axi_mem_error(m) : "none");
    tb_check(&t->rep,
             m->cnt.bursts_written == p->n_wr && m->cnt.bursts_read == p->n_rd &&
                 m->cnt.beats_written == p->beats_w && m->cnt.beats_read == p->beats_r &&
                 m->cnt.bytes_written == p->bytes_w && m->cnt.bytes_read == p->bytes_r &&
                 m->cnt.slverr == p->slverr,
             "%s: model counts (bursts %llu/%llu, beats %llu/%llu, bytes %llu/%llu, SLVERR %llu) "
             "!= master's (%llu/%llu, %llu/%llu, %llu/%llu, %llu)", what,
             (unsigned long long)m->cnt.bursts_written, (unsigned long long)m->cnt.bursts_read,
             (unsigned long long)m->cnt.beats_written, (unsigned long long)m->cnt.beats_read,
             (unsigned long long)m->cnt.bytes_written, (unsigned long long)m->cnt.bytes_read,
             (unsigned long long)m->cnt.slverr, (unsigned long long)p->n_wr,
             (unsigned long long)p->n_rd, (unsigned long long)p->beats_w,
             (unsigned long long)p->beats_r, (unsigned long long)p->bytes_w,
             (unsigned long long)p->bytes_r, (unsigned long long)p->slverr);
    t->bins[BIN_LAT0] += m->cnt.lat_zero;
    t->bins[BIN_LATMAX] += m->cnt.lat_max;
    t->bins[BIN_GAP] += m->cnt.gaps;
    t->bins[BIN_INORDER + (cfg->interleave != 0)]++;
    t->bins[BIN_DB4 + ilog2(p->db) - 2]++;

    /* a stuck phase's leftovers: every write is in wr_out, every read in ar_q or rd_out */
    xq_t *qs[] = {&p->wr_out, &p->rd_out, &p->ar_q};
    for (unsigned k = 0; k < 3; k++)
        for (unsigned i = 0; i < qs[k]->n; i++)
            x_free(qs[k]->x[i]);
    tb_axi_mem_free(m);
    free(p->shadow);
    free(p);
}

static tb_axi_mem_cfg_t random_cfg(tb_rng_t *r)
{
    static const unsigned lat[] = {0, 1, 2, 5, 20}, pct[] = {0, 10, 50, 80},
                          out[] = {1, 2, 4, 16};
    tb_axi_mem_cfg_t c;
    c.data_bytes = 4u << tb_rng_below(r, 4);
    c.max_lat = lat[tb_rng_below(r, 5)];
    c.ready_pct = pct[tb_rng_below(r, 4)];
    c.gap_pct = pct[tb_rng_below(r, 4)];
    c.max_reads = out[tb_rng_below(r, 4)];
    c.max_writes = out[tb_rng_below(r, 4)];
    c.interleave = (int)tb_rng_below(r, 2);
    return c;
}

/* The malformed bursts, one a phase: each refused with SLVERR, its kind counted, nothing
 * written, and the monitor naming its rule. */
static void directed_errors(test_t *t)
{
    tb_axi_mem_cfg_t c = {8, 2, 20, 20, 2, 2, 1}; /* 8 data bytes: the beats below */
    const uint64_t base = 0x10000100;
    const size_t size = 0x3000;
    uint32_t strb_bad[TB_AXI_MEM_BEATS] = {0x3}; /* size 0 from 0x...05: lane 5 only */
    uint8_t fill[TB_AXI_MEM_BEATS * 8];
    uint32_t full[TB_AXI_MEM_BEATS];
    memset(fill, 0xa5, sizeof fill);
    struct {
        const char *what, *rule;
        tb_axi_mem_err_t kind;
        xact_t x;
    } cases[] = {
        {"FIXED write", "burst INCR only", TB_AXI_MEM_ERR_BURST,
         {.write = 1, .len = 3, .size = 3, .burst = AXI4_BURST_FIXED, .addr = base + 0x200}},
        {"WRAP read", "burst INCR only", TB_AXI_MEM_ERR_BURST,
         {.write = 0, .len = 3, .size = 3, .burst = AXI4_BURST_WRAP, .addr = base + 0x200}},
        {"AxSIZE 16 bytes on 8, read", "AxSIZE within the data width", TB_AXI_MEM_ERR_SIZE,
         {.write = 0, .len = 1, .size = 4, .burst = AXI4_BURST_INCR, .addr = base + 0x200}},
        {"AxLEN 256, read", "AxLEN at most 255", TB_AXI_MEM_ERR_LEN,
         {.write = 0, .len = 256, .size = 0, .burst = AXI4_BURST_INCR, .addr = base + 0x200}},
        {"write across 4 KB", "no 4 KB crossing", TB_AXI_MEM_ERR_4K,
         {.write = 1, .len = 3, .size = 3, .burst = AXI4_BURST_INCR, .addr = 0x10001ff0}},
        {"WLAST on beat 2 of 4", "WLAST on beat AWLEN+1", TB_AXI_MEM_ERR_WLAST,
         {.write = 1, .len = 3, .size = 3, .burst = AXI4_BURST_INCR, .addr = base + 0x200,
          .wlast_at = 1}},
        {"WSTRB outside a narrow beat's lanes", "WSTRB within the beat's lanes",
         TB_AXI_MEM_ERR_WSTRB,
         {.write = 1, .len = 0, .size = 0, .burst = AXI4_BURST_INCR, .addr = base + 0x205,
          .strb = strb_bad}},
        {"read beyond the end", NULL, TB_AXI_MEM_ERR_RANGE,
         {.write = 0, .len = 3, .size = 3, .burst = AXI4_BURST_INCR, .addr = base + size - 8}},
        {"write below the start", NULL, TB_AXI_MEM_ERR_RANGE,
         {.write = 1, .len = 1, .size = 2, .burst = AXI4_BURST_INCR, .addr = base - 4}},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        xact_t x = cases[k].x;
        x.id = 1;
        x.end = x.addr + 64; /* refused: its data are never compared */
        x.expect = AXI4_RESP_SLVERR;
        if (!x.wlast_at)
            x.wlast_at = x.len;
        x.n_beats = (x.len > 255 ? 255 : x.len) + 1;
        x.data = fill;
        if (!x.strb) {
            for (unsigned i = 0; i < TB_AXI_MEM_BEATS; i++)
                full[i] = axi4_beat_lanes(x.addr, x.size < 3 ? x.size : 3, i, 8);
            x.strb = full;
        }
        uint64_t want[TB_AXI_MEM_ERR_N] = {0};
        want[cases[k].kind] = 1;
        run_phase(t, &c, base, size, 1, 1, &x, want, cases[k].rule, cases[k].what);
    }
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "test_axi_mem", 20000);
    test_t *t = calloc(1, sizeof *t);
    tb_rng_seed(&t->rng, o.seed);
    printf("test_axi_mem: seed %llu, %llu transactions\n", (unsigned long long)o.seed,
           (unsigned long long)o.n);

    directed_errors(t);
    uint64_t done = 0;
    for (unsigned ph = 0; done < o.n; ph++) {
        unsigned n = o.n - done < PHASE_N ? (unsigned)(o.n - done) : PHASE_N;
        tb_axi_mem_cfg_t c = random_cfg(&t->rng);
        static const unsigned ids[] = {1, 2, 4, 16};
        unsigned n_ids = ids[tb_rng_below(&t->rng, 4)];
        if (ph < 8) {
            /* every width in each order first; the interleaving ones with several IDs,
             * latency and room to reorder */
            c.data_bytes = 4u << (ph & 3), c.interleave = ph >= 4;
            if (c.interleave) {
                n_ids = ids[1 + (ph & 1) * 2]; /* 2 or 16 */
                c.max_lat = ph & 2 ? 20 : 5;
                c.max_reads = c.max_writes = ph & 1 ? 16 : 4;
            }
        }
        uint64_t base = 0x40000000ull + ((uint64_t)tb_rng_below(&t->rng, 0x100) << 12) +
                        0x100 + tb_rng_below(&t->rng, 0xd00);
        unsigned end_off = 0x100 + tb_rng_below(&t->rng, 0xe00);
        size_t size = 0x3000 + end_off - (base & 0xfff);
        char what[160];
        snprintf(what, sizeof what,
                 "phase %u (%u bytes, lat %u, ready %u%%, gap %u%%, %u reads, %u writes, %s, "
                 "%u IDs)", ph, c.data_bytes, c.max_lat, c.ready_pct, c.gap_pct, c.max_reads,
                 c.max_writes, c.interleave ? "interleaving" : "in order", n_ids);
        run_phase(t, &c, base, size, n_ids, n, NULL, NULL, NULL, what);
        done += n;
    }

    printf("coverage (%llu clocks):\n", (unsigned long long)t->clocks);
    for (unsigned b = 0; b < BIN_N; b++) {
        printf("  %-46s %llu\n", bin_names[b], (unsigned long long)t->bins[b]);
        tb_check(&t->rep, t->bins[b] > 0, "coverage: \"%s\" never hit", bin_names[b]);
    }
    int rc = tb_summary(&t->rep);
    free(t);
    return rc;
}
