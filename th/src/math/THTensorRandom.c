/* Tensors filled from a generator as torch's CPU kernels fill them: one
 * value per element from the generator's stream, transformed as torch's
 * TransformationHelper transforms it, in torch's element order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "TH/THTensorRandom.h"
#include "core/THBFloat16Impl.h"
#include "core/THCpuImpl.h"
#include "core/THGeneratorImpl.h"
#include "core/THHalfImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCastImpl.h"
#include "engine/THIterImpl.h"
#include "math/THRandomImpl.h"

#define CHUNK 256

/* One inner run of the iterator: values drawn a chunk at a time, converted
 * into the elements. */
typedef struct FillRun {
  THGenerator *g;
  const THDraw *d;
  th_cast_loop store;
  ptrdiff_t vs;
  int through_float; /* the doubles drawn become floats before the store */
} FillRun;

static void fill_run(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  const FillRun *f = ctx;
  char values[CHUNK * 16];
  for (int64_t i = 0; i < n; i += CHUNK) {
    int64_t m = n - i < CHUNK ? n - i : CHUNK;
    f->d->draw(f->g, f->d, values, m);
    if (f->through_float) th_doubles_to_floats(values, m);
    f->store(data[0] + i * strides[0], strides[0], values, f->vs, m);
  }
}

void th_doubles_to_floats(void *values, int64_t n) {
  const double *d = values;
  float *f = values;
  for (int64_t i = 0; i < n; i++) f[i] = (float)d[i]; /* f[i] ends before d[i + 1] starts */
}

void th_random_fill(THTensor *t, THGenerator *g, const THDraw *d) {
  if (THTensor_nElement(t) == 0) return;
  size_t es = THScalarType_elementSize(t->storage->dtype);
  /* doubles into a half type round through float, as torch's conversion */
  THScalarType as = d->as == TH_FLOAT64 && th_is_half_type(t->storage->dtype) ? TH_FLOAT32
                                                                               : d->as;
  FillRun f = {g, d, th_cast_loops[t->storage->dtype][as],
               (ptrdiff_t)THScalarType_elementSize(as), as != d->as};
  const int64_t *strides[1] = {th_strides(t)};
  char *data[1] = {th_tensor_bytes(t)};
  THIter it;
  th_iter_init(&it, 1, t->nDimension, th_sizes(t), strides, data, &es);
  th_iter_run(&it, fill_run, &f);
}

int th_random_run(THTensor *self, THGenerator *gen, const THDraw *d, const char *fn) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", fn);
  TH_CHECK_TENSOR_AS(self, fn, -1);
  if (th_check_writable(self, "self", fn)) return -1;
  THGenerator *g = gen ? gen : THGenerator_default();
  th_generator_lock(g);
  th_random_fill(self, g, d);
  th_generator_unlock(g);
  return 0;
}

/* The finite values a dtype holds, [*lo, *hi]. */
static void holds(THScalarType t, double *lo, double *hi) {
  switch (t) {
    case TH_BOOL: *lo = 0, *hi = 1; return;
    case TH_UINT8: *lo = 0, *hi = 255; return;
    case TH_INT8: *lo = -128, *hi = 127; return;
    case TH_INT16: *lo = -32768, *hi = 32767; return;
    case TH_UINT16: *lo = 0, *hi = 65535; return;
    case TH_INT32: *lo = -2147483648.0, *hi = 2147483647.0; return;
    case TH_UINT32: *lo = 0, *hi = 4294967295.0; return;
    case TH_UINT64: *lo = 0, *hi = 18446744073709551615.0; return;
    case TH_FLOAT16: *lo = -65504, *hi = 65504; return;
    case TH_BFLOAT16: *lo = -3.3895313892515355e38, *hi = 3.3895313892515355e38; return;
    case TH_FLOAT32: *lo = -3.4028234663852886e38, *hi = 3.4028234663852886e38; return;
    case TH_FLOAT64: *lo = -1.7976931348623157e308, *hi = 1.7976931348623157e308; return;
    default: *lo = -9223372036854775808.0, *hi = 9223372036854775807.0; /* int64 */
  }
}

/* ------------------------------------------------------------- uniform */

/* torch's uniform_real: the low 24 bits of a draw as a fraction, then
 * x * (to - from) + from in float (float32 and the half types); 53 bits in
 * double for float64 */
/* n state words tempered (as th_mt_next does) into floats in [from, from +
 * span): 24 bits scaled, one rounding (fused), as torch's build computes
 * x * span + from. Cloned for FMA and over a block of words at a time, so
 * that it vectorises (a draw and an fmaf call per element before). */
