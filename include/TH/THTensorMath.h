/* THTensorMath.h: TH's math beside the element-wise engine (THExpr.h).
 * Ownership of every function is listed in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_MATH_H
#define TH_TENSOR_MATH_H

#include "THGeneral.h"
#include "THTensor.h"

/* ---------------------------------------------------------------- products
 * TH's BLAS family: r = beta * t + alpha * (product). float32, float64,
 * complex64 and complex128 go to OpenBLAS (scipy-openblas32) with beta and
 * alpha folded into one gemm call: when r is t (in place) nothing else
 * touches r. Operands of any strides are handed to BLAS as they are or as
 * a transposed view; only a layout BLAS cannot read is copied. The integer,
 * float16 and bfloat16 dtypes use a blocked loop (integers wrap as int64
 * arithmetic does modulo 2^64, then as a cast to the dtype; float16 and
 * bfloat16 sum in float32 and round once); bool is refused (TypeError).
 *
 * Every operand and r must have one dtype (RuntimeError otherwise, as torch
 * refuses mixed dtypes); t broadcasts to the result's shape and, with beta
 * 0, is not read (NaNs in it do not propagate). r is resized to the result's
 * shape unless it has it already (then its strides are kept); it may be t
 * or share memory with any operand (the product is then computed aside).
 * Shapes that do not multiply and operands of the wrong number of dims are
 * RuntimeErrors naming the function and the shapes; a result with elements
 * that share memory (a stride-0 dim) is a ValueError. Each returns 0, or -1
 * with r unchanged (all checks run first; only a failed allocation during
 * the product can leave r resized). alpha and beta are converted to the
 * dtype (truncated toward zero for the integers).
 *
 * Threads: OpenBLAS runs on THGetNumThreads() threads (set before each
 * call: its count is process-wide) and keeps small products on the calling
 * thread; a batched product of many or small batches splits them across
 * th's threads with OpenBLAS on one thread each. */

/* m1 (n x k) @ m2 (k x p): r is n x p. */
TH_API int THTensor_addmm(THTensor *r, double beta, THTensor *t, double alpha, THTensor *m1,
                          THTensor *m2);
/* mat (n x k) @ vec (k): r is n. */
TH_API int THTensor_addmv(THTensor *r, double beta, THTensor *t, double alpha, THTensor *mat,
                          THTensor *vec);
/* The outer product of vec1 (n) and vec2 (p): r is n x p. */
TH_API int THTensor_addr(THTensor *r, double beta, THTensor *t, double alpha, THTensor *vec1,
                         THTensor *vec2);
/* batch1[i] (b x n x k) @ batch2[i] (b x k x p) for each i: r is b x n x p. */
TH_API int THTensor_baddbmm(THTensor *r, double beta, THTensor *t, double alpha,
                            THTensor *batch1, THTensor *batch2);
/* The sum over i of batch1[i] @ batch2[i]: r is n x p. */
TH_API int THTensor_addbmm(THTensor *r, double beta, THTensor *t, double alpha,
                           THTensor *batch1, THTensor *batch2);
/* The plain products, r = m1 @ m2 and so on (r's old values are not read). */
TH_API int THTensor_mm(THTensor *r, THTensor *m1, THTensor *m2);
TH_API int THTensor_mv(THTensor *r, THTensor *mat, THTensor *vec);
TH_API int THTensor_bmm(THTensor *r, THTensor *batch1, THTensor *batch2);
/* The inner product of two 1-dim tensors of one size: r is 0-dim. */
TH_API int THTensor_dot(THTensor *r, THTensor *a, THTensor *b);
/* The same into a new contiguous tensor (NULL on error). */
TH_API THTensor *THTensor_newMm(THTensor *m1, THTensor *m2);
TH_API THTensor *THTensor_newMv(THTensor *mat, THTensor *vec);
TH_API THTensor *THTensor_newBmm(THTensor *batch1, THTensor *batch2);
TH_API THTensor *THTensor_newDot(THTensor *a, THTensor *b);

#endif /* TH_TENSOR_MATH_H */
