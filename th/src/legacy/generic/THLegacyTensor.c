/* TH<Real>Tensor_*: TH v0.4's typed tensor functions (generic/THTensor.h),
 * once per TH type, with TH's semantics. Here THTensor and THStorage are
 * th's own structs; LTensor and LStorage are TH's typed ones. */
#undef THStorage
#undef THTensor
#define LTensor TH_CONCAT_3(TH, Real, Tensor)
#define LStorage TH_CONCAT_3(TH, Real, Storage)
#define T_IN(t) th_legacy_tensor((t), TH_REAL_DTYPE, #t, __func__)
#define T_OUT(t) ((LTensor *)th_legacy_nonnull(t))
/* src NULL means self, as in TH */
#define T_SRC(src, self) ((src) ? T_IN(src) : T_IN(self))

/* ------------------------------------------------------------- fields */

LStorage *THTensor_(storage)(const LTensor *self) { return (LStorage *)T_IN(self)->storage; }

ptrdiff_t THTensor_(storageOffset)(const LTensor *self) { return T_IN(self)->storageOffset; }

int THTensor_(nDimension)(const LTensor *self) { return T_IN(self)->nDimension; }

int64_t THTensor_(size)(const LTensor *self, int dim) {
  THTensor *t = T_IN(self);
  THArgCheck(dim >= 0 && dim < t->nDimension, 2, "%s: dimension %d out of range of %dD tensor",
             __func__, dim + TH_INDEX_BASE, t->nDimension);
  return t->size[dim];
}

int64_t THTensor_(stride)(const LTensor *self, int dim) {
  THTensor *t = T_IN(self);
  THArgCheck(dim >= 0 && dim < t->nDimension, 2, "%s: dimension %d out of range of %dD tensor",
             __func__, dim + TH_INDEX_BASE, t->nDimension);
  return t->stride[dim];
}

static THLongStorage *TH_CONCAT_2(legacy_long_storage_, Real)(int n, const int64_t *values) {
  THStorage *s = th_legacy_nonnull(THStorage_newWithSize(TH_INT64, n));
  if (n) memcpy(s->data, values, sizeof(int64_t) * (size_t)n);
  return (THLongStorage *)s;
}

THLongStorage *THTensor_(newSizeOf)(LTensor *self) {
  THTensor *t = T_IN(self);
  return TH_CONCAT_2(legacy_long_storage_, Real)(t->nDimension, t->size);
}

THLongStorage *THTensor_(newStrideOf)(LTensor *self) {
  THTensor *t = T_IN(self);
  return TH_CONCAT_2(legacy_long_storage_, Real)(t->nDimension, t->stride);
}

real *THTensor_(data)(const LTensor *self) {
  THTensor *t = T_IN(self);
  return t->storage->data ? (real *)t->storage->data + t->storageOffset : NULL;
}

/* TH's tensor flags meant nothing outside its refcounting: kept nowhere */
void THTensor_(setFlag)(LTensor *self, const char flag) {
  (void)T_IN(self);
  (void)flag;
}

void THTensor_(clearFlag)(LTensor *self, const char flag) {
  (void)T_IN(self);
  (void)flag;
}

/* ------------------------------------------------------------ creation */

/* A tensor with 0 dims, as TH's new: no elements to TH code. To th's own
 * functions a 0-dim tensor is a scalar, so its storage holds one element:
 * a TH-empty tensor handed to th (THTensor *, Python) stays in bounds. */
static THTensor *TH_CONCAT_2(legacy_empty_, Real)(void) {
  /* (room for any inline geometry: TH code resizes what new gives) */
  THTensor *t = th_legacy_nonnull(
      th_tensor_new_with_room(TH_REAL_DTYPE, 0, TH_INLINE_DIMS, NULL, NULL, "THTensor_new"));
  memset(t->storage->data, 0, sizeof(real)); /* a zero, not garbage, to th */
  return t;
}
#define LEGACY_EMPTY TH_CONCAT_2(legacy_empty_, Real)

LTensor *THTensor_(new)(void) { return (LTensor *)LEGACY_EMPTY(); }

LTensor *THTensor_(newWithTensor)(LTensor *tensor) {
  return T_OUT(THTensor_newWithTensor(T_IN(tensor)));
}

/* A new tensor over storage (retained; NULL: a new one) with TH's geometry;
 * everything is undone before an error unwinds. */
