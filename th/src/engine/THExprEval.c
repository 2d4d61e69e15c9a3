/* The evaluation engine: an expression is compiled into a short program of
 * register operations (loads, constants, casts, kernels), and the program
 * is run over the destination box by box.
 *
 * The iteration space is the destination's, simplified by the N-operand
 * iterator (size-1 dims dropped, dims in dst's memory order, contiguous dims
 * merged). A box is a 2-d piece of the two innermost dims holding at most
 * MAX_BOX elements: part of one long row, several short rows, or a 64 x 64
 * tile when an operand runs across dst's rows (a transposed operand), so
 * that every operand is read along cache lines. An operand that is
 * contiguous in its computing dtype over the box is read in place; others
 * (strided, broadcast, another dtype) are gathered and cast into the box's
 * register. The result is written straight into dst when dst is contiguous
 * over the box in the result's dtype, else cast into it. Registers live in a
 * per-thread workspace; a box and its buffers fit in L1 together. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/THCpuImpl.h"
#include "core/THMemoryImpl.h"
#include "core/THParallelImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCastImpl.h"
#include "engine/THCopyImpl.h"
#include "engine/THExprImpl.h"
#include "engine/THIterImpl.h"
#include "engine/THStreamImpl.h"
#include "engine/THTransposeImpl.h"

#define MIN_BOX 256  /* elements: below this the per-box work shows */
#define MAX_BOX 8192
#define TILE 64
#define GROUP 4 /* tiles: GROUP x GROUP of them share the lines they read in L2 */
#define MAX_INSTR 64
#define MAX_LEAVES (TH_ITER_MAX_OPERANDS - 1) /* tensors read, besides dst */

_Thread_local int th_expr_zero_division;

enum { I_LOAD, I_CONST, I_CAST, I_OP };

typedef struct Instr {
  int kind;
  int op;              /* I_OP: the THExprOp */
  THScalarType type;   /* the register's dtype */
  THScalarType src;    /* I_LOAD: the tensor's dtype; I_CAST: the input's */
  int in[3];           /* input registers (I_CAST: in[0]) */
  int leaf;            /* I_LOAD: the operand (1..) */
  th_expr_kernel fn;   /* I_OP */
  th_cast_loop cast;   /* I_LOAD and I_CAST: src -> type */
  th_element value;    /* I_CONST: the element, of type */
} Instr;

static _Atomic int64_t live_plans;

int64_t THExprPlan_liveCount(void) {
  return atomic_load_explicit(&live_plans, memory_order_relaxed);
}

struct THExprPlan {
  THTensor *dst;
  THExpr *expr; /* a compiled plan's e (held: it owns the tensors read) */
  const char *fn;
  int ninstr, nleaves, result;
  int64_t rows, cols; /* the box: at most rows x cols */
  int64_t nr, nc, nouter, nboxes;
  int64_t group;     /* boxes visited in groups of group x group (1: row by row) */
  size_t workspace;  /* bytes of registers */
  /* the rest is written before it is read: not cleared */
  Instr instr[MAX_INSTR];
  size_t offset_of[MAX_INSTR];                 /* each register's buffer in the workspace */
  THTensor *leaf[MAX_LEAVES + 1];              /* [0]: dst; borrowed from expr */
  int64_t offset[MAX_LEAVES + 1];              /* checked before each run */
  int64_t bstride[MAX_LEAVES + 1][TH_MAX_DIMS]; /* broadcast to dst's shape */
  THIter it;      /* the simplified iteration space (data set per run) */
  /* compiled plans: each tensor's shape and dtype when planned */
  int nd[MAX_LEAVES + 1];
  THScalarType dtype[MAX_LEAVES + 1];
  int64_t size[MAX_LEAVES + 1][TH_MAX_DIMS];
};

/* ------------------------------------------------------------ compiling */

typedef struct Memo {
  const THExpr *node;
  THScalarType type;
  int reg;
} Memo;

typedef struct Compiler {
  THExprPlan *p;
  Memo memo[MAX_INSTR];
  int nmemo;
} Compiler;

static int emit(Compiler *c, Instr in) {
  THExprPlan *p = c->p;
  if (p->ninstr == MAX_INSTR) {
    TH_ERR_FN(TH_ERROR_VALUE, p->fn,
              "the expression needs more than %d steps: evaluate part of it first", MAX_INSTR);
    return -1;
  }
  p->instr[p->ninstr] = in;
  return p->ninstr++;
}

static int memo_find(Compiler *c, const THExpr *node, THScalarType type) {
  for (int i = 0; i < c->nmemo; i++)
    if (c->memo[i].node == node && c->memo[i].type == type) return c->memo[i].reg;
  return -1;
}

static int memo_put(Compiler *c, const THExpr *node, THScalarType type, int reg) {
  if (reg >= 0 && c->nmemo < MAX_INSTR) c->memo[c->nmemo++] = (Memo){node, type, reg};
  return reg;
}

/* A register of type holding r's value. */
static int cast_reg(Compiler *c, int r, THScalarType type) {
  if (r < 0 || c->p->instr[r].type == type) return r;
  THScalarType from = c->p->instr[r].type;
  if (c->p->instr[r].kind == I_CONST) { /* fold: convert the element now */
    Instr k = {.kind = I_CONST, .type = type};
    th_cast_loops[type][from]((char *)&k.value, 0, (const char *)&c->p->instr[r].value, 0, 1);
    return emit(c, k);
  }
  return emit(c, (Instr){.kind = I_CAST, .type = type, .src = from, .in = {r},
                         .cast = th_cast_loops[type][from]});
}

/* The index of t among the plan's tensors, adding it. */
static int leaf_index(Compiler *c, THTensor *t) {
  THExprPlan *p = c->p;
  for (int k = 0; k < p->nleaves; k++)
    if (p->leaf[k] == t) return k;
  if (p->nleaves == MAX_LEAVES + 1) {
    TH_ERR_FN(TH_ERROR_VALUE, p->fn, "the expression reads more than %d tensors", MAX_LEAVES);
    return -1;
  }
  p->leaf[p->nleaves] = t;
  return p->nleaves++;
}

static int compile(Compiler *c, const THExpr *e, THScalarType type);

int th_expr_leaf_changed(const THExpr *leaf, const char *fn) {
  char was[256], now[256];
  const THTensor *t = leaf->tensor;
  th_format_shape(was, sizeof was, leaf->nDimension, leaf->size);
  th_format_shape(now, sizeof now, t->nDimension, th_sizes(t));
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "a tensor of the expression changed since the expression was "
            "built (%s %s, now %s %s): build the expression again", was,
            THScalarType_name(leaf->dtype), now, THScalarType_name(t->storage->dtype));
  return -1;
}

static int is_op(const THExpr *e) {
  return e->kind == TH_EXPR_KIND_UNARY || e->kind == TH_EXPR_KIND_BINARY ||
         e->kind == TH_EXPR_KIND_TERNARY;
}

/* e's value in its own register dtype (a weak scalar: its kind's). */
static int compile_natural(Compiler *c, const THExpr *e) {
  return compile(c, e, is_op(e) ? th_expr_compute_type(e->dtype) : e->dtype);
}

/* Scalar leaf e as one element of type: a typed one converted from its
 * dtype, a weak one as a C cast converts (torch: uint8 + 300 wraps, float16
 * + 1e6 overflows to inf). */
