/* Reductions (THTensorMath.h): sum, prod, mean, amax/amin with indices,
 * all/any, norm, var/std over any set of dims of any view.
 *
 * The input's dims are split into kept dims (logical order, so a result's
 * index is its place in the contiguous output; neighbours that are
 * contiguous with each other merged) and reduced dims (sorted by stride and
 * merged, as THIter does, so a contiguous reduction is one run). Each result
 * has a state (value, imaginary part, integer, index) in the accumulator
 * class of the op: float64, complex128, int64, uint64 or bool. Elements of
 * another dtype are converted in short chunks through THCast's loops. Two
 * walks:
 *   rows   the kept dim with the smallest stride is narrower than every
 *          reduced stride (sum(dim=0) of a contiguous matrix), or each
 *          result has one element (a size-1 dim reduced): each reduced
 *          position adds a row into a row of states, so memory is read once,
 *          in order, and the adds vectorise over the kept dim;
 *          Results of a few (SHORT_RUN) contiguous elements each take it
 *          too for max/min, the integer ops and float sums of under 16
 *          elements but float32's, their rows gathered from the strided
 *          kept dim into a buffer first (argmax over classes);
 *   runs   otherwise: each result folds its reduced runs (pairwise sums
 *          within a run). One result over one long run (sum() of a
 *          contiguous tensor) is cut into fixed blocks whose partial states
 *          are combined in order, whatever the thread count.
 * Work of more than TH_PARALLEL_MIN_BYTES is split across threads over
 * results (or blocks), so every result is computed the same way. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/THCpuImpl.h"
#include "core/THMemoryImpl.h"
#include "core/THParallelImpl.h"
#include "core/THScalarImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCastImpl.h"
#include "TH/THTensorMath.h"

/* The summing kernels are built for AVX2 too (THCpuImpl.h). */
#define TH_CLONES TH_CLONES_AVX2

enum { OP_SUM, OP_PROD, OP_MEAN, OP_MAX, OP_MIN, OP_ALL, OP_ANY, OP_NORM, OP_VAR, OP_STD,
       OP_SQDEV /* var's second pass: sum of squared deviations */ };
enum { CLS_F, CLS_C, CLS_I, CLS_U, CLS_B };
static const THScalarType class_dtype[] = {TH_FLOAT64, TH_COMPLEX128, TH_INT64, TH_UINT64,
                                           TH_BOOL};

#define CHUNK 256      /* elements converted at a time (fits any dtype in 4 KiB) */
#define ROW 512        /* states of the rows walk kept on the stack */
#define BAND 4096      /* most states of one task of the rows walk */
#define BLOCK 65536    /* elements of one partial state of a long run */
#define SHORT_RUN 16   /* reduced runs this short go by the rows walk, gathered */
#define LEAF 1024      /* pairwise summation: runs this short are summed directly */
#define FOUR_ROWS_MIN_BYTES 4096 /* rows walk: shorter rows are added one at a time */

/* States, one array per part (so row updates vectorise). */
typedef struct Acc {
  double *f, *fi;
  int64_t *i, *idx; /* idx < 0: no element seen yet (max/min) */
} Acc;

typedef struct Reduce {
  int op, cls, f32; /* f32: float32 input summed without conversion */
  double p;         /* norm's p */
  THScalarType in_dtype;
  size_t in_es, cls_es;
  char *data;
  int nk, nr, col; /* col: the rows walk's kept dim, or -1 */
  int gather;       /* the rows walk copies each row of a strided col out first */
  int64_t band;     /* the rows walk: columns of one task */
  int64_t ksz[TH_MAX_DIMS], kst[TH_MAX_DIMS], kost[TH_MAX_DIMS];
  int64_t rsz[TH_MAX_DIMS], rst[TH_MAX_DIMS];
  int64_t nout, nred;
  Acc acc, mean; /* nout states; mean: var's per-result means */
  /* direct: the rows walk finishes each band of states (as op `finish`
   * with `correction`) and writes it into the contiguous results (NULL: not
   * wanted), so no state per result is kept */
  int direct, finish, values_only; /* values_only: max/min without indices */
  double correction;
  THTensor *values, *indices;
} Reduce;

/* ------------------------------------------------------------ summation */

/* Sum of n elements stride s apart, in float64: 16 accumulators in a leaf,
 * pairwise above it (numpy's scheme, with float64 accumulators). */
#define PAIRWISE_SUM(NAME, T)                                                     \
  TH_CLONES static double NAME##_leaf(const T *p, int64_t n, ptrdiff_t s) {      \
    double r[16] = {0};                                                           \
    int64_t i = 0;                                                                \
    if (s == 1)                                                                   \
      for (; i + 16 <= n; i += 16)                                                \
        for (int k = 0; k < 16; k++) r[k] += (double)p[i + k];                    \
    else                                                                          \
      for (; i + 16 <= n; i += 16)                                                \
        for (int k = 0; k < 16; k++) r[k] += (double)p[(i + k) * s];             \
    /* the tree spelled out (a loop over w left short runs scalar) */            \
    for (int k = 0; k < 8; k++) r[k] += r[k + 8];                                 \
    for (int k = 0; k < 4; k++) r[k] += r[k + 4];                                 \
    r[0] += r[2], r[1] += r[3];                                                   \
    r[0] += r[1];                                                                 \
    for (; i < n; i++) r[0] += (double)p[i * s];                                  \
    return r[0];                                                                  \
  }                                                                               \
  static double NAME(const T *p, int64_t n, ptrdiff_t s) {                        \
    if (n <= LEAF) return NAME##_leaf(p, n, s);                                   \
    int64_t half = n / 2 / 16 * 16;                                               \
    return NAME(p, half, s) + NAME(p + half * s, n - half, s);                    \
  }
PAIRWISE_SUM(sum_f32_pairwise, float)
PAIRWISE_SUM(sum_f64, double)

/* A contiguous float32 run as four interleaved streams (a quarter each):
 * more reads in flight than one stream, and float64 accumulators, which
 * need no pairwise order to beat float32's rounding (n * 2^-53 << 2^-24). */
TH_CLONES static double sum_f32_streams(const float *p, int64_t n) {
  int64_t q = n / 4 / 8 * 8;
  double r[4][8] = {{0}};
  for (int64_t i = 0; i < q; i += 8)
    for (int k = 0; k < 8; k++) {
      r[0][k] += (double)p[i + k];
      r[1][k] += (double)p[q + i + k];
      r[2][k] += (double)p[2 * q + i + k];
      r[3][k] += (double)p[3 * q + i + k];
    }
  for (int64_t i = 4 * q; i < n; i++) r[0][i & 7] += (double)p[i];
  double t = 0;
  for (int k = 0; k < 8; k++) t += (r[0][k] + r[1][k]) + (r[2][k] + r[3][k]);
  return t;
}

static double sum_f32(const float *p, int64_t n, ptrdiff_t s) {
  return s == 1 && n >= 256 ? sum_f32_streams(p, n) : sum_f32_pairwise(p, n, s);
}

/* rows rows of n elements, stride elements apart, added in turn into n
 * states: a run of short rows in one call (a call a row cost about 10 ns,
 * a third of the time of a 1 KiB row); up to four rows in one pass over
 * the states (each added in turn: the same bits as a row a pass). AVX-512
 * where the CPU has it: twice the states a step, the same adds. first: the
 * states are not made yet and start as 0 + the first row (the bits of a
 * fill with 0 and an add, in one pass: -0.0 gives +0.0). */
#define ADD_ROWS(NAME, T, S, ADD)                                                       \
  TH_CLONES_AVX512 static void NAME(S *restrict acc, const T *restrict x, ptrdiff_t stride, \
                                    int64_t rows, int64_t n, int first) {              \
    /* (row by row past four: more rows a pass ran (64, 256, 256) sum(1) 5% slower) */ \
    int m = rows > 4 ? 1 : (int)rows;                                                  \
    const T *x1 = m > 1 ? x + stride : NULL, *x2 = m > 2 ? x + 2 * stride : NULL;      \
    const T *x3 = m > 3 ? x + 3 * stride : NULL;                                       \
    for (int64_t r = 0; r < rows; r += m, x += m * stride, first = 0)                  \
      if (first)                                                                       \
        ADD_ROWS_PASS(ADD, 0, m);                                                      \
      else                                                                             \
        ADD_ROWS_PASS(ADD, acc[j], m);                                                 \
  }
/* one pass of ADD_ROWS: m rows (1 to 4) added in turn to FROM (for state j) */
#define ADD_ROWS_PASS(ADD, FROM, m)                                                     \
  do {                                                                                 \
    if (m == 1)                                                                        \
      for (int64_t j = 0; j < n; j++) acc[j] = ADD(FROM, x[j]);                        \
    else if (m == 2)                                                                   \
      for (int64_t j = 0; j < n; j++) acc[j] = ADD(ADD(FROM, x[j]), x1[j]);            \
    else if (m == 3)                                                                   \
      for (int64_t j = 0; j < n; j++) acc[j] = ADD(ADD(ADD(FROM, x[j]), x1[j]), x2[j]); \
    else                                                                               \
      for (int64_t j = 0; j < n; j++)                                                  \
        acc[j] = ADD(ADD(ADD(ADD(FROM, x[j]), x1[j]), x2[j]), x3[j]);                  \
  } while (0)
/* Four rows at once: a quarter of the loads and stores of the states. */
#define ADD_ROWS4(NAME, T, S, ADD4)                                                     \
  TH_CLONES_AVX512 static void NAME(S *restrict acc, const T *restrict x0,             \
                                    const T *restrict x1, const T *restrict x2,        \
                                    const T *restrict x3, int64_t n, int first) {      \
    if (first)                                                                         \
      for (int64_t j = 0; j < n; j++) acc[j] = ADD4(0, x0[j], x1[j], x2[j], x3[j]);    \
    else                                                                               \
      for (int64_t j = 0; j < n; j++) acc[j] = ADD4(acc[j], x0[j], x1[j], x2[j], x3[j]); \
  }
/* One to three float32 rows, stride elements apart, added in turn into a
 * float32 result (a sum, or with count > 0 a mean): add_rows' float64 sums
 * from 0, rounded as they are stored, with no states to write out. */
TH_CLONES_AVX512 static void rows_into_f32(float *restrict out, const float *restrict x,
                                          ptrdiff_t stride, int64_t rows, int64_t n,
                                          double count) {
  for (int64_t j = 0; j < n; j++) {
    double s = 0.0 + (double)x[j];
    if (rows > 1) s += (double)x[j + stride];
    if (rows > 2) s += (double)x[j + 2 * stride];
    out[j] = (float)(count > 0 ? s / count : s);
  }
}
/* floats into float64 sums; integers into int64 sums, wrapping as torch's
 * (update()'s sum: wrapping adds give the same bits in any order) */
#define FLOAT_ADD(s, x) ((s) + (double)(x))
#define FLOAT_ADD4(s, a, b, c, d) ((s) + (((double)(a) + (double)(b)) + ((double)(c) + (double)(d))))
#define WRAP(x) ((uint64_t)(int64_t)(x))
#define INT_ADD(s, x) ((int64_t)((uint64_t)(s) + WRAP(x)))
#define INT_ADD4(s, a, b, c, d) \
  ((int64_t)((uint64_t)(s) + WRAP(a) + WRAP(b) + WRAP(c) + WRAP(d)))
ADD_ROWS(add_rows_f32, float, double, FLOAT_ADD)
ADD_ROWS(add_rows_f64, double, double, FLOAT_ADD)
ADD_ROWS(add_rows_i64, int64_t, int64_t, INT_ADD)
ADD_ROWS(add_rows_i32, int32_t, int64_t, INT_ADD)
ADD_ROWS4(add_rows4_f32, float, double, FLOAT_ADD4)
ADD_ROWS4(add_rows4_f64, double, double, FLOAT_ADD4)
ADD_ROWS4(add_rows4_i64, int64_t, int64_t, INT_ADD4)
ADD_ROWS4(add_rows4_i32, int32_t, int64_t, INT_ADD4)
/* A row into max (or min) states with their indices (of the class: float64
 * in a.f, int64 or uint64's bits in a.i), as update() folds one element,
 * without branches so that it vectorises over the row. */
