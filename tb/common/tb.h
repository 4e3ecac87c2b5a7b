/* tb: the shared testbench harness of gx (C).
 *
 * Every cosimulation test uses it: the knobs SEED, N and WAVES (environment or
 * --seed/--n/--waves), the seeding of a test's stall generator and of its models'
 * random initial values from SEED, a mismatch reporter that shows at most TB_MAX_SHOWN
 * mismatches, and the closing line `N passed, N failed`. The seeded random generator and
 * the stall profiles are the engines' (rng.h), included here for the tests.
 */
#ifndef GX_TB_H
#define GX_TB_H


#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TB_MAX_SHOWN 20

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
/** Items a second, in millions, at fmax mhz for per_clock items a clock, as a table cell
 *  with `decimals` decimals into buf; "-" when mhz is 0 (no fmax in docs/synth.md).
 *  Returns buf. */
const char *tb_rate_at_fmax(char *buf, size_t len, double mhz, double per_clock, int decimals);

/** The output paths of a test of block `block` (e.g. "gx_analyzer"), directories made:
 *  OUT/coverage/<block>.dat and OUT/waves/<block>_<seed>.fst. */
void tb_out_paths(const tb_opts_t *o, const char *block, char *cov, size_t cov_len,
                  char *fst, size_t fst_len);
/** The generator of a test's stalls: seeded from SEED, apart from its stimulus generator,
 *  so a replay with waves sees the same stalls; it also restarts the models' random-reset
 *  seeds (tb_vl_seed), so the replayed model starts from the same register values. */
void tb_rng_seed_stalls(tb_rng_t *r, const tb_opts_t *o);

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
