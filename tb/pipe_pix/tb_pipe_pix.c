/* tb_pipe_pix: cosimulation of gx_pipe_pix (RTL) against the C model.
 *
 * State space covered, every run (pipe_pix_drv.c plays the decoder and rasterizer):
 *  - directed phases: a full-rate run of 16-pixel groups, of 1-pixel groups (a group a
 *    clock), 70 triangles without groups (the ring fills; the idle release frees it),
 *    with the store rate measured and checked: one store a clock with no stalls;
 *  - random: N triangles (default 70,000: the 2^16 number wraps once) with
 *    colors of B = 1..16 bytes (bytes beyond B zero), each with 0..3 groups (a fifth
 *    without any), random lanes and masks (any lane empty, 16-pixel groups, masks left
 *    in lanes without their valid bit now and then), tags in triangle order;
 *  - timing: random gaps on col_valid and grp_valid, random back-pressure on st_ready,
 *    the decoder-to-rasterizer latency 0..12 clocks, idle reported at random when it may
 *    be; the profile changes every 1000 clocks (phases of a slow rasterizer fill the ring;
 *    chunks with a sparse decoder, so the rasterizer catches up and idles).
 * Checked: the timing diagram of docs/pipe_pix.md clock by clock; every store against the C model (pixel, mask, value; op 0, full 0, bytes 16..
 * zero) and its color against the triangle's own color (the ring never returns a color
 * of a retired or overwritten entry); each col_tag_o against the model's number;
 * col_ready_o against the model's rule every clock; every group's tag live in the model
 * when taken; nothing left over; the RTL's own assertions every clock.
 * Functional coverage (at N >= the default, the run fails when a bin is empty): ring full, slot wrap, number
 * wrap, a 16-pixel group, a group with an empty lane, an idle release with live entries
 * and one in the clock a color is taken (that color stays live),
 * back-pressure at a group boundary, groups of one pixel a clock apart.
 * Line, toggle and user coverage of the RTL go to build/coverage/gx_pipe_pix.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/pipe_pix.h"
#include "pipe_pix_rtl.h"
#include "tb.h"

#define N_DEFAULT 70000u /* random triangles: the 2^16 number wraps once */

typedef struct scen {
    uint32_t ntri;
    uint8_t (*color)[GX_PIPE_PIX_COLOR_BYTES];
    uint64_t *gfirst, ngrp, cap;
    gx_rs_group_t *grp;
} scen_t;

static void scen_alloc(scen_t *s, uint32_t ntri, uint64_t cap)
{
    s->ntri = ntri;
    s->color = calloc(ntri ? ntri : 1, sizeof *s->color);
    s->gfirst = calloc(ntri + 1u, sizeof *s->gfirst);
    s->grp = calloc(cap ? cap : 1, sizeof *s->grp);
    s->cap = cap;
    s->ngrp = 0;
}

static void scen_free(scen_t *s)
{
    free(s->color);
    free(s->gfirst);
    free(s->grp);
}

/* kind: 0 random, 1 sixteen pixels, 2 one pixel */
static void rand_group(tb_rng_t *r, gx_rs_group_t *g, int kind)
{
    memset(g, 0, sizeof *g);
    g->qx = (uint16_t)(tb_rng_below(r, 4096) & ~3u);
    g->qy = (uint16_t)tb_rng_below(r, 4096);
    if (kind == 1) {
        g->valid = 0xf;
        for (unsigned l = 0; l < 4; l++)
            for (unsigned k = 0; k < 4; k++)
                g->mask[l][k] = (uint16_t)(1u + tb_rng_below(r, 0xffff));
        return;
    }
    if (kind == 2) {
        unsigned l = tb_rng_below(r, 4);
        g->valid = (uint8_t)(1u << l);
        g->mask[l][tb_rng_below(r, 4)] = (uint16_t)(1u + tb_rng_below(r, 0xffff));
        return;
    }
    int full = tb_rng_pct(r, 10);
    g->valid = full ? 0xf : (uint8_t)(1u + tb_rng_below(r, 15));
    for (unsigned l = 0; l < 4; l++) {
        if (g->valid >> l & 1u) {
            do {
                for (unsigned k = 0; k < 4; k++) {
                    unsigned m = tb_rng_below(r, 4) == 0 ? 0 : 1u + tb_rng_below(r, 0xffff);
                    if (tb_rng_pct(r, 30))
                        m = 1u << tb_rng_below(r, 16);
                    g->mask[l][k] = (uint16_t)(full ? (m ? m : 1u) : m);
                }
            } while (!(g->mask[l][0] | g->mask[l][1] | g->mask[l][2] | g->mask[l][3]));
        } else if (tb_rng_pct(r, 20)) {  /* left-over masks in a lane without coverage */
            for (unsigned k = 0; k < 4; k++)
                g->mask[l][k] = (uint16_t)tb_rng_u32(r);
        }
    }
}

