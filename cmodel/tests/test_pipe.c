/* test_pipe: unit tests of gx_pipe_t, the chained C model of gx_pipe (issue 22; also
 * built with ASan/UBSan).
 *
 * Covers:
 *   - Directed command streams with results worked out by hand in the comments (every
 *     address, byte, range, transaction and counter): one triangle over a 16 x 2 surface
 *     at 4x RGBA8 and a flush (its two tiles written as subset after an RMW read, a
 *     promotion read, the index byte 0x44 of the two edge pixels); loads after it, from
 *     memory in a subset tile (stored masks) and a 1SPP pixel; loads while the tile is
 *     resident (no read; a partial pixel read and analyzed); bad packets in the middle
 *     (short, unknown opcode, load out of range, TKEEP, a reserved bit) changing nothing
 *     (memory, counters, transactions, load queue) but STATUS.CMD_ERR, the next packet
 *     working, the result equal to the stream without them; a pattern write (every
 *     sample at the pixel center) then the same triangle: other coverage, a 1SPP tile
 *     after state queries; a triangle outside the guard band counted; the configuration
 *     refusals, each reason (STATUS.CFG_ERR, no beat taken) and the model's own limit;
 *     STATUS write-1-to-clear, IDLE; the CNT words (LO, HI; BUSY / STALL not modelled);
 *     CNT_CLEAR; the load-response beats' encoding and its checks.
 *   - Random command streams, 96 runs of 300 packets (SEED= sets the seed), on random
 *     configurations (every N x B, surfaces of 1..61 x 1..41 pixels, K 1..6, threshold
 *     merging, conservative mode, the three regions at random 64-bit bases in random
 *     order), every packet as AXI4-Stream beats, about one in eight bad (a class each:
 *     TKEEP, opcode, reserved header bit, short, long, load out of range), checked after
 *     every packet against an independent chaining of the
 *     same models written here: the setup unit and the quad rasterizer (gx_raster_tri,
 *     not the group form the model uses) with the pattern table kept here, the stores
 *     built here from the quads, gx_mssurf_store / gx_mssurf_flush / gx_mssurf_load on the
 *     abstract memory gx_ms_mem_t. Each flush packet gives the transactions gx_pipe must
 *     make (the read rule of docs/mswb.md restated here); checked: every counter, every
 *     memory transaction in order (read or write, kind, tile, pixels, state, data bytes,
 *     one state byte, the packet field for field), every range inside its region and one
 *     256-byte block (a read's state byte first), each load response's beats against an
 *     encoder written here, STATUS (CMD_ERR, IDLE); every 40 packets and at the end every
 *     tile of the image against the abstract memory (data of each existing pixel, state);
 *     the write ranges replayed into a second memory (an AXI slave's view) equal the image
 *     byte for byte at the end.
 *   - Measured coverage (an empty bin fails the test): commands of each kind, bad packets
 *     of each error code, flushes of each cause, RMW reads, state queries, promotion
 *     reads, load reads, loads answered from the buffer alone, loads analyzed, writes in
 *     each state, every N and every B written, partial last tiles written, threshold
 *     merges, conservative stores, stores after a pattern write, triangles with no store,
 *     IDLE seen 0 and 1.
 * Closes with `N passed, N failed`.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gx/pipe.h"

/* ---------------------------------------------------------------------------------
 * The transaction log: every op the hook reports, with a copy of its packet; the
 * write ranges replayed into a second memory (img of the memory [lo, hi)). */

typedef struct logop {
    gx_pipe_mem_op_t op;
    gx_ms_flush_t f;
} logop_t;

typedef struct mlog {
    const gx_pipe_t *p;
    logop_t *v;
    size_t n, cap;
    uint8_t *replay;      /* the AXI slave's memory (NULL: no replay) */
    unsigned bad_ranges;  /* ranges outside their region or crossing a 256-byte block */
} mlog_t;

static void on_op(void *ctx, const gx_pipe_mem_op_t *op)
{
    mlog_t *l = ctx;
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 64;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
    }
    logop_t *e = &l->v[l->n++];
    e->op = *op;
    memset(&e->f, 0, sizeof e->f);
    if (op->flush)
        e->f = *op->flush;
    e->op.flush = NULL;
    const gx_msmem_t *m = &l->p->mem;
    for (unsigned i = 0; i < op->io.n; i++) {
        const gx_msmem_range_t *r = &op->io.r[i];
        const gx_msmem_loc_t loc = gx_msmem_where(m, r->addr);
        const gx_msmem_loc_t end = gx_msmem_where(m, r->addr + r->len - 1);
        if (r->len == 0 || loc.region != r->region || end.region != r->region ||
            r->addr / 256 != (r->addr + r->len - 1) / 256 || loc.tile != op->tile)
            l->bad_ranges++;
        if (l->replay && op->write)
            for (uint32_t j = 0; j < r->len; j++)
                l->replay[r->addr + j - m->lo] = gx_msmem_peek(m, r->addr + j);
    }
    /* a read starts with the tile's state byte; a taken write ends with it */
    if (op->io.n && !op->write && !(op->io.r[0].region == GX_MSMEM_STATE &&
                                   op->io.r[0].addr == m->state_base + op->tile))
        l->bad_ranges++;
    if (op->io.n && op->write && !(op->io.r[op->io.n - 1].region == GX_MSMEM_STATE &&
                                  op->io.r[op->io.n - 1].addr == m->state_base + op->tile))
        l->bad_ranges++;
}

static gx_pipe_beat_t beat(uint64_t data, int last)
{
    gx_pipe_beat_t b = {data, 0xff, (uint8_t)last};
    return b;
}

static gx_pipe_cmd_t tri_cmd(int32_t x0, int32_t y0, int32_t x1, int32_t y1, int32_t x2,
                             int32_t y2, const uint8_t color[16])
{
    gx_pipe_cmd_t c;
    memset(&c, 0, sizeof c);
    c.kind = GX_CMDTRIANGLE;
    c.x[0] = x0, c.y[0] = y0, c.x[1] = x1, c.y[1] = y1, c.x[2] = x2, c.y[2] = y2;
    memcpy(c.data, color, 16);
    return c;
}

static gx_pipe_cmd_t simple_cmd(gx_cmd_kind_t kind)
{
    gx_pipe_cmd_t c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    return c;
}

static gx_pipe_cmd_t load_cmd(unsigned x, unsigned y, unsigned s)
{
    gx_pipe_cmd_t c = simple_cmd(GX_CMDLOAD);
    c.lx = (uint16_t)x, c.ly = (uint16_t)y, c.sample = (uint8_t)s;
    return c;
}

/* A range of an op: addr, len, region. */
static int range_is(const gx_msmem_io_t *io, unsigned i, uint64_t addr, uint32_t len,
                    gx_msmem_region_t region)
{
    return i < io->n && io->r[i].addr == addr && io->r[i].len == len && io->r[i].region == region;
}

static int op_is(const logop_t *e, int write, gx_ms_read_kind_t kind, uint32_t tile,
                 uint32_t pixels, uint32_t data, unsigned nranges)
{
    return e->op.write == write && (write || e->op.kind == kind) && e->op.tile == tile &&
           e->op.pixels == pixels && e->op.io.data_bytes == data && e->op.io.state_bytes == 1 &&
           e->op.io.n == nranges;
}

/* The three beats of a load response, by docs/pipe.md written out here. */
static void ld_beats(const gx_ms_load_resp_t *r, gx_pipe_beat_t b[3])
{
    uint64_t w[2] = {0, 0};
    for (unsigned j = 0; j < 16; j++)
        w[j / 8] |= (uint64_t)r->value[j] << (8 * (j % 8));
    b[0] = beat(w[0], 0);
    b[1] = beat(w[1], 0);
    b[2] = beat((uint64_t)r->mask | (uint64_t)r->enc << 16 | (uint64_t)r->analyzed << 18 |
                    (uint64_t)r->passes << 19 | (uint64_t)r->read_bytes << 35, 1);
}

static int take3(gx_pipe_t *p, gx_pipe_beat_t b[3])
{
    return gx_pipe_ld_take(p, &b[0]) && gx_pipe_ld_take(p, &b[1]) && gx_pipe_ld_take(p, &b[2]);
}

static int beats_eq(const gx_pipe_beat_t *a, const gx_pipe_beat_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (a[i].data != b[i].data || a[i].keep != b[i].keep || a[i].last != b[i].last)
            return 0;
    return 1;
}

