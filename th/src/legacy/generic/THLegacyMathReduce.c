/* TH<Real>Tensor_*: TH v0.4's indexing, reduction, matrix and factory math
 * (generic/THTensorMath.h), once per TH type. THTensor is th's struct here,
 * LTensor TH's typed one; the masks are THByteTensors, the indices
 * THLongTensors (0-based). The other parts are included below. */
#undef THStorage
#undef THTensor

/* TH's arithmetic in real and accreal. The integers wrap as TH's C code
 * did on its compilers (through unsigned arithmetic here: never UB). */
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define R_ADD(a, b) ((real)((a) + (b)))
#define R_MUL(a, b) ((real)((a) * (b)))
#define R_SUB(a, b) ((real)((a) - (b)))
#define A_ADD(a, b) ((a) + (b))
#define A_MUL(a, b) ((a) * (b))
#define L_ISNAN(x) isnan(x)
#else
#define R_ADD(a, b) ((real)((uint64_t)(a) + (uint64_t)(b)))
#define R_MUL(a, b) ((real)((uint64_t)(a) * (uint64_t)(b)))
#define R_SUB(a, b) ((real)((uint64_t)(a) - (uint64_t)(b)))
#define A_ADD(a, b) ((accreal)((uint64_t)(a) + (uint64_t)(b)))
#define A_MUL(a, b) ((accreal)((uint64_t)(a) * (uint64_t)(b)))
#define L_ISNAN(x) 0
#endif

/* ------------------------------------------------ the reduction shapes */

/* TH's rule: a result with one dim fewer than the input (not keepdim)
 * gets the reduced dim back (size 1) so that its strides are kept.
 * Exported, as TH's was. */
TH_API void THTensor_(preserveReduceDimSemantics)(LTensor *r_, int in_dims,
                                                  int reduce_dimension, int keepdim) {
  if (r_ && !keepdim && T_IN(r_)->nDimension == in_dims - 1 && r_->nDimension != 0)
    THTensor_(unsqueeze1d)(r_, r_, reduce_dimension);
}

/* values_ (and indices_, when not NULL) resized to t's shape with
 * dimension of size 1, as TH's reductions start. */
static void THTensor_(legacy_reduce_start)(LTensor *values_, THLongTensor *indices_, LTensor *t,
                                           int dimension, int keepdim, const char *fn) {
  /* TH resized a result that was the input and then read it */
  THArgCheck((void *)values_ != (void *)t && (void *)indices_ != (void *)t, 1,
             "%s: the result cannot be the input", fn);
  int in_dims = t->nDimension;
  THTensor_(preserveReduceDimSemantics)(values_, in_dims, dimension, keepdim);
  if (indices_) THLongTensor_preserveReduceDimSemantics(indices_, in_dims, dimension, keepdim);
  int64_t size[TH_MAX_DIMS];
  for (int d = 0; d < in_dims; d++) size[d] = t->size[d];
  size[dimension] = 1;
  legacy_resize(values_, in_dims, size, fn);
  if (indices_) legacy_resize(indices_, in_dims, size, fn);
}

/* ... and end: the reduced dim dropped unless keepdim (TH's squeeze1d
 * keeps the only dim of a vector). */
static void THTensor_(legacy_reduce_end)(LTensor *values_, THLongTensor *indices_,
                                         int dimension, int keepdim) {
  if (keepdim) return;
  THTensor_(squeeze1d)(values_, values_, dimension);
  if (indices_) THLongTensor_squeeze1d(indices_, indices_, dimension);
}

/* A reduction that reads its rows' elements needs some (th's tensors may
 * have a size-0 dim; TH's never did). */
#define LEGACY_CHECK_ELEMENTS(t)                                                         \
  THArgCheck(THTensor_(nElement)(t) > 0, 3, "%s: tensor %s has no elements", __func__,    \
             _THSizeDesc((t)->size, (t)->nDimension).str)

