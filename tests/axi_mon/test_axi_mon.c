/* test_axi_mon: the AXI protocol monitor (sim/axi_mon.{c,h}) must fail on every
 * rule it states and pass a clean trace: a monitor that cannot fail checks nothing.
 *
 * Each case feeds a short hand-written trace, clock by clock (reset, then the signals
 * the edge samples), and checks the monitor's verdict: for a clean trace no violation
 * and the handshake counts and pairing; for a broken one that the first violation names
 * the expected rule, channel and clock. AXI4-Lite: clean write and read under stalls,
 * W before AW, back-to-back; every rule broken once or more (VALID dropped and payload
 * changed on each master and slave channel, B before W or in the W's clock, B or R
 * without a request, a response not OKAY, VALID out of reset, more than max_pending
 * outstanding, a request left unanswered). AXI4-Stream: a clean packet, TVALID dropped,
 * TDATA and TLAST changed while waiting; at the signal level (axi_mon_axis_*) a clean
 * stream of two packets with TKEEP, TSTRB, TID, TUSER, then each rule broken: TVALID
 * dropped, TDATA, TKEEP, TSTRB, TID, TUSER and TLAST changed while waiting, TSTRB where
 * TKEEP is low, TKEEP above the data width, TID above its width, a packet longer than
 * max_packet, the stream ended inside a packet, and VALID high out of reset. AXI4
 * (axi_mon_axi4_*, 8 data bytes): the byte lanes of axi4.h against hand-worked examples;
 * a clean trace of two writes (one's data ahead of its address, one narrow) and three
 * reads on three IDs, with B reordered across IDs, R beats of two IDs interleaved and
 * stalls on every channel, its handshakes clock by clock and its pairing; then each
 * rule broken: VALID dropped and payload changed on all five channels, VALID out of
 * reset, WLAST early and late with the data ahead of the address, WLAST missing with it,
 * RLAST missing and early, a younger read of an ID answered first, R and B without their
 * request or in its clock, WRAP and FIXED bursts, AxSIZE above the bus, AxLEN 256, a read
 * and a write across 4 KB (and 256 beats up to the boundary, legal), WSTRB outside a
 * narrow beat's lanes and outside an unaligned first beat's lanes ahead of its AW, SLVERR and DECERR, more than max_pending reads and writes, reads,
 * writes and data left unanswered, and a reset in the middle. Runs plain and under
 * ASan/UBSan (make test).
 * Closes with `N passed, N failed`.
 */
#include <stdio.h>
#include <string.h>

#include "axi_mon.h"

static unsigned passed, failed;

static void check(int ok, const char *what)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL: %s\n", what);
    }
}

/* A trace: reset for two clocks, then the steps. */
static axi_mon_t lite_run(const axi_lite_sig_t *steps, unsigned n, unsigned max_pending,
                          int okay)
{
    axi_mon_t m;
    axi_mon_lite_init(&m, "test", 4, max_pending, okay);
    m.quiet = 1;
    axi_lite_sig_t idle;
    memset(&idle, 0, sizeof idle);
    axi_mon_lite_step(&m, 1, &idle);
    axi_mon_lite_step(&m, 1, &idle);
    for (unsigned i = 0; i < n; i++)
        axi_mon_lite_step(&m, 0, &steps[i]);
    return m;
}

/* The first violation is `rule` on `chan` at trace step `step` (clock step + 2). */
static void expect_fail(const char *what, const axi_mon_t *m, const char *rule,
                        const char *chan, unsigned step)
{
    char msg[512];
    int ok = m->violations > 0 && m->first_rule && strcmp(m->first_rule, rule) == 0 &&
             strcmp(m->first_chan, chan) == 0 && m->first_clk == step + 2;
    snprintf(msg, sizeof msg, "%s: want rule \"%s\" on %s at clock %u, got %s", what, rule,
             chan, step + 2, m->violations ? m->first_msg : "no violation");
    check(ok, msg);
}

#define N_MAX 16
typedef struct { axi_lite_sig_t s[N_MAX]; unsigned n; } trace_t;

/* A clean write (AW and W stalled a clock, B stalled a clock) and read (R stalled),
 * after an idle first clock out of reset. */
static trace_t clean(void)
{
    trace_t t;
    memset(&t, 0, sizeof t);
    axi_lite_sig_t *s = t.s + 1;
    s[0].aw_valid = 1, s[0].aw_addr = 0x10, s[0].w_valid = 1, s[0].w_data = 0xabcd,
    s[0].w_strb = 0xf;
    s[1] = s[0], s[1].aw_ready = 1, s[1].w_ready = 1;
    s[2].b_valid = 1;
    s[3].b_valid = 1, s[3].b_ready = 1;
    s[4].ar_valid = 1, s[4].ar_addr = 0x24, s[4].ar_ready = 1;
    s[5].r_valid = 1, s[5].r_data = 0x55;
    s[6] = s[5], s[6].r_ready = 1;
    t.n = 8;
    return t;
}

