/* QR through Householder reflectors (THTensorLapack.h): geqrf, orgqr
 * (torch's householder_product), ormqr, and the Q and R of linalg.qr, over
 * batches of column-major matrices as THTensorLapack.c's routines. */
#include <string.h>

#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "TH/THTensorLapack.h"
#include "math/THLapackImpl.h"

#define SIZE(t, d) th_sizes(t)[(t)->nDimension - (d)]

static int64_t elsize(THScalarType t) { return (int64_t)THScalarType_elementSize(t); }
static int imax1(int64_t v) { return v > 1 ? (int)v : 1; }

static int close_all(THResult *results, int n, int rc) {
  for (int i = n - 1; i >= 0; i--) rc = th_result_close(&results[i], rc);
  return rc;
}

/* geqrf over count m x n matrices, lda m (workspace work, lwork long). */
static void geqrf_one(THScalarType t, int m, int n, void *a, void *tau, void *work, int lwork,
                      int *info) {
  int lda = imax1(m);
  switch (t) {
    case TH_FLOAT32: LAPACK_sgeqrf(&m, &n, a, &lda, tau, work, &lwork, info); break;
    case TH_FLOAT64: LAPACK_dgeqrf(&m, &n, a, &lda, tau, work, &lwork, info); break;
    case TH_COMPLEX64: LAPACK_cgeqrf(&m, &n, a, &lda, tau, work, &lwork, info); break;
    default: LAPACK_zgeqrf(&m, &n, a, &lda, tau, work, &lwork, info);
  }
}

static void orgqr_one(THScalarType t, int m, int n, int k, void *a, const void *tau, void *work,
                      int lwork, int *info) {
  int lda = imax1(m);
  switch (t) {
    case TH_FLOAT32: LAPACK_sorgqr(&m, &n, &k, a, &lda, tau, work, &lwork, info); break;
    case TH_FLOAT64: LAPACK_dorgqr(&m, &n, &k, a, &lda, tau, work, &lwork, info); break;
    case TH_COMPLEX64: LAPACK_cungqr(&m, &n, &k, a, &lda, tau, work, &lwork, info); break;
    default: LAPACK_zungqr(&m, &n, &k, a, &lda, tau, work, &lwork, info);
  }
}

/* A workspace of the size a query asked for (NULL: MemoryError set). */
static THTensor *new_work(THScalarType t, const void *query) {
  return THTensor_newWithSize1d(t, th_lapack_work_size(t, query));
}

/* geqrf over the batch in place in qr's data (m x n each); tau k each. */
static int geqrf_batch(THScalarType t, char *qr, char *tau, int64_t count, int64_t m,
                       int64_t n) {
  int64_t k = m < n ? m : n, es = elsize(t);
  if (!count || !k) return 0;
  char query[16];
  int info, lwork = -1;
  geqrf_one(t, (int)m, (int)n, qr, tau, query, lwork, &info);
  THTensor *work = new_work(t, query);
  if (!work) return -1;
  lwork = (int)THTensor_nElement(work);
  th_blas_set_threads(THGetNumThreads());
  for (int64_t i = 0; i < count; i++)
    geqrf_one(t, (int)m, (int)n, qr + i * m * n * es, tau + i * k * es, th_tensor_bytes(work),
              lwork, &info);
  THTensor_free(work);
  return 0;
}

/* orgqr over the batch in place in q's data (m x n each, q_step apart);
 * tau k each, tau_step apart. */
static int orgqr_batch(THScalarType t, char *q, int64_t q_step, const char *tau,
                       int64_t tau_step, int64_t count, int64_t m, int64_t n, int64_t k) {
  int64_t es = elsize(t);
  if (!count || !m || !n) return 0;
  char query[16];
  int info, lwork = -1;
  orgqr_one(t, (int)m, (int)n, (int)k, q, tau, query, lwork, &info);
  THTensor *work = new_work(t, query);
  if (!work) return -1;
  lwork = (int)THTensor_nElement(work);
  th_blas_set_threads(THGetNumThreads());
  for (int64_t i = 0; i < count; i++)
    orgqr_one(t, (int)m, (int)n, (int)k, q + i * q_step * es, tau + i * tau_step * es,
              th_tensor_bytes(work), lwork, &info);
  THTensor_free(work);
  return 0;
}

