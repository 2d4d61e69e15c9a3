/* The error contract: record the calling thread's last error, then hand it
 * to the thread's handler, else to the process-wide default one. */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/THErrorImpl.h"

/* A thread's last error (its 512-byte message) is on the heap, allocated at
 * the thread's first use and freed when it exits: kept out of thread-local
 * storage, whose total size decides whether libTH's thread-locals fit in
 * glibc's optional static TLS, where the per-thread slot of every create
 * and destroy (THThreadImpl.h) is reached without a call. */
static _Thread_local THErrorInfo *last_error;
static _Thread_local THErrorHandler thread_handler;
static _Thread_local void *thread_handler_data;
static THErrorInfo no_memory_error; /* if that allocation fails: shared, best effort */
static pthread_key_t error_key;
static int have_error_key;
static pthread_once_t error_key_once = PTHREAD_ONCE_INIT;

static void free_error(void *e) {
  last_error = NULL; /* a later error in this exiting thread allocates again */
  free(e);
}

static void make_error_key(void) {
  have_error_key = pthread_key_create(&error_key, free_error) == 0;
}

static THErrorInfo *thread_error(void) {
  THErrorInfo *e = last_error;
  if (TH_LIKELY(e != NULL)) return e;
  pthread_once(&error_key_once, make_error_key);
  e = calloc(1, sizeof *e); /* not th_malloc: failure injection is for objects */
  if (!e) return &no_memory_error;
  if (have_error_key) pthread_setspecific(error_key, e);
  last_error = e;
  return e;
}

/* The default handler and its data change together; a spinlock keeps the
 * pair consistent (only error paths and setup take it). */
static THErrorHandler default_handler;
static void *default_handler_data;
static atomic_flag default_handler_lock = ATOMIC_FLAG_INIT;

static void lock_default(void) {
  while (atomic_flag_test_and_set_explicit(&default_handler_lock, memory_order_acquire)) {
  }
}

static void unlock_default(void) {
  atomic_flag_clear_explicit(&default_handler_lock, memory_order_release);
}

/* A fork while another thread holds the spinlock must not leave it held. */
__attribute__((constructor)) static void register_fork_handlers(void) {
  pthread_atfork(lock_default, unlock_default, unlock_default);
}

void THSetErrorInfoHandler(THErrorHandler handler, void *data) {
  thread_handler = handler;
  thread_handler_data = data;
}

void THSetDefaultErrorInfoHandler(THErrorHandler handler, void *data) {
  lock_default();
  default_handler = handler;
  default_handler_data = data;
  unlock_default();
}

const THErrorInfo *THGetLastError(void) { return thread_error(); }

void THClearError(void) {
  THErrorInfo *e = thread_error();
  e->kind = TH_ERROR_NONE;
  e->file = NULL;
  e->line = 0;
  e->unraisable = 0;
  e->os_errno = 0;
  e->message[0] = '\0';
}

const char *THErrorKind_name(THErrorKind kind) {
  switch (kind) {
    case TH_ERROR_NONE: return "NoError";
    case TH_ERROR_RUNTIME: return "RuntimeError";
    case TH_ERROR_INDEX: return "IndexError";
    case TH_ERROR_VALUE: return "ValueError";
    case TH_ERROR_TYPE: return "TypeError";
    case TH_ERROR_MEMORY: return "MemoryError";
    case TH_ERROR_OS: return "OSError";
    case TH_ERROR_UNSUPPORTED: return "NotImplementedError";
  }
  return "UnknownError";
}

/* Inside a legacy boundary (th_error_defer > 0) errors are recorded only:
 * the code inside may handle them; the boundary that an error unwinds
 * passes it on (th_error_redispatch). Unraisable reports go at once. */
static _Thread_local int defer_depth;

void th_error_defer(int delta) { defer_depth += delta; }

int th_error_deferred(void) { return defer_depth; }

static void dispatch(const THErrorInfo *e) {
  if (defer_depth > 0 && !e->unraisable) return;
  if (thread_handler) {
    thread_handler(e, thread_handler_data);
    return;
  }
  lock_default();
  THErrorHandler handler = default_handler;
  void *data = default_handler_data;
  unlock_default();
  if (handler) handler(e, data);
}

static THErrorInfo *record(THErrorKind kind, const char *file, int line, int unraisable) {
  THErrorInfo *e = thread_error();
  e->kind = kind;
  e->file = file;
  e->line = line;
  e->unraisable = unraisable;
  e->os_errno = 0;
  return e;
}

void THErrorReport(THErrorKind kind, const char *file, int line, const char *format, ...) {
  THErrorInfo *e = record(kind, file, line, 0);
  va_list ap;
  va_start(ap, format);
  vsnprintf(e->message, sizeof e->message, format, ap);
  va_end(ap);
  dispatch(e);
}

/* "fn: <format>" into e's message, then to the handler. */
static void format_and_dispatch(THErrorInfo *e, const char *fn, const char *format, va_list ap) {
  int n = snprintf(e->message, sizeof e->message, "%s: ", fn);
  if (n < 0 || (size_t)n >= sizeof e->message) n = 0;
  vsnprintf(e->message + n, sizeof e->message - (size_t)n, format, ap);
  dispatch(e);
}

void th_error_os_at(int os_errno, const char *file, int line, const char *fn, const char *format,
                    ...) {
  THErrorInfo *e = record(TH_ERROR_OS, file, line, 0);
  e->os_errno = os_errno;
  va_list ap;
  va_start(ap, format);
  format_and_dispatch(e, fn, format, ap);
  va_end(ap);
}

void th_error_at(THErrorKind kind, const char *file, int line, int unraisable,
                 const char *fn, const char *format, ...) {
  THErrorInfo *e = record(kind, file, line, unraisable);
  va_list ap;
  va_start(ap, format);
  format_and_dispatch(e, fn, format, ap);
  va_end(ap);
}

void th_error_redispatch(void) {
  const THErrorInfo *e = thread_error();
  if (e->kind != TH_ERROR_NONE) dispatch(e);
}
