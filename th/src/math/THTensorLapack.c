/* LAPACK's LU and Cholesky families and triangular solves (THTensorLapack.h)
 * over scipy-openblas32: getrf, getrs, gesv, getri, det/slogdet, potrf,
 * potrs, potri, trtrs. Each call runs its whole batch in one C loop over
 * column-major matrices: the result tensors themselves when they take that
 * layout (as torch lays out these results), else scratch copied out. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <cblas.h> /* trsm */

#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "TH/THTensorLapack.h"
#include "math/THLapackImpl.h"

/* LAPACK's routine NAME for dtype t: s, d, c or z. */
#define LAPACK4(t, NAME, ...)                                      \
  do {                                                             \
    switch (t) {                                                   \
      case TH_FLOAT32: LAPACK_s##NAME(__VA_ARGS__); break;         \
      case TH_FLOAT64: LAPACK_d##NAME(__VA_ARGS__); break;         \
      case TH_COMPLEX64: LAPACK_c##NAME(__VA_ARGS__); break;       \
      default: LAPACK_z##NAME(__VA_ARGS__);                        \
    }                                                              \
  } while (0)

/* The same for a routine with character arguments: lapack.h's
 * scipy_LAPACK_ form passes Fortran's hidden string lengths. */
#define LAPACK4C(t, NAME, ...)                                     \
  do {                                                             \
    switch (t) {                                                   \
      case TH_FLOAT32: scipy_LAPACK_s##NAME(__VA_ARGS__); break;   \
      case TH_FLOAT64: scipy_LAPACK_d##NAME(__VA_ARGS__); break;   \
      case TH_COMPLEX64: scipy_LAPACK_c##NAME(__VA_ARGS__); break; \
      default: scipy_LAPACK_z##NAME(__VA_ARGS__);                  \
    }                                                              \
  } while (0)

#define SIZE(t, d) th_sizes(t)[(t)->nDimension - (d)]

static int imax1(int64_t v) { return v > 1 ? (int)v : 1; }

static int check_present(const THTensor *t, const char *name, const char *fn) {
  if (t) return 0;
  TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", name);
  return -1;
}

static int check_same_dtype(const THTensor *a, const char *an, const THTensor *b,
                            const char *bn, const char *fn) {
  if (a->storage->dtype == b->storage->dtype) return 0;
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "Expected %s and %s to have the same dtype, but found %s of "
            "type %s and %s of type %s instead", an, bn, an,
            THScalarType_name(a->storage->dtype), bn, THScalarType_name(b->storage->dtype));
  return -1;
}

/* b's rows against an n x n A in A X = B. */
static int check_rows(const THTensor *b, int64_t n, const char *fn) {
  if (SIZE(b, 2) == n) return 0;
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "Incompatible shapes of A and B for the equation AX = B "
            "(%lldx%lld and %lldx%lld)", (long long)n, (long long)n, (long long)SIZE(b, 2),
            (long long)SIZE(b, 1));
  return -1;
}

/* pivots: int32, a's batch shape, then count pivots. */
static int check_pivots_shape(const THTensor *pivots, const THTensor *a, const char *an,
                              int64_t count, const char *fn) {
  int nb = a->nDimension - 2;
  if (pivots->storage->dtype == TH_INT32 && pivots->nDimension == nb + 1 &&
      !memcmp(th_sizes(pivots), th_sizes(a), sizeof(int64_t) * (size_t)nb) &&
      th_sizes(pivots)[nb] == count)
    return 0;
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "pivots must be an int32 tensor of %s's batch shape and "
            "%lld pivots", an, (long long)count);
  return -1;
}

/* The batch sizes of a followed by the given last sizes, into size. */
static int shape_of(const THTensor *a, int nlast, int64_t l0, int64_t l1, int64_t *size) {
  int nb = a->nDimension - 2;
  memcpy(size, th_sizes(a), sizeof(int64_t) * (size_t)nb);
  if (nlast > 0) size[nb] = l0;
  if (nlast > 1) size[nb + 1] = l1;
  return nb + nlast;
}

/* Copies src into a result's work unless work is src (in place). */
static int fill_from(THResult *o, THTensor *src) {
  return THTensor_isSetTo(o->work, src) ? 0 : THTensor_copy(o->work, src);
}

static int close_all(THResult *results, int n, int rc) {
  for (int i = n - 1; i >= 0; i--) rc = th_result_close(&results[i], rc);
  return rc;
}

static int64_t elsize(THScalarType t) { return (int64_t)THScalarType_elementSize(t); }

/* ------------------------------------------------------------------- LU */

static void lu_message(char *buf, size_t cap, int info) {
  snprintf(buf, cap, "U[%d,%d] is zero and using it on lu_solve would result in a division "
           "by zero. If you still want to perform the factorization, consider calling "
           "linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)", info, info);
}

static void solve_message(char *buf, size_t cap, int info) {
  (void)info;
  snprintf(buf, cap, "The solver failed because the input matrix is singular.");
}

static void inv_message(char *buf, size_t cap, int info) {
  snprintf(buf, cap, "The diagonal element %d is zero, the inversion could not be completed "
           "because the input matrix is singular.", info);
}

static void cholesky_message(char *buf, size_t cap, int info) {
  snprintf(buf, cap, "The factorization could not be completed because the input is not "
           "positive-definite (the leading minor of order %d is not positive-definite).",
           info);
}

/* getrf over count m x n matrices step elements apart. */
static void getrf_batch(THScalarType t, char *a, int64_t count, int m, int n, int32_t *piv,
                        int32_t *info) {
  int lda = imax1(m), k = m < n ? m : n;
  int64_t step = (int64_t)m * n * elsize(t);
  for (int64_t i = 0; i < count; i++) {
    info[i] = 0;
    if (m && n) LAPACK4(t, getrf, &m, &n, (void *)(a + i * step), &lda, piv + i * k, &info[i]);
  }
}

/* A row-major A factored as it lies is A^T's LU, whose first zero pivot can be
 * another than A's: where one of the count n x n matrices of the contiguous a is
 * singular, factor it again from a transposed copy (into lu, its slot) so that
 * info names A's first zero pivot, as torch's does. */
static void refactor_singular(THScalarType t, THTensor *a, char *lu, int64_t count, int n,
                              int32_t *piv, int32_t *info) {
  int64_t es = elsize(t), step = (int64_t)n * n * es;
  const char *ad = (const char *)THTensor_data(a);
  for (int64_t i = 0; i < count; i++) {
    if (!info[i]) continue;
    char *m = lu + i * step;
    const char *src = ad + i * step;
    for (int64_t r = 0; r < n; r++)
      for (int64_t c = 0; c < n; c++)
        memcpy(m + (c * n + r) * es, src + (r * n + c) * es, (size_t)es);
    int32_t transposed = info[i];
    getrf_batch(t, m, 1, n, n, piv + i * n, &info[i]);
    /* A^T exactly singular in floating point but A not: stay singular (the
     * caller solves with A^T's factors, which m no longer holds) */
    if (!info[i]) info[i] = transposed;
  }
}

