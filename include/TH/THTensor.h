/* THTensor.h: a strided view (storage, offset, sizes, strides) of a storage.
 *
 * A tensor holds one reference to its storage and its dtype is its storage's.
 * Sizes, strides and the offset are int64 and in elements; strides are never
 * negative; a tensor never describes memory outside its storage. A 0-dim
 * tensor is a scalar (one element); a tensor with a size-0 dim has none.
 * Functions taking a dim accept negative dims counted from the end, as torch
 * does; squeeze1d, transpose and unfold also take dim 0 or -1 of a 0-dim
 * tensor, as torch does (a scalar counts as one dim there). Ownership of every function is listed in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_H
#define TH_TENSOR_H

#include "THGeneral.h"
#include "THStorage.h"

typedef struct THTensor THTensor;

/* ------------------------------------------------- creation (new reference) */

/* A 1-dim tensor of size 0 over a new empty storage. */
TH_API THTensor *THTensor_new(THScalarType dtype);
/* A 1-dim contiguous tensor over the whole storage. Retains storage. */
TH_API THTensor *THTensor_newWithStorage(THStorage *storage);
/* A tensor over storage with the given geometry, which must lie inside the
 * storage (else ValueError). stride NULL: contiguous. Retains storage. */
TH_API THTensor *THTensor_newWithStorageNd(THStorage *storage, int64_t storageOffset,
                                           int nDimension, const int64_t *size,
                                           const int64_t *stride);
/* As newWithStorageNd, but steals the caller's reference to storage: the
 * caller must not free it afterwards, whether the call succeeds or fails. */
TH_API THTensor *THTensor_newWithStorageNdMove(THStorage *storage, int64_t storageOffset,
                                               int nDimension, const int64_t *size,
                                               const int64_t *stride);
/* A tensor over a new storage just large enough for the geometry,
 * uninitialised. stride NULL: contiguous. */
TH_API THTensor *THTensor_newWithSize(THScalarType dtype, int nDimension,
                                      const int64_t *size, const int64_t *stride);
TH_API THTensor *THTensor_newWithSize1d(THScalarType dtype, int64_t size0);
TH_API THTensor *THTensor_newWithSize2d(THScalarType dtype, int64_t size0, int64_t size1);
TH_API THTensor *THTensor_newWithSize3d(THScalarType dtype, int64_t size0, int64_t size1,
                                        int64_t size2);
TH_API THTensor *THTensor_newWithSize4d(THScalarType dtype, int64_t size0, int64_t size1,
                                        int64_t size2, int64_t size3);
/* A new tensor with tensor's storage (retained) and geometry. */
TH_API THTensor *THTensor_newWithTensor(THTensor *tensor);

/* ------------------------------------------------------------ reference counts */

/* NULL is a no-op for both. free of a tensor whose count is already zero is
 * reported (RuntimeError, unraisable) when it can be seen. */
TH_API void THTensor_retain(THTensor *self);
TH_API void THTensor_free(THTensor *self);
TH_API int64_t THTensor_refcount(const THTensor *self);
/* THTensor_copy(dst, self), then frees self: steals self, also on error.
 * Returns 0, or -1 on error. */
TH_API int THTensor_freeCopyTo(THTensor *self, THTensor *dst);

/* ------------------------------------------------------- geometry setters
 * Each returns 0, or -1 on error leaving self unchanged. */

/* New sizes (and strides; NULL: contiguous) at the same storage offset. The
 * storage grows when the new geometry needs more of it, which is refused
 * when the storage is shared (see THStorage_resize). */
TH_API int THTensor_resizeNd(THTensor *self, int nDimension, const int64_t *size,
                             const int64_t *stride);
/* resizeNd to src's sizes, contiguous. */
TH_API int THTensor_resizeAs(THTensor *self, const THTensor *src);
/* self views storage (retained; self's old storage is released) with the given
 * geometry, which must lie inside storage. stride NULL: contiguous. */
TH_API int THTensor_setStorageNd(THTensor *self, THStorage *storage, int64_t storageOffset,
                                 int nDimension, const int64_t *size,
                                 const int64_t *stride);
