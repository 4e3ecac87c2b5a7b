/* test_texq: the texture queue's model (gx/texq.h).
 *  - Layout: every slot's 32 lanes in 32 banks (coordinate and result slots of every op);
 *    every quad's 8 coordinates in 8 banks, 4 consecutive quads of one op and 4
 *    consecutive ops of one quad in 32 banks.
 *  - Directed: one batch of one warp and one op (its 8 requests, results, read); ready only
 *    after the last warp's last store; a full queue refuses (nothing changes) and grants
 *    after a free; the exact request sequence and issue clocks of a 2-warp 2-op batch in
 *    both orders, written out by hand; refused transactions (twice, before ready, out of
 *    range, a result never requested).
 *  - Random: queues of 48..1024 slots, both orders, batches of 1..8 warps and 1..8 ops,
 *    warps storing in random order across batches, random texture-unit back-pressure,
 *    results returned in random order, warps reading in random order; every coordinate
 *    drained exactly once in its batch's order with the values stored, every result read
 *    back from its place, gx_texq_check after every step, conflict counters 0.
 *  - Frames through gx_tex: a 128 x 128 frame of 16 x 16 tiles (one batch of 8 warps a
 *    tile) in QuadTex against TexTile, three scenes (4 taps of one texture minified 2:1,
 *    3 textures and 2 textures at 1:1); texture cache hits, misses, memory bytes and
 *    clocks of each printed, every quad drained once, no bank conflicts.
 */
#include <string.h>

#include "check.h"
#include "gx/tex.h"
#include "gx/texq.h"

static gx_texq_t q, q2; /* large: static, not on the stack */

/* ---- layout ---- */

static void test_layout(void)
{
    unsigned bad = 0;
    for (uint32_t k = 0; k < GX_TEXQ_MAX_OPS; k++)
        for (uint32_t c = 0; c <= GX_TEXQ_COMPS; c++) {
            uint64_t m = 0;
            for (uint32_t l = 0; l < GX_TEXQ_LANES; l++)
                m |= (uint64_t)1 << gx_texq_bank(l, k, c);
            bad += m != 0xffffffffu;
        }
    CHECK(!bad, "whole slots: %u slots with a bank twice", bad);
    /* n requests (quad, op) read in one clock: 8 n different banks */
    unsigned quad_bad = 0, tt_bad = 0, qt_bad = 0;
    for (uint32_t k = 0; k < GX_TEXQ_MAX_OPS; k++)
        for (uint32_t qd = 0; qd < GX_TEXQ_WARP_QUADS; qd++) {
            uint64_t one = 0, tt = 0, qt = 0;
            unsigned n1 = 0, nt = 0, nq = 0;
            for (uint32_t c = 0; c < GX_TEXQ_COMPS; c++)
                for (uint32_t i = 0; i < 4; i++) {
                    one |= (uint64_t)1 << gx_texq_bank(4 * qd + i, k, c);
                    n1++;
                    for (uint32_t j = 0; j < 4; j++) {
                        tt |= (uint64_t)1 << gx_texq_bank(4 * ((qd + j) % 8) + i, k, c);
                        qt |= (uint64_t)1 << gx_texq_bank(4 * qd + i, k + j, c);
                        nt++;
                        nq++;
                    }
                }
            quad_bad += (unsigned)__builtin_popcountll(one) != n1;
            tt_bad += (unsigned)__builtin_popcountll(tt) != nt;
            qt_bad += (unsigned)__builtin_popcountll(qt) != nq;
        }
    CHECK(!quad_bad, "a quad's s and t: %u quads with a bank twice", quad_bad);
    CHECK(!tt_bad, "4 consecutive quads of one op: %u with a bank twice", tt_bad);
    CHECK(!qt_bad, "4 consecutive ops of one quad: %u with a bank twice", qt_bad);
}

/* ---- directed ---- */

static int32_t coord(uint32_t w, uint32_t k, uint32_t c, uint32_t l)
{
    return (int32_t)(0x10000000u * c + 0x100000u * w + 0x1000u * k + l);
}

static uint32_t result_of(int32_t s, int32_t t)
{
    return (uint32_t)s * 2654435761u ^ (uint32_t)t;
}

/* Store every slot of warp w of batch id. */
static gx_texq_err_t store_warp(gx_texq_t *x, uint32_t id, uint32_t w, uint32_t K)
{
    for (uint32_t k = 0; k < K; k++)
        for (uint32_t c = 0; c < GX_TEXQ_COMPS; c++) {
            int32_t v[GX_TEXQ_LANES];
            for (uint32_t l = 0; l < GX_TEXQ_LANES; l++)
                v[l] = coord(w, k, c, l);
            const gx_texq_err_t e = gx_texq_store(x, id, w, k, c, v);
            if (e)
                return e;
        }
    return GX_TEXQ_OK;
}

