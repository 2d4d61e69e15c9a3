/* THSTensor: lifecycle, construction, access, TH's _move/_set, resize,
 * invariants, clone and transpose. Coalescing is in THSTensorCoalesce.c,
 * dense conversions in THSTensorDense.c, math in THSTensorMath.c. */
#include <string.h>

#include "core/THMemoryImpl.h"
#include "debug/THDebugImpl.h"
#include "sparse/THSTensorImpl.h"

/* ------------------------------------------------------- live accounting */

static _Atomic int64_t live_sparse;

int64_t THSTensor_liveCount(void) { return atomic_load_explicit(&live_sparse, memory_order_relaxed); }

/* The leak harness reads it with th's other counters. */
__attribute__((constructor)) static void register_live_counter(void) {
  THDebug_registerCounter("th.sparse", THSTensor_liveCount);
}

/* ------------------------------------------------------------- internals */

int ths_check_sizes(int nDimension, const int64_t *size, const char *fn) {
  if (nDimension < 0 || nDimension > TH_MAX_DIMS) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "number of dimensions must be in [0, %d], got %d", TH_MAX_DIMS,
              nDimension);
    return -1;
  }
  if (nDimension > 0 && !size) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "size is NULL for a %d-dim tensor", nDimension);
    return -1;
  }
  int64_t n = 1;
  for (int d = 0; d < nDimension; d++) {
    if (size[d] < 0) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "size[%d] must be non-negative, got %lld", d,
                (long long)size[d]);
      return -1;
    }
    if (__builtin_mul_overflow(n, size[d], &n)) {
      TH_ERR_FN(TH_ERROR_VALUE, fn,
                "the product of the sizes overflows int64 at size[%d] = %lld", d,
                (long long)size[d]);
      return -1;
    }
  }
  return 0;
}

int ths_check_parts(const THTensor *indices, const THTensor *values, int nDimI,
                    const int64_t *size, int check_bounds, const char *fn) {
  char got[96];
  if (!indices || !values) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", indices ? "values" : "indices");
    return -1;
  }
  TH_CHECK_TENSOR_AS(indices, fn, -1);
  TH_CHECK_TENSOR_AS(values, fn, -1);
  if (indices->storage->dtype != TH_INT64) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "indices must be int64, got %s",
              THScalarType_name(indices->storage->dtype));
    return -1;
  }
  if (indices->nDimension != 2 || (nDimI >= 0 && th_sizes(indices)[0] != nDimI)) {
    th_format_shape(got, sizeof got, indices->nDimension, th_sizes(indices));
    if (nDimI >= 0)
      TH_ERR_FN(TH_ERROR_VALUE, fn, "indices must be %d x nnz (sparse dims x nnz), got shape %s",
                nDimI, got);
    else
      TH_ERR_FN(TH_ERROR_VALUE, fn, "indices must be 2-dim (sparse dims x nnz), got shape %s",
                got);
    return -1;
  }
  nDimI = (int)th_sizes(indices)[0];
  int64_t nnz = th_sizes(indices)[1];
  if (values->nDimension < 1 || th_sizes(values)[0] != nnz) {
    th_format_shape(got, sizeof got, values->nDimension, th_sizes(values));
    TH_ERR_FN(TH_ERROR_VALUE, fn, "values must have nnz = %lld rows (indices' columns), got shape %s",
              (long long)nnz, got);
    return -1;
  }
  if (nDimI + values->nDimension - 1 > TH_MAX_DIMS) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%d sparse and %d dense dims are more than %d", nDimI,
              values->nDimension - 1, TH_MAX_DIMS);
    return -1;
  }
  if (size) {
    for (int d = 1; d < values->nDimension; d++) {
      if (th_sizes(values)[d] != size[nDimI + d - 1]) {
        char want[96];
        th_format_shape(got, sizeof got, values->nDimension, th_sizes(values));
        th_format_shape(want, sizeof want, values->nDimension - 1, size + nDimI);
        TH_ERR_FN(TH_ERROR_VALUE, fn, "values must be nnz x %s (the dense sizes), got shape %s",
                  want, got);
        return -1;
      }
    }
  }
  if (!check_bounds || !size) return 0;
  const int64_t *data = (const int64_t *)th_tensor_bytes(indices);
  int64_t s0 = th_strides(indices)[0], s1 = th_strides(indices)[1];
  for (int d = 0; d < nDimI; d++) {
    const int64_t *row = data + d * s0;
    uint64_t limit = (uint64_t)size[d];
    int bad = 0;
    /* one unsigned compare catches negatives too; no early exit keeps it vectorisable */
    if (s1 == 1) {
      for (int64_t k = 0; k < nnz; k++) bad |= (uint64_t)row[k] >= limit;
    } else {
      for (int64_t k = 0; k < nnz; k++) bad |= (uint64_t)row[k * s1] >= limit;
    }
    if (!bad) continue;
    for (int64_t k = 0; k < nnz; k++) {
      int64_t v = row[k * s1];
      if (v < 0 || v >= size[d]) {
        TH_ERR_FN(TH_ERROR_INDEX, fn,
                  "indices[%d][%lld] = %lld is out of range for size[%d] = %lld (expected in "
                  "[0, %lld))",
                  d, (long long)k, (long long)v, d, (long long)size[d], (long long)size[d]);
        return -1;
      }
    }
  }
  return 0;
}

