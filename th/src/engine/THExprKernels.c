/* The element kernels of expressions: one unit-stride loop per (op,
 * computing dtype), written so that the compiler vectorises what it can.
 * Built with -O3 -fwrapv: integer overflow wraps, as in torch and numpy.
 * out may be exactly an input (in place): each element is read before it is
 * written, so the loops carry no dependence (ivdep). */
#define _DEFAULT_SOURCE /* lgamma_r, lgammaf_r (thread-safe), M_LN2, M_LN10 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* With TH_LIBMVEC (setup.py: glibc >= 2.35 on x86-64), gcc vectorises the
 * calls below through glibc's libmvec (its SSE, AVX2 and AVX-512 variants,
 * within 4 ulp as glibc documents them) instead of one scalar libm call per
 * element. The parentheses keep <tgmath.h>'s macros off the names. */
#ifdef TH_LIBMVEC
#define VECTOR_MATH_1(name) \
  float(name##f)(float) __attribute__((simd("notinbranch"))); \
  double(name)(double) __attribute__((simd("notinbranch")));
#define VECTOR_MATH_2(name) \
  float(name##f)(float, float) __attribute__((simd("notinbranch"))); \
  double(name)(double, double) __attribute__((simd("notinbranch")));
VECTOR_MATH_1(exp) VECTOR_MATH_1(log) VECTOR_MATH_1(expm1) VECTOR_MATH_1(log1p)
VECTOR_MATH_1(sin) VECTOR_MATH_1(cos) VECTOR_MATH_1(tanh)
VECTOR_MATH_2(pow) VECTOR_MATH_2(atan2)
VECTOR_MATH_1(acos) VECTOR_MATH_1(asin) VECTOR_MATH_1(atan) VECTOR_MATH_1(cosh)
VECTOR_MATH_1(sinh) VECTOR_MATH_1(tan) VECTOR_MATH_1(log2) VECTOR_MATH_1(log10)
VECTOR_MATH_1(exp2) VECTOR_MATH_1(erf) VECTOR_MATH_1(erfc) VECTOR_MATH_2(hypot)
#endif
#include <tgmath.h>

#include "core/THCpuImpl.h"
#include "engine/THExprImpl.h"
#include "engine/THSpecialImpl.h"
#include "engine/THVectorExpImpl.h"

typedef float complex c64;
typedef double complex c128;

/* The kernels' clones (THCpuImpl.h): AVX2 for all, and AVX-512 too for the
 * libmvec ones (VECTOR_MATH below), where it pays (tanh twice as fast); the
 * memory-bound rest ran slower in 512-bit registers (add, casts: 10-25% on
 * a Xeon with AVX-512). SIMD is what the kernel macros below use; the
 * vector math section redefines it. */
#define SIMD TH_CLONES_AVX2

#define KERNEL_ARGS int64_t n, void *out_, const void *a_, const void *b_, const void *c_

#define UNARY(name, T, R, EXPR)                                      \
  SIMD static void name(KERNEL_ARGS) {                                    \
    (void)b_; (void)c_;                                              \
    const T *a = a_;                                                 \
    R *o = out_;                                                     \
    _Pragma("GCC ivdep") for (int64_t i = 0; i < n; i++) {           \
      T x = a[i];                                                    \
      o[i] = (R)(EXPR);                                              \
    }                                                                \
  }

/* A binary kernel and its two forms with a constant operand (a[0] or b[0]
 * for every element), which keep the constant in a register. */
#define BINARY(name, T, R, EXPR)                                     \
  SIMD static void name(KERNEL_ARGS) {                                    \
    (void)c_;                                                        \
    const T *a = a_, *b = b_;                                        \
    R *o = out_;                                                     \
    _Pragma("GCC ivdep") for (int64_t i = 0; i < n; i++) {           \
      T x = a[i], y = b[i];                                          \
      o[i] = (R)(EXPR);                                              \
    }                                                                \
  }                                                                  \
  SIMD static void name##_vs(KERNEL_ARGS) {                               \
    (void)c_;                                                        \
    const T *a = a_;                                                 \
    const T y = *(const T *)b_;                                      \
    R *o = out_;                                                     \
    _Pragma("GCC ivdep") for (int64_t i = 0; i < n; i++) {           \
      T x = a[i];                                                    \
      o[i] = (R)(EXPR);                                              \
    }                                                                \
  }                                                                  \
  SIMD static void name##_sv(KERNEL_ARGS) {                               \
    (void)c_;                                                        \
    const T x = *(const T *)a_;                                      \
    const T *b = b_;                                                 \
    R *o = out_;                                                     \
    _Pragma("GCC ivdep") for (int64_t i = 0; i < n; i++) {           \
      T y = b[i];                                                    \
      o[i] = (R)(EXPR);                                              \
    }                                                                \
  }

/* A ternary kernel whose b and c are constants (b[0], c[0]): clamp to
 * scalar bounds, the bounds' tests hoisted out of the loop. */
#define TERNARY_VSS(name, T, R, EXPR)                                \
  SIMD static void name##_vss(KERNEL_ARGS) {                          \
    const T *a = a_;                                                 \
    const T y = *(const T *)b_, z = *(const T *)c_;                  \
    R *o = out_;                                                     \
    _Pragma("GCC ivdep") for (int64_t i = 0; i < n; i++) {           \
      T x = a[i];                                                    \
      o[i] = (R)(EXPR);                                              \
    }                                                                \
  }

#define TERNARY(name, TA, T, R, EXPR)                                \
  SIMD static void name(KERNEL_ARGS) {                                    \
    const TA *a = a_;                                                \
    const T *b = b_, *c = c_;                                        \
    R *o = out_;                                                     \
    _Pragma("GCC ivdep") for (int64_t i = 0; i < n; i++) {           \
      TA x = a[i];                                                   \
      T y = b[i], z = c[i];                                          \
      o[i] = (R)(EXPR);                                              \
    }                                                                \
  }

/* The computing dtypes, by family: X(suffix, C type, THScalarType). */
#define SIGNED(X, ...) X(i8, int8_t, TH_INT8, __VA_ARGS__) X(i16, int16_t, TH_INT16, __VA_ARGS__) \
  X(i32, int32_t, TH_INT32, __VA_ARGS__) X(i64, int64_t, TH_INT64, __VA_ARGS__)
#define UNSIGNED(X, ...) X(u8, uint8_t, TH_UINT8, __VA_ARGS__) X(u16, uint16_t, TH_UINT16, __VA_ARGS__) \
  X(u32, uint32_t, TH_UINT32, __VA_ARGS__) X(u64, uint64_t, TH_UINT64, __VA_ARGS__)
#define INTS(X, ...) SIGNED(X, __VA_ARGS__) UNSIGNED(X, __VA_ARGS__)
#define INTEGRAL(X, ...) INTS(X, __VA_ARGS__) X(b, bool, TH_BOOL, __VA_ARGS__)
#define FLOATS(X, ...) X(f32, float, TH_FLOAT32, __VA_ARGS__) X(f64, double, TH_FLOAT64, __VA_ARGS__)
#define COMPLEX(X, ...) X(c64, c64, TH_COMPLEX64, __VA_ARGS__) X(c128, c128, TH_COMPLEX128, __VA_ARGS__)
#define REALS(X, ...) INTS(X, __VA_ARGS__) FLOATS(X, __VA_ARGS__)
#define NUMBERS(X, ...) REALS(X, __VA_ARGS__) COMPLEX(X, __VA_ARGS__)
#define ALL(X, ...) NUMBERS(X, __VA_ARGS__) X(b, bool, TH_BOOL, __VA_ARGS__)
#define INEXACT(X, ...) FLOATS(X, __VA_ARGS__) COMPLEX(X, __VA_ARGS__)

/* Defining kernels: a family, an op name and the expression. */
#define DEF_U(sfx, T, TT, name, EXPR) UNARY(name##_##sfx, T, T, EXPR)
#define DEF_UB(sfx, T, TT, name, EXPR) UNARY(name##_##sfx, T, bool, EXPR)
#define DEF_B(sfx, T, TT, name, EXPR) BINARY(name##_##sfx, T, T, EXPR)
#define DEF_BB(sfx, T, TT, name, EXPR) BINARY(name##_##sfx, T, bool, EXPR)
#define DEF_T(sfx, T, TT, name, EXPR) TERNARY(name##_##sfx, T, T, T, EXPR)
#define DEF_TVSS(sfx, T, TT, name, EXPR) TERNARY_VSS(name##_##sfx, T, T, EXPR)
/* the condition read as bytes (0 or 1): gcc vectorises a uint8_t test, not a bool one */
#define DEF_WHERE(sfx, T, TT, name, EXPR) TERNARY(name##_##sfx, uint8_t, T, T, EXPR)
/* Table entries: [dtype] = name_sfx */
#define ENTRY(sfx, T, TT, name) [TT] = name##_##sfx,

