/* Convolution (THTensorConv.h): torch's conv1d/2d/3d, a cross-correlation.
 *
 * Every convolution is 3-d here: a 1-d or 2-d one gets leading spatial dims
 * of size 1 (kernel 1, stride 1, no padding). For each batch element and
 * group, im2col lays the input patches out as a (C_in/groups * kernel
 * volume) x (output volume) matrix in a scratch buffer, and one product
 * through THTensor_addmm (th's BLAS path, math/THTensorBlas.c) multiplies
 * the group's weight rows into the output rows, starting from the bias.
 * A 1x1 kernel with stride 1 and no padding reads the input as it lies. */
#include <complex.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "TH/THTensorConv.h"
#include "TH/THTensorMath.h"
#include "core/THParallelImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "math/THBlasImpl.h"
#include "math/THLapackImpl.h" /* th_blas_set_threads */

/* One convolution's geometry, padded to 3 spatial dims. */
typedef struct Geo {
  int64_t in[3], k[3], out[3], stride[3], pad[3], dil[3];
  int64_t channels; /* C_in / groups */
} Geo;

static int64_t volume(const int64_t *v) { return v[0] * v[1] * v[2]; }

/* ------------------------------------------------------------- im2col */

/* n elements of es bytes, every step-th from src, into dst. */
static void gather(char *dst, const char *src, int64_t n, int64_t step, size_t es) {
#define GATHER(T)                                                     \
  do {                                                                \
    T *d = (T *)(void *)dst;                                          \
    const T *s = (const T *)(const void *)src;                        \
    for (int64_t i = 0; i < n; i++) d[i] = s[i * step];               \
  } while (0)
  switch (es) {
    case 1: GATHER(uint8_t); break;
    case 2: GATHER(uint16_t); break;
    case 4: GATHER(uint32_t); break;
    case 8: GATHER(uint64_t); break;
    default:
      for (int64_t i = 0; i < n; i++) memcpy(dst + i * es, src + i * step * es, es);
  }
#undef GATHER
}

typedef struct Im2col {
  const Geo *g;
  size_t es;
  const char *x; /* the group's first channel: channels x in[0] x in[1] x in[2] */
  char *col;     /* (channels * kernel volume) x (output volume) */
} Im2col;

/* The rows of channels [begin, end). A patch element outside the input is
 * 0 (all bits 0 is 0 in every dtype). */
static void im2col_channels(int64_t begin, int64_t end, void *ctx) {
  const Im2col *w = ctx;
  const Geo *g = w->g;
  size_t es = w->es;
  int64_t D = g->in[0], H = g->in[1], W = g->in[2], oH = g->out[1], oW = g->out[2];
  int64_t plane = oH * oW, s = g->stride[2];
  char *dst = w->col + (size_t)(begin * volume(g->k) * volume(g->out)) * es;
  for (int64_t c = begin; c < end; c++)
    for (int64_t kd = 0; kd < g->k[0]; kd++)
      for (int64_t kh = 0; kh < g->k[1]; kh++)
        for (int64_t kw = 0; kw < g->k[2]; kw++)
          for (int64_t od = 0; od < g->out[0]; od++) {
            int64_t id = od * g->stride[0] - g->pad[0] + kd * g->dil[0];
            if (id < 0 || id >= D) {
              memset(dst, 0, (size_t)plane * es);
              dst += (size_t)plane * es;
              continue;
            }
            for (int64_t oh = 0; oh < oH; oh++, dst += (size_t)oW * es) {
              int64_t ih = oh * g->stride[1] - g->pad[1] + kh * g->dil[1];
              if (ih < 0 || ih >= H) {
                memset(dst, 0, (size_t)oW * es);
                continue;
              }
              const char *src = w->x + (size_t)(((c * D + id) * H + ih) * W) * es;
              /* ow reads iw0 + ow * s: inside the row for ow in [lo, hi) */
              int64_t iw0 = kw * g->dil[2] - g->pad[2];
              int64_t lo = iw0 >= 0 ? 0 : (-iw0 + s - 1) / s;
              int64_t hi = iw0 >= W ? 0 : (W - 1 - iw0) / s + 1;
              if (hi > oW) hi = oW;
              if (lo > hi) lo = hi;
              memset(dst, 0, (size_t)lo * es);
              if (s == 1)
                memcpy(dst + lo * es, src + (iw0 + lo) * (int64_t)es, (size_t)(hi - lo) * es);
              else
                gather(dst + lo * es, src + (iw0 + lo * s) * (int64_t)es, hi - lo, s, es);
              memset(dst + hi * es, 0, (size_t)(oW - hi) * es);
            }
          }
}

static void im2col(const Geo *g, size_t es, const char *x, char *col) {
  Im2col w = {g, es, x, col};
  int64_t bytes = volume(g->k) * volume(g->out) * (int64_t)es; /* per channel */
  int64_t grain = bytes > 0 ? TH_PARALLEL_MIN_BYTES / bytes + 1 : g->channels + 1;
  th_parallel_for(g->channels, grain, im2col_channels, &w);
}

