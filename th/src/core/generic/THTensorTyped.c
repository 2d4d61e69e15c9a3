/* Typed tensor access, compiled once per dtype (see THGenerateDtypes.h). */

/* Checks dtype and dimensionality; on success *base is the first element. */
static int THTensor_(checkAccess)(const THTensor *self, int nDimension, real **base,
                                  const char *fn) {
  TH_CHECK_TENSOR_AS(self, fn, -1);
  if (TH_UNLIKELY(self->storage->dtype != TH_REAL_DTYPE)) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "tensor has dtype %s, not %s",
              THScalarType_name(self->storage->dtype), THScalarType_name(TH_REAL_DTYPE));
    return -1;
  }
  if (TH_UNLIKELY(self->nDimension != nDimension)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "tensor has %d dimensions, not %d", self->nDimension,
              nDimension);
    return -1;
  }
  *base = (real *)th_tensor_bytes(self);
  return 0;
}

/* Adds index * stride of dim to *offset, or reports IndexError. */
static int THTensor_(addIndex)(const THTensor *self, int dim, int64_t index, int64_t *offset,
                               const char *fn) {
  if (TH_UNLIKELY(index < 0 || index >= th_sizes(self)[dim])) {
    TH_ERR_FN(TH_ERROR_INDEX, fn, "index %lld out of range for dim %d of size %lld",
              (long long)index, dim, (long long)th_sizes(self)[dim]);
    return -1;
  }
  *offset += index * th_strides(self)[dim];
  return 0;
}

real *THTensor_(data)(const THTensor *self) {
  TH_CHECK_TENSOR(self, NULL);
  if (TH_UNLIKELY(self->storage->dtype != TH_REAL_DTYPE)) {
    TH_ERR(TH_ERROR_TYPE, "tensor has dtype %s, not %s", THScalarType_name(self->storage->dtype),
           THScalarType_name(TH_REAL_DTYPE));
    return NULL;
  }
  return (real *)th_tensor_bytes(self);
}

/* Locate: check and compute the element's address into p, or return err. */
#define TH_LOCATE(NDIM, err, ...)                                                   \
  real *base;                                                                      \
  int64_t offset = 0;                                                              \
  const int64_t idx[] = {__VA_ARGS__};                                             \
  if (THTensor_(checkAccess)(self, NDIM, &base, __func__)) return err;             \
  for (int d = 0; d < NDIM; d++)                                                   \
    if (THTensor_(addIndex)(self, d, idx[d], &offset, __func__)) return err;       \
  real *p = base + offset;

real THTensor_(get0d)(const THTensor *self) {
  real *base;
  if (THTensor_(checkAccess)(self, 0, &base, __func__)) return TH_REAL_ZERO;
  return *base;
}
real THTensor_(get1d)(const THTensor *self, int64_t i0) {
  TH_LOCATE(1, TH_REAL_ZERO, i0)
  return *p;
}
real THTensor_(get2d)(const THTensor *self, int64_t i0, int64_t i1) {
  TH_LOCATE(2, TH_REAL_ZERO, i0, i1)
  return *p;
}
real THTensor_(get3d)(const THTensor *self, int64_t i0, int64_t i1, int64_t i2) {
  TH_LOCATE(3, TH_REAL_ZERO, i0, i1, i2)
  return *p;
}
real THTensor_(get4d)(const THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3) {
  TH_LOCATE(4, TH_REAL_ZERO, i0, i1, i2, i3)
  return *p;
}

int THTensor_(set0d)(THTensor *self, real value) {
  real *base;
  if (THTensor_(checkAccess)(self, 0, &base, __func__) ||
      th_storage_check_not_readonly(self->storage, "the tensor", __func__))
    return -1;
  *base = value;
  return 0;
}
int THTensor_(set1d)(THTensor *self, int64_t i0, real value) {
  TH_LOCATE(1, -1, i0)
  if (th_storage_check_not_readonly(self->storage, "the tensor", __func__)) return -1;
  *p = value;
  return 0;
}
int THTensor_(set2d)(THTensor *self, int64_t i0, int64_t i1, real value) {
  TH_LOCATE(2, -1, i0, i1)
  if (th_storage_check_not_readonly(self->storage, "the tensor", __func__)) return -1;
  *p = value;
  return 0;
}
int THTensor_(set3d)(THTensor *self, int64_t i0, int64_t i1, int64_t i2, real value) {
  TH_LOCATE(3, -1, i0, i1, i2)
  if (th_storage_check_not_readonly(self->storage, "the tensor", __func__)) return -1;
  *p = value;
  return 0;
}
int THTensor_(set4d)(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3,
                     real value) {
  TH_LOCATE(4, -1, i0, i1, i2, i3)
  if (th_storage_check_not_readonly(self->storage, "the tensor", __func__)) return -1;
  *p = value;
  return 0;
}

#undef TH_LOCATE
