/* test_tframe: tiled mode's chained model (gx/tframe.h) against immediate mode.
 * Random scenes (targets up to 160 x 120, 1x to 16x, every cache tile size, 1, 2 or 4
 * pipelines at random speeds, the box and the tent filter, triangles inside, across and
 * outside the target, small and large): the image the tiled frame leaves in DRAM equals
 * the filter over immediate mode's surface (gx_pipe, the whole frame, then every pixel's
 * samples read back), byte for byte; the pipelines store every pixel once between them;
 * one barrier release a cache tile a flush, a batch a tile a pipeline; every byte the
 * sample cache returned equals the surface's; with a bin memory that holds the frame and
 * the box filter, no sample byte is read from or written to DRAM; with a small bin memory
 * (forced flushes with CACHE_WRITEBACK) the image is still exact and the written-back
 * samples are read again.
 */
#include <string.h>

#include "check.h"
#include "gx/resolve.h"
#include "gx/tframe.h"

typedef struct scene {
    gx_pipe_cfg_t cfg;
    gx_pipe_cmd_t *tri;
    uint32_t n;
} scene_t;

static void scene_new(scene_t *s)
{
    const uint16_t w = (uint16_t)(1 + rnd(160)), h = (uint16_t)(1 + rnd(120));
    gx_pipe_cfg_default(&s->cfg, w, h, (uint8_t)rnd(5), 0);
    s->n = 1 + rnd(120);
    s->tri = calloc(s->n, sizeof *s->tri);
    if (!s->tri)
        abort();
    for (uint32_t i = 0; i < s->n; i++) {
        gx_pipe_cmd_t *c = &s->tri[i];
        c->kind = GX_CMDTRIANGLE;
        /* a centre in or near the target, a size from a pixel to the whole target */
        const int32_t cx = (int32_t)rnd(w + 40) - 20, cy = (int32_t)rnd(h + 40) - 20;
        const int32_t r = 1 + (int32_t)rnd(rnd(4) ? 24 : 200);
        for (unsigned k = 0; k < 3; k++) {
            c->x[k] = (cx + (int32_t)rnd(2 * r + 1) - r) * 256 + (int32_t)rnd(256);
            c->y[k] = (cy + (int32_t)rnd(2 * r + 1) - r) * 256 + (int32_t)rnd(256);
        }
        for (unsigned k = 0; k < 4; k++)
            c->data[k] = (uint8_t)rnd64();
    }
}

/* Immediate mode's resolve: pixel (x, y)'s samples from gx_pipe's surface. */
static void imm_px(void *ctx, uint32_t x, uint32_t y, uint8_t *s)
{
    gx_pipe_t *p = ctx;
    uint8_t tile[GX_MS_TILE_BYTES];
    unsigned pix;
    const uint32_t t = gx_mssurf_pixel_tile(&p->ms, x, y, &pix);
    const unsigned n = 2u << p->ms.spp;
    gx_pipe_peek_tile(p, t, tile, NULL, NULL);
    memcpy(s, tile + 4 * n * pix, 4 * n);
}

static uint8_t *immediate(const scene_t *s, gx_rfilter_t filter, uint64_t *stores)
{
    gx_pipe_t p;
    uint8_t *img = malloc(4ull * s->cfg.width * s->cfg.height);
    if (!img || gx_pipe_init(&p, &s->cfg) != GX_PIPE_INIT_OK)
        abort();
    for (uint32_t i = 0; i < s->n; i++)
        gx_pipe_send(&p, &s->tri[i]);
    gx_pipe_cmd_t fl;
    memset(&fl, 0, sizeof fl);
    fl.kind = GX_CMDFLUSH;
    gx_pipe_send(&p, &fl);
    *stores = p.cnt.stores;
    gx_resolve_rect(filter, 2u << p.ms.spp, s->cfg.width, s->cfg.height, 0, 0,
                    s->cfg.width, s->cfg.height, imm_px, &p, img, 4ull * s->cfg.width);
    gx_pipe_free(&p);
    return img;
}

static void test_config(void)
{
    gx_tframe_t f;
    gx_tframe_cfg_t c;
    memset(&c, 0, sizeof c);
    gx_pipe_cfg_default(&c.pipe, 64, 64, 2, 1); /* B = 8 */
    c.ct = 32;
    c.pipes = 1;
    c.ways = 2;
    c.cap = 100;
    const char *err = NULL;
    CHECK(gx_tframe_init(&f, &c, &err) == -1 && err, "a B = 8 surface accepted");
    gx_pipe_cfg_default(&c.pipe, 64, 64, 2, 0);
    c.ct = 24;
    err = NULL;
    CHECK(gx_tframe_init(&f, &c, &err) == -1 && err, "a 24-pixel cache tile accepted");
    c.ct = 32;
    c.pipes = 3;
    err = NULL;
    CHECK(gx_tframe_init(&f, &c, &err) == -1 && err, "3 pipelines accepted");
}

