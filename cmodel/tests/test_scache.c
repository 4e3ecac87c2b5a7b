/* test_scache: the sample cache (gx/scache.h) against a flat memory written from
 * docs/tiled.md's rules.
 *  - Configurations out of range are refused with a reason.
 *  - The set function: one cache tile's sample lines fall in at most two lines a set when
 *    the cache has gx_scache_tile_lines sets (home and index lines one a set; a state line
 *    that starts in the row above may share a set with one of the tile's own).
 *  - Random traffic on small caches (evictions of both kinds): every read returns the
 *    flat memory's bytes (reads of never-written sample bytes give the clear value 0,
 *    also after the tile's samples left the cache), invalidated bytes are undefined until
 *    written again, writebacks keep the data; at the end of the frame every defined byte
 *    of memory equals the flat memory.
 *  - Tiled frames: cache tiles one at a time in row order (stores and loads on the tile's
 *    surface tiles, resolved pixels written, the tile invalidated) on a cache of one
 *    cache tile's worst case and two ways: no sample byte read from or written to memory,
 *    no sample line evicted, every resolved byte written once; with a CACHE_WRITEBACK of
 *    every tile mid-frame and a second pass over it, the data comes back from memory.
 */
#include <string.h>

#include "check.h"
#include "gx/scache.h"

typedef struct dram {
    uint8_t *b;
    uint64_t size;
    uint64_t reads, writes;
} dram_t;

static void dram_read(void *ctx, uint64_t addr, uint8_t line[GX_SC_LINE])
{
    dram_t *d = ctx;
    CHECK(addr % GX_SC_LINE == 0 && addr + GX_SC_LINE <= d->size, "read at %llx",
          (unsigned long long)addr);
    if (addr + GX_SC_LINE <= d->size)
        memcpy(line, d->b + addr, GX_SC_LINE);
    d->reads++;
}

static void dram_write(void *ctx, uint64_t addr, const uint8_t line[GX_SC_LINE],
                       uint32_t strobe)
{
    dram_t *d = ctx;
    CHECK(addr % GX_SC_LINE == 0 && addr + GX_SC_LINE <= d->size && strobe,
          "write at %llx strobe %08x", (unsigned long long)addr, strobe);
    for (unsigned i = 0; i < GX_SC_LINE; i++)
        if (strobe >> i & 1 && addr + i < d->size)
            d->b[addr + i] = line[i];
    d->writes++;
}

/* A surface and its regions (homes, indices, states, then the resolved image), the
 * memory behind the cache and the flat memory it must behave as. */
typedef struct rig {
    gx_scache_cfg_t cfg;
    gx_scache_t *c;
    dram_t d;
    uint8_t *flat, *def; /* the flat memory and which of its bytes are defined */
    uint64_t img_base, img_bytes;
    uint32_t tiles, tiles_x, rows;
} rig_t;

static uint64_t up256(uint64_t a) { return (a + 255) & ~255ull; }

static int rig_new(rig_t *r, unsigned spp, unsigned bps, unsigned w, unsigned h, unsigned ct,
                   uint32_t sets, uint32_t ways)
{
    memset(r, 0, sizeof *r);
    gx_scache_cfg_t *g = &r->cfg;
    g->ms.width = (uint16_t)w;
    g->ms.height = (uint16_t)h;
    g->ms.spp = (gx_spp_t)spp;
    g->ms.bps = (gx_bps_t)bps;
    g->ms.slots = 4;
    g->ct = ct;
    g->sets = sets;
    g->ways = ways;
    r->tiles = gx_mssurf_tiles(&g->ms);
    r->tiles_x = gx_mssurf_tiles_x(&g->ms);
    r->rows = r->tiles / r->tiles_x;
    g->surf_base = 0x1000;
    g->index_base = up256(g->surf_base + 256ull * r->tiles);
    g->state_base = up256(g->index_base + 32ull * r->tiles);
    r->img_base = up256(g->state_base + r->tiles);
    r->img_bytes = 4ull * w * h;
    r->d.size = r->img_base + ((r->img_bytes + 31) & ~31ull);
    r->d.b = malloc(r->d.size);
    r->flat = malloc(r->d.size);
    r->def = malloc(r->d.size);
    if (!r->d.b || !r->flat || !r->def)
        abort();
    /* the sample regions cleared (the host's clear), everything else garbage */
    for (uint64_t i = 0; i < r->d.size; i++)
        r->d.b[i] = (uint8_t)rnd64();
    memset(r->d.b + g->surf_base, 0, r->img_base - g->surf_base);
    memcpy(r->flat, r->d.b, r->d.size);
    memset(r->def, 1, r->d.size);
    const gx_sc_mem_ops_t ops = {dram_read, dram_write, &r->d};
    const char *err = NULL;
    r->c = gx_scache_new(g, &ops, &err);
    CHECK(r->c != NULL, "configuration refused: %s", err ? err : "?");
    return r->c != NULL;
}

