/* tb_pipe: cosimulation of gx_pipe (RTL, the whole pipeline) against the chained C model
 * gx_pipe_t (cmodel/src/pipe.c).
 *
 * Each run draws a configuration (W, H up to 72, N = 2..16, B = 4, 8, 16, a merge
 * threshold now and then, conservative mode with an error term now and then, the three
 * regions at random 256-byte aligned bases in random order) and a command stream of N
 * commands (default below): triangles with colors from a small palette (so pixels merge
 * into 1SPP and subset tiles) and vertices around and beyond the target, pattern-table
 * writes, loads of random samples, flushes, and bad packets (random beats, a wrong
 * TKEEP, a wrong length); the stream ends with a flush. The host (sim/pipe_host.c) writes
 * the registers over s_axil, sends the beats on s_cmd, takes m_ld and serves m_axi from
 * the AXI4 memory model with random latency, ready, gaps and read/write interleaving, and
 * the protocol monitors of all four interfaces check every clock; random gaps and
 * back-pressure on every host-side handshake. The model takes the same beats.
 *
 * Checked per run: every load-response beat; every write burst on m_axi (address, length,
 * strobed bytes) against the model's write ranges in order; after the closing flush,
 * memory equal to the model's image byte for byte over the three regions; the 11
 * counters the model keeps and STATUS.CMD_ERR read over s_axil; the RTL's own assertions
 * every clock; no protocol violation and no memory-model error.
 * Functional coverage (fails when a bin is empty at the default N): every N (1x too) and B, every
 * flush cause, loads answered, bad packets, pattern writes, conservative runs, merge
 * thresholds, packets written in every state. Line and user coverage of the whole
 * hierarchy go to OUT/coverage-pipe/ (a file a run; `scripts/cov_report.py` merges them),
 * apart from the blocks' own cosimulations' coverage in OUT/coverage/.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/msmem.h"
#include "gx/pipe.h"
#include "gx/pipe_cmd.h"
#include "pipe_host.h"
#include "tb.h"

#define N_DEFAULT 600u /* commands over all runs */
#define RUNS 15u /* every N (1x too) with every B */

typedef struct wlog {
    uint64_t *addr;
    unsigned *len, *bytes;
    size_t n, cap;
    uint64_t enc[3];  /* packets written in each state */
    unsigned beat_shift; /* log2 of m_axi's data bytes */
} wlog_t;

/* The model's write ranges, each one AXI burst of beats of 2^beat_shift bytes (m_axi's
 * data width: gx_msmem's 8 bytes, or gx_axi_width's 4, 16 or 32): from the range's first
 * byte to the end of gx_msmem's last 8-byte beat (at 4-byte beats the last 8-byte beat is
 * two, the upper with strobes 0 when the range ends in its lower half: the downsizer
 * sees only the 8-byte AWLEN; at 8 bytes and more the rounding changes nothing). */
static void on_op(void *ctx, const gx_pipe_mem_op_t *op)
{
    wlog_t *w = ctx;
    if (!op->write)
        return;
    if ((unsigned)op->enc < 3)
        w->enc[op->enc]++;
    for (unsigned i = 0; i < op->io.n; i++) {
        if (w->n == w->cap) {
            w->cap = w->cap ? 2 * w->cap : 256;
            w->addr = realloc(w->addr, w->cap * sizeof *w->addr);
            w->len = realloc(w->len, w->cap * sizeof *w->len);
            w->bytes = realloc(w->bytes, w->cap * sizeof *w->bytes);
            if (!w->addr || !w->len || !w->bytes) {
                fprintf(stderr, "tb_pipe: out of memory\n");
                exit(2);
            }
        }
        uint64_t a = op->io.r[i].addr, e = a + op->io.r[i].len;
        w->addr[w->n] = a;
        const uint64_t e8 = (e + 7) & ~7ull;
        w->len[w->n] = (unsigned)(((e8 - 1) >> w->beat_shift) - (a >> w->beat_shift));
        w->bytes[w->n] = op->io.r[i].len;
        w->n++;
    }
}

typedef struct cov {
    uint64_t spp[5], bps[3], cause[4], loads, bad, pattern, cons, enc[3], thr;
} cov_t;

static int32_t coord(tb_rng_t *r, unsigned size)
{
    /* 16.8 fixed point, from a quarter of the target before it to a quarter beyond */
    int32_t lo = -(int32_t)(size * 64u), span = (int32_t)(size * 256u * 3u / 2u);
    return lo + (int32_t)tb_rng_below(r, (uint32_t)span + 1u);
}

/* A triangle's vertices: mostly small (within 6 pixels of a point of the target: a few
 * tiles, so the slots see conflicts and evictions), now and then medium (a quarter of
 * the target), rarely anywhere around and beyond the target. */
