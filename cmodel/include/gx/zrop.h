/* gx_zrop: the depth unit (ZROP), golden model (issue 23): its arithmetic, depth tiles,
 * surfaces on pattern tables, conservative depth and Z cull.
 *
 * This header and cmodel/src/zrop.c specify, bit for bit, how gx computes a triangle's
 * depth plane, the depth of a sample from it, the depth test, and the depth tile's two
 * forms (raw and plane-compressed); docs/zrop.md derives the widths and the error bound.
 *
 * Depth is unsigned normalized 24-bit (0..GX_Z_MAX). Positions are the rasterizer's:
 * 16.8 fixed point ("units", 1/256 pixel); a sample of pixel (px, py) sits at
 * (256 px + 16 ox, 256 py + 16 oy), (ox, oy) the nibbles of its pattern-table slot.
 *
 * Two levels, both exact integer arithmetic (no floating point anywhere):
 *  1. The triangle's plane (setup): z0 at vertex 0 and the gradient (Gx, Gy) in depth
 *     per unit with GX_ZP_F fraction bits, from one reciprocal of twice the area (a
 *     GX_ZP_M-bit mantissa) and the exact numerators; kept modulo 2^GX_ZP_W.
 *  2. The tile plane (per depth tile of 64 samples): the level-1 plane's value at the
 *     tile's centre Pt and the slopes a, b in depth per 1/16 pixel, all three rounded to
 *     GX_ZT_F fraction bits and kept modulo 2^GX_ZT_W. A sample's depth is
 *     Pt + a sx + b sy (mod 2^GX_ZT_W; sx, sy its offset from the centre in 1/16 pixel,
 *     |sx|, |sy| <= 64), rounded to the nearest integer (ties up) and clamped to
 *     0..GX_Z_MAX.
 * Every sample in the closed triangle gets a depth within 0.76 of the exact plane value
 * (docs/zrop.md): the arithmetic is modular, and a result known to lie in a window of
 * width < 2^GX_ZT_W is recovered exactly from its residue, however steep the plane.
 * A compressed tile stores tile planes, so its reconstruction is exact by construction:
 * the value a draw computes is the value a read reconstructs.
 */
#ifndef GX_ZROP_H
#define GX_ZROP_H

#include <stddef.h>
#include <stdint.h>

#include "gx/raster.h"

#define GX_Z_BITS 24
#define GX_Z_MAX ((1u << GX_Z_BITS) - 1u)
/** Level 1: gradient fraction bits (per unit), reciprocal mantissa bits, word width. */
#define GX_ZP_F 27
#define GX_ZP_M 28
#define GX_ZP_W (GX_ZP_F + 25)
/** Level 2: tile-plane fraction bits (per 1/16 pixel) and word width. */
#define GX_ZT_F 9
#define GX_ZT_W (GX_ZT_F + 25)
/** Samples in a depth tile; compressed planes a tile holds; bytes of the two forms. */
#define GX_ZTILE_SAMPLES 64
#define GX_ZTILE_PLANES 4
#define GX_ZTILE_RAW_BYTES 256
#define GX_ZTILE_CMP_BYTES 64
/** A compressed plane's slope fields: signed, this many bits (Pt takes GX_ZT_W). */
#define GX_ZT_SLOPE_BITS 31

/** The triangle's depth plane (level 1). */
typedef struct gx_zrop_plane {
    uint32_t z0;       /**< vertex 0's depth, the anchor */
    int32_t x0, y0;    /**< vertex 0, 16.8 */
    uint64_t gx, gy;   /**< gradient per unit, GX_ZP_F fraction bits, mod 2^GX_ZP_W */
    uint32_t zmin, zmax; /**< the vertices' depth range */
} gx_zrop_plane_t;

/** A tile plane (level 2): three words mod 2^GX_ZT_W, GX_ZT_F fraction bits. */
typedef struct gx_zrop_tplane {
    uint64_t pt;   /**< depth at the tile's centre */
    uint64_t a, b; /**< depth per 1/16 pixel in x and in y */
} gx_zrop_tplane_t;