int THTensor_getrf(THTensor *lu, THTensor *pivots, THTensor *info, THTensor *a) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 0, fn) || check_present(lu, "LU", fn) ||
      check_present(pivots, "pivots", fn))
    return -1;
  THScalarType t = a->storage->dtype;
  int64_t m = SIZE(a, 2), n = SIZE(a, 1), size[66];
  int nb = a->nDimension - 2;
  THTensor *in[1] = {a};
  THResult res[3] = {{0}};
  int rc = -1;
  if (th_result_open(&res[0], lu, "LU", t, a->nDimension, th_sizes(a), 1, in, 1, fn) ||
      th_result_open(&res[1], pivots, "pivots", TH_INT32, shape_of(a, 1, m < n ? m : n, 0, size),
                     size, 0, in, 1, fn) ||
      th_result_open(&res[2], info, "info", TH_INT32, nb, th_sizes(a), 0, in, 1, fn) ||
      fill_from(&res[0], a))
    return close_all(res, 3, -1);
  int64_t count = th_lapack_count(a, nb);
  th_blas_set_threads(THGetNumThreads());
  if (count && m && n)
    getrf_batch(t, th_result_data(&res[0]), count, (int)m, (int)n,
                (int32_t *)th_result_data(&res[1]), (int32_t *)th_result_data(&res[2]));
  else if (count)
    memset(th_result_data(&res[2]), 0, sizeof(int32_t) * (size_t)count);
  rc = info ? 0 : th_lapack_report_info((int32_t *)th_result_data(&res[2]), count, nb > 0,
                                        lu_message, fn);
  return close_all(res, 3, rc);
}

/* The pivots of a getrf of n x n matrices: each in [1, n], else LAPACK
 * would swap rows outside the matrix. */
static int check_pivots(const int32_t *piv, int64_t total, int64_t n, const char *fn) {
  for (int64_t i = 0; i < total; i++)
    if (piv[i] < 1 || piv[i] > n) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "pivots must be in [1, %lld], but pivot %lld is %d",
                (long long)n, (long long)i, piv[i]);
      return -1;
    }
  return 0;
}

/* The arguments of a solve from a pivoted factorization (getrs, sytrs):
 * x, the factors fa (n x n, named an) and their pivots, b (n x k). */
static int check_pivoted_solve(THTensor *x, THTensor *fa, const char *an, THTensor *pivots,
                               THTensor *b, const char *fn) {
  if (th_lapack_check_input(fa, an, 1, fn) || th_lapack_check_input(b, "B", 0, fn) ||
      check_present(x, "X", fn) || check_present(pivots, "pivots", fn) ||
      check_same_dtype(fa, an, b, "B", fn) || th_lapack_check_batch(fa, an, b, "B", fn))
    return -1;
  TH_CHECK_TENSOR_AS(pivots, fn, -1);
  int64_t n = SIZE(fa, 1);
  return check_rows(b, n, fn) || check_pivots_shape(pivots, fa, an, n, fn) ? -1 : 0;
}

/* x opened as the result (b copied in), *f the factors column-major and
 * *p the pivots contiguous (new references, NULL on failure: the caller
 * frees them and closes x in every case). */
static int open_pivoted_solve(THResult *res, THTensor *x, THTensor *fa, THTensor *pivots,
                              THTensor *b, THTensor **f, THTensor **p, const char *fn) {
  THTensor *in[3] = {fa, pivots, b};
  if (th_result_open(res, x, "X", fa->storage->dtype, b->nDimension, th_sizes(b), 1, in, 3, fn))
    return -1;
  *f = th_lapack_new_fortran(fa, fn);
  *p = *f ? THTensor_newContiguous(pivots) : NULL;
  return !*p || fill_from(res, b) ? -1 : 0;
}

static const char TRANS[3] = {'N', 'T', 'C'};

/* getrs over count systems: lu (n x n, lda n, step n*n), x (n x k). */
static void getrs_batch(THScalarType t, char trans, const char *lu, int64_t lu_step,
                        const int32_t *piv, int64_t piv_step, char *x, int64_t count, int n,
                        int k) {
  int ld = imax1(n), info;
  int64_t es = elsize(t), x_step = (int64_t)n * k * es;
  for (int64_t i = 0; i < count; i++)
    LAPACK4C(t, getrs, &trans, &n, &k, (const void *)(lu + i * lu_step * es), &ld,
            piv + i * piv_step, (void *)(x + i * x_step), &ld, &info);
}

int THTensor_getrs(THTensor *x, THTensor *lu, THTensor *pivots, THTensor *b, int adjoint) {
  const char *fn = __func__;
  if (check_pivoted_solve(x, lu, "LU", pivots, b, fn)) return -1;
  if (adjoint < 0 || adjoint > 2) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "adjoint must be 0, 1 or 2, not %d", adjoint);
    return -1;
  }
  int64_t n = SIZE(lu, 1), k = SIZE(b, 1);
  int nb = lu->nDimension - 2;
  THScalarType t = lu->storage->dtype;
  THResult res[1] = {{0}};
  THTensor *f = NULL, *p = NULL;
  int rc = -1;
  if (open_pivoted_solve(&res[0], x, lu, pivots, b, &f, &p, fn)) goto done;
  int64_t count = th_lapack_count(lu, nb);
  if (count && n && k) {
    const int32_t *piv = (const int32_t *)th_tensor_bytes(p);
    if (check_pivots(piv, count * n, n, fn)) goto done;
    th_blas_set_threads(THGetNumThreads());
    getrs_batch(t, TRANS[adjoint], th_tensor_bytes(f), n * n, piv, n, th_result_data(&res[0]),
                count, (int)n, (int)k);
  }
  rc = 0;
done:
  THTensor_free(f);
  THTensor_free(p);
  return close_all(res, 1, rc);
}

/* Small real systems (n <= SMALL_N): getrf's unblocked algorithm (dgetf2:
 * partial pivoting on the first largest |a|, a zero pivot recorded in info
 * and the column left unscaled) and getrs's substitutions, written out
 * for one column-major matrix at a time. For a batch of 8 x 8 matrices,
 * OpenBLAS's per-call overhead (argument checks, thread dispatch, its
 * recursive getrf) costs more than the arithmetic. */
