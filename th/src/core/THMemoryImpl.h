/* Internal allocation funnel: every allocation th makes for itself (structs,
 * dim arrays, default-allocator data) goes through th_malloc, so that
 * allocation-failure injection reaches every error path. */
#ifndef TH_MEMORY_IMPL_H
#define TH_MEMORY_IMPL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "core/THErrorImpl.h"

/* > 0: the allocation that brings it to 0 fails. */
extern _Atomic int64_t th_fail_countdown;
int th_injected_failure(void);

/* Whether a failure is armed: an allocation may be about to fail. */
static inline int th_failure_armed(void) {
  return atomic_load_explicit(&th_fail_countdown, memory_order_relaxed) > 0;
}

static inline int th_should_fail(void) {
  return TH_UNLIKELY(th_failure_armed()) && th_injected_failure();
}

void *th_malloc(size_t size);                       /* NULL on failure */
void *th_aligned_malloc(size_t alignment, size_t size); /* NULL on failure */
/* posix_memalign alone: for a caller that has counted the allocation
 * against failure injection itself (th_should_fail) */
void *th_system_aligned_malloc(size_t alignment, size_t size);
void *th_realloc(void *ptr, size_t size);          /* NULL on failure, ptr kept */
void th_free(void *ptr);

#endif
