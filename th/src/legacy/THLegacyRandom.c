/* TH v0.4's random API (THRandom.h) and its typed random functions
 * (THFloatTensor_normal, THByteTensor_getRNGState, THDoubleTensor_randperm,
 * ...) on th's generator, giving TH v0.4's streams: TH's transforms over
 * the mt19937 th shares with TH. The per-type functions are in generic/.
 *
 * A TH error unwinds with longjmp: nothing here raises while it holds a
 * generator's lock (a check that TH made mid-fill unlocks, then raises). */
#include <math.h>
#include <string.h>

#include "core/THGeneratorImpl.h"
#include "core/THStorageImpl.h"
#include "core/THTensorImpl.h"
#include "core/THMemoryImpl.h"
#include "legacy/THLegacyImpl.h"
#include "TH/THRandom.h"

#define TH_PI 3.14159265358979323846

/* ------------------------------------------------- the generator, unlocked */

static THGenerator *legacy_gen(THGenerator *g) { return g ? g : THGenerator_default(); }

/* [0, 1) from 53 bits of a random64, as TH's uniform_double */
static inline double rng_double(THGenerator *g) {
  uint64_t bits = th_mt_next64(g) & ((UINT64_C(1) << 53) - 1);
  return (double)bits * (1.0 / (double)(UINT64_C(1) << 53));
}
/* [0, 1) from the low 24 bits of one draw, as TH's uniform_float */
static inline float rng_float(THGenerator *g) {
  return (float)(th_mt_next(g) & ((1u << 24) - 1)) * (1.0f / (float)(1 << 24));
}
static inline double rng_uniform(THGenerator *g, double a, double b) {
  return rng_double(g) * (b - a) + a;
}
static inline float rng_uniform_float(THGenerator *g, float a, float b) {
  return rng_float(g) * (b - a) + a;
}
/* Box-Muller: a pair of uniforms gives the cosine now and the sine next call */
static double rng_normal(THGenerator *g, double mean, double stdv) {
  if (!g->th_normal_is_valid) {
    g->th_normal_x = rng_double(g);
    g->th_normal_y = rng_double(g);
    g->th_normal_rho = sqrt(-2. * log(1.0 - g->th_normal_y));
    g->th_normal_is_valid = 1;
    return g->th_normal_rho * cos(2. * TH_PI * g->th_normal_x) * stdv + mean;
  }
  g->th_normal_is_valid = 0;
  return g->th_normal_rho * sin(2. * TH_PI * g->th_normal_x) * stdv + mean;
}
static inline double rng_exponential(THGenerator *g, double lambda) {
  return -1. / lambda * log(1 - rng_double(g));
}
static inline double rng_cauchy(THGenerator *g, double median, double sigma) {
  return median + sigma * tan(TH_PI * (rng_double(g) - 0.5));
}
/* (int) of TH's quotient: x86's conversion (INT_MIN) where C's is undefined */
static inline int rng_geometric(THGenerator *g, double p) {
  double q = log(1 - rng_double(g)) / log(p);
  return (q < 2147483648.0 && q > -2147483649.0 ? (int)q : INT_MIN) + 1;
}
static inline int rng_bernoulli(THGenerator *g, double p) { return rng_double(g) <= p; }

/* TH's loop never ends when d is not positive (alpha <= -2/3, or NaN) */
static inline int gamma_alpha_ok(double alpha) {
  if (alpha < 1.0) alpha += 1.0;
  return alpha - 1.0 / 3.0 > 0;
}
/* Marsaglia and Tsang, alpha boosted by one below 1 */
static double rng_standard_gamma(THGenerator *g, double alpha) {
  double scale = 1.0;
  if (alpha < 1.0) {
    scale *= pow(1 - rng_double(g), 1.0 / alpha);
    alpha += 1.0;
  }
  const double d = alpha - 1.0 / 3.0;
  const double c = 1.0 / sqrt(9.0 * d);
  for (;;) {
    double x, y;
    do {
      x = rng_normal(g, 0.0, 1.0);
      y = 1.0 + c * x;
    } while (y <= 0);
    const double v = y * y * y;
    const double u = 1 - rng_double(g);
    const double xx = x * x;
    if (u < 1.0 - 0.0331 * xx * xx) return scale * d * v;
    if (log(u) < 0.5 * xx + d * (1.0 - v + log(v))) return scale * d * v;
  }
}