static void rnd_tri(tb_rng_t *r, const gx_pipe_cfg_t *c, gx_pipe_cmd_t *cmd)
{
    unsigned k = tb_rng_below(r, 100);
    int32_t cx = coord(r, c->width), cy = coord(r, c->height);
    int32_t ext = k < 70 ? 6 * 256 : k < 95 ? (int32_t)(c->width + c->height) * 64 : 0;
    for (unsigned v = 0; v < 3; v++) {
        if (ext) {
            cmd->x[v] = cx - ext + (int32_t)tb_rng_below(r, 2u * (uint32_t)ext + 1u);
            cmd->y[v] = cy - ext + (int32_t)tb_rng_below(r, 2u * (uint32_t)ext + 1u);
        } else {
            cmd->x[v] = coord(r, c->width);
            cmd->y[v] = coord(r, c->height);
        }
    }
}

/* One random command's beats into b (at most GX_PIPE_CMD_MAX_BEATS + 2); returns the
 * count. */
static unsigned rnd_packet(tb_rng_t *r, const gx_pipe_cfg_t *c, const uint8_t pal[4][16],
                           gx_pipe_beat_t *b, cov_t *cov)
{
    gx_pipe_cmd_t cmd;
    memset(&cmd, 0, sizeof cmd);
    unsigned k = tb_rng_below(r, 100);
    if (k < 3) {
        /* a bad packet: random beats, the last with TLAST */
        unsigned n = 1 + tb_rng_below(r, 7);
        for (unsigned i = 0; i < n; i++) {
            b[i].data = tb_rng_u64(r);
            b[i].keep = tb_rng_pct(r, 80) ? 0xff : (uint8_t)tb_rng_u32(r);
            b[i].last = i + 1 == n;
        }
        cov->bad++;
        return n;
    }
    if (k < 6) {
        cmd.kind = GX_CMDPATTERN;
        for (unsigned i = 0; i < 16; i++)
            cmd.data[i] = (uint8_t)tb_rng_u32(r);
        cov->pattern++;
    } else if (k < 11) {
        cmd.kind = GX_CMDLOAD;
        cmd.lx = (uint16_t)tb_rng_below(r, c->width);
        cmd.ly = (uint16_t)tb_rng_below(r, c->height);
        cmd.sample = (uint8_t)tb_rng_below(r, 1u << c->samples);
        cov->loads++;
    } else if (k < 13) {
        cmd.kind = GX_CMDFLUSH;
    } else {
        cmd.kind = GX_CMDTRIANGLE;
        rnd_tri(r, c, &cmd);
        memcpy(cmd.data, pal[tb_rng_below(r, 4)], 16);
    }
    return gx_pipe_cmd_encode(&cmd, (gx_bps_t)c->bps, b);
}