/* Clock until nothing more can happen, returning every result at once; the requests
 * issued go to seq[] (warp, quad, op each) with their clock. Returns the count. */
static unsigned run_drain(gx_texq_t *x, uint32_t (*got)[3], uint32_t *clk, unsigned max)
{
    unsigned n = 0;
    for (unsigned c = 0; c < 4096; c++) {
        gx_texq_req_t r;
        if (gx_texq_clock(x, 1, &r)) {
            if (n < max) {
                got[n][0] = r.warp;
                got[n][1] = r.quad;
                got[n][2] = r.op;
                clk[n] = c;
            }
            n++;
            int ok = 1;
            uint32_t rgba[4];
            for (uint32_t i = 0; i < 4; i++) {
                const uint32_t l = 4 * r.quad + i;
                ok &= r.s[i] == coord(r.warp, r.op, 0, l) && r.t[i] == coord(r.warp, r.op, 1, l);
                rgba[i] = result_of(r.s[i], r.t[i]);
            }
            CHECK(ok, "request (%u %u %u): its coordinates", r.warp, r.quad, r.op);
            CHECK(gx_texq_result(x, &r, rgba) == GX_TEXQ_OK, "result");
        }
        CHECK(gx_texq_check(x) == GX_TEXQ_OK, "invariants at clock %u", c);
    }
    return n;
}

/* Read every result of batch id and compare. */
static void read_all(gx_texq_t *x, uint32_t id, uint32_t W, uint32_t K)
{
    unsigned bad = 0;
    for (uint32_t w = 0; w < W; w++)
        for (uint32_t k = 0; k < K; k++) {
            uint32_t out[GX_TEXQ_LANES];
            bad += gx_texq_read(x, id, w, k, out) != GX_TEXQ_OK;
            for (uint32_t l = 0; l < GX_TEXQ_LANES; l++)
                bad += out[l] != result_of(coord(w, k, 0, l), coord(w, k, 1, l));
        }
    CHECK(!bad, "batch %u: %u results wrong", id, bad);
}

static void test_one_batch(void)
{
    const gx_texq_cfg_t cfg = {16, GX_TEXQ_TEXTILE};
    uint32_t id, got[16][3], clk[16];
    CHECK(gx_texq_init(&q, &cfg) == GX_TEXQ_OK, "init");
    CHECK(gx_texq_reserve(&q, 1, 1, &id) == GX_TEXQ_OK && id == 0, "reserve");
    CHECK(q.b[0].base == 0 && gx_texq_free_slots(&q) == 13, "3 slots taken");
    CHECK(gx_texq_store(&q, id, 0, 0, 0, (int32_t[32]){0}) == GX_TEXQ_OK, "store s");
    CHECK(q.b[0].state == GX_TEXQ_B_FILL, "not ready after s");
    int32_t v[GX_TEXQ_LANES];
    for (uint32_t l = 0; l < GX_TEXQ_LANES; l++)
        v[l] = coord(0, 0, 1, l);
    CHECK(gx_texq_store(&q, id, 0, 0, 1, v) == GX_TEXQ_OK, "store t");
    CHECK(q.b[0].state == GX_TEXQ_B_READY, "ready after t");
    CHECK(gx_texq_store(&q, id, 0, 0, 0, v) == GX_TEXQ_EBATCH, "store after ready refused");
    /* again with the coordinates the drain checks */
    gx_texq_init(&q, &cfg);
    gx_texq_reserve(&q, 1, 1, &id);
    CHECK(store_warp(&q, id, 0, 1) == GX_TEXQ_OK, "warp stored");
    const unsigned n = run_drain(&q, got, clk, 16);
    unsigned bad = 0;
    for (unsigned i = 0; i < n && i < 16; i++)
        bad += got[i][0] != 0 || got[i][1] != i || got[i][2] != 0 || clk[i] != i + 3;
    /* clock 0 chooses the batch, clock 1 reads its first requests, clock 3 hands one on
     * (GX_TEXQ_READ_LAT = 2) */
    CHECK(n == 8 && !bad, "one batch: 8 quads in order at clocks 3..10 (%u, %u wrong)", n, bad);
    CHECK(q.st.read_clocks == 2 && q.st.read_values == 64, "read in 2 clocks of 32 values");
    CHECK(gx_texq_free_slots(&q) == 15, "coordinates freed when drained");
    CHECK(q.b[id].state == GX_TEXQ_B_RESULT, "results ready");
    read_all(&q, id, 1, 1);
    CHECK(gx_texq_free_slots(&q) == 16 && q.b[id].state == GX_TEXQ_B_FREE, "all free");
    CHECK(gx_texq_check(&q) == GX_TEXQ_OK, "invariants");
}

