/* gx raster: the setup unit and rasterizer (gx/raster.h) over a scene file.
 *   gx raster [--engine cmodel|rtl] [--png FILE] SCENE     (SCENE may be - for stdin)
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
 *                           2 hex digits (x nibble high, y nibble low, 1/16 pixel)
 *   tri x0 y0 x1 y1 x2 y2   a triangle, vertices in 1/256 pixel, each coordinate within
 *                           the guard band -4194304..4194304 (+-16384 pixels)
 * Rules:
 *   - viewport, samples, patternsets and conservative appear at most once each, and
 *     only before the first tri; viewport and samples must have appeared by then.
 *   - pattern may appear any number of times once samples is known (before it: error),
 *     also between triangles. The table starts as gx_raster_default_table(N); a pattern
 *     line replaces all 16 slots for every triangle after it (stream order).
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
#include "gx/raster.h"
#include "png.h"

#define GUARD ((long long)GX_GUARD_BAND_PX * 256)

/* One triangle of the scene and the pattern table in effect for it. */
typedef struct scene_tri {
    gx_rs_tri_t tri;
    gx_rs_table_t table;
} scene_tri_t;

typedef struct scene {
    gx_rs_cfg_t cfg;
    unsigned viewport_line, samples_line, patternsets_line, conservative_line;
    gx_rs_table_t table; /* current table (stream order) */
    scene_tri_t *tris;
    size_t n, cap;
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

/* Parse one directive line into the scene. Returns 1, or reports and returns 0. */
static int parse_line(gx_text_t *t, char *line, scene_t *sc)
{
    char *f[18];
    unsigned nf = gx_fields(line, f, 17);
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
        gx_raster_default_table((unsigned)v[0], &sc->table);
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
    if (!strcmp(d, "pattern")) {
        if (nf != GX_PATTERN_SLOTS + 1) {
            gx_input_error(t, "pattern takes exactly %u bytes, found %s%u", GX_PATTERN_SLOTS,
                           nf > GX_PATTERN_SLOTS + 1 ? "more than " : "",
                           nf > GX_PATTERN_SLOTS + 1 ? GX_PATTERN_SLOTS : nf - 1);
            return 0;
        }
        if (!sc->samples_line) {
            gx_input_error(t, "pattern before samples (the table starts as the default "
                              "for N samples)");
            return 0;
        }
        gx_rs_table_t tab;
        for (unsigned i = 0; i < GX_PATTERN_SLOTS; i++) {
            const char *s = f[i + 1];
            int hi = hexval(s[0]), lo = hi < 0 ? -1 : hexval(s[1]);
            if (hi < 0 || lo < 0 || s[2]) {
                gx_input_error(t, "pattern byte %u '%s' is not 2 hex digits", i, s);
                return 0;
            }
            tab.slot[i] = (uint8_t)(hi << 4 | lo);
        }
        sc->table = tab;
        return 1;
    }
    if (!strcmp(d, "tri")) {
        static const char *names[6] = {"x0", "y0", "x1", "y1", "x2", "y2"};
        char what[48];
        if (!want_fields(t, nf, 6, "tri x0 y0 x1 y1 x2 y2"))
            return 0;
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
        st.table = sc->table;
        if (sc->n == sc->cap) {
            size_t cap = sc->cap ? 2 * sc->cap : 256;
            scene_tri_t *nt = realloc(sc->tris, cap * sizeof *nt);
            if (!nt) {
                fprintf(stderr, "gx: out of memory\n");
                exit(1);
            }
            sc->tris = nt;
            sc->cap = cap;
        }
        sc->tris[sc->n++] = st;
        return 1;
    }
    gx_input_error(t, "unknown directive '%s' (viewport samples pattern patternsets "
                      "conservative tri)", d);
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

int gx_cmd_raster(int argc, char **argv)
{
    static const char usage[] = "usage: gx raster [--engine cmodel|rtl] [--png FILE] SCENE\n";
    gx_engine_t engine = GX_ENGINE_CMODEL;
    const char *file = NULL, *png = NULL;
    for (int i = 1; i < argc; i++) {
        int r = gx_parse_engine(argc, argv, &i, &engine);
        if (r < 0)
            return GX_EXIT_BAD_INPUT;
        if (r > 0)
            continue;
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
            gx_text_close(&t);
            return GX_EXIT_BAD_INPUT;
        }
    if (png && !sc.viewport_line) {
        fprintf(stderr, "gx: %s: --png needs a viewport directive\n", file);
        free(sc.tris);
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
            return 1;
        }
    }
    gx_out_t o = {0};
    collect_t c = {0};
    pix_t *pix = NULL;
    size_t pix_cap = 0;
    int status = 0;
    {
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
        if (np)
            qsort(pix, np, sizeof *pix, pix_cmp);
        for (size_t i = 0; i < np; i++)
            gx_out_printf(&o, "%zu %u %u %x\n", ti, (unsigned)pix[i].px, (unsigned)pix[i].py,
                          (unsigned)pix[i].mask);
        if (acc)
            png_add(acc, &sc.cfg, ti, pix, np);
    }
    free(c.q);
    free(c.t);
    free(pix);
    free(sc.tris);
    if (!status && png)
        status = png_write(png, &sc.cfg, acc);
    free(acc);
    if (status) {
        gx_out_free(&o);
        return status;
    }
    return gx_out_flush(&o);
}