/** Depth functions (the test passes when `new FUNC stored`). */
typedef enum gx_zrop_func {
    GX_Z_NEVER = 0,
    GX_Z_LESS = 1,
    GX_Z_EQUAL = 2,
    GX_Z_LEQUAL = 3,
    GX_Z_GREATER = 4,
    GX_Z_NOTEQUAL = 5,
    GX_Z_GEQUAL = 6,
    GX_Z_ALWAYS = 7,
} gx_zrop_func_t;

/** Depth-tile geometry for N samples a pixel: 64 samples, tw x th pixels
 *  (N = 1: 8 x 8, 2: 8 x 4, 4: 4 x 4, 8: 4 x 2, 16: 2 x 2). Sample k of a tile is
 *  sample k mod N of pixel k / N, pixels row-major. */
void gx_zrop_tile_dims(unsigned samples, unsigned *tw, unsigned *th);

/** The triangle's depth plane (level 1) from its vertices and their depths. A triangle of
 *  zero area (a segment or a point) gets the flat plane z0 (its gradient 0). */
void gx_zrop_plane(const gx_rs_tri_t *tri, const uint32_t z[3], gx_zrop_plane_t *p);

/** Port images of gx_zplane (layouts zp_req and zp_plane of defs/gx_defs.toml). */
void gx_zrop_req_pack(const gx_rs_tri_t *tri, const uint32_t z[3], uint32_t w[GX_ZP_REQ_WORDS]);
void gx_zrop_plane_pack(const gx_zrop_plane_t *p, uint32_t w[GX_ZP_PLANE_WORDS]);
void gx_zrop_plane_unpack(const uint32_t w[GX_ZP_PLANE_WORDS], gx_zrop_plane_t *p);
/** 1 when two planes agree in every field. */
int gx_zrop_plane_eq(const gx_zrop_plane_t *p, const gx_zrop_plane_t *q);

/** The tile plane of the depth tile whose upper-left pixel is (tx, ty), tw x th pixels. */
void gx_zrop_tile_plane(const gx_zrop_plane_t *p, int32_t tx, int32_t ty, unsigned tw, unsigned th,
                        gx_zrop_tplane_t *tp);

/** Port images of gx_ztplane (layouts zt_req and zt_plane of defs/gx_defs.toml): the
 *  plane p, the tile's upper-left pixel (tx, ty: signed 16 bits) and log2 of the samples
 *  a pixel (0..4, the tile's size by gx_zrop_tile_dims). */
void gx_zrop_treq_pack(const gx_zrop_plane_t *p, int32_t tx, int32_t ty, unsigned nlog,
                       uint32_t w[GX_ZT_REQ_WORDS]);
void gx_zrop_tplane_pack(const gx_zrop_tplane_t *tp, uint32_t w[GX_ZT_PLANE_WORDS]);
void gx_zrop_tplane_unpack(const uint32_t w[GX_ZT_PLANE_WORDS], gx_zrop_tplane_t *tp);

/** A sample's depth from a tile plane: sx, sy its offset from the tile's centre in 1/16
 *  pixel (-64..64). */
uint32_t gx_zrop_eval(const gx_zrop_tplane_t *tp, int32_t sx, int32_t sy);

/** The depth of sample (sx16, sy16) (absolute position in 1/16 pixel) of a triangle, as
 *  the depth tile containing it computes it: a convenience over the two calls above. */
uint32_t gx_zrop_sample(const gx_zrop_plane_t *p, unsigned samples, int32_t sx16, int32_t sy16);

/** Conservative depth of pixel (px, py) (conservative mode, error term err in 1/256
 *  pixel): [*lo, *hi] bounds the exact plane over the pixel's square grown by err on every
 *  side, clamped to the vertices' depth range, rounded outward:
 *    lo = max(zmin, floor(z(qmin))),  hi = min(zmax, ceil(z(qmax))),
 *  z(q) = sum_k z_{k+2} E_k(q) / W exactly, qmin and qmax the grown square's corners
 *  chosen by the gradient's signs (x: 256 px - err or 256 px + 256 + err; y likewise).
 *  A triangle of zero area gets its vertices' range. */
