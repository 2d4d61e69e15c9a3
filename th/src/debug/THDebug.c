/* Tracking mode, the quarantine of freed objects, misuse reports and the
 * allocation-failure switch (see include/TH/THDebug.h).
 *
 * Records live in two lists under one mutex: live tracked objects in
 * creation order, and quarantined (freed, kept) objects oldest first. The
 * mutex is never held while calling out (the site hook runs Python). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/THMemoryImpl.h"
#include "core/THTensorImpl.h"
#include "core/THThreadImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THExprImpl.h"
#include "engine/THStreamImpl.h"
#include "sparse/THSTensorImpl.h"

/* Freed objects kept for misuse detection, at most (the oldest go first). */
#define QUARANTINE_MAX 65536

typedef struct THTrack {
  struct THTrack *prev, *next;
  THObjectKind kind;
  void *object;
  uint64_t serial; /* 0: an untracked object quarantined */
  const char *function;
  char site[TH_SITE_SIZE];
} THTrack;

atomic_int th_tracking;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static THTrack live = {&live, &live, 0, NULL, 0, NULL, {0}};
static THTrack quarantine = {&quarantine, &quarantine, 0, NULL, 0, NULL, {0}};
static int64_t quarantined;
static uint64_t last_serial;
static _Atomic int64_t misuse_count;
static THSiteHook site_hook;
static void *site_hook_data;

/* A fork while another thread holds the lock must not leave it held in the
 * child (whose next tracked create would then wait forever). */
static void lock_for_fork(void) { pthread_mutex_lock(&lock); }
static void unlock_after_fork(void) { pthread_mutex_unlock(&lock); }

__attribute__((constructor)) static void register_fork_handlers(void) {
  pthread_atfork(lock_for_fork, unlock_after_fork, unlock_after_fork);
}

/* An environment switch is on when set, non-empty and not "0". */
static int env_switch(const char *name) {
  const char *value = getenv(name);
  return value && value[0] && strcmp(value, "0") != 0;
}

/* Read once as the library loads, before any object exists, so that they
 * work for a C program with no Python: TH_DEBUG_TRACKING starts in tracking
 * mode; TH_NO_CACHE keeps no freed struct for reuse (the Python bindings
 * follow it too), so that valgrind and ASan see every use after free. */
__attribute__((constructor)) static void read_environment(void) {
  if (env_switch("TH_DEBUG_TRACKING")) atomic_store(&th_tracking, 1);
  if (env_switch("TH_NO_CACHE")) th_no_cache = 1;
}

static void list_push(THTrack *head, THTrack *t) {
  t->prev = head->prev;
  t->next = head;
  head->prev->next = t;
  head->prev = t;
}

static void list_remove(THTrack *t) {
  t->prev->next = t->next;
  t->next->prev = t->prev;
}

/* Releases a quarantined object's memory and its record. */
static void free_quarantined(THTrack *t) {
  if (t->kind == TH_OBJECT_TENSOR) {
    THTensor *x = t->object;
    th_tensor_free_dims(x);
    th_free(x);
  } else {
    th_free(t->object);
  }
  free(t);
}

void THDebug_setTracking(int on) {
  atomic_store(&th_tracking, on ? 1 : 0);
  if (on) return;
  pthread_mutex_lock(&lock);
  while (quarantine.next != &quarantine) {
    THTrack *t = quarantine.next;
    list_remove(t);
    free_quarantined(t);
  }
  quarantined = 0;
  pthread_mutex_unlock(&lock);
}

int THDebug_isTracking(void) { return th_is_tracking(); }

void THDebug_setSiteHook(THSiteHook hook, void *data) {
  pthread_mutex_lock(&lock);
  site_hook = hook;
  site_hook_data = data;
  pthread_mutex_unlock(&lock);
}

uint64_t THDebug_lastSerial(void) {
  pthread_mutex_lock(&lock);
  uint64_t serial = last_serial;
  pthread_mutex_unlock(&lock);
  return serial;
}

int64_t THDebug_misuseCount(void) { return atomic_load(&misuse_count); }

void THDebug_failAllocation(int64_t n) {
  atomic_store_explicit(&th_fail_countdown, n > 0 ? n : 0, memory_order_relaxed);
}

