/* Sparse math under TH's names. Value arithmetic that is element-wise runs
 * on the expression engine (THExpr.h): scaling by a scalar, the scaled
 * operand of cadd/csub and spcadd, beta * t of spaddmm. What is left are
 * index-driven loops of their own: the duplicate sum of coalesce (cadd is
 * a concatenation then a coalesce), the scatter-add into a dense result
 * (THSTensorDense.c), the row updates of spaddmm and the sums. */
#include <math.h>
#include <string.h>

#include "core/THCpuImpl.h"
#include "core/THMemoryImpl.h"
#include "sparse/THSTensorImpl.h"
#include "sparse/THSTensorTyped.h"
#include "TH/THExpr.h"

/* A Python number's weak scalar: integral values as ints (an integer
 * tensor stays integer), others as floats. */
static THExpr *weak_scalar(double value) {
  if (value == trunc(value) && fabs(value) < 9.2e18) return THExpr_newWeakInt64((int64_t)value);
  return THExpr_newWeakDouble(value);
}

/* values op value, cast to dtype (a new expression, or NULL). */
static THExpr *scaled(THTensor *values, THExprOp op, double value, THScalarType dtype) {
  return THExpr_newCastMove(THExpr_newBinaryMove(op, THExpr_newTensor(values), weak_scalar(value)),
                            dtype);
}

/* ---------------------------------------------------------- mul and div */

static int scale(THSTensor *r, THSTensor *t, THExprOp op, double value, const char *fn) {
  if (!r || !t) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", r ? "t" : "r");
    return -1;
  }
  THS_CHECK(r, -1);
  THS_CHECK(t, -1);
  THTensor *values = THSTensor_newValues(t);
  if (!values) return -1;
  THExpr *e = scaled(values, op, value, ths_dtype(t));
  int rc = -1;
  if (e && r == t) {
    rc = THTensor_assign(values, TH_SAVE_ASSIGN, e); /* in place: t keeps its indices */
  } else if (e) {
    THTensor *new_values = THTensor_newEval(e);
    THTensor *narrow = new_values ? THSTensor_newIndices(t) : NULL;
    THTensor *indices = narrow ? THTensor_newClone(narrow) : NULL;
    THTensor_free(narrow);
    if (indices) {
      r->nDimensionI = t->nDimensionI;
      r->nDimensionV = t->nDimensionV;
      memcpy(r->size, t->size, sizeof(int64_t) * (size_t)ths_ndim(t));
      ths_install(r, indices, new_values, t->nnz, t->coalesced);
      rc = 0;
    } else {
      THTensor_free(new_values);
    }
  }
  THExpr_free(e);
  THTensor_free(values);
  return rc;
}

int THSTensor_mul(THSTensor *r, THSTensor *t, double value) {
  return scale(r, t, TH_EXPR_MUL, value, __func__);
}

int THSTensor_div(THSTensor *r, THSTensor *t, double value) {
  return scale(r, t, TH_EXPR_DIV, value, __func__);
}

/* ---------------------------------------------------------- cadd / csub */

static int same_shape(const THSTensor *a, const THSTensor *b, const char *fn) {
  int same = a->nDimensionI == b->nDimensionI && a->nDimensionV == b->nDimensionV;
  for (int d = 0; same && d < ths_ndim(a); d++) same = a->size[d] == b->size[d];
  if (!same) {
    char sa[96], sb[96];
    th_format_shape(sa, sizeof sa, ths_ndim(a), a->size);
    th_format_shape(sb, sizeof sb, ths_ndim(b), b->size);
    TH_ERR_FN(TH_ERROR_VALUE, fn,
              "sizes and dims must match: t is %s (%d sparse dims), src %s (%d sparse dims)", sa,
              a->nDimensionI, sb, b->nDimensionI);
  }
  return same ? 0 : -1;
}

/* dst columns [at, at + src's) = src's indices, or the values rows with
 * e (a new expression of the rows, stolen) evaluated into them. */
static int put_columns(THTensor *dst, int dim, int64_t at, THTensor *src, THExpr *e) {
  int64_t n = th_sizes(src)[dim];
  THTensor *part = THTensor_newNarrow(dst, dim, at, n);
  int rc = !part ? -1 : e ? THTensor_assign(part, TH_SAVE_ASSIGN, e) : THTensor_copy(part, src);
  THTensor_free(part);
  THExpr_free(e);
  return rc;
}

