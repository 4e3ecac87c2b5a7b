/* pipe_host: the host and the memory around the Verilated gx_pipe (pipe_host.h). */
#include "pipe_host.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_mon.h"
#include "gx_pipe_regs.h"
#include "pipe_rtl.h"
#include "rng.h"

#define REG(R) ((uint32_t)offsetof(gx_pipe_regs_t, R))
#define CNT_BASE REG(CNT)
#define CNT_COUNT 21u

/* The clocks a single register access or the start may take before it is an error. */
#define ACCESS_LIMIT 1000u

struct gx_pipe_host {
    gx_pipe_cfg_t cfg;
    gx_pipe_host_opt_t opt;
    gx_pipe_rtl_t *rtl;
    gx_pipe_io_t io;
    tb_rng_t rng;
    tb_axi_mem_t mem;
    uint64_t mem_base;
    axi_mon_t mon_lite, mon_cmd, mon_ld, mon_mem;
    uint64_t clk;
    int rst;
    /* s_cmd: the queued beats, beats [cmd_next, cmd_n) still to send */
    gx_pipe_beat_t *cmd;
    size_t cmd_n, cmd_next, cmd_cap;
    /* m_ld: the beats collected */
    gx_pipe_beat_t *ld;
    size_t ld_n, ld_cap;
    /* m_axi: the write bursts in AW order; the bytes each W burst strobed, in W order */
    gx_pipe_host_aw_t *aw;
    size_t aw_n, aw_cap;
    unsigned *wb, w_cur;
    size_t wb_n, wb_cap;
    /* s_axil: the access in flight (one at a time) */
    int lite_busy, lite_wr, lite_a_done, lite_w_done, lite_done;
    uint32_t lite_addr, lite_data;
    uint32_t lite_rdata;
    unsigned lite_resp;
    char err[320];
};

static void fail(gx_pipe_host_t *h, const char *msg)
{
    if (!h->err[0])
        snprintf(h->err, sizeof h->err, "gx_pipe clock %llu: %s", (unsigned long long)h->clk,
                 msg);
}

static uint64_t u64_max(uint64_t a, uint64_t b) { return a > b ? a : b; }
static uint64_t u64_min(uint64_t a, uint64_t b) { return a < b ? a : b; }

gx_pipe_host_t *gx_pipe_host_new(const gx_pipe_cfg_t *cfg, const gx_pipe_host_opt_t *opt)
{
    gx_pipe_host_t *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    h->cfg = *cfg;
    h->opt = *opt;
    tb_rng_seed(&h->rng, opt->seed);
    /* memory: from the lowest base to the end of the highest region */
    gx_ms_cfg_t ms;
    gx_mssurf_cfg_default(&ms, cfg->width, cfg->height,
                          (gx_spp_t)(cfg->samples >= 1 ? cfg->samples - 1 : 0),
                          (gx_bps_t)(cfg->bps <= 2 ? cfg->bps : 0));
    uint64_t tiles = gx_mssurf_tiles(&ms);
    uint64_t lo = u64_min(cfg->surf_base, u64_min(cfg->index_base, cfg->state_base));
    uint64_t hi = u64_max(cfg->surf_base + tiles * GX_MS_TILE_BYTES,
                          u64_max(cfg->index_base + tiles * 32u, cfg->state_base + tiles));
    /* gx_msmem's bursts address whole 8-byte beats: the last beat of a region may read up
     * to 7 bytes after it (never writes them; at DataW 32 the downsizer's last 4-byte
     * write beat may lie there, its strobes 0), so the memory ends on the boundary of an
     * 8-byte beat, or of m_axi's beat when wider */
    const uint64_t beat = GX_PIPE_RTL_DATA_BYTES > 8 ? GX_PIPE_RTL_DATA_BYTES : 8;
    hi = (hi + beat - 1) / beat * beat;
    h->mem_base = lo;
    tb_axi_mem_cfg_t mc = opt->mem;
    mc.data_bytes = GX_PIPE_RTL_DATA_BYTES;
    tb_axi_mem_init(&h->mem, lo, (size_t)(hi - lo), &mc, opt->seed ^ 0x6d656dull);
    axi_mon_lite_init(&h->mon_lite, "s_axil", 4, 0, 1);
    axi_mon_axis_init(&h->mon_cmd, "s_cmd", 8, AXI_MON_AXIS_KEEP, 0);
    axi_mon_axis_init(&h->mon_ld, "m_ld", 8, 0, GX_PIPE_LD_BEATS);
    axi_mon_axi4_init(&h->mon_mem, "m_axi", GX_PIPE_RTL_DATA_BYTES, 0, 1);
    h->rtl = gx_pipe_rtl_new(opt->fst);
    return h;
}

