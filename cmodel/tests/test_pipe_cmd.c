/* test_pipe_cmd: unit tests of the command decoder's model (gx/pipe_cmd.h).
 *
 * Covers: the hand-worked packets of docs/pipe_cmd.md (a triangle at B = 4, 8, 16, a
 * triangle at the guard band's corner and one 1/256 px outside it, a pattern table, a
 * flush, a load), decoded to the commands written there and encoded back to the same
 * beats; every error class (keep, opcode, reserved on each kind of beat, range on a
 * load's x, y and sample at its bound, range on each coordinate of each vertex at
 * lim + 1, -lim - 1 and the field's ends, with +-lim decoding, short, long), each
 * dropping its packet whole and the next packet decoding; the first bad beat naming the
 * error; the bounds one below each load range limit; the order of the checks in a beat
 * (a vertex: reserved before range, range before short; keep before range); pack/unpack
 * of pipe_cmd_t; random commands encoded and decoded back at every format (triangles in
 * the band, its edges favoured), and random triangles with a vertex outside it, each a
 * RANGE error. Runs plain and under ASan/UBSan (make test).
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "gx/pipe_cmd.h"

static gx_ms_cfg_t cfg_of(unsigned w, unsigned h, gx_spp_t spp, gx_bps_t bps)
{
    gx_ms_cfg_t c;
    memset(&c, 0, sizeof c);
    c.width = (uint16_t)w;
    c.height = (uint16_t)h;
    c.spp = spp;
    c.bps = bps;
    c.slots = 4;
    return c;
}

/* Feed n beats (data, keep all ones, TLAST on the last); return the last beat's result. */
typedef struct run {
    unsigned cmds, errs, nones;
    gx_pipe_cmd_t cmd;
    gx_cmd_err_t err;
} run_t;

static run_t feed(gx_pipe_cmd_dec_t *d, const gx_pipe_beat_t *b, unsigned n)
{
    run_t r;
    memset(&r, 0, sizeof r);
    for (unsigned i = 0; i < n; i++) {
        gx_pipe_cmd_t c;
        gx_cmd_err_t e;
        gx_pipe_cmd_res_t res = gx_pipe_cmd_beat(d, &b[i], &c, &e);
        if (res == GX_PIPE_CMD_CMD) {
            r.cmds++;
            r.cmd = c;
        } else if (res == GX_PIPE_CMD_ERR) {
            r.errs++;
            r.err = e;
        } else {
            r.nones++;
        }
    }
    return r;
}

static void beats_of(gx_pipe_beat_t *b, const uint64_t *data, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        b[i].data = data[i];
        b[i].keep = 0xff;
        b[i].last = i + 1 == n;
    }
}

/* Beats a and b equal field by field (a beat's padding bytes are indeterminate, so the
 * structs are not compared with memcmp). */
static int beats_eq(const gx_pipe_beat_t *a, const gx_pipe_beat_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (a[i].data != b[i].data || a[i].keep != b[i].keep || a[i].last != b[i].last)
            return 0;
    return 1;
}

/* The next packet after an error decodes: a flush. */
static void next_ok(gx_pipe_cmd_dec_t *d, const char *what)
{
    gx_pipe_beat_t f = {3, 0xff, 1};
    run_t r = feed(d, &f, 1);
    CHECK(r.cmds == 1 && r.cmd.kind == GX_CMDFLUSH, "%s: the flush after it decodes", what);
}

