/* Spectral decompositions and least squares (THTensorLapack.h): syev
 * (syevd/heevd), geev, gesdd and gels (gels, gelsy, gelsd, gelss), over
 * batches of column-major matrices as THTensorLapack.c's routines. The
 * workspace is asked for once per call and shared by the batch. */
#include <float.h>
#include <math.h>
#include <stdio.h>
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

static THScalarType complex_of(THScalarType t) {
  return t == TH_FLOAT32 || t == TH_COMPLEX64 ? TH_COMPLEX64 : TH_COMPLEX128;
}

/* A workspace of n elements of t, at least one (NULL: MemoryError set). */
static THTensor *new_work(THScalarType t, int64_t n) {
  return THTensor_newWithSize1d(t, n > 1 ? n : 1);
}

static void converge_message(char *buf, size_t cap, int info) {
  snprintf(buf, cap, "The algorithm failed to converge because the input matrix is "
           "ill-conditioned or has too many repeated singular values (error code: %d).", info);
}

static void eigen_message(char *buf, size_t cap, int info) {
  snprintf(buf, cap, "The algorithm failed to converge because the input matrix is "
           "ill-conditioned or has too many repeated eigenvalues (error code: %d).", info);
}

static void rank_message(char *buf, size_t cap, int info) {
  snprintf(buf, cap, "The least squares solution could not be computed because the input "
           "matrix does not have full rank (error code: %d).", info);
}

/* ------------------------------------------------------------ syevd/heevd */

static void syevd_one(THScalarType t, char jobz, char uplo, int n, void *a, void *w, void *work,
                      int lwork, void *rwork, int lrwork, int *iwork, int liwork, int *info) {
  int lda = imax1(n);
  switch (t) {
    case TH_FLOAT32:
      scipy_LAPACK_ssyevd(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info);
      break;
    case TH_FLOAT64:
      scipy_LAPACK_dsyevd(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info);
      break;
    case TH_COMPLEX64:
      scipy_LAPACK_cheevd(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork, &lrwork, iwork, &liwork,
                    info);
      break;
    default:
      scipy_LAPACK_zheevd(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork, &lrwork, iwork, &liwork,
                    info);
  }
}

int THTensor_syev(THTensor *w, THTensor *v, THTensor *info, THTensor *a, int upper) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 1, fn)) return -1;
  if (!w) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "the eigenvalues' tensor is NULL");
    return -1;
  }
  THScalarType t = a->storage->dtype, real = th_lapack_real(t);
  int nd = a->nDimension, nb = nd - 2;
  int64_t n = SIZE(a, 1), size[66], count = th_lapack_count(a, nb);
  memcpy(size, th_sizes(a), sizeof(int64_t) * (size_t)nb);
  size[nb] = n;
  THTensor *in[1] = {a}, *work = NULL, *rwork = NULL, *iwork = NULL;
  THResult res[3] = {{0}};
  int rc = -1;
  if (th_result_open(&res[0], v, "eigenvectors", t, nd, th_sizes(a), 1, in, 1, fn) ||
      th_result_open(&res[1], w, "eigenvalues", real, nb + 1, size, 0, in, 1, fn) ||
      th_result_open(&res[2], info, "info", TH_INT32, nb, size, 0, in, 1, fn) ||
      (!THTensor_isSetTo(res[0].work, a) && THTensor_copy(res[0].work, a)))
    goto done;
  int32_t *infos = (int32_t *)th_result_data(&res[2]);
  if (count) memset(infos, 0, sizeof(int32_t) * (size_t)count);
  if (count && n) {
    char jobz = v ? 'V' : 'N', uplo = upper ? 'U' : 'L', q[16], rq[16];
    int qi, nn = (int)n, status;
    syevd_one(t, jobz, uplo, nn, th_result_data(&res[0]), th_result_data(&res[1]), q, -1, rq, -1,
              &qi, -1, &status);
    int lwork = th_lapack_work_size(t, q);
    int lrwork = THScalarType_isComplex(t) ? th_lapack_work_size(real, rq) : 1;
    if (!(work = new_work(t, lwork)) || !(rwork = new_work(real, lrwork)) ||
        !(iwork = new_work(TH_INT32, qi)))
      goto done;
    char *ad = th_result_data(&res[0]), *wd = th_result_data(&res[1]);
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++)
      syevd_one(t, jobz, uplo, nn, ad + i * n * n * elsize(t), wd + i * n * elsize(real),
                th_tensor_bytes(work), lwork, th_tensor_bytes(rwork), lrwork,
                (int *)th_tensor_bytes(iwork), (int)THTensor_nElement(iwork), &infos[i]);
  }
  rc = info ? 0 : th_lapack_report_info(infos, count, nb > 0, eigen_message, fn);
