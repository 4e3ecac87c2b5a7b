/* test_msmem: unit tests of gx_msmem, the surface in gx_pipe's physical memory layout
 * (issue 22; also built with ASan/UBSan).
 *
 * The checks in this file restate the layout of docs/pipe.md from scratch (the places of
 * a pixel's bytes in each state, class numbers by pairwise comparison, the index bits one
 * by one, the ranges and their merging); they share no code with cmodel/src/msmem.c.
 *
 * Covers:
 *   - Directed goldens worked out by hand (addresses and bytes in the comments): a 1SPP
 *     partial write and its read; a subset tile at N = 4 with its index byte, a subset
 *     pixel at N = 8 (3 index bytes) and at N = 16 (8 index bytes); a full tile written
 *     whole (one 256-byte range); a partial subset write leaving its neighbours and the
 *     pixel's old third class value in place; stale bytes kept through full -> subset ->
 *     1SPP and read back right; refused writes (each reason) changing nothing; a payload
 *     whose masks split equal values (the decoder takes it) stored by its value classes;
 *     gx_msmem_describe, gx_msmem_compare, gx_msmem_clear, the bases gx_msmem_init refuses.
 *   - Equivalence with the abstract memory gx_ms_mem_t, every N x B (N 2..16, B 4/8/16),
 *     each on two surfaces (one padded to whole tiles), with the three regions at
 *     random 256-aligned bases in random order with gaps (seeded xorshift, SEED env
 *     overrides). Packets come from the store path (gx_mssurf_store / gx_mssurf_load /
 *     gx_mssurf_flush on the abstract memory: random SUST.MS and full-state stores over a
 *     small palette, sweeps that fill tiles, loads, flush commands), from whole and
 *     partial packets of random images in every state (gx_mssurf_encode), and from
 *     packets that must be refused. Each packet goes to both memories. Checked for each:
 *     taken or refused alike (a refused one changes no byte); data bytes written equal the
 *     abstract count, one state byte; the ranges equal the ones derived here, each inside
 *     its region and one 256-byte block, in order and merged; every byte that changed lies
 *     in a range; the flush encoder's RMW and promotion reads, read from gx_msmem before
 *     the packet, count what the packet says; then every existing pixel of every tile read
 *     from gx_msmem equals the abstract data and state with equal byte counts and the
 *     derived read ranges, the written tile's bytes are checked in place against the
 *     layout, a random read request's gx_msmem_answer equals gx_mssurf_mem_answer word
 *     for word, and each load that read memory reads the same bytes from gx_msmem. The
 *     ranges are replayed into a separate memory (as an AXI slave would see them) that
 *     must equal gx_msmem's image byte for byte at the end of the run.
 *   - Measured coverage (an empty bin fails the test): per format, every state written
 *     partially and wholly; every state change between whole writes; each refusal reason;
 *     stale bytes kept in a subset slot and beyond a 1SPP tile's values; RMW and
 *     promotion reads; loads that read memory; padded tiles written; merged and
 *     split home ranges.
 * Closes with `N passed, N failed`.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gx/msmem.h"
#include "gx/mssurf.h"


static unsigned t_n(const gx_ms_cfg_t *c)
{
    return 2u << c->spp;
}
static unsigned t_b(const gx_ms_cfg_t *c)
{
    return 4u << c->bps;
}
static unsigned t_lg(unsigned n)
{
    return n == 2 ? 1 : n == 4 ? 2 : n == 8 ? 3 : 4;
}
/* I(N) = ceil(N lg / 8): 2 bits, 8 bits, 24 bits, 64 bits */
static unsigned t_ib(unsigned n)
{
    return n == 2 ? 1 : n == 4 ? 1 : n == 8 ? 3 : 8;
}

/* Class numbers of a pixel by pairwise comparison: a sample equal to an earlier one takes
 * its number, else the next number. Returns k. */
static unsigned t_classes(const uint8_t *px, unsigned n, unsigned b, unsigned c[16])
{
    unsigned k = 0;
    for (unsigned s = 0; s < n; s++) {
        unsigned j = 0;
        while (j < s && memcmp(px + j * b, px + s * b, b))
            j++;
        c[s] = j < s ? c[j] : k++;
    }
    return k;
}

/* ---------------------------------------------------------------------------------
 * Ranges derived from the layout. */

typedef struct t_range {
    uint64_t addr;
    uint32_t len;
    unsigned region;
} t_range_t;

typedef struct t_ranges {
    unsigned n, group[64];
    t_range_t r[64];
} t_ranges_t;

static void t_add(t_ranges_t *x, unsigned group, unsigned region, uint64_t addr, uint32_t len)
{
    if (x->n && x->group[x->n - 1] == group && x->r[x->n - 1].addr + x->r[x->n - 1].len == addr) {
        x->r[x->n - 1].len += len;
        return;
    }
    x->group[x->n] = group;
    x->r[x->n].addr = addr;
    x->r[x->n].len = len;
    x->r[x->n].region = region;
    x->n++;
}

/* The ranges of a write (write = 1: home, index, state) or read (state, index, home) of
 * pixels `px` of tile t in state e, the pixels' values being img (uncompressed). */
static void t_expect(const gx_msmem_t *m, int write, uint32_t t, unsigned e, uint32_t px,
                     const uint8_t *img, t_ranges_t *x)
{
    const unsigned n = t_n(&m->cfg), b = t_b(&m->cfg), pb = n * b, np = 256 / pb;
    const uint64_t home = m->surf_base + 256ull * t, idx = m->index_base + 32ull * t;
    x->n = 0;
    if (!write)
        t_add(x, 0, GX_MSMEM_STATE, m->state_base + t, 1);
    if (e == GX_ENCUNIFORM && px) /* the tile's one value */
        t_add(x, 2, GX_MSMEM_HOME, home, b);
    for (int pass = 0; pass < 2 && e != GX_ENCUNIFORM; pass++) {
        const int index_pass = write ? pass == 1 : pass == 0;
        for (unsigned p = 0; p < np; p++) {
            if (!((px >> p) & 1u))
                continue;
            if (index_pass) {
                if (e == GX_ENCSUBSET)
                    t_add(x, 1, GX_MSMEM_INDEX, idx + t_ib(n) * p, t_ib(n));
            } else if (e == GX_ENC1SPP) {
                t_add(x, 2, GX_MSMEM_HOME, home + b * p, b);
            } else if (e == GX_ENCFULL) {
                t_add(x, 2, GX_MSMEM_HOME, home + pb * p, pb);
            } else {
                unsigned c[16];
                t_add(x, 2, GX_MSMEM_HOME, home + pb * p, t_classes(img + p * pb, n, b, c) * b);
            }
        }
    }
    if (write)
        t_add(x, 3, GX_MSMEM_STATE, m->state_base + t, 1);
}

/* io equals the derived ranges; each range inside its region and one 256-byte block. */
static int ranges_ok(const gx_msmem_t *m, const gx_msmem_io_t *io, const t_ranges_t *x,
                     const char *what)
{
    int ok = io->n == x->n;
    uint32_t data = 0, state = 0;
    for (unsigned i = 0; ok && i < io->n; i++) {
        const gx_msmem_range_t *r = &io->r[i];
        ok = r->addr == x->r[i].addr && r->len == x->r[i].len && r->region == x->r[i].region &&
             r->len >= 1 && r->addr / 256 == (r->addr + r->len - 1) / 256 &&
             gx_msmem_where(m, r->addr).region == r->region &&
             gx_msmem_where(m, r->addr + r->len - 1).region == r->region;
        if (r->region == GX_MSMEM_STATE)
            state += r->len;
        else
            data += r->len;
    }
    ok = ok && io->data_bytes == data && io->state_bytes == state;
    CHECK(ok, "%s: ranges (%u, expected %u; first %#" PRIx64 "+%u, expected %#" PRIx64 "+%u)",
          what, io->n, x->n, io->n ? io->r[0].addr : 0, io->n ? io->r[0].len : 0,
          x->n ? x->r[0].addr : 0, x->n ? x->r[0].len : 0);
    return ok;
}

/* Every byte of tile t's places in memory against the abstract tile image `img` in
 * state e (valid: the existing pixels): the state byte; each existing pixel's bytes in
 * its state's places, index bits one by one with zero padding (subset); the home bytes
 * beyond the existing pixels' slots and the index bytes beyond theirs are 0 (never
 * written). Returns the number of bad bytes; prints the first. */
