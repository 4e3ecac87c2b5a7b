/* gx_raster golden model: see gx/raster.h and docs/raster.md. */
#include "gx/raster.h"

#include <string.h>

/* Standard sample positions (Direct3D 11 / Vulkan standard sample locations), one byte
 * per sample: x nibble high, y nibble low, in 1/16 pixel from the upper-left corner. */
static const uint8_t pos1[1] = {0x88};
static const uint8_t pos2[2] = {0xcc, 0x44};
static const uint8_t pos4[4] = {0x62, 0xe6, 0x2a, 0xae};
static const uint8_t pos8[8] = {0x95, 0x7b, 0xd9, 0x53, 0x3d, 0x17, 0xbf, 0xf1};
static const uint8_t pos16[16] = {0x99, 0x75, 0x5a, 0xc7, 0x36, 0xad, 0xdb, 0xb3,
                                  0x6e, 0x81, 0x42, 0x2c, 0x08, 0xf4, 0xef, 0x10};

static int valid_samples(unsigned n)
{
    return n == 1 || n == 2 || n == 4 || n == 8 || n == 16;
}

int gx_raster_cfg_ok(const gx_rs_cfg_t *cfg)
{
    return cfg->width >= 1 && cfg->width <= GX_MAX_VIEWPORT && cfg->height >= 1 &&
           cfg->height <= GX_MAX_VIEWPORT && valid_samples(cfg->samples) &&
           cfg->patternsets <= 1 && (!cfg->patternsets || cfg->samples <= 2) &&
           cfg->conservative <= 1; /* cons_err: uint8_t holds exactly 0..GX_MAX_CONS_ERR */
}

int gx_raster_tri_ok(const gx_rs_tri_t *tri)
{
    const int32_t lim = (int32_t)GX_GUARD_BAND_PX << GX_SUBPIX_BITS;
    for (int k = 0; k < 3; k++)
        if (tri->x[k] < -lim || tri->x[k] > lim || tri->y[k] < -lim || tri->y[k] > lim)
            return 0;
    return 1;
}

void gx_raster_default_table(unsigned samples, gx_rs_table_t *table)
{
    const uint8_t *p = samples == 16 ? pos16 : samples == 8 ? pos8 : samples == 4 ? pos4
                     : samples == 2 ? pos2 : pos1;
    unsigned n = valid_samples(samples) ? samples : 1;
    for (unsigned s = 0; s < GX_PATTERN_SLOTS; s++)
        table->slot[s] = p[s % n];
}

unsigned gx_raster_slot(const gx_rs_cfg_t *cfg, uint32_t px, uint32_t py, unsigned i)
{
    unsigned n = cfg->samples;
    if (n == 16)
        return i;
    if (n == 8)
        return (px & 1u) * 8u + i;
    unsigned slot = ((py & 1u) * 2u + (px & 1u)) * n + i;
    if (cfg->patternsets) {
        unsigned sets = GX_PATTERN_SLOTS / (4u * n);
        slot += 4u * n * (((px >> 1) + (py >> 1)) % sets);
    }
    return slot;
}

static int64_t abs64(int64_t v)
{
    return v < 0 ? -v : v;
}

