/* The gather family and advanced indexing (see THTensorIndex.h).
 *
 * Every operation is two steps: the index entries are checked and turned
 * into a table of byte offsets into the indexed tensor (index_offsets), then
 * one walk moves elements between the indexed tensor, read through that
 * table, and a plain strided operand (walk). Elements move by element size,
 * so every dtype, present or future, takes the same path. All checks, and
 * the table, come before anything is written. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "core/THCpuImpl.h"
#include "core/THMemoryImpl.h"
#include "core/THParallelImpl.h"
#include "core/THScalarImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "math/THAccumulateImpl.h"
#include "TH/THTensorIndex.h"

/* A tensor's sizes and strides, a 0-dim tensor seen as one dim of size 1. */
typedef struct Dims {
  int n;
  int64_t size[TH_MAX_DIMS];
  int64_t stride[TH_MAX_DIMS];
} Dims;

static void dims_of(Dims *g, const THTensor *t) {
  g->n = t->nDimension > 0 ? t->nDimension : 1;
  g->size[0] = 1;
  g->stride[0] = 0;
  memcpy(g->size, th_sizes(t), sizeof(int64_t) * (size_t)t->nDimension);
  memcpy(g->stride, th_strides(t), sizeof(int64_t) * (size_t)t->nDimension);
}

static inline size_t elsize(const THTensor *t) {
  return THScalarType_elementSize(t->storage->dtype);
}

/* ------------------------------------------------------------- checks */

static int check_index_dtype(const THTensor *index, THErrorKind kind, const char *fn) {
  THScalarType t = index->storage->dtype;
  if (t == TH_INT64 || t == TH_INT32) return 0;
  TH_ERR_FN(kind, fn, "index must be an int64 (or int32) tensor, got %s", THScalarType_name(t));
  return -1;
}

static int check_mask_dtype(const THTensor *mask, const char *fn) {
  if (mask->storage->dtype == TH_BOOL) return 0;
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "mask must be a bool tensor, got %s",
            THScalarType_name(mask->storage->dtype));
  return -1;
}

static int check_same_dtype(const THTensor *self, const THTensor *other, const char *what,
                            const char *fn) {
  if (self->storage->dtype == other->storage->dtype) return 0;
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s must have self's dtype %s, got %s", what,
            THScalarType_name(self->storage->dtype), THScalarType_name(other->storage->dtype));
  return -1;
}

static int check_vector_index(const THTensor *index, const char *fn) {
  if (check_index_dtype(index, TH_ERROR_RUNTIME, fn)) return -1;
  if (index->nDimension <= 1) return 0;
  TH_ERR_FN(TH_ERROR_INDEX, fn, "index must be 0- or 1-dim, got %d dims", index->nDimension);
  return -1;
}

/* Strides (elements) of t broadcast to n sizes (0 where stretched), or -1
 * with kind reporting "<what> of shape [..] cannot be broadcast to [..]". */
static int broadcast_to(const THTensor *t, int n, const int64_t *size, int64_t *out,
                        THErrorKind kind, const char *what, const char *fn) {
  int lead = n - t->nDimension, ok = lead >= 0;
  for (int d = 0; ok && d < n; d++) {
    int s = d - lead;
    if (s < 0 || th_sizes(t)[s] == 1)
      out[d] = 0;
    else if (th_sizes(t)[s] == size[d])
      out[d] = th_strides(t)[s];
    else
      ok = 0;
  }
  if (ok) return 0;
  char a[256], b[256];
  th_format_shape(a, sizeof a, t->nDimension, th_sizes(t));
  th_format_shape(b, sizeof b, n, size);
  TH_ERR_FN(kind, fn, "%s of shape %s cannot be broadcast to %s", what, a, b);
  return -1;
}

/* The broadcast of shape (n, size) into (*bn, bsize), or -1. */
static int broadcast_shape(int *bn, int64_t *bsize, int n, const int64_t *size) {
  if (n > *bn) {
    memmove(bsize + (n - *bn), bsize, sizeof(int64_t) * (size_t)*bn);
    for (int d = 0; d < n - *bn; d++) bsize[d] = 1;
    *bn = n;
  }
  for (int d = 0; d < n; d++) {
    int64_t *b = &bsize[*bn - n + d];
    if (size[d] == *b || size[d] == 1) continue;
    if (*b != 1) return -1;
    *b = size[d];
  }
  return 0;
}

/* ------------------------------------------------------ offset tables */

/* k index tensors read over one broadcast shape, each entry checked
 * against its dim's size and scaled by its dim's stride. */
typedef struct IndexSet {
  int k;
  const THTensor *idx[TH_MAX_DIMS];
  int64_t istride[TH_MAX_DIMS][TH_MAX_DIMS]; /* per index, bytes per broadcast dim */
  int dim[TH_MAX_DIMS];                     /* the indexed dim, for messages */
  int64_t limit[TH_MAX_DIMS];               /* its size */
  int64_t stride[TH_MAX_DIMS];              /* its stride, in elements */
  int bnd;
  int64_t bsize[TH_MAX_DIMS];
} IndexSet;

static int64_t product(int n, const int64_t *size) {
  int64_t p = 1;
  for (int d = 0; d < n; d++) p *= size[d];
  return p;
}

