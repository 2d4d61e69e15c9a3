/* THTensorRandom.h: tensors filled with random numbers (TH's
 * THTensorRandom.h), drawn from a generator (THGenerator.h; NULL: the
 * default one) as torch 2.13 draws them on the CPU: for one seed, the same
 * numbers, bit for bit. Each fill holds the generator's lock while it draws
 * and visits the elements in torch's order: a contiguous tensor's from the
 * first; any other in memory order (the dims by stride, the smallest
 * innermost), as torch's iterator visits them. A tensor whose elements share
 * memory (a stride-0 dim) is refused (RuntimeError), as every writer.
 * Errors return -1 (NULL) and draw nothing. Ownership of every function is
 * listed in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_RANDOM_H
#define TH_TENSOR_RANDOM_H

#include <stdint.h>

#include "THGeneral.h"
#include "THGenerator.h"
#include "THTensor.h"

/* Uniform on [from, to) (torch's uniform_): the floating and complex
 * dtypes (a complex element takes its real part, then its imaginary part);
 * 53 random bits scaled into the range in float64 for float64 elements, 24
 * in float32 for the others (float16 and bfloat16 round that float32 once).
 * from > to or a range beyond the dtype's is a ValueError. */
TH_API int THTensor_uniform(THTensor *self, THGenerator *gen, double from, double to);
/* Integers in [min, max) (torch's random_(from, to)): every real dtype;
 * a value the dtype cannot hold is a ValueError. One draw per element
 * (two when the range is 2^32 or wider), taken modulo the range. */
TH_API int THTensor_clampedRandom(THTensor *self, THGenerator *gen, int64_t min, int64_t max);
/* Integers in [0, max) (TH's cappedRandom: clampedRandom from 0). */
TH_API int THTensor_cappedRandom(THTensor *self, THGenerator *gen, int64_t max);
/* torch's random_(): integers in [0, 2^mantissa] for floats (2^24 for
 * float32), [0, max] for integer dtypes, 0 or 1 for bool. uint16, uint32
 * and uint64 are refused (TypeError), as torch refuses them. */
TH_API int THTensor_random(THTensor *self, THGenerator *gen);
/* A random permutation of 0 .. n-1 (torch's randperm) of a real dtype that
 * holds n - 1: a new contiguous 1-dim tensor. */
TH_API THTensor *THTensor_newRandperm(THGenerator *gen, int64_t n, THScalarType dtype);

#endif /* TH_TENSOR_RANDOM_H */