static const uint8_t COLOR[16] = {0x11, 0x22, 0x33, 0x44};

/* The configuration of the directed streams: 16 x 2 pixels, N = 4 (SAMPLES 2), B = 4:
 * P = 256 / 16 = 16 pixels a tile of 4 x 4, the surface padded to 16 x 4: tile k =
 * columns 4k .. 4k + 3, pixel p of it at (4k + p mod 4, p / 4). Homes at 0x10000
 * (tile t at + 256 t), indices at 0x4000 (tile t at + 32 t, I(4) = 1 byte a pixel),
 * states at 0x8000 (tile t at + t). */
#define SB 0x10000u
#define IB 0x4000u
#define STB 0x8000u
static void small_cfg(gx_pipe_cfg_t *c)
{
    gx_pipe_cfg_default(c, 16, 2, 2, 0);
    c->surf_base = SB, c->index_base = IB, c->state_base = STB;
}

/* The triangle (0, 0), (16, 0), (0, 16) pixels in 16.8. At 4x the samples sit at (6, 2),
 * (14, 6), (2, 10), (10, 14) / 16 in each pixel; pixel (px, py)'s sample (sx, sy) is
 * inside when px + py + (sx + sy) / 16 < 16 (no sample lies on the hypotenuse; the top
 * and left edges pass below every sample), (sx + sy) / 16 = 0.5, 1.25, 0.75, 1.5:
 *   row 0: pixels 0..14 every sample (14 + 1.5 < 16), pixel 15 samples 0 and 2 (0x5);
 *   row 1: pixels 0..13 every sample, pixel 14 samples 0 and 2, pixel 15 none.
 * 31 stores, 15 x 4 + 2 + 14 x 4 + 2 = 120 samples. */
static gx_pipe_cmd_t big_tri(void)
{
    return tri_cmd(0, 0, 16 * 256, 0, 0, 16 * 256, COLOR);
}

