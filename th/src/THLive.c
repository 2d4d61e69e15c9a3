/* Live-object counters: always on, read at any time from C and Python. */
#include "THLiveImpl.h"
#include "TH/THGeneral.h"

_Atomic int64_t th_live_storages;
_Atomic int64_t th_live_tensors;
_Atomic int64_t th_live_bytes;

THLiveCounts THGetLiveCounts(void) {
  THLiveCounts c;
  c.storages = atomic_load_explicit(&th_live_storages, memory_order_relaxed);
  c.tensors = atomic_load_explicit(&th_live_tensors, memory_order_relaxed);
  c.bytes = atomic_load_explicit(&th_live_bytes, memory_order_relaxed);
  return c;
}
