/* The 81 conversion loops (see THCastImpl.h for the rules). */
#include <math.h>

#include "THCastImpl.h"
#include "THHalfImpl.h"

/* float -> int as x86-64's truncating conversions do, without C's UB */
static inline int64_t f2i64(double d) {
  return (d >= -9223372036854775808.0 && d < 9223372036854775808.0) ? (int64_t)d : INT64_MIN;
}
static inline int32_t f2i32(double d) {
  return (d > -2147483649.0 && d < 2147483648.0) ? (int32_t)d : INT32_MIN;
}
static inline uint16_t int_to_half(int64_t v) { return th_double_to_half_bits((double)v); }

/* Each dtype: its storage type, how an element is read (the read type is
 * float for float16), and how a value of any read type becomes one. */
typedef uint8_t t_uint8;
typedef int8_t t_int8;
typedef int16_t t_int16;
typedef int32_t t_int32;
typedef int64_t t_int64;
typedef uint16_t t_float16;
typedef float t_float32;
typedef double t_float64;
typedef bool t_bool8;

#define READ_uint8(p) (*(const uint8_t *)(p))
#define READ_int8(p) (*(const int8_t *)(p))
#define READ_int16(p) (*(const int16_t *)(p))
#define READ_int32(p) (*(const int32_t *)(p))
#define READ_int64(p) (*(const int64_t *)(p))
#define READ_float16(p) th_half_bits_to_float(*(const uint16_t *)(p))
#define READ_float32(p) (*(const float *)(p))
#define READ_float64(p) (*(const double *)(p))
#define READ_bool8(p) ((uint8_t)(*(const bool *)(p)))

/* to an integer type narrower than int64: floats go through int32 */
#define TO_SMALL_INT(T, v) \
  _Generic((v), float: (T)f2i32(v), double: (T)f2i32(v), default: (T)(v))
#define TO_uint8(v) TO_SMALL_INT(uint8_t, v)
#define TO_int8(v) TO_SMALL_INT(int8_t, v)
#define TO_int16(v) TO_SMALL_INT(int16_t, v)
#define TO_int32(v) TO_SMALL_INT(int32_t, v)
#define TO_int64(v) _Generic((v), float: f2i64(v), double: f2i64(v), default: (int64_t)(v))
#define TO_float16(v)                                                             \
  _Generic((v), float: th_float_to_half_bits, double: th_double_to_half_bits, \
           default: int_to_half)(v)
#define TO_float32(v) ((float)(v))
#define TO_float64(v) ((double)(v))
#define TO_bool8(v) ((v) != 0)

#define DEFINE_CAST(D, S)                                                                 \
  static void cast_##D##_##S(char *dst, ptrdiff_t ds, const char *src, ptrdiff_t ss,    \
                             int64_t n) {                                               \
    if (ds == (ptrdiff_t)sizeof(t_##D) && ss == (ptrdiff_t)sizeof(t_##S)) {             \
      t_##D *restrict d = (t_##D *)dst;                                                 \
      const t_##S *restrict s = (const t_##S *)src;                                     \
      for (int64_t i = 0; i < n; i++) d[i] = TO_##D(READ_##S(s + i));                   \
    } else {                                                                            \
      for (int64_t i = 0; i < n; i++)                                                   \
        *(t_##D *)(dst + i * ds) = TO_##D(READ_##S(src + i * ss));                      \
    }                                                                                   \
  }

#define FOR_EACH_SRC(D, X)                                                        \
  X(D, uint8) X(D, int8) X(D, int16) X(D, int32) X(D, int64) X(D, float16) \
  X(D, float32) X(D, float64) X(D, bool8)
#define DEFINE_CASTS_TO(D) FOR_EACH_SRC(D, DEFINE_CAST)

DEFINE_CASTS_TO(uint8)
DEFINE_CASTS_TO(int8)
DEFINE_CASTS_TO(int16)
DEFINE_CASTS_TO(int32)
DEFINE_CASTS_TO(int64)
DEFINE_CASTS_TO(float16)
DEFINE_CASTS_TO(float32)
DEFINE_CASTS_TO(float64)
DEFINE_CASTS_TO(bool8)

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

/* float32 -> float16 by the F16C instruction, 8 at a time, rounding to
 * nearest even as th_float_to_half_bits does; a group holding a NaN goes
 * through th_float_to_half_bits, which keeps NaN payloads its own way.
 * Returns how many elements it converted. */
__attribute__((target("avx,f16c"))) static int64_t float_to_half_f16c(uint16_t *d,
                                                                      const float *s,
                                                                      int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256 v = _mm256_loadu_ps(s + i);
    if (_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q))) {
      for (int k = 0; k < 8; k++) d[i + k] = th_float_to_half_bits(s[i + k]);
      continue;
    }
    _mm_storeu_si128((__m128i *)(d + i), _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
  }
  return i;
}

static int have_f16c(void) {
  static int cached = -1;
  if (cached < 0) cached = __builtin_cpu_supports("avx") && __builtin_cpu_supports("f16c");
  return cached;
}

/* The table's float32 -> float16 loop: F16C for contiguous runs (the scalar
 * rounding is ~15x slower), the generic loop for the rest. */
static void cast_float16_float32_f16c(char *dst, ptrdiff_t ds, const char *src, ptrdiff_t ss,
                                      int64_t n) {
  if (ds == 2 && ss == 4 && have_f16c()) {
    int64_t done = float_to_half_f16c((uint16_t *)dst, (const float *)src, n);
    dst += done * 2;
    src += done * 4;
    n -= done;
  }
  cast_float16_float32(dst, ds, src, ss, n);
}
#define cast_float16_float32 cast_float16_float32_f16c
#endif

#define ENTRY(D, S) cast_##D##_##S,
#define ROW(D) {FOR_EACH_SRC(D, ENTRY)},

/* row and column order: THScalarType's */
const th_cast_loop th_cast_loops[TH_NUM_SCALAR_TYPES][TH_NUM_SCALAR_TYPES] = {
    ROW(uint8) ROW(int8) ROW(int16) ROW(int32) ROW(int64) ROW(float16) ROW(float32)
        ROW(float64) ROW(bool8)};