static void rig_free(rig_t *r)
{
    gx_scache_free(r->c);
    free(r->d.b);
    free(r->flat);
    free(r->def);
}

static void do_write(rig_t *r, uint64_t a, uint32_t n)
{
    uint8_t buf[512];
    for (uint32_t i = 0; i < n; i++)
        buf[i] = (uint8_t)rnd64();
    gx_scache_write(r->c, a, n, buf);
    memcpy(r->flat + a, buf, n);
    memset(r->def + a, 1, n);
}

static void do_read(rig_t *r, uint64_t a, uint32_t n)
{
    uint8_t buf[512];
    gx_scache_read(r->c, a, n, buf);
    unsigned bad = 0, first = 0;
    for (uint32_t i = 0; i < n; i++)
        if (r->def[a + i] && buf[i] != r->flat[a + i] && !bad++)
            first = i;
    CHECK(!bad, "read of %u bytes at %llx: %u bytes differ, first at +%u (%02x, not %02x)", n,
          (unsigned long long)a, bad, first, buf[first], r->flat[a + first]);
}

/* The sample bytes of tiles [tx0, tx1) x [ty0, ty1) undefined (invalidated). */
static void undefine(rig_t *r, uint32_t tx0, uint32_t ty0, uint32_t tx1, uint32_t ty1)
{
    const gx_scache_cfg_t *g = &r->cfg;
    for (uint32_t ty = ty0; ty < ty1 && ty < r->rows; ty++)
        for (uint32_t tx = tx0; tx < tx1 && tx < r->tiles_x; tx++) {
            const uint64_t t = (uint64_t)ty * r->tiles_x + tx;
            memset(r->def + g->surf_base + 256 * t, 0, 256);
            memset(r->def + g->index_base + 32 * t, 0, 32);
            r->def[g->state_base + t] = 0;
        }
}

/* A random range of the surface tile t's bytes: home, index or state (a run of states). */
static void tile_range(rig_t *r, uint32_t t, uint64_t *a, uint32_t *n)
{
    const gx_scache_cfg_t *g = &r->cfg;
    switch (rnd(3)) {
    case 0: {
        const uint32_t off = rnd(256);
        *a = g->surf_base + 256ull * t + off;
        *n = 1 + rnd(256 - off);
        break;
    }
    case 1: {
        const uint32_t off = rnd(32);
        *a = g->index_base + 32ull * t + off;
        *n = 1 + rnd(32 - off);
        break;
    }
    default:
        *a = g->state_base + t;
        *n = 1 + rnd(r->tiles - t < 40 ? r->tiles - t : 40);
    }
}

/* Every line's dirty bytes are valid; a live line has a valid byte and sits in its set. */
static void check_lines(rig_t *r)
{
    const gx_scache_t *c = r->c;
    unsigned bad = 0;
    for (size_t i = 0; i < (size_t)c->cfg.sets * c->cfg.ways; i++) {
        const gx_sc_line_t *l = &c->line[i];
        if (l->live && ((l->dirty & ~l->valid) || !l->valid ||
                        gx_scache_set(c, l->addr) != i / c->cfg.ways))
            bad++;
    }
    CHECK(!bad, "%u lines with dirty bytes not valid, no valid byte or in another set", bad);
}

