/* The sparse tensor struct and the helpers the THSTensor*.c files share.
 * Private: users go through THSTensor.h's functions. */
#ifndef TH_STENSOR_IMPL_H
#define TH_STENSOR_IMPL_H

#include <stdatomic.h>

#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "TH/THSTensor.h"

struct THSTensor {
  _Atomic int64_t refcount;
  struct THTrack *track; /* tracking mode's record, or NULL */
  int nDimensionI, nDimensionV;
  int64_t size[TH_MAX_DIMS];
  THTensor *indices; /* int64, nDimensionI x (>= nnz); one reference held */
  THTensor *values;  /* (>= nnz) x size[nDimensionI:]; one reference held */
  int64_t nnz;
  int coalesced;
};

#define THS_CHECK(self, retval) TH_CHECK_ALIVE(TH_OBJECT_SPARSE, self, retval)

static inline int ths_ndim(const THSTensor *t) { return t->nDimensionI + t->nDimensionV; }
static inline THScalarType ths_dtype(const THSTensor *t) { return t->values->storage->dtype; }

/* A sparse tensor struct (refcount 1, counted, tracked as fn) that takes
 * the caller's references to indices and values (freed on failure), with
 * nnz entries and the given sizes, all already checked. */
THSTensor *ths_alloc_move(THTensor *indices, THTensor *values, int64_t nnz, int nDimI,
                          int nDimV, const int64_t *size, int coalesced, const char *fn);
/* Replaces self's indices and values with the caller's references (stolen;
 * already checked), nnz entries. */
void ths_install(THSTensor *self, THTensor *indices, THTensor *values, int64_t nnz,
                 int coalesced);
/* Empty int64 indices (nDimI x 0) and values (0 x dense sizes). */
int ths_new_empty_parts(THScalarType dtype, int nDimI, int nDimV, const int64_t *size,
                        THTensor **indices, THTensor **values, const char *fn);
/* Checks indices (int64, 2-dim, nDimI rows when nDimI >= 0) and values
 * (nnz rows, dense sizes size[nDimI:] when size is given) against each
 * other; check_bounds: every index in [0, size[d]). ValueError, TypeError,
 * IndexError as fn. */
int ths_check_parts(const THTensor *indices, const THTensor *values, int nDimI,
                    const int64_t *size, int check_bounds, const char *fn);
/* The product of the sparse sizes fits int64, else ValueError as fn. */
int ths_check_sizes(int nDimension, const int64_t *size, const char *fn);

/* Sorts nnz coordinate columns of indices (any strides) in row-major order
 * and sums the duplicate values' rows (values contiguous, rows of rowlen
 * elements): new indices and values, nnz_out columns (THSTensorCoalesce.c). */
int ths_coalesce_parts(const THTensor *indices, const THTensor *values, int64_t nnz,
                       int nDimI, const int64_t *size, THTensor **indices_out,
                       THTensor **values_out, int64_t *nnz_out, const char *fn);

/* dst[at] += src row k (D contiguous elements) for each column k of
 * indices, at = sum_d indices[d][k] * dst_stride[d] (in elements); dst's
 * rows of D elements are contiguous (THSTensorDense.c). */
void ths_scatter_add(THScalarType dtype, char *dst, const int64_t *dst_stride,
                     const THTensor *indices, int64_t nnz, const char *src, int64_t D);

#endif
