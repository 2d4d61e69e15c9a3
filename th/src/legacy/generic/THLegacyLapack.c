/* TH<Real>Lapack_*: TH v0.4's typed LAPACK wrappers (generic/THLapack.c):
 * the Fortran routines of th's OpenBLAS (scipy-openblas32, whose int is
 * TH's), arguments passed through; errors are LAPACK's info, as in TH. */
#undef THStorage
#undef THTensor

#if defined(TH_REAL_IS_FLOAT)
#define LL_(name) LAPACK_s##name         /* routines without character arguments */
#define LL_C(name) scipy_LAPACK_s##name  /* with them (their lengths appended) */
#else
#define LL_(name) LAPACK_d##name
#define LL_C(name) scipy_LAPACK_d##name
#endif

void THLapack_(gesv)(int n, int nrhs, real *a, int lda, int *ipiv, real *b, int ldb,
                     int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_(gesv)(&n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}

void THLapack_(trtrs)(char uplo, char trans, char diag, int n, int nrhs, real *a, int lda,
                      real *b, int ldb, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(trtrs)(&uplo, &trans, &diag, &n, &nrhs, a, &lda, b, &ldb, info);
}

void THLapack_(gels)(char trans, int m, int n, int nrhs, real *a, int lda, real *b, int ldb,
                     real *work, int lwork, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(gels)(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, info);
}

void THLapack_(syev)(char jobz, char uplo, int n, real *a, int lda, real *w, real *work,
                     int lwork, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(syev)(&jobz, &uplo, &n, a, &lda, w, work, &lwork, info);
}

void THLapack_(geev)(char jobvl, char jobvr, int n, real *a, int lda, real *wr, real *wi,
                     real *vl, int ldvl, real *vr, int ldvr, real *work, int lwork, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(geev)(&jobvl, &jobvr, &n, a, &lda, wr, wi, vl, &ldvl, vr, &ldvr, work, &lwork, info);
}

void THLapack_(gesvd)(char jobu, char jobvt, int m, int n, real *a, int lda, real *s, real *u,
                      int ldu, real *vt, int ldvt, real *work, int lwork, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(gesvd)(&jobu, &jobvt, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, info);
}

void THLapack_(getrf)(int m, int n, real *a, int lda, int *ipiv, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_(getrf)(&m, &n, a, &lda, ipiv, info);
}

void THLapack_(getrs)(char trans, int n, int nrhs, real *a, int lda, int *ipiv, real *b,
                      int ldb, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(getrs)(&trans, &n, &nrhs, a, &lda, ipiv, b, &ldb, info);
}

void THLapack_(getri)(int n, real *a, int lda, int *ipiv, real *work, int lwork, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_(getri)(&n, a, &lda, ipiv, work, &lwork, info);
}

void THLapack_(potrf)(char uplo, int n, real *a, int lda, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(potrf)(&uplo, &n, a, &lda, info);
}

void THLapack_(potri)(char uplo, int n, real *a, int lda, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(potri)(&uplo, &n, a, &lda, info);
}

void THLapack_(potrs)(char uplo, int n, int nrhs, real *a, int lda, real *b, int ldb,
                      int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(potrs)(&uplo, &n, &nrhs, a, &lda, b, &ldb, info);
}

void THLapack_(pstrf)(char uplo, int n, real *a, int lda, int *piv, int *rank, real tol,
                      real *work, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(pstrf)(&uplo, &n, a, &lda, piv, rank, &tol, work, info);
}

void THLapack_(geqrf)(int m, int n, real *a, int lda, real *tau, real *work, int lwork,
                      int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_(geqrf)(&m, &n, a, &lda, tau, work, &lwork, info);
}

void THLapack_(orgqr)(int m, int n, int k, real *a, int lda, real *tau, real *work, int lwork,
                      int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_(orgqr)(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}

void THLapack_(ormqr)(char side, char trans, int m, int n, int k, real *a, int lda, real *tau,
                      real *c, int ldc, real *work, int lwork, int *info) {
  th_blas_set_threads(THGetNumThreads());
  LL_C(ormqr)(&side, &trans, &m, &n, &k, a, &lda, tau, c, &ldc, work, &lwork, info);
}

#undef LL_
#undef LL_C
