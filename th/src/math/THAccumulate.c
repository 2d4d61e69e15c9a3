/* dst op= src for each reduction and dtype (see THAccumulateImpl.h). */
#include <complex.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/THBFloat16Impl.h"
#include "core/THHalfImpl.h"
#include "math/THAccumulateImpl.h"

#define LOAD(T, p) (*(const T *)(const void *)(p))
#define STORE(T, p, v) (*(T *)(void *)(p) = (v))

/* integers: the arithmetic of their unsigned type, so that overflow wraps */
#define INTEGER(NAME, T, U)                                                            \
  static void NAME##_sum(char *d, const char *s, double alpha) {                       \
    STORE(T, d, (T)((U)LOAD(T, d) + (U)LOAD(T, s) * (U)(int64_t)alpha));               \
  }                                                                                    \
  static void NAME##_prod(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    STORE(T, d, (T)((U)LOAD(T, d) * (U)LOAD(T, s)));                                   \
  }                                                                                    \
  static void NAME##_serial(char *d, const char *s, double alpha) {                    \
    NAME##_sum(d, s, alpha);                                                           \
  }                                                                                    \
  static void NAME##_amax(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    if (LOAD(T, s) > LOAD(T, d)) STORE(T, d, LOAD(T, s));                              \
  }                                                                                    \
  static void NAME##_amin(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    if (LOAD(T, s) < LOAD(T, d)) STORE(T, d, LOAD(T, s));                              \
  }
INTEGER(u8, uint8_t, uint8_t)
INTEGER(i8, int8_t, uint8_t)
INTEGER(i16, int16_t, uint16_t)
INTEGER(i32, int32_t, uint32_t)
INTEGER(i64, int64_t, uint64_t)
INTEGER(u16, uint16_t, uint16_t)
INTEGER(u32, uint32_t, uint32_t)
INTEGER(u64, uint64_t, uint64_t)

/* floats: NaN from src wins, a NaN in dst stays (std::max's order) */
#define FLOATING(NAME, T, FMA)                                                         \
  static void NAME##_sum(char *d, const char *s, double alpha) {                       \
    STORE(T, d, alpha == 1 ? LOAD(T, d) + LOAD(T, s) : FMA(LOAD(T, s), (T)alpha, LOAD(T, d))); \
  }                                                                                    \
  static void NAME##_prod(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    STORE(T, d, LOAD(T, d) * LOAD(T, s));                                              \
  }                                                                                    \
  static void NAME##_serial(char *d, const char *s, double alpha) {                    \
    T product = LOAD(T, s) * (T)alpha;                                                 \
    STORE(T, d, LOAD(T, d) + product);                                                 \
  }                                                                                    \
  static void NAME##_amax(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    T a = LOAD(T, d), b = LOAD(T, s);                                                  \
    if (isnan(b) || a < b) STORE(T, d, b);                                             \
  }                                                                                    \
  static void NAME##_amin(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    T a = LOAD(T, d), b = LOAD(T, s);                                                  \
    if (isnan(b) || a > b) STORE(T, d, b);                                             \
  }
FLOATING(f32, float, fmaf)
FLOATING(f64, double, fma)

/* the half types: through float, rounded once */
#define HALF(NAME, TO, FROM)                                                           \
  static float NAME##_get(const char *p) { return FROM(LOAD(uint16_t, p)); }           \
  static void NAME##_put(char *p, float v) { STORE(uint16_t, p, TO(v)); }              \
  static void NAME##_sum(char *d, const char *s, double alpha) {                       \
    NAME##_put(d, alpha == 1 ? NAME##_get(d) + NAME##_get(s)                           \
                             : fmaf(NAME##_get(s), (float)alpha, NAME##_get(d)));      \
  }                                                                                    \
  static void NAME##_prod(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    NAME##_put(d, NAME##_get(d) * NAME##_get(s));                                      \
  }                                                                                    \
  static void NAME##_serial(char *d, const char *s, double alpha) {                    \
    char a[2], product[2];                                                             \
    NAME##_put(a, (float)alpha);                                                       \
    NAME##_put(product, NAME##_get(s) * NAME##_get(a));                                \
    NAME##_put(d, NAME##_get(d) + NAME##_get(product));                                \
  }                                                                                    \
  static void NAME##_amax(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    float a = NAME##_get(d), b = NAME##_get(s);                                        \
    if (isnan(b) || a < b) memcpy(d, s, 2);                                            \
  }                                                                                    \
  static void NAME##_amin(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    float a = NAME##_get(d), b = NAME##_get(s);                                        \
    if (isnan(b) || a > b) memcpy(d, s, 2);                                            \
  }
