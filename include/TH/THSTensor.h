/* THSTensor.h: sparse COO tensors (TH's THS).
 *
 * A sparse tensor has nDimension = nDimensionI + nDimensionV sizes. The
 * first nDimensionI are sparse: an int64 indices tensor (nDimensionI x nnz)
 * holds one coordinate column per stored entry. The last nDimensionV are
 * dense: the values tensor (any dtype, the sparse tensor's dtype) is
 * nnz x size[nDimensionI:], a "hybrid" tensor when nDimensionV > 0.
 * Duplicate coordinates are allowed and mean their sum; the tensor is
 * "coalesced" when every coordinate occurs at most once and the columns are
 * sorted in row-major order of their coordinates (scipy's canonical COO
 * order). Explicit zeros are entries like any other.
 *
 * Refcounted under the Golden Rule like THTensor: a function whose name
 * begins with new returns a new reference; THSTensor_move is the one
 * function that steals (its arguments, on success and on failure alike).
 * The indices and values are shared, never copied, by the constructors and
 * by newIndices/newValues, which return views (TH's README uses them as its
 * example):
 *
 *   THTensor *indices = THSTensor_newIndices(sparse);
 *   ... read or write the coordinates ...
 *   THTensor_free(indices);
 *
 * Errors (never aborting; the function frees what it took and returns NULL
 * or -1): TypeError for an index tensor that is not int64 or values of the
 * wrong dtype; ValueError for shapes that do not fit (indices not 2-dim,
 * values' shape, a size product overflowing int64); IndexError for a
 * coordinate outside [0, size[d]) and for a dim out of range. Messages name
 * the function and the argument. Ownership of every function is listed in
 * docs/REFCOUNT.md. */
#ifndef TH_STENSOR_H
#define TH_STENSOR_H

#include "THGeneral.h"
#include "THTensor.h"

typedef struct THSTensor THSTensor;

/* ------------------------------------------------- creation (new reference) */

/* An empty (nnz 0) sparse tensor of dtype: all nDimension dims sparse. */
TH_API THSTensor *THSTensor_newWithSize(THScalarType dtype, int nDimension,
                                        const int64_t *size);
/* An empty hybrid tensor: nDimI sparse then nDimV dense dims. */
TH_API THSTensor *THSTensor_newWithDims(THScalarType dtype, int nDimI, int nDimV,
                                        const int64_t *size);
/* Over indices (int64, nDimI x nnz) and values (nnz x dense sizes), both
 * borrowed and shared (retained, not copied); the sparse sizes are the
 * largest index + 1 (0 when nnz is 0), the dense sizes values'. The indices
 * are checked. */
TH_API THSTensor *THSTensor_newWithTensor(THTensor *indices, THTensor *values);
/* The same with the sizes given (nDimension = nDimI + values' dims - 1):
 * every index is checked to lie in [0, size[d]), O(nnz). */
TH_API THSTensor *THSTensor_newWithTensorAndSize(THTensor *indices, THTensor *values,
                                                 int nDimension, const int64_t *size);
/* As newWithTensorAndSize without the O(nnz) index check (shapes, dtypes
 * and sizes are still checked): for indices known to be in range. */
TH_API THSTensor *THSTensor_newWithTensorAndSizeUnsafe(THTensor *indices, THTensor *values,
                                                       int nDimension, const int64_t *size);

/* ------------------------------------------------------------ reference counts */

/* NULL is a no-op for both; the last free releases indices and values. */
TH_API void THSTensor_retain(THSTensor *self);
TH_API void THSTensor_free(THSTensor *self);
TH_API int64_t THSTensor_refcount(const THSTensor *self);
/* Sparse tensors alive in the process (also the leak-harness counter
 * "th.sparse"). */
TH_API int64_t THSTensor_liveCount(void);

/* ------------------------------------------------------------------ queries */

TH_API int64_t THSTensor_nnz(const THSTensor *self);
TH_API int THSTensor_nDimension(const THSTensor *self);
TH_API int THSTensor_nDimensionI(const THSTensor *self);
TH_API int THSTensor_nDimensionV(const THSTensor *self);
/* Size of dim (negative: from the end); -1 with IndexError. */
TH_API int64_t THSTensor_size(const THSTensor *self, int dim);
/* The nDimension sizes (borrowed; valid until resizeNd or free). */
TH_API const int64_t *THSTensor_sizes(const THSTensor *self);
TH_API THScalarType THSTensor_dtype(const THSTensor *self);
TH_API int THSTensor_isCoalesced(const THSTensor *self);
/* Declares self coalesced (1) or not (0), unchecked: for a caller that
 * knows (checkInvariants verifies a claim). Returns 0, or -1. */
TH_API int THSTensor_setCoalesced(THSTensor *self, int coalesced);

/* ------------------------------------------- access (new reference, shared) */

/* The indices narrowed to nnz columns: a view, writes go to self. */
TH_API THTensor *THSTensor_newIndices(const THSTensor *self);
/* The values narrowed to nnz rows: a view, writes go to self. */
TH_API THTensor *THSTensor_newValues(const THSTensor *self);

/* ------------------------------------------------------------- setters */

