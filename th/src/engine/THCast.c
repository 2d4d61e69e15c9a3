/* The 225 conversion loops (see THCastImpl.h for the rules). */
#include <complex.h>
#include <math.h>

#include "core/THBFloat16Impl.h"
#include "core/THHalfImpl.h"
#include "engine/THCastImpl.h"

/* float -> int as x86-64's truncating conversions do, without C's UB */
static inline int64_t f2i64(double d) {
  return (d >= -9223372036854775808.0 && d < 9223372036854775808.0) ? (int64_t)d : INT64_MIN;
}
static inline int32_t f2i32(double d) {
  return (d > -2147483649.0 && d < 2147483648.0) ? (int32_t)d : INT32_MIN;
}
/* float -> uint64: exact in [0, 2^64), else int64's rule reinterpreted
 * (negatives wrap as for int64; NaN and the rest give 2^63) */
static inline uint64_t f2u64(double d) {
  return (d >= 0.0 && d < 18446744073709551616.0) ? (uint64_t)d : (uint64_t)f2i64(d);
}
static inline uint16_t int_to_half(int64_t v) { return th_double_to_half_bits((double)v); }
static inline uint16_t uint_to_half(uint64_t v) { return th_double_to_half_bits((double)v); }
static inline uint16_t cfloat_to_half(float _Complex v) { return th_float_to_half_bits(crealf(v)); }
static inline uint16_t cdouble_to_half(double _Complex v) {
  return th_double_to_half_bits(creal(v));
}

/* Each dtype: its storage type, how an element is read (the read type is
 * float for float16 and bfloat16, C99 complex for the complex dtypes), and
 * how a value of any read type becomes one. C's own conversions give numpy's
 * complex rules: to a real type the imaginary part is dropped, from one it is
 * 0, and a complex is true when either part is nonzero. */
typedef uint8_t t_uint8;
typedef int8_t t_int8;
typedef int16_t t_int16;
typedef int32_t t_int32;
typedef int64_t t_int64;
typedef uint16_t t_float16;
typedef float t_float32;
typedef double t_float64;
typedef bool t_bool8;
typedef uint16_t t_bfloat16;
typedef float _Complex t_complex64;
typedef double _Complex t_complex128;
typedef uint16_t t_uint16;
typedef uint32_t t_uint32;
typedef uint64_t t_uint64;

#define READ_uint8(p) (*(const uint8_t *)(p))
#define READ_int8(p) (*(const int8_t *)(p))
#define READ_int16(p) (*(const int16_t *)(p))
#define READ_int32(p) (*(const int32_t *)(p))
#define READ_int64(p) (*(const int64_t *)(p))
#define READ_float16(p) th_half_bits_to_float(*(const uint16_t *)(p))
#define READ_float32(p) (*(const float *)(p))
#define READ_float64(p) (*(const double *)(p))
#define READ_bool8(p) ((uint8_t)(*(const bool *)(p)))
#define READ_bfloat16(p) th_bfloat16_bits_to_float(*(const uint16_t *)(p))
#define READ_complex64(p) (*(const float _Complex *)(p))
#define READ_complex128(p) (*(const double _Complex *)(p))
#define READ_uint16(p) (*(const uint16_t *)(p))
#define READ_uint32(p) (*(const uint32_t *)(p))
#define READ_uint64(p) (*(const uint64_t *)(p))

/* to an integer type: floats (a complex's real part) go through int32 for
 * the types narrower than 32 bits, through int64 for uint32 (x86-64's
 * conversions, as numpy's results there) */
#define FROM_FLOAT(v, F, I)                                                          \
  _Generic((v), float: F(v), double: F(v), float _Complex: F(crealf(v)),            \
           double _Complex: F(creal(v)), default: (I)(v))
#define TO_SMALL_INT(T, v) ((T)FROM_FLOAT(v, f2i32, T))
#define TO_uint8(v) TO_SMALL_INT(uint8_t, v)
#define TO_int8(v) TO_SMALL_INT(int8_t, v)
#define TO_int16(v) TO_SMALL_INT(int16_t, v)
#define TO_int32(v) TO_SMALL_INT(int32_t, v)
#define TO_uint16(v) TO_SMALL_INT(uint16_t, v)
#define TO_uint32(v) ((uint32_t)FROM_FLOAT(v, f2i64, uint32_t))
#define TO_int64(v) FROM_FLOAT(v, f2i64, int64_t)
#define TO_uint64(v) FROM_FLOAT(v, f2u64, uint64_t)
#define TO_float16(v)                                                                \
  _Generic((v), float: th_float_to_half_bits, double: th_double_to_half_bits,     \
           float _Complex: cfloat_to_half, double _Complex: cdouble_to_half,      \
           uint64_t: uint_to_half, default: int_to_half)(v)
