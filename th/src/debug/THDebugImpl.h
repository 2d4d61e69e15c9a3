/* Internal hooks of tracking mode and misuse detection (see THDebug.h). */
#ifndef TH_DEBUG_IMPL_H
#define TH_DEBUG_IMPL_H

#include <stdatomic.h>

#include "core/THErrorImpl.h"
#include "TH/THDebug.h"

struct THTrack; /* a tracked object's record; NULL for untracked objects */

extern atomic_int th_tracking;

static inline int th_is_tracking(void) {
  return atomic_load_explicit(&th_tracking, memory_order_relaxed);
}

/* Tracking mode: gives obj a record (kind, creator fn, caller's site). */
void th_track_created(THObjectKind kind, void *obj, struct THTrack **slot, const char *fn);

/* An object's count reached zero and its contents are released: returns 1
 * if it is now quarantined (the caller must not free its memory), else 0
 * after dropping its record (the caller frees it). */
int th_track_destroyed(THObjectKind kind, void *obj, struct THTrack **slot);

/* Reports a free or retain of a dead object (unraisable) or another use of
 * one (raisable), with its creation site when tracked, and counts it. */
void th_report_dead(THObjectKind kind, const void *obj, const struct THTrack *track,
                    const char *fn, int unraisable);

/* In a function with an error return: a dead object is reported and the
 * function returns retval. One relaxed load when the object is alive. */
#define TH_CHECK_ALIVE(kind, obj, retval)                                                  \
  do {                                                                                     \
    if (TH_UNLIKELY(atomic_load_explicit(&(obj)->refcount, memory_order_relaxed) <= 0)) { \
      th_report_dead((kind), (obj), (obj)->track, __func__, 0);                           \
      return retval;                                                                       \
    }                                                                                      \
  } while (0)
/* In free: 1 when the caller holds the only reference, which it then gives
 * up (the count drops to 0). No other thread can retain an object whose one
 * reference is ours, so a load replaces the locked decrement (~7 ns); the
 * acquire pairs with earlier owners' release decrements, as the fence after
 * a decrement to 0 does. A count of 0 (a second free) is left to the caller's
 * decrement, which reports it. */
static inline int th_sole_owner(_Atomic int64_t *refcount) {
  if (atomic_load_explicit(refcount, memory_order_acquire) != 1) return 0;
  atomic_store_explicit(refcount, 0, memory_order_relaxed);
  return 1;
}

/* retain's count: a retain of a dead object is reported (unraisable) and
 * undone. Inlined into each type's retain. */
static inline void th_retain_ref(_Atomic int64_t *refcount, THObjectKind kind, const void *obj,
                                 const struct THTrack *track, const char *fn) {
  if (TH_UNLIKELY(atomic_fetch_add_explicit(refcount, 1, memory_order_relaxed) <= 0)) {
    atomic_fetch_sub_explicit(refcount, 1, memory_order_relaxed);
    th_report_dead(kind, obj, track, fn, 1);
  }
}

/* free's count: 1 when the caller gave up the last reference (it then
 * destroys the object), else 0; a free of a dead object is reported
 * (unraisable), undone and gives 0. Inlined into each type's free. */
static inline int th_release_ref(_Atomic int64_t *refcount, THObjectKind kind, const void *obj,
                                 const struct THTrack *track, const char *fn) {
  if (th_sole_owner(refcount)) return 1;
  int64_t old = atomic_fetch_sub_explicit(refcount, 1, memory_order_release);
  if (TH_LIKELY(old > 1)) return 0;
  if (old == 1) {
    atomic_thread_fence(memory_order_acquire); /* see every other thread's last use */
    return 1;
  }
  atomic_fetch_add_explicit(refcount, 1, memory_order_relaxed);
  th_report_dead(kind, obj, track, fn, 1);
  return 0;
}

/* A tensor is usable when it and the storage it lends are alive: the
 * storage's one reference may have been over-released behind its back
 * (THStorage_free(THTensor_storage(t))). A quarantined tensor points at a
 * static dead storage, so the second load is always valid in tracking mode. */
#define TH_TENSOR_IS_DEAD(t)                                                  \
  (atomic_load_explicit(&(t)->refcount, memory_order_relaxed) <= 0 ||         \
   atomic_load_explicit(&(t)->storage->refcount, memory_order_relaxed) <= 0)

/* Reports t, or else its storage, as dead (raisable), naming fn. */
void th_report_dead_tensor(const THTensor *t, const char *fn);

#define TH_CHECK_TENSOR_AS(t, fn, retval)          \
  do {                                             \
    if (TH_UNLIKELY(TH_TENSOR_IS_DEAD(t))) {       \
      th_report_dead_tensor((t), (fn));            \
      return retval;                               \
    }                                              \
  } while (0)
#define TH_CHECK_TENSOR(t, retval) TH_CHECK_TENSOR_AS(t, __func__, retval)
#define TH_CHECK_STORAGE(s, retval) TH_CHECK_ALIVE(TH_OBJECT_STORAGE, s, retval)

#endif