static void scalar_element(const THExpr *e, THScalarType type, th_element *out) {
  if (e->rank != TH_RANK_WEAK) {
    th_cast_loops[type][e->dtype]((char *)out, 0, (const char *)&e->element, 0, 1);
  } else if (e->dtype == TH_INT64 || e->dtype == TH_BOOL) {
    th_cast_loops[type][TH_INT64]((char *)out, 0, (const char *)&e->ivalue, 0, 1);
  } else {
    double part[2] = {e->re, e->im};
    th_cast_loops[type][TH_COMPLEX128]((char *)out, 0, (const char *)part, 0, 1);
  }
}

/* The product operand of an add that one addcmul pass can compute: a mul
 * computed in the add's own dtype, so that x + y*z rounds exactly as the two
 * kernels would (C11 does not contract it into an FMA), and of the add's
 * common dtype (a float16 product read by a float32 add is rounded first:
 * compile_operand). */
static const THExpr *fused_product(const THExpr *e, THScalarType in_type) {
  if (in_type == TH_BOOL || !th_expr_kernel_for(TH_EXPR_ADDCMUL, in_type, 0)) return NULL;
  THScalarType common = th_expr_common_type(e->operand, 2);
  for (int i = 0; i < 2; i++) {
    const THExpr *m = e->operand[i];
    if (m->kind != TH_EXPR_KIND_BINARY || m->op != TH_EXPR_MUL) continue;
    THScalarType r, mul_in;
    if (th_expr_op_types(TH_EXPR_MUL, th_expr_common_type(m->operand, 2), &r, &mul_in, NULL))
      continue;
    if (mul_in == in_type && th_expr_compute_type(r) == in_type && r == common) return m;
  }
  return NULL;
}

/* Operand x of a node whose operands meet in dtype common and are computed
 * in type. One of another dtype is converted to common first, as torch
 * converts it: float16 and bfloat16 compute in float32, but a uint16 65528
 * is inf in float16 before it is widened. But a wide operand (see
 * wide_operand) is read straight into type, as torch reads it: not
 * rounded to common. An operand already of common (an op's unrounded
 * result) is not rounded again: once, on store. An op of float16 or
 * bfloat16 read by a wider one is rounded to its dtype first, as its value
 * would be if evaluated alone. */
static int compile_operand(Compiler *c, const THExpr *x, THScalarType common,
                           THScalarType type, int wide) {
  if (common != type && x->dtype != common && th_expr_compute_type(common) == type)
    return cast_reg(c, compile(c, x, wide ? (is_op(x) ? x->dtype : type) : common), type);
  /* a logical op's operand (bool in, common not): torch converts it to common
   * before it is a truth value, so int8 & int64(256) tests 256 as int8 (0) and
   * float16 & float32(1e-8) tests 0 */
  if (type == TH_BOOL && common != TH_BOOL && x->dtype != common)
    return cast_reg(c, compile(c, x, common), type);
  if (x->dtype != common && is_op(x) && th_expr_compute_type(x->dtype) != x->dtype)
    return cast_reg(c, compile(c, x, x->dtype), type); /* rounded: see compile_value */
  return compile(c, x, type);
}

/* Whether operand i of op, x, is read in float32 however it compares with
 * the float16 or bfloat16 the operands meet in: torch 2.13's mul, div and
 * floor division of those dtypes take a second operand of one element
 * (broadcast: a Python number, a 0-dim tensor, a [1] tensor) at float32
 * (opmath) from its own dtype, where every other op and operand is
 * converted to float16 or bfloat16 first: f16 x * 0.001 multiplies by
 * 0.001f, not by 0.0010004, and f16 x / int32 -1543929816 divides by
 * -1.54e9f, not by -inf. */
static int wide_operand(THExprOp op, int i, const THExpr *x) {
  /* (and lerp's weight, which torch converts straight to float32: lerp(x,
   * y, 0.1) weighs float16 by 0.1f) */
  if (!(i == 2 && op == TH_EXPR_LERP) &&
      (i != 1 || (op != TH_EXPR_MUL && op != TH_EXPR_DIV && op != TH_EXPR_FLOOR_DIVIDE)))
    return 0;
  for (int d = 0; d < x->nDimension; d++)
    if (x->size[d] != 1) return 0;
  return 1;
}

/* e's value for a dst of dtype dt: an op's own value, rounded to its dtype
 * before it is cast into dst. A float16 or bfloat16 op computes in float32
 * (its register), and its result is float16 however wide dst is: f16 65504
 * + 65504 is inf, also into float32 (out=), as in torch. Into a dst of its
 * own dtype the one rounding is the store's. */
static int compile_value(Compiler *c, const THExpr *e, THScalarType dt) {
  if (dt != e->dtype && is_op(e) && th_expr_compute_type(e->dtype) != e->dtype)
    return compile(c, e, e->dtype);
  return compile_natural(c, e);
}

/* What x ** exponent runs as, for a float x: x * x, sqrt, rsqrt or
 * reciprocal for the exponents torch and numpy special-case the same way
 * (2, 0.5, -0.5, -1), as fast as those kernels and as exact; pow otherwise. */
static THExprOp power_op(const th_element *exponent, THScalarType type) {
  double y;
  if (type == TH_FLOAT32) y = *(const float *)exponent->bytes;
  else if (type == TH_FLOAT64) y = *(const double *)exponent->bytes;
  else return TH_EXPR_POW;
  return y == 2 ? TH_EXPR_MUL : y == 0.5 ? TH_EXPR_SQRT : y == -0.5 ? TH_EXPR_RSQRT
       : y == -1 ? TH_EXPR_RECIPROCAL : TH_EXPR_POW;
}

static int compile_op(Compiler *c, const THExpr *e, THScalarType *out_type) {
  THExprOp op = (THExprOp)e->op;
  int arity = THExprOp_arity(op);
  THScalarType result, in_type, common;
  if (op == TH_EXPR_WHERE) {
    result = common = e->dtype;
    in_type = th_expr_compute_type(e->dtype);
  } else {
    /* the operands' common dtype, as the node computed it */
    common = th_expr_common_type(e->operand, arity);
    if (th_expr_op_types(op, common, &result, &in_type, c->p->fn)) return -1;
  }
  Instr k = {.kind = I_OP, .op = (int)op, .type = th_expr_compute_type(result), .in = {-1, -1, -1}};
  const THExpr *product = op == TH_EXPR_ADD ? fused_product(e, in_type) : NULL;
  if (product) { /* x + y*z as one addcmul pass */
    op = TH_EXPR_ADDCMUL;
    k.op = (int)op;
    arity = 3;
    const THExpr *in[3] = {e->operand[e->operand[0] == product], product->operand[0],
                           product->operand[1]};
    THScalarType product_common = th_expr_common_type(product->operand, 2);
    for (int i = 0; i < 3; i++)
      if ((k.in[i] = compile_operand(c, in[i], i ? product_common : common, in_type,
                                     i == 2 && wide_operand(TH_EXPR_MUL, 1, in[i]))) < 0)
        return -1;
  }
  for (int i = 0; !product && i < arity; i++) {
    int condition = op == TH_EXPR_WHERE && i == 0;
    k.in[i] = condition ? compile(c, e->operand[i], TH_BOOL)
                        : compile_operand(c, e->operand[i], common, in_type,
                                          wide_operand(op, i, e->operand[i]));
    if (k.in[i] < 0) return -1;
  }
  THScalarType kernel_type = in_type;
  int constant = 0;
  if (arity == 2 && c->p->instr[k.in[1]].kind == I_CONST) constant = 2;
  else if (arity == 2 && c->p->instr[k.in[0]].kind == I_CONST) constant = 1;
  else if (arity == 3 && c->p->instr[k.in[1]].kind == I_CONST &&
           c->p->instr[k.in[2]].kind == I_CONST && th_expr_kernel_for(op, kernel_type, 3))
    constant = 3;
  /* (float16 and bfloat16 keep pow, as torch computes them) */
  if (op == TH_EXPR_POW && constant == 2 && result == in_type) {
    THExprOp power = power_op(&c->p->instr[k.in[1]].value, in_type);
    if (power != TH_EXPR_POW) {
      op = power;
      k.op = (int)op;
      k.in[1] = op == TH_EXPR_MUL ? k.in[0] : -1;
      constant = 0;
    }
  }
  k.fn = th_expr_kernel_for(op, kernel_type, constant);
  if (!k.fn) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, c->p->fn, "%s is not supported for %s", THExprOp_name(op),
              THScalarType_name(kernel_type));
    return -1;
  }
  *out_type = k.type;
  return emit(c, k);
}