static int add_sparse(THSTensor *r, THSTensor *t, double value, THSTensor *src, const char *fn) {
  if (!r || !t || !src) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", !r ? "r" : !t ? "t" : "src");
    return -1;
  }
  THS_CHECK(r, -1);
  THS_CHECK(t, -1);
  THS_CHECK(src, -1);
  if (same_shape(t, src, fn)) return -1;
  THScalarType dtype;
  if (THScalarType_promote(ths_dtype(t), ths_dtype(src), &dtype)) return -1;
  int64_t n1 = t->nnz, n2 = src->nnz, n = n1 + n2;
  int nDimI = t->nDimensionI;
  int64_t isize[2] = {nDimI, n}, vsize[TH_MAX_DIMS + 1];
  vsize[0] = n;
  for (int d = 0; d < t->nDimensionV; d++) vsize[d + 1] = t->size[nDimI + d];
  THTensor *i1 = THSTensor_newIndices(t), *i2 = THSTensor_newIndices(src);
  THTensor *v1 = THSTensor_newValues(t), *v2 = THSTensor_newValues(src);
  THTensor *indices = NULL, *values = NULL, *out_i = NULL, *out_v = NULL;
  int64_t nnz = 0;
  int rc = -1;
  if (!i1 || !i2 || !v1 || !v2) goto done;
  indices = th_tensor_new_with_size(TH_INT64, 2, isize, NULL, fn);
  if (!indices) goto done;
  values = th_tensor_new_with_size(dtype, t->nDimensionV + 1, vsize, NULL, fn);
  if (!values) goto done;
  if (put_columns(indices, 1, 0, i1, NULL) || put_columns(indices, 1, n1, i2, NULL) ||
      put_columns(values, 0, 0, v1, NULL))
    goto done;
  THExpr *e = scaled(v2, TH_EXPR_MUL, value, dtype);
  if (!e || put_columns(values, 0, n1, v2, e)) goto done;
  if (n < 2) {
    out_i = indices, out_v = values, nnz = n;
    indices = values = NULL;
  } else if (ths_coalesce_parts(indices, values, n, nDimI, t->size, &out_i, &out_v, &nnz, fn)) {
    goto done;
  }
  r->nDimensionI = nDimI;
  r->nDimensionV = t->nDimensionV;
  memmove(r->size, t->size, sizeof(int64_t) * (size_t)ths_ndim(t));
  ths_install(r, out_i, out_v, nnz, 1);
  rc = 0;
done:
  THTensor_free(i1);
  THTensor_free(i2);
  THTensor_free(v1);
  THTensor_free(v2);
  THTensor_free(indices);
  THTensor_free(values);
  return rc;
}

int THSTensor_cadd(THSTensor *r, THSTensor *t, double value, THSTensor *src) {
  return add_sparse(r, t, value, src, __func__);
}

int THSTensor_csub(THSTensor *r, THSTensor *t, double value, THSTensor *src) {
  return add_sparse(r, t, -value, src, __func__);
}

/* ---------------------------------------------------------------- spcadd */

int THSTensor_spcadd(THTensor *r, THTensor *dense, double value, THSTensor *sparse) {
  if (!r || !dense || !sparse) {
    TH_ERR(TH_ERROR_VALUE, "%s is NULL", !r ? "r" : !dense ? "dense" : "sparse");
    return -1;
  }
  TH_CHECK_TENSOR(r, -1);
  TH_CHECK_TENSOR(dense, -1);
  THS_CHECK(sparse, -1);
  int n = ths_ndim(sparse);
  int same = dense->nDimension == n;
  for (int d = 0; same && d < n; d++) same = th_sizes(dense)[d] == sparse->size[d];
  if (!same) {
    char sd[96], ss[96];
    th_format_shape(sd, sizeof sd, dense->nDimension, th_sizes(dense));
    th_format_shape(ss, sizeof ss, n, sparse->size);
    TH_ERR(TH_ERROR_VALUE, "dense is %s but sparse is %s: the sizes must match", sd, ss);
    return -1;
  }
  /* (the scatter below writes r's memory directly, not through the engine) */
  if (th_storage_check_not_readonly(r->storage, "r", __func__)) return -1;
  THScalarType dtype = r->storage->dtype;
  if (!THScalarType_canCast(ths_dtype(sparse), dtype) ||
      !THScalarType_canCast(dense->storage->dtype, dtype)) {
    TH_ERR(TH_ERROR_TYPE, "the result (%s and %s) cannot be cast to r's dtype %s",
           THScalarType_name(dense->storage->dtype), THScalarType_name(ths_dtype(sparse)),
           THScalarType_name(dtype));
    return -1;
  }
  THTensor *values = THSTensor_newValues(sparse);
  THExpr *e = values ? scaled(values, TH_EXPR_MUL, value, dtype) : NULL;
  THTensor *rows = e ? THTensor_newEval(e) : NULL; /* contiguous, r's dtype */
  THExpr_free(e);
  THTensor_free(values);
  if (!rows) return -1;
  THTensor *w = NULL;
  int rc = -1;
  if (r != dense && (th_resize_result(r, n, sparse->size, __func__) || THTensor_copy(r, dense)))
    goto done;
  w = THTensor_isContiguous(r) ? (THTensor_retain(r), r) : THTensor_newContiguous(r);
  if (!w) goto done;
  int64_t D = 1;
  for (int d = sparse->nDimensionI; d < n; d++) D *= sparse->size[d];
  if (sparse->nnz > 0 && th_tensor_numel(w) > 0)
    ths_scatter_add(dtype, th_tensor_bytes(w), th_strides(w), sparse->indices, sparse->nnz,
                    th_tensor_bytes(rows), D);
  rc = w == r ? 0 : THTensor_copy(r, w);
done:
  THTensor_free(w);
  THTensor_free(rows);
  return rc;
}