/* Floor and ceiling of a / b for b > 0 (C division truncates toward zero). */
static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int64_t ceil_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void gx_raster_setup(const gx_rs_cfg_t *cfg, const gx_rs_tri_t *t, gx_rs_setup_t *s)
{
    memset(s, 0, sizeof *s);
    /* Edge k from vertex k to vertex k+1. |A|, |B| <= 2^23; |C| <= 2^45. */
    for (int k = 0; k < 3; k++) {
        int j = (k + 1) % 3;
        s->a[k] = (int64_t)t->y[k] - t->y[j];
        s->b[k] = (int64_t)t->x[j] - t->x[k];
        s->c[k] = (int64_t)t->x[k] * t->y[j] - (int64_t)t->x[j] * t->y[k];
    }
    /* Twice the signed area: E_0 at vertex 2. */
    int64_t area2 = s->a[0] * t->x[2] + s->b[0] * t->y[2] + s->c[0];
    if (area2 < 0) {
        s->ccw = 1;
        for (int k = 0; k < 3; k++) {
            s->a[k] = -s->a[k];
            s->b[k] = -s->b[k];
            s->c[k] = -s->c[k];
        }
    }
    for (int k = 0; k < 3; k++) /* top edge: A = 0, B > 0; left edge: A > 0 */
        s->incl[k] = (uint8_t)(s->a[k] > 0 || (s->a[k] == 0 && s->b[k] > 0));

    s->bx0 = s->bx1 = t->x[0];
    s->by0 = s->by1 = t->y[0];
    for (int k = 1; k < 3; k++) {
        if (t->x[k] < s->bx0) s->bx0 = t->x[k];
        if (t->x[k] > s->bx1) s->bx1 = t->x[k];
        if (t->y[k] < s->by0) s->by0 = t->y[k];
        if (t->y[k] > s->by1) s->by1 = t->y[k];
    }

    if (area2 != 0) {
        s->cls = GX_RS_TRIANGLE;
    } else if (s->bx0 == s->bx1 && s->by0 == s->by1) {
        s->cls = GX_RS_POINT;
        memset(s->a, 0, sizeof s->a);
        memset(s->b, 0, sizeof s->b);
        memset(s->c, 0, sizeof s->c);
    } else {
        /* A segment: the line through its two extreme vertices, the pair farthest apart
         * (the first of the pairs (0,1), (1,2), (2,0) on a tie), becomes edge 0. The
         * vertices are collinear, so every pair's difference is a multiple of one
         * direction and the L1 distance |dx| + |dy| orders the pairs as the Euclidean
         * distance does, ties included; the hardware needs no multiplier for it. */
        s->cls = GX_RS_SEGMENT;
        int bi = 0, bj = 1;
        int64_t best = -1;
        for (int i = 0; i < 3; i++) {
            int j = (i + 1) % 3;
            int64_t d = abs64((int64_t)t->x[j] - t->x[i]) + abs64((int64_t)t->y[j] - t->y[i]);
            if (d > best) {
                best = d;
                bi = i;
                bj = j;
            }
        }
        memset(s->a, 0, sizeof s->a);
        memset(s->b, 0, sizeof s->b);
        memset(s->c, 0, sizeof s->c);
        s->a[0] = (int64_t)t->y[bi] - t->y[bj];
        s->b[0] = (int64_t)t->x[bj] - t->x[bi];
        s->c[0] = (int64_t)t->x[bi] * t->y[bj] - (int64_t)t->x[bj] * t->y[bi];
        memset(s->incl, 0, sizeof s->incl);
    }

    /* Pixels to visit. MSAA: a sample of pixel px lies in [256 px, 256 px + 240], so
     * px in [ceil((bx0 - 240) / 256), floor(bx1 / 256)]; zero-area covers nothing.
     * Conservative: the grown square [256 px - E, 256 px + 256 + E] overlaps the box,
     * px in [ceil((bx0 - E - 256) / 256), floor((bx1 + E) / 256)]. */
    int64_t x0, x1, y0, y1;
    if (cfg->conservative) {
        int64_t e = cfg->cons_err;
        x0 = ceil_div((int64_t)s->bx0 - e - 256, 256);
        x1 = floor_div((int64_t)s->bx1 + e, 256);
        y0 = ceil_div((int64_t)s->by0 - e - 256, 256);
        y1 = floor_div((int64_t)s->by1 + e, 256);
    } else {
        x0 = ceil_div((int64_t)s->bx0 - 240, 256);
        x1 = floor_div(s->bx1, 256);
        y0 = ceil_div((int64_t)s->by0 - 240, 256);
        y1 = floor_div(s->by1, 256);
        if (s->cls != GX_RS_TRIANGLE) {
            x0 = 1;
            x1 = 0;
        }
    }
    if (x1 < 0 || y1 < 0 || x0 > (int64_t)cfg->width - 1 || y0 > (int64_t)cfg->height - 1 ||
        x0 > x1 || y0 > y1) {
        s->px0 = s->py0 = 1; /* empty */
        s->px1 = s->py1 = 0;
        return;
    }
    s->px0 = (int32_t)clamp64(x0, 0, cfg->width - 1);
    s->px1 = (int32_t)clamp64(x1, 0, cfg->width - 1);
    s->py0 = (int32_t)clamp64(y0, 0, cfg->height - 1);
    s->py1 = (int32_t)clamp64(y1, 0, cfg->height - 1);
}