typedef void (*IndexRow)(void *s, int64_t *idx, const void *x, int64_t n, int64_t index);
#define EXTREME_ROW(NAME, T, S, CMP)                                                    \
  TH_CLONES_AVX512 static void NAME(void *sv, int64_t *restrict idx, const void *xv,  \
                                    int64_t n, int64_t index) {                        \
    S *restrict s = sv;                                                                \
    const T *restrict x = xv;                                                          \
    for (int64_t k = 0; k < n; k++) {                                                  \
      S v = (S)x[k], c = s[k];                                                         \
      int better = (idx[k] < 0) | (v CMP c) | ((v != v) & (c == c));                   \
      s[k] = better ? v : c;                                                           \
      idx[k] = better ? index : idx[k];                                                \
    }                                                                                  \
  }
EXTREME_ROW(max_index_row_f32, float, double, >)
EXTREME_ROW(min_index_row_f32, float, double, <)
EXTREME_ROW(max_index_row_f64, double, double, >)
EXTREME_ROW(min_index_row_f64, double, double, <)
/* Values alone (amax, amin) of contiguous rows, the states in the input's
 * own dtype (an extreme is one of the elements: exact in any dtype), so a
 * vector holds as many as the rows' own do and the states may be the
 * result itself. A row (row) or four (rows4: a quarter of the states'
 * loads and stores) at a time; void pointers so that one table holds every
 * dtype's. */
typedef void (*ExtremeRow)(void *s, const void *x, int64_t n);
typedef void (*ExtremeRows4)(void *s, const void *x0, const void *x1, const void *x2,
                             const void *x3, int64_t n);
/* Integers: the extreme is the same whichever order its candidates are
 * compared in; gcc vectorises these. */
#define EXTREME_INT_ROWS(NAME, T, CMP)                                                  \
  TH_CLONES_AVX512 static void NAME##_row(void *sv, const void *xv, int64_t n) {      \
    T *restrict s = sv;                                                                \
    const T *restrict x = xv;                                                          \
    for (int64_t k = 0; k < n; k++) s[k] = x[k] CMP s[k] ? x[k] : s[k];               \
  }                                                                                    \
  TH_CLONES_AVX512 static void NAME##_rows4(void *sv, const void *x0v, const void *x1v, \
                                            const void *x2v, const void *x3v, int64_t n) { \
    T *restrict s = sv;                                                                \
    const T *restrict x0 = x0v, *restrict x1 = x1v, *restrict x2 = x2v, *restrict x3 = x3v; \
    for (int64_t k = 0; k < n; k++) {                                                  \
      T a = x0[k] CMP x1[k] ? x0[k] : x1[k], b = x2[k] CMP x3[k] ? x2[k] : x3[k];      \
      T c = a CMP b ? a : b;                                                           \
      s[k] = c CMP s[k] ? c : s[k];                                                    \
    }                                                                                  \
  }
/* Floats: each pick keeps the first of equals and the first NaN, as
 * update() does element by element; the four rows are picked pairwise in
 * order, then against the state, which gives the same bits. A row
 * vectorises as written; four rows are in intrinsics (gcc vectorises
 * neither the chained selects nor their NaN tests). */
#define PICK(c, v, CMP) (((v) CMP (c)) | (((v) != (v)) & ((c) == (c))) ? (v) : (c))
#define EXTREME_FLOAT_ROW(NAME, T, CMP)                                                 \
  TH_CLONES_AVX512 static void NAME##_row(void *sv, const void *xv, int64_t n) {      \
    T *restrict s = sv;                                                                \
    const T *restrict x = xv;                                                          \
    for (int64_t k = 0; k < n; k++) s[k] = PICK(s[k], x[k], CMP);                     \
  }
#define EXTREME_FLOAT_TAIL(NAME, T, CMP)                                                \
  static void NAME##_tail(T *s, const T *x0, const T *x1, const T *x2, const T *x3,    \
                          int64_t k, int64_t n) {                                      \
    for (; k < n; k++) {                                                               \
      T a = PICK(x0[k], x1[k], CMP), b = PICK(x2[k], x3[k], CMP);                      \
      s[k] = PICK(s[k], PICK(a, b, CMP), CMP);                                         \
    }                                                                                  \
  }
#ifdef TH_X86_SIMD
/* PICK over vectors of BITS bits (intrinsics suffix SUF: ps or pd) */
#define PICK_512(SUF, c, v, PRED)                                                        \
  _mm512_mask_blend_##SUF(_mm512_cmp_##SUF##_mask(v, c, PRED) |                        \
                              (_mm512_cmp_##SUF##_mask(v, v, _CMP_UNORD_Q) &           \
                               _mm512_cmp_##SUF##_mask(c, c, _CMP_ORD_Q)),             \
                          c, v)
#define PICK_256(SUF, c, v, PRED)                                                        \
  _mm256_blendv_##SUF(c, v,                                                            \
                      _mm256_or_##SUF(_mm256_cmp_##SUF(v, c, PRED),                    \
                                      _mm256_and_##SUF(_mm256_cmp_##SUF(v, v, _CMP_UNORD_Q), \
                                                       _mm256_cmp_##SUF(c, c, _CMP_ORD_Q))))
/* NAME##_##BITS: the rows4 kernel over the whole vectors of BITS bits
 * (type V, intrinsics P##_*_##SUF); returns how far it got */
#define EXTREME_FLOAT_VEC(NAME, T, TARGET, V, P, SUF, BITS, PRED)                       \
  __attribute__((target(TARGET))) static int64_t NAME##_##BITS(                       \
      T *s, const T *x0, const T *x1, const T *x2, const T *x3, int64_t n) {           \
    int64_t k = 0, w = BITS / 8 / (int64_t)sizeof(T);                                  \
    for (; k + w <= n; k += w) {                                                       \
      V a = PICK_##BITS(SUF, P##_loadu_##SUF(x0 + k), P##_loadu_##SUF(x1 + k), PRED);  \
      V b = PICK_##BITS(SUF, P##_loadu_##SUF(x2 + k), P##_loadu_##SUF(x3 + k), PRED);  \
      P##_storeu_##SUF(s + k, PICK_##BITS(SUF, P##_loadu_##SUF(s + k),                 \
                                          PICK_##BITS(SUF, a, b, PRED), PRED));        \
    }                                                                                  \
    return k;                                                                          \
  }
/* VS: the vector types' suffix (d for double) */
#define EXTREME_FLOAT_ROWS(NAME, T, SUF, VS, CMP, PRED)                                 \
  EXTREME_FLOAT_ROW(NAME, T, CMP)                                                      \
  EXTREME_FLOAT_TAIL(NAME, T, CMP)                                                     \
  EXTREME_FLOAT_VEC(NAME, T, "avx512f", __m512##VS, _mm512, SUF, 512, PRED)          \
  EXTREME_FLOAT_VEC(NAME, T, "avx2", __m256##VS, _mm256, SUF, 256, PRED)              \
  static void NAME##_rows4(void *s, const void *x0, const void *x1, const void *x2,    \
                           const void *x3, int64_t n) {                                \
    int64_t k = th_have_avx512f() ? NAME##_512(s, x0, x1, x2, x3, n)                   \
                : th_have_avx2()  ? NAME##_256(s, x0, x1, x2, x3, n)                   \
                                  : 0;                                                 \
    NAME##_tail(s, x0, x1, x2, x3, k, n);                                              \
  }
#else
#define EXTREME_FLOAT_ROWS(NAME, T, SUF, VS, CMP, PRED)                                     \
  EXTREME_FLOAT_ROW(NAME, T, CMP)                                                      \
  EXTREME_FLOAT_TAIL(NAME, T, CMP)                                                     \
  static void NAME##_rows4(void *s, const void *x0, const void *x1, const void *x2,    \
                           const void *x3, int64_t n) {                                \
    NAME##_tail(s, x0, x1, x2, x3, 0, n);                                              \
  }
#endif
EXTREME_FLOAT_ROWS(max_f32, float, ps, , >, _CMP_GT_OQ)
EXTREME_FLOAT_ROWS(min_f32, float, ps, , <, _CMP_LT_OQ)
EXTREME_FLOAT_ROWS(max_f64, double, pd, d, >, _CMP_GT_OQ)
EXTREME_FLOAT_ROWS(min_f64, double, pd, d, <, _CMP_LT_OQ)

/* ------------------------------------------------------ one state update */

static void state_init(const Reduce *R, Acc a, int64_t j) {
  a.f[j] = a.fi[j] = 0;
  a.i[j] = 0;
  a.idx[j] = -1;
  if (R->op == OP_PROD) a.f[j] = 1, a.i[j] = 1;
  if (R->op == OP_ALL) a.i[j] = 1;
  if (R->op == OP_NORM && R->p == -INFINITY) a.f[j] = INFINITY;
}

/* largest (or smallest) wins; a NaN beats any number; ties keep the first */
#define BETTER(v, c, seen, max) (!(seen) || ((max) ? (v) > (c) : (v) < (c)))

/* One state, held in locals while a run is folded into it. */
typedef struct State {
  double f, fi;
  int64_t i, idx;
} State;

static inline State state_load(Acc a, int64_t j) {
  return (State){a.f[j], a.fi[j], a.i[j], a.idx[j]};
}
static inline void state_store(Acc a, int64_t j, State s) {
  a.f[j] = s.f, a.fi[j] = s.fi, a.i[j] = s.i, a.idx[j] = s.idx;
}

/* Folds the element at x (of class cls) with the given index into S; mre,
 * mim: the result's mean (var's second pass). Inlined with op a constant
 * (see FOR_OP), so each op's loop is compiled on its own. */
static inline __attribute__((always_inline)) void update(int op, int cls, double p, State *S,
                                                         const char *x, int64_t index,
                                                         double mre, double mim) {
  const double *d = (const double *)x;
  int64_t v = cls == CLS_B ? *(const uint8_t *)x : *(const int64_t *)x;
  switch (op) {
    case OP_SUM:
    case OP_MEAN:
      if (cls == CLS_F || cls == CLS_C) {
        S->f += d[0];
        if (cls == CLS_C) S->fi += d[1];
      } else {
        S->i = (int64_t)((uint64_t)S->i + (uint64_t)v); /* wraps, as torch */
      }
      break;
    case OP_PROD:
      if (cls == CLS_F) {
        S->f *= d[0];
      } else if (cls == CLS_C) {
        double re = S->f * d[0] - S->fi * d[1];
        S->fi = S->f * d[1] + S->fi * d[0];
        S->f = re;
      } else {
        S->i = (int64_t)((uint64_t)S->i * (uint64_t)v);
      }
      break;
    case OP_MAX:
    case OP_MIN: {
      int max = op == OP_MAX, seen = S->idx >= 0, better;
      if (cls == CLS_F) {
        double c = S->f;
        better = BETTER(d[0], c, seen, max) || (d[0] != d[0] && c == c);
        if (better) S->f = d[0];
      } else if (cls == CLS_U) {
        better = BETTER((uint64_t)v, (uint64_t)S->i, seen, max);
        if (better) S->i = v;
      } else {
        better = BETTER(v, S->i, seen, max);
        if (better) S->i = v;
      }
      if (better) S->idx = index;
      break;
    }
    case OP_ALL:
      if (!v) S->i = 0;
      break;
    case OP_ANY:
      if (v) S->i = 1;
      break;
    case OP_NORM: {
      double m = cls == CLS_C ? hypot(d[0], d[1]) : fabs(d[0]);
      if (p == 2)
        S->f += m * m;
      else if (p == 1)
        S->f += m;
      else if (p == INFINITY) {
        if (m > S->f || m != m) S->f = m;
      } else if (p == -INFINITY) {
        if (m < S->f || m != m) S->f = m;
      } else if (p == 0)
        S->f += m != 0;
      else
        S->f += pow(m, p);
      break;
    }
    case OP_SQDEV: { /* the parts apart: finish needs to know which is zero */
      double re = d[0] - mre;
      S->f += re * re;
      if (cls == CLS_C) S->fi += (d[1] - mim) * (d[1] - mim);
      break;
    }
  }
}

/* Runs STMT with OP a constant equal to op. */
#define FOR_OP(op, STMT)                                                          \
  switch (op) {                                                                   \
    case OP_SUM: { enum { OP = OP_SUM }; STMT; } break;                           \
    case OP_MEAN: { enum { OP = OP_MEAN }; STMT; } break;                         \
    case OP_PROD: { enum { OP = OP_PROD }; STMT; } break;                         \
    case OP_MAX: { enum { OP = OP_MAX }; STMT; } break;                           \
    case OP_MIN: { enum { OP = OP_MIN }; STMT; } break;                           \
    case OP_ALL: { enum { OP = OP_ALL }; STMT; } break;                           \
    case OP_ANY: { enum { OP = OP_ANY }; STMT; } break;                           \
    case OP_NORM: { enum { OP = OP_NORM }; STMT; } break;                         \
    default: { enum { OP = OP_SQDEV }; STMT; } break;                             \
  }

