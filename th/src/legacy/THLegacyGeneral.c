/* TH v0.4's THGeneral API: errors that do not return, the unwinding
 * boundary, memory and small helpers. */
#include <setjmp.h>
#include <stdatomic.h>
#include <unistd.h>

#include "core/THErrorImpl.h"
#include "core/THMemoryImpl.h"
#include "legacy/THLegacyImpl.h"
#include "TH/THHalf.h"

/* ------------------------------------------------------------ boundaries */

typedef struct Boundary {
  jmp_buf jump;
  struct Boundary *outer;
} Boundary;

/* the thread's boundaries, innermost first; their count is core's deferral
 * depth (th_error_deferred) */
static _Thread_local Boundary *innermost;

int THLegacy_protect(THLegacyBody body, void *ctx) {
  if (!body) {
    TH_ERR(TH_ERROR_VALUE, "body is NULL");
    return -1;
  }
  Boundary b;
  b.outer = innermost;
  int outer_depth = th_error_deferred();
  innermost = &b;
  th_error_defer(+1);
  if (setjmp(b.jump) != 0) {
    /* pop_boundary() took this boundary off before the jump */
    /* the outermost boundary hands the error to th's handlers (Python's
     * exception); inner ones leave it to the code that called them */
    if (outer_depth == 0) th_error_redispatch();
    return -1;
  }
  body(ctx);
  th_error_defer(-1);
  innermost = b.outer;
  return 0;
}

int THLegacy_depth(void) { return th_error_deferred(); }

/* ------------------------------------------------------------- handlers */

typedef struct Handler {
  THErrorHandlerFunction fn;
  void *data;
} Handler;
typedef struct ArgHandler {
  THArgErrorHandlerFunction fn;
  void *data;
} ArgHandler;

static _Thread_local Handler thread_handler;
static _Thread_local ArgHandler thread_arg_handler;
/* set once at start-up by C programs; read under a lock-free snapshot */
static Handler default_handler;
static ArgHandler default_arg_handler;
static atomic_flag default_lock = ATOMIC_FLAG_INIT;

static void lock_defaults(void) {
  while (atomic_flag_test_and_set_explicit(&default_lock, memory_order_acquire)) {
  }
}
static void unlock_defaults(void) { atomic_flag_clear_explicit(&default_lock, memory_order_release); }

void THSetErrorHandler(THErrorHandlerFunction new_handler, void *data) {
  thread_handler.fn = new_handler;
  thread_handler.data = data;
}

void THSetDefaultErrorHandler(THErrorHandlerFunction new_handler, void *data) {
  lock_defaults();
  default_handler.fn = new_handler;
  default_handler.data = data;
  unlock_defaults();
}

void THSetArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data) {
  thread_arg_handler.fn = new_handler;
  thread_arg_handler.data = data;
}

void THSetDefaultArgErrorHandler(THArgErrorHandlerFunction new_handler, void *data) {
  lock_defaults();
  default_arg_handler.fn = new_handler;
  default_arg_handler.data = data;
  unlock_defaults();
}

static Handler current_handler(void) {
  if (thread_handler.fn) return thread_handler;
  lock_defaults();
  Handler h = default_handler;
  unlock_defaults();
  return h;
}

static ArgHandler current_arg_handler(void) {
  if (thread_arg_handler.fn) return thread_arg_handler;
  lock_defaults();
  ArgHandler h = default_arg_handler;
  unlock_defaults();
  return h;
}

/* The innermost boundary, taken off the thread's list before any TH
 * handler runs: a handler that longjmps elsewhere (as Lua torch's did)
 * leaves no boundary pointing into a dead frame. */
static Boundary *pop_boundary(void) {
  Boundary *b = innermost;
  if (b) {
    innermost = b->outer;
    th_error_defer(-1);
  }
  return b;
}

/* After a TH handler (if any) returned: to the boundary, else TH's exit. */
static TH_NO_RETURN void unwind(Boundary *b, const char *message) {
  if (b) longjmp(b->jump, 1);
  fflush(stdout);
  fprintf(stderr, "$ Error: %s\n", message);
  exit(-1);
}