/* A register of dtype type holding e's value. */
static int compile(Compiler *c, const THExpr *e, THScalarType type) {
  int r = memo_find(c, e, type);
  if (r >= 0) return r;
  switch (e->kind) {
    case TH_EXPR_KIND_TENSOR: {
      TH_CHECK_TENSOR_AS(e->tensor, c->p->fn, -1);
      if (!th_expr_leaf_intact(e)) return th_expr_leaf_changed(e, c->p->fn);
      int k = leaf_index(c, e->tensor);
      if (k < 0) return -1;
      THScalarType src = e->tensor->storage->dtype;
      r = emit(c, (Instr){.kind = I_LOAD, .type = type, .src = src, .leaf = k,
                          .cast = th_cast_loops[type][src]});
      break;
    }
    case TH_EXPR_KIND_SCALAR: {
      Instr k = {.kind = I_CONST, .type = type};
      scalar_element(e, type, &k.value);
      r = emit(c, k);
      break;
    }
    case TH_EXPR_KIND_CAST: {
      int in = compile_natural(c, e->operand[0]);
      r = cast_reg(c, cast_reg(c, in, e->dtype), type);
      break;
    }
    default: {
      int natural = memo_find(c, e, th_expr_compute_type(e->dtype));
      if (natural < 0) {
        THScalarType t;
        natural = compile_op(c, e, &t);
        memo_put(c, e, th_expr_compute_type(e->dtype), natural);
      }
      r = cast_reg(c, natural, type);
    }
  }
  return memo_put(c, e, type, r);
}

/* --------------------------------------------------------------- planning */

/* t's strides for dst's shape (0 where broadcast); e's shape was checked. */
static void broadcast_strides(const THTensor *dst, const THTensor *t, int64_t *out) {
  int lead = dst->nDimension - t->nDimension;
  for (int d = 0; d < dst->nDimension; d++) {
    int s = d - lead;
    out[d] = (s < 0 || th_sizes(t)[s] == 1) ? 0 : th_strides(t)[s];
  }
}

static int check_shape(const THTensor *dst, const THExpr *e, const char *fn) {
  int lead = dst->nDimension - e->nDimension;
  int ok = lead >= 0;
  for (int d = 0; ok && d < e->nDimension; d++)
    ok = e->size[d] == 1 || e->size[d] == th_sizes(dst)[lead + d];
  if (!ok) { /* torch's words and class: dst is an in-place operand or out */
    int nd = e->nDimension > dst->nDimension ? e->nDimension : dst->nDimension;
    int64_t both[TH_MAX_DIMS];
    for (int d = 0; d < nd; d++) {
      int i = d - (nd - dst->nDimension), j = d - (nd - e->nDimension);
      int64_t x = i >= 0 ? th_sizes(dst)[i] : 1, y = j >= 0 ? e->size[j] : 1;
      if (x != y && x != 1 && y != 1) {
        TH_ERR_FN(TH_ERROR_RUNTIME, fn, "The size of tensor a (%lld) must match the size of "
                  "tensor b (%lld) at non-singleton dimension %d", (long long)x, (long long)y, d);
        return -1;
      }
      both[d] = x == 1 ? y : x;
    }
    char a[256], b[256];
    th_format_shape(a, sizeof a, dst->nDimension, th_sizes(dst));
    th_format_shape(b, sizeof b, nd, both);
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "output with shape %s doesn't match the broadcast shape %s",
              a, b);
    return -1;
  }
  return th_check_writable(dst, "dst", fn);
}

static const THExprOp saver_ops[] = {
    [TH_SAVE_ADD] = TH_EXPR_ADD, [TH_SAVE_SUB] = TH_EXPR_SUB,
    [TH_SAVE_MUL] = TH_EXPR_MUL, [TH_SAVE_DIV] = TH_EXPR_DIV};

/* Room for the nodes of dst <op> e on the caller's stack. */
typedef struct Saved {
  THExpr leaf, op;
  int64_t size[TH_MAX_DIMS];
} Saved;

/* The expression a saver stores: e itself, or dst <op> e built in room
 * (borrowing dst and e), its dtype checked against dst's; NULL with the
 * error. */
static THExpr *saved_expr(THTensor *dst, THSaver saver, THExpr *e, Saved *room,
                          const char *fn) {
  if ((int)saver < TH_SAVE_ASSIGN || saver > TH_SAVE_DIV) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "invalid saver %d", (int)saver);
    return NULL;
  }
  if (saver == TH_SAVE_ASSIGN) return e;
  th_expr_leaf_init(&room->leaf, dst);
  THExpr *o[2] = {&room->leaf, e};
  if (th_expr_op_init(&room->op, room->size, saver_ops[saver], 2, o, fn)) return NULL;
  THScalarType dt = dst->storage->dtype;
  if (!THScalarType_canCast(room->op.dtype, dt)) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "result type %s can't be cast to the desired output type %s",
              THScalarType_name(room->op.dtype), THScalarType_name(dt));
    return NULL;
  }
  return &room->op;
}

static size_t align64(size_t n) { return (n + 63) & ~(size_t)63; }

/* Which register's buffer each register computes into: its own, or that
 * of an input computed just for it (an op or cast result used last here,
 * of the same element size), so that a chain such as b*c + 2 works in one
 * buffer instead of one per step. */
static void share_buffers(const THExprPlan *p, int *owner) {
  int last_use[MAX_INSTR];
  for (int i = 0; i < p->ninstr; i++) last_use[i] = i == p->result ? MAX_INSTR : -1;
  for (int i = 0; i < p->ninstr; i++) {
    const Instr *in = &p->instr[i];
    int n = in->kind == I_OP ? THExprOp_arity((THExprOp)in->op) : in->kind == I_CAST ? 1 : 0;
    for (int j = 0; j < n; j++)
      if (last_use[in->in[j]] < i) last_use[in->in[j]] = i;
  }
  for (int i = 0; i < p->ninstr; i++) {
    const Instr *in = &p->instr[i];
    owner[i] = i;
    for (int j = 0; in->kind == I_OP && j < THExprOp_arity((THExprOp)in->op); j++) {
      int r = in->in[j], kind = p->instr[r].kind;
      if ((kind == I_OP || kind == I_CAST) && last_use[r] == i &&
          th_elsize(p->instr[r].type) == th_elsize(in->type)) {
        owner[i] = owner[r];
        break;
      }
    }
  }
}

