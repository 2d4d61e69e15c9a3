/* Expression nodes: building (shape and dtype checked here, once), lifetime
 * and queries. Evaluation is in THExprEval.c. */
#include <math.h>
#include <string.h>

#include "core/THMemoryImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCastImpl.h"
#include "engine/THExprImpl.h"

static _Atomic int64_t live_nodes;

int64_t THExpr_liveCount(void) { return atomic_load_explicit(&live_nodes, memory_order_relaxed); }

/* The leak harness reads registered counters around every test (THDebug.h). */
__attribute__((constructor)) static void register_counters(void) {
  THDebug_registerCounter("th.expr", THExpr_liveCount);
  THDebug_registerCounter("th.expr_plans", THExprPlan_liveCount);
}

/* ------------------------------------------------------------- op table */

enum {
  NO_BOOL = 1,         /* refuses bool operands */
  NO_COMPLEX = 2,      /* refuses complex operands */
  FLOATING = 4,        /* integer and bool operands compute in float32 */
  BOOL_RESULT = 8,     /* a comparison: bool result, operands compared as common */
  LOGICAL = 16,        /* operands taken as truth values: bool in, bool out */
  INTEGRAL = 32,       /* integers and bool only */
  COMPLEX_TO_REAL = 64, /* abs: a complex operand gives its real dtype */
  INEXACT_ONLY = 128,   /* floats (and complex) only: torch has no integer kernel */
  REAL_TO_COMPLEX = 256 /* complex(re, im): floats in, their complex dtype out */
};

