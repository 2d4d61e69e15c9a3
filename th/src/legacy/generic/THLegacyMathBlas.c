/* TH's matrix products, diagonals, triangles, concatenation and the
 * factories (part of generic/THLegacyMathReduce.c). The products check
 * what TH checked (no broadcasting: t has the result's shape), set r_ up as
 * TH did (t copied in when r_ is not t), then run th's product in place on
 * r_. */

static void THTensor_(legacy_fill)(LTensor *r_, real value) {
  TH_TENSOR_APPLY(real, r_, *r__data = value;)
}

/* r_ takes t's shape and, when copy, its values (TH's start of a product). */
static void THTensor_(legacy_product_start)(LTensor *r_, LTensor *t, int copy) {
  if (r_ == t) return;
  THTensor_(resizeAs)(r_, t);
  if (copy) THTensor_(copy)(r_, t);
}

void THTensor_(addmv)(LTensor *r_, real beta, LTensor *t, real alpha, LTensor *mat,
                      LTensor *vec) {
  THTensor *r = T_IN(r_);
  (void)T_IN(t);
  THTensor *m = T_IN(mat), *v = T_IN(vec);
  if (mat->nDimension != 2 || vec->nDimension != 1)
    THError("%s: matrix and vector expected, got %dD, %dD", __func__, mat->nDimension,
            vec->nDimension);
  if (mat->size[1] != vec->size[0])
    THError("%s: size mismatch, %s, %s", __func__, _THSizeDesc(mat->size, 2).str,
            _THSizeDesc(vec->size, 1).str);
  if (t->nDimension != 1) THError("%s: vector expected, got t: %dD", __func__, t->nDimension);
  if (t->size[0] != mat->size[0])
    THError("%s: size mismatch, t: %s, mat: %s", __func__, _THSizeDesc(t->size, 1).str,
            _THSizeDesc(mat->size, 2).str);
  THTensor_(legacy_product_start)(r_, t, 1);
  TH_LEGACY_OK(THTensor_addmv(r, (double)beta, r, (double)alpha, m, v));
}

void THTensor_(addmm)(LTensor *r_, real beta, LTensor *t, real alpha, LTensor *m1,
                      LTensor *m2) {
  THTensor *r = T_IN(r_);
  (void)T_IN(t);
  THTensor *a = T_IN(m1), *b = T_IN(m2);
  if (m1->nDimension != 2 || m2->nDimension != 2)
    THError("%s: matrices expected, got %dD, %dD tensors", __func__, m1->nDimension,
            m2->nDimension);
  if (m1->size[1] != m2->size[0])
    THError("%s: size mismatch, m1: %s, m2: %s", __func__, _THSizeDesc(m1->size, 2).str,
            _THSizeDesc(m2->size, 2).str);
  if (t->nDimension != 2)
    THError("%s: matrix expected, got %dD tensor for t", __func__, t->nDimension);
  if (t->size[0] != m1->size[0] || t->size[1] != m2->size[1])
    THError("%s: size mismatch, t: %s, m1: %s, m2: %s", __func__, _THSizeDesc(t->size, 2).str,
            _THSizeDesc(m1->size, 2).str, _THSizeDesc(m2->size, 2).str);
  /* with beta 0 TH left t's values out (NaNs in it do not propagate) */
  THTensor_(legacy_product_start)(r_, t, beta != 0);
  TH_LEGACY_OK(THTensor_addmm(r, (double)beta, r, (double)alpha, a, b));
}

