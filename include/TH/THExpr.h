/* THExpr.h: element-wise expressions evaluated in one pass (mshadow's Exp,
 * Plan and savers, built at run time).
 *
 * An expression is a tree of refcounted nodes under the Golden Rule, like
 * tensors: a leaf holding a tensor (retained; transposes, slices and
 * broadcasts are just the tensor's view), a scalar, a unary, binary or
 * ternary operation, or a typecast. Builders borrow their operands and retain
 * them; each ...Move form steals its operands instead (on success and on
 * failure alike), so that C code can nest calls without temporaries:
 *
 *   THExpr *e = THExpr_newBinaryMove(TH_EXPR_ADD,
 *       THExpr_newBinaryMove(TH_EXPR_MUL, THExpr_newTensor(B), THExpr_newTensor(C)),
 *       THExpr_newWeakDouble(2));
 *   if (!e || THTensor_assign(A, TH_SAVE_ADD, e)) ...   // A += B * C + 2
 *   THExpr_free(e);
 *
 * A Move builder given a NULL operand (a failed inner builder) frees the
 * others and returns NULL without reporting again, so one check at the end
 * of a nested build suffices.
 *
 * Shape (broadcasting, numpy's rule) and dtype (torch's type promotion,
 * torch.result_type) are computed and checked when a node is built; a bad
 * node is refused with the usual error. Python numbers are "weak" scalars,
 * as in torch: they take part in promotion only when their kind (bool <
 * integer < floating < complex) is higher than the tensors'. A typed scalar
 * counts as a 0-dim tensor (torch's rule: dimensioned tensors > 0-dim tensors
 * > weak scalars). float16 and bfloat16 compute in float32 and round once on
 * store. Complex supports what torch's complex supports: arithmetic, pow,
 * abs (a real result), the exponential, logarithmic, trigonometric,
 * hyperbolic and sigmoid functions, sinc, lerp, logaddexp, isnan, isinf,
 * isfinite, ==, != and the logical ops (and real, imag: a complex's parts); ordering comparisons, minimum/maximum,
 * fmax/fmin, clamp, sign, signbit, rounding, frac, floor division, remainder,
 * fmod, atan2, copysign, hypot, xlogy, logaddexp2, erf, erfc, erfinv,
 * lgamma, digamma and polygamma refuse it (NotImplementedError kind), as
 * do bitwise ops and shifts on floats, frac, hypot, lerp and logaddexp on
 * integers, and neg/sub on bool. Integer ops wrap on overflow; sign(NaN) is
 * 0, as in torch.
 *
 * Nodes read their tensors when they are evaluated, not when they are built.
 * Every function's ownership is listed in docs/REFCOUNT.md. */
#ifndef TH_EXPR_H
#define TH_EXPR_H

#include "THGeneral.h"
#include "THTensor.h"

typedef struct THExpr THExpr;

