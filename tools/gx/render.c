/* gx render: the end-to-end render of a mesh (issues 4 and 22).
 *   gx render [--engine cmodel|rtl] [--samples 1|2|4|8|16] [--out DIR] [--tag NAME]
 *             [--viewport WxH | --size W H] [--tess N] [--zstats | --ztiles]
 *             [--filter box|tent] [--tiled [--ct 16|32|64] [--pipes 1|2|4]] [--depth] MESH
 *
 * MESH is gx's patch format (below) when its name ends in `.mesh` or it is `-`
 * (standard input); any other file is a triangle mesh read through assimp: Wavefront
 * OBJ, PLY and the other formats assimp reads (tools/gx/mesh_import.c). A patch mesh is
 * tessellated and projected through its camera; a triangle mesh has no camera and is
 * projected orthographically along -z (x right, y up) with the view fitted to its
 * bounds (fit_view below, docs/render.md). That is the geometry stage stand-in, in C;
 * every triangle gets a flat color (Lambert shading of its face, two-sided), and the
 * triangles are drawn far to near (painter's order: there is no depth test).
 * They go through the setup unit and the rasterizer; the pixel stage turns every covered
 * pixel into a SUST.MS store of the triangle's color (RGBA8, B = 4) to the samples of
 * its coverage mask; the stores go through the coalesce unit and coverage tracker, whose
 * evictions the flush encoder writes to memory; a flush command ends the frame; a box
 * filter (the mean of the N samples, rounded) resolves each pixel. Engines: cmodel is
 * gx_pipe's chained C model (gx/pipe.h): the triangles, each with its color, and the
 * flush go to it as command packets, AXI4-Stream beats, and the pictures are read from
 * its memory image (the layout of gx_msmem); rtl sends the same beats to the Verilated
 * gx_pipe, the whole pipeline in RTL, through its AXI ports (sim/pipe_host.c plays host
 * and memory: the registers over AXI4-Lite, the commands on AXI4-Stream, an AXI4 memory
 * model), with the chained C model beside it, and at the end compares the memory byte
 * for byte and the counters with the model's.
 *
 * Writes DIR/TAG.png (the resolved image) and DIR/TAG-tiles.png (each pixel colored by
 * its tile's encoding in memory: 1SPP green, subset amber, full red, never written dark
 * gray), DIR defaults to build/demo (created, with its parents, once the input has been
 * read and checked, before the render) and TAG to render-<N>x. Prints one table row:
 * samples, triangles, pixels, samples stored, flush packets, bytes written with coalescing
 * (what the packets' pixels take in memory, each in its place; state bytes not counted)
 * and without (the same pixels at N B bytes each), their ratio, flush
 * packets by cause (full / evict / conflict / command), the sample bytes written to DRAM
 * and the frame's DRAM bytes (the pipeline's reads and writes, the resolve reading the
 * samples back and writing the image: immediate_dram), the pipeline's clocks for the
 * frame and frames a second at its synthesized fmax (rtl engine; `-` without a
 * docs/synth.md row for gx_pipe), and whether RTL and C model agreed (memory and
 * counters). Progress goes to stderr.
 * --filter tent resolves with the 3 x 3 tent (docs/tiled.md; gx/resolve.h) in place of the
 * box filter (the mean of the N samples).
 * --tiled renders in tiled mode (docs/tiled.md) on the chained C model of tiled mode
 * (cmodel engine only: tiled mode has no RTL yet) with cache tiles of --ct pixels (default
 * 32) and --pipes screen-space pipelines (default 1; their counts added): the same row,
 * its first column `Nx tiled` (`, P pipelines` beside it when P > 1; `, tent` with the
 * tent in either mode), the sample bytes written to DRAM those that left the sample cache
 * (0 when the frame fits) and the DRAM bytes the cache's and the bins' (run_tiled);
 * DIR/TAG.png is the image tiled mode left in DRAM (byte-identical to immediate mode's),
 * DIR/TAG-ctiles.png shows the cache tiles.
 * --depth draws the triangles in submission order through a depth test (the depth unit's
 * C model, gx/zrop.h: less, writes on) in place of the painter's order (run_pipe,
 * depth_init): the cmodel engine only; the row's first column reads `Nx, depth`.
 *
 * Mesh format: text, one directive a line, `#` comments, blank lines ignored:
 *   v x y z                       a control point (in order, index 0 first)
 *   patch i0 .. i15               a bicubic patch: 16 control-point indices, row-major
 *   viewport W H                  the target, 1..8192 each                    (required)
 *   tess N                        each patch split into N x N quads, 2 triangles each
 *   camera ex ey ez tx ty tz fov  eye, target (z up), vertical field of view in degrees
 *   light x y z                   direction towards the light
 *   color r g b                   the mesh's base color, 0..255
 *   background r g b              drawn first as two triangles over the whole target
 * --zstats renders nothing: it runs the frame's triangles in submission order (not the
 * painter's order) through the depth unit's C model (gx/zrop.h, zstats_row below) and
 * prints one row: samples, triangles, samples tested (covered and not culled), samples
 * that passed, bytes read compressed / raw, written compressed / raw, the depth traffic
 * with plane compression and with raw tiles only, their ratio, and Z cull's tiles and
 * samples (docs/zrop.md, "The teapot"). --ztiles does the same and also writes
 * DIR/TAG-ztiles.png: each pixel colored by its depth tile's state at the end of the frame
 * (clear dark gray; one, two, three, four planes green, yellow-green, yellow, amber; raw
 * red).
 * --viewport WxH (or --size W H) and --tess replace the mesh's viewport and tess
 * directives (the same camera, so the same picture at another size or tessellation).
 *
 * A triangle mesh takes its size from --viewport / --size (default 640 x 480), the
 * base color 200 200 200, the light 0 0 1 (from the viewer) and no background: the
 * surface stays cleared (black) where no triangle covers it. --tess does not apply.
 *
 * Bad input: `gx: FILE:LINE: reason` (patch format) or `gx: FILE: reason`, exit status 2,
 * nothing written (no directory, no picture, no table row).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gx.h"
#include "gx/zrop.h"
#include "gx/mssurf.h"
#include "gx/pipe.h"
#include "gx/raster.h"
#include "gx/msmem.h"
#include "gx/tframe.h"
#include "pipe_host.h"
#include "png.h"
#include "synth_row.h"

#define MAX_POINTS 100000u
#define MAX_PATCHES 10000u

typedef struct mesh {
    double (*v)[3];
    size_t nv, capv;
    unsigned (*p)[16];
    size_t np, capp;
    unsigned width, height, tess;
    double eye[3], target[3], fov;
    double light[3];
    unsigned color[3], background[3];
    int have_viewport, have_background;
    gx_trimesh_t tm;   /* a triangle mesh (imported): drawn with the fitted view */
} mesh_t;

/* ---------------------------------------------------------------------------------- */
/* Parsing. */

static int num(const gx_text_t *t, const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*s == '\0' || *end != '\0' || errno || !isfinite(v)) {
        gx_input_error(t, "'%s' is not a number", s);
        return 0;
    }
    if (v < lo || v > hi) {
        gx_input_error(t, "%s is out of range %g..%g", s, lo, hi);
        return 0;
    }
    *out = v;
    return 1;
}

static int nums(const gx_text_t *t, char **f, unsigned n, double lo, double hi, double *out)
{
    for (unsigned i = 0; i < n; i++)
        if (!num(t, f[i], lo, hi, &out[i]))
            return 0;
    return 1;
}