/* torch's rule: every value becomes float32 first (float64 rounds twice) */
#define TO_bfloat16(v) th_float_to_bfloat16_bits((float)(v))
#define TO_float32(v) ((float)(v))
#define TO_float64(v) ((double)(v))
#define TO_complex64(v) ((float _Complex)(v))
#define TO_complex128(v) ((double _Complex)(v))
#define TO_bool8(v) ((v) != 0)

/* bfloat16 -> uint64 is torch's (its compiler's unsigned conversion), not
 * numpy's: below 2^63 (and NaN) through int64 (INT64_MIN when out of range,
 * so negatives wrap, -inf and NaN give 2^63); from 2^63 up, the value less
 * 2^63 through int64 with the top bit flipped back (so +inf and values >=
 * 2^64 give 0). Checked against torch 2.13 for all 65536 bfloat16s, strided
 * and contiguous. uint32 keeps the int64 rule: torch's per-element loop
 * (0-dim, strided, short tensors, a run's tail) has it; only its vectorised
 * contiguous loop differs (5e9: 0 there, 704643072 per element). */
static inline uint64_t bf16_to_u64(float f) {
  return !(f >= 9223372036854775808.0f)
             ? (uint64_t)f2i64(f)
             : (uint64_t)f2i64((double)f - 9223372036854775808.0) ^ 0x8000000000000000u;
}
/* the conversion of a value read from S into D: TO_D, but for that one
 * pair (a comparison of two literals, folded away at compile time) */
