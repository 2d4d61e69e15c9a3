/* TH<Real>Tensor_*: TH v0.4's typed random functions (generic/THTensorRandom.h,
 * and rand, randn, randperm of generic/THTensorMath.h), once per TH type,
 * with TH's streams. Elements are drawn in each tensor's row-major order,
 * as TH's TH_TENSOR_APPLY visits them. Here THTensor is th's own struct,
 * LTensor TH's typed one. */
#undef THStorage
#undef THTensor
#define LTensor TH_CONCAT_3(TH, Real, Tensor)
#define T_IN(t) th_legacy_tensor((t), TH_REAL_DTYPE, #t, __func__)
#define L_IN(t) th_legacy_tensor((t), TH_INT64, #t, __func__)

/* a TH check TH made in the middle of a fill: the lock first, then the error */
#define RAISE_UNLOCKED(g, arg, ...) \
  do {                              \
    th_generator_unlock(g);         \
    THArgError(arg, __VA_ARGS__);   \
  } while (0)

/* TH_TENSOR_APPLY2's count check, before the lock is taken */
#define SAME_COUNT(a, b)                                                                      \
  do {                                                                                        \
    int64_t a##_n_ = th_legacy_numel(T_IN(a)), b##_n_ = th_legacy_numel(b##_th_);              \
    THArgCheck(a##_n_ == b##_n_, 3,                                                           \
               "%s: inconsistent tensor size, expected %s and %s to have the same number of " \
               "elements, but got %" PRId64 " and %" PRId64 " elements respectively",         \
               __func__, #a, #b, a##_n_, b##_n_);                                             \
  } while (0)

void THTensor_(random)(LTensor *self, THGenerator *_generator) {
  (void)T_IN(self);
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
#if defined(TH_REAL_IS_BYTE)
  TH_TENSOR_APPLY(real, self, *self_data = (uint8_t)(th_mt_next(g) % (UINT8_MAX + 1)););
#elif defined(TH_REAL_IS_CHAR)
  TH_TENSOR_APPLY(real, self, *self_data = (int8_t)(th_mt_next(g) % (INT8_MAX + 1)););
#elif defined(TH_REAL_IS_SHORT)
  TH_TENSOR_APPLY(real, self, *self_data = (int16_t)(th_mt_next(g) % (INT16_MAX + 1)););
#elif defined(TH_REAL_IS_INT)
  TH_TENSOR_APPLY(real, self, *self_data = (int32_t)(th_mt_next(g) % (INT32_MAX + 1UL)););
#elif defined(TH_REAL_IS_LONG)
  TH_TENSOR_APPLY(real, self,
                  *self_data = (int64_t)(th_mt_next64(g) % ((uint64_t)INT64_MAX + 1ULL)););
#elif defined(TH_REAL_IS_FLOAT)
  TH_TENSOR_APPLY(real, self,
                  *self_data = (float)(th_mt_next(g) % ((1ULL << FLT_MANT_DIG) + 1)););
#elif defined(TH_REAL_IS_DOUBLE)
  TH_TENSOR_APPLY(real, self,
                  *self_data = (double)(th_mt_next64(g) % ((1ULL << DBL_MANT_DIG) + 1)););
#endif
  th_generator_unlock(g);
}

void THTensor_(clampedRandom)(LTensor *self, THGenerator *_generator, int64_t min, int64_t max) {
  (void)T_IN(self);
  THArgCheck(max > min, 2, "%s: max must be greater than min, but got: min = %" PRId64
             ", max = %" PRId64, __func__, min, max);
  uint64_t range = (uint64_t)max - (uint64_t)min;
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  /* the wrap to int64_t and then to real is TH's (gcc's modular conversions) */
#if defined(TH_REAL_IS_LONG) || defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  if (range >= 1ULL << 32) {
    TH_TENSOR_APPLY(real, self,
                    *self_data = (real)(int64_t)(th_mt_next64(g) % range + (uint64_t)min););
    th_generator_unlock(g);
    return;
  }
#endif
  TH_TENSOR_APPLY(real, self,
                  *self_data = (real)(int64_t)((uint64_t)th_mt_next(g) % range + (uint64_t)min););
  th_generator_unlock(g);
}

void THTensor_(cappedRandom)(LTensor *self, THGenerator *_generator, int64_t max) {
  THArgCheck(max > 0, 1, "%s: max must be positive, but got: max = %" PRId64, __func__, max);
  THTensor_(clampedRandom)(self, _generator, 0, max);
}

