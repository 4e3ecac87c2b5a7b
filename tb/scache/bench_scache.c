/* bench_scache: gx_scache's clocks a line operation (Verilated RTL, memory always ready,
 * read data the clock after its request, responses always taken), on a 4x RGBA8 surface
 * of 256 x 256 pixels, cache tiles of 32 x 32, the 64 x 2-way cache:
 *   a run of hits: 64 lines of 64 sets written (allocated), then 1,024 write hits and
 *   1,024 read hits cycling over them (whole lines);
 *   a resolve-like read sweep of a resident tile: the first 7 surface tiles of a cache
 *   tile (63 lines: each tile's index line and 8 home lines, all resident), read whole in
 *   that order 16 times (1,008 reads);
 *   the full tile: one cache tile's 648 home and index lines written whole (more lines
 *   than the cache: evictions), then read back, then the tile invalidated.
 * Each case's clocks run from its first operation offered until the cache is idle
 * (cmd_ready) with every response taken. */
#include <stdio.h>
#include <string.h>

#include "gx/mssurf.h"
#include "scache_rtl.h"
#include "tb.h"

static uint8_t mem[1u << 20];

static void mread(void *ctx, uint64_t addr, uint8_t line[GX_SC_LINE])
{
    (void)ctx;
    memcpy(line, mem + addr, GX_SC_LINE);
}

static void mwrite(void *ctx, uint64_t addr, const uint8_t line[GX_SC_LINE], uint32_t strobe)
{
    (void)ctx;
    for (unsigned i = 0; i < 32; i++)
        if (strobe >> i & 1)
            mem[addr + i] = line[i];
}

typedef struct op {
    int cmd, we; /* cmd: 1 + the command's op */
    uint64_t addr;
} op_t;

static op_t ops[8192];

typedef struct bench {
    gx_scache_t *c;
    void *m;
    gx_scache_in_t in;
    gx_scache_out_t out;
    uint64_t cyc;
    int rd;
    uint32_t probes;
} bench_t;

/* Offer n operations one after the other; returns the clocks until idle (the idle
 * clock not counted). */
static uint64_t run(bench_t *b, const op_t *o, unsigned n)
{
    const uint64_t c0 = b->cyc;
    unsigned k = 0, resp = 0, reads = 0;
    for (unsigned i = 0; i < n; i++)
        reads += !o[i].cmd && !o[i].we;
    for (;;) {
        gx_scache_in_t *in = &b->in;
        const op_t *p = k < n ? &o[k] : NULL;
        in->req_valid = p && !p->cmd;
        in->cmd_valid = p && p->cmd;
        in->cmd_op = p && p->cmd ? (unsigned)p->cmd - 1 : 0;
        in->tx0 = in->ty0 = 0;
        in->tx1 = in->ty1 = 8;
        in->req_we = p ? p->we : 0;
        in->req_line = p ? (uint32_t)(p->addr / 32) : 0;
        in->req_mask = 0xffffffffu;
        if (p && !p->cmd)
            gx_scache_rtl_line(b->c, p->addr, &in->req_reg, &in->req_tx, &in->req_ty);
        in->mrd_valid = b->rd;
        gx_scache_rtl_cycle(b->m, in, &b->out);
        b->cyc++;
        if (b->out.cmd_done)
            b->probes = b->out.probes;
        /* a clock with nothing offered, the cache idle, every response taken: the end */
        if (k == n && resp == reads && b->out.cmd_ready && !b->rd && !b->out.mrq_valid &&
            !b->out.rsp_valid)
            return b->cyc - 1 - c0;
        if (b->rd && b->out.mrd_ready)
            b->rd = 0;
        if (b->out.mrq_valid)
            b->rd = 1;
        if (b->out.rsp_valid && in->rsp_ready)
            resp++;
        if ((in->req_valid && b->out.req_ready) || (in->cmd_valid && b->out.cmd_ready))
            k++;
    }
    return b->cyc - c0;
}