/* A result named by quad 8 of warp 0 aliases quad 0 of warp 1 in 8 w + q: refused, and
 * neither request is marked returned. */
static void test_quad_alias(void)
{
    const gx_texq_cfg_t cfg = {16, GX_TEXQ_QUADTEX};
    uint32_t id;
    gx_texq_init(&q, &cfg);
    CHECK(gx_texq_reserve(&q, 2, 1, &id) == GX_TEXQ_OK, "reserve 2 warps, 1 op");
    CHECK(store_warp(&q, id, 0, 1) == GX_TEXQ_OK && store_warp(&q, id, 1, 1) == GX_TEXQ_OK,
          "both warps stored");
    gx_texq_req_t r;
    unsigned issued = 0;
    for (unsigned c = 0; c < 64 && issued < 9; c++)
        issued += gx_texq_clock(&q, 1, &r) != 0;
    CHECK(issued == 9 && r.warp == 1 && r.quad == 0 && r.seq == 8, "9 requests issued");
    gx_texq_req_t alias = r;
    alias.warp = 0;
    alias.quad = GX_TEXQ_WARP_QUADS;
    const uint32_t rgba[4] = {1, 2, 3, 4};
    CHECK(gx_texq_result(&q, &alias, rgba) == GX_TEXQ_EARG, "quad 8 of warp 0 refused");
    CHECK(q.b[id].returned == 0 && !q.b[id].req_returned[8] && !q.b[id].req_returned[0],
          "nothing returned");
    CHECK(gx_texq_result(&q, &r, rgba) == GX_TEXQ_OK, "quad 0 of warp 1 taken");
    CHECK(gx_texq_check(&q) == GX_TEXQ_OK, "invariants");
}

static void test_ready_last_warp(void)
{
    const gx_texq_cfg_t cfg = {64, GX_TEXQ_QUADTEX};
    uint32_t id;
    gx_texq_init(&q, &cfg);
    gx_texq_reserve(&q, 3, 2, &id);
    const uint32_t order[3] = {2, 0, 1};
    unsigned early = 0;
    for (unsigned i = 0; i < 3; i++) {
        store_warp(&q, id, order[i], 2);
        for (unsigned c = 0; i < 2 && c < 4; c++) {
            gx_texq_req_t r;
            early += gx_texq_clock(&q, 1, &r);
        }
        early += i < 2 && (q.b[id].state != GX_TEXQ_B_FILL || q.b[id].read);
        CHECK(gx_texq_check(&q) == GX_TEXQ_OK, "invariants after warp %u", order[i]);
    }
    CHECK(!early, "nothing drained before the last warp stored (%u)", early);
    uint32_t out[GX_TEXQ_LANES];
    CHECK(gx_texq_read(&q, id, 0, 0, out) == GX_TEXQ_ENOTREADY, "read before results");
    uint32_t got[48][3], clk[48];
    CHECK(q.b[id].state == GX_TEXQ_B_READY && !q.b[id].read, "ready, nothing read yet");
    CHECK(run_drain(&q, got, clk, 48) == 48, "3 warps x 8 quads x 2 ops");
    read_all(&q, id, 3, 2);
}

static void test_full(void)
{
    const gx_texq_cfg_t cfg = {30, GX_TEXQ_TEXTILE};
    uint32_t a, b, c;
    gx_texq_init(&q, &cfg);
    CHECK(gx_texq_reserve(&q, 2, 3, &a) == GX_TEXQ_OK, "A: 18 slots");
    CHECK(gx_texq_reserve(&q, 1, 4, &b) == GX_TEXQ_OK && q.b[b].base == 18, "B: 12 slots");
    memcpy(&q2, &q, sizeof q);
    CHECK(gx_texq_reserve(&q, 1, 1, &c) == GX_TEXQ_EFULL, "C refused: full");
    q2.st.refused++;
    CHECK(!memcmp(&q, &q2, sizeof q), "a refusal changes nothing but its count");
    store_warp(&q, a, 0, 3);
    store_warp(&q, a, 1, 3);
    uint32_t got[64][3], clk[64];
    CHECK(run_drain(&q, got, clk, 64) == 48, "A drained");
    /* A's 12 coordinate slots free, its 6 result slots held until read */
    CHECK(gx_texq_free_slots(&q) == 12, "A's coordinates free");
    CHECK(gx_texq_reserve(&q, 1, 3, &c) == GX_TEXQ_OK && q.b[c].base == 0, "C: 9 slots first fit");
    CHECK(gx_texq_reserve(&q, 1, 2, &c) == GX_TEXQ_EFULL, "D refused");
    read_all(&q, a, 2, 3);
    CHECK(gx_texq_reserve(&q, 1, 2, &c) == GX_TEXQ_OK && q.b[c].base == 9, "D granted after A read");
    CHECK(gx_texq_check(&q) == GX_TEXQ_OK, "invariants");
    /* no batch record left */
    const gx_texq_cfg_t big = {1024, GX_TEXQ_TEXTILE};
    gx_texq_init(&q, &big);
    unsigned ok = 0;
    for (unsigned i = 0; i < GX_TEXQ_MAX_BATCHES; i++)
        ok += gx_texq_reserve(&q, 1, 1, &c) == GX_TEXQ_OK && c == i;
    CHECK(ok == GX_TEXQ_MAX_BATCHES, "16 records");
    CHECK(gx_texq_reserve(&q, 1, 1, &c) == GX_TEXQ_EFULL, "17th refused");
}