#define SMALL_N 16

#define DEFINE_SMALL_GESV(T, ABS, TMIN)                                                  \
  static int32_t small_getrf_##T(T *a, int n, int32_t *piv) {                            \
    int32_t info = 0;                                                                    \
    for (int j = 0; j < n; j++) {                                                        \
      T *cj = a + j * n, best = ABS(cj[j]);                                              \
      int p = j;                                                                         \
      for (int i = j + 1; i < n; i++)                                                    \
        if (ABS(cj[i]) > best) best = ABS(cj[i]), p = i;                                 \
      piv[j] = p + 1;                                                                    \
      if (cj[p] != 0) {                                                                  \
        if (p != j)                                                                      \
          for (int c = 0; c < n; c++) {                                                  \
            T s = a[j + c * n];                                                          \
            a[j + c * n] = a[p + c * n], a[p + c * n] = s;                               \
          }                                                                              \
        if (ABS(cj[j]) >= TMIN) {                                                        \
          T r = 1 / cj[j];                                                               \
          for (int i = j + 1; i < n; i++) cj[i] *= r;                                    \
        } else {                                                                         \
          for (int i = j + 1; i < n; i++) cj[i] /= cj[j];                                \
        }                                                                                \
      } else if (!info) {                                                                \
        info = j + 1;                                                                    \
      }                                                                                  \
      for (int c = j + 1; c < n; c++) {                                                  \
        T *cc = a + c * n, u = cc[j];                                                    \
        for (int i = j + 1; i < n; i++) cc[i] -= cj[i] * u;                              \
      }                                                                                  \
    }                                                                                    \
    return info;                                                                         \
  }                                                                                      \
  /* M X = B (trans 0) or M^T X = B from M = P L U; x (n x k, column-major)     \
   * holds B. Each step j runs over every column (axpy form: independent        \
   * updates, a's column or row j read once for all of them). */                \
  static void small_getrs_##T(const T *a, int n, const int32_t *piv, T *x, int k,        \
                              int trans) {                                               \
    if (!trans) {                                                                        \
      for (int c = 0; c < k; c++)                                                        \
        for (int i = 0; i < n; i++) {                                                    \
          T *xc = x + c * n, s = xc[i];                                                  \
          xc[i] = xc[piv[i] - 1], xc[piv[i] - 1] = s;                                    \
        }                                                                                \
      for (int j = 0; j < n; j++) /* L (unit) */                                         \
        for (int c = 0; c < k; c++) {                                                    \
          T *xc = x + c * n, xj = xc[j];                                                 \
          for (int i = j + 1; i < n; i++) xc[i] -= a[i + j * n] * xj;                    \
        }                                                                                \
      for (int j = n - 1; j >= 0; j--) /* U */                                           \
        for (int c = 0; c < k; c++) {                                                    \
          T *xc = x + c * n, xj = xc[j] /= a[j + j * n];                                 \
          for (int i = 0; i < j; i++) xc[i] -= a[i + j * n] * xj;                        \
        }                                                                                \
      return;                                                                            \
    }                                                                                    \
    for (int j = 0; j < n; j++) /* U^T: its column j is U's row j */                     \
      for (int c = 0; c < k; c++) {                                                      \
        T *xc = x + c * n, xj = xc[j] /= a[j + j * n];                                   \
        for (int i = j + 1; i < n; i++) xc[i] -= a[j + i * n] * xj;                      \
      }                                                                                  \
    for (int j = n - 1; j >= 0; j--) /* L^T (unit) */                                    \
      for (int c = 0; c < k; c++) {                                                      \
        T *xc = x + c * n, xj = xc[j];                                                   \
        for (int i = 0; i < j; i++) xc[i] -= a[j + i * n] * xj;                          \
      }                                                                                  \
    for (int c = 0; c < k; c++)                                                          \
      for (int i = n - 1; i >= 0; i--) {                                                 \
        T *xc = x + c * n, s = xc[i];                                                    \
        xc[i] = xc[piv[i] - 1], xc[piv[i] - 1] = s;                                      \
      }                                                                                  \
  }

DEFINE_SMALL_GESV(float, fabsf, FLT_MIN)
DEFINE_SMALL_GESV(double, fabs, DBL_MIN)

static int small_gesv_fits(THScalarType t, int64_t n) {
  return n <= SMALL_N && (t == TH_FLOAT32 || t == TH_FLOAT64);
}

/* Factors count n x n matrices (f, column-major, one after another) and,
 * where info is 0, solves into x (n x k each): what getrf_batch and
 * getrs_batch do, for small_gesv_fits. */
static void small_gesv_batch(THScalarType t, char *f, int32_t *piv, int32_t *infos, char *x,
                             int64_t count, int n, int k, int trans) {
  for (int64_t i = 0; i < count; i++) {
    if (t == TH_FLOAT64) {
      double *m = (double *)f + i * n * n;
      infos[i] = small_getrf_double(m, n, piv + i * n);
      if (!infos[i]) small_getrs_double(m, n, piv + i * n, (double *)x + i * n * k, k, trans);
    } else {
      float *m = (float *)f + i * n * n;
      infos[i] = small_getrf_float(m, n, piv + i * n);
      if (!infos[i]) small_getrs_float(m, n, piv + i * n, (float *)x + i * n * k, k, trans);
    }
  }
}