int main(void)
{
    gx_scache_cfg_t g;
    memset(&g, 0, sizeof g);
    g.sets = 1u << GX_SCACHE_RTL_SETS_LOG;
    g.ways = 2;
    g.ct = 32;
    g.ms.width = 256;
    g.ms.height = 256;
    g.ms.spp = GX_SPP4;
    g.ms.bps = GX_BPS4;
    g.ms.slots = 4;
    const uint32_t tiles = gx_mssurf_tiles(&g.ms);
    g.surf_base = 0x4000;
    g.index_base = g.surf_base + 256ull * tiles;
    g.state_base = g.index_base + 32ull * tiles;
    const gx_sc_mem_ops_t mops = {mread, mwrite, NULL};
    bench_t b;
    memset(&b, 0, sizeof b);
    b.c = gx_scache_new(&g, &mops, NULL);
    b.m = gx_scache_rtl_new(NULL);
    gx_scache_rtl_cfg(b.c, &b.in.cfg);
    b.in.rsp_ready = b.in.mrq_ready = b.in.mwr_ready = 1;
    run(&b, ops, 0); /* the reset's clear */

    /* a run of hits: resolved lines 0..63 (one a set) */
    const uint64_t img = 0x80000;
    unsigned n = 0;
    for (unsigned i = 0; i < 64; i++)
        ops[n++] = (op_t){0, 1, img + 32ull * i};
    const uint64_t alloc = run(&b, ops, n);
    n = 0;
    for (unsigned i = 0; i < 1024; i++)
        ops[n++] = (op_t){0, 1, img + 32ull * (i % 64)};
    const uint64_t wh = run(&b, ops, n);
    n = 0;
    for (unsigned i = 0; i < 1024; i++)
        ops[n++] = (op_t){0, 0, img + 32ull * (i % 64)};
    const uint64_t rh = run(&b, ops, n);
    printf("bench_scache: a run of hits: 64 lines allocated in %llu clocks; 1024 write hits "
           "in %llu clocks (%.2f a line), 1024 read hits in %llu (%.2f a line)\n",
           (unsigned long long)alloc, (unsigned long long)wh, wh / 1024.0,
           (unsigned long long)rh, rh / 1024.0);

    /* a resolve-like sweep: tiles 0..6 of the first cache tile, index then home lines */
    n = 0;
    for (unsigned t = 0; t < 7; t++)
        for (unsigned j = 0; j < 9; j++)
            ops[n++] = (op_t){0, 1, j == 0 ? g.index_base + 32ull * t
                                           : g.surf_base + 256ull * t + 32 * (j - 1)};
    const uint64_t tw = run(&b, ops, n);
    n = 0;
    for (unsigned r = 0; r < 16; r++)
        for (unsigned t = 0; t < 7; t++)
            for (unsigned j = 0; j < 9; j++)
                ops[n++] = (op_t){0, 0, j == 0 ? g.index_base + 32ull * t
                                               : g.surf_base + 256ull * t + 32 * (j - 1)};
    const uint64_t sw = run(&b, ops, n);
    printf("bench_scache: a resident tile's sweep: 63 lines written in %llu clocks, %u reads "
           "in %llu clocks (%.2f a line)\n",
           (unsigned long long)tw, n, (unsigned long long)sw, (double)sw / n);

    /* the full tile, on an empty cache (a frame start first) */
    ops[0] = (op_t){3, 0, 0};
    run(&b, ops, 1);
    for (unsigned pass = 0; pass < 3; pass++) {
        n = 0;
        if (pass < 2) {
            for (unsigned k = 0; k < 8 * 9 * 9; k++) {
                const unsigned t = (k / 9) / 8 * b.c->tiles_x + (k / 9) % 8, j = k % 9;
                ops[n++] = (op_t){0, pass == 0,
                                  j < 8 ? g.surf_base + 256ull * t + 32 * j
                                        : g.index_base + 32ull * t};
            }
        } else {
            ops[n++] = (op_t){1, 0, 0}; /* invalidate */
        }
        const uint64_t cl = run(&b, ops, n);
        printf("bench_scache: the full tile: %s: %u %s in %llu clocks (%.2f a %s)\n",
               pass == 0 ? "home and index lines written" : pass == 1 ? "read back"
                                                                    : "invalidated",
               pass < 2 ? n : b.probes, pass < 2 ? "lines" : "probes",
               (unsigned long long)cl, (double)cl / (pass < 2 ? n : b.probes),
               pass < 2 ? "line" : "probe");
    }
    gx_scache_rtl_free(b.m, NULL);
    gx_scache_free(b.c);
    return 0;
}
