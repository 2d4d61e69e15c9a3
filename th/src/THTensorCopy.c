/* Element kernels over whole tensors: fill and copy (with broadcasting and
 * dtype conversion), both driven by the strided iterator. */
#include <stdio.h>
#include <string.h>

#include "THCastImpl.h"
#include "THDebugImpl.h"
#include "THFillImpl.h"
#include "THIterImpl.h"
#include "THParallelImpl.h"
#include "THScalarImpl.h"
#include "THTensorImpl.h"

/* ------------------------------------------------------------------ fill */

typedef struct FillCtx {
  size_t elsize;
  th_element pattern;
} FillCtx;

static void fill_loop(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  FillCtx *f = ctx;
  th_fill_strided(data[0], strides[0], n, f->elsize, &f->pattern);
}

static void fill_pattern(THTensor *self, FillCtx *f) {
  const int64_t *strides[1] = {th_strides(self)};
  char *data[1] = {th_tensor_bytes(self)};
  THIter it;
  th_iter_init(&it, 1, self->nDimension, th_sizes(self), strides, data, &f->elsize);
  th_iter_run(&it, fill_loop, f);
}

int THTensor_fill(THTensor *self, double value) {
  TH_CHECK_TENSOR(self, -1);
  FillCtx f = {THScalarType_elementSize(self->storage->dtype), {{0}}};
  if (th_scalar_from_double(self->storage->dtype, value, &f.pattern, __func__)) return -1;
  fill_pattern(self, &f);
  return 0;
}

int THTensor_fillInt64(THTensor *self, int64_t value) {
  TH_CHECK_TENSOR(self, -1);
  FillCtx f = {THScalarType_elementSize(self->storage->dtype), {{0}}};
  if (th_scalar_from_int64(self->storage->dtype, value, &f.pattern, __func__)) return -1;
  fill_pattern(self, &f);
  return 0;
}

int THTensor_fillElement(THTensor *self, const void *element) {
  TH_CHECK_TENSOR(self, -1);
  THArgCheck(element, -1, TH_ERROR_VALUE, "%s: element is NULL", __func__);
  FillCtx f = {THScalarType_elementSize(self->storage->dtype), {{0}}};
  memcpy(&f.pattern, element, f.elsize);
  fill_pattern(self, &f);
  return 0;
}

/* ------------------------------------------------------------------ copy */

void th_format_shape(char *buf, size_t cap, int nDimension, const int64_t *size) {
  size_t used = 0;
  int n = snprintf(buf, cap, "[");
  if (n > 0) used += (size_t)n;
  for (int d = 0; d < nDimension && used < cap; d++) {
    n = snprintf(buf + used, cap - used, d ? ", %lld" : "%lld", (long long)size[d]);
    if (n > 0) used += (size_t)n;
  }
  if (used < cap) snprintf(buf + used, cap - used, "]");
}

/* src's strides broadcast to dst's shape (0 for stretched dims), or -1 with
 * ValueError when src cannot be broadcast to it. */
static int broadcast_strides(const THTensor *dst, const THTensor *src, int64_t *out,
                             const char *fn) {
  int lead = dst->nDimension - src->nDimension;
  int ok = lead >= 0;
  for (int d = 0; ok && d < dst->nDimension; d++) {
    int s = d - lead;
    if (s < 0)
      out[d] = 0;
    else if (th_sizes(src)[s] == th_sizes(dst)[d])
      out[d] = th_strides(src)[s];
    else if (th_sizes(src)[s] == 1)
      out[d] = 0;
    else
      ok = 0;
  }
  if (!ok) {
    char a[256], b[256];
    th_format_shape(a, sizeof a, src->nDimension, th_sizes(src));
    th_format_shape(b, sizeof b, dst->nDimension, th_sizes(dst));
    TH_ERR_FN(TH_ERROR_VALUE, fn, "src of shape %s cannot be broadcast to dst of shape %s", a, b);
    return -1;
  }
  return 0;
}

/* 1 when two elements of t share memory (a stride-0 dim of size > 1): a
 * copy into it would depend on the order of the writes. */
static int has_stride_zero_overlap(const THTensor *t) {
  for (int d = 0; d < t->nDimension; d++)
    if (th_sizes(t)[d] > 1 && th_strides(t)[d] == 0) return 1;
  return 0;
}

