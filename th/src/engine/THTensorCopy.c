/* Element kernels over whole tensors: fill and copy (with broadcasting and
 * dtype conversion), both driven by the strided iterator. */
#include <stdio.h>
#include <string.h>

#include "core/THFillImpl.h"
#include "core/THParallelImpl.h"
#include "core/THScalarImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCastImpl.h"
#include "engine/THCopyImpl.h"
#include "engine/THExprImpl.h"
#include "engine/THIterImpl.h"
#include "engine/THStreamImpl.h"
#include "engine/THTransposeImpl.h"

/* ------------------------------------------------------------- streaming */

_Atomic int64_t th_stream_min;

/* Half the last-level cache that cpu 0 sees (sysfs: glibc's sysconf gave
 * a whole EPYC's L3, 320 MiB, where one core complex shares 32), from 4 to
 * 16 MiB; 4 MiB where sysfs does not say. Not more than 16: a VM may be
 * shown its host's whole L3 (480 MiB on a 2-vCPU Xeon), of which it keeps
 * far less: there 16M float32 a + 1 took 8.8 ms with plain stores and 5.3
 * streamed, while dsts of 16 MiB and less ran as fast either way. */
int64_t th_stream_default_bytes(void) {
  int64_t l3 = 0;
  for (int index = 0; index < 8 && l3 == 0; index++) {
    char path[96], size[32] = "", unit = 0;
    int level = 0;
    long long n = 0;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/level", index);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    int ok = fscanf(f, "%d", &level) == 1;
    fclose(f);
    if (!ok || level != 3) continue;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", index);
    if (!(f = fopen(path, "r"))) continue;
    ok = fscanf(f, "%31s", size) == 1;
    fclose(f);
    if (ok && sscanf(size, "%lld%c", &n, &unit) >= 1 && n > 0)
      l3 = (int64_t)n * (unit == 'K' ? 1 << 10 : unit == 'M' ? 1 << 20 : 1);
  }
  int64_t half = l3 / 2 < ((int64_t)1 << 30) ? l3 / 2 : 0;
  if (half > ((int64_t)16 << 20)) half = (int64_t)16 << 20;
  return half > ((int64_t)4 << 20) ? half : (int64_t)4 << 20;
}

/* ------------------------------------------------------------------ fill */

/* Fill and copy are stores of one constant or one tensor through the
 * expression engine (THExprEval.c), which checks overlap and runs the
 * move kernels here (th_fill_tensor, th_copy_strided) for them. */

typedef struct FillCtx {
  size_t elsize;
  const void *pattern;
  const THIter *it; /* the whole fill, which fill_chunk takes a part of */
} FillCtx;

static void fill_loop(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  const FillCtx *f = ctx;
  th_fill_strided(data[0], strides[0], n, f->elsize, f->pattern);
}

static void fill_chunk(int64_t begin, int64_t end, void *ctx) {
  const FillCtx *f = ctx;
  THIter part;
  th_iter_restrict(f->it, begin, end, &part);
  th_iter_run(&part, fill_loop, ctx);
}

/* From TH_PARALLEL_MIN_BYTES the outermost dim is split across th's
 * threads: one thread's stores stop short of the memory's bandwidth (1M
 * float32 zeros: 0.14 ms on 1 thread, torch's 0.10 on 2) */
void th_fill_tensor(THTensor *t, const void *pattern) {
  const int64_t *strides[1] = {th_strides(t)};
  char *data[1] = {th_tensor_bytes(t)};
  THIter it;
  FillCtx f = {THScalarType_elementSize(t->storage->dtype), pattern, &it};
  th_iter_init(&it, 1, t->nDimension, th_sizes(t), strides, data, &f.elsize);
  if (it.numel * (int64_t)f.elsize < TH_PARALLEL_MIN_BYTES)
    th_iter_run(&it, fill_loop, &f);
  else
    th_parallel_for(it.size[0], it.nDimension == 1 ? 4096 : 1, fill_chunk, &f);
}

