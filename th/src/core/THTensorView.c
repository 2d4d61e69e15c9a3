/* Views: stride arithmetic over one shared storage.
 *
 * Each view is computed once, as a geometry (offset, sizes, strides), by a
 * geom_* function that checks every argument; the new* function then makes a
 * tensor with that geometry over the same storage, and the in-place setter
 * (TH's narrow, select, ...) gives it to self. Geometry derived from a valid
 * tensor stays inside its storage by construction, so only as_strided and
 * expand re-check bounds. */
#include <stdio.h>

#include "core/THTensorImpl.h"
#include "debug/THDebugImpl.h"

typedef struct Geometry {
  int nDimension;
  int64_t offset;
  int64_t size[TH_MAX_DIMS];
  int64_t stride[TH_MAX_DIMS];
} Geometry;

/* Both copy a few dims in a loop rather than calling memcpy/memmove. */
static void geom_from(Geometry *g, const THTensor *t) {
  const int64_t *size = th_sizes(t), *stride = th_strides(t);
  g->nDimension = t->nDimension;
  g->offset = t->storageOffset;
  for (int d = 0; d < t->nDimension; d++) {
    g->size[d] = size[d];
    g->stride[d] = stride[d];
  }
}

/* geom_from without dim skip: what select keeps. */
static void geom_from_without(Geometry *g, const THTensor *t, int skip) {
  const int64_t *size = th_sizes(t), *stride = th_strides(t);
  int n = 0;
  for (int d = 0; d < t->nDimension; d++) {
    if (d == skip) continue;
    g->size[n] = size[d];
    g->stride[n] = stride[d];
    n++;
  }
  g->nDimension = n;
  g->offset = t->storageOffset;
}

static void geom_remove_dim(Geometry *g, int d) {
  for (int i = d; i < g->nDimension - 1; i++) {
    g->size[i] = g->size[i + 1];
    g->stride[i] = g->stride[i + 1];
  }
  g->nDimension--;
}

/* A view with no elements may point past its storage's end (a slice that
 * starts at the end, a select in an empty tensor): keep its offset inside,
 * so that no tensor ever points outside its storage. */
static void geom_clamp_if_empty(Geometry *g, const THTensor *src) {
  for (int d = 0; d < g->nDimension; d++) {
    if (g->size[d] == 0) {
      if (g->offset > src->storage->size) g->offset = src->storage->size;
      return;
    }
  }
}

/* A stride times a step, wrapping on overflow as torch's int64 product does:
 * it only overflows for views of at most one element, which never use it. */
static int64_t wrapping_mul(int64_t stride, int64_t step) {
  return (int64_t)((uint64_t)stride * (uint64_t)step);
}

static int check_room_for_dim(int nDimension, const char *fn) {
  if (nDimension >= TH_MAX_DIMS) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "the result would have more than %d dimensions", TH_MAX_DIMS);
    return -1;
  }
  return 0;
}

static THTensor *new_view(THTensor *src, const Geometry *g, const char *fn) {
  THTensor *t = th_tensor_alloc(g->nDimension, g->nDimension, fn);
  if (!t) return NULL;
  t->storage = src->storage;
  THStorage_retain(t->storage);
  t->storageOffset = g->offset;
  /* element by element: g was just written piecewise, and memcpy's wider
   * loads across those stores would stall on store forwarding */
  int64_t *size = th_sizes(t), *stride = th_strides(t);
  for (int d = 0; d < g->nDimension; d++) {
    size[d] = g->size[d];
    stride[d] = g->stride[d];
  }
  return t;
}

static int set_view(THTensor *self, THTensor *src, const Geometry *g, const char *fn) {
  return th_tensor_assign(self, src->storage, g->offset, g->nDimension, g->size, g->stride, fn);
}

/* ------------------------------------------------------------- geometry */

