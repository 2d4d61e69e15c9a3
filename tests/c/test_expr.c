/* The expression API from plain C: ownership (retain, Move, plans), every
 * error path under allocation-failure injection, TH's math names, overlap,
 * tracking mode. Prints "ok" when every check passed. */
#include <math.h>
#include <string.h>

#include <TH/TH.h>

#include "check.h"

static int64_t live_tensors(void) { return THGetLiveCounts().tensors; }
static int64_t live_storages(void) { return THGetLiveCounts().storages; }

static THTensor *filled(THScalarType dtype, int64_t n, double start, double step) {
  THTensor *t = THTensor_newWithSize1d(dtype, n);
  for (int64_t i = 0; i < n; i++) {
    THTensor *one = THTensor_newNarrow(t, 0, i, 1);
    THTensor_fill(one, start + step * (double)i);
    THTensor_free(one);
  }
  return t;
}

static float f32(THTensor *t, int64_t i) { return ((float *)THTensor_data(t))[i]; }

/* The docs' example: A += B * C + 2, with its error path. */
static int add_product(THTensor *A, THTensor *B, THTensor *C) {
  THExpr *e = THExpr_newBinaryMove(
      TH_EXPR_ADD, THExpr_newBinaryMove(TH_EXPR_MUL, THExpr_newTensor(B), THExpr_newTensor(C)),
      THExpr_newWeakDouble(2));
  if (!e) return -1; /* every node built so far is already freed */
  int status = THTensor_assign(A, TH_SAVE_ADD, e);
  THExpr_free(e);
  return status;
}

static void test_example_and_refcounts(void) {
  int64_t tensors = live_tensors(), nodes = THExpr_liveCount();
  THTensor *A = filled(TH_FLOAT32, 5, 0, 1), *B = filled(TH_FLOAT32, 5, 1, 0),
           *C = filled(TH_FLOAT32, 5, 0, 0.5);
  CHECK(add_product(A, B, C) == 0);
  for (int i = 0; i < 5; i++) CHECK(f32(A, i) == i + 1.0f * (0.5f * i) + 2);
  CHECK(THTensor_refcount(B) == 1 && THExpr_liveCount() == nodes);

  /* a leaf retains its tensor; the root frees the tree */
  THExpr *leaf = THExpr_newTensor(B);
  CHECK(THTensor_refcount(B) == 2 && THExpr_refcount(leaf) == 1);
  THExpr *sum = THExpr_newBinary(TH_EXPR_ADD, leaf, leaf);
  CHECK(THExpr_refcount(leaf) == 3 && THExpr_operand(sum, 0) == leaf);
  CHECK(THExpr_tensor(leaf) == B && THExpr_tensor(sum) == NULL);
  CHECK(THExpr_kind(sum) == TH_EXPR_KIND_BINARY && THExpr_op(sum) == TH_EXPR_ADD);
  THExpr_free(leaf);
  CHECK(THExpr_refcount(THExpr_operand(sum, 0)) == 2);
  THExpr_free(sum);
  CHECK(THTensor_refcount(B) == 1 && THExpr_liveCount() == nodes);

  /* Move steals on failure too: shapes [5] and [3] */
  THTensor *D = filled(TH_FLOAT32, 3, 0, 1);
  THExpr *bad = THExpr_newBinaryMove(TH_EXPR_ADD, THExpr_newTensor(A), THExpr_newTensor(D));
  CHECK(bad == NULL && THGetLastError()->kind == TH_ERROR_VALUE);
  CHECK(strstr(THGetLastError()->message, "cannot be broadcast") != NULL);
  THClearError();
  CHECK(THTensor_refcount(A) == 1 && THTensor_refcount(D) == 1);
  /* a NULL operand: the others freed, no second report */
  THExpr *none = THExpr_newBinaryMove(TH_EXPR_ADD, THExpr_newTensor(A), NULL);
  CHECK(none == NULL && THGetLastError()->kind == TH_ERROR_NONE && THTensor_refcount(A) == 1);
  CHECK(THExpr_liveCount() == nodes);

  /* unsupported op for a dtype: NotImplementedError, as torch */
  THTensor *F = filled(TH_FLOAT32, 3, 0, 1);
  THExpr *bits = THExpr_newBinaryMove(TH_EXPR_BITWISE_AND, THExpr_newTensor(F),
                                      THExpr_newTensor(D));
  CHECK(bits == NULL && THGetLastError()->kind == TH_ERROR_UNSUPPORTED);
  THClearError();
  THTensor_free(A); THTensor_free(B); THTensor_free(C); THTensor_free(D); THTensor_free(F);
  CHECK(live_tensors() == tensors && THExpr_liveCount() == nodes);
}