/* The 2-warp 2-op batch's sequences by hand: warp, quad, op of each request. */
static void test_orders(void)
{
    static const char *quadtex =
        "000 001 010 011 020 021 030 031 040 041 050 051 060 061 070 071 "
        "100 101 110 111 120 121 130 131 140 141 150 151 160 161 170 171";
    static const char *textile =
        "000 010 020 030 040 050 060 070 100 110 120 130 140 150 160 170 "
        "001 011 021 031 041 051 061 071 101 111 121 131 141 151 161 171";
    const char *want[2] = {quadtex, textile};
    /* QuadTex reads two requests a clock (the next quad's op 0 shares banks with this
     * quad's op 1), TexTile four, while the 16-request buffer has room; clock 0 chooses
     * the batch, clock 1 reads first, and the unit takes one a clock from clock 3 on
     * (GX_TEXQ_READ_LAT = 2). QuadTex: 2 c requests held after clock c <= 2, c + 2 after
     * clock c >= 3, full at clock 14 (28 read), then one a clock for the last 4: 18 read
     * clocks. TexTile: 4, 8, 11, 14, 16 after clocks 1..5 (19 read), then one a clock for
     * the last 13: 18. */
    const uint64_t read_clocks[2] = {18, 18};
    for (uint32_t o = 0; o < 2; o++) {
        const gx_texq_cfg_t cfg = {64, o};
        uint32_t id, got[40][3], clk[40];
        gx_texq_init(&q, &cfg);
        gx_texq_reserve(&q, 2, 2, &id);
        store_warp(&q, id, 1, 2);
        store_warp(&q, id, 0, 2);
        const unsigned n = run_drain(&q, got, clk, 40);
        unsigned bad = 0;
        for (unsigned i = 0; i < 32 && i < n; i++)
            bad += got[i][0] != (uint32_t)(want[o][4 * i] - '0') ||
                   got[i][1] != (uint32_t)(want[o][4 * i + 1] - '0') ||
                   got[i][2] != (uint32_t)(want[o][4 * i + 2] - '0') || clk[i] != i + 3;
        CHECK(n == 32 && !bad, "%s: 32 requests in the written order (%u wrong)",
              o ? "TexTile" : "QuadTex", bad);
        CHECK(q.st.read_clocks == read_clocks[o], "%s: %llu read clocks",
              o ? "TexTile" : "QuadTex", (unsigned long long)q.st.read_clocks);
        CHECK(!q.st.slot_conflicts && !q.st.quad_conflicts && !q.st.clock_conflicts,
              "no bank conflicts");
        read_all(&q, id, 2, 2);
    }
}