static int parse_line(gx_text_t *t, char *line, mesh_t *m)
{
    char *f[18];
    unsigned nf = gx_fields(line, f, 17);
    const char *d = f[0];
    double x[16] = {0};
    struct {
        const char *name;
        unsigned fields;
    } const want[] = {{"v", 4}, {"patch", 17}, {"viewport", 3}, {"tess", 2}, {"camera", 8},
                      {"light", 4}, {"color", 4}, {"background", 4}};
    unsigned k;
    for (k = 0; k < sizeof want / sizeof want[0]; k++)
        if (!strcmp(d, want[k].name))
            break;
    if (k == sizeof want / sizeof want[0]) {
        gx_input_error(t, "unknown directive '%s' (v patch viewport tess camera light color "
                          "background)", d);
        return 0;
    }
    if (nf != want[k].fields) {
        gx_input_error(t, "%s takes %u fields, found %u", d, want[k].fields - 1, nf - 1);
        return 0;
    }
    if (!strcmp(d, "v")) {
        if (m->nv == MAX_POINTS) {
            gx_input_error(t, "more than %u control points", MAX_POINTS);
            return 0;
        }
        if (!nums(t, f + 1, 3, -1e6, 1e6, x))
            return 0;
        if (m->nv == m->capv) {
            size_t cap = m->capv ? 2 * m->capv : 512;
            void *p = realloc(m->v, cap * sizeof *m->v);
            if (!p) {
                gx_input_error(t, "out of memory");
                return 0;
            }
            m->v = p;
            m->capv = cap;
        }
        memcpy(m->v[m->nv++], x, sizeof m->v[0]);
    } else if (!strcmp(d, "patch")) {
        if (m->np == MAX_PATCHES) {
            gx_input_error(t, "more than %u patches", MAX_PATCHES);
            return 0;
        }
        if (!nums(t, f + 1, 16, 0, (double)m->nv - 1, x)) /* indices of earlier points */
            return 0;
        if (m->np == m->capp) {
            size_t cap = m->capp ? 2 * m->capp : 64;
            void *p = realloc(m->p, cap * sizeof *m->p);
            if (!p) {
                gx_input_error(t, "out of memory");
                return 0;
            }
            m->p = p;
            m->capp = cap;
        }
        for (unsigned i = 0; i < 16; i++) {
            if (x[i] != floor(x[i])) {
                gx_input_error(t, "patch index '%s' is not an integer", f[1 + i]);
                return 0;
            }
            m->p[m->np][i] = (unsigned)x[i];
        }
        m->np++;
    } else if (!strcmp(d, "viewport")) {
        if (!nums(t, f + 1, 2, 1, GX_MAX_VIEWPORT, x))
            return 0;
        if (x[0] != floor(x[0]) || x[1] != floor(x[1])) {
            gx_input_error(t, "viewport sizes are integers");
            return 0;
        }
        m->width = (unsigned)x[0];
        m->height = (unsigned)x[1];
        m->have_viewport = 1;
    } else if (!strcmp(d, "tess")) {
        if (!num(t, f[1], 1, 64, x))
            return 0;
        if (x[0] != floor(x[0])) {
            gx_input_error(t, "tess is an integer");
            return 0;
        }
        m->tess = (unsigned)x[0];
    } else if (!strcmp(d, "camera")) {
        if (!nums(t, f + 1, 6, -1e6, 1e6, x) || !num(t, f[7], 1, 170, &m->fov))
            return 0;
        memcpy(m->eye, x, sizeof m->eye);
        memcpy(m->target, x + 3, sizeof m->target);
    } else if (!strcmp(d, "light")) {
        if (!nums(t, f + 1, 3, -1e6, 1e6, m->light))
            return 0;
    } else {
        unsigned *c = !strcmp(d, "color") ? m->color : m->background;
        if (!nums(t, f + 1, 3, 0, 255, x))
            return 0;
        for (unsigned i = 0; i < 3; i++) {
            if (x[i] != floor(x[i])) {
                gx_input_error(t, "color components are integers");
                return 0;
            }
            c[i] = (unsigned)x[i];
        }
        if (c == m->background)
            m->have_background = 1;
    }
    return 1;
}

/* ---------------------------------------------------------------------------------- */
/* Geometry: tessellation, projection, shading, painter's order. */

typedef struct draw_tri {
    gx_rs_tri_t tri;
    double depth;      /* centroid distance along the view direction */
    double dv[3];      /* per vertex, affine in screen space and rising with distance:
                          the view distance (orthographic) or -1 / distance (perspective) */
    uint8_t rgba[4];
    size_t order;      /* generation order, the tie-break */
} draw_tri_t;

static void sub3(const double *a, const double *b, double *o)
{
    for (int i = 0; i < 3; i++)
        o[i] = a[i] - b[i];
}

static void cross3(const double *a, const double *b, double *o)
{
    o[0] = a[1] * b[2] - a[2] * b[1];
    o[1] = a[2] * b[0] - a[0] * b[2];
    o[2] = a[0] * b[1] - a[1] * b[0];
}

