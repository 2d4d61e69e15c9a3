/* What the files implementing TH's typed API share. */
#ifndef TH_LEGACY_IMPL_H
#define TH_LEGACY_IMPL_H

#include "TH/TH.h"
#include "core/THErrorImpl.h"

/* Unwinds th's last error as a TH error (TH's handler, then the innermost
 * THLegacy_protect, else exit): after a th call failed. */
TH_NO_RETURN void th_legacy_raise(void);

/* A th call returning < 0 on error, or NULL: raise on failure. */
#define TH_LEGACY_OK(call)                   \
  do {                                       \
    if ((call) < 0) th_legacy_raise();       \
  } while (0)
static inline void *th_legacy_nonnull(void *p) {
  if (!p) th_legacy_raise();
  return p;
}

/* A TH-typed tensor or storage argument as th's: a TH error (ValueError
 * for NULL, TypeError for another dtype) unless it is one of dtype. */
THTensor *th_legacy_tensor(const void *t, THScalarType dtype, const char *what, const char *fn);
THStorage *th_legacy_storage(const void *s, THScalarType dtype, const char *what,
                             const char *fn);
/* TH's type name of a dtype ("Float", "Long", ...), for messages. */
const char *th_legacy_type_name(THScalarType dtype);

/* TH's geometry rules onto self (its storage kept): sizes stop at the
 * first size <= 0, a stride < 0 (or stride NULL) is the contiguous one,
 * the storage grows when the geometry reaches past it (0 dims reach one
 * element: th's functions see a scalar). Returns 0, or -1
 * with th's error set (nothing changed). */
int th_legacy_resize_nd(THTensor *self, int nDimension, const int64_t *size,
                        const int64_t *stride, const char *fn);
/* self views storage (retained; NULL: a new empty one) at offset with
 * TH's resizeNd geometry. Returns 0, or -1 (nothing changed). */
int th_legacy_set_storage_nd(THTensor *self, THStorage *storage, int64_t offset,
                             int nDimension, const int64_t *size, const int64_t *stride,
                             const char *fn);
/* TH's copy: src's elements in row-major order into self's, converted;
 * the counts must match (shapes may differ). Returns 0, or -1. */
int th_legacy_copy(THTensor *self, THTensor *src, const char *fn);
/* Frees with free(): for data from THAlloc (TH's newWithData). */
extern THAllocator th_legacy_malloc_allocator;

/* TH's element count: 0 for a tensor with 0 dims. */
static inline int64_t th_legacy_numel(const THTensor *t) {
  return THTensor_nDimension(t) == 0 ? 0 : THTensor_nElement(t);
}

#endif
