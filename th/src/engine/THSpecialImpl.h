/* The special functions torch has and the C library lacks: erfinv, digamma
 * and polygamma (with the Hurwitz zeta function it rests on), in double;
 * the complex log1p and logaddexp in complex128. The element kernels
 * (THExprKernels.c) compute float32, float16, bfloat16 and complex64
 * through these and round once; the complex logcumsumexp scan
 * (THTensorScan.c) carries its sum through th_clogaddexp. Special values are torch 2.13's:
 * erfinv(+-1) = +-inf, digamma(+-0) = -+inf, NaN at the negative integers,
 * polygamma's poles (-1)^(n+1) inf. */
#ifndef TH_SPECIAL_IMPL_H
#define TH_SPECIAL_IMPL_H

#include <complex.h>
#include <math.h>

#define TH_PI 3.14159265358979323846

/* erfinv(y): Giles' single-precision approximation ("Approximating the
 * erfinv function", GPU Computing Gems, 2011) as the first guess, then
 * Newton steps on erf(x) = y. Past |y| = 1/2 they solve log(erfc(x)) =
 * log(1 - |y|) instead (1 - |y| is exact there, erfc keeps its digits where
 * erf approaches 1, and the log is nearly linear in x there, so Newton
 * converges at once where erfc itself would crawl). Beyond float's range
 * (w >= 16, |y| within 1e-7 of 1) Giles' tail polynomial does not reach:
 * the guess is the root of erfc's asymptote e^(-x^2) / (x sqrt(pi)) instead. */
/* Giles' guess of erfinv(t) for 0 <= t < 1 with w = -log((1 - t)(1 + t)) <
 * 16, good to 1e-7. Both polynomials are computed and one chosen, so that a
 * loop of it has no branch (vectorised: THExprKernels.c's erfinv). */
static inline double th_erfinv_guess(double t, double w) {
  double c = w - 2.5, p;
  p = 2.81022636e-08;
  p = 3.43273939e-07 + p * c;
  p = -3.5233877e-06 + p * c;
  p = -4.39150654e-06 + p * c;
  p = 0.00021858087 + p * c;
  p = -0.00125372503 + p * c;
  p = -0.00417768164 + p * c;
  p = 0.246640727 + p * c;
  p = 1.50140941 + p * c;
  double r = sqrt(w) - 3, q;
  q = -0.000200214257;
  q = 0.000100950558 + q * r;
  q = 0.00134934322 + q * r;
  q = -0.00367342844 + q * r;
  q = 0.00573950773 + q * r;
  q = -0.0076224613 + q * r;
  q = 0.00943887047 + q * r;
  q = 1.00167406 + q * r;
  q = 2.83297682 + q * r;
  return (w < 5 ? p : q) * t;
}

/* One Newton step from x toward erf(x) = t (t >= 0): the residual from erfc
 * past 1/2, where 1 - t is exact and erf(x) - t would cancel (both are
 * computed, for a loop without branches). */
static inline double th_erfinv_step(double x, double t) {
  double near = erf(x) - t, far = (1 - t) - erfc(x);
  double r = t <= 0.5 ? near : far;
  return x - r / (1.1283791670955126 * exp(-x * x)); /* erf'(x) = 2/sqrt(pi) e^(-x^2) */
}

static inline double th_erfinv(double y) {
  double t = fabs(y);
  if (!(t <= 1)) return NAN; /* |y| > 1 and NaN */
  if (t == 1) return copysign(INFINITY, y);
  double w = -log((1 - t) * (1 + t)), x;
  if (w < 16) {
    x = th_erfinv_guess(t, w);
  } else { /* (1 - t)(1 + t) = 2 erfc(x) ~ 2 e^(-x^2) / (x sqrt(pi)) */
    x = sqrt(w);
    for (int i = 0; i < 3; i++) x = sqrt(w + 0.69314718055994531 - log(x * 1.7724538509055160));
  }
  /* the guess is good to 1e-7 (4e-4 beyond float's range): Newton's
   * quadratic convergence reaches double's last bit in three steps, four
   * from the farthest guesses */
  double log_rest = t > 0.5 ? log1p(-t) : 0;
  for (int i = 0; i < (w >= 16 ? 4 : 3); i++) {
    double slope = 1.1283791670955126 * exp(-x * x); /* erf'(x) = 2/sqrt(pi) e^(-x^2) */
    if (t <= 0.5) {
      x -= (erf(x) - t) / slope;
    } else {
      double rest = erfc(x);
      x += (log(rest) - log_rest) * rest / slope;
    }
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
     * pi, so x's distance to the nearest integer (exact) gives it without
     * pi x's rounding, which near a pole is most of the result */
    return th_digamma_positive(1 - x) - TH_PI / tan(TH_PI * (x - nearbyint(x)));
  }
  return th_digamma_positive(x);
}

/* The Hurwitz zeta function zeta(s, q) = sum_k (q + k)^-s for s >= 2 and
 * q > 0 finite, by Euler-Maclaurin summation: the first terms directly up
 * to a = q + N >= 10 + s (where the correction series converges fast), the
 * rest as its integral a^(1-s) / (s-1) + a^-s / 2 and the corrections
 * B_2j / (2j)! s (s+1) ... (s+2j-2) a^(1-s-2j). The smallest parts are
 * added first, the largest term, q^-s, last. */