static void test_scenes(unsigned scenes)
{
    uint64_t tris = 0, pixels = 0, overflows = 0, readback = 0, held = 0;
    for (unsigned i = 0; i < scenes; i++) {
        scene_t s;
        scene_new(&s);
        const gx_rfilter_t filter = (gx_rfilter_t)(i % 3 == 2);
        uint64_t stores = 0;
        uint8_t *want = immediate(&s, filter, &stores);
        for (int small = 0; small < 2; small++) {
            gx_tframe_t f;
            gx_tframe_cfg_t c;
            memset(&c, 0, sizeof c);
            c.pipe = s.cfg;
            c.ct = 16u << rnd(3);
            c.pipes = 1u << rnd(3);
            for (unsigned k = 0; k < c.pipes; k++) /* one pipeline often much faster */
                c.rate[k] = (uint8_t)(rnd(3) ? 1 : 1 + rnd(8));
            c.filter = filter;
            c.ways = 2;
            c.cap = small ? 1 + rnd(20) : 1u << 20;
            const char *err = NULL;
            if (gx_tframe_init(&f, &c, &err)) {
                CHECK(0, "scene %u refused: %s", i, err);
                continue;
            }
            for (uint32_t k = 0; k < s.n; k++)
                gx_tframe_triangle(&f, &s.tri[k]);
            CHECK(gx_tframe_finish(&f) == 0, "scene %u: the model stopped", i);
            const size_t bytes = 4ull * s.cfg.width * s.cfg.height;
            size_t bad = 0, first = 0;
            const uint8_t *got = gx_tframe_image(&f);
            for (size_t k = 0; k < bytes; k++)
                if (got[k] != want[k] && !bad++)
                    first = k;
            const gx_sc_cnt_t *k = &f.cache->cnt;
            CHECK(!bad, "scene %u (%ux%u, %ux, CT %u, %u pipelines, %s, bin memory %u): %zu "
                  "image bytes differ from immediate mode, first pixel (%zu, %zu)", i,
                  s.cfg.width, s.cfg.height, 1u << s.cfg.samples, c.ct, c.pipes,
                  filter ? "tent" : "box", c.cap, bad, first / 4 % s.cfg.width,
                  first / 4 / s.cfg.width);
            CHECK(f.stat.releases == (uint64_t)f.stat.flushes * f.cache->ctiles &&
                  f.stat.batches == f.stat.releases * c.pipes,
                  "scene %u: %llu releases and %llu batches for %llu flushes of %u tiles", i,
                  (unsigned long long)f.stat.releases, (unsigned long long)f.stat.batches,
                  (unsigned long long)f.stat.flushes, f.cache->ctiles);
            if (c.pipes > 1)
                held += f.stat.held;
            uint64_t st = 0; /* each pixel stored once, by the pipeline that owns it */
            for (unsigned p = 0; p < c.pipes; p++)
                st += f.pipe[p].cnt.stores;
            CHECK(st == stores, "scene %u: %llu stores over %u pipelines, immediate mode %llu", i,
                  (unsigned long long)st, c.pipes, (unsigned long long)stores);
            CHECK(!f.stat.mismatch, "scene %u: %llu cache bytes differ from the surface", i,
                  (unsigned long long)f.stat.mismatch);
            if (!small && filter == GX_RF_BOX)
                CHECK(!k->rd_bytes[GX_SC_SAMPLE] && !k->wr_bytes[GX_SC_SAMPLE] &&
                      !f.stat.overflows,
                      "scene %u: %llu sample bytes read from DRAM, %llu written, %llu forced "
                      "flushes", i, (unsigned long long)k->rd_bytes[GX_SC_SAMPLE],
                      (unsigned long long)k->wr_bytes[GX_SC_SAMPLE],
                      (unsigned long long)f.stat.overflows);
            CHECK(k->wr_bytes[GX_SC_RESOLVED] == bytes,
                  "scene %u: %llu image bytes written to DRAM for %zu", i,
                  (unsigned long long)k->wr_bytes[GX_SC_RESOLVED], bytes);
            if (small) {
                overflows += f.stat.overflows;
                readback += k->rd_bytes[GX_SC_SAMPLE];
            }
            tris += s.n;
            pixels += bytes / 4;
            gx_tframe_free(&f);
        }
        free(want);
        free(s.tri);
    }
    CHECK(overflows && readback && held, "no forced flush (%llu), no sample read back (%llu) "
          "or no pipeline held at a barrier (%llu)", (unsigned long long)overflows,
          (unsigned long long)readback, (unsigned long long)held);
    printf("test_tframe: %u scenes twice, %llu triangles, %llu pixels; small bin memories: "
           "%llu forced flushes, %llu sample bytes read back; %llu turns held at a barrier\n",
           scenes, (unsigned long long)tris, (unsigned long long)pixels,
           (unsigned long long)overflows, (unsigned long long)readback,
           (unsigned long long)held);
}

int main(void)
{
    check_seed("test_tframe");
    test_config();
    test_scenes(100);
    return check_summary();
}