static void lite_clean(void)
{
    trace_t t = clean();
    axi_mon_t m = lite_run(t.s, t.n, 0, 1);
    check(axi_mon_ok(&m), "clean write and read: no violation");
    check(axi_mon_lite_drained(&m), "clean write and read: drained");
    check(m.ch[AXI_LITE_AW].count == 1 && m.ch[AXI_LITE_W].count == 1 &&
          m.ch[AXI_LITE_B].count == 1 && m.ch[AXI_LITE_AR].count == 1 &&
          m.ch[AXI_LITE_R].count == 1, "clean write and read: one handshake a channel");
    check(m.b_addr == 0x10 && m.r_addr == 0x24, "responses paired with their requests");

    /* W two clocks before AW, two writes back to back, responses in order */
    memset(&t, 0, sizeof t);
    axi_lite_sig_t *s = t.s + 1;
    s[0].w_valid = 1, s[0].w_ready = 1, s[0].w_data = 1, s[0].w_strb = 1;
    s[1].w_valid = 1, s[1].w_ready = 1, s[1].w_data = 2, s[1].w_strb = 2;
    s[2].aw_valid = 1, s[2].aw_ready = 1, s[2].aw_addr = 0x4;
    s[3].aw_valid = 1, s[3].aw_ready = 1, s[3].aw_addr = 0x8, s[3].b_valid = 1,
    s[3].b_ready = 1;
    s[4].b_valid = 1, s[4].b_ready = 1;
    t.n = 6;
    m = lite_run(t.s, t.n, 0, 1);
    check(axi_mon_ok(&m) && axi_mon_lite_drained(&m), "W before AW, back to back: clean");
    check(m.b_addr == 0x8, "second write response paired with the second address");
}

/* C(i): step i of the clean trace (after its idle first clock); at clock AT(i). */
#define C(i) t.s[(i) + 1]
#define AT(i) ((i) + 1)