/* ------------------------------------------------------------ checks */

static int shape_error(const char *fn, const char *format, const THTensor *t) {
  char shape[256];
  th_format_shape(shape, sizeof shape, t->nDimension, th_sizes(t));
  TH_ERR_FN(TH_ERROR_VALUE, fn, format, shape);
  return -1;
}

static void format_values(char *buf, size_t cap, int n, const int64_t *v, const char *sep) {
  size_t used = 0;
  buf[0] = 0;
  for (int i = 0; i < n && used < cap; i++)
    used += (size_t)snprintf(buf + used, cap - used, "%s%lld", i ? sep : "", (long long)v[i]);
}

/* Both convolutions' checks of the kernel's sizes (all > 0) and of the
 * bias (cout elements); given is "transposed=1, " for the transposed one,
 * as torch's messages say. */
static int check_kernel_and_bias(THTensor *weight, THTensor *bias, int nSpatial, int64_t cout,
                                 const char *given, const char *fn) {
  const int64_t *ws = th_sizes(weight);
  char values[256];
  for (int i = 0; i < nSpatial; i++) {
    if (ws[2 + i] <= 0) {
      format_values(values, sizeof values, nSpatial, ws + 2, ", ");
      TH_ERR_FN(TH_ERROR_VALUE, fn, "kernel size should be greater than zero, but got [%s]",
                values);
      return -1;
    }
  }
  if (bias && (bias->nDimension != 1 || th_sizes(bias)[0] != cout)) {
    char wshape[256], bshape[256];
    th_format_shape(wshape, sizeof wshape, weight->nDimension, ws);
    th_format_shape(bshape, sizeof bshape, bias->nDimension, th_sizes(bias));
    TH_ERR_FN(TH_ERROR_VALUE, fn, "Given %sweight of size %s, expected bias to be "
              "1-dimensional with %lld elements, but got bias of size %s instead", given, wshape,
              (long long)cout, bshape);
    return -1;
  }
  return 0;
}


/* torch's checks of groups and of the operands' dtypes, in its order,
 * shared by both directions. */
static int check_groups_and_dtypes(THTensor *input, THTensor *weight, THTensor *bias,
                                   int64_t groups, const char *fn) {
  THRequire(groups > 0, -1, TH_ERROR_VALUE, "%s: non-positive groups is not supported", fn);
  THScalarType dtype = input->storage->dtype;
  if (weight->storage->dtype != dtype) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "expected input and weight to have the same dtype, but got "
              "%s and %s", THScalarType_name(dtype), THScalarType_name(weight->storage->dtype));
    return -1;
  }
  if (bias && bias->storage->dtype != dtype) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "Input type (%s) and bias type (%s) should be the same",
              THScalarType_name(dtype), THScalarType_name(bias->storage->dtype));
    return -1;
  }
  return 0;
}


/* The checks torch makes, in its order, with its messages; the geometry
 * into g (output sizes included), the batch (0 for an unbatched input) into
 * *batch. */
