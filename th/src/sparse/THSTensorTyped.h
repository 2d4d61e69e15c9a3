/* Typed element helpers of the sparse kernels: per dtype, an add that
 * wraps for integers (as torch), ors for bool, rounds once per add for
 * float16/bfloat16, and a zero test (-0.0 is zero, NaN is not). Private. */
#ifndef TH_STENSOR_TYPED_H
#define TH_STENSOR_TYPED_H

#include <stdbool.h>
#include <stdint.h>

#include "core/THBFloat16Impl.h"
#include "core/THHalfImpl.h"
#include "TH/THGeneral.h"

typedef bool ths_bool; /* bool is a macro: the kernels paste type names */

#define WRAP_ADD(T) static inline T add_##T(T a, T b) { return (T)((uint64_t)a + (uint64_t)b); }
WRAP_ADD(uint8_t)
WRAP_ADD(int8_t)
WRAP_ADD(int16_t)
WRAP_ADD(uint16_t)
WRAP_ADD(int32_t)
WRAP_ADD(uint32_t)
WRAP_ADD(int64_t)
WRAP_ADD(uint64_t)
static inline float add_float(float a, float b) { return a + b; }
static inline double add_double(double a, double b) { return a + b; }
static inline ths_bool add_ths_bool(ths_bool a, ths_bool b) { return a || b; }
static inline THHalf add_THHalf(THHalf a, THHalf b) {
  return (THHalf){th_float_to_half_bits(th_half_bits_to_float(a.x) + th_half_bits_to_float(b.x))};
}
static inline THBFloat16 add_THBFloat16(THBFloat16 a, THBFloat16 b) {
  return (THBFloat16){th_float_to_bfloat16_bits(th_bfloat16_bits_to_float(a.x) +
                                                th_bfloat16_bits_to_float(b.x))};
}
static inline THComplexFloat add_THComplexFloat(THComplexFloat a, THComplexFloat b) {
  return (THComplexFloat){a.re + b.re, a.im + b.im};
}
static inline THComplexDouble add_THComplexDouble(THComplexDouble a, THComplexDouble b) {
  return (THComplexDouble){a.re + b.re, a.im + b.im};
}


#define ZERO_TEST(T) static inline int nonzero_##T(T a) { return a != 0; }
ZERO_TEST(uint8_t)
ZERO_TEST(int8_t)
ZERO_TEST(int16_t)
ZERO_TEST(uint16_t)
ZERO_TEST(int32_t)
ZERO_TEST(uint32_t)
ZERO_TEST(int64_t)
ZERO_TEST(uint64_t)
ZERO_TEST(float)
ZERO_TEST(double)
ZERO_TEST(ths_bool)
static inline int nonzero_THHalf(THHalf a) { return (a.x & 0x7fff) != 0; }
static inline int nonzero_THBFloat16(THBFloat16 a) { return (a.x & 0x7fff) != 0; }
static inline int nonzero_THComplexFloat(THComplexFloat a) { return a.re != 0 || a.im != 0; }
static inline int nonzero_THComplexDouble(THComplexDouble a) { return a.re != 0 || a.im != 0; }

/* X(enum, C type) for every dtype. */
#define FOR_EACH_DTYPE(X)                                                            \
  X(TH_UINT8, uint8_t) X(TH_INT8, int8_t) X(TH_INT16, int16_t) X(TH_INT32, int32_t) \
  X(TH_INT64, int64_t) X(TH_FLOAT16, THHalf) X(TH_FLOAT32, float)                 \
  X(TH_FLOAT64, double) X(TH_BOOL, ths_bool) X(TH_BFLOAT16, THBFloat16)               \
  X(TH_COMPLEX64, THComplexFloat) X(TH_COMPLEX128, THComplexDouble)               \
  X(TH_UINT16, uint16_t) X(TH_UINT32, uint32_t) X(TH_UINT64, uint64_t)

#endif