/* Every allocating call, failing at each of its allocations in turn: the
 * error is a MemoryError and nothing is left alive. */
static void test_allocation_failures(void) {
  int64_t tensors = live_tensors(), storages = live_storages(), nodes = THExpr_liveCount();
  THTensor *a = filled(TH_FLOAT32, 8, 0, 1), *b = filled(TH_INT32, 8, 1, 1);
  THTensor *head = THTensor_newNarrow(a, 0, 1, 7), *tail = THTensor_newNarrow(a, 0, 0, 7);
  int64_t before_t = live_tensors(), before_s = live_storages();
  for (int what = 0; what < 5; what++) {
    for (int64_t n = 1; n < 64; n++) {
      THDebug_failAllocation(n);
      int failed = 0;
      if (what == 0) { /* build a tree and evaluate it into a new tensor */
        THExpr *e = THExpr_newBinaryMove(TH_EXPR_MUL, THExpr_newTensor(a),
                                         THExpr_newCastMove(THExpr_newTensor(b), TH_FLOAT64));
        THTensor *r = e ? THTensor_newEval(e) : NULL;
        failed = r == NULL;
        THTensor_free(r);
        THExpr_free(e);
      } else if (what == 1) { /* a plan */
        THExpr *e = THExpr_newTensor(b);
        THExprPlan *p = e ? THExprPlan_new(a, TH_SAVE_ADD, e) : NULL;
        failed = p == NULL || THExprPlan_run(p) != 0;
        THExprPlan_free(p);
        THExpr_free(e);
      } else if (what == 2) { /* an overlapping operand is snapshotted */
        THExpr *e = THExpr_newTensor(tail);
        failed = e == NULL || THTensor_assign(head, TH_SAVE_ASSIGN, e) != 0;
        THExpr_free(e);
      } else if (what == 3) { /* TH's names resize their result */
        THTensor *r = THTensor_new(TH_FLOAT32);
        failed = r == NULL || THTensor_addcmul(r, a, 2, a, b) != 0;
        THTensor_free(r);
      } else {
        failed = THTensor_equal(a, a) != 1;
      }
      int64_t left = THDebug_allocationsUntilFailure();
      THDebug_failAllocation(0);
      if (failed) {
        CHECK(THGetLastError() && THGetLastError()->kind == TH_ERROR_MEMORY);
        THClearError();
      }
      CHECK(live_tensors() == before_t && live_storages() == before_s);
      CHECK(THExpr_liveCount() == nodes && THExprPlan_liveCount() == 0);
      if (!failed) {
        CHECK(left > 0); /* the armed failure was never reached: all paths done */
        break;
      }
    }
  }
  THTensor_free(head); THTensor_free(tail); THTensor_free(a); THTensor_free(b);
  CHECK(live_tensors() == tensors && live_storages() == storages);
}

