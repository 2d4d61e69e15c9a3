/* Element kernels over whole tensors: fill and copy (with broadcasting and
 * dtype conversion), both driven by the strided iterator. */
#include <stdio.h>
#include <string.h>

#include "THCastImpl.h"
#include "THFillImpl.h"
#include "THIterImpl.h"
#include "THScalarImpl.h"
#include "THTensorImpl.h"

/* ------------------------------------------------------------------ fill */

typedef struct FillCtx {
  size_t elsize;
  uint64_t pattern;
} FillCtx;

static void fill_loop(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  FillCtx *f = ctx;
  th_fill_strided(data[0], strides[0], n, f->elsize, &f->pattern);
}

static void fill_pattern(THTensor *self, FillCtx *f) {
  const int64_t *strides[1] = {self->stride};
  char *data[1] = {th_tensor_bytes(self)};
  THIter it;
  th_iter_init(&it, 1, self->nDimension, self->size, strides, data, &f->elsize);
  th_iter_run(&it, fill_loop, f);
}

int THTensor_fill(THTensor *self, double value) {
  FillCtx f = {THScalarType_elementSize(self->storage->dtype), 0};
  if (th_scalar_from_double(self->storage->dtype, value, &f.pattern, __func__)) return -1;
  fill_pattern(self, &f);
  return 0;
}

int THTensor_fillInt64(THTensor *self, int64_t value) {
  FillCtx f = {THScalarType_elementSize(self->storage->dtype), 0};
  if (th_scalar_from_int64(self->storage->dtype, value, &f.pattern, __func__)) return -1;
  fill_pattern(self, &f);
  return 0;
}

/* ------------------------------------------------------------------ copy */

static void format_shape(char *buf, size_t cap, const THTensor *t) {
  size_t used = 0;
  int n = snprintf(buf, cap, "[");
  if (n > 0) used += (size_t)n;
  for (int d = 0; d < t->nDimension && used < cap; d++) {
    n = snprintf(buf + used, cap - used, d ? ", %lld" : "%lld", (long long)t->size[d]);
    if (n > 0) used += (size_t)n;
  }
  if (used < cap) snprintf(buf + used, cap - used, "]");
}

/* src's strides broadcast to dst's shape (0 for stretched dims), or -1 with
 * ValueError when src cannot be broadcast to it. */
static int broadcast_strides(const THTensor *dst, const THTensor *src, int64_t *out,
                             const char *fn) {
  int lead = dst->nDimension - src->nDimension;
  int ok = lead >= 0;
  for (int d = 0; ok && d < dst->nDimension; d++) {
    int s = d - lead;
    if (s < 0)
      out[d] = 0;
    else if (src->size[s] == dst->size[d])
      out[d] = src->stride[s];
    else if (src->size[s] == 1)
      out[d] = 0;
    else
      ok = 0;
  }
  if (!ok) {
    char a[256], b[256];
    format_shape(a, sizeof a, src);
    format_shape(b, sizeof b, dst);
    TH_ERR_FN(TH_ERROR_VALUE, fn, "src of shape %s cannot be broadcast to dst of shape %s", a, b);
    return -1;
  }
  return 0;
}

/* 1 when two elements of t share memory (a stride-0 dim of size > 1): a
 * copy into it would depend on the order of the writes. */
static int has_stride_zero_overlap(const THTensor *t) {
  for (int d = 0; d < t->nDimension; d++)
    if (t->size[d] > 1 && t->stride[d] == 0) return 1;
  return 0;
}

/* Storage element range [lo, hi) a non-empty tensor touches. */
static void element_range(const THTensor *t, int64_t *lo, int64_t *hi) {
  int64_t last = t->storageOffset;
  for (int d = 0; d < t->nDimension; d++) last += (t->size[d] - 1) * t->stride[d];
  *lo = t->storageOffset;
  *hi = last + 1;
}