/* kind as rand_group; ngrp: -1 random 0..6 (a fifth without groups), else exactly */
static void scen_fill(tb_rng_t *r, scen_t *s, int kind, int ngrp)
{
    unsigned bps = 1u << tb_rng_below(r, 5);
    for (uint32_t t = 0; t < s->ntri; t++) {
        if (t % 997 == 0)
            bps = 1u << tb_rng_below(r, 5);
        for (unsigned j = 0; j < GX_PIPE_PIX_COLOR_BYTES; j++)
            s->color[t][j] = j < bps ? (uint8_t)tb_rng_u32(r) : 0;
        s->gfirst[t] = s->ngrp;
        unsigned n = ngrp >= 0 ? (unsigned)ngrp
                     : tb_rng_pct(r, 20) ? 0 : 1u + tb_rng_below(r, 3);
        for (unsigned i = 0; i < n && s->ngrp < s->cap; i++)
            rand_group(r, &s->grp[s->ngrp++], kind);
    }
    s->gfirst[s->ntri] = s->ngrp;
}

typedef struct cov {
    uint64_t full, slot_wrap, num_wrap, g16, empty_lane, idle_rel, idle_col, bp_boundary, g1_clock;
} cov_t;

typedef struct expst {
    gx_ms_store_t st;
    uint32_t tri;      /* its triangle */
    uint64_t grp;      /* its group */
    int last;          /* the last store of its group */
} expst_t;

