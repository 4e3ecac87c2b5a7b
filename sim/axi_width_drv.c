/* axi_width_drv: the 64-bit AXI4 master that drives gx_axi_width in its test and its
 * benchmark: bursts of gx_msmem's shape (axi_width_rtl.h), every read checked byte for
 * byte against the reference image a direct 64-bit port would leave.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_width_rtl.h"

#define BLOCK 256u

void gx_axw_master_init(gx_axw_master_t *m, uint64_t base, size_t size, uint64_t seed)
{
    memset(m, 0, sizeof *m);
    m->base = base;
    m->size = size;
    m->ref = calloc(size, 1);
    tb_rng_seed(&m->rng, seed);
}

void gx_axw_master_free(gx_axw_master_t *m)
{
    free(m->ref);
    m->ref = NULL;
}

void gx_axw_master_phase(gx_axw_master_t *m, const gx_axw_cfg_t *cfg, uint64_t n)
{
    m->cfg = *cfg;
    m->budget = n;
}

static gx_axw_op_t *wr_at(gx_axw_master_t *m, unsigned i)
{
    return &m->wr[(m->wr_h + i) % GX_AXW_MAX_WR];
}

static gx_axw_op_t *rd_at(gx_axw_master_t *m, unsigned i)
{
    return &m->rd[(m->rd_h + i) % GX_AXW_MAX_RD];
}

/* 1 when an unanswered burst of ring ops (n from head h, capacity cap) is in block blk. */
static int busy(const gx_axw_op_t *ops, unsigned h, unsigned n, unsigned cap, uint64_t blk)
{
    for (unsigned i = 0; i < n; i++)
        if (ops[(h + i) % cap].addr / BLOCK == blk)
            return 1;
    return 0;
}

/* A new burst's range: start offset and bytes within a 256-byte block. */
static void pick_range(gx_axw_master_t *m, unsigned *off, unsigned *nbytes)
{
    tb_rng_t *r = &m->rng;
    if (tb_rng_pct(r, m->cfg.long_pct)) {  /* 32 beats: starts in the block's first beat */
        *off = tb_rng_pct(r, 50) ? 0 : tb_rng_below(r, 8);
        *nbytes = BLOCK - *off - (tb_rng_pct(r, 50) ? 0 : tb_rng_below(r, 8));
    } else if (tb_rng_pct(r, m->cfg.short_pct)) {  /* one beat */
        *off = tb_rng_below(r, BLOCK);
        *nbytes = 1 + tb_rng_below(r, 8 - (*off & 7));
    } else {
        *off = tb_rng_pct(r, 30) ? 8 * tb_rng_below(r, BLOCK / 8) : tb_rng_below(r, BLOCK);
        *nbytes = 1 + tb_rng_below(r, BLOCK - *off);
    }
}

/* Make a new burst when the phase has some left and the limits and hazards allow. */
static void make_op(gx_axw_master_t *m)
{
    tb_rng_t *r = &m->rng;
    if (!m->budget || !tb_rng_pct(r, m->cfg.op_pct))
        return;
    const int write = !tb_rng_pct(r, m->cfg.read_pct);
    if (write ? m->wr_n == GX_AXW_MAX_WR : m->rd_n == GX_AXW_MAX_RD)
        return;
    const uint64_t blk = m->base / BLOCK + tb_rng_below(r, (uint32_t)(m->size / BLOCK));
    if (write ? busy(m->rd, m->rd_h, m->rd_n, GX_AXW_MAX_RD, blk)
              : busy(m->wr, m->wr_h, m->wr_n, GX_AXW_MAX_WR, blk))
        return;
    unsigned off, nbytes;
    pick_range(m, &off, &nbytes);
    gx_axw_op_t *op = write ? wr_at(m, m->wr_n++) : rd_at(m, m->rd_n++);
    memset(op, 0, sizeof *op);
    op->addr = blk * BLOCK + off;
    op->len = ((off & 7) + nbytes + 7) / 8 - 1;
    const unsigned lo = off & 7;
    const uint64_t a0 = op->addr & ~7ull;
    const int holes = write && tb_rng_pct(r, m->cfg.holes_pct);
    for (unsigned i = lo; i < lo + nbytes; i++) {
        uint8_t *ref = &m->ref[a0 + i - m->base];
        op->mask[i] = !holes || i == lo || i == lo + nbytes - 1 || tb_rng_pct(r, 70);
        if (write) {
            op->data[i] = (uint8_t)tb_rng_u32(r);
            if (op->mask[i])
                *ref = op->data[i];
        } else {
            op->data[i] = *ref;
        }
    }
    m->budget--;
    m->cnt.unaligned += lo != 0;
    m->cnt.single += op->len == 0;
    m->cnt.full += op->len == 31;
}

/* An address channel's fields: the burst's address and AxLEN while it is offered (op
 * non-NULL; else they keep their values), and the fields gx_msmem keeps constant. */
static void addr_fields(const gx_axw_op_t *op, uint64_t *addr, unsigned *len, unsigned *id,
                        unsigned *size, unsigned *burst, unsigned *cache, unsigned *prot)
{
    if (op) {
        *addr = op->addr;
        *len = op->len;
    }
    *id = 0;
    *size = 3;
    *burst = AXI4_BURST_INCR;
    *cache = 3;
    *prot = 0;
}

