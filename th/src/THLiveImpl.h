/* Internal live-object counters (relaxed atomics: counts, not ordering). */
#ifndef TH_LIVE_IMPL_H
#define TH_LIVE_IMPL_H

#include <stdatomic.h>
#include <stdint.h>

extern _Atomic int64_t th_live_storages;
extern _Atomic int64_t th_live_tensors;
extern _Atomic int64_t th_live_bytes;

static inline void th_live_add(_Atomic int64_t *counter, int64_t delta) {
  atomic_fetch_add_explicit(counter, delta, memory_order_relaxed);
}

#endif
