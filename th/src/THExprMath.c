/* TH's math names (THTensorMath's add, cmul, addcmul, ltValue, ...): each
 * builds a small expression and evaluates it into r with the engine; no
 * kernel of its own. */
#include "THDebugImpl.h"
#include "THExprImpl.h"
#include "THTensorImpl.h"

/* r resized to e's shape when it differs (TH's resizeAs), then r = e.
 * Steals e (NULL: a builder failed and reported). */
static int store_move(THTensor *r, THExpr *e) {
  if (!e) return -1;
  int status = -1;
  if (!r) {
    TH_ERR_FN(TH_ERROR_VALUE, "THTensor_assign", "result tensor is NULL");
  } else if (r->nDimension != e->nDimension ||
             memcmp(th_sizes(r), e->size, sizeof(int64_t) * (size_t)e->nDimension)) {
    if (!THTensor_resizeNd(r, e->nDimension, e->size, NULL))
      status = THTensor_assign(r, TH_SAVE_ASSIGN, e);
  } else {
    status = THTensor_assign(r, TH_SAVE_ASSIGN, e);
  }
  THExpr_free(e);
  return status;
}

static THExpr *leaf(THTensor *t) { return THExpr_newTensor(t); }
static THExpr *weak(double v) { return THExpr_newWeakDouble(v); }
static THExpr *op2(THExprOp op, THExpr *a, THExpr *b) { return THExpr_newBinaryMove(op, a, b); }

int THTensor_add(THTensor *r, THTensor *t, double value) {
  return store_move(r, op2(TH_EXPR_ADD, leaf(t), weak(value)));
}
int THTensor_sub(THTensor *r, THTensor *t, double value) {
  return store_move(r, op2(TH_EXPR_SUB, leaf(t), weak(value)));
}
int THTensor_mul(THTensor *r, THTensor *t, double value) {
  return store_move(r, op2(TH_EXPR_MUL, leaf(t), weak(value)));
}
int THTensor_div(THTensor *r, THTensor *t, double value) {
  return store_move(r, op2(TH_EXPR_DIV, leaf(t), weak(value)));
}
int THTensor_pow(THTensor *r, THTensor *t, double value) {
  return store_move(r, op2(TH_EXPR_POW, leaf(t), weak(value)));
}

/* t op value * src; value 1 adds no multiplication */
static THExpr *scaled(THTensor *src, double value) {
  return value == 1 ? leaf(src) : op2(TH_EXPR_MUL, weak(value), leaf(src));
}
int THTensor_cadd(THTensor *r, THTensor *t, double value, THTensor *src) {
  return store_move(r, op2(TH_EXPR_ADD, leaf(t), scaled(src, value)));
}
int THTensor_csub(THTensor *r, THTensor *t, double value, THTensor *src) {
  return store_move(r, op2(TH_EXPR_SUB, leaf(t), scaled(src, value)));
}
int THTensor_cmul(THTensor *r, THTensor *t, THTensor *src) {
  return store_move(r, op2(TH_EXPR_MUL, leaf(t), leaf(src)));
}
int THTensor_cdiv(THTensor *r, THTensor *t, THTensor *src) {
  return store_move(r, op2(TH_EXPR_DIV, leaf(t), leaf(src)));
}
int THTensor_cpow(THTensor *r, THTensor *t, THTensor *src) {
  return store_move(r, op2(TH_EXPR_POW, leaf(t), leaf(src)));
}

int THTensor_addcmul(THTensor *r, THTensor *t, double value, THTensor *src1, THTensor *src2) {
  return store_move(r, THExpr_newTernaryMove(TH_EXPR_ADDCMUL, leaf(t), scaled(src1, value),
                                             leaf(src2)));
}
int THTensor_addcdiv(THTensor *r, THTensor *t, double value, THTensor *src1, THTensor *src2) {
  return store_move(r, op2(TH_EXPR_ADD, leaf(t),
                           op2(TH_EXPR_DIV, scaled(src1, value), leaf(src2))));
}
int THTensor_clamp(THTensor *r, THTensor *t, double min_value, double max_value) {
  return store_move(r, THExpr_newTernaryMove(TH_EXPR_CLAMP, leaf(t), weak(min_value),
                                             weak(max_value)));
}

int THTensor_unary(THTensor *r, THExprOp op, THTensor *t) {
  return store_move(r, THExpr_newUnaryMove(op, leaf(t)));
}
int THTensor_binary(THTensor *r, THExprOp op, THTensor *a, THTensor *b) {
  return store_move(r, op2(op, leaf(a), leaf(b)));
}

#define COMPARE(name, OP)                                                \
  int THTensor_##name##Value(THTensor *r, THTensor *t, double value) {  \
    return store_move(r, op2(OP, leaf(t), weak(value)));                 \
  }                                                                      \
  int THTensor_##name##Tensor(THTensor *r, THTensor *a, THTensor *b) {  \
    return store_move(r, op2(OP, leaf(a), leaf(b)));                     \
  }
COMPARE(lt, TH_EXPR_LT)
COMPARE(le, TH_EXPR_LE)
COMPARE(gt, TH_EXPR_GT)
COMPARE(ge, TH_EXPR_GE)
COMPARE(eq, TH_EXPR_EQ)
COMPARE(ne, TH_EXPR_NE)

#define UNARY_NAME(name, OP) \
  int THTensor_##name(THTensor *r, THTensor *t) { return THTensor_unary(r, OP, t); }
UNARY_NAME(abs, TH_EXPR_ABS)
UNARY_NAME(neg, TH_EXPR_NEG)
UNARY_NAME(sigmoid, TH_EXPR_SIGMOID)
UNARY_NAME(exp, TH_EXPR_EXP)
UNARY_NAME(log, TH_EXPR_LOG)
UNARY_NAME(sqrt, TH_EXPR_SQRT)
UNARY_NAME(tanh, TH_EXPR_TANH)

/* Shapes equal, then every element: ne over the pair, any of it. */
int THTensor_equal(THTensor *a, THTensor *b) {
  THArgCheck(a && b, -1, TH_ERROR_VALUE, "%s: a tensor is NULL", __func__);
  TH_CHECK_TENSOR(a, -1);
  TH_CHECK_TENSOR(b, -1);
  if (a->nDimension != b->nDimension ||
      memcmp(th_sizes(a), th_sizes(b), sizeof(int64_t) * (size_t)a->nDimension))
    return 0;
  THExpr *ne = op2(TH_EXPR_NE, leaf(a), leaf(b));
  THTensor *diff = ne ? THTensor_newEval(ne) : NULL;
  THExpr_free(ne);
  if (!diff) return -1;
  const unsigned char *d = THTensor_data(diff);
  int64_t n = th_tensor_numel(diff);
  int equal = 1;
  for (int64_t i = 0; i < n && equal; i++) equal = !d[i];
  THTensor_free(diff);
  return equal;
}
