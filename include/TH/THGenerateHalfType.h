/* THGenerateHalfType.h: TH's generic-file trick for Half (THHalf).
 * Define TH_GENERIC_FILE, then include this: see THLegacyGenerateOne.h. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateHalfType.h"
#endif
#include "THHalf.h"
#define real THHalf
#define accreal float
#define Real Half
#define THInf TH_HALF_BITS_TO_LITERAL(TH_HALF_INF)
#define TH_REAL_IS_HALF
#define TH_REAL_DTYPE TH_FLOAT16
#define TH_CONVERT_REAL_TO_ACCREAL(_val) TH_half2float(_val)
#define TH_CONVERT_ACCREAL_TO_REAL(_val) TH_float2half(_val)
#include "THLegacyGenerateOne.h"
#undef TH_REAL_IS_HALF
