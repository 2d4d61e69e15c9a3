/* Batches of matrices for LAPACK: the checks every routine makes, results
 * laid out as torch lays them out (each matrix column-major, the batches
 * one after another), inputs copied into that order when LAPACK cannot
 * read them as they lie, and each matrix's info reported. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"
#include "math/THLapackImpl.h"

int th_lapack_dtype(THScalarType dtype) {
  return dtype == TH_FLOAT32 || dtype == TH_FLOAT64 || dtype == TH_COMPLEX64 ||
         dtype == TH_COMPLEX128;
}

THScalarType th_lapack_real(THScalarType dtype) {
  return dtype == TH_COMPLEX64 ? TH_FLOAT32 : dtype == TH_COMPLEX128 ? TH_FLOAT64 : dtype;
}

int th_lapack_check_input(const THTensor *a, const char *name, int square, const char *fn) {
  if (!a) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s is NULL", name);
    return -1;
  }
  TH_CHECK_TENSOR_AS(a, fn, -1);
  if (a->nDimension < 2) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "The input tensor %s must have at least 2 dimensions.",
              name);
    return -1;
  }
  THScalarType dtype = a->storage->dtype;
  if (!th_lapack_dtype(dtype)) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "Expected a floating point or complex tensor as input. Got %s",
              THScalarType_name(dtype));
    return -1;
  }
  int64_t m = th_sizes(a)[a->nDimension - 2], n = th_sizes(a)[a->nDimension - 1];
  if (square && m != n) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s must be batches of square matrices, but they are "
              "%lld by %lld matrices", name, (long long)m, (long long)n);
    return -1;
  }
  /* LAPACK's int counts rows, columns and a matrix's elements (its work) */
  if (m > INT_MAX / 2 || n > INT_MAX / 2 || (n && m > INT_MAX / n)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%s's %lld x %lld matrices are beyond LAPACK's 32-bit "
              "sizes", name, (long long)m, (long long)n);
    return -1;
  }
  return 0;
}

int th_lapack_check_batch(const THTensor *a, const char *an, const THTensor *b,
                          const char *bn, const char *fn) {
  int nb = a->nDimension - 2;
  if (b->nDimension - 2 == nb && !memcmp(th_sizes(a), th_sizes(b), sizeof(int64_t) * nb))
    return 0;
  char as[256], bs[256];
  th_format_shape(as, sizeof as, a->nDimension, th_sizes(a));
  th_format_shape(bs, sizeof bs, b->nDimension, th_sizes(b));
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s %s and %s %s must have the same batch dimensions", an, as,
            bn, bs);
  return -1;
}

int64_t th_lapack_count(const THTensor *a, int nbatch) {
  int64_t count = 1;
  for (int d = 0; d < nbatch; d++) count *= th_sizes(a)[d];
  return count;
}

/* The strides of a result of size: contiguous, or (fortran) the last two
 * swapped so that each matrix is column-major. */
static void layout_strides(int nd, const int64_t *size, int fortran, int64_t *stride) {
  int64_t step = 1;
  if (fortran && nd >= 2) {
    int64_t m = size[nd - 2], n = size[nd - 1];
    stride[nd - 2] = 1;
    stride[nd - 1] = m > 1 ? m : 1;
    step = m * n;
    nd -= 2;
  }
  for (int d = nd - 1; d >= 0; d--) {
    stride[d] = step > 1 ? step : 1;
    step *= size[d];
  }
}

/* Whether t has size and the strides of that layout (a size-1 dim takes any
 * stride; an empty t is any layout). */
static int has_layout(const THTensor *t, int nd, const int64_t *size, int fortran) {
  if (!th_has_shape(t, nd, size)) return 0;
  if (th_tensor_numel(t) == 0) return 1;
  int64_t stride[64];
  if (nd > 64) return 0;
  layout_strides(nd, size, fortran, stride);
  for (int d = 0; d < nd; d++)
    if (size[d] > 1 && th_strides(t)[d] != stride[d]) return 0;
  return 1;
}

int th_is_fortran(const THTensor *t) {
  return t->nDimension >= 2 && has_layout(t, t->nDimension, th_sizes(t), 1);
}

