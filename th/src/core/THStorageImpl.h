/* The storage struct. Private: users go through THStorage.h's functions. */
#ifndef TH_STORAGE_IMPL_H
#define TH_STORAGE_IMPL_H

#include <stdatomic.h>

#include "TH/THStorage.h"

struct THStorage {
  /* TH v0.4's public fields first, at its offsets: legacy C code reads a
   * THFloatStorage's data (a float *) and size (TH/THLegacy.h). */
  void *data;      /* NULL when size is 0 */
  int64_t size;    /* in elements */
  _Atomic int64_t refcount;
  struct THTrack *track; /* tracking mode's record, or NULL */
  THAllocator *allocator;
  void *allocatorContext;
  THScalarType dtype;
  int flags;       /* TH_STORAGE_* */
  _Atomic int64_t pins; /* buffer exports keeping the data in place */
};

static inline int64_t th_storage_nbytes(const THStorage *s) {
  return s->size * (int64_t)THScalarType_elementSize(s->dtype);
}

/* A new storage of size elements from allocator, reporting errors as fn. */
THStorage *th_storage_new(THScalarType dtype, int64_t size, THAllocator *allocator, void *ctx,
                          const char *fn);

/* Resize without the public entry checks of shared/resizable state; reports
 * errors as fn. Used by THStorage_resize and THTensor_resizeNd. */
int th_storage_resize(THStorage *self, int64_t size, const char *fn);
/* The storage-side checks of a resize, reported as fn. */
int th_storage_check_resizable(const THStorage *self, const char *fn);

/* RuntimeError as fn: `what` views read-only memory (TH_STORAGE_READONLY).
 * Returns -1. */
int th_readonly_error(const char *what, const char *fn);
/* 0, or -1 with th_readonly_error when s is read-only: every function that
 * writes a storage's elements, resizes or moves its data calls it first. */
static inline int th_storage_check_not_readonly(const THStorage *s, const char *what,
                                                const char *fn) {
  if (__builtin_expect((s->flags & TH_STORAGE_READONLY) != 0, 0))
    return th_readonly_error(what, fn);
  return 0;
}

#endif
