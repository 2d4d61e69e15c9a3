/* THTensor.h: a strided view (storage, offset, sizes, strides) of a storage.
 *
 * A tensor holds one reference to its storage and its dtype is its storage's.
 * Sizes, strides and the offset are int64 and in elements; strides are never
 * negative; a tensor never describes memory outside its storage. A 0-dim
 * tensor is a scalar (one element); a tensor with a size-0 dim has none.
 * Functions taking a dim accept negative dims counted from the end, as torch
 * does. Ownership of every function is listed in docs/REFCOUNT.md. */
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
/* Copies self into dst (same number of elements, any dtypes), then frees
 * self. Steals self, also on error. Returns 0, or -1 on error. */
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

/* ------------------------------------------------------------- element ops */

/* Sets every element of self to value (see THStorage_fill for conversion).
 * Returns 0, or -1 on error. */
TH_API int THTensor_fill(THTensor *self, double value);
TH_API int THTensor_fillInt64(THTensor *self, int64_t value);
/* Copies src into dst element by element, converting dtypes as numpy's
 * casting does. Both must have the same number of elements. Returns 0, or -1
 * on error. */
TH_API int THTensor_copy(THTensor *dst, THTensor *src);

/* ------------------------------------------------- typed access (per dtype)
 * THFloatTensor_data, THDoubleTensor_get2d, THLongTensor_set1d, ...: see
 * generic/THTensorTyped.h. */
#define THTensor_(NAME) TH_CONCAT_4(TH, Real, Tensor_, NAME)
#define TH_GENERIC_FILE "TH/generic/THTensorTyped.h"
#include "THGenerateAllTypes.h"

#endif /* TH_TENSOR_H */
