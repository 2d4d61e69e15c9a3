/* TH<Real>Storage_*: TH v0.4's typed storage functions, once per TH type.
 * Here THStorage is th's own struct and LStorage TH's typed one. */
#undef THStorage
#undef THTensor
#define LStorage TH_CONCAT_3(TH, Real, Storage)
#define S_IN(s) th_legacy_storage((s), TH_REAL_DTYPE, #s, __func__)
#define S_OUT(s) ((LStorage *)th_legacy_nonnull(s))

real *THStorage_(data)(const LStorage *self) { return (real *)S_IN(self)->data; }

ptrdiff_t THStorage_(size)(const LStorage *self) { return (ptrdiff_t)S_IN(self)->size; }

size_t THStorage_(elementSize)(void) { return sizeof(real); }

void THStorage_(set)(LStorage *self, ptrdiff_t idx, real value) {
  THStorage *s = S_IN(self);
  THArgCheck(idx >= 0 && idx < s->size, 2, "%s: index %td out of bounds for a storage of size %"
             PRId64, __func__, idx, s->size);
  ((real *)s->data)[idx] = value;
}

real THStorage_(get)(const LStorage *self, ptrdiff_t idx) {
  THStorage *s = S_IN(self);
  THArgCheck(idx >= 0 && idx < s->size, 2, "%s: index %td out of bounds for a storage of size %"
             PRId64, __func__, idx, s->size);
  return ((real *)s->data)[idx];
}

LStorage *THStorage_(new)(void) { return S_OUT(THStorage_new(TH_REAL_DTYPE)); }

LStorage *THStorage_(newWithSize)(ptrdiff_t size) {
  THArgCheck(size >= 0, 1, "%s: negative size %td", __func__, size);
  return S_OUT(THStorage_newWithSize(TH_REAL_DTYPE, size));
}

static LStorage *TH_CONCAT_2(legacy_storage_of_, Real)(int n, const real *values) {
  THStorage *s = th_legacy_nonnull(THStorage_newWithSize(TH_REAL_DTYPE, n));
  memcpy(s->data, values, sizeof(real) * (size_t)n);
  return (LStorage *)s;
}

LStorage *THStorage_(newWithSize1)(real data0) {
  real v[1] = {data0};
  return TH_CONCAT_2(legacy_storage_of_, Real)(1, v);
}

LStorage *THStorage_(newWithSize2)(real data0, real data1) {
  real v[2] = {data0, data1};
  return TH_CONCAT_2(legacy_storage_of_, Real)(2, v);
}

LStorage *THStorage_(newWithSize3)(real data0, real data1, real data2) {
  real v[3] = {data0, data1, data2};
  return TH_CONCAT_2(legacy_storage_of_, Real)(3, v);
}

LStorage *THStorage_(newWithSize4)(real data0, real data1, real data2, real data3) {
  real v[4] = {data0, data1, data2, data3};
  return TH_CONCAT_2(legacy_storage_of_, Real)(4, v);
}

LStorage *THStorage_(newWithMapping)(const char *filename, ptrdiff_t size, int flags) {
  return S_OUT(THStorage_newWithMapping(TH_REAL_DTYPE, filename, size, flags));
}

/* data from THAlloc (malloc): the storage frees it with free() */
LStorage *THStorage_(newWithData)(real *data, ptrdiff_t size) {
  return S_OUT(THStorage_newWithDataAndAllocator(TH_REAL_DTYPE, data, size,
                                                 &th_legacy_malloc_allocator, NULL));
}

LStorage *THStorage_(newWithAllocator)(ptrdiff_t size, THAllocator *allocator,
                                       void *allocatorContext) {
  return S_OUT(THStorage_newWithAllocator(TH_REAL_DTYPE, size, allocator, allocatorContext));
}

LStorage *THStorage_(newWithDataAndAllocator)(real *data, ptrdiff_t size, THAllocator *allocator,
                                              void *allocatorContext) {
  return S_OUT(THStorage_newWithDataAndAllocator(TH_REAL_DTYPE, data, size, allocator,
                                                 allocatorContext));
}

/* TH's REFCOUNTED, RESIZABLE and FREEMEM are th's; VIEW means nothing here */
void THStorage_(setFlag)(LStorage *storage, const char flag) {
  THStorage_setFlag(S_IN(storage), flag & (TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE |
                                          TH_STORAGE_FREEMEM));
}

void THStorage_(clearFlag)(LStorage *storage, const char flag) {
  THStorage_clearFlag(S_IN(storage), flag & (TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE |
                                            TH_STORAGE_FREEMEM));
}

void THStorage_(retain)(LStorage *storage) {
  if (storage) THStorage_retain(S_IN(storage));
}

/* th refuses what would leave a tensor viewing the storage outside its
 * data: a swap of storages of different sizes, a resize that shrinks (TH
 * did both; a tensor's own storage has refcount 1, so th cannot tell) */
void THStorage_(swap)(LStorage *storage1, LStorage *storage2) {
  THStorage *a = S_IN(storage1), *b = S_IN(storage2);
  THArgCheck(a->size == b->size, 2, "%s: storages of %" PRId64 " and %" PRId64 " elements: "
             "a tensor viewing the larger would point outside its data", __func__, a->size,
             b->size);
  TH_LEGACY_OK(THStorage_swap(a, b));
}

void THStorage_(free)(LStorage *storage) {
  if (storage) THStorage_free(S_IN(storage));
}

void THStorage_(resize)(LStorage *storage, ptrdiff_t size) {
  THStorage *s = S_IN(storage);
  THArgCheck(size >= s->size, 2, "%s: shrinking a storage (%" PRId64 " to %td elements) is "
             "refused: a tensor viewing it would point outside its data", __func__, s->size,
             size);
  TH_LEGACY_OK(THStorage_resize(s, size));
}

void THStorage_(fill)(LStorage *storage, real value) {
  TH_LEGACY_OK(THStorage_fillElement(S_IN(storage), &value));
}

#undef LStorage
#undef S_IN
#undef S_OUT
