/* THGenerateDoubleType.h: TH's generic-file trick for Double (double).
 * Define TH_GENERIC_FILE, then include this: see THLegacyGenerateOne.h. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateDoubleType.h"
#endif
#define real double
#define accreal double
#define Real Double
#define THInf DBL_MAX
#define TH_REAL_IS_DOUBLE
#define TH_REAL_DTYPE TH_FLOAT64
#define TH_CONVERT_REAL_TO_ACCREAL(_val) (accreal)(_val)
#define TH_CONVERT_ACCREAL_TO_REAL(_val) (real)(_val)
#include "THLegacyGenerateOne.h"
#undef TH_REAL_IS_DOUBLE
