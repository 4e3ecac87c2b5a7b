/* bench_texq: clocks of gx_texq's transactions (Verilated RTL, 512 slots), every port
 * always ready: a reservation on an empty queue (from the clock it is offered to the clock
 * it commits), stores, result writes and result reads back to back (the interval from one
 * command's commit to the next, cmt_o), and a batch's drain (requests on the texture port
 * a clock, from its first request to its last, and the clocks from the last store's
 * commit to the first request) for batch shapes in both orders. Every error code must be
 * OK and every request come out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb.h"
#include "texq_rtl.h"

typedef struct bench {
    void *m;
    uint64_t c;
    gx_texq_req_t got[GX_TEXQ_MAX_REQS];
    unsigned ngot;
    uint64_t first_req, last_req;
    uint64_t cmt[4096]; /* the clocks of the commits */
    unsigned ncmt;
    int bad;            /* a response not OK */
} bench_t;

/* One clock offering cmd (NULL: none); returns 1 when it was taken. */
static int step(bench_t *b, const gx_texq_in_t *cmd, gx_texq_out_t *o)
{
    gx_texq_in_t in;
    if (cmd)
        in = *cmd;
    else
        memset(&in, 0, sizeof in);
    in.cmd_valid = cmd != NULL;
    in.rsp_ready = 1;
    in.tex_ready = 1;
    if (!gx_texq_rtl_cycle(b->m, &in, o)) {
        if (!b->bad)
            printf("bench_texq: clock %llu: an assertion failed\n", (unsigned long long)b->c);
        b->bad = 1;
    }
    if (o->cmt && b->ncmt < sizeof b->cmt / sizeof b->cmt[0])
        b->cmt[b->ncmt++] = b->c;
    if (o->rsp_valid && o->rsp_err)
        b->bad = 1;
    if (o->tex_valid) {
        if (!b->ngot)
            b->first_req = b->c;
        b->last_req = b->c;
        if (b->ngot < GX_TEXQ_MAX_REQS)
            b->got[b->ngot++] = o->tex;
    }
    b->c++;
    return cmd && o->cmd_ready;
}

/* Offer cmd until taken. */
static void offer(bench_t *b, const gx_texq_in_t *cmd)
{
    gx_texq_out_t o;
    while (!step(b, cmd, &o))
        ;
}

/* Clock until n commits are counted (at most 100,000 clocks); returns the last one's. */
static uint64_t settle(bench_t *b, unsigned n)
{
    gx_texq_out_t o;
    for (unsigned i = 0; b->ncmt < n && i < 100000; i++)
        step(b, NULL, &o);
    step(b, NULL, &o); /* the last response */
    if (b->ncmt < n) {
        b->bad = 1;
        return 0;
    }
    return b->cmt[n - 1];
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "bench_texq", 1);
    static const struct {
        unsigned w, k;
    } shapes[] = {{1, 1}, {2, 3}, {4, 4}, {8, 8}};
    printf("| order | W x K | requests | reserve (clocks) | store interval | drain start "
           "(clocks) | requests / clock | result interval | read interval |\n");
    printf("|---|---|---|---|---|---|---|---|---|\n");
    int bad = 0;
    for (unsigned order = 0; order < 2; order++)
        for (unsigned si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
            bench_t b;
            memset(&b, 0, sizeof b);
            b.m = gx_texq_rtl_new(NULL, GX_TEXQ_RTL_SLOTS, order);
            const unsigned W = shapes[si].w, K = shapes[si].k;
            gx_texq_in_t cmd;
            memset(&cmd, 0, sizeof cmd);
            cmd.op = GX_TEXQ_CMD_RESERVE;
            cmd.warps = W;
            cmd.ops = K;
            const uint64_t r0 = b.c;
            offer(&b, &cmd);
            const uint64_t r1 = settle(&b, 1);
            /* stores back to back */
            const unsigned s0 = b.ncmt;
            unsigned n = 0;
            for (unsigned w = 0; w < W; w++)
                for (unsigned k = 0; k < K; k++)
                    for (unsigned c = 0; c < 2; c++) {
                        gx_texq_in_t s;
                        memset(&s, 0, sizeof s);
                        s.op = GX_TEXQ_CMD_STORE;
                        s.warps = w;
                        s.ops = k;
                        s.comp = c;
                        for (unsigned l = 0; l < GX_TEXQ_LANES; l++)
                            s.data[l] = (w * 64 + k * 8 + c) << 8 | l;
                        offer(&b, &s);
                        n++;
                    }
            const uint64_t tl = settle(&b, s0 + n), t0 = b.cmt[s0];
            const double st_iv = n > 1 ? (double)(tl - t0) / (n - 1) : 0;
            gx_texq_out_t oo;
            while (b.ngot < 8 * W * K && b.c < tl + 100000)
                step(&b, NULL, &oo);
            const uint64_t first = b.first_req, last = b.last_req;
            /* results back to back */
            const unsigned a0i = b.ncmt;
            for (unsigned i = 0; i < b.ngot; i++) {
                gx_texq_in_t r;
                memset(&r, 0, sizeof r);
                r.op = GX_TEXQ_CMD_RESULT;
                r.warps = b.got[i].warp;
                r.ops = b.got[i].op;
                r.quad = b.got[i].quad;
                r.seq = b.got[i].seq;
                offer(&b, &r);
            }
            const uint64_t al = settle(&b, a0i + b.ngot), a0 = b.cmt[a0i];
            /* reads back to back */
            const unsigned d0i = b.ncmt;
            for (unsigned i = 0; i < W * K; i++) {
                gx_texq_in_t r;
                memset(&r, 0, sizeof r);
                r.op = GX_TEXQ_CMD_READ;
                r.warps = i / K;
                r.ops = i % K;
                offer(&b, &r);
            }
            const uint64_t dl = settle(&b, d0i + W * K), d0 = b.cmt[d0i];
            bad |= b.bad;
            const unsigned reqs = 8 * W * K;
            printf("| %s | %u x %u | %u | %llu | %.2f | %llu | %.3f | %.2f | %.2f |\n",
                   order ? "TexTile" : "QuadTex", W, K, reqs, (unsigned long long)(r1 - r0),
                   st_iv, (unsigned long long)(first - tl),
                   b.ngot > 1 ? (double)(b.ngot - 1) / (double)(last - first) : 1.0,
                   b.ngot > 1 ? (double)(al - a0) / (b.ngot - 1) : 0.0,
                   W * K > 1 ? (double)(dl - d0) / (W * K - 1) : 0.0);
            bad |= b.ngot != reqs;
            gx_texq_rtl_free(b.m, NULL);
        }
    printf("bench_texq: %s\n", bad ? "an error code or a request count was wrong" : "ok");
    return bad;
}
