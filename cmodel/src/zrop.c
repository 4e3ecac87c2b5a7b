/* gx_zrop golden model: see gx/zrop.h and docs/zrop.md. */
#include "gx/zrop.h"

#include <stdlib.h>
#include <string.h>

typedef __int128 i128;

_Static_assert(GX_ZP_M > GX_ZP_F, "the gradient's shift M + e - 1 - F must be >= 1");
_Static_assert(GX_ZP_F >= GX_ZT_F + 4, "level 2 rounds level 1's words to fewer bits");
_Static_assert(GX_ZP_W <= 63 && GX_ZT_W <= 63, "the words fit uint64_t");

static const uint64_t ZP_MASK = (1ull << GX_ZP_W) - 1u;
static const uint64_t ZT_MASK = (1ull << GX_ZT_W) - 1u;

/* floor(v / 2^s) + (bit s-1 of v): v / 2^s rounded to the nearest, ties up (s >= 1). */
static i128 round_shift(i128 v, unsigned s)
{
    return (v + ((i128)1 << (s - 1))) >> s;
}

static unsigned bitlen(uint64_t v)
{
    unsigned n = 0;
    while (v) {
        n++;
        v >>= 1;
    }
    return n;
}

void gx_zrop_tile_dims(unsigned samples, unsigned *tw, unsigned *th)
{
    switch (samples) {
    case 1: *tw = 8; *th = 8; break;
    case 2: *tw = 8; *th = 4; break;
    case 4: *tw = 4; *th = 4; break;
    case 8: *tw = 4; *th = 2; break;
    default: *tw = 2; *th = 2; break;
    }
}

/* The vertices' depth range. */
static void z_range(const uint32_t z[3], uint32_t *zmin, uint32_t *zmax)
{
    *zmin = *zmax = z[0];
    for (int k = 1; k < 3; k++) {
        if (z[k] < *zmin) *zmin = z[k];
        if (z[k] > *zmax) *zmax = z[k];
    }
}

void gx_zrop_plane(const gx_rs_tri_t *t, const uint32_t z[3], gx_zrop_plane_t *p)
{
    memset(p, 0, sizeof *p);
    p->z0 = z[0];
    p->x0 = t->x[0];
    p->y0 = t->y[0];
    z_range(z, &p->zmin, &p->zmax);
    /* Edge k from vertex k to vertex k+1: E_k = a_k x + b_k y + c_k, zero on the edge and
     * W (twice the signed area) at vertex k+2, so z(p) = sum_k z_{k+2} E_k(p) / W and the
     * gradient is (sum_k z_{k+2} a_k, sum_k z_{k+2} b_k) / W. With sum_k a_k = 0 the
     * numerators are sums of (z_{k+2} - z_0) a_k: |N| < 2 * 2^24 * 2^23 = 2^48. */
    int64_t nx = 0, ny = 0;
    for (int k = 0; k < 3; k++) {
        int j = (k + 1) % 3, o = (k + 2) % 3;
        int64_t a = (int64_t)t->y[k] - t->y[j], b = (int64_t)t->x[j] - t->x[k];
        int64_t dz = (int64_t)z[o] - (int64_t)z[0];
        nx += dz * a;
        ny += dz * b;
    }
    int64_t w = ((int64_t)t->y[0] - t->y[1]) * t->x[2] + ((int64_t)t->x[1] - t->x[0]) * t->y[2] +
                ((int64_t)t->x[0] * t->y[1] - (int64_t)t->x[1] * t->y[0]);
    if (w == 0)
        return; /* a segment or a point: flat at z0 */
    if (w < 0) {
        w = -w;
        nx = -nx;
        ny = -ny;
    }
    /* r = 2^(M + e - 1) / W rounded, e = bit length of W: a mantissa in (2^(M-1), 2^M].
     * Gx = N r / 2^(M + e - 1 - F) rounded (M > F: the shift is at least 1). */
    const unsigned e = bitlen((uint64_t)w);
    const i128 num = (i128)1 << (GX_ZP_M + e - 1);
    const i128 r = (2 * num + w) / (2 * (i128)w);
    const unsigned sh = GX_ZP_M + e - 1 - GX_ZP_F;
    p->gx = (uint64_t)round_shift((i128)nx * r, sh) & ZP_MASK;
    p->gy = (uint64_t)round_shift((i128)ny * r, sh) & ZP_MASK;
}

void gx_zrop_req_pack(const gx_rs_tri_t *t, const uint32_t z[3], uint32_t w[GX_ZP_REQ_WORDS])
{
    static const unsigned xl[3] = {GX_ZP_REQ_X0_LSB, GX_ZP_REQ_X1_LSB, GX_ZP_REQ_X2_LSB};
    static const unsigned yl[3] = {GX_ZP_REQ_Y0_LSB, GX_ZP_REQ_Y1_LSB, GX_ZP_REQ_Y2_LSB};
    static const unsigned zl[3] = {GX_ZP_REQ_Z0_LSB, GX_ZP_REQ_Z1_LSB, GX_ZP_REQ_Z2_LSB};
    memset(w, 0, GX_ZP_REQ_WORDS * sizeof w[0]);
    for (int k = 0; k < 3; k++) {
        gx_bits_set64(w, xl[k], GX_COORD_BITS, (uint64_t)(int64_t)t->x[k]);
        gx_bits_set64(w, yl[k], GX_COORD_BITS, (uint64_t)(int64_t)t->y[k]);
        gx_bits_set64(w, zl[k], GX_Z_BITS, z[k]);
    }
}

