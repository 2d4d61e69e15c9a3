/* Tensors filled from the classic distributions (TH's normal, exponential,
 * cauchy, logNormal, geometric, bernoulli, standard_gamma, multinomial and
 * torch's poisson), each computed as torch 2.13's CPU kernel computes it:
 * the same draws, the same transform, the same element order, so that one
 * seed gives torch's numbers. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "TH/THExpr.h"
#include "TH/THTensorRandom.h"
#include "core/THGeneratorImpl.h"
#include "core/THMemoryImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCastImpl.h"
#include "engine/THIterImpl.h"
#include "math/THRandomImpl.h"

#define PI 3.14159265358979323846
#define CHUNK 256 /* doubles: values drawn or read at a time */

/* torch's uniform_real_distribution<double>(0, 1): 53 bits of a 64-bit draw */
static double uniform01(THGenerator *g) {
  return (double)(th_mt_next64(g) & ((UINT64_C(1) << 53) - 1)) * 0x1p-53;
}

/* torch's normal_distribution<double>: Box-Muller from two uniforms, the
 * second sample kept in the generator for the next call */
static double normal01(THGenerator *g) {
  if (g->has_next_double_normal) {
    g->has_next_double_normal = 0;
    return g->next_double_normal;
  }
  double u1 = uniform01(g), u2 = uniform01(g);
  double r = sqrt(-2.0 * log1p(-u2)), theta = 2.0 * PI * u1;
  g->next_double_normal = r * sin(theta);
  g->has_next_double_normal = 1;
  return r * cos(theta);
}

static int is_float(THScalarType t) {
  return t == TH_FLOAT16 || t == TH_BFLOAT16 || t == TH_FLOAT32 || t == TH_FLOAT64;
}

static int refuse_dtype(const char *what, THScalarType t, const char *fn) {
  TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "%s is not supported for %s", what, THScalarType_name(t));
  return -1;
}

/* ---------------------------------------------------- one value per draw */

static void draw_normal(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  double *o = out;
  n *= d->pairs ? 2 : 1;
  for (int64_t i = 0; i < n; i++) o[i] = fma(normal01(g), d->b, d->a);
}

static void draw_exponential(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  double *o = out;
  for (int64_t i = 0; i < n; i++) o[i] = -1.0 / d->a * log1p(-uniform01(g));
}

static void draw_cauchy(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  double *o = out;
  for (int64_t i = 0; i < n; i++) o[i] = fma(d->b, tan(PI * (uniform01(g) - 0.5)), d->a);
}

static void draw_log_normal(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  double *o = out;
  for (int64_t i = 0; i < n; i++) o[i] = exp(fma(normal01(g), d->b, d->a));
}

static void draw_geometric(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  double *o = out, log_q = log(1.0 - d->a);
  for (int64_t i = 0; i < n; i++) o[i] = ceil(log(uniform01(g)) / log_q);
}

static void draw_bernoulli(THGenerator *g, const THDraw *d, void *out, int64_t n) {
  double *o = out;
  for (int64_t i = 0; i < n; i++) o[i] = uniform01(g) < d->a;
}

static int serial(THTensor *self, THGenerator *gen, THDraw *d, const char *fn) {
  d->as = TH_FLOAT64;
  return th_random_run(self, gen, d, fn);
}

/* --------------------------------------------------------------- normal */

/* torch's normal_fill for a contiguous tensor of 16 elements or more:
 * uniforms, then Box-Muller over blocks of 16 (element j with element
 * j + 8); a partial last block is drawn afresh over the last 16 elements.
 * float64 draws all the uniforms before the blocks (and so discards the
 * partial block's), computing with libm; float32 too, with torch's
 * vectorised float math (fill16_float); the half types compute as float32
 * block by block (no discarded draws) and round once. */
static void fill16_double(double *v, double mean, double std) {
  for (int j = 0; j < 8; j++) {
    double u1 = 1 - v[j], u2 = v[j + 8];
    double radius = sqrt(-2 * log(u1)), theta = 2.0 * PI * u2;
    v[j] = fma(radius * cos(theta), std, mean);
    v[j + 8] = fma(radius * sin(theta), std, mean);
  }
}

/* The float math of torch's vectorised Box-Muller, an element at a time:
 * Cephes' single-precision log and sincos (range reduction and minimax
 * polynomials, as Pommier's SSE/AVX ports evaluate them), each multiply
 * and add fused where torch's build fuses them. Where the CPU has FMA the
 * fused steps are instructions (target_clones picks them at load time). */
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__)
#define TH_FMA_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define TH_FMA_CLONES
#endif

static inline uint32_t float_bits(float x) {
  uint32_t b;
  memcpy(&b, &x, 4);
  return b;
}

static inline float bits_float(uint32_t b) {
  float x;
  memcpy(&x, &b, 4);
  return x;
}

/* log of x in (0, 1]. Branch-free (selects, not jumps), as the vector
 * code computes it, so that the compiler can vectorise the block loop. */
static inline __attribute__((always_inline)) float cephes_logf(float x) {
  x = x < 1.17549435e-38f ? 1.17549435e-38f : x;
  uint32_t b = float_bits(x);
  float e = (float)((int32_t)(b >> 23) - 0x7f) + 1.0f;
  x = bits_float((b & 0x807fffffu) | 0x3f000000u); /* the mantissa, in [0.5, 1) */
  int below = x < 0.707106781186547524f;           /* then log(2x) - log 2 */
  e = below ? e - 1.0f : e;
  x = (x - 1.0f) + (below ? x : 0.0f);
  float z = x * x, y = 7.0376836292E-2f;
  y = fmaf(y, x, -1.1514610310E-1f);
  y = fmaf(y, x, 1.1676998740E-1f);
  y = fmaf(y, x, -1.2420140846E-1f);
  y = fmaf(y, x, 1.4249322787E-1f);
  y = fmaf(y, x, -1.6668057665E-1f);
  y = fmaf(y, x, 2.0000714765E-1f);
  y = fmaf(y, x, -2.4999993993E-1f);
  y = fmaf(y, x, 3.3333331174E-1f);
  y = y * x;
  y = fmaf(y, z, e * -2.12194440e-4f);
  y = fmaf(-z, 0.5f, y);
  return fmaf(e, 0.693359375f, x + y);
}

