/* The generator's insides, for the layers that draw many numbers at once
 * (math/THTensorRandom.c): they take the lock once and draw unlocked. */
#ifndef TH_GENERATOR_IMPL_H
#define TH_GENERATOR_IMPL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "TH/THGenerator.h"

#define TH_MT_N 624

struct THGenerator {
  _Atomic int64_t refcount;
  pthread_mutex_t lock;
  /* the stream: everything from here on (THGenerator_newClone copies it) */
  uint64_t seed; /* the stream's initial seed */
  int left;      /* draws left before the next twist, in [1, TH_MT_N] */
  uint32_t next; /* the next state word to temper */
  uint32_t state[TH_MT_N];
  /* the second of a pair of normal samples, kept for the next draw (torch's) */
  int has_next_double_normal, has_next_float_normal;
  double next_double_normal;
  float next_float_normal;
  /* TH v0.4's Box-Muller cache (THRandom.h's THRandom_normal), apart from torch's */
  int th_normal_is_valid;
  double th_normal_x, th_normal_y, th_normal_rho;
};

static inline void th_generator_lock(THGenerator *g) { pthread_mutex_lock(&g->lock); }
static inline void th_generator_unlock(THGenerator *g) { pthread_mutex_unlock(&g->lock); }

/* The next TH_MT_N state words (mt19937's twist). */
void th_mt_twist(THGenerator *g);

/* A state word as a draw (mt19937's tempering); the block fills of
 * math/THTensorRandom.c temper words in vector loops with it. */
static inline uint32_t th_mt_temper(uint32_t y) {
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  return y ^ (y >> 18);
}

/* The next 32 bits; the caller holds the lock. Inline: a fill draws one
 * per element, and a call per draw would cost as much as the draw. */
static inline uint32_t th_mt_next(THGenerator *g) {
  if (--g->left == 0) th_mt_twist(g);
  return th_mt_temper(g->state[g->next++]);
}
/* The next 64 bits (two draws, the first the high half); the caller holds the lock. */
static inline uint64_t th_mt_next64(THGenerator *g) {
  uint64_t hi = th_mt_next(g);
  return hi << 32 | th_mt_next(g);
}

#endif
