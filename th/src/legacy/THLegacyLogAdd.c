/* THLogAdd.h: TH v0.4's log-domain arithmetic, with TH's values (its
 * library was built without USE_DOUBLE: terms below exp(-18.42) of the
 * larger one are dropped). */
#include <float.h>
#include <math.h>

#include "TH/THLogAdd.h"
#include "legacy/THLegacyImpl.h"

#define MINUS_LOG_THRESHOLD -18.42

const double THLog2Pi = 1.83787706640934548355;
const double THLogZero = -DBL_MAX;
const double THLogOne = 0;

double THLogAdd(double log_a, double log_b) {
  if (log_a < log_b) {
    double tmp = log_a;
    log_a = log_b;
    log_b = tmp;
  }
  double minusdif = log_b - log_a;
  if (minusdif < MINUS_LOG_THRESHOLD) return log_a;
  return log_a + log1p(exp(minusdif));
}

double THLogSub(double log_a, double log_b) {
  if (log_a < log_b)
    THError("THLogSub: log_a (%f) should be greater than log_b (%f)", log_a, log_b);
  double minusdif = log_b - log_a;
  if (log_a == log_b) return THLogZero;
  if (minusdif < MINUS_LOG_THRESHOLD) return log_a;
  return log_a + log1p(-exp(minusdif));
}

/* Leon Bottou's approximation of exp(-x) for x >= 0: (1 + x/8 + ...)^-8,
 * 0 from 13 on (TH's constants; TH's comment assumed x >= 0, unchecked). */
double THExpMinusApprox(const double x) {
  if (x < 13.0) {
    double y = 1.0 + x * (0.125 + x * (0.0078125 + x * (0.00032552083 + x * 1.0172526e-5)));
    y *= y;
    y *= y;
    y *= y;
    return 1 / y;
  }
  return 0;
}
