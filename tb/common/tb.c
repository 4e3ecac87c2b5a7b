/* tb: shared testbench harness; see tb.h. */
#define _POSIX_C_SOURCE 200809L
#include "tb.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gx/zrop.h"
#include "stream.h"
#include "synth_row.h"

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !*s)
        return 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (*end)
        return 0;
    *v = x;
    return 1;
}

void tb_opts_parse(tb_opts_t *o, int argc, char **argv, const char *name, uint64_t n_default)
{
    memset(o, 0, sizeof *o);
    o->name = name;
    o->outdir = "build";
    o->n = n_default;
    o->seed = (uint64_t)time(NULL);
    const char *e;
    if ((e = getenv("SEED")) && *e && !parse_u64(e, &o->seed)) {
        fprintf(stderr, "%s: SEED=%s is not a number\n", name, e);
        exit(2);
    }
    if ((e = getenv("N")) && *e && !parse_u64(e, &o->n)) {
        fprintf(stderr, "%s: N=%s is not a number\n", name, e);
        exit(2);
    }
    if ((e = getenv("WAVES")) && *e)
        o->waves = strcmp(e, "0") != 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--waves")) {
            o->waves = 1;
        } else if (i + 1 < argc && !strcmp(a, "--seed")) {
            if (!parse_u64(argv[++i], &o->seed)) {
                fprintf(stderr, "%s: --seed %s is not a number\n", name, argv[i]);
                exit(2);
            }
        } else if (i + 1 < argc && !strcmp(a, "--n")) {
            if (!parse_u64(argv[++i], &o->n)) {
                fprintf(stderr, "%s: --n %s is not a number\n", name, argv[i]);
                exit(2);
            }
        } else if (i + 1 < argc && !strcmp(a, "--out")) {
            o->outdir = argv[++i];
        } else {
            fprintf(stderr, "%s: unknown argument %s\n"
                    "usage: %s [--seed S] [--n N] [--waves] [--out DIR]\n", name, a, name);
            exit(2);
        }
    }
    tb_vl_seed_start(o->seed);
}

void tb_check(tb_report_t *rep, int ok, const char *fmt, ...)
{
    if (ok) {
        rep->passed++;
        return;
    }
    rep->failed++;
    if (rep->shown < TB_MAX_SHOWN) {
        va_list ap;
        va_start(ap, fmt);
        fputs("MISMATCH: ", stdout);
        vprintf(fmt, ap);
        fputc('\n', stdout);
        va_end(ap);
        if (++rep->shown == TB_MAX_SHOWN)
            puts("(further mismatches not shown)");
    }
}

int tb_summary(const tb_report_t *rep)
{
    printf("%llu passed, %llu failed\n", (unsigned long long)rep->passed,
           (unsigned long long)rep->failed);
    return rep->failed ? 1 : 0;
}

void tb_mkdir_p(const char *path)
{
    char buf[1024];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++)
        if (buf[i] == '/' || buf[i] == '\0') {
            char c = buf[i];
            buf[i] = '\0';
            mkdir(buf, 0777);
            buf[i] = c;
        }
}

double tb_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double tb_synth_fmax_mhz(const char *row) { return gx_synth_fmax_mhz(row); }

const char *tb_rate_at_fmax(char *buf, size_t len, double mhz, double per_clock, int decimals)
{
    if (mhz > 0)
        snprintf(buf, len, "%.*f", decimals, mhz * per_clock);
    else
        snprintf(buf, len, "-");
    return buf;
}

void tb_bench_tri(tb_rng_t *r, int32_t x[3], int32_t y[3], uint32_t *z)
{
    for (int k = 0; k < 3; k++) {
        x[k] = (int32_t)tb_rng_below(r, 1920 * 256);
        y[k] = (int32_t)tb_rng_below(r, 1080 * 256);
        if (z)
            z[k] = tb_rng_below(r, GX_Z_MAX + 1u);
    }
}

void tb_bench_stream_table(const char *block, const char *items, const char *workload,
                           uint64_t n, uint64_t cycles, double cpu_s)
{
    const double mhz = tb_synth_fmax_mhz(block);
    char at[64], rate[32];
    if (mhz > 0)
        snprintf(at, sizeof at, "%.1f MHz", mhz);
    else
        snprintf(at, sizeof at, "fmax (no row in docs/synth.md)");
    printf("| workload | %s | clocks | %s/clock | M%s/s at %s | "
           "sim cycles per CPU-second |\n", items, items, items, at);
    printf("|---|---:|---:|---:|---:|---:|\n");
    printf("| %s | %llu | %llu | %.3f | %s | %.0f |\n", workload, (unsigned long long)n,
           (unsigned long long)cycles, (double)n / (double)cycles,
           tb_rate_at_fmax(rate, sizeof rate, mhz, (double)n / (double)cycles, 1),
           (double)cycles / cpu_s);
}

void tb_timing3(tb_report_t *rep, const tb_dut_ops_t *ops, void *m,
                const uint32_t *const req[3], const uint32_t *const want[3], int lat,
                const char *out)
{
    uint32_t none[64] = {0}, w[64];
    if (ops->req_words > 64 || ops->resp_words > 64) {
        tb_check(rep, 0, "timing: ports wider than 2048 bits");
        return;
    }
    for (int c = 0; c < lat + 5; c++) {
        const int rv = c < 3;
        /* response 0 in cycle lat, 1 in lat + 1 (held) and lat + 2, 2 in lat + 3 */
        const int want_r = c == lat ? 0 : c == lat + 1 || c == lat + 2 ? 1 : c == lat + 3 ? 2 : -1;
        ops->set(m, rv, rv ? req[c] : none, c != lat + 1);
        ops->eval(m);
        const int ready = ops->req_ready(m), valid = ops->resp_valid(m);
        tb_check(rep, ready == (c != lat + 1), "timing: cycle %d req_ready_o %d", c, ready);
        tb_check(rep, valid == (want_r >= 0), "timing: cycle %d %s valid %d", c, out, valid);
        if (want_r >= 0 && valid) {
            ops->resp(m, w);
            tb_check(rep, !memcmp(w, want[want_r], ops->resp_words * sizeof w[0]),
                     "timing: cycle %d %s is not response %d", c, out, want_r);
        }
        ops->tick(m);
        tb_check(rep, !ops->failed(m), "timing: an assertion failed in cycle %d", c);
    }
}

void tb_out_paths(const tb_opts_t *o, const char *block, char *cov, size_t cov_len,
                  char *fst, size_t fst_len)
{
    snprintf(cov, cov_len, "%s/coverage", o->outdir);
    tb_mkdir_p(cov);
    snprintf(cov, cov_len, "%s/coverage/%s.dat", o->outdir, block);
    snprintf(fst, fst_len, "%s/waves", o->outdir);
    tb_mkdir_p(fst);
    snprintf(fst, fst_len, "%s/waves/%s_%llu.fst", o->outdir, block, (unsigned long long)o->seed);
}

void tb_rng_seed_stalls(tb_rng_t *r, const tb_opts_t *o)
{
    tb_rng_seed(r, o->seed ^ 0x5a5a5a5aull);
    tb_vl_seed_start(o->seed);
}

int tb_cov_holes(const uint64_t *cov, const char *const *names, int bins, uint64_t skip)
{
    int holes = 0;
    for (int b = 0; b < bins; b++)
        if (!cov[b] && !(b < 64 && (skip >> b & 1))) {
            printf("COVERAGE HOLE: %s\n", names[b]);
            holes++;
        }
    return holes;
}
