/* gx raster: the setup unit and rasterizer (gx/raster.h) over a scene file.
 *   gx raster [--engine cmodel|rtl] [--png FILE] [--tiles] SCENE   (SCENE may be - for stdin)
 *
 * Scene format: text, one directive a line; blank lines and lines whose first non-blank
 * character is `#` are ignored (there are no trailing comments). Fields are separated by
 * blanks or tabs; numbers are signed decimal integers (strtoll, whole field, range
 * checked, never wrapped); a trailing CR is ignored.
 *   viewport W H            render target W x H pixels, 1..8192 each        (required)
 *   samples N               N in {1, 2, 4, 8, 16}                           (required)
 *   patternsets on|off      pattern sets (only with N = 1 or 2); default off
 *   conservative E          conservative mode with error term E, 0..255 (1/256 pixel);
 *                           default: MSAA mode
 *   pattern b0 .. b15       the 16 sample-pattern table slots, slot 0 first, each exactly
 *                           2 hex digits (x nibble high, y nibble low, 1/16 pixel): a
 *                           write of the table in use
 *   table K b0 .. b15       write pattern table K (0..7)
 *   use K                   the triangles after it (and the depth surface) use table K;
 *                           default 0
 *   depth FUNC [write on|off]  depth on: FUNC one of never less equal lequal greater
 *                           notequal gequal always; write on by default; the first one
 *                           before the first tri, later ones change FUNC and write
 *   clear Z                 (depth on) clear the depth surface to Z, 0..16777215; it
 *                           starts cleared to 16777215
 *   tri x0 y0 x1 y1 x2 y2   a triangle, vertices in 1/256 pixel, each coordinate within
 *                           the guard band -4194304..4194304 (+-16384 pixels); with depth
 *                           on: tri x0 y0 z0 x1 y1 z1 x2 y2 z2, z 0..16777215
 * Rules:
 *   - viewport, samples, patternsets and conservative appear at most once each, and
 *     only before the first tri; viewport and samples must have appeared by then.
 *   - pattern, table and use may appear any number of times once samples is known
 *     (before it: error), also between triangles. Every table starts as
 *     gx_raster_default_table(N); a pattern or table line replaces all 16 slots of its
 *     table for every triangle after it that uses the table (stream order).
 *   - patternsets on with N other than 1 or 2 is an error (reported on whichever of the
 *     two lines comes second).
 *   - The render state is checked with gx_raster_cfg_ok and each triangle with
 *     gx_raster_tri_ok as well.
 *   - A scene without triangles is valid and prints nothing (viewport and samples are then
 *     optional, except that --png needs a viewport).
 * Any error: `gx: SCENE:LINE: reason` on stderr, exit status 2, nothing on stdout and no
 * PNG written; the whole scene is validated before anything is rasterized or written.
 *
 * Output: one line `t px py mask` per covered pixel: t = the triangle's index in the
 * scene (0-based, counting every tri line, degenerate ones included), mask = the covered
 * samples in lower-case hex (bit i = sample i; conservative mode prints 1). Sorted by t,
 * then py, then px (the rasterizer emits quads in tile order; each triangle's quads are
 * collected and sorted). Pixels with an empty mask are not printed.
 *
 * Depth (docs/zrop.md; engine cmodel only: the depth unit has no RTL yet): the scene's
 * stream goes through the depth unit's C model (gx/zrop.h) with one depth surface of the
 * target's size and N, in stream order (draws, table writes, table switches, clears). In
 * MSAA mode each line's mask is the covered samples that passed the depth test (pixels
 * where none passed are not printed); after the triangles, one line
 * `z px py d0 .. dN-1` (depths in lower-case hex) per pixel with a depth other than the
 * clear value, row by row. In conservative mode there is no depth surface: each line is
 * `t px py 1 zmin zmax` (hex), the pixel's conservative depth range. --tiles (depth on,
 * MSAA) adds `tile px py clear|planes N|raw` per depth tile (its upper-left pixel), row
 * by row, and one line `traffic read_compressed B read_raw B written_compressed B
 * written_raw B decompressed_tiles N culled_tiles N culled_samples N` (the draws' and
 * decompressions' bytes; the z lines' readout not counted).
 *
 * --png FILE also writes a coverage picture (8-bit RGB): one image pixel per target pixel,
 * 4x4 image pixels per target pixel when both sides are <= 256. Dark background, a faint
 * grid line on every coarse-tile (16-pixel) boundary; each triangle adds its own color
 * (a hue from its index) scaled by popcount(mask)/N (conservative: full), saturating.
 * A write failure is `gx: FILE: reason`, exit status 1.
 *
 * Engines: cmodel (default) runs gx_raster_setup + gx_raster_tri. rtl runs the Verilated
 * RTL: every triangle through gx_raster_setup, then the results through gx_raster, a
 * pattern-table write before each triangle whose table differs from the one before
 * (the RTL starts with the standard positions for N, as the scene does); the quad
 * groups go back to their triangles by tag (the triangle's index mod 2^16; groups come
 * in triangle order). Both engines print identical bytes. An RTL that stops (an
 * assertion fails) is `gx: the RTL stopped (...)`, exit status 1. (tools/gx/rasterize.c)
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx.h"
#include "gx/zrop.h"
#include "gx/raster.h"
#include "png.h"

#define GUARD ((long long)GX_GUARD_BAND_PX * 256)

/* One triangle of the scene, its depths and the pattern table in effect for it. */
typedef struct scene_tri {
    gx_rs_tri_t tri;
    uint32_t z[3];
    gx_rs_table_t table;
} scene_tri_t;