/* The bytes [lo, hi) a non-empty tensor touches. */
void th_tensor_byte_range(const THTensor *t, uintptr_t *lo, uintptr_t *hi) {
  int64_t last = 0;
  for (int d = 0; d < t->nDimension; d++) last += (th_sizes(t)[d] - 1) * th_strides(t)[d];
  size_t elsize = THScalarType_elementSize(t->storage->dtype);
  *lo = (uintptr_t)th_tensor_bytes(t);
  *hi = *lo + (uintptr_t)(last + 1) * elsize;
}

/* By address, not by storage: two storages may wrap the same memory (two
 * tensors from one numpy array, th's own DLPack export read back). */
static int may_overlap(const THTensor *a, const THTensor *b) {
  if (!a->storage->data || !b->storage->data) return 0;
  uintptr_t alo, ahi, blo, bhi;
  th_tensor_byte_range(a, &alo, &ahi);
  th_tensor_byte_range(b, &blo, &bhi);
  return alo < bhi && blo < ahi;
}

static void cast_loop(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  th_cast_loop cast = (th_cast_loop)ctx;
  cast(data[0], strides[0], data[1], strides[1], n);
}

static void copy_same_loop(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  size_t elsize = (size_t)(uintptr_t)ctx;
  if (strides[0] == (ptrdiff_t)elsize && strides[1] == (ptrdiff_t)elsize) {
    memcpy(data[0], data[1], (size_t)n * elsize);
    return;
  }
  if (strides[1] == 0) { /* one src element broadcast along the run */
    th_fill_strided(data[0], strides[0], n, elsize, data[1]);
    return;
  }
  th_cast_loop cast = NULL;
  switch (elsize) { /* same-size integer casts are plain moves */
    case 1: cast = th_cast_loops[TH_UINT8][TH_UINT8]; break;
    case 2: cast = th_cast_loops[TH_INT16][TH_INT16]; break;
    case 4: cast = th_cast_loops[TH_INT32][TH_INT32]; break;
    case 8: cast = th_cast_loops[TH_INT64][TH_INT64]; break;
    default: cast = th_cast_loops[TH_COMPLEX128][TH_COMPLEX128]; break;
  }
  cast(data[0], strides[0], data[1], strides[1], n);
}

/* A transposing copy (src read across its rows) goes tile by tile: a tile's
 * rows of src and of dst both stay in L1 while it is copied, instead of
 * each read missing the cache. */
#define TILE 32

/* A dst at least this big is written with streaming stores where a kernel
 * can: it would not stay in the caches anyway. */
#define TH_STREAM_MIN_BYTES ((int64_t)4 << 20)

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

#define DEFINE_TILED_MOVE(BITS, T)                                                          \
  static void tiled_move##BITS(char **data, const ptrdiff_t *rs, const ptrdiff_t *cs,     \
                               int64_t nrows, int64_t ncols, void *ctx) {                 \
    (void)ctx;                                                                             \
    for (int64_t r0 = 0; r0 < nrows; r0 += TILE) {                                         \
      int64_t r1 = min64(r0 + TILE, nrows);                                                \
      for (int64_t c0 = 0; c0 < ncols; c0 += TILE)                                         \
        move_block##BITS(data[0] + c0 * cs[0], data[1] + c0 * cs[1], rs, cs, r0, r1,       \
                         min64(TILE, ncols - c0));                                         \
    }                                                                                      \
  }

/* Rows r0..r1 of a block of cn columns, element by element. */
#define DEFINE_MOVE_BLOCK(BITS, T)                                                          \
  static inline void move_block##BITS(char *dst, const char *src, const ptrdiff_t *rs,    \
                                      const ptrdiff_t *cs, int64_t r0, int64_t r1,        \
                                      int64_t cn) {                                        \
    for (int64_t r = r0; r < r1; r++) {                                                    \
      char *d = dst + r * rs[0];                                                           \
      const char *s = src + r * rs[1];                                                     \
      for (int64_t c = 0; c < cn; c++) *(T *)(d + c * cs[0]) = *(const T *)(s + c * cs[1]); \
    }                                                                                      \
  }
DEFINE_MOVE_BLOCK(8, uint8_t)
DEFINE_MOVE_BLOCK(16, uint16_t)
DEFINE_MOVE_BLOCK(64, uint64_t)
typedef struct th_bytes16 { uint64_t lo, hi; } th_bytes16; /* complex128 as bits */
DEFINE_MOVE_BLOCK(128, th_bytes16)

#ifdef __SSE2__
#include <emmintrin.h>

/* A 4x4 block of 4-byte elements: dst rows are 4 contiguous elements (ds
 * bytes apart), src the transpose (its columns contiguous, ss apart). */