int THTensor_gesv(THTensor *x, THTensor *lu, THTensor *pivots, THTensor *info, THTensor *b,
                  THTensor *a) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 1, fn) || th_lapack_check_input(b, "B", 0, fn) ||
      check_present(x, "X", fn) || check_same_dtype(a, "A", b, "B", fn) ||
      th_lapack_check_batch(a, "A", b, "B", fn))
    return -1;
  int64_t n = SIZE(a, 1), k = SIZE(b, 1), size[66];
  int nb = a->nDimension - 2;
  if (check_rows(b, n, fn)) return -1;
  THScalarType t = a->storage->dtype;
  /* without an LU result, a row-major A is factored as it lies (A^T to
   * LAPACK: a plain copy, no transposition) and solved transposed */
  int as_is = !lu && THTensor_isContiguous(a);
  THTensor *in[2] = {a, b};
  THResult res[4] = {{0}};
  if (th_result_open(&res[0], lu, "LU", t, a->nDimension, th_sizes(a), !as_is, in, 2, fn) ||
      th_result_open(&res[1], pivots, "pivots", TH_INT32, shape_of(a, 1, n, 0, size), size, 0,
                     in, 2, fn) ||
      th_result_open(&res[2], info, "info", TH_INT32, nb, th_sizes(a), 0, in, 2, fn) ||
      th_result_open(&res[3], x, "X", t, b->nDimension, th_sizes(b), 1, in, 2, fn) ||
      fill_from(&res[0], a) || fill_from(&res[3], b))
    return close_all(res, 4, -1);
  int64_t count = th_lapack_count(a, nb);
  int32_t *infos = (int32_t *)th_result_data(&res[2]);
  if (count && n) {
    int32_t *piv = (int32_t *)th_result_data(&res[1]);
    char *f = th_result_data(&res[0]), *xd = th_result_data(&res[3]);
    int64_t es = elsize(t);
    if (small_gesv_fits(t, n)) {
      small_gesv_batch(t, f, piv, infos, xd, count, (int)n, (int)k, as_is);
      if (as_is) refactor_singular(t, a, f, count, (int)n, piv, infos);
    } else {
      th_blas_set_threads(THGetNumThreads());
      getrf_batch(t, f, count, (int)n, (int)n, piv, infos);
      if (as_is) refactor_singular(t, a, f, count, (int)n, piv, infos);
      for (int64_t i = 0; k && i < count; i++)
        if (!infos[i])
          getrs_batch(t, as_is ? 'T' : 'N', f + i * n * n * es, 0, piv + i * n, 0,
                      xd + i * n * k * es, 1, (int)n, (int)k);
    }
  } else if (count) {
    memset(infos, 0, sizeof(int32_t) * (size_t)count);
  }
  int rc = info ? 0 : th_lapack_report_info(infos, count, nb > 0, solve_message, fn);
  return close_all(res, 4, rc);
}

/* Identity matrices into count column-major n x n matrices. */
static void set_identity(THScalarType t, char *d, int64_t count, int64_t n) {
  int64_t es = elsize(t);
  memset(d, 0, (size_t)(count * n * n * es));
  for (int64_t b = 0; b < count; b++)
    for (int64_t i = 0; i < n; i++) {
      char *e = d + (b * n * n + i * n + i) * es;
      if (t == TH_FLOAT32 || t == TH_COMPLEX64) *(float *)e = 1;
      else *(double *)e = 1;
    }
}

/* The inverse solves A X = I (getrf, getrs), as numpy's inv: OpenBLAS's
 * getrs is blocked and threaded, its getri is not (3-4x slower at 1000^2). */
int THTensor_getri(THTensor *inv, THTensor *info, THTensor *a) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 1, fn) || check_present(inv, "the inverse", fn)) return -1;
  THScalarType t = a->storage->dtype;
  int64_t n = SIZE(a, 1), size[66];
  int nb = a->nDimension - 2;
  /* a row-major A is factored as it lies (A^T to LAPACK) and solved transposed */
  int as_is = THTensor_isContiguous(a);
  THTensor *in[1] = {a};
  THResult res[4] = {{0}}; /* the inverse, info, LU, pivots */
  if (th_result_open(&res[0], inv, "the inverse", t, a->nDimension, th_sizes(a), 1, in, 1, fn) ||
      th_result_open(&res[1], info, "info", TH_INT32, nb, th_sizes(a), 0, in, 1, fn) ||
      th_result_open(&res[2], NULL, "LU", t, a->nDimension, th_sizes(a), !as_is, in, 1, fn) ||
      th_result_open(&res[3], NULL, "pivots", TH_INT32, shape_of(a, 1, n, 0, size), size, 0, in,
                     1, fn) ||
      THTensor_copy(res[2].work, a))
    return close_all(res, 4, -1);
  int64_t count = th_lapack_count(a, nb);
  int32_t *infos = (int32_t *)th_result_data(&res[1]);
  if (count) memset(infos, 0, sizeof(int32_t) * (size_t)count);
  if (count && n) {
    char *x = th_result_data(&res[0]), *lu = th_result_data(&res[2]);
    int32_t *piv = (int32_t *)th_result_data(&res[3]);
    int64_t step = n * n * elsize(t);
    set_identity(t, x, count, n);
    if (small_gesv_fits(t, n)) {
      small_gesv_batch(t, lu, piv, infos, x, count, (int)n, (int)n, as_is);
      if (as_is) refactor_singular(t, a, lu, count, (int)n, piv, infos);
    } else {
      th_blas_set_threads(THGetNumThreads());
      getrf_batch(t, lu, count, (int)n, (int)n, piv, infos);
      if (as_is) refactor_singular(t, a, lu, count, (int)n, piv, infos);
      for (int64_t i = 0; i < count; i++)
        if (!infos[i])
          getrs_batch(t, as_is ? 'T' : 'N', lu + i * step, 0, piv + i * n, 0, x + i * step, 1,
                      (int)n, (int)n);
    }
  }
  int rc = info ? 0 : th_lapack_report_info(infos, count, nb > 0, inv_message, fn);
  return close_all(res, 4, rc);
}

/* ---------------------------------------------------------- determinants */

/* The determinant of each LU factorization (n x n, step apart) as
 * sign * exp(logabs) and as the product of U's diagonal (det), each
 * into its result when not NULL. A singular one: det 0, sign 0, logabs -inf. */
static void lu_determinants(THScalarType t, const char *lu, const int32_t *piv, int64_t count,
                            int64_t n, void *det, void *sign, void *logabs) {
  int cplx = THScalarType_isComplex(t), single = t == TH_FLOAT32 || t == TH_COMPLEX64;
  int64_t es = elsize(t);
  for (int64_t b = 0; b < count; b++) {
    const char *m = lu + b * n * n * es;
    double sre = 1, sim = 0, la = 0, dre = 1, dim = 0;
    for (int64_t i = 0; i < n; i++) {
      const char *e = m + (i * n + i) * es;
      double re, im = 0;
      if (single) re = ((const float *)e)[0], im = cplx ? ((const float *)e)[1] : 0;
      else re = ((const double *)e)[0], im = cplx ? ((const double *)e)[1] : 0;
      if (piv[b * n + i] != i + 1) sre = -sre, sim = -sim, dre = -dre, dim = -dim;
      double mag = cplx ? hypot(re, im) : fabs(re);
      la += log(mag);
      double pr = dre * re - dim * im, pi = dre * im + dim * re;
      dre = pr, dim = pi;
      if (mag == 0) {
        sre = sim = 0;
      } else {
        double ur = re / mag, ui = im / mag, qr = sre * ur - sim * ui, qi = sre * ui + sim * ur;
        sre = qr, sim = qi;
      }
    }
    if (n && sre == 0 && sim == 0) la = -INFINITY;
    if (single) {
      if (det) ((float *)det)[b * (cplx ? 2 : 1)] = (float)dre;
      if (det && cplx) ((float *)det)[b * 2 + 1] = (float)dim;
      if (sign) ((float *)sign)[b * (cplx ? 2 : 1)] = (float)sre;
      if (sign && cplx) ((float *)sign)[b * 2 + 1] = (float)sim;
      if (logabs) ((float *)logabs)[b] = (float)la;
    } else {
      if (det) ((double *)det)[b * (cplx ? 2 : 1)] = dre;
      if (det && cplx) ((double *)det)[b * 2 + 1] = dim;
      if (sign) ((double *)sign)[b * (cplx ? 2 : 1)] = sre;
      if (sign && cplx) ((double *)sign)[b * 2 + 1] = sim;
      if (logabs) ((double *)logabs)[b] = la;
    }
  }
}

