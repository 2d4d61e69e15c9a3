# th/_handle.pxd: typed handles (include/TH/THHandle.h) for Cython: what a
# loop reads a tensor through. th.libTH and `cimport th` both re-export them:
#
#     cimport th
#     cdef th.THFloatHandle h
#     th.THFloatHandle_init(&h, t.cdata)          # TypeError unless float32
#     for i in range(h.size[0]):
#         for j in range(h.size[1]):
#             total += th.THFloatHandle_at2(&h, i, j)[0]
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
    ctypedef struct THByteHandle:
        uint8_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THByteHandle_init(THByteHandle *h, const THTensor *tensor) except -1
    uint8_t *THByteHandle_at1(const THByteHandle *h, int64_t i0) noexcept
    uint8_t *THByteHandle_at2(const THByteHandle *h, int64_t i0, int64_t i1) noexcept
    uint8_t *THByteHandle_at3(const THByteHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    uint8_t *THByteHandle_at4(const THByteHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THByteHandle_offset(const THByteHandle *h, const int64_t *idx) noexcept
    uint8_t *THByteHandle_atN(const THByteHandle *h, const int64_t *idx) noexcept
    uint8_t *THByteHandle_checkedAt(const THByteHandle *h, int n, const int64_t *idx) except NULL
    # Char: int8_t
    ctypedef struct THCharHandle:
        int8_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THCharHandle_init(THCharHandle *h, const THTensor *tensor) except -1
    int8_t *THCharHandle_at1(const THCharHandle *h, int64_t i0) noexcept
    int8_t *THCharHandle_at2(const THCharHandle *h, int64_t i0, int64_t i1) noexcept
    int8_t *THCharHandle_at3(const THCharHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    int8_t *THCharHandle_at4(const THCharHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THCharHandle_offset(const THCharHandle *h, const int64_t *idx) noexcept
    int8_t *THCharHandle_atN(const THCharHandle *h, const int64_t *idx) noexcept
    int8_t *THCharHandle_checkedAt(const THCharHandle *h, int n, const int64_t *idx) except NULL
    # Short: int16_t
    ctypedef struct THShortHandle:
        int16_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THShortHandle_init(THShortHandle *h, const THTensor *tensor) except -1
    int16_t *THShortHandle_at1(const THShortHandle *h, int64_t i0) noexcept
    int16_t *THShortHandle_at2(const THShortHandle *h, int64_t i0, int64_t i1) noexcept
    int16_t *THShortHandle_at3(const THShortHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    int16_t *THShortHandle_at4(const THShortHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THShortHandle_offset(const THShortHandle *h, const int64_t *idx) noexcept
    int16_t *THShortHandle_atN(const THShortHandle *h, const int64_t *idx) noexcept
    int16_t *THShortHandle_checkedAt(const THShortHandle *h, int n, const int64_t *idx) except NULL
    # Int: int32_t
    ctypedef struct THIntHandle:
        int32_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THIntHandle_init(THIntHandle *h, const THTensor *tensor) except -1
    int32_t *THIntHandle_at1(const THIntHandle *h, int64_t i0) noexcept
    int32_t *THIntHandle_at2(const THIntHandle *h, int64_t i0, int64_t i1) noexcept
    int32_t *THIntHandle_at3(const THIntHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    int32_t *THIntHandle_at4(const THIntHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THIntHandle_offset(const THIntHandle *h, const int64_t *idx) noexcept
    int32_t *THIntHandle_atN(const THIntHandle *h, const int64_t *idx) noexcept
    int32_t *THIntHandle_checkedAt(const THIntHandle *h, int n, const int64_t *idx) except NULL
    # Long: int64_t
    ctypedef struct THLongHandle:
        int64_t *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THLongHandle_init(THLongHandle *h, const THTensor *tensor) except -1
    int64_t *THLongHandle_at1(const THLongHandle *h, int64_t i0) noexcept
    int64_t *THLongHandle_at2(const THLongHandle *h, int64_t i0, int64_t i1) noexcept
    int64_t *THLongHandle_at3(const THLongHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    int64_t *THLongHandle_at4(const THLongHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THLongHandle_offset(const THLongHandle *h, const int64_t *idx) noexcept
    int64_t *THLongHandle_atN(const THLongHandle *h, const int64_t *idx) noexcept
    int64_t *THLongHandle_checkedAt(const THLongHandle *h, int n, const int64_t *idx) except NULL
    # Half: THHalf
    ctypedef struct THHalfHandle:
        THHalf *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THHalfHandle_init(THHalfHandle *h, const THTensor *tensor) except -1
    THHalf *THHalfHandle_at1(const THHalfHandle *h, int64_t i0) noexcept
    THHalf *THHalfHandle_at2(const THHalfHandle *h, int64_t i0, int64_t i1) noexcept
    THHalf *THHalfHandle_at3(const THHalfHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    THHalf *THHalfHandle_at4(const THHalfHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THHalfHandle_offset(const THHalfHandle *h, const int64_t *idx) noexcept
    THHalf *THHalfHandle_atN(const THHalfHandle *h, const int64_t *idx) noexcept
    THHalf *THHalfHandle_checkedAt(const THHalfHandle *h, int n, const int64_t *idx) except NULL
    # Float: float
    ctypedef struct THFloatHandle:
        float *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THFloatHandle_init(THFloatHandle *h, const THTensor *tensor) except -1
    float *THFloatHandle_at1(const THFloatHandle *h, int64_t i0) noexcept
    float *THFloatHandle_at2(const THFloatHandle *h, int64_t i0, int64_t i1) noexcept
    float *THFloatHandle_at3(const THFloatHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    float *THFloatHandle_at4(const THFloatHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THFloatHandle_offset(const THFloatHandle *h, const int64_t *idx) noexcept
    float *THFloatHandle_atN(const THFloatHandle *h, const int64_t *idx) noexcept
    float *THFloatHandle_checkedAt(const THFloatHandle *h, int n, const int64_t *idx) except NULL
    # Double: double
    ctypedef struct THDoubleHandle:
        double *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THDoubleHandle_init(THDoubleHandle *h, const THTensor *tensor) except -1
    double *THDoubleHandle_at1(const THDoubleHandle *h, int64_t i0) noexcept
    double *THDoubleHandle_at2(const THDoubleHandle *h, int64_t i0, int64_t i1) noexcept
    double *THDoubleHandle_at3(const THDoubleHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    double *THDoubleHandle_at4(const THDoubleHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THDoubleHandle_offset(const THDoubleHandle *h, const int64_t *idx) noexcept
    double *THDoubleHandle_atN(const THDoubleHandle *h, const int64_t *idx) noexcept
    double *THDoubleHandle_checkedAt(const THDoubleHandle *h, int n, const int64_t *idx) except NULL
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
    ctypedef struct THComplexFloatHandle:
        THComplexFloat *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THComplexFloatHandle_init(THComplexFloatHandle *h, const THTensor *tensor) except -1
    THComplexFloat *THComplexFloatHandle_at1(const THComplexFloatHandle *h, int64_t i0) noexcept
    THComplexFloat *THComplexFloatHandle_at2(const THComplexFloatHandle *h, int64_t i0, int64_t i1) noexcept
    THComplexFloat *THComplexFloatHandle_at3(const THComplexFloatHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    THComplexFloat *THComplexFloatHandle_at4(const THComplexFloatHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THComplexFloatHandle_offset(const THComplexFloatHandle *h, const int64_t *idx) noexcept
    THComplexFloat *THComplexFloatHandle_atN(const THComplexFloatHandle *h, const int64_t *idx) noexcept
    THComplexFloat *THComplexFloatHandle_checkedAt(const THComplexFloatHandle *h, int n, const int64_t *idx) except NULL
    # ComplexDouble: THComplexDouble
    ctypedef struct THComplexDoubleHandle:
        THComplexDouble *data
        int nDimension
        int64_t size[TH_MAX_DIMS]
        int64_t stride[TH_MAX_DIMS]
    int THComplexDoubleHandle_init(THComplexDoubleHandle *h, const THTensor *tensor) except -1
    THComplexDouble *THComplexDoubleHandle_at1(const THComplexDoubleHandle *h, int64_t i0) noexcept
    THComplexDouble *THComplexDoubleHandle_at2(const THComplexDoubleHandle *h, int64_t i0, int64_t i1) noexcept
    THComplexDouble *THComplexDoubleHandle_at3(const THComplexDoubleHandle *h, int64_t i0, int64_t i1, int64_t i2) noexcept
    THComplexDouble *THComplexDoubleHandle_at4(const THComplexDoubleHandle *h, int64_t i0, int64_t i1, int64_t i2, int64_t i3) noexcept
    int64_t THComplexDoubleHandle_offset(const THComplexDoubleHandle *h, const int64_t *idx) noexcept
    THComplexDouble *THComplexDoubleHandle_atN(const THComplexDoubleHandle *h, const int64_t *idx) noexcept
    THComplexDouble *THComplexDoubleHandle_checkedAt(const THComplexDoubleHandle *h, int n, const int64_t *idx) except NULL
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
