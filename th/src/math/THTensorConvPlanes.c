/* TH's convolution family (THTensorConv.h: conv2Dmv, conv2Dmm, conv2Dger,
 * ..., and the valid/full pointer kernels): direct convolution of 2-d or
 * 3-d planes, r = beta * r + alpha * (planes of t convolved with planes of
 * k), in TH v0.4's loop orders so that its float results round as TH's.
 *
 * Every tensor form is a set of output planes (u, v), each a sum over w of
 * one input plane convolved with one kernel plane: the plane indices are
 * linear in (u, v, w) (Planes below). Output planes are split across
 * threads; each is written by one thread in TH's order, so the result does
 * not depend on the thread count. */
#include <string.h>

#include "TH/THTensorConv.h"
#include "core/THParallelImpl.h"
#include "core/THScalarImpl.h"
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"

enum { VALID, FULL, REV };

typedef void (*Kernel2d)(void *r, const void *alpha, const void *t, int64_t ir, int64_t ic,
                         const void *k, int64_t kr, int64_t kc, int64_t sr, int64_t sc,
                         int flip);
typedef void (*Kernel3d)(void *r, const void *alpha, const void *t, const int64_t *in,
                         const void *k, const int64_t *ks, const int64_t *s, int flip);

typedef struct ConvKernels {
  Kernel2d k2[3]; /* VALID, FULL, REV */
  Kernel3d k3[3];
  void (*scale)(void *r, int64_t n, const void *beta);
  int (*equals)(const void *v, int value);
} ConvKernels;

#define CONV_NAME2(name, suffix) conv_##name##_##suffix
#define CONV_NAME(name, suffix) CONV_NAME2(name, suffix)

#define CT uint8_t
#define CA uint64_t
#define CS u8
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS
#define CT int8_t
#define CA uint64_t
#define CS i8
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS
#define CT int16_t
#define CA uint64_t
#define CS i16
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS
#define CT int32_t
#define CA uint64_t
#define CS i32
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS
#define CT int64_t
#define CA uint64_t
#define CS i64
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS
#define CT uint16_t
#define CA uint64_t
#define CS u16
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS
#define CT uint32_t
#define CA uint64_t
#define CS u32
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS
#define CT uint64_t
#define CA uint64_t
#define CS u64
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS
#define CT float
#define CA float
#define CS f32
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS
#define CT double
#define CA double
#define CS f64
#include "math/generic/THConvPlanes.c"
#undef CT
#undef CA
#undef CS

/* The kernels of dtype, or NULL (with a NotImplementedError) for the dtypes
 * TH's family never had: bool, the half types and complex. */
static const ConvKernels *kernels_of(THScalarType dtype, const char *fn) {
  switch (dtype) {
    case TH_UINT8: return &conv_kernels_u8;
    case TH_INT8: return &conv_kernels_i8;
    case TH_INT16: return &conv_kernels_i16;
    case TH_INT32: return &conv_kernels_i32;
    case TH_INT64: return &conv_kernels_i64;
    case TH_UINT16: return &conv_kernels_u16;
    case TH_UINT32: return &conv_kernels_u32;
    case TH_UINT64: return &conv_kernels_u64;
    case TH_FLOAT32: return &conv_kernels_f32;
    case TH_FLOAT64: return &conv_kernels_f64;
    default: break;
  }
  TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "not implemented for %s (TH's convolution family "
            "computes the integer dtypes, float32 and float64)",
            THScalarType_isValid(dtype) ? THScalarType_name(dtype) : "an unknown dtype");
  return NULL;
}

/* The output extent of one spatial dim. */
static int64_t out_size(int mode, int64_t in, int64_t k, int64_t s) {
  return mode == VALID ? (in - k) / s + 1 : mode == FULL ? (in - 1) * s + k : in - (k - 1) * s;
}

/* Checks one plane geometry (nd spatial dims: in, k, s) for mode and
 * writes the output extents into out. */
static int check_geometry(int mode, int nd, const int64_t *in, const int64_t *k,
                          const int64_t *s, int64_t *out, const char *fn) {
  for (int i = 0; i < nd; i++) {
    THRequire(s[i] >= 1, -1, TH_ERROR_VALUE, "%s: Stride should be a positive integer, got %lld",
               fn, (long long)s[i]);
    THRequire(in[i] >= 1 && k[i] >= 1, -1, TH_ERROR_VALUE,
               "%s: input and kernel planes must not be empty", fn);
  }
  for (int i = 0; i < nd; i++) {
    THRequire(mode == FULL || in[i] >= k[i], -1, TH_ERROR_VALUE,
               "%s: Input image is smaller than kernel", fn);
    out[i] = out_size(mode, in[i], k[i], s[i]);
    THRequire(out[i] >= 1, -1, TH_ERROR_VALUE,
               "%s: Input image is smaller than the kernel spread by the stride", fn);
  }
  return 0;
}

