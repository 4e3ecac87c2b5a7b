/* test_resolve: the resolve filters and the tiled schedule (gx/resolve.h).
 *  - Filters: random sample images at N = 1, 2, 4, 8, 16; every pixel of a random rectangle
 *    against the filter's mean computed in double precision (exact here: the divisors are
 *    powers of two) and rounded half up, the tent's neighbours clamped to the target.
 *  - Schedule: random targets, every cache tile size and surface tile shape, both filters:
 *    every pixel rendered once and resolved once; every pixel a resolve reads (the tent:
 *    its 3 x 3 neighbourhood) rendered and not yet invalidated; nothing held at the end;
 *    every rectangle in whole surface tiles but at the target's edges; the most pixels
 *    held at once. The tiled resolve, step by step with every read checked, gives the
 *    image of one resolve of the whole target.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "gx/resolve.h"

typedef struct img {
    uint32_t w, h;
    unsigned n;
    uint8_t *s;      /* samples: (y w + x) n 4 bytes */
    uint8_t *held;   /* schedule runs: the pixel is rendered and not invalidated */
    unsigned bad;    /* reads of pixels not held */
} img_t;

static void px(void *ctx, uint32_t x, uint32_t y, uint8_t *s)
{
    img_t *m = ctx;
    if (m->held && !m->held[(size_t)y * m->w + x])
        m->bad++;
    memcpy(s, m->s + ((size_t)y * m->w + x) * m->n * 4, m->n * 4);
}

static void img_new(img_t *m, uint32_t w, uint32_t h, unsigned n)
{
    memset(m, 0, sizeof *m);
    m->w = w;
    m->h = h;
    m->n = n;
    m->s = malloc((size_t)w * h * n * 4);
    if (!m->s)
        abort();
    /* runs of equal samples and whole equal pixels, as rendered images have */
    for (size_t i = 0; i < (size_t)w * h; i++) {
        const unsigned kind = rnd(4);
        for (unsigned k = 0; k < n; k++)
            for (unsigned c = 0; c < 4; c++) {
                uint8_t *v = m->s + (i * n + k) * 4 + c;
                *v = kind == 0 && i ? v[-4 * (int)n] : kind == 1 && k ? v[-4] : (uint8_t)rnd64();
            }
    }
}

static double mean(const img_t *m, int64_t x, int64_t y, unsigned c)
{
    x = x < 0 ? 0 : x >= m->w ? m->w - 1 : x;
    y = y < 0 ? 0 : y >= m->h ? m->h - 1 : y;
    double s = 0;
    for (unsigned k = 0; k < m->n; k++)
        s += m->s[(((size_t)y * m->w + (size_t)x) * m->n + k) * 4 + c];
    return s / m->n;
}

static void test_filters(unsigned cases)
{
    for (unsigned i = 0; i < cases; i++) {
        img_t m;
        const unsigned n = 1u << rnd(5);
        img_new(&m, 1 + rnd(40), 1 + rnd(40), n);
        const gx_rfilter_t f = (gx_rfilter_t)rnd(2);
        const uint32_t x0 = rnd(m.w), y0 = rnd(m.h);
        const uint32_t x1 = x0 + 1 + rnd(m.w - x0), y1 = y0 + 1 + rnd(m.h - y0);
        uint8_t *out = calloc((size_t)m.w * m.h, 4);
        gx_resolve_rect(f, n, m.w, m.h, x0, y0, x1, y1, px, &m,
                        out + 4 * ((size_t)y0 * m.w + x0), 4 * (size_t)m.w);
        unsigned bad = 0;
        for (uint32_t y = 0; y < m.h; y++)
            for (uint32_t x = 0; x < m.w; x++)
                for (unsigned c = 0; c < 4; c++) {
                    const int in = x >= x0 && x < x1 && y >= y0 && y < y1;
                    double v = 0;
                    if (f == GX_RF_BOX)
                        v = mean(&m, x, y, c);
                    else
                        for (int dy = -1; dy <= 1; dy++)
                            for (int dx = -1; dx <= 1; dx++)
                                v += (2 - abs(dx)) * (2 - abs(dy)) *
                                     mean(&m, (int64_t)x + dx, (int64_t)y + dy, c) / 16;
                    const unsigned want = in ? (unsigned)floor(v + 0.5) : 0;
                    bad += out[4 * ((size_t)y * m.w + x) + c] != want;
                }
        CHECK(!bad, "%s filter, N = %u, %ux%u: %u channels differ", f ? "tent" : "box", n, m.w,
              m.h, bad);
        free(out);
        free(m.s);
    }
}

static const uint32_t shapes[][2] = {{8, 4}, {4, 4}, {4, 2}, {2, 2}, {2, 1}, {1, 1}};

