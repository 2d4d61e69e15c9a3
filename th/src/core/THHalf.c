/* IEEE 754 binary16 conversions, correctly rounded (round half to even), so
 * that float64 -> float16 rounds once, as numpy does. */
#include <math.h>
#include <string.h>

#include "core/THHalfImpl.h"

/* value = (-1)^sign * m * 2^(e - (mbits - 1)), with m's top bit (mbits - 1)
 * set: a normalised binary number of mbits significant bits. */
static uint16_t half_from_parts(uint16_t sign, int e, uint64_t m, int mbits) {
  if (e > 15) return sign | 0x7c00; /* overflow: infinity */
  int shift;
  uint16_t h;
  if (e >= -14) {
    shift = mbits - 11; /* keep 11 bits: the implicit one and ten */
    h = (uint16_t)(((unsigned)(e + 14) << 10) + (unsigned)(m >> shift));
  } else {
    shift = mbits - 11 + (-14 - e); /* subnormal: units of 2^-24 */
    if (shift > mbits) return sign;  /* below half the smallest subnormal */
    h = (uint16_t)(m >> shift);
  }
  uint64_t rem = m & ((UINT64_C(1) << shift) - 1);
  uint64_t halfway = UINT64_C(1) << (shift - 1);
  if (rem > halfway || (rem == halfway && (h & 1))) h++; /* may carry into inf */
  return sign | h;
}

uint16_t th_float_to_half_bits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  uint16_t sign = (uint16_t)((b >> 16) & 0x8000);
  uint32_t exp = (b >> 23) & 0xff;
  uint32_t mant = b & 0x7fffff;
  if (exp == 0xff) {
    if (mant == 0) return sign | 0x7c00;
    uint16_t nan = (uint16_t)(0x7c00 | (mant >> 13));
    return sign | (nan == 0x7c00 ? 0x7e00 : nan);
  }
  if (exp == 0) return sign; /* float subnormals are far below half's range */
  return half_from_parts(sign, (int)exp - 127, mant | 0x800000, 24);
}

uint16_t th_double_to_half_bits(double d) {
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  uint16_t sign = (uint16_t)((b >> 48) & 0x8000);
  uint32_t exp = (uint32_t)((b >> 52) & 0x7ff);
  uint64_t mant = b & UINT64_C(0xfffffffffffff);
  if (exp == 0x7ff) {
    if (mant == 0) return sign | 0x7c00;
    uint16_t nan = (uint16_t)(0x7c00 | (mant >> 42));
    return sign | (nan == 0x7c00 ? 0x7e00 : nan);
  }
  if (exp == 0) return sign;
  return half_from_parts(sign, (int)exp - 1023, mant | (UINT64_C(1) << 52), 53);
}

float th_half_bits_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  if (exp == 0) {
    float v = ldexpf((float)mant, -24); /* zero or subnormal, exact */
    return sign ? -v : v;
  }
  uint32_t b = exp == 0x1f ? (sign | 0x7f800000u | (mant << 13))
                           : (sign | ((exp + 112) << 23) | (mant << 13));
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

float THHalf_toFloat(THHalf h) { return th_half_bits_to_float(h.x); }

THHalf THFloat_toHalf(float f) {
  THHalf h = {th_float_to_half_bits(f)};
  return h;
}
