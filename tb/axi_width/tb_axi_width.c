/* tb_axi_width: cosimulation of gx_axi_width at DataW 32, 64, 128 and 256 (the four side
 * by side in gx_axi_width_sweep), each between a 64-bit master of gx_msmem's shape and the
 * AXI4 memory model at its width.
 *
 * State space covered, every run, at each width (sim/axi_width_drv.c plays the master):
 *  - directed: 200 writes of 32 beats, then 200 reads of 32 beats, no gaps, no stalls,
 *    memory latency 0: the narrow beats a clock measured and checked (one a clock, one
 *    every two clocks at DataW 32, the fill and the drain apart);
 *  - random: N bursts (default 16,000) in phases of 1000, each phase with its own master
 *    settings (gaps on AW, W, AR; BREADY / RREADY low or always high as gx_msmem's;
 *    reads among writes; strobes with holes; one-beat and 32-beat bursts; W offered
 *    before its AW) and memory settings (latency 0..8, READY low, response gaps, 1..8
 *    reads and writes outstanding, B and R in random relative order): start bytes at any
 *    byte of a 256-byte block, 1..32 beats.
 * Checked: every read byte for byte against the reference (the image a direct 64-bit
 * port leaves: the master's own writes in order; a read waits for the writes to its
 * block, as gx_msmem's do), RLAST on the narrow burst's last beat, OKAY responses; at each
 * phase's end the whole memory against the reference, byte for byte; the AXI4 rules on
 * both sides of each adapter (sim/axi_mon: hold rules, WLAST / RLAST at the length,
 * AxSIZE, INCR, no 4 KB crossing, WSTRB in the beat's lanes, order), both drained at
 * each phase's end; the memory model's own errors (range, size, WLAST, WSTRB); the RTL's
 * assertions every clock.
 * Functional coverage per width (at N >= the default a bin left empty fails the run):
 * unaligned starts (of the byte, and of the 8-byte lane in a wide beat, or at DataW 32
 * of the 4-byte half in an 8-byte beat), one-beat and
 * 32-beat bursts, wide W beats with partial strobes, W offered before its AW, and
 * back-pressure on each channel: AWREADY, WREADY, ARREADY, the wide RREADY (a wide beat
 * being unpacked), BREADY and RREADY of the narrow master.
 * Line, toggle and user coverage of the RTL go to build/coverage/gx_axi_width.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "axi_mem.h"
#include "axi_mon.h"
#include "axi_width_rtl.h"
#include "tb.h"

#define N_DEFAULT 16000u         /* random bursts per width */
#define PHASE 1000u              /* bursts a phase */
#define BASE 0x10000ull          /* the region: two 4 KB pages */
#define SIZE 0x2000u
#define DRAIN_CLOCKS 200000u     /* a phase's bursts are answered within this */
#define K GX_AXI_WIDTH_N

typedef struct cov {
    uint64_t lane_unaligned, partial, aw_bp, w_bp, ar_bp, r_unpack;
    uint64_t lo_unaligned, hi_unaligned, one_beat; /**< DataW 32: starts, one 4-byte beat */
} cov_t;

typedef struct bench {
    gx_axi_width_rtl_t *rtl;
    gx_axw_master_t mst[K];
    tb_axi_mem_t mem[K];
    axi_mon_t mon_n[K], mon_w[K];
    axi4_sig_t nar[K], wid[K];
    cov_t cv[K];
    uint64_t clk;
    uint64_t end[K];  /**< the clock of the phase's last response of instance k */
} bench_t;