static void test_refused(void)
{
    const gx_texq_cfg_t cfg = {64, GX_TEXQ_QUADTEX}, bad1 = {0, 0}, bad2 = {1025, 0},
                        bad3 = {64, 2};
    CHECK(gx_texq_init(&q, &bad1) == GX_TEXQ_ECFG && gx_texq_init(&q, &bad2) == GX_TEXQ_ECFG &&
              gx_texq_init(&q, &bad3) == GX_TEXQ_ECFG,
          "bad configurations");
    gx_texq_init(&q, &cfg);
    uint32_t id;
    CHECK(gx_texq_reserve(&q, 0, 1, &id) == GX_TEXQ_EARG &&
              gx_texq_reserve(&q, 9, 1, &id) == GX_TEXQ_EARG &&
              gx_texq_reserve(&q, 1, 9, &id) == GX_TEXQ_EARG,
          "warps and ops range");
    gx_texq_reserve(&q, 1, 1, &id);
    int32_t v[GX_TEXQ_LANES] = {0};
    CHECK(gx_texq_store(&q, 5, 0, 0, 0, v) == GX_TEXQ_EBATCH, "store to no batch");
    CHECK(gx_texq_store(&q, id, 1, 0, 0, v) == GX_TEXQ_EARG, "warp out of range");
    CHECK(gx_texq_store(&q, id, 0, 0, 2, v) == GX_TEXQ_EARG, "component out of range");
    CHECK(gx_texq_store(&q, id, 0, 0, 0, v) == GX_TEXQ_OK, "store");
    CHECK(gx_texq_store(&q, id, 0, 0, 0, v) == GX_TEXQ_ETWICE, "store twice");
    gx_texq_req_t r;
    memset(&r, 0, sizeof r);
    const uint32_t rgba[4] = {0};
    CHECK(gx_texq_result(&q, &r, rgba) == GX_TEXQ_EBATCH, "result before ready");
    CHECK(gx_texq_store(&q, id, 0, 0, 1, v) == GX_TEXQ_OK, "store t");
    CHECK(gx_texq_result(&q, &r, rgba) == GX_TEXQ_EREQ, "result before issue");
    CHECK(gx_texq_clock(&q, 1, &r) == 0, "clock 0: read only");
    CHECK(gx_texq_clock(&q, 0, &r) == 0, "clock 1: read, unit not ready");
    CHECK(gx_texq_clock(&q, 1, &r) == 0, "clock 2: the read still in the banks");
    CHECK(gx_texq_clock(&q, 1, &r) == 1 && r.seq == 0, "clock 3: first request");
    CHECK(gx_texq_result(&q, &r, rgba) == GX_TEXQ_OK, "result");
    CHECK(gx_texq_result(&q, &r, rgba) == GX_TEXQ_ETWICE, "result twice");
    r.seq = 1;
    CHECK(gx_texq_result(&q, &r, rgba) == GX_TEXQ_EREQ, "result with the wrong place");
    uint32_t out[GX_TEXQ_LANES];
    CHECK(gx_texq_read(&q, id, 0, 0, out) == GX_TEXQ_ENOTREADY, "read before ready");
    r.seq = 0;
    r.quad = GX_TEXQ_WARP_QUADS;
    CHECK(gx_texq_result(&q, &r, rgba) == GX_TEXQ_EARG, "quad out of range");
    r.quad = 0;
    r.warp = 1;
    CHECK(gx_texq_result(&q, &r, rgba) == GX_TEXQ_EARG, "warp out of range");
    r.warp = 0;
    r.op = 1;
    CHECK(gx_texq_result(&q, &r, rgba) == GX_TEXQ_EARG, "op out of range");
    r.op = 0;
    CHECK(gx_texq_check(&q) == GX_TEXQ_OK, "invariants");
    /* the checker sees a broken state */
    memcpy(&q2, &q, sizeof q);
    q2.owner[40] = 1;
    CHECK(gx_texq_check(&q2) == GX_TEXQ_EINV, "a stray slot owner caught");
    memcpy(&q2, &q, sizeof q);
    q2.b[id].returned++;
    CHECK(gx_texq_check(&q2) == GX_TEXQ_EINV, "a result count beyond the returns caught");
    memcpy(&q2, &q, sizeof q);
    q2.ibuf[q2.ibuf_head].seq++;
    CHECK(gx_texq_check(&q2) == GX_TEXQ_EINV, "an out-of-order buffer caught");
}

/* ---- random ---- */

typedef struct inst {
    uint32_t W, K, tag;
    int32_t s[GX_TEXQ_MAX_WARPS][GX_TEXQ_MAX_OPS][GX_TEXQ_LANES];
    int32_t t[GX_TEXQ_MAX_WARPS][GX_TEXQ_MAX_OPS][GX_TEXQ_LANES];
    uint8_t seen[GX_TEXQ_MAX_REQS];
    uint32_t nseen;
} inst_t;

static inst_t live[GX_TEXQ_MAX_BATCHES];

static uint32_t rres(uint32_t tag, int32_t s, int32_t t)
{
    return result_of(s, t) ^ tag * 0x9e3779b9u;
}

/* The largest run of free slots (independent of the allocator). */
static uint32_t largest_free(const gx_texq_t *x)
{
    uint32_t best = 0, run = 0;
    for (uint32_t i = 0; i < x->cfg.slots; i++) {
        run = x->owner[i] ? 0 : run + 1;
        best = run > best ? run : best;
    }
    return best;
}

