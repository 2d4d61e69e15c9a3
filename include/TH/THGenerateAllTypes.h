/* THGenerateAllTypes.h: TH_GENERIC_FILE once for each of TH's seven types (Float, Double, Byte, Char, Short, Int, Long; not Half). */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateAllTypes.h"
#endif
/* THGenerateManyTypes keeps TH_GENERIC_FILE defined between the types */
#ifndef THGenerateManyTypes
#define THAllLocalGenerateManyTypes
#define THGenerateManyTypes
#endif
#include "THGenerateFloatTypes.h"
#include "THGenerateIntTypes.h"
#ifdef THAllLocalGenerateManyTypes
#undef THAllLocalGenerateManyTypes
#undef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
