/* bench_scache: gx_scache's clocks a line operation (Verilated RTL, memory always ready,
 * read data the clock after its request): a 4x RGBA8 surface of 256 x 256 pixels, cache
 * tiles of 32 x 32, one cache tile's home and index lines written whole (more lines than
 * the 64 x 2-way cache: evictions), then read back, then the tile invalidated. */
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
    const gx_sc_mem_ops_t ops = {mread, mwrite, NULL};
    gx_scache_t *c = gx_scache_new(&g, &ops, NULL);
    void *m = gx_scache_rtl_new(NULL);
    gx_scache_in_t in;
    gx_scache_out_t out;
    memset(&in, 0, sizeof in);
    gx_scache_rtl_cfg(c, &in.cfg);
    in.rsp_ready = in.mrq_ready = in.mwr_ready = 1;
    uint64_t cyc = 0;
    uint32_t probes = 0;
    int rd = 0;
    for (int pass = 0; pass < 3; pass++) {
        const uint64_t c0 = cyc;
        unsigned n = 0, k = 0;
        const unsigned lines = pass < 2 ? 8 * 9 * 9 : 1; /* 8 x 8 tiles, 9 lines each */
        while (k < lines || !out.req_ready || rd) {
            const unsigned t = (k / 9) / 8 * c->tiles_x + (k / 9) % 8, j = k % 9;
            const uint64_t a = j < 8 ? g.surf_base + 256ull * t + 32 * j : g.index_base + 32ull * t;
            in.req_valid = pass < 2 && k < lines;
            in.cmd_valid = pass == 2 && k < lines;
            in.cmd_op = 0;
            in.tx0 = in.ty0 = 0;
            in.tx1 = in.ty1 = 8;
            in.req_we = pass == 0;
            in.req_line = (uint32_t)(a / 32);
            in.req_mask = 0xffffffffu;
            gx_scache_rtl_line(c, a, &in.req_reg, &in.req_tx, &in.req_ty);
            in.mrd_valid = rd;
            gx_scache_rtl_cycle(m, &in, &out);
            cyc++;
            if (out.cmd_done)
                probes = out.probes;
            if (rd && out.mrd_ready)
                rd = 0;
            if (out.mrq_valid)
                rd = 1;
            if ((in.req_valid && out.req_ready) || (in.cmd_valid && out.cmd_ready)) {
                k++;
                n++;
            }
        }
        printf("bench_scache: %s: %u %s in %llu clocks\n",
               pass == 0 ? "a cache tile's home and index lines written"
                         : pass == 1 ? "read back" : "the tile invalidated",
               pass < 2 ? n : probes, pass < 2 ? "lines" : "probes",
               (unsigned long long)(cyc - c0));
    }
    gx_scache_rtl_free(m, NULL);
    gx_scache_free(c);
    return 0;
}
