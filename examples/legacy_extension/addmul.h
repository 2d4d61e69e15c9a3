/* A TH-style C function, written as torch.utils.ffi extensions were. */
#include <TH/TH.h>

/* out = a * b + 1, elementwise; a and b must have the same size */
int addmul_forward(THFloatTensor *a, THFloatTensor *b, THFloatTensor *out);