/* Folds partial state k of b into state j of a (b's elements came later). */
static void combine(const Reduce *R, Acc a, int64_t j, Acc b, int64_t k) {
  if (R->op == OP_NORM && isinf(R->p)) {
    double m = b.f[k];
    if ((R->p > 0 ? m > a.f[j] : m < a.f[j]) || m != m) a.f[j] = m;
  } else if (R->op == OP_NORM || R->op == OP_SQDEV) {
    a.f[j] += b.f[k];
    if (R->op == OP_SQDEV) a.fi[j] += b.fi[k];
  } else if ((R->op == OP_MAX || R->op == OP_MIN) && b.idx[k] < 0) {
    /* b saw nothing */
  } else {
    union { double d[2]; int64_t i; uint8_t b; } x;
    x.d[0] = b.f[k], x.d[1] = b.fi[k];
    if (R->cls != CLS_F && R->cls != CLS_C) x.i = b.i[k];
    if (R->cls == CLS_B) x.b = (uint8_t)(b.i[k] != 0);
    State S = state_load(a, j);
    FOR_OP(R->op, update(OP, R->cls, R->p, &S, (const char *)&x, b.idx[k], 0, 0));
    state_store(a, j, S);
  }
}

/* ------------------------------------------------------------- folding */

/* Sums of squares (and of |x|) of n float64 or float32 elements stride s
 * apart, less m: var's deviations and the 1- and 2-norms, with 8
 * accumulators (the adds of one would wait on each other). */
#define SUM_OF(NAME, T, EXPR)                                                     \
  TH_CLONES static double NAME(const T *p, int64_t n, ptrdiff_t s, double m) {   \
    double r[8] = {0};                                                            \
    int64_t i = 0;                                                                \
    if (s == 1)                                                                   \
      for (; i + 8 <= n; i += 8)                                                  \
        for (int k = 0; k < 8; k++) {                                             \
          double x = (double)p[i + k] - m;                                        \
          r[k] += EXPR;                                                           \
        }                                                                         \
    for (; i < n; i++) {                                                          \
      double x = (double)p[i * s] - m;                                            \
      r[i & 7] += EXPR;                                                           \
    }                                                                             \
    return ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));     \
  }
SUM_OF(squares_f32, float, x * x)
SUM_OF(squares_f64, double, x * x)
SUM_OF(abs_f32, float, fabs(x))
SUM_OF(abs_f64, double, fabs(x))

/* The float kernels above for op, or 0: 1 squares, 2 absolute values. */
static int float_kernel(const Reduce *R) {
  if (R->cls != CLS_F) return 0;
  if (R->op == OP_SQDEV || (R->op == OP_NORM && R->p == 2)) return 1;
  return R->op == OP_NORM && R->p == 1 ? 2 : 0;
}

static double float_fold(int kernel, int f32, const char *p, int64_t n, ptrdiff_t sb,
                         double m) {
  if (f32)
    return kernel == 1 ? squares_f32((const float *)p, n, sb / 4, m)
                       : abs_f32((const float *)p, n, sb / 4, m);
  return kernel == 1 ? squares_f64((const double *)p, n, sb / 8, m)
                     : abs_f64((const double *)p, n, sb / 8, m);
}

/* Integer sums, wrapping in 64 bits as torch's int64 sums do: a C
 * conversion to uint64_t sign-extends the signed types (modulo 2^64). */
#define INT_SUM(NAME, T)                                                             \
  TH_CLONES_AVX512 static uint64_t NAME(const T *p, int64_t n, ptrdiff_t s) {        \
    uint64_t r = 0;                                                                  \
    if (s == 1)                                                                      \
      for (int64_t i = 0; i < n; i++) r += (uint64_t)p[i];                           \
    else                                                                             \
      for (int64_t i = 0; i < n; i++) r += (uint64_t)p[i * s];                       \
    return r;                                                                        \
  }
INT_SUM(sum_u8, uint8_t)
INT_SUM(sum_i8, int8_t)
INT_SUM(sum_i16, int16_t)
INT_SUM(sum_u16, uint16_t)
INT_SUM(sum_i32, int32_t)
INT_SUM(sum_u32, uint32_t)
INT_SUM(sum_i64, int64_t)

/* The sum of n elements of integer (or bool) dtype t, sb bytes apart, or 0
 * with *done 0 for a dtype without a loop here. */
static uint64_t int_sum(THScalarType t, const char *p, int64_t n, ptrdiff_t sb, int *done) {
  *done = 1;
  switch (t) {
    case TH_BOOL: /* bools are bytes 0 and 1 */
    case TH_UINT8: return sum_u8((const uint8_t *)p, n, sb);
    case TH_INT8: return sum_i8((const int8_t *)p, n, sb);
    case TH_INT16: return sum_i16((const int16_t *)p, n, sb / 2);
    case TH_UINT16: return sum_u16((const uint16_t *)p, n, sb / 2);
    case TH_INT32: return sum_i32((const int32_t *)p, n, sb / 4);
    case TH_UINT32: return sum_u32((const uint32_t *)p, n, sb / 4);
    case TH_INT64:
    case TH_UINT64: return sum_i64((const int64_t *)p, n, sb / 8);
    default: *done = 0; return 0;
  }
}

/* A block's largest (CMP >) or smallest (CMP <) element into *out, and
 * whether the block holds a NaN (then *out means nothing). */
#define BLOCK_EXTREME(NAME, T, CMP)                                                  \
  static int NAME(const T *q, int64_t len, T *out) {                                 \
    T e = q[0];                                                                      \
    int nan = 0;                                                                     \
    for (int64_t i = 0; i < len; i++) {                                              \
      e = q[i] CMP e ? q[i] : e;                                                     \
      nan |= q[i] != q[i];                                                           \
    }                                                                                \
    *out = e;                                                                        \
    return nan;                                                                      \
  }
#ifdef TH_X86_SIMD
/* The same in AVX2 registers (VT of W lanes, intrinsic suffix S, OP max or
 * min), four accumulators. gcc does not vectorise the loop above: NaNs. */
#define BLOCK_EXTREME_AVX2(NAME, T, VT, S, W, OP, CMP)                                 \
  __attribute__((target("avx2"))) static int NAME(const T *q, int64_t len, T *out) { \
    VT a0 = _mm256_set1_##S(q[0]), a1 = a0, a2 = a0, a3 = a0, nan = _mm256_setzero_##S(); \
    int64_t i = 0;                                                                   \
    for (; i + 4 * W <= len; i += 4 * W) {                                           \
      VT x0 = _mm256_loadu_##S(q + i), x1 = _mm256_loadu_##S(q + i + W);            \
      VT x2 = _mm256_loadu_##S(q + i + 2 * W), x3 = _mm256_loadu_##S(q + i + 3 * W); \
      /* OP(x, a) is a where x is NaN: the flag below records it */                  \
      a0 = _mm256_##OP##_##S(x0, a0), a1 = _mm256_##OP##_##S(x1, a1);                \
      a2 = _mm256_##OP##_##S(x2, a2), a3 = _mm256_##OP##_##S(x3, a3);                \
      nan = _mm256_or_##S(nan, _mm256_or_##S(_mm256_cmp_##S(x0, x1, _CMP_UNORD_Q),   \
                                             _mm256_cmp_##S(x2, x3, _CMP_UNORD_Q))); \
    }                                                                                \
    T lanes[W];                                                                      \
    _mm256_storeu_##S(lanes, _mm256_##OP##_##S(_mm256_##OP##_##S(a0, a1),           \
                                               _mm256_##OP##_##S(a2, a3)));          \
    T e = lanes[0];                                                                  \
    for (int k = 1; k < W; k++) e = lanes[k] CMP e ? lanes[k] : e;                   \
    int any = _mm256_movemask_##S(nan) != 0;                                         \
    for (; i < len; i++) {                                                           \
      e = q[i] CMP e ? q[i] : e;                                                     \
      any |= q[i] != q[i];                                                           \
    }                                                                                \
    *out = e;                                                                        \
    return any;                                                                      \
  }
#define PICK_BLOCK_EXTREME(AVX2, C) (th_have_avx2() ? AVX2 : C)
#else
#define BLOCK_EXTREME_AVX2(NAME, T, VT, S, W, OP, CMP)
#define PICK_BLOCK_EXTREME(AVX2, C) (C)
#endif

/* Where the max (or min) of a contiguous float run lies, as update() picks
 * it: the first NaN, else the first of the largest (smallest). Blocks of
 * XBLOCK are reduced in registers; only the first block that holds the
 * answer is scanned for its index. -1 when n is 0. */
