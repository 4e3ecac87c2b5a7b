/* tb_analyzer: cosimulation of gx_analyzer (RTL) against the C model.
 *
 * State space covered, every run:
 *  - directed: for every N in {2,4,8,16} by B in {4,8,16}: all slots equal, all slots
 *    distinct, and a uniform line with one bit flipped, for every bit of every byte
 *    position (32 x 8); and a query of every slot of each directed line;
 *  - random: N lines (default 1,000,000; knob N) of random format, drawn from small
 *    palettes so every encoding and every class count occurs, with lines whose values
 *    differ in one bit, and 10% queries of a random slot;
 *  - stalls: the request valid has random gaps and the response ready random
 *    back-pressure; the profile (none, light, heavy, random) changes every 1000 lines.
 * Every response is compared with the C model, field by field. Functional coverage is
 * measured and checked: every reachable (N, B, encoding) bin, every class count each
 * pixel size can take, and a query in every format must be hit, or the run fails.
 * The timing diagram of docs/analyzer.md is checked clock by clock.
 * Line and toggle coverage of the RTL go to build/coverage/gx_analyzer.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer_rtl.h"
#include "gx/analyzer.h"
#include "tb.h"

static void fill_slot(gx_an_req_t *q, unsigned slot, const uint8_t *val)
{
    unsigned b = gx_analyzer_bps_bytes(q->bps);
    memcpy(q->line + slot * b, val, b);
}

static void rand_bytes(tb_rng_t *r, uint8_t *p, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)tb_rng_u32(r);
}

/* A random line: each slot takes one of k palette values, k random in 1..S, with a
 * chance that palette entries differ from each other in a single bit only. */
static void rand_line(tb_rng_t *r, gx_an_req_t *q)
{
    unsigned s = gx_analyzer_slots(q->bps), b = gx_analyzer_bps_bytes(q->bps);
    uint8_t pal[8][16];
    unsigned k = 1 + tb_rng_below(r, s);
    int near = tb_rng_pct(r, 30);
    rand_bytes(r, pal[0], b);
    for (unsigned i = 1; i < k; i++) {
        if (near) {
            memcpy(pal[i], pal[0], b);
            pal[i][tb_rng_below(r, b)] ^= (uint8_t)(1u << tb_rng_below(r, 8));
        } else {
            rand_bytes(r, pal[i], b);
        }
    }
    for (unsigned j = 0; j < s; j++)
        fill_slot(q, j, pal[tb_rng_below(r, k)]);
}

static size_t directed(tb_rng_t *r, gx_an_req_t *v)
{
    size_t n = 0;
    for (unsigned sp = 0; sp < 4; sp++)
        for (unsigned bp = 0; bp < 3; bp++) {
            gx_an_req_t base;
            memset(&base, 0, sizeof base);
            base.spp = (gx_spp_t)sp;
            base.bps = (gx_bps_t)bp;
            unsigned s = gx_analyzer_slots(base.bps), b = gx_analyzer_bps_bytes(base.bps);
            uint8_t val[16];
            rand_bytes(r, val, b);
            size_t first = n;
            gx_an_req_t q = base; /* all equal */
            for (unsigned j = 0; j < s; j++)
                fill_slot(&q, j, val);
            v[n++] = q;
            q = base; /* all distinct: slot index in byte 0 */
            for (unsigned j = 0; j < s; j++) {
                val[0] = (uint8_t)j;
                fill_slot(&q, j, val);
            }
            v[n++] = q;
            for (unsigned byte = 0; byte < GX_LINE_BYTES; byte++)
                for (unsigned bit = 0; bit < 8; bit++) {
                    q = v[first];
                    q.line[byte] ^= (uint8_t)(1u << bit);
                    v[n++] = q;
                }
            size_t last = n;
            for (size_t i = first; i < last; i += 37)
                for (unsigned j = 0; j < s; j++) {
                    q = v[i];
                    q.query = 1;
                    q.qslot = (uint8_t)j;
                    v[n++] = q;
                }
        }
    return n;
}

static void fmt_resp(char *buf, size_t len, const gx_an_resp_t *p)
{
    int o = snprintf(buf, len, "q=%u enc=%u masks=", p->query, p->enc);
    for (unsigned j = 0; j < GX_MAX_SLOTS && o > 0 && (size_t)o < len; j++)
        o += snprintf(buf + o, len - (size_t)o, "%02x%s", p->masks[j], j + 1 < GX_MAX_SLOTS ? "," : "");
}

