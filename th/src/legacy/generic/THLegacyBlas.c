/* TH<Real>Blas_*: TH v0.4's typed BLAS (generic/THBlas.c), column-major as
 * BLAS. float and double go to th's OpenBLAS when the sizes fit BLAS's int
 * (and, for gemv and ger, the increments are positive), else to TH's loops;
 * the integer types always loop, wrapping as TH's arithmetic did (computed
 * in uint64_t here: no signed overflow). */
#undef THStorage
#undef THTensor

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define LB_MUL(a, b) ((a) * (b))
#define LB_ADD(a, b) ((a) + (b))
#define LB_BLAS 1
#if defined(TH_REAL_IS_FLOAT)
#define LB_CBLAS(name) scipy_cblas_s##name
#else
#define LB_CBLAS(name) scipy_cblas_d##name
#endif
#else
#define LB_MUL(a, b) ((real)((uint64_t)(a) * (uint64_t)(b)))
#define LB_ADD(a, b) ((real)((uint64_t)(a) + (uint64_t)(b)))
#define LB_BLAS 0
#endif

void THBlas_(swap)(int64_t n, real *x, int64_t incx, real *y, int64_t incy) {
  if (n == 1) incx = incy = 1;
#if LB_BLAS
  if (lb_fits(n) && lb_fits(incx) && lb_fits(incy)) {
    LB_CBLAS(swap)((int)n, x, (int)incx, y, (int)incy);
    return;
  }
#endif
  for (int64_t i = 0; i < n; i++) {
    real z = x[i * incx];
    x[i * incx] = y[i * incy];
    y[i * incy] = z;
  }
}

void THBlas_(scal)(int64_t n, real a, real *x, int64_t incx) {
  if (n == 1) incx = 1;
#if LB_BLAS
  if (lb_fits(n) && lb_fits(incx)) {
    LB_CBLAS(scal)((int)n, a, x, (int)incx);
    return;
  }
#endif
  for (int64_t i = 0; i < n; i++) x[i * incx] = a == 0 ? 0 : LB_MUL(x[i * incx], a);
}

void THBlas_(copy)(int64_t n, real *x, int64_t incx, real *y, int64_t incy) {
  if (n == 1) incx = incy = 1;
#if LB_BLAS
  if (lb_fits(n) && lb_fits(incx) && lb_fits(incy)) {
    LB_CBLAS(copy)((int)n, x, (int)incx, y, (int)incy);
    return;
  }
#endif
  for (int64_t i = 0; i < n; i++) y[i * incy] = x[i * incx];
}

void THBlas_(axpy)(int64_t n, real a, real *x, int64_t incx, real *y, int64_t incy) {
  if (n == 1) incx = incy = 1;
#if LB_BLAS
  if (lb_fits(n) && lb_fits(incx) && lb_fits(incy)) {
    LB_CBLAS(axpy)((int)n, a, x, (int)incx, y, (int)incy);
    return;
  }
#endif
  for (int64_t i = 0; i < n; i++) y[i * incy] = LB_ADD(y[i * incy], LB_MUL(a, x[i * incx]));
}

real THBlas_(dot)(int64_t n, real *x, int64_t incx, real *y, int64_t incy) {
  if (n == 1) incx = incy = 1;
#if LB_BLAS
  if (lb_fits(n) && lb_fits(incx) && lb_fits(incy))
    return (real)LB_CBLAS(dot)((int)n, x, (int)incx, y, (int)incy);
#endif
  real sum = 0;
  for (int64_t i = 0; i < n; i++) sum = LB_ADD(sum, LB_MUL(x[i * incx], y[i * incy]));
  return sum;
}

void THBlas_(gemv)(char trans, int64_t m, int64_t n, real alpha, real *a, int64_t lda, real *x,
                   int64_t incx, real beta, real *y, int64_t incy) {
  int t = lb_trans(trans, 1, __func__);
  if (n == 1) lda = m;
  THArgCheck(lda >= THMax(1, m), 6, "%s: lda should be at least max(1, m=%" PRId64
             "), but have %" PRId64, __func__, m, lda);
#if LB_BLAS
  if (lb_fits(m) && lb_fits(n) && lb_fits(lda) && incx > 0 && lb_fits(incx) && incy > 0 &&
      lb_fits(incy)) {
    th_blas_set_threads(THGetNumThreads());
    LB_CBLAS(gemv)(CblasColMajor, t ? CblasTrans : CblasNoTrans, (int)m, (int)n, alpha, a,
                   (int)lda, x, (int)incx, beta, y, (int)incy);
    return;
  }
#endif
  if (t) {
    for (int64_t i = 0; i < n; i++) {
      real sum = 0, *row = a + lda * i;
      for (int64_t j = 0; j < m; j++) sum = LB_ADD(sum, LB_MUL(x[j * incx], row[j]));
      if (beta == 0)
        y[i * incy] = LB_MUL(alpha, sum);
      else
        y[i * incy] = LB_ADD(LB_MUL(beta, y[i * incy]), LB_MUL(alpha, sum));
    }
  } else {
    if (beta != 1) THBlas_(scal)(m, beta, y, incy);
    for (int64_t j = 0; j < n; j++) {
      real *column = a + lda * j, z = LB_MUL(alpha, x[j * incx]);
      for (int64_t i = 0; i < m; i++) y[i * incy] = LB_ADD(y[i * incy], LB_MUL(z, column[i]));
    }
  }
}

