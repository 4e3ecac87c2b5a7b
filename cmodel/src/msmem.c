/* gx_msmem golden model: the surface in gx_pipe's physical memory layout, see gx/msmem.h
 * and docs/pipe.md ("Memory: what lives where", "The C model: gx_msmem"). */
#include "gx/msmem.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ms_internal.h"

static unsigned lg2(unsigned n)
{
    unsigned l = 0;
    while ((1u << l) < n)
        l++;
    return l;
}

unsigned gx_msmem_index_bytes(gx_spp_t spp)
{
    const unsigned n = spp_n(spp);
    return (n * lg2(n) + 7u) / 8u;
}

/* [a, a + la) and [b, b + lb) overlap */
static int overlap(uint64_t a, uint64_t la, uint64_t b, uint64_t lb)
{
    return a < b + lb && b < a + la;
}

int gx_msmem_init(gx_msmem_t *m, const gx_ms_cfg_t *cfg, uint64_t surf_base,
                  uint64_t index_base, uint64_t state_base)
{
    memset(m, 0, sizeof *m);
    if (!gx_mssurf_cfg_ok(cfg))
        return 0;
    const uint64_t tiles = gx_mssurf_tiles(cfg);
    const uint64_t base[3] = {surf_base, index_base, state_base};
    const uint64_t len[3] = {tiles * GX_MS_TILE_BYTES, tiles * GX_MSMEM_INDEX_TILE_BYTES, tiles};
    uint64_t lo = UINT64_MAX, hi = 0;
    for (unsigned r = 0; r < 3; r++) {
        if (base[r] % GX_MSMEM_ALIGN || base[r] > UINT64_MAX - len[r])
            return 0;
        lo = base[r] < lo ? base[r] : lo;
        hi = base[r] + len[r] > hi ? base[r] + len[r] : hi;
    }
    if (overlap(base[0], len[0], base[1], len[1]) || overlap(base[0], len[0], base[2], len[2]) ||
        overlap(base[1], len[1], base[2], len[2]) || hi - lo > GX_MSMEM_MAX_SPAN)
        return 0;
    m->img = calloc((size_t)(hi - lo), 1);
    if (!m->img)
        return 0;
    m->cfg = *cfg;
    m->tiles = (uint32_t)tiles;
    m->surf_base = surf_base;
    m->index_base = index_base;
    m->state_base = state_base;
    m->lo = lo;
    m->hi = hi;
    return 1;
}

void gx_msmem_free(gx_msmem_t *m)
{
    free(m->img);
    m->img = NULL;
}

void gx_msmem_clear(gx_msmem_t *m)
{
    memset(m->img + (m->surf_base - m->lo), 0, (size_t)m->tiles * GX_MS_TILE_BYTES);
    memset(m->img + (m->index_base - m->lo), 0, (size_t)m->tiles * GX_MSMEM_INDEX_TILE_BYTES);
    memset(m->img + (m->state_base - m->lo), 0, m->tiles);
}

/* ---------------------------------------------------------------------------------
 * Byte moves: each one through move(), which records its range. */

typedef struct xfer {
    gx_msmem_t *m;
    gx_msmem_io_t *io;      /* may be NULL */
    int write;
    uint32_t data, state;
    unsigned group, last_group; /* a range merges only with the previous one of its group */
} xfer_t;

/* Move len bytes between buf and address addr of region `region`, group `group`. */
static void move(xfer_t *x, gx_msmem_region_t region, uint64_t addr, uint8_t *buf, unsigned len)
{
    uint8_t *p = x->m->img + (addr - x->m->lo);
    if (x->write)
        memcpy(p, buf, len);
    else
        memcpy(buf, p, len);
    if (region == GX_MSMEM_STATE)
        x->state += len;
    else
        x->data += len;
    gx_msmem_io_t *io = x->io;
    if (!io)
        return;
    if (io->n && x->last_group == x->group && io->r[io->n - 1].addr + io->r[io->n - 1].len == addr) {
        io->r[io->n - 1].len += len;
    } else if (io->n < GX_MSMEM_MAX_RANGES) { /* the bound of GX_MSMEM_MAX_RANGES holds */
        io->r[io->n].addr = addr;
        io->r[io->n].len = len;
        io->r[io->n].region = (uint8_t)region;
        io->n++;
    }
    x->last_group = x->group;
}

