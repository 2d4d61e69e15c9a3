/* THGenerator.h: random number generators (TH's THGenerator), the stream of
 * torch's CPU generator.
 *
 * A generator is a Mersenne Twister (mt19937, seeded as torch seeds it),
 * reference counted like storages and tensors: THGenerator_newWithSeed returns a
 * reference you own, retain gives one more, free drops one. One generator
 * may be used by several threads at once: each draw, and each tensor fill
 * (THTensorRandom.h), holds the generator's lock, so their numbers come one
 * call after the other, never interleaved or corrupted.
 *
 * For one seed the stream is torch 2.13's: THGenerator_random is torch's
 * CPUGeneratorImpl::random(), random64 its random64(), and a state saved
 * by getState loads into torch.set_rng_state (and torch's into setState).
 * The process's default generator (THGenerator_default, borrowed) starts
 * from a nondeterministic seed, as torch's; after fork() the child continues
 * the parent's stream from where it was. Ownership of every function is
 * listed in docs/REFCOUNT.md. */
#ifndef TH_GENERATOR_H
#define TH_GENERATOR_H

#include <stdint.h>

#include "THGeneral.h"
#include "THTensor.h"

typedef struct THGenerator THGenerator;

/* torch's default seed of a new generator (torch.Generator().initial_seed()) */
#define TH_GENERATOR_DEFAULT_SEED 67280421310721ULL
/* The bytes of a saved state: torch's CPUGeneratorImplState (torch.get_rng_state()). */
#define TH_GENERATOR_STATE_SIZE 5056

/* A new generator seeded with seed. NULL (MemoryError) when out of memory.
 * (THGenerator_new(void), seeded from /dev/urandom, is TH v0.4's: THRandom.h.) */
TH_API THGenerator *THGenerator_newWithSeed(uint64_t seed);
/* A new generator in self's state (its seed, its position, its cached normal). */
TH_API THGenerator *THGenerator_newClone(THGenerator *self);
TH_API void THGenerator_retain(THGenerator *self);
TH_API void THGenerator_free(THGenerator *self);
TH_API int64_t THGenerator_refcount(const THGenerator *self);
/* Generators alive now (the default one not counted): the leak harness
 * reads it as the counter "th.generators". */
TH_API int64_t THGenerator_liveCount(void);
/* The process's default generator (borrowed: never freed). */
TH_API THGenerator *THGenerator_default(void);

/* Restart the stream from seed (torch.manual_seed). */
TH_API void THGenerator_manualSeed(THGenerator *self, uint64_t seed);
/* The seed the stream started from (torch's initial_seed). */
TH_API uint64_t THGenerator_initialSeed(THGenerator *self);
/* Restart the stream from a nondeterministic seed, which it returns (torch's seed()). */
TH_API uint64_t THGenerator_seed(THGenerator *self);

/* The next 32 random bits, and the next 64 (two draws: the first is the high half). */
TH_API uint32_t THGenerator_random(THGenerator *self);
TH_API uint64_t THGenerator_random64(THGenerator *self);

/* The state, into state (a uint8 tensor, resized to TH_GENERATOR_STATE_SIZE
 * elements), and back. setState refuses (ValueError) a state of another
 * size or that is not a valid mt19937 position, leaving self unchanged;
 * (TypeError) a tensor that is not uint8. */
TH_API int THGenerator_getState(THGenerator *self, THTensor *state);
TH_API int THGenerator_setState(THGenerator *self, THTensor *state);

#endif /* TH_GENERATOR_H */
