/* THTensorSearch.h: searching sorted boundaries and counting into bins
 * (torch's searchsorted, bucketize, bincount, histc), with torch 2.13's
 * results. Results are resized to their shape unless they have it already,
 * refused when their elements share memory; each function returns 0, or -1
 * with the error set and the result unchanged. Ownership: docs/REFCOUNT.md. */
#ifndef TH_TENSOR_SEARCH_H
#define TH_TENSOR_SEARCH_H

#include <stdint.h>

#include "THGeneral.h"
#include "THTensor.h"

/* For each element of input, the index at which it would be inserted into
 * the ascending innermost rows of sorted (the first such index; right: the
 * last). sorted is 1-dim (one row for every element) or has input's leading
 * dims (one row per innermost row of input). sorter (NULL: none) is an
 * int64 tensor of sorted's shape whose rows order unsorted rows. result:
 * int64 or int32, input's shape. Elements are compared in the two dtypes'
 * promoted dtype (torch's rule), held in float64 or int64; NaN compares as
 * torch's binary search compares it. bool, uint16, uint32, uint64 and complex are refused
 * (UnsupportedDtype). */
TH_API int THTensor_searchsorted(THTensor *result, THTensor *sorted, THTensor *input, int right,
                                 THTensor *sorter);
/* searchsorted with 1-dim boundaries (RuntimeError otherwise). */
TH_API int THTensor_bucketize(THTensor *result, THTensor *input, THTensor *boundaries,
                              int right);
/* Counts of each value of a 1-dim tensor of non-negative integers (uint8,
 * int8, int16, int32, int64), or the sums of weights (NULL: none; 1-dim, input's
 * length) by value, over max(max + 1, minlength) bins; converted to
 * result's dtype (torch's: int64, float32 for float32 weights, else
 * float64). */
TH_API int THTensor_bincount(THTensor *result, THTensor *input, THTensor *weights,
                             int64_t minlength);
/* A histogram of a floating tensor's elements over bins equal bins of
 * [min, max] (min == max: the elements' own range; still equal: widened by
 * 1 on each side); elements outside and NaN are left out, max falls in the
 * last bin. result: input's dtype, bins elements. */
TH_API int THTensor_histc(THTensor *result, THTensor *input, int64_t bins, double min,
                          double max);

#endif /* TH_TENSOR_SEARCH_H */