static const struct {
  const char *name;
  int arity;
  int flags;
} ops[TH_EXPR_NUM_OPS] = {
    [TH_EXPR_NEG] = {"neg", 1, NO_BOOL},
    [TH_EXPR_ABS] = {"abs", 1, NO_BOOL | COMPLEX_TO_REAL},
    [TH_EXPR_SIGN] = {"sign", 1, NO_COMPLEX},
    [TH_EXPR_SQRT] = {"sqrt", 1, FLOATING},
    [TH_EXPR_RSQRT] = {"rsqrt", 1, FLOATING},
    [TH_EXPR_EXP] = {"exp", 1, FLOATING},
    [TH_EXPR_LOG] = {"log", 1, FLOATING},
    [TH_EXPR_LOG1P] = {"log1p", 1, FLOATING},
    [TH_EXPR_EXPM1] = {"expm1", 1, FLOATING},
    [TH_EXPR_SIN] = {"sin", 1, FLOATING},
    [TH_EXPR_COS] = {"cos", 1, FLOATING},
    [TH_EXPR_TANH] = {"tanh", 1, FLOATING},
    [TH_EXPR_SIGMOID] = {"sigmoid", 1, FLOATING},
    [TH_EXPR_FLOOR] = {"floor", 1, NO_BOOL | NO_COMPLEX},
    [TH_EXPR_CEIL] = {"ceil", 1, NO_BOOL | NO_COMPLEX},
    [TH_EXPR_ROUND] = {"round", 1, NO_BOOL | NO_COMPLEX},
    [TH_EXPR_TRUNC] = {"trunc", 1, NO_BOOL | NO_COMPLEX},
    [TH_EXPR_RECIPROCAL] = {"reciprocal", 1, FLOATING},
    [TH_EXPR_LOGICAL_NOT] = {"logical_not", 1, LOGICAL},
    [TH_EXPR_BITWISE_NOT] = {"bitwise_not", 1, INTEGRAL},
    [TH_EXPR_ACOS] = {"acos", 1, FLOATING},
    [TH_EXPR_ASIN] = {"asin", 1, FLOATING},
    [TH_EXPR_ATAN] = {"atan", 1, FLOATING},
    [TH_EXPR_COSH] = {"cosh", 1, FLOATING},
    [TH_EXPR_SINH] = {"sinh", 1, FLOATING},
    [TH_EXPR_ASINH] = {"asinh", 1, FLOATING},
    [TH_EXPR_ACOSH] = {"acosh", 1, FLOATING},
    [TH_EXPR_ATANH] = {"atanh", 1, FLOATING},
    [TH_EXPR_TAN] = {"tan", 1, FLOATING},
    [TH_EXPR_LOG2] = {"log2", 1, FLOATING},
    [TH_EXPR_LOG10] = {"log10", 1, FLOATING},
    [TH_EXPR_EXP2] = {"exp2", 1, FLOATING},
    [TH_EXPR_SINC] = {"sinc", 1, FLOATING},
    [TH_EXPR_ERF] = {"erf", 1, FLOATING | NO_COMPLEX},
    [TH_EXPR_ERFC] = {"erfc", 1, FLOATING | NO_COMPLEX},
    [TH_EXPR_ERFINV] = {"erfinv", 1, FLOATING | NO_COMPLEX},
    [TH_EXPR_LGAMMA] = {"lgamma", 1, FLOATING | NO_COMPLEX},
    [TH_EXPR_DIGAMMA] = {"digamma", 1, FLOATING | NO_COMPLEX},
    [TH_EXPR_FRAC] = {"frac", 1, INEXACT_ONLY | NO_COMPLEX},
    [TH_EXPR_ISNAN] = {"isnan", 1, BOOL_RESULT},
    [TH_EXPR_ISINF] = {"isinf", 1, BOOL_RESULT},
    [TH_EXPR_ISFINITE] = {"isfinite", 1, BOOL_RESULT},
    [TH_EXPR_ISPOSINF] = {"isposinf", 1, BOOL_RESULT | NO_COMPLEX},
    [TH_EXPR_ISNEGINF] = {"isneginf", 1, BOOL_RESULT | NO_COMPLEX},
    [TH_EXPR_SIGNBIT] = {"signbit", 1, BOOL_RESULT | NO_COMPLEX},
    [TH_EXPR_REAL] = {"real", 1, INEXACT_ONLY | COMPLEX_TO_REAL},
    [TH_EXPR_IMAG] = {"imag", 1, INEXACT_ONLY | COMPLEX_TO_REAL},
    [TH_EXPR_ADD] = {"add", 2, 0},
    [TH_EXPR_SUB] = {"sub", 2, NO_BOOL},
    [TH_EXPR_MUL] = {"mul", 2, 0},
    [TH_EXPR_DIV] = {"div", 2, FLOATING},
    [TH_EXPR_FLOOR_DIVIDE] = {"floor_divide", 2, NO_BOOL | NO_COMPLEX},
    [TH_EXPR_REMAINDER] = {"remainder", 2, NO_BOOL | NO_COMPLEX},
    [TH_EXPR_POW] = {"pow", 2, 0},
    [TH_EXPR_MINIMUM] = {"minimum", 2, NO_COMPLEX},
    [TH_EXPR_MAXIMUM] = {"maximum", 2, NO_COMPLEX},
    [TH_EXPR_ATAN2] = {"atan2", 2, FLOATING | NO_COMPLEX},
    [TH_EXPR_EQ] = {"eq", 2, BOOL_RESULT},
    [TH_EXPR_NE] = {"ne", 2, BOOL_RESULT},
    [TH_EXPR_LT] = {"lt", 2, BOOL_RESULT | NO_COMPLEX},
    [TH_EXPR_LE] = {"le", 2, BOOL_RESULT | NO_COMPLEX},
    [TH_EXPR_GT] = {"gt", 2, BOOL_RESULT | NO_COMPLEX},
    [TH_EXPR_GE] = {"ge", 2, BOOL_RESULT | NO_COMPLEX},
    [TH_EXPR_LOGICAL_AND] = {"logical_and", 2, LOGICAL},
    [TH_EXPR_LOGICAL_OR] = {"logical_or", 2, LOGICAL},
    [TH_EXPR_LOGICAL_XOR] = {"logical_xor", 2, LOGICAL},
    [TH_EXPR_BITWISE_AND] = {"bitwise_and", 2, INTEGRAL},
    [TH_EXPR_BITWISE_OR] = {"bitwise_or", 2, INTEGRAL},
    [TH_EXPR_BITWISE_XOR] = {"bitwise_xor", 2, INTEGRAL},
    [TH_EXPR_FMOD] = {"fmod", 2, NO_BOOL | NO_COMPLEX},
    [TH_EXPR_COPYSIGN] = {"copysign", 2, FLOATING | NO_COMPLEX},
    [TH_EXPR_HYPOT] = {"hypot", 2, INEXACT_ONLY | NO_COMPLEX},
    [TH_EXPR_LOGADDEXP] = {"logaddexp", 2, INEXACT_ONLY},
    [TH_EXPR_LOGADDEXP2] = {"logaddexp2", 2, INEXACT_ONLY | NO_COMPLEX},
    [TH_EXPR_XLOGY] = {"xlogy", 2, FLOATING | NO_COMPLEX},
    [TH_EXPR_FMAX] = {"fmax", 2, NO_COMPLEX},
    [TH_EXPR_FMIN] = {"fmin", 2, NO_COMPLEX},
    [TH_EXPR_BITWISE_LEFT_SHIFT] = {"bitwise_left_shift", 2, INTEGRAL | NO_BOOL},
    [TH_EXPR_BITWISE_RIGHT_SHIFT] = {"bitwise_right_shift", 2, INTEGRAL | NO_BOOL},
    [TH_EXPR_POLYGAMMA] = {"polygamma", 2, FLOATING | NO_COMPLEX},
    [TH_EXPR_COMPLEX] = {"complex", 2, INEXACT_ONLY | NO_COMPLEX | REAL_TO_COMPLEX},
    [TH_EXPR_WHERE] = {"where", 3, 0},
    [TH_EXPR_CLAMP] = {"clamp", 3, NO_BOOL | NO_COMPLEX},
    [TH_EXPR_ADDCMUL] = {"addcmul", 3, NO_BOOL},
    [TH_EXPR_LERP] = {"lerp", 3, INEXACT_ONLY},
    [TH_EXPR_FMA] = {"fma", 3, NO_BOOL},
};

