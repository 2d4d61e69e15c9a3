/* TH v0.4's typed plane convolutions (THFloatTensor_conv2Dmv, the pointer
 * kernels THDoubleTensor_validXCorr2Dptr, ...) for the seven types: thin
 * wrappers over th's THTensorConv.h (generic/THLegacyConv.c). */
#include "legacy/THLegacyImpl.h"
#include "TH/THTensorConv.h"

#define TH_GENERIC_FILE "legacy/generic/THLegacyConv.c"
#include "TH/THGenerateAllTypes.h"