/* sin and cos of x in [0, 2 pi), branch-free */
static inline __attribute__((always_inline)) void cephes_sincosf(float x, float *s, float *c) {
  int32_t j = (int32_t)(x * 1.27323954473516f); /* x / (pi / 4), truncated */
  j = (j + 1) & ~1;
  float y = (float)j;
  uint32_t sin_sign = (uint32_t)(j & 4) << 29, cos_sign = (uint32_t)(~(j - 2) & 4) << 29;
  int sine_poly = (j & 2) == 0;
  x = fmaf(y, -0.78515625f, x); /* x - y pi/4, in three parts */
  x = fmaf(y, -2.4187564849853515625e-4f, x);
  x = fmaf(y, -3.77489497744594108e-8f, x);
  float z = x * x;
  float yc = fmaf(2.443315711809948E-005f, z, -1.388731625493765E-003f);
  yc = fmaf(yc, z, 4.166664568298827E-002f);
  yc = yc * z;
  yc = fmaf(yc, z, -(z * 0.5f)) + 1.0f;
  float ys = fmaf(-1.9515295891E-4f, z, 8.3321608736E-3f);
  ys = fmaf(ys, z, -1.6666654611E-1f);
  ys = ys * z;
  ys = fmaf(ys, x, x);
  *s = bits_float(float_bits(sine_poly ? ys : yc) ^ sin_sign);
  *c = bits_float(float_bits(sine_poly ? yc : ys) ^ cos_sign);
}

TH_FMA_CLONES
static void fill16_float(float *v, float mean, float std) {
  const float two_pi = (float)(2.0 * PI);
  for (int j = 0; j < 8; j++) {
    float u1 = 1.0f - v[j], u2 = v[j + 8], s, c;
    float radius = sqrtf(-2.0f * cephes_logf(u1));
    cephes_sincosf(two_pi * u2, &s, &c);
    v[j] = fmaf(radius * c, std, mean);
    v[j + 8] = fmaf(radius * s, std, mean);
  }
}

/* n uniforms of the element type: 53 bits for float64, 24 for the others */
static void uniforms(THGenerator *g, THScalarType t, void *out, int64_t n) {
  if (t == TH_FLOAT64)
    for (int64_t i = 0; i < n; i++) ((double *)out)[i] = uniform01(g);
  else
    for (int64_t i = 0; i < n; i++)
      ((float *)out)[i] = (float)(th_mt_next(g) & ((UINT32_C(1) << 24) - 1)) * 0x1p-24f;
}

/* Box-Muller over the blocks of 16 in v (n a multiple of 16) */
static void blocks(THScalarType t, void *v, int64_t n, double mean, double std) {
  for (int64_t i = 0; i < n; i += 16) {
    if (t == TH_FLOAT64) fill16_double((double *)v + i, mean, std);
    else fill16_float((float *)v + i, (float)mean, (float)std);
  }
}

/* n values (of the real dtype t) at data, contiguous, in torch's blocks,
 * a chunk of blocks at a time */
static void normal_fill(THGenerator *g, THScalarType t, char *data, int64_t n, double mean,
                        double std) {
  size_t es = THScalarType_elementSize(t);
  th_cast_loop store = th_cast_loops[t][t == TH_FLOAT64 ? TH_FLOAT64 : TH_FLOAT32];
  ptrdiff_t vs = t == TH_FLOAT64 ? 8 : 4;
  double chunk[CHUNK];
  int64_t per_chunk = CHUNK * 8 / vs, whole = n / 16 * 16, i = 0;
  while (i < whole) {
    int64_t m = whole - i < per_chunk ? whole - i : per_chunk;
    uniforms(g, t, chunk, m);
    blocks(t, chunk, m, mean, std);
    store(data + i * (ptrdiff_t)es, (ptrdiff_t)es, (const char *)chunk, vs, m);
    i += m;
  }
  if (i == n) return;
  if (t == TH_FLOAT64 || t == TH_FLOAT32) /* the partial block's uniforms, drawn and unused */
    for (; i < n; i++) t == TH_FLOAT64 ? (void)th_mt_next64(g) : (void)th_mt_next(g);
  uniforms(g, t, chunk, 16);
  blocks(t, chunk, 16, mean, std);
  store(data + (n - 16) * (ptrdiff_t)es, (ptrdiff_t)es, (const char *)chunk, vs, 16);
}

