/* A pure-C caller of libTH checking the debug switches a program with no
 * Python gets from the environment (TH_DEBUG_TRACKING, TH_NO_CACHE). Run by
 * tests/harness/test_debug_mode.py as `test_debug_env MODE`; prints "ok" and exits
 * 0 when every check of MODE holds, else prints the failed checks:
 *
 *   tracking-on      tracking mode is on from the start: a use of a tensor
 *                    whose storage was over-released is a RuntimeError
 *                    naming the storage's creator, then its free a misuse
 *   tracking-off     tracking mode is off
 *   caching          a freed tensor's structs and big data block are kept
 *                    and reused
 *   not-caching      no freed struct or block is kept
 *   use-after-free   reads a freed tensor struct (for valgrind or ASan to
 *                    report; undefined behaviour, on purpose) */
#include <stdio.h>
#include <string.h>

#include <TH/TH.h>

#include "check.h"

static void tracking_on(void) {
  CHECK(THDebug_isTracking());
  THTensor *t = THTensor_newWithSize2d(TH_FLOAT32, 2, 3);
  THStorage_free(THTensor_storage(t)); /* the reference t lends, behind its back */
  CHECK(THTensor_newClone(t) == NULL);
  const THErrorInfo *e = THGetLastError();
  CHECK(e->kind == TH_ERROR_RUNTIME);
  CHECK(strstr(e->message, "THTensor_newClone: use of freed storage 0x") == e->message);
  CHECK(strstr(e->message, "(float32); it was created by THTensor_newWithSize2d; the tensor ") !=
        NULL);
  CHECK(strstr(e->message, "(float32 [2, 3]) still views it") != NULL);
  CHECK(THTensor_fill(t, 1.0) == -1 && THDebug_misuseCount() == 2);
  THObjectInfo live[2];
  CHECK(THDebug_liveObjects(live, 2, 0) == 1 && live[0].kind == TH_OBJECT_TENSOR);
  THTensor_free(t); /* its storage reference is freed a second time: reported */
  CHECK(THDebug_misuseCount() == 3);
  CHECK(strstr(THGetLastError()->message, "was already freed") != NULL);
  THLiveCounts c = THGetLiveCounts();
  CHECK(c.storages == 0 && c.tensors == 0 && c.bytes == 0);
}

static void caching(int expected) {
  CHECK(THDebug_isCaching() == expected);
  CHECK(THDebug_cachedStructs() == 0);
  THTensor *t = THTensor_newWithSize1d(TH_FLOAT32, 4);
  THTensor_free(t);
  CHECK(THDebug_cachedStructs() == (expected ? 2 : 0)); /* the tensor and its storage */
  THTensor *again = THTensor_newWithSize1d(TH_FLOAT32, 4);
  if (expected) CHECK(again == t); /* the cached struct, reused */
  CHECK(THDebug_cachedStructs() == 0);
  THTensor_free(again);
  /* a freed block of 4 MiB or more is kept, and serves the next such request
   * (with glibc: the cache needs malloc_usable_size) */
#ifndef __GLIBC__
  expected = 0;
#endif
  CHECK(THAllocator_cachedBytes() == 0);
  THTensor *big = THTensor_newWithSize1d(TH_FLOAT32, 1 << 21);
  void *data = THTensor_data(big);
  THTensor_free(big);
  CHECK(THAllocator_cachedBytes() >= (expected ? (int64_t)8 << 20 : 0));
  CHECK(THAllocator_cachedBytes() < (expected ? (int64_t)9 << 20 : 1));
  big = THTensor_newWithSize1d(TH_FLOAT32, 1 << 21);
  if (expected) CHECK(THTensor_data(big) == data);
  CHECK(THAllocator_cachedBytes() == 0);
  THTensor_free(big);
  THAllocator_emptyCache();
  CHECK(THAllocator_cachedBytes() == 0);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (strcmp(mode, "tracking-on") == 0) {
    tracking_on();
  } else if (strcmp(mode, "tracking-off") == 0) {
    CHECK(!THDebug_isTracking());
  } else if (strcmp(mode, "caching") == 0 || strcmp(mode, "not-caching") == 0) {
    caching(strcmp(mode, "caching") == 0);
  } else if (strcmp(mode, "use-after-free") == 0) {
    THTensor *t = THTensor_newWithSize1d(TH_FLOAT32, 4);
    THTensor_free(t);
    printf("%d\n", THTensor_nDimension(t));
  } else {
    fprintf(stderr, "unknown mode '%s'\n", mode);
    return 2;
  }
  if (failures) return 1;
  printf("ok\n");
  return 0;
}
