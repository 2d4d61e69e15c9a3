/* Transposing moves of 4-byte elements (see THTransposeImpl.h): the kernels
 * behind a copy whose source runs across the destination's rows and behind
 * the expression engine's tiles of a transposed operand. */
#include "THTransposeImpl.h"

#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TH_HAVE_AVX2_KERNEL 1
#endif

int th_have_avx2(void) {
#ifdef TH_HAVE_AVX2_KERNEL
  static int cached = -1;
  if (cached < 0) cached = __builtin_cpu_supports("avx2") ? 1 : 0;
  return cached;
#else
  return 0;
#endif
}

static inline void move32(char *d, const char *s) { memcpy(d, s, 4); }

#ifdef __SSE2__
#include <emmintrin.h>

static inline void transpose4x4(char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss) {
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

#ifdef TH_HAVE_AVX2_KERNEL
__attribute__((target("avx2"))) static inline void transpose8x8(char *d, ptrdiff_t ds,
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

/* Rows in 8x8 steps (the ragged columns element by element); returns the
 * first row left. */
__attribute__((target("avx2"))) static int64_t transpose_rows_avx2(
    char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss, int64_t rows, int64_t cols) {
  int64_t r = 0, c8 = cols & ~(int64_t)7;
  for (; r + 8 <= rows; r += 8) {
    for (int64_t c = 0; c < c8; c += 8) transpose8x8(d + r * ds + c * 4, ds, s + r * 4 + c * ss, ss);
    for (int64_t c = c8; c < cols; c++)
      for (int64_t i = r; i < r + 8; i++) move32(d + i * ds + c * 4, s + i * 4 + c * ss);
  }
  return r;
}

/* A 16x16 block through an L1 buffer, then out as whole cache lines with
 * streaming stores: no read-for-ownership of d, and no line of d evicting
 * one of s from L1 (a power-of-two row stride maps every row of a tile to
 * the same cache set). */
__attribute__((target("avx2"))) static inline void transpose16x16_stream(
    char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss) {
  float buf[16 * 16] __attribute__((aligned(64)));
  transpose8x8((char *)buf, 64, s, ss);
  transpose8x8((char *)(buf + 8), 64, s + 8 * ss, ss);
  transpose8x8((char *)(buf + 8 * 16), 64, s + 32, ss);
  transpose8x8((char *)(buf + 8 * 16 + 8), 64, s + 8 * ss + 32, ss);
  for (int i = 0; i < 16; i++) {
    _mm256_stream_ps((float *)(d + i * ds), _mm256_load_ps(buf + 16 * i));
    _mm256_stream_ps((float *)(d + i * ds + 32), _mm256_load_ps(buf + 16 * i + 8));
  }
}

/* A tile's source lines (256 rows, a 1 KiB run of each) stay in L2 until
 * the tile has read all of them. */
#define STREAM_TILE 256

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

__attribute__((target("avx2"))) void th_transpose32_stream(char *d, ptrdiff_t ds,
                                                           const char *s, ptrdiff_t ss,
                                                           int64_t rows, int64_t cols) {
  for (int64_t R = 0; R < rows; R += STREAM_TILE)
    for (int64_t C = 0; C < cols; C += STREAM_TILE)
      for (int64_t r = R; r < min64(R + STREAM_TILE, rows); r += 16)
        for (int64_t c = C; c < min64(C + STREAM_TILE, cols); c += 16)
          transpose16x16_stream(d + r * ds + c * 4, ds, s + r * 4 + c * ss, ss);
  _mm_sfence(); /* streaming stores are weakly ordered: publish them before returning */
}
#else
void th_transpose32_stream(char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss, int64_t rows,
                           int64_t cols) {
  th_transpose32(d, ds, s, ss, rows, cols);
}
#endif

void th_transpose32(char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss, int64_t rows,
                    int64_t cols) {
  int64_t r = 0;
#ifdef TH_HAVE_AVX2_KERNEL
  if (th_have_avx2()) r = transpose_rows_avx2(d, ds, s, ss, rows, cols);
#endif
#ifdef __SSE2__
  int64_t c4 = cols & ~(int64_t)3;
  for (; r + 4 <= rows; r += 4) {
    for (int64_t c = 0; c < c4; c += 4) transpose4x4(d + r * ds + c * 4, ds, s + r * 4 + c * ss, ss);
    for (int64_t c = c4; c < cols; c++)
      for (int64_t i = r; i < r + 4; i++) move32(d + i * ds + c * 4, s + i * 4 + c * ss);
  }
#endif
  for (; r < rows; r++)
    for (int64_t c = 0; c < cols; c++) move32(d + r * ds + c * 4, s + r * 4 + c * ss);
}