typedef enum THExprOp {
  /* unary */
  TH_EXPR_NEG, TH_EXPR_ABS, TH_EXPR_SIGN, TH_EXPR_SQRT, TH_EXPR_RSQRT, TH_EXPR_EXP,
  TH_EXPR_LOG, TH_EXPR_LOG1P, TH_EXPR_EXPM1, TH_EXPR_SIN, TH_EXPR_COS, TH_EXPR_TANH,
  TH_EXPR_SIGMOID, TH_EXPR_FLOOR, TH_EXPR_CEIL, TH_EXPR_ROUND, TH_EXPR_TRUNC,
  TH_EXPR_RECIPROCAL, TH_EXPR_LOGICAL_NOT, TH_EXPR_BITWISE_NOT,
  TH_EXPR_ACOS, TH_EXPR_ASIN, TH_EXPR_ATAN, TH_EXPR_COSH, TH_EXPR_SINH, TH_EXPR_TAN,
  TH_EXPR_ASINH, TH_EXPR_ACOSH, TH_EXPR_ATANH,
  TH_EXPR_LOG2, TH_EXPR_LOG10, TH_EXPR_EXP2, TH_EXPR_SINC, /* sin(pi x) / (pi x), 1 at 0 */
  TH_EXPR_ERF, TH_EXPR_ERFC, TH_EXPR_ERFINV, TH_EXPR_LGAMMA, TH_EXPR_DIGAMMA,
  TH_EXPR_FRAC,    /* x - trunc(x) (floats only) */
  TH_EXPR_ISNAN, TH_EXPR_ISINF, TH_EXPR_ISFINITE, TH_EXPR_ISPOSINF, TH_EXPR_ISNEGINF,
  TH_EXPR_SIGNBIT, /* bool results; a complex is NaN or infinite when a part is */
  TH_EXPR_REAL, TH_EXPR_IMAG, /* a complex's parts (a real's: itself and 0) */
  /* binary */
  TH_EXPR_ADD, TH_EXPR_SUB, TH_EXPR_MUL, TH_EXPR_DIV, TH_EXPR_FLOOR_DIVIDE,
  TH_EXPR_REMAINDER, TH_EXPR_POW, TH_EXPR_MINIMUM, TH_EXPR_MAXIMUM, TH_EXPR_ATAN2,
  TH_EXPR_EQ, TH_EXPR_NE, TH_EXPR_LT, TH_EXPR_LE, TH_EXPR_GT, TH_EXPR_GE,
  TH_EXPR_LOGICAL_AND, TH_EXPR_LOGICAL_OR, TH_EXPR_LOGICAL_XOR,
  TH_EXPR_BITWISE_AND, TH_EXPR_BITWISE_OR, TH_EXPR_BITWISE_XOR,
  TH_EXPR_FMOD,        /* C's fmod and %: the dividend's sign (remainder: the divisor's) */
  TH_EXPR_COPYSIGN, TH_EXPR_HYPOT, TH_EXPR_LOGADDEXP, TH_EXPR_LOGADDEXP2,
  TH_EXPR_XLOGY,       /* x * log(y); 0 where x is 0, NaN where y is NaN */
  TH_EXPR_FMAX, TH_EXPR_FMIN, /* NaN ignored unless both are NaN */
  TH_EXPR_BITWISE_LEFT_SHIFT, TH_EXPR_BITWISE_RIGHT_SHIFT, /* a shift by a negative count
                       * or by the width or more: 0 (left), the sign's fill (right) */
  TH_EXPR_POLYGAMMA,   /* polygamma(n, x): n a whole number >= 0 (NaN otherwise) */
  TH_EXPR_COMPLEX,     /* complex(re, im) of two floats: complex64, or complex128 for float64 */
  /* ternary */
  TH_EXPR_WHERE,   /* where(cond, a, b): cond is bool */
  TH_EXPR_CLAMP,   /* clamp(x, lo, hi) = minimum(maximum(x, lo), hi), NaN propagates */
  TH_EXPR_ADDCMUL, /* addcmul(x, y, z) = x + y * z (TH's addcmul with value 1) */
  TH_EXPR_LERP,    /* lerp(x, y, w) = x + w * (y - x), torch's two forms by |w| < 0.5 */
  TH_EXPR_FMA,     /* fma(x, y, z) = x + y * z rounded once for floats (torch's addcmul
                    * and add with alpha); addcmul's product is rounded first, as a
                    * lazy x + y * z written out */
  TH_EXPR_NUM_OPS
} THExprOp;

/* What a node is. */
typedef enum THExprKind {
  TH_EXPR_KIND_TENSOR, TH_EXPR_KIND_SCALAR, TH_EXPR_KIND_UNARY, TH_EXPR_KIND_BINARY,
  TH_EXPR_KIND_TERNARY, TH_EXPR_KIND_CAST, TH_EXPR_KIND_DOT
} THExprKind;

/* mshadow's savers: how the value is stored into the destination. */
typedef enum THSaver {
  TH_SAVE_ASSIGN, /* dst = e  (cast as THTensor_copy casts) */
  TH_SAVE_ADD,    /* dst += e (dst + e, promoted, then cast back: the */
  TH_SAVE_SUB,    /* dst -= e  promoted dtype must be castable to dst's */
  TH_SAVE_MUL,    /* dst *= e  dtype by torch's rule, e.g. an int dst */
  TH_SAVE_DIV     /* dst /= e  refuses a float result: TypeError) */
} THSaver;

