/* Calls of TH's typed functions with more arguments than th.legacy.call
 * passes (6 integer-class): each shim takes its integers, reals and
 * pointers in three arrays, then makes the call with TH's signature (so
 * this file also checks those signatures compile as TH code would call
 * them). Built by tests/legacy/shim.py; run through th.legacy.call. */
#include <stdint.h>

#include <TH/TH.h>

#define SHIMS(Real, real)                                                                      \
  void shim_##Real##_gemm(const int64_t *i, const double *d, void **p) {                      \
    TH##Real##Blas_gemm((char)i[0], (char)i[1], i[2], i[3], i[4], (real)d[0], (real *)p[0],   \
                        i[5], (real *)p[1], i[6], (real)d[1], (real *)p[2], i[7]);            \
  }                                                                                            \
  void shim_##Real##_gemv(const int64_t *i, const double *d, void **p) {                      \
    TH##Real##Blas_gemv((char)i[0], i[1], i[2], (real)d[0], (real *)p[0], i[3], (real *)p[1], \
                        i[4], (real)d[1], (real *)p[2], i[5]);                                \
  }                                                                                            \
  void shim_##Real##_ger(const int64_t *i, const double *d, void **p) {                       \
    TH##Real##Blas_ger(i[0], i[1], (real)d[0], (real *)p[0], i[2], (real *)p[1], i[3],        \
                       (real *)p[2], i[4]);                                                    \
  }                                                                                            \
  /* the 2-d pointer kernels: which 0..4; i = ir, ic, kr, kc, sr, sc */                        \
  void shim_##Real##_ptr2(int which, const int64_t *i, const double *d, void **p) {           \
    real *r = p[0], *t = p[1], *k = p[2], a = (real)d[0];                                      \
    switch (which) {                                                                           \
      case 0: TH##Real##Tensor_validXCorr2Dptr(r, a, t, i[0], i[1], k, i[2], i[3], i[4], i[5]); \
        break;                                                                                 \
      case 1: TH##Real##Tensor_validConv2Dptr(r, a, t, i[0], i[1], k, i[2], i[3], i[4], i[5]); \
        break;                                                                                 \
      case 2: TH##Real##Tensor_fullXCorr2Dptr(r, a, t, i[0], i[1], k, i[2], i[3], i[4], i[5]); \
        break;                                                                                 \
      case 3: TH##Real##Tensor_fullConv2Dptr(r, a, t, i[0], i[1], k, i[2], i[3], i[4], i[5]); \
        break;                                                                                 \
      default:                                                                                 \
        TH##Real##Tensor_validXCorr2DRevptr(r, a, t, i[0], i[1], k, i[2], i[3], i[4], i[5]);  \
    }                                                                                          \
  }                                                                                            \
  /* the 3-d ones: i = it, ir, ic, kt, kr, kc, st, sr, sc */                                   \
  void shim_##Real##_ptr3(int which, const int64_t *i, const double *d, void **p) {           \
    real *r = p[0], *t = p[1], *k = p[2], a = (real)d[0];                                      \
    switch (which) {                                                                           \
      case 0: TH##Real##Tensor_validXCorr3Dptr(r, a, t, i[0], i[1], i[2], k, i[3], i[4], i[5], \
                                               i[6], i[7], i[8]);                              \
        break;                                                                                 \
      case 1: TH##Real##Tensor_validConv3Dptr(r, a, t, i[0], i[1], i[2], k, i[3], i[4], i[5],  \
                                              i[6], i[7], i[8]);                               \
        break;                                                                                 \
      case 2: TH##Real##Tensor_fullXCorr3Dptr(r, a, t, i[0], i[1], i[2], k, i[3], i[4], i[5],  \
                                              i[6], i[7], i[8]);                               \
        break;                                                                                 \
      case 3: TH##Real##Tensor_fullConv3Dptr(r, a, t, i[0], i[1], i[2], k, i[3], i[4], i[5],   \
                                             i[6], i[7], i[8]);                                \
        break;                                                                                 \
      default: TH##Real##Tensor_validXCorr3DRevptr(r, a, t, i[0], i[1], i[2], k, i[3], i[4],   \
                                                   i[5], i[6], i[7], i[8]);                    \
    }                                                                                          \
  }                                                                                            \
  /* the tensor forms: p = r, t, k; d = beta, alpha; i = strides */                            \
  void shim_##Real##_conv(int which, const int64_t *i, const double *d, void **p,             \
                          const char *vf, const char *xc) {                                    \
    TH##Real##Tensor *r = p[0], *t = p[1], *k = p[2];                                          \
    real beta = (real)d[0], alpha = (real)d[1];                                                \
    switch (which) {                                                                           \
      case 0: TH##Real##Tensor_conv2Dmv(r, beta, alpha, t, k, i[0], i[1], vf, xc); break;      \
      case 1: TH##Real##Tensor_conv2Dmm(r, beta, alpha, t, k, i[0], i[1], vf, xc); break;      \
      case 2: TH##Real##Tensor_conv2Dger(r, beta, alpha, t, k, i[0], i[1], vf, xc); break;     \
      case 3: TH##Real##Tensor_conv2DRevger(r, beta, alpha, t, k, i[0], i[1]); break;          \
      case 4: TH##Real##Tensor_conv2DRevgerm(r, beta, alpha, t, k, i[0], i[1]); break;         \
      case 5: TH##Real##Tensor_conv2Dmul(r, beta, alpha, t, k, i[0], i[1], vf, xc); break;     \
      case 6: TH##Real##Tensor_conv2Dcmul(r, beta, alpha, t, k, i[0], i[1], vf, xc); break;    \
      case 7: TH##Real##Tensor_conv3Dmv(r, beta, alpha, t, k, i[0], i[1], i[2], vf, xc); break; \
      case 8: TH##Real##Tensor_conv3Dger(r, beta, alpha, t, k, i[0], i[1], i[2], vf, xc); break; \
      case 9: TH##Real##Tensor_conv3DRevger(r, beta, alpha, t, k, i[0], i[1], i[2]); break;    \
      case 10: TH##Real##Tensor_conv3Dmul(r, beta, alpha, t, k, i[0], i[1], i[2], vf, xc);     \
        break;                                                                                 \
      default: TH##Real##Tensor_conv3Dcmul(r, beta, alpha, t, k, i[0], i[1], i[2], vf, xc);    \
    }                                                                                          \
  }

SHIMS(Float, float)
SHIMS(Double, double)

/* trtrs takes seven pointers: p = rb_, ra_, b_, a_ (i and d unused) */
void shim_Float_trtrs(const int64_t *i, const double *d, void **p, const char *uplo,
                      const char *trans, const char *diag) {
  (void)i, (void)d;
  THFloatTensor_trtrs(p[0], p[1], p[2], p[3], uplo, trans, diag);
}
void shim_Double_trtrs(const int64_t *i, const double *d, void **p, const char *uplo,
                       const char *trans, const char *diag) {
  (void)i, (void)d;
  THDoubleTensor_trtrs(p[0], p[1], p[2], p[3], uplo, trans, diag);
}

SHIMS(Byte, uint8_t)
SHIMS(Char, int8_t)
SHIMS(Short, int16_t)
SHIMS(Int, int32_t)
SHIMS(Long, int64_t)