static inline int64_t read_index(const char *p, THScalarType t) {
  if (t == TH_INT64) {
    int64_t v;
    memcpy(&v, p, sizeof v);
    return v;
  }
  int32_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

/* n entries of one index (step elements apart) checked against [lo, lim)
 * and turned into offsets entry * mul, set into off or added to it (BASE):
 * loops without branches, so that they vectorise. Returns nonzero when an
 * entry is out of range. */
#define INDEX_RUN(NAME, T, BASE)                                                       \
  TH_CLONES_AVX512 static int NAME(int64_t *restrict off, const T *restrict ix,         \
                                   ptrdiff_t step, int64_t n, int64_t lo, int64_t lim,  \
                                   int64_t mul) {                                       \
    int bad = 0;                                                                        \
    for (int64_t i = 0; i < n; i++) {                                                   \
      int64_t v = ix[i * step];                                                         \
      bad |= (v >= lim) | (v < lo);                                                     \
      /* unsigned: an entry out of range may overflow; its offset is never used */      \
      uint64_t o = (uint64_t)(v + (v < 0 ? lim : 0)) * (uint64_t)mul;                    \
      off[i] = (int64_t)(BASE + o);                                                     \
    }                                                                                   \
    return bad;                                                                         \
  }
INDEX_RUN(index_run_set_i64, int64_t, 0)
INDEX_RUN(index_run_add_i64, int64_t, (uint64_t)off[i])
INDEX_RUN(index_run_set_i32, int32_t, 0)
INDEX_RUN(index_run_add_i32, int32_t, (uint64_t)off[i])

/* index_offsets' table run by run of the innermost broadcast dim; nonzero
 * when an entry is out of range (the table is then unfinished). */
static int offsets_by_runs(const IndexSet *s, int64_t *off, int64_t n, int wrap, size_t es) {
  int last = s->bnd - 1;
  int64_t inner = s->bnd ? s->bsize[last] : 1;
  const char *p[TH_MAX_DIMS];
  int64_t count[TH_MAX_DIMS] = {0};
  for (int k = 0; k < s->k; k++) p[k] = th_tensor_bytes(s->idx[k]);
  for (int64_t b = 0; b < n; b += inner) {
    for (int k = 0; k < s->k; k++) {
      int64_t lim = s->limit[k], lo = wrap ? -lim : 0, mul = s->stride[k] * (int64_t)es;
      int i64 = s->idx[k]->storage->dtype == TH_INT64;
      ptrdiff_t step = s->bnd ? (ptrdiff_t)(s->istride[k][last] / (i64 ? 8 : 4)) : 0;
      int bad = i64 ? (k ? index_run_add_i64 : index_run_set_i64)(
                          off + b, (const int64_t *)p[k], step, inner, lo, lim, mul)
                    : (k ? index_run_add_i32 : index_run_set_i32)(
                          off + b, (const int32_t *)p[k], step, inner, lo, lim, mul);
      if (bad) return -1;
    }
    for (int d = last - 1; d >= 0; d--) { /* odometer over the outer dims */
      for (int k = 0; k < s->k; k++) p[k] += s->istride[k][d];
      if (++count[d] < s->bsize[d]) break;
      for (int k = 0; k < s->k; k++) p[k] -= s->istride[k][d] * s->bsize[d];
      count[d] = 0;
    }
  }
  return 0;
}

static void offsets_free(int64_t *off) { THDefaultAllocator.free(NULL, off); }

/* The byte offsets (elements of es bytes) of every position of the
 * broadcast index shape, row-major, in a table for offsets_free; NULL with
 * kind for an entry outside [0, limit) ([-limit, limit) when wrap), the
 * first such entry named. */
static int64_t *index_offsets(const IndexSet *s, int wrap, THErrorKind kind, size_t es,
                              const char *fn) {
  int64_t n = product(s->bnd, s->bsize);
  /* from the default allocator: a big table is then reused, on huge pages
   * (a fresh 32 MiB table for 4M entries took longer than the gather) */
  int64_t *off = THDefaultAllocator.malloc(NULL, (ptrdiff_t)sizeof(int64_t) * (n > 0 ? n : 1));
  if (!off) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate a table of %lld index offsets",
              (long long)n);
    return NULL;
  }
  if (n == 0 || (s->k > 0 && offsets_by_runs(s, off, n, wrap, es) == 0)) return off;
  /* an entry is out of range: the walk below, element by element, names the first */
  const char *p[TH_MAX_DIMS];
  int64_t count[TH_MAX_DIMS] = {0};
  for (int k = 0; k < s->k; k++) p[k] = th_tensor_bytes(s->idx[k]);
  for (int64_t b = 0; b < n; b++) {
    int64_t o = 0;
    for (int k = 0; k < s->k; k++) {
      int64_t v = read_index(p[k], s->idx[k]->storage->dtype), lim = s->limit[k];
      if (TH_UNLIKELY(v >= lim || v < (wrap ? -lim : 0))) {
        TH_ERR_FN(kind, fn, "index %lld is out of bounds for dim %d with size %lld",
                  (long long)v, s->dim[k], (long long)lim);
        offsets_free(off);
        return NULL;
      }
      o += (v < 0 ? v + lim : v) * s->stride[k];
    }
    off[b] = o * (int64_t)es;
    for (int d = s->bnd - 1; d >= 0; d--) { /* odometer */
      for (int k = 0; k < s->k; k++) p[k] += s->istride[k][d];
      if (++count[d] < s->bsize[d]) break;
      for (int k = 0; k < s->k; k++) p[k] -= s->istride[k][d] * s->bsize[d];
      count[d] = 0;
    }
  }
  return off;
}

/* One index tensor of its own shape (0-dim: one entry) for dim of g. */
static void one_index(IndexSet *s, const THTensor *index, const Dims *g, int dim) {
  size_t ies = elsize(index);
  s->k = 1;
  s->idx[0] = index;
  s->dim[0] = dim;
  s->limit[0] = g->size[dim];
  s->stride[0] = g->stride[dim];
  s->bnd = index->nDimension;
  for (int d = 0; d < index->nDimension; d++) {
    s->bsize[d] = th_sizes(index)[d];
    s->istride[0][d] = th_strides(index)[d] * (int64_t)ies;
  }
}

/* --------------------------------------------------------------- walks */

typedef enum WalkOp {
  OP_GET,         /* operand 1 = operand 0 */
  OP_PUT,         /* operand 0 = operand 1 */
  OP_FILL,        /* operand 0 = pattern */
  OP_MASKED_FILL, /* operand 0 = pattern where operand 1 (bool) */
  OP_COUNT,       /* counts the true elements of operand 1 (bool) */
  OP_MASKED_GET,  /* appends operand 0 to out where operand 1 (bool) */
  OP_ACCUMULATE   /* operand 0 op= operand 1 (the walk's accumulate, alpha) */
} WalkOp;

#define TABLE_FLAT (-1) /* operand 0 reads offsets[n] at its n-th element */
#define TABLE_NONE (-2)

typedef struct Walk {
  int nd; /* >= 1 */
  int64_t size[TH_MAX_DIMS];
  ptrdiff_t step[2][TH_MAX_DIMS]; /* bytes; 0 for operand 0 along the table dim */
  int table;                      /* operand 0's dim read through offsets, or TABLE_* */
  const int64_t *offsets;
  WalkOp op;
  size_t es;
  const void *pattern;
  int64_t n; /* elements met (TABLE_FLAT), true elements (OP_COUNT, OP_MASKED_GET) */
  char *out;
  th_accumulate accumulate; /* OP_ACCUMULATE's */
  double alpha;
  th_accumulate_run run; /* OP_ACCUMULATE's over a contiguous run, or NULL */
} Walk;

static inline void move_element(char *dst, const char *src, size_t es) {
  switch (es) { /* fixed sizes become single moves */
    case 1: *dst = *src; break;
    case 2: memcpy(dst, src, 2); break;
    case 4: memcpy(dst, src, 4); break;
    case 8: memcpy(dst, src, 8); break;
    case 16: memcpy(dst, src, 16); break;
    default: memcpy(dst, src, es);
  }
}

static void walk(Walk *w, int d, char *p0, char *p1) {
  int64_t n = w->size[d];
  ptrdiff_t s0 = w->step[0][d], s1 = w->step[1][d];
  if (d < w->nd - 1) {
    for (int64_t i = 0; i < n; i++)
      walk(w, d + 1, p0 + i * s0 + (d == w->table ? w->offsets[i] : 0), p1 + i * s1);
    return;
  }
  size_t es = w->es;
  if (w->op == OP_COUNT && w->table == TABLE_NONE) { /* a mask's run: no switch per element */
    int64_t c = 0;
    for (int64_t i = 0; i < n; i++) c += p1[i * s1] != 0;
    w->n += c;
    return;
  }
  if (w->op == OP_MASKED_GET && w->table == TABLE_NONE && (es == 4 || es == 8 || es == 1 ||
                                                           es == 2)) {
    char *out = w->out + es * (size_t)w->n;
    int64_t c = 0;
    for (int64_t i = 0; i < n; i++)
      if (p1[i * s1]) memcpy(out + es * (size_t)c++, p0 + i * s0, es);
    w->n += c;
    return;
  }
  if ((w->op == OP_GET || w->op == OP_PUT) && w->table != d && w->table != TABLE_FLAT &&
      s0 == (ptrdiff_t)es && s1 == (ptrdiff_t)es) { /* a contiguous run */
    if (w->op == OP_GET)
      memcpy(p1, p0, (size_t)n * es);
    else
      memcpy(p0, p1, (size_t)n * es);
    return;
  }
  if (w->op == OP_GET && w->table == d && s1 == (ptrdiff_t)es && (es == 4 || es == 8)) {
    /* a gather along the innermost dim (x[:, idx]): one loop per size */
    const int64_t *off = w->offsets;
    if (es == 4)
      for (int64_t i = 0; i < n; i++) memcpy(p1 + 4 * i, p0 + i * s0 + off[i], 4);
    else
      for (int64_t i = 0; i < n; i++) memcpy(p1 + 8 * i, p0 + i * s0 + off[i], 8);
    return;
  }
  if (w->op == OP_ACCUMULATE && w->run && w->table != d && w->table != TABLE_FLAT &&
      s0 == (ptrdiff_t)es && s1 == (ptrdiff_t)es) { /* index_add_'s rows */
    w->run(p0, p1, n);
    return;
  }
  for (int64_t i = 0; i < n; i++) {
    char *a = p0 + i * s0;
    if (w->table == TABLE_FLAT)
      a += w->offsets[w->n++];
    else if (w->table == d)
      a += w->offsets[i];
    char *b = p1 + i * s1;
    switch (w->op) {
      case OP_GET: move_element(b, a, es); break;
      case OP_PUT: move_element(a, b, es); break;
      case OP_FILL: move_element(a, w->pattern, es); break;
      case OP_MASKED_FILL:
        if (*b) move_element(a, w->pattern, es);
        break;
      case OP_COUNT: w->n += *b != 0; break;
      case OP_MASKED_GET:
        if (*b) move_element(w->out + es * (size_t)w->n++, a, es);
        break;
      case OP_ACCUMULATE: w->accumulate(a, b, w->alpha); break;
    }
  }
}

