/* Running scans along a dim (THTensorScan.h). Each row is walked in short
 * chunks: the elements are converted into the accumulator's dtype through
 * THCast's loops (which read any stride), scanned with a carry, and
 * converted back into the result's row, so one kernel per accumulator class
 * serves every dtype and layout. Rows are split across threads. */
#include <math.h>
#include <string.h>

#include "core/THParallelImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCastImpl.h"
#include "engine/THSpecialImpl.h"
#include "math/THRowsImpl.h"
#include "TH/THTensorScan.h"

#define CHUNK 256
#define MAX_CHUNKS 8

enum { SCAN_SUM, SCAN_PROD, SCAN_LSE, SCAN_MAX, SCAN_MIN };

typedef struct Scan {
  int op;
  THScalarType dtype, acc; /* the elements' (and result's) dtype; the accumulator's */
  size_t es, acc_es;
  THRows rows;
  const char *in;
  char *out;
  int64_t *ix; /* cummax/cummin */
  int64_t in_st[TH_MAX_DIMS], out_st[TH_MAX_DIMS], ix_st[TH_MAX_DIMS];
  int nchunks;
} Scan;

/* torch's accumulator types on the CPU (at::acc_type<T, false>) */
static THScalarType acc_of(THScalarType t) {
  switch (t) {
    case TH_FLOAT32:
    case TH_FLOAT64: return TH_FLOAT64;
    case TH_FLOAT16:
    case TH_BFLOAT16: return TH_FLOAT32;
    case TH_COMPLEX64:
    case TH_COMPLEX128: return TH_COMPLEX128;
    default: return TH_INT64;
  }
}

/* torch's _log_add_exp_helper(x, y) */
#define LOG_ADD_EXP(NAME, T, LOG1P, EXP, ISFINITE)                \
  static inline T NAME(T x, T y) {                                \
    T lo = y != y ? y : (y < x ? y : x);                          \
    T hi = y != y ? y : (x < y ? y : x);                          \
    if (lo != hi || ISFINITE(lo)) return hi + LOG1P(EXP(lo - hi)); \
    return x;                                                     \
  }
LOG_ADD_EXP(log_add_exp, double, log1p, exp, isfinite)
LOG_ADD_EXP(log_add_expf, float, log1pf, expf, isfinite)

/* The carry through one chunk of accumulators (sum, product or
 * log-sum-exp); carry points to one accumulator. */
static void scan_chunk(int op, THScalarType acc, void *buf, int64_t m, void *carry) {
  switch (acc) {
    case TH_FLOAT64: {
      double *b = buf, c = *(double *)carry;
      for (int64_t i = 0; i < m; i++)
        b[i] = c = op == SCAN_SUM ? c + b[i] : op == SCAN_PROD ? c * b[i] : log_add_exp(b[i], c);
      *(double *)carry = c;
      return;
    }
    case TH_FLOAT32: {
      float *b = buf, c = *(float *)carry;
      for (int64_t i = 0; i < m; i++)
        b[i] = c = op == SCAN_SUM ? c + b[i] : op == SCAN_PROD ? c * b[i] : log_add_expf(b[i], c);
      *(float *)carry = c;
      return;
    }
    case TH_INT64: { /* wrapping, as two's complement arithmetic */
      uint64_t *b = buf, c = *(uint64_t *)carry;
      for (int64_t i = 0; i < m; i++) b[i] = c = op == SCAN_SUM ? c + b[i] : c * b[i];
      *(uint64_t *)carry = c;
      return;
    }
    default: { /* complex128: (re, im) pairs */
      double *b = buf, *c = carry, re = c[0], im = c[1];
      for (int64_t i = 0; i < m; i++) {
        double x = b[2 * i], y = b[2 * i + 1];
        if (op == SCAN_LSE) { /* torch's order: the element first, then the carry */
          double complex s = th_clogaddexp(CMPLX(x, y), CMPLX(re, im));
          re = creal(s), im = cimag(s);
        } else if (op == SCAN_SUM) {
          re += x, im += y;
        } else {
          double r = re * x - im * y;
          im = re * y + im * x, re = r;
        }
        b[2 * i] = re, b[2 * i + 1] = im;
      }
      c[0] = re, c[1] = im;
    }
  }
}

static void carry_init(const Scan *S, void *carry) {
  double one[2] = {S->op == SCAN_PROD ? 1.0 : S->op == SCAN_LSE ? -INFINITY : 0.0, 0.0};
  if (S->acc == TH_FLOAT64 || S->acc == TH_COMPLEX128)
    memcpy(carry, one, sizeof one);
  else if (S->acc == TH_FLOAT32)
    *(float *)carry = (float)one[0];
  else
    *(uint64_t *)carry = S->op == SCAN_PROD ? 1 : 0;
}

