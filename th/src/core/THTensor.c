/* THTensor: lifecycle, geometry setters and queries. Views live in
 * THTensorView.c, element kernels in THTensorCopy.c. */
#include <stdio.h>
#include <string.h>

#include "core/THMemoryImpl.h"
#include "core/THTensorImpl.h"
#include "core/THThreadImpl.h"
#include "debug/THDebugImpl.h"

/* ------------------------------------------------------------ internals */

/* Tensor structs are cached per thread by inline room, one kind each. */
static int tensor_cache_kind(int inlineRoom) { return TH_CACHE_TENSOR + inlineRoom; }

/* A heap dims block for room dims; more than TH_INLINE_DIMS, so that
 * th_sizes knows it from the inline ones. */
static int64_t *dims_block(int *room) {
  if (*room <= TH_INLINE_DIMS) *room = TH_INLINE_DIMS + 1;
  return th_malloc(2 * sizeof(int64_t) * (size_t)*room);
}

THTensor *th_tensor_alloc(int nDimension, int room, const char *fn) {
  THThreadSlot *slot = th_thread();
  /* room for one dim at least: a stray read of size[0] of a 0-dim tensor
   * stays inside its struct */
  if (room < nDimension) room = nDimension;
  if (room < 1) room = 1;
  int inlineRoom = room > TH_INLINE_DIMS ? 0 : room;
  THTensor *t = th_struct_alloc(slot, tensor_cache_kind(inlineRoom),
                                th_tensor_struct_bytes(inlineRoom));
  if (!t) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate a tensor struct");
    return NULL;
  }
  t->inlineRoom = (int16_t)inlineRoom;
  if (room > TH_INLINE_DIMS) {
    int64_t *block = dims_block(&room);
    if (!block) {
      th_free(t);
      TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate the dims of a %d-dim tensor",
                nDimension);
      return NULL;
    }
    th_tensor_set_dims_block(t, block, room);
  } else {
    th_tensor_set_dims_block(t, t->inlineDims, room);
  }
  atomic_init(&t->refcount, 1);
  t->storage = NULL;
  t->storageOffset = 0;
  t->nDimension = nDimension;
  t->track = NULL;
  if (th_is_tracking()) th_track_created(TH_OBJECT_TENSOR, t, &t->track, fn);
  th_live_add(slot, TH_LIVE_TENSORS, 1);
  return t;
}

THTensor *th_tensor_new_view(const THTensor *src, int nDimension, const char *fn) {
  THTensor *t = th_tensor_alloc(nDimension, nDimension, fn);
  if (!t) return NULL;
  t->storage = src->storage;
  THStorage_retain(t->storage);
  t->storageOffset = src->storageOffset;
  return t;
}

int th_tensor_reserve_dims(THTensor *t, int nDimension, const char *fn) {
  if (nDimension <= t->dimCapacity) return 0;
  int room = nDimension;
  int64_t *block = dims_block(&room);
  if (!block) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate the dims of a %d-dim tensor", nDimension);
    return -1;
  }
  memcpy(block, th_sizes(t), sizeof(int64_t) * (size_t)t->nDimension);
  memcpy(block + room, th_strides(t), sizeof(int64_t) * (size_t)t->nDimension);
  th_tensor_free_dims(t);
  th_tensor_set_dims_block(t, block, room);
  return 0;
}

void th_tensor_free_dims(THTensor *t) {
  if (t->dimCapacity > TH_INLINE_DIMS) th_free(t->size);
}