static inline void transpose4x4(char *d, ptrdiff_t ds, const char *s, ptrdiff_t ss) {
  __m128 a = _mm_loadu_ps((const float *)s);
  __m128 b = _mm_loadu_ps((const float *)(s + ss));
  __m128 c = _mm_loadu_ps((const float *)(s + 2 * ss));
  __m128 e = _mm_loadu_ps((const float *)(s + 3 * ss));
  _MM_TRANSPOSE4_PS(a, b, c, e); /* shuffles only: any 4-byte bits pass unchanged */
  _mm_storeu_ps((float *)d, a);
  _mm_storeu_ps((float *)(d + ds), b);
  _mm_storeu_ps((float *)(d + 2 * ds), c);
  _mm_storeu_ps((float *)(d + 3 * ds), e);
}
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TH_HAVE_AVX2_KERNEL 1

/* An 8x8 block of 4-byte elements (AVX2 shuffles), as transpose4x4. */
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

/* Rows r0.. of a transposing block in 8x8 steps; returns the first row left. */
__attribute__((target("avx2"))) static int64_t transpose_rows_avx2(
    char *dst, const char *src, const ptrdiff_t *rs, const ptrdiff_t *cs, int64_t r0,
    int64_t r1, int64_t c8) {
  int64_t r = r0;
  for (; r + 8 <= r1; r += 8)
    for (int64_t c = 0; c < c8; c += 8)
      transpose8x8(dst + r * rs[0] + c * 4, rs[0], src + r * 4 + c * cs[1], cs[1]);
  return r;
}

static int have_avx2(void) {
  static int cached = -1;
  if (cached < 0) cached = __builtin_cpu_supports("avx2") ? 1 : 0;
  return cached;
}
#endif

#ifdef TH_HAVE_AVX2_KERNEL
/* A 16x16 block of 4-byte elements through an L1 buffer, then out as whole
 * cache lines with streaming stores: no read-for-ownership of dst, and no dst
 * line evicting a src line from L1 (a power-of-two row stride maps every row
 * of a tile to the same cache set). Needs d and ds 64-byte aligned. */
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

/* A tile's src lines (256 rows of src, a 1 KiB run of each) stay in L2 until
 * the tile has read all of them. */
#define STREAM_TILE 256

/* Rows [0, r16) x columns [0, c16) of a transposing copy (dst contiguous
 * along columns, src along rows), in 16x16 blocks. */
__attribute__((target("avx2"))) static void transpose_stream(char *dst, const char *src,
                                                            const ptrdiff_t *rs,
                                                            const ptrdiff_t *cs, int64_t r16,
                                                            int64_t c16) {
  for (int64_t R = 0; R < r16; R += STREAM_TILE)
    for (int64_t C = 0; C < c16; C += STREAM_TILE)
      for (int64_t r = R; r < min64(R + STREAM_TILE, r16); r += 16)
        for (int64_t c = C; c < min64(C + STREAM_TILE, c16); c += 16)
          transpose16x16_stream(dst + r * rs[0] + c * 4, rs[0], src + r * 4 + c * cs[1], cs[1]);
  _mm_sfence(); /* streaming stores are weakly ordered: publish them before returning */
}
#endif

static inline void move_block32(char *dst, const char *src, const ptrdiff_t *rs,
                                const ptrdiff_t *cs, int64_t r0, int64_t r1, int64_t cn) {
#ifdef __SSE2__
  /* the transposing case: dst contiguous along columns, src along rows */
  if (cs[0] == 4 && rs[1] == 4) {
    int64_t r = r0, c4 = cn & ~(int64_t)3;
#ifdef TH_HAVE_AVX2_KERNEL
    if (have_avx2() && (cn & 7) == 0) r = transpose_rows_avx2(dst, src, rs, cs, r0, r1, cn);
#endif
    for (; r + 4 <= r1; r += 4) {
      for (int64_t c = 0; c < c4; c += 4)
        transpose4x4(dst + r * rs[0] + c * 4, rs[0], src + r * 4 + c * cs[1], cs[1]);
      for (int64_t c = c4; c < cn; c++)
        for (int64_t i = r; i < r + 4; i++)
          *(uint32_t *)(dst + i * rs[0] + c * 4) = *(const uint32_t *)(src + i * 4 + c * cs[1]);
    }
    r0 = r; /* the last rows, if not a multiple of 4, below */
  }
#endif
  for (int64_t r = r0; r < r1; r++) {
    char *d = dst + r * rs[0];
    const char *s = src + r * rs[1];
    for (int64_t c = 0; c < cn; c++) *(uint32_t *)(d + c * cs[0]) = *(const uint32_t *)(s + c * cs[1]);
  }
}