/* A walk over g's shape: operand 0 with strides s0, operand 1 with s1 (in
 * elements; NULL: none). */
static void walk_init(Walk *w, WalkOp op, size_t es, const Dims *g, const int64_t *s0,
                      const int64_t *s1) {
  w->nd = g->n;
  w->op = op;
  w->es = es;
  w->table = TABLE_NONE;
  w->offsets = NULL;
  w->pattern = NULL;
  w->n = 0;
  w->out = NULL;
  w->accumulate = NULL;
  w->alpha = 1;
  w->run = NULL;
  for (int d = 0; d < g->n; d++) {
    w->size[d] = g->size[d];
    w->step[0][d] = s0 ? s0[d] * (ptrdiff_t)es : 0;
    w->step[1][d] = s1 ? s1[d] * (ptrdiff_t)es : 0;
  }
}

/* A part of a walk: positions [begin, end) of its dim 0. */
typedef struct WalkPart {
  const Walk *w;
  char *p0, *p1;
} WalkPart;

static void walk_part(int64_t begin, int64_t end, void *ctx) {
  const WalkPart *part = ctx;
  Walk w = *part->w;
  w.size[0] = end - begin;
  if (w.table == 0) w.offsets += begin;
  walk(&w, 0, part->p0 + begin * w.step[0][0], part->p1 + begin * w.step[1][0]);
}

static void walk_run(Walk *w, char *p0, char *p1) {
  int64_t numel = 1;
  for (int d = 0; d < w->nd; d++) numel *= w->size[d];
  if (numel == 0) return;
  /* a big read through a table is split over dim 0 across threads: each
   * part writes its own elements (a write, a flat table or a count runs in
   * order) */
  if (w->op == OP_GET && w->table != TABLE_FLAT &&
      numel * (int64_t)w->es >= TH_PARALLEL_MIN_BYTES) {
    WalkPart part = {w, p0, p1};
    th_parallel_for(w->size[0], 1, walk_part, &part);
    return;
  }
  walk(w, 0, p0, p1);
}

/* ------------------------------------------------------ result helpers */

/* A new contiguous tensor of src's dtype over n sizes (0-dim when n == 0),
 * its strides as Dims (a 0-dim tensor as one dim). */
static THTensor *new_result(const THTensor *src, int n, const int64_t *size, Dims *g,
                            const char *fn) {
  THTensor *r = th_tensor_new_with_size(src->storage->dtype, n, size, NULL, fn);
  if (r) dims_of(g, r);
  return r;
}

/* TH's result forms: result takes r's shape (contiguous, unless it has that
 * shape already: then through its own strides) and values. */
static int into_result(THTensor *result, THTensor *r, const char *fn) {
  if (!r) return -1;
  int rc = th_resize_result(result, r->nDimension, th_sizes(r), fn);
  if (rc == 0) rc = THTensor_copy(result, r);
  THTensor_free(r);
  return rc;
}

static int check_result(THTensor *result, THTensor *src, const char *fn) {
  TH_CHECK_TENSOR_AS(result, fn, -1);
  TH_CHECK_TENSOR_AS(src, fn, -1);
  return check_same_dtype(src, result, "result", fn);
}

/* A new result of n sizes = src (strides src_stride) read through the
 * table off (along dim, or per element, as table says). Frees off. */
static THTensor *new_gathered(THTensor *src, int n, const int64_t *size,
                              const int64_t *src_stride, int dim, int table, int64_t *off,
                              const char *fn) {
  Dims rg;
  THTensor *r = new_result(src, n, size, &rg, fn);
  if (r) {
    Walk w;
    walk_init(&w, OP_GET, elsize(src), &rg, src_stride, rg.stride);
    w.step[0][dim] = 0;
    w.table = table;
    w.offsets = off;
    walk_run(&w, th_tensor_bytes(src), th_tensor_bytes(r));
  }
  offsets_free(off);
  return r;
}

/* src itself (retained), or a copy when it shares self's storage: a
 * scatter reads all of it before writing. */
static THTensor *new_source(THTensor *self, THTensor *src) {
  if (src->storage != self->storage) {
    THTensor_retain(src);
    return src;
  }
  return THTensor_newClone(src);
}

/* The writes of scatter and indexCopy/indexFill, over shape: self (strides
 * self_stride, dim read through the table off, as table says) = src's
 * elements, or pattern when src is NULL. Frees off, also on error. */
static int write_through(THTensor *self, THTensor *src, const void *pattern, const Dims *shape,
                         const int64_t *self_stride, int dim, int table, int64_t *off,
                         th_accumulate accumulate, double alpha) {
  THTensor *source = src ? new_source(self, src) : NULL;
  if (src && !source) {
    offsets_free(off);
    return -1;
  }
  Dims gs;
  if (source) dims_of(&gs, source);
  Walk w;
  walk_init(&w, accumulate ? OP_ACCUMULATE : source ? OP_PUT : OP_FILL, elsize(self), shape,
            self_stride, source ? gs.stride : NULL);
  w.step[0][dim] = 0;
  w.table = table;
  w.offsets = off;
  w.pattern = pattern;
  w.accumulate = accumulate;
  w.alpha = alpha;
  THScalarType dtype = self->storage->dtype;
  if (accumulate && alpha == 1 && accumulate == th_accumulator(TH_REDUCE_SUM, dtype))
    w.run = th_sum_run(dtype);
  walk_run(&w, th_tensor_bytes(self), source ? th_tensor_bytes(source) : NULL);
  THTensor_free(source);
  offsets_free(off);
  return 0;
}

/* ---------------------------------------------------------- indexSelect */

THTensor *THTensor_newIndexSelect(THTensor *src, int dim, THTensor *index) {
  TH_CHECK_TENSOR(src, NULL);
  TH_CHECK_TENSOR(index, NULL);
  Dims g;
  IndexSet s;
  dims_of(&g, src);
  if ((dim = th_wrap_dim(dim, g.n, "dim", __func__)) < 0) return NULL;
  if (check_vector_index(index, __func__)) return NULL;
  /* a 0-dim src has one slice to select: torch takes exactly one entry
   * (0-dim or 1-dim index) and gives a 0-dim result */
  if (src->nDimension == 0 && th_tensor_numel(index) != 1) {
    TH_ERR_FN(TH_ERROR_RUNTIME, __func__, "index of a 0-dim src must hold exactly 1 value "
              "(Index to scalar can have only 1 value), got %lld",
              (long long)th_tensor_numel(index));
    return NULL;
  }
  one_index(&s, index, &g, dim);
  size_t es = elsize(src);
  int64_t *off = index_offsets(&s, 0, TH_ERROR_INDEX, es, __func__);
  if (!off) return NULL;
  int64_t size[TH_MAX_DIMS];
  memcpy(size, g.size, sizeof(int64_t) * (size_t)g.n);
  size[dim] = product(s.bnd, s.bsize);
  int n = src->nDimension == 0 ? 0 : g.n;
  return new_gathered(src, n, size, g.stride, dim, dim, off, __func__);
}

