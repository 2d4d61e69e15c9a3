/* THTensorCat.h: joining tensors (TH's catArray, and stack), and torch's
 * type promotion that decides the dtype of a join.
 *
 * Each input is copied into a view of the result (a narrow for cat, a
 * select for stack), converting its dtype as THTensor_copy does. The result
 * may not share memory with an input (RuntimeError, as torch's out=; judged
 * by the byte ranges they span) nor with itself (a stride-0 dim: RuntimeError,
 * as every function that writes into a tensor).
 * Positions out of range (dim) are IndexErrors; inputs whose shapes do not
 * join are RuntimeErrors (torch's class); an empty list is a ValueError.
 * Ownership of every function is listed in docs/REFCOUNT.md. */
#ifndef TH_TENSOR_CAT_H
#define TH_TENSOR_CAT_H

#include "THGeneral.h"
#include "THTensor.h"

/* inputs[0..numInputs) joined along dimension, which all inputs have; their
 * other sizes must match. As torch, a 1-dim tensor of size 0 (the legacy
 * empty tensor) is skipped whatever the others' shapes, and dimension is
 * wrapped against the first input not skipped; 0-dim inputs are refused.
 * result is resized to the joined shape unless it has it already (then its
 * strides are kept). Returns 0, or -1 with result unchanged. */
TH_API int THTensor_catArray(THTensor *result, THTensor **inputs, int numInputs,
                             int dimension);
/* catArray into a new contiguous tensor of the inputs' promoted dtype. */
TH_API THTensor *THTensor_newCatArray(THTensor **inputs, int numInputs, int dimension);

/* inputs[0..numInputs), all of one shape, joined along a new dim inserted
 * at dimension (in [-(n+1), n] for n-dim inputs). result as for catArray. */
TH_API int THTensor_stackArray(THTensor *result, THTensor **inputs, int numInputs,
                               int dimension);
TH_API THTensor *THTensor_newStackArray(THTensor **inputs, int numInputs, int dimension);

#endif /* TH_TENSOR_CAT_H */
