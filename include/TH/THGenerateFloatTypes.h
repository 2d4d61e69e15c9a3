/* THGenerateFloatTypes.h: TH_GENERIC_FILE once for each of TH's floating types (Float, Double). */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateFloatTypes.h"
#endif
/* THGenerateManyTypes keeps TH_GENERIC_FILE defined between the types */
#ifndef THGenerateManyTypes
#define THFloatLocalGenerateManyTypes
#define THGenerateManyTypes
#endif
#include "THGenerateFloatType.h"
#include "THGenerateDoubleType.h"
#ifdef THFloatLocalGenerateManyTypes
#undef THFloatLocalGenerateManyTypes
#undef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