DEFINE_TILED_MOVE(8, uint8_t)
DEFINE_TILED_MOVE(16, uint16_t)
DEFINE_TILED_MOVE(32, uint32_t)
DEFINE_TILED_MOVE(64, uint64_t)
DEFINE_TILED_MOVE(128, th_bytes16)
#undef DEFINE_TILED_MOVE
#undef DEFINE_MOVE_BLOCK

/* tiled_move32 for copies larger than the caches: memory traffic, not
 * shuffles, bounds a big transpose, so full 16x16 blocks are streamed to dst
 * (transpose_stream) and the ragged edges go through tiled_move32. */
static void tiled_move32_stream(char **data, const ptrdiff_t *rs, const ptrdiff_t *cs,
                                int64_t nrows, int64_t ncols, void *ctx) {
#ifdef TH_HAVE_AVX2_KERNEL
  int64_t r16 = nrows & ~(int64_t)15, c16 = ncols & ~(int64_t)15;
  if (cs[0] == 4 && rs[1] == 4 && rs[0] % 64 == 0 && (uintptr_t)data[0] % 64 == 0 &&
      r16 > 0 && c16 > 0 && have_avx2()) {
    transpose_stream(data[0], data[1], rs, cs, r16, c16);
    char *right[2] = {data[0] + c16 * cs[0], data[1] + c16 * cs[1]};
    if (c16 < ncols) tiled_move32(right, rs, cs, r16, ncols - c16, ctx);
    char *bottom[2] = {data[0] + r16 * rs[0], data[1] + r16 * rs[1]};
    if (r16 < nrows) tiled_move32(bottom, rs, cs, nrows - r16, ncols, ctx);
    return;
  }
#endif
  tiled_move32(data, rs, cs, nrows, ncols, ctx);
}

static void tiled_cast(char **data, const ptrdiff_t *rs, const ptrdiff_t *cs, int64_t nrows,
                       int64_t ncols, void *ctx) {
  th_cast_loop cast = (th_cast_loop)ctx;
  for (int64_t r0 = 0; r0 < nrows; r0 += TILE) {
    int64_t r1 = min64(r0 + TILE, nrows);
    for (int64_t c0 = 0; c0 < ncols; c0 += TILE)
      for (int64_t r = r0; r < r1; r++)
        cast(data[0] + r * rs[0] + c0 * cs[0], cs[0], data[1] + r * rs[1] + c0 * cs[1], cs[1],
             min64(TILE, ncols - c0));
  }
}

/* The dim to tile with the inner one, or -1: tiling pays when src's inner
 * stride jumps past a cache line and another dim of src is denser. */
static int tile_dim(const THIter *it) {
  if (it->nDimension < 2) return -1;
  int inner = it->nDimension - 1, best = -1;
  ptrdiff_t src_inner = it->stride[1][inner];
  if (src_inner <= 64) return -1;
  for (int d = 0; d < inner; d++) {
    ptrdiff_t sd = it->stride[1][d];
    if (it->size[d] > 1 && sd > 0 && sd < src_inner && (best < 0 || sd < it->stride[1][best]))
      best = d;
  }
  return best;
}

/* How one copy runs: chosen once, then applied to the whole iteration space
 * or to each thread's part of it. */
typedef struct CopyPlan {
  const THIter *it;
  int tile;         /* dim tiled with the inner one, or -1 */
  int same;         /* same dtype: move bytes */
  int stream;       /* dst larger than the caches: streaming stores pay */
  size_t elsize;    /* dst's */
  th_cast_loop cast;
} CopyPlan;

static void copy_run(const THIter *it, const CopyPlan *p) {
  static const th_iter_loop2d moves[17] = {[1] = tiled_move8, [2] = tiled_move16,
                                           [4] = tiled_move32, [8] = tiled_move64,
                                           [16] = tiled_move128};
  if (p->tile >= 0 && p->same) {
    th_iter_loop2d move = p->stream && p->elsize == 4 ? tiled_move32_stream : moves[p->elsize];
    th_iter_run_2d(it, p->tile, move, NULL);
  } else if (p->tile >= 0)
    th_iter_run_2d(it, p->tile, tiled_cast, (void *)p->cast);
  else if (p->same)
    th_iter_run(it, copy_same_loop, (void *)(uintptr_t)p->elsize);
  else
    th_iter_run(it, cast_loop, (void *)p->cast);
}

