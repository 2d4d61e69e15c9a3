/* A TH-style client in THNN's manner: modules over TH's float types, built
 * from TH's typed math (the generic file below, through
 * THGenerateFloatTypes.h). */
#include <TH/TH.h>

#ifdef __cplusplus
extern "C" {
#endif

#define nn_(NAME) TH_CONCAT_3(nn_, Real, NAME)

#include "generic/modules.c"
#include "THGenerateFloatTypes.h"

#ifdef __cplusplus
}
#endif
