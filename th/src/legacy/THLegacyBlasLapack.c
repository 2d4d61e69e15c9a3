/* TH v0.4's typed BLAS and LAPACK wrappers (THFloatBlas_gemm,
 * THDoubleLapack_gesv, ...): generic/THLegacyBlas.c for the seven types,
 * generic/THLegacyLapack.c for float and double. */
#include <inttypes.h>
#include <limits.h>

#include <cblas.h> /* scipy-openblas32's: every symbol prefixed scipy_ */

#include "legacy/THLegacyImpl.h"
#include "math/THLapackImpl.h"

/* Whether a size or increment travels in BLAS's int as TH's did. */
static inline int lb_fits(int64_t v) { return v >= -INT_MAX && v <= INT_MAX; }

/* TH's trans characters: 't' (or 'c': real matrices) transposes, 'n' does
 * not; another is a TH error (TH's BLAS printed a message and did nothing). */
static int lb_trans(char trans, int argNumber, const char *fn) {
  switch (trans) {
    case 'n': case 'N': return 0;
    case 't': case 'T': case 'c': case 'C': return 1;
    default:
      THArgError(argNumber, "%s: trans should be 'n', 't' or 'c', not '%c' (%d)", fn, trans,
                 (int)trans);
  }
}

#define TH_GENERIC_FILE "legacy/generic/THLegacyBlas.c"
#include "TH/THGenerateAllTypes.h"
#define TH_GENERIC_FILE "legacy/generic/THLegacyLapack.c"
#include "TH/THGenerateFloatTypes.h"