/* Bytes a box touches for each of its elements: the lines streamed from
 * every operand and into dst, and every buffer filled on the way (0 when
 * nothing is buffered: every operand read in place, the result written
 * straight into dst). */
static size_t box_footprint(const THExprPlan *p, const int *owner) {
  const THIter *it = &p->it;
  int inner = it->nDimension - 1;
  THScalarType dt = p->leaf[0]->storage->dtype;
  size_t streams = th_elsize(dt), buffers = 0;
  for (int i = 0; i < p->ninstr; i++) {
    const Instr *in = &p->instr[i];
    size_t esz = th_elsize(in->type);
    if (in->kind == I_LOAD) {
      ptrdiff_t s0 = it->stride[in->leaf][inner];
      if (s0 != 0) streams += th_elsize(in->src);
      if (in->src != in->type || s0 != (ptrdiff_t)esz) buffers += esz; /* gathered */
    } else if (owner[i] == i && !(i == p->result && in->type == dt)) {
      buffers += esz;
    }
  }
  return buffers ? streams + buffers : 0;
}

/* Chooses the box shape for the simplified iteration space. A box is sized
 * so that everything it touches fills half of L1: a buffer is still there
 * when the next op reads it, and the lines prefetched for the streams are
 * not evicted before they are used (on a 32 KiB L1, boxes of 4096 float32
 * made a += b*c + 2 1.6x and -(a + b) 1.4x slower than boxes of 512 and
 * 1024, the sizes this rule gives them). With nothing buffered a box is
 * as long as it may be. Tiles of a transposed operand stay 64 x 64. */
static void plan_boxes(THExprPlan *p, const int *owner) {
  THIter *it = &p->it;
  int inner = it->nDimension - 1, rowdim = inner - 1;
  int64_t n0 = it->numel ? it->size[inner] : 0, n1 = rowdim >= 0 ? it->size[rowdim] : 1;
  size_t footprint = box_footprint(p, owner);
  int64_t block = MAX_BOX, fit = footprint ? (int64_t)(th_l1d_bytes() / 2 / footprint) : MAX_BOX;
  while (block > MIN_BOX && block > fit) block /= 2;
  int transposed = 0;
  for (int k = 1; k < it->nOperands && rowdim >= 0; k++) {
    ptrdiff_t s0 = it->stride[k][inner], s1 = it->stride[k][rowdim];
    if (s1 != 0 && (s0 < 0 ? -s0 : s0) > (s1 < 0 ? -s1 : s1)) transposed = 1;
  }
  p->group = 1;
  if (transposed && n0 >= 8 && n1 >= 8) {
    p->group = GROUP;
    p->cols = n0 < TILE ? n0 : TILE;
    p->rows = n1 < TILE * TILE / p->cols ? n1 : TILE * TILE / p->cols;
    if (p->rows > TILE && p->cols == TILE) p->rows = TILE;
  } else if (n0 >= block / 2 || rowdim < 0) {
    p->cols = n0 < block ? n0 : block;
    p->rows = 1;
  } else {
    p->cols = n0;
    p->rows = n1 < block / n0 ? n1 : block / n0;
  }
  if (it->numel == 0) {
    p->nboxes = 0;
    return;
  }
  p->nc = (n0 + p->cols - 1) / p->cols;
  p->nr = (n1 + p->rows - 1) / p->rows;
  p->nouter = 1;
  for (int d = 0; d < rowdim; d++) p->nouter *= it->size[d];
  p->nboxes = p->nouter * p->nr * p->nc;
}

/* Gives each register its place in the workspace (see share_buffers). */
static void assign_buffers(THExprPlan *p, const int *owner) {
  size_t ws = 0, box = (size_t)(p->rows * p->cols);
  for (int i = 0; i < p->ninstr; i++) {
    if (owner[i] != i) {
      p->offset_of[i] = p->offset_of[owner[i]];
      continue;
    }
    p->offset_of[i] = ws;
    ws += align64(box * th_elsize(p->instr[i].type));
  }
  p->workspace = ws;
}

/* Fills a plan (already zeroed, dst and fn set): compiles, simplifies the
 * iteration space. The caller holds expr. */
static int plan_init(THExprPlan *p, THTensor *dst, THExpr *expr) {
  Compiler c;
  c.p = p;
  c.nmemo = 0;
  p->leaf[0] = dst;
  p->nleaves = 1;
  p->result = compile_value(&c, expr, dst->storage->dtype);
  if (p->result < 0) return -1;
  int64_t size1 = 1;
  const int64_t *strides[MAX_LEAVES + 1];
  char *data[MAX_LEAVES + 1];
  size_t elsize[MAX_LEAVES + 1];
  for (int k = 0; k < p->nleaves; k++) {
    broadcast_strides(dst, p->leaf[k], p->bstride[k]);
    strides[k] = p->bstride[k];
    data[k] = NULL;
    elsize[k] = th_elsize(p->leaf[k]->storage->dtype);
    p->offset[k] = p->leaf[k]->storageOffset;
  }
  if (p->ninstr == 1) { /* a copy or a fill: the move kernels walk dst themselves */
    p->nboxes = th_tensor_numel(dst) > 0;
    return 0;
  }
  int nd = dst->nDimension;
  th_iter_init(&p->it, p->nleaves, nd, nd ? th_sizes(dst) : &size1, strides, data, elsize);
  int owner[MAX_INSTR];
  share_buffers(p, owner);
  plan_boxes(p, owner);
  assign_buffers(p, owner);
  return 0;
}

/* ----------------------------------------------------------------- running */

typedef struct Run {
  const THExprPlan *p;
  int stream; /* see run_boxes */
  char *data[MAX_LEAVES + 1];
  char **workspaces; /* one per chunk */
  _Atomic int next_workspace;
  _Atomic int zero_division;
} Run;

/* The calling thread's workspace and one-shot plan, kept between calls
 * (a plan is ~40 KB, mostly room for 64 dims of 33 operands) and freed when
 * the thread exits. */
typedef struct ThreadCache {
  char *workspace;
  size_t size;
  THExprPlan *plan;
  int plan_busy;
} ThreadCache;

static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static _Thread_local ThreadCache *cache;

static void cache_free(void *c) {
  ThreadCache *tc = c;
  th_free(tc->workspace);
  free(tc->plan);
  free(tc);
}

static void cache_key_init(void) { pthread_key_create(&cache_key, cache_free); }

static ThreadCache *thread_cache(void) {
  if (TH_LIKELY(cache != NULL)) return cache;
  pthread_once(&cache_once, cache_key_init);
  cache = calloc(1, sizeof *cache);
  if (cache) pthread_setspecific(cache_key, cache);
  return cache;
}

static char *thread_workspace(size_t size) {
  ThreadCache *tc = thread_cache();
  if (!tc) return NULL;
  if (tc->size >= size) return tc->workspace;
  char *w = th_aligned_malloc(64, size);
  if (!w) return NULL;
  th_free(tc->workspace);
  tc->workspace = w;
  tc->size = size;
  return w;
}

static void splat(char *dst, const th_element *value, size_t elsize, int64_t n) {
  switch (elsize) {
    case 1: memset(dst, value->bytes[0], (size_t)n); break;
    case 2: { uint16_t v; memcpy(&v, value, 2); for (int64_t i = 0; i < n; i++) ((uint16_t *)dst)[i] = v; break; }
    case 4: { uint32_t v; memcpy(&v, value, 4); for (int64_t i = 0; i < n; i++) ((uint32_t *)dst)[i] = v; break; }
    case 8: { uint64_t v; memcpy(&v, value, 8); for (int64_t i = 0; i < n; i++) ((uint64_t *)dst)[i] = v; break; }
    default: for (int64_t i = 0; i < n; i++) memcpy(dst + i * 16, value, 16);
  }
}