int th_geometry_check(int nDimension, const int64_t *size, const int64_t *stride,
                      int64_t offset, int64_t *stride_out, int64_t *numel, int64_t *needed,
                      const char *fn) {
  if (nDimension < 0 || nDimension > TH_MAX_DIMS) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "number of dimensions must be in [0, %d], got %d",
              TH_MAX_DIMS, nDimension);
    return -1;
  }
  if (nDimension > 0 && !size) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "size is NULL for a %d-dim tensor", nDimension);
    return -1;
  }
  if (offset < 0) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "storage offset must be non-negative, got %lld",
              (long long)offset);
    return -1;
  }
  int64_t n = 1;
  for (int d = 0; d < nDimension; d++) {
    if (size[d] < 0) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "size[%d] must be non-negative, got %lld", d,
                (long long)size[d]);
      return -1;
    }
    if (stride && stride[d] < 0) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "stride[%d] must be non-negative, got %lld", d,
                (long long)stride[d]);
      return -1;
    }
    if (__builtin_mul_overflow(n, size[d], &n)) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "the number of elements overflows int64 at size[%d] = %lld",
                d, (long long)size[d]);
      return -1;
    }
  }
  if (!stride) {
    /* contiguous; size-0 and size-1 dims do not zero the strides (torch) */
    int64_t z = 1;
    for (int d = nDimension - 1; d >= 0; d--) {
      stride_out[d] = z;
      if (size[d] > 1 && __builtin_mul_overflow(z, size[d], &z)) {
        TH_ERR_FN(TH_ERROR_VALUE, fn, "contiguous strides overflow int64 at size[%d] = %lld",
                  d, (long long)size[d]);
        return -1;
      }
    }
    stride = stride_out;
  }
  /* Views compute size * stride (a slice starting at the end, an unsqueeze):
   * offset + the sum of those must fit, also for a geometry with no element. */
  int64_t reach = offset;
  for (int d = 0; d < nDimension; d++) {
    int64_t span;
    if (__builtin_mul_overflow(size[d], stride[d], &span) ||
        __builtin_add_overflow(reach, span, &reach)) {
      TH_ERR_FN(TH_ERROR_VALUE, fn,
                "the geometry reaches beyond int64 elements (size[%d] = %lld, stride[%d] = %lld)",
                d, (long long)size[d], d, (long long)stride[d]);
      return -1;
    }
  }
  int64_t last = offset;
  if (n > 0) {
    for (int d = 0; d < nDimension; d++) {
      int64_t span;
      if (__builtin_mul_overflow(size[d] - 1, stride[d], &span) ||
          __builtin_add_overflow(last, span, &last)) {
        TH_ERR_FN(TH_ERROR_VALUE, fn,
                  "the geometry reaches beyond int64 elements (size[%d] = %lld, stride[%d] = "
                  "%lld)",
                  d, (long long)size[d], d, (long long)stride[d]);
        return -1;
      }
    }
    if (__builtin_add_overflow(last, 1, &last)) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "the geometry reaches beyond int64 elements");
      return -1;
    }
  }
  *numel = n;
  *needed = last;
  return 0;
}

int th_wrap_scalar_dim_error(int dim, const char *what, const char *fn) {
  TH_ERR_FN(TH_ERROR_INDEX, fn, "%s %d out of range for a 0-dim tensor (expected -1 or 0)", what, dim);
  return -1;
}

int th_wrap_dim_error(int dim, int nDimension, const char *what, const char *fn) {
  if (nDimension == 0)
    TH_ERR_FN(TH_ERROR_INDEX, fn, "%s %d out of range: the tensor has no dimensions", what, dim);
  else
    TH_ERR_FN(TH_ERROR_INDEX, fn, "%s %d out of range for a %d-dim tensor (expected in [%d, %d])",
              what, dim, nDimension, -nDimension, nDimension - 1);
  return -1;
}

int th_wrap_new_dim_error(int dim, int nDimension, const char *what, const char *fn) {
  TH_ERR_FN(TH_ERROR_INDEX, fn,
            "%s %d out of range for a new dim of a %d-dim tensor (expected in [%d, %d])", what,
            dim, nDimension, -nDimension - 1, nDimension);
  return -1;
}

/* A tensor over storage, checked against it. steal: the caller's reference
 * to storage passes to the tensor, or is freed on failure. */
static THTensor *tensor_over(THStorage *storage, int64_t offset, int nDimension,
                             const int64_t *size, const int64_t *stride, int steal,
                             const char *fn) {
  int64_t buf[TH_MAX_DIMS], numel, needed;
  THTensor *t;
  if (!storage) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "storage is NULL");
    return NULL;
  }
  if (TH_UNLIKELY(atomic_load_explicit(&storage->refcount, memory_order_relaxed) <= 0)) {
    th_report_dead(TH_OBJECT_STORAGE, storage, storage->track, fn, 0);
    return NULL; /* a dead storage holds no reference to take or free */
  }
  if (th_geometry_check(nDimension, size, stride, offset, buf, &numel, &needed, fn)) goto fail;
  if (needed > storage->size) {
    TH_ERR_FN(TH_ERROR_VALUE, fn,
              "the geometry needs %lld elements (offset %lld) but the storage has %lld",
              (long long)needed, (long long)offset, (long long)storage->size);
    goto fail;
  }
  t = th_tensor_alloc(nDimension, nDimension, fn);
  if (!t) goto fail;
  memcpy(th_sizes(t), size, sizeof(int64_t) * (size_t)nDimension);
  memcpy(th_strides(t), stride ? stride : buf, sizeof(int64_t) * (size_t)nDimension);
  t->storageOffset = offset;
  t->storage = storage;
  if (!steal) THStorage_retain(storage);
  return t;
fail:
  if (steal) THStorage_free(storage);
  return NULL;
}

