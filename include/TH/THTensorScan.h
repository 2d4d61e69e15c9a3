/* THTensorScan.h: running (inclusive) scans along one dim (TH's cumsum and
 * cumprod, torch's cummax, cummin and logcumsumexp), with torch 2.13's
 * results.
 *
 * The input is read as it lies (any strides, stride-0 broadcast views);
 * dim may be negative, and a 0-dim tensor is one element (dim 0 or -1).
 * Results are resized to the input's shape unless they have it already
 * (their strides are then kept), refused when their elements share memory,
 * and may be the input or overlap it (in-place scans). Each returns 0, or
 * -1 with the error set and nothing written. Rows are split across threads;
 * results do not depend on the thread count. Ownership: docs/REFCOUNT.md. */
#ifndef TH_TENSOR_SCAN_H
#define TH_TENSOR_SCAN_H

#include "THGeneral.h"
#include "THTensor.h"

/* Running sum and product into result, of result's dtype: the elements are
 * converted to it first (torch's dtype= argument), then accumulated as
 * torch's CPU kernels accumulate: in float64 for float32 and float64, in
 * float32 for float16 and bfloat16, in complex128 for the complex dtypes,
 * in int64 (wrapping) for the integers and bool; each running value is
 * converted back to result's dtype. A bool result is refused
 * (UnsupportedDtype), as torch refuses one. */
TH_API int THTensor_cumsum(THTensor *result, THTensor *input, int dim);
TH_API int THTensor_cumprod(THTensor *result, THTensor *input, int dim);
/* Running maximum (minimum): values of input's dtype and the int64 index
 * of the element each came from; an equal element takes the place of the
 * earlier one (its index), a NaN wins and stays, as torch. bool and the
 * real dtypes but uint16, uint32, uint64 (UnsupportedDtype otherwise; a
 * 0-dim or empty tensor of any dtype passes, as in torch). */
TH_API int THTensor_cummax(THTensor *values, THTensor *indices, THTensor *input, int dim);
TH_API int THTensor_cummin(THTensor *values, THTensor *indices, THTensor *input, int dim);
/* log(cumsum(exp(input))) without overflow, result of input's (floating or
 * complex) dtype, accumulated as torch's: in float64 for float32 and
 * float64, float32 for the half types, complex128 for the complex dtypes
 * (a complex sum's NaN part makes both parts NaN, two -inf real parts keep
 * the carry, two +inf ones the plain log of the sum; torch 2.13's rules).
 * Integers and bool are UnsupportedDtype. */
TH_API int THTensor_logcumsumexp(THTensor *result, THTensor *input, int dim);

#endif /* TH_TENSOR_SCAN_H */