static void test_plans(void) {
  THTensor *a = filled(TH_FLOAT64, 4, 0, 1), *b = filled(TH_FLOAT64, 4, 10, 0);
  THExpr *e = THExpr_newBinaryMove(TH_EXPR_MUL, THExpr_newTensor(b), THExpr_newWeakInt64(3));
  THExprPlan *p = THExprPlan_new(a, TH_SAVE_ADD, e);
  CHECK(p && THTensor_refcount(a) > 1 && THExpr_refcount(e) == 2 && THExprPlan_liveCount() == 1);
  CHECK(THExprPlan_run(p) == 0 && THExprPlan_run(p) == 0);
  CHECK(((double *)THTensor_data(a))[3] == 3 + 60);
  THTensor_fill(b, 1); /* contents are read at each run */
  CHECK(THExprPlan_run(p) == 0 && ((double *)THTensor_data(a))[3] == 66);
  int64_t size = 2;
  THTensor_resizeNd(b, 1, &size, NULL); /* geometry is fixed when planned */
  CHECK(THExprPlan_run(p) == -1 && THGetLastError()->kind == TH_ERROR_RUNTIME);
  THClearError();
  THExprPlan_free(p);
  THExprPlan_free(NULL);
  CHECK(THTensor_refcount(a) == 1 && THExpr_refcount(e) == 1 && THExprPlan_liveCount() == 0);
  THExpr_free(e);
  /* so is the dtype: an operand, or dst, set_() to another dtype of the
   * same geometry is refused, not read or written with the old kernels */
  THTensor *small = filled(TH_INT8, 4, 1, 0), *c = filled(TH_FLOAT64, 4, 1, 0);
  for (int which = 0; which < 2; which++) {
    THTensor *d = filled(TH_FLOAT64, 4, 0, 0), *x = filled(TH_FLOAT64, 4, 2, 0);
    e = THExpr_newBinaryMove(TH_EXPR_MUL, THExpr_newTensor(x), THExpr_newWeakInt64(3));
    p = THExprPlan_new(d, TH_SAVE_ASSIGN, e);
    CHECK(p && THExprPlan_run(p) == 0 && ((double *)THTensor_data(d))[0] == 6);
    THTensor_set(which ? d : x, small);
    CHECK(THExprPlan_run(p) == -1 && THGetLastError()->kind == TH_ERROR_RUNTIME);
    CHECK(strstr(THGetLastError()->message, "geometry or dtype") != NULL);
    THClearError();
    CHECK(((int8_t *)THTensor_data(small))[0] == 1); /* nothing written */
    THExprPlan_free(p);
    THExpr_free(e);
    THTensor_free(d); THTensor_free(x);
  }
  THTensor_free(small); THTensor_free(c);
  THTensor_free(a); THTensor_free(b);
}

/* torch's out= rules with nodes on the stack: no node is allocated, out
 * keeps its refcount, an empty out is resized, a lossy or misshapen out is
 * refused with dst unchanged. */
static void test_binary_out(void) {
  THTensor *t = filled(TH_FLOAT32, 4, 1, 1), *u = filled(TH_FLOAT32, 4, 2, 0);
  THTensor *out = THTensor_new(TH_FLOAT64), *i = filled(TH_INT32, 4, 7, 0);
  int64_t nodes = THExpr_liveCount();
  CHECK(THTensor_binaryOut(out, TH_EXPR_MUL, t, u) == 0 && THTensor_nDimension(out) == 1);
  CHECK(((double *)THTensor_data(out))[3] == 8 && THExpr_liveCount() == nodes);
  CHECK(THTensor_refcount(out) == 1 && THTensor_refcount(t) == 1 && THTensor_refcount(u) == 1);
  CHECK(THTensor_binaryOut(i, TH_EXPR_MUL, t, u) == -1 && THGetLastError()->kind == TH_ERROR_TYPE);
  CHECK(strstr(THGetLastError()->message, "float32 can't be cast to the desired output type int32"));
  CHECK(((int32_t *)THTensor_data(i))[0] == 7); /* unchanged */
  int64_t three = 3;
  THTensor *small = THTensor_newWithSize(TH_FLOAT32, 1, &three, NULL);
  CHECK(THTensor_binaryOut(small, TH_EXPR_ADD, t, u) == -1);
  CHECK(THGetLastError()->kind == TH_ERROR_VALUE);
  CHECK(strstr(THGetLastError()->message, "out has shape [3], the result [4]"));
  CHECK(THTensor_binaryOut(out, TH_EXPR_NEG, t, u) == -1 && THGetLastError()->kind == TH_ERROR_TYPE);
  CHECK(THTensor_binaryOut(NULL, TH_EXPR_ADD, t, u) == -1);
  THClearError();
  CHECK(THExpr_liveCount() == nodes);
  THTensor_free(small); THTensor_free(i);
  THTensor_free(t); THTensor_free(u); THTensor_free(out);
}

