/* TH's sort, topk, kthvalue, median, mode and medianall (part of
 * generic/THLegacyMathReduce.c). TH v0.4 sorts with Sedgewick's quicksort
 * (median-of-three pivot, subfiles of 10 or fewer left to a final
 * insertion sort) and selects with Hoare's quickselect; neither is stable,
 * so the index TH reports among equal elements is the one these algorithms
 * leave there. The same algorithms run here, so ties come out as TH's. */

#define LEGACY_SMALL 10
#define LEGACY_LEVELS 300
#define A_(i) arr[(i) * stride]
#define I_(i) idx[(i) * stride]
#define SWAP2_(a, b)                     \
  do {                                   \
    real rs_ = A_(a);                    \
    A_(a) = A_(b);                       \
    A_(b) = rs_;                         \
    if (idx) {                           \
      int64_t is_ = I_(a);               \
      I_(a) = I_(b);                     \
      I_(b) = is_;                       \
    }                                    \
  } while (0)

/* arr (with idx, which may be NULL) sorted in place: ascending when
 * BEFORE(a, b) is a < b, descending when it is a > b. */
#define LEGACY_QUICKSORT(NAME, BEFORE)                                                     \
  static void THTensor_(NAME)(real * arr, int64_t * idx, int64_t elements, int64_t stride) { \
    int64_t beg[LEGACY_LEVELS], end[LEGACY_LEVELS], stack = 0;                             \
    int64_t L = 0, R = elements - 1;                                                       \
    int done = elements - 1 <= LEGACY_SMALL;                                               \
    while (!done) {                                                                        \
      int64_t P = (L + R) >> 1, i, j;                                                      \
      SWAP2_(P, L + 1);                                                                    \
      if (BEFORE(A_(R), A_(L + 1))) SWAP2_(L + 1, R);                                      \
      if (BEFORE(A_(R), A_(L))) SWAP2_(L, R);                                              \
      if (BEFORE(A_(L), A_(L + 1))) SWAP2_(L + 1, L);                                      \
      i = L + 1;                                                                           \
      j = R;                                                                               \
      real piv = A_(L);                                                                    \
      for (;;) {                                                                           \
        do i++;                                                                            \
        while (BEFORE(A_(i), piv));                                                        \
        do j--;                                                                            \
        while (BEFORE(piv, A_(j)));                                                        \
        if (j < i) break;                                                                  \
        SWAP2_(i, j);                                                                      \
      }                                                                                    \
      SWAP2_(L, j);                                                                        \
      int64_t left = j - L, right = R - i + 1;                                             \
      if (left <= LEGACY_SMALL && right <= LEGACY_SMALL) {                                 \
        if (stack == 0) {                                                                  \
          done = 1;                                                                        \
        } else {                                                                           \
          stack--;                                                                         \
          L = beg[stack];                                                                  \
          R = end[stack];                                                                  \
        }                                                                                  \
      } else if (left <= LEGACY_SMALL || right <= LEGACY_SMALL) {                          \
        if (left > right)                                                                  \
          R = j - 1;                                                                       \
        else                                                                               \
          L = i;                                                                           \
      } else if (left > right) {                                                           \
        beg[stack] = L;                                                                    \
        end[stack++] = j - 1;                                                              \
        L = i;                                                                             \
      } else {                                                                             \
        beg[stack] = i;                                                                    \
        end[stack++] = R;                                                                  \
        R = j - 1;                                                                         \
      }                                                                                    \
    }                                                                                      \
    /* insertion sort over what the partitions left */                                    \
    for (int64_t i = elements - 2; i >= 0; i--) {                                          \
      if (BEFORE(A_(i + 1), A_(i))) {                                                      \
        real piv = A_(i);                                                                  \
        int64_t pid = idx ? I_(i) : 0, j = i + 1;                                          \
        do {                                                                               \
          A_(j - 1) = A_(j);                                                               \
          if (idx) I_(j - 1) = I_(j);                                                      \
          j++;                                                                             \
        } while (j < elements && BEFORE(A_(j), piv));                                      \
        A_(j - 1) = piv;                                                                   \
        if (idx) I_(j - 1) = pid;                                                          \
      }                                                                                    \
    }                                                                                      \
  }

#define LEGACY_LT(a, b) ((a) < (b))
#define LEGACY_GT(a, b) ((a) > (b))
LEGACY_QUICKSORT(legacy_sort_ascend, LEGACY_LT)
LEGACY_QUICKSORT(legacy_sort_descend, LEGACY_GT)

/* arr (with idx, or NULL) partitioned so that arr[k] is the k-th smallest
 * (from 0), smaller or equal ones before it. */