TH_CLONES_FMA static void uniform_floats(float *restrict o, const uint32_t *restrict w,
                                         int64_t n, float span, float from) {
  for (int64_t i = 0; i < n; i++) {
    uint32_t y = th_mt_temper(w[i]);
    o[i] = fmaf((float)(int32_t)(y & 0xffffffu) * 0x1p-24f, span, from);
  }
}

/* The next of the at most n state words th_mt_next would temper next, in
 * place in g->state, taken as it would take them: returns their count (at
 * least 1; fewer than n at a twist). th_mt_next takes left - 1 words before
 * it twists; after a twist here, all TH_MT_N of the new ones (left as
 * th_mt_next leaves it once it has taken them). */
static int64_t take_words(THGenerator *g, int64_t n, const uint32_t **words) {
  if (g->left <= 1) {
    th_mt_twist(g);
    g->left = TH_MT_N + 1;
  }
  int64_t k = n < (int64_t)g->left - 1 ? n : (int64_t)g->left - 1;
  *words = g->state + g->next;
  g->next += (uint32_t)k;
  g->left -= (int)k;
  return k;
}

static void draw_uniform_float(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  float *o = out;
  n *= d->pairs ? 2 : 1;
  for (int64_t i = 0; i < n;) {
    const uint32_t *w;
    int64_t k = take_words(g, n - i, &w);
    uniform_floats(o + i, w, k, (float)d->span, (float)d->from);
    i += k;
  }
}

/* float16 and bfloat16: the float32 value rounded to the type, and a value
 * that rounds up to `to` is `from` instead, as torch keeps [from, to) */
float th_round_half(THScalarType t, float v) {
  return t == TH_FLOAT16 ? th_half_bits_to_float(th_float_to_half_bits(v))
                         : th_bfloat16_bits_to_float(th_float_to_bfloat16_bits(v));
}

static void draw_uniform_half(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  float *o = out, from = th_round_half(d->dtype, (float)d->from);
  float to = th_round_half(d->dtype, (float)d->to);
  draw_uniform_float(g, d, out, n);
  for (int64_t i = 0; i < n * (d->pairs ? 2 : 1); i++) {
    o[i] = th_round_half(d->dtype, o[i]);
    if (o[i] == to) o[i] = from;
  }
}

static void draw_uniform_double(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  double *o = out, from = d->from, span = d->span;
  const uint64_t mask = (UINT64_C(1) << 53) - 1;
  n *= d->pairs ? 2 : 1;
  for (int64_t i = 0; i < n; i++) o[i] = fma((double)(th_mt_next64(g) & mask) * 0x1p-53, span, from);
}

int THTensor_uniform(THTensor *self, THGenerator *gen, double from, double to) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  THScalarType t = self->storage->dtype, real = t == TH_COMPLEX64 ? TH_FLOAT32
                                                : t == TH_COMPLEX128 ? TH_FLOAT64 : t;
  if (!THScalarType_isFloatingPoint(real)) {
    TH_ERR(TH_ERROR_UNSUPPORTED, "uniform_ is not supported for %s", THScalarType_name(t));
    return -1;
  }
  if (!(from <= to)) {
    TH_ERR(TH_ERROR_VALUE, "uniform_ expects to return a [from, to) range, but found from=%g > "
           "to=%g", from, to);
    return -1;
  }
  double lo, hi;
  holds(real, &lo, &hi);
  if (from < lo || to > hi || to - from > hi) {
    TH_ERR(TH_ERROR_VALUE, "uniform_ expects to-from <= the largest %s, got from=%g, to=%g",
           THScalarType_name(real), from, to);
    return -1;
  }
  THDraw d = {.from = from, .span = to - from, .to = to, .pairs = real != t, .dtype = real};
  if (real == TH_FLOAT64) {
    d.as = d.pairs ? TH_COMPLEX128 : TH_FLOAT64, d.draw = draw_uniform_double;
  } else {
    /* the half types too: a float32 value (24 bits), rounded once, as torch's */
    d.as = d.pairs ? TH_COMPLEX64 : TH_FLOAT32;
    d.draw = real == TH_FLOAT32 ? draw_uniform_float : draw_uniform_half;
    d.span = (float)to - (float)from;
  }
  return th_random_run(self, gen, &d, __func__);
}

/* ------------------------------------------------------------ integers */

