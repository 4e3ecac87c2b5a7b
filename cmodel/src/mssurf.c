/* gx_mssurf golden model, the coalesce unit and coverage tracker, the surface format and
 * its memory: see gx/mssurf.h and docs/mssurf.md. The flush encoder is mswb.c, the
 * memory side of loads msld.c. */
#include "gx/mssurf.h"

#include <stdlib.h>
#include <string.h>

#include "gx/analyzer.h"
#include "gx/msmem.h"
#include "ms_internal.h"

void gx_mssurf_cfg_default(gx_ms_cfg_t *cfg, uint16_t width, uint16_t height, gx_spp_t spp,
                           gx_bps_t bps)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->width = width;
    cfg->height = height;
    cfg->spp = spp;
    cfg->bps = bps;
    cfg->slots = GX_MS_DEFAULT_SLOTS;
    cfg->threshold = 0;
}

unsigned gx_mssurf_tile_pixels(const gx_ms_cfg_t *cfg)
{
    return GX_MS_TILE_BYTES / (spp_n(cfg->spp) * bps_b(cfg->bps));
}

/* log2 P = 8 - log2 N - log2 B (N = 2 << spp, B = 4 << bps) */
static unsigned tile_plog(const gx_ms_cfg_t *cfg)
{
    return 5u - (unsigned)cfg->spp - (unsigned)cfg->bps;
}

unsigned gx_mssurf_tile_wlog(const gx_ms_cfg_t *cfg)
{
    return (tile_plog(cfg) + 1u) / 2u;
}

unsigned gx_mssurf_tile_hlog(const gx_ms_cfg_t *cfg)
{
    return tile_plog(cfg) / 2u;
}

uint32_t gx_mssurf_tiles_x(const gx_ms_cfg_t *cfg)
{
    const uint32_t tw = 1u << gx_mssurf_tile_wlog(cfg);
    return ((uint32_t)cfg->width + tw - 1u) / tw;
}

uint32_t gx_mssurf_tiles(const gx_ms_cfg_t *cfg)
{
    const uint32_t th = 1u << gx_mssurf_tile_hlog(cfg);
    return gx_mssurf_tiles_x(cfg) * (((uint32_t)cfg->height + th - 1u) / th);
}

uint32_t gx_mssurf_pixel_tile(const gx_ms_cfg_t *cfg, uint32_t x, uint32_t y, unsigned *p)
{
    const unsigned wl = gx_mssurf_tile_wlog(cfg), hl = gx_mssurf_tile_hlog(cfg);
    *p = ((y & ((1u << hl) - 1u)) << wl) | (x & ((1u << wl) - 1u));
    return (y >> hl) * gx_mssurf_tiles_x(cfg) + (x >> wl);
}

void gx_mssurf_tile_xy(const gx_ms_cfg_t *cfg, uint32_t tile, unsigned p, uint32_t *x,
                       uint32_t *y)
{
    const unsigned wl = gx_mssurf_tile_wlog(cfg), hl = gx_mssurf_tile_hlog(cfg);
    const uint32_t tx = gx_mssurf_tiles_x(cfg);
    *x = (tile % tx) << wl | (p & ((1u << wl) - 1u));
    *y = (tile / tx) << hl | (p >> wl);
}

size_t gx_mssurf_surface_bytes(const gx_ms_cfg_t *cfg)
{
    return (size_t)gx_mssurf_tiles(cfg) * GX_MS_TILE_BYTES;
}

int gx_mssurf_cfg_ok(const gx_ms_cfg_t *cfg)
{
    if (cfg->width < 1 || cfg->width > GX_MAX_VIEWPORT || cfg->height < 1 ||
        cfg->height > GX_MAX_VIEWPORT)
        return 0;
    if ((unsigned)cfg->spp > (unsigned)GX_SPP16 || bps_b(cfg->bps) == 0)
        return 0;
    if (cfg->slots < 1 || cfg->slots > GX_MS_MAX_SLOTS)
        return 0;
    /* W H <= 2^26 and P >= 1: the product cannot overflow 64 bits */
    return (uint64_t)gx_mssurf_tiles(cfg) * GX_MS_TILE_BYTES <= GX_MS_MAX_SURFACE_BYTES;
}

uint32_t gx_mssurf_tile_valid(const gx_ms_cfg_t *cfg, uint32_t tile)
{
    const unsigned p = gx_mssurf_tile_pixels(cfg);
    if (tile >= gx_mssurf_tiles(cfg))
        return 0;
    return p >= 32 ? 0xffffffffu : (uint32_t)((1u << p) - 1u);
}

size_t gx_mssurf_addr(const gx_ms_cfg_t *cfg, uint32_t x, uint32_t y, unsigned s)
{
    unsigned p;
    const uint32_t t = gx_mssurf_pixel_tile(cfg, x, y, &p);
    return (size_t)t * GX_MS_TILE_BYTES + ((size_t)p * spp_n(cfg->spp) + s) * bps_b(cfg->bps);
}

