/* bench_msmem: throughput of gx_msmem (fast model), the AXI4 master of the multi-sample
 * surface: transactions and AXI bytes a clock for streams of one kind of transaction,
 * offered back to back, against a memory that is always ready and answers in the next
 * clock (tb_axi_mem with no latency, no gaps, no back-pressure); and transactions a
 * second at the block's fmax in docs/synth.md. N = 4, B = 4 (4 x 4-pixel tiles), a
 * 64 x 64 surface (256 tiles, visited in order). Every read response is checked against
 * the C model (gx_msmem_answer at the request's handshake), every write is applied to
 * the model at its handshake, and the AXI memory equals the model's image at the end. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gx/msmem.h"
#include "gx/mssurf.h"
#include "axi_mem.h"
#include "msmem_rtl.h"
#include "tb.h"

enum { NTX = 2048, TILES = 256, NP = 16, SAMPLES = 4, BYTES = 4 };

typedef enum { W_UNIFORM, W_1SPP, W_SUBSET, W_FULL, R_TILE, R_PIXEL, NKIND } kind_t;

static const char *const kind_name[NKIND] = {
    "write uniform tile", "write 1SPP tile", "write subset tile (2 classes)",
    "write full tile", "read a full tile (16 pixels)", "read one pixel of a full tile"};

/* Tile t's image in state e: every pixel's samples from two values that depend on the
 * tile and the pixel (uniform: one value for the tile). */
static void tile_image(unsigned t, gx_enc_t e, uint8_t img[GX_MS_TILE_BYTES])
{
    for (unsigned p = 0; p < NP; p++)
        for (unsigned s = 0; s < SAMPLES; s++) {
            const unsigned cls = e == GX_ENCFULL ? s : e == GX_ENCSUBSET ? (s & 1u) : 0;
            const unsigned pix = e == GX_ENCUNIFORM ? 0 : p;
            for (unsigned j = 0; j < BYTES; j++)
                img[(p * SAMPLES + s) * BYTES + j] = (uint8_t)(t * 7 + pix * 13 + cls * 61 + j);
        }
}

static void flush_of(const gx_ms_cfg_t *cfg, unsigned t, gx_enc_t e, gx_ms_flush_t *f)
{
    uint8_t img[GX_MS_TILE_BYTES];
    tile_image(t, e, img);
    memset(f, 0, sizeof *f);
    f->tile = t;
    f->enc = e;
    f->written = (1u << NP) - 1u;
    f->payload_bytes = (uint16_t)gx_mssurf_encode(cfg, e, f->written, img, f->payload);
}