int THTensor_normal(THTensor *self, THGenerator *gen, double mean, double std) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  THScalarType t = self->storage->dtype, real = t == TH_COMPLEX64 ? TH_FLOAT32
                                                : t == TH_COMPLEX128 ? TH_FLOAT64 : t;
  if (!is_float(real)) return refuse_dtype("normal_", t, __func__);
  if (!(std >= 0.0)) {
    TH_ERR(TH_ERROR_VALUE, "normal expects std >= 0.0, but found std %g", std);
    return -1;
  }
  TH_CHECK_TENSOR(self, -1);
  if (th_check_writable(self, "self", __func__)) return -1;
  int64_t n = THTensor_nElement(self) * (real != t ? 2 : 1);
  /* a complex element is two real ones, each of variance std^2 / 2 (torch's) */
  if (real != t) std /= sqrt(2.0);
  THGenerator *g = gen ? gen : THGenerator_default();
  th_generator_lock(g);
  if (n >= 16 && THTensor_isContiguous(self)) {
    normal_fill(g, real, th_tensor_bytes(self), n, mean, std);
  } else {
    THDraw d = {.as = real != t ? TH_COMPLEX128 : TH_FLOAT64, .draw = draw_normal, .a = mean,
                .b = std, .pairs = real != t};
    th_random_fill(self, g, &d);
  }
  th_generator_unlock(g);
  return 0;
}

/* ------------------------------------------- values through a float64 view */

/* Every element of t (any real dtype) as a double, a chunk at a time:
 * visit(ctx, values, n) returns nonzero to stop. */
typedef int (*th_values_visit)(void *ctx, const double *values, int64_t n);

typedef struct ValuesRun {
  th_cast_loop load;
  th_values_visit visit;
  void *ctx;
  int stopped;
} ValuesRun;

static void values_run(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  ValuesRun *r = ctx;
  double values[CHUNK];
  for (int64_t i = 0; i < n && !r->stopped; i += CHUNK) {
    int64_t m = n - i < CHUNK ? n - i : CHUNK;
    r->load((char *)values, 8, data[0] + i * strides[0], strides[0], m);
    r->stopped = r->visit(r->ctx, values, m);
  }
}

static void visit_values(THTensor *t, th_values_visit visit, void *ctx) {
  if (THTensor_nElement(t) == 0) return;
  size_t es = THScalarType_elementSize(t->storage->dtype);
  ValuesRun r = {th_cast_loops[TH_FLOAT64][t->storage->dtype], visit, ctx, 0};
  const int64_t *strides[1] = {th_strides(t)};
  char *data[1] = {th_tensor_bytes(t)};
  THIter it;
  th_iter_init(&it, 1, t->nDimension, th_sizes(t), strides, data, &es);
  th_iter_run(&it, values_run, &r);
}

typedef struct Range { double lo, hi; int ok; } Range;

static int check_in_range(void *ctx, const double *v, int64_t n) {
  Range *r = ctx;
  for (int64_t i = 0; i < n; i++)
    if (!(v[i] >= r->lo && v[i] <= r->hi)) return !(r->ok = 0);
  return 0;
}

/* 1 when every element of t is in [lo, hi] (NaN is not) */
static int all_in(THTensor *t, double lo, double hi) {
  Range r = {lo, hi, 1};
  visit_values(t, check_in_range, &r);
  return r.ok;
}

/* -------------------------------------- one value per draw, from a number */

/* A fill of a floating dtype whose parameter `what` must be > 0 */
static int positive_fill(THTensor *self, THGenerator *gen, const char *op, const char *what,
                         double value, THDraw d, const char *fn) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", fn);
  if (!is_float(self->storage->dtype)) return refuse_dtype(op, self->storage->dtype, fn);
  if (!(value > 0.0)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s expects %s > 0.0, but found %s=%g", op, what, what, value);
    return -1;
  }
  return serial(self, gen, &d, fn);
}

int THTensor_exponential(THTensor *self, THGenerator *gen, double lambda) {
  return positive_fill(self, gen, "exponential_", "lambda", lambda,
                       (THDraw){.draw = draw_exponential, .a = lambda}, __func__);
}

int THTensor_cauchy(THTensor *self, THGenerator *gen, double median, double sigma) {
  return positive_fill(self, gen, "cauchy_", "sigma", sigma,
                       (THDraw){.draw = draw_cauchy, .a = median, .b = sigma}, __func__);
}

int THTensor_logNormal(THTensor *self, THGenerator *gen, double mean, double std) {
  return positive_fill(self, gen, "log_normal_", "std", std,
                       (THDraw){.draw = draw_log_normal, .a = mean, .b = std}, __func__);
}

int THTensor_geometric(THTensor *self, THGenerator *gen, double p) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  THScalarType t = self->storage->dtype;
  if (t == TH_BOOL || THScalarType_isComplex(t) || t == TH_UINT16 || t == TH_UINT32 ||
      t == TH_UINT64)
    return refuse_dtype("geometric_", t, __func__);
  if (!(p > 0.0 && p < 1.0)) {
    TH_ERR(TH_ERROR_VALUE, "geometric_ expects p to be in (0, 1), but got p=%g", p);
    return -1;
  }
  THDraw d = {.draw = draw_geometric, .a = p};
  return serial(self, gen, &d, __func__);
}

static int bernoulli_dtype(THScalarType t, const char *fn) {
  if (THScalarType_isComplex(t) || t == TH_UINT16 || t == TH_UINT32 || t == TH_UINT64)
    return refuse_dtype("bernoulli_", t, fn);
  return 0;
}

int THTensor_bernoulli(THTensor *self, THGenerator *gen, double p) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  if (bernoulli_dtype(self->storage->dtype, __func__)) return -1;
  if (!(p >= 0.0 && p <= 1.0)) {
    TH_ERR(TH_ERROR_VALUE, "bernoulli_ expects p to be in [0, 1], but got p=%g", p);
    return -1;
  }
  THDraw d = {.draw = draw_bernoulli, .a = p};
  return serial(self, gen, &d, __func__);
}

/* ------------------------------ one value per draw, from a tensor's element */

/* A sample from x (an element of the input, as a double); single: the
 * input's dtype computes in float (float32 and narrower), as torch's
 * kernels instantiate them. */
typedef double (*th_sample_fn)(THGenerator *g, double x, int single);