/* a new result of the promoted dtype and broadcast shape; nothing else
 * allocated or retained; refusals return NULL and keep the counts */
static void test_new_binary(void) {
  THTensor *t = filled(TH_FLOAT32, 4, 1, 1), *i = filled(TH_INT32, 4, 2, 0);
  int64_t nodes = THExpr_liveCount(), tensors = live_tensors();
  THTensor *r = THTensor_newBinary(TH_EXPR_MUL, t, i);
  CHECK(r && THTensor_dtype(r) == TH_FLOAT32 && THTensor_nDimension(r) == 1);
  CHECK(((float *)THTensor_data(r))[3] == 8 && THTensor_refcount(r) == 1);
  CHECK(THTensor_refcount(t) == 1 && THTensor_refcount(i) == 1);
  CHECK(THExpr_liveCount() == nodes && live_tensors() == tensors + 1);
  THTensor *b = THTensor_newBinary(TH_EXPR_LT, i, t);
  CHECK(b && THTensor_dtype(b) == TH_BOOL && ((uint8_t *)THTensor_data(b))[0] == 0);
  CHECK(THTensor_newBinary(TH_EXPR_NEG, t, i) == NULL && THGetLastError()->kind == TH_ERROR_TYPE);
  int64_t three = 3;
  THTensor *small = THTensor_newWithSize(TH_FLOAT32, 1, &three, NULL);
  CHECK(THTensor_newBinary(TH_EXPR_ADD, t, small) == NULL);
  CHECK(THGetLastError()->kind == TH_ERROR_VALUE);
  CHECK(THTensor_newBinary(TH_EXPR_ADD, t, NULL) == NULL);
  THClearError();
  /* into r when the result is r's dtype and shape, else r untouched */
  CHECK(THTensor_binaryInto(r, TH_EXPR_ADD, r, t) == 1 && ((float *)THTensor_data(r))[3] == 12);
  CHECK(THTensor_binaryInto(i, TH_EXPR_ADD, i, t) == 0 && ((int32_t *)THTensor_data(i))[3] == 2);
  CHECK(THTensor_binaryInto(small, TH_EXPR_ADD, r, t) == 0);
  CHECK(THTensor_binaryInto(r, TH_EXPR_ADD, t, small) == -1);
  CHECK(THTensor_binaryInto(NULL, TH_EXPR_ADD, t, t) == -1);
  THClearError();
  CHECK(THTensor_refcount(r) == 1 && THTensor_refcount(t) == 1);
  CHECK(live_tensors() == tensors + 3 && THExpr_liveCount() == nodes);
  THTensor_free(small); THTensor_free(b); THTensor_free(r);
  THTensor_free(t); THTensor_free(i);
}

