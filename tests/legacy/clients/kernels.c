/* A TH-style client in THNN's manner: a generic file instantiated for TH's
 * types through TH's generator headers, reading the public struct fields
 * and looping with TH's apply macros. */
#include <TH/TH.h>

/* C linkage for ctypes when compiled as C++ */
#ifdef __cplusplus
extern "C" {
#endif

#define kernels_(NAME) TH_CONCAT_3(kernels_, NAME, Real)

#include "generic/kernels.c"
#include "THGenerateAllTypes.h"

#ifdef __cplusplus
}
#endif
