/* Reductions of an expression (THTensorMath.h's THTensor_newExpr*):
 * mshadow's reduction expressions (sumall_except_dim, reduce_with_axis) at
 * run time, without the expression's value in memory.
 *
 * The expression's index space is cut into slabs of at most SLAB_BYTES of
 * its dtype, in its logical order: one index of each dim before a split dim,
 * a chunk of the split dim, all of every dim after it. Each slab is
 * evaluated by the engine into a scratch tensor (the expression rebuilt over
 * views of its tensors narrowed to the slab, so the engine's boxes, casts
 * and kernels do the work) and reduced over the same dims, keepdim, by th's
 * tensor reductions (THTensorReduce.c: float64 pairwise and blocked sums,
 * int64 sums that wrap, NaN-propagating max and min) into partial results of
 * the accumulator's dtype (float64, complex128 or int64; amax and amin:
 * the expression's own). A partial is folded into the accumulator where the
 * slab lies in it (+, *, maximum, minimum). The largest temporaries are one
 * slab, one partial and the accumulator, which has the result's size.
 *
 * Small expressions (one slab or less), expressions holding a dot node
 * (evaluated apart by the engine anyway) and empty ones are evaluated whole
 * and reduced once: the same values, and the tensor reductions' own errors
 * for empty dims. */
#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "core/THScalarImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THExprImpl.h"
#include "TH/THTensorMath.h"

/* A slab fills half of L2 (1 MiB here: 256 KiB to 2 MiB measured within
 * 10% for a sum of 2^24 float32), so the reduction reads what the engine
 * just wrote from the cache, and is long enough that the per-slab calls
 * (the rebuilt expression, a plan, a reduction) cost little beside it.
 * Tests make it small to cross many slab boundaries with few elements. */
#define SLAB_BYTES ((int64_t)512 << 10)
static _Atomic int64_t slab_bytes = SLAB_BYTES;

int64_t THTensor_exprSlabBytes(int64_t bytes) {
  return bytes > 0 ? atomic_exchange(&slab_bytes, bytes) : atomic_load(&slab_bytes);
}

enum { RED_SUM, RED_PROD, RED_MEAN, RED_AMAX, RED_AMIN, RED_NORM };

typedef struct Slab {
  int nd;
  int64_t start[TH_MAX_DIMS], len[TH_MAX_DIMS];
} Slab;

/* ---------------------------------------------------------- the windows */

/* A view of t narrowed to the slab (t's dims are the slab's last ones;
 * size-1 dims are broadcast: left whole). */
static THTensor *window_tensor(THTensor *t, const Slab *s) {
  int m = t->nDimension, lead = s->nd - m;
  int64_t size[TH_MAX_DIMS], off = t->storageOffset;
  const int64_t *sz = th_sizes(t), *st = th_strides(t);
  for (int j = 0; j < m; j++) {
    size[j] = sz[j] == 1 ? 1 : s->len[lead + j];
    if (sz[j] != 1) off += s->start[lead + j] * st[j];
  }
  return THTensor_newWithStorageNd(t->storage, off, m, size, st);
}

/* e over the slab: the same nodes over views of its tensors (scalars
 * shared), so the same dtypes; NULL with the error. */
static THExpr *window_expr(THExpr *e, const Slab *s) {
  switch (e->kind) {
    case TH_EXPR_KIND_TENSOR: {
      THTensor *v = window_tensor(e->tensor, s);
      if (!v) return NULL;
      THExpr *leaf = THExpr_newTensor(v);
      THTensor_free(v);
      return leaf;
    }
    case TH_EXPR_KIND_SCALAR:
      THExpr_retain(e);
      return e;
    case TH_EXPR_KIND_CAST:
      return THExpr_newCastMove(window_expr(e->operand[0], s), e->dtype);
    case TH_EXPR_KIND_UNARY:
      return THExpr_newUnaryMove((THExprOp)e->op, window_expr(e->operand[0], s));
    case TH_EXPR_KIND_BINARY:
      return THExpr_newBinaryMove((THExprOp)e->op, window_expr(e->operand[0], s),
                                  window_expr(e->operand[1], s));
    case TH_EXPR_KIND_TERNARY:
      return THExpr_newTernaryMove((THExprOp)e->op, window_expr(e->operand[0], s),
                                   window_expr(e->operand[1], s), window_expr(e->operand[2], s));
    default: /* dot nodes are reduced whole (reduce_whole) */
      TH_ERR(TH_ERROR_RUNTIME, "a dot node has no window");
      return NULL;
  }
}