typedef struct SampleRun {
  THGenerator *g;
  th_sample_fn sample;
  int single;
  th_cast_loop load, store;
  int through_float;
} SampleRun;

static void sample_run(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  const SampleRun *r = ctx;
  double values[CHUNK];
  for (int64_t i = 0; i < n; i += CHUNK) {
    int64_t m = n - i < CHUNK ? n - i : CHUNK;
    r->load((char *)values, 8, data[1] + i * strides[1], strides[1], m);
    for (int64_t k = 0; k < m; k++) values[k] = r->sample(r->g, values[k], r->single);
    if (r->through_float) th_doubles_to_floats(values, m);
    r->store(data[0] + i * strides[0], strides[0], (const char *)values,
             r->through_float ? 4 : 8, m);
  }
}

/* in's elements broadcast to self's shape: strides (0 along a broadcast
 * dim), or -1 (ValueError, torch's message) when they do not expand */
static int expand_strides(THTensor *in, THTensor *self, int64_t *strides, const char *fn) {
  int nd = self->nDimension, off = nd - in->nDimension;
  if (off < 0) goto refuse;
  for (int d = 0; d < nd; d++) {
    int64_t size = d < off ? 1 : th_sizes(in)[d - off];
    if (size != th_sizes(self)[d] && size != 1) goto refuse;
    strides[d] = d < off || size != th_sizes(self)[d] ? 0 : th_strides(in)[d - off];
  }
  return 0;
refuse:;
  char a[64], b[64];
  th_format_shape(a, sizeof a, nd, th_sizes(self));
  th_format_shape(b, sizeof b, in->nDimension, th_sizes(in));
  TH_ERR_FN(TH_ERROR_VALUE, fn, "the tensor of shape %s cannot be expanded to self's shape %s",
            b, a);
  return -1;
}

/* self[i] = sample(in[i]) in torch's order (self first); in broadcast to
 * self's shape. The caller has checked the arguments. */
static int sample_each(THTensor *self, THGenerator *gen, THTensor *in, th_sample_fn sample,
                       int single, const char *fn) {
  TH_CHECK_TENSOR_AS(self, fn, -1);
  TH_CHECK_TENSOR_AS(in, fn, -1);
  if (th_check_writable(self, "self", fn)) return -1;
  int nd = self->nDimension;
  int64_t in_strides[TH_MAX_DIMS];
  if (expand_strides(in, self, in_strides, fn)) return -1;
  if (THTensor_nElement(self) == 0) return 0;
  THScalarType st = self->storage->dtype, it_ = in->storage->dtype;
  size_t es[2] = {THScalarType_elementSize(st), THScalarType_elementSize(it_)};
  const int64_t *strides[2] = {th_strides(self), in_strides};
  char *data[2] = {th_tensor_bytes(self), th_tensor_bytes(in)};
  THGenerator *g = gen ? gen : THGenerator_default();
  int narrow = th_is_half_type(st);
  SampleRun r = {g, sample, single, th_cast_loops[TH_FLOAT64][it_],
                 th_cast_loops[st][narrow ? TH_FLOAT32 : TH_FLOAT64], narrow};
  THIter it;
  th_iter_init(&it, 2, nd, th_sizes(self), strides, data, es);
  th_generator_lock(g);
  th_iter_run(&it, sample_run, &r);
  th_generator_unlock(g);
  return 0;
}

/* torch's bernoulli_distribution<float> for a float p, <double> for a
 * float64 one */
static double sample_bernoulli(THGenerator *g, double p, int single) {
  if (single) return (float)(th_mt_next(g) & ((UINT32_C(1) << 24) - 1)) * 0x1p-24f < (float)p;
  return uniform01(g) < p;
}

int THTensor_bernoulli_Tensor(THTensor *self, THGenerator *gen, THTensor *p) {
  THRequire(self && p, -1, TH_ERROR_VALUE, "%s: self or p is NULL", __func__);
  if (bernoulli_dtype(self->storage->dtype, __func__)) return -1;
  THScalarType pt = p->storage->dtype;
  if (!is_float(pt)) return refuse_dtype("bernoulli_ with probabilities", pt, __func__);
  if (!all_in(p, 0.0, 1.0)) {
    TH_ERR(TH_ERROR_VALUE, "bernoulli_ expects all elements of p to be in [0, 1]");
    return -1;
  }
  return sample_each(self, gen, p, sample_bernoulli, pt != TH_FLOAT64, __func__);
}

/* Hörmann's transformed rejection (PTRS) from a rate of 10 on, and the
 * product of uniforms below, as torch samples them */
static double sample_poisson(THGenerator *g, double lambda, int single) {
  (void)single;
  if (lambda >= 10) {
    double slam = sqrt(lambda), loglam = log(lambda);
    double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
      double u = uniform01(g) - 0.5, v = uniform01(g), us = 0.5 - fabs(u);
      /* out of int64's range (an infinite rate): x86's conversion, INT64_MIN */
      double kd = floor((2 * a / us + b) * u + lambda + 0.43);
      int64_t k = kd >= -0x1p63 && kd < 0x1p63 ? (int64_t)kd : INT64_MIN;
      if (us >= 0.07 && v <= vr) return (double)k;
      if (k < 0 || (us < 0.013 && v > us)) continue;
      if (log(v) + log(invalpha) - log(a / (us * us) + b) <=
          -lambda + (double)k * loglam - lgamma((double)k + 1))
        return (double)k;
    }
  }
  if (lambda == 0) return 0;
  double enlam = exp(-lambda), prod = 1.0;
  int64_t x = 0;
  for (;;) {
    prod *= uniform01(g);
    if (prod > enlam) x += 1;
    else return (double)x;
  }
}

