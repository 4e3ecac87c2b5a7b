/* gx mstrace: the multi-sample surface store path (gx/mssurf.h) over a trace file.
 *   gx mstrace [--engine cmodel|rtl] FILE           (FILE may be - for stdin)
 *
 * Trace format: text, one directive a line; blank lines and lines whose first non-blank
 * character is `#` are ignored (no trailing comments). Fields are separated by blanks or
 * tabs; a trailing CR is ignored. Numbers are unsigned decimal (digits only); MASK is hex
 * (digits only, no 0x, either case); HEX is a value, byte 0 first, two hex digits a byte.
 *   surface W H N B [K] [threshold T]   first directive, exactly once. W, H 1..8192;
 *                          N in {2,4,8,16}; B in {4,8,16}; K tile slots 1..32 (default
 *                          4); T 0..255 (default 0: exact); the surface in whole 256-byte
 *                          tiles at most 2^28 bytes
 *   store X Y MASK HEX     SUST.MS: HEX (exactly 2B digits) to every sample in MASK;
 *                          X < W, Y < H, MASK 1..2^N - 1
 *   storefull X Y MASK HEX a full-state store: HEX holds N values (exactly 2NB digits),
 *                          sample 0 first; sample s in MASK gets value s
 *   load X Y SAMPLE        SULD.MS, SAMPLE < N
 *   flush                  flush command (end of a draw)
 * Any error: `gx: FILE:LINE: reason` on stderr, exit status 2, nothing on stdout; the
 * whole trace is validated before anything runs.
 *
 * Output, in trace order (lower-case hex without prefix; masks bit s = sample s):
 *   load X Y SAMPLE VALUE MASK ENC      VALUE 2B hex digits, byte 0 first; MASK the
 *                                       samples holding exactly VALUE; ENC the pixel's
 *                                       state (1spp subset full)
 *   flush TILE CAUSE ENC C0 .. C(P-1) WRITTEN READ
 *                                       TILE index (address TILE * 256); CAUSE full evict
 *                                       conflict command; ENC the tile's state after it;
 *                                       Cp the stored-sample mask of pixel p (0: not
 *                                       covered); WRITTEN bytes written; READ bytes read
 *                                       for it (RMW + promotion)
 * then the counters (a flush caused by a store is printed before that store's effects):
 *   stores S merges M loads L analyzed A passes P
 *   flushes F full F0 evict F1 conflict F2 command F3 resident R
 *   flushed 1spp E0 subset E1 full E2
 *   written W uncompressed U
 *   read R rmw R0 promote R1 load R2
 * Tiles still resident at the end are not flushed (R counts them; end a trace with flush).
 *
 * Engines: cmodel (default) runs gx_mssurf_*. rtl runs the trace through the Verilated
 * gx_mssurf (the coalesce unit and coverage tracker) built with the trace's K (a K with no
 * model is refused with exit status 2); its eviction records go to the Verilated flush
 * encoder gx_mswb (its reads answered by the memory model, its packets written to it)
 * and, for loads, to the Verilated memory side of SULD.MS gx_msld (its read answered by
 * the memory model).
 * Beside it the C coalesce model runs the same commands and every record is compared
 * with the model's, every packet of gx_mswb is compared with gx_mssurf_writeback and
 * every load response of gx_msld with gx_mssurf_load_finish on the same record and
 * memory (a difference: `gx mstrace: the RTL differs ...`, exit status 1); the two counters the RTL has no port
 * for, merges and resident, are the model's; every other line comes from the RTL's
 * records and packets. Both engines print identical bytes.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx.h"
#include "gx/mssurf.h"
#include "mssurf_rtl.h"
#include "msld_rtl.h"
#include "mswb_rtl.h"

typedef enum op_kind { OP_STORE, OP_STOREFULL, OP_LOAD, OP_FLUSH } op_kind_t;

typedef struct op {
    op_kind_t kind;
    uint16_t x, y, arg; /* arg: MASK (stores) or SAMPLE (load) */
    size_t value;       /* offset of the value bytes in the pool (stores) */
} op_t;

typedef struct trace {
    gx_ms_cfg_t cfg;
    unsigned surface_line;
    op_t *ops;
    size_t n, cap;
    uint8_t *pool;
    size_t pool_len, pool_cap;
    int oom;
} trace_t;

