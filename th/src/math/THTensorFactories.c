/* Tensors made from numbers (eye, arange, range, linspace, logspace) and
 * the structure of matrices (diag, tril, triu, trace, cross, dist, renorm),
 * computing what torch 2.13's CPU kernels compute. */
#include <math.h>
#include <string.h>

#include "TH/THExpr.h"
#include "TH/THTensorFactories.h"
#include "TH/THTensorMath.h"
#include "core/THHalfImpl.h"
#include "core/THBFloat16Impl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCastImpl.h"
#include "engine/THIterImpl.h"
#include "core/THCpuImpl.h"
#include "core/THParallelImpl.h"

#define CHUNK 256

static int resize1d(THTensor *r, int64_t n, const char *fn) {
  return th_resize_result(r, 1, &n, fn);
}

/* values[i] (doubles) into r's elements, r 1-dim */
static void store_doubles(THTensor *r, const double *values, int64_t offset, int64_t n) {
  int64_t es = (int64_t)THScalarType_elementSize(r->storage->dtype);
  th_cast_loops[r->storage->dtype][TH_FLOAT64](
      th_tensor_bytes(r) + offset * th_strides(r)[0] * es, th_strides(r)[0] * es,
      (const char *)values, 8, n);
}

static int writable(THTensor *r, const char *fn) {
  THRequire(r, -1, TH_ERROR_VALUE, "%s: r is NULL", fn);
  TH_CHECK_TENSOR_AS(r, fn, -1);
  return 0;
}

/* ------------------------------------------------------------ factories */

int THTensor_zerosLike(THTensor *r, THTensor *input) {
  if (writable(r, __func__) || writable(input, __func__)) return -1;
  return th_resize_result(r, input->nDimension, th_sizes(input), __func__) || THTensor_fill(r, 0)
             ? -1
             : 0;
}

int THTensor_onesLike(THTensor *r, THTensor *input) {
  if (writable(r, __func__) || writable(input, __func__)) return -1;
  return th_resize_result(r, input->nDimension, th_sizes(input), __func__) || THTensor_fill(r, 1)
             ? -1
             : 0;
}

int THTensor_eye(THTensor *r, int64_t n, int64_t m) {
  if (writable(r, __func__)) return -1;
  if (m < 0) m = n;
  THRequire(n >= 0, -1, TH_ERROR_VALUE, "eye: n must be greater or equal to 0, got %lld",
             (long long)n);
  int64_t size[2] = {n, m};
  if (th_resize_result(r, 2, size, __func__) || THTensor_fill(r, 0)) return -1;
  THTensor *d = THTensor_newDiagonal(r, 0, 0, 1);
  int rc = !d || THTensor_fill(d, 1) ? -1 : 0;
  THTensor_free(d);
  return rc;
}

static int check_range(double xmin, double xmax, double step, const char *fn) {
  if (!(isfinite(xmin) && isfinite(xmax))) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "unsupported range: %g -> %g", xmin, xmax);
    return -1;
  }
  if (!(step != 0) || !isfinite(step)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "step must be nonzero and finite, got %g", step);
    return -1;
  }
  if ((step > 0 && xmax < xmin) || (step < 0 && xmax > xmin)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "upper bound and larger bound inconsistent with step sign");
    return -1;
  }
  return 0;
}

/* values[k] = xmin + (i + k) * step, k < m, with one rounding (torch's
 * scalar arange: its accumulation type's multiply-add, fused); cloned for
 * FMA, where fma() is an instruction rather than a call per element */
TH_CLONES_FMA static void steps(double *values, int64_t i, int64_t m, double xmin,
                                double step) {
  /* i + k as i's double plus an int's (exact below 2^53): AVX2 converts
   * 32-bit ints to doubles in vectors, not 64-bit ones */
  double base = (double)i;
  for (int k = 0; k < (int)m; k++) values[k] = fma(base + (double)k, step, xmin);
}

/* linspace's values j in [i, i + m) of n in float32 (float64): the first
 * half counted up from start, the second down from end, each with one fused
 * multiply-add (torch's); cloned for FMA, where fma is an instruction. The
 * indices as i's double plus an int's, as in steps (exact, then rounded
 * once to float as the int64 was). */
