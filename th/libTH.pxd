# th/libTH.pxd: the C API of th (include/TH/TH.h) for Cython.
#
#     from th cimport libTH
#     from th.libTH cimport THTensor, THTensor_newWithSize2d, THTensor_free
#
# Exception specs follow the error contract: a failing function reports the
# error through th's handler, which (once th is imported) sets the matching
# Python exception, and returns NULL / -1 (`except NULL`, `except -1`);
# typed getters return 0 (`except? 0`). Functions that cannot fail are
# `noexcept`. Every function is `nogil`: the handler takes the GIL itself, so
# a failing call inside `with nogil:` raises as usual.
#
# Ownership (new / borrowed / stolen) is in docs/REFCOUNT.md. In short: a
# function whose name starts with `new` returns a reference you must free;
# a name ending in `Move` steals the reference you pass.

from libc.stdint cimport int64_t, int32_t, int16_t, int8_t, uint8_t, uint16_t, uint32_t, uint64_t

cdef extern from "<stdbool.h>":
    ctypedef bint th_bool "bool"

cdef extern from "TH/TH.h" nogil:
    # ------------------------------------------------------------ THGeneral.h
    enum: TH_MAX_DIMS
    enum: TH_ERROR_MESSAGE_SIZE

    ctypedef enum THScalarType:
        TH_UINT8
        TH_INT8
        TH_INT16
        TH_INT32
        TH_INT64
        TH_FLOAT16
        TH_FLOAT32
        TH_FLOAT64
        TH_BOOL
        TH_BFLOAT16
        TH_COMPLEX64
        TH_COMPLEX128
        TH_UINT16
        TH_UINT32
        TH_UINT64
        TH_NUM_SCALAR_TYPES

    ctypedef struct THHalf:
        uint16_t x

    int THScalarType_isValid(int dtype) noexcept
    size_t THScalarType_elementSize(THScalarType dtype) noexcept
    const char *THScalarType_name(THScalarType dtype) noexcept
    int THScalarType_isFloatingPoint(THScalarType dtype) noexcept
    int THScalarType_packDouble(THScalarType dtype, double value, void *out) except -1
    int THScalarType_packInt64(THScalarType dtype, int64_t value, void *out) except -1
    float THHalf_toFloat(THHalf h) noexcept
    THHalf THFloat_toHalf(float f) noexcept
    # the dtypes neighbouring libraries bring (bfloat16, complex, wide uints)
    ctypedef struct THBFloat16:
        uint16_t x
    ctypedef struct THComplexFloat:
        float re
        float im
    ctypedef struct THComplexDouble:
        double re
        double im
    int THScalarType_isComplex(THScalarType dtype) noexcept
    int THScalarType_packUInt64(THScalarType dtype, uint64_t value, void *out) except -1
    int THScalarType_packComplex(THScalarType dtype, double re, double im, void *out) except -1
    float THBFloat16_toFloat(THBFloat16 b) noexcept
    THBFloat16 THFloat_toBFloat16(float f) noexcept

    ctypedef enum THErrorKind:
        TH_ERROR_NONE
        TH_ERROR_RUNTIME
        TH_ERROR_INDEX
        TH_ERROR_VALUE
        TH_ERROR_TYPE
        TH_ERROR_MEMORY
        TH_ERROR_OS
        TH_ERROR_UNSUPPORTED

    ctypedef struct THErrorInfo:
        THErrorKind kind
        const char *file
        int line
        int unraisable
        int os_errno
        char message[TH_ERROR_MESSAGE_SIZE]

    ctypedef void (*THErrorHandler)(const THErrorInfo *error, void *data) noexcept

    void THSetErrorInfoHandler(THErrorHandler handler, void *data) noexcept
    void THSetDefaultErrorInfoHandler(THErrorHandler handler, void *data) noexcept
    const THErrorInfo *THGetLastError() noexcept
    void THClearError() noexcept
    const char *THErrorKind_name(THErrorKind kind) noexcept
    void THErrorReport(THErrorKind kind, const char *file, int line, const char *format, ...) noexcept

    ctypedef struct THLiveCounts:
        int64_t storages
        int64_t tensors
        int64_t bytes

    THLiveCounts THGetLiveCounts() noexcept

    int THGetNumThreads() noexcept
    void THSetNumThreads(int n) noexcept

    # ------------------------------------------- THLegacyGeneral.h (TH's errors)
    # body runs inside a TH error boundary: a THError/THArgCheck in it (or in
    # C code it calls) unwinds to here, which returns -1 with the Python
    # exception set (docs/LEGACY.md)
    ctypedef void (*THLegacyBody)(void *ctx) noexcept nogil
    int THLegacy_protect(THLegacyBody body, void *ctx) except -1
    int THLegacy_depth() noexcept nogil
    int THLegacy_call(void *fn, const int64_t *ints, int nInts, const double *floats,
                      int nFloats, int floatResult, void *result) except -1
    double THLegacy_floatArg(float f) noexcept nogil

    # ---------------------------------------------------------- THAllocator.h
    enum: TH_ALLOCATOR_ALIGNMENT

    ctypedef struct THAllocator:
        void *(*malloc)(void *ctx, ptrdiff_t size) noexcept nogil
        void *(*realloc)(void *ctx, void *ptr, ptrdiff_t size) noexcept nogil
        void (*free)(void *ctx, void *ptr) noexcept nogil

    THAllocator THDefaultAllocator
    int64_t THAllocator_cachedBytes() noexcept nogil
    void THAllocator_emptyCache() noexcept nogil

    # ------------------------------------------------------- THMapAllocator.h
    enum:
        TH_ALLOCATOR_MAPPED_SHARED
        TH_ALLOCATOR_MAPPED_SHAREDMEM
        TH_ALLOCATOR_MAPPED_EXCLUSIVE
        TH_ALLOCATOR_MAPPED_NOCREATE
        TH_ALLOCATOR_MAPPED_KEEPFD
        TH_ALLOCATOR_MAPPED_FROMFD
        TH_ALLOCATOR_MAPPED_UNLINK

    ctypedef struct THMapAllocatorContext:
        pass

    THAllocator THMapAllocator
    const char *THMapAllocatorContext_filename(const THMapAllocatorContext *ctx) noexcept
    int THMapAllocatorContext_fd(const THMapAllocatorContext *ctx) noexcept
    int THMapAllocatorContext_flags(const THMapAllocatorContext *ctx) noexcept
    int64_t THMapAllocatorContext_size(const THMapAllocatorContext *ctx) noexcept

    # ------------------------------------------------------------ THStorage.h
    ctypedef struct THStorage:
        pass

    enum:
        TH_STORAGE_REFCOUNTED
        TH_STORAGE_RESIZABLE
        TH_STORAGE_FREEMEM
        TH_STORAGE_READONLY

    THStorage *THStorage_new(THScalarType dtype) except NULL
    THStorage *THStorage_newWithSize(THScalarType dtype, int64_t size) except NULL
    THStorage *THStorage_newWithAllocator(THScalarType dtype, int64_t size,
                                          THAllocator *allocator,
                                          void *allocatorContext) except NULL
    THStorage *THStorage_newWithDataAndAllocator(THScalarType dtype, void *data, int64_t size,
                                                 THAllocator *allocator,
                                                 void *allocatorContext) except NULL
    THStorage *THStorage_newWithMapping(THScalarType dtype, const char *filename, int64_t size,
                                        int flags) except NULL
    THStorage *THStorage_newWithMappingFd(THScalarType dtype, const char *name, int fd,
                                          int64_t size, int flags) except NULL
    int THStorage_moveToSharedMemory(THStorage *self) except -1
    int THStorage_isShared(const THStorage *self) noexcept
    void THStorage_retain(THStorage *self) noexcept
    void THStorage_free(THStorage *self) noexcept
    int64_t THStorage_refcount(const THStorage *self) noexcept
    void THStorage_pin(THStorage *self) noexcept
    void THStorage_unpin(THStorage *self) noexcept
    int64_t THStorage_pins(const THStorage *self) noexcept
    int THStorage_resize(THStorage *self, int64_t size) except -1
    int THStorage_fill(THStorage *self, double value) except -1
    int THStorage_fillInt64(THStorage *self, int64_t value) except -1
    int THStorage_fillElement(THStorage *self, const void *element) except -1
    int THStorage_swap(THStorage *a, THStorage *b) except -1
    void *THStorage_data(const THStorage *self) noexcept
    int64_t THStorage_size(const THStorage *self) noexcept
    size_t THStorage_elementSize(const THStorage *self) noexcept
    int64_t THStorage_nbytes(const THStorage *self) noexcept
    THScalarType THStorage_dtype(const THStorage *self) noexcept
    THAllocator *THStorage_allocator(const THStorage *self) noexcept
    void *THStorage_allocatorContext(const THStorage *self) noexcept
    int THStorage_flags(const THStorage *self) noexcept
    void THStorage_setFlag(THStorage *self, int flag) noexcept
    void THStorage_clearFlag(THStorage *self, int flag) noexcept
    int THStorage_checkWritable(const THStorage *self, const char *fn) except -1

    # ------------------------------------------------------------- THTensor.h
    ctypedef struct THTensor:
        pass

    THTensor *THTensor_new(THScalarType dtype) except NULL
    THTensor *THTensor_newWithStorage(THStorage *storage) except NULL
    THTensor *THTensor_newWithStorageNd(THStorage *storage, int64_t storageOffset,
                                        int nDimension, const int64_t *size,
                                        const int64_t *stride) except NULL
    THTensor *THTensor_newWithStorageNdMove(THStorage *storage, int64_t storageOffset,
                                            int nDimension, const int64_t *size,
                                            const int64_t *stride) except NULL
    THTensor *THTensor_newWithSize(THScalarType dtype, int nDimension, const int64_t *size,
                                   const int64_t *stride) except NULL
    THTensor *THTensor_newWithSize1d(THScalarType dtype, int64_t size0) except NULL
    THTensor *THTensor_newWithSize2d(THScalarType dtype, int64_t size0,
                                     int64_t size1) except NULL
    THTensor *THTensor_newWithSize3d(THScalarType dtype, int64_t size0, int64_t size1,
                                     int64_t size2) except NULL
    THTensor *THTensor_newWithSize4d(THScalarType dtype, int64_t size0, int64_t size1,
                                     int64_t size2, int64_t size3) except NULL
    THTensor *THTensor_newWithTensor(THTensor *tensor) except NULL

    void THTensor_retain(THTensor *self) noexcept
    void THTensor_free(THTensor *self) noexcept
    int64_t THTensor_refcount(const THTensor *self) noexcept
    int THTensor_freeCopyTo(THTensor *self, THTensor *dst) except -1

    int THTensor_resizeNd(THTensor *self, int nDimension, const int64_t *size,
                          const int64_t *stride) except -1
    int THTensor_resizeAs(THTensor *self, const THTensor *src) except -1
    int THTensor_setStorageNd(THTensor *self, THStorage *storage, int64_t storageOffset,
                              int nDimension, const int64_t *size,
                              const int64_t *stride) except -1
    int THTensor_set(THTensor *self, THTensor *src) except -1

    int THTensor_nDimension(const THTensor *self) noexcept
    int64_t THTensor_size(const THTensor *self, int dim) except -1
    int64_t THTensor_stride(const THTensor *self, int dim) except -1
    const int64_t *THTensor_sizes(const THTensor *self) noexcept
    const int64_t *THTensor_strides(const THTensor *self) noexcept
    int64_t THTensor_storageOffset(const THTensor *self) noexcept
    THStorage *THTensor_storage(const THTensor *self) noexcept
    THScalarType THTensor_dtype(const THTensor *self) noexcept
    size_t THTensor_elementSize(const THTensor *self) noexcept
    void *THTensor_data(const THTensor *self) noexcept
    int64_t THTensor_nElement(const THTensor *self) noexcept
    int THTensor_isContiguous(const THTensor *self) noexcept
    int THTensor_isSameSizeAs(const THTensor *self, const THTensor *src) noexcept
    int THTensor_isSetTo(const THTensor *self, const THTensor *src) noexcept

    THTensor *THTensor_newNarrow(THTensor *tensor, int dim, int64_t start,
                                 int64_t length) except NULL
    THTensor *THTensor_newSelect(THTensor *tensor, int dim, int64_t index) except NULL
    THTensor *THTensor_newTranspose(THTensor *tensor, int dim0, int dim1) except NULL
    THTensor *THTensor_newPermute(THTensor *tensor, const int *dims) except NULL
    THTensor *THTensor_newUnfold(THTensor *tensor, int dim, int64_t size,
                                 int64_t step) except NULL
    THTensor *THTensor_newExpand(THTensor *tensor, int nDimension,
                                 const int64_t *size) except NULL
    THTensor *THTensor_newView(THTensor *tensor, int nDimension,
                               const int64_t *size) except NULL
    THTensor *THTensor_newSqueeze(THTensor *tensor) except NULL
    THTensor *THTensor_newSqueeze1d(THTensor *tensor, int dim) except NULL
    THTensor *THTensor_newUnsqueeze1d(THTensor *tensor, int dim) except NULL
    THTensor *THTensor_newSlice(THTensor *tensor, int dim, int64_t start, int64_t stop,
                                int64_t step) except NULL
    THTensor *THTensor_newAsStrided(THTensor *tensor, int nDimension, const int64_t *size,
                                    const int64_t *stride, int64_t storageOffset) except NULL
    THTensor *THTensor_newDiagonal(THTensor *tensor, int64_t offset, int dim1,
                                   int dim2) except NULL

    int THTensor_narrow(THTensor *self, THTensor *src, int dim, int64_t start,
                        int64_t length) except -1
    int THTensor_select(THTensor *self, THTensor *src, int dim, int64_t index) except -1
    int THTensor_transpose(THTensor *self, THTensor *src, int dim0, int dim1) except -1
    int THTensor_unfold(THTensor *self, THTensor *src, int dim, int64_t size,
                        int64_t step) except -1
    int THTensor_squeeze(THTensor *self, THTensor *src) except -1
    int THTensor_squeeze1d(THTensor *self, THTensor *src, int dim) except -1
    int THTensor_unsqueeze1d(THTensor *self, THTensor *src, int dim) except -1
    int THTensor_slice(THTensor *self, THTensor *src, int dim, int64_t start, int64_t stop,
                       int64_t step) except -1

    THTensor *THTensor_newContiguous(THTensor *tensor) except NULL
    THTensor *THTensor_newClone(THTensor *tensor) except NULL
    THTensor *THTensor_newReshape(THTensor *tensor, int nDimension,
                                  const int64_t *size) except NULL

    int THTensor_fill(THTensor *self, double value) except -1
    int THTensor_fillInt64(THTensor *self, int64_t value) except -1
    int THTensor_fillElement(THTensor *self, const void *element) except -1
    int THTensor_copy(THTensor *dst, THTensor *src) except -1

    # flip (a copy), cat and stack (THTensorCat.h), torch's type promotion
    THTensor *THTensor_newFlip(THTensor *tensor, int n, const int *dims) except NULL
    int THScalarType_promote(THScalarType a, THScalarType b, THScalarType *out) except -1
    # torch.get/set_default_dtype (THGeneral.h)
    THScalarType THScalarType_defaultFloat() noexcept
    int THScalarType_setDefaultFloat(THScalarType dtype) except -1
    THScalarType THScalarType_defaultComplex() noexcept
    int THTensor_catArray(THTensor *result, THTensor **inputs, int numInputs,
                          int dimension) except -1
    THTensor *THTensor_newCatArray(THTensor **inputs, int numInputs, int dimension) except NULL
    int THTensor_stackArray(THTensor *result, THTensor **inputs, int numInputs,
                            int dimension) except -1
    THTensor *THTensor_newStackArray(THTensor **inputs, int numInputs,
                                     int dimension) except NULL

    # reductions (THTensorMath.h): dims NULL reduces every dim
    int THTensor_sum(THTensor *result, THTensor *input, int nDims, const int *dims,
                     int keepdim) except -1
    int THTensor_prod(THTensor *result, THTensor *input, int nDims, const int *dims,
                      int keepdim) except -1
    int THTensor_mean(THTensor *result, THTensor *input, int nDims, const int *dims,
                      int keepdim) except -1
    int THTensor_amax(THTensor *result, THTensor *input, int nDims, const int *dims,
                      int keepdim) except -1
    int THTensor_amin(THTensor *result, THTensor *input, int nDims, const int *dims,
                      int keepdim) except -1
    int THTensor_argmax(THTensor *result, THTensor *input, const int *dim, int keepdim) except -1
    int THTensor_argmin(THTensor *result, THTensor *input, const int *dim, int keepdim) except -1
    int THTensor_all(THTensor *result, THTensor *input, int nDims, const int *dims,
                     int keepdim) except -1
    int THTensor_any(THTensor *result, THTensor *input, int nDims, const int *dims,
                     int keepdim) except -1
    int THTensor_norm(THTensor *result, THTensor *input, double p, int nDims, const int *dims,
                      int keepdim) except -1
    int THTensor_var(THTensor *result, THTensor *input, int nDims, const int *dims,
                     double correction, int keepdim) except -1
    int THTensor_std(THTensor *result, THTensor *input, int nDims, const int *dims,
                     double correction, int keepdim) except -1
    int THTensor_max(THTensor *values, THTensor *indices, THTensor *input, const int *dim,
                     int keepdim) except -1
    int THTensor_min(THTensor *values, THTensor *indices, THTensor *input, const int *dim,
                     int keepdim) except -1
    THTensor *THTensor_newSum(THTensor *input, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newProd(THTensor *input, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newMean(THTensor *input, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newAmax(THTensor *input, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newAmin(THTensor *input, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newArgmax(THTensor *input, const int *dim, int keepdim) except NULL
    THTensor *THTensor_newArgmin(THTensor *input, const int *dim, int keepdim) except NULL
    THTensor *THTensor_newAll(THTensor *input, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newAny(THTensor *input, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newNorm(THTensor *input, double p, int nDims, const int *dims,
                               int keepdim) except NULL
    THTensor *THTensor_newVar(THTensor *input, int nDims, const int *dims, double correction,
                              int keepdim) except NULL
    THTensor *THTensor_newStd(THTensor *input, int nDims, const int *dims, double correction,
                              int keepdim) except NULL

    # ------------------------------------------- typed access (generic/*.h)
    # THFloat32Tensor_data, THFloat64Tensor_get2d, ...: a dtype mismatch is a
    # TypeError. Getters return 0 on error (`except? 0`; THHalf, THBFloat16
    # and complex getters return a struct, so Cython checks for an exception after each call).
    # Byte: uint8_t
    uint8_t *THUInt8Storage_data(const THStorage *self) except? NULL
    uint8_t THUInt8Storage_get(const THStorage *self, int64_t idx) except? 0
    int THUInt8Storage_set(THStorage *self, int64_t idx, uint8_t value) except -1
    uint8_t *THUInt8Tensor_data(const THTensor *self) except? NULL
    uint8_t THUInt8Tensor_get0d(const THTensor *self) except? 0
    uint8_t THUInt8Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    uint8_t THUInt8Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    uint8_t THUInt8Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    uint8_t THUInt8Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THUInt8Tensor_set0d(THTensor *self, uint8_t value) except -1
    int THUInt8Tensor_set1d(THTensor *self, int64_t i0, uint8_t value) except -1
    int THUInt8Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, uint8_t value) except -1
    int THUInt8Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, uint8_t value) except -1
    int THUInt8Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, uint8_t value) except -1
    # Char: int8_t
    int8_t *THInt8Storage_data(const THStorage *self) except? NULL
    int8_t THInt8Storage_get(const THStorage *self, int64_t idx) except? 0
    int THInt8Storage_set(THStorage *self, int64_t idx, int8_t value) except -1
    int8_t *THInt8Tensor_data(const THTensor *self) except? NULL
    int8_t THInt8Tensor_get0d(const THTensor *self) except? 0
    int8_t THInt8Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    int8_t THInt8Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    int8_t THInt8Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    int8_t THInt8Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THInt8Tensor_set0d(THTensor *self, int8_t value) except -1
    int THInt8Tensor_set1d(THTensor *self, int64_t i0, int8_t value) except -1
    int THInt8Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, int8_t value) except -1
    int THInt8Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int8_t value) except -1
    int THInt8Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, int8_t value) except -1
    # Short: int16_t
    int16_t *THInt16Storage_data(const THStorage *self) except? NULL
    int16_t THInt16Storage_get(const THStorage *self, int64_t idx) except? 0
    int THInt16Storage_set(THStorage *self, int64_t idx, int16_t value) except -1
    int16_t *THInt16Tensor_data(const THTensor *self) except? NULL
    int16_t THInt16Tensor_get0d(const THTensor *self) except? 0
    int16_t THInt16Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    int16_t THInt16Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    int16_t THInt16Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    int16_t THInt16Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THInt16Tensor_set0d(THTensor *self, int16_t value) except -1
    int THInt16Tensor_set1d(THTensor *self, int64_t i0, int16_t value) except -1
    int THInt16Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, int16_t value) except -1
    int THInt16Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int16_t value) except -1
    int THInt16Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, int16_t value) except -1
    # Int: int32_t
    int32_t *THInt32Storage_data(const THStorage *self) except? NULL
    int32_t THInt32Storage_get(const THStorage *self, int64_t idx) except? 0
    int THInt32Storage_set(THStorage *self, int64_t idx, int32_t value) except -1
    int32_t *THInt32Tensor_data(const THTensor *self) except? NULL
    int32_t THInt32Tensor_get0d(const THTensor *self) except? 0
    int32_t THInt32Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    int32_t THInt32Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    int32_t THInt32Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    int32_t THInt32Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THInt32Tensor_set0d(THTensor *self, int32_t value) except -1
    int THInt32Tensor_set1d(THTensor *self, int64_t i0, int32_t value) except -1
    int THInt32Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, int32_t value) except -1
    int THInt32Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int32_t value) except -1
    int THInt32Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, int32_t value) except -1
    # Long: int64_t
    int64_t *THInt64Storage_data(const THStorage *self) except? NULL
    int64_t THInt64Storage_get(const THStorage *self, int64_t idx) except? 0
    int THInt64Storage_set(THStorage *self, int64_t idx, int64_t value) except -1
    int64_t *THInt64Tensor_data(const THTensor *self) except? NULL
    int64_t THInt64Tensor_get0d(const THTensor *self) except? 0
    int64_t THInt64Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    int64_t THInt64Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    int64_t THInt64Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    int64_t THInt64Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THInt64Tensor_set0d(THTensor *self, int64_t value) except -1
    int THInt64Tensor_set1d(THTensor *self, int64_t i0, int64_t value) except -1
    int THInt64Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, int64_t value) except -1
    int THInt64Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t value) except -1
    int THInt64Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, int64_t value) except -1
    # Half: THHalf
    THHalf *THFloat16Storage_data(const THStorage *self) except? NULL
    THHalf THFloat16Storage_get(const THStorage *self, int64_t idx) except *
    int THFloat16Storage_set(THStorage *self, int64_t idx, THHalf value) except -1
    THHalf *THFloat16Tensor_data(const THTensor *self) except? NULL
    THHalf THFloat16Tensor_get0d(const THTensor *self) except *
    THHalf THFloat16Tensor_get1d(const THTensor *self, int64_t i0) except *
    THHalf THFloat16Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except *
    THHalf THFloat16Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except *
    THHalf THFloat16Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except *
    int THFloat16Tensor_set0d(THTensor *self, THHalf value) except -1
    int THFloat16Tensor_set1d(THTensor *self, int64_t i0, THHalf value) except -1
    int THFloat16Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, THHalf value) except -1
    int THFloat16Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, THHalf value) except -1
    int THFloat16Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, THHalf value) except -1
    # Float: float
    float *THFloat32Storage_data(const THStorage *self) except? NULL
    float THFloat32Storage_get(const THStorage *self, int64_t idx) except? 0
    int THFloat32Storage_set(THStorage *self, int64_t idx, float value) except -1
    float *THFloat32Tensor_data(const THTensor *self) except? NULL
    float THFloat32Tensor_get0d(const THTensor *self) except? 0
    float THFloat32Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    float THFloat32Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    float THFloat32Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    float THFloat32Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THFloat32Tensor_set0d(THTensor *self, float value) except -1
    int THFloat32Tensor_set1d(THTensor *self, int64_t i0, float value) except -1
    int THFloat32Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, float value) except -1
    int THFloat32Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, float value) except -1
    int THFloat32Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, float value) except -1
    # Double: double
    double *THFloat64Storage_data(const THStorage *self) except? NULL
    double THFloat64Storage_get(const THStorage *self, int64_t idx) except? 0
    int THFloat64Storage_set(THStorage *self, int64_t idx, double value) except -1
    double *THFloat64Tensor_data(const THTensor *self) except? NULL
    double THFloat64Tensor_get0d(const THTensor *self) except? 0
    double THFloat64Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    double THFloat64Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    double THFloat64Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    double THFloat64Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THFloat64Tensor_set0d(THTensor *self, double value) except -1
    int THFloat64Tensor_set1d(THTensor *self, int64_t i0, double value) except -1
    int THFloat64Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, double value) except -1
    int THFloat64Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, double value) except -1
    int THFloat64Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, double value) except -1
    # Bool: th_bool
    th_bool *THBoolStorage_data(const THStorage *self) except? NULL
    th_bool THBoolStorage_get(const THStorage *self, int64_t idx) except? 0
    int THBoolStorage_set(THStorage *self, int64_t idx, th_bool value) except -1
    th_bool *THBoolTensor_data(const THTensor *self) except? NULL
    th_bool THBoolTensor_get0d(const THTensor *self) except? 0
    th_bool THBoolTensor_get1d(const THTensor *self, int64_t i0) except? 0
    th_bool THBoolTensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    th_bool THBoolTensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    th_bool THBoolTensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THBoolTensor_set0d(THTensor *self, th_bool value) except -1
    int THBoolTensor_set1d(THTensor *self, int64_t i0, th_bool value) except -1
    int THBoolTensor_set2d(THTensor *self, int64_t i0, int64_t i1, th_bool value) except -1
    int THBoolTensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, th_bool value) except -1
    int THBoolTensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, th_bool value) except -1
    # BFloat16: THBFloat16
    THBFloat16 *THBFloat16Storage_data(const THStorage *self) except? NULL
    THBFloat16 THBFloat16Storage_get(const THStorage *self, int64_t idx) except *
    int THBFloat16Storage_set(THStorage *self, int64_t idx, THBFloat16 value) except -1
    THBFloat16 *THBFloat16Tensor_data(const THTensor *self) except? NULL
    THBFloat16 THBFloat16Tensor_get0d(const THTensor *self) except *
    THBFloat16 THBFloat16Tensor_get1d(const THTensor *self, int64_t i0) except *
    THBFloat16 THBFloat16Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except *
    THBFloat16 THBFloat16Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except *
    THBFloat16 THBFloat16Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except *
    int THBFloat16Tensor_set0d(THTensor *self, THBFloat16 value) except -1
    int THBFloat16Tensor_set1d(THTensor *self, int64_t i0, THBFloat16 value) except -1
    int THBFloat16Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, THBFloat16 value) except -1
    int THBFloat16Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, THBFloat16 value) except -1
    int THBFloat16Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, THBFloat16 value) except -1
    # ComplexFloat: THComplexFloat
    THComplexFloat *THComplex64Storage_data(const THStorage *self) except? NULL
    THComplexFloat THComplex64Storage_get(const THStorage *self, int64_t idx) except *
    int THComplex64Storage_set(THStorage *self, int64_t idx, THComplexFloat value) except -1
    THComplexFloat *THComplex64Tensor_data(const THTensor *self) except? NULL
    THComplexFloat THComplex64Tensor_get0d(const THTensor *self) except *
    THComplexFloat THComplex64Tensor_get1d(const THTensor *self, int64_t i0) except *
    THComplexFloat THComplex64Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except *
    THComplexFloat THComplex64Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except *
    THComplexFloat THComplex64Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except *
    int THComplex64Tensor_set0d(THTensor *self, THComplexFloat value) except -1
    int THComplex64Tensor_set1d(THTensor *self, int64_t i0, THComplexFloat value) except -1
    int THComplex64Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, THComplexFloat value) except -1
    int THComplex64Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, THComplexFloat value) except -1
    int THComplex64Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, THComplexFloat value) except -1
    # ComplexDouble: THComplexDouble
    THComplexDouble *THComplex128Storage_data(const THStorage *self) except? NULL
    THComplexDouble THComplex128Storage_get(const THStorage *self, int64_t idx) except *
    int THComplex128Storage_set(THStorage *self, int64_t idx, THComplexDouble value) except -1
    THComplexDouble *THComplex128Tensor_data(const THTensor *self) except? NULL
    THComplexDouble THComplex128Tensor_get0d(const THTensor *self) except *
    THComplexDouble THComplex128Tensor_get1d(const THTensor *self, int64_t i0) except *
    THComplexDouble THComplex128Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except *
    THComplexDouble THComplex128Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except *
    THComplexDouble THComplex128Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except *
    int THComplex128Tensor_set0d(THTensor *self, THComplexDouble value) except -1
    int THComplex128Tensor_set1d(THTensor *self, int64_t i0, THComplexDouble value) except -1
    int THComplex128Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, THComplexDouble value) except -1
    int THComplex128Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, THComplexDouble value) except -1
    int THComplex128Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, THComplexDouble value) except -1
    # UInt16: uint16_t
    uint16_t *THUInt16Storage_data(const THStorage *self) except? NULL
    uint16_t THUInt16Storage_get(const THStorage *self, int64_t idx) except? 0
    int THUInt16Storage_set(THStorage *self, int64_t idx, uint16_t value) except -1
    uint16_t *THUInt16Tensor_data(const THTensor *self) except? NULL
    uint16_t THUInt16Tensor_get0d(const THTensor *self) except? 0
    uint16_t THUInt16Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    uint16_t THUInt16Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    uint16_t THUInt16Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    uint16_t THUInt16Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THUInt16Tensor_set0d(THTensor *self, uint16_t value) except -1
    int THUInt16Tensor_set1d(THTensor *self, int64_t i0, uint16_t value) except -1
    int THUInt16Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, uint16_t value) except -1
    int THUInt16Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, uint16_t value) except -1
    int THUInt16Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, uint16_t value) except -1
    # UInt32: uint32_t
    uint32_t *THUInt32Storage_data(const THStorage *self) except? NULL
    uint32_t THUInt32Storage_get(const THStorage *self, int64_t idx) except? 0
    int THUInt32Storage_set(THStorage *self, int64_t idx, uint32_t value) except -1
    uint32_t *THUInt32Tensor_data(const THTensor *self) except? NULL
    uint32_t THUInt32Tensor_get0d(const THTensor *self) except? 0
    uint32_t THUInt32Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    uint32_t THUInt32Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    uint32_t THUInt32Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    uint32_t THUInt32Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THUInt32Tensor_set0d(THTensor *self, uint32_t value) except -1
    int THUInt32Tensor_set1d(THTensor *self, int64_t i0, uint32_t value) except -1
    int THUInt32Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, uint32_t value) except -1
    int THUInt32Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, uint32_t value) except -1
    int THUInt32Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, uint32_t value) except -1
    # UInt64: uint64_t
    uint64_t *THUInt64Storage_data(const THStorage *self) except? NULL
    uint64_t THUInt64Storage_get(const THStorage *self, int64_t idx) except? 0
    int THUInt64Storage_set(THStorage *self, int64_t idx, uint64_t value) except -1
    uint64_t *THUInt64Tensor_data(const THTensor *self) except? NULL
    uint64_t THUInt64Tensor_get0d(const THTensor *self) except? 0
    uint64_t THUInt64Tensor_get1d(const THTensor *self, int64_t i0) except? 0
    uint64_t THUInt64Tensor_get2d(const THTensor *self, int64_t i0, int64_t i1) except? 0
    uint64_t THUInt64Tensor_get3d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) except? 0
    uint64_t THUInt64Tensor_get4d(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) except? 0
    int THUInt64Tensor_set0d(THTensor *self, uint64_t value) except -1
    int THUInt64Tensor_set1d(THTensor *self, int64_t i0, uint64_t value) except -1
    int THUInt64Tensor_set2d(THTensor *self, int64_t i0, int64_t i1, uint64_t value) except -1
    int THUInt64Tensor_set3d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, uint64_t value) except -1
    int THUInt64Tensor_set4d(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3, uint64_t value) except -1

