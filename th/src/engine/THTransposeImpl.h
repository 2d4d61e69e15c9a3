/* Internal: transposing moves of 4-byte elements, shared by copy and the
 * expression engine's tiles; header-only, inlined into the tile loops that
 * call them.
 *
 * th_transpose32(d, ds, s, ss, rows, cols): d[r][c] = s[c][r] for a rows x
 * cols block: d's rows are ds bytes apart and contiguous along c; s's rows
 * (indexed by c) are ss bytes apart and contiguous along r. 8x8 AVX2 or 4x4
 * SSE2 blocks (shuffles only: any 4-byte bits pass unchanged), the ragged
 * edge element by element.
 *
 * th_transpose32_stream: the same for blocks larger than the caches, written
 * with streaming stores in whole cache lines. Needs th_have_avx2(), rows and
 * cols multiples of 16, d and ds multiples of 64 (x86-64 only). */
#ifndef TH_TRANSPOSE_IMPL_H
#define TH_TRANSPOSE_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/THCpuImpl.h"
#ifdef TH_X86_SIMD
#define TH_TR_AVX2 1
#endif

static inline void th_tr_move32(char *d, const char *s) { memcpy(d, s, 4); }

#ifdef __SSE2__
#include <emmintrin.h>

static inline void th_tr_4x4(char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss) {
  __m128 a = _mm_loadu_ps((const float *)s);
  __m128 b = _mm_loadu_ps((const float *)(s + ss));
  __m128 c = _mm_loadu_ps((const float *)(s + 2 * ss));
  __m128 e = _mm_loadu_ps((const float *)(s + 3 * ss));
  _MM_TRANSPOSE4_PS(a, b, c, e);
  _mm_storeu_ps((float *)d, a);
  _mm_storeu_ps((float *)(d + ds), b);
  _mm_storeu_ps((float *)(d + 2 * ds), c);
  _mm_storeu_ps((float *)(d + 3 * ds), e);
}
#endif

#ifdef TH_TR_AVX2
__attribute__((target("avx2"))) static inline void th_tr_8x8(char *d, ptrdiff_t ds,
                                                                 const char *s, ptrdiff_t ss) {
  __m256 r0 = _mm256_loadu_ps((const float *)s), r1 = _mm256_loadu_ps((const float *)(s + ss));
  __m256 r2 = _mm256_loadu_ps((const float *)(s + 2 * ss));
  __m256 r3 = _mm256_loadu_ps((const float *)(s + 3 * ss));
  __m256 r4 = _mm256_loadu_ps((const float *)(s + 4 * ss));
  __m256 r5 = _mm256_loadu_ps((const float *)(s + 5 * ss));
  __m256 r6 = _mm256_loadu_ps((const float *)(s + 6 * ss));
  __m256 r7 = _mm256_loadu_ps((const float *)(s + 7 * ss));
  __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
  __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
  __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
  __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
  __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  _mm256_storeu_ps((float *)d, _mm256_permute2f128_ps(u0, u4, 0x20));
  _mm256_storeu_ps((float *)(d + ds), _mm256_permute2f128_ps(u1, u5, 0x20));
  _mm256_storeu_ps((float *)(d + 2 * ds), _mm256_permute2f128_ps(u2, u6, 0x20));
  _mm256_storeu_ps((float *)(d + 3 * ds), _mm256_permute2f128_ps(u3, u7, 0x20));
  _mm256_storeu_ps((float *)(d + 4 * ds), _mm256_permute2f128_ps(u0, u4, 0x31));
  _mm256_storeu_ps((float *)(d + 5 * ds), _mm256_permute2f128_ps(u1, u5, 0x31));
  _mm256_storeu_ps((float *)(d + 6 * ds), _mm256_permute2f128_ps(u2, u6, 0x31));
  _mm256_storeu_ps((float *)(d + 7 * ds), _mm256_permute2f128_ps(u3, u7, 0x31));
}

/* The rows x cols block (both multiples of 8) in 8x8 steps. Not unrolled:
 * two 8x8 blocks at once need more than 16 ymm registers (gcc -O3 unrolled
 * it into stack spills). */
