/* gx_pipe: the chained golden model of the whole pipeline, see gx/pipe.h and docs/pipe.md
 * ("The chained C model"). Each block is its own model; this file only connects them in
 * gx_pipe's order and keeps the counters. */
#include "gx/pipe.h"

#include <stdlib.h>
#include <string.h>

static unsigned popcount16(uint16_t v)
{
    unsigned c = 0;
    for (; v; v &= (uint16_t)(v - 1u))
        c++;
    return c;
}

static unsigned popcount32(uint32_t v)
{
    unsigned c = 0;
    for (; v; v &= v - 1u)
        c++;
    return c;
}

static uint64_t align_up(uint64_t v)
{
    return (v + GX_MSMEM_ALIGN - 1u) / GX_MSMEM_ALIGN * GX_MSMEM_ALIGN;
}

void gx_pipe_ms_cfg(const gx_pipe_cfg_t *c, gx_ms_cfg_t *ms)
{
    memset(ms, 0, sizeof *ms);
    ms->width = c->width;
    ms->height = c->height;
    /* spp_e = SAMPLES - 1; 1x is a 2x surface whose two samples are stored together */
    ms->spp = c->samples ? (gx_spp_t)(c->samples - 1u) : GX_SPP2;
    ms->bps = (gx_bps_t)c->bps;
    ms->slots = c->slots;
    ms->threshold = c->threshold;
}

void gx_pipe_cfg_default(gx_pipe_cfg_t *cfg, uint16_t width, uint16_t height, uint8_t samples,
                         uint8_t bps)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->width = width;
    cfg->height = height;
    cfg->samples = samples;
    cfg->bps = bps;
    cfg->slots = GX_MS_DEFAULT_SLOTS;
    if (samples > 4 || bps > 2)
        return;
    gx_ms_cfg_t ms;
    gx_pipe_ms_cfg(cfg, &ms);
    if (!gx_mssurf_cfg_ok(&ms))
        return;
    const uint64_t tiles = gx_mssurf_tiles(&ms);
    cfg->surf_base = 0;
    cfg->index_base = align_up(tiles * GX_MS_TILE_BYTES);
    cfg->state_base = align_up(cfg->index_base + tiles * GX_MSMEM_INDEX_TILE_BYTES);
}

/* [a, a + la) and [b, b + lb) overlap (no sum passes 2^64: checked before) */
static int overlap(uint64_t a, uint64_t la, uint64_t b, uint64_t lb)
{
    return a < b + lb && b < a + la;
}

const char *gx_pipe_cfg_check(const gx_pipe_cfg_t *c)
{
    if (c->width < 1 || c->width > GX_MAX_VIEWPORT)
        return "SURF_SIZE.WIDTH outside 1..8192";
    if (c->height < 1 || c->height > GX_MAX_VIEWPORT)
        return "SURF_SIZE.HEIGHT outside 1..8192";
    if (c->samples > 4)
        return "SURF_FMT.SAMPLES above 4 (N = 1..16)";
    if (c->bps > 2)
        return "SURF_FMT.BPS 3";
    if (c->conservative > 1)
        return "RASTER.CONSERVATIVE above 1";
    if (c->slots < 1 || c->slots > GX_MS_MAX_SLOTS)
        return "K (slots) outside 1..32";
    if (c->surf_base % GX_MSMEM_ALIGN || c->index_base % GX_MSMEM_ALIGN ||
        c->state_base % GX_MSMEM_ALIGN)
        return "a base not 256-byte aligned";
    gx_ms_cfg_t ms;
    gx_pipe_ms_cfg(c, &ms);
    if (!gx_mssurf_cfg_ok(&ms))
        return "the surface above 2^28 bytes";
    const uint64_t tiles = gx_mssurf_tiles(&ms);
    const uint64_t base[3] = {c->surf_base, c->index_base, c->state_base};
    const uint64_t len[3] = {tiles * GX_MS_TILE_BYTES, tiles * GX_MSMEM_INDEX_TILE_BYTES, tiles};
    for (unsigned r = 0; r < 3; r++)
        if (base[r] > UINT64_MAX - len[r])
            return "a region passes 2^64";
    if (overlap(base[0], len[0], base[1], len[1]) || overlap(base[0], len[0], base[2], len[2]) ||
        overlap(base[1], len[1], base[2], len[2]))
        return "two regions overlap";
    return NULL;
}

