/* THTensorLapack.h: LAPACK's factorizations and solvers (TH's
 * THTensorLapack.h) over OpenBLAS from scipy-openblas32, for float32,
 * float64, complex64 and complex128.
 *
 * Every function works on batches: a matrix argument has at least 2 dims,
 * the last two a matrix's rows and columns, those before them the batch
 * (the same batch sizes for every matrix argument of a call; the bindings
 * broadcast). The whole batch is one call, looped in C.
 *
 * Results go into caller-given tensors, resized as torch 2.13 lays them
 * out: each matrix column-major (LAPACK's order, torch's strides for these
 * results) and the batches one after another; vectors and the int32 pivots
 * and info contiguous. A result that has its shape already is written as it
 * lies (computed aside and copied when its layout is not that one). A
 * result may be an input (in place); two results may not be one tensor.
 * Inputs are read, never written, in any layout (copied into LAPACK's order
 * where LAPACK writes over its operand or cannot read it as it lies).
 *
 * info: an int32 tensor resized to the batch's shape that receives each
 * matrix's LAPACK info (0: done; > 0: the matrix was singular, not positive
 * definite, ... as each function says; its results are then LAPACK's
 * partial ones). info NULL: a matrix with info > 0 is an error
 * (RuntimeError naming the first such batch element) instead.
 *
 * Errors return -1 (ValueError: a bad argument, RuntimeError: shapes or
 * dtypes that do not fit, TypeError: a dtype other than the four, MemoryError)
 * and free what the call took; results may then be resized but hold no
 * meaning. Ownership of every function is listed in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_LAPACK_H
#define TH_TENSOR_LAPACK_H

#include "THGeneral.h"
#include "THTensor.h"

/* ------------------------------------------------------------ LU (getrf) */

/* LU factorization with partial pivoting, A = P L U (getrf): lu (m x n)
 * holds L below the diagonal (its unit diagonal implicit) and U on and
 * above it; pivots (int32, min(m, n)) the 1-based rows swapped, as LAPACK
 * and torch give them. info > 0: U[info-1, info-1] is exactly zero. */
TH_API int THTensor_getrf(THTensor *lu, THTensor *pivots, THTensor *info, THTensor *a);
/* Solves A X = B (adjoint 0), A^T X = B (1) or A^H X = B (2) for X from
 * getrf's lu (n x n) and pivots; b (n x k). Pivots outside [1, n] are a
 * ValueError. */
TH_API int THTensor_getrs(THTensor *x, THTensor *lu, THTensor *pivots, THTensor *b,
                          int adjoint);
/* Solves A X = B (getrf, then getrs): x gets b's shape (n x k); lu and
 * pivots, when not NULL, getrf's factors. info > 0: A is singular. */
TH_API int THTensor_gesv(THTensor *x, THTensor *lu, THTensor *pivots, THTensor *info,
                         THTensor *b, THTensor *a);
/* The inverse of A (TH's getri; computed as numpy's, solving A X = I with
 * getrf and getrs, faster than LAPACK's getri). info > 0: A is singular
 * (inv then holds no meaning). */
TH_API int THTensor_getri(THTensor *inv, THTensor *info, THTensor *a);
/* P, L and U of A = P L U from getrf's lu (m x n) and pivots (int32, k =
 * min(m, n) each): p (m x m, the permutation matrix in lu's dtype), l (m x
 * k, unit lower triangular) and u (k x n, upper triangular), each
 * contiguous (torch's layout). Any of p, l, u may be NULL (not computed);
 * pivots may be NULL when p is. Pivots outside [1, m] are a ValueError. */
TH_API int THTensor_luUnpack(THTensor *p, THTensor *l, THTensor *u, THTensor *lu,
                             THTensor *pivots);
/* det(A) (det, a's dtype) and log|det(A)| with its sign (a's dtype: a
 * complex sign is the determinant's phase; logabsdet of the real dtype),
 * from getrf: a singular A has det 0, sign 0 and logabsdet -inf. Either
 * of sign and logabsdet may be NULL. */
TH_API int THTensor_det(THTensor *det, THTensor *a);
TH_API int THTensor_slogdet(THTensor *sign, THTensor *logabsdet, THTensor *a);

/* ------------------------------------------------------ Cholesky (potrf) */

/* A = L L^H (upper 0: c is L) or U^H U (upper 1: c is U) for a Hermitian
 * positive-definite A, of which only that triangle is read; c's other
 * triangle is zeroed. info > 0: the leading minor of order info is not
 * positive-definite. */
TH_API int THTensor_potrf(THTensor *c, THTensor *info, THTensor *a, int upper);
/* Solves A X = B from A's Cholesky factor c (upper as potrf's). */
TH_API int THTensor_potrs(THTensor *x, THTensor *b, THTensor *c, int upper);
/* The inverse of A from its Cholesky factor c (potri, both triangles
 * filled). info > 0: c has a zero diagonal element. */
TH_API int THTensor_potri(THTensor *inv, THTensor *info, THTensor *c, int upper);

/* Cholesky with complete pivoting of a positive-semidefinite A (pstrf):
 * P^T A P = L L^H (upper 0: c is L) or U^H U (upper 1); c's other triangle
 * zeroed; piv (int32, n) the 1-based permutation; rank (int32, the batch's
 * shape; may be NULL) the rank LAPACK found, below n for a singular A (no
 * error). tol < 0: LAPACK's default (n * eps * the largest diagonal). */
TH_API int THTensor_pstrf(THTensor *c, THTensor *piv, THTensor *rank, THTensor *a, int upper,
                          double tol);

