/* stream: drive one valid/ready request stream into a DUT and collect its response
 * stream, with random gaps on valid and random back-pressure on ready (tb_stall_t).
 * The DUT is reached through a table of functions over packed-struct word images, so
 * every block's C shim plugs in. */
#ifndef GX_SIM_STREAM_H
#define GX_SIM_STREAM_H

#include <stdint.h>

#include "rng.h"

typedef struct tb_dut_ops {
    unsigned req_words, resp_words;  /* 32-bit words of a request / response image */
    void (*set)(void *m, int req_valid, const uint32_t *req, int resp_ready);
    void (*eval)(void *m);
    int (*req_ready)(const void *m);
    int (*resp_valid)(const void *m);
    void (*resp)(const void *m, uint32_t *resp);
    void (*tick)(void *m);
    int (*failed)(const void *m);  /* an assertion fired */
    int (*idle)(const void *m);    /* NULL: one response per request; else 1 when nothing
                                      is in flight (blocks with 0..many responses each) */
} tb_dut_ops_t;

/** Send n requests (req: n * req_words words) in order and collect n responses (resp:
 *  n * resp_words words). stall: 0 = none; else a new tb_stall_pick profile every `phase`
 *  requests from rng. Returns the clock cycles, or 0 when the DUT stopped (an assertion
 *  failed, or no transfer for 1000 cycles); *n_got = responses collected. */
uint64_t tb_stream_run(const tb_dut_ops_t *ops, void *m, const uint32_t *req, uint32_t *resp,
                       uint64_t n, tb_rng_t *rng, int stall, uint64_t phase, uint64_t *n_got);

/** The same for a DUT with ops->idle, whose requests yield any number of responses:
 *  sends the n_req requests, then runs until the DUT is idle; stores the first max_resp
 *  responses (resp: max_resp * resp_words words) and counts all of them in *n_got. */
uint64_t tb_stream_run_n(const tb_dut_ops_t *ops, void *m, const uint32_t *req, uint64_t n_req,
                         uint32_t *resp, uint64_t max_resp, tb_rng_t *rng, int stall,
                         uint64_t phase, uint64_t *n_got);

#endif /* GX_SIM_STREAM_H */