static int valid_op(int op) { return op >= 0 && op < TH_EXPR_NUM_OPS; }

int THExprOp_arity(THExprOp op) { return valid_op((int)op) ? ops[op].arity : 0; }

const char *THExprOp_name(THExprOp op) { return valid_op((int)op) ? ops[op].name : NULL; }

int th_expr_op_types(THExprOp op, THScalarType common, THScalarType *result,
                     THScalarType *in_type, const char *fn) {
  int f = ops[op].flags;
  int refused = ((f & NO_BOOL) && common == TH_BOOL) ||
                ((f & NO_COMPLEX) && THScalarType_isComplex(common)) ||
                ((f & INTEGRAL) && !th_is_integral(common)) ||
                ((f & INEXACT_ONLY) && th_is_integral(common));
  if (refused) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "%s is not supported for %s", ops[op].name,
              THScalarType_name(common));
    return -1;
  }
  if (f & (LOGICAL | BOOL_RESULT)) {
    *result = TH_BOOL;
    *in_type = (f & LOGICAL) ? TH_BOOL : th_expr_compute_type(common);
  } else if (f & REAL_TO_COMPLEX) {
    *result = common == TH_FLOAT64 ? TH_COMPLEX128 : TH_COMPLEX64;
    *in_type = th_expr_compute_type(common);
  } else if ((f & FLOATING) && th_is_integral(common)) {
    *result = THScalarType_defaultFloat(); /* torch's int-to-float: the default dtype */
    *in_type = th_expr_compute_type(*result);
  } else {
    *result = (f & COMPLEX_TO_REAL) ? th_real_of(common) : common;
    *in_type = th_expr_compute_type(common);
  }
  return 0;
}