void gx_zrop_cons_range(const gx_rs_tri_t *tri, const uint32_t z[3], uint32_t px, uint32_t py,
                        unsigned err, uint32_t *lo, uint32_t *hi);

/** The same for the rectangle [x0, x1] x [y0, y1] (units): lo, hi bound the plane over it
 *  (clamped, rounded outward), so they bound every sample depth the tile planes give a
 *  sample of the triangle inside it (those are within 0.76 of the plane and integers). */
void gx_zrop_rect_range(const gx_rs_tri_t *tri, const uint32_t z[3], int64_t x0, int64_t y0,
                        int64_t x1, int64_t y1, uint32_t *lo, uint32_t *hi);

/** Z cull: 1 when no depth in [tlo, thi] passes `FUNC` against any in [slo, shi]. */
int gx_zrop_cull(gx_zrop_func_t func, uint32_t tlo, uint32_t thi, uint32_t slo, uint32_t shi);

/** A triangle's exact plane in the form Z cull evaluates without a division (gx_zcull):
 *  W times the plane's depth at q (units) is Nz(q) = z0 W + nx (qx - x0) + ny (qy - y0),
 *  with nx = dz2 (y0 - y1) + dz1 (y2 - y0), ny = dz2 (x1 - x0) + dz1 (x0 - x2) (dzk =
 *  zk - z0) and W twice the signed area, all three negated when W < 0 so that W >= 0:
 *  the Nz and W of gx_zrop_rect_range. W = 0: a triangle of zero area. */
typedef struct gx_zrop_cplane {
    int64_t nx, ny;      /**< |nx|, |ny| <= 2^48 in the guard band */
    uint64_t w;          /**< 0 .. 2^47 */
    uint32_t z0;         /**< vertex 0's depth */
    int32_t x0, y0;      /**< vertex 0, 16.8 */
    uint32_t zmin, zmax; /**< the vertices' depth range */
} gx_zrop_cplane_t;

void gx_zrop_cplane(const gx_rs_tri_t *tri, const uint32_t z[3], gx_zrop_cplane_t *c);

/** Z cull of one depth tile, as gx_zcull computes it: the triangle's range [lo, hi] over
 *  the tile's square (gx_zrop_rect_range) against the stored range [slo, shi], decided
 *  from four comparisons of lo and hi with shi and slo, each made exact without a
 *  division: floor(a / W) >= s exactly when a >= s W, and so on (docs/zrop.md, "gx_zcull").
 *  cull is gx_zrop_cull(func, lo, hi, slo, shi). */
typedef struct gx_zrop_cres {
    uint8_t cull;
    uint8_t lo_ge, lo_le;  /**< lo >= shi, lo <= shi */
    uint8_t hi_le, hi_ge;  /**< hi <= slo, hi >= slo */
} gx_zrop_cres_t;

/** (tx, ty): the tile's upper-left pixel (signed 16 bits); nlog: log2 of the samples a
 *  pixel (0..4, the tile's size by gx_zrop_tile_dims). */
void gx_zrop_cull_tile(const gx_zrop_cplane_t *c, int32_t tx, int32_t ty, unsigned nlog,
                       gx_zrop_func_t func, uint32_t slo, uint32_t shi, gx_zrop_cres_t *r);

/** Port images of gx_zcull (layouts zc_req and zc_res of defs/gx_defs.toml). */
void gx_zrop_creq_pack(const gx_zrop_cplane_t *c, int32_t tx, int32_t ty, unsigned nlog,
                       gx_zrop_func_t func, uint32_t slo, uint32_t shi,
                       uint32_t w[GX_ZC_REQ_WORDS]);
void gx_zrop_cres_pack(const gx_zrop_cres_t *r, uint32_t w[GX_ZC_RES_WORDS]);
void gx_zrop_cres_unpack(const uint32_t w[GX_ZC_RES_WORDS], gx_zrop_cres_t *r);