/* The depth unit's stream, in scene order (replayed when depth is on). */
typedef enum ev_kind { EV_TRI, EV_TABLE, EV_USE, EV_CLEAR, EV_DEPTH } ev_kind_t;
typedef struct scene_ev {
    ev_kind_t kind;
    size_t tri;           /* EV_TRI: the triangle's index */
    unsigned k;           /* EV_TABLE, EV_USE: the table */
    uint32_t z;           /* EV_CLEAR: the value */
    gx_zrop_func_t func;     /* EV_DEPTH */
    int write;            /* EV_DEPTH */
    gx_rs_table_t table;  /* EV_TABLE */
} scene_ev_t;

typedef struct scene {
    gx_rs_cfg_t cfg;
    unsigned viewport_line, samples_line, patternsets_line, conservative_line, depth_line;
    gx_rs_table_t tables[GX_Z_TABLES]; /* the tables as the stream leaves them */
    unsigned use;                      /* the table in use */
    scene_tri_t *tris;
    size_t n, cap;
    scene_ev_t *ev;
    size_t nev, evcap;
} scene_t;

/* A covered pixel of one triangle. */
typedef struct pix {
    uint32_t px, py;
    uint16_t mask;
} pix_t;

/* The quads of every triangle, in order: q[i] belongs to triangle t[i]. */
typedef struct collect {
    gx_rs_quad_t *q;
    size_t *t;
    size_t n, cap;
    int oom;
} collect_t;