void gx_zrop_plane_pack(const gx_zrop_plane_t *p, uint32_t w[GX_ZP_PLANE_WORDS])
{
    memset(w, 0, GX_ZP_PLANE_WORDS * sizeof w[0]);
    gx_bits_set64(w, GX_ZP_PLANE_Z0_LSB, GX_Z_BITS, p->z0);
    gx_bits_set64(w, GX_ZP_PLANE_X0_LSB, GX_COORD_BITS, (uint64_t)(int64_t)p->x0);
    gx_bits_set64(w, GX_ZP_PLANE_Y0_LSB, GX_COORD_BITS, (uint64_t)(int64_t)p->y0);
    gx_bits_set64(w, GX_ZP_PLANE_GX_LSB, GX_ZP_W, p->gx);
    gx_bits_set64(w, GX_ZP_PLANE_GY_LSB, GX_ZP_W, p->gy);
    gx_bits_set64(w, GX_ZP_PLANE_ZMIN_LSB, GX_Z_BITS, p->zmin);
    gx_bits_set64(w, GX_ZP_PLANE_ZMAX_LSB, GX_Z_BITS, p->zmax);
}

void gx_zrop_plane_unpack(const uint32_t w[GX_ZP_PLANE_WORDS], gx_zrop_plane_t *p)
{
    memset(p, 0, sizeof *p);
    p->z0 = (uint32_t)gx_bits_get64(w, GX_ZP_PLANE_Z0_LSB, GX_Z_BITS);
    p->x0 = (int32_t)gx_bits_sget64(w, GX_ZP_PLANE_X0_LSB, GX_COORD_BITS);
    p->y0 = (int32_t)gx_bits_sget64(w, GX_ZP_PLANE_Y0_LSB, GX_COORD_BITS);
    p->gx = gx_bits_get64(w, GX_ZP_PLANE_GX_LSB, GX_ZP_W);
    p->gy = gx_bits_get64(w, GX_ZP_PLANE_GY_LSB, GX_ZP_W);
    p->zmin = (uint32_t)gx_bits_get64(w, GX_ZP_PLANE_ZMIN_LSB, GX_Z_BITS);
    p->zmax = (uint32_t)gx_bits_get64(w, GX_ZP_PLANE_ZMAX_LSB, GX_Z_BITS);
}

int gx_zrop_plane_eq(const gx_zrop_plane_t *p, const gx_zrop_plane_t *q)
{
    return p->z0 == q->z0 && p->x0 == q->x0 && p->y0 == q->y0 && p->gx == q->gx &&
           p->gy == q->gy && p->zmin == q->zmin && p->zmax == q->zmax;
}

/* v (mod 2^bits) as the signed value of its bits-bit two's complement. */
static int64_t sext(uint64_t v, unsigned bits)
{
    const uint64_t m = 1ull << (bits - 1);
    return (int64_t)((v ^ m) - m);
}

void gx_zrop_tile_plane(const gx_zrop_plane_t *p, int32_t tx, int32_t ty, unsigned tw, unsigned th,
                        gx_zrop_tplane_t *tp)
{
    /* The centre (256 tx + 128 tw, 256 ty + 128 th) in units; level 1 mod 2^ZP_W. */
    const int64_t dx = (int64_t)tx * 256 + 128 * (int64_t)tw - p->x0;
    const int64_t dy = (int64_t)ty * 256 + 128 * (int64_t)th - p->y0;
    const i128 gx = sext(p->gx, GX_ZP_W), gy = sext(p->gy, GX_ZP_W);
    const i128 zc = ((i128)p->z0 << GX_ZP_F) + gx * dx + gy * dy;
    /* Level 2: Pt = zc / 2^(F - f); a = 16 Gx / 2^(F - f); each rounded, mod 2^ZT_W. */
    tp->pt = (uint64_t)round_shift(zc, GX_ZP_F - GX_ZT_F) & ZT_MASK;
    tp->a = (uint64_t)round_shift(gx, GX_ZP_F - GX_ZT_F - 4) & ZT_MASK;
    tp->b = (uint64_t)round_shift(gy, GX_ZP_F - GX_ZT_F - 4) & ZT_MASK;
}

void gx_zrop_treq_pack(const gx_zrop_plane_t *p, int32_t tx, int32_t ty, unsigned nlog,
                       uint32_t w[GX_ZT_REQ_WORDS])
{
    memset(w, 0, GX_ZT_REQ_WORDS * sizeof w[0]);
    gx_bits_set64(w, GX_ZT_REQ_Z0_LSB, GX_Z_BITS, p->z0);
    gx_bits_set64(w, GX_ZT_REQ_X0_LSB, GX_COORD_BITS, (uint64_t)(int64_t)p->x0);
    gx_bits_set64(w, GX_ZT_REQ_Y0_LSB, GX_COORD_BITS, (uint64_t)(int64_t)p->y0);
    gx_bits_set64(w, GX_ZT_REQ_GX_LSB, GX_ZP_W, p->gx);
    gx_bits_set64(w, GX_ZT_REQ_GY_LSB, GX_ZP_W, p->gy);
    gx_bits_set64(w, GX_ZT_REQ_TX_LSB, GX_ZT_REQ_TX_BITS, (uint64_t)(int64_t)tx);
    gx_bits_set64(w, GX_ZT_REQ_TY_LSB, GX_ZT_REQ_TY_BITS, (uint64_t)(int64_t)ty);
    gx_bits_set64(w, GX_ZT_REQ_NLOG_LSB, GX_ZT_REQ_NLOG_BITS, nlog);
}

void gx_zrop_tplane_pack(const gx_zrop_tplane_t *tp, uint32_t w[GX_ZT_PLANE_WORDS])
{
    memset(w, 0, GX_ZT_PLANE_WORDS * sizeof w[0]);
    gx_bits_set64(w, GX_ZT_PLANE_PT_LSB, GX_ZT_W, tp->pt);
    gx_bits_set64(w, GX_ZT_PLANE_A_LSB, GX_ZT_W, tp->a);
    gx_bits_set64(w, GX_ZT_PLANE_B_LSB, GX_ZT_W, tp->b);
}

void gx_zrop_tplane_unpack(const uint32_t w[GX_ZT_PLANE_WORDS], gx_zrop_tplane_t *tp)
{
    tp->pt = gx_bits_get64(w, GX_ZT_PLANE_PT_LSB, GX_ZT_W);
    tp->a = gx_bits_get64(w, GX_ZT_PLANE_A_LSB, GX_ZT_W);
    tp->b = gx_bits_get64(w, GX_ZT_PLANE_B_LSB, GX_ZT_W);
}