static void lite_broken(void)
{
    trace_t t;
    axi_mon_t m;

    t = clean(), C(1).aw_valid = 0; /* AW dropped while waiting */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("AWVALID dropped", &m, "VALID held until handshake", "AW", AT(1));

    t = clean(), C(1).aw_addr = 0x14; /* AWADDR changed while waiting */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("AWADDR changed", &m, "payload held until handshake", "AW", AT(1));

    t = clean(), C(1).aw_prot = 2;
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("AWPROT changed", &m, "payload held until handshake", "AW", AT(1));

    t = clean(), C(1).w_valid = 0;
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("WVALID dropped", &m, "VALID held until handshake", "W", AT(1));

    t = clean(), C(1).w_data = 0xabce;
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("WDATA changed", &m, "payload held until handshake", "W", AT(1));

    t = clean(), C(1).w_strb = 0x7;
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("WSTRB changed", &m, "payload held until handshake", "W", AT(1));

    t = clean(), C(3).b_valid = 0; /* BVALID dropped while waiting */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("BVALID dropped", &m, "VALID held until handshake", "B", AT(3));

    t = clean(), C(3).b_resp = 1; /* BRESP changed (checked without expect_okay) */
    m = lite_run(t.s, t.n, 0, 0);
    expect_fail("BRESP changed", &m, "payload held until handshake", "B", AT(3));

    t = clean(), C(2).b_resp = 2, C(3).b_resp = 2; /* SLVERR */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("BRESP SLVERR", &m, "response OKAY", "B", AT(2));

    t = clean(), C(6).r_valid = 0, C(6).r_ready = 0; /* RVALID dropped */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("RVALID dropped", &m, "VALID held until handshake", "R", AT(6));

    t = clean(), C(6).r_data = 0x56; /* RDATA changed */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("RDATA changed", &m, "payload held until handshake", "R", AT(6));

    t = clean(), C(6).r_resp = 1; /* RRESP changed (checked without expect_okay) */
    m = lite_run(t.s, t.n, 0, 0);
    expect_fail("RRESP changed", &m, "payload held until handshake", "R", AT(6));

    t = clean(), C(4).ar_ready = 0, C(5).ar_valid = 1, C(5).ar_addr = 0x28,
    C(5).r_valid = 0; /* ARADDR changed while waiting */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("ARADDR changed", &m, "payload held until handshake", "AR", AT(5));

    t = clean(), C(4).ar_ready = 0, C(5).r_valid = 0; /* ARVALID dropped */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("ARVALID dropped", &m, "VALID held until handshake", "AR", AT(5));

    t = clean(), C(1).b_valid = 1; /* B in the clock of the AW and W handshakes */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("B with the W handshake", &m, "B after AW and W", "B", AT(1));

    t = clean(), C(0).w_valid = 0, C(1).w_valid = 0, C(1).w_ready = 0;
    m = lite_run(t.s, t.n, 0, 1); /* B after the address only */
    expect_fail("B without W", &m, "B after AW and W", "B", AT(2));

    t = clean(), C(0).aw_valid = 0, C(1).aw_valid = 0, C(1).aw_ready = 0;
    m = lite_run(t.s, t.n, 0, 1); /* B after the data only */
    expect_fail("B without AW", &m, "B after AW and W", "B", AT(2));

    memset(&t, 0, sizeof t); /* B out of nothing */
    t.s[2].b_valid = 1, t.s[2].b_ready = 1, t.n = 3;
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("B without a request", &m, "B after AW and W", "B", 2);

    memset(&t, 0, sizeof t); /* R out of nothing */
    t.s[1].r_valid = 1, t.n = 2;
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("R without a request", &m, "R after AR", "R", 1);

    t = clean(), C(4).r_valid = 1; /* R in the AR's clock */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("R with the AR handshake", &m, "R after AR", "R", AT(4));

    t = clean(), C(5).r_resp = 3, C(6).r_resp = 3; /* DECERR */
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("RRESP DECERR", &m, "response OKAY", "R", AT(5));

    memset(&t, 0, sizeof t); /* RVALID in the first clock after reset */
    t.s[0].r_valid = 1, t.n = 1;
    m = lite_run(t.s, t.n, 0, 1);
    expect_fail("RVALID out of reset", &m, "VALID low out of reset", "R", 0);

    t = clean(); /* AWVALID in the first clock after reset */
    m = lite_run(t.s + 1, t.n - 1, 0, 1);
    expect_fail("AWVALID out of reset", &m, "VALID low out of reset", "AW", 0);

    memset(&t, 0, sizeof t); /* three reads outstanding, max_pending 2 */
    for (unsigned i = 1; i <= 3; i++)
        t.s[i].ar_valid = 1, t.s[i].ar_ready = 1, t.s[i].ar_addr = 4 * i;
    t.n = 4;
    m = lite_run(t.s, t.n, 2, 1);
    expect_fail("three reads outstanding", &m, "at most max_pending", "AR", 3);

    memset(&t, 0, sizeof t); /* a read left unanswered */
    t.s[1].ar_valid = 1, t.s[1].ar_ready = 1, t.n = 2;
    m = lite_run(t.s, t.n, 0, 1);
    check(axi_mon_ok(&m), "read outstanding: no violation yet");
    check(!axi_mon_lite_drained(&m) && m.first_rule &&
          strcmp(m.first_rule, "every request answered") == 0 &&
          strcmp(m.first_chan, "R") == 0, "read left unanswered: caught at the end");

    t = clean(), t.n = 3; /* a write left unanswered */
    m = lite_run(t.s, t.n, 0, 1);
    check(axi_mon_ok(&m), "write outstanding: no violation yet");
    check(!axi_mon_lite_drained(&m) && m.first_rule && strcmp(m.first_chan, "B") == 0,
          "write left unanswered: caught at the end");

    /* a reset in the middle clears the counts: a response after it has no request */
    t = clean();
    axi_mon_lite_init(&m, "test", 4, 0, 1);
    m.quiet = 1;
    axi_lite_sig_t idle;
    memset(&idle, 0, sizeof idle);
    axi_mon_lite_step(&m, 1, &idle);
    for (unsigned i = 0; i < 3; i++) /* idle, AW and W waiting, both taken */
        axi_mon_lite_step(&m, 0, &t.s[i]);
    axi_mon_lite_step(&m, 1, &idle);
    axi_mon_lite_step(&m, 0, &idle);
    axi_mon_lite_step(&m, 0, &C(2)); /* BVALID: clock 6 */
    check(m.first_rule && strcmp(m.first_rule, "B after AW and W") == 0 && m.first_clk == 6,
          "reset forgets the requests taken before it");
}

static void stream(void)
{
    axi_mon_t m;
    /* idle; 1 waits; 1 taken; 2 taken; 3 (last) waits; 3 (last) taken; idle */
    uint32_t d[7] = {0, 1, 1, 2, 3, 3, 0};
    int v[7] = {0, 1, 1, 1, 1, 1, 0}, r[7] = {0, 0, 1, 1, 0, 1, 0}, l[7] = {0, 0, 0, 0, 1, 1, 0};

    axi_mon_stream_init(&m, "s", 4);
    m.quiet = 1;
    axi_mon_stream_step(&m, 1, 0, 0, d, 0);
    for (unsigned i = 0; i < 7; i++)
        axi_mon_stream_step(&m, 0, v[i], r[i], &d[i], l[i]);
    check(axi_mon_ok(&m) && m.ch[0].count == 3 && m.packets == 1,
          "stream: clean packet of three transfers");

    struct { const char *what, *rule; unsigned at; int dv, dd, dl; } bad[] = {
        {"TVALID dropped", "VALID held until handshake", 2, 1, 0, 0},
        {"TDATA changed", "payload held until handshake", 2, 0, 1, 0},
        {"TLAST changed", "payload held until handshake", 5, 0, 0, 1},
    };
    for (unsigned k = 0; k < 3; k++) {
        axi_mon_stream_init(&m, "s", 4);
        m.quiet = 1;
        axi_mon_stream_step(&m, 1, 0, 0, d, 0);
        for (unsigned i = 0; i < 7; i++) {
            uint32_t di = d[i] ^ (bad[k].dd && i == bad[k].at);
            int vi = v[i] && !(bad[k].dv && i == bad[k].at);
            int li = l[i] ^ (bad[k].dl && i == bad[k].at);
            axi_mon_stream_step(&m, 0, vi, r[i], &di, li);
        }
        char msg[320];
        snprintf(msg, sizeof msg, "stream: %s caught (%s)", bad[k].what,
                 m.violations ? m.first_msg : "no violation");
        check(m.first_rule && strcmp(m.first_rule, bad[k].rule) == 0 &&
              strcmp(m.first_chan, "T") == 0 && m.first_clk == bad[k].at + 1, msg);
    }
}

