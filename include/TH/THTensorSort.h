/* THTensorSort.h: sorting and selection along one dim (TH's THTensorMath
 * sort, topk, kthvalue, median, mode), with torch 2.13's results.
 *
 * Every function reads input as it lies (any strides: transposed, sliced,
 * broadcast stride-0 views) and orders the elements of each row along dim
 * (negative dims count from the end; a 0-dim tensor is one row of one
 * element, dim 0 or -1). Order: numbers ascending, -0.0 equal to 0.0, NaN
 * larger than +inf (so last ascending, first descending), as torch. The
 * sort is always stable: equal elements keep their input order, whatever
 * `stable` says (torch's CPU sort is stable too).
 *
 * Results go into caller-given tensors: values of input's dtype, indices
 * int64 (anything else is a RuntimeError, as torch's out=), resized to the
 * result's shape unless they have it already (their strides are then kept),
 * and refused when their elements share memory. They may overlap input
 * (the result is computed aside then). values and indices must be two
 * different tensors. Each function returns 0, or -1 with the error set (its
 * checks run before anything is written).
 *
 * dtypes: sort every real dtype and bool (complex: RuntimeError); topk,
 * kthvalue, median, nanmedian and mode the real dtypes but uint16, uint32,
 * uint64 (and bool: mode only), as torch (UnsupportedDtype otherwise).
 *
 * Threads: rows are split across THGetNumThreads() threads; one long row
 * is sorted by a parallel radix sort. The results do not depend on the
 * thread count. Ownership of every function is in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_SORT_H
#define TH_TENSOR_SORT_H

#include <stdint.h>

#include "THGeneral.h"
#include "THTensor.h"

/* The rows of input along dim sorted (ascending, or descending): values
 * and their indices along dim. */
TH_API int THTensor_sort(THTensor *values, THTensor *indices, THTensor *input, int dim,
                         int descending, int stable);
/* The k largest (largest != 0) or smallest elements of each row along dim,
 * in order (largest first when largest): dim's size becomes k. sorted is
 * accepted for TH's signature; the result is always in order. k beyond the
 * row is a RuntimeError. */
TH_API int THTensor_topk(THTensor *values, THTensor *indices, THTensor *input, int64_t k,
                         int dim, int largest, int sorted);
/* The k-th smallest element of each row (k from 1), dim removed unless
 * keepdim (size 1). */
TH_API int THTensor_kthvalue(THTensor *values, THTensor *indices, THTensor *input, int64_t k,
                             int dim, int keepdim);
/* The lower median of each row (the element at (n - 1) / 2 of the sorted
 * row); a row holding a NaN gives its first NaN. nanmedian: the lower median
 * of the row's numbers (NaN, index 0, when it has none). */
TH_API int THTensor_median(THTensor *values, THTensor *indices, THTensor *input, int dim,
                           int keepdim);
TH_API int THTensor_nanmedian(THTensor *values, THTensor *indices, THTensor *input, int dim,
                              int keepdim);
/* The most frequent value of each row (the smallest of those most
 * frequent) and the index of its last occurrence. */
TH_API int THTensor_mode(THTensor *values, THTensor *indices, THTensor *input, int dim,
                         int keepdim);

#endif /* TH_TENSOR_SORT_H */
