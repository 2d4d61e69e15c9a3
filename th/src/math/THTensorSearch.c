/* Searching sorted boundaries and counting into bins (THTensorSearch.h).
 * The operands are first converted into contiguous tensors of the dtype the
 * comparisons or sums run in (float64 or int64; THTensor_copy converts
 * any layout), and each result is computed into a new tensor that is copied
 * into the caller's at the end: a failure leaves the result as it was, and
 * a result may overlap an operand. */
#include <math.h>
#include <string.h>

#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "TH/THTensorSearch.h"

/* A new contiguous copy of t in dtype dt. */
static THTensor *contiguous_as(THTensor *t, THScalarType dt, const char *fn) {
  THTensor *c = th_tensor_new_with_size(dt, t->nDimension, th_sizes(t), NULL, fn);
  if (c && THTensor_copy(c, t)) {
    THTensor_free(c);
    return NULL;
  }
  return c;
}

/* t's elements converted to common, then (exactly) to ct, contiguous. */
static THTensor *compared(THTensor *t, THScalarType common, THScalarType ct, const char *fn) {
  if (t->storage->dtype == common || common == ct) return contiguous_as(t, ct, fn);
  THTensor *c = contiguous_as(t, common, fn);
  THTensor *r = c ? contiguous_as(c, ct, fn) : NULL;
  THTensor_free(c);
  return r;
}

/* tmp (contiguous, of the result's shape) into result, resized; frees tmp. */
static int commit(THTensor *result, THTensor *tmp) {
  int rc = (!th_has_shape(result, tmp->nDimension, th_sizes(tmp)) &&
            THTensor_resizeNd(result, tmp->nDimension, th_sizes(tmp), NULL)) ||
           THTensor_copy(result, tmp);
  THTensor_free(tmp);
  return rc ? -1 : 0;
}

static int check_tensor(THTensor *t, const char *what, const char *fn) {
  if (!t) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", what);
    return -1;
  }
  TH_CHECK_TENSOR_AS(t, fn, -1);
  return 0;
}

static int refuse(const char *kernel, THScalarType t, const char *fn) {
  TH_ERR_FN(TH_ERROR_UNSUPPORTED, fn, "\"%s\" not implemented for %s", kernel,
            THScalarType_name(t));
  return -1;
}

static int searchable(THScalarType t) {
  return !(t == TH_BOOL || t == TH_UINT16 || t == TH_UINT32 || t == TH_UINT64 ||
           THScalarType_isComplex(t));
}

/* ---------------------------------------------------------- searchsorted */

/* torch's cus_lower_bound / cus_upper_bound, NaN and all: an element is
 * passed while the boundary is not >= it (right: not > it). */
#define BOUND(NAME, T)                                                                   \
  static int64_t NAME(const T *b, const int64_t *sorter, int64_t n, T v, int right) {   \
    int64_t lo = 0, hi = n;                                                             \
    while (lo < hi) {                                                                   \
      int64_t mid = lo + ((hi - lo) >> 1);                                              \
      T m = sorter ? b[sorter[mid]] : b[mid];                                           \
      if (right ? !(m > v) : !(m >= v))                                                 \
        lo = mid + 1;                                                                   \
      else                                                                              \
        hi = mid;                                                                       \
    }                                                                                   \
    return lo;                                                                          \
  }
BOUND(bound_f64, double)
BOUND(bound_i64, int64_t)