/* cummax/cummin over one chunk, values read as float64 (int64 as int64,
 * which float64 cannot hold exactly): an equal element takes over, a NaN
 * wins and keeps winning (torch's cummax_cummin_helper). */
#define EXTREME_CHUNK(NAME, T)                                                       \
  static void NAME(const T *b, int64_t m, int64_t i0, int max, T *best, int64_t *at, \
                   int64_t *out) {                                                   \
    T c = *best;                                                                     \
    int64_t k = *at;                                                                 \
    for (int64_t i = 0; i < m; i++) {                                                \
      T x = b[i];                                                                    \
      if (x != x || (c == c && (max ? x >= c : x <= c))) c = x, k = i0 + i;          \
      out[i] = k;                                                                    \
    }                                                                                \
    *best = c, *at = k;                                                              \
  }
EXTREME_CHUNK(extreme_f64, double)
EXTREME_CHUNK(extreme_i64, int64_t)

static void scan_row(const Scan *S, int64_t r) {
  int dim = S->rows.dim;
  int64_t n = S->rows.n, ins = S->in_st[dim], outs = S->out_st[dim];
  const char *in = S->in + th_row_offset(&S->rows, S->in_st, r) * (int64_t)S->es;
  char *out = S->out + th_row_offset(&S->rows, S->out_st, r) * (int64_t)S->es;
  double buf[2 * CHUNK]; /* CHUNK accumulators of up to 16 bytes */
  int64_t found[CHUNK];
  double carry[2];
  int64_t best_i = 0, at = 0;
  double best_f = 0;
  int extreme = S->op == SCAN_MAX || S->op == SCAN_MIN;
  th_cast_loop load = th_cast_loops[S->acc][S->dtype];
  ptrdiff_t esz = (ptrdiff_t)S->es;
  carry_init(S, carry);
  for (int64_t i = 0; i < n; i += CHUNK) {
    int64_t m = n - i < CHUNK ? n - i : CHUNK;
    load((char *)buf, (ptrdiff_t)S->acc_es, in + i * ins * esz, ins * esz, m);
    if (!extreme) {
      scan_chunk(S->op, S->acc, buf, m, carry);
      th_cast_loops[S->dtype][S->acc](out + i * outs * esz, outs * esz, (const char *)buf,
                                      (ptrdiff_t)S->acc_es, m);
      continue;
    }
    if (i == 0) { /* the first element starts the run */
      if (S->acc == TH_INT64)
        best_i = ((int64_t *)buf)[0];
      else
        best_f = buf[0];
    }
    if (S->acc == TH_INT64)
      extreme_i64((const int64_t *)buf, m, i, S->op == SCAN_MAX, &best_i, &at, found);
    else
      extreme_f64(buf, m, i, S->op == SCAN_MAX, &best_f, &at, found);
    /* the values are the input's own elements (a -0.0 or NaN keeps its bits) */
    int64_t *ix = S->ix + th_row_offset(&S->rows, S->ix_st, r);
    int64_t ixs = S->ix_st[dim];
    for (int64_t j = 0; j < m; j++) {
      memcpy(out + (i + j) * outs * esz, in + found[j] * ins * esz, S->es);
      ix[(i + j) * ixs] = found[j];
    }
  }
}

/* One step of m side-by-side scans: carry[j] op= b[j], then b[j] = carry[j]. */
static void scan_lanes(int op, THScalarType acc, void *buf, void *carry, int64_t m) {
  switch (acc) {
    case TH_FLOAT64: {
      double *b = buf, *c = carry;
      for (int64_t j = 0; j < m; j++)
        b[j] = c[j] = op == SCAN_SUM ? c[j] + b[j] : op == SCAN_PROD ? c[j] * b[j]
                                                                      : log_add_exp(b[j], c[j]);
      return;
    }
    case TH_FLOAT32: {
      float *b = buf, *c = carry;
      for (int64_t j = 0; j < m; j++)
        b[j] = c[j] = op == SCAN_SUM ? c[j] + b[j] : op == SCAN_PROD ? c[j] * b[j]
                                                                      : log_add_expf(b[j], c[j]);
      return;
    }
    case TH_INT64: {
      uint64_t *b = buf, *c = carry;
      for (int64_t j = 0; j < m; j++) b[j] = c[j] = op == SCAN_SUM ? c[j] + b[j] : c[j] * b[j];
      return;
    }
    default:
      for (int64_t j = 0; j < m; j++) scan_chunk(op, acc, (double *)buf + 2 * j, 1, (double *)carry + 2 * j);
  }
}

