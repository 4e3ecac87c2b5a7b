/* gx_pipe_pix: the pixel stage of gx_pipe, golden model (gx/pipe_pix.h). */
#include "gx/pipe_pix.h"

#include <string.h>

void gx_pipe_pix_init(gx_pipe_pix_t *p)
{
    memset(p, 0, sizeof *p);
}

unsigned gx_pipe_pix_live(const gx_pipe_pix_t *p)
{
    return (uint16_t)(p->next - p->head);
}

int gx_pipe_pix_col_ready(const gx_pipe_pix_t *p)
{
    return gx_pipe_pix_live(p) != GX_PIPE_PIX_RING;
}

int gx_pipe_pix_is_live(const gx_pipe_pix_t *p, uint16_t n)
{
    return (uint16_t)(n - p->head) < gx_pipe_pix_live(p);
}

uint16_t gx_pipe_pix_color(gx_pipe_pix_t *p, const uint8_t color[GX_PIPE_PIX_COLOR_BYTES])
{
    uint16_t n = p->next;
    memcpy(p->color[n % GX_PIPE_PIX_RING], color, GX_PIPE_PIX_COLOR_BYTES);
    p->next = (uint16_t)(n + 1u);
    return n;
}

uint16_t gx_pipe_pix_pixels(const gx_rs_group_t *g)
{
    uint16_t bits = 0;
    for (unsigned l = 0; l < GX_RASTER_LANES; l++)
        for (unsigned k = 0; k < 4; k++)
            if ((g->valid >> l & 1u) && g->mask[l][k])
                bits |= (uint16_t)(1u << (4 * l + k));
    return bits;
}

int gx_pipe_pix_group(gx_pipe_pix_t *p, const gx_rs_group_t *g, gx_ms_store_t st[16])
{
    if (!gx_pipe_pix_is_live(p, g->tag))
        return -1;
    const uint8_t *c = p->color[g->tag % GX_PIPE_PIX_RING];
    uint16_t bits = gx_pipe_pix_pixels(g);
    int n = 0;
    for (unsigned i = 0; i < 16; i++) {
        if (!(bits >> i & 1u))
            continue;
        unsigned l = i / 4, k = i % 4;
        gx_ms_store_t *s = &st[n++];
        memset(s, 0, sizeof *s);
        s->x = (uint16_t)((2u * (g->qx + l) + (k & 1u)) & ((1u << GX_MS_CMD_X_BITS) - 1u));
        s->y = (uint16_t)((2u * g->qy + (k >> 1)) & ((1u << GX_MS_CMD_Y_BITS) - 1u));
        s->mask = g->mask[l][k];
        s->full = 0;
        memcpy(s->value, c, GX_PIPE_PIX_COLOR_BYTES);
    }
    p->head = g->tag;
    return n;
}

void gx_pipe_pix_idle(gx_pipe_pix_t *p)
{
    p->head = p->next;
}

void gx_pipe_pix_group_pack(const gx_rs_group_t *g, uint32_t *w)
{
    memset(w, 0, GX_RS_QGROUP_WORDS * sizeof *w);
    gx_bits_set(w, GX_RS_QGROUP_TAG_LSB, GX_RS_QGROUP_TAG_BITS, g->tag);
    gx_bits_set(w, GX_RS_QGROUP_QX_LSB, GX_RS_QGROUP_QX_BITS, g->qx);
    gx_bits_set(w, GX_RS_QGROUP_QY_LSB, GX_RS_QGROUP_QY_BITS, g->qy);
    gx_bits_set(w, GX_RS_QGROUP_VALID_LSB, GX_RS_QGROUP_VALID_BITS, g->valid);
    for (unsigned l = 0; l < GX_RASTER_LANES; l++)
        for (unsigned k = 0; k < 4; k++)
            gx_bits_set(w, GX_RS_QGROUP_MASKS_LSB + 64u * l + 16u * k, 16, g->mask[l][k]);
}

int gx_pipe_pix_store_unpack(const uint32_t *w, gx_ms_store_t *s)
{
    memset(s, 0, sizeof *s);
    int bad = gx_bits_get(w, GX_MS_CMD_OP_LSB, GX_MS_CMD_OP_BITS) != 0;
    s->full = (uint8_t)gx_bits_get(w, GX_MS_CMD_FULL_LSB, GX_MS_CMD_FULL_BITS);
    bad |= s->full != 0;
    s->x = (uint16_t)gx_bits_get(w, GX_MS_CMD_X_LSB, GX_MS_CMD_X_BITS);
    s->y = (uint16_t)gx_bits_get(w, GX_MS_CMD_Y_LSB, GX_MS_CMD_Y_BITS);
    s->mask = (uint16_t)gx_bits_get(w, GX_MS_CMD_MASK_LSB, GX_MS_CMD_MASK_BITS);
    _Static_assert(GX_MS_CMD_VALUE_LSB == 0, "value bytes from bit 0: byte j in word j / 4");
    for (unsigned j = 0; j < GX_MS_MAX_PIXEL_BYTES; j++) {
        s->value[j] = (uint8_t)(w[j / 4] >> (8u * (j % 4)));
        bad |= j >= GX_PIPE_PIX_COLOR_BYTES && s->value[j] != 0;
    }
    return bad;
}
