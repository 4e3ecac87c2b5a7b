/* ztile_drv: gx_ztile's port images, the model's answer, and updates through
 * tb_stream_run. */
#include <stdlib.h>
#include <string.h>

#include "ztile_rtl.h"
#include "zform.h"

void gx_ztile_req_pack(const gx_ztile_req_t *q, uint32_t w[GX_ZU_REQ_WORDS])
{
    memset(w, 0, GX_ZU_REQ_WORDS * sizeof w[0]);
    form_pack(w, GX_ZU_REQ_STATE_LSB, GX_ZU_REQ_NP_LSB, GX_ZU_REQ_IDX_LSB, GX_ZU_REQ_PL_LSB,
              &q->t);
    plane_set(w, GX_ZU_REQ_TP_LSB, &q->tp);
    gx_bits_set64(w, GX_ZU_REQ_PASS_LSB, GX_ZTILE_SAMPLES, q->pass);
    gx_bits_set(w, GX_ZU_REQ_WRITE_LSB, 1, q->write);
    gx_bits_set(w, GX_ZU_REQ_CLEAR_LSB, GX_ZU_REQ_CLEAR_BITS, q->clear);
}

void gx_ztile_resp_pack(const gx_ztile_resp_t *r, uint32_t w[GX_ZU_RESP_WORDS])
{
    memset(w, 0, GX_ZU_RESP_WORDS * sizeof w[0]);
    form_pack(w, GX_ZU_RESP_STATE_LSB, GX_ZU_RESP_NP_LSB, GX_ZU_RESP_IDX_LSB,
              GX_ZU_RESP_PL_LSB, &r->t);
}

void gx_ztile_resp_unpack(const uint32_t w[GX_ZU_RESP_WORDS], gx_ztile_resp_t *r)
{
    memset(r, 0, sizeof *r);
    r->t.state = (gx_zrop_tstate_t)gx_bits_get(w, GX_ZU_RESP_STATE_LSB, 2);
    r->t.nplanes = (uint8_t)gx_bits_get(w, GX_ZU_RESP_NP_LSB, 3);
    for (unsigned k = 0; k < GX_ZTILE_SAMPLES; k++)
        r->t.idx[k] = (uint8_t)gx_bits_get(w, GX_ZU_RESP_IDX_LSB + 2 * k, 2);
    for (unsigned j = 0; j < GX_ZTILE_PLANES; j++)
        plane_get(w, GX_ZU_RESP_PL_LSB + GX_ZT_PLANE_BITS * j, &r->t.pl[j]);
}

void gx_ztile_model(const gx_ztile_req_t *q, gx_ztile_resp_t *r)
{
    memset(r, 0, sizeof *r);
    r->t = q->t;
    if (!gx_zrop_tile_update(&r->t, &q->tp, q->pass, (int)q->write, q->clear)) {
        memset(&r->t, 0, sizeof r->t);
        r->t.state = GX_ZT_RAW;
    }
    memset(r->t.z, 0, sizeof r->t.z);
}

uint64_t gx_ztile_rtl_run(void *m, const gx_ztile_req_t *req, gx_ztile_resp_t *out, uint64_t n,
                          tb_rng_t *rng, int stall, uint64_t phase, uint64_t *n_got)
{
    const tb_dut_ops_t *ops = &gx_ztile_rtl_ops;
    uint32_t *rq = calloc(n ? n * ops->req_words : 1, sizeof *rq);
    uint32_t *resp = calloc(n ? n * ops->resp_words : 1, sizeof *resp);
    uint64_t cycles = 0;
    *n_got = 0;
    if (rq && resp) {
        for (uint64_t i = 0; i < n; i++)
            gx_ztile_req_pack(&req[i], rq + i * ops->req_words);
        cycles = tb_stream_run(ops, m, rq, resp, n, rng, stall, phase, n_got);
        for (uint64_t i = 0; i < *n_got && i < n; i++)
            gx_ztile_resp_unpack(resp + i * ops->resp_words, &out[i]);
    }
    free(rq);
    free(resp);
    return cycles;
}