uint32_t gx_zrop_eval(const gx_zrop_tplane_t *tp, int32_t sx, int32_t sy)
{
    const uint64_t v = (tp->pt + tp->a * (uint64_t)(int64_t)sx + tp->b * (uint64_t)(int64_t)sy) &
                       ZT_MASK;
    /* The residue's representative in [-2^(W-2), 3 * 2^(W-2)): every value a sample of
     * the triangle can take (depth -0.5 .. 2^24 - 0.5 with the rounding errors) lies in
     * it, so the representative is that value. */
    const int64_t q = 1ll << (GX_ZT_W - 2);
    const int64_t s = (int64_t)((v + (uint64_t)q) & ZT_MASK) - q;
    const int64_t z = (s + (1ll << (GX_ZT_F - 1))) >> GX_ZT_F;
    return z < 0 ? 0u : z > (int64_t)GX_Z_MAX ? GX_Z_MAX : (uint32_t)z;
}

static int32_t floor_div(int32_t v, int32_t d)
{
    return v >= 0 ? v / d : -((-v + d - 1) / d);
}

uint32_t gx_zrop_sample(const gx_zrop_plane_t *p, unsigned samples, int32_t sx16, int32_t sy16)
{
    unsigned tw, th;
    gx_zrop_tile_dims(samples, &tw, &th);
    const int32_t tx = floor_div(floor_div(sx16, 16), (int32_t)tw) * (int32_t)tw;
    const int32_t ty = floor_div(floor_div(sy16, 16), (int32_t)th) * (int32_t)th;
    gx_zrop_tplane_t tp;
    gx_zrop_tile_plane(p, tx, ty, tw, th, &tp);
    return gx_zrop_eval(&tp, sx16 - 16 * tx - 8 * (int32_t)tw,
                        sy16 - 16 * ty - 8 * (int32_t)th);
}

/* floor(n / d) and ceil(n / d) for d > 0. */
static i128 floor_div128(i128 n, i128 d)
{
    const i128 q = n / d;
    return q * d > n ? q - 1 : q;
}

static i128 ceil_div128(i128 n, i128 d)
{
    const i128 q = n / d;
    return q * d < n ? q + 1 : q;
}

void gx_zrop_rect_range(const gx_rs_tri_t *t, const uint32_t z[3], int64_t x0, int64_t y0,
                        int64_t x1, int64_t y1, uint32_t *lo, uint32_t *hi)
{
    uint32_t zmin, zmax;
    z_range(z, &zmin, &zmax);
    *lo = zmin;
    *hi = zmax;
    /* Nz(q) = sum_k z_{k+2} E_k(q) = Nx x + Ny y + Nc, W = sum_k E_k, both negated with
     * the area's sign so that W > 0. */
    i128 nx = 0, ny = 0, nc = 0, w = 0;
    for (int k = 0; k < 3; k++) {
        const int j = (k + 1) % 3, o = (k + 2) % 3;
        const i128 a = (i128)t->y[k] - t->y[j], b = (i128)t->x[j] - t->x[k];
        const i128 c = (i128)t->x[k] * t->y[j] - (i128)t->x[j] * t->y[k];
        nx += (i128)z[o] * a;
        ny += (i128)z[o] * b;
        nc += (i128)z[o] * c;
        w += c;
    }
    if (w == 0)
        return;
    if (w < 0) {
        w = -w;
        nx = -nx;
        ny = -ny;
        nc = -nc;
    }
    const i128 qmin = nx * (nx > 0 ? x0 : x1) + ny * (ny > 0 ? y0 : y1) + nc;
    const i128 qmax = nx * (nx > 0 ? x1 : x0) + ny * (ny > 0 ? y1 : y0) + nc;
    const i128 l = floor_div128(qmin, w), h = ceil_div128(qmax, w);
    if (l > (i128)zmin)
        *lo = l > (i128)zmax ? zmax : (uint32_t)l;
    if (h < (i128)zmax)
        *hi = h < (i128)zmin ? zmin : (uint32_t)h;
}

void gx_zrop_cons_range(const gx_rs_tri_t *t, const uint32_t z[3], uint32_t px, uint32_t py,
                        unsigned err, uint32_t *lo, uint32_t *hi)
{
    gx_zrop_rect_range(t, z, (int64_t)px * 256 - err, (int64_t)py * 256 - err,
                       (int64_t)px * 256 + 256 + err, (int64_t)py * 256 + 256 + err, lo, hi);
}

int gx_zrop_cull(gx_zrop_func_t func, uint32_t tlo, uint32_t thi, uint32_t slo, uint32_t shi)
{
    switch (func) {
    case GX_Z_NEVER: return 1;
    case GX_Z_LESS: return tlo >= shi;
    case GX_Z_EQUAL: return thi < slo || tlo > shi;
    case GX_Z_LEQUAL: return tlo > shi;
    case GX_Z_GREATER: return thi <= slo;
    case GX_Z_NOTEQUAL: return tlo == thi && slo == shi && tlo == slo;
    case GX_Z_GEQUAL: return thi < slo;
    default: return 0;
    }
}

void gx_zrop_cplane(const gx_rs_tri_t *t, const uint32_t z[3], gx_zrop_cplane_t *c)
{
    const int64_t dz1 = (int64_t)z[1] - z[0], dz2 = (int64_t)z[2] - z[0];
    int64_t nx = dz2 * ((int64_t)t->y[0] - t->y[1]) + dz1 * ((int64_t)t->y[2] - t->y[0]);
    int64_t ny = dz2 * ((int64_t)t->x[1] - t->x[0]) + dz1 * ((int64_t)t->x[0] - t->x[2]);
    int64_t w = ((int64_t)t->x[1] - t->x[0]) * ((int64_t)t->y[2] - t->y[0]) -
                ((int64_t)t->x[2] - t->x[0]) * ((int64_t)t->y[1] - t->y[0]);
    if (w < 0) {
        nx = -nx;
        ny = -ny;
        w = -w;
    }
    c->nx = nx;
    c->ny = ny;
    c->w = (uint64_t)w;
    c->z0 = z[0];
    c->x0 = t->x[0];
    c->y0 = t->y[0];
    z_range(z, &c->zmin, &c->zmax);
}