/* --------------------------------------------------------------- spaddmm */

/* out += a * in over a row: restrict (w's rows and dense's never meet) and
 * cloned, so that it vectorises; the -O2 build had left it scalar */
#define DEFINE_SPMM(T)                                                                   \
  TH_CLONES_AVX512 static void axpy_##T(T *restrict out, const T *restrict in, T a,      \
                                        int64_t n) {                                     \
    for (int64_t j = 0; j < n; j++) out[j] += a * in[j];                                 \
  }                                                                                      \
  static void spmm_##T(T *w, const T *dense, const int64_t *idx, int64_t s0, int64_t s1, \
                       const T *vals, int64_t nnz, int64_t ncols, double alpha) {         \
    for (int64_t k = 0; k < nnz; k++)                                                    \
      axpy_##T(w + idx[k * s1] * ncols, dense + idx[s0 + k * s1] * ncols,                \
               (T)(alpha * (double)vals[k]), ncols);                                     \
  }
DEFINE_SPMM(float)
DEFINE_SPMM(double)

int THSTensor_spaddmm(THTensor *r, double beta, THTensor *t, double alpha, THSTensor *sparse,
                      THTensor *dense) {
  if (!r || !t || !sparse || !dense) {
    TH_ERR(TH_ERROR_VALUE, "%s is NULL", !r ? "r" : !t ? "t" : !sparse ? "sparse" : "dense");
    return -1;
  }
  TH_CHECK_TENSOR(r, -1);
  TH_CHECK_TENSOR(t, -1);
  TH_CHECK_TENSOR(dense, -1);
  THS_CHECK(sparse, -1);
  if (sparse->nDimensionI != 2 || sparse->nDimensionV != 0) {
    TH_ERR(TH_ERROR_VALUE, "sparse must have 2 sparse and no dense dims, got %d and %d",
           sparse->nDimensionI, sparse->nDimensionV);
    return -1;
  }
  if (th_storage_check_not_readonly(r->storage, "r", __func__)) return -1;
  int64_t m = sparse->size[0], k = sparse->size[1];
  if (dense->nDimension != 2 || th_sizes(dense)[0] != k) {
    char sd[96];
    th_format_shape(sd, sizeof sd, dense->nDimension, th_sizes(dense));
    TH_ERR(TH_ERROR_VALUE, "dense must be %lld x n (sparse is %lld x %lld), got %s",
           (long long)k, (long long)m, (long long)k, sd);
    return -1;
  }
  int64_t ncols = th_sizes(dense)[1], size[2] = {m, ncols};
  if (t->nDimension != 2 || th_sizes(t)[0] != m || th_sizes(t)[1] != ncols) {
    char st[96];
    th_format_shape(st, sizeof st, t->nDimension, th_sizes(t));
    TH_ERR(TH_ERROR_VALUE, "t must be %lld x %lld, got %s", (long long)m, (long long)ncols, st);
    return -1;
  }
  THScalarType dtype = ths_dtype(sparse);
  if ((dtype != TH_FLOAT32 && dtype != TH_FLOAT64) || dense->storage->dtype != dtype ||
      t->storage->dtype != dtype || r->storage->dtype != dtype) {
    TH_ERR(TH_ERROR_TYPE,
           "sparse, dense, t and r must all be float32 or all float64, got %s, %s, %s, %s",
           THScalarType_name(dtype), THScalarType_name(dense->storage->dtype),
           THScalarType_name(t->storage->dtype), THScalarType_name(r->storage->dtype));
    return -1;
  }
  THTensor *values = THSTensor_newValues(sparse);
  THTensor *vals = values ? THTensor_newContiguous(values) : NULL;
  THTensor *dc = vals ? THTensor_newContiguous(dense) : NULL;
  THTensor *w = dc ? th_tensor_new_with_size(dtype, 2, size, NULL, __func__) : NULL;
  THExpr *e = NULL;
  int rc = -1;
  if (!w) goto done;
  if (beta == 0) { /* t is not read: its NaNs do not reach r (BLAS's rule) */
    if (m * ncols > 0) memset(th_tensor_bytes(w), 0, (size_t)th_storage_nbytes(w->storage));
  } else {
    e = scaled(t, TH_EXPR_MUL, beta, dtype);
    if (!e || THTensor_assign(w, TH_SAVE_ASSIGN, e)) goto done;
  }
  const int64_t *idx = (const int64_t *)th_tensor_bytes(sparse->indices);
  int64_t s0 = th_strides(sparse->indices)[0], s1 = th_strides(sparse->indices)[1];
  if (ncols > 0 && sparse->nnz > 0) {
    if (dtype == TH_FLOAT32)
      spmm_float((float *)th_tensor_bytes(w), (const float *)th_tensor_bytes(dc), idx, s0, s1,
                 (const float *)th_tensor_bytes(vals), sparse->nnz, ncols, alpha);
    else
      spmm_double((double *)th_tensor_bytes(w), (const double *)th_tensor_bytes(dc), idx, s0, s1,
                  (const double *)th_tensor_bytes(vals), sparse->nnz, ncols, alpha);
  }
  if (th_resize_result(r, 2, size, __func__) == 0 && THTensor_copy(r, w) == 0) rc = 0;
done:
  THExpr_free(e);
  THTensor_free(values);
  THTensor_free(vals);
  THTensor_free(dc);
  THTensor_free(w);
  return rc;
}