static void copy_chunk(int64_t begin, int64_t end, void *ctx) {
  const CopyPlan *p = ctx;
  THIter part;
  th_iter_restrict(p->it, begin, end, &part);
  copy_run(&part, p);
}

/* The copy proper: dst and src do not overlap, shapes already checked.
 * fresh_dst: dst was just allocated, so its pages are not mapped yet; the
 * kernel zeroes each page at its first write, leaving its lines in cache,
 * where plain stores beat streaming ones (which would first write the
 * zeroes back). */
void th_copy_strided(THTensor *dst, char *src_data, THScalarType st,
                     const int64_t *src_strides, int fresh_dst) {
  THScalarType dt = dst->storage->dtype;
  const int64_t *strides[2] = {th_strides(dst), src_strides};
  char *data[2] = {th_tensor_bytes(dst), src_data};
  size_t elsize[2] = {THScalarType_elementSize(dt), THScalarType_elementSize(st)};
  THIter it;
  th_iter_init(&it, 2, dst->nDimension, th_sizes(dst), strides, data, elsize);
  int64_t bytes = it.numel * (int64_t)(elsize[0] + elsize[1]);
  int stream = !fresh_dst && it.numel * (int64_t)elsize[0] >= TH_STREAM_MIN_BYTES;
  CopyPlan plan = {&it, tile_dim(&it), dt == st, stream, elsize[0], th_cast_loops[dt][st]};
  if (stream && plan.tile < 0 && th_cast_loop_streaming(dt, st))
    plan.cast = th_cast_loop_streaming(dt, st);
  if (bytes < TH_PARALLEL_MIN_BYTES || it.numel == 0) {
    copy_run(&it, &plan);
    return;
  }
  /* split the outermost dim; tiles and cache lines stay whole */
  int64_t grain = plan.tile == 0 ? TILE : it.nDimension == 1 ? 4096 : 1;
  th_parallel_for(it.size[0], grain, copy_chunk, &plan);
}

static void copy_kernel(THTensor *dst, const THTensor *src, const int64_t *src_strides,
                        int fresh_dst) {
  th_copy_strided(dst, th_tensor_bytes(src), src->storage->dtype, src_strides, fresh_dst);
}

int THTensor_copy(THTensor *dst, THTensor *src) {
  int64_t src_strides[TH_MAX_DIMS];
  TH_CHECK_TENSOR(dst, -1);
  TH_CHECK_TENSOR(src, -1);
  if (broadcast_strides(dst, src, src_strides, __func__)) return -1;
  if (th_tensor_numel(dst) == 0) return 0;
  if (has_stride_zero_overlap(dst)) {
    TH_ERR(TH_ERROR_VALUE,
           "dst has elements that share memory (a dimension with stride 0); copying into "
           "it is ambiguous: make it contiguous first");
    return -1;
  }
  if (dst->storage->dtype == src->storage->dtype && THTensor_isSetTo(dst, src)) return 0;
  if (!may_overlap(dst, src)) {
    copy_kernel(dst, src, src_strides, 0);
    return 0;
  }
  /* dst and src share memory: read all of src before writing (numpy) */
  THTensor *tmp = th_tensor_new_with_size(src->storage->dtype, src->nDimension, th_sizes(src), NULL,
                                          __func__);
  if (!tmp) return -1;
  copy_kernel(tmp, src, th_strides(src), 1);
  int64_t tmp_strides[TH_MAX_DIMS];
  broadcast_strides(dst, tmp, tmp_strides, __func__); /* same shape as src: cannot fail */
  copy_kernel(dst, tmp, tmp_strides, 0);
  THTensor_free(tmp);
  return 0;
}

/* --------------------------------------------------------------- copies */

THTensor *THTensor_newClone(THTensor *tensor) {
  TH_CHECK_TENSOR(tensor, NULL);
  THTensor *t = th_tensor_new_with_size(tensor->storage->dtype, tensor->nDimension, th_sizes(tensor),
                                        NULL, __func__);
  if (!t) return NULL;
  copy_kernel(t, tensor, th_strides(tensor), 1); /* a fresh tensor cannot overlap */
  return t;
}

THTensor *THTensor_newContiguous(THTensor *tensor) {
  TH_CHECK_TENSOR(tensor, NULL);
  if (THTensor_isContiguous(tensor)) {
    THTensor_retain(tensor);
    return tensor;
  }
  return THTensor_newClone(tensor);
}
