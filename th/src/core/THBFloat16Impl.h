/* Internal bfloat16 bit conversions, inline for the cast kernels. */
#ifndef TH_BFLOAT16_IMPL_H
#define TH_BFLOAT16_IMPL_H

#include <stdint.h>
#include <string.h>

/* Round to nearest even, as torch's c10::BFloat16 does (add 0x7fff plus the
 * lowest kept bit, drop 16 bits: a carry may reach infinity, as it should).
 * A NaN keeps its sign and top payload bits and is made quiet, so it can
 * never round into infinity. */
static inline uint16_t th_float_to_bfloat16_bits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  if ((b & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((b >> 16) | 0x0040u);
  return (uint16_t)((b + 0x7fffu + ((b >> 16) & 1u)) >> 16);
}

/* Exact: bfloat16 is float32's top half. */
static inline float th_bfloat16_bits_to_float(uint16_t h) {
  uint32_t b = (uint32_t)h << 16;
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

#endif
