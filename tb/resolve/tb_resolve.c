/* tb_resolve: cosimulation of gx_resolve (RTL) against the resolve's C model,
 * gx_resolve_rect (cmodel/src/resolve.c).
 *
 * Each job: a random target (up to 40 pixels a side larger than its rectangle) of random
 * samples (runs of equal samples and of equal pixels, as rendered images have, and random
 * ones), N = 1 to 16, the box or the tent, a rectangle in it (1 to 12 pixels a side, or
 * 3 % of them 48 to 64 pixels a row and 48 to 125 rows; 30 % of them at the target's
 * edges and corners, where the tent's ring is clamped). The
 * testbench streams the region (the rectangle, with its ring for the tent, each pixel's
 * samples read at its clamped coordinates) with random valid gaps and random output
 * back-pressure, and checks every resolved pixel, in order, against gx_resolve_rect's,
 * with eol at the end of each rectangle row and eof on its last pixel. Jobs with the
 * same configuration stream back to back (the next region's first pixel in the clock
 * after the last one); a job with another configuration waits until the block is idle
 * (the configuration is held while a region streams). A job whose output does not come
 * within a bound fails the run. Coverage bins fail the run when empty.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "resolve_rtl.h"
#include "tb.h"

#define HANG 2000u

enum { C_BOX0, C_TENT0 = C_BOX0 + 5, C_CORNER = C_TENT0 + 5, C_THIN, C_BACK, C_STALL, C_BIG,
       C_BINS };

typedef struct img {
    uint32_t w, h;
    unsigned n;
    uint8_t *s;
} img_t;

static void px(void *ctx, uint32_t x, uint32_t y, uint8_t *s)
{
    const img_t *m = ctx;
    memcpy(s, m->s + ((size_t)y * m->w + x) * m->n * 4, m->n * 4);
}

typedef struct job {
    gx_resolve_cfg_t cfg;
    img_t im;
    uint32_t x0, y0, rw, rh, ow, oh; /* the rectangle's corner, the region, the rectangle */
    uint8_t *want;                   /* the rectangle's pixels, RGBA8, raster order */
} job_t;

static void job_new(tb_rng_t *r, job_t *j, const gx_resolve_cfg_t *same)
{
    memset(j, 0, sizeof *j);
    if (same) {
        j->cfg = *same;
    } else {
        j->cfg.tent = (int)tb_rng_below(r, 2);
        j->cfg.nlg = tb_rng_below(r, 5);
    }
    const unsigned n = 1u << j->cfg.nlg;
    const int big = tb_rng_pct(r, 3);
    uint32_t ow = same ? same->w - (j->cfg.tent ? 2u : 0u)
                       : big ? 48 + tb_rng_below(r, 17) : 1 + tb_rng_below(r, 12);
    uint32_t oh = same ? same->h - (j->cfg.tent ? 2u : 0u)
                       : big ? 48 + tb_rng_below(r, 78) : 1 + tb_rng_below(r, 12);
    j->im.w = ow + tb_rng_below(r, 40);
    j->im.h = oh + tb_rng_below(r, 40);
    j->im.n = n;
    j->x0 = tb_rng_pct(r, 30) ? (tb_rng_pct(r, 50) ? 0 : j->im.w - ow)
                              : tb_rng_below(r, j->im.w - ow + 1);
    j->y0 = tb_rng_pct(r, 30) ? (tb_rng_pct(r, 50) ? 0 : j->im.h - oh)
                              : tb_rng_below(r, j->im.h - oh + 1);
    j->ow = ow;
    j->oh = oh;
    j->rw = ow + (j->cfg.tent ? 2u : 0u);
    j->rh = oh + (j->cfg.tent ? 2u : 0u);
    j->cfg.w = j->rw;
    j->cfg.h = j->rh;
    const size_t np = (size_t)j->im.w * j->im.h;
    j->im.s = malloc(np * n * 4);
    j->want = malloc((size_t)ow * oh * 4);
    if (!j->im.s || !j->want)
        abort();
    const int flat = tb_rng_pct(r, 10); /* one color everywhere */
    for (size_t i = 0; i < np; i++) {
        const unsigned kind = tb_rng_below(r, 4);
        for (unsigned k = 0; k < n; k++)
            for (unsigned c = 0; c < 4; c++) {
                uint8_t *v = j->im.s + (i * n + k) * 4 + c;
                *v = flat && (i || k)              ? j->im.s[c]
                     : kind == 0 && i               ? v[-4 * (int)n]
                     : kind == 1 && k               ? v[-4]
                                                    : (uint8_t)tb_rng_below(r, 256);
            }
    }
    gx_resolve_rect(j->cfg.tent ? GX_RF_TENT : GX_RF_BOX, n, j->im.w, j->im.h, j->x0, j->y0,
                    j->x0 + ow, j->y0 + oh, px, &j->im, j->want, 4 * (size_t)ow);
}

static void job_free(job_t *j)
{
    free(j->im.s);
    free(j->want);
}