cdef extern from "TH/TH.h" nogil:
    # -------------------------------------------------------- THTensorIndex.h
    # the gather family and advanced indexing
    THTensor *THTensor_newIndexSelect(THTensor *src, int dim, THTensor *index) except NULL
    int THTensor_indexSelect(THTensor *result, THTensor *src, int dim, THTensor *index) except -1
    THTensor *THTensor_newGather(THTensor *src, int dim, THTensor *index) except NULL
    int THTensor_gather(THTensor *result, THTensor *src, int dim, THTensor *index) except -1
    THTensor *THTensor_newMaskedSelect(THTensor *src, THTensor *mask) except NULL
    int THTensor_maskedSelect(THTensor *result, THTensor *src, THTensor *mask) except -1
    THTensor *THTensor_newNonzero(THTensor *tensor) except NULL
    int THTensor_scatter(THTensor *self, int dim, THTensor *index, THTensor *src) except -1
    int THTensor_scatterFill(THTensor *self, int dim, THTensor *index, double value) except -1
    int THTensor_scatterFillInt64(THTensor *self, int dim, THTensor *index, int64_t value) except -1
    int THTensor_indexCopy(THTensor *self, int dim, THTensor *index, THTensor *src) except -1
    int THTensor_indexFill(THTensor *self, int dim, THTensor *index, double value) except -1
    int THTensor_indexFillInt64(THTensor *self, int dim, THTensor *index, int64_t value) except -1
    int THTensor_maskedFill(THTensor *self, THTensor *mask, double value) except -1
    int THTensor_maskedFillInt64(THTensor *self, THTensor *mask, int64_t value) except -1
    # the fills with one element of self's dtype (complex; uint64 beyond int64)
    int THTensor_scatterFillElement(THTensor *self, int dim, THTensor *index, const void *element) except -1
    int THTensor_indexFillElement(THTensor *self, int dim, THTensor *index, const void *element) except -1
    int THTensor_maskedFillElement(THTensor *self, THTensor *mask, const void *element) except -1
    THTensor *THTensor_newIndex(THTensor *src, THTensor *const *indices) except NULL
    int THTensor_indexPut(THTensor *self, THTensor *const *indices, THTensor *values) except -1
    int THTensor_indexPutAccumulate(THTensor *self, THTensor *const *indices, THTensor *values) except -1
    ctypedef enum THReduce:
        TH_REDUCE_SUM, TH_REDUCE_PROD, TH_REDUCE_AMAX, TH_REDUCE_AMIN
    int THTensor_scatterAdd(THTensor *self, int dim, THTensor *index, THTensor *src) except -1
    int THTensor_scatterReduce(THTensor *self, int dim, THTensor *index, THTensor *src, THReduce reduce) except -1
    int THTensor_indexAdd(THTensor *self, int dim, THTensor *index, THTensor *src, double alpha) except -1