/* The signal-level AXI4-Stream monitor: 4 data bytes, TSTRB and TKEEP, TID 2 bits,
 * TUSER 8 bits, packets of at most 3 transfers. The clean trace: packet A of 2 transfers
 * (the first waits a clock), idle, packet B of 3 (the middle one a null-byte transfer). */
#define AXS_N 9
static void axis_trace(axi_stream_sig_t *t)
{
    memset(t, 0, AXS_N * sizeof *t);
    for (unsigned i = 0; i < AXS_N; i++) {
        t[i].ready = 1;
        t[i].keep = t[i].strb = 0xf;
    }
    /* t[0]: idle, the first clock after reset */
    t[1].valid = 1; t[1].ready = 0; t[1].data[0] = 0x11; t[1].id = 1; t[1].user = 0x80;
    t[2] = t[1]; t[2].ready = 1;
    t[3].valid = 1; t[3].data[0] = 0x12; t[3].id = 1; t[3].last = 1;
    t[4].valid = 0;
    t[5].valid = 1; t[5].data[3] = 0x21; t[5].id = 2;
    t[6].valid = 1; t[6].id = 2; t[6].keep = 0x3; t[6].strb = 0x1;
    t[7].valid = 1; t[7].id = 2; t[7].last = 1; t[7].data[1] = 0x22;
    t[8].valid = 0;
}

static axi_mon_t axis_run(const axi_stream_sig_t *t, unsigned n)
{
    axi_mon_t m;
    axi_mon_axis_init(&m, "s", 4, AXI_MON_AXIS_STRB | AXI_MON_AXIS_KEEP, 3);
    m.axis_id_bits = 2;
    m.axis_user_bits = 8;
    m.quiet = 1;
    axi_stream_sig_t idle;
    memset(&idle, 0, sizeof idle);
    axi_mon_axis_step(&m, 1, &idle);
    axi_mon_axis_step(&m, 1, &idle);
    for (unsigned i = 0; i < n; i++)
        axi_mon_axis_step(&m, 0, &t[i]);
    return m;
}

static void axis(void)
{
    axi_stream_sig_t t[AXS_N + 4];
    axis_trace(t);
    axi_mon_t m = axis_run(t, AXS_N);
    check(axi_mon_ok(&m) && axi_mon_stream_drained(&m) && m.ch[0].count == 5 &&
          m.packets == 2, "axis: clean stream of two packets");

    struct { const char *what, *rule; unsigned at; } bad[] = {
        {"TVALID dropped", "VALID held until handshake", 2},
        {"TDATA changed", "payload held until handshake", 2},
        {"TKEEP changed", "payload held until handshake", 2},
        {"TSTRB changed", "payload held until handshake", 2},
        {"TID changed", "payload held until handshake", 2},
        {"TUSER changed", "payload held until handshake", 2},
        {"TLAST changed", "payload held until handshake", 2},
        {"TSTRB where TKEEP low", "TSTRB only where TKEEP", 6},
        {"TKEEP above the data width", "signals within their widths", 5},
        {"TID above its width", "signals within their widths", 7},
        {"VALID out of reset", "VALID low out of reset", 0},
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        axis_trace(t);
        axi_stream_sig_t *b = &t[bad[k].at];
        switch (k) {
        case 0: b->valid = 0; break;
        case 1: b->data[0] ^= 1; break;
        case 2: b->keep = 0x7; b->strb = 0x7; break;
        case 3: b->strb = 0x7; break;
        case 4: b->id = 2; break;
        case 5: b->user = 0x81; break;
        case 6: b->last = 1; break;
        case 7: b->strb = 0x5; break;
        case 8: b->keep = 0x1f; b->strb = 0xf; break;
        case 9: b->id = 6; break;
        case 10: b->valid = 1; break;  /* t[0]: the first clock after reset */
        }
        m = axis_run(t, AXS_N);
        expect_fail(bad[k].what, &m, bad[k].rule, "T", bad[k].at);
    }
    /* a packet of 4 transfers with max_packet 3: caught at its fourth */
    axis_trace(t);
    t[7].last = 0;
    t[8] = t[7];
    t[8].last = 1;
    m = axis_run(t, AXS_N);
    expect_fail("packet longer than max_packet", &m, "packet at most max_packet", "T", 8);
    /* the stream stops inside packet B */
    axis_trace(t);
    m = axis_run(t, 7);
    check(axi_mon_ok(&m) && !axi_mon_stream_drained(&m) && m.first_rule &&
          strcmp(m.first_rule, "packet ended") == 0, "axis: stream ended inside a packet");
    /* the reset clears an open packet */
    axis_trace(t);
    m = axis_run(t, 7);
    axi_stream_sig_t idle;
    memset(&idle, 0, sizeof idle);
    axi_mon_axis_step(&m, 1, &idle);
    check(axi_mon_ok(&m) && axi_mon_stream_drained(&m), "axis: reset closes the open packet");
}

