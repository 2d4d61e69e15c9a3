/* CHECK(cond) for the pure-C test programs: prints a failed check and
 * counts it in `failures`; main returns non-zero when any failed. */
#ifndef TH_TEST_CHECK_H
#define TH_TEST_CHECK_H

#include <stdio.h>

static int failures = 0;
#define CHECK(cond)                                                                \
  do {                                                                             \
    if (!(cond)) {                                                                 \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);     \
      failures++;                                                                  \
    }                                                                              \
  } while (0)

#endif
