/* ms_stim: the multi-sample tests' shared stimulus (ms_stim.h). */
#include "ms_stim.h"

#include <string.h>

unsigned tb_ms_spp_n(gx_spp_t s) { return 2u << s; }
unsigned tb_ms_bps_b(gx_bps_t b) { return 4u << b; }

uint32_t tb_ms_rnd_in(tb_rng_t *r, uint32_t lo, uint32_t hi)
{
    return lo + tb_rng_below(r, hi - lo + 1u);
}

void tb_ms_surface(tb_rng_t *r, gx_spp_t spp, gx_bps_t bps, uint32_t max_tiles,
                   unsigned thr_pct, gx_ms_cfg_t *cfg, uint8_t pal[4][16])
{
    /* 1..max_tiles tiles of TW x TH pixels, up to 16 a row of tiles; half the time the
     * last row and column of tiles padded */
    gx_mssurf_cfg_default(cfg, 1, 1, spp, bps);
    const unsigned tw = 1u << gx_mssurf_tile_wlog(cfg), th = 1u << gx_mssurf_tile_hlog(cfg);
    const uint32_t ntiles = tb_ms_rnd_in(r, 1, max_tiles);
    const uint32_t ntx = tb_ms_rnd_in(r, 1, ntiles < 16 ? ntiles : 16), nty = ntiles / ntx;
    uint32_t w = ntx * tw, h = nty * th;
    if (tb_rng_pct(r, 50)) {
        w -= tb_rng_below(r, tw);
        h -= tb_rng_below(r, th);
    }
    gx_mssurf_cfg_default(cfg, (uint16_t)w, (uint16_t)h, spp, bps);
    cfg->threshold = (uint8_t)(tb_rng_pct(r, thr_pct) ? tb_ms_rnd_in(r, 1, 8) : 0);
    for (unsigned k = 0; k < 4; k++)
        for (unsigned i = 0; i < 16; i++)
            pal[k][i] = (uint8_t)(k == 0 ? 0 : tb_rng_pct(r, 50) ? 100 + 3 * k : tb_rng_u32(r));
}

void tb_ms_pick_value(tb_rng_t *r, gx_bps_t bps, const uint8_t pal[4][16], uint8_t *v)
{
    const unsigned b = tb_ms_bps_b(bps);
    const unsigned k = tb_rng_below(r, 4);
    const unsigned how = tb_rng_below(r, 10);
    for (unsigned i = 0; i < b; i++) {
        if (how < 6)
            v[i] = pal[k][i];
        else if (how < 8)
            v[i] = (uint8_t)(pal[k][i] + tb_ms_rnd_in(r, 0, 6) - 3);
        else
            v[i] = (uint8_t)tb_rng_u32(r);
    }
}

void tb_ms_fill_uniform(tb_rng_t *r, const gx_ms_cfg_t *cfg, const uint8_t pal[4][16],
                        gx_ms_mem_t *mem, uint32_t t)
{
    const unsigned n = tb_ms_spp_n(cfg->spp), b = tb_ms_bps_b(cfg->bps), pb = n * b;
    const unsigned np = gx_mssurf_tile_pixels(cfg);
    const uint32_t valid = gx_mssurf_tile_valid(cfg, t);
    uint8_t *d = mem->data + (size_t)t * GX_MS_TILE_BYTES, v[16];
    memset(d, 0, GX_MS_TILE_BYTES);
    tb_ms_pick_value(r, cfg->bps, pal, v);
    for (unsigned p = 0; p < np; p++)
        for (unsigned i = 0; i < n && ((valid >> p) & 1u); i++)
            memcpy(d + p * pb + i * b, v, b);
    mem->enc[t] = (uint8_t)GX_ENCUNIFORM;
}

void tb_ms_sweep_pixel(const gx_ms_cfg_t *cfg, uint32_t *sweep, uint16_t *x, uint16_t *y)
{
    const uint32_t np = gx_mssurf_tile_pixels(cfg), n = gx_mssurf_tiles(cfg) * np;
    uint32_t px, py;
    do {
        const uint32_t i = (*sweep)++ % n;
        gx_mssurf_tile_xy(cfg, i / np, i % np, &px, &py);
    } while (px >= cfg->width || py >= cfg->height);
    *x = (uint16_t)px;
    *y = (uint16_t)py;
}

unsigned tb_ms_tile_pixel(tb_rng_t *r, const gx_ms_cfg_t *cfg, uint32_t t, uint16_t *x,
                          uint16_t *y)
{
    unsigned p;
    uint32_t px, py;
    do {
        p = tb_rng_below(r, gx_mssurf_tile_pixels(cfg));
        gx_mssurf_tile_xy(cfg, t, p, &px, &py);
    } while (px >= cfg->width || py >= cfg->height);
    *x = (uint16_t)px;
    *y = (uint16_t)py;
    return p;
}