static int geom_narrow(const THTensor *src, int dim, int64_t start, int64_t length, Geometry *g,
                       const char *fn) {
  int d = th_wrap_dim(dim, src->nDimension, "dim", fn);
  if (d < 0) return -1;
  int64_t n = th_sizes(src)[d];
  if (start < -n || start > n) {
    TH_ERR_FN(TH_ERROR_INDEX, fn, "start %lld out of range for dim %d of size %lld "
              "(expected in [%lld, %lld])", (long long)start, d, (long long)n, (long long)-n,
              (long long)n);
    return -1;
  }
  if (start < 0) start += n;
  if (length < 0 || length > n - start) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "length %lld from start %lld does not fit dim %d of size %lld "
              "(expected in [0, %lld])", (long long)length, (long long)start, d, (long long)n,
              (long long)(n - start));
    return -1;
  }
  geom_from(g, src);
  g->offset += start * th_strides(src)[d];
  g->size[d] = length;
  geom_clamp_if_empty(g, src);
  return 0;
}

static int geom_select(const THTensor *src, int dim, int64_t index, Geometry *g,
                       const char *fn) {
  int d = th_wrap_dim(dim, src->nDimension, "dim", fn);
  if (d < 0) return -1;
  int64_t n = th_sizes(src)[d];
  if (index < -n || index >= n) {
    TH_ERR_FN(TH_ERROR_INDEX, fn, "index %lld out of range for dim %d of size %lld", (long long)index,
              d, (long long)n);
    return -1;
  }
  if (index < 0) index += n;
  geom_from_without(g, src, d);
  g->offset += index * th_strides(src)[d];
  geom_clamp_if_empty(g, src);
  return 0;
}

static int geom_transpose(const THTensor *src, int dim0, int dim1, Geometry *g, const char *fn) {
  int d0 = th_wrap_dim_scalar(dim0, src->nDimension, "dim0", fn);
  if (d0 < 0) return -1;
  int d1 = th_wrap_dim_scalar(dim1, src->nDimension, "dim1", fn);
  if (d1 < 0) return -1;
  geom_from(g, src);
  if (src->nDimension == 0) return 0; /* a scalar's dim 0 with itself */
  g->size[d0] = th_sizes(src)[d1];
  g->stride[d0] = th_strides(src)[d1];
  g->size[d1] = th_sizes(src)[d0];
  g->stride[d1] = th_strides(src)[d0];
  return 0;
}

static int geom_permute(const THTensor *src, const int *dims, Geometry *g, const char *fn) {
  unsigned char seen[TH_MAX_DIMS] = {0};
  if (src->nDimension > 0 && !dims) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "dims is NULL");
    return -1;
  }
  geom_from(g, src);
  for (int i = 0; i < src->nDimension; i++) {
    int d = th_wrap_dim(dims[i], src->nDimension, "dim", fn);
    if (d < 0) return -1;
    if (seen[d]) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "dims is not a permutation: dim %d appears twice", d);
      return -1;
    }
    seen[d] = 1;
    g->size[i] = th_sizes(src)[d];
    g->stride[i] = th_strides(src)[d];
  }
  return 0;
}

static int geom_unfold(const THTensor *src, int dim, int64_t size, int64_t step, Geometry *g,
                       const char *fn) {
  int d = th_wrap_dim_scalar(dim, src->nDimension, "dim", fn);
  if (d < 0 || check_room_for_dim(src->nDimension, fn)) return -1;
  int64_t dim_size = src->nDimension ? th_sizes(src)[d] : 1; /* a scalar: one element */
  if (size < 0 || size > dim_size) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "size %lld does not fit dim %d of size %lld (expected in [0, %lld])",
              (long long)size, d, (long long)dim_size, (long long)dim_size);
    return -1;
  }
  if (step <= 0) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "step must be positive, got %lld", (long long)step);
    return -1;
  }
  geom_from(g, src);
  if (src->nDimension == 0) { /* torch: the scalar's one window, as a 1-dim tensor */
    g->size[0] = size;
    g->stride[0] = 1;
    g->nDimension = 1;
    return 0;
  }
  g->size[d] = (th_sizes(src)[d] - size) / step + 1;
  /* torch keeps stride * step even for 0 or 1 windows (then it is never
   * dereferenced, and wraps like torch's when it overflows) */
  g->stride[d] = wrapping_mul(th_strides(src)[d], step);
  g->size[g->nDimension] = size;
  g->stride[g->nDimension] = th_strides(src)[d];
  g->nDimension++;
  return 0;
}