static int may_overlap(const THTensor *a, const THTensor *b) {
  if (a->storage != b->storage) return 0;
  int64_t alo, ahi, blo, bhi;
  element_range(a, &alo, &ahi);
  element_range(b, &blo, &bhi);
  return alo < bhi && blo < ahi;
}

static void cast_loop(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  th_cast_loop cast = (th_cast_loop)ctx;
  cast(data[0], strides[0], data[1], strides[1], n);
}

static void copy_same_loop(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  size_t elsize = (size_t)(uintptr_t)ctx;
  if (strides[0] == (ptrdiff_t)elsize && strides[1] == (ptrdiff_t)elsize) {
    memcpy(data[0], data[1], (size_t)n * elsize);
    return;
  }
  th_cast_loop cast = NULL;
  switch (elsize) { /* same-size integer casts are plain moves */
    case 1: cast = th_cast_loops[TH_UINT8][TH_UINT8]; break;
    case 2: cast = th_cast_loops[TH_INT16][TH_INT16]; break;
    case 4: cast = th_cast_loops[TH_INT32][TH_INT32]; break;
    default: cast = th_cast_loops[TH_INT64][TH_INT64]; break;
  }
  cast(data[0], strides[0], data[1], strides[1], n);
}

/* The copy proper: dst and src do not overlap, shapes already checked. */
static void copy_kernel(THTensor *dst, const THTensor *src, const int64_t *src_strides) {
  THScalarType dt = dst->storage->dtype, st = src->storage->dtype;
  const int64_t *strides[2] = {dst->stride, src_strides};
  char *data[2] = {th_tensor_bytes(dst), th_tensor_bytes(src)};
  size_t elsize[2] = {THScalarType_elementSize(dt), THScalarType_elementSize(st)};
  THIter it;
  th_iter_init(&it, 2, dst->nDimension, dst->size, strides, data, elsize);
  if (dt == st)
    th_iter_run(&it, copy_same_loop, (void *)(uintptr_t)elsize[0]);
  else
    th_iter_run(&it, cast_loop, (void *)th_cast_loops[dt][st]);
}

int THTensor_copy(THTensor *dst, THTensor *src) {
  int64_t src_strides[TH_MAX_DIMS];
  if (broadcast_strides(dst, src, src_strides, __func__)) return -1;
  if (th_tensor_numel(dst) == 0) return 0;
  if (has_stride_zero_overlap(dst)) {
    TH_ERR(TH_ERROR_VALUE,
           "dst has elements that share memory (a dimension with stride 0); copying into "
           "it is ambiguous: make it contiguous first");
    return -1;
  }
  if (dst->storage->dtype == src->storage->dtype && THTensor_isSetTo(dst, src)) return 0;
  if (!may_overlap(dst, src)) {
    copy_kernel(dst, src, src_strides);
    return 0;
  }
  /* dst and src share memory: read all of src before writing (numpy) */
  THTensor *tmp = th_tensor_new_with_size(src->storage->dtype, src->nDimension, src->size, NULL,
                                          __func__);
  if (!tmp) return -1;
  copy_kernel(tmp, src, src->stride);
  int64_t tmp_strides[TH_MAX_DIMS];
  broadcast_strides(dst, tmp, tmp_strides, __func__); /* same shape as src: cannot fail */
  copy_kernel(dst, tmp, tmp_strides);
  THTensor_free(tmp);
  return 0;
}

/* --------------------------------------------------------------- copies */

THTensor *THTensor_newClone(THTensor *tensor) {
  THTensor *t = th_tensor_new_with_size(tensor->storage->dtype, tensor->nDimension, tensor->size,
                                        NULL, __func__);
  if (!t) return NULL;
  copy_kernel(t, tensor, tensor->stride); /* a fresh tensor cannot overlap */
  return t;
}

THTensor *THTensor_newContiguous(THTensor *tensor) {
  if (THTensor_isContiguous(tensor)) {
    THTensor_retain(tensor);
    return tensor;
  }
  return THTensor_newClone(tensor);
}