static LTensor *TH_CONCAT_2(legacy_new_with_storage_, Real)(LStorage *storage, ptrdiff_t offset,
                                                           int n, const int64_t *size,
                                                           const int64_t *stride,
                                                           const char *fn) {
  THStorage *s = storage ? th_legacy_storage(storage, TH_REAL_DTYPE, "storage", fn) : NULL;
  THTensor *t = LEGACY_EMPTY();
  if (th_legacy_set_storage_nd(t, s, offset, n, size, stride, fn) < 0) {
    THTensor_free(t);
    th_legacy_raise();
  }
  return (LTensor *)t;
}
#define LEGACY_NEW_WITH_STORAGE TH_CONCAT_2(legacy_new_with_storage_, Real)

/* sizes (and strides) from THLongStorages, as TH read them */
static int TH_CONCAT_2(legacy_dims_, Real)(THLongStorage *size, THLongStorage *stride,
                                          const int64_t **sz, const int64_t **st,
                                          const char *fn) {
  THStorage *a = size ? th_legacy_storage(size, TH_INT64, "size", fn) : NULL;
  THStorage *b = stride ? th_legacy_storage(stride, TH_INT64, "stride", fn) : NULL;
  if (a && b) THArgCheck(a->size == b->size, 4, "%s: inconsistent size", fn);
  /* no sizes: no dims (TH read a NULL size array when strides came alone) */
  int64_t n = a ? a->size : 0;
  THArgCheck(n <= TH_MAX_DIMS, 2, "%s: %" PRId64 " dims (at most %d)", fn, n, TH_MAX_DIMS);
  *sz = a ? a->data : NULL;
  *st = b ? b->data : NULL;
  return (int)n;
}
#define LEGACY_DIMS TH_CONCAT_2(legacy_dims_, Real)

LTensor *THTensor_(newWithStorage)(LStorage *storage, ptrdiff_t storageOffset,
                                   THLongStorage *size, THLongStorage *stride) {
  const int64_t *sz, *st;
  int n = LEGACY_DIMS(size, stride, &sz, &st, __func__);
  return LEGACY_NEW_WITH_STORAGE(storage, storageOffset, n, sz, st, __func__);
}

LTensor *THTensor_(newWithStorage1d)(LStorage *storage, ptrdiff_t storageOffset, int64_t size0,
                                     int64_t stride0) {
  int64_t sz[1] = {size0}, st[1] = {stride0};
  return LEGACY_NEW_WITH_STORAGE(storage, storageOffset, 1, sz, st, __func__);
}

LTensor *THTensor_(newWithStorage2d)(LStorage *storage, ptrdiff_t storageOffset, int64_t size0,
                                     int64_t stride0, int64_t size1, int64_t stride1) {
  int64_t sz[2] = {size0, size1}, st[2] = {stride0, stride1};
  return LEGACY_NEW_WITH_STORAGE(storage, storageOffset, 2, sz, st, __func__);
}

LTensor *THTensor_(newWithStorage3d)(LStorage *storage, ptrdiff_t storageOffset, int64_t size0,
                                     int64_t stride0, int64_t size1, int64_t stride1,
                                     int64_t size2, int64_t stride2) {
  int64_t sz[3] = {size0, size1, size2}, st[3] = {stride0, stride1, stride2};
  return LEGACY_NEW_WITH_STORAGE(storage, storageOffset, 3, sz, st, __func__);
}

LTensor *THTensor_(newWithStorage4d)(LStorage *storage, ptrdiff_t storageOffset, int64_t size0,
                                     int64_t stride0, int64_t size1, int64_t stride1,
                                     int64_t size2, int64_t stride2, int64_t size3,
                                     int64_t stride3) {
  int64_t sz[4] = {size0, size1, size2, size3}, st[4] = {stride0, stride1, stride2, stride3};
  return LEGACY_NEW_WITH_STORAGE(storage, storageOffset, 4, sz, st, __func__);
}

LTensor *THTensor_(newWithSize)(THLongStorage *size, THLongStorage *stride) {
  const int64_t *sz, *st;
  int n = LEGACY_DIMS(size, stride, &sz, &st, __func__);
  return LEGACY_NEW_WITH_STORAGE(NULL, 0, n, sz, st, __func__);
}

LTensor *THTensor_(newWithSize1d)(int64_t size0) {
  int64_t sz[1] = {size0};
  return LEGACY_NEW_WITH_STORAGE(NULL, 0, 1, sz, NULL, __func__);
}

LTensor *THTensor_(newWithSize2d)(int64_t size0, int64_t size1) {
  int64_t sz[2] = {size0, size1};
  return LEGACY_NEW_WITH_STORAGE(NULL, 0, 2, sz, NULL, __func__);
}