static const char *const enc_names[] = {"1spp", "subset", "full", "uniform"};
static const char *const cause_names[] = {"full", "evict", "conflict", "command"};

/* Field s as an unsigned decimal in lo..hi; reports and returns 0 otherwise. */
static int parse_dec(const gx_text_t *t, const char *s, unsigned long lo, unsigned long hi,
                     const char *what, unsigned long *v)
{
    unsigned long x = 0;
    int big = 0;
    if (!*s) {
        gx_input_error(t, "%s is empty", what);
        return 0;
    }
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') {
            gx_input_error(t, "%s '%s' is not an unsigned decimal number", what, s);
            return 0;
        }
        if (!big) {
            x = x * 10u + (unsigned long)(*p - '0');
            if (x > hi)
                big = 1; /* stop accumulating: never wraps */
        }
    }
    if (big || x < lo) {
        gx_input_error(t, "%s '%s' is out of range %lu..%lu", what, s, lo, hi);
        return 0;
    }
    *v = x;
    return 1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* MASK: hex, 1..2^N - 1. */
static int parse_mask(const gx_text_t *t, const char *s, unsigned n, uint16_t *mask)
{
    const unsigned long all = (1ul << n) - 1ul;
    unsigned long x = 0;
    int big = 0;
    for (const char *p = s; *p; p++) {
        int d = hexval(*p);
        if (d < 0) {
            gx_input_error(t, "MASK '%s' is not a hex number", s);
            return 0;
        }
        if (!big) {
            x = x * 16u + (unsigned long)d;
            if (x > all)
                big = 1;
        }
    }
    if (big) {
        gx_input_error(t, "MASK '%s' enables samples beyond N=%u (at most %lx)", s, n, all);
        return 0;
    }
    if (x == 0) {
        gx_input_error(t, "MASK '%s' enables no sample", s);
        return 0;
    }
    *mask = (uint16_t)x;
    return 1;
}

/* HEX: exactly `bytes` bytes, into out. */
static int parse_hex(const gx_text_t *t, const char *s, unsigned bytes, uint8_t *out)
{
    size_t len = strlen(s);
    if (len != 2u * bytes) {
        gx_input_error(t, "HEX has %zu digits, expected %u (%u bytes)", len, 2u * bytes, bytes);
        return 0;
    }
    for (unsigned i = 0; i < 2u * bytes; i++) {
        int d = hexval(s[i]);
        if (d < 0) {
            gx_input_error(t, "HEX character %u '%c' is not a hex digit", i + 1, s[i]);
            return 0;
        }
        if (i % 2 == 0)
            out[i / 2] = (uint8_t)(d << 4);
        else
            out[i / 2] = (uint8_t)(out[i / 2] | d);
    }
    return 1;
}

static int field_count(const gx_text_t *t, unsigned nf, unsigned want, const char *form)
{
    if (nf == want)
        return 1;
    if (nf > want)
        gx_input_error(t, "expected `%s`, found more fields", form);
    else
        gx_input_error(t, "expected `%s`, found %u fields", form, nf);
    return 0;
}

static int parse_surface(const gx_text_t *t, char **f, unsigned nf, trace_t *tr)
{
    static const char form[] = "surface W H N B [K] [threshold T]";
    if (tr->surface_line) {
        gx_input_error(t, "second surface directive (the first is on line %u)", tr->surface_line);
        return 0;
    }
    if (nf < 5 || nf > 8) {
        if (nf > 8)
            gx_input_error(t, "expected `%s`, found more fields", form);
        else
            gx_input_error(t, "expected `%s`, found %u fields", form, nf);
        return 0;
    }
    unsigned long w, h, k = GX_MS_DEFAULT_SLOTS, thr = 0;
    if (!parse_dec(t, f[1], 1, GX_MAX_VIEWPORT, "W", &w) ||
        !parse_dec(t, f[2], 1, GX_MAX_VIEWPORT, "H", &h))
        return 0;
    gx_spp_t spp;
    gx_bps_t bps;
    if (!gx_parse_format(t, f[3], f[4], &spp, &bps))
        return 0;
    unsigned i = 5;
    if (i < nf && strcmp(f[i], "threshold")) {
        if (!parse_dec(t, f[i], 1, GX_MS_MAX_SLOTS, "K", &k))
            return 0;
        i++;
    }
    if (i < nf) {
        if (strcmp(f[i], "threshold")) {
            gx_input_error(t, "unexpected '%s' in `%s`", f[i], form);
            return 0;
        }
        if (i + 1 >= nf) {
            gx_input_error(t, "threshold needs a value T (0..255)");
            return 0;
        }
        if (!parse_dec(t, f[i + 1], 0, 255, "T", &thr))
            return 0;
        i += 2;
    }
    if (i < nf) {
        gx_input_error(t, "unexpected '%s' in `%s`", f[i], form);
        return 0;
    }
    gx_mssurf_cfg_default(&tr->cfg, (uint16_t)w, (uint16_t)h, spp, bps);
    tr->cfg.slots = (uint8_t)k;
    tr->cfg.threshold = (uint8_t)thr;
    if (!gx_mssurf_cfg_ok(&tr->cfg)) {
        gx_input_error(t, "surface %lu x %lu, N=%s, B=%s takes %" PRIu64
                          " bytes in whole tiles, more than the memory model's %u",
                       w, h, f[3], f[4], (uint64_t)gx_mssurf_tiles(&tr->cfg) * GX_MS_TILE_BYTES,
                       GX_MS_MAX_SURFACE_BYTES);
        return 0;
    }
    tr->surface_line = t->line;
    return 1;
}

