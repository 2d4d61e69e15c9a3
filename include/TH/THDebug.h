/* THDebug.h: finding leaks and misuse (TH's Golden Rule, checked).
 *
 * Tracking mode records, for every storage and tensor created while it is on,
 * what it is, the C function that created it and (through a site hook the
 * Python bindings install) the Python file:line that called it; freed objects
 * are quarantined (kept, poisoned) so that a second free or a use after free
 * is reported, with the creation site, instead of corrupting memory.
 * Allocation-failure injection makes the n-th allocation from now fail, to
 * prove that error paths free what they took. All of it is off by default and
 * costs one relaxed load per object creation when off.
 *
 * Environment switches, read once when libTH loads (also in a C program with
 * no Python), on when set to anything but "" or "0":
 *   TH_DEBUG_TRACKING=1  start in tracking mode
 *   TH_NO_CACHE=1        keep no freed struct or block for reuse (THDebug_isCaching),
 *                        so that valgrind and ASan see every use after free */
#ifndef TH_DEBUG_H
#define TH_DEBUG_H

#include "THGeneral.h"
#include "THStorage.h"
#include "THTensor.h"

typedef enum THObjectKind {
  TH_OBJECT_STORAGE = 1,
  TH_OBJECT_TENSOR = 2,
  TH_OBJECT_EXPR = 3, /* an expression node (THExpr.h) */
  TH_OBJECT_SPARSE = 4 /* a THSTensor: dtype, sizes and refcount as a tensor's */
} THObjectKind;

#define TH_SITE_SIZE 256
#define TH_INFO_DIMS 8

/* One tracked live object, as THDebug_liveObjects reports it. */
typedef struct THObjectInfo {
  THObjectKind kind;
  THScalarType dtype;
  int nDimension;                /* storages: 1, with size[0] their size */
  int64_t size[TH_INFO_DIMS];    /* the first TH_INFO_DIMS sizes */
  int64_t refcount;
  uint64_t serial;               /* creation order, from 1 */
  const void *object;            /* its address, to tell objects apart */
  const char *function;          /* the C function that created it (static) */
  char site[TH_SITE_SIZE];       /* "file.py:12" from the site hook, or "" */
} THObjectInfo;

/* Turns tracking on or off. Objects keep working whatever mode they were
 * created in; turning it off frees the quarantine. */
TH_API void THDebug_setTracking(int on);
TH_API int THDebug_isTracking(void);

/* Called (tracking mode only) at each creation to fill buf with the
 * caller's site; NULL removes it. data is passed back. */
typedef void (*THSiteHook)(char *buf, size_t size, void *data);
TH_API void THDebug_setSiteHook(THSiteHook hook, void *data);

/* The serial of the most recently created tracked object (0: none yet):
 * objects created later have larger serials. */
TH_API uint64_t THDebug_lastSerial(void);

/* Copies up to capacity tracked live objects with serial > since into out
 * (oldest first) and returns how many there are in all. A debugging aid:
 * the geometry of a tensor another thread is changing at that moment may be
 * read half-changed. */
TH_API int64_t THDebug_liveObjects(THObjectInfo *out, int64_t capacity, uint64_t since);

/* Double frees and uses after free reported so far. */
TH_API int64_t THDebug_misuseCount(void);

/* 0 when the object is alive (a tensor: and the storage it views);
 * otherwise reports a use after free (a RuntimeError naming the dead
 * object's creation site) and returns -1. For code that hands
 * out a tensor's memory (buffers, DLPack, pickling) without another checked
 * call first. A freed object is recognised only while it is quarantined
 * (tracking mode); outside it, its memory is gone and the check is
 * undefined, as any use of it is. */
TH_API int THDebug_checkTensor(const THTensor *self);
TH_API int THDebug_checkStorage(const THStorage *self);

/* Whether freed tensor and storage structs, and the default allocator's
 * freed blocks of 4 MiB or more (THAllocator.h), are kept for reuse: 1
 * unless TH_NO_CACHE was set when the library loaded (or it is an ASan
 * build). */
TH_API int THDebug_isCaching(void);
/* Freed structs the calling thread's caches hold now (0 when not caching). */
TH_API int64_t THDebug_cachedStructs(void);

/* Contiguous runs of a big destination that copies and expressions have
 * written (in part) with streaming stores so far, in the whole process
 * (tests check that the streamed paths are taken). */
TH_API int64_t THDebug_streamedRuns(void);

/* The size in bytes from which a destination is written with streaming
 * stores: half the last-level cache, from 4 to 16 MiB. */
TH_API int64_t THDebug_streamMinBytes(void);

/* Sets that size (tests reach the streamed paths with small tensors);
 * bytes <= 0 restores the default. */
TH_API void THDebug_setStreamMinBytes(int64_t bytes);

/* The n-th allocation th makes from now fails (n >= 1; n <= 0 disarms).
 * Counts th's own allocations: structs, dims and default-allocator data. */
TH_API void THDebug_failAllocation(int64_t n);
/* Allocations still to go before the armed failure (0: none armed, or it
 * happened). */
TH_API int64_t THDebug_allocationsUntilFailure(void);

/* ------------------------------------------------------- downstream counters
 *
 * A library built on th (or a part of th) registers a function returning how
 * many of its own C objects are alive; th's leak harness reads every
 * registered counter before and after each test, as it reads th's own.
 * Registering a name again replaces its function. At most TH_MAX_COUNTERS,
 * names up to TH_COUNTER_NAME_SIZE - 1 bytes. A count function is called
 * without th's locks held, from any thread, and must not fail. */
#define TH_MAX_COUNTERS 64
#define TH_COUNTER_NAME_SIZE 64

typedef int64_t (*THLiveCounter)(void);

typedef struct THCounterValue {
  char name[TH_COUNTER_NAME_SIZE];
  int64_t value;
} THCounterValue;

/* 0, or -1 (ValueError: NULL or empty or too long a name, NULL count;
 * RuntimeError: the table is full). name is copied. */
TH_API int THDebug_registerCounter(const char *name, THLiveCounter count);
/* 1 if name was registered (now removed), 0 if not. */
TH_API int THDebug_unregisterCounter(const char *name);
/* Reads up to capacity counters into out, in registration order, and
 * returns how many are registered. */
TH_API int64_t THDebug_readCounters(THCounterValue *out, int64_t capacity);

#endif /* TH_DEBUG_H */