int THScalarType_canCast(THScalarType from, THScalarType to) {
  if (THScalarType_isComplex(from) && !THScalarType_isComplex(to)) return 0;
  if (THScalarType_isFloatingPoint(from) && th_is_integral(to)) return 0;
  if (from != TH_BOOL && to == TH_BOOL) return 0;
  return 1;
}

/* ------------------------------------------------------------ promotion */

#define UNDEFINED ((THScalarType)-1)

static THScalarType promote_skip_undefined(THScalarType a, THScalarType b) {
  if (a == UNDEFINED) return b;
  if (b == UNDEFINED) return a;
  THScalarType out;
  THScalarType_promote(a, b, &out); /* valid dtypes: cannot fail */
  return out;
}

static THScalarType to_complex(THScalarType t) {
  return t == TH_FLOAT64 ? TH_COMPLEX128 : TH_COMPLEX64;
}

/* torch's combine_categories: the higher rank's dtype, unless the lower
 * rank's is of a higher kind. */
static THScalarType combine(THScalarType higher, THScalarType lower) {
  if (higher != UNDEFINED && THScalarType_isComplex(higher)) return higher;
  if (lower != UNDEFINED && THScalarType_isComplex(lower))
    return (higher != UNDEFINED && THScalarType_isFloatingPoint(higher)) ? to_complex(higher)
                                                                       : lower;
  if (higher != UNDEFINED && THScalarType_isFloatingPoint(higher)) return higher;
  if (higher == TH_BOOL || (lower != UNDEFINED && THScalarType_isFloatingPoint(lower)))
    return promote_skip_undefined(higher, lower);
  return higher != UNDEFINED ? higher : lower;
}

/* torch.result_type of n operands. */
THScalarType th_expr_common_type(THExpr *const *operand, int n) {
  THScalarType by_rank[3] = {UNDEFINED, UNDEFINED, UNDEFINED};
  for (int i = 0; i < n; i++)
    by_rank[operand[i]->rank] = promote_skip_undefined(by_rank[operand[i]->rank],
                                                       operand[i]->dtype);
  return combine(by_rank[TH_RANK_DIM], combine(by_rank[TH_RANK_ZERO_DIM], by_rank[TH_RANK_WEAK]));
}

/* ---------------------------------------------------------- node making */

static THExpr *node_alloc(THExprKind kind, int nDimension, const char *fn) {
  THExpr *e = th_malloc(sizeof(THExpr) + sizeof(int64_t) * (size_t)nDimension);
  if (!e) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "out of memory for an expression node");
    return NULL;
  }
  memset(e, 0, sizeof *e);
  atomic_init(&e->refcount, 1);
  e->kind = kind;
  e->op = -1;
  e->nDimension = nDimension;
  e->size = (int64_t *)(e + 1);
  if (th_is_tracking()) th_track_created(TH_OBJECT_EXPR, e, &e->track, fn);
  atomic_fetch_add_explicit(&live_nodes, 1, memory_order_relaxed);
  return e;
}

THExpr *THExpr_newTensor(THTensor *tensor) {
  THRequire(tensor, NULL, TH_ERROR_VALUE, "%s: tensor is NULL", __func__);
  TH_CHECK_TENSOR(tensor, NULL);
  THExpr *e = node_alloc(TH_EXPR_KIND_TENSOR, tensor->nDimension, __func__);
  if (!e) return NULL;
  THTensor_retain(tensor);
  e->tensor = tensor;
  e->dtype = tensor->storage->dtype;
  e->rank = tensor->nDimension > 0 ? TH_RANK_DIM : TH_RANK_ZERO_DIM;
  memcpy(e->size, th_sizes(tensor), sizeof(int64_t) * (size_t)tensor->nDimension);
  return e;
}

