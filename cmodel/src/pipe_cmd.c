/* gx_pipe_cmd golden model: see gx/pipe_cmd.h and docs/pipe_cmd.md. */
#include "gx/pipe_cmd.h"

#include <string.h>

unsigned gx_pipe_cmd_bytes(gx_bps_t bps)
{
    return bps == GX_BPS4 ? 4u : bps == GX_BPS8 ? 8u : 16u;
}

unsigned gx_pipe_cmd_len(unsigned op, gx_bps_t bps)
{
    switch (op) {
    case GX_PIPE_OP_TRIANGLE: return 4u + (gx_pipe_cmd_bytes(bps) + 7u) / 8u;
    case GX_PIPE_OP_PATTERN: return 3u;
    case GX_PIPE_OP_FLUSH: return 1u;
    case GX_PIPE_OP_LOAD: return 1u;
    }
    return 0;
}

void gx_pipe_cmd_init(gx_pipe_cmd_dec_t *d, const gx_ms_cfg_t *cfg)
{
    memset(d, 0, sizeof *d);
    d->cfg = *cfg;
}

int gx_pipe_cmd_set_cfg(gx_pipe_cmd_dec_t *d, const gx_ms_cfg_t *cfg)
{
    if (d->beat != 0)
        return 0;
    d->cfg = *cfg;
    return 1;
}

static int32_t sext24(uint64_t v)
{
    return (int32_t)((uint32_t)(v & 0xffffffu) ^ 0x800000u) - 0x800000;
}

/* A vertex coordinate inside the guard band, bounds included. */
static int in_band(int32_t c)
{
    return c >= -GX_PIPE_CMD_VTX_LIM && c <= GX_PIPE_CMD_VTX_LIM;
}

/* Load header fields */
#define LOAD_X(h) ((unsigned)((h) >> 8) & 0x1fffu)
#define LOAD_Y(h) ((unsigned)((h) >> 24) & 0x1fffu)
#define LOAD_S(h) ((unsigned)((h) >> 40) & 0xfu)
/* the bits of a load header that are neither the opcode nor a field */
#define LOAD_RSVD (~(0xffull | 0x1fffull << 8 | 0x1fffull << 24 | 0xfull << 40))

/* The checks of beat i of a packet of opcode op (i = 0: the header, op its opcode), in
 * the order that names the error; GX_CMDERRNONE when the beat passes. */
static gx_cmd_err_t check(const gx_pipe_cmd_dec_t *d, unsigned op, unsigned i,
                          const gx_pipe_beat_t *b)
{
    uint64_t v = b->data;
    unsigned len = gx_pipe_cmd_len(op, d->cfg.bps);
    if (b->keep != 0xff)
        return GX_CMDERRKEEP;
    if (len == 0)
        return GX_CMDERROPCODE;
    uint64_t rsvd = 0;
    if (i == 0)
        rsvd = op == GX_PIPE_OP_LOAD ? LOAD_RSVD : ~0xffull;
    else if (op == GX_PIPE_OP_TRIANGLE && i <= 3)
        rsvd = ~0xffffffffffffull;  /* a vertex: bits 63..48 */
    else if (op == GX_PIPE_OP_TRIANGLE && i == 4 && gx_pipe_cmd_bytes(d->cfg.bps) == 4)
        rsvd = ~0xffffffffull;      /* the color beat at B = 4: bytes 4..7 */
    if (v & rsvd)
        return GX_CMDERRRESERVED;
    if (i == 0 && op == GX_PIPE_OP_LOAD &&
        (LOAD_X(v) >= d->cfg.width || LOAD_Y(v) >= d->cfg.height ||
         LOAD_S(v) >= (2u << (unsigned)d->cfg.spp)))
        return GX_CMDERRRANGE;
    if (op == GX_PIPE_OP_TRIANGLE && i >= 1 && i <= 3 &&
        (!in_band(sext24(v)) || !in_band(sext24(v >> 24))))
        return GX_CMDERRRANGE;       /* a vertex outside the guard band */
    if (b->last && i + 1 < len)
        return GX_CMDERRSHORT;
    if (!b->last && i + 1 == len)
        return GX_CMDERRLONG;
    return GX_CMDERRNONE;
}

/* Put beat i's fields into the command being assembled. */
static void fill(gx_pipe_cmd_t *c, unsigned op, unsigned i, uint64_t v)
{
    if (i == 0) {
        memset(c, 0, sizeof *c);
        c->kind = (gx_cmd_kind_t)(op - 1);
        if (op == GX_PIPE_OP_LOAD) {
            c->lx = (uint16_t)LOAD_X(v);
            c->ly = (uint16_t)LOAD_Y(v);
            c->sample = (uint8_t)LOAD_S(v);
        }
    } else if (op == GX_PIPE_OP_TRIANGLE && i <= 3) {
        c->x[i - 1] = sext24(v);
        c->y[i - 1] = sext24(v >> 24);
    } else {
        /* color beats 4, 5 of a triangle; pattern beats 1, 2: bytes 0..7, 8..15 */
        unsigned half = op == GX_PIPE_OP_TRIANGLE ? i - 4 : i - 1;
        for (unsigned j = 0; j < 8; j++)
            c->data[8 * half + j] = (uint8_t)(v >> (8 * j));
    }
}