void THTensor_(geometric)(LTensor *self, THGenerator *_generator, double p) {
  /* TH checked p at each element: so not for an empty tensor */
  THArgCheck(th_legacy_numel(T_IN(self)) == 0 || (p > 0 && p < 1), 1, "must be > 0 and < 1");
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  TH_TENSOR_APPLY(real, self, *self_data = (real)rng_geometric(g, p););
  th_generator_unlock(g);
}

void THTensor_(bernoulli)(LTensor *self, THGenerator *_generator, double p) {
  THArgCheck(th_legacy_numel(T_IN(self)) == 0 || (p >= 0 && p <= 1), 1, "must be >= 0 and <= 1");
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  TH_TENSOR_APPLY(real, self, *self_data = (real)rng_bernoulli(g, p););
  th_generator_unlock(g);
}

/* TH checked each probability as it drew: elements before a bad one are filled */
void THTensor_(bernoulli_FloatTensor)(LTensor *self, THGenerator *_generator, THFloatTensor *p) {
  THTensor *p_th_ = th_legacy_tensor(p, TH_FLOAT32, "p", __func__);
  SAME_COUNT(self, p);
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  TH_TENSOR_APPLY2(real, self, float, p, {
    double pr = (double)*p_data;
    if (!(pr >= 0 && pr <= 1)) RAISE_UNLOCKED(g, 1, "must be >= 0 and <= 1");
    *self_data = (real)rng_bernoulli(g, pr);
  });
  th_generator_unlock(g);
}

void THTensor_(bernoulli_DoubleTensor)(LTensor *self, THGenerator *_generator,
                                       THDoubleTensor *p) {
  THTensor *p_th_ = th_legacy_tensor(p, TH_FLOAT64, "p", __func__);
  SAME_COUNT(self, p);
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  TH_TENSOR_APPLY2(real, self, double, p, {
    double pr = *p_data;
    if (!(pr >= 0 && pr <= 1)) RAISE_UNLOCKED(g, 1, "must be >= 0 and <= 1");
    *self_data = (real)rng_bernoulli(g, pr);
  });
  th_generator_unlock(g);
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)

#if defined(TH_REAL_IS_FLOAT)
#define TH_REAL_MIN FLT_MIN
#else
#define TH_REAL_MIN DBL_MIN
#endif

void THTensor_(bernoulli_Tensor)(LTensor *self, THGenerator *_generator, LTensor *p) {
#if defined(TH_REAL_IS_FLOAT)
  THTensor_(bernoulli_FloatTensor)(self, _generator, p);
#else
  THTensor_(bernoulli_DoubleTensor)(self, _generator, p);
#endif
}

void THTensor_(uniform)(LTensor *self, THGenerator *_generator, double a, double b) {
  (void)T_IN(self);
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
#if defined(TH_REAL_IS_FLOAT)
  TH_TENSOR_APPLY(real, self, *self_data = rng_uniform_float(g, (real)a, (real)b););
#else
  TH_TENSOR_APPLY(real, self, *self_data = rng_uniform(g, a, b););
#endif
  th_generator_unlock(g);
}

/* TH's normal: 16 or more contiguous elements by THVector_normal_fill (whose
 * mean and stddev are reals, and which never checked stddev), others one
 * THRandom_normal each */
void THTensor_(normal)(LTensor *self, THGenerator *_generator, double mean, double stdv) {
  int64_t n = th_legacy_numel(T_IN(self));
  int fill = n >= 16 && THTensor_(isContiguous)(self);
  THArgCheck(fill || n == 0 || stdv > 0, 2, "standard deviation must be strictly positive");
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  if (fill) {
    real *data = self->storage->data + self->storageOffset;
#if defined(TH_REAL_IS_FLOAT)
    normal_fill_float(data, n, g, (real)mean, (real)stdv);
#else
    normal_fill_double(data, n, g, mean, stdv);
#endif
  } else {
    TH_TENSOR_APPLY(real, self, *self_data = (real)rng_normal(g, mean, stdv););
  }
  th_generator_unlock(g);
}

/* normal(0, stddev), then TH's cadd(self, self, 1, means) */
void THTensor_(normal_means)(LTensor *self, THGenerator *gen, LTensor *means, double stddev) {
  THTensor_(resizeAs)(self, means);
  THTensor_(normal)(self, gen, 0, stddev);
  TH_TENSOR_APPLY2(real, self, real, means, *self_data = *self_data + *means_data;);
}