int64_t THDebug_allocationsUntilFailure(void) {
  int64_t n = atomic_load_explicit(&th_fail_countdown, memory_order_relaxed);
  return n > 0 ? n : 0;
}

void th_track_created(THObjectKind kind, void *obj, struct THTrack **slot, const char *fn) {
  /* plain malloc: a record is not th's allocation and must not fail it */
  THTrack *t = malloc(sizeof *t);
  *slot = NULL;
  if (!t) return; /* the object just goes untracked */
  t->kind = kind;
  t->object = obj;
  t->function = fn;
  t->site[0] = '\0';
  pthread_mutex_lock(&lock);
  THSiteHook hook = site_hook;
  void *data = site_hook_data;
  pthread_mutex_unlock(&lock);
  if (hook) hook(t->site, sizeof t->site, data);
  pthread_mutex_lock(&lock);
  t->serial = ++last_serial;
  list_push(&live, t);
  pthread_mutex_unlock(&lock);
  *slot = t;
}

int th_track_destroyed(THObjectKind kind, void *obj, struct THTrack **slot) {
  THTrack *t = *slot;
  THTrack *evicted = NULL;
  int keep = th_is_tracking();
  if (keep && !t) { /* created before tracking began: quarantine it all the same */
    t = malloc(sizeof *t);
    if (t) {
      t->kind = kind;
      t->object = obj;
      t->serial = 0;
      t->function = "code run before tracking was turned on";
      t->site[0] = '\0';
      *slot = t;
    } else {
      keep = 0;
    }
  }
  pthread_mutex_lock(&lock);
  if (*slot && t->serial) list_remove(t); /* from the live list */
  if (keep) {
    list_push(&quarantine, t);
    if (++quarantined > QUARANTINE_MAX) {
      evicted = quarantine.next;
      list_remove(evicted);
      quarantined--;
    }
  }
  pthread_mutex_unlock(&lock);
  if (evicted) free_quarantined(evicted);
  if (keep) return 1;
  free(t);
  *slot = NULL;
  return 0;
}

/* "tensor 0x... (float32 [2, 4])": what a quarantined object was. */
static void describe(THObjectKind kind, const void *obj, char *buf, size_t cap) {
  size_t used = 0;
  int n;
  if (kind == TH_OBJECT_TENSOR) {
    const THTensor *t = obj;
    n = snprintf(buf, cap, "tensor %p (%s [", obj, THScalarType_name(t->storage->dtype));
    for (int d = 0; n > 0 && used + (size_t)n < cap && d < t->nDimension; d++) {
      used += (size_t)n;
      n = snprintf(buf + used, cap - used, d ? ", %lld" : "%lld", (long long)th_sizes(t)[d]);
    }
    if (n > 0 && used + (size_t)n < cap) snprintf(buf + used + (size_t)n, cap - used - (size_t)n, "])");
  } else if (kind == TH_OBJECT_EXPR) {
    const THExpr *e = obj;
    char shape[96];
    th_format_shape(shape, sizeof shape, e->nDimension, e->size);
    snprintf(buf, cap, "expression node %p (%s %s)", obj, THScalarType_name(e->dtype), shape);
  } else if (kind == TH_OBJECT_SPARSE) {
    const THSTensor *t = obj; /* its values are gone once it is freed */
    n = snprintf(buf, cap, "sparse tensor %p ([", obj);
    for (int d = 0; n > 0 && used + (size_t)n < cap && d < ths_ndim(t); d++) {
      used += (size_t)n;
      n = snprintf(buf + used, cap - used, d ? ", %lld" : "%lld", (long long)t->size[d]);
    }
    if (n > 0 && used + (size_t)n < cap) snprintf(buf + used + (size_t)n, cap - used - (size_t)n, "])");
  } else {
    const THStorage *s = obj;
    snprintf(buf, cap, "storage %p (%s)", obj, THScalarType_name(s->dtype));
  }
}

