/* THLegacyGeneral.h: TH v0.4's THGeneral API (errors, memory, helpers) with
 * TH's signatures, for C code written against TH. See docs/LEGACY.md.
 *
 * TH's errors do not return: THError and a failing THArgCheck call the
 * handler set with THSetErrorHandler / THSetArgErrorHandler if any; if it
 * returns (or none is set) they unwind to the innermost THLegacy_protect of
 * the calling thread, which returns -1 with the error recorded as th's last
 * error (THGetLastError; Python sees an exception). Without either, the
 * message is printed and the process exits, as TH's default handler did.
 * Every TH-named function in th (THFloatTensor_narrow, ...) fails this way. */
#ifndef TH_LEGACY_GENERAL_H
#define TH_LEGACY_GENERAL_H

#ifndef __STDC_FORMAT_MACROS
#define __STDC_FORMAT_MACROS
#endif

/* what TH.h gave its users */
#include <float.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "THGeneral.h"

#define TH_NO_RETURN __attribute__((noreturn))
#define TH_UNREACHABLE __builtin_unreachable();
#define TH_UNUSED __attribute__((unused))

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* PyTorch's TH counted from 0 (torch7's Lua TH from 1). */
#ifndef TH_INDEX_BASE
#define TH_INDEX_BASE 0
#endif

typedef void (*THErrorHandlerFunction)(const char *msg, void *data);
typedef void (*THArgErrorHandlerFunction)(int argNumber, const char *msg, void *data);

#define TH_DESC_BUFF_LEN 64
typedef struct {
  char str[TH_DESC_BUFF_LEN];
} THDescBuff;

TH_API double THLog1p(const double x);
TH_API double THLog2(const double x);
TH_API double THExpm1(const double x);
/* "[2 x 3]" */
TH_API THDescBuff _THSizeDesc(const int64_t *size, const int64_t ndim);

TH_API TH_NO_RETURN void _THError(const char *file, const int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Does not return when condition is 0. */
TH_API void _THArgCheck(const char *file, int line, int condition, int argNumber,
                        const char *fmt, ...) __attribute__((format(printf, 5, 6)));
TH_API void _THAssertionFailed(const char *file, const int line, const char *exp,
                               const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The calling thread's handler (NULL: none); the default handler is every
 * thread's that set none. A handler that returns is followed by the
 * unwinding described above. */
TH_API void THSetErrorHandler(THErrorHandlerFunction new_handler, void *data);
TH_API void THSetDefaultErrorHandler(THErrorHandlerFunction new_handler, void *data);
TH_API void THSetArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data);
TH_API void THSetDefaultArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data);

/* malloc/realloc/free. THAlloc(0) is NULL; a failure is a TH error (a
 * MemoryError). THFree(NULL) does nothing. */
TH_API void *THAlloc(ptrdiff_t size);
TH_API void *THRealloc(void *ptr, ptrdiff_t size);
TH_API void THFree(void *ptr);
/* TH's garbage-collection hook: kept for source compatibility, never called
 * (th has no collector to ask). */
TH_API void THSetGCHandler(void (*torchGCHandlerFunction)(void *data), void *data);
TH_API void THHeapUpdate(ptrdiff_t size);
TH_API int THGetNumCores(void);
TH_API void THInferNumThreads(void);

#define THError(...) _THError(__FILE__, __LINE__, __VA_ARGS__)

#define THCleanup(...) __VA_ARGS__

#define THArgCheck(...)                          \
  do {                                           \
    _THArgCheck(__FILE__, __LINE__, __VA_ARGS__); \
  } while (0)

#define THArgError(...)                                \
  do {                                                 \
    _THArgCheck(__FILE__, __LINE__, 0, __VA_ARGS__);   \
    TH_UNREACHABLE                                     \
  } while (0)

#define THArgCheckWithCleanup(condition, cleanup, ...)    \
  do                                                      \
    if (!(condition)) {                                   \
      cleanup _THArgCheck(__FILE__, __LINE__, 0, __VA_ARGS__); \
    }                                                     \
  while (0)

#define THAssert(exp)                                        \
  do {                                                       \
    if (!(exp)) _THAssertionFailed(__FILE__, __LINE__, #exp, ""); \
  } while (0)

#define THAssertMsg(exp, ...)                                           \
  do {                                                                  \
    if (!(exp)) _THAssertionFailed(__FILE__, __LINE__, #exp, __VA_ARGS__); \
  } while (0)

#define TH_CONCAT_STRING_2(x, y) TH_CONCAT_STRING_2_EXPAND(x, y)
#define TH_CONCAT_STRING_2_EXPAND(x, y) #x #y
#define TH_CONCAT_STRING_3(x, y, z) TH_CONCAT_STRING_3_EXPAND(x, y, z)
#define TH_CONCAT_STRING_3_EXPAND(x, y, z) #x #y #z
#define TH_CONCAT_STRING_4(x, y, z, w) TH_CONCAT_STRING_4_EXPAND(x, y, z, w)
#define TH_CONCAT_STRING_4_EXPAND(x, y, z, w) #x #y #z #w

#define THMin(X, Y) ((X) < (Y) ? (X) : (Y))
#define THMax(X, Y) ((X) > (Y) ? (X) : (Y))

/* ------------------------------------------------- the unwinding boundary
 *
 * Runs body(ctx). Returns 0 when it returns, or -1 when a TH error inside it
 * (THError, a failing THArgCheck or THAssert, a failing TH-named th
 * function) unwinds to here; the error is then the calling thread's last
 * error (THGetLastError) and went through th's error handler (so Python
 * has its exception set). Boundaries nest; each thread has its own.
 * Unwinding is longjmp: body's C frames end without cleanup, so whatever
 * they held is leaked unless freed before the error (as TH's callers did);
 * C++ destructors between do not run. */
typedef void (*THLegacyBody)(void *ctx);
TH_API int THLegacy_protect(THLegacyBody body, void *ctx);

/* The number of THLegacy_protect boundaries active on the calling thread. */
TH_API int THLegacy_depth(void);

/* Calls fn(args...) inside a boundary, where fn takes up to 6 integer-class
 * arguments (pointers, integers) and up to 8 floating ones (float, double)
 * in any interleaving: ints holds the integer-class ones and floats the
 * floating ones, each in declaration order, a float as THLegacy_floatArg
 * gives it. fn's result goes to *result: an int64_t when floatResult is 0
 * (integer-class or void), else a double (a float result in its low 32
 * bits). th.legacy.call uses this for ctypes functions. It relies on the
 * x86-64 System V and AArch64 calling conventions, where such arguments
 * travel in registers by class. Returns 0, or -1 (a TH error inside fn,
 * ValueError for too many arguments, NotImplementedError elsewhere). */
TH_API int THLegacy_call(void *fn, const int64_t *ints, int nInts, const double *floats,
                         int nFloats, int floatResult, void *result);
/* A double whose low 32 bits are f's: how a float argument travels. */
TH_API double THLegacy_floatArg(float f);

#endif /* TH_LEGACY_GENERAL_H */
