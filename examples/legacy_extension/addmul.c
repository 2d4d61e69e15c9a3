#include "addmul.h"

int addmul_forward(THFloatTensor *a, THFloatTensor *b, THFloatTensor *out) {
  THArgCheck(THFloatTensor_isSameSizeAs(a, b), 2, "a %s and b %s differ in size",
             THFloatTensor_sizeDesc(a).str, THFloatTensor_sizeDesc(b).str);
  THFloatTensor_resizeAs(out, a);
  TH_TENSOR_APPLY3(float, out, float, a, float, b, *out_data = *a_data * *b_data + 1;);
  return 1;
}