#define LEGACY_CHECK_REDUCE_DIM(t, dimension, arg)                                       \
  THArgCheck((dimension) >= 0 && (dimension) < (t)->nDimension, arg,                     \
             "%s: dimension %d out of range of %dD tensor", __func__,                     \
             (dimension) + TH_INDEX_BASE, (t)->nDimension)

#include "legacy/generic/THLegacyMathIndex.c"
#include "legacy/generic/THLegacyMathSort.c"

/* ------------------------------------------------ whole-tensor values */

accreal THTensor_(dot)(LTensor *tensor, LTensor *src) {
  (void)T_IN(tensor);
  (void)T_IN(src);
  int64_t n = THTensor_(nElement)(tensor);
  if (n != THTensor_(nElement)(src))
    THError("%s: inconsistent tensor size, expected tensor %s and src %s to have the same "
            "number of elements", __func__, _THSizeDesc(tensor->size, tensor->nDimension).str,
            _THSizeDesc(src->size, src->nDimension).str);
  if (n == 0) return 0;
  /* TH summed each stretch where both tensors' innermost runs (as its
   * apply loops saw them) go on in real (its BLAS dot), then the stretches
   * in accreal: a Byte dot wraps within a stretch */
  const real *a = tensor->storage->data + tensor->storageOffset;
  const real *b = src->storage->data + src->storageOffset;
  int64_t sa, sb;
  int64_t la = legacy_run((THTensor *)tensor, &sa), lb = legacy_run((THTensor *)src, &sb);
  accreal sum = 0;
  for (int64_t i = 0; i < n;) {
    int64_t run = THMin(la - i % la, lb - i % lb);
    const real *pa = a + legacy_offset_of(tensor->nDimension, tensor->size, tensor->stride, i);
    const real *pb = b + legacy_offset_of(src->nDimension, src->size, src->stride, i);
    real s = 0;
    for (int64_t j = 0; j < run; j++) s = R_ADD(s, R_MUL(pa[j * sa], pb[j * sb]));
    sum = A_ADD(sum, s);
    i += run;
  }
  return sum;
}

real THTensor_(minall)(LTensor *tensor) {
  (void)T_IN(tensor);
  THArgCheck(tensor->nDimension > 0, 1, "%s: tensor must have one dimension", __func__);
  /* th's tensors may have a size-0 dim (TH's never did) */
  THArgCheck(THTensor_(nElement)(tensor) > 0, 1, "%s: tensor has no elements", __func__);
  real m = THTensor_(data)(tensor)[0];
  /* !(v >= m): the first NaN wins */
  TH_TENSOR_APPLY(real, tensor, if (!(*tensor_data >= m)) {
    m = *tensor_data;
    if (L_ISNAN(m)) break;
  })
  return m;
}

real THTensor_(maxall)(LTensor *tensor) {
  (void)T_IN(tensor);
  THArgCheck(tensor->nDimension > 0, 1, "%s: tensor must have one dimension", __func__);
  /* th's tensors may have a size-0 dim (TH's never did) */
  THArgCheck(THTensor_(nElement)(tensor) > 0, 1, "%s: tensor has no elements", __func__);
  real m = THTensor_(data)(tensor)[0];
  TH_TENSOR_APPLY(real, tensor, if (!(*tensor_data <= m)) {
    m = *tensor_data;
    if (L_ISNAN(m)) break;
  })
  return m;
}

accreal THTensor_(sumall)(LTensor *tensor) {
  (void)T_IN(tensor);
  accreal sum = 0;
  TH_TENSOR_APPLY(real, tensor, sum = A_ADD(sum, *tensor_data);)
  return sum;
}

accreal THTensor_(prodall)(LTensor *tensor) {
  (void)T_IN(tensor);
  accreal prod = 1;
  TH_TENSOR_APPLY(real, tensor, prod = A_MUL(prod, *tensor_data);)
  return prod;
}

