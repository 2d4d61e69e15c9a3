/* THTensorIndex.h: the gather family (TH's indexSelect, gather, scatter,
 * indexCopy, indexFill, maskedSelect, maskedFill, nonzero) and advanced
 * indexing (torch's index and index_put_).
 *
 * Index tensors are int64 (TH's LongTensor); int32 is accepted too, as torch
 * does. Masks are bool (uint8 is refused, as torch 2 does). Elements are moved
 * by element size, whatever the dtype. A 0-dim tensor counts as one dim of
 * size 1 where an operation names a dim (torch's rule). Error kinds follow
 * torch: positions out of range are IndexErrors for indexSelect, indexCopy,
 * indexFill and index/indexPut, RuntimeErrors for gather and scatter; a bad
 * index or mask dtype and mismatched shapes are RuntimeErrors; a value the
 * dtype cannot hold is a ValueError (as fill). Every index is checked before
 * anything is written: a failing in-place call leaves self unchanged.
 * Ownership of every function is listed in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_INDEX_H
#define TH_TENSOR_INDEX_H

#include "THGeneral.h"
#include "THTensor.h"

/* ------------------------------------------------ gathers (new reference)
 * Each new* returns a new contiguous tensor of src's dtype, or NULL. The
 * TH forms without new resize result (contiguous) and copy the answer into
 * it; they return 0, or -1 leaving result unchanged. */

/* The slices index[0], index[1], ... of dim: src's shape with that dim's
 * size replaced by index's length. index is 0- or 1-dim, its entries in
 * [0, size of dim) (no negative entries, as torch). A 0-dim src takes an
 * index of exactly one entry (RuntimeError otherwise) and gives a 0-dim
 * result, as torch. */
TH_API THTensor *THTensor_newIndexSelect(THTensor *src, int dim, THTensor *index);
TH_API int THTensor_indexSelect(THTensor *result, THTensor *src, int dim, THTensor *index);
/* out[i][j][k] = src[index[i][j][k]][j][k] for dim 0 (and so on): index's
 * shape, which is no larger than src's in the other dims. */
TH_API THTensor *THTensor_newGather(THTensor *src, int dim, THTensor *index);
TH_API int THTensor_gather(THTensor *result, THTensor *src, int dim, THTensor *index);
/* The elements of src where mask is true, in row-major order, as a 1-dim
 * tensor; src and mask are broadcast together. */
TH_API THTensor *THTensor_newMaskedSelect(THTensor *src, THTensor *mask);
TH_API int THTensor_maskedSelect(THTensor *result, THTensor *src, THTensor *mask);
/* The positions of tensor's non-zero elements, row-major: an int64 tensor
 * of (count, nDimension). */
TH_API THTensor *THTensor_newNonzero(THTensor *tensor);

/* ----------------------------------------------- scatters (in place)
 * Each returns 0, or -1 on error leaving self unchanged. self may not have
 * elements that share memory (stride-0 dims of size > 1). A src sharing
 * self's storage is read in full first. */

/* self[index[i][j]][j] = src[i][j] for dim 0 (and so on): index is no larger
 * than src in any dim and than self outside dim; src has self's dtype. */
TH_API int THTensor_scatter(THTensor *self, int dim, THTensor *index, THTensor *src);
/* self[index[i][j]][j] = value. */
TH_API int THTensor_scatterFill(THTensor *self, int dim, THTensor *index, double value);
TH_API int THTensor_scatterFillInt64(THTensor *self, int dim, THTensor *index, int64_t value);
/* Slice index[i] of dim of self = slice i of dim of src: src has self's
 * shape but index's length along dim, and self's dtype. */
TH_API int THTensor_indexCopy(THTensor *self, int dim, THTensor *index, THTensor *src);
/* Every slice index[i] of dim of self = value; negative entries count from
 * the end (as torch's index_fill_). */
TH_API int THTensor_indexFill(THTensor *self, int dim, THTensor *index, double value);
TH_API int THTensor_indexFillInt64(THTensor *self, int dim, THTensor *index, int64_t value);
/* self[i] = value wherever mask (broadcast to self's shape) is true. */
TH_API int THTensor_maskedFill(THTensor *self, THTensor *mask, double value);
TH_API int THTensor_maskedFillInt64(THTensor *self, THTensor *mask, int64_t value);
/* The fills with element, one element of self's dtype (as THTensor_fillElement):
 * a complex value, or a uint64 beyond int64's range. */
TH_API int THTensor_scatterFillElement(THTensor *self, int dim, THTensor *index,
                                       const void *element);
TH_API int THTensor_indexFillElement(THTensor *self, int dim, THTensor *index,
                                     const void *element);
TH_API int THTensor_maskedFillElement(THTensor *self, THTensor *mask, const void *element);

/* ------------------------------------------- accumulating scatters (in place)
 * As the scatters above, but each element written combines with what is
 * there (dst op= src), in the order src's elements come (row-major), so
 * that sums round as torch's serial CPU loops round them. */

/* How an accumulating write combines: dst + src (times alpha where given),
 * dst * src, max, min (a NaN from either side wins, as torch's). */
typedef enum THReduce { TH_REDUCE_SUM, TH_REDUCE_PROD, TH_REDUCE_AMAX, TH_REDUCE_AMIN } THReduce;

/* self[index[i][j]][j] += src[i][j] for dim 0 (torch's scatter_add_). */
TH_API int THTensor_scatterAdd(THTensor *self, int dim, THTensor *index, THTensor *src);
/* self[index[i][j]][j] op= src[i][j] (torch's scatter_reduce_ with
 * include_self; amax and amin refuse complex: NotImplementedError). */
TH_API int THTensor_scatterReduce(THTensor *self, int dim, THTensor *index, THTensor *src,
                                  THReduce reduce);
/* Slice index[i] of dim of self += alpha * slice i of src (TH's indexAdd
 * with torch's alpha: the product fused into the sum for floats; negative
 * entries count from the end). */
TH_API int THTensor_indexAdd(THTensor *self, int dim, THTensor *index, THTensor *src,
                             double alpha);

/* ------------------------------------------------------ advanced indexing
 * indices has one entry per dim of src: an index tensor, or NULL for the
 * whole dim (':'). The index tensors are broadcast together to a shape B;
 * negative entries count from the end. The result has B's dims in place of
 * the indexed dims when those are adjacent, else first (numpy's and torch's
 * rule), then the other dims in order. At least one entry is non-NULL. */
TH_API THTensor *THTensor_newIndex(THTensor *src, THTensor *const *indices);
/* self[indices] = values: values (self's dtype) broadcast to the shape
 * newIndex would return. Where an element is indexed twice the last write
 * wins. Returns 0, or -1 leaving self unchanged. */
TH_API int THTensor_indexPut(THTensor *self, THTensor *const *indices, THTensor *values);
/* self[indices] += values, repeated positions accumulating in order (torch's
 * index_put_ with accumulate=True). */
TH_API int THTensor_indexPutAccumulate(THTensor *self, THTensor *const *indices,
                                       THTensor *values);

#endif /* TH_TENSOR_INDEX_H */