/* ------------------------------------------------------------- creation */

THTensor *th_tensor_new_with_room(THScalarType dtype, int nDimension, int room,
                                  const int64_t *size, const int64_t *stride, const char *fn) {
  int64_t buf[TH_MAX_DIMS], numel, needed;
  if (th_geometry_check(nDimension, size, stride, 0, buf, &numel, &needed, fn)) return NULL;
  THStorage *storage = th_storage_new(dtype, needed, &THDefaultAllocator, NULL, fn);
  if (!storage) return NULL;
  THTensor *t = th_tensor_alloc(nDimension, room, fn);
  if (!t) {
    THStorage_free(storage);
    return NULL;
  }
  memcpy(th_sizes(t), size, sizeof(int64_t) * (size_t)nDimension);
  memcpy(th_strides(t), stride ? stride : buf, sizeof(int64_t) * (size_t)nDimension);
  t->storage = storage;
  return t;
}

THTensor *th_tensor_new_with_size(THScalarType dtype, int nDimension, const int64_t *size,
                                  const int64_t *stride, const char *fn) {
  return th_tensor_new_with_room(dtype, nDimension, nDimension, size, stride, fn);
}

/* An empty tensor is made to be resized: room for any inline geometry. */
THTensor *THTensor_new(THScalarType dtype) {
  int64_t zero = 0;
  return th_tensor_new_with_room(dtype, 1, TH_INLINE_DIMS, &zero, NULL, __func__);
}

THTensor *THTensor_newWithStorage(THStorage *storage) {
  if (!storage) {
    TH_ERR(TH_ERROR_VALUE, "storage is NULL");
    return NULL;
  }
  TH_CHECK_STORAGE(storage, NULL);
  int64_t size = storage->size;
  return tensor_over(storage, 0, 1, &size, NULL, 0, __func__);
}

THTensor *THTensor_newWithStorageNd(THStorage *storage, int64_t storageOffset, int nDimension,
                                    const int64_t *size, const int64_t *stride) {
  return tensor_over(storage, storageOffset, nDimension, size, stride, 0, __func__);
}

THTensor *THTensor_newWithStorageNdMove(THStorage *storage, int64_t storageOffset,
                                        int nDimension, const int64_t *size,
                                        const int64_t *stride) {
  return tensor_over(storage, storageOffset, nDimension, size, stride, 1, __func__);
}

THTensor *THTensor_newWithSize(THScalarType dtype, int nDimension, const int64_t *size,
                               const int64_t *stride) {
  return th_tensor_new_with_size(dtype, nDimension, size, stride, __func__);
}

THTensor *THTensor_newWithSize1d(THScalarType dtype, int64_t size0) {
  int64_t size[1] = {size0};
  return th_tensor_new_with_size(dtype, 1, size, NULL, __func__);
}

THTensor *THTensor_newWithSize2d(THScalarType dtype, int64_t size0, int64_t size1) {
  int64_t size[2] = {size0, size1};
  return th_tensor_new_with_size(dtype, 2, size, NULL, __func__);
}

THTensor *THTensor_newWithSize3d(THScalarType dtype, int64_t size0, int64_t size1,
                                 int64_t size2) {
  int64_t size[3] = {size0, size1, size2};
  return th_tensor_new_with_size(dtype, 3, size, NULL, __func__);
}

THTensor *THTensor_newWithSize4d(THScalarType dtype, int64_t size0, int64_t size1,
                                 int64_t size2, int64_t size3) {
  int64_t size[4] = {size0, size1, size2, size3};
  return th_tensor_new_with_size(dtype, 4, size, NULL, __func__);
}

THTensor *THTensor_newWithTensor(THTensor *tensor) {
  TH_CHECK_TENSOR(tensor, NULL);
  THTensor *t = th_tensor_new_view(tensor, tensor->nDimension, __func__);
  if (!t) return NULL;
  memcpy(th_sizes(t), th_sizes(tensor), sizeof(int64_t) * (size_t)tensor->nDimension);
  memcpy(th_strides(t), th_strides(tensor), sizeof(int64_t) * (size_t)tensor->nDimension);
  return t;
}

/* ----------------------------------------------------------- refcounts */

void THTensor_retain(THTensor *self) {
  if (self) th_retain_ref(&self->refcount, TH_OBJECT_TENSOR, self, self->track, __func__);
}

/* Where a quarantined tensor points instead of its released storage: empty,
 * not refcounted (retain/free do nothing), with the tensor's dtype. */
