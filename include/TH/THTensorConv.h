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

/* ------------------------------------------------ TH's plane convolutions
 * TH v0.4's THTensorConv.h family, direct convolution of 2-d (rows x cols)
 * or 3-d (depth x rows x cols) planes: r = beta * r + alpha * result, in
 * TH's loop orders (float sums round as TH's did). vf "V" (valid: the
 * kernel inside the input, out = (in - k) / s + 1) or "F" (full: every
 * overlap, out = (in - 1) * s + k, the input spread by the stride); xc "X"
 * (cross-correlation) or "C" (convolution: the kernel reversed); only their
 * first characters are read. The Rev forms are valid cross-correlations
 * with the kernel spread by the stride (out = in - (k - 1) * s: a strided
 * convolution's gradient with respect to its kernel). Strides are >= 1 and
 * planes non-empty; a valid or Rev input must be at least the kernel.
 *
 * dtypes: the integer dtypes (arithmetic wraps, as TH's did), float32 and
 * float64; t, k and r share one; bool, float16, bfloat16 and complex are
 * NotImplementedError. alpha and beta are converted to the dtype (integers
 * truncate; a value the dtype cannot hold is a ValueError).
 *
 * The tensor forms read t and k as they lie (copying a view that is not
 * contiguous), resize r to the result's shape unless it has it (a result
 * with the shape keeps its strides) and, as TH: zero r instead of scaling
 * it when beta is 0 or r's element count was 0 or changes. r may overlap t
 * or k (they are read aside). Output planes are split across threads, each
 * summed by one thread in TH's order. Each returns 0, or -1 with r
 * unchanged after an argument error (a failed allocation may leave it
 * resized). Ownership: docs/REFCOUNT.md (all borrowed). */

/* t (nInputPlane x rows x cols), k (nOutputPlane x nInputPlane x kr x kc):
 * r (nOutputPlane x out rows x out cols), plane o the sum over i of t[i]
 * with k[o][i] (a matrix-vector product of planes). */
TH_API int THTensor_conv2Dmv(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                             int64_t srow, int64_t scol, const char *vf, const char *xc);
/* conv2Dmv over a batch: t (nBatch x nInputPlane x rows x cols), r (nBatch
 * x nOutputPlane x ...). */
TH_API int THTensor_conv2Dmm(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                             int64_t srow, int64_t scol, const char *vf, const char *xc);
/* t (nInputPlane x ...), k (nKernelPlane x kr x kc): r (nKernelPlane x
 * nInputPlane x ...), every plane with every kernel (an outer product). */
TH_API int THTensor_conv2Dger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                              int64_t srow, int64_t scol, const char *vf, const char *xc);
/* conv2Dger of the Rev kind (no vf, xc). */
TH_API int THTensor_conv2DRevger(THTensor *r, double beta, double alpha, THTensor *t,
                                 THTensor *k, int64_t srow, int64_t scol);
/* t (nBatch x nInputPlane x ...), k (nBatch x nKernelPlane x kr x kc): r
 * (nKernelPlane x nInputPlane x ...), summed over the batch. */
TH_API int THTensor_conv2DRevgerm(THTensor *r, double beta, double alpha, THTensor *t,
                                  THTensor *k, int64_t srow, int64_t scol);
/* One 2-d plane t with one kernel k: r 2-d. */
TH_API int THTensor_conv2Dmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                              int64_t srow, int64_t scol, const char *vf, const char *xc);
/* t and k of nPlane planes each: r plane i is t[i] with k[i]. */
TH_API int THTensor_conv2Dcmul(THTensor *r, double beta, double alpha, THTensor *t,
                               THTensor *k, int64_t srow, int64_t scol, const char *vf,
                               const char *xc);
/* The 3-d forms: planes are depth x rows x cols, kernels kt x kr x kc
 * (conv3Dmv's k is 5-d, conv3Dger's and conv3DRevger's r 5-d). */
TH_API int THTensor_conv3Dmv(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                             int64_t sdepth, int64_t srow, int64_t scol, const char *vf,
                             const char *xc);