#define CONV(D, S, v) \
  (__builtin_strcmp(#D "_" #S, "uint64_bfloat16") == 0 ? (t_##D)bf16_to_u64(v) : TO_##D(v))

/* the element at p of S as a D: a dtype to itself is its bits (the half
 * floats would go through float32 by scalar calls: the reductions' gathers
 * of float16 rows ran 15x slower), but bool's, whose bytes other than 0
 * become 1 */
#define MOVE(D, S, p)                                                                 \
  (__builtin_strcmp(#D, #S) == 0 && __builtin_strcmp(#D, "bool8") != 0                \
       ? *(const t_##D *)(p)                                                          \
       : CONV(D, S, READ_##S(p)))

#define DEFINE_CAST(D, S)                                                                 \
  static void cast_##D##_##S(char *dst, ptrdiff_t ds, const char *src, ptrdiff_t ss,    \
                             int64_t n) {                                               \
    if (ds == (ptrdiff_t)sizeof(t_##D) && ss == (ptrdiff_t)sizeof(t_##S)) {             \
      t_##D *restrict d = (t_##D *)dst;                                                 \
      const t_##S *restrict s = (const t_##S *)src;                                     \
      for (int64_t i = 0; i < n; i++) d[i] = MOVE(D, S, s + i);                         \
    } else {                                                                            \
      for (int64_t i = 0; i < n; i++) *(t_##D *)(dst + i * ds) = MOVE(D, S, src + i * ss); \
    }                                                                                   \
  }

/* in THScalarType's order */
#define FOR_EACH_SRC(D, X)                                                             \
  X(D, uint8) X(D, int8) X(D, int16) X(D, int32) X(D, int64) X(D, float16)          \
  X(D, float32) X(D, float64) X(D, bool8) X(D, bfloat16) X(D, complex64)            \
  X(D, complex128) X(D, uint16) X(D, uint32) X(D, uint64)
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
DEFINE_CASTS_TO(bfloat16)
DEFINE_CASTS_TO(complex64)
DEFINE_CASTS_TO(complex128)
DEFINE_CASTS_TO(uint16)
DEFINE_CASTS_TO(uint32)
DEFINE_CASTS_TO(uint64)

#include "core/THCpuImpl.h"
#ifdef TH_X86_SIMD

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

/* 4 float64 -> float32 rounded to odd: toward zero, the last bit set when
 * inexact. (AVX has no per-instruction rounding: the nearest float32 is
 * stepped back one unit when it lies farther from zero than v.) */
__attribute__((target("avx"))) static inline __m128i float_odd_of_double(__m256d v) {
  __m128 t = _mm256_cvtpd_ps(v);
  __m256d back = _mm256_cvtps_pd(t), magnitude = _mm256_set1_pd(-0.0);
  __m256d away = _mm256_cmp_pd(_mm256_andnot_pd(magnitude, back),
                               _mm256_andnot_pd(magnitude, v), _CMP_GT_OQ);
  __m256d inexact = _mm256_cmp_pd(back, v, _CMP_NEQ_OQ);
  /* the masks' 64-bit lanes narrowed to 32 (each lane all ones or zero) */
#define NARROW(m)                                                                   \
  _mm_castps_si128(_mm_shuffle_ps(_mm_castpd_ps(_mm256_castpd256_pd128(m)),         \
                                  _mm_castpd_ps(_mm256_extractf128_pd(m, 1)),       \
                                  _MM_SHUFFLE(2, 0, 2, 0)))
  __m128i bits = _mm_add_epi32(_mm_castps_si128(t), NARROW(away)); /* (-1 where away) */
  return _mm_or_si128(bits, _mm_srli_epi32(NARROW(inexact), 31));
#undef NARROW
}

/* float64 -> float16, 8 at a time: to float32 rounded to odd, then F16C's
 * rounding to nearest even, which together round once (float32 keeps 13
 * more bits than float16, and the odd bit stands for every bit dropped);
 * the bits of th_double_to_half_bits, which a group holding a NaN goes
 * through (its payloads). Returns how many elements it converted. */
__attribute__((target("avx,f16c"))) static int64_t double_to_half_f16c(uint16_t *d,
                                                                       const double *s,
                                                                       int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256d lo = _mm256_loadu_pd(s + i), hi = _mm256_loadu_pd(s + i + 4);
    if (_mm256_movemask_pd(_mm256_or_pd(_mm256_cmp_pd(lo, lo, _CMP_UNORD_Q),
                                        _mm256_cmp_pd(hi, hi, _CMP_UNORD_Q)))) {
      for (int k = 0; k < 8; k++) d[i + k] = th_double_to_half_bits(s[i + k]);
      continue;
    }
    __m256 f = _mm256_castsi256_ps(
        _mm256_insertf128_si256(_mm256_castsi128_si256(float_odd_of_double(lo)),
                                float_odd_of_double(hi), 1));
    _mm_storeu_si128((__m128i *)(d + i), _mm256_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT));
  }
  return i;
}

/* float16 -> float32 by F16C, 8 at a time (exact); a group holding a NaN
 * goes through th_half_bits_to_float, as the scalar loop. Returns how many
 * elements it converted. */
__attribute__((target("avx,f16c"))) static int64_t half_to_float_f16c(float *d,
                                                                      const uint16_t *s,
                                                                      int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m128i h = _mm_loadu_si128((const __m128i *)(s + i));
    /* a NaN has all exponent bits and a nonzero mantissa: |h| > 0x7c00 */
    __m128i magnitude = _mm_and_si128(h, _mm_set1_epi16(0x7fff));
    if (_mm_movemask_epi8(_mm_cmpgt_epi16(magnitude, _mm_set1_epi16(0x7c00)))) {
      for (int k = 0; k < 8; k++) d[i + k] = th_half_bits_to_float(s[i + k]);
      continue;
    }
    _mm256_storeu_ps(d + i, _mm256_cvtph_ps(h));
  }
  return i;
}

/* float16 -> float64: those float32 values widened (exact), the same bits
 * as the scalar loop's (double)th_half_bits_to_float. */
__attribute__((target("avx,f16c"))) static int64_t half_to_double_f16c(double *d,
                                                                       const uint16_t *s,
                                                                       int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    float f[8];
    half_to_float_f16c(f, s + i, 8);
    __m256 v = _mm256_loadu_ps(f);
    _mm256_storeu_pd(d + i, _mm256_cvtps_pd(_mm256_castps256_ps128(v)));
    _mm256_storeu_pd(d + i + 4, _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)));
  }
  return i;
}

/* NAME: the table's D <- S loop with a vector KERNEL (where HAVE(), chosen
 * at run time) for contiguous runs, the generic loop for the rest. */
#define DEFINE_VECTOR_CAST(NAME, D, S, HAVE, KERNEL)                                     \
  static void NAME(char *dst, ptrdiff_t ds, const char *src, ptrdiff_t ss, int64_t n) { \
    if (ds == (ptrdiff_t)sizeof(t_##D) && ss == (ptrdiff_t)sizeof(t_##S) && HAVE()) {    \
      int64_t done = KERNEL((void *)dst, (const void *)src, n);                          \
      dst += done * (ptrdiff_t)sizeof(t_##D);                                            \
      src += done * (ptrdiff_t)sizeof(t_##S);                                            \
      n -= done;                                                                         \
    }                                                                                    \
    cast_##D##_##S(dst, ds, src, ss, n);                                                 \
  }

/* F16C: the scalar loops are ~15x slower */
DEFINE_VECTOR_CAST(cast_float16_float32_f16c, float16, float32, th_have_f16c, float_to_half_f16c)
DEFINE_VECTOR_CAST(cast_float32_float16_f16c, float32, float16, th_have_f16c, half_to_float_f16c)
DEFINE_VECTOR_CAST(cast_float64_float16_f16c, float64, float16, th_have_f16c, half_to_double_f16c)
DEFINE_VECTOR_CAST(cast_float16_float64_f16c, float16, float64, th_have_f16c, double_to_half_f16c)
#define cast_float16_float32 cast_float16_float32_f16c
#define cast_float32_float16 cast_float32_float16_f16c
#define cast_float64_float16 cast_float64_float16_f16c
#define cast_float16_float64 cast_float16_float64_f16c

/* float32 -> bfloat16, 16 at a time: th_float_to_bfloat16_bits in integer
 * lanes (bias, shift, NaN blend), so the results are the scalar loop's bit
 * for bit. (AVX512-BF16's vcvtneps2bf16 would not be: it flushes
 * subnormals to zero.) Returns how many elements it converted. */
__attribute__((target("avx2"))) static inline __m256i bfloat16_lanes(__m256 v) {
  __m256i b = _mm256_castps_si256(v);
  __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(b, 16), _mm256_set1_epi32(1));
  __m256i rounded =
      _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(b, _mm256_set1_epi32(0x7fff)), lsb), 16);
  __m256i nan = _mm256_or_si256(_mm256_srli_epi32(b, 16), _mm256_set1_epi32(0x40));
  return _mm256_blendv_epi8(rounded, nan, _mm256_castps_si256(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)));
}

