/* TH v0.4's typed LAPACK wrappers (generic/THLapack.h): THDoubleLapack_gesv,
 * ... the Fortran routines with TH's int arguments. Generated for Float and
 * Double by TH/THLegacy.h. */

TH_API void THLapack_(gesv)(int n, int nrhs, real *a, int lda, int *ipiv, real *b, int ldb,
                            int* info);
TH_API void THLapack_(trtrs)(char uplo, char trans, char diag, int n, int nrhs, real *a, int lda,
                             real *b, int ldb, int* info);
TH_API void THLapack_(gels)(char trans, int m, int n, int nrhs, real *a, int lda, real *b, int ldb,
                            real *work, int lwork, int *info);
TH_API void THLapack_(syev)(char jobz, char uplo, int n, real *a, int lda, real *w, real *work,
                            int lwork, int *info);
TH_API void THLapack_(geev)(char jobvl, char jobvr, int n, real *a, int lda, real *wr, real *wi,
                            real* vl, int ldvl, real *vr, int ldvr, real *work, int lwork,
                            int *info);
TH_API void THLapack_(gesvd)(char jobu, char jobvt, int m, int n, real *a, int lda, real *s,
                             real *u, int ldu, real *vt, int ldvt, real *work, int lwork,
                             int *info);
TH_API void THLapack_(getrf)(int m, int n, real *a, int lda, int *ipiv, int *info);
TH_API void THLapack_(getrs)(char trans, int n, int nrhs, real *a, int lda, int *ipiv, real *b,
                             int ldb, int *info);
TH_API void THLapack_(getri)(int n, real *a, int lda, int *ipiv, real *work, int lwork, int* info);
TH_API void THLapack_(potrf)(char uplo, int n, real *a, int lda, int *info);
TH_API void THLapack_(potri)(char uplo, int n, real *a, int lda, int *info);
TH_API void THLapack_(potrs)(char uplo, int n, int nrhs, real *a, int lda, real *b, int ldb, int *info);
TH_API void THLapack_(pstrf)(char uplo, int n, real *a, int lda, int *piv, int *rank, real tol,
                      real *work, int *info);
TH_API void THLapack_(geqrf)(int m, int n, real *a, int lda, real *tau, real *work, int lwork, int *info);
TH_API void THLapack_(orgqr)(int m, int n, int k, real *a, int lda, real *tau, real *work, int lwork,
                      int *info);
TH_API void THLapack_(ormqr)(char side, char trans, int m, int n, int k, real *a, int lda, real *tau,
                      real *c, int ldc, real *work, int lwork, int *info);
