/* Dot nodes (mshadow's DotExp): a matrix product is handed to BLAS
 * (THTensor_addmm), not evaluated element by element. Assigned as the whole
 * expression with =, += or -= into a dst of its shape and dtype, the saver
 * folds into beta and alpha: one gemm call, no extra pass. Anywhere else the
 * product is computed first into a temporary that the rest of the
 * expression reads as a tensor leaf. */
#include <string.h>

#include "core/THTensorImpl.h"
#include "engine/THExprImpl.h"
#include "TH/THTensorMath.h"

/* The value of e as a tensor (new reference): a leaf's own tensor,
 * anything else evaluated. */
static THTensor *value_of(THExpr *e, const char *fn) {
  if (e->kind == TH_EXPR_KIND_TENSOR) {
    if (!th_expr_leaf_intact(e)) {
      th_expr_leaf_changed(e, fn);
      return NULL;
    }
    THTensor_retain(e->tensor);
    return e->tensor;
  }
  return THTensor_newEval(e);
}

/* r = beta * r + alpha * (a @ b) of a dot node's operands (r NULL: a new
 * product). Returns the product (new reference) or r itself retained. */
static THTensor *product(THExpr *dot, THTensor *r, double beta, double alpha, const char *fn) {
  THTensor *a = value_of(dot->operand[0], fn);
  THTensor *b = a ? value_of(dot->operand[1], fn) : NULL;
  THTensor *out = NULL;
  if (b) {
    if (!r) {
      out = THTensor_newMm(a, b);
    } else if (!THTensor_addmm(r, beta, r, alpha, a, b)) {
      THTensor_retain(r);
      out = r;
    }
  }
  THTensor_free(a);
  THTensor_free(b);
  return out;
}

/* A new reference to e with every dot node replaced by a leaf of its
 * product, or NULL. */
static THExpr *without_dots(THExpr *e, const char *fn) {
  if (!e->has_dot) {
    THExpr_retain(e);
    return e;
  }
  THExpr *o[3] = {NULL, NULL, NULL};
  switch (e->kind) {
    case TH_EXPR_KIND_DOT: {
      THTensor *p = product(e, NULL, 0, 1, fn);
      if (!p) return NULL;
      THExpr *leaf = THExpr_newTensor(p);
      THTensor_free(p);
      return leaf;
    }
    case TH_EXPR_KIND_CAST:
      return THExpr_newCastMove(without_dots(e->operand[0], fn), e->dtype);
    default: {
      int arity = THExprOp_arity((THExprOp)e->op);
      for (int i = 0; i < arity; i++) o[i] = without_dots(e->operand[i], fn);
      if (arity == 1) return THExpr_newUnaryMove((THExprOp)e->op, o[0]);
      if (arity == 2) return THExpr_newBinaryMove((THExprOp)e->op, o[0], o[1]);
      return THExpr_newTernaryMove((THExprOp)e->op, o[0], o[1], o[2]);
    }
  }
}

int th_expr_assign_dots(THTensor *dst, THSaver saver, THExpr *e, const char *fn) {
  int folds = saver == TH_SAVE_ASSIGN || saver == TH_SAVE_ADD || saver == TH_SAVE_SUB;
  if (e->kind == TH_EXPR_KIND_DOT && folds && dst->storage->dtype == e->dtype &&
      dst->nDimension == 2 && th_sizes(dst)[0] == e->size[0] && th_sizes(dst)[1] == e->size[1]) {
    THTensor *r =
        product(e, dst, saver == TH_SAVE_ASSIGN ? 0 : 1, saver == TH_SAVE_SUB ? -1 : 1, fn);
    THTensor_free(r);
    return r ? 0 : -1;
  }
  THExpr *flat = without_dots(e, fn);
  if (!flat) return -1;
  int status = th_expr_assign(dst, saver, flat, fn);
  THExpr_free(flat);
  return status;
}