/* -1 with the engine's error when a tensor of e changed shape or dtype
 * since its leaf was built. */
static int check_leaves(const THExpr *e, const char *fn) {
  if (e->kind == TH_EXPR_KIND_TENSOR) {
    TH_CHECK_TENSOR_AS(e->tensor, fn, -1);
    return th_expr_leaf_intact(e) ? 0 : th_expr_leaf_changed(e, fn);
  }
  for (int i = 0; i < 3; i++)
    if (e->operand[i] && check_leaves(e->operand[i], fn)) return -1;
  return 0;
}

/* ------------------------------------------------------ the tensor side */

/* The tensor reduction of op over input into result (resized), keepdim. */
static int reduce_into(int op, double p, THTensor *result, THTensor *input, int n,
                       const int *dims, int keepdim) {
  switch (op) {
    case RED_SUM: return THTensor_sum(result, input, n, dims, keepdim);
    case RED_PROD: return THTensor_prod(result, input, n, dims, keepdim);
    case RED_MEAN: return THTensor_mean(result, input, n, dims, keepdim);
    case RED_AMAX: return THTensor_amax(result, input, n, dims, keepdim);
    case RED_AMIN: return THTensor_amin(result, input, n, dims, keepdim);
    default: return THTensor_norm(result, input, p, n, dims, keepdim);
  }
}

static THTensor *reduce_new(int op, double p, THTensor *input, int n, const int *dims,
                            int keepdim) {
  switch (op) {
    case RED_SUM: return THTensor_newSum(input, n, dims, keepdim);
    case RED_PROD: return THTensor_newProd(input, n, dims, keepdim);
    case RED_MEAN: return THTensor_newMean(input, n, dims, keepdim);
    case RED_AMAX: return THTensor_newAmax(input, n, dims, keepdim);
    case RED_AMIN: return THTensor_newAmin(input, n, dims, keepdim);
    default: return THTensor_newNorm(input, p, n, dims, keepdim);
  }
}

/* e evaluated, then reduced as a tensor. */
static THTensor *reduce_whole(THExpr *e, int op, double p, int n, const int *dims,
                              int keepdim) {
  THTensor *value = THTensor_newEval(e);
  if (!value) return NULL;
  THTensor *r = reduce_new(op, p, value, n, dims, keepdim);
  THTensor_free(value);
  return r;
}

/* dst = e, dst and e's other leaves borrowed, e stolen. */
static int assign_move(THTensor *dst, THSaver saver, THExpr *e) {
  if (!e) return -1;
  int rc = THTensor_assign(dst, saver, e);
  THExpr_free(e);
  return rc;
}

/* The partial of a slab into its place of the accumulator. */
static int fold(int op, double p, THTensor *acc, THTensor *part) {
  THExpr *x = THExpr_newTensor(part);
  switch (op) {
    case RED_PROD: return assign_move(acc, TH_SAVE_MUL, x);
    case RED_AMAX:
    case RED_AMIN:
      return assign_move(acc, TH_SAVE_ASSIGN,
                         THExpr_newBinaryMove(op == RED_AMAX ? TH_EXPR_MAXIMUM : TH_EXPR_MINIMUM,
                                              THExpr_newTensor(acc), x));
    case RED_NORM: /* the partials are norms: their p-th powers add */
      if (isinf(p))
        return assign_move(acc, TH_SAVE_ASSIGN,
                           THExpr_newBinaryMove(p > 0 ? TH_EXPR_MAXIMUM : TH_EXPR_MINIMUM,
                                                THExpr_newTensor(acc), x));
      if (p != 0 && p != 1) x = THExpr_newBinaryMove(TH_EXPR_POW, x, THExpr_newWeakDouble(p));
      return assign_move(acc, TH_SAVE_ADD, x);
    default: return assign_move(acc, TH_SAVE_ADD, x);
  }
}