/* Run one scenario; returns the clocks, 0 when the model stopped or hung. */
static uint64_t run(gx_pipe_pix_rtl_t *m, gx_pipe_pix_t *model, const scen_t *s, tb_rng_t *rng,
                    unsigned lat_max, unsigned idle_pct, unsigned col_gap_min, uint64_t phase,
                    uint32_t tri_base,
                    tb_report_t *rep, cov_t *cv, uint64_t *stores)
{
    gx_pipe_pix_env_t e;
    memset(&e, 0, sizeof e);
    e.ntri = s->ntri;
    e.color = (const uint8_t(*)[GX_PIPE_PIX_COLOR_BYTES])s->color;
    e.gfirst = s->gfirst;
    e.grp = s->grp;
    e.lat_max = lat_max;
    e.idle_pct = idle_pct;
    e.col_gap_min = col_gap_min;
    e.phase = phase;
    e.tag_base = tri_base;
    e.taken_at = calloc(s->ntri ? s->ntri : 1, sizeof *e.taken_at);
    /* the scenario's triangle t is the model's number tri_base + t */
    size_t cap = 16 * (s->ngrp + 1), qh = 0, qt = 0;
    expst_t *q = malloc(cap * sizeof *q);
    uint64_t idle_clocks = 0, last_g1 = UINT64_MAX;
    int prev_last_take = 0;
    gx_pipe_pix_step_t st;
    uint64_t clocks = 0;
    for (;;) {
        int col_ready_exp = gx_pipe_pix_col_ready(model);
        gx_pipe_pix_env_step(&e, m, rng, &st);
        if (gx_pipe_pix_rtl_failed(m)) {
            tb_check(rep, 0, "clock %" PRIu64 ": an RTL assertion failed", e.now);
            goto out;
        }
        tb_check(rep, st.out.col_ready == col_ready_exp,
                 "clock %" PRIu64 ": col_ready %d, model %d (live %u)", e.now, st.out.col_ready,
                 col_ready_exp, gx_pipe_pix_live(model));
        if (st.in.col_valid && !st.out.col_ready)
            cv->full++;
        /* the model, in the order of the edge: idle release (head = next before this
         * clock's color), the group, the color */
        if (st.in.raster_idle && st.out.idle && !st.grp_take) {
            if (gx_pipe_pix_live(model))
                cv->idle_rel++;
            if (st.col_take)
                cv->idle_col++;
            gx_pipe_pix_idle(model);
        }
        if (st.grp_take) {
            gx_rs_group_t g = s->grp[st.grp_idx];
            uint32_t t = 0;
            while (s->gfirst[t + 1] <= st.grp_idx)
                t++;
            g.tag = (uint16_t)(tri_base + t);
            gx_ms_store_t out[16];
            int n = gx_pipe_pix_group(model, &g, out);
            tb_check(rep, n >= 0, "group %" PRIu64 " (tag %u) taken with its tag not live",
                     st.grp_idx, g.tag);
            uint16_t pix = gx_pipe_pix_pixels(&g);
            if (pix == 0xffff)
                cv->g16++;
            if (g.valid != 0xf)
                cv->empty_lane++;
            for (int i = 0; i < n; i++) {
                q[qt % cap] = (expst_t){out[i], t, st.grp_idx, i == n - 1};
                qt++;
            }
        }
        if (st.col_take) {
            uint16_t n = gx_pipe_pix_color(model, s->color[st.col_tri]);
            tb_check(rep, st.out.col_tag == n && n == (uint16_t)(tri_base + st.col_tri),
                     "color of triangle %u: col_tag %u, model %u", st.col_tri, st.out.col_tag, n);
            if (n % GX_PIPE_PIX_RING == GX_PIPE_PIX_RING - 1)
                cv->slot_wrap++;
            if (n == 0xffff)
                cv->num_wrap++;
        }
        if (st.out.st_valid && !st.in.st_ready && qh < qt && q[qh % cap].last && qh + 1 < qt)
            cv->bp_boundary++;
        if (st.st_take) {
            gx_ms_store_t got;
            int bad = gx_pipe_pix_store_unpack(st.out.st, &got);
            if (qh == qt) {
                tb_check(rep, 0, "clock %" PRIu64 ": a store not expected (%u, %u)", e.now,
                         got.x, got.y);
            } else {
                const expst_t *x = &q[qh % cap];
                int ok = !bad && got.x == x->st.x && got.y == x->st.y && got.mask == x->st.mask &&
                         memcmp(got.value, x->st.value, GX_MS_MAX_PIXEL_BYTES) == 0 &&
                         memcmp(got.value, s->color[x->tri], GX_PIPE_PIX_COLOR_BYTES) == 0;
                tb_check(rep, ok,
                         "store %zu (group %" PRIu64 ", triangle %u): (%u, %u) mask %04x value "
                         "%02x%02x%02x%02x%s; expected (%u, %u) mask %04x value %02x%02x%02x%02x",
                         qh, x->grp, x->tri, got.x, got.y, got.mask, got.value[0], got.value[1],
                         got.value[2], got.value[3], bad ? " (not a SUST.MS image)" : "", x->st.x,
                         x->st.y, x->st.mask, x->st.value[0], x->st.value[1], x->st.value[2],
                         x->st.value[3]);
                /* a one-pixel group's store right after another's */
                int g1 = x->last && (qh == 0 || q[(qh - 1) % cap].grp != x->grp);
                if (g1 && prev_last_take && last_g1 == e.now - 1)
                    cv->g1_clock++;
                if (g1)
                    last_g1 = e.now;
                prev_last_take = g1;
                qh++;
                (*stores)++;
            }
        }
        clocks = e.now;
        if (gx_pipe_pix_env_done(&e) && qh == qt && st.out.idle) {
            if (++idle_clocks > 4)
                break;
        }
        if (e.now > 64 * (s->ngrp * 20 + s->ntri * 4 + 1000)) {
            tb_check(rep, 0, "hung at clock %" PRIu64 " (colors %u, groups %" PRIu64
                     ", stores %zu of %zu)", e.now, e.d, e.g, qh, qt);
            clocks = 0;
            goto out;
        }
    }
    tb_check(rep, qh == qt, "stores left: %zu", qt - qh);
out:
    free(q);
    free(e.taken_at);
    return clocks;
}

/* The timing diagram of docs/pipe_pix.md, clock by clock, on a model of its own: color
 * C taken in clock 0 (tag 0); group A (tag 0, pixels 0 and 3 of lane 0) offered in
 * clock 1, group B (tag 0, pixel 1 of lane 2) in clock 2; the coalesce unit stalls in
 * clock 4. Stores a0, a3, b1. */
