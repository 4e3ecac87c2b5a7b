/* test_tiled: the tiling unit and the tiled barrier (gx/tiled.h) against references
 * written from docs/tiled.md.
 *  - Configurations out of range are refused with a reason.
 *  - Binning: random frames (targets of 1 to 2000 pixels a side, every cache tile size and
 *    pipeline count, bin memories from 1 reference to more than the frame needs, boxes
 *    inside, across and outside the target, empty ones): each pipeline's stream is a
 *    sequence of flushes, each a batch for every cache tile in row order (the tile's
 *    triangles, TILED_BARRIER, then CACHE_WRITEBACK, or in the last flush AA_RESOLVE and
 *    CACHE_INVALIDATE); every pipeline gets the same triangles; each tile's triangles over
 *    all flushes are exactly those whose clamped box overlaps it (brute force), in
 *    submission order; a triangle whose references fit in the bin memory is never split
 *    over two flushes; a bin memory that holds the frame flushes once.
 *  - Fine-tile ownership: the pipelines' masks partition the cache tile's fine tiles.
 *  - The barrier: N pipelines run their streams at random speeds (one of them often much
 *    slower), the back end counts each barrier after a random delay (the pipeline's writes
 *    completing); no pipeline passes its barrier (to AA_RESOLVE, CACHE_WRITEBACK or the
 *    next tile) before every pipeline's barrier of that tile was counted, the count never
 *    exceeds N, every tile of every flush gets exactly one release, and a barrier counted
 *    twice or without its flag is refused.
 */
#include <string.h>

#include "check.h"
#include "gx/tiled.h"

/* The commands of one frame, per pipeline. */
typedef struct stream {
    gx_tcmd_t *c;
    uint32_t n, cap;
} stream_t;

typedef struct sink {
    stream_t s[GX_TILED_MAX_PIPES];
} sink_t;

static void on_cmd(void *ctx, uint32_t pipe, const gx_tcmd_t *cmd)
{
    stream_t *s = &((sink_t *)ctx)->s[pipe];
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->c = realloc(s->c, s->cap * sizeof *s->c);
        if (!s->c)
            abort();
    }
    s->c[s->n++] = *cmd;
}

static void test_config(void)
{
    static const gx_tiler_cfg_t bad[] = {
        {0, 10, 32, 1, 8}, {10, 8193, 32, 1, 8}, {10, 10, 24, 1, 8},
        {10, 10, 32, 3, 8}, {10, 10, 32, 1, 0},
    };
    sink_t sk;
    memset(&sk, 0, sizeof sk);
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *err = NULL;
        gx_tiler_t *t = gx_tiler_new(&bad[i], on_cmd, &sk, &err);
        CHECK(!t && err && *err, "configuration %u accepted", i);
        gx_tiler_free(t);
    }
    const gx_tiler_cfg_t good = {1920, 1080, 32, 4, 1000};
    gx_tiler_t *t = gx_tiler_new(&good, on_cmd, &sk, NULL);
    CHECK(t && t->tiles_x == 60 && t->tiles_y == 34, "1920 x 1080 at 32: not 60 x 34 tiles");
    gx_tiler_free(t);
}

typedef struct box {
    int32_t x0, y0, x1, y1;
} box_t;

static int overlaps(const gx_tiler_cfg_t *c, const box_t *b, uint32_t tx, uint32_t ty)
{
    int64_t x0 = b->x0 < 0 ? 0 : b->x0, y0 = b->y0 < 0 ? 0 : b->y0;
    int64_t x1 = b->x1 > (int32_t)c->width - 1 ? (int32_t)c->width - 1 : b->x1;
    int64_t y1 = b->y1 > (int32_t)c->height - 1 ? (int32_t)c->height - 1 : b->y1;
    if (x0 > x1 || y0 > y1)
        return 0;
    return x0 <= (int64_t)(tx + 1) * c->ct - 1 && x1 >= (int64_t)tx * c->ct &&
           y0 <= (int64_t)(ty + 1) * c->ct - 1 && y1 >= (int64_t)ty * c->ct;
}