static double dot3(const double *a, const double *b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static int norm3(double *a)
{
    double l = sqrt(dot3(a, a));
    if (l == 0)
        return 0;
    for (int i = 0; i < 3; i++)
        a[i] /= l;
    return 1;
}

/* A point of patch p at (u, w), Bernstein form. */
static void patch_point(const mesh_t *m, const unsigned *p, double u, double w, double *o)
{
    double bu[4] = {(1 - u) * (1 - u) * (1 - u), 3 * u * (1 - u) * (1 - u), 3 * u * u * (1 - u),
                    u * u * u};
    double bw[4] = {(1 - w) * (1 - w) * (1 - w), 3 * w * (1 - w) * (1 - w), 3 * w * w * (1 - w),
                    w * w * w};
    o[0] = o[1] = o[2] = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            for (int k = 0; k < 3; k++)
                o[k] += bu[i] * bw[j] * m->v[p[4 * i + j]][k];
}

typedef struct camera {
    double eye[3], r[3], u[3], f[3], scale, cx, cy;
    int ortho;         /* the fitted view: orthographic along -z, x right, y up */
    double center[2];  /* ortho: the (x, y) drawn at the viewport's center */
} camera_t;

/* Screen position in 16.8 and depth; 0 when behind the eye or outside the guard band. */
static int project(const camera_t *c, const double *p, int32_t *sx, int32_t *sy, double *z)
{
    double x, y, zc;
    if (c->ortho) {
        x = c->cx + (p[0] - c->center[0]) * c->scale;
        y = c->cy - (p[1] - c->center[1]) * c->scale;
        zc = -p[2];
    } else {
        double d[3];
        sub3(p, c->eye, d);
        zc = dot3(d, c->f);
        if (zc < 1e-3)
            return 0;
        x = c->cx + dot3(d, c->r) / zc * c->scale;
        y = c->cy - dot3(d, c->u) / zc * c->scale;
    }
    double lim = (double)GX_GUARD_BAND_PX;
    if (!(x > -lim && x < lim && y > -lim && y < lim))
        return 0;
    *sx = (int32_t)lrint(x * 256.0);
    *sy = (int32_t)lrint(y * 256.0);
    *z = zc;
    return 1;
}

static int depth_cmp(const void *a, const void *b)
{
    const draw_tri_t *p = a, *q = b;
    if (p->depth != q->depth)
        return p->depth > q->depth ? -1 : 1; /* far first */
    return p->order < q->order ? -1 : p->order > q->order;
}

/* Project, shade and place triangle v at out[*k] (order *k, then *k + 1); a triangle with
 * a vertex behind the eye or outside the guard band is counted in *dropped instead. */
static void add_tri(const camera_t *c, const mesh_t *m, const double *light,
                    const double *const v[3], draw_tri_t *out, size_t *k, size_t *dropped)
{
    draw_tri_t *d = &out[*k];
    double zs = 0, z = 0;
    int ok = 1;
    for (int e = 0; e < 3 && ok; e++) {
        ok = project(c, v[e], &d->tri.x[e], &d->tri.y[e], &z);
        zs += z;
        d->dv[e] = c->ortho ? z : -1.0 / z;
    }
    if (!ok) {
        (*dropped)++;
        return;
    }
    double e1[3], e2[3], nrm[3];
    sub3(v[1], v[0], e1);
    sub3(v[2], v[0], e2);
    cross3(e1, e2, nrm);
    double lam = norm3(nrm) ? fabs(dot3(nrm, light)) : 0;
    for (int j2 = 0; j2 < 3; j2++) {
        double cv = m->color[j2] * (0.2 + 0.8 * lam);
        d->rgba[j2] = (uint8_t)lrint(cv > 255 ? 255 : cv);
    }
    d->rgba[3] = 255;
    d->depth = zs / 3;
    d->order = *k;
    (*k)++;
}

/* The fitted view of a triangle mesh (docs/render.md): orthographic along -z, the
 * bounding box of the triangles' vertices in x and y centered, scaled by
 * FIT * min(W / (xmax - xmin), H / (ymax - ymin)) pixels a unit, so the box fills 7/8 of
 * the viewport in its tighter direction and every vertex lands inside the viewport.
 * Returns 0, or GX_EXIT_BAD_INPUT (reported) when the box has no width or height (the
 * mesh is edge-on, nothing would be drawn) or is too large for a double. */
#define FIT 0.875
static int fit_view(const mesh_t *m, const char *file, camera_t *c)
{
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (size_t i = 0; i < m->tm.nt; i++)
        for (int e = 0; e < 3; e++)
            for (int a = 0; a < 2; a++) {
                double x = m->tm.v[m->tm.t[i][e]][a];
                lo[a] = x < lo[a] ? x : lo[a];
                hi[a] = x > hi[a] ? x : hi[a];
            }
    double wx = hi[0] - lo[0], wy = hi[1] - lo[1];
    if (!(wx > 0 && wy > 0) || !isfinite(wx) || !isfinite(wy)) {
        fprintf(stderr, "gx: %s: the mesh's extent in x and y (%g by %g) leaves nothing to see "
                        "from the fitted view (along -z), or is too large\n", file, wx, wy);
        return GX_EXIT_BAD_INPUT;
    }
    double sx = m->width / wx, sy = m->height / wy;
    c->ortho = 1;
    c->scale = FIT * (sx < sy ? sx : sy);
    c->center[0] = lo[0] + wx / 2;
    c->center[1] = lo[1] + wy / 2;
    c->cx = m->width / 2.0;
    c->cy = m->height / 2.0;
    if (!(c->scale > 0) || !isfinite(c->scale)) {
        fprintf(stderr, "gx: %s: the mesh's extent in x and y (%g by %g) is too small to fit\n",
                file, wx, wy);
        return GX_EXIT_BAD_INPUT;
    }
    return 0;
}

/* The triangles to draw, in order, in *tris; *n set. Returns 0, 1 (out of memory) or
 * GX_EXIT_BAD_INPUT (reported: the view fit failed, or a vertex of a fitted mesh falls
 * outside the fixed-point range). */
static int build(const mesh_t *m, const char *file, draw_tri_t **tris, size_t *n,
                 size_t *dropped)
{
    size_t cap = 2 + m->np * (size_t)m->tess * m->tess * 2 + m->tm.nt, k = 0;
    draw_tri_t *out = calloc(cap, sizeof *out);
    double (*grid)[3] = calloc((size_t)(m->tess + 1) * (m->tess + 1), sizeof *grid);
    if (!out || !grid) {
        fprintf(stderr, "gx: out of memory\n");
        free(out);
        free(grid);
        return 1;
    }
    camera_t c;
    memset(&c, 0, sizeof c);
    double light[3];
    memcpy(light, m->light, sizeof light);
    norm3(light);
    if (m->tm.nt) {
        int r = fit_view(m, file, &c);
        if (r) {
            free(out);
            free(grid);
            return r;
        }
    } else {
        memcpy(c.eye, m->eye, sizeof c.eye);
        sub3(m->target, m->eye, c.f);
        double up[3] = {0, 0, 1};
        norm3(c.f);
        cross3(c.f, up, c.r);
        norm3(c.r);
        cross3(c.r, c.f, c.u);
        c.scale = (m->height / 2.0) / tan(m->fov * 3.14159265358979323846 / 360.0);
        c.cx = m->width / 2.0;
        c.cy = m->height / 2.0;
    }
    *dropped = 0;
    if (m->have_background) { /* two triangles over the whole target, farthest of all */
        int32_t w = (int32_t)m->width * 256, h = (int32_t)m->height * 256;
        gx_rs_tri_t a = {{0, w, 0}, {0, 0, h}}, b = {{w, w, 0}, {0, h, h}};
        for (int i = 0; i < 2; i++) {
            out[k].tri = i ? b : a;
            out[k].depth = INFINITY;
            out[k].dv[0] = out[k].dv[1] = out[k].dv[2] = INFINITY;
            out[k].order = k;
            for (int j = 0; j < 3; j++)
                out[k].rgba[j] = (uint8_t)m->background[j];
            out[k].rgba[3] = 255;
            k++;
        }
    }
    unsigned T = m->tess;
    for (size_t pi = 0; pi < m->np; pi++) {
        for (unsigned i = 0; i <= T; i++)
            for (unsigned j = 0; j <= T; j++)
                patch_point(m, m->p[pi], (double)i / T, (double)j / T, grid[i * (T + 1) + j]);
        for (unsigned i = 0; i < T; i++)
            for (unsigned j = 0; j < T; j++) {
                const double *q[4] = {grid[i * (T + 1) + j], grid[i * (T + 1) + j + 1],
                                      grid[(i + 1) * (T + 1) + j + 1], grid[(i + 1) * (T + 1) + j]};
                for (int h = 0; h < 2; h++) {
                    const double *const v[3] = {q[0], q[1 + h], q[2 + h]};
                    add_tri(&c, m, light, v, out, &k, dropped);
                }
            }
    }
    for (size_t i = 0; i < m->tm.nt; i++) {
        const double *const v[3] = {m->tm.v[m->tm.t[i][0]], m->tm.v[m->tm.t[i][1]],
                                    m->tm.v[m->tm.t[i][2]]};
        add_tri(&c, m, light, v, out, &k, dropped);
        if (*dropped) { /* the fit keeps every vertex in the viewport: a failed fit */
            fprintf(stderr, "gx: %s: triangle %zu falls outside the fixed-point vertex range "
                            "after the view fit\n", file, i);
            free(out);
            free(grid);
            return GX_EXIT_BAD_INPUT;
        }
    }
    free(grid);
    qsort(out, k, sizeof *out, depth_cmp);
    *n = k;
    *tris = out;
    return 0;
}

/* ---------------------------------------------------------------------------------- */
/* The pipeline: gx_pipe's chained C model (cmodel), and the Verilated gx_pipe beside it
 * (rtl). */

typedef struct frame {
    gx_engine_t engine;
    gx_ms_cfg_t cfg;
    uint8_t *written;             /* per tile: a packet was written */
    uint64_t stores, samples, packets, clocks;
    uint64_t causes[GX_MS_CAUSES];  /* flush packets by cause */
    uint64_t write_bytes, write_uncomp; /* bytes written, coalesced and not (docs/render.md) */
    uint64_t sample_dram, dram;   /* sample bytes written to DRAM; DRAM bytes of the frame */
    gx_rfilter_t filter;          /* the resolve's filter (--filter) */
    int depth;                    /* --depth: submission order through the depth test */
    gx_zrop_t zu;                 /* ... the depth unit's model, its surface, */
    gx_zrop_surf_t zs;
    uint16_t *zpass;              /* ... the current triangle's passing samples a pixel */
    uint32_t *ztouch;             /* ... and the pixels it set, to clear after it */
    size_t nztouch;
    int zall;                     /* ... 1 for a background triangle: no depth test */
    int zs_live;                  /* ... the surface was made (to free) */
    const draw_tri_t **ord;       /* the triangles in the order they are sent */
    double zlo, zhi;              /* ... the depth range the vertices are scaled from */
    int agree;                    /* rtl: memory and counters equal the model's */
    const draw_tri_t *tris;
    gx_pipe_t pipe;               /* the chained model */
    gx_pipe_host_t *host;         /* the Verilated gx_pipe with its host and memory (rtl) */
} frame_t;

static void progress(size_t done, size_t n)
{
    fprintf(stderr, "gx render: %zu / %zu triangles\n", done, n);
}

/* The chained model's memory writes: the tiles written (the tile picture). */
static void on_pipe_mem(void *ctx, const gx_pipe_mem_op_t *op)
{
    frame_t *fr = ctx;
    if (op->write && op->ok)
        fr->written[op->tile] = 1;
}

/* SURF_FMT.SAMPLES of N samples: log2 N (1x: 0, a 2x surface stored together). */
static uint8_t samples_log2(unsigned samples)
{
    uint8_t l = 0;
    while ((1u << l) < samples)
        l++;
    return l;
}

/* The triangle command of draw triangle t: its vertices and its color. */
static void tri_cmd(const draw_tri_t *t, gx_pipe_cmd_t *c)
{
    memset(c, 0, sizeof *c);
    c->kind = GX_CMDTRIANGLE;
    memcpy(c->x, t->tri.x, sizeof c->x);
    memcpy(c->y, t->tri.y, sizeof c->y);
    memcpy(c->data, t->rgba, 4);
}

/* The n triangles in the painter's order they are held in, or (submission) in the order
 * they were generated; NULL (reported) when out of memory. */
static const draw_tri_t **draw_order(const draw_tri_t *tris, size_t n, int submission)
{
    const draw_tri_t **ord = calloc(n ? n : 1, sizeof *ord);
    if (!ord) {
        fprintf(stderr, "gx: out of memory\n");
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        ord[submission ? tris[i].order : i] = &tris[i];
    return ord;
}

/* The frame's depth range: the lowest and highest finite vertex depth of the n triangles
 * (lo > hi when there is none: the background alone). */
static void depth_range(const draw_tri_t *tris, size_t n, double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t i = 0; i < n; i++)
        for (int e = 0; e < 3; e++)
            if (isfinite(tris[i].dv[e])) {
                *lo = fmin(*lo, tris[i].dv[e]);
                *hi = fmax(*hi, tris[i].dv[e]);
            }
}

/* Triangle t's vertex depths, its range [lo, hi] scaled to 0 .. GX_Z_MAX (all 0 when the
 * range is empty). */
static void vertex_depths(const draw_tri_t *t, double lo, double hi, uint32_t z[3])
{
    for (int e = 0; e < 3; e++)
        z[e] = hi <= lo ? 0 : (uint32_t)lrint((t->dv[e] - lo) / (hi - lo) * GX_Z_MAX);
}

/* --depth (issue 23, docs/zrop.md): the frame's triangles in submission order, each first
 * through the depth unit's C model (gx_zrop_surf_draw: Z cull, the depth test `less`,
 * depth writes on, the surface cleared to the farthest depth, vertex depths scaled from
 * the frame's range to 0 .. 2^24 - 1 as --zstats scales them), whose passing samples are
 * then the coverage the pixel stage stores (gx_pipe_set_cov_hook); a background triangle
 * is drawn with no depth test. The cmodel engine only: gx_pipe has no depth unit in RTL
 * yet. */
static void on_zpass(void *ctx, uint32_t px, uint32_t py, uint16_t mask)
{
    frame_t *fr = ctx;
    const uint32_t i = py * (uint32_t)fr->cfg.width + px;
    if (!fr->zpass[i])
        fr->ztouch[fr->nztouch++] = i;
    fr->zpass[i] |= mask;
}

static uint16_t zcov(void *ctx, uint32_t px, uint32_t py, uint16_t mask)
{
    frame_t *fr = ctx;
    return fr->zall ? mask : (uint16_t)(mask & fr->zpass[py * (uint32_t)fr->cfg.width + px]);
}

static int depth_init(frame_t *fr, size_t ntri, unsigned samples)
{
    depth_range(fr->tris, ntri, &fr->zlo, &fr->zhi);
    gx_rs_cfg_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.width = fr->cfg.width;
    cfg.height = fr->cfg.height;
    cfg.samples = (uint8_t)samples;
    gx_zrop_init(&fr->zu);
    gx_raster_default_table(samples, &fr->zu.table[0]);
    const size_t np = (size_t)cfg.width * cfg.height;
    fr->zpass = calloc(np, sizeof *fr->zpass);
    fr->ztouch = malloc(np * sizeof *fr->ztouch);
    fr->zs_live = gx_zrop_surf_init(&fr->zu, &fr->zs, &cfg, 0, GX_Z_MAX);
    if (!fr->zpass || !fr->ztouch || !fr->zs_live) {
        fprintf(stderr, "gx: out of memory\n");
        return 1;
    }
    gx_pipe_set_cov_hook(&fr->pipe, zcov, fr);
    return 0;
}

/* The depth test of triangle t, before its packet goes to the pipeline. */
static void depth_draw(frame_t *fr, const draw_tri_t *t)
{
    fr->zall = !isfinite(t->dv[0]);
    if (fr->zall)
        return;
    uint32_t z[3];
    vertex_depths(t, fr->zlo, fr->zhi, z);
    gx_zrop_surf_draw(&fr->zu, &fr->zs, &t->tri, z, GX_Z_LESS, 1, on_zpass, fr);
}

static void depth_done(frame_t *fr)
{
    for (size_t k = 0; k < fr->nztouch; k++)
        fr->zpass[fr->ztouch[k]] = 0;
    fr->nztouch = 0;
}

/* Both engines: the triangles (their colors in the packets) and the flush as command
 * packets through gx_pipe's chained model (K = 4, T = 0, MSAA, the standard sample
 * positions), the table's figures from its counters. rtl: the same beats also go to the
 * Verilated gx_pipe (sim/pipe_host.c: registers over AXI4-Lite, the stream on AXI4-Stream,
 * memory an AXI4 slave answering at the earliest clock, no stalls), drained every
 * PROGRESS_CHUNK triangles and at the end; it agrees when its memory equals the model's
 * byte for byte and its counters the model's. Progress every PROGRESS_CHUNK triangles.
 * Returns 0, or 1 (reported). */
#define PROGRESS_CHUNK 2048u
static int run_pipe(frame_t *fr, size_t ntri, unsigned samples)
{
    gx_pipe_cfg_t pc;
    gx_pipe_cfg_default(&pc, fr->cfg.width, fr->cfg.height, samples_log2(samples),
                        (uint8_t)fr->cfg.bps);
    if (gx_pipe_init(&fr->pipe, &pc) != GX_PIPE_INIT_OK) {
        fprintf(stderr, "gx: out of memory (or the surface is too large for the memory model)\n");
        return 1;
    }
    gx_pipe_set_mem_hook(&fr->pipe, on_pipe_mem, fr);
    /* the painter's order, or with --depth submission order (the sort undone) */
    const draw_tri_t **ord = fr->ord = draw_order(fr->tris, ntri, fr->depth);
    if (!ord)
        return 1;
    if (fr->depth && depth_init(fr, ntri, samples))
        return 1;
    if (fr->engine == GX_ENGINE_RTL) {
        gx_pipe_host_opt_t opt;
        memset(&opt, 0, sizeof opt);
        opt.seed = 1;
        opt.mem.data_bytes = 8;
        opt.mem.max_reads = opt.mem.max_writes = 8;
        fr->host = gx_pipe_host_new(&pc, &opt);
        if (!fr->host || gx_pipe_host_start(fr->host)) {
            fprintf(stderr, "gx: the RTL pipeline did not start: %s\n",
                    fr->host ? gx_pipe_host_error(fr->host) : "out of memory");
            return 1;
        }
    }
    gx_pipe_cmd_t c;
    gx_pipe_beat_t b[GX_PIPE_CMD_MAX_BEATS];
    for (size_t i = 0; i <= ntri; i++) {
        if (i < ntri) {
            tri_cmd(ord[i], &c);
            if (fr->depth)
                depth_draw(fr, ord[i]);
        } else {
            memset(&c, 0, sizeof c);
            c.kind = GX_CMDFLUSH;
        }
        unsigned n = gx_pipe_cmd_encode(&c, (gx_bps_t)fr->cfg.bps, b);
        for (unsigned j = 0; j < n; j++)
            if (gx_pipe_beat(&fr->pipe, &b[j]) != 1) {
                fprintf(stderr, "gx: out of memory\n");
                return 1;
            }
        if (fr->depth)
            depth_done(fr);
        if (fr->host && gx_pipe_host_send(fr->host, b, n)) {
            fprintf(stderr, "gx: out of memory\n");
            return 1;
        }
        if ((i + 1) % PROGRESS_CHUNK == 0 || i == ntri) {
            if (fr->host && gx_pipe_host_drain(fr->host, 0)) {
                fprintf(stderr, "gx: the RTL pipeline stopped: %s\n",
                        gx_pipe_host_error(fr->host));
                return 1;
            }
            if (i < ntri)
                progress(i + 1, ntri);
        }
    }
    const gx_pipe_t *p = &fr->pipe;
    fr->stores = p->cnt.stores;
    fr->samples = p->cnt.samples;
    fr->packets = p->stat.writes;
    memcpy(fr->causes, p->cnt.flush, sizeof fr->causes);
    fr->write_bytes = p->stat.write_data; /* the state bytes are the pipe's own (BYTES_WR) */
    fr->write_uncomp = p->stat.write_uncomp;
    fr->agree = 1;
    if (fr->host) {
        tb_axi_mem_t *mem = gx_pipe_host_mem(fr->host);
        uint64_t first = 0, cnt[21];
        fr->agree = gx_msmem_compare(&fr->pipe.mem, tb_axi_mem_bytes(mem),
                                     gx_pipe_host_mem_base(fr->host), mem->size, &first) == 0;
        if (gx_pipe_host_counters(fr->host, cnt)) {
            fprintf(stderr, "gx: the RTL pipeline stopped: %s\n", gx_pipe_host_error(fr->host));
            return 1;
        }
        for (unsigned k = 0; k < GX_PIPE_CNT_MODELLED; k++) {
            uint32_t lo = 0, hi = 0;
            gx_pipe_cnt_read(p, 8 * k, &lo);
            gx_pipe_cnt_read(p, 8 * k + 4, &hi);
            fr->agree &= cnt[k] == ((uint64_t)hi << 32 | lo);
        }
        fr->clocks = gx_pipe_host_clocks(fr->host);
    }
    return 0;
}

/* Immediate mode's DRAM bytes: the pipeline's reads and writes (BYTES_RD, BYTES_WR), the
 * resolve reading every tile back (its state byte, index and home ranges: gx_msmem's
 * read of every pixel) and writing the RGBA8 image; the sample bytes written are
 * BYTES_WR. */
static void immediate_dram(frame_t *fr)
{
    gx_pipe_t *p = &fr->pipe;
    uint64_t back = 0;
    uint8_t buf[GX_MS_TILE_BYTES];
    for (uint32_t t = 0; t < p->mem.tiles; t++) {
        gx_msmem_io_t io;
        gx_pipe_peek_tile(p, t, buf, NULL, &io);
        back += (uint64_t)io.data_bytes + io.state_bytes;
    }
    fr->sample_dram = p->cnt.bytes_wr;
    fr->dram = p->cnt.bytes_rd + p->cnt.bytes_wr + back + 4ull * p->cfg.width * p->cfg.height;
}

/* ---------------------------------------------------------------------------------- */
/* Resolve and pictures. */

/* Tile t of memory, uncompressed (the surface's 256 bytes), and its state: the chained
 * model's image read as the host reads it (the rtl engine's memory equals it when the
 * engines agree). */
static const uint8_t *surface_tile(frame_t *fr, uint32_t t, uint8_t buf[GX_MS_TILE_BYTES],
                                   unsigned *enc)
{
    gx_enc_t e = GX_ENC1SPP;
    gx_pipe_peek_tile(&fr->pipe, t, buf, &e, NULL);
    *enc = (unsigned)e;
    return buf;
}

/* --filter tent in immediate mode: the tent over the whole target (gx_resolve_rect) from
 * the surface's samples read back (decoded into a full-resolution sample image first). */
typedef struct simg {
    const uint8_t *s;
    size_t w;
    unsigned n;
} simg_t;

static void simg_px(void *ctx, uint32_t x, uint32_t y, uint8_t *out)
{
    const simg_t *si = ctx;
    memcpy(out, si->s + ((size_t)y * si->w + x) * 4 * si->n, 4 * si->n);
}

static int tent_picture(frame_t *fr, size_t w, size_t h, uint8_t *rgb)
{
    const unsigned n = 1u << (fr->cfg.spp + 1);
    uint8_t *smp = malloc(w * h * 4 * n), *rgba = malloc(w * h * 4);
    uint8_t buf[GX_MS_TILE_BYTES];
    if (!smp || !rgba) {
        free(smp);
        free(rgba);
        return 1;
    }
    for (uint32_t t = 0; t < gx_mssurf_tiles(&fr->cfg); t++) {
        gx_pipe_peek_tile(&fr->pipe, t, buf, NULL, NULL);
        for (unsigned p = 0; p < gx_mssurf_tile_pixels(&fr->cfg); p++) {
            uint32_t x, y;
            gx_mssurf_tile_xy(&fr->cfg, t, p, &x, &y);
            if (x < w && y < h)
                memcpy(smp + ((size_t)y * w + x) * 4 * n, buf + 4 * n * p, 4 * n);
        }
    }
    simg_t si = {smp, w, n};
    gx_resolve_rect(GX_RF_TENT, n, (uint32_t)w, (uint32_t)h, 0, 0, (uint32_t)w, (uint32_t)h,
                    simg_px, &si, rgba, 4 * w);
    for (size_t i = 0; i < w * h; i++)
        memcpy(rgb + 3 * i, rgba + 4 * i, 3);
    free(smp);
    free(rgba);
    return 0;
}

static int write_pictures(frame_t *fr, const mesh_t *m, const char *img, const char *tiles)
{
    unsigned n = 1u << (fr->cfg.spp + 1);
    unsigned nb = n * 4u; /* N B: B = 4 */
    size_t w = m->width, h = m->height;
    uint8_t *a = malloc(w * h * 3), *b = malloc(w * h * 3);
    int r = 1;
    if (a && b) {
        /* 1SPP, subset, full, uniform, never written */
        static const uint8_t enc_rgb[5][3] = {{60, 190, 90}, {235, 170, 40}, {215, 55, 50},
                                              {70, 120, 225}, {30, 30, 36}};
        uint8_t buf[GX_MS_TILE_BYTES];
        const uint8_t *tile = NULL;
        size_t cur = SIZE_MAX;
        unsigned tenc = 0;
        for (size_t y = 0; y < h; y++)
            for (size_t x = 0; x < w; x++) {
                size_t i = y * w + x;
                unsigned p;
                const size_t t = gx_mssurf_pixel_tile(&fr->cfg, (uint32_t)x, (uint32_t)y, &p);
                if (t != cur) { /* a row of pixels runs through a row of tiles in order */
                    tile = surface_tile(fr, (uint32_t)t, buf, &tenc);
                    cur = t;
                }
                const uint8_t *px = tile + p * nb;
                for (unsigned c = 0; c < 3; c++) {
                    unsigned sum = 0;
                    for (unsigned s = 0; s < n; s++)
                        sum += px[4u * s + c];
                    a[3 * i + c] = (uint8_t)((sum + n / 2) / n);
                }
                unsigned e = fr->written[t] ? tenc : 4;
                memcpy(b + 3 * i, enc_rgb[e], 3);
            }
        r = fr->filter == GX_RF_TENT ? tent_picture(fr, w, h, a) : 0;
        if (r)
            fprintf(stderr, "gx: out of memory\n");
        else if ((r = gx_png_write_rgb(img, (unsigned)w, (unsigned)h, a)) != 0)
            fprintf(stderr, "gx: %s: %s\n", img, strerror(errno));
        else if ((r = gx_png_write_rgb(tiles, (unsigned)w, (unsigned)h, b)) != 0)
            fprintf(stderr, "gx: %s: %s\n", tiles, strerror(errno));
    } else {
        fprintf(stderr, "gx: out of memory\n");
    }
    free(a);
    free(b);
    return r ? 1 : 0;
}

/* ---------------------------------------------------------------------------------- */
/* Tiled mode (--tiled, docs/tiled.md): the chained C model of tiled mode (gx/tframe.h),
 * `pipes` pipelines, the frame's filter, a sample cache of two cache tiles' worst case
 * (the one resolved and the next one rendered) in two ways. Writes DIR/TAG.png from the image the frame leaves in DRAM and DIR/TAG-ctiles.png
 * (the image with each cache tile tinted, alternately blue and orange: the tile each pixel
 * was resolved in). Returns 0, or 1 (reported). */
#define TILED_BINS (1u << 22) /* the bin memory: triangle references (16 MB) */
static int run_tiled(frame_t *fr, const mesh_t *m, size_t ntri, unsigned samples,
                     unsigned ct, unsigned pipes, const char *img, const char *ctiles)
{
    gx_tframe_t f;
    gx_tframe_cfg_t c;
    memset(&c, 0, sizeof c);
    gx_pipe_cfg_default(&c.pipe, (uint16_t)m->width, (uint16_t)m->height,
                        samples_log2(samples), 0);
    c.ct = ct;
    c.pipes = pipes;
    c.filter = fr->filter;
    c.ways = 2;
    c.cap = TILED_BINS;
    const char *err = "out of memory";
    if (gx_tframe_init(&f, &c, &err)) {
        fprintf(stderr, "gx: tiled mode: %s\n", err);
        return 1;
    }
    int r = 1;
    gx_pipe_cmd_t cmd;
    for (size_t i = 0; i < ntri; i++) {
        tri_cmd(&fr->tris[i], &cmd);
        if (gx_tframe_triangle(&f, &cmd))
            goto out;
        if ((i + 1) % PROGRESS_CHUNK == 0)
            progress(i + 1, ntri);
    }
    if (gx_tframe_finish(&f) || f.stat.mismatch) {
        fprintf(stderr, "gx: tiled mode: %s\n",
                f.stat.mismatch ? "the sample cache disagreed with the surface" : "out of memory");
        goto out;
    }
    for (unsigned k = 0; k < pipes; k++) { /* the pipelines' counts added */
        const gx_pipe_t *p = &f.pipe[k];
        fr->stores += p->cnt.stores;
        fr->samples += p->cnt.samples;
        fr->packets += p->stat.writes;
        for (unsigned q = 0; q < GX_MS_CAUSES; q++)
            fr->causes[q] += p->cnt.flush[q];
        fr->write_bytes += p->stat.write_data;
        fr->write_uncomp += p->stat.write_uncomp;
    }
    fr->sample_dram = f.cache->cnt.wr_bytes[GX_SC_SAMPLE];
    fr->dram = f.stat.dram_rd + f.stat.dram_wr + f.stat.bin_rd + f.stat.bin_wr;
    fr->agree = 1;
    const size_t w = m->width, h = m->height;
    uint8_t *a = malloc(w * h * 3), *b = malloc(w * h * 3);
    if (a && b) {
        const uint8_t *im = gx_tframe_image(&f);
        static const uint8_t tint[2][3] = {{60, 110, 230}, {240, 150, 40}};
        for (size_t i = 0; i < w * h; i++) {
            const unsigned k = (unsigned)((i % w / ct + i / w / ct) % 2);
            for (unsigned ch = 0; ch < 3; ch++) {
                a[3 * i + ch] = im[4 * i + ch];
                b[3 * i + ch] = (uint8_t)((3u * im[4 * i + ch] + tint[k][ch]) / 4);
            }
        }
        if (gx_png_write_rgb(img, (unsigned)w, (unsigned)h, a))
            fprintf(stderr, "gx: %s: %s\n", img, strerror(errno));
        else if (gx_png_write_rgb(ctiles, (unsigned)w, (unsigned)h, b))
            fprintf(stderr, "gx: %s: %s\n", ctiles, strerror(errno));
        else
            r = 0;
    } else {
        fprintf(stderr, "gx: out of memory\n");
    }
    free(a);
    free(b);
out:
    gx_tframe_free(&f);
    return r;
}

/* ---------------------------------------------------------------------------------- */

/* A decimal number lo..hi, the whole string. */
static int parse_uint(const char *s, unsigned lo, unsigned hi, unsigned *v)
{
    char *end;
    if (*s < '0' || *s > '9')
        return 0;
    errno = 0;
    unsigned long x = strtoul(s, &end, 10);
    if (*end || errno || x < lo || x > hi)
        return 0;
    *v = (unsigned)x;
    return 1;
}

/* WxH, each 1..GX_MAX_VIEWPORT. */
static int parse_size(const char *s, unsigned *w, unsigned *h)
{
    char buf[32];
    const char *x = strchr(s, 'x');
    if (!x || (size_t)(x - s) >= sizeof buf)
        return 0;
    memcpy(buf, s, (size_t)(x - s));
    buf[x - s] = 0;
    return parse_uint(buf, 1, GX_MAX_VIEWPORT, w) && parse_uint(x + 1, 1, GX_MAX_VIEWPORT, h);
}

/* DIR and its missing parents, as `mkdir -p`; 0, or -1 with errno set. */
static int make_dirs(const char *dir)
{
    char path[4096];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        char c = path[i];
        path[i] = '\0';
        struct stat st;
        if (mkdir(path, 0777) != 0 && !(errno == EEXIST && stat(path, &st) == 0 &&
                                        S_ISDIR(st.st_mode))) {
            if (errno == EEXIST)
                errno = ENOTDIR;
            return -1;
        }
        path[i] = c;
    }
    return 0;
}

