/* Counters of live objects registered by other libraries (see THDebug.h):
 * a fixed table under a mutex, read by copying it out and calling each
 * count function after the mutex is released. */
#include <pthread.h>
#include <string.h>

#include "core/THErrorImpl.h"
#include "TH/THDebug.h"

typedef struct {
  char name[TH_COUNTER_NAME_SIZE];
  THLiveCounter count;
} Counter;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Counter counters[TH_MAX_COUNTERS];
static int n_counters;

static void lock_for_fork(void) { pthread_mutex_lock(&lock); }
static void unlock_after_fork(void) { pthread_mutex_unlock(&lock); }

__attribute__((constructor)) static void register_fork_handlers(void) {
  pthread_atfork(lock_for_fork, unlock_after_fork, unlock_after_fork);
}

/* The index of name in the table, or -1. Call with the lock held. */
static int find(const char *name) {
  for (int i = 0; i < n_counters; i++)
    if (strcmp(counters[i].name, name) == 0) return i;
  return -1;
}

int THDebug_registerCounter(const char *name, THLiveCounter count) {
  if (!name || !name[0]) {
    TH_ERR(TH_ERROR_VALUE, "a counter needs a name");
    return -1;
  }
  if (strlen(name) >= TH_COUNTER_NAME_SIZE) {
    TH_ERR(TH_ERROR_VALUE, "counter name '%.32s...' is longer than %d bytes", name,
           TH_COUNTER_NAME_SIZE - 1);
    return -1;
  }
  if (!count) {
    TH_ERR(TH_ERROR_VALUE, "counter '%s' has no count function", name);
    return -1;
  }
  pthread_mutex_lock(&lock);
  int i = find(name);
  if (i < 0 && n_counters < TH_MAX_COUNTERS) {
    i = n_counters++;
    strcpy(counters[i].name, name);
  }
  if (i >= 0) counters[i].count = count;
  pthread_mutex_unlock(&lock);
  if (i < 0) {
    TH_ERR(TH_ERROR_RUNTIME, "cannot register '%s': %d counters are registered already", name,
           TH_MAX_COUNTERS);
    return -1;
  }
  return 0;
}

int THDebug_unregisterCounter(const char *name) {
  if (!name) return 0;
  pthread_mutex_lock(&lock);
  int i = find(name);
  if (i >= 0) {
    memmove(&counters[i], &counters[i + 1], (size_t)(n_counters - i - 1) * sizeof *counters);
    n_counters--;
  }
  pthread_mutex_unlock(&lock);
  return i >= 0;
}

int64_t THDebug_readCounters(THCounterValue *out, int64_t capacity) {
  Counter copy[TH_MAX_COUNTERS];
  pthread_mutex_lock(&lock);
  int n = n_counters;
  memcpy(copy, counters, (size_t)n * sizeof *copy);
  pthread_mutex_unlock(&lock);
  for (int i = 0; out && i < n && i < capacity; i++) {
    memcpy(out[i].name, copy[i].name, sizeof out[i].name);
    out[i].value = copy[i].count();
  }
  return n;
}