/* Edge k at (x, y): |E| <= 2^46 (docs/raster.md), exact in int64. */
static int64_t edge(const gx_rs_setup_t *s, int k, int64_t x, int64_t y)
{
    return s->a[k] * x + s->b[k] * y + s->c[k];
}

static int conservative_pixel(const gx_rs_cfg_t *cfg, const gx_rs_setup_t *s, uint32_t px,
                              uint32_t py)
{
    const int64_t e = cfg->cons_err, h = 128 + e;
    const int64_t cx = 256 * (int64_t)px + 128, cy = 256 * (int64_t)py + 128;
    /* the grown closed square overlaps the primitive's box */
    if (cx - h > s->bx1 || cx + h < s->bx0 || cy - h > s->by1 || cy + h < s->by0)
        return 0;
    switch (s->cls) {
    case GX_RS_TRIANGLE:
        for (int k = 0; k < 3; k++)
            if (edge(s, k, cx, cy) + h * (abs64(s->a[k]) + abs64(s->b[k])) < 0)
                return 0;
        return 1;
    case GX_RS_SEGMENT:
        return abs64(edge(s, 0, cx, cy)) <= h * (abs64(s->a[0]) + abs64(s->b[0]));
    case GX_RS_POINT:
        return 1;
    }
    return 0;
}

uint16_t gx_raster_pixel(const gx_rs_cfg_t *cfg, const gx_rs_table_t *table,
                         const gx_rs_setup_t *s, uint32_t px, uint32_t py)
{
    if (px >= cfg->width || py >= cfg->height || (int64_t)px < s->px0 || (int64_t)px > s->px1 ||
        (int64_t)py < s->py0 || (int64_t)py > s->py1)
        return 0;
    if (cfg->conservative)
        return (uint16_t)conservative_pixel(cfg, s, px, py);
    if (s->cls != GX_RS_TRIANGLE)
        return 0;
    uint16_t mask = 0;
    for (unsigned i = 0; i < cfg->samples; i++) {
        uint8_t p = table->slot[gx_raster_slot(cfg, px, py, i)];
        int64_t x = 256 * (int64_t)px + 16 * (p >> 4), y = 256 * (int64_t)py + 16 * (p & 15);
        int in = 1;
        for (int k = 0; k < 3 && in; k++) {
            int64_t v = edge(s, k, x, y);
            in = v > 0 || (v == 0 && s->incl[k]);
        }
        mask |= (uint16_t)(in << i);
    }
    return mask;
}

uint64_t gx_raster_tri(const gx_rs_cfg_t *cfg, const gx_rs_table_t *table,
                       const gx_rs_setup_t *s, gx_rs_emit_fn emit, void *ctx)
{
    uint64_t n = 0;
    if (s->px0 > s->px1 || s->py0 > s->py1)
        return 0;
    const uint32_t ct = GX_COARSE_TILE_PX, ft = GX_FINE_TILE_PX;
    for (uint32_t ty = (uint32_t)s->py0 / ct; ty <= (uint32_t)s->py1 / ct; ty++)
        for (uint32_t tx = (uint32_t)s->px0 / ct; tx <= (uint32_t)s->px1 / ct; tx++)
            for (uint32_t f = 0; f < 4; f++) {
                uint32_t fx = tx * ct + (f & 1u) * ft, fy = ty * ct + (f >> 1) * ft;
                for (uint32_t q = 0; q < (ft / 2) * (ft / 2); q++) {
                    gx_rs_quad_t quad;
                    quad.qx = (uint16_t)(fx / 2 + q % (ft / 2));
                    quad.qy = (uint16_t)(fy / 2 + q / (ft / 2));
                    uint16_t any = 0;
                    for (uint32_t k = 0; k < 4; k++) {
                        quad.mask[k] = gx_raster_pixel(cfg, table, s, 2u * quad.qx + (k & 1u),
                                                       2u * quad.qy + (k >> 1));
                        any |= quad.mask[k];
                    }
                    if (any) {
                        emit(ctx, &quad);
                        n++;
                    }
                }
            }
    return n;
}