/* gx's patch format: a name ending in `.mesh`, or `-` (standard input). */
static int is_patch_file(const char *file)
{
    size_t n = strlen(file);
    return !strcmp(file, "-") || (n >= 5 && !strcmp(file + n - 5, ".mesh"));
}

/* The patch format into m; 0, or GX_EXIT_BAD_INPUT (reported). */
static int read_patches(const char *file, mesh_t *m)
{
    gx_text_t t;
    if (!gx_text_open(&t, file))
        return GX_EXIT_BAD_INPUT;
    int ok = 1;
    for (char *line; ok && (line = gx_text_next(&t));)
        ok = parse_line(&t, line, m);
    if (ok && !m->have_viewport) {
        fprintf(stderr, "gx: %s: no viewport directive\n", file);
        ok = 0;
    }
    gx_text_close(&t);
    return ok ? 0 : GX_EXIT_BAD_INPUT;
}

/* --ztiles: each pixel colored by the state of its depth tile at the end of the frame:
 * clear dark gray, one to four planes green to amber, raw red (docs/zrop.md). */
static int write_ztiles(const gx_zrop_surf_t *zs, const char *path)
{
    static const uint8_t rgb[6][3] = {{50, 50, 50},   {60, 190, 90},  {140, 200, 70},
                                      {210, 200, 50}, {235, 150, 40}, {215, 55, 50}};
    const size_t w = zs->cfg.width, h = zs->cfg.height;
    uint8_t *img = malloc(3 * w * h);
    if (!img) {
        fprintf(stderr, "gx: out of memory\n");
        return 1;
    }
    for (size_t y = 0; y < h; y++)
        for (size_t x = 0; x < w; x++) {
            const uint8_t t = zs->state[(y / zs->th) * zs->tiles_x + x / zs->tw];
            const unsigned k = (t & 3u) == GX_ZT_CLEAR ? 0 : (t & 3u) == GX_ZT_RAW ? 5 : t >> 2;
            memcpy(img + 3 * (y * w + x), rgb[k], 3);
        }
    const int r = gx_png_write_rgb(path, (unsigned)w, (unsigned)h, img);
    if (r)
        fprintf(stderr, "gx: %s: %s\n", path, strerror(errno));
    else
        fprintf(stderr, "gx render: %s\n", path);
    free(img);
    return r ? 1 : 0;
}