LTensor *THTensor_(newWithSize3d)(int64_t size0, int64_t size1, int64_t size2) {
  int64_t sz[3] = {size0, size1, size2};
  return LEGACY_NEW_WITH_STORAGE(NULL, 0, 3, sz, NULL, __func__);
}

LTensor *THTensor_(newWithSize4d)(int64_t size0, int64_t size1, int64_t size2, int64_t size3) {
  int64_t sz[4] = {size0, size1, size2, size3};
  return LEGACY_NEW_WITH_STORAGE(NULL, 0, 4, sz, NULL, __func__);
}

LTensor *THTensor_(newClone)(LTensor *self) {
  THTensor *t = T_IN(self);
  if (t->nDimension == 0) return (LTensor *)LEGACY_EMPTY();
  return T_OUT(THTensor_newClone(t));
}

LTensor *THTensor_(newContiguous)(LTensor *tensor) {
  if (THTensor_(isContiguous)(tensor)) {
    THTensor_retain(T_IN(tensor));
    return tensor;
  }
  return THTensor_(newClone)(tensor);
}

/* ------------------------------------------------------ in-place views */

#define LEGACY_CHECK_DIM(src, dim, arg)                                                   \
  THArgCheck((dim) >= 0 && (dim) < (src)->nDimension, arg,                                \
             "%s: dimension %d out of range of %dD tensor", __func__, (dim) + TH_INDEX_BASE, \
             (src)->nDimension)

/* Each view checks its arguments as TH did (a TH error, nothing changed),
 * then gives t the view: 0, or -1 on allocation. t NULL: the checks alone. */
static int TH_CONCAT_2(legacy_narrow_, Real)(THTensor *t, THTensor *s, int dim, int64_t first,
                                            int64_t size, const char *fn) {
  THArgCheck(dim >= 0 && dim < s->nDimension, 2, "%s: dimension %d out of range of %dD tensor",
             fn, dim + TH_INDEX_BASE, s->nDimension);
  THArgCheck(first >= 0 && first < s->size[dim], 3,
             "%s: first index %" PRId64 " out of range for dimension %d of size %" PRId64, fn,
             first, dim + TH_INDEX_BASE, s->size[dim]);
  THArgCheck(size > 0 && first <= s->size[dim] - size, 4,
             "%s: size %" PRId64 " from index %" PRId64 " out of range for dimension %d of "
             "size %" PRId64, fn, size, first, dim + TH_INDEX_BASE, s->size[dim]);
  if (!t) return 0;
  int64_t sz[TH_MAX_DIMS];
  memcpy(sz, s->size, sizeof(int64_t) * (size_t)s->nDimension);
  sz[dim] = size;
  return th_tensor_assign(t, s->storage, s->storageOffset + first * s->stride[dim], s->nDimension, sz,
                        s->stride, fn);
}

static int TH_CONCAT_2(legacy_select_, Real)(THTensor *t, THTensor *s, int dim, int64_t index,
                                            const char *fn) {
  THArgCheck(s->nDimension > 1, 1, "%s: cannot select on a vector", fn);
  THArgCheck(dim >= 0 && dim < s->nDimension, 2, "%s: dimension %d out of range of %dD tensor",
             fn, dim + TH_INDEX_BASE, s->nDimension);
  THArgCheck(index >= 0 && index < s->size[dim], 3,
             "%s: index %" PRId64 " out of range for dimension %d of size %" PRId64, fn, index,
             dim + TH_INDEX_BASE, s->size[dim]);
  if (!t) return 0;
  int64_t sz[TH_MAX_DIMS], st[TH_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < s->nDimension; d++)
    if (d != dim) {
      sz[n] = s->size[d];
      st[n++] = s->stride[d];
    }
  return th_tensor_assign(t, s->storage, s->storageOffset + index * s->stride[dim], n, sz, st, fn);
}

static int TH_CONCAT_2(legacy_transpose_, Real)(THTensor *t, THTensor *s, int dim1, int dim2,
                                               const char *fn) {
  THArgCheck(dim1 >= 0 && dim1 < s->nDimension, 1, "%s: dimension %d out of range of %dD tensor",
             fn, dim1 + TH_INDEX_BASE, s->nDimension);
  THArgCheck(dim2 >= 0 && dim2 < s->nDimension, 2, "%s: dimension %d out of range of %dD tensor",
             fn, dim2 + TH_INDEX_BASE, s->nDimension);
  if (!t) return 0;
  int64_t sz[TH_MAX_DIMS], st[TH_MAX_DIMS];
  memcpy(sz, s->size, sizeof(int64_t) * (size_t)s->nDimension);
  memcpy(st, s->stride, sizeof(int64_t) * (size_t)s->nDimension);
  sz[dim1] = s->size[dim2];
  st[dim1] = s->stride[dim2];
  sz[dim2] = s->size[dim1];
  st[dim2] = s->stride[dim1];
  return th_tensor_assign(t, s->storage, s->storageOffset, s->nDimension, sz, st, fn);
}