static unsigned check_layout(const gx_msmem_t *m, uint32_t t, unsigned e, uint32_t valid,
                             const uint8_t *img)
{
    const unsigned n = t_n(&m->cfg), b = t_b(&m->cfg), pb = n * b, np = 256 / pb;
    const unsigned lg = t_lg(n), ib = t_ib(n);
    const uint64_t home = m->surf_base + 256ull * t, idx = m->index_base + 32ull * t;
    unsigned bad = 0, nv = 0;
    uint64_t first = 0;
    char buf[160];
#define EXPECT(addr, v)                                         \
    do {                                                        \
        if (gx_msmem_peek(m, (addr)) != (uint8_t)(v) && !bad++) \
            first = (addr);                                     \
    } while (0)
    EXPECT(m->state_base + t, e);
    for (unsigned p = 0; p < np; p++) {
        if (!((valid >> p) & 1u))
            continue;
        nv = p + 1;
        const uint8_t *px = img + p * pb;
        if (e == GX_ENCUNIFORM) { /* pixel 0's place holds the value; the rest is stale */
            if (p == 0)
                for (unsigned j = 0; j < b; j++)
                    EXPECT(home + j, px[j]);
        } else if (e == GX_ENC1SPP) {
            for (unsigned j = 0; j < b; j++)
                EXPECT(home + b * p + j, px[j]);
        } else if (e == GX_ENCFULL) {
            for (unsigned j = 0; j < pb; j++)
                EXPECT(home + pb * p + j, px[j]);
        } else {
            unsigned c[16];
            t_classes(px, n, b, c);
            for (unsigned s = 0; s < n; s++) {
                for (unsigned j = 0; j < b; j++) /* sample s's value in its class's slot */
                    EXPECT(home + pb * p + b * c[s] + j, px[s * b + j]);
                for (unsigned q = 0; q < lg; q++) { /* bit q of its class number */
                    const unsigned pos = s * lg + q;
                    const uint64_t a = idx + ib * p + pos / 8;
                    if ((unsigned)((gx_msmem_peek(m, a) >> (pos % 8)) & 1u) != ((c[s] >> q) & 1u) &&
                        !bad++)
                        first = a;
                }
            }
            for (unsigned pos = n * lg; pos < 8 * ib; pos++) { /* padding bits 0 */
                const uint64_t a = idx + ib * p + pos / 8;
                if (((gx_msmem_peek(m, a) >> (pos % 8)) & 1u) && !bad++)
                    first = a;
            }
        }
    }
    for (unsigned j = nv * pb; j < 256; j++) /* beyond the existing pixels: never written */
        EXPECT(home + j, 0);
    for (unsigned j = nv * ib; j < 32; j++)
        EXPECT(idx + j, 0);
#undef EXPECT
    CHECK(!bad, "layout of tile %u: %u bad bytes, first %s (holds %02x)", t, bad,
          gx_msmem_describe(m, first, buf, sizeof buf), gx_msmem_peek(m, first));
    return bad;
}

/* ---------------------------------------------------------------------------------
 * Directed goldens. */

#define SB 0x10000u /* SURF_BASE */
#define IB 0x20000u /* INDEX_BASE */
#define XB 0x30000u /* STATE_BASE */

/* A packet of pixels `written` of tile t in state e from the image img. */
static void make_packet(const gx_ms_cfg_t *cfg, uint32_t t, gx_enc_t e, uint32_t written,
                        const uint8_t *img, gx_ms_flush_t *f)
{
    memset(f, 0, sizeof *f);
    f->tile = t;
    f->cause = GX_MS_COMMAND;
    f->enc = e;
    f->written = written;
    f->payload_bytes = (uint16_t)gx_mssurf_encode(cfg, e, written, img, f->payload);
}

/* Nothing but [a, a + len) of the image differs from snap (m's image before). */
static int only_changed(const gx_msmem_t *m, const uint8_t *snap, const uint64_t *a,
                        const unsigned *len, unsigned k)
{
    for (uint64_t x = m->lo; x < m->hi; x++) {
        int in = 0;
        for (unsigned i = 0; i < k; i++)
            in |= x >= a[i] && x < a[i] + len[i];
        if (!in && m->img[x - m->lo] != snap[x - m->lo])
            return 0;
    }
    return 1;
}

static void test_golden_1spp_partial(void)
{
    /* N = 4, B = 4: P = 256 / 16 = 16 pixels a tile, 4 x 4. 8 x 1 pixels: tiles 0 and 1,
     * each padded to 4 x 4 (every pixel of a tile exists). */
    gx_ms_cfg_t cfg;
    gx_msmem_t m;
    gx_msmem_io_t io;
    gx_ms_flush_t f;
    gx_mssurf_cfg_default(&cfg, 8, 1, GX_SPP4, GX_BPS4);
    CHECK(gx_msmem_init(&m, &cfg, SB, IB, XB), "1spp: init");
    CHECK(m.lo == SB && m.hi == XB + 2, "1spp: image [0x10000, 0x30002)");
    /* Tile 1, pixels 1 and 2 in 1SPP (the tile's state): payload a0 a1 a2 a3 b0 b1 b2 b3.
     * Home of tile 1 = 0x10000 + 256 = 0x10100; pixel 1 at + 4 B... + B p = 0x10104,
     * pixel 2 at 0x10108: one merged range 0x10104 + 8. State byte 0x30000 + 1 = 0x30001
     * (stays 0 = 1SPP, written anyway). Data bytes 2 x 4 = 8. */
    memset(&f, 0, sizeof f);
    f.tile = 1;
    f.enc = GX_ENC1SPP;
    f.written = 0x6;
    f.payload_bytes = 8;
    const uint8_t pay[8] = {0xa0, 0xa1, 0xa2, 0xa3, 0xb0, 0xb1, 0xb2, 0xb3};
    memcpy(f.payload, pay, 8);
    CHECK(gx_msmem_write(&m, &f, &io) == 1, "1spp: write taken");
    CHECK(io.n == 2 && io.r[0].addr == 0x10104 && io.r[0].len == 8 &&
              io.r[0].region == GX_MSMEM_HOME && io.r[1].addr == 0x30001 && io.r[1].len == 1 &&
              io.r[1].region == GX_MSMEM_STATE,
          "1spp: ranges 0x10104+8, 0x30001+1");
    CHECK(io.data_bytes == 8 && io.state_bytes == 1, "1spp: 8 data bytes, 1 state byte");
    int img_ok = 1;
    for (uint64_t a = m.lo; a < m.hi; a++) {
        uint8_t want = a >= 0x10104 && a < 0x1010c ? pay[a - 0x10104] : 0;
        img_ok &= gx_msmem_peek(&m, a) == want;
    }
    CHECK(img_ok, "1spp: image = the 8 bytes at 0x10104, zeros elsewhere");
    /* Read pixels 1 and 2: state byte 0x30001, then 0x10104 + 8. Each value goes to its
     * N = 4 samples; the rest of tile_out, pixel 5's bytes 80..95 included, untouched. */
    uint8_t out[256];
    gx_enc_t e = GX_ENCFULL;
    memset(out, 0xee, sizeof out);
    CHECK(gx_msmem_read(&m, 1, 0x6, out, &e, &io) == 8 && e == GX_ENC1SPP, "1spp: read 8 bytes");
    CHECK(io.n == 2 && io.r[0].addr == 0x30001 && io.r[0].len == 1 && io.r[1].addr == 0x10104 &&
              io.r[1].len == 8,
          "1spp: read ranges 0x30001+1, 0x10104+8");
    int rd_ok = 1;
    for (unsigned s = 0; s < 4; s++)
        rd_ok &= !memcmp(out + 16 + 4 * s, pay, 4) && !memcmp(out + 32 + 4 * s, pay + 4, 4);
    for (unsigned j = 80; j < 96; j++)
        rd_ok &= out[j] == 0xee;
    rd_ok &= out[0] == 0xee && out[48] == 0xee && out[255] == 0xee;
    CHECK(rd_ok, "1spp: read values replicated to 4 samples, other bytes untouched");
    gx_msmem_free(&m);
}

/* Value of label L for B = 4: bytes L+1, 0x5a, 0xc3, L (distinct labels, distinct values). */
static void put4(uint8_t *px, unsigned s, unsigned label)
{
    px[4 * s + 0] = (uint8_t)(label + 1);
    px[4 * s + 1] = 0x5a;
    px[4 * s + 2] = 0xc3;
    px[4 * s + 3] = (uint8_t)label;
}

