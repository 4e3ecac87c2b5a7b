/* gx_analyzer: the 1SPP analyzer comparators, golden model.
 *
 * A 32-byte line of a multi-sample surface with N samples per pixel and B bytes per
 * sample holds S = 32/B sample slots; the slots of one pixel form a group of
 * G = min(N, S) consecutive slots (the line holds S/G pixels, or one pixel's portion).
 *
 * The class of a slot is every slot of its group holding the same B bytes; the response
 * gives every slot its class as a mask. The line is 1SPP when every class is a whole
 * group, full when every class is a single slot, subset otherwise. The hardware decides
 * a line in one comparator pass: the 28 dword-pair comparisons of the line at once, the
 * classes from them (a slot of B bytes spans B/4 dwords and equals another when all
 * its dwords do), one line a clock.
 *
 * Query mode (SULD.MS): one pass with reference slot qslot over every slot of its
 * group; the response holds that mask in masks[qslot], zero elsewhere, enc = 0.
 */
#ifndef GX_ANALYZER_H
#define GX_ANALYZER_H

#include <stdint.h>

#include "gx/defs.h"

/** One request: a line and its format; `query`/`qslot` select the SULD.MS query. */
typedef struct gx_an_req {
    uint8_t query;                 /**< 0: analyze the line, 1: query slot qslot */
    uint8_t qslot;                 /**< queried slot, < gx_analyzer_slots(bps) */
    gx_spp_t spp;                  /**< samples per pixel */
    gx_bps_t bps;                  /**< bytes per sample */
    uint8_t line[GX_LINE_BYTES];   /**< the line, byte 0 first */
} gx_an_req_t;

/** One response. */
typedef struct gx_an_resp {
    uint8_t query;                 /**< echo of the request's query bit */
    gx_enc_t enc;                  /**< encoding of the line (0 for a query) */
    uint8_t masks[GX_MAX_SLOTS];   /**< masks[j] bit i: slot i equals slot j (same pixel) */
} gx_an_resp_t;

/** Samples per pixel N for an encoding (2, 4, 8, 16). */
unsigned gx_analyzer_spp_count(gx_spp_t spp);
/** Bytes per sample B for an encoding (4, 8, 16); 0 for the illegal value. */
unsigned gx_analyzer_bps_bytes(gx_bps_t bps);
/** Slots in a line, S = 32/B. */
unsigned gx_analyzer_slots(gx_bps_t bps);
/** Slots of one pixel in a line, G = min(N, S). */
unsigned gx_analyzer_group_slots(gx_spp_t spp, gx_bps_t bps);
/** 1 when the request is in range (bps legal, qslot < S for a query), else 0. */
int gx_analyzer_req_ok(const gx_an_req_t *req);

/** The analyzer's one transaction: analyze (query = 0) or query (query = 1) a line.
 *  The request must satisfy gx_analyzer_req_ok. */
void gx_analyzer_process(const gx_an_req_t *req, gx_an_resp_t *resp);

/** 1 when two responses agree in every field. */
int gx_analyzer_resp_eq(const gx_an_resp_t *a, const gx_an_resp_t *b);

/** Bytes an encoder would write for an analyzed line: one sample per pixel for 1SPP;
 *  for subset one sample per class plus a G-bit mask per class, rounded up to whole
 *  bytes, or the whole line when that is not smaller; the whole line for full. */
unsigned gx_analyzer_encoded_bytes(const gx_an_req_t *req, const gx_an_resp_t *resp);

/** Packed-struct images, as the RTL ports see them (layout from defs/gx_defs.toml). */
void gx_an_req_pack(const gx_an_req_t *req, uint32_t w[GX_AN_REQ_WORDS]);
void gx_an_resp_pack(const gx_an_resp_t *resp, uint32_t w[GX_AN_RESP_WORDS]);
void gx_an_resp_unpack(const uint32_t w[GX_AN_RESP_WORDS], gx_an_resp_t *resp);

#endif /* GX_ANALYZER_H */