void gx_zrop_cull_tile(const gx_zrop_cplane_t *c, int32_t tx, int32_t ty, unsigned nlog,
                       gx_zrop_func_t func, uint32_t slo, uint32_t shi, gx_zrop_cres_t *r)
{
    unsigned tw, th;
    gx_zrop_tile_dims(1u << nlog, &tw, &th);
    /* Nz(q) - z0 W at the tile's upper-left corner, and the corner offsets that make it
     * the least and the greatest over the square (the signs of nx and ny; W >= 0). */
    const i128 rr = (i128)c->nx * ((int64_t)tx * 256 - c->x0) +
                    (i128)c->ny * ((int64_t)ty * 256 - c->y0);
    const i128 ex = (i128)c->nx * (256 * (int64_t)tw), ey = (i128)c->ny * (256 * (int64_t)th);
    const i128 qmin = rr + (c->nx < 0 ? ex : 0) + (c->ny < 0 ? ey : 0);
    const i128 qmax = rr + (c->nx > 0 ? ex : 0) + (c->ny > 0 ? ey : 0);
    /* l = floor(Nz(qmin) / W), h = ceil(Nz(qmax) / W), compared with s without dividing:
     * l >= s iff Nz >= s W; l <= s iff Nz < (s + 1) W; h <= s iff Nz <= s W; h >= s iff
     * Nz > (s - 1) W; with Nz - z0 W on the left, (s - z0) W on the right. W = 0: l is
     * below and h above every depth (the range is the vertices'). */
    const i128 w = (i128)c->w, dh = ((i128)shi - c->z0) * w, dl = ((i128)slo - c->z0) * w;
    const int l_ge = w ? qmin >= dh : 0, l_le = w ? qmin < dh + w : 1;
    const int h_le = w ? qmax <= dl : 0, h_ge = w ? qmax > dl - w : 1;
    /* lo = max(zmin, min(l, zmax)), hi = min(zmax, max(h, zmin)). */
    r->lo_ge = (uint8_t)(c->zmin >= shi || (l_ge && c->zmax >= shi));
    r->lo_le = (uint8_t)(c->zmin <= shi && (l_le || c->zmax <= shi));
    r->hi_le = (uint8_t)(c->zmax <= slo || (h_le && c->zmin <= slo));
    r->hi_ge = (uint8_t)(c->zmax >= slo && (h_ge || c->zmin >= slo));
    int cull;
    switch (func) {
    case GX_Z_NEVER: cull = 1; break;
    case GX_Z_LESS: cull = r->lo_ge; break;
    case GX_Z_EQUAL: cull = !r->hi_ge || !r->lo_le; break;
    case GX_Z_LEQUAL: cull = !r->lo_le; break;
    case GX_Z_GREATER: cull = r->hi_le; break;
    case GX_Z_NOTEQUAL:
        cull = slo == shi && r->lo_ge && r->lo_le && r->hi_le && r->hi_ge;
        break;
    case GX_Z_GEQUAL: cull = !r->hi_ge; break;
    default: cull = 0; break;
    }
    r->cull = (uint8_t)cull;
}

void gx_zrop_creq_pack(const gx_zrop_cplane_t *c, int32_t tx, int32_t ty, unsigned nlog,
                       gx_zrop_func_t func, uint32_t slo, uint32_t shi,
                       uint32_t w[GX_ZC_REQ_WORDS])
{
    memset(w, 0, GX_ZC_REQ_WORDS * sizeof w[0]);
    gx_bits_set64(w, GX_ZC_REQ_NX_LSB, GX_ZC_REQ_NX_BITS, (uint64_t)c->nx);
    gx_bits_set64(w, GX_ZC_REQ_NY_LSB, GX_ZC_REQ_NY_BITS, (uint64_t)c->ny);
    gx_bits_set64(w, GX_ZC_REQ_W_LSB, GX_ZC_REQ_W_BITS, c->w);
    gx_bits_set64(w, GX_ZC_REQ_Z0_LSB, GX_Z_BITS, c->z0);
    gx_bits_set64(w, GX_ZC_REQ_X0_LSB, GX_COORD_BITS, (uint64_t)(int64_t)c->x0);
    gx_bits_set64(w, GX_ZC_REQ_Y0_LSB, GX_COORD_BITS, (uint64_t)(int64_t)c->y0);
    gx_bits_set64(w, GX_ZC_REQ_ZMIN_LSB, GX_Z_BITS, c->zmin);
    gx_bits_set64(w, GX_ZC_REQ_ZMAX_LSB, GX_Z_BITS, c->zmax);
    gx_bits_set64(w, GX_ZC_REQ_TX_LSB, GX_ZC_REQ_TX_BITS, (uint64_t)(int64_t)tx);
    gx_bits_set64(w, GX_ZC_REQ_TY_LSB, GX_ZC_REQ_TY_BITS, (uint64_t)(int64_t)ty);
    gx_bits_set64(w, GX_ZC_REQ_NLOG_LSB, GX_ZC_REQ_NLOG_BITS, nlog);
    gx_bits_set64(w, GX_ZC_REQ_FUNC_LSB, GX_ZC_REQ_FUNC_BITS, (uint64_t)func);
    gx_bits_set64(w, GX_ZC_REQ_SLO_LSB, GX_Z_BITS, slo);
    gx_bits_set64(w, GX_ZC_REQ_SHI_LSB, GX_Z_BITS, shi);
}