int THTensor_indexSelect(THTensor *result, THTensor *src, int dim, THTensor *index) {
  if (check_result(result, src, __func__)) return -1;
  return into_result(result, THTensor_newIndexSelect(src, dim, index), __func__);
}

/* ------------------------------------------------------ gather, scatter */

/* gather and scatter's shape rules: index has self's dims (0-dim counting
 * as 1), is no larger than self outside dim and than src (if any) in every
 * dim. Fills s with index's table for dim of g (self's Dims). */
static int gather_check(const THTensor *self, int *dim, const THTensor *index,
                        const THTensor *src, Dims *g, IndexSet *s, const char *fn) {
  Dims gi, gs;
  dims_of(g, self);
  dims_of(&gi, index);
  if ((*dim = th_wrap_dim(*dim, g->n, "dim", fn)) < 0) return -1;
  if (check_index_dtype(index, TH_ERROR_RUNTIME, fn)) return -1;
  if (gi.n != g->n) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "index must have as many dims as self (%d), got %d",
              g->n, gi.n);
    return -1;
  }
  if (src) dims_of(&gs, src);
  if (src && gs.n != g->n) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "src must have as many dims as self (%d), got %d", g->n,
              gs.n);
    return -1;
  }
  for (int d = 0; d < g->n; d++) {
    if (d != *dim && gi.size[d] > g->size[d]) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "index's size %lld at dim %d is larger than self's %lld",
                (long long)gi.size[d], d, (long long)g->size[d]);
      return -1;
    }
    if (src && gi.size[d] > gs.size[d]) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "index's size %lld at dim %d is larger than src's %lld",
                (long long)gi.size[d], d, (long long)gs.size[d]);
      return -1;
    }
  }
  one_index(s, index, g, *dim);
  return 0;
}

/* A gather's new result filled in one pass over index, each entry read,
 * checked and followed as it comes (no table of offsets: a gather writes
 * only its fresh result, which an error frees). */
static THTensor *gather_direct(THTensor *src, int dim, THTensor *index, const Dims *g,
                               const char *fn) {
  Dims gi, rg;
  dims_of(&gi, index);
  THTensor *r = new_result(src, index->nDimension, th_sizes(index), &rg, fn);
  if (!r || product(gi.n, gi.size) == 0) return r;
  size_t es = elsize(src);
  THScalarType it = index->storage->dtype;
  int last = gi.n - 1;
  int64_t inner = gi.size[last], lim = g->size[dim], at[TH_MAX_DIMS] = {0};
  ptrdiff_t istep = gi.stride[last] * (ptrdiff_t)elsize(index);
  ptrdiff_t sdim = g->stride[dim] * (ptrdiff_t)es;
  ptrdiff_t sinner = last == dim ? 0 : g->stride[last] * (ptrdiff_t)es;
  const char *ibase = th_tensor_bytes(index), *sbase = th_tensor_bytes(src);
  char *out = th_tensor_bytes(r);
  int64_t rows = product(gi.n, gi.size) / inner;
  for (int64_t k = 0; k < rows; k++) {
    ptrdiff_t ioff = 0, soff = 0;
    for (int d = 0; d < last; d++) {
      ioff += at[d] * gi.stride[d] * (ptrdiff_t)elsize(index);
      if (d != dim) soff += at[d] * g->stride[d] * (ptrdiff_t)es;
    }
    const char *ip = ibase + ioff, *sp = sbase + soff;
    for (int64_t j = 0; j < inner; j++, out += es) {
      int64_t v = read_index(ip + j * istep, it);
      if (TH_UNLIKELY(v < 0 || v >= lim)) {
        TH_ERR_FN(TH_ERROR_RUNTIME, fn, "index %lld is out of bounds for dim %d with size %lld",
                  (long long)v, dim, (long long)lim);
        THTensor_free(r);
        return NULL;
      }
      move_element(out, sp + j * sinner + v * sdim, es);
    }
    for (int d = last - 1; d >= 0; d--) { /* the next row */
      if (++at[d] < gi.size[d]) break;
      at[d] = 0;
    }
  }
  return r;
}

THTensor *THTensor_newGather(THTensor *src, int dim, THTensor *index) {
  TH_CHECK_TENSOR(src, NULL);
  TH_CHECK_TENSOR(index, NULL);
  Dims g;
  IndexSet s;
  if (gather_check(src, &dim, index, NULL, &g, &s, __func__)) return NULL;
  return gather_direct(src, dim, index, &g, __func__);
}

int THTensor_gather(THTensor *result, THTensor *src, int dim, THTensor *index) {
  if (check_result(result, src, __func__)) return -1;
  return into_result(result, THTensor_newGather(src, dim, index), __func__);
}

/* scatter with src (OP_PUT, or accumulate when given) or with pattern (OP_FILL). */
/* The rows of index (all dims but the last) in row-major order: at[] the
 * row's coordinates; 0 when there are none left. */
static int next_row(int64_t *at, const Dims *gi) {
  for (int d = gi->n - 2; d >= 0; d--) {
    if (++at[d] < gi->size[d]) return 1;
    at[d] = 0;
  }
  return 0;
}

/* A scatter's writes over rows [begin, end) of index. */
typedef struct ScatterRows {
  const Dims *g, *gi, *gs; /* self's, index's, src's (NULL: a pattern) */
  int dim;
  size_t es, ies;
  THScalarType it;
  int f32; /* a float32 sum: inline, no call per element */
  th_accumulate accumulate;
  char *self;
  const char *src, *index;
} ScatterRows;

static void scatter_rows(int64_t begin, int64_t end, void *ctx) {
  const ScatterRows *w = ctx;
  const Dims *g = w->g, *gi = w->gi, *gs = w->gs;
  int last = gi->n - 1, dim = w->dim;
  size_t es = w->es, ies = w->ies;
  int64_t inner = gi->size[last];
  ptrdiff_t istep = gi->stride[last] * (ptrdiff_t)ies, sdim = g->stride[dim] * (ptrdiff_t)es;
  ptrdiff_t sinner = last == dim ? 0 : g->stride[last] * (ptrdiff_t)es;
  ptrdiff_t srcinner = gs ? gs->stride[last] * (ptrdiff_t)es : 0;
  for (int64_t k = begin; k < end; k++) {
    ptrdiff_t ioff = 0, soff = 0, srcoff = 0;
    int64_t rest = k;
    for (int d = last - 1; d >= 0; d--) { /* row k's coordinates */
      int64_t at = rest % gi->size[d];
      rest /= gi->size[d];
      ioff += at * gi->stride[d] * (ptrdiff_t)ies;
      if (d != dim) soff += at * g->stride[d] * (ptrdiff_t)es;
      if (gs) srcoff += at * gs->stride[d] * (ptrdiff_t)es;
    }
    const char *ip = w->index + ioff, *from = gs ? w->src + srcoff : w->src;
    char *to = w->self + soff;
    if (w->f32 && gs && w->it == TH_INT64 && sinner == 0 && istep == 8 && srcinner == 4) {
      /* a float32 row summed into a row of self by int64 indices, both
       * contiguous: the loads of a few elements ahead overlap the sums */
      const int64_t *ix = (const int64_t *)(const void *)ip;
      const float *sp = (const float *)(const void *)from;
      int64_t j = 0;
      for (; j + 4 <= inner; j += 4) {
        int64_t v0 = ix[j], v1 = ix[j + 1], v2 = ix[j + 2], v3 = ix[j + 3];
        float b0 = sp[j], b1 = sp[j + 1], b2 = sp[j + 2], b3 = sp[j + 3];
        float *d0 = (float *)(void *)(to + v0 * sdim), *d1 = (float *)(void *)(to + v1 * sdim);
        float *d2 = (float *)(void *)(to + v2 * sdim), *d3 = (float *)(void *)(to + v3 * sdim);
        *d0 += b0; /* in order: two entries may name one element */
        *d1 += b1;
        *d2 += b2;
        *d3 += b3;
      }
      for (; j < inner; j++) *(float *)(void *)(to + ix[j] * sdim) += sp[j];
      continue;
    }
    if (w->f32 && gs && w->it == TH_INT64) { /* a float32 sum by int64 indices: no branch */
      for (int64_t j = 0; j < inner; j++) {
        int64_t v;
        float a, b;
        memcpy(&v, ip + j * istep, sizeof v);
        char *dst = to + j * sinner + v * sdim;
        memcpy(&a, dst, 4), memcpy(&b, from + j * srcinner, 4);
        a += b;
        memcpy(dst, &a, 4);
      }
      continue;
    }
    for (int64_t j = 0; j < inner; j++) {
      char *dst = to + j * sinner + read_index(ip + j * istep, w->it) * sdim;
      const char *val = gs ? from + j * srcinner : from;
      if (w->f32) {
        float a, b;
        memcpy(&a, dst, 4), memcpy(&b, val, 4);
        a += b;
        memcpy(dst, &a, 4);
      } else if (w->accumulate) {
        w->accumulate(dst, val, 1);
      } else {
        move_element(dst, val, es);
      }
    }
  }
}