static void end_frame(rig_t *r)
{
    check_lines(r);
    gx_scache_flush(r->c);
    uint64_t bad = 0, first = 0;
    for (uint64_t i = 0; i < r->d.size; i++)
        if (r->def[i] && r->d.b[i] != r->flat[i] && !bad++)
            first = i;
    CHECK(!bad, "after the flush memory differs in %llu bytes, first at %llx",
          (unsigned long long)bad, (unsigned long long)first);
}

static void test_config(void)
{
    static const gx_sc_mem_ops_t ops = {dram_read, dram_write, NULL};
    gx_scache_cfg_t ok;
    memset(&ok, 0, sizeof ok);
    ok.sets = 64;
    ok.ways = 2;
    ok.ms.width = 100;
    ok.ms.height = 50;
    ok.ms.spp = GX_SPP4;
    ok.ct = 32;
    ok.index_base = 0x100000;
    ok.state_base = 0x200000;
    const char *err = NULL;
    gx_scache_t *c = gx_scache_new(&ok, &ops, &err);
    CHECK(c != NULL, "a good configuration refused: %s", err ? err : "?");
    gx_scache_free(c);
    for (unsigned i = 0; i < 7; i++) {
        gx_scache_cfg_t b = ok;
        switch (i) {
        case 0: b.sets = 0; break;
        case 1: b.ways = 17; break;
        case 2: b.ms.width = 0; break;
        case 3: b.ms.height = 8193; break;
        case 4: b.ct = 8; break;
        case 5: b.state_base = 0x100080; break;
        default: b.index_base = 0x200; break;
        }
        err = NULL;
        c = gx_scache_new(&b, &ops, &err);
        CHECK(!c && err && *err, "bad configuration %u accepted", i);
        gx_scache_free(c);
    }
}

/* Every cache tile's sample lines, at most two a set with tile_lines sets. */
static void test_sets(void)
{
    unsigned worst = 0, cases = 0;
    for (unsigned spp = 0; spp < 4; spp++)
        for (unsigned bps = 0; bps < 3; bps++)
            for (unsigned ct = 16; ct <= 64; ct *= 2) {
                rig_t r;
                gx_scache_cfg_t g;
                memset(&g, 0, sizeof g);
                g.ms.spp = (gx_spp_t)spp;
                g.ms.bps = (gx_bps_t)bps;
                g.ct = ct;
                const uint32_t lines = gx_scache_tile_lines(&g);
                if (!rig_new(&r, spp, bps, 150 + rnd(200), 100 + rnd(200), ct, lines, 2))
                    continue;
                uint16_t *use = calloc(lines, sizeof *use);
                const gx_scache_t *c = r.c;
                for (uint32_t cy = 0; cy * c->cty < r.rows; cy++)
                    for (uint32_t cx = 0; cx * c->ctx < r.tiles_x; cx++) {
                        memset(use, 0, lines * sizeof *use);
                        uint64_t last = UINT64_MAX;
                        for (uint32_t ty = cy * c->cty; ty < (cy + 1) * c->cty && ty < r.rows;
                             ty++)
                            for (uint32_t tx = cx * c->ctx;
                                 tx < (cx + 1) * c->ctx && tx < r.tiles_x; tx++) {
                                const uint64_t t = (uint64_t)ty * r.tiles_x + tx;
                                for (unsigned j = 0; j < 8; j++)
                                    use[gx_scache_set(c, r.cfg.surf_base + 256 * t + 32 * j)]++;
                                use[gx_scache_set(c, r.cfg.index_base + 32 * t)]++;
                                const uint64_t sl = (r.cfg.state_base + t) & ~31ull;
                                if (sl != last)
                                    use[gx_scache_set(c, sl)]++;
                                last = sl;
                            }
                        for (uint32_t s = 0; s < lines; s++)
                            worst = use[s] > worst ? use[s] : worst;
                        cases++;
                    }
                free(use);
                rig_free(&r);
            }
    CHECK(worst <= 2, "a set holds %u of one cache tile's lines", worst);
    printf("test_scache: %u cache tiles, at most %u of a tile's lines a set\n", cases, worst);
}

