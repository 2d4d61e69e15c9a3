/* THGenerateIntType.h: TH's generic-file trick for Int (int32_t).
 * Define TH_GENERIC_FILE, then include this: see THLegacyGenerateOne.h. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateIntType.h"
#endif
#define real int32_t
#define accreal int64_t
#define Real Int
#define THInf INT_MAX
#define TH_REAL_IS_INT
#define TH_REAL_DTYPE TH_INT32
#define TH_CONVERT_REAL_TO_ACCREAL(_val) (accreal)(_val)
#define TH_CONVERT_ACCREAL_TO_REAL(_val) (real)(_val)
#include "THLegacyGenerateOne.h"
#undef TH_REAL_IS_INT