int ths_new_empty_parts(THScalarType dtype, int nDimI, int nDimV, const int64_t *size,
                        THTensor **indices, THTensor **values, const char *fn) {
  int64_t vsize[TH_MAX_DIMS + 1];
  vsize[0] = 0;
  for (int d = 0; d < nDimV; d++) vsize[d + 1] = size[nDimI + d];
  int64_t isize[2] = {nDimI, 0};
  *indices = th_tensor_new_with_size(TH_INT64, 2, isize, NULL, fn);
  if (!*indices) return -1;
  *values = th_tensor_new_with_size(dtype, nDimV + 1, vsize, NULL, fn);
  if (!*values) {
    THTensor_free(*indices);
    return -1;
  }
  return 0;
}

THSTensor *ths_alloc_move(THTensor *indices, THTensor *values, int64_t nnz, int nDimI,
                          int nDimV, const int64_t *size, int coalesced, const char *fn) {
  THSTensor *t = th_malloc(sizeof *t);
  if (!t) {
    THTensor_free(indices);
    THTensor_free(values);
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate a sparse tensor struct");
    return NULL;
  }
  atomic_init(&t->refcount, 1);
  t->track = NULL;
  t->nDimensionI = nDimI;
  t->nDimensionV = nDimV;
  memcpy(t->size, size, sizeof(int64_t) * (size_t)(nDimI + nDimV));
  t->indices = indices;
  t->values = values;
  t->nnz = nnz;
  t->coalesced = coalesced || nnz < 2;
  if (th_is_tracking()) th_track_created(TH_OBJECT_SPARSE, t, &t->track, fn);
  atomic_fetch_add_explicit(&live_sparse, 1, memory_order_relaxed);
  return t;
}

void ths_install(THSTensor *self, THTensor *indices, THTensor *values, int64_t nnz,
                 int coalesced) {
  THTensor *old_indices = self->indices, *old_values = self->values;
  self->indices = indices;
  self->values = values;
  self->nnz = nnz;
  self->coalesced = coalesced || nnz < 2;
  THTensor_free(old_indices);
  THTensor_free(old_values);
}

/* -------------------------------------------------------------- creation */

static THSTensor *new_empty(THScalarType dtype, int nDimI, int nDimV, const int64_t *size,
                            const char *fn) {
  if (nDimI < 0 || nDimV < 0) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "sparse and dense dims must be non-negative, got %d and %d",
              nDimI, nDimV);
    return NULL;
  }
  if (!THScalarType_isValid((int)dtype)) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "invalid dtype %d", (int)dtype);
    return NULL;
  }
  if (ths_check_sizes(nDimI + nDimV, size, fn)) return NULL;
  THTensor *indices, *values;
  if (ths_new_empty_parts(dtype, nDimI, nDimV, size, &indices, &values, fn)) return NULL;
  return ths_alloc_move(indices, values, 0, nDimI, nDimV, size, 1, fn);
}

THSTensor *THSTensor_newWithSize(THScalarType dtype, int nDimension, const int64_t *size) {
  return new_empty(dtype, nDimension, 0, size, __func__);
}

THSTensor *THSTensor_newWithDims(THScalarType dtype, int nDimI, int nDimV, const int64_t *size) {
  return new_empty(dtype, nDimI, nDimV, size, __func__);
}

