/* THRandom.h: TH v0.4's random number API (TH/THRandom.h) with TH's
 * signatures and TH v0.4's streams.
 *
 * TH's THGenerator is th's (THGenerator.h): one type. THGenerator_new()
 * makes one seeded from /dev/urandom, as TH's did (th's seeded one is
 * THGenerator_newWithSeed); THGenerator_free drops the reference. A NULL
 * generator given to a THRandom_* function or a typed fill means th's
 * default generator (TH would have crashed).
 *
 * The mt19937 under both APIs is the same (TH and torch seed and twist it
 * alike), so THRandom_random gives THGenerator_random's numbers. Above it,
 * TH's transforms are TH v0.4's, not torch's: a double uniform takes 53 bits
 * of a random64 (two draws), a float one 24 bits of one draw, a normal is
 * Box-Muller on two doubles whose second value is kept for the next normal.
 * That cache (TH's normal_x/y/rho) lives in th's generator beside torch's
 * own, so th's draws and TH's never disturb each other's cache; seeding
 * (either API) clears both.
 *
 * THGeneratorState is TH v0.4's public struct, byte for byte (5048 bytes on
 * a 64-bit ABI, TH's saved RNG state). th's generator does not hold one:
 * THGeneratorState_isValid and THGeneratorState_copy work on standalone
 * structs, and THByteTensor_getRNGState / setRNGState (THLegacy.h) convert
 * th's generator to and from it. setRNGState also refuses states TH took
 * but would read past its array with (left + next > 625) or state words
 * over 32 bits (TH's stream from those depended on the garbage). */
#ifndef TH_RANDOM_INC
#define TH_RANDOM_INC

#include <stdint.h>

#include "THGeneral.h"
#include "THGenerator.h"
#include "THLegacyGeneral.h"

#define _MERSENNE_STATE_N 624
#define _MERSENNE_STATE_M 397

#define torch_Generator "torch.Generator"

typedef struct THGeneratorState {
  uint64_t the_initial_seed; /* the seed the stream started from */
  int left;                  /* draws left before the next twist, in [1, 624] */
  int seeded;                /* 1 once seeded */
  uint64_t next;             /* the next state word to temper */
  uint64_t state[_MERSENNE_STATE_N];
  /* TH's Box-Muller cache: valid means the sine half is still to come */
  double normal_x;
  double normal_y;
  double normal_rho;
  int normal_is_valid;
} THGeneratorState;

/* A new generator seeded from /dev/urandom (a TH error if out of memory). */
TH_API THGenerator *THGenerator_new(void);
/* self continues from's stream (its seed, position and both normal caches). */
TH_API THGenerator *THGenerator_copy(THGenerator *self, THGenerator *from);
/* THGenerator_free (drop a reference) is THGenerator.h's. */

/* 1 if TH would load the state (seeded, 0 < left <= 624, next <= 624). */
TH_API int THGeneratorState_isValid(THGeneratorState *_gen_state);
TH_API THGeneratorState *THGeneratorState_copy(THGeneratorState *self, THGeneratorState *from);

/* Reseed from /dev/urandom; returns the seed (th's 53-bit seeds, torch's). */
TH_API uint64_t THRandom_seed(THGenerator *_generator);
TH_API void THRandom_manualSeed(THGenerator *_generator, uint64_t the_seed_);
TH_API uint64_t THRandom_initialSeed(THGenerator *_generator);
/* 32 random bits (in a uint64_t, as TH), and 64 (the first draw is the high half) */
TH_API uint64_t THRandom_random(THGenerator *_generator);
TH_API uint64_t THRandom_random64(THGenerator *_generator);
/* [0, 1) from 53 bits of a random64 */
TH_API double THRandom_standard_uniform(THGenerator *_generator);
TH_API double THRandom_uniform(THGenerator *_generator, double a, double b);
/* [a, b) in float from 24 bits of one draw */
TH_API float THRandom_uniformFloat(THGenerator *_generator, float a, float b);
/* Box-Muller (cosine, then the cached sine); stdv > 0 */
TH_API double THRandom_normal(THGenerator *_generator, double mean, double stdv);
TH_API double THRandom_exponential(THGenerator *_generator, double lambda);
/* Marsaglia and Tsang. TH looped forever for alpha <= -2/3 or NaN: a TH error here. */
TH_API double THRandom_standard_gamma(THGenerator *_generator, double alpha);
TH_API double THRandom_cauchy(THGenerator *_generator, double median, double sigma);
/* exp of a normal(mean, stdv); stdv > 0 */
TH_API double THRandom_logNormal(THGenerator *_generator, double mean, double stdv);
/* 0 < p < 1 */
TH_API int THRandom_geometric(THGenerator *_generator, double p);
/* 0 <= p <= 1 */
TH_API int THRandom_bernoulli(THGenerator *_generator, double p);

#endif /* TH_RANDOM_INC */