/* ------------------------------------------------------------------- sums */

/* Sum of n contiguous elements into acc: integers and bool in int64
 * (wrapping), floating in double, complex in two doubles. X(enum, type,
 * accumulator, load) for each real dtype. */
#define AS_INT(x) ((int64_t)(x))
#define AS_DOUBLE(x) ((double)(x))
#define HALF(h) ((double)th_half_bits_to_float((h).x))
#define BF16(h) ((double)th_bfloat16_bits_to_float((h).x))
#define REAL_SUMS(X)                                                                     \
  X(TH_UINT8, uint8_t, isum, AS_INT) X(TH_INT8, int8_t, isum, AS_INT)                   \
  X(TH_INT16, int16_t, isum, AS_INT) X(TH_INT32, int32_t, isum, AS_INT)                 \
  X(TH_INT64, int64_t, isum, AS_INT) X(TH_UINT16, uint16_t, isum, AS_INT)               \
  X(TH_UINT32, uint32_t, isum, AS_INT) X(TH_UINT64, uint64_t, isum, AS_INT)             \
  X(TH_BOOL, ths_bool, isum, AS_INT) X(TH_FLOAT32, float, fsum, AS_DOUBLE)              \
  X(TH_FLOAT64, double, fsum, AS_DOUBLE) X(TH_FLOAT16, THHalf, fsum, HALF)              \
  X(TH_BFLOAT16, THBFloat16, fsum, BF16)

static int ths_integral(THScalarType dtype) {
  return !THScalarType_isFloatingPoint(dtype) && !THScalarType_isComplex(dtype);
}