THExpr *THExpr_newScalar(THScalarType dtype, const void *element) {
  THRequire(THScalarType_isValid((int)dtype), NULL, TH_ERROR_TYPE, "%s: invalid dtype %d",
             __func__, (int)dtype);
  THRequire(element, NULL, TH_ERROR_VALUE, "%s: element is NULL", __func__);
  THExpr *e = node_alloc(TH_EXPR_KIND_SCALAR, 0, __func__);
  if (!e) return NULL;
  e->dtype = dtype;
  e->rank = TH_RANK_ZERO_DIM;
  memcpy(&e->element, element, THScalarType_elementSize(dtype));
  return e;
}

static THExpr *weak(THScalarType kind_dtype, double re, double im, int64_t ivalue,
                    const char *fn) {
  THExpr *e = node_alloc(TH_EXPR_KIND_SCALAR, 0, fn);
  if (!e) return NULL;
  e->dtype = kind_dtype;
  e->rank = TH_RANK_WEAK;
  e->re = re;
  e->im = im;
  e->ivalue = ivalue;
  return e;
}

THExpr *THExpr_newWeakBool(int value) {
  return weak(TH_BOOL, value != 0, 0, value != 0, __func__);
}
THExpr *THExpr_newWeakInt64(int64_t value) {
  return weak(TH_INT64, (double)value, 0, value, __func__);
}
THExpr *THExpr_newWeakDouble(double value) {
  return weak(THScalarType_defaultFloat(), value, 0, 0, __func__);
}
THExpr *THExpr_newWeakComplex(double re, double im) {
  return weak(THScalarType_defaultComplex(), re, im, 0, __func__);
}

/* The broadcast shape of n operands into size (numpy's rule), or -1 with
 * ValueError. */
static int broadcast_shape(THExpr *const *operand, int n, int *nDimension, int64_t *size,
                           const char *what, const char *fn) {
  int nd = 0;
  for (int i = 0; i < n; i++)
    if (operand[i]->nDimension > nd) nd = operand[i]->nDimension;
  for (int d = 0; d < nd; d++) size[d] = 1;
  for (int i = 0; i < n; i++) {
    const THExpr *o = operand[i];
    int lead = nd - o->nDimension;
    for (int d = 0; d < o->nDimension; d++) {
      int64_t s = o->size[d], *r = &size[lead + d];
      if (s == *r || s == 1) continue;
      if (*r == 1) {
        *r = s;
        continue;
      }
      char a[256], b[256];
      th_format_shape(a, sizeof a, operand[0]->nDimension, operand[0]->size);
      th_format_shape(b, sizeof b, o->nDimension, o->size);
      TH_ERR_FN(TH_ERROR_VALUE, fn, "%s: shapes %s and %s cannot be broadcast together", what,
                a, b);
      return -1;
    }
  }
  *nDimension = nd;
  return 0;
}

static int check_operands(THExpr *const *operand, int n, const char *fn) {
  for (int i = 0; i < n; i++) {
    if (!operand[i]) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "operand %d is NULL", i);
      return -1;
    }
    TH_CHECK_ALIVE(TH_OBJECT_EXPR, operand[i], -1);
  }
  return 0;
}

/* Computes what an op node over operand is (kind, op, dtype, rank,
 * nDimension into e; the shape into size), or -1 with the error. */