void THTensor_(addr)(LTensor *r_, real beta, LTensor *t, real alpha, LTensor *vec1,
                     LTensor *vec2) {
  THTensor *r = T_IN(r_);
  (void)T_IN(t);
  THTensor *a = T_IN(vec1), *b = T_IN(vec2);
  if (vec1->nDimension != 1 || vec2->nDimension != 1)
    THError("%s: vector and vector expected, got %dD, %dD tensors", __func__, vec1->nDimension,
            vec2->nDimension);
  if (t->nDimension != 2)
    THError("%s: expected matrix, got %dD tensor for t", __func__, t->nDimension);
  if (t->size[0] != vec1->size[0] || t->size[1] != vec2->size[0])
    THError("%s: size mismatch, t: %s, vec1: %s, vec2: %s", __func__,
            _THSizeDesc(t->size, 2).str, _THSizeDesc(vec1->size, 1).str,
            _THSizeDesc(vec2->size, 1).str);
  THTensor_(legacy_product_start)(r_, t, 1);
  TH_LEGACY_OK(THTensor_addr(r, (double)beta, r, (double)alpha, a, b));
}

/* TH's checks of batch1 and batch2 (b x n x k and b x k x p) */
static void THTensor_(legacy_check_batches)(LTensor *batch1, LTensor *batch2, const char *fn) {
  THArgCheck(batch1->nDimension == 3, 1, "%s: expected 3D tensor, got %dD", fn,
             batch1->nDimension);
  THArgCheck(batch2->nDimension == 3, 2, "%s: expected 3D tensor, got %dD", fn,
             batch2->nDimension);
  THArgCheck(batch1->size[0] == batch2->size[0], 2,
             "%s: equal number of batches expected, got %" PRId64 ", %" PRId64, fn,
             batch1->size[0], batch2->size[0]);
  THArgCheck(batch1->size[2] == batch2->size[1], 2,
             "%s: wrong matrix size, batch1: %" PRId64 "x%" PRId64 ", batch2: %" PRId64
             "x%" PRId64, fn, batch1->size[1], batch1->size[2], batch2->size[1],
             batch2->size[2]);
}

void THTensor_(addbmm)(LTensor *result, real beta, LTensor *t, real alpha, LTensor *batch1,
                       LTensor *batch2) {
  THTensor *r = T_IN(result);
  (void)T_IN(t);
  THTensor *a = T_IN(batch1), *b = T_IN(batch2);
  THTensor_(legacy_check_batches)(batch1, batch2, __func__);
  THArgCheck(t->nDimension == 2 && t->size[0] == batch1->size[1] &&
                 t->size[1] == batch2->size[2], 1,
             "%s: output tensor of incorrect size", __func__);
  THTensor_(legacy_product_start)(result, t, beta != 0);
  TH_LEGACY_OK(THTensor_addbmm(r, (double)beta, r, (double)alpha, a, b));
}

void THTensor_(baddbmm)(LTensor *result, real beta, LTensor *t, real alpha, LTensor *batch1,
                        LTensor *batch2) {
  THTensor *r = T_IN(result);
  (void)T_IN(t);
  THTensor *a = T_IN(batch1), *b = T_IN(batch2);
  THTensor_(legacy_check_batches)(batch1, batch2, __func__);
  THArgCheck(t->nDimension == 3 && t->size[0] == batch1->size[0] &&
                 t->size[1] == batch1->size[1] && t->size[2] == batch2->size[2], 1,
             "%s: output tensor of incorrect size", __func__);
  THTensor_(legacy_product_start)(result, t, beta != 0);
  TH_LEGACY_OK(THTensor_baddbmm(r, (double)beta, r, (double)alpha, a, b));
}

