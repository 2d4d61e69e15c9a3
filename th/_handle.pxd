# th/_handle.pxd: typed handles (include/TH/THHandle.h) for Cython: what a
# loop reads a tensor through. th.libTH and `cimport th` both re-export them:
#
#     cimport th
#     cdef th.THFloat32Handle h
#     th.THFloat32Handle_init(&h, t.cdata)          # TypeError unless float32
#     for i in range(h.size[0]):
#         for j in range(h.size[1]):
#             total += th.THFloat32Handle_at2(&h, i, j)[0]
#
# A handle borrows its tensor (no reference: nothing to free) and is valid
# while the tensor lives with the same geometry. at1..at4, offset and atN
# check nothing (inline, noexcept); checkedAt reports ValueError/IndexError
# (except NULL). See docs/HANDLES.md.
from libc.stdint cimport int64_t, int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t

from th.libTH cimport (TH_MAX_DIMS, THBFloat16, THComplexDouble, THComplexFloat, THHalf,
                       THTensor, th_bool)

cdef extern from "TH/TH.h" nogil:
    # Byte: uint8_t
    ctypedef struct THUInt8Handle:
        uint8_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THUInt8Handle_init(THUInt8Handle *h, const THTensor *tensor) except -1
    uint8_t *THUInt8Handle_at1(const THUInt8Handle *h, int64_t i0) noexcept
    uint8_t *THUInt8Handle_at2(const THUInt8Handle *h, int64_t i0, int64_t i1) noexcept
    uint8_t *THUInt8Handle_at3(const THUInt8Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    uint8_t *THUInt8Handle_at4(const THUInt8Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THUInt8Handle_offset(const THUInt8Handle *h, const int64_t *idx) noexcept
    uint8_t *THUInt8Handle_atN(const THUInt8Handle *h, const int64_t *idx) noexcept
    uint8_t *THUInt8Handle_checkedAt(const THUInt8Handle *h, int n, const int64_t *idx) except NULL
    # Char: int8_t
    ctypedef struct THInt8Handle:
        int8_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THInt8Handle_init(THInt8Handle *h, const THTensor *tensor) except -1
    int8_t *THInt8Handle_at1(const THInt8Handle *h, int64_t i0) noexcept
    int8_t *THInt8Handle_at2(const THInt8Handle *h, int64_t i0, int64_t i1) noexcept
    int8_t *THInt8Handle_at3(const THInt8Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    int8_t *THInt8Handle_at4(const THInt8Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THInt8Handle_offset(const THInt8Handle *h, const int64_t *idx) noexcept
    int8_t *THInt8Handle_atN(const THInt8Handle *h, const int64_t *idx) noexcept
    int8_t *THInt8Handle_checkedAt(const THInt8Handle *h, int n, const int64_t *idx) except NULL
    # Short: int16_t
    ctypedef struct THInt16Handle:
        int16_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THInt16Handle_init(THInt16Handle *h, const THTensor *tensor) except -1
    int16_t *THInt16Handle_at1(const THInt16Handle *h, int64_t i0) noexcept
    int16_t *THInt16Handle_at2(const THInt16Handle *h, int64_t i0, int64_t i1) noexcept
    int16_t *THInt16Handle_at3(const THInt16Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    int16_t *THInt16Handle_at4(const THInt16Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THInt16Handle_offset(const THInt16Handle *h, const int64_t *idx) noexcept
    int16_t *THInt16Handle_atN(const THInt16Handle *h, const int64_t *idx) noexcept
    int16_t *THInt16Handle_checkedAt(const THInt16Handle *h, int n, const int64_t *idx) except NULL
    # Int: int32_t
    ctypedef struct THInt32Handle:
        int32_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THInt32Handle_init(THInt32Handle *h, const THTensor *tensor) except -1
    int32_t *THInt32Handle_at1(const THInt32Handle *h, int64_t i0) noexcept
    int32_t *THInt32Handle_at2(const THInt32Handle *h, int64_t i0, int64_t i1) noexcept
    int32_t *THInt32Handle_at3(const THInt32Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    int32_t *THInt32Handle_at4(const THInt32Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THInt32Handle_offset(const THInt32Handle *h, const int64_t *idx) noexcept
    int32_t *THInt32Handle_atN(const THInt32Handle *h, const int64_t *idx) noexcept
    int32_t *THInt32Handle_checkedAt(const THInt32Handle *h, int n, const int64_t *idx) except NULL
    # Long: int64_t
    ctypedef struct THInt64Handle:
        int64_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THInt64Handle_init(THInt64Handle *h, const THTensor *tensor) except -1
    int64_t *THInt64Handle_at1(const THInt64Handle *h, int64_t i0) noexcept
    int64_t *THInt64Handle_at2(const THInt64Handle *h, int64_t i0, int64_t i1) noexcept
    int64_t *THInt64Handle_at3(const THInt64Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    int64_t *THInt64Handle_at4(const THInt64Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THInt64Handle_offset(const THInt64Handle *h, const int64_t *idx) noexcept
    int64_t *THInt64Handle_atN(const THInt64Handle *h, const int64_t *idx) noexcept
    int64_t *THInt64Handle_checkedAt(const THInt64Handle *h, int n, const int64_t *idx) except NULL
    # Half: THHalf
    ctypedef struct THFloat16Handle:
        THHalf *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THFloat16Handle_init(THFloat16Handle *h, const THTensor *tensor) except -1
    THHalf *THFloat16Handle_at1(const THFloat16Handle *h, int64_t i0) noexcept
    THHalf *THFloat16Handle_at2(const THFloat16Handle *h, int64_t i0, int64_t i1) noexcept
    THHalf *THFloat16Handle_at3(const THFloat16Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    THHalf *THFloat16Handle_at4(const THFloat16Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THFloat16Handle_offset(const THFloat16Handle *h, const int64_t *idx) noexcept
    THHalf *THFloat16Handle_atN(const THFloat16Handle *h, const int64_t *idx) noexcept
    THHalf *THFloat16Handle_checkedAt(const THFloat16Handle *h, int n, const int64_t *idx) except NULL
    # Float: float
    ctypedef struct THFloat32Handle:
        float *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THFloat32Handle_init(THFloat32Handle *h, const THTensor *tensor) except -1
    float *THFloat32Handle_at1(const THFloat32Handle *h, int64_t i0) noexcept
    float *THFloat32Handle_at2(const THFloat32Handle *h, int64_t i0, int64_t i1) noexcept
    float *THFloat32Handle_at3(const THFloat32Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    float *THFloat32Handle_at4(const THFloat32Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THFloat32Handle_offset(const THFloat32Handle *h, const int64_t *idx) noexcept
    float *THFloat32Handle_atN(const THFloat32Handle *h, const int64_t *idx) noexcept
    float *THFloat32Handle_checkedAt(const THFloat32Handle *h, int n, const int64_t *idx) except NULL
    # Double: double
    ctypedef struct THFloat64Handle:
        double *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THFloat64Handle_init(THFloat64Handle *h, const THTensor *tensor) except -1
    double *THFloat64Handle_at1(const THFloat64Handle *h, int64_t i0) noexcept
    double *THFloat64Handle_at2(const THFloat64Handle *h, int64_t i0, int64_t i1) noexcept
    double *THFloat64Handle_at3(const THFloat64Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    double *THFloat64Handle_at4(const THFloat64Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THFloat64Handle_offset(const THFloat64Handle *h, const int64_t *idx) noexcept
    double *THFloat64Handle_atN(const THFloat64Handle *h, const int64_t *idx) noexcept
    double *THFloat64Handle_checkedAt(const THFloat64Handle *h, int n, const int64_t *idx) except NULL
    # Bool: th_bool
    ctypedef struct THBoolHandle:
        th_bool *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THBoolHandle_init(THBoolHandle *h, const THTensor *tensor) except -1
    th_bool *THBoolHandle_at1(const THBoolHandle *h, int64_t i0) noexcept
    th_bool *THBoolHandle_at2(const THBoolHandle *h, int64_t i0, int64_t i1) noexcept
    th_bool *THBoolHandle_at3(const THBoolHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    th_bool *THBoolHandle_at4(const THBoolHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THBoolHandle_offset(const THBoolHandle *h, const int64_t *idx) noexcept
    th_bool *THBoolHandle_atN(const THBoolHandle *h, const int64_t *idx) noexcept
    th_bool *THBoolHandle_checkedAt(const THBoolHandle *h, int n, const int64_t *idx) except NULL
    # BFloat16: THBFloat16
    ctypedef struct THBFloat16Handle:
        THBFloat16 *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THBFloat16Handle_init(THBFloat16Handle *h, const THTensor *tensor) except -1
    THBFloat16 *THBFloat16Handle_at1(const THBFloat16Handle *h, int64_t i0) noexcept
    THBFloat16 *THBFloat16Handle_at2(const THBFloat16Handle *h, int64_t i0, int64_t i1) noexcept
    THBFloat16 *THBFloat16Handle_at3(const THBFloat16Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    THBFloat16 *THBFloat16Handle_at4(const THBFloat16Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THBFloat16Handle_offset(const THBFloat16Handle *h, const int64_t *idx) noexcept
    THBFloat16 *THBFloat16Handle_atN(const THBFloat16Handle *h, const int64_t *idx) noexcept
    THBFloat16 *THBFloat16Handle_checkedAt(const THBFloat16Handle *h, int n, const int64_t *idx) except NULL
    # ComplexFloat: THComplexFloat
    ctypedef struct THComplex64Handle:
        THComplexFloat *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THComplex64Handle_init(THComplex64Handle *h, const THTensor *tensor) except -1
    THComplexFloat *THComplex64Handle_at1(const THComplex64Handle *h, int64_t i0) noexcept
    THComplexFloat *THComplex64Handle_at2(const THComplex64Handle *h, int64_t i0, int64_t i1) noexcept
    THComplexFloat *THComplex64Handle_at3(const THComplex64Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    THComplexFloat *THComplex64Handle_at4(const THComplex64Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THComplex64Handle_offset(const THComplex64Handle *h, const int64_t *idx) noexcept
    THComplexFloat *THComplex64Handle_atN(const THComplex64Handle *h, const int64_t *idx) noexcept
    THComplexFloat *THComplex64Handle_checkedAt(const THComplex64Handle *h, int n, const int64_t *idx) except NULL
    # ComplexDouble: THComplexDouble
    ctypedef struct THComplex128Handle:
        THComplexDouble *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THComplex128Handle_init(THComplex128Handle *h, const THTensor *tensor) except -1
    THComplexDouble *THComplex128Handle_at1(const THComplex128Handle *h, int64_t i0) noexcept
    THComplexDouble *THComplex128Handle_at2(const THComplex128Handle *h, int64_t i0, int64_t i1) noexcept
    THComplexDouble *THComplex128Handle_at3(const THComplex128Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    THComplexDouble *THComplex128Handle_at4(const THComplex128Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THComplex128Handle_offset(const THComplex128Handle *h, const int64_t *idx) noexcept
    THComplexDouble *THComplex128Handle_atN(const THComplex128Handle *h, const int64_t *idx) noexcept
    THComplexDouble *THComplex128Handle_checkedAt(const THComplex128Handle *h, int n, const int64_t *idx) except NULL
    # UInt16: uint16_t
    ctypedef struct THUInt16Handle:
        uint16_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THUInt16Handle_init(THUInt16Handle *h, const THTensor *tensor) except -1
    uint16_t *THUInt16Handle_at1(const THUInt16Handle *h, int64_t i0) noexcept
    uint16_t *THUInt16Handle_at2(const THUInt16Handle *h, int64_t i0, int64_t i1) noexcept
    uint16_t *THUInt16Handle_at3(const THUInt16Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    uint16_t *THUInt16Handle_at4(const THUInt16Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THUInt16Handle_offset(const THUInt16Handle *h, const int64_t *idx) noexcept
    uint16_t *THUInt16Handle_atN(const THUInt16Handle *h, const int64_t *idx) noexcept
    uint16_t *THUInt16Handle_checkedAt(const THUInt16Handle *h, int n, const int64_t *idx) except NULL
    # UInt32: uint32_t
    ctypedef struct THUInt32Handle:
        uint32_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THUInt32Handle_init(THUInt32Handle *h, const THTensor *tensor) except -1
    uint32_t *THUInt32Handle_at1(const THUInt32Handle *h, int64_t i0) noexcept
    uint32_t *THUInt32Handle_at2(const THUInt32Handle *h, int64_t i0, int64_t i1) noexcept
    uint32_t *THUInt32Handle_at3(const THUInt32Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    uint32_t *THUInt32Handle_at4(const THUInt32Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THUInt32Handle_offset(const THUInt32Handle *h, const int64_t *idx) noexcept
    uint32_t *THUInt32Handle_atN(const THUInt32Handle *h, const int64_t *idx) noexcept
    uint32_t *THUInt32Handle_checkedAt(const THUInt32Handle *h, int n, const int64_t *idx) except NULL
    # UInt64: uint64_t
    ctypedef struct THUInt64Handle:
        uint64_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THUInt64Handle_init(THUInt64Handle *h, const THTensor *tensor) except -1
    uint64_t *THUInt64Handle_at1(const THUInt64Handle *h, int64_t i0) noexcept
    uint64_t *THUInt64Handle_at2(const THUInt64Handle *h, int64_t i0, int64_t i1) noexcept
    uint64_t *THUInt64Handle_at3(const THUInt64Handle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    uint64_t *THUInt64Handle_at4(const THUInt64Handle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THUInt64Handle_offset(const THUInt64Handle *h, const int64_t *idx) noexcept
    uint64_t *THUInt64Handle_atN(const THUInt64Handle *h, const int64_t *idx) noexcept
    uint64_t *THUInt64Handle_checkedAt(const THUInt64Handle *h, int n, const int64_t *idx) except NULL
