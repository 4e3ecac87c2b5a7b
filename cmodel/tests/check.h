/* check: the counters, CHECK and the closing line shared by the C-model unit tests.
 * Each test is one file (file-static counters); CHECK counts a pass or a failure and
 * prints the first 20 failures with their location. */
#ifndef GX_TEST_CHECK_H
#define GX_TEST_CHECK_H

#include <stdio.h>

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

#endif /* GX_TEST_CHECK_H */
