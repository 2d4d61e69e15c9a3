/* TH v0.4's typed tensor and storage API (THFloatTensor_narrow,
 * THLongStorage_newWithSize, the typed copies), with TH's semantics, on
 * th's tensors. The per-type functions are in generic/; the geometry rules
 * they share are here. */
#include <inttypes.h>

#include "core/THStorageImpl.h"
#include "core/THTensorImpl.h"
#include "legacy/THLegacyImpl.h"

#include "core/THMemoryImpl.h"

static void *malloc_fn(void *ctx, ptrdiff_t size) {
  (void)ctx;
  return th_malloc((size_t)size);
}
static void *realloc_fn(void *ctx, void *ptr, ptrdiff_t size) {
  (void)ctx;
  return th_realloc(ptr, (size_t)size);
}
static void free_fn(void *ctx, void *ptr) {
  (void)ctx;
  th_free(ptr);
}
THAllocator th_legacy_malloc_allocator = {malloc_fn, realloc_fn, free_fn};

const char *th_legacy_type_name(THScalarType dtype) {
  switch (dtype) {
    case TH_UINT8: return "Byte";
    case TH_INT8: return "Char";
    case TH_INT16: return "Short";
    case TH_INT32: return "Int";
    case TH_INT64: return "Long";
    case TH_FLOAT16: return "Half";
    case TH_FLOAT32: return "Float";
    case TH_FLOAT64: return "Double";
    default: return THScalarType_name(dtype);
  }
}

/* A NULL argument is a ValueError, another dtype a TypeError (th's kinds,
 * so Python sees th.ArgumentError and th.DtypeError), raised as TH errors. */
THTensor *th_legacy_tensor(const void *t, THScalarType dtype, const char *what, const char *fn) {
  const THTensor *x = t;
  if (!x) {
    th_error_at(TH_ERROR_VALUE, __FILE__, __LINE__, 0, fn, "%s is NULL", what);
    th_legacy_raise();
  }
  if (x->storage->dtype != dtype) {
    th_error_at(TH_ERROR_TYPE, __FILE__, __LINE__, 0, fn,
                "%s is a %s tensor (dtype %s), not a TH%sTensor", what,
                th_legacy_type_name(x->storage->dtype), THScalarType_name(x->storage->dtype),
                th_legacy_type_name(dtype));
    th_legacy_raise();
  }
  return (THTensor *)x;
}

THStorage *th_legacy_storage(const void *s, THScalarType dtype, const char *what,
                             const char *fn) {
  const THStorage *x = s;
  if (!x) {
    th_error_at(TH_ERROR_VALUE, __FILE__, __LINE__, 0, fn, "%s is NULL", what);
    th_legacy_raise();
  }
  if (x->dtype != dtype) {
    th_error_at(TH_ERROR_TYPE, __FILE__, __LINE__, 0, fn,
                "%s is a %s storage (dtype %s), not a TH%sStorage", what,
                th_legacy_type_name(x->dtype), THScalarType_name(x->dtype),
                th_legacy_type_name(dtype));
    th_legacy_raise();
  }
  return (THStorage *)x;
}

/* TH's sizes and strides: dims up to the first size <= 0; a stride < 0
 * (or none) is the contiguous one. Returns the number of dims kept. */
static int th_geometry(int nDimension, const int64_t *size, const int64_t *stride,
                       int64_t *out_size, int64_t *out_stride) {
  int n = 0;
  while (n < nDimension && size[n] > 0) n++;
  for (int d = n - 1; d >= 0; d--) {
    out_size[d] = size[d];
    if (stride && stride[d] >= 0)
      out_stride[d] = stride[d];
    else
      out_stride[d] = d == n - 1 ? 1 : out_size[d + 1] * out_stride[d + 1];
  }
  return n;
}

/* Storage elements a geometry reaches from offset (offset + 1 when no dims:
 * th's own functions read a 0-dim tensor's one element). */