/* 'V' or 'F' and 'X' or 'C' (TH reads the first character). */
static int parse_kind(const char *vf, const char *xc, int *mode, int *flip, const char *fn) {
  THRequire(vf && (*vf == 'V' || *vf == 'F'), -1, TH_ERROR_VALUE,
             "%s: type of convolution can be 'V' or 'F'", fn);
  THRequire(xc && (*xc == 'X' || *xc == 'C'), -1, TH_ERROR_VALUE,
             "%s: type of convolution can be 'X' or 'C'", fn);
  *mode = *vf == 'V' ? VALID : FULL;
  /* a valid convolution reads the kernel reversed, and so does a full
   * cross-correlation (it scatters each input element) */
  *flip = (*mode == VALID) == (*xc == 'C');
  return 0;
}

/* ------------------------------------------------------- pointer kernels */

static int run_pointer(THScalarType dtype, int nd, int mode, int flip, void *r, double alpha,
                       const void *t, const int64_t *in, const void *k, const int64_t *ks,
                       const int64_t *s, const char *fn) {
  const ConvKernels *K = kernels_of(dtype, fn);
  int64_t out[3];
  char a[8];
  if (!K || check_geometry(mode, nd, in, ks, s, out, fn) ||
      th_scalar_from_double(dtype, alpha, a, fn))
    return -1;
  THRequire(r && t && k, -1, TH_ERROR_VALUE, "%s: r, t and k must not be NULL", fn);
  if (nd == 2)
    K->k2[mode](r, a, t, in[0], in[1], k, ks[0], ks[1], s[0], s[1], flip);
  else
    K->k3[mode](r, a, t, in, k, ks, s, flip);
  return 0;
}

#define POINTER_2D(NAME, MODE, FLIP)                                                        \
  int NAME(THScalarType dtype, void *r, double alpha, const void *t, int64_t ir, int64_t ic, \
           const void *k, int64_t kr, int64_t kc, int64_t sr, int64_t sc) {                 \
    int64_t in[2] = {ir, ic}, ks[2] = {kr, kc}, s[2] = {sr, sc};                             \
    return run_pointer(dtype, 2, MODE, FLIP, r, alpha, t, in, k, ks, s, __func__);          \
  }
#define POINTER_3D(NAME, MODE, FLIP)                                                        \
  int NAME(THScalarType dtype, void *r, double alpha, const void *t, int64_t it, int64_t ir, \
           int64_t ic, const void *k, int64_t kt, int64_t kr, int64_t kc, int64_t st,        \
           int64_t sr, int64_t sc) {                                                        \
    int64_t in[3] = {it, ir, ic}, ks[3] = {kt, kr, kc}, s[3] = {st, sr, sc};                 \
    return run_pointer(dtype, 3, MODE, FLIP, r, alpha, t, in, k, ks, s, __func__);          \
  }
POINTER_2D(THTensor_validXCorr2Dptr, VALID, 0)
POINTER_2D(THTensor_validConv2Dptr, VALID, 1)
POINTER_2D(THTensor_fullXCorr2Dptr, FULL, 1)
POINTER_2D(THTensor_fullConv2Dptr, FULL, 0)
POINTER_2D(THTensor_validXCorr2DRevptr, REV, 0)
POINTER_3D(THTensor_validXCorr3Dptr, VALID, 0)
POINTER_3D(THTensor_validConv3Dptr, VALID, 1)
POINTER_3D(THTensor_fullXCorr3Dptr, FULL, 1)
POINTER_3D(THTensor_fullConv3Dptr, FULL, 0)
POINTER_3D(THTensor_validXCorr3DRevptr, REV, 0)
#undef POINTER_2D
#undef POINTER_3D

/* -------------------------------------------------------- tensor forms */

/* One call: output plane (u, v), u < U, v < V, is planes[u * V + v] of r
 * and sums, for w < W, input plane iu*u + iv*v + iw*w convolved with
 * kernel plane ku*u + kv*v + kw*w (planes counted over every dim before
 * the nd spatial ones). */
typedef struct Planes {
  const char *fn;
  int nd, mode, flip;
  int64_t in[3], k[3], s[3], out[3];
  int64_t U, V, W, iu, iv, iw, ku, kv, kw;
  /* filled by run */
  const ConvKernels *K;
  char alpha[8];
  const char *x, *w;
  char *y;
  size_t es;
  int64_t inVol, kVol, outVol;
} Planes;