static void test_golden_subset(void)
{
    gx_ms_cfg_t cfg;
    gx_msmem_t m;
    gx_msmem_io_t io;
    gx_ms_flush_t f;
    uint8_t img[256], out[256];
    static uint8_t snap[0x20200];
    gx_enc_t e;

    /* N = 4, B = 4 (P = 16), 16 x 2 pixels: tiles 0, 1. Tile 0 written whole in subset:
     * pixel p uniform with label 20 + p, except pixel 3 = samples [A B A C] (labels 1, 2,
     * 1, 3): classes by lowest sample {0, 2} = 0, {1} = 1, {3} = 2; k = 3. Class numbers
     * c = 0, 1, 0, 2 in 2-bit fields at bits 1:0, 3:2, 5:4, 7:6:
     * 00 | 01 << 2 | 00 << 4 | 10 << 6 = 0x04 | 0x80 = 0x84 at INDEX_BASE + 1 p = 0x20003.
     * Values A B C at home + N B p + B c = 0x10000 + 48 + 0, 4, 8 = 0x10030, 0x10034,
     * 0x10038; 0x1003c..f untouched (0). A uniform pixel p: its value at 0x10000 + 16 p,
     * index byte 0x00 at 0x20000 + p. Ranges: 16 home ranges (0x10000 + 16 p, 4 bytes;
     * pixel 3: 0x10030 + 12) that never touch, one index range 0x20000 + 16, state
     * 0x30000 + 1 (= 1, subset). Data bytes 15 (1 + 4) + (1 + 12) = 88. */
    gx_mssurf_cfg_default(&cfg, 16, 2, GX_SPP4, GX_BPS4);
    CHECK(gx_msmem_init(&m, &cfg, SB, IB, XB), "subset4: init");
    for (unsigned p = 0; p < 16; p++)
        for (unsigned s = 0; s < 4; s++)
            put4(img + 16 * p, s, 20 + p);
    put4(img + 48, 0, 1);
    put4(img + 48, 1, 2);
    put4(img + 48, 2, 1);
    put4(img + 48, 3, 3);
    make_packet(&cfg, 0, GX_ENCSUBSET, 0xffff, img, &f);
    CHECK(gx_msmem_write(&m, &f, &io) == 1 && io.data_bytes == 88 && io.n == 18,
          "subset4: whole write, 88 bytes in 18 ranges (%u, %u)", io.data_bytes, io.n);
    int ok = 1;
    for (unsigned p = 0; p < 16; p++) {
        ok &= io.r[p].addr == SB + 16 * p && io.r[p].len == (p == 3 ? 12u : 4u);
        ok &= gx_msmem_peek(&m, IB + p) == (p == 3 ? 0x84 : 0x00);
        if (p != 3)
            ok &= gx_msmem_peek(&m, SB + 16 * p) == 21 + p && gx_msmem_peek(&m, SB + 16 * p + 4) == 0;
    }
    ok &= io.r[16].addr == IB && io.r[16].len == 16 && io.r[17].addr == XB && io.r[17].len == 1;
    /* A = 02 5a c3 01, B = 03 5a c3 02, C = 04 5a c3 03 */
    const uint8_t want3[16] = {0x02, 0x5a, 0xc3, 0x01, 0x03, 0x5a, 0xc3, 0x02,
                               0x04, 0x5a, 0xc3, 0x03, 0, 0, 0, 0};
    for (unsigned j = 0; j < 16; j++)
        ok &= gx_msmem_peek(&m, 0x10030 + j) == want3[j];
    ok &= gx_msmem_peek(&m, XB) == 1;
    CHECK(ok, "subset4: index byte 0x84 at 0x20003, A B C at 0x10030, ranges");
    memset(out, 0, sizeof out);
    CHECK(gx_msmem_read(&m, 0, 0x8, out, &e, &io) == 13 && e == GX_ENCSUBSET &&
              !memcmp(out + 48, img + 48, 16) && io.n == 3 && io.r[1].addr == 0x20003 &&
              io.r[1].len == 1 && io.r[2].addr == 0x10030 && io.r[2].len == 12,
          "subset4: read pixel 3: state, index 0x20003+1, values 0x10030+12; 13 bytes");

    /* Partial subset write (the tile is subset) of pixels 3 and 4:
     * pixel 3 = [X X Y Y] (labels 7, 7, 8, 8): c = 0, 0, 1, 1 -> bits 5:4 = 01, 7:6 = 01:
     * 0x10 | 0x40 = 0x50 at 0x20003; X Y at 0x10030, 0x10034; 0x10038..b keeps C
     * (04 5a c3 03: beyond the pixel's 2 classes, not written).
     * pixel 4 = [Z Z Z Z] (label 9): c = 0 -> 0x00 at 0x20004, Z at 0x10040.
     * Ranges 0x10030 + 8, 0x10040 + 4, 0x20003 + 2 (merged), 0x30000 + 1; data bytes
     * (1 + 8) + (1 + 4) = 14. Nothing else changes (pixels 2, 5 and the rest). */
    memcpy(snap, m.img, m.hi - m.lo);
    put4(img + 48, 0, 7);
    put4(img + 48, 1, 7);
    put4(img + 48, 2, 8);
    put4(img + 48, 3, 8);
    for (unsigned s = 0; s < 4; s++)
        put4(img + 64, s, 9);
    make_packet(&cfg, 0, GX_ENCSUBSET, 0x18, img, &f);
    CHECK(gx_msmem_write(&m, &f, &io) == 1 && io.data_bytes == 14 && io.n == 4 &&
              io.r[0].addr == 0x10030 && io.r[0].len == 8 && io.r[1].addr == 0x10040 &&
              io.r[1].len == 4 && io.r[2].addr == 0x20003 && io.r[2].len == 2 &&
              io.r[3].addr == XB && io.r[3].len == 1,
          "subset4 partial: 14 bytes; ranges 0x10030+8, 0x10040+4, 0x20003+2, 0x30000+1");
    const uint64_t ca[4] = {0x10030, 0x10040, 0x20003, XB};
    const unsigned cl[4] = {8, 4, 2, 1};
    CHECK(only_changed(&m, snap, ca, cl, 4), "subset4 partial: neighbours untouched");
    CHECK(gx_msmem_peek(&m, 0x20003) == 0x50 && gx_msmem_peek(&m, 0x20004) == 0x00 &&
              gx_msmem_peek(&m, 0x10030) == 8 && gx_msmem_peek(&m, 0x10034) == 9 &&
              gx_msmem_peek(&m, 0x10040) == 10 && gx_msmem_peek(&m, 0x10038) == 0x04 &&
              gx_msmem_peek(&m, 0x1003b) == 0x03,
          "subset4 partial: 0x50, 0x00, X Y Z placed, old C kept at 0x10038");
    memset(out, 0, sizeof out);
    CHECK(gx_msmem_read(&m, 0, 0xffff, out, &e, &io) == 15 * 5 + 9 && !memcmp(out, img, 256),
          "subset4 partial: the whole tile reads back (84 bytes)");
    gx_msmem_free(&m);

    /* N = 8, B = 4 (P = 8), 8 x 1 pixels: one tile. Pixel 5 = labels
     * [A A B C B A D C] -> c = 0 0 1 2 1 0 3 2, 3-bit fields at bit 3 s:
     * s2 = 1: bit 6; s3 = 2: bit 10; s4 = 1: bit 12; s6 = 3: bits 18, 19; s7 = 2: bit 22.
     * byte 0 (bits 7..0) = 0x40; byte 1 (bits 15..8): bits 10, 12 -> 0x04 | 0x10 = 0x14;
     * byte 2 (bits 23..16): bits 18, 19, 22 -> 0x04 | 0x08 | 0x40 = 0x4c.
     * Index bytes 40 14 4c at INDEX_BASE + 3 p = 0x2000f..0x20011; values A B C D at
     * home + 32 p = 0x100a0 + 0, 4, 8, 12. The other pixels uniform: 00 00 00 at 3 p. */
    gx_mssurf_cfg_default(&cfg, 8, 1, GX_SPP8, GX_BPS4);
    CHECK(gx_msmem_init(&m, &cfg, SB, IB, XB), "subset8: init");
    for (unsigned p = 0; p < 8; p++)
        for (unsigned s = 0; s < 8; s++)
            put4(img + 32 * p, s, 40 + p);
    static const unsigned lab8[8] = {1, 1, 2, 3, 2, 1, 4, 3};
    for (unsigned s = 0; s < 8; s++)
        put4(img + 160, s, lab8[s]);
    make_packet(&cfg, 0, GX_ENCSUBSET, 0xff, img, &f);
    CHECK(gx_msmem_write(&m, &f, &io) == 1 && io.data_bytes == 7 * (3 + 4) + 3 + 16,
          "subset8: 68 data bytes");
    CHECK(gx_msmem_peek(&m, 0x2000f) == 0x40 && gx_msmem_peek(&m, 0x20010) == 0x14 &&
              gx_msmem_peek(&m, 0x20011) == 0x4c && gx_msmem_peek(&m, 0x2000e) == 0 &&
              gx_msmem_peek(&m, 0x20012) == 0,
          "subset8: index bytes 40 14 4c at 0x2000f");
    ok = 1;
    for (unsigned c = 0; c < 4; c++)
        ok &= gx_msmem_peek(&m, 0x100a0 + 4 * c) == c + 2 && gx_msmem_peek(&m, 0x100a3 + 4 * c) == c + 1;
    ok &= gx_msmem_peek(&m, 0x100b0) == 0;
    CHECK(ok, "subset8: A B C D at 0x100a0, 0x100a4, 0x100a8, 0x100ac");
    gx_msmem_free(&m);

    /* N = 16, B = 4 (P = 4), 4 x 1 pixels: one tile. Pixel 2 = labels
     * [0 1 2 0 3 1 4 5 0 6 7 8 9 10 11 0]: 12 classes, first appearances in label order,
     * so c = the label. 4-bit fields, sample s in byte s / 2, low nibble for even s:
     * (c1 c0) (c3 c2) ... = 0x10 0x02 0x13 0x54 0x60 0x87 0xa9 0x0b at INDEX_BASE + 8 p =
     * 0x20010..0x20017; the 12 values at home + 64 p = 0x10080 + 4 c; bytes 8 + 48 = 56.
     * Pixels 0, 1, 3 uniform: 8 + 4 = 12 bytes each. Data bytes 36 + 56 = 92. */
    gx_mssurf_cfg_default(&cfg, 4, 1, GX_SPP16, GX_BPS4);
    CHECK(gx_msmem_init(&m, &cfg, SB, IB, XB), "subset16: init");
    static const unsigned lab16[16] = {0, 1, 2, 0, 3, 1, 4, 5, 0, 6, 7, 8, 9, 10, 11, 0};
    for (unsigned p = 0; p < 4; p++)
        for (unsigned s = 0; s < 16; s++)
            put4(img + 64 * p, s, p == 2 ? lab16[s] : 30 + p);
    make_packet(&cfg, 0, GX_ENCSUBSET, 0xf, img, &f);
    CHECK(gx_msmem_write(&m, &f, &io) == 1 && io.data_bytes == 92, "subset16: 92 data bytes");
    static const uint8_t idx16[8] = {0x10, 0x02, 0x13, 0x54, 0x60, 0x87, 0xa9, 0x0b};
    ok = 1;
    for (unsigned j = 0; j < 8; j++)
        ok &= gx_msmem_peek(&m, 0x20010 + j) == idx16[j];
    for (unsigned c = 0; c < 12; c++)
        ok &= gx_msmem_peek(&m, 0x10080 + 4 * c) == c + 1 && gx_msmem_peek(&m, 0x10083 + 4 * c) == c;
    ok &= gx_msmem_peek(&m, 0x100b0) == 0;
    CHECK(ok, "subset16: index 10 02 13 54 60 87 a9 0b at 0x20010, 12 values at 0x10080");
    memset(out, 0, sizeof out);
    CHECK(gx_msmem_read(&m, 0, 0x4, out, &e, NULL) == 56 && !memcmp(out + 128, img + 128, 64),
          "subset16: pixel 2 reads back, 56 bytes");
    gx_msmem_free(&m);
}