void gx_zrop_cres_pack(const gx_zrop_cres_t *r, uint32_t w[GX_ZC_RES_WORDS])
{
    memset(w, 0, GX_ZC_RES_WORDS * sizeof w[0]);
    gx_bits_set64(w, GX_ZC_RES_CULL_LSB, 1, r->cull);
    gx_bits_set64(w, GX_ZC_RES_LO_GE_LSB, 1, r->lo_ge);
    gx_bits_set64(w, GX_ZC_RES_LO_LE_LSB, 1, r->lo_le);
    gx_bits_set64(w, GX_ZC_RES_HI_LE_LSB, 1, r->hi_le);
    gx_bits_set64(w, GX_ZC_RES_HI_GE_LSB, 1, r->hi_ge);
}

void gx_zrop_cres_unpack(const uint32_t w[GX_ZC_RES_WORDS], gx_zrop_cres_t *r)
{
    r->cull = (uint8_t)gx_bits_get64(w, GX_ZC_RES_CULL_LSB, 1);
    r->lo_ge = (uint8_t)gx_bits_get64(w, GX_ZC_RES_LO_GE_LSB, 1);
    r->lo_le = (uint8_t)gx_bits_get64(w, GX_ZC_RES_LO_LE_LSB, 1);
    r->hi_le = (uint8_t)gx_bits_get64(w, GX_ZC_RES_HI_LE_LSB, 1);
    r->hi_ge = (uint8_t)gx_bits_get64(w, GX_ZC_RES_HI_GE_LSB, 1);
}

int gx_zrop_test(gx_zrop_func_t func, uint32_t znew, uint32_t zold)
{
    switch (func) {
    case GX_Z_NEVER: return 0;
    case GX_Z_LESS: return znew < zold;
    case GX_Z_EQUAL: return znew == zold;
    case GX_Z_LEQUAL: return znew <= zold;
    case GX_Z_GREATER: return znew > zold;
    case GX_Z_NOTEQUAL: return znew != zold;
    case GX_Z_GEQUAL: return znew >= zold;
    default: return 1;
    }
}

void gx_zrop_positions(const gx_rs_cfg_t *cfg, const gx_rs_table_t *table, uint32_t tx,
                       uint32_t ty, gx_zrop_pos_t *pos)
{
    unsigned tw, th;
    const unsigned n = cfg->samples;
    gx_zrop_tile_dims(n, &tw, &th);
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        const unsigned pix = k / n, i = k % n, cx = pix % tw, cy = pix / tw;
        const uint8_t slot = table->slot[gx_raster_slot(cfg, tx + cx, ty + cy, i)];
        pos->sx[k] = (int8_t)((int)(16 * cx + (slot >> 4)) - 8 * (int)tw);
        pos->sy[k] = (int8_t)((int)(16 * cy + (slot & 15u)) - 8 * (int)th);
    }
}

uint32_t gx_zrop_tile_read(const gx_zrop_tile_t *t, const gx_zrop_pos_t *pos, uint32_t clear,
                           unsigned k)
{
    switch (t->state) {
    case GX_ZT_CLEAR: return clear;
    case GX_ZT_RAW: return t->z[k];
    default: return gx_zrop_eval(&t->pl[t->idx[k]], pos->sx[k], pos->sy[k]);
    }
}

int gx_zrop_tplane_fits(const gx_zrop_tplane_t *tp)
{
    const int64_t lim = 1ll << (GX_ZT_SLOPE_BITS - 1);
    const int64_t a = sext(tp->a, GX_ZT_W), b = sext(tp->b, GX_ZT_W);
    return a >= -lim && a < lim && b >= -lim && b < lim;
}

/* The tile becomes raw with depths z (a raw tile keeps its other fields). */
static void tile_set_raw(gx_zrop_tile_t *t, const uint32_t z[GX_ZTILE_SAMPLES])
{
    if (t->state != GX_ZT_RAW) {
        memset(t, 0, sizeof *t);
        t->state = GX_ZT_RAW;
    }
    memcpy(t->z, z, sizeof t->z);
}

void gx_zrop_tile_decompress(gx_zrop_tile_t *t, const gx_zrop_pos_t *pos, uint32_t clear)
{
    if (t->state == GX_ZT_RAW)
        return;
    uint32_t z[GX_ZTILE_SAMPLES];
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
        z[k] = gx_zrop_tile_read(t, pos, clear, k);
    tile_set_raw(t, z);
}

static int tplane_eq(const gx_zrop_tplane_t *p, const gx_zrop_tplane_t *q)
{
    return p->pt == q->pt && p->a == q->a && p->b == q->b;
}

/* A clear tile as a one-plane tile: the clear value's flat plane. */
static void clear_as_plane(gx_zrop_tile_t *t, uint32_t clear)
{
    memset(t, 0, sizeof *t);
    t->state = GX_ZT_PLANES;
    t->nplanes = 1;
    t->pl[0].pt = (uint64_t)clear << GX_ZT_F;
}

int gx_zrop_tile_update(gx_zrop_tile_t *t, const gx_zrop_tplane_t *tp, uint64_t pass,
                        int write, uint32_t clear)
{
    if (!write || !pass)
        return 1;
    /* A clear tile is the clear value's plane; a raw tile every sample of which passes
     * is replaced whole, so it too starts as one plane that no sample keeps. */
    gx_zrop_tile_t ot = *t;
    if (ot.state == GX_ZT_CLEAR ||
        (pass == ~0ull && ot.state == GX_ZT_RAW && gx_zrop_tplane_fits(tp)))
        clear_as_plane(&ot, clear);
    if (ot.state != GX_ZT_PLANES || !gx_zrop_tplane_fits(tp))
        return 0;
    /* Planes still used by a sample that keeps its depth, in the order of their first
     * such sample, then the new one. */
    gx_zrop_tile_t nt;
    memset(&nt, 0, sizeof nt);
    nt.state = GX_ZT_PLANES;
    int map[GX_ZTILE_PLANES] = {-1, -1, -1, -1};
    int newj = -1;
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        if (pass >> k & 1u)
            continue;
        const unsigned j = ot.idx[k];
        if (map[j] < 0) {
            map[j] = nt.nplanes;
            nt.pl[nt.nplanes++] = ot.pl[j];
        }
        nt.idx[k] = (uint8_t)map[j];
    }
    for (unsigned j = 0; j < nt.nplanes; j++)
        if (tplane_eq(&nt.pl[j], tp))
            newj = (int)j;
    if (newj < 0 && nt.nplanes < GX_ZTILE_PLANES) {
        newj = nt.nplanes;
        nt.pl[nt.nplanes++] = *tp;
    }
    if (newj < 0)
        return 0;
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
        if (pass >> k & 1u)
            nt.idx[k] = (uint8_t)newj;
    *t = nt;
    return 1;
}