/* normal(0, 1), then TH's cmul by stddevs and add of (real)mean */
void THTensor_(normal_stddevs)(LTensor *self, THGenerator *gen, double mean, LTensor *stddevs) {
  THTensor_(resizeAs)(self, stddevs);
  THTensor_(normal)(self, gen, 0, 1);
  TH_TENSOR_APPLY2(real, self, real, stddevs, *self_data = *self_data * *stddevs_data;);
  real m = (real)mean;
  TH_TENSOR_APPLY(real, self, *self_data = *self_data + m;);
}

void THTensor_(normal_means_stddevs)(LTensor *self, THGenerator *gen, LTensor *means,
                                     LTensor *stddevs) {
  THTensor *stddevs_th_ = T_IN(stddevs);
  SAME_COUNT(means, stddevs);
  THTensor_(resizeAs)(self, means);
  THTensor_(normal)(self, gen, 0, 1);
  TH_TENSOR_APPLY2(real, self, real, stddevs, *self_data = *self_data * *stddevs_data;);
  TH_TENSOR_APPLY2(real, self, real, means, *self_data = *self_data + *means_data;);
}

void THTensor_(exponential)(LTensor *self, THGenerator *_generator, double lambda) {
  (void)T_IN(self);
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  TH_TENSOR_APPLY(real, self, *self_data = (real)rng_exponential(g, lambda););
  th_generator_unlock(g);
}

/* a sample that rounds to 0 or below in real is the smallest normal, as TH */
void THTensor_(standard_gamma)(LTensor *self, THGenerator *_generator, LTensor *alpha) {
  (void)T_IN(alpha);
  THTensor_(resizeAs)(self, alpha);
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  TH_TENSOR_APPLY2(real, self, real, alpha, {
    double a = (double)*alpha_data;
    if (!gamma_alpha_ok(a))
      RAISE_UNLOCKED(g, 3, "%s: alpha must be greater than -2/3, got %g", __func__, a);
    const real sample = (real)rng_standard_gamma(g, a);
    *self_data = sample > 0 ? sample : TH_REAL_MIN;
  });
  th_generator_unlock(g);
}

#undef TH_REAL_MIN

void THTensor_(cauchy)(LTensor *self, THGenerator *_generator, double median, double sigma) {
  (void)T_IN(self);
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  TH_TENSOR_APPLY(real, self, *self_data = (real)rng_cauchy(g, median, sigma););
  th_generator_unlock(g);
}

void THTensor_(logNormal)(LTensor *self, THGenerator *_generator, double mean, double stdv) {
  THArgCheck(th_legacy_numel(T_IN(self)) == 0 || stdv > 0, 2,
             "standard deviation must be strictly positive");
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  TH_TENSOR_APPLY(real, self, *self_data = (real)exp(rng_normal(g, mean, stdv)););
  th_generator_unlock(g);
}

/* TH's alias table: q[i] = K * p[i] split into binary mixtures, J[i] the
 * outcome mixed into i (0 also meaning none: TH's, kept), q scaled to <= 1 */
void THTensor_(multinomialAliasSetup)(LTensor *probs, THLongTensor *J, LTensor *q) {
  THTensor *tp = T_IN(probs);
  (void)L_IN(J);
  (void)T_IN(q);
  THArgCheck(tp->nDimension == 1, 1, "%s: probs must be a 1-dim tensor, got %d dims", __func__,
             tp->nDimension);
  int64_t inputsize = tp->size[0];
  THArgCheck(inputsize > 0, 1, "%s: probs is empty", __func__);
  THLongTensor_resize1d(J, inputsize);
  THTensor_(resize1d)(q, inputsize);
  int64_t *smaller = THAlloc((ptrdiff_t)(2 * inputsize * (int64_t)sizeof(int64_t)));
  int64_t *larger = smaller + inputsize;
  int64_t small_c = 0, large_c = 0;
  for (int64_t i = 0; i < inputsize; i++) {
    AT1(J, int64_t, i) = 0;
    real val = AT1(probs, real, i);
    AT1(q, real, i) = inputsize * val;
    if (inputsize * val < 1.0)
      smaller[small_c++] = i;
    else
      larger[large_c++] = i;
  }
  while (small_c > 0 && large_c > 0) {
    int64_t large = larger[large_c - 1], small = smaller[small_c - 1];
    AT1(J, int64_t, small) = large;
    AT1(q, real, large) -= 1.0 - AT1(q, real, small);
    if (AT1(q, real, large) < 1.0) {
      smaller[small_c - 1] = large;
      large_c -= 1;
    } else {
      larger[large_c - 1] = large;
      small_c -= 1;
    }
  }
  THFree(smaller);
  real q_min = AT1(q, real, inputsize - 1), q_max = q_min;
  for (int64_t i = 0; i < inputsize; i++) {
    real v = AT1(q, real, i);
    if (v < q_min)
      q_min = v;
    else if (v > q_max)
      q_max = v;
  }
  THArgCheck(q_min > 0, 2, "q_min is less than 0");
  if (q_max > 1)
    for (int64_t i = 0; i < inputsize; i++) AT1(q, real, i) /= q_max;
  for (int64_t i = 0; i < inputsize; i++)
    if (AT1(J, int64_t, i) <= 0) AT1(q, real, i) = 1.0;
}