static int op_fill(THExpr *e, int64_t *size, THExprOp op, int arity, THExpr *const *operand,
                   const char *fn) {
  if (!valid_op((int)op) || ops[op].arity != arity) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "op %d is not a %s operation", (int)op,
              arity == 1 ? "unary" : arity == 2 ? "binary" : "ternary");
    return -1;
  }
  if (check_operands(operand, arity, fn)) return -1;
  if (op == TH_EXPR_SUB && (operand[0]->dtype == TH_BOOL || operand[1]->dtype == TH_BOOL)) {
    /* torch's refusal, word for word (a Python True counts: uint8 - True) */
    if (operand[0]->dtype == operand[1]->dtype)
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "Subtraction, the `-` operator, with two bool tensors is "
                "not supported. Use the `^` or `logical_xor()` operator instead.");
    else
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "Subtraction, the `-` operator, with a bool tensor is not "
                "supported. If you are trying to invert a mask, use the `~` or `logical_not()` "
                "operator instead.");
    return -1;
  }
  THScalarType common, result, in_type;
  if (op == TH_EXPR_WHERE) {
    if (operand[0]->dtype != TH_BOOL) {
      TH_ERR_FN(TH_ERROR_TYPE, fn, "where: the condition must be bool, not %s",
                THScalarType_name(operand[0]->dtype));
      return -1;
    }
    result = th_expr_common_type(operand + 1, 2);
  } else {
    common = th_expr_common_type(operand, arity);
    if (th_expr_op_types(op, common, &result, &in_type, fn)) return -1;
  }
  if (op == TH_EXPR_POW && result == TH_BOOL && operand[1]->rank != TH_RANK_WEAK) {
    /* torch: bool ** True is bool, bool tensor ** bool tensor is refused */
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "pow is not supported for two bool tensors");
    return -1;
  }
  if (op == TH_EXPR_POW && th_is_integral(result) && result != TH_BOOL &&
      operand[1]->kind == TH_EXPR_KIND_SCALAR && operand[1]->rank == TH_RANK_WEAK &&
      operand[1]->dtype == TH_INT64 && operand[1]->ivalue < 0) {
    /* torch refuses a negative Python int exponent of integers (a tensor of
     * exponents gives 0, 1 or -1 as the integer power) */
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "Integers to negative integer powers are not allowed.");
    return -1;
  }
  int nd;
  if (broadcast_shape(operand, arity, &nd, size, ops[op].name, fn)) return -1;
  e->kind = arity == 1 ? TH_EXPR_KIND_UNARY : arity == 2 ? TH_EXPR_KIND_BINARY
                                                          : TH_EXPR_KIND_TERNARY;
  e->op = (int)op;
  e->dtype = result;
  e->nDimension = nd;
  int weak_only = 1;
  for (int i = 0; i < arity; i++) weak_only &= operand[i]->rank == TH_RANK_WEAK;
  e->rank = weak_only ? TH_RANK_WEAK : nd > 0 ? TH_RANK_DIM : TH_RANK_ZERO_DIM;
  e->has_dot = 0;
  for (int i = 0; i < arity; i++) e->has_dot |= operand[i]->has_dot;
  return 0;
}

/* An operation node over operand (retained), or NULL. */
static THExpr *new_op(THExprOp op, int arity, THExpr *const *operand, const char *fn) {
  THExpr info;
  int64_t size[TH_MAX_DIMS];
  if (op_fill(&info, size, op, arity, operand, fn)) return NULL;
  THExpr *e = node_alloc(info.kind, info.nDimension, fn);
  if (!e) return NULL;
  e->op = info.op;
  e->dtype = info.dtype;
  e->rank = info.rank;
  e->has_dot = info.has_dot;
  memcpy(e->size, size, sizeof(int64_t) * (size_t)info.nDimension);
  for (int i = 0; i < arity; i++) {
    THExpr_retain(operand[i]);
    e->operand[i] = operand[i];
  }
  return e;
}

/* ------------------------------------------------- nodes on the stack
 * th's own one-shot evaluations (TH's math names) build their few nodes in
 * place: no allocation, no counting; operands are borrowed. */

static void stack_init(THExpr *e) {
  memset(e, 0, sizeof *e);
  atomic_init(&e->refcount, 1); /* never dropped: the owner's frame holds it */
  e->op = -1;
}

void th_expr_leaf_init(THExpr *e, THTensor *t) {
  stack_init(e);
  e->kind = TH_EXPR_KIND_TENSOR;
  e->tensor = t;
  e->dtype = t->storage->dtype;
  e->rank = t->nDimension > 0 ? TH_RANK_DIM : TH_RANK_ZERO_DIM;
  e->nDimension = t->nDimension;
  e->size = th_sizes(t);
}

void th_expr_weak_init(THExpr *e, double value) {
  stack_init(e);
  e->kind = TH_EXPR_KIND_SCALAR;
  e->dtype = TH_FLOAT32;
  e->rank = TH_RANK_WEAK;
  e->re = value;
}

