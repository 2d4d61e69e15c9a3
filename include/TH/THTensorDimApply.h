/* THTensorDimApply.h: TH's loops over the 1-dim slices of TH-typed tensors
 * along DIMENSION, on their public fields (THLegacy.h).
 *
 *   TH_TENSOR_DIM_APPLY2(real, out, real, in, dim,
 *       for (int64_t i = 0; i < in_size; i++)
 *         out_data[i * out_stride] = in_data[i * in_stride];)
 *
 * CODE runs once per slice with T_data at the slice's first element, T_size
 * and T_stride its length and step. Slices are visited as TH visited them:
 * the index of dim 0 moves fastest. TH_TENSOR_DIM_APPLY_counter (from
 * THAlloc, nDimension entries) is the slice's index: code that raises a TH
 * error inside CODE should THFree it first, as TH's callers did. The
 * tensors need the same number of dims and the same sizes outside
 * DIMENSION (DIM_APPLY3 takes the check as SIZE_CHECK), else a TH error. */
#ifndef TH_TENSOR_DIM_APPLY_INC
#define TH_TENSOR_DIM_APPLY_INC

#include "THLegacy.h"

#define TH_DIM_APPLY_START_(TYPE, T, DIMENSION)        \
  TYPE *T##_data = (T)->storage->data + (T)->storageOffset; \
  TH_UNUSED int64_t T##_stride = (T)->stride[DIMENSION];   \
  TH_UNUSED int64_t T##_size = (T)->size[DIMENSION];

#define TH_DIM_APPLY_CHECK_DIM_(T, DIMENSION)                                                \
  if ((DIMENSION) < 0 || (DIMENSION) >= (T)->nDimension)                                     \
    THError("invalid dimension %d (expected to be 0 <= dim < %d)", (int)(DIMENSION),         \
            (T)->nDimension);

#define TH_DIM_APPLY_CHECK_SHAPE_(A, B, DIMENSION)                                           \
  {                                                                                          \
    int TH_dim_apply_bad = (A)->nDimension != (B)->nDimension;                               \
    for (int TH_d = 0; !TH_dim_apply_bad && TH_d < (A)->nDimension; TH_d++)                 \
      TH_dim_apply_bad = TH_d != (DIMENSION) && (A)->size[TH_d] != (B)->size[TH_d];          \
    if (TH_dim_apply_bad)                                                                    \
      THError("Expected %s %s and %s %s to have the same size apart from dimension %d", #A,  \
              _THSizeDesc((A)->size, (A)->nDimension).str, #B,                               \
              _THSizeDesc((B)->size, (B)->nDimension).str, (int)(DIMENSION));                \
  }

/* TH's SIZE_CHECK for DIM_APPLY3: the same sizes apart from DIMENSION */
#define TH_TENSOR_DIM_APPLY3_SIZE_EQ_EXCEPT_DIM(TENSOR1, TENSOR2, TENSOR3, DIMENSION) \
  TH_DIM_APPLY_CHECK_SHAPE_(TENSOR1, TENSOR2, DIMENSION)                               \
  TH_DIM_APPLY_CHECK_SHAPE_(TENSOR1, TENSOR3, DIMENSION)

/* T_data's moves when the slice index of dim TH_TENSOR_DIM_APPLY_i goes up
 * by one, or back to 0 */
#define TH_DIM_APPLY_STEP_(T) T##_data += (T)->stride[TH_TENSOR_DIM_APPLY_i];
#define TH_DIM_APPLY_BACK_(T) \
  T##_data -= TH_TENSOR_DIM_APPLY_counter[TH_TENSOR_DIM_APPLY_i] * (T)->stride[TH_TENSOR_DIM_APPLY_i];