/* 1 when one of the n index entries at p (step bytes apart, of dtype it)
 * is outside [0, lim): two comparisons each and no branch, so that a
 * contiguous row is checked in vector lanes (AVX2's 64-bit compare). */
TH_CLONES_AVX2 static int row_out_of_bounds(const char *p, ptrdiff_t step, int64_t n,
                                            THScalarType it, int64_t lim) {
  int bad = 0;
  if (it == TH_INT64 && step == (ptrdiff_t)sizeof(int64_t)) {
    const int64_t *q = (const int64_t *)(const void *)p;
    for (int64_t j = 0; j < n; j++) bad |= (q[j] < 0) | (q[j] >= lim);
  } else if (it == TH_INT32 && step == (ptrdiff_t)sizeof(int32_t)) {
    const int32_t *q = (const int32_t *)(const void *)p;
    for (int64_t j = 0; j < n; j++) bad |= (q[j] < 0) | ((int64_t)q[j] >= lim);
  } else {
    for (int64_t j = 0; j < n; j++) {
      int64_t v = read_index(p + j * step, it);
      bad |= (v < 0) | (v >= lim);
    }
  }
  return bad;
}

/* Rows [begin, end) of a scatter's index checked (rows on threads: the
 * check reads all of index before anything is written). */
typedef struct IndexCheck {
  const Dims *gi;
  const char *index;
  size_t ies;
  THScalarType it;
  int64_t lim;
  atomic_int bad;
} IndexCheck;

static void check_rows(int64_t begin, int64_t end, void *ctx) {
  IndexCheck *c = ctx;
  const Dims *gi = c->gi;
  int last = gi->n - 1;
  int64_t inner = gi->size[last];
  ptrdiff_t istep = gi->stride[last] * (ptrdiff_t)c->ies;
  for (int64_t k = begin; k < end; k++) {
    ptrdiff_t ioff = 0;
    int64_t rest = k;
    for (int d = last - 1; d >= 0; d--) { /* row k's coordinates */
      ioff += rest % gi->size[d] * gi->stride[d] * (ptrdiff_t)c->ies;
      rest /= gi->size[d];
    }
    if (row_out_of_bounds(c->index + ioff, istep, inner, c->it, c->lim)) {
      atomic_store_explicit(&c->bad, 1, memory_order_relaxed);
      return;
    }
  }
}

/* scatter with src (OP_PUT, or accumulate when given) or with pattern
 * (OP_FILL): every entry of index checked first (self is left unchanged by
 * an error), then one pass that follows each entry as it comes. */
static int scatter(THTensor *self, int dim, THTensor *index, THTensor *src, const void *pattern,
                   th_accumulate accumulate, const char *fn) {
  Dims g, gi, gs;
  IndexSet s;
  if (th_check_writable(self, "self", fn)) return -1;
  if (src && check_same_dtype(self, src, "src", fn)) return -1;
  if (gather_check(self, &dim, index, src, &g, &s, fn)) return -1;
  dims_of(&gi, index);
  if (product(gi.n, gi.size) == 0) return 0;
  size_t es = elsize(self), ies = elsize(index);
  THScalarType it = index->storage->dtype;
  int last = gi.n - 1;
  int64_t inner = gi.size[last], lim = g.size[dim], at[TH_MAX_DIMS] = {0};
  const char *ibase = th_tensor_bytes(index);
  ptrdiff_t istep = gi.stride[last] * (ptrdiff_t)ies;
  int64_t rows = product(gi.n, gi.size) / inner;
  IndexCheck check = {&gi, ibase, ies, it, lim, 0};
  th_parallel_for(rows, 1 + TH_PARALLEL_MIN_BYTES / (inner * (int64_t)ies + 1), check_rows,
                  &check);
  if (atomic_load(&check.bad)) {
    do { /* the first bad entry, for the message */
      ptrdiff_t ioff = 0;
      for (int d = 0; d < last; d++) ioff += at[d] * gi.stride[d] * (ptrdiff_t)ies;
      for (int64_t j = 0; j < inner; j++) {
        int64_t v = read_index(ibase + ioff + j * istep, it);
        if (v < 0 || v >= lim) {
          TH_ERR_FN(TH_ERROR_RUNTIME, fn, "index %lld is out of bounds for dim %d with size %lld",
                    (long long)v, dim, (long long)lim);
          return -1;
        }
      }
    } while (next_row(at, &gi));
  }
  THTensor *source = src ? new_source(self, src) : NULL;
  if (src && !source) return -1;
  if (source) dims_of(&gs, source);
  ScatterRows w = {&g, &gi, source ? &gs : NULL, dim, es, ies, it,
                   accumulate && accumulate == th_accumulator(TH_REDUCE_SUM, TH_FLOAT32),
                   accumulate, th_tensor_bytes(self), source ? th_tensor_bytes(source) : pattern,
                   ibase};
  /* along the last dim each row of index writes its own row of self: the
   * rows may go to threads; otherwise two rows can write one element, in
   * order */
  if (dim == last && rows > 1)
    th_parallel_for(rows, 1 + TH_PARALLEL_MIN_BYTES / (inner * (int64_t)(es + ies) + 1),
                    scatter_rows, &w);
  else
    scatter_rows(0, rows, &w);
  THTensor_free(source);
  return 0;
}

int THTensor_scatter(THTensor *self, int dim, THTensor *index, THTensor *src) {
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  TH_CHECK_TENSOR(src, -1);
  return scatter(self, dim, index, src, NULL, NULL, __func__);
}

/* One element of self's dtype holding value: room for any element size. */
int THTensor_scatterFill(THTensor *self, int dim, THTensor *index, double value) {
  th_element p;
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  if (th_scalar_from_double(self->storage->dtype, value, &p, __func__)) return -1;
  return scatter(self, dim, index, NULL, &p, NULL, __func__);
}

int THTensor_scatterFillInt64(THTensor *self, int dim, THTensor *index, int64_t value) {
  th_element p;
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  if (th_scalar_from_int64(self->storage->dtype, value, &p, __func__)) return -1;
  return scatter(self, dim, index, NULL, &p, NULL, __func__);
}

int THTensor_scatterFillElement(THTensor *self, int dim, THTensor *index, const void *element) {
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  THRequire(element, -1, TH_ERROR_VALUE, "%s: element is NULL", __func__);
  return scatter(self, dim, index, NULL, element, NULL, __func__);
}