void THTensor_(match)(LTensor *r_, LTensor *m1, LTensor *m2, real gain) {
  (void)T_IN(r_);
  (void)T_IN(m1);
  (void)T_IN(m2);
  THArgCheck(m1->nDimension > 0, 2, "%s: m1 is empty", __func__);
  THArgCheck(m2->nDimension > 0, 3, "%s: m2 is empty", __func__);
  /* each row of m1 (and m2) is its first dim's slice, flattened */
  int64_t n1 = m1->size[0], n2 = m2->size[0];
  /* th's tensors may have a size-0 dim (TH's could not) */
  THArgCheck(THTensor_(nElement)(m1) > 0 && THTensor_(nElement)(m2) > 0, 2,
             "%s: m1 %s and m2 %s need elements", __func__,
             _THSizeDesc(m1->size, m1->nDimension).str, _THSizeDesc(m2->size, m2->nDimension).str);
  int64_t dim = THTensor_(nElement)(m1) / n1;
  THArgCheck(dim == THTensor_(nElement)(m2) / n2, 3,
             "%s: m1 and m2 must have the same inner vector dim", __func__);
  /* contiguous copies first: r_ may be m1 or m2 */
  LTensor *a = THTensor_(newClone)(m1), *b = THTensor_(newClone)(m2);
  const real *ap = THTensor_(data)(a), *bp = THTensor_(data)(b);
  legacy_resize_or_free(r_, 2, (int64_t[2]){n1, n2}, __func__, NULL, a, b);
  real *rp = THTensor_(data)(r_);
  for (int64_t i = 0; i < n1; i++)
    for (int64_t j = 0; j < n2; j++) {
      real sum = 0;
      for (int64_t k = 0; k < dim; k++) {
        real term = R_SUB(ap[i * dim + k], bp[j * dim + k]);
        sum = R_ADD(sum, R_MUL(term, term));
      }
      rp[i * r_->stride[0] + j * r_->stride[1]] = R_MUL(gain, sum);
    }
  THTensor_(free)(a);
  THTensor_(free)(b);
}

/* ------------------------------------------------ diagonals and triangles */

void THTensor_(diag)(LTensor *r_, LTensor *t, int k) {
  (void)T_IN(r_);
  (void)T_IN(t);
  THArgCheck(t->nDimension == 1 || t->nDimension == 2, 1, "%s: matrix or a vector expected",
             __func__);
  /* into a scratch result when r_ is t (TH read t after resizing r_) */
  LTensor *out = r_ == t ? THTensor_(new)() : r_;
  const real *td = THTensor_(data)(t);
  int64_t ak = k >= 0 ? k : -(int64_t)k;
  if (t->nDimension == 1) {
    int64_t n = t->size[0], sz = n + ak;
    legacy_resize_or_free(out, 2, (int64_t[2]){sz, sz}, __func__, NULL,
                          out != r_ ? out : NULL, NULL);
    THTensor_(legacy_fill)(out, 0);
    real *od = THTensor_(data)(out) + (k >= 0 ? ak * out->stride[1] : ak * out->stride[0]);
    for (int64_t i = 0; i < n; i++)
      od[i * (out->stride[0] + out->stride[1])] = td[i * t->stride[0]];
  } else {
    int64_t sz = k >= 0 ? THMin(t->size[0], t->size[1] - ak) : THMin(t->size[0] - ak, t->size[1]);
    /* TH failed on an empty diagonal (its result had 0 dims and no stride) */
    if (sz <= 0) {
      if (out != r_) THTensor_(free)(out);
      THArgError(2, "%s: diagonal %d is outside a %s matrix", __func__, k,
                 _THSizeDesc(t->size, 2).str);
    }
    int64_t size[1] = {sz};
    legacy_resize_or_free(out, 1, size, __func__, NULL, out != r_ ? out : NULL, NULL);
    td += k >= 0 ? ak * t->stride[1] : ak * t->stride[0];
    real *od = THTensor_(data)(out);
    for (int64_t i = 0; i < sz; i++) od[i * out->stride[0]] = td[i * (t->stride[0] + t->stride[1])];
  }
  if (out != r_) {
    THTensor_(set)(r_, out);
    THTensor_(free)(out);
  }
}

void THTensor_(eye)(LTensor *r_, int64_t n, int64_t m) {
  (void)T_IN(r_);
  THArgCheck(n > 0, 1, "%s: invalid argument", __func__);
  if (m <= 0) m = n;
  legacy_resize(r_, 2, (int64_t[2]){n, m}, __func__);
  THTensor_(legacy_fill)(r_, 0);
  real *d = THTensor_(data)(r_);
  for (int64_t i = 0; i < THMin(n, m); i++) d[i * (r_->stride[0] + r_->stride[1])] = 1;
}

