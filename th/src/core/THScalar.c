/* Checked conversion of a fill value to one element of a dtype. */
#include <math.h>
#include <string.h>

#include "core/THBFloat16Impl.h"
#include "core/THErrorImpl.h"
#include "core/THHalfImpl.h"
#include "core/THScalarImpl.h"

static int overflow_double(THScalarType dtype, double value, const char *fn) {
  TH_ERR_FN(TH_ERROR_VALUE, fn, "value %.17g cannot be converted to %s without overflow",
            value, THScalarType_name(dtype));
  return -1;
}

static int overflow_int64(THScalarType dtype, int64_t value, const char *fn) {
  TH_ERR_FN(TH_ERROR_VALUE, fn, "value %lld cannot be converted to %s without overflow",
            (long long)value, THScalarType_name(dtype));
  return -1;
}

static int invalid_dtype(THScalarType dtype, const char *fn) {
  TH_ERR_FN(TH_ERROR_VALUE, fn, "invalid dtype %d", (int)dtype);
  return -1;
}

/* Stores an integer into an integer or bool dtype; 1 if it does not fit. */
static int store_integer(THScalarType dtype, int64_t v, void *out) {
  switch (dtype) {
#define STORE_INT(DT, T, LO, HI)            \
  case DT:                                  \
    if (v < (LO) || v > (HI)) return 1;     \
    *(T *)out = (T)v;                       \
    return 0;
    STORE_INT(TH_UINT8, uint8_t, 0, UINT8_MAX)
    STORE_INT(TH_INT8, int8_t, INT8_MIN, INT8_MAX)
    STORE_INT(TH_INT16, int16_t, INT16_MIN, INT16_MAX)
    STORE_INT(TH_INT32, int32_t, INT32_MIN, INT32_MAX)
    STORE_INT(TH_UINT16, uint16_t, 0, UINT16_MAX)
    STORE_INT(TH_UINT32, uint32_t, 0, UINT32_MAX)
    STORE_INT(TH_UINT64, uint64_t, 0, INT64_MAX)
#undef STORE_INT
    case TH_INT64: *(int64_t *)out = v; return 0;
    case TH_BOOL: *(bool *)out = v != 0; return 0;
    default: return 1;
  }
}

int th_scalar_from_double(THScalarType dtype, double value, void *out, const char *fn) {
  switch (dtype) {
    case TH_FLOAT64: *(double *)out = value; return 0;
    case TH_FLOAT32: {
      float f = (float)value;
      if (isinf(f) && !isinf(value)) return overflow_double(dtype, value, fn);
      *(float *)out = f;
      return 0;
    }
    case TH_FLOAT16: {
      uint16_t h = th_double_to_half_bits(value);
      if ((h & 0x7fff) == 0x7c00 && !isinf(value)) return overflow_double(dtype, value, fn);
      memcpy(out, &h, sizeof h);
      return 0;
    }
    case TH_BFLOAT16: {
      uint16_t b = th_float_to_bfloat16_bits((float)value); /* as the casts: via float32 */
      if ((b & 0x7fff) == 0x7f80 && !isinf(value)) return overflow_double(dtype, value, fn);
      memcpy(out, &b, sizeof b);
      return 0;
    }
    case TH_COMPLEX64: case TH_COMPLEX128:
      return th_scalar_from_complex(dtype, value, 0.0, out, fn);
    case TH_BOOL: *(bool *)out = value != 0; return 0;
    case TH_UINT64: {
      double t = trunc(value);
      if (!(t >= 0.0 && t < 18446744073709551616.0)) return overflow_double(dtype, value, fn);
      *(uint64_t *)out = (uint64_t)t;
      return 0;
    }
    case TH_UINT8: case TH_INT8: case TH_INT16: case TH_INT32: case TH_INT64:
    case TH_UINT16: case TH_UINT32: {
      if (isnan(value)) return overflow_double(dtype, value, fn);
      double t = trunc(value); /* torch truncates toward zero */
      if (!(t >= -9223372036854775808.0 && t < 9223372036854775808.0) ||
          store_integer(dtype, (int64_t)t, out))
        return overflow_double(dtype, value, fn);
      return 0;
    }
    default: return invalid_dtype(dtype, fn);
  }
}