/* --zstats: the frame's triangles in submission order (not the painter's order) through
 * the depth unit's C model (gx/zrop.h): depth less with write, one surface of the
 * target's size and N on the default pattern, cleared to the farthest depth; each
 * vertex's depth dv mapped linearly from the frame's range onto 0..2^24 - 1 (the
 * background's two triangles are not drawn: they are the clear color). Run twice, with
 * plane compression and with raw tiles only, for the traffic compression saves. Prints
 * one table row (docs/zrop.md). */
static int zstats_row(const draw_tri_t *tris, size_t n, const mesh_t *m, unsigned samples,
                      const char *ztiles)
{
    double lo, hi;
    depth_range(tris, n, &lo, &hi);
    const draw_tri_t **ord = draw_order(tris, n, 1);
    if (!ord)
        return 1;
    gx_rs_cfg_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.width = (uint16_t)m->width;
    cfg.height = (uint16_t)m->height;
    cfg.samples = (uint8_t)samples;
    gx_zrop_stats_t st[2];
    uint64_t passed = 0;
    size_t drawn = 0;
    for (int raw = 0; raw < 2; raw++) {
        gx_zrop_t u;
        gx_zrop_surf_t zs;
        gx_zrop_init(&u);
        gx_raster_default_table(samples, &u.table[0]);
        if (!gx_zrop_surf_init(&u, &zs, &cfg, 0, GX_Z_MAX)) {
            fprintf(stderr, "gx: out of memory\n");
            free(ord);
            return 1;
        }
        zs.nocompress = (uint8_t)raw;
        for (size_t i = 0; i < n; i++) {
            uint32_t z[3];
            if (!isfinite(ord[i]->dv[0]))
                continue; /* the background: the clear color's place, not a depth draw */
            vertex_depths(ord[i], lo, hi, z);
            const uint64_t p =
                gx_zrop_surf_draw(&u, &zs, &ord[i]->tri, z, GX_Z_LESS, 1, NULL, NULL);
            if (!raw) {
                passed += p;
                drawn++;
            }
        }
        st[raw] = u.st;
        int bad = !raw && ztiles && write_ztiles(&zs, ztiles);
        gx_zrop_surf_free(&u, &zs);
        if (bad) {
            free(ord);
            return 1;
        }
    }
    free(ord);
    const uint64_t bc = st[0].rd_cmp + st[0].rd_raw + st[0].wr_cmp + st[0].wr_raw;
    const uint64_t br = st[1].rd_cmp + st[1].rd_raw + st[1].wr_cmp + st[1].wr_raw;
    printf("| %ux | %zu | %llu | %llu | %llu / %llu | %llu / %llu | %llu | %llu | %.2f | %llu | "
           "%llu |\n",
           samples, drawn, (unsigned long long)st[0].tested, (unsigned long long)passed,
           (unsigned long long)st[0].rd_cmp, (unsigned long long)st[0].rd_raw,
           (unsigned long long)st[0].wr_cmp, (unsigned long long)st[0].wr_raw,
           (unsigned long long)bc, (unsigned long long)br, bc ? (double)br / (double)bc : 0.0,
           (unsigned long long)st[0].cull_tiles, (unsigned long long)st[0].cull_samples);
    return 0;
}

