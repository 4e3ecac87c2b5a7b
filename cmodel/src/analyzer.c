/* gx_analyzer golden model: see gx/analyzer.h and docs/analyzer.md. */
#include "gx/analyzer.h"

#include <string.h>

unsigned gx_analyzer_spp_count(gx_spp_t spp)
{
    return 2u << (unsigned)spp;
}

unsigned gx_analyzer_bps_bytes(gx_bps_t bps)
{
    switch (bps) {
    case GX_BPS4: return 4;
    case GX_BPS8: return 8;
    case GX_BPS16: return 16;
    }
    return 0;
}

unsigned gx_analyzer_slots(gx_bps_t bps)
{
    unsigned b = gx_analyzer_bps_bytes(bps);
    return b ? GX_LINE_BYTES / b : 0;
}

unsigned gx_analyzer_group_slots(gx_spp_t spp, gx_bps_t bps)
{
    unsigned n = gx_analyzer_spp_count(spp), s = gx_analyzer_slots(bps);
    return n < s ? n : s;
}

int gx_analyzer_req_ok(const gx_an_req_t *req)
{
    unsigned s = gx_analyzer_slots(req->bps);
    if (s == 0 || (unsigned)req->spp > GX_SPP16 || req->query > 1)
        return 0;
    return !req->query || req->qslot < s;
}

/* Slot i equals slot j: all B bytes equal (the hardware ANDs the lanes' comparators). */
static int slot_eq(const gx_an_req_t *req, unsigned i, unsigned j)
{
    unsigned b = gx_analyzer_bps_bytes(req->bps);
    return memcmp(req->line + i * b, req->line + j * b, b) == 0;
}

void gx_analyzer_process(const gx_an_req_t *req, gx_an_resp_t *resp)
{
    const unsigned s = gx_analyzer_slots(req->bps);
    const unsigned gs = gx_analyzer_group_slots(req->spp, req->bps);
    uint8_t cls[GX_MAX_SLOTS] = {0};
    for (unsigned j = 0; j < s; j++)
        for (unsigned i = j / gs * gs; i < (j / gs + 1) * gs; i++)
            if (slot_eq(req, i, j))
                cls[j] |= (uint8_t)(1u << i);

    memset(resp, 0, sizeof *resp);
    resp->query = req->query;
    resp->enc = GX_ENC1SPP;
    if (req->query) {
        resp->masks[req->qslot] = cls[req->qslot];
        return;
    }
    int uniform = 1, singles = 1;
    for (unsigned j = 0; j < s; j++) {
        uint8_t gm = (uint8_t)(((1u << gs) - 1u) << (j / gs * gs));
        resp->masks[j] = cls[j];
        if (cls[j] != gm)
            uniform = 0;
        if (cls[j] != (uint8_t)(1u << j))
            singles = 0;
    }
    resp->enc = uniform ? GX_ENC1SPP : singles ? GX_ENCFULL : GX_ENCSUBSET;
}

int gx_analyzer_resp_eq(const gx_an_resp_t *a, const gx_an_resp_t *b)
{
    return a->query == b->query && a->enc == b->enc &&
           memcmp(a->masks, b->masks, sizeof a->masks) == 0;
}

unsigned gx_analyzer_encoded_bytes(const gx_an_req_t *req, const gx_an_resp_t *resp)
{
    const unsigned s = gx_analyzer_slots(req->bps), b = gx_analyzer_bps_bytes(req->bps);
    const unsigned gs = gx_analyzer_group_slots(req->spp, req->bps);
    switch (resp->enc) {
    case GX_ENC1SPP:
        return s / gs * b;
    case GX_ENCSUBSET: {
        unsigned classes = 0;
        for (unsigned j = 0; j < s; j++) /* a class is counted at its lowest slot */
            if ((resp->masks[j] & (uint8_t)((1u << j) - 1u)) == 0)
                classes++;
        unsigned bytes = classes * b + (classes * gs + 7u) / 8u;
        return bytes < GX_LINE_BYTES ? bytes : GX_LINE_BYTES;
    }
    case GX_ENCFULL:
    case GX_ENCUNIFORM: /* a tile state, never an analysis result */
        break;
    }
    return GX_LINE_BYTES;
}

void gx_an_req_pack(const gx_an_req_t *req, uint32_t w[GX_AN_REQ_WORDS])
{
    memset(w, 0, GX_AN_REQ_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_AN_REQ_QUERY_LSB, GX_AN_REQ_QUERY_BITS, req->query);
    gx_bits_set(w, GX_AN_REQ_QSLOT_LSB, GX_AN_REQ_QSLOT_BITS, req->qslot);
    gx_bits_set(w, GX_AN_REQ_SPP_LSB, GX_AN_REQ_SPP_BITS, (uint32_t)req->spp);
    gx_bits_set(w, GX_AN_REQ_BPS_LSB, GX_AN_REQ_BPS_BITS, (uint32_t)req->bps);
    for (unsigned i = 0; i < GX_LINE_BYTES; i++)
        gx_bits_set(w, GX_AN_REQ_LINE_LSB + 8u * i, 8, req->line[i]);
}

void gx_an_resp_pack(const gx_an_resp_t *resp, uint32_t w[GX_AN_RESP_WORDS])
{
    memset(w, 0, GX_AN_RESP_WORDS * sizeof w[0]);
    gx_bits_set(w, GX_AN_RESP_QUERY_LSB, GX_AN_RESP_QUERY_BITS, resp->query);
    gx_bits_set(w, GX_AN_RESP_ENC_LSB, GX_AN_RESP_ENC_BITS, (uint32_t)resp->enc);
    for (unsigned j = 0; j < GX_MAX_SLOTS; j++)
        gx_bits_set(w, GX_AN_RESP_MASKS_LSB + 8u * j, 8, resp->masks[j]);
}

void gx_an_resp_unpack(const uint32_t w[GX_AN_RESP_WORDS], gx_an_resp_t *resp)
{
    resp->query = (uint8_t)gx_bits_get(w, GX_AN_RESP_QUERY_LSB, GX_AN_RESP_QUERY_BITS);
    resp->enc = (gx_enc_t)gx_bits_get(w, GX_AN_RESP_ENC_LSB, GX_AN_RESP_ENC_BITS);
    for (unsigned j = 0; j < GX_MAX_SLOTS; j++)
        resp->masks[j] = (uint8_t)gx_bits_get(w, GX_AN_RESP_MASKS_LSB + 8u * j, 8);
}