/* Parse field s as a decimal integer in lo..hi. Returns 1, or reports and returns 0. */
static int parse_int(const gx_text_t *t, const char *s, long long lo, long long hi,
                     const char *what, long long *v)
{
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (end == s || *end) {
        gx_input_error(t, "%s '%s' is not a decimal integer", what, s);
        return 0;
    }
    if (errno == ERANGE || x < lo || x > hi) {
        gx_input_error(t, "%s '%s' is out of range %lld..%lld", what, s, lo, hi);
        return 0;
    }
    *v = x;
    return 1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Check that directive `name` (first seen on *seen, 0: never) may appear now. */
static int once_before_tri(const gx_text_t *t, const scene_t *sc, const char *name,
                           unsigned *seen)
{
    if (sc->n) {
        gx_input_error(t, "%s after the first tri (render state is fixed for a scene)", name);
        return 0;
    }
    if (*seen) {
        gx_input_error(t, "duplicate %s (first on line %u)", name, *seen);
        return 0;
    }
    *seen = t->line;
    return 1;
}

static int want_fields(const gx_text_t *t, unsigned nf, unsigned want, const char *usage)
{
    if (nf == want + 1)
        return 1;
    if (nf > want + 1)
        gx_input_error(t, "`%s` takes %u value%s, found more", usage, want, want == 1 ? "" : "s");
    else
        gx_input_error(t, "`%s` takes %u value%s, found %u", usage, want, want == 1 ? "" : "s",
                       nf - 1);
    return 0;
}

static int patternsets_vs_samples(const gx_text_t *t, const scene_t *sc)
{
    if (sc->cfg.patternsets && sc->samples_line && sc->cfg.samples > 2) {
        gx_input_error(t, "patternsets on needs samples 1 or 2, not %u", sc->cfg.samples);
        return 0;
    }
    return 1;
}

/* Grow *p (n of cap elements of size sz) to hold one more; exits on out of memory. */
static void *grow(void *p, size_t n, size_t *cap, size_t sz)
{
    if (n < *cap)
        return p;
    size_t c = *cap ? 2 * *cap : 256;
    void *q = realloc(p, c * sz);
    if (!q) {
        fprintf(stderr, "gx: out of memory\n");
        exit(1);
    }
    *cap = c;
    return q;
}

static void push_ev(scene_t *sc, const scene_ev_t *e)
{
    sc->ev = grow(sc->ev, sc->nev, &sc->evcap, sizeof *sc->ev);
    sc->ev[sc->nev++] = *e;
}

/* Parse 16 table bytes (fields f[0..15], each 2 hex digits) into *tab. */
static int parse_table(const gx_text_t *t, char **f, const char *what, gx_rs_table_t *tab)
{
    for (unsigned i = 0; i < GX_PATTERN_SLOTS; i++) {
        const char *s = f[i];
        int hi = hexval(s[0]), lo = hi < 0 ? -1 : hexval(s[1]);
        if (hi < 0 || lo < 0 || s[2]) {
            gx_input_error(t, "%s byte %u '%s' is not 2 hex digits", what, i, s);
            return 0;
        }
        tab->slot[i] = (uint8_t)(hi << 4 | lo);
    }
    return 1;
}

static int need_samples(const gx_text_t *t, const scene_t *sc, const char *what)
{
    if (sc->samples_line)
        return 1;
    gx_input_error(t, "%s before samples (the tables start as the default for N samples)",
                   what);
    return 0;
}

static const char *const zfunc_names[8] = {"never", "less", "equal", "lequal",
                                           "greater", "notequal", "gequal", "always"};

/* Parse one directive line into the scene. Returns 1, or reports and returns 0. */
static int parse_line(gx_text_t *t, char *line, scene_t *sc)
{
    char *f[19];
    unsigned nf = gx_fields(line, f, 18);
    const char *d = f[0];
    long long v[6];
    if (!strcmp(d, "viewport")) {
        if (!want_fields(t, nf, 2, "viewport W H") ||
            !parse_int(t, f[1], 1, GX_MAX_VIEWPORT, "viewport width", &v[0]) ||
            !parse_int(t, f[2], 1, GX_MAX_VIEWPORT, "viewport height", &v[1]) ||
            !once_before_tri(t, sc, "viewport", &sc->viewport_line))
            return 0;
        sc->cfg.width = (uint16_t)v[0];
        sc->cfg.height = (uint16_t)v[1];
        return 1;
    }
    if (!strcmp(d, "samples")) {
        if (!want_fields(t, nf, 1, "samples N") ||
            !parse_int(t, f[1], LLONG_MIN, LLONG_MAX, "samples", &v[0]))
            return 0;
        if (v[0] < 1 || v[0] > 16 || (v[0] & (v[0] - 1))) {
            gx_input_error(t, "samples '%s' is not one of 1 2 4 8 16", f[1]);
            return 0;
        }
        if (!once_before_tri(t, sc, "samples", &sc->samples_line))
            return 0;
        sc->cfg.samples = (uint8_t)v[0];
        for (unsigned k = 0; k < GX_Z_TABLES; k++)
            gx_raster_default_table((unsigned)v[0], &sc->tables[k]);
        return patternsets_vs_samples(t, sc);
    }
    if (!strcmp(d, "patternsets")) {
        if (!want_fields(t, nf, 1, "patternsets on|off"))
            return 0;
        if (strcmp(f[1], "on") && strcmp(f[1], "off")) {
            gx_input_error(t, "patternsets '%s' is not on or off", f[1]);
            return 0;
        }
        if (!once_before_tri(t, sc, "patternsets", &sc->patternsets_line))
            return 0;
        sc->cfg.patternsets = !strcmp(f[1], "on");
        return patternsets_vs_samples(t, sc);
    }
    if (!strcmp(d, "conservative")) {
        if (!want_fields(t, nf, 1, "conservative E") ||
            !parse_int(t, f[1], 0, GX_MAX_CONS_ERR, "conservative error term E", &v[0]) ||
            !once_before_tri(t, sc, "conservative", &sc->conservative_line))
            return 0;
        sc->cfg.conservative = 1;
        sc->cfg.cons_err = (uint8_t)v[0];
        return 1;
    }
    if (!strcmp(d, "pattern") || !strcmp(d, "table")) {
        const int is_table = !strcmp(d, "table");
        const unsigned first = is_table ? 2u : 1u;
        if (nf != GX_PATTERN_SLOTS + first) {
            if (is_table)
                gx_input_error(t, "table takes K and exactly %u bytes, found %s%u values",
                               GX_PATTERN_SLOTS, nf > GX_PATTERN_SLOTS + 2 ? "more than " : "",
                               nf > GX_PATTERN_SLOTS + 2 ? GX_PATTERN_SLOTS + 1 : nf - 1);
            else
                gx_input_error(t, "pattern takes exactly %u bytes, found %s%u",
                               GX_PATTERN_SLOTS, nf > GX_PATTERN_SLOTS + 1 ? "more than " : "",
                               nf > GX_PATTERN_SLOTS + 1 ? GX_PATTERN_SLOTS : nf - 1);
            return 0;
        }
        if (is_table && !parse_int(t, f[1], 0, GX_Z_TABLES - 1, "table K", &v[0]))
            return 0;
        if (!need_samples(t, sc, d))
            return 0;
        scene_ev_t e;
        memset(&e, 0, sizeof e);
        e.kind = EV_TABLE;
        e.k = is_table ? (unsigned)v[0] : sc->use;
        if (!parse_table(t, f + first, d, &e.table))
            return 0;
        sc->tables[e.k] = e.table;
        push_ev(sc, &e);
        return 1;
    }
    if (!strcmp(d, "use")) {
        if (!want_fields(t, nf, 1, "use K") ||
            !parse_int(t, f[1], 0, GX_Z_TABLES - 1, "use K", &v[0]) ||
            !need_samples(t, sc, "use"))
            return 0;
        scene_ev_t e;
        memset(&e, 0, sizeof e);
        e.kind = EV_USE;
        e.k = sc->use = (unsigned)v[0];
        push_ev(sc, &e);
        return 1;
    }
    if (!strcmp(d, "depth")) {
        if (nf != 2 && nf != 4) {
            gx_input_error(t, "`depth FUNC [write on|off]` takes 1 or 3 values, found %u", nf - 1);
            return 0;
        }
        scene_ev_t e;
        memset(&e, 0, sizeof e);
        e.kind = EV_DEPTH;
        e.func = GX_Z_ALWAYS;
        unsigned i = 0;
        while (i < 8 && strcmp(f[1], zfunc_names[i]))
            i++;
        if (i == 8) {
            gx_input_error(t, "depth function '%s' is not one of never less equal lequal "
                              "greater notequal gequal always", f[1]);
            return 0;
        }
        e.func = (gx_zrop_func_t)i;
        e.write = 1;
        if (nf == 4) {
            if (strcmp(f[2], "write") || (strcmp(f[3], "on") && strcmp(f[3], "off"))) {
                gx_input_error(t, "`depth FUNC [write on|off]`: expected write on or write off, "
                                  "found '%s %s'", f[2], f[3]);
                return 0;
            }
            e.write = !strcmp(f[3], "on");
        }
        if (!sc->depth_line && sc->n) {
            gx_input_error(t, "depth after the first tri (a scene is drawn with depth or "
                              "without it from its first tri)");
            return 0;
        }
        if (!sc->depth_line)
            sc->depth_line = t->line;
        push_ev(sc, &e);
        return 1;
    }
    if (!strcmp(d, "clear")) {
        if (!want_fields(t, nf, 1, "clear Z") ||
            !parse_int(t, f[1], 0, GX_Z_MAX, "clear Z", &v[0]))
            return 0;
        if (!sc->depth_line) {
            gx_input_error(t, "clear before depth (a depth buffer exists only with depth on)");
            return 0;
        }
        scene_ev_t e;
        memset(&e, 0, sizeof e);
        e.kind = EV_CLEAR;
        e.z = (uint32_t)v[0];
        push_ev(sc, &e);
        return 1;
    }
    if (!strcmp(d, "tri")) {
        static const char *names[6] = {"x0", "y0", "x1", "y1", "x2", "y2"};
        static const char *znames[3] = {"z0", "z1", "z2"};
        char what[48];
        const int depth = sc->depth_line != 0;
        if (!want_fields(t, nf, depth ? 9 : 6,
                         depth ? "tri x0 y0 z0 x1 y1 z1 x2 y2 z2" : "tri x0 y0 x1 y1 x2 y2"))
            return 0;
        long long zv[3] = {0, 0, 0};
        if (depth) { /* x y z per vertex: move the depths out, the coordinates together */
            for (unsigned k = 0; k < 3; k++) {
                snprintf(what, sizeof what, "depth %s", znames[k]);
                if (!parse_int(t, f[3 * k + 3], 0, GX_Z_MAX, what, &zv[k]))
                    return 0;
            }
            for (unsigned k = 0; k < 3; k++) {
                f[2 * k + 1] = f[3 * k + 1];
                f[2 * k + 2] = f[3 * k + 2];
            }
        }
        for (unsigned i = 0; i < 6; i++) {
            snprintf(what, sizeof what, "coordinate %s", names[i]);
            char *end;
            errno = 0;
            long long x = strtoll(f[i + 1], &end, 10);
            if (end == f[i + 1] || *end) {
                gx_input_error(t, "%s '%s' is not a decimal integer", what, f[i + 1]);
                return 0;
            }
            if (errno == ERANGE || x < -GUARD || x > GUARD) {
                gx_input_error(t, "%s '%s' is outside the guard band %lld..%lld (1/256 pixel)",
                               what, f[i + 1], -GUARD, GUARD);
                return 0;
            }
            v[i] = x;
        }
        if (!sc->viewport_line || !sc->samples_line) {
            gx_input_error(t, "tri before %s", !sc->viewport_line ? "viewport" : "samples");
            return 0;
        }
        if (!sc->n && !gx_raster_cfg_ok(&sc->cfg)) {
            gx_input_error(t, "render state out of range (gx_raster_cfg_ok)");
            return 0;
        }
        scene_tri_t st;
        memset(&st, 0, sizeof st);
        for (unsigned k = 0; k < 3; k++) {
            st.tri.x[k] = (int32_t)v[2 * k];
            st.tri.y[k] = (int32_t)v[2 * k + 1];
        }
        if (!gx_raster_tri_ok(&st.tri)) {
            gx_input_error(t, "triangle outside the guard band (gx_raster_tri_ok)");
            return 0;
        }
        st.table = sc->tables[sc->use];
        for (unsigned k = 0; k < 3; k++)
            st.z[k] = (uint32_t)zv[k];
        sc->tris = grow(sc->tris, sc->n, &sc->cap, sizeof *sc->tris);
        scene_ev_t e;
        memset(&e, 0, sizeof e);
        e.kind = EV_TRI;
        e.tri = sc->n;
        push_ev(sc, &e);
        sc->tris[sc->n++] = st;
        return 1;
    }
    gx_input_error(t, "unknown directive '%s' (viewport samples pattern patternsets "
                      "conservative table use depth clear tri)", d);
    return 0;
}

static void push_quad(void *ctx, size_t t, const gx_rs_quad_t *quad)
{
    collect_t *c = ctx;
    if (c->oom)
        return;
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 1024;
        gx_rs_quad_t *nq = realloc(c->q, cap * sizeof *nq);
        if (nq)
            c->q = nq;
        size_t *nt = realloc(c->t, cap * sizeof *nt);
        if (nt)
            c->t = nt;
        if (!nq || !nt) {
            c->oom = 1;
            return;
        }
        c->cap = cap;
    }
    c->t[c->n] = t;
    c->q[c->n++] = *quad;
}