/* det and/or (sign, logabsdet) of a: LU of a copy lying as a does (det(A^T)
 * is det(A): no transposition). */
static int determinants(THTensor *det, THTensor *sign, THTensor *logabs, THTensor *a,
                        const char *fn) {
  if (th_lapack_check_input(a, "A", 1, fn)) return -1;
  THScalarType t = a->storage->dtype;
  int64_t n = SIZE(a, 1);
  int nb = a->nDimension - 2;
  THTensor *in[1] = {a};
  THResult res[5] = {{0}};
  int rc = -1;
  int64_t count = th_lapack_count(a, nb), size[66];
  if (th_result_open(&res[0], det, "det", t, nb, th_sizes(a), 0, in, 1, fn) ||
      th_result_open(&res[1], sign, "sign", t, nb, th_sizes(a), 0, in, 1, fn) ||
      th_result_open(&res[2], logabs, "logabsdet", th_lapack_real(t), nb, th_sizes(a), 0, in, 1,
                     fn) ||
      th_result_open(&res[3], NULL, "LU", t, a->nDimension, th_sizes(a), 0, in, 1, fn) ||
      th_result_open(&res[4], NULL, "pivots", TH_INT32, shape_of(a, 1, n, 0, size), size, 0, in,
                     1, fn) ||
      THTensor_copy(res[3].work, a))
    goto done;
  if (count) {
    int32_t *piv = (int32_t *)th_result_data(&res[4]);
    char *lu = th_result_data(&res[3]);
    int32_t info;
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; n && i < count; i++)
      getrf_batch(t, lu + i * n * n * elsize(t), 1, (int)n, (int)n, piv + i * n, &info);
    lu_determinants(t, lu, piv, count, n, det ? th_result_data(&res[0]) : NULL,
                    sign ? th_result_data(&res[1]) : NULL,
                    logabs ? th_result_data(&res[2]) : NULL);
  }
  rc = 0;
done:
  return close_all(res, 5, rc);
}

int THTensor_det(THTensor *det, THTensor *a) {
  if (check_present(det, "det", __func__)) return -1;
  return determinants(det, NULL, NULL, a, __func__);
}

int THTensor_slogdet(THTensor *sign, THTensor *logabsdet, THTensor *a) {
  return determinants(NULL, sign, logabsdet, a, __func__);
}

/* ------------------------------------------------------------- Cholesky */

int THTensor_potrf(THTensor *c, THTensor *info, THTensor *a, int upper) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 1, fn) || check_present(c, "the factor", fn)) return -1;
  THScalarType t = a->storage->dtype;
  int64_t n = SIZE(a, 1);
  int nb = a->nDimension - 2;
  THTensor *in[1] = {a};
  THResult res[2] = {{0}};
  if (th_result_open(&res[0], c, "the factor", t, a->nDimension, th_sizes(a), 1, in, 1, fn) ||
      th_result_open(&res[1], info, "info", TH_INT32, nb, th_sizes(a), 0, in, 1, fn) ||
      fill_from(&res[0], a))
    return close_all(res, 2, -1);
  int64_t count = th_lapack_count(a, nb);
  int32_t *infos = (int32_t *)th_result_data(&res[1]);
  if (count) memset(infos, 0, sizeof(int32_t) * (size_t)count);
  if (count && n) {
    char uplo = upper ? 'U' : 'L', *d = th_result_data(&res[0]);
    int nn = (int)n;
    int64_t step = n * n * elsize(t);
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++)
      LAPACK4C(t, potrf, &uplo, &nn, (void *)(d + i * step), &nn, &infos[i]);
    th_lapack_zero_triangle(t, d, count, n, n, n * n, !upper ? 0 : 1);
  }
  int rc = info ? 0 : th_lapack_report_info(infos, count, nb > 0, cholesky_message, fn);
  return close_all(res, 2, rc);
}

int THTensor_potrs(THTensor *x, THTensor *b, THTensor *c, int upper) {
  const char *fn = __func__;
  if (th_lapack_check_input(c, "the factor", 1, fn) || th_lapack_check_input(b, "B", 0, fn) ||
      check_present(x, "X", fn) || check_same_dtype(c, "the factor", b, "B", fn) ||
      th_lapack_check_batch(c, "the factor", b, "B", fn))
    return -1;
  int64_t n = SIZE(c, 1), k = SIZE(b, 1);
  int nb = c->nDimension - 2;
  if (check_rows(b, n, fn)) return -1;
  THScalarType t = c->storage->dtype;
  THTensor *in[2] = {c, b}, *f = NULL;
  THResult res[1] = {{0}};
  int rc = -1;
  if (th_result_open(&res[0], x, "X", t, b->nDimension, th_sizes(b), 1, in, 2, fn) ||
      !(f = th_lapack_new_fortran(c, fn)) || fill_from(&res[0], b))
    goto done;
  int64_t count = th_lapack_count(c, nb), es = elsize(t);
  if (count && n && k) {
    char uplo = upper ? 'U' : 'L', *cd = th_tensor_bytes(f), *xd = th_result_data(&res[0]);
    int nn = (int)n, kk = (int)k, info;
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++)
      LAPACK4C(t, potrs, &uplo, &nn, &kk, (const void *)(cd + i * n * n * es), &nn,
              (void *)(xd + i * n * k * es), &nn, &info);
  }
  rc = 0;
done:
  THTensor_free(f);
  return close_all(res, 1, rc);
}

/* The triangle potri left out, from the one it wrote: (i, j) = conj(j, i). */
static void mirror_triangle(THScalarType t, char *d, int64_t n, int upper) {
  int64_t es = elsize(t);
  int cplx = THScalarType_isComplex(t);
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = j + 1; i < n; i++) {
      /* (i, j) below the diagonal, (j, i) above it; column-major */
      char *lo = d + (j * n + i) * es, *up = d + (i * n + j) * es;
      char *dst = upper ? lo : up, *src = upper ? up : lo;
      memcpy(dst, src, (size_t)es);
      if (cplx && t == TH_COMPLEX64) ((float *)dst)[1] = -((float *)dst)[1];
      else if (cplx) ((double *)dst)[1] = -((double *)dst)[1];
    }
}

