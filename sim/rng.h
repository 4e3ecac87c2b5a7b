/* rng: the random numbers of the Verilated engines (the shims and drivers that the
 * testbenches and the gx tool share): a seeded xorshift generator, the stall profiles
 * that put random gaps on every valid and random back-pressure on every ready, and the
 * seed sequence of the models' random initial register values.
 */
#ifndef GX_SIM_RNG_H
#define GX_SIM_RNG_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tb_rng {
    uint64_t s;
} tb_rng_t;

void tb_rng_seed(tb_rng_t *r, uint64_t seed);
uint64_t tb_rng_u64(tb_rng_t *r);
uint32_t tb_rng_u32(tb_rng_t *r);
/** Uniform in [0, n), n > 0. */
uint32_t tb_rng_below(tb_rng_t *r, uint32_t n);
/** 1 with probability pct/100. */
int tb_rng_pct(tb_rng_t *r, unsigned pct);

/** Random stalls of one stream: a source idles before a new valid with probability
 *  gap_pct, a sink deasserts ready with probability stall_pct, each cycle. */
typedef struct tb_stall {
    unsigned gap_pct;
    unsigned stall_pct;
} tb_stall_t;

/** Pick a stall profile for the next phase of a test: none, light, heavy, or a random
 *  mix, so both full-rate streaming and long stalls occur in every run. */
tb_stall_t tb_stall_pick(tb_rng_t *r);

/** The seed of the next Verilated model's random initial register values: a sequence
 *  that a test's tb_opts_parse (tb/common/tb.h) starts from SEED (so a replay starts
 *  every model the same way), and that starts from 1 in a program that never calls
 *  tb_vl_seed_start (the gx tool: its output never depends on it). Never 0 (Verilator's
 *  "seed from the clock"). */
uint32_t tb_vl_seed(void);
void tb_vl_seed_start(uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* GX_SIM_RNG_H */