uint64_t gx_raster_tri_groups(const gx_rs_cfg_t *cfg, const gx_rs_table_t *table,
                              const gx_rs_setup_t *s, unsigned lanes, uint16_t tag,
                              gx_rs_group_fn emit, void *ctx)
{
    uint64_t n = 0;
    if (s->px0 > s->px1 || s->py0 > s->py1)
        return 0;
    const uint32_t ct = GX_COARSE_TILE_PX, ft = GX_FINE_TILE_PX, qpr = ft / 2;
    for (uint32_t ty = (uint32_t)s->py0 / ct; ty <= (uint32_t)s->py1 / ct; ty++)
        for (uint32_t tx = (uint32_t)s->px0 / ct; tx <= (uint32_t)s->px1 / ct; tx++)
            for (uint32_t f = 0; f < 4; f++) {
                uint32_t fx = tx * ct + (f & 1u) * ft, fy = ty * ct + (f >> 1) * ft;
                for (uint32_t q0 = 0; q0 < qpr * qpr; q0 += lanes) {
                    gx_rs_group_t g;
                    memset(&g, 0, sizeof g);
                    g.tag = tag;
                    g.qx = (uint16_t)(fx / 2 + q0 % qpr);
                    g.qy = (uint16_t)(fy / 2 + q0 / qpr);
                    for (uint32_t l = 0; l < lanes; l++) {
                        uint16_t any = 0;
                        for (uint32_t k = 0; k < 4; k++) {
                            g.mask[l][k] = gx_raster_pixel(cfg, table, s,
                                                           2u * (g.qx + l) + (k & 1u),
                                                           2u * g.qy + (k >> 1));
                            any |= g.mask[l][k];
                        }
                        g.valid |= (uint8_t)((any != 0) << l);
                    }
                    if (g.valid) {
                        emit(ctx, &g);
                        n++;
                    }
                }
            }
    return n;
}

static unsigned log2_samples(unsigned n)
{
    unsigned l = 0;
    while ((1u << l) < n)
        l++;
    return l;
}

void gx_rs_cmd_pack_tri(const gx_rs_cfg_t *cfg, const gx_rs_setup_t *s, uint16_t tag,
                        uint32_t w[GX_RS_CMD_WORDS])
{
    memset(w, 0, GX_RS_CMD_WORDS * sizeof w[0]);
    /* the setup image occupies bits 447..0, words 0..13 */
    gx_rs_setup_pack(s, w);
    gx_bits_set(w, GX_RS_CMD_OP_LSB, 1, 0);
    gx_bits_set(w, GX_RS_CMD_TAG_LSB, 16, tag);
    gx_bits_set(w, GX_RS_CMD_SAMPLES_LOG2_LSB, 3, log2_samples(cfg->samples));
    gx_bits_set(w, GX_RS_CMD_PATTERNSETS_LSB, 1, cfg->patternsets);
    gx_bits_set(w, GX_RS_CMD_CONSERVATIVE_LSB, 1, cfg->conservative);
    gx_bits_set(w, GX_RS_CMD_CONS_ERR_LSB, 8, cfg->cons_err);
}

void gx_rs_cmd_pack_table(const gx_rs_table_t *table, uint32_t w[GX_RS_CMD_WORDS])
{
    memset(w, 0, GX_RS_CMD_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_RS_CMD_OP_LSB, 1, 1);
    for (unsigned i = 0; i < GX_PATTERN_SLOTS; i++)
        gx_bits_set(w, GX_RS_CMD_PATTERN_LSB + 8 * i, 8, table->slot[i]);
}

void gx_rs_group_pack(const gx_rs_group_t *g, uint32_t w[GX_RS_QGROUP_WORDS])
{
    memset(w, 0, GX_RS_QGROUP_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_RS_QGROUP_TAG_LSB, 16, g->tag);
    gx_bits_set(w, GX_RS_QGROUP_QX_LSB, GX_RS_QGROUP_QX_BITS, g->qx);
    gx_bits_set(w, GX_RS_QGROUP_QY_LSB, GX_RS_QGROUP_QY_BITS, g->qy);
    gx_bits_set(w, GX_RS_QGROUP_VALID_LSB, GX_RS_QGROUP_VALID_BITS, g->valid);
    for (unsigned l = 0; l < GX_RASTER_LANES; l++)
        for (unsigned k = 0; k < 4; k++)
            gx_bits_set(w, GX_RS_QGROUP_MASKS_LSB + 64 * l + 16 * k, 16, g->mask[l][k]);
}

