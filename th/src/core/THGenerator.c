/* Random number generators: the Mersenne Twister mt19937 (Matsumoto and
 * Nishimura), seeded and walked as torch's CPU generator walks it, so that
 * one seed gives torch's stream. */
#define _DEFAULT_SOURCE /* O_CLOEXEC, clock_gettime */
#include <fcntl.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/THCpuImpl.h"
#include "core/THGeneratorImpl.h"
#include "core/THMemoryImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"

#define MT_M 397
#define MATRIX_A 0x9908b0dfu

static void seed_state(THGenerator *g, uint64_t seed) {
  g->seed = seed;
  g->state[0] = (uint32_t)seed;
  for (uint32_t j = 1; j < TH_MT_N; j++)
    g->state[j] = 1812433253u * (g->state[j - 1] ^ (g->state[j - 1] >> 30)) + j;
  g->left = 1; /* the first draw twists */
  g->next = 0;
  g->has_next_double_normal = g->has_next_float_normal = 0;
  g->th_normal_is_valid = 0;
  g->th_normal_x = g->th_normal_y = g->th_normal_rho = 0; /* TH's saved state has them */
}

static inline uint32_t twist(uint32_t u, uint32_t v) {
  return (((u & 0x80000000u) | (v & 0x7fffffffu)) >> 1) ^ (v & 1 ? MATRIX_A : 0);
}

/* Vectorised (the file is built at -O3, setup.py): each word reads ones
 * the loop writes later or 227 words before, and a fill of many 32-bit
 * draws spent a third of its time here, scalar. */
TH_CLONES_AVX512 void th_mt_twist(THGenerator *g) {
  uint32_t *s = g->state;
  int j = 0;
  for (; j < TH_MT_N - MT_M; j++) s[j] = s[j + MT_M] ^ twist(s[j], s[j + 1]);
  for (; j < TH_MT_N - 1; j++) s[j] = s[j + MT_M - TH_MT_N] ^ twist(s[j], s[j + 1]);
  s[TH_MT_N - 1] = s[MT_M - 1] ^ twist(s[TH_MT_N - 1], s[0]);
  g->left = TH_MT_N;
  g->next = 0;
}


static _Atomic int64_t live_generators;

int64_t THGenerator_liveCount(void) {
  return atomic_load_explicit(&live_generators, memory_order_relaxed);
}

/* The leak harness reads registered counters around every test (THDebug.h):
 * a generator made and never freed is a leak as a tensor is. */
__attribute__((constructor)) static void register_counter(void) {
  THDebug_registerCounter("th.generators", THGenerator_liveCount);
}

/* A generator with one reference and an unset stream. */
static THGenerator *generator_alloc(const char *fn) {
  THGenerator *g = th_malloc(sizeof *g);
  if (!g) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "out of memory for a generator");
    return NULL;
  }
  atomic_fetch_add_explicit(&live_generators, 1, memory_order_relaxed);
  atomic_init(&g->refcount, 1);
  pthread_mutex_init(&g->lock, NULL);
  return g;
}

THGenerator *THGenerator_newWithSeed(uint64_t seed) {
  THGenerator *g = generator_alloc(__func__);
  if (g) seed_state(g, seed);
  return g;
}

THGenerator *THGenerator_newClone(THGenerator *self) {
  THRequire(self, NULL, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  THGenerator *g = generator_alloc(__func__);
  if (!g) return NULL;
  th_generator_lock(self);
  /* the stream's fields, after the refcount and the lock */
  memcpy(&g->seed, &self->seed, sizeof *g - offsetof(THGenerator, seed));
  th_generator_unlock(self);
  return g;
}

void THGenerator_retain(THGenerator *self) {
  if (self) atomic_fetch_add_explicit(&self->refcount, 1, memory_order_relaxed);
}

void THGenerator_free(THGenerator *self) {
  if (!self || atomic_fetch_sub_explicit(&self->refcount, 1, memory_order_acq_rel) != 1) return;
  pthread_mutex_destroy(&self->lock);
  th_free(self);
  atomic_fetch_sub_explicit(&live_generators, 1, memory_order_relaxed);
}

int64_t THGenerator_refcount(const THGenerator *self) {
  return atomic_load_explicit(&self->refcount, memory_order_relaxed);
}

/* 53 random bits (a seed a double holds exactly), as torch's
 * getNonDeterministicRandom: from /dev/urandom, else the clock. */
static uint64_t nondeterministic_seed(void) {
  uint64_t seed = 0;
  int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd < 0 || read(fd, &seed, sizeof seed) != (ssize_t)sizeof seed) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    seed = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 20;
  }
  if (fd >= 0) close(fd);
  return seed & ((UINT64_C(1) << 53) - 1);
}

static THGenerator default_generator;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;

/* fork() while another thread draws would leave the child's lock held */
static void before_fork(void) { th_generator_lock(&default_generator); }
static void after_fork(void) { th_generator_unlock(&default_generator); }

static void make_default(void) {
  atomic_init(&default_generator.refcount, 1);
  pthread_mutex_init(&default_generator.lock, NULL);
  seed_state(&default_generator, nondeterministic_seed());
  pthread_atfork(before_fork, after_fork, after_fork);
}

THGenerator *THGenerator_default(void) {
  pthread_once(&default_once, make_default);
  return &default_generator;
}

void THGenerator_manualSeed(THGenerator *self, uint64_t seed) {
  th_generator_lock(self);
  seed_state(self, seed);
  th_generator_unlock(self);
}

uint64_t THGenerator_initialSeed(THGenerator *self) {
  th_generator_lock(self);
  uint64_t seed = self->seed;
  th_generator_unlock(self);
  return seed;
}

