/* TH's plane convolution kernels for one dtype, included by
 * math/THTensorConvPlanes.c with
 *   CT  the element type
 *   CA  its arithmetic: the float type itself, so that sums round as TH's
 *       do, or uint64_t for the integers, which wrap (mod 2^64, then the
 *       cast to CT keeps the low bits: TH's result in its own type)
 *   CS  the name suffix.
 * Every kernel adds alpha times its result into r (contiguous planes). The
 * valid and full 2-d kernels keep TH's two loop orders (a dot product per
 * output element, or a scaled row added per kernel element when the column
 * stride is 1 and the rows are long), so float results round as TH's did.
 * The kernel element e (row-major) is k[first + dir * e]: flip reads it
 * reversed (dir -1 from the last element), as a valid convolution and a
 * full cross-correlation (which scatters each input element) do. */
#define CONV_(name) CONV_NAME(name, CS)

#define MAC(acc, x, y) ((CT)((CA)(acc) + (CA)(x) * (CA)(y)))

static void CONV_(valid2d)(void *r_, const void *alpha_, const void *t_, int64_t ir,
                           int64_t ic, const void *k_, int64_t kr, int64_t kc, int64_t sr,
                           int64_t sc, int flip) {
  CT *r = r_, alpha = *(const CT *)alpha_;
  const CT *t = t_, *k = (const CT *)k_ + (flip ? kr * kc - 1 : 0);
  int64_t dir = flip ? -1 : 1, orows = (ir - kr) / sr + 1, ocols = (ic - kc) / sc + 1;
  if (sc != 1 || ocols < 4) {
    for (int64_t y = 0; y < orows; y++)
      for (int64_t x = 0; x < ocols; x++, r++) {
        const CT *pi = t + y * sr * ic + x * sc;
        CA sum = 0;
        for (int64_t ky = 0, e = 0; ky < kr; ky++, pi += ic)
          for (int64_t kx = 0; kx < kc; kx++, e++) sum += (CA)pi[kx] * (CA)k[dir * e];
        *r = MAC(*r, alpha, sum);
      }
    return;
  }
  for (int64_t y = 0; y < orows; y++, r += ocols) {
    const CT *pi = t + y * sr * ic;
    for (int64_t ky = 0, e = 0; ky < kr; ky++, pi += ic)
      for (int64_t kx = 0; kx < kc; kx++, e++) {
        CT c = (CT)((CA)alpha * (CA)k[dir * e]);
        for (int64_t i = 0; i < ocols; i++) r[i] = MAC(r[i], c, pi[kx + i]);
      }
  }
}

static void CONV_(full2d)(void *r_, const void *alpha_, const void *t_, int64_t ir,
                          int64_t ic, const void *k_, int64_t kr, int64_t kc, int64_t sr,
                          int64_t sc, int flip) {
  CT *r = r_, alpha = *(const CT *)alpha_;
  const CT *t = t_, *k = (const CT *)k_ + (flip ? kr * kc - 1 : 0);
  int64_t dir = flip ? -1 : 1, ocols = (ic - 1) * sc + kc;
  if (sc != 1 || ic < 4) {
    for (int64_t y = 0; y < ir; y++)
      for (int64_t x = 0; x < ic; x++, t++) {
        CT *po = r + y * sr * ocols + x * sc;
        CT z = (CT)((CA)*t * (CA)alpha);
        for (int64_t ky = 0, e = 0; ky < kr; ky++, po += ocols)
          for (int64_t kx = 0; kx < kc; kx++, e++) po[kx] = MAC(po[kx], z, k[dir * e]);
      }
    return;
  }
  for (int64_t y = 0; y < ir; y++, t += ic) {
    CT *po = r + y * sr * ocols;
    for (int64_t ky = 0, e = 0; ky < kr; ky++, po += ocols)
      for (int64_t kx = 0; kx < kc; kx++, e++) {
        CT c = (CT)((CA)alpha * (CA)k[dir * e]), *pos = po + kx;
        for (int64_t i = 0; i < ic; i++) pos[i] = MAC(pos[i], c, t[i]);
      }
  }
}

/* The valid cross-correlation of t with k dilated by the strides: r is
 * (ir - (kr - 1) * sr) x (ic - (kc - 1) * sc). */
static void CONV_(rev2d)(void *r_, const void *alpha_, const void *t_, int64_t ir,
                         int64_t ic, const void *k_, int64_t kr, int64_t kc, int64_t sr,
                         int64_t sc, int flip) {
  (void)flip;
  CT *r = r_, alpha = *(const CT *)alpha_;
  const CT *t = t_, *k = k_;
  int64_t orows = ir - (kr - 1) * sr, ocols = ic - (kc - 1) * sc;
  for (int64_t yy = 0; yy < kr; yy++)
    for (int64_t xx = 0; xx < kc; xx++) {
      CT *po = r, z = (CT)((CA)*k++ * (CA)alpha);
      const CT *pi = t + yy * sr * ic + xx * sc;
      for (int64_t y = 0; y < orows; y++, pi += ic, po += ocols)
        for (int64_t x = 0; x < ocols; x++) po[x] = MAC(po[x], z, pi[x]);
    }
}