static void test_golden_full_stale(void)
{
    gx_ms_cfg_t cfg;
    gx_msmem_t m;
    gx_msmem_io_t io;
    gx_ms_flush_t f;
    uint8_t img[256], out[256];
    static uint8_t snap[0x20200];
    gx_enc_t e;

    /* N = 4, B = 4 (P = 16), 16 x 2 pixels (tiles 0, 1). Tile 1 written whole in full:
     * sample s of pixel p = label 4 p + s + 1 (64 distinct values). The home is the
     * uncompressed tile: one range 0x10100 + 256, then 0x30001 = 2; 256 data bytes; no
     * index byte written. */
    gx_mssurf_cfg_default(&cfg, 16, 2, GX_SPP4, GX_BPS4);
    CHECK(gx_msmem_init(&m, &cfg, SB, IB, XB), "full: init");
    for (unsigned p = 0; p < 16; p++)
        for (unsigned s = 0; s < 4; s++)
            put4(img + 16 * p, s, 4 * p + s + 1);
    make_packet(&cfg, 1, GX_ENCFULL, 0xffff, img, &f);
    CHECK(gx_msmem_write(&m, &f, &io) == 1 && io.data_bytes == 256 && io.n == 2 &&
              io.r[0].addr == 0x10100 && io.r[0].len == 256 && io.r[1].addr == 0x30001 &&
              gx_msmem_peek(&m, 0x30001) == 2,
          "full: one range 0x10100+256, state 2");
    int ok = 1;
    for (unsigned j = 0; j < 256; j++)
        ok &= gx_msmem_peek(&m, 0x10100 + j) == img[j];
    for (unsigned j = 0; j < 64; j++)
        ok &= gx_msmem_peek(&m, IB + j) == 0;
    CHECK(ok, "full: home = the uncompressed tile, indices untouched");

    /* Tile 1 rewritten whole in subset: every pixel [V V W V] (labels 100 + p, 120 + p):
     * c = 0 0 1 0 -> bits 5:4 = 01: 0x10 at 0x20020 + p; V W at 0x10100 + 16 p, + 4.
     * Slots 2, 3 of each pixel (0x10108 + 16 p .. +7) keep the full tile's samples 2, 3
     * (labels 4 p + 3, 4 p + 4): stale, not cleared. Data bytes 16 (1 + 8) = 144. */
    memcpy(snap, m.img, m.hi - m.lo);
    for (unsigned p = 0; p < 16; p++) {
        put4(img + 16 * p, 0, 100 + p);
        put4(img + 16 * p, 1, 100 + p);
        put4(img + 16 * p, 2, 120 + p);
        put4(img + 16 * p, 3, 100 + p);
    }
    make_packet(&cfg, 1, GX_ENCSUBSET, 0xffff, img, &f);
    CHECK(gx_msmem_write(&m, &f, &io) == 1 && io.data_bytes == 144, "stale: subset 144 bytes");
    ok = 1;
    for (unsigned p = 0; p < 16; p++) {
        ok &= gx_msmem_peek(&m, 0x20020 + p) == 0x10;
        ok &= gx_msmem_peek(&m, 0x10100 + 16 * p) == 101 + p && gx_msmem_peek(&m, 0x10104 + 16 * p) == 121 + p;
        for (unsigned j = 8; j < 16; j++)
            ok &= gx_msmem_peek(&m, 0x10100 + 16 * p + j) == snap[0x100 + 16 * p + j];
    }
    CHECK(ok, "stale: subset indices 0x10, V W placed, slots 2, 3 keep the full samples");
    memset(out, 0, sizeof out);
    CHECK(gx_msmem_read(&m, 1, 0xffff, out, &e, NULL) == 144 && e == GX_ENCSUBSET &&
              !memcmp(out, img, 256),
          "stale: the subset tile reads back through stale slots");

    /* Tile 1 rewritten whole in 1SPP: pixel p uniform label 200 + p at 0x10100 + 4 p
     * (64 bytes, one range 0x10100 + 64). Home bytes 64..255 keep the subset/full bytes;
     * the index bytes 0x20020.. keep 0x10 (unused in 1SPP). */
    memcpy(snap, m.img, m.hi - m.lo);
    for (unsigned p = 0; p < 16; p++)
        for (unsigned s = 0; s < 4; s++)
            put4(img + 16 * p, s, 200 + p);
    make_packet(&cfg, 1, GX_ENC1SPP, 0xffff, img, &f);
    CHECK(gx_msmem_write(&m, &f, &io) == 1 && io.data_bytes == 64 && io.n == 2 &&
              io.r[0].addr == 0x10100 && io.r[0].len == 64,
          "stale: 1spp one range 0x10100+64");
    const uint64_t ca[2] = {0x10100, 0x30001};
    const unsigned cl[2] = {64, 1};
    CHECK(only_changed(&m, snap, ca, cl, 2) && gx_msmem_peek(&m, 0x20020) == 0x10 &&
              gx_msmem_peek(&m, 0x10140) == snap[0x140] && gx_msmem_peek(&m, 0x30001) == 0,
          "stale: 1spp leaves home bytes 64.. and the indices as they were");
    memset(out, 0, sizeof out);
    CHECK(gx_msmem_read(&m, 1, 0xffff, out, &e, NULL) == 64 && e == GX_ENC1SPP &&
              !memcmp(out, img, 256),
          "stale: the 1spp tile reads back");
    gx_msmem_free(&m);
}