static void timing_check(tb_report_t *rep)
{
    gx_pipe_pix_rtl_t *m = gx_pipe_pix_rtl_new(NULL);
    gx_rs_group_t ga, gb;
    memset(&ga, 0, sizeof ga);
    memset(&gb, 0, sizeof gb);
    ga.qx = 4; ga.qy = 6; ga.valid = 1; ga.mask[0][0] = 0xf; ga.mask[0][3] = 0x1;
    gb.qx = 4; gb.qy = 6; gb.valid = 4; gb.mask[2][1] = 0x3;
    /* per clock: inputs col_valid, grp (0 none, 1 A, 2 B), st_ready; expected col_ready,
     * grp_ready, st_valid, the store's x (0: none), idle */
    static const struct { int col, grp, rdy; int e_col, e_grp, e_st, e_x, e_idle; } t[] = {
        {1, 0, 1, 1, 1, 0, 0, 1},   /* 0: color taken, tag 0 */
        {0, 1, 1, 1, 1, 0, 0, 1},   /* 1: A taken, its color read */
        {0, 2, 1, 1, 1, 0, 0, 0},   /* 2: A in P1 (moves on), B taken */
        {0, 0, 1, 1, 0, 0, 0, 0},   /* 3: A in I, a0 given; B in P1 */
        {0, 0, 0, 1, 0, 1, 8, 0},   /* 4: a0 offered, stalled */
        {0, 0, 1, 1, 1, 1, 8, 0},   /* 5: a0 taken; a3 given, A done, B on to I */
        {0, 0, 1, 1, 1, 1, 9, 0},   /* 6: a3 taken; b1 given */
        {0, 0, 1, 1, 1, 1, 13, 0},  /* 7: b1 taken */
        {0, 0, 1, 1, 1, 0, 0, 1},   /* 8: idle */
    };
    uint8_t col[16] = {0xc0, 0x10, 0xc0, 0x10};
    for (unsigned c = 0; c < sizeof t / sizeof t[0]; c++) {
        gx_pipe_pix_rtl_in_t in;
        gx_pipe_pix_rtl_out_t out;
        memset(&in, 0, sizeof in);
        in.col_valid = t[c].col;
        memcpy(in.col, col, sizeof col);
        in.grp_valid = t[c].grp != 0;
        if (t[c].grp)
            gx_pipe_pix_group_pack(t[c].grp == 1 ? &ga : &gb, in.grp);
        in.st_ready = t[c].rdy;
        gx_pipe_pix_rtl_set(m, &in);
        gx_pipe_pix_rtl_get(m, &out);
        gx_ms_store_t s;
        int x = 0;
        if (out.st_valid && !gx_pipe_pix_store_unpack(out.st, &s) && s.value[0] == 0xc0)
            x = s.x;
        tb_check(rep, out.col_ready == t[c].e_col && out.grp_ready == t[c].e_grp &&
                      out.st_valid == t[c].e_st && x == t[c].e_x && out.idle == t[c].e_idle &&
                      (!t[c].col || out.col_tag == 0),
                 "timing: clock %u: col_ready %d grp_ready %d st_valid %d x %d idle %d; "
                 "expected %d %d %d %d %d", c, out.col_ready, out.grp_ready, out.st_valid, x,
                 out.idle, t[c].e_col, t[c].e_grp, t[c].e_st, t[c].e_x, t[c].e_idle);
        gx_pipe_pix_rtl_tick(m);
    }
    tb_check(rep, !gx_pipe_pix_rtl_failed(m), "timing: an RTL assertion failed");
    gx_pipe_pix_rtl_free(m, NULL);
}

