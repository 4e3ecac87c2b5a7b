/* zsample_drv: gx_zsample's port images and its tiles through tb_stream_run. */
#include <stdlib.h>
#include <string.h>

#include "zsample_rtl.h"
#include "zform.h"

void gx_zsample_req_pack(const gx_zsample_req_t *q, uint32_t w[GX_ZS_REQ_WORDS])
{
    memset(w, 0, GX_ZS_REQ_WORDS * sizeof w[0]);
    gx_bits_set64(w, GX_ZS_REQ_PT_LSB, GX_ZT_W, q->tp.pt);
    gx_bits_set64(w, GX_ZS_REQ_A_LSB, GX_ZT_W, q->tp.a);
    gx_bits_set64(w, GX_ZS_REQ_B_LSB, GX_ZT_W, q->tp.b);
    gx_bits_set(w, GX_ZS_REQ_NLOG_LSB, GX_ZS_REQ_NLOG_BITS, q->nlog);
    gx_bits_set(w, GX_ZS_REQ_PSET_LSB, GX_ZS_REQ_PSET_BITS, q->pset);
    gx_bits_set(w, GX_ZS_REQ_QSET_LSB, GX_ZS_REQ_QSET_BITS, q->qset);
    gx_bits_set(w, GX_ZS_REQ_FUNC_LSB, GX_ZS_REQ_FUNC_BITS, q->func);
    for (unsigned s = 0; s < GX_PATTERN_SLOTS; s++)
        gx_bits_set(w, GX_ZS_REQ_SLOTS_LSB + 8 * s, 8, q->slots[s]);
    gx_bits_set64(w, GX_ZS_REQ_COV_LSB, GX_ZTILE_SAMPLES, q->cov);
    const gx_zrop_tile_t *t = &q->tile;
    gx_bits_set(w, GX_ZS_REQ_CLEAR_LSB, GX_ZS_REQ_CLEAR_BITS, q->clear);
    if (t->state == GX_ZT_RAW) {
        gx_bits_set(w, GX_ZS_REQ_STATE_LSB, 2, (uint32_t)t->state);
        for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
            gx_bits_set(w, GX_ZS_REQ_ZOLD_LSB + GX_Z_BITS * k, GX_Z_BITS, t->z[k]);
    } else {
        form_pack(w, GX_ZS_REQ_STATE_LSB, GX_ZS_REQ_NP_LSB, GX_ZS_REQ_IDX_LSB, GX_ZS_REQ_PL_LSB,
                  t);
    }
}

void gx_zsample_resp_pack(const gx_zsample_resp_t *r, uint32_t w[GX_ZS_RESP_WORDS])
{
    memset(w, 0, GX_ZS_RESP_WORDS * sizeof w[0]);
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
        gx_bits_set(w, GX_ZS_RESP_Z_LSB + GX_Z_BITS * k, GX_Z_BITS, r->z[k]);
    gx_bits_set64(w, GX_ZS_RESP_PASS_LSB, GX_ZTILE_SAMPLES, r->pass);
}

void gx_zsample_resp_unpack(const uint32_t w[GX_ZS_RESP_WORDS], gx_zsample_resp_t *r)
{
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
        r->z[k] = gx_bits_get(w, GX_ZS_RESP_Z_LSB + GX_Z_BITS * k, GX_Z_BITS);
    r->pass = gx_bits_get64(w, GX_ZS_RESP_PASS_LSB, GX_ZTILE_SAMPLES);
}

uint64_t gx_zsample_rtl_run(void *m, const gx_zsample_req_t *req, gx_zsample_resp_t *out,
                            uint64_t n, tb_rng_t *rng, int stall, uint64_t phase,
                            uint64_t *n_got)
{
    const tb_dut_ops_t *ops = &gx_zsample_rtl_ops;
    uint32_t *rq = calloc(n ? n * ops->req_words : 1, sizeof *rq);
    uint32_t *resp = calloc(n ? n * ops->resp_words : 1, sizeof *resp);
    uint64_t cycles = 0;
    *n_got = 0;
    if (rq && resp) {
        for (uint64_t i = 0; i < n; i++)
            gx_zsample_req_pack(&req[i], rq + i * ops->req_words);
        cycles = tb_stream_run(ops, m, rq, resp, n, rng, stall, phase, n_got);
        for (uint64_t i = 0; i < *n_got && i < n; i++)
            gx_zsample_resp_unpack(resp + i * ops->resp_words, &out[i]);
    }
    free(rq);
    free(resp);
    return cycles;
}