static int TH_CONCAT_2(legacy_unfold_, Real)(THTensor *t, THTensor *s, int dim, int64_t size,
                                            int64_t step, const char *fn) {
  THArgCheck(s->nDimension > 0, 1, "%s: cannot unfold an empty tensor", fn);
  THArgCheck(dim >= 0 && dim < s->nDimension, 2, "%s: dimension %d out of range of %dD tensor",
             fn, dim + TH_INDEX_BASE, s->nDimension);
  THArgCheck(size <= s->size[dim], 3,
             "%s: size %" PRId64 " out of range for dimension %d of size %" PRId64, fn, size,
             dim + TH_INDEX_BASE, s->size[dim]);
  THArgCheck(step > 0, 4, "%s: invalid step %" PRId64, fn, step);
  /* TH let size be 0 or negative; th keeps every view inside its storage */
  THArgCheck(size > 0, 3, "%s: size %" PRId64 " is not positive", fn, size);
  THArgCheck(s->nDimension < TH_MAX_DIMS, 1, "%s: a %d-dim tensor has no room for another dim",
             fn, s->nDimension);
  if (!t) return 0;
  int64_t sz[TH_MAX_DIMS], st[TH_MAX_DIMS];
  for (int d = 0; d < s->nDimension; d++) {
    sz[d] = d == dim ? (s->size[d] - size) / step + 1 : s->size[d];
    st[d] = d == dim ? step * s->stride[d] : s->stride[d];
  }
  sz[s->nDimension] = size;
  st[s->nDimension] = s->stride[dim];
  return th_tensor_assign(t, s->storage, s->storageOffset, s->nDimension + 1, sz, st, fn);
}

void THTensor_(narrow)(LTensor *self, LTensor *src, int dimension_, int64_t firstIndex_,
                       int64_t size_) {
  THTensor *t = T_IN(self), *s = T_SRC(src, self);
  TH_LEGACY_OK(TH_CONCAT_2(legacy_narrow_, Real)(t, s, dimension_, firstIndex_, size_, __func__));
}

void THTensor_(select)(LTensor *self, LTensor *src, int dimension_, int64_t sliceIndex_) {
  THTensor *t = T_IN(self), *s = T_SRC(src, self);
  TH_LEGACY_OK(TH_CONCAT_2(legacy_select_, Real)(t, s, dimension_, sliceIndex_, __func__));
}

void THTensor_(transpose)(LTensor *self, LTensor *src, int dimension1_, int dimension2_) {
  THTensor *t = T_IN(self), *s = T_SRC(src, self);
  TH_LEGACY_OK(TH_CONCAT_2(legacy_transpose_, Real)(t, s, dimension1_, dimension2_, __func__));
}

void THTensor_(unfold)(LTensor *self, LTensor *src, int dimension_, int64_t size_,
                       int64_t step_) {
  THTensor *t = T_IN(self), *s = T_SRC(src, self);
  TH_LEGACY_OK(TH_CONCAT_2(legacy_unfold_, Real)(t, s, dimension_, size_, step_, __func__));
}

/* The view constructors: the in-place form on a new tensor sharing
 * tensor's storage, freed again if the view fails. */
#define LEGACY_NEW_VIEW(call)                                                 \
  THTensor *src_ = T_IN(tensor), *self_ = NULL;                                \
  (void)call; /* the checks, before anything is made */                       \
  self_ = th_legacy_nonnull(THTensor_newWithTensor(src_));                     \
  if (call < 0) {                                                              \
    THTensor_free(self_);                                                      \
    th_legacy_raise();                                                         \
  }                                                                            \
  return (LTensor *)self_

LTensor *THTensor_(newSelect)(LTensor *tensor, int dimension_, int64_t sliceIndex_) {
  LEGACY_NEW_VIEW(TH_CONCAT_2(legacy_select_, Real)(self_, src_, dimension_, sliceIndex_,
                                                    __func__));
}

LTensor *THTensor_(newNarrow)(LTensor *tensor, int dimension_, int64_t firstIndex_,
                              int64_t size_) {
  LEGACY_NEW_VIEW(TH_CONCAT_2(legacy_narrow_, Real)(self_, src_, dimension_, firstIndex_, size_,
                                                    __func__));
}

