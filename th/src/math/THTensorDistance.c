/* Distance matrices (THTensorFactories.h): the p-norm distances between the
 * rows of two matrices (torch.cdist's differences) and between the pairs of
 * one matrix's rows (torch.pdist).
 *
 * Each row of x1 is taken against all the rows it meets at once: the other
 * matrix is copied once, transposed, into float64 columns, so that each of
 * the M coordinates adds |x1[i, k] - x2[j, k]|^p into R accumulators, one
 * per j, in a loop that vectorises over j (a row at a time would reduce M
 * values per pair, a chain of dependent adds). Differences and sums are
 * float64 for either input dtype, rounded once into the result. */
#include <math.h>
#include <stdlib.h>

#ifdef TH_LIBMVEC /* gcc vectorises pow through glibc's libmvec (THExprKernels.c) */
double(pow)(double, double) __attribute__((simd("notinbranch")));
#endif

#include "TH/THTensorFactories.h"
#include "core/THCpuImpl.h"
#include "core/THMemoryImpl.h"
#include "core/THParallelImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"

enum { P_ZERO, P_ONE, P_TWO, P_INF, P_OTHER };

typedef struct Distances {
  const char *a;              /* x1 (P x M), of float32 or float64 */
  int64_t P, R, M;
  int64_t as0, as1;           /* x1's strides, in elements */
  double *bt;                 /* x2 transposed: M rows of R float64 */
  char *r;                    /* the result's first element */
  int64_t rs0, rs1;           /* cdist: (i, j) at rs0 i + rs1 j; pdist: rs0 between pairs */
  int f32, kind, pairs;       /* pairs: pdist (j > i only, written in row-major pair order) */
  double p;
} Distances;

/* acc[j] (j < n) += the sum over q < 4 of |x[q] - col[q][j]|^p, or max=
 * for p = inf (a NaN wins): four coordinates a pass, so that the
 * accumulators are loaded and stored a quarter as often. q >= w: no column
 * (x2 has fewer coordinates left), read as a zero difference. */
#define TERMS(EXPR)                                                                  \
  for (int64_t j = 0; j < n; j++) {                                                  \
    double d0 = x[0] - c0[j], d1 = x[1] - c1[j], d2 = x[2] - c2[j], d3 = x[3] - c3[j]; \
    acc[j] += (EXPR(d0) + EXPR(d1)) + (EXPR(d2) + EXPR(d3));                          \
  }
#define NONZERO(d) (double)((d) != 0)
#define SQUARE(d) ((d) * (d))
#define POWER(d) pow(fabs(d), p)
#define LARGER(a, b) ((b) > (a) || (b) != (b) ? (b) : (a))
TH_CLONES_AVX512 static void accumulate4(double *restrict acc, const double *restrict c0,
                                         const double *restrict c1, const double *restrict c2,
                                         const double *restrict c3, const double *x, int64_t n,
                                         int kind, double p) {
  switch (kind) {
    case P_ZERO: TERMS(NONZERO) break;
    case P_ONE: TERMS(fabs) break;
    case P_TWO: TERMS(SQUARE) break;
    case P_INF:
      for (int64_t j = 0; j < n; j++) {
        double d0 = fabs(x[0] - c0[j]), d1 = fabs(x[1] - c1[j]);
        double d2 = fabs(x[2] - c2[j]), d3 = fabs(x[3] - c3[j]);
        acc[j] = LARGER(acc[j], LARGER(LARGER(d0, d1), LARGER(d2, d3)));
      }
      break;
    default: TERMS(POWER)
  }
}

#define JBLOCK 512 /* accumulators on the stack: x2's rows a block at a time */
/* a column past the last coordinate (x2's columns are read JBLOCK at a time) */
static const double zero_column[JBLOCK];

/* The sums into distances: roots for p = 2 and other p, in vectors. */
TH_CLONES_AVX512 static void finish(double *restrict acc, int64_t n, int kind, double p) {
  if (kind == P_TWO)
    for (int64_t j = 0; j < n; j++) acc[j] = sqrt(acc[j]);
  else if (kind == P_OTHER)
    for (int64_t j = 0; j < n; j++) acc[j] = pow(acc[j], 1 / p);
}