#define XBLOCK 1024
#define EXTREME_AT(NAME, T, VT, S, W, OP, CMP)                                       \
  BLOCK_EXTREME(NAME##_block, T, CMP)                                                \
  BLOCK_EXTREME_AVX2(NAME##_block_avx2, T, VT, S, W, OP, CMP)                        \
  static int64_t NAME(const T *p, int64_t n) {                                       \
    int (*block)(const T *, int64_t, T *) =                                          \
        PICK_BLOCK_EXTREME(NAME##_block_avx2, NAME##_block);                         \
    int64_t best = -1;                                                               \
    T m = 0;                                                                         \
    for (int64_t b = 0; b < n; b += XBLOCK) {                                        \
      T e;                                                                           \
      if (block(p + b, n - b < XBLOCK ? n - b : XBLOCK, &e)) {                       \
        while (p[b] == p[b]) b++;                                                    \
        return b;                                                                    \
      }                                                                              \
      if (best < 0 || e CMP m) best = b, m = e;                                      \
    }                                                                                \
    if (best >= 0)                                                                   \
      while (p[best] != m) best++;                                                   \
    return best;                                                                     \
  }                                                                                  \
  /* the value alone (amax, amin): no second look for its place; n > 0 */           \
  static T NAME##_value(const T *p, int64_t n) {                                     \
    int (*block)(const T *, int64_t, T *) =                                          \
        PICK_BLOCK_EXTREME(NAME##_block_avx2, NAME##_block);                         \
    T m = p[0];                                                                      \
    for (int64_t b = 0; b < n; b += XBLOCK) {                                        \
      T e;                                                                           \
      if (block(p + b, n - b < XBLOCK ? n - b : XBLOCK, &e)) {                       \
        while (p[b] == p[b]) b++;                                                    \
        return p[b]; /* the first NaN */                                             \
      }                                                                              \
      if (e CMP m) m = e;                                                            \
    }                                                                                \
    return m;                                                                        \
  }
EXTREME_AT(max_at_f32, float, __m256, ps, 8, max, >)
EXTREME_AT(min_at_f32, float, __m256, ps, 8, min, <)
EXTREME_AT(max_at_f64, double, __m256d, pd, 4, max, >)
EXTREME_AT(min_at_f64, double, __m256d, pd, 4, min, <)

/* Where the first max (or min) of a contiguous integer run lies: its value
 * in one vectorised pass, then the first place it occurs (-1 when n is 0);
 * NAME##_value: the value alone, widened to 64 bits (n > 0). Void pointers
 * so that one table holds every dtype's. */
typedef int64_t (*IntExtreme)(const void *p, int64_t n);
#define INT_EXTREME_AT(NAME, T, CMP)                                                  \
  TH_CLONES_AVX512 static T NAME##_of(const T *restrict p, int64_t n) {              \
    T e = p[0];                                                                      \
    for (int64_t i = 1; i < n; i++) e = p[i] CMP e ? p[i] : e;                       \
    return e;                                                                        \
  }                                                                                  \
  static int64_t NAME##_value(const void *p, int64_t n) {                            \
    return (int64_t)NAME##_of(p, n);                                                 \
  }                                                                                  \
  static int64_t NAME(const void *pv, int64_t n) {                                   \
    const T *p = pv;                                                                 \
    if (n <= 0) return -1;                                                           \
    T m = NAME##_of(p, n);                                                           \
    int64_t i = 0;                                                                   \
    while (p[i] != m) i++;                                                           \
    return i;                                                                        \
  }
/* every integer dtype's kernels, rows and runs (ST: its class's states) */
#define INT_EXTREMES(S, T, ST)                                                        \
  EXTREME_ROW(max_index_row_##S, T, ST, >)                                           \
  EXTREME_ROW(min_index_row_##S, T, ST, <)                                           \
  EXTREME_INT_ROWS(max_##S, T, >)                                                    \
  EXTREME_INT_ROWS(min_##S, T, <)                                                    \
  INT_EXTREME_AT(max_at_##S, T, >)                                                   \
  INT_EXTREME_AT(min_at_##S, T, <)
INT_EXTREMES(i8, int8_t, int64_t)
INT_EXTREMES(u8, uint8_t, int64_t)
INT_EXTREMES(i16, int16_t, int64_t)
INT_EXTREMES(u16, uint16_t, int64_t)
INT_EXTREMES(i32, int32_t, int64_t)
INT_EXTREMES(u32, uint32_t, int64_t)
INT_EXTREMES(i64, int64_t, int64_t)
INT_EXTREMES(u64, uint64_t, uint64_t)
/* The kernels of dtype dt's max (max = 1) or min (0) in its own type: all
 * NULL for the half floats and complex (which go element by element), at
 * and value NULL for float32 and float64 (whose runs have EXTREME_AT's).
 * bool is 0 or 1 in a byte: uint8's. */
typedef struct Extremes {
  ExtremeRow row; /* values over rows */
  ExtremeRows4 rows4;
  IndexRow index_row; /* values and indices over rows */
  IntExtreme at, value; /* integer runs */
} Extremes;
static Extremes extremes_of(THScalarType dt, int max) {
#define RUNS(NAME) NAME, NAME##_value
#define NO_RUNS(NAME) NULL, NULL
#define KERNELS(S, R)                                                                \
  (max ? (Extremes){max_##S##_row, max_##S##_rows4, max_index_row_##S, R(max_at_##S)} \
       : (Extremes){min_##S##_row, min_##S##_rows4, min_index_row_##S, R(min_at_##S)})
  switch (dt) {
    case TH_FLOAT32: return KERNELS(f32, NO_RUNS);
    case TH_FLOAT64: return KERNELS(f64, NO_RUNS);
    case TH_INT8: return KERNELS(i8, RUNS);
    case TH_BOOL:
    case TH_UINT8: return KERNELS(u8, RUNS);
    case TH_INT16: return KERNELS(i16, RUNS);
    case TH_UINT16: return KERNELS(u16, RUNS);
    case TH_INT32: return KERNELS(i32, RUNS);
    case TH_UINT32: return KERNELS(u32, RUNS);
    case TH_INT64: return KERNELS(i64, RUNS);
    case TH_UINT64: return KERNELS(u64, RUNS);
    default: return (Extremes){NULL, NULL, NULL, NULL, NULL};
  }
#undef KERNELS
#undef NO_RUNS
#undef RUNS
}

/* Whether max/min's elements, once converted to the class's dtype, go
 * through its kernels (extremes_of): a run's chunk at a time, a row at a
 * time (strided runs, the half floats). Not bool's class or complex. */
static int class_extremes(const Reduce *R) {
  return (R->op == OP_MAX || R->op == OP_MIN) &&
         (R->cls == CLS_F || R->cls == CLS_I || R->cls == CLS_U);
}

/* Folds a contiguous integer run of n elements (X: its dtype's kernels)
 * into max/min state j: the value widened as the class holds it (int64, or
 * uint64's bits), at index0 + its place. */
static void fold_int_extremes(const Reduce *R, Acc a, int64_t j, Extremes X, const char *p,
                              int64_t n, int64_t index0) {
  int64_t k = R->values_only ? (n > 0 ? 0 : -1) : X.at(p, n), v;
  if (k < 0) return;
  v = R->values_only ? X.value(p, n) : X.value(p + k * (int64_t)R->in_es, 1);
  State S = state_load(a, j);
  if (R->cls == CLS_U)
    update(R->op, CLS_U, R->p, &S, (const char *)&v, index0 + k, 0, 0);
  else
    update(R->op, CLS_I, R->p, &S, (const char *)&v, index0 + k, 0, 0);
  state_store(a, j, S);
}

/* Folds n input elements, sb bytes apart, into state j. */
static void fold_run(const Reduce *R, Acc a, int64_t j, const char *p, ptrdiff_t sb,
                     int64_t n, int64_t index0, double mre, double mim) {
  int sum = R->op == OP_SUM || R->op == OP_MEAN, kernel = float_kernel(R);
  int direct = R->in_dtype == class_dtype[R->cls], cls = R->cls;
  double pp = R->p;
  if (sum && R->f32) {
    a.f[j] += sum_f32((const float *)p, n, sb / 4);
    return;
  }
  if (kernel && (R->f32 || direct)) {
    a.f[j] += float_fold(kernel, R->f32, p, n, sb, R->op == OP_SQDEV ? mre : 0);
    return;
  }
  if (R->op == OP_SUM && cls == CLS_I) {
    int done;
    uint64_t total = int_sum(R->in_dtype, p, n, sb, &done);
    if (done) {
      a.i[j] = (int64_t)((uint64_t)a.i[j] + total);
      return;
    }
  }
  if (direct && sum && cls != CLS_I) {
    a.f[j] += sum_f64((const double *)p, n, sb / 8);
    if (cls == CLS_C) a.fi[j] += sum_f64((const double *)p + 1, n, sb / 8);
    return;
  }
  if ((R->op == OP_MAX || R->op == OP_MIN) && (R->f32 || (direct && cls == CLS_F)) &&
      sb == (ptrdiff_t)R->in_es) {
    int max = R->op == OP_MAX;
    if (R->values_only && n > 0) { /* amax/amin: the value is enough (index0 marks it seen) */
      double v = R->f32 ? (max ? max_at_f32_value : min_at_f32_value)((const float *)p, n)
                        : (max ? max_at_f64_value : min_at_f64_value)((const double *)p, n);
      State S = state_load(a, j);
      update(R->op, CLS_F, pp, &S, (const char *)&v, index0, 0, 0);
      state_store(a, j, S);
      return;
    }
    int64_t at = R->f32 ? (max ? max_at_f32 : min_at_f32)((const float *)p, n)
                        : (max ? max_at_f64 : min_at_f64)((const double *)p, n);
    if (at < 0) return;
    double v = R->f32 ? ((const float *)p)[at] : ((const double *)p)[at];
    State S = state_load(a, j);
    update(R->op, CLS_F, pp, &S, (const char *)&v, index0 + at, 0, 0);
    state_store(a, j, S);
    return;
  }
  Extremes X = R->op == OP_MAX || R->op == OP_MIN ? extremes_of(R->in_dtype, R->op == OP_MAX)
                                                  : (Extremes){NULL, NULL, NULL, NULL, NULL};
  if (X.at && sb == (ptrdiff_t)R->in_es) {
    fold_int_extremes(R, a, j, X, p, n, index0);
    return;
  }
  if (X.at) { /* a strided run: chunks moved out in its own dtype, not widened
               * ((100000, 3) uint8 argmax(0): 0.16 ms widened to int64) */
    _Alignas(64) char buf[CHUNK * 16];
    int64_t per = (int64_t)(sizeof buf / R->in_es);
    for (int64_t k0 = 0; k0 < n; k0 += per) {
      int64_t len = n - k0 < per ? n - k0 : per;
      th_cast_loops[R->in_dtype][R->in_dtype](buf, (ptrdiff_t)R->in_es, p + k0 * sb, sb, len);
      fold_int_extremes(R, a, j, X, buf, len, index0 + k0);
    }
    return;
  }
  State S = state_load(a, j);
  if ((R->op == OP_ANY && S.i) || (R->op == OP_ALL && !S.i)) return; /* decided */
  int extreme = class_extremes(R) && cls == CLS_F;
  if (direct && !extreme) {
    FOR_OP(R->op, for (int64_t k = 0; k < n; k++)
                      update(OP, cls, pp, &S, p + k * sb, index0 + k, mre, mim));
    state_store(a, j, S);
    return;
  }
  _Alignas(64) char buf[CHUNK * 16];
  th_cast_loop cast = th_cast_loops[class_dtype[cls]][R->in_dtype];
  ptrdiff_t es = (ptrdiff_t)R->cls_es;
  for (int64_t k0 = 0; k0 < n; k0 += CHUNK) {
    int64_t len = n - k0 < CHUNK ? n - k0 : CHUNK;
    if ((R->op == OP_ANY && S.i) || (R->op == OP_ALL && !S.i)) break; /* decided */
    cast(buf, es, p + k0 * sb, sb, len);
    if (sum && cls == CLS_F) {
      S.f += sum_f64((const double *)buf, len, 1);
    } else if (extreme) { /* the chunk's first extreme, then as one element (floats:
                            * the integers went by their own dtype's kernels above) */
      int64_t at = (R->op == OP_MAX ? max_at_f64 : min_at_f64)((const double *)buf, len);
      update(R->op, cls, pp, &S, buf + at * es, index0 + k0 + at, 0, 0);
    } else if (kernel)
      S.f += float_fold(kernel, 0, buf, len, 8, R->op == OP_SQDEV ? mre : 0);
    else
      FOR_OP(R->op, for (int64_t k = 0; k < len; k++)
                        update(OP, cls, pp, &S, buf + k * es, index0 + k0 + k, mre, mim));
  }
  state_store(a, j, S);
}

/* Whether fold_row adds rows sb bytes apart with the integer row kernels:
 * contiguous int64, uint64 (the same bits modulo 2^64) or int32 rows into
 * 64-bit integer sums. */
static int int_sum_rows(const Reduce *R, ptrdiff_t sb) {
  return R->op == OP_SUM && sb == (ptrdiff_t)R->in_es && (R->cls == CLS_I || R->cls == CLS_U) &&
         (R->in_dtype == TH_INT64 || R->in_dtype == TH_UINT64 || R->in_dtype == TH_INT32);
}

/* Whether rows sb bytes apart are float sums the row kernels add directly:
 * contiguous float32 (into float64 states) or float64 rows. */
static int float_sum_rows(const Reduce *R, ptrdiff_t sb) {
  return (R->op == OP_SUM || R->op == OP_MEAN) && R->cls == CLS_F &&
         (R->f32 || R->in_dtype == TH_FLOAT64) && sb == (ptrdiff_t)R->in_es;
}

/* rows rows of a sum (float_sum_rows or int_sum_rows), n elements each,
 * the first at p and the next stride elements on, added in turn into a's
 * states (first: which start as the first row, add_rows). */
static void add_run(const Reduce *R, Acc a, const char *p, ptrdiff_t stride, int64_t rows,
                    int64_t n, int first) {
  if (R->cls == CLS_F && R->f32)
    add_rows_f32(a.f, (const float *)p, stride, rows, n, first);
  else if (R->cls == CLS_F)
    add_rows_f64(a.f, (const double *)p, stride, rows, n, first);
  else if (R->in_dtype == TH_INT32)
    add_rows_i32(a.i, (const int32_t *)p, stride, rows, n, first);
  else
    add_rows_i64(a.i, (const int64_t *)p, stride, rows, n, first);
}

/* Four rows of a sum (float_sum_rows or int_sum_rows) into a's states at
 * once (ADD_ROWS4; first as add_rows'). */
static void add_four(const Reduce *R, Acc a, const char *const *x, int64_t n, int first) {
#define ROWS4(T) (const T *)x[0], (const T *)x[1], (const T *)x[2], (const T *)x[3]
  if (R->cls == CLS_F && R->f32)
    add_rows4_f32(a.f, ROWS4(float), n, first);
  else if (R->cls == CLS_F)
    add_rows4_f64(a.f, ROWS4(double), n, first);
  else if (R->in_dtype == TH_INT32)
    add_rows4_i32(a.i, ROWS4(int32_t), n, first);
  else
    add_rows4_i64(a.i, ROWS4(int64_t), n, first);
#undef ROWS4
}

/* Folds row element k (n of them, sb bytes apart) into state k of a, for
 * the reduced position index; m: the means of those states. */
static void fold_row(const Reduce *R, Acc a, Acc m, const char *p, ptrdiff_t sb, int64_t n,
                     int64_t index) {
  int sum = (R->op == OP_SUM || R->op == OP_MEAN) && R->cls == CLS_F, cls = R->cls;
  int kernel = float_kernel(R);
  double pp = R->p;
  if (float_sum_rows(R, sb) || int_sum_rows(R, sb)) {
    add_run(R, a, p, 0, 1, n, index == 0);
    return;
  }
  if (!R->values_only && (R->op == OP_MAX || R->op == OP_MIN) && sb == (ptrdiff_t)R->in_es) {
    IndexRow index_row = extremes_of(R->in_dtype, R->op == OP_MAX).index_row;
    if (index_row) {
      index_row(cls == CLS_F ? (void *)a.f : (void *)a.i, a.idx, p, n, index);
      return;
    }
  }
  int direct = R->in_dtype == class_dtype[cls] && sb == (ptrdiff_t)R->cls_es;
  /* max/min of converted (or strided) rows: the class's index row */
  IndexRow class_row =
      class_extremes(R) ? extremes_of(class_dtype[cls], R->op == OP_MAX).index_row : NULL;
  ptrdiff_t es = (ptrdiff_t)R->cls_es;
  _Alignas(64) char buf[ROW * 16];
  for (int64_t k0 = 0; k0 < n; k0 += ROW) {
    int64_t len = n - k0 < ROW ? n - k0 : ROW;
    const char *x = p + k0 * sb;
    if (!direct) {
      th_cast_loops[class_dtype[cls]][R->in_dtype](buf, es, x, sb, len);
      x = buf;
    }
    if (sum) {
      add_rows_f64(a.f + k0, (const double *)x, 0, 1, len, 0);
      continue;
    }
    if (class_row) {
      class_row(cls == CLS_F ? (void *)(a.f + k0) : (void *)(a.i + k0), a.idx + k0, x, len,
                index);
      continue;
    }
    if (kernel) {
      const double *xd = (const double *)x;
      for (int64_t k = k0; k < k0 + len; k++) {
        double t = xd[k - k0] - (R->op == OP_SQDEV ? m.f[k] : 0);
        a.f[k] += kernel == 1 ? t * t : fabs(t);
      }
      continue;
    }
    FOR_OP(R->op, for (int64_t k = k0; k < k0 + len; k++) {
      State S = state_load(a, k);
      update(OP, cls, pp, &S, x + (k - k0) * es, index, m.f[k], m.fi[k]);
      state_store(a, k, S);
    });
  }
}

/* Input element offset of kept position o (row-major over the kept dims,
 * skipping dim skip), and its result index. */
static int64_t kept_offset(const Reduce *R, int64_t o, int skip, int64_t *out) {
  if (R->nk == 1 && skip != 0) { /* the common case once contiguous dims merge: no divisions */
    if (out) *out = o * R->kost[0];
    return o * R->kst[0];
  }
  int64_t off = 0, oi = 0;
  for (int d = R->nk - 1; d >= 0; d--) {
    if (d == skip) continue;
    int64_t i = o % R->ksz[d];
    o /= R->ksz[d];
    off += i * R->kst[d];
    oi += i * R->kost[d];
  }
  if (out) *out = oi;
  return off;
}

/* The next position of the first n reduced dims (idx, in order, the last
 * fastest) and its element offset off; 0 after the last position. */
static inline int next_reduced(const Reduce *R, int n, int64_t *idx, int64_t *off) {
  for (int d = n - 1; d >= 0; d--) {
    *off += R->rst[d];
    if (++idx[d] < R->rsz[d]) return 1;
    *off -= R->rst[d] * R->rsz[d];
    idx[d] = 0;
  }
  return 0;
}

/* Folds every reduced element at base into state j (the runs walk). */
static void fold_reduced(const Reduce *R, Acc a, int64_t j, const char *base, double mre,
                         double mim) {
  int inner = R->nr - 1;
  ptrdiff_t sb = (ptrdiff_t)(R->rst[inner] * (int64_t)R->in_es);
  if (inner == 0) { /* one run (no odometer to clear: it cost more than a short run) */
    fold_run(R, a, j, base, sb, R->rsz[0], 0, mre, mim);
    return;
  }
  int64_t idx[TH_MAX_DIMS] = {0}, off = 0, index = 0;
  for (;;) {
    fold_run(R, a, j, base + off * (int64_t)R->in_es, sb, R->rsz[inner], index, mre, mim);
    index += R->rsz[inner];
    if (!next_reduced(R, inner, idx, &off)) return;
  }
}

/* Lanes of a contiguous float32 run's sum: four chains of dependent adds
 * in AVX-512 registers (two lanes in AVX2 registers each) keep the adders
 * busy where two chains of eight lanes did not (sum(1) of 4096^2 from L3:
 * 4.2 ms against torch's 2.4). */
#define SUM_LANES 32

/* The end of a run's sum from its lane accumulators after element i: the
 * rest into lane t % SUM_LANES, then a fixed tree of halves. Lanes never
 * reached are +0.0, which leaves any sum's bits as they are, so the tree
 * starts at the smallest power of two that covers the lanes used. */
static double finish_lanes(double r[SUM_LANES], const float *p, int64_t i, int64_t n) {
  for (int64_t t = i; t < n; t++) r[t % SUM_LANES] += (double)p[t];
  int w = SUM_LANES;
  while (w > 1 && w / 2 >= n) w /= 2;
  for (w /= 2; w >= 1; w /= 2)
    for (int k = 0; k < w; k++) r[k] += r[k + w];
  return r[0];
}

/* One contiguous float32 run: lane k of SUM_LANES float64 accumulators
 * takes the elements k, k + SUM_LANES, ..., then finish_lanes. Every sum of
 * a row of sum(dim=-1) is this, whichever function computes it, so neither
 * the thread split nor the CPU changes a bit. */
TH_CLONES static double sum1_f32(const float *p, int64_t n) {
  double r[SUM_LANES] = {0};
  int64_t i = 0;
  for (; i + SUM_LANES <= n; i += SUM_LANES)
    for (int k = 0; k < SUM_LANES; k++) r[k] += (double)p[i + k];
  return finish_lanes(r, p, i, n);
}

#ifdef TH_X86_SIMD
/* Lanes 16h .. 16h + 15 of acc += the 16 floats of x[h]. */
__attribute__((target("avx512f"))) static inline void lanes_add_avx512(__m512d acc[4],
                                                                       const __m512 x[2]) {
  for (int h = 0; h < 2; h++) {
    acc[2 * h] = _mm512_add_pd(acc[2 * h], _mm512_cvtps_pd(_mm512_castps512_ps256(x[h])));
    acc[2 * h + 1] = _mm512_add_pd(
        acc[2 * h + 1],
        _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x[h]), 1))));
  }
}

/* sum1_f32 in vector registers, with the same bits. One run after another,
 * not several interleaved: short runs of consecutive results are then one
 * sequential stream, which the prefetchers follow (four runs at once read a
 * 4 KiB page as four streams and ran 1.3-3.6x slower, from L3 and DRAM).
 * The rest after the last whole step goes into lanes 0, 1, ... as one
 * masked step (the lanes it misses get +0.0), and the tree runs in the
 * registers from all 32 lanes: a lane never reached holds +0.0 and a lane's
 * sum is never -0.0 (it starts at +0.0, and x + y is -0.0 only when both
 * are), so these extra adds of +0.0 change no bit, and finish_lanes'
 * scalar loops (most of a short row's time) are not needed. */
__attribute__((target("avx512f"))) static double sum1_f32_avx512(const float *p, int64_t n) {
  __m512d acc[4] = {_mm512_setzero_pd(), _mm512_setzero_pd(), _mm512_setzero_pd(),
                    _mm512_setzero_pd()};
  int64_t i = 0;
  for (; i + SUM_LANES <= n; i += SUM_LANES) {
    __m512 x[2] = {_mm512_loadu_ps(p + i), _mm512_loadu_ps(p + i + 16)};
    lanes_add_avx512(acc, x);
  }
  if (i < n) { /* the rest: lanes 0 .. n - i - 1 */
    int64_t left = n - i;
    __mmask16 m0 = (__mmask16)(left >= 16 ? 0xffff : (1u << left) - 1);
    __mmask16 m1 = (__mmask16)(left <= 16 ? 0 : (1u << (left - 16)) - 1);
    __m512 x[2] = {_mm512_maskz_loadu_ps(m0, p + i), _mm512_maskz_loadu_ps(m1, p + i + 16)};
    lanes_add_avx512(acc, x);
  }
  /* the tree of halves: lanes k += k + 16, k += k + 8, then within a register */
  __m512d h8 = _mm512_add_pd(_mm512_add_pd(acc[0], acc[2]), _mm512_add_pd(acc[1], acc[3]));
  __m256d h4 = _mm256_add_pd(_mm512_castpd512_pd256(h8), _mm512_extractf64x4_pd(h8, 1));
  __m128d h2 = _mm_add_pd(_mm256_castpd256_pd128(h4), _mm256_extractf128_pd(h4, 1));
  return _mm_cvtsd_f64(_mm_add_sd(h2, _mm_unpackhi_pd(h2, h2)));
}

/* Lanes 8h .. 8h + 7 of acc += the 8 floats of x[h]. */
__attribute__((target("avx2"))) static inline void lanes_add_avx2(__m256d acc[8],
                                                                  const __m256 x[4]) {
  for (int h = 0; h < 4; h++) {
    acc[2 * h] = _mm256_add_pd(acc[2 * h], _mm256_cvtps_pd(_mm256_castps256_ps128(x[h])));
    acc[2 * h + 1] = _mm256_add_pd(acc[2 * h + 1], _mm256_cvtps_pd(_mm256_extractf128_ps(x[h], 1)));
  }
}

__attribute__((target("avx2"))) static double sum1_f32_avx2(const float *p, int64_t n) {
  __m256d acc[8];
  for (int j = 0; j < 8; j++) acc[j] = _mm256_setzero_pd();
  int64_t i = 0;
  for (; i + SUM_LANES <= n; i += SUM_LANES) {
    __m256 x[4];
    for (int h = 0; h < 4; h++) x[h] = _mm256_loadu_ps(p + i + 8 * h);
    lanes_add_avx2(acc, x);
  }
  if (i < n) { /* the rest: lanes 0 .. n - i - 1 */
    __m256 x[4];
    __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (int h = 0; h < 4; h++)
      x[h] = _mm256_maskload_ps(
          p + i + 8 * h, _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(n - i - 8 * h)), lane));
    lanes_add_avx2(acc, x);
  }
  /* lanes k += k + 16 (registers j += j + 4), k += k + 8, k += k + 4, ... */
  for (int j = 0; j < 4; j++) acc[j] = _mm256_add_pd(acc[j], acc[j + 4]);
  for (int j = 0; j < 2; j++) acc[j] = _mm256_add_pd(acc[j], acc[j + 2]);
  __m256d h4 = _mm256_add_pd(acc[0], acc[1]);
  __m128d h2 = _mm_add_pd(_mm256_castpd256_pd128(h4), _mm256_extractf128_pd(h4, 1));
  return _mm_cvtsd_f64(_mm_add_sd(h2, _mm_unpackhi_pd(h2, h2)));
}
#endif

/* var's mean of result o (its imaginary part: im), or 0 for other ops,
 * which have no means. */
static inline double mean_of(const Reduce *R, int64_t o, int im) {
  return R->mean.f ? (im ? R->mean.fi : R->mean.f)[o] : 0;
}

static void runs_body(int64_t begin, int64_t end, void *ctx) {
  const Reduce *R = ctx;
  if ((R->op == OP_SUM || R->op == OP_MEAN) && R->f32 && R->nr == 1 && R->rst[0] == 1 &&
      R->nout > 1) {
    /* one contiguous float32 run per result (sum(dim=-1)). (A single
     * result is a plain run below, whose sum keeps more reads in flight.) */
    double (*sum1)(const float *, int64_t) = sum1_f32;
#ifdef TH_X86_SIMD
    if (th_have_avx512f()) sum1 = sum1_f32_avx512;
    else if (th_have_avx2()) sum1 = sum1_f32_avx2;
#endif
    for (int64_t o = begin; o < end; o++) {
      state_init(R, R->acc, o);
      R->acc.f[o] = sum1((const float *)R->data + kept_offset(R, o, -1, NULL), R->rsz[0]);
    }
    return;
  }
  if ((R->op == OP_SUM || R->op == OP_MEAN) && R->cls == CLS_F && R->in_dtype == TH_FLOAT64 &&
      R->nr == 1) {
    /* float64 runs: fold_run's sum without its dispatch per result */
    for (int64_t o = begin; o < end; o++) {
      state_init(R, R->acc, o);
      R->acc.f[o] += sum_f64((const double *)R->data + kept_offset(R, o, -1, NULL), R->rsz[0],
                             R->rst[0]);
    }
    return;
  }
  for (int64_t o = begin; o < end; o++) {
    state_init(R, R->acc, o);
    fold_reduced(R, R->acc, o, R->data + kept_offset(R, o, -1, NULL) * (int64_t)R->in_es,
                 mean_of(R, o, 0), mean_of(R, o, 1));
  }
}

typedef struct Blocks {
  const Reduce *R;
  Acc part;
} Blocks;

static void blocks_body(int64_t begin, int64_t end, void *ctx) {
  const Blocks *B = ctx;
  const Reduce *R = B->R;
  ptrdiff_t sb = (ptrdiff_t)(R->rst[0] * (int64_t)R->in_es);
  for (int64_t k = begin; k < end; k++) {
    int64_t start = k * BLOCK, n = R->rsz[0] - start < BLOCK ? R->rsz[0] - start : BLOCK;
    state_init(R, B->part, k);
    fold_run(R, B->part, k, R->data + start * sb, sb, n, start, mean_of(R, 0, 0),
             mean_of(R, 0, 1));
  }
}

/* ------------------------------------------------------------- results */

/* n states' values (or indices) converted into dt elements ds bytes apart
 * from dst. */
static void write_states(const Reduce *R, Acc a, int64_t n, char *dst, ptrdiff_t ds,
                         THScalarType dt, int indices) {
  if (indices || R->cls == CLS_I || R->cls == CLS_B || R->cls == CLS_U) {
    THScalarType from = indices || R->cls != CLS_U ? TH_INT64 : TH_UINT64;
    th_cast_loops[dt][from](dst, ds, (const char *)(indices ? a.idx : a.i), 8, n);
  } else if (R->cls == CLS_C && THScalarType_isComplex(dt) &&
             (R->op == OP_SUM || R->op == OP_PROD || R->op == OP_MEAN)) {
    /* (var, std and norm of complex values are real) */
    for (int64_t k = 0; k < n; k += CHUNK) { /* interleave re, im */
      double z[2 * CHUNK];
      int64_t len = n - k < CHUNK ? n - k : CHUNK;
      for (int64_t j = 0; j < len; j++) z[2 * j] = a.f[k + j], z[2 * j + 1] = a.fi[k + j];
      th_cast_loops[dt][TH_COMPLEX128](dst + k * ds, ds, (const char *)z, 16, len);
    }
  } else {
    th_cast_loops[dt][TH_FLOAT64](dst, ds, (const char *)a.f, 8, n);
  }
}

/* All the states into t (contiguous, nout elements). */
static void write_all_states(const Reduce *R, THTensor *t, int indices) {
  write_states(R, R->acc, R->nout, th_tensor_bytes(t),
               (ptrdiff_t)THScalarType_elementSize(t->storage->dtype), t->storage->dtype,
               indices);
}

/* Scales n states into the op's result: mean, the norm's root, var. */
static void finish(const Reduce *R, Acc a, int64_t n, int op, double correction) {
  double count = (double)R->nred, dof = count - correction > 0 ? count - correction : 0;
  /* torch divides a complex sum by complex(count, 0) as c10's complex
   * division does, (re + im * 0) / count and (im - re * 0) / count: a
   * non-finite part makes the other one NaN (inf + 0j gives inf + nanj).
   * (var's means stay apart: its parts' spreads are summed apart.) */
  if (op == OP_MEAN && R->cls == CLS_C && R->finish == OP_MEAN)
    for (int64_t o = 0; o < n; o++) {
      double re = a.f[o], im = a.fi[o];
      a.f[o] = (re + im * 0.0) / count, a.fi[o] = (im - re * 0.0) / count;
    }
  else if (op == OP_MEAN) /* (a real class's imaginary parts are never used) */
    for (int64_t o = 0; o < n; o++) a.f[o] /= count;
  if (op == OP_MEAN && R->cls == CLS_C && R->finish != OP_MEAN)
    for (int64_t o = 0; o < n; o++) a.fi[o] /= count;
  /* No degrees of freedom (count <= correction) divides by zero, and a
   * complex var is torch's var(real) + var(imag): NaN when either part's
   * sum of squares is 0 (0/0), else inf. */
  if ((op == OP_VAR || op == OP_STD) && R->cls == CLS_C)
    for (int64_t o = 0; o < n; o++)
      a.f[o] = dof > 0 ? (a.f[o] + a.fi[o]) / dof : a.f[o] / dof + a.fi[o] / dof;
  else if (op == OP_VAR || op == OP_STD)
    for (int64_t o = 0; o < n; o++) a.f[o] /= dof;
  if (op == OP_STD || (op == OP_NORM && R->p == 2))
    for (int64_t o = 0; o < n; o++) a.f[o] = sqrt(a.f[o]);
  if (op == OP_NORM && R->p != 2 && R->p != 1 && R->p != 0 && !isinf(R->p))
    for (int64_t o = 0; o < n; o++) a.f[o] = pow(a.f[o], 1 / R->p);
}

/* The rows walk over n kept positions along col from input offset off and
 * result index obase, with states a and means m (room for n); g: room for
 * four gathered rows when R->gather, else NULL. */
static void rows_band(const Reduce *R, Acc a, Acc m, char *g, int64_t off, int64_t obase,
                      int64_t n) {
  int c = R->col;
  /* sk: the input's col stride in bytes; sb: the rows' the kernels read
   * (contiguous once gathered: g, room for four rows) */
  ptrdiff_t es = (ptrdiff_t)R->in_es, sk = (ptrdiff_t)R->kst[c] * es, sb = g ? es : sk;
  /* values alone of max/min over contiguous rows: states of the input's
   * dtype (extremes_of), in the result itself when it has that dtype
   * and is contiguous along col (nothing to convert or copy: (16, 262144)
   * float32 amax(0) took 0.70 ms instead of 0.83, (3, 100000) 0.05 instead
   * of 0.12), else in a.f's memory; started as the first row */
  Extremes X = R->values_only && (R->op == OP_MAX || R->op == OP_MIN) &&
                       sb == (ptrdiff_t)R->in_es
                   ? extremes_of(R->in_dtype, R->op == OP_MAX)
                   : (Extremes){NULL, NULL, NULL, NULL, NULL};
  int native = X.row != NULL;
  int in_place = native && R->direct && R->values->storage->dtype == R->in_dtype &&
                 R->kost[c] == 1;
  char *xs = in_place ? th_tensor_bytes(R->values) + obase * es : (char *)a.f;
  /* sums made in the result itself when it has the class's dtype (float64,
   * int64) and is contiguous along col: no states to copy out */
  int sums_in_place = !native && R->direct && !R->indices && R->kost[c] == 1 &&
                      (R->op == OP_SUM || R->op == OP_MEAN || R->op == OP_PROD) &&
                      (R->cls == CLS_F || R->cls == CLS_I) &&
                      R->values->storage->dtype == class_dtype[R->cls];
  if (sums_in_place && R->cls == CLS_F) a.f = (double *)th_tensor_bytes(R->values) + obase;
  if (sums_in_place && R->cls == CLS_I) a.i = (int64_t *)th_tensor_bytes(R->values) + obase;
  int float_sums = float_sum_rows(R, sb);
  int int_sums = int_sum_rows(R, sb);
  /* a float32 sum or mean of up to three rows into a contiguous float32
   * result: one pass, each row added in turn as below (four rows would be
   * added as a tree) ((3, 100000) sum(0): 48 us through the states) */
  if (float_sums && R->f32 && R->direct && !g && R->nr == 1 && R->nred >= 1 && R->nred <= 3 &&
      R->kost[c] == 1 && R->values->storage->dtype == TH_FLOAT32 &&
      (R->finish == OP_SUM || R->finish == OP_MEAN)) {
    rows_into_f32((float *)th_tensor_bytes(R->values) + obase, (const float *)(R->data + off * es),
                  (ptrdiff_t)R->rst[0], R->nred, n, R->finish == OP_MEAN ? (double)R->nred : 0);
    return;
  }
  /* (sums written out directly start as their first rows: add_rows) */
  if (!native && !((float_sums || int_sums) && R->nred > 0 && R->direct)) {
    /* every state starts as the first, in the parts the op's class reads
     * (filling all four cost most of a one-row walk: sum(dim=0) of (1, n)) */
    state_init(R, a, 0);
    for (int64_t k = 1; k < n; k++) a.f[k] = a.f[0];
    if (R->cls == CLS_C)
      for (int64_t k = 1; k < n; k++) a.fi[k] = a.fi[0];
    if (R->cls != CLS_F && R->cls != CLS_C)
      for (int64_t k = 1; k < n; k++) a.i[k] = a.i[0];
    if (R->op == OP_MAX || R->op == OP_MIN)
      for (int64_t k = 1; k < n; k++) a.idx[k] = a.idx[0];
  }
  if (R->mean.f)
    for (int64_t k = 0; k < n; k++) {
      m.f[k] = mean_of(R, obase + k * R->kost[c], 0);
      m.fi[k] = mean_of(R, obase + k * R->kost[c], 1);
    }
  int64_t ridx[TH_MAX_DIMS] = {0}, roff = 0;
  /* sums of contiguous rows (float and integer): four rows at a time, when
   * the rows are long (four short rows side by side are four streams
   * through one page, which the prefetchers follow worse than one:
   * (64, 256, 256) float32 sum(1) ran 3x slower four at a time) */
  int four = (float_sums || int_sums) && R->ksz[c] * sb >= FOUR_ROWS_MIN_BYTES &&
             !(g && R->cls == CLS_F); /* (gathered float sums: a row at a time, in order) */
  const char *rows[4];
  /* sums of short rows: the innermost reduced dim's rows a call, in the
   * same order (the walk below calls a kernel a row) */
  int last = R->nr - 1;
  int64_t run = (float_sums || int_sums) && !four && !g && last >= 0 ? R->rsz[last] : 1;
  for (int64_t r = 0; run > 1 && r < R->nred; r += run) {
    add_run(R, a, R->data + (off + roff) * es, (ptrdiff_t)R->rst[last], run, n, r == 0);
    next_reduced(R, last, ridx, &roff);
  }
  for (int64_t r = 0; run == 1 && r < R->nred; r++) {
    const char *row = R->data + (off + roff) * es;
    if (g) { /* into the first states, or a slot no other row of its four has */
      char *to = native && r == 0 ? xs : g + (r & 3) * n * es;
      th_cast_loops[R->in_dtype][R->in_dtype](to, es, row, sk, n);
      row = to;
    }
    if (native && r == 0) {
      if (!g) memcpy(xs, row, (size_t)(n * es)); /* (what folding it into +-inf gives) */
    } else if (native) {
      /* four rows at a time, the last few one at a time (in order) */
      rows[(r - 1) & 3] = row;
      if (((r - 1) & 3) == 3)
        X.rows4(xs, rows[0], rows[1], rows[2], rows[3], n);
      else if (r == R->nred - 1)
        for (int64_t k = (r - 1) & ~(int64_t)3; k <= r - 1; k++) X.row(xs, rows[k & 3], n);
    } else if (!four) {
      fold_row(R, a, m, row, sb, n, r);
    } else if ((rows[r & 3] = row), (r & 3) == 3) {
      add_four(R, a, rows, n, r == 3);
    } else if (r == R->nred - 1) {
      /* the last rows, fewer than four: in one pass when evenly spaced */
      int64_t k0 = r & ~(int64_t)3;
      ptrdiff_t d = r > k0 ? rows[1] - rows[0] : 0;
      int even = d % es == 0;
      for (int64_t k = k0 + 1; k <= r; k++) even &= rows[k & 3] - rows[(k - 1) & 3] == d;
      if (even)
        add_run(R, a, rows[0], d / es, r - k0 + 1, n, k0 == 0);
      else
        for (int64_t k = k0; k <= r; k++) fold_row(R, a, m, rows[k & 3], sb, n, k);
    }
    next_reduced(R, R->nr, ridx, &roff);
  }
  if (native) { /* (max and min have nothing to finish) */
    if (in_place) return;
    THScalarType to = R->direct ? R->values->storage->dtype : class_dtype[R->cls];
    ptrdiff_t tes = (ptrdiff_t)THScalarType_elementSize(to);
    char *dst = R->direct            ? th_tensor_bytes(R->values) + obase * tes
                : R->cls == CLS_F ? (char *)(R->acc.f + obase)
                                  : (char *)(R->acc.i + obase);
    th_cast_loops[to][R->in_dtype](dst, tes * R->kost[c], xs, es, n);
    return;
  }
  if (R->direct) {
    finish(R, a, n, R->finish, R->correction);
    for (int w = sums_in_place; w < 2; w++) {
      THTensor *t = w ? R->indices : R->values;
      if (!t) continue;
      ptrdiff_t tes = (ptrdiff_t)THScalarType_elementSize(t->storage->dtype);
      write_states(R, a, n, th_tensor_bytes(t) + obase * tes, tes * R->kost[c],
                   t->storage->dtype, w);
    }
    return;
  }
  for (int64_t k = 0; k < n; k++) {
    int64_t o = obase + k * R->kost[c];
    R->acc.f[o] = a.f[k], R->acc.fi[o] = a.fi[k], R->acc.i[o] = a.i[k];
    R->acc.idx[o] = a.idx[k];
  }
}

/* Tasks of the rows walk: (other kept position, band of R->band columns).
 * A band's states live on the heap (a whole row of a matrix is then read in
 * one sweep), or on the stack in pieces of ROW if that allocation fails:
 * every column is computed the same way either way. */
static void rows_body(int64_t begin, int64_t end, void *ctx) {
  const Reduce *R = ctx;
  int c = R->col;
  int64_t width = R->band, nch = (R->ksz[c] + width - 1) / width, cap = ROW;
  double stack[10 * ROW], *mem = NULL;
  size_t parts = R->gather ? 10 : 6; /* (gathering: room for four input rows) */
  if (width > ROW && (mem = malloc(parts * sizeof(double) * (size_t)width))) cap = width;
  double *s = mem ? mem : stack;
  Acc a = {s, s + cap, (int64_t *)(s + 2 * cap), (int64_t *)(s + 3 * cap)};
  Acc m = {s + 4 * cap, s + 5 * cap, NULL, NULL};
  char *g = R->gather ? (char *)(s + 6 * cap) : NULL; /* four rows of up to 8 bytes */
  for (int64_t t = begin; t < end; t++) {
    int64_t obase, c0 = t % nch * width;
    int64_t n = R->ksz[c] - c0 < width ? R->ksz[c] - c0 : width;
    int64_t off = kept_offset(R, t / nch, c, &obase);
    for (int64_t k = c0; k < c0 + n; k += cap)
      rows_band(R, a, m, g, off + k * R->kst[c], obase + k * R->kost[c],
                c0 + n - k < cap ? c0 + n - k : cap);
  }
  free(mem);
}

/* Too little work to split across threads. */
static int small(const Reduce *R) {
  return R->nout * R->nred * (int64_t)R->in_es < TH_PARALLEL_MIN_BYTES;
}

static void parallel(const Reduce *R, int64_t n, void (*body)(int64_t, int64_t, void *),
                     void *ctx) {
  if (small(R))
    body(0, n, ctx);
  else
    th_parallel_for(n, 1, body, ctx);
}

static Acc acc_alloc(int64_t n) {
  Acc a;
  size_t bytes = sizeof(double) * (size_t)(n > 0 ? n : 1);
  a.f = th_malloc(4 * bytes);
  a.fi = a.f ? a.f + n : NULL;
  a.i = a.f ? (int64_t *)(a.f + 2 * n) : NULL;
  a.idx = a.f ? (int64_t *)(a.f + 3 * n) : NULL;
  return a;
}

/* Runs the op over the prepared geometry into R->acc. Returns 0, or -1
 * (MemoryError) when the partial states cannot be allocated. */
static int run(Reduce *R, const char *fn) {
  if (R->col >= 0) {
    /* bands as wide as the row up to BAND columns. Not narrower to feed
     * more threads: two threads each reading half of every row ran slower
     * than one reading whole rows (4096^2 float32, sum(0): 4.4 vs 3.2 ms) */
    int64_t width = R->ksz[R->col], outer = R->nout / width;
    if (width > BAND) width = BAND;
    /* gathered rows: a band's input in half of L1, which each of its rows
     * reads again ((100000, 16) float64 argmax(1): 2.2 -> 1.4 ms) */
    if (R->gather) {
      int64_t fit = th_l1d_bytes() / 2 / (R->kst[R->col] * (int64_t)R->in_es);
      if (width > fit) width = fit < 64 ? 64 : fit;
    }
    R->band = width;
    parallel(R, outer * ((R->ksz[R->col] + width - 1) / width), rows_body, R);
  } else if (R->nout == 1 && R->nr == 1 && R->rsz[0] > BLOCK) {
    int64_t nb = (R->rsz[0] + BLOCK - 1) / BLOCK;
    Blocks B = {R, acc_alloc(nb)};
    if (!B.part.f) {
      TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate %lld partial states", (long long)nb);
      return -1;
    }
    parallel(R, nb, blocks_body, &B);
    state_init(R, R->acc, 0);
    for (int64_t k = 0; k < nb; k++) combine(R, R->acc, 0, B.part, k);
    th_free(B.part.f);
  } else {
    parallel(R, R->nout, runs_body, R);
  }
  return 0;
}

/* ------------------------------------------------------------ geometry */

/* Reduced mask of input's dims from dims[0..nDims) (NULL: all). */
static int parse_dims(const THTensor *input, int nDims, const int *dims, int *mask,
                      const char *fn) {
  int nd = input->nDimension;
  for (int d = 0; d < nd; d++) mask[d] = dims == NULL;
  if (!dims) return 0;
  if (nDims < 0 || nDims > TH_MAX_DIMS) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "expected 0 to %d dims, got %d", TH_MAX_DIMS, nDims);
    return -1;
  }
  int seen[TH_MAX_DIMS] = {0};
  for (int i = 0; i < nDims; i++) {
    int d = th_wrap_dim_scalar(dims[i], nd, "dim", fn);
    if (d < 0) return -1;
    if (seen[d]++) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "dim %d appears multiple times in the list of dims", d);
      return -1;
    }
    if (nd > 0) mask[d] = 1;
  }
  return 0;
}