static void directed_golden(void)
{
    gx_pipe_cfg_t cfg;
    gx_pipe_t p;
    mlog_t l = {0};
    small_cfg(&cfg);
    CHECK(gx_pipe_init(&p, &cfg) == GX_PIPE_INIT_OK, "golden: init");
    l.p = &p;
    gx_pipe_set_mem_hook(&p, on_op, &l);
    CHECK(gx_pipe_status(&p) == GX_PIPE_STATUS_IDLE, "golden: idle after init");
    gx_pipe_cmd_t t = big_tri();
    CHECK(gx_pipe_send(&p, &t) == 5, "golden: a triangle is 5 beats at B = 4");
    /* Four tiles resident (none is full: rows 2, 3 are padding), no memory transaction
     * yet. */
    CHECK(l.n == 0 && p.cnt.triangles == 1 && p.cnt.pixels == 31 && p.cnt.samples == 120 &&
          p.cnt.stores == 31, "golden: triangle counters %" PRIu64 " %" PRIu64 " %" PRIu64,
          p.cnt.pixels, p.cnt.samples, p.cnt.stores);
    CHECK(gx_pipe_status(&p) == 0, "golden: not idle with tiles resident");
    gx_pipe_cmd_t fl = simple_cmd(GX_CMDFLUSH);
    CHECK(gx_pipe_send(&p, &fl) == 1, "golden: flush is 1 beat");
    /* The flush, oldest first. The tiles are 4 x 4 (tile k = columns 4k .. 4k + 3; rows
     * 2, 3 are padding): the stores allocate tiles 0, 1, 2, 3 in that order (the walk
     * goes left to right along rows 0, 1).
     * Tiles 0..2: pixels 0..7 (rows 0, 1) covered whole with the color, 1SPP; pixels 8..15
     * uncovered. Nothing partial, so only the state is needed: a state query (the state
     * byte alone, 0x8000 + k: 1SPP). The need (1SPP) keeps the state: pixels 0..7 written
     * in place, 1SPP at home + B p: one range of 32 bytes at 0x10000 + 256 k, and the
     * state byte (not every pixel written: not uniform).
     * Tile 3 (columns 12..15): pixels 0, 1, 2 (row 0, x 12..14) and 4, 5 (row 1, x 12, 13)
     * whole; pixel 3 (15, 0) and pixel 6 (14, 1) partial (samples 0 and 2); pixel 7 and
     * the padding uncovered. RMW read of pixels 3 and 6 (1SPP: home 0x10300 + 12 and +
     * 24, 4 bytes each, two ranges). Their samples 1, 3 read 0: classes {0, 2} color, {1,
     * 3} zero: subset, above the tile's state (1SPP): promotion read of the 9 uncovered
     * pixels 7..15 (1SPP: home + 28, 36 bytes, one range), then the whole tile as subset:
     * pixel p's k values at home + N B p = 16 p (4 bytes; pixels 3 and 6: 8 bytes, color
     * then 0), 16 ranges; index bytes 0x4060..0x406f one range (pixels 3 and 6: classes
     * 0, 1, 0, 1, 2 bits each: 0x44; the others 0x00); state byte 0x8003 = 1 (subset).
     * Data 14 x 4 + 2 x 8 + 16 = 88. */
    CHECK(l.n == 9, "golden: 9 memory transactions, got %zu", l.n);
    if (l.n == 9) {
        for (unsigned k = 0; k < 3; k++) {
            CHECK(op_is(&l.v[2 * k], 0, GX_MS_READ_RMW, k, 0, 0, 1) &&
                  range_is(&l.v[2 * k].op.io, 0, STB + k, 1, GX_MSMEM_STATE) &&
                  l.v[2 * k].op.enc == GX_ENC1SPP, "golden: state query of tile %u", k);
            CHECK(op_is(&l.v[2 * k + 1], 1, 0, k, 0xff, 32, 2) && l.v[2 * k + 1].op.ok &&
                  l.v[2 * k + 1].op.enc == GX_ENC1SPP && l.v[2 * k + 1].f.cause == GX_MS_COMMAND &&
                  range_is(&l.v[2 * k + 1].op.io, 0, SB + 256 * k, 32, GX_MSMEM_HOME) &&
                  range_is(&l.v[2 * k + 1].op.io, 1, STB + k, 1, GX_MSMEM_STATE),
                  "golden: write of tile %u", k);
        }
        CHECK(op_is(&l.v[6], 0, GX_MS_READ_RMW, 3, 0x48, 8, 3) &&
              range_is(&l.v[6].op.io, 0, STB + 3, 1, GX_MSMEM_STATE) &&
              range_is(&l.v[6].op.io, 1, SB + 768 + 12, 4, GX_MSMEM_HOME) &&
              range_is(&l.v[6].op.io, 2, SB + 768 + 24, 4, GX_MSMEM_HOME),
              "golden: RMW read of tile 3");
        CHECK(op_is(&l.v[7], 0, GX_MS_READ_PROMOTE, 3, 0xff80, 36, 2) &&
              range_is(&l.v[7].op.io, 1, SB + 768 + 28, 36, GX_MSMEM_HOME),
              "golden: promotion read of tile 3");
        CHECK(op_is(&l.v[8], 1, 0, 3, 0xffff, 88, 18) && l.v[8].op.enc == GX_ENCSUBSET &&
              l.v[8].f.cause == GX_MS_COMMAND, "golden: write of tile 3");
        int ok = 1;
        for (unsigned q = 0; q < 16; q++)
            ok &= range_is(&l.v[8].op.io, q, SB + 768 + 16 * q, q == 3 || q == 6 ? 8 : 4,
                           GX_MSMEM_HOME);
        ok &= range_is(&l.v[8].op.io, 16, IB + 96, 16, GX_MSMEM_INDEX);
        ok &= range_is(&l.v[8].op.io, 17, STB + 3, 1, GX_MSMEM_STATE);
        CHECK(ok, "golden: the ranges of tile 3's write");
        for (unsigned i = 0; i < 9; i++)
            CHECK(l.v[i].op.seq == i, "golden: seq %u", i);
    }
    /* the bytes at their addresses */
    int ok = 1;
    for (unsigned tl = 0; tl < 3; tl++)
        for (unsigned j = 0; j < 256; j++)
            ok &= gx_msmem_peek(&p.mem, SB + 256u * tl + j) == (j < 32 ? COLOR[j % 4] : 0);
    for (unsigned q = 0; q < 16; q++) { /* pixels 0..6 hold the color as class 0 */
        for (unsigned j = 0; j < 16; j++)
            ok &= gx_msmem_peek(&p.mem, SB + 768 + 16 * q + j) == (q < 7 && j < 4 ? COLOR[j] : 0);
        ok &= gx_msmem_peek(&p.mem, IB + 96 + q) == (q == 3 || q == 6 ? 0x44 : 0x00);
    }
    for (unsigned tl = 0; tl < 4; tl++)
        ok &= gx_msmem_peek(&p.mem, STB + tl) == (tl == 3);
    CHECK(ok, "golden: memory bytes at their addresses");
    /* BYTES_RD: 3 state queries of 1, RMW 8 + 1, promotion 36 + 1; BYTES_WR: 3 writes of
     * 32 + 1, one of 88 + 1 */
    CHECK(p.cnt.bytes_rd == 49 && p.cnt.bytes_wr == 188 && p.cnt.flush[GX_MS_COMMAND] == 4 &&
          p.cnt.flush[GX_MS_FULL] + p.cnt.flush[GX_MS_EVICT] + p.cnt.flush[GX_MS_CONFLICT] == 0,
          "golden: bytes %" PRIu64 " %" PRIu64, p.cnt.bytes_rd, p.cnt.bytes_wr);
    CHECK(gx_pipe_status(&p) == GX_PIPE_STATUS_IDLE, "golden: idle after the flush");
    /* uncompressed: 3 x 8 + 16 pixels of N B = 16 bytes */
    CHECK(p.stat.write_uncomp == 40 * 16 && p.stat.write_data == 3 * 32 + 88 &&
          p.stat.write_state == 4 && p.stat.read_state == 5 && p.stat.read_data == 44,
          "golden: model statistics");

    /* Loads after the flush, from memory.
     * (15, 0) sample 1: tile 3 pixel 3, subset: state byte, index byte 0x4063, its k = 2
     * values at 0x10330 (8 bytes): 9 data bytes. Value 0 (class 1), mask {1, 3} = 0xa,
     * state subset, the stored masks are the classes (not analyzed).
     * (3, 1) sample 2: tile 0 pixel 7, 1SPP: state, its value at 0x1001c: 4 bytes, value
     * 11 22 33 44, mask 0xf, 1SPP. */
    l.n = 0;
    gx_pipe_cmd_t ld = load_cmd(15, 0, 1);
    CHECK(gx_pipe_send(&p, &ld) == 1 && gx_pipe_ld_count(&p) == 3, "load: 3 beats queued");
    gx_pipe_beat_t b[3], want[3];
    gx_ms_load_resp_t r;
    memset(&r, 0, sizeof r);
    r.mask = 0xa, r.enc = GX_ENCSUBSET, r.read_bytes = 9;
    ld_beats(&r, want);
    CHECK(take3(&p, b) && beats_eq(b, want, 3), "load (15, 0, 1): beats %016" PRIx64
          " %016" PRIx64 " %016" PRIx64, b[0].data, b[1].data, b[2].data);
    CHECK(b[2].data == (0xaull | 1ull << 16 | 9ull << 35), "load (15, 0, 1): beat 2 by hand");
    CHECK(l.n == 1 && op_is(&l.v[0], 0, GX_MS_READ_LOAD, 3, 1u << 3, 9, 3) &&
          range_is(&l.v[0].op.io, 1, IB + 99, 1, GX_MSMEM_INDEX) &&
          range_is(&l.v[0].op.io, 2, SB + 768 + 48, 8, GX_MSMEM_HOME), "load (15, 0, 1): its read");
    ld = load_cmd(3, 1, 2);
    gx_pipe_send(&p, &ld);
    memset(&r, 0, sizeof r);
    memcpy(r.value, COLOR, 4);
    r.mask = 0xf, r.enc = GX_ENC1SPP, r.read_bytes = 4;
    ld_beats(&r, want);
    CHECK(take3(&p, b) && beats_eq(b, want, 3) && b[0].data == 0x44332211u,
          "load (3, 1, 2): beats");
    CHECK(l.n == 2 && op_is(&l.v[1], 0, GX_MS_READ_LOAD, 0, 1u << 7, 4, 2) &&
          range_is(&l.v[1].op.io, 1, SB + 28, 4, GX_MSMEM_HOME), "load (3, 1, 2): read");
    CHECK(p.cnt.loads == 2 && p.cnt.bytes_rd == 49 + 10 + 5, "loads: counters");
    CHECK(gx_pipe_ld_count(&p) == 0 && !gx_pipe_ld_take(&p, b), "load queue empty");

    /* The CNT words: TRIANGLES 1, PIXELS 31, SAMPLES 120, STORES 31, LOADS 2, FLUSH_CMD 4
     * at 0x40, BYTES_RD 64 at 0x48, BYTES_WR 188 at 0x50; HI words 0; BUSY / STALL and
     * outside the block: not modelled. */
    uint32_t v;
    const unsigned offs[] = {0x00, 0x08, 0x10, 0x18, 0x20, 0x40, 0x48, 0x50};
    const uint32_t vals[] = {1, 31, 120, 31, 2, 4, 64, 188};
    for (unsigned i = 0; i < 8; i++) {
        CHECK(gx_pipe_cnt_read(&p, offs[i], &v) && v == vals[i], "CNT 0x%02x = %u", offs[i], v);
        CHECK(gx_pipe_cnt_read(&p, offs[i] + 4, &v) && v == 0, "CNT 0x%02x HI", offs[i]);
    }
    CHECK(gx_pipe_cnt_read(&p, 0x28, &v) && v == 0, "CNT FLUSH_FULL 0");
    CHECK(!gx_pipe_cnt_read(&p, 0x58, &v) && v == 0 && !gx_pipe_cnt_read(&p, 0xa4, &v) &&
          !gx_pipe_cnt_read(&p, 0xa8, &v) && !gx_pipe_cnt_read(&p, 0x02, &v),
          "CNT: BUSY / STALL, beyond the block, unaligned: not modelled");
    p.cnt.bytes_wr = 0x123456789abull;
    CHECK(gx_pipe_cnt_read(&p, 0x50, &v) && v == 0x456789abu &&
          gx_pipe_cnt_read(&p, 0x54, &v) && v == 0x123u, "CNT LO / HI of a 64-bit counter");
    gx_pipe_cnt_clear(&p);
    CHECK(p.cnt.triangles == 0 && p.cnt.bytes_wr == 0 && p.cnt.flush[GX_MS_COMMAND] == 0,
          "CNT_CLEAR");
    CHECK(l.bad_ranges == 0, "golden: ranges in their regions (%u bad)", l.bad_ranges);
    gx_pipe_free(&p);
    free(l.v);
}

/* Loads while the tile is resident. The triangle (0, 0), (4, 0), (0, 4) pixels: by the
 * rule of big_tri with 4 in place of 16: pixels with px + py <= 2 every sample, px + py
 * = 3 samples 0 and 2. (1, 0) sample 3: wholly in the slot, arrival 1SPP: no read, the
 * color, mask 0xf, 1SPP. (3, 0) sample 1: samples 0, 2 in the slot: memory read of pixel
 * 3 (1SPP: state byte and 4 bytes at home + 12), samples 1, 3 are 0 from it; the classes
 * are not known: analyzed, one analyzer pass (one line holds the pixel); mask 0xa, subset,
 * 4 bytes read. */
