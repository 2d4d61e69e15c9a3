/* THGenerateFloatType.h: TH's generic-file trick for Float (float).
 * Define TH_GENERIC_FILE, then include this: see THLegacyGenerateOne.h. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateFloatType.h"
#endif
#define real float
#define accreal double
#define Real Float
#define THInf FLT_MAX
#define TH_REAL_IS_FLOAT
#define TH_REAL_DTYPE TH_FLOAT32
#define TH_CONVERT_REAL_TO_ACCREAL(_val) (accreal)(_val)
#define TH_CONVERT_ACCREAL_TO_REAL(_val) (real)(_val)
#include "THLegacyGenerateOne.h"
#undef TH_REAL_IS_FLOAT