/* TH's handler, then the boundary (message is copied: the handler may
 * report errors of its own) */
static TH_NO_RETURN void handle_and_unwind(const char *text) {
  char message[TH_ERROR_MESSAGE_SIZE];
  snprintf(message, sizeof message, "%s", text);
  Boundary *b = pop_boundary();
  Handler h = current_handler();
  if (h.fn) h.fn(message, h.data);
  unwind(b, message);
}

void th_legacy_raise(void) {
  const THErrorInfo *e = THGetLastError();
  handle_and_unwind(e->kind != TH_ERROR_NONE ? e->message : "unknown error");
}

/* Records (through th's handler) and unwinds a TH error of kind. */
static TH_NO_RETURN void raise_message(THErrorKind kind, const char *file, int line,
                                       const char *message) {
  THErrorReport(kind, file, line, "%s", message);
  handle_and_unwind(message);
}

void _THError(const char *file, const int line, const char *fmt, ...) {
  char message[TH_ERROR_MESSAGE_SIZE];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof message, fmt, ap);
  va_end(ap);
  raise_message(TH_ERROR_RUNTIME, file, line, message);
}

void _THArgCheck(const char *file, int line, int condition, int argNumber, const char *fmt,
                 ...) {
  if (condition) return;
  char message[TH_ERROR_MESSAGE_SIZE];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof message, fmt, ap);
  va_end(ap);
  char full[TH_ERROR_MESSAGE_SIZE + 32];
  snprintf(full, sizeof full, "invalid argument %d: %s", argNumber, message);
  full[TH_ERROR_MESSAGE_SIZE - 1] = '\0';
  THErrorReport(TH_ERROR_RUNTIME, file, line, "%s", full);
  /* TH's arg handler has the say; if it returns, the boundary follows */
  Boundary *b = pop_boundary();
  ArgHandler h = current_arg_handler();
  if (h.fn) h.fn(argNumber, message, h.data);
  unwind(b, full);
}

void _THAssertionFailed(const char *file, const int line, const char *exp, const char *fmt,
                        ...) {
  char message[TH_ERROR_MESSAGE_SIZE];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof message, fmt, ap);
  va_end(ap);
  char full[TH_ERROR_MESSAGE_SIZE + 64];
  snprintf(full, sizeof full, "Assertion `%s' failed. %s", exp, message);
  full[TH_ERROR_MESSAGE_SIZE - 1] = '\0';
  raise_message(TH_ERROR_RUNTIME, file, line, full);
}

/* --------------------------------------------------------------- memory */

void *THAlloc(ptrdiff_t size) {
  if (size < 0) THError("THAlloc: invalid memory size %td", size);
  if (size == 0) return NULL;
  void *p = th_malloc((size_t)size);
  if (!p) {
    th_error_at(TH_ERROR_MEMORY, __FILE__, __LINE__, 0, "THAlloc",
                "cannot allocate %td bytes", size);
    th_legacy_raise();
  }
  return p;
}

void *THRealloc(void *ptr, ptrdiff_t size) {
  if (!ptr) return THAlloc(size);
  if (size == 0) {
    THFree(ptr);
    return NULL;
  }
  if (size < 0) THError("THRealloc: invalid memory size %td", size);
  void *p = th_realloc(ptr, (size_t)size);
  if (!p) {
    th_error_at(TH_ERROR_MEMORY, __FILE__, __LINE__, 0, "THRealloc",
                "cannot reallocate %td bytes", size);
    th_legacy_raise();
  }
  return p;
}

void THFree(void *ptr) { th_free(ptr); }

void THSetGCHandler(void (*torchGCHandlerFunction)(void *data), void *data) {
  (void)torchGCHandlerFunction;
  (void)data;
}

void THHeapUpdate(ptrdiff_t size) { (void)size; }