static th_accumulate accumulator_for(const THTensor *self, THReduce reduce, const char *fn) {
  th_accumulate a = th_accumulator(reduce, self->storage->dtype);
  if (!a)
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "%s is not supported for %s",
              reduce == TH_REDUCE_AMAX ? "amax" : reduce == TH_REDUCE_AMIN ? "amin" : "this reduction",
              THScalarType_name(self->storage->dtype));
  return a;
}

static int index_put_along(THTensor *self, int dim, THTensor *index, THTensor *src,
                           const void *pattern, th_accumulate accumulate, double alpha,
                           const char *fn);

/* A float16 or bfloat16 self accumulates as torch's does: in float32
 * copies of self and src, self rounded once at the end (along: indexAdd's
 * slices, else scatter's elements). */
static int accumulate_in_float(THTensor *self, int dim, THTensor *index, THTensor *src,
                               THReduce reduce, double alpha, int along, const char *fn) {
  if (th_check_writable(self, "self", fn) || check_same_dtype(self, src, "src", fn)) return -1;
  THTensor *wide = th_tensor_new_with_size(TH_FLOAT32, self->nDimension, th_sizes(self), NULL, fn);
  THTensor *wide_src = wide ? th_tensor_new_with_size(TH_FLOAT32, src->nDimension, th_sizes(src),
                                                      NULL, fn) : NULL;
  th_accumulate a = th_accumulator(reduce, TH_FLOAT32);
  int rc = !wide_src || THTensor_copy(wide, self) || THTensor_copy(wide_src, src) ? -1 : 0;
  if (!rc)
    rc = along ? index_put_along(wide, dim, index, wide_src, NULL, a, alpha, fn)
               : scatter(wide, dim, index, wide_src, NULL, a, fn);
  if (!rc) rc = THTensor_copy(self, wide);
  THTensor_free(wide_src);
  THTensor_free(wide);
  return rc;
}

static int is_half_type(THScalarType t) { return t == TH_FLOAT16 || t == TH_BFLOAT16; }

int THTensor_scatterAdd(THTensor *self, int dim, THTensor *index, THTensor *src) {
  return THTensor_scatterReduce(self, dim, index, src, TH_REDUCE_SUM);
}

int THTensor_scatterReduce(THTensor *self, int dim, THTensor *index, THTensor *src,
                           THReduce reduce) {
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  TH_CHECK_TENSOR(src, -1);
  th_accumulate a = accumulator_for(self, reduce, __func__);
  if (a && is_half_type(self->storage->dtype) && reduce <= TH_REDUCE_PROD)
    return accumulate_in_float(self, dim, index, src, reduce, 1, 0, __func__);
  return a ? scatter(self, dim, index, src, NULL, a, __func__) : -1;
}

/* ------------------------------------------------ indexCopy, indexFill */

/* self's slices index[i] of dim = src's slice i (OP_PUT) or pattern. */
static int index_put_along(THTensor *self, int dim, THTensor *index, THTensor *src,
                           const void *pattern, th_accumulate accumulate, double alpha,
                           const char *fn) {
  Dims g, gs;
  IndexSet s;
  if (th_check_writable(self, "self", fn)) return -1;
  dims_of(&g, self);
  if ((dim = th_wrap_dim(dim, g.n, "dim", fn)) < 0) return -1;
  if (check_vector_index(index, fn)) return -1;
  one_index(&s, index, &g, dim);
  int64_t count = product(s.bnd, s.bsize);
  if (src) {
    if (check_same_dtype(self, src, "src", fn)) return -1;
    dims_of(&gs, src);
    if (gs.n != g.n) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "src must have as many dims as self (%d), got %d", g.n,
                gs.n);
      return -1;
    }
    if (gs.size[dim] != count) {
      TH_ERR_FN(TH_ERROR_INDEX, fn, "the number of indices (%lld) must equal src's size at "
                "dim %d (%lld)", (long long)count, dim, (long long)gs.size[dim]);
      return -1;
    }
    for (int d = 0; d < g.n; d++)
      if (d != dim && gs.size[d] != g.size[d]) {
        TH_ERR_FN(TH_ERROR_RUNTIME, fn, "src's size %lld at dim %d differs from self's %lld",
                  (long long)gs.size[d], d, (long long)g.size[d]);
        return -1;
      }
  }
  size_t es = elsize(self);
  int64_t *off = index_offsets(&s, pattern != NULL, TH_ERROR_INDEX, es, fn);
  if (!off) return -1;
  Dims shape = g;
  shape.size[dim] = count;
  return write_through(self, src, pattern, &shape, g.stride, dim, dim, off, accumulate, alpha);
}

int THTensor_indexCopy(THTensor *self, int dim, THTensor *index, THTensor *src) {
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  TH_CHECK_TENSOR(src, -1);
  return index_put_along(self, dim, index, src, NULL, NULL, 1, __func__);
}

int THTensor_indexAdd(THTensor *self, int dim, THTensor *index, THTensor *src, double alpha) {
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  TH_CHECK_TENSOR(src, -1);
  th_accumulate a = accumulator_for(self, TH_REDUCE_SUM, __func__);
  /* torch: a 1-dim self adds element by element in its dtype's arithmetic;
   * otherwise alpha 1 on a half type accumulates in float, any other alpha
   * adds slice by slice, each sum rounded to the type */
  if (a && self->nDimension <= 1) a = th_serial_sum(self->storage->dtype);
  else if (a && is_half_type(self->storage->dtype) && alpha == 1)
    return accumulate_in_float(self, dim, index, src, TH_REDUCE_SUM, alpha, 1, __func__);
  return a ? index_put_along(self, dim, index, src, NULL, a, alpha, __func__) : -1;
}

int THTensor_indexFill(THTensor *self, int dim, THTensor *index, double value) {
  th_element p;
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  if (th_scalar_from_double(self->storage->dtype, value, &p, __func__)) return -1;
  return index_put_along(self, dim, index, NULL, &p, NULL, 1, __func__);
}

int THTensor_indexFillInt64(THTensor *self, int dim, THTensor *index, int64_t value) {
  th_element p;
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  if (th_scalar_from_int64(self->storage->dtype, value, &p, __func__)) return -1;
  return index_put_along(self, dim, index, NULL, &p, NULL, 1, __func__);
}

int THTensor_indexFillElement(THTensor *self, int dim, THTensor *index, const void *element) {
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(index, -1);
  THRequire(element, -1, TH_ERROR_VALUE, "%s: element is NULL", __func__);
  return index_put_along(self, dim, index, NULL, element, NULL, 1, __func__);
}

/* ---------------------------------------------------------------- masks */

static int masked_fill(THTensor *self, THTensor *mask, const void *pattern, const char *fn) {
  Dims g;
  int64_t mstride[TH_MAX_DIMS];
  if (check_mask_dtype(mask, fn) || th_check_writable(self, "self", fn)) return -1;
  if (broadcast_to(mask, self->nDimension, th_sizes(self), mstride, TH_ERROR_RUNTIME, "mask",
                   fn))
    return -1;
  dims_of(&g, self);
  if (self->nDimension == 0) mstride[0] = 0;
  Walk w;
  walk_init(&w, OP_MASKED_FILL, elsize(self), &g, g.stride, NULL);
  for (int d = 0; d < g.n; d++) w.step[1][d] = mstride[d]; /* bools: 1 byte */
  w.pattern = pattern;
  walk_run(&w, th_tensor_bytes(self), th_tensor_bytes(mask));
  return 0;
}

int THTensor_maskedFill(THTensor *self, THTensor *mask, double value) {
  th_element p;
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(mask, -1);
  if (th_scalar_from_double(self->storage->dtype, value, &p, __func__)) return -1;
  return masked_fill(self, mask, &p, __func__);
}