static int push_op(trace_t *tr, const op_t *op, const uint8_t *value, size_t len)
{
    if (tr->n == tr->cap) {
        size_t cap = tr->cap ? 2 * tr->cap : 1024;
        op_t *no = realloc(tr->ops, cap * sizeof *no);
        if (!no)
            return 0;
        tr->ops = no;
        tr->cap = cap;
    }
    if (tr->pool_len + len > tr->pool_cap) {
        size_t cap = tr->pool_cap ? 2 * tr->pool_cap : 1 << 16;
        while (cap < tr->pool_len + len)
            cap *= 2;
        uint8_t *np = realloc(tr->pool, cap);
        if (!np)
            return 0;
        tr->pool = np;
        tr->pool_cap = cap;
    }
    tr->ops[tr->n] = *op;
    tr->ops[tr->n].value = tr->pool_len;
    if (len)
        memcpy(tr->pool + tr->pool_len, value, len);
    tr->pool_len += len;
    tr->n++;
    return 1;
}

/* Parse one directive; returns 1, 0 on bad input (reported), -1 when out of memory. */
static int parse_line(const gx_text_t *t, char *line, trace_t *tr)
{
    char *f[16];
    unsigned nf = gx_fields(line, f, 15);
    const char *d = f[0];
    if (!strcmp(d, "surface"))
        return parse_surface(t, f, nf, tr);
    int known = !strcmp(d, "store") || !strcmp(d, "storefull") || !strcmp(d, "load") ||
                !strcmp(d, "flush");
    if (!known) {
        gx_input_error(t, "unknown directive '%s' (surface store storefull load flush)", d);
        return 0;
    }
    if (!tr->surface_line) {
        gx_input_error(t, "'%s' before the surface directive", d);
        return 0;
    }
    const gx_ms_cfg_t *cfg = &tr->cfg;
    const unsigned n = 2u << (unsigned)cfg->spp, b = 4u << (unsigned)cfg->bps;
    op_t op;
    memset(&op, 0, sizeof op);
    uint8_t value[GX_MS_MAX_PIXEL_BYTES];
    size_t len = 0;
    unsigned long x, y, s;
    if (!strcmp(d, "flush")) {
        if (!field_count(t, nf, 1, "flush"))
            return 0;
        op.kind = OP_FLUSH;
    } else if (!strcmp(d, "load")) {
        if (!field_count(t, nf, 4, "load X Y SAMPLE") ||
            !parse_dec(t, f[1], 0, cfg->width - 1u, "X", &x) ||
            !parse_dec(t, f[2], 0, cfg->height - 1u, "Y", &y) ||
            !parse_dec(t, f[3], 0, n - 1u, "SAMPLE", &s))
            return 0;
        op.kind = OP_LOAD;
        op.x = (uint16_t)x;
        op.y = (uint16_t)y;
        op.arg = (uint16_t)s;
    } else {
        int full = !strcmp(d, "storefull");
        if (!field_count(t, nf, 5, full ? "storefull X Y MASK HEX" : "store X Y MASK HEX") ||
            !parse_dec(t, f[1], 0, cfg->width - 1u, "X", &x) ||
            !parse_dec(t, f[2], 0, cfg->height - 1u, "Y", &y) || !parse_mask(t, f[3], n, &op.arg))
            return 0;
        len = full ? (size_t)n * b : b;
        if (!parse_hex(t, f[4], (unsigned)len, value))
            return 0;
        op.kind = full ? OP_STOREFULL : OP_STORE;
        op.x = (uint16_t)x;
        op.y = (uint16_t)y;
    }
    return push_op(tr, &op, value, len) ? 1 : -1;
}

