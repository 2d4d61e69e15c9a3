/* The random fills' shared machinery (math/THTensorRandom.c): a draw
 * makes a chunk of values from the generator; a fill converts them into a
 * tensor's elements in torch's element order. The distributions
 * (math/THTensorDistributions.c) are draws over the same fill. */
#ifndef TH_RANDOM_IMPL_H
#define TH_RANDOM_IMPL_H

#include <stdint.h>

#include "TH/THGenerator.h"
#include "TH/THTensor.h"

/* What a fill draws: a value of dtype `as` (float32, float64 or int64) per
 * element; the values are converted to the tensor's dtype as C casts. */
typedef struct THDraw {
  THScalarType as;
  void (*draw)(THGenerator *g, const struct THDraw *d, void *out, int64_t n);
  double from, span, to;   /* uniform: from + x * span, in the draw's dtype */
  int pairs;               /* complex: two values (real, imaginary) per element */
  uint64_t range;          /* integers: [base, base + range) */
  int64_t base;
  double a, b;             /* a distribution's parameters (mean and std, ...) */
  THScalarType dtype;      /* the tensor's dtype (a complex one's real dtype) */
} THDraw;

/* Draws into t in torch's order (the caller holds g's lock): the iterator
 * walks the destination in memory order (dims by stride, the smallest
 * innermost), as torch's iterator walks a lone output. */
void th_random_fill(THTensor *t, THGenerator *g, const THDraw *d);
/* Checks self (NULL, writable) and fills it from gen (NULL: the default
 * generator) under its lock: 0, or -1 with nothing drawn. */
int th_random_run(THTensor *self, THGenerator *gen, const THDraw *d, const char *fn);
/* n doubles at values made floats in place (a half type's values: torch
 * converts a double to them through float) */
void th_doubles_to_floats(void *values, int64_t n);
static inline int th_is_half_type(THScalarType t) { return t == TH_FLOAT16 || t == TH_BFLOAT16; }
/* v rounded to float16 or bfloat16 (t) and back to float. */
float th_round_half(THScalarType t, float v);

#endif
