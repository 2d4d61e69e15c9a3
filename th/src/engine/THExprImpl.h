/* Internal: the expression node and what the engine shares with its kernels. */
#ifndef TH_EXPR_IMPL_H
#define TH_EXPR_IMPL_H

#include <stdatomic.h>

#include "core/THScalarImpl.h"
#include "core/THTensorImpl.h"
#include "TH/THExpr.h"

/* The three ranks of torch's type promotion: dimensioned tensors beat 0-dim
 * tensors (and typed scalars), which beat weak (Python) scalars. */
enum { TH_RANK_WEAK = 0, TH_RANK_ZERO_DIM = 1, TH_RANK_DIM = 2 };

struct THExpr {
  _Atomic int64_t refcount;
  struct THTrack *track;
  THExprKind kind;
  int op;             /* THExprOp, or -1 for leaves and casts */
  THScalarType dtype; /* the result's dtype (a weak scalar: its kind's default) */
  int rank;           /* TH_RANK_* */
  int nDimension;
  int64_t *size;      /* nDimension sizes, in the same block as the node */
  THExpr *operand[3];
  THTensor *tensor;   /* a tensor leaf's (one reference) */
  int has_dot;        /* a dot node in the tree (evaluated apart, THExprDot.c) */
  /* a scalar leaf: typed, its element of dtype; weak, its value */
  th_element element;
  double re, im;
  int64_t ivalue;
};

/* THScalarType_elementSize of a valid dtype, inlined for the engine's
 * per-call path. */
static inline size_t th_elsize(THScalarType t) {
  static const unsigned char size[TH_NUM_SCALAR_TYPES] = {
      [TH_UINT8] = 1, [TH_INT8] = 1, [TH_INT16] = 2, [TH_INT32] = 4, [TH_INT64] = 8,
      [TH_FLOAT16] = 2, [TH_FLOAT32] = 4, [TH_FLOAT64] = 8, [TH_BOOL] = 1, [TH_BFLOAT16] = 2,
      [TH_COMPLEX64] = 8, [TH_COMPLEX128] = 16, [TH_UINT16] = 2, [TH_UINT32] = 4,
      [TH_UINT64] = 8};
  return size[t];
}

/* The dtype every operation of a dtype computes in: float16 and bfloat16
 * compute in float32. */
static inline THScalarType th_expr_compute_type(THScalarType t) {
  return (t == TH_FLOAT16 || t == TH_BFLOAT16) ? TH_FLOAT32 : t;
}

/* What op does to operands promoted to common: the result's dtype, and the
 * dtype its operands are converted to before the kernel runs (in_type; for
 * logical ops bool, for where the value operands' type). -1 with TypeError
 * (as fn) when op does not support common. */
int th_expr_op_types(THExprOp op, THScalarType common, THScalarType *result,
                     THScalarType *in_type, const char *fn);

/* torch.result_type of n operands (ranks and kinds, THExpr.c). */
THScalarType th_expr_common_type(THExpr *const *operand, int n);

/* Nodes on the caller's stack, for th's own one-shot evaluations: never
 * retained or freed, operands and tensors borrowed. An op node's shape goes
 * to size (room for TH_MAX_DIMS); -1 with the error for a bad node. */
void th_expr_leaf_init(THExpr *e, THTensor *t);
void th_expr_weak_init(THExpr *e, double value);
void th_expr_scalar_init(THExpr *e, THScalarType dtype, const void *element);
int th_expr_op_init(THExpr *e, int64_t *size, THExprOp op, int arity, THExpr *const *operand,
                    const char *fn);

/* dst = e through the engine, dst and e already checked by the caller
 * (copy and fill, whose errors are their own). -1 with the error (an
 * allocation failed). */
int th_expr_store(THTensor *dst, THExpr *e, const char *fn);

/* THTensor_assign with errors reported under fn (THTensor_newEval's and
 * the dot path's own). */
int th_expr_assign(THTensor *dst, THSaver saver, THExpr *e, const char *fn);

/* Whether a tensor leaf's tensor still has the shape and dtype it had when
 * the leaf was built (the node's, which the tree's shapes and dtypes were
 * computed from): set_() and resize_() can change both. Evaluation refuses
 * a changed leaf with th_expr_leaf_changed (RuntimeError, as fn; -1). */
static inline int th_expr_leaf_intact(const THExpr *leaf) {
  const THTensor *t = leaf->tensor;
  return t->storage->dtype == leaf->dtype && th_has_shape(t, leaf->nDimension, leaf->size);
}
int th_expr_leaf_changed(const THExpr *leaf, const char *fn);

/* th_expr_assign of a tree holding a dot node (THExprDot.c). */
int th_expr_assign_dots(THTensor *dst, THSaver saver, THExpr *e, const char *fn);

/* A kernel over n contiguous elements: out = op(a, b, c) (the unused ones
 * NULL). out may be exactly a, b or c (read before written), never a
 * partial overlap. */
typedef void (*th_expr_kernel)(int64_t n, void *out, const void *a, const void *b,
                               const void *c);
/* The kernel of op for operands of in_type (computing types only), or NULL.
 * constant: 0, or for a binary op 1 when a is one element for all (a[0]),
 * 2 when b is; 3 for a ternary op when b and c are (clamp only: NULL for
 * the others). */
th_expr_kernel th_expr_kernel_for(THExprOp op, THScalarType in_type, int constant);

/* Set by the integer floor-division and remainder kernels on a zero divisor. */
extern _Thread_local int th_expr_zero_division;

#endif