TH_CLONES_FMA static void spaced_f32(float *values, int64_t i, int64_t m, int64_t n,
                                     double start, double end, double step) {
  float s = (float)start, e = (float)end, d = (float)step;
  int up = (int)(n / 2 - i < 0 ? 0 : n / 2 - i < m ? n / 2 - i : m);
  double base = (double)i, top = (double)(n - i - 1);
  for (int k = 0; k < up; k++) values[k] = fmaf(d, (float)(base + (double)k), s);
  for (int k = up; k < (int)m; k++) values[k] = fmaf(-d, (float)(top - (double)k), e);
}
TH_CLONES_FMA static void spaced_f64(double *values, int64_t i, int64_t m, int64_t n,
                                     double start, double end, double step) {
  int up = (int)(n / 2 - i < 0 ? 0 : n / 2 - i < m ? n / 2 - i : m);
  double base = (double)i, top = (double)(n - i - 1);
  for (int k = 0; k < up; k++) values[k] = fma(step, base + (double)k, start);
  for (int k = up; k < (int)m; k++) values[k] = fma(-step, top - (double)k, end);
}

/* A 1-dim fill computed from each element's index, FILL_CHUNK elements a
 * task: straight into r when r is contiguous of the dtype the formula
 * makes, else through a buffer and a cast. Every element is computed alone,
 * so the thread split changes no bit. */
#define FILL_CHUNK 4096
enum { FILL_STEPS, FILL_SPACED_F32, FILL_SPACED_F64, FILL_INT64 };
typedef struct Fill {
  THTensor *r;
  int kind;
  int64_t n;
  double a, b, step;       /* steps: a = xmin; spaced: a, b = start, end */
  int64_t istart, istep; /* int64 steps */
} Fill;

/* values[k] = start + (i + k) * step in int64, wrapping as uint64 */
static void int64_steps(int64_t *values, int64_t i, int64_t m, int64_t start, int64_t step) {
  uint64_t base = (uint64_t)start + (uint64_t)i * (uint64_t)step;
  for (int64_t k = 0; k < m; k++) values[k] = (int64_t)(base + (uint64_t)k * (uint64_t)step);
}

static void fill_values(const Fill *F, void *out, int64_t i, int64_t m) {
  if (F->kind == FILL_STEPS)
    steps(out, i, m, F->a, F->step);
  else if (F->kind == FILL_SPACED_F32)
    spaced_f32(out, i, m, F->n, F->a, F->b, F->step);
  else if (F->kind == FILL_INT64)
    int64_steps(out, i, m, F->istart, F->istep);
  else
    spaced_f64(out, i, m, F->n, F->a, F->b, F->step);
}

static void fill_body(int64_t begin, int64_t end, void *ctx) {
  const Fill *F = ctx;
  THScalarType t = F->r->storage->dtype;
  THScalarType made = F->kind == FILL_SPACED_F32 ? TH_FLOAT32
                      : F->kind == FILL_INT64   ? TH_INT64
                                                : TH_FLOAT64;
  int64_t es = (int64_t)THScalarType_elementSize(t), stride = th_strides(F->r)[0];
  union { double f[FILL_CHUNK]; int64_t i[FILL_CHUNK]; } buf;
  void *made_buf = &buf; /* (either member) */
  for (int64_t c = begin; c < end; c++) {
    int64_t i = c * FILL_CHUNK, m = F->n - i < FILL_CHUNK ? F->n - i : FILL_CHUNK;
    char *dst = th_tensor_bytes(F->r) + i * stride * es;
    if (t == made && stride == 1) {
      fill_values(F, dst, i, m);
      continue;
    }
    fill_values(F, made_buf, i, m);
    th_cast_loops[t][made](dst, stride * es, (const char *)made_buf,
                           (ptrdiff_t)THScalarType_elementSize(made), m);
  }
}

/* Runs F over r (resized to F->n elements), on th's threads when large. */
static void fill(const Fill *F) {
  int64_t chunks = (F->n + FILL_CHUNK - 1) / FILL_CHUNK;
  if (F->n * (int64_t)THScalarType_elementSize(F->r->storage->dtype) < TH_PARALLEL_MIN_BYTES)
    fill_body(0, chunks, (void *)F);
  else
    th_parallel_for(chunks, 1, fill_body, (void *)F);
}

static int fill_steps(THTensor *r, double xmin, double step, int64_t n, const char *fn) {
  if (resize1d(r, n, fn)) return -1;
  Fill F = {r, FILL_STEPS, n, xmin, 0, step, 0, 0};
  fill(&F);
  return 0;
}

