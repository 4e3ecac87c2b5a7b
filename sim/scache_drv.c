/* scache_drv: the requester's side of gx_scache's ports (scache_rtl.h). */
#include "scache_rtl.h"

void gx_scache_rtl_cfg(const gx_scache_t *c, gx_scache_rtl_cfg_t *cfg)
{
    cfg->surf_line = (uint32_t)(c->cfg.surf_base / GX_SC_LINE);
    cfg->index_line = (uint32_t)(c->cfg.index_base / GX_SC_LINE);
    cfg->state_line = (uint32_t)(c->cfg.state_base / GX_SC_LINE);
    cfg->tiles_x = c->tiles_x;
    cfg->tiles_y = c->tiles / c->tiles_x;
    cfg->twlog = c->twlog;
    cfg->thlog = c->thlog;
    cfg->ctlog = (unsigned)__builtin_ctz(c->cfg.ct);
    cfg->ctodd = c->ctiles_x & 1u;
}

void gx_scache_rtl_line(const gx_scache_t *c, uint64_t addr, unsigned *reg, unsigned *tx,
                        unsigned *ty)
{
    const gx_scache_cfg_t *g = &c->cfg;
    uint64_t t = 0;
    *reg = 0;
    if (addr >= g->surf_base && addr - g->surf_base < 256ull * c->tiles) {
        *reg = 1;
        t = (addr - g->surf_base) / 256;
    } else if (addr >= g->index_base && addr - g->index_base < 32ull * c->tiles) {
        *reg = 2;
        t = (addr - g->index_base) / 32;
    } else if (addr >= g->state_base && addr - g->state_base < c->tiles) {
        *reg = 3;
        t = addr - g->state_base;
    }
    *tx = (unsigned)(t % c->tiles_x);
    *ty = (unsigned)(t / c->tiles_x);
}
