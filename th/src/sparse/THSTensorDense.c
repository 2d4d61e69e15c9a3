/* Dense conversions: toDense scatter-adds every entry straight into a zeroed
 * result (duplicates add up there: no coalesce, no sort), fromDense gathers
 * the nonzero slices in row-major order (coalesced by construction). */
#define _DEFAULT_SOURCE /* madvise */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/THMemoryImpl.h"
#include "sparse/THSTensorImpl.h"
#include "sparse/THSTensorTyped.h"

#define PREFETCH_AHEAD 32

#define DEFINE_SCATTER(T)                                                               \
  static void scatter_##T(char *dst_, const int64_t *dst_stride, const int64_t *idx,    \
                          int64_t s0, int64_t s1, int nDimI, int64_t nnz, const char *src_, \
                          int64_t D) {                                                  \
    T *dst = (T *)dst_;                                                                 \
    const T *src = (const T *)src_;                                                     \
    int64_t stride[TH_MAX_DIMS];                                                        \
    memcpy(stride, dst_stride, sizeof(int64_t) * (size_t)nDimI);                        \
    if (nDimI == 2 && D == 1) { /* a matrix: the common case, unrolled */               \
      const int64_t *rows = idx, *cols = idx + s0;                                      \
      int64_t rs = stride[0], cs = stride[1];                                           \
      for (int64_t k = 0; k < nnz; k++) {                                               \
        if (k + PREFETCH_AHEAD < nnz)                                                   \
          __builtin_prefetch(dst + rows[(k + PREFETCH_AHEAD) * s1] * rs +                \
                             cols[(k + PREFETCH_AHEAD) * s1] * cs, 1, 0);                \
        int64_t at = rows[k * s1] * rs + cols[k * s1] * cs;                             \
        dst[at] = add_##T(dst[at], src[k]);                                             \
      }                                                                                 \
      return;                                                                           \
    }                                                                                   \
    for (int64_t k = 0; k < nnz; k++) {                                                 \
      if (k + PREFETCH_AHEAD < nnz) { /* random writes: start the miss early */        \
        int64_t ahead = 0;                                                              \
        for (int d = 0; d < nDimI; d++) ahead += idx[d * s0 + (k + PREFETCH_AHEAD) * s1] * stride[d]; \
        __builtin_prefetch(dst + ahead, 1, 0);                                          \
      }                                                                                 \
      int64_t at = 0;                                                                   \
      for (int d = 0; d < nDimI; d++) at += idx[d * s0 + k * s1] * stride[d];           \
      if (D == 1) {                                                                     \
        dst[at] = add_##T(dst[at], src[k]);                                             \
      } else {                                                                          \
        for (int64_t i = 0; i < D; i++) dst[at + i] = add_##T(dst[at + i], src[k * D + i]); \
      }                                                                                 \
    }                                                                                   \
  }

/* The index (in D-element slices) of each slice with a nonzero element,
 * counted or written to out (NULL: count only). */
#define DEFINE_NONZERO_SLICES(T)                                                  \
  static int64_t nonzero_slices_##T(const char *data_, int64_t slices, int64_t D, \
                                    int64_t *out) {                               \
    const T *data = (const T *)data_;                                             \
    int64_t n = 0;                                                                \
    for (int64_t k = 0; k < slices; k++) {                                        \
      int any = 0;                                                                \
      for (int64_t i = 0; i < D && !any; i++) any = nonzero_##T(data[k * D + i]); \
      if (any && out) out[n] = k;                                                 \
      n += any;                                                                   \
    }                                                                             \
    return n;                                                                     \
  }

#define DEFINE(E, T) DEFINE_SCATTER(T) DEFINE_NONZERO_SLICES(T)
FOR_EACH_DTYPE(DEFINE)
#undef DEFINE

void ths_scatter_add(THScalarType dtype, char *dst, const int64_t *dst_stride,
                     const THTensor *indices, int64_t nnz, const char *src, int64_t D) {
  const int64_t *idx = (const int64_t *)th_tensor_bytes(indices);
  int64_t s0 = th_strides(indices)[0], s1 = th_strides(indices)[1];
  int nDimI = (int)th_sizes(indices)[0];
  switch (dtype) {
#define CASE(E, T)                                                       \
  case E:                                                                \
    scatter_##T(dst, dst_stride, idx, s0, s1, nDimI, nnz, src, D);       \
    break;
    FOR_EACH_DTYPE(CASE)
#undef CASE
    default:
      break;
  }
}

/* toDense's result memory: calloc's, as numpy's zeros (what scipy's
 * toarray scatters into): fresh pages come zeroed from the kernel and are
 * touched once, by the scatter; reused heap memory is cleared by calloc.
 * No MADV_HUGEPAGE: with the kernel's defrag=madvise a fault may compact
 * memory first (measured here: 150 ms instead of 10 for a 16 MB result
 * kept alive). 64-byte aligned as the default allocator's: the block's
 * start is kept just before the data. */
#define ZEROED_ALIGN ((uintptr_t)64)
#define HUGE_MIN ((ptrdiff_t)4 << 20)