static int pix_cmp(const void *a, const void *b)
{
    const pix_t *p = a, *q = b;
    if (p->py != q->py)
        return p->py < q->py ? -1 : 1;
    if (p->px != q->px)
        return p->px < q->px ? -1 : 1;
    return 0;
}

static unsigned popcount16(uint16_t m)
{
    unsigned n = 0;
    for (; m; m &= (uint16_t)(m - 1))
        n++;
    return n;
}

/* The tint of triangle t: hues spaced by the golden angle, full saturation. */
static void tri_color(size_t t, unsigned rgb[3])
{
    unsigned h = (unsigned)((t * 2654435769u) >> 16 & 0xffff) * 6; /* 0 .. 6*65535 */
    unsigned sector = h >> 16, f = (h & 0xffff) >> 8;                 /* f 0..255 */
    unsigned up = 64 + f * 191 / 255, down = 255 - f * 191 / 255, lo = 64, hi = 255;
    unsigned c[6][3] = {{hi, up, lo}, {down, hi, lo}, {lo, hi, up},
                        {lo, down, hi}, {up, lo, hi}, {hi, lo, down}};
    memcpy(rgb, c[sector % 6], sizeof c[0]);
}

/* Add one triangle's coverage to the picture accumulator (w x h x 3, saturating). */
static void png_add(uint8_t *acc, const gx_rs_cfg_t *cfg, size_t t, const pix_t *p, size_t n)
{
    unsigned rgb[3], samples = cfg->conservative ? 1 : cfg->samples;
    tri_color(t, rgb);
    for (size_t i = 0; i < n; i++) {
        if (p[i].px >= cfg->width || p[i].py >= cfg->height)
            continue;
        unsigned cov = cfg->conservative ? 1 : popcount16(p[i].mask);
        uint8_t *a = acc + ((size_t)p[i].py * cfg->width + p[i].px) * 3;
        for (unsigned k = 0; k < 3; k++) {
            unsigned v = a[k] + (rgb[k] * cov + samples / 2) / samples;
            a[k] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}

static int png_write(const char *path, const gx_rs_cfg_t *cfg, const uint8_t *acc)
{
    unsigned w = cfg->width, h = cfg->height;
    unsigned s = w <= 256 && h <= 256 ? 4 : 1;
    size_t iw = (size_t)w * s, ih = (size_t)h * s;
    uint8_t *img = malloc(iw * ih * 3);
    if (!img) {
        fprintf(stderr, "gx: %s: out of memory\n", path);
        return 1;
    }
    static const uint8_t bg[3] = {16, 16, 24}, grid[3] = {44, 44, 60};
    for (size_t y = 0; y < ih; y++)
        for (size_t x = 0; x < iw; x++) {
            size_t px = x / s, py = y / s;
            int on_grid = (px % GX_COARSE_TILE_PX == 0 && x % s == 0) ||
                          (py % GX_COARSE_TILE_PX == 0 && y % s == 0);
            const uint8_t *base = on_grid ? grid : bg, *a = acc + (py * w + px) * 3;
            uint8_t *o = img + (y * iw + x) * 3;
            for (unsigned k = 0; k < 3; k++) {
                unsigned v = base[k] + a[k];
                o[k] = (uint8_t)(v > 255 ? 255 : v);
            }
        }
    int r = gx_png_write_rgb(path, (unsigned)iw, (unsigned)ih, img);
    if (r)
        fprintf(stderr, "gx: %s: %s\n", path, strerror(errno));
    free(img);
    return r ? 1 : 0;
}

/* The pass masks the depth unit emits for one triangle (empty masks dropped). */
typedef struct pixbuf {
    pix_t *p;
    size_t n, cap;
} pixbuf_t;

static void on_zpix(void *ctx, uint32_t px, uint32_t py, uint16_t mask)
{
    pixbuf_t *b = ctx;
    if (!mask)
        return;
    b->p = grow(b->p, b->n, &b->cap, sizeof *b->p);
    b->p[b->n].px = px;
    b->p[b->n].py = py;
    b->p[b->n++].mask = mask;
}

/* Print one triangle's pixels sorted by (py, px) and add them to the picture; with cons
 * (conservative mode with depth on), each line carries the pixel's depth range. */
static void print_tri(gx_out_t *o, uint8_t *acc, const scene_t *sc, size_t ti, pix_t *pix,
                      size_t np, int cons)
{
    if (np)
        qsort(pix, np, sizeof *pix, pix_cmp);
    for (size_t i = 0; i < np; i++) {
        if (cons) {
            uint32_t lo, hi;
            gx_zrop_cons_range(&sc->tris[ti].tri, sc->tris[ti].z, pix[i].px, pix[i].py,
                               sc->cfg.cons_err, &lo, &hi);
            gx_out_printf(o, "%zu %u %u %x %x %x\n", ti, (unsigned)pix[i].px,
                          (unsigned)pix[i].py, (unsigned)pix[i].mask, (unsigned)lo,
                          (unsigned)hi);
        } else {
            gx_out_printf(o, "%zu %u %u %x\n", ti, (unsigned)pix[i].px, (unsigned)pix[i].py,
                          (unsigned)pix[i].mask);
        }
    }
    if (acc)
        png_add(acc, &sc->cfg, ti, pix, np);
}

/* Depth on, MSAA: the scene's stream through the depth unit (gx/zrop.h), one surface;
 * the triangles' lines carry the samples that passed; then the z lines and, with tiles,
 * the tiles' states and the traffic. Returns 0, or 1 when out of memory. */
static int run_depth(gx_out_t *o, uint8_t *acc, const scene_t *sc, int tiles)
{
    if (!sc->viewport_line || !sc->samples_line)
        return 0; /* no triangles: nothing to draw or print */
    gx_zrop_t u;
    gx_zrop_surf_t zs;
    gx_zrop_init(&u);
    for (unsigned k = 0; k < GX_Z_TABLES; k++)
        gx_raster_default_table(sc->cfg.samples, &u.table[k]);
    if (!gx_zrop_surf_init(&u, &zs, &sc->cfg, 0, GX_Z_MAX)) {
        fprintf(stderr, "gx: out of memory\n");
        return 1;
    }
    gx_zrop_func_t func = GX_Z_ALWAYS;
    int write = 1;
    pixbuf_t b = {0};
    for (size_t i = 0; i < sc->nev; i++) {
        const scene_ev_t *e = &sc->ev[i];
        switch (e->kind) {
        case EV_TRI:
            b.n = 0;
            gx_zrop_surf_draw(&u, &zs, &sc->tris[e->tri].tri, sc->tris[e->tri].z, func, write,
                              on_zpix, &b);
            print_tri(o, acc, sc, e->tri, b.p, b.n, 0);
            break;
        case EV_TABLE: gx_zrop_table_write(&u, e->k, &e->table); break;
        case EV_USE: gx_zrop_surf_use(&u, &zs, e->k); break;
        case EV_CLEAR: gx_zrop_surf_clear(&u, &zs, e->z); break;
        case EV_DEPTH: func = e->func; write = e->write; break;
        }
    }
    free(b.p);
    const gx_zrop_stats_t st = u.st; /* before the readout below reads tiles */
    const unsigned n = sc->cfg.samples;
    /* the readout, one row of depth tiles at a time, each tile read once */
    uint32_t (*row)[GX_ZTILE_SAMPLES] = calloc(zs.tiles_x, sizeof *row);
    if (!row) {
        fprintf(stderr, "gx: out of memory\n");
        gx_zrop_surf_free(&u, &zs);
        return 1;
    }
    for (uint32_t py = 0; py < sc->cfg.height; py++) {
        if (py % zs.th == 0)
            for (unsigned tx = 0; tx < zs.tiles_x; tx++)
                gx_zrop_surf_tile(&u, &zs, (size_t)(py / zs.th) * zs.tiles_x + tx, row[tx]);
        for (uint32_t px = 0; px < sc->cfg.width; px++) {
            const uint32_t *d = &row[px / zs.tw][((py % zs.th) * zs.tw + px % zs.tw) * n];
            int other = 0;
            for (unsigned i = 0; i < n; i++)
                other |= d[i] != zs.clear;
            if (!other)
                continue;
            gx_out_printf(o, "z %u %u", (unsigned)px, (unsigned)py);
            for (unsigned i = 0; i < n; i++)
                gx_out_printf(o, " %x", (unsigned)d[i]);
            gx_out_printf(o, "\n");
        }
    }
    free(row);
    if (tiles) {
        static const char *const names[3] = {"clear", "planes", "raw"};
        for (unsigned ty = 0; ty < zs.tiles_y; ty++)
            for (unsigned tx = 0; tx < zs.tiles_x; tx++) {
                const uint8_t v = zs.state[(size_t)ty * zs.tiles_x + tx];
                gx_out_printf(o, "tile %u %u %s", tx * zs.tw, ty * zs.th, names[v & 3u]);
                if ((v & 3u) == GX_ZT_PLANES)
                    gx_out_printf(o, " %u", (unsigned)(v >> 2));
                gx_out_printf(o, "\n");
            }
        gx_out_printf(o, "traffic read_compressed %llu read_raw %llu written_compressed %llu "
                         "written_raw %llu decompressed_tiles %llu culled_tiles %llu "
                         "culled_samples %llu\n",
                      (unsigned long long)st.rd_cmp, (unsigned long long)st.rd_raw,
                      (unsigned long long)st.wr_cmp, (unsigned long long)st.wr_raw,
                      (unsigned long long)st.dip_tiles, (unsigned long long)st.cull_tiles,
                      (unsigned long long)st.cull_samples);
    }
    gx_zrop_surf_free(&u, &zs);
    return 0;
}

int gx_cmd_raster(int argc, char **argv)
{
    static const char usage[] =
        "usage: gx raster [--engine cmodel|rtl] [--png FILE] [--tiles] SCENE\n";
    gx_engine_t engine = GX_ENGINE_CMODEL;
    const char *file = NULL, *png = NULL;
    int tiles = 0;
    for (int i = 1; i < argc; i++) {
        int r = gx_parse_engine(argc, argv, &i, &engine);
        if (r < 0)
            return GX_EXIT_BAD_INPUT;
        if (r > 0)
            continue;
        if (!strcmp(argv[i], "--tiles")) {
            tiles = 1;
            continue;
        }
        if (!strcmp(argv[i], "--png") || !strncmp(argv[i], "--png=", 6)) {
            const char *v = argv[i][5] == '=' ? argv[i] + 6 : (i + 1 < argc ? argv[++i] : NULL);
            if (!v || !*v) {
                fprintf(stderr, "gx raster: --png needs a FILE\n");
                return GX_EXIT_BAD_INPUT;
            }
            png = v;
            continue;
        }
        if (gx_take_file("gx raster", argv[i], &file, "SCENE") < 0)
            return GX_EXIT_BAD_INPUT;
    }
    if (!file) {
        fputs(usage, stderr);
        return GX_EXIT_BAD_INPUT;
    }
    /* Parse and validate the whole scene. */
    gx_text_t t;
    if (!gx_text_open(&t, file))
        return GX_EXIT_BAD_INPUT;
    scene_t sc;
    memset(&sc, 0, sizeof sc);
    for (char *line; (line = gx_text_next(&t));)
        if (!parse_line(&t, line, &sc)) {
            free(sc.tris);
            free(sc.ev);
            gx_text_close(&t);
            return GX_EXIT_BAD_INPUT;
        }
    const char *why = png && !sc.viewport_line ? "--png needs a viewport directive"
                    : sc.depth_line && engine == GX_ENGINE_RTL
                        ? "depth needs --engine cmodel (the depth unit has no RTL yet)"
                    : tiles && (!sc.depth_line || sc.cfg.conservative)
                        ? "--tiles needs depth on in MSAA mode" : NULL;
    if (why) {
        fprintf(stderr, "gx: %s: %s\n", file, why);
        free(sc.tris);
        free(sc.ev);
        gx_text_close(&t);
        return GX_EXIT_BAD_INPUT;
    }
    gx_text_close(&t);

    /* Rasterize. */
    uint8_t *acc = NULL;
    if (png) {
        acc = calloc((size_t)sc.cfg.width * sc.cfg.height, 3);
        if (!acc) {
            fprintf(stderr, "gx: out of memory\n");
            free(sc.tris);
            free(sc.ev);
            return 1;
        }
    }
    gx_out_t o = {0};
    collect_t c = {0};
    pix_t *pix = NULL;
    size_t pix_cap = 0;
    int status = 0;
    if (sc.depth_line && !sc.cfg.conservative) {
        status = run_depth(&o, acc, &sc, tiles);
        sc.n = 0; /* drawn: skip the rasterizer below */
    }
    if (sc.n) {
        gx_rs_tri_t *tri = calloc(sc.n + 1, sizeof *tri);
        const gx_rs_table_t **tab = calloc(sc.n + 1, sizeof *tab);
        if (!tri || !tab) {
            fprintf(stderr, "gx: out of memory\n");
            status = 1;
        } else {
            for (size_t i = 0; i < sc.n; i++) {
                tri[i] = sc.tris[i].tri;
                tab[i] = &sc.tris[i].table;
            }
            status = gx_rasterize(engine, &sc.cfg, tri, tab, sc.n, 4096, push_quad, &c, NULL,
                                  NULL);
        }
        free(tri);
        free(tab);
    }
    if (!status && c.oom) {
        fprintf(stderr, "gx: out of memory\n");
        status = 1;
    }
    for (size_t ti = 0, qi = 0; ti < sc.n && !status; ti++) {
        size_t q0 = qi;
        while (qi < c.n && c.t[qi] == ti)
            qi++;
        if (4 * (qi - q0) > pix_cap) {
            pix_t *np = realloc(pix, 4 * (qi - q0) * sizeof *np);
            if (!np) {
                fprintf(stderr, "gx: out of memory\n");
                status = 1;
                break;
            }
            pix = np;
            pix_cap = 4 * (qi - q0);
        }
        size_t np = 0;
        for (size_t j = q0; j < qi; j++)
            for (unsigned k = 0; k < 4; k++)
                if (c.q[j].mask[k]) {
                    pix[np].px = 2u * c.q[j].qx + (k & 1);
                    pix[np].py = 2u * c.q[j].qy + (k >> 1);
                    pix[np].mask = c.q[j].mask[k];
                    np++;
                }
        print_tri(&o, acc, &sc, ti, pix, np, sc.depth_line != 0);
    }
    free(c.q);
    free(c.t);
    free(pix);
    free(sc.tris);
    free(sc.ev);
    if (!status && png)
        status = png_write(png, &sc.cfg, acc);
    free(acc);
    if (status) {
        gx_out_free(&o);
        return status;
    }
    return gx_out_flush(&o);
}