/* 1, 2 or 3 operands; 0 for an invalid op. */
TH_API int THExprOp_arity(THExprOp op);
/* torch's name of the op ("add", "logical_not", ...), or NULL. */
TH_API const char *THExprOp_name(THExprOp op);
/* torch's can_cast: 0 when from is of a higher kind than to (complex ->
 * real, floating -> integer, non-bool -> bool), else 1. */
TH_API int THScalarType_canCast(THScalarType from, THScalarType to);

/* ---------------------------------------------------------------- leaves */

/* A leaf reading tensor (retained) when the expression is evaluated. */
TH_API THExpr *THExpr_newTensor(THTensor *tensor);
/* A typed scalar: one element of dtype at element (copied). It promotes
 * as a 0-dim tensor of dtype would. */
TH_API THExpr *THExpr_newScalar(THScalarType dtype, const void *element);
/* Weak scalars, as torch treats Python numbers: a bool, an int (int64's
 * kind), a float (float32's kind, float64's value) and a complex. The value
 * is converted to the computing dtype as a C cast converts, as torch does
 * (uint8 + 300 wraps to uint8 + 44; float16 + 1e6 is inf). */
TH_API THExpr *THExpr_newWeakBool(int value);
TH_API THExpr *THExpr_newWeakInt64(int64_t value);
TH_API THExpr *THExpr_newWeakDouble(double value);
TH_API THExpr *THExpr_newWeakComplex(double re, double im);

/* -------------------------------------------------------- operations
 * NULL with TypeError (an op the operand dtypes do not support, a wrong
 * arity), ValueError (shapes that do not broadcast) or MemoryError. */

TH_API THExpr *THExpr_newUnary(THExprOp op, THExpr *a);
TH_API THExpr *THExpr_newBinary(THExprOp op, THExpr *a, THExpr *b);
TH_API THExpr *THExpr_newTernary(THExprOp op, THExpr *a, THExpr *b, THExpr *c);
/* a converted to dtype (mshadow's TypecastExp), as THTensor_copy converts. */
TH_API THExpr *THExpr_newCast(THExpr *a, THScalarType dtype);

/* a @ b, the matrix product of two 2-d operands of one dtype (mshadow's
 * DotExp; RuntimeError for other dims, inner sizes that differ or two
 * dtypes, as THTensor_mm). It is not evaluated element by element: as the
 * whole expression assigned with =, += or -= into a dst of its shape and
 * dtype, it is one THTensor_addmm call with the saver folded into beta and
 * alpha (dst += A @ B is one gemm with beta 1); anywhere else (inside a
 * larger expression, under *= or /=, into another dtype) its value is
 * computed first into a temporary. Operands that are not tensor leaves are
 * evaluated first. Compiled plans refuse expressions holding a dot node. */
TH_API THExpr *THExpr_newDot(THExpr *a, THExpr *b);
TH_API THExpr *THExpr_newDotMove(THExpr *a, THExpr *b);

/* The same, stealing the operands' references. */
TH_API THExpr *THExpr_newUnaryMove(THExprOp op, THExpr *a);
TH_API THExpr *THExpr_newBinaryMove(THExprOp op, THExpr *a, THExpr *b);
TH_API THExpr *THExpr_newTernaryMove(THExprOp op, THExpr *a, THExpr *b, THExpr *c);
TH_API THExpr *THExpr_newCastMove(THExpr *a, THScalarType dtype);

/* ------------------------------------------------------------ lifetime */

TH_API void THExpr_retain(THExpr *self);
/* Drops a reference; the last frees the node and its operand references.
 * NULL is a no-op. */
TH_API void THExpr_free(THExpr *self);
TH_API int64_t THExpr_refcount(const THExpr *self);
/* Expression nodes alive in the process (also a leak-harness counter,
 * "th.expr"). */