int gx_mssurf_near(const uint8_t *a, const uint8_t *b, unsigned bytes, unsigned t)
{
    for (unsigned i = 0; i < bytes; i++) {
        unsigned d = a[i] > b[i] ? (unsigned)(a[i] - b[i]) : (unsigned)(b[i] - a[i]);
        if (d > t)
            return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------------------------
 * Pixel classes. */

unsigned gx_mssurf_classes(gx_spp_t spp, gx_bps_t bps, const uint8_t tile[GX_MS_TILE_BYTES],
                           uint32_t pixels, uint16_t cls[GX_MS_MAX_TILE_PIXELS][GX_MS_MAX_SPP])
{
    const unsigned n = spp_n(spp), b = bps_b(bps), s = GX_LINE_BYTES / b;
    const unsigned pb = n * b, np = GX_MS_TILE_BYTES / pb;
    unsigned passes = 0;
    gx_an_req_t q;
    gx_an_resp_t r;
    memset(cls, 0, GX_MS_MAX_TILE_PIXELS * sizeof cls[0]);

    if (pb <= GX_LINE_BYTES) { /* whole pixels in a line: one analysis per line */
        const unsigned per = GX_LINE_BYTES / pb;
        for (unsigned l = 0; l < GX_MS_TILE_BYTES / GX_LINE_BYTES; l++) {
            uint32_t lp = ((1u << per) - 1u) << (l * per);
            if (!(pixels & lp))
                continue;
            memset(&q, 0, sizeof q);
            q.spp = spp;
            q.bps = bps;
            memcpy(q.line, tile + l * GX_LINE_BYTES, GX_LINE_BYTES);
            gx_analyzer_process(&q, &r);
            passes++;
            for (unsigned k = 0; k < per; k++) {
                unsigned p = l * per + k;
                if (!((pixels >> p) & 1u))
                    continue;
                for (unsigned i = 0; i < n; i++)
                    cls[p][i] = (uint16_t)((r.masks[k * n + i] >> (k * n)) & all_samples(n));
            }
        }
        return passes;
    }

    /* A pixel spans lines = pb / 32 lines of s slots; the analyzer groups a whole line. */
    for (unsigned p = 0; p < np; p++) {
        if (!((pixels >> p) & 1u))
            continue;
        const uint8_t *px = tile + p * pb;
        uint16_t gmask[GX_MS_MAX_SPP];
        unsigned grep[GX_MS_MAX_SPP], ng = 0;
        for (unsigned l = 0; l < pb / GX_LINE_BYTES; l++) {
            const unsigned ng0 = ng; /* classes of earlier lines */
            memset(&q, 0, sizeof q);
            q.spp = spp;
            q.bps = bps;
            memcpy(q.line, px + l * GX_LINE_BYTES, GX_LINE_BYTES);
            gx_analyzer_process(&q, &r);
            passes++;
            uint8_t m[GX_MAX_SLOTS];
            memcpy(m, r.masks, sizeof m);
            for (unsigned j = 0; j < s; j++) {
                if (m[j] & ((1u << j) - 1u))
                    continue; /* not the first slot of its line class */
                const unsigned rs = l * s + j;
                const uint16_t lm = (uint16_t)((unsigned)m[j] << (l * s));
                int found = -1;
                /* query passes: slot 0 = this class's first sample, slots 1.. = first
                 * samples of earlier classes; unused slots repeat slot 0 (ignored) */
                for (unsigned g0 = 0; g0 < ng0 && found < 0; g0 += s - 1) {
                    gx_an_req_t qq;
                    gx_an_resp_t rr;
                    memset(&qq, 0, sizeof qq);
                    qq.query = 1;
                    qq.qslot = 0;
                    qq.spp = spp;
                    qq.bps = bps;
                    for (unsigned k = 0; k < s; k++) {
                        unsigned src = (k == 0 || g0 + k - 1 >= ng0) ? rs : grep[g0 + k - 1];
                        memcpy(qq.line + k * b, px + src * b, b);
                    }
                    gx_analyzer_process(&qq, &rr);
                    passes++;
                    for (unsigned k = 1; k < s && g0 + k - 1 < ng0; k++)
                        if ((rr.masks[0] >> k) & 1u) {
                            found = (int)(g0 + k - 1);
                            break;
                        }
                }
                if (found >= 0) {
                    gmask[found] = (uint16_t)(gmask[found] | lm);
                } else {
                    grep[ng] = rs;
                    gmask[ng] = lm;
                    ng++;
                }
            }
        }
        for (unsigned g = 0; g < ng; g++)
            for (unsigned i = 0; i < n; i++)
                if ((gmask[g] >> i) & 1u)
                    cls[p][i] = gmask[g];
    }
    return passes;
}

gx_enc_t gx_mssurf_need(gx_spp_t spp, const uint16_t cls[GX_MS_MAX_SPP])
{
    const unsigned n = spp_n(spp);
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        if ((cls[i] & ((1u << i) - 1u)) == 0)
            k++;
    return k == 1 ? GX_ENC1SPP : k == n ? GX_ENCFULL : GX_ENCSUBSET;
}

/* The representation side (encoder, decoder, memory reads): a subset pixel's classes
 * are its stored masks, i.e. exact equality; computed here by direct comparison. */
void gx_ms_classes_exact(unsigned n, unsigned b, const uint8_t *px, uint16_t cls[GX_MS_MAX_SPP])
{
    for (unsigned i = 0; i < n; i++) {
        cls[i] = 0;
        for (unsigned j = 0; j < n; j++)
            if (memcmp(px + i * b, px + j * b, b) == 0)
                cls[i] = (uint16_t)(cls[i] | (1u << j));
    }
}

/* ---------------------------------------------------------------------------------
 * Encoder and decoder. */

unsigned gx_mssurf_encode(const gx_ms_cfg_t *cfg, gx_enc_t enc, uint32_t pixels,
                          const uint8_t tile[GX_MS_TILE_BYTES], uint8_t *out)
{
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg);
    unsigned len = 0;
    if (enc != GX_ENCSUBSET) { /* a uniform tile's payload is its 1SPP one */
        const unsigned each = enc == GX_ENCFULL ? pb : b;
        for (unsigned p = 0; p < np; p++)
            if ((pixels >> p) & 1u) {
                if (out)
                    memcpy(out + len, tile + p * pb, each);
                len += each;
            }
        return len;
    }
    /* subset: masks (bit-packed), then values */
    uint16_t cls[GX_MS_MAX_TILE_PIXELS][GX_MS_MAX_SPP];
    unsigned total = 0;
    for (unsigned p = 0; p < np; p++)
        if ((pixels >> p) & 1u) {
            gx_ms_classes_exact(n, b, tile + p * pb, cls[p]);
            for (unsigned i = 0; i < n; i++)
                if ((cls[p][i] & ((1u << i) - 1u)) == 0)
                    total++;
        }
    const unsigned mbytes = (total * n + 7u) / 8u;
    if (out)
        memset(out, 0, mbytes);
    unsigned bit = 0, v = mbytes;
    for (unsigned p = 0; p < np; p++) {
        if (!((pixels >> p) & 1u))
            continue;
        for (unsigned i = 0; i < n; i++) {
            if (cls[p][i] & ((1u << i) - 1u))
                continue;
            if (out) {
                for (unsigned k = 0; k < n; k++)
                    if ((cls[p][i] >> k) & 1u)
                        out[(bit + k) / 8u] = (uint8_t)(out[(bit + k) / 8u] | (1u << ((bit + k) % 8u)));
                memcpy(out + v, tile + p * pb + i * b, b);
            }
            bit += n;
            v += b;
        }
    }
    return v;
}

int gx_mssurf_decode(const gx_ms_cfg_t *cfg, gx_enc_t enc, uint32_t pixels,
                     const uint8_t *in, unsigned len, uint8_t tile[GX_MS_TILE_BYTES])
{
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg);
    const uint16_t all = all_samples(n);
    uint8_t t[GX_MS_TILE_BYTES];
    memcpy(t, tile, sizeof t);
    if (np < 32 && (pixels >> np))
        return 0;
    if (enc != GX_ENCSUBSET) {
        const unsigned each = enc == GX_ENCFULL ? pb : b;
        if (len != popcount32(pixels) * each)
            return 0;
        unsigned off = 0;
        for (unsigned p = 0; p < np; p++) {
            if (!((pixels >> p) & 1u))
                continue;
            if (enc == GX_ENCUNIFORM && memcmp(in + off, in, b))
                return 0; /* a uniform payload holds one value */
            for (unsigned i = 0; i < n; i++)
                memcpy(t + p * pb + i * b, in + off + (enc == GX_ENCFULL ? i * b : 0), b);
            off += each;
        }
        memcpy(tile, t, sizeof t);
        return 1;
    }
    /* at most 32 pixels of N - 1 <= 15 classes */
    uint16_t mk[GX_MS_MAX_TILE_PIXELS * (GX_MS_MAX_SPP - 1)];
    uint8_t owner[GX_MS_MAX_TILE_PIXELS * (GX_MS_MAX_SPP - 1)];
    unsigned total = 0, bit = 0;
    for (unsigned p = 0; p < np; p++) {
        if (!((pixels >> p) & 1u))
            continue;
        unsigned acc = 0, k = 0;
        while (acc != all) {
            if ((bit + n + 7u) / 8u > len || k == n - 1u)
                return 0; /* runs past the payload, or a k = N pixel */
            unsigned m = 0;
            for (unsigned j = 0; j < n; j++)
                m |= (unsigned)((in[(bit + j) / 8u] >> ((bit + j) % 8u)) & 1u) << j;
            unsigned first_free = 0;
            while ((acc >> first_free) & 1u)
                first_free++;
            /* canonical: not empty, disjoint, and its lowest sample is the lowest free one */
            if (!m || (m & acc) || !((m >> first_free) & 1u))
                return 0;
            mk[total] = (uint16_t)m;
            owner[total] = (uint8_t)p;
            total++;
            acc |= m;
            k++;
            bit += n;
        }
    }
    const unsigned mbytes = (bit + 7u) / 8u;
    if (len != mbytes + total * b)
        return 0;
    for (unsigned j = bit; j < mbytes * 8u; j++)
        if ((in[j / 8u] >> (j % 8u)) & 1u)
            return 0;
    for (unsigned c = 0; c < total; c++)
        for (unsigned i = 0; i < n; i++)
            if ((mk[c] >> i) & 1u)
                memcpy(t + owner[c] * pb + i * b, in + mbytes + c * b, b);
    memcpy(tile, t, sizeof t);
    return 1;
}

