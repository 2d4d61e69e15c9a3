/* flip: a copy read backwards along some dims. Strides are never negative
 * in a tensor, but the copy kernel walks any strides: the source is read
 * from the last element of each flipped dim with that dim's stride negated. */
#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "engine/THCopyImpl.h"

THTensor *THTensor_newFlip(THTensor *tensor, int n, const int *dims) {
  unsigned char flipped[TH_MAX_DIMS] = {0};
  TH_CHECK_TENSOR(tensor, NULL);
  if (n < 0 || n > TH_MAX_DIMS || (n > 0 && !dims)) {
    TH_ERR(TH_ERROR_VALUE, "the number of dims must be in [0, %d] with dims not NULL, got %d",
           TH_MAX_DIMS, n);
    return NULL;
  }
  for (int i = 0; i < n; i++) {
    int d = th_wrap_dim_scalar(dims[i], tensor->nDimension, "dim", __func__);
    if (d < 0) return NULL;
    if (flipped[d]) {
      TH_ERR(TH_ERROR_RUNTIME, "dim %d appears multiple times in the list of dims", d);
      return NULL;
    }
    flipped[d] = 1;
  }
  THTensor *result = th_tensor_new_with_size(tensor->storage->dtype, tensor->nDimension,
                                             th_sizes(tensor), NULL, __func__);
  if (!result) return NULL;
  if (th_tensor_numel(tensor) == 0) return result;
  int64_t stride[TH_MAX_DIMS];
  int64_t last = 0; /* elements from the first one read to tensor's first */
  for (int d = 0; d < tensor->nDimension; d++) {
    int64_t st = th_strides(tensor)[d];
    stride[d] = flipped[d] ? -st : st;
    if (flipped[d]) last += (th_sizes(tensor)[d] - 1) * st;
  }
  char *start = th_tensor_bytes(tensor) + last * (int64_t)THScalarType_elementSize(
                                                     tensor->storage->dtype);
  th_copy_strided(result, start, tensor->storage->dtype, stride);
  return result;
}
