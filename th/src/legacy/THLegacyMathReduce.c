/* TH v0.4's typed math, the indexing, reduction, matrix and factory part
 * (THFloatTensor_indexSelect, THLongTensor_sum, THDoubleTensor_addmm, ...)
 * with TH's semantics on th's tensors. The per-type functions are in
 * generic/THLegacyMath{Index,Reduce,Blas}.c. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "legacy/THLegacyImpl.h"

#include "TH/THTensorApply.h"
#include "TH/THTensorDimApply.h"
#include "core/THTensorImpl.h"
#include "engine/THSpecialImpl.h"

/* What every generic file here shares (expanded per type). */
#define LTensor TH_CONCAT_3(TH, Real, Tensor)
#define LStorage TH_CONCAT_3(TH, Real, Storage)
/* a TH-typed argument checked (NULL, dtype) as th's tensor */
#define T_IN(t) th_legacy_tensor((t), TH_REAL_DTYPE, #t, __func__)
#define L_IN(t) th_legacy_tensor((t), TH_INT64, #t, __func__)
#define B_IN(t) th_legacy_tensor((t), TH_UINT8, #t, __func__)

/* The storage offset of element i (row-major) of a tensor's geometry. */
static inline int64_t legacy_offset_of(int n, const int64_t *size, const int64_t *stride,
                                       int64_t i) {
  int64_t off = 0;
  for (int d = n - 1; d >= 0; d--) {
    off += (i % size[d]) * stride[d];
    i /= size[d];
  }
  return off;
}

/* The innermost run TH's apply loops walked in one go: every element when
 * the tensor is contiguous (size-1 dims aside), else the last dim with the
 * dims before it that continue it. Its length and step. */
static int64_t legacy_run(const THTensor *t, int64_t *step) {
  int n = t->nDimension;
  int64_t sz = 1;
  int contiguous = 1;
  for (int d = n - 1; d >= 0 && contiguous; d--)
    if (t->size[d] != 1) {
      if (t->stride[d] == sz)
        sz *= t->size[d];
      else
        contiguous = 0;
    }
  if (contiguous) {
    *step = 1;
    return sz;
  }
  int64_t run = t->size[n - 1];
  for (int d = n - 2; d >= 0 && t->stride[d] == t->stride[d + 1] * t->size[d + 1]; d--)
    run *= t->size[d];
  *step = t->stride[n - 1];
  return run;
}

/* TH's resize of a result: a tensor with those sizes already is kept as it
 * is (its strides too), else th_legacy_resize_nd's geometry. */
static void legacy_resize_or_free(void *self, int n, const int64_t *size, const char *fn,
                                  void *mem, void *a, void *b) {
  THTensor *t = self;
  int m = 0;
  while (m < n && size[m] > 0) m++;
  int same = t->nDimension == m;
  for (int d = 0; same && d < m; d++) same = t->size[d] == size[d];
  if (!same && th_legacy_resize_nd(t, m, size, NULL, fn) < 0) {
    /* what the caller made before it goes too: the error unwinds past it */
    THFree(mem);
    THTensor_free(a);
    THTensor_free(b);
    th_legacy_raise();
  }
}

static void legacy_resize(void *self, int n, const int64_t *size, const char *fn) {
  legacy_resize_or_free(self, n, size, fn, NULL, NULL, NULL);
}

enum { LEGACY_GATHER, LEGACY_SCATTER, LEGACY_SCATTER_ADD, LEGACY_SCATTER_FILL };

/* generic/THLegacyMathReduce.c includes the other parts (Index, Sort, Blas) */
#define TH_GENERIC_FILE "legacy/generic/THLegacyMathReduce.c"
#include "TH/THGenerateAllTypes.h"