static int geom_expand(const THTensor *src, int nDimension, const int64_t *size, Geometry *g,
                       const char *fn) {
  if (nDimension < src->nDimension || nDimension > TH_MAX_DIMS) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "%d sizes given for a %d-dim tensor (expected %d to %d)",
              nDimension, src->nDimension, src->nDimension, TH_MAX_DIMS);
    return -1;
  }
  int lead = nDimension - src->nDimension;
  g->nDimension = nDimension;
  g->offset = src->storageOffset;
  for (int i = 0; i < nDimension; i++) {
    int j = i - lead;
    int64_t want = size[i];
    if (j < 0) {
      if (want < 0) {
        TH_ERR_FN(TH_ERROR_VALUE, fn, "size %lld of new leading dim %d must be non-negative",
                  (long long)want, i);
        return -1;
      }
      g->size[i] = want;
      g->stride[i] = 0;
    } else if (want == -1 || want == th_sizes(src)[j]) {
      g->size[i] = th_sizes(src)[j];
      g->stride[i] = th_strides(src)[j];
    } else if (th_sizes(src)[j] == 1 && want >= 0) {
      g->size[i] = want;
      g->stride[i] = 0;
    } else {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "the expanded size %lld must match the existing size %lld at "
                "non-singleton dim %d", (long long)want, (long long)th_sizes(src)[j], i);
      return -1;
    }
  }
  int64_t numel, needed;
  return th_geometry_check(g->nDimension, g->size, g->stride, g->offset, NULL, &numel, &needed,
                           fn);
}

static void format_sizes(char *buf, size_t cap, int n, const int64_t *size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && used + 1 < cap; i++) {
    int w = snprintf(buf + used, cap - used, i ? ", %lld" : "%lld", (long long)size[i]);
    if (w < 0) break;
    used += (size_t)w;
  }
}

/* The sizes of a view or reshape, with one -1 inferred from numel. */
static int infer_sizes(int nDimension, const int64_t *size, int64_t numel, int64_t *out,
                       const char *fn) {
  if (nDimension < 0 || nDimension > TH_MAX_DIMS || (nDimension > 0 && !size)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "number of dimensions must be in [0, %d], got %d", TH_MAX_DIMS,
              nDimension);
    return -1;
  }
  int infer = -1;
  int64_t known = 1;
  for (int i = 0; i < nDimension; i++) {
    if (size[i] == -1) {
      if (infer >= 0) {
        TH_ERR_FN(TH_ERROR_VALUE, fn, "only one size can be -1 (dims %d and %d are)", infer, i);
        return -1;
      }
      infer = i;
    } else if (size[i] < 0) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "size[%d] must be non-negative or -1, got %lld", i,
                (long long)size[i]);
      return -1;
    } else if (__builtin_mul_overflow(known, size[i], &known)) {
      known = -1; /* cannot match any numel */
      break;
    }
    out[i] = size[i];
  }
  int ok = (infer >= 0 && known > 0 && numel % known == 0) || (infer < 0 && known == numel);
  if (ok && infer >= 0) out[infer] = numel / known;
  if (ok) {
    /* the shape's contiguous strides must fit, as for a new tensor (an empty
     * tensor's view can have any sizes whose product is 0) */
    int64_t z = 1;
    for (int i = nDimension - 1; i >= 0; i--) {
      if (out[i] > 1 && __builtin_mul_overflow(z, out[i], &z)) {
        char shape[256];
        format_sizes(shape, sizeof shape, nDimension, out);
        TH_ERR_FN(TH_ERROR_VALUE, fn, "shape [%s] is too large: its strides overflow int64",
                  shape);
        return -1;
      }
    }
    return 0;
  }
  char shape[256];
  format_sizes(shape, sizeof shape, nDimension, size);
  if (infer >= 0 && known == 0)
    TH_ERR_FN(TH_ERROR_VALUE, fn, "shape [%s] is ambiguous: the -1 cannot be inferred when the "
              "other sizes multiply to 0", shape);
  else
    TH_ERR_FN(TH_ERROR_VALUE, fn, "shape [%s] is invalid for %lld elements", shape,
              (long long)numel);
  return -1;
}

/* Strides that give src's elements the new sizes without copying, as torch's
 * computeStride: each run of dims that are contiguous with each other in src
 * must map onto a run of the new dims. Returns 0 with stride filled, or 1
 * when no such strides exist (nothing is reported: reshape copies then). */