#define DEAD_STORAGE(dt) [dt] = {.dtype = dt, .allocator = &THDefaultAllocator}
static THStorage dead_storages[TH_NUM_SCALAR_TYPES] = {
    DEAD_STORAGE(TH_UINT8),   DEAD_STORAGE(TH_INT8),    DEAD_STORAGE(TH_INT16),
    DEAD_STORAGE(TH_INT32),   DEAD_STORAGE(TH_INT64),   DEAD_STORAGE(TH_FLOAT16),
    DEAD_STORAGE(TH_FLOAT32), DEAD_STORAGE(TH_FLOAT64), DEAD_STORAGE(TH_BOOL),
    DEAD_STORAGE(TH_BFLOAT16), DEAD_STORAGE(TH_COMPLEX64), DEAD_STORAGE(TH_COMPLEX128),
    DEAD_STORAGE(TH_UINT16),  DEAD_STORAGE(TH_UINT32),  DEAD_STORAGE(TH_UINT64)};
#undef DEAD_STORAGE

static void tensor_destroy(THTensor *self) {
  THStorage *storage = self->storage;
  THThreadSlot *slot = th_thread();
  th_live_add(slot, TH_LIVE_TENSORS, -1);
  /* off the tracking list before its storage goes: a listing in another
   * thread must never reach a freed storage through it */
  int quarantined = (self->track || th_is_tracking()) &&
                    th_track_destroyed(TH_OBJECT_TENSOR, self, &self->track);
  if (quarantined) self->storage = &dead_storages[storage->dtype]; /* misuse is reported */
  THStorage_free(storage);
  if (quarantined) return;
  th_tensor_free_dims(self);
  th_struct_free(slot, tensor_cache_kind(self->inlineRoom), self);
}

void THTensor_free(THTensor *self) {
  if (self && th_release_ref(&self->refcount, TH_OBJECT_TENSOR, self, self->track, __func__))
    tensor_destroy(self);
}

int64_t THTensor_refcount(const THTensor *self) {
  return atomic_load_explicit(&self->refcount, memory_order_relaxed);
}

/* ------------------------------------------------------------- setters */

int THTensor_resizeNd(THTensor *self, int nDimension, const int64_t *size,
                      const int64_t *stride) {
  int64_t buf[TH_MAX_DIMS], numel, needed;
  TH_CHECK_TENSOR(self, -1);
  /* a resize prepares a tensor to be written (every out= does it): a
   * read-only one is refused even when its shape stays */
  if (th_storage_check_not_readonly(self->storage, "the tensor", __func__)) return -1;
  if (th_geometry_check(nDimension, size, stride, self->storageOffset, buf, &numel, &needed,
                        __func__) ||
      th_tensor_reserve_dims(self, nDimension, __func__))
    return -1;
  if (needed > self->storage->size &&
      (th_storage_check_resizable(self->storage, __func__) ||
       th_storage_resize(self->storage, needed, __func__)))
    return -1;
  th_tensor_put_dims(self, nDimension, size, stride ? stride : buf);
  return 0;
}

int th_resize_result(THTensor *result, int nDimension, const int64_t *size, const char *fn) {
  if (th_check_result_strides(result, nDimension, size, fn)) return -1;
  return th_has_shape(result, nDimension, size) ? 0
                                                : THTensor_resizeNd(result, nDimension, size, NULL);
}

int THTensor_resizeAs(THTensor *self, const THTensor *src) {
  TH_CHECK_TENSOR(src, -1);
  if (self == src) return 0;
  return THTensor_resizeNd(self, src->nDimension, th_sizes(src), NULL);
}

int th_tensor_assign(THTensor *self, THStorage *storage, int64_t offset, int nDimension,
                     const int64_t *size, const int64_t *stride, const char *fn) {
  if (th_tensor_reserve_dims(self, nDimension, fn)) return -1;
  if (storage != self->storage) {
    THStorage_retain(storage);
    THStorage_free(self->storage);
    self->storage = storage;
  }
  self->storageOffset = offset;
  th_tensor_put_dims(self, nDimension, size, stride);
  return 0;
}

int THTensor_setStorageNd(THTensor *self, THStorage *storage, int64_t storageOffset,
                          int nDimension, const int64_t *size, const int64_t *stride) {
  int64_t buf[TH_MAX_DIMS], numel, needed;
  TH_CHECK_TENSOR(self, -1);
  if (!storage) {
    TH_ERR(TH_ERROR_VALUE, "storage is NULL");
    return -1;
  }
  TH_CHECK_STORAGE(storage, -1);
  if (th_geometry_check(nDimension, size, stride, storageOffset, buf, &numel, &needed,
                        __func__))
    return -1;
  if (needed > storage->size) {
    TH_ERR(TH_ERROR_VALUE, "the geometry needs %lld elements (offset %lld) but the storage has %lld",
           (long long)needed, (long long)storageOffset, (long long)storage->size);
    return -1;
  }
  return th_tensor_assign(self, storage, storageOffset, nDimension, size, stride ? stride : buf,
                       __func__);
}