TH_API int THTensor_conv3Dger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                              int64_t sdepth, int64_t srow, int64_t scol, const char *vf,
                              const char *xc);
TH_API int THTensor_conv3DRevger(THTensor *r, double beta, double alpha, THTensor *t,
                                 THTensor *k, int64_t sdepth, int64_t srow, int64_t scol);
TH_API int THTensor_conv3Dmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                              int64_t sdepth, int64_t srow, int64_t scol, const char *vf,
                              const char *xc);
TH_API int THTensor_conv3Dcmul(THTensor *r, double beta, double alpha, THTensor *t,
                               THTensor *k, int64_t sdepth, int64_t srow, int64_t scol,
                               const char *vf, const char *xc);

/* The pointer kernels under them: r += alpha * (t conv k), each a
 * contiguous row-major plane of dtype (TH's typed pointers). r must hold
 * the output plane (sizes above); r may not overlap t or k. Returns 0, or
 * -1 (ValueError for a bad geometry, alpha out of the dtype's range or a
 * NULL pointer; NotImplementedError for a dtype outside the family). */
TH_API int THTensor_validXCorr2Dptr(THScalarType dtype, void *r, double alpha, const void *t,
                                    int64_t ir, int64_t ic, const void *k, int64_t kr,
                                    int64_t kc, int64_t sr, int64_t sc);
TH_API int THTensor_validConv2Dptr(THScalarType dtype, void *r, double alpha, const void *t,
                                   int64_t ir, int64_t ic, const void *k, int64_t kr,
                                   int64_t kc, int64_t sr, int64_t sc);
TH_API int THTensor_fullXCorr2Dptr(THScalarType dtype, void *r, double alpha, const void *t,
                                   int64_t ir, int64_t ic, const void *k, int64_t kr,
                                   int64_t kc, int64_t sr, int64_t sc);
TH_API int THTensor_fullConv2Dptr(THScalarType dtype, void *r, double alpha, const void *t,
                                  int64_t ir, int64_t ic, const void *k, int64_t kr, int64_t kc,
                                  int64_t sr, int64_t sc);
TH_API int THTensor_validXCorr2DRevptr(THScalarType dtype, void *r, double alpha,
                                       const void *t, int64_t ir, int64_t ic, const void *k,
                                       int64_t kr, int64_t kc, int64_t sr, int64_t sc);
TH_API int THTensor_validXCorr3Dptr(THScalarType dtype, void *r, double alpha, const void *t,
                                    int64_t it, int64_t ir, int64_t ic, const void *k,
                                    int64_t kt, int64_t kr, int64_t kc, int64_t st, int64_t sr,
                                    int64_t sc);
TH_API int THTensor_validConv3Dptr(THScalarType dtype, void *r, double alpha, const void *t,
                                   int64_t it, int64_t ir, int64_t ic, const void *k,
                                   int64_t kt, int64_t kr, int64_t kc, int64_t st, int64_t sr,
                                   int64_t sc);
TH_API int THTensor_fullXCorr3Dptr(THScalarType dtype, void *r, double alpha, const void *t,
                                   int64_t it, int64_t ir, int64_t ic, const void *k,
                                   int64_t kt, int64_t kr, int64_t kc, int64_t st, int64_t sr,
                                   int64_t sc);
TH_API int THTensor_fullConv3Dptr(THScalarType dtype, void *r, double alpha, const void *t,
                                  int64_t it, int64_t ir, int64_t ic, const void *k, int64_t kt,
                                  int64_t kr, int64_t kc, int64_t st, int64_t sr, int64_t sc);
TH_API int THTensor_validXCorr3DRevptr(THScalarType dtype, void *r, double alpha,
                                       const void *t, int64_t it, int64_t ir, int64_t ic,
                                       const void *k, int64_t kt, int64_t kr, int64_t kc,
                                       int64_t st, int64_t sr, int64_t sc);

#endif /* TH_TENSOR_CONV_H */