done:
  THTensor_free(work);
  THTensor_free(rwork);
  THTensor_free(iwork);
  return close_all(res, 3, rc);
}

/* ------------------------------------------------------------------- geev */

static void geev_one(THScalarType t, char jobvr, int n, void *a, void *w, void *wi, void *vr,
                     void *work, int lwork, void *rwork, int *info) {
  char jobvl = 'N';
  int lda = imax1(n), ldvl = 1, ldvr = imax1(n);
  switch (t) {
    case TH_FLOAT32:
      scipy_LAPACK_sgeev(&jobvl, &jobvr, &n, a, &lda, w, wi, NULL, &ldvl, vr, &ldvr, work, &lwork,
                   info);
      break;
    case TH_FLOAT64:
      scipy_LAPACK_dgeev(&jobvl, &jobvr, &n, a, &lda, w, wi, NULL, &ldvl, vr, &ldvr, work, &lwork,
                   info);
      break;
    case TH_COMPLEX64:
      scipy_LAPACK_cgeev(&jobvl, &jobvr, &n, a, &lda, w, NULL, &ldvl, vr, &ldvr, work, &lwork, rwork,
                   info);
      break;
    default:
      scipy_LAPACK_zgeev(&jobvl, &jobvr, &n, a, &lda, w, NULL, &ldvl, vr, &ldvr, work, &lwork, rwork,
                   info);
  }
}

/* A real geev's eigenvalues (wr, wi) and packed eigenvectors (vr: a
 * conjugate pair's real and imaginary parts in two columns) as complex
 * ones, into w and v (NULL: none). */
static void unpack_real_eigen(int single, int64_t n, const char *wr, const char *wi,
                              const char *vr, char *w, char *v) {
#define UNPACK(T)                                                                        \
  do {                                                                                   \
    const T *re = (const T *)wr, *im = (const T *)wi, *x = (const T *)vr;                \
    T *wo = (T *)w, *vo = (T *)v;                                                        \
    for (int64_t j = 0; j < n; j++) wo[2 * j] = re[j], wo[2 * j + 1] = im[j];            \
    for (int64_t j = 0; vo && j < n; j++) {                                              \
      if (im[j] != 0 && j + 1 < n) { /* columns j, j+1: u + iv and u - iv */             \
        for (int64_t i = 0; i < n; i++) {                                                \
          T u = x[j * n + i], s = x[(j + 1) * n + i];                                    \
          vo[2 * (j * n + i)] = u, vo[2 * (j * n + i) + 1] = s;                          \
          vo[2 * ((j + 1) * n + i)] = u, vo[2 * ((j + 1) * n + i) + 1] = -s;             \
        }                                                                                \
        j++;                                                                             \
      } else {                                                                           \
        for (int64_t i = 0; i < n; i++)                                                  \
          vo[2 * (j * n + i)] = x[j * n + i], vo[2 * (j * n + i) + 1] = 0;               \
      }                                                                                  \
    }                                                                                    \
  } while (0)
  if (single) UNPACK(float);
  else UNPACK(double);
#undef UNPACK
}

