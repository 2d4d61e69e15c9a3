/* Internal: a tensor seen as rows along one dim, for the operations that
 * walk each row as a whole (sorting, selection, scans). Row r is the r-th
 * position of the other dims in row-major order, so results of the same
 * sizes line up row for row whatever their strides. */
#ifndef TH_ROWS_IMPL_H
#define TH_ROWS_IMPL_H

#include <stdint.h>
#include <string.h>

#include "core/THTensorImpl.h"
#include "TH/THGeneral.h"

/* Sizes and strides (in elements) of up to TH_MAX_DIMS dims, numbered as
 * the input's: a result missing dim (keepdim false) has stride 0 there. A
 * 0-dim tensor is one dim of size 1. */
typedef struct THRows {
  int nd, dim;
  int64_t n;     /* elements per row: the size of dim */
  int64_t count; /* rows: the product of the other sizes */
  int64_t size[TH_MAX_DIMS];
} THRows;

/* The element offset of row r's first element in a tensor of rows' sizes
 * with these strides. */
static inline int64_t th_row_offset(const THRows *rows, const int64_t *stride, int64_t r) {
  int64_t off = 0;
  for (int d = rows->nd - 1; d >= 0 && r > 0; d--) {
    if (d == rows->dim) continue;
    off += (r % rows->size[d]) * stride[d];
    r /= rows->size[d];
  }
  return off;
}

/* rows from t's sizes along dim (already wrapped; 0 for a 0-dim t). */
static inline void th_rows_init(THRows *rows, int nd, const int64_t *size, int dim) {
  rows->nd = nd > 0 ? nd : 1;
  rows->dim = dim;
  rows->count = 1;
  for (int d = 0; d < rows->nd; d++) {
    rows->size[d] = nd > 0 ? size[d] : 1;
    if (d != dim) rows->count *= rows->size[d];
  }
  rows->n = rows->size[dim];
}

/* A result's strides in the input's numbering: ndr dims (nd, or nd - 1
 * when dim was removed), dim's stride 0 when removed. */
static inline void th_rows_strides(const THRows *rows, int ndr, const int64_t *stride,
                                   int64_t *out) {
  int removed = ndr < rows->nd;
  for (int d = 0, k = 0; d < rows->nd; d++) {
    if (removed && d == rows->dim)
      out[d] = 0;
    else
      out[d] = ndr > 0 ? stride[k++] : 1;
  }
}

/* 1 when a and b are the very same elements (a result that is its input:
 * each row is read before it is written, so it may be written in place). */
static inline int th_same_layout(const THTensor *a, const THTensor *b) {
  return a->storage == b->storage && a->storageOffset == b->storageOffset &&
         a->nDimension == b->nDimension &&
         memcmp(th_sizes(a), th_sizes(b), sizeof(int64_t) * (size_t)a->nDimension) == 0 &&
         memcmp(th_strides(a), th_strides(b), sizeof(int64_t) * (size_t)a->nDimension) == 0;
}

/* Resizes a and b (NULL: none) to the result's shape, both or neither: a
 * failure leaves both as they were. One that has the shape keeps its
 * strides; when both must change, they get new storages of the shape. */
static inline int th_resize_results(THTensor *a, THTensor *b, int nd, const int64_t *size,
                                    const char *fn) {
  int ra = !th_has_shape(a, nd, size), rb = b && !th_has_shape(b, nd, size);
  if (!(ra && rb))
    return (ra && THTensor_resizeNd(a, nd, size, NULL)) ||
                   (rb && THTensor_resizeNd(b, nd, size, NULL)) ? -1 : 0;
  THTensor *na = th_tensor_new_with_size(a->storage->dtype, nd, size, NULL, fn);
  THTensor *nb = na ? th_tensor_new_with_size(b->storage->dtype, nd, size, NULL, fn) : NULL;
  int rc = -1;
  /* with room for the dims reserved, assigning allocates nothing */
  if (nb && !th_tensor_reserve_dims(a, nd, fn) && !th_tensor_reserve_dims(b, nd, fn) &&
      !th_tensor_assign(a, na->storage, 0, nd, size, th_strides(na), fn) &&
      !th_tensor_assign(b, nb->storage, 0, nd, size, th_strides(nb), fn))
    rc = 0;
  THTensor_free(na);
  THTensor_free(nb);
  return rc;
}

#endif