void gx_pipe_host_free(gx_pipe_host_t *h)
{
    if (!h)
        return;
    gx_pipe_rtl_free(h->rtl, h->opt.cov);
    tb_axi_mem_free(&h->mem);
    free(h->cmd);
    free(h->ld);
    free(h->aw);
    free(h->wb);
    free(h);
}

/* ---- one clock ----------------------------------------------------------------------- */

static void drive(gx_pipe_host_t *h)
{
    gx_pipe_io_t *io = &h->io;
    io->rst = h->rst;
    /* s_cmd: hold an offered beat until taken; else offer the next one unless a gap */
    if (!io->cmd.valid && h->cmd_next < h->cmd_n && !tb_rng_pct(&h->rng, h->opt.gap_pct)) {
        const gx_pipe_beat_t *b = &h->cmd[h->cmd_next];
        io->cmd.valid = 1;
        for (unsigned j = 0; j < 8; j++)
            io->cmd.data[j] = (uint8_t)(b->data >> (8 * j));
        io->cmd.keep = b->keep;
        io->cmd.last = b->last;
    }
    io->ld.ready = !tb_rng_pct(&h->rng, h->opt.stall_pct);
    /* s_axil */
    axi_lite_sig_t *l = &h->io.lite;
    if (h->lite_busy && !h->lite_done) {
        if (h->lite_wr) {
            if (!h->lite_a_done && !l->aw_valid && !tb_rng_pct(&h->rng, h->opt.gap_pct)) {
                l->aw_valid = 1;
                l->aw_addr = h->lite_addr;
            }
            if (!h->lite_w_done && !l->w_valid && !tb_rng_pct(&h->rng, h->opt.gap_pct)) {
                l->w_valid = 1;
                l->w_data = h->lite_data;
                l->w_strb = 0xf;
            }
        } else if (!h->lite_a_done && !l->ar_valid && !tb_rng_pct(&h->rng, h->opt.gap_pct)) {
            l->ar_valid = 1;
            l->ar_addr = h->lite_addr;
        }
    }
    l->b_ready = !tb_rng_pct(&h->rng, h->opt.stall_pct);
    l->r_ready = !tb_rng_pct(&h->rng, h->opt.stall_pct);
    tb_axi_mem_drive(&h->mem, &io->mem);
}

/* *p holds at least need items of size bytes (doubling); -1 when out of memory. */
static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? 2 * *cap : 256;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, c * size);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

/* The write bursts: an entry per AW handshake, and the bytes strobed by each W burst in
 * W order (a W burst may come before its address; the k-th W burst is the k-th AW's). */
static void record_writes(gx_pipe_host_t *h)
{
    const axi4_sig_t *a = &h->io.mem;
    if (a->aw_valid && a->aw_ready) {
        if (grow((void **)&h->aw, &h->aw_cap, h->aw_n + 1, sizeof *h->aw)) {
            fail(h, "out of memory for the write bursts");
            return;
        }
        h->aw[h->aw_n++] = (gx_pipe_host_aw_t){a->aw_addr, a->aw_len, 0};
    }
    if (a->w_valid && a->w_ready) {
        h->w_cur += (unsigned)__builtin_popcount(a->w_strb);
        if (a->w_last) {
            if (grow((void **)&h->wb, &h->wb_cap, h->wb_n + 1, sizeof *h->wb)) {
                fail(h, "out of memory for the write bursts");
                return;
            }
            h->wb[h->wb_n++] = h->w_cur;
            h->w_cur = 0;
        }
    }
}

