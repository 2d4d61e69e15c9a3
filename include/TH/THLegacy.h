/* THLegacy.h: TH v0.4's typed API (THFloatTensor, THLongStorage_newWithSize,
 * THDoubleTensor_gesv, ...) with TH's signatures and semantics, for C code
 * written against PyTorch's legacy TH. TH.h includes it. See
 * docs/LEGACY.md: what is the same, what differs, and every function's
 * status.
 *
 * A THFloatTensor * is a th THTensor * whose dtype is float32 (likewise
 * THDoubleTensor float64, THLongTensor int64, THIntTensor int32,
 * THShortTensor int16, THCharTensor int8, THByteTensor uint8, THHalfTensor
 * float16): cast between them; a TH-named function given the wrong dtype
 * fails with a TypeError (a TH error). */
#ifndef TH_LEGACY_H
#define TH_LEGACY_H

#include "THLegacyGeneral.h"
#include "THGenerator.h"
#include "THHalf.h"
#include "THStorage.h"
#include "THTensor.h"

#define TH_STORAGE_VIEW 8 /* TH's; accepted, kept nowhere */
#define TH_TENSOR_REFCOUNTED 1 /* TH's; accepted, kept nowhere */


/* the typed structs and functions, storages first (tensors refer to them) */
#define TH_GENERIC_FILE "generic/THLegacyStorage.h"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THLegacyStorage.h"
#include "THGenerateHalfType.h"
#define TH_GENERIC_FILE "generic/THLegacyTensor.h"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THLegacyTensor.h"
#include "THGenerateHalfType.h"
#define TH_GENERIC_FILE "generic/THLegacyStorageCopy.h"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THLegacyStorageCopy.h"
#include "THGenerateHalfType.h"
#define TH_GENERIC_FILE "generic/THLegacyTensorCopy.h"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THLegacyTensorCopy.h"
#include "THGenerateHalfType.h"
#define TH_GENERIC_FILE "generic/THLegacyTensorMath.h"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THLegacyTensorRandom.h"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THLegacyTensorConv.h"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THLegacyTensorLapack.h"
#include "THGenerateFloatTypes.h"

/* TH's typed BLAS and LAPACK wrappers: THFloatBlas_gemm, THDoubleLapack_gesv */
#define THBlas_(NAME) TH_CONCAT_4(TH, Real, Blas_, NAME)
#define THLapack_(NAME) TH_CONCAT_4(TH, Real, Lapack_, NAME)
#define TH_GENERIC_FILE "generic/THLegacyBlas.h"
#include "THGenerateAllTypes.h"
#define TH_GENERIC_FILE "generic/THLegacyLapack.h"
#include "THGenerateFloatTypes.h"

/* TH's unchecked element access on the public fields */
#define TH_STORAGE_GET(storage, idx) ((storage)->data[(idx)])
#define TH_STORAGE_SET(storage, idx, value) ((storage)->data[(idx)] = (value))
#define TH_LEGACY_AT(self) ((self)->storage->data + (self)->storageOffset)
#define THTensor_fastGet1d(self, x0) (TH_LEGACY_AT(self)[(x0) * (self)->stride[0]])
#define THTensor_fastGet2d(self, x0, x1) \
  (TH_LEGACY_AT(self)[(x0) * (self)->stride[0] + (x1) * (self)->stride[1]])
#define THTensor_fastGet3d(self, x0, x1, x2)                                 \
  (TH_LEGACY_AT(self)[(x0) * (self)->stride[0] + (x1) * (self)->stride[1] + \
                      (x2) * (self)->stride[2]])
#define THTensor_fastGet4d(self, x0, x1, x2, x3)                             \
  (TH_LEGACY_AT(self)[(x0) * (self)->stride[0] + (x1) * (self)->stride[1] + \
                      (x2) * (self)->stride[2] + (x3) * (self)->stride[3]])
#define THTensor_fastGet5d(self, x0, x1, x2, x3, x4)                         \
  (TH_LEGACY_AT(self)[(x0) * (self)->stride[0] + (x1) * (self)->stride[1] + \
                      (x2) * (self)->stride[2] + (x3) * (self)->stride[3] + \
                      (x4) * (self)->stride[4]])
#define THTensor_fastSet1d(self, x0, value) (THTensor_fastGet1d(self, x0) = (value))
#define THTensor_fastSet2d(self, x0, x1, value) (THTensor_fastGet2d(self, x0, x1) = (value))
#define THTensor_fastSet3d(self, x0, x1, x2, value) \
  (THTensor_fastGet3d(self, x0, x1, x2) = (value))
#define THTensor_fastSet4d(self, x0, x1, x2, x3, value) \
  (THTensor_fastGet4d(self, x0, x1, x2, x3) = (value))
#define THTensor_fastSet5d(self, x0, x1, x2, x3, x4, value) \
  (THTensor_fastGet5d(self, x0, x1, x2, x3, x4) = (value))

/* TH's size helpers (THStorage.h, THSize.h) */
TH_API THDescBuff THLongStorage_sizeDesc(const THLongStorage *size);
/* size with its one -1 entry inferred so that the product is nElement. */
TH_API THLongStorage *THLongStorage_newInferSize(THLongStorage *size, ptrdiff_t nElement);
/* The broadcast shape of two shapes into output; 0, or -1 with a message
 * in error_buffer (TH's contract: these return, they do not raise). */
TH_API int THLongStorage_inferSize2(THLongStorage *output, int64_t *sizesA, int64_t dimsA,
                                    int64_t *sizesB, int64_t dimsB, char *error_buffer,
                                    int buffer_len);
TH_API int THLongStorage_inferSizeN(THLongStorage *output, int n, int64_t **sizes,
                                    int64_t *dims, char *error_buffer, int buffer_len);
TH_API int THLongStorage_inferExpandGeometry(int64_t *tensorSizes, int64_t *tensorStrides,
                                             int64_t tensorDim, THLongStorage *sizes,
                                             int64_t **expandedSizes,
                                             int64_t **expandedStrides, char *error_buffer,
                                             int buffer_len);
TH_API int THSize_isSameSizeAs(const int64_t *sizeA, int64_t dimsA, const int64_t *sizeB,
                               int64_t dimsB);
TH_API ptrdiff_t THSize_nElement(int64_t dims, int64_t *size);

#endif /* TH_LEGACY_H */