/* Over the caller's indices and values (retained), sizes checked. */
static THSTensor *new_over(THTensor *indices, THTensor *values, int nDimension,
                           const int64_t *size, int check_bounds, const char *fn) {
  if (ths_check_parts(indices, values, -1, NULL, 0, fn)) return NULL;
  int nDimI = (int)th_sizes(indices)[0], nDimV = values->nDimension - 1;
  if (nDimension != nDimI + nDimV) {
    TH_ERR_FN(TH_ERROR_VALUE, fn,
              "size has %d dims but indices give %d sparse and values %d dense dims",
              nDimension, nDimI, nDimV);
    return NULL;
  }
  if (ths_check_sizes(nDimension, size, fn) ||
      ths_check_parts(indices, values, nDimI, size, check_bounds, fn))
    return NULL;
  THTensor_retain(indices);
  THTensor_retain(values);
  return ths_alloc_move(indices, values, th_sizes(indices)[1], nDimI, nDimV, size, 0, fn);
}

THSTensor *THSTensor_newWithTensorAndSize(THTensor *indices, THTensor *values, int nDimension,
                                          const int64_t *size) {
  return new_over(indices, values, nDimension, size, 1, __func__);
}

THSTensor *THSTensor_newWithTensorAndSizeUnsafe(THTensor *indices, THTensor *values,
                                                int nDimension, const int64_t *size) {
  return new_over(indices, values, nDimension, size, 0, __func__);
}

THSTensor *THSTensor_newWithTensor(THTensor *indices, THTensor *values) {
  if (ths_check_parts(indices, values, -1, NULL, 0, __func__)) return NULL;
  int nDimI = (int)th_sizes(indices)[0], nDimV = values->nDimension - 1;
  int64_t size[TH_MAX_DIMS];
  const int64_t *data = (const int64_t *)th_tensor_bytes(indices);
  int64_t nnz = th_sizes(indices)[1], s0 = th_strides(indices)[0], s1 = th_strides(indices)[1];
  for (int d = 0; d < nDimI; d++) {
    int64_t lo = 0, hi = -1;
    for (int64_t k = 0; k < nnz; k++) {
      int64_t v = data[d * s0 + k * s1];
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    }
    if (lo < 0) {
      TH_ERR(TH_ERROR_INDEX, "indices[%d] has the negative index %lld", d, (long long)lo);
      return NULL;
    }
    if (hi == INT64_MAX) {
      TH_ERR(TH_ERROR_VALUE, "indices[%d] holds %lld: size[%d] would overflow int64", d,
             (long long)hi, d);
      return NULL;
    }
    size[d] = hi + 1;
  }
  for (int d = 0; d < nDimV; d++) size[nDimI + d] = th_sizes(values)[d + 1];
  return new_over(indices, values, nDimI + nDimV, size, 0, __func__);
}

/* ----------------------------------------------------------- refcounts */

void THSTensor_retain(THSTensor *self) {
  if (self) th_retain_ref(&self->refcount, TH_OBJECT_SPARSE, self, self->track, __func__);
}

static void sparse_destroy(THSTensor *self) {
  atomic_fetch_sub_explicit(&live_sparse, 1, memory_order_relaxed);
  int quarantined = (self->track || th_is_tracking()) &&
                    th_track_destroyed(TH_OBJECT_SPARSE, self, &self->track);
  THTensor_free(self->indices);
  THTensor_free(self->values);
  self->indices = self->values = NULL;
  if (!quarantined) th_free(self);
}

void THSTensor_free(THSTensor *self) {
  if (self && th_release_ref(&self->refcount, TH_OBJECT_SPARSE, self, self->track, __func__))
    sparse_destroy(self);
}

int64_t THSTensor_refcount(const THSTensor *self) {
  return atomic_load_explicit(&self->refcount, memory_order_relaxed);
}

/* ------------------------------------------------------------- queries */

int64_t THSTensor_nnz(const THSTensor *self) { return self->nnz; }
int THSTensor_nDimension(const THSTensor *self) { return ths_ndim(self); }
int THSTensor_nDimensionI(const THSTensor *self) { return self->nDimensionI; }
int THSTensor_nDimensionV(const THSTensor *self) { return self->nDimensionV; }
const int64_t *THSTensor_sizes(const THSTensor *self) { return self->size; }
THScalarType THSTensor_dtype(const THSTensor *self) { return ths_dtype(self); }
int THSTensor_isCoalesced(const THSTensor *self) { return self->coalesced; }

int64_t THSTensor_size(const THSTensor *self, int dim) {
  THS_CHECK(self, -1);
  int d = th_wrap_dim(dim, ths_ndim(self), "dim", __func__);
  return d < 0 ? -1 : self->size[d];
}

int THSTensor_setCoalesced(THSTensor *self, int coalesced) {
  THS_CHECK(self, -1);
  self->coalesced = coalesced != 0 || self->nnz < 2;
  return 0;
}

