/* The dtype table: element size and name of every THScalarType, and the
 * promotion of two dtypes. */
#include "TH/THGeneral.h"
#include <stdatomic.h>

#include "core/THErrorImpl.h"

static const size_t element_sizes[TH_NUM_SCALAR_TYPES] = {
    [TH_UINT8] = 1,    [TH_INT8] = 1,       [TH_INT16] = 2,       [TH_INT32] = 4,
    [TH_INT64] = 8,    [TH_FLOAT16] = 2,    [TH_FLOAT32] = 4,     [TH_FLOAT64] = 8,
    [TH_BOOL] = 1,     [TH_BFLOAT16] = 2,   [TH_COMPLEX64] = 8,   [TH_COMPLEX128] = 16,
    [TH_UINT16] = 2,   [TH_UINT32] = 4,     [TH_UINT64] = 8,
};

static const char *const names[TH_NUM_SCALAR_TYPES] = {
    [TH_UINT8] = "uint8",       [TH_INT8] = "int8",           [TH_INT16] = "int16",
    [TH_INT32] = "int32",       [TH_INT64] = "int64",         [TH_FLOAT16] = "float16",
    [TH_FLOAT32] = "float32",   [TH_FLOAT64] = "float64",     [TH_BOOL] = "bool",
    [TH_BFLOAT16] = "bfloat16", [TH_COMPLEX64] = "complex64", [TH_COMPLEX128] = "complex128",
    [TH_UINT16] = "uint16",     [TH_UINT32] = "uint32",       [TH_UINT64] = "uint64",
};

int THScalarType_isValid(int dtype) { return dtype >= 0 && dtype < TH_NUM_SCALAR_TYPES; }

size_t THScalarType_elementSize(THScalarType dtype) {
  return THScalarType_isValid((int)dtype) ? element_sizes[dtype] : 0;
}

const char *THScalarType_name(THScalarType dtype) {
  return THScalarType_isValid((int)dtype) ? names[dtype] : "invalid";
}

int THScalarType_isFloatingPoint(THScalarType dtype) {
  return dtype == TH_FLOAT16 || dtype == TH_BFLOAT16 || dtype == TH_FLOAT32 ||
         dtype == TH_FLOAT64;
}

int THScalarType_isComplex(THScalarType dtype) {
  return dtype == TH_COMPLEX64 || dtype == TH_COMPLEX128;
}

/* The kinds of value, in promotion order. */
enum { KIND_BOOL, KIND_UNSIGNED, KIND_SIGNED, KIND_FLOATING, KIND_COMPLEX };

static int kind_of(THScalarType t) {
  switch (t) {
    case TH_BOOL: return KIND_BOOL;
    case TH_UINT8: case TH_UINT16: case TH_UINT32: case TH_UINT64: return KIND_UNSIGNED;
    case TH_INT8: case TH_INT16: case TH_INT32: case TH_INT64: return KIND_SIGNED;
    case TH_FLOAT16: case TH_BFLOAT16: case TH_FLOAT32: case TH_FLOAT64: return KIND_FLOATING;
    default: return KIND_COMPLEX;
  }
}

static THScalarType signed_of_size(size_t size) {
  return size == 1 ? TH_INT8 : size == 2 ? TH_INT16 : size == 4 ? TH_INT32 : TH_INT64;
}

int THScalarType_promote(THScalarType a, THScalarType b, THScalarType *out) {
  if (!THScalarType_isValid((int)a) || !THScalarType_isValid((int)b)) {
    TH_ERR(TH_ERROR_TYPE, "no promotion rule for dtypes %d and %d", (int)a, (int)b);
    return -1;
  }
  if (kind_of(a) > kind_of(b)) { /* a: the lower kind */
    THScalarType t = a;
    a = b;
    b = t;
  }
  size_t sa = element_sizes[a], sb = element_sizes[b];
  if (a == b) {
    *out = a;
  } else if (kind_of(a) == kind_of(b)) { /* the larger; two 16-bit floats: float32 */
    *out = sa == sb ? TH_FLOAT32 : sa > sb ? a : b;
  } else if (kind_of(b) >= KIND_FLOATING) { /* b's kind wins, float64 widens complex64 */
    *out = (a == TH_FLOAT64 && b == TH_COMPLEX64) ? TH_COMPLEX128 : b;
  } else if (kind_of(a) == KIND_BOOL || sb > sa) { /* b holds every value of a */
    *out = b;
  } else { /* unsigned a, signed b of no larger size */
    *out = sa < 8 ? signed_of_size(2 * sa) : TH_FLOAT64;
  }
  return 0;
}

/* One word read by every weak scalar node: relaxed atomics suffice (torch's
 * default is process-wide and unsynchronised too). */
static _Atomic int default_float = TH_FLOAT32;

THScalarType THScalarType_defaultFloat(void) {
  return (THScalarType)atomic_load_explicit(&default_float, memory_order_relaxed);
}

int THScalarType_setDefaultFloat(THScalarType dtype) {
  if (dtype != TH_FLOAT16 && dtype != TH_FLOAT32 && dtype != TH_FLOAT64) {
    TH_ERR(TH_ERROR_TYPE, "the default dtype must be float16, float32 or float64, got %s",
           THScalarType_name(dtype));
    return -1;
  }
  atomic_store_explicit(&default_float, (int)dtype, memory_order_relaxed);
  return 0;
}

THScalarType THScalarType_defaultComplex(void) {
  return THScalarType_defaultFloat() == TH_FLOAT64 ? TH_COMPLEX128 : TH_COMPLEX64;
}
