/* THTensorMath.h: TH's math over whole tensors (THTensorMath). Ownership of
 * every function is listed in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_MATH_H
#define TH_TENSOR_MATH_H

#include "THGeneral.h"
#include "THTensor.h"

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
 * -INFINITY (smallest), 0 (count of non-zeros) or any other p. */
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

#endif /* TH_TENSOR_MATH_H */
