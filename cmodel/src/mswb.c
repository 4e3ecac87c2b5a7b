/* gx_mswb golden model, the flush encoder (gx_mssurf_writeback): see gx/mssurf.h,
 * docs/mswb.md and docs/mssurf.md. */
#include <string.h>

#include "gx/mssurf.h"
#include "ms_internal.h"

/* Greedy threshold merging of one pixel (file header of gx/mssurf.h). */
static void merge_near(uint8_t *px, uint16_t stored, unsigned n, unsigned b, unsigned t)
{
    unsigned done = 0;
    for (unsigned ref = 0; ref < n; ref++) {
        if ((done >> ref) & 1u)
            continue;
        done |= 1u << ref;
        for (unsigned i = ref + 1; i < n; i++) {
            if ((done >> i) & 1u)
                continue;
            int join = ((stored >> i) & 1u) ? gx_mssurf_near(px + i * b, px + ref * b, b, t)
                                             : memcmp(px + i * b, px + ref * b, b) == 0;
            if (join) {
                memcpy(px + i * b, px + ref * b, b);
                done |= 1u << i;
            }
        }
    }
}

int gx_mssurf_writeback(const gx_ms_cfg_t *cfg, gx_ms_mem_t *mem, const gx_ms_evict_t *ev,
                        gx_ms_flush_t *fo)
{
    gx_ms_port_t port;
    gx_mssurf_mem_port(mem, &port);
    return gx_mssurf_writeback_port(cfg, &port, ev, fo);
}

int gx_mssurf_writeback_port(const gx_ms_cfg_t *cfg, const gx_ms_port_t *port,
                             const gx_ms_evict_t *ev, gx_ms_flush_t *fo)
{
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg);
    const uint16_t all = all_samples(n);
    const uint32_t valid = gx_mssurf_tile_valid(cfg, ev->tile);
    gx_ms_flush_t f;
    memset(&f, 0, sizeof f);
    if (ev->peek) { /* a load's snapshot is not an eviction */
        *fo = f;
        return 0;
    }
    f.tile = ev->tile;
    f.cause = ev->cause;

    uint32_t cov = 0, part = 0, ana = 0;
    for (unsigned p = 0; p < np; p++) {
        f.cover[p] = ev->cover[p];
        if (ev->cover[p])
            cov |= 1u << p;
        if (ev->cover[p] && ev->cover[p] != all)
            part |= 1u << p;
        if (ev->cover[p] && ev->arrive[p] != GX_ENC1SPP)
            ana |= 1u << p;
    }
    /* a. read-modify-write of partially covered pixels, then the stored samples; the
     * read also gives Em, the tile's state in memory. Without partial pixels Em is
     * needed only when some existing pixel is uncovered (step d): the state query, the
     * same read of no pixels. */
    uint8_t img[GX_MS_TILE_BYTES];
    memset(img, 0, sizeof img);
    gx_enc_t em = GX_ENC1SPP;
    if (part)
        f.read_rmw = port->read(port->ctx, ev->tile, part, GX_MS_READ_RMW, img, &em);
    else if (cov != valid)
        (void)port->read(port->ctx, ev->tile, 0, GX_MS_READ_RMW, img, &em);
    for (unsigned p = 0; p < np; p++)
        for (unsigned i = 0; i < n; i++)
            if ((ev->cover[p] >> i) & 1u)
                memcpy(img + p * pb + i * b, ev->data + p * pb + i * b, b);
    /* b. threshold merging */
    if (cfg->threshold)
        for (unsigned p = 0; p < np; p++)
            if (ev->cover[p])
                merge_near(img + p * pb, ev->cover[p], n, b, cfg->threshold);
    /* c. classes of the pixels whose state is not known */
    uint16_t cls[GX_MS_MAX_TILE_PIXELS][GX_MS_MAX_SPP];
    f.passes = (uint16_t)gx_mssurf_classes(cfg->spp, cfg->bps, img, ana, cls);
    f.analyzed = (uint8_t)popcount32(ana);
    gx_enc_t eb = GX_ENC1SPP;
    for (unsigned p = 0; p < np; p++)
        if ((ana >> p) & 1u)
            eb = enc_max(eb, gx_mssurf_need(cfg->spp, cls[p]));
    /* d. the tile's new state and the pixels written (a uniform tile is below 1SPP: a
     * partial flush to it promotes) */
    if (cov == valid) {
        f.enc = eb;
        f.written = valid;
    } else if (enc_rank(eb) <= enc_rank(em)) {
        f.enc = em;
        f.written = cov;
    } else {
        f.enc = eb;
        f.written = valid;
        gx_enc_t again;
        f.read_promote = port->read(port->ctx, ev->tile, valid & ~cov, GX_MS_READ_PROMOTE, img,
                                    &again);
    }
    /* every existing pixel written in 1SPP with one value: the tile is uniform (its
     * payload stays the 1SPP one; memory keeps the first value) */
    if (f.written == valid && f.enc == GX_ENC1SPP && tile_uniform(img, valid, np, n, b))
        f.enc = GX_ENCUNIFORM;
    /* e. encode, write */
    f.payload_bytes = (uint16_t)gx_mssurf_encode(cfg, f.enc, f.written, img, f.payload);
    const int ok = port->write(port->ctx, &f);
    *fo = f;
    return ok;
}