typedef struct run_ctx {
    gx_out_t *o;
    unsigned np;
    const gx_ms_mem_t *mem; /* the memory the packets are written to */
    uint64_t written;       /* its write counter at the previous packet */
} run_ctx_t;

/* A flush line, after the packet was written to memory: WRITTEN is what its pixels take
 * there (the write counter's step), READ its RMW and promote bytes. */
static void print_flush(void *ctx, const gx_ms_flush_t *f)
{
    run_ctx_t *c = ctx;
    gx_out_printf(c->o, "flush %" PRIu32 " %s %s", f->tile, cause_names[f->cause & 3],
                  enc_names[f->enc & 3]);
    for (unsigned p = 0; p < c->np; p++)
        gx_out_printf(c->o, " %x", f->cover[p]);
    gx_out_printf(c->o, " %" PRIu64 " %" PRIu32 "\n", c->mem->cnt.write_bytes - c->written,
                  f->read_rmw + f->read_promote);
    c->written = c->mem->cnt.write_bytes;
}

typedef struct counters {
    uint64_t stores, merges, loads, analyzed, passes, flushes[GX_MS_CAUSES], flushed_enc[4];
    unsigned resident;
} counters_t;

static void print_counters(gx_out_t *o, const counters_t *c, const gx_ms_mem_cnt_t *m)
{
    uint64_t flushes = c->flushes[0] + c->flushes[1] + c->flushes[2] + c->flushes[3];
    gx_out_printf(o, "stores %" PRIu64 " merges %" PRIu64 " loads %" PRIu64 " analyzed %" PRIu64
                     " passes %" PRIu64 "\n",
                  c->stores, c->merges, c->loads, c->analyzed, c->passes);
    gx_out_printf(o, "flushes %" PRIu64 " full %" PRIu64 " evict %" PRIu64 " conflict %" PRIu64
                     " command %" PRIu64 " resident %u\n",
                  flushes, c->flushes[0], c->flushes[1], c->flushes[2], c->flushes[3], c->resident);
    gx_out_printf(o, "flushed 1spp %" PRIu64 " subset %" PRIu64 " full %" PRIu64
                     " uniform %" PRIu64 "\n",
                  c->flushed_enc[0], c->flushed_enc[1], c->flushed_enc[2], c->flushed_enc[3]);
    gx_out_printf(o, "written %" PRIu64 " uncompressed %" PRIu64 "\n", m->write_bytes,
                  m->write_uncomp);
    gx_out_printf(o, "read %" PRIu64 " rmw %" PRIu64 " promote %" PRIu64 " load %" PRIu64 "\n",
                  m->read_bytes, m->read_rmw, m->read_promote, m->read_load);
}

static void print_load(gx_out_t *o, const op_t *op, unsigned b, const gx_ms_load_resp_t *r)
{
    gx_out_printf(o, "load %u %u %u ", op->x, op->y, op->arg);
    for (unsigned k = 0; k < b; k++)
        gx_out_printf(o, "%02x", r->value[k]);
    gx_out_printf(o, " %x %s\n", r->mask, enc_names[r->enc & 3]);
}

static void make_store(const trace_t *tr, const op_t *op, gx_ms_store_t *st)
{
    const unsigned b = 4u << (unsigned)tr->cfg.bps;
    memset(st, 0, sizeof *st);
    st->x = op->x;
    st->y = op->y;
    st->mask = op->arg;
    st->full = op->kind == OP_STOREFULL;
    memcpy(st->value, tr->pool + op->value, st->full ? (size_t)(2u << tr->cfg.spp) * b : b);
}

/* The C coalesce model's records of one command (at most K + 2). */
typedef struct evlist {
    gx_ms_evict_t ev[GX_MS_MAX_SLOTS + 2];
    unsigned n;
} evlist_t;