LTensor *THTensor_(newTranspose)(LTensor *tensor, int dimension1_, int dimension2_) {
  LEGACY_NEW_VIEW(TH_CONCAT_2(legacy_transpose_, Real)(self_, src_, dimension1_, dimension2_,
                                                       __func__));
}

LTensor *THTensor_(newUnfold)(LTensor *tensor, int dimension_, int64_t size_, int64_t step_) {
  LEGACY_NEW_VIEW(TH_CONCAT_2(legacy_unfold_, Real)(self_, src_, dimension_, size_, step_,
                                                    __func__));
}

LTensor *THTensor_(newView)(LTensor *tensor, THLongStorage *size) {
  THTensor *t = T_IN(tensor);
  THLongStorage *inferred = THLongStorage_newInferSize(size, th_legacy_numel(t));
  THStorage *inf = (THStorage *)inferred;
  int n = (int)inf->size;
  int64_t st[TH_MAX_DIMS];
  /* th's reshape geometry: 1 when the strides can express the shape */
  int64_t sz[TH_MAX_DIMS];
  int viewable = n <= TH_MAX_DIMS && th_legacy_numel(t) > 0
                     ? th_reshape_geometry(t, n, inf->data, sz, st, __func__)
                     : 1;
  if (viewable != 1) {
    THLongStorage_free(inferred);
    THClearError();
    THArgError(2, "%s: view size is not compatible with input tensor's size and stride (at "
               "least one dimension spans across two contiguous subspaces). Call "
               ".contiguous() before .view().", __func__);
  }
  THTensor *r = LEGACY_EMPTY();
  int rc = th_legacy_numel(t) > 0
               ? th_tensor_assign(r, t->storage, t->storageOffset, n, sz, st, __func__)
               : th_legacy_set_storage_nd(r, t->storage, t->storageOffset, n, inf->data, NULL,
                                          __func__);
  THLongStorage_free(inferred);
  if (rc < 0) {
    THTensor_free(r);
    th_legacy_raise();
  }
  return (LTensor *)r;
}

/* -------------------------------------------------------------- resize */

void THTensor_(resizeNd)(LTensor *self, int nDimension, int64_t *size, int64_t *stride) {
  TH_LEGACY_OK(th_legacy_resize_nd(T_IN(self), nDimension, size, stride, __func__));
}

void THTensor_(resize)(LTensor *self, THLongStorage *size, THLongStorage *stride) {
  THArgCheck(size != NULL, 2, "%s: invalid size", __func__);
  const int64_t *sz, *st;
  int n = LEGACY_DIMS(size, stride, &sz, &st, __func__);
  THTensor_(resizeNd)(self, n, (int64_t *)sz, (int64_t *)st);
}

void THTensor_(resizeAs)(LTensor *self, LTensor *src) {
  THTensor *s = T_IN(src);
  if (!THTensor_(isSameSizeAs)(self, src)) THTensor_(resizeNd)(self, s->nDimension, s->size, NULL);
}

void THTensor_(resize1d)(LTensor *tensor, int64_t size0_) {
  int64_t sz[1] = {size0_};
  THTensor_(resizeNd)(tensor, 1, sz, NULL);
}

void THTensor_(resize2d)(LTensor *tensor, int64_t size0_, int64_t size1_) {
  int64_t sz[2] = {size0_, size1_};
  THTensor_(resizeNd)(tensor, 2, sz, NULL);
}

void THTensor_(resize3d)(LTensor *tensor, int64_t size0_, int64_t size1_, int64_t size2_) {
  int64_t sz[3] = {size0_, size1_, size2_};
  THTensor_(resizeNd)(tensor, 3, sz, NULL);
}

void THTensor_(resize4d)(LTensor *tensor, int64_t size0_, int64_t size1_, int64_t size2_,
                         int64_t size3_) {
  int64_t sz[4] = {size0_, size1_, size2_, size3_};
  THTensor_(resizeNd)(tensor, 4, sz, NULL);
}

void THTensor_(resize5d)(LTensor *tensor, int64_t size0_, int64_t size1_, int64_t size2_,
                         int64_t size3_, int64_t size4_) {
  int64_t sz[5] = {size0_, size1_, size2_, size3_, size4_};
  THTensor_(resizeNd)(tensor, 5, sz, NULL);
}

/* ------------------------------------------------------------- setters */

void THTensor_(set)(LTensor *self, LTensor *src) {
  THTensor *t = T_IN(self), *s = T_IN(src);
  if (t != s) TH_LEGACY_OK(THTensor_set(t, s));
}