/* One row: NTX transactions of one kind (reads follow a full write of every tile). */
static void row(kind_t kind, double mhz, tb_report_t *rep)
{
    static const gx_enc_t wenc[4] = {GX_ENCUNIFORM, GX_ENC1SPP, GX_ENCSUBSET, GX_ENCFULL};
    const uint64_t surf = 0x10000, index = 0x20000, state = 0x30000;
    gx_ms_cfg_t cfg;
    gx_mssurf_cfg_default(&cfg, 64, 64, GX_SPP4, GX_BPS4);
    gx_msmem_t mm;
    if (!gx_msmem_init(&mm, &cfg, surf, index, state)) {
        tb_check(rep, 0, "gx_msmem_init refused the surface");
        return;
    }
    const uint64_t sbase = mm.lo & ~255ull, ssize = ((mm.hi + 255) & ~255ull) - sbase;
    tb_axi_mem_t S;
    tb_axi_mem_cfg_t acfg = {8, 0, 0, 0, 16, 16, 0};
    tb_axi_mem_init(&S, sbase, (size_t)ssize, &acfg, 1);
    void *m = gx_msmem_rtl_new(NULL);
    gx_msmem_rtl_cfg(m, &cfg, surf, index, state);
    gx_msmem_rtl_io_t io;
    const int wr = kind < R_TILE;
    /* the reads' tiles: written full first (not counted) */
    const unsigned pre = wr ? 0 : TILES, total = pre + NTX;
    uint32_t fimg[GX_MS_FLUSH_WORDS], req[GX_MS_RDREQ_WORDS], want[4][GX_MS_RDRESP_WORDS];
    gx_ms_flush_t f;
    unsigned sent = 0, answered = 0, head = 0, tail = 0, bad = 0;
    uint64_t clk = 0, t0 = 0, rd0 = 0, wr0 = 0;
    int have = 0;
    while (answered < total && clk < 1000ull * total) {
        const int wphase = sent < pre || wr;
        if (!have && sent < total) {
            const unsigned t = sent % TILES;
            if (wphase) {
                flush_of(&cfg, t, sent < pre ? GX_ENCFULL : wenc[kind], &f);
                gx_msmem_flush_pack(&f, fimg);
            } else {
                gx_msmem_rdreq_pack(t, kind == R_TILE ? (1u << NP) - 1u : 1u << (sent % NP),
                                    GX_MS_READ_LOAD, req);
            }
            have = 1;
        }
        memset(&io, 0, sizeof io);
        io.fl_valid = have && wphase;
        io.fl = fimg;
        io.rd_req_valid[0] = have && !wphase;
        memcpy(io.rd_req[0], req, sizeof req);
        io.rd_resp_ready[0] = 1;
        tb_axi_mem_drive(&S, &io.axi);
        gx_msmem_rtl_eval(m, &io);
        if (io.fl_valid && io.fl_ready) {
            gx_msmem_write(&mm, &f, NULL);
            have = 0;
            sent++;
            answered++;
        }
        if (io.rd_req_valid[0] && io.rd_req_ready[0]) {
            gx_msmem_answer(&mm, req, want[tail++ % 4]);
            have = 0;
            sent++;
        }
        if (io.rd_resp_valid[0]) {
            bad += head == tail || memcmp(io.rd_resp[0], want[head % 4], sizeof want[0]) != 0;
            head++;
            answered++;
        }
        if (answered == pre && t0 == 0 && pre > 0) {
            t0 = clk + 1;
            rd0 = io.bytes_rd;
            wr0 = io.bytes_wr;
        }
        tb_axi_mem_step(&S, &io.axi);
        if (!gx_msmem_rtl_tick(m))
            bad++;
        clk++;
    }
    const uint64_t diff = gx_msmem_compare(&mm, tb_axi_mem_bytes(&S), sbase, ssize, NULL);
    const int ok = answered == total && bad == 0 && diff == 0 && tb_axi_mem_error(&S) == NULL;
    tb_check(rep, ok, "%s: RTL and C model differ (%u mismatches, %" PRIu64 " memory bytes)",
             kind_name[kind], bad, diff);
    const uint64_t clocks = clk - t0, bytes = io.bytes_rd - rd0 + io.bytes_wr - wr0;
    const double cpt = (double)clocks / NTX;
    char ps[32];
    printf("| %s | %u | %" PRIu64 " | %.2f | %.2f | %s | %s |\n", kind_name[kind], NTX, clocks,
           cpt, (double)bytes / (double)clocks, tb_rate_at_fmax(ps, sizeof ps, mhz, 1.0 / cpt, 2),
           ok ? "yes" : "MISMATCH");
    gx_msmem_rtl_free(m, NULL);
    tb_axi_mem_free(&S);
    gx_msmem_free(&mm);
}

int main(void)
{
    tb_report_t rep;
    memset(&rep, 0, sizeof rep);
    const double mhz = tb_synth_fmax_mhz("msmem");
    printf("N = 4, B = 4, 64 x 64 surface, %u transactions a row, memory always ready, "
           "fmax %.1f MHz (docs/synth.md)\n\n", NTX, mhz);
    printf("| transactions | count | clocks | clocks / transaction | AXI bytes / clock "
           "| M transactions/s at fmax | RTL = C model |\n");
    printf("|---|---:|---:|---:|---:|---:|---|\n");
    for (unsigned k = 0; k < NKIND; k++)
        row((kind_t)k, mhz, &rep);
    return tb_summary(&rep);
}