static int view_strides(const THTensor *src, int n, const int64_t *size, int64_t *stride) {
  int64_t numel = th_tensor_numel(src);
  if (numel == 0 || src->nDimension == 0) {
    /* any strides are right for no elements; one element: contiguous ones */
    if (numel == 0 && src->nDimension == n &&
        memcmp(th_sizes(src), size, sizeof(int64_t) * (size_t)n) == 0) {
      memcpy(stride, th_strides(src), sizeof(int64_t) * (size_t)n);
      return 0;
    }
    int64_t z = 1;
    for (int d = n - 1; d >= 0; d--) {
      stride[d] = z;
      z *= size[d] > 1 ? size[d] : 1;
    }
    return 0;
  }
  int view_d = n - 1;
  int64_t chunk_base_stride = th_strides(src)[src->nDimension - 1];
  int64_t tensor_numel = 1, view_numel = 1;
  for (int tensor_d = src->nDimension - 1; tensor_d >= 0; tensor_d--) {
    tensor_numel *= th_sizes(src)[tensor_d];
    if (tensor_d == 0 || (th_sizes(src)[tensor_d - 1] != 1 &&
                          th_strides(src)[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || size[view_d] == 1)) {
        stride[view_d] = view_numel * chunk_base_stride;
        view_numel *= size[view_d];
        view_d--;
      }
      if (view_numel != tensor_numel) return 1;
      if (tensor_d > 0) {
        chunk_base_stride = th_strides(src)[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  return view_d == -1 ? 0 : 1;
}

static int geom_view(const THTensor *src, int nDimension, const int64_t *size, Geometry *g,
                     const char *fn) {
  if (infer_sizes(nDimension, size, th_tensor_numel(src), g->size, fn)) return -1;
  if (view_strides(src, nDimension, g->size, g->stride)) {
    char shape[256];
    format_sizes(shape, sizeof shape, nDimension, g->size);
    TH_ERR_FN(TH_ERROR_VALUE, fn, "shape [%s] cannot be a view of this tensor's strides (a dim "
              "would span non-contiguous memory); use reshape, which copies", shape);
    return -1;
  }
  g->nDimension = nDimension;
  g->offset = src->storageOffset;
  return 0;
}

static void geom_squeeze(const THTensor *src, Geometry *g) {
  g->nDimension = 0;
  g->offset = src->storageOffset;
  for (int i = 0; i < src->nDimension; i++) {
    if (th_sizes(src)[i] == 1) continue;
    g->size[g->nDimension] = th_sizes(src)[i];
    g->stride[g->nDimension] = th_strides(src)[i];
    g->nDimension++;
  }
}

static int geom_squeeze1d(const THTensor *src, int dim, Geometry *g, const char *fn) {
  int d = th_wrap_dim_scalar(dim, src->nDimension, "dim", fn);
  if (d < 0) return -1;
  geom_from(g, src);
  if (src->nDimension == 0) return 0; /* a scalar stays one */
  if (th_sizes(src)[d] == 1) geom_remove_dim(g, d);
  return 0;
}

static int geom_unsqueeze1d(const THTensor *src, int dim, Geometry *g, const char *fn) {
  if (check_room_for_dim(src->nDimension, fn)) return -1;
  int d = th_wrap_new_dim(dim, src->nDimension, "dim", fn);
  if (d < 0) return -1;
  geom_from(g, src);
  for (int i = g->nDimension; i > d; i--) {
    g->size[i] = g->size[i - 1];
    g->stride[i] = g->stride[i - 1];
  }
  g->size[d] = 1;
  g->stride[d] = d < src->nDimension ? th_sizes(src)[d] * th_strides(src)[d] : 1;
  g->nDimension++;
  return 0;
}

static int64_t clamp_slice_bound(int64_t v, int64_t n) {
  if (v < 0) v += n;
  return v < 0 ? 0 : v > n ? n : v;
}

static int geom_slice(const THTensor *src, int dim, int64_t start, int64_t stop, int64_t step,
                      Geometry *g, const char *fn) {
  int d = th_wrap_dim(dim, src->nDimension, "dim", fn);
  if (d < 0) return -1;
  if (step <= 0) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "step must be positive, got %lld", (long long)step);
    return -1;
  }
  int64_t n = th_sizes(src)[d];
  start = clamp_slice_bound(start, n);
  stop = clamp_slice_bound(stop, n);
  int64_t length = stop <= start ? 0
                   : step == 1 ? stop - start /* the usual slice: no division */
                               : (stop - start - 1) / step + 1;
  geom_from(g, src);
  g->offset += start * th_strides(src)[d];
  g->size[d] = length;
  g->stride[d] = wrapping_mul(th_strides(src)[d], step); /* torch's, even for length <= 1 */
  geom_clamp_if_empty(g, src);
  return 0;
}

static int geom_as_strided(const THTensor *src, int nDimension, const int64_t *size,
                           const int64_t *stride, int64_t offset, Geometry *g, const char *fn) {
  int64_t numel, needed;
  if (th_geometry_check(nDimension, size, stride, offset, g->stride, &numel, &needed, fn))
    return -1;
  if (needed > src->storage->size) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "the geometry needs %lld elements (offset %lld) but the storage "
              "has %lld", (long long)needed, (long long)offset, (long long)src->storage->size);
    return -1;
  }
  g->nDimension = nDimension;
  g->offset = offset;
  memcpy(g->size, size, sizeof(int64_t) * (size_t)nDimension);
  if (stride) memcpy(g->stride, stride, sizeof(int64_t) * (size_t)nDimension);
  return 0;
}