/* ------------------------------------------------- TH's THVector_normal_fill
 * TH v0.4's portable fill (THVector_(normal_fill_DEFAULT)), in real
 * arithmetic: for float TH's C++ called the float overloads (logf, sqrtf,
 * cosf, sinf), its angle 2.0f * M_PI * u2 is a double rounded to float.
 * (A TH built with USE_AVX2 filled floats on AVX2 machines with avx_mathfun's
 * polynomials instead, a stream a few ulps away; the oracle, tools/th_oracle,
 * and any TH without AVX2 gave this one.) */
static void normal_fill_16_float(float *data, float mean, float stddev) {
  for (int j = 0; j < 8; j++) {
    const float u1 = 1 - data[j], u2 = data[j + 8];
    const float radius = sqrtf(-2 * logf(u1));
    const float theta = (float)(2.0f * TH_PI * u2);
    data[j] = radius * cosf(theta) * stddev + mean;
    data[j + 8] = radius * sinf(theta) * stddev + mean;
  }
}

static void normal_fill_16_double(double *data, double mean, double stddev) {
  for (int j = 0; j < 8; j++) {
    const double u1 = 1 - data[j], u2 = data[j + 8];
    const double radius = sqrt(-2 * log(u1));
    const double theta = 2.0f * TH_PI * u2;
    data[j] = radius * cos(theta) * stddev + mean;
    data[j + 8] = radius * sin(theta) * stddev + mean;
  }
}

/* TH's THVector_normal_fill: size >= 16 uniforms, Box-Muller by 16s, the
 * last 16 redrawn and redone when size is not a multiple of 16 */
static void normal_fill_float(float *data, int64_t size, THGenerator *g, float mean,
                              float stddev) {
  for (int64_t i = 0; i < size; i++) data[i] = rng_uniform_float(g, 0, 1);
  for (int64_t i = 0; i < size - 15; i += 16) normal_fill_16_float(data + i, mean, stddev);
  if (size % 16 != 0) {
    data += size - 16;
    for (int i = 0; i < 16; i++) data[i] = rng_uniform_float(g, 0, 1);
    normal_fill_16_float(data, mean, stddev);
  }
}
static void normal_fill_double(double *data, int64_t size, THGenerator *g, double mean,
                               double stddev) {
  for (int64_t i = 0; i < size; i++) data[i] = rng_uniform(g, 0, 1);
  for (int64_t i = 0; i < size - 15; i += 16) normal_fill_16_double(data + i, mean, stddev);
  if (size % 16 != 0) {
    data += size - 16;
    for (int i = 0; i < 16; i++) data[i] = rng_uniform(g, 0, 1);
    normal_fill_16_double(data, mean, stddev);
  }
}

/* ----------------------------------------------------------- THRandom.h */

THGenerator *THGenerator_new(void) {
  THGenerator *g = th_legacy_nonnull(THGenerator_newWithSeed(0));
  THGenerator_seed(g);
  return g;
}

THGenerator *THGenerator_copy(THGenerator *self, THGenerator *from) {
  THArgCheck(self != NULL, 1, "%s: self is NULL", __func__);
  THArgCheck(from != NULL, 2, "%s: from is NULL", __func__);
  if (self == from) return self;
  /* both locks, in address order: two copies the other way round cannot deadlock */
  THGenerator *first = self < from ? self : from, *second = self < from ? from : self;
  th_generator_lock(first);
  th_generator_lock(second);
  memcpy(&self->seed, &from->seed, sizeof *self - offsetof(THGenerator, seed));
  th_generator_unlock(second);
  th_generator_unlock(first);
  return self;
}

int THGeneratorState_isValid(THGeneratorState *_gen_state) {
  return _gen_state && _gen_state->seeded == 1 && _gen_state->left > 0 &&
         _gen_state->left <= _MERSENNE_STATE_N && _gen_state->next <= _MERSENNE_STATE_N;
}

THGeneratorState *THGeneratorState_copy(THGeneratorState *self, THGeneratorState *from) {
  THArgCheck(self != NULL, 1, "%s: self is NULL", __func__);
  THArgCheck(from != NULL, 2, "%s: from is NULL", __func__);
  memmove(self, from, sizeof *self);
  return self;
}

uint64_t THRandom_seed(THGenerator *_generator) { return THGenerator_seed(legacy_gen(_generator)); }

void THRandom_manualSeed(THGenerator *_generator, uint64_t the_seed_) {
  THGenerator_manualSeed(legacy_gen(_generator), the_seed_);
}

uint64_t THRandom_initialSeed(THGenerator *_generator) {
  return THGenerator_initialSeed(legacy_gen(_generator));
}

/* one locked call of an unlocked draw */
#define LOCKED(type, gen, expr)       \
  THGenerator *g = legacy_gen(gen);   \
  th_generator_lock(g);               \
  type r = (expr);                    \
  th_generator_unlock(g);             \
  return r