/* The loop over T's slices; STEPS and BACKS move every tensor's pointer. */
#define TH_DIM_APPLY_LOOP_(T, DIMENSION, CODE, STEPS, BACKS)                                 \
  int64_t *TH_TENSOR_DIM_APPLY_counter =                                                     \
      (int64_t *)THAlloc(sizeof(int64_t) * (size_t)((T)->nDimension ? (T)->nDimension : 1)); \
  int TH_TENSOR_DIM_APPLY_hasFinished = 0;                                                   \
  int TH_TENSOR_DIM_APPLY_i;                                                                 \
  for (TH_TENSOR_DIM_APPLY_i = 0; TH_TENSOR_DIM_APPLY_i < (T)->nDimension;                   \
       TH_TENSOR_DIM_APPLY_i++) {                                                            \
    TH_TENSOR_DIM_APPLY_counter[TH_TENSOR_DIM_APPLY_i] = 0;                                  \
    if (TH_TENSOR_DIM_APPLY_i != (DIMENSION) && (T)->size[TH_TENSOR_DIM_APPLY_i] == 0)       \
      TH_TENSOR_DIM_APPLY_hasFinished = 1;                                                   \
  }                                                                                          \
  while (!TH_TENSOR_DIM_APPLY_hasFinished) {                                                 \
    CODE                                                                                     \
    TH_TENSOR_DIM_APPLY_hasFinished = 1;                                                     \
    for (TH_TENSOR_DIM_APPLY_i = 0; TH_TENSOR_DIM_APPLY_i < (T)->nDimension;                 \
         TH_TENSOR_DIM_APPLY_i++) {                                                          \
      if (TH_TENSOR_DIM_APPLY_i == (DIMENSION)) continue;                                    \
      if (TH_TENSOR_DIM_APPLY_counter[TH_TENSOR_DIM_APPLY_i] + 1 <                           \
          (T)->size[TH_TENSOR_DIM_APPLY_i]) {                                                \
        TH_TENSOR_DIM_APPLY_counter[TH_TENSOR_DIM_APPLY_i]++;                                \
        STEPS                                                                                \
        TH_TENSOR_DIM_APPLY_hasFinished = 0;                                                 \
        break;                                                                               \
      }                                                                                      \
      BACKS                                                                                  \
      TH_TENSOR_DIM_APPLY_counter[TH_TENSOR_DIM_APPLY_i] = 0;                                \
    }                                                                                        \
  }                                                                                          \
  THFree(TH_TENSOR_DIM_APPLY_counter);

#define TH_TENSOR_DIM_APPLY(TYPE, TENSOR, DIMENSION, CODE)                        \
  {                                                                               \
    TH_DIM_APPLY_CHECK_DIM_(TENSOR, DIMENSION)                                    \
    TH_DIM_APPLY_START_(TYPE, TENSOR, DIMENSION)                                  \
    TH_DIM_APPLY_LOOP_(TENSOR, DIMENSION, CODE, TH_DIM_APPLY_STEP_(TENSOR),       \
                       TH_DIM_APPLY_BACK_(TENSOR))                                \
  }

#define TH_TENSOR_DIM_APPLY2(TYPE1, TENSOR1, TYPE2, TENSOR2, DIMENSION, CODE)              \
  {                                                                                        \
    TH_DIM_APPLY_CHECK_DIM_(TENSOR1, DIMENSION)                                            \
    TH_DIM_APPLY_CHECK_SHAPE_(TENSOR1, TENSOR2, DIMENSION)                                 \
    TH_DIM_APPLY_START_(TYPE1, TENSOR1, DIMENSION)                                         \
    TH_DIM_APPLY_START_(TYPE2, TENSOR2, DIMENSION)                                         \
    TH_DIM_APPLY_LOOP_(TENSOR1, DIMENSION, CODE,                                           \
                       TH_DIM_APPLY_STEP_(TENSOR1) TH_DIM_APPLY_STEP_(TENSOR2),            \
                       TH_DIM_APPLY_BACK_(TENSOR1) TH_DIM_APPLY_BACK_(TENSOR2))            \
  }

#define TH_TENSOR_DIM_APPLY3(TYPE1, TENSOR1, TYPE2, TENSOR2, TYPE3, TENSOR3, DIMENSION,     \
                             SIZE_CHECK, CODE)                                              \
  {                                                                                         \
    TH_DIM_APPLY_CHECK_DIM_(TENSOR1, DIMENSION)                                             \
    if ((TENSOR1)->nDimension != (TENSOR2)->nDimension ||                                   \
        (TENSOR1)->nDimension != (TENSOR3)->nDimension)                                     \
      THError("inconsistent tensor size, expected %s, %s and %s to have the same number "   \
              "of dimensions", #TENSOR1, #TENSOR2, #TENSOR3);                               \
    SIZE_CHECK(TENSOR1, TENSOR2, TENSOR3, DIMENSION)                                        \
    TH_DIM_APPLY_START_(TYPE1, TENSOR1, DIMENSION)                                          \
    TH_DIM_APPLY_START_(TYPE2, TENSOR2, DIMENSION)                                          \
    TH_DIM_APPLY_START_(TYPE3, TENSOR3, DIMENSION)                                          \
    TH_DIM_APPLY_LOOP_(TENSOR1, DIMENSION, CODE,                                            \
                       TH_DIM_APPLY_STEP_(TENSOR1) TH_DIM_APPLY_STEP_(TENSOR2)              \
                           TH_DIM_APPLY_STEP_(TENSOR3),                                     \
                       TH_DIM_APPLY_BACK_(TENSOR1) TH_DIM_APPLY_BACK_(TENSOR2)              \
                           TH_DIM_APPLY_BACK_(TENSOR3))                                     \
  }

#endif /* TH_TENSOR_DIM_APPLY_INC */
