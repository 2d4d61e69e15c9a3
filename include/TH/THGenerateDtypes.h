/* THGenerateDtypes.h: TH's generic-macro trick over th's 15 dtypes (TH's own
 * THGenerateDtypes.h gives TH's seven types).
 *
 * Define TH_GENERIC_FILE, then include this file: TH_GENERIC_FILE is included
 * once per dtype with
 *   real          the C element type            (float)
 *   Real          the name part                 (Float32 -> THFloat32Tensor_data)
 *   TH_REAL_DTYPE the THScalarType               (TH_FLOAT32)
 *   TH_REAL_ZERO  a zero of type real           (the error value of getters)
 * defined, and everything is undefined again afterwards. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateDtypes.h"
#endif

#define real uint8_t
#define Real UInt8
#define TH_REAL_DTYPE TH_UINT8
#define TH_REAL_ZERO ((uint8_t)0)
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real int8_t
#define Real Int8
#define TH_REAL_DTYPE TH_INT8
#define TH_REAL_ZERO ((int8_t)0)
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real int16_t
#define Real Int16
#define TH_REAL_DTYPE TH_INT16
#define TH_REAL_ZERO ((int16_t)0)
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real int32_t
#define Real Int32
#define TH_REAL_DTYPE TH_INT32
#define TH_REAL_ZERO ((int32_t)0)
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real int64_t
#define Real Int64
#define TH_REAL_DTYPE TH_INT64
#define TH_REAL_ZERO ((int64_t)0)
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real THHalf
#define Real Float16
#define TH_REAL_DTYPE TH_FLOAT16
#define TH_REAL_ZERO ((THHalf){0})
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real float
#define Real Float32
#define TH_REAL_DTYPE TH_FLOAT32
#define TH_REAL_ZERO 0.0f
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real double
#define Real Float64
#define TH_REAL_DTYPE TH_FLOAT64
#define TH_REAL_ZERO 0.0
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real bool
#define Real Bool
#define TH_REAL_DTYPE TH_BOOL
#define TH_REAL_ZERO false
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real THBFloat16
#define Real BFloat16
#define TH_REAL_DTYPE TH_BFLOAT16
#define TH_REAL_ZERO ((THBFloat16){0})
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real THComplexFloat
#define Real Complex64
#define TH_REAL_DTYPE TH_COMPLEX64
#define TH_REAL_ZERO ((THComplexFloat){0.0f, 0.0f})
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real THComplexDouble
#define Real Complex128
#define TH_REAL_DTYPE TH_COMPLEX128
#define TH_REAL_ZERO ((THComplexDouble){0.0, 0.0})
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real uint16_t
#define Real UInt16
#define TH_REAL_DTYPE TH_UINT16
#define TH_REAL_ZERO ((uint16_t)0)
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real uint32_t
#define Real UInt32
#define TH_REAL_DTYPE TH_UINT32
#define TH_REAL_ZERO ((uint32_t)0)
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#define real uint64_t
#define Real UInt64
#define TH_REAL_DTYPE TH_UINT64
#define TH_REAL_ZERO ((uint64_t)0)
#include TH_GENERIC_FILE
#undef real
#undef Real
#undef TH_REAL_DTYPE
#undef TH_REAL_ZERO

#undef TH_GENERIC_FILE