uint64_t THGenerator_seed(THGenerator *self) {
  uint64_t seed = nondeterministic_seed();
  THGenerator_manualSeed(self, seed);
  return seed;
}

uint32_t THGenerator_random(THGenerator *self) {
  th_generator_lock(self);
  uint32_t r = th_mt_next(self);
  th_generator_unlock(self);
  return r;
}

uint64_t THGenerator_random64(THGenerator *self) {
  th_generator_lock(self);
  uint64_t r = th_mt_next64(self);
  th_generator_unlock(self);
  return r;
}

/* torch's CPUGeneratorImplState, field by field (x86-64 offsets) */
enum {
  AT_SEED = 0, AT_LEFT = 8, AT_SEEDED = 12, AT_NEXT = 16, AT_STATE = 24,
  AT_NORMAL_Y = AT_STATE + 8 * TH_MT_N + 8, AT_NORMAL_VALID = AT_NORMAL_Y + 16,
  AT_FLOAT_NORMAL = AT_NORMAL_VALID + 8, AT_FLOAT_NORMAL_VALID = AT_FLOAT_NORMAL + 4
};

static int check_state_tensor(THTensor *state, const char *fn) {
  THRequire(state, -1, TH_ERROR_VALUE, "%s: state is NULL", fn);
  TH_CHECK_TENSOR(state, -1);
  if (state->storage->dtype != TH_UINT8) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "the state must be a uint8 tensor, got %s",
              THScalarType_name(state->storage->dtype));
    return -1;
  }
  return 0;
}

int THGenerator_getState(THGenerator *self, THTensor *state) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  int64_t size[1] = {TH_GENERATOR_STATE_SIZE};
  if (check_state_tensor(state, __func__) || THTensor_resizeNd(state, 1, size, NULL)) return -1;
  unsigned char buf[TH_GENERATOR_STATE_SIZE] = {0};
  th_generator_lock(self);
  int32_t left = self->left, seeded = 1, valid = self->has_next_double_normal;
  uint64_t next = self->next;
  memcpy(buf + AT_SEED, &self->seed, 8);
  memcpy(buf + AT_LEFT, &left, 4);
  memcpy(buf + AT_SEEDED, &seeded, 4);
  memcpy(buf + AT_NEXT, &next, 8);
  for (int j = 0; j < TH_MT_N; j++) {
    uint64_t word = self->state[j];
    memcpy(buf + AT_STATE + 8 * j, &word, 8);
  }
  if (valid) memcpy(buf + AT_NORMAL_Y, &self->next_double_normal, 8);
  memcpy(buf + AT_NORMAL_VALID, &valid, 4);
  if (self->has_next_float_normal) {
    memcpy(buf + AT_FLOAT_NORMAL, &self->next_float_normal, 4);
    buf[AT_FLOAT_NORMAL_VALID] = 1;
  }
  th_generator_unlock(self);
  /* a state tensor of any strides: element by element */
  for (int64_t i = 0; i < TH_GENERATOR_STATE_SIZE; i++)
    th_tensor_bytes(state)[i * th_strides(state)[0]] = (char)buf[i];
  return 0;
}

int THGenerator_setState(THGenerator *self, THTensor *state) {
  THRequire(self, -1, TH_ERROR_VALUE, "%s: self is NULL", __func__);
  if (check_state_tensor(state, __func__)) return -1;
  if (THTensor_nElement(state) != TH_GENERATOR_STATE_SIZE || state->nDimension != 1) {
    TH_ERR(TH_ERROR_VALUE, "expected a 1-dim state of %d bytes, got %lld elements",
           TH_GENERATOR_STATE_SIZE, (long long)THTensor_nElement(state));
    return -1;
  }
  unsigned char buf[TH_GENERATOR_STATE_SIZE];
  for (int64_t i = 0; i < TH_GENERATOR_STATE_SIZE; i++)
    buf[i] = (unsigned char)th_tensor_bytes(state)[i * th_strides(state)[0]];
  int32_t left, seeded, valid;
  uint64_t seed, next;
  memcpy(&seed, buf + AT_SEED, 8);
  memcpy(&left, buf + AT_LEFT, 4);
  memcpy(&seeded, buf + AT_SEEDED, 4);
  memcpy(&next, buf + AT_NEXT, 8);
  memcpy(&valid, buf + AT_NORMAL_VALID, 4);
  /* the draws before the next twist read state[next .. next + left - 2] */
  if (!seeded || left <= 0 || left > TH_MT_N || (uint32_t)next > TH_MT_N ||
      (int64_t)(uint32_t)next + left > TH_MT_N + 1) {
    TH_ERR(TH_ERROR_VALUE, "invalid mt19937 state (left %d, next %llu)", left,
           (unsigned long long)next);
    return -1;
  }
  th_generator_lock(self);
  self->seed = seed;
  self->left = left;
  self->next = (uint32_t)next; /* torch keeps the low 32 bits */
  for (int j = 0; j < TH_MT_N; j++) {
    uint64_t word;
    memcpy(&word, buf + AT_STATE + 8 * j, 8);
    self->state[j] = (uint32_t)word;
  }
  self->has_next_double_normal = valid != 0;
  memcpy(&self->next_double_normal, buf + AT_NORMAL_Y, 8);
  self->has_next_float_normal = buf[AT_FLOAT_NORMAL_VALID] != 0;
  memcpy(&self->next_float_normal, buf + AT_FLOAT_NORMAL, 4);
  /* TH's cache is not in torch's state */
  self->th_normal_is_valid = 0;
  self->th_normal_x = self->th_normal_y = self->th_normal_rho = 0;
  th_generator_unlock(self);
  return 0;
}
