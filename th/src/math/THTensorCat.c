/* Joining tensors: cat and stack (TH's catArray), and the type promotion
 * that gives a new join its dtype.
 *
 * Every check runs first (shapes, dims, overlap with the result), then the
 * result is resized and each input is copied into its part of it (a narrow
 * along the dim for cat, a select for stack): nothing fails after a check. */
#include <stdio.h>

#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCopyImpl.h"
#include "TH/THTensorCat.h"

/* ------------------------------------------------------------- checks */

/* torch's legacy rule: cat skips 1-dim tensors of size 0, whatever the
 * other inputs' shapes. */
static int cat_skips(const THTensor *t) { return t->nDimension == 1 && th_sizes(t)[0] == 0; }

static int check_inputs(THTensor **inputs, int numInputs, const char *fn) {
  if (numInputs <= 0 || !inputs) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "expected a non-empty list of tensors, got %d", numInputs);
    return -1;
  }
  for (int i = 0; i < numInputs; i++) {
    if (!inputs[i]) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "input %d is NULL", i);
      return -1;
    }
    TH_CHECK_TENSOR_AS(inputs[i], fn, -1); /* the storage it lends too */
  }
  return 0;
}

/* ValueError unless the joined shape's element count and contiguous strides
 * fit int64 (inputs may be expanded views of few elements). */
static int check_fits(int nDimension, const int64_t *size, const char *fn) {
  int64_t numel, needed, stride[TH_MAX_DIMS];
  return th_geometry_check(nDimension, size, NULL, 0, stride, &numel, &needed, fn);
}

/* The joined shape of a cat: nDimension and size filled, *dim wrapped (-1:
 * every input is skipped, the result is 1-dim and empty). */
static int cat_shape(THTensor **inputs, int numInputs, int *dim, int *nDimension,
                     int64_t *size, const char *fn) {
  if (check_inputs(inputs, numInputs, fn)) return -1;
  const THTensor *ref = NULL;
  for (int i = 0; i < numInputs; i++) {
    if (inputs[i]->nDimension == 0) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "zero-dimensional tensor (at position %d) cannot be "
                "concatenated", i);
      return -1;
    }
    if (!ref && !cat_skips(inputs[i])) ref = inputs[i];
  }
  if (!ref) {
    *dim = -1;
    *nDimension = 1;
    size[0] = 0;
    return 0;
  }
  int d = th_wrap_dim(*dim, ref->nDimension, "dim", fn);
  if (d < 0) return -1;
  *dim = d;
  *nDimension = ref->nDimension;
  memcpy(size, th_sizes(ref), sizeof(int64_t) * (size_t)ref->nDimension);
  size[d] = 0;
  for (int i = 0; i < numInputs; i++) {
    const THTensor *t = inputs[i];
    if (cat_skips(t)) continue;
    if (t->nDimension != ref->nDimension) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "tensors must have the same number of dimensions: got %d "
                "and %d (tensor number %d in the list)", ref->nDimension, t->nDimension, i);
      return -1;
    }
    for (int k = 0; k < t->nDimension; k++) {
      if (k != d && th_sizes(t)[k] != size[k]) {
        TH_ERR_FN(TH_ERROR_RUNTIME, fn, "sizes of tensors must match except in dimension %d: "
                  "expected size %lld but got size %lld in dimension %d for tensor number %d "
                  "in the list", d, (long long)size[k], (long long)th_sizes(t)[k], k, i);
        return -1;
      }
    }
    if (__builtin_add_overflow(size[d], th_sizes(t)[d], &size[d])) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "the joined size of dimension %d overflows int64", d);
      return -1;
    }
  }
  return check_fits(*nDimension, size, fn);
}

static int stack_shape(THTensor **inputs, int numInputs, int *dim, int *nDimension,
                       int64_t *size, const char *fn) {
  if (check_inputs(inputs, numInputs, fn)) return -1;
  const THTensor *ref = inputs[0];
  if (ref->nDimension >= TH_MAX_DIMS) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "the result would have more than %d dimensions", TH_MAX_DIMS);
    return -1;
  }
  int d = th_wrap_new_dim(*dim, ref->nDimension, "dim", fn);
  if (d < 0) return -1;
  for (int i = 1; i < numInputs; i++) {
    if (!THTensor_isSameSizeAs(ref, inputs[i])) {
      char a[256], b[256];
      th_format_shape(a, sizeof a, ref->nDimension, th_sizes(ref));
      th_format_shape(b, sizeof b, inputs[i]->nDimension, th_sizes(inputs[i]));
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "stack expects each tensor to be equal size, but got "
                "%s at entry 0 and %s at entry %d", a, b, i);
      return -1;
    }
  }
  *dim = d;
  *nDimension = ref->nDimension + 1;
  for (int k = 0, j = 0; k < *nDimension; k++)
    size[k] = k == d ? numInputs : th_sizes(ref)[j++];
  return check_fits(*nDimension, size, fn);
}

/* The checks on result, before it changes: once it has the joined shape
 * (resized in place, contiguous, unless it has it already) it may not share
 * memory with an input (copying in one input would overwrite another before
 * it is read), nor have elements that share memory. */