void th_expr_scalar_init(THExpr *e, THScalarType dtype, const void *element) {
  stack_init(e);
  e->kind = TH_EXPR_KIND_SCALAR;
  e->dtype = dtype;
  e->rank = TH_RANK_ZERO_DIM;
  memcpy(&e->element, element, th_elsize(dtype));
}

int th_expr_op_init(THExpr *e, int64_t *size, THExprOp op, int arity, THExpr *const *operand,
                    const char *fn) {
  stack_init(e);
  if (op_fill(e, size, op, arity, operand, fn)) return -1;
  e->size = size;
  for (int i = 0; i < arity; i++) e->operand[i] = operand[i];
  return 0;
}

THExpr *THExpr_newUnary(THExprOp op, THExpr *a) {
  THExpr *o[1] = {a};
  return new_op(op, 1, o, __func__);
}
THExpr *THExpr_newBinary(THExprOp op, THExpr *a, THExpr *b) {
  THExpr *o[2] = {a, b};
  return new_op(op, 2, o, __func__);
}
THExpr *THExpr_newTernary(THExprOp op, THExpr *a, THExpr *b, THExpr *c) {
  THExpr *o[3] = {a, b, c};
  return new_op(op, 3, o, __func__);
}

static THExpr *new_cast(THExpr *a, THScalarType dtype, const char *fn) {
  THExpr *o[1] = {a};
  if (check_operands(o, 1, fn)) return NULL;
  if (!THScalarType_isValid((int)dtype)) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "invalid dtype %d", (int)dtype);
    return NULL;
  }
  THExpr *e = node_alloc(TH_EXPR_KIND_CAST, a->nDimension, fn);
  if (!e) return NULL;
  e->dtype = dtype;
  e->rank = a->rank == TH_RANK_WEAK ? TH_RANK_ZERO_DIM : a->rank;
  e->has_dot = a->has_dot;
  memcpy(e->size, a->size, sizeof(int64_t) * (size_t)a->nDimension);
  THExpr_retain(a);
  e->operand[0] = a;
  return e;
}

THExpr *THExpr_newCast(THExpr *a, THScalarType dtype) { return new_cast(a, dtype, __func__); }

static THExpr *new_dot(THExpr *a, THExpr *b, const char *fn) {
  THExpr *o[2] = {a, b};
  if (check_operands(o, 2, fn)) return NULL;
  if (a->nDimension != 2 || b->nDimension != 2) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "dot: both operands must be 2-d, got %d-d and %d-d",
              a->nDimension, b->nDimension);
    return NULL;
  }
  if (a->size[1] != b->size[0]) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn,
              "dot: shapes [%lld, %lld] and [%lld, %lld] cannot be multiplied",
              (long long)a->size[0], (long long)a->size[1], (long long)b->size[0],
              (long long)b->size[1]);
    return NULL;
  }
  if (a->dtype != b->dtype) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "dot: expected operands of one dtype, got %s and %s",
              THScalarType_name(a->dtype), THScalarType_name(b->dtype));
    return NULL;
  }
  THExpr *e = node_alloc(TH_EXPR_KIND_DOT, 2, fn);
  if (!e) return NULL;
  e->dtype = a->dtype;
  e->rank = TH_RANK_DIM;
  e->has_dot = 1;
  e->size[0] = a->size[0];
  e->size[1] = b->size[1];
  for (int i = 0; i < 2; i++) {
    THExpr_retain(o[i]);
    e->operand[i] = o[i];
  }
  return e;
}

THExpr *THExpr_newDot(THExpr *a, THExpr *b) { return new_dot(a, b, __func__); }

/* The Move forms: a NULL operand means an inner builder failed and has
 * reported; the others are released and NULL returned quietly. */
static THExpr *steal(THExpr *e, THExpr *const *operand, int n) {
  for (int i = 0; i < n; i++) THExpr_free(operand[i]);
  return e;
}

