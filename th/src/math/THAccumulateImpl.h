/* Accumulating one element into another (dst op= src) for every dtype: the
 * scatter-adds and scatter-reduces of the gather family
 * (math/THTensorIndex.c). Integers wrap, bool adds as or, the half types
 * compute in float and round once, complex parts add and multiply as
 * complex numbers; max and min take a NaN from either side, as torch's
 * scatter_reduce does. */
#ifndef TH_ACCUMULATE_IMPL_H
#define TH_ACCUMULATE_IMPL_H

#include "TH/THTensorIndex.h"

/* dst op= src, both of one dtype; alpha scales src for TH_REDUCE_SUM
 * (fused: dst + src * alpha rounded once, as torch's add with alpha). */
typedef void (*th_accumulate)(char *dst, const char *src, double alpha);

/* The accumulator of reduce for dtype, or NULL when the dtype has none
 * (max and min of complex numbers). */
th_accumulate th_accumulator(THReduce reduce, THScalarType dtype);
/* dst + src * alpha in the dtype's own arithmetic, each step rounded to it
 * (alpha first): torch's serial index_add_ of a 1-dim self. */
th_accumulate th_serial_sum(THScalarType dtype);

/* dst[i] += src[i] for n contiguous elements: the sum accumulator of
 * dtype with alpha 1, over a run (vectorised); NULL for the dtypes without
 * one (bool, the half types, complex). */
typedef void (*th_accumulate_run)(char *dst, const char *src, int64_t n);
th_accumulate_run th_sum_run(THScalarType dtype);

#endif