/* Where box b of the grid lies: outer block o, box row rb, box column cb.
 * Grouped plans visit GROUP x GROUP boxes before moving on (see plan_boxes). */
static void box_position(const THExprPlan *p, int64_t b, int64_t *o, int64_t *rb,
                         int64_t *cb) {
  int64_t per = p->nr * p->nc, idx = b % per, g = p->group;
  *o = b / per;
  int64_t R = idx / (g * p->nc), j = idx - R * g * p->nc; /* group row R */
  int64_t gr = p->nr - R * g < g ? p->nr - R * g : g;
  int64_t C = j / (gr * g), k = j - C * gr * g; /* group C of that row */
  int64_t gc = p->nc - C * g < g ? p->nc - C * g : g;
  *rb = R * g + k / gc;
  *cb = C * g + k % gc;
}

/* One row of an op's operands, for th_stream_run. */
typedef struct StreamedRow {
  const Instr *in;
  const char *x[3];
  size_t esz[3];
} StreamedRow;

static void fill_streamed(void *ctx, int64_t i, int64_t n, char *out) {
  const StreamedRow *row = ctx;
  const char *x[3];
  for (int j = 0; j < 3; j++) x[j] = row->x[j] ? row->x[j] + i * (int64_t)row->esz[j] : NULL;
  row->in->fn(n, out, x[0], x[1], x[2]);
}

/* Whether every register op reads, and its output, hold the box's rows
 * back to back. */
static int box_packed(const Instr *in, int64_t rows, int64_t cols, ptrdiff_t out_rs,
                      const ptrdiff_t *rs, const size_t *esz, size_t out_esz) {
  int packed = rows == 1 || out_rs == (ptrdiff_t)(cols * (int64_t)out_esz);
  for (int j = 0; packed && j < THExprOp_arity((THExprOp)in->op); j++)
    packed = rs[in->in[j]] == (ptrdiff_t)(cols * (int64_t)esz[in->in[j]]);
  return packed;
}

/* Runs op over a box whose registers may be rows apart: one call when
 * every register is packed (its rows back to back), else one per row. */
static void run_op(const Instr *in, int64_t rows, int64_t cols, char *out, ptrdiff_t out_rs,
                   char *const *reg, const ptrdiff_t *rs, const size_t *esz, size_t out_esz) {
  int arity = THExprOp_arity((THExprOp)in->op);
  const char *a = reg[in->in[0]], *b = arity > 1 ? reg[in->in[1]] : NULL,
             *c = arity > 2 ? reg[in->in[2]] : NULL;
  if (box_packed(in, rows, cols, out_rs, rs, esz, out_esz)) {
    in->fn(rows * cols, out, a, b, c);
    return;
  }
  ptrdiff_t sa = rs[in->in[0]], sb = arity > 1 ? rs[in->in[1]] : 0,
            sc = arity > 2 ? rs[in->in[2]] : 0;
  for (int64_t r = 0; r < rows; r++)
    in->fn(cols, out + r * out_rs, a + r * sa, b ? b + r * sb : NULL, c ? c + r * sc : NULL);
}

/* run_op into dst with streaming stores (th_stream_run): a dst that no
 * operand reads and that would not stay in the caches is written without a
 * read for ownership of its lines. A packed box is one run; rows apart are
 * a run each when a row holds a chunk or more, else written as run_op
 * writes them (a call per short row would cost more than it saves).
 * Returns how many runs were streamed. */
static int64_t run_op_streamed(const Instr *in, int64_t rows, int64_t cols, char *out,
                               ptrdiff_t out_rs, char *const *reg, const ptrdiff_t *rs,
                               const size_t *esz, size_t out_esz) {
  int packed = box_packed(in, rows, cols, out_rs, rs, esz, out_esz);
  if (!packed && cols * (int64_t)out_esz < TH_STREAM_CHUNK) {
    run_op(in, rows, cols, out, out_rs, reg, rs, esz, out_esz);
    return 0;
  }
  StreamedRow row = {in, {NULL, NULL, NULL}, {0, 0, 0}};
  int arity = THExprOp_arity((THExprOp)in->op);
  int64_t runs = packed ? 1 : rows, n = packed ? rows * cols : cols, streamed = 0;
  for (int64_t r = 0; r < runs; r++) {
    for (int j = 0; j < arity; j++) {
      row.x[j] = reg[in->in[j]] + r * rs[in->in[j]];
      row.esz[j] = esz[in->in[j]];
    }
    streamed += th_stream_run(out + r * out_rs, out_esz, n, fill_streamed, &row);
  }
  return streamed;
}

/* Runs the boxes [begin, end) with workspace ws; stream: the result goes
 * into dst with streaming stores where it can (run_op_streamed). */