#define LEGACY_TRIANGLE(NAME, KEEP)                                                         \
  void THTensor_(NAME)(LTensor * r_, LTensor * t, int64_t k) {                              \
    (void)T_IN(r_);                                                                         \
    (void)T_IN(t);                                                                          \
    THArgCheck(t->nDimension == 2, 1, "%s: expected a matrix", __func__);                   \
    THTensor_(resizeAs)(r_, t);                                                             \
    real *rd = THTensor_(data)(r_);                                                         \
    const real *td = THTensor_(data)(t);                                                    \
    for (int64_t r = 0; r < t->size[0]; r++)                                                \
      for (int64_t c = 0; c < t->size[1]; c++)                                              \
        rd[r * r_->stride[0] + c * r_->stride[1]] =                                         \
            (KEEP) ? td[r * t->stride[0] + c * t->stride[1]] : 0;                           \
  }
/* tril keeps c - r <= k, triu c - r >= k (no overflow: k is clamped) */
LEGACY_TRIANGLE(tril, c - r <= THMax(THMin(k, INT64_MAX / 2), INT64_MIN / 2))
LEGACY_TRIANGLE(triu, c - r >= THMax(THMin(k, INT64_MAX / 2), INT64_MIN / 2))
#undef LEGACY_TRIANGLE

/* ------------------------------------------------ concatenation */

void THTensor_(catArray)(LTensor *result, LTensor **inputs, int numInputs, int dimension) {
  (void)T_IN(result);
  THArgCheck(numInputs >= 0 && (inputs || numInputs == 0), 3, "%s: invalid number of inputs %d",
             __func__, numInputs);
  /* TH's empty tensors (0 dims) are left out, and so are th's with a
   * size-0 dim; all of them: nothing done */
#define LEGACY_SKIP(x) ((x)->nDimension == 0 || THTensor_(nElement)(x) == 0)
  LTensor *first = NULL;
  int aliased = 0;
  for (int i = 0; i < numInputs; i++) {
    (void)th_legacy_tensor(inputs[i], TH_REAL_DTYPE, "inputs[i]", __func__);
    if (!first && !LEGACY_SKIP(inputs[i])) first = inputs[i];
    aliased |= inputs[i] == result;
  }
  if (!first) return;
  int nDims = first->nDimension;
  THArgCheck(dimension >= -1 && dimension < nDims, 4, "%s: invalid dimension %d", __func__,
             dimension);
  /* -1: the last dim */
  int cat = dimension == -1 ? nDims - 1 : dimension;
  int64_t size[TH_MAX_DIMS];
  for (int d = 0; d < nDims; d++) size[d] = first->size[d];
  size[cat] = 0;
  for (int i = 0; i < numInputs; i++) {
    LTensor *x = inputs[i];
    if (LEGACY_SKIP(x)) continue;
    THArgCheck(x->nDimension == nDims, 0,
               "%s: Tensors must have same number of dimensions: got %d and %d", __func__,
               nDims, x->nDimension);
    for (int d = 0; d < nDims; d++)
      THArgCheck(d == cat || x->size[d] == first->size[d], 0,
                 "%s: Sizes of tensors must match except in dimension %d. Got %" PRId64
                 " and %" PRId64 " in dimension %d", __func__, cat, first->size[d], x->size[d],
                 d);
    size[cat] += x->size[cat];
  }
  /* a scratch result when result is an input (TH resized it first) */
  LTensor *out = aliased ? THTensor_(new)() : result;
  legacy_resize(out, nDims, size, __func__);
  LTensor *part = THTensor_(new)();
  int64_t offset = 0;
  for (int i = 0; i < numInputs; i++) {
    LTensor *x = inputs[i];
    if (LEGACY_SKIP(x)) continue;
    THTensor_(narrow)(part, out, cat, offset, x->size[cat]);
    THTensor_(copy)(part, x);
    offset += x->size[cat];
  }
  THTensor_(free)(part);
  if (out != result) {
    THTensor_(resizeAs)(result, out);
    THTensor_(copy)(result, out);
    THTensor_(free)(out);
  }
}