int THTensor_maskedFillInt64(THTensor *self, THTensor *mask, int64_t value) {
  th_element p;
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(mask, -1);
  if (th_scalar_from_int64(self->storage->dtype, value, &p, __func__)) return -1;
  return masked_fill(self, mask, &p, __func__);
}

int THTensor_maskedFillElement(THTensor *self, THTensor *mask, const void *element) {
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(mask, -1);
  THRequire(element, -1, TH_ERROR_VALUE, "%s: element is NULL", __func__);
  return masked_fill(self, mask, element, __func__);
}

THTensor *THTensor_newMaskedSelect(THTensor *src, THTensor *mask) {
  TH_CHECK_TENSOR(src, NULL);
  TH_CHECK_TENSOR(mask, NULL);
  if (check_mask_dtype(mask, __func__)) return NULL;
  Dims g = {0};
  int64_t sstride[TH_MAX_DIMS], mstride[TH_MAX_DIMS];
  int bn = 0;
  int64_t bsize[TH_MAX_DIMS];
  if (broadcast_shape(&bn, bsize, src->nDimension, th_sizes(src)) ||
      broadcast_shape(&bn, bsize, mask->nDimension, th_sizes(mask))) {
    char a[256], b[256];
    th_format_shape(a, sizeof a, mask->nDimension, th_sizes(mask));
    th_format_shape(b, sizeof b, src->nDimension, th_sizes(src));
    TH_ERR(TH_ERROR_RUNTIME, "mask of shape %s does not broadcast with src of shape %s", a, b);
    return NULL;
  }
  broadcast_to(src, bn, bsize, sstride, TH_ERROR_RUNTIME, "src", __func__);
  broadcast_to(mask, bn, bsize, mstride, TH_ERROR_RUNTIME, "mask", __func__);
  g.n = bn > 0 ? bn : 1;
  g.size[0] = 1;
  sstride[0] = bn > 0 ? sstride[0] : 0;
  mstride[0] = bn > 0 ? mstride[0] : 0;
  memcpy(g.size, bsize, sizeof(int64_t) * (size_t)bn);
  Walk w;
  walk_init(&w, OP_COUNT, elsize(src), &g, sstride, NULL);
  for (int d = 0; d < g.n; d++) w.step[1][d] = mstride[d];
  walk_run(&w, th_tensor_bytes(src), th_tensor_bytes(mask));
  int64_t count = w.n;
  Dims rg;
  THTensor *r = new_result(src, 1, &count, &rg, __func__);
  if (!r) return NULL;
  w.op = OP_MASKED_GET;
  w.n = 0;
  w.out = th_tensor_bytes(r);
  walk_run(&w, th_tensor_bytes(src), th_tensor_bytes(mask));
  return r;
}

int THTensor_maskedSelect(THTensor *result, THTensor *src, THTensor *mask) {
  if (check_result(result, src, __func__)) return -1;
  return into_result(result, THTensor_newMaskedSelect(src, mask), __func__);
}

/* 1 if the element at p is not zero: for floating dtypes any bit but the
 * sign bit (the highest bit of the last byte, little-endian), else any.
 * parts: 2 for complex (each half a float: -0.0 - 0.0j is zero), else 1. */
static inline int is_nonzero(const unsigned char *p, size_t es, int floating, int parts) {
  size_t part = es / (size_t)parts;
  for (size_t at = 0; at < es; at += part) {
    for (size_t i = 0; i + 1 < part; i++)
      if (p[at + i]) return 1;
    if (p[at + part - 1] & (floating ? 0x7f : 0xff)) return 1;
  }
  return 0;
}

#define RUN_CHUNK 1024

/* The positions (< n, at most RUN_CHUNK) of the non-zero elements of a run
 * of n elements stride s bytes apart, into hits: the count. The element
 * kinds of up to 8 bytes are tested as one word (a float's sign bit
 * masked off: -0.0 is zero), the rest byte by byte. */
static int64_t nonzero_run(const unsigned char *p, ptrdiff_t s, int64_t n, size_t es,
                           int floating, int parts, int64_t *hits) {
  int64_t c = 0;
#define WORDS(T, MASK)                                        \
  for (int64_t i = 0; i < n; i++) {                           \
    T v;                                                      \
    memcpy(&v, p + i * s, sizeof v);                          \
    hits[c] = i;                                              \
    c += (v & (MASK)) != 0;                                   \
  }                                                           \
  return c;
  if (es == 1) { WORDS(uint8_t, 0xffu) }
  if (es == 2) { WORDS(uint16_t, floating ? 0x7fffu : 0xffffu) }
  if (es == 4) { WORDS(uint32_t, floating ? 0x7fffffffu : 0xffffffffu) }
  if (es == 8 && parts == 2) { WORDS(uint64_t, UINT64_C(0x7fffffff7fffffff)) }
  if (es == 8) { WORDS(uint64_t, floating ? UINT64_C(0x7fffffffffffffff) : ~UINT64_C(0)) }
#undef WORDS
  for (int64_t i = 0; i < n; i++) {
    hits[c] = i;
    c += is_nonzero(p + i * s, es, floating, parts);
  }
  return c;
}

THTensor *THTensor_newNonzero(THTensor *tensor) {
  TH_CHECK_TENSOR(tensor, NULL);
  int nd = tensor->nDimension;
  size_t es = elsize(tensor);
  int complex = THScalarType_isComplex(tensor->storage->dtype);
  int floating = complex || THScalarType_isFloatingPoint(tensor->storage->dtype);
  Dims g;
  dims_of(&g, tensor); /* a 0-dim tensor as one dim of size 1 */
  int64_t numel = th_tensor_numel(tensor), count = 0, at[TH_MAX_DIMS] = {0};
  int64_t inner = g.size[g.n - 1], rows = inner ? numel / inner : 0;
  ptrdiff_t step = g.stride[g.n - 1] * (ptrdiff_t)es;
  const unsigned char *base = (const unsigned char *)th_tensor_bytes(tensor);
  int64_t hits[RUN_CHUNK];
  /* two passes over the rows (all dims but the last): count, then write */
  for (int pass = 0; pass < 2; pass++) {
    THTensor *r = NULL;
    int64_t *out = NULL, found = 0;
    if (pass == 1) {
      int64_t rsize[2] = {count, nd};
      r = th_tensor_new_with_size(TH_INT64, 2, rsize, NULL, __func__);
      if (!r) return NULL;
      out = (int64_t *)th_tensor_bytes(r);
    }
    memset(at, 0, sizeof at);
    const unsigned char *row = base;
    for (int64_t k = 0; k < rows; k++) {
      for (int64_t i = 0; i < inner; i += RUN_CHUNK) {
        int64_t m = inner - i < RUN_CHUNK ? inner - i : RUN_CHUNK;
        int64_t c = nonzero_run(row + i * step, step, m, es, floating, complex ? 2 : 1, hits);
        if (out)
          for (int64_t h = 0; h < c; h++) {
            int64_t *o = out + (found + h) * nd;
            for (int d = 0; d < nd - 1; d++) o[d] = at[d];
            if (nd) o[nd - 1] = i + hits[h];
          }
        found += c;
      }
      for (int d = g.n - 2; d >= 0; d--) { /* the next row: an odometer over the outer dims */
        row += g.stride[d] * (ptrdiff_t)es;
        if (++at[d] < g.size[d]) break;
        row -= g.stride[d] * g.size[d] * (ptrdiff_t)es;
        at[d] = 0;
      }
    }
    if (r) return r;
    count = found;
  }
  return NULL; /* not reached */
}

/* ---------------------------------------------------- advanced indexing */

/* How src[indices] is laid out: the index tensors' table, the result's
 * shape, and where the broadcast index dims sit in it. */