int THTensor_arangeInt64(THTensor *r, int64_t start, int64_t step, int64_t n) {
  if (writable(r, __func__)) return -1;
  THRequire(n >= 0, -1, TH_ERROR_VALUE, "%s: n must be >= 0, got %lld", __func__, (long long)n);
  if (resize1d(r, n, __func__)) return -1;
  Fill F = {r, FILL_INT64, n, 0, 0, 0, start, step};
  fill(&F);
  return 0;
}

int THTensor_arange(THTensor *r, double xmin, double xmax, double step) {
  if (writable(r, __func__) || check_range(xmin, xmax, step, "arange")) return -1;
  double n = ceil((xmax - xmin) / step);
  THRequire(n < 0x1p63, -1, TH_ERROR_VALUE, "arange: %g elements overflow int64", n);
  return fill_steps(r, xmin, step, (int64_t)n, __func__);
}

int THTensor_range(THTensor *r, double xmin, double xmax, double step) {
  if (writable(r, __func__) || check_range(xmin, xmax, step, "range")) return -1;
  double n = floor((xmax - xmin) / step) + 1;
  THRequire(n < 0x1p63, -1, TH_ERROR_VALUE, "range: %g elements overflow int64", n);
  return fill_steps(r, xmin, step, (int64_t)n, __func__);
}

/* a number in a floating dtype's arithmetic (float for float32, rounded
 * to the half types after each operation as torch's Half operators do) */
static double in(THScalarType t, double x) {
  switch (t) {
    case TH_FLOAT32: return (float)x;
    case TH_FLOAT16: return th_half_bits_to_float(th_float_to_half_bits((float)x));
    case TH_BFLOAT16: return th_bfloat16_bits_to_float(th_float_to_bfloat16_bits((float)x));
    default: return x;
  }
}

/* x converted to an integer dtype t (truncated, wrapped as C converts) */
static double as_integer(THScalarType t, double x) {
  int64_t v = (int64_t)trunc(x), back;
  char element[16];
  th_cast_loops[t][TH_INT64](element, 0, (const char *)&v, 0, 1);
  th_cast_loops[TH_INT64][t]((char *)&back, 0, element, 0, 1);
  return (double)back;
}

/* linspace's and logspace's checks and short cases: r resized to n, and
 * filled with first when n is 1; 1 when the n > 1 values remain to fill. */
static int spaced(THTensor *r, int64_t n, double first, const char *name, const char *fn) {
  if (writable(r, fn)) return -1;
  THRequire(n >= 0, -1, TH_ERROR_VALUE, "%s: number of steps must be non-negative", name);
  THScalarType t = r->storage->dtype;
  THRequire(!THScalarType_isComplex(t), -1, TH_ERROR_UNSUPPORTED, "%s: %s is not supported",
             name, THScalarType_name(t));
  if (resize1d(r, n, fn)) return -1;
  if (n == 1) return THTensor_fill(r, first);
  return n > 1;
}

int THTensor_linspace(THTensor *r, double a, double b, int64_t n) {
  int rc = spaced(r, n, a, "linspace", __func__);
  if (rc <= 0) return rc;
  THScalarType t = r->storage->dtype;
  /* torch: start and end in the dtype; the step in it too (float for
   * float32), in double for integers; start + step * i fused */
  int integral = !THScalarType_isFloatingPoint(t);
  double start, end, step;
  if (integral) { /* the bounds converted to the dtype */
    start = as_integer(t, a), end = as_integer(t, b), step = (end - start) / (double)(n - 1);
  } else {
    start = in(t, a), end = in(t, b);
    step = in(t, in(t, end - start) / in(t, (double)(n - 1)));
  }
  if (t == TH_FLOAT32 || t == TH_FLOAT64) {
    Fill F = {r, t == TH_FLOAT32 ? FILL_SPACED_F32 : FILL_SPACED_F64, n, start, end, step, 0, 0};
    fill(&F);
    return 0;
  }
  int64_t half = n / 2;
  double values[CHUNK];
  for (int64_t i = 0; i < n; i += CHUNK) {
    int64_t m = n - i < CHUNK ? n - i : CHUNK;
    for (int64_t k = 0; k < m; k++) {
      int64_t j = i + k;
      double v;
      if (t == TH_FLOAT16 || t == TH_BFLOAT16) { /* each Half operation rounds */
        v = j < half ? in(t, start + in(t, step * in(t, (double)j)))
                     : in(t, end - in(t, step * in(t, (double)(n - j - 1))));
      } else {
        v = j < half ? fma(step, (double)j, start) : fma(-step, (double)(n - j - 1), end);
      }
      values[k] = integral ? trunc(v) : v;
    }
    store_doubles(r, values, i, m);
  }
  return 0;
}

