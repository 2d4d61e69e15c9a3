/* TH's floating-point-only statistics, norms, histograms and spaces (part
 * of generic/THLegacyMathReduce.c, Float and Double). TH computed in a mix
 * of real and accreal; the same mix is kept here, so floats round as in
 * TH. */

#if defined(TH_REAL_IS_FLOAT)
#define M_(name) name##f
#else
#define M_(name) name
#endif

void THTensor_(mean)(LTensor *r_, LTensor *t, int dimension, int keepdim) {
  (void)T_IN(r_);
  (void)T_IN(t);
  LEGACY_CHECK_REDUCE_DIM(t, dimension, 2);
  /* TH: the sum in real, then divided in real */
  LEGACY_DIM_REDUCE(r_, t, dimension, keepdim, 0, acc += z, (real)((real)acc / (real)n));
}

/* Welford's mean and M2 as TH had them (deltas in real) */
#define LEGACY_WELFORD(z, i)             \
  {                                      \
    real delta = (real)(z - mean);       \
    mean += delta / (i + 1);             \
    real delta2 = (real)(z - mean);      \
    M2 += delta * delta2;                \
  }

#define LEGACY_VAR_STD(NAME, FINISH)                                                   \
  void THTensor_(NAME)(LTensor * r_, LTensor * t, int dimension, int biased, int keepdim) { \
    (void)T_IN(r_);                                                                    \
    (void)T_IN(t);                                                                     \
    LEGACY_CHECK_REDUCE_DIM(t, dimension, 3);                                          \
    THTensor_(legacy_reduce_start)(r_, NULL, t, dimension, keepdim);                   \
    TH_TENSOR_DIM_APPLY2(real, t, real, r_, dimension, {                               \
      accreal mean = 0;                                                                \
      accreal M2 = 0;                                                                  \
      for (int64_t i = 0; i < t_size; i++) LEGACY_WELFORD(t_data[i * t_stride], i)     \
      if (t_size >= 2)                                                                 \
        *r__data = (real)FINISH((real)(M2 / (biased ? t_size : t_size - 1)));          \
      else                                                                             \
        *r__data = biased ? 0 : NAN;                                                   \
    })                                                                                 \
    THTensor_(legacy_reduce_end)(r_, NULL, dimension, keepdim);                        \
  }
#define LEGACY_SAME(x) (x)
LEGACY_VAR_STD(var, LEGACY_SAME)
LEGACY_VAR_STD(std, M_(sqrt))
#undef LEGACY_SAME
#undef LEGACY_VAR_STD
#undef LEGACY_WELFORD

void THTensor_(norm)(LTensor *r_, LTensor *t, real value, int dimension, int keepdim) {
  (void)T_IN(r_);
  (void)T_IN(t);
  LEGACY_CHECK_REDUCE_DIM(t, dimension, 3);
  if (value == 0)
    LEGACY_DIM_REDUCE(r_, t, dimension, keepdim, 0, acc += z != 0, (real)acc);
  else if (value == 1)
    LEGACY_DIM_REDUCE(r_, t, dimension, keepdim, 0, acc += M_(fabs)(z), (real)acc);
  else if (value == 2)
    LEGACY_DIM_REDUCE(r_, t, dimension, keepdim, 0, acc += (real)(z * z),
                      M_(sqrt)((real)acc));
  else if (value == 3)
    LEGACY_DIM_REDUCE(r_, t, dimension, keepdim, 0, acc += M_(fabs)((real)(z * z * z)),
                      M_(pow)((real)acc, (real)(1.0 / 3)));
  else
    LEGACY_DIM_REDUCE(r_, t, dimension, keepdim, 0, acc += M_(pow)(M_(fabs)(z), value),
                      M_(pow)((real)acc, (real)(1.0 / value)));
}

