/* TH's math names (THTensorMath's add, cmul, addcmul, ltValue, ...): each
 * builds a small expression and evaluates it into r with the engine; no
 * kernel of its own. */
#include <string.h>

#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THExprImpl.h"

/* A few nodes on the stack: leaves, weak scalars and ops, borrowed. */
typedef struct Nodes {
  THExpr node[5];
  int64_t size[3][TH_MAX_DIMS]; /* the op nodes' shapes */
  int n, nops;
  const char *fn;
  int failed;
} Nodes;

static THExpr *leaf(Nodes *s, THTensor *t) {
  if (!t) {
    TH_ERR_FN(TH_ERROR_VALUE, s->fn, "a tensor argument is NULL");
    s->failed = 1;
    return NULL;
  }
  TH_CHECK_TENSOR_AS(t, s->fn, (s->failed = 1, NULL));
  th_expr_leaf_init(&s->node[s->n], t);
  return &s->node[s->n++];
}

static THExpr *weak(Nodes *s, double v) {
  th_expr_weak_init(&s->node[s->n], v);
  return &s->node[s->n++];
}

static THExpr *op(Nodes *s, THExprOp op, int arity, THExpr *a, THExpr *b, THExpr *c) {
  THExpr *o[3] = {a, b, c};
  if (s->failed || !a || (arity > 1 && !b) || (arity > 2 && !c)) return NULL;
  THExpr *e = &s->node[s->n];
  if (th_expr_op_init(e, s->size[s->nops], op, arity, o, s->fn)) {
    s->failed = 1;
    return NULL;
  }
  s->n++;
  s->nops++;
  return e;
}
static THExpr *op2(Nodes *s, THExprOp o, THExpr *a, THExpr *b) { return op(s, o, 2, a, b, NULL); }

/* r resized to e's shape when it differs (TH's resizeAs), then r = e. */
static int store(Nodes *s, THTensor *r, THExpr *e) {
  if (!e) return -1;
  if (!r) {
    TH_ERR_FN(TH_ERROR_VALUE, s->fn, "result tensor is NULL");
    return -1;
  }
  TH_CHECK_TENSOR_AS(r, s->fn, -1);
  if (!th_has_shape(r, e->nDimension, e->size)) {
    if (THTensor_resizeNd(r, e->nDimension, e->size, NULL)) return -1;
  }
  return THTensor_assign(r, TH_SAVE_ASSIGN, e);
}

/* not cleared: only what is built is read */
#define NODES_AS(fn_) Nodes s_, *s = &s_; s_.n = s_.nops = s_.failed = 0; s_.fn = (fn_)
#define NODES NODES_AS(__func__)

/* r = t op value, r = op(a, b), r = op(t), errors named as fn */
static int with_value(THTensor *r, THExprOp o, THTensor *t, double value, const char *fn) {
  NODES_AS(fn);
  return store(s, r, op2(s, o, leaf(s, t), weak(s, value)));
}
static int with_tensor(THTensor *r, THExprOp o, THTensor *a, THTensor *b, const char *fn) {
  NODES_AS(fn);
  return store(s, r, op2(s, o, leaf(s, a), leaf(s, b)));
}

int THTensor_binaryOut(THTensor *out, THExprOp o, THTensor *a, THTensor *b) {
  NODES;
  THExpr *e = op2(s, o, leaf(s, a), leaf(s, b));
  if (!e) return -1;
  if (!out) {
    TH_ERR(TH_ERROR_VALUE, "out is NULL");
    return -1;
  }
  TH_CHECK_TENSOR(out, -1);
  THScalarType dt = out->storage->dtype;
  if (!THScalarType_canCast(e->dtype, dt)) {
    TH_ERR(TH_ERROR_TYPE, "result type %s can't be cast to the desired output type %s",
           THScalarType_name(e->dtype), THScalarType_name(dt));
    return -1;
  }
  /* an out that is also an operand is an in-place operand: never resized
   * (THTensor_assign refuses its shape, as torch does) */
  if (!th_has_shape(out, e->nDimension, e->size) && out != a && out != b) {
    if (th_tensor_numel(out) != 0) {
      char have[256], result[256];
      th_format_shape(have, sizeof have, out->nDimension, th_sizes(out));
      th_format_shape(result, sizeof result, e->nDimension, e->size);
      TH_ERR(TH_ERROR_VALUE,
             "out has shape %s, the result %s: give an out of the result's shape or an "
             "empty one (resized)", have, result);
      return -1;
    }
    if (THTensor_resizeNd(out, e->nDimension, e->size, NULL)) return -1;
  }
  return THTensor_assign(out, TH_SAVE_ASSIGN, e);
}

THTensor *THTensor_newBinary(THExprOp o, THTensor *a, THTensor *b) {
  NODES;
  THExpr *e = op2(s, o, leaf(s, a), leaf(s, b));
  return e ? THTensor_newEval(e) : NULL;
}

int THTensor_binaryInto(THTensor *r, THExprOp o, THTensor *a, THTensor *b) {
  NODES;
  THExpr *e = op2(s, o, leaf(s, a), leaf(s, b));
  if (!e) return -1;
  if (!r) {
    TH_ERR(TH_ERROR_VALUE, "r is NULL");
    return -1;
  }
  TH_CHECK_TENSOR(r, -1);
  if (r->storage->dtype != e->dtype || !th_has_shape(r, e->nDimension, e->size)) return 0;
  return THTensor_assign(r, TH_SAVE_ASSIGN, e) ? -1 : 1;
}

