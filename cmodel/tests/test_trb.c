/* test_trb: the texture return buffer's model (gx/trb.h).
 *  - Directed: configurations refused; arrival, read, last-use release; the free list's
 *    order by hand; refusals (unknown id, a value twice, a read before arrival); spill
 *    when full, full refusal changing nothing, refill by swap with the oldest entry,
 *    last-use read from the spill buffer.
 *  - Random: buffers of 1..64 entries and 0..64 spill entries, values arriving for
 *    random identifiers and read (with and without last use) in random order, against a
 *    map of id -> value; gx_trb_check after every transaction; every value read back
 *    equal; every refusal the right one.
 *  - The seed's claim: the warp-scheduler stand-in's traces at several latencies,
 *    contexts and ALU gaps; the peak storage of reserve-at-issue against the TRB (printed);
 *    the trace replayed through the TRB with the TRB's peak entries and no spill (never
 *    full: equal throughput), with one entry fewer (full without spill; with spill it
 *    completes and spills).
 */
#include <string.h>

#include "check.h"
#include "gx/trb.h"

static gx_trb_t t, t2;

static void val(uint32_t id, uint32_t salt, uint32_t v[GX_TRB_LANES])
{
    for (uint32_t l = 0; l < GX_TRB_LANES; l++)
        v[l] = id * 0x10001u + l * 0x01000193u + salt;
}

static int same(const uint32_t *a, const uint32_t *b)
{
    return !memcmp(a, b, GX_TRB_ENTRY_BYTES);
}

static void test_directed(void)
{
    const gx_trb_cfg_t bad[4] = {{0, 0, 8}, {257, 0, 8}, {4, 1025, 8}, {4, 0, 0}};
    unsigned nbad = 0;
    for (unsigned i = 0; i < 4; i++)
        nbad += gx_trb_init(&t, &bad[i]) == GX_TRB_ECFG;
    CHECK(nbad == 4, "configurations refused");
    const gx_trb_cfg_t cfg = {4, 0, 16};
    CHECK(gx_trb_init(&t, &cfg) == GX_TRB_OK && gx_trb_check(&t) == GX_TRB_OK, "init");
    uint32_t v[GX_TRB_LANES], o[GX_TRB_LANES];
    CHECK(gx_trb_read(&t, 3, 1, o) == GX_TRB_ENOVAL, "read before arrival");
    for (uint32_t id = 10; id < 13; id++) {
        val(id, 0, v);
        CHECK(gx_trb_write(&t, id, v) == GX_TRB_OK, "arrival %u", id);
    }
    CHECK(t.tim[10].entry == 0 && t.tim[11].entry == 1 && t.tim[12].entry == 2,
          "entries from the free list's head in order");
    CHECK(gx_trb_write(&t, 11, v) == GX_TRB_ETWICE, "a second value for an id");
    CHECK(gx_trb_write(&t, 16, v) == GX_TRB_EID && gx_trb_read(&t, 16, 0, o) == GX_TRB_EID,
          "id out of range");
    val(11, 0, v);
    CHECK(gx_trb_read(&t, 11, 0, o) == GX_TRB_OK && same(o, v) && gx_trb_held(&t) == 3,
          "read without last use keeps it");
    CHECK(gx_trb_read(&t, 11, 1, o) == GX_TRB_OK && same(o, v) && gx_trb_held(&t) == 2,
          "last use releases");
    CHECK(gx_trb_read(&t, 11, 1, o) == GX_TRB_ENOVAL, "released: no value");
    /* free list now 3, 1 */
    val(1, 0, v);
    gx_trb_write(&t, 1, v);
    val(2, 0, v);
    gx_trb_write(&t, 2, v);
    CHECK(t.tim[1].entry == 3 && t.tim[2].entry == 1, "released entry at the tail");
    CHECK(gx_trb_write(&t, 3, v) == GX_TRB_EFULL, "full, no spill: refused");
    CHECK(gx_trb_check(&t) == GX_TRB_OK, "conservation");

    /* spill */
    const gx_trb_cfg_t sp = {2, 2, 16};
    gx_trb_init(&t, &sp);
    for (uint32_t id = 0; id < 4; id++) {
        val(id, 7, v);
        CHECK(gx_trb_write(&t, id, v) == GX_TRB_OK, "arrival %u", id);
    }
    CHECK(t.tim[2].where == GX_TRB_SPILLED && t.tim[3].where == GX_TRB_SPILLED &&
              t.st.spills == 2 && t.st.mem_bytes == 256,
          "ids 2, 3 spilled (256 bytes written)");
    memcpy(&t2, &t, sizeof t);
    val(4, 7, v);
    CHECK(gx_trb_write(&t, 4, v) == GX_TRB_EFULL, "buffer and spill full: refused");
    t2.st.full++;
    CHECK(!memcmp(&t, &t2, sizeof t), "a refusal changes nothing but its count");
    val(3, 7, v);
    CHECK(gx_trb_read(&t, 3, 0, o) == GX_TRB_OK && same(o, v), "spilled value read");
    CHECK(t.tim[3].where == GX_TRB_HERE && t.tim[3].entry == 0 &&
              t.tim[0].where == GX_TRB_SPILLED && t.tim[0].entry == 1,
          "refill swapped with id 0, the oldest: entry 0 <-> spill entry 1");
    val(0, 7, v);
    CHECK(gx_trb_read(&t, 0, 1, o) == GX_TRB_OK && same(o, v) && gx_trb_spilled(&t) == 1,
          "last use from the spill buffer frees its spill entry");
    CHECK(t.st.mem_bytes == 128 * 5, "5 transfers of 128 bytes (%llu)",
          (unsigned long long)t.st.mem_bytes);
    CHECK(gx_trb_check(&t) == GX_TRB_OK, "conservation");
    /* the check sees a lost and a doubled entry */
    memcpy(&t2, &t, sizeof t);
    t2.tim[1].where = GX_TRB_NONE;
    CHECK(gx_trb_check(&t2) == GX_TRB_EINV, "a lost entry caught");
    memcpy(&t2, &t, sizeof t);
    t2.tim[5].where = GX_TRB_HERE;
    t2.tim[5].entry = t.tim[1].entry;
    CHECK(gx_trb_check(&t2) == GX_TRB_EINV, "an entry held twice caught");
}