static void xfer_done(const xfer_t *x)
{
    if (x->io) {
        x->io->data_bytes = x->data;
        x->io->state_bytes = x->state;
    }
}

/* A subset pixel's class numbers, canonical order: num[s] = class of sample s; returns k. */
static unsigned class_numbers(unsigned n, unsigned b, const uint8_t *px, uint8_t num[GX_MS_MAX_SPP])
{
    uint16_t cls[GX_MS_MAX_SPP];
    unsigned k = 0;
    gx_ms_classes_exact(n, b, px, cls);
    for (unsigned s = 0; s < n; s++) {
        const uint16_t below = (uint16_t)(cls[s] & ((1u << s) - 1u));
        if (!below) {
            num[s] = (uint8_t)k++;
        } else {
            unsigned first = 0;
            while (!((below >> first) & 1u))
                first++;
            num[s] = num[first];
        }
    }
    return k;
}

/* Pack class numbers into I(N) bytes: sample s's in bits [s lg +: lg], little-endian. */
static void index_pack(unsigned n, const uint8_t num[GX_MS_MAX_SPP], uint8_t out[8])
{
    const unsigned lg = lg2(n);
    memset(out, 0, 8);
    for (unsigned s = 0; s < n; s++)
        for (unsigned j = 0; j < lg; j++)
            if ((num[s] >> j) & 1u)
                out[(s * lg + j) / 8u] = (uint8_t)(out[(s * lg + j) / 8u] | (1u << ((s * lg + j) % 8u)));
}

static void index_unpack(unsigned n, const uint8_t in[8], uint8_t num[GX_MS_MAX_SPP])
{
    const unsigned lg = lg2(n);
    for (unsigned s = 0; s < n; s++) {
        unsigned c = 0;
        for (unsigned j = 0; j < lg; j++)
            c |= (unsigned)((in[(s * lg + j) / 8u] >> ((s * lg + j) % 8u)) & 1u) << j;
        num[s] = (uint8_t)c;
    }
}

/* ---------------------------------------------------------------------------------
 * Transactions. */

static void io_clear(gx_msmem_io_t *io)
{
    if (io) {
        io->data_bytes = io->state_bytes = 0;
        io->n = 0;
    }
}