cdef extern from "TH/TH.h" nogil:
    # -------------------------------------------------------------- THDebug.h
    enum: TH_SITE_SIZE
    enum: TH_INFO_DIMS

    ctypedef enum THObjectKind:
        TH_OBJECT_STORAGE
        TH_OBJECT_TENSOR
        TH_OBJECT_EXPR
        TH_OBJECT_SPARSE

    ctypedef struct THObjectInfo:
        THObjectKind kind
        THScalarType dtype
        int nDimension
        int64_t size[TH_INFO_DIMS]
        int64_t refcount
        uint64_t serial
        const void *object
        const char *function
        char site[TH_SITE_SIZE]

    ctypedef void (*THSiteHook)(char *buf, size_t size, void *data) noexcept

    void THDebug_setTracking(int on) noexcept
    int THDebug_isTracking() noexcept
    void THDebug_setSiteHook(THSiteHook hook, void *data) noexcept
    uint64_t THDebug_lastSerial() noexcept
    int64_t THDebug_liveObjects(THObjectInfo *out, int64_t capacity, uint64_t since) noexcept
    int64_t THDebug_misuseCount() noexcept
    int THDebug_checkTensor(const THTensor *self) except -1
    int THDebug_checkStorage(const THStorage *self) except -1
    int THDebug_isCaching() noexcept
    int64_t THDebug_cachedStructs() noexcept
    int64_t THDebug_streamedRuns() noexcept
    int64_t THDebug_streamMinBytes() noexcept
    void THDebug_setStreamMinBytes(int64_t bytes) noexcept
    void THDebug_failAllocation(int64_t n) noexcept
    int64_t THDebug_allocationsUntilFailure() noexcept

    # downstream counters of live objects (the leak harness reads them all)
    enum: TH_MAX_COUNTERS
    enum: TH_COUNTER_NAME_SIZE
    ctypedef int64_t (*THLiveCounter)() noexcept nogil
    ctypedef struct THCounterValue:
        char name[TH_COUNTER_NAME_SIZE]
        int64_t value
    int THDebug_registerCounter(const char *name, THLiveCounter count) except -1
    int THDebug_unregisterCounter(const char *name) noexcept
    int64_t THDebug_readCounters(THCounterValue *out, int64_t capacity) noexcept