static void *zeroed_malloc(void *ctx, ptrdiff_t size) {
  (void)ctx;
  if (th_should_fail()) return NULL;
  char *block = calloc(1, (size_t)size + ZEROED_ALIGN + sizeof(void *));
  if (!block) return NULL;
  char *data = (char *)(((uintptr_t)block + sizeof(void *) + ZEROED_ALIGN - 1) & ~(ZEROED_ALIGN - 1));
  ((void **)data)[-1] = block;
#ifdef MADV_HUGEPAGE
  if (size >= HUGE_MIN) { /* numpy does the same for its zeros */
    uintptr_t lo = ((uintptr_t)data + 4095) & ~(uintptr_t)4095;
    uintptr_t hi = ((uintptr_t)data + (uintptr_t)size) & ~(uintptr_t)4095;
    if (hi > lo) madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
  }
#endif
  return data;
}

static void zeroed_free(void *ctx, void *data) {
  (void)ctx;
  free(((void **)data)[-1]);
}

static THAllocator zeroed_allocator = {zeroed_malloc, NULL, zeroed_free};

static int64_t nonzero_slices(THScalarType dtype, const char *data, int64_t slices, int64_t D,
                              int64_t *out) {
  switch (dtype) {
#define CASE(E, T) \
  case E:          \
    return nonzero_slices_##T(data, slices, D, out);
    FOR_EACH_DTYPE(CASE)
#undef CASE
    default:
      return 0;
  }
}

THTensor *THSTensor_newToDense(THSTensor *self) {
  THS_CHECK(self, NULL);
  THTensor *values = THSTensor_newValues(self);
  THTensor *src = values ? THTensor_newContiguous(values) : NULL;
  THTensor_free(values);
  if (!src) return NULL;
  int64_t numel = 1, D = 1;
  for (int d = 0; d < ths_ndim(self); d++) numel *= self->size[d]; /* fits: checked at creation */
  THStorage *zeros = th_storage_new(ths_dtype(self), numel, &zeroed_allocator, NULL, __func__);
  THTensor *r = zeros ? THTensor_newWithStorageNdMove(zeros, 0, ths_ndim(self), self->size, NULL)
                      : NULL;
  if (!r) {
    THTensor_free(src);
    return NULL;
  }
  for (int d = self->nDimensionI; d < ths_ndim(self); d++) D *= self->size[d];
  if (numel > 0 && self->nnz > 0)
    ths_scatter_add(ths_dtype(self), th_tensor_bytes(r), th_strides(r), self->indices, self->nnz,
                    th_tensor_bytes(src), D);
  THTensor_free(src);
  return r;
}

THSTensor *THSTensor_newFromDense(THTensor *dense, int nDimI) {
  if (!dense) {
    TH_ERR(TH_ERROR_VALUE, "dense is NULL");
    return NULL;
  }
  TH_CHECK_TENSOR(dense, NULL);
  int n = dense->nDimension;
  if (nDimI < 0 || nDimI > n) {
    TH_ERR(TH_ERROR_VALUE, "nDimI (sparse dims) must be in [0, %d] for a %d-dim tensor, got %d",
           n, n, nDimI);
    return NULL;
  }
  const int64_t *size = th_sizes(dense);
  THScalarType dtype = dense->storage->dtype;
  int64_t slices = 1, D = 1;
  for (int d = 0; d < nDimI; d++) slices *= size[d];
  for (int d = nDimI; d < n; d++) D *= size[d];
  THTensor *c = THTensor_newContiguous(dense);
  if (!c) return NULL;
  const char *data = th_tensor_bytes(c);
  int64_t nnz = D > 0 ? nonzero_slices(dtype, data, slices, D, NULL) : 0;
  int64_t isize[2] = {nDimI, nnz}, vsize[TH_MAX_DIMS + 1];
  vsize[0] = nnz;
  for (int d = nDimI; d < n; d++) vsize[d - nDimI + 1] = size[d];
  THTensor *indices = th_tensor_new_with_size(TH_INT64, 2, isize, NULL, __func__);
  THTensor *values = indices ? th_tensor_new_with_size(dtype, n - nDimI + 1, vsize, NULL, __func__)
                             : NULL;
  int64_t *which = values ? th_malloc(sizeof(int64_t) * (size_t)nnz + 1) : NULL;
  if (!which) {
    if (values) TH_ERR(TH_ERROR_MEMORY, "failed to allocate %lld slice numbers", (long long)nnz);
    THTensor_free(indices);
    THTensor_free(values);
    THTensor_free(c);
    return NULL;
  }
  if (nnz > 0) nonzero_slices(dtype, data, slices, D, which);
  int64_t *idx = (int64_t *)th_tensor_bytes(indices);
  size_t row = (size_t)D * THScalarType_elementSize(dtype);
  char *out = th_tensor_bytes(values);
  for (int64_t j = 0; j < nnz; j++) {
    int64_t rest = which[j];
    for (int d = nDimI - 1; d >= 0; d--) {
      idx[d * nnz + j] = rest % size[d];
      rest /= size[d];
    }
    memcpy(out + (size_t)j * row, data + (size_t)which[j] * row, row);
  }
  th_free(which);
  THTensor_free(c);
  return ths_alloc_move(indices, values, nnz, nDimI, n - nDimI, size, 1, __func__);
}