HALF(f16, th_float_to_half_bits, th_half_bits_to_float)
HALF(bf16, th_float_to_bfloat16_bits, th_bfloat16_bits_to_float)

static void b_sum(char *d, const char *s, double alpha) {
  STORE(uint8_t, d, (LOAD(uint8_t, d) || (LOAD(uint8_t, s) && alpha != 0)) ? 1 : 0);
}
static void b_prod(char *d, const char *s, double alpha) {
  (void)alpha;
  STORE(uint8_t, d, LOAD(uint8_t, d) && LOAD(uint8_t, s));
}
static void b_serial(char *d, const char *s, double alpha) { b_sum(d, s, alpha); }
static void b_amax(char *d, const char *s, double alpha) { b_sum(d, s, 1.0 + 0 * alpha); }
static void b_amin(char *d, const char *s, double alpha) { b_prod(d, s, alpha); }

#define COMPLEX(NAME, T)                                                               \
  static void NAME##_sum(char *d, const char *s, double alpha) {                       \
    STORE(T, d, LOAD(T, d) + LOAD(T, s) * (T)alpha);                                   \
  }                                                                                    \
  static void NAME##_prod(char *d, const char *s, double alpha) {                      \
    (void)alpha;                                                                       \
    STORE(T, d, LOAD(T, d) * LOAD(T, s));                                              \
  }                                                                                    \
  static void NAME##_serial(char *d, const char *s, double alpha) { NAME##_sum(d, s, alpha); }
COMPLEX(c64, float complex)
COMPLEX(c128, double complex)

#define ROW(NAME) {NAME##_sum, NAME##_prod, NAME##_amax, NAME##_amin, NAME##_serial}
#define SUM_PROD(NAME) {NAME##_sum, NAME##_prod, NULL, NULL, NAME##_serial}

static const th_accumulate accumulators[TH_NUM_SCALAR_TYPES][5] = {
    [TH_UINT8] = ROW(u8),         [TH_INT8] = ROW(i8),          [TH_INT16] = ROW(i16),
    [TH_INT32] = ROW(i32),        [TH_INT64] = ROW(i64),        [TH_FLOAT16] = ROW(f16),
    [TH_FLOAT32] = ROW(f32),      [TH_FLOAT64] = ROW(f64),      [TH_BOOL] = ROW(b),
    [TH_BFLOAT16] = ROW(bf16),    [TH_COMPLEX64] = SUM_PROD(c64),
    [TH_COMPLEX128] = SUM_PROD(c128), [TH_UINT16] = ROW(u16),   [TH_UINT32] = ROW(u32),
    [TH_UINT64] = ROW(u64),
};

/* dst[i] += src[i] over a run: the sums above with alpha 1, in a loop the
 * compiler vectorises */
#define RUN(NAME, T, U)                                                                \
  static void NAME##_run(char *d_, const char *s_, int64_t n) {                        \
    T *d = (T *)(void *)d_;                                                            \
    const T *s = (const T *)(const void *)s_;                                          \
    for (int64_t i = 0; i < n; i++) d[i] = (T)((U)d[i] + (U)s[i]);                     \
  }
RUN(u8, uint8_t, uint8_t)
RUN(i8, int8_t, uint8_t)
RUN(i16, int16_t, uint16_t)
RUN(i32, int32_t, uint32_t)
RUN(i64, int64_t, uint64_t)
RUN(u16, uint16_t, uint16_t)
RUN(u32, uint32_t, uint32_t)
RUN(u64, uint64_t, uint64_t)
RUN(f32, float, float)
RUN(f64, double, double)

static const th_accumulate_run sum_runs[TH_NUM_SCALAR_TYPES] = {
    [TH_UINT8] = u8_run,   [TH_INT8] = i8_run,     [TH_INT16] = i16_run,
    [TH_INT32] = i32_run,  [TH_INT64] = i64_run,   [TH_UINT16] = u16_run,
    [TH_UINT32] = u32_run, [TH_UINT64] = u64_run,  [TH_FLOAT32] = f32_run,
    [TH_FLOAT64] = f64_run,
};

th_accumulate_run th_sum_run(THScalarType dtype) {
  return (unsigned)dtype < TH_NUM_SCALAR_TYPES ? sum_runs[dtype] : NULL;
}

th_accumulate th_accumulator(THReduce reduce, THScalarType dtype) {
  if ((unsigned)dtype >= TH_NUM_SCALAR_TYPES || (unsigned)reduce > TH_REDUCE_AMIN) return NULL;
  return accumulators[dtype][reduce];
}

th_accumulate th_serial_sum(THScalarType dtype) {
  return (unsigned)dtype < TH_NUM_SCALAR_TYPES ? accumulators[dtype][4] : NULL;
}