static void run_boxes(const THExprPlan *p, char *const *data, char *ws, int64_t begin,
                      int64_t end, int stream) {
  const THIter *it = &p->it;
  int inner = it->nDimension - 1, rowdim = inner - 1;
  int64_t n0 = it->size[inner], n1 = rowdim >= 0 ? it->size[rowdim] : 1;
  char *reg[MAX_INSTR], *buf[MAX_INSTR];
  ptrdiff_t rs[MAX_INSTR]; /* bytes between a register's rows */
  size_t esz[MAX_INSTR];
  int64_t boxmax = p->rows * p->cols;
  char uniform[MAX_INSTR] = {0}; /* loads of one element for all (x / x.sum()) */
  for (int i = 0; i < p->ninstr; i++) {
    const Instr *in = &p->instr[i];
    esz[i] = th_elsize(in->type);
    buf[i] = ws + p->offset_of[i];
    if (in->kind == I_CONST) splat(buf[i], &in->value, esz[i], boxmax);
    if (in->kind == I_LOAD) {
      uniform[i] = 1;
      for (int d = 0; d < it->nDimension; d++) uniform[i] &= it->stride[in->leaf][d] == 0;
      if (uniform[i]) { /* converted and spread once, not gathered for every box */
        th_element value;
        in->cast((char *)&value, 0, data[in->leaf], 0, 1);
        splat(buf[i], &value, esz[i], boxmax);
      }
    }
    reg[i] = buf[i];
  }
  const Instr *last = &p->instr[p->result];
  THScalarType dt = p->leaf[0]->storage->dtype;
  size_t dsz = th_elsize(dt);
  int64_t streamed = 0; /* runs */
  ptrdiff_t d0 = it->stride[0][inner], d1 = rowdim >= 0 ? it->stride[0][rowdim] : 0;
  /* the box's position, decoded once and then stepped (cb fastest), or
   * decoded for each box of a grouped plan */
  int64_t o = begin / (p->nr * p->nc), rem = begin % (p->nr * p->nc);
  int64_t rb = rem / p->nc, cb = rem % p->nc, outer_o = -1;
  char *outer[MAX_LEAVES + 1]; /* each operand at the start of outer block o */
  for (int64_t b = begin; b < end; b++) {
    if (p->group > 1) box_position(p, b, &o, &rb, &cb);
    if (o != outer_o) {
      for (int k = 0; k < it->nOperands; k++) {
        char *ptr = data[k];
        int64_t rest = o;
        for (int d = rowdim - 1; d >= 0; d--) {
          ptr += (rest % it->size[d]) * it->stride[k][d];
          rest /= it->size[d];
        }
        outer[k] = ptr;
      }
      outer_o = o;
    }
    int64_t r0 = rb * p->rows, c0 = cb * p->cols;
    int64_t rows = n1 - r0 < p->rows ? n1 - r0 : p->rows;
    int64_t cols = n0 - c0 < p->cols ? n0 - c0 : p->cols;
    char *base[MAX_LEAVES + 1];
    for (int k = 0; k < it->nOperands; k++)
      base[k] = outer[k] + c0 * it->stride[k][inner] +
                (rowdim >= 0 ? r0 * it->stride[k][rowdim] : 0);
    if (p->group == 1 && ++cb == p->nc) {
      cb = 0;
      if (++rb == p->nr) {
        rb = 0;
        o++;
      }
    }
    /* rows of an operand or of dst are used where they lie when each is
     * contiguous and long enough for a kernel call per row to pay */
    int rows_apart_ok = rows == 1 || cols >= TILE;
    int dst_direct = last->kind == I_OP && last->type == dt && d0 == (ptrdiff_t)dsz &&
                     (rows_apart_ok || d1 == (ptrdiff_t)(cols * (int64_t)dsz));
    for (int i = 0; i < p->ninstr; i++) {
      const Instr *in = &p->instr[i];
      ptrdiff_t packed = (ptrdiff_t)(cols * (int64_t)esz[i]);
      switch (in->kind) {
        case I_LOAD: {
          int k = in->leaf;
          ptrdiff_t s0 = it->stride[k][inner], s1 = rowdim >= 0 ? it->stride[k][rowdim] : 0;
          rs[i] = packed;
          if (uniform[i]) {
            reg[i] = buf[i];
          } else if (in->src == in->type && s0 == (ptrdiff_t)esz[i] &&
                     (rows_apart_ok || s1 == packed)) {
            reg[i] = base[k];
            rs[i] = s1;
          } else if (rows > 1 && s1 != 0 && (s0 < 0 ? -s0 : s0) > (s1 < 0 ? -s1 : s1)) {
            /* across dst's rows: read along the operand's memory, a column
             * of the box at a time (a row of the box would touch one cache
             * set per element) */
            reg[i] = buf[i];
            if (in->src == in->type && esz[i] == 4 && s1 == 4) {
              th_transpose32(buf[i], packed, base[k], s0, rows, cols);
            } else {
              for (int64_t col = 0; col < cols; col++)
                in->cast(buf[i] + col * (int64_t)esz[i], packed, base[k] + col * s0, s1, rows);
            }
          } else if (s0 == 0) { /* a column broadcast along the rows: one value a row */
            reg[i] = buf[i];
            for (int64_t r = 0; r < rows; r++) {
              th_element value;
              in->cast((char *)&value, 0, base[k] + r * s1, 0, 1);
              splat(buf[i] + r * packed, &value, esz[i], cols);
            }
          } else {
            reg[i] = buf[i];
            for (int64_t r = 0; r < rows; r++)
              in->cast(buf[i] + r * packed, (ptrdiff_t)esz[i], base[k] + r * s1, s0, cols);
          }
          break;
        }
        case I_CONST:
          rs[i] = packed;
          break;
        case I_CAST: {
          int a = in->in[0];
          rs[i] = packed;
          if (rows == 1 || rs[a] == (ptrdiff_t)(cols * (int64_t)esz[a])) {
            in->cast(buf[i], (ptrdiff_t)esz[i], reg[a], (ptrdiff_t)esz[a], rows * cols);
          } else {
            for (int64_t r = 0; r < rows; r++)
              in->cast(buf[i] + r * packed, (ptrdiff_t)esz[i], reg[a] + r * rs[a],
                       (ptrdiff_t)esz[a], cols);
          }
          break;
        }
        default: {
          int direct = in == last && dst_direct;
          char *out = direct ? base[0] : buf[i];
          ptrdiff_t out_rs = direct ? d1 : packed;
          if (direct && stream)
            streamed += run_op_streamed(in, rows, cols, out, out_rs, reg, rs, esz, esz[i]);
          else
            run_op(in, rows, cols, out, out_rs, reg, rs, esz, esz[i]);
          reg[i] = out;
          rs[i] = out_rs;
        }
      }
    }
    if (!dst_direct) { /* cast the result into dst, row by row */
      th_cast_loop store = th_cast_loops[dt][last->type];
      for (int64_t r = 0; r < rows; r++)
        store(base[0] + r * d1, d0, reg[p->result] + r * rs[p->result],
              (ptrdiff_t)esz[p->result], cols);
    }
  }
  if (stream) {
    th_stream_fence();
    atomic_fetch_add_explicit(&th_streamed_runs, streamed, memory_order_relaxed);
  }
}

/* What an integer floor division or remainder by zero raises (the kernels
 * give 0 and set th_expr_zero_division). */
static void report_zero_division(const char *fn) {
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "ZeroDivisionError: integer division by zero");
}

static void run_chunk(int64_t begin, int64_t end, void *ctx) {
  Run *run = ctx;
  int i = atomic_fetch_add(&run->next_workspace, 1);
  th_expr_zero_division = 0;
  run_boxes(run->p, run->data, run->workspaces[i], begin, end, run->stream);
  if (th_expr_zero_division) atomic_store(&run->zero_division, 1);
}

/* Whether t's bytes overlap dst's, other than as the very same view. */
static int needs_snapshot(const THExprPlan *p, int k) {
  const THTensor *dst = p->leaf[0], *t = p->leaf[k];
  if (t == dst || !t->storage->data || !dst->storage->data) return 0;
  if (th_tensor_numel(t) == 0 || th_tensor_numel(dst) == 0 || !th_tensors_meet(dst, t)) return 0;
  int same = th_tensor_bytes(t) == th_tensor_bytes(dst) &&
             t->storage->dtype == dst->storage->dtype;
  for (int d = 0; same && d < dst->nDimension; d++) same = p->bstride[k][d] == th_strides(dst)[d];
  return !same;
}

/* The ops that keep a core busier than its memory (libm's functions): a
 * kernel call per chunk made libmvec's exp 7% slower streamed, and there is
 * no memory traffic worth saving. exp is not one now: float32's is th's own
 * vector exp, which prefetches its input, and 16M float32 ran 8.9 -> 5.3
 * ms streamed, 8M float64 (libmvec's) 9.6 -> 7.5 ms; complex exp (cexp a
 * element) is slow either way (4M complex64: 54.0 -> 52.6 ms). */
static int compute_bound(THExprOp op) {
  switch (op) {
    case TH_EXPR_LOG: case TH_EXPR_LOG1P: case TH_EXPR_EXPM1:
    case TH_EXPR_SIN: case TH_EXPR_COS: case TH_EXPR_TANH: case TH_EXPR_SIGMOID:
    case TH_EXPR_POW: case TH_EXPR_ATAN2: case TH_EXPR_ACOS: case TH_EXPR_ASIN:
    case TH_EXPR_ATAN: case TH_EXPR_COSH: case TH_EXPR_SINH: case TH_EXPR_TAN:
    case TH_EXPR_ASINH: case TH_EXPR_ACOSH: case TH_EXPR_ATANH:
    case TH_EXPR_LOG2: case TH_EXPR_LOG10: case TH_EXPR_EXP2: case TH_EXPR_SINC:
    case TH_EXPR_ERF: case TH_EXPR_ERFC: case TH_EXPR_ERFINV: case TH_EXPR_LGAMMA:
    case TH_EXPR_DIGAMMA: case TH_EXPR_POLYGAMMA: case TH_EXPR_HYPOT:
    case TH_EXPR_LOGADDEXP: case TH_EXPR_LOGADDEXP2: case TH_EXPR_XLOGY:
      return 1;
    default:
      return 0;
  }
}