/* ---------------------------------------------------------------------------------
 * The memory port: the flush encoder's and the load finisher's transactions on the
 * physical image, counted and reported. */

static void report(gx_pipe_t *p, gx_pipe_mem_op_t *op)
{
    op->seq = p->stat.reads + p->stat.writes;
    if (op->write) {
        p->stat.writes++;
        p->stat.write_data += op->io.data_bytes;
        p->stat.write_state += op->io.state_bytes;
        p->cnt.bytes_wr += (uint64_t)op->io.data_bytes + op->io.state_bytes;
    } else {
        p->stat.reads++;
        p->stat.read_data += op->io.data_bytes;
        p->stat.read_state += op->io.state_bytes;
        p->cnt.bytes_rd += (uint64_t)op->io.data_bytes + op->io.state_bytes;
    }
    if (p->mem_fn)
        p->mem_fn(p->mem_ctx, op);
}

static uint32_t port_read(void *ctx, uint32_t tile, uint32_t pixels, gx_ms_read_kind_t kind,
                          uint8_t img[GX_MS_TILE_BYTES], gx_enc_t *enc)
{
    gx_pipe_t *p = ctx;
    gx_pipe_mem_op_t op;
    memset(&op, 0, sizeof op);
    op.kind = kind;
    op.tile = tile;
    op.pixels = pixels;
    const uint32_t bytes = gx_msmem_read(&p->mem, tile, pixels, img, &op.enc, &op.io);
    *enc = op.enc;
    report(p, &op);
    return bytes;
}

static int port_write(void *ctx, const gx_ms_flush_t *f)
{
    gx_pipe_t *p = ctx;
    gx_pipe_mem_op_t op;
    memset(&op, 0, sizeof op);
    op.write = 1;
    op.tile = f->tile;
    op.pixels = f->written;
    op.enc = f->enc;
    op.flush = f;
    op.ok = gx_msmem_write(&p->mem, f, &op.io);
    if (op.ok)
        /* N B bytes a pixel, N the rasterizer's (1 at 1x) */
        p->stat.write_uncomp += (uint64_t)popcount32(f->written) * p->rs.samples *
                                (4u << p->ms.bps);
    else
        p->stat.bad_writes++;
    report(p, &op);
    return op.ok;
}

/* ---------------------------------------------------------------------------------
 * Set-up. */

gx_pipe_init_res_t gx_pipe_init(gx_pipe_t *p, const gx_pipe_cfg_t *cfg)
{
    memset(p, 0, sizeof *p);
    p->cfg = *cfg;
    if (gx_pipe_cfg_check(cfg)) {
        p->status = GX_PIPE_STATUS_CFG_ERR; /* the pipeline stays idle */
        return GX_PIPE_INIT_BAD_CFG;
    }
    gx_pipe_ms_cfg(cfg, &p->ms);
    if (!gx_msmem_init(&p->mem, &p->ms, cfg->surf_base, cfg->index_base, cfg->state_base))
        return GX_PIPE_INIT_NO_MODEL;
    p->rs.width = cfg->width;
    p->rs.height = cfg->height;
    p->rs.samples = (uint8_t)(1u << cfg->samples);
    p->rs.patternsets = 0; /* no register: off */
    p->rs.conservative = cfg->conservative;
    p->rs.cons_err = cfg->cons_err;
    gx_pipe_cmd_init(&p->dec, &p->ms);
    gx_raster_default_table(p->rs.samples, &p->table);
    gx_pipe_pix_init(&p->pix);
    gx_mssurf_lsu_init(&p->lsu, &p->ms);
    p->port.read = port_read;
    p->port.write = port_write;
    p->port.ctx = p;
    p->enabled = 1;
    return GX_PIPE_INIT_OK;
}