/** The depth test: 1 when `znew FUNC zold` passes. */
int gx_zrop_test(gx_zrop_func_t func, uint32_t znew, uint32_t zold);

/** A depth tile: clear (every sample the clear value, no data), plane-compressed (1..4
 *  tile planes, a 2-bit plane index per sample) or raw (a depth per sample). */
typedef enum gx_zrop_tstate {
    GX_ZT_CLEAR = 0,
    GX_ZT_PLANES = 1,
    GX_ZT_RAW = 2,
} gx_zrop_tstate_t;

typedef struct gx_zrop_tile {
    gx_zrop_tstate_t state;
    uint8_t nplanes;                        /**< GX_ZT_PLANES: 1..4 */
    uint8_t idx[GX_ZTILE_SAMPLES];          /**< GX_ZT_PLANES: each sample's plane */
    gx_zrop_tplane_t pl[GX_ZTILE_PLANES];
    uint32_t z[GX_ZTILE_SAMPLES];           /**< GX_ZT_RAW: each sample's depth */
} gx_zrop_tile_t;

/** Where the samples of one depth tile sit: sample k's offset from the tile's centre in
 *  1/16 pixel, from the pattern table (the positions a compressed tile depends on). */
typedef struct gx_zrop_pos {
    int8_t sx[GX_ZTILE_SAMPLES], sy[GX_ZTILE_SAMPLES];
} gx_zrop_pos_t;

/** The positions of the samples of the depth tile with upper-left pixel (tx, ty). */
void gx_zrop_positions(const gx_rs_cfg_t *cfg, const gx_rs_table_t *table, uint32_t tx,
                       uint32_t ty, gx_zrop_pos_t *pos);

/** Sample k's depth (reconstructed through the positions when compressed). */
uint32_t gx_zrop_tile_read(const gx_zrop_tile_t *t, const gx_zrop_pos_t *pos, uint32_t clear,
                           unsigned k);

/** 1 when a tile plane can be stored compressed (its slopes fit GX_ZT_SLOPE_BITS). */
int gx_zrop_tplane_fits(const gx_zrop_tplane_t *tp);

/** The compressed half of a draw's update, given the samples that passed (pass) and
 *  write on or off: returns 1 when the tile is unchanged (write off, or nothing passed)
 *  or stays or becomes compressed (t is then its new form: the planes some sample that
 *  did not pass still uses, in the order of their first such sample, then the new plane
 *  tp, shared when equal to a kept one; a clear tile counts as one plane of the clear
 *  value, a raw tile every sample of which passes as one no sample keeps), 0 when it
 *  must become raw (t untouched: the caller decompresses it and writes the passing
 *  samples' new depths). gx_ztile computes it in RTL. */
int gx_zrop_tile_update(gx_zrop_tile_t *t, const gx_zrop_tplane_t *tp, uint64_t pass,
                        int write, uint32_t clear);

/** The depth test of one triangle's samples against a tile's stored depths (compressed
 *  tiles reconstructed through the positions): returns the mask of covered samples that
 *  pass; z[k] is sample k's depth after a write, the new depth where it passes and the
 *  stored one elsewhere (the raw form the tile takes when it cannot stay compressed).
 *  gx_zsample computes it in RTL. */
uint64_t gx_zrop_tile_test(const gx_zrop_tile_t *t, const gx_zrop_pos_t *pos, uint32_t clear,
                           const gx_zrop_tplane_t *tp, uint64_t cover, gx_zrop_func_t func,
                           uint32_t z[GX_ZTILE_SAMPLES]);

/** Draw one triangle's samples into a tile: cover bit k = sample k is covered; each
 *  covered sample's depth is the tile plane's, tested against the stored one; returns
 *  the mask of samples that passed. With write on, passing samples take the new depth:
 *  a tile that stays within GX_ZTILE_PLANES planes that fit stays compressed (planes no
 *  sample uses any more are dropped, an equal plane is shared); otherwise it becomes raw
 *  (every sample reconstructed, then written). */
