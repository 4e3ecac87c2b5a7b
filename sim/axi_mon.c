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
