/* bench_raster: throughput of gx_raster (Verilated RTL, default parallelism 4 quads a
 * clock, no stalls) on fixed scenes, every group checked against the C model:
 *   mesh-4x     a 1024x512 target tiled by a grid mesh of 16x16-pixel cells, two
 *               triangles each (4096 triangles), 4x MSAA: the demo's kind of load
 *   mesh-16x    the same at 16x
 *   large-4x    64 random triangles of up to 512 pixels a side, 4x
 *   tiny-4x     20,000 random triangles of at most 2 pixels a side, 4x
 *   cons-mesh   the mesh in conservative mode, E = 32
 *   one-4x      a lone triangle inside one quad, 4x: its clocks are the latency from
 *               the command's offer until the rasterizer is idle with its group taken
 * Reported: triangles, pixels and covered samples per clock (pixels: with coverage;
 * samples: covered), quads tested per clock (the walker's group slots times 4), and
 * simulated cycles per CPU-second of the same Verilated model as the tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/raster.h"
#include "raster_rtl.h"
#include "tb.h"

typedef struct scene {
    const char *name;
    gx_rs_cfg_t cfg;
    gx_rs_tri_t *tri;
    unsigned n;
} scene_t;

static void mesh(scene_t *s, unsigned w, unsigned h, unsigned cell)
{
    s->n = 2 * (w / cell) * (h / cell);
    s->tri = calloc(s->n, sizeof *s->tri);
    unsigned i = 0;
    for (unsigned y = 0; y < h / cell; y++)
        for (unsigned x = 0; x < w / cell; x++) {
            /* a slightly jittered grid: corners shared exactly between neighbours */
            int32_t x0 = (int32_t)(x * cell * 256), y0 = (int32_t)(y * cell * 256);
            int32_t x1 = x0 + (int32_t)cell * 256, y1 = y0 + (int32_t)cell * 256;
            gx_rs_tri_t a = {{x0, x1, x0}, {y0, y0, y1}}, b = {{x1, x1, x0}, {y0, y1, y1}};
            s->tri[i++] = a;
            s->tri[i++] = b;
        }
}

static void random_tris(scene_t *s, unsigned n, unsigned w, unsigned h, int32_t size,
                        uint64_t seed)
{
    tb_rng_t r;
    tb_rng_seed(&r, seed);
    s->n = n;
    s->tri = calloc(n, sizeof *s->tri);
    for (unsigned i = 0; i < n; i++) {
        int32_t cx = (int32_t)tb_rng_below(&r, w * 256), cy = (int32_t)tb_rng_below(&r, h * 256);
        for (int k = 0; k < 3; k++) {
            s->tri[i].x[k] = cx + (int32_t)tb_rng_below(&r, (uint32_t)size) - size / 2;
            s->tri[i].y[k] = cy + (int32_t)tb_rng_below(&r, (uint32_t)size) - size / 2;
        }
    }
}

static void count(void *ctx, const gx_rs_group_t *g)
{
    uint64_t *c = ctx;
    c[0]++;
    for (unsigned l = 0; l < GX_RASTER_LANES; l++)
        for (unsigned k = 0; k < 4; k++) {
            c[1] += g->mask[l][k] != 0;
            c[2] += (uint64_t)__builtin_popcount(g->mask[l][k]);
        }
}

/* mhz: the rasterizer's fmax in docs/synth.md, for the per-second columns */
static int run(const scene_t *s, double mhz)
{
    gx_rs_cmd_t *cmd = calloc(s->n, sizeof *cmd);
    gx_rs_table_t tab;
    gx_raster_default_table(s->cfg.samples, &tab);
    uint64_t want[3] = {0, 0, 0};
    for (unsigned i = 0; i < s->n; i++) {
        cmd[i].cfg = s->cfg;
        cmd[i].tag = (uint16_t)i;
        gx_raster_setup(&s->cfg, &s->tri[i], &cmd[i].setup);
        gx_raster_tri_groups(&s->cfg, &tab, &cmd[i].setup, GX_RASTER_LANES, (uint16_t)i, count,
                             want);
    }
    gx_rs_group_t *got = calloc(want[0] + 1, sizeof *got);
    void *m = gx_raster_rtl_new(NULL);
    uint64_t n_got;
    double t0 = tb_cpu_seconds();
    uint64_t cycles = gx_raster_rtl_run(m, cmd, s->n, got, want[0] + 1, NULL, 0, 0, &n_got);
    double dt = tb_cpu_seconds() - t0;
    gx_raster_rtl_free(m, NULL);
    uint64_t have[3] = {0, 0, 0};
    for (uint64_t i = 0; i < n_got && i <= want[0]; i++)
        count(have, &got[i]);
    int ok = cycles && n_got == want[0] && have[1] == want[1] && have[2] == want[2];
    if (ok)
        printf("| %s | %u | %llu | %llu | %llu | %.3f | %.2f | %.2f | %.1f | %.1f | %.0f |\n",
               s->name, s->n, (unsigned long long)want[1], (unsigned long long)want[2],
               (unsigned long long)cycles, (double)s->n / (double)cycles,
               (double)want[1] / (double)cycles, (double)want[2] / (double)cycles,
               mhz * (double)want[1] / (double)cycles, mhz * (double)want[2] / (double)cycles,
               (double)cycles / dt);
    else
        fprintf(stderr,
                "bench_raster: %s: the RTL stopped or differs from the C model (%llu clocks, "
                "%llu of %llu groups)\n",
                s->name, (unsigned long long)cycles, (unsigned long long)n_got,
                (unsigned long long)want[0]);
    free(cmd);
    free(got);
    return ok;
}

int main(void)
{
    scene_t sc[6];
    memset(sc, 0, sizeof sc);
    for (int i = 0; i < 6; i++) {
        sc[i].cfg.samples = 4;
        sc[i].cfg.width = 1024;
        sc[i].cfg.height = 512;
    }
    sc[0].name = "mesh-4x";
    mesh(&sc[0], 1024, 512, 16);
    sc[1].name = "mesh-16x";
    sc[1].cfg.samples = 16;
    mesh(&sc[1], 1024, 512, 16);
    sc[2].name = "large-4x";
    random_tris(&sc[2], 64, 1024, 512, 512 * 256, 7);
    sc[3].name = "tiny-4x";
    random_tris(&sc[3], 20000, 1024, 512, 2 * 256, 8);
    sc[4].name = "cons-mesh";
    sc[4].cfg.conservative = 1;
    sc[4].cfg.cons_err = 32;
    mesh(&sc[4], 1024, 512, 16);
    sc[5].name = "one-4x";
    sc[5].n = 1;
    sc[5].tri = calloc(1, sizeof *sc[5].tri);
    sc[5].tri[0] = (gx_rs_tri_t){{40 * 256, 41 * 256 + 128, 40 * 256}, {8 * 256, 8 * 256, 9 * 256 + 128}};
    const double mhz = tb_synth_fmax_mhz("raster (Lanes=4)");
    printf("| scene | triangles | pixels | samples | clocks | triangles/clock | pixels/clock "
           "| samples/clock | Mpixels/s at %.1f MHz | Msamples/s | sim cycles per CPU-second |\n",
           mhz);
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    int ok = 1;
    for (int i = 0; i < 6; i++) {
        ok &= run(&sc[i], mhz);
        free(sc[i].tri);
    }
    return ok ? 0 : 1;
}