accreal THTensor_(trace)(LTensor *t) {
  (void)T_IN(t);
  THArgCheck(t->nDimension == 2, 1, "%s: expected a matrix", __func__);
  const real *d = THTensor_(data)(t);
  accreal sum = 0;
  int64_t n = THMin(t->size[0], t->size[1]);
  for (int64_t i = 0; i < n; i++) sum = A_ADD(sum, d[i * (t->stride[0] + t->stride[1])]);
  return sum;
}

/* ------------------------------------------------ reductions over a dim */

/* max and min: the first extreme (the first NaN, when there is one) */
#define LEGACY_MAXMIN(NAME, KEEP)                                                           \
  void THTensor_(NAME)(LTensor * values_, THLongTensor * indices_, LTensor * t, int dimension, \
                       int keepdim) {                                                       \
    (void)T_IN(values_);                                                                    \
    (void)L_IN(indices_);                                                                   \
    (void)T_IN(t);                                                                          \
    LEGACY_CHECK_REDUCE_DIM(t, dimension, 2);                                               \
    LEGACY_CHECK_ELEMENTS(t);                                                               \
    THTensor_(legacy_reduce_start)(values_, indices_, t, dimension, keepdim, __func__);            \
    TH_TENSOR_DIM_APPLY3(real, t, real, values_, int64_t, indices_, dimension,              \
                         TH_TENSOR_DIM_APPLY3_SIZE_EQ_EXCEPT_DIM, {                         \
                           real best = t_data[0];                                           \
                           int64_t at = 0;                                                  \
                           for (int64_t i = 0; i < t_size; i++) {                           \
                             real v = t_data[i * t_stride];                                 \
                             if (!(KEEP)) {                                                 \
                               at = i;                                                      \
                               best = v;                                                    \
                               if (L_ISNAN(v)) break;                                       \
                             }                                                              \
                           }                                                                \
                           *values__data = best;                                            \
                           *indices__data = at;                                             \
                         })                                                                 \
    THTensor_(legacy_reduce_end)(values_, indices_, dimension, keepdim);                    \
  }
LEGACY_MAXMIN(max, v <= best)
LEGACY_MAXMIN(min, v >= best)
#undef LEGACY_MAXMIN

/* r_ = one accreal per row along dimension, from ACC (starting at INIT,
 * element z) and OUT (from acc and the row's length n). */
#define LEGACY_DIM_REDUCE(r_, t, dimension, keepdim, INIT, ACC, OUT)                 \
  do {                                                                               \
    THTensor_(legacy_reduce_start)(r_, NULL, t, dimension, keepdim, __func__);                 \
    TH_TENSOR_DIM_APPLY2(real, t, real, r_, dimension, {                             \
      accreal acc = INIT;                                                            \
      int64_t n = t_size;                                                            \
      for (int64_t i = 0; i < n; i++) {                                              \
        real z = t_data[i * t_stride];                                               \
        ACC;                                                                         \
      }                                                                              \
      *r__data = OUT;                                                                \
    })                                                                               \
    THTensor_(legacy_reduce_end)(r_, NULL, dimension, keepdim);                      \
  } while (0)

void THTensor_(sum)(LTensor *r_, LTensor *t, int dimension, int keepdim) {
  (void)T_IN(r_);
  (void)T_IN(t);
  LEGACY_CHECK_REDUCE_DIM(t, dimension, 2);
  LEGACY_DIM_REDUCE(r_, t, dimension, keepdim, 0, acc = A_ADD(acc, z), (real)acc);
}

void THTensor_(prod)(LTensor *r_, LTensor *t, int dimension, int keepdim) {
  (void)T_IN(r_);
  (void)T_IN(t);
  LEGACY_CHECK_REDUCE_DIM(t, dimension, 2);
  LEGACY_DIM_REDUCE(r_, t, dimension, keepdim, 1, acc = A_MUL(acc, z), (real)acc);
}