static void test_random(unsigned scenarios)
{
    unsigned done_total = 0, refused_total = 0, inv = 0, wrong = 0, dup = 0, res_bad = 0;
    uint64_t conflicts = 0;
    for (unsigned sc = 0; sc < scenarios; sc++) {
        const gx_texq_cfg_t cfg = {48 + rnd(977), rnd(2)};
        gx_texq_init(&q, &cfg);
        memset(live, 0, sizeof live);
        gx_texq_req_t pend[64];
        unsigned npend = 0, done = 0, started = 0, tag = 1;
        const unsigned want = 6 + rnd(10);
        const unsigned bp = rnd(4); /* back-pressure level */
        for (unsigned step = 0; step < 200000 && done < want; step++) {
            const unsigned a = rnd(16);
            if (a == 0 && started < want) {
                uint32_t W = 1 + rnd(8), K = 1 + rnd(8), id;
                while (3 * W * K > cfg.slots) {
                    W = 1 + rnd(8);
                    K = 1 + rnd(8);
                }
                const uint32_t big = largest_free(&q);
                const gx_texq_err_t e = gx_texq_reserve(&q, W, K, &id);
                if (e == GX_TEXQ_OK) {
                    inst_t *in = &live[id];
                    memset(in, 0, sizeof *in);
                    in->W = W;
                    in->K = K;
                    in->tag = tag++;
                    for (uint32_t w = 0; w < W; w++)
                        for (uint32_t k = 0; k < K; k++)
                            for (uint32_t l = 0; l < GX_TEXQ_LANES; l++) {
                                in->s[w][k][l] = (int32_t)rnd64();
                                in->t[w][k][l] = (int32_t)rnd64();
                            }
                    started++;
                    wrong += big < 3 * W * K;
                } else {
                    refused_total++;
                    unsigned records = 0;
                    for (unsigned i = 0; i < GX_TEXQ_MAX_BATCHES; i++)
                        records += q.b[i].state == GX_TEXQ_B_FREE;
                    wrong += e != GX_TEXQ_EFULL || (big >= 3 * W * K && records);
                }
            } else if (a < 8) {
                /* a random warp stores one of its slots */
                const uint32_t id = rnd(GX_TEXQ_MAX_BATCHES);
                gx_texq_batch_t *b = &q.b[id];
                if (b->state == GX_TEXQ_B_FILL) {
                    const uint32_t w = rnd(b->warps), k = rnd(b->ops), c = rnd(2);
                    const uint32_t i = 2 * (w * b->ops + k) + c;
                    const int was = b->slot_stored[i];
                    const gx_texq_err_t e =
                        gx_texq_store(&q, id, w, k, c, c ? live[id].t[w][k] : live[id].s[w][k]);
                    wrong += e != (was ? GX_TEXQ_ETWICE : GX_TEXQ_OK);
                }
            } else if (a < 12) {
                gx_texq_req_t r;
                if (npend < 64 && gx_texq_clock(&q, rnd(4) >= bp, &r)) {
                    inst_t *in = &live[r.batch];
                    uint32_t Q, k;
                    gx_texq_order_at(cfg.order, in->W, in->K, r.seq, &Q, &k);
                    wrong += r.seq != in->nseen || Q != 8 * r.warp + r.quad || k != r.op;
                    dup += in->seen[r.seq]++ != 0;
                    in->nseen++;
                    for (uint32_t i = 0; i < 4; i++)
                        wrong += r.s[i] != in->s[r.warp][r.op][4 * r.quad + i] ||
                                 r.t[i] != in->t[r.warp][r.op][4 * r.quad + i];
                    pend[npend++] = r;
                }
            } else if (a < 14) {
                if (npend) {
                    const unsigned j = rnd(npend);
                    const gx_texq_req_t r = pend[j];
                    pend[j] = pend[--npend];
                    uint32_t rgba[4];
                    for (uint32_t i = 0; i < 4; i++)
                        rgba[i] = rres(live[r.batch].tag, r.s[i], r.t[i]);
                    wrong += gx_texq_result(&q, &r, rgba) != GX_TEXQ_OK;
                    if (rnd(8) == 0)
                        wrong += gx_texq_result(&q, &r, rgba) != GX_TEXQ_ETWICE;
                }
            } else {
                const uint32_t id = rnd(GX_TEXQ_MAX_BATCHES);
                gx_texq_batch_t *b = &q.b[id];
                if (b->state != GX_TEXQ_B_FREE) {
                    inst_t *in = &live[id];
                    const uint32_t w = rnd(b->warps), k = rnd(b->ops);
                    const int ready = b->state == GX_TEXQ_B_RESULT;
                    const int was = ready && b->res_read[w * b->ops + k];
                    uint32_t out[GX_TEXQ_LANES];
                    const gx_texq_err_t e = gx_texq_read(&q, id, w, k, out);
                    wrong += e != (!ready ? GX_TEXQ_ENOTREADY : was ? GX_TEXQ_ETWICE : GX_TEXQ_OK);
                    if (e == GX_TEXQ_OK) {
                        for (uint32_t l = 0; l < GX_TEXQ_LANES; l++)
                            res_bad += out[l] != rres(in->tag, in->s[w][k][l], in->t[w][k][l]);
                        if (q.b[id].state == GX_TEXQ_B_FREE) {
                            unsigned missing = 0;
                            for (uint32_t s = 0; s < 8 * in->W * in->K; s++)
                                missing += in->seen[s] != 1;
                            wrong += missing || in->nseen != 8 * in->W * in->K;
                            done++;
                        }
                    }
                }
            }
            inv += gx_texq_check(&q) != GX_TEXQ_OK;
        }
        wrong += done < want; /* progress: every batch finished */
        done_total += done;
        conflicts += q.st.slot_conflicts + q.st.quad_conflicts + q.st.clock_conflicts;
    }
    CHECK(!inv, "random: %u invariant failures", inv);
    CHECK(!wrong, "random: %u wrong answers or orders", wrong);
    CHECK(!dup, "random: %u coordinates drained twice", dup);
    CHECK(!res_bad, "random: %u results read from the wrong place", res_bad);
    CHECK(!conflicts, "random: %llu bank conflicts", (unsigned long long)conflicts);
    CHECK(done_total > scenarios * 5 && refused_total > 0, "random: %u batches done, %u refusals",
          done_total, refused_total);
    printf("random: %u scenarios, %u batches completed, %u reservations refused\n", scenarios,
           done_total, refused_total);
}