/* ---- AXI4 ------------------------------------------------------------------------- */
/* The clean AXI4 trace, 8 data bytes (step 0 idle, the first clock after reset):
 *   write A: ID 1, 0x100, 2 beats; its data first (beat 0 waits a clock, taken at 2,
 *            beat 1 with WLAST at 3), its address offered at 2, taken at 3;
 *   write B: ID 2, 0x184, one narrow beat (AWSIZE 2: lanes 7..4), AW and W at 4;
 *   B of write B at 5 (ahead of A's: another ID), waiting a clock; B of A at 7;
 *   reads C (ID 3, 0x200, 3 beats) at 1, D (ID 4, 0x300, 1 beat) at 2, E (ID 3, 0x218,
 *   1 beat) at 3; R: C0 at 3, D0 at 4 (between C's beats: another ID), C1 offered at 5
 *   and taken at 6, C2 (RLAST) at 7, E0 at 8 (after C: the same ID). */
#define A4_N 10
typedef struct { axi4_sig_t s[A4_N + 2]; unsigned n; } trace4_t;

static void a4_aw(axi4_sig_t *s, int ready, unsigned id, uint64_t addr, unsigned len,
                  unsigned size)
{
    s->aw_valid = 1, s->aw_ready = ready, s->aw_id = id, s->aw_addr = addr, s->aw_len = len;
    s->aw_size = size, s->aw_burst = AXI4_BURST_INCR;
}
static void a4_w(axi4_sig_t *s, int ready, uint8_t fill, uint32_t strb, int last)
{
    s->w_valid = 1, s->w_ready = ready, s->w_strb = strb, s->w_last = last;
    memset(s->w_data, fill, sizeof s->w_data);
}
static void a4_b(axi4_sig_t *s, int ready, unsigned id)
{
    s->b_valid = 1, s->b_ready = ready, s->b_id = id, s->b_resp = AXI4_RESP_OKAY;
}
static void a4_ar(axi4_sig_t *s, int ready, unsigned id, uint64_t addr, unsigned len)
{
    s->ar_valid = 1, s->ar_ready = ready, s->ar_id = id, s->ar_addr = addr, s->ar_len = len;
    s->ar_size = 3, s->ar_burst = AXI4_BURST_INCR;
}
static void a4_r(axi4_sig_t *s, int ready, unsigned id, uint8_t fill, int last)
{
    s->r_valid = 1, s->r_ready = ready, s->r_id = id, s->r_last = last;
    memset(s->r_data, fill, sizeof s->r_data);
}

static trace4_t clean4(void)
{
    trace4_t t;
    memset(&t, 0, sizeof t);
    axi4_sig_t *s = t.s;
    a4_w(&s[1], 0, 0xa0, 0xff, 0);
    a4_ar(&s[1], 1, 3, 0x200, 2);
    a4_w(&s[2], 1, 0xa0, 0xff, 0);
    a4_aw(&s[2], 0, 1, 0x100, 1, 3);
    a4_ar(&s[2], 1, 4, 0x300, 0);
    a4_w(&s[3], 1, 0xa1, 0xff, 1);
    a4_aw(&s[3], 1, 1, 0x100, 1, 3);
    a4_ar(&s[3], 1, 3, 0x218, 0);
    a4_r(&s[3], 1, 3, 0xc0, 0);
    a4_aw(&s[4], 1, 2, 0x184, 0, 2);
    a4_w(&s[4], 1, 0xb0, 0xf0, 1);
    a4_r(&s[4], 1, 4, 0xd0, 1);
    a4_r(&s[5], 0, 3, 0xc1, 0);
    a4_b(&s[5], 0, 2);
    a4_r(&s[6], 1, 3, 0xc1, 0);
    a4_b(&s[6], 1, 2);
    a4_r(&s[7], 1, 3, 0xc2, 1);
    a4_b(&s[7], 1, 1);
    a4_r(&s[8], 1, 3, 0xe0, 1);
    t.n = A4_N;
    return t;
}

static axi_mon_t a4_run(const axi4_sig_t *steps, unsigned n, unsigned max_pending, int okay)
{
    axi_mon_t m;
    axi_mon_axi4_init(&m, "test", 8, max_pending, okay);
    m.quiet = 1;
    axi4_sig_t idle;
    memset(&idle, 0, sizeof idle);
    axi_mon_axi4_step(&m, 1, &idle);
    axi_mon_axi4_step(&m, 1, &idle);
    for (unsigned i = 0; i < n; i++)
        axi_mon_axi4_step(&m, 0, &steps[i]);
    return m;
}