int gx_msmem_write(gx_msmem_t *m, const gx_ms_flush_t *f, gx_msmem_io_t *io)
{
    const gx_ms_cfg_t *cfg = &m->cfg;
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg), ib = gx_msmem_index_bytes(cfg->spp);
    uint8_t dec[GX_MS_TILE_BYTES];
    io_clear(io);
    /* the refusals of gx_mssurf_mem_write, in its order */
    if (f->tile >= m->tiles || f->payload_bytes > GX_MS_MAX_PAYLOAD) {
        m->cnt.bad_writes++;
        return 0;
    }
    const uint32_t valid = gx_mssurf_tile_valid(cfg, f->tile);
    const uint8_t old = gx_msmem_peek(m, m->state_base + f->tile);
    memset(dec, 0, sizeof dec);
    if ((f->written & ~valid) ||
        (f->written != valid && ((unsigned)f->enc != (old & 3u) || f->enc == GX_ENCUNIFORM)) ||
        !gx_mssurf_decode(cfg, f->enc, f->written, f->payload, f->payload_bytes, dec)) {
        m->cnt.bad_writes++;
        return 0;
    }
    xfer_t x = {m, io, 1, 0, 0, 0, 0};
    const uint64_t home = m->surf_base + (uint64_t)f->tile * GX_MS_TILE_BYTES;
    const uint64_t idx = m->index_base + (uint64_t)f->tile * GX_MSMEM_INDEX_TILE_BYTES;
    uint8_t num[GX_MS_MAX_TILE_PIXELS][GX_MS_MAX_SPP];
    x.group = 0; /* home bytes, ascending; a uniform tile's value is pixel 0's place */
    for (unsigned p = 0; p < np; p++) {
        if (!((f->written >> p) & 1u) || (f->enc == GX_ENCUNIFORM && p))
            continue;
        uint8_t *px = dec + p * pb;
        if (f->enc == GX_ENC1SPP || f->enc == GX_ENCUNIFORM) {
            move(&x, GX_MSMEM_HOME, home + (uint64_t)b * p, px, b);
        } else if (f->enc == GX_ENCFULL) {
            move(&x, GX_MSMEM_HOME, home + (uint64_t)pb * p, px, pb);
        } else {
            uint8_t vals[GX_MS_MAX_PIXEL_BYTES];
            const unsigned k = class_numbers(n, b, px, num[p]);
            for (unsigned s = 0; s < n; s++) /* the first sample of class c is its leader */
                memcpy(vals + num[p][s] * b, px + s * b, b);
            move(&x, GX_MSMEM_HOME, home + (uint64_t)pb * p, vals, k * b);
        }
    }
    if (f->enc == GX_ENCSUBSET) {
        x.group = 1; /* index bytes, ascending */
        for (unsigned p = 0; p < np; p++) {
            if (!((f->written >> p) & 1u))
                continue;
            uint8_t bytes[8];
            index_pack(n, num[p], bytes);
            move(&x, GX_MSMEM_INDEX, idx + (uint64_t)ib * p, bytes, ib);
        }
    }
    x.group = 2; /* the state byte */
    uint8_t st = (uint8_t)f->enc;
    move(&x, GX_MSMEM_STATE, m->state_base + f->tile, &st, 1);
    xfer_done(&x);
    m->cnt.writes++;
    m->cnt.write_bytes += x.data;
    m->cnt.write_state += x.state;
    return 1;
}

uint32_t gx_msmem_read(gx_msmem_t *m, uint32_t tile, uint32_t pixels,
                       uint8_t tile_out[GX_MS_TILE_BYTES], gx_enc_t *enc, gx_msmem_io_t *io)
{
    const gx_ms_cfg_t *cfg = &m->cfg;
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg), ib = gx_msmem_index_bytes(cfg->spp);
    io_clear(io);
    if (tile >= m->tiles)
        return 0;
    pixels &= gx_mssurf_tile_valid(cfg, tile); /* missing pixels have no bytes to read */
    xfer_t x = {m, io, 0, 0, 0, 0, 0};
    const uint64_t home = m->surf_base + (uint64_t)tile * GX_MS_TILE_BYTES;
    const uint64_t idx = m->index_base + (uint64_t)tile * GX_MSMEM_INDEX_TILE_BYTES;
    uint8_t st;
    x.group = 0; /* the state byte first: it says where the pixels are */
    move(&x, GX_MSMEM_STATE, m->state_base + tile, &st, 1);
    const gx_enc_t e = (gx_enc_t)(st & 3u); /* bits 1..0 */
    if (enc)
        *enc = e;
    uint8_t num[GX_MS_MAX_TILE_PIXELS][GX_MS_MAX_SPP];
    if (e == GX_ENCSUBSET) {
        x.group = 1; /* index bytes: they say how many values each pixel has */
        for (unsigned p = 0; p < np; p++) {
            if (!((pixels >> p) & 1u))
                continue;
            uint8_t bytes[8];
            move(&x, GX_MSMEM_INDEX, idx + (uint64_t)ib * p, bytes, ib);
            index_unpack(n, bytes, num[p]);
        }
    }
    x.group = 2; /* home bytes */
    if (e == GX_ENCUNIFORM && pixels) { /* the tile's one value, for every pixel asked */
        uint8_t v[GX_MS_MAX_PIXEL_BYTES];
        move(&x, GX_MSMEM_HOME, home, v, b);
        for (unsigned p = 0; p < np; p++)
            if ((pixels >> p) & 1u)
                for (unsigned s = 0; s < n; s++)
                    memcpy(tile_out + p * pb + s * b, v, b);
        pixels = 0;
    }
    for (unsigned p = 0; p < np; p++) {
        if (!((pixels >> p) & 1u))
            continue;
        uint8_t *px = tile_out + p * pb;
        if (e == GX_ENC1SPP) {
            move(&x, GX_MSMEM_HOME, home + (uint64_t)b * p, px, b);
            for (unsigned s = 1; s < n; s++)
                memcpy(px + s * b, px, b);
        } else if (e == GX_ENCFULL) {
            move(&x, GX_MSMEM_HOME, home + (uint64_t)pb * p, px, pb);
        } else {
            uint8_t vals[GX_MS_MAX_PIXEL_BYTES];
            unsigned k = 0;
            for (unsigned s = 0; s < n; s++)
                k = num[p][s] + 1u > k ? num[p][s] + 1u : k;
            move(&x, GX_MSMEM_HOME, home + (uint64_t)pb * p, vals, k * b);
            for (unsigned s = 0; s < n; s++)
                memcpy(px + s * b, vals + num[p][s] * b, b);
        }
    }
    xfer_done(&x);
    m->cnt.reads++;
    m->cnt.read_bytes += x.data;
    m->cnt.read_state += x.state;
    return x.data;
}

