/* TH v0.4's element-wise tensor math (the pointwise half of its
 * generic/THTensorMath.c: THFloatTensor_cadd, THLongTensor_ltValue,
 * THDoubleTensor_sigmoid, ...), with TH's semantics, on th's tensors.
 *
 * TH's rules kept: the result is resized to the first input's shape (its
 * strides kept when it has that shape already), then written; inputs of
 * other shapes but as many elements are paired in row-major order (TH did
 * not broadcast); the result may be an input. Integer arithmetic wraps, as
 * TH's C did on the machines it ran on; what was undefined in TH's C is a
 * TH error here (integer division or remainder by zero, integers to
 * negative powers, as TH checked) or defined (INT_MIN / -1 wraps, a shift
 * by a negative count or by the type's width or more gives 0).
 *
 * The per-type functions are in generic/; the loops they share are here.
 * Where th's fused kernels compute exactly TH's values (add, mul, div,
 * cmul, cdiv, fmod, neg, sign, the bitwise ops, the integers' remainder)
 * and the operands allow it (same shapes, a contiguous result), they do
 * the work; the float functions of libm also go to th's kernels, which
 * agree with TH's float math within its rounding. Everything else (TH's
 * own rules: clamp, cmax, round, shifts, pow, the float remainder, ...) is
 * a plain loop. */
#include <inttypes.h>
#include <math.h>

#include "core/THStorageImpl.h"
#include "core/THTensorImpl.h"
#include "engine/THSpecialImpl.h"
#include "legacy/THLegacyImpl.h"

static inline int64_t pw_numel(const void *t) { return th_legacy_numel((const THTensor *)t); }

static inline int pw_contiguous(const void *t) {
  return THTensor_isContiguous((const THTensor *)t);
}

/* TH's resizeAs (or resizeNd to t's sizes): r keeps its geometry when it
 * has t's sizes already, else takes t's sizes, contiguous. */
static void pw_resize_as(void *r, const void *t, const char *fn) {
  THTensor *x = r;
  const THTensor *y = t;
  if (x->nDimension == y->nDimension) {
    int same = 1;
    for (int d = 0; d < y->nDimension && same; d++) same = x->size[d] == y->size[d];
    if (same) return;
  }
  TH_LEGACY_OK(th_legacy_resize_nd(x, y->nDimension, y->size, NULL, fn));
}

/* TH_TENSOR_APPLY's check, before anything is written. */
static void pw_same_count(const char *fn, const void *a, const char *an, const void *b,
                          const char *bn) {
  int64_t na = pw_numel(a), nb = pw_numel(b);
  if (na != nb) {
    const THTensor *x = a, *y = b;
    THError("%s: inconsistent tensor size, expected %s %s and %s %s to have the same number "
            "of elements, but got %" PRId64 " and %" PRId64 " elements respectively",
            fn, an, _THSizeDesc(x->size, x->nDimension).str, bn,
            _THSizeDesc(y->size, y->nDimension).str, na, nb);
  }
}

/* th's kernels may do r = op(a, b) when the result needs no TH pairing of
 * other shapes: elements to compute, a (and b) of one shape (r has it,
 * resized), r contiguous (no element shared, so th's assign takes it). */
static int pw_fast(const void *r, const void *a, const void *b) {
  if (pw_numel(a) == 0 || !pw_contiguous(r)) return 0;
  return !b || THTensor_isSameSizeAs((const THTensor *)a, (const THTensor *)b);
}

/* r = a op b, b a tensor or (b NULL) a weak scalar: a double for the float
 * types, an int64 for the integer ones (the value converted to a's dtype as
 * C converts, as TH's real argument was). */
static void pw_th_binary(void *r, THExprOp op, void *a, void *b, int floating, double fvalue,
                         int64_t ivalue) {
  THExpr *eb = b ? THExpr_newTensor(b)
                 : floating ? THExpr_newWeakDouble(fvalue) : THExpr_newWeakInt64(ivalue);
  THExpr *e = THExpr_newBinaryMove(op, THExpr_newTensor(a), eb);
  int rc = e ? THTensor_assign(r, TH_SAVE_ASSIGN, e) : -1;
  THExpr_free(e);
  if (rc < 0) th_legacy_raise();
}

