/* test_analyzer: unit tests of the analyzer golden model (also built with ASan/UBSan).
 *
 * Covers: hand-worked golden cases for each encoding; every set partition of the slots
 * (every equality pattern a line can have: Bell(8) = 4140 for 8 slots) in every N by B
 * format, checked against an independent reference (the classes from the slots' value
 * indices, not their bytes; the encoding from class sizes); queries of every
 * slot; request range checks; packed-struct round trips; encoded byte counts.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "gx/analyzer.h"


/* Build a line from a value index per slot: slot j holds B bytes of value v[j]. */
static void make_line(gx_an_req_t *q, gx_spp_t spp, gx_bps_t bps, const unsigned *v)
{
    memset(q, 0, sizeof *q);
    q->spp = spp;
    q->bps = bps;
    unsigned b = gx_analyzer_bps_bytes(bps), s = gx_analyzer_slots(bps);
    for (unsigned j = 0; j < s; j++)
        for (unsigned k = 0; k < b; k++) /* differ in the last byte only: hardest case */
            q->line[j * b + k] = (uint8_t)(k + 1 == b ? 0xa0 + v[j] : 0x5c);
}

/* Independent reference, from the value index of every slot (make_line gives distinct
 * indices distinct bytes) rather than from the line's bytes: slot i is in slot j's class
 * when both are in one pixel and hold the same index; the encoding by class sizes. */
static void reference(const gx_an_req_t *q, const unsigned *v, gx_an_resp_t *r)
{
    unsigned s = gx_analyzer_slots(q->bps);
    unsigned g = gx_analyzer_spp_count(q->spp) < s ? gx_analyzer_spp_count(q->spp) : s;
    memset(r, 0, sizeof *r);
    r->query = q->query;
    for (unsigned j = 0; j < s; j++)
        for (unsigned i = 0; i < s; i++)
            if (i / g == j / g && v[i] == v[j])
                r->masks[j] |= (uint8_t)(1u << i);
    r->enc = GX_ENC1SPP;
    if (q->query) {
        uint8_t m = r->masks[q->qslot];
        memset(r->masks, 0, sizeof r->masks);
        r->masks[q->qslot] = m;
        return;
    }
    int all_one = 1, all_single = 1;
    for (unsigned j = 0; j < s; j++) {
        unsigned size = 0;
        for (unsigned i = 0; i < 8; i++)
            size += (r->masks[j] >> i) & 1u;
        if (size != g)
            all_one = 0;
        if (size != 1)
            all_single = 0;
    }
    r->enc = all_one ? GX_ENC1SPP : all_single ? GX_ENCFULL : GX_ENCSUBSET;
}

/* Enumerate set partitions of s slots as restricted growth strings. */
static unsigned partitions_checked;
static void each_partition(gx_spp_t spp, gx_bps_t bps, unsigned *v, unsigned j, unsigned s,
                           unsigned maxv)
{
    if (j == s) {
        gx_an_req_t q;
        gx_an_resp_t got, want;
        make_line(&q, spp, bps, v);
        gx_analyzer_process(&q, &got);
        reference(&q, v, &want);
        CHECK(gx_analyzer_resp_eq(&got, &want), "partition N=%u B=%u enc %d/%d",
              gx_analyzer_spp_count(spp), gx_analyzer_bps_bytes(bps), got.enc, want.enc);
        for (unsigned k = 0; k < s; k++) {
            q.query = 1;
            q.qslot = (uint8_t)k;
            gx_analyzer_process(&q, &got);
            reference(&q, v, &want);
            CHECK(gx_analyzer_resp_eq(&got, &want), "query slot %u", k);
        }
        partitions_checked++;
        return;
    }
    for (unsigned x = 0; x <= maxv + 1 && x < s; x++) {
        v[j] = x;
        each_partition(spp, bps, v, j + 1, s, x > maxv ? x : maxv);
    }
}

static void test_partitions(void)
{
    for (unsigned sp = 0; sp < 4; sp++)
        for (unsigned bp = 0; bp < 3; bp++) {
            unsigned v[8] = {0};
            unsigned before = partitions_checked;
            unsigned s = gx_analyzer_slots((gx_bps_t)bp);
            /* slot 0 takes value 0; maxv starts at 0 */
            v[0] = 0;
            each_partition((gx_spp_t)sp, (gx_bps_t)bp, v, 1, s, 0);
            unsigned bell[] = {0, 1, 2, 5, 15, 52, 203, 877, 4140};
            CHECK(partitions_checked - before == bell[s], "Bell(%u) partitions", s);
        }
}

