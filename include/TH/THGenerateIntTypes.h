/* THGenerateIntTypes.h: TH_GENERIC_FILE once for each of TH's integer types (Byte, Char, Short, Int, Long). */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateIntTypes.h"
#endif
/* THGenerateManyTypes keeps TH_GENERIC_FILE defined between the types */
#ifndef THGenerateManyTypes
#define THIntLocalGenerateManyTypes
#define THGenerateManyTypes
#endif
#include "THGenerateByteType.h"
#include "THGenerateCharType.h"
#include "THGenerateShortType.h"
#include "THGenerateIntType.h"
#include "THGenerateLongType.h"
#ifdef THIntLocalGenerateManyTypes
#undef THIntLocalGenerateManyTypes
#undef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