static void directed_resident(void)
{
    gx_pipe_cfg_t cfg;
    gx_pipe_t p;
    mlog_t l = {0};
    small_cfg(&cfg);
    gx_pipe_init(&p, &cfg);
    l.p = &p;
    gx_pipe_set_mem_hook(&p, on_op, &l);
    gx_pipe_cmd_t t = tri_cmd(0, 0, 4 * 256, 0, 0, 4 * 256, COLOR);
    gx_pipe_send(&p, &t);
    CHECK(p.cnt.stores == 7 && p.cnt.samples == 5 * 4 + 2 * 2, "resident: 7 stores, 24 samples");
    gx_pipe_cmd_t ld = load_cmd(1, 0, 3);
    gx_pipe_send(&p, &ld);
    gx_pipe_beat_t b[3], want[3];
    gx_ms_load_resp_t r;
    memset(&r, 0, sizeof r);
    memcpy(r.value, COLOR, 4);
    r.mask = 0xf, r.enc = GX_ENC1SPP;
    ld_beats(&r, want);
    CHECK(take3(&p, b) && beats_eq(b, want, 3) && l.n == 0, "resident load: no read");
    ld = load_cmd(3, 0, 1);
    gx_pipe_send(&p, &ld);
    memset(&r, 0, sizeof r);
    r.mask = 0xa, r.enc = GX_ENCSUBSET, r.analyzed = 1, r.passes = 1, r.read_bytes = 4;
    ld_beats(&r, want);
    CHECK(take3(&p, b) && beats_eq(b, want, 3), "partial pixel load: beats %016" PRIx64,
          b[2].data);
    CHECK(l.n == 1 && op_is(&l.v[0], 0, GX_MS_READ_LOAD, 0, 1u << 3, 4, 2) &&
          range_is(&l.v[0].op.io, 1, SB + 12, 4, GX_MSMEM_HOME), "partial pixel load: read");
    CHECK(p.cnt.loads == 2 && p.cnt.bytes_rd == 5 && p.cnt.bytes_wr == 0, "resident: counters");
    gx_pipe_free(&p);
    free(l.v);
}

/* Snapshot of everything a bad packet must leave alone. */
typedef struct snap {
    uint8_t *img;
    gx_pipe_cnt_t cnt;
    size_t ops, ld;
    gx_ms_lsu_t lsu;
} snap_t;

static void snap_take(snap_t *s, const gx_pipe_t *p, const mlog_t *l)
{
    free(s->img);
    s->img = malloc(p->mem.hi - p->mem.lo);
    memcpy(s->img, p->mem.img, p->mem.hi - p->mem.lo);
    memcpy(&s->cnt, &p->cnt, sizeof s->cnt);
    s->ops = l->n;
    s->ld = gx_pipe_ld_count(p);
    memcpy(&s->lsu, &p->lsu, sizeof s->lsu);
}

static int snap_same(const snap_t *s, const gx_pipe_t *p, const mlog_t *l)
{
    return gx_msmem_compare(&p->mem, s->img, p->mem.lo, p->mem.hi - p->mem.lo, NULL) == 0 &&
           memcmp(&s->cnt, &p->cnt, sizeof s->cnt) == 0 && s->ops == l->n &&
           s->ld == gx_pipe_ld_count(p) && memcmp(&s->lsu, &p->lsu, sizeof s->lsu) == 0;
}

/* The golden stream with bad packets before, inside and after it: each changes nothing
 * but STATUS.CMD_ERR; the result equals the golden stream's. */
static void directed_bad(void)
{
    gx_pipe_cfg_t cfg;
    gx_pipe_t ref, p;
    mlog_t lr = {0}, l = {0};
    small_cfg(&cfg);
    gx_pipe_init(&ref, &cfg);
    gx_pipe_init(&p, &cfg);
    lr.p = &ref, l.p = &p;
    gx_pipe_set_mem_hook(&ref, on_op, &lr);
    gx_pipe_set_mem_hook(&p, on_op, &l);
    gx_pipe_cmd_t t = big_tri(), fl = simple_cmd(GX_CMDFLUSH), ld = load_cmd(15, 0, 1);
    gx_pipe_send(&ref, &t);
    gx_pipe_send(&ref, &fl);
    gx_pipe_send(&ref, &ld);

    snap_t s = {0};
    gx_pipe_beat_t tb[GX_PIPE_CMD_MAX_BEATS];
    gx_pipe_cmd_encode(&t, GX_BPS4, tb);
    /* 1. an unknown opcode (9), one beat */
    snap_take(&s, &p, &l);
    CHECK(gx_pipe_beat(&p, &(gx_pipe_beat_t){9, 0xff, 1}) == 1, "bad: opcode taken");
    CHECK(snap_same(&s, &p, &l) && (gx_pipe_status(&p) & GX_PIPE_STATUS_CMD_ERR) &&
          p.stat.err[GX_CMDERROPCODE] == 1, "bad opcode: nothing changed, CMD_ERR");
    gx_pipe_status_write(&p, GX_PIPE_STATUS_CMD_ERR);
    CHECK(!(gx_pipe_status(&p) & GX_PIPE_STATUS_CMD_ERR), "CMD_ERR cleared by a 1");
    /* 2. the triangle cut short: TLAST on its vertex beat 2 */
    for (unsigned i = 0; i < 3; i++) {
        gx_pipe_beat_t bb = tb[i];
        bb.last = i == 2;
        gx_pipe_beat(&p, &bb);
        CHECK(gx_pipe_idle(&p) == (i == 2), "short: a packet open until its TLAST");
    }
    CHECK(snap_same(&s, &p, &l) && p.stat.err[GX_CMDERRSHORT] == 1 &&
          (gx_pipe_status(&p) & GX_PIPE_STATUS_CMD_ERR), "short triangle: nothing changed");
    gx_pipe_status_write(&p, 0); /* a 0 leaves it */
    CHECK(gx_pipe_status(&p) & GX_PIPE_STATUS_CMD_ERR, "CMD_ERR kept by a 0");
    /* 3. the triangle with TKEEP 0x7f on its color beat */
    for (unsigned i = 0; i < 5; i++) {
        gx_pipe_beat_t bb = tb[i];
        if (i == 4)
            bb.keep = 0x7f;
        gx_pipe_beat(&p, &bb);
    }
    CHECK(snap_same(&s, &p, &l) && p.stat.err[GX_CMDERRKEEP] == 1, "keep: nothing changed");
    /* 4. the triangle with bit 48 of vertex 1 set (reserved) */
    for (unsigned i = 0; i < 5; i++) {
        gx_pipe_beat_t bb = tb[i];
        if (i == 2)
            bb.data |= 1ull << 48;
        gx_pipe_beat(&p, &bb);
    }
    CHECK(snap_same(&s, &p, &l) && p.stat.err[GX_CMDERRRESERVED] == 1, "reserved: nothing");
    /* the good triangle, then a load out of range (x = 16 = W), then the flush */
    gx_pipe_send(&p, &t);
    snap_take(&s, &p, &l);
    gx_pipe_beat(&p, &(gx_pipe_beat_t){4u | 16u << 8, 0xff, 1});
    CHECK(snap_same(&s, &p, &l) && p.stat.err[GX_CMDERRRANGE] == 1 && p.stat.bad_cmds == 5,
          "range: nothing changed, 5 bad packets");
    gx_pipe_send(&p, &fl);
    /* a packet that runs long: the flush header without TLAST, 2 more beats */
    snap_take(&s, &p, &l);
    gx_pipe_beat(&p, &(gx_pipe_beat_t){3, 0xff, 0});
    gx_pipe_beat(&p, &(gx_pipe_beat_t){0, 0xff, 0});
    gx_pipe_beat(&p, &(gx_pipe_beat_t){0, 0xff, 1});
    CHECK(snap_same(&s, &p, &l) && p.stat.err[GX_CMDERRLONG] == 1, "long: nothing changed");
    gx_pipe_send(&p, &ld); /* the next packet works */
    CHECK(gx_msmem_compare(&p.mem, ref.mem.img, ref.mem.lo, ref.mem.hi - ref.mem.lo, NULL) == 0,
          "bad packets: memory equals the clean stream's");
    CHECK(memcmp(&p.cnt, &ref.cnt, sizeof p.cnt) == 0, "bad packets: counters equal");
    CHECK(l.n == lr.n, "bad packets: %zu transactions, clean %zu", l.n, lr.n);
    for (size_t i = 0; i < l.n && i < lr.n; i++)
        CHECK(l.v[i].op.write == lr.v[i].op.write && l.v[i].op.tile == lr.v[i].op.tile &&
              l.v[i].op.pixels == lr.v[i].op.pixels &&
              memcmp(&l.v[i].op.io, &lr.v[i].op.io, sizeof l.v[i].op.io) == 0,
              "bad packets: transaction %zu", i);
    gx_pipe_beat_t a[3], c[3];
    CHECK(take3(&p, a) && take3(&ref, c) && beats_eq(a, c, 3), "bad packets: the load answered");
    CHECK(p.stat.bad_cmds == 6 && p.stat.commands == 3 && ref.stat.bad_cmds == 0,
          "bad packets: 6 counted");
    gx_pipe_free(&ref);
    gx_pipe_free(&p);
    free(s.img);
    free(l.v);
    free(lr.v);
}