static void test_random(unsigned runs)
{
    static uint32_t ref[GX_TRB_MAX_IDS][GX_TRB_LANES];
    static uint8_t has[GX_TRB_MAX_IDS];
    unsigned inv = 0, wrong = 0;
    uint64_t spills = 0, refills = 0, fulls = 0, reads = 0;
    for (unsigned r = 0; r < runs; r++) {
        const gx_trb_cfg_t cfg = {1 + rnd(64), rnd(65), 8 + rnd(249)};
        gx_trb_init(&t, &cfg);
        memset(has, 0, sizeof has);
        for (unsigned step = 0; step < 3000; step++) {
            const uint32_t id = rnd(cfg.ids + 2); /* some out of range */
            uint32_t o[GX_TRB_LANES];
            if (rnd(2)) {
                uint32_t v[GX_TRB_LANES];
                val(id, (uint32_t)rnd64(), v);
                const uint32_t room = cfg.entries + cfg.spill - gx_trb_held(&t) - gx_trb_spilled(&t);
                const gx_trb_err_t e = gx_trb_write(&t, id, v);
                const gx_trb_err_t want = id >= cfg.ids ? GX_TRB_EID
                                          : has[id]     ? GX_TRB_ETWICE
                                          : !room       ? GX_TRB_EFULL
                                                        : GX_TRB_OK;
                wrong += e != want;
                if (e == GX_TRB_OK) {
                    memcpy(ref[id], v, sizeof v);
                    has[id] = 1;
                }
            } else {
                const int last = rnd(3) != 0;
                const gx_trb_err_t e = gx_trb_read(&t, id, last, o);
                const gx_trb_err_t want = id >= cfg.ids ? GX_TRB_EID
                                          : !has[id]    ? GX_TRB_ENOVAL
                                                        : GX_TRB_OK;
                wrong += e != want;
                if (e == GX_TRB_OK) {
                    wrong += !same(o, ref[id]);
                    has[id] = (uint8_t)!last;
                    reads++;
                }
            }
            inv += gx_trb_check(&t) != GX_TRB_OK;
        }
        /* drain: every value comes back */
        for (uint32_t id = 0; id < cfg.ids; id++) {
            uint32_t o[GX_TRB_LANES];
            if (has[id])
                wrong += gx_trb_read(&t, id, 1, o) != GX_TRB_OK || !same(o, ref[id]);
        }
        wrong += gx_trb_held(&t) || gx_trb_spilled(&t) || gx_trb_check(&t) != GX_TRB_OK;
        spills += t.st.spills;
        refills += t.st.refills;
        fulls += t.st.full;
    }
    CHECK(!inv, "random: %u conservation failures", inv);
    CHECK(!wrong, "random: %u wrong answers or values", wrong);
    CHECK(spills && refills && fulls, "random: spills, refills and full refusals happen");
    printf("random: %u runs, %llu reads, %llu spills, %llu refills, %llu full refusals\n", runs,
           (unsigned long long)reads, (unsigned long long)spills, (unsigned long long)refills,
           (unsigned long long)fulls);
}

/* Replay a trace through a TRB of `entries` entries and `spill` spill entries: at each
 * clock arrivals first, then reads (last use); identifier i for operation i. Returns 1
 * when no arrival was refused; *spilled the spill count. */
static uint32_t by_arrive[2048], by_use[2048];
static const gx_trb_life_t *sort_ops;

static int cmp_arrive(const void *a, const void *b)
{
    const uint32_t x = sort_ops[*(const uint32_t *)a].arrive, y = sort_ops[*(const uint32_t *)b].arrive;
    return x < y ? -1 : x > y;
}

