/* The dtype table: element size and name of every THScalarType. */
#include "TH/THGeneral.h"

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