uint32_t gx_msmem_answer(gx_msmem_t *m, const uint32_t req[GX_MS_RDREQ_WORDS],
                         uint32_t resp[GX_MS_RDRESP_WORDS])
{
    uint32_t tile, pixels;
    gx_ms_read_kind_t kind;
    uint8_t img[GX_MS_TILE_BYTES];
    gx_enc_t e;
    gx_mssurf_rdreq_unpack(req, &tile, &pixels, &kind);
    memset(resp, 0, GX_MS_RDRESP_WORDS * sizeof resp[0]);
    if (tile >= m->tiles)
        return 0;
    memset(img, 0, sizeof img);
    const uint32_t bytes = gx_msmem_read(m, tile, pixels, img, &e, NULL);
    gx_bits_set(resp, GX_MS_RDRESP_ENC_LSB, GX_MS_RDRESP_ENC_BITS, (uint32_t)e);
    gx_bits_set(resp, GX_MS_RDRESP_BYTES_LSB, GX_MS_RDRESP_BYTES_BITS, bytes);
    for (unsigned j = 0; j < GX_MS_TILE_BYTES; j++)
        resp[j / 4u] |= (uint32_t)img[j] << (8u * (j % 4u));
    return 1;
}

/* ---------------------------------------------------------------------------------
 * Inspection. */

uint8_t gx_msmem_peek(const gx_msmem_t *m, uint64_t addr)
{
    return addr >= m->lo && addr < m->hi ? m->img[addr - m->lo] : 0;
}

uint64_t gx_msmem_compare(const gx_msmem_t *m, const uint8_t *other, uint64_t base,
                          uint64_t len, uint64_t *first)
{
    uint64_t diffs = 0;
    const uint64_t lo = m->lo < base ? m->lo : base;
    const uint64_t hi = m->hi > base + len ? m->hi : base + len;
    for (uint64_t a = lo; a < hi; a++) {
        const uint8_t o = a >= base && a < base + len ? other[a - base] : 0;
        if (gx_msmem_peek(m, a) != o) {
            if (!diffs && first)
                *first = a;
            diffs++;
        }
    }
    return diffs;
}

gx_msmem_loc_t gx_msmem_where(const gx_msmem_t *m, uint64_t addr)
{
    gx_msmem_loc_t l = {GX_MSMEM_OUTSIDE, 0, 0};
    if (addr >= m->surf_base && addr - m->surf_base < (uint64_t)m->tiles * GX_MS_TILE_BYTES) {
        l.region = GX_MSMEM_HOME;
        l.tile = (uint32_t)((addr - m->surf_base) / GX_MS_TILE_BYTES);
        l.offset = (uint32_t)((addr - m->surf_base) % GX_MS_TILE_BYTES);
    } else if (addr >= m->index_base &&
               addr - m->index_base < (uint64_t)m->tiles * GX_MSMEM_INDEX_TILE_BYTES) {
        l.region = GX_MSMEM_INDEX;
        l.tile = (uint32_t)((addr - m->index_base) / GX_MSMEM_INDEX_TILE_BYTES);
        l.offset = (uint32_t)((addr - m->index_base) % GX_MSMEM_INDEX_TILE_BYTES);
    } else if (addr >= m->state_base && addr - m->state_base < m->tiles) {
        l.region = GX_MSMEM_STATE;
        l.tile = (uint32_t)(addr - m->state_base);
    }
    return l;
}