static void test_math_names(void) {
  THTensor *t = filled(TH_FLOAT32, 4, 1, 1), *u = filled(TH_FLOAT32, 4, 2, 0);
  THTensor *r = THTensor_new(TH_FLOAT32), *m = THTensor_new(TH_BOOL);
  CHECK(THTensor_add(r, t, 1) == 0 && THTensor_nDimension(r) == 1 && f32(r, 3) == 5);
  CHECK(THTensor_sub(r, t, 1) == 0 && f32(r, 3) == 3);
  CHECK(THTensor_mul(r, t, 2) == 0 && f32(r, 3) == 8);
  CHECK(THTensor_div(r, t, 2) == 0 && f32(r, 3) == 2);
  CHECK(THTensor_pow(r, t, 2) == 0 && f32(r, 3) == 16);
  CHECK(THTensor_cadd(r, t, 3, u) == 0 && f32(r, 0) == 7);
  CHECK(THTensor_csub(r, t, 1, u) == 0 && f32(r, 0) == -1);
  CHECK(THTensor_cmul(r, t, u) == 0 && f32(r, 1) == 4);
  CHECK(THTensor_cdiv(r, t, u) == 0 && f32(r, 1) == 1);
  CHECK(THTensor_cpow(r, t, u) == 0 && f32(r, 2) == 9);
  CHECK(THTensor_addcmul(r, t, 0.5, u, u) == 0 && f32(r, 0) == 3);
  CHECK(THTensor_addcdiv(r, t, 2, u, u) == 0 && f32(r, 0) == 3);
  CHECK(THTensor_clamp(r, t, 2, 3) == 0 && f32(r, 0) == 2 && f32(r, 3) == 3);
  CHECK(THTensor_unary(r, TH_EXPR_NEG, t) == 0 && f32(r, 0) == -1);
  CHECK(THTensor_binary(r, TH_EXPR_MAXIMUM, t, u) == 0 && f32(r, 0) == 2 && f32(r, 3) == 4);
  CHECK(THTensor_abs(r, t) == 0 && THTensor_neg(r, t) == 0 && f32(r, 1) == -2);
  CHECK(THTensor_sigmoid(r, t) == 0 && fabsf(f32(r, 0) - 0.7310586f) < 1e-6f);
  CHECK(THTensor_exp(r, t) == 0 && THTensor_log(r, r) == 0 && fabsf(f32(r, 2) - 3) < 1e-6f);
  CHECK(THTensor_sqrt(r, u) == 0 && THTensor_tanh(r, t) == 0);
  const bool *mb;
  CHECK(THTensor_ltValue(m, t, 2.5) == 0 && THTensor_dtype(m) == TH_BOOL);
  mb = THTensor_data(m);
  CHECK(mb[1] && !mb[2]);
  CHECK(THTensor_leValue(m, t, 2) == 0 && THTensor_gtValue(m, t, 2) == 0);
  CHECK(THTensor_geValue(m, t, 2) == 0 && THTensor_eqValue(m, t, 2) == 0);
  mb = THTensor_data(m);
  CHECK(!mb[0] && mb[1] && !mb[2]);
  CHECK(THTensor_neValue(m, t, 2) == 0 && THTensor_ltTensor(m, t, u) == 0);
  CHECK(THTensor_leTensor(m, t, u) == 0 && THTensor_gtTensor(m, t, u) == 0);
  CHECK(THTensor_geTensor(m, t, u) == 0 && THTensor_eqTensor(m, t, u) == 0);
  CHECK(THTensor_neTensor(m, t, u) == 0);
  mb = THTensor_data(m);
  CHECK(mb[0] && !mb[1] && mb[2]);
  CHECK(THTensor_equal(t, t) == 1 && THTensor_equal(t, u) == 0);
  int64_t two[2] = {2, 2};
  THTensor *sq = THTensor_newWithSize(TH_FLOAT32, 2, two, NULL);
  CHECK(THTensor_equal(t, sq) == 0); /* another shape */
  /* an int result refuses nothing under "=": it casts as copy does */
  THTensor *i = THTensor_new(TH_INT32);
  CHECK(THTensor_mul(i, t, 1.5) == 0 && ((int32_t *)THTensor_data(i))[1] == 3);
  CHECK(THTensor_add(NULL, t, 1) == -1);
  THClearError();
  THTensor_free(sq); THTensor_free(i);
  THTensor_free(t); THTensor_free(u); THTensor_free(r); THTensor_free(m);
}

/* A dot node: A += B @ C is one addmm; inside an expression a temporary;
 * plans refuse it; Move steals on its error path. */
