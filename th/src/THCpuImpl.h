/* Internal: what the CPU can run, asked once per process (gcc and clang on
 * x86-64; everything answers 0 elsewhere). TH_X86_SIMD: <immintrin.h> is
 * included and functions may carry __attribute__((target(...))). */
#ifndef TH_CPU_IMPL_H
#define TH_CPU_IMPL_H

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

TH_CPU_FEATURE(th_have_avx, __builtin_cpu_supports("avx"))
TH_CPU_FEATURE(th_have_avx2, __builtin_cpu_supports("avx2"))
TH_CPU_FEATURE(th_have_f16c, __builtin_cpu_supports("avx") && __builtin_cpu_supports("f16c"))

#endif