THTensor *th_lapack_new_fortran(THTensor *a, const char *fn) {
  if (th_is_fortran(a)) {
    THTensor_retain(a);
    return a;
  }
  int64_t stride[64];
  if (a->nDimension > 64) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "too many dimensions (%d)", a->nDimension);
    return NULL;
  }
  layout_strides(a->nDimension, th_sizes(a), 1, stride);
  THTensor *f = THTensor_newWithSize(a->storage->dtype, a->nDimension, th_sizes(a), stride);
  if (f && THTensor_copy(f, a)) {
    THTensor_free(f);
    return NULL;
  }
  return f;
}

int th_result_open(THResult *o, THTensor *r, const char *name, THScalarType dtype, int nd,
                   const int64_t *size, int fortran, THTensor *const *inputs, int ninputs,
                   const char *fn) {
  int64_t stride[64];
  o->r = r;
  o->work = NULL;
  if (nd > 64) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "too many dimensions (%d)", nd);
    return -1;
  }
  layout_strides(nd, size, fortran, stride);
  if (r) {
    TH_CHECK_TENSOR_AS(r, fn, -1);
    if (r->storage->dtype != dtype) {
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "Expected %s to have dtype %s, but got %s", name,
                THScalarType_name(dtype), THScalarType_name(r->storage->dtype));
      return -1;
    }
    if (th_check_result_strides(r, nd, size, fn)) return -1;
    /* r computed in place unless it meets an input it is not (its old
     * storage would be read while written, or resized under it) */
    int shared = 0;
    for (int i = 0; i < ninputs; i++)
      if (inputs[i] && inputs[i]->storage == r->storage && !THTensor_isSetTo(r, inputs[i]))
        shared = 1;
    if (!shared && has_layout(r, nd, size, fortran)) {
      THTensor_retain(r);
      o->work = r;
      return 0;
    }
    if (!shared && !th_has_shape(r, nd, size)) {
      if (THTensor_resizeNd(r, nd, size, stride)) return -1;
      THTensor_retain(r);
      o->work = r;
      return 0;
    }
  }
  o->work = THTensor_newWithSize(dtype, nd, size, stride);
  return o->work ? 0 : -1;
}

int th_result_close(THResult *o, int rc) {
  THTensor *r = o->r, *work = o->work;
  o->work = NULL;
  if (!rc && r && work && work != r) {
    int nd = work->nDimension;
    const int64_t *size = th_sizes(work);
    if (!th_has_shape(r, nd, size) && THTensor_resizeNd(r, nd, size, NULL)) rc = -1;
    else rc = THTensor_copy(r, work);
  }
  THTensor_free(work);
  return rc;
}

char *th_result_data(const THResult *o) {
  return th_tensor_numel(o->work) ? th_tensor_bytes(o->work) : NULL;
}

int th_lapack_report_info(const int32_t *infos, int64_t count, int batched, th_info_message msg,
                          const char *fn) {
  for (int64_t i = 0; i < count; i++) {
    if (infos[i] <= 0) continue;
    char text[256];
    msg(text, sizeof text, infos[i]);
    if (batched)
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "(Batch element %lld): %s", (long long)i, text);
    else
      TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s", text);
    return -1;
  }
  return 0;
}

int th_lapack_work_size(THScalarType dtype, const void *query) {
  double w = dtype == TH_FLOAT32 || dtype == TH_COMPLEX64 ? *(const float *)query
                                                          : *(const double *)query;
  /* LAPACK's float queries round down: one more element is safe */
  return w < 1 ? 1 : w >= INT_MAX ? INT_MAX : (int)w + 1;
}

void th_lapack_zero_triangle(THScalarType dtype, char *data, int64_t count, int64_t m,
                             int64_t n, int64_t step, int lower) {
  size_t es = THScalarType_elementSize(dtype);
  for (int64_t b = 0; b < count; b++) {
    char *mat = data + b * step * (int64_t)es;
    for (int64_t j = 0; j < n; j++) {
      char *col = mat + j * m * (int64_t)es;
      if (lower) { /* rows j+1 .. m-1 of column j */
        if (j + 1 < m) memset(col + (j + 1) * (int64_t)es, 0, (size_t)(m - j - 1) * es);
      } else { /* rows 0 .. j-1 */
        memset(col, 0, (size_t)(j < m ? j : m) * es);
      }
    }
  }
}