static void test_dot(void) {
  int64_t nodes = THExpr_liveCount(), tensors = live_tensors();
  int64_t s23[2] = {2, 3}, s32[2] = {3, 2}, s22[2] = {2, 2};
  THTensor *B = THTensor_newWithSize(TH_FLOAT64, 2, s23, NULL);
  THTensor *C = THTensor_newWithSize(TH_FLOAT64, 2, s32, NULL);
  THTensor *A = THTensor_newWithSize(TH_FLOAT64, 2, s22, NULL);
  THTensor_fill(B, 1); THTensor_fill(C, 2); THTensor_fill(A, 1);
  THExpr *dot = THExpr_newDotMove(THExpr_newTensor(B), THExpr_newTensor(C));
  CHECK(dot && THExpr_kind(dot) == TH_EXPR_KIND_DOT && THExpr_sizes(dot)[1] == 2);
  CHECK(THTensor_assign(A, TH_SAVE_ADD, dot) == 0);
  CHECK(((double *)THTensor_data(A))[3] == 1 + 3 * 2);
  CHECK(THTensor_assign(A, TH_SAVE_SUB, dot) == 0 && ((double *)THTensor_data(A))[0] == 1);
  THExpr *e = THExpr_newBinary(TH_EXPR_MUL, dot, dot);
  THTensor *sq = e ? THTensor_newEval(e) : NULL;
  CHECK(sq && ((double *)THTensor_data(sq))[1] == 36);
  CHECK(THExprPlan_new(A, TH_SAVE_ASSIGN, e) == NULL && THGetLastError()->kind == TH_ERROR_RUNTIME);
  THClearError();
  /* inner sizes that differ: refused, the operands stolen all the same */
  THExpr *bad = THExpr_newDotMove(THExpr_newTensor(B), THExpr_newTensor(B));
  CHECK(bad == NULL && THGetLastError()->kind == TH_ERROR_RUNTIME && THTensor_refcount(B) == 2);
  THClearError();
  THExpr_free(e); THExpr_free(dot); THTensor_free(sq);
  THTensor_free(A); THTensor_free(B); THTensor_free(C);
  CHECK(THExpr_liveCount() == nodes && live_tensors() == tensors);
}

/* The borrowing builders retain their operands (the caller's references
 * stay the caller's); typed scalars promote as torch's 0-d tensors; every
 * Move form steals its operands when it refuses them. */
