/* THTensorApply.h: TH's element loops over TH-typed tensors, on their
 * public fields (THLegacy.h).
 *
 *   TH_TENSOR_APPLY(real, t, *t_data *= 2;)
 *   TH_TENSOR_APPLY2(real, out, real, in, *out_data = *in_data + 1;)
 *   TH_TENSOR_APPLY3(real, r, real, a, real, b, *r_data = *a_data * *b_data;)
 *
 * CODE runs once per element, in each tensor's row-major order, with
 * T_data pointing at T's element (T is the tensor's variable name). The
 * tensors need the same number of elements (else a TH error), not the same
 * shape; a tensor with 0 dims has none. `continue` moves to the next
 * element; `TH_TENSOR_APPLY_hasFinished = 1; break;` ends the loop. The _D forms take TH's DIM argument
 * (which dim TH kept innermost) and visit the same elements. */
#ifndef TH_TENSOR_APPLY_INC
#define TH_TENSOR_APPLY_INC

#include "THLegacy.h"

/* T_n elements; T_data at the first; T_counter the index of the dims before
 * the last; T_i the index in the last dim. */
#define TH_APPLY_START_(TYPE, T)                                                      \
  TYPE *T##_data = NULL, *T##_base = NULL;                                             \
  int64_t T##_counter[TH_MAX_DIMS];                                                    \
  int64_t T##_i = 0, T##_size = 0, T##_stride = 0, T##_n = (T)->nDimension ? 1 : 0;   \
  for (int T##_d = 0; T##_d < (T)->nDimension; T##_d++) {                              \
    T##_n *= (T)->size[T##_d];                                                         \
    T##_counter[T##_d] = 0;                                                            \
  }                                                                                    \
  if (T##_n > 0) {                                                                     \
    T##_base = T##_data = (T)->storage->data + (T)->storageOffset;                    \
    T##_size = (T)->size[(T)->nDimension - 1];                                         \
    T##_stride = (T)->stride[(T)->nDimension - 1];                                     \
  }

/* The next element of a row-major walk: T_i counts along the last dim,
 * counter the index of the dims before it (a function, so that the walk
 * can be the loop's increment: `continue` in CODE moves on, as in TH). */
static inline char *th_apply_next_(char *data, char *base, size_t elsize, int64_t *i,
                                   int64_t size, int64_t stride, int64_t *counter,
                                   const int64_t *sizes, const int64_t *strides, int ndim) {
  int d;
  char *p = base;
  if (++*i < size) return data + stride * (ptrdiff_t)elsize;
  *i = 0;
  for (d = ndim - 2; d >= 0; d--) {
    if (++counter[d] < sizes[d]) break;
    counter[d] = 0;
  }
  for (d = 0; d < ndim - 1; d++) p += counter[d] * strides[d] * (ptrdiff_t)elsize;
  return p;
}
#define TH_APPLY_NEXT_(TYPE, T)                                                        \
  (T##_data = (TYPE *)th_apply_next_((char *)T##_data, (char *)T##_base, sizeof(TYPE), \
                                     &T##_i, T##_size, T##_stride, T##_counter, (T)->size, \
                                     (T)->stride, (T)->nDimension))

#define TH_APPLY_SAME_COUNT_(A, B)                                                     \
  if (A##_n != B##_n)                                                                  \
    THError("inconsistent tensor size, expected %s %s and %s %s to have the same "    \
            "number of elements, but got %" PRId64 " and %" PRId64 " elements respectively", \
            #A, _THSizeDesc((A)->size, (A)->nDimension).str, #B,                       \
            _THSizeDesc((B)->size, (B)->nDimension).str, A##_n, B##_n);

/* CODE may set TH_TENSOR_APPLY_hasFinished = 1 and break, as TH's did */
#define TH_TENSOR_APPLY(TYPE, TENSOR, CODE)                                        \
  {                                                                                \
    int TH_TENSOR_APPLY_hasFinished = 0;                                           \
    int64_t TH_TENSOR_APPLY_k;                                                     \
    TH_APPLY_START_(TYPE, TENSOR)                                                  \
    for (TH_TENSOR_APPLY_k = 0; TH_TENSOR_APPLY_k < TENSOR##_n && !TH_TENSOR_APPLY_hasFinished; \
         TH_TENSOR_APPLY_k++, TH_APPLY_NEXT_(TYPE, TENSOR)) {                      \
      CODE                                                                         \
    }                                                                              \
  }

#define TH_TENSOR_APPLY2(TYPE1, TENSOR1, TYPE2, TENSOR2, CODE)                     \
  {                                                                                \
    int TH_TENSOR_APPLY_hasFinished = 0;                                           \
    int64_t TH_TENSOR_APPLY_k;                                                     \
    TH_APPLY_START_(TYPE1, TENSOR1)                                                \
    TH_APPLY_START_(TYPE2, TENSOR2)                                                \
    TH_APPLY_SAME_COUNT_(TENSOR1, TENSOR2)                                         \
    for (TH_TENSOR_APPLY_k = 0; TH_TENSOR_APPLY_k < TENSOR1##_n && !TH_TENSOR_APPLY_hasFinished; \
         TH_TENSOR_APPLY_k++, TH_APPLY_NEXT_(TYPE1, TENSOR1),                      \
        TH_APPLY_NEXT_(TYPE2, TENSOR2)) {                                          \
      CODE                                                                         \
    }                                                                              \
  }

#define TH_TENSOR_APPLY3(TYPE1, TENSOR1, TYPE2, TENSOR2, TYPE3, TENSOR3, CODE)     \
  {                                                                                \
    int TH_TENSOR_APPLY_hasFinished = 0;                                           \
    int64_t TH_TENSOR_APPLY_k;                                                     \
    TH_APPLY_START_(TYPE1, TENSOR1)                                                \
    TH_APPLY_START_(TYPE2, TENSOR2)                                                \
    TH_APPLY_START_(TYPE3, TENSOR3)                                                \
    TH_APPLY_SAME_COUNT_(TENSOR1, TENSOR2)                                         \
    TH_APPLY_SAME_COUNT_(TENSOR1, TENSOR3)                                         \
    for (TH_TENSOR_APPLY_k = 0; TH_TENSOR_APPLY_k < TENSOR1##_n && !TH_TENSOR_APPLY_hasFinished; \
         TH_TENSOR_APPLY_k++, TH_APPLY_NEXT_(TYPE1, TENSOR1),                      \
        TH_APPLY_NEXT_(TYPE2, TENSOR2), TH_APPLY_NEXT_(TYPE3, TENSOR3)) {          \
      CODE                                                                         \
    }                                                                              \
  }

#define TH_TENSOR_APPLY_D(TYPE, TENSOR, DIM, CODE) TH_TENSOR_APPLY(TYPE, TENSOR, CODE)
#define TH_TENSOR_APPLY2_D(TYPE1, TENSOR1, TYPE2, TENSOR2, DIM, CODE) \
  TH_TENSOR_APPLY2(TYPE1, TENSOR1, TYPE2, TENSOR2, CODE)
#define TH_TENSOR_APPLY3_D(TYPE1, TENSOR1, TYPE2, TENSOR2, TYPE3, TENSOR3, DIM, CODE) \
  TH_TENSOR_APPLY3(TYPE1, TENSOR1, TYPE2, TENSOR2, TYPE3, TENSOR3, CODE)

#endif /* TH_TENSOR_APPLY_INC */