int THTensor_geev(THTensor *w, THTensor *v, THTensor *info, THTensor *a) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 1, fn)) return -1;
  if (!w) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "the eigenvalues' tensor is NULL");
    return -1;
  }
  THScalarType t = a->storage->dtype, real = th_lapack_real(t), ct = complex_of(t);
  int cplx = THScalarType_isComplex(t), nd = a->nDimension, nb = nd - 2;
  int64_t n = SIZE(a, 1), size[66], count = th_lapack_count(a, nb);
  memcpy(size, th_sizes(a), sizeof(int64_t) * (size_t)nb);
  size[nb] = n;
  THTensor *in[1] = {a}, *work = NULL, *rwork = NULL, *wr = NULL, *wi = NULL, *vr = NULL;
  THResult res[4] = {{0}}; /* A's copy, w, v, info */
  int rc = -1;
  if (th_result_open(&res[0], NULL, "A", t, nd, th_sizes(a), 1, in, 1, fn) ||
      THTensor_copy(res[0].work, a) ||
      th_result_open(&res[1], w, "eigenvalues", ct, nb + 1, size, 0, in, 1, fn) ||
      (v && th_result_open(&res[2], v, "eigenvectors", ct, nd, th_sizes(a), 1, in, 1, fn)) ||
      th_result_open(&res[3], info, "info", TH_INT32, nb, size, 0, in, 1, fn))
    goto done;
  int32_t *infos = (int32_t *)th_result_data(&res[3]);
  if (count) memset(infos, 0, sizeof(int32_t) * (size_t)count);
  if (count && n) {
    char jobvr = v ? 'V' : 'N', q[16];
    int nn = (int)n, status;
    /* the query is given real arrays: LAPACK's geev may look at them */
    if (!(rwork = new_work(real, 2 * n)) ||
        (!cplx && (!(wr = new_work(real, n)) || !(wi = new_work(real, n)) ||
                   !(vr = new_work(real, n * n)))))
      goto done;
    char *ad = th_result_data(&res[0]), *wd = th_result_data(&res[1]);
    char *vd = v ? th_result_data(&res[2]) : NULL;
    if (cplx)
      geev_one(t, jobvr, nn, ad, wd, NULL, vd, q, -1, th_tensor_bytes(rwork), &status);
    else
      geev_one(t, jobvr, nn, ad, th_tensor_bytes(wr), th_tensor_bytes(wi), th_tensor_bytes(vr), q,
               -1, NULL, &status);
    int lwork = th_lapack_work_size(t, q);
    if (!(work = new_work(t, lwork))) goto done;
    if (!v) {
      THTensor_free(vr);
      vr = NULL;
    }
    int64_t es = elsize(t), ces = elsize(ct);
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++) {
      char *ai = ad + i * n * n * es, *wo = wd + i * n * ces, *vo = vd ? vd + i * n * n * ces : NULL;
      if (cplx) {
        geev_one(t, jobvr, nn, ai, wo, NULL, vo, th_tensor_bytes(work), lwork,
                 th_tensor_bytes(rwork), &infos[i]);
      } else {
        geev_one(t, jobvr, nn, ai, th_tensor_bytes(wr), th_tensor_bytes(wi),
                 vr ? th_tensor_bytes(vr) : NULL, th_tensor_bytes(work), lwork, NULL, &infos[i]);
        unpack_real_eigen(t == TH_FLOAT32, n, th_tensor_bytes(wr), th_tensor_bytes(wi),
                          vr ? th_tensor_bytes(vr) : NULL, wo, vo);
      }
    }
  }
  rc = info ? 0 : th_lapack_report_info(infos, count, nb > 0, eigen_message, fn);
done:
  THTensor_free(work);
  THTensor_free(rwork);
  THTensor_free(wr);
  THTensor_free(wi);
  THTensor_free(vr);
  return close_all(res, 4, rc);
}

/* ----------------------------------------------------------------- gesdd */

static void gesdd_one(THScalarType t, char jobz, int m, int n, void *a, void *s, void *u,
                      int ldu, void *vt, int ldvt, void *work, int lwork, void *rwork, int *iwork,
                      int *info) {
  int lda = imax1(m);
  switch (t) {
    case TH_FLOAT32:
      scipy_LAPACK_sgesdd(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info);
      break;
    case TH_FLOAT64:
      scipy_LAPACK_dgesdd(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, info);
      break;
    case TH_COMPLEX64:
      scipy_LAPACK_cgesdd(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, rwork, iwork,
                    info);
      break;
    default:
      scipy_LAPACK_zgesdd(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, rwork, iwork,
                    info);
  }
}

