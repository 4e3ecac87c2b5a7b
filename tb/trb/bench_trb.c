/* bench_trb: clocks a transaction of gx_trb (Verilated RTL, 8 entries, 16 spill entries),
 * every port always ready and the spill memory answering in the clock after a read
 * request: arrivals back to back into entries and into the spill buffer, reads back to
 * back from entries (with and without last use), last-use reads from memory, refills
 * and swaps; an arrival and a read request offered together (the two alternate). Each
 * row is a transaction's interval: the clocks from one taken to the next (an arrival's
 * first beat, a read request), offered back to back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb.h"
#include "trb_rtl.h"

#define REPS 2000u

typedef struct bench {
    void *m;
    uint64_t c;
    /* the spill memory */
    uint32_t mem[GX_TRB_RTL_SPILL][GX_TRB_LANES];
    int md_on;
    unsigned md_entry, md_k;
    uint32_t mw_buf[GX_TRB_LANES];
    unsigned mw_k;
} bench_t;

/* One clock with the given requests; *wr_taken, *rd_taken: beats and requests taken. */
static void step(bench_t *b, int wr, uint32_t wr_id, unsigned wbeat, int rd, uint32_t rd_id,
                 int last, int *wr_taken, int *rd_taken, int *rs_last)
{
    gx_trb_in_t in;
    memset(&in, 0, sizeof in);
    in.wr_valid = wr;
    in.wr_id = wr_id;
    in.wr_data[0] = wr_id * 8u + wbeat;
    in.rd_valid = rd;
    in.rd_id = rd_id;
    in.rd_last = last;
    in.rs_ready = in.mw_ready = in.mr_ready = 1;
    if (b->md_on) {
        in.md_valid = 1;
        gx_trb_beat(b->mem[b->md_entry], b->md_k, in.md_data);
    }
    gx_trb_out_t o;
    if (!gx_trb_rtl_cycle(b->m, &in, &o)) {
        fprintf(stderr, "bench_trb: an assertion failed\n");
        exit(1);
    }
    b->c++;
    *wr_taken = wr && o.wr_ready;
    *rd_taken = rd && o.rd_ready;
    *rs_last = o.rs_valid && o.rs_last;
    if (o.mw_valid) {
        memcpy(b->mw_buf + 4 * o.mw_beat, o.mw_data, 16);
        if (o.mw_beat == 7)
            memcpy(b->mem[o.mw_entry], b->mw_buf, sizeof b->mw_buf);
    }
    if (o.mr_valid) {
        b->md_on = 1;
        b->md_entry = o.mr_entry;
        b->md_k = 0;
    } else if (in.md_valid && o.md_ready && ++b->md_k == 8) {
        b->md_on = 0;
    }
}

/* n arrivals of ids id0.. offered back to back; returns the clocks between the first
 * beats of the first and the last, divided by n - 1 (a transaction's interval). */
static double arrivals(bench_t *b, uint32_t id0, unsigned n)
{
    uint64_t c0 = 0, c1 = 0;
    int w, r, l;
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < 8;) {
            step(b, 1, id0 + i, k, 0, 0, 0, &w, &r, &l);
            if (w && k == 0)
                *(i ? &c1 : &c0) = b->c;
            k += (unsigned)w;
        }
    return (double)(c1 - c0) / (n - 1);
}

/* n read requests of ids id0.. offered back to back; the clocks between the first and
 * the last taken, divided by n - 1. */
static double reads(bench_t *b, uint32_t id0, unsigned n, int last)
{
    uint64_t c0 = 0, c1 = 0;
    int w, r, l;
    for (unsigned i = 0; i < n;) {
        step(b, 0, 0, 0, 1, id0 + i, last, &w, &r, &l);
        if (r) {
            *(i ? &c1 : &c0) = b->c;
            i++;
        }
    }
    for (unsigned k = 0; k < 40; k++) /* the last one's response and write-out */
        step(b, 0, 0, 0, 0, 0, 0, &w, &r, &l);
    return (double)(c1 - c0) / (n - 1);
}

static bench_t *fresh(void)
{
    bench_t *b = calloc(1, sizeof *b);
    if (!b)
        abort();
    b->m = gx_trb_rtl_new(NULL);
    int w, r, l;
    for (unsigned k = 0; k < GX_TRB_RTL_IDS + 4; k++) /* the tables' writes after reset */
        step(b, 0, 0, 0, 0, 0, 0, &w, &r, &l);
    return b;
}

int main(void)
{
    const unsigned E = GX_TRB_RTL_ENTRIES, S = GX_TRB_RTL_SPILL;
    double into = 0, spill = 0, rd = 0, rdl = 0, mem_last = 0, refill = 0, swap = 0;
    uint64_t cyc = 0, both = 0, both_n = 0;
    const double t0 = tb_cpu_seconds();
    for (unsigned rep = 0; rep < REPS / 100; rep++) {
        bench_t *b = fresh();
        into += arrivals(b, 0, E);          /* ids 0..E-1 into the entries */
        spill += arrivals(b, E, S);         /* ids E..E+S-1 spilled */
        rd += reads(b, 0, E, 0);            /* from the entries, kept */
        swap += reads(b, E, E, 0);          /* spilled, every entry held: swaps */
        mem_last += reads(b, 0, E, 1);      /* the swapped-out values, last use */
        rdl += reads(b, E, E, 1);           /* the swapped-in values, last use */
        refill += reads(b, 2 * E, S - E, 0); /* spilled, entries free */
        /* an arrival and a read of a held value offered together, in turns */
        const uint64_t c0 = b->c;
        unsigned wk = 0, wi = 0, ri = 0;
        int rtaken = 0, w, r, l;
        while (wi < E / 2 || ri < E / 2) {
            step(b, wi < E / 2, 100 + wi, wk, ri < E / 2 && !rtaken, 2 * E + ri, 1, &w, &r, &l);
            if (w && ++wk == 8) {
                wk = 0;
                wi++;
            }
            rtaken |= r;
            if (l) {
                ri++;
                rtaken = 0;
            }
        }
        both += b->c - c0;
        both_n += E;
        cyc += b->c;
        gx_trb_rtl_free(b->m, NULL);
        free(b);
    }
    const double dt = tb_cpu_seconds() - t0, n = REPS / 100;
    printf("| transaction | clocks |\n|---|---:|\n");
    printf("| arrival into an entry | %.2f |\n", into / n);
    printf("| arrival into the spill buffer | %.2f |\n", spill / n);
    printf("| read from an entry | %.2f |\n", rd / n);
    printf("| read from an entry, last use | %.2f |\n", rdl / n);
    printf("| read from memory, last use | %.2f |\n", mem_last / n);
    printf("| refill (spilled, an entry free) | %.2f |\n", refill / n);
    printf("| swap with the victim (and its write-out) | %.2f |\n", swap / n);
    printf("| arrivals and reads offered together, a transaction | %.2f |\n",
           (double)both / (double)both_n);
    printf("\n");
    tb_bench_stream_table("trb", "clocks", "all rows above, tables' writes included", cyc, cyc,
                          dt);
    return 0;
}