THTensor *THSTensor_newSumAll(THSTensor *self) {
  THS_CHECK(self, NULL);
  THScalarType dtype = ths_dtype(self);
  int integral = ths_integral(dtype);
  THScalarType rtype = integral ? TH_INT64 : dtype;
  /* Integer and bool duplicates are one element of the tensor: they merge
   * in its dtype (wrapping, or) before the int64 sum, as to_dense() and
   * torch see them. Float duplicates may be summed as they lie. */
  THSTensor *src = integral ? THSTensor_newCoalesce(self) : self;
  if (!src) return NULL;
  THTensor *values = THSTensor_newValues(src);
  if (integral) THSTensor_free(src); /* newCoalesce's reference, self's too */
  THTensor *c = values ? THTensor_newContiguous(values) : NULL;
  THTensor_free(values);
  if (!c) return NULL;
  THTensor *r = th_tensor_new_with_size(rtype, 0, NULL, NULL, __func__);
  if (!r) {
    THTensor_free(c);
    return NULL;
  }
  const char *data = th_tensor_bytes(c);
  int64_t n = th_tensor_numel(c);
  uint64_t isum = 0;
  double fsum = 0, parts[2] = {0, 0};
  switch (dtype) {
#define CASE(E, T, ACC, LOAD)                                               \
  case E:                                                                   \
    for (int64_t i = 0; i < n; i++) ACC += LOAD(((const T *)data)[i]);       \
    break;
    REAL_SUMS(CASE)
#undef CASE
    case TH_COMPLEX64:
      for (int64_t i = 0; i < 2 * n; i++) parts[i & 1] += ((const float *)data)[i];
      break;
    case TH_COMPLEX128:
      for (int64_t i = 0; i < 2 * n; i++) parts[i & 1] += ((const double *)data)[i];
      break;
    default: break;
  }
  THTensor_free(c);
  char *out = th_tensor_bytes(r);
  int rc = 0;
  if (integral)
    memcpy(out, &isum, sizeof isum); /* int64's bits: the sum wraps as torch's does */
  else if (THScalarType_isComplex(dtype))
    rc = THScalarType_packComplex(dtype, parts[0], parts[1], out);
  else
    rc = THScalarType_packDouble(dtype, fsum, out);
  if (rc) {
    THTensor_free(r);
    return NULL;
  }
  return r;
}

/* out[j] = the sum of in[j * K .. j * K + K) for rows j < n (in order). */
#define DEFINE_INNER_SUM(E, T)                                                         \
  static void inner_sum_##T(char *out_, const char *in_, int64_t n, int64_t K) {       \
    T *out = (T *)out_;                                                                \
    const T *in = (const T *)in_;                                                      \
    for (int64_t j = 0; j < n; j++) {                                                  \
      T acc = in[j * K];                                                               \
      for (int64_t i = 1; i < K; i++) acc = add_##T(acc, in[j * K + i]);               \
      out[j] = acc;                                                                    \
    }                                                                                  \
  }
FOR_EACH_DTYPE(DEFINE_INNER_SUM)

static void inner_sum(THScalarType dtype, char *out, const char *in, int64_t n, int64_t K) {
  switch (dtype) {
#define CASE(E, T) \
  case E:          \
    inner_sum_##T(out, in, n, K); \
    return;
    FOR_EACH_DTYPE(CASE)
#undef CASE
    default:
      return;
  }
}

/* values (nnz x dense) in rtype, summed over the dense dims flagged in
 * summed. */
static THTensor *sum_dense_dims(THSTensor *self, const int *summed, THScalarType rtype,
                                const char *fn) {
  THTensor *values = THSTensor_newValues(self);
  if (values && rtype != ths_dtype(self)) {
    THExpr *e = THExpr_newCastMove(THExpr_newTensor(values), rtype);
    THTensor *cast = e ? THTensor_newEval(e) : NULL;
    THExpr_free(e);
    THTensor_free(values);
    values = cast;
  }
  if (!values) return NULL;
  int nv = self->nDimensionV, nDimI = self->nDimensionI, kept = 0, order[TH_MAX_DIMS + 1];
  int64_t K = 1, out_size[TH_MAX_DIMS + 1];
  order[kept] = 0;
  out_size[kept++] = self->nnz;
  for (int d = 0; d < nv; d++)
    if (!summed[nDimI + d]) order[kept] = d + 1, out_size[kept++] = self->size[nDimI + d];
  for (int d = 0, at = kept; d < nv; d++)
    if (summed[nDimI + d]) order[at++] = d + 1, K *= self->size[nDimI + d];
  if (kept == nv + 1) return values;
  THTensor *perm = THTensor_newPermute(values, order);
  THTensor_free(values);
  THTensor *c = perm ? THTensor_newContiguous(perm) : NULL;
  THTensor_free(perm);
  if (!c) return NULL;
  THTensor *out = th_tensor_new_with_size(c->storage->dtype, kept, out_size, NULL, fn);
  int64_t rows = th_tensor_numel(c) / (K > 0 ? K : 1);
  if (out && K > 0) inner_sum(c->storage->dtype, th_tensor_bytes(out), th_tensor_bytes(c), rows, K);
  if (out && K == 0 && th_tensor_numel(out) > 0)
    memset(th_tensor_bytes(out), 0, (size_t)th_storage_nbytes(out->storage));
  THTensor_free(c);
  return out;
}