static void axi4_clean(void)
{
    trace4_t t = clean4();
    axi_mon_t m = a4_run(t.s, t.n, 0, 1);
    char msg[400];
    snprintf(msg, sizeof msg, "axi4: clean trace: no violation (%s)",
             m.violations ? m.first_msg : "none");
    check(axi_mon_ok(&m), msg);
    check(axi_mon_axi4_drained(&m), "axi4: clean trace: drained");
    check(m.ch[0].count == 2 && m.ch[1].count == 3 && m.ch[2].count == 2 &&
          m.ch[3].count == 3 && m.ch[4].count == 5 && m.r_bursts == 3,
          "axi4: clean trace: 2 AW, 3 W beats, 2 B, 3 AR, 5 R beats, 3 reads answered");
    check(m.b_addr == 0x100 && m.r_addr == 0x218,
          "axi4: the last B and R paired with their bursts (per ID)");
    /* at most three bursts a direction are ever unanswered: clean with max_pending 3 */
    m = a4_run(t.s, t.n, 3, 1);
    check(axi_mon_ok(&m), "axi4: clean trace within max_pending 3");
    /* the clean trace's handshakes, clock by clock */
    axi_mon_axi4_init(&m, "test", 8, 0, 1);
    m.quiet = 1;
    axi4_sig_t idle;
    memset(&idle, 0, sizeof idle);
    axi_mon_axi4_step(&m, 1, &idle);
    unsigned hs[A4_N], want[A4_N] = {
        0, AXI_MON_HS_AR, AXI_MON_HS_W | AXI_MON_HS_AR,
        AXI_MON_HS_W | AXI_MON_HS_AW | AXI_MON_HS_AR | AXI_MON_HS_R,
        AXI_MON_HS_AW | AXI_MON_HS_W | AXI_MON_HS_R, 0, AXI_MON_HS_B | AXI_MON_HS_R,
        AXI_MON_HS_B | AXI_MON_HS_R, AXI_MON_HS_R, 0};
    int same = 1;
    for (unsigned i = 0; i < A4_N; i++) {
        hs[i] = axi_mon_axi4_step(&m, 0, &t.s[i]);
        same &= hs[i] == want[i];
    }
    check(same, "axi4: handshake bits of each clock");
}

/* D(i): step i of the clean AXI4 trace. */
#define D(i) t.s[i]