/* ---------------------------------------------------------------------------------
 * Memory model. */

int gx_mssurf_mem_init(gx_ms_mem_t *mem, const gx_ms_cfg_t *cfg)
{
    memset(mem, 0, sizeof *mem);
    if (!gx_mssurf_cfg_ok(cfg))
        return 0;
    mem->cfg = *cfg;
    mem->tiles = gx_mssurf_tiles(cfg);
    mem->data = calloc(mem->tiles, GX_MS_TILE_BYTES);
    mem->enc = calloc(mem->tiles, 1); /* 0 = GX_ENC1SPP */
    if (!mem->data || !mem->enc) {
        gx_mssurf_mem_free(mem);
        return 0;
    }
    return 1;
}

void gx_mssurf_mem_free(gx_ms_mem_t *mem)
{
    free(mem->data);
    free(mem->enc);
    mem->data = NULL;
    mem->enc = NULL;
}

/* The bytes pixels `pixels` of a tile image take in memory in state e, each in its fixed
 * place (docs/pipe.md): 1SPP B, full N B, subset I(N) + k B (its class indices, N log2 N
 * bits in whole bytes, and the values of its k classes); a uniform tile's pixels share
 * its one value, B bytes. */
static uint32_t mem_bytes(const gx_ms_cfg_t *cfg, gx_enc_t e, uint32_t pixels,
                          const uint8_t *tile)
{
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned ib = gx_msmem_index_bytes(cfg->spp);
    uint32_t bytes = 0;
    if (e == GX_ENCUNIFORM)
        return pixels ? b : 0u;
    for (unsigned p = 0; p < gx_mssurf_tile_pixels(cfg); p++) {
        if (!((pixels >> p) & 1u))
            continue;
        if (e == GX_ENC1SPP) {
            bytes += b;
        } else if (e == GX_ENCFULL) {
            bytes += pb;
        } else {
            uint16_t cls[GX_MS_MAX_SPP];
            gx_ms_classes_exact(n, b, tile + p * pb, cls);
            bytes += ib;
            for (unsigned i = 0; i < n; i++)
                if ((cls[i] & ((1u << i) - 1u)) == 0)
                    bytes += b;
        }
    }
    return bytes;
}