int THTensor_logspace(THTensor *r, double a, double b, int64_t n, double base) {
  int rc = spaced(r, n, pow(base, a), "logspace", __func__);
  if (rc <= 0) return rc;
  THScalarType t = r->storage->dtype;
  /* torch: the bounds in the dtype, the step in double; integer dtypes
   * take a float base; no multiply-add fused (torch's is not) */
  int integral = !THScalarType_isFloatingPoint(t);
  double start = in(t, a), end = in(t, b);
  if (integral) start = as_integer(t, a), end = as_integer(t, b), base = (float)base;
  /* end - start in the dtype, the step from it in double */
  double step = (integral ? end - start : in(t, end - start)) / (double)(n - 1);
  int64_t half = n / 2;
  double values[CHUNK];
  for (int64_t i = 0; i < n; i += CHUNK) {
    int64_t m = n - i < CHUNK ? n - i : CHUNK;
    for (int64_t k = 0; k < m; k++) {
      int64_t j = i + k;
      values[k] = pow(base, j < half ? start + step * (double)j
                                     : end - step * (double)(n - j - 1));
      /* torch assigns the double to a Half through float: two roundings */
      if (t == TH_FLOAT16 || t == TH_BFLOAT16) values[k] = (float)values[k];
    }
    store_doubles(r, values, i, m);
  }
  return 0;
}

/* ------------------------------------------------------------ structure */

int THTensor_diag(THTensor *r, THTensor *t, int64_t k) {
  if (writable(r, __func__) || writable(t, __func__)) return -1;
  THRequire(t->nDimension == 1 || t->nDimension == 2, -1, TH_ERROR_VALUE,
             "diag(): Supports 1D or 2D tensors. Got %dD", t->nDimension);
  THRequire(r != t, -1, TH_ERROR_VALUE, "%s: r may not be t", __func__);
  if (t->nDimension == 2) {
    THTensor *d = THTensor_newDiagonal(t, k, 0, 1);
    int rc = !d || resize1d(r, th_sizes(d)[0], __func__) || THTensor_copy(r, d) ? -1 : 0;
    THTensor_free(d);
    return rc;
  }
  int64_t n = th_sizes(t)[0] + (k < 0 ? -k : k), size[2] = {n, n};
  if (th_resize_result(r, 2, size, __func__) || THTensor_fill(r, 0)) return -1;
  THTensor *d = THTensor_newDiagonal(r, k, 0, 1);
  int rc = !d || THTensor_copy(d, t) ? -1 : 0;
  THTensor_free(d);
  return rc;
}

/* Zeroes, in each matrix of r, the elements of row i past column i + k
 * (lower) or before it (upper): a run of each row, filled as a view. */
static int triangle(THTensor *r, THTensor *t, int64_t k, int lower, const char *fn) {
  if (writable(r, fn) || writable(t, fn)) return -1;
  THRequire(t->nDimension >= 2, -1, TH_ERROR_VALUE,
             "%s: input tensor must have at least 2 dimensions", lower ? "tril" : "triu");
  if (r != t && (th_resize_result(r, t->nDimension, th_sizes(t), fn) || THTensor_copy(r, t)))
    return -1;
  if (th_check_writable(r, "the result", fn)) return -1;
  int nd = r->nDimension;
  int64_t rows = th_sizes(r)[nd - 2], cols = th_sizes(r)[nd - 1], batch = 1;
  for (int d = 0; d < nd - 2; d++) batch *= th_sizes(r)[d];
  if (batch * rows * cols == 0) return 0;
  int64_t rs = th_strides(r)[nd - 2], cs = th_strides(r)[nd - 1];
  for (int64_t b = 0; b < batch; b++) {
    int64_t offset = r->storageOffset, rest = b;
    for (int d = nd - 3; d >= 0; d--) {
      offset += rest % th_sizes(r)[d] * th_strides(r)[d];
      rest /= th_sizes(r)[d];
    }
    for (int64_t i = 0; i < rows; i++) {
      /* columns zeroed: [lo, hi) */
      int64_t lo = lower ? i + k + 1 : 0, hi = lower ? cols : i + k;
      lo = lo < 0 ? 0 : lo > cols ? cols : lo;
      hi = hi < 0 ? 0 : hi > cols ? cols : hi;
      if (lo >= hi) continue;
      int64_t size = hi - lo;
      THTensor *run = THTensor_newWithStorageNd(r->storage, offset + i * rs + lo * cs, 1, &size,
                                                &cs);
      int rc = !run || THTensor_fill(run, 0) ? -1 : 0;
      THTensor_free(run);
      if (rc) return -1;
    }
  }
  return 0;
}