TH_API int64_t THExpr_liveCount(void);

/* ------------------------------------------------------------- queries */

TH_API THExprKind THExpr_kind(const THExpr *self);
/* The op of a unary, binary or ternary node; -1 otherwise. */
TH_API int THExpr_op(const THExpr *self);
/* The result's dtype and shape (the broadcast of the operands'). */
TH_API THScalarType THExpr_dtype(const THExpr *self);
TH_API int THExpr_nDimension(const THExpr *self);
TH_API const int64_t *THExpr_sizes(const THExpr *self);
TH_API int64_t THExpr_nElement(const THExpr *self);
/* 1 for a weak scalar or a node of weak scalars only. */
TH_API int THExpr_isWeak(const THExpr *self);
/* Operand i of an operation or cast (borrowed), or NULL. */
TH_API THExpr *THExpr_operand(const THExpr *self, int i);
/* The tensor of a leaf (borrowed), or NULL. */
TH_API THTensor *THExpr_tensor(const THExpr *self);
/* A scalar leaf's value as a double (the real part), or NaN. */
TH_API double THExpr_scalarValue(const THExpr *self);
/* The strides (nDimension of them, in elements) torch's TensorIterator
 * gives a new result of e: 1 with stride written when they are not
 * row-major (a dense operand's layout kept, or the dims ordered by the
 * tensor leaves' strides), 0 for row-major (stride untouched). */
TH_API int THExpr_resultStrides(const THExpr *self, int64_t *stride);

/* ---------------------------------------------------------- evaluation */

/* Evaluates e into dst with saver, in one pass over the elements: e's
 * shape must broadcast to dst's (dst itself is never broadcast: a
 * RuntimeError in torch's words, "output with shape [3] doesn't match the
 * broadcast shape [2, 3]"; and dst may not have elements sharing memory).
 * The value stored is e's, of e's dtype: a float16 op is rounded to
 * float16 before it is cast into a wider dst. dst may also be read by e: an
 * identical view is read before it is written, any other overlap is
 * buffered. A tensor leaf whose tensor changed shape or dtype since the
 * leaf was built (resize_, set_) is refused (RuntimeError): e's shape and
 * dtype were computed from the old ones. Integer floor division or
 * remainder by zero is a ZeroDivisionError (RuntimeError kind, torch's
 * message) after the pass, with dst's contents unspecified. 0, or -1 with
 * dst unchanged for every error found before the pass. */
TH_API int THTensor_assign(THTensor *dst, THSaver saver, THExpr *e);
/* A new contiguous tensor of e's dtype and shape holding its value. */
TH_API THTensor *THTensor_newEval(THExpr *e);
/* out = op(a, b) for a binary op, with torch's out= rules: the result's
 * dtype must cast to out's (TypeError), an out of another shape is resized
 * when it has no elements and refused otherwise (ValueError); an out that is
 * a or b is in place, never resized (RuntimeError, as THTensor_assign). The nodes
 * live on the stack: no allocation for a small call. */
TH_API int THTensor_binaryOut(THTensor *out, THExprOp op, THTensor *a, THTensor *b);
/* A new contiguous tensor holding op(a, b) for a binary op, its dtype and
 * shape the result's (a * b in one call, no node allocated). */
TH_API THTensor *THTensor_newBinary(THExprOp op, THTensor *a, THTensor *b);
/* r = op(a, b) when the result has exactly r's dtype and shape (r may be a
 * or b: a temporary taking the result, as numpy elides them): 1. 0 with r
 * untouched when it has not; -1 on error. */
TH_API int THTensor_binaryInto(THTensor *r, THExprOp op, THTensor *a, THTensor *b);

/* The compiled form: e planned once for dst and saver (both retained),
 * then run many times; THExprPlan_run needs no Python and holds no lock
 * other callers wait on (run it without the GIL). The plan reads the
 * tensors' current contents at each run; their geometry is fixed when the
 * plan is made (resize a tensor and the plan refuses to run). */