/* A pattern write, then the golden triangle. Every slot 0x88: all four samples at the
 * pixel center (px + 0.5, py + 0.5): inside when px + py + 1 < 16; px + py = 15 puts the
 * center on the hypotenuse, which is neither a top nor a left edge: outside. Row 0:
 * pixels 0..14, mask 0xf; row 1: pixels 0..13. Flush, tiles 0..3 in order: tiles 0..2
 * hold pixels 0..7 (rows 0, 1) whole, each uniform (arrival 1SPP), the rest uncovered:
 * the state query (the state byte alone, 0x8000 + k: 1SPP), the need 1SPP keeps the
 * state: pixels 0..7 written in place, 1SPP: home + 0..31 one range (32 bytes), the
 * state byte (0). Tile 3 (columns 12..15): pixels 0, 1, 2 (row 0) and 4, 5 (row 1): two
 * ranges, 12 bytes at + 0 and 8 at + 16. BYTES_RD 4, BYTES_WR 3 x 33 + 21 = 120. */
static void directed_pattern(void)
{
    gx_pipe_cfg_t cfg;
    gx_pipe_t p;
    mlog_t l = {0};
    small_cfg(&cfg);
    gx_pipe_init(&p, &cfg);
    l.p = &p;
    gx_pipe_set_mem_hook(&p, on_op, &l);
    gx_pipe_cmd_t pat = simple_cmd(GX_CMDPATTERN), t = big_tri(), fl = simple_cmd(GX_CMDFLUSH);
    memset(pat.data, 0x88, 16);
    CHECK(gx_pipe_send(&p, &pat) == 3, "pattern: 3 beats");
    CHECK(p.table_written && p.table.slot[15] == 0x88, "pattern: table written");
    gx_pipe_send(&p, &t);
    CHECK(p.cnt.stores == 29 && p.cnt.samples == 29 * 4, "pattern: 29 pixels of 4 samples");
    gx_pipe_send(&p, &fl);
    CHECK(l.n == 8, "pattern: 8 transactions, got %zu", l.n);
    if (l.n == 8) {
        for (unsigned k = 0; k < 4; k++) {
            CHECK(op_is(&l.v[2 * k], 0, GX_MS_READ_RMW, k, 0, 0, 1) &&
                  range_is(&l.v[2 * k].op.io, 0, STB + k, 1, GX_MSMEM_STATE),
                  "pattern: state query %u", k);
            CHECK(op_is(&l.v[2 * k + 1], 1, 0, k, k < 3 ? 0xff : 0x37, k < 3 ? 32 : 20,
                        k < 3 ? 2 : 3) && l.v[2 * k + 1].op.enc == GX_ENC1SPP &&
                  range_is(&l.v[2 * k + 1].op.io, 0, SB + 256 * k, k < 3 ? 32 : 12, GX_MSMEM_HOME),
                  "pattern: write of tile %u", k);
        }
        CHECK(range_is(&l.v[7].op.io, 1, SB + 768 + 16, 8, GX_MSMEM_HOME), "pattern: tile 3's second range");
    }
    int ok = 1;
    for (unsigned k = 0; k < 4; k++)
        for (unsigned j = 0; j < 64; j++) {
            const int covered = k < 3 ? j < 32 : j < 12 || (j >= 16 && j < 24);
            ok &= gx_msmem_peek(&p.mem, SB + 256 * k + j) == (covered ? COLOR[j % 4] : 0);
            ok &= gx_msmem_peek(&p.mem, STB + k) == 0;
        }
    CHECK(ok, "pattern: memory bytes");
    CHECK(p.cnt.bytes_rd == 4 && p.cnt.bytes_wr == 120, "pattern: bytes");
    /* a triangle outside the guard band (x = 20000 pixels): a bad packet (RANGE), no
     * triangle, no store */
    gx_pipe_cmd_t far = tri_cmd(20000 * 256, 0, 20001 * 256, 0, 20000 * 256, 256, COLOR);
    gx_pipe_send(&p, &far);
    CHECK(p.stat.err[GX_CMDERRRANGE] == 1 && p.cnt.triangles == 1 && p.cnt.stores == 29 &&
              (gx_pipe_status(&p) & GX_PIPE_STATUS_CMD_ERR),
          "outside the guard band: RANGE, no triangle, no store");
    CHECK(l.bad_ranges == 0, "pattern: ranges");
    gx_pipe_free(&p);
    free(l.v);
}

static void directed_cfg(void)
{
    gx_pipe_cfg_t good, c;
    gx_pipe_t p;
    small_cfg(&good);
    CHECK(gx_pipe_cfg_check(&good) == NULL, "cfg: the small one is good");
    /* each refusal, one field off */
    for (unsigned k = 0; k < 13; k++) {
        c = good;
        switch (k) {
        case 0: c.width = 0; break;
        case 1: c.width = 8193; break;
        case 2: c.height = 0; break;
        case 3: c.samples = 7; break;
        case 4: c.samples = 5; break;
        case 5: c.bps = 3; break;
        case 6: c.conservative = 2; break;
        case 7: c.slots = 0; break;
        case 8: c.slots = 33; break;
        case 9: c.surf_base += 0x80; break;
        case 10: c.state_base += 0x04; break;
        case 11: c.index_base = SB + 0x100; break; /* inside the homes */
        case 12: c.surf_base = UINT64_MAX - 0xff; break; /* 512 bytes from there wrap */
        }
        const char *why = gx_pipe_cfg_check(&c);
        CHECK(why != NULL, "cfg refusal %u", k);
        CHECK(gx_pipe_init(&p, &c) == GX_PIPE_INIT_BAD_CFG && gx_pipe_status(&p) ==
              (GX_PIPE_STATUS_CFG_ERR | GX_PIPE_STATUS_IDLE), "cfg refusal %u: CFG_ERR (%s)", k,
              why ? why : "-");
        gx_pipe_cmd_t fl = simple_cmd(GX_CMDFLUSH);
        CHECK(gx_pipe_send(&p, &fl) == 0 && p.stat.beats == 0, "cfg refusal %u: no beat taken", k);
        gx_pipe_status_write(&p, GX_PIPE_STATUS_CFG_ERR);
        CHECK(!(gx_pipe_status(&p) & GX_PIPE_STATUS_CFG_ERR), "cfg refusal %u: cleared", k);
        gx_pipe_free(&p);
    }
    /* the largest surface: 8192 x 8192 at 2x RGBA8 = 2^29 bytes > 2^28 */
    gx_pipe_cfg_default(&c, 8192, 8192, 1, 0);
    CHECK(gx_pipe_cfg_check(&c) != NULL, "cfg: surface above 2^28 bytes refused");
    /* 4096 x 4096 at 2x RGBA8 = 2^27 bytes: taken */
    gx_pipe_cfg_default(&c, 4096, 4096, 1, 0);
    CHECK(gx_pipe_cfg_check(&c) == NULL && c.index_base == (1u << 27) &&
          c.state_base == (1u << 27) + (1u << 24), "cfg default: the regions in a row");
    /* a good configuration the model cannot hold: regions 2^32 apart */
    c = good;
    c.state_base = 1ull << 32;
    CHECK(gx_pipe_cfg_check(&c) == NULL && gx_pipe_init(&p, &c) == GX_PIPE_INIT_NO_MODEL &&
          gx_pipe_status(&p) == GX_PIPE_STATUS_IDLE, "cfg: beyond the model's span");
    gx_pipe_cmd_t fl = simple_cmd(GX_CMDFLUSH);
    CHECK(gx_pipe_send(&p, &fl) == 0, "cfg: not modelled: no beat taken");
    gx_pipe_free(&p);

    /* the load-response beats: encode, decode, checks */
    gx_ms_load_resp_t r, q;
    memset(&r, 0, sizeof r);
    for (unsigned j = 0; j < 16; j++)
        r.value[j] = (uint8_t)(0xa0 + j);
    r.mask = 0xbeef, r.enc = GX_ENCFULL, r.analyzed = 1, r.passes = 0xfedc, r.read_bytes = 0x1ff;
    gx_pipe_beat_t b[3], w[3];
    gx_pipe_ld_encode(&r, b);
    ld_beats(&r, w);
    CHECK(beats_eq(b, w, 3) && b[0].data == 0xa7a6a5a4a3a2a1a0ull, "ld encode");
    CHECK(b[2].data == (0xbeefull | 2ull << 16 | 1ull << 18 | 0xfedcull << 19 | 0x1ffull << 35),
          "ld encode beat 2: %016" PRIx64, b[2].data);
    CHECK(gx_pipe_ld_decode(b, &q) && gx_mssurf_ldresp_eq(&q, &r), "ld decode");
    b[2].data |= 1ull << 44;
    CHECK(!gx_pipe_ld_decode(b, &q), "ld decode: bit 44 refused");
    b[2].data &= ~(1ull << 44);
    b[1].last = 1;
    CHECK(!gx_pipe_ld_decode(b, &q), "ld decode: TLAST on beat 1 refused");
}