/* ------------------------------------------------------------- helpers */

/* Python's floor division and modulo for 64-bit integers and uint32 (the
 * others: INT_DIVMOD below); a zero divisor sets the flag (the engine reports
 * ZeroDivisionError) and gives 0. x / -1 is the wrapping negation (x86's
 * idiv traps on INT_MIN / -1). */
#define FLOORDIV_SIGNED(T)                                                      \
  static inline T floordiv_##T(T x, T y) {                                      \
    if (y == 0) { th_expr_zero_division = 1; return 0; }                        \
    if (y == -1) return (T)(0 - (uint64_t)x);                                   \
    T q = (T)(x / y);                                                           \
    return (T)((x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q);              \
  }                                                                             \
  static inline T mod_##T(T x, T y) {                                           \
    if (y == 0) { th_expr_zero_division = 1; return 0; }                        \
    if (y == -1) return 0;                                                      \
    T r = (T)(x % y);                                                           \
    return (T)((r != 0 && ((r < 0) != (y < 0))) ? r + y : r);                  \
  }
#define FLOORDIV_UNSIGNED(T)                                                    \
  static inline T floordiv_##T(T x, T y) {                                      \
    if (y == 0) { th_expr_zero_division = 1; return 0; }                        \
    return (T)(x / y);                                                          \
  }                                                                             \
  static inline T mod_##T(T x, T y) {                                           \
    if (y == 0) { th_expr_zero_division = 1; return 0; }                        \
    return (T)(x % y);                                                          \
  }
FLOORDIV_SIGNED(int64_t)
FLOORDIV_UNSIGNED(uint32_t) FLOORDIV_UNSIGNED(uint64_t)

/* torch's floor division of floats (div_floor_floating) and its modulo,
 * from m = fmod(a, b). A zero modulo takes the divisor's sign, as torch's
 * documentation, Python, numpy and the array API say (torch 2.13 itself
 * keeps the dividend's: -0. % 2 is -0. there, +0. here). */
#define FLOOR_FLOAT(T, FMOD, FLOOR, COPYSIGN)                                    \
  static inline T floordiv_m_##T(T a, T b, T m) {                               \
    if (b == 0) return a / b;                                                   \
    T div = (a - m) / b;                                                        \
    if (m != 0 && ((b < 0) != (m < 0))) div -= 1;                                \
    if (div == 0) return COPYSIGN((T)0, a / b);                                 \
    T f = FLOOR(div);                                                           \
    return div - f > (T)0.5 ? f + 1 : f;                                         \
  }                                                                             \
  static inline T mod_m_##T(T b, T m) {                                         \
    if (m == 0) return COPYSIGN((T)0, b);                                       \
    return ((b < 0) != (m < 0)) ? m + b : m;                                    \
  }                                                                             \
  static inline T floordiv_##T(T a, T b) { return floordiv_m_##T(a, b, FMOD(a, b)); } \
  static inline T mod_##T(T a, T b) { return mod_m_##T(b, FMOD(a, b)); }
FLOOR_FLOAT(float, fmodf, floorf, copysignf)
FLOOR_FLOAT(double, fmod, floor, copysign)

/* fmodf in float64, vectorisable, exact for |a| < |b| 2^29 (b finite, not
 * 0): a non-integer |a| / |b| lies more than 2^-24 from an integer (|a| -
 * k|b| is a multiple of a float's unit, at least |b| 2^-24), and float64's
 * quotient, below 2^29, is within half its unit, 2^-25, of it: its integer
 * part q is exact; q|b| has at most 53 bits, and |a| - q|b|, the remainder,
 * is a float. */
static inline int fmod_in_double_ok(float a, float b) {
  double A = fabs((double)a), B = fabs((double)b);
  return B > 0 && B < HUGE_VAL && A < B * 536870912.0;
}
static inline float fmod_in_double(float a, float b) {
  double A = fabs((double)a), B = fabs((double)b);
  double q = trunc(A / B);
  return (float)copysign(A - q * B, (double)a);
}

/* float32 floor division and modulo in chunks: each chunk's fmod in one
 * vectorised pass, fmodf for the rare elements outside fmod_in_double's
 * range (zeros, infinities, NaNs, huge quotients), then torch's formula.
 * A and B: 1, or 0 for the operand that is a constant (a[0] or b[0]). The
 * chunk's remainders are kept apart, so out may be an input. */
#define FMOD_CHUNK 256
#define FLOAT_DIVMOD(name, A, B, EXPR)                                           \
  SIMD static void name(KERNEL_ARGS) {                                          \
    (void)c_;                                                                   \
    const float *a = a_, *b = b_;                                               \
    float *o = out_, m[FMOD_CHUNK];                                             \
    for (int64_t i0 = 0; i0 < n; i0 += FMOD_CHUNK) {                            \
      int64_t len = n - i0 < FMOD_CHUNK ? n - i0 : FMOD_CHUNK;                  \
      const float *ca = a + i0 * A, *cb = b + i0 * B;                           \
      int slow = 0;                                                             \
      for (int64_t i = 0; i < len; i++) {                                       \
        m[i] = fmod_in_double(ca[i * A], cb[i * B]);                            \
        slow |= !fmod_in_double_ok(ca[i * A], cb[i * B]);                       \
      }                                                                         \
      for (int64_t i = 0; slow && i < len; i++)                                 \
        if (!fmod_in_double_ok(ca[i * A], cb[i * B])) m[i] = fmodf(ca[i * A], cb[i * B]); \
      _Pragma("GCC ivdep") for (int64_t i = 0; i < len; i++) {                  \
        float x = ca[i * A], y = cb[i * B], r = m[i];                           \
        (void)x;                                                                \
        o[i0 + i] = (EXPR);                                                     \
      }                                                                         \
    }                                                                           \
  }
