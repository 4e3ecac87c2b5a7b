/* The sample cache of tiled mode (gx/scache.h). */
#include "gx/scache.h"

#include <stdlib.h>
#include <string.h>

uint32_t gx_scache_tile_lines(const gx_scache_cfg_t *cfg)
{
    const uint32_t ctx = cfg->ct >> gx_mssurf_tile_wlog(&cfg->ms);
    const uint32_t cty = cfg->ct >> gx_mssurf_tile_hlog(&cfg->ms);
    return 9 * ctx * cty + 2 * cty;
}

static int overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
    return a < b + blen && b < a + alen;
}

gx_scache_t *gx_scache_new(const gx_scache_cfg_t *cfg, const gx_sc_mem_ops_t *mem,
                           const char **err)
{
    const char *why = NULL;
    const gx_ms_cfg_t *ms = &cfg->ms;
    const uint64_t tiles = ms->width && ms->height ? gx_mssurf_tiles(ms) : 0;
    if (cfg->sets < 1 || cfg->sets > GX_SC_MAX_SETS)
        why = "sets out of range 1..65536";
    else if (cfg->ways < 1 || cfg->ways > GX_SC_MAX_WAYS)
        why = "ways out of range 1..16";
    else if (ms->width < 1 || ms->width > GX_MAX_VIEWPORT || ms->height < 1 ||
             ms->height > GX_MAX_VIEWPORT || ms->spp > GX_SPP16 || ms->bps > GX_BPS16)
        why = "surface format out of range";
    else if (cfg->ct != 16 && cfg->ct != 32 && cfg->ct != 64)
        why = "cache tile must be 16, 32 or 64 pixels";
    else if ((cfg->surf_base | cfg->index_base | cfg->state_base) % 256)
        why = "a region base is not 256-byte aligned";
    else if (overlap(cfg->surf_base, 256 * tiles, cfg->index_base, 32 * tiles) ||
             overlap(cfg->surf_base, 256 * tiles, cfg->state_base, tiles) ||
             overlap(cfg->index_base, 32 * tiles, cfg->state_base, tiles))
        why = "the surface's regions overlap";
    else if (!mem || !mem->read || !mem->write)
        why = "no memory behind the cache";
    if (why) {
        if (err)
            *err = why;
        return NULL;
    }
    gx_scache_t *c = calloc(1, sizeof *c);
    if (c) {
        c->cfg = *cfg;
        c->mem = *mem;
        c->tiles = (uint32_t)tiles;
        c->tiles_x = gx_mssurf_tiles_x(ms);
        c->twlog = gx_mssurf_tile_wlog(ms);
        c->thlog = gx_mssurf_tile_hlog(ms);
        c->ctx = cfg->ct >> c->twlog;
        c->cty = cfg->ct >> c->thlog;
        c->ctiles_x = (ms->width + cfg->ct - 1) / cfg->ct;
        c->ctiles = c->ctiles_x * ((ms->height + cfg->ct - 1) / cfg->ct);
        c->line = calloc((size_t)cfg->sets * cfg->ways, sizeof *c->line);
        c->left = calloc(c->ctiles, 1);
    }
    if (!c || !c->line || !c->left) {
        gx_scache_free(c);
        if (err)
            *err = "out of memory";
        return NULL;
    }
    return c;
}

void gx_scache_free(gx_scache_t *c)
{
    if (!c)
        return;
    free(c->line);
    free(c->left);
    free(c);
}

void gx_scache_frame(gx_scache_t *c)
{
    memset(c->line, 0, (size_t)c->cfg.sets * c->cfg.ways * sizeof *c->line);
    memset(c->left, 0, c->ctiles);
}

/* The surface tile a sample byte belongs to, and its region (1 home, 2 index, 3 state);
 * region 0 for a byte outside the surface. */
static int sample_tile(const gx_scache_t *c, uint64_t a, uint32_t *t)
{
    const gx_scache_cfg_t *g = &c->cfg;
    if (a >= g->surf_base && a - g->surf_base < 256ull * c->tiles) {
        *t = (uint32_t)((a - g->surf_base) / 256);
        return 1;
    }
    if (a >= g->index_base && a - g->index_base < 32ull * c->tiles) {
        *t = (uint32_t)((a - g->index_base) / 32);
        return 2;
    }
    if (a >= g->state_base && a - g->state_base < c->tiles) {
        *t = (uint32_t)(a - g->state_base);
        return 3;
    }
    return 0;
}

gx_sc_kind_t gx_scache_kind(const gx_scache_t *c, uint64_t addr)
{
    uint32_t t;
    return sample_tile(c, addr, &t) ? GX_SC_SAMPLE : GX_SC_RESOLVED;
}

static uint32_t ctile_of(const gx_scache_t *c, uint32_t t)
{
    const uint32_t tx = t % c->tiles_x, ty = t / c->tiles_x;
    return ((ty << c->thlog) / c->cfg.ct) * c->ctiles_x + (tx << c->twlog) / c->cfg.ct;
}

