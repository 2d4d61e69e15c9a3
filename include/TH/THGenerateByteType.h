/* THGenerateByteType.h: TH's generic-file trick for Byte (uint8_t).
 * Define TH_GENERIC_FILE, then include this: see THLegacyGenerateOne.h. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateByteType.h"
#endif
#define real uint8_t
#define accreal int64_t
#define Real Byte
#define THInf UCHAR_MAX
#define TH_REAL_IS_BYTE
#define TH_REAL_DTYPE TH_UINT8
#define TH_CONVERT_REAL_TO_ACCREAL(_val) (accreal)(_val)
#define TH_CONVERT_ACCREAL_TO_REAL(_val) (real)(_val)
#include "THLegacyGenerateOne.h"
#undef TH_REAL_IS_BYTE