/* draws with uniform(0, K) and bernoulli(q); TH's result is the outcome minus one */
void THTensor_(multinomialAliasDraw)(THLongTensor *self, THGenerator *_generator,
                                     THLongTensor *J, LTensor *q) {
  (void)L_IN(self);
  THTensor *tj = L_IN(J), *tq = T_IN(q);
  int64_t K = th_legacy_numel(tj), n = th_legacy_numel(L_IN(self));
  THArgCheck(tj->nDimension == 1 && tq->nDimension == 1 && tq->size[0] == K, 3,
             "%s: J and q must be 1-dim tensors of the same size, got %s and %s", __func__,
             _THSizeDesc(tj->size, tj->nDimension).str, _THSizeDesc(tq->size, tq->nDimension).str);
  THArgCheck(n == 0 || K > 0, 3, "%s: J and q are empty", __func__);
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  TH_TENSOR_APPLY(int64_t, self, {
    int64_t rand_ind = (int64_t)rng_uniform(g, 0, (double)K);
    if (rand_ind >= K) rand_ind = K - 1; /* never for K < 2**53: a guard for huge K */
    double qv = (double)AT1(q, real, rand_ind);
    if (!(qv >= 0 && qv <= 1)) RAISE_UNLOCKED(g, 1, "must be >= 0 and <= 1");
    int64_t mask = rng_bernoulli(g, qv);
    uint64_t sample = (uint64_t)AT1(J, int64_t, rand_ind) * (uint64_t)(1 - mask) +
                      (uint64_t)(rand_ind + 1) * (uint64_t)mask;
    *self_data = (int64_t)(sample - 1);
  });
  th_generator_unlock(g);
}

/* TH's multinomial: per row of prob_dist (1 or 2 dims) a normalised
 * cumulative distribution, binary searched with uniform(0, 1); without
 * replacement the drawn mass is taken out and the rest renormalised */
void THTensor_(multinomial)(THLongTensor *self, THGenerator *_generator, LTensor *prob_dist,
                            int n_sample, int with_replacement) {
  (void)L_IN(self);
  THTensor *tp = T_IN(prob_dist);
  THArgCheck(tp->nDimension == 1 || tp->nDimension == 2, 3,
             "%s: prob_dist must be a 1- or 2-dim tensor, got %d dims", __func__, tp->nDimension);
  int start_dim = tp->nDimension;
  int64_t n_dist = start_dim == 1 ? 1 : tp->size[0];
  int64_t n_categories = tp->size[start_dim - 1];
  int64_t row_stride = start_dim == 1 ? 0 : tp->stride[0], col_stride = tp->stride[start_dim - 1];
  THArgCheck(n_sample > 0, 2, "cannot sample n_sample <= 0 samples");
  THArgCheck(with_replacement || n_sample <= n_categories, 2,
             "cannot sample n_sample > prob_dist.size(1) samples without replacement");
  if (n_categories == 0 && n_dist > 0)
    THArgError(2, "invalid multinomial distribution (sum of probabilities <= 0)");
  THLongTensor_resize2d(self, n_dist, n_sample);
  THTensor *ts = L_IN(self);
  double *cum = THAlloc((ptrdiff_t)(n_categories * (int64_t)sizeof(double)));
  const real *pd = (const real *)prob_dist->storage->data + prob_dist->storageOffset;
  int64_t *sd = (int64_t *)ts->storage->data + ts->storageOffset;
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  for (int64_t i = 0; i < n_dist; i++) {
    double sum = 0;
    for (int64_t j = 0; j < n_categories; j++) {
      double val = (double)pd[i * row_stride + j * col_stride];
      if (!(val >= 0)) {
        th_generator_unlock(g);
        THFree(cum);
        THArgError(2, "invalid multinomial distribution (encountering probability entry < 0)");
      }
      sum += val;
      cum[j] = sum;
    }
    if (!(sum > 0)) {
      th_generator_unlock(g);
      THFree(cum);
      THArgError(2, "invalid multinomial distribution (sum of probabilities <= 0)");
    }
    for (int64_t j = 0; j < n_categories; j++) cum[j] /= sum;
    for (int64_t j = 0; j < n_sample; j++) {
      double u = rng_uniform(g, 0, 1);
      cum[n_categories - 1] = 1;
      int64_t left = 0, right = n_categories;
      while (right - left > 0) {
        int64_t mid = left + (right - left) / 2;
        if (cum[mid] < u)
          left = mid + 1;
        else
          right = mid;
      }
      int64_t sample_idx = left;
      sd[i * ts->stride[0] + j * ts->stride[1]] = sample_idx;
      if (!with_replacement && j < n_sample - 1) {
        double prev = sample_idx != 0 ? cum[sample_idx - 1] : 0;
        double diff = cum[sample_idx] - prev;
        double rest = 1.0 - diff;
        for (int64_t k = 0; k < n_categories; k++) {
          double v = cum[k];
          if (k >= sample_idx) v -= diff;
          cum[k] = v / rest;
        }
      }
    }
  }
  th_generator_unlock(g);
  THFree(cum);
  if (start_dim == 1) THLongTensor_resize1d(self, n_sample);
}