static void pw_th_unary(void *r, THExprOp op, void *t) {
  TH_LEGACY_OK(THTensor_unary(r, op, t));
}

/* CODE once per element of R (and A, B), paired in row-major order with
 * R_data (A_data, B_data) pointing at them, as TH_TENSOR_APPLY2/3 (the
 * counts already checked): a plain loop when all are contiguous. R, A and
 * B are variable names. */
#define PW_APPLY1(TR, R, CODE)                                                    \
  do {                                                                            \
    if (pw_contiguous(R)) {                                                       \
      TR *R##_data = (R)->storage->data + (R)->storageOffset;                     \
      int64_t pw_n_ = pw_numel(R);                                                \
      for (int64_t pw_i_ = 0; pw_i_ < pw_n_; pw_i_++, R##_data++) { CODE }        \
    } else {                                                                      \
      TH_TENSOR_APPLY(TR, R, CODE)                                                \
    }                                                                             \
  } while (0)

#define PW_APPLY2(TR, R, TA, A, CODE)                                             \
  do {                                                                            \
    if (pw_contiguous(R) && pw_contiguous(A)) {                                   \
      TR *R##_data = (R)->storage->data + (R)->storageOffset;                     \
      TA *A##_data = (A)->storage->data + (A)->storageOffset;                     \
      int64_t pw_n_ = pw_numel(R);                                                \
      for (int64_t pw_i_ = 0; pw_i_ < pw_n_; pw_i_++, R##_data++, A##_data++) {   \
        CODE                                                                      \
      }                                                                           \
    } else {                                                                      \
      TH_TENSOR_APPLY2(TR, R, TA, A, CODE)                                        \
    }                                                                             \
  } while (0)

#define PW_APPLY3(TR, R, TA, A, TB, B, CODE)                                      \
  do {                                                                            \
    if (pw_contiguous(R) && pw_contiguous(A) && pw_contiguous(B)) {               \
      TR *R##_data = (R)->storage->data + (R)->storageOffset;                     \
      TA *A##_data = (A)->storage->data + (A)->storageOffset;                     \
      TB *B##_data = (B)->storage->data + (B)->storageOffset;                     \
      int64_t pw_n_ = pw_numel(R);                                                \
      for (int64_t pw_i_ = 0; pw_i_ < pw_n_;                                      \
           pw_i_++, R##_data++, A##_data++, B##_data++) {                         \
        CODE                                                                      \
      }                                                                           \
    } else {                                                                      \
      TH_TENSOR_APPLY3(TR, R, TA, A, TB, B, CODE)                                 \
    }                                                                             \
  } while (0)

/* addcdiv's integer quotient value * src1 / src2 as TH's C computed it (in
 * int64: the product of TH's byte, char and short operands was an int),
 * defined where C is not: src2 is not 0 (checked before), INT_MIN / -1
 * wraps to INT_MIN. */
static inline int64_t pw_div64(int64_t a, int64_t b) {
  return b == -1 ? (int64_t)(0 - (uint64_t)a) : a / b;
}

/* TH's digamma: psi(x), with +inf at 0 and at the negative integers (its
 * poles; torch later chose -inf/inf and NaN). */
static inline double pw_digamma(double x) {
  if (x == 0 || (x < 0 && x == floor(x))) return INFINITY;
  return th_digamma(x);
}

/* TH's trigamma: psi'(x), +inf at its poles (0 and the negative integers;
 * TH's C gave there pi^2 / sin(pi x)^2 of a rounded sin, ~1e32), 0 at inf,
 * NaN at -inf. */
static inline double pw_trigamma(double x) {
  if (x <= 0 && x == floor(x) && x > -INFINITY) return INFINITY;
  return th_polygamma(1, x);
}

#define TH_GENERIC_FILE "legacy/generic/THLegacyMathPointwise.c"
#include "TH/THGenerateAllTypes.h"