void gx_rs_group_unpack(const uint32_t w[GX_RS_QGROUP_WORDS], gx_rs_group_t *g)
{
    memset(g, 0, sizeof *g);
    g->tag = (uint16_t)gx_bits_get(w, GX_RS_QGROUP_TAG_LSB, 16);
    g->qx = (uint16_t)gx_bits_get(w, GX_RS_QGROUP_QX_LSB, GX_RS_QGROUP_QX_BITS);
    g->qy = (uint16_t)gx_bits_get(w, GX_RS_QGROUP_QY_LSB, GX_RS_QGROUP_QY_BITS);
    g->valid = (uint8_t)gx_bits_get(w, GX_RS_QGROUP_VALID_LSB, GX_RS_QGROUP_VALID_BITS);
    for (unsigned l = 0; l < GX_RASTER_LANES; l++)
        for (unsigned k = 0; k < 4; k++)
            g->mask[l][k] = (uint16_t)gx_bits_get(w, GX_RS_QGROUP_MASKS_LSB + 64 * l + 16 * k, 16);
}

int gx_rs_group_eq(const gx_rs_group_t *p, const gx_rs_group_t *q)
{
    if (p->tag != q->tag || p->qx != q->qx || p->qy != q->qy || p->valid != q->valid)
        return 0;
    for (unsigned l = 0; l < GX_RASTER_LANES; l++)
        for (unsigned k = 0; k < 4; k++)
            if (p->mask[l][k] != q->mask[l][k])
                return 0;
    return 1;
}

void gx_rs_setup_req_pack(const gx_rs_cfg_t *cfg, const gx_rs_tri_t *t,
                          uint32_t w[GX_RS_SETUP_REQ_WORDS])
{
    memset(w, 0, GX_RS_SETUP_REQ_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_RS_SETUP_REQ_CONSERVATIVE_LSB, 1, cfg->conservative);
    gx_bits_set(w, GX_RS_SETUP_REQ_CONS_ERR_LSB, 8, cfg->cons_err);
    gx_bits_set(w, GX_RS_SETUP_REQ_WIDTH_LSB, GX_RS_SETUP_REQ_WIDTH_BITS, cfg->width);
    gx_bits_set(w, GX_RS_SETUP_REQ_HEIGHT_LSB, GX_RS_SETUP_REQ_HEIGHT_BITS, cfg->height);
    const unsigned xl[3] = {GX_RS_SETUP_REQ_X0_LSB, GX_RS_SETUP_REQ_X1_LSB, GX_RS_SETUP_REQ_X2_LSB};
    const unsigned yl[3] = {GX_RS_SETUP_REQ_Y0_LSB, GX_RS_SETUP_REQ_Y1_LSB, GX_RS_SETUP_REQ_Y2_LSB};
    for (int k = 0; k < 3; k++) {
        gx_bits_set64(w, xl[k], GX_COORD_BITS, (uint64_t)(int64_t)t->x[k]);
        gx_bits_set64(w, yl[k], GX_COORD_BITS, (uint64_t)(int64_t)t->y[k]);
    }
}

static const unsigned setup_lsb_a[3] = {GX_RS_SETUP_A0_LSB, GX_RS_SETUP_A1_LSB, GX_RS_SETUP_A2_LSB};
static const unsigned setup_lsb_b[3] = {GX_RS_SETUP_B0_LSB, GX_RS_SETUP_B1_LSB, GX_RS_SETUP_B2_LSB};
static const unsigned setup_lsb_c[3] = {GX_RS_SETUP_C0_LSB, GX_RS_SETUP_C1_LSB, GX_RS_SETUP_C2_LSB};

