/* Internal: what the CPU can run, asked once per process (gcc and clang on
 * x86-64; everything answers 0 elsewhere). TH_X86_SIMD: <immintrin.h> is
 * included and functions may carry __attribute__((target(...))). */
#ifndef TH_CPU_IMPL_H
#define TH_CPU_IMPL_H

#include <stdint.h>
#include <unistd.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TH_X86_SIMD 1
#define TH_CPU_FEATURE(name, test)            \
  static inline int name(void) {              \
    static int cached = -1;                   \
    if (cached < 0) cached = (test) ? 1 : 0;  \
    return cached;                            \
  }
#else
#define TH_CPU_FEATURE(name, test) \
  static inline int name(void) { return 0; }
#endif

/* A function cloned at load time for AVX2 (and AVX-512) where the CPU has
 * it: gcc's target_clones, on x86-64 Linux (its ifuncs need glibc). */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define TH_CLONES_AVX2 __attribute__((target_clones("avx2", "default")))
#define TH_CLONES_AVX512 __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
/* AVX2 with FMA (x86-64-v3): for kernels that call fma(), which is one
 * instruction there and a C library call per element without it */
#define TH_CLONES_FMA __attribute__((target_clones("arch=x86-64-v3", "default")))
/* both: AVX-512, AVX2 with FMA, neither */
#define TH_CLONES_FMA512 \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define TH_CLONES_AVX2
#define TH_CLONES_AVX512
#define TH_CLONES_FMA
#define TH_CLONES_FMA512
#endif

/* Bytes of L1 data cache per core (glibc's sysconf; 32 KiB where it does
 * not say). */
static inline long th_l1d_bytes(void) {
  static long cached = 0;
  if (cached == 0) {
    long n = 0;
#ifdef _SC_LEVEL1_DCACHE_SIZE
    n = sysconf(_SC_LEVEL1_DCACHE_SIZE);
#endif
    cached = n >= 8192 && n <= (1L << 20) ? n : 32768;
  }
  return cached;
}

static inline int64_t th_min64(int64_t a, int64_t b) { return a < b ? a : b; }

TH_CPU_FEATURE(th_have_avx, __builtin_cpu_supports("avx"))
TH_CPU_FEATURE(th_have_avx2, __builtin_cpu_supports("avx2"))
TH_CPU_FEATURE(th_have_avx512f, __builtin_cpu_supports("avx512f"))
TH_CPU_FEATURE(th_have_f16c, __builtin_cpu_supports("avx") && __builtin_cpu_supports("f16c"))

#endif