accreal THTensor_(normall)(LTensor *tensor, real value) {
  (void)T_IN(tensor);
  accreal sum = 0;
  if (value == 0) {
    TH_TENSOR_APPLY(real, tensor, sum += *tensor_data != 0;)
    return sum;
  } else if (value == 1) {
    TH_TENSOR_APPLY(real, tensor, sum += M_(fabs)(*tensor_data);)
    return sum;
  } else if (value == 2) {
    TH_TENSOR_APPLY(real, tensor, accreal z = *tensor_data; sum += z * z;)
    return sqrt(sum);
  } else if (value == 3) {
    TH_TENSOR_APPLY(real, tensor, accreal z = *tensor_data; sum += fabs(z * z * z);)
    return M_(pow)((real)sum, (real)(1.0 / 3));
  }
  TH_TENSOR_APPLY(real, tensor, sum += M_(pow)(M_(fabs)(*tensor_data), value);)
  return M_(pow)((real)sum, (real)(1.0 / value));
}

void THTensor_(renorm)(LTensor *res, LTensor *src, real value, int dimension, real maxnorm) {
  (void)T_IN(res);
  (void)T_IN(src);
  LEGACY_CHECK_REDUCE_DIM(src, dimension, 3);
  THArgCheck(value > 0, 2, "%s: non-positive-norm not supported", __func__);
  THArgCheck(src->nDimension > 1, 1, "%s: need at least 2 dimensions, got %d dimensions",
             __func__, src->nDimension);
  THTensor_(resizeAs)(res, src);
  LTensor *rowR = THTensor_(new)(), *rowS = THTensor_(new)();
  for (int64_t i = 0; i < src->size[dimension]; i++) {
    real norm = 0;
    THTensor_(select)(rowS, src, dimension, i);
    THTensor_(select)(rowR, res, dimension, i);
    if (value == 1) {
      TH_TENSOR_APPLY(real, rowS, norm += fabs(*rowS_data);)
    } else if (value == 2) {
      TH_TENSOR_APPLY(real, rowS, accreal z = *rowS_data; norm += z * z;)
    } else {
      TH_TENSOR_APPLY(real, rowS, norm += M_(pow)(M_(fabs)(*rowS_data), value);)
    }
    norm = pow(norm, 1 / value);
    if (norm > maxnorm) {
      real scale = maxnorm / (norm + 1e-7);
      TH_TENSOR_APPLY2(real, rowR, real, rowS, *rowR_data = *rowS_data * scale;)
    } else {
      THTensor_(copy)(rowR, rowS);
    }
  }
  THTensor_(free)(rowR);
  THTensor_(free)(rowS);
}

accreal THTensor_(dist)(LTensor *tensor, LTensor *src, real value) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  real sum = 0;
  TH_TENSOR_APPLY2(real, tensor, real, src,
                   sum += M_(pow)(M_(fabs)(*tensor_data - *src_data), value);)
  return M_(pow)(sum, (real)(1.0 / value));
}

accreal THTensor_(meanall)(LTensor *tensor) {
  (void)T_IN(tensor);
  THArgCheck(tensor->nDimension > 0, 1, "%s: empty Tensor", __func__);
  return THTensor_(sumall)(tensor) / THTensor_(nElement)(tensor);
}

accreal THTensor_(varall)(LTensor *tensor, int biased) {
  accreal mean = THTensor_(meanall)(tensor), sum = 0;
  TH_TENSOR_APPLY(real, tensor, sum += (*tensor_data - mean) * (*tensor_data - mean);)
  return sum / (THTensor_(nElement)(tensor) - (biased ? 0 : 1));
}

accreal THTensor_(stdall)(LTensor *tensor, int biased) {
  return sqrt(THTensor_(varall)(tensor, biased));
}

/* TH kept r_'s shape when it had n elements already */
static void THTensor_(legacy_space_resize)(LTensor *r_, int64_t n) {
  if (THTensor_(nElement)(r_) != n) {
    int64_t size[1] = {n};
    legacy_resize(r_, 1, size, __func__);
  }
}

void THTensor_(linspace)(LTensor *r_, real a, real b, int64_t n) {
  (void)T_IN(r_);
  THArgCheck(n > 1 || (n == 1 && a == b), 3, "%s: invalid number of points", __func__);
  THTensor_(legacy_space_resize)(r_, n);
  real i = 0;
  if (n == 1) {
    TH_TENSOR_APPLY(real, r_, *r__data = a;)
  } else {
    TH_TENSOR_APPLY(real, r_, *r__data = a + (b - a) / ((real)(n - 1)) * i; i++;)
  }
}