/* ---- frames through the texture unit ---- */

typedef struct mem {
    uint8_t *bytes;
    uint64_t len;
} mem_t;

static void mem_read(void *ctx, uint64_t addr, uint32_t len, uint8_t *dst)
{
    const mem_t *m = ctx;
    if (addr > m->len || len > m->len - addr) {
        memset(dst, 0, len);
        return;
    }
    memcpy(dst, m->bytes + addr, len);
}

/* A scene: K operations, op k sampling texture tex[k] at pixel (x, y) with
 *   s = (x + 0.5) scale / W + dx[k] / W     (t alike), scale in texels a pixel. */
typedef struct scene {
    const char *name;
    uint32_t K;
    gx_tex_desc_t tex[GX_TEXQ_MAX_OPS];
    uint32_t scale;
    int32_t dx[GX_TEXQ_MAX_OPS], dy[GX_TEXQ_MAX_OPS];
} scene_t;

static int32_t coord_of(uint32_t p, uint32_t scale, int32_t d, uint32_t n)
{
    const int64_t texel2 = (int64_t)(2 * p + 1) * scale + 2 * d; /* twice the texel position */
    return (int32_t)((texel2 << GX_TEX_FBITS) / (2 * (int64_t)n));
}

/* A 128 x 128 frame of 64 tiles in the given order, one batch a tile (8 warps; warp w =
 * quad row w of the tile; quad q = quad column), the scheduler reserving as space allows;
 * the texture unit's stats out. */
static void run_frame(const scene_t *sc, uint32_t order, mem_t *m, gx_tex_stats_t *out,
                      uint64_t *clocks)
{
    static gx_tex_cache_t cache;
    gx_tex_cache_init(&cache, mem_read, m);
    const gx_texq_cfg_t cfg = {1024, order};
    gx_texq_init(&q, &cfg);
    unsigned next_tile = 0, done = 0, bad = 0;
    uint64_t c = 0;
    while (done < 64 && c < 1000000) {
        uint32_t id;
        if (next_tile < 64 && gx_texq_reserve(&q, 8, sc->K, &id) == GX_TEXQ_OK) {
            const uint32_t tx = 16 * (next_tile % 8), ty = 16 * (next_tile / 8);
            next_tile++;
            for (uint32_t w = 0; w < 8; w++)
                for (uint32_t k = 0; k < sc->K; k++) {
                    int32_t s[GX_TEXQ_LANES], t[GX_TEXQ_LANES];
                    for (uint32_t l = 0; l < GX_TEXQ_LANES; l++) {
                        const uint32_t x = tx + 2 * (l / 4) + (l & 1), y = ty + 2 * w + ((l >> 1) & 1);
                        s[l] = coord_of(x, sc->scale, sc->dx[k], sc->tex[k].width);
                        t[l] = coord_of(y, sc->scale, sc->dy[k], sc->tex[k].height);
                    }
                    bad += gx_texq_store(&q, id, w, k, 0, s) != GX_TEXQ_OK;
                    bad += gx_texq_store(&q, id, w, k, 1, t) != GX_TEXQ_OK;
                }
        }
        gx_texq_req_t r;
        if (gx_texq_clock(&q, 1, &r)) {
            uint8_t px[4][4];
            uint32_t rgba[4];
            bad += gx_tex_quad(&cache, &sc->tex[r.op], r.s, r.t, px, NULL) != GX_TEX_OK;
            for (unsigned i = 0; i < 4; i++)
                rgba[i] = px[i][0] | (uint32_t)px[i][1] << 8 | (uint32_t)px[i][2] << 16 |
                          (uint32_t)px[i][3] << 24;
            bad += gx_texq_result(&q, &r, rgba) != GX_TEXQ_OK;
        }
        c++;
        for (uint32_t b = 0; b < GX_TEXQ_MAX_BATCHES; b++)
            if (q.b[b].state == GX_TEXQ_B_RESULT) {
                const uint32_t K = q.b[b].ops;
                for (uint32_t w = 0; w < 8; w++)
                    for (uint32_t k = 0; k < K; k++) {
                        uint32_t o[GX_TEXQ_LANES];
                        bad += gx_texq_read(&q, b, w, k, o) != GX_TEXQ_OK;
                    }
                done++;
            }
    }
    CHECK(!bad && done == 64, "%s %s: frame ran (%u errors)", sc->name,
          order ? "TexTile" : "QuadTex", bad);
    CHECK(!q.st.slot_conflicts && !q.st.quad_conflicts && !q.st.clock_conflicts,
          "%s: no bank conflicts", sc->name);
    CHECK(q.st.issued == 64ull * 64 * sc->K, "%s: every quad drained once", sc->name);
    *out = cache.st;
    *clocks = c;
    printf("frame %-28s %-7s: read crossbar %llu clocks, %.1f values (of 32) a clock, "
           "%llu clocks ended by a conflict, buffer up to %u requests\n",
           sc->name, order ? "TexTile" : "QuadTex", (unsigned long long)q.st.read_clocks,
           (double)q.st.read_values / (double)q.st.read_clocks,
           (unsigned long long)q.st.read_conflict_stops, q.st.ibuf_max);
}