/* The accumulator's dtype for op over in. */
static THScalarType acc_dtype(int op, THScalarType in) {
  if (op == RED_AMAX || op == RED_AMIN) return in;
  if (op == RED_NORM) return TH_FLOAT64;
  return THScalarType_isComplex(in) ? TH_COMPLEX128
         : THScalarType_isFloatingPoint(in) ? TH_FLOAT64 : TH_INT64;
}

/* torch's result dtype of op over in (THTensorReduce.c's default_dtype). */
static THScalarType result_dtype(int op, THScalarType in) {
  if (op == RED_SUM || op == RED_PROD) return th_is_integral(in) ? TH_INT64 : in;
  return op == RED_NORM ? th_real_of(in) : in;
}

/* The accumulator's first value: the op's identity, or (amax, amin) the
 * elements at index 0 of the reduced dims. */
static int acc_start(THTensor *acc, int op, double p, THExpr *e, const int *mask) {
  if (op == RED_AMAX || op == RED_AMIN) {
    Slab first = {.nd = e->nDimension};
    for (int d = 0; d < first.nd; d++) first.len[d] = mask[d] ? 1 : e->size[d];
    return assign_move(acc, TH_SAVE_ASSIGN, window_expr(e, &first));
  }
  double identity = op == RED_PROD ? 1 : op == RED_NORM && p == -INFINITY ? INFINITY : 0;
  return THTensor_fill(acc, identity);
}

/* The accumulator's last step: mean's division, the norm's root. */
static int acc_finish(THTensor *acc, int op, double p, int64_t count) {
  if (op == RED_MEAN) {
    THExpr *n = THExpr_newWeakDouble((double)count);
    return assign_move(acc, TH_SAVE_DIV, n);
  }
  if (op != RED_NORM || p == 0 || p == 1 || isinf(p)) return 0;
  THExpr *a = THExpr_newTensor(acc);
  THExpr *root = p == 2 ? THExpr_newUnaryMove(TH_EXPR_SQRT, a)
                        : THExpr_newBinaryMove(TH_EXPR_POW, a, THExpr_newWeakDouble(1 / p));
  return assign_move(acc, TH_SAVE_ASSIGN, root);
}

/* A view of t (contiguous, of the accumulator's keepdim shape) narrowed to
 * the kept dims of slab s. */
static THTensor *acc_window(THTensor *t, const Slab *s, const int *mask) {
  int64_t size[TH_MAX_DIMS], off = t->storageOffset;
  const int64_t *st = th_strides(t);
  for (int d = 0; d < s->nd; d++) {
    size[d] = mask[d] ? 1 : s->len[d];
    if (!mask[d]) off += s->start[d] * st[d];
  }
  return THTensor_newWithStorageNd(t->storage, off, s->nd, size, st);
}

/* The slab's elements folded one for one into acc, when the slab holds
 * one element of each result (every reduced dim of length 1 in it): acc op=
 * x, no scratch and no reduction call (which would cost one call per
 * element). A norm's |x| ** p is computed in float64, as the reductions
 * compute it. x is stolen. */
static int fold_elements(int op, double p, THTensor *acc, THExpr *x) {
  if (op == RED_NORM) {
    if (p == 0) {
      x = THExpr_newBinaryMove(TH_EXPR_NE, x, THExpr_newWeakInt64(0));
    } else {
      int complex = x && THScalarType_isComplex(x->dtype);
      x = THExpr_newCastMove(x, complex ? TH_COMPLEX128 : TH_FLOAT64);
      if (complex || p != 2) x = THExpr_newUnaryMove(TH_EXPR_ABS, x);
      if (p != 1 && !isinf(p)) x = THExpr_newBinaryMove(TH_EXPR_POW, x, THExpr_newWeakDouble(p));
    }
    if (isinf(p))
      return assign_move(acc, TH_SAVE_ASSIGN,
                         THExpr_newBinaryMove(p > 0 ? TH_EXPR_MAXIMUM : TH_EXPR_MINIMUM,
                                              THExpr_newTensor(acc), x));
    return assign_move(acc, TH_SAVE_ADD, x);
  }
  if (op == RED_AMAX || op == RED_AMIN)
    return assign_move(acc, TH_SAVE_ASSIGN,
                       THExpr_newBinaryMove(op == RED_AMAX ? TH_EXPR_MAXIMUM : TH_EXPR_MINIMUM,
                                            THExpr_newTensor(acc), x));
  return assign_move(acc, op == RED_PROD ? TH_SAVE_MUL : TH_SAVE_ADD, x);
}