static double element(const Distances *D, const char *base, int64_t k) {
  return D->f32 ? (double)((const float *)base)[k] : ((const double *)base)[k];
}


/* Rows [begin, end) of x1 against x2's rows (those after it, for pairs). */
static void rows_body(int64_t begin, int64_t end, void *ctx) {
  const Distances *D = ctx;
  double acc[JBLOCK];
  size_t es = D->f32 ? 4 : 8;
  for (int64_t i = begin; i < end; i++) {
    const char *row = D->a + (size_t)(i * D->as0) * es;
    /* pdist's row i starts at pair i N - i (i + 1) / 2 */
    int64_t at = D->pairs ? (i * D->R - i * (i + 1) / 2) * D->rs0 : i * D->rs0;
    int64_t step = D->pairs ? D->rs0 : D->rs1, first = D->pairs ? i + 1 : 0;
    for (int64_t j0 = first; j0 < D->R; j0 += JBLOCK) {
      int64_t n = D->R - j0 < JBLOCK ? D->R - j0 : JBLOCK;
      for (int64_t j = 0; j < n; j++) acc[j] = 0;
      for (int64_t k = 0; k < D->M; k += 4) {
        /* the last pass's missing coordinates: x2's column of zeros against 0 */
        double x[4] = {0, 0, 0, 0};
        const double *c[4];
        for (int q = 0; q < 4; q++) {
          int has = k + q < D->M;
          x[q] = has ? element(D, row, (k + q) * D->as1) : 0;
          c[q] = has ? D->bt + (k + q) * D->R + j0 : zero_column;
        }
        accumulate4(acc, c[0], c[1], c[2], c[3], x, n, D->kind, D->p);
      }
      finish(acc, n, D->kind, D->p);
      int64_t o = at + (j0 - first) * step;
      if (D->f32)
        for (int64_t j = 0; j < n; j++) ((float *)D->r)[o + j * step] = (float)acc[j];
      else
        for (int64_t j = 0; j < n; j++) ((double *)D->r)[o + j * step] = acc[j];
    }
  }
}

static int kind_of(double p) {
  return p == 0 ? P_ZERO : p == 1 ? P_ONE : p == 2 ? P_TWO : isinf(p) ? P_INF : P_OTHER;
}

/* result resized to n values (pdist: one dim) or n x m, of x's dtype,
 * writable and apart from the inputs */
static int prepare_result(THTensor *result, THTensor *x1, THTensor *x2, int nd,
                          const int64_t *size, const char *fn) {
  THRequire(result, -1, TH_ERROR_VALUE, "%s: result is NULL", fn);
  TH_CHECK_TENSOR_AS(result, fn, -1);
  THRequire(result->storage->dtype == x1->storage->dtype, -1, TH_ERROR_VALUE,
             "%s: result is %s, the input %s", fn, THScalarType_name(result->storage->dtype),
             THScalarType_name(x1->storage->dtype));
  if (th_check_result_strides(result, nd, size, fn) ||
      (!th_has_shape(result, nd, size) && THTensor_resizeNd(result, nd, size, NULL)))
    return -1;
  if (THTensor_nElement(result) == 0) return 0;
  THRequire(!th_tensors_meet(result, x1) && !th_tensors_meet(result, x2), -1, TH_ERROR_VALUE,
             "%s: result overlaps an input", fn);
  return th_check_writable(result, "the result", fn);
}

/* x2 transposed into float64 columns (before the result is touched: a
 * failing allocation leaves it as it was). */
static int columns(Distances *D, THTensor *x2, const char *fn) {
  D->bt = th_malloc(sizeof(double) * (size_t)(D->M * D->R > 0 ? D->M * D->R : 1));
  if (!D->bt) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate %lld float64 columns",
              (long long)(D->M * D->R));
    return -1;
  }
  int64_t bs0 = th_strides(x2)[0], bs1 = th_strides(x2)[1];
  const char *b = th_tensor_bytes(x2);
  for (int64_t j = 0; j < D->R; j++)
    for (int64_t k = 0; k < D->M; k++)
      D->bt[k * D->R + j] = D->f32 ? (double)((const float *)b)[j * bs0 + k * bs1]
                                   : ((const double *)b)[j * bs0 + k * bs1];
  return 0;
}