static void test_frames(void)
{
    /* three textures of 256 x 256 at 0, 256 KB, 512 KB */
    mem_t m;
    m.len = 3u << 18;
    m.bytes = malloc(m.len);
    if (!m.bytes)
        abort();
    for (uint64_t i = 0; i < m.len; i++)
        m.bytes[i] = (uint8_t)rnd64();
    gx_tex_desc_t d = {0, 256, 256, GX_TEX_BILINEAR, GX_TEX_WRAP, GX_TEX_WRAP};
    scene_t scenes[3];
    memset(scenes, 0, sizeof scenes);
    /* soft shadow: 4 taps of one texture around the pixel, minified 2x */
    scenes[0].name = "4 taps of one texture, 2:1";
    scenes[0].K = 4;
    scenes[0].scale = 2;
    for (unsigned k = 0; k < 4; k++) {
        scenes[0].tex[k] = d;
        scenes[0].dx[k] = (int32_t)(k & 1) * 3 - 1;
        scenes[0].dy[k] = (int32_t)(k >> 1) * 3 - 1;
    }
    /* three textures at 1:1, 256 KB apart: their set offsets (gx_tex's base hash) are
     * 0, 4 and 8, so each keeps its own sets and the orders tie; with one set index for
     * all three, QuadTex's three lines a set between two uses would thrash LRU */
    scenes[1].name = "3 textures, 1:1";
    scenes[1].K = 3;
    scenes[1].scale = 1;
    for (unsigned k = 0; k < 3; k++) {
        scenes[1].tex[k] = d;
        scenes[1].tex[k].base = (uint64_t)k << 18;
    }
    /* two textures at 1:1: the cache's two ways hold both */
    scenes[2] = scenes[1];
    scenes[2].name = "2 textures, 1:1";
    scenes[2].K = 2;
    for (unsigned s = 0; s < 3; s++) {
        gx_tex_stats_t st[2];
        uint64_t clk[2];
        for (uint32_t o = 0; o < 2; o++) {
            run_frame(&scenes[s], o, &m, &st[o], &clk[o]);
            printf("frame %-28s %-7s: %llu quads, %llu hits, %llu misses (hit rate %.1f%%), "
                   "%llu memory bytes, %llu clocks\n",
                   scenes[s].name, o ? "TexTile" : "QuadTex", (unsigned long long)st[o].quads,
                   (unsigned long long)st[o].hits, (unsigned long long)st[o].misses,
                   100.0 * (double)st[o].hits / (double)(st[o].hits + st[o].misses),
                   (unsigned long long)st[o].bytes, (unsigned long long)clk[o]);
        }
        CHECK(st[0].quads == st[1].quads, "%s: same quads", scenes[s].name);
        if (s == 0)
            CHECK(st[0].misses != st[1].misses, "%s: the orders differ in misses",
                  scenes[s].name);
        else
            CHECK(st[0].misses == st[1].misses && st[0].hits > 4 * st[0].misses,
                  "%s: the textures keep apart in the cache: the orders tie, over 80%% hits",
                  scenes[s].name);
    }
    free(m.bytes);
}

int main(void)
{
    check_seed("test_texq");
    test_layout();
    test_one_batch();
    test_ready_last_warp();
    test_full();
    test_orders();
    test_refused();
    test_quad_alias();
    test_random(30);
    test_frames();
    return check_summary();
}