static void random_frame(gx_tiler_cfg_t *c, box_t *b, uint32_t n)
{
    static const uint32_t cts[3] = {16, 32, 64}, pipes[3] = {1, 2, 4};
    c->width = 1 + rnd(rnd(4) ? 300 : 2000);
    c->height = 1 + rnd(rnd(4) ? 300 : 2000);
    c->ct = cts[rnd(3)];
    c->pipes = pipes[rnd(3)];
    c->cap = rnd(4) == 0 ? 1 + rnd(8) : rnd(2) ? 1 + rnd(200) : 100000;
    for (uint32_t i = 0; i < n; i++) {
        const int32_t size = (int32_t)rnd(rnd(8) ? 64 : 3000);
        b[i].x0 = (int32_t)rnd(c->width + 200) - 100;
        b[i].y0 = (int32_t)rnd(c->height + 200) - 100;
        b[i].x1 = b[i].x0 + (rnd(16) ? size : -1 - (int32_t)rnd(4)); /* some empty */
        b[i].y1 = b[i].y0 + (int32_t)rnd((uint32_t)size + 1);
    }
}

/* The batches of one pipeline's stream; every tile's triangles collected over flushes.
 * Returns the number of flushes, 0 when the stream is malformed. */
static uint32_t parse(const gx_tiler_t *t, const stream_t *s, uint32_t **got, uint32_t *ngot,
                      uint32_t *tri_flush)
{
    const uint32_t tiles = t->tiles_x * t->tiles_y;
    uint32_t i = 0, flushes = 0;
    while (i < s->n) {
        for (uint32_t k = 0; k < tiles; k++) {
            while (i < s->n && s->c[i].op == GX_TC_TRI) {
                if (s->c[i].tile != k)
                    return 0;
                got[k][ngot[k]++] = s->c[i].tri;
                if (tri_flush[s->c[i].tri] == UINT32_MAX)
                    tri_flush[s->c[i].tri] = flushes;
                else if (tri_flush[s->c[i].tri] != flushes)
                    tri_flush[s->c[i].tri] = UINT32_MAX - 1; /* split over flushes */
                i++;
            }
            if (i >= s->n || s->c[i].op != GX_TC_BARRIER || s->c[i].tile != k)
                return 0;
            i++;
            if (i < s->n && s->c[i].op == GX_TC_WRITEBACK && s->c[i].tile == k) {
                i++;
            } else if (i + 1 < s->n && s->c[i].op == GX_TC_RESOLVE && s->c[i].tile == k &&
                       s->c[i + 1].op == GX_TC_INVALIDATE && s->c[i + 1].tile == k) {
                if (i + 2 != s->n && k == tiles - 1)
                    return 0; /* a resolving flush that is not the last */
                i += 2;
            } else {
                return 0;
            }
        }
        flushes++;
    }
    return flushes;
}

