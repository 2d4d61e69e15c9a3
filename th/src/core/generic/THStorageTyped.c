/* Typed storage access, compiled once per dtype (see THGenerateDtypes.h). */

static int THStorage_(checkDtype)(const THStorage *self, const char *fn) {
  if (TH_UNLIKELY(atomic_load_explicit(&self->refcount, memory_order_relaxed) <= 0)) {
    th_report_dead(TH_OBJECT_STORAGE, self, self->track, fn, 0);
    return -1;
  }
  if (TH_UNLIKELY(self->dtype != TH_REAL_DTYPE)) {
    TH_ERR_FN(TH_ERROR_TYPE, fn, "storage has dtype %s, not %s", THScalarType_name(self->dtype),
              THScalarType_name(TH_REAL_DTYPE));
    return -1;
  }
  return 0;
}

static int THStorage_(checkIndex)(const THStorage *self, int64_t idx, const char *fn) {
  if (TH_UNLIKELY(idx < 0 || idx >= self->size)) {
    TH_ERR_FN(TH_ERROR_INDEX, fn, "index %lld out of range for storage of size %lld",
              (long long)idx, (long long)self->size);
    return -1;
  }
  return 0;
}

real *THStorage_(data)(const THStorage *self) {
  if (THStorage_(checkDtype)(self, __func__)) return NULL;
  return (real *)self->data;
}

real THStorage_(get)(const THStorage *self, int64_t idx) {
  if (THStorage_(checkDtype)(self, __func__) || THStorage_(checkIndex)(self, idx, __func__))
    return TH_REAL_ZERO;
  return ((real *)self->data)[idx];
}

int THStorage_(set)(THStorage *self, int64_t idx, real value) {
  if (THStorage_(checkDtype)(self, __func__) || THStorage_(checkIndex)(self, idx, __func__) ||
      th_storage_check_not_readonly(self, "the storage", __func__))
    return -1;
  ((real *)self->data)[idx] = value;
  return 0;
}