void THTensor_(rand)(LTensor *r_, THGenerator *_generator, THLongStorage *size) {
  THTensor_(resize)(r_, size, NULL);
  THTensor_(uniform)(r_, _generator, 0, 1);
}

void THTensor_(randn)(LTensor *r_, THGenerator *_generator, THLongStorage *size) {
  THTensor_(resize)(r_, size, NULL);
  THTensor_(normal)(r_, _generator, 0, 1);
}

#endif /* TH_REAL_IS_FLOAT || TH_REAL_IS_DOUBLE */

/* 0..n-1 (as reals: TH's wrap for narrow types), then TH's Fisher-Yates */
void THTensor_(randperm)(LTensor *r_, THGenerator *_generator, int64_t n) {
  (void)T_IN(r_);
  THArgCheck(n > 0, 1, "must be strictly positive");
  THTensor_(resize1d)(r_, n);
  real *d = r_->storage->data + r_->storageOffset;
  int64_t st = r_->stride[0];
  for (int64_t i = 0; i < n; i++) d[i * st] = (real)i;
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  for (int64_t i = 0; i < n - 1; i++) {
    int64_t z = (int64_t)((uint64_t)th_mt_next(g) % (uint64_t)(n - i));
    real sav = d[i * st];
    d[i * st] = d[(z + i) * st];
    d[(z + i) * st] = sav;
  }
  th_generator_unlock(g);
}

#if defined(TH_REAL_IS_BYTE)
/* TH's THGeneratorState, byte for byte, into a contiguous 1-dim byte tensor */
void THTensor_(getRNGState)(THGenerator *_generator, LTensor *self) {
  THTensor_(resize1d)(self, (int64_t)sizeof(THGeneratorState));
  THArgCheck(THTensor_(nElement)(self) == (ptrdiff_t)sizeof(THGeneratorState), 1,
             "RNG state is wrong size");
  THArgCheck(THTensor_(isContiguous)(self), 1, "RNG state needs to be contiguous");
  THGeneratorState st;
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  state_from_generator(&st, g);
  th_generator_unlock(g);
  memcpy(self->storage->data + self->storageOffset, &st, sizeof st);
}

void THTensor_(setRNGState)(THGenerator *_generator, LTensor *self) {
  THArgCheck(THTensor_(nElement)(self) == (ptrdiff_t)sizeof(THGeneratorState), 1,
             "RNG state is wrong size");
  THArgCheck(THTensor_(isContiguous)(self), 1, "RNG state needs to be contiguous");
  THGeneratorState st;
  memcpy(&st, self->storage->data + self->storageOffset, sizeof st);
  THArgCheck(state_loadable(&st), 1, "Invalid RNG state");
  THGenerator *g = legacy_gen(_generator);
  th_generator_lock(g);
  state_to_generator(g, &st);
  th_generator_unlock(g);
}
#endif

#undef LTensor
#undef T_IN
#undef L_IN
#undef RAISE_UNLOCKED
#undef SAME_COUNT
