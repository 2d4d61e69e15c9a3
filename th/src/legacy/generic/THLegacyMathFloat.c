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
    THTensor_(legacy_reduce_start)(r_, NULL, t, dimension, keepdim, __func__);                   \
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
static void THTensor_(legacy_hist_range)(LTensor *tensor, real *minval, real *maxval,
                                         const char *fn) {
  if (*minval == *maxval) {
    THArgCheck(THTensor_(nElement)(tensor) > 0, 2,
               "%s: the range of a tensor with no elements (minvalue == maxvalue)", fn);
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
  THTensor_(legacy_hist_range)(tensor, &minval, &maxval, __func__);
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
  THTensor_(legacy_hist_range)(tensor, &minval, &maxval, __func__);
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

/* ------------------------------------------------ dirichlet_grad
 * TH's reparameterized gradient of a Beta/Dirichlet sample x with
 * respect to alpha (total = alpha + beta): a Taylor series near 0 and 1, a
 * saddle-point expansion when alpha and beta are both large, else a
 * rational correction of an analytic approximation (TH's fitted
 * coefficients). digamma is th's (in double). */

static real THTensor_(legacy_grad_alpha_small)(real x, real alpha, real beta) {
  const real factor = (real)(th_digamma(alpha) - th_digamma(alpha + beta)) - M_(log)(x);
  real numer = 1;
  real series = numer / alpha * (factor + 1 / alpha);
  for (int i = 1; i <= 10; ++i) {
    numer *= (i - beta) * x / i;
    const real denom = alpha + i;
    series += numer / denom * (factor + 1 / denom);
  }
  const real result = x * M_(pow)(1 - x, -beta) * series;
  return isnan(result) ? 0 : result;
}

static real THTensor_(legacy_grad_beta_small)(real x, real alpha, real beta) {
  const real factor = (real)(th_digamma(alpha + beta) - th_digamma(beta));
  real numer = 1, betas = 1, dbetas = 0;
  real series = factor / alpha;
  for (int i = 1; i <= 8; ++i) {
    numer *= -x / i;
    dbetas = dbetas * (beta - i) + betas;
    betas = betas * (beta - i);
    series += numer / (alpha + i) * (dbetas + factor * betas);
  }
  const real result = -M_(pow)(1 - x, 1 - beta) * series;
  return isnan(result) ? 0 : result;
}

static real THTensor_(legacy_grad_alpha_mid)(double x, double alpha, double beta) {
  const double total = alpha + beta;
  const double mean = alpha / total;
  const double std = sqrt(alpha * beta / (total + 1)) / total;
  if (mean - 0.1 * std <= x && x <= mean + 0.1 * std) {
    /* near the mean: the expansion's singularity avoided */
    const double poly =
        47 * x * (beta * beta) * (beta * beta) +
        alpha * ((43 + 20 * (16 + 27 * beta) * x) * (beta * beta) * beta +
                 alpha * (3 * (59 + 180 * beta - 90 * x) * (beta * beta) +
                          alpha * ((453 + 1620 * beta * (1 - x) - 455 * x) * beta +
                                   alpha * (8 * (1 - x) * (135 * beta - 11)))));
    const double num = (1 + 12 * alpha) * (1 + 12 * beta) / (total * total);
    const double den = 12960 * alpha * alpha * alpha * beta * beta * (1 + 12 * total);
    return (real)(num / (1 - x) * poly / den);
  }
  const double prefactor = -x / sqrt(2 * alpha * beta / total);
  const double stirling = (1 + 1 / (12 * alpha) + 1 / (288 * alpha * alpha)) *
                          (1 + 1 / (12 * beta) + 1 / (288 * beta * beta)) /
                          (1 + 1 / (12 * total) + 1 / (288 * total * total));
  const double t1_num = 2 * (alpha * alpha) * (x - 1) + alpha * beta * (x - 1) - x * (beta * beta);
  const double axbx = alpha * (x - 1) + beta * x;
  const double t1_den = sqrt(2 * alpha / beta) * pow(total, 1.5f) * axbx * axbx;
  const double t2 = 0.5f * log(alpha / (total * x));
  const double t3 = sqrt(8 * alpha * beta / total) / (beta * x + alpha * (x - 1));
  const double t4 = pow(beta * log(beta / (total * (1 - x))) + alpha * log(alpha / (total * x)),
                        -1.5f);
  return (real)(stirling * prefactor * (t1_num / t1_den + t2 * (t3 + (x < mean ? t4 : -t4))));
}

static real THTensor_(legacy_dirichlet_grad_one)(real x, real alpha, real total) {
  const real beta = total - alpha;
  const real boundary = total * x * (1 - x);
  if (x <= 0.5f && boundary < 2.5f) return THTensor_(legacy_grad_alpha_small)(x, alpha, beta);
  if (x >= 0.5f && boundary < 0.75f) return -THTensor_(legacy_grad_beta_small)(1 - x, beta, alpha);
  if (alpha > 6 && beta > 6) return THTensor_(legacy_grad_alpha_mid)(x, alpha, beta);
  /* TH's fitted rational correction: c[0] the numerator's, c[1] the
   * denominator's coefficients of u^i a^j b^k */
  static const real c[2][3][3][4] = {
      {{{1.003668233, -0.01061107488, -0.0657888334, 0.01201642863},
        {0.6336835991, -0.3557432599, 0.05486251648, -0.001465281033},
        {-0.03276231906, 0.004474107445, 0.002429354597, -0.0001557569013}},
       {{0.221950385, -0.3187676331, 0.01799915743, 0.01074823814},
        {-0.2951249643, 0.06219954479, 0.01535556598, 0.001550077057},
        {0.02155310298, 0.004170831599, 0.001292462449, 6.976601077e-05}},
       {{-0.05980841433, 0.008441916499, 0.01085618172, 0.002319392565},
        {0.02911413504, 0.01400243777, -0.002721828457, 0.000751041181},
        {0.005900514878, -0.001936558688, -9.495446725e-06, 5.385558597e-05}}},
      {{{1, -0.02924021934, -0.04438342661, 0.007285809825},
        {0.6357567472, -0.3473456711, 0.05454656494, -0.002407477521},
        {-0.03301322327, 0.004845219414, 0.00231480583, -0.0002307248149}},
       {{0.5925320577, -0.1757678135, 0.01505928619, 0.000564515273},
        {0.1014815858, -0.06589186703, 0.01272886114, -0.0007316646956},
        {-0.007258481865, 0.001096195486, 0.0003934994223, -4.12701925e-05}},
       {{0.06469649321, -0.0236701437, 0.002902096474, -5.896963079e-05},
        {0.001925008108, -0.002869809258, 0.0008000589141, -6.063713228e-05},
        {-0.0003477407336, 6.959756487e-05, 1.097287507e-05, -1.650964693e-06}}},
  };
  const real u = M_(log)(x);
  const real a = M_(log)(alpha) - u;
  const real b = M_(log)(total) - a;
  const real pu[3] = {1, u, u * u}, pa[3] = {1, a, a * a};
  real p = 0, q = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const real ua = pu[i] * pa[j];
      const real *cp = c[0][i][j], *cq = c[1][i][j];
      p += ua * (cp[0] + b * (cp[1] + b * (cp[2] + b * cp[3])));
      q += ua * (cq[0] + b * (cq[1] + b * (cq[2] + b * cq[3])));
    }
  const real approx = x * (real)(th_digamma(total) - th_digamma(alpha)) / beta;
  return p / q * approx;
}

void THTensor_(dirichlet_grad)(LTensor *self, LTensor *x, LTensor *alpha, LTensor *total) {
  (void)T_IN(self);
  (void)T_IN(x);
  (void)T_IN(alpha);
  (void)T_IN(total);
  if (!THTensor_(isSameSizeAs)(alpha, x) || !THTensor_(isSameSizeAs)(total, x))
    THError("%s: inconsistent tensor size, expected x %s, alpha %s and total %s to have the "
            "same size", __func__, _THSizeDesc(x->size, x->nDimension).str,
            _THSizeDesc(alpha->size, alpha->nDimension).str,
            _THSizeDesc(total->size, total->nDimension).str);
  /* the gradients first: self may be an operand */
  int64_t n = THTensor_(nElement)(x);
  real *buf = THAlloc(sizeof(real) * (size_t)(n ? n : 1)), *p = buf;
  TH_TENSOR_APPLY3(real, x, real, alpha, real, total,
                   *p++ = THTensor_(legacy_dirichlet_grad_one)(*x_data, *alpha_data,
                                                               *total_data);)
  legacy_resize_or_free(self, x->nDimension, x->size, __func__, buf, NULL, NULL);
  p = buf;
  TH_TENSOR_APPLY(real, self, *self_data = *p++;)
  THFree(buf);
}

#undef M_
