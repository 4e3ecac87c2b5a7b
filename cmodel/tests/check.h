/* check: the counters, CHECK, the closing line and the seeded random generator shared by
 * the C-model unit tests. Each test is one file (file-static counters and generator
 * state); CHECK counts a pass or a failure and prints the first 20 failures with their
 * location. */
#ifndef GX_TEST_CHECK_H
#define GX_TEST_CHECK_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned passed, failed;

#define CHECK(cond, ...)                                    \
    do {                                                    \
        if (cond) {                                         \
            passed++;                                       \
        } else {                                            \
            failed++;                                       \
            if (failed <= 20) {                             \
                printf("FAIL %s:%d: ", __FILE__, __LINE__); \
                printf(__VA_ARGS__);                        \
                printf("\n");                               \
            }                                               \
        }                                                   \
    } while (0)

/* Print `N passed, N failed`; the exit status (0 when none failed). */
static inline int check_summary(void)
{
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}

/* xorshift64*: seeded by check_seed, the same sequence for a seed on every machine. */
static uint64_t rng_state;

static inline uint64_t rnd64(void)
{
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545f4914f6cdd1dull;
}

/* 0 .. n - 1 (0 when n is 0) */
static inline unsigned rnd(unsigned n)
{
    return n ? (unsigned)(rnd64() % n) : 0;
}

/* Seed the generator from the SEED environment variable (default 1) and print
 * `<test>: seed N`. */
static inline void check_seed(const char *test)
{
    const char *env = getenv("SEED");
    const uint64_t seed = env ? strtoull(env, NULL, 0) : 1;
    rng_state = seed ? seed : 1;
    printf("%s: seed %" PRIu64 "\n", test, seed);
}

#endif /* GX_TEST_CHECK_H */