uint32_t gx_mssurf_mem_read(gx_ms_mem_t *mem, uint32_t tile, uint32_t pixels,
                            gx_ms_read_kind_t kind, uint8_t tile_out[GX_MS_TILE_BYTES])
{
    const unsigned pb = spp_n(mem->cfg.spp) * bps_b(mem->cfg.bps), np = GX_MS_TILE_BYTES / pb;
    const uint8_t *src = mem->data + (size_t)tile * GX_MS_TILE_BYTES;
    uint32_t bytes = mem_bytes(&mem->cfg, (gx_enc_t)mem->enc[tile], pixels, src);
    for (unsigned p = 0; p < np; p++)
        if ((pixels >> p) & 1u)
            memcpy(tile_out + p * pb, src + p * pb, pb);
    mem->cnt.read_bytes += bytes;
    if (kind == GX_MS_READ_RMW)
        mem->cnt.read_rmw += bytes;
    else if (kind == GX_MS_READ_PROMOTE)
        mem->cnt.read_promote += bytes;
    else
        mem->cnt.read_load += bytes;
    return bytes;
}

int gx_mssurf_mem_write(gx_ms_mem_t *mem, const gx_ms_flush_t *f)
{
    const unsigned pb = spp_n(mem->cfg.spp) * bps_b(mem->cfg.bps);
    if (f->tile >= mem->tiles || f->payload_bytes > GX_MS_MAX_PAYLOAD) {
        mem->cnt.bad_writes++;
        return 0;
    }
    const uint32_t valid = gx_mssurf_tile_valid(&mem->cfg, f->tile);
    uint8_t *dst = mem->data + (size_t)f->tile * GX_MS_TILE_BYTES;
    /* a write that leaves pixels out must keep the tile's state (their representation), and
     * a uniform tile is written whole */
    if ((f->written & ~valid) ||
        (f->written != valid && (f->enc != (gx_enc_t)mem->enc[f->tile] || f->enc == GX_ENCUNIFORM)) ||
        !gx_mssurf_decode(&mem->cfg, f->enc, f->written, f->payload, f->payload_bytes, dst)) {
        mem->cnt.bad_writes++;
        return 0;
    }
    mem->enc[f->tile] = (uint8_t)f->enc;
    mem->cnt.writes++;
    mem->cnt.write_bytes += mem_bytes(&mem->cfg, f->enc, f->written, dst);
    mem->cnt.write_uncomp += (uint64_t)popcount32(f->written) * pb;
    return 1;
}

/* The abstract memory as the flush encoder's and the load finisher's port. */
static uint32_t mem_port_read(void *ctx, uint32_t tile, uint32_t pixels, gx_ms_read_kind_t kind,
                              uint8_t img[GX_MS_TILE_BYTES], gx_enc_t *enc)
{
    gx_ms_mem_t *mem = ctx;
    *enc = (gx_enc_t)mem->enc[tile];
    return gx_mssurf_mem_read(mem, tile, pixels, kind, img);
}

