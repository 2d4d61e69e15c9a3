/* A typed handle, generated once per dtype by THGenerateDtypes.h:
 * THFloat32Handle and THFloat32Handle_init, _at1 .. _at4, _offset, _atN,
 * _checkedAt; likewise for every dtype (see THHandle.h). */

typedef struct THRealHandle {
  real *data;      /* the first element; NULL when the tensor's storage is empty */
  int nDimension;
  int64_t size[TH_MAX_DIMS];   /* the first nDimension entries are set */
  int64_t stride[TH_MAX_DIMS]; /* in elements */
} THRealHandle;

/* Fills *h from tensor (borrowed). Returns 0, or -1 with *h untouched:
 * ValueError for a NULL tensor, TypeError when its dtype is not
 * TH_REAL_DTYPE, RuntimeError for a dead tensor (see THDebug_checkTensor). */
static inline int THHandle_(init)(THRealHandle *h, const THTensor *tensor) {
  THRequire(tensor, -1, TH_ERROR_VALUE, "%s: tensor is NULL", __func__);
  if (THDebug_checkTensor(tensor) < 0) return -1;
  THScalarType dtype = THTensor_dtype(tensor);
  THRequire(dtype == TH_REAL_DTYPE, -1, TH_ERROR_TYPE, "%s: tensor has dtype %s, not %s",
             __func__, THScalarType_name(dtype), THScalarType_name(TH_REAL_DTYPE));
  const int64_t *size = THTensor_sizes(tensor), *stride = THTensor_strides(tensor);
  h->data = (real *)THTensor_data(tensor);
  h->nDimension = THTensor_nDimension(tensor);
  for (int d = 0; d < h->nDimension; d++) {
    h->size[d] = size[d];
    h->stride[d] = stride[d];
  }
  return 0;
}

/* The element at (i0, ...): no check of the indices or of the number of
 * dimensions (the caller keeps each index in [0, size[d]); at1 of a 2-dim
 * tensor reads stride[0] only). A 0-dim tensor's element is h->data. */
static inline real *THHandle_(at1)(const THRealHandle *h, int64_t i0) {
  return h->data + i0 * h->stride[0];
}
static inline real *THHandle_(at2)(const THRealHandle *h, int64_t i0, int64_t i1) {
  return h->data + i0 * h->stride[0] + i1 * h->stride[1];
}
static inline real *THHandle_(at3)(const THRealHandle *h, int64_t i0, int64_t i1, int64_t i2) {
  return h->data + i0 * h->stride[0] + i1 * h->stride[1] + i2 * h->stride[2];
}
static inline real *THHandle_(at4)(const THRealHandle *h, int64_t i0, int64_t i1, int64_t i2,
                                   int64_t i3) {
  return h->data + i0 * h->stride[0] + i1 * h->stride[1] + i2 * h->stride[2] +
         i3 * h->stride[3];
}

/* The element offset of idx (nDimension indices, unchecked) from h->data,
 * and the element there. */
static inline int64_t THHandle_(offset)(const THRealHandle *h, const int64_t *idx) {
  int64_t offset = 0;
  for (int d = 0; d < h->nDimension; d++) offset += idx[d] * h->stride[d];
  return offset;
}
static inline real *THHandle_(atN)(const THRealHandle *h, const int64_t *idx) {
  return h->data + THHandle_(offset)(h, idx);
}

/* As atN, checked: n must be nDimension (else ValueError) and each index in
 * [0, size[d]) (else IndexError; negative indices are not wrapped, as in
 * TH<Real>Tensor_get2d). Returns the element, or NULL on error. */
static inline real *THHandle_(checkedAt)(const THRealHandle *h, int n, const int64_t *idx) {
  THRequire(n == h->nDimension, NULL, TH_ERROR_VALUE, "%s: %d indices for a %d-dim tensor",
             __func__, n, h->nDimension);
  for (int d = 0; d < n; d++)
    THRequire(idx[d] >= 0 && idx[d] < h->size[d], NULL, TH_ERROR_INDEX,
               "%s: index %lld out of range for dim %d of size %lld", __func__,
               (long long)idx[d], d, (long long)h->size[d]);
  return THHandle_(atN)(h, idx);
}