void THTensor_(setStorageNd)(LTensor *self, LStorage *storage_, ptrdiff_t storageOffset_,
                             int nDimension, int64_t *size, int64_t *stride) {
  THTensor *t = T_IN(self);
  THStorage *s = storage_ ? th_legacy_storage(storage_, TH_REAL_DTYPE, "storage", __func__) : NULL;
  TH_LEGACY_OK(th_legacy_set_storage_nd(t, s, storageOffset_, nDimension, size, stride,
                                        __func__));
}

void THTensor_(setStorage)(LTensor *self, LStorage *storage_, ptrdiff_t storageOffset_,
                           THLongStorage *size_, THLongStorage *stride_) {
  const int64_t *sz, *st;
  int n = LEGACY_DIMS(size_, stride_, &sz, &st, __func__);
  THTensor_(setStorageNd)(self, storage_, storageOffset_, n, (int64_t *)sz, (int64_t *)st);
}

void THTensor_(setStorage1d)(LTensor *self, LStorage *storage_, ptrdiff_t storageOffset_,
                             int64_t size0_, int64_t stride0_) {
  int64_t sz[1] = {size0_}, st[1] = {stride0_};
  THTensor_(setStorageNd)(self, storage_, storageOffset_, 1, sz, st);
}

void THTensor_(setStorage2d)(LTensor *self, LStorage *storage_, ptrdiff_t storageOffset_,
                             int64_t size0_, int64_t stride0_, int64_t size1_, int64_t stride1_) {
  int64_t sz[2] = {size0_, size1_}, st[2] = {stride0_, stride1_};
  THTensor_(setStorageNd)(self, storage_, storageOffset_, 2, sz, st);
}

void THTensor_(setStorage3d)(LTensor *self, LStorage *storage_, ptrdiff_t storageOffset_,
                             int64_t size0_, int64_t stride0_, int64_t size1_, int64_t stride1_,
                             int64_t size2_, int64_t stride2_) {
  int64_t sz[3] = {size0_, size1_, size2_}, st[3] = {stride0_, stride1_, stride2_};
  THTensor_(setStorageNd)(self, storage_, storageOffset_, 3, sz, st);
}

void THTensor_(setStorage4d)(LTensor *self, LStorage *storage_, ptrdiff_t storageOffset_,
                             int64_t size0_, int64_t stride0_, int64_t size1_, int64_t stride1_,
                             int64_t size2_, int64_t stride2_, int64_t size3_, int64_t stride3_) {
  int64_t sz[4] = {size0_, size1_, size2_, size3_}, st[4] = {stride0_, stride1_, stride2_, stride3_};
  THTensor_(setStorageNd)(self, storage_, storageOffset_, 4, sz, st);
}

void THTensor_(squeeze)(LTensor *self, LTensor *src) {
  THTensor *t = T_IN(self), *s = T_SRC(src, self);
  int64_t sz[TH_MAX_DIMS], st[TH_MAX_DIMS];
  int n = 0;
  for (int d = 0; d < s->nDimension; d++)
    if (s->size[d] != 1) {
      sz[n] = s->size[d];
      st[n++] = s->stride[d];
    }
  /* a tensor of ones keeps one dim: TH had no 0-dim tensors */
  if (n == 0 && s->nDimension > 0) {
    sz[0] = 1;
    st[0] = 1;
    n = 1;
  }
  TH_LEGACY_OK(th_tensor_assign(t, s->storage, s->storageOffset, n, sz, st, __func__));
}

void THTensor_(squeeze1d)(LTensor *self, LTensor *src, int dimension_) {
  THTensor *t = T_IN(self), *s = T_SRC(src, self);
  LEGACY_CHECK_DIM(s, dimension_, 2);
  int64_t sz[TH_MAX_DIMS], st[TH_MAX_DIMS];
  int n = 0, drop = s->size[dimension_] == 1 && s->nDimension > 1;
  for (int d = 0; d < s->nDimension; d++)
    if (!(drop && d == dimension_)) {
      sz[n] = s->size[d];
      st[n++] = s->stride[d];
    }
  TH_LEGACY_OK(th_tensor_assign(t, s->storage, s->storageOffset, n, sz, st, __func__));
}