void gx_axw_master_drive(gx_axw_master_t *m, axi4_sig_t *s)
{
    tb_rng_t *r = &m->rng;
    const unsigned gap = m->cfg.gap_pct;
    if (!m->aw_on && m->aw_i < m->wr_n && !tb_rng_pct(r, gap))
        m->aw_on = 1;
    if (!m->w_on && m->w_i < m->wr_n && (m->cfg.w_early || m->w_i < m->aw_i) &&
        !tb_rng_pct(r, gap))
        m->w_on = 1;
    if (!m->ar_on && m->ar_i < m->rd_n && !tb_rng_pct(r, gap))
        m->ar_on = 1;
    s->aw_valid = m->aw_on;
    addr_fields(m->aw_on ? wr_at(m, m->aw_i) : NULL, &s->aw_addr, &s->aw_len, &s->aw_id,
                &s->aw_size, &s->aw_burst, &s->aw_cache, &s->aw_prot);
    s->w_valid = m->w_on;
    if (m->w_on) {
        const gx_axw_op_t *op = wr_at(m, m->w_i);
        const unsigned b = op->beats;
        s->w_strb = 0;
        for (unsigned j = 0; j < 8; j++) {
            s->w_data[j] = op->data[8 * b + j];
            s->w_strb |= (uint32_t)op->mask[8 * b + j] << j;
        }
        s->w_last = b == op->len;
        m->cnt.w_early += !op->aw_sent;
    }
    s->ar_valid = m->ar_on;
    addr_fields(m->ar_on ? rd_at(m, m->ar_i) : NULL, &s->ar_addr, &s->ar_len, &s->ar_id,
                &s->ar_size, &s->ar_burst, &s->ar_cache, &s->ar_prot);
    s->b_ready = !tb_rng_pct(r, m->cfg.ready_pct);
    s->r_ready = !tb_rng_pct(r, m->cfg.ready_pct);
}

static void mismatch(gx_axw_master_t *m, const char *what, uint64_t addr)
{
    if (!m->first_err[0])
        snprintf(m->first_err, sizeof m->first_err, "%s at 0x%llx", what,
                 (unsigned long long)addr);
}

void gx_axw_master_step(gx_axw_master_t *m, const axi4_sig_t *s)
{
    m->cnt.b_wait += s->b_valid && !s->b_ready;
    m->cnt.r_wait += s->r_valid && !s->r_ready;
    if (s->aw_valid && s->aw_ready) {
        wr_at(m, m->aw_i++)->aw_sent = 1;
        m->aw_on = 0;
    }
    if (s->w_valid && s->w_ready) {
        gx_axw_op_t *op = wr_at(m, m->w_i);
        m->cnt.beats++;
        if (op->beats++ == op->len)
            m->w_i++;
        m->w_on = 0;
    }
    if (s->ar_valid && s->ar_ready) {
        rd_at(m, m->ar_i++)->aw_sent = 1;
        m->ar_on = 0;
    }
    if (s->b_valid && s->b_ready) {
        if (!m->wr_n || m->aw_i == 0 || m->w_i == 0) {
            mismatch(m, "B without a write answered", 0);
            m->cnt.mismatched++;
        } else {
            m->cnt.bad_resp += s->b_resp != AXI4_RESP_OKAY;
            m->wr_h = (m->wr_h + 1) % GX_AXW_MAX_WR;
            m->wr_n--;
            m->aw_i--;
            m->w_i--;
            m->cnt.writes++;
        }
    }
    if (s->r_valid && s->r_ready) {
        if (!m->rd_n || m->ar_i == 0) {
            mismatch(m, "R without a read", 0);
            m->cnt.mismatched++;
        } else {
            gx_axw_op_t *op = rd_at(m, 0);
            const unsigned b = op->beats++;
            for (unsigned j = 0; j < 8; j++) {
                if (!op->mask[8 * b + j])
                    continue;
                m->cnt.compared++;
                if (s->r_data[j] != op->data[8 * b + j]) {
                    m->cnt.mismatched++;
                    mismatch(m, "read byte differs from the reference", (op->addr & ~7ull) +
                             8 * b + j);
                }
            }
            m->cnt.beats++;
            m->cnt.bad_resp += s->r_resp != AXI4_RESP_OKAY;
            if ((b == op->len) != (s->r_last != 0)) {
                m->cnt.bad_last++;
                mismatch(m, "RLAST not on the burst's last beat", op->addr);
            }
            if (b == op->len) {
                m->rd_h = (m->rd_h + 1) % GX_AXW_MAX_RD;
                m->rd_n--;
                m->ar_i--;
                m->cnt.reads++;
            }
        }
    }
    make_op(m);
}

int gx_axw_master_done(const gx_axw_master_t *m)
{
    return !m->budget && !m->wr_n && !m->rd_n;
}

void gx_axw_clock(gx_axi_width_rtl_t *rtl, gx_axw_master_t mst[GX_AXI_WIDTH_N],
                  tb_axi_mem_t mem[GX_AXI_WIDTH_N], axi4_sig_t nar[GX_AXI_WIDTH_N],
                  axi4_sig_t wid[GX_AXI_WIDTH_N], void (*observe)(void *ctx, unsigned k),
                  void *ctx)
{
    for (unsigned k = 0; k < GX_AXI_WIDTH_N; k++) {
        gx_axw_master_drive(&mst[k], &nar[k]);
        tb_axi_mem_drive(&mem[k], &wid[k]);
    }
    gx_axi_width_rtl_eval(rtl, nar, wid);
    for (unsigned k = 0; k < GX_AXI_WIDTH_N; k++) {
        if (observe)
            observe(ctx, k);
        gx_axw_master_step(&mst[k], &nar[k]);
        tb_axi_mem_step(&mem[k], &wid[k]);
    }
    gx_axi_width_rtl_tick(rtl);
}