/* The rows of x1 against the columns into result (resized to nd dims of
 * size), split across threads when the work is large; frees the columns. */
static int run(Distances *D, THTensor *result, THTensor *x1, THTensor *x2, int nd,
               const int64_t *size, const char *fn) {
  int rc = prepare_result(result, x1, x2, nd, size, fn);
  if (rc == 0 && THTensor_nElement(result) > 0) {
    D->r = th_tensor_bytes(result);
    D->rs0 = th_strides(result)[0];
    D->rs1 = nd > 1 ? th_strides(result)[1] : 0;
    if (D->P * D->R * D->M * 8 < TH_PARALLEL_MIN_BYTES)
      rows_body(0, D->P, D);
    else
      th_parallel_for(D->P, 1, rows_body, D);
  }
  th_free(D->bt);
  return rc;
}

/* The checks both share: a floating matrix of float32 or float64. */
static int check_input(THTensor *x, const char *name, const char *fn) {
  THRequire(x, -1, TH_ERROR_VALUE, "%s: %s is NULL", fn, name);
  TH_CHECK_TENSOR_AS(x, fn, -1);
  THRequire(x->nDimension == 2, -1, TH_ERROR_VALUE, "%s: %s must be 2-D, got %d-D", fn, name,
             x->nDimension);
  THScalarType t = x->storage->dtype;
  THRequire(t == TH_FLOAT32 || t == TH_FLOAT64, -1, TH_ERROR_UNSUPPORTED,
             "%s: %s of %s is not supported (float32 or float64)", fn, name,
             THScalarType_name(t));
  return 0;
}

int THTensor_cdist(THTensor *result, THTensor *x1, THTensor *x2, double p) {
  if (check_input(x1, "x1", __func__) || check_input(x2, "x2", __func__)) return -1;
  THRequire(x1->storage->dtype == x2->storage->dtype, -1, TH_ERROR_VALUE,
             "%s: x1 is %s, x2 %s", __func__, THScalarType_name(x1->storage->dtype),
             THScalarType_name(x2->storage->dtype));
  THRequire(th_sizes(x1)[1] == th_sizes(x2)[1], -1, TH_ERROR_VALUE,
             "%s: x1 and x2 must have the same number of columns, %lld and %lld", __func__,
             (long long)th_sizes(x1)[1], (long long)th_sizes(x2)[1]);
  THRequire(p >= 0, -1, TH_ERROR_VALUE, "%s: p must be non-negative, got %g", __func__, p);
  int64_t size[2] = {th_sizes(x1)[0], th_sizes(x2)[0]};
  Distances D = {.a = th_tensor_bytes(x1), .P = size[0], .R = size[1], .M = th_sizes(x1)[1],
                 .as0 = th_strides(x1)[0], .as1 = th_strides(x1)[1],
                 .f32 = x1->storage->dtype == TH_FLOAT32, .kind = kind_of(p), .pairs = 0,
                 .p = p};
  if (columns(&D, x2, __func__)) return -1;
  return run(&D, result, x1, x2, 2, size, __func__);
}

int THTensor_pdist(THTensor *result, THTensor *input, double p) {
  if (check_input(input, "input", __func__)) return -1;
  THRequire(p >= 0, -1, TH_ERROR_VALUE, "%s: p must be non-negative, got %g", __func__, p);
  int64_t n = th_sizes(input)[0], size[1] = {n > 1 ? n * (n - 1) / 2 : 0};
  Distances D = {.a = th_tensor_bytes(input), .P = n, .R = n, .M = th_sizes(input)[1],
                 .as0 = th_strides(input)[0], .as1 = th_strides(input)[1],
                 .f32 = input->storage->dtype == TH_FLOAT32, .kind = kind_of(p), .pairs = 1,
                 .p = p};
  if (columns(&D, input, __func__)) return -1;
  return run(&D, result, input, input, 1, size, __func__);
}