void THBlas_(ger)(int64_t m, int64_t n, real alpha, real *x, int64_t incx, real *y,
                  int64_t incy, real *a, int64_t lda) {
  if (n == 1) lda = m;
  THArgCheck(lda >= THMax(1, m), 9, "%s: lda should be at least max(1, m=%" PRId64
             "), but have %" PRId64, __func__, m, lda);
#if LB_BLAS
  if (lb_fits(m) && lb_fits(n) && lb_fits(lda) && incx > 0 && lb_fits(incx) && incy > 0 &&
      lb_fits(incy)) {
    th_blas_set_threads(THGetNumThreads());
    LB_CBLAS(ger)(CblasColMajor, (int)m, (int)n, alpha, x, (int)incx, y, (int)incy, a,
                  (int)lda);
    return;
  }
#endif
  for (int64_t j = 0; j < n; j++) {
    real *column = a + j * lda, z = LB_MUL(alpha, y[j * incy]);
    for (int64_t i = 0; i < m; i++) column[i] = LB_ADD(column[i], LB_MUL(z, x[i * incx]));
  }
}

void THBlas_(gemm)(char transa, char transb, int64_t m, int64_t n, int64_t k, real alpha,
                   real *a, int64_t lda, real *b, int64_t ldb, real beta, real *c,
                   int64_t ldc) {
  int ta = lb_trans(transa, 1, __func__), tb = lb_trans(transb, 2, __func__);
  /* TH's leading dims of a single row or column */
  if (n == 1) ldc = m;
  if (ta ? m == 1 : k == 1) lda = ta ? k : m;
  if (tb ? k == 1 : n == 1) ldb = tb ? n : k;
  THArgCheck(lda >= THMax(1, ta ? k : m), 8, "%s: lda should be at least max(1, %" PRId64
             "), but have %" PRId64, __func__, ta ? k : m, lda);
  THArgCheck(ldb >= THMax(1, tb ? n : k), 10, "%s: ldb should be at least max(1, %" PRId64
             "), but have %" PRId64, __func__, tb ? n : k, ldb);
  THArgCheck(ldc >= THMax(1, m), 13, "%s: ldc should be at least max(1, m=%" PRId64
             "), but have %" PRId64, __func__, m, ldc);
#if LB_BLAS
  if (lb_fits(m) && lb_fits(n) && lb_fits(k) && lb_fits(lda) && lb_fits(ldb) && lb_fits(ldc)) {
    th_blas_set_threads(THGetNumThreads());
    LB_CBLAS(gemm)(CblasColMajor, ta ? CblasTrans : CblasNoTrans, tb ? CblasTrans : CblasNoTrans,
                   (int)m, (int)n, (int)k, alpha, a, (int)lda, b, (int)ldb, beta, c, (int)ldc);
    return;
  }
#endif
  /* TH's loops: element (l) of row i of op(a) and of column j of op(b) */
  for (int64_t i = 0; i < m; i++) {
    for (int64_t j = 0; j < n; j++) {
      real sum = 0;
      for (int64_t l = 0; l < k; l++) {
        real av = ta ? a[i * lda + l] : a[l * lda + i];
        real bv = tb ? b[l * ldb + j] : b[j * ldb + l];
        sum = LB_ADD(sum, LB_MUL(av, bv));
      }
      if (beta == 0)
        c[j * ldc + i] = LB_MUL(alpha, sum);
      else
        c[j * ldc + i] = LB_ADD(LB_MUL(beta, c[j * ldc + i]), LB_MUL(alpha, sum));
    }
  }
}

#undef LB_MUL
#undef LB_ADD
#undef LB_BLAS
#undef LB_CBLAS