__attribute__((target("avx2"))) static int64_t float_to_bfloat16_avx2(uint16_t *d,
                                                                     const float *s,
                                                                     int64_t n) {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m256i lo = bfloat16_lanes(_mm256_loadu_ps(s + i));
    __m256i hi = bfloat16_lanes(_mm256_loadu_ps(s + i + 8));
    /* packus interleaves 128-bit lanes: put them back in order */
    __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xd8);
    _mm256_storeu_si256((__m256i *)(d + i), packed);
  }
  return i;
}

/* bfloat16 -> float32, 8 at a time: widen and shift (exact, as the scalar
 * loop). */
__attribute__((target("avx2"))) static int64_t bfloat16_to_float_avx2(float *d,
                                                                     const uint16_t *s,
                                                                     int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(s + i)));
    _mm256_storeu_ps(d + i, _mm256_castsi256_ps(_mm256_slli_epi32(w, 16)));
  }
  return i;
}

DEFINE_VECTOR_CAST(cast_bfloat16_float32_avx2, bfloat16, float32, th_have_avx2,
                   float_to_bfloat16_avx2)
DEFINE_VECTOR_CAST(cast_float32_bfloat16_avx2, float32, bfloat16, th_have_avx2,
                   bfloat16_to_float_avx2)
#define cast_bfloat16_float32 cast_bfloat16_float32_avx2
#define cast_float32_bfloat16 cast_float32_bfloat16_avx2

#endif

/* Contiguous runs between the complex dtypes are runs of 2n real parts and
 * imaginary parts, each converted as the real dtypes are. */
#define DEFINE_COMPLEX_PAIR_CAST(D, S, RD, RS)                                             \
  static void cast_##D##_##S##_pairs(char *dst, ptrdiff_t ds, const char *src, ptrdiff_t ss, \
                                     int64_t n) {                                           \
    if (ds == (ptrdiff_t)sizeof(t_##D) && ss == (ptrdiff_t)sizeof(t_##S))                   \
      cast_##RD##_##RS(dst, ds / 2, src, ss / 2, 2 * n);                                    \
    else                                                                                    \
      cast_##D##_##S(dst, ds, src, ss, n);                                                  \
  }
DEFINE_COMPLEX_PAIR_CAST(complex128, complex64, float64, float32)
DEFINE_COMPLEX_PAIR_CAST(complex64, complex128, float32, float64)
#define cast_complex128_complex64 cast_complex128_complex64_pairs
#define cast_complex64_complex128 cast_complex64_complex128_pairs

#define ENTRY(D, S) cast_##D##_##S,
#define ROW(D) {FOR_EACH_SRC(D, ENTRY)},

/* row and column order: THScalarType's */
const th_cast_loop th_cast_loops[TH_NUM_SCALAR_TYPES][TH_NUM_SCALAR_TYPES] = {
    ROW(uint8) ROW(int8) ROW(int16) ROW(int32) ROW(int64) ROW(float16) ROW(float32)
        ROW(float64) ROW(bool8) ROW(bfloat16) ROW(complex64) ROW(complex128) ROW(uint16)
            ROW(uint32) ROW(uint64)};
