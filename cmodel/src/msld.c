/* gx_msld golden model, the memory side of SULD.MS (gx_mssurf_load_finish): see
 * gx/mssurf.h and docs/msld.md. */
#include <string.h>

#include "gx/mssurf.h"
#include "ms_internal.h"

void gx_mssurf_load_finish(const gx_ms_cfg_t *cfg, gx_ms_mem_t *mem, const gx_ms_evict_t *snap,
                           const gx_ms_load_t *ld, gx_ms_load_resp_t *resp)
{
    gx_ms_port_t port;
    gx_mssurf_mem_port(mem, &port);
    gx_mssurf_load_finish_port(cfg, &port, snap, ld, resp);
}

void gx_mssurf_load_finish_port(const gx_ms_cfg_t *cfg, const gx_ms_port_t *port,
                                const gx_ms_evict_t *snap, const gx_ms_load_t *ld,
                                gx_ms_load_resp_t *resp)
{
    const unsigned n = spp_n(cfg->spp), b = bps_b(cfg->bps), pb = n * b;
    const uint16_t all = all_samples(n);
    unsigned p;
    const uint32_t tile = pixel_tile(cfg, ld->x, ld->y, &p);
    memset(resp, 0, sizeof *resp);

    const uint16_t cov = snap->cover[p];
    uint8_t img[GX_MS_TILE_BYTES];
    memset(img, 0, sizeof img);
    enum { UNKNOWN, UNIFORM, STORED_MASKS } known = UNKNOWN;
    if (cov == all) {
        memcpy(img + p * pb, snap->data + p * pb, pb);
        if (snap->arrive[p] == GX_ENC1SPP)
            known = UNIFORM;
    } else {
        gx_enc_t em;
        resp->read_bytes = port->read(port->ctx, tile, 1u << p, GX_MS_READ_LOAD, img, &em);
        for (unsigned i = 0; i < n; i++)
            if ((cov >> i) & 1u)
                memcpy(img + p * pb + i * b, snap->data + p * pb + i * b, b);
        if (!cov && (em == GX_ENC1SPP || em == GX_ENCUNIFORM))
            known = UNIFORM;
        else if (!cov && em == GX_ENCSUBSET)
            known = STORED_MASKS;
    }
    uint16_t cls[GX_MS_MAX_TILE_PIXELS][GX_MS_MAX_SPP];
    if (known == UNIFORM) {
        for (unsigned i = 0; i < n; i++)
            cls[p][i] = all;
    } else if (known == STORED_MASKS) {
        gx_ms_classes_exact(n, b, img + p * pb, cls[p]);
    } else {
        resp->passes = (uint16_t)gx_mssurf_classes(cfg->spp, cfg->bps, img, 1u << p, cls);
        resp->analyzed = 1;
    }
    memcpy(resp->value, img + p * pb + ld->sample * b, b);
    resp->mask = cls[p][ld->sample];
    resp->enc = gx_mssurf_need(cfg->spp, cls[p]);
}

void gx_mssurf_ld_pack(const gx_ms_cfg_t *cfg, const gx_ms_load_t *ld, uint32_t w[GX_MS_LD_WORDS])
{
    unsigned p;
    (void)pixel_tile(cfg, ld->x, ld->y, &p);
    memset(w, 0, GX_MS_LD_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_MS_LD_PIXEL_LSB, GX_MS_LD_PIXEL_BITS, p);
    gx_bits_set(w, GX_MS_LD_SAMPLE_LSB, GX_MS_LD_SAMPLE_BITS, ld->sample);
}

void gx_mssurf_ldresp_unpack(const uint32_t w[GX_MS_LDRESP_WORDS], gx_ms_load_resp_t *r)
{
    memset(r, 0, sizeof *r);
    for (unsigned j = 0; j < 16; j++)
        r->value[j] = (uint8_t)gx_bits_get(w, GX_MS_LDRESP_VALUE_LSB + 8u * j, 8u);
    r->mask = (uint16_t)gx_bits_get(w, GX_MS_LDRESP_MASK_LSB, GX_MS_LDRESP_MASK_BITS);
    r->enc = (gx_enc_t)gx_bits_get(w, GX_MS_LDRESP_ENC_LSB, GX_MS_LDRESP_ENC_BITS);
    r->analyzed = (uint8_t)gx_bits_get(w, GX_MS_LDRESP_ANALYZED_LSB, GX_MS_LDRESP_ANALYZED_BITS);
    r->passes = (uint16_t)gx_bits_get(w, GX_MS_LDRESP_PASSES_LSB, GX_MS_LDRESP_PASSES_BITS);
    r->read_bytes = gx_bits_get(w, GX_MS_LDRESP_READ_BYTES_LSB, GX_MS_LDRESP_READ_BYTES_BITS);
}

int gx_mssurf_ldresp_eq(const gx_ms_load_resp_t *a, const gx_ms_load_resp_t *b)
{
    return !memcmp(a->value, b->value, sizeof a->value) && a->mask == b->mask &&
           a->enc == b->enc && a->analyzed == b->analyzed && a->passes == b->passes &&
           a->read_bytes == b->read_bytes;
}