int th_scalar_from_int64(THScalarType dtype, int64_t value, void *out, const char *fn) {
  switch (dtype) {
    case TH_FLOAT64: *(double *)out = (double)value; return 0;
    case TH_FLOAT32: *(float *)out = (float)value; return 0;
    case TH_FLOAT16: {
      uint16_t h = th_double_to_half_bits((double)value);
      if ((h & 0x7fff) == 0x7c00) return overflow_int64(dtype, value, fn);
      memcpy(out, &h, sizeof h);
      return 0;
    }
    case TH_BFLOAT16: case TH_COMPLEX64: case TH_COMPLEX128: /* no int64 overflows them */
      return th_scalar_from_double(dtype, (double)value, out, fn);
    case TH_UINT8: case TH_INT8: case TH_INT16: case TH_INT32: case TH_INT64: case TH_BOOL:
    case TH_UINT16: case TH_UINT32: case TH_UINT64:
      if (store_integer(dtype, value, out)) return overflow_int64(dtype, value, fn);
      return 0;
    default: return invalid_dtype(dtype, fn);
  }
}

int th_scalar_from_uint64(THScalarType dtype, uint64_t value, void *out, const char *fn) {
  if (value <= INT64_MAX) return th_scalar_from_int64(dtype, (int64_t)value, out, fn);
  if (dtype == TH_UINT64) {
    *(uint64_t *)out = value;
    return 0;
  }
  if (dtype == TH_BOOL) {
    *(bool *)out = true;
    return 0;
  }
  if (THScalarType_isFloatingPoint(dtype) || THScalarType_isComplex(dtype))
    return th_scalar_from_double(dtype, (double)value, out, fn);
  if (!THScalarType_isValid((int)dtype)) return invalid_dtype(dtype, fn);
  TH_ERR_FN(TH_ERROR_VALUE, fn, "value %llu cannot be converted to %s without overflow",
            (unsigned long long)value, THScalarType_name(dtype));
  return -1;
}

/* One part of a complex64: float32's rounding, with the complex's message. */
static int complex_part_to_float(double part, double re, double im, float *out,
                                 const char *fn) {
  *out = (float)part;
  if (isinf(*out) && !isinf(part)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "value (%.17g%+.17gj) cannot be converted to complex64 "
              "without overflow", re, im);
    return -1;
  }
  return 0;
}

int th_scalar_from_complex(THScalarType dtype, double re, double im, void *out,
                           const char *fn) {
  if (dtype == TH_COMPLEX128) {
    THComplexDouble c = {re, im};
    memcpy(out, &c, sizeof c);
    return 0;
  }
  if (dtype == TH_COMPLEX64) {
    THComplexFloat c;
    if (complex_part_to_float(re, re, im, &c.re, fn) ||
        complex_part_to_float(im, re, im, &c.im, fn))
      return -1;
    memcpy(out, &c, sizeof c);
    return 0;
  }
  if (im != 0 && THScalarType_isValid((int)dtype)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "value (%.17g%+.17gj) cannot be converted to %s: its "
              "imaginary part is not 0", re, im, THScalarType_name(dtype));
    return -1;
  }
  return th_scalar_from_double(dtype, re, out, fn);
}

int THScalarType_packDouble(THScalarType dtype, double value, void *out) {
  return th_scalar_from_double(dtype, value, out, __func__);
}

int THScalarType_packInt64(THScalarType dtype, int64_t value, void *out) {
  return th_scalar_from_int64(dtype, value, out, __func__);
}

int THScalarType_packUInt64(THScalarType dtype, uint64_t value, void *out) {
  return th_scalar_from_uint64(dtype, value, out, __func__);
}

int THScalarType_packComplex(THScalarType dtype, double re, double im, void *out) {
  return th_scalar_from_complex(dtype, re, im, out, __func__);
}