/* Fills R's kept and reduced dims from a geometry and its mask. */
static void split_dims(Reduce *R, int nd, const int64_t *size, const int64_t *stride,
                       const int *mask) {
  R->nk = R->nr = 0;
  R->nout = R->nred = 1;
  for (int d = 0; d < nd; d++) {
    if (mask[d]) R->nred *= size[d];
    else R->nout *= size[d];
    if (size[d] == 1 || mask[d]) continue;
    if (R->nk > 0 && R->kst[R->nk - 1] == stride[d] * size[d]) { /* merges with the last */
      R->ksz[R->nk - 1] *= size[d];
      R->kst[R->nk - 1] = stride[d];
    } else {
      R->ksz[R->nk] = size[d], R->kst[R->nk] = stride[d], R->nk++;
    }
  }
  int64_t s = 1;
  for (int d = R->nk - 1; d >= 0; d--) R->kost[d] = s, s *= R->ksz[d];
  /* reduced dims: by decreasing stride (stable), merged where contiguous */
  int order[TH_MAX_DIMS], n = 0;
  for (int d = 0; d < nd; d++) {
    if (!mask[d] || size[d] == 1) continue;
    int i = n++;
    while (i > 0 && stride[order[i - 1]] < stride[d]) order[i] = order[i - 1], i--;
    order[i] = d;
  }
  for (int i = 0; i < n; i++) {
    int d = order[i];
    if (R->nr > 0 && R->rst[R->nr - 1] == stride[d] * size[d]) {
      R->rsz[R->nr - 1] *= size[d];
      R->rst[R->nr - 1] = stride[d];
    } else {
      R->rsz[R->nr] = size[d], R->rst[R->nr] = stride[d], R->nr++;
    }
  }
  if (R->nr == 0 || R->nred == 0) /* one element per result, or none */
    R->rsz[0] = R->nred, R->rst[0] = 0, R->nr = 1;
  /* the rows walk: a kept dim of some width that is walked faster than any
   * reduced dim; or any kept dim when each result has one element or none
   * (sum(dim=0) of a (1, n) matrix: one row, not n runs of one element) */
  R->col = -1;
  for (int d = 0; d < R->nk; d++)
    if (R->ksz[d] >= 8 && (R->col < 0 || R->kst[d] < R->kst[R->col])) R->col = d;
  /* unless the results' runs are short and the rows walk gives their bits
   * (max/min, integer classes, float sums added in order below): then each
   * of their few rows is gathered from the strided col into contiguous
   * memory for the row kernels ((100000, 10) float32 argmax(1): 4.5 ms a
   * run at a time, 1.2 ms) */
  R->gather = 0;
  if (R->col >= 0 && R->nred > 1 && R->kst[R->col] >= R->rst[R->nr - 1]) {
    int exact = R->op == OP_MAX || R->op == OP_MIN || R->cls == CLS_I || R->cls == CLS_U ||
                R->cls == CLS_B;
    /* float sums of fewer than 16 elements, which both walks add in order
     * (a run's pairwise leaf; gathered rows one at a time, rows_band), but
     * float32's, whose runs have lanes ((100000, 3) float16 sum(1): 3.2 ms
     * a run at a time) */
    int in_order = (R->op == OP_SUM || R->op == OP_MEAN) && R->cls == CLS_F && !R->f32 &&
                   R->nred < 16;
    if ((exact || in_order) && R->nr == 1 && R->nred <= SHORT_RUN && R->in_es <= 8)
      R->gather = 1;
    else R->col = -1;
  }
}