static int64_t product(int n, const int64_t *v) {
  int64_t p = 1;
  for (int i = 0; i < n; i++) p *= v[i];
  return p;
}

/* Checks r, t (tdims dims) and k (kdims dims), their dtypes, strides and
 * the kind, and fills p's geometry from the last nd dims of t and k. */
static int begin(Planes *p, THTensor *r, THTensor *t, THTensor *k, int tdims, int kdims,
                 const int64_t *s, const char *vf, const char *xc) {
  const char *fn = p->fn;
  THRequire(r && t && k, -1, TH_ERROR_VALUE, "%s: r, t and k must not be NULL", fn);
  TH_CHECK_TENSOR_AS(r, fn, -1);
  TH_CHECK_TENSOR_AS(t, fn, -1);
  TH_CHECK_TENSOR_AS(k, fn, -1);
  THRequire(t->nDimension == tdims, -1, TH_ERROR_VALUE, "%s: input: %dD Tensor expected, got "
             "%dD", fn, tdims, t->nDimension);
  THRequire(k->nDimension == kdims, -1, TH_ERROR_VALUE, "%s: kernel: %dD Tensor expected, "
             "got %dD", fn, kdims, k->nDimension);
  if (p->mode != REV && parse_kind(vf, xc, &p->mode, &p->flip, fn)) return -1;
  THScalarType dtype = t->storage->dtype;
  if (k->storage->dtype != dtype || r->storage->dtype != dtype) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "expected r, t and k of one dtype, got %s, %s and %s",
              THScalarType_name(r->storage->dtype), THScalarType_name(dtype),
              THScalarType_name(k->storage->dtype));
    return -1;
  }
  if (!(p->K = kernels_of(dtype, fn))) return -1;
  for (int i = 0; i < p->nd; i++) {
    p->in[i] = th_sizes(t)[tdims - p->nd + i];
    p->k[i] = th_sizes(k)[kdims - p->nd + i];
    p->s[i] = s[i];
  }
  return check_geometry(p->mode, p->nd, p->in, p->k, p->s, p->out, fn);
}

static int plane_count_check(int ok, const char *what, const char *fn) {
  THRequire(ok, -1, TH_ERROR_VALUE, "%s: invalid number of %s", fn, what);
  return 0;
}

static void planes_body(int64_t begin_, int64_t end, void *ctx) {
  const Planes *p = ctx;
  for (int64_t o = begin_; o < end; o++) {
    int64_t u = o / p->V, v = o % p->V;
    char *y = p->y + (size_t)(o * p->outVol) * p->es;
    for (int64_t w = 0; w < p->W; w++) {
      const char *x = p->x + (size_t)((p->iu * u + p->iv * v + p->iw * w) * p->inVol) * p->es;
      const char *k = p->w + (size_t)((p->ku * u + p->kv * v + p->kw * w) * p->kVol) * p->es;
      if (p->nd == 2)
        p->K->k2[p->mode](y, p->alpha, x, p->in[0], p->in[1], k, p->k[0], p->k[1], p->s[0],
                          p->s[1], p->flip);
      else
        p->K->k3[p->mode](y, p->alpha, x, p->in, k, p->k, p->s, p->flip);
    }
  }
}

/* Reads t and k aside when r overlaps them (r is resized and written
 * first), so that r = beta * r + alpha * conv(t, k) holds for any r. */
static THTensor *operand(THTensor *r, THTensor *a) {
  int meet = r->storage == a->storage ||
             (th_tensor_numel(r) && th_tensor_numel(a) && th_tensors_meet(r, a));
  return meet ? THTensor_newClone(a) : THTensor_newContiguous(a);
}

/* r = beta * r + alpha * the planes, r resized to size (rdims dims). As
 * TH: r is zeroed instead of scaled when beta is 0 (its NaNs do not
 * propagate) or when its element count was 0 or changes. */
