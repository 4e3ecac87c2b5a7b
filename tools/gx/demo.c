/* gx demo: the analyzer over a built-in workload of multi-sample surface data.
 *
 * Four surfaces are made here, deterministically: a scene of flat-colored triangles
 * rasterized at the standard Direct3D/Vulkan sample positions at 4x (RGBA8), 8x (RGBA16)
 * and 16x (RGBA8), and a sample-rate-shaded gradient at 2x (RGBA32F). A surface stores
 * the N samples of a pixel consecutively, pixels in row-major order, and is cut into
 * 32-byte lines. Every line goes through the analyzer (C model or RTL); the table shows
 * how many lines are 1SPP, subset and full, and the bytes an encoder would move
 * (gx_analyzer_encoded_bytes) against the uncompressed bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx.h"
#include "gx/analyzer.h"
#include "gx/raster.h"

#define W 96
#define H 64
#define NTRI 14

typedef struct tri {
    int32_t x[3], y[3]; /* 1/16 pixel */
    uint32_t color;
} tri_t;

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void make_scene(tri_t *t)
{
    uint32_t s = 12345;
    for (int i = 0; i < NTRI; i++) {
        int cx = (int)(lcg(&s) % (W * 16)), cy = (int)(lcg(&s) % (H * 16));
        int r = 80 + (int)(lcg(&s) % 400);
        for (int k = 0; k < 3; k++) {
            t[i].x[k] = cx + (int)(lcg(&s) % (unsigned)(2 * r)) - r;
            t[i].y[k] = cy + (int)(lcg(&s) % (unsigned)(2 * r)) - r;
        }
        t[i].color = lcg(&s) | 0xff000000u;
    }
}

static int inside(const tri_t *t, int64_t x, int64_t y)
{
    int64_t e[3];
    for (int k = 0; k < 3; k++) {
        int j = (k + 1) % 3;
        e[k] = (int64_t)(t->x[j] - t->x[k]) * (y - t->y[k]) -
               (int64_t)(t->y[j] - t->y[k]) * (x - t->x[k]);
    }
    return (e[0] >= 0 && e[1] >= 0 && e[2] >= 0) || (e[0] <= 0 && e[1] <= 0 && e[2] <= 0);
}

typedef struct surface {
    const char *name;
    unsigned n, b;
    uint8_t *data; /* W*H*n*b bytes */
} surface_t;

static void store(surface_t *s, unsigned px, unsigned py, unsigned i, uint32_t rgba, float f)
{
    uint8_t *p = s->data + ((size_t)(py * W + px) * s->n + i) * s->b;
    if (s->b == 4) {
        memcpy(p, &rgba, 4);
    } else if (s->b == 8) {
        for (int c = 0; c < 4; c++) { /* 16-bit unorm channels */
            uint16_t v = (uint16_t)(((rgba >> (8 * c)) & 0xff) * 257u);
            memcpy(p + 2 * c, &v, 2);
        }
    } else {
        for (int c = 0; c < 4; c++) {
            float v = f * (float)(c + 1);
            memcpy(p + 4 * c, &v, 4);
        }
    }
}

/* Sample i's position in 1/16 pixel: the standard positions of the raster model's
 * default table (the same in every pixel, so slot i is sample i). */
static unsigned pos_x(const gx_rs_table_t *p, unsigned i) { return p->slot[i] >> 4; }
static unsigned pos_y(const gx_rs_table_t *p, unsigned i) { return p->slot[i] & 15u; }

static void raster(surface_t *s, const tri_t *t, const gx_rs_table_t *pos)
{
    for (unsigned py = 0; py < H; py++)
        for (unsigned px = 0; px < W; px++)
            for (unsigned i = 0; i < s->n; i++) {
                uint32_t c = 0xff202020u;
                for (int k = 0; k < NTRI; k++)
                    if (inside(&t[k], px * 16 + pos_x(pos, i), py * 16 + pos_y(pos, i)))
                        c = t[k].color;
                store(s, px, py, i, c, 0.0f);
            }
}

/* Sample-rate shading: a gradient evaluated at every sample on the left half, a flat
 * color on the right half. */
static void shade(surface_t *s, const gx_rs_table_t *pos)
{
    for (unsigned py = 0; py < H; py++)
        for (unsigned px = 0; px < W; px++)
            for (unsigned i = 0; i < s->n; i++) {
                float x = (float)(px * 16 + pos_x(pos, i)) / (float)(W * 16);
                store(s, px, py, i, 0, px < W / 2 ? x * x + 0.25f * (float)py : 1.0f);
            }
}

