/* axi_mon: AXI protocol monitor (axi_mon.h). */
#include "axi_mon.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void axi_mon_fail(axi_mon_t *m, const char *rule, const char *chan, const char *fmt, ...)
{
    char detail[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    char msg[sizeof m->first_msg];
    snprintf(msg, sizeof msg, "axi_mon %s: clock %" PRIu64 ": channel %s: rule \"%s\" broken: %s",
             m->name, m->clk, chan, rule, detail);
    if (m->violations == 0) {
        m->first_rule = rule;
        m->first_chan = chan;
        m->first_clk = m->clk;
        memcpy(m->first_msg, msg, sizeof msg);
    }
    if (!m->quiet && m->violations < AXI_MON_MAX_SHOWN)
        printf("%s\n", msg);
    m->violations++;
}

int axi_mon_ok(const axi_mon_t *m) { return m->violations == 0; }

void axi_mon_chan_init(axi_mon_chan_t *c, const char *name, int from_master, unsigned bytes)
{
    memset(c, 0, sizeof *c);
    c->name = name;
    c->from_master = from_master;
    c->bytes = bytes < AXI_MON_MAX_PAYLOAD ? bytes : AXI_MON_MAX_PAYLOAD;
}

int axi_mon_chan_step(axi_mon_t *m, axi_mon_chan_t *c, int valid, int ready,
                      const void *payload)
{
    if (c->waiting) {
        if (!valid)
            axi_mon_fail(m, "VALID held until handshake", c->name,
                         "%s dropped VALID before READY", c->from_master ? "master" : "slave");
        else if (memcmp(payload, c->held, c->bytes) != 0)
            axi_mon_fail(m, "payload held until handshake", c->name,
                         "%s changed the payload while VALID waited for READY",
                         c->from_master ? "master" : "slave");
    }
    c->waiting = valid && !ready;
    if (c->waiting)
        memcpy(c->held, payload, c->bytes);
    if (valid && ready) {
        c->count++;
        return 1;
    }
    return 0;
}

/* The start of a clock: in reset, clear the counts and the hold state and return 0; in
 * the first clock after reset, every VALID (valid[i] of channel i) must be low. */
static int reset_step(axi_mon_t *m, int rst, const int *valid)
{
    if (rst) {
        for (unsigned i = 0; i < m->n_ch; i++) {
            m->ch[i].waiting = 0;
            m->ch[i].count = 0;
        }
        m->packets = 0;
        m->in_packet = 0;
        m->in_reset = 1;
        m->clk++;
        return 0;
    }
    if (m->in_reset)
        for (unsigned i = 0; i < m->n_ch; i++)
            if (valid[i])
                axi_mon_fail(m, "VALID low out of reset", m->ch[i].name,
                             "%s VALID high in the first clock after reset",
                             m->ch[i].from_master ? "master" : "slave");
    m->in_reset = 0;
    return 1;
}

/* ---- AXI4-Lite ---------------------------------------------------------------------- */
static void pack_a(uint8_t *p, uint64_t addr, unsigned prot)
{
    memcpy(p, &addr, 8);
    p[8] = (uint8_t)prot;
}

void axi_mon_lite_init(axi_mon_t *m, const char *name, unsigned data_bytes,
                       unsigned max_pending, int expect_okay)
{
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", name);
    m->kind = AXI_MON_LITE;
    m->n_ch = 5;
    m->expect_okay = expect_okay;
    m->max_pending = max_pending && max_pending < AXI_MON_QUEUE ? max_pending : AXI_MON_QUEUE;
    axi_mon_chan_init(&m->ch[AXI_LITE_AW], "AW", 1, 9);
    axi_mon_chan_init(&m->ch[AXI_LITE_W], "W", 1, data_bytes + 1);
    axi_mon_chan_init(&m->ch[AXI_LITE_B], "B", 0, 1);
    axi_mon_chan_init(&m->ch[AXI_LITE_AR], "AR", 1, 9);
    axi_mon_chan_init(&m->ch[AXI_LITE_R], "R", 0, data_bytes + 1);
    m->in_reset = 1;
}

unsigned axi_mon_lite_step(axi_mon_t *m, int rst, const axi_lite_sig_t *s)
{
    axi_mon_chan_t *aw = &m->ch[AXI_LITE_AW], *w = &m->ch[AXI_LITE_W], *b = &m->ch[AXI_LITE_B],
                   *ar = &m->ch[AXI_LITE_AR], *r = &m->ch[AXI_LITE_R];
    unsigned hs = 0;
    int v[5] = {s->aw_valid, s->w_valid, s->b_valid, s->ar_valid, s->r_valid};
    if (!reset_step(m, rst, v))
        return 0;
    uint8_t pa[16], pw[16], pb[1], par[16], pr[16];
    unsigned db = w->bytes - 1;
    pack_a(pa, s->aw_addr, s->aw_prot);
    memcpy(pw, &s->w_data, db);
    pw[db] = (uint8_t)s->w_strb;
    pb[0] = (uint8_t)s->b_resp;
    pack_a(par, s->ar_addr, s->ar_prot);
    memcpy(pr, &s->r_data, db);
    pr[db] = (uint8_t)s->r_resp;

    /* responses: only for requests taken in earlier clocks (the counts before this one) */
    if (s->b_valid && !(aw->count > b->count && w->count > b->count))
        axi_mon_fail(m, "B after AW and W", "B",
                     "BVALID with %" PRIu64 " addresses and %" PRIu64 " data taken and %" PRIu64
                     " answered", aw->count, w->count, b->count);
    if (s->r_valid && !(ar->count > r->count))
        axi_mon_fail(m, "R after AR", "R",
                     "RVALID with %" PRIu64 " addresses taken and %" PRIu64 " answered",
                     ar->count, r->count);
    if (m->expect_okay && s->b_valid && s->b_resp != 0)
        axi_mon_fail(m, "response OKAY", "B", "BRESP %u", s->b_resp);
    if (m->expect_okay && s->r_valid && s->r_resp != 0)
        axi_mon_fail(m, "response OKAY", "R", "RRESP %u", s->r_resp);

    uint64_t nb = b->count, nr = r->count;
    if (axi_mon_chan_step(m, b, s->b_valid, s->b_ready, pb)) {
        hs |= AXI_MON_HS_B;
        m->b_addr = aw->count > nb ? m->aw_q[nb % AXI_MON_QUEUE] : 0;
    }
    if (axi_mon_chan_step(m, r, s->r_valid, s->r_ready, pr)) {
        hs |= AXI_MON_HS_R;
        m->r_addr = ar->count > nr ? m->ar_q[nr % AXI_MON_QUEUE] : 0;
    }
    uint64_t naw = aw->count, nar = ar->count;
    if (axi_mon_chan_step(m, aw, s->aw_valid, s->aw_ready, pa)) {
        hs |= AXI_MON_HS_AW;
        m->aw_q[naw % AXI_MON_QUEUE] = s->aw_addr;
    }
    if (axi_mon_chan_step(m, w, s->w_valid, s->w_ready, pw))
        hs |= AXI_MON_HS_W;
    if (axi_mon_chan_step(m, ar, s->ar_valid, s->ar_ready, par)) {
        hs |= AXI_MON_HS_AR;
        m->ar_q[nar % AXI_MON_QUEUE] = s->ar_addr;
    }
    /* a response without its request is caught above; here: never more outstanding
     * than the slave may hold (and than the monitor can pair) */
    if (aw->count >= b->count && aw->count - b->count > m->max_pending)
        axi_mon_fail(m, "at most max_pending", "AW", "%" PRIu64 " write addresses outstanding",
                     aw->count - b->count);
    if (w->count >= b->count && w->count - b->count > m->max_pending)
        axi_mon_fail(m, "at most max_pending", "W", "%" PRIu64 " write data outstanding",
                     w->count - b->count);
    if (ar->count >= r->count && ar->count - r->count > m->max_pending)
        axi_mon_fail(m, "at most max_pending", "AR", "%" PRIu64 " read addresses outstanding",
                     ar->count - r->count);
    m->clk++;
    return hs;
}

int axi_mon_lite_drained(axi_mon_t *m)
{
    const axi_mon_chan_t *ch = m->ch;
    uint64_t aw = ch[AXI_LITE_AW].count, w = ch[AXI_LITE_W].count, b = ch[AXI_LITE_B].count,
             ar = ch[AXI_LITE_AR].count, r = ch[AXI_LITE_R].count;
    int ok = 1;
    if (aw != b || w != b) {
        axi_mon_fail(m, "every request answered", "B",
                     "%" PRIu64 " write addresses, %" PRIu64 " data, %" PRIu64 " responses",
                     aw, w, b);
        ok = 0;
    }
    if (ar != r) {
        axi_mon_fail(m, "every request answered", "R",
                     "%" PRIu64 " read addresses, %" PRIu64 " responses", ar, r);
        ok = 0;
    }
    return ok;
}

/* ---- AXI4 ------------------------------------------------------------------------- */
enum { AXI4_AW, AXI4_W, AXI4_B, AXI4_AR, AXI4_R };
#define AXI4_A_BYTES 20 /* AxADDR 8, AxID 4, AxLEN 4, AxSIZE, AxBURST, AxCACHE, AxPROT */

void axi_mon_axi4_init(axi_mon_t *m, const char *name, unsigned data_bytes,
                       unsigned max_pending, int expect_okay)
{
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", name);
    m->kind = AXI_MON_AXI4;
    m->n_ch = 5;
    m->expect_okay = expect_okay;
    m->max_pending = max_pending && max_pending < AXI_MON_QUEUE ? max_pending : AXI_MON_QUEUE;
    if (data_bytes < 4)
        data_bytes = 4;
    if (data_bytes > AXI4_MAX_DATA_BYTES)
        data_bytes = AXI4_MAX_DATA_BYTES;
    m->data_bytes = data_bytes;
    axi_mon_chan_init(&m->ch[AXI4_AW], "AW", 1, AXI4_A_BYTES);
    axi_mon_chan_init(&m->ch[AXI4_W], "W", 1, data_bytes + 5);
    axi_mon_chan_init(&m->ch[AXI4_B], "B", 0, 5);
    axi_mon_chan_init(&m->ch[AXI4_AR], "AR", 1, AXI4_A_BYTES);
    axi_mon_chan_init(&m->ch[AXI4_R], "R", 0, data_bytes + 6);
    m->in_reset = 1;
}

static void pack_a4(uint8_t *p, uint64_t addr, unsigned id, unsigned len, unsigned size,
                    unsigned burst, unsigned cache, unsigned prot)
{
    uint32_t id32 = id, len32 = len;
    memcpy(p, &addr, 8);
    memcpy(p + 8, &id32, 4);
    memcpy(p + 12, &len32, 4);
    p[16] = (uint8_t)size, p[17] = (uint8_t)burst, p[18] = (uint8_t)cache;
    p[19] = (uint8_t)prot;
}

static unsigned log2u(unsigned x)
{
    unsigned n = 0;
    while ((1u << (n + 1)) <= x)
        n++;
    return n;
}

/* The address rules of an AW or AR offered this clock. */
static void check_a4(axi_mon_t *m, const char *chan, uint64_t addr, unsigned len,
                     unsigned size, unsigned burst)
{
    if (burst != AXI4_BURST_INCR)
        axi_mon_fail(m, "burst INCR only", chan, "AxBURST %u (%s)", burst,
                     burst == AXI4_BURST_FIXED ? "FIXED" : burst == AXI4_BURST_WRAP ? "WRAP"
                                                                                    : "reserved");
    if (size > log2u(m->data_bytes))
        axi_mon_fail(m, "AxSIZE within the data width", chan,
                     "AxSIZE %u (%u bytes) on a %u-byte data bus", size, size < 32 ? 1u << size : 0,
                     m->data_bytes);
    if (len > 255)
        axi_mon_fail(m, "AxLEN at most 255", chan, "AxLEN %u", len);
    if (burst == AXI4_BURST_INCR && size <= 7 && len <= 255) {
        uint64_t end = axi4_burst_end(addr, size, len);
        if ((addr >> 12) != ((end - 1) >> 12))
            axi_mon_fail(m, "no 4 KB crossing", chan,
                         "bytes 0x%" PRIx64 "..0x%" PRIx64 " (AxLEN %u, AxSIZE %u) cross 0x%" PRIx64,
                         addr, end - 1, len, size, (end - 1) & ~(uint64_t)0xfff);
    }
}

/* The oldest unanswered write with its address of ID id, or -1. */
static int oldest_wr(const axi_mon_t *m, unsigned id)
{
    for (unsigned i = 0; i < m->n_wr; i++)
        if (m->wr[i].has_a && m->wr[i].id == id)
            return (int)i;
    return -1;
}

static int oldest_rd(const axi_mon_t *m, unsigned id)
{
    for (unsigned i = 0; i < m->n_rd; i++)
        if (m->rd[i].id == id)
            return (int)i;
    return -1;
}

static void drop(axi_mon_burst_t *q, unsigned *n, unsigned i)
{
    memmove(&q[i], &q[i + 1], (*n - i - 1) * sizeof *q);
    (*n)--;
}

/* A write burst of the list: the first without its address (AW) or without its last
 * data beat (W), or a new one at the end; NULL when the list is full. */
static axi_mon_burst_t *wr_slot(axi_mon_t *m, int for_aw, const char *chan)
{
    for (unsigned i = 0; i < m->n_wr; i++)
        if (for_aw ? !m->wr[i].has_a : !m->wr[i].has_last)
            return &m->wr[i];
    if (m->n_wr == AXI_MON_QUEUE) {
        axi_mon_fail(m, "at most max_pending", chan,
                     "%u write bursts unanswered: more than the monitor can follow", m->n_wr);
        return NULL;
    }
    axi_mon_burst_t *b = &m->wr[m->n_wr++];
    memset(b, 0, sizeof *b);
    return b;
}

/* The strobe of beat i of write b (its address known) within the beat's lanes. */
static void check_strb(axi_mon_t *m, const axi_mon_burst_t *b, unsigned i, uint32_t strb)
{
    if (b->size > log2u(m->data_bytes))
        return;
    uint32_t lanes = axi4_beat_lanes(b->addr, b->size, i, m->data_bytes);
    if (strb & ~lanes)
        axi_mon_fail(m, "WSTRB within the beat's lanes", "W",
                     "WSTRB 0x%x on beat %u of AWADDR 0x%" PRIx64 " AWSIZE %u: lanes 0x%x", strb,
                     i, b->addr, b->size, lanes);
}

/* The WLAST rule and the strobe lanes of beat `beats` - 1 of a write whose address is
 * known (strb: that beat's WSTRB). */
static void check_w_beat(axi_mon_t *m, const axi_mon_burst_t *b, int last, uint32_t strb)
{
    if (last && b->beats != b->len + 1)
        axi_mon_fail(m, "WLAST on beat AWLEN+1", "W",
                     "WLAST on beat %u of a burst of %u (AWID 0x%x, AWADDR 0x%" PRIx64 ")",
                     b->beats, b->len + 1, b->id, b->addr);
    else if (!last && b->beats == b->len + 1)
        axi_mon_fail(m, "WLAST on beat AWLEN+1", "W",
                     "no WLAST on beat %u, the last of the burst (AWID 0x%x, AWADDR 0x%" PRIx64 ")",
                     b->beats, b->id, b->addr);
    check_strb(m, b, b->beats - 1, strb);
}

unsigned axi_mon_axi4_step(axi_mon_t *m, int rst, const axi4_sig_t *s)
{
    axi_mon_chan_t *aw = &m->ch[AXI4_AW], *w = &m->ch[AXI4_W], *b = &m->ch[AXI4_B],
                   *ar = &m->ch[AXI4_AR], *r = &m->ch[AXI4_R];
    unsigned hs = 0, db = m->data_bytes;
    int v[5] = {s->aw_valid, s->w_valid, s->b_valid, s->ar_valid, s->r_valid};
    if (rst)
        m->n_wr = m->n_rd = 0, m->r_bursts = 0;
    if (!reset_step(m, rst, v))
        return 0;
    uint8_t pa[AXI4_A_BYTES], pw[AXI4_MAX_DATA_BYTES + 5], pb[5], par[AXI4_A_BYTES],
        pr[AXI4_MAX_DATA_BYTES + 6];
    uint32_t strb = s->w_strb, bid = s->b_id, rid = s->r_id;
    pack_a4(pa, s->aw_addr, s->aw_id, s->aw_len, s->aw_size, s->aw_burst, s->aw_cache,
            s->aw_prot);
    memcpy(pw, s->w_data, db);
    memcpy(pw + db, &strb, 4);
    pw[db + 4] = (uint8_t)(s->w_last != 0);
    memcpy(pb, &bid, 4);
    pb[4] = (uint8_t)s->b_resp;
    pack_a4(par, s->ar_addr, s->ar_id, s->ar_len, s->ar_size, s->ar_burst, s->ar_cache,
            s->ar_prot);
    memcpy(pr, s->r_data, db);
    memcpy(pr + db, &rid, 4);
    pr[db + 4] = (uint8_t)s->r_resp;
    pr[db + 5] = (uint8_t)(s->r_last != 0);

    /* addresses: in the first clock each is offered (the hold rule keeps it) */
    if (s->aw_valid && !aw->waiting)
        check_a4(m, "AW", s->aw_addr, s->aw_len, s->aw_size, s->aw_burst);
    if (s->ar_valid && !ar->waiting)
        check_a4(m, "AR", s->ar_addr, s->ar_len, s->ar_size, s->ar_burst);

    /* responses: in the first clock each is offered, against the bursts taken in
     * earlier clocks (the lists before this clock's handshakes) */
    if (s->b_valid && !b->waiting) {
        int i = oldest_wr(m, s->b_id);
        if (i < 0)
            axi_mon_fail(m, "B after AW and W", "B",
                         "BVALID with BID 0x%x: no write of that ID unanswered", s->b_id);
        else if (!m->wr[i].has_last)
            axi_mon_fail(m, "B after AW and W", "B",
                         "BVALID with BID 0x%x before the last data beat of its oldest write "
                         "(AWADDR 0x%" PRIx64 ", %u of %u beats taken)", s->b_id,
                         m->wr[i].addr, m->wr[i].beats, m->wr[i].len + 1);
        if (m->expect_okay && s->b_resp != AXI4_RESP_OKAY)
            axi_mon_fail(m, "response OKAY", "B", "BRESP %u (BID 0x%x)", s->b_resp, s->b_id);
    }
    if (s->r_valid && !r->waiting) {
        int i = oldest_rd(m, s->r_id);
        if (i < 0) {
            axi_mon_fail(m, "R after AR", "R",
                         "RVALID with RID 0x%x: no read of that ID unanswered", s->r_id);
        } else {
            const axi_mon_burst_t *q = &m->rd[i];
            if (s->r_last && q->beats != q->len) {
                int younger = 0;
                for (unsigned k = (unsigned)i + 1; k < m->n_rd; k++)
                    younger |= m->rd[k].id == s->r_id && m->rd[k].len == q->beats;
                if (younger)
                    axi_mon_fail(m, "per-ID response order", "R",
                                 "RLAST on beat %u with RID 0x%x: the length of a younger "
                                 "read of that ID, not of the oldest (ARADDR 0x%" PRIx64
                                 ", %u beats)", q->beats + 1, s->r_id, q->addr, q->len + 1);
                else
                    axi_mon_fail(m, "RLAST on beat ARLEN+1", "R",
                                 "RLAST on beat %u of a burst of %u (RID 0x%x, ARADDR 0x%"
                                 PRIx64 ")", q->beats + 1, q->len + 1, s->r_id, q->addr);
            } else if (!s->r_last && q->beats == q->len) {
                axi_mon_fail(m, "RLAST on beat ARLEN+1", "R",
                             "no RLAST on beat %u, the last of the burst (RID 0x%x, ARADDR 0x%"
                             PRIx64 ")", q->beats + 1, s->r_id, q->addr);
            }
        }
        if (m->expect_okay && s->r_resp != AXI4_RESP_OKAY)
            axi_mon_fail(m, "response OKAY", "R", "RRESP %u (RID 0x%x)", s->r_resp, s->r_id);
    }

    /* the handshakes: responses first (they answer earlier bursts), then addresses
     * before data (a W beat taken with its AW is checked against it) */
    if (axi_mon_chan_step(m, b, s->b_valid, s->b_ready, pb)) {
        hs |= AXI_MON_HS_B;
        int i = oldest_wr(m, s->b_id);
        if (i >= 0 && m->wr[i].has_last) {
            m->b_addr = m->wr[i].addr;
            drop(m->wr, &m->n_wr, (unsigned)i);
        }
    }
    if (axi_mon_chan_step(m, r, s->r_valid, s->r_ready, pr)) {
        hs |= AXI_MON_HS_R;
        int i = oldest_rd(m, s->r_id);
        if (i >= 0) {
            m->r_addr = m->rd[i].addr;
            m->rd[i].beats++;
            if (s->r_last) {
                drop(m->rd, &m->n_rd, (unsigned)i);
                m->r_bursts++;
            }
        }
    }
    if (axi_mon_chan_step(m, aw, s->aw_valid, s->aw_ready, pa)) {
        hs |= AXI_MON_HS_AW;
        axi_mon_burst_t *q = wr_slot(m, 1, "AW");
        if (q) {
            q->has_a = 1;
            q->addr = s->aw_addr, q->id = s->aw_id, q->len = s->aw_len, q->size = s->aw_size;
            q->burst = s->aw_burst, q->a_clk = m->clk;
            /* its data came first: their count, now that the length is known */
            if (q->has_last && q->beats != q->len + 1)
                axi_mon_fail(m, "WLAST on beat AWLEN+1", "W",
                             "WLAST on beat %u (taken at clock %" PRIu64 ") of a burst of %u "
                             "whose address came later (AWID 0x%x, AWADDR 0x%" PRIx64 ")",
                             q->beats, q->last_clk, q->len + 1, q->id, q->addr);
            else if (!q->has_last && q->beats > q->len)
                axi_mon_fail(m, "WLAST on beat AWLEN+1", "W",
                             "no WLAST on beat %u of %u, taken before the address (AWID 0x%x, "
                             "AWADDR 0x%" PRIx64 ")", q->len + 1, q->len + 1, q->id, q->addr);
            for (unsigned i = 0; i < q->beats && i < AXI_MON_EARLY_BEATS; i++)
                check_strb(m, q, i, q->early_strb[i]);
        }
    }
    if (axi_mon_chan_step(m, w, s->w_valid, s->w_ready, pw)) {
        hs |= AXI_MON_HS_W;
        axi_mon_burst_t *q = wr_slot(m, 0, "W");
        if (q) {
            q->beats++;
            if (q->has_a)
                check_w_beat(m, q, s->w_last, s->w_strb);
            else if (q->beats <= AXI_MON_EARLY_BEATS)
                q->early_strb[q->beats - 1] = s->w_strb;
            if (s->w_last)
                q->has_last = 1, q->last_clk = m->clk;
        }
    }
    if (axi_mon_chan_step(m, ar, s->ar_valid, s->ar_ready, par)) {
        hs |= AXI_MON_HS_AR;
        if (m->n_rd == AXI_MON_QUEUE) {
            axi_mon_fail(m, "at most max_pending", "AR",
                         "%u reads unanswered: more than the monitor can follow", m->n_rd);
        } else {
            axi_mon_burst_t *q = &m->rd[m->n_rd++];
            memset(q, 0, sizeof *q);
            q->has_a = 1;
            q->addr = s->ar_addr, q->id = s->ar_id, q->len = s->ar_len, q->size = s->ar_size;
            q->burst = s->ar_burst, q->a_clk = m->clk;
        }
    }

    /* never more unanswered than the slave may hold */
    unsigned n_aw = 0, n_wd = 0;
    for (unsigned i = 0; i < m->n_wr; i++) {
        n_aw += m->wr[i].has_a != 0;
        n_wd += m->wr[i].beats > 0;
    }
    if (hs & AXI_MON_HS_AW && n_aw > m->max_pending)
        axi_mon_fail(m, "at most max_pending", "AW", "%u write addresses unanswered", n_aw);
    if (hs & AXI_MON_HS_W && n_wd > m->max_pending)
        axi_mon_fail(m, "at most max_pending", "W", "%u write data bursts unanswered", n_wd);
    if (hs & AXI_MON_HS_AR && m->n_rd > m->max_pending)
        axi_mon_fail(m, "at most max_pending", "AR", "%u reads unanswered", m->n_rd);
    m->clk++;
    return hs;
}

int axi_mon_axi4_drained(axi_mon_t *m)
{
    int ok = 1;
    unsigned n_aw = 0, n_wd = 0;
    for (unsigned i = 0; i < m->n_wr; i++) {
        n_aw += m->wr[i].has_a != 0;
        n_wd += !m->wr[i].has_a;
    }
    if (n_aw) {
        const axi_mon_burst_t *q = &m->wr[0];
        axi_mon_fail(m, "every request answered", "B",
                     "%u writes without their response; the oldest AWID 0x%x AWADDR 0x%" PRIx64
                     " (%u of %u beats taken)", n_aw, q->id, q->addr, q->beats, q->len + 1);
        ok = 0;
    }
    if (n_wd) {
        axi_mon_fail(m, "every request answered", "W",
                     "%u write data bursts without their address", n_wd);
        ok = 0;
    }
    if (m->n_rd) {
        const axi_mon_burst_t *q = &m->rd[0];
        axi_mon_fail(m, "every request answered", "R",
                     "%u reads without their last beat; the oldest ARID 0x%x ARADDR 0x%" PRIx64
                     " (%u of %u beats taken)", m->n_rd, q->id, q->addr, q->beats, q->len + 1);
        ok = 0;
    }
    return ok;
}

/* ---- AXI4-Stream -------------------------------------------------------------------- */
void axi_mon_stream_init(axi_mon_t *m, const char *name, unsigned payload_bytes)
{
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", name);
    m->kind = AXI_MON_STREAM;
    m->n_ch = 1;
    /* the payload and TLAST, compared together */
    axi_mon_chan_init(&m->ch[0], "T", 1,
                      payload_bytes + 1 <= AXI_MON_MAX_PAYLOAD ? payload_bytes + 1
                                                               : AXI_MON_MAX_PAYLOAD);
    m->in_reset = 1;
}

int axi_mon_stream_step(axi_mon_t *m, int rst, int valid, int ready, const void *payload,
                        int last)
{
    if (!reset_step(m, rst, &valid))
        return 0;
    uint8_t p[AXI_MON_MAX_PAYLOAD];
    unsigned n = m->ch[0].bytes - 1;
    memset(p, 0, sizeof p);
    if (valid)
        memcpy(p, payload, n);
    p[n] = (uint8_t)(last != 0);
    int t = axi_mon_chan_step(m, &m->ch[0], valid, ready, p);
    if (t) {
        m->in_packet++;
        if (m->max_packet && m->in_packet == m->max_packet + 1)
            axi_mon_fail(m, "packet at most max_packet", "T",
                         "%" PRIu64 " transfers without TLAST", m->in_packet);
        if (last) {
            m->packets++;
            m->in_packet = 0;
        }
    }
    m->clk++;
    return t;
}

int axi_mon_stream_drained(axi_mon_t *m)
{
    if (m->in_packet == 0)
        return 1;
    axi_mon_fail(m, "packet ended", "T", "%" PRIu64 " transfers after the last TLAST",
                 m->in_packet);
    return 0;
}

/* ---- AXI4-Stream, signal level ------------------------------------------------------- */
void axi_mon_axis_init(axi_mon_t *m, const char *name, unsigned data_bytes, unsigned flags,
                       uint64_t max_packet)
{
    if (data_bytes < 1)
        data_bytes = 1;
    if (data_bytes > AXI_MON_AXIS_MAX_DATA)
        data_bytes = AXI_MON_AXIS_MAX_DATA;
    /* the payload compared: TDATA, TSTRB, TKEEP (8 bytes each), TID, TDEST (4), TUSER (8) */
    axi_mon_stream_init(m, name, data_bytes + 32);
    m->axis_bytes = data_bytes;
    m->axis_flags = flags;
    m->max_packet = max_packet;
}

static uint64_t low_bits(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

int axi_mon_axis_step(axi_mon_t *m, int rst, const axi_stream_sig_t *s)
{
    unsigned n = m->axis_bytes;
    uint64_t strb = m->axis_flags & AXI_MON_AXIS_STRB ? s->strb : 0;
    uint64_t keep = m->axis_flags & AXI_MON_AXIS_KEEP ? s->keep : 0;
    uint32_t id = m->axis_id_bits ? s->id : 0, dest = m->axis_dest_bits ? s->dest : 0;
    uint64_t user = m->axis_user_bits ? s->user : 0;
    if (!rst && s->valid) {
        /* the clock is counted by axi_mon_stream_step below: name this one */
        if ((m->axis_flags & AXI_MON_AXIS_STRB) && (m->axis_flags & AXI_MON_AXIS_KEEP) &&
            (strb & ~keep & low_bits(n)))
            axi_mon_fail(m, "TSTRB only where TKEEP", "T",
                         "TSTRB 0x%" PRIx64 " with TKEEP 0x%" PRIx64, strb, keep);
        if ((strb | keep) & ~low_bits(n) || (uint64_t)id & ~low_bits(m->axis_id_bits) ||
            (uint64_t)dest & ~low_bits(m->axis_dest_bits) ||
            user & ~low_bits(m->axis_user_bits))
            axi_mon_fail(m, "signals within their widths", "T",
                         "TSTRB 0x%" PRIx64 " TKEEP 0x%" PRIx64 " TID 0x%x TDEST 0x%x TUSER 0x%"
                         PRIx64, strb, keep, id, dest, user);
    }
    uint8_t p[AXI_MON_AXIS_MAX_DATA + 32];
    memcpy(p, s->data, n);
    memcpy(p + n, &strb, 8);
    memcpy(p + n + 8, &keep, 8);
    memcpy(p + n + 16, &id, 4);
    memcpy(p + n + 20, &dest, 4);
    memcpy(p + n + 24, &user, 8);
    return axi_mon_stream_step(m, rst, s->valid, s->ready, p, s->last);
}