static int run(Planes *p, THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
               int rdims, const int64_t *size) {
  const char *fn = p->fn;
  THScalarType dtype = t->storage->dtype;
  char b[8];
  if (th_check_result_strides(r, rdims, size, fn) ||
      th_scalar_from_double(dtype, alpha, p->alpha, fn) ||
      th_scalar_from_double(dtype, beta, b, fn))
    return -1;
  int rc = -1;
  THTensor *x = operand(r, t), *w = x ? operand(r, k) : NULL, *dst = NULL;
  if (!w) goto done;
  int64_t before = THTensor_nElement(r);
  if (!th_has_shape(r, rdims, size) && THTensor_resizeNd(r, rdims, size, NULL)) goto done;
  int64_t n = THTensor_nElement(r);
  int keep = before != 0 && before == n && !p->K->equals(b, 0);
  if (THTensor_isContiguous(r)) {
    THTensor_retain(r);
    dst = r;
  } else {
    dst = keep ? THTensor_newClone(r) : THTensor_newWithSize(dtype, rdims, size, NULL);
    if (!dst) goto done;
  }
  p->es = THScalarType_elementSize(dtype);
  p->x = th_tensor_bytes(x);
  p->w = th_tensor_bytes(w);
  p->y = th_tensor_bytes(dst);
  if (n) {
    if (!keep)
      memset(p->y, 0, (size_t)n * p->es);
    else if (!p->K->equals(b, 1))
      p->K->scale(p->y, n, b);
  }
  p->inVol = product(p->nd, p->in);
  p->kVol = product(p->nd, p->k);
  p->outVol = product(p->nd, p->out);
  int64_t planes = p->U * p->V;
  if (planes && p->W) {
    int64_t work = p->W * p->outVol * p->kVol * (int64_t)p->es;
    int64_t grain = work > 0 ? TH_PARALLEL_MIN_BYTES / work + 1 : planes;
    th_parallel_for(planes, grain, planes_body, p);
  }
  rc = dst == r ? 0 : THTensor_copy(r, dst);
done:
  THTensor_free(dst);
  THTensor_free(w);
  THTensor_free(x);
  return rc;
}

#define PLANES(ND, MODE) {.fn = __func__, .nd = (ND), .mode = (MODE)}

int THTensor_conv2DRevger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                          int64_t srow, int64_t scol) {
  Planes p = PLANES(2, REV);
  int64_t s[2] = {srow, scol};
  if (begin(&p, r, t, k, 3, 3, s, NULL, NULL)) return -1;
  int64_t P = th_sizes(t)[0], K = th_sizes(k)[0], size[4] = {K, P, p.out[0], p.out[1]};
  p.U = K, p.V = P, p.W = 1, p.iv = 1, p.ku = 1;
  return run(&p, r, beta, alpha, t, k, 4, size);
}

int THTensor_conv2DRevgerm(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                           int64_t srow, int64_t scol) {
  Planes p = PLANES(2, REV);
  int64_t s[2] = {srow, scol};
  if (begin(&p, r, t, k, 4, 4, s, NULL, NULL) ||
      plane_count_check(th_sizes(k)[0] == th_sizes(t)[0], "batch elements", p.fn))
    return -1;
  int64_t B = th_sizes(t)[0], P = th_sizes(t)[1], K = th_sizes(k)[1];
  int64_t size[4] = {K, P, p.out[0], p.out[1]};
  p.U = K, p.V = P, p.W = B, p.iv = 1, p.iw = P, p.ku = 1, p.kw = K;
  return run(&p, r, beta, alpha, t, k, 4, size);
}

/* ger: every input plane with every kernel plane (r: kernel planes x input planes). */
static int ger(Planes *p, THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
               const int64_t *s, const char *vf, const char *xc) {
  int dims = p->nd + 1;
  if (begin(p, r, t, k, dims, dims, s, vf, xc)) return -1;
  int64_t P = th_sizes(t)[0], K = th_sizes(k)[0], size[5] = {K, P, p->out[0], p->out[1],
                                                             p->out[2]};
  p->U = K, p->V = P, p->W = 1, p->iv = 1, p->ku = 1;
  return run(p, r, beta, alpha, t, k, p->nd + 2, size);
}

/* mv: output plane o sums input plane i with kernel plane (o, i). */
static int mv(Planes *p, THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
              const int64_t *s, const char *vf, const char *xc) {
  if (begin(p, r, t, k, p->nd + 1, p->nd + 2, s, vf, xc) ||
      plane_count_check(th_sizes(k)[1] == th_sizes(t)[0], "input planes", p->fn))
    return -1;
  int64_t P = th_sizes(t)[0], O = th_sizes(k)[0], size[4] = {O, p->out[0], p->out[1],
                                                             p->out[2]};
  p->U = O, p->V = 1, p->W = P, p->iw = 1, p->ku = P, p->kw = 1;
  return run(p, r, beta, alpha, t, k, p->nd + 1, size);
}

/* mul: one plane with one kernel. */
static int mul(Planes *p, THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
               const int64_t *s, const char *vf, const char *xc) {
  if (begin(p, r, t, k, p->nd, p->nd, s, vf, xc)) return -1;
  p->U = p->V = p->W = 1;
  return run(p, r, beta, alpha, t, k, p->nd, p->out);
}