gx_pipe_cmd_res_t gx_pipe_cmd_beat(gx_pipe_cmd_dec_t *d, const gx_pipe_beat_t *b,
                                   gx_pipe_cmd_t *cmd, gx_cmd_err_t *err)
{
    unsigned i = d->beat;
    if (i == 0) {
        d->op = (unsigned)(b->data & 0xffu);
        d->err = GX_CMDERRNONE;
    }
    if (d->err == GX_CMDERRNONE) {
        d->err = check(d, d->op, i, b);
        if (d->err == GX_CMDERRNONE)
            fill(&d->cmd, d->op, i, b->data);
    }
    /* a bad packet's beats are only counted up to its last; the count stops there */
    if (i + 1 < GX_PIPE_CMD_MAX_BEATS)
        d->beat = i + 1;
    if (!b->last)
        return GX_PIPE_CMD_NONE;
    d->beat = 0;
    d->packets++;
    if (d->err != GX_CMDERRNONE) {
        d->errors++;
        *err = d->err;
        return GX_PIPE_CMD_ERR;
    }
    d->commands++;
    *cmd = d->cmd;
    return GX_PIPE_CMD_CMD;
}

unsigned gx_pipe_cmd_encode(const gx_pipe_cmd_t *cmd, gx_bps_t bps, gx_pipe_beat_t *beats)
{
    unsigned op = (unsigned)cmd->kind + 1u, len = gx_pipe_cmd_len(op, bps);
    memset(beats, 0, GX_PIPE_CMD_MAX_BEATS * sizeof *beats);
    beats[0].data = op;
    if (op == GX_PIPE_OP_LOAD)
        beats[0].data |= (uint64_t)(cmd->lx & 0x1fffu) << 8 |
                         (uint64_t)(cmd->ly & 0x1fffu) << 24 |
                         (uint64_t)(cmd->sample & 0xfu) << 40;
    if (op == GX_PIPE_OP_TRIANGLE)
        for (unsigned k = 0; k < 3; k++)
            beats[1 + k].data = ((uint64_t)(uint32_t)cmd->x[k] & 0xffffffu) |
                                ((uint64_t)(uint32_t)cmd->y[k] & 0xffffffu) << 24;
    unsigned first = op == GX_PIPE_OP_TRIANGLE ? 4u : 1u;
    unsigned nbytes = op == GX_PIPE_OP_TRIANGLE ? gx_pipe_cmd_bytes(bps)
                      : op == GX_PIPE_OP_PATTERN ? 16u : 0u;
    for (unsigned j = 0; j < nbytes; j++)
        beats[first + j / 8].data |= (uint64_t)cmd->data[j] << (8 * (j % 8));
    for (unsigned i = 0; i < len; i++)
        beats[i].keep = 0xff;
    beats[len - 1].last = 1;
    return len;
}

#define F(name) GX_PIPE_CMD_##name##_LSB, GX_PIPE_CMD_##name##_BITS

void gx_pipe_cmd_pack(const gx_pipe_cmd_t *c, uint32_t w[GX_PIPE_CMD_WORDS])
{
    memset(w, 0, GX_PIPE_CMD_WORDS * sizeof *w);
    gx_bits_set(w, F(KIND), (uint32_t)c->kind);
    gx_bits_set(w, F(X0), (uint32_t)c->x[0] & 0xffffffu);
    gx_bits_set(w, F(Y0), (uint32_t)c->y[0] & 0xffffffu);
    gx_bits_set(w, F(X1), (uint32_t)c->x[1] & 0xffffffu);
    gx_bits_set(w, F(Y1), (uint32_t)c->y[1] & 0xffffffu);
    gx_bits_set(w, F(X2), (uint32_t)c->x[2] & 0xffffffu);
    gx_bits_set(w, F(Y2), (uint32_t)c->y[2] & 0xffffffu);
    for (unsigned j = 0; j < 16; j++)
        gx_bits_set(w, GX_PIPE_CMD_DATA_LSB + 8 * j, 8, c->data[j]);
    gx_bits_set(w, F(LX), c->lx);
    gx_bits_set(w, F(LY), c->ly);
    gx_bits_set(w, F(SAMPLE), c->sample);
}

void gx_pipe_cmd_unpack(const uint32_t w[GX_PIPE_CMD_WORDS], gx_pipe_cmd_t *c)
{
    memset(c, 0, sizeof *c);
    c->kind = (gx_cmd_kind_t)gx_bits_get(w, F(KIND));
    c->x[0] = (int32_t)gx_bits_sget64(w, F(X0));
    c->y[0] = (int32_t)gx_bits_sget64(w, F(Y0));
    c->x[1] = (int32_t)gx_bits_sget64(w, F(X1));
    c->y[1] = (int32_t)gx_bits_sget64(w, F(Y1));
    c->x[2] = (int32_t)gx_bits_sget64(w, F(X2));
    c->y[2] = (int32_t)gx_bits_sget64(w, F(Y2));
    for (unsigned j = 0; j < 16; j++)
        c->data[j] = (uint8_t)gx_bits_get(w, GX_PIPE_CMD_DATA_LSB + 8 * j, 8);
    c->lx = (uint16_t)gx_bits_get(w, F(LX));
    c->ly = (uint16_t)gx_bits_get(w, F(LY));
    c->sample = (uint8_t)gx_bits_get(w, F(SAMPLE));
}

int gx_pipe_cmd_eq(const gx_pipe_cmd_t *a, const gx_pipe_cmd_t *b)
{
    return a->kind == b->kind && memcmp(a->x, b->x, sizeof a->x) == 0 &&
           memcmp(a->y, b->y, sizeof a->y) == 0 && memcmp(a->data, b->data, 16) == 0 &&
           a->lx == b->lx && a->ly == b->ly && a->sample == b->sample;
}

const char *gx_pipe_cmd_err_name(gx_cmd_err_t e)
{
    static const char *const names[] = {"none", "keep", "opcode", "reserved", "range",
                                        "short", "long"};
    return (unsigned)e < sizeof names / sizeof *names ? names[e] : "?";
}