/* Rows r .. r + m - 1, neighbours in memory (the innermost dim has stride 1
 * in the input and the result, and it is not the scanned one): scanned side
 * by side, a step of all m at a time, so that each step reads and writes
 * one contiguous run instead of m strided rows (cumsum(dim=0) of a
 * contiguous matrix). */
static void scan_rows_across(const Scan *S, int64_t r, int64_t m) {
  int dim = S->rows.dim;
  int64_t n = S->rows.n, ins = S->in_st[dim], outs = S->out_st[dim];
  ptrdiff_t esz = (ptrdiff_t)S->es, acc_es = (ptrdiff_t)S->acc_es;
  const char *in = S->in + th_row_offset(&S->rows, S->in_st, r) * esz;
  char *out = S->out + th_row_offset(&S->rows, S->out_st, r) * esz;
  double buf[2 * CHUNK], carry[2 * CHUNK];
  for (int64_t j = 0; j < m; j++) carry_init(S, (char *)carry + j * acc_es);
  th_cast_loop load = th_cast_loops[S->acc][S->dtype], store = th_cast_loops[S->dtype][S->acc];
  for (int64_t i = 0; i < n; i++) {
    load((char *)buf, acc_es, in + i * ins * esz, esz, m);
    scan_lanes(S->op, S->acc, buf, carry, m);
    store(out + i * outs * esz, esz, (const char *)buf, acc_es, m);
  }
}

static void scan_body(int64_t c0, int64_t c1, void *ctx) {
  const Scan *S = ctx;
  int last = S->rows.nd - 1;
  int across = S->op <= SCAN_LSE && last != S->rows.dim && S->rows.size[last] > 1 &&
               S->in_st[last] == 1 && S->out_st[last] == 1;
  for (int64_t c = c0; c < c1; c++) {
    int64_t r0 = S->rows.count * c / S->nchunks, r1 = S->rows.count * (c + 1) / S->nchunks;
    for (int64_t r = r0; r < r1;) {
      if (!across) {
        scan_row(S, r++);
        continue;
      }
      /* the rest of this run of neighbours, at most CHUNK of it */
      int64_t m = S->rows.size[last] - r % S->rows.size[last];
      m = m < r1 - r ? m : r1 - r;
      m = m < CHUNK ? m : CHUNK;
      scan_rows_across(S, r, m);
      r += m;
    }
  }
}

/* ---------------------------------------------------------------- driver */

static int check_result(THTensor *t, const char *what, const THTensor *input, const char *fn) {
  if (!t) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", what);
    return -1;
  }
  TH_CHECK_TENSOR_AS(t, fn, -1);
  if (th_storage_check_not_readonly(t->storage, what, fn)) return -1;
  if (th_has_shape(t, input->nDimension, th_sizes(input)) && th_check_writable(t, what, fn))
    return -1;
  return 0;
}

/* A result that overlaps src otherwise than as the very same elements is
 * written aside first: a row may read what another has written. */
static int needs_aside(const THTensor *t, const THTensor *src) {
  if (!t || th_tensor_numel(t) == 0 || th_tensor_numel(src) == 0) return 0;
  return th_tensors_meet(t, src) && !th_same_layout(t, src);
}

/* logcumsumexp's dtypes: the floating and complex ones */
static int lse_dtype(THScalarType t) {
  return THScalarType_isFloatingPoint(t) || THScalarType_isComplex(t);
}