static void worked(void)
{
    gx_pipe_cmd_dec_t d;
    gx_ms_cfg_t cfg = cfg_of(64, 32, GX_SPP4, GX_BPS4);
    gx_pipe_beat_t b[GX_PIPE_CMD_MAX_BEATS], e[GX_PIPE_CMD_MAX_BEATS];

    /* triangle, B = 4 (docs/pipe_cmd.md, packet 1) */
    const uint64_t tri4[] = {0x1, 0x0000001440000a80ull, 0x0000006400fffd00ull,
                             0x0000ffff8003e820ull, 0x44332211ull};
    gx_pipe_cmd_init(&d, &cfg);
    beats_of(b, tri4, 5);
    run_t r = feed(&d, b, 5);
    CHECK(r.cmds == 1 && r.errs == 0 && r.nones == 4, "triangle B=4: one command at its end");
    CHECK(r.cmd.kind == GX_CMDTRIANGLE && r.cmd.x[0] == 2688 && r.cmd.y[0] == 5184 &&
          r.cmd.x[1] == -768 && r.cmd.y[1] == 25600 && r.cmd.x[2] == 256032 &&
          r.cmd.y[2] == -128, "triangle B=4: vertices %d %d %d %d %d %d", r.cmd.x[0],
          r.cmd.y[0], r.cmd.x[1], r.cmd.y[1], r.cmd.x[2], r.cmd.y[2]);
    static const uint8_t col4[16] = {0x11, 0x22, 0x33, 0x44};
    CHECK(memcmp(r.cmd.data, col4, 16) == 0 && r.cmd.lx == 0 && r.cmd.ly == 0 &&
          r.cmd.sample == 0, "triangle B=4: color, other fields 0");
    CHECK(gx_pipe_cmd_encode(&r.cmd, GX_BPS4, e) == 5 && beats_eq(e, b, 5),
          "triangle B=4 encodes back to its beats");

    /* the same triangle at B = 8 and 16 */
    const uint64_t tri8[] = {0x1, 0x0000001440000a80ull, 0x0000006400fffd00ull,
                             0x0000ffff8003e820ull, 0x8877665544332211ull};
    cfg.bps = GX_BPS8;
    gx_pipe_cmd_init(&d, &cfg);
    beats_of(b, tri8, 5);
    r = feed(&d, b, 5);
    CHECK(r.cmds == 1 && r.cmd.data[7] == 0x88 && r.cmd.data[8] == 0, "triangle B=8");
    const uint64_t tri16[] = {0x1, 0x0000001440000a80ull, 0x0000006400fffd00ull,
                              0x0000ffff8003e820ull, 0x8877665544332211ull,
                              0x00ffeeddccbbaa99ull};
    cfg.bps = GX_BPS16;
    gx_pipe_cmd_init(&d, &cfg);
    beats_of(b, tri16, 6);
    r = feed(&d, b, 6);
    CHECK(r.cmds == 1 && r.cmd.data[8] == 0x99 && r.cmd.data[14] == 0xff &&
          r.cmd.data[15] == 0, "triangle B=16");
    CHECK(gx_pipe_cmd_encode(&r.cmd, GX_BPS16, e) == 6 && beats_eq(e, b, 6),
          "triangle B=16 encodes back");
    /* a 5-beat triangle at B = 16 is short */
    gx_pipe_cmd_init(&d, &cfg);
    beats_of(b, tri16, 5);
    r = feed(&d, b, 5);
    CHECK(r.errs == 1 && r.err == GX_CMDERRSHORT && r.cmds == 0, "5 beats at B=16: short");

    /* a triangle at the guard band's corners (docs/pipe_cmd.md, packet 5): (16384, -16384),
     * (-16384, 16384), (0, 0) px; lim = 16384 * 256 = 0x400000, -lim = 0xc00000 */
    const uint64_t band[] = {0x1, 0x0000c00000400000ull, 0x0000400000c00000ull, 0x0,
                             0x44332211ull};
    cfg.bps = GX_BPS4;
    gx_pipe_cmd_init(&d, &cfg);
    beats_of(b, band, 5);
    r = feed(&d, b, 5);
    CHECK(r.cmds == 1 && r.cmd.x[0] == 4194304 && r.cmd.y[0] == -4194304 &&
          r.cmd.x[1] == -4194304 && r.cmd.y[1] == 4194304 && r.cmd.x[2] == 0 &&
          r.cmd.y[2] == 0, "triangle at the band's corners: vertices %d %d %d %d", r.cmd.x[0],
          r.cmd.y[0], r.cmd.x[1], r.cmd.y[1]);
    CHECK(gx_pipe_cmd_encode(&r.cmd, GX_BPS4, e) == 5 && beats_eq(e, b, 5),
          "triangle at the band's corners encodes back");
    /* x0 = 16384 + 1/256 px (0x400001): range, at vertex 0's beat; no command */
    beats_of(b, band, 5);
    b[1].data = 0x0000c00000400001ull;
    r = feed(&d, b, 5);
    CHECK(r.cmds == 0 && r.errs == 1 && r.err == GX_CMDERRRANGE && r.nones == 4,
          "x0 = lim + 1: range");
    CHECK(d.packets == 2 && d.commands == 1 && d.errors == 1, "band counts");

    /* pattern table */
    const uint64_t pat[] = {0x2, 0x7766554433221188ull, 0xffeeddccbbaa9900ull};
    cfg.bps = GX_BPS4;
    gx_pipe_cmd_init(&d, &cfg);
    beats_of(b, pat, 3);
    r = feed(&d, b, 3);
    CHECK(r.cmds == 1 && r.cmd.kind == GX_CMDPATTERN && r.cmd.data[0] == 0x88 &&
          r.cmd.data[1] == 0x11 && r.cmd.data[8] == 0x00 && r.cmd.data[15] == 0xff,
          "pattern table");
    CHECK(gx_pipe_cmd_encode(&r.cmd, GX_BPS4, e) == 3 && beats_eq(e, b, 3),
          "pattern encodes back");

    /* flush, load */
    const uint64_t fl[] = {0x3}, ld[] = {0x0000030007000504ull};
    beats_of(b, fl, 1);
    r = feed(&d, b, 1);
    CHECK(r.cmds == 1 && r.cmd.kind == GX_CMDFLUSH, "flush");
    beats_of(b, ld, 1);
    r = feed(&d, b, 1);
    CHECK(r.cmds == 1 && r.cmd.kind == GX_CMDLOAD && r.cmd.lx == 5 && r.cmd.ly == 7 &&
          r.cmd.sample == 3, "load (5, 7) sample 3");
    CHECK(gx_pipe_cmd_encode(&r.cmd, GX_BPS4, e) == 1 && e[0].data == ld[0], "load encodes");
    CHECK(d.packets == 3 && d.commands == 3 && d.errors == 0, "counts");
}

