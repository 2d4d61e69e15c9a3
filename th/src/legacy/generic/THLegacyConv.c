/* TH<Real>Tensor_conv2Dmv, ...: TH v0.4's plane convolutions
 * (generic/THTensorConv.c) on th's THTensorConv.h, which computes them as
 * TH did (its loop orders and its result rules). Here THTensor is th's own
 * struct, LTensor TH's typed one. */
#undef THStorage
#undef THTensor
#define LTensor TH_CONCAT_3(TH, Real, Tensor)
#define T_IN(t) th_legacy_tensor((t), TH_REAL_DTYPE, #t, __func__)

/* TH zeroed a result whose element count was 0, and a tensor with 0 dims
 * has none in TH (th counts 1): such a result is computed with beta 0. */
#define LC_BETA(r, beta) (THTensor_nDimension(r) == 0 ? 0.0 : (double)(beta))

#define LC_2D(name)                                                                      \
  void THTensor_(name)(LTensor *r_, real beta, real alpha, LTensor *t_, LTensor *k_,     \
                       int64_t srow, int64_t scol, const char *vf, const char *xc) {     \
    THTensor *r = T_IN(r_), *t = T_IN(t_), *k = T_IN(k_);                                \
    TH_LEGACY_OK(TH_CONCAT_2(THTensor_, name)(r, LC_BETA(r, beta), (double)alpha, t, k,  \
                                              srow, scol, vf, xc));                      \
  }
#define LC_3D(name)                                                                      \
  void THTensor_(name)(LTensor *r_, real beta, real alpha, LTensor *t_, LTensor *k_,     \
                       int64_t sdepth, int64_t srow, int64_t scol, const char *vf,       \
                       const char *xc) {                                                 \
    THTensor *r = T_IN(r_), *t = T_IN(t_), *k = T_IN(k_);                                \
    TH_LEGACY_OK(TH_CONCAT_2(THTensor_, name)(r, LC_BETA(r, beta), (double)alpha, t, k,  \
                                              sdepth, srow, scol, vf, xc));              \
  }

LC_2D(conv2Dger)
LC_2D(conv2Dmv)
LC_2D(conv2Dmm)
LC_2D(conv2Dmul)
LC_2D(conv2Dcmul)
LC_3D(conv3Dger)
LC_3D(conv3Dmv)
LC_3D(conv3Dmul)
LC_3D(conv3Dcmul)

void THTensor_(conv2DRevger)(LTensor *r_, real beta, real alpha, LTensor *t_, LTensor *k_,
                             int64_t srow, int64_t scol) {
  THTensor *r = T_IN(r_), *t = T_IN(t_), *k = T_IN(k_);
  TH_LEGACY_OK(THTensor_conv2DRevger(r, LC_BETA(r, beta), (double)alpha, t, k, srow, scol));
}

void THTensor_(conv2DRevgerm)(LTensor *r_, real beta, real alpha, LTensor *t_, LTensor *k_,
                              int64_t srow, int64_t scol) {
  THTensor *r = T_IN(r_), *t = T_IN(t_), *k = T_IN(k_);
  TH_LEGACY_OK(THTensor_conv2DRevgerm(r, LC_BETA(r, beta), (double)alpha, t, k, srow, scol));
}

void THTensor_(conv3DRevger)(LTensor *r_, real beta, real alpha, LTensor *t_, LTensor *k_,
                             int64_t sdepth, int64_t srow, int64_t scol) {
  THTensor *r = T_IN(r_), *t = T_IN(t_), *k = T_IN(k_);
  TH_LEGACY_OK(THTensor_conv3DRevger(r, LC_BETA(r, beta), (double)alpha, t, k, sdepth, srow,
                                     scol));
}

/* the pointer kernels: r += alpha * (t conv k), contiguous planes */
#define LC_PTR2(name)                                                                     \
  void THTensor_(name)(real *r_, real alpha, real *t_, int64_t ir, int64_t ic, real *k_,  \
                       int64_t kr, int64_t kc, int64_t sr, int64_t sc) {                  \
    TH_LEGACY_OK(TH_CONCAT_2(THTensor_, name)(TH_REAL_DTYPE, r_, (double)alpha, t_, ir, ic, \
                                              k_, kr, kc, sr, sc));                       \
  }
#define LC_PTR3(name)                                                                     \
  void THTensor_(name)(real *r_, real alpha, real *t_, int64_t it, int64_t ir, int64_t ic, \
                       real *k_, int64_t kt, int64_t kr, int64_t kc, int64_t st,          \
                       int64_t sr, int64_t sc) {                                          \
    TH_LEGACY_OK(TH_CONCAT_2(THTensor_, name)(TH_REAL_DTYPE, r_, (double)alpha, t_, it, ir, \
                                              ic, k_, kt, kr, kc, st, sr, sc));           \
  }

LC_PTR2(validXCorr2Dptr)
LC_PTR2(validConv2Dptr)
LC_PTR2(fullXCorr2Dptr)
LC_PTR2(fullConv2Dptr)
LC_PTR2(validXCorr2DRevptr)
LC_PTR3(validXCorr3Dptr)
LC_PTR3(validConv3Dptr)
LC_PTR3(fullXCorr3Dptr)
LC_PTR3(fullConv3Dptr)
LC_PTR3(validXCorr3DRevptr)

#undef LC_2D
#undef LC_3D
#undef LC_PTR2
#undef LC_PTR3
#undef LC_BETA
#undef T_IN
#undef LTensor