void gx_mssurf_flush_unpack(const uint32_t w[GX_MS_FLUSH_WORDS], gx_spp_t spp, gx_ms_flush_t *f)
{
    const unsigned n = spp_n(spp);
    memset(f, 0, sizeof *f);
    f->tile = gx_bits_get(w, GX_MS_FLUSH_TILE_LSB, GX_MS_FLUSH_TILE_BITS);
    f->cause = (gx_ms_cause_t)gx_bits_get(w, GX_MS_FLUSH_CAUSE_LSB, GX_MS_FLUSH_CAUSE_BITS);
    f->enc = (gx_enc_t)gx_bits_get(w, GX_MS_FLUSH_ENC_LSB, GX_MS_FLUSH_ENC_BITS);
    f->written = gx_bits_get(w, GX_MS_FLUSH_WRITTEN_LSB, GX_MS_FLUSH_WRITTEN_BITS);
    const uint64_t cover = gx_bits_get64(w, GX_MS_FLUSH_STORED_LSB, GX_MS_FLUSH_STORED_BITS);
    for (unsigned p = 0; p < GX_MS_MAX_TILE_PIXELS; p++)
        if (p * n < GX_MS_TILE_SAMPLES)
            f->cover[p] = (uint16_t)((cover >> (p * n)) & all_samples(n));
    f->payload_bytes = (uint16_t)gx_bits_get(w, GX_MS_FLUSH_PAYLOAD_BYTES_LSB,
                                             GX_MS_FLUSH_PAYLOAD_BYTES_BITS);
    f->read_rmw = gx_bits_get(w, GX_MS_FLUSH_READ_RMW_LSB, GX_MS_FLUSH_READ_RMW_BITS);
    f->read_promote = gx_bits_get(w, GX_MS_FLUSH_READ_PROMOTE_LSB, GX_MS_FLUSH_READ_PROMOTE_BITS);
    f->analyzed = (uint8_t)gx_bits_get(w, GX_MS_FLUSH_ANALYZED_LSB, GX_MS_FLUSH_ANALYZED_BITS);
    f->passes = (uint16_t)gx_bits_get(w, GX_MS_FLUSH_PASSES_LSB, GX_MS_FLUSH_PASSES_BITS);
    for (unsigned j = 0; j < GX_MS_MAX_PAYLOAD; j++)
        f->payload[j] = (uint8_t)(w[j / 4u] >> (8u * (j % 4u)));
}

int gx_mssurf_flush_eq(const gx_ms_flush_t *a, const gx_ms_flush_t *b)
{
    return a->tile == b->tile && a->cause == b->cause && a->enc == b->enc &&
           a->written == b->written && !memcmp(a->cover, b->cover, sizeof a->cover) &&
           a->payload_bytes == b->payload_bytes &&
           !memcmp(a->payload, b->payload, sizeof a->payload) && a->read_rmw == b->read_rmw &&
           a->read_promote == b->read_promote && a->analyzed == b->analyzed &&
           a->passes == b->passes;
}