static int check_result(const THTensor *result, int nDimension, const int64_t *size,
                        THTensor **inputs, int numInputs, const char *fn) {
  uintptr_t lo, hi;
  int64_t numel = 1;
  for (int d = 0; d < nDimension; d++) numel *= size[d];
  if (numel == 0) return 0;
  /* result itself as an input, even empty: the resize would change that
   * input's shape before it is read (torch refuses it too) */
  for (int i = 0; i < numInputs; i++) {
    if (inputs[i] == result) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "some elements of input %d and of the result refer to "
                "the same memory (it is the result itself); clone() the input first", i);
      return -1;
    }
  }
  if (!result->storage->data) return 0;
  if (th_check_result_strides(result, nDimension, size, fn)) return -1;
  if (th_has_shape(result, nDimension, size)) {
    th_tensor_byte_range(result, &lo, &hi);
  } else {
    lo = (uintptr_t)th_tensor_bytes(result);
    hi = lo + (uintptr_t)numel * THScalarType_elementSize(result->storage->dtype);
  }
  /* When the storage grows, the part of [lo, hi) past its end is new memory:
   * only inputs on result's own storage (result itself among them) can
   * overlap it, as addresses in the old allocation. */
  int grows = result->storageOffset + numel > result->storage->size;
  for (int i = 0; i < numInputs; i++) {
    uintptr_t ilo, ihi;
    if (th_tensor_numel(inputs[i]) == 0 || !inputs[i]->storage->data) continue;
    if (grows && inputs[i]->storage != result->storage) continue;
    th_tensor_byte_range(inputs[i], &ilo, &ihi);
    if (ilo < hi && lo < ihi) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "some elements of input %d and of the result refer to "
                "the same memory; clone() the input first", i);
      return -1;
    }
  }
  return 0;
}

/* ---------------------------------------------------------------- joins */

/* Part of result, described by a tensor struct on the stack: a borrowed
 * view for th_copy_strided, never retained or freed (no allocation, so
 * nothing after the resize can fail). */
typedef struct Part {
  THTensor view;
  int64_t dims[2 * TH_MAX_DIMS];
} Part;

static void part_of(Part *p, const THTensor *result, int dim, int64_t index, int64_t length,
                    int stack) {
  const int64_t *size = th_sizes(result), *stride = th_strides(result);
  THTensor *v = &p->view;
  atomic_init(&v->refcount, 1);
  v->track = NULL;
  v->storage = result->storage;
  v->storageOffset = result->storageOffset + index * stride[dim];
  th_tensor_set_dims_block(v, p->dims, TH_MAX_DIMS);
  int n = 0;
  for (int d = 0; d < result->nDimension; d++) {
    if (stack && d == dim) continue; /* a select */
    th_sizes(v)[n] = d == dim ? length : size[d];
    th_strides(v)[n] = stride[d];
    n++;
  }
  v->nDimension = n;
}

/* Resizes result to the joined shape (unless it has it) and copies each
 * input into its part: inputs were checked by cat_shape / stack_shape. */
static int join(THTensor *result, THTensor **inputs, int numInputs, int dim, int stack,
                int nDimension, const int64_t *size, const char *fn) {
  if (check_result(result, nDimension, size, inputs, numInputs, fn)) return -1;
  if (!th_has_shape(result, nDimension, size) &&
      THTensor_resizeNd(result, nDimension, size, NULL))
    return -1;
  /* nothing to copy: and an input that is result itself (allowed when the
   * join is empty) now has result's new shape, not its own */
  if (th_tensor_numel(result) == 0) return 0;
  int64_t offset = 0;
  for (int i = 0; i < numInputs && dim >= 0; i++) {
    THTensor *t = inputs[i];
    if (!stack && cat_skips(t)) continue;
    int64_t length = stack ? 1 : th_sizes(t)[dim];
    Part part;
    part_of(&part, result, dim, offset, length, stack);
    /* same shape as t, no overlap: checked */
    th_copy_strided(&part.view, th_tensor_bytes(t), t->storage->dtype, th_strides(t));
    offset += length;
  }
  return 0;
}

/* The promoted dtype of all inputs (inputs already checked). */
static int result_type(THTensor **inputs, int numInputs, THScalarType *out) {
  *out = inputs[0]->storage->dtype;
  for (int i = 1; i < numInputs; i++)
    if (THScalarType_promote(*out, inputs[i]->storage->dtype, out)) return -1;
  return 0;
}

typedef int (*ShapeFn)(THTensor **, int, int *, int *, int64_t *, const char *);

static int join_into(THTensor *result, THTensor **inputs, int numInputs, int dim, int stack,
                     ShapeFn shape, const char *fn) {
  int64_t size[TH_MAX_DIMS];
  int nDimension;
  TH_CHECK_TENSOR_AS(result, fn, -1);
  if (shape(inputs, numInputs, &dim, &nDimension, size, fn)) return -1;
  return join(result, inputs, numInputs, dim, stack, nDimension, size, fn);
}

static THTensor *new_join(THTensor **inputs, int numInputs, int dim, int stack, ShapeFn shape,
                          const char *fn) {
  int64_t size[TH_MAX_DIMS];
  int nDimension;
  THScalarType dtype;
  if (shape(inputs, numInputs, &dim, &nDimension, size, fn) ||
      result_type(inputs, numInputs, &dtype))
    return NULL;
  THTensor *result = th_tensor_new_with_size(dtype, nDimension, size, NULL, fn);
  if (!result) return NULL;
  if (join(result, inputs, numInputs, dim, stack, nDimension, size, fn)) {
    THTensor_free(result);
    return NULL;
  }
  return result;
}

int THTensor_catArray(THTensor *result, THTensor **inputs, int numInputs, int dimension) {
  return join_into(result, inputs, numInputs, dimension, 0, cat_shape, __func__);
}

THTensor *THTensor_newCatArray(THTensor **inputs, int numInputs, int dimension) {
  return new_join(inputs, numInputs, dimension, 0, cat_shape, __func__);
}

int THTensor_stackArray(THTensor *result, THTensor **inputs, int numInputs, int dimension) {
  return join_into(result, inputs, numInputs, dimension, 1, stack_shape, __func__);
}

THTensor *THTensor_newStackArray(THTensor **inputs, int numInputs, int dimension) {
  return new_join(inputs, numInputs, dimension, 1, stack_shape, __func__);
}