uint64_t THRandom_random(THGenerator *_generator) { LOCKED(uint64_t, _generator, th_mt_next(g)); }

uint64_t THRandom_random64(THGenerator *_generator) {
  LOCKED(uint64_t, _generator, th_mt_next64(g));
}

double THRandom_standard_uniform(THGenerator *_generator) {
  LOCKED(double, _generator, rng_double(g));
}

double THRandom_uniform(THGenerator *_generator, double a, double b) {
  LOCKED(double, _generator, rng_uniform(g, a, b));
}

float THRandom_uniformFloat(THGenerator *_generator, float a, float b) {
  LOCKED(float, _generator, rng_uniform_float(g, a, b));
}

double THRandom_normal(THGenerator *_generator, double mean, double stdv) {
  THArgCheck(stdv > 0, 2, "standard deviation must be strictly positive");
  LOCKED(double, _generator, rng_normal(g, mean, stdv));
}

double THRandom_exponential(THGenerator *_generator, double lambda) {
  LOCKED(double, _generator, rng_exponential(g, lambda));
}

double THRandom_standard_gamma(THGenerator *_generator, double alpha) {
  THArgCheck(gamma_alpha_ok(alpha), 2, "%s: alpha must be greater than -2/3, got %g", __func__,
             alpha);
  LOCKED(double, _generator, rng_standard_gamma(g, alpha));
}

double THRandom_cauchy(THGenerator *_generator, double median, double sigma) {
  LOCKED(double, _generator, rng_cauchy(g, median, sigma));
}

double THRandom_logNormal(THGenerator *_generator, double mean, double stdv) {
  THArgCheck(stdv > 0, 2, "standard deviation must be strictly positive");
  LOCKED(double, _generator, exp(rng_normal(g, mean, stdv)));
}

int THRandom_geometric(THGenerator *_generator, double p) {
  THArgCheck(p > 0 && p < 1, 1, "must be > 0 and < 1");
  LOCKED(int, _generator, rng_geometric(g, p));
}

int THRandom_bernoulli(THGenerator *_generator, double p) {
  THArgCheck(p >= 0 && p <= 1, 1, "must be >= 0 and <= 1");
  LOCKED(int, _generator, rng_bernoulli(g, p));
}

/* ------------------------------------------------- TH's saved RNG state */

/* th's generator as TH's state struct (g locked) */
static void state_from_generator(THGeneratorState *st, const THGenerator *g) {
  memset(st, 0, sizeof *st); /* the padding too: saved states compare bytewise */
  st->the_initial_seed = g->seed;
  st->left = g->left;
  st->seeded = 1;
  st->next = g->next;
  for (int j = 0; j < _MERSENNE_STATE_N; j++) st->state[j] = g->state[j];
  st->normal_x = g->th_normal_x;
  st->normal_y = g->th_normal_y;
  st->normal_rho = g->th_normal_rho;
  st->normal_is_valid = g->th_normal_is_valid;
}

/* TH's validity, and what th needs to draw from it safely */
static int state_loadable(const THGeneratorState *st) {
  if (!THGeneratorState_isValid((THGeneratorState *)st)) return 0;
  if ((uint64_t)st->left + st->next > _MERSENNE_STATE_N + 1) return 0;
  for (int j = 0; j < _MERSENNE_STATE_N; j++)
    if (st->state[j] >> 32) return 0;
  return 1;
}

/* g (locked) continues from st; torch's normal cache (not in TH's state) is cleared */
static void state_to_generator(THGenerator *g, const THGeneratorState *st) {
  g->seed = st->the_initial_seed;
  g->left = st->left;
  g->next = (uint32_t)st->next;
  for (int j = 0; j < _MERSENNE_STATE_N; j++) g->state[j] = (uint32_t)st->state[j];
  g->th_normal_x = st->normal_x;
  g->th_normal_y = st->normal_y;
  g->th_normal_rho = st->normal_rho;
  g->th_normal_is_valid = st->normal_is_valid;
  g->has_next_double_normal = g->has_next_float_normal = 0;
}

/* ------------------------------------------------------- typed functions */

/* the elements of a typed tensor in row-major order, as TH's fastGet1d
 * reads a 1-dim one */
#define AT1(t, type, i) (((type *)(t)->storage->data)[(t)->storageOffset + (i) * (t)->stride[0]])

#define TH_GENERIC_FILE "legacy/generic/THLegacyRandom.c"
#include "TH/THGenerateAllTypes.h"