/* TH's _move: self takes indices and values as they are, STEALING the
 * caller's reference to each, on success and on failure alike (on failure
 * they are freed; the caller must not free them either way). Shapes,
 * dtypes and every index are checked against self's sizes; self's dtype
 * becomes values'; the coalesced flag is cleared. 0, or -1 with self
 * unchanged. */
TH_API int THSTensor_move(THSTensor *self, THTensor *indices, THTensor *values);
/* TH's _set: the same with copies of indices and values (both borrowed). */
TH_API int THSTensor_set(THSTensor *self, THTensor *indices, THTensor *values);
/* New sizes: nDimI sparse, nDimV dense. With nnz > 0, nDimI and nDimV must
 * stay, no sparse size may shrink, and the dense sizes must stay (the values
 * are kept). 0, or -1 with self unchanged. */
TH_API int THSTensor_resizeNd(THSTensor *self, int nDimI, int nDimV, const int64_t *size);
/* nnz 0, sizes kept (coalesced). 0, or -1. */
TH_API int THSTensor_zero(THSTensor *self);
/* self becomes a copy of src (sizes, dims, copied indices and values, the
 * flag). 0, or -1 with self unchanged. */
TH_API int THSTensor_copy(THSTensor *self, THSTensor *src);
/* 0 when the indices are int64 nDimI x nnz, the values nnz x dense sizes,
 * every index in range and, if the flag is set, the tensor coalesced;
 * else -1 with the error naming the first violation. */
TH_API int THSTensor_checkInvariants(const THSTensor *self);

/* ---------------------------------------------------- copies (new reference) */

/* A copy with its own indices and values. */
TH_API THSTensor *THSTensor_newClone(THSTensor *self);
/* self retained when coalesced (or nnz < 2); else a new tensor whose
 * columns are sorted row-major, duplicates summed (in their order in self,
 * in the value dtype), explicit zeros kept. self is not changed. The result
 * is the same for any number of threads. */
TH_API THSTensor *THSTensor_newCoalesce(THSTensor *self);
/* Sparse dims dim0 and dim1 swapped (dense dims are refused: IndexError);
 * shares self's values, copies the indices; not flagged coalesced. */
TH_API THSTensor *THSTensor_newTranspose(THSTensor *self, int dim0, int dim1);

/* ------------------------------------------------------ dense conversions */

/* TH's toDense: a new contiguous dense tensor (zeros, then every entry
 * added at its coordinates; no coalesce needed). */
TH_API THTensor *THSTensor_newToDense(THSTensor *self);
/* The nonzero entries of dense as a coalesced tensor with nDimI sparse dims
 * (a slice over the dense dims is kept when any of its elements is nonzero). */
TH_API THSTensor *THSTensor_newFromDense(THTensor *dense, int nDimI);

/* ------------------------------------------------------------------ math
 * TH's names. value is a weak scalar (a Python number's promotion). Each
 * returns 0, or -1 with r unchanged. */

/* r = t * value, r = t / value (r may be t: then in place, the result dtype
 * must be castable to t's). The values go through the element-wise engine. */
TH_API int THSTensor_mul(THSTensor *r, THSTensor *t, double value);
TH_API int THSTensor_div(THSTensor *r, THSTensor *t, double value);
/* r = t + value * src, r = t - value * src: same sizes; coalesced result of
 * the promoted dtype; r may be t or src. */
TH_API int THSTensor_cadd(THSTensor *r, THSTensor *t, double value, THSTensor *src);
TH_API int THSTensor_csub(THSTensor *r, THSTensor *t, double value, THSTensor *src);
/* r = dense + value * sparse (dense r of dense's shape; r may be dense).
 * The result is cast to r's dtype, which must hold it (torch's can_cast). */
TH_API int THSTensor_spcadd(THTensor *r, THTensor *dense, double value, THSTensor *sparse);
/* r = beta * t + alpha * sparse @ dense, sparse 2 sparse dims (m x k), no
 * dense dims; dense k x n, t m x n; r resized to m x n; one dtype for all
 * (floating or integer). r may be t. */
TH_API int THSTensor_spaddmm(THTensor *r, double beta, THTensor *t, double alpha,
                             THSTensor *sparse, THTensor *dense);
/* The sum of every element, a 0-dim dense tensor (integer and bool sums in
 * int64, as torch; duplicates first merge in the values' dtype, as
 * coalesce and to_dense merge them). */
TH_API THTensor *THSTensor_newSumAll(THSTensor *self);
/* Summed over n distinct dims (sparse or dense): a coalesced sparse tensor
 * of the remaining dims (0 sparse dims when all sparse dims are summed).
 * Its dtype is torch's: integer and bool values are summed in int64 when a
 * dense dim is summed or no sparse dim is left (after duplicates merge in
 * their dtype, as in THSTensor_newSumAll: a 1-dim tensor's sum over dim 0
 * is its sum), and keep their dtype (wrapping; bool: or) when only some
 * sparse dims are summed, which merges entries as coalesce does. */
TH_API THSTensor *THSTensor_newSum(THSTensor *self, int n, const int *dims);

#endif /* TH_STENSOR_H */