static void clock(gx_pipe_host_t *h)
{
    gx_pipe_io_t *io = &h->io;
    drive(h);
    gx_pipe_rtl_set(h->rtl, io);
    gx_pipe_rtl_eval(h->rtl);
    gx_pipe_rtl_get(h->rtl, io);

    /* monitors */
    axi_mon_lite_step(&h->mon_lite, h->rst, &io->lite);
    axi_mon_axis_step(&h->mon_cmd, h->rst, &io->cmd);
    axi_mon_axis_step(&h->mon_ld, h->rst, &io->ld);
    axi_mon_axi4_step(&h->mon_mem, h->rst, &io->mem);
    if (!axi_mon_ok(&h->mon_lite))
        fail(h, h->mon_lite.first_msg);
    if (!axi_mon_ok(&h->mon_cmd))
        fail(h, h->mon_cmd.first_msg);
    if (!axi_mon_ok(&h->mon_ld))
        fail(h, h->mon_ld.first_msg);
    if (!axi_mon_ok(&h->mon_mem))
        fail(h, h->mon_mem.first_msg);

    /* handshakes */
    if (!h->rst)
        record_writes(h);
    tb_axi_mem_step(&h->mem, &io->mem);
    if (tb_axi_mem_error(&h->mem))
        fail(h, tb_axi_mem_error(&h->mem));
    if (!h->rst) {
        if (io->cmd.valid && io->cmd.ready) {
            h->cmd_next++;
            io->cmd.valid = 0;
        }
        if (io->ld.valid && io->ld.ready) {
            if (grow((void **)&h->ld, &h->ld_cap, h->ld_n + 1, sizeof *h->ld))
                fail(h, "out of memory for the load responses");
            if (h->ld_n < h->ld_cap) {
                gx_pipe_beat_t *b = &h->ld[h->ld_n++];
                b->data = 0;
                for (unsigned j = 0; j < 8; j++)
                    b->data |= (uint64_t)io->ld.data[j] << (8 * j);
                b->keep = 0xff;
                b->last = (uint8_t)io->ld.last;
            }
        }
        axi_lite_sig_t *l = &io->lite;
        if (l->aw_valid && l->aw_ready) {
            h->lite_a_done = 1;
            l->aw_valid = 0;
        }
        if (l->w_valid && l->w_ready) {
            h->lite_w_done = 1;
            l->w_valid = 0;
        }
        if (l->ar_valid && l->ar_ready) {
            h->lite_a_done = 1;
            l->ar_valid = 0;
        }
        if (l->b_valid && l->b_ready) {
            h->lite_done = 1;
            h->lite_resp = l->b_resp;
        }
        if (l->r_valid && l->r_ready) {
            h->lite_done = 1;
            h->lite_resp = l->r_resp;
            h->lite_rdata = (uint32_t)l->r_data;
        }
    }
    if (gx_pipe_rtl_failed(h->rtl))
        fail(h, "an assertion of the RTL failed");
    gx_pipe_rtl_tick(h->rtl);
    h->clk++;
}

/* ---- registers ----------------------------------------------------------------------- */

static int access(gx_pipe_host_t *h, int wr, uint32_t addr, uint32_t data, uint32_t *rdata)
{
    h->lite_busy = 1;
    h->lite_wr = wr;
    h->lite_addr = addr;
    h->lite_data = data;
    h->lite_a_done = h->lite_w_done = h->lite_done = 0;
    for (unsigned i = 0; i < ACCESS_LIMIT && !h->lite_done && !h->err[0]; i++)
        clock(h);
    h->lite_busy = 0;
    if (!h->err[0] && !h->lite_done) {
        char msg[96];
        snprintf(msg, sizeof msg, "register access at 0x%03x unanswered", addr);
        fail(h, msg);
    }
    if (!h->err[0] && h->lite_resp != 0) {
        char msg[96];
        snprintf(msg, sizeof msg, "register access at 0x%03x: response %u", addr, h->lite_resp);
        fail(h, msg);
    }
    if (rdata)
        *rdata = h->lite_rdata;
    return h->err[0] ? -1 : 0;
}

int gx_pipe_host_reg_write(gx_pipe_host_t *h, uint32_t addr, uint32_t value)
{
    return access(h, 1, addr, value, NULL);
}

int gx_pipe_host_reg_read(gx_pipe_host_t *h, uint32_t addr, uint32_t *value)
{
    return access(h, 0, addr, 0, value);
}