uint64_t gx_zrop_tile_test(const gx_zrop_tile_t *t, const gx_zrop_pos_t *pos, uint32_t clear,
                           const gx_zrop_tplane_t *tp, uint64_t cover, gx_zrop_func_t func,
                           uint32_t z[GX_ZTILE_SAMPLES])
{
    uint64_t pass = 0;
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        const uint32_t zold = gx_zrop_tile_read(t, pos, clear, k);
        const uint32_t znew = gx_zrop_eval(tp, pos->sx[k], pos->sy[k]);
        const int p = (cover >> k & 1u) && gx_zrop_test(func, znew, zold);
        pass |= (uint64_t)p << k;
        z[k] = p ? znew : zold;
    }
    return pass;
}

uint64_t gx_zrop_tile_draw(gx_zrop_tile_t *t, const gx_zrop_pos_t *pos, uint32_t clear,
                           const gx_zrop_tplane_t *tp, uint64_t cover, gx_zrop_func_t func,
                           int write)
{
    uint32_t z[GX_ZTILE_SAMPLES];
    const uint64_t pass = gx_zrop_tile_test(t, pos, clear, tp, cover, func, z);
    if (gx_zrop_tile_update(t, tp, pass, write, clear))
        return pass;
    tile_set_raw(t, z); /* decompressed, the passing samples written */
    return pass;
}

static void put_bits(uint8_t *b, unsigned at, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++)
        if (v >> i & 1u)
            b[(at + i) / 8] |= (uint8_t)(1u << ((at + i) % 8));
}

static uint64_t get_bits(const uint8_t *b, unsigned at, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)(b[(at + i) / 8] >> ((at + i) % 8) & 1u) << i;
    return v;
}

void gx_zrop_tile_pack(const gx_zrop_tile_t *t, uint8_t *bytes)
{
    if (t->state == GX_ZT_RAW) {
        memset(bytes, 0, GX_ZTILE_RAW_BYTES);
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
            put_bits(bytes, 32 * k, 32, t->z[k]);
        return;
    }
    memset(bytes, 0, GX_ZTILE_CMP_BYTES);
    if (t->state != GX_ZT_PLANES)
        return;
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
        put_bits(bytes, 2 * k, 2, t->idx[k]);
    for (unsigned j = 0; j < t->nplanes; j++) {
        const unsigned at = 128 + 96 * j;
        put_bits(bytes, at, GX_ZT_W, t->pl[j].pt);
        put_bits(bytes, at + GX_ZT_W, GX_ZT_SLOPE_BITS, t->pl[j].a);
        put_bits(bytes, at + GX_ZT_W + GX_ZT_SLOPE_BITS, GX_ZT_SLOPE_BITS, t->pl[j].b);
    }
}

int gx_zrop_tile_unpack(gx_zrop_tstate_t state, unsigned nplanes, const uint8_t *bytes,
                        gx_zrop_tile_t *t)
{
    memset(t, 0, sizeof *t);
    t->state = state;
    if (state == GX_ZT_CLEAR)
        return 1;
    if (state == GX_ZT_RAW) {
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
            const uint64_t v = get_bits(bytes, 32 * k, 32);
            if (v > GX_Z_MAX)
                return 0;
            t->z[k] = (uint32_t)v;
        }
        return 1;
    }
    if (state != GX_ZT_PLANES || nplanes < 1 || nplanes > GX_ZTILE_PLANES)
        return 0;
    t->nplanes = (uint8_t)nplanes;
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        t->idx[k] = (uint8_t)get_bits(bytes, 2 * k, 2);
        if (t->idx[k] >= nplanes)
            return 0;
    }
    for (unsigned j = 0; j < nplanes; j++) {
        const unsigned at = 128 + 96 * j;
        t->pl[j].pt = get_bits(bytes, at, GX_ZT_W);
        t->pl[j].a = (uint64_t)sext(get_bits(bytes, at + GX_ZT_W, GX_ZT_SLOPE_BITS),
                                    GX_ZT_SLOPE_BITS) & ZT_MASK;
        t->pl[j].b = (uint64_t)sext(get_bits(bytes, at + GX_ZT_W + GX_ZT_SLOPE_BITS,
                                             GX_ZT_SLOPE_BITS), GX_ZT_SLOPE_BITS) & ZT_MASK;
    }
    return 1;
}

/* ---- surfaces and pattern tables ---- */

static gx_zrop_tstate_t st_of(uint8_t v)
{
    return (gx_zrop_tstate_t)(v & 3u);
}

void gx_zlive_set(gx_zlive_t *l, unsigned s, uint32_t n)
{
    if (!l->ncmp[s] && n)
        l->live[l->table[s]]++;
    if (l->ncmp[s] && !n)
        l->live[l->table[s]]--;
    l->ncmp[s] = n;
}

void gx_zlive_bind(gx_zlive_t *l, unsigned s, unsigned k)
{
    gx_zlive_set(l, s, 0);
    l->table[s] = (uint8_t)k;
}

void gx_zlive_use(gx_zlive_t *l, unsigned s, unsigned k)
{
    l->table[s] = (uint8_t)k;
}

