/* Element conversion loops between every pair of dtypes, with numpy's
 * casting results on x86-64:
 *   int -> narrower int      wraps modulo 2^bits
 *   float -> int             truncates toward zero; a value outside int32
 *                            (int64 for int64) or NaN becomes INT32_MIN
 *                            (INT64_MIN) before narrowing, as cvttsd2si does
 *   x -> bool                x != 0 (NaN is true)
 *   float64 -> float16       rounds once, to nearest even
 * No conversion is undefined behaviour in C. */
#ifndef TH_CAST_IMPL_H
#define TH_CAST_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "TH/THGeneral.h"

/* n elements from src (stride ss bytes) converted into dst (stride ds). */
typedef void (*th_cast_loop)(char *dst, ptrdiff_t ds, const char *src, ptrdiff_t ss,
                             int64_t n);

/* th_cast_loops[dst dtype][src dtype] */
extern const th_cast_loop th_cast_loops[TH_NUM_SCALAR_TYPES][TH_NUM_SCALAR_TYPES];

#endif