/* The monitors and the coverage of instance k at a clock (gx_axw_clock's observer). */
static void observe(void *ctx, unsigned k)
{
    bench_t *b = ctx;
    const axi4_sig_t *w = &b->wid[k];
    const unsigned bytes = gx_axi_width_bytes(k);
    const uint32_t full = bytes == 32 ? 0xffffffffu : (1u << bytes) - 1;
    /* the address bits of a lane: of the 8-byte lane in a wide beat, or at DataW 32 of
     * the 4-byte half in an 8-byte beat */
    const uint64_t lane = bytes < 8 ? 4 : (bytes - 1) & ~7ull;
    cov_t *c = &b->cv[k];
    axi_mon_axi4_step(&b->mon_n[k], 0, &b->nar[k]);
    axi_mon_axi4_step(&b->mon_w[k], 0, w);
    c->lane_unaligned += (w->aw_valid && w->aw_ready && (w->aw_addr & lane)) ||
                         (w->ar_valid && w->ar_ready && (w->ar_addr & lane));
    /* DataW 32: unaligned starts in each 4-byte half; bursts of one 4-byte beat */
    const uint64_t aw_a = w->aw_valid && w->aw_ready ? w->aw_addr : 0;
    const uint64_t ar_a = w->ar_valid && w->ar_ready ? w->ar_addr : 0;
    c->lo_unaligned += (aw_a & 7) == 1 || (aw_a & 7) == 2 || (aw_a & 7) == 3 ||
                       (ar_a & 7) == 1 || (ar_a & 7) == 2 || (ar_a & 7) == 3;
    c->hi_unaligned += (aw_a & 7) > 4 || (ar_a & 7) > 4;
    c->one_beat += (w->aw_valid && w->aw_ready && w->aw_len == 0) ||
                   (w->ar_valid && w->ar_ready && w->ar_len == 0);
    c->partial += w->w_valid && w->w_ready && w->w_strb != full && w->w_strb != 0;
    c->aw_bp += w->aw_valid && !w->aw_ready;
    c->w_bp += w->w_valid && !w->w_ready;
    c->ar_bp += w->ar_valid && !w->ar_ready;
    c->r_unpack += w->r_valid && !w->r_ready;
}

static void clock(bench_t *b)
{
    gx_axw_clock(b->rtl, b->mst, b->mem, b->nar, b->wid, observe, b);
    b->clk++;
}

/* Run a phase of n bursts per width to its end; returns its clocks (0: not drained). */
static uint64_t phase(bench_t *b, const gx_axw_cfg_t *mc, const tb_axi_mem_cfg_t *sc,
                      uint64_t n, tb_report_t *rep)
{
    for (unsigned k = 0; k < K; k++) {
        gx_axw_master_phase(&b->mst[k], mc, n);
        tb_axi_mem_cfg_t c = *sc;
        c.data_bytes = gx_axi_width_bytes(k);
        b->mem[k].cfg = c;
        b->end[k] = 0;
    }
    const uint64_t c0 = b->clk;
    for (;;) {
        int done = 1;
        for (unsigned k = 0; k < K; k++) {
            if (!b->end[k] && gx_axw_master_done(&b->mst[k]) && tb_axi_mem_idle(&b->mem[k]))
                b->end[k] = b->clk;
            done &= b->end[k] != 0;
        }
        if (done)
            break;
        if (b->clk - c0 > DRAIN_CLOCKS) {
            tb_check(rep, 0, "phase at clock %" PRIu64 ": not drained in %u clocks", c0,
                     DRAIN_CLOCKS);
            return 0;
        }
        clock(b);
    }
    for (unsigned k = 0; k < K; k++) {
        const unsigned w = 8 * gx_axi_width_bytes(k);
        gx_axw_master_t *m = &b->mst[k];
        tb_check(rep, !m->first_err[0] && !m->cnt.bad_resp && !m->cnt.bad_last,
                 "DataW %u: %s (bad responses %" PRIu64 ", bad RLAST %" PRIu64 ")", w,
                 m->first_err, m->cnt.bad_resp, m->cnt.bad_last);
        tb_check(rep, memcmp(tb_axi_mem_bytes(&b->mem[k]), m->ref, SIZE) == 0,
                 "DataW %u: memory differs from the reference after the phase at clock %"
                 PRIu64, w, c0);
        tb_check(rep, axi_mon_ok(&b->mon_n[k]) && axi_mon_axi4_drained(&b->mon_n[k]),
                 "DataW %u: narrow side: %s %s at clock %" PRIu64 ": %s", w,
                 b->mon_n[k].first_rule ? b->mon_n[k].first_rule : "not drained",
                 b->mon_n[k].first_chan ? b->mon_n[k].first_chan : "",
                 b->mon_n[k].first_clk, b->mon_n[k].first_msg);
        tb_check(rep, axi_mon_ok(&b->mon_w[k]) && axi_mon_axi4_drained(&b->mon_w[k]),
                 "DataW %u: wide side: %s %s at clock %" PRIu64 ": %s", w,
                 b->mon_w[k].first_rule ? b->mon_w[k].first_rule : "not drained",
                 b->mon_w[k].first_chan ? b->mon_w[k].first_chan : "",
                 b->mon_w[k].first_clk, b->mon_w[k].first_msg);
        const char *e = tb_axi_mem_error(&b->mem[k]);
        tb_check(rep, !e, "DataW %u: memory model: %s", w, e ? e : "");
    }
    tb_check(rep, !gx_axi_width_rtl_failed(b->rtl), "an RTL assertion failed");
    return b->clk - c0;
}

