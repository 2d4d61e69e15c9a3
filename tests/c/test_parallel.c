/* Loops split across threads, from C: the same sums and element-wise results
 * on 1 and 2 threads, from four caller threads at once (one uses the kept
 * threads, the others start their own), and in a forked child of a process
 * whose kept threads exist (they do not in the child). Exits 0 when every
 * check holds. Built and run by tests/core/test_parallel.py. */
#define _DEFAULT_SOURCE /* fork, waitpid */
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

#include <TH/TH.h>

#include "check.h"

#define N (1 << 20) /* 8 MiB of float64: over the 4 MiB a loop needs to be split */

static THTensor *ramp(void) {
  THTensor *t = THTensor_newWithSize1d(TH_FLOAT64, N);
  double *d = THTensor_data(t);
  for (int64_t i = 0; i < N; i++) d[i] = (double)(i % 1000) * 0.25 + 1.0 / (double)(i + 1);
  return t;
}

static double sum_of(THTensor *t) {
  THTensor *r = THTensor_new(TH_FLOAT64);
  double s = -1;
  if (THTensor_sum(r, t, 0, NULL, 0) == 0) s = *(double *)THTensor_data(r);
  THTensor_free(r);
  return s;
}

/* r = t + 2 t, checked element by element */
static int tripled(THTensor *t) {
  THTensor *r = THTensor_newWithSize1d(TH_FLOAT64, N);
  int ok = THTensor_cadd(r, t, 2.0, t) == 0;
  const double *a = THTensor_data(t), *b = THTensor_data(r);
  for (int64_t i = 0; ok && i < N; i++) ok = b[i] == a[i] + 2.0 * a[i];
  THTensor_free(r);
  return ok;
}

static double expected; /* the sum on one thread */

static void *caller(void *arg) {
  THTensor *t = arg;
  int *ok = malloc(sizeof *ok);
  *ok = 1;
  for (int k = 0; k < 20; k++) *ok &= sum_of(t) == expected && tripled(t);
  return ok;
}

int main(void) {
  THLiveCounts start = THGetLiveCounts();
  THTensor *t = ramp();
  THSetNumThreads(1);
  expected = sum_of(t);
  CHECK(tripled(t));
  THSetNumThreads(2);
  for (int k = 0; k < 50; k++) CHECK(sum_of(t) == expected); /* the kept threads, again and again */
  CHECK(tripled(t));

  pthread_t threads[4];
  for (int k = 0; k < 4; k++) CHECK(pthread_create(&threads[k], NULL, caller, t) == 0);
  for (int k = 0; k < 4; k++) {
    void *ok = NULL;
    pthread_join(threads[k], &ok);
    CHECK(ok && *(int *)ok);
    free(ok);
  }

  pid_t child = fork();
  if (child == 0) { /* only this thread exists here: its loops must still finish */
    int ok = sum_of(t) == expected && tripled(t) && sum_of(t) == expected;
    _exit(ok ? 0 : 1);
  }
  int status = 0;
  CHECK(child > 0 && waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK(sum_of(t) == expected); /* and the parent's threads still work */

  THTensor_free(t);
  THLiveCounts end = THGetLiveCounts();
  CHECK(end.tensors == start.tensors && end.storages == start.storages);
  if (failures == 0) printf("ok\n");
  return failures != 0;
}