/* self takes src's storage (retained) and geometry, and so its dtype. */
TH_API int THTensor_set(THTensor *self, THTensor *src);

/* ------------------------------------------------------------------ queries */

TH_API int THTensor_nDimension(const THTensor *self);
/* Size / stride of dim (negative: from the end); -1 with IndexError. */
TH_API int64_t THTensor_size(const THTensor *self, int dim);
TH_API int64_t THTensor_stride(const THTensor *self, int dim);
/* The size and stride arrays, nDimension long (borrowed; valid until the
 * tensor's geometry changes or it is freed). */
TH_API const int64_t *THTensor_sizes(const THTensor *self);
TH_API const int64_t *THTensor_strides(const THTensor *self);
TH_API int64_t THTensor_storageOffset(const THTensor *self);
/* The tensor's storage (borrowed: retain it to keep it). */
TH_API THStorage *THTensor_storage(const THTensor *self);
TH_API THScalarType THTensor_dtype(const THTensor *self);
TH_API size_t THTensor_elementSize(const THTensor *self);
/* The first element (borrowed; NULL when the storage is empty). */
TH_API void *THTensor_data(const THTensor *self);
/* Number of elements: the product of the sizes (1 for a 0-dim tensor). */
TH_API int64_t THTensor_nElement(const THTensor *self);
/* 1 if elements are laid out in row-major order without gaps (size-1 dims
 * and empty tensors are contiguous whatever their strides), else 0. */
TH_API int THTensor_isContiguous(const THTensor *self);
TH_API int THTensor_isSameSizeAs(const THTensor *self, const THTensor *src);
/* 1 if self and src view the same storage with the same geometry. */
TH_API int THTensor_isSetTo(const THTensor *self, const THTensor *src);

/* ---------------------------------------------------- views (new reference)
 * Each returns a new tensor sharing tensor's storage (retained), or NULL.
 * Positions out of range (dim, index, start) are IndexErrors; bad quantities
 * (negative length, step <= 0, sizes that do not fit) are ValueErrors. The
 * messages name the function, the argument and the allowed range. */

/* Elements [start, start + length) of dim; start may be negative (from the
 * end). */
TH_API THTensor *THTensor_newNarrow(THTensor *tensor, int dim, int64_t start, int64_t length);
/* The slice at index of dim (negative: from the end); one dim fewer. */
TH_API THTensor *THTensor_newSelect(THTensor *tensor, int dim, int64_t index);
/* dim0 and dim1 swapped (a 0-dim tensor: the same geometry). */
TH_API THTensor *THTensor_newTranspose(THTensor *tensor, int dim0, int dim1);
/* dims[i] of the result is dim dims[i] of tensor: a permutation of
 * [0, nDimension) (negative entries count from the end). */
TH_API THTensor *THTensor_newPermute(THTensor *tensor, const int *dims);
/* Every slice of size elements along dim, step apart, as a new last dim (a
 * 0-dim tensor: its one element as a 1-dim tensor of size 0 or 1). */
TH_API THTensor *THTensor_newUnfold(THTensor *tensor, int dim, int64_t size, int64_t step);
/* Broadcast to nDimension sizes (>= tensor's dims): size-1 dims and new
 * leading dims get stride 0; -1 keeps an existing size. */
TH_API THTensor *THTensor_newExpand(THTensor *tensor, int nDimension, const int64_t *size);
/* The same elements with new sizes (one may be -1: inferred). Fails
 * (ValueError) when the strides cannot express the new shape; newReshape
 * copies then. */
TH_API THTensor *THTensor_newView(THTensor *tensor, int nDimension, const int64_t *size);
/* Without the size-1 dims. */
TH_API THTensor *THTensor_newSqueeze(THTensor *tensor);
/* Without dim if its size is 1 (else, or for a 0-dim tensor, the same
 * geometry). */
TH_API THTensor *THTensor_newSqueeze1d(THTensor *tensor, int dim);
/* A size-1 dim inserted before dim (dim in [-(n+1), n]). */
TH_API THTensor *THTensor_newUnsqueeze1d(THTensor *tensor, int dim);
/* Python's slice start:stop:step of dim (step > 0; start and stop are
 * clamped to the dim as Python does, negative ones counted from the end). */