/* ------------------------------------------------------------- dtypes */

static const char *const op_name[] = {"sum", "prod", "mean", "max", "min", "all", "any",
                                      "norm", "var", "std"};

/* torch's name of the function the caller called: fn without "THTensor_"
 * and "new" (THTensor_newArgmax: "argmax"), since one op serves max, amax
 * and argmax; op's name for another caller. */
static const char *torch_name(const char *fn, int op, char *buf, size_t n) {
  static const char prefix[] = "THTensor_";
  if (!fn || strncmp(fn, prefix, sizeof prefix - 1) != 0) return op_name[op];
  const char *name = fn + sizeof prefix - 1;
  int is_new = strncmp(name, "new", 3) == 0 && name[3] >= 'A' && name[3] <= 'Z';
  snprintf(buf, n, "%s", is_new ? name + 3 : name);
  if (is_new) buf[0] = (char)(buf[0] - 'A' + 'a');
  return buf;
}

/* torch's result dtype of op over in. */
static THScalarType default_dtype(int op, THScalarType in) {
  switch (op) {
    case OP_SUM:
    case OP_PROD: return th_is_integral(in) ? TH_INT64 : in;
    case OP_ALL:
    case OP_ANY: return in == TH_UINT8 ? TH_UINT8 : TH_BOOL;
    case OP_NORM:
    case OP_VAR:
    case OP_STD: return th_real_of(in);
    default: return in;
  }
}