static void axi4_broken(void)
{
    trace4_t t;
    axi_mon_t m;
    struct {
        const char *what, *rule, *chan;
        unsigned at, max_pending;
        int okay;
    } bad[] = {
        /* hold rules, every channel, master and slave */
        {"AWVALID dropped", "VALID held until handshake", "AW", 3, 0, 1},
        {"AWADDR changed", "payload held until handshake", "AW", 3, 0, 1},
        {"AWLEN changed", "payload held until handshake", "AW", 3, 0, 1},
        {"AWID changed", "payload held until handshake", "AW", 3, 0, 1},
        {"WVALID dropped", "VALID held until handshake", "W", 2, 0, 1},
        {"WDATA changed", "payload held until handshake", "W", 2, 0, 1},
        {"WSTRB changed", "payload held until handshake", "W", 2, 0, 1},
        {"BVALID dropped", "VALID held until handshake", "B", 6, 0, 1},
        {"BID changed", "payload held until handshake", "B", 6, 0, 1},
        {"RVALID dropped", "VALID held until handshake", "R", 6, 0, 1},
        {"RDATA changed", "payload held until handshake", "R", 6, 0, 1},
        {"RLAST changed", "payload held until handshake", "R", 6, 0, 1},
        {"ARADDR changed", "payload held until handshake", "AR", 2, 0, 1},
        {"ARVALID dropped", "VALID held until handshake", "AR", 2, 0, 1},
        {"WVALID out of reset", "VALID low out of reset", "W", 0, 0, 1},
        /* WLAST: data before the address (early, late), and with it */
        {"WLAST early, before its AW", "WLAST on beat AWLEN+1", "W", 3, 0, 1},
        {"WLAST late, beats before the AW", "WLAST on beat AWLEN+1", "W", 3, 0, 1},
        {"WLAST missing on the last beat", "WLAST on beat AWLEN+1", "W", 3, 0, 1},
        {"WLAST missing, AW with W", "WLAST on beat AWLEN+1", "W", 4, 0, 1},
        /* RLAST and the per-ID order */
        {"RLAST missing", "RLAST on beat ARLEN+1", "R", 4, 0, 1},
        {"RLAST early", "RLAST on beat ARLEN+1", "R", 5, 0, 1},
        {"the younger read of an ID first", "per-ID response order", "R", 4, 0, 1},
        /* responses without their requests */
        {"R of an ID never read", "R after AR", "R", 3, 0, 1},
        {"R in its AR's clock", "R after AR", "R", 2, 0, 1},
        {"B in the clock of its AW and WLAST", "B after AW and W", "B", 3, 0, 1},
        {"B with the AW and W of the clock", "B after AW and W", "B", 4, 0, 1},
        {"B before its AW", "B after AW and W", "B", 2, 0, 1},
        {"B of an ID never written", "B after AW and W", "B", 5, 0, 1},
        {"B with its WLAST, its AW a clock before", "B after AW and W", "B", 3, 0, 1},
        /* address rules */
        {"AWBURST WRAP", "burst INCR only", "AW", 2, 0, 1},
        {"ARBURST FIXED", "burst INCR only", "AR", 2, 0, 1},
        {"AWSIZE 16 bytes on 8", "AxSIZE within the data width", "AW", 4, 0, 1},
        {"ARLEN 256", "AxLEN at most 255", "AR", 1, 0, 1},
        {"a read across 4 KB", "no 4 KB crossing", "AR", 1, 0, 1},
        {"a write across 4 KB", "no 4 KB crossing", "AW", 4, 0, 1},
        {"WSTRB outside the narrow beat's lanes", "WSTRB within the beat's lanes", "W", 4, 0, 1},
        {"WSTRB outside the lanes, beat ahead of its AW", "WSTRB within the beat's lanes", "W",
         3, 0, 1},
        /* responses, limits */
        {"BRESP SLVERR", "response OKAY", "B", 5, 0, 1},
        {"RRESP DECERR", "response OKAY", "R", 4, 0, 1},
        {"three reads, max_pending 2", "at most max_pending", "AR", 3, 2, 1},
        {"two writes, max_pending 1", "at most max_pending", "AW", 4, 1, 1},
    };
    for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        t = clean4();
        unsigned from = 0;
        switch (k) {
        case 0: D(3).aw_valid = 0; break;
        case 1: D(3).aw_addr = 0x108; break;
        case 2: D(3).aw_len = 2; break;
        case 3: D(3).aw_id = 5; break;
        case 4: D(2).w_valid = 0; break;
        case 5: D(2).w_data[7] ^= 1; break;
        case 6: D(2).w_strb = 0x7f; break;
        case 7: D(6).b_valid = 0; break;
        case 8: D(6).b_id = 1; break;
        case 9: D(6).r_valid = 0; break;
        case 10: D(6).r_data[0] ^= 0x80; break;
        case 11: D(6).r_last = 1; break;
        case 12: D(1).ar_ready = 0; break;             /* AR C waits; D offered next */
        case 13: D(1).ar_ready = 0, D(2).ar_valid = 0; break;
        case 14: from = 1; break;                      /* the trace from step 1 */
        case 15: D(1).w_last = 1, D(2).w_last = 1; break; /* beat 1 of 2 with WLAST */
        case 16: D(2).aw_len = 0, D(3).aw_len = 0; break;  /* 2 beats taken, AWLEN 0 */
        case 17: D(3).w_last = 0; break;
        case 18: D(4).w_last = 0; break;
        case 19: D(4).r_last = 0; break;               /* D0, its only beat */
        case 20: D(5).r_last = 1, D(6).r_last = 1; break; /* C1 of 3 with RLAST */
        case 21: /* E of 2 beats; after C0, a beat of ID 3 with RLAST: E's length */
            D(3).ar_len = 1, a4_r(&D(4), 1, 3, 0xe0, 1);
            break;
        case 22: D(3).r_id = 5; break;
        case 23: a4_r(&D(2), 1, 4, 0xd0, 1); break;    /* D0 in D's AR clock */
        case 24: a4_b(&D(3), 1, 1); break;
        case 25: a4_b(&D(4), 1, 2); break;
        case 26: a4_b(&D(2), 1, 1); break;
        case 27: D(5).b_id = 7, D(6).b_id = 7; break;
        case 28: D(2).aw_ready = 1, D(3).aw_valid = 0, a4_b(&D(3), 1, 1); break;
        case 29: D(2).aw_burst = AXI4_BURST_WRAP, D(3).aw_burst = AXI4_BURST_WRAP; break;
        case 30: D(2).ar_burst = AXI4_BURST_FIXED; break;
        case 31: D(4).aw_size = 4; break;
        case 32: D(1).ar_len = 256; break;
        case 33: D(1).ar_addr = 0xff8; break;          /* 3 beats from 0xff8 */
        case 34: /* two 4-byte beats from 0xffc: the second at 0x1000 */
            D(4).aw_addr = 0xffc, D(4).aw_len = 1, D(4).w_last = 0;
            break;
        case 35: D(4).w_strb = 0x1f; break;            /* lanes 7..4 only */
        case 36: D(2).aw_addr = 0x104, D(3).aw_addr = 0x104; break; /* beat 0: lanes 7..4 */
        case 37: D(5).b_resp = AXI4_RESP_SLVERR, D(6).b_resp = AXI4_RESP_SLVERR; break;
        case 38: D(4).r_resp = AXI4_RESP_DECERR; break;
        case 39: break;
        case 40:
            for (unsigned i = 0; i < A4_N; i++)
                t.s[i].ar_valid = 0, t.s[i].r_valid = 0;
            break;
        }
        m = a4_run(t.s + from, t.n - from, bad[k].max_pending, bad[k].okay);
        expect_fail(bad[k].what, &m, bad[k].rule, bad[k].chan, bad[k].at);
    }

    /* 256 beats of 8 bytes from 0x800 end at 0xfff, the page's last byte: legal */
    t = clean4();
    D(1).ar_len = 255, D(1).ar_addr = 0x800;
    m = a4_run(t.s, 2, 0, 1);
    check(axi_mon_ok(&m), "axi4: 256 beats ending at the 4 KB boundary: legal");

    /* unanswered at the end */
    t = clean4();
    m = a4_run(t.s, 8, 0, 1); /* read E left */
    check(axi_mon_ok(&m) && !axi_mon_axi4_drained(&m) && m.first_rule &&
          strcmp(m.first_rule, "every request answered") == 0 &&
          strcmp(m.first_chan, "R") == 0, "axi4: a read left unanswered: caught at the end");
    m = a4_run(t.s, 5, 0, 1); /* writes A and B left */
    check(axi_mon_ok(&m) && !axi_mon_axi4_drained(&m) && m.first_rule &&
          strcmp(m.first_rule, "every request answered") == 0 &&
          strcmp(m.first_chan, "B") == 0, "axi4: writes left unanswered: caught at the end");
    m = a4_run(t.s, 3, 0, 1); /* write A's first beat, no address yet */
    check(axi_mon_ok(&m) && !axi_mon_axi4_drained(&m) && m.first_rule &&
          strcmp(m.first_chan, "W") == 0, "axi4: data without its address: caught at the end");

    /* a reset forgets the bursts taken before it: the B after it has no write */
    t = clean4();
    axi_mon_axi4_init(&m, "test", 8, 0, 1);
    m.quiet = 1;
    axi4_sig_t idle;
    memset(&idle, 0, sizeof idle);
    axi_mon_axi4_step(&m, 1, &idle);
    for (unsigned i = 0; i < 5; i++)
        axi_mon_axi4_step(&m, 0, &t.s[i]);
    axi_mon_axi4_step(&m, 1, &idle); /* clock 6 */
    axi_mon_axi4_step(&m, 0, &idle);
    axi_mon_axi4_step(&m, 0, &D(7)); /* B of write A, R of read C: clock 8 */
    check(m.first_rule && strcmp(m.first_rule, "B after AW and W") == 0 && m.first_clk == 8 &&
          m.violations == 2, "axi4: reset forgets the bursts before it (B and R without them)");
}