cdef extern from "TH/TH.h" nogil:
    # ------------------------------------------------------------ THSTensor.h
    # sparse COO tensors (TH's THS); THSTensor_move steals indices and values
    ctypedef struct THSTensor:
        pass
    THSTensor *THSTensor_newWithSize(THScalarType dtype, int nDimension, const int64_t *size) except NULL
    THSTensor *THSTensor_newWithDims(THScalarType dtype, int nDimI, int nDimV, const int64_t *size) except NULL
    THSTensor *THSTensor_newWithTensor(THTensor *indices, THTensor *values) except NULL
    THSTensor *THSTensor_newWithTensorAndSize(THTensor *indices, THTensor *values, int nDimension,
                                              const int64_t *size) except NULL
    THSTensor *THSTensor_newWithTensorAndSizeUnsafe(THTensor *indices, THTensor *values,
                                                    int nDimension, const int64_t *size) except NULL
    void THSTensor_retain(THSTensor *self) noexcept
    void THSTensor_free(THSTensor *self) noexcept
    int64_t THSTensor_refcount(const THSTensor *self) noexcept
    int64_t THSTensor_liveCount() noexcept
    int64_t THSTensor_nnz(const THSTensor *self) noexcept
    int THSTensor_nDimension(const THSTensor *self) noexcept
    int THSTensor_nDimensionI(const THSTensor *self) noexcept
    int THSTensor_nDimensionV(const THSTensor *self) noexcept
    int64_t THSTensor_size(const THSTensor *self, int dim) except -1
    const int64_t *THSTensor_sizes(const THSTensor *self) noexcept
    THScalarType THSTensor_dtype(const THSTensor *self) noexcept
    int THSTensor_isCoalesced(const THSTensor *self) noexcept
    int THSTensor_setCoalesced(THSTensor *self, int coalesced) except -1
    THTensor *THSTensor_newIndices(const THSTensor *self) except NULL
    THTensor *THSTensor_newValues(const THSTensor *self) except NULL
    int THSTensor_move(THSTensor *self, THTensor *indices, THTensor *values) except -1
    int THSTensor_set(THSTensor *self, THTensor *indices, THTensor *values) except -1
    int THSTensor_resizeNd(THSTensor *self, int nDimI, int nDimV, const int64_t *size) except -1
    int THSTensor_zero(THSTensor *self) except -1
    int THSTensor_copy(THSTensor *self, THSTensor *src) except -1
    int THSTensor_checkInvariants(const THSTensor *self) except -1
    THSTensor *THSTensor_newClone(THSTensor *self) except NULL
    THSTensor *THSTensor_newCoalesce(THSTensor *self) except NULL
    THSTensor *THSTensor_newTranspose(THSTensor *self, int dim0, int dim1) except NULL
    THTensor *THSTensor_newToDense(THSTensor *self) except NULL
    THSTensor *THSTensor_newFromDense(THTensor *dense, int nDimI) except NULL
    int THSTensor_mul(THSTensor *r, THSTensor *t, double value) except -1
    int THSTensor_div(THSTensor *r, THSTensor *t, double value) except -1
    int THSTensor_cadd(THSTensor *r, THSTensor *t, double value, THSTensor *src) except -1
    int THSTensor_csub(THSTensor *r, THSTensor *t, double value, THSTensor *src) except -1
    int THSTensor_spcadd(THTensor *r, THTensor *dense, double value, THSTensor *sparse) except -1
    int THSTensor_spaddmm(THTensor *r, double beta, THTensor *t, double alpha, THSTensor *sparse,
                          THTensor *dense) except -1
    THTensor *THSTensor_newSumAll(THSTensor *self) except NULL
    THSTensor *THSTensor_newSum(THSTensor *self, int n, const int *dims) except NULL