/* One bad packet of n beats, its expected error; then a flush decodes. */
static void bad(const char *what, const gx_ms_cfg_t *cfg, const gx_pipe_beat_t *b, unsigned n,
                gx_cmd_err_t want)
{
    gx_pipe_cmd_dec_t d;
    gx_pipe_cmd_init(&d, cfg);
    run_t r = feed(&d, b, n);
    CHECK(r.cmds == 0 && r.errs == 1 && r.err == want && r.nones == n - 1,
          "%s: want one error %s, got %u commands, %u errors (%s)", what,
          gx_pipe_cmd_err_name(want), r.cmds, r.errs, gx_pipe_cmd_err_name(r.err));
    next_ok(&d, what);
}

static void bad_packets(void)
{
    gx_ms_cfg_t cfg = cfg_of(64, 32, GX_SPP4, GX_BPS4);
    gx_pipe_beat_t b[8];
    const uint64_t tri4[] = {0x1, 0x0000001440000a80ull, 0x0000006400fffd00ull,
                             0x0000ffff8003e820ull, 0x44332211ull};
    /* keep: on the header, on a middle beat, on the last beat */
    for (unsigned k = 0; k < 5; k += 2) {
        beats_of(b, tri4, 5);
        b[k].keep = 0x7f;
        bad("keep", &cfg, b, 5, GX_CMDERRKEEP);
    }
    /* opcode: 0, 5, 255; ends at its TLAST however long */
    const uint64_t ops[] = {0, 5, 255};
    for (unsigned k = 0; k < 3; k++) {
        uint64_t p[7] = {ops[k], 1, 2, 3, 4, 5, 6};
        beats_of(b, p, 1 + 3 * k);
        bad("opcode", &cfg, b, 1 + 3 * k, GX_CMDERROPCODE);
    }
    /* reserved: header bit 8 and 63 of each op 1-3; load bits 21, 39, 44, 63; a vertex's
     * bit 48; the B = 4 color beat's byte 4 */
    const unsigned len[] = {0, 5, 3, 1};
    for (unsigned op = 1; op <= 3; op++)
        for (unsigned bit = 8; bit < 64; bit += 55) {
            uint64_t p[6] = {op | 1ull << bit, 0, 0, 0, 0, 0};
            beats_of(b, p, len[op]);
            bad("reserved header", &cfg, b, len[op], GX_CMDERRRESERVED);
        }
    const unsigned lbits[] = {21, 23, 37, 39, 44, 63};
    for (unsigned k = 0; k < 6; k++) {
        uint64_t p[1] = {4 | 1ull << lbits[k]};
        beats_of(b, p, 1);
        bad("reserved load", &cfg, b, 1, GX_CMDERRRESERVED);
    }
    for (unsigned v = 1; v <= 3; v++) {
        beats_of(b, tri4, 5);
        b[v].data |= 1ull << 48;
        bad("reserved vertex", &cfg, b, 5, GX_CMDERRRESERVED);
    }
    beats_of(b, tri4, 5);
    b[4].data |= 1ull << 32;
    bad("reserved color B=4", &cfg, b, 5, GX_CMDERRRESERVED);
    gx_ms_cfg_t c8 = cfg;
    c8.bps = GX_BPS8;
    beats_of(b, tri4, 5);
    b[4].data |= 1ull << 63;
    {
        gx_pipe_cmd_dec_t d;
        gx_pipe_cmd_init(&d, &c8);
        run_t r = feed(&d, b, 5);
        CHECK(r.cmds == 1 && r.cmd.data[7] == 0x80, "B=8: byte 7 of the color is data");
    }
    /* range: x = W, y = H, sample = N; and one below each decodes */
    uint64_t x = 4 | 64ull << 8, y = 4 | 32ull << 24, s = 4 | 4ull << 40;
    uint64_t ok = 4 | 63ull << 8 | 31ull << 24 | 3ull << 40;
    beats_of(b, &x, 1);
    bad("range x", &cfg, b, 1, GX_CMDERRRANGE);
    beats_of(b, &y, 1);
    bad("range y", &cfg, b, 1, GX_CMDERRRANGE);
    beats_of(b, &s, 1);
    bad("range sample", &cfg, b, 1, GX_CMDERRRANGE);
    {
        gx_pipe_cmd_dec_t d;
        gx_pipe_cmd_init(&d, &cfg);
        beats_of(b, &ok, 1);
        run_t r = feed(&d, b, 1);
        CHECK(r.cmds == 1 && r.cmd.lx == 63 && r.cmd.ly == 31 && r.cmd.sample == 3,
              "load at the bounds - 1");
        gx_ms_cfg_t c16 = cfg_of(8192, 8192, GX_SPP16, GX_BPS4);
        gx_pipe_cmd_set_cfg(&d, &c16);
        uint64_t big = 4 | 8191ull << 8 | 8191ull << 24 | 15ull << 40;
        beats_of(b, &big, 1);
        r = feed(&d, b, 1);
        CHECK(r.cmds == 1 && r.cmd.lx == 8191 && r.cmd.sample == 15, "load at 8192, N = 16");
    }
    /* range: a vertex coordinate outside [-lim, lim], lim = 2^22 = 0x400000 (1/256 px),
     * on each vertex (beats 1..3) and each coordinate (x [23:0], y [47:24]); the 24-bit
     * field values, hand-derived: +lim 0x400000, -lim 0xc00000 good; lim + 1 0x400001,
     * -lim - 1 0xbfffff, the field's ends 0x7fffff (2^23 - 1), 0x800000 (-2^23) range */
    static const struct {
        uint32_t f;
        int32_t v;  /* its value, when good */
        int ok;
    } co[] = {{0x400000, 4194304, 1}, {0xc00000, -4194304, 1}, {0x3fffff, 4194303, 1},
              {0x400001, 0, 0},       {0xbfffff, 0, 0},        {0x7fffff, 0, 0},
              {0x800000, 0, 0}};
    for (unsigned k = 0; k < 3; k++)
        for (unsigned cy = 0; cy < 2; cy++)
            for (unsigned j = 0; j < sizeof co / sizeof co[0]; j++) {
                beats_of(b, tri4, 5);
                unsigned sh = cy ? 24 : 0;
                b[1 + k].data = (b[1 + k].data & ~(0xffffffull << sh)) | (uint64_t)co[j].f << sh;
                if (!co[j].ok) {
                    bad("range vertex", &cfg, b, 5, GX_CMDERRRANGE);
                    continue;
                }
                gx_pipe_cmd_dec_t d;
                gx_pipe_cmd_init(&d, &cfg);
                run_t r = feed(&d, b, 5);
                int32_t got = cy ? r.cmd.y[k] : r.cmd.x[k];
                CHECK(r.cmds == 1 && r.errs == 0 && got == co[j].v,
                      "vertex %u %c = 0x%06x: want %d, got %u commands, value %d", k,
                      cy ? 'y' : 'x', co[j].f, co[j].v, r.cmds, got);
            }
    /* the band check is a vertex beat's only: a pattern's beats and a color beat holding
     * 0x7fffff / 0x800000 patterns decode */
    {
        uint64_t p[3] = {2, 0x00007fffff800000ull, 0x0000800000800000ull};
        gx_pipe_cmd_dec_t d;
        gx_pipe_cmd_init(&d, &cfg);
        beats_of(b, p, 3);
        run_t r = feed(&d, b, 3);
        CHECK(r.cmds == 1 && r.cmd.kind == GX_CMDPATTERN, "pattern beats are not vertices");
        gx_ms_cfg_t c16 = cfg;
        c16.bps = GX_BPS16;
        uint64_t t[6] = {1, 0, 0, 0, 0x00007fffff800000ull, 0x0000800000800000ull};
        gx_pipe_cmd_init(&d, &c16);
        beats_of(b, t, 6);
        r = feed(&d, b, 6);
        CHECK(r.cmds == 1 && r.cmd.kind == GX_CMDTRIANGLE, "color beats are not vertices");
    }

    /* short: TLAST on every beat before the last of each op; long: one beat more */
    for (unsigned op = 1; op <= 3; op++) {
        for (unsigned n = 1; n < len[op]; n++) {
            uint64_t p[6] = {op, 0, 0, 0, 0, 0};
            beats_of(b, p, n);
            bad("short", &cfg, b, n, GX_CMDERRSHORT);
        }
        uint64_t p[8] = {op, 0, 0, 0, 0, 0, 0, 0};
        beats_of(b, p, len[op] + 1);
        bad("long", &cfg, b, len[op] + 1, GX_CMDERRLONG);
        beats_of(b, p, len[op] + 3);
        bad("long by 3", &cfg, b, len[op] + 3, GX_CMDERRLONG);
    }
    {
        uint64_t p[3] = {ok, 0, 0};
        beats_of(b, p, 3);
        bad("long load", &cfg, b, 3, GX_CMDERRLONG);
    }
    /* the first bad beat names the error: reserved in beat 1, keep in beat 3 */
    beats_of(b, tri4, 5);
    b[1].data |= 1ull << 60;
    b[3].keep = 0;
    bad("first bad beat", &cfg, b, 5, GX_CMDERRRESERVED);
    /* within a beat the order: keep before opcode, opcode before length, reserved
     * before range, range before length */
    uint64_t p0[1] = {9};
    beats_of(b, p0, 1);
    b[0].keep = 0xfe;
    bad("keep before opcode", &cfg, b, 1, GX_CMDERRKEEP);
    uint64_t p1[2] = {4 | 1ull << 63 | 64ull << 8, 0};
    beats_of(b, p1, 2);
    bad("reserved before range before long", &cfg, b, 2, GX_CMDERRRESERVED);
    uint64_t p2[2] = {4 | 64ull << 8, 0};
    beats_of(b, p2, 2);
    bad("range before long", &cfg, b, 2, GX_CMDERRRANGE);
    /* a vertex beat: reserved (bit 48) before range; range before short (TLAST on the
     * vertex); keep before range; range in vertex 1 names the error over a keep fault in
     * beat 3 (the first bad beat) */
    uint64_t v3[2] = {1, 0x0000000000400001ull | 1ull << 48};
    beats_of(b, v3, 2);
    bad("vertex: reserved before range", &cfg, b, 2, GX_CMDERRRESERVED);
    v3[1] = 0x0000000000400001ull;
    beats_of(b, v3, 2);
    bad("vertex: range before short", &cfg, b, 2, GX_CMDERRRANGE);
    beats_of(b, tri4, 5);
    b[2].data = 0x0000bfffff000000ull;  /* y1 = -lim - 1 */
    b[2].keep = 0xef;
    bad("vertex: keep before range", &cfg, b, 5, GX_CMDERRKEEP);
    beats_of(b, tri4, 5);
    b[1].data = 0x0000bfffff000000ull;
    b[3].keep = 0;
    bad("vertex: range in the first bad beat", &cfg, b, 5, GX_CMDERRRANGE);
}