static int mem_port_write(void *ctx, const gx_ms_flush_t *f)
{
    return gx_mssurf_mem_write(ctx, f);
}

void gx_mssurf_mem_port(gx_ms_mem_t *mem, gx_ms_port_t *port)
{
    port->read = mem_port_read;
    port->write = mem_port_write;
    port->ctx = mem;
}

/* ---------------------------------------------------------------------------------
 * Load/store unit. */

void gx_mssurf_lsu_init(gx_ms_lsu_t *lsu, const gx_ms_cfg_t *cfg)
{
    memset(lsu, 0, sizeof *lsu);
    lsu->cfg = *cfg;
}

int gx_mssurf_store_ok(const gx_ms_cfg_t *cfg, const gx_ms_store_t *st)
{
    return st->x < cfg->width && st->y < cfg->height && st->mask != 0 &&
           (st->mask & ~all_samples(spp_n(cfg->spp))) == 0 && st->full <= 1;
}

int gx_mssurf_load_ok(const gx_ms_cfg_t *cfg, const gx_ms_load_t *ld)
{
    return ld->x < cfg->width && ld->y < cfg->height && ld->sample < spp_n(cfg->spp);
}

static int find_slot(const gx_ms_lsu_t *lsu, uint32_t tile)
{
    for (unsigned r = 0; r < lsu->cfg.slots; r++)
        if (lsu->slot[r].valid && lsu->slot[r].tile == tile)
            return (int)r;
    return -1;
}

/* Step e's bookkeeping of one flush: the encoder's counters. */
static void count_flush(gx_ms_lsu_t *lsu, const gx_ms_flush_t *f)
{
    lsu->cnt.flushed_enc[f->enc]++;
    lsu->cnt.analyzed += f->analyzed;
    lsu->cnt.passes += f->passes;
}

/* The eviction of slot r (the slot is freed), handed to fn. */
static void evict_slot(gx_ms_lsu_t *lsu, unsigned r, gx_ms_cause_t cause, gx_ms_evict_fn fn,
                       void *ctx)
{
    const gx_ms_cfg_t *cfg = &lsu->cfg;
    gx_ms_slot_t *sl = &lsu->slot[r];
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg);
    gx_ms_evict_t ev;
    memset(&ev, 0, sizeof ev);
    ev.tile = sl->tile;
    ev.cause = cause;
    for (unsigned p = 0; p < np; p++) {
        ev.cover[p] = sl->cover[p];
        ev.arrive[p] = sl->cover[p] ? sl->arrive[p] : (uint8_t)GX_ENC1SPP;
        for (unsigned i = 0; i < n; i++)
            if ((sl->cover[p] >> i) & 1u)
                memcpy(ev.data + p * pb + i * b, sl->data + p * pb + i * b, b);
    }
    lsu->cnt.flushes[cause]++;
    sl->valid = 0;
    if (fn)
        fn(ctx, &ev);
}

void gx_mssurf_coalesce(gx_ms_lsu_t *lsu, const gx_ms_store_t *st, gx_ms_evict_fn fn,
                        void *ctx)
{
    const gx_ms_cfg_t *cfg = &lsu->cfg;
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg);
    const uint16_t all = all_samples(n);
    unsigned p;
    const uint32_t tile = pixel_tile(cfg, st->x, st->y, &p);
    lsu->cnt.stores++;

    /* 1. conflict or merge */
    int r = find_slot(lsu, tile);
    if (r >= 0) {
        const gx_ms_slot_t *sl = &lsu->slot[r];
        const uint16_t ov = (uint16_t)(sl->cover[p] & st->mask);
        int conflict = 0;
        for (unsigned i = 0; i < n; i++)
            if (((ov >> i) & 1u) &&
                !gx_mssurf_near(sl->data + p * pb + i * b, st->value + (st->full ? i * b : 0), b,
                                cfg->threshold))
                conflict = 1;
        if (conflict) {
            evict_slot(lsu, (unsigned)r, GX_MS_CONFLICT, fn, ctx);
            r = -1;
        } else if (ov) {
            lsu->cnt.merges++;
        }
    }
    /* 2. allocate: the lowest free slot, or evict the oldest allocation */
    if (r < 0) {
        for (unsigned k = 0; k < cfg->slots && r < 0; k++)
            if (!lsu->slot[k].valid)
                r = (int)k;
        if (r < 0) {
            r = 0;
            for (unsigned k = 1; k < cfg->slots; k++)
                if (lsu->slot[k].seq < lsu->slot[r].seq)
                    r = (int)k;
            evict_slot(lsu, (unsigned)r, GX_MS_EVICT, fn, ctx);
        }
        gx_ms_slot_t *sl = &lsu->slot[r];
        memset(sl, 0, sizeof *sl);
        sl->valid = 1;
        sl->tile = tile;
        sl->seq = lsu->next_seq++;
    }
    /* 3. write, cover, arrival state */
    gx_ms_slot_t *sl = &lsu->slot[r];
    for (unsigned i = 0; i < n; i++)
        if ((st->mask >> i) & 1u)
            memcpy(sl->data + p * pb + i * b, st->value + (st->full ? i * b : 0), b);
    sl->cover[p] = (uint16_t)(sl->cover[p] | st->mask);
    gx_enc_t arrive = st->full ? GX_ENCFULL : st->mask == all ? GX_ENC1SPP : GX_ENCSUBSET;
    sl->arrive[p] = (uint8_t)enc_max((gx_enc_t)sl->arrive[p], arrive);
    /* 4. full tile */
    const uint32_t valid = gx_mssurf_tile_valid(cfg, tile);
    for (unsigned k = 0; k < np; k++)
        if (((valid >> k) & 1u) && sl->cover[k] != all)
            return;
    evict_slot(lsu, (unsigned)r, GX_MS_FULL, fn, ctx);
}

