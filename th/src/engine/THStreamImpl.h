/* Internal: streaming stores, for a dst that would not stay in the caches
 * anyway. A streaming store writes a whole cache line without reading it
 * first (no read for ownership: a third less memory traffic for a copy, a
 * quarter for a + b) and without evicting lines the operands still need. */
#ifndef TH_STREAM_IMPL_H
#define TH_STREAM_IMPL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/THCpuImpl.h"

/* A dst at least this big is written with streaming stores where a kernel
 * can: half the last-level cache, from 4 to 16 MiB. Below that a dst and its
 * operands stay in the cache, and plain stores leave the result there for
 * what reads it next (32 MiB L3: a + 1 of 1M float32 ran 1.6x slower
 * streamed, of 4M 7% faster). */
extern _Atomic int64_t th_stream_min; /* 0: not asked yet; THDebug_setStreamMinBytes */
int64_t th_stream_default_bytes(void);
static inline int64_t th_stream_min_bytes(void) {
  int64_t n = atomic_load_explicit(&th_stream_min, memory_order_relaxed);
  if (n == 0) {
    n = th_stream_default_bytes();
    atomic_store_explicit(&th_stream_min, n, memory_order_relaxed);
  }
  return n;
}

/* Runs written (in part) with streaming stores (THDebug_streamedRuns: tests
 * see that the streamed paths are taken). Writers add their count once per
 * call, not per run: an atomic add per run cost ~3% of a 1-D expression. */
extern _Atomic int64_t th_streamed_runs;

/* Whether a dst of bytes bytes at d, of elements of esz bytes, may be
 * streamed: big enough, a CPU with the instructions, elements that fill
 * cache lines evenly and lie on their own size. */
static inline int th_can_stream(const void *d, size_t esz, int64_t bytes) {
  return bytes >= th_stream_min_bytes() && th_have_avx() && 64 % esz == 0 &&
         (uintptr_t)d % esz == 0;
}

/* Bytes produced into L1 between streaming stores: r = a*b + c into 64 MiB
 * measured 1.5x np.copyto in chunks of 1 KiB, 2.1x in chunks of 4 KiB. */
#define TH_STREAM_CHUNK 1024

/* n bytes (a multiple of 32) from s to d (32-byte aligned) with streaming
 * stores. Needs th_have_avx(); streaming stores are weakly ordered, so the
 * writer calls th_stream_fence() before anything else may read d. */
#ifdef TH_X86_SIMD
__attribute__((target("avx"))) static inline void th_stream_lines(char *d, const char *s,
                                                                  size_t n) {
  for (size_t i = 0; i < n; i += 32)
    _mm256_stream_si256((__m256i *)(d + i), _mm256_loadu_si256((const __m256i *)(s + i)));
}
static inline void th_stream_fence(void) { _mm_sfence(); }
#else
static inline void th_stream_lines(char *d, const char *s, size_t n) { memcpy(d, s, n); }
static inline void th_stream_fence(void) {}
#endif

/* Produces elements [i, i + n) of a run into out. */
typedef void (*th_stream_fill)(void *ctx, int64_t i, int64_t n, char *out);

/* Writes a contiguous run of n elements of esz bytes (esz divides 64, d is
 * esz-aligned) that fill() produces: its whole cache lines TH_STREAM_CHUNK
 * bytes at a time into an L1 buffer and out with streaming stores, its
 * partial lines at either end by fill() into d directly. Needs
 * th_have_avx(); the caller fences. Returns 1 when a line was streamed. */
static inline int th_stream_run(char *d, size_t esz, int64_t n, th_stream_fill fill, void *ctx) {
  char buffer[TH_STREAM_CHUNK] __attribute__((aligned(64)));
  int64_t line = 64 / (int64_t)esz, chunk = TH_STREAM_CHUNK / (int64_t)esz;
  int64_t head = (int64_t)((64 - ((uintptr_t)d & 63)) & 63) / (int64_t)esz;
  if (head > n) head = n;
  int64_t lines_end = head + (n - head) / line * line;
  if (head > 0) fill(ctx, 0, head, d);
  for (int64_t i = head, k; i < lines_end; i += k) {
    k = th_min64(chunk, lines_end - i);
    fill(ctx, i, k, buffer);
    th_stream_lines(d + i * (int64_t)esz, buffer, (size_t)k * esz);
  }
  if (lines_end < n) fill(ctx, lines_end, n - lines_end, d + lines_end * (int64_t)esz);
  return lines_end > head;
}

#endif