TH_API THTensor *THTensor_newSlice(THTensor *tensor, int dim, int64_t start, int64_t stop,
                                   int64_t step);
/* Any geometry over tensor's storage, checked to lie inside it. stride
 * NULL: contiguous. */
TH_API THTensor *THTensor_newAsStrided(THTensor *tensor, int nDimension, const int64_t *size,
                                       const int64_t *stride, int64_t storageOffset);
/* The diagonal of dims dim1 and dim2 (offset > 0: above it), as a new last
 * dim, as torch.diagonal. */
TH_API THTensor *THTensor_newDiagonal(THTensor *tensor, int64_t offset, int dim1, int dim2);

/* --------------------------------------------------- in-place view setters
 * As in TH: self takes src's storage (retained) and the view's geometry; src
 * NULL means self. Return 0, or -1 on error leaving self unchanged. */
TH_API int THTensor_narrow(THTensor *self, THTensor *src, int dim, int64_t start,
                           int64_t length);
TH_API int THTensor_select(THTensor *self, THTensor *src, int dim, int64_t index);
TH_API int THTensor_transpose(THTensor *self, THTensor *src, int dim0, int dim1);
TH_API int THTensor_unfold(THTensor *self, THTensor *src, int dim, int64_t size, int64_t step);
TH_API int THTensor_squeeze(THTensor *self, THTensor *src);
TH_API int THTensor_squeeze1d(THTensor *self, THTensor *src, int dim);
TH_API int THTensor_unsqueeze1d(THTensor *self, THTensor *src, int dim);
TH_API int THTensor_slice(THTensor *self, THTensor *src, int dim, int64_t start, int64_t stop,
                          int64_t step);

/* ------------------------------------------------- copies (new reference) */

/* tensor itself (retained) when contiguous, else a contiguous copy. */
TH_API THTensor *THTensor_newContiguous(THTensor *tensor);
/* A contiguous copy, always. */
TH_API THTensor *THTensor_newClone(THTensor *tensor);
/* newView when the strides allow it (sharing the storage), else a view of a
 * contiguous copy. */
TH_API THTensor *THTensor_newReshape(THTensor *tensor, int nDimension, const int64_t *size);
/* A contiguous copy with the order of the elements along each of dims[0..n)
 * reversed (torch.flip; dims wrapped as newPermute's, each at most once,
 * else RuntimeError; a 0-dim tensor takes dim 0 or -1). */
TH_API THTensor *THTensor_newFlip(THTensor *tensor, int n, const int *dims);

/* ------------------------------------------------------------- element ops */

/* Sets every element of self to value (see THStorage_fill for conversion).
 * Unlike every other writer, a self whose elements share memory (stride-0
 * dims) is taken, as torch's fill_ with a number: each element gets the one
 * value whatever the order of the writes. Returns 0, or -1 on error. */
TH_API int THTensor_fill(THTensor *self, double value);
TH_API int THTensor_fillInt64(THTensor *self, int64_t value);
/* dtypes: element is one element of self's dtype (THStorage_fillElement). */
TH_API int THTensor_fillElement(THTensor *self, const void *element);
/* Copies src into dst element by element: src is broadcast to dst's shape
 * and converted to dst's dtype as numpy casts (see THCastImpl.h's rules).
 * dst may not have stride-0 dims of size > 1; src may overlap dst (it is
 * then read in full first). Returns 0, or -1 on error (RuntimeError, as
 * torch's, when src cannot be broadcast to dst's shape). */
TH_API int THTensor_copy(THTensor *dst, THTensor *src);

/* ------------------------------------------------- typed access (per dtype)
 * THFloat32Tensor_data, THFloat64Tensor_get2d, THInt64Tensor_set1d, ...: see
 * generic/THTensorTyped.h. */
#define THTensor_(NAME) TH_CONCAT_4(TH, Real, Tensor_, NAME)
#define TH_GENERIC_FILE "TH/generic/THTensorTyped.h"
#include "THGenerateDtypes.h"

#endif /* TH_TENSOR_H */