int gx_pipe_host_counters(gx_pipe_host_t *h, uint64_t cnt[21])
{
    for (unsigned c = 0; c < CNT_COUNT; c++) {
        uint32_t hi0, lo, hi1;
        do {
            if (gx_pipe_host_reg_read(h, CNT_BASE + 8 * c + 4, &hi0) ||
                gx_pipe_host_reg_read(h, CNT_BASE + 8 * c, &lo) ||
                gx_pipe_host_reg_read(h, CNT_BASE + 8 * c + 4, &hi1))
                return -1;
        } while (hi0 != hi1);
        cnt[c] = (uint64_t)hi1 << 32 | lo;
    }
    return 0;
}

int gx_pipe_host_start(gx_pipe_host_t *h)
{
    const gx_pipe_cfg_t *c = &h->cfg;
    const struct { uint32_t addr, value; } w[] = {
        {REG(SURF_BASE_LO), (uint32_t)c->surf_base},
        {REG(SURF_BASE_HI), (uint32_t)(c->surf_base >> 32)},
        {REG(INDEX_BASE_LO), (uint32_t)c->index_base},
        {REG(INDEX_BASE_HI), (uint32_t)(c->index_base >> 32)},
        {REG(STATE_BASE_LO), (uint32_t)c->state_base},
        {REG(STATE_BASE_HI), (uint32_t)(c->state_base >> 32)},
        {REG(SURF_SIZE), (uint32_t)c->width | (uint32_t)c->height << 16},
        {REG(SURF_FMT), (uint32_t)c->samples | (uint32_t)c->bps << 4 |
                            (uint32_t)c->threshold << 8},
        {REG(RASTER), (uint32_t)c->conservative | (uint32_t)c->cons_err << 8},
        {REG(CTRL), GX_PIPE_REGS__CTRL__ENABLE_bm},
    };
    /* out of reset */
    h->rst = 1;
    for (int i = 0; i < 2; i++)
        clock(h);
    h->rst = 0;
    clock(h); /* no VALID in the first clock after reset (A3.1.2) */
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        if (gx_pipe_host_reg_write(h, w[i].addr, w[i].value))
            return -1;
    /* the start clocks: the command port opens (or CFG_ERR) */
    for (unsigned i = 0; i < 8; i++)
        clock(h);
    return h->err[0] ? -1 : 0;
}

/* ---- commands ------------------------------------------------------------------------ */

int gx_pipe_host_send(gx_pipe_host_t *h, const gx_pipe_beat_t *beats, size_t n)
{
    if (grow((void **)&h->cmd, &h->cmd_cap, h->cmd_n + n, sizeof *h->cmd))
        return -1;
    memcpy(h->cmd + h->cmd_n, beats, n * sizeof *beats);
    h->cmd_n += n;
    return 0;
}

int gx_pipe_host_drain(gx_pipe_host_t *h, uint64_t max_clocks)
{
    for (uint64_t i = 0; !max_clocks || i < max_clocks; i++) {
        if (h->err[0])
            return -1;
        if (h->cmd_next == h->cmd_n && !h->io.cmd.valid && !h->io.busy && !h->io.ld.valid &&
            tb_axi_mem_idle(&h->mem))
            return 0;
        clock(h);
    }
    return 1;
}

const gx_pipe_beat_t *gx_pipe_host_ld(const gx_pipe_host_t *h, size_t *n)
{
    *n = h->ld_n;
    return h->ld;
}

const gx_pipe_host_aw_t *gx_pipe_host_aw(gx_pipe_host_t *h, size_t *n)
{
    for (size_t i = 0; i < h->aw_n; i++)
        h->aw[i].strobed = i < h->wb_n ? h->wb[i] : 0;
    *n = h->aw_n;
    return h->aw;
}

tb_axi_mem_t *gx_pipe_host_mem(gx_pipe_host_t *h) { return &h->mem; }
uint64_t gx_pipe_host_mem_base(const gx_pipe_host_t *h) { return h->mem_base; }
uint64_t gx_pipe_host_clocks(const gx_pipe_host_t *h) { return h->clk; }
const char *gx_pipe_host_error(const gx_pipe_host_t *h) { return h->err[0] ? h->err : NULL; }