__attribute__((target("avx2"))) static inline void th_tr_blocks_avx2(
    char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss, int64_t rows, int64_t cols) {
  _Pragma("GCC unroll 1") for (int64_t r = 0; r < rows; r += 8)
    _Pragma("GCC unroll 1") for (int64_t c = 0; c < cols; c += 8)
      th_tr_8x8(d + r * ds + c * 4, ds, s + r * 4 + c * ss, ss);
}

/* A 16x16 block through an L1 buffer, then out as whole cache lines with
 * streaming stores: no read-for-ownership of d, and no line of d evicting
 * one of s from L1 (a power-of-two row stride maps every row of a tile to
 * the same cache set). */
__attribute__((target("avx2"))) static inline void th_tr_16x16_stream(
    char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss) {
  float buf[16 * 16] __attribute__((aligned(64)));
  th_tr_8x8((char *)buf, 64, s, ss);
  th_tr_8x8((char *)(buf + 8), 64, s + 8 * ss, ss);
  th_tr_8x8((char *)(buf + 8 * 16), 64, s + 32, ss);
  th_tr_8x8((char *)(buf + 8 * 16 + 8), 64, s + 8 * ss + 32, ss);
  for (int i = 0; i < 16; i++) {
    _mm256_stream_ps((float *)(d + i * ds), _mm256_load_ps(buf + 16 * i));
    _mm256_stream_ps((float *)(d + i * ds + 32), _mm256_load_ps(buf + 16 * i + 8));
  }
}

/* Strips of 16 columns of d, each down all its rows: the strip's 16 rows
 * of s are read front to back (streams the hardware prefetchers follow) and
 * each row of d gets one whole line, which a streaming store needs no
 * prefetch for. Into fresh pages a 4096^2 float32 transpose measured
 * 1.63-1.79x clone() this way against 2.33-2.40x in 256 x 256 tiles. */
__attribute__((target("avx2"))) static inline void th_transpose32_stream(
    char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss, int64_t rows, int64_t cols) {
  for (int64_t c = 0; c < cols; c += 16)
    for (int64_t r = 0; r < rows; r += 16)
      th_tr_16x16_stream(d + r * ds + c * 4, ds, s + r * 4 + c * ss, ss);
  _mm_sfence(); /* streaming stores are weakly ordered: publish them before returning */
}
#endif

static inline void th_transpose32(char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss,
                                  int64_t rows, int64_t cols) {
  int64_t r = 0;
#ifdef TH_TR_AVX2
  if (th_have_avx2()) {
    int64_t r8 = rows & ~(int64_t)7, c8 = cols & ~(int64_t)7;
    th_tr_blocks_avx2(d, ds, s, ss, r8, c8);
    for (int64_t i = 0; i < r8; i++) /* the ragged columns */
      for (int64_t c = c8; c < cols; c++) th_tr_move32(d + i * ds + c * 4, s + i * 4 + c * ss);
    r = r8;
  }
#endif
#ifdef __SSE2__
  int64_t c4 = cols & ~(int64_t)3;
  for (; r + 4 <= rows; r += 4) {
    for (int64_t c = 0; c < c4; c += 4) th_tr_4x4(d + r * ds + c * 4, ds, s + r * 4 + c * ss, ss);
    for (int64_t c = c4; c < cols; c++)
      for (int64_t i = r; i < r + 4; i++) th_tr_move32(d + i * ds + c * 4, s + i * 4 + c * ss);
  }
#endif
  for (; r < rows; r++)
    for (int64_t c = 0; c < cols; c++) th_tr_move32(d + r * ds + c * 4, s + r * 4 + c * ss);
}

#ifndef TH_TR_AVX2
/* without AVX2 kernels, never chosen (th_have_avx2() is 0): the plain move */
static inline void th_transpose32_stream(char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss,
                                         int64_t rows, int64_t cols) {
  th_transpose32(d, ds, s, ss, rows, cols);
}
#endif

#endif