/* n state words tempered into draw % range + base, range <= 2^31, inv
 * 1.0 / range: % by a division in doubles, which vectorise (a 64-bit div
 * per element before). Exact: y < 2^32 and two roundings put y * inv within
 * (y / range) * 2^-51 < 1 / range of y / range, while a y / range that is
 * not whole is at least 1 / range from the nearest whole number; so
 * floor(y * inv) is y / range's floor, or one less where range divides y
 * (49 * (1.0 / 49) < 1), and m = y - q * range (exact, < 2^33) is the
 * remainder or range. */
TH_CLONES_AVX512 static void remainders(int64_t *restrict o, const uint32_t *restrict w,
                                        int64_t n, uint32_t range, double inv, uint64_t base) {
  const double r = range;
  for (int64_t i = 0; i < n; i++) {
    double y = th_mt_temper(w[i]), m = y - floor(y * inv) * r;
    m = m >= r ? m - r : m;
    o[i] = (int64_t)((uint64_t)(int32_t)m + base); /* m < 2^31: via int32, which vectorises */
  }
}

/* The next n 32-bit draws % range + base, a block of state words at a time */
static void draw_remainders(THGenerator *g, int64_t *o, int64_t n, uint64_t range,
                            uint64_t base) {
  for (int64_t i = 0; i < n;) {
    const uint32_t *w;
    int64_t k = take_words(g, n - i, &w);
    remainders(o + i, w, k, (uint32_t)range, 1.0 / (double)range, base);
    i += k;
  }
}

/* torch's random_from_to: a draw modulo range, plus base */
static void draw_from_to(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  int64_t *o = out;
  if (d->range >= UINT64_C(1) << 28) /* torch: 64 bits from 2^28, against modulo bias */
    for (int64_t i = 0; i < n; i++) o[i] = (int64_t)(th_mt_next64(g) % d->range + (uint64_t)d->base);
  else
    draw_remainders(g, o, n, d->range, (uint64_t)d->base);
}

/* torch's uniform_int: a draw (64 bits for int64 and float64) modulo the
 * dtype's count of values (at most 2^31 for the 32-bit draws) */
static void draw_full(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  int64_t *o = out;
  if (d->dtype == TH_INT64 || d->dtype == TH_FLOAT64)
    for (int64_t i = 0; i < n; i++) o[i] = (int64_t)(th_mt_next64(g) % d->range);
  else
    draw_remainders(g, o, n, d->range, 0);
}

/* x converted to a floating dtype and back, as torch's static_cast<scalar_t> */
static int64_t through(THScalarType t, int64_t x) {
  if (t == TH_FLOAT64) return (int64_t)(double)x;
  if (t == TH_FLOAT32) return (int64_t)(float)x;
  return (int64_t)th_round_half(t, (float)x);
}

static int digits_of(THScalarType t) {
  return t == TH_FLOAT64 ? 53 : t == TH_FLOAT32 ? 24 : t == TH_FLOAT16 ? 11 : 8;
}

static int log2_floor(int64_t v) {
  int n = 0;
  while (v >>= 1) ++n;
  return n;
}

/* torch's update_from and update_to: bounds a floating dtype cannot hold
 * move inward to the nearest integers it holds, so that every value drawn
 * converts into [from, to) */
static int64_t update_from(THScalarType t, int64_t from) {
  int64_t from_plus_1 = through(t, from + 1);
  if (from_plus_1 < from)
    from = from_plus_1 + ((int64_t)1 << (log2_floor(llabs(from + 1)) - digits_of(t) + 1));
  return from;
}

static int64_t update_to(THScalarType t, int64_t to) {
  int64_t to_minus_1 = through(t, to - 1);
  if (to_minus_1 >= to)
    to = to_minus_1 - ((int64_t)1 << (log2_floor(llabs(to - 1)) - digits_of(t) + 1));
  return to;
}