static uint64_t simulate(const tb_opts_t *o, const char *fst, const char *cov, tb_report_t *rep)
{
    static bench_t b;
    memset(&b, 0, sizeof b);
    tb_rng_t gen, stall;
    tb_rng_seed(&gen, o->seed);
    tb_rng_seed_stalls(&stall, o);
    b.rtl = gx_axi_width_rtl_new(fst);
    const tb_axi_mem_cfg_t fast = {8, 0, 0, 0, 8, 8, 0};
    for (unsigned k = 0; k < K; k++) {
        gx_axw_master_init(&b.mst[k], BASE, SIZE, tb_rng_u64(&gen));
        tb_axi_mem_cfg_t c = fast;
        c.data_bytes = gx_axi_width_bytes(k);
        tb_axi_mem_init(&b.mem[k], BASE, SIZE, &c, tb_rng_u64(&stall));
        char name[32];
        snprintf(name, sizeof name, "narrow[%u]", k);
        axi_mon_axi4_init(&b.mon_n[k], name, 8, GX_AXW_MAX_WR + GX_AXW_MAX_RD, 1);
        snprintf(name, sizeof name, "wide[%u]", k);
        axi_mon_axi4_init(&b.mon_w[k], name, gx_axi_width_bytes(k), GX_AXW_MAX_WR + GX_AXW_MAX_RD, 1);
    }

    /* directed: 32-beat writes, then 32-beat reads, at full rate */
    for (int rd = 0; rd < 2; rd++) {
        const gx_axw_cfg_t mc = {0, 0, 100, rd ? 100u : 0u, 0, 0, 100, 0};
        uint64_t beats0[K];
        for (unsigned k = 0; k < K; k++)
            beats0[k] = b.mst[k].cnt.beats;
        const uint64_t c0 = b.clk;
        phase(&b, &mc, &fast, 200, rep);
        for (unsigned k = 0; k < K; k++) {
            const uint64_t beats = b.mst[k].cnt.beats - beats0[k], c = b.end[k] - c0;
            const unsigned w = 8 * gx_axi_width_bytes(k), per = w < 64 ? 2 : 1;
            printf("directed 32-beat %s, DataW %u: %" PRIu64 " narrow beats in %" PRIu64
                   " clocks\n", rd ? "reads" : "writes", w, beats, c);
            /* one beat a clock (one every two at 32 bits: a narrow beat is two DataW
             * beats): the beats plus the first burst's fill and the last's drain */
            tb_check(rep, b.end[k] && c <= per * beats + 16, "directed %s, DataW %u: %"
                     PRIu64 " beats in %" PRIu64 " clocks, not one every %u", rd ? "reads"
                     : "writes", w, beats, c, per);
        }
    }

    /* random phases */
    uint64_t clocks = 0;
    for (uint64_t done = 0; done < o->n && !rep->failed; done += PHASE) {
        static const unsigned gaps[] = {0, 10, 50}, readys[] = {0, 0, 20, 60};
        gx_axw_cfg_t mc = {gaps[tb_rng_below(&gen, 3)], readys[tb_rng_below(&gen, 4)],
                           tb_rng_pct(&gen, 50) ? 100u : 30u, tb_rng_below(&gen, 80),
                           tb_rng_pct(&gen, 50) ? 30u : 0u, 10, 10, tb_rng_pct(&gen, 50)};
        tb_stall_t st = tb_stall_pick(&stall);
        tb_axi_mem_cfg_t sc = {8, tb_rng_below(&stall, 9), st.stall_pct, st.gap_pct,
                               1 + tb_rng_below(&stall, 8), 1 + tb_rng_below(&stall, 8),
                               tb_rng_pct(&stall, 50)};
        const uint64_t n = o->n - done < PHASE ? o->n - done : PHASE;
        clocks += phase(&b, &mc, &sc, n, rep);
    }
    printf("random: %" PRIu64 " clocks\n", clocks);

    for (unsigned k = 0; k < K; k++) {
        const gx_axw_cnt_t *m = &b.mst[k].cnt;
        const cov_t *c = &b.cv[k];
        const unsigned w = 8 * gx_axi_width_bytes(k);
        printf("DataW %u: %" PRIu64 " writes, %" PRIu64 " reads, %" PRIu64 " narrow beats, %"
               PRIu64 " read bytes compared\n", w, m->writes, m->reads, m->beats, m->compared);
        /* only: 0 every width, 1 all but 64 (wires), 2 only 32 (the downsizer) */
        struct { const char *name; uint64_t n; int only; } bins[] = {
            {"unaligned start byte", m->unaligned, 0}, {"unaligned start lane", c->lane_unaligned, 1},
            {"unaligned start, lower half", c->lo_unaligned, 2},
            {"unaligned start, upper half", c->hi_unaligned, 2},
            {"one 4-byte beat burst", c->one_beat, 2},
            {"one-beat burst", m->single, 0}, {"32-beat burst", m->full, 0},
            {"wide W beat, partial strobes", c->partial, 0}, {"W before its AW", m->w_early, 0},
            {"AWREADY low", c->aw_bp, 0}, {"WREADY low", c->w_bp, 0}, {"ARREADY low", c->ar_bp, 0},
            {"wide RREADY low", c->r_unpack, 0}, {"BREADY low", m->b_wait, 0},
            {"RREADY low", m->r_wait, 0}};
        for (unsigned i = 0; i < sizeof bins / sizeof bins[0]; i++) {
            if ((bins[i].only == 1 && k == GX_AXI_WIDTH_K64) || (bins[i].only == 2 && k != 0))
                continue;
            printf("coverage DataW %3u %-30s %" PRIu64 "\n", w, bins[i].name, bins[i].n);
            if (o->n >= N_DEFAULT)
                tb_check(rep, bins[i].n > 0, "coverage bin empty: DataW %u, %s", w,
                         bins[i].name);
        }
    }
    for (unsigned k = 0; k < K; k++) {
        gx_axw_master_free(&b.mst[k]);
        tb_axi_mem_free(&b.mem[k]);
    }
    gx_axi_width_rtl_free(b.rtl, cov);
    return rep->failed;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_axi_width", N_DEFAULT);
    printf("tb_axi_width: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    char cov_path[4096], fst_path[4096];
    tb_out_paths(&o, "gx_axi_width", cov_path, sizeof cov_path, fst_path, sizeof fst_path);
    tb_report_t rep = {0};
    uint64_t failed = simulate(&o, o.waves ? fst_path : NULL, cov_path, &rep);
    if (failed && !o.waves) {
        /* Same seed, same stalls: replay with a waveform. */
        printf("tb_axi_width: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, fst_path);
        tb_report_t rep2 = {0};
        rep2.shown = TB_MAX_SHOWN;
        simulate(&o, fst_path, NULL, &rep2);
    }
    return tb_summary(&rep);
}