/* cmul: plane i with kernel plane i. */
static int cmul(Planes *p, THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                const int64_t *s, const char *vf, const char *xc) {
  if (begin(p, r, t, k, p->nd + 1, p->nd + 1, s, vf, xc) ||
      plane_count_check(th_sizes(k)[0] == th_sizes(t)[0], "input/kernel planes", p->fn))
    return -1;
  int64_t P = th_sizes(t)[0], size[4] = {P, p->out[0], p->out[1], p->out[2]};
  p->U = P, p->V = 1, p->W = 1, p->iu = 1, p->ku = 1;
  return run(p, r, beta, alpha, t, k, p->nd + 1, size);
}

int THTensor_conv2Dger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                       int64_t srow, int64_t scol, const char *vf, const char *xc) {
  Planes p = PLANES(2, VALID);
  int64_t s[2] = {srow, scol};
  return ger(&p, r, beta, alpha, t, k, s, vf, xc);
}

int THTensor_conv2Dmv(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                      int64_t srow, int64_t scol, const char *vf, const char *xc) {
  Planes p = PLANES(2, VALID);
  int64_t s[2] = {srow, scol};
  return mv(&p, r, beta, alpha, t, k, s, vf, xc);
}

int THTensor_conv2Dmm(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                      int64_t srow, int64_t scol, const char *vf, const char *xc) {
  Planes p = PLANES(2, VALID);
  int64_t s[2] = {srow, scol};
  if (begin(&p, r, t, k, 4, 4, s, vf, xc) ||
      plane_count_check(th_sizes(k)[1] == th_sizes(t)[1], "input planes", p.fn))
    return -1;
  int64_t B = th_sizes(t)[0], P = th_sizes(t)[1], O = th_sizes(k)[0];
  int64_t size[4] = {B, O, p.out[0], p.out[1]};
  p.U = B, p.V = O, p.W = P, p.iu = P, p.iw = 1, p.kv = P, p.kw = 1;
  return run(&p, r, beta, alpha, t, k, 4, size);
}

int THTensor_conv2Dmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                       int64_t srow, int64_t scol, const char *vf, const char *xc) {
  Planes p = PLANES(2, VALID);
  int64_t s[2] = {srow, scol};
  return mul(&p, r, beta, alpha, t, k, s, vf, xc);
}

int THTensor_conv2Dcmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                        int64_t srow, int64_t scol, const char *vf, const char *xc) {
  Planes p = PLANES(2, VALID);
  int64_t s[2] = {srow, scol};
  return cmul(&p, r, beta, alpha, t, k, s, vf, xc);
}

int THTensor_conv3DRevger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                          int64_t sdepth, int64_t srow, int64_t scol) {
  Planes p = PLANES(3, REV);
  int64_t s[3] = {sdepth, srow, scol};
  if (begin(&p, r, t, k, 4, 4, s, NULL, NULL)) return -1;
  int64_t P = th_sizes(t)[0], K = th_sizes(k)[0];
  int64_t size[5] = {K, P, p.out[0], p.out[1], p.out[2]};
  p.U = K, p.V = P, p.W = 1, p.iv = 1, p.ku = 1;
  return run(&p, r, beta, alpha, t, k, 5, size);
}

int THTensor_conv3Dger(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                       int64_t sdepth, int64_t srow, int64_t scol, const char *vf,
                       const char *xc) {
  Planes p = PLANES(3, VALID);
  int64_t s[3] = {sdepth, srow, scol};
  return ger(&p, r, beta, alpha, t, k, s, vf, xc);
}

int THTensor_conv3Dmv(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                      int64_t sdepth, int64_t srow, int64_t scol, const char *vf,
                      const char *xc) {
  Planes p = PLANES(3, VALID);
  int64_t s[3] = {sdepth, srow, scol};
  return mv(&p, r, beta, alpha, t, k, s, vf, xc);
}

int THTensor_conv3Dmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                       int64_t sdepth, int64_t srow, int64_t scol, const char *vf,
                       const char *xc) {
  Planes p = PLANES(3, VALID);
  int64_t s[3] = {sdepth, srow, scol};
  return mul(&p, r, beta, alpha, t, k, s, vf, xc);
}

int THTensor_conv3Dcmul(THTensor *r, double beta, double alpha, THTensor *t, THTensor *k,
                        int64_t sdepth, int64_t srow, int64_t scol, const char *vf,
                        const char *xc) {
  Planes p = PLANES(3, VALID);
  int64_t s[3] = {sdepth, srow, scol};
  return cmul(&p, r, beta, alpha, t, k, s, vf, xc);
}
