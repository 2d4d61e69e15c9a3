/* THGeneral.h: scalar types, the error contract and live-object counters.
 *
 * Plain C11. Every function declared here is safe to call without the GIL and
 * from any thread. */
#ifndef TH_GENERAL_H
#define TH_GENERAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#define TH_EXTERNC extern "C"
#else
#define TH_EXTERNC extern
#endif

/* libTH is built with hidden visibility; only TH_API names are exported. */
#define TH_API TH_EXTERNC __attribute__((visibility("default")))

#define TH_CONCAT_2(x, y) TH_CONCAT_2_EXPAND(x, y)
#define TH_CONCAT_2_EXPAND(x, y) x##y
#define TH_CONCAT_3(x, y, z) TH_CONCAT_3_EXPAND(x, y, z)
#define TH_CONCAT_3_EXPAND(x, y, z) x##y##z
#define TH_CONCAT_4(x, y, z, w) TH_CONCAT_4_EXPAND(x, y, z, w)
#define TH_CONCAT_4_EXPAND(x, y, z, w) x##y##z##w

/* Most dimensions a tensor may have (numpy's NPY_MAXDIMS). */
#define TH_MAX_DIMS 64

/* ------------------------------------------------------------------ dtypes */

typedef enum THScalarType {
  TH_UINT8 = 0,
  TH_INT8 = 1,
  TH_INT16 = 2,
  TH_INT32 = 3,
  TH_INT64 = 4,
  TH_FLOAT16 = 5,
  TH_FLOAT32 = 6,
  TH_FLOAT64 = 7,
  TH_BOOL = 8,
  /* the dtypes neighbouring libraries bring (numbered after the first nine,
   * which keep their values) */
  TH_BFLOAT16 = 9,
  TH_COMPLEX64 = 10,
  TH_COMPLEX128 = 11,
  TH_UINT16 = 12,
  TH_UINT32 = 13,
  TH_UINT64 = 14,
  TH_NUM_SCALAR_TYPES = 15
} THScalarType;

/* IEEE 754 half precision, stored as its bits (C11 has no portable half). */
typedef struct THHalf {
  uint16_t x;
} THHalf;

/* bfloat16 (torch's, Google Brain's): float32's top 16 bits, as its bits. */
typedef struct THBFloat16 {
  uint16_t x;
} THBFloat16;

/* complex64 and complex128: the layout of C99's float _Complex, C++'s
 * std::complex and numpy's complex types (real part first). */
typedef struct THComplexFloat {
  float re, im;
} THComplexFloat;
typedef struct THComplexDouble {
  double re, im;
} THComplexDouble;

/* 1 if dtype is one of the THScalarType values above, else 0. */
TH_API int THScalarType_isValid(int dtype);
/* Bytes per element; 0 for an invalid dtype. */
TH_API size_t THScalarType_elementSize(THScalarType dtype);
/* "float32", "int64", ...; "invalid" for an invalid dtype. Static string. */
TH_API const char *THScalarType_name(THScalarType dtype);
/* 1 for float16/bfloat16/float32/float64 (not complex, as in torch). */
TH_API int THScalarType_isFloatingPoint(THScalarType dtype);
/* 1 for complex64/complex128. */
TH_API int THScalarType_isComplex(THScalarType dtype);
/* torch.promote_types: the dtype that holds both kinds of value (bool <
 * unsigned and signed integers < floating point < complex; within a kind the
 * larger; float16 with bfloat16 is float32, float64 with complex64 is
 * complex128). Where torch has no rule (uint16/32/64 with a signed integer,
 * bool or complex) numpy's: an unsigned type with a signed one of no larger
 * size gives the signed type of twice its size, uint64 with a signed type
 * float64. Returns 0 with *out set, or -1 (TypeError) for an invalid dtype. */
TH_API int THScalarType_promote(THScalarType a, THScalarType b, THScalarType *out);
/* torch.get_default_dtype: the dtype Python floats (weak scalars) and integer
 * operands of floating ops take, process-wide (float32 at start). */
TH_API THScalarType THScalarType_defaultFloat(void);
/* torch.set_default_dtype: float16, float32 or float64 (th has no complex32
 * to pair with bfloat16). Returns 0, or -1 (TypeError) for another dtype. */
TH_API int THScalarType_setDefaultFloat(THScalarType dtype);
/* The complex dtype of the default: complex128 for float64, else complex64. */
TH_API THScalarType THScalarType_defaultComplex(void);

TH_API float THHalf_toFloat(THHalf h);
/* Round to nearest even; overflow gives infinity, NaN stays NaN. */
TH_API THHalf THFloat_toHalf(float f);
/* Exact. */
TH_API float THBFloat16_toFloat(THBFloat16 b);
/* Round to nearest even (torch's rule); NaN stays NaN (sign and top
 * payload bits kept, made quiet). */
TH_API THBFloat16 THFloat_toBFloat16(float f);

