/* resolve_drv: the region gx_resolve reads (resolve_rtl.h). */
#include "resolve_rtl.h"

static uint32_t clampc(int64_t v, uint32_t n)
{
    return v < 0 ? 0 : v >= n ? n - 1 : (uint32_t)v;
}

void gx_resolve_region_px(int tent, uint32_t w, uint32_t h, uint32_t x0, uint32_t y0,
                          uint32_t rw, uint32_t k, uint32_t *x, uint32_t *y)
{
    const int64_t o = tent ? 1 : 0;
    *x = clampc((int64_t)x0 - o + k % rw, w);
    *y = clampc((int64_t)y0 - o + k / rw, h);
}