static int cmp_use(const void *a, const void *b)
{
    const uint32_t x = sort_ops[*(const uint32_t *)a].use, y = sort_ops[*(const uint32_t *)b].use;
    return x < y ? -1 : x > y;
}

static int replay(const gx_trb_life_t *ops, uint32_t n, uint32_t entries, uint32_t spill,
                  uint64_t *spilled, unsigned *bad)
{
    const gx_trb_cfg_t cfg = {entries, spill, n};
    gx_trb_init(&t, &cfg);
    for (uint32_t i = 0; i < n; i++)
        by_arrive[i] = by_use[i] = i;
    sort_ops = ops;
    qsort(by_arrive, n, sizeof by_arrive[0], cmp_arrive);
    qsort(by_use, n, sizeof by_use[0], cmp_use);
    int ok = 1;
    uint32_t ia = 0, iu = 0;
    while (iu < n) {
        const uint32_t c = ia < n && ops[by_arrive[ia]].arrive <= ops[by_use[iu]].use
                               ? ops[by_arrive[ia]].arrive
                               : ops[by_use[iu]].use;
        for (; ia < n && ops[by_arrive[ia]].arrive == c; ia++) {
            uint32_t v[GX_TRB_LANES];
            val(by_arrive[ia], 1, v);
            const gx_trb_err_t e = gx_trb_write(&t, by_arrive[ia], v);
            ok &= e == GX_TRB_OK;
            *bad += e != GX_TRB_OK && e != GX_TRB_EFULL;
        }
        for (; iu < n && ops[by_use[iu]].use == c; iu++) {
            uint32_t v[GX_TRB_LANES], o[GX_TRB_LANES];
            val(by_use[iu], 1, v);
            const gx_trb_err_t e = gx_trb_read(&t, by_use[iu], 1, o);
            if (ok)
                *bad += e != GX_TRB_OK || !same(o, v);
        }
        *bad += gx_trb_check(&t) != GX_TRB_OK;
    }
    *spilled = t.st.spills;
    return ok;
}

static void test_claim(void)
{
    static const gx_trb_pattern_t pats[] = {
        /* contexts, warps, ops, tex clocks, latency, alu */
        {8, 128, 4, 8, 100, 4},
        {8, 128, 4, 8, 400, 4},
        {16, 128, 4, 8, 400, 4},
        {16, 128, 4, 8, 400, 16},
        {32, 256, 2, 8, 400, 8},
        {16, 128, 8, 8, 200, 8},
    };
    static gx_trb_life_t ops[256 * 8];
    for (unsigned i = 0; i < sizeof pats / sizeof pats[0]; i++) {
        const gx_trb_pattern_t *p = &pats[i];
        const uint32_t n = p->warps * p->ops;
        const uint32_t end = gx_trb_run_pattern(p, ops);
        unsigned order = 0;
        for (uint32_t j = 0; j < n; j++)
            order += !(ops[j].issue <= ops[j].arrive && ops[j].arrive <= ops[j].use &&
                       ops[j].use < end);
        CHECK(end && !order, "pattern %u: ran, issue <= arrive <= use < end", i);
        uint32_t at_issue, at_arrival;
        gx_trb_peaks(ops, n, &at_issue, &at_arrival);
        unsigned bad = 0;
        uint64_t spilled = 0, spilled2 = 0;
        const int fits = replay(ops, n, at_arrival, 0, &spilled, &bad);
        const int fits_less = at_arrival > 1 && replay(ops, n, at_arrival - 1, 0, &spilled, &bad);
        const int spill_ok = at_arrival > 1 && replay(ops, n, at_arrival - 1, n, &spilled2, &bad);
        /* one entry is the least a buffer has: then there is no "one fewer" */
        CHECK(fits && (at_arrival == 1 || (!fits_less && spill_ok && spilled2 > 0)) && !bad,
              "pattern %u: %u entries suffice, %u need the spill (%llu spills), %u errors", i,
              at_arrival, at_arrival - 1, (unsigned long long)spilled2, bad);
        CHECK(at_arrival <= at_issue, "pattern %u: the TRB never needs more", i);
        printf("pattern contexts %2u ops %u latency %3u alu %2u: %u clocks (%.2f clocks a "
               "warp-op), reserve-at-issue %3u entries, TRB %3u entries (%.0f%%)\n",
               p->contexts, p->ops, p->latency, p->alu, end, (double)end / n, at_issue,
               at_arrival, 100.0 * at_arrival / at_issue);
    }
    /* a hand-sized trace: two ops, the second issued as the first is read */
    const gx_trb_life_t two[2] = {{0, 10, 12, 0, 0}, {12, 20, 21, 0, 1}};
    uint32_t a, b;
    gx_trb_peaks(two, 2, &a, &b);
    CHECK(a == 2 && b == 1, "peaks by hand: [0,12] and [12,21] overlap at 12 (%u), "
                            "[10,12] and [20,21] do not (%u)", a, b);
}

int main(void)
{
    check_seed("test_trb");
    test_directed();
    test_random(40);
    test_claim();
    return check_summary();
}