/* Write value as one element of dtype at out (elementSize bytes), as fill
 * converts: floats truncate toward zero for integer dtypes; a value the dtype
 * cannot hold (out of range, NaN for an integer) is a ValueError. Returns 0,
 * or -1 on error. */
TH_API int THScalarType_packDouble(THScalarType dtype, double value, void *out);
TH_API int THScalarType_packInt64(THScalarType dtype, int64_t value, void *out);
/* An integer in [2^63, 2^64) (or any uint64): exact for uint64. */
TH_API int THScalarType_packUInt64(THScalarType dtype, uint64_t value, void *out);
/* re + im*j: a complex dtype takes both parts (each rounded as packDouble);
 * any other dtype takes re as packDouble does when im is 0, and refuses a
 * nonzero im (ValueError, as torch refuses to drop it in a fill). */
TH_API int THScalarType_packComplex(THScalarType dtype, double re, double im, void *out);

/* ------------------------------------------------------------------ errors
 *
 * A failing function reports exactly one error through THReportError, releases what
 * it acquired and returns its error value (NULL, -1, or 0 for typed getters).
 * The error is always recorded as the calling thread's last error, then passed
 * to the thread's handler if one is set, else to the process-wide default
 * handler if one is set. Handlers return; nothing aborts. */

typedef enum THErrorKind {
  TH_ERROR_NONE = 0,
  TH_ERROR_RUNTIME = 1,
  TH_ERROR_INDEX = 2,
  TH_ERROR_VALUE = 3,
  TH_ERROR_TYPE = 4,
  TH_ERROR_MEMORY = 5,
  TH_ERROR_OS = 6, /* a failed system call: os_errno says which error */
  TH_ERROR_UNSUPPORTED = 7 /* an op the operands' dtype does not implement */
} THErrorKind;

#define TH_ERROR_MESSAGE_SIZE 512

typedef struct THErrorInfo {
  THErrorKind kind;
  const char *file; /* source file of the check that failed (static string) */
  int line;
  /* 1 when the reporting function has no error return (THTensor_free,
   * THStorage_retain, ...): a handler must not leave a pending exception
   * for a caller that cannot see it (Python: report it as unraisable). */
  int unraisable;
  int os_errno; /* TH_ERROR_OS: the errno of the failed call, else 0 */
  char message[TH_ERROR_MESSAGE_SIZE]; /* "THTensor_newNarrow: ..." */
} THErrorInfo;

typedef void (*THErrorHandler)(const THErrorInfo *error, void *data);

/* The calling thread's handler; NULL falls back to the default handler. */
TH_API void THSetErrorInfoHandler(THErrorHandler handler, void *data);
/* The process-wide default handler, used by threads that set none. */
TH_API void THSetDefaultErrorInfoHandler(THErrorHandler handler, void *data);
/* The calling thread's last error (borrowed, thread-local, overwritten by the
 * next error). kind is TH_ERROR_NONE when there was none since THClearError. */
TH_API const THErrorInfo *THGetLastError(void);
TH_API void THClearError(void);
/* Name of an error kind: "RuntimeError", "IndexError", "OSError", ... */
TH_API const char *THErrorKind_name(THErrorKind kind);

/* Report an error: printf-style message, recorded with file and line. */
TH_API void THErrorReport(THErrorKind kind, const char *file, int line,
                          const char *format, ...)
    __attribute__((format(printf, 4, 5)));

#define THReportError(kind, ...) THErrorReport((kind), __FILE__, __LINE__, __VA_ARGS__)

/* if (!cond) report and return retval from the calling function. */
#define THRequire(cond, retval, kind, ...)  \
  do {                                       \
    if (!(cond)) {                           \
      THReportError((kind), __VA_ARGS__);          \
      return retval;                         \
    }                                        \
  } while (0)

/* ------------------------------------------------------------ live counters
 *
 * Always on, cheap (each thread counts in its own slot, without locked
 * instructions; a read adds the slots up). bytes counts the data of live
 * storages. */

typedef struct THLiveCounts {
  int64_t storages;
  int64_t tensors;
  int64_t bytes;
} THLiveCounts;

TH_API THLiveCounts THGetLiveCounts(void);

/* ------------------------------------------------------------------ threads
 *
 * Loops over more than a few MiB (copies, element-wise work, reductions,
 * products, sorts) are split across this many threads. The threads are kept
 * between loops: after one they wait 0.2 ms for the next, spinning, then
 * sleep; a forked child starts its own. The default is the number of online
 * CPUs, at most 8, or the TH_NUM_THREADS environment variable; n < 1
 * restores it. */

TH_API int THGetNumThreads(void);
TH_API void THSetNumThreads(int n);

/* TH v0.4's own error and memory API (THError, THArgCheck, THAlloc, ...) */
#include "THLegacyGeneral.h"

#endif /* TH_GENERAL_H */