char *gx_msmem_describe(const gx_msmem_t *m, uint64_t addr, char *buf, size_t len)
{
    static const char *names[4] = {"1spp", "subset", "full", "uniform"};
    const gx_ms_cfg_t *cfg = &m->cfg;
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg), ib = gx_msmem_index_bytes(cfg->spp);
    const gx_msmem_loc_t l = gx_msmem_where(m, addr);
    int o = snprintf(buf, len, "0x%" PRIx64 ": ", addr);
    if (o < 0 || (size_t)o >= len)
        return buf;
    char *q = buf + o;
    const size_t ql = len - (size_t)o;
    if (l.region == GX_MSMEM_OUTSIDE) {
        snprintf(q, ql, "outside the regions");
        return buf;
    }
    const unsigned st = gx_msmem_peek(m, m->state_base + l.tile) & 3u;
    const uint32_t valid = gx_mssurf_tile_valid(cfg, l.tile);
    if (l.region == GX_MSMEM_STATE) {
        snprintf(q, ql, "state byte of tile %" PRIu32 " (%s)", l.tile, names[st]);
    } else if (l.region == GX_MSMEM_INDEX) {
        const unsigned p = l.offset / ib;
        if (p >= np)
            snprintf(q, ql, "index block of tile %" PRIu32 ": unused byte %u", l.tile, l.offset);
        else
            snprintf(q, ql, "index block of tile %" PRIu32 " (%s): pixel %u%s index byte %u%s",
                     l.tile, names[st], p, (valid >> p) & 1u ? "" : " (missing)", l.offset % ib,
                     st == GX_ENCSUBSET ? "" : " (unused in this state)");
    } else if (st == GX_ENCUNIFORM) {
        if (l.offset >= b)
            snprintf(q, ql, "home of tile %" PRIu32 " (uniform): byte %u, unused in this state",
                     l.tile, l.offset);
        else
            snprintf(q, ql, "home of tile %" PRIu32 " (uniform): the tile's value byte %u",
                     l.tile, l.offset);
    } else if (st == GX_ENC1SPP) {
        const unsigned p = l.offset / b;
        if (p >= np)
            snprintf(q, ql, "home of tile %" PRIu32 " (1spp): byte %u, unused in this state",
                     l.tile, l.offset);
        else
            snprintf(q, ql, "home of tile %" PRIu32 " (1spp): pixel %u%s byte %u", l.tile, p,
                     (valid >> p) & 1u ? "" : " (missing)", l.offset % b);
    } else {
        const unsigned p = l.offset / pb, s = l.offset % pb / b;
        int used = 1;
        if (st == GX_ENCSUBSET) { /* slots beyond the pixel's k classes are unused */
            uint8_t bytes[8], num[GX_MS_MAX_SPP];
            unsigned k = 0;
            for (unsigned j = 0; j < ib; j++)
                bytes[j] = gx_msmem_peek(m, m->index_base + (uint64_t)l.tile * GX_MSMEM_INDEX_TILE_BYTES +
                                                (uint64_t)ib * p + j);
            index_unpack(n, bytes, num);
            for (unsigned i = 0; i < n; i++)
                k = num[i] + 1u > k ? num[i] + 1u : k;
            used = s < k;
        }
        snprintf(q, ql, "home of tile %" PRIu32 " (%s): pixel %u%s %s %u byte %u%s", l.tile,
                 names[st], p, (valid >> p) & 1u ? "" : " (missing)",
                 st == GX_ENCSUBSET ? "class" : "sample", s, l.offset % b,
                 used ? "" : " (beyond its classes: unused)");
    }
    return buf;
}
