/* Internal float16 bit conversions used by the cast and fill kernels. */
#ifndef TH_HALF_IMPL_H
#define TH_HALF_IMPL_H

#include <stdint.h>

#include "TH/THGeneral.h"

uint16_t th_float_to_half_bits(float f);
uint16_t th_double_to_half_bits(double d);
float th_half_bits_to_float(uint16_t h);

#endif