/* One slab: evaluated into scratch, reduced into part, folded into acc. */
static int run_slab(THExpr *e, int op, double p, const Slab *s, const int *mask, int nred,
                    const int *rdims, THStorage *scratch, THTensor *part, THTensor *acc) {
  int single = 1;
  for (int d = 0; d < s->nd; d++) single &= !mask[d] || s->len[d] == 1;
  if (single) {
    THTensor *window = acc_window(acc, s, mask);
    int rc = !window || fold_elements(op, p, window, window_expr(e, s));
    THTensor_free(window);
    return rc ? -1 : 0;
  }
  THTensor *value = THTensor_newWithStorageNd(scratch, 0, s->nd, s->len, NULL);
  THTensor *window = value ? acc_window(acc, s, mask) : NULL;
  THExpr *w = window ? window_expr(e, s) : NULL;
  /* sums and means in the accumulator's dtype (float64 for a float32 e):
   * partials are not rounded before they are added */
  int rop = op == RED_MEAN ? RED_SUM : op;
  int rc = !w || THTensor_assign(value, TH_SAVE_ASSIGN, w) ||
           reduce_into(rop, p, part, value, nred, rdims, 1) || fold(op, p, window, part);
  THExpr_free(w);
  THTensor_free(window);
  THTensor_free(value);
  return rc ? -1 : 0;
}

/* The reduced dims' mask from dims (NULL: all), checked as the tensor
 * reductions check them. */
static int parse_mask(int nd, int nDims, const int *dims, int *mask, const char *fn) {
  for (int d = 0; d < nd; d++) mask[d] = dims == NULL;
  if (!dims) return 0;
  if (nDims < 0 || nDims > TH_MAX_DIMS) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "expected 0 to %d dims, got %d", TH_MAX_DIMS, nDims);
    return -1;
  }
  for (int i = 0; i < nDims; i++) {
    int d = th_wrap_dim_scalar(dims[i], nd, "dim", fn);
    if (d < 0) return -1;
    if (mask[d]) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "dim %d appears multiple times in the list of dims", d);
      return -1;
    }
    mask[d] = 1;
  }
  return 0;
}

