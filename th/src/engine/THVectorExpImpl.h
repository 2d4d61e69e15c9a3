/* Internal: exp on whole vectors, without libm: the row kernels'
 * (math/THTensorRows.c) and the float32 exp and sigmoid of expressions
 * (THExprKernels.c). The same code for every input, so a value's result
 * does not depend on its neighbours (libmvec's expf takes a scalar path for
 * a whole vector when one lane overflows). A caller built with FMA
 * contraction (fp-contract=fast, where its clone has FMA) fuses the
 * polynomial's steps: a quarter faster, and its last bits then differ from
 * a build without, as torch's do between CPUs. */
#ifndef TH_VECTOR_EXP_IMPL_H
#define TH_VECTOR_EXP_IMPL_H

#include <stdint.h>

/* 64-byte vectors of GCC's vector extensions (16 floats, 8 doubles): one
 * AVX-512 register, two AVX2 ones, four SSE ones in a default clone. */
typedef float vf32 __attribute__((vector_size(64)));
typedef int32_t vi32 __attribute__((vector_size(64)));
typedef double vf64 __attribute__((vector_size(64)));
typedef int64_t vi64 __attribute__((vector_size(64)));
#define TH_VINLINE static inline __attribute__((always_inline))
/* (gcc warns, and still notes once, that such vectors would pass
 * differently between clones: the helpers taking them are always inlined,
 * so none is passed) */
#pragma GCC diagnostic ignored "-Wpsabi"

/* a where mask, else b (macros: a function taking these vectors by value
 * has another ABI in each clone) */
#define sel_f32(mask, a, b) ((vf32)(((mask) & (vi32)(a)) | (~(mask) & (vi32)(b))))
#define sel_f64(mask, a, b) ((vf64)(((mask) & (vi64)(a)) | (~(mask) & (vi64)(b))))

/* exp(x) in float32 within 1 ulp of the correctly rounded value (0.4% of
 * float32s differ from it): x = n ln2 + r, |r| <= ln2 / 2 (two-constant
 * reduction), Cephes' expf polynomial for exp(r), times 2^n. x is clamped
 * to [-104, 89], where exp rounds to 0 and inf; NaN stays NaN.
 *
 * Results below FLT_MIN (n <= -126) take their own path: floating-point
 * arithmetic with a subnormal or underflowing result takes a microcode
 * assist on x86 (3.1 ns an element against 0.25), so none is done there.
 * low_lanes 0 leaves that path out, a third of the work, for vectors with
 * no input below TH_VEXP_LOW; every lane's result is the same bits with
 * low_lanes 0 or 1 (0 reaches them through the assists). Inputs under
 * FLT_MIN in magnitude still take an assist (a subnormal r): rare. */
#define TH_VEXP_LOW (-86.5f) /* n reaches -126 below -125.5 ln2 = -86.99 */
TH_VINLINE vf32 th_vexp_f32_as(vf32 x, int low_lanes) {
  const vf32 lo = (vf32){0} - 104.0f, hi = (vf32){0} + 89.0f;
  x = sel_f32(x < lo, lo, x);
  x = sel_f32(x > hi, hi, x);
  const float shifter = 12582912.0f; /* 1.5 * 2^23: adding it rounds to an integer */
  vf32 t = x * 1.44269504088896341f + shifter;
  vf32 n = t - shifter;
  vf32 r = x - n * 0.693359375f;
  r = r - n * -2.12194440e-4f;
  vf32 p = r * 1.9875691500e-4f + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  vi32 ni = (vi32)t - 0x4b400000; /* t's low bits hold n */
  if (!low_lanes) { /* p 2^n, p in [0.7, 1.42], as two factors (2^128 is not a float) */
    vi32 n1 = ni >> 1, n2 = ni - n1;
    return p * (vf32)((n1 + 127) << 23) * (vf32)((n2 + 127) << 23);
  }
  vi32 low = ni < -125;
  vi32 nn = (low & -125) | (~low & ni); /* the normal lanes' formula, in range */
  vi32 n1 = nn >> 1, n2 = nn - n1;
  vf32 normal = p * (vf32)((n1 + 127) << 23) * (vf32)((n2 + 127) << 23);
  /* n <= -126: the integer nearest p 2^(n + 149) is the result's bit
   * pattern. m = p 2^(n + 149) is exact (n + 149 in [-1, 23]); below 2^23
   * adding 2^23 rounds it to an integer (the sum's step is 1), from 2^23
   * (n = -126, a result of FLT_MIN or more) it is one already. */
  vi32 k = ((~low & -126) | (low & ni)) + 149;
  vf32 m = p * (vf32)((k + 127) << 23);
  const float two23 = 8388608.0f;
  vi32 rounded = (vi32)(m + two23) - 0x4b000000;
  vi32 tiny = (vi32)sel_f32(m < two23, (vf32)rounded, (vf32)__builtin_convertvector(m, vi32));
  vf32 e = sel_f32(low, (vf32)tiny, normal);
  return sel_f32(x != x, x + x, e); /* NaN, quieted as arithmetic does (its n may look low) */
}
/* exp(x) in float64 within about 1 ulp: Cephes' exp (a Pade form of
 * exp(r) after the same reduction); x clamped to [-746, 710]. */
TH_VINLINE vf64 th_vexp_f64_as(vf64 x, int low_lanes) {
  (void)low_lanes; /* results under DBL_MIN (x < -708) are rare: no path of their own */
  const vf64 lo = (vf64){0} - 746.0, hi = (vf64){0} + 710.0;
  x = sel_f64(x < lo, lo, x);
  x = sel_f64(x > hi, hi, x);
  const double shifter = 6755399441055744.0; /* 1.5 * 2^52 */
  vf64 t = x * 1.4426950408889634073599 + shifter;
  vf64 n = t - shifter;
  vf64 r = x - n * 6.93145751953125e-1;
  r = r - n * 1.42860682030941723212e-6;
  vf64 rr = r * r;
  vf64 p = r * ((rr * 1.26177193074810590878e-4 + 3.02994407707441961300e-2) * rr +
                9.99999999999999999910e-1);
  vf64 q = ((rr * 3.00198505138664455042e-6 + 2.52448340349684104192e-3) * rr +
            2.27265548208155028766e-1) * rr + 2.00000000000000000009e0;
  vf64 e = (p / (q - p)) * 2.0 + 1.0;
  vi64 ni = (vi64)t - 0x4338000000000000LL;
  vi64 n1 = ni >> 1, n2 = ni - n1;
  return e * (vf64)((n1 + 1023) << 52) * (vf64)((n2 + 1023) << 52);
}

#endif