int THTensor_set(THTensor *self, THTensor *src) {
  TH_CHECK_TENSOR(self, -1);
  TH_CHECK_TENSOR(src, -1);
  if (self == src) return 0;
  return th_tensor_assign(self, src->storage, src->storageOffset, src->nDimension, th_sizes(src),
                       th_strides(src), __func__);
}

/* ------------------------------------------------------------- queries */

int THTensor_nDimension(const THTensor *self) { return self->nDimension; }

int64_t THTensor_size(const THTensor *self, int dim) {
  TH_CHECK_TENSOR(self, -1);
  int d = th_wrap_dim(dim, self->nDimension, "dim", __func__);
  return d < 0 ? -1 : th_sizes(self)[d];
}

int64_t THTensor_stride(const THTensor *self, int dim) {
  TH_CHECK_TENSOR(self, -1);
  int d = th_wrap_dim(dim, self->nDimension, "dim", __func__);
  return d < 0 ? -1 : th_strides(self)[d];
}

const int64_t *THTensor_sizes(const THTensor *self) { return th_sizes(self); }
const int64_t *THTensor_strides(const THTensor *self) { return th_strides(self); }
int64_t THTensor_storageOffset(const THTensor *self) { return self->storageOffset; }
THStorage *THTensor_storage(const THTensor *self) { return self->storage; }
THScalarType THTensor_dtype(const THTensor *self) { return self->storage->dtype; }
size_t THTensor_elementSize(const THTensor *self) {
  return THScalarType_elementSize(self->storage->dtype);
}
void *THTensor_data(const THTensor *self) { return th_tensor_bytes(self); }
int64_t THTensor_nElement(const THTensor *self) { return th_tensor_numel(self); }

int THTensor_isContiguous(const THTensor *self) {
  if (th_tensor_numel(self) == 0) return 1; /* whatever its strides */
  const int64_t *size = th_sizes(self), *stride = th_strides(self);
  int64_t z = 1;
  for (int d = self->nDimension - 1; d >= 0; d--) {
    if (size[d] == 1) continue;
    if (stride[d] != z) return 0;
    z *= size[d];
  }
  return 1;
}

int THTensor_isSameSizeAs(const THTensor *self, const THTensor *src) {
  if (self->nDimension != src->nDimension) return 0;
  return memcmp(th_sizes(self), th_sizes(src), sizeof(int64_t) * (size_t)self->nDimension) == 0;
}

int THTensor_isSetTo(const THTensor *self, const THTensor *src) {
  return self->storage == src->storage && self->storageOffset == src->storageOffset &&
         THTensor_isSameSizeAs(self, src) &&
         memcmp(th_strides(self), th_strides(src), sizeof(int64_t) * (size_t)self->nDimension) == 0;
}

/* ------------------------------------------------- messages and extents */

void th_format_shape(char *buf, size_t cap, int nDimension, const int64_t *size) {
  size_t used = 0;
  int n = snprintf(buf, cap, "[");
  if (n > 0) used += (size_t)n;
  for (int d = 0; d < nDimension && used < cap; d++) {
    n = snprintf(buf + used, cap - used, d ? ", %lld" : "%lld", (long long)size[d]);
    if (n > 0) used += (size_t)n;
  }
  if (used < cap) snprintf(buf + used, cap - used, "]");
}

/* The bytes [lo, hi) a non-empty tensor touches. */
void th_tensor_byte_range(const THTensor *t, uintptr_t *lo, uintptr_t *hi) {
  int64_t last = 0;
  for (int d = 0; d < t->nDimension; d++) last += (th_sizes(t)[d] - 1) * th_strides(t)[d];
  size_t elsize = THScalarType_elementSize(t->storage->dtype);
  *lo = (uintptr_t)th_tensor_bytes(t);
  *hi = *lo + (uintptr_t)(last + 1) * elsize;
}

int th_tensors_meet(const THTensor *a, const THTensor *b) {
  uintptr_t alo, ahi, blo, bhi;
  th_tensor_byte_range(a, &alo, &ahi);
  th_tensor_byte_range(b, &blo, &bhi);
  return alo < bhi && blo < ahi;
}

/* Typed access: THFloat32Tensor_data, THFloat64Tensor_get2d, ... */
#define TH_GENERIC_FILE "core/generic/THTensorTyped.c"
#include "TH/THGenerateDtypes.h"