void gx_mssurf_coalesce_flush(gx_ms_lsu_t *lsu, gx_ms_evict_fn fn, void *ctx)
{
    for (;;) {
        int r = -1;
        for (unsigned k = 0; k < lsu->cfg.slots; k++)
            if (lsu->slot[k].valid && (r < 0 || lsu->slot[k].seq < lsu->slot[r].seq))
                r = (int)k;
        if (r < 0)
            return;
        evict_slot(lsu, (unsigned)r, GX_MS_COMMAND, fn, ctx);
    }
}

/* gx_mssurf_store / gx_mssurf_flush: each eviction through the flush encoder at once. */
typedef struct wb_ctx {
    gx_ms_lsu_t *lsu;
    gx_ms_mem_t *mem;
    gx_ms_flush_fn fn;
    void *ctx;
} wb_ctx_t;

static void wb_evict(void *c, const gx_ms_evict_t *ev)
{
    const wb_ctx_t *w = c;
    gx_ms_flush_t f;
    gx_mssurf_writeback(&w->lsu->cfg, w->mem, ev, &f);
    count_flush(w->lsu, &f);
    if (w->fn)
        w->fn(w->ctx, &f);
}

void gx_mssurf_store(gx_ms_lsu_t *lsu, gx_ms_mem_t *mem, const gx_ms_store_t *st,
                     gx_ms_flush_fn fn, void *ctx)
{
    wb_ctx_t w = {lsu, mem, fn, ctx};
    gx_mssurf_coalesce(lsu, st, wb_evict, &w);
}

void gx_mssurf_coalesce_load(const gx_ms_lsu_t *lsu, uint16_t x, uint16_t y,
                             gx_ms_evict_t *snap)
{
    const gx_ms_cfg_t *cfg = &lsu->cfg;
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg);
    unsigned p;
    memset(snap, 0, sizeof *snap);
    snap->tile = pixel_tile(cfg, x, y, &p);
    snap->peek = 1;
    const int r = find_slot(lsu, snap->tile);
    if (r < 0)
        return;
    const gx_ms_slot_t *sl = &lsu->slot[r];
    for (unsigned q = 0; q < np; q++) {
        snap->cover[q] = sl->cover[q];
        snap->arrive[q] = sl->cover[q] ? sl->arrive[q] : (uint8_t)GX_ENC1SPP;
    }
    for (unsigned i = 0; i < n; i++) /* the loaded pixel's stored bytes only */
        if ((sl->cover[p] >> i) & 1u)
            memcpy(snap->data + p * pb + i * b, sl->data + p * pb + i * b, b);
}

void gx_mssurf_load(gx_ms_lsu_t *lsu, gx_ms_mem_t *mem, const gx_ms_load_t *ld,
                    gx_ms_load_resp_t *resp)
{
    gx_ms_evict_t snap;
    lsu->cnt.loads++;
    gx_mssurf_coalesce_load(lsu, ld->x, ld->y, &snap);
    gx_mssurf_load_finish(&lsu->cfg, mem, &snap, ld, resp);
    if (resp->analyzed) {
        lsu->cnt.analyzed++;
        lsu->cnt.passes += resp->passes;
    }
}

void gx_mssurf_flush(gx_ms_lsu_t *lsu, gx_ms_mem_t *mem, gx_ms_flush_fn fn, void *ctx)
{
    wb_ctx_t w = {lsu, mem, fn, ctx};
    gx_mssurf_coalesce_flush(lsu, wb_evict, &w);
}

/* ---------------------------------------------------------------------------------
 * Command and record images (gx_pkg ms_cmd_t, ms_cfg_t, ms_evict_t). */

void gx_mssurf_cmd_pack_store(const gx_ms_store_t *st, uint32_t w[GX_MS_CMD_WORDS])
{
    memset(w, 0, GX_MS_CMD_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_MS_CMD_FULL_LSB, GX_MS_CMD_FULL_BITS, st->full);
    gx_bits_set(w, GX_MS_CMD_X_LSB, GX_MS_CMD_X_BITS, st->x);
    gx_bits_set(w, GX_MS_CMD_Y_LSB, GX_MS_CMD_Y_BITS, st->y);
    gx_bits_set(w, GX_MS_CMD_MASK_LSB, GX_MS_CMD_MASK_BITS, st->mask);
    for (unsigned j = 0; j < GX_MS_MAX_PIXEL_BYTES; j++) /* value: bits 0..2047 */
        w[j / 4u] |= (uint32_t)st->value[j] << (8u * (j % 4u));
}