static int any_null(THExpr *const *operand, int n) {
  for (int i = 0; i < n; i++)
    if (!operand[i]) return 1;
  return 0;
}

THExpr *THExpr_newUnaryMove(THExprOp op, THExpr *a) {
  THExpr *o[1] = {a};
  if (any_null(o, 1)) return steal(NULL, o, 1);
  return steal(new_op(op, 1, o, __func__), o, 1);
}
THExpr *THExpr_newBinaryMove(THExprOp op, THExpr *a, THExpr *b) {
  THExpr *o[2] = {a, b};
  if (any_null(o, 2)) return steal(NULL, o, 2);
  return steal(new_op(op, 2, o, __func__), o, 2);
}
THExpr *THExpr_newTernaryMove(THExprOp op, THExpr *a, THExpr *b, THExpr *c) {
  THExpr *o[3] = {a, b, c};
  if (any_null(o, 3)) return steal(NULL, o, 3);
  return steal(new_op(op, 3, o, __func__), o, 3);
}
THExpr *THExpr_newDotMove(THExpr *a, THExpr *b) {
  THExpr *o[2] = {a, b};
  if (any_null(o, 2)) return steal(NULL, o, 2);
  return steal(new_dot(a, b, __func__), o, 2);
}
THExpr *THExpr_newCastMove(THExpr *a, THScalarType dtype) {
  THExpr *o[1] = {a};
  if (!a) return NULL;
  return steal(new_cast(a, dtype, __func__), o, 1);
}

/* -------------------------------------------------------------- lifetime */

void THExpr_retain(THExpr *self) {
  if (self) th_retain_ref(&self->refcount, TH_OBJECT_EXPR, self, self->track, __func__);
}

void THExpr_free(THExpr *self) {
  /* iterative over the first operand, so that a long chain (a + b + c + ...)
   * does not recurse once per node */
  while (self) {
    if (!th_release_ref(&self->refcount, TH_OBJECT_EXPR, self, self->track, __func__)) return;
    THExpr *next = self->operand[0];
    THExpr_free(self->operand[1]);
    THExpr_free(self->operand[2]);
    THTensor_free(self->tensor);
    atomic_fetch_sub_explicit(&live_nodes, 1, memory_order_relaxed);
    int quarantined = (self->track || th_is_tracking()) &&
                      th_track_destroyed(TH_OBJECT_EXPR, self, &self->track);
    if (!quarantined) th_free(self);
    self = next;
  }
}

int64_t THExpr_refcount(const THExpr *self) {
  return atomic_load_explicit(&self->refcount, memory_order_relaxed);
}

/* --------------------------------------------------------------- queries */

THExprKind THExpr_kind(const THExpr *self) { return self->kind; }
int THExpr_op(const THExpr *self) { return self->op; }
THScalarType THExpr_dtype(const THExpr *self) { return self->dtype; }
int THExpr_nDimension(const THExpr *self) { return self->nDimension; }
const int64_t *THExpr_sizes(const THExpr *self) { return self->size; }
int THExpr_isWeak(const THExpr *self) { return self->rank == TH_RANK_WEAK; }
THTensor *THExpr_tensor(const THExpr *self) { return self->tensor; }

int64_t THExpr_nElement(const THExpr *self) {
  int64_t n = 1;
  for (int d = 0; d < self->nDimension; d++) n *= self->size[d];
  return n;
}

THExpr *THExpr_operand(const THExpr *self, int i) {
  return (i >= 0 && i < 3) ? self->operand[i] : NULL;
}

double THExpr_scalarValue(const THExpr *self) {
  if (self->kind != TH_EXPR_KIND_SCALAR) return NAN;
  if (self->rank == TH_RANK_WEAK) return self->dtype == TH_INT64 ? (double)self->ivalue : self->re;
  double out;
  th_cast_loops[TH_FLOAT64][self->dtype]((char *)&out, 0, (const char *)&self->element, 0, 1);
  return out;
}