int THTensor_clampedRandom(THTensor *self, THGenerator *gen, int64_t min, int64_t max) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  THScalarType t = self->storage->dtype;
  if (THScalarType_isComplex(t)) {
    TH_ERR(TH_ERROR_UNSUPPORTED, "random_ is not supported for %s", THScalarType_name(t));
    return -1;
  }
  if (min >= max) {
    TH_ERR(TH_ERROR_VALUE, "random_ expects 'from' to be less than 'to', but got from=%lld >= "
           "to=%lld", (long long)min, (long long)max);
    return -1;
  }
  double lo, hi;
  holds(t, &lo, &hi);
  if ((double)min < lo || (double)min > hi || (double)(max - 1) > hi) {
    TH_ERR(TH_ERROR_VALUE, "random_: [%lld, %lld) does not fit %s", (long long)min,
           (long long)max, THScalarType_name(t));
    return -1;
  }
  if (THScalarType_isFloatingPoint(t)) min = update_from(t, min), max = update_to(t, max);
  if (min >= max) { /* bounds the dtype rounds together: an empty range (no draw divides by 0) */
    TH_ERR(TH_ERROR_VALUE, "random_ expects 'from' casted to dtype to be less than 'to' casted "
           "to dtype, but got from=%lld >= to=%lld", (long long)min, (long long)max);
    return -1;
  }
  THDraw d = {.as = TH_INT64, .draw = draw_from_to, .range = (uint64_t)max - (uint64_t)min,
            .base = min};
  return th_random_run(self, gen, &d, __func__);
}

int THTensor_cappedRandom(THTensor *self, THGenerator *gen, int64_t max) {
  return THTensor_clampedRandom(self, gen, 0, max);
}

int THTensor_random(THTensor *self, THGenerator *gen) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  THScalarType t = self->storage->dtype;
  uint64_t range;
  switch (t) {
    case TH_BOOL: range = 2; break;
    case TH_UINT8: range = 256; break;
    case TH_INT8: range = 128; break;
    case TH_INT16: range = 32768; break;
    case TH_INT32: range = UINT64_C(1) << 31; break;
    case TH_INT64: range = UINT64_C(1) << 63; break;
    case TH_FLOAT16: range = (UINT64_C(1) << 11) + 1; break;
    case TH_BFLOAT16: range = (UINT64_C(1) << 8) + 1; break;
    case TH_FLOAT32: range = (UINT64_C(1) << 24) + 1; break;
    case TH_FLOAT64: range = (UINT64_C(1) << 53) + 1; break;
    default:
      TH_ERR(TH_ERROR_UNSUPPORTED, "random_ without a range is not supported for %s",
             THScalarType_name(t));
      return -1;
  }
  THDraw d = {.as = TH_INT64, .draw = draw_full, .range = range, .dtype = t};
  return th_random_run(self, gen, &d, __func__);
}

/* ------------------------------------------------------------- randperm */

THTensor *THTensor_newRandperm(THGenerator *gen, int64_t n, THScalarType dtype) {
  THRequire(n >= 0, NULL, TH_ERROR_VALUE, "%s: n must be non-negative, got %lld", __func__,
             (long long)n);
  THRequire(THScalarType_isValid((int)dtype), NULL, TH_ERROR_TYPE, "%s: invalid dtype %d",
             __func__, (int)dtype);
  double lo, hi;
  holds(dtype, &lo, &hi);
  if (THScalarType_isComplex(dtype) || dtype == TH_BOOL || (n > 0 && (double)(n - 1) > hi)) {
    TH_ERR(TH_ERROR_VALUE, "randperm: %s cannot hold %lld values", THScalarType_name(dtype),
           (long long)n);
    return NULL;
  }
  int64_t size[1] = {n};
  /* both tensors before the first draw: a failure draws nothing */
  THTensor *r = THTensor_newWithSize(TH_INT64, 1, size, NULL);
  THTensor *result = r && dtype != TH_INT64 ? THTensor_newWithSize(dtype, 1, size, NULL) : r;
  if (!result) {
    THTensor_free(r);
    return NULL;
  }
  int64_t *p = (int64_t *)th_tensor_bytes(r);
  THGenerator *g = gen ? gen : THGenerator_default();
  th_generator_lock(g);
  if (n < (int64_t)(UINT32_MAX / 20)) { /* torch's: swaps with 32-bit draws */
    for (int64_t i = 0; i < n; i++) p[i] = i;
    for (int64_t i = 0; i < n - 1; i++) {
      int64_t z = (int64_t)(th_mt_next(g) % (uint64_t)(n - i)), x = p[i];
      p[i] = p[z + i];
      p[z + i] = x;
    }
  } else { /* the inside-out shuffle with 64-bit draws */
    for (int64_t i = 0; i < n; i++) {
      int64_t z = (int64_t)(th_mt_next64(g) % (uint64_t)(i + 1));
      p[i] = p[z];
      p[z] = i;
    }
  }
  th_generator_unlock(g);
  if (result == r) return r;
  if (THTensor_copy(result, r)) {
    THTensor_free(result);
    result = NULL;
  }
  THTensor_free(r);
  return result;
}