int THTensor_geqrf(THTensor *qr, THTensor *tau, THTensor *a) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 0, fn)) return -1;
  if (!qr || !tau) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", qr ? "tau" : "QR");
    return -1;
  }
  THScalarType t = a->storage->dtype;
  int nb = a->nDimension - 2;
  int64_t m = SIZE(a, 2), n = SIZE(a, 1), size[66];
  memcpy(size, th_sizes(a), sizeof(int64_t) * (size_t)nb);
  size[nb] = m < n ? m : n;
  THTensor *in[1] = {a};
  THResult res[2] = {{0}};
  int rc = -1;
  if (!th_result_open(&res[0], qr, "QR", t, a->nDimension, th_sizes(a), 1, in, 1, fn) &&
      !th_result_open(&res[1], tau, "tau", t, nb + 1, size, 0, in, 1, fn) &&
      (THTensor_isSetTo(res[0].work, a) || !THTensor_copy(res[0].work, a)))
    rc = geqrf_batch(t, th_result_data(&res[0]), th_result_data(&res[1]),
                     th_lapack_count(a, nb), m, n);
  return close_all(res, 2, rc);
}

int THTensor_orgqr(THTensor *q, THTensor *a, THTensor *tau) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 0, fn)) return -1;
  if (!q || !tau) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", q ? "tau" : "Q");
    return -1;
  }
  TH_CHECK_TENSOR_AS(tau, fn, -1);
  THScalarType t = a->storage->dtype;
  int nb = a->nDimension - 2;
  int64_t m = SIZE(a, 2), n = SIZE(a, 1), k = tau->nDimension ? th_sizes(tau)[tau->nDimension - 1] : 0;
  if (tau->storage->dtype != t) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "tau dtype %s does not match input dtype %s",
              THScalarType_name(tau->storage->dtype), THScalarType_name(t));
    return -1;
  }
  if (tau->nDimension != nb + 1 || memcmp(th_sizes(tau), th_sizes(a), sizeof(int64_t) * nb)) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "tau must have the batch dimensions of A and one more");
    return -1;
  }
  if (m < n) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "input.shape[-2] must be greater than or equal to "
              "input.shape[-1]");
    return -1;
  }
  if (k > n) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "input.shape[-1] must be greater than or equal to "
              "tau.shape[-1]");
    return -1;
  }
  THTensor *in[2] = {a, tau}, *tc = NULL;
  THResult res[1] = {{0}};
  int rc = -1;
  if (!th_result_open(&res[0], q, "Q", t, a->nDimension, th_sizes(a), 1, in, 2, fn) &&
      (THTensor_isSetTo(res[0].work, a) || !THTensor_copy(res[0].work, a)) &&
      (tc = THTensor_newContiguous(tau)))
    rc = orgqr_batch(t, th_result_data(&res[0]), m * n, th_tensor_numel(tc) ? th_tensor_bytes(tc) : NULL,
                     k, th_lapack_count(a, nb), m, n, k);
  THTensor_free(tc);
  return close_all(res, 1, rc);
}

static void ormqr_one(THScalarType t, char side, char trans, int m, int n, int k, const void *a,
                      int lda, const void *tau, void *c, void *work, int lwork, int *info) {
  int ldc = imax1(m);
  switch (t) {
    case TH_FLOAT32:
      scipy_LAPACK_sormqr(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info);
      break;
    case TH_FLOAT64:
      scipy_LAPACK_dormqr(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info);
      break;
    case TH_COMPLEX64:
      scipy_LAPACK_cunmqr(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info);
      break;
    default:
      scipy_LAPACK_zunmqr(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info);
  }
}