/* self = the element (of self's dtype), through the engine. */
static int fill_element(THTensor *self, const th_element *element, const char *fn) {
  THExpr scalar;
  th_expr_scalar_init(&scalar, self->storage->dtype, element);
  return th_expr_store(self, &scalar, fn);
}

int THTensor_fill(THTensor *self, double value) {
  TH_CHECK_TENSOR(self, -1);
  th_element e;
  if (th_scalar_from_double(self->storage->dtype, value, &e, __func__)) return -1;
  return fill_element(self, &e, __func__);
}

int THTensor_fillInt64(THTensor *self, int64_t value) {
  TH_CHECK_TENSOR(self, -1);
  th_element e;
  if (th_scalar_from_int64(self->storage->dtype, value, &e, __func__)) return -1;
  return fill_element(self, &e, __func__);
}

int THTensor_fillElement(THTensor *self, const void *element) {
  TH_CHECK_TENSOR(self, -1);
  THRequire(element, -1, TH_ERROR_VALUE, "%s: element is NULL", __func__);
  th_element e = {{0}};
  memcpy(&e, element, THScalarType_elementSize(self->storage->dtype));
  return fill_element(self, &e, __func__);
}

/* ------------------------------------------------------------------ copy */

/* src's strides broadcast to dst's shape (0 for stretched dims), or -1 with
 * RuntimeError (torch's) when src cannot be broadcast to it. */
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
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "src of shape %s cannot be broadcast to dst of shape %s", a, b);
    return -1;
  }
  return 0;
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