int THTensor_tril(THTensor *r, THTensor *t, int64_t k) { return triangle(r, t, k, 1, __func__); }
int THTensor_triu(THTensor *r, THTensor *t, int64_t k) { return triangle(r, t, k, 0, __func__); }

int THTensor_trace(THTensor *r, THTensor *t) {
  if (writable(r, __func__) || writable(t, __func__)) return -1;
  THRequire(t->nDimension == 2, -1, TH_ERROR_VALUE,
             "trace: expected a matrix, but got tensor with dim %d", t->nDimension);
  THTensor *d = THTensor_newDiagonal(t, 0, 0, 1);
  int rc = !d || THTensor_sum(r, d, 0, NULL, 0) ? -1 : 0;
  THTensor_free(d);
  return rc;
}

/* One component of the cross product over an inner run of the iterator:
 * out = a_j * b_k - a_k * b_j, as torch computes it (the first product
 * fused into the difference for floats; int64 arithmetic for integers). */
typedef struct CrossRun { THScalarType t, in[4]; } CrossRun;

static void cross_run(char **data, const ptrdiff_t *strides, int64_t n, void *ctx) {
  const CrossRun *c = ctx;
  int integral = !THScalarType_isFloatingPoint(c->t);
  THScalarType via = integral ? TH_INT64 : TH_FLOAT64;
  union { double d[CHUNK]; int64_t i[CHUNK]; } v[4], out;
  for (int64_t s = 0; s < n; s += CHUNK) {
    int64_t m = n - s < CHUNK ? n - s : CHUNK;
    for (int k = 0; k < 4; k++)
      th_cast_loops[via][c->in[k]]((char *)&v[k], 8, data[k + 1] + s * strides[k + 1],
                                   strides[k + 1], m);
    for (int64_t e = 0; e < m; e++) {
      if (integral)
        out.i[e] = (int64_t)((uint64_t)v[0].i[e] * (uint64_t)v[3].i[e] -
                             (uint64_t)v[1].i[e] * (uint64_t)v[2].i[e]);
      else if (c->t == TH_FLOAT64)
        out.d[e] = fma(v[0].d[e], v[3].d[e], -(v[1].d[e] * v[2].d[e]));
      else if (c->t == TH_FLOAT32)
        out.d[e] = fmaf((float)v[0].d[e], (float)v[3].d[e],
                        -((float)v[1].d[e] * (float)v[2].d[e]));
      else /* the half types: each of torch's Half operations rounds */
        out.d[e] = in(c->t, in(c->t, v[0].d[e] * v[3].d[e]) - in(c->t, v[1].d[e] * v[2].d[e]));
    }
    th_cast_loops[c->t][via](data[0] + s * strides[0], strides[0], (const char *)&out, 8, m);
  }
}

/* a and b broadcast together, then r[..., i] = a[j] b[k] - a[k] b[j] along
 * dim for (i, j, k) the cyclic triples */
