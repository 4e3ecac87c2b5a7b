/* tb_msmem: cosimulation of gx_msmem (RTL, the memory side of gx_pipe: an AXI4 master)
 * against the C model gx_msmem (cmodel/src/msmem.c).
 *
 * State space covered, every run (N transactions, default 6,000; knob N): one phase per
 * N x B format (N in 2, 4, 8, 16 by B in 4, 8, 16, in a random order, twice), each on a
 * surface of 3..8 tiles (often padded to whole tiles) with the three regions at
 * random 256-byte aligned bases in a random order with random gaps (so homes sit next to
 * 4 KB boundaries). Three sources offer transactions at once:
 *  - flush packets, made as test_msmem makes them: gx_mssurf_encode of random tile images
 *    (values from a small palette and fresh random bytes) in every state, whole (any
 *    state) and partial (the tile's present state, a random subset of its pixels), the
 *    last tile often; 1 in 16 a packet the block must drop on its fields (tile outside
 *    the surface, a uniform packet leaving a pixel out, a written pixel that does not
 *    exist);
 *  - reads on port 0 and port 1: random tiles (1 in 16 outside the surface), random pixel
 *    sets (0: a state query; bits >= P included).
 * The C model applies each transaction when the RTL takes it (a write at its fl
 * handshake, which the RTL gives after its last B; a read at its request handshake: the
 * RTL runs one transaction at a time). Checked against the model: every read response,
 * all 65 words (state, data bytes, the requested pixels uncompressed, other bytes 0);
 * every transaction's AXI bursts, in order: AWADDR / ARADDR = the range's first byte,
 * AxLEN = its beats - 1, AxSIZE 8 bytes, INCR, ID 0, and every W beat's WSTRB exactly
 * the range's bytes in that beat, WLAST on the last; a dropped packet moves nothing and
 * counts in bad_wr_o; after each write the written tile's home, index block and state
 * byte in the AXI memory equal the model's; at each phase's end the whole AXI memory
 * equals the model's image byte for byte, and the RTL's byte counters equal the model's
 * bytes (ranges of reads, strobed bytes of writes).
 * The AXI slave is an in-order responder in this file (AW, W, B in order, reads in
 * order, random AWREADY / WREADY / ARREADY, random B and R latency and gaps between R
 * beats; a write is visible when its B is handshaken, a read samples memory at its first
 * R beat). Stalls: random gaps on fl_valid and rd_req_valid, random back-pressure on
 * rd_resp_ready, a new profile every 32 transactions.
 * Functional coverage (fails the run when a bin is empty): every state written wholly
 * for every format and partially where the format has P > 1; subset at N = 2, 4, 8, 16;
 * reads on both ports, state queries, reads outside the surface; a read offered while a
 * write to its tile is in flight (held behind it); a burst ending at a 4 KB boundary;
 * back-pressure on AW, W, AR, fl, rd_resp; B and R held back by latency; dropped
 * packets. Line, toggle and GX_COVER coverage go to build/coverage/gx_msmem.dat.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/msmem.h"
#include "gx/mssurf.h"
#include "axi_mem.h"
#include "axi_mon.h"
#include "msmem_rtl.h"
#include "tb.h"

#define PHASE_TX 32u     /* transactions per stall profile */
#define QMAX 64u         /* bursts of one transaction the checker records */
#define AXI_SEED_SALT 0x6d736d656dull /* the memory model's generator: apart from SEED's */

/* ---------------------------------------------------------------------------------
 * The bursts one transaction issued. */
typedef struct seen {
    uint64_t addr[QMAX];
    unsigned len[QMAX], n;
    int attr_bad;           /* a burst with size, type, ID or cache not as specified */
    uint8_t strb[QMAX * 33];
    uint8_t last[QMAX * 33];
    unsigned beats;
} seen_t;