static int unary(THTensor *r, THExprOp o, THTensor *t, const char *fn) {
  NODES_AS(fn);
  return store(s, r, op(s, o, 1, leaf(s, t), NULL, NULL));
}

int THTensor_add(THTensor *r, THTensor *t, double value) {
  return with_value(r, TH_EXPR_ADD, t, value, __func__);
}
int THTensor_sub(THTensor *r, THTensor *t, double value) {
  return with_value(r, TH_EXPR_SUB, t, value, __func__);
}
int THTensor_mul(THTensor *r, THTensor *t, double value) {
  return with_value(r, TH_EXPR_MUL, t, value, __func__);
}
int THTensor_div(THTensor *r, THTensor *t, double value) {
  return with_value(r, TH_EXPR_DIV, t, value, __func__);
}
int THTensor_pow(THTensor *r, THTensor *t, double value) {
  return with_value(r, TH_EXPR_POW, t, value, __func__);
}

/* value * src; value 1 adds no multiplication */
static THExpr *scaled(Nodes *s, THTensor *src, double value) {
  return value == 1 ? leaf(s, src) : op2(s, TH_EXPR_MUL, weak(s, value), leaf(s, src));
}
int THTensor_cadd(THTensor *r, THTensor *t, double value, THTensor *src) {
  NODES;
  return store(s, r, op2(s, TH_EXPR_ADD, leaf(s, t), scaled(s, src, value)));
}
int THTensor_csub(THTensor *r, THTensor *t, double value, THTensor *src) {
  NODES;
  return store(s, r, op2(s, TH_EXPR_SUB, leaf(s, t), scaled(s, src, value)));
}
int THTensor_cmul(THTensor *r, THTensor *t, THTensor *src) {
  return with_tensor(r, TH_EXPR_MUL, t, src, __func__);
}
int THTensor_cdiv(THTensor *r, THTensor *t, THTensor *src) {
  return with_tensor(r, TH_EXPR_DIV, t, src, __func__);
}
int THTensor_cpow(THTensor *r, THTensor *t, THTensor *src) {
  return with_tensor(r, TH_EXPR_POW, t, src, __func__);
}

int THTensor_addcmul(THTensor *r, THTensor *t, double value, THTensor *src1, THTensor *src2) {
  NODES;
  return store(s, r, op(s, TH_EXPR_ADDCMUL, 3, leaf(s, t), scaled(s, src1, value),
                        leaf(s, src2)));
}
int THTensor_addcdiv(THTensor *r, THTensor *t, double value, THTensor *src1, THTensor *src2) {
  NODES;
  return store(s, r, op2(s, TH_EXPR_ADD, leaf(s, t),
                         op2(s, TH_EXPR_DIV, scaled(s, src1, value), leaf(s, src2))));
}
int THTensor_clamp(THTensor *r, THTensor *t, double min_value, double max_value) {
  NODES;
  return store(s, r, op(s, TH_EXPR_CLAMP, 3, leaf(s, t), weak(s, min_value),
                        weak(s, max_value)));
}

int THTensor_unary(THTensor *r, THExprOp o, THTensor *t) { return unary(r, o, t, __func__); }
int THTensor_binary(THTensor *r, THExprOp o, THTensor *a, THTensor *b) {
  return with_tensor(r, o, a, b, __func__);
}

#define COMPARE(name, OP)                                                \
  int THTensor_##name##Value(THTensor *r, THTensor *t, double value) {  \
    return with_value(r, OP, t, value, __func__);                        \
  }                                                                      \
  int THTensor_##name##Tensor(THTensor *r, THTensor *a, THTensor *b) {  \
    return with_tensor(r, OP, a, b, __func__);                           \
  }
COMPARE(lt, TH_EXPR_LT)
COMPARE(le, TH_EXPR_LE)
COMPARE(gt, TH_EXPR_GT)
COMPARE(ge, TH_EXPR_GE)
COMPARE(eq, TH_EXPR_EQ)
COMPARE(ne, TH_EXPR_NE)

#define UNARY_NAME(name, OP) \
  int THTensor_##name(THTensor *r, THTensor *t) { return unary(r, OP, t, __func__); }
UNARY_NAME(abs, TH_EXPR_ABS)
UNARY_NAME(neg, TH_EXPR_NEG)
UNARY_NAME(sigmoid, TH_EXPR_SIGMOID)
UNARY_NAME(exp, TH_EXPR_EXP)
UNARY_NAME(log, TH_EXPR_LOG)
UNARY_NAME(sqrt, TH_EXPR_SQRT)
UNARY_NAME(tanh, TH_EXPR_TANH)

/* Shapes equal, then every element: ne over the pair, any of it. */
int THTensor_equal(THTensor *a, THTensor *b) {
  THRequire(a && b, -1, TH_ERROR_VALUE, "%s: a tensor is NULL", __func__);
  TH_CHECK_TENSOR(a, -1);
  TH_CHECK_TENSOR(b, -1);
  if (a->nDimension != b->nDimension ||
      memcmp(th_sizes(a), th_sizes(b), sizeof(int64_t) * (size_t)a->nDimension))
    return 0;
  NODES;
  THExpr *ne = op2(s, TH_EXPR_NE, leaf(s, a), leaf(s, b));
  THTensor *diff = ne ? THTensor_newEval(ne) : NULL;
  if (!diff) return -1;
  const unsigned char *d = THTensor_data(diff);
  int64_t n = th_tensor_numel(diff);
  int equal = 1;
  for (int64_t i = 0; i < n && equal; i++) equal = !d[i];
  THTensor_free(diff);
  return equal;
}