uint64_t gx_zrop_tile_draw(gx_zrop_tile_t *t, const gx_zrop_pos_t *pos, uint32_t clear,
                           const gx_zrop_tplane_t *tp, uint64_t cover, gx_zrop_func_t func,
                           int write);

/** Decompress in place: a compressed (or clear) tile becomes raw with every sample's
 *  reconstructed depth. */
void gx_zrop_tile_decompress(gx_zrop_tile_t *t, const gx_zrop_pos_t *pos, uint32_t clear);

/** Memory images: raw, 256 bytes (sample k's depth in bytes 4k..4k+3, little-endian,
 *  the top byte 0); compressed, 64 bytes (bytes 0..15: sample k's 2-bit plane index in
 *  bits 2k+1..2k; bytes 16 + 12 j ..: plane j as 96 bits, Pt in bits 33..0, a in 64..34,
 *  b in 95..65, a and b signed). Unpacking a compressed image needs the plane count
 *  (the tile's state, kept beside the surface). Unpacking rejects (returns 0) an image
 *  whose raw depth has a non-zero top byte or whose plane index names a plane >= count. */
void gx_zrop_tile_pack(const gx_zrop_tile_t *t, uint8_t *bytes);
int gx_zrop_tile_unpack(gx_zrop_tstate_t state, unsigned nplanes, const uint8_t *bytes,
                        gx_zrop_tile_t *t);

/* ---- surfaces and pattern tables ---- */

/** Pattern tables the depth unit holds; surfaces it tracks at once. */
#define GX_Z_TABLES 8
#define GX_Z_MAX_SURF 16

/** Traffic and events, counted by the unit. */
typedef struct gx_zrop_stats {
    uint64_t rd_cmp, rd_raw;   /**< bytes read: compressed tiles, raw tiles */
    uint64_t wr_cmp, wr_raw;   /**< bytes written */
    uint64_t dip_tiles;        /**< tiles decompressed in place */
    uint64_t dip_table;        /**< surfaces decompressed in place before a table write */
    uint64_t dip_naive;        /**< ... before a naive read */
    uint64_t dip_use;          /**< ... before the surface switched tables */
    uint64_t cull_tiles;       /**< tiles with coverage that Z cull skipped */
    uint64_t cull_samples;     /**< their covered samples, never tested */
    uint64_t tested;           /**< covered samples the depth test saw (not culled) */
} gx_zrop_stats_t;

/** The unit's table bookkeeping (gx_ztable computes it in RTL): each surface slot's
 *  pattern table and count of compressed tiles, and each table's live count, the
 *  surfaces on it with compressed tiles. A table a live surface depends on is written
 *  only after every such surface is decompressed in place, lowest slot first; a surface
 *  switches tables only with no compressed tile. */
typedef struct gx_zlive {
    uint8_t table[GX_Z_MAX_SURF];
    uint32_t ncmp[GX_Z_MAX_SURF];
    uint32_t live[GX_Z_TABLES];
} gx_zlive_t;

/** Slot s's count of compressed tiles becomes n (its table's live count follows). */
void gx_zlive_set(gx_zlive_t *l, unsigned s, uint32_t n);
/** Slot s takes table k with no compressed tile (a new or cleared surface). */
void gx_zlive_bind(gx_zlive_t *l, unsigned s, unsigned k);
/** Slot s, with no compressed tile, switches to table k. */
void gx_zlive_use(gx_zlive_t *l, unsigned s, unsigned k);
/** The lowest slot on table k with compressed tiles (to decompress before table k is
 *  written), or -1 when live[k] is 0. */
int gx_zlive_write_next(const gx_zlive_t *l, unsigned k);

/** A depth surface: its header (format, clear value, table) and its memory. Tile t's
 *  bytes are mem[256 t ..] (a compressed tile uses the first 64); its state is kept
 *  beside the memory (in hardware, on chip with the surface header). */