int THTensor_searchsorted(THTensor *result, THTensor *sorted, THTensor *input, int right,
                          THTensor *sorter) {
  const char *fn = __func__;
  if (check_tensor(result, "result", fn) || check_tensor(sorted, "sorted", fn) ||
      check_tensor(input, "input", fn) || (sorter && check_tensor(sorter, "sorter", fn)))
    return -1;
  THScalarType st = sorted->storage->dtype, it = input->storage->dtype;
  /* torch looks at the dtypes only when there is something to search for */
  int nothing = th_tensor_numel(input) == 0;
  if (!nothing && !searchable(st)) return refuse("searchsorted_out_cpu", st, fn);
  if (!nothing && !searchable(it)) return refuse("searchsorted_out_cpu", it, fn);
  THScalarType rt = result->storage->dtype;
  if (rt != TH_INT64 && rt != TH_INT32) {
    TH_ERR(TH_ERROR_RUNTIME, "torch.searchsorted(): output tensor's dtype is wrong, it can only "
           "be Int(int32) or Long(int64) depending on whether out_int32 flag is True, but we "
           "got %s", THScalarType_name(rt));
    return -1;
  }
  int snd = sorted->nDimension, ind = input->nDimension;
  if (snd == 0) {
    TH_ERR(TH_ERROR_RUNTIME, "torch.searchsorted(): boundaries tensor should have positive "
           "dimension, but got 0 dimension");
    return -1;
  }
  if (snd > 1 && (ind != snd || memcmp(th_sizes(sorted), th_sizes(input),
                                       sizeof(int64_t) * (size_t)(snd - 1)) != 0)) {
    char a[128], b[128];
    th_format_shape(a, sizeof a, snd, th_sizes(sorted));
    th_format_shape(b, sizeof b, ind, th_sizes(input));
    TH_ERR(TH_ERROR_RUNTIME, "torch.searchsorted(): boundaries tensor should be 1 dimension or "
           "the first N-1 dimensions of boundaries tensor and input value tensor must match, "
           "but we got boundaries tensor %s and input value tensor %s", a, b);
    return -1;
  }
  if (sorter && (sorter->storage->dtype != TH_INT64 ||
                 !th_has_shape(sorter, snd, th_sizes(sorted)))) {
    TH_ERR(TH_ERROR_RUNTIME, "torch.searchsorted(): sorter must be an int64 tensor of "
           "boundary tensor's shape");
    return -1;
  }
  if (th_check_result_strides(result, ind, th_sizes(input), fn)) return -1;
  /* torch compares in the promoted dtype: an int32 element meets float16
   * boundaries as a float16 (rounded, perhaps to inf) */
  THScalarType common;
  if (THScalarType_promote(st, it, &common)) return -1;
  int floating = THScalarType_isFloatingPoint(common);
  THScalarType ct = floating ? TH_FLOAT64 : TH_INT64;
  THTensor *b = compared(sorted, common, ct, fn);
  THTensor *x = b ? compared(input, common, ct, fn) : NULL;
  THTensor *o = x && sorter ? contiguous_as(sorter, TH_INT64, fn) : NULL;
  THTensor *r = x && (o || !sorter) ? th_tensor_new_with_size(TH_INT64, ind, th_sizes(input),
                                                              NULL, fn) : NULL;
  if (!r) goto fail;
  int64_t n = th_sizes(sorted)[snd - 1], total = th_tensor_numel(input);
  int64_t inner = ind > 0 ? th_sizes(input)[ind - 1] : 1;
  const int64_t *ord = o ? (const int64_t *)th_tensor_bytes(o) : NULL;
  for (int64_t i = 0, m = th_tensor_numel(sorted); ord && i < m; i++) {
    if (ord[i] < 0 || ord[i] >= n) {
      TH_ERR(TH_ERROR_RUNTIME, "torch.searchsorted(): sorter index out of range: %lld",
             (long long)ord[i]);
      goto fail;
    }
  }
  int64_t *out = (int64_t *)th_tensor_bytes(r);
  for (int64_t i = 0; i < total; i++) {
    int64_t row = snd > 1 ? i / inner : 0;
    const int64_t *rs = ord ? ord + row * n : NULL;
    if (floating)
      out[i] = bound_f64((const double *)th_tensor_bytes(b) + row * n, rs, n,
                         ((const double *)th_tensor_bytes(x))[i], right);
    else
      out[i] = bound_i64((const int64_t *)th_tensor_bytes(b) + row * n, rs, n,
                         ((const int64_t *)th_tensor_bytes(x))[i], right);
  }
  THTensor_free(b);
  THTensor_free(x);
  THTensor_free(o);
  return commit(result, r);
fail:
  THTensor_free(b);
  THTensor_free(x);
  THTensor_free(o);
  THTensor_free(r);
  return -1;
}

int THTensor_bucketize(THTensor *result, THTensor *input, THTensor *boundaries, int right) {
  if (check_tensor(boundaries, "boundaries", __func__)) return -1;
  if (boundaries->nDimension != 1) {
    TH_ERR(TH_ERROR_RUNTIME, "boundaries tensor must be 1 dimension, but got dim(%d)",
           boundaries->nDimension);
    return -1;
  }
  return THTensor_searchsorted(result, boundaries, input, right, NULL);
}

/* -------------------------------------------------------------- bincount */