static inline double th_zeta(double s, double q) {
  static const double bernoulli_over_factorial[] = {
      1 / 12., -1 / 720., 1 / 30240., -1 / 1209600., 1 / 47900160.,
      -691 / 1307674368000., 1 / 74724249600., -3617 / 10670622842880000.};
  double n = q < 10 + s ? ceil(10 + s - q) : 0, a = q + n;
  double a_s = pow(a, -s), corrections = 0;
  double rising = s * a_s / a; /* s (s+1) ... (s+2j-2) a^(1-s-2j) */
  for (int j = 0; j < 8; j++) {
    double term = bernoulli_over_factorial[j] * rising;
    corrections += term;
    if (fabs(term) <= 1e-17 * a_s) break;
    rising *= (s + 2 * j + 1) * (s + 2 * j + 2) / (a * a);
  }
  double sum = corrections + (0.5 * a_s + a * a_s / (s - 1));
  for (double k = n - 1; k >= 0; k--) sum += pow(q + k, -s);
  return sum;
}

/* polygamma(n, x), the n-th derivative of digamma, for a whole n >= 0 (NaN
 * for other n): (-1)^(n+1) n! zeta(n + 1, x), zeta's sum of (x + k)^-s
 * over k >= 0. A negative x has m = -floor(x) terms below 0, which cancel
 * those above 0 for an odd s (psi''(-3.5) is -0.108 from terms of +-8):
 * the terms nearest 0 on either side are added in pairs, the nearest pair
 * last, each term exact (x + k is x's multiple of its ulp, below |x| in
 * magnitude on the negative side); the far ones are zeta values, the
 * negative ones beyond 64 pairs as (-1)^s (zeta(s, 65 - f) - zeta(s, m + 1
 * - f)) with f = x + m. */
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
  double m = -floor(x), f = x + m, pairs = m < 64 ? m : 64;
  double sum = th_zeta(s, x + (m + pairs)); /* the positive terms past the pairs */
  if (m > pairs) {
    double far = th_zeta(s, pairs + 1 - f) - th_zeta(s, m + 1 - f);
    sum += fmod(s, 2) == 1 ? -far : far;
  }
  for (double j = pairs; j >= 1; j--)
    sum += pow(x + (m - j), -s) + pow(x + (m + j - 1), -s);
  return sign * factorial * sum;
}

/* s + e = a + b exactly (Knuth's two-sum; -std=c11 keeps gcc from fusing). */
static inline double th_two_sum(double a, double b, double *e) {
  double s = a + b, bb = s - a;
  *e = (a - (s - bb)) + (b - bb);
  return s;
}

/* log1p of a complex z = x + iy: log|1 + z| + i arg(1 + z). log(1 + z)
 * would round 1 + x first, losing x's low bits (log1p(0.001) 500 ulp off).
 * Where |1 + z|^2 is within [1/4, 4] the real part is 0.5 log1p(r) with
 * r = |1 + z|^2 - 1 = 2x + x^2 + y^2: the squares split exactly by fma and
 * the five terms summed with compensation (Ogita-Rump-Oishi's Sum2), as in
 * twice double's precision, since they cancel near the circle |1 + z| = 1
 * (-2 + 1e-8i: r = 1e-16, log 5e-17, where a plain sum gives 0). Elsewhere
 * log(hypot(1 + x, y)), accurate there (1 + x is exact near -1) and free
 * of overflow, and NaN or inf parts follow C99's clog. complex64 is
 * computed through these in double and rounded once. */
static inline double complex th_clog1p(double complex z) {
  double x = creal(z), y = cimag(z), re = NAN;
  if (y == 0 && x > -1) { /* on the real axis: the real log1p, to the bit */
    re = log1p(x);
  } else if (fabs(x) < 0x1p500 && fabs(y) < 0x1p500) { /* the squares cannot overflow */
    double xx = x * x, yy = y * y, exx = fma(x, x, -xx), eyy = fma(y, y, -yy), e, c;
    double r = th_two_sum(2 * x, xx, &c);
    r = th_two_sum(r, yy, &e), c += e;
    r = th_two_sum(r, exx, &e), c += e;
    r = th_two_sum(r, eyy, &e), c += e;
    r += c;
    if (r >= -0.75 && r <= 3) re = 0.5 * log1p(r);
  }
  if (re != re) re = log(hypot(x + 1, y));
  return CMPLX(re, atan2(y, x + 1));
}
/* Complex logaddexp: hi + log1p(exp(lo - hi)), lo and hi ordered by their
 * real parts; NaN parts give NaN, two -inf real parts lo (its exp is 0,
 * its angle unknowable), two +inf the plain log of the sum. complex64 is
 * computed through these in double and rounded once. */
static inline double complex th_clogaddexp(double complex x, double complex y) {
  double complex lo = creal(x) < creal(y) ? x : y, hi = creal(x) < creal(y) ? y : x;
  if (isnan(creal(x)) || isnan(cimag(x)) || isnan(creal(y)) || isnan(cimag(y)))
    return CMPLX(NAN, NAN);
  if (isinf(creal(lo)) && creal(lo) == creal(hi))
    return creal(lo) < 0 ? lo : clog(cexp(lo) + cexp(hi));
  return th_clog1p(cexp(lo - hi)) + hi;
}

#endif