#undef LEGACY_SKIP

void THTensor_(cat)(LTensor *r_, LTensor *ta, LTensor *tb, int dimension) {
  LTensor *inputs[2] = {ta, tb};
  THTensor_(catArray)(r_, inputs, 2, dimension);
}

/* ------------------------------------------------ factories */

/* TH's element count of range/arange, refused when it is not a size */
static ptrdiff_t THTensor_(legacy_range_size)(double count, const char *fn) {
  if (!(count >= 0 && count < 9.2e18))
    THError("%s: invalid size %g of the result", fn, count);
  return (ptrdiff_t)count;
}

static void THTensor_(legacy_range_fill)(LTensor *r_, accreal xmin, accreal step, ptrdiff_t n) {
  if (THTensor_(nElement)(r_) != n) {
    int64_t size[1] = {n};
    legacy_resize(r_, 1, size, __func__);
  }
  /* i counts in real, as TH's did */
  real i = 0;
  TH_TENSOR_APPLY(real, r_, {
    *r__data = (real)A_ADD(xmin, A_MUL((accreal)i, step));
    i = R_ADD(i, 1);
  })
}

#define LEGACY_RANGE_CHECK(xmin, xmax, step)                                                  \
  THArgCheck(step > 0 || step < 0, 3, "%s: step must be nonzero", __func__);                   \
  THArgCheck((step > 0 && xmax >= xmin) || (step < 0 && xmax <= xmin), 2,                      \
             "%s: upper bound and larger bound inconsistent with step sign", __func__)

void THTensor_(range)(LTensor *r_, accreal xmin, accreal xmax, accreal step) {
  (void)T_IN(r_);
  LEGACY_RANGE_CHECK(xmin, xmax, step);
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  double count = (xmax - xmin) / step + 1;
#else
  /* TH's integer division, without its overflow */
  double count = (double)(((__int128)xmax - xmin) / step) + 1;
#endif
  THTensor_(legacy_range_fill)(r_, xmin, step, THTensor_(legacy_range_size)(count, __func__));
}

void THTensor_(arange)(LTensor *r_, accreal xmin, accreal xmax, accreal step) {
  (void)T_IN(r_);
  LEGACY_RANGE_CHECK(xmin, xmax, step);
  double count = ceil(((double)xmax - (double)xmin) / (double)step);
  THTensor_(legacy_range_fill)(r_, xmin, step, THTensor_(legacy_range_size)(count, __func__));
}
#undef LEGACY_RANGE_CHECK

void THTensor_(reshape)(LTensor *r_, LTensor *t, THLongStorage *size) {
  (void)T_IN(r_);
  (void)T_IN(t);
  THStorage *s = th_legacy_storage(size, TH_INT64, "size", __func__);
  /* the element count TH's resize gives (dims stop at a size <= 0) */
  int64_t n = 0;
  const int64_t *sd = s->data;
  THArgCheck(s->size <= TH_MAX_DIMS, 3, "%s: %td dims (at most %d)", __func__, (ptrdiff_t)s->size,
             TH_MAX_DIMS);
  for (int64_t d = 0; d < s->size && sd[d] > 0; d++) {
    if (n == 0) n = 1;
    if (__builtin_mul_overflow(n, sd[d], &n)) THError("%s: the size overflows", __func__);
  }
  if (n != THTensor_(nElement)(t))
    THError("%s: size %s has %" PRId64 " elements, t %s has %td", __func__,
            _THSizeDesc(sd, s->size).str, n, _THSizeDesc(t->size, t->nDimension).str,
            THTensor_(nElement)(t));
  if (r_ == t) {
    /* TH's resize then copy of itself: the same elements in the new shape */
    LTensor *c = THTensor_(newClone)(t);
    legacy_resize(r_, (int)s->size, sd, __func__);
    THTensor_(copy)(r_, c);
    THTensor_(free)(c);
    return;
  }
  legacy_resize(r_, (int)s->size, sd, __func__);
  THTensor_(copy)(r_, t);
}