static gx_spp_t spp_of(unsigned n)
{
    return n == 2 ? GX_SPP2 : n == 4 ? GX_SPP4 : n == 8 ? GX_SPP8 : GX_SPP16;
}

static gx_bps_t bps_of(unsigned b)
{
    return b == 4 ? GX_BPS4 : b == 8 ? GX_BPS8 : GX_BPS16;
}

int gx_cmd_demo(int argc, char **argv)
{
    gx_engine_t engine = GX_ENGINE_CMODEL;
    for (int i = 1; i < argc; i++) {
        int r = gx_parse_engine(argc, argv, &i, &engine);
        if (r < 0)
            return GX_EXIT_BAD_INPUT;
        if (r == 0) {
            fprintf(stderr, "usage: gx demo [--engine cmodel|rtl]\n");
            return GX_EXIT_BAD_INPUT;
        }
    }
    tri_t scene[NTRI];
    make_scene(scene);
    surface_t surf[4] = {
        {"triangles RGBA8 4x", 4, 4, NULL},
        {"triangles RGBA16 8x", 8, 8, NULL},
        {"triangles RGBA8 16x", 16, 4, NULL},
        {"per-sample shading RGBA32F 2x", 2, 16, NULL},
    };
    gx_out_t o = {0};
    gx_out_printf(&o, "gx demo: 1SPP analyzer on %ux%u multi-sample surfaces (engine %s)\n\n",
                  W, H, engine == GX_ENGINE_RTL ? "rtl" : "cmodel");
    gx_out_printf(&o, "%-30s %7s %7s %7s %7s %9s %9s %6s %8s\n", "surface", "lines", "1spp",
                  "subset", "full", "bytes", "encoded", "ratio", "clocks");
    int status = 0;
    uint64_t all_lines = 0, all_mismatch = 0;
    for (int k = 0; k < 4 && !status; k++) {
        surface_t *s = &surf[k];
        gx_rs_table_t pos;
        gx_raster_default_table(s->n, &pos);
        size_t bytes = (size_t)W * H * s->n * s->b, nl = bytes / GX_LINE_BYTES;
        s->data = calloc(bytes, 1);
        gx_an_req_t *reqs = calloc(nl, sizeof *reqs);
        gx_an_resp_t *resps = calloc(nl, sizeof *resps), *model = calloc(nl, sizeof *model);
        if (!s->data || !reqs || !resps || !model) {
            fprintf(stderr, "gx: out of memory\n");
            return 1;
        }
        if (s->b == 16)
            shade(s, &pos);
        else
            raster(s, scene, &pos);
        for (size_t i = 0; i < nl; i++) {
            reqs[i].spp = spp_of(s->n);
            reqs[i].bps = bps_of(s->b);
            memcpy(reqs[i].line, s->data + i * GX_LINE_BYTES, GX_LINE_BYTES);
        }
        uint64_t clocks, mclocks;
        status = gx_analyzer_engine(engine, reqs, resps, nl, &clocks);
        gx_analyzer_engine(GX_ENGINE_CMODEL, reqs, model, nl, &mclocks);
        uint64_t cnt[3] = {0, 0, 0}, enc_bytes = 0;
        for (size_t i = 0; i < nl && !status; i++) {
            cnt[resps[i].enc % 3]++;
            enc_bytes += gx_analyzer_encoded_bytes(&reqs[i], &resps[i]);
            all_mismatch += !gx_analyzer_resp_eq(&resps[i], &model[i]);
        }
        all_lines += nl;
        gx_out_printf(&o, "%-30s %7zu %7llu %7llu %7llu %9zu %9llu %5.2fx %8llu\n", s->name, nl,
                      (unsigned long long)cnt[0], (unsigned long long)cnt[1],
                      (unsigned long long)cnt[2], bytes, (unsigned long long)enc_bytes,
                      (double)bytes / (double)enc_bytes, (unsigned long long)clocks);
        free(s->data);
        free(reqs);
        free(resps);
        free(model);
    }
    if (status) {
        gx_out_free(&o);
        return status;
    }
    gx_out_printf(&o, "\nclocks: %s. lines/clock = lines / clocks.\n",
                  engine == GX_ENGINE_RTL ? "clock cycles of the Verilated RTL, no stalls"
                                          : "one a line in the C model (the analyzer takes a line a clock)");
    if (engine == GX_ENGINE_RTL)
        gx_out_printf(&o, "RTL and C model agree on %llu of %llu lines\n",
                      (unsigned long long)(all_lines - all_mismatch),
                      (unsigned long long)all_lines);
    if (all_mismatch)
        status = 1;
    int w = gx_out_flush(&o);
    return status ? status : w;
}