/* -------------------------------------------------------------- access */

THTensor *THSTensor_newIndices(const THSTensor *self) {
  THS_CHECK(self, NULL);
  return THTensor_newNarrow(self->indices, 1, 0, self->nnz);
}

THTensor *THSTensor_newValues(const THSTensor *self) {
  THS_CHECK(self, NULL);
  return THTensor_newNarrow(self->values, 0, 0, self->nnz);
}

/* ------------------------------------------------------------- setters */

int THSTensor_move(THSTensor *self, THTensor *indices, THTensor *values) {
  int ok = 0;
  if (!self)
    TH_ERR(TH_ERROR_VALUE, "self is NULL");
  else if (TH_UNLIKELY(atomic_load_explicit(&self->refcount, memory_order_relaxed) <= 0))
    th_report_dead(TH_OBJECT_SPARSE, self, self->track, __func__, 0);
  else
    ok = ths_check_parts(indices, values, self->nDimensionI, self->size, 1, __func__) == 0;
  if (!ok) { /* stolen all the same */
    THTensor_free(indices);
    THTensor_free(values);
    return -1;
  }
  ths_install(self, indices, values, th_sizes(indices)[1], 0);
  return 0;
}

int THSTensor_set(THSTensor *self, THTensor *indices, THTensor *values) {
  THS_CHECK(self, -1);
  if (ths_check_parts(indices, values, self->nDimensionI, self->size, 1, __func__)) return -1;
  THTensor *i = THTensor_newClone(indices);
  if (!i) return -1;
  THTensor *v = THTensor_newClone(values);
  if (!v) {
    THTensor_free(i);
    return -1;
  }
  ths_install(self, i, v, th_sizes(i)[1], 0);
  return 0;
}

int THSTensor_resizeNd(THSTensor *self, int nDimI, int nDimV, const int64_t *size) {
  THS_CHECK(self, -1);
  if (nDimI < 0 || nDimV < 0) {
    TH_ERR(TH_ERROR_VALUE, "sparse and dense dims must be non-negative, got %d and %d", nDimI,
           nDimV);
    return -1;
  }
  if (ths_check_sizes(nDimI + nDimV, size, __func__)) return -1;
  int same_dense = nDimV == self->nDimensionV;
  for (int d = 0; same_dense && d < nDimV; d++)
    same_dense = size[nDimI + d] == self->size[self->nDimensionI + d];
  if (self->nnz > 0) {
    if (nDimI != self->nDimensionI || !same_dense) {
      TH_ERR(TH_ERROR_VALUE,
             "cannot change the number of sparse dims (%d -> %d) or the dense sizes of a "
             "tensor with nnz = %lld",
             self->nDimensionI, nDimI, (long long)self->nnz);
      return -1;
    }
    for (int d = 0; d < nDimI; d++) {
      if (size[d] < self->size[d]) {
        TH_ERR(TH_ERROR_VALUE,
               "cannot shrink sparse dim %d from %lld to %lld while nnz = %lld > 0", d,
               (long long)self->size[d], (long long)size[d], (long long)self->nnz);
        return -1;
      }
    }
  } else if (nDimI != self->nDimensionI || !same_dense) {
    THTensor *indices, *values;
    if (ths_new_empty_parts(ths_dtype(self), nDimI, nDimV, size, &indices, &values, __func__))
      return -1;
    ths_install(self, indices, values, 0, 1);
  }
  self->nDimensionI = nDimI;
  self->nDimensionV = nDimV;
  memcpy(self->size, size, sizeof(int64_t) * (size_t)(nDimI + nDimV));
  return 0;
}

int THSTensor_zero(THSTensor *self) {
  THS_CHECK(self, -1);
  THTensor *indices, *values;
  if (ths_new_empty_parts(ths_dtype(self), self->nDimensionI, self->nDimensionV, self->size,
                          &indices, &values, __func__))
    return -1;
  ths_install(self, indices, values, 0, 1);
  return 0;
}

/* Copies of self's nnz columns and rows (contiguous, own storages). */
static int clone_parts(const THSTensor *self, THTensor **indices, THTensor **values) {
  THTensor *i = THSTensor_newIndices(self);
  *indices = i ? THTensor_newClone(i) : NULL;
  THTensor_free(i);
  if (!*indices) return -1;
  THTensor *v = THSTensor_newValues(self);
  *values = v ? THTensor_newClone(v) : NULL;
  THTensor_free(v);
  if (!*values) {
    THTensor_free(*indices);
    return -1;
  }
  return 0;
}