/* ---------------------------------------------------------------------------------
 * The independent chain: the same models called by hand, on the abstract memory. */

typedef struct xop {     /* a transaction the chain says gx_pipe must make */
    int write;
    gx_ms_read_kind_t kind;
    uint32_t tile, pixels, data;
    gx_enc_t enc;        /* read: the tile's state then */
    gx_ms_flush_t f;
} xop_t;

typedef struct refc {
    gx_ms_cfg_t ms;
    gx_rs_cfg_t rs;
    gx_rs_table_t table;
    int table_written;
    gx_ms_lsu_t lsu;
    gx_ms_mem_t mem;
    gx_pipe_cnt_t cnt;
    uint8_t color[16];
    uint64_t last_write_bytes;
    uint8_t *enc;        /* each tile's state, as the chain's packets set it */
    xop_t *x;
    size_t nx, capx;
    gx_pipe_beat_t ld[3];
    int has_ld;
    uint64_t tri_stores;
} refc_t;

/* coverage bins */
static struct {
    uint64_t kind[4], err[7], cause[4], rmw, query, promote, ldread, ldbuf, ldana,
        wenc[4], wn[4], wb[3], padded, merges, cons, after_pat, empty_tri, idle[2], onex;
} cov;

static void xpush(refc_t *r, const xop_t *x)
{
    if (r->nx == r->capx) {
        r->capx = r->capx ? 2 * r->capx : 64;
        r->x = realloc(r->x, r->capx * sizeof *r->x);
        if (!r->x) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
    }
    r->x[r->nx++] = *x;
}

/* A flush packet of the chain: the reads gx_mswb makes for it (docs/mswb.md), then its
 * write. The RMW read when a pixel is partial; else the state query when an existing
 * pixel is uncovered; the promotion read when the whole tile is written though pixels
 * were uncovered. */
static void on_flush(void *ctx, const gx_ms_flush_t *f)
{
    refc_t *r = ctx;
    const uint32_t valid = gx_mssurf_tile_valid(&r->ms, f->tile);
    const uint16_t all = (uint16_t)((1u << (2u << r->ms.spp)) - 1u);
    uint32_t cv = 0, part = 0;
    for (unsigned q = 0; q < 32; q++) {
        if (f->cover[q])
            cv |= 1u << q;
        if (f->cover[q] && f->cover[q] != all)
            part |= 1u << q;
    }
    xop_t x;
    memset(&x, 0, sizeof x);
    x.tile = f->tile;
    x.enc = (gx_enc_t)r->enc[f->tile];
    r->enc[f->tile] = (uint8_t)f->enc;
    if (part || cv != valid) {
        x.kind = GX_MS_READ_RMW;
        x.pixels = part;
        x.data = f->read_rmw;
        xpush(r, &x);
        cov.rmw += part != 0;
        cov.query += part == 0;
    }
    if (cv != valid && f->written == valid) {
        x.kind = GX_MS_READ_PROMOTE;
        x.pixels = valid & ~cv;
        x.data = f->read_promote;
        xpush(r, &x);
        cov.promote++;
    }
    x.write = 1;
    x.kind = 0;
    x.pixels = f->written;
    x.data = (uint32_t)(r->mem.cnt.write_bytes - r->last_write_bytes);
    r->last_write_bytes = r->mem.cnt.write_bytes;
    x.f = *f;
    xpush(r, &x);
    r->cnt.flush[f->cause]++;
    r->cnt.bytes_wr += x.data + 1u;
    cov.cause[f->cause]++;
    cov.wenc[f->enc]++;
    cov.wn[r->ms.spp]++;
    cov.wb[r->ms.bps]++;
    uint32_t lx, ly; /* the tile's last pixel in the padding */
    gx_mssurf_tile_xy(&r->ms, f->tile, gx_mssurf_tile_pixels(&r->ms) - 1u, &lx, &ly);
    cov.padded += lx >= r->ms.width || ly >= r->ms.height;
}

static void ref_quad(void *ctx, const gx_rs_quad_t *q)
{
    refc_t *r = ctx;
    for (unsigned k = 0; k < 4; k++) {
        if (!q->mask[k])
            continue;
        gx_ms_store_t st;
        memset(&st, 0, sizeof st);
        st.x = (uint16_t)(2u * q->qx + (k & 1u));
        st.y = (uint16_t)(2u * q->qy + (k >> 1));
        st.mask = q->mask[k];
        if (r->rs.samples == 1) { /* 1x: both samples of the 2x surface */
            st.mask = 3;
            cov.onex++;
        }
        memcpy(st.value, r->color, 16);
        r->cnt.pixels++;
        r->cnt.stores++;
        r->tri_stores++;
        for (uint16_t m = q->mask[k]; m; m &= (uint16_t)(m - 1u))
            r->cnt.samples++;
        gx_mssurf_store(&r->lsu, &r->mem, &st, on_flush, r);
    }
}

/* The chain's flushes add read bytes for their reads (each one state byte more). */
static void count_reads(refc_t *r, size_t from)
{
    for (size_t i = from; i < r->nx; i++)
        if (!r->x[i].write)
            r->cnt.bytes_rd += r->x[i].data + 1u;
}

static void ref_cmd(refc_t *r, const gx_pipe_cmd_t *c)
{
    const size_t from = r->nx;
    r->has_ld = 0;
    cov.kind[c->kind]++;
    if (c->kind == GX_CMDTRIANGLE) {
        gx_rs_tri_t tri;
        gx_rs_setup_t s;
        memcpy(tri.x, c->x, sizeof tri.x);
        memcpy(tri.y, c->y, sizeof tri.y);
        memcpy(r->color, c->data, 16);
        r->cnt.triangles++;
        r->tri_stores = 0;
        gx_raster_setup(&r->rs, &tri, &s);
        gx_rs_table_t def;
        gx_raster_default_table(r->rs.samples, &def);
        gx_raster_tri(&r->rs, r->table_written ? &r->table : &def, &s, ref_quad, r);
        cov.empty_tri += r->tri_stores == 0;
        cov.cons += r->rs.conservative && r->tri_stores;
        cov.after_pat += r->table_written && r->tri_stores;
    } else if (c->kind == GX_CMDPATTERN) {
        memcpy(r->table.slot, c->data, 16);
        r->table_written = 1;
    } else if (c->kind == GX_CMDFLUSH) {
        gx_mssurf_flush(&r->lsu, &r->mem, on_flush, r);
    } else {
        /* the read: unless a resident slot holds every sample of the pixel */
        unsigned q;
        const uint32_t tile = gx_mssurf_pixel_tile(&r->ms, c->lx, c->ly, &q);
        const uint16_t all = (uint16_t)((1u << (2u << r->ms.spp)) - 1u);
        int inbuf = 0;
        for (unsigned k = 0; k < r->ms.slots; k++)
            if (r->lsu.slot[k].valid && r->lsu.slot[k].tile == tile &&
                r->lsu.slot[k].cover[q] == all)
                inbuf = 1;
        gx_ms_load_t ld = {c->lx, c->ly, c->sample};
        gx_ms_load_resp_t resp;
        gx_mssurf_load(&r->lsu, &r->mem, &ld, &resp);
        if (!inbuf) {
            xop_t x;
            memset(&x, 0, sizeof x);
            x.kind = GX_MS_READ_LOAD;
            x.enc = (gx_enc_t)r->enc[tile];
            x.tile = tile;
            x.pixels = 1u << q;
            x.data = resp.read_bytes;
            xpush(r, &x);
        }
        r->cnt.loads++;
        ld_beats(&resp, r->ld);
        r->has_ld = 1;
        cov.ldread += !inbuf;
        cov.ldbuf += inbuf;
        cov.ldana += resp.analyzed;
    }
    count_reads(r, from);
}