/* Whether the result may be streamed into dst (run_op_streamed): dst is
 * big, written row by row (not in the tiles of a transposed operand: 64 rows
 * of partial lines at once), its elements fill cache lines evenly, the last
 * op is not compute-bound, and no operand reads its memory, which a
 * streaming store would evict. */
static int can_stream(const THExprPlan *p, char *const *data) {
  const THTensor *dst = p->leaf[0];
  size_t dsz = th_elsize(dst->storage->dtype);
  const Instr *last = &p->instr[p->result];
  if (!th_can_stream(data[0], dsz, th_tensor_numel(dst) * (int64_t)dsz) || p->group > 1 ||
      (last->kind == I_OP && compute_bound((THExprOp)last->op)))
    return 0;
  for (int i = 0; i < p->ninstr; i++)
    if (p->instr[i].kind == I_LOAD && p->instr[i].leaf == 0) return 0; /* dst += ... */
  for (int k = 1; k < p->nleaves; k++) {
    const THTensor *t = p->leaf[k];
    if (data[k] != th_tensor_bytes(t) || th_tensor_numel(t) == 0) continue; /* a snapshot */
    if (th_tensors_meet(dst, t)) return 0;
  }
  return 1;
}

static int geometry_changed(const THExprPlan *p) {
  for (int k = 0; k < p->nleaves; k++) {
    const THTensor *t = p->leaf[k];
    if (t->storageOffset != p->offset[k] || t->nDimension != p->nd[k] ||
        t->storage->dtype != p->dtype[k])
      return 1;
    if (memcmp(th_sizes(t), p->size[k], sizeof(int64_t) * (size_t)t->nDimension)) return 1;
    int64_t bs[TH_MAX_DIMS];
    if (t->nDimension > p->leaf[0]->nDimension) return 1;
    broadcast_strides(p->leaf[0], t, bs);
    if (memcmp(bs, p->bstride[k], sizeof(int64_t) * (size_t)p->leaf[0]->nDimension)) return 1;
  }
  return 0;
}

static int plan_run(const THExprPlan *p) {
  if (p->nboxes == 0) return 0;
  Run run;
  run.p = p;
  atomic_init(&run.next_workspace, 0);
  atomic_init(&run.zero_division, 0);
  THTensor *snapshot[MAX_LEAVES + 1];
  int status = -1;
  char *workspaces[8] = {NULL};
  int nthreads = 1;
  for (int k = 0; k < p->nleaves; k++) snapshot[k] = NULL;
  for (int k = 0; k < p->nleaves; k++) {
    TH_CHECK_TENSOR_AS(p->leaf[k], p->fn, -1);
    if (needs_snapshot(p, k)) {
      const THTensor *t = p->leaf[k];
      snapshot[k] = th_tensor_new_with_size(t->storage->dtype, t->nDimension, th_sizes(t),
                                            th_strides(t), p->fn);
      if (!snapshot[k]) goto done;
      th_copy_strided(snapshot[k], th_tensor_bytes(t), t->storage->dtype, th_strides(t));
      run.data[k] = th_tensor_bytes(snapshot[k]);
    } else {
      run.data[k] = th_tensor_bytes(p->leaf[k]);
    }
  }
  if (p->ninstr == 1) { /* a copy or a fill: the move kernels, tiled and threaded their own way */
    const Instr *in = &p->instr[0];
    if (in->kind == I_LOAD) {
      th_copy_strided(p->leaf[0], run.data[in->leaf], in->src, p->bstride[in->leaf]);
    } else {
      th_element pattern;
      THScalarType dt = p->leaf[0]->storage->dtype;
      th_cast_loops[dt][in->type]((char *)&pattern, 0, (const char *)&in->value, 0, 1);
      th_fill_tensor(p->leaf[0], &pattern);
    }
    status = 0;
    goto done;
  }
  int64_t bytes = 0;
  for (int k = 0; k < p->nleaves; k++)
    bytes += (int64_t)th_elsize(p->leaf[k]->storage->dtype);
  bytes *= p->it.numel;
  if (bytes >= TH_PARALLEL_MIN_BYTES && p->nboxes > 1) {
    nthreads = THGetNumThreads();
    if (nthreads > 8) nthreads = 8;
    if (nthreads > p->nboxes) nthreads = (int)p->nboxes;
  }
  workspaces[0] = thread_workspace(p->workspace ? p->workspace : 64);
  if (!workspaces[0]) {
    TH_ERR_FN(TH_ERROR_MEMORY, p->fn, "out of memory for the expression's workspace");
    goto done;
  }
  for (int i = 1; i < nthreads; i++) {
    workspaces[i] = th_aligned_malloc(64, p->workspace ? p->workspace : 64);
    if (!workspaces[i]) nthreads = i; /* fewer threads, not a failure */
  }
  run.workspaces = workspaces;
  run.stream = can_stream(p, run.data);
  if (nthreads > 1) {
    th_parallel_for(p->nboxes, (p->nboxes + nthreads - 1) / nthreads, run_chunk, &run);
  } else {
    th_expr_zero_division = 0;
    run_boxes(p, run.data, workspaces[0], 0, p->nboxes, run.stream);
    run.zero_division = th_expr_zero_division;
  }
  if (run.zero_division) {
    report_zero_division(p->fn);
    goto done;
  }
  status = 0;
done:
  for (int i = 1; i < nthreads; i++) th_free(workspaces[i]);
  for (int k = 0; k < p->nleaves; k++)
    if (snapshot[k]) THTensor_free(snapshot[k]);
  return status;
}

/* -------------------------------------------------------------- public */

static int check_args(THTensor *dst, THExpr *e, const char *fn) {
  if (!dst || !e) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", dst ? "expression" : "dst");
    return -1;
  }
  TH_CHECK_TENSOR_AS(dst, fn, -1);
  if (TH_UNLIKELY(atomic_load_explicit(&e->refcount, memory_order_relaxed) <= 0)) {
    th_report_dead(TH_OBJECT_EXPR, e, e->track, fn, 0);
    return -1;
  }
  return check_shape(dst, e, fn);
}

/* A plan for one evaluation: the thread's cached one unless it is in use
 * (an error handler or allocator that evaluates), else a new one. */
static THExprPlan *oneshot_plan(int *cached) {
  ThreadCache *tc = thread_cache();
  *cached = 0;
  if (tc && !tc->plan_busy) {
    if (!tc->plan) tc->plan = malloc(sizeof(THExprPlan));
    if (tc->plan) {
      tc->plan_busy = 1;
      *cached = 1;
      return tc->plan;
    }
  }
  return malloc(sizeof(THExprPlan));
}

