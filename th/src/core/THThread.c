/* Per-thread slots (see THThreadImpl.h): registration, retirement at thread
 * exit, and the live counters read from C and Python (always on). */
#include <pthread.h>

#include "core/THThreadImpl.h"
#include "TH/THDebug.h"
#include "TH/THGeneral.h"

_Thread_local THThreadSlot th_thread_slot;
int th_no_cache;

/* The slots of running threads, and what exited threads left (plus counts
 * made while a thread exits); the lock guards the list and readers. */
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static THThreadSlot *slots;
static _Atomic int64_t retired[TH_LIVE_KINDS];
static pthread_key_t exit_key;
static int have_exit_key;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static void lock_slots(void) { pthread_mutex_lock(&slots_lock); }
static void unlock_slots(void) { pthread_mutex_unlock(&slots_lock); }

/* Thread exit: the slot's counts go to the shared total, its cached structs
 * back to malloc, the slot off the list (its memory goes with the thread). */
static void retire_slot(void *arg) {
  THThreadSlot *s = arg;
  lock_slots();
  if (s->prev) s->prev->next = s->next;
  else slots = s->next;
  if (s->next) s->next->prev = s->prev;
  for (int k = 0; k < TH_LIVE_KINDS; k++) {
    atomic_fetch_add_explicit(&retired[k],
                              atomic_load_explicit(&s->live[k], memory_order_relaxed),
                              memory_order_relaxed);
    atomic_store_explicit(&s->live[k], 0, memory_order_relaxed);
  }
  s->state = TH_SLOT_SHARED;
  unlock_slots();
  for (int kind = 0; kind < TH_CACHE_KINDS; kind++) {
    while (s->cache[kind]) {
      void *p = s->cache[kind];
      s->cache[kind] = TH_CACHE_LINK(kind, p);
      th_free(p);
    }
    s->cached[kind] = 0;
  }
}

/* In a forked child only the forking thread exists: the other threads'
 * slots (their memory may be handed to the child's new threads) leave the
 * list, their counts folded into the shared total, since the objects they
 * counted live on in the child's copy of the heap. */
static void after_fork_in_child(void) {
  THThreadSlot *me = &th_thread_slot;
  for (THThreadSlot *s = slots; s; s = s->next) {
    if (s == me) continue;
    for (int k = 0; k < TH_LIVE_KINDS; k++)
      atomic_fetch_add_explicit(&retired[k],
                                atomic_load_explicit(&s->live[k], memory_order_relaxed),
                                memory_order_relaxed);
  }
  slots = NULL;
  if (me->state == TH_SLOT_LISTED) {
    me->prev = me->next = NULL;
    slots = me;
  }
  unlock_slots();
}

static void setup(void) {
  have_exit_key = pthread_key_create(&exit_key, retire_slot) == 0;
  /* a fork while another thread holds the lock must not leave it held */
  pthread_atfork(lock_slots, unlock_slots, after_fork_in_child);
}

void th_live_add_slow(int kind, int64_t delta) {
  THThreadSlot *s = th_thread();
  if (s->state == TH_SLOT_NEW) {
    pthread_once(&setup_once, setup);
    if (have_exit_key && pthread_setspecific(exit_key, s) == 0) {
      lock_slots();
      s->next = slots;
      if (slots) slots->prev = s;
      slots = s;
      s->state = TH_SLOT_LISTED;
      for (int k = 0; th_no_cache && k < TH_CACHE_KINDS; k++) s->cached[k] = TH_CACHE_MAX;
      unlock_slots();
      th_live_add(s, kind, delta);
      return;
    }
    s->state = TH_SLOT_SHARED; /* no exit hook: count in the shared total */
  }
  atomic_fetch_add_explicit(&retired[kind], delta, memory_order_relaxed);
}

int THDebug_isCaching(void) { return th_caching(); }

int64_t THDebug_cachedStructs(void) {
  THThreadSlot *s = th_thread();
  int64_t n = 0;
  if (!th_caching()) return 0; /* the counts say "full" */
  for (int kind = 0; kind < TH_CACHE_KINDS; kind++) n += s->cached[kind];
  return n;
}

THLiveCounts THGetLiveCounts(void) {
  int64_t sum[TH_LIVE_KINDS];
  lock_slots();
  for (int k = 0; k < TH_LIVE_KINDS; k++) {
    sum[k] = atomic_load_explicit(&retired[k], memory_order_relaxed);
    for (THThreadSlot *s = slots; s; s = s->next)
      sum[k] += atomic_load_explicit(&s->live[k], memory_order_relaxed);
  }
  unlock_slots();
  THLiveCounts c = {sum[TH_LIVE_STORAGES], sum[TH_LIVE_TENSORS], sum[TH_LIVE_BYTES]};
  return c;
}
