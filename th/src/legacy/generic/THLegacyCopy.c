/* TH<Real>Storage_copy*, TH<Real>Tensor_copy*: TH v0.4's typed copies, once
 * per TH type. Elements convert as th's copy converts them. */
#undef THStorage
#undef THTensor
#define LTensor TH_CONCAT_3(TH, Real, Tensor)
#define LStorage TH_CONCAT_3(TH, Real, Storage)

void THStorage_(rawCopy)(LStorage *storage, real *src) {
  THStorage *s = th_legacy_storage(storage, TH_REAL_DTYPE, "storage", __func__);
  if (s->size) memmove(s->data, src, sizeof(real) * (size_t)s->size);
}

/* storage's elements from src's (any dtype): the sizes must match */
static void TH_CONCAT_2(legacy_storage_copy_, Real)(LStorage *storage, const void *src,
                                                   THScalarType srcType, const char *fn) {
  THStorage *d = th_legacy_storage(storage, TH_REAL_DTYPE, "storage", fn);
  THStorage *s = th_legacy_storage(src, srcType, "src", fn);
  THArgCheck(d->size == s->size, 2, "%s: size mismatch (%" PRId64 " elements into %" PRId64 ")",
             fn, s->size, d->size);
  if (d->size == 0) return;
  int64_t n = d->size;
  THTensor *a = th_legacy_nonnull(THTensor_newWithStorageNd(d, 0, 1, &n, NULL));
  THTensor *b = THTensor_newWithStorageNd(s, 0, 1, &n, NULL);
  int rc = b ? THTensor_copy(a, b) : -1;
  THTensor_free(a);
  THTensor_free(b);
  if (rc < 0) th_legacy_raise();
}
#define LEGACY_STORAGE_COPY(Src, dtype)                                          \
  void THStorage_(TH_CONCAT_2(copy, Src))(LStorage * storage,                    \
                                          struct TH_CONCAT_3(TH, Src, Storage) * src) { \
    TH_CONCAT_2(legacy_storage_copy_, Real)(storage, src, dtype, __func__);       \
  }

void THStorage_(copy)(LStorage *storage, LStorage *src) {
  TH_CONCAT_2(legacy_storage_copy_, Real)(storage, src, TH_REAL_DTYPE, __func__);
}
LEGACY_STORAGE_COPY(Byte, TH_UINT8)
LEGACY_STORAGE_COPY(Char, TH_INT8)
LEGACY_STORAGE_COPY(Short, TH_INT16)
LEGACY_STORAGE_COPY(Int, TH_INT32)
LEGACY_STORAGE_COPY(Long, TH_INT64)
LEGACY_STORAGE_COPY(Float, TH_FLOAT32)
LEGACY_STORAGE_COPY(Double, TH_FLOAT64)
LEGACY_STORAGE_COPY(Half, TH_FLOAT16)

#define LEGACY_TENSOR_COPY(Src, dtype)                                             \
  void THTensor_(TH_CONCAT_2(copy, Src))(LTensor * tensor,                         \
                                         struct TH_CONCAT_3(TH, Src, Tensor) * src) { \
    THTensor *d = th_legacy_tensor(tensor, TH_REAL_DTYPE, "tensor", __func__);      \
    THTensor *s = th_legacy_tensor(src, dtype, "src", __func__);                    \
    TH_LEGACY_OK(th_legacy_copy(d, s, __func__));                                   \
  }

void THTensor_(copy)(LTensor *tensor, LTensor *src) {
  THTensor *d = th_legacy_tensor(tensor, TH_REAL_DTYPE, "tensor", __func__);
  THTensor *s = th_legacy_tensor(src, TH_REAL_DTYPE, "src", __func__);
  TH_LEGACY_OK(th_legacy_copy(d, s, __func__));
}
LEGACY_TENSOR_COPY(Byte, TH_UINT8)
LEGACY_TENSOR_COPY(Char, TH_INT8)
LEGACY_TENSOR_COPY(Short, TH_INT16)
LEGACY_TENSOR_COPY(Int, TH_INT32)
LEGACY_TENSOR_COPY(Long, TH_INT64)
LEGACY_TENSOR_COPY(Float, TH_FLOAT32)
LEGACY_TENSOR_COPY(Double, TH_FLOAT64)
LEGACY_TENSOR_COPY(Half, TH_FLOAT16)

#undef LEGACY_STORAGE_COPY
#undef LEGACY_TENSOR_COPY
#undef LTensor
#undef LStorage