int gx_cmd_render(int argc, char **argv)
{
    static const char usage[] =
        "usage: gx render [--engine cmodel|rtl] [--samples 1|2|4|8|16] [--out DIR] [--tag NAME]\n"
        "                 [--viewport WxH | --size W H] [--tess N] [--zstats | --ztiles]\n"
        "                 [--filter box|tent] [--tiled [--ct 16|32|64] [--pipes 1|2|4]] [--depth]\n"
        "                 MESH\n"
        "MESH: gx's patch format (*.mesh) or a triangle mesh assimp reads (OBJ, PLY, ...)\n";
    gx_engine_t engine = GX_ENGINE_CMODEL;
    const char *file = NULL, *outdir = "build/demo", *tag = NULL;
    unsigned samples = 4, vw = 0, vh = 0, tess = 0;
    int zstats = 0, ztiles = 0, tiled = 0, depth = 0;
    unsigned ct = 0, pipes = 0;
    gx_rfilter_t filter = GX_RF_BOX;
    for (int i = 1; i < argc; i++) {
        int r = gx_parse_engine(argc, argv, &i, &engine);
        if (r < 0)
            return GX_EXIT_BAD_INPUT;
        if (r > 0)
            continue;
        if (!strcmp(argv[i], "--zstats") || !strcmp(argv[i], "--ztiles")) {
            zstats = 1;
            ztiles |= !strcmp(argv[i], "--ztiles");
            continue;
        }
        if (!strcmp(argv[i], "--tiled")) {
            tiled = 1;
            continue;
        }
        if (!strcmp(argv[i], "--depth")) {
            depth = 1;
            continue;
        }
        if (!strcmp(argv[i], "--pipes")) {
            if (i + 1 >= argc || !parse_uint(argv[i + 1], 1, 4, &pipes) || pipes == 3) {
                fprintf(stderr, "gx render: --pipes takes 1, 2 or 4\n");
                return GX_EXIT_BAD_INPUT;
            }
            i++;
            continue;
        }
        if (!strcmp(argv[i], "--filter")) {
            if (i + 1 < argc && !strcmp(argv[i + 1], "box")) {
                filter = GX_RF_BOX;
            } else if (i + 1 < argc && !strcmp(argv[i + 1], "tent")) {
                filter = GX_RF_TENT;
            } else {
                fprintf(stderr, "gx render: --filter takes box or tent\n");
                return GX_EXIT_BAD_INPUT;
            }
            i++;
            continue;
        }
        if (!strcmp(argv[i], "--ct")) {
            if (i + 1 >= argc || !parse_uint(argv[i + 1], 16, 64, &ct) ||
                (ct != 16 && ct != 32 && ct != 64)) {
                fprintf(stderr, "gx render: --ct takes 16, 32 or 64\n");
                return GX_EXIT_BAD_INPUT;
            }
            i++;
            continue;
        }
        if (!strcmp(argv[i], "--size")) {
            if (i + 2 >= argc || !parse_uint(argv[i + 1], 1, GX_MAX_VIEWPORT, &vw) ||
                !parse_uint(argv[i + 2], 1, GX_MAX_VIEWPORT, &vh)) {
                fprintf(stderr, "gx render: --size takes W H, each 1..%u\n", GX_MAX_VIEWPORT);
                return GX_EXIT_BAD_INPUT;
            }
            i += 2;
            continue;
        }
        if (!strcmp(argv[i], "--samples") || !strcmp(argv[i], "--out") ||
            !strcmp(argv[i], "--tag") || !strcmp(argv[i], "--viewport") ||
            !strcmp(argv[i], "--tess")) {
            if (i + 1 >= argc || !*argv[i + 1]) {
                fprintf(stderr, "gx render: %s needs a value\n", argv[i]);
                return GX_EXIT_BAD_INPUT;
            }
            const char *v = argv[++i];
            if (!strcmp(argv[i - 1], "--out")) {
                outdir = v;
            } else if (!strcmp(argv[i - 1], "--tag")) {
                tag = v;
            } else if (!strcmp(argv[i - 1], "--viewport")) {
                if (!parse_size(v, &vw, &vh)) {
                    fprintf(stderr, "gx render: --viewport takes WxH, each 1..%u, not '%s'\n",
                            GX_MAX_VIEWPORT, v);
                    return GX_EXIT_BAD_INPUT;
                }
            } else if (!strcmp(argv[i - 1], "--tess")) {
                if (!parse_uint(v, 1, 64, &tess)) {
                    fprintf(stderr, "gx render: --tess takes 1..64, not '%s'\n", v);
                    return GX_EXIT_BAD_INPUT;
                }
            } else if (!parse_uint(v, 1, 16, &samples) || (samples & (samples - 1))) {
                /* the rasterizer's N; at 1x the store path keeps a 2x surface whose two
                 * samples are always stored together (gx_pipe, SURF_FMT.SAMPLES 0) */
                fprintf(stderr, "gx render: --samples takes 1, 2, 4, 8 or 16, not '%s'\n", v);
                return GX_EXIT_BAD_INPUT;
            }
            continue;
        }
        if (gx_take_file("gx render", argv[i], &file, "MESH") < 0)
            return GX_EXIT_BAD_INPUT;
    }
    if (!file) {
        fputs(usage, stderr);
        return GX_EXIT_BAD_INPUT;
    }
    if ((ct || pipes) && !tiled) {
        fprintf(stderr, "gx render: --ct and --pipes need --tiled\n");
        return GX_EXIT_BAD_INPUT;
    }
    if (depth && (engine != GX_ENGINE_CMODEL || zstats || tiled)) {
        fprintf(stderr, "gx render: --depth runs on the cmodel engine only (gx_pipe has no "
                        "depth unit in RTL yet) and not with --zstats, --ztiles or --tiled\n");
        return GX_EXIT_BAD_INPUT;
    }
    if (tiled && (engine != GX_ENGINE_CMODEL || zstats)) {
        fprintf(stderr, "gx render: --tiled runs on the cmodel engine only (tiled mode has no "
                        "RTL yet) and not with --zstats or --ztiles\n");
        return GX_EXIT_BAD_INPUT;
    }

    mesh_t m;
    memset(&m, 0, sizeof m);
    m.tess = 8;
    m.eye[0] = 8;
    m.fov = 40;
    m.light[2] = 1;
    m.color[0] = m.color[1] = m.color[2] = 200;
    int st = 0;
    if (is_patch_file(file)) {
        st = read_patches(file, &m);
    } else {
        st = gx_mesh_import(file, &m.tm);
        m.width = 640;
        m.height = 480;
    }
    if (st) {
        free(m.v);
        free(m.p);
        return st;
    }
    if (vw) {
        m.width = vw;
        m.height = vh;
    }
    if (tess)
        m.tess = tess;

    size_t ntri = 0, dropped = 0;
    draw_tri_t *tris = NULL;
    st = build(&m, file, &tris, &ntri, &dropped);
    char name[64];
    if (!tag) {
        snprintf(name, sizeof name, "render-%ux%s%s%s", samples, tiled ? "-tiled" : "",
                 filter == GX_RF_TENT ? "-tent" : "", depth ? "-depth" : "");
        tag = name;
    }
    if (!st && zstats) {
        char zpath[4096] = "";
        if (ztiles) {
            snprintf(zpath, sizeof zpath, "%s/%s-ztiles.png", outdir, tag);
            if (make_dirs(outdir) != 0) {
                fprintf(stderr, "gx: %s: %s\n", outdir, strerror(errno));
                st = GX_EXIT_BAD_INPUT;
            }
        }
        if (!st)
            st = zstats_row(tris, ntri, &m, samples, ztiles ? zpath : NULL);
        free(tris);
        free(m.v);
        free(m.p);
        gx_trimesh_free(&m.tm);
        return st;
    }
    if (!st && make_dirs(outdir) != 0) {
        fprintf(stderr, "gx: %s: %s\n", outdir, strerror(errno));
        free(tris);
        st = GX_EXIT_BAD_INPUT;
    }
    if (st) {
        free(m.v);
        free(m.p);
        gx_trimesh_free(&m.tm);
        return st;
    }
    frame_t fr;
    memset(&fr, 0, sizeof fr);
    fr.engine = engine;
    fr.tris = tris;
    fr.filter = filter;
    fr.depth = depth;
    gx_mssurf_cfg_default(&fr.cfg, (uint16_t)m.width, (uint16_t)m.height,
                          samples <= 2   ? GX_SPP2
                          : samples == 4 ? GX_SPP4
                          : samples == 8 ? GX_SPP8
                                         : GX_SPP16,
                          GX_BPS4);
    int status = 1;
    if (!gx_mssurf_cfg_ok(&fr.cfg) || !(fr.written = calloc(gx_mssurf_tiles(&fr.cfg), 1))) {
        fprintf(stderr, "gx: out of memory (or the surface is too large for the memory model)\n");
        goto out;
    }
    char img[4096], tiles[4096];
    snprintf(img, sizeof img, "%s/%s.png", outdir, tag);
    snprintf(tiles, sizeof tiles, tiled ? "%s/%s-ctiles.png" : "%s/%s-tiles.png", outdir, tag);
    if (tiled) {
        if (run_tiled(&fr, &m, ntri, samples, ct ? ct : 32, pipes ? pipes : 1, img, tiles))
            goto out;
    } else {
        if (run_pipe(&fr, ntri, samples))
            goto out;
        immediate_dram(&fr);
        if (write_pictures(&fr, &m, img, tiles))
            goto out;
    }
    /* frames a second at the pipeline's synthesized fmax (docs/synth.md, row "pipe") */
    char fps[32] = "-";
    const double mhz = gx_synth_fmax_mhz("pipe");
    if (engine == GX_ENGINE_RTL && mhz > 0 && fr.clocks)
        snprintf(fps, sizeof fps, "%.1f", mhz * 1e6 / (double)fr.clocks);

    char mode[64]; /* Nx, tiled, the pipelines when more than one, the tent */
    snprintf(mode, sizeof mode, "%ux%s", samples, tiled ? " tiled" : "");
    if (tiled && pipes > 1)
        snprintf(mode + strlen(mode), sizeof mode - strlen(mode), ", %u pipelines", pipes);
    if (filter == GX_RF_TENT)
        snprintf(mode + strlen(mode), sizeof mode - strlen(mode), ", tent");
    if (depth)
        snprintf(mode + strlen(mode), sizeof mode - strlen(mode), ", depth");
    printf("| %s | %zu | %llu | %llu | %llu | %llu | %llu | %.2f | %llu / %llu / %llu / %llu "
           "| %llu | %llu | %llu | %s | %s |\n",
           mode, ntri, (unsigned long long)fr.stores,
           (unsigned long long)fr.samples,
           (unsigned long long)fr.packets, (unsigned long long)fr.write_bytes,
           (unsigned long long)fr.write_uncomp,
           fr.write_bytes ? (double)fr.write_uncomp / (double)fr.write_bytes : 0.0,
           (unsigned long long)fr.causes[GX_MS_FULL], (unsigned long long)fr.causes[GX_MS_EVICT],
           (unsigned long long)fr.causes[GX_MS_CONFLICT],
           (unsigned long long)fr.causes[GX_MS_COMMAND],
           (unsigned long long)fr.sample_dram, (unsigned long long)fr.dram,
           (unsigned long long)fr.clocks, fps,
           engine == GX_ENGINE_RTL ? (fr.agree ? "yes" : "NO") : "(cmodel)");
    fprintf(stderr, "gx render: %s, %s (%zu triangles dropped outside the guard band)\n", img,
            tiles, dropped);
    status = fr.agree ? 0 : 1;
out:
    gx_pipe_host_free(fr.host);
    gx_pipe_free(&fr.pipe);
    if (fr.zs_live)
        gx_zrop_surf_free(&fr.zu, &fr.zs);
    free(fr.zpass);
    free(fr.ztouch);
    free(fr.ord);
    free(fr.written);
    free(tris);
    free(m.v);
    free(m.p);
    gx_trimesh_free(&m.tm);
    return status;
}
