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
 * (two, a 64-bit draw, when the range is 2^28 or wider, as torch), taken modulo the range. */
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

/* The distributions. Each fill draws torch 2.13's numbers for the same
 * generator state (docs/RANDOM.md says how far each matches); a parameter
 * out of range is a ValueError and a dtype the distribution does not take
 * an UnsupportedDtype error (NotImplementedError), both before any draw. */

/* N(mean, std^2) (torch's normal_): the floating and complex dtypes (a
 * complex element is two real ones of variance std^2 / 2); std >= 0. */
TH_API int THTensor_normal(THTensor *self, THGenerator *gen, double mean, double std);
/* torch.normal with tensor parameters: self is resized to means' shape
 * (stds', their broadcast shape), drawn from N(0, std) (N(0, 1) times stds)
 * and means (mean, in self's dtype) added. Every std must be >= 0;
 * complex parameters are refused (TypeError); self may be neither. */
TH_API int THTensor_normal_means(THTensor *self, THGenerator *gen, THTensor *means, double std);
TH_API int THTensor_normal_stddevs(THTensor *self, THGenerator *gen, double mean, THTensor *stds);
TH_API int THTensor_normal_means_stddevs(THTensor *self, THGenerator *gen, THTensor *means,
                                         THTensor *stds);
/* Exponential of rate lambda > 0 (torch's exponential_): floating dtypes. */
TH_API int THTensor_exponential(THTensor *self, THGenerator *gen, double lambda);
/* Cauchy about median with scale sigma > 0 (torch's cauchy_): floating dtypes. */
TH_API int THTensor_cauchy(THTensor *self, THGenerator *gen, double median, double sigma);
/* exp(N(mean, std^2)), std > 0 (torch's log_normal_): floating dtypes. */
TH_API int THTensor_logNormal(THTensor *self, THGenerator *gen, double mean, double std);
/* The number of trials to the first success, p in (0, 1) (torch's
 * geometric_): the real dtypes but bool and the wide unsigned ones. */
TH_API int THTensor_geometric(THTensor *self, THGenerator *gen, double p);
/* 1 with probability p in [0, 1], else 0 (torch's bernoulli_(p)): the real
 * dtypes but the wide unsigned ones. */
TH_API int THTensor_bernoulli(THTensor *self, THGenerator *gen, double p);
/* self[i] = 1 with probability p[i] (torch's bernoulli_(p)): p, of a
 * floating dtype with every element in [0, 1], is broadcast to self's shape. */
TH_API int THTensor_bernoulli_Tensor(THTensor *self, THGenerator *gen, THTensor *p);
/* Poisson counts of the rates (torch's poisson): self, of a floating
 * dtype, is resized to rates' shape; every rate must be >= 0. */
TH_API int THTensor_poisson(THTensor *self, THGenerator *gen, THTensor *rates);
/* Gamma(alpha, 1) samples (torch's _standard_gamma), at least the dtype's
 * smallest normal number: float32 or float64, self of alpha's dtype,
 * resized to its shape. */
TH_API int THTensor_standard_gamma(THTensor *self, THGenerator *gen, THTensor *alpha);
/* n category indices per row of prob (1 or 2 dims, floating, non-negative,
 * finite, a row not all zero) drawn with or without replacement (torch's
 * multinomial): self, int64, is resized to (n) or (rows, n). */
TH_API int THTensor_multinomial(THTensor *self, THGenerator *gen, THTensor *prob, int64_t n,
                                int replacement);
/* The alias method (TH's): Setup builds, from 1-dim probabilities (any
 * non-negative weights), the tables J (int64: each category's alias) and q
 * (probs' dtype: the chance a category keeps itself), each resized to
 * probs' size; Draw fills self (int64) with category indices drawn from
 * them, two uniform draws each, in O(1). */
TH_API int THTensor_multinomialAliasSetup(THTensor *probs, THTensor *J, THTensor *q);
TH_API int THTensor_multinomialAliasDraw(THTensor *self, THGenerator *gen, THTensor *J,
                                         THTensor *q);

#endif /* TH_TENSOR_RANDOM_H */