static void test_golden_refused(void)
{
    gx_ms_cfg_t cfg;
    gx_msmem_t m;
    gx_ms_mem_t am;
    gx_msmem_io_t io;
    gx_ms_flush_t f, g;
    uint8_t img[256];
    static uint8_t snap[0x20200];

    /* N = 4, B = 4, 8 x 1 (two 4 x 4 tiles, padded). Tile 0 made subset first. Each packet
     * below is refused by gx_mssurf_mem_write and by gx_msmem_write; no byte changes. */
    gx_mssurf_cfg_default(&cfg, 8, 1, GX_SPP4, GX_BPS4);
    CHECK(gx_msmem_init(&m, &cfg, SB, IB, XB) && gx_mssurf_mem_init(&am, &cfg), "refused: init");
    for (unsigned p = 0; p < 16; p++)
        for (unsigned s = 0; s < 4; s++)
            put4(img + 16 * p, s, s == 3 ? 50 : p);
    make_packet(&cfg, 0, GX_ENCSUBSET, 0xffff, img, &f);
    CHECK(gx_msmem_write(&m, &f, NULL) && gx_mssurf_mem_write(&am, &f), "refused: setup");
    memcpy(snap, m.img, m.hi - m.lo);
    const char *why[7] = {"tile outside", "uniform write of pixel 0 alone",
                          "partial full-state write to a 1spp tile", "partial 1spp write to a subset tile",
                          "payload one byte short", "padding bit set",
                          "uniform payload of two values"};
    for (unsigned k = 0; k < 7; k++) {
        g = f;
        switch (k) {
        case 0: g.tile = 2; break;
        case 1: make_packet(&cfg, 0, GX_ENCUNIFORM, 0x1, img, &g); break;
        case 2: make_packet(&cfg, 1, GX_ENCFULL, 0x1, img, &g); break;
        case 3: make_packet(&cfg, 0, GX_ENC1SPP, 0x1, img, &g); break;
        case 4: g.payload_bytes--; break;
        case 6: /* sample 0s of pixels 0 and 1 differ (labels 0 and 1) */
            make_packet(&cfg, 0, GX_ENCUNIFORM, 0xffff, img, &g);
            break;
        default:
            /* 16 pixels of 2 classes: 32 masks of 4 bits = 16 bytes, no padding at N = 4;
             * a 3-class pixel makes 33 masks: pad the last byte's high nibble */
            put4(img + 16 * 5, 2, 77);
            make_packet(&cfg, 0, GX_ENCSUBSET, 0xffff, img, &g);
            g.payload[16] |= 0x80;
            break;
        }
        const unsigned bad0 = (unsigned)m.cnt.bad_writes;
        io.n = 99;
        CHECK(!gx_mssurf_mem_write(&am, &g) && !gx_msmem_write(&m, &g, &io) && io.n == 0 &&
                  m.cnt.bad_writes == bad0 + 1u && !memcmp(snap, m.img, m.hi - m.lo),
              "refused: %s", why[k]);
    }
    /* A payload whose masks split equal values: N = 4, pixel 0 of tile 1 (16 of 16 pixels
     * written: tile 1 whole, subset), masks {0, 1} {2} {3} with the values V V V V. The
     * decoder takes it (the masks are canonical); both models store the pixel by its
     * values' classes: one class, index byte 0x00, V at the home; 1 + 4 bytes a pixel. */
    memset(&g, 0, sizeof g);
    g.tile = 1;
    g.enc = GX_ENCSUBSET;
    g.written = 0xffff;
    /* masks, 4 bits each, LSB first: pixel 0: 0x3, 0x4, 0x8; pixels 1..15: 0xf */
    const uint8_t masks[9] = {0x43, 0xf8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    /* 18 masks = 72 bits = 9 bytes: 0x3 | 0x4 << 4 = 0x43, 0x8 | 0xf << 4 = 0xf8, then
     * 0xf | 0xf << 4 = 0xff seven times; then 18 values of 4 bytes: V (label 9) three
     * times, then labels 13 .. 27 */
    memcpy(g.payload, masks, 9);
    for (unsigned c = 0; c < 18; c++)
        put4(g.payload + 9, c, c < 3 ? 9 : 10 + c);
    g.payload_bytes = 9 + 72;
    const uint32_t wb0 = (uint32_t)am.cnt.write_bytes;
    CHECK(gx_mssurf_mem_write(&am, &g) && gx_msmem_write(&m, &g, &io) &&
              io.data_bytes == (uint32_t)am.cnt.write_bytes - wb0 && io.data_bytes == 16 * 5 &&
              gx_msmem_peek(&m, IB + 32) == 0 && gx_msmem_peek(&m, SB + 256) == 10,
          "split equal values: stored by value classes, 20 bytes as the abstract model counts");
    gx_mssurf_mem_free(&am);
    gx_msmem_free(&m);
}

static void test_inspect(void)
{
    gx_ms_cfg_t cfg;
    gx_msmem_t m;
    gx_ms_flush_t f;
    uint8_t img[256];
    char buf[160];

    /* Bases must be 256-aligned, regions disjoint, the span at most 2^30. */
    gx_mssurf_cfg_default(&cfg, 8, 1, GX_SPP4, GX_BPS4); /* 2 tiles of 4 x 4, padded */
    CHECK(!gx_msmem_init(&m, &cfg, SB + 16, IB, XB), "init: unaligned SURF_BASE refused");
    CHECK(!gx_msmem_init(&m, &cfg, SB, SB + 256, XB), "init: index over the homes refused");
    CHECK(!gx_msmem_init(&m, &cfg, SB, IB, IB), "init: states over the indices refused");
    CHECK(!gx_msmem_init(&m, &cfg, 0, IB, 1ull << 31), "init: span over 2^30 refused");
    CHECK(!gx_msmem_init(&m, &cfg, UINT64_MAX - 255, IB, XB), "init: region past 2^64 refused");
    /* States lowest, then indices, then homes, with gaps: image [0x300, 0x1200). */
    CHECK(gx_msmem_init(&m, &cfg, 0x1000, 0x800, 0x300) && m.lo == 0x300 && m.hi == 0x1200,
          "init: regions in any order");
    for (unsigned p = 0; p < 16; p++)
        for (unsigned s = 0; s < 4; s++)
            put4(img + 16 * p, s, s == 2 ? 60 : 61);
    make_packet(&cfg, 1, GX_ENCSUBSET, 0xffff, img, &f);
    CHECK(gx_msmem_write(&m, &f, NULL), "inspect: write");
    /* tile 1 home 0x1100: pixel 1 class 1 at 0x1100 + 16 + 4 = 0x1114 */
    gx_msmem_describe(&m, 0x1114, buf, sizeof buf);
    CHECK(!strcmp(buf, "0x1114: home of tile 1 (subset): pixel 1 class 1 byte 0"), "describe: %s", buf);
    gx_msmem_describe(&m, 0x111b, buf, sizeof buf);
    CHECK(!strcmp(buf, "0x111b: home of tile 1 (subset): pixel 1 class 2 byte 3 (beyond its "
                       "classes: unused)"),
          "describe: %s", buf);
    gx_msmem_describe(&m, 0x1144, buf, sizeof buf);
    CHECK(!strcmp(buf, "0x1144: home of tile 1 (subset): pixel 4 class 1 byte 0"),
          "describe: %s", buf);
    gx_msmem_describe(&m, 0x822, buf, sizeof buf);
    CHECK(!strcmp(buf, "0x822: index block of tile 1 (subset): pixel 2 index byte 0"), "describe: %s", buf);
    gx_msmem_describe(&m, 0x301, buf, sizeof buf);
    CHECK(!strcmp(buf, "0x301: state byte of tile 1 (subset)"), "describe: %s", buf);
    gx_msmem_describe(&m, 0x1000 + 20, buf, sizeof buf);
    CHECK(!strcmp(buf, "0x1014: home of tile 0 (1spp): pixel 5 byte 0"), "describe: %s", buf);
    gx_msmem_describe(&m, 0x1000 + 64, buf, sizeof buf);
    CHECK(!strcmp(buf, "0x1040: home of tile 0 (1spp): byte 64, unused in this state"), "describe: %s", buf);
    gx_msmem_describe(&m, 0x302, buf, sizeof buf);
    CHECK(!strcmp(buf, "0x302: outside the regions"), "describe: %s", buf);
    const gx_msmem_loc_t l = gx_msmem_where(&m, 0x83f);
    CHECK(l.region == GX_MSMEM_INDEX && l.tile == 1 && l.offset == 31, "where: index tile 1 offset 31");

    /* compare: an equal copy, then one byte off, then a byte beyond the image */
    static uint8_t copy[0x2000];
    uint64_t first = 0;
    memset(copy, 0, sizeof copy);
    memcpy(copy + 0x300, m.img, m.hi - m.lo);
    CHECK(gx_msmem_compare(&m, copy, 0, sizeof copy, &first) == 0, "compare: equal");
    copy[0x821] ^= 1;
    CHECK(gx_msmem_compare(&m, copy, 0, sizeof copy, &first) == 1 && first == 0x821, "compare: one byte");
    copy[0x821] ^= 1;
    copy[0x10] = 7;
    CHECK(gx_msmem_compare(&m, copy, 0, sizeof copy, &first) == 1 && first == 0x10,
          "compare: a byte outside the image");
    gx_msmem_clear(&m);
    int zero = 1;
    for (uint64_t a = m.lo; a < m.hi; a++)
        zero &= gx_msmem_peek(&m, a) == 0;
    CHECK(zero, "clear: every region 0");
    gx_msmem_free(&m);
}

/* ---------------------------------------------------------------------------------
 * Equivalence with the abstract memory, random. */

typedef struct bins {
    uint64_t wr[12][4][2]; /* format, state, whole */
    uint64_t refused[5];   /* tile outside / state 3 / pixel missing / partial other state /
                              malformed payload */
    uint64_t trans[4][4];  /* whole writes: old state -> new state */
    uint64_t stale_subset, stale_1spp, rmw, promote, load_read, padded, merged, split;
    uint64_t store_packets, packets;
} bins_t;

/* The tile's width for P pixels: 8 x 4, 4 x 4, 4 x 2, 2 x 2, 2 x 1, 1 x 1 for P = 32 .. 1. */
static unsigned t_tw(unsigned np)
{
    return np >= 32 ? 8 : np >= 8 ? 4 : np >= 2 ? 2 : 1;
}

/* Pixel p of tile t (tiles numbered row-major, tx of them a row; pixels row-major). */
static void t_xy(const gx_ms_cfg_t *cfg, uint32_t t, unsigned p, unsigned *x, unsigned *y)
{
    const unsigned np = 256 / (t_n(cfg) * t_b(cfg)), tw = t_tw(np), th = np / tw;
    const unsigned tx = (cfg->width + tw - 1u) / tw;
    *x = t % tx * tw + p % tw;
    *y = t / tx * th + p / tw;
}

typedef struct run {
    gx_ms_cfg_t cfg;
    unsigned fmt;
    gx_ms_mem_t am;
    gx_msmem_t mm;
    gx_ms_lsu_t lsu;
    unsigned tiles;        /* the surface's tiles */
    uint64_t last_wb;      /* abstract write_bytes after the last packet */
    uint8_t *snap;         /* image before the packet */
    uint8_t *axi;          /* the ranges replayed: [axi_base, axi_base + axi_len) */
    uint64_t axi_base, axi_len;
    uint8_t pal[6][16];
    bins_t *bins;
} run_t;

static void pick_value(run_t *R, uint8_t *v)
{
    const unsigned b = t_b(&R->cfg);
    if (rnd(5) == 0)
        for (unsigned j = 0; j < b; j++)
            v[j] = (uint8_t)rnd64();
    else
        memcpy(v, R->pal[rnd(6)], b);
}

/* Every tile read from gx_msmem against the abstract memory; a random request answered
 * by both. */
static void check_reads(run_t *R)
{
    const unsigned np = 256 / (t_n(&R->cfg) * t_b(&R->cfg));
    /* every tile whole, then one tile's random subset of pixels */
    for (uint32_t i = 0; i <= R->am.tiles; i++) {
        const uint32_t t = i < R->am.tiles ? i : rnd(R->am.tiles);
        const uint32_t valid = gx_mssurf_tile_valid(&R->cfg, t);
        const uint32_t set = i < R->am.tiles ? valid : (uint32_t)rnd64() & valid;
        uint8_t a[256], b[256];
        gx_enc_t e = (gx_enc_t)3;
        gx_msmem_io_t io;
        t_ranges_t x;
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        const uint32_t nb = gx_msmem_read(&R->mm, t, set, b, &e, &io);
        const uint32_t ab = gx_mssurf_mem_read(&R->am, t, set, GX_MS_READ_LOAD, a);
        CHECK(nb == ab && e == (gx_enc_t)R->am.enc[t] && !memcmp(a, b, sizeof a),
              "N=%u B=%u tile %u pixels %08x: read %u bytes state %d, abstract %u bytes state %d%s",
              t_n(&R->cfg), t_b(&R->cfg), t, set, nb, (int)e, ab, R->am.enc[t],
              memcmp(a, b, sizeof a) ? ", data differ" : "");
        t_expect(&R->mm, 0, t, R->am.enc[t], set, R->am.data + 256ull * t, &x);
        ranges_ok(&R->mm, &io, &x, "read");
    }
    uint32_t req[GX_MS_RDREQ_WORDS], ra[GX_MS_RDRESP_WORDS], rb[GX_MS_RDRESP_WORDS];
    memset(req, 0, sizeof req);
    const uint32_t t = rnd(R->am.tiles + 1); /* one past the end: both answer 0 */
    gx_bits_set(req, GX_MS_RDREQ_TILE_LSB, GX_MS_RDREQ_TILE_BITS, t);
    /* existing pixels only: the abstract memory reads a missing pixel as 0 and counts
     * its bytes; gx_msmem reads nothing for it (checked below) */
    const uint32_t tv = t < R->am.tiles ? gx_mssurf_tile_valid(&R->cfg, t) : 0xffffffffu;
    gx_bits_set(req, GX_MS_RDREQ_PIXELS_LSB, GX_MS_RDREQ_PIXELS_BITS,
                (uint32_t)rnd64() & tv & ((np >= 32 ? 0u : 1u << np) - 1u));
    gx_bits_set(req, GX_MS_RDREQ_KIND_LSB, GX_MS_RDREQ_KIND_BITS, rnd(3));
    const uint32_t ka = gx_mssurf_mem_answer(&R->am, req, ra), kb = gx_msmem_answer(&R->mm, req, rb);
    unsigned dw = 0;
    while (dw < GX_MS_RDRESP_WORDS && ra[dw] == rb[dw])
        dw++;
    CHECK(ka == kb && dw == GX_MS_RDRESP_WORDS, "answer tile %u: word %u differs (%08x, %08x)", t, dw,
          dw < GX_MS_RDRESP_WORDS ? ra[dw] : 0, dw < GX_MS_RDRESP_WORDS ? rb[dw] : 0);
}

/* Apply a packet the abstract memory has taken (abs_ok) or refused, counting abs_bytes. */
static void apply(run_t *R, const gx_ms_flush_t *f, int abs_ok, uint32_t abs_bytes, int refuse_kind)
{
    const gx_ms_cfg_t *cfg = &R->cfg;
    const unsigned n = t_n(cfg), b = t_b(cfg), pb = n * b, np = 256 / pb;
    gx_msmem_t *m = &R->mm;
    bins_t *B = R->bins;
    const size_t span = (size_t)(m->hi - m->lo);
    const unsigned old = f->tile < m->tiles ? gx_msmem_peek(m, m->state_base + f->tile) : 0;
    gx_msmem_io_t io;
    memcpy(R->snap, m->img, span);
    const int ok = gx_msmem_write(m, f, &io);
    B->packets++;
    CHECK(ok == abs_ok, "N=%u B=%u tile %u enc %d written %08x: msmem %s, abstract %s", n, b,
          f->tile, (int)f->enc, f->written, ok ? "took" : "refused", abs_ok ? "took" : "refused");
    if (!ok) {
        CHECK(io.n == 0 && io.data_bytes == 0 && !memcmp(R->snap, m->img, span),
              "refused write changed memory");
        if (!abs_ok && refuse_kind >= 0)
            B->refused[refuse_kind]++;
        return;
    }
    if (!abs_ok)
        return;
    const uint32_t valid = gx_mssurf_tile_valid(cfg, f->tile);
    const uint8_t *img = R->am.data + 256ull * f->tile;
    CHECK(io.data_bytes == abs_bytes && io.state_bytes == 1,
          "N=%u B=%u tile %u enc %d: %u data bytes written, abstract %u", n, b, f->tile,
          (int)f->enc, io.data_bytes, abs_bytes);
    t_ranges_t x;
    t_expect(m, 1, f->tile, f->enc, f->written, img, &x);
    ranges_ok(m, &io, &x, "write");
    /* every changed byte lies in a range; replay the ranges into the AXI copy */
    unsigned outside = 0;
    for (size_t j = 0; j < span; j++) {
        if (m->img[j] == R->snap[j])
            continue;
        const uint64_t a = m->lo + j;
        int in = 0;
        for (unsigned i = 0; i < io.n; i++)
            in |= a >= io.r[i].addr && a < io.r[i].addr + io.r[i].len;
        outside += !in;
    }
    CHECK(!outside, "write changed %u bytes outside its ranges", outside);
    for (unsigned i = 0; i < io.n; i++)
        for (uint32_t j = 0; j < io.r[i].len; j++)
            R->axi[io.r[i].addr - R->axi_base + j] = gx_msmem_peek(m, io.r[i].addr + j);
    /* bins */
    const int whole = f->written == valid;
    B->wr[R->fmt][f->enc][whole]++;
    if (whole)
        B->trans[old & 3u][f->enc]++;
    {
        unsigned px, py; /* the tile's last pixel lies in the padding */
        t_xy(&R->cfg, f->tile, np - 1, &px, &py);
        B->padded += px >= R->cfg.width || py >= R->cfg.height;
    }
    for (unsigned i = 0; i < io.n; i++) {
        if (io.r[i].region != GX_MSMEM_HOME)
            continue;
        B->merged += io.r[i].len > (f->enc == GX_ENCFULL ? pb : b) && f->enc != GX_ENCSUBSET;
        B->split += i > 0;
    }
    const uint64_t home = m->surf_base + 256ull * f->tile;
    if (f->enc == GX_ENCSUBSET) {
        for (unsigned p = 0; p < np; p++) {
            unsigned c[16];
            if (!((f->written >> p) & 1u))
                continue;
            const unsigned k = t_classes(img + p * pb, n, b, c);
            for (unsigned j = k * b; j < pb; j++)
                if (R->snap[home + pb * p + j - m->lo]) {
                    B->stale_subset++;
                    break;
                }
        }
    } else if (f->enc == GX_ENC1SPP && whole) {
        for (unsigned j = np * b; j < 256; j++)
            if (R->snap[home + j - m->lo]) {
                B->stale_1spp++;
                break;
            }
    }
    check_reads(R);
    check_layout(m, f->tile, f->enc, valid, img);
}

/* The store path's flush packets: the abstract memory has taken f (gx_mssurf_writeback). */
static void on_flush(void *ctx, const gx_ms_flush_t *f)
{
    run_t *R = ctx;
    const unsigned n = t_n(&R->cfg);
    const uint16_t all = (uint16_t)((1u << n) - 1u);
    uint32_t rmw = 0, covered = 0;
    for (unsigned p = 0; p < 32; p++) {
        if (f->cover[p])
            covered |= 1u << p;
        if (f->cover[p] && f->cover[p] != all)
            rmw |= 1u << p;
    }
    /* the encoder's reads, in the old state, from gx_msmem before the packet */
    uint8_t tmp[256];
    const uint32_t rb = gx_msmem_read(&R->mm, f->tile, rmw, tmp, NULL, NULL);
    const uint32_t pr = gx_msmem_read(&R->mm, f->tile, f->written & ~covered, tmp, NULL, NULL);
    CHECK(rb == f->read_rmw && pr == f->read_promote,
          "tile %u: rmw read %u (packet %u), promotion read %u (packet %u)", f->tile, rb,
          f->read_rmw, pr, f->read_promote);
    R->bins->rmw += rb != 0;
    R->bins->promote += pr != 0;
    R->bins->store_packets++;
    const uint32_t bytes = (uint32_t)(R->am.cnt.write_bytes - R->last_wb);
    R->last_wb = R->am.cnt.write_bytes;
    apply(R, f, 1, bytes, -1);
}

/* Pixels `set` of img given data whose need is at most e. */
static void gen_image(run_t *R, gx_enc_t e, uint32_t set, uint8_t *img)
{
    const unsigned n = t_n(&R->cfg), b = t_b(&R->cfg), pb = n * b, np = 256 / pb;
    if (e == GX_ENCUNIFORM) {
        uint8_t v[16];
        pick_value(R, v);
        for (unsigned p = 0; p < np; p++)
            for (unsigned s = 0; s < n && ((set >> p) & 1u); s++)
                memcpy(img + p * pb + s * b, v, b);
        return;
    }
    for (unsigned p = 0; p < np; p++) {
        if (!((set >> p) & 1u))
            continue;
        uint8_t v[16][16];
        const unsigned k = e == GX_ENC1SPP ? 1 : e == GX_ENCSUBSET ? 1 + rnd(n - 1) : n;
        for (unsigned c = 0; c < k; c++)
            pick_value(R, v[c]);
        for (unsigned s = 0; s < n; s++)
            memcpy(img + p * pb + s * b, v[e == GX_ENCFULL && rnd(4) ? s : rnd(k)], b);
    }
}

static uint32_t rnd_subset(uint32_t valid)
{
    uint32_t s;
    do
        s = (uint32_t)rnd64() & valid;
    while (!s || s == valid);
    return s;
}

/* A packet of random images: whole in a random state, or partial in the tile's. */
static void synth_packet(run_t *R)
{
    gx_ms_flush_t f;
    uint8_t img[256];
    const uint32_t t = rnd(4) ? rnd(R->am.tiles) : R->am.tiles - 1;
    const uint32_t valid = gx_mssurf_tile_valid(&R->cfg, t);
    const int partial = rnd(2) && (valid & (valid - 1u)) && R->am.enc[t] != GX_ENCUNIFORM;
    const gx_enc_t e = partial ? (gx_enc_t)R->am.enc[t] : (gx_enc_t)rnd(4);
    const uint32_t set = partial ? rnd_subset(valid) : valid;
    memset(img, 0, sizeof img);
    gen_image(R, e, set, img);
    make_packet(&R->cfg, t, e, set, img, &f);
    f.cause = (gx_ms_cause_t)rnd(4);
    const int ok = gx_mssurf_mem_write(&R->am, &f);
    CHECK(ok, "synthetic packet taken by the abstract memory");
    const uint32_t bytes = (uint32_t)(R->am.cnt.write_bytes - R->last_wb);
    R->last_wb = R->am.cnt.write_bytes;
    apply(R, &f, ok, bytes, -1);
}

/* A packet both must refuse (kinds 0..3: tile outside, uniform not whole, pixel missing,
 * partial in another state), or a corrupted payload (4) that the abstract memory may
 * still take. */
static void bad_packet(run_t *R)
{
    gx_ms_flush_t f;
    uint8_t img[256];
    const uint32_t t = rnd(R->am.tiles);
    const uint32_t valid = gx_mssurf_tile_valid(&R->cfg, t);
    const unsigned np = 256 / (t_n(&R->cfg) * t_b(&R->cfg));
    unsigned kind = rnd(5);
    gx_enc_t e = (gx_enc_t)rnd(3);
    uint32_t set = valid;
    if ((kind == 1 || kind == 3) && !(valid & (valid - 1u)))
        kind = 4;
    if (kind == 1) { /* a uniform packet that leaves pixels out */
        set = rnd_subset(valid);
        e = GX_ENCUNIFORM;
    } else if (kind == 3) {
        set = rnd_subset(valid);
        e = (gx_enc_t)((R->am.enc[t] + 1u + rnd(2)) % 3u);
    }
    memset(img, 0, sizeof img);
    gen_image(R, e, set, img);
    make_packet(&R->cfg, t, e, set, img, &f);
    switch (kind) {
    case 0: f.tile = R->am.tiles + rnd(3); break;
    case 2: {
        const uint32_t out = ~valid & (np >= 32 ? 0xffffffffu : (1u << np) - 1u);
        f.written |= out ? out & (0u - out) : 1u << (np < 32 ? np : 31); /* a missing pixel */
        if (!out && np >= 32)
            kind = 4; /* every pixel of the tile exists: make it a payload corruption */
        break;
    }
    default: break;
    }
    if (kind == 4) {
        if (rnd(2) && f.payload_bytes)
            f.payload_bytes = (uint16_t)(f.payload_bytes + (rnd(2) ? 1 : -1));
        else if (f.payload_bytes)
            f.payload[rnd(f.payload_bytes)] ^= (uint8_t)(1u << rnd(8));
    }
    const int ok = gx_mssurf_mem_write(&R->am, &f);
    if (kind < 4)
        CHECK(!ok, "bad packet kind %u refused by the abstract memory", kind);
    const uint32_t bytes = (uint32_t)(R->am.cnt.write_bytes - R->last_wb);
    R->last_wb = R->am.cnt.write_bytes;
    apply(R, &f, ok, bytes, (int)kind);
}

static void random_store(run_t *R, uint32_t *sweep)
{
    const unsigned n = t_n(&R->cfg), b = t_b(&R->cfg);
    const uint16_t w = R->cfg.width, h = R->cfg.height, all = (uint16_t)((1u << n) - 1u);
    gx_ms_store_t st;
    memset(&st, 0, sizeof st);
    if (rnd(5) < 2) { /* sweep tile by tile with full masks: tiles fill */
        const unsigned np = 256 / (n * b);
        unsigned x, y;
        do { /* the next pixel inside the surface */
            const uint32_t i = (*sweep)++ % (R->tiles * np);
            t_xy(&R->cfg, i / np, i % np, &x, &y);
        } while (x >= w || y >= h);
        st.x = (uint16_t)x;
        st.y = (uint16_t)y;
        st.mask = all;
        pick_value(R, st.value);
    } else {
        st.x = (uint16_t)rnd(w);
        st.y = (uint16_t)rnd(h);
        st.mask = rnd(5) < 2 ? all : (uint16_t)(1 + rnd(all));
        st.full = (uint8_t)(rnd(5) == 0);
        for (unsigned s = 0; s < (st.full ? n : 1u); s++)
            pick_value(R, st.value + s * b);
    }
    gx_mssurf_store(&R->lsu, &R->am, &st, on_flush, R);
}

static void random_load(run_t *R)
{
    gx_ms_load_t ld = {(uint16_t)rnd(R->cfg.width), (uint16_t)rnd(R->cfg.height),
                       (uint8_t)rnd(t_n(&R->cfg))};
    gx_ms_load_resp_t resp;
    gx_mssurf_load(&R->lsu, &R->am, &ld, &resp);
    if (!resp.read_bytes)
        return;
    const uint32_t np = 256 / (t_n(&R->cfg) * t_b(&R->cfg)), tw = t_tw(np), th = np / tw;
    const uint32_t tx = (R->cfg.width + tw - 1) / tw;
    const uint32_t t = ld.y / th * tx + ld.x / tw, p = ld.y % th * tw + ld.x % tw;
    uint8_t tmp[256];
    CHECK(gx_msmem_read(&R->mm, t, 1u << p, tmp, NULL, NULL) == resp.read_bytes,
          "load (%u, %u): gx_msmem reads %u bytes", ld.x, ld.y, resp.read_bytes);
    R->bins->load_read++;
}

static void random_run(unsigned sp, unsigned bp, int ragged, unsigned ops, bins_t *bins)
{
    static run_t R;
    gx_ms_cfg_t *cfg = &R.cfg;
    memset(&R, 0, sizeof R);
    R.bins = bins;
    R.fmt = sp * 3 + bp;
    const unsigned n = 2u << sp, b = 4u << bp, np = 256 / (n * b);
    /* 3..8 tiles of tw x th pixels in one or two rows of tiles; a ragged surface pads its
     * last row and column of tiles */
    const unsigned tw = t_tw(np), th = np / tw, nty = 1 + rnd(2), ntx = 2 + rnd(3);
    const unsigned tiles = ntx * nty;
    const unsigned wid = ntx * tw - (ragged ? rnd(tw) : 0), hgt = nty * th - (ragged ? rnd(th) : 0);
    gx_mssurf_cfg_default(cfg, (uint16_t)wid, (uint16_t)hgt, (gx_spp_t)sp, (gx_bps_t)bp);
    cfg->slots = (uint8_t)(1 + rnd(4));
    /* the regions in a random order with random gaps */
    uint64_t base[3], len[3] = {256ull * tiles, 32ull * tiles, tiles};
    unsigned order[3] = {0, 1, 2};
    for (unsigned i = 2; i > 0; i--) {
        const unsigned j = rnd(i + 1), tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
    }
    uint64_t at = 256ull * (1 + rnd(64)) + ((uint64_t)rnd(4) << 32);
    for (unsigned i = 0; i < 3; i++) {
        base[order[i]] = at;
        at += (len[order[i]] + 255) / 256 * 256 + 256ull * rnd(3);
    }
    CHECK(gx_mssurf_mem_init(&R.am, cfg) &&
              gx_msmem_init(&R.mm, cfg, base[0], base[1], base[2]),
          "run N=%u B=%u: init", n, b);
    gx_mssurf_lsu_init(&R.lsu, cfg);
    R.snap = malloc((size_t)(R.mm.hi - R.mm.lo));
    R.axi_base = R.mm.lo - 256;
    R.axi_len = R.mm.hi - R.mm.lo + 512;
    R.axi = calloc((size_t)R.axi_len, 1);
    for (unsigned k = 0; k < 6; k++)
        for (unsigned j = 0; j < b; j++)
            R.pal[k][j] = (uint8_t)(k == 0 ? 0 : rnd(2) ? 100 + 3 * k : rnd64());
    uint32_t sweep = rnd(tiles * np);
    R.tiles = tiles;
    for (unsigned op = 0; op < ops; op++) {
        const unsigned r = rnd(100);
        if (r < 60)
            random_store(&R, &sweep);
        else if (r < 66)
            random_load(&R);
        else if (r < 68)
            gx_mssurf_flush(&R.lsu, &R.am, on_flush, &R);
        else if (r < 88)
            synth_packet(&R);
        else
            bad_packet(&R);
    }
    gx_mssurf_flush(&R.lsu, &R.am, on_flush, &R);
    for (uint32_t t = 0; t < R.am.tiles; t++)
        check_layout(&R.mm, t, R.am.enc[t], gx_mssurf_tile_valid(cfg, t), R.am.data + 256ull * t);
    uint64_t first = 0;
    const uint64_t d = gx_msmem_compare(&R.mm, R.axi, R.axi_base, R.axi_len, &first);
    char buf[160];
    CHECK(d == 0, "N=%u B=%u: the replayed ranges differ from the image in %" PRIu64
                  " bytes, first %s", n, b, d, gx_msmem_describe(&R.mm, first, buf, sizeof buf));
    CHECK(R.mm.cnt.bad_writes == R.am.cnt.bad_writes && R.mm.cnt.writes == R.am.cnt.writes &&
              R.mm.cnt.write_bytes == R.am.cnt.write_bytes &&
              R.mm.cnt.write_state == R.am.cnt.writes,
          "N=%u B=%u: counters (writes %" PRIu64 "/%" PRIu64 ", bytes %" PRIu64 "/%" PRIu64
          ", bad %" PRIu64 "/%" PRIu64 ")",
          n, b, R.mm.cnt.writes, R.am.cnt.writes, R.mm.cnt.write_bytes, R.am.cnt.write_bytes,
          R.mm.cnt.bad_writes, R.am.cnt.bad_writes);
    free(R.snap);
    free(R.axi);
    gx_msmem_free(&R.mm);
    gx_mssurf_mem_free(&R.am);
}

int main(void)
{
    check_seed("test_msmem");

    test_golden_1spp_partial();
    test_golden_subset();
    test_golden_full_stale();
    test_golden_refused();
    test_inspect();

    static bins_t bins;
    memset(&bins, 0, sizeof bins);
    for (unsigned sp = 0; sp < 4; sp++)
        for (unsigned bp = 0; bp < 3; bp++)
            for (int ragged = 0; ragged < 2; ragged++)
                random_run(sp, bp, ragged, 2000, &bins);
    printf("test_msmem: %" PRIu64 " packets (%" PRIu64 " from the store path)\n", bins.packets,
           bins.store_packets);

    /* measured coverage */
    static const char *en[4] = {"1spp", "subset", "full", "uniform"};
    for (unsigned f = 0; f < 12; f++) {
        const unsigned n = 2u << (f / 3), b = 4u << (f % 3);
        for (unsigned e = 0; e < 4; e++) /* P = 1, and a uniform tile: whole only */
            for (unsigned w = 256 / (n * b) > 1 && e != GX_ENCUNIFORM ? 0 : 1; w < 2; w++)
                CHECK(bins.wr[f][e][w] > 0, "coverage: N=%u B=%u %s written %s", n, b, en[e],
                      w ? "whole" : "partially");
        printf("coverage N=%-2u B=%-2u  1spp %5" PRIu64 " / %5" PRIu64 "  subset %5" PRIu64
               " / %5" PRIu64 "  full %5" PRIu64 " / %5" PRIu64 "  (partial / whole)"
               "  uniform %5" PRIu64 "\n",
               n, b, bins.wr[f][0][0], bins.wr[f][0][1], bins.wr[f][1][0], bins.wr[f][1][1],
               bins.wr[f][2][0], bins.wr[f][2][1], bins.wr[f][3][1]);
    }
    static const char *rn[5] = {"tile outside", "uniform not whole", "pixel missing",
                                "partial in another state", "malformed payload"};
    for (unsigned k = 0; k < 5; k++)
        CHECK(bins.refused[k] > 0, "coverage: refused %s", rn[k]);
    for (unsigned a = 0; a < 4; a++)
        for (unsigned c = 0; c < 4; c++)
            CHECK(bins.trans[a][c] > 0, "coverage: whole write %s -> %s", en[a], en[c]);
    CHECK(bins.stale_subset && bins.stale_1spp && bins.rmw && bins.promote && bins.load_read &&
              bins.padded && bins.merged && bins.split,
          "coverage: stale subset %" PRIu64 " stale 1spp %" PRIu64 " rmw %" PRIu64
          " promote %" PRIu64 " load reads %" PRIu64 " padded %" PRIu64 " merged %" PRIu64
          " split %" PRIu64,
          bins.stale_subset, bins.stale_1spp, bins.rmw, bins.promote, bins.load_read,
          bins.padded, bins.merged, bins.split);
    printf("coverage: refused %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
           "; transitions", bins.refused[0], bins.refused[1], bins.refused[2], bins.refused[3],
           bins.refused[4]);
    for (unsigned a = 0; a < 4; a++)
        for (unsigned c = 0; c < 4; c++)
            printf(" %s->%s %" PRIu64, en[a], en[c], bins.trans[a][c]);
    printf("\ncoverage: stale subset %" PRIu64 " stale 1spp %" PRIu64 " rmw %" PRIu64
           " promote %" PRIu64 " load reads %" PRIu64 " padded %" PRIu64 " merged %" PRIu64
           " split %" PRIu64 "\n",
           bins.stale_subset, bins.stale_1spp, bins.rmw, bins.promote, bins.load_read,
           bins.padded, bins.merged, bins.split);
    return check_summary();
}