static int th_reach(int64_t offset, int n, const int64_t *size, const int64_t *stride,
                    int64_t *reach, const char *fn) {
  int64_t last = 0;
  for (int d = 0; d < n; d++) {
    int64_t span;
    if (__builtin_mul_overflow(size[d] - 1, stride[d], &span) ||
        __builtin_add_overflow(last, span, &last)) {
      th_error_at(TH_ERROR_VALUE, __FILE__, __LINE__, 0, fn, "the geometry overflows int64");
      return -1;
    }
  }
  if (n == 0) { /* a scalar to th's own functions: one element */
    *reach = offset + 1;
    return 0;
  }
  if (__builtin_add_overflow(offset, last + 1, reach)) {
    th_error_at(TH_ERROR_VALUE, __FILE__, __LINE__, 0, fn, "the geometry overflows int64");
    return -1;
  }
  return 0;
}

int th_legacy_resize_nd(THTensor *self, int nDimension, const int64_t *size,
                        const int64_t *stride, const char *fn) {
  if (nDimension < 0 || nDimension > TH_MAX_DIMS || (nDimension && !size)) {
    th_error_at(TH_ERROR_VALUE, __FILE__, __LINE__, 0, fn,
                "%d dims (at most %d, with a size array)", nDimension, TH_MAX_DIMS);
    return -1;
  }
  int64_t sz[TH_MAX_DIMS], st[TH_MAX_DIMS], reach;
  int n = th_geometry(nDimension, size, stride, sz, st);
  /* TH kept the strides of a tensor that already has these sizes (and the
   * strides given); it then skipped the storage check too, which th keeps */
  int same = n == self->nDimension;
  for (int d = 0; same && d < n; d++)
    same = sz[d] == self->size[d] && !(stride && stride[d] >= 0 && stride[d] != self->stride[d]);
  if (same) memcpy(st, self->stride, sizeof(int64_t) * (size_t)n);
  if (th_reach(self->storageOffset, n, sz, st, &reach, fn) < 0) return -1;
  if (reach > self->storage->size && THStorage_resize(self->storage, reach) < 0) return -1;
  if (th_tensor_reserve_dims(self, n, fn) < 0) return -1;
  th_tensor_put_dims(self, n, sz, st);
  return 0;
}

int th_legacy_set_storage_nd(THTensor *self, THStorage *storage, int64_t offset,
                             int nDimension, const int64_t *size, const int64_t *stride,
                             const char *fn) {
  if (offset < 0) {
    th_error_at(TH_ERROR_VALUE, __FILE__, __LINE__, 0, fn, "invalid storage offset %" PRId64,
                offset);
    return -1;
  }
  THStorage *fresh = NULL;
  if (!storage) {
    fresh = THStorage_new(self->storage->dtype);
    if (!fresh) return -1;
    storage = fresh;
  }
  /* on a scratch tensor first: self changes only when everything worked */
  /* self's geometry over the new storage: TH's resize compares with it */
  THTensor *scratch = th_tensor_alloc(self->nDimension, TH_INLINE_DIMS, fn);
  if (!scratch) {
    THStorage_free(fresh);
    return -1;
  }
  THStorage_retain(storage);
  THStorage_free(fresh);
  scratch->storage = storage;
  scratch->storageOffset = offset;
  th_tensor_put_dims(scratch, self->nDimension, self->size, self->stride);
  int rc = th_legacy_resize_nd(scratch, nDimension, size, stride, fn);
  if (rc == 0) rc = THTensor_set(self, scratch);
  THTensor_free(scratch);
  return rc;
}