# ---------------------------------------------------------- THHandle.h
# Typed handles (THFloat32Handle, THFloat32Handle_at2, ...): declared in
# th/_handle.pxd, one concept per file, and re-exported here.
from th._handle cimport *

cdef extern from "TH/TH.h" nogil:
    # ---------------------------------------------------------------- THExpr.h
    # Element-wise expressions (docs/EXPRESSIONS.md). Builders borrow their
    # operands, the ...Move forms steal them (also on failure; a NULL operand
    # is passed through as NULL without a second report).
    ctypedef struct THExpr:
        pass
    ctypedef struct THExprPlan:
        pass

    ctypedef enum THExprOp:
        TH_EXPR_NEG, TH_EXPR_ABS, TH_EXPR_SIGN, TH_EXPR_SQRT, TH_EXPR_RSQRT, TH_EXPR_EXP
        TH_EXPR_LOG, TH_EXPR_LOG1P, TH_EXPR_EXPM1, TH_EXPR_SIN, TH_EXPR_COS, TH_EXPR_TANH
        TH_EXPR_SIGMOID, TH_EXPR_FLOOR, TH_EXPR_CEIL, TH_EXPR_ROUND, TH_EXPR_TRUNC
        TH_EXPR_RECIPROCAL, TH_EXPR_LOGICAL_NOT, TH_EXPR_BITWISE_NOT
        TH_EXPR_ACOS, TH_EXPR_ASIN, TH_EXPR_ATAN, TH_EXPR_COSH, TH_EXPR_SINH, TH_EXPR_TAN
        TH_EXPR_ASINH, TH_EXPR_ACOSH, TH_EXPR_ATANH
        TH_EXPR_LOG2, TH_EXPR_LOG10, TH_EXPR_EXP2, TH_EXPR_SINC
        TH_EXPR_ERF, TH_EXPR_ERFC, TH_EXPR_ERFINV, TH_EXPR_LGAMMA, TH_EXPR_DIGAMMA
        TH_EXPR_FRAC
        TH_EXPR_ISNAN, TH_EXPR_ISINF, TH_EXPR_ISFINITE, TH_EXPR_ISPOSINF, TH_EXPR_ISNEGINF
        TH_EXPR_SIGNBIT, TH_EXPR_REAL, TH_EXPR_IMAG
        TH_EXPR_ADD, TH_EXPR_SUB, TH_EXPR_MUL, TH_EXPR_DIV, TH_EXPR_FLOOR_DIVIDE
        TH_EXPR_REMAINDER, TH_EXPR_POW, TH_EXPR_MINIMUM, TH_EXPR_MAXIMUM, TH_EXPR_ATAN2
        TH_EXPR_EQ, TH_EXPR_NE, TH_EXPR_LT, TH_EXPR_LE, TH_EXPR_GT, TH_EXPR_GE
        TH_EXPR_LOGICAL_AND, TH_EXPR_LOGICAL_OR, TH_EXPR_LOGICAL_XOR
        TH_EXPR_BITWISE_AND, TH_EXPR_BITWISE_OR, TH_EXPR_BITWISE_XOR
        TH_EXPR_FMOD, TH_EXPR_COPYSIGN, TH_EXPR_HYPOT, TH_EXPR_LOGADDEXP, TH_EXPR_LOGADDEXP2
        TH_EXPR_XLOGY, TH_EXPR_FMAX, TH_EXPR_FMIN
        TH_EXPR_BITWISE_LEFT_SHIFT, TH_EXPR_BITWISE_RIGHT_SHIFT, TH_EXPR_POLYGAMMA
        TH_EXPR_COMPLEX
        TH_EXPR_WHERE, TH_EXPR_CLAMP, TH_EXPR_ADDCMUL, TH_EXPR_LERP, TH_EXPR_FMA
        TH_EXPR_NUM_OPS

    ctypedef enum THExprKind:
        TH_EXPR_KIND_TENSOR, TH_EXPR_KIND_SCALAR, TH_EXPR_KIND_UNARY, TH_EXPR_KIND_BINARY
        TH_EXPR_KIND_TERNARY, TH_EXPR_KIND_CAST, TH_EXPR_KIND_DOT

    ctypedef enum THSaver:
        TH_SAVE_ASSIGN, TH_SAVE_ADD, TH_SAVE_SUB, TH_SAVE_MUL, TH_SAVE_DIV

    int THExprOp_arity(THExprOp op) noexcept
    const char *THExprOp_name(THExprOp op) noexcept
    int THScalarType_canCast(THScalarType from_type, THScalarType to_type) noexcept

    THExpr *THExpr_newTensor(THTensor *tensor) except NULL
    THExpr *THExpr_newScalar(THScalarType dtype, const void *element) except NULL
    THExpr *THExpr_newWeakBool(int value) except NULL
    THExpr *THExpr_newWeakInt64(int64_t value) except NULL
    THExpr *THExpr_newWeakDouble(double value) except NULL
    THExpr *THExpr_newWeakComplex(double re, double im) except NULL
    THExpr *THExpr_newUnary(THExprOp op, THExpr *a) except NULL
    THExpr *THExpr_newBinary(THExprOp op, THExpr *a, THExpr *b) except NULL
    THExpr *THExpr_newTernary(THExprOp op, THExpr *a, THExpr *b, THExpr *c) except NULL
    THExpr *THExpr_newCast(THExpr *a, THScalarType dtype) except NULL
    THExpr *THExpr_newUnaryMove(THExprOp op, THExpr *a) except NULL
    THExpr *THExpr_newBinaryMove(THExprOp op, THExpr *a, THExpr *b) except NULL
    THExpr *THExpr_newTernaryMove(THExprOp op, THExpr *a, THExpr *b, THExpr *c) except NULL
    THExpr *THExpr_newCastMove(THExpr *a, THScalarType dtype) except NULL
    THExpr *THExpr_newDot(THExpr *a, THExpr *b) except NULL
    THExpr *THExpr_newDotMove(THExpr *a, THExpr *b) except NULL

    void THExpr_retain(THExpr *self) noexcept
    void THExpr_free(THExpr *self) noexcept
    int64_t THExpr_refcount(const THExpr *self) noexcept
    int64_t THExpr_liveCount() noexcept

    THExprKind THExpr_kind(const THExpr *self) noexcept
    int THExpr_op(const THExpr *self) noexcept
    THScalarType THExpr_dtype(const THExpr *self) noexcept
    int THExpr_nDimension(const THExpr *self) noexcept
    const int64_t *THExpr_sizes(const THExpr *self) noexcept
    int64_t THExpr_nElement(const THExpr *self) noexcept
    int THExpr_isWeak(const THExpr *self) noexcept
    THExpr *THExpr_operand(const THExpr *self, int i) noexcept
    THTensor *THExpr_tensor(const THExpr *self) noexcept
    double THExpr_scalarValue(const THExpr *self) noexcept
    int THExpr_resultStrides(const THExpr *self, int64_t *stride) noexcept

    int THTensor_assign(THTensor *dst, THSaver saver, THExpr *e) except -1
    int THTensor_binaryOut(THTensor *out, THExprOp op, THTensor *a, THTensor *b) except -1
    THTensor *THTensor_newBinary(THExprOp op, THTensor *a, THTensor *b) except NULL
    int THTensor_binaryInto(THTensor *r, THExprOp op, THTensor *a, THTensor *b) except -1
    THTensor *THTensor_newEval(THExpr *e) except NULL

    THExprPlan *THExprPlan_new(THTensor *dst, THSaver saver, THExpr *e) except NULL
    int THExprPlan_run(THExprPlan *plan) except -1
    void THExprPlan_free(THExprPlan *plan) noexcept
    int64_t THExprPlan_liveCount() noexcept

    # TH's math names: one-node expressions evaluated into r (0, or -1)
    int THTensor_add(THTensor *r, THTensor *t, double value) except -1
    int THTensor_sub(THTensor *r, THTensor *t, double value) except -1
    int THTensor_mul(THTensor *r, THTensor *t, double value) except -1
    int THTensor_div(THTensor *r, THTensor *t, double value) except -1
    int THTensor_pow(THTensor *r, THTensor *t, double value) except -1
    int THTensor_cadd(THTensor *r, THTensor *t, double value, THTensor *src) except -1
    int THTensor_csub(THTensor *r, THTensor *t, double value, THTensor *src) except -1
    int THTensor_cmul(THTensor *r, THTensor *t, THTensor *src) except -1
    int THTensor_cdiv(THTensor *r, THTensor *t, THTensor *src) except -1
    int THTensor_cpow(THTensor *r, THTensor *t, THTensor *src) except -1
    int THTensor_addcmul(THTensor *r, THTensor *t, double value, THTensor *src1,
                         THTensor *src2) except -1
    int THTensor_addcdiv(THTensor *r, THTensor *t, double value, THTensor *src1,
                         THTensor *src2) except -1
    int THTensor_clamp(THTensor *r, THTensor *t, double min_value, double max_value) except -1
    int THTensor_unary(THTensor *r, THExprOp op, THTensor *t) except -1
    int THTensor_binary(THTensor *r, THExprOp op, THTensor *a, THTensor *b) except -1
    int THTensor_ltValue(THTensor *r, THTensor *t, double value) except -1
    int THTensor_leValue(THTensor *r, THTensor *t, double value) except -1
    int THTensor_gtValue(THTensor *r, THTensor *t, double value) except -1
    int THTensor_geValue(THTensor *r, THTensor *t, double value) except -1
    int THTensor_eqValue(THTensor *r, THTensor *t, double value) except -1
    int THTensor_neValue(THTensor *r, THTensor *t, double value) except -1
    int THTensor_ltTensor(THTensor *r, THTensor *a, THTensor *b) except -1
    int THTensor_leTensor(THTensor *r, THTensor *a, THTensor *b) except -1
    int THTensor_gtTensor(THTensor *r, THTensor *a, THTensor *b) except -1
    int THTensor_geTensor(THTensor *r, THTensor *a, THTensor *b) except -1
    int THTensor_eqTensor(THTensor *r, THTensor *a, THTensor *b) except -1
    int THTensor_neTensor(THTensor *r, THTensor *a, THTensor *b) except -1
    int THTensor_abs(THTensor *r, THTensor *t) except -1
    int THTensor_neg(THTensor *r, THTensor *t) except -1
    int THTensor_sigmoid(THTensor *r, THTensor *t) except -1
    int THTensor_exp(THTensor *r, THTensor *t) except -1
    int THTensor_log(THTensor *r, THTensor *t) except -1
    int THTensor_sqrt(THTensor *r, THTensor *t) except -1
    int THTensor_tanh(THTensor *r, THTensor *t) except -1
    int THTensor_equal(THTensor *a, THTensor *b) except -1