static int check_conv(THTensor *input, THTensor *weight, THTensor *bias, int nSpatial,
                      const int64_t *stride, const int64_t *padding, const int64_t *dilation,
                      int64_t groups, Geo *g, int64_t *batch, const char *fn) {
  THRequire(input && weight, -1, TH_ERROR_VALUE, "%s: input and weight must not be NULL", fn);
  TH_CHECK_TENSOR_AS(input, fn, -1);
  TH_CHECK_TENSOR_AS(weight, fn, -1);
  if (bias) TH_CHECK_TENSOR_AS(bias, fn, -1);
  THRequire(nSpatial >= 1 && nSpatial <= 3, -1, TH_ERROR_VALUE,
             "%s: nSpatial must be 1, 2 or 3, got %d", fn, nSpatial);
  THRequire(stride && padding && dilation, -1, TH_ERROR_VALUE,
             "%s: stride, padding and dilation must not be NULL", fn);
  int nd = input->nDimension;
  if (nd != nSpatial + 1 && nd != nSpatial + 2) {
    char shape[256];
    th_format_shape(shape, sizeof shape, nd, th_sizes(input));
    TH_ERR_FN(TH_ERROR_VALUE, fn, "Expected %dD (unbatched) or %dD (batched) input to conv%dd, "
              "but got input of size: %s", nSpatial + 1, nSpatial + 2, nSpatial, shape);
    return -1;
  }
  if (weight->nDimension != nSpatial + 2) {
    char msg[128];
    snprintf(msg, sizeof msg, "Expected a %dD weight for conv%dd, but got weight of size %%s",
             nSpatial + 2, nSpatial);
    return shape_error(fn, msg, weight);
  }
  char values[128];
  for (int i = 0; i < nSpatial; i++) {
    THRequire(stride[i] > 0, -1, TH_ERROR_VALUE, "%s: non-positive stride is not supported", fn);
    THRequire(padding[i] >= 0, -1, TH_ERROR_VALUE, "%s: negative padding is not supported",
               fn);
    if (dilation[i] <= 0) {
      format_values(values, sizeof values, nSpatial, dilation, ", ");
      TH_ERR_FN(TH_ERROR_VALUE, fn, "dilation should be greater than zero, but got [%s]",
                values);
      return -1;
    }
  }
  if (check_groups_and_dtypes(input, weight, bias, groups, fn)) return -1;
  THScalarType dtype = input->storage->dtype;
  /* torch's dtypes (its kernels' names: 1-d runs as 2-d) */
  if (dtype == TH_BOOL || dtype == TH_UINT16 || dtype == TH_UINT32 || dtype == TH_UINT64) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"%s\" not implemented for %s",
              nSpatial == 3 ? "compute_columns3d" : "slow_conv2d_cpu", THScalarType_name(dtype));
    return -1;
  }
  const int64_t *ws = th_sizes(weight), *is = th_sizes(input);
  int64_t cout = ws[0], cin = is[nd - nSpatial - 1];
  char msg[200];
  if (cout < groups) {
    snprintf(msg, sizeof msg, "Given groups=%lld, expected weight to be at least %lld at "
             "dimension 0, but got weight of size %%s instead", (long long)groups,
             (long long)groups);
    return shape_error(fn, msg, weight);
  }
  if (cout % groups) {
    snprintf(msg, sizeof msg, "Given groups=%lld, expected weight to be divisible by %lld at "
             "dimension 0, but got weight of size %%s instead", (long long)groups,
             (long long)groups);
    return shape_error(fn, msg, weight);
  }
  if (cin != ws[1] * groups) {
    char wshape[256], ishape[256];
    th_format_shape(wshape, sizeof wshape, weight->nDimension, ws);
    th_format_shape(ishape, sizeof ishape, nd, is);
    TH_ERR_FN(TH_ERROR_VALUE, fn, "Given groups=%lld, weight of size %s, expected input%s to "
              "have %lld channels, but got %lld channels instead", (long long)groups, wshape,
              ishape, (long long)(ws[1] * groups), (long long)cin);
    return -1;
  }
  if (check_kernel_and_bias(weight, bias, nSpatial, cout, "", fn)) return -1;
  int off = 3 - nSpatial;
  for (int i = 0; i < 3; i++) {
    int s = i - off; /* the spatial dim, or < 0: an added one */
    g->in[i] = s < 0 ? 1 : is[nd - nSpatial + s];
    g->k[i] = s < 0 ? 1 : ws[2 + s];
    g->stride[i] = s < 0 ? 1 : stride[s];
    g->pad[i] = s < 0 ? 0 : padding[s];
    g->dil[i] = s < 0 ? 1 : dilation[s];
  }
  int too_small = 0;
  int64_t padded[3], dilated[3];
  for (int i = 0; i < 3; i++) {
    padded[i] = g->in[i] + 2 * g->pad[i];
    dilated[i] = g->dil[i] * (g->k[i] - 1) + 1;
    too_small |= padded[i] < dilated[i];
  }
  if (too_small) {
    char ps[128], ks[128];
    format_values(ps, sizeof ps, nSpatial, padded + off, " x ");
    format_values(ks, sizeof ks, nSpatial, dilated + off, " x ");
    TH_ERR_FN(TH_ERROR_VALUE, fn, "Calculated padded input size per channel: (%s). Kernel "
              "size: (%s). Kernel size can't be greater than actual input size", ps, ks);
    return -1;
  }
  for (int i = 0; i < 3; i++) g->out[i] = (padded[i] - dilated[i]) / g->stride[i] + 1;
  g->channels = ws[1];
  *batch = nd == nSpatial + 2 ? is[0] : 0;
  return 0;
}

/* ----------------------------------------- float32 and float64: BLAS */

/* The items (batch element, group) of a float32/float64 convolution: each
 * one im2col into its chunk's buffer and one gemm straight into BLAS. */
typedef struct Fast Fast;
struct Fast {
  const Geo *g;
  THScalarType dtype;
  size_t es;
  const char *x, *w, *b; /* contiguous input, weight, bias (NULL: none) */
  char *y;               /* the contiguous output */
  char *cols;            /* one K x L buffer per chunk (NULL: pointwise) */
  int64_t groups, cout, coutg, cin, K, L, inVol, items, per;
  int pointwise;
  int64_t col_elems; /* of a chunk's buffer */
  int64_t outVol;    /* transposed: the output's spatial volume */
  void (*item)(const Fast *, int64_t, char *, int);
};

/* rows x n elements of es bytes at y, row o (of channel first + o) each
 * element b[first + o]: the bias (or 0 without one), copied in doubling runs
 * so that one helper fills every dtype. */