#define FLOAT_DIVMOD_FORMS(name, EXPR) \
  FLOAT_DIVMOD(name, 1, 1, EXPR) FLOAT_DIVMOD(name##_vs, 1, 0, EXPR) \
  FLOAT_DIVMOD(name##_sv, 0, 1, EXPR)
FLOAT_DIVMOD_FORMS(floor_divide_f32, floordiv_m_float(x, y, r))
FLOAT_DIVMOD_FORMS(remainder_f32, mod_m_float(y, r))

/* Integer powers by squaring; negative exponents as torch: 1 and -1 keep
 * their magnitude, anything else gives 0. */
#define IPOW(T, NEGATIVE)                                                       \
  static inline T ipow_##T(T x, T e) {                                          \
    if (NEGATIVE(e)) {                                                          \
      if (x == 1) return 1;                                                     \
      if (x == (T)-1) return (e & 1) ? x : 1;                                   \
      return 0;                                                                 \
    }                                                                           \
    T r = 1;                                                                    \
    while (e) {                                                                 \
      if (e & 1) r = (T)(r * x);                                                \
      e = (T)(e >> 1);                                                          \
      x = (T)(x * x);                                                           \
    }                                                                           \
    return r;                                                                   \
  }
#define IS_NEGATIVE(e) ((e) < 0)
#define NEVER(e) 0
IPOW(int8_t, IS_NEGATIVE) IPOW(int16_t, IS_NEGATIVE) IPOW(int32_t, IS_NEGATIVE)
IPOW(int64_t, IS_NEGATIVE)
IPOW(uint8_t, NEVER) IPOW(uint16_t, NEVER) IPOW(uint32_t, NEVER) IPOW(uint64_t, NEVER)

#define POW_INT(sfx, T, TT, name) BINARY(name##_##sfx, T, T, ipow_##T(x, y))

/* Complex powers as torch and numpy compute them, not as exp(w log z)
 * (which gives NaN for 0 ** 0 and for a NaN part ** 0, and 1j ** 2 = -1 +
 * 1.2e-16j): z ** 0 is 1 for every z, ** 0.5 and ** -0.5 are sqrt and its
 * reciprocal, an integer power is a chain of products (z * z * z for 3) and
 * a negative one its reciprocal. Products and quotients are c10::complex's
 * (the textbook product; numpy's scaled quotient, inf + NaN i for 1 / 0,
 * written out term by term to keep its signed zeros),
 * not C's Annex G forms, whose recovered infinities differ from torch's.
 * Integers beyond 2^24, other exponents, the powers of an infinite z
 * that torch does not multiply out, and a chain that leaves the range (an
 * inf - inf would make it NaN) take cpow. */
#define COMPLEX_POW(sfx, T, R, MAKE, SQRT, CPOW)                                \
  static inline T cmul_##sfx(T x, T y) {                                        \
    R a = creal(x), b = cimag(x), c = creal(y), d = cimag(y);                   \
    return MAKE(a * c - b * d, a * d + b * c);                                  \
  }                                                                             \
  static inline T cinv_##sfx(T y) {                                             \
    R c = creal(y), d = cimag(y), ac = fabs(c), ad = fabs(d);                   \
    if (ac >= ad) {                                                             \
      if (ac == 0 && ad == 0) return MAKE(1 / ac, 0 / ad);                      \
      R rat = d / c, scl = 1 / (c + d * rat);                                   \
      return MAKE((1 + 0 * rat) * scl, (0 - rat) * scl);                        \
    }                                                                           \
    R rat = c / d, scl = 1 / (d + c * rat);                                     \
    return MAKE((rat + 0) * scl, (0 * rat - 1) * scl);                          \
  }                                                                             \
  static inline T cpow_##sfx(T z, T w) {                                        \
    R n = creal(w);                                                             \
    if (cimag(w) != 0) return CPOW(z, w);                                       \
    if (n == 0) return 1;                                                       \
    if (n == (R)0.5) return SQRT(z);                                            \
    if (n == (R)-0.5) return cinv_##sfx(SQRT(z));                               \
    R m = fabs(n);                                                              \
    if (m != trunc(m) || m > 16777216 ||                                        \
        (!(isfinite(creal(z)) && isfinite(cimag(z))) && (m > 3 || n == -3)))    \
      return CPOW(z, w); /* infinities: torch's products for 2, 3, -1, -2 only */ \
    uint32_t k = (uint32_t)m, bit = 1u << 31;                                   \
    while (!(k & bit)) bit >>= 1;                                               \
    T r = z; /* left to right: (z * z) * z for 3, as torch */                   \
    for (bit >>= 1; bit; bit >>= 1) {                                           \
      r = cmul_##sfx(r, r);                                                     \
      if (k & bit) r = cmul_##sfx(r, z);                                        \
    }                                                                           \
    if (isfinite(creal(z)) && isfinite(cimag(z)) &&                              \
        (!(isfinite(creal(r)) && isfinite(cimag(r))) ||                         \
         (creal(r) == 0 && cimag(r) == 0 && (creal(z) != 0 || cimag(z) != 0))))  \
      return CPOW(z, w); /* the chain overflowed or underflowed: NaN otherwise */ \
    return n < 0 ? cinv_##sfx(r) : r;                                           \
  }
COMPLEX_POW(c64, c64, float, CMPLXF, csqrtf, cpowf)
COMPLEX_POW(c128, c128, double, CMPLX, csqrt, cpow)

#define FLOORDIV_K(sfx, T, TT, name) BINARY(name##_##sfx, T, T, floordiv_##T(x, y))
#define MOD_K(sfx, T, TT, name) BINARY(name##_##sfx, T, T, mod_##T(x, y))

/* Floor division and modulo of integers narrower than 64 bits, vectorised
 * through float64: floor(x / y) of the two exact doubles is the exact floor.
 * (A non-integer x / y lies at least 1/|y| from an integer; float64's
 * quotient, below 2^31 / |y|, is within 2^-22 / |y| of it.) A zero divisor
 * gives 0 and the flag, set once after the loop so that the loop has no
 * store but out's; x // -1 is the wrapping negation; every other quotient
 * fits int32, which AVX2 converts to (uint32 cannot: it keeps idiv). A and
 * B: 1, or 0 for the operand that is a constant. */
#define INT_DIVMOD(name, T, A, B, EXPR)                                          \
  SIMD static void name(KERNEL_ARGS) {                                          \
    (void)c_;                                                                   \
    const T *a = a_, *b = b_;                                                   \
    T *o = out_;                                                                \
    int zero = 0;                                                               \
    _Pragma("GCC ivdep") for (int64_t i = 0; i < n; i++) {                      \
      T x = a[i * A], y = b[i * B];                                             \
      zero |= y == 0;                                                           \
      T d = y == 0 ? (T)1 : y;                                                  \
      T q = (T)-1 < 0 && d == (T)-1 ? (T)(0 - (uint32_t)x) /* signed types */    \
                       : (T)(int32_t)floor((double)x / (double)d);              \
      o[i] = y == 0 ? (T)0 : (T)(EXPR);                                         \
    }                                                                           \
    if (zero) th_expr_zero_division = 1;                                        \
  }