static int geom_diagonal(const THTensor *src, int64_t offset, int dim1, int dim2, Geometry *g,
                         const char *fn) {
  if (src->nDimension == 0) { /* as torch: a 0-dim tensor's dims are -1 and 0, one dim */
    if (dim1 < -1 || dim1 > 0) return th_wrap_scalar_dim_error(dim1, "dim1", fn);
    if (dim2 < -1 || dim2 > 0) return th_wrap_scalar_dim_error(dim2, "dim2", fn);
    TH_ERR_FN(TH_ERROR_VALUE, fn, "dim1 and dim2 must be different dims, both are 0");
    return -1;
  }
  int d1 = th_wrap_dim(dim1, src->nDimension, "dim1", fn);
  if (d1 < 0) return -1;
  int d2 = th_wrap_dim(dim2, src->nDimension, "dim2", fn);
  if (d2 < 0) return -1;
  if (d1 == d2) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "dim1 and dim2 must be different dims, both are %d", d1);
    return -1;
  }
  int64_t n1 = th_sizes(src)[d1], n2 = th_sizes(src)[d2], length;
  if (offset >= 0)
    length = n2 - offset < n1 ? n2 - offset : n1;
  else
    length = n1 + offset < n2 ? n1 + offset : n2;
  if (length < 0) length = 0;
  geom_from(g, src);
  if (length > 0)
    g->offset += offset >= 0 ? offset * th_strides(src)[d2] : -offset * th_strides(src)[d1];
  int64_t diag_stride = th_strides(src)[d1] + th_strides(src)[d2];
  geom_remove_dim(g, d1 > d2 ? d1 : d2);
  geom_remove_dim(g, d1 > d2 ? d2 : d1);
  g->size[g->nDimension] = length;
  g->stride[g->nDimension] = diag_stride;
  g->nDimension++;
  geom_clamp_if_empty(g, src);
  return 0;
}

/* ------------------------------------------------------------- new views */

#define NEW_VIEW(call)           \
  Geometry g;                    \
  TH_CHECK_TENSOR(tensor, NULL); \
  if (call) return NULL;         \
  return new_view(tensor, &g, __func__)

THTensor *THTensor_newNarrow(THTensor *tensor, int dim, int64_t start, int64_t length) {
  NEW_VIEW(geom_narrow(tensor, dim, start, length, &g, __func__));
}

THTensor *THTensor_newSelect(THTensor *tensor, int dim, int64_t index) {
  NEW_VIEW(geom_select(tensor, dim, index, &g, __func__));
}

THTensor *THTensor_newTranspose(THTensor *tensor, int dim0, int dim1) {
  NEW_VIEW(geom_transpose(tensor, dim0, dim1, &g, __func__));
}

THTensor *THTensor_newPermute(THTensor *tensor, const int *dims) {
  NEW_VIEW(geom_permute(tensor, dims, &g, __func__));
}