void gx_rs_setup_pack(const gx_rs_setup_t *s, uint32_t w[GX_RS_SETUP_WORDS])
{
    memset(w, 0, GX_RS_SETUP_WORDS * sizeof w[0]);
    for (int k = 0; k < 3; k++) {
        gx_bits_set64(w, setup_lsb_a[k], GX_EDGE_COEF_BITS, (uint64_t)s->a[k]);
        gx_bits_set64(w, setup_lsb_b[k], GX_EDGE_COEF_BITS, (uint64_t)s->b[k]);
        gx_bits_set64(w, setup_lsb_c[k], GX_EDGE_BITS, (uint64_t)s->c[k]);
    }
    gx_bits_set(w, GX_RS_SETUP_INCL_LSB, 3,
                (uint32_t)(s->incl[0] | s->incl[1] << 1 | s->incl[2] << 2));
    gx_bits_set(w, GX_RS_SETUP_CLS_LSB, 2, (uint32_t)s->cls);
    gx_bits_set(w, GX_RS_SETUP_CCW_LSB, 1, s->ccw);
    gx_bits_set64(w, GX_RS_SETUP_BX0_LSB, GX_COORD_BITS, (uint64_t)(int64_t)s->bx0);
    gx_bits_set64(w, GX_RS_SETUP_BY0_LSB, GX_COORD_BITS, (uint64_t)(int64_t)s->by0);
    gx_bits_set64(w, GX_RS_SETUP_BX1_LSB, GX_COORD_BITS, (uint64_t)(int64_t)s->bx1);
    gx_bits_set64(w, GX_RS_SETUP_BY1_LSB, GX_COORD_BITS, (uint64_t)(int64_t)s->by1);
    gx_bits_set(w, GX_RS_SETUP_PX0_LSB, GX_RS_SETUP_PX0_BITS, (uint32_t)s->px0);
    gx_bits_set(w, GX_RS_SETUP_PY0_LSB, GX_RS_SETUP_PY0_BITS, (uint32_t)s->py0);
    gx_bits_set(w, GX_RS_SETUP_PX1_LSB, GX_RS_SETUP_PX1_BITS, (uint32_t)s->px1);
    gx_bits_set(w, GX_RS_SETUP_PY1_LSB, GX_RS_SETUP_PY1_BITS, (uint32_t)s->py1);
}

void gx_rs_setup_unpack(const uint32_t w[GX_RS_SETUP_WORDS], gx_rs_setup_t *s)
{
    memset(s, 0, sizeof *s);
    for (int k = 0; k < 3; k++) {
        s->a[k] = gx_bits_sget64(w, setup_lsb_a[k], GX_EDGE_COEF_BITS);
        s->b[k] = gx_bits_sget64(w, setup_lsb_b[k], GX_EDGE_COEF_BITS);
        s->c[k] = gx_bits_sget64(w, setup_lsb_c[k], GX_EDGE_BITS);
    }
    uint32_t incl = gx_bits_get(w, GX_RS_SETUP_INCL_LSB, 3);
    for (int k = 0; k < 3; k++)
        s->incl[k] = (uint8_t)((incl >> k) & 1u);
    s->cls = (gx_rs_class_t)gx_bits_get(w, GX_RS_SETUP_CLS_LSB, 2);
    s->ccw = (uint8_t)gx_bits_get(w, GX_RS_SETUP_CCW_LSB, 1);
    s->bx0 = (int32_t)gx_bits_sget64(w, GX_RS_SETUP_BX0_LSB, GX_COORD_BITS);
    s->by0 = (int32_t)gx_bits_sget64(w, GX_RS_SETUP_BY0_LSB, GX_COORD_BITS);
    s->bx1 = (int32_t)gx_bits_sget64(w, GX_RS_SETUP_BX1_LSB, GX_COORD_BITS);
    s->by1 = (int32_t)gx_bits_sget64(w, GX_RS_SETUP_BY1_LSB, GX_COORD_BITS);
    s->px0 = (int32_t)gx_bits_get(w, GX_RS_SETUP_PX0_LSB, GX_RS_SETUP_PX0_BITS);
    s->py0 = (int32_t)gx_bits_get(w, GX_RS_SETUP_PY0_LSB, GX_RS_SETUP_PY0_BITS);
    s->px1 = (int32_t)gx_bits_get(w, GX_RS_SETUP_PX1_LSB, GX_RS_SETUP_PX1_BITS);
    s->py1 = (int32_t)gx_bits_get(w, GX_RS_SETUP_PY1_LSB, GX_RS_SETUP_PY1_BITS);
}

int gx_raster_setup_eq(const gx_rs_setup_t *p, const gx_rs_setup_t *q)
{
    for (int k = 0; k < 3; k++)
        if (p->a[k] != q->a[k] || p->b[k] != q->b[k] || p->c[k] != q->c[k] ||
            p->incl[k] != q->incl[k])
            return 0;
    return p->cls == q->cls && p->ccw == q->ccw && p->bx0 == q->bx0 && p->by0 == q->by0 &&
           p->bx1 == q->bx1 && p->by1 == q->by1 && p->px0 == q->px0 && p->py0 == q->py0 &&
           p->px1 == q->px1 && p->py1 == q->py1;
}