typedef struct THExprPlan THExprPlan;
TH_API THExprPlan *THExprPlan_new(THTensor *dst, THSaver saver, THExpr *e);
TH_API int THExprPlan_run(THExprPlan *plan);
TH_API void THExprPlan_free(THExprPlan *plan);
TH_API int64_t THExprPlan_liveCount(void);

/* ------------------------------------------- TH's math names on top
 * Each is a one-node expression evaluated into r (resized to the result's
 * shape when its shape differs, as TH does; cast into r's dtype as copy
 * casts). value is a weak scalar. 0, or -1. */

TH_API int THTensor_add(THTensor *r, THTensor *t, double value);      /* t + value */
TH_API int THTensor_sub(THTensor *r, THTensor *t, double value);      /* t - value */
TH_API int THTensor_mul(THTensor *r, THTensor *t, double value);      /* t * value */
TH_API int THTensor_div(THTensor *r, THTensor *t, double value);      /* t / value */
TH_API int THTensor_pow(THTensor *r, THTensor *t, double value);      /* t ** value */
TH_API int THTensor_cadd(THTensor *r, THTensor *t, double value, THTensor *src); /* t + value*src */
TH_API int THTensor_csub(THTensor *r, THTensor *t, double value, THTensor *src); /* t - value*src */
TH_API int THTensor_cmul(THTensor *r, THTensor *t, THTensor *src);
TH_API int THTensor_cdiv(THTensor *r, THTensor *t, THTensor *src);
TH_API int THTensor_cpow(THTensor *r, THTensor *t, THTensor *src);
/* t + value * src1 * src2, t + value * src1 / src2 */
TH_API int THTensor_addcmul(THTensor *r, THTensor *t, double value, THTensor *src1,
                            THTensor *src2);
TH_API int THTensor_addcdiv(THTensor *r, THTensor *t, double value, THTensor *src1,
                            THTensor *src2);
TH_API int THTensor_clamp(THTensor *r, THTensor *t, double min_value, double max_value);
/* r = op(t) for a unary op; r = op(a, b) for a binary one. */
TH_API int THTensor_unary(THTensor *r, THExprOp op, THTensor *t);
TH_API int THTensor_binary(THTensor *r, THExprOp op, THTensor *a, THTensor *b);
/* Comparisons into a bool r: ...Value against a weak scalar, ...Tensor
 * element-wise. */
TH_API int THTensor_ltValue(THTensor *r, THTensor *t, double value);
TH_API int THTensor_leValue(THTensor *r, THTensor *t, double value);
TH_API int THTensor_gtValue(THTensor *r, THTensor *t, double value);
TH_API int THTensor_geValue(THTensor *r, THTensor *t, double value);
TH_API int THTensor_eqValue(THTensor *r, THTensor *t, double value);
TH_API int THTensor_neValue(THTensor *r, THTensor *t, double value);
TH_API int THTensor_ltTensor(THTensor *r, THTensor *a, THTensor *b);
TH_API int THTensor_leTensor(THTensor *r, THTensor *a, THTensor *b);
TH_API int THTensor_gtTensor(THTensor *r, THTensor *a, THTensor *b);
TH_API int THTensor_geTensor(THTensor *r, THTensor *a, THTensor *b);
TH_API int THTensor_eqTensor(THTensor *r, THTensor *a, THTensor *b);
TH_API int THTensor_neTensor(THTensor *r, THTensor *a, THTensor *b);
TH_API int THTensor_abs(THTensor *r, THTensor *t);
TH_API int THTensor_neg(THTensor *r, THTensor *t);
TH_API int THTensor_sigmoid(THTensor *r, THTensor *t);
TH_API int THTensor_exp(THTensor *r, THTensor *t);
TH_API int THTensor_log(THTensor *r, THTensor *t);
TH_API int THTensor_sqrt(THTensor *r, THTensor *t);
TH_API int THTensor_tanh(THTensor *r, THTensor *t);
/* 1 when a and b have the same shape and elements (TH's equal), else 0;
 * -1 on error. */
TH_API int THTensor_equal(THTensor *a, THTensor *b);

#endif /* TH_EXPR_H */