int th_legacy_copy(THTensor *self, THTensor *src, const char *fn) {
  int64_t n = th_legacy_numel(self), m = th_legacy_numel(src);
  if (n != m) {
    th_error_at(TH_ERROR_VALUE, __FILE__, __LINE__, 0, fn,
                "inconsistent tensor size: %" PRId64 " elements into %" PRId64, m, n);
    return -1;
  }
  if (n == 0) return 0;
  if (THTensor_isSameSizeAs(self, src)) return THTensor_copy(self, src);
  /* the same count in another shape: src's elements as self's shape */
  THTensor *flat = THTensor_newReshape(src, THTensor_nDimension(self), THTensor_sizes(self));
  if (!flat) return -1;
  int rc = THTensor_copy(self, flat);
  THTensor_free(flat);
  return rc;
}

/* TH's size helpers */

THDescBuff THLongStorage_sizeDesc(const THLongStorage *size) {
  const THStorage *s = th_legacy_storage(size, TH_INT64, "size", __func__);
  return _THSizeDesc((const int64_t *)s->data, s->size);
}

THLongStorage *THLongStorage_newInferSize(THLongStorage *size, ptrdiff_t nElement) {
  THStorage *s = th_legacy_storage(size, TH_INT64, "size", __func__);
  const int64_t *d = s->data;
  int64_t total = 1;
  int infer = -1;
  for (int64_t i = 0; i < s->size; i++) {
    if (d[i] == -1) {
      if (infer >= 0) THArgError(1, "%s: only one dimension can be inferred", __func__);
      infer = (int)i;
    } else {
      total *= d[i];
    }
  }
  if (infer >= 0) {
    if (!(total > 0 && nElement % total == 0))
      THArgError(2, "%s: size '%s' is invalid for input with %td elements", __func__,
                 _THSizeDesc(d, s->size).str, nElement);
  } else if (total != nElement) {
    THArgError(2, "%s: size '%s' is invalid for input with %td elements", __func__,
               _THSizeDesc(d, s->size).str, nElement);
  }
  THStorage *r = th_legacy_nonnull(THStorage_newWithSize(TH_INT64, s->size));
  if (s->size) memcpy(r->data, d, sizeof(int64_t) * (size_t)s->size);
  if (infer >= 0) ((int64_t *)r->data)[infer] = nElement / total;
  return (THLongStorage *)r;
}

static int th_broadcast(THLongStorage *output, int n, int64_t **sizes, int64_t *dims,
                        char *error_buffer, int buffer_len) {
  THStorage *out = th_legacy_storage(output, TH_INT64, "output", "THLongStorage_inferSizeN");
  int64_t ndim = 0;
  for (int j = 0; j < n; j++) ndim = dims[j] > ndim ? dims[j] : ndim;
  if (ndim > TH_MAX_DIMS) {
    snprintf(error_buffer, (size_t)buffer_len, "%" PRId64 " dims (at most %d)", ndim,
             TH_MAX_DIMS);
    return -1;
  }
  int64_t result[TH_MAX_DIMS];
  for (int64_t i = ndim - 1; i >= 0; i--) {
    int64_t size = 1, offset = ndim - 1 - i;
    for (int j = 0; j < n; j++) {
      int64_t dim = dims[j] - 1 - offset;
      int64_t s = dim >= 0 ? sizes[j][dim] : 1;
      if (size == s || size == 1 || s == 1) {
        size = size == 1 ? s : size;
      } else {
        snprintf(error_buffer, (size_t)buffer_len,
                 "The size of tensor a (%" PRId64 ") must match the size of tensor b (%" PRId64
                 ") at non-singleton dimension %" PRId64 ".", size, s, i);
        return -1;
      }
    }
    result[i] = size;
  }
  if (THStorage_resize(out, ndim) < 0) th_legacy_raise();
  if (ndim) memcpy(out->data, result, sizeof(int64_t) * (size_t)ndim);
  return 0;
}

int THLongStorage_inferSize2(THLongStorage *output, int64_t *sizesA, int64_t dimsA,
                             int64_t *sizesB, int64_t dimsB, char *error_buffer,
                             int buffer_len) {
  int64_t *sizes[2] = {sizesA, sizesB};
  int64_t dims[2] = {dimsA, dimsB};
  return th_broadcast(output, 2, sizes, dims, error_buffer, buffer_len);
}

