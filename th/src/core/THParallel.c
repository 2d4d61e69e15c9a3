/* Threads for long loops: THGetNumThreads/THSetNumThreads and
 * th_parallel_for. The default is the number of online CPUs (at most 8), or
 * the TH_NUM_THREADS environment variable.
 *
 * The threads are kept between loops (starting one costs 18-32 us here,
 * several percent of a 1 ms loop): they spin a little after each loop, for
 * the next one, then sleep on a condition variable. One caller at a time
 * uses them; a second caller at the same time (another thread, or a loop
 * inside a loop's body) starts threads of its own for that loop, as every
 * loop did before. A forked child starts with no threads: they are made
 * again on its first loop. */
#define _DEFAULT_SOURCE /* sysconf(_SC_NPROCESSORS_ONLN) */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "core/THParallelImpl.h"
#include "TH/THGeneral.h"

#define MAX_THREADS 8
#define SPIN_NS 200000 /* how long a thread waits for the next loop before sleeping */

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

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* ------------------------------------------------------------------ pool
 * A loop is published as a generation: the caller fills `chunks`, bumps
 * `generation` and takes chunks by `next` like every thread that joins.
 * A thread joins under `lock` while the loop is open, and leaves by
 * decrementing `active`; the caller closes the loop when it runs out of
 * chunks and returns once `active` is 0, so no thread still reads its
 * chunks (which live on the caller's stack). */
static struct {
  pthread_mutex_t busy; /* held by the caller using the pool */
  pthread_mutex_t lock; /* guards a loop's publication and joins */
  pthread_cond_t wake;
  int threads;  /* started (under busy) */
  int sleeping; /* under lock */
  bool open;    /* under lock */
  Chunk *chunks;
  int count;
  atomic_uint generation;
  atomic_int next;
  atomic_int active;
} pool = {.busy = PTHREAD_MUTEX_INITIALIZER, .lock = PTHREAD_MUTEX_INITIALIZER,
          .wake = PTHREAD_COND_INITIALIZER};

static void take_chunks(Chunk *chunks, int count) {
  int i;
  while ((i = atomic_fetch_add_explicit(&pool.next, 1, memory_order_relaxed)) < count)
    run_chunk(&chunks[i]);
}

static void *pool_thread(void *unused) {
  (void)unused;
  pthread_mutex_lock(&pool.lock);
  unsigned seen = atomic_load_explicit(&pool.generation, memory_order_relaxed);
  pthread_mutex_unlock(&pool.lock);
  for (;;) {
    int64_t give_up = now_ns() + SPIN_NS;
    for (int spins = 0;
         atomic_load_explicit(&pool.generation, memory_order_acquire) == seen; spins++) {
      cpu_relax();
      if ((spins & 255) == 255 && now_ns() > give_up) break;
    }
    pthread_mutex_lock(&pool.lock);
    while (atomic_load_explicit(&pool.generation, memory_order_relaxed) == seen) {
      pool.sleeping++;
      pthread_cond_wait(&pool.wake, &pool.lock);
      pool.sleeping--;
    }
    seen = atomic_load_explicit(&pool.generation, memory_order_relaxed);
    if (!pool.open) { /* finished before this thread came */
      pthread_mutex_unlock(&pool.lock);
      continue;
    }
    atomic_fetch_add_explicit(&pool.active, 1, memory_order_relaxed);
    Chunk *chunks = pool.chunks;
    int count = pool.count;
    pthread_mutex_unlock(&pool.lock);
    take_chunks(chunks, count);
    atomic_fetch_sub_explicit(&pool.active, 1, memory_order_release);
  }
  return NULL;
}

/* In a forked child only the forking thread exists: forget the others. */
static void forget_threads_after_fork(void) {
  pthread_mutex_init(&pool.busy, NULL);
  pthread_mutex_init(&pool.lock, NULL);
  pthread_cond_init(&pool.wake, NULL);
  pool.threads = pool.sleeping = 0;
  pool.open = false;
  atomic_store(&pool.active, 0);
}

static pthread_once_t fork_handler_once = PTHREAD_ONCE_INIT;
static void install_fork_handler(void) {
  pthread_atfork(NULL, NULL, forget_threads_after_fork);
}

/* Starts threads until there are `want` (under busy); returns how many run.
 * They block every signal, so that signals go to the program's own threads
 * (Python's handlers, a C program's sigwait). */
static int pool_threads(int want) {
  if (pool.threads >= want) return pool.threads; /* every loop but the first few */
  pthread_once(&fork_handler_once, install_fork_handler);
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  while (pool.threads < want) {
    pthread_t thread;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) break;
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int failed = pthread_create(&thread, &attr, pool_thread, NULL);
    pthread_attr_destroy(&attr);
    if (failed) break;
    pool.threads++;
  }
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  return pool.threads;
}

static void run_in_pool(Chunk *chunks, int count) {
  pthread_mutex_lock(&pool.lock);
  pool.chunks = chunks;
  pool.count = count;
  pool.open = true;
  atomic_store_explicit(&pool.next, 0, memory_order_relaxed);
  atomic_fetch_add_explicit(&pool.generation, 1, memory_order_release);
  if (pool.sleeping) pthread_cond_broadcast(&pool.wake);
  pthread_mutex_unlock(&pool.lock);

  take_chunks(chunks, count);

  pthread_mutex_lock(&pool.lock);
  pool.open = false; /* no thread joins from here on */
  pthread_mutex_unlock(&pool.lock);
  for (int spins = 0; atomic_load_explicit(&pool.active, memory_order_acquire) > 0; spins++) {
    if (spins < 4096)
      cpu_relax();
    else
      sched_yield(); /* the thread finishing its chunk may need this CPU */
  }
}

/* A loop while the pool is in use: threads of its own, joined at the end. */
static void run_in_new_threads(Chunk *chunks, int count) {
  pthread_t threads[MAX_THREADS];
  int started[MAX_THREADS] = {0};
  for (int k = 1; k < count; k++)
    started[k] = pthread_create(&threads[k], NULL, run_chunk, &chunks[k]) == 0;
  run_chunk(&chunks[0]);
  for (int k = 1; k < count; k++) {
    if (started[k])
      pthread_join(threads[k], NULL);
    else
      run_chunk(&chunks[k]); /* no thread: do it here */
  }
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
  int64_t step = (n + chunks - 1) / chunks;
  step = (step + grain - 1) / grain * grain; /* chunk edges on grain multiples */
  int64_t begin = 0;
  int count = 0;
  for (; count < chunks && begin < n; count++, begin += step)
    work[count] = (Chunk){begin, begin + step < n ? begin + step : n, body, ctx};
  if (pthread_mutex_trylock(&pool.busy) != 0) {
    run_in_new_threads(work, count);
    return;
  }
  if (pool_threads(count - 1) > 0)
    run_in_pool(work, count);
  else /* no thread could start: all of it here */
    for (int k = 0; k < count; k++) run_chunk(&work[k]);
  pthread_mutex_unlock(&pool.busy);
}