void THTensor_(logspace)(LTensor *r_, real a, real b, int64_t n) {
  (void)T_IN(r_);
  THArgCheck(n > 1 || (n == 1 && a == b), 3, "%s: invalid number of points", __func__);
  THTensor_(legacy_space_resize)(r_, n);
  real i = 0;
  if (n == 1) {
    TH_TENSOR_APPLY(real, r_, *r__data = M_(pow)(10.0, a);)
  } else {
    TH_TENSOR_APPLY(real, r_,
                    *r__data = M_(pow)(10.0, a + i * (b - a) / ((real)(n - 1))); i++;)
  }
}

/* TH's bin of x in [minval, maxval] (never outside [0, nbins)) */
static inline int64_t THTensor_(legacy_bin)(real x, real minval, real maxval, int64_t nbins) {
  real f = (x - minval) / (maxval - minval) * nbins;
  if (!(f > 0)) return 0;
  return f >= nbins ? nbins - 1 : (int64_t)f;
}

/* TH's range: [minvalue, maxvalue], or the tensor's when they are equal,
 * widened by 1 each way when that is a single value */
static void THTensor_(legacy_hist_range)(LTensor *tensor, real *minval, real *maxval) {
  if (*minval == *maxval) {
    *minval = THTensor_(minall)(tensor);
    *maxval = THTensor_(maxall)(tensor);
  }
  if (*minval == *maxval) {
    *minval = *minval - 1;
    *maxval = *maxval + 1;
  }
}

void THTensor_(histc)(LTensor *hist, LTensor *tensor, int64_t nbins, real minvalue,
                      real maxvalue) {
  (void)T_IN(hist);
  (void)T_IN(tensor);
  THArgCheck(nbins > 0, 3, "%s: the number of bins must be positive, got %" PRId64, __func__,
             nbins);
  THArgCheck(hist != tensor, 1, "%s: hist cannot be the tensor", __func__);
  real minval = minvalue, maxval = maxvalue;
  THTensor_(legacy_hist_range)(tensor, &minval, &maxval);
  int64_t size[1] = {nbins};
  legacy_resize(hist, 1, size, __func__);
  real *h = THTensor_(data)(hist);
  int64_t hs = hist->stride[0];
  for (int64_t i = 0; i < nbins; i++) h[i * hs] = 0;
  TH_TENSOR_APPLY(real, tensor, if (*tensor_data >= minval && *tensor_data <= maxval) {
    h[THTensor_(legacy_bin)(*tensor_data, minval, maxval, nbins) * hs] += 1;
  })
}

void THTensor_(bhistc)(LTensor *hist, LTensor *tensor, int64_t nbins, real minvalue,
                       real maxvalue) {
  (void)T_IN(hist);
  (void)T_IN(tensor);
  THArgCheck(tensor->nDimension < 3, 2, "%s: invalid dimension %d, the input must be a 2d tensor",
             __func__, tensor->nDimension);
  THArgCheck(tensor->nDimension == 2, 2, "%s: invalid dimension %d", __func__,
             1 + TH_INDEX_BASE);
  THArgCheck(nbins > 0, 3, "%s: the number of bins must be positive, got %" PRId64, __func__,
             nbins);
  THArgCheck(hist != tensor, 1, "%s: hist cannot be the tensor", __func__);
  real minval = minvalue, maxval = maxvalue;
  THTensor_(legacy_hist_range)(tensor, &minval, &maxval);
  int64_t size[2] = {tensor->size[0], nbins};
  legacy_resize(hist, 2, size, __func__);
  real *h = THTensor_(data)(hist);
  for (int64_t r = 0; r < size[0]; r++) {
    const real *row = THTensor_(data)(tensor) + r * tensor->stride[0];
    real *hr = h + r * hist->stride[0];
    for (int64_t b = 0; b < nbins; b++) hr[b * hist->stride[1]] = 0;
    for (int64_t i = 0; i < tensor->size[1]; i++) {
      real x = row[i * tensor->stride[1]];
      if (x >= minval && x <= maxval)
        hr[THTensor_(legacy_bin)(x, minval, maxval, nbins) * hist->stride[1]] += 1;
    }
  }
}

#undef M_