static void test_schedule(unsigned cases)
{
    uint64_t peak_all[2] = {0, 0};
    unsigned worst_ratio[2] = {0, 0};
    for (unsigned i = 0; i < cases; i++) {
        const gx_rfilter_t f = (gx_rfilter_t)(i % 2);
        const uint32_t ct = 16u << rnd(3), *sh = shapes[rnd(6)];
        const uint32_t w = 1 + rnd(i % 10 ? 200 : 600), h = 1 + rnd(i % 10 ? 200 : 400);
        const unsigned n = 1u << rnd(5);
        const uint32_t ns = gx_resolve_schedule(f, w, h, ct, sh[0], sh[1], NULL);
        gx_rstep_t *st = malloc(ns * sizeof *st);
        CHECK(gx_resolve_schedule(f, w, h, ct, sh[0], sh[1], st) == ns, "step count");
        img_t m;
        img_new(&m, w, h, n);
        m.held = calloc((size_t)w * h, 1);
        uint8_t *rendered = calloc((size_t)w * h, 1), *resolved = calloc((size_t)w * h, 1);
        uint8_t *tiled = calloc((size_t)w * h, 4), *whole = calloc((size_t)w * h, 4);
        uint64_t held = 0, peak = 0;
        unsigned misaligned = 0, twice = 0;
        for (uint32_t k = 0; k < ns; k++) {
            const gx_rstep_t *s = &st[k];
            if (s->op != GX_RS_RESOLVE)
                misaligned += (s->x0 % sh[0] && s->x0 != w) || (s->x1 % sh[0] && s->x1 != w) ||
                              (s->y0 % sh[1] && s->y0 != h) || (s->y1 % sh[1] && s->y1 != h);
            for (uint32_t y = s->y0; y < s->y1; y++)
                for (uint32_t x = s->x0; x < s->x1; x++) {
                    const size_t p = (size_t)y * w + x;
                    if (s->op == GX_RS_RENDER) {
                        twice += rendered[p]++ != 0;
                        held += !m.held[p];
                        m.held[p] = 1;
                    } else if (s->op == GX_RS_RESOLVE) {
                        twice += resolved[p]++ != 0;
                    } else {
                        held -= m.held[p];
                        m.held[p] = 0;
                    }
                }
            if (s->op == GX_RS_RESOLVE)
                gx_resolve_rect(f, n, w, h, s->x0, s->y0, s->x1, s->y1, px, &m,
                                tiled + 4 * ((size_t)s->y0 * w + s->x0), 4 * (size_t)w);
            peak = held > peak ? held : peak;
        }
        unsigned missed = 0;
        for (size_t p = 0; p < (size_t)w * h; p++)
            missed += !rendered[p] || !resolved[p];
        CHECK(!m.bad && !missed && !twice && !held && !misaligned,
              "%s, %ux%u, CT %u, tiles %ux%u: %u reads of pixels not held, %u pixels not "
              "rendered or resolved, %u twice, %llu held at the end, %u misaligned steps",
              f ? "tent" : "box", w, h, ct, sh[0], sh[1], m.bad, missed, twice,
              (unsigned long long)held, misaligned);
        free(m.held);
        m.held = NULL;
        gx_resolve_rect(f, n, w, h, 0, 0, w, h, px, &m, whole, 4 * (size_t)w);
        CHECK(!memcmp(tiled, whole, (size_t)w * h * 4), "%s, %ux%u, CT %u: the tiled resolve "
              "differs from the whole target's", f ? "tent" : "box", w, h, ct);
        /* the held pixels against a cache tile and the strip the next row reads */
        const uint64_t bound = f == GX_RF_BOX
                                   ? (uint64_t)ct * ct
                                   : (uint64_t)(ct + sh[0]) * (ct + sh[1]) +
                                         (uint64_t)(w + ct) * 2 * sh[1];
        CHECK(peak <= bound, "%s, %ux%u, CT %u: %llu pixels held at once, bound %llu",
              f ? "tent" : "box", w, h, ct, (unsigned long long)peak,
              (unsigned long long)bound);
        peak_all[f] = peak > peak_all[f] ? peak : peak_all[f];
        const unsigned ratio = (unsigned)(100 * peak / bound);
        worst_ratio[f] = ratio > worst_ratio[f] ? ratio : worst_ratio[f];
        free(rendered);
        free(resolved);
        free(tiled);
        free(whole);
        free(m.s);
        free(st);
    }
    printf("test_resolve: %u schedules; the most pixels held at once: box %llu (%u%% of its "
           "bound), tent %llu (%u%%)\n", cases, (unsigned long long)peak_all[0],
           worst_ratio[0], (unsigned long long)peak_all[1], worst_ratio[1]);
}

int main(void)
{
    check_seed("test_resolve");
    test_filters(3000);
    test_schedule(400);
    return check_summary();
}