static void test_random(unsigned frames)
{
    uint64_t evs = 0, evr = 0, zf = 0, rds = 0;
    for (unsigned f = 0; f < frames; f++) {
        rig_t r;
        const unsigned ct = 16u << rnd(3);
        if (!rig_new(&r, rnd(4), rnd(3), 1 + rnd(200), 1 + rnd(120), ct, 1 + rnd(16),
                     1 + rnd(3)))
            continue;
        const unsigned ops = 200 + rnd(800);
        for (unsigned i = 0; i < ops; i++) {
            const unsigned op = rnd(20);
            uint64_t a;
            uint32_t n;
            if (op < 7) {
                tile_range(&r, rnd(r.tiles), &a, &n);
                do_write(&r, a, n);
            } else if (op < 14) {
                tile_range(&r, rnd(r.tiles), &a, &n);
                do_read(&r, a, n);
            } else if (op < 17) {
                const uint64_t off = rnd64() % r.img_bytes;
                n = 1 + rnd(r.img_bytes - off < 300 ? (unsigned)(r.img_bytes - off) : 300);
                do_write(&r, r.img_base + off, n);
            } else {
                const uint32_t tx0 = rnd(r.tiles_x), ty0 = rnd(r.rows);
                const uint32_t tx1 = tx0 + 1 + rnd(6), ty1 = ty0 + 1 + rnd(6);
                if (op == 19) {
                    gx_scache_invalidate(r.c, tx0, ty0, tx1, ty1);
                    undefine(&r, tx0, ty0, tx1, ty1);
                    check_lines(&r);
                } else {
                    gx_scache_writeback(r.c, tx0, ty0, tx1, ty1);
                }
            }
        }
        evs += r.c->cnt.evict[GX_SC_SAMPLE];
        evr += r.c->cnt.evict[GX_SC_RESOLVED];
        zf += r.c->cnt.zero_fills;
        rds += r.c->cnt.rd_bytes[GX_SC_SAMPLE];
        end_frame(&r);
        rig_free(&r);
    }
    CHECK(evs && evr && zf && rds, "random traffic missed a case: %llu sample and %llu "
          "resolved evictions, %llu zero fills, %llu sample bytes read",
          (unsigned long long)evs, (unsigned long long)evr, (unsigned long long)zf,
          (unsigned long long)rds);
    printf("test_scache: %u random frames, %llu sample and %llu resolved evictions, %llu zero "
           "fills, %llu sample bytes read back\n", frames, (unsigned long long)evs,
           (unsigned long long)evr, (unsigned long long)zf, (unsigned long long)rds);
}

/* One pass over cache tile (cx, cy): stores and loads on its surface tiles, its resolved
 * pixels written once (pass 1 only). */
static void tile_pass(rig_t *r, uint32_t cx, uint32_t cy, int resolve)
{
    const gx_scache_t *c = r->c;
    const uint32_t tx0 = cx * c->ctx, ty0 = cy * c->cty;
    const uint32_t tw = r->tiles_x - tx0 < c->ctx ? r->tiles_x - tx0 : c->ctx;
    const uint32_t th = r->rows - ty0 < c->cty ? r->rows - ty0 : c->cty;
    const unsigned ops = 20 + rnd(60);
    for (unsigned i = 0; i < ops; i++) {
        const uint32_t t = (ty0 + rnd(th)) * r->tiles_x + tx0 + rnd(tw);
        uint64_t a;
        uint32_t n;
        tile_range(r, t, &a, &n);
        if (a >= r->cfg.state_base) { /* the tile's own run of state bytes */
            const uint32_t tx = t % r->tiles_x;
            n = n < tx0 + tw - tx ? n : tx0 + tw - tx;
        }
        if (rnd(2))
            do_write(r, a, n);
        else
            do_read(r, a, n);
    }
    if (!resolve)
        return;
    const uint32_t ct = r->cfg.ct, w = r->cfg.ms.width, h = r->cfg.ms.height;
    for (uint32_t y = cy * ct; y < (cy + 1) * ct && y < h; y++) {
        const uint32_t x0 = cx * ct, x1 = x0 + ct < w ? x0 + ct : w;
        do_write(r, r->img_base + 4ull * (y * w + x0), 4 * (x1 - x0));
    }
}