int THTensor_bincount(THTensor *result, THTensor *input, THTensor *weights,
                      int64_t minlength) {
  const char *fn = __func__;
  if (check_tensor(result, "result", fn) || check_tensor(input, "input", fn) ||
      (weights && check_tensor(weights, "weights", fn)))
    return -1;
  THScalarType it = input->storage->dtype;
  if (!(it == TH_UINT8 || it == TH_INT8 || it == TH_INT16 || it == TH_INT32 || it == TH_INT64))
    return refuse("bincount_cpu", it, fn); /* torch's: the signed integers and uint8 */
  if (weights && THScalarType_isComplex(weights->storage->dtype))
    return refuse("bincount_cpu", weights->storage->dtype, fn);
  if (input->nDimension != 1) {
    TH_ERR(TH_ERROR_RUNTIME, "bincount only supports 1-d non-negative integral inputs.");
    return -1;
  }
  if (minlength < 0) {
    TH_ERR(TH_ERROR_RUNTIME, "minlength should be >= 0");
    return -1;
  }
  int64_t n = th_sizes(input)[0];
  if (weights && (weights->nDimension != 1 || th_sizes(weights)[0] != n)) {
    TH_ERR(TH_ERROR_RUNTIME, "weights should be 1-d and have the same length as input");
    return -1;
  }
  THTensor *x = contiguous_as(input, TH_INT64, fn), *w = NULL, *r = NULL;
  if (!x) return -1;
  const int64_t *v = (const int64_t *)th_tensor_bytes(x);
  int64_t top = -1;
  for (int64_t i = 0; i < n; i++) {
    if (v[i] < 0) {
      TH_ERR(TH_ERROR_RUNTIME, "bincount only supports 1-d non-negative integral inputs.");
      goto fail;
    }
    if (v[i] > top) top = v[i];
  }
  int64_t len = top + 1 > minlength ? top + 1 : minlength;
  /* sums as torch's: in float32 into a float32 result, else float64 */
  THScalarType at = !weights ? TH_INT64
                  : result->storage->dtype == TH_FLOAT32 ? TH_FLOAT32 : TH_FLOAT64;
  if (weights && !(w = contiguous_as(weights, at, fn))) goto fail;
  if (!(r = th_tensor_new_with_size(at, 1, &len, NULL, fn))) goto fail;
  if (len > 0) memset(th_tensor_bytes(r), 0, (size_t)len * THScalarType_elementSize(at));
  char *acc = th_tensor_bytes(r);
  for (int64_t i = 0; i < n; i++) {
    if (at == TH_INT64)
      ((int64_t *)acc)[v[i]]++;
    else if (at == TH_FLOAT32)
      ((float *)acc)[v[i]] += ((const float *)th_tensor_bytes(w))[i];
    else
      ((double *)acc)[v[i]] += ((const double *)th_tensor_bytes(w))[i];
  }
  THTensor_free(x);
  THTensor_free(w);
  return commit(result, r);
fail:
  THTensor_free(x);
  THTensor_free(w);
  THTensor_free(r);
  return -1;
}

/* ----------------------------------------------------------------- histc */

int THTensor_histc(THTensor *result, THTensor *input, int64_t bins, double min, double max) {
  const char *fn = __func__;
  if (check_tensor(result, "result", fn) || check_tensor(input, "input", fn)) return -1;
  THScalarType it = input->storage->dtype;
  if (!THScalarType_isFloatingPoint(it)) return refuse("histogram_cpu", it, fn);
  if (bins <= 0) {
    TH_ERR(TH_ERROR_RUNTIME, "torch.histogram(): bins must be > 0, but got %lld for "
           "dimension 0", (long long)bins);
    return -1;
  }
  if (max < min) {
    TH_ERR(TH_ERROR_RUNTIME, "torch.histc: max must be larger than min");
    return -1;
  }
  THTensor *x = contiguous_as(input, TH_FLOAT64, fn);
  if (!x) return -1;
  const double *v = (const double *)th_tensor_bytes(x);
  int64_t n = th_tensor_numel(x);
  if (min == max && n > 0) { /* the elements' range; a NaN makes it NaN, as torch */
    min = max = v[0];
    for (int64_t i = 0; i < n; i++) {
      if (v[i] != v[i]) {
        min = max = v[i];
        break;
      }
      if (v[i] < min) min = v[i];
      if (v[i] > max) max = v[i];
    }
  }
  if (min == max) min -= 1, max += 1;
  if (!isfinite(min) || !isfinite(max)) {
    THTensor_free(x);
    TH_ERR(TH_ERROR_RUNTIME, "torch.histc: range of [%g, %g] is not finite", min, max);
    return -1;
  }
  THTensor *r = th_tensor_new_with_size(TH_FLOAT64, 1, &bins, NULL, fn);
  if (!r) {
    THTensor_free(x);
    return -1;
  }
  double *count = (double *)th_tensor_bytes(r);
  memset(count, 0, sizeof(double) * (size_t)bins);
  /* the bin as torch finds it, in the input's precision (float64 or float32) */
  int wide = it == TH_FLOAT64;
  float fmin = (float)min, fmax = (float)max;
  for (int64_t i = 0; i < n; i++) {
    double e = v[i];
    if (!(e >= min && e <= max)) continue; /* outside, or NaN */
    int64_t pos = wide ? (int64_t)((e - min) * (double)bins / (max - min))
                       : (int64_t)(((float)e - fmin) * (float)bins / (fmax - fmin));
    if (pos >= bins) pos = bins - 1;
    count[pos] += 1;
  }
  THTensor_free(x);
  return commit(result, r);
}
