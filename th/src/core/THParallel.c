/* Threads for long loops: THGetNumThreads/THSetNumThreads and
 * th_parallel_for. The default is the number of online CPUs (at most 8), or
 * the TH_NUM_THREADS environment variable. */
#define _DEFAULT_SOURCE /* sysconf(_SC_NPROCESSORS_ONLN) */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/THParallelImpl.h"
#include "TH/THGeneral.h"

#define MAX_THREADS 8

static atomic_int num_threads; /* 0: not chosen yet */

static int default_threads(void) {
  const char *env = getenv("TH_NUM_THREADS");
  long n = env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (int)n;
}

int THGetNumThreads(void) {
  int n = atomic_load_explicit(&num_threads, memory_order_relaxed);
  if (n == 0) {
    n = default_threads();
    atomic_store_explicit(&num_threads, n, memory_order_relaxed);
  }
  return n;
}

void THSetNumThreads(int n) {
  atomic_store_explicit(&num_threads, n < 1 ? 0 : n > MAX_THREADS ? MAX_THREADS : n,
                        memory_order_relaxed);
}

typedef struct Chunk {
  int64_t begin, end;
  void (*body)(int64_t, int64_t, void *);
  void *ctx;
} Chunk;

static void *run_chunk(void *arg) {
  Chunk *c = arg;
  c->body(c->begin, c->end, c->ctx);
  return NULL;
}

void th_parallel_for(int64_t n, int64_t grain, void (*body)(int64_t, int64_t, void *),
                     void *ctx) {
  int64_t chunks = THGetNumThreads();
  if (grain < 1) grain = 1;
  if (chunks > n / grain) chunks = n / grain;
  if (chunks <= 1) {
    body(0, n, ctx);
    return;
  }
  Chunk work[MAX_THREADS];
  pthread_t threads[MAX_THREADS];
  int started[MAX_THREADS] = {0};
  int64_t step = (n + chunks - 1) / chunks;
  step = (step + grain - 1) / grain * grain; /* chunk edges on grain multiples */
  int64_t begin = 0;
  int k = 0;
  for (; k < chunks && begin < n; k++, begin += step) {
    work[k] = (Chunk){begin, begin + step < n ? begin + step : n, body, ctx};
    if (k > 0) started[k] = pthread_create(&threads[k], NULL, run_chunk, &work[k]) == 0;
  }
  run_chunk(&work[0]);
  for (int i = 1; i < k; i++) {
    if (started[i])
      pthread_join(threads[i], NULL);
    else
      run_chunk(&work[i]); /* no thread: do it here */
  }
}