void THTensor_(unsqueeze1d)(LTensor *self, LTensor *src, int dimension_) {
  THTensor *t = T_IN(self), *s = T_SRC(src, self);
  THArgCheck(dimension_ >= 0 && dimension_ <= s->nDimension, 2,
             "%s: dimension %d out of range of %dD tensor", __func__,
             dimension_ + TH_INDEX_BASE, s->nDimension);
  THArgCheck(s->nDimension > 0, 2, "%s: cannot unsqueeze empty tensor", __func__);
  THArgCheck(s->nDimension < TH_MAX_DIMS, 2, "%s: a %d-dim tensor has no room for another dim",
             __func__, s->nDimension);
  int64_t sz[TH_MAX_DIMS], st[TH_MAX_DIMS];
  int n = 0;
  for (int d = 0; d <= s->nDimension; d++) {
    if (d == dimension_) {
      sz[n] = 1;
      st[n++] = d < s->nDimension ? s->size[d] * s->stride[d] : 1;
    }
    if (d < s->nDimension) {
      sz[n] = s->size[d];
      st[n++] = s->stride[d];
    }
  }
  TH_LEGACY_OK(th_tensor_assign(t, s->storage, s->storageOffset, n, sz, st, __func__));
}

/* -------------------------------------------------------------- queries */

int THTensor_(isContiguous)(const LTensor *self) {
  THTensor *t = T_IN(self);
  int64_t z = 1;
  for (int d = t->nDimension - 1; d >= 0; d--) {
    if (t->size[d] == 1) continue;
    if (t->stride[d] != z) return 0;
    z *= t->size[d];
  }
  return 1;
}

int THTensor_(isSameSizeAs)(const LTensor *self, const LTensor *src) {
  THTensor *t = T_IN(self), *s = T_IN(src);
  if (t->nDimension != s->nDimension) return 0;
  for (int d = 0; d < t->nDimension; d++)
    if (t->size[d] != s->size[d]) return 0;
  return 1;
}

int THTensor_(isSetTo)(const LTensor *self, const LTensor *src) {
  THTensor *t = T_IN(self), *s = T_IN(src);
  if (t->storage != s->storage || t->storageOffset != s->storageOffset ||
      t->nDimension != s->nDimension)
    return 0;
  for (int d = 0; d < t->nDimension; d++)
    if (t->size[d] != s->size[d] || t->stride[d] != s->stride[d]) return 0;
  return 1;
}

int THTensor_(isSize)(const LTensor *self, const THLongStorage *dims) {
  THTensor *t = T_IN(self);
  THStorage *d = th_legacy_storage(dims, TH_INT64, "dims", __func__);
  if (t->nDimension != d->size) return 0;
  for (int i = 0; i < t->nDimension; i++)
    if (t->size[i] != ((int64_t *)d->data)[i]) return 0;
  return 1;
}

ptrdiff_t THTensor_(nElement)(const LTensor *self) { return th_legacy_numel(T_IN(self)); }

/* ------------------------------------------------------------ refcounts */

void THTensor_(retain)(LTensor *self) {
  if (self) THTensor_retain(T_IN(self));
}

void THTensor_(free)(LTensor *self) {
  if (self) THTensor_free(T_IN(self));
}

void THTensor_(freeCopyTo)(LTensor *self, LTensor *dst) {
  THTensor *t = T_IN(self), *d = T_IN(dst);
  if (t != d && th_legacy_copy(d, t, __func__) < 0) {
    THTensor_free(t);
    th_legacy_raise();
  }
  THTensor_free(t);
}

/* ------------------------------------------------------- element access */

#define LEGACY_AT(t, off) ((real *)(t)->storage->data + (t)->storageOffset + (off))
#define LEGACY_CHECK_INDEX(t, d, x)                                                         \
  THArgCheck((x) >= 0 && (x) < (t)->size[d], 2,                                             \
             "%s: index %" PRId64 " out of range for dimension %d of size %" PRId64, __func__, \
             (int64_t)(x), (d) + TH_INDEX_BASE, (t)->size[d])
#define LEGACY_CHECK_DIMS(t, n) \
  THArgCheck((t)->nDimension == (n), 1, "%s: tensor must have %d dimension(s), not %d", \
             __func__, (n), (t)->nDimension)

void THTensor_(set1d)(LTensor *tensor, int64_t x0, real value) {
  THTensor *t = T_IN(tensor);
  LEGACY_CHECK_DIMS(t, 1);
  LEGACY_CHECK_INDEX(t, 0, x0);
  *LEGACY_AT(t, x0 * t->stride[0]) = value;
}

void THTensor_(set2d)(LTensor *tensor, int64_t x0, int64_t x1, real value) {
  THTensor *t = T_IN(tensor);
  LEGACY_CHECK_DIMS(t, 2);
  LEGACY_CHECK_INDEX(t, 0, x0);
  LEGACY_CHECK_INDEX(t, 1, x1);
  *LEGACY_AT(t, x0 * t->stride[0] + x1 * t->stride[1]) = value;
}

