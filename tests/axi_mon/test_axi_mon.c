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
 * max_packet, the stream ended inside a packet, and VALID high out of reset. Runs plain and under ASan/UBSan (make test).
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

int main(void)
{
    lite_clean();
    lite_broken();
    stream();
    axis();
    printf("test_axi_mon: %u checks\n", passed + failed);
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