typedef struct AdvPlan {
  IndexSet s;
  int nrest;                   /* dims of src not indexed */
  int rest[TH_MAX_DIMS];
  int bpos;                    /* rest dims before the index dims in the result */
  int rnd;
  int64_t rsize[TH_MAX_DIMS];  /* the result's shape */
} AdvPlan;

static int adv_plan(AdvPlan *p, const THTensor *src, THTensor *const *indices, const char *fn) {
  IndexSet *s = &p->s;
  int first = -1, last = -1;
  s->k = s->bnd = p->nrest = 0;
  for (int d = 0; d < src->nDimension; d++) {
    const THTensor *t = indices[d];
    if (!t) {
      p->rest[p->nrest++] = d;
      continue;
    }
    TH_CHECK_TENSOR_AS(t, fn, -1);
    if (check_index_dtype(t, TH_ERROR_INDEX, fn)) return -1;
    if (broadcast_shape(&s->bnd, s->bsize, t->nDimension, th_sizes(t))) {
      char a[256], b[256];
      th_format_shape(a, sizeof a, t->nDimension, th_sizes(t));
      th_format_shape(b, sizeof b, s->bnd, s->bsize);
      TH_ERR_FN(TH_ERROR_INDEX, fn, "shape mismatch: an index of shape %s cannot be broadcast "
                "with the other indices' shape %s", a, b);
      return -1;
    }
    if (first < 0) first = d;
    last = d;
    s->idx[s->k] = t;
    s->dim[s->k] = d;
    s->limit[s->k] = th_sizes(src)[d];
    s->stride[s->k] = th_strides(src)[d];
    s->k++;
  }
  if (s->k == 0) {
    TH_ERR_FN(TH_ERROR_INDEX, fn, "no index tensor given (every entry of indices is NULL)");
    return -1;
  }
  for (int k = 0; k < s->k; k++) {
    int64_t st[TH_MAX_DIMS];
    broadcast_to(s->idx[k], s->bnd, s->bsize, st, TH_ERROR_INDEX, "index", fn); /* cannot fail */
    for (int d = 0; d < s->bnd; d++) s->istride[k][d] = st[d] * (int64_t)elsize(s->idx[k]);
  }
  p->rnd = p->nrest + s->bnd;
  if (p->rnd > TH_MAX_DIMS) {
    TH_ERR_FN(TH_ERROR_INDEX, fn, "the result would have %d dims, more than %d", p->rnd,
              TH_MAX_DIMS);
    return -1;
  }
  p->bpos = 0;
  if (last - first + 1 == s->k) /* adjacent: the index dims stay in place */
    while (p->bpos < p->nrest && p->rest[p->bpos] < first) p->bpos++;
  int n = 0;
  for (int r = 0; r < p->bpos; r++) p->rsize[n++] = th_sizes(src)[p->rest[r]];
  for (int d = 0; d < s->bnd; d++) p->rsize[n++] = s->bsize[d];
  for (int r = p->bpos; r < p->nrest; r++) p->rsize[n++] = th_sizes(src)[p->rest[r]];
  return 0;
}

/* The walk over src[indices] with the index dims as one dim read through
 * offsets: operand 0 is src, operand 1 has strides ostride over the result
 * shape, which must merge over the index dims. 0 if they do not. */
static int adv_walk(Walk *w, WalkOp op, const AdvPlan *p, const THTensor *src,
                    const int64_t *ostride, const int64_t *off) {
  Dims g;
  int64_t s0[TH_MAX_DIMS], s1[TH_MAX_DIMS], merged = 0, seen = 0;
  if (product(p->rnd, p->rsize) == 0) { /* nothing to walk (an empty shape's strides need not merge) */
    g.n = 1;
    g.size[0] = 0;
    s0[0] = s1[0] = 0;
    walk_init(w, op, elsize(src), &g, s0, s1);
    return 1;
  }
  for (int d = p->bpos + p->s.bnd - 1; d >= p->bpos; d--) { /* the index dims, innermost first */
    if (p->rsize[d] == 1) continue;
    if (seen && ostride[d] != merged) return 0;
    merged = ostride[d] * p->rsize[d];
    if (!seen) s1[p->bpos] = ostride[d];
    seen = 1;
  }
  if (!seen) s1[p->bpos] = 0;
  g.n = p->nrest + 1;
  for (int r = 0; r < p->nrest; r++) {
    int at = r < p->bpos ? r : r + 1, rd = r < p->bpos ? r : r + p->s.bnd;
    g.size[at] = th_sizes(src)[p->rest[r]];
    s0[at] = th_strides(src)[p->rest[r]];
    s1[at] = ostride[rd];
  }
  g.size[p->bpos] = product(p->s.bnd, p->s.bsize);
  s0[p->bpos] = 0;
  walk_init(w, op, elsize(src), &g, s0, s1);
  w->table = p->bpos;
  w->offsets = off;
  return 1;
}

THTensor *THTensor_newIndex(THTensor *src, THTensor *const *indices) {
  TH_CHECK_TENSOR(src, NULL);
  AdvPlan p;
  if (adv_plan(&p, src, indices, __func__)) return NULL;
  int64_t *off = index_offsets(&p.s, 1, TH_ERROR_INDEX, elsize(src), __func__);
  if (!off) return NULL;
  Dims rg;
  THTensor *r = new_result(src, p.rnd, p.rsize, &rg, __func__);
  if (r) {
    Walk w;
    adv_walk(&w, OP_GET, &p, src, th_strides(r), off); /* contiguous: the dims merge */
    walk_run(&w, th_tensor_bytes(src), th_tensor_bytes(r));
  }
  offsets_free(off);
  return r;
}

static int index_put(THTensor *self, THTensor *const *indices, THTensor *values, int accumulate,
                     const char *fn);

int THTensor_indexPut(THTensor *self, THTensor *const *indices, THTensor *values) {
  return index_put(self, indices, values, 0, __func__);
}

int THTensor_indexPutAccumulate(THTensor *self, THTensor *const *indices, THTensor *values) {
  return index_put(self, indices, values, 1, __func__);
}

/* self[indices] = values, or += (accumulate) */
static int index_put(THTensor *self, THTensor *const *indices, THTensor *values, int accumulate,
                     const char *fn) {
  TH_CHECK_TENSOR_AS(self, fn, -1);
  TH_CHECK_TENSOR_AS(values, fn, -1);
  th_accumulate add = accumulate ? accumulator_for(self, TH_REDUCE_SUM, fn) : NULL;
  if (accumulate && !add) return -1;
  WalkOp op = accumulate ? OP_ACCUMULATE : OP_PUT;
  AdvPlan p;
  int64_t vstride[TH_MAX_DIMS];
  if (th_check_writable(self, "self", fn) || check_same_dtype(self, values, "values", fn) ||
      adv_plan(&p, self, indices, fn) ||
      broadcast_to(values, p.rnd, p.rsize, vstride, TH_ERROR_RUNTIME, "values", fn))
    return -1;
  int64_t *off = index_offsets(&p.s, 1, TH_ERROR_INDEX, elsize(self), fn);
  if (!off) return -1;
  Walk w;
  THTensor *source = NULL;
  if (values->storage == self->storage || !adv_walk(&w, op, &p, self, vstride, off)) {
    /* values read in full first, laid out as the result */
    source = th_tensor_new_with_size(self->storage->dtype, p.rnd, p.rsize, NULL, fn);
    if (!source || THTensor_copy(source, values)) {
      THTensor_free(source);
      offsets_free(off);
      return -1;
    }
    adv_walk(&w, op, &p, self, th_strides(source), off);
  }
  w.accumulate = add;
  walk_run(&w, th_tensor_bytes(self), th_tensor_bytes(source ? source : values));
  THTensor_free(source);
  offsets_free(off);
  return 0;
}