/* Every existing pixel of every tile and every state, gx_pipe against the chain. */
static unsigned compare_memory(gx_pipe_t *p, const refc_t *r)
{
    unsigned bad = 0;
    const unsigned pb = (2u << r->ms.spp) * (4u << r->ms.bps);
    const gx_pipe_cnt_t keep = p->cnt;
    for (uint32_t t = 0; t < r->mem.tiles; t++) {
        uint8_t img[GX_MS_TILE_BYTES];
        gx_enc_t e;
        gx_pipe_peek_tile(p, t, img, &e, NULL);
        const uint32_t valid = gx_mssurf_tile_valid(&r->ms, t);
        int ok = e == (gx_enc_t)r->mem.enc[t];
        for (unsigned q = 0; q < 32; q++)
            if ((valid >> q) & 1u)
                ok &= memcmp(img + q * pb, r->mem.data + (size_t)t * 256 + q * pb, pb) == 0;
        bad += !ok;
    }
    bad += memcmp(&keep, &p->cnt, sizeof keep) != 0; /* peeking is no transaction */
    return bad;
}

/* ---------------------------------------------------------------------------------
 * Random streams. */

static int32_t rnd_coord(unsigned size)
{
    /* pixels -6 .. size + 6, at 1/256, or on a pixel / half-pixel grid */
    int32_t v = (int32_t)rnd((size + 12u) * 256u) - 6 * 256;
    if (rnd(3) == 0)
        v &= ~0x7f;
    return v;
}

static void rnd_cmd(const gx_pipe_cfg_t *cfg, const uint8_t pal[6][16], unsigned bytes,
                    gx_pipe_cmd_t *c)
{
    memset(c, 0, sizeof *c);
    const unsigned k = rnd(100);
    if (k < 56) {
        c->kind = GX_CMDTRIANGLE;
        if (rnd(4) == 0) { /* a small one somewhere */
            const int32_t x = rnd_coord(cfg->width), y = rnd_coord(cfg->height);
            for (unsigned v = 0; v < 3; v++) {
                c->x[v] = x + (int32_t)rnd(6 * 256) - 3 * 256;
                c->y[v] = y + (int32_t)rnd(6 * 256) - 3 * 256;
            }
        } else {
            for (unsigned v = 0; v < 3; v++) {
                c->x[v] = rnd_coord(cfg->width);
                c->y[v] = rnd_coord(cfg->height);
            }
        }
        if (rnd(25) == 0) { /* degenerate: a segment or a point */
            c->x[1] = c->x[0], c->y[1] = c->y[0];
            if (rnd(2))
                c->x[2] = c->x[0], c->y[2] = c->y[0];
        }
        memcpy(c->data, pal[rnd(6)], 16);
        if (cfg->threshold && rnd(3) == 0) /* a near value */
            c->data[rnd(bytes)] ^= (uint8_t)rnd(3);
        for (unsigned j = bytes; j < 16; j++)
            c->data[j] = 0;
    } else if (k < 62) {
        c->kind = GX_CMDPATTERN;
        for (unsigned j = 0; j < 16; j++)
            c->data[j] = (uint8_t)rnd64();
    } else if (k < 72) {
        c->kind = GX_CMDFLUSH;
    } else {
        c->kind = GX_CMDLOAD;
        c->lx = (uint16_t)rnd(cfg->width);
        c->ly = (uint16_t)rnd(cfg->height);
        c->sample = (uint8_t)rnd(cfg->samples ? 2u << (cfg->samples - 1u) : 2u);
    }
}

/* A bad packet of a known class, from the good packet of c (len beats in b). Returns
 * its beats in out. */
static unsigned rnd_bad(const gx_pipe_cfg_t *cfg, const gx_pipe_beat_t *b, unsigned len,
                        const gx_pipe_cmd_t *c, gx_pipe_beat_t *out, gx_cmd_err_t *err)
{
    unsigned n = len;
    memcpy(out, b, len * sizeof *b);
    for (;;) {
        switch (rnd(6)) {
        case 0: /* TKEEP */
            out[rnd(len)].keep = (uint8_t)(0xff ^ (1u << rnd(8)));
            *err = GX_CMDERRKEEP;
            return n;
        case 1: /* opcode 0 or 5..255, 1..4 beats */
            n = 1 + rnd(4);
            for (unsigned i = 0; i < n; i++)
                out[i] = beat(rnd64(), i + 1 == n);
            out[0].data = (out[0].data & ~0xffull) | (rnd(2) ? 0 : 5 + rnd(251));
            *err = GX_CMDERROPCODE;
            return n;
        case 2: /* a reserved header bit (not a load's fields) */
            if (c->kind == GX_CMDLOAD)
                break;
            out[0].data |= 1ull << (8 + rnd(56));
            *err = GX_CMDERRRESERVED;
            return n;
        case 3: /* short */
            if (len == 1)
                break;
            n = 1 + rnd(len - 1);
            out[n - 1].last = 1;
            *err = GX_CMDERRSHORT;
            return n;
        case 4: /* long by 1..3 */
            out[len - 1].last = 0;
            n = len + 1 + rnd(3);
            for (unsigned i = len; i < n; i++)
                out[i] = beat(rnd64(), i + 1 == n);
            *err = GX_CMDERRLONG;
            return n;
        case 5: /* a load out of range */
            out[0] = beat(4u | (uint64_t)cfg->width << 8, 1);
            *err = GX_CMDERRRANGE;
            return 1;
        }
    }
}

