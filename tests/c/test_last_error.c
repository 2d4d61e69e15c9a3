/* A pure-C caller of libTH, no Python: checks the error contract through
 * return values and the thread's last error. Exits 0 when every check holds,
 * else prints the failed check. Built and run by tests/core/test_errors.py. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include <TH/TH.h>

#include "check.h"

static int handled = 0;
static void count_handler(const THErrorInfo *e, void *data) {
  (void)e;
  *(int *)data += 1;
}

static void *other_thread(void *arg) {
  (void)arg;
  /* a fresh thread starts with no last error, whatever main did */
  CHECK(THGetLastError()->kind == TH_ERROR_NONE);
  THTensor *t = THTensor_newWithSize2d(TH_INT64, 2, -5);
  CHECK(t == NULL);
  CHECK(THGetLastError()->kind == TH_ERROR_VALUE);
  return NULL;
}

int main(void) {
  THLiveCounts start = THGetLiveCounts();
  CHECK(start.storages == 0 && start.tensors == 0 && start.bytes == 0);

  /* no handler installed: errors are only recorded */
  THClearError();
  THTensor *bad = THTensor_newWithSize1d(TH_FLOAT32, -1);
  CHECK(bad == NULL);
  const THErrorInfo *e = THGetLastError();
  CHECK(e->kind == TH_ERROR_VALUE);
  CHECK(strstr(e->message, "THTensor_newWithSize1d") != NULL);
  CHECK(strstr(e->message, "-1") != NULL);
  CHECK(e->file != NULL && e->line > 0);
  CHECK(strcmp(THErrorKind_name(e->kind), "ValueError") == 0);

  /* success does not clear the last error (errno's rule) */
  THTensor *t = THTensor_newWithSize2d(TH_FLOAT32, 2, 3);
  CHECK(t != NULL);
  CHECK(THGetLastError()->kind == TH_ERROR_VALUE);
  THClearError();
  CHECK(THGetLastError()->kind == TH_ERROR_NONE);

  /* typed getters: 0 on error, so clear first and look */
  CHECK(THFloat32Tensor_set2d(t, 1, 2, 4.5f) == 0);
  CHECK(THFloat32Tensor_get2d(t, 1, 2) == 4.5f);
  CHECK(THGetLastError()->kind == TH_ERROR_NONE);
  CHECK(THFloat32Tensor_get2d(t, 2, 0) == 0.0f);
  CHECK(THGetLastError()->kind == TH_ERROR_INDEX);
  CHECK(THInt64Tensor_data(t) == NULL);
  CHECK(THGetLastError()->kind == TH_ERROR_TYPE);
  CHECK(THTensor_size(t, 5) == -1);
  CHECK(THGetLastError()->kind == TH_ERROR_INDEX);

  /* a thread handler sees every error; the default handler none of them */
  THSetErrorInfoHandler(count_handler, &handled);
  CHECK(THStorage_resize(THTensor_storage(t), -3) == -1);
  CHECK(handled == 1);
  THSetErrorInfoHandler(NULL, NULL);
  int defaulted = 0;
  THSetDefaultErrorInfoHandler(count_handler, &defaulted);
  CHECK(THTensor_newWithSize1d(TH_FLOAT32, -2) == NULL);
  CHECK(defaulted == 1 && handled == 1);

  /* errors are per thread */
  pthread_t thread;
  THClearError();
  pthread_create(&thread, NULL, other_thread, NULL);
  pthread_join(thread, NULL);
  CHECK(THGetLastError()->kind == TH_ERROR_NONE);
  CHECK(defaulted == 2); /* the other thread used the default handler */
  THSetDefaultErrorInfoHandler(NULL, NULL);

  /* Golden Rule: a view retains the storage; frees bring the counts back */
  THStorage *s = THTensor_storage(t); /* borrowed */
  CHECK(THStorage_refcount(s) == 1);
  THTensor *u = THTensor_newWithTensor(t);
  CHECK(THStorage_refcount(s) == 2);
  THTensor_free(t);
  CHECK(THStorage_refcount(s) == 1);
  THTensor_free(u);
  THTensor_free(NULL);
  THStorage_free(NULL);

  THLiveCounts end = THGetLiveCounts();
  CHECK(end.storages == 0 && end.tensors == 0 && end.bytes == 0);
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
