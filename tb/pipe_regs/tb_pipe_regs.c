/* tb_pipe_regs: cosimulation of gx_pipe's generated register block (gx_pipe_regs,
 * PeakRDL from rdl/gx_pipe_regs.rdl) through its AXI4-Lite port, against a C reference
 * of the register map.
 *
 * The reference takes every offset, field mask and reset value from the generated C
 * header (build/gen/gx_pipe_regs.h) and every hardware-interface bit position from
 * build/gen/gx_pipe_regs_hwif.h; the table below adds only each field's behaviour
 * (read-write, constant, hardware-written, write-1-to-clear with a hardware set,
 * single pulse). Every hwif signal must belong to a field of the table, or the run fails:
 * a field added to the RDL cannot go unchecked.
 *
 * State space covered, every run:
 *  - directed: after reset every word of the 512-byte space read (reset values, 0 where
 *    nothing is mapped); every word written with all ones, read, written with zeros;
 *  - random: N transactions (default 1,000,000; knob N), reads and writes of random words
 *    (mapped registers mostly, any word of the space too), with random byte bits of the
 *    address, random AxPROT, random data and WSTRB (all, none or any bytes); up to four
 *    writes and four reads outstanding; AW and W driven independently, in either order
 *    or together; random gaps on AWVALID, WVALID, ARVALID and back-pressure on BREADY,
 *    RREADY, the profile changed every 1000 transactions; a reset between phases now and
 *    then (the map back to its reset values);
 *  - the hardware side, played as gx_pipe: status inputs and counters take random values
 *    and the error inputs pulse at random, on words no transaction is pending on (so each
 *    read has one right answer: the value the reference holds when it is answered); the
 *    external counter block answers each request in its own clock or 1 to 3 clocks later,
 *    with noise on rd_data while it does not answer.
 * Checked: every read's data against the reference; every OKAY response; the hardware
 * outputs (configuration, ENABLE, sticky errors) against the reference every clock on
 * words no write is pending on; each single-pulse field high for exactly one clock per
 * write that sets it, before the write's response; the AXI4-Lite rules twice, by
 * sim/axi_mon (C) and by the model's assertions (formal/gx_pipe_regs_axil.sv: the
 * AXI4-Lite rules, the external block's handshake, which this test plays, and the
 * sticky errors).
 * Functional coverage: every register read and written, writes with partial strobes, each
 * sticky error set by hardware and cleared by software, each pulse, W before AW, AW
 * before W, both together, both responses stalled, two reads and two writes outstanding,
 * a counter read answered at once and later, a counter write answered.
 * Line, toggle and user coverage of the RTL go to build/coverage/gx_pipe_regs.dat.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axi_mon.h"
#include "gx_pipe_regs.h"
#include "gx_pipe_regs_hwif.h"
#include "pipe_regs_rtl.h"
#include "tb.h"

/* ---- the reference map ------------------------------------------------------------- */
typedef enum { F_RW, F_CONST, F_HW, F_W1C, F_PULSE, F_EXT } fkind_t;

typedef struct field {
    const char *path;  /* REG.FIELD below hwif_in / hwif_out */
    uint32_t bm;       /* mask in the register (gx_pipe_regs.h) */
    uint32_t reset;    /* reset value, unshifted (gx_pipe_regs.h; 0 for hardware-written) */
    fkind_t kind;
    int in, out;       /* index into gx_pipe_regs_hwif_in / _out, -1: none */
} field_t;

typedef struct reg {
    const char *name;
    uint32_t off;
    field_t f[5];
    unsigned nf;
} reg_t;