static void ev_push(void *ctx, const gx_ms_evict_t *ev)
{
    evlist_t *l = ctx;
    if (l->n < GX_MS_MAX_SLOTS + 2)
        l->ev[l->n++] = *ev;
}

/* Eviction ev through the RTL flush encoder: *f = its packet, written to mem. The C
 * flush encoder runs first on the same record and memory (its one tile and the counters
 * are put back), and the packets must be equal. Returns 0 (with a message) otherwise. */
static int rtl_writeback(void *wb, gx_ms_mem_t *mem, const gx_ms_evict_t *ev, gx_ms_flush_t *f,
                         uint64_t rec, size_t cmd)
{
    uint8_t tile[GX_MS_TILE_BYTES];
    const uint8_t enc = mem->enc[ev->tile];
    const gx_ms_mem_cnt_t cnt = mem->cnt;
    gx_ms_flush_t want;
    memcpy(tile, mem->data + (size_t)ev->tile * GX_MS_TILE_BYTES, sizeof tile);
    if (!gx_mssurf_writeback(&mem->cfg, mem, ev, &want)) {
        fprintf(stderr, "gx: internal error: the memory model refused a flush packet\n");
        return 0;
    }
    memcpy(mem->data + (size_t)ev->tile * GX_MS_TILE_BYTES, tile, sizeof tile);
    mem->enc[ev->tile] = enc;
    mem->cnt = cnt;
    if (!gx_mswb_rtl_writeback(wb, mem, ev, f, NULL) || !gx_mssurf_flush_eq(f, &want)) {
        fprintf(stderr, "gx mstrace: the RTL differs from the C model at packet of record %" PRIu64
                        " (command %zu)\n", rec, cmd);
        return 0;
    }
    return 1;
}

/* A load's snapshot ev through the RTL load finisher: *r = its response. The C load
 * finisher runs first on the same snapshot and memory (the counters are put back), and
 * the responses must be equal. Returns 0 (with a message) otherwise. */
static int rtl_load(void *lu, gx_ms_mem_t *mem, const gx_ms_evict_t *ev, const gx_ms_load_t *ld,
                    gx_ms_load_resp_t *r, uint64_t rec, size_t cmd)
{
    const gx_ms_mem_cnt_t cnt = mem->cnt;
    gx_ms_load_resp_t want;
    gx_mssurf_load_finish(&mem->cfg, mem, ev, ld, &want);
    mem->cnt = cnt;
    if (!gx_msld_rtl_load(lu, mem, ev, ld, r, NULL) || !gx_mssurf_ldresp_eq(r, &want)) {
        fprintf(stderr, "gx mstrace: the RTL differs from the C model at the load of record %"
                        PRIu64 " (command %zu)\n", rec, cmd);
        return 0;
    }
    return 1;
}