int THTensor_ormqr(THTensor *r, THTensor *a, THTensor *tau, THTensor *c, int left, int trans) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 0, fn) || th_lapack_check_input(c, "C", 0, fn)) return -1;
  if (!r || !tau) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", r ? "tau" : "the result");
    return -1;
  }
  TH_CHECK_TENSOR_AS(tau, fn, -1);
  THScalarType t = a->storage->dtype;
  int nb = a->nDimension - 2;
  if (tau->storage->dtype != t || c->storage->dtype != t) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "A, tau and C must have one dtype");
    return -1;
  }
  if (th_lapack_check_batch(a, "A", c, "C", fn)) return -1;
  int64_t mc = SIZE(c, 2), nc = SIZE(c, 1), mq = left ? mc : nc;
  int64_t k = tau->nDimension ? th_sizes(tau)[tau->nDimension - 1] : 0;
  if (tau->nDimension != nb + 1 || memcmp(th_sizes(tau), th_sizes(a), sizeof(int64_t) * nb) ||
      SIZE(a, 2) != mq || k > mq || k > SIZE(a, 1)) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "A (%lld x %lld) and tau (%lld) do not fit C's %s "
              "dimension (%lld)", (long long)SIZE(a, 2), (long long)SIZE(a, 1), (long long)k,
              left ? "first" : "second", (long long)mq);
    return -1;
  }
  THTensor *in[3] = {a, tau, c}, *af = NULL, *tc = NULL, *work = NULL;
  THResult res[1] = {{0}};
  int rc = -1;
  if (th_result_open(&res[0], r, "the result", t, c->nDimension, th_sizes(c), 1, in, 3, fn) ||
      !(THTensor_isSetTo(res[0].work, c) || !THTensor_copy(res[0].work, c)) ||
      !(af = th_lapack_new_fortran(a, fn)) || !(tc = THTensor_newContiguous(tau)))
    goto done;
  int64_t count = th_lapack_count(a, nb), es = elsize(t), na = SIZE(a, 1);
  if (count && mc && nc && k) {
    char side = left ? 'L' : 'R', op = trans ? (THScalarType_isComplex(t) ? 'C' : 'T') : 'N';
    char query[16], *cd = th_result_data(&res[0]), *ad = th_tensor_bytes(af);
    char *td = th_tensor_bytes(tc);
    int info, lda = imax1(mq);
    ormqr_one(t, side, op, (int)mc, (int)nc, (int)k, ad, lda, td, cd, query, -1, &info);
    if (!(work = new_work(t, query))) goto done;
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++)
      ormqr_one(t, side, op, (int)mc, (int)nc, (int)k, ad + i * mq * na * es, lda,
                td + i * k * es, cd + i * mc * nc * es, th_tensor_bytes(work),
                (int)THTensor_nElement(work), &info);
  }
  rc = 0;
done:
  THTensor_free(af);
  THTensor_free(tc);
  THTensor_free(work);
  return close_all(res, 1, rc);
}

int THTensor_qr(THTensor *q, THTensor *r, THTensor *a, int complete) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 0, fn)) return -1;
  if (!r) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "R is NULL");
    return -1;
  }
  THScalarType t = a->storage->dtype;
  int nd = a->nDimension, nb = nd - 2;
  int64_t m = SIZE(a, 2), n = SIZE(a, 1), k = m < n ? m : n;
  int64_t rrows = complete ? m : k, qcols = complete ? m : k, size[66];
  memcpy(size, th_sizes(a), sizeof(int64_t) * (size_t)nb);
  THTensor *in[1] = {a}, *part = NULL, *qpart = NULL;
  THResult res[4] = {{0}}; /* W (a's factors), tau, R, Q */
  int rc = -1;
  int64_t count = th_lapack_count(a, nb);
  size[nb] = k;
  if (th_result_open(&res[0], NULL, "QR", t, nd, th_sizes(a), 1, in, 1, fn) ||
      th_result_open(&res[1], NULL, "tau", t, nb + 1, size, 0, in, 1, fn) ||
      THTensor_copy(res[0].work, a) ||
      geqrf_batch(t, th_result_data(&res[0]), th_result_data(&res[1]), count, m, n))
    goto done;
  size[nb] = rrows, size[nb + 1] = n;
  if (th_result_open(&res[2], r, "R", t, nd, size, 1, in, 1, fn) ||
      !(part = THTensor_newNarrow(res[0].work, nd - 2, 0, rrows)) ||
      THTensor_copy(res[2].work, part))
    goto done;
  if (count && rrows && n)
    th_lapack_zero_triangle(t, th_result_data(&res[2]), count, rrows, n, rrows * n, 1);
  if (q) {
    size[nb] = m, size[nb + 1] = qcols;
    THTensor_free(part);
    part = NULL;
    int64_t shared = qcols < n ? qcols : n; /* the columns W and Q share */
    if (th_result_open(&res[3], q, "Q", t, nd, size, 1, in, 1, fn) ||
        !(part = THTensor_newNarrow(res[0].work, nd - 1, 0, shared)) ||
        !(qpart = THTensor_newNarrow(res[3].work, nd - 1, 0, shared)) ||
        THTensor_copy(qpart, part) ||
        orgqr_batch(t, th_result_data(&res[3]), m * qcols, th_result_data(&res[1]), k, count,
                    m, qcols, k))
      goto done;
  }
  rc = 0;
done:
  THTensor_free(part);
  THTensor_free(qpart);
  return close_all(res, 4, rc);
}