#define LEGACY_SCAN(NAME, INIT, OP)                                                   \
  void THTensor_(NAME)(LTensor * r_, LTensor * t, int dimension) {                    \
    (void)T_IN(r_);                                                                   \
    (void)T_IN(t);                                                                    \
    LEGACY_CHECK_REDUCE_DIM(t, dimension, 2);                                         \
    THTensor_(resizeAs)(r_, t);                                                       \
    TH_TENSOR_DIM_APPLY2(real, t, real, r_, dimension, {                              \
      accreal acc = INIT;                                                             \
      for (int64_t i = 0; i < t_size; i++) {                                          \
        acc = OP(acc, t_data[i * t_stride]);                                          \
        r__data[i * r__stride] = (real)acc;                                           \
      }                                                                               \
    })                                                                                \
  }
LEGACY_SCAN(cumsum, 0, A_ADD)
LEGACY_SCAN(cumprod, 1, A_MUL)
#undef LEGACY_SCAN

void THTensor_(cross)(LTensor *r_, LTensor *a, LTensor *b, int dimension) {
  (void)T_IN(r_);
  (void)T_IN(a);
  (void)T_IN(b);
  if (a->nDimension != b->nDimension)
    THError("%s: inconsistent tensor dimension %dD, %dD", __func__, a->nDimension,
            b->nDimension);
  for (int i = 0; i < a->nDimension; i++)
    if (a->size[i] != b->size[i])
      THError("%s: inconsistent tensor sizes %s, %s", __func__,
              _THSizeDesc(a->size, a->nDimension).str, _THSizeDesc(b->size, b->nDimension).str);
  if (dimension < 0) {
    /* TH's default: the first dim of size 3 */
    for (int i = 0; i < a->nDimension && dimension < 0; i++)
      if (a->size[i] == 3) dimension = i;
    if (dimension < 0)
      THError("%s: no dimension of size 3 in a: %s", __func__,
              _THSizeDesc(a->size, a->nDimension).str);
  }
  THArgCheck(dimension < a->nDimension, 3, "%s: dimension %d out of range", __func__,
             dimension + TH_INDEX_BASE);
  THArgCheck(a->size[dimension] == 3, 3, "%s: dimension %d does not have size 3", __func__,
             dimension + TH_INDEX_BASE);
  /* into a scratch result when r_ is an operand (TH read what it wrote) */
  LTensor *out = (r_ == a || r_ == b) ? THTensor_(new)() : r_;
  THTensor_(resizeAs)(out, a);
  TH_TENSOR_DIM_APPLY3(real, a, real, b, real, out, dimension,
                       TH_TENSOR_DIM_APPLY3_SIZE_EQ_EXCEPT_DIM, {
                         real a0 = a_data[0];
                         real a1 = a_data[a_stride];
                         real a2 = a_data[2 * a_stride];
                         real b0 = b_data[0];
                         real b1 = b_data[b_stride];
                         real b2 = b_data[2 * b_stride];
                         out_data[0] = R_SUB(R_MUL(a1, b2), R_MUL(a2, b1));
                         out_data[out_stride] = R_SUB(R_MUL(a2, b0), R_MUL(a0, b2));
                         out_data[2 * out_stride] = R_SUB(R_MUL(a0, b1), R_MUL(a1, b0));
                       })
  if (out != r_) THTensor_(freeCopyTo)(out, r_);
}

#if defined(TH_REAL_IS_BYTE)
int THTensor_(logicalall)(LTensor *self) {
  (void)T_IN(self);
  int all = 1;
  TH_TENSOR_APPLY(real, self, all = all && *self_data;)
  return all;
}

int THTensor_(logicalany)(LTensor *self) {
  (void)T_IN(self);
  int any = 0;
  TH_TENSOR_APPLY(real, self, any = any || *self_data;)
  return any;
}
#endif

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#include "legacy/generic/THLegacyMathFloat.c"
#endif

#include "legacy/generic/THLegacyMathBlas.c"

#undef LEGACY_DIM_REDUCE
#undef LEGACY_CHECK_REDUCE_DIM
#undef LEGACY_CHECK_ELEMENTS
#undef R_ADD
#undef R_MUL
#undef R_SUB
#undef A_ADD
#undef A_MUL
#undef L_ISNAN