static int run_rtl(const trace_t *tr, gx_out_t *o)
{
    const gx_ms_cfg_t *cfg = &tr->cfg;
    const unsigned b = 4u << (unsigned)cfg->bps;
    void *m = gx_mssurf_rtl_new(cfg->slots, NULL); /* the Verilated coalesce unit */
    if (!m) {
        fprintf(stderr, "gx mstrace: the rtl engine has gx_mssurf models for K = %s tile slots "
                        "(its parameter Slots); the trace asks for %u\n",
                gx_mssurf_rtl_slot_list(), cfg->slots);
        return GX_EXIT_BAD_INPUT;
    }
    gx_ms_mem_t mem;
    gx_ms_lsu_t *lsu = malloc(sizeof *lsu);
    evlist_t *ex = malloc(sizeof *ex);
    size_t cap = 16;
    for (size_t i = 0; i < tr->n; i++)
        cap += tr->ops[i].kind == OP_FLUSH ? cfg->slots : 2;
    uint32_t *cmd = calloc(tr->n ? tr->n * GX_MS_CMD_WORDS : 1, sizeof *cmd);
    uint32_t *rec = calloc(cap * GX_MS_EVICT_WORDS, sizeof *rec);
    int status = 1, mem_ok = 0;
    void *wb = NULL; /* the Verilated flush encoder */
    void *lu = NULL; /* the Verilated load finisher */
    if (!lsu || !ex || !cmd || !rec || !(mem_ok = gx_mssurf_mem_init(&mem, cfg))) {
        fprintf(stderr, "gx: out of memory\n");
        gx_mssurf_rtl_free(m, NULL);
        goto out;
    }
    gx_mssurf_lsu_init(lsu, cfg);
    for (size_t i = 0; i < tr->n; i++) {
        const op_t *op = &tr->ops[i];
        uint32_t *w = cmd + i * GX_MS_CMD_WORDS;
        if (op->kind == OP_FLUSH) {
            gx_mssurf_cmd_pack_flush(w);
        } else if (op->kind == OP_LOAD) {
            gx_mssurf_cmd_pack_load(op->x, op->y, w);
        } else {
            gx_ms_store_t st;
            make_store(tr, op, &st);
            gx_mssurf_cmd_pack_store(&st, w);
        }
    }
    gx_mssurf_rtl_cfg(m, cfg);
    uint64_t n_rec = 0;
    uint64_t cycles = gx_mssurf_rtl_run(m, cmd, tr->n, rec, NULL, cap, &n_rec, NULL, 0, 0, 8);
    gx_mssurf_rtl_free(m, NULL);
    wb = gx_mswb_rtl_new(NULL);
    gx_mswb_rtl_cfg(wb, cfg);
    lu = gx_msld_rtl_new(NULL);
    gx_msld_rtl_cfg(lu, cfg);
    if (tr->n && !cycles) {
        fprintf(stderr, "gx mstrace: the RTL stopped\n");
        goto out;
    }
    counters_t c;
    memset(&c, 0, sizeof c);
    run_ctx_t ctx = {o, gx_mssurf_tile_pixels(cfg), &mem, 0};
    uint64_t ri = 0;
    for (size_t i = 0; i < tr->n; i++) {
        const op_t *op = &tr->ops[i];
        ex->n = 0;
        if (op->kind == OP_FLUSH) {
            gx_mssurf_coalesce_flush(lsu, ev_push, ex);
        } else if (op->kind == OP_LOAD) {
            gx_mssurf_coalesce_load(lsu, op->x, op->y, &ex->ev[0]);
            ex->n = 1;
            c.loads++;
        } else {
            gx_ms_store_t st;
            make_store(tr, op, &st);
            gx_mssurf_coalesce(lsu, &st, ev_push, ex);
        }
        for (unsigned j = 0; j < ex->n; j++, ri++) {
            gx_ms_evict_t ev;
            if (ri >= n_rec) {
                fprintf(stderr, "gx mstrace: the RTL differs from the C model: %" PRIu64
                                " records, the model has more (command %zu)\n", n_rec, i);
                goto out;
            }
            gx_mssurf_evict_unpack(rec + ri * GX_MS_EVICT_WORDS, cfg->spp, &ev);
            if (!gx_mssurf_evict_eq(&ev, &ex->ev[j])) {
                fprintf(stderr, "gx mstrace: the RTL differs from the C model at record %" PRIu64
                                " (command %zu)\n", ri, i);
                goto out;
            }
            if (ev.peek) {
                gx_ms_load_t ld = {op->x, op->y, (uint8_t)op->arg};
                gx_ms_load_resp_t r;
                if (!rtl_load(lu, &mem, &ev, &ld, &r, ri, i))
                    goto out;
                if (r.analyzed) {
                    c.analyzed++;
                    c.passes += r.passes;
                }
                print_load(o, op, b, &r);
            } else {
                gx_ms_flush_t f;
                if (!rtl_writeback(wb, &mem, &ev, &f, ri, i))
                    goto out;
                c.flushes[ev.cause & 3]++;
                c.flushed_enc[f.enc]++;
                c.analyzed += f.analyzed;
                c.passes += f.passes;
                print_flush(&ctx, &f);
            }
        }
    }
    if (ri != n_rec) {
        fprintf(stderr, "gx mstrace: the RTL differs from the C model: %" PRIu64
                        " records, the model %" PRIu64 "\n", n_rec, ri);
        goto out;
    }
    c.stores = lsu->cnt.stores;
    c.merges = lsu->cnt.merges;
    for (unsigned k = 0; k < cfg->slots; k++)
        c.resident += lsu->slot[k].valid;
    print_counters(o, &c, &mem.cnt);
    status = 0;
out:
    if (wb)
        gx_mswb_rtl_free(wb, NULL);
    if (lu)
        gx_msld_rtl_free(lu, NULL);
    if (mem_ok)
        gx_mssurf_mem_free(&mem);
    free(lsu);
    free(ex);
    free(cmd);
    free(rec);
    return status;
}