static void rnd_cfg(tb_rng_t *r, gx_pipe_cfg_t *c, unsigned run, cov_t *cov)
{
    unsigned samples = run % 5, bps = (run / 5) % 3; /* 0: 1x, on a 2x surface */
    gx_pipe_cfg_default(c, (uint16_t)(1 + tb_rng_below(r, 72)),
                        (uint16_t)(1 + tb_rng_below(r, 72)), (uint8_t)samples, (uint8_t)bps);
    if (tb_rng_pct(r, 25)) {
        c->threshold = (uint8_t)(1 + tb_rng_below(r, 8));
        cov->thr++;
    }
    if (tb_rng_pct(r, 30)) {
        c->conservative = 1;
        c->cons_err = (uint8_t)tb_rng_below(r, 256);
        cov->cons++;
    }
    /* the regions in a random order at random gaps */
    gx_ms_cfg_t ms;
    gx_pipe_ms_cfg(c, &ms);
    uint64_t tiles = gx_mssurf_tiles(&ms);
    uint64_t size[3] = {tiles * 256u, tiles * 32u, tiles};
    uint64_t *base[3] = {&c->surf_base, &c->index_base, &c->state_base};
    unsigned order[3] = {0, 1, 2};
    for (unsigned i = 2; i > 0; i--) {
        unsigned j = tb_rng_below(r, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    uint64_t at = 0x10000ull * (1 + tb_rng_below(r, 16));
    for (unsigned i = 0; i < 3; i++) {
        *base[order[i]] = at;
        at += (size[order[i]] + 255u) / 256u * 256u + 256u * tb_rng_below(r, 17);
    }
    cov->spp[samples]++;
    cov->bps[bps]++;
}

static void one_run(tb_rng_t *r, tb_rng_t *stall, unsigned run, unsigned ncmd, const char *fst,
                    const char *covf, tb_report_t *rep, cov_t *cov)
{
    gx_pipe_cfg_t c;
    rnd_cfg(r, &c, run, cov);
    gx_pipe_t model;
    if (gx_pipe_init(&model, &c) != GX_PIPE_INIT_OK) {
        tb_check(rep, 0, "run %u: the model refused the configuration: %s", run,
                 gx_pipe_cfg_check(&c));
        gx_pipe_free(&model);
        return;
    }
    wlog_t wl = {0};
    gx_pipe_set_mem_hook(&model, on_op, &wl);

    gx_pipe_host_opt_t opt;
    memset(&opt, 0, sizeof opt);
    opt.seed = tb_rng_u64(stall);
    unsigned prof = run % 3;  /* 0: no stalls; 1: some; 2: heavy */
    opt.gap_pct = prof ? 10u * prof : 0;
    opt.stall_pct = prof ? 15u * prof : 0;
    opt.mem.data_bytes = 8;
    opt.mem.max_lat = prof ? 4u * prof : 0;
    opt.mem.ready_pct = prof ? 15u * prof : 0;
    opt.mem.gap_pct = prof ? 10u * prof : 0;
    opt.mem.max_reads = 1 + tb_rng_below(stall, 4);
    opt.mem.max_writes = 1 + tb_rng_below(stall, 8);
    opt.mem.interleave = prof == 2;
    opt.fst = fst;
    opt.cov = covf;
    gx_pipe_host_t *h = gx_pipe_host_new(&c, &opt);
    if (!h || gx_pipe_host_start(h)) {
        tb_check(rep, 0, "run %u: the host did not start: %s", run,
                 h ? gx_pipe_host_error(h) : "out of memory");
        gx_pipe_host_free(h);
        gx_pipe_free(&model);
        return;
    }
    for (wl.beat_shift = 0; (1u << wl.beat_shift) < gx_pipe_host_mem(h)->cfg.data_bytes;)
        wl.beat_shift++;

    /* the stream: the model takes each beat, the host queues it */
    uint8_t pal[4][16];
    for (unsigned i = 0; i < 4; i++)
        for (unsigned j = 0; j < 16; j++)
            pal[i][j] = (uint8_t)tb_rng_u32(r);
    gx_pipe_beat_t b[GX_PIPE_CMD_MAX_BEATS + 8];
    for (unsigned i = 0; i <= ncmd; i++) {
        unsigned n;
        if (i == ncmd) {
            gx_pipe_cmd_t fl;
            memset(&fl, 0, sizeof fl);
            fl.kind = GX_CMDFLUSH;
            n = gx_pipe_cmd_encode(&fl, (gx_bps_t)c.bps, b);
        } else {
            n = rnd_packet(r, &c, pal, b, cov);
        }
        for (unsigned j = 0; j < n; j++)
            if (gx_pipe_beat(&model, &b[j]) != 1)
                tb_check(rep, 0, "run %u: the model did not take a beat", run);
        if (gx_pipe_host_send(h, b, n)) {
            tb_check(rep, 0, "run %u: out of memory", run);
            break;
        }
    }
    int d = gx_pipe_host_drain(h, 2000000);
    tb_check(rep, d == 0, "run %u: gx_pipe did not drain (%s)", run,
             d > 0 ? "clock limit" : gx_pipe_host_error(h));

    /* load responses */
    size_t nld;
    const gx_pipe_beat_t *ld = gx_pipe_host_ld(h, &nld);
    tb_check(rep, nld == gx_pipe_ld_count(&model), "run %u: %zu load beats, model %zu", run,
             nld, gx_pipe_ld_count(&model));
    for (size_t i = 0; i < nld; i++) {
        gx_pipe_beat_t e;
        if (!gx_pipe_ld_take(&model, &e))
            break;
        tb_check(rep, e.data == ld[i].data && e.last == ld[i].last,
                 "run %u: load beat %zu: %016" PRIx64 "%s, model %016" PRIx64 "%s", run, i,
                 ld[i].data, ld[i].last ? " last" : "", e.data, e.last ? " last" : "");
    }

    /* write bursts */
    size_t naw;
    const gx_pipe_host_aw_t *aw = gx_pipe_host_aw(h, &naw);
    tb_check(rep, naw == wl.n, "run %u: %zu write bursts, model %zu", run, naw, wl.n);
    for (size_t i = 0; i < naw && i < wl.n; i++)
        tb_check(rep, aw[i].addr == wl.addr[i] && aw[i].len == wl.len[i] &&
                          aw[i].strobed == wl.bytes[i],
                 "run %u: write burst %zu: 0x%" PRIx64 " len %u, %u bytes; model 0x%" PRIx64
                 " len %u, %u bytes", run, i, aw[i].addr, aw[i].len, aw[i].strobed,
                 wl.addr[i], wl.len[i], wl.bytes[i]);

    /* memory */
    tb_axi_mem_t *mem = gx_pipe_host_mem(h);
    uint64_t first = 0;
    uint64_t diff = gx_msmem_compare(&model.mem, tb_axi_mem_bytes(mem),
                                     gx_pipe_host_mem_base(h), mem->size, &first);
    char what[160] = "";
    if (diff)
        gx_msmem_describe(&model.mem, first, what, sizeof what);
    tb_check(rep, diff == 0, "run %u: memory differs in %" PRIu64 " bytes, first at 0x%" PRIx64
             " (%s)", run, diff, first, what);

    /* counters and status */
    uint64_t cnt[21];
    if (gx_pipe_host_counters(h, cnt) == 0) {
        for (unsigned i = 0; i < GX_PIPE_CNT_MODELLED; i++) {
            uint32_t lo, hi;
            gx_pipe_cnt_read(&model, 8 * i, &lo);
            gx_pipe_cnt_read(&model, 8 * i + 4, &hi);
            uint64_t m = (uint64_t)hi << 32 | lo;
            tb_check(rep, cnt[i] == m, "run %u: counter %u: %" PRIu64 ", model %" PRIu64, run,
                     i, cnt[i], m);
        }
        uint32_t st = 0;
        gx_pipe_host_reg_read(h, 0x08, &st);
        tb_check(rep, (st & GX_PIPE_STATUS_CMD_ERR) == (gx_pipe_status(&model) &
                                                        GX_PIPE_STATUS_CMD_ERR),
                 "run %u: STATUS 0x%x, model 0x%x", run, st, gx_pipe_status(&model));
    }
    tb_check(rep, gx_pipe_host_error(h) == NULL, "run %u: %s", run,
             gx_pipe_host_error(h) ? gx_pipe_host_error(h) : "");
    for (unsigned i = 0; i < 4; i++)
        cov->cause[i] += model.cnt.flush[i];
    for (unsigned i = 0; i < 3; i++)
        cov->enc[i] += wl.enc[i];
    printf("tb_pipe: run %u: %ux%u N=%u B=%u cons=%u T=%u: %u commands, %" PRIu64
           " clocks, %zu write bursts, %zu load beats\n",
           run, c.width, c.height, 1u << c.samples, 4u << c.bps, c.conservative, c.threshold,
           ncmd, gx_pipe_host_clocks(h), naw, nld);
    gx_pipe_host_free(h);
    gx_pipe_free(&model);
    free(wl.addr);
    free(wl.len);
    free(wl.bytes);
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_pipe", N_DEFAULT);
    char cov_path[4096], fst_path[4096], cov_dir[3072];
    tb_out_paths(&o, "gx_pipe", cov_path, sizeof cov_path, fst_path, sizeof fst_path);
    /* the pipeline's coverage apart from the blocks' (their covers are their own
     * testbenches' to reach): OUT/coverage-pipe/gx_pipe_r<run>.dat */
    snprintf(cov_dir, sizeof cov_dir, "%s/coverage-pipe", o.outdir);
    tb_mkdir_p(cov_dir);
    tb_report_t rep = {0};
    tb_rng_t r, stall;
    tb_rng_seed(&r, o.seed);
    tb_rng_seed_stalls(&stall, &o);
    cov_t cov;
    memset(&cov, 0, sizeof cov);
    for (unsigned run = 0; run < RUNS; run++) {
        snprintf(cov_path, sizeof cov_path, "%s/gx_pipe_r%u.dat", cov_dir, run);
        one_run(&r, &stall, run, (unsigned)(o.n / RUNS), o.waves ? fst_path : NULL, cov_path,
                &rep, &cov);
    }
    if (o.n >= N_DEFAULT) {
        for (unsigned i = 0; i < 5; i++)
            tb_check(&rep, cov.spp[i] > 0, "coverage: no run at N = %u", 1u << i);
        for (unsigned i = 0; i < 3; i++)
            tb_check(&rep, cov.bps[i] > 0, "coverage: no run at B = %u", 4u << i);
        for (unsigned i = 0; i < 4; i++)
            tb_check(&rep, cov.cause[i] > 0, "coverage: no flush of cause %u", i);
        tb_check(&rep, cov.loads > 0, "coverage: no load");
        tb_check(&rep, cov.bad > 0, "coverage: no bad packet");
        tb_check(&rep, cov.pattern > 0, "coverage: no pattern write");
        tb_check(&rep, cov.cons > 0, "coverage: no conservative run");
        tb_check(&rep, cov.thr > 0, "coverage: no run with a merge threshold");
        for (unsigned i = 0; i < 3; i++)
            tb_check(&rep, cov.enc[i] > 0, "coverage: no packet written in state %u", i);
    }
    return tb_summary(&rep);
}