static void THTensor_(legacy_select)(real *arr, int64_t *idx, int64_t k, int64_t elements,
                                     int64_t stride) {
  int64_t L = 0, R = elements - 1;
  for (;;) {
    if (R <= L) return;
    if (R == L + 1) {
      if (A_(L) > A_(R)) SWAP2_(L, R);
      return;
    }
    int64_t P = (L + R) >> 1, i = L + 1, j = R;
    SWAP2_(P, L + 1);
    if (A_(L + 1) > A_(R)) SWAP2_(L + 1, R);
    if (A_(L) > A_(R)) SWAP2_(L, R);
    if (A_(L + 1) > A_(L)) SWAP2_(L + 1, L);
    real piv = A_(L);
    for (;;) {
      do i++;
      while (A_(i) < piv);
      do j--;
      while (A_(j) > piv);
      if (j < i) break;
      SWAP2_(i, j);
    }
    SWAP2_(L, j);
    if (j <= k) L = i;
    if (j >= k) R = j - 1;
  }
}

#undef A_
#undef I_
#undef SWAP2_

/* A row's scratch copy (values and their indices), for the selections. */
typedef struct {
  real *v;
  int64_t *i;
} THTensor_(legacy_row);

/* one block, indices first (a second THAlloc failing would unwind past
 * the first) */
static THTensor_(legacy_row) THTensor_(legacy_row_new)(int64_t n) {
  THTensor_(legacy_row) r;
  r.i = THAlloc((sizeof(int64_t) + sizeof(real)) * (size_t)(n ? n : 1));
  r.v = (real *)(r.i + n);
  return r;
}

static void THTensor_(legacy_row_free)(THTensor_(legacy_row) r) { THFree(r.i); }

void THTensor_(sort)(LTensor *rt_, THLongTensor *ri_, LTensor *t, int dimension,
                     int descendingOrder) {
  (void)T_IN(rt_);
  (void)L_IN(ri_);
  (void)T_IN(t);
  THArgCheck(dimension >= 0 && dimension < t->nDimension, 2, "%s: invalid dimension %d",
             __func__, dimension + TH_INDEX_BASE);
  THArgCheck((void *)ri_ != (void *)t && (void *)ri_ != (void *)rt_, 1,
             "%s: the indices cannot be the input or the values", __func__);
  if (rt_ != t) {
    THTensor_(resizeAs)(rt_, t);
    THTensor_(copy)(rt_, t);
  }
  legacy_resize(ri_, t->nDimension, t->size, __func__);
  if (THTensor_(nElement)(rt_) == 0) return;
  /* each row sorted in a contiguous copy (TH sorted in place, stepping
   * through the indices with the values' stride) */
  int64_t n = rt_->size[dimension];
  THTensor_(legacy_row) row = THTensor_(legacy_row_new)(n);
  TH_TENSOR_DIM_APPLY2(real, rt_, int64_t, ri_, dimension, {
    for (int64_t i = 0; i < n; i++) {
      row.v[i] = rt__data[i * rt__stride];
      row.i[i] = i;
    }
    if (descendingOrder)
      THTensor_(legacy_sort_descend)(row.v, row.i, n, 1);
    else
      THTensor_(legacy_sort_ascend)(row.v, row.i, n, 1);
    for (int64_t i = 0; i < n; i++) {
      rt__data[i * rt__stride] = row.v[i];
      ri__data[i * ri__stride] = row.i[i];
    }
  })
  THTensor_(legacy_row_free)(row);
}

void THTensor_(kthvalue)(LTensor *values_, THLongTensor *indices_, LTensor *t, int64_t k,
                         int dimension, int keepdim) {
  (void)T_IN(values_);
  (void)L_IN(indices_);
  (void)T_IN(t);
  THArgCheck(dimension >= 0 && dimension < t->nDimension, 3, "%s: dimension out of range",
             __func__);
  LEGACY_CHECK_ELEMENTS(t);
  THArgCheck(k > 0 && k <= t->size[dimension], 2, "%s: selected index out of range", __func__);
  THTensor_(legacy_reduce_start)(values_, indices_, t, dimension, keepdim, __func__);
  int64_t n = t->size[dimension];
  THTensor_(legacy_row) row = THTensor_(legacy_row_new)(n);
  TH_TENSOR_DIM_APPLY3(real, t, real, values_, int64_t, indices_, dimension,
                       TH_TENSOR_DIM_APPLY3_SIZE_EQ_EXCEPT_DIM, {
                         for (int64_t i = 0; i < n; i++) {
                           row.v[i] = t_data[i * t_stride];
                           row.i[i] = i;
                         }
                         THTensor_(legacy_select)(row.v, row.i, k - 1, n, 1);
                         *values__data = row.v[k - 1];
                         *indices__data = row.i[k - 1];
                       })
  THTensor_(legacy_row_free)(row);
  THTensor_(legacy_reduce_end)(values_, indices_, dimension, keepdim);
}

void THTensor_(median)(LTensor *values_, THLongTensor *indices_, LTensor *t, int dimension,
                       int keepdim) {
  (void)T_IN(t);
  THArgCheck(dimension >= 0 && dimension < t->nDimension, 3, "%s: dimension out of range",
             __func__);
  /* the middle element, or the one before the middle */
  THTensor_(kthvalue)(values_, indices_, t, ((t->size[dimension] - 1) >> 1) + 1, dimension,
                      keepdim);
}