/* The whole test on one model; returns its report's failures. */
static uint64_t simulate(const tb_opts_t *o, const char *fst, const char *cov, tb_report_t *rep)
{
    cov_t cv = {0};
    tb_rng_t gen, stall;
    tb_rng_seed(&gen, o->seed);
    tb_rng_seed_stalls(&stall, o);
    gx_pipe_pix_rtl_t *m = gx_pipe_pix_rtl_new(fst);
    gx_pipe_pix_t model;
    gx_pipe_pix_init(&model);
    uint32_t base = 0;
    uint64_t stores = 0, c;
    timing_check(rep);

    /* directed: full rate, no stalls: 16-pixel groups, then 1-pixel groups */
    struct { int kind, ngrp; uint32_t ntri; const char *what; } dir[] = {
        {1, 4, 50, "16-pixel groups"}, {2, 3, 200, "1-pixel groups"}};
    for (unsigned i = 0; i < 2; i++) {
        scen_t s;
        scen_alloc(&s, dir[i].ntri, (uint64_t)dir[i].ntri * (unsigned)dir[i].ngrp);
        scen_fill(&gen, &s, dir[i].kind, dir[i].ngrp);
        uint64_t n0 = stores;
        c = run(m, &model, &s, &stall, 0, 0, 0, 0, base, rep, &cv, &stores);
        base += s.ntri;
        /* a store a clock: the stores plus the pipeline's fill (4) and the run's end (5) */
        tb_check(rep, c && c <= stores - n0 + 9, "%s: %" PRIu64 " stores in %" PRIu64
                 " clocks, not one a clock", dir[i].what, stores - n0, c);
        printf("directed %s: %" PRIu64 " stores in %" PRIu64 " clocks\n", dir[i].what,
               stores - n0, c);
        scen_free(&s);
    }
    /* directed: 70 triangles without groups: the ring fills; idle releases it */
    {
        scen_t s;
        scen_alloc(&s, 70, 1);
        scen_fill(&gen, &s, 0, 0);
        run(m, &model, &s, &stall, 20, 30, 0, 0, base, rep, &cv, &stores);
        base += s.ntri;
        scen_free(&s);
    }
    /* random, in chunks of 5000 triangles; a chunk in four of 1000 with a sparse decoder
     * (the rasterizer catches up and idles) */
    uint64_t clocks = 0;
    for (uint64_t done = 0; done < o->n && !rep->failed;) {
        unsigned sparse = tb_rng_pct(&gen, 25) ? 97 : 0;
        uint32_t chunk = sparse ? 1000 : 5000;
        uint32_t n = (uint32_t)(o->n - done < chunk ? o->n - done : chunk);
        scen_t s;
        scen_alloc(&s, n, (uint64_t)n * 6);
        scen_fill(&gen, &s, 0, -1);
        c = run(m, &model, &s, &stall, 12, tb_rng_below(&gen, 60), sparse, 1000, base, rep, &cv,
                &stores);
        if (!c)
            tb_check(rep, 0, "random chunk at triangle %u stopped", base);
        clocks += c;
        base += n;
        done += n;
        scen_free(&s);
    }
    printf("random: %" PRIu64 " clocks\n", clocks);
    printf("%u triangles, %" PRIu64 " stores\n", base, stores);
    struct { const char *name; uint64_t n; } bins[] = {
        {"ring full", cv.full}, {"slot wrap", cv.slot_wrap}, {"number wrap", cv.num_wrap},
        {"16-pixel group", cv.g16}, {"empty lane", cv.empty_lane},
        {"idle release", cv.idle_rel}, {"idle release with a color taken", cv.idle_col}, {"back-pressure at a group boundary", cv.bp_boundary},
        {"1-pixel groups a clock apart", cv.g1_clock}};
    for (unsigned i = 0; i < sizeof bins / sizeof bins[0]; i++) {
        printf("coverage %-36s %" PRIu64 "\n", bins[i].name, bins[i].n);
        /* the gate at the default size and above (the number wrap takes 65,536 colors) */
        if (o->n >= N_DEFAULT)
            tb_check(rep, bins[i].n > 0, "coverage bin empty: %s", bins[i].name);
    }
    gx_pipe_pix_rtl_free(m, cov);
    return rep->failed;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_pipe_pix", N_DEFAULT);
    char cov_path[4096], fst_path[4096];
    tb_out_paths(&o, "gx_pipe_pix", cov_path, sizeof cov_path, fst_path, sizeof fst_path);
    tb_report_t rep = {0};
    uint64_t failed = simulate(&o, o.waves ? fst_path : NULL, cov_path, &rep);
    if (failed && !o.waves) {
        /* Same seed, same stalls: replay with a waveform. */
        printf("tb_pipe_pix: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, fst_path);
        tb_report_t rep2 = {0};
        rep2.shown = TB_MAX_SHOWN;
        simulate(&o, fst_path, NULL, &rep2);
    }
    return tb_summary(&rep);
}