/* Identity matrices (the columns an empty A leaves U and Vh), count of
 * rows x cols column-major. */
static void set_identity(THScalarType t, char *d, int64_t count, int64_t rows, int64_t cols) {
  int64_t es = elsize(t);
  if (!d) return;
  memset(d, 0, (size_t)(count * rows * cols * es));
  for (int64_t b = 0; b < count; b++)
    for (int64_t i = 0; i < rows && i < cols; i++) {
      char *e = d + (b * rows * cols + i * rows + i) * es;
      if (t == TH_FLOAT32 || t == TH_COMPLEX64) *(float *)e = 1;
      else *(double *)e = 1;
    }
}

int THTensor_gesdd(THTensor *u, THTensor *s, THTensor *vh, THTensor *info, THTensor *a,
                   int full) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 0, fn)) return -1;
  if (!s) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "the singular values' tensor is NULL");
    return -1;
  }
  THScalarType t = a->storage->dtype, real = th_lapack_real(t);
  int nd = a->nDimension, nb = nd - 2, vectors = u || vh;
  int64_t m = SIZE(a, 2), n = SIZE(a, 1), k = m < n ? m : n, count = th_lapack_count(a, nb);
  int64_t ucols = full ? m : k, vrows = full ? n : k, size[66];
  memcpy(size, th_sizes(a), sizeof(int64_t) * (size_t)nb);
  THTensor *in[1] = {a}, *work = NULL, *rwork = NULL, *iwork = NULL;
  THResult res[5] = {{0}}; /* A's copy, s, U, Vh, info */
  int rc = -1;
  size[nb] = k;
  if (th_result_open(&res[0], NULL, "A", t, nd, th_sizes(a), 1, in, 1, fn) ||
      THTensor_copy(res[0].work, a) ||
      th_result_open(&res[1], s, "S", real, nb + 1, size, 0, in, 1, fn) ||
      th_result_open(&res[4], info, "info", TH_INT32, nb, size, 0, in, 1, fn))
    goto done;
  if (vectors) {
    size[nb] = m, size[nb + 1] = ucols;
    if (th_result_open(&res[2], u, "U", t, nd, size, 1, in, 1, fn)) goto done;
    size[nb] = vrows, size[nb + 1] = n;
    if (th_result_open(&res[3], vh, "Vh", t, nd, size, 1, in, 1, fn)) goto done;
  }
  int32_t *infos = (int32_t *)th_result_data(&res[4]);
  if (count) memset(infos, 0, sizeof(int32_t) * (size_t)count);
  if (count && vectors && !k) { /* nothing to decompose: U and Vh are identities */
    set_identity(t, th_result_data(&res[2]), count, m, ucols);
    set_identity(t, th_result_data(&res[3]), count, vrows, n);
  }
  if (count && k) {
    char jobz = !vectors ? 'N' : full ? 'A' : 'S', q[48];
    int mm = (int)m, nn = (int)n, ldu = imax1(m), ldvt = imax1(vrows), status;
    int qi[8];
    gesdd_one(t, jobz, mm, nn, th_result_data(&res[0]), th_result_data(&res[1]),
              vectors ? th_result_data(&res[2]) : NULL, ldu,
              vectors ? th_result_data(&res[3]) : NULL, ldvt, q, -1, q + 16, qi, &status);
    int lwork = th_lapack_work_size(t, q);
    int64_t mx = m > n ? m : n;
    int64_t lrwork = !THScalarType_isComplex(t) ? 1 : !vectors ? 7 * k
                   : (5 * k * k + 5 * k > 2 * mx * k + 2 * k * k + k ? 5 * k * k + 5 * k
                                                                      : 2 * mx * k + 2 * k * k + k);
    if (!(work = new_work(t, lwork)) || !(rwork = new_work(real, lrwork)) ||
        !(iwork = new_work(TH_INT32, 8 * k)))
      goto done;
    char *ad = th_result_data(&res[0]), *sd = th_result_data(&res[1]);
    char *ud = vectors ? th_result_data(&res[2]) : NULL, *vd = vectors ? th_result_data(&res[3]) : NULL;
    int64_t es = elsize(t);
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++)
      gesdd_one(t, jobz, mm, nn, ad + i * m * n * es, sd + i * k * elsize(real),
                ud ? ud + i * m * ucols * es : NULL, ldu, vd ? vd + i * vrows * n * es : NULL,
                ldvt, th_tensor_bytes(work), lwork, th_tensor_bytes(rwork),
                (int *)th_tensor_bytes(iwork), &infos[i]);
  }
  rc = info ? 0 : th_lapack_report_info(infos, count, nb > 0, converge_message, fn);