cdef extern from "TH/TH.h" nogil:
    # ------------------------------------------- THTensorMath.h: products
    int THTensor_addmm(THTensor *r, double beta, THTensor *t, double alpha, THTensor *m1,
                       THTensor *m2) except -1
    int THTensor_addmv(THTensor *r, double beta, THTensor *t, double alpha, THTensor *mat,
                       THTensor *vec) except -1
    int THTensor_addr(THTensor *r, double beta, THTensor *t, double alpha, THTensor *vec1,
                      THTensor *vec2) except -1
    int THTensor_baddbmm(THTensor *r, double beta, THTensor *t, double alpha,
                         THTensor *batch1, THTensor *batch2) except -1
    int THTensor_addbmm(THTensor *r, double beta, THTensor *t, double alpha,
                        THTensor *batch1, THTensor *batch2) except -1
    int THTensor_mm(THTensor *r, THTensor *m1, THTensor *m2) except -1
    int THTensor_mv(THTensor *r, THTensor *mat, THTensor *vec) except -1
    int THTensor_bmm(THTensor *r, THTensor *batch1, THTensor *batch2) except -1
    int THTensor_dot(THTensor *r, THTensor *a, THTensor *b) except -1
    THTensor *THTensor_newMm(THTensor *m1, THTensor *m2) except NULL
    THTensor *THTensor_newMv(THTensor *mat, THTensor *vec) except NULL
    THTensor *THTensor_newBmm(THTensor *batch1, THTensor *batch2) except NULL
    THTensor *THTensor_newDot(THTensor *a, THTensor *b) except NULL
    # ------------------------- THTensorMath.h: reductions of an expression
    THTensor *THTensor_newExprSum(THExpr *e, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newExprProd(THExpr *e, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newExprMean(THExpr *e, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newExprAmax(THExpr *e, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newExprAmin(THExpr *e, int nDims, const int *dims, int keepdim) except NULL
    THTensor *THTensor_newExprNorm(THExpr *e, double p, int nDims, const int *dims,
                                   int keepdim) except NULL
    int64_t THTensor_exprSlabBytes(int64_t bytes)
cdef extern from "TH/TH.h" nogil:
    # ------------------------------- THGenerator.h, THTensorRandom.h: random
    ctypedef struct THGenerator
    enum: TH_GENERATOR_STATE_SIZE
    unsigned long long TH_GENERATOR_DEFAULT_SEED
    THGenerator *THGenerator_newWithSeed(uint64_t seed) except NULL
    THGenerator *THGenerator_newClone(THGenerator *self) except NULL
    void THGenerator_retain(THGenerator *self) noexcept
    void THGenerator_free(THGenerator *self) noexcept
    int64_t THGenerator_refcount(const THGenerator *self) noexcept
    int64_t THGenerator_liveCount() noexcept
    THGenerator *THGenerator_default() noexcept
    void THGenerator_manualSeed(THGenerator *self, uint64_t seed) noexcept
    uint64_t THGenerator_initialSeed(THGenerator *self) noexcept
    uint64_t THGenerator_seed(THGenerator *self) noexcept
    uint32_t THGenerator_random(THGenerator *self) noexcept
    uint64_t THGenerator_random64(THGenerator *self) noexcept
    int THGenerator_getState(THGenerator *self, THTensor *state) except -1
    int THGenerator_setState(THGenerator *self, THTensor *state) except -1
    int THTensor_uniform(THTensor *self, THGenerator *gen, double from_, double to) except -1
    int THTensor_clampedRandom(THTensor *self, THGenerator *gen, int64_t min, int64_t max) except -1
    int THTensor_cappedRandom(THTensor *self, THGenerator *gen, int64_t max) except -1
    int THTensor_random(THTensor *self, THGenerator *gen) except -1
    THTensor *THTensor_newRandperm(THGenerator *gen, int64_t n, THScalarType dtype) except NULL
    int THTensor_normal(THTensor *self, THGenerator *gen, double mean, double std) except -1
    int THTensor_normal_means(THTensor *self, THGenerator *gen, THTensor *means, double std) except -1
    int THTensor_normal_stddevs(THTensor *self, THGenerator *gen, double mean, THTensor *stds) except -1
    int THTensor_normal_means_stddevs(THTensor *self, THGenerator *gen, THTensor *means, THTensor *stds) except -1
    int THTensor_exponential(THTensor *self, THGenerator *gen, double lambd) except -1
    int THTensor_cauchy(THTensor *self, THGenerator *gen, double median, double sigma) except -1
    int THTensor_logNormal(THTensor *self, THGenerator *gen, double mean, double std) except -1
    int THTensor_geometric(THTensor *self, THGenerator *gen, double p) except -1
    int THTensor_bernoulli(THTensor *self, THGenerator *gen, double p) except -1
    int THTensor_bernoulli_Tensor(THTensor *self, THGenerator *gen, THTensor *p) except -1
    int THTensor_poisson(THTensor *self, THGenerator *gen, THTensor *rates) except -1
    int THTensor_standard_gamma(THTensor *self, THGenerator *gen, THTensor *alpha) except -1
    int THTensor_multinomial(THTensor *self, THGenerator *gen, THTensor *prob, int64_t n, int replacement) except -1
    int THTensor_multinomialAliasSetup(THTensor *probs, THTensor *J, THTensor *q) except -1
    int THTensor_multinomialAliasDraw(THTensor *self, THGenerator *gen, THTensor *J, THTensor *q) except -1

    # ---------------------------------- THTensorFactories.h: factories, structure
    int THTensor_zerosLike(THTensor *r, THTensor *input) except -1
    int THTensor_onesLike(THTensor *r, THTensor *input) except -1
    int THTensor_eye(THTensor *r, int64_t n, int64_t m) except -1
    int THTensor_arange(THTensor *r, double xmin, double xmax, double step) except -1
    int THTensor_range(THTensor *r, double xmin, double xmax, double step) except -1
    int THTensor_arangeInt64(THTensor *r, int64_t start, int64_t step, int64_t n) except -1
    int THTensor_linspace(THTensor *r, double a, double b, int64_t n) except -1
    int THTensor_logspace(THTensor *r, double a, double b, int64_t n, double base) except -1
    int THTensor_diag(THTensor *r, THTensor *t, int64_t k) except -1
    int THTensor_tril(THTensor *r, THTensor *t, int64_t k) except -1
    int THTensor_triu(THTensor *r, THTensor *t, int64_t k) except -1
    int THTensor_trace(THTensor *r, THTensor *t) except -1
    int THTensor_cross(THTensor *r, THTensor *a, THTensor *b, int dim) except -1
    int THTensor_dist(THTensor *r, THTensor *a, THTensor *b, double p) except -1
    int THTensor_cdist(THTensor *result, THTensor *x1, THTensor *x2, double p) except -1
    int THTensor_pdist(THTensor *result, THTensor *input, double p) except -1
    int THTensor_renorm(THTensor *r, THTensor *src, double p, int dim, double maxnorm) except -1
cdef extern from "TH/TH.h" nogil:
    # ------------------------------- THTensorSort.h, THTensorScan.h: sorting, scans
    int THTensor_sort(THTensor *values, THTensor *indices, THTensor *input, int dim,
                      int descending, int stable) except -1
    int THTensor_topk(THTensor *values, THTensor *indices, THTensor *input, int64_t k, int dim,
                      int largest, int sorted) except -1
    int THTensor_kthvalue(THTensor *values, THTensor *indices, THTensor *input, int64_t k,
                          int dim, int keepdim) except -1
    int THTensor_median(THTensor *values, THTensor *indices, THTensor *input, int dim,
                        int keepdim) except -1
    int THTensor_nanmedian(THTensor *values, THTensor *indices, THTensor *input, int dim,
                           int keepdim) except -1
    int THTensor_mode(THTensor *values, THTensor *indices, THTensor *input, int dim,
                      int keepdim) except -1
    int THTensor_cumsum(THTensor *result, THTensor *input, int dim) except -1
    int THTensor_cumprod(THTensor *result, THTensor *input, int dim) except -1
    int THTensor_cummax(THTensor *values, THTensor *indices, THTensor *input, int dim) except -1
    int THTensor_cummin(THTensor *values, THTensor *indices, THTensor *input, int dim) except -1
    int THTensor_logcumsumexp(THTensor *result, THTensor *input, int dim) except -1
    # ------------------------------- THTensorRows.h: the fused row kernels
    int THTensor_softmax(THTensor *result, THTensor *input, int dim) except -1
    int THTensor_logSoftmax(THTensor *result, THTensor *input, int dim) except -1
    int THTensor_logsumexp(THTensor *result, THTensor *input, int dim, int keepdim) except -1
    int THTensor_layerNorm(THTensor *result, THTensor *input, int normalized_ndim,
                           THTensor *weight, THTensor *bias, double eps) except -1
    int THTensor_rmsNorm(THTensor *result, THTensor *input, int normalized_ndim,
                         THTensor *weight, double eps) except -1
    # ------------------------------- THTensorSearch.h: searching and counting
    int THTensor_searchsorted(THTensor *result, THTensor *sorted, THTensor *input, int right,
                              THTensor *sorter) except -1
    int THTensor_bucketize(THTensor *result, THTensor *input, THTensor *boundaries,
                           int right) except -1
    int THTensor_bincount(THTensor *result, THTensor *input, THTensor *weights,
                          int64_t minlength) except -1
    int THTensor_histc(THTensor *result, THTensor *input, int64_t bins, double min,
                       double max) except -1
cdef extern from "TH/TH.h" nogil:
    # ---------------------------------- THTensorLapack.h: LAPACK (batched)
    ctypedef enum THLstsqDriver:
        TH_LSTSQ_GELS
        TH_LSTSQ_GELSY
        TH_LSTSQ_GELSD
        TH_LSTSQ_GELSS
    int THTensor_getrf(THTensor *lu, THTensor *pivots, THTensor *info, THTensor *a) except -1
    int THTensor_getrs(THTensor *x, THTensor *lu, THTensor *pivots, THTensor *b, int adjoint) except -1
    int THTensor_gesv(THTensor *x, THTensor *lu, THTensor *pivots, THTensor *info, THTensor *b, THTensor *a) except -1
    int THTensor_getri(THTensor *inv, THTensor *info, THTensor *a) except -1
    int THTensor_luUnpack(THTensor *p, THTensor *l, THTensor *u, THTensor *lu, THTensor *pivots) except -1
    int THTensor_det(THTensor *det, THTensor *a) except -1
    int THTensor_slogdet(THTensor *sign, THTensor *logabsdet, THTensor *a) except -1
    int THTensor_potrf(THTensor *c, THTensor *info, THTensor *a, int upper) except -1
    int THTensor_potrs(THTensor *x, THTensor *b, THTensor *c, int upper) except -1
    int THTensor_potri(THTensor *inv, THTensor *info, THTensor *c, int upper) except -1
    int THTensor_pstrf(THTensor *c, THTensor *piv, THTensor *rank, THTensor *a, int upper, double tol) except -1
    int THTensor_sytrf(THTensor *ld, THTensor *pivots, THTensor *info, THTensor *a, int hermitian) except -1
    int THTensor_sytrs(THTensor *x, THTensor *ld, THTensor *pivots, THTensor *b, int hermitian) except -1
    int THTensor_trtrs(THTensor *x, THTensor *b, THTensor *a, int upper, int trans, int unitriangular, int left) except -1
    int THTensor_geqrf(THTensor *qr, THTensor *tau, THTensor *a) except -1
    int THTensor_orgqr(THTensor *q, THTensor *a, THTensor *tau) except -1
    int THTensor_ormqr(THTensor *r, THTensor *a, THTensor *tau, THTensor *c, int left, int trans) except -1
    int THTensor_qr(THTensor *q, THTensor *r, THTensor *a, int complete) except -1
    int THTensor_syev(THTensor *w, THTensor *v, THTensor *info, THTensor *a, int upper) except -1
    int THTensor_geev(THTensor *w, THTensor *v, THTensor *info, THTensor *a) except -1
    int THTensor_gesdd(THTensor *u, THTensor *s, THTensor *vh, THTensor *info, THTensor *a, int full) except -1
    int THTensor_gels(THTensor *x, THTensor *residuals, THTensor *rank, THTensor *sv, THTensor *a, THTensor *b, THLstsqDriver driver, double rcond) except -1

cdef extern from "TH/TH.h" nogil:
    # ---------------------------------- THTensorConv.h: convolution
    int THTensor_convNd(THTensor *output, THTensor *input, THTensor *weight, THTensor *bias,
                        int nSpatial, const int64_t *stride, const int64_t *padding,
                        const int64_t *dilation, int64_t groups) except -1
    int THTensor_convTransposeNd(THTensor *output, THTensor *input, THTensor *weight,
                                 THTensor *bias, int nSpatial, const int64_t *stride,
                                 const int64_t *padding, const int64_t *outputPadding,
                                 const int64_t *dilation, int64_t groups) except -1
    # TH's plane convolutions: r = beta * r + alpha * (planes of t with planes of k)
    int THTensor_conv2Dmv(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t srow, int64_t scol, const char *vf, const char *xc) except -1
    int THTensor_conv2Dmm(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t srow, int64_t scol, const char *vf, const char *xc) except -1
    int THTensor_conv2Dger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t srow, int64_t scol, const char *vf, const char *xc) except -1
    int THTensor_conv2Dmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t srow, int64_t scol, const char *vf, const char *xc) except -1
    int THTensor_conv2Dcmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t srow, int64_t scol, const char *vf, const char *xc) except -1
    int THTensor_conv2DRevger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t srow, int64_t scol) except -1
    int THTensor_conv2DRevgerm(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t srow, int64_t scol) except -1
    int THTensor_conv3Dmv(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t sdepth, int64_t srow, int64_t scol, const char *vf, const char *xc) except -1
    int THTensor_conv3Dger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t sdepth, int64_t srow, int64_t scol, const char *vf, const char *xc) except -1
    int THTensor_conv3Dmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t sdepth, int64_t srow, int64_t scol, const char *vf, const char *xc) except -1
    int THTensor_conv3Dcmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t sdepth, int64_t srow, int64_t scol, const char *vf, const char *xc) except -1
    int THTensor_conv3DRevger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
        int64_t sdepth, int64_t srow, int64_t scol) except -1
    # their pointer kernels: r += alpha * (t conv k), contiguous planes of dtype
    int THTensor_validXCorr2Dptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t ir, int64_t ic, const void *k, int64_t kr, int64_t kc, int64_t sr,
        int64_t sc) except -1
    int THTensor_validConv2Dptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t ir, int64_t ic, const void *k, int64_t kr, int64_t kc, int64_t sr,
        int64_t sc) except -1
    int THTensor_fullXCorr2Dptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t ir, int64_t ic, const void *k, int64_t kr, int64_t kc, int64_t sr,
        int64_t sc) except -1
    int THTensor_fullConv2Dptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t ir, int64_t ic, const void *k, int64_t kr, int64_t kc, int64_t sr,
        int64_t sc) except -1
    int THTensor_validXCorr2DRevptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t ir, int64_t ic, const void *k, int64_t kr, int64_t kc, int64_t sr,
        int64_t sc) except -1
    int THTensor_validXCorr3Dptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t it, int64_t ir, int64_t ic, const void *k, int64_t kt, int64_t kr,
        int64_t kc, int64_t st, int64_t sr, int64_t sc) except -1
    int THTensor_validConv3Dptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t it, int64_t ir, int64_t ic, const void *k, int64_t kt, int64_t kr,
        int64_t kc, int64_t st, int64_t sr, int64_t sc) except -1
    int THTensor_fullXCorr3Dptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t it, int64_t ir, int64_t ic, const void *k, int64_t kt, int64_t kr,
        int64_t kc, int64_t st, int64_t sr, int64_t sc) except -1
    int THTensor_fullConv3Dptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t it, int64_t ir, int64_t ic, const void *k, int64_t kt, int64_t kr,
        int64_t kc, int64_t st, int64_t sr, int64_t sc) except -1
    int THTensor_validXCorr3DRevptr(THScalarType dtype, void *r, double alpha, const void *t,
        int64_t it, int64_t ir, int64_t ic, const void *k, int64_t kt, int64_t kr,
        int64_t kc, int64_t st, int64_t sr, int64_t sc) except -1