/* The accumulator class of op from in into out, or -1 (RuntimeError). */
static int op_class(int op, THScalarType in, THScalarType out, const char *fn) {
  THScalarType both = in;
  switch (op) {
    case OP_SUM:
    case OP_PROD:
    case OP_MEAN:
      if (THScalarType_promote(in, out, &both)) return -1;
      if (THScalarType_isComplex(both)) return CLS_C;
      /* integers in and out wrap in int64, as torch (numpy promotes uint64
       * with int64 to float64, which would round and then overflow) */
      if (THScalarType_isFloatingPoint(both) &&
          (THScalarType_isFloatingPoint(in) || THScalarType_isFloatingPoint(out)))
        return CLS_F;
      if (op != OP_MEAN) return CLS_I;
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "mean(): could not infer output dtype. Input dtype must "
                "be either a floating point or complex dtype. Got: %s (give a floating "
                "result dtype)", THScalarType_name(in));
      return -1;
    case OP_MAX:
    case OP_MIN:
      if (THScalarType_isComplex(in)) {
        TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "%s is not defined for complex tensors (%s)",
                  op_name[op], THScalarType_name(in));
        return -1;
      }
      return THScalarType_isFloatingPoint(in) ? CLS_F : in == TH_UINT64 ? CLS_U : CLS_I;
    case OP_ALL:
    case OP_ANY: return CLS_B;
    default:
      if (THScalarType_isComplex(in)) return CLS_C;
      if (THScalarType_isFloatingPoint(in)) return CLS_F;
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s(): expected a floating point or complex tensor "
                "as input, got %s", op_name[op], THScalarType_name(in));
      return -1;
  }
}

/* The states into the result t (borrowed): resized in place unless it has
 * the reduced shape, then written as they are converted, or through a
 * contiguous temporary when it is not contiguous. The input is read by now,
 * so t may share memory with it. */
static int write_into(const Reduce *R, THTensor *t, int indices, int on, const int64_t *osz,
                      const char *fn) {
  if (!th_has_shape(t, on, osz) && THTensor_resizeNd(t, on, osz, NULL)) return -1;
  if (R->nout == 0) return 0;
  if (THTensor_isContiguous(t)) {
    write_all_states(R, t, indices);
    return 0;
  }
  THTensor *tmp = th_tensor_new_with_size(t->storage->dtype, on, osz, NULL, fn);
  if (!tmp) return -1;
  write_all_states(R, tmp, indices);
  int rc = THTensor_copy(t, tmp);
  THTensor_free(tmp);
  return rc;
}

/* Whether the rows walk may write straight into the result t (NULL: none
 * given): contiguous, of the reduced shape and apart from the input src. A
 * t still to be resized is resized now (every check has passed), unless it
 * is on src's storage, which growing it could move. -1: that resize failed. */