static int scan(int op, THTensor *result, THTensor *indices, THTensor *input, int dim,
                const char *fn) {
  static const char *names[] = {"cumsum", "cumprod", "logcumsumexp", "cummax", "cummin"};
  if (!input) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "input is NULL");
    return -1;
  }
  TH_CHECK_TENSOR_AS(input, fn, -1);
  int extreme = op == SCAN_MAX || op == SCAN_MIN;
  if (check_result(result, extreme ? "values" : "result", input, fn) ||
      (extreme && check_result(indices, "indices", input, fn)))
    return -1;
  if (extreme && result == indices) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "values and indices must be two different tensors");
    return -1;
  }
  THScalarType in_t = input->storage->dtype, dtype = result->storage->dtype;
  if (extreme) {
    if (dtype != in_t || indices->storage->dtype != TH_INT64) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s: expected values of dtype %s and indices of int64, "
                "got %s and %s", names[op], THScalarType_name(in_t), THScalarType_name(dtype),
                THScalarType_name(indices->storage->dtype));
      return -1;
    }
    /* torch checks the dtype only when there is a row to walk: a 0-dim or
     * empty tensor of any dtype passes */
    if (input->nDimension > 0 && th_tensor_numel(input) > 0 &&
        (in_t == TH_UINT16 || in_t == TH_UINT32 || in_t == TH_UINT64 ||
         THScalarType_isComplex(in_t))) {
      TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"%s_cpu\" not implemented for %s", names[op],
                THScalarType_name(in_t));
      return -1;
    }
  }
  if ((op == SCAN_SUM || op == SCAN_PROD) && dtype == TH_BOOL) { /* torch has no bool sums */
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"%s_out_cpu\" not implemented for bool", names[op]);
    return -1;
  }
  if (op == SCAN_LSE && dtype != in_t) { /* torch's has no dtype= */
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "logcumsumexp: expected a result of dtype %s, but got %s",
              THScalarType_name(in_t), THScalarType_name(dtype));
    return -1;
  }
  if (op == SCAN_LSE && !lse_dtype(in_t)) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"logcumsumexp_out_cpu\" not implemented for %s",
              THScalarType_name(in_t));
    return -1;
  }
  int nd = input->nDimension;
  int d = th_wrap_dim_scalar(dim, nd, "dim", fn);
  if (d < 0) return -1;
  Scan S = {.op = op, .dtype = dtype, .es = THScalarType_elementSize(dtype)};
  S.acc = extreme ? (in_t == TH_INT64 ? TH_INT64 : TH_FLOAT64) : acc_of(dtype);
  S.acc_es = THScalarType_elementSize(S.acc);
  th_rows_init(&S.rows, nd, th_sizes(input), d);
  /* the elements in the result's dtype (torch's dtype= converts first) */
  THTensor *src = input;
  if (dtype != in_t) {
    src = th_tensor_new_with_size(dtype, nd, th_sizes(input), NULL, fn);
    if (!src || THTensor_copy(src, input)) goto fail_src;
  } else {
    THTensor_retain(src);
  }
  THTensor *out = result, *ix = indices;
  int aside = needs_aside(result, src) || (extreme && needs_aside(indices, src));
  if (aside) {
    out = th_tensor_new_with_size(dtype, nd, th_sizes(input), NULL, fn);
    ix = out && extreme ? th_tensor_new_with_size(TH_INT64, nd, th_sizes(input), NULL, fn) : NULL;
    if (!out || (extreme && !ix)) goto fail;
  } else if (th_resize_results(result, extreme ? indices : NULL, nd, th_sizes(input), fn)) {
    goto fail;
  }
  if (op == SCAN_LSE && nd == 0) { /* torch copies a 0-dim input as it is (-inf + 2j) */
    if (THTensor_copy(out, src)) goto fail;
  } else if (th_tensor_numel(src) > 0) {
    const int64_t one = 1;
    th_rows_strides(&S.rows, nd, nd ? th_strides(src) : &one, S.in_st);
    th_rows_strides(&S.rows, nd, nd ? th_strides(out) : &one, S.out_st);
    S.in = th_tensor_bytes(src);
    S.out = th_tensor_bytes(out);
    if (extreme) {
      th_rows_strides(&S.rows, nd, nd ? th_strides(ix) : &one, S.ix_st);
      S.ix = (int64_t *)th_tensor_bytes(ix);
    }
    int64_t work = th_tensor_numel(src) * (int64_t)(S.es + S.acc_es);
    int64_t c = work < TH_PARALLEL_MIN_BYTES ? 1 : S.rows.count;
    int threads = THGetNumThreads();
    S.nchunks = (int)(c < threads ? c : threads);
    if (S.nchunks > MAX_CHUNKS) S.nchunks = MAX_CHUNKS;
    th_parallel_for(S.nchunks, 1, scan_body, &S);
  }
  if (aside) {
    if (th_resize_results(result, extreme ? indices : NULL, nd, th_sizes(input), fn) ||
        THTensor_copy(result, out) || (extreme && THTensor_copy(indices, ix)))
      goto fail;
    THTensor_free(out);
    THTensor_free(ix);
  }
  THTensor_free(src);
  return 0;
fail:
  if (aside) {
    THTensor_free(out);
    THTensor_free(ix);
  }
fail_src:
  THTensor_free(src);
  return -1;
}

/* ------------------------------------------------------------ public API */

int THTensor_cumsum(THTensor *result, THTensor *input, int dim) {
  return scan(SCAN_SUM, result, NULL, input, dim, __func__);
}

int THTensor_cumprod(THTensor *result, THTensor *input, int dim) {
  return scan(SCAN_PROD, result, NULL, input, dim, __func__);
}

int THTensor_logcumsumexp(THTensor *result, THTensor *input, int dim) {
  return scan(SCAN_LSE, result, NULL, input, dim, __func__);
}

int THTensor_cummax(THTensor *values, THTensor *indices, THTensor *input, int dim) {
  return scan(SCAN_MAX, values, indices, input, dim, __func__);
}

int THTensor_cummin(THTensor *values, THTensor *indices, THTensor *input, int dim) {
  return scan(SCAN_MIN, values, indices, input, dim, __func__);
}
