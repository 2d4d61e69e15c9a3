/* THGenerateLongType.h: TH's generic-file trick for Long (int64_t).
 * Define TH_GENERIC_FILE, then include this: see THLegacyGenerateOne.h. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateLongType.h"
#endif
#define real int64_t
#define accreal int64_t
#define Real Long
#define THInf LONG_MAX
#define TH_REAL_IS_LONG
#define TH_REAL_DTYPE TH_INT64
#define TH_CONVERT_REAL_TO_ACCREAL(_val) (accreal)(_val)
#define TH_CONVERT_ACCREAL_TO_REAL(_val) (real)(_val)
#include "THLegacyGenerateOne.h"
#undef TH_REAL_IS_LONG