static void test_borrowing_builders_and_typed_scalars(void) {
  int64_t nodes = THExpr_liveCount(), tensors = live_tensors();
  THTensor *a = filled(TH_INT8, 3, 100, 1), *f = filled(TH_FLOAT32, 3, 0.5, 1);
  THTensor *c = filled(TH_BOOL, 3, 0, 1); /* false, true, true */
  int8_t i8 = 100;
  double f64 = 0.25;
  THExpr *s8 = THExpr_newScalar(TH_INT8, &i8), *s64 = THExpr_newScalar(TH_FLOAT64, &f64);
  CHECK(s8 && s64 && THExpr_dtype(s8) == TH_INT8 && THExpr_nDimension(s8) == 0);
  THExpr *la = THExpr_newTensor(a), *lf = THExpr_newTensor(f), *lc = THExpr_newTensor(c);
  /* int8 + int8 scalar wraps in int8; float32 + a float64 0-d stays float32;
   * int8 + a float64 0-d is float64 (a higher kind) */
  THExpr *wrap = THExpr_newBinary(TH_EXPR_ADD, la, s8);
  THExpr *same = THExpr_newBinary(TH_EXPR_ADD, lf, s64);
  THExpr *up = THExpr_newBinary(TH_EXPR_ADD, la, s64);
  CHECK(wrap && same && up);
  CHECK(THExpr_dtype(wrap) == TH_INT8 && THExpr_dtype(same) == TH_FLOAT32 &&
        THExpr_dtype(up) == TH_FLOAT64);
  CHECK(THExpr_refcount(la) == 3 && THExpr_refcount(s64) == 3);
  THTensor *r = THTensor_newEval(wrap);
  CHECK(r && ((int8_t *)THTensor_data(r))[0] == (int8_t)200 && ((int8_t *)THTensor_data(r))[2] == (int8_t)202);
  THTensor_free(r);
  r = THTensor_newEval(up);
  CHECK(r && ((double *)THTensor_data(r))[1] == 101.25);
  THTensor_free(r);
  /* where(c, a, f), -f and f as float64 through the borrowing forms */
  THExpr *pick = THExpr_newTernary(TH_EXPR_WHERE, lc, la, lf);
  THExpr *neg = THExpr_newUnary(TH_EXPR_NEG, lf), *wide = THExpr_newCast(lf, TH_FLOAT64);
  CHECK(pick && neg && wide && THExpr_refcount(lf) == 5 && THExpr_dtype(pick) == TH_FLOAT32);
  r = THTensor_newEval(pick);
  CHECK(r && f32(r, 0) == 0.5f && f32(r, 1) == 101.0f);
  THTensor_free(r);
  r = THTensor_newEval(wide);
  CHECK(r && THTensor_dtype(r) == TH_FLOAT64 && ((double *)THTensor_data(r))[2] == 2.5);
  THTensor_free(r);
  /* a dot of two borrowed leaves */
  THTensor *m = THTensor_newView(f, 2, (int64_t[]){1, 3});
  THTensor *mt = THTensor_newTranspose(m, 0, 1);
  THExpr *lm = THExpr_newTensor(m), *lmt = THExpr_newTensor(mt);
  THExpr *dot = THExpr_newDot(lm, lmt);
  CHECK(dot && THExpr_refcount(lm) == 2 && THExpr_refcount(lmt) == 2);
  r = THTensor_newEval(dot);
  CHECK(r && f32(r, 0) == 0.25f + 2.25f + 6.25f);
  THTensor_free(r);
  THExpr_free(dot); THExpr_free(lm); THExpr_free(lmt);
  THTensor_free(m); THTensor_free(mt);
  THExpr_free(wrap); THExpr_free(same); THExpr_free(up); THExpr_free(pick);
  THExpr_free(neg); THExpr_free(wide);
  CHECK(THExpr_refcount(la) == 1 && THExpr_refcount(lf) == 1 && THExpr_refcount(s8) == 1);

  /* the Move forms steal what they refuse */
  CHECK(THExpr_newUnaryMove(TH_EXPR_NEG, THExpr_newTensor(c)) == NULL &&
        THGetLastError()->kind == TH_ERROR_UNSUPPORTED); /* neg of bool: torch refuses it */
  THClearError();
  CHECK(THExpr_newTernaryMove(TH_EXPR_WHERE, THExpr_newTensor(a), THExpr_newTensor(f),
                              THExpr_newTensor(f)) == NULL &&
        THGetLastError()->kind == TH_ERROR_TYPE); /* a condition that is not bool */
  THClearError();
  CHECK(THExpr_newCastMove(THExpr_newTensor(f), (THScalarType)99) == NULL &&
        THGetLastError()->kind != TH_ERROR_NONE);
  THClearError();
  CHECK(THExpr_newCastMove(NULL, TH_FLOAT64) == NULL && THGetLastError()->kind == TH_ERROR_NONE);
  CHECK(THTensor_refcount(a) == 2 && THTensor_refcount(f) == 2 && THTensor_refcount(c) == 2);
  THExpr_free(la); THExpr_free(lf); THExpr_free(lc); THExpr_free(s8); THExpr_free(s64);
  THTensor_free(a); THTensor_free(f); THTensor_free(c);
  CHECK(THExpr_liveCount() == nodes && live_tensors() == tensors);
}