#define DEFINE_TILED_MOVE(BITS, T)                                                          \
  static void tiled_move##BITS(char **data, const ptrdiff_t *rs, const ptrdiff_t *cs,     \
                               int64_t nrows, int64_t ncols, void *ctx) {                 \
    (void)ctx;                                                                             \
    for (int64_t r0 = 0; r0 < nrows; r0 += TILE) {                                         \
      int64_t r1 = th_min64(r0 + TILE, nrows);                                             \
      for (int64_t c0 = 0; c0 < ncols; c0 += TILE)                                         \
        move_block##BITS(data[0] + c0 * cs[0], data[1] + c0 * cs[1], rs, cs, r0, r1,       \
                         th_min64(TILE, ncols - c0));                                      \
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

static inline void move_block32(char *dst, const char *src, const ptrdiff_t *rs,
                                const ptrdiff_t *cs, int64_t r0, int64_t r1, int64_t cn) {
  if (cs[0] == 4 && rs[1] == 4) { /* transposing: dst contiguous along columns, src along rows */
    th_transpose32(dst + r0 * rs[0], rs[0], src + r0 * 4, cs[1], r1 - r0, cn);
    return;
  }
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
 * (th_transpose32_stream) and the ragged edges go through tiled_move32.
 * The first few rows of dst are moved apart when src's rows do not start on
 * a cache line (numpy's large blocks start 16 bytes into a page): then every
 * 8-element load of the blocks stays within one line. */
static void tiled_move32_stream(char **data, const ptrdiff_t *rs, const ptrdiff_t *cs,
                                int64_t nrows, int64_t ncols, void *ctx) {
  int64_t peel = (int64_t)((64 - (uintptr_t)data[1] % 64) % 64) / 4;
  int64_t r16 = (nrows - peel) & ~(int64_t)15, c16 = ncols & ~(int64_t)15;
  if (cs[0] == 4 && rs[1] == 4 && rs[0] % 64 == 0 && (uintptr_t)data[0] % 64 == 0 &&
      (uintptr_t)data[1] % 4 == 0 && r16 > 0 && c16 > 0 && th_have_avx2()) {
    if (peel) tiled_move32(data, rs, cs, peel, ncols, ctx);
    char *body[2] = {data[0] + peel * rs[0], data[1] + peel * rs[1]};
    th_transpose32_stream(body[0], rs[0], body[1], cs[1], r16, c16);
    char *right[2] = {body[0] + c16 * cs[0], body[1] + c16 * cs[1]};
    if (c16 < ncols) tiled_move32(right, rs, cs, r16, ncols - c16, ctx);
    char *bottom[2] = {body[0] + r16 * rs[0], body[1] + r16 * rs[1]};
    if (peel + r16 < nrows) tiled_move32(bottom, rs, cs, nrows - peel - r16, ncols, ctx);
    return;
  }
  tiled_move32(data, rs, cs, nrows, ncols, ctx);
}

static void tiled_cast(char **data, const ptrdiff_t *rs, const ptrdiff_t *cs, int64_t nrows,
                       int64_t ncols, void *ctx) {
  th_cast_loop cast = (th_cast_loop)ctx;
  for (int64_t r0 = 0; r0 < nrows; r0 += TILE) {
    int64_t r1 = th_min64(r0 + TILE, nrows);
    for (int64_t c0 = 0; c0 < ncols; c0 += TILE)
      for (int64_t r = r0; r < r1; r++)
        cast(data[0] + r * rs[0] + c0 * cs[0], cs[0], data[1] + r * rs[1] + c0 * cs[1], cs[1],
             th_min64(TILE, ncols - c0));
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
  int stream_runs;  /* a cast streamed by cast_loop_streamed */
} CopyPlan;

typedef struct StreamedCast {
  th_cast_loop cast;
  const char *src;
  ptrdiff_t src_stride;
  size_t elsize; /* dst's */
} StreamedCast;

static void fill_cast(void *ctx, int64_t i, int64_t n, char *out) {
  const StreamedCast *c = ctx;
  c->cast(out, (ptrdiff_t)c->elsize, c->src + i * c->src_stride, c->src_stride, n);
}

typedef struct StreamedCopy {
  const CopyPlan *p;
  int64_t runs; /* streamed so far */
} StreamedCopy;

/* cast_loop into a dst larger than the caches: a contiguous run of dst of a
 * chunk or more is converted a chunk at a time and streamed out
 * (th_stream_run), a shorter one converted in place. Of 4096^2
 * elements, as ratios to np.copyto of float32: int64 -> float32 1.02x
 * streamed against 1.54x, uint8 -> float32 0.34x against 0.49x, int32 ->
 * float64 0.87x against 1.09x. Not for float to integer conversions: their
 * range checks keep them busier than the memory, and a call per chunk made
 * them 15-20% slower. */
static void cast_loop_streamed(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  StreamedCopy *s = ctx;
  const CopyPlan *p = s->p;
  if (strides[0] != (ptrdiff_t)p->elsize || n * (int64_t)p->elsize < TH_STREAM_CHUNK) {
    p->cast(data[0], strides[0], data[1], strides[1], n);
    return;
  }
  StreamedCast c = {p->cast, data[1], strides[1], p->elsize};
  s->runs += th_stream_run(data[0], p->elsize, n, fill_cast, &c);
}

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
  else if (p->stream_runs) {
    StreamedCopy s = {p, 0};
    th_iter_run(it, cast_loop_streamed, &s);
    th_stream_fence();
    atomic_fetch_add_explicit(&th_streamed_runs, s.runs, memory_order_relaxed);
  } else
    th_iter_run(it, cast_loop, (void *)p->cast);
}

static void copy_chunk(int64_t begin, int64_t end, void *ctx) {
  const CopyPlan *p = ctx;
  THIter part;
  th_iter_restrict(p->it, begin, end, &part);
  copy_run(&part, p);
}

/* The copy proper: dst and src do not overlap, shapes already checked.
 * A dst larger than the caches gets streaming stores where a kernel has
 * them, also a freshly allocated one: a transpose into fresh pages measured
 * 1.85-1.91x clone() streamed against 2.31-2.60x with plain stores (the
 * zeroed lines are evicted before the tiles write them; both in 256 x 256
 * tiles, before the strips of th_transpose32_stream). */
void th_copy_strided(THTensor *dst, char *src_data, THScalarType st,
                     const int64_t *src_strides) {
  THScalarType dt = dst->storage->dtype;
  const int64_t *strides[2] = {th_strides(dst), src_strides};
  char *data[2] = {th_tensor_bytes(dst), src_data};
  size_t elsize[2] = {THScalarType_elementSize(dt), THScalarType_elementSize(st)};
  THIter it;
  th_iter_init(&it, 2, dst->nDimension, th_sizes(dst), strides, data, elsize);
  int64_t bytes = it.numel * (int64_t)(elsize[0] + elsize[1]);
  int stream = it.numel * (int64_t)elsize[0] >= th_stream_min_bytes();
  CopyPlan plan = {&it, tile_dim(&it), dt == st, stream, elsize[0], th_cast_loops[dt][st], 0};
  plan.stream_runs = plan.tile < 0 && !plan.same &&
                     th_can_stream(data[0], elsize[0], it.numel * (int64_t)elsize[0]) &&
                     !(th_is_integral(dt) && !th_is_integral(st));
  if (bytes < TH_PARALLEL_MIN_BYTES || it.numel == 0) {
    copy_run(&it, &plan);
    return;
  }
  /* split the outermost dim; tiles and cache lines stay whole */
  int64_t grain = plan.tile == 0 ? TILE : it.nDimension == 1 ? 4096 : 1;
  th_parallel_for(it.size[0], grain, copy_chunk, &plan);
}

/* reshape: a view when the strides can express the shape (the geometry is
 * the core's), else a view of a contiguous copy */
THTensor *THTensor_newReshape(THTensor *tensor, int nDimension, const int64_t *size) {
  int64_t shape[TH_MAX_DIMS], stride[TH_MAX_DIMS];
  TH_CHECK_TENSOR(tensor, NULL);
  int viewable = th_reshape_geometry(tensor, nDimension, size, shape, stride, __func__);
  if (viewable < 0) return NULL;
  THTensor *src = viewable ? tensor : THTensor_newClone(tensor);
  if (!src) return NULL;
  if (!viewable) { /* contiguous: always a view */
    int64_t wanted[TH_MAX_DIMS];
    memcpy(wanted, shape, sizeof(int64_t) * (size_t)nDimension);
    th_reshape_geometry(src, nDimension, wanted, shape, stride, __func__);
  }
  THTensor *result = th_tensor_new_view(src, nDimension, __func__);
  for (int d = 0; result && d < nDimension; d++) {
    th_sizes(result)[d] = shape[d];
    th_strides(result)[d] = stride[d];
  }
  if (!viewable) THTensor_free(src);
  return result;
}

int THTensor_freeCopyTo(THTensor *self, THTensor *dst) {
  if (TH_UNLIKELY(TH_TENSOR_IS_DEAD(self))) {
    th_report_dead_tensor(self, __func__);
    /* stolen: a live tensor over a dead storage still holds our reference */
    if (atomic_load_explicit(&self->refcount, memory_order_relaxed) > 0) THTensor_free(self);
    return -1;
  }
  int result = THTensor_copy(dst, self);
  THTensor_free(self);
  return result;
}

int THTensor_copy(THTensor *dst, THTensor *src) {
  int64_t src_strides[TH_MAX_DIMS];
  TH_CHECK_TENSOR(dst, -1);
  TH_CHECK_TENSOR(src, -1);
  if (broadcast_strides(dst, src, src_strides, __func__)) return -1;
  if (th_storage_check_not_readonly(dst->storage, "dst", __func__)) return -1;
  if (th_tensor_numel(dst) == 0) return 0;
  if (th_check_writable(dst, "dst", __func__)) return -1;
  if (dst->storage->dtype == src->storage->dtype && THTensor_isSetTo(dst, src)) return 0;
  /* the engine reads all of src first where it shares memory with dst */
  THExpr leaf;
  th_expr_leaf_init(&leaf, src);
  return th_expr_store(dst, &leaf, __func__);
}

/* --------------------------------------------------------------- copies */

THTensor *THTensor_newClone(THTensor *tensor) {
  TH_CHECK_TENSOR(tensor, NULL);
  THTensor *t = th_tensor_new_with_size(tensor->storage->dtype, tensor->nDimension, th_sizes(tensor),
                                        NULL, __func__);
  if (!t) return NULL;
  THExpr leaf;
  th_expr_leaf_init(&leaf, tensor);
  if (th_expr_store(t, &leaf, __func__)) {
    THTensor_free(t);
    return NULL;
  }
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