typedef struct gx_zrop_surf {
    gx_rs_cfg_t cfg;      /**< width, height, samples, patternsets (MSAA) */
    uint8_t slot;         /**< its slot in the unit: its table (the one its compressed
                               tiles were made with) and compressed-tile count are
                               u->lv.table[slot], u->lv.ncmp[slot] */
    uint32_t clear;
    unsigned tw, th, tiles_x, tiles_y;
    uint8_t *state;       /**< per tile: gx_zrop_tstate_t in bits 1..0, planes in 4..2 */
    uint8_t *mem;
    uint32_t *zlo, *zhi;  /**< per tile: the least and greatest stored depth (Z cull) */
    uint8_t nocompress;   /**< 1: draws store raw tiles only (the traffic baseline) */
} gx_zrop_surf_t;

typedef struct gx_zrop {
    gx_rs_table_t table[GX_Z_TABLES];
    gx_zlive_t lv;                       /**< the surfaces' tables and the live counts */
    gx_zrop_surf_t *surf[GX_Z_MAX_SURF]; /**< by slot; NULL: free */
    gx_zrop_stats_t st;
} gx_zrop_t;

/** Tables 0..7 the default pattern for 4 samples; no surfaces. */
void gx_zrop_init(gx_zrop_t *u);
/** A new surface, every tile clear, using table `table`; 0 (nothing allocated) when the
 *  format or the table is out of range or the unit tracks GX_Z_MAX_SURF surfaces. */
int gx_zrop_surf_init(gx_zrop_t *u, gx_zrop_surf_t *s, const gx_rs_cfg_t *cfg, unsigned table,
                      uint32_t clear);
void gx_zrop_surf_free(gx_zrop_t *u, gx_zrop_surf_t *s);
/** Every tile clear with value `clear`. */
void gx_zrop_surf_clear(gx_zrop_t *u, gx_zrop_surf_t *s, uint32_t clear);
/** Write pattern table k. When a surface with compressed tiles uses k (live[k] > 0), each
 *  such surface is decompressed in place first, with the table's old positions. */
void gx_zrop_table_write(gx_zrop_t *u, unsigned k, const gx_rs_table_t *table);
/** Switch a surface to table k; its compressed tiles are decompressed in place first. */
void gx_zrop_surf_use(gx_zrop_t *u, gx_zrop_surf_t *s, unsigned k);
/** Draw a triangle (MSAA; its coverage from gx_raster with the surface's table): for each
 *  depth tile with coverage, Z cull first (the triangle's range over the tile against the
 *  tile's stored range: a tile where no sample can pass is skipped, neither read nor
 *  tested), else the depth test and update, the tile read and written once;
 *  emit(ctx, px, py, mask) for every pixel with coverage, mask = the samples that passed.
 *  Returns the samples that passed. */
typedef void (*gx_zrop_pix_fn)(void *ctx, uint32_t px, uint32_t py, uint16_t mask);
uint64_t gx_zrop_surf_draw(gx_zrop_t *u, gx_zrop_surf_t *s, const gx_rs_tri_t *tri,
                           const uint32_t z[3], gx_zrop_func_t func, int write, gx_zrop_pix_fn emit,
                       void *ctx);
/** Sample i of pixel (px, py), by a client that reconstructs through the table. */
uint32_t gx_zrop_surf_read(gx_zrop_t *u, const gx_zrop_surf_t *s, uint32_t px, uint32_t py,
                           unsigned i);
/** Every sample of tile t (sample k of the tile in z[k]), by the same kind of client: the
 *  tile read once. */
void gx_zrop_surf_tile(gx_zrop_t *u, const gx_zrop_surf_t *s, size_t t,
                       uint32_t z[GX_ZTILE_SAMPLES]);
/** The same by a naive client: the surface is decompressed in place first if it holds a
 *  compressed tile, then the raw depth is read. */
uint32_t gx_zrop_surf_read_naive(gx_zrop_t *u, gx_zrop_surf_t *s, uint32_t px, uint32_t py,
                                 unsigned i);

#endif /* GX_ZROP_H */