int THTensor_poisson(THTensor *self, THGenerator *gen, THTensor *rates) {
  THRequire(self && rates, -1, TH_ERROR_VALUE, "%s: self or rates is NULL", __func__);
  THScalarType t = rates->storage->dtype;
  if (!is_float(t)) return refuse_dtype("poisson", t, __func__);
  if (!is_float(self->storage->dtype)) return refuse_dtype("poisson", self->storage->dtype,
                                                            __func__);
  if (!all_in(rates, 0.0, INFINITY)) {
    TH_ERR(TH_ERROR_VALUE, "invalid Poisson rate, expected rate to be non-negative");
    return -1;
  }
  if (th_resize_result(self, rates->nDimension, th_sizes(rates), __func__)) return -1;
  return sample_each(self, gen, rates, sample_poisson, 0, __func__);
}

/* Marsaglia and Tsang's method (2000), boosted below alpha = 1, with
 * torch's arithmetic: alpha in the element type (float for float32), the
 * rest in double, torch's float constants as floats */
static double sample_gamma(THGenerator *g, double alpha, int single) {
#define IN_TYPE(x) (single ? (double)(float)(x) : (x))
  double scale = 1.0;
  if (alpha < 1.0) {
    if (alpha == 0) return 0;
    scale *= pow(1 - uniform01(g), IN_TYPE(1.0 / alpha));
    alpha = IN_TYPE(alpha + 1.0);
  }
  const double d = IN_TYPE(alpha - (double)(1.0f / 3.0f)), c = 1.0 / sqrt(9.0 * d);
  for (;;) {
    double x, y;
    do {
      x = normal01(g);
      y = 1.0 + c * x;
    } while (y <= 0);
    const double v = y * y * y, u = 1 - uniform01(g), xx = x * x;
    if (u < 1.0 - (double)0.0331f * xx * xx) return scale * d * v;
    if (log(u) < 0.5 * xx + d * (1.0 - v + log(v))) return scale * d * v;
  }
#undef IN_TYPE
}

/* the sample in the element type, at least its smallest normal number (a
 * NaN too), as torch's std::max(min, sample) */
static double sample_gamma_clamped(THGenerator *g, double alpha, int single) {
  double s = sample_gamma(g, alpha, single), lo = single ? (double)FLT_MIN : DBL_MIN;
  if (single) s = (float)s;
  return lo < s ? s : lo;
}

int THTensor_standard_gamma(THTensor *self, THGenerator *gen, THTensor *alpha) {
  THRequire(self && alpha, -1, TH_ERROR_VALUE, "%s: self or alpha is NULL", __func__);
  THScalarType t = alpha->storage->dtype;
  if (t != TH_FLOAT32 && t != TH_FLOAT64) return refuse_dtype("standard_gamma", t, __func__);
  if (self->storage->dtype != t) {
    TH_ERR(TH_ERROR_TYPE, "standard_gamma: self is %s, alpha %s; they must be one dtype",
           THScalarType_name(self->storage->dtype), THScalarType_name(t));
    return -1;
  }
  if (th_resize_result(self, alpha->nDimension, th_sizes(alpha), __func__)) return -1;
  return sample_each(self, gen, alpha, sample_gamma_clamped, t == TH_FLOAT32, __func__);
}

/* ---------------------------------------------------------- multinomial */

/* Row i of a 1- or 2-dim tensor (row 0 of a 1-dim one) as doubles. */
static void load_row(THTensor *t, int64_t i, double *out) {
  int nd = t->nDimension;
  int64_t es = (int64_t)THScalarType_elementSize(t->storage->dtype);
  const char *row = th_tensor_bytes(t) + (nd == 2 ? i * th_strides(t)[0] * es : 0);
  th_cast_loops[TH_FLOAT64][t->storage->dtype]((char *)out, 8, row, th_strides(t)[nd - 1] * es,
                                               th_sizes(t)[nd - 1]);
}

/* The value of x in the accumulation type of a row's cumulative sum:
 * float64 for float64 probabilities, float for the others. */
static double acc(int single, double x) { return single ? (double)(float)x : x; }

/* Each row's cumulative distribution, scaled to end at 1, and n draws
 * binary-searched in it, as torch's multinomial with replacement. */
static int with_replacement(THTensor *self, THGenerator *g, THTensor *prob, int64_t rows,
                            int64_t k, int64_t n, const char *fn) {
  int single = prob->storage->dtype != TH_FLOAT64;
  double *cum = th_malloc((size_t)k * sizeof(double));
  if (!cum) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate a cumulative distribution of %lld",
              (long long)k);
    return -1;
  }
  for (int64_t i = 0; i < rows; i++) { /* every row checked before the first draw */
    double sum = 0;
    load_row(prob, i, cum);
    for (int64_t j = 0; j < k; j++) {
      const char *wrong = !(cum[j] >= 0) ? "encountering probability entry < 0"
                          : !isfinite(cum[j]) ? "encountering probability entry = infinity or NaN"
                                              : NULL;
      if (wrong) {
        TH_ERR_FN(TH_ERROR_VALUE, fn, "invalid multinomial distribution (%s)", wrong);
        th_free(cum);
        return -1;
      }
      sum = acc(single, sum + cum[j]);
    }
    if (!(sum > 0)) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "invalid multinomial distribution (sum of probabilities <= 0)");
      th_free(cum);
      return -1;
    }
  }
  int64_t *out = (int64_t *)th_tensor_bytes(self);
  int64_t s0 = th_strides(self)[0], s1 = th_strides(self)[self->nDimension - 1];
  for (int64_t i = 0; i < rows; i++) {
    double sum = 0;
    load_row(prob, i, cum);
    for (int64_t j = 0; j < k; j++) cum[j] = sum = acc(single, sum + cum[j]);
    for (int64_t j = 0; j < k; j++) cum[j] = acc(single, cum[j] / sum);
    cum[k - 1] = 1;
    for (int64_t s = 0; s < n; s++) {
      double u = uniform01(g);
      int64_t lo = 0, hi = k;
      while (hi > lo) {
        int64_t mid = lo + (hi - lo) / 2;
        if (cum[mid] < u) lo = mid + 1;
        else hi = mid;
      }
      out[(self->nDimension == 2 ? i * s0 : 0) + s * s1] = lo;
    }
  }
  th_free(cum);
  return 0;
}