void gx_mssurf_cmd_pack_flush(uint32_t w[GX_MS_CMD_WORDS])
{
    memset(w, 0, GX_MS_CMD_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_MS_CMD_OP_LSB, GX_MS_CMD_OP_BITS, 1);
}

void gx_mssurf_cmd_pack_load(uint16_t x, uint16_t y, uint32_t w[GX_MS_CMD_WORDS])
{
    memset(w, 0, GX_MS_CMD_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_MS_CMD_OP_LSB, GX_MS_CMD_OP_BITS, 2);
    gx_bits_set(w, GX_MS_CMD_X_LSB, GX_MS_CMD_X_BITS, x);
    gx_bits_set(w, GX_MS_CMD_Y_LSB, GX_MS_CMD_Y_BITS, y);
}

void gx_mssurf_cfg_pack(const gx_ms_cfg_t *cfg, uint32_t w[GX_MS_CFG_WORDS])
{
    memset(w, 0, GX_MS_CFG_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_MS_CFG_WIDTH_LSB, GX_MS_CFG_WIDTH_BITS, cfg->width);
    gx_bits_set(w, GX_MS_CFG_HEIGHT_LSB, GX_MS_CFG_HEIGHT_BITS, cfg->height);
    gx_bits_set(w, GX_MS_CFG_SPP_LSB, GX_MS_CFG_SPP_BITS, (uint32_t)cfg->spp);
    gx_bits_set(w, GX_MS_CFG_BPS_LSB, GX_MS_CFG_BPS_BITS, (uint32_t)cfg->bps);
    gx_bits_set(w, GX_MS_CFG_THRESHOLD_LSB, GX_MS_CFG_THRESHOLD_BITS, cfg->threshold);
}

void gx_mssurf_evict_unpack(const uint32_t w[GX_MS_EVICT_WORDS], gx_spp_t spp,
                            gx_ms_evict_t *ev)
{
    const unsigned n = spp_n(spp);
    memset(ev, 0, sizeof *ev);
    ev->tile = gx_bits_get(w, GX_MS_EVICT_TILE_LSB, GX_MS_EVICT_TILE_BITS);
    ev->cause = (gx_ms_cause_t)gx_bits_get(w, GX_MS_EVICT_CAUSE_LSB, GX_MS_EVICT_CAUSE_BITS);
    ev->peek = (uint8_t)gx_bits_get(w, GX_MS_EVICT_PEEK_LSB, GX_MS_EVICT_PEEK_BITS);
    const uint64_t cover = gx_bits_get64(w, GX_MS_EVICT_STORED_LSB, GX_MS_EVICT_STORED_BITS);
    const uint64_t arrive = gx_bits_get64(w, GX_MS_EVICT_ARRIVE_LSB, GX_MS_EVICT_ARRIVE_BITS);
    for (unsigned p = 0; p < GX_MS_MAX_TILE_PIXELS; p++) {
        if (p * n < GX_MS_TILE_SAMPLES)
            ev->cover[p] = (uint16_t)((cover >> (p * n)) & all_samples(n));
        ev->arrive[p] = (uint8_t)((arrive >> (2u * p)) & 3u);
    }
    for (unsigned j = 0; j < GX_MS_TILE_BYTES; j++)
        ev->data[j] = (uint8_t)(w[j / 4u] >> (8u * (j % 4u)));
}

int gx_mssurf_evict_eq(const gx_ms_evict_t *a, const gx_ms_evict_t *b)
{
    return a->tile == b->tile && a->cause == b->cause && a->peek == b->peek &&
           !memcmp(a->cover, b->cover, sizeof a->cover) &&
           !memcmp(a->arrive, b->arrive, sizeof a->arrive) &&
           !memcmp(a->data, b->data, sizeof a->data);
}

/* ---------------------------------------------------------------------------------
 * Nothing lost. */

/* 1 when the pixel can be held in state e. */
static int holds(gx_enc_t e, const uint8_t *px, unsigned n, unsigned b)
{
    if (e == GX_ENCFULL)
        return 1;
    if (e == GX_ENC1SPP || e == GX_ENCUNIFORM) { /* and a uniform tile's pixels: below */
        for (unsigned i = 1; i < n; i++)
            if (memcmp(px, px + i * b, b))
                return 0;
        return 1;
    }
    if (e != GX_ENCSUBSET)
        return 0;
    for (unsigned i = 0; i < n; i++) /* not all distinct */
        for (unsigned j = i + 1; j < n; j++)
            if (!memcmp(px + i * b, px + j * b, b))
                return 1;
    return 0;
}

