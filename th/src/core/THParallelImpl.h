/* Internal: split a long loop across threads (pthreads kept between loops,
 * core/THParallel.c). */
#ifndef TH_PARALLEL_IMPL_H
#define TH_PARALLEL_IMPL_H

#include <stdint.h>

/* Below this much work (bytes touched) a loop stays on the calling thread. */
#define TH_PARALLEL_MIN_BYTES ((int64_t)4 << 20)

/* Runs body(begin, end, ctx) over [0, n) split in up to THGetNumThreads()
 * chunks of at least grain, the first on the calling thread. Falls back to
 * one chunk if a thread cannot start. body must not fail. */
void th_parallel_for(int64_t n, int64_t grain, void (*body)(int64_t, int64_t, void *),
                     void *ctx);

#endif