typedef struct Keyed { double key; int64_t index; } Keyed;

/* a before b: the larger key first; of equal keys, the lower index */
static int ahead(Keyed a, Keyed b) {
  return a.key > b.key || (a.key == b.key && a.index < b.index);
}

static int by_rank(const void *a, const void *b) {
  return ahead(*(const Keyed *)a, *(const Keyed *)b) ? -1 : 1;
}

/* The n keys ahead of all others, in order: a heap of the best n so far
 * with the last of them on top (O(k log n), as torch's topk, not a sort). */
static void best(Keyed *keys, int64_t k, int64_t n) {
  for (int64_t j = 0; j < k; j++) {
    int64_t at;
    if (j < n) { /* sift up */
      at = j;
      while (at > 0 && ahead(keys[(at - 1) / 2], keys[at])) {
        Keyed x = keys[at];
        keys[at] = keys[(at - 1) / 2];
        keys[(at - 1) / 2] = x;
        at = (at - 1) / 2;
      }
      continue;
    }
    if (!ahead(keys[j], keys[0])) continue;
    keys[0] = keys[j];
    for (at = 0;;) { /* sift down: the last of the best n to the top */
      int64_t c = 2 * at + 1;
      if (c >= n) break;
      if (c + 1 < n && ahead(keys[c], keys[c + 1])) c++;
      if (!ahead(keys[at], keys[c])) break;
      Keyed x = keys[at];
      keys[at] = keys[c];
      keys[c] = x;
      at = c;
    }
  }
  qsort(keys, (size_t)n, sizeof(Keyed), by_rank);
}

/* torch's draws without replacement (and of one sample): each category's
 * probability over an exponential draw (the Gumbel trick), the n largest
 * keys in descending order */
static int without_replacement(THTensor *self, THGenerator *g, THTensor *prob, int64_t rows,
                               int64_t k, int64_t n, const char *fn) {
  THScalarType t = prob->storage->dtype;
  if (!all_in(prob, 0.0, DBL_MAX)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "probability tensor contains either `inf`, `nan` or element < 0");
    return -1;
  }
  double *p = th_malloc((size_t)k * 2 * sizeof(double)), *e = p + k;
  Keyed *keys = p ? th_malloc((size_t)k * sizeof(Keyed)) : NULL;
  if (!keys) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate %lld keys", (long long)k);
    th_free(p);
    return -1;
  }
  /* the exponentials fill a tensor laid out as prob (torch's empty_like) */
  int nd = prob->nDimension;
  int64_t stride[2] = {nd == 2 ? k : 1, 1};
  if (nd == 2 && th_strides(prob)[0] < th_strides(prob)[1] && rows > 1 && k > 1)
    stride[0] = 1, stride[1] = rows;
  THTensor *q = NULL;
  int r = -1;
  for (int64_t i = 0; i < rows; i++) {
    int zero = 1;
    load_row(prob, i, p);
    for (int64_t j = 0; j < k && zero; j++) zero = p[j] == 0;
    if (zero) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "invalid multinomial distribution (sum of probabilities <= 0)");
      goto done;
    }
  }
  if (!(q = THTensor_newWithSize(t, nd, th_sizes(prob), stride))) goto done;
  THDraw d = {.as = TH_FLOAT64, .draw = draw_exponential, .a = 1.0};
  th_random_fill(q, g, &d);
  int64_t *out = (int64_t *)th_tensor_bytes(self);
  int64_t s0 = th_strides(self)[0], s1 = th_strides(self)[self->nDimension - 1];
  for (int64_t i = 0; i < rows; i++) {
    load_row(prob, i, p);
    load_row(q, i, e);
    for (int64_t j = 0; j < k; j++) {
      /* the quotient in prob's dtype, as torch divides into q */
      double key = p[j] / e[j];
      if (t != TH_FLOAT64) key = t == TH_FLOAT32 ? (float)key : th_round_half(t, (float)key);
      keys[j] = (Keyed){key, j};
    }
    best(keys, k, n);
    for (int64_t s = 0; s < n; s++) out[(nd == 2 ? i * s0 : 0) + s * s1] = keys[s].index;
  }
  r = 0;
done:
  th_free(keys);
  th_free(p);
  THTensor_free(q);
  return r;
}