static THTensor *reduce_expr(THExpr *e, int op, double p, int nDims, const int *dims,
                             int keepdim, const char *fn) {
  if (!e) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "expression is NULL");
    return NULL;
  }
  if (check_leaves(e, fn)) return NULL;
  int nd = e->nDimension, mask[TH_MAX_DIMS];
  const int64_t *S = e->size;
  int64_t numel = THExpr_nElement(e), es = (int64_t)th_elsize(e->dtype);
  int64_t slab = atomic_load(&slab_bytes) / es;
  if (slab < 1) slab = 1;
  if (e->has_dot || numel <= slab) return reduce_whole(e, op, p, nDims, dims, keepdim);
  if (parse_mask(nd, nDims, dims, mask, fn)) return NULL;
  if (op == RED_MEAN && th_is_integral(e->dtype)) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "mean(): could not infer output dtype. Input dtype must be "
              "either a floating point or complex dtype. Got: %s (give a floating result dtype)",
              THScalarType_name(e->dtype));
    return NULL;
  }
  if (op == RED_NORM && th_is_integral(e->dtype)) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "norm(): expected a floating point or complex tensor as "
              "input, got %s", THScalarType_name(e->dtype));
    return NULL;
  }
  if ((op == RED_AMAX || op == RED_AMIN) && THScalarType_isComplex(e->dtype)) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "%s is not defined for complex tensors (%s)",
              op == RED_AMAX ? "max" : "min", THScalarType_name(e->dtype));
    return NULL;
  }
  int rdims[TH_MAX_DIMS], nred = 0, on = 0;
  int64_t ksz[TH_MAX_DIMS], osz[TH_MAX_DIMS], count = 1;
  for (int d = 0; d < nd; d++) {
    ksz[d] = mask[d] ? 1 : S[d];
    if (mask[d]) rdims[nred++] = d, count *= S[d];
    if (!mask[d] || keepdim) osz[on++] = ksz[d];
  }
  /* the split dim: the first whose inner dims fit a slab */
  int d0 = 0;
  int64_t inner = numel;
  while ((inner /= S[d0]) > slab) d0++;
  int64_t chunk = slab / inner < S[d0] ? slab / inner : S[d0];
  THScalarType at = acc_dtype(op, e->dtype), rt = result_dtype(op, e->dtype);
  THTensor *acc = THTensor_newWithSize(at, nd, ksz, NULL);
  THTensor *part = acc ? THTensor_new(at) : NULL;
  THStorage *scratch = part ? THStorage_newWithSize(e->dtype, chunk * inner) : NULL;
  THTensor *result = NULL;
  if (!scratch || acc_start(acc, op, p, e, mask)) goto done;
  Slab s = {.nd = nd};
  for (int d = 0; d < nd; d++) s.start[d] = 0, s.len[d] = d < d0 ? 1 : S[d];
  for (;;) { /* odometer over the dims before d0, chunks of d0 */
    s.len[d0] = S[d0] - s.start[d0] < chunk ? S[d0] - s.start[d0] : chunk;
    if (run_slab(e, op, p, &s, mask, nred, rdims, scratch, part, acc)) goto done;
    int d = d0;
    s.start[d] += chunk;
    while (s.start[d] >= S[d]) {
      s.start[d] = 0;
      if (--d < 0) break;
      s.start[d]++;
    }
    if (d < 0) break;
  }
  if (acc_finish(acc, op, p, count)) goto done;
  if (rt == at) { /* the accumulator is the result */
    result = THTensor_newWithStorageNd(acc->storage, 0, on, osz, NULL);
  } else {
    result = THTensor_newWithSize(rt, on, osz, NULL);
    THTensor *keep = result ? THTensor_newWithStorageNd(result->storage, 0, nd, ksz, NULL) : NULL;
    int rc = !keep || assign_move(keep, TH_SAVE_ASSIGN, THExpr_newTensor(acc));
    THTensor_free(keep);
    if (rc) {
      THTensor_free(result);
      result = NULL;
    }
  }
done:
  THStorage_free(scratch);
  THTensor_free(part);
  THTensor_free(acc);
  return result;
}

/* ----------------------------------------------------------- public API */

THTensor *THTensor_newExprSum(THExpr *e, int nDims, const int *dims, int keepdim) {
  return reduce_expr(e, RED_SUM, 0, nDims, dims, keepdim, __func__);
}
THTensor *THTensor_newExprProd(THExpr *e, int nDims, const int *dims, int keepdim) {
  return reduce_expr(e, RED_PROD, 0, nDims, dims, keepdim, __func__);
}
THTensor *THTensor_newExprMean(THExpr *e, int nDims, const int *dims, int keepdim) {
  return reduce_expr(e, RED_MEAN, 0, nDims, dims, keepdim, __func__);
}
THTensor *THTensor_newExprAmax(THExpr *e, int nDims, const int *dims, int keepdim) {
  return reduce_expr(e, RED_AMAX, 0, nDims, dims, keepdim, __func__);
}
THTensor *THTensor_newExprAmin(THExpr *e, int nDims, const int *dims, int keepdim) {
  return reduce_expr(e, RED_AMIN, 0, nDims, dims, keepdim, __func__);
}
THTensor *THTensor_newExprNorm(THExpr *e, double p, int nDims, const int *dims, int keepdim) {
  return reduce_expr(e, RED_NORM, p, nDims, dims, keepdim, __func__);
}