static void fill_rows(char *y, const char *b, int64_t first, int64_t rows, int64_t n, size_t es) {
  for (int64_t o = 0; o < rows && n > 0; o++) {
    char *row = y + (size_t)(o * n) * es;
    if (b)
      memcpy(row, b + (size_t)(first + o) * es, es);
    else
      memset(row, 0, es);
    for (int64_t done = 1; done < n;) {
      int64_t m = done < n - done ? done : n - done;
      memcpy(row + (size_t)done * es, row, (size_t)m * es);
      done += m;
    }
  }
}

static void fast_item(const Fast *f, int64_t item, char *col, int nested) {
  const Geo *g = f->g;
  size_t es = f->es;
  int64_t n = item / f->groups, gi = item % f->groups;
  const char *xg = f->x + (size_t)((n * f->cin + gi * g->channels) * f->inVol) * es;
  char *yg = f->y + (size_t)((n * f->cout + gi * f->coutg) * f->L) * es;
  const char *B = xg;
  if (!f->pointwise) {
    Im2col w = {g, es, xg, col};
    if (nested)
      im2col(g, es, xg, col);
    else
      im2col_channels(0, g->channels, &w);
    B = col;
  }
  double beta = 0;
  if (f->b) { /* each output row starts as its bias */
    beta = 1;
    fill_rows(yg, f->b, gi * f->coutg, f->coutg, f->L, es);
  }
  th_gemm_rowmajor(f->dtype, 0, f->coutg, f->L, f->K, f->w + (size_t)(gi * f->coutg * f->K) * es,
                   f->K, B, f->L, beta, yg, f->L);
}

static void fast_chunks(int64_t begin, int64_t end, void *ctx) {
  const Fast *f = ctx;
  for (int64_t c = begin; c < end; c++) {
    char *col = f->cols ? f->cols + (size_t)(c * f->col_elems) * f->es : NULL;
    int64_t last = (c + 1) * f->per < f->items ? (c + 1) * f->per : f->items;
    for (int64_t item = c * f->per; item < last; item++) f->item(f, item, col, 0);
  }
}

/* 1 when BLAS takes every gemm of the convolution. */
static int fast_fits(THScalarType dtype, int64_t coutg, int64_t K, int64_t L) {
  return (dtype == TH_FLOAT32 || dtype == TH_FLOAT64) && coutg > 0 && K > 0 && L > 0 &&
         coutg <= INT_MAX && K <= INT_MAX && L <= INT_MAX;
}

/* The items split across th's threads, each running BLAS on one thread
 * (as THTensorBlas.c's batched products: threads inside one gemm of this
 * size mostly wait for each other, far more on a busy machine), when there
 * are enough of them and enough work; else one after another, BLAS and
 * im2col on all threads. */
static int conv_fast(Fast *f) {
  int threads = THGetNumThreads();
  double work = (double)f->items * (double)f->coutg * (double)f->K * (double)f->L;
  int64_t chunks = threads > 1 && f->items >= threads && work >= 0x1p22 ? threads : 1;
  f->per = (f->items + chunks - 1) / chunks;
  THTensor *cols = NULL;
  if (!f->pointwise) {
    cols = THTensor_newWithSize1d(f->dtype, chunks * f->col_elems);
    if (!cols) return -1;
    f->cols = th_tensor_bytes(cols);
  }
  if (chunks > 1) {
    th_blas_set_threads(1);
    th_parallel_for(chunks, 1, fast_chunks, f);
  } else {
    th_blas_set_threads(threads);
    for (int64_t item = 0; item < f->items; item++) f->item(f, item, f->cols, 1);
  }
  THTensor_free(cols);
  return 0;
}

/* --------------------------------------------------------- the product */

/* A 2-d rows x cols row-major view of t's storage, offset elements after t's
 * first. */
static THTensor *rows_view(THTensor *t, int64_t offset, int64_t rows, int64_t cols,
                           int64_t row_stride, int64_t col_stride) {
  int64_t size[2] = {rows, cols}, stride[2] = {row_stride, col_stride};
  return THTensor_newWithStorageNd(t->storage, t->storageOffset + offset, 2, size, stride);
}