static void test_tracking(void) {
  THDebug_setTracking(1);
  uint64_t since = THDebug_lastSerial();
  THExpr *w = THExpr_newWeakDouble(1.5);
  THObjectInfo info;
  CHECK(THDebug_liveObjects(&info, 1, since) == 1);
  CHECK(info.kind == TH_OBJECT_EXPR && info.refcount == 1 && info.object == (void *)w);
  CHECK(strcmp(info.function, "THExpr_newWeakDouble") == 0);
  int64_t misuse = THDebug_misuseCount();
  THExpr_free(w);
  CHECK(THDebug_liveObjects(NULL, 0, since) == 0);
  THExpr_free(w); /* quarantined: a second free is reported, not a crash */
  CHECK(THDebug_misuseCount() == misuse + 1);
  THClearError();
  THDebug_setTracking(0);
  /* the leak harness's counter */
  THCounterValue counters[TH_MAX_COUNTERS];
  int64_t n = THDebug_readCounters(counters, TH_MAX_COUNTERS);
  int found = 0;
  for (int64_t k = 0; k < n; k++) found |= strcmp(counters[k].name, "th.expr") == 0;
  CHECK(found);
}

/* The functions TH had beyond the operators are ops of the same API:
 * THTensor_unary / THTensor_binary with their enum values, errors as the
 * others' (a kind, the function's name). */
static void test_added_functions(void) {
  int64_t tensors = live_tensors();
  THTensor *x = filled(TH_FLOAT64, 3, -0.5, 0.5); /* -0.5, 0, 0.5 */
  THTensor *r = THTensor_newWithSize1d(TH_FLOAT64, 3);
  const double *v = THTensor_data(r);
  CHECK(THTensor_unary(r, TH_EXPR_ERFINV, x) == 0);
  CHECK(fabs(v[2] - 0.4769362762044699) < 1e-15 && v[1] == 0 && v[0] == -v[2]);
  CHECK(THTensor_unary(r, TH_EXPR_DIGAMMA, x) == 0 && v[1] == -INFINITY);
  CHECK(strcmp(THExprOp_name(TH_EXPR_POLYGAMMA), "polygamma") == 0);
  CHECK(THExprOp_arity(TH_EXPR_LERP) == 3 && THExprOp_arity(TH_EXPR_SIGNBIT) == 1);
  THTensor *ints = filled(TH_INT64, 3, -8, 8); /* -8, 0, 8 */
  THTensor *counts = filled(TH_INT64, 3, 1, 31); /* 1, 32, 63 */
  THTensor *shifted = THTensor_newWithSize1d(TH_INT64, 3);
  const int64_t *s = THTensor_data(shifted);
  CHECK(THTensor_binary(shifted, TH_EXPR_BITWISE_RIGHT_SHIFT, ints, counts) == 0);
  CHECK(s[0] == -4 && s[1] == 0 && s[2] == 0);
  CHECK(THTensor_binary(shifted, TH_EXPR_FMOD, counts, ints) == -1); /* 32 % 0 */
  CHECK(THGetLastError()->kind == TH_ERROR_RUNTIME &&
        strstr(THGetLastError()->message, "ZeroDivisionError") != NULL);
  THExpr *leaf = THExpr_newTensor(ints);
  THExpr *frac = THExpr_newUnary(TH_EXPR_FRAC, leaf); /* integers: torch has no kernel */
  CHECK(frac == NULL && THGetLastError()->kind == TH_ERROR_UNSUPPORTED);
  CHECK(strstr(THGetLastError()->message, "frac") != NULL);
  THExpr_free(leaf);
  THTensor_free(shifted);
  THTensor_free(counts);
  THTensor_free(ints);
  THTensor_free(r);
  THTensor_free(x);
  CHECK(live_tensors() == tensors);
}

int main(void) {
  test_example_and_refcounts();
  test_allocation_failures();
  test_plans();
  test_math_names();
  test_binary_out();
  test_new_binary();
  test_dot();
  test_borrowing_builders_and_typed_scalars();
  test_tracking();
  test_added_functions();
  CHECK(THExpr_liveCount() == 0 && live_tensors() == 0);
  if (failures == 0) printf("ok\n");
  return failures != 0;
}