int THTensor_multinomial(THTensor *self, THGenerator *gen, THTensor *prob, int64_t n,
                         int replacement) {
  THRequire(self && prob, -1, TH_ERROR_VALUE, "%s: self or prob is NULL", __func__);
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(prob, -1);
  int nd = prob->nDimension;
  THRequire(nd == 1 || nd == 2, -1, TH_ERROR_VALUE, "prob_dist must be 1 or 2 dim");
  THScalarType t = prob->storage->dtype;
  if (!is_float(t)) {
    TH_ERR(TH_ERROR_TYPE, "multinomial only supports floating-point dtypes for input, got: %s",
           THScalarType_name(t));
    return -1;
  }
  THRequire(self->storage->dtype == TH_INT64, -1, TH_ERROR_TYPE,
             "multinomial expects an int64 tensor out, got: %s",
             THScalarType_name(self->storage->dtype));
  THRequire(n > 0, -1, TH_ERROR_VALUE, "cannot sample n_sample <= 0 samples");
  int64_t k = th_sizes(prob)[nd - 1], rows = nd == 2 ? th_sizes(prob)[0] : 1;
  THRequire(replacement || n <= k, -1, TH_ERROR_VALUE,
             "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  THRequire(k <= (INT64_C(1) << 24), -1, TH_ERROR_VALUE,
             "number of categories cannot exceed 2^24");
  int64_t size[2] = {rows, n};
  if (th_resize_result(self, nd, nd == 2 ? size : size + 1, __func__)) return -1;
  if (rows == 0) return 0;
  if (k == 0) {
    TH_ERR(TH_ERROR_VALUE, "invalid multinomial distribution (sum of probabilities <= 0)");
    return -1;
  }
  THGenerator *g = gen ? gen : THGenerator_default();
  th_generator_lock(g);
  int r = !replacement || n == 1 ? without_replacement(self, g, prob, rows, k, n, __func__)
                                 : with_replacement(self, g, prob, rows, k, n, __func__);
  th_generator_unlock(g);
  return r;
}

/* ------------------------------------------------------ the alias method */

int THTensor_multinomialAliasSetup(THTensor *probs, THTensor *J, THTensor *q) {
  THRequire(probs && J && q, -1, TH_ERROR_VALUE, "%s: probs, J or q is NULL", __func__);
  TH_CHECK_TENSOR(probs, -1);
  THRequire(probs->nDimension == 1, -1, TH_ERROR_VALUE,
             "%s: probs must be 1-dim, got %d dims", __func__, probs->nDimension);
  THScalarType t = probs->storage->dtype;
  if (!is_float(t)) return refuse_dtype("multinomialAliasSetup", t, __func__);
  THRequire(J->storage->dtype == TH_INT64, -1, TH_ERROR_TYPE, "%s: J must be int64, got %s",
             __func__, THScalarType_name(J->storage->dtype));
  THRequire(q->storage->dtype == t, -1, TH_ERROR_TYPE, "%s: q must be %s (probs'), got %s",
             __func__, THScalarType_name(t), THScalarType_name(q->storage->dtype));
  int64_t k = th_sizes(probs)[0];
  THRequire(k > 0, -1, TH_ERROR_VALUE, "%s: probs is empty", __func__);
  if (!all_in(probs, 0.0, DBL_MAX)) {
    TH_ERR(TH_ERROR_VALUE, "%s: probabilities must be finite and non-negative", __func__);
    return -1;
  }
  double *scaled = th_malloc((size_t)k * sizeof(double)), sum = 0;
  if (scaled) {
    load_row(probs, 0, scaled);
    for (int64_t i = 0; i < k; i++) sum += scaled[i];
    if (!(sum > 0)) {
      TH_ERR(TH_ERROR_VALUE, "%s: the probabilities sum to 0", __func__);
      th_free(scaled);
      return -1;
    }
  }
  int64_t *alias = scaled ? th_malloc((size_t)k * sizeof(int64_t)) : NULL;
  int64_t *work = alias ? th_malloc((size_t)k * sizeof(int64_t)) : NULL;
  if (!work) TH_ERR(TH_ERROR_MEMORY, "failed to allocate alias tables of %lld", (long long)k);
  int ok = work && !th_resize_result(J, 1, &k, __func__) && !th_resize_result(q, 1, &k, __func__);
  if (ok) {
    /* Vose's alias tables: the categories below the mean (from the front of
     * work) each take their remainder from one above it (from the back) */
    int64_t small = 0, large = k;
    for (int64_t i = 0; i < k; i++) {
      scaled[i] = scaled[i] * (double)k / sum;
      alias[i] = i;
      if (scaled[i] < 1.0) work[small++] = i;
      else work[--large] = i;
    }
    while (small > 0 && large < k) {
      int64_t s = work[--small], l = work[large];
      alias[s] = l;
      scaled[l] -= 1.0 - scaled[s];
      if (scaled[l] < 1.0) large++, work[small++] = l;
    }
    while (small > 0) scaled[work[--small]] = 1.0; /* rounding leftovers keep themselves */
    while (large < k) scaled[work[large++]] = 1.0;
    th_cast_loops[TH_INT64][TH_INT64](th_tensor_bytes(J), th_strides(J)[0] * 8,
                                      (const char *)alias, 8, k);
    th_cast_loops[t][TH_FLOAT64](th_tensor_bytes(q), th_strides(q)[0] *
                                 (ptrdiff_t)THScalarType_elementSize(t), (const char *)scaled,
                                 8, k);
  }
  th_free(work);
  th_free(alias);
  th_free(scaled);
  return ok ? 0 : -1;
}