static void test_frames(unsigned frames)
{
    uint64_t wb_reads = 0, tiles = 0;
    for (unsigned f = 0; f < frames; f++) {
        for (int overflow = 0; overflow < 2; overflow++) {
            rig_t r;
            gx_scache_cfg_t g;
            memset(&g, 0, sizeof g);
            g.ms.spp = (gx_spp_t)rnd(4);
            g.ms.bps = (gx_bps_t)rnd(3);
            g.ct = 16u << rnd(3);
            if (!rig_new(&r, g.ms.spp, g.ms.bps, 1 + rnd(300), 1 + rnd(200), g.ct,
                         gx_scache_tile_lines(&g), 2))
                continue;
            const gx_scache_t *c = r.c;
            const uint32_t cxs = (r.tiles_x + c->ctx - 1) / c->ctx;
            const uint32_t cys = (r.rows + c->cty - 1) / c->cty;
            if (overflow) /* a first flush: every tile rendered and written back */
                for (uint32_t cy = 0; cy < cys; cy++)
                    for (uint32_t cx = 0; cx < cxs; cx++) {
                        tile_pass(&r, cx, cy, 0);
                        gx_scache_writeback(r.c, cx * c->ctx, cy * c->cty, (cx + 1) * c->ctx,
                                            (cy + 1) * c->cty);
                    }
            const gx_sc_cnt_t before = r.c->cnt;
            for (uint32_t cy = 0; cy < cys; cy++)
                for (uint32_t cx = 0; cx < cxs; cx++) {
                    tile_pass(&r, cx, cy, 1);
                    gx_scache_invalidate(r.c, cx * c->ctx, cy * c->cty, (cx + 1) * c->ctx,
                                         (cy + 1) * c->cty);
                    undefine(&r, cx * c->ctx, cy * c->cty, (cx + 1) * c->ctx,
                             (cy + 1) * c->cty);
                    tiles++;
                }
            const gx_sc_cnt_t *k = &r.c->cnt;
            if (!overflow) {
                CHECK(!k->rd_bytes[GX_SC_SAMPLE] && !k->wr_bytes[GX_SC_SAMPLE] &&
                      !k->evict[GX_SC_SAMPLE],
                      "tiled frame %u: %llu sample bytes read, %llu written, %llu sample "
                      "lines evicted", f, (unsigned long long)k->rd_bytes[GX_SC_SAMPLE],
                      (unsigned long long)k->wr_bytes[GX_SC_SAMPLE],
                      (unsigned long long)k->evict[GX_SC_SAMPLE]);
            } else {
                CHECK(k->wr_bytes[GX_SC_SAMPLE] == before.wr_bytes[GX_SC_SAMPLE],
                      "tiled frame %u: the last flush wrote %llu sample bytes", f,
                      (unsigned long long)(k->wr_bytes[GX_SC_SAMPLE] -
                                           before.wr_bytes[GX_SC_SAMPLE]));
                wb_reads += k->rd_bytes[GX_SC_SAMPLE] - before.rd_bytes[GX_SC_SAMPLE];
            }
            end_frame(&r);
            CHECK(k->wr_bytes[GX_SC_RESOLVED] == r.img_bytes,
                  "tiled frame %u: %llu resolved bytes written for a %llu-byte image", f,
                  (unsigned long long)k->wr_bytes[GX_SC_RESOLVED],
                  (unsigned long long)r.img_bytes);
            rig_free(&r);
        }
    }
    CHECK(wb_reads > 0, "no written-back sample was read back");
    printf("test_scache: %u tiled frames (%llu cache tiles), %llu sample bytes read back after "
           "a writeback\n", 2 * frames, (unsigned long long)tiles,
           (unsigned long long)wb_reads);
}

int main(void)
{
    check_seed("test_scache");
    test_config();
    test_sets();
    test_random(400);
    test_frames(200);
    return check_summary();
}