/* -------------------------------------------------- LDL^T, LDL^H (sytrf) */

/* A = L D L^T (hermitian 0: ?sytrf) or L D L^H (hermitian 1 and a complex
 * dtype: ?hetrf) of a symmetric (Hermitian) A, of which only the lower
 * triangle is read, by Bunch-Kaufman's diagonal pivoting: ld (n x n) holds
 * L below the diagonal and the 1 x 1 and 2 x 2 blocks of D on and next to
 * it, its upper triangle zeroed; pivots (int32, n) LAPACK's (k > 0: row k
 * swapped, a 1 x 1 block; two equal k < 0: a 2 x 2 block, row -k swapped),
 * as torch.linalg.ldl_factor gives them. info > 0: D[info-1, info-1] is
 * exactly zero (D is singular; the factorization is complete). */
TH_API int THTensor_sytrf(THTensor *ld, THTensor *pivots, THTensor *info, THTensor *a,
                          int hermitian);
/* Solves A X = B from sytrf's ld (n x n) and pivots (?sytrs, or ?hetrs
 * with hermitian 1); b (n x k), x gets its shape. Pivots sytrf could not
 * have given are a ValueError. */
TH_API int THTensor_sytrs(THTensor *x, THTensor *ld, THTensor *pivots, THTensor *b,
                          int hermitian);

/* ------------------------------------------------------------ triangular */

/* Solves op(A) X = B (left 1) or X op(A) = B (left 0) for a triangular A
 * (only its upper or lower triangle is read; unitriangular 1: its diagonal
 * is taken as ones), op(A) = A (trans 0), A^T (1) or A^H (2), by trsm: a
 * zero on the diagonal gives infinities, not an error (torch's
 * solve_triangular). x gets b's shape. */
TH_API int THTensor_trtrs(THTensor *x, THTensor *b, THTensor *a, int upper, int trans,
                          int unitriangular, int left);

/* ---------------------------------------------------------- QR (geqrf) */

/* A = Q R in LAPACK's compact form (geqrf): qr (m x n) holds R on and
 * above the diagonal and the Householder vectors below it; tau
 * (min(m, n)) their scales. */
TH_API int THTensor_geqrf(THTensor *qr, THTensor *tau, THTensor *a);
/* The first n columns of the product of the k = tau's size Householder
 * reflectors stored in a's columns (orgqr/ungqr, torch's
 * householder_product): q gets a's shape (m x n, m >= n >= k). */
TH_API int THTensor_orgqr(THTensor *q, THTensor *a, THTensor *tau);
/* op(Q) C (left 1) or C op(Q) (left 0), Q the reflectors of a and tau
 * (ormqr/unmqr); op(Q) = Q (trans 0) or Q^H (trans 1). r gets c's shape. */
TH_API int THTensor_ormqr(THTensor *r, THTensor *a, THTensor *tau, THTensor *c, int left,
                          int trans);
/* A = Q R: complete 0: Q (m x k) and R (k x n), k = min(m, n); complete 1:
 * Q (m x m) and R (m x n). q NULL: R alone (torch's mode 'r'). */
TH_API int THTensor_qr(THTensor *q, THTensor *r, THTensor *a, int complete);

/* -------------------------------------------------------- eigen and SVD */

/* The eigenvalues (ascending, the real dtype) and, when v is not NULL, the
 * orthonormal eigenvectors (columns of v) of a Hermitian A, of which only
 * the upper (upper 1) or lower triangle is read (syevd/heevd). info > 0:
 * the algorithm failed to converge. */
TH_API int THTensor_syev(THTensor *w, THTensor *v, THTensor *info, THTensor *a, int upper);
/* The eigenvalues (complex64/complex128) and, when v is not NULL, the
 * right eigenvectors (columns of v, each of norm 1) of a square A
 * (geev). info > 0: QR failed to converge. */
TH_API int THTensor_geev(THTensor *w, THTensor *v, THTensor *info, THTensor *a);
/* A = U diag(S) Vh (gesdd): s (the real dtype, min(m, n), descending); u
 * (m x m, full 1, else m x k) and vh (n x n, or k x n) unless both are
 * NULL (singular values alone). info > 0: no convergence. */
TH_API int THTensor_gesdd(THTensor *u, THTensor *s, THTensor *vh, THTensor *info,
                          THTensor *a, int full);

/* -------------------------------------------------------- least squares */

typedef enum THLstsqDriver {
  TH_LSTSQ_GELS = 0, /* QR: A of full rank */
  TH_LSTSQ_GELSY = 1, /* complete orthogonal factorization (torch's CPU default) */
  TH_LSTSQ_GELSD = 2, /* SVD, divide and conquer */
  TH_LSTSQ_GELSS = 3  /* SVD */
} THLstsqDriver;

/* The X of least ||A X - B|| (m x n A, m x k B): x (n x k). rank (int64,
 * the batch's shape) unless NULL or driver gels; sv (the real dtype,
 * min(m, n)) for gelsd and gelss unless NULL, else resized empty; residuals
 * (the real dtype, k) the squared residual norms of each column when m > n,
 * the driver is not gelsy and every matrix is of full rank (as torch), else
 * resized empty, unless NULL. rcond: singular values below rcond times the largest count as zero
 * (negative: the dtype's eps times max(m, n), torch's default). gels on a
 * rank-deficient A: RuntimeError. */
TH_API int THTensor_gels(THTensor *x, THTensor *residuals, THTensor *rank, THTensor *sv,
                         THTensor *a, THTensor *b, THLstsqDriver driver, double rcond);

#endif /* TH_TENSOR_LAPACK_H */