static int run(const tb_opts_t *o, uint64_t jobs, const char *fst, const char *covp,
               tb_report_t *rep, uint64_t *cov, uint64_t *cycles)
{
    tb_rng_t r, st;
    tb_rng_seed(&r, o->seed);
    tb_rng_seed_stalls(&st, o);
    void *m = gx_resolve_rtl_new(fst);
    /* q[0]: the job whose rectangle is checked; q[f]: the job whose region is fed (f = nq:
     * every job here fed). q[1] is fed only with q[0]'s configuration (back to back);
     * another configuration waits until q[0] is done, when the block is idle. */
    job_t q[2];
    int nq = 0, f = 0;
    uint64_t made = 0, done = 0, c = 0, quiet = 0;
    uint32_t kin = 0, kout = 0;
    for (; done < jobs; c++) {
        while (nq < 2 && f == nq && made < jobs) {
            const int same = nq == 1 && tb_rng_pct(&r, 50);
            job_new(&r, &q[nq], same ? &q[0].cfg : NULL);
            nq++;
            made++;
        }
        job_t *fj = f < nq ? &q[f] : NULL, *cj = &q[0];
        const int may = fj && (f == 0 || !memcmp(&fj->cfg, &cj->cfg, sizeof fj->cfg));
        gx_resolve_in_t in;
        memset(&in, 0, sizeof in);
        in.cfg = cj->cfg;
        if (may && !tb_rng_pct(&st, 25)) {
            uint32_t x, y;
            gx_resolve_region_px(fj->cfg.tent, fj->im.w, fj->im.h, fj->x0, fj->y0, fj->rw, kin,
                                 &x, &y);
            px(&fj->im, x, y, in.samples);
            in.in_valid = 1;
        }
        in.out_ready = !tb_rng_pct(&st, 25);
        gx_resolve_out_t out;
        if (!gx_resolve_rtl_cycle(m, &in, &out)) {
            tb_check(rep, 0, "cycle %" PRIu64 ": an assertion failed", c);
            break;
        }
        if (out.out_valid && !in.out_ready)
            cov[C_STALL]++;
        if (in.in_valid && out.in_ready) {
            if (f == 1 && kin == 0)
                cov[C_BACK]++;
            if (++kin == fj->rw * fj->rh) {
                kin = 0;
                f++;
            }
        }
        if (out.out_valid && in.out_ready) {
            tb_check(rep, nq > 0, "cycle %" PRIu64 ": an output with no rectangle due", c);
            const uint32_t ox = kout % cj->ow, oy = kout / cj->ow;
            const uint8_t *w = cj->want + 4 * (size_t)kout;
            tb_check(rep, !memcmp(out.rgba, w, 4) && out.eol == (ox == cj->ow - 1) &&
                              out.eof == (kout == cj->ow * cj->oh - 1),
                     "job %" PRIu64 " (%s, N %u, %ux%u at %u,%u of %ux%u) pixel (%u, %u): "
                     "%02x%02x%02x%02x eol %d eof %d, model %02x%02x%02x%02x", done,
                     cj->cfg.tent ? "tent" : "box", 1u << cj->cfg.nlg, cj->ow, cj->oh, cj->x0,
                     cj->y0, cj->im.w, cj->im.h, ox, oy, out.rgba[0], out.rgba[1], out.rgba[2],
                     out.rgba[3], out.eol, out.eof, w[0], w[1], w[2], w[3]);
            quiet = 0;
            if (++kout == cj->ow * cj->oh) { /* the rectangle is done */
                cov[(cj->cfg.tent ? C_TENT0 : C_BOX0) + cj->cfg.nlg]++;
                if ((cj->x0 == 0 || cj->x0 + cj->ow == cj->im.w) &&
                    (cj->y0 == 0 || cj->y0 + cj->oh == cj->im.h))
                    cov[C_CORNER]++;
                if (cj->ow == 1 || cj->oh == 1)
                    cov[C_THIN]++;
                if (cj->ow >= 60 && cj->oh >= 60)
                    cov[C_BIG]++;
                job_free(cj);
                q[0] = q[1];
                nq--;
                f--;
                kout = 0;
                done++;
            }
        }
        if (++quiet > HANG) {
            tb_check(rep, 0, "rectangle %" PRIu64 ": no output in %u clocks", done, HANG);
            break;
        }
    }
    for (int i = 0; i < nq; i++)
        job_free(&q[i]);
    gx_resolve_rtl_free(m, covp);
    *cycles = c;
    return (int)done;
}

static int cov_check(const uint64_t *cov)
{
    static const char *const names[C_BINS] = {
        "box, N = 1", "box, N = 2", "box, N = 4", "box, N = 8", "box, N = 16",
        "tent, N = 1", "tent, N = 2", "tent, N = 4", "tent, N = 8", "tent, N = 16",
        "a rectangle in a corner of the target", "a rectangle one pixel wide or high",
        "a region back to back with the one before",
        "an output stalled", "a rectangle of 60 x 60 or more"};
    return tb_cov_holes(cov, names, C_BINS, 0);
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_resolve", 3000);
    printf("tb_resolve: SEED=%" PRIu64 " N=%" PRIu64 " (rectangles)\n", o.seed, o.n);
    fflush(stdout);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_resolve", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    uint64_t cov[C_BINS] = {0}, cycles = 0;
    const int done = run(&o, o.n, o.waves ? path : NULL, cpath, &rep, cov, &cycles);
    tb_check(&rep, (uint64_t)done == o.n, "stopped after %d of %" PRIu64 " rectangles", done,
             o.n);
    const int holes = cov_check(cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_resolve: %" PRIu64 " rectangles, %" PRIu64 " cycles\n", o.n, cycles);
    return tb_summary(&rep);
}
