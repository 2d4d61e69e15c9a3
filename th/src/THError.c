/* The error contract: record the calling thread's last error, then hand it
 * to the thread's handler, else to the process-wide default one. */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "THErrorImpl.h"

static _Thread_local THErrorInfo last_error;
static _Thread_local THErrorHandler thread_handler;
static _Thread_local void *thread_handler_data;

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

void THSetErrorHandler(THErrorHandler handler, void *data) {
  thread_handler = handler;
  thread_handler_data = data;
}

void THSetDefaultErrorHandler(THErrorHandler handler, void *data) {
  lock_default();
  default_handler = handler;
  default_handler_data = data;
  unlock_default();
}

const THErrorInfo *THGetLastError(void) { return &last_error; }

void THClearError(void) {
  last_error.kind = TH_ERROR_NONE;
  last_error.file = NULL;
  last_error.line = 0;
  last_error.unraisable = 0;
  last_error.os_errno = 0;
  last_error.message[0] = '\0';
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
  }
  return "UnknownError";
}

static void dispatch(void) {
  if (thread_handler) {
    thread_handler(&last_error, thread_handler_data);
    return;
  }
  lock_default();
  THErrorHandler handler = default_handler;
  void *data = default_handler_data;
  unlock_default();
  if (handler) handler(&last_error, data);
}

static void record(THErrorKind kind, const char *file, int line, int unraisable) {
  last_error.kind = kind;
  last_error.file = file;
  last_error.line = line;
  last_error.unraisable = unraisable;
  last_error.os_errno = 0;
}

void THErrorReport(THErrorKind kind, const char *file, int line, const char *format, ...) {
  record(kind, file, line, 0);
  va_list ap;
  va_start(ap, format);
  vsnprintf(last_error.message, sizeof last_error.message, format, ap);
  va_end(ap);
  dispatch();
}

static void format_and_dispatch(const char *fn, const char *format, va_list ap) {
  int n = snprintf(last_error.message, sizeof last_error.message, "%s: ", fn);
  if (n < 0 || (size_t)n >= sizeof last_error.message) n = 0;
  vsnprintf(last_error.message + n, sizeof last_error.message - (size_t)n, format, ap);
  dispatch();
}

void th_error_os_at(int os_errno, const char *file, int line, const char *fn, const char *format,
                    ...) {
  record(TH_ERROR_OS, file, line, 0);
  last_error.os_errno = os_errno;
  va_list ap;
  va_start(ap, format);
  format_and_dispatch(fn, format, ap);
  va_end(ap);
}

void th_error_at(THErrorKind kind, const char *file, int line, int unraisable,
                 const char *fn, const char *format, ...) {
  record(kind, file, line, unraisable);
  va_list ap;
  va_start(ap, format);
  format_and_dispatch(fn, format, ap);
  va_end(ap);
}