THTensor *THTensor_newUnfold(THTensor *tensor, int dim, int64_t size, int64_t step) {
  NEW_VIEW(geom_unfold(tensor, dim, size, step, &g, __func__));
}

THTensor *THTensor_newExpand(THTensor *tensor, int nDimension, const int64_t *size) {
  NEW_VIEW(geom_expand(tensor, nDimension, size, &g, __func__));
}

THTensor *THTensor_newView(THTensor *tensor, int nDimension, const int64_t *size) {
  NEW_VIEW(geom_view(tensor, nDimension, size, &g, __func__));
}

THTensor *THTensor_newSqueeze(THTensor *tensor) {
  Geometry g;
  TH_CHECK_TENSOR(tensor, NULL);
  geom_squeeze(tensor, &g);
  return new_view(tensor, &g, __func__);
}

THTensor *THTensor_newSqueeze1d(THTensor *tensor, int dim) {
  NEW_VIEW(geom_squeeze1d(tensor, dim, &g, __func__));
}

THTensor *THTensor_newUnsqueeze1d(THTensor *tensor, int dim) {
  NEW_VIEW(geom_unsqueeze1d(tensor, dim, &g, __func__));
}

THTensor *THTensor_newSlice(THTensor *tensor, int dim, int64_t start, int64_t stop,
                            int64_t step) {
  NEW_VIEW(geom_slice(tensor, dim, start, stop, step, &g, __func__));
}

THTensor *THTensor_newAsStrided(THTensor *tensor, int nDimension, const int64_t *size,
                                const int64_t *stride, int64_t storageOffset) {
  NEW_VIEW(geom_as_strided(tensor, nDimension, size, stride, storageOffset, &g, __func__));
}

THTensor *THTensor_newDiagonal(THTensor *tensor, int64_t offset, int dim1, int dim2) {
  NEW_VIEW(geom_diagonal(tensor, offset, dim1, dim2, &g, __func__));
}

#undef NEW_VIEW

/* ------------------------------------------------------ in-place setters */

#define SET_VIEW(call)     \
  Geometry g;              \
  if (!src) src = self;    \
  TH_CHECK_TENSOR(self, -1); \
  TH_CHECK_TENSOR(src, -1);  \
  if (call) return -1;     \
  return set_view(self, src, &g, __func__)

int THTensor_narrow(THTensor *self, THTensor *src, int dim, int64_t start, int64_t length) {
  SET_VIEW(geom_narrow(src, dim, start, length, &g, __func__));
}

int THTensor_select(THTensor *self, THTensor *src, int dim, int64_t index) {
  SET_VIEW(geom_select(src, dim, index, &g, __func__));
}

int THTensor_transpose(THTensor *self, THTensor *src, int dim0, int dim1) {
  SET_VIEW(geom_transpose(src, dim0, dim1, &g, __func__));
}

int THTensor_unfold(THTensor *self, THTensor *src, int dim, int64_t size, int64_t step) {
  SET_VIEW(geom_unfold(src, dim, size, step, &g, __func__));
}

int THTensor_squeeze(THTensor *self, THTensor *src) {
  Geometry g;
  if (!src) src = self;
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(src, -1);
  geom_squeeze(src, &g);
  return set_view(self, src, &g, __func__);
}

int THTensor_squeeze1d(THTensor *self, THTensor *src, int dim) {
  SET_VIEW(geom_squeeze1d(src, dim, &g, __func__));
}

int THTensor_unsqueeze1d(THTensor *self, THTensor *src, int dim) {
  SET_VIEW(geom_unsqueeze1d(src, dim, &g, __func__));
}

int THTensor_slice(THTensor *self, THTensor *src, int dim, int64_t start, int64_t stop,
                   int64_t step) {
  SET_VIEW(geom_slice(src, dim, start, stop, step, &g, __func__));
}

#undef SET_VIEW

/* ------------------------------------------- reshape (newReshape: the engine) */

int th_reshape_geometry(const THTensor *tensor, int nDimension, const int64_t *size,
                        int64_t *out_size, int64_t *out_stride, const char *fn) {
  if (infer_sizes(nDimension, size, th_tensor_numel(tensor), out_size, fn)) return -1;
  return view_strides(tensor, nDimension, out_size, out_stride) == 0;
}