#define INT_DIVMOD_FORMS(sfx, T, TT, name, EXPR)                                 \
  INT_DIVMOD(name##_##sfx, T, 1, 1, EXPR) INT_DIVMOD(name##_##sfx##_vs, T, 1, 0, EXPR) \
  INT_DIVMOD(name##_##sfx##_sv, T, 0, 1, EXPR)
#define NARROW_INTS(X, ...)                                                   \
  X(i8, int8_t, TH_INT8, __VA_ARGS__) X(i16, int16_t, TH_INT16, __VA_ARGS__)   \
  X(i32, int32_t, TH_INT32, __VA_ARGS__) X(u8, uint8_t, TH_UINT8, __VA_ARGS__) \
  X(u16, uint16_t, TH_UINT16, __VA_ARGS__)

static inline c64 clog1p_c64(c64 z) {
  c128 w = th_clog1p(CMPLX((double)crealf(z), (double)cimagf(z)));
  return CMPLXF((float)creal(w), (float)cimag(w));
}

/* expm1(x + iy) = expm1(x) cos(y) - 2 sin(y/2)^2 + i e^x sin(y): the real
 * part keeps its digits near 0, where exp(z) - 1 cancels them (torch's
 * formula); the real axis is the real expm1, and infinite or NaN parts
 * follow cexp. complex64 is computed in double and rounded once. */
static inline c128 cexpm1_c128(c128 z) {
  double x = creal(z), y = cimag(z);
  if (y == 0) return CMPLX(expm1(x), y);
  if (!isfinite(x) || !isfinite(y)) return cexp(z) - 1;
  double s = sin(0.5 * y);
  return CMPLX(expm1(x) * cos(y) - 2 * s * s, exp(x) * sin(y));
}
static inline c64 cexpm1_c64(c64 z) {
  c128 w = cexpm1_c128(CMPLX((double)crealf(z), (double)cimagf(z)));
  return CMPLXF((float)creal(w), (float)cimag(w));
}

/* C's fmod of integers (the dividend's sign); a zero divisor sets the flag
 * and gives 0, x % -1 is 0 (x86's idiv traps on INT_MIN % -1). A and B: 1,
 * or 0 for the operand that is a constant. */
#define INT_FMOD(name, T, A, B, SIGNED)                                         \
  SIMD static void name(KERNEL_ARGS) {                                          \
    (void)c_;                                                                   \
    const T *a = a_, *b = b_;                                                   \
    T *o = out_;                                                                \
    int zero = 0;                                                               \
    for (int64_t i = 0; i < n; i++) {                                           \
      T x = a[i * A], y = b[i * B];                                             \
      zero |= y == 0;                                                           \
      T d = (y == 0 || (SIGNED && y == (T)-1)) ? (T)1 : y;                      \
      o[i] = (T)(x % d);                                                        \
    }                                                                           \
    if (zero) th_expr_zero_division = 1;                                        \
  }
#define INT_FMOD_FORMS(sfx, T, TT, name, SIGNED)                                 \
  INT_FMOD(name##_##sfx, T, 1, 1, SIGNED) INT_FMOD(name##_##sfx##_vs, T, 1, 0, SIGNED) \
  INT_FMOD(name##_##sfx##_sv, T, 0, 1, SIGNED)

/* torch's shifts: a count below 0 or of the width or more shifts every bit
 * out (0 to the left; to the right the sign's fill: 0 or -1). The left
 * shift runs in uint64_t, wrapping as torch's does. */
#define SHIFT_WIDTH(T) ((uint64_t)(sizeof(T) * 8))
#define LSHIFT(T, x, y) \
  ((uint64_t)(y) >= SHIFT_WIDTH(T) ? (T)0 : (T)((uint64_t)(x) << (uint64_t)(y)))
#define RSHIFT(T, x, y) \
  ((uint64_t)(y) >= SHIFT_WIDTH(T) ? (T)((x) < 0 ? -1 : 0) : (T)((x) >> (uint64_t)(y)))
#define URSHIFT(T, x, y) ((uint64_t)(y) >= SHIFT_WIDTH(T) ? (T)0 : (T)((x) >> (y)))
#define LSHIFT_K(sfx, T, TT, name) BINARY(name##_##sfx, T, T, LSHIFT(T, x, y))
#define RSHIFT_K(sfx, T, TT, name) BINARY(name##_##sfx, T, T, RSHIFT(T, x, y))
#define URSHIFT_K(sfx, T, TT, name) BINARY(name##_##sfx, T, T, URSHIFT(T, x, y))

/* logaddexp: max + log1p(exp(-|x - y|)), the larger term factored out so
 * that nothing overflows; equal infinities are themselves (inf - inf would
 * be NaN), NaN propagates. logaddexp2 in base 2, scaled by 1/ln 2 as
 * torch scales it. */
#define LOGADDEXP(x, y)                                                         \
  (((x) == (y) && fabs(x) == INFINITY) ? (x)                                    \
                                          : ((x) < (y) ? (y) : (x)) + log1p(exp(-fabs((x) - (y)))))
#define LOGADDEXP2(x, y)                                                        \
  (((x) == (y) && fabs(x) == INFINITY)                                          \
       ? (x)                                                                    \
       : ((x) < (y) ? (y) : (x)) + log1p(exp2(-fabs((x) - (y)))) * ((__typeof__(x))1 / (__typeof__(x))M_LN2))

static inline c64 clogaddexp_c64(c64 x, c64 y) {
  c128 w = th_clogaddexp(CMPLX((double)crealf(x), (double)cimagf(x)),
                           CMPLX((double)crealf(y), (double)cimagf(y)));
  return CMPLXF((float)creal(w), (float)cimag(w));
}

/* lerp(x, y, w): x + w (y - x) for |w| < 1/2, else y - (y - x)(1 - w), as
 * torch's kernel (each exact at its end: w = 0 gives x, w = 1 gives y),
 * with its vector lanes' fused multiply-adds for the reals. */
#define LERP_REAL(x, y, w) \
  (fabs(w) < 0.5 ? fma((w), (y) - (x), (x)) : fma((w) - 1, (y) - (x), (y)))
#define LERP_COMPLEX(x, y, w)                                                   \
  (creal(w) * creal(w) + cimag(w) * cimag(w) < 0.25 ? (x) + (w) * ((y) - (x))  \
                                                     : (y) - ((y) - (x)) * (1 - (w)))

/* ---------------------------------------------------------------- unary */

#define SIGMOID(x) (1 / (1 + exp(-(x))))

ALL(DEF_U, neg, -x)
UNSIGNED(DEF_U, abs, x)
SIGNED(DEF_U, abs, x < 0 ? -x : x)
FLOATS(DEF_U, abs, fabs(x))
UNARY(abs_c64, c64, float, cabsf(x))
UNARY(abs_c128, c128, double, cabs(x))
/* torch's sign: 0 for NaN */
SIGNED(DEF_U, sign, (x > 0) - (x < 0))
UNSIGNED(DEF_U, sign, x > 0)
FLOATS(DEF_U, sign, (x > 0) - (x < 0))
UNARY(sign_b, bool, bool, x)
INEXACT(DEF_U, sqrt, sqrt(x))
INEXACT(DEF_U, rsqrt, 1 / sqrt(x))
#undef SIMD
#define SIMD TH_CLONES_AVX512
/* float64 exp: libmvec's vector exp takes a scalar path for a whole vector
 * when any lane is beyond its fast range (|x| > ~708): such inputs ran 16x
 * slower than numpy's. So the vector loop sees only in-range lanes (the
 * others zeroed through their bits: with a select against a constant, gcc
 * called exp on x itself and selected exp(constant) after), and a block
 * with others fixes them after: beyond OVER exp is inf, below UNDER 0, NaN
 * stays NaN (as the scalar exp gives), and the few in between one at a time
 * through exp_one_f64. Such a block's inputs are copied first: out may be
 * the input. */
#define EXP_BLOCK 256
#define EXP_GAP(v, FAST, OVER, UNDER) \
  (((v) > (FAST) && (v) < (OVER)) || ((v) < -(FAST) && (v) > (UNDER)))
/* a function opaque to gcc: it would otherwise vectorise the gap's loop,
 * calling the vector exp (and its scalar path) for every lane */
static __attribute__((noipa)) double exp_one_f64(double x) { return exp(x); }
SIMD static void exp_f64(KERNEL_ARGS) {
  (void)b_; (void)c_;
  const double FAST = 708.0, OVER = 710.0, UNDER = -746.0;
  const double *a = a_;
  double *o = out_;
  for (int64_t i0 = 0; i0 < n; i0 += EXP_BLOCK) {
    int64_t m = n - i0 < EXP_BLOCK ? n - i0 : EXP_BLOCK;
    const double *y = a + i0;
    double x[EXP_BLOCK];
    int rare = 0, gap = 0;
    for (int64_t k = 0; k < m; k++) rare |= !(y[k] >= -FAST && y[k] <= FAST);
    if (!rare) { /* the common case: the plain loop */
      _Pragma("GCC ivdep") for (int64_t k = 0; k < m; k++) o[i0 + k] = exp(y[k]);
      continue;
    }
    memcpy(x, y, (size_t)m * sizeof(double));
    for (int64_t k = 0; k < m; k++) {
      int fast = x[k] >= -FAST && x[k] <= FAST;
      uint64_t bits;
      double c;
      memcpy(&bits, &x[k], sizeof bits);
      bits &= (uint64_t)0 - (uint64_t)fast;
      memcpy(&c, &bits, sizeof c);
      o[i0 + k] = exp(c);
    }
    for (int64_t k = 0; k < m; k++) {
      double v = x[k], r = o[i0 + k];
      r = v >= OVER ? (double)INFINITY : r;
      r = v <= UNDER ? 0.0 : r;
      r = v != v ? v + v : r;
      gap |= EXP_GAP(v, FAST, OVER, UNDER);
      o[i0 + k] = r;
    }
    if (gap)
      for (int64_t k = 0; k < m; k++)
        if (EXP_GAP(x[k], FAST, OVER, UNDER)) o[i0 + k] = exp_one_f64(x[k]);
  }
}
/* float32 exp and sigmoid: th_vexp_f32_as (THVectorExpImpl.h) for every
 * input, 16 at a time, the last few padded; exp's path for results under
 * FLT_MIN only in blocks with an argument below TH_VEXP_LOW. Overflowing
 * inputs cost what ordinary ones do (libmvec's expf, as float64's above,
 * took 1.1 ns an element on inputs beyond its fast range against 0.28
 * within), blocks with underflowing results half as much again; within 1
 * ulp of the correctly rounded exp (libmvec's: 4 by glibc's bound, 2 on a
 * sweep of float32s), and FMA contraction fuses its steps where the clone
 * has FMA (0.28 ns an element against 0.36 apart). out may be the input.
 * The input is prefetched 4 KiB ahead (a prefetch past its end is
 * harmless): the loop's long arithmetic left too few loads in flight, and
 * 16M float32 streamed took 8.0 ms without, 5.3 with. */
#if defined(__GNUC__) && !defined(__clang__)
#define FP_CONTRACT __attribute__((optimize("fp-contract=fast")))
#else
#define FP_CONTRACT
#endif
#define PREFETCH_AHEAD 1024
#define VEXP_LOOP(F, LOW)                                         \
  for (; i + 16 <= end; i += 16) {                                \
    __builtin_prefetch(a + i + PREFETCH_AHEAD);                   \
    memcpy(&v, a + i, sizeof v);                                  \
    v = F(v, LOW);                                                \
    memcpy(o + i, &v, sizeof v);                                  \
  }
#define VEXP_KERNEL(NAME, F, LOW_INPUT)                                            \
  FP_CONTRACT TH_CLONES_FMA512 static void NAME(KERNEL_ARGS) {                     \
    (void)b_; (void)c_;                                                            \
    const float *a = a_;                                                           \
    float *o = out_;                                                               \
    vf32 v;                                                                        \
    int64_t i = 0;                                                                 \
    while (i + 16 <= n) {                                                          \
      int64_t end = i + EXP_BLOCK < n ? i + EXP_BLOCK : n;                         \
      int low = 0;                                                                 \
      for (int64_t k = i; k < end; k++) low |= LOW_INPUT(a[k]);                    \
      if (low)                                                                     \
        VEXP_LOOP(F, 1)                                                            \
      else                                                                         \
        VEXP_LOOP(F, 0)                                                            \
    }                                                                              \
    if (i < n) {                                                                   \
      v = (vf32){0};                                                               \
      memcpy(&v, a + i, (size_t)(n - i) * sizeof(float));                          \
      v = F(v, 1);                                                                 \
      memcpy(o + i, &v, (size_t)(n - i) * sizeof(float));                         \
    }                                                                              \
  }
/* sigmoid: exp(-x) of x beyond -TH_VEXP_LOW adds nothing to 1 (the result
 * is 1 from x = 17), so its argument is clamped there (NaN stays) and the
 * path for tiny exps is never needed */
#define VSIGMOID_F32(v, LOW)                                                \
  (1.0f / (1.0f + th_vexp_f32_as(sel_f32(-(v) < TH_VEXP_LOW, (vf32){0} + TH_VEXP_LOW, -(v)), 0)))
#define EXP_LOW_INPUT(x) ((x) < TH_VEXP_LOW)
#define NEVER_LOW(x) ((void)(x), 0)
VEXP_KERNEL(exp_f32, th_vexp_f32_as, EXP_LOW_INPUT)
VEXP_KERNEL(sigmoid_f32, VSIGMOID_F32, NEVER_LOW)
/* float64 sigmoid: 1 / (1 + exp(-x)); a block with an input beyond exp's
 * fast range takes its exps from exp_f64 (the plain loop's vector exp takes
 * its scalar path for the whole vector) */
SIMD static void sigmoid_f64(KERNEL_ARGS) {
  (void)b_; (void)c_;
  const double *a = a_;
  double *o = out_;
  for (int64_t i0 = 0; i0 < n; i0 += EXP_BLOCK) {
    int64_t m = n - i0 < EXP_BLOCK ? n - i0 : EXP_BLOCK;
    const double *y = a + i0;
    int rare = 0;
    for (int64_t k = 0; k < m; k++) rare |= !(y[k] >= -708.0 && y[k] <= 708.0);
    if (!rare) {
      _Pragma("GCC ivdep") for (int64_t k = 0; k < m; k++) o[i0 + k] = SIGMOID(y[k]);
      continue;
    }
    double t[EXP_BLOCK];
    for (int64_t k = 0; k < m; k++) t[k] = -y[k];
    exp_f64(m, t, t, NULL, NULL);
    for (int64_t k = 0; k < m; k++) o[i0 + k] = 1 / (1 + t[k]);
  }
}
COMPLEX(DEF_U, exp, exp(x))
INEXACT(DEF_U, log, log(x))
FLOATS(DEF_U, log1p, log1p(x))
UNARY(log1p_c64, c64, c64, clog1p_c64(x))
UNARY(log1p_c128, c128, c128, th_clog1p(x))
FLOATS(DEF_U, expm1, expm1(x))
UNARY(expm1_c64, c64, c64, cexpm1_c64(x))
UNARY(expm1_c128, c128, c128, cexpm1_c128(x))
INEXACT(DEF_U, sin, sin(x))
INEXACT(DEF_U, cos, cos(x))
INEXACT(DEF_U, tanh, tanh(x))
COMPLEX(DEF_U, sigmoid, SIGMOID(x))
FLOATS(DEF_B, pow, pow(x, y))
BINARY(pow_c64, c64, c64, cpow_c64(x, y))
BINARY(pow_c128, c128, c128, cpow_c128(x, y))
FLOATS(DEF_B, atan2, atan2(x, y))
INEXACT(DEF_U, acos, acos(x))
INEXACT(DEF_U, asin, asin(x))
INEXACT(DEF_U, atan, atan(x))
INEXACT(DEF_U, cosh, cosh(x))
INEXACT(DEF_U, sinh, sinh(x))
INEXACT(DEF_U, asinh, asinh(x))
INEXACT(DEF_U, acosh, acosh(x))
INEXACT(DEF_U, atanh, atanh(x))
INEXACT(DEF_U, tan, tan(x))
FLOATS(DEF_U, log2, log2(x))
FLOATS(DEF_U, log10, log10(x))
FLOATS(DEF_U, exp2, exp2(x))
/* complex: torch's identities (no complex log2, log10, exp2 in C) */
UNARY(log2_c64, c64, c64, clog(x) / (float)M_LN2)
UNARY(log2_c128, c128, c128, clog(x) / M_LN2)
UNARY(log10_c64, c64, c64, clog(x) / (float)M_LN10)
UNARY(log10_c128, c128, c128, clog(x) / M_LN10)
UNARY(exp2_c64, c64, c64, cexp((float)M_LN2 * x))
UNARY(exp2_c128, c128, c128, cexp(M_LN2 * x))
/* sin(pi x) / (pi x), pi in the computing type as torch's */
UNARY(sinc_f32, float, float, x == 0 ? 1.0f : sin((float)TH_PI * x) / ((float)TH_PI * x))
UNARY(sinc_f64, double, double, x == 0 ? 1.0 : sin(TH_PI * x) / (TH_PI * x))
UNARY(sinc_c64, c64, c64, x == 0 ? 1.0f : csin((float)TH_PI * x) / ((float)TH_PI * x))
UNARY(sinc_c128, c128, c128, x == 0 ? 1.0 : csin(TH_PI * x) / (TH_PI * x))
FLOATS(DEF_U, erf, erf(x))
FLOATS(DEF_U, erfc, erfc(x))
FLOATS(DEF_B, hypot, hypot(x, y))
FLOATS(DEF_B, logaddexp, LOGADDEXP(x, y))
FLOATS(DEF_B, logaddexp2, LOGADDEXP2(x, y))
/* erfinv in chunks: each chunk's Giles guess and Newton steps in one
 * vectorised pass (in double: float32 is then correctly rounded nearly
 * always; two steps reach double's last bits from the guess's 1e-7), then
 * th_erfinv for the rare elements the pass does not cover (|y| >= 1, NaN,
 * |y| within 1e-7 of 1). The chunk's results are kept apart until then, so
 * out may be the input. */
#define ERFINV_CHUNK 256
#define ERFINV(name, T, STEPS)                                                  \
  SIMD static void name(KERNEL_ARGS) {                                          \
    (void)b_; (void)c_;                                                         \
    const T *a = a_;                                                            \
    T *o = out_, m[ERFINV_CHUNK];                                               \
    for (int64_t i0 = 0; i0 < n; i0 += ERFINV_CHUNK) {                          \
      int64_t len = n - i0 < ERFINV_CHUNK ? n - i0 : ERFINV_CHUNK;              \
      const T *ca = a + i0;                                                     \
      int slow = 0;                                                             \
      for (int64_t i = 0; i < len; i++) {                                       \
        double y = ca[i], t = fabs(y), w = -log((1 - t) * (1 + t));             \
        double x = th_erfinv_guess(t, w);                                       \
        for (int k = 0; k < STEPS; k++) x = th_erfinv_step(x, t);               \
        m[i] = (T)copysign(x, y);                                               \
        slow |= !(w < 16);                                                      \
      }                                                                         \
      for (int64_t i = 0; slow && i < len; i++) {                               \
        double t = fabs((double)ca[i]);                                         \
        if (!(-log((1 - t) * (1 + t)) < 16)) m[i] = (T)th_erfinv(ca[i]);        \
      }                                                                         \
      for (int64_t i = 0; i < len; i++) o[i0 + i] = m[i];                       \
    }                                                                           \
  }
ERFINV(erfinv_f32, float, 1)
ERFINV(erfinv_f64, double, 2)
#undef SIMD
#define SIMD TH_CLONES_AVX2
/* lgamma_r: lgamma writes the global signgam, a race between threads */
static inline float lgamma_float(float x) { int sign; return lgammaf_r(x, &sign); }
static inline double lgamma_double(double x) { int sign; return lgamma_r(x, &sign); }
UNARY(lgamma_f32, float, float, lgamma_float(x))
UNARY(lgamma_f64, double, double, lgamma_double(x))
UNARY(digamma_f32, float, float, th_digamma(x))
UNARY(digamma_f64, double, double, th_digamma(x))
BINARY(polygamma_f32, float, float, th_polygamma(x, y))
BINARY(polygamma_f64, double, double, th_polygamma(x, y))
FLOATS(DEF_U, frac, x - trunc(x))
/* the tests of NaN and infinity: integers are finite */
FLOATS(DEF_UB, isnan, x != x)
FLOATS(DEF_UB, isinf, fabs(x) == INFINITY)
FLOATS(DEF_UB, isfinite, fabs(x) < INFINITY)
FLOATS(DEF_UB, isposinf, x == INFINITY)
FLOATS(DEF_UB, isneginf, x == -INFINITY)
FLOATS(DEF_UB, signbit, signbit(x) != 0)
INTEGRAL(DEF_UB, isnan, ((void)x, false))
INTEGRAL(DEF_UB, isinf, ((void)x, false))
INTEGRAL(DEF_UB, isfinite, ((void)x, true))
INTEGRAL(DEF_UB, isposinf, ((void)x, false))
INTEGRAL(DEF_UB, isneginf, ((void)x, false))
SIGNED(DEF_UB, signbit, x < 0)
UNSIGNED(DEF_UB, signbit, ((void)x, false))
UNARY(signbit_b, bool, bool, ((void)x, false))
COMPLEX(DEF_UB, isnan, creal(x) != creal(x) || cimag(x) != cimag(x))
COMPLEX(DEF_UB, isinf, fabs(creal(x)) == INFINITY || fabs(cimag(x)) == INFINITY)
COMPLEX(DEF_UB, isfinite, fabs(creal(x)) < INFINITY && fabs(cimag(x)) < INFINITY)
UNARY(real_c64, c64, float, crealf(x))
UNARY(real_c128, c128, double, creal(x))
UNARY(imag_c64, c64, float, cimagf(x))
UNARY(imag_c128, c128, double, cimag(x))
FLOATS(DEF_U, real, x)
FLOATS(DEF_U, imag, ((void)x, 0))
BINARY(make_complex_f32, float, c64, CMPLXF(x, y)) /* (complex is <complex.h>'s macro) */
BINARY(make_complex_f64, double, c128, CMPLX(x, y))
INEXACT(DEF_U, reciprocal, 1 / x)
FLOATS(DEF_U, floor, floor(x))
FLOATS(DEF_U, ceil, ceil(x))
FLOATS(DEF_U, round, rint(x)) /* half to even, as torch */
FLOATS(DEF_U, trunc, trunc(x))
INTS(DEF_U, floor, x)
INTS(DEF_U, ceil, x)
INTS(DEF_U, round, x)
INTS(DEF_U, trunc, x)
UNARY(logical_not_b, bool, bool, !x)
INTS(DEF_U, bitwise_not, ~x)
UNARY(bitwise_not_b, bool, bool, !x)

/* --------------------------------------------------------------- binary */

/* bool: add is or, mul is and (torch) */
NUMBERS(DEF_B, add, x + y)
BINARY(add_b, bool, bool, x || y)
NUMBERS(DEF_B, sub, x - y)
NUMBERS(DEF_B, mul, x * y)
BINARY(mul_b, bool, bool, x && y)
INEXACT(DEF_B, div, x / y)
NARROW_INTS(INT_DIVMOD_FORMS, floor_divide, q)
NARROW_INTS(INT_DIVMOD_FORMS, remainder, x - q * d)
FLOORDIV_K(i64, int64_t, TH_INT64, floor_divide)
FLOORDIV_K(u32, uint32_t, TH_UINT32, floor_divide)
FLOORDIV_K(u64, uint64_t, TH_UINT64, floor_divide)
MOD_K(i64, int64_t, TH_INT64, remainder)
MOD_K(u32, uint32_t, TH_UINT32, remainder)
MOD_K(u64, uint64_t, TH_UINT64, remainder)
BINARY(floor_divide_f64, double, double, floordiv_double(x, y))
BINARY(remainder_f64, double, double, mod_double(x, y))
INTS(POW_INT, pow)
BINARY(pow_b, bool, bool, x || !y) /* torch: bool ** bool is bool */
/* NaN propagates (torch.minimum/maximum) */
FLOATS(DEF_B, minimum, (x < y || x != x) ? x : y)
FLOATS(DEF_B, maximum, (x > y || x != x) ? x : y)
INTEGRAL(DEF_B, minimum, x < y ? x : y)
INTEGRAL(DEF_B, maximum, x > y ? x : y)
ALL(DEF_BB, eq, x == y)
ALL(DEF_BB, ne, x != y)
REALS(DEF_BB, lt, x < y)
REALS(DEF_BB, le, x <= y)
REALS(DEF_BB, gt, x > y)
REALS(DEF_BB, ge, x >= y)
BINARY(lt_b, bool, bool, x < y)
BINARY(le_b, bool, bool, x <= y)
BINARY(gt_b, bool, bool, x > y)
BINARY(ge_b, bool, bool, x >= y)
BINARY(logical_and_b, bool, bool, x && y)
BINARY(logical_or_b, bool, bool, x || y)
BINARY(logical_xor_b, bool, bool, x != y)
INTEGRAL(DEF_B, bitwise_and, x & y)
INTEGRAL(DEF_B, bitwise_or, x | y)
INTEGRAL(DEF_B, bitwise_xor, x ^ y)
SIGNED(INT_FMOD_FORMS, fmod, 1)
UNSIGNED(INT_FMOD_FORMS, fmod, 0)
BINARY(fmod_f64, double, double, fmod(x, y))
FLOAT_DIVMOD_FORMS(fmod_f32, ((void)y, r))
FLOATS(DEF_B, copysign, copysign(x, y))
/* 0 where x is 0 (y = 0 and inf too), NaN wherever y is */
FLOATS(DEF_B, xlogy, y != y ? NAN : x == 0 ? 0 : x * log(y))
/* C's fmax and fmin (the number beside a NaN; -0 and 0 by their order) */
FLOATS(DEF_B, fmax, (x >= y || y != y) ? x : y)
FLOATS(DEF_B, fmin, (x <= y || y != y) ? x : y)
INTEGRAL(DEF_B, fmax, x > y ? x : y)
INTEGRAL(DEF_B, fmin, x < y ? x : y)
INTS(LSHIFT_K, bitwise_left_shift)
SIGNED(RSHIFT_K, bitwise_right_shift)
UNSIGNED(URSHIFT_K, bitwise_right_shift)
BINARY(logaddexp_c64, c64, c64, clogaddexp_c64(x, y))
BINARY(logaddexp_c128, c128, c128, th_clogaddexp(x, y))

/* -------------------------------------------------------------- ternary */

ALL(DEF_WHERE, where, x ? y : z)
/* clamp(x, lo, hi): NaN in any of them gives NaN, as torch. A NaN x needs
 * no test: both comparisons are false and x passes through (maxps/minps). */
#define CLAMP_FLOAT(x, y, z) \
  ((y != y || z != z) ? y + z : z < (y > x ? y : x) ? z : (y > x ? y : x))
#define CLAMP_INT(x, y, z) ((x < y ? y : x) > z ? z : (x < y ? y : x))
FLOATS(DEF_T, clamp, CLAMP_FLOAT(x, y, z))
FLOATS(DEF_TVSS, clamp, CLAMP_FLOAT(x, y, z))
INTS(DEF_T, clamp, CLAMP_INT(x, y, z))
INTS(DEF_TVSS, clamp, CLAMP_INT(x, y, z))
NUMBERS(DEF_T, addcmul, x + y * z)
INTS(DEF_T, fma, x + y * z)
COMPLEX(DEF_T, fma, x + y * z)
#undef SIMD
#define SIMD TH_CLONES_FMA
/* x + y z rounded once, as torch's vector lanes' (and its contracted scalar
 * tail's) fused multiply-add: th.addcmul, and add/sub with an alpha */
#define FMA_OF(x) _Generic((x), float: fmaf, default: fma)
FLOATS(DEF_T, fma, FMA_OF(x)(y, z, x))
FLOATS(DEF_T, lerp, LERP_REAL(x, y, z))
#undef SIMD
#define SIMD TH_CLONES_AVX2
COMPLEX(DEF_T, lerp, LERP_COMPLEX(x, y, z))

/* ---------------------------------------------------------------- table */

static const th_expr_kernel kernels[TH_EXPR_NUM_OPS][TH_NUM_SCALAR_TYPES] = {
    [TH_EXPR_NEG] = {ALL(ENTRY, neg)},
    [TH_EXPR_ABS] = {NUMBERS(ENTRY, abs)},
    [TH_EXPR_SIGN] = {REALS(ENTRY, sign) [TH_BOOL] = sign_b},
    [TH_EXPR_SQRT] = {INEXACT(ENTRY, sqrt)},
    [TH_EXPR_RSQRT] = {INEXACT(ENTRY, rsqrt)},
    [TH_EXPR_EXP] = {INEXACT(ENTRY, exp)},
    [TH_EXPR_LOG] = {INEXACT(ENTRY, log)},
    [TH_EXPR_LOG1P] = {INEXACT(ENTRY, log1p)},
    [TH_EXPR_EXPM1] = {INEXACT(ENTRY, expm1)},
    [TH_EXPR_SIN] = {INEXACT(ENTRY, sin)},
    [TH_EXPR_COS] = {INEXACT(ENTRY, cos)},
    [TH_EXPR_TANH] = {INEXACT(ENTRY, tanh)},
    [TH_EXPR_SIGMOID] = {INEXACT(ENTRY, sigmoid)},
    [TH_EXPR_FLOOR] = {REALS(ENTRY, floor)},
    [TH_EXPR_CEIL] = {REALS(ENTRY, ceil)},
    [TH_EXPR_ROUND] = {REALS(ENTRY, round)},
    [TH_EXPR_TRUNC] = {REALS(ENTRY, trunc)},
    [TH_EXPR_RECIPROCAL] = {INEXACT(ENTRY, reciprocal)},
    [TH_EXPR_LOGICAL_NOT] = {[TH_BOOL] = logical_not_b},
    [TH_EXPR_BITWISE_NOT] = {INTS(ENTRY, bitwise_not)[TH_BOOL] = bitwise_not_b},
    [TH_EXPR_ACOS] = {INEXACT(ENTRY, acos)},
    [TH_EXPR_ASIN] = {INEXACT(ENTRY, asin)},
    [TH_EXPR_ATAN] = {INEXACT(ENTRY, atan)},
    [TH_EXPR_COSH] = {INEXACT(ENTRY, cosh)},
    [TH_EXPR_SINH] = {INEXACT(ENTRY, sinh)},
    [TH_EXPR_ASINH] = {INEXACT(ENTRY, asinh)},
    [TH_EXPR_ACOSH] = {INEXACT(ENTRY, acosh)},
    [TH_EXPR_ATANH] = {INEXACT(ENTRY, atanh)},
    [TH_EXPR_TAN] = {INEXACT(ENTRY, tan)},
    [TH_EXPR_LOG2] = {INEXACT(ENTRY, log2)},
    [TH_EXPR_LOG10] = {INEXACT(ENTRY, log10)},
    [TH_EXPR_EXP2] = {INEXACT(ENTRY, exp2)},
    [TH_EXPR_SINC] = {INEXACT(ENTRY, sinc)},
    [TH_EXPR_ERF] = {FLOATS(ENTRY, erf)},
    [TH_EXPR_ERFC] = {FLOATS(ENTRY, erfc)},
    [TH_EXPR_ERFINV] = {FLOATS(ENTRY, erfinv)},
    [TH_EXPR_LGAMMA] = {FLOATS(ENTRY, lgamma)},
    [TH_EXPR_DIGAMMA] = {FLOATS(ENTRY, digamma)},
    [TH_EXPR_FRAC] = {FLOATS(ENTRY, frac)},
    [TH_EXPR_ISNAN] = {ALL(ENTRY, isnan)},
    [TH_EXPR_ISINF] = {ALL(ENTRY, isinf)},
    [TH_EXPR_ISFINITE] = {ALL(ENTRY, isfinite)},
    [TH_EXPR_ISPOSINF] = {REALS(ENTRY, isposinf)[TH_BOOL] = isposinf_b},
    [TH_EXPR_ISNEGINF] = {REALS(ENTRY, isneginf)[TH_BOOL] = isneginf_b},
    [TH_EXPR_SIGNBIT] = {REALS(ENTRY, signbit)[TH_BOOL] = signbit_b},
    [TH_EXPR_REAL] = {INEXACT(ENTRY, real)},
    [TH_EXPR_IMAG] = {INEXACT(ENTRY, imag)},
    [TH_EXPR_ADD] = {NUMBERS(ENTRY, add)[TH_BOOL] = add_b},
    [TH_EXPR_SUB] = {NUMBERS(ENTRY, sub)},
    [TH_EXPR_MUL] = {NUMBERS(ENTRY, mul)[TH_BOOL] = mul_b},
    [TH_EXPR_DIV] = {INEXACT(ENTRY, div)},
    [TH_EXPR_FLOOR_DIVIDE] = {REALS(ENTRY, floor_divide)},
    [TH_EXPR_REMAINDER] = {REALS(ENTRY, remainder)},
    [TH_EXPR_POW] = {NUMBERS(ENTRY, pow)[TH_BOOL] = pow_b},
    [TH_EXPR_MINIMUM] = {INTEGRAL(ENTRY, minimum) FLOATS(ENTRY, minimum)},
    [TH_EXPR_MAXIMUM] = {INTEGRAL(ENTRY, maximum) FLOATS(ENTRY, maximum)},
    [TH_EXPR_ATAN2] = {FLOATS(ENTRY, atan2)},
    [TH_EXPR_EQ] = {ALL(ENTRY, eq)},
    [TH_EXPR_NE] = {ALL(ENTRY, ne)},
    [TH_EXPR_LT] = {REALS(ENTRY, lt)[TH_BOOL] = lt_b},
    [TH_EXPR_LE] = {REALS(ENTRY, le)[TH_BOOL] = le_b},
    [TH_EXPR_GT] = {REALS(ENTRY, gt)[TH_BOOL] = gt_b},
    [TH_EXPR_GE] = {REALS(ENTRY, ge)[TH_BOOL] = ge_b},
    [TH_EXPR_LOGICAL_AND] = {[TH_BOOL] = logical_and_b},
    [TH_EXPR_LOGICAL_OR] = {[TH_BOOL] = logical_or_b},
    [TH_EXPR_LOGICAL_XOR] = {[TH_BOOL] = logical_xor_b},
    [TH_EXPR_BITWISE_AND] = {INTEGRAL(ENTRY, bitwise_and)},
    [TH_EXPR_BITWISE_OR] = {INTEGRAL(ENTRY, bitwise_or)},
    [TH_EXPR_BITWISE_XOR] = {INTEGRAL(ENTRY, bitwise_xor)},
    [TH_EXPR_FMOD] = {REALS(ENTRY, fmod)},
    [TH_EXPR_COPYSIGN] = {FLOATS(ENTRY, copysign)},
    [TH_EXPR_HYPOT] = {FLOATS(ENTRY, hypot)},
    [TH_EXPR_LOGADDEXP] = {INEXACT(ENTRY, logaddexp)},
    [TH_EXPR_LOGADDEXP2] = {FLOATS(ENTRY, logaddexp2)},
    [TH_EXPR_XLOGY] = {FLOATS(ENTRY, xlogy)},
    [TH_EXPR_FMAX] = {INTEGRAL(ENTRY, fmax) FLOATS(ENTRY, fmax)},
    [TH_EXPR_FMIN] = {INTEGRAL(ENTRY, fmin) FLOATS(ENTRY, fmin)},
    [TH_EXPR_BITWISE_LEFT_SHIFT] = {INTS(ENTRY, bitwise_left_shift)},
    [TH_EXPR_BITWISE_RIGHT_SHIFT] = {INTS(ENTRY, bitwise_right_shift)},
    [TH_EXPR_POLYGAMMA] = {FLOATS(ENTRY, polygamma)},
    [TH_EXPR_COMPLEX] = {[TH_FLOAT32] = make_complex_f32, [TH_FLOAT64] = make_complex_f64},
    [TH_EXPR_WHERE] = {ALL(ENTRY, where)},
    [TH_EXPR_CLAMP] = {REALS(ENTRY, clamp)},
    [TH_EXPR_ADDCMUL] = {NUMBERS(ENTRY, addcmul)},
    [TH_EXPR_LERP] = {INEXACT(ENTRY, lerp)},
    [TH_EXPR_FMA] = {NUMBERS(ENTRY, fma)},
};

#define ENTRYVS(sfx, T, TT, name) [TT] = name##_##sfx##_vs,
#define ENTRYSV(sfx, T, TT, name) [TT] = name##_##sfx##_sv,
static const th_expr_kernel kernels_vs[TH_EXPR_NUM_OPS][TH_NUM_SCALAR_TYPES] = {
    [TH_EXPR_ADD] = {NUMBERS(ENTRYVS, add)[TH_BOOL] = add_b_vs},
    [TH_EXPR_SUB] = {NUMBERS(ENTRYVS, sub)},
    [TH_EXPR_MUL] = {NUMBERS(ENTRYVS, mul)[TH_BOOL] = mul_b_vs},
    [TH_EXPR_DIV] = {INEXACT(ENTRYVS, div)},
    [TH_EXPR_FLOOR_DIVIDE] = {REALS(ENTRYVS, floor_divide)},
    [TH_EXPR_REMAINDER] = {REALS(ENTRYVS, remainder)},
    [TH_EXPR_POW] = {NUMBERS(ENTRYVS, pow)[TH_BOOL] = pow_b_vs},
    [TH_EXPR_MINIMUM] = {INTEGRAL(ENTRYVS, minimum) FLOATS(ENTRYVS, minimum)},
    [TH_EXPR_MAXIMUM] = {INTEGRAL(ENTRYVS, maximum) FLOATS(ENTRYVS, maximum)},
    [TH_EXPR_ATAN2] = {FLOATS(ENTRYVS, atan2)},
    [TH_EXPR_EQ] = {ALL(ENTRYVS, eq)},
    [TH_EXPR_NE] = {ALL(ENTRYVS, ne)},
    [TH_EXPR_LT] = {REALS(ENTRYVS, lt)[TH_BOOL] = lt_b_vs},
    [TH_EXPR_LE] = {REALS(ENTRYVS, le)[TH_BOOL] = le_b_vs},
    [TH_EXPR_GT] = {REALS(ENTRYVS, gt)[TH_BOOL] = gt_b_vs},
    [TH_EXPR_GE] = {REALS(ENTRYVS, ge)[TH_BOOL] = ge_b_vs},
    [TH_EXPR_LOGICAL_AND] = {[TH_BOOL] = logical_and_b_vs},
    [TH_EXPR_LOGICAL_OR] = {[TH_BOOL] = logical_or_b_vs},
    [TH_EXPR_LOGICAL_XOR] = {[TH_BOOL] = logical_xor_b_vs},
    [TH_EXPR_BITWISE_AND] = {INTEGRAL(ENTRYVS, bitwise_and)},
    [TH_EXPR_BITWISE_OR] = {INTEGRAL(ENTRYVS, bitwise_or)},
    [TH_EXPR_BITWISE_XOR] = {INTEGRAL(ENTRYVS, bitwise_xor)},
    [TH_EXPR_FMOD] = {REALS(ENTRYVS, fmod)},
    [TH_EXPR_COPYSIGN] = {FLOATS(ENTRYVS, copysign)},
    [TH_EXPR_HYPOT] = {FLOATS(ENTRYVS, hypot)},
    [TH_EXPR_LOGADDEXP] = {INEXACT(ENTRYVS, logaddexp)},
    [TH_EXPR_LOGADDEXP2] = {FLOATS(ENTRYVS, logaddexp2)},
    [TH_EXPR_XLOGY] = {FLOATS(ENTRYVS, xlogy)},
    [TH_EXPR_FMAX] = {INTEGRAL(ENTRYVS, fmax) FLOATS(ENTRYVS, fmax)},
    [TH_EXPR_FMIN] = {INTEGRAL(ENTRYVS, fmin) FLOATS(ENTRYVS, fmin)},
    [TH_EXPR_BITWISE_LEFT_SHIFT] = {INTS(ENTRYVS, bitwise_left_shift)},
    [TH_EXPR_BITWISE_RIGHT_SHIFT] = {INTS(ENTRYVS, bitwise_right_shift)},
    [TH_EXPR_POLYGAMMA] = {FLOATS(ENTRYVS, polygamma)},
    [TH_EXPR_COMPLEX] = {[TH_FLOAT32] = make_complex_f32_vs, [TH_FLOAT64] = make_complex_f64_vs},
};

static const th_expr_kernel kernels_sv[TH_EXPR_NUM_OPS][TH_NUM_SCALAR_TYPES] = {
    [TH_EXPR_ADD] = {NUMBERS(ENTRYSV, add)[TH_BOOL] = add_b_sv},
    [TH_EXPR_SUB] = {NUMBERS(ENTRYSV, sub)},
    [TH_EXPR_MUL] = {NUMBERS(ENTRYSV, mul)[TH_BOOL] = mul_b_sv},
    [TH_EXPR_DIV] = {INEXACT(ENTRYSV, div)},
    [TH_EXPR_FLOOR_DIVIDE] = {REALS(ENTRYSV, floor_divide)},
    [TH_EXPR_REMAINDER] = {REALS(ENTRYSV, remainder)},
    [TH_EXPR_POW] = {NUMBERS(ENTRYSV, pow)[TH_BOOL] = pow_b_sv},
    [TH_EXPR_MINIMUM] = {INTEGRAL(ENTRYSV, minimum) FLOATS(ENTRYSV, minimum)},
    [TH_EXPR_MAXIMUM] = {INTEGRAL(ENTRYSV, maximum) FLOATS(ENTRYSV, maximum)},
    [TH_EXPR_ATAN2] = {FLOATS(ENTRYSV, atan2)},
    [TH_EXPR_EQ] = {ALL(ENTRYSV, eq)},
    [TH_EXPR_NE] = {ALL(ENTRYSV, ne)},
    [TH_EXPR_LT] = {REALS(ENTRYSV, lt)[TH_BOOL] = lt_b_sv},
    [TH_EXPR_LE] = {REALS(ENTRYSV, le)[TH_BOOL] = le_b_sv},
    [TH_EXPR_GT] = {REALS(ENTRYSV, gt)[TH_BOOL] = gt_b_sv},
    [TH_EXPR_GE] = {REALS(ENTRYSV, ge)[TH_BOOL] = ge_b_sv},
    [TH_EXPR_LOGICAL_AND] = {[TH_BOOL] = logical_and_b_sv},
    [TH_EXPR_LOGICAL_OR] = {[TH_BOOL] = logical_or_b_sv},
    [TH_EXPR_LOGICAL_XOR] = {[TH_BOOL] = logical_xor_b_sv},
    [TH_EXPR_BITWISE_AND] = {INTEGRAL(ENTRYSV, bitwise_and)},
    [TH_EXPR_BITWISE_OR] = {INTEGRAL(ENTRYSV, bitwise_or)},
    [TH_EXPR_BITWISE_XOR] = {INTEGRAL(ENTRYSV, bitwise_xor)},
    [TH_EXPR_FMOD] = {REALS(ENTRYSV, fmod)},
    [TH_EXPR_COPYSIGN] = {FLOATS(ENTRYSV, copysign)},
    [TH_EXPR_HYPOT] = {FLOATS(ENTRYSV, hypot)},
    [TH_EXPR_LOGADDEXP] = {INEXACT(ENTRYSV, logaddexp)},
    [TH_EXPR_LOGADDEXP2] = {FLOATS(ENTRYSV, logaddexp2)},
    [TH_EXPR_XLOGY] = {FLOATS(ENTRYSV, xlogy)},
    [TH_EXPR_FMAX] = {INTEGRAL(ENTRYSV, fmax) FLOATS(ENTRYSV, fmax)},
    [TH_EXPR_FMIN] = {INTEGRAL(ENTRYSV, fmin) FLOATS(ENTRYSV, fmin)},
    [TH_EXPR_BITWISE_LEFT_SHIFT] = {INTS(ENTRYSV, bitwise_left_shift)},
    [TH_EXPR_BITWISE_RIGHT_SHIFT] = {INTS(ENTRYSV, bitwise_right_shift)},
    [TH_EXPR_POLYGAMMA] = {FLOATS(ENTRYSV, polygamma)},
    [TH_EXPR_COMPLEX] = {[TH_FLOAT32] = make_complex_f32_sv, [TH_FLOAT64] = make_complex_f64_sv},
};

#define ENTRYVSS(sfx, T, TT, name) [TT] = name##_##sfx##_vss,
static const th_expr_kernel kernels_vss[TH_EXPR_NUM_OPS][TH_NUM_SCALAR_TYPES] = {
    [TH_EXPR_CLAMP] = {REALS(ENTRYVSS, clamp)},
};

th_expr_kernel th_expr_kernel_for(THExprOp op, THScalarType in_type, int constant) {
  if ((int)op < 0 || op >= TH_EXPR_NUM_OPS || !THScalarType_isValid((int)in_type)) return NULL;
  if (constant == 3) return kernels_vss[op][in_type];
  if (constant == 2) return kernels_vs[op][in_type];
  if (constant == 1) return kernels_sv[op][in_type];
  return kernels[op][in_type];
}