/* dst (contiguous, (N, C_out, *out)) = the convolution. */
static int conv_into(THTensor *dst, THTensor *input, THTensor *weight, THTensor *bias,
                     const Geo *g, int64_t N, int64_t groups) {
  THScalarType dtype = input->storage->dtype;
  size_t es = THScalarType_elementSize(dtype);
  int64_t cout = th_sizes(weight)[0], coutg = cout / groups, cin = g->channels * groups;
  int64_t K = g->channels * volume(g->k), L = volume(g->out), inVol = volume(g->in);
  int pointwise = volume(g->k) == 1 && volume(g->stride) == 1 && g->pad[0] + g->pad[1] +
                  g->pad[2] == 0;
  int rc = -1;
  THTensor *x = NULL, *w = NULL, *b = NULL, *col = NULL, *X = NULL, *Wg = NULL, *Y = NULL,
           *Bg = NULL;
  if (N == 0 || cout == 0 || L == 0) return 0;
  x = THTensor_newContiguous(input);
  w = x ? THTensor_newContiguous(weight) : NULL;
  b = w && bias ? THTensor_newContiguous(bias) : NULL;
  if (!w || (bias && !b)) goto done;
  if (fast_fits(dtype, coutg, K, L)) {
    Fast f = {g, dtype, es, th_tensor_bytes(x), th_tensor_bytes(w), b ? th_tensor_bytes(b) : NULL,
              th_tensor_bytes(dst), NULL, groups, cout, coutg, cin, K, L, inVol, N * groups, 0,
              pointwise, K * L, 0, fast_item};
    rc = conv_fast(&f);
    goto done;
  }
  if (!pointwise && !(col = THTensor_newWithSize2d(dtype, K, L))) goto done;
  for (int64_t n = 0; n < N; n++) {
    for (int64_t gi = 0; gi < groups; gi++) {
      int64_t first = (n * cin + gi * g->channels) * inVol; /* the group's first input */
      if (pointwise) {
        X = rows_view(x, first, K, L, L, 1);
        if (!X) goto done;
      } else if (K) {
        im2col(g, es, th_tensor_bytes(x) + first * (int64_t)es, th_tensor_bytes(col));
      }
      Wg = rows_view(w, gi * coutg * K, coutg, K, K, 1);
      Y = Wg ? rows_view(dst, (n * cout + gi * coutg) * L, coutg, L, L, 1) : NULL;
      Bg = Y && b ? rows_view(b, gi * coutg, coutg, 1, 1, 1) : NULL;
      if (!Y || (b && !Bg)) goto done;
      if (THTensor_addmm(Y, b ? 1 : 0, b ? Bg : Y, 1, Wg, pointwise ? X : col)) goto done;
      THTensor_free(X);
      THTensor_free(Wg);
      THTensor_free(Y);
      THTensor_free(Bg);
      X = Wg = Y = Bg = NULL;
    }
  }
  rc = 0;
done:
  THTensor_free(X);
  THTensor_free(Wg);
  THTensor_free(Y);
  THTensor_free(Bg);
  THTensor_free(col);
  THTensor_free(b);
  THTensor_free(w);
  THTensor_free(x);
  return rc;
}

int THTensor_convNd(THTensor *output, THTensor *input, THTensor *weight, THTensor *bias,
                    int nSpatial, const int64_t *stride, const int64_t *padding,
                    const int64_t *dilation, int64_t groups) {
  const char *fn = __func__;
  THRequire(output, -1, TH_ERROR_VALUE, "%s: output is NULL", fn);
  TH_CHECK_TENSOR_AS(output, fn, -1);
  Geo g;
  int64_t batch;
  if (check_conv(input, weight, bias, nSpatial, stride, padding, dilation, groups, &g, &batch,
                 fn))
    return -1;
  THScalarType dtype = input->storage->dtype;
  if (output->storage->dtype != dtype) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "expected the output to have dtype %s, but got %s",
              THScalarType_name(dtype), THScalarType_name(output->storage->dtype));
    return -1;
  }
  int batched = input->nDimension == nSpatial + 2, nd = nSpatial + 1 + batched;
  int64_t size[5];
  if (batched) size[0] = batch;
  size[batched] = th_sizes(weight)[0];
  for (int i = 0; i < nSpatial; i++) size[batched + 1 + i] = g.out[3 - nSpatial + i];
  if (th_check_result_strides(output, nd, size, fn)) return -1;
  /* an output over what it reads is computed aside, as is one that is not
   * contiguous once it has the shape */
  int aside = output->storage == input->storage || output->storage == weight->storage ||
              (bias && output->storage == bias->storage);
  if (!aside && !th_has_shape(output, nd, size) && THTensor_resizeNd(output, nd, size, NULL))
    return -1;
  aside = aside || !THTensor_isContiguous(output);
  THTensor *dst = aside ? THTensor_newWithSize(dtype, nd, size, NULL) : output;
  if (!dst) return -1;
  int rc = conv_into(dst, input, weight, bias, &g, batched ? batch : 1, groups);
  if (!rc && aside)
    rc = (th_has_shape(output, nd, size) || !THTensor_resizeNd(output, nd, size, NULL))
             ? THTensor_copy(output, dst) : -1;
  if (aside) THTensor_free(dst);
  return rc;
}

/* ------------------------------------------------ transposed convolution */

/* col2im, im2col's adjoint: each element of col (rows (c, kd, kh, kw),
 * columns the positions of g->out) added into y (channels x g->in) where
 * im2col would have read it. */