void gx_pipe_free(gx_pipe_t *p)
{
    gx_msmem_free(&p->mem);
    free(p->ld);
    p->ld = NULL;
    p->ld_head = p->ld_n = p->ld_cap = 0;
    p->enabled = 0;
}

void gx_pipe_set_mem_hook(gx_pipe_t *p, gx_pipe_mem_fn fn, void *ctx)
{
    p->mem_fn = fn;
    p->mem_ctx = ctx;
}

void gx_pipe_set_scissor(gx_pipe_t *p, int on, int32_t x0, int32_t y0, int32_t x1, int32_t y1)
{
    p->scissor = on != 0;
    p->sc_x0 = x0;
    p->sc_y0 = y0;
    p->sc_x1 = x1;
    p->sc_y1 = y1;
}

void gx_pipe_set_cov_hook(gx_pipe_t *p, uint16_t (*fn)(void *ctx, uint32_t px, uint32_t py,
                                                       uint16_t mask), void *ctx)
{
    p->cov_fn = fn;
    p->cov_ctx = ctx;
}

void gx_pipe_set_fine_owner(gx_pipe_t *p, unsigned pipes, unsigned owner)
{
    p->fine_pipes = (uint8_t)pipes;
    p->fine_owner = (uint8_t)owner;
}

/* ---------------------------------------------------------------------------------
 * The chain. */

/* A tile leaving the coalesce buffer: counted, through the flush encoder to memory. */
static void on_evict(void *ctx, const gx_ms_evict_t *ev)
{
    gx_pipe_t *p = ctx;
    gx_ms_flush_t f;
    p->cnt.flush[ev->cause & 3u]++;
    (void)gx_mssurf_writeback_port(&p->ms, &p->port, ev, &f);
}

/* A quad group out of the rasterizer: the pixel stage's stores, each through the
 * coalesce unit in order. */
static void on_group(void *ctx, const gx_rs_group_t *g)
{
    gx_pipe_t *p = ctx;
    gx_ms_store_t st[16];
    gx_rs_group_t g1;
    /* a group lies in one fine tile: quads (qx, qy) of fine tile (qx / 4, qy / 4) */
    if (p->fine_pipes > 1 &&
        (g->qx / 4u + 2u * (g->qy / 4u)) % p->fine_pipes != p->fine_owner)
        return;
    if (p->cov_fn) { /* the depth test: the samples that passed */
        g1 = *g;
        g1.valid = 0;
        for (unsigned l = 0; l < GX_RASTER_LANES; l++) {
            for (unsigned k = 0; k < 4; k++)
                if (g1.mask[l][k])
                    g1.mask[l][k] = p->cov_fn(p->cov_ctx, 2u * (g1.qx + l) + (k & 1u),
                                              2u * g1.qy + (k >> 1), g1.mask[l][k]);
            if (g1.mask[l][0] | g1.mask[l][1] | g1.mask[l][2] | g1.mask[l][3])
                g1.valid |= (uint8_t)(1u << l);
        }
        if (!g1.valid)
            return;
        g = &g1;
    }
    if (!p->cfg.samples) { /* 1x: the one sample stored as both samples of the 2x surface */
        if (g != &g1)
            g1 = *g;
        for (unsigned l = 0; l < GX_RASTER_LANES; l++)
            for (unsigned k = 0; k < 4; k++)
                g1.mask[l][k] = (uint16_t)(g1.mask[l][k] | (g1.mask[l][k] & 1u) << 1);
        g = &g1;
    }
    const int n = gx_pipe_pix_group(&p->pix, g, st); /* the tag is live: its color was written */
    for (int i = 0; i < n; i++) {
        p->cnt.pixels++;
        /* the rasterizer's covered samples: one a pixel at 1x */
        p->cnt.samples += p->cfg.samples ? popcount16(st[i].mask) : 1u;
        p->cnt.stores++;
        gx_mssurf_coalesce(&p->lsu, &st[i], on_evict, p);
    }
}

