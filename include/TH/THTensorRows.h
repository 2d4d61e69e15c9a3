/* THTensorRows.h: the fused row kernels, torch 2.13's softmax,
 * log_softmax, logsumexp, layer_norm and rms_norm, each one pass over a row
 * that stays in cache (its max and sum of exponentials, or its moments,
 * then the written row) instead of four element-wise ops.
 *
 * The input is read as it lies (any strides); dim may be negative, and a
 * 0-dim tensor is one element (dim 0 or -1). The result's dtype is the
 * computing one: float16, bfloat16, float32 or float64 (UnsupportedDtype
 * otherwise, as torch's kernels); an input of another real dtype is
 * converted to it first (torch's dtype= argument). float16 and bfloat16
 * are computed in float32, float32 in float32, float64 in float64, and each
 * result rounds once. Results are resized to their shape unless they have
 * it already (their strides are then kept), refused when their elements
 * share memory, and may be the input itself. Each returns 0, or -1 with the
 * error set and nothing written. Rows are split across threads; results do
 * not depend on the thread count. Ownership: docs/REFCOUNT.md. */
#ifndef TH_TENSOR_ROWS_H
#define TH_TENSOR_ROWS_H

#include "THGeneral.h"
#include "THTensor.h"

/* exp(x - max) / sum(exp(x - max)) along dim: a row with a NaN, a +inf or
 * only -inf elements is all NaN, as torch's. */
TH_API int THTensor_softmax(THTensor *result, THTensor *input, int dim);
/* x - max - log(sum(exp(x - max))) along dim (-inf elements stay -inf). */
TH_API int THTensor_logSoftmax(THTensor *result, THTensor *input, int dim);
/* log(sum(exp(x))) along dim without overflow: dim removed from the
 * result's shape, or kept with size 1 (keepdim); an empty row gives -inf,
 * a row with +inf gives +inf (NaN if it has a NaN), torch's rules. */
TH_API int THTensor_logsumexp(THTensor *result, THTensor *input, int dim, int keepdim);
/* (x - mean) / sqrt(var + eps) * weight + bias over the last
 * normalized_ndim dims of input (var biased), result of input's dtype and
 * shape. weight and bias (NULL: none) have the shape of those dims; their
 * dtype is input's, or float32 for a float16 or bfloat16 input (torch's
 * mixed types; RuntimeError otherwise). normalized_ndim must be 1 ..
 * input's dims (ValueError). */
TH_API int THTensor_layerNorm(THTensor *result, THTensor *input, int normalized_ndim,
                              THTensor *weight, THTensor *bias, double eps);
/* x / sqrt(mean(x^2) + eps) * weight over the last normalized_ndim dims;
 * weight (NULL: none) of any real dtype, converted to the computing one. */
TH_API int THTensor_rmsNorm(THTensor *result, THTensor *input, int normalized_ndim,
                            THTensor *weight, double eps);

#endif /* TH_TENSOR_ROWS_H */