#define COL2IM(NAME, T)                                                                  \
  static void NAME(const Geo *g, const T *col, T *y) {                                   \
    int64_t D = g->in[0], H = g->in[1], W = g->in[2], oH = g->out[1], oW = g->out[2];    \
    int64_t s = g->stride[2];                                                            \
    for (int64_t c = 0; c < g->channels; c++)                                            \
      for (int64_t kd = 0; kd < g->k[0]; kd++)                                           \
        for (int64_t kh = 0; kh < g->k[1]; kh++)                                         \
          for (int64_t kw = 0; kw < g->k[2]; kw++)                                       \
            for (int64_t od = 0; od < g->out[0]; od++) {                                 \
              int64_t id = od * g->stride[0] - g->pad[0] + kd * g->dil[0];               \
              if (id < 0 || id >= D) {                                                   \
                col += oH * oW;                                                          \
                continue;                                                                \
              }                                                                          \
              for (int64_t oh = 0; oh < oH; oh++, col += oW) {                           \
                int64_t ih = oh * g->stride[1] - g->pad[1] + kh * g->dil[1];             \
                if (ih < 0 || ih >= H) continue;                                         \
                T *row = y + ((c * D + id) * H + ih) * W;                                \
                int64_t iw0 = kw * g->dil[2] - g->pad[2];                                \
                int64_t lo = iw0 >= 0 ? 0 : (-iw0 + s - 1) / s;                          \
                int64_t hi = iw0 >= W ? 0 : (W - 1 - iw0) / s + 1;                       \
                if (hi > oW) hi = oW;                                                    \
                for (int64_t ow = lo; ow < hi; ow++) row[iw0 + ow * s] += col[ow];       \
              }                                                                          \
            }                                                                            \
  }
COL2IM(col2im_float, float)
COL2IM(col2im_double, double)
COL2IM(col2im_c64, float complex)
COL2IM(col2im_c128, double complex)
COL2IM(col2im_u64, uint64_t) /* int64, wrapping as torch's */

/* int64's col = a^T @ b (a: K x rows, b: K x L, col: rows x L), wrapping
 * (unsigned arithmetic: the same bits as two's complement); BLAS has no
 * integer product. 0 when K is 0 (nothing to add). */
static int gemm_tn_u64(int64_t rows, int64_t L, int64_t K, const uint64_t *a, const uint64_t *b,
                       uint64_t *col) {
  if (K <= 0) return 0;
  for (int64_t r = 0; r < rows; r++) {
    uint64_t *c = col + r * L;
    memset(c, 0, (size_t)L * sizeof *c);
    for (int64_t k = 0; k < K; k++) {
      uint64_t w = a[k * rows + r];
      const uint64_t *x = b + k * L;
      for (int64_t l = 0; l < L; l++) c[l] += w * x[l];
    }
  }
  return 1;
}

/* One item (batch element, group) of a transposed convolution: col = the
 * group's weight (C_in/groups x C_out/groups * kernel volume) transposed @
 * its input (C_in/groups x input volume); the output rows start as the
 * bias and col2im adds col into them. In Fast: K is C_in/groups, L the
 * input volume, inVol too, outVol the output's, g the geometry with the
 * output as its input. */
static void transposed_item(const Fast *f, int64_t item, char *col, int nested) {
  (void)nested;
  const Geo *g = f->g;
  size_t es = f->es;
  int64_t n = item / f->groups, gi = item % f->groups, rows = f->coutg * volume(g->k);
  const char *xg = f->x + (size_t)((n * f->cin + gi * f->K) * f->L) * es;
  char *yg = f->y + (size_t)((n * f->cout + gi * f->coutg) * f->outVol) * es;
  fill_rows(yg, f->b, gi * f->coutg, f->coutg, f->outVol, es);
  const char *wg = f->w + (size_t)(gi * f->K * rows) * es;
  if (f->dtype == TH_INT64
          ? !gemm_tn_u64(rows, f->L, f->K, (const uint64_t *)(const void *)wg,
                         (const uint64_t *)(const void *)xg, (uint64_t *)(void *)col)
          : !th_gemm_rowmajor(f->dtype, 1, rows, f->L, f->K, wg, rows, xg, f->L, 0, col, f->L))
    return; /* C_in/groups == 0: nothing to add */
  switch (f->dtype) {
    case TH_FLOAT32:
      col2im_float(g, (const float *)(const void *)col, (float *)(void *)yg);
      break;
    case TH_FLOAT64:
      col2im_double(g, (const double *)(const void *)col, (double *)(void *)yg);
      break;
    case TH_COMPLEX64:
      col2im_c64(g, (const float complex *)(const void *)col, (float complex *)(void *)yg);
      break;
    case TH_COMPLEX128:
      col2im_c128(g, (const double complex *)(const void *)col, (double complex *)(void *)yg);
      break;
    default:
      col2im_u64(g, (const uint64_t *)(const void *)col, (uint64_t *)(void *)yg);
  }
}

/* torch's checks of a transposed convolution; g gets the geometry with the
 * output as its input (what col2im writes). */