int THTensor_potri(THTensor *inv, THTensor *info, THTensor *c, int upper) {
  const char *fn = __func__;
  if (th_lapack_check_input(c, "the factor", 1, fn) || check_present(inv, "the inverse", fn))
    return -1;
  THScalarType t = c->storage->dtype;
  int64_t n = SIZE(c, 1);
  int nb = c->nDimension - 2;
  THTensor *in[1] = {c};
  THResult res[2] = {{0}};
  if (th_result_open(&res[0], inv, "the inverse", t, c->nDimension, th_sizes(c), 1, in, 1, fn) ||
      th_result_open(&res[1], info, "info", TH_INT32, nb, th_sizes(c), 0, in, 1, fn) ||
      fill_from(&res[0], c))
    return close_all(res, 2, -1);
  int64_t count = th_lapack_count(c, nb);
  int32_t *infos = (int32_t *)th_result_data(&res[1]);
  if (count) memset(infos, 0, sizeof(int32_t) * (size_t)count);
  if (count && n) {
    char uplo = upper ? 'U' : 'L', *d = th_result_data(&res[0]);
    int nn = (int)n;
    int64_t step = n * n * elsize(t);
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++) {
      LAPACK4C(t, potri, &uplo, &nn, (void *)(d + i * step), &nn, &infos[i]);
      if (!infos[i]) mirror_triangle(t, d + i * step, n, upper);
    }
  }
  int rc = info ? 0 : th_lapack_report_info(infos, count, nb > 0, inv_message, fn);
  return close_all(res, 2, rc);
}

/* Cholesky with complete pivoting of a positive-semidefinite A (pstrf):
 * P^T A P = L L^H (U^H U); c's other triangle zeroed, piv (int32, n, 1-based)
 * the permutation, rank (int32, the batch's shape, or NULL) the rank found.
 * A rank below n is no error (LAPACK's info 1). tol < 0: LAPACK's default. */
int THTensor_pstrf(THTensor *c, THTensor *piv, THTensor *rank, THTensor *a, int upper,
                   double tol) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 1, fn) || check_present(c, "the factor", fn) ||
      check_present(piv, "pivots", fn))
    return -1;
  THScalarType t = a->storage->dtype, real = th_lapack_real(t);
  int64_t n = SIZE(a, 1), size[66];
  int nb = a->nDimension - 2;
  THTensor *in[1] = {a}, *work = NULL;
  THResult res[3] = {{0}};
  int rc = -1;
  if (th_result_open(&res[0], c, "the factor", t, a->nDimension, th_sizes(a), 1, in, 1, fn) ||
      th_result_open(&res[1], piv, "pivots", TH_INT32, shape_of(a, 1, n, 0, size), size, 0, in,
                     1, fn) ||
      th_result_open(&res[2], rank, "rank", TH_INT32, nb, th_sizes(a), 0, in, 1, fn) ||
      fill_from(&res[0], a) || !(work = THTensor_newWithSize1d(real, 2 * n > 1 ? 2 * n : 1)))
    goto done;
  int64_t count = th_lapack_count(a, nb);
  int32_t *ranks = (int32_t *)th_result_data(&res[2]);
  if (count) memset(ranks, 0, sizeof(int32_t) * (size_t)count);
  if (count && n) {
    char uplo = upper ? 'U' : 'L', *d = th_result_data(&res[0]);
    int32_t *p = (int32_t *)th_result_data(&res[1]);
    int nn = (int)n, info;
    float tf = (float)tol;
    int64_t step = n * n * elsize(t);
    void *w = th_tensor_bytes(work);
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++) {
      void *m = d + i * step;
      switch (t) {
        case TH_FLOAT32: scipy_LAPACK_spstrf(&uplo, &nn, m, &nn, p + i * n, &ranks[i], &tf, w, &info); break;
        case TH_FLOAT64: scipy_LAPACK_dpstrf(&uplo, &nn, m, &nn, p + i * n, &ranks[i], &tol, w, &info); break;
        case TH_COMPLEX64: scipy_LAPACK_cpstrf(&uplo, &nn, m, &nn, p + i * n, &ranks[i], &tf, w, &info); break;
        default: scipy_LAPACK_zpstrf(&uplo, &nn, m, &nn, p + i * n, &ranks[i], &tol, w, &info);
      }
      /* LAPACK leaves the trailing block past the rank unspecified */
      for (int64_t j = ranks[i]; j < n; j++)
        memset((char *)m + (j * n + ranks[i]) * elsize(t), 0,
               (size_t)((n - ranks[i]) * elsize(t)));
    }
    th_lapack_zero_triangle(t, d, count, n, n, n * n, upper);
  }
  rc = 0;
done:
  THTensor_free(work);
  return close_all(res, 3, rc);
}

/* ----------------------------------------------------------- triangular */

int THTensor_trtrs(THTensor *x, THTensor *b, THTensor *a, int upper, int trans,
                   int unitriangular, int left) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 1, fn) || th_lapack_check_input(b, "B", 0, fn) ||
      check_present(x, "X", fn) || check_same_dtype(a, "A", b, "B", fn) ||
      th_lapack_check_batch(a, "A", b, "B", fn))
    return -1;
  if (trans < 0 || trans > 2) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "trans must be 0, 1 or 2, not %d", trans);
    return -1;
  }
  int64_t n = SIZE(a, 1), rows = SIZE(b, 2), cols = SIZE(b, 1);
  if ((left ? rows : cols) != n) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "Incompatible shapes of A and B for the equation %s "
              "(%lldx%lld and %lldx%lld)", left ? "AX = B" : "XA = B", (long long)n,
              (long long)n, (long long)rows, (long long)cols);
    return -1;
  }
  THScalarType t = a->storage->dtype;
  int nb = a->nDimension - 2;
  THTensor *in[2] = {a, b}, *f = NULL;
  THResult res[1] = {{0}};
  int rc = -1;
  if (th_result_open(&res[0], x, "X", t, b->nDimension, th_sizes(b), 1, in, 2, fn) ||
      !(f = th_lapack_new_fortran(a, fn)) || fill_from(&res[0], b))
    goto done;
  int64_t count = th_lapack_count(a, nb), es = elsize(t);
  if (count && rows && cols) {
    enum CBLAS_SIDE side = left ? CblasLeft : CblasRight;
    enum CBLAS_UPLO uplo = upper ? CblasUpper : CblasLower;
    enum CBLAS_TRANSPOSE op = trans == 0 ? CblasNoTrans : trans == 1 ? CblasTrans
                                                                     : CblasConjTrans;
    enum CBLAS_DIAG diag = unitriangular ? CblasUnit : CblasNonUnit;
    char *ad = th_tensor_bytes(f), *xd = th_result_data(&res[0]);
    int m = (int)rows, p = (int)cols, lda = imax1(n), ldb = imax1(rows);
    float one_f[2] = {1, 0};
    double one_d[2] = {1, 0};
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++) {
      const void *ai = ad + i * n * n * es;
      void *xi = xd + i * rows * cols * es;
      switch (t) {
        case TH_FLOAT32:
          scipy_cblas_strsm(CblasColMajor, side, uplo, op, diag, m, p, 1.0f, ai, lda, xi, ldb);
          break;
        case TH_FLOAT64:
          scipy_cblas_dtrsm(CblasColMajor, side, uplo, op, diag, m, p, 1.0, ai, lda, xi, ldb);
          break;
        case TH_COMPLEX64:
          scipy_cblas_ctrsm(CblasColMajor, side, uplo, op, diag, m, p, one_f, ai, lda, xi, ldb);
          break;
        default:
          scipy_cblas_ztrsm(CblasColMajor, side, uplo, op, diag, m, p, one_d, ai, lda, xi, ldb);
      }
    }
  }
  rc = 0;