static void test_binning(unsigned frames)
{
    uint64_t refs = 0, overflows = 0, multi = 0;
    for (unsigned f = 0; f < frames; f++) {
        gx_tiler_cfg_t c;
        const uint32_t n = rnd(60);
        box_t b[60];
        random_frame(&c, b, n);
        sink_t sk;
        memset(&sk, 0, sizeof sk);
        gx_tiler_t *t = gx_tiler_new(&c, on_cmd, &sk, NULL);
        CHECK(t != NULL, "frame %u: configuration refused", f);
        if (!t)
            continue;
        uint32_t total = 0;
        for (uint32_t i = 0; i < n; i++)
            total += gx_tiler_add(t, i, b[i].x0, b[i].y0, b[i].x1, b[i].y1);
        gx_tiler_finish(t);
        const uint32_t tiles = t->tiles_x * t->tiles_y;
        uint32_t want_total = 0;
        for (uint32_t p = 0; p < c.pipes; p++) {
            uint32_t **got = calloc(tiles, sizeof *got), *ngot = calloc(tiles, sizeof *ngot);
            for (uint32_t k = 0; k < tiles; k++)
                got[k] = malloc((n + 1) * sizeof **got);
            uint32_t tri_flush[60], refs_of[60] = {0};
            for (uint32_t i = 0; i < n; i++)
                tri_flush[i] = UINT32_MAX;
            const uint32_t fl = parse(t, &sk.s[p], got, ngot, tri_flush);
            CHECK(fl == t->flushes && fl == t->overflows + 1,
                  "frame %u pipeline %u: %u flushes parsed, %llu made, %llu forced", f, p, fl,
                  (unsigned long long)t->flushes, (unsigned long long)t->overflows);
            for (uint32_t k = 0; k < tiles; k++) {
                uint32_t m = 0;
                int same = 1;
                for (uint32_t i = 0; i < n; i++)
                    if (overlaps(&c, &b[i], k % t->tiles_x, k / t->tiles_x)) {
                        same &= m < ngot[k] && got[k][m] == i;
                        m++;
                        refs_of[i]++;
                    }
                CHECK(same && m == ngot[k], "frame %u pipeline %u tile %u: %u triangles, "
                      "want %u (or out of order)", f, p, k, ngot[k], m);
                if (p == 0)
                    want_total += m;
                free(got[k]);
            }
            for (uint32_t i = 0; i < n; i++) /* a triangle that fits is never split */
                CHECK(refs_of[i] > c.cap || tri_flush[i] != UINT32_MAX - 1,
                      "frame %u: triangle %u (%u references, memory %u) split over flushes",
                      f, i, refs_of[i], c.cap);
            free(got);
            free(ngot);
            CHECK(sk.s[p].n == sk.s[0].n, "pipeline %u's stream differs in length", p);
        }
        CHECK(total == want_total && t->refs == total, "frame %u: %u references, want %u",
              f, total, want_total);
        if (c.cap >= total)
            CHECK(t->flushes == 1, "frame %u: a bin memory holding the frame flushed %llu "
                  "times", f, (unsigned long long)t->flushes);
        refs += total;
        overflows += t->overflows;
        multi += t->flushes > 2;
        gx_tiler_free(t);
        for (uint32_t p = 0; p < GX_TILED_MAX_PIPES; p++)
            free(sk.s[p].c);
    }
    CHECK(overflows > 0 && multi > 0, "no bin memory overflowed");
    printf("test_tiled: %u frames, %llu references binned, %llu forced flushes\n", frames,
           (unsigned long long)refs, (unsigned long long)overflows);
}

static void test_fine_mask(void)
{
    static const uint32_t cts[3] = {16, 32, 64}, pipes[3] = {1, 2, 4};
    for (int a = 0; a < 3; a++)
        for (int q = 0; q < 3; q++) {
            const gx_tiler_cfg_t c = {64, 64, cts[a], pipes[q], 1};
            const uint32_t fine = (cts[a] / GX_TILED_FINE) * (cts[a] / GX_TILED_FINE);
            const uint64_t all = fine == 64 ? ~0ull : (1ull << fine) - 1u;
            uint64_t u = 0;
            int disjoint = 1;
            for (uint32_t p = 0; p < pipes[q]; p++) {
                const uint64_t m = gx_tiler_fine_mask(&c, p);
                disjoint &= (u & m) == 0 && m != 0;
                u |= m;
            }
            CHECK(disjoint && u == all, "ct %u, %u pipelines: the masks do not partition the "
                  "fine tiles", cts[a], pipes[q]);
        }
    const gx_tiler_cfg_t c2 = {64, 64, 32, 2, 1};
    CHECK(gx_tiler_fine_mask(&c2, 0) == 0x5555u, "ct 32, 2 pipelines: not a checkerboard");
}

/* N pipelines consume their streams; a pipeline at a barrier sets its flag and waits;
 * the back end counts it after a random delay. */
