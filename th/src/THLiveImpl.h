/* Internal live-object counters.
 *
 * Every create and destroy counts, so a counter shared by all threads would
 * cost a locked add (~7 ns) each time, several per view. Instead each thread
 * counts in its own slot with plain stores (relaxed atomics: a reader in
 * another thread may load them at any time), and THGetLiveCounts adds up the
 * slots. A thread's slot is registered on its first count and folded into
 * a shared total when the thread exits. */
#ifndef TH_LIVE_IMPL_H
#define TH_LIVE_IMPL_H

#include <stdatomic.h>
#include <stdint.h>

#include "THErrorImpl.h"

enum { TH_LIVE_STORAGES, TH_LIVE_TENSORS, TH_LIVE_BYTES, TH_LIVE_KINDS };

typedef struct THLiveSlot {
  _Atomic int64_t count[TH_LIVE_KINDS]; /* written by its thread only */
  int registered;                       /* on the list of slots */
  struct THLiveSlot *prev, *next;
} THLiveSlot;

extern _Thread_local THLiveSlot th_live_slot;

/* Registers the calling thread's slot and counts there, or, in a thread that
 * cannot have one (exiting), counts in the shared total. */
void th_live_add_slow(int kind, int64_t delta);

static inline void th_live_add(int kind, int64_t delta) {
  THLiveSlot *s = &th_live_slot;
  if (TH_LIKELY(s->registered)) {
    atomic_store_explicit(&s->count[kind],
                          atomic_load_explicit(&s->count[kind], memory_order_relaxed) + delta,
                          memory_order_relaxed);
    return;
  }
  th_live_add_slow(kind, delta);
}

#endif
