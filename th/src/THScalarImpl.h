/* Internal checked conversion of one value to an element of a dtype, used by
 * fill (torch's rule: a value the dtype cannot hold is an error). */
#ifndef TH_SCALAR_IMPL_H
#define TH_SCALAR_IMPL_H

#include "TH/THGeneral.h"

/* Writes value as one element of dtype to out. ValueError (as fn) when the
 * dtype cannot hold it. Returns 0, or -1 on error. */
int th_scalar_from_double(THScalarType dtype, double value, void *out, const char *fn);
int th_scalar_from_int64(THScalarType dtype, int64_t value, void *out, const char *fn);

#endif