uint32_t gx_scache_set(const gx_scache_t *c, uint64_t addr)
{
    uint32_t t;
    const int reg = sample_tile(c, addr, &t);
    if (!reg)
        return (uint32_t)((addr / GX_SC_LINE) % c->cfg.sets);
    const uint32_t tx = t % c->tiles_x, ty = t / c->tiles_x;
    const uint32_t l = (ty % c->cty) * c->ctx + tx % c->ctx, n = c->ctx * c->cty;
    uint64_t key;
    if (reg == 1)
        key = 8ull * l + (addr - c->cfg.surf_base) % 256 / GX_SC_LINE;
    else if (reg == 2)
        key = 8ull * n + l;
    else
        key = 9ull * n + 2 * (ty % c->cty) + (addr - c->cfg.state_base) / GX_SC_LINE % 2;
    /* consecutive cache tiles (row order) on the other half of 2 x tile_lines keys */
    key += (uint64_t)(ctile_of(c, t) & 1) * (9ull * n + 2 * c->cty);
    return (uint32_t)(key % c->cfg.sets);
}

/* Every sample byte of mask m of the line at a written to memory: its cache tile's samples
 * have left the cache. */
static void mark_left(gx_scache_t *c, uint64_t a, uint32_t m)
{
    for (unsigned i = 0; i < GX_SC_LINE; i++) {
        uint32_t t;
        if (m >> i & 1 && sample_tile(c, a + i, &t))
            c->left[ctile_of(c, t)] = 1;
    }
}

/* Write bytes m of line l to memory (counted by its kind). */
static void write_out(gx_scache_t *c, gx_sc_line_t *l, uint32_t m)
{
    if (!m)
        return;
    c->mem.write(c->mem.ctx, l->addr, l->data, m);
    c->cnt.wr_bytes[l->kind] += (uint64_t)__builtin_popcount(m);
    if (l->kind == GX_SC_SAMPLE)
        mark_left(c, l->addr, m);
}

static gx_sc_line_t *find(gx_scache_t *c, uint64_t a)
{
    gx_sc_line_t *s = c->line + (size_t)gx_scache_set(c, a) * c->cfg.ways;
    for (uint32_t w = 0; w < c->cfg.ways; w++)
        if (s[w].live && s[w].addr == a)
            return &s[w];
    return NULL;
}

/* The line at a (a multiple of 32), allocated when absent: an empty way, else the LRU
 * resolved line, else (for a sample line) the LRU sample line, its dirty bytes written
 * first. NULL for a resolved line whose set holds only sample lines: it is not
 * allocated (the caller writes it through to memory). */
static gx_sc_line_t *get(gx_scache_t *c, uint64_t a)
{
    gx_sc_line_t *l = find(c, a);
    if (l) {
        c->cnt.hits++;
    } else {
        c->cnt.misses++;
        const gx_sc_kind_t kind = gx_scache_kind(c, a);
        gx_sc_line_t *s = c->line + (size_t)gx_scache_set(c, a) * c->cfg.ways;
        for (uint32_t w = 0; w < c->cfg.ways && !l; w++)
            if (!s[w].live)
                l = &s[w];
        for (int k = GX_SC_RESOLVED; k >= (int)kind && !l; k--)
            for (uint32_t w = 0; w < c->cfg.ways; w++)
                if (s[w].kind == k && (!l || s[w].used < l->used))
                    l = &s[w];
        if (!l)
            return NULL;
        if (l->live) {
            write_out(c, l, l->dirty);
            c->cnt.evict[l->kind]++;
        }
        memset(l, 0, sizeof *l);
        l->live = 1;
        l->addr = a;
        l->kind = (uint8_t)kind;
    }
    l->used = ++c->clock;
    return l;
}

/* Make bytes m of line l valid: the clear value for a sample byte whose cache tile never
 * left the cache, else memory's (one line read). */
static void fill(gx_scache_t *c, gx_sc_line_t *l, uint32_t m)
{
    uint32_t need = m & ~l->valid, zero = 0;
    if (l->kind == GX_SC_SAMPLE)
        for (unsigned i = 0; i < GX_SC_LINE; i++) {
            uint32_t t;
            if (need >> i & 1 && sample_tile(c, l->addr + i, &t) &&
                !c->left[ctile_of(c, t)])
                zero |= 1u << i;
        }
    if (need & ~zero) {
        uint8_t buf[GX_SC_LINE];
        c->mem.read(c->mem.ctx, l->addr, buf);
        c->cnt.rd_bytes[l->kind] += GX_SC_LINE;
        for (unsigned i = 0; i < GX_SC_LINE; i++)
            if ((need & ~zero) >> i & 1)
                l->data[i] = buf[i];
    }
    if (zero) {
        c->cnt.zero_fills++;
        for (unsigned i = 0; i < GX_SC_LINE; i++)
            if (zero >> i & 1)
                l->data[i] = 0;
    }
    l->valid |= need;
}

