/* th_malloc / th_free, and the allocation-failure injection behind them. */
#define _POSIX_C_SOURCE 200809L /* posix_memalign */
#include <stdlib.h>

#include "core/THMemoryImpl.h"

_Atomic int64_t th_fail_countdown;

int th_injected_failure(void) {
  return atomic_fetch_sub_explicit(&th_fail_countdown, 1, memory_order_relaxed) == 1;
}

void *th_malloc(size_t size) {
  if (th_should_fail()) return NULL;
  return malloc(size);
}

void *th_system_aligned_malloc(size_t alignment, size_t size) {
  void *ptr = NULL;
  if (posix_memalign(&ptr, alignment, size) != 0) return NULL;
  return ptr;
}

void *th_aligned_malloc(size_t alignment, size_t size) {
  if (th_should_fail()) return NULL;
  return th_system_aligned_malloc(alignment, size);
}

void *th_realloc(void *ptr, size_t size) {
  if (th_should_fail()) return NULL;
  return realloc(ptr, size);
}

void th_free(void *ptr) { free(ptr); }