int THLongStorage_inferSizeN(THLongStorage *output, int n, int64_t **sizes, int64_t *dims,
                             char *error_buffer, int buffer_len) {
  return th_broadcast(output, n, sizes, dims, error_buffer, buffer_len);
}

int THLongStorage_inferExpandGeometry(int64_t *tensorSizes, int64_t *tensorStrides,
                                      int64_t tensorDim, THLongStorage *sizes,
                                      int64_t **expandedSizes, int64_t **expandedStrides,
                                      char *error_buffer, int buffer_len) {
  THStorage *s = th_legacy_storage(sizes, TH_INT64, "sizes", __func__);
  int64_t ndim = s->size;
  const int64_t *target = s->data;
  /* both blocks or neither (THAlloc would unwind past the first) */
  int64_t *esz = th_malloc(sizeof(int64_t) * (size_t)(ndim ? ndim : 1));
  int64_t *est = th_malloc(sizeof(int64_t) * (size_t)(ndim ? ndim : 1));
  if (!esz || !est) {
    th_free(esz);
    th_free(est);
    th_error_at(TH_ERROR_MEMORY, __FILE__, __LINE__, 0, __func__, "out of memory");
    th_legacy_raise();
  }
  for (int64_t i = ndim - 1; i >= 0; --i) {
    int64_t offset = ndim - 1 - i, dim = tensorDim - 1 - offset;
    int64_t size = dim >= 0 ? tensorSizes[dim] : 1;
    int64_t stride = dim >= 0 ? tensorStrides[dim] : (i + 1 < ndim ? esz[i + 1] * est[i + 1] : 1);
    int64_t want = target[i];
    if (want == -1) {
      if (dim < 0) {
        THFree(esz);
        THFree(est);
        snprintf(error_buffer, (size_t)buffer_len,
                 "The expanded size of the tensor (%" PRId64 ") isn't allowed in a leading, "
                 "non-existing dimension %" PRId64, want, i);
        return -1;
      }
      want = size;
    }
    if (size != want) {
      if (size != 1) {
        THFree(esz);
        THFree(est);
        snprintf(error_buffer, (size_t)buffer_len,
                 "The expanded size of the tensor (%" PRId64 ") must match the existing size "
                 "(%" PRId64 ") at non-singleton dimension %" PRId64 ".", want, size, i);
        return -1;
      }
      stride = 0;
    }
    esz[i] = want;
    est[i] = stride;
  }
  *expandedSizes = esz;
  *expandedStrides = est;
  return 0;
}

int THSize_isSameSizeAs(const int64_t *sizeA, int64_t dimsA, const int64_t *sizeB,
                        int64_t dimsB) {
  if (dimsA != dimsB) return 0;
  for (int64_t d = 0; d < dimsA; d++)
    if (sizeA[d] != sizeB[d]) return 0;
  return 1;
}

ptrdiff_t THSize_nElement(int64_t dims, int64_t *size) {
  if (dims == 0) return 0;
  ptrdiff_t n = 1;
  for (int64_t d = 0; d < dims; d++) n *= size[d];
  return n;
}

/* the per-type functions */
#define TH_GENERIC_FILE "legacy/generic/THLegacyStorage.c"
#include "TH/THGenerateAllTypes.h"
#define TH_GENERIC_FILE "legacy/generic/THLegacyStorage.c"
#include "TH/THGenerateHalfType.h"
#define TH_GENERIC_FILE "legacy/generic/THLegacyTensor.c"
#include "TH/THGenerateAllTypes.h"
#define TH_GENERIC_FILE "legacy/generic/THLegacyTensor.c"
#include "TH/THGenerateHalfType.h"
#define TH_GENERIC_FILE "legacy/generic/THLegacyCopy.c"
#include "TH/THGenerateAllTypes.h"
#define TH_GENERIC_FILE "legacy/generic/THLegacyCopy.c"
#include "TH/THGenerateHalfType.h"