void THTensor_(set3d)(LTensor *tensor, int64_t x0, int64_t x1, int64_t x2, real value) {
  THTensor *t = T_IN(tensor);
  LEGACY_CHECK_DIMS(t, 3);
  LEGACY_CHECK_INDEX(t, 0, x0);
  LEGACY_CHECK_INDEX(t, 1, x1);
  LEGACY_CHECK_INDEX(t, 2, x2);
  *LEGACY_AT(t, x0 * t->stride[0] + x1 * t->stride[1] + x2 * t->stride[2]) = value;
}

void THTensor_(set4d)(LTensor *tensor, int64_t x0, int64_t x1, int64_t x2, int64_t x3,
                      real value) {
  THTensor *t = T_IN(tensor);
  LEGACY_CHECK_DIMS(t, 4);
  LEGACY_CHECK_INDEX(t, 0, x0);
  LEGACY_CHECK_INDEX(t, 1, x1);
  LEGACY_CHECK_INDEX(t, 2, x2);
  LEGACY_CHECK_INDEX(t, 3, x3);
  *LEGACY_AT(t, x0 * t->stride[0] + x1 * t->stride[1] + x2 * t->stride[2] + x3 * t->stride[3]) =
      value;
}

real THTensor_(get1d)(const LTensor *tensor, int64_t x0) {
  THTensor *t = T_IN(tensor);
  LEGACY_CHECK_DIMS(t, 1);
  LEGACY_CHECK_INDEX(t, 0, x0);
  return *LEGACY_AT(t, x0 * t->stride[0]);
}

real THTensor_(get2d)(const LTensor *tensor, int64_t x0, int64_t x1) {
  THTensor *t = T_IN(tensor);
  LEGACY_CHECK_DIMS(t, 2);
  LEGACY_CHECK_INDEX(t, 0, x0);
  LEGACY_CHECK_INDEX(t, 1, x1);
  return *LEGACY_AT(t, x0 * t->stride[0] + x1 * t->stride[1]);
}

real THTensor_(get3d)(const LTensor *tensor, int64_t x0, int64_t x1, int64_t x2) {
  THTensor *t = T_IN(tensor);
  LEGACY_CHECK_DIMS(t, 3);
  LEGACY_CHECK_INDEX(t, 0, x0);
  LEGACY_CHECK_INDEX(t, 1, x1);
  LEGACY_CHECK_INDEX(t, 2, x2);
  return *LEGACY_AT(t, x0 * t->stride[0] + x1 * t->stride[1] + x2 * t->stride[2]);
}

real THTensor_(get4d)(const LTensor *tensor, int64_t x0, int64_t x1, int64_t x2, int64_t x3) {
  THTensor *t = T_IN(tensor);
  LEGACY_CHECK_DIMS(t, 4);
  LEGACY_CHECK_INDEX(t, 0, x0);
  LEGACY_CHECK_INDEX(t, 1, x1);
  LEGACY_CHECK_INDEX(t, 2, x2);
  LEGACY_CHECK_INDEX(t, 3, x3);
  return *LEGACY_AT(t, x0 * t->stride[0] + x1 * t->stride[1] + x2 * t->stride[2] +
                    x3 * t->stride[3]);
}

/* ------------------------------------------------------------ debugging */

/* TH v0.4 printed "torch.xTensor of size 2x3" for every type (its macro
 * stringified a literal x); kept, since code compared these strings */
THDescBuff THTensor_(desc)(const LTensor *tensor) {
  THTensor *t = T_IN(tensor);
  const int cap = TH_DESC_BUFF_LEN;
  THDescBuff buf;
  int n = snprintf(buf.str, cap, "torch.xTensor of size ");
  for (int d = 0; d < t->nDimension && n < cap; d++)
    n += snprintf(buf.str + n, (size_t)(cap - n), d ? "x%" PRId64 : "%" PRId64, t->size[d]);
  if (n >= cap) snprintf(buf.str + cap - 4, 4, "...");
  return buf;
}

THDescBuff THTensor_(sizeDesc)(const LTensor *tensor) {
  THTensor *t = T_IN(tensor);
  return _THSizeDesc(t->size, t->nDimension);
}

#undef LTensor
#undef LStorage
#undef T_IN
#undef T_OUT
#undef T_SRC
#undef LEGACY_EMPTY
#undef LEGACY_NEW_WITH_STORAGE
#undef LEGACY_DIMS
#undef LEGACY_CHECK_DIM
#undef LEGACY_NEW_VIEW
#undef LEGACY_AT
#undef LEGACY_CHECK_INDEX
#undef LEGACY_CHECK_DIMS