static int check_transposed(THTensor *input, THTensor *weight, THTensor *bias, int nSpatial,
                            const int64_t *stride, const int64_t *padding,
                            const int64_t *outputPadding, const int64_t *dilation,
                            int64_t groups, Geo *g, int64_t *batch, const char *fn) {
  THRequire(input && weight, -1, TH_ERROR_VALUE, "%s: input and weight must not be NULL", fn);
  TH_CHECK_TENSOR_AS(input, fn, -1);
  TH_CHECK_TENSOR_AS(weight, fn, -1);
  if (bias) TH_CHECK_TENSOR_AS(bias, fn, -1);
  THRequire(nSpatial >= 1 && nSpatial <= 3, -1, TH_ERROR_VALUE,
             "%s: nSpatial must be 1, 2 or 3, got %d", fn, nSpatial);
  THRequire(stride && padding && outputPadding && dilation, -1, TH_ERROR_VALUE,
             "%s: stride, padding, outputPadding and dilation must not be NULL", fn);
  int nd = input->nDimension;
  if (nd != nSpatial + 1 && nd != nSpatial + 2) {
    char shape[256];
    th_format_shape(shape, sizeof shape, nd, th_sizes(input));
    TH_ERR_FN(TH_ERROR_VALUE, fn, "Expected %dD (unbatched) or %dD (batched) input to "
              "conv_transpose%dd, but got input of size: %s", nSpatial + 1, nSpatial + 2,
              nSpatial, shape);
    return -1;
  }
  if (weight->nDimension != nSpatial + 2) {
    char msg[128];
    snprintf(msg, sizeof msg, "Expected a %dD weight for conv_transpose%dd, but got weight of "
             "size %%s", nSpatial + 2, nSpatial);
    return shape_error(fn, msg, weight);
  }
  char values[128];
  for (int i = 0; i < nSpatial; i++) {
    THRequire(stride[i] > 0, -1, TH_ERROR_VALUE, "%s: non-positive stride is not supported", fn);
    THRequire(padding[i] >= 0, -1, TH_ERROR_VALUE, "%s: negative padding is not supported",
               fn);
    THRequire(outputPadding[i] >= 0, -1, TH_ERROR_VALUE,
               "%s: negative output_padding is not supported", fn);
    if (dilation[i] <= 0) {
      format_values(values, sizeof values, nSpatial, dilation, ", ");
      TH_ERR_FN(TH_ERROR_VALUE, fn, "dilation should be greater than zero, but got [%s]",
                values);
      return -1;
    }
    if (outputPadding[i] >= stride[i] && outputPadding[i] >= dilation[i]) {
      char op[128], st[128], di[128];
      format_values(op, sizeof op, nSpatial, outputPadding, ", ");
      format_values(st, sizeof st, nSpatial, stride, ", ");
      format_values(di, sizeof di, nSpatial, dilation, ", ");
      TH_ERR_FN(TH_ERROR_VALUE, fn, "output padding must be smaller than either stride or "
                "dilation, but got output_padding [%s], stride [%s], dilation [%s]", op, st, di);
      return -1;
    }
  }
  if (check_groups_and_dtypes(input, weight, bias, groups, fn)) return -1;
  THScalarType dtype = input->storage->dtype;
  /* torch's dtypes (its kernels' names: 1-d runs as 2-d) */
  if (!THScalarType_isFloatingPoint(dtype) && !THScalarType_isComplex(dtype) &&
      dtype != TH_INT64) {
    TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"slow_conv_transpose%dd_out_cpu\" not implemented for "
              "%s", nSpatial == 3 ? 3 : 2, THScalarType_name(dtype));
    return -1;
  }
  const int64_t *ws = th_sizes(weight), *is = th_sizes(input);
  int64_t cin = is[nd - nSpatial - 1], cout = ws[1] * groups;
  char msg[200];
  if (ws[0] % groups) {
    snprintf(msg, sizeof msg, "Given groups=%lld, expected weight to be divisible by %lld at "
             "dimension 0, but got weight of size %%s instead", (long long)groups,
             (long long)groups);
    return shape_error(fn, msg, weight);
  }
  if (cin != ws[0]) {
    char wshape[256], ishape[256];
    th_format_shape(wshape, sizeof wshape, weight->nDimension, ws);
    th_format_shape(ishape, sizeof ishape, nd, is);
    TH_ERR_FN(TH_ERROR_VALUE, fn, "Given transposed=1, weight of size %s, expected input%s to "
              "have %lld channels, but got %lld channels instead", wshape, ishape,
              (long long)ws[0], (long long)cin);
    return -1;
  }
  if (check_kernel_and_bias(weight, bias, nSpatial, cout, "transposed=1, ", fn)) return -1;
  int off = 3 - nSpatial, too_small = 0;
  int64_t ins[3], outs[3];
  for (int i = 0; i < 3; i++) {
    int s = i - off;
    g->out[i] = ins[i] = s < 0 ? 1 : is[nd - nSpatial + s]; /* im2col's output: our input */
    g->k[i] = s < 0 ? 1 : ws[2 + s];
    g->stride[i] = s < 0 ? 1 : stride[s];
    g->pad[i] = s < 0 ? 0 : padding[s];
    g->dil[i] = s < 0 ? 1 : dilation[s];
    int64_t op = s < 0 ? 0 : outputPadding[s];
    g->in[i] = outs[i] = (ins[i] - 1) * g->stride[i] - 2 * g->pad[i] +
                         g->dil[i] * (g->k[i] - 1) + op + 1;
    too_small |= outs[i] <= 0;
  }
  if (too_small) {
    char a[128], b[128];
    format_values(a, sizeof a, nSpatial, ins + off, " x ");
    format_values(b, sizeof b, nSpatial, outs + off, " x ");
    TH_ERR_FN(TH_ERROR_VALUE, fn, "Given input size per channel: (%s). Calculated output size "
              "per channel: (%s). Output size is too small", a, b);
    return -1;
  }
  g->channels = ws[1];
  *batch = nd == nSpatial + 2 ? is[0] : 0;
  return 0;
}