/* The byte mask of [a, a + len) within the line at la. */
static uint32_t span(uint64_t la, uint64_t a, uint64_t len, uint64_t *n)
{
    const unsigned lo = (unsigned)(a - la);
    const unsigned hi = len < GX_SC_LINE - lo ? lo + (unsigned)len : GX_SC_LINE;
    *n = hi - lo;
    return (uint32_t)((hi == 32 ? 0xffffffffull : (1ull << hi) - 1) & ~((1ull << lo) - 1));
}

void gx_scache_read(gx_scache_t *c, uint64_t addr, uint32_t len, uint8_t *out)
{
    uint64_t a = addr, left = len;
    while (left) {
        uint64_t n;
        const uint64_t la = a & ~(uint64_t)(GX_SC_LINE - 1);
        const uint32_t m = span(la, a, left, &n);
        gx_sc_line_t *l = get(c, la);
        if (l) {
            fill(c, l, m);
            memcpy(out, l->data + (a - la), n);
        } else {
            uint8_t buf[GX_SC_LINE];
            c->mem.read(c->mem.ctx, la, buf);
            c->cnt.rd_bytes[GX_SC_RESOLVED] += GX_SC_LINE;
            memcpy(out, buf + (a - la), n);
        }
        out += n;
        a += n;
        left -= n;
    }
}

void gx_scache_write(gx_scache_t *c, uint64_t addr, uint32_t len, const uint8_t *in)
{
    uint64_t a = addr, left = len;
    while (left) {
        uint64_t n;
        const uint64_t la = a & ~(uint64_t)(GX_SC_LINE - 1);
        const uint32_t m = span(la, a, left, &n);
        gx_sc_line_t *l = get(c, la);
        if (l) {
            memcpy(l->data + (a - la), in, n);
            l->valid |= m;
            l->dirty |= m;
        } else {
            gx_sc_line_t t;
            memset(&t, 0, sizeof t);
            t.addr = la;
            t.kind = GX_SC_RESOLVED;
            memcpy(t.data + (a - la), in, n);
            write_out(c, &t, m);
            c->cnt.through++;
        }
        in += n;
        a += n;
        left -= n;
    }
}

/* The bytes [a, a + len) of sample lines: written (wb) or not, and dropped. Returns the
 * lines probed. */
static uint32_t drop(gx_scache_t *c, uint64_t a, uint64_t len, int wb)
{
    uint32_t probes = 0;
    while (len) {
        uint64_t n;
        const uint64_t la = a & ~(uint64_t)(GX_SC_LINE - 1);
        const uint32_t m = span(la, a, len, &n);
        gx_sc_line_t *l = find(c, la);
        probes++;
        if (l) {
            const uint32_t d = l->dirty & m;
            if (wb)
                write_out(c, l, d);
            else
                c->cnt.dropped += (uint64_t)__builtin_popcount(d);
            l->valid &= ~m;
            l->dirty &= ~m;
            if (!l->valid)
                memset(l, 0, sizeof *l);
        }
        a += n;
        len -= n;
    }
    return probes;
}

static uint32_t rect(gx_scache_t *c, uint32_t tx0, uint32_t ty0, uint32_t tx1, uint32_t ty1,
                     int wb)
{
    const uint32_t rows = c->tiles / c->tiles_x;
    tx1 = tx1 < c->tiles_x ? tx1 : c->tiles_x;
    ty1 = ty1 < rows ? ty1 : rows;
    uint32_t probes = 0;
    for (uint32_t ty = ty0; ty < ty1 && tx0 < tx1; ty++) {
        const uint64_t t = (uint64_t)ty * c->tiles_x + tx0, n = tx1 - tx0;
        probes += drop(c, c->cfg.surf_base + 256 * t, 256 * n, wb);
        probes += drop(c, c->cfg.index_base + 32 * t, 32 * n, wb);
        probes += drop(c, c->cfg.state_base + t, n, wb);
    }
    return probes;
}

uint32_t gx_scache_invalidate(gx_scache_t *c, uint32_t tx0, uint32_t ty0, uint32_t tx1,
                              uint32_t ty1)
{
    return rect(c, tx0, ty0, tx1, ty1, 0);
}

uint32_t gx_scache_writeback(gx_scache_t *c, uint32_t tx0, uint32_t ty0, uint32_t tx1,
                             uint32_t ty1)
{
    return rect(c, tx0, ty0, tx1, ty1, 1);
}

void gx_scache_flush(gx_scache_t *c)
{
    const size_t n = (size_t)c->cfg.sets * c->cfg.ways;
    for (size_t i = 0; i < n; i++)
        if (c->line[i].live) {
            write_out(c, &c->line[i], c->line[i].dirty);
            memset(&c->line[i], 0, sizeof c->line[i]);
        }
}
