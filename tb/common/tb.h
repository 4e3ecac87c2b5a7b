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

/** make bench's table for a block that takes one item a clock: n items of `workload` in
 *  `cycles` clocks (cpu_s CPU-seconds of simulation), with items a second at the fmax
 *  docs/synth.md gives for row `block`; `items` names them in the header ("triangles"). */
void tb_bench_stream_table(const char *block, const char *items, const char *workload,
                           uint64_t n, uint64_t cycles, double cpu_s);

/** The benches' workload triangle: vertices anywhere on a 1920 x 1080 target (16.8),
 *  drawn x then y (then the depth when z is not NULL: 0 .. 2^24 - 1) vertex by vertex. */
void tb_bench_tri(tb_rng_t *r, int32_t x[3], int32_t y[3], uint32_t *z);

struct tb_dut_ops;
/** The timing diagram of a pipeline with one response a request and latency `lat`, clock
 *  by clock after reset: requests 0, 1, 2 offered in cycles 0, 1, 2; the sink stalls in
 *  cycle lat + 1, while response 1 is offered. Checks req_ready and resp_valid in every
 *  cycle, each offered response against want[r] (ops->resp_words words), and that no
 *  assertion fires. `out` names the response port in messages. */
void tb_timing3(tb_report_t *rep, const struct tb_dut_ops *ops, void *m,
                const uint32_t *const req[3], const uint32_t *const want[3], int lat,
                const char *out);

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

/** The functional coverage check: `COVERAGE HOLE: names[b]` printed for every bin b below
 *  `bins` with cov[b] == 0 but those with bit b of `skip` set (bins that cannot be hit by
 *  definition); returns the number of holes. */
int tb_cov_holes(const uint64_t *cov, const char *const *names, int bins, uint64_t skip);

#ifdef __cplusplus
}
#endif

#endif /* GX_TB_H */
