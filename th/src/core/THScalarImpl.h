/* Internal checked conversion of one value to an element of a dtype, used by
 * fill (torch's rule: a value the dtype cannot hold is an error). */
#ifndef TH_SCALAR_IMPL_H
#define TH_SCALAR_IMPL_H

#include "TH/THGeneral.h"

/* Writes value as one element of dtype to out. ValueError (as fn) when the
 * dtype cannot hold it. Returns 0, or -1 on error. */
int th_scalar_from_double(THScalarType dtype, double value, void *out, const char *fn);
int th_scalar_from_int64(THScalarType dtype, int64_t value, void *out, const char *fn);
int th_scalar_from_uint64(THScalarType dtype, uint64_t value, void *out, const char *fn);
int th_scalar_from_complex(THScalarType dtype, double re, double im, void *out,
                           const char *fn);

/* Integers and bool: neither floating point nor complex. */
static inline int th_is_integral(THScalarType t) {
  return !THScalarType_isFloatingPoint(t) && !THScalarType_isComplex(t);
}

/* The real dtype of a complex one (others: themselves). */
static inline THScalarType th_real_of(THScalarType t) {
  return t == TH_COMPLEX64 ? TH_FLOAT32 : t == TH_COMPLEX128 ? TH_FLOAT64 : t;
}

/* Room for one element of any dtype (a fill's pattern). */
typedef union th_element {
  unsigned char bytes[16];
  uint64_t words[2];
} th_element;

#endif