#define H(x) GX_PIPE_REGS__##x
/* a field with a reset value in the header; one that hardware writes (no reset) */
#define FR(R, F, K) {#R "." #F, H(R##__##F##_bm), H(R##__##F##_reset), K, -1, -1}
#define FH(R, F) {#R "." #F, H(R##__##F##_bm), 0, F_HW, -1, -1}
/* a counter word: in the external block CNT, answered by the testbench (as gx_pipe) */
#define CNT_WORD(C, W) \
    {#C "." #W, offsetof(gx_pipe_regs_t, CNT.C.W), \
     {{"CNT." #C "." #W ".VALUE", H(CNT__##C##__##W##__VALUE_bm), 0, F_EXT, -1, -1}}, 1},
#define CNT(C) CNT_WORD(C, LO) CNT_WORD(C, HI)

static reg_t map[] = {
    {"ID", offsetof(gx_pipe_regs_t, ID),
     {FR(ID, MAGIC, F_CONST), FR(ID, MAJOR, F_CONST), FR(ID, MINOR, F_CONST)}, 3},
    {"CTRL", offsetof(gx_pipe_regs_t, CTRL),
     {FR(CTRL, ENABLE, F_RW), FR(CTRL, SOFT_RESET, F_PULSE), FR(CTRL, CNT_CLEAR, F_PULSE)}, 3},
    {"STATUS", offsetof(gx_pipe_regs_t, STATUS),
     {FH(STATUS, BUSY), FH(STATUS, IDLE), FR(STATUS, CMD_ERR, F_W1C),
      FR(STATUS, CFG_ERR, F_W1C), FR(STATUS, MEM_ERR, F_W1C)}, 5},
    {"SURF_BASE_LO", offsetof(gx_pipe_regs_t, SURF_BASE_LO), {FR(SURF_BASE_LO, ADDR, F_RW)}, 1},
    {"SURF_BASE_HI", offsetof(gx_pipe_regs_t, SURF_BASE_HI), {FR(SURF_BASE_HI, ADDR, F_RW)}, 1},
    {"STATE_BASE_LO", offsetof(gx_pipe_regs_t, STATE_BASE_LO), {FR(STATE_BASE_LO, ADDR, F_RW)}, 1},
    {"STATE_BASE_HI", offsetof(gx_pipe_regs_t, STATE_BASE_HI), {FR(STATE_BASE_HI, ADDR, F_RW)}, 1},
    {"INDEX_BASE_LO", offsetof(gx_pipe_regs_t, INDEX_BASE_LO), {FR(INDEX_BASE_LO, ADDR, F_RW)}, 1},
    {"INDEX_BASE_HI", offsetof(gx_pipe_regs_t, INDEX_BASE_HI), {FR(INDEX_BASE_HI, ADDR, F_RW)}, 1},
    {"SURF_SIZE", offsetof(gx_pipe_regs_t, SURF_SIZE),
     {FR(SURF_SIZE, WIDTH, F_RW), FR(SURF_SIZE, HEIGHT, F_RW)}, 2},
    {"SURF_FMT", offsetof(gx_pipe_regs_t, SURF_FMT),
     {FR(SURF_FMT, SAMPLES, F_RW), FR(SURF_FMT, BPS, F_RW), FR(SURF_FMT, THRESHOLD, F_RW)}, 3},
    {"RASTER", offsetof(gx_pipe_regs_t, RASTER),
     {FR(RASTER, CONSERVATIVE, F_RW), FR(RASTER, CONS_ERR, F_RW)}, 2},
    CNT(TRIANGLES) CNT(PIXELS) CNT(SAMPLES) CNT(STORES) CNT(LOADS) CNT(FLUSH_FULL)
    CNT(FLUSH_EVICT) CNT(FLUSH_CONFLICT) CNT(FLUSH_CMD) CNT(BYTES_RD) CNT(BYTES_WR)
    CNT(SETUP_BUSY) CNT(SETUP_STALL) CNT(RASTER_BUSY) CNT(RASTER_STALL) CNT(MSSURF_BUSY)
    CNT(MSSURF_STALL) CNT(MSWB_BUSY) CNT(MSWB_STALL) CNT(MSLD_BUSY) CNT(MSLD_STALL)
};
#define NREG (sizeof map / sizeof map[0])
/* the slave's address space: the power of 2 above the map, in 32-bit words */
#define NWORD 128u
_Static_assert(sizeof(gx_pipe_regs_t) <= 4 * NWORD && sizeof(gx_pipe_regs_t) > 2 * NWORD,
               "NWORD is not the address space of the map");
/* the external counter block: its range and its hwif signals (gx_pipe's side) */
#define EXT_BASE ((unsigned)offsetof(gx_pipe_regs_t, CNT))
#define EXT_WORDS ((unsigned)sizeof(((gx_pipe_regs_t *)0)->CNT) / 4u)
enum { X_RD_ACK, X_RD_DATA, X_WR_ACK, X_REQ, X_ADDR, X_REQ_IS_WR, X_WR_DATA, X_WR_BITEN, X_N };
static const char *const ext_sig[X_N] = {"CNT.rd_ack", "CNT.rd_data", "CNT.wr_ack", "CNT.req",
                                         "CNT.addr", "CNT.req_is_wr", "CNT.wr_data",
                                         "CNT.wr_biten"};
static const gx_pipe_regs_hwif_sig_t *ext[X_N];
#define IN_WORDS ((GX_PIPE_REGS_HWIF_IN_BITS + 31u) / 32u)
#define OUT_WORDS ((GX_PIPE_REGS_HWIF_OUT_BITS + 31u) / 32u)

static unsigned lsb_of(uint32_t bm)
{
    unsigned b = 0;
    while (!(bm >> b & 1u))
        b++;
    return b;
}

static int hwif_find(const gx_pipe_regs_hwif_sig_t *t, unsigned n, const char *path,
                     const char *leaf, unsigned *claimed)
{
    char want[96];
    snprintf(want, sizeof want, "%s.%s", path, leaf);
    for (unsigned i = 0; i < n; i++)
        if (strcmp(t[i].name, want) == 0) {
            claimed[i]++;
            return (int)i;
        }
    return -1;
}

/* Bind every field to its hwif signals; every hwif signal must be bound once. */
static int map_bind(tb_report_t *rep, int word_of[NWORD])
{
    unsigned cin[GX_PIPE_REGS_HWIF_IN_N], cout[GX_PIPE_REGS_HWIF_OUT_N];
    memset(cin, 0, sizeof cin);
    memset(cout, 0, sizeof cout);
    int ok = 1;
    for (unsigned w = 0; w < NWORD; w++)
        word_of[w] = -1;
    for (unsigned r = 0; r < NREG; r++) {
        reg_t *g = &map[r];
        ok &= g->off % 4 == 0 && g->off / 4 < NWORD && word_of[g->off / 4] < 0;
        word_of[g->off / 4] = (int)r;
        for (unsigned k = 0; k < g->nf; k++) {
            field_t *f = &g->f[k];
            const char *in_leaf = f->kind == F_HW ? "next" : f->kind == F_W1C ? "hwset" : NULL;
            int has_out = f->kind == F_RW || f->kind == F_W1C || f->kind == F_PULSE;
            f->in = in_leaf ? hwif_find(gx_pipe_regs_hwif_in, GX_PIPE_REGS_HWIF_IN_N, f->path,
                                        in_leaf, cin) : -1;
            f->out = has_out ? hwif_find(gx_pipe_regs_hwif_out, GX_PIPE_REGS_HWIF_OUT_N,
                                         f->path, "value", cout) : -1;
            if ((in_leaf && f->in < 0) || (has_out && f->out < 0)) {
                tb_check(rep, 0, "field %s: its hwif signal is not in gx_pipe_regs_hwif.h",
                         f->path);
                ok = 0;
            }
        }
    }
    for (unsigned x = 0; x < X_N; x++) {
        int in = x < X_REQ;
        const gx_pipe_regs_hwif_sig_t *t = in ? gx_pipe_regs_hwif_in : gx_pipe_regs_hwif_out;
        unsigned n = in ? GX_PIPE_REGS_HWIF_IN_N : GX_PIPE_REGS_HWIF_OUT_N;
        for (unsigned i = 0; i < n; i++)
            if (strcmp(t[i].name, ext_sig[x]) == 0) {
                ext[x] = &t[i];
                (in ? cin : cout)[i]++;
            }
        if (!ext[x]) {
            tb_check(rep, 0, "the external block's %s is not in gx_pipe_regs_hwif.h", ext_sig[x]);
            ok = 0;
        }
    }
    for (unsigned i = 0; i < GX_PIPE_REGS_HWIF_IN_N; i++)
        if (cin[i] != 1) {
            tb_check(rep, 0, "hwif_in.%s belongs to no field of the testbench's map",
                     gx_pipe_regs_hwif_in[i].name);
            ok = 0;
        }
    for (unsigned i = 0; i < GX_PIPE_REGS_HWIF_OUT_N; i++)
        if (cout[i] != 1) {
            tb_check(rep, 0, "hwif_out.%s belongs to no field of the testbench's map",
                     gx_pipe_regs_hwif_out[i].name);
            ok = 0;
        }
    tb_check(rep, ok && sizeof(gx_pipe_regs_t) <= 4 * NWORD,
             "the map binds to the generated header and hwif (%zu bytes)",
             sizeof(gx_pipe_regs_t));
    return ok;
}

static uint32_t bits_get(const uint32_t *v, unsigned lsb, unsigned width)
{
    uint32_t x = 0;
    for (unsigned i = 0; i < width; i++)
        x |= (v[(lsb + i) / 32] >> ((lsb + i) % 32) & 1u) << i;
    return x;
}

static void bits_set(uint32_t *v, unsigned lsb, unsigned width, uint32_t x)
{
    for (unsigned i = 0; i < width; i++) {
        uint32_t m = 1u << ((lsb + i) % 32);
        v[(lsb + i) / 32] = (x >> i & 1u) ? v[(lsb + i) / 32] | m : v[(lsb + i) / 32] & ~m;
    }
}

/* ---- the test ---------------------------------------------------------------------- */
#define MAXQ 4 /* the master's outstanding writes and reads */

typedef struct op {
    int write;
    uint32_t addr, data, strb, prot;
    int a_done, w_done; /* AW (AR) and W taken */
} op_t;

typedef struct cov {
    uint64_t rd[NREG], wr[NREG], rd_unmapped, wr_unmapped, partial_strb;
    uint64_t hwset[3], w1c[3], pulse[2];
    uint64_t w_first, aw_first, aw_w_same, b_stall, r_stall, two_r, two_w;
    uint64_t ext_now, ext_later, ext_wr;
} cov_t;

typedef struct sim {
    tb_rng_t rng, srng;
    tb_stall_t st;
    gx_pipe_regs_rtl_t *m;
    axi_mon_t mon;
    uint32_t val[NREG];      /* software-visible state of RW and W1C fields */
    uint32_t hin[IN_WORDS], hout[OUT_WORDS];
    int word_of[NWORD];
    unsigned lock[NWORD];    /* transactions pending on each word */
    op_t wq[MAXQ], rq[MAXQ]; /* in order: the oldest first */
    unsigned nw, nr;
    op_t aw_cur, w_cur, ar_cur; /* the payload on the channel while its VALID is high */
    int aw_on, w_on, ar_on;
    int bready, rready;
    uint64_t pulse_want[2], pulse_seen[2];
    int pulse_last[2];
    int rst_last;
    uint32_t cnt[EXT_WORDS];     /* the counters gx_pipe keeps (the external block) */
    int x_pend, x_wr;            /* an external request waiting for its acknowledge */
    unsigned x_word, x_wait;
    uint64_t clk, idle_clks, done;
    cov_t cov;
    tb_report_t *rep;
} sim_t;

static const field_t *find_field(fkind_t kind, unsigned k, unsigned *reg)
{
    unsigned n = 0;
    for (unsigned r = 0; r < NREG; r++)
        for (unsigned i = 0; i < map[r].nf; i++)
            if (map[r].f[i].kind == kind && n++ == k) {
                if (reg)
                    *reg = r;
                return &map[r].f[i];
            }
    return NULL;
}

static uint32_t reset_value(const reg_t *g)
{
    uint32_t v = 0;
    for (unsigned k = 0; k < g->nf; k++)
        if (g->f[k].kind != F_HW && g->f[k].kind != F_PULSE && g->f[k].kind != F_EXT)
            v |= g->f[k].reset << lsb_of(g->f[k].bm) & g->f[k].bm;
    return v;
}

static void model_reset(sim_t *s)
{
    for (unsigned r = 0; r < NREG; r++)
        s->val[r] = reset_value(&map[r]);
}

/* The value a read of word w returns now. */
static uint32_t model_read(const sim_t *s, unsigned w)
{
    int r = s->word_of[w];
    if (r < 0)
        return 0;
    const reg_t *g = &map[r];
    uint32_t v = 0;
    for (unsigned k = 0; k < g->nf; k++) {
        const field_t *f = &g->f[k];
        switch (f->kind) {
        case F_RW: case F_W1C: case F_CONST:
            v |= s->val[r] & f->bm;
            break;
        case F_HW: {
            const gx_pipe_regs_hwif_sig_t *h = &gx_pipe_regs_hwif_in[f->in];
            v |= bits_get(s->hin, h->lsb, h->width) << lsb_of(f->bm) & f->bm;
            break;
        }
        case F_PULSE:
            break; /* write-only: reads 0 */
        case F_EXT:
            v |= s->cnt[(g->off - EXT_BASE) / 4] & f->bm;
            break;
        }
    }
    return v;
}

static uint32_t strb_bits(uint32_t strb)
{
    uint32_t en = 0;
    for (unsigned b = 0; b < 4; b++)
        if (strb >> b & 1u)
            en |= 0xffu << 8 * b;
    return en;
}

static void model_write(sim_t *s, const op_t *o)
{
    unsigned w = o->addr / 4 % NWORD;
    int r = s->word_of[w];
    uint32_t en = strb_bits(o->strb);
    if (r < 0)
        return;
    const reg_t *g = &map[r];
    for (unsigned k = 0; k < g->nf; k++) {
        const field_t *f = &g->f[k];
        uint32_t m = f->bm & en;
        if (f->kind == F_RW)
            s->val[r] = (s->val[r] & ~m) | (o->data & m);
        else if (f->kind == F_W1C) {
            unsigned e = (unsigned)(f - find_field(F_W1C, 0, NULL));
            if (s->val[r] & o->data & m)
                s->cov.w1c[e]++;
            s->val[r] &= ~(o->data & m);
        } else if (f->kind == F_PULSE && (o->data & m)) {
            unsigned p = (unsigned)(f - find_field(F_PULSE, 0, NULL));
            s->pulse_want[p]++;
        }
    }
}

static void new_op(sim_t *s, int write, op_t *o)
{
    memset(o, 0, sizeof *o);
    o->write = write;
    unsigned w;
    do {
        w = tb_rng_pct(&s->rng, 80) ? map[tb_rng_below(&s->rng, NREG)].off / 4
                                    : tb_rng_below(&s->rng, NWORD);
    } while (s->lock[w]);
    s->lock[w]++;
    o->addr = 4 * w + tb_rng_below(&s->rng, 4);
    o->prot = tb_rng_below(&s->rng, 8);
    switch (tb_rng_below(&s->rng, 4)) {
    case 0: o->data = 0xffffffffu; break;
    case 1: o->data = 0; break;
    default: o->data = tb_rng_u32(&s->rng); break;
    }
    o->strb = tb_rng_pct(&s->rng, 60) ? 0xf : tb_rng_below(&s->rng, 16);
}

/* a free word to issue to: some word must be free of pending transactions */
static int can_issue(const sim_t *s)
{
    return s->nw + s->nr < NWORD;
}

/* Hardware-side stimulus for this clock: values change only on words nothing is pending
 * on. Error pulses last one clock. */
static void hw_stimulus(sim_t *s)
{
    for (unsigned r = 0; r < NREG; r++) {
        const reg_t *g = &map[r];
        unsigned w = g->off / 4;
        for (unsigned k = 0; k < g->nf; k++) {
            const field_t *f = &g->f[k];
            if (f->kind == F_EXT && !s->lock[w] && tb_rng_pct(&s->rng, 5))
                s->cnt[(g->off - EXT_BASE) / 4] = tb_rng_pct(&s->rng, 20)
                                                      ? (tb_rng_pct(&s->rng, 50) ? 0 : ~0u)
                                                      : tb_rng_u32(&s->rng);
            if (f->in < 0)
                continue;
            const gx_pipe_regs_hwif_sig_t *h = &gx_pipe_regs_hwif_in[f->in];
            if (f->kind == F_W1C) {
                int set = !s->lock[w] && tb_rng_pct(&s->rng, 2);
                bits_set(s->hin, h->lsb, 1, (uint32_t)set);
                continue;
            }
            if (s->lock[w] || !tb_rng_pct(&s->rng, 5))
                continue;
            uint32_t v = tb_rng_pct(&s->rng, 20) ? (tb_rng_pct(&s->rng, 50) ? 0 : 0xffffffffu)
                                                 : tb_rng_u32(&s->rng);
            bits_set(s->hin, h->lsb, h->width, v);
        }
    }
}

/* After the edge: the hardware set pulses of this clock set their sticky bits. */
static void hw_after_edge(sim_t *s)
{
    for (unsigned e = 0; e < 3; e++) {
        unsigned r;
        const field_t *f = find_field(F_W1C, e, &r);
        const gx_pipe_regs_hwif_sig_t *h = &gx_pipe_regs_hwif_in[f->in];
        if (bits_get(s->hin, h->lsb, 1)) {
            s->val[r] |= f->bm;
            s->cov.hwset[e]++;
        }
    }
}

/* The hardware outputs against the reference, on words no write is pending on. */
static void check_outputs(sim_t *s)
{
    for (unsigned r = 0; r < NREG; r++) {
        const reg_t *g = &map[r];
        for (unsigned k = 0; k < g->nf; k++) {
            const field_t *f = &g->f[k];
            if (f->out < 0)
                continue;
            const gx_pipe_regs_hwif_sig_t *h = &gx_pipe_regs_hwif_out[f->out];
            uint32_t got = bits_get(s->hout, h->lsb, h->width);
            if (f->kind == F_PULSE) {
                unsigned p = (unsigned)(f - find_field(F_PULSE, 0, NULL));
                if (got) {
                    s->pulse_seen[p]++;
                    s->cov.pulse[p]++;
                }
                if (got && s->pulse_last[p])
                    tb_check(s->rep, 0, "clock %" PRIu64 ": %s high for two clocks", s->clk,
                             f->path);
                if (got && s->pulse_seen[p] > s->pulse_want[p] + (s->lock[g->off / 4] ? 1 : 0))
                    tb_check(s->rep, 0, "clock %" PRIu64 ": %s pulsed without a write",
                             s->clk, f->path);
                s->pulse_last[p] = (int)got;
                continue;
            }
            if (s->lock[g->off / 4])
                continue;
            uint32_t want = (s->val[r] & f->bm) >> lsb_of(f->bm);
            if (got != want)
                tb_check(s->rep, 0, "clock %" PRIu64 ": hwif_out.%s = 0x%x, reference 0x%x",
                         s->clk, h->name, got, want);
        }
    }
}

static void pick_channels(sim_t *s, axi_lite_sig_t *sig)
{
    /* AW: the oldest write whose address is not taken; W likewise, independently */
    if (!s->aw_on)
        for (unsigned i = 0; i < s->nw; i++)
            if (!s->wq[i].a_done) {
                if (!tb_rng_pct(&s->srng, s->st.gap_pct))
                    s->aw_on = 1, s->aw_cur = s->wq[i];
                break;
            }
    if (!s->w_on)
        for (unsigned i = 0; i < s->nw; i++)
            if (!s->wq[i].w_done) {
                if (!tb_rng_pct(&s->srng, s->st.gap_pct))
                    s->w_on = 1, s->w_cur = s->wq[i];
                break;
            }
    if (!s->ar_on)
        for (unsigned i = 0; i < s->nr; i++)
            if (!s->rq[i].a_done) {
                if (!tb_rng_pct(&s->srng, s->st.gap_pct))
                    s->ar_on = 1, s->ar_cur = s->rq[i];
                break;
            }
    memset(sig, 0, sizeof *sig);
    sig->aw_valid = s->aw_on, sig->aw_addr = s->aw_cur.addr, sig->aw_prot = s->aw_cur.prot;
    sig->w_valid = s->w_on, sig->w_data = s->w_cur.data, sig->w_strb = s->w_cur.strb;
    sig->ar_valid = s->ar_on, sig->ar_addr = s->ar_cur.addr, sig->ar_prot = s->ar_cur.prot;
    /* ready changes freely (it may drop while the response waits) */
    s->bready = !tb_rng_pct(&s->srng, s->st.stall_pct);
    s->rready = !tb_rng_pct(&s->srng, s->st.stall_pct);
    sig->b_ready = s->bready, sig->r_ready = s->rready;
}

static void mark(op_t *q, unsigned n, int w)
{
    for (unsigned i = 0; i < n; i++)
        if (w ? !q[i].w_done : !q[i].a_done) {
            if (w)
                q[i].w_done = 1;
            else
                q[i].a_done = 1;
            return;
        }
}

/* The external counter block, gx_pipe's side: the acknowledge inputs for this clock (the
 * pending request answered when its wait is over; rd_data is noise when not acknowledged,
 * which the block must ignore). */
static int ext_drive(sim_t *s)
{
    int ack = s->x_pend && s->x_wait == 0;
    bits_set(s->hin, ext[X_RD_ACK]->lsb, 1, (uint32_t)(ack && !s->x_wr));
    bits_set(s->hin, ext[X_WR_ACK]->lsb, 1, (uint32_t)(ack && s->x_wr));
    bits_set(s->hin, ext[X_RD_DATA]->lsb, 32,
             ack && !s->x_wr ? (s->x_word < EXT_WORDS ? s->cnt[s->x_word] : 0)
                             : tb_rng_u32(&s->srng));
    return ack;
}

/* A request of the block this clock (after eval): recorded and checked against the
 * transactions pending; answered at once (1) or after 1..3 clocks (0). */
static int ext_request(sim_t *s, int acking)
{
    if (!bits_get(s->hout, ext[X_REQ]->lsb, 1))
        return 0;
    if (s->x_pend && !acking)
        tb_check(s->rep, 0, "clock %" PRIu64 ": external request while one waits", s->clk);
    unsigned a = bits_get(s->hout, ext[X_ADDR]->lsb, ext[X_ADDR]->width);
    int wr = (int)bits_get(s->hout, ext[X_REQ_IS_WR]->lsb, 1);
    unsigned w = (EXT_BASE + a) / 4 % NWORD;
    int found = 0;
    for (unsigned i = 0; !wr && i < s->nr; i++)
        found |= s->rq[i].addr / 4 % NWORD == w && s->rq[i].a_done;
    for (unsigned i = 0; wr && i < s->nw; i++)
        found |= s->wq[i].addr / 4 % NWORD == w && s->wq[i].a_done && s->wq[i].w_done &&
                 bits_get(s->hout, ext[X_WR_DATA]->lsb, 32) == s->wq[i].data &&
                 bits_get(s->hout, ext[X_WR_BITEN]->lsb, 32) == strb_bits(s->wq[i].strb);
    tb_check(s->rep, found && a % 4 == 0, "clock %" PRIu64 ": external %s of 0x%02x: no such "
             "transaction pending", s->clk, wr ? "write" : "read", a);
    s->x_pend = 1, s->x_wr = wr, s->x_word = a / 4;
    s->x_wait = tb_rng_below(&s->srng, 4);
    if (wr)
        s->cov.ext_wr++;
    if (s->x_wait == 0)
        s->cov.ext_now++;
    else
        s->cov.ext_later++;
    return s->x_wait == 0;
}

/* One clock: drive, evaluate, check, handshakes, edge. Returns 0 when the model failed. */
static int step(sim_t *s, int rst)
{
    axi_lite_sig_t sig;
    if (rst) {
        memset(&sig, 0, sizeof sig);
        memset(s->hin, 0, sizeof s->hin);
    } else {
        hw_stimulus(s);
        pick_channels(s, &sig);
        if (s->rst_last) /* no VALID in the first clock after reset (A3.1.2) */
            sig.aw_valid = sig.w_valid = sig.ar_valid = 0, s->aw_on = s->w_on = s->ar_on = 0;
    }
    s->rst_last = rst;
    int acking = !rst && ext_drive(s);
    gx_pipe_regs_rtl_set(s->m, rst, &sig, s->hin);
    gx_pipe_regs_rtl_eval(s->m);
    gx_pipe_regs_rtl_get(s->m, &sig, s->hout);
    if (acking)
        s->x_pend = 0;
    else if (s->x_pend)
        s->x_wait--;
    if (!rst && ext_request(s, acking)) { /* answered in the request's own clock */
        ext_drive(s);
        s->x_pend = 0;
        gx_pipe_regs_rtl_set(s->m, rst, &sig, s->hin);
        gx_pipe_regs_rtl_eval(s->m);
        gx_pipe_regs_rtl_get(s->m, &sig, s->hout);
    }
    unsigned hs = axi_mon_lite_step(&s->mon, rst, &sig);
    if (!rst) {
        check_outputs(s);
        if (sig.b_valid && !sig.b_ready)
            s->cov.b_stall++;
        if (sig.r_valid && !sig.r_ready)
            s->cov.r_stall++;
        const axi_mon_chan_t *c = s->mon.ch;
        if (c[AXI_LITE_AR].count - c[AXI_LITE_R].count >= 2)
            s->cov.two_r++;
        if (c[AXI_LITE_AW].count - c[AXI_LITE_B].count >= 2)
            s->cov.two_w++;
        /* the order of a write's address and data (before the handshakes are marked) */
        for (unsigned i = 0; i < s->nw; i++)
            if ((hs & AXI_MON_HS_AW) && !s->wq[i].a_done) {
                if (hs & AXI_MON_HS_W && !s->wq[i].w_done)
                    s->cov.aw_w_same++;
                else if (!s->wq[i].w_done)
                    s->cov.aw_first++;
                break;
            }
        for (unsigned i = 0; i < s->nw; i++)
            if ((hs & AXI_MON_HS_W) && !s->wq[i].w_done) {
                if (!s->wq[i].a_done && !(hs & AXI_MON_HS_AW))
                    s->cov.w_first++;
                break;
            }
        if (hs & AXI_MON_HS_B) { /* the oldest write: applied, its word released */
            op_t o = s->wq[0];
            model_write(s, &o);
            unsigned w = o.addr / 4 % NWORD;
            s->lock[w]--;
            unsigned pr = 0;
            find_field(F_PULSE, 0, &pr);
            for (unsigned p = 0; p < 2 && s->word_of[w] == (int)pr; p++)
                if (s->pulse_seen[p] != s->pulse_want[p])
                    tb_check(s->rep, 0, "clock %" PRIu64 ": write 0x%08x to 0x%02x answered "
                             "with %" PRIu64 " pulses of %s seen, %" PRIu64 " written", s->clk,
                             o.data, o.addr, s->pulse_seen[p], find_field(F_PULSE, p, NULL)->path,
                             s->pulse_want[p]);
            if (s->word_of[w] >= 0)
                s->cov.wr[s->word_of[w]]++;
            else
                s->cov.wr_unmapped++;
            if (o.strb != 0xf && o.strb != 0)
                s->cov.partial_strb++;
            memmove(s->wq, s->wq + 1, --s->nw * sizeof *s->wq);
            s->done++;
            tb_check(s->rep, sig.b_resp == 0, "clock %" PRIu64 ": BRESP %u", s->clk, sig.b_resp);
        }
        if (hs & AXI_MON_HS_R) { /* the oldest read */
            op_t o = s->rq[0];
            unsigned w = o.addr / 4 % NWORD;
            uint32_t want = model_read(s, w);
            tb_check(s->rep, sig.r_data == (uint64_t)want && sig.r_resp == 0,
                     "clock %" PRIu64 ": read 0x%02x (%s): 0x%08" PRIx64 " resp %u, reference "
                     "0x%08x", s->clk, o.addr, s->word_of[w] >= 0 ? map[s->word_of[w]].name
                     : "unmapped", sig.r_data, sig.r_resp, want);
            s->lock[w]--;
            if (s->word_of[w] >= 0)
                s->cov.rd[s->word_of[w]]++;
            else
                s->cov.rd_unmapped++;
            memmove(s->rq, s->rq + 1, --s->nr * sizeof *s->rq);
            s->done++;
        }
        if (hs & AXI_MON_HS_AW)
            s->aw_on = 0, mark(s->wq, s->nw, 0);
        if (hs & AXI_MON_HS_W)
            s->w_on = 0, mark(s->wq, s->nw, 1);
        if (hs & AXI_MON_HS_AR)
            s->ar_on = 0, mark(s->rq, s->nr, 0);
        s->idle_clks = hs ? 0 : s->idle_clks + 1;
    }
    gx_pipe_regs_rtl_tick(s->m);
    if (!rst)
        hw_after_edge(s);
    s->clk++;
    return !gx_pipe_regs_rtl_failed(s->m) && s->idle_clks < 1000;
}

static int drain(sim_t *s)
{
    while (s->nw || s->nr)
        if (!step(s, 0))
            return 0;
    return 1;
}

static int do_reset(sim_t *s)
{
    for (int i = 0; i < 2; i++)
        if (!step(s, 1))
            return 0;
    model_reset(s);
    memset(s->pulse_last, 0, sizeof s->pulse_last);
    s->x_pend = 0;
    return 1;
}

/* Queue one operation (waits for room); `w` >= 0: that word, with data and strobes. */
static int issue(sim_t *s, int write, int w, uint32_t data, uint32_t strb)
{
    while ((write ? s->nw : s->nr) >= MAXQ || !can_issue(s) || (w >= 0 && s->lock[w]))
        if (!step(s, 0))
            return 0;
    op_t *o = write ? &s->wq[s->nw++] : &s->rq[s->nr++];
    new_op(s, write, o);
    if (w >= 0) {
        s->lock[o->addr / 4 % NWORD]--;
        o->addr = 4u * (unsigned)w;
        s->lock[w]++;
        o->data = data, o->strb = strb;
    }
    return 1;
}

static int cov_check(const sim_t *s)
{
    int holes = 0;
    const cov_t *c = &s->cov;
    for (unsigned r = 0; r < NREG; r++) {
        if (!c->rd[r] || !c->wr[r]) {
            printf("coverage hole: %s read %" PRIu64 " written %" PRIu64 "\n", map[r].name,
                   c->rd[r], c->wr[r]);
            holes++;
        }
    }
    struct { const char *name; uint64_t n; } bins[] = {
        {"unmapped read", c->rd_unmapped}, {"unmapped write", c->wr_unmapped},
        {"partial strobes", c->partial_strb},
        {"CMD_ERR set", c->hwset[0]}, {"CFG_ERR set", c->hwset[1]}, {"MEM_ERR set", c->hwset[2]},
        {"CMD_ERR cleared", c->w1c[0]}, {"CFG_ERR cleared", c->w1c[1]},
        {"MEM_ERR cleared", c->w1c[2]},
        {"SOFT_RESET pulse", c->pulse[0]}, {"CNT_CLEAR pulse", c->pulse[1]},
        {"W before AW", c->w_first}, {"AW before W", c->aw_first},
        {"AW and W together", c->aw_w_same}, {"B stalled", c->b_stall},
        {"R stalled", c->r_stall}, {"two reads outstanding", c->two_r},
        {"two writes outstanding", c->two_w},
        {"counter answered at once", c->ext_now}, {"counter answered later", c->ext_later},
        {"counter write answered", c->ext_wr},
    };
    for (unsigned i = 0; i < sizeof bins / sizeof bins[0]; i++)
        if (!bins[i].n) {
            printf("coverage hole: %s\n", bins[i].name);
            holes++;
        }
    return holes;
}

/* One full run; returns 1 when it ran to its end. */
static int run(const tb_opts_t *o, const char *fst, const char *cov, tb_report_t *rep,
               sim_t *s)
{
    memset(s, 0, sizeof *s);
    s->rep = rep;
    tb_rng_seed(&s->rng, o->seed);
    tb_rng_seed_stalls(&s->srng, o);
    if (!map_bind(rep, s->word_of))
        return 0;
    if (gx_pipe_regs_rtl_hwif_bits(0) != 32 * IN_WORDS ||
        gx_pipe_regs_rtl_hwif_bits(1) != 32 * OUT_WORDS) {
        tb_check(rep, 0, "hwif widths: the model has %u / %u bits, the header %u / %u",
                 gx_pipe_regs_rtl_hwif_bits(0), gx_pipe_regs_rtl_hwif_bits(1),
                 GX_PIPE_REGS_HWIF_IN_BITS, GX_PIPE_REGS_HWIF_OUT_BITS);
        return 0;
    }
    s->m = gx_pipe_regs_rtl_new(fst);
    axi_mon_lite_init(&s->mon, "gx_pipe_regs", 4, 3, 1);
    int ok = do_reset(s);
    /* directed: reset values of every word; all ones; zeros */
    for (unsigned w = 0; ok && w < NWORD; w++)
        ok = issue(s, 0, (int)w, 0, 0);
    for (unsigned w = 0; ok && w < NWORD; w++)
        ok = issue(s, 1, (int)w, 0xffffffffu, 0xf) && issue(s, 0, (int)w, 0, 0);
    for (unsigned w = 0; ok && w < NWORD; w++)
        ok = issue(s, 1, (int)w, 0, 0xf);
    ok = ok && drain(s);
    /* random */
    for (uint64_t i = 0; ok && i < o->n; i++) {
        if (i % 1000 == 0) {
            s->st = tb_stall_pick(&s->srng);
            if (i && tb_rng_pct(&s->rng, 10))
                ok = drain(s) && do_reset(s);
        }
        ok = ok && issue(s, tb_rng_pct(&s->rng, 50), -1, 0, 0);
    }
    ok = ok && drain(s);
    for (int i = 0; ok && i < 4; i++)
        ok = step(s, 0);
    tb_check(rep, ok, "model ran to the end (%" PRIu64 " transactions, clock %" PRIu64 "): %s",
             s->done, s->clk, gx_pipe_regs_rtl_failed(s->m) ? "an assertion failed"
             : s->idle_clks >= 1000 ? "no handshake for 1000 clocks" : "stopped");
    tb_check(rep, axi_mon_lite_drained(&s->mon) && axi_mon_ok(&s->mon), "AXI4-Lite monitor: %s",
             axi_mon_ok(&s->mon) ? "clean" : s->mon.first_msg);
    gx_pipe_regs_rtl_free(s->m, cov);
    return ok;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_pipe_regs", 1000000);
    printf("tb_pipe_regs: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    char fst[512], cov[512];
    tb_out_paths(&o, "gx_pipe_regs", cov, sizeof cov, fst, sizeof fst);
    static sim_t s;
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    run(&o, o.waves ? fst : NULL, cov, &rep, &s);
    int holes = cov_check(&s);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    printf("tb_pipe_regs: %" PRIu64 " transactions, %" PRIu64 " clocks, AXI4-Lite handshakes "
           "since the last reset AW %" PRIu64 " W %" PRIu64 " B %" PRIu64 " AR %" PRIu64 " R %" PRIu64
           "\n", s.done,
           s.clk, s.mon.ch[0].count, s.mon.ch[1].count, s.mon.ch[2].count, s.mon.ch[3].count,
           s.mon.ch[4].count);
    if (rep.failed && !o.waves) {
        printf("tb_pipe_regs: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, fst);
        tb_report_t rep2;
        memset(&rep2, 0, sizeof rep2);
        rep2.shown = TB_MAX_SHOWN;
        static sim_t s2;
        run(&o, fst, NULL, &rep2, &s2);
    } else if (o.waves) {
        printf("tb_pipe_regs: waveform %s\n", fst);
    }
    return tb_summary(&rep);
}