int gx_zlive_write_next(const gx_zlive_t *l, unsigned k)
{
    for (unsigned s = 0; l->live[k] && s < GX_Z_MAX_SURF; s++)
        if (l->table[s] == k && l->ncmp[s])
            return (int)s;
    return -1;
}

void gx_zrop_init(gx_zrop_t *u)
{
    memset(u, 0, sizeof *u);
    for (unsigned k = 0; k < GX_Z_TABLES; k++)
        gx_raster_default_table(4, &u->table[k]);
}

int gx_zrop_surf_init(gx_zrop_t *u, gx_zrop_surf_t *s, const gx_rs_cfg_t *cfg, unsigned table,
                      uint32_t clear)
{
    memset(s, 0, sizeof *s);
    unsigned slot = 0;
    while (slot < GX_Z_MAX_SURF && u->surf[slot])
        slot++;
    if (!gx_raster_cfg_ok(cfg) || cfg->conservative || table >= GX_Z_TABLES ||
        clear > GX_Z_MAX || slot == GX_Z_MAX_SURF)
        return 0;
    s->cfg = *cfg;
    s->slot = (uint8_t)slot;
    s->clear = clear;
    gx_zrop_tile_dims(cfg->samples, &s->tw, &s->th);
    s->tiles_x = (cfg->width + s->tw - 1) / s->tw;
    s->tiles_y = (cfg->height + s->th - 1) / s->th;
    const size_t tiles = (size_t)s->tiles_x * s->tiles_y;
    s->state = calloc(tiles, 1);
    s->mem = calloc(tiles, GX_ZTILE_RAW_BYTES);
    s->zlo = calloc(tiles, sizeof *s->zlo);
    s->zhi = calloc(tiles, sizeof *s->zhi);
    if (!s->state || !s->mem || !s->zlo || !s->zhi) {
        free(s->state);
        free(s->mem);
        free(s->zlo);
        free(s->zhi);
        memset(s, 0, sizeof *s);
        return 0;
    }
    for (size_t t = 0; t < tiles; t++)
        s->zlo[t] = s->zhi[t] = clear;
    gx_zlive_bind(&u->lv, slot, table);
    u->surf[slot] = s;
    return 1;
}

void gx_zrop_surf_free(gx_zrop_t *u, gx_zrop_surf_t *s)
{
    gx_zlive_set(&u->lv, s->slot, 0);
    u->surf[s->slot] = NULL;
    free(s->state);
    free(s->mem);
    free(s->zlo);
    free(s->zhi);
    memset(s, 0, sizeof *s);
}

static void tile_pos(const gx_zrop_t *u, const gx_zrop_surf_t *s, size_t t, gx_zrop_pos_t *pos)
{
    gx_zrop_positions(&s->cfg, &u->table[u->lv.table[s->slot]], (uint32_t)(t % s->tiles_x) * s->tw,
                      (uint32_t)(t / s->tiles_x) * s->th, pos);
}

/* Read tile t from memory (its state from beside it); the bytes are counted. */
static void tile_load(gx_zrop_t *u, const gx_zrop_surf_t *s, size_t t, gx_zrop_tile_t *tile)
{
    const gx_zrop_tstate_t st = st_of(s->state[t]);
    if (st == GX_ZT_PLANES)
        u->st.rd_cmp += GX_ZTILE_CMP_BYTES;
    else if (st == GX_ZT_RAW)
        u->st.rd_raw += GX_ZTILE_RAW_BYTES;
    /* The unit wrote every image it reads: unpacking cannot fail. */
    (void)gx_zrop_tile_unpack(st, s->state[t] >> 2, s->mem + GX_ZTILE_RAW_BYTES * t, tile);
}

/* Write tile t back; its Z-cull range becomes its samples' least and greatest depth. */
static void tile_store(gx_zrop_t *u, gx_zrop_surf_t *s, size_t t, const gx_zrop_tile_t *tile,
                       const gx_zrop_pos_t *pos)
{
    s->zlo[t] = GX_Z_MAX;
    s->zhi[t] = 0;
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++) {
        const uint32_t v = gx_zrop_tile_read(tile, pos, s->clear, k);
        if (v < s->zlo[t]) s->zlo[t] = v;
        if (v > s->zhi[t]) s->zhi[t] = v;
    }
    const uint32_t was = st_of(s->state[t]) == GX_ZT_PLANES;
    gx_zrop_tile_pack(tile, s->mem + GX_ZTILE_RAW_BYTES * t);
    if (tile->state == GX_ZT_PLANES)
        u->st.wr_cmp += GX_ZTILE_CMP_BYTES;
    else if (tile->state == GX_ZT_RAW)
        u->st.wr_raw += GX_ZTILE_RAW_BYTES;
    s->state[t] = (uint8_t)(tile->state | tile->nplanes << 2);
    gx_zlive_set(&u->lv, s->slot, u->lv.ncmp[s->slot] - was + (tile->state == GX_ZT_PLANES));
}

/* Decompress in place every compressed tile (and, with clears, every clear tile) with
 * the surface's table as it is now. */
static void surf_decompress(gx_zrop_t *u, gx_zrop_surf_t *s, int clears)
{
    const size_t tiles = (size_t)s->tiles_x * s->tiles_y;
    for (size_t t = 0; t < tiles; t++) {
        const gx_zrop_tstate_t st = st_of(s->state[t]);
        if (st == GX_ZT_RAW || (st == GX_ZT_CLEAR && !clears))
            continue;
        gx_zrop_tile_t tile;
        gx_zrop_pos_t pos;
        tile_load(u, s, t, &tile);
        tile_pos(u, s, t, &pos);
        gx_zrop_tile_decompress(&tile, &pos, s->clear);
        tile_store(u, s, t, &tile, &pos);
        u->st.dip_tiles++;
    }
}

void gx_zrop_surf_clear(gx_zrop_t *u, gx_zrop_surf_t *s, uint32_t clear)
{
    const size_t tiles = (size_t)s->tiles_x * s->tiles_y;
    memset(s->state, 0, tiles);
    for (size_t t = 0; t < tiles; t++)
        s->zlo[t] = s->zhi[t] = clear;
    gx_zlive_set(&u->lv, s->slot, 0);
    s->clear = clear;
}

