/* tb: the shared testbench harness of gx (C).
 *
 * Every cosimulation test uses it: a seeded random generator, the knobs SEED, N and
 * WAVES (environment or --seed/--n/--waves), a stall profile that puts random gaps on
 * every valid and random back-pressure on every ready, a mismatch reporter that shows
 * at most TB_MAX_SHOWN mismatches, and the closing line `N passed, N failed`.
 */
#ifndef GX_TB_H
#define GX_TB_H


#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TB_MAX_SHOWN 20

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

typedef struct tb_opts {
    uint64_t seed;       /**< SEED, or the time when unset */
    uint64_t n;          /**< N: transactions (test-specific default) */
    int waves;           /**< WAVES=1: write an FST waveform */
    const char *name;    /**< test name, for file names and messages */
    const char *outdir;  /**< where waves and coverage go (build/) */
} tb_opts_t;

/** Parse --seed S, --n N, --waves, --out DIR, then the environment SEED, N, WAVES. */
void tb_opts_parse(tb_opts_t *o, int argc, char **argv, const char *name, uint64_t n_default);

typedef struct tb_report {
    uint64_t passed;
    uint64_t failed;
    unsigned shown;
} tb_report_t;

/** CPU time of this process in seconds (benchmarks: steadier than wall time on a
 *  loaded machine). */
double tb_cpu_seconds(void);

/** The fmax in MHz that docs/synth.md (make synth; read from the working directory, the
 *  repository root under make bench) gives for row `row` (e.g. "analyzer"), or 0 when
 *  the file or the row is missing or the row has no fmax. Benchmarks turn clocks into
 *  items per second at that clock. */
double tb_synth_fmax_mhz(const char *row);

/** The output paths of a test of block `block` (e.g. "gx_analyzer"), directories made:
 *  OUT/coverage/<block>.dat and OUT/waves/<block>_<seed>.fst. */
void tb_out_paths(const tb_opts_t *o, const char *block, char *cov, size_t cov_len,
                  char *fst, size_t fst_len);
/** The generator of a test's stalls: seeded from SEED, apart from its stimulus generator,
 *  so a replay with waves sees the same stalls; it also restarts the models' random-reset
 *  seeds (tb_vl_seed), so the replayed model starts from the same register values. */
void tb_rng_seed_stalls(tb_rng_t *r, const tb_opts_t *o);

/** The seed of the next Verilated model's random initial register values: a sequence
 *  that tb_opts_parse starts from SEED (so a replay starts every model the same way),
 *  and that starts from 1 in a program that never calls it (the gx tool: its output
 *  never depends on it). Never 0 (Verilator's "seed from the clock"). */
uint32_t tb_vl_seed(void);
void tb_vl_seed_start(uint64_t seed);

/** mkdir -p: create a directory and its parents (errors are left to the writer). */
void tb_mkdir_p(const char *path);

/** Count a compared transaction; on mismatch print the message (the first TB_MAX_SHOWN). */
void tb_check(tb_report_t *rep, int ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/** Print `N passed, N failed` and return the exit status (0 when none failed). */
int tb_summary(const tb_report_t *rep);

#ifdef __cplusplus
}
#endif

#endif /* GX_TB_H */