/* The expected bursts of io's ranges against what was seen. Returns 1 when equal. */
static int bursts_ok(const gx_msmem_io_t *io, const seen_t *s, int write, char *why, size_t wl)
{
    if (s->attr_bad) {
        snprintf(why, wl, "a burst's AxSIZE, AxBURST, AxID or AxCACHE differs");
        return 0;
    }
    if (s->n != io->n) {
        snprintf(why, wl, "%u bursts, the model's ranges %u", s->n, io->n);
        return 0;
    }
    unsigned k = 0;
    for (unsigned i = 0; i < io->n; i++) {
        const uint64_t a = io->r[i].addr, e = a + io->r[i].len;
        const unsigned beats = (unsigned)(((e - 1) >> 3) - (a >> 3) + 1);
        if (s->addr[i] != a || s->len[i] != beats - 1) {
            snprintf(why, wl, "burst %u: addr 0x%" PRIx64 " len %u, range 0x%" PRIx64 " + %u "
                     "(len %u)", i, s->addr[i], s->len[i], a, io->r[i].len, beats - 1);
            return 0;
        }
        if (!write)
            continue;
        for (unsigned j = 0; j < beats; j++, k++) {
            uint8_t want = 0;
            for (unsigned x = 0; x < 8; x++) {
                const uint64_t ad = ((a >> 3) + j) * 8 + x;
                if (ad >= a && ad < e)
                    want |= (uint8_t)(1u << x);
            }
            if (k >= s->beats || s->strb[k] != want || s->last[k] != (j == beats - 1)) {
                snprintf(why, wl, "burst %u beat %u: WSTRB 0x%02x WLAST %d, want 0x%02x %d", i,
                         j, k < s->beats ? s->strb[k] : 0, k < s->beats ? s->last[k] : -1,
                         want, j == beats - 1);
                return 0;
            }
        }
    }
    if (write && k != s->beats) {
        snprintf(why, wl, "%u W beats, the ranges take %u", s->beats, k);
        return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------------------------
 * Stimulus. */
typedef struct cov {
    uint64_t wr[12][4][2];  /* format, state, whole */
    uint64_t rd_port[2], rd_query, rd_outside, held, edge4k, dropped;
    uint64_t bp_aw, bp_w, bp_ar, bp_fl, bp_resp, lat_b, lat_r, w_early, interleave;
} cov_t;

typedef struct run {
    gx_ms_cfg_t cfg;
    unsigned n, b, np, fmt;
    uint8_t pal[6][16];
    gx_msmem_t mm;
    tb_rng_t *r;
} run_t;

static void pick_value(run_t *R, uint8_t *v)
{
    if (tb_rng_below(R->r, 5) == 0)
        for (unsigned j = 0; j < R->b; j++)
            v[j] = (uint8_t)tb_rng_u32(R->r);
    else
        memcpy(v, R->pal[tb_rng_below(R->r, 6)], R->b);
}

/* Pixels `set` of img given data whose need is at most e (test_msmem's gen_image). */
static void gen_image(run_t *R, gx_enc_t e, uint32_t set, uint8_t *img)
{
    const unsigned n = R->n, b = R->b, pb = n * b;
    if (e == GX_ENCUNIFORM) { /* one value in every sample of the set */
        uint8_t v[16];
        pick_value(R, v);
        for (unsigned p = 0; p < R->np; p++)
            for (unsigned s = 0; s < n && ((set >> p) & 1u); s++)
                memcpy(img + p * pb + s * b, v, b);
        return;
    }
    for (unsigned p = 0; p < R->np; p++) {
        if (!((set >> p) & 1u))
            continue;
        uint8_t v[16][16];
        const unsigned k = e == GX_ENC1SPP ? 1 : e == GX_ENCSUBSET ? 1 + tb_rng_below(R->r, n - 1) : n;
        for (unsigned c = 0; c < k; c++)
            pick_value(R, v[c]);
        for (unsigned s = 0; s < n; s++)
            memcpy(img + p * pb + s * b,
                   v[e == GX_ENCFULL && tb_rng_below(R->r, 4) ? s : tb_rng_below(R->r, k)], b);
    }
}

/* A flush packet: whole in a random state or partial in the tile's; 1 in 16 one the
 * block drops on its fields. *kind: 0 good, 1 dropped. */
static void make_packet(run_t *R, gx_ms_flush_t *f, int *drop)
{
    uint8_t img[256];
    const uint32_t tiles = R->mm.tiles;
    const uint32_t t = tb_rng_below(R->r, 4) ? tb_rng_below(R->r, tiles) : tiles - 1;
    const uint32_t valid = gx_mssurf_tile_valid(&R->cfg, t);
    const gx_enc_t old = (gx_enc_t)(gx_msmem_peek(&R->mm, R->mm.state_base + t) & 3u);
    const int partial = tb_rng_below(R->r, 2) && (valid & (valid - 1u)) && old != GX_ENCUNIFORM;
    const gx_enc_t e = partial ? old : (gx_enc_t)tb_rng_below(R->r, 4);
    uint32_t set = valid;
    if (partial)
        do
            set = tb_rng_u32(R->r) & valid;
        while (!set || set == valid);
    memset(img, 0, sizeof img);
    gen_image(R, e, set, img);
    memset(f, 0, sizeof *f);
    f->tile = t;
    f->cause = (gx_ms_cause_t)tb_rng_below(R->r, 4);
    f->enc = e;
    f->written = set;
    f->payload_bytes = (uint16_t)gx_mssurf_encode(&R->cfg, e, set, img, f->payload);
    *drop = 0;
    if (tb_rng_below(R->r, 16) == 0) {
        *drop = 1;
        const unsigned k = tb_rng_below(R->r, 3);
        if (k == 0)
            f->tile = tiles + tb_rng_below(R->r, 4);
        else if (k == 1 && (valid & (valid - 1u))) { /* uniform, a pixel left out */
            f->enc = GX_ENCUNIFORM;
            f->written = valid & (valid - 1u);
            gen_image(R, GX_ENCUNIFORM, f->written, img);
            f->payload_bytes = (uint16_t)gx_mssurf_encode(&R->cfg, f->enc, f->written, img,
                                                          f->payload);
        } else if (k == 1)
            f->tile = tiles;
        else if (~valid) { /* a bit of a pixel that does not exist (>= P) */
            unsigned bit;
            do
                bit = tb_rng_below(R->r, 32);
            while ((valid >> bit) & 1u);
            f->written |= 1u << bit;
        } else
            f->tile = tiles;
        if (f->written == set && f->tile == t && (unsigned)f->enc == (unsigned)e)
            f->tile = tiles; /* not changed: outside the surface */
    }
}

/* ---------------------------------------------------------------------------------
 * One phase: a surface of one format, `ops` transactions. */
typedef struct port {
    int valid;                    /* request offered */
    uint32_t req[GX_MS_RDREQ_WORDS];
    uint32_t tile, pixels;
    int pending;                  /* response expected */
    uint32_t resp[GX_MS_RDRESP_WORDS];
    gx_msmem_io_t io;
    int held;                     /* offered while a write to its tile was in flight */
} port_t;

static void run_phase(void *m, run_t *R, unsigned ops, tb_rng_t *sr, tb_report_t *rep,
                      cov_t *cov, uint64_t *cycles, uint64_t *done)
{
    /* 3..8 tiles in one or two rows of tiles; half the time the last row and column of
     * tiles padded */
    const unsigned tw = 1u << gx_mssurf_tile_wlog(&R->cfg), th = R->np / tw;
    const unsigned nty = 1 + tb_rng_below(R->r, 2), ntx = 2 + tb_rng_below(R->r, 3);
    const unsigned tiles = ntx * nty;
    const int ragged = tb_rng_below(R->r, 2);
    const unsigned wid = ntx * tw - (ragged ? tb_rng_below(R->r, tw) : 0);
    const unsigned hgt = nty * th - (ragged ? tb_rng_below(R->r, th) : 0);
    gx_mssurf_cfg_default(&R->cfg, (uint16_t)wid, (uint16_t)hgt, R->cfg.spp, R->cfg.bps);
    uint64_t base[3], len[3] = {256ull * tiles, 32ull * tiles, tiles};
    unsigned order[3] = {0, 1, 2};
    for (unsigned i = 2; i > 0; i--) {
        const unsigned j = tb_rng_below(R->r, i + 1), tmp = order[i];
        order[i] = order[j];
        order[j] = tmp;
    }
    /* start near a 4 KB boundary, sometimes high in the address space */
    uint64_t at = 0x1000ull * (1 + tb_rng_below(R->r, 16)) - 256ull * tb_rng_below(R->r, 4) +
                  ((uint64_t)tb_rng_below(R->r, 4) << 40);
    for (unsigned i = 0; i < 3; i++) {
        base[order[i]] = at;
        at += (len[order[i]] + 255) / 256 * 256 + 256ull * tb_rng_below(R->r, 3);
    }
    if (!gx_msmem_init(&R->mm, &R->cfg, base[0], base[1], base[2])) {
        tb_check(rep, 0, "gx_msmem_init refused the phase's surface");
        return;
    }
    for (unsigned k = 0; k < 6; k++)
        for (unsigned j = 0; j < R->b; j++)
            R->pal[k][j] = (uint8_t)(k == 0 ? 0 : tb_rng_below(R->r, 2) ? 100 + 3 * k : tb_rng_u32(R->r));
    /* the AXI memory: the model's image in whole 256-byte blocks (a burst's beats cover
     * 8 bytes, the state table's last beat reaches past the image's end) */
    const uint64_t sbase = R->mm.lo & ~255ull, ssize = ((R->mm.hi + 255) & ~255ull) - sbase;
    tb_axi_mem_t S;
    tb_axi_mem_cfg_t acfg = {8, 0, 0, 0, 4, 16, (int)tb_rng_below(sr, 2)};
    tb_axi_mem_init(&S, sbase, (size_t)ssize, &acfg, tb_rng_u64(sr) ^ AXI_SEED_SALT);
    axi_mon_t mon;
    axi_mon_axi4_init(&mon, "m_axi", 8, 0, 1);
    gx_msmem_rtl_cfg(m, &R->cfg, base[0], base[1], base[2]);
    gx_msmem_rtl_io_t io;
    for (unsigned c = 0; c < 3; c++) { /* cfg_i reaches the derived registers */
        memset(&io, 0, sizeof io);
        gx_msmem_rtl_eval(m, &io);
        gx_msmem_rtl_tick(m);
    }
    const uint64_t rd0 = io.bytes_rd, wr0 = io.bytes_wr, bad0 = io.bad_wr;
    uint64_t want_rd = 0, want_wr = 0, want_bad = 0;

    gx_ms_flush_t f;
    uint32_t fimg[GX_MS_FLUSH_WORDS];
    int fl_valid = 0, fl_drop = 0;
    port_t P[2];
    memset(P, 0, sizeof P);
    seen_t *sw = calloc(1, sizeof *sw), *sr_ = calloc(1, sizeof *sr_);
    unsigned issued = 0, finished = 0, idle = 0;
    tb_stall_t prof = {0, 0};
    int wr_busy = 0; /* a write is in flight in the RTL (offered and not idle) */
    char why[256];
    while (finished < ops || fl_valid || P[0].valid || P[1].valid || P[0].pending ||
           P[1].pending) {
        if (issued % PHASE_TX == 0) {
            prof = tb_stall_pick(sr);
            S.cfg.ready_pct = prof.stall_pct;
            S.cfg.gap_pct = prof.gap_pct;
            S.cfg.max_lat = tb_rng_below(sr, 4) ? tb_rng_below(sr, 12) : 0;
        }
        /* offer new transactions */
        if (!fl_valid && issued < ops && tb_rng_below(R->r, 3) == 0 &&
            !tb_rng_pct(sr, prof.gap_pct)) {
            make_packet(R, &f, &fl_drop);
            gx_msmem_flush_pack(&f, fimg);
            fl_valid = 1;
            issued++;
        }
        for (unsigned k = 0; k < 2; k++) {
            port_t *p = &P[k];
            if (!p->valid && !p->pending && issued < ops && tb_rng_below(R->r, 3) == 0 &&
                !tb_rng_pct(sr, prof.gap_pct)) {
                const unsigned x = tb_rng_below(R->r, 16);
                p->tile = x == 0 ? R->mm.tiles + tb_rng_below(R->r, 3)
                          : x < 4 ? R->mm.tiles - 1 : tb_rng_below(R->r, R->mm.tiles);
                if (fl_valid && tb_rng_below(R->r, 2))
                    p->tile = f.tile; /* behind the write in flight */
                const unsigned y = tb_rng_below(R->r, 8);
                p->pixels = y == 0 ? 0 : y == 1 ? 0xffffffffu : tb_rng_u32(R->r);
                gx_msmem_rdreq_pack(p->tile, p->pixels,
                                    k ? GX_MS_READ_LOAD : (gx_ms_read_kind_t)tb_rng_below(R->r, 2),
                                    p->req);
                p->valid = 1;
                p->held = 0;
                issued++;
            }
        }
        memset(&io, 0, sizeof io);
        io.fl_valid = fl_valid;
        io.fl = fl_valid ? fimg : NULL;
        for (unsigned k = 0; k < 2; k++) {
            io.rd_req_valid[k] = P[k].valid;
            memcpy(io.rd_req[k], P[k].req, sizeof P[k].req);
            io.rd_resp_ready[k] = !tb_rng_pct(sr, prof.stall_pct);
        }
        tb_axi_mem_drive(&S, &io.axi);
        gx_msmem_rtl_eval(m, &io);
        const axi4_sig_t *a = &io.axi;
        axi_mon_axi4_step(&mon, 0, a);
        int moved = 0;
        /* coverage of back-pressure and latency */
        cov->bp_aw += a->aw_valid && !a->aw_ready;
        cov->bp_w += a->w_valid && !a->w_ready;
        cov->bp_ar += a->ar_valid && !a->ar_ready;
        cov->bp_fl += fl_valid && !io.fl_ready && wr_busy;
        for (unsigned k = 0; k < 2; k++)
            cov->bp_resp += io.rd_resp_valid[k] && !io.rd_resp_ready[k];
        /* the bursts of the transaction in flight */
        if (a->aw_valid && a->aw_ready) {
            if (sw->n < QMAX) {
                sw->addr[sw->n] = a->aw_addr;
                sw->len[sw->n++] = a->aw_len;
            }
            sw->attr_bad |= a->aw_size != 3 || a->aw_burst != AXI4_BURST_INCR || a->aw_id ||
                            a->aw_cache != 3;
            if ((a->aw_addr & 0xfff) + 8ull * (a->aw_len + 1) - (a->aw_addr & 7) >= 0x1000 - 8)
                cov->edge4k++;
            moved = 1;
        }
        if (a->w_valid && a->w_ready) {
            if (sw->beats < QMAX * 33) {
                sw->strb[sw->beats] = (uint8_t)a->w_strb;
                sw->last[sw->beats++] = (uint8_t)a->w_last;
            }
            moved = 1;
        }
        if (a->ar_valid && a->ar_ready) {
            if (sr_->n < QMAX) {
                sr_->addr[sr_->n] = a->ar_addr;
                sr_->len[sr_->n++] = a->ar_len;
            }
            sr_->attr_bad |= a->ar_size != 3 || a->ar_burst != AXI4_BURST_INCR || a->ar_id ||
                             a->ar_cache != 3;
            moved = 1;
        }
        /* a read offered while a write to its tile is in flight */
        for (unsigned k = 0; k < 2; k++)
            if (P[k].valid && fl_valid && wr_busy && P[k].tile == f.tile && !fl_drop)
                P[k].held = 1;
        /* the write's end */
        if (fl_valid && io.fl_ready) {
            gx_msmem_io_t mio;
            const int took = gx_msmem_write(&R->mm, &f, &mio);
            tb_check(rep, took != fl_drop, "packet tile %u enc %u written 0x%x: the model %s it",
                     f.tile, f.enc, f.written, took ? "takes" : "refuses");
            if (took) {
                const int ok = bursts_ok(&mio, sw, 1, why, sizeof why);
                tb_check(rep, ok, "write tile %u enc %u written 0x%x: %s", f.tile, f.enc,
                         f.written, why);
                want_wr += mio.data_bytes + mio.state_bytes;
                const uint32_t valid = gx_mssurf_tile_valid(&R->cfg, f.tile);
                cov->wr[R->fmt][f.enc][f.written == valid]++;
            } else {
                tb_check(rep, sw->n == 0 && sw->beats == 0,
                         "dropped packet tile %u: %u bursts, %u W beats", f.tile, sw->n, sw->beats);
                want_bad++;
                cov->dropped++;
            }
            /* the tile's bytes in the AXI memory */
            if (took) {
                const uint64_t blk[3] = {R->mm.surf_base + 256ull * f.tile,
                                         R->mm.index_base + 32ull * f.tile,
                                         R->mm.state_base + f.tile};
                const unsigned bl[3] = {256, 32, 1};
                unsigned diff = 0;
                uint64_t first = 0;
                for (unsigned g = 0; g < 3; g++)
                    for (unsigned j = 0; j < bl[g]; j++)
                        if (tb_axi_mem_bytes(&S)[blk[g] + j - sbase] !=
                            gx_msmem_peek(&R->mm, blk[g] + j)) {
                            if (!diff)
                                first = blk[g] + j;
                            diff++;
                        }
                char buf[160];
                tb_check(rep, diff == 0, "after the write to tile %u: %u bytes differ, first %s",
                         f.tile, diff, gx_msmem_describe(&R->mm, first, buf, sizeof buf));
            }
            memset(sw, 0, sizeof *sw);
            fl_valid = 0;
            finished++;
            moved = 1;
        }
        /* reads: applied to the model when taken, compared when answered */
        for (unsigned k = 0; k < 2; k++) {
            port_t *p = &P[k];
            if (p->valid && io.rd_req_ready[k]) {
                tb_check(rep, !wr_busy || !fl_valid, "port %u: a read taken during a write", k);
                gx_msmem_answer(&R->mm, p->req, p->resp);
                uint8_t tmp[256];
                gx_msmem_read(&R->mm, p->tile, p->pixels, tmp, NULL, &p->io);
                want_rd += p->io.data_bytes + p->io.state_bytes;
                cov->rd_port[k]++;
                cov->rd_query += p->pixels == 0 && p->tile < R->mm.tiles;
                cov->rd_outside += p->tile >= R->mm.tiles;
                cov->held += p->held;
                p->valid = 0;
                p->pending = 1;
                memset(sr_, 0, sizeof *sr_);
                moved = 1;
            }
            if (io.rd_resp_valid[k] && io.rd_resp_ready[k]) {
                if (!p->pending) {
                    tb_check(rep, 0, "port %u: a response with no read", k);
                    continue;
                }
                unsigned w = 0;
                while (w < GX_MS_RDRESP_WORDS && io.rd_resp[k][w] == p->resp[w])
                    w++;
                tb_check(rep, w == GX_MS_RDRESP_WORDS,
                         "port %u read tile %u pixels 0x%08x: response word %u 0x%08x, model "
                         "0x%08x", k, p->tile, p->pixels, w, w < GX_MS_RDRESP_WORDS ? io.rd_resp[k][w] : 0,
                         w < GX_MS_RDRESP_WORDS ? p->resp[w] : 0);
                const int ok = bursts_ok(&p->io, sr_, 0, why, sizeof why);
                tb_check(rep, ok, "port %u read tile %u pixels 0x%08x: %s", k, p->tile,
                         p->pixels, why);
                memset(sr_, 0, sizeof *sr_);
                p->pending = 0;
                finished++;
                moved = 1;
            }
        }
        tb_axi_mem_step(&S, a);
        wr_busy = fl_valid && !io.idle;
        if (!gx_msmem_rtl_tick(m)) {
            tb_check(rep, 0, "an assertion failed (cycle %" PRIu64 ")", *cycles);
            break;
        }
        (*cycles)++;
        idle = moved || !tb_axi_mem_idle(&S) ? 0 : idle + 1;
        if (idle > 4096) {
            tb_check(rep, 0, "no progress for 4096 clocks (%u of %u transactions done)",
                     finished, ops);
            break;
        }
    }
    *done += finished;
    /* drain, then the whole memory and the counters */
    memset(&io, 0, sizeof io);
    tb_axi_mem_drive(&S, &io.axi);
    gx_msmem_rtl_eval(m, &io);
    uint64_t first = 0;
    const uint64_t d = gx_msmem_compare(&R->mm, tb_axi_mem_bytes(&S), sbase, ssize, &first);
    char buf[160];
    tb_check(rep, d == 0, "N=%u B=%u: AXI memory differs from the model in %" PRIu64
             " bytes, first %s", R->n, R->b, d, gx_msmem_describe(&R->mm, first, buf, sizeof buf));
    tb_check(rep, tb_axi_mem_error(&S) == NULL, "N=%u B=%u: the AXI memory model: %s", R->n,
             R->b, tb_axi_mem_error(&S) ? tb_axi_mem_error(&S) : "");
    tb_check(rep, axi_mon_axi4_drained(&mon) && axi_mon_ok(&mon),
             "N=%u B=%u: the AXI4 monitor found protocol violations (first above)", R->n, R->b);
    cov->lat_b += S.cnt.lat_max;
    cov->lat_r += S.cnt.gaps;
    cov->w_early += S.cnt.w_early;
    cov->interleave += S.cfg.interleave ? S.cnt.bursts_read : 0;
    tb_check(rep, io.bytes_rd - rd0 == want_rd && io.bytes_wr - wr0 == want_wr &&
                      ((io.bad_wr - bad0) & 0xffff) == (want_bad & 0xffff) && !io.resp_err,
             "N=%u B=%u: counters read %" PRIu64 "/%" PRIu64 " written %" PRIu64 "/%" PRIu64
             " dropped %" PRIu64 "/%" PRIu64, R->n, R->b, io.bytes_rd - rd0, want_rd,
             io.bytes_wr - wr0, want_wr, (uint64_t)(io.bad_wr - bad0), want_bad);
    gx_msmem_rtl_tick(m);
    free(sw);
    free(sr_);
    tb_axi_mem_free(&S);
    gx_msmem_free(&R->mm);
}


/* Latency of single transactions with no stalls (every READY high, B and R at once),
 * N = 4, B = 4 (P = 16), one tile of a 16 x 1 surface: clocks from the offer to fl_ready
 * (write) or to rd_resp_valid (read). Printed for docs/msmem.md; each read's response is
 * checked against the model as in the random run. */
static void latency_probe(tb_report_t *rep)
{
    run_t R;
    tb_rng_t r;
    tb_rng_seed(&r, 1);
    memset(&R, 0, sizeof R);
    R.r = &r;
    R.cfg.spp = GX_SPP4;
    R.cfg.bps = GX_BPS4;
    R.n = 4;
    R.b = 4;
    R.np = 16;
    gx_mssurf_cfg_default(&R.cfg, 16, 1, GX_SPP4, GX_BPS4);
    if (!gx_msmem_init(&R.mm, &R.cfg, 0x10000, 0x20000, 0x30000))
        return;
    for (unsigned k = 0; k < 6; k++)
        for (unsigned j = 0; j < 4; j++)
            R.pal[k][j] = (uint8_t)(17 * k + j);
    tb_axi_mem_t S;
    tb_axi_mem_cfg_t acfg = {8, 0, 0, 0, 4, 16, 0};
    tb_axi_mem_init(&S, R.mm.lo & ~255ull, (size_t)(((R.mm.hi + 255) & ~255ull) - (R.mm.lo & ~255ull)),
                    &acfg, 1);
    void *m = gx_msmem_rtl_new(NULL);
    gx_msmem_rtl_cfg(m, &R.cfg, 0x10000, 0x20000, 0x30000);
    gx_msmem_rtl_io_t io;
    for (unsigned c = 0; c < 3; c++) {
        memset(&io, 0, sizeof io);
        gx_msmem_rtl_eval(m, &io);
        gx_msmem_rtl_tick(m);
    }
    static const char *name[6] = {"write 1SPP, 16 pixels", "write subset, 16 pixels",
                                  "write full, 16 pixels", "read full tile, 16 pixels",
                                  "read subset tile, 16 pixels", "read 1 pixel (subset)"};
    static const gx_enc_t wenc[3] = {GX_ENC1SPP, GX_ENCSUBSET, GX_ENCFULL};
    for (unsigned t = 0; t < 6; t++) {
        gx_ms_flush_t f;
        uint32_t fimg[GX_MS_FLUSH_WORDS], req[GX_MS_RDREQ_WORDS], resp[GX_MS_RDRESP_WORDS];
        uint8_t img[256];
        const int wr = t < 3;
        if (wr) {
            memset(img, 0, sizeof img);
            gen_image(&R, wenc[t], 0xffff, img);
            memset(&f, 0, sizeof f);
            f.enc = wenc[t];
            f.written = 0xffff;
            f.payload_bytes = (uint16_t)gx_mssurf_encode(&R.cfg, f.enc, 0xffff, img, f.payload);
            gx_msmem_flush_pack(&f, fimg);
        } else {
            if (t == 4) { /* the tile subset first */
                memset(img, 0, sizeof img);
                gen_image(&R, GX_ENCSUBSET, 0xffff, img);
                memset(&f, 0, sizeof f);
                f.enc = GX_ENCSUBSET;
                f.written = 0xffff;
                f.payload_bytes = (uint16_t)gx_mssurf_encode(&R.cfg, f.enc, 0xffff, img, f.payload);
                gx_msmem_write(&R.mm, &f, NULL);
                gx_msmem_flush_pack(&f, fimg);
                for (int done = 0; !done;) {
                    memset(&io, 0, sizeof io);
                    io.fl_valid = 1;
                    io.fl = fimg;
                    tb_axi_mem_drive(&S, &io.axi);
                    gx_msmem_rtl_eval(m, &io);
                    done = io.fl_ready;
                    tb_axi_mem_step(&S, &io.axi);
                    gx_msmem_rtl_tick(m);
                }
            }
            gx_msmem_rdreq_pack(0, t == 5 ? 0x20 : 0xffff, GX_MS_READ_LOAD, req);
            gx_msmem_answer(&R.mm, req, resp);
        }
        unsigned clocks = 0;
        for (int done = 0; !done && clocks < 2000; clocks++) {
            memset(&io, 0, sizeof io);
            io.fl_valid = wr;
            io.fl = wr ? fimg : NULL;
            io.rd_req_valid[1] = !wr && clocks == 0;
            memcpy(io.rd_req[1], req, sizeof req);
            io.rd_resp_ready[1] = 1;
            tb_axi_mem_drive(&S, &io.axi);
            gx_msmem_rtl_eval(m, &io);
            if (getenv("MSMEM_TIMING"))
                printf("%u %3u fl %d/%d rd %d/%d aw %d/%d a%04" PRIx64 " l%u w %d/%d s%02x l%d "
                       "b %d ar %d/%d a%04" PRIx64 " l%u r %d l%d resp %d idle %d\n", t, clocks,
                       io.fl_valid, io.fl_ready, io.rd_req_valid[1], io.rd_req_ready[1],
                       io.axi.aw_valid, io.axi.aw_ready, io.axi.aw_addr & 0xffff, io.axi.aw_len,
                       io.axi.w_valid, io.axi.w_ready, io.axi.w_strb, io.axi.w_last,
                       io.axi.b_valid, io.axi.ar_valid, io.axi.ar_ready,
                       io.axi.ar_addr & 0xffff, io.axi.ar_len, io.axi.r_valid, io.axi.r_last,
                       io.rd_resp_valid[1], io.idle);
            if (wr && io.fl_ready) {
                done = 1;
                gx_msmem_write(&R.mm, &f, NULL);
            }
            if (!wr && io.rd_resp_valid[1]) {
                done = 1;
                tb_check(rep, memcmp(io.rd_resp[1], resp, sizeof resp) == 0,
                         "latency probe: %s: response differs from the model", name[t]);
            }
            tb_axi_mem_step(&S, &io.axi);
            gx_msmem_rtl_tick(m);
        }
        printf("tb_msmem: latency, no stalls: %-28s %u clocks\n", name[t], clocks);
    }
    gx_msmem_rtl_free(m, NULL);
    tb_axi_mem_free(&S);
    gx_msmem_free(&R.mm);
}

static uint64_t run_all(const tb_opts_t *o, const char *fst, const char *cov_path,
                        tb_report_t *rep, cov_t *cov, uint64_t *cycles)
{
    tb_rng_t r, sr;
    tb_rng_seed(&r, o->seed);
    tb_rng_seed_stalls(&sr, o);
    memset(cov, 0, sizeof *cov);
    void *m = gx_msmem_rtl_new(fst);
    uint64_t done = 0;
    const unsigned phases = 24;
    unsigned fmts[24];
    for (unsigned i = 0; i < phases; i++)
        fmts[i] = i % 12;
    for (unsigned i = phases - 1; i > 0; i--) {
        const unsigned j = tb_rng_below(&r, i + 1), t = fmts[i];
        fmts[i] = fmts[j];
        fmts[j] = t;
    }
    for (unsigned i = 0; i < phases && rep->failed == 0; i++) {
        run_t R;
        memset(&R, 0, sizeof R);
        R.r = &r;
        R.fmt = fmts[i];
        R.cfg.spp = (gx_spp_t)(fmts[i] / 3);
        R.cfg.bps = (gx_bps_t)(fmts[i] % 3);
        R.n = 2u << R.cfg.spp;
        R.b = 4u << R.cfg.bps;
        R.np = 256 / (R.n * R.b);
        const unsigned ops = (unsigned)((o->n + phases - 1) / phases);
        run_phase(m, &R, ops, &sr, rep, cov, cycles, &done);
    }
    gx_msmem_rtl_free(m, cov_path);
    return done;
}

static int cov_check(const cov_t *c)
{
    static const char *en[4] = {"1SPP", "subset", "full", "uniform"};
    int holes = 0;
    for (unsigned f = 0; f < 12; f++) {
        const unsigned n = 2u << (f / 3), b = 4u << (f % 3), np = 256 / (n * b);
        for (unsigned e = 0; e < 4; e++) /* a uniform write is whole */
            for (unsigned w = 0; w < 2; w++)
                if (!c->wr[f][e][w] && (w || (np > 1 && e != GX_ENCUNIFORM))) {
                    printf("COVERAGE HOLE: N=%u B=%u %s %s write\n", n, b, en[e],
                           w ? "whole" : "partial");
                    holes++;
                }
    }
    const uint64_t *v[] = {&c->rd_port[0], &c->rd_port[1], &c->rd_query, &c->rd_outside,
                           &c->held, &c->edge4k, &c->dropped, &c->bp_aw, &c->bp_w, &c->bp_ar,
                           &c->bp_fl, &c->bp_resp, &c->lat_b, &c->lat_r, &c->w_early,
                           &c->interleave};
    static const char *vn[] = {"read on port 0", "read on port 1", "state query",
                               "read outside the surface", "read held behind a write",
                               "burst at a 4 KB boundary", "dropped packet",
                               "AW back-pressure", "W back-pressure", "AR back-pressure",
                               "fl back-pressure", "rd_resp back-pressure",
                               "response at the longest latency", "response gaps",
                               "W data ahead of its address", "reads with interleave on"};
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++)
        if (!*v[i]) {
            printf("COVERAGE HOLE: %s\n", vn[i]);
            holes++;
        }
    return holes;
}

int main(int argc, char **argv)
{
    tb_opts_t o;
    tb_opts_parse(&o, argc, argv, "tb_msmem", 6000);
    printf("tb_msmem: SEED=%" PRIu64 " N=%" PRIu64 "\n", o.seed, o.n);
    fflush(stdout);
    char path[512], cpath[512];
    tb_out_paths(&o, "gx_msmem", cpath, sizeof cpath, path, sizeof path);
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    cov_t cov;
    uint64_t cycles = 0;
    latency_probe(&rep);
    const uint64_t done = run_all(&o, o.waves ? path : NULL, cpath, &rep, &cov, &cycles);
    const int holes = cov_check(&cov);
    tb_check(&rep, holes == 0, "%d functional coverage holes", holes);
    tb_check(&rep, done >= o.n, "%" PRIu64 " transactions, fewer than N", done);
    uint64_t by[4] = {0, 0, 0, 0};
    for (unsigned f = 0; f < 12; f++)
        for (unsigned e = 0; e < 4; e++)
            by[e] += cov.wr[f][e][0] + cov.wr[f][e][1];
    printf("tb_msmem: %" PRIu64 " transactions in %" PRIu64 " clocks; writes 1SPP %" PRIu64
           " subset %" PRIu64 " full %" PRIu64 " uniform %" PRIu64 ", dropped %" PRIu64
           "; reads port 0 %" PRIu64 " port 1 %" PRIu64 "; held behind a write %" PRIu64 "\n",
           done, cycles, by[0], by[1], by[2], by[3], cov.dropped, cov.rd_port[0],
           cov.rd_port[1], cov.held);
    if (rep.failed && !o.waves) {
        printf("tb_msmem: replaying SEED=%" PRIu64 " with waves: %s\n", o.seed, path);
        tb_report_t r2;
        memset(&r2, 0, sizeof r2);
        run_all(&o, path, NULL, &r2, &cov, &cycles);
    } else if (o.waves) {
        printf("tb_msmem: waveform %s\n", path);
    }
    return tb_summary(&rep);
}