int THSTensor_copy(THSTensor *self, THSTensor *src) {
  THS_CHECK(self, -1);
  THS_CHECK(src, -1);
  if (self == src) return 0;
  THTensor *indices, *values;
  if (clone_parts(src, &indices, &values)) return -1;
  self->nDimensionI = src->nDimensionI;
  self->nDimensionV = src->nDimensionV;
  memcpy(self->size, src->size, sizeof(int64_t) * (size_t)ths_ndim(src));
  ths_install(self, indices, values, src->nnz, src->coalesced);
  return 0;
}

THSTensor *THSTensor_newClone(THSTensor *self) {
  THS_CHECK(self, NULL);
  THTensor *indices, *values;
  if (clone_parts(self, &indices, &values)) return NULL;
  return ths_alloc_move(indices, values, self->nnz, self->nDimensionI, self->nDimensionV,
                        self->size, self->coalesced, __func__);
}

/* Column k of a coalesced tensor must be strictly after column k - 1. */
static int check_sorted(const THSTensor *self) {
  const int64_t *data = (const int64_t *)th_tensor_bytes(self->indices);
  int64_t s0 = th_strides(self->indices)[0], s1 = th_strides(self->indices)[1];
  for (int64_t k = 1; k < self->nnz; k++) {
    int order = 0;
    for (int d = 0; d < self->nDimensionI && order == 0; d++) {
      int64_t a = data[d * s0 + (k - 1) * s1], b = data[d * s0 + k * s1];
      order = (a > b) - (a < b);
    }
    if (order >= 0) {
      TH_ERR_FN(TH_ERROR_VALUE, "THSTensor_checkInvariants",
                "the tensor is flagged coalesced but column %lld is %s column %lld",
                (long long)k, order == 0 ? "a duplicate of" : "not after", (long long)(k - 1));
      return -1;
    }
  }
  return 0;
}

int THSTensor_checkInvariants(const THSTensor *self) {
  THS_CHECK(self, -1);
  THTensor *indices = THSTensor_newIndices(self);
  THTensor *values = indices ? THSTensor_newValues(self) : NULL;
  int rc = values ? ths_check_parts(indices, values, self->nDimensionI, self->size, 1, __func__)
                  : -1;
  THTensor_free(indices);
  THTensor_free(values);
  if (rc == 0 && ths_check_sizes(ths_ndim(self), self->size, __func__)) rc = -1;
  if (rc == 0 && self->coalesced) rc = check_sorted(self);
  return rc;
}

/* ----------------------------------------------------------- transpose */

THSTensor *THSTensor_newTranspose(THSTensor *self, int dim0, int dim1) {
  THS_CHECK(self, NULL);
  int n = ths_ndim(self);
  int d0 = th_wrap_dim(dim0, n, "dim0", __func__);
  if (d0 < 0) return NULL;
  int d1 = th_wrap_dim(dim1, n, "dim1", __func__);
  if (d1 < 0) return NULL;
  if (d0 >= self->nDimensionI || d1 >= self->nDimensionI) {
    TH_ERR(TH_ERROR_VALUE,
           "transposed dims must be sparse: %s %d is a dense dim (sparse dims: %d)",
           d0 >= self->nDimensionI ? "dim0" : "dim1", d0 >= self->nDimensionI ? dim0 : dim1,
           self->nDimensionI);
    return NULL;
  }
  THTensor *narrow = THSTensor_newIndices(self);
  THTensor *indices = narrow ? THTensor_newClone(narrow) : NULL;
  THTensor_free(narrow);
  if (!indices) return NULL;
  THTensor *values = THSTensor_newValues(self);
  if (!values) {
    THTensor_free(indices);
    return NULL;
  }
  int64_t *data = (int64_t *)th_tensor_bytes(indices), nnz = self->nnz;
  for (int64_t k = 0; d0 != d1 && k < nnz; k++) {
    int64_t tmp = data[d0 * nnz + k];
    data[d0 * nnz + k] = data[d1 * nnz + k];
    data[d1 * nnz + k] = tmp;
  }
  int64_t size[TH_MAX_DIMS];
  memcpy(size, self->size, sizeof(int64_t) * (size_t)n);
  size[d0] = self->size[d1];
  size[d1] = self->size[d0];
  THSTensor *r = ths_alloc_move(indices, values, nnz, self->nDimensionI, self->nDimensionV,
                                size, 0, __func__);
  if (r) r->coalesced = 0; /* even for nnz < 2: torch's flag after transpose */
  return r;
}