static void run_triangle(gx_pipe_t *p, const gx_pipe_cmd_t *c)
{
    gx_rs_tri_t tri;
    gx_rs_setup_t s;
    p->cnt.triangles++;
    memcpy(tri.x, c->x, sizeof tri.x);
    memcpy(tri.y, c->y, sizeof tri.y);
    /* the ring never fills: every triangle is done before the next color is written */
    const uint16_t tag = gx_pipe_pix_color(&p->pix, c->data);
    gx_raster_setup(&p->rs, &tri, &s);
    if (p->scissor) {
        s.px0 = s.px0 > p->sc_x0 ? s.px0 : p->sc_x0;
        s.py0 = s.py0 > p->sc_y0 ? s.py0 : p->sc_y0;
        s.px1 = s.px1 < p->sc_x1 ? s.px1 : p->sc_x1;
        s.py1 = s.py1 < p->sc_y1 ? s.py1 : p->sc_y1;
    }
    gx_raster_tri_groups(&p->rs, &p->table, &s, GX_RASTER_LANES, tag, on_group, p);
    gx_pipe_pix_idle(&p->pix); /* the rasterizer idle, the stage empty */
}

static int push_beats(gx_pipe_t *p, const gx_pipe_beat_t *b, size_t n)
{
    if (p->ld_head + p->ld_n + n > p->ld_cap) {
        if (p->ld_head) { /* reuse the taken part first */
            memmove(p->ld, p->ld + p->ld_head, p->ld_n * sizeof *p->ld);
            p->ld_head = 0;
        }
        if (p->ld_n + n > p->ld_cap) {
            size_t cap = p->ld_cap ? 2 * p->ld_cap : 96;
            while (cap < p->ld_n + n)
                cap *= 2;
            gx_pipe_beat_t *q = realloc(p->ld, cap * sizeof *q);
            if (!q)
                return 0;
            p->ld = q;
            p->ld_cap = cap;
        }
    }
    memcpy(p->ld + p->ld_head + p->ld_n, b, n * sizeof *b);
    p->ld_n += n;
    return 1;
}

static void run_load(gx_pipe_t *p, const gx_pipe_cmd_t *c)
{
    gx_ms_evict_t snap;
    gx_ms_load_t ld = {c->lx, c->ly, c->sample};
    gx_ms_load_resp_t r;
    gx_pipe_beat_t beats[GX_PIPE_LD_BEATS];
    gx_mssurf_coalesce_load(&p->lsu, c->lx, c->ly, &snap);
    gx_mssurf_load_finish_port(&p->ms, &p->port, &snap, &ld, &r);
    p->cnt.loads++;
    gx_pipe_ld_encode(&r, beats);
    if (!push_beats(p, beats, GX_PIPE_LD_BEATS))
        p->oom = 1;
}

