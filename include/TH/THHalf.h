/* THHalf.h: TH v0.4's half-precision helpers over th's THHalf (the IEEE
 * binary16 bits, THGeneral.h). */
#ifndef TH_HALF_H
#define TH_HALF_H

#include "THGeneral.h"

typedef struct THHalf2 {
  uint32_t x;
} THHalf2;

TH_API void TH_float2halfbits(float *src, unsigned short *dest);
TH_API void TH_halfbits2float(unsigned short *src, float *dest);
/* Round to nearest even, as THFloat_toHalf. */
TH_API THHalf TH_float2half(float f);
TH_API float TH_half2float(THHalf h);

#ifndef TH_HALF_BITS_TO_LITERAL
#define TH_HALF_BITS_TO_LITERAL(n) \
  { n }
#endif
#define TH_HALF_ZERO 0x0U
#define TH_HALF_INF 0x7C00U

#endif /* TH_HALF_H */
