/* The special functions torch has and the C library lacks: erfinv, digamma
 * and polygamma (with the Hurwitz zeta function it rests on), in double.
 * The element kernels (THExprKernels.c) compute float32, float16 and
 * bfloat16 through these and round once. Special values are torch 2.13's:
 * erfinv(+-1) = +-inf, digamma(+-0) = -+inf, NaN at the negative integers,
 * polygamma's poles (-1)^(n+1) inf. */
#ifndef TH_SPECIAL_IMPL_H
#define TH_SPECIAL_IMPL_H

#include <math.h>

#define TH_PI 3.14159265358979323846

/* erfinv(y): Giles' single-precision approximation ("Approximating the
 * erfinv function", GPU Computing Gems, 2011) as the first guess, then
 * Newton steps on erf(x) = y. Past |y| = 1/2 the residual is taken as
 * (1 - |y|) - erfc(x), both exact there, instead of erf(x) - |y|, which
 * loses every digit as erf(x) approaches 1. */
static inline double th_erfinv(double y) {
  double t = fabs(y);
  if (!(t <= 1)) return NAN; /* |y| > 1 and NaN */
  if (t == 1) return copysign(INFINITY, y);
  double w = -log((1 - t) * (1 + t)), p;
  if (w < 5) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = sqrt(w) - 3;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  double x = p * t;
  /* the guess is good to 1e-7 (1e-3 in double's far tail, beyond float's
   * range): three steps of Newton's quadratic convergence reach double's
   * last bit from either */
  for (int i = 0; i < 3; i++) {
    double r = t <= 0.5 ? erf(x) - t : (1 - t) - erfc(x);
    x -= r / (1.1283791670955126 * exp(-x * x)); /* erf'(x) = 2/sqrt(pi) e^(-x^2) */
  }
  return copysign(x, y);
}

/* digamma of x > 0 (or +inf, NaN): the recurrence psi(x) = psi(x + 1) - 1/x
 * up to x >= 10, its terms summed with their rounding errors carried
 * (Neumaier), then the asymptotic series ln x - 1/(2x) - sum B_2k / (2k
 * x^2k), whose terms through B_14 reach double's precision there. Whole x
 * land on 10 exactly, whose psi(10) = H_9 - Euler's gamma is known: the
 * integers' values are then exact to the last bit or two, as torch's. */
static inline double th_digamma_positive(double x) {
  double shift = 0, carry = 0;
  while (x < 10) {
    double term = -1 / x, sum = shift + term;
    carry += fabs(shift) >= fabs(term) ? (shift - sum) + term : (term - sum) + shift;
    shift = sum;
    x += 1;
  }
  if (!(fabs(shift) < INFINITY)) carry = 0; /* 1/x overflowed: nothing to carry */
  /* psi(10) as a sum of two doubles; shift + its head is exact (Sterbenz) */
  if (x == 10) return (shift + 2.251752589066721) + (1.744722087539228e-16 + carry);
  double z = 1 / (x * x);
  double series =
      z * (1 / 12. -
           z * (1 / 120. - z * (1 / 252. - z * (1 / 240. - z * (1 / 132. - z * (691 / 32760. -
                                                                              z / 12.))))));
  return shift + ((log(x) - 0.5 / x - series) + carry);
}

static inline double th_digamma(double x) {
  if (x == 0) return copysign(INFINITY, -x); /* torch: -inf at +0, inf at -0 */
  if (x < 0) {
    if (x == trunc(x)) return NAN; /* the poles, and -inf */
    /* the reflection psi(x) = psi(1 - x) - pi / tan(pi x); tan has period
     * pi, so the fraction of x (exact) gives it without pi x's rounding */
    return th_digamma_positive(1 - x) - TH_PI / tan(TH_PI * (x - trunc(x)));
  }
  return th_digamma_positive(x);
}

/* The Hurwitz zeta function zeta(s, q) = sum_k (q + k)^-s for s >= 2 and
 * q > 0 finite, by Euler-Maclaurin summation: the first terms directly up
 * to a = q + N >= 10 + s (where the correction series converges fast), the
 * rest as its integral a^(1-s) / (s-1) + a^-s / 2 and the corrections
 * B_2j / (2j)! s (s+1) ... (s+2j-2) a^(1-s-2j). */
static inline double th_zeta(double s, double q) {
  static const double bernoulli_over_factorial[] = {
      1 / 12., -1 / 720., 1 / 30240., -1 / 1209600., 1 / 47900160.,
      -691 / 1307674368000., 1 / 74724249600., -3617 / 10670622842880000.};
  double sum = 0, a = q;
  while (a < 10 + s) {
    sum += pow(a, -s);
    a += 1;
  }
  double a_s = pow(a, -s);
  sum += a * a_s / (s - 1) + 0.5 * a_s;
  double rising = s * a_s / a; /* s (s+1) ... (s+2j-2) a^(1-s-2j) */
  for (int j = 0; j < 8; j++) {
    double term = bernoulli_over_factorial[j] * rising;
    sum += term;
    if (fabs(term) <= 1e-17 * fabs(sum)) break;
    rising *= (s + 2 * j + 1) * (s + 2 * j + 2) / (a * a);
  }
  return sum;
}

/* polygamma(n, x), the n-th derivative of digamma, for a whole n >= 0 (NaN
 * for other n): (-1)^(n+1) n! zeta(n + 1, x). A negative x = -m + f (0 < f
 * < 1) splits its sum at 0: the m terms before it are those of zeta(s,
 * 1 - f) - zeta(s, m + 1 - f) with the sign (-1)^s. */
static inline double th_polygamma(double n, double x) {
  if (!(n >= 0) || n != trunc(n)) return NAN;
  if (n == 0) return th_digamma(x);
  double sign = fmod(n, 2) == 1 ? 1 : -1, s = n + 1;
  if (x != x) return x;
  /* torch's at the infinities: its trigamma gives 0 at inf and NaN at -inf,
   * its zeta series NaN at inf and the pole's infinity at -inf */
  if (x == INFINITY) return n == 1 ? 0 : NAN;
  if (x == -INFINITY && n == 1) return NAN;
  if (x <= 0 && x == trunc(x)) return sign * INFINITY; /* the poles */
  double factorial = 1;
  for (double k = 2; k <= n && factorial < INFINITY; k++) factorial *= k;
  if (x > 0) return sign * factorial * th_zeta(s, x);
  double f = x - floor(x), m = -floor(x);
  double before = th_zeta(s, 1 - f) - th_zeta(s, m + 1 - f);
  return sign * factorial * (th_zeta(s, f) + (fmod(s, 2) == 1 ? -before : before));
}

#endif