int THGetNumCores(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

void THInferNumThreads(void) { THSetNumThreads(0); }

/* -------------------------------------------------------------- helpers */

double THLog1p(const double x) { return log1p(x); }
double THLog2(const double x) { return log2(x); }
double THExpm1(const double x) { return expm1(x); }

THDescBuff _THSizeDesc(const int64_t *size, const int64_t ndim) {
  const int cap = TH_DESC_BUFF_LEN;
  THDescBuff buf;
  int n = snprintf(buf.str, cap, "[");
  for (int64_t i = 0; i < ndim && n < cap; i++)
    n += snprintf(buf.str + n, (size_t)(cap - n), i ? " x %" PRId64 : "%" PRId64, size[i]);
  /* TH's ending: "]" when it fits with room to spare, else "...]" */
  if (n < cap - 2)
    snprintf(buf.str + n, (size_t)(cap - n), "]");
  else
    snprintf(buf.str + cap - 5, 5, "...]");
  return buf;
}

/* --------------------------------------------------- calls from ctypes */

double THLegacy_floatArg(float f) {
  union {
    double d;
    float f[2];
    uint64_t bits;
  } u;
  u.bits = 0;
  u.f[0] = f;
  return u.d;
}

#if (defined(__x86_64__) && !defined(_WIN32)) || defined(__aarch64__)
#define TH_LEGACY_CALL_WORKS 1
typedef int64_t (*IntCall)(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, double, double,
                           double, double, double, double, double, double);
typedef double (*FloatCall)(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t, double,
                            double, double, double, double, double, double, double);
#else
#define TH_LEGACY_CALL_WORKS 0
#endif

typedef struct CallArgs {
  void *fn;
  int64_t i[6];
  double f[8];
  int floatResult;
  void *result;
} CallArgs;

static void call_body(void *ctx) {
#if TH_LEGACY_CALL_WORKS
  CallArgs *a = ctx;
  /* each argument class fills its own registers in order, whatever the
   * interleaving in fn's prototype; unused registers are ignored */
  if (a->floatResult) {
    double r = ((FloatCall)a->fn)(a->i[0], a->i[1], a->i[2], a->i[3], a->i[4], a->i[5], a->f[0],
                                  a->f[1], a->f[2], a->f[3], a->f[4], a->f[5], a->f[6], a->f[7]);
    memcpy(a->result, &r, sizeof r);
  } else {
    int64_t r = ((IntCall)a->fn)(a->i[0], a->i[1], a->i[2], a->i[3], a->i[4], a->i[5], a->f[0],
                                 a->f[1], a->f[2], a->f[3], a->f[4], a->f[5], a->f[6], a->f[7]);
    memcpy(a->result, &r, sizeof r);
  }
#else
  (void)ctx;
#endif
}

int THLegacy_call(void *fn, const int64_t *ints, int nInts, const double *floats, int nFloats,
                  int floatResult, void *result) {
  if (!TH_LEGACY_CALL_WORKS) {
    TH_ERR(TH_ERROR_UNSUPPORTED, "calling a function by its argument classes needs the "
           "x86-64 System V or AArch64 calling convention; call it from C or Cython inside "
           "THLegacy_protect instead");
    return -1;
  }
  if (!fn || !result || nInts < 0 || nFloats < 0 || (nInts && !ints) || (nFloats && !floats)) {
    TH_ERR(TH_ERROR_VALUE, "fn, result and the argument arrays must not be NULL");
    return -1;
  }
  if (nInts > 6 || nFloats > 8) {
    TH_ERR(TH_ERROR_VALUE, "%d integer and %d floating arguments: at most 6 and 8 travel in "
           "registers; call a function with more from C or Cython inside THLegacy_protect",
           nInts, nFloats);
    return -1;
  }
  CallArgs a = {.fn = fn, .floatResult = floatResult, .result = result};
  for (int k = 0; k < nInts; k++) a.i[k] = ints[k];
  for (int k = 0; k < nFloats; k++) a.f[k] = floats[k];
  return THLegacy_protect(call_body, &a);
}

/* ----------------------------------------------------------------- half */

THHalf TH_float2half(float f) { return THFloat_toHalf(f); }
float TH_half2float(THHalf h) { return THHalf_toFloat(h); }

void TH_float2halfbits(float *src, unsigned short *dest) { *dest = THFloat_toHalf(*src).x; }

void TH_halfbits2float(unsigned short *src, float *dest) {
  THHalf h = {*src};
  *dest = THHalf_toFloat(h);
}
