/* zform: a depth tile's compressed form in port images (zt_plane; state, np, idx, pl as
 * zs_req, zu_req and zu_resp lay them out), shared by the depth blocks' drivers. */
#ifndef GX_ZFORM_H
#define GX_ZFORM_H

#include "gx/defs.h"
#include "gx/zrop.h"

/* A tile plane at bit lsb of w, packed as zt_plane. */
static inline void plane_set(uint32_t *w, unsigned lsb, const gx_zrop_tplane_t *p)
{
    gx_bits_set64(w, lsb + GX_ZT_PLANE_PT_LSB, GX_ZT_W, p->pt);
    gx_bits_set64(w, lsb + GX_ZT_PLANE_A_LSB, GX_ZT_W, p->a);
    gx_bits_set64(w, lsb + GX_ZT_PLANE_B_LSB, GX_ZT_W, p->b);
}

static inline void plane_get(const uint32_t *w, unsigned lsb, gx_zrop_tplane_t *p)
{
    p->pt = gx_bits_get64(w, lsb + GX_ZT_PLANE_PT_LSB, GX_ZT_W);
    p->a = gx_bits_get64(w, lsb + GX_ZT_PLANE_A_LSB, GX_ZT_W);
    p->b = gx_bits_get64(w, lsb + GX_ZT_PLANE_B_LSB, GX_ZT_W);
}

/* The tile's form (zu_req and zu_resp lay out state, np, idx, pl alike). */
static inline void form_pack(uint32_t *w, unsigned st, unsigned np, unsigned idx, unsigned pl,
                      const gx_zrop_tile_t *t)
{
    gx_bits_set(w, st, 2, (uint32_t)t->state);
    gx_bits_set(w, np, 3, t->nplanes);
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
        gx_bits_set(w, idx + 2 * k, 2, t->idx[k]);
    for (unsigned j = 0; j < GX_ZTILE_PLANES; j++)
        plane_set(w, pl + GX_ZT_PLANE_BITS * j, &t->pl[j]);
}

#endif /* GX_ZFORM_H */
