/* bfloat16's public conversions (the kernels use THBFloat16Impl.h inline). */
#include "core/THBFloat16Impl.h"
#include "TH/THGeneral.h"

float THBFloat16_toFloat(THBFloat16 b) { return th_bfloat16_bits_to_float(b.x); }

THBFloat16 THFloat_toBFloat16(float f) {
  THBFloat16 b = {th_float_to_bfloat16_bits(f)};
  return b;
}