static void fmt_req(char *buf, size_t len, const gx_an_req_t *q)
{
    int o = snprintf(buf, len, "N=%u B=%u q=%u/%u line=", gx_analyzer_spp_count(q->spp),
                     gx_analyzer_bps_bytes(q->bps), q->query, q->qslot);
    for (unsigned i = 0; i < GX_LINE_BYTES && o > 0 && (size_t)o < len; i++)
        o += snprintf(buf + o, len - (size_t)o, "%02x", q->line[i]);
}

/* Functional coverage bins. */
typedef struct cov {
    uint64_t enc[4][3][3];    /* spp, bps, enc */
    uint64_t classes[4][9];   /* log2 G (1..3), classes in one pixel (1..G) */
    uint64_t query[4][3];     /* spp, bps */
} cov_t;

static int cov_check(const cov_t *c)
{
    static const char *encs[] = {"1spp", "subset", "full"};
    int holes = 0;
    for (unsigned sp = 0; sp < 4; sp++)
        for (unsigned bp = 0; bp < 3; bp++) {
            unsigned gs = gx_analyzer_group_slots((gx_spp_t)sp, (gx_bps_t)bp);
            for (unsigned e = 0; e < 3; e++) {
                int reachable = !(e == GX_ENCSUBSET && gs < 3);
                if (reachable && !c->enc[sp][bp][e]) {
                    printf("COVERAGE HOLE: N=%u B=%u enc=%s never seen\n",
                           gx_analyzer_spp_count((gx_spp_t)sp), gx_analyzer_bps_bytes((gx_bps_t)bp),
                           encs[e]);
                    holes++;
                }
            }
            if (!c->query[sp][bp]) {
                printf("COVERAGE HOLE: no query with N=%u B=%u\n",
                       gx_analyzer_spp_count((gx_spp_t)sp), gx_analyzer_bps_bytes((gx_bps_t)bp));
                holes++;
            }
        }
    for (unsigned lg = 1; lg <= 3; lg++)
        for (unsigned k = 1; k <= 1u << lg; k++)
            if (!c->classes[lg][k]) {
                printf("COVERAGE HOLE: no pixel of %u slots with %u classes\n", 1u << lg, k);
                holes++;
            }
    return holes;
}

static unsigned lg2(unsigned v)
{
    unsigned l = 0;
    while (v > 1) {
        v >>= 1;
        l++;
    }
    return l;
}

/* Run every request through the RTL with stalls; returns cycles, 0 on a model stop. */
static uint64_t simulate(const tb_opts_t *o, const gx_an_req_t *reqs, gx_an_resp_t *resps,
                         uint64_t n, const char *fst, const char *cov, uint64_t *n_got)
{
    tb_rng_t stall_rng;
    tb_rng_seed_stalls(&stall_rng, o);
    gx_analyzer_rtl_t *m = gx_analyzer_rtl_new(fst);
    uint64_t cycles = gx_analyzer_rtl_run(m, reqs, resps, n, &stall_rng, 1, 1000, n_got);
    gx_analyzer_rtl_free(m, cov);
    return cycles;
}

/* The timing diagram of docs/analyzer.md, clock by clock: four lines offered back to
 * back, the response not taken in clock 3. */