/* The byte lanes of axi4.h against the examples worked out by hand (A3.4.2, A3.4.3). */
static void axi4_lanes(void)
{
    /* 32-bit bus, 4-byte beats from 0x07: lanes 3; then 0x08: all, ... */
    check(axi4_beat_lanes(0x07, 2, 0, 4) == 0x8 && axi4_beat_lanes(0x07, 2, 1, 4) == 0xf &&
          axi4_beat_addr(0x07, 2, 1) == 0x08, "lanes: unaligned word burst on 32 bits");
    /* 64-bit bus, byte beats from 0x05: lanes 5, 6, 7, 0 */
    check(axi4_beat_lanes(0x05, 0, 0, 8) == 0x20 && axi4_beat_lanes(0x05, 0, 2, 8) == 0x80 &&
          axi4_beat_lanes(0x05, 0, 3, 8) == 0x01, "lanes: byte beats on 64 bits wrap lanes");
    /* 64-bit bus, 4-byte beats from 0x06: lanes 7..6, then 3..0 of 0x08, 7..4 of 0x0c */
    check(axi4_beat_lanes(0x06, 2, 0, 8) == 0xc0 && axi4_beat_lanes(0x06, 2, 1, 8) == 0x0f &&
          axi4_beat_lanes(0x06, 2, 2, 8) == 0xf0, "lanes: narrow unaligned beats on 64 bits");
    /* 256-bit bus, full beats: all 32 lanes; unaligned first beat from 0x21: lanes 31..1 */
    check(axi4_beat_lanes(0x40, 5, 1, 32) == 0xffffffffu &&
          axi4_beat_lanes(0x21, 5, 0, 32) == 0xfffffffeu, "lanes: 256-bit beats");
    check(axi4_burst_end(0x21, 5, 1) == 0x60 && axi4_burst_end(0xffc, 2, 0) == 0x1000 &&
          axi4_burst_end(0x800, 3, 255) == 0x1000, "burst ends");
}

int main(void)
{
    lite_clean();
    lite_broken();
    stream();
    axis();
    axi4_lanes();
    axi4_clean();
    axi4_broken();
    printf("test_axi_mon: %u checks\n", passed + failed);
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