/* newSum's work once its dims are checked (summed[d] set for each). */
static THSTensor *sum_dims(THSTensor *self, const int *summed, THScalarType rtype,
                           const char *fn) {
  int ndim = ths_ndim(self), nDimI = self->nDimensionI, keptI = 0, keptV = 0;
  int64_t size[TH_MAX_DIMS];
  for (int d = 0; d < nDimI; d++)
    if (!summed[d]) size[keptI++] = self->size[d];
  for (int d = nDimI; d < ndim; d++)
    if (!summed[d]) size[keptI + keptV++] = self->size[d];
  THTensor *values = sum_dense_dims(self, summed, rtype, fn);
  if (!values) return NULL;
  int64_t isize[2] = {keptI, self->nnz};
  THTensor *indices = th_tensor_new_with_size(TH_INT64, 2, isize, NULL, fn);
  if (!indices) {
    THTensor_free(values);
    return NULL;
  }
  const int64_t *src = (const int64_t *)th_tensor_bytes(self->indices);
  int64_t *dst = (int64_t *)th_tensor_bytes(indices), s0 = th_strides(self->indices)[0],
          s1 = th_strides(self->indices)[1];
  for (int d = 0, row = 0; d < nDimI; d++) {
    if (summed[d]) continue;
    for (int64_t k = 0; k < self->nnz; k++) dst[row * self->nnz + k] = src[d * s0 + k * s1];
    row++;
  }
  THTensor *out_i = indices, *out_v = values;
  int64_t nnz = self->nnz;
  if (nnz < 2) { /* values may still be a view of self's */
    out_v = THTensor_newClone(values);
    THTensor_free(values);
    if (!out_v) {
      THTensor_free(indices);
      return NULL;
    }
  } else {
    THTensor *c = THTensor_newContiguous(values);
    int rc = !c ? -1 : ths_coalesce_parts(indices, c, nnz, keptI, size, &out_i, &out_v, &nnz,
                                          fn);
    THTensor_free(c);
    THTensor_free(indices);
    THTensor_free(values);
    if (rc) return NULL;
  }
  return ths_alloc_move(out_i, out_v, nnz, keptI, keptV, size, 1, fn);
}

THSTensor *THSTensor_newSum(THSTensor *self, int n, const int *dims) {
  THS_CHECK(self, NULL);
  int ndim = ths_ndim(self), summed[TH_MAX_DIMS] = {0};
  if (n < 0 || (n > 0 && !dims)) {
    TH_ERR(TH_ERROR_VALUE, "n must be >= 0 with dims given, got %d", n);
    return NULL;
  }
  for (int i = 0; i < n; i++) {
    int d = th_wrap_dim(dims[i], ndim, "dim", __func__);
    if (d < 0) return NULL;
    if (summed[d]) {
      TH_ERR(TH_ERROR_VALUE, "dim %d appears more than once in dims", dims[i]);
      return NULL;
    }
    summed[d] = 1;
  }
  /* torch's result dtypes: the values are reduced as a dense tensor
   * (integers and bool in int64) over summed dense dims and over the nnz
   * rows when no sparse dim is left; merging the duplicates of kept sparse
   * dims alone is coalesce, which keeps the dtype (wrapping; bool: or).
   * Before a sum in int64, duplicates merge in the dtype as they are one
   * element of the tensor (as to_dense() and newSumAll see them), so a
   * 1-dim tensor's sum over dim 0 is its newSumAll. */
  int nDimI = self->nDimensionI, keptI = 0, denseSummed = 0;
  for (int d = 0; d < ndim; d++) {
    if (d < nDimI) keptI += !summed[d];
    else denseSummed |= summed[d];
  }
  THScalarType dtype = ths_dtype(self);
  THScalarType rtype = ths_integral(dtype) && (keptI == 0 || denseSummed) ? TH_INT64 : dtype;
  THSTensor *src = rtype != dtype ? THSTensor_newCoalesce(self) : self;
  if (!src) return NULL;
  THSTensor *r = sum_dims(src, summed, rtype, __func__);
  if (rtype != dtype) THSTensor_free(src); /* newCoalesce's reference, self's too */
  return r;
}
