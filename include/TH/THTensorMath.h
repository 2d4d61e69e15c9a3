/* THTensorMath.h: TH's math over whole tensors (THTensorMath) beside the
 * element-wise engine (THExpr.h): products and reductions. Ownership of
 * every function is listed in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_MATH_H
#define TH_TENSOR_MATH_H

#include "THExpr.h"
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
 * 0, is not read (NaNs in it do not propagate). alpha 0 still computes the
 * product, so that its NaNs and infinities propagate as IEEE arithmetic has
 * them (torch's float16 products and addr do; its float32 and float64
 * addmm, addmv and addbmm follow BLAS, which skips the product). r is resized to the result's
 * shape unless it has it already (then its strides are kept); it may be t
 * or share memory with any operand (the product is then computed aside).
 * Shapes that do not multiply and operands of the wrong number of dims are
 * RuntimeErrors naming the function and the shapes, and so is a result with
 * elements that share memory (a stride-0 dim). Each returns 0, or -1
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
/* ---------------------------------------------------------------- reductions
 * Each reduces input over dims[0..nDims) (negative dims count from the end;
 * each at most once, else RuntimeError; a 0-dim tensor takes 0 and -1);
 * dims NULL reduces every dim. keepdim keeps each reduced dim with size 1.
 * Any view is read as it is (transposed, sliced, stride-0 broadcast).
 * The forms with a result write into it (resized unless it has the reduced
 * shape, values converted to its dtype as THTensor_copy does; it may share
 * memory with input, the result is computed first); the new* forms return
 * a new contiguous tensor of torch's result dtype:
 *   sum, prod     int64 for bool and integers, else input's (float16 and
 *                 bfloat16 accumulate in float64 and round once)
 *   mean          input's; bool and integers are refused (RuntimeError, as
 *                 torch: give a floating result to the result form)
 *   amax, amin    input's (complex refused); NaN wins, as in torch
 *   argmax/argmin int64 (one dim, or NULL: the index into the flattened
 *                 tensor); ties give the first index; NaN wins
 *   all, any      bool (uint8 for uint8 input, as torch)
 *   norm, var,    float dtypes: input's; complex: its real dtype; integers
 *   std           refused (RuntimeError, as torch)
 * Float sums accumulate in float64, pairwise within contiguous runs;
 * integer sums and products in int64 (wrapping). Reducing an empty set:
 * sum 0, prod 1, mean/var/std NaN, all true, any false, norm 0; amax/amin/
 * argmax/argmin/max/min refuse it (IndexError naming the empty dim, or
 * RuntimeError when dims is NULL). Results are the same for any number of
 * threads (THSetNumThreads): a long reduction is split at fixed places.
 * Return 0 / the new tensor, or -1 / NULL with result unchanged. */
TH_API int THTensor_sum(THTensor *result, THTensor *input, int nDims, const int *dims,
                        int keepdim);
TH_API int THTensor_prod(THTensor *result, THTensor *input, int nDims, const int *dims,
                         int keepdim);
TH_API int THTensor_mean(THTensor *result, THTensor *input, int nDims, const int *dims,
                         int keepdim);
TH_API int THTensor_amax(THTensor *result, THTensor *input, int nDims, const int *dims,
                         int keepdim);
TH_API int THTensor_amin(THTensor *result, THTensor *input, int nDims, const int *dims,
                         int keepdim);
TH_API int THTensor_argmax(THTensor *result, THTensor *input, const int *dim, int keepdim);
TH_API int THTensor_argmin(THTensor *result, THTensor *input, const int *dim, int keepdim);
TH_API int THTensor_all(THTensor *result, THTensor *input, int nDims, const int *dims,
                        int keepdim);
TH_API int THTensor_any(THTensor *result, THTensor *input, int nDims, const int *dims,
                        int keepdim);
/* p-norm: p = 2 (sqrt of the sum of squares), 1, INFINITY (largest |x|),
 * -INFINITY (smallest), 0 (count of non-zeros) or any other p. Over an
 * empty dim: 0 for p >= 0 but inf, a RuntimeError for inf and p < 0 (no
 * identity), as torch. */
TH_API int THTensor_norm(THTensor *result, THTensor *input, double p, int nDims,
                         const int *dims, int keepdim);
/* Sum of squared deviations from the mean over max(0, N - correction) (N
 * the elements reduced per result: correction 1 is the unbiased estimate). */
TH_API int THTensor_var(THTensor *result, THTensor *input, int nDims, const int *dims,
                        double correction, int keepdim);
TH_API int THTensor_std(THTensor *result, THTensor *input, int nDims, const int *dims,
                        double correction, int keepdim);
/* TH's pair: values (input's dtype) and indices (int64, resized as result)
 * of the largest / smallest element along dim (dim NULL: the flattened
 * tensor). values and indices must be two different tensors. */
TH_API int THTensor_max(THTensor *values, THTensor *indices, THTensor *input, const int *dim,
                        int keepdim);
TH_API int THTensor_min(THTensor *values, THTensor *indices, THTensor *input, const int *dim,
                        int keepdim);

TH_API THTensor *THTensor_newSum(THTensor *input, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newProd(THTensor *input, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newMean(THTensor *input, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newAmax(THTensor *input, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newAmin(THTensor *input, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newArgmax(THTensor *input, const int *dim, int keepdim);
TH_API THTensor *THTensor_newArgmin(THTensor *input, const int *dim, int keepdim);
TH_API THTensor *THTensor_newAll(THTensor *input, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newAny(THTensor *input, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newNorm(THTensor *input, double p, int nDims, const int *dims,
                                  int keepdim);
TH_API THTensor *THTensor_newVar(THTensor *input, int nDims, const int *dims,
                                 double correction, int keepdim);
TH_API THTensor *THTensor_newStd(THTensor *input, int nDims, const int *dims,
                                 double correction, int keepdim);

/* ------------------------------------------------ expression reductions
 * The same reductions of an expression e (THExpr.h) without e's value in
 * memory (mshadow's reduction expressions): e is evaluated slab by slab
 * (512 KiB of its dtype) and each slab reduced at once into partials of
 * the accumulator's dtype (float64, complex128 or int64; amax, amin: e's
 * own), so no temporary of e's size exists. Values, result dtypes
 * (torch's: sum and prod of integers and bool in int64, norm of complex in
 * the real dtype), keepdim and errors are those of THTensor_newSum ... of
 * e's value; a float sum is a float64 sum of float64 partials. e and dims
 * are borrowed; e's tensors are read now. NULL with the error. */
TH_API THTensor *THTensor_newExprSum(THExpr *e, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newExprProd(THExpr *e, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newExprMean(THExpr *e, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newExprAmax(THExpr *e, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newExprAmin(THExpr *e, int nDims, const int *dims, int keepdim);
TH_API THTensor *THTensor_newExprNorm(THExpr *e, double p, int nDims, const int *dims,
                                      int keepdim);
/* The slab size of those reductions in bytes (512 KiB): bytes > 0 sets it
 * (for every thread; tests make it small), 0 reads it. Returns the size
 * it had. */
TH_API int64_t THTensor_exprSlabBytes(int64_t bytes);

#endif /* TH_TENSOR_MATH_H */