static void random_run(unsigned run, unsigned ncmd)
{
    gx_pipe_cfg_t cfg;
    const unsigned samples = run % 5, bps = (run / 5) % 3; /* 0: 1x on a 2x surface */
    const unsigned w = rnd(6) == 0 ? 1 + rnd(3) : 1 + rnd(61);
    const unsigned h = rnd(6) == 0 ? 1 + rnd(3) : 1 + rnd(41);
    gx_pipe_cfg_default(&cfg, (uint16_t)w, (uint16_t)h, (uint8_t)samples, (uint8_t)bps);
    cfg.slots = (uint8_t)(1 + rnd(6));
    cfg.threshold = rnd(3) == 0 ? (uint8_t)(1 + rnd(4)) : 0;
    cfg.conservative = rnd(6) == 0;
    cfg.cons_err = (uint8_t)rnd(256);
    /* the regions in a random order with gaps from a random 64-bit base */
    gx_ms_cfg_t ms;
    gx_pipe_ms_cfg(&cfg, &ms);
    const uint64_t tiles = gx_mssurf_tiles(&ms);
    const uint64_t rlen[3] = {tiles * 256, tiles * 32, tiles};
    uint64_t at = (rnd64() >> 2) & ~0xffull, base[3];
    const unsigned order = rnd(6), perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                                {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (unsigned i = 0; i < 3; i++) {
        const unsigned rg = perm[order][i];
        base[rg] = at;
        at += (rlen[rg] + 255) / 256 * 256 + 256u * rnd(3);
    }
    cfg.surf_base = base[0], cfg.index_base = base[1], cfg.state_base = base[2];

    gx_pipe_t p;
    mlog_t l = {0};
    if (gx_pipe_init(&p, &cfg) != GX_PIPE_INIT_OK) {
        CHECK(0, "run %u: init refused: %s", run, gx_pipe_cfg_check(&cfg));
        return;
    }
    l.p = &p;
    l.replay = calloc(p.mem.hi - p.mem.lo, 1);
    gx_pipe_set_mem_hook(&p, on_op, &l);

    refc_t r;
    memset(&r, 0, sizeof r);
    r.ms = p.ms;
    r.ms.slots = cfg.slots;
    r.rs.width = cfg.width, r.rs.height = cfg.height;
    r.rs.samples = (uint8_t)(1u << samples);
    r.rs.conservative = cfg.conservative, r.rs.cons_err = cfg.cons_err;
    gx_mssurf_lsu_init(&r.lsu, &r.ms);
    r.enc = calloc(gx_mssurf_tiles(&r.ms), 1);
    if (!gx_mssurf_mem_init(&r.mem, &r.ms) || !r.enc) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    const unsigned bytes = 4u << bps;
    uint8_t pal[6][16];
    for (unsigned i = 0; i < 6; i++)
        for (unsigned j = 0; j < 16; j++)
            pal[i][j] = (uint8_t)rnd64();
    int cmd_err = 0;
    unsigned mism = 0;
    for (unsigned i = 0; i < ncmd && mism < 5; i++) {
        gx_pipe_cmd_t c;
        rnd_cmd(&cfg, pal, bytes, &c);
        gx_pipe_beat_t b[GX_PIPE_CMD_MAX_BEATS], bad[12];
        const unsigned len = gx_pipe_cmd_encode(&c, (gx_bps_t)bps, b);
        const size_t ops0 = l.n;
        const int is_bad = rnd(8) == 0;
        if (is_bad) {
            gx_cmd_err_t err = GX_CMDERRNONE;
            const unsigned n = rnd_bad(&cfg, b, len, &c, bad, &err);
            const uint64_t before = p.stat.err[err];
            for (unsigned k = 0; k < n; k++)
                gx_pipe_beat(&p, &bad[k]);
            CHECK(p.stat.err[err] == before + 1, "run %u cmd %u: bad packet of code %u", run,
                  i, err);
            cov.err[err]++;
            cmd_err = 1;
            r.has_ld = 0;
        } else {
            for (unsigned k = 0; k < len; k++)
                gx_pipe_beat(&p, &b[k]);
            ref_cmd(&r, &c);
        }
        /* the transactions of this packet, in order */
        const size_t got = l.n - ops0;
        int ok = got == r.nx;
        for (size_t k = 0; ok && k < got; k++) {
            const logop_t *e = &l.v[ops0 + k];
            const xop_t *x = &r.x[k];
            ok &= e->op.write == x->write && e->op.tile == x->tile &&
                  e->op.pixels == x->pixels && e->op.io.data_bytes == x->data &&
                  e->op.io.state_bytes == 1 && e->op.seq == ops0 + k;
            if (x->write)
                ok &= e->op.ok && gx_mssurf_flush_eq(&e->f, &x->f) && e->op.enc == x->f.enc;
            else
                ok &= e->op.kind == x->kind && e->op.enc == x->enc;
        }
        CHECK(ok, "run %u cmd %u (%s): transactions: %zu, the chain's %zu", run, i,
              is_bad ? "bad" : "good", got, r.nx);
        mism += !ok;
        r.nx = 0;
        CHECK(memcmp(&p.cnt, &r.cnt, sizeof r.cnt) == 0,
              "run %u cmd %u: counters (tri %" PRIu64 "/%" PRIu64 ", stores %" PRIu64 "/%" PRIu64
              ", rd %" PRIu64 "/%" PRIu64 ", wr %" PRIu64 "/%" PRIu64 ")", run, i,
              p.cnt.triangles, r.cnt.triangles, p.cnt.stores, r.cnt.stores, p.cnt.bytes_rd,
              r.cnt.bytes_rd, p.cnt.bytes_wr, r.cnt.bytes_wr);
        if (r.has_ld) {
            gx_pipe_beat_t a[3];
            CHECK(gx_pipe_ld_count(&p) == 3 && take3(&p, a) && beats_eq(a, r.ld, 3),
                  "run %u cmd %u: load response", run, i);
        }
        CHECK(gx_pipe_ld_count(&p) == 0, "run %u cmd %u: no stray load beats", run, i);
        int ref_idle = 1;
        for (unsigned k = 0; k < GX_MS_MAX_SLOTS; k++)
            ref_idle &= !r.lsu.slot[k].valid;
        const uint32_t st = gx_pipe_status(&p);
        CHECK(st == ((ref_idle ? GX_PIPE_STATUS_IDLE : 0u) | (cmd_err ? GX_PIPE_STATUS_CMD_ERR : 0u)),
              "run %u cmd %u: STATUS %x", run, i, st);
        cov.idle[ref_idle]++;
        if (cmd_err && rnd(4) == 0) {
            gx_pipe_status_write(&p, GX_PIPE_STATUS_CMD_ERR);
            cmd_err = 0;
        }
        if (i % 40 == 39)
            CHECK(compare_memory(&p, &r) == 0, "run %u cmd %u: memory", run, i);
    }
    /* the end: a flush, everything in memory */
    gx_pipe_cmd_t fl = simple_cmd(GX_CMDFLUSH);
    gx_pipe_send(&p, &fl);
    ref_cmd(&r, &fl);
    r.nx = 0;
    CHECK(memcmp(&p.cnt, &r.cnt, sizeof r.cnt) == 0, "run %u: counters at the end", run);
    CHECK(compare_memory(&p, &r) == 0, "run %u: memory at the end", run);
    uint64_t first = 0;
    const uint64_t diff = gx_msmem_compare(&p.mem, l.replay, p.mem.lo, p.mem.hi - p.mem.lo, &first);
    CHECK(diff == 0, "run %u: the replayed write ranges differ in %" PRIu64 " bytes from 0x%" PRIx64,
          run, diff, first);
    CHECK(l.bad_ranges == 0, "run %u: %u ranges outside their region or block", run, l.bad_ranges);
    CHECK(p.stat.bad_writes == 0 && r.mem.cnt.bad_writes == 0, "run %u: no refused packet", run);
    cov.merges += cfg.threshold ? r.lsu.cnt.merges : 0;
    gx_pipe_free(&p);
    gx_mssurf_mem_free(&r.mem);
    free(r.enc);
    free(r.x);
    free(l.v);
    free(l.replay);
}

static void coverage(void)
{
    struct {
        const char *name;
        uint64_t n;
    } const bins[] = {
        {"triangles", cov.kind[0]}, {"patterns", cov.kind[1]}, {"flushes", cov.kind[2]},
        {"loads", cov.kind[3]}, {"bad: keep", cov.err[1]}, {"bad: opcode", cov.err[2]},
        {"bad: reserved", cov.err[3]}, {"bad: range", cov.err[4]}, {"bad: short", cov.err[5]},
        {"bad: long", cov.err[6]}, {"flush full", cov.cause[0]}, {"flush evict", cov.cause[1]},
        {"flush conflict", cov.cause[2]}, {"flush command", cov.cause[3]},
        {"RMW reads", cov.rmw}, {"state queries", cov.query}, {"promotion reads", cov.promote},
        {"load reads", cov.ldread}, {"loads from the buffer", cov.ldbuf},
        {"loads analyzed", cov.ldana}, {"writes 1SPP", cov.wenc[0]},
        {"writes subset", cov.wenc[1]}, {"writes full", cov.wenc[2]},
        {"writes uniform", cov.wenc[3]}, {"writes N = 2", cov.wn[0]},
        {"writes N = 4", cov.wn[1]}, {"writes N = 8", cov.wn[2]}, {"writes N = 16", cov.wn[3]},
        {"writes B = 4", cov.wb[0]}, {"writes B = 8", cov.wb[1]}, {"writes B = 16", cov.wb[2]},
        {"padded tiles", cov.padded}, {"threshold merges", cov.merges},
        {"conservative stores", cov.cons}, {"stores after a pattern", cov.after_pat},
        {"triangles without a store", cov.empty_tri}, {"not idle", cov.idle[0]},
        {"idle", cov.idle[1]}, {"1x stores", cov.onex},
    };
    for (size_t i = 0; i < sizeof bins / sizeof bins[0]; i++)
        CHECK(bins[i].n > 0, "coverage bin empty: %s", bins[i].name);
    printf("test_pipe: coverage: %" PRIu64 " triangles, %" PRIu64 " loads, flushes full %" PRIu64
           " evict %" PRIu64 " conflict %" PRIu64 " command %" PRIu64 ", reads: RMW %" PRIu64
           " state query %" PRIu64 " promote %" PRIu64 " load %" PRIu64 ", bad packets %" PRIu64 "\n",
           cov.kind[0], cov.kind[3], cov.cause[0], cov.cause[1], cov.cause[2], cov.cause[3],
           cov.rmw, cov.query, cov.promote, cov.ldread,
           cov.err[1] + cov.err[2] + cov.err[3] + cov.err[4] + cov.err[5] + cov.err[6]);
}

int main(void)
{
    check_seed("test_pipe");
    directed_golden();
    directed_resident();
    directed_bad();
    directed_pattern();
    directed_cfg();
    for (unsigned run = 0; run < 96; run++)
        random_run(run, 300);
    coverage();
    return check_summary();
}
