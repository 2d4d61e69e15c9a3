/* Element conversion loops between every pair of dtypes, with numpy's
 * casting results on x86-64 (torch's for bfloat16):
 *   int -> narrower int      wraps modulo 2^bits (signed <-> unsigned too)
 *   float -> int             truncates toward zero; a value outside int32
 *                            (int64 for int64 and uint32) or NaN becomes
 *                            INT32_MIN (INT64_MIN) before narrowing, as
 *                            cvttsd2si does. float -> uint64: exact in
 *                            [0, 2^64), else as for int64, reinterpreted.
 *                            Only (-1, max + 1) is defined in numpy: th's
 *                            results outside it are these choices.
 *   bfloat16 -> int          torch's: as above, but uint64 gives 0 from
 *                            2^64 up (+inf too), as torch's per-element loop
 *   complex -> real          the real part, converted as above (numpy)
 *   real -> complex          imaginary part 0
 *   x -> bool                x != 0 (NaN is true; a complex: either part)
 *   float64 -> float16       rounds once, to nearest even
 *   x -> bfloat16            through float32, then to nearest even (torch:
 *                            float64 and int64 round twice); NaN stays NaN
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