int THTensor_cross(THTensor *r, THTensor *a, THTensor *b, int dim) {
  if (writable(r, __func__) || writable(a, __func__) || writable(b, __func__)) return -1;
  THRequire(a->nDimension == b->nDimension, -1, TH_ERROR_VALUE,
             "linalg.cross: inputs must have the same number of dimensions.");
  THScalarType t = r->storage->dtype;
  THRequire(!THScalarType_isComplex(t) && t != TH_BOOL, -1, TH_ERROR_UNSUPPORTED,
             "linalg.cross: %s is not supported", THScalarType_name(t));
  THExpr *shape = THExpr_newBinaryMove(TH_EXPR_MUL, THExpr_newTensor(a), THExpr_newTensor(b));
  if (!shape) return -1;
  int nd = THExpr_nDimension(shape);
  int64_t size[TH_MAX_DIMS];
  memcpy(size, THExpr_sizes(shape), sizeof(int64_t) * (size_t)nd);
  THExpr_free(shape);
  THRequire(nd > 0, -1, TH_ERROR_VALUE, "linalg.cross: inputs must have at least one dimension");
  int d = th_wrap_dim(dim, nd, "dim", "linalg.cross");
  if (d < 0) return -1;
  if (th_sizes(a)[d] != 3 || th_sizes(b)[d] != 3) {
    TH_ERR(TH_ERROR_VALUE, "linalg.cross: inputs dimension %d must have length 3. Got %lld and "
           "%lld", dim, (long long)th_sizes(a)[d], (long long)th_sizes(b)[d]);
    return -1;
  }
  THRequire(r != a && r != b, -1, TH_ERROR_VALUE,
             "linalg.cross: the result may not be an input");
  if (th_resize_result(r, nd, size, __func__)) return -1;
  if (THTensor_nElement(r) == 0) return 0;
  THTensor *ea = THTensor_newExpand(a, nd, size), *eb = ea ? THTensor_newExpand(b, nd, size) : NULL;
  int rc = eb ? 0 : -1;
  for (int i = 0; i < 3 && !rc; i++) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    THTensor *views[5] = {THTensor_newSelect(r, d, i), THTensor_newSelect(ea, d, j),
                          THTensor_newSelect(ea, d, k), THTensor_newSelect(eb, d, j),
                          THTensor_newSelect(eb, d, k)};
    rc = views[0] && views[1] && views[2] && views[3] && views[4] ? 0 : -1;
    if (!rc) {
      CrossRun c = {t, {a->storage->dtype, a->storage->dtype, b->storage->dtype,
                        b->storage->dtype}};
      const int64_t *strides[5];
      char *data[5];
      size_t es[5];
      for (int v = 0; v < 5; v++) {
        strides[v] = th_strides(views[v]);
        data[v] = th_tensor_bytes(views[v]);
        es[v] = THScalarType_elementSize(views[v]->storage->dtype);
      }
      THIter it;
      th_iter_init(&it, 5, views[0]->nDimension, th_sizes(views[0]), strides, data, es);
      th_iter_run(&it, cross_run, &c);
    }
    for (int v = 0; v < 5; v++) THTensor_free(views[v]);
  }
  THTensor_free(ea);
  THTensor_free(eb);
  return rc;
}

int THTensor_dist(THTensor *r, THTensor *a, THTensor *b, double p) {
  if (writable(r, __func__) || writable(a, __func__) || writable(b, __func__)) return -1;
  THTensor *diff = THTensor_newBinary(TH_EXPR_SUB, a, b);
  int rc = !diff || THTensor_norm(r, diff, p, 0, NULL, 0) ? -1 : 0;
  THTensor_free(diff);
  return rc;
}

int THTensor_renorm(THTensor *r, THTensor *src, double p, int dim, double maxnorm) {
  if (writable(r, __func__) || writable(src, __func__)) return -1;
  THScalarType t = src->storage->dtype;
  THRequire(THScalarType_isFloatingPoint(t), -1, TH_ERROR_UNSUPPORTED,
             "renorm: %s is not supported", THScalarType_name(t));
  THRequire(p > 0, -1, TH_ERROR_VALUE, "renorm: non-positive-norm not supported");
  THRequire(maxnorm >= 0, -1, TH_ERROR_VALUE, "renorm: expected maxnorm to be >= 0 but got %g",
             maxnorm);
  THRequire(src->nDimension > 1, -1, TH_ERROR_VALUE,
             "renorm: input needs at least 2 dimensions, got %d dimensions", src->nDimension);
  int d = th_wrap_dim(dim, src->nDimension, "dim", "renorm");
  if (d < 0) return -1;
  int dims[TH_MAX_DIMS], n = 0;
  for (int k = 0; k < src->nDimension; k++)
    if (k != d) dims[n++] = k;
  THTensor *factor = THTensor_newNorm(src, p, n, dims, 1);
  if (!factor) return -1;
  /* torch's factor, in the dtype: maxnorm / (norm + 1e-7) past maxnorm, else 1 */
  int64_t count = THTensor_nElement(factor), es = (int64_t)THScalarType_elementSize(t);
  char *f = th_tensor_bytes(factor);
  double mx = in(t, maxnorm), eps = in(t, 1e-7);
  for (int64_t i = 0; i < count; i++) {
    double v;
    th_cast_loops[TH_FLOAT64][t]((char *)&v, 8, f + i * es, es, 1);
    v = v > mx ? in(t, mx / in(t, v + eps)) : 1.0;
    th_cast_loops[t][TH_FLOAT64](f + i * es, es, (const char *)&v, 8, 1);
  }
  int rc = (r != src && th_resize_result(r, src->nDimension, th_sizes(src), __func__)) ||
                   THTensor_binaryOut(r, TH_EXPR_MUL, src, factor)
               ? -1
               : 0;
  THTensor_free(factor);
  return rc;
}
