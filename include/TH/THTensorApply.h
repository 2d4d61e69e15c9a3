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
 * shape; a tensor with 0 dims has none. The _D forms take TH's DIM argument
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

/* T_data to T's next element in row-major order */
#define TH_APPLY_NEXT_(T)                                                           \
  if (++T##_i < T##_size) {                                                         \
    T##_data += T##_stride;                                                         \
  } else {                                                                          \
    T##_i = 0;                                                                      \
    for (int T##_d = (T)->nDimension - 2; T##_d >= 0; T##_d--) {                    \
      if (++T##_counter[T##_d] < (T)->size[T##_d]) break;                           \
      T##_counter[T##_d] = 0;                                                       \
    }                                                                               \
    T##_data = T##_base;                                                            \
    for (int T##_d = 0; T##_d < (T)->nDimension - 1; T##_d++)                       \
      T##_data += T##_counter[T##_d] * (T)->stride[T##_d];                          \
  }

#define TH_APPLY_SAME_COUNT_(A, B)                                                     \
  if (A##_n != B##_n)                                                                  \
    THError("inconsistent tensor size, expected %s %s and %s %s to have the same "    \
            "number of elements, but got %" PRId64 " and %" PRId64 " elements respectively", \
            #A, _THSizeDesc((A)->size, (A)->nDimension).str, #B,                       \
            _THSizeDesc((B)->size, (B)->nDimension).str, A##_n, B##_n);

#define TH_TENSOR_APPLY(TYPE, TENSOR, CODE)                                     \
  {                                                                             \
    TH_APPLY_START_(TYPE, TENSOR)                                               \
    for (int64_t TH_TENSOR_APPLY_k = 0; TH_TENSOR_APPLY_k < TENSOR##_n;          \
         TH_TENSOR_APPLY_k++) {                                                 \
      CODE                                                                      \
      TH_APPLY_NEXT_(TENSOR)                                                    \
    }                                                                           \
  }

#define TH_TENSOR_APPLY2(TYPE1, TENSOR1, TYPE2, TENSOR2, CODE)                  \
  {                                                                             \
    TH_APPLY_START_(TYPE1, TENSOR1)                                             \
    TH_APPLY_START_(TYPE2, TENSOR2)                                             \
    TH_APPLY_SAME_COUNT_(TENSOR1, TENSOR2)                                      \
    for (int64_t TH_TENSOR_APPLY_k = 0; TH_TENSOR_APPLY_k < TENSOR1##_n;         \
         TH_TENSOR_APPLY_k++) {                                                 \
      CODE                                                                      \
      TH_APPLY_NEXT_(TENSOR1)                                                   \
      TH_APPLY_NEXT_(TENSOR2)                                                   \
    }                                                                           \
  }

#define TH_TENSOR_APPLY3(TYPE1, TENSOR1, TYPE2, TENSOR2, TYPE3, TENSOR3, CODE)  \
  {                                                                             \
    TH_APPLY_START_(TYPE1, TENSOR1)                                             \
    TH_APPLY_START_(TYPE2, TENSOR2)                                             \
    TH_APPLY_START_(TYPE3, TENSOR3)                                             \
    TH_APPLY_SAME_COUNT_(TENSOR1, TENSOR2)                                      \
    TH_APPLY_SAME_COUNT_(TENSOR1, TENSOR3)                                      \
    for (int64_t TH_TENSOR_APPLY_k = 0; TH_TENSOR_APPLY_k < TENSOR1##_n;         \
         TH_TENSOR_APPLY_k++) {                                                 \
      CODE                                                                      \
      TH_APPLY_NEXT_(TENSOR1)                                                   \
      TH_APPLY_NEXT_(TENSOR2)                                                   \
      TH_APPLY_NEXT_(TENSOR3)                                                   \
    }                                                                           \
  }

#define TH_TENSOR_APPLY_D(TYPE, TENSOR, DIM, CODE) TH_TENSOR_APPLY(TYPE, TENSOR, CODE)
#define TH_TENSOR_APPLY2_D(TYPE1, TENSOR1, TYPE2, TENSOR2, DIM, CODE) \
  TH_TENSOR_APPLY2(TYPE1, TENSOR1, TYPE2, TENSOR2, CODE)
#define TH_TENSOR_APPLY3_D(TYPE1, TENSOR1, TYPE2, TENSOR2, TYPE3, TENSOR3, DIM, CODE) \
  TH_TENSOR_APPLY3(TYPE1, TENSOR1, TYPE2, TENSOR2, TYPE3, TENSOR3, CODE)

#endif /* TH_TENSOR_APPLY_INC */