static int direct_target(THTensor *t, const THTensor *src, int on, const int64_t *osz) {
  if (!t) return 1;
  if (!th_has_shape(t, on, osz)) {
    if (t->storage == src->storage) return 0;
    if (THTensor_resizeNd(t, on, osz, NULL)) return -1;
  }
  return THTensor_isContiguous(t) && (th_tensor_numel(src) == 0 || !th_tensors_meet(t, src));
}

/* The reduction's values (of dtype out) and indices (int64). values and
 * indices may each be NULL (not wanted) or point to a result: NULL asks for
 * a new contiguous tensor, set on success; a tensor is written into (see
 * write_into) once every check has passed. flat: max/min/arg over all dims
 * read the flattened tensor, so indices count in it. */
static int reduce(THTensor *input, int op, double p, double correction, int nDims,
                  const int *dims, int keepdim, THScalarType out, THTensor **values,
                  THTensor **indices, const char *fn) {
  TH_CHECK_TENSOR_AS(input, fn, -1);
  int mask[TH_MAX_DIMS], nd = input->nDimension;
  if (parse_dims(input, nDims, dims, mask, fn)) return -1;
  Reduce R = {.op = op, .p = p, .in_dtype = input->storage->dtype};
  const int64_t *size = th_sizes(input);
  int64_t osz[TH_MAX_DIMS];
  int on = 0;
  for (int d = 0; d < nd; d++) {
    if (!mask[d]) osz[on++] = size[d];
    else if (keepdim) osz[on++] = 1;
    if ((op == OP_MAX || op == OP_MIN) && mask[d] && size[d] == 0) {
      char name[32];
      if (dims)
        TH_ERR_FN(TH_ERROR_INDEX, fn, "%s(): Expected reduction dim %d to have non-zero size.",
                  torch_name(fn, op, name, sizeof name), d);
      else /* torch: an IndexError from argmax/argmin (no values), else a RuntimeError */
        TH_ERR_FN(values ? TH_ERROR_RUNTIME : TH_ERROR_INDEX, fn,
                  "%s(): Expected reduction dim to be specified for "
                  "input.numel() == 0. Specify the reduction dim with the 'dim' argument.",
                  torch_name(fn, op, name, sizeof name));
      return -1;
    }
    /* the max of |x| (inf), the min (-inf) and a negative power's sum of
     * infinities have no value over nothing: torch refuses them too */
    if (op == OP_NORM && (p < 0 || p == INFINITY) && mask[d] && size[d] == 0) {
      if (dims)
        TH_ERR_FN(TH_ERROR_RUNTIME, fn, "norm(): cannot compute the %g norm on the dimension %d "
                  "because this dimension is empty and the operation does not have an "
                  "identity", p, d);
      else
        TH_ERR_FN(TH_ERROR_RUNTIME, fn, "norm(): cannot compute the %g norm on an empty tensor "
                  "because the operation does not have an identity", p);
      return -1;
    }
  }
  /* the dtype after the empty dims, as torch checks them */
  R.cls = op_class(op, R.in_dtype, out, fn);
  if (R.cls < 0) return -1;
  R.in_es = THScalarType_elementSize(R.in_dtype);
  R.cls_es = THScalarType_elementSize(class_dtype[R.cls]);
  R.f32 = R.in_dtype == TH_FLOAT32 && R.cls == CLS_F;
  THTensor *into_v = values ? *values : NULL, *into_ix = indices ? *indices : NULL;
  if ((into_v && th_storage_check_not_readonly(into_v->storage, "the result", fn)) ||
      (into_ix && th_storage_check_not_readonly(into_ix->storage, "indices", fn)))
    return -1;
  if ((into_v && th_has_shape(into_v, on, osz) && th_check_writable(into_v, "the result", fn)) ||
      (into_ix && th_has_shape(into_ix, on, osz) && th_check_writable(into_ix, "indices", fn)))
    return -1;
  /* max/min over all dims: the flattened tensor, so an index counts in it */
  THTensor *src = input;
  int flatten = (op == OP_MAX || op == OP_MIN) && !dims && nd > 1;
  if (flatten) {
    src = THTensor_newContiguous(input);
    if (!src) return -1;
  } else {
    THTensor_retain(src);
  }
  int64_t flat = THTensor_nElement(src), one = 1;
  if (flatten)
    split_dims(&R, 1, &flat, &one, (int[]){1});
  else
    split_dims(&R, nd, size, th_strides(input), mask);
  R.data = th_tensor_bytes(src);
  THTensor *v = NULL, *ix = NULL;
  Acc spare = {NULL, NULL, NULL, NULL}; /* var: the second pass's states */
  if (values && !into_v && !(v = th_tensor_new_with_size(out, on, osz, NULL, fn))) goto fail;
  if (indices && !into_ix && !(ix = th_tensor_new_with_size(TH_INT64, on, osz, NULL, fn)))
    goto fail;
  /* The rows walk writes each band into the results as it goes when it may
   * (direct_target), keeping no state per result (var: but the means of its
   * first pass) */
  int direct = R.col >= 0 && R.nout > 0, spread = op == OP_VAR || op == OP_STD;
  if (direct) {
    int dv = direct_target(into_v, src, on, osz);
    int dix = dv < 0 ? -1 : direct_target(into_ix, src, on, osz);
    if (dv < 0 || dix < 0) goto fail;
    direct = dv && dix;
  }
  if (!direct || spread) R.acc = acc_alloc(R.nout);
  if (spread && !direct) spare = acc_alloc(R.nout);
  if (((!direct || spread) && !R.acc.f) || (spread && !direct && !spare.f)) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate %lld result states", (long long)R.nout);
    goto fail;
  }
  R.values = values ? (into_v ? into_v : v) : NULL;
  R.indices = indices ? (into_ix ? into_ix : ix) : NULL;
  R.finish = op, R.correction = correction, R.values_only = !indices;
  if (R.nout > 0) {
    if (spread) { /* two passes: the means, then the deviations */
      R.op = OP_MEAN;
      if (run(&R, fn)) goto fail;
      finish(&R, R.acc, R.nout, OP_MEAN, 0);
      R.mean = R.acc, R.acc = spare;
      spare = (Acc){NULL, NULL, NULL, NULL};
      R.op = OP_SQDEV;
    }
    R.direct = direct;
    if (run(&R, fn)) goto fail;
    if (!direct) {
      finish(&R, R.acc, R.nout, op, correction);
      if (v) write_all_states(&R, v, 0);
      if (ix) write_all_states(&R, ix, 1);
    }
  }
  if (!direct && ((into_v && write_into(&R, into_v, 0, on, osz, fn)) ||
                  (into_ix && write_into(&R, into_ix, 1, on, osz, fn))))
    goto fail;
  th_free(R.acc.f);
  th_free(R.mean.f);
  th_free(spare.f); /* still ours when there was nothing to reduce */
  THTensor_free(src);
  if (values && !into_v) *values = v;
  if (indices && !into_ix) *indices = ix;
  return 0;
fail:
  th_free(R.acc.f);
  th_free(R.mean.f);
  th_free(spare.f);
  THTensor_free(src);
  THTensor_free(v);
  THTensor_free(ix);
  return -1;
}

static int check_result(THTensor *result, const char *fn) {
  if (!result) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "result is NULL");
    return -1;
  }
  TH_CHECK_TENSOR_AS(result, fn, -1);
  return 0;
}

static THTensor *new_values(THTensor *input, int op, double p, double correction, int nDims,
                            const int *dims, int keepdim, const char *fn) {
  TH_CHECK_TENSOR_AS(input, fn, NULL);
  THTensor *v = NULL;
  if (reduce(input, op, p, correction, nDims, dims, keepdim,
             default_dtype(op, input->storage->dtype), &v, NULL, fn))
    return NULL;
  return v;
}

static int values_into(THTensor *result, THTensor *input, int op, double p, double correction,
                       int nDims, const int *dims, int keepdim, const char *fn) {
  if (check_result(result, fn)) return -1;
  return reduce(input, op, p, correction, nDims, dims, keepdim, result->storage->dtype, &result,
                NULL, fn);
}

static THTensor *new_indices(THTensor *input, int op, const int *dim, int keepdim,
                             const char *fn) {
  TH_CHECK_TENSOR_AS(input, fn, NULL);
  THTensor *ix = NULL;
  if (reduce(input, op, 0, 0, dim ? 1 : 0, dim, keepdim, input->storage->dtype, NULL, &ix, fn))
    return NULL;
  return ix;
}

static int indices_into(THTensor *result, THTensor *input, int op, const int *dim,
                        int keepdim, const char *fn) {
  if (check_result(result, fn)) return -1;
  return reduce(input, op, 0, 0, dim ? 1 : 0, dim, keepdim, input->storage->dtype, NULL, &result,
                fn);
}

static int pair_into(THTensor *values, THTensor *indices, THTensor *input, int op,
                     const int *dim, int keepdim, const char *fn) {
  if (check_result(values, fn) || check_result(indices, fn)) return -1;
  if (values == indices) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "values and indices must be two different tensors");
    return -1;
  }
  return reduce(input, op, 0, 0, dim ? 1 : 0, dim, keepdim, values->storage->dtype, &values,
                &indices, fn);
}

/* ----------------------------------------------------------- public API */

#define VALUES_REDUCTION(NAME, NEW, OP)                                                  \
  int THTensor_##NAME(THTensor *result, THTensor *input, int nDims, const int *dims,     \
                      int keepdim) {                                                     \
    return values_into(result, input, OP, 0, 0, nDims, dims, keepdim, __func__);         \
  }                                                                                      \
  THTensor *THTensor_##NEW(THTensor *input, int nDims, const int *dims, int keepdim) {   \
    return new_values(input, OP, 0, 0, nDims, dims, keepdim, __func__);                  \
  }
VALUES_REDUCTION(sum, newSum, OP_SUM)
VALUES_REDUCTION(prod, newProd, OP_PROD)
VALUES_REDUCTION(mean, newMean, OP_MEAN)
VALUES_REDUCTION(amax, newAmax, OP_MAX)
VALUES_REDUCTION(amin, newAmin, OP_MIN)
VALUES_REDUCTION(all, newAll, OP_ALL)
VALUES_REDUCTION(any, newAny, OP_ANY)

int THTensor_norm(THTensor *result, THTensor *input, double p, int nDims, const int *dims,
                  int keepdim) {
  return values_into(result, input, OP_NORM, p, 0, nDims, dims, keepdim, __func__);
}
THTensor *THTensor_newNorm(THTensor *input, double p, int nDims, const int *dims,
                           int keepdim) {
  return new_values(input, OP_NORM, p, 0, nDims, dims, keepdim, __func__);
}
/* var and std: the same two passes, std's root at the end */
#define SPREAD_REDUCTION(NAME, NEW, OP)                                                  \
  int THTensor_##NAME(THTensor *result, THTensor *input, int nDims, const int *dims,     \
                      double correction, int keepdim) {                                  \
    return values_into(result, input, OP, 0, correction, nDims, dims, keepdim, __func__); \
  }                                                                                      \
  THTensor *THTensor_##NEW(THTensor *input, int nDims, const int *dims,                  \
                           double correction, int keepdim) {                             \
    return new_values(input, OP, 0, correction, nDims, dims, keepdim, __func__);         \
  }
SPREAD_REDUCTION(var, newVar, OP_VAR)
SPREAD_REDUCTION(std, newStd, OP_STD)

int THTensor_argmax(THTensor *result, THTensor *input, const int *dim, int keepdim) {
  return indices_into(result, input, OP_MAX, dim, keepdim, __func__);
}
int THTensor_argmin(THTensor *result, THTensor *input, const int *dim, int keepdim) {
  return indices_into(result, input, OP_MIN, dim, keepdim, __func__);
}
THTensor *THTensor_newArgmax(THTensor *input, const int *dim, int keepdim) {
  return new_indices(input, OP_MAX, dim, keepdim, __func__);
}
THTensor *THTensor_newArgmin(THTensor *input, const int *dim, int keepdim) {
  return new_indices(input, OP_MIN, dim, keepdim, __func__);
}
int THTensor_max(THTensor *values, THTensor *indices, THTensor *input, const int *dim,
                 int keepdim) {
  return pair_into(values, indices, input, OP_MAX, dim, keepdim, __func__);
}
int THTensor_min(THTensor *values, THTensor *indices, THTensor *input, const int *dim,
                 int keepdim) {
  return pair_into(values, indices, input, OP_MIN, dim, keepdim, __func__);
}