static int run(const trace_t *tr, gx_out_t *o)
{
    const gx_ms_cfg_t *cfg = &tr->cfg;
    const unsigned b = 4u << (unsigned)cfg->bps;
    gx_ms_mem_t mem;
    if (!gx_mssurf_mem_init(&mem, cfg)) {
        fprintf(stderr, "gx: out of memory\n");
        return 1;
    }
    gx_ms_lsu_t *lsu = malloc(sizeof *lsu);
    if (!lsu) {
        gx_mssurf_mem_free(&mem);
        fprintf(stderr, "gx: out of memory\n");
        return 1;
    }
    gx_mssurf_lsu_init(lsu, cfg);
    run_ctx_t ctx = {o, gx_mssurf_tile_pixels(cfg), &mem, 0};
    for (size_t i = 0; i < tr->n; i++) {
        const op_t *op = &tr->ops[i];
        if (op->kind == OP_FLUSH) {
            gx_mssurf_flush(lsu, &mem, print_flush, &ctx);
        } else if (op->kind == OP_LOAD) {
            gx_ms_load_t ld = {op->x, op->y, (uint8_t)op->arg};
            gx_ms_load_resp_t r;
            gx_mssurf_load(lsu, &mem, &ld, &r);
            print_load(o, op, b, &r);
        } else {
            gx_ms_store_t st;
            make_store(tr, op, &st);
            gx_mssurf_store(lsu, &mem, &st, print_flush, &ctx);
        }
    }
    counters_t c;
    memset(&c, 0, sizeof c);
    c.stores = lsu->cnt.stores;
    c.merges = lsu->cnt.merges;
    c.loads = lsu->cnt.loads;
    c.analyzed = lsu->cnt.analyzed;
    c.passes = lsu->cnt.passes;
    memcpy(c.flushes, lsu->cnt.flushes, sizeof c.flushes);
    memcpy(c.flushed_enc, lsu->cnt.flushed_enc, sizeof c.flushed_enc);
    for (unsigned k = 0; k < cfg->slots; k++)
        c.resident += lsu->slot[k].valid;
    print_counters(o, &c, &mem.cnt);
    const gx_ms_mem_cnt_t *m = &mem.cnt;
    int bad = m->bad_writes != 0;
    free(lsu);
    gx_mssurf_mem_free(&mem);
    if (bad) {
        fprintf(stderr, "gx: internal error: the memory model refused a flush packet\n");
        return 1;
    }
    return 0;
}

int gx_cmd_mstrace(int argc, char **argv)
{
    static const char usage[] = "usage: gx mstrace [--engine cmodel|rtl] FILE\n";
    gx_engine_t engine = GX_ENGINE_CMODEL;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        int r = gx_parse_engine(argc, argv, &i, &engine);
        if (r < 0)
            return GX_EXIT_BAD_INPUT;
        if (r > 0)
            continue;
        if (gx_take_file("gx mstrace", argv[i], &file, "FILE") < 0)
            return GX_EXIT_BAD_INPUT;
    }
    if (!file) {
        fputs(usage, stderr);
        return GX_EXIT_BAD_INPUT;
    }
    gx_text_t t;
    if (!gx_text_open(&t, file))
        return GX_EXIT_BAD_INPUT;
    trace_t tr;
    memset(&tr, 0, sizeof tr);
    int status = 0;
    for (char *line; !status && (line = gx_text_next(&t));) {
        int r = parse_line(&t, line, &tr);
        if (r < 0) {
            fprintf(stderr, "gx: out of memory\n");
            status = 1;
        } else if (r == 0) {
            status = GX_EXIT_BAD_INPUT;
        }
    }
    if (!status && !tr.surface_line) {
        if (!t.line)
            t.line = 1; /* an empty file: report its first line */
        gx_input_error(&t, "no surface directive (a trace starts with `surface W H N B`)");
        status = GX_EXIT_BAD_INPUT;
    }
    gx_text_close(&t);
    gx_out_t o = {0};
    if (!status)
        status = engine == GX_ENGINE_RTL ? run_rtl(&tr, &o) : run(&tr, &o);
    free(tr.ops);
    free(tr.pool);
    if (status) {
        gx_out_free(&o);
        return status;
    }
    return gx_out_flush(&o);
}
