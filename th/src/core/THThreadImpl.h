/* Per-thread state of the core, reached through one thread-local slot:
 *
 * - live counts. Every create and destroy counts, so counters shared by all
 *   threads would cost a locked add (~7 ns) each, several per view. Each
 *   thread counts in its own slot with plain stores (relaxed atomics: a
 *   reader in another thread may load them at any time) and
 *   THGetLiveCounts adds up the slots.
 * - a few freed tensor and storage structs, reused by the next create in
 *   the same thread instead of a malloc/free pair.
 *
 * A slot is registered on its thread's first count and retired when the
 * thread exits: its counts fold into a shared total, its structs are freed. */
#ifndef TH_THREAD_IMPL_H
#define TH_THREAD_IMPL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "core/THErrorImpl.h"
#include "core/THMemoryImpl.h"
#include "core/THTensorImpl.h"

enum { TH_LIVE_STORAGES, TH_LIVE_TENSORS, TH_LIVE_BYTES, TH_LIVE_KINDS };
/* Tensor structs come in TH_INLINE_DIMS + 1 sizes (TH_CACHE_TENSOR + their
 * inline room), cached apart. */
_Static_assert(TH_INLINE_DIMS == 4, "th_cache_link_offset lists one tensor kind per room");
enum { TH_CACHE_TENSOR, TH_CACHE_STORAGE = TH_CACHE_TENSOR + TH_INLINE_DIMS + 1, TH_CACHE_KINDS };

/* Structs kept per thread and kind. AddressSanitizer builds keep none, so
 * that every use after free is still caught. */
#if defined(__SANITIZE_ADDRESS__)
#define TH_CACHE_MAX 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TH_CACHE_MAX 0
#endif
#endif
#ifndef TH_CACHE_MAX
#define TH_CACHE_MAX 64
#endif
/* TH_NO_CACHE was set at load (THDebug.c): each thread's caches are
 * registered as full, so that nothing is kept (valgrind then sees every
 * free) at no cost to th_struct_free. */
extern int th_no_cache;

/* THDebug_isCaching, inline for the free paths. */
static inline int th_caching(void) { return TH_CACHE_MAX > 0 && !th_no_cache; }

/* A cached struct is linked through a field that misuse reports do not
 * follow (a tensor's storageOffset, a storage's data): its refcount stays 0
 * and its track NULL, so a late free or retain of it is still reported as a
 * use of a dead object. */
static const size_t th_cache_link_offset[TH_CACHE_KINDS] = {
    [TH_CACHE_TENSOR] = offsetof(THTensor, storageOffset),
    [TH_CACHE_TENSOR + 1] = offsetof(THTensor, storageOffset),
    [TH_CACHE_TENSOR + 2] = offsetof(THTensor, storageOffset),
    [TH_CACHE_TENSOR + 3] = offsetof(THTensor, storageOffset),
    [TH_CACHE_TENSOR + 4] = offsetof(THTensor, storageOffset),
    [TH_CACHE_STORAGE] = offsetof(THStorage, data)};
#define TH_CACHE_LINK(kind, p) (*(void **)((char *)(p) + th_cache_link_offset[kind]))

enum { TH_SLOT_NEW, TH_SLOT_LISTED, TH_SLOT_SHARED }; /* THThreadSlot.state */

typedef struct THThreadSlot {
  _Atomic int64_t live[TH_LIVE_KINDS]; /* written by its thread only */
  void *cache[TH_CACHE_KINDS];         /* freed structs, via TH_CACHE_LINK */
  int cached[TH_CACHE_KINDS];
  int state; /* TH_SLOT_LISTED: registered; SHARED: none (thread exiting) */
  struct THThreadSlot *prev, *next;
} THThreadSlot;

extern _Thread_local THThreadSlot th_thread_slot;

/* Registers the calling thread's slot and counts there, or, in a thread that
 * cannot have one (exiting), counts in the shared total. */
void th_live_add_slow(int kind, int64_t delta);

/* The calling thread's slot, for the helpers below: a function using
 * several of them looks it up once (from a shared library each lookup of a
 * thread-local is a call). The empty asm hides where the address came from,
 * so that the compiler keeps it in a register instead of redoing the lookup
 * at each use. */
static inline THThreadSlot *th_thread(void) {
  THThreadSlot *s = &th_thread_slot;
  __asm__("" : "+r"(s));
  return s;
}

static inline void th_live_add(THThreadSlot *s, int kind, int64_t delta) {
  if (TH_LIKELY(s->state == TH_SLOT_LISTED)) {
    atomic_store_explicit(&s->live[kind],
                          atomic_load_explicit(&s->live[kind], memory_order_relaxed) + delta,
                          memory_order_relaxed);
    return;
  }
  th_live_add_slow(kind, delta);
}

/* th_malloc(size) for a struct of the kind, from the thread's cache when it
 * has one. A cached struct still counts as an allocation for failure
 * injection. */
static inline void *th_struct_alloc(THThreadSlot *s, int kind, size_t size) {
  void *p = s->cache[kind];
  if (!p) return th_malloc(size);
  if (th_should_fail()) return NULL;
  s->cache[kind] = TH_CACHE_LINK(kind, p);
  s->cached[kind]--;
  return p;
}

/* th_free for a struct from th_struct_alloc (refcount 0, track NULL). */
static inline void th_struct_free(THThreadSlot *s, int kind, void *p) {
  if (s->state == TH_SLOT_LISTED && s->cached[kind] < TH_CACHE_MAX) {
    TH_CACHE_LINK(kind, p) = s->cache[kind];
    s->cache[kind] = p;
    s->cached[kind]++;
    return;
  }
  th_free(p);
}

#endif