static void timing_check(tb_report_t *rep)
{
    static const int w_valid[7] = {1, 1, 1, 1, 1, 0, 0};
    static const int w_rready[7] = {1, 1, 1, 0, 1, 1, 1};
    static const int w_ready[7] = {1, 1, 1, 0, 1, 1, 1};
    static const int w_resp[7] = {0, 0, 1, 1, 1, 1, 1};
    static const int w_taken[7] = {-1, -1, 0, -1, 1, 2, 3};
    const tb_dut_ops_t *ops = &gx_analyzer_rtl_ops;
    gx_an_req_t q[4];
    uint32_t w[4][GX_AN_REQ_WORDS], zero[GX_AN_REQ_WORDS] = {0}, rw[GX_AN_RESP_WORDS];
    for (unsigned i = 0; i < 4; i++) {
        memset(&q[i], 0, sizeof q[i]);
        q[i].spp = GX_SPP4;
        q[i].line[4 * i] = (uint8_t)(i + 1); /* slot i differs: distinct responses */
        gx_an_req_pack(&q[i], w[i]);
    }
    gx_analyzer_rtl_t *m = gx_analyzer_rtl_new(NULL);
    unsigned sent = 0;
    int ok = 1;
    for (unsigned c = 0; c < 7; c++) {
        ops->set(m, w_valid[c], w_valid[c] ? w[sent] : zero, w_rready[c]);
        ops->eval(m);
        if (ops->req_ready(m) != w_ready[c] || ops->resp_valid(m) != w_resp[c])
            ok = 0;
        if (ops->resp_valid(m) && w_rready[c]) {
            gx_an_resp_t got, want;
            ops->resp(m, rw);
            gx_an_resp_unpack(rw, &got);
            gx_analyzer_process(&q[w_taken[c] < 0 ? 0 : w_taken[c]], &want);
            if (w_taken[c] < 0 || !gx_analyzer_resp_eq(&got, &want))
                ok = 0;
        }
        if (w_valid[c] && ops->req_ready(m))
            sent++;
        ops->tick(m);
        if (ops->failed(m))
            ok = 0;
    }
    gx_analyzer_rtl_free(m, NULL);
    tb_check(rep, ok && sent == 4, "timing diagram of docs/analyzer.md (latency 2, one line "
             "a clock, a stalled response holds)");
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_analyzer", 1000000);
    printf("tb_analyzer: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);

    tb_rng_t r;
    tb_rng_seed(&r, o.seed);
    size_t cap = 12 * (2 + 256 + 64) + o.n;
    gx_an_req_t *reqs = calloc(cap, sizeof *reqs);
    gx_an_resp_t *want = calloc(cap, sizeof *want), *got = calloc(cap, sizeof *got);
    if (!reqs || !want || !got) {
        fprintf(stderr, "tb_analyzer: out of memory\n");
        return 2;
    }
    size_t n = directed(&r, reqs);
    for (uint64_t i = 0; i < o.n; i++, n++) {
        gx_an_req_t *q = &reqs[n];
        q->spp = (gx_spp_t)tb_rng_below(&r, 4);
        q->bps = (gx_bps_t)tb_rng_below(&r, 3);
        rand_line(&r, q);
        if (tb_rng_pct(&r, 10)) {
            q->query = 1;
            q->qslot = (uint8_t)tb_rng_below(&r, gx_analyzer_slots(q->bps));
        }
    }

    cov_t cov;
    memset(&cov, 0, sizeof cov);
    for (size_t i = 0; i < n; i++) {
        gx_analyzer_process(&reqs[i], &want[i]);
        const gx_an_req_t *q = &reqs[i];
        if (q->query)
            cov.query[q->spp][q->bps]++;
        else {
            cov.enc[q->spp][q->bps][want[i].enc]++;
            unsigned gs = gx_analyzer_group_slots(q->spp, q->bps);
            for (unsigned p0 = 0; p0 < gx_analyzer_slots(q->bps); p0 += gs) {
                unsigned k = 0; /* classes of the pixel: slots that lead their class */
                for (unsigned j = p0; j < p0 + gs; j++)
                    k += (want[i].masks[j] & ((1u << j) - 1u)) == 0;
                cov.classes[lg2(gs)][k]++;
            }
        }
    }

    char path[512], cpath[512];
    tb_out_paths(&o, "gx_analyzer", cpath, sizeof cpath, path, sizeof path);

    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    uint64_t n_got;
    uint64_t cycles = simulate(&o, reqs, got, n, o.waves ? path : NULL, cpath, &n_got);
    tb_check(&rep, cycles != 0, "RTL stopped after %" PRIu64 " responses: an assertion failed "
             "or the stream hung", n_got);
    {
        for (size_t i = 0; i < n_got; i++) {
            int ok = gx_analyzer_resp_eq(&want[i], &got[i]);
            if (!ok) {
                char a[160], b[160], c[160];
                fmt_req(a, sizeof a, &reqs[i]);
                fmt_resp(b, sizeof b, &want[i]);
                fmt_resp(c, sizeof c, &got[i]);
                tb_check(&rep, 0, "line %zu %s\n  model %s\n  rtl   %s", i, a, b, c);
            } else {
                tb_check(&rep, 1, "%s", "");
            }
        }
    }
    timing_check(&rep);
    int holes = cov_check(&cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_analyzer: %zu lines, %" PRIu64 " cycles with stalls\n", n, cycles);

    if (rep.failed && !o.waves) {
        /* Same seed, same stalls: replay with a waveform. */
        printf("tb_analyzer: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        simulate(&o, reqs, got, n, path, NULL, &n_got);
    } else if (o.waves) {
        printf("tb_analyzer: waveform %s\n", path);
    }
    free(reqs);
    free(want);
    free(got);
    return tb_summary(&rep);
}