void gx_zrop_table_write(gx_zrop_t *u, unsigned k, const gx_rs_table_t *table)
{
    for (int s; (s = gx_zlive_write_next(&u->lv, k)) >= 0;) {
        surf_decompress(u, u->surf[s], 0);
        u->st.dip_table++;
    }
    u->table[k] = *table;
}

void gx_zrop_surf_use(gx_zrop_t *u, gx_zrop_surf_t *s, unsigned k)
{
    if (u->lv.ncmp[s->slot]) {
        surf_decompress(u, s, 0);
        u->st.dip_use++;
    }
    gx_zlive_use(&u->lv, s->slot, k);
}

uint64_t gx_zrop_surf_draw(gx_zrop_t *u, gx_zrop_surf_t *s, const gx_rs_tri_t *tri,
                           const uint32_t z[3], gx_zrop_func_t func, int write, gx_zrop_pix_fn emit,
                       void *ctx)
{
    gx_rs_setup_t rs;
    gx_zrop_plane_t p;
    gx_raster_setup(&s->cfg, tri, &rs);
    gx_zrop_plane(tri, z, &p);
    if (rs.cls != GX_RS_TRIANGLE || rs.px0 > rs.px1 || rs.py0 > rs.py1)
        return 0;
    const gx_rs_table_t *table = &u->table[u->lv.table[s->slot]];
    const unsigned n = s->cfg.samples, msk = (1u << n) - 1u;
    uint64_t passed = 0;
    for (uint32_t ty = (uint32_t)rs.py0 / s->th; ty <= (uint32_t)rs.py1 / s->th; ty++)
        for (uint32_t tx = (uint32_t)rs.px0 / s->tw; tx <= (uint32_t)rs.px1 / s->tw; tx++) {
            uint64_t cover = 0;
            for (unsigned q = 0; q < s->tw * s->th; q++) {
                const uint64_t m = gx_raster_pixel(&s->cfg, table, &rs, tx * s->tw + q % s->tw,
                                                   ty * s->th + q / s->tw);
                cover |= m << (q * n);
            }
            if (!cover)
                continue;
            const size_t t = (size_t)ty * s->tiles_x + tx;
            const int64_t x0 = (int64_t)tx * s->tw * 256, y0 = (int64_t)ty * s->th * 256;
            uint32_t lo, hi;
            gx_zrop_rect_range(tri, z, x0, y0, x0 + 256 * s->tw, y0 + 256 * s->th, &lo, &hi);
            uint64_t pass = 0;
            if (gx_zrop_cull(func, lo, hi, s->zlo[t], s->zhi[t])) {
                u->st.cull_tiles++;
                u->st.cull_samples += (uint64_t)__builtin_popcountll(cover);
            } else {
                gx_zrop_tile_t tile;
                gx_zrop_pos_t pos;
                gx_zrop_tplane_t tp;
                u->st.tested += (uint64_t)__builtin_popcountll(cover);
                tile_load(u, s, t, &tile);
                tile_pos(u, s, t, &pos);
                gx_zrop_tile_plane(&p, (int32_t)(tx * s->tw), (int32_t)(ty * s->th), s->tw, s->th,
                                   &tp);
                pass = gx_zrop_tile_draw(&tile, &pos, s->clear, &tp, cover, func, write);
                if (s->nocompress)
                    gx_zrop_tile_decompress(&tile, &pos, s->clear);
                if (write && pass)
                    tile_store(u, s, t, &tile, &pos);
            }
            for (unsigned q = 0; q < s->tw * s->th; q++) {
                if (!(cover >> (q * n) & msk))
                    continue;
                const uint16_t pm = (uint16_t)(pass >> (q * n) & msk);
                passed += (uint64_t)__builtin_popcount(pm);
                if (emit)
                    emit(ctx, tx * s->tw + q % s->tw, ty * s->th + q / s->tw, pm);
            }
        }
    return passed;
}

uint32_t gx_zrop_surf_read(gx_zrop_t *u, const gx_zrop_surf_t *s, uint32_t px, uint32_t py,
                           unsigned i)
{
    const uint32_t tx = px / s->tw, ty = py / s->th;
    const size_t t = (size_t)ty * s->tiles_x + tx;
    gx_zrop_tile_t tile;
    gx_zrop_pos_t pos;
    tile_load(u, s, t, &tile);
    tile_pos(u, s, t, &pos);
    const unsigned k = ((py % s->th) * s->tw + px % s->tw) * s->cfg.samples + i;
    return gx_zrop_tile_read(&tile, &pos, s->clear, k);
}

void gx_zrop_surf_tile(gx_zrop_t *u, const gx_zrop_surf_t *s, size_t t,
                       uint32_t z[GX_ZTILE_SAMPLES])
{
    gx_zrop_tile_t tile;
    gx_zrop_pos_t pos;
    tile_load(u, s, t, &tile);
    tile_pos(u, s, t, &pos);
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
        z[k] = gx_zrop_tile_read(&tile, &pos, s->clear, k);
}

uint32_t gx_zrop_surf_read_naive(gx_zrop_t *u, gx_zrop_surf_t *s, uint32_t px, uint32_t py,
                                 unsigned i)
{
    const size_t tiles = (size_t)s->tiles_x * s->tiles_y;
    int any = 0;
    for (size_t t = 0; t < tiles && !any; t++)
        any = st_of(s->state[t]) != GX_ZT_RAW;
    if (any) {
        surf_decompress(u, s, 1);
        u->st.dip_naive++;
    }
    const size_t t = (size_t)(py / s->th) * s->tiles_x + px / s->tw;
    const unsigned k = ((py % s->th) * s->tw + px % s->tw) * s->cfg.samples + i;
    u->st.rd_raw += 4;
    const uint8_t *b = s->mem + GX_ZTILE_RAW_BYTES * t + 4 * k;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16;
}