int gx_mssurf_check(const gx_ms_lsu_t *lsu, const gx_ms_mem_t *mem, const uint8_t *ref,
                    size_t *where)
{
    const gx_ms_cfg_t *cfg = &mem->cfg;
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg);
    static const uint8_t zero[GX_MS_MAX_PIXEL_BYTES];
    for (uint32_t t = 0; t < mem->tiles; t++) {
        const size_t base = (size_t)t * GX_MS_TILE_BYTES;
        const int r = find_slot(lsu, t);
        const gx_ms_slot_t *sl = r >= 0 ? &lsu->slot[r] : NULL;
        const uint32_t valid = gx_mssurf_tile_valid(cfg, t);
        const uint8_t *md = mem->data + base;
        int fast = !sl && cfg->threshold == 0 && valid == (np >= 32 ? 0xffffffffu : (1u << np) - 1u) &&
                   !memcmp(md, ref + base, GX_MS_TILE_BYTES);
        for (unsigned p = 0; p < np && !fast; p++) {
            const size_t a = base + p * pb;
            if (!((valid >> p) & 1u)) {
                if (memcmp(md + p * pb, zero, pb)) {
                    *where = a;
                    return 0;
                }
                continue;
            }
            for (unsigned i = 0; i < n; i++) {
                int ok = sl && ((sl->cover[p] >> i) & 1u)
                             ? !memcmp(sl->data + p * pb + i * b, ref + a + i * b, b)
                             : gx_mssurf_near(md + p * pb + i * b, ref + a + i * b, b, cfg->threshold);
                if (!ok) {
                    *where = a + i * b;
                    return 0;
                }
            }
        }
        for (unsigned p = 0; p < np; p++)
            if (((valid >> p) & 1u) &&
                (!holds((gx_enc_t)mem->enc[t], md + p * pb, n, b) ||
                 (mem->enc[t] == GX_ENCUNIFORM && memcmp(md + p * pb, md, b)))) {
                *where = base + p * pb;
                return 0;
            }
    }
    return 1;
}

/* ---------------------------------------------------------------------------------
 * The flush encoder's records (gx_pkg ms_evict_t, ms_rdreq_t, ms_rdresp_t, ms_flush_t),
 * for rtl/gx_mswb.sv. */

void gx_mssurf_evict_pack(const gx_ms_evict_t *ev, gx_spp_t spp, uint32_t w[GX_MS_EVICT_WORDS])
{
    const unsigned n = spp_n(spp);
    uint64_t cover = 0, arrive = 0;
    memset(w, 0, GX_MS_EVICT_WORDS * sizeof w[0]);
    for (unsigned p = 0; p < GX_MS_MAX_TILE_PIXELS; p++) {
        if (p * n < GX_MS_TILE_SAMPLES)
            cover |= (uint64_t)(ev->cover[p] & all_samples(n)) << (p * n);
        arrive |= (uint64_t)(ev->arrive[p] & 3u) << (2u * p);
    }
    gx_bits_set(w, GX_MS_EVICT_TILE_LSB, GX_MS_EVICT_TILE_BITS, ev->tile);
    gx_bits_set(w, GX_MS_EVICT_CAUSE_LSB, GX_MS_EVICT_CAUSE_BITS, (uint32_t)ev->cause);
    gx_bits_set(w, GX_MS_EVICT_PEEK_LSB, GX_MS_EVICT_PEEK_BITS, ev->peek);
    gx_bits_set64(w, GX_MS_EVICT_STORED_LSB, GX_MS_EVICT_STORED_BITS, cover);
    gx_bits_set64(w, GX_MS_EVICT_ARRIVE_LSB, GX_MS_EVICT_ARRIVE_BITS, arrive);
    for (unsigned j = 0; j < GX_MS_TILE_BYTES; j++)
        w[j / 4u] |= (uint32_t)ev->data[j] << (8u * (j % 4u));
}

void gx_mssurf_rdreq_unpack(const uint32_t w[GX_MS_RDREQ_WORDS], uint32_t *tile,
                            uint32_t *pixels, gx_ms_read_kind_t *kind)
{
    *tile = gx_bits_get(w, GX_MS_RDREQ_TILE_LSB, GX_MS_RDREQ_TILE_BITS);
    *pixels = gx_bits_get(w, GX_MS_RDREQ_PIXELS_LSB, GX_MS_RDREQ_PIXELS_BITS);
    const uint32_t k = gx_bits_get(w, GX_MS_RDREQ_KIND_LSB, GX_MS_RDREQ_KIND_BITS);
    *kind = k == 2u ? GX_MS_READ_LOAD : k == 1u ? GX_MS_READ_PROMOTE : GX_MS_READ_RMW;
}

uint32_t gx_mssurf_mem_answer(gx_ms_mem_t *mem, const uint32_t req[GX_MS_RDREQ_WORDS],
                              uint32_t resp[GX_MS_RDRESP_WORDS])
{
    uint32_t tile, pixels;
    gx_ms_read_kind_t kind;
    uint8_t img[GX_MS_TILE_BYTES];
    gx_mssurf_rdreq_unpack(req, &tile, &pixels, &kind);
    memset(resp, 0, GX_MS_RDRESP_WORDS * sizeof resp[0]);
    if (tile >= mem->tiles)
        return 0;
    memset(img, 0, sizeof img);
    const uint32_t bytes = gx_mssurf_mem_read(mem, tile, pixels, kind, img);
    gx_bits_set(resp, GX_MS_RDRESP_ENC_LSB, GX_MS_RDRESP_ENC_BITS, mem->enc[tile]);
    gx_bits_set(resp, GX_MS_RDRESP_BYTES_LSB, GX_MS_RDRESP_BYTES_BITS, bytes);
    for (unsigned j = 0; j < GX_MS_TILE_BYTES; j++)
        resp[j / 4u] |= (uint32_t)img[j] << (8u * (j % 4u));
    return 1;
}