int THTensor_multinomialAliasDraw(THTensor *self, THGenerator *gen, THTensor *J, THTensor *q) {
  THRequire(self && J && q, -1, TH_ERROR_VALUE, "%s: self, J or q is NULL", __func__);
  TH_CHECK_TENSOR(self, -1);
  THRequire(self->storage->dtype == TH_INT64 && J->storage->dtype == TH_INT64, -1,
             TH_ERROR_TYPE, "%s: self and J must be int64", __func__);
  THRequire(J->nDimension == 1 && q->nDimension == 1 && th_sizes(J)[0] == th_sizes(q)[0] &&
             th_sizes(J)[0] > 0, -1, TH_ERROR_VALUE,
             "%s: J and q must be 1-dim tables of one non-zero size (multinomialAliasSetup's)",
             __func__);
  if (!is_float(q->storage->dtype)) return refuse_dtype("multinomialAliasDraw", q->storage->dtype,
                                                         __func__);
  if (th_check_writable(self, "self", __func__)) return -1;
  int64_t k = th_sizes(J)[0];
  const int64_t *alias = (const int64_t *)th_tensor_bytes(J);
  for (int64_t i = 0; i < k; i++) {
    int64_t a = alias[i * th_strides(J)[0]];
    THRequire(a >= 0 && a < k, -1, TH_ERROR_VALUE, "%s: J[%lld] = %lld is not a category",
               __func__, (long long)i, (long long)a);
  }
  THGenerator *g = gen ? gen : THGenerator_default();
  int64_t n = THTensor_nElement(self);
  double *keep = th_malloc((size_t)k * sizeof(double));
  THTensor *flat = keep ? THTensor_newContiguous(self) : NULL;
  if (!flat) {
    if (!keep) TH_ERR(TH_ERROR_MEMORY, "failed to allocate a table of %lld", (long long)k);
    th_free(keep);
    return -1;
  }
  load_row(q, 0, keep);
  int64_t *out = (int64_t *)th_tensor_bytes(flat);
  th_generator_lock(g);
  for (int64_t i = 0; i < n; i++) {
    int64_t c = (int64_t)(uniform01(g) * (double)k);
    out[i] = uniform01(g) < keep[c] ? c : alias[c * th_strides(J)[0]];
  }
  th_generator_unlock(g);
  int r = flat == self ? 0 : THTensor_copy(self, flat);
  THTensor_free(flat);
  th_free(keep);
  return r;
}

/* ------------------------------------------ normal with tensor parameters */

static int real_parameter(THTensor *t, const char *what, const char *fn) {
  THRequire(t, -1, TH_ERROR_VALUE, "%s: %s is NULL", fn, what);
  TH_CHECK_TENSOR_AS(t, fn, -1);
  if (THScalarType_isComplex(t->storage->dtype)) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "normal expects %s to be non-complex", what);
    return -1;
  }
  return 0;
}

/* torch's normal(means, std): self (resized to means' shape) drawn from
 * N(0, std), then means added */
int THTensor_normal_means(THTensor *self, THGenerator *gen, THTensor *means, double std) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  if (real_parameter(means, "mean", __func__)) return -1;
  if (!is_float(self->storage->dtype)) return refuse_dtype("normal", self->storage->dtype,
                                                            __func__);
  if (!(std >= 0.0)) {
    TH_ERR(TH_ERROR_VALUE, "normal expects std >= 0.0, but found std %g", std);
    return -1;
  }
  if (self == means) {
    TH_ERR(TH_ERROR_VALUE, "%s: self may not be means", __func__);
    return -1;
  }
  if (th_resize_result(self, means->nDimension, th_sizes(means), __func__) ||
      THTensor_normal(self, gen, 0.0, std))
    return -1;
  return THTensor_binaryOut(self, TH_EXPR_ADD, self, means);
}

static int check_stds(THTensor *stds, const char *fn) {
  if (real_parameter(stds, "standard deviation", fn)) return -1;
  if (!all_in(stds, 0.0, INFINITY)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "normal expects all elements of std >= 0.0");
    return -1;
  }
  return 0;
}

/* torch's normal(mean, stds): N(0, 1) times stds, plus mean in self's dtype */
int THTensor_normal_stddevs(THTensor *self, THGenerator *gen, double mean, THTensor *stds) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  if (check_stds(stds, __func__)) return -1;
  if (!is_float(self->storage->dtype)) return refuse_dtype("normal", self->storage->dtype,
                                                            __func__);
  if (self == stds) {
    TH_ERR(TH_ERROR_VALUE, "%s: self may not be stds", __func__);
    return -1;
  }
  THTensor *m = THTensor_newWithSize(self->storage->dtype, 0, NULL, NULL);
  int r = !m || THTensor_fill(m, mean) ||
          th_resize_result(self, stds->nDimension, th_sizes(stds), __func__) ||
          THTensor_normal(self, gen, 0.0, 1.0) ||
          THTensor_binaryOut(self, TH_EXPR_MUL, self, stds) ||
          THTensor_binaryOut(self, TH_EXPR_ADD, self, m) ? -1 : 0;
  THTensor_free(m);
  return r;
}

/* torch's normal(means, stds): N(0, 1) over the broadcast shape, times
 * stds, plus means */
int THTensor_normal_means_stddevs(THTensor *self, THGenerator *gen, THTensor *means,
                                  THTensor *stds) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  if (real_parameter(means, "mean", __func__) || check_stds(stds, __func__)) return -1;
  if (!is_float(self->storage->dtype)) return refuse_dtype("normal", self->storage->dtype,
                                                            __func__);
  if (self == stds || self == means) {
    TH_ERR(TH_ERROR_VALUE, "%s: self may not be means or stds", __func__);
    return -1;
  }
  /* the broadcast shape, and torch's message when there is none */
  THExpr *both = THExpr_newBinaryMove(TH_EXPR_ADD, THExpr_newTensor(means), THExpr_newTensor(stds));
  if (!both) return -1;
  int r = th_resize_result(self, THExpr_nDimension(both), THExpr_sizes(both), __func__);
  THExpr_free(both);
  if (r || THTensor_normal(self, gen, 0.0, 1.0) ||
      THTensor_binaryOut(self, TH_EXPR_MUL, self, stds))
    return -1;
  return THTensor_binaryOut(self, TH_EXPR_ADD, self, means);
}