int gx_pipe_beat(gx_pipe_t *p, const gx_pipe_beat_t *b)
{
    if (p->oom)
        return -1;
    if (!p->enabled)
        return 0;
    gx_pipe_cmd_t c;
    gx_cmd_err_t err = GX_CMDERRNONE;
    p->stat.beats++;
    switch (gx_pipe_cmd_beat(&p->dec, b, &c, &err)) {
    case GX_PIPE_CMD_NONE:
        break;
    case GX_PIPE_CMD_ERR:
        p->status |= GX_PIPE_STATUS_CMD_ERR;
        p->stat.bad_cmds++;
        p->stat.err[(unsigned)err < 7u ? (unsigned)err : 0u]++;
        break;
    case GX_PIPE_CMD_CMD:
        p->stat.commands++;
        p->stat.kind[(unsigned)c.kind & 3u]++;
        switch (c.kind) {
        case GX_CMDTRIANGLE:
            run_triangle(p, &c);
            break;
        case GX_CMDPATTERN:
            memcpy(p->table.slot, c.data, GX_PATTERN_SLOTS);
            p->table_written = 1;
            break;
        case GX_CMDFLUSH:
            gx_mssurf_coalesce_flush(&p->lsu, on_evict, p);
            break;
        case GX_CMDLOAD:
            run_load(p, &c);
            break;
        }
        break;
    }
    return p->oom ? -1 : 1;
}

int gx_pipe_send(gx_pipe_t *p, const gx_pipe_cmd_t *cmd)
{
    gx_pipe_beat_t beats[GX_PIPE_CMD_MAX_BEATS];
    const unsigned n = gx_pipe_cmd_encode(cmd, p->ms.bps, beats);
    int taken = 0;
    for (unsigned i = 0; i < n; i++) {
        const int r = gx_pipe_beat(p, &beats[i]);
        if (r < 0)
            return -1;
        taken += r;
    }
    return taken;
}

/* ---------------------------------------------------------------------------------
 * Load responses. */

size_t gx_pipe_ld_count(const gx_pipe_t *p)
{
    return p->ld_n;
}

int gx_pipe_ld_take(gx_pipe_t *p, gx_pipe_beat_t *b)
{
    if (!p->ld_n)
        return 0;
    *b = p->ld[p->ld_head++];
    if (--p->ld_n == 0)
        p->ld_head = 0;
    return 1;
}

/* Beat 2's fields: LSB and width (widths of ms_ldresp_t). */
#define LD_MASK_LSB 0u
#define LD_ENC_LSB (LD_MASK_LSB + GX_MS_LDRESP_MASK_BITS)           /* 16 */
#define LD_ANALYZED_LSB (LD_ENC_LSB + GX_MS_LDRESP_ENC_BITS)         /* 18 */
#define LD_PASSES_LSB (LD_ANALYZED_LSB + GX_MS_LDRESP_ANALYZED_BITS) /* 19 */
#define LD_READ_LSB (LD_PASSES_LSB + GX_MS_LDRESP_PASSES_BITS)       /* 35 */
#define LD_BITS (LD_READ_LSB + GX_MS_LDRESP_READ_BYTES_BITS)         /* 44 */
_Static_assert(LD_READ_LSB == 35 && LD_BITS == 44, "docs/pipe.md: bytes read [43:35]");

static uint64_t field(uint64_t v, unsigned bits)
{
    return v & ((1ull << bits) - 1u);
}

void gx_pipe_ld_encode(const gx_ms_load_resp_t *r, gx_pipe_beat_t beats[GX_PIPE_LD_BEATS])
{
    memset(beats, 0, GX_PIPE_LD_BEATS * sizeof *beats);
    for (unsigned j = 0; j < 16; j++)
        beats[j / 8u].data |= (uint64_t)r->value[j] << (8u * (j % 8u));
    beats[2].data = field(r->mask, GX_MS_LDRESP_MASK_BITS) << LD_MASK_LSB |
                    field((uint64_t)r->enc, GX_MS_LDRESP_ENC_BITS) << LD_ENC_LSB |
                    field(r->analyzed, GX_MS_LDRESP_ANALYZED_BITS) << LD_ANALYZED_LSB |
                    field(r->passes, GX_MS_LDRESP_PASSES_BITS) << LD_PASSES_LSB |
                    field(r->read_bytes, GX_MS_LDRESP_READ_BYTES_BITS) << LD_READ_LSB;
    for (unsigned i = 0; i < GX_PIPE_LD_BEATS; i++)
        beats[i].keep = 0xff;
    beats[GX_PIPE_LD_BEATS - 1].last = 1;
}