/* A new contiguous tensor of t's values in dtype (t itself, retained, when
 * it is one already). */
static THTensor *contiguous_as(THTensor *t, THScalarType dtype) {
  if (t->storage->dtype == dtype) return THTensor_newContiguous(t);
  THTensor *r = THTensor_newWithSize(dtype, t->nDimension, th_sizes(t), NULL);
  if (r && THTensor_copy(r, t)) {
    THTensor_free(r);
    return NULL;
  }
  return r;
}

int THTensor_convTransposeNd(THTensor *output, THTensor *input, THTensor *weight,
                             THTensor *bias, int nSpatial, const int64_t *stride,
                             const int64_t *padding, const int64_t *outputPadding,
                             const int64_t *dilation, int64_t groups) {
  const char *fn = __func__;
  THRequire(output, -1, TH_ERROR_VALUE, "%s: output is NULL", fn);
  TH_CHECK_TENSOR_AS(output, fn, -1);
  Geo g;
  int64_t batch;
  if (check_transposed(input, weight, bias, nSpatial, stride, padding, outputPadding, dilation,
                       groups, &g, &batch, fn))
    return -1;
  if (g.channels * volume(g.k) > INT_MAX || volume(g.out) > INT_MAX ||
      th_sizes(weight)[0] / groups > INT_MAX) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "a transposed convolution whose matrices have a dimension "
              "beyond %d is not supported", INT_MAX);
    return -1;
  }
  THScalarType dtype = input->storage->dtype;
  if (output->storage->dtype != dtype) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "expected the output to have dtype %s, but got %s",
              THScalarType_name(dtype), THScalarType_name(output->storage->dtype));
    return -1;
  }
  int batched = input->nDimension == nSpatial + 2, nd = nSpatial + 1 + batched;
  int64_t size[5], cout = th_sizes(weight)[1] * groups, N = batched ? batch : 1;
  if (batched) size[0] = batch;
  size[batched] = cout;
  for (int i = 0; i < nSpatial; i++) size[batched + 1 + i] = g.in[3 - nSpatial + i];
  if (th_check_result_strides(output, nd, size, fn)) return -1;
  int aside = output->storage == input->storage || output->storage == weight->storage ||
              (bias && output->storage == bias->storage);
  if (!aside && !th_has_shape(output, nd, size) && THTensor_resizeNd(output, nd, size, NULL))
    return -1;
  /* float16 and bfloat16 are computed in float32 and rounded once */
  THScalarType ct = dtype == TH_FLOAT16 || dtype == TH_BFLOAT16 ? TH_FLOAT32 : dtype;
  aside = aside || ct != dtype || !THTensor_isContiguous(output);
  THTensor *dst = aside ? THTensor_newWithSize(ct, nd, size, NULL) : output;
  int rc = -1;
  THTensor *x = NULL, *w = NULL, *b = NULL;
  if (!dst) return -1;
  x = contiguous_as(input, ct);
  w = x ? contiguous_as(weight, ct) : NULL;
  b = w && bias ? contiguous_as(bias, ct) : NULL;
  if (!w || (bias && !b)) goto done;
  int64_t coutg = g.channels;
  int64_t rows = coutg * volume(g.k), Lin = volume(g.out), outVol = volume(g.in);
  if (N > 0 && cout > 0) {
    Fast f = {&g, ct, THScalarType_elementSize(ct), th_tensor_bytes(x),
              th_tensor_bytes(w), b ? th_tensor_bytes(b) : NULL, th_tensor_bytes(dst), NULL,
              groups, cout, coutg, th_sizes(weight)[0], th_sizes(weight)[0] / groups, Lin,
              Lin, N * groups, 0, 0, rows * Lin, outVol, transposed_item};
    if (conv_fast(&f)) goto done;
  }
  rc = 0;
  if (aside)
    rc = (th_has_shape(output, nd, size) || !THTensor_resizeNd(output, nd, size, NULL))
             ? THTensor_copy(output, dst) : -1;
done:
  THTensor_free(b);
  THTensor_free(w);
  THTensor_free(x);
  if (aside) THTensor_free(dst);
  return rc;
}