/* viewer: the live tensor whose storage obj is, or NULL. */
static void report_dead(THObjectKind kind, const void *obj, const struct THTrack *track,
                        const char *fn, int unraisable, const THTensor *viewer) {
  char what[160], origin[TH_SITE_SIZE + 128] = "", owner[192] = "";
  atomic_fetch_add(&misuse_count, 1);
  describe(kind, obj, what, sizeof what);
  if (track)
    snprintf(origin, sizeof origin, "; it was created by %s%s%s", track->function,
             track->site[0] ? " at " : "", track->site);
  if (viewer) {
    char tensor[160];
    describe(TH_OBJECT_TENSOR, viewer, tensor, sizeof tensor);
    snprintf(owner, sizeof owner, "; the %s still views it", tensor);
  }
  th_error_at(TH_ERROR_RUNTIME, __FILE__, __LINE__, unraisable, fn,
              unraisable ? "%s was already freed%s%s" : "use of freed %s%s%s", what, origin,
              owner);
}

void th_report_dead(THObjectKind kind, const void *obj, const struct THTrack *track,
                    const char *fn, int unraisable) {
  report_dead(kind, obj, track, fn, unraisable, NULL);
}

void th_report_dead_tensor(const THTensor *t, const char *fn) {
  if (atomic_load_explicit(&t->refcount, memory_order_relaxed) <= 0)
    report_dead(TH_OBJECT_TENSOR, t, t->track, fn, 0, NULL);
  else
    report_dead(TH_OBJECT_STORAGE, t->storage, t->storage->track, fn, 0, t);
}

static void fill_info(const THTrack *t, THObjectInfo *info) {
  memset(info, 0, sizeof *info);
  info->kind = t->kind;
  info->serial = t->serial;
  info->object = t->object;
  info->function = t->function;
  memcpy(info->site, t->site, sizeof info->site);
  if (t->kind == TH_OBJECT_TENSOR) {
    const THTensor *x = t->object;
    info->dtype = x->storage->dtype;
    info->nDimension = x->nDimension;
    for (int d = 0; d < x->nDimension && d < TH_INFO_DIMS; d++) info->size[d] = th_sizes(x)[d];
    info->refcount = atomic_load_explicit(&x->refcount, memory_order_relaxed);
  } else if (t->kind == TH_OBJECT_EXPR) {
    const THExpr *e = t->object;
    info->dtype = e->dtype;
    info->nDimension = e->nDimension;
    for (int d = 0; d < e->nDimension && d < TH_INFO_DIMS; d++) info->size[d] = e->size[d];
    info->refcount = atomic_load_explicit(&e->refcount, memory_order_relaxed);
  } else if (t->kind == TH_OBJECT_SPARSE) {
    const THSTensor *x = t->object;
    info->dtype = ths_dtype(x);
    info->nDimension = ths_ndim(x);
    for (int d = 0; d < info->nDimension && d < TH_INFO_DIMS; d++) info->size[d] = x->size[d];
    info->refcount = atomic_load_explicit(&x->refcount, memory_order_relaxed);
  } else {
    const THStorage *s = t->object;
    info->dtype = s->dtype;
    info->nDimension = 1;
    info->size[0] = s->size;
    info->refcount = atomic_load_explicit(&s->refcount, memory_order_relaxed);
  }
}

int64_t THDebug_liveObjects(THObjectInfo *out, int64_t capacity, uint64_t since) {
  int64_t n = 0;
  pthread_mutex_lock(&lock);
  for (THTrack *t = live.next; t != &live; t = t->next) {
    if (t->serial <= since) continue;
    if (out && n < capacity) fill_info(t, &out[n]);
    n++;
  }
  pthread_mutex_unlock(&lock);
  return n;
}

int THDebug_checkTensor(const THTensor *self) {
  TH_CHECK_TENSOR(self, -1);
  return 0;
}

int THDebug_checkStorage(const THStorage *self) {
  TH_CHECK_STORAGE(self, -1);
  return 0;
}

_Atomic int64_t th_streamed_runs;

int64_t THDebug_streamedRuns(void) {
  return atomic_load_explicit(&th_streamed_runs, memory_order_relaxed);
}

int64_t THDebug_streamMinBytes(void) { return th_stream_min_bytes(); }

void THDebug_setStreamMinBytes(int64_t bytes) {
  atomic_store_explicit(&th_stream_min, bytes > 0 ? bytes : 0, memory_order_relaxed);
}