int th_expr_store(THTensor *dst, THExpr *whole, const char *fn) {
  int cached, status = -1;
  /* every write of the engine (fills, copies, assignments) comes here */
  if (th_storage_check_not_readonly(dst->storage, "the tensor", fn)) return -1;
  THExprPlan *p = oneshot_plan(&cached);
  if (!p) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "out of memory for the expression's plan");
  } else {
    memset(p, 0, offsetof(THExprPlan, instr));
    p->fn = fn;
    p->dst = dst;
    if (!plan_init(p, dst, whole)) status = plan_run(p);
    if (cached) thread_cache()->plan_busy = 0;
    else free(p);
  }
  return status;
}

/* One op (a * b, a + 1, x.exp()) of up to DIRECT_MAX elements whose
 * operands are contiguous tensors of the kernel's dtype, of dst's shape, and
 * dst or apart from it, or one scalar: the kernel is called at once, with no
 * plan. A plan costs ~0.2 us: most of a call on a few elements, and th.mul
 * of 16K float32 measured 1.01x numpy's with one, 0.90x without. DIRECT_MAX
 * keeps such work under the threading and streaming thresholds (65536
 * complex128 elements, three operands: 3 MiB). Returns 1 when done, 0 when
 * the engine must plan, -1 on a zero division. */
#define DIRECT_MAX 65536
static int run_direct(THTensor *dst, THSaver saver, const THExpr *e, const char *fn) {
  if (saver != TH_SAVE_ASSIGN ||
      (e->kind != TH_EXPR_KIND_UNARY && e->kind != TH_EXPR_KIND_BINARY))
    return 0;
  THScalarType dt = dst->storage->dtype, result, in_type;
  int64_t n = th_tensor_numel(dst);
  if (n > DIRECT_MAX || e->dtype != dt || th_expr_compute_type(dt) != dt ||
      !THTensor_isContiguous(dst))
    return 0;
  THExprOp op = (THExprOp)e->op;
  int arity = THExprOp_arity(op);
  THScalarType common = th_expr_common_type(e->operand, arity);
  if (th_expr_op_types(op, common, &result, &in_type, fn) || result != dt)
    return 0; /* (the node was built: its types are valid) */
  char *out = th_tensor_bytes(dst);
  const char *x[2] = {NULL, NULL};
  th_element scalar;
  int constant = 0; /* as th_expr_kernel_for: which operand is a scalar */
  for (int i = 0; i < arity; i++) {
    THTensor *t = e->operand[i]->tensor;
    if (e->operand[i]->kind == TH_EXPR_KIND_SCALAR && arity == 2 && !constant &&
        op != TH_EXPR_POW) { /* (pow's exponents 2, 0.5, ... are rewritten: compile_op) */
      /* a logical op's scalar is a truth value of common's (compile_operand) */
      if (in_type == TH_BOOL && common != TH_BOOL && e->operand[i]->dtype != common) {
        th_element wide;
        scalar_element(e->operand[i], common, &wide);
        th_cast_loops[TH_BOOL][common]((char *)&scalar, 0, (const char *)&wide, 0, 1);
      } else {
        scalar_element(e->operand[i], in_type, &scalar);
      }
      x[i] = (const char *)&scalar;
      constant = i + 1;
      continue;
    }
    if (e->operand[i]->kind != TH_EXPR_KIND_TENSOR) return 0;
    TH_CHECK_TENSOR_AS(t, fn, -1);
    if (!th_expr_leaf_intact(e->operand[i]) || t->storage->dtype != in_type ||
        !th_has_shape(t, dst->nDimension, th_sizes(dst)) || !THTensor_isContiguous(t))
      return 0;
    x[i] = th_tensor_bytes(t);
    if (x[i] != out && n > 0 && th_tensors_meet(dst, t)) return 0; /* overlap: buffered */
  }
  th_expr_kernel kernel = th_expr_kernel_for(op, in_type, constant);
  if (!kernel) return 0;
  th_expr_zero_division = 0;
  kernel(n, out, x[0], x[1], NULL);
  if (th_expr_zero_division) {
    report_zero_division(fn);
    return -1;
  }
  return 1;
}

int th_expr_assign(THTensor *dst, THSaver saver, THExpr *e, const char *fn) {
  if (check_args(dst, e, fn)) return -1;
  if (e->has_dot) return th_expr_assign_dots(dst, saver, e, fn);
  int direct = run_direct(dst, saver, e, fn);
  if (direct) return direct < 0 ? -1 : 0;
  Saved room;
  THExpr *whole = saved_expr(dst, saver, e, &room, fn);
  if (!whole) return -1;
  return th_expr_store(dst, whole, fn);
}

int THTensor_assign(THTensor *dst, THSaver saver, THExpr *e) {
  return th_expr_assign(dst, saver, e, __func__);
}

THTensor *THTensor_newEval(THExpr *e) {
  if (!e) {
    TH_ERR(TH_ERROR_VALUE, "expression is NULL");
    return NULL;
  }
  THTensor *r = th_tensor_new_with_size(e->dtype, e->nDimension, e->size, NULL, __func__);
  if (!r) return NULL;
  if (th_expr_assign(r, TH_SAVE_ASSIGN, e, __func__)) {
    THTensor_free(r);
    return NULL;
  }
  return r;
}

THExprPlan *THExprPlan_new(THTensor *dst, THSaver saver, THExpr *e) {
  if (check_args(dst, e, __func__)) return NULL;
  if (e->has_dot) {
    TH_ERR(TH_ERROR_RUNTIME, "an expression holding a dot node cannot be planned: "
                             "evaluate it with THTensor_assign");
    return NULL;
  }
  Saved room; /* compiled now; the plan keeps dst and e, which own every tensor read */
  THExpr *whole = saved_expr(dst, saver, e, &room, __func__);
  if (!whole) return NULL;
  THExprPlan *p = th_malloc(sizeof *p);
  if (!p) {
    TH_ERR(TH_ERROR_MEMORY, "out of memory for the expression's plan");
    return NULL;
  }
  memset(p, 0, offsetof(THExprPlan, instr));
  p->fn = "THExprPlan_run";
  if (plan_init(p, dst, whole)) {
    th_free(p);
    return NULL;
  }
  for (int k = 0; k < p->nleaves; k++) {
    p->nd[k] = p->leaf[k]->nDimension;
    p->dtype[k] = p->leaf[k]->storage->dtype; /* set_() can change it, and the kernels */
    memcpy(p->size[k], th_sizes(p->leaf[k]), sizeof(int64_t) * (size_t)p->nd[k]);
  }
  THTensor_retain(dst);
  THExpr_retain(e);
  p->dst = dst;
  p->expr = e;
  atomic_fetch_add_explicit(&live_plans, 1, memory_order_relaxed);
  return p;
}

int THExprPlan_run(THExprPlan *plan) {
  if (!plan) {
    TH_ERR(TH_ERROR_VALUE, "plan is NULL");
    return -1;
  }
  for (int k = 0; k < plan->nleaves; k++) TH_CHECK_TENSOR(plan->leaf[k], -1);
  /* (set_ may have pointed dst at read-only memory since it was planned) */
  if (th_storage_check_not_readonly(plan->dst->storage, "dst", "THExprPlan_run")) return -1;
  if (geometry_changed(plan)) {
    TH_ERR(TH_ERROR_RUNTIME, "a tensor of the plan changed its geometry or dtype since it was "
           "planned");
    return -1;
  }
  return plan_run(plan);
}

void THExprPlan_free(THExprPlan *plan) {
  if (!plan) return;
  THTensor_free(plan->dst);
  THExpr_free(plan->expr);
  atomic_fetch_sub_explicit(&live_plans, 1, memory_order_relaxed);
  th_free(plan);
}