static void CONV_(valid3d)(void *r_, const void *alpha_, const void *t_, const int64_t *in,
                           const void *k_, const int64_t *ks, const int64_t *s, int flip) {
  CT *r = r_, alpha = *(const CT *)alpha_;
  const CT *t = t_, *k = (const CT *)k_ + (flip ? ks[0] * ks[1] * ks[2] - 1 : 0);
  int64_t dir = flip ? -1 : 1, ir = in[1], ic = in[2];
  int64_t ot = (in[0] - ks[0]) / s[0] + 1, orows = (ir - ks[1]) / s[1] + 1,
          ocols = (ic - ks[2]) / s[2] + 1;
  for (int64_t z = 0; z < ot; z++)
    for (int64_t y = 0; y < orows; y++)
      for (int64_t x = 0; x < ocols; x++, r++) {
        const CT *pi = t + z * s[0] * ir * ic + y * s[1] * ic + x * s[2];
        CA sum = 0;
        for (int64_t kz = 0, e = 0; kz < ks[0]; kz++, pi += (ir - ks[1]) * ic)
          for (int64_t ky = 0; ky < ks[1]; ky++, pi += ic)
            for (int64_t kx = 0; kx < ks[2]; kx++, e++) sum += (CA)pi[kx] * (CA)k[dir * e];
        *r = MAC(*r, alpha, sum);
      }
}

static void CONV_(full3d)(void *r_, const void *alpha_, const void *t_, const int64_t *in,
                          const void *k_, const int64_t *ks, const int64_t *s, int flip) {
  CT *r = r_, alpha = *(const CT *)alpha_;
  const CT *t = t_, *k = (const CT *)k_ + (flip ? ks[0] * ks[1] * ks[2] - 1 : 0);
  int64_t dir = flip ? -1 : 1;
  int64_t orows = (in[1] - 1) * s[1] + ks[1], ocols = (in[2] - 1) * s[2] + ks[2];
  for (int64_t z = 0; z < in[0]; z++)
    for (int64_t y = 0; y < in[1]; y++)
      for (int64_t x = 0; x < in[2]; x++, t++) {
        CT *po = r + z * s[0] * orows * ocols + y * s[1] * ocols + x * s[2];
        CT v = (CT)((CA)*t * (CA)alpha);
        for (int64_t kz = 0, e = 0; kz < ks[0]; kz++, po += (orows - ks[1]) * ocols)
          for (int64_t ky = 0; ky < ks[1]; ky++, po += ocols)
            for (int64_t kx = 0; kx < ks[2]; kx++, e++) po[kx] = MAC(po[kx], v, k[dir * e]);
      }
}

static void CONV_(rev3d)(void *r_, const void *alpha_, const void *t_, const int64_t *in,
                         const void *k_, const int64_t *ks, const int64_t *s, int flip) {
  (void)flip;
  CT *r = r_, alpha = *(const CT *)alpha_;
  const CT *t = t_, *k = k_;
  int64_t ir = in[1], ic = in[2];
  int64_t ot = in[0] - (ks[0] - 1) * s[0], orows = ir - (ks[1] - 1) * s[1],
          ocols = ic - (ks[2] - 1) * s[2];
  for (int64_t zz = 0; zz < ks[0]; zz++)
    for (int64_t yy = 0; yy < ks[1]; yy++)
      for (int64_t xx = 0; xx < ks[2]; xx++) {
        CT *po = r, v = (CT)((CA)*k++ * (CA)alpha);
        const CT *pi = t + zz * s[0] * ir * ic + yy * s[1] * ic + xx * s[2];
        for (int64_t z = 0; z < ot; z++, pi += (ir - orows) * ic)
          for (int64_t y = 0; y < orows; y++, pi += ic, po += ocols)
            for (int64_t x = 0; x < ocols; x++) po[x] = MAC(po[x], v, pi[x]);
      }
}

/* r[i] *= beta, in the dtype (TH's beta scaling). */
static void CONV_(scale)(void *r_, int64_t n, const void *beta_) {
  CT *r = r_, beta = *(const CT *)beta_;
  for (int64_t i = 0; i < n; i++) r[i] = (CT)((CA)r[i] * (CA)beta);
}

/* 1 if the element at v equals value in the dtype (TH compares its typed
 * beta with 0 and 1). */
static int CONV_(equals)(const void *v, int value) { return *(const CT *)v == (CT)value; }

static const ConvKernels CONV_(kernels) = {
    {CONV_(valid2d), CONV_(full2d), CONV_(rev2d)},
    {CONV_(valid3d), CONV_(full3d), CONV_(rev3d)},
    CONV_(scale),
    CONV_(equals),
};

#undef MAC
#undef CONV_
