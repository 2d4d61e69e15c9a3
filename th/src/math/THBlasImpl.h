/* Internal: a plain gemm for math/ code that lays its operands out itself
 * (math/THTensorConv.c's im2col): no tensors, no allocation, no error. */
#ifndef TH_BLAS_IMPL_H
#define TH_BLAS_IMPL_H

#include <stdint.h>

#include "TH/THGeneral.h"

/* c (n x p, row-major, leading dim ldc) = beta * c + op(a) @ b (k x p,
 * ldb), all row-major; op(a) is a (n x k, lda) or, trans_a, the transpose of
 * a (k x n, lda), in one BLAS call on the threads OpenBLAS has
 * now (th_blas_set_threads); beta is real (its imaginary part 0 for the
 * complex dtypes). 1 when done; 0, touching nothing, when BLAS cannot take
 * it: a dtype other than float32, float64, complex64, complex128, k == 0, or
 * a size or leading dim beyond BLAS's int. Safe from several threads at
 * once. */
int th_gemm_rowmajor(THScalarType dtype, int trans_a, int64_t n, int64_t p, int64_t k,
                     const void *a, int64_t lda, const void *b, int64_t ldb, double beta,
                     void *c, int64_t ldc);

#endif