static void test_barrier(unsigned frames)
{
    uint64_t releases = 0, held = 0;
    for (unsigned f = 0; f < frames; f++) {
        gx_tiler_cfg_t c;
        const uint32_t n = rnd(40);
        box_t b[40];
        random_frame(&c, b, n);
        c.width = 1 + rnd(200);
        c.height = 1 + rnd(200);
        if (c.pipes == 1)
            c.pipes = rnd(2) ? 2 : 4;
        sink_t sk;
        memset(&sk, 0, sizeof sk);
        gx_tiler_t *t = gx_tiler_new(&c, on_cmd, &sk, NULL);
        if (!t)
            continue;
        for (uint32_t i = 0; i < n; i++)
            gx_tiler_add(t, i, b[i].x0, b[i].y0, b[i].x1, b[i].y1);
        gx_tiler_finish(t);
        const uint32_t batches = t->tiles_x * t->tiles_y * (uint32_t)t->flushes;
        gx_tbarrier_t bar;
        gx_tbar_init(&bar, c.pipes);
        uint32_t pos[GX_TILED_MAX_PIPES] = {0}, done[GX_TILED_MAX_PIPES] = {0};
        int wait[GX_TILED_MAX_PIPES], delay[GX_TILED_MAX_PIPES];
        const uint32_t slow = rnd(c.pipes);
        for (uint32_t p = 0; p < c.pipes; p++)
            wait[p] = 0, delay[p] = -1;
        uint64_t steps = 0;
        for (;;) {
            int busy = 0; /* a command left or a barrier not yet counted */
            for (uint32_t p = 0; p < c.pipes; p++) {
                /* the back end: a barrier counted when its delay runs out */
                if (delay[p] > 0)
                    delay[p]--;
                else if (delay[p] == 0) {
                    delay[p] = -1;
                    const int r1 = gx_tbar_count(&bar, p), r2 = gx_tbar_count(&bar, p);
                    CHECK(r1 >= 0, "barrier of pipeline %u refused", p);
                    CHECK(r2 == -1, "barrier of pipeline %u counted twice", p);
                    CHECK(bar.count <= c.pipes, "count %u over %u", bar.count, c.pipes);
                }
                const stream_t *s = &sk.s[p];
                if (pos[p] < s->n || delay[p] >= 0)
                    busy = 1;
                if (pos[p] >= s->n || (p == slow && rnd(8)) || rnd(3) == 0)
                    continue;
                if (wait[p]) { /* past its barrier only once released */
                    if (gx_tbar_held(&bar, p)) {
                        held++;
                        continue;
                    }
                    wait[p] = 0;
                    /* every pipeline reached this batch's barrier (so it is past its
                     * triangles of the batch) */
                    for (uint32_t q = 0; q < c.pipes; q++)
                        CHECK(done[q] >= done[p], "pipeline %u passed batch %u's barrier "
                              "before pipeline %u reached it", p, done[p], q);
                }
                const gx_tcmd_t *cmd = &s->c[pos[p]++];
                if (cmd->op == GX_TC_BARRIER) {
                    CHECK(gx_tbar_arrive(&bar, p) == 1, "pipeline %u arrived with its flag "
                          "set", p);
                    wait[p] = 1;
                    done[p]++;
                    delay[p] = (int)rnd(6);
                }
            }
            if (!busy)
                break;
            if (++steps > 10000000u) {
                CHECK(0, "frame %u: the pipelines hung", f);
                break;
            }
        }
        for (uint32_t p = 0; p < c.pipes; p++)
            CHECK(done[p] == batches, "pipeline %u passed %u barriers, want %u", p, done[p],
                  batches);
        CHECK(bar.releases == batches, "frame %u: %llu releases for %u batches", f,
              (unsigned long long)bar.releases, batches);
        releases += bar.releases;
        gx_tiler_free(t);
        for (uint32_t p = 0; p < GX_TILED_MAX_PIPES; p++)
            free(sk.s[p].c);
    }
    gx_tbarrier_t bar;
    gx_tbar_init(&bar, 2);
    CHECK(gx_tbar_count(&bar, 0) == -1, "a barrier without its flag counted");
    CHECK(gx_tbar_arrive(&bar, 0) == 1 && gx_tbar_arrive(&bar, 0) == 0,
          "a second arrival with the flag set accepted");
    CHECK(gx_tbar_count(&bar, 0) == 0 && gx_tbar_count(&bar, 0) == -1,
          "a barrier counted twice");
    CHECK(gx_tbar_arrive(&bar, 1) == 1 && gx_tbar_count(&bar, 1) == 1 &&
          !gx_tbar_held(&bar, 0) && !gx_tbar_held(&bar, 1) && bar.releases == 1,
          "the second pipeline's count did not release both");
    CHECK(held > 0, "no pipeline was ever held at its barrier");
    printf("test_tiled: %u barrier frames, %llu releases, %llu steps held\n", frames,
           (unsigned long long)releases, (unsigned long long)held);
}

int main(void)
{
    check_seed("test_tiled");
    test_config();
    test_fine_mask();
    test_binning(3000);
    test_barrier(300);
    return check_summary();
}
