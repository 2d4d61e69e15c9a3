/* THTensorConv.h: convolution (cross-correlation, as torch's conv1d/2d/3d
 * and conv_transpose*d compute it) over 1, 2 or 3 spatial dims: im2col into
 * a scratch buffer per batch element and group, then one matrix product
 * through th's BLAS products (THTensor_addmm). float32, float64 and the
 * complex dtypes run in BLAS; the integer and half dtypes in th's blocked
 * product (int64 wraps, halves sum in float32); bool, uint16, uint32 and
 * uint64 are refused (NotImplementedError), as torch refuses them.
 *
 * input is (N, C_in, *spatial) or unbatched (C_in, *spatial); weight is
 * (C_out, C_in / groups, *kernel); bias (may be NULL) is (C_out). stride,
 * padding and dilation each hold nSpatial values. output is resized to
 * (N, C_out, *out) (unbatched: (C_out, *out)) and keeps its dtype, which
 * must be input's; one that shares a storage with what it reads, or is not
 * contiguous, is computed aside and copied in. Errors return -1 with torch's
 * messages; an argument error leaves output unchanged (a MemoryError may
 * come after it was resized). Ownership: docs/REFCOUNT.md; docs/CONV.md. */
#ifndef TH_TENSOR_CONV_H
#define TH_TENSOR_CONV_H

#include <stdint.h>

#include "THGeneral.h"
#include "THTensor.h"

/* out[i] = (in[i] + 2 * padding[i] - dilation[i] * (kernel[i] - 1) - 1)
 * / stride[i] + 1 for each spatial dim. */
TH_API int THTensor_convNd(THTensor *output, THTensor *input, THTensor *weight,
                           THTensor *bias, int nSpatial, const int64_t *stride,
                           const int64_t *padding, const int64_t *dilation, int64_t groups);
/* The transposed convolution (torch's conv_transpose1d/2d/3d, the adjoint
 * of convNd): weight is (C_in, C_out / groups, *kernel), bias (C_out); out[i]
 * = (in[i] - 1) * stride[i] - 2 * padding[i] + dilation[i] * (kernel[i] - 1)
 * + outputPadding[i] + 1, outputPadding[i] smaller than stride[i] or
 * dilation[i]. torch's dtypes: float32, float64, complex64 and complex128
 * in BLAS, int64 in a plain product (wrapping), float16 and bfloat16
 * computed in float32 and rounded once; the other integer dtypes and bool
 * are NotImplementedError, as in torch. */
TH_API int THTensor_convTransposeNd(THTensor *output, THTensor *input, THTensor *weight,
                                    THTensor *bias, int nSpatial, const int64_t *stride,
                                    const int64_t *padding, const int64_t *outputPadding,
                                    const int64_t *dilation, int64_t groups);

#endif /* TH_TENSOR_CONV_H */
