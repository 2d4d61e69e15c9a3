/* Internal error helpers: every message starts with the public function's
 * name, so the user sees which call failed. */
#ifndef TH_ERROR_IMPL_H
#define TH_ERROR_IMPL_H

#include "TH/THGeneral.h"

/* Report kind with message "fn: <format>". */
void th_error_at(THErrorKind kind, const char *file, int line, int unraisable,
                 const char *fn, const char *format, ...)
    __attribute__((format(printf, 6, 7)));

/* A failed system call: TH_ERROR_OS with os_errno, message "fn: ...". */
void th_error_os_at(int os_errno, const char *file, int line, const char *fn,
                    const char *format, ...) __attribute__((format(printf, 5, 6)));
#define TH_ERR_OS(os_errno, ...) th_error_os_at((os_errno), __FILE__, __LINE__, __func__, __VA_ARGS__)
#define TH_ERR_OS_FN(os_errno, fn, ...) th_error_os_at((os_errno), __FILE__, __LINE__, (fn), __VA_ARGS__)

/* In a public function: report, naming the function itself. */
#define TH_ERR(kind, ...) th_error_at((kind), __FILE__, __LINE__, 0, __func__, __VA_ARGS__)
/* In a helper that received the public function's name as fn. */
#define TH_ERR_FN(kind, fn, ...) th_error_at((kind), __FILE__, __LINE__, 0, (fn), __VA_ARGS__)
/* Misuse found by a function without an error return (free, retain). */
#define TH_ERR_UNRAISABLE(kind, ...) \
  th_error_at((kind), __FILE__, __LINE__, 1, __func__, __VA_ARGS__)

/* delta +1/-1 around a legacy boundary (legacy/THLegacyGeneral.c): while
 * above 0, errors are recorded without calling the handlers. */
void th_error_defer(int delta);
/* How many legacy boundaries the calling thread is inside. */
int th_error_deferred(void);
/* The thread's last error to the handlers (a boundary it unwound). */
void th_error_redispatch(void);

#define TH_LIKELY(x) __builtin_expect(!!(x), 1)
#define TH_UNLIKELY(x) __builtin_expect(!!(x), 0)

#endif