done:
  THTensor_free(f);
  return close_all(res, 1, rc);
}

/* ------------------------------------------------------------ LU unpack */

/* Writes the dtype's one into e. */
static void set_one(THScalarType t, char *e) {
  if (t == TH_FLOAT32 || t == TH_COMPLEX64) *(float *)e = 1;
  else *(double *)e = 1;
}

/* P (m x m), L (m x k) and U (k x n) of count row-major LU factors (m x n,
 * read from src), each into its destination when not NULL (zeroed); perm
 * m scratch indices for P. */
static void lu_unpack_batch(THScalarType t, const char *src, const int32_t *piv, int64_t count,
                            int64_t m, int64_t n, char *p, char *l, char *u, int64_t *perm) {
  int64_t es = elsize(t), k = m < n ? m : n;
  for (int64_t b = 0; b < count; b++) {
    const char *a = src + b * m * n * es;
    if (l) {
      char *d = l + b * m * k * es;
      for (int64_t i = 0; i < m; i++) {
        int64_t below = i < k ? i : k;
        memcpy(d + i * k * es, a + i * n * es, (size_t)(below * es));
        if (i < k) set_one(t, d + (i * k + i) * es);
      }
    }
    if (u) {
      char *d = u + b * k * n * es;
      for (int64_t i = 0; i < k; i++)
        memcpy(d + (i * n + i) * es, a + (i * n + i) * es, (size_t)((n - i) * es));
    }
    if (p) {
      /* row i of P^T A is row perm[i] of A: P[perm[i], i] = 1 */
      char *d = p + b * m * m * es;
      for (int64_t i = 0; i < m; i++) perm[i] = i;
      for (int64_t i = 0; i < k; i++) {
        int64_t j = piv[b * k + i] - 1, s = perm[i];
        perm[i] = perm[j], perm[j] = s;
      }
      for (int64_t i = 0; i < m; i++) set_one(t, d + (perm[i] * m + i) * es);
    }
  }
}

int THTensor_luUnpack(THTensor *p, THTensor *l, THTensor *u, THTensor *lu, THTensor *pivots) {
  const char *fn = __func__;
  if (th_lapack_check_input(lu, "LU", 0, fn) || (p && check_present(pivots, "pivots", fn)))
    return -1;
  THScalarType t = lu->storage->dtype;
  int64_t m = SIZE(lu, 2), n = SIZE(lu, 1), k = m < n ? m : n, size[66];
  int nb = lu->nDimension - 2;
  if (pivots) {
    TH_CHECK_TENSOR_AS(pivots, fn, -1);
    if (check_pivots_shape(pivots, lu, "LU", k, fn)) return -1;
  }
  THTensor *in[2] = {lu, pivots}, *src = NULL, *piv = NULL, *perm = NULL;
  THResult res[3] = {{0}};
  int rc = -1;
  /* LU read from a private row-major copy when a result is LU itself
   * (resized, or written, before it is read) */
  int aliased = (p && THTensor_isSetTo(p, lu)) || (l && THTensor_isSetTo(l, lu)) ||
                (u && THTensor_isSetTo(u, lu));
  src = aliased ? THTensor_newClone(lu) : THTensor_newContiguous(lu);
  if (!src || (p && (!(piv = THTensor_newContiguous(pivots)) ||
                     !(perm = THTensor_newWithSize1d(TH_INT64, m > 0 ? m : 1)))))
    goto done;
  int64_t count = th_lapack_count(lu, nb);
  if (p && count && k && check_pivots((const int32_t *)th_tensor_bytes(piv), count * k, m, fn))
    goto done;
  if (th_result_open(&res[0], p, "P", t, shape_of(lu, 2, m, m, size), size, 0, in, 2, fn) ||
      th_result_open(&res[1], l, "L", t, shape_of(lu, 2, m, k, size), size, 0, in, 2, fn) ||
      th_result_open(&res[2], u, "U", t, shape_of(lu, 2, k, n, size), size, 0, in, 2, fn))
    goto done;
  for (int i = 0; i < 3; i++) {
    char *d = th_result_data(&res[i]);
    if (d) memset(d, 0, (size_t)(th_tensor_numel(res[i].work) * elsize(t)));
  }
  if (count && m && n)
    lu_unpack_batch(t, th_tensor_bytes(src), p ? (const int32_t *)th_tensor_bytes(piv) : NULL,
                    count, m, n, p ? th_result_data(&res[0]) : NULL,
                    l ? th_result_data(&res[1]) : NULL, u ? th_result_data(&res[2]) : NULL,
                    p ? (int64_t *)th_tensor_bytes(perm) : NULL);
  else if (p && count && m) /* n 0: no pivots, P the identity */
    lu_unpack_batch(t, NULL, NULL, count, m, 0, th_result_data(&res[0]), NULL, NULL,
                    (int64_t *)th_tensor_bytes(perm));
  rc = 0;
done:
  THTensor_free(src);
  THTensor_free(piv);
  THTensor_free(perm);
  return close_all(res, 3, rc);
}

/* -------------------------------------------------- LDL^T / LDL^H (sytrf) */