done:
  THTensor_free(work);
  THTensor_free(rwork);
  THTensor_free(iwork);
  return close_all(res, 5, rc);
}

/* --------------------------------------------------------- least squares */

typedef struct Lstsq {
  THScalarType t;
  THLstsqDriver driver;
  int m, n, nrhs, lda, ldb;
  double rcond;
} Lstsq;

/* One least-squares call (lwork -1: the query, answered in work[0],
 * iwork[0] and rwork[0]). */
static void lstsq_one(const Lstsq *p, void *a, void *b, int *jpvt, void *s, int *rank,
                      void *work, int lwork, void *rwork, int *iwork, int *info) {
  int m = p->m, n = p->n, nrhs = p->nrhs, lda = p->lda, ldb = p->ldb;
  float rf = (float)p->rcond;
  double rd = p->rcond;
  char trans = 'N';
  THScalarType t = p->t;
  switch (p->driver) {
    case TH_LSTSQ_GELS:
      if (t == TH_FLOAT32) scipy_LAPACK_sgels(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info);
      else if (t == TH_FLOAT64) scipy_LAPACK_dgels(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info);
      else if (t == TH_COMPLEX64) scipy_LAPACK_cgels(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info);
      else scipy_LAPACK_zgels(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info);
      break;
    case TH_LSTSQ_GELSY:
      if (t == TH_FLOAT32) LAPACK_sgelsy(&m, &n, &nrhs, a, &lda, b, &ldb, jpvt, &rf, rank, work, &lwork, info);
      else if (t == TH_FLOAT64) LAPACK_dgelsy(&m, &n, &nrhs, a, &lda, b, &ldb, jpvt, &rd, rank, work, &lwork, info);
      else if (t == TH_COMPLEX64) LAPACK_cgelsy(&m, &n, &nrhs, a, &lda, b, &ldb, jpvt, &rf, rank, work, &lwork, rwork, info);
      else LAPACK_zgelsy(&m, &n, &nrhs, a, &lda, b, &ldb, jpvt, &rd, rank, work, &lwork, rwork, info);
      break;
    case TH_LSTSQ_GELSD:
      if (t == TH_FLOAT32) LAPACK_sgelsd(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rf, rank, work, &lwork, iwork, info);
      else if (t == TH_FLOAT64) LAPACK_dgelsd(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rd, rank, work, &lwork, iwork, info);
      else if (t == TH_COMPLEX64) LAPACK_cgelsd(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rf, rank, work, &lwork, rwork, iwork, info);
      else LAPACK_zgelsd(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rd, rank, work, &lwork, rwork, iwork, info);
      break;
    default:
      if (t == TH_FLOAT32) LAPACK_sgelss(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rf, rank, work, &lwork, info);
      else if (t == TH_FLOAT64) LAPACK_dgelss(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rd, rank, work, &lwork, info);
      else if (t == TH_COMPLEX64) LAPACK_cgelss(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rf, rank, work, &lwork, rwork, info);
      else LAPACK_zgelss(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rd, rank, work, &lwork, rwork, info);
  }
}

/* The squared norm of rows [n, m) of each column of count m x k matrices
 * (column-major, ld m) into res (real, k each). */