void THTensor_(mode)(LTensor *values_, THLongTensor *indices_, LTensor *t, int dimension,
                     int keepdim) {
  (void)T_IN(values_);
  (void)L_IN(indices_);
  (void)T_IN(t);
  THArgCheck(dimension >= 0 && dimension < t->nDimension, 3, "%s: dimension out of range",
             __func__);
  LEGACY_CHECK_ELEMENTS(t);
  THTensor_(legacy_reduce_start)(values_, indices_, t, dimension, keepdim, __func__);
  int64_t n = t->size[dimension];
  THTensor_(legacy_row) row = THTensor_(legacy_row_new)(n);
  TH_TENSOR_DIM_APPLY3(real, t, real, values_, int64_t, indices_, dimension,
                       TH_TENSOR_DIM_APPLY3_SIZE_EQ_EXCEPT_DIM, {
                         for (int64_t i = 0; i < n; i++) {
                           row.v[i] = t_data[i * t_stride];
                           row.i[i] = i;
                         }
                         THTensor_(legacy_sort_ascend)(row.v, row.i, n, 1);
                         /* the first longest run of equal values wins; its
                          * last element's index is reported */
                         real mode = 0;
                         int64_t modei = 0;
                         int64_t run = 0;
                         int64_t best = 0;
                         for (int64_t i = 0; i < n; i++) {
                           run++;
                           if (i == n - 1 || row.v[i] != row.v[i + 1]) {
                             if (run > best) {
                               mode = row.v[i];
                               modei = row.i[i];
                               best = run;
                             }
                             run = 0;
                           }
                         }
                         *values__data = mode;
                         *indices__data = modei;
                       })
  THTensor_(legacy_row_free)(row);
  THTensor_(legacy_reduce_end)(values_, indices_, dimension, keepdim);
}

void THTensor_(topk)(LTensor *rt_, THLongTensor *ri_, LTensor *t, int64_t k, int dim, int dir,
                     int sorted) {
  (void)T_IN(rt_);
  (void)L_IN(ri_);
  (void)T_IN(t);
  THArgCheck(dim >= 0 && dim < t->nDimension, 3, "%s: dim not in range", __func__);
  int64_t n = t->size[dim];
  THArgCheck(k > 0 && k <= n, 2, "%s: k not in range for dimension", __func__);
  THArgCheck((void *)rt_ != (void *)t && (void *)ri_ != (void *)t, 1,
             "%s: the result cannot be the input", __func__);
  LEGACY_CHECK_ELEMENTS(t);
  int64_t size[TH_MAX_DIMS];
  for (int d = 0; d < t->nDimension; d++) size[d] = t->size[d];
  size[dim] = k;
  legacy_resize(rt_, t->nDimension, size, __func__);
  legacy_resize(ri_, t->nDimension, size, __func__);
  THTensor_(legacy_row) row = THTensor_(legacy_row_new)(n);
  /* largest: the k after the (n - k)-th smallest, sorted descending; smallest:
   * the first k, of which TH sorted the first k - 1 (the k-th is in place) */
  int64_t K = dir ? n - k : 0;
  TH_TENSOR_DIM_APPLY3(real, t, real, rt_, int64_t, ri_, dim,
                       TH_TENSOR_DIM_APPLY3_SIZE_EQ_EXCEPT_DIM, {
                         for (int64_t i = 0; i < n; i++) {
                           row.v[i] = t_data[i * t_stride];
                           row.i[i] = i;
                         }
                         if (dir) {
                           if (K > 0) THTensor_(legacy_select)(row.v, row.i, K - 1, n, 1);
                           if (sorted)
                             THTensor_(legacy_sort_descend)(row.v + K, row.i + K, k, 1);
                         } else {
                           THTensor_(legacy_select)(row.v, row.i, k - 1, n, 1);
                           if (sorted) THTensor_(legacy_sort_ascend)(row.v, row.i, k - 1, 1);
                         }
                         for (int64_t i = 0; i < k; i++) {
                           rt__data[i * rt__stride] = row.v[i + K];
                           ri__data[i * ri__stride] = row.i[i + K];
                         }
                       })
  THTensor_(legacy_row_free)(row);
}

real THTensor_(medianall)(LTensor *tensor) {
  (void)T_IN(tensor);
  THArgCheck(tensor->nDimension > 0, 1, "%s: tensor must have one dimension", __func__);
  /* th's tensors may have a size-0 dim (TH's never did) */
  THArgCheck(THTensor_(nElement)(tensor) > 0, 1, "%s: tensor has no elements", __func__);
  int64_t n = THTensor_(nElement)(tensor), k = (n - 1) >> 1, i = 0;
  real *v = THAlloc(sizeof(real) * (size_t)n);
  TH_TENSOR_APPLY(real, tensor, v[i++] = *tensor_data;)
  THTensor_(legacy_select)(v, NULL, k, n, 1);
  real m = v[k];
  THFree(v);
  return m;
}

#undef LEGACY_SMALL
#undef LEGACY_LEVELS
#undef LEGACY_QUICKSORT
#undef LEGACY_LT
#undef LEGACY_GT