/* ?sytrf (hermitian 0, or a real dtype) or ?hetrf on the lower triangle. */
static void sytrf_one(THScalarType t, int hermitian, int n, void *a, int32_t *piv, void *work,
                      int lwork, int32_t *info) {
  char uplo = 'L';
  switch (t) {
    case TH_FLOAT32: scipy_LAPACK_ssytrf(&uplo, &n, a, &n, piv, work, &lwork, info); break;
    case TH_FLOAT64: scipy_LAPACK_dsytrf(&uplo, &n, a, &n, piv, work, &lwork, info); break;
    case TH_COMPLEX64:
      if (hermitian) scipy_LAPACK_chetrf(&uplo, &n, a, &n, piv, work, &lwork, info);
      else scipy_LAPACK_csytrf(&uplo, &n, a, &n, piv, work, &lwork, info);
      break;
    default:
      if (hermitian) scipy_LAPACK_zhetrf(&uplo, &n, a, &n, piv, work, &lwork, info);
      else scipy_LAPACK_zsytrf(&uplo, &n, a, &n, piv, work, &lwork, info);
  }
}

static void ldl_message(char *buf, size_t cap, int info) {
  snprintf(buf, cap, "The factorization could not be completed because the input is singular "
           "(D[%d,%d] is exactly zero).", info, info);
}

int THTensor_sytrf(THTensor *ld, THTensor *pivots, THTensor *info, THTensor *a, int hermitian) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 1, fn) || check_present(ld, "LD", fn) ||
      check_present(pivots, "pivots", fn))
    return -1;
  THScalarType t = a->storage->dtype;
  int64_t n = SIZE(a, 1), size[66];
  int nb = a->nDimension - 2;
  THTensor *in[1] = {a}, *work = NULL;
  THResult res[3] = {{0}};
  int rc = -1;
  if (th_result_open(&res[0], ld, "LD", t, a->nDimension, th_sizes(a), 1, in, 1, fn) ||
      th_result_open(&res[1], pivots, "pivots", TH_INT32, shape_of(a, 1, n, 0, size), size, 0,
                     in, 1, fn) ||
      th_result_open(&res[2], info, "info", TH_INT32, nb, th_sizes(a), 0, in, 1, fn) ||
      fill_from(&res[0], a))
    goto done;
  int64_t count = th_lapack_count(a, nb);
  int32_t *infos = (int32_t *)th_result_data(&res[2]);
  if (count) memset(infos, 0, sizeof(int32_t) * (size_t)count);
  if (count && n) {
    char *d = th_result_data(&res[0]), query[16] = {0};
    int32_t *piv = (int32_t *)th_result_data(&res[1]), qinfo = 0;
    int64_t step = n * n * elsize(t);
    sytrf_one(t, hermitian, (int)n, d, piv, query, -1, &qinfo);
    int lwork = th_lapack_work_size(t, query);
    if (!(work = THTensor_newWithSize1d(t, lwork))) goto done;
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++)
      sytrf_one(t, hermitian, (int)n, d + i * step, piv + i * n, th_tensor_bytes(work), lwork,
                &infos[i]);
    th_lapack_zero_triangle(t, d, count, n, n, n * n, 0);
  }
  rc = info ? 0 : th_lapack_report_info(infos, count, nb > 0, ldl_message, fn);
done:
  THTensor_free(work);
  return close_all(res, 3, rc);
}

/* sytrf's pivots of n x n matrices: k > 0 a 1 x 1 block swapped with row
 * k, k < 0 a 2 x 2 block (two equal negative entries) swapped with row -k;
 * |k| in [1, n], else LAPACK would reach outside the matrix. */
static int check_ldl_pivots(const int32_t *piv, int64_t count, int64_t n, const char *fn) {
  for (int64_t b = 0; b < count; b++)
    for (int64_t i = 0; i < n; i++) {
      int32_t k = piv[b * n + i];
      int bad = k == 0 || k > n || k < -n;
      if (!bad && k < 0) { /* lower: the pair is (i, i + 1), both -k */
        bad = i + 1 >= n || piv[b * n + i + 1] != k;
        i++;
      }
      if (bad) {
        TH_ERR_FN(TH_ERROR_VALUE, fn, "pivots must be sytrf's pivots of %lld x %lld matrices, "
                  "but pivot %lld is %d", (long long)n, (long long)n, (long long)(b * n + i),
                  k);
        return -1;
      }
    }
  return 0;
}

int THTensor_sytrs(THTensor *x, THTensor *ld, THTensor *pivots, THTensor *b, int hermitian) {
  const char *fn = __func__;
  if (check_pivoted_solve(x, ld, "LD", pivots, b, fn)) return -1;
  int64_t n = SIZE(ld, 1), k = SIZE(b, 1);
  int nb = ld->nDimension - 2;
  THScalarType t = ld->storage->dtype;
  THResult res[1] = {{0}};
  THTensor *f = NULL, *p = NULL;
  int rc = -1;
  if (open_pivoted_solve(&res[0], x, ld, pivots, b, &f, &p, fn)) goto done;
  int64_t count = th_lapack_count(ld, nb);
  if (count && n && k) {
    const int32_t *piv = (const int32_t *)th_tensor_bytes(p);
    if (check_ldl_pivots(piv, count, n, fn)) goto done;
    char uplo = 'L', *ldd = th_tensor_bytes(f), *xd = th_result_data(&res[0]);
    int nn = (int)n, kk = (int)k, info;
    int64_t es = elsize(t);
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++) {
      const void *m = ldd + i * n * n * es;
      const int32_t *pi = piv + i * n;
      void *xi = xd + i * n * k * es;
      switch (t) {
        case TH_FLOAT32: scipy_LAPACK_ssytrs(&uplo, &nn, &kk, m, &nn, pi, xi, &nn, &info); break;
        case TH_FLOAT64: scipy_LAPACK_dsytrs(&uplo, &nn, &kk, m, &nn, pi, xi, &nn, &info); break;
        case TH_COMPLEX64:
          if (hermitian) scipy_LAPACK_chetrs(&uplo, &nn, &kk, m, &nn, pi, xi, &nn, &info);
          else scipy_LAPACK_csytrs(&uplo, &nn, &kk, m, &nn, pi, xi, &nn, &info);
          break;
        default:
          if (hermitian) scipy_LAPACK_zhetrs(&uplo, &nn, &kk, m, &nn, pi, xi, &nn, &info);
          else scipy_LAPACK_zsytrs(&uplo, &nn, &kk, m, &nn, pi, xi, &nn, &info);
      }
    }
  }
  rc = 0;
done:
  THTensor_free(f);
  THTensor_free(p);
  return close_all(res, 1, rc);
}