/* A random coordinate in the guard band [-lim, lim], its edges favoured. */
static int32_t band_coord(void)
{
    int32_t lim = GX_PIPE_CMD_VTX_LIM;
    switch (rnd64() % 4) {
    case 0: return (rnd64() & 1) ? lim - (int32_t)(rnd64() % 4) : -lim + (int32_t)(rnd64() % 4);
    default: return (int32_t)(rnd64() % (2u * (uint32_t)lim + 1u)) - lim;
    }
}

static void random_roundtrip(void)
{
    unsigned ok = 1;
    for (unsigned t = 0; t < 20000; t++) {
        gx_ms_cfg_t cfg = cfg_of(1 + rnd64() % 8192, 1 + rnd64() % 8192, (gx_spp_t)(rnd64() % 4),
                                 (gx_bps_t)(rnd64() % 3));
        gx_pipe_cmd_t c;
        memset(&c, 0, sizeof c);
        c.kind = (gx_cmd_kind_t)(rnd64() % 4);
        if (c.kind == GX_CMDTRIANGLE) {
            for (unsigned k = 0; k < 3; k++) {
                c.x[k] = band_coord();
                c.y[k] = band_coord();
            }
            for (unsigned j = 0; j < gx_pipe_cmd_bytes(cfg.bps); j++)
                c.data[j] = (uint8_t)rnd64();
        } else if (c.kind == GX_CMDPATTERN) {
            for (unsigned j = 0; j < 16; j++)
                c.data[j] = (uint8_t)rnd64();
        } else if (c.kind == GX_CMDLOAD) {
            c.lx = (uint16_t)(rnd64() % cfg.width);
            c.ly = (uint16_t)(rnd64() % cfg.height);
            c.sample = (uint8_t)(rnd64() % (2u << cfg.spp));
        }
        gx_pipe_beat_t b[GX_PIPE_CMD_MAX_BEATS];
        unsigned n = gx_pipe_cmd_encode(&c, cfg.bps, b);
        gx_pipe_cmd_dec_t d;
        gx_pipe_cmd_init(&d, &cfg);
        run_t r = feed(&d, b, n);
        uint32_t w[GX_PIPE_CMD_WORDS];
        gx_pipe_cmd_t u;
        gx_pipe_cmd_pack(&c, w);
        gx_pipe_cmd_unpack(w, &u);
        if (!(r.cmds == 1 && r.errs == 0 && gx_pipe_cmd_eq(&r.cmd, &c) && gx_pipe_cmd_eq(&u, &c)))
            ok = 0;
    }
    CHECK(ok, "20000 random commands: encode, decode, pack, unpack");
    /* random triangles with one coordinate outside the band (the others in it): range */
    ok = 1;
    for (unsigned t = 0; t < 5000; t++) {
        gx_ms_cfg_t cfg = cfg_of(64, 32, GX_SPP4, (gx_bps_t)(rnd64() % 4));
        gx_pipe_cmd_t c;
        memset(&c, 0, sizeof c);
        c.kind = GX_CMDTRIANGLE;
        for (unsigned k = 0; k < 3; k++) {
            c.x[k] = band_coord();
            c.y[k] = band_coord();
        }
        int32_t lim = GX_PIPE_CMD_VTX_LIM;
        int32_t out = lim + 1 + (int32_t)(rnd64() % (uint64_t)((1 << 23) - 1 - lim));
        if (rnd64() & 1)
            out = -out - (rnd64() & 1);  /* -lim - 1 .. -2^23 */
        unsigned k = (unsigned)(rnd64() % 3);
        if (rnd64() & 1)
            c.x[k] = out;
        else
            c.y[k] = out;
        gx_pipe_beat_t b[GX_PIPE_CMD_MAX_BEATS];
        unsigned n = gx_pipe_cmd_encode(&c, cfg.bps, b);
        gx_pipe_cmd_dec_t d;
        gx_pipe_cmd_init(&d, &cfg);
        run_t r = feed(&d, b, n);
        if (!(r.cmds == 0 && r.errs == 1 && r.err == GX_CMDERRRANGE))
            ok = 0;
    }
    CHECK(ok, "5000 random triangles with a vertex outside the band: range");
    /* pack: the kind at the top, the sample at the bottom */
    gx_pipe_cmd_t c;
    memset(&c, 0, sizeof c);
    c.kind = GX_CMDLOAD;
    c.sample = 0xf;
    c.x[0] = -1;
    uint32_t w[GX_PIPE_CMD_WORDS];
    gx_pipe_cmd_pack(&c, w);
    CHECK(w[0] == 0xf && w[GX_PIPE_CMD_WORDS - 1] == ((3u << (GX_PIPE_CMD_KIND_LSB % 32)) | 0x3fffu),
          "pack layout: %08x %08x", w[0], w[GX_PIPE_CMD_WORDS - 1]);
}

int main(void)
{
    worked();
    bad_packets();
    random_roundtrip();
    return check_summary();
}
