/* The anti-alias resolve of tiled mode: filters and schedule (gx/resolve.h). */
#include "gx/resolve.h"

#include "gx/defs.h"

/* S(x, y): the per-channel sums of the pixel's n samples. */
static void sums(gx_resolve_px_fn px, void *ctx, unsigned n, uint32_t x, uint32_t y,
                 uint32_t s[4])
{
    uint8_t v[4 * GX_MS_MAX_SPP];
    px(ctx, x, y, v);
    s[0] = s[1] = s[2] = s[3] = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned c = 0; c < 4; c++)
            s[c] += v[4 * i + c];
}

static uint32_t clampi(int64_t v, uint32_t hi)
{
    return v < 0 ? 0 : v >= hi ? hi - 1 : (uint32_t)v;
}

void gx_resolve_rect(gx_rfilter_t f, unsigned n, uint32_t w, uint32_t h, uint32_t x0,
                     uint32_t y0, uint32_t x1, uint32_t y1, gx_resolve_px_fn px, void *ctx,
                     uint8_t *out, size_t pitch)
{
    static const uint32_t wt[3] = {1, 2, 1};
    for (uint32_t y = y0; y < y1; y++)
        for (uint32_t x = x0; x < x1; x++) {
            uint32_t acc[4] = {0, 0, 0, 0}, s[4];
            uint8_t *o = out + (y - y0) * pitch + 4 * (size_t)(x - x0);
            if (f == GX_RF_BOX) {
                sums(px, ctx, n, x, y, acc);
                for (unsigned c = 0; c < 4; c++)
                    o[c] = (uint8_t)((acc[c] + n / 2) / n);
                continue;
            }
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    sums(px, ctx, n, clampi((int64_t)x + dx, w), clampi((int64_t)y + dy, h), s);
                    for (unsigned c = 0; c < 4; c++)
                        acc[c] += wt[dx + 1] * wt[dy + 1] * s[c];
                }
            for (unsigned c = 0; c < 4; c++)
                o[c] = (uint8_t)((acc[c] + 8 * n) / (16 * n));
        }
}

static gx_rstep_t step(gx_rstep_op_t op, uint32_t tile, int64_t x0, int64_t y0, int64_t x1,
                       int64_t y1, uint32_t w, uint32_t h)
{
    gx_rstep_t s;
    s.op = op;
    s.tile = tile;
    s.x0 = (uint32_t)(x0 < 0 ? 0 : x0 > w ? w : x0);
    s.y0 = (uint32_t)(y0 < 0 ? 0 : y0 > h ? h : y0);
    s.x1 = (uint32_t)(x1 < s.x0 ? s.x0 : x1 > w ? w : x1);
    s.y1 = (uint32_t)(y1 < s.y0 ? s.y0 : y1 > h ? h : y1);
    return s;
}

uint32_t gx_resolve_schedule(gx_rfilter_t f, uint32_t w, uint32_t h, uint32_t ct, uint32_t tw,
                             uint32_t th, gx_rstep_t *steps)
{
    const uint32_t cxs = (w + ct - 1) / ct, cys = (h + ct - 1) / ct;
    const int64_t sx = f == GX_RF_TENT ? tw : 0, sy = f == GX_RF_TENT ? th : 0;
    uint32_t k = 0;
    for (uint32_t cy = 0; cy < cys; cy++)
        for (uint32_t cx = 0; cx < cxs; cx++) {
            const uint32_t t = cy * cxs + cx;
            const int64_t x0 = (int64_t)cx * ct, y0 = (int64_t)cy * ct;
            const int64_t x1 = x0 + ct, y1 = y0 + ct;
            if (steps) {
                steps[k] = step(GX_RS_RENDER, t, cx ? x0 + sx : 0, cy ? y0 + sy : 0, x1 + sx,
                                y1 + sy, w, h);
                steps[k + 1] = step(GX_RS_RESOLVE, t, x0, y0, x1, y1, w, h);
                steps[k + 2] = step(GX_RS_INVALIDATE, t, x0 - sx, y0 - sy,
                                    cx + 1 == cxs ? w : x1 - sx, cy + 1 == cys ? h : y1 - sy, w,
                                    h);
            }
            k += 3;
        }
    return k;
}