static void test_golden(void)
{
    gx_an_req_t q;
    gx_an_resp_t r;
    /* N=4, B=4: pixel 0 uniform, pixel 1 = A A B B -> subset. */
    unsigned v1[8] = {0, 0, 0, 0, 1, 1, 2, 2};
    make_line(&q, GX_SPP4, GX_BPS4, v1);
    gx_analyzer_process(&q, &r);
    CHECK(r.enc == GX_ENCSUBSET, "AABB: enc %d", r.enc);
    CHECK(r.masks[0] == 0x0f && r.masks[4] == 0x30 && r.masks[6] == 0xc0,
          "AABB masks %02x %02x %02x", r.masks[0], r.masks[4], r.masks[6]);
    /* N=8, B=4: all distinct -> full. */
    unsigned v2[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    make_line(&q, GX_SPP8, GX_BPS4, v2);
    gx_analyzer_process(&q, &r);
    CHECK(r.enc == GX_ENCFULL, "distinct8: enc %d", r.enc);
    for (unsigned j = 0; j < 8; j++)
        CHECK(r.masks[j] == (1u << j), "distinct8 mask %u = %02x", j, r.masks[j]);
    /* N=16, B=16: two slots of one pixel equal -> 1spp. */
    unsigned v3[8] = {3, 3};
    make_line(&q, GX_SPP16, GX_BPS16, v3);
    gx_analyzer_process(&q, &r);
    CHECK(r.enc == GX_ENC1SPP && r.masks[0] == 3 && r.masks[1] == 3 &&
          r.masks[2] == 0, "B16 uniform");
    /* N=2, B=4: four pixels, one of them split -> full? no: others uniform -> subset. */
    unsigned v4[8] = {0, 0, 1, 2, 3, 3, 4, 4};
    make_line(&q, GX_SPP2, GX_BPS4, v4);
    gx_analyzer_process(&q, &r);
    CHECK(r.enc == GX_ENCSUBSET, "N2 mixed: enc %d", r.enc);
    /* 5 classes x 4 bytes + 5 masks x 2 bits (2 bytes) */
    CHECK(gx_analyzer_encoded_bytes(&q, &r) == 22, "N2 mixed bytes %u",
          gx_analyzer_encoded_bytes(&q, &r));
    /* B=8: slots differ only in their second dword -> not equal. */
    memset(&q, 0, sizeof q);
    q.spp = GX_SPP4;
    q.bps = GX_BPS8;
    q.line[31] = 1;
    gx_analyzer_process(&q, &r);
    CHECK(r.enc == GX_ENCSUBSET && r.masks[0] == 0x7 && r.masks[3] == 0x8,
          "B8 second dword: enc %d m0 %02x m3 %02x", r.enc, r.masks[0], r.masks[3]);
    CHECK(gx_analyzer_encoded_bytes(&q, &r) == 17, "B8 subset bytes %u",
          gx_analyzer_encoded_bytes(&q, &r));
    /* encoded bytes: 1spp and full */
    make_line(&q, GX_SPP4, GX_BPS4, v1);
    unsigned u[8] = {0};
    make_line(&q, GX_SPP4, GX_BPS4, u);
    gx_analyzer_process(&q, &r);
    CHECK(gx_analyzer_encoded_bytes(&q, &r) == 8, "1spp bytes (2 pixels x 4)");
    make_line(&q, GX_SPP8, GX_BPS4, v2);
    gx_analyzer_process(&q, &r);
    CHECK(gx_analyzer_encoded_bytes(&q, &r) == 32, "full bytes");
}

static void test_ranges(void)
{
    gx_an_req_t q;
    memset(&q, 0, sizeof q);
    CHECK(gx_analyzer_req_ok(&q), "default ok");
    q.bps = (gx_bps_t)3;
    CHECK(!gx_analyzer_req_ok(&q), "bps 3 rejected");
    q.bps = GX_BPS16;
    q.query = 1;
    q.qslot = 2;
    CHECK(!gx_analyzer_req_ok(&q), "qslot 2 with B=16 rejected");
    q.qslot = 1;
    CHECK(gx_analyzer_req_ok(&q), "qslot 1 with B=16 ok");
    CHECK(gx_analyzer_slots(GX_BPS4) == 8 && gx_analyzer_slots(GX_BPS8) == 4 &&
          gx_analyzer_slots(GX_BPS16) == 2, "slots");
    CHECK(gx_analyzer_group_slots(GX_SPP2, GX_BPS4) == 2 &&
          gx_analyzer_group_slots(GX_SPP16, GX_BPS4) == 8 &&
          gx_analyzer_group_slots(GX_SPP16, GX_BPS16) == 2, "group slots");
}

static void test_pack(void)
{
    gx_an_req_t q;
    memset(&q, 0, sizeof q);
    q.query = 1;
    q.qslot = 5;
    q.spp = GX_SPP16;
    q.bps = GX_BPS8;
    for (unsigned i = 0; i < 32; i++)
        q.line[i] = (uint8_t)(i * 7 + 1);
    uint32_t w[GX_AN_REQ_WORDS];
    gx_an_req_pack(&q, w);
    CHECK(w[0] == (0x01u | 0x08u << 8 | 0x0fu << 16 | 0x16u << 24), "line byte 0 at bits 7..0: %08x",
          w[0]);
    CHECK(w[8] == (1u << 7 | 5u << 4 | 3u << 2 | 1u), "control bits %08x", w[8]);
    gx_an_resp_t r, back;
    memset(&r, 0, sizeof r);
    r.query = 1;
    r.enc = GX_ENCFULL;
    for (unsigned j = 0; j < 8; j++)
        r.masks[j] = (uint8_t)(0x11 * j);
    uint32_t rw[GX_AN_RESP_WORDS];
    gx_an_resp_pack(&r, rw);
    gx_an_resp_unpack(rw, &back);
    CHECK(gx_analyzer_resp_eq(&r, &back), "resp round trip");
    CHECK(rw[2] == (1u << 2 | 2u), "resp control bits %08x", rw[2]);
}

int main(void)
{
    test_golden();
    test_ranges();
    test_pack();
    test_partitions();
    printf("test_analyzer: %u equality patterns checked\n", partitions_checked);
    return check_summary();
}