static void residual_norms(THScalarType t, const char *b, int64_t ld, int64_t count, int64_t m,
                           int64_t n, int64_t k, char *res) {
  int cplx = THScalarType_isComplex(t), single = t == TH_FLOAT32 || t == TH_COMPLEX64;
  int64_t es = elsize(t);
  for (int64_t i = 0; i < count; i++)
    for (int64_t j = 0; j < k; j++) {
      double sum = 0;
      for (int64_t r = n; r < m; r++) {
        const char *e = b + ((i * k + j) * ld + r) * es;
        double re = single ? ((const float *)e)[0] : ((const double *)e)[0];
        double im = !cplx ? 0 : single ? ((const float *)e)[1] : ((const double *)e)[1];
        sum += re * re + im * im;
      }
      if (single) ((float *)res)[i * k + j] = (float)sum;
      else ((double *)res)[i * k + j] = sum;
    }
}

int THTensor_gels(THTensor *x, THTensor *residuals, THTensor *rank, THTensor *sv, THTensor *a,
                  THTensor *b, THLstsqDriver driver, double rcond) {
  const char *fn = __func__;
  if (th_lapack_check_input(a, "A", 0, fn) || th_lapack_check_input(b, "B", 0, fn)) return -1;
  if (!x) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "the solution's tensor is NULL");
    return -1;
  }
  if (driver < TH_LSTSQ_GELS || driver > TH_LSTSQ_GELSS) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "unknown driver %d", (int)driver);
    return -1;
  }
  THScalarType t = a->storage->dtype, real = th_lapack_real(t);
  if (b->storage->dtype != t) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "Expected A and B to have the same dtype, but found A of "
              "type %s and B of type %s instead", THScalarType_name(t),
              THScalarType_name(b->storage->dtype));
    return -1;
  }
  if (th_lapack_check_batch(a, "A", b, "B", fn)) return -1;
  int nd = a->nDimension, nb = nd - 2;
  int64_t m = SIZE(a, 2), n = SIZE(a, 1), k = SIZE(b, 1), mx = m > n ? m : n, mn = m < n ? m : n;
  if (SIZE(b, 2) != m) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "input.size(-2) should match other.size(-2): %lld vs %lld",
              (long long)m, (long long)SIZE(b, 2));
    return -1;
  }
  int64_t count = th_lapack_count(a, nb), size[66], empty = 0;
  memcpy(size, th_sizes(a), sizeof(int64_t) * (size_t)nb);
  THTensor *in[2] = {a, b}, *bpart = NULL, *work = NULL, *rwork = NULL, *iwork = NULL, *jpvt = NULL;
  THTensor *rank32 = NULL;
  THResult res[4] = {{0}}; /* A's copy, B's (mx rows), S, X */
  int rc = -1;
  size[nb] = mx, size[nb + 1] = k;
  if (th_result_open(&res[0], NULL, "A", t, nd, th_sizes(a), 1, in, 2, fn) ||
      THTensor_copy(res[0].work, a) ||
      th_result_open(&res[1], NULL, "B", t, nd, size, 1, in, 2, fn) ||
      !(bpart = THTensor_newNarrow(res[1].work, nd - 2, 0, m)) || THTensor_copy(bpart, b))
    goto done;
  size[nb] = mn;
  int svd = driver == TH_LSTSQ_GELSD || driver == TH_LSTSQ_GELSS;
  if (th_result_open(&res[2], svd ? sv : NULL, "singular_values", real, nb + 1, size, 0, in, 2,
                     fn) ||
      !(rank32 = THTensor_newWithSize(TH_INT32, nb, th_sizes(a), NULL)))
    goto done;
  int32_t *ranks = (int32_t *)th_tensor_bytes(rank32);
  for (int64_t i = 0; i < count; i++) ranks[i] = (int32_t)mn;
  Lstsq p = {t, driver, (int)m, (int)n, (int)k, imax1(m), imax1(mx),
             rcond >= 0 ? rcond : (t == TH_FLOAT32 || t == TH_COMPLEX64 ? FLT_EPSILON
                                                                       : DBL_EPSILON) * (double)mx};
  if (count && m && n) {
    char q[16], rq[16] = {0};
    int iq = 1, rk, status;
    lstsq_one(&p, th_result_data(&res[0]), th_result_data(&res[1]), &iq,
              th_result_data(&res[2]), &rk, q, -1, rq, &iq, &status);
    int lwork = th_lapack_work_size(t, q);
    int64_t lrwork = driver == TH_LSTSQ_GELSD ? th_lapack_work_size(real, rq)
                     : driver == TH_LSTSQ_GELSY ? 2 * n : 5 * mn;
    if (!(work = new_work(t, lwork)) || !(rwork = new_work(real, lrwork)) ||
        !(iwork = new_work(TH_INT32, iq > 1 ? iq : 1)) || !(jpvt = new_work(TH_INT32, n)))
      goto done;
    char *ad = th_result_data(&res[0]), *bd = th_result_data(&res[1]);
    char *sd = th_result_data(&res[2]);
    int32_t *jp = (int32_t *)th_tensor_bytes(jpvt);
    int64_t es = elsize(t);
    th_blas_set_threads(THGetNumThreads());
    for (int64_t i = 0; i < count; i++) {
      int info = 0, r = (int)mn;
      memset(jp, 0, sizeof(int32_t) * (size_t)n);
      if (k || driver != TH_LSTSQ_GELS)
        lstsq_one(&p, ad + i * m * n * es, k ? bd + i * mx * k * es : bd, jp,
                  sd ? sd + i * mn * elsize(real) : NULL, &r, th_tensor_bytes(work), lwork,
                  th_tensor_bytes(rwork), (int *)th_tensor_bytes(iwork), &info);
      if (driver == TH_LSTSQ_GELS && info > 0) {
        char text[256];
        rank_message(text, sizeof text, info);
        if (nb) TH_ERR_FN(TH_ERROR_RUNTIME, fn, "(Batch element %lld): %s", (long long)i, text);
        else TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s", text);
        goto done;
      }
      if (info > 0) {
        char text[256];
        converge_message(text, sizeof text, info);
        TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s", text);
        goto done;
      }
      ranks[i] = r;
    }
  } else if (count) {
    for (int64_t i = 0; i < count; i++) ranks[i] = 0;
  }
  /* the solution: B's first n rows */
  size[nb] = n, size[nb + 1] = k;
  THTensor_free(bpart);
  bpart = NULL;
  if (th_result_open(&res[3], x, "solution", t, nd, size, 1, in, 2, fn) ||
      !(bpart = THTensor_newNarrow(res[1].work, nd - 2, 0, n)))
    goto done;
  if (THTensor_copy(res[3].work, bpart)) goto done;
  if (rank) {
    int have = driver != TH_LSTSQ_GELS;
    if (th_resize_result(rank, have ? nb : 1, have ? th_sizes(a) : &empty, fn) ||
        (have && THTensor_copy(rank, rank32)))
      goto done;
  }
  if (sv && !svd && THTensor_resizeNd(sv, 1, &empty, NULL)) goto done;
  if (residuals) {
    int full_rank = m > n && driver != TH_LSTSQ_GELSY; /* torch's gelsy gives none */
    for (int64_t i = 0; full_rank && driver != TH_LSTSQ_GELS && i < count; i++)
      full_rank = ranks[i] == n;
    if (!full_rank) {
      if (THTensor_resizeNd(residuals, 1, &empty, NULL)) goto done;
    } else {
      THResult rr = {0};
      size[nb] = k;
      if (th_result_open(&rr, residuals, "residuals", real, nb + 1, size, 0, in, 2, fn))
        goto done;
      if (count && k)
        residual_norms(t, th_result_data(&res[1]), mx, count, m, n, k, th_result_data(&rr));
      if (th_result_close(&rr, 0)) goto done;
    }
  }
  rc = 0;
done:
  THTensor_free(bpart);
  THTensor_free(work);
  THTensor_free(rwork);
  THTensor_free(iwork);
  THTensor_free(jpvt);
  THTensor_free(rank32);
  return close_all(res, 4, rc);
}