int gx_pipe_ld_decode(const gx_pipe_beat_t beats[GX_PIPE_LD_BEATS], gx_ms_load_resp_t *r)
{
    memset(r, 0, sizeof *r);
    for (unsigned j = 0; j < 16; j++)
        r->value[j] = (uint8_t)(beats[j / 8u].data >> (8u * (j % 8u)));
    const uint64_t w = beats[2].data;
    r->mask = (uint16_t)field(w >> LD_MASK_LSB, GX_MS_LDRESP_MASK_BITS);
    r->enc = (gx_enc_t)field(w >> LD_ENC_LSB, GX_MS_LDRESP_ENC_BITS);
    r->analyzed = (uint8_t)field(w >> LD_ANALYZED_LSB, GX_MS_LDRESP_ANALYZED_BITS);
    r->passes = (uint16_t)field(w >> LD_PASSES_LSB, GX_MS_LDRESP_PASSES_BITS);
    r->read_bytes = (uint32_t)field(w >> LD_READ_LSB, GX_MS_LDRESP_READ_BYTES_BITS);
    int ok = (w >> LD_BITS) == 0;
    for (unsigned i = 0; i < GX_PIPE_LD_BEATS; i++)
        ok &= beats[i].keep == 0xff && beats[i].last == (i == GX_PIPE_LD_BEATS - 1);
    return ok;
}

/* ---------------------------------------------------------------------------------
 * Registers. */

int gx_pipe_idle(const gx_pipe_t *p)
{
    if (p->dec.beat != 0)
        return 0;
    for (unsigned i = 0; i < GX_MS_MAX_SLOTS; i++)
        if (p->lsu.slot[i].valid)
            return 0;
    return 1;
}

uint32_t gx_pipe_status(const gx_pipe_t *p)
{
    return p->status | (gx_pipe_idle(p) ? GX_PIPE_STATUS_IDLE : 0u);
}

void gx_pipe_status_write(gx_pipe_t *p, uint32_t w1c)
{
    p->status &= ~(w1c & (GX_PIPE_STATUS_CMD_ERR | GX_PIPE_STATUS_CFG_ERR |
                          GX_PIPE_STATUS_MEM_ERR));
}

int gx_pipe_cnt_read(const gx_pipe_t *p, unsigned off, uint32_t *v)
{
    *v = 0;
    if (off % 4u || off >= 8u * GX_PIPE_CNT_MODELLED)
        return 0;
    const uint64_t c[GX_PIPE_CNT_MODELLED] = {
        p->cnt.triangles, p->cnt.pixels, p->cnt.samples, p->cnt.stores, p->cnt.loads,
        p->cnt.flush[GX_MS_FULL], p->cnt.flush[GX_MS_EVICT], p->cnt.flush[GX_MS_CONFLICT],
        p->cnt.flush[GX_MS_COMMAND], p->cnt.bytes_rd, p->cnt.bytes_wr};
    *v = (uint32_t)(c[off / 8u] >> (off % 8u ? 32 : 0));
    return 1;
}

void gx_pipe_cnt_clear(gx_pipe_t *p)
{
    memset(&p->cnt, 0, sizeof p->cnt);
}

int gx_pipe_peek_tile(gx_pipe_t *p, uint32_t t, uint8_t out[GX_MS_TILE_BYTES], gx_enc_t *enc,
                      gx_msmem_io_t *io)
{
    memset(out, 0, GX_MS_TILE_BYTES);
    if (!p->mem.img || t >= p->mem.tiles)
        return 0;
    const gx_msmem_cnt_t keep = p->mem.cnt; /* not a transaction */
    gx_enc_t e;
    (void)gx_msmem_read(&p->mem, t, gx_mssurf_tile_valid(&p->ms, t), out, &e, io);
    p->mem.cnt = keep;
    if (enc)
        *enc = e;
    return 1;
}
