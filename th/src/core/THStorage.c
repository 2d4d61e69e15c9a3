/* THStorage: lifecycle, resize, fill, swap and queries. */
#include <string.h>

#include "core/THErrorImpl.h"
#include "core/THFillImpl.h"
#include "core/THMemoryImpl.h"
#include "core/THScalarImpl.h"
#include "core/THStorageImpl.h"
#include "core/THThreadImpl.h"
#include "debug/THDebugImpl.h"

/* Checks dtype and size and computes the byte count, reporting as fn. */
static int storage_nbytes(THScalarType dtype, int64_t size, const char *fn, int64_t *nbytes) {
  if (!THScalarType_isValid((int)dtype)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "invalid dtype %d", (int)dtype);
    return -1;
  }
  if (size < 0) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "size must be non-negative, got %lld", (long long)size);
    return -1;
  }
  int64_t elsize = (int64_t)THScalarType_elementSize(dtype);
  if (size > INT64_MAX / elsize || size * elsize > (int64_t)PTRDIFF_MAX) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "size %lld of %s is too large: its byte count overflows",
              (long long)size, THScalarType_name(dtype));
    return -1;
  }
  *nbytes = size * elsize;
  return 0;
}

static THStorage *storage_alloc(THScalarType dtype, int64_t size, void *data, int64_t nbytes,
                                THAllocator *allocator, void *ctx, const char *fn) {
  THThreadSlot *slot = th_thread();
  THStorage *s = th_struct_alloc(slot, TH_CACHE_STORAGE, sizeof *s);
  if (!s) {
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate a storage struct");
    return NULL;
  }
  atomic_init(&s->refcount, 1);
  s->data = data;
  s->size = size;
  s->allocator = allocator;
  s->allocatorContext = ctx;
  s->dtype = dtype;
  s->flags = TH_STORAGE_REFCOUNTED | TH_STORAGE_RESIZABLE | TH_STORAGE_FREEMEM;
  atomic_init(&s->pins, 0);
  s->track = NULL;
  if (th_is_tracking()) th_track_created(TH_OBJECT_STORAGE, s, &s->track, fn);
  th_live_add(slot, TH_LIVE_STORAGES, 1);
  th_live_add(slot, TH_LIVE_BYTES, nbytes);
  return s;
}

THStorage *th_storage_new(THScalarType dtype, int64_t size, THAllocator *allocator,
                              void *ctx, const char *fn) {
  int64_t nbytes;
  if (storage_nbytes(dtype, size, fn, &nbytes)) return NULL;
  if (!allocator) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "allocator is NULL");
    return NULL;
  }
  void *data = NULL;
  if (nbytes > 0) {
    data = allocator->malloc(ctx, (ptrdiff_t)nbytes);
    if (!data) {
      TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate %lld bytes (%lld elements of %s)",
                (long long)nbytes, (long long)size, THScalarType_name(dtype));
      return NULL;
    }
  }
  THStorage *s = storage_alloc(dtype, size, data, nbytes, allocator, ctx, fn);
  if (!s && data) allocator->free(ctx, data);
  return s;
}

THStorage *THStorage_new(THScalarType dtype) {
  return th_storage_new(dtype, 0, &THDefaultAllocator, NULL, __func__);
}

THStorage *THStorage_newWithSize(THScalarType dtype, int64_t size) {
  return th_storage_new(dtype, size, &THDefaultAllocator, NULL, __func__);
}

THStorage *THStorage_newWithAllocator(THScalarType dtype, int64_t size, THAllocator *allocator,
                                      void *allocatorContext) {
  return th_storage_new(dtype, size, allocator, allocatorContext, __func__);
}

THStorage *THStorage_newWithDataAndAllocator(THScalarType dtype, void *data, int64_t size,
                                             THAllocator *allocator, void *allocatorContext) {
  if (!allocator) {
    TH_ERR(TH_ERROR_VALUE, "allocator is NULL");
    return NULL; /* nothing can free data without an allocator */
  }
  int64_t nbytes;
  THStorage *s = NULL;
  if (storage_nbytes(dtype, size, __func__, &nbytes) == 0) {
    if (data == NULL && nbytes > 0)
      TH_ERR(TH_ERROR_VALUE, "data is NULL but size is %lld", (long long)size);
    else
      s = storage_alloc(dtype, size, data, nbytes, allocator, allocatorContext, __func__);
  }
  if (!s && data) allocator->free(allocatorContext, data); /* the data was ours */
  return s;
}

void THStorage_retain(THStorage *self) {
  if (!self || !(self->flags & TH_STORAGE_REFCOUNTED)) return;
  th_retain_ref(&self->refcount, TH_OBJECT_STORAGE, self, self->track, __func__);
}

static void storage_destroy(THStorage *self) {
  if ((self->flags & TH_STORAGE_FREEMEM) && self->data)
    self->allocator->free(self->allocatorContext, self->data);
  THThreadSlot *slot = th_thread();
  th_live_add(slot, TH_LIVE_STORAGES, -1);
  th_live_add(slot, TH_LIVE_BYTES, -th_storage_nbytes(self));
  if ((self->track || th_is_tracking()) &&
      th_track_destroyed(TH_OBJECT_STORAGE, self, &self->track)) {
    self->data = NULL; /* quarantined: an empty husk that reports misuse */
    self->size = 0;
    return;
  }
  th_struct_free(slot, TH_CACHE_STORAGE, self);
}

void THStorage_free(THStorage *self) {
  if (!self || !(self->flags & TH_STORAGE_REFCOUNTED)) return;
  if (th_release_ref(&self->refcount, TH_OBJECT_STORAGE, self, self->track, __func__))
    storage_destroy(self);
}

int64_t THStorage_refcount(const THStorage *self) {
  return atomic_load_explicit(&self->refcount, memory_order_relaxed);
}

void THStorage_pin(THStorage *self) {
  THStorage_retain(self);
  atomic_fetch_add_explicit(&self->pins, 1, memory_order_relaxed);
}

void THStorage_unpin(THStorage *self) {
  atomic_fetch_sub_explicit(&self->pins, 1, memory_order_relaxed);
  THStorage_free(self);
}

int64_t THStorage_pins(const THStorage *self) {
  return atomic_load_explicit(&self->pins, memory_order_relaxed);
}

int th_readonly_error(const char *what, const char *fn) {
  TH_ERR_FN(TH_ERROR_RUNTIME, fn, "%s views read-only memory (a read-only buffer, bytes, a "
            "non-writeable numpy array or a read-only mmap, shared without a copy) and "
            "cannot be written; .clone() gives a writable copy", what);
  return -1;
}

int th_storage_check_resizable(const THStorage *self, const char *fn) {
  if (th_storage_check_not_readonly(self, "the storage", fn)) return -1;
  if (!(self->flags & TH_STORAGE_RESIZABLE)) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn, "storage is not resizable");
    return -1;
  }
  int64_t refcount = THStorage_refcount(self);
  if (refcount > 1) {
    TH_ERR_FN(TH_ERROR_RUNTIME, fn,
              "storage is shared (refcount %lld); resizing it would leave its views and "
              "exported buffers pointing outside its data",
              (long long)refcount);
    return -1;
  }
  return 0;
}

int th_storage_resize(THStorage *self, int64_t size, const char *fn) {
  int64_t nbytes;
  if (storage_nbytes(self->dtype, size, fn, &nbytes)) return -1;
  if (size == self->size) return 0;
  int64_t old_nbytes = th_storage_nbytes(self);
  THAllocator *a = self->allocator;
  int owns = self->flags & TH_STORAGE_FREEMEM;
  int use_realloc = a->realloc && self->data && owns;
  void *data = NULL;
  if (nbytes > 0) {
    data = use_realloc ? a->realloc(self->allocatorContext, self->data, (ptrdiff_t)nbytes)
                       : a->malloc(self->allocatorContext, (ptrdiff_t)nbytes);
    if (!data) {
      TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate %lld bytes", (long long)nbytes);
      return -1;
    }
    if (!use_realloc && self->data) {
      memcpy(data, self->data, (size_t)(nbytes < old_nbytes ? nbytes : old_nbytes));
      if (owns) a->free(self->allocatorContext, self->data);
    }
  } else if (self->data && owns) {
    a->free(self->allocatorContext, self->data);
  }
  self->data = data;
  self->size = size;
  self->flags |= TH_STORAGE_FREEMEM; /* the new data came from the allocator */
  th_live_add(th_thread(), TH_LIVE_BYTES, nbytes - old_nbytes);
  return 0;
}

int THStorage_resize(THStorage *self, int64_t size) {
  TH_CHECK_STORAGE(self, -1);
  if (th_storage_check_resizable(self, __func__)) return -1;
  return th_storage_resize(self, size, __func__);
}

int THStorage_fill(THStorage *self, double value) {
  th_element pattern;
  TH_CHECK_STORAGE(self, -1);
  if (th_storage_check_not_readonly(self, "the storage", __func__)) return -1;
  if (th_scalar_from_double(self->dtype, value, &pattern, __func__)) return -1;
  size_t elsize = THScalarType_elementSize(self->dtype);
  th_fill_strided(self->data, (ptrdiff_t)elsize, self->size, elsize, &pattern);
  return 0;
}

int THStorage_fillInt64(THStorage *self, int64_t value) {
  th_element pattern;
  TH_CHECK_STORAGE(self, -1);
  if (th_storage_check_not_readonly(self, "the storage", __func__)) return -1;
  if (th_scalar_from_int64(self->dtype, value, &pattern, __func__)) return -1;
  size_t elsize = THScalarType_elementSize(self->dtype);
  th_fill_strided(self->data, (ptrdiff_t)elsize, self->size, elsize, &pattern);
  return 0;
}

int THStorage_fillElement(THStorage *self, const void *element) {
  TH_CHECK_STORAGE(self, -1);
  if (th_storage_check_not_readonly(self, "the storage", __func__)) return -1;
  THRequire(element, -1, TH_ERROR_VALUE, "%s: element is NULL", __func__);
  size_t elsize = THScalarType_elementSize(self->dtype);
  th_fill_strided(self->data, (ptrdiff_t)elsize, self->size, elsize, element);
  return 0;
}

int THStorage_swap(THStorage *a, THStorage *b) {
  TH_CHECK_STORAGE(a, -1);
  TH_CHECK_STORAGE(b, -1);
  if (a == b) return 0;
  if (th_storage_check_resizable(a, __func__) || th_storage_check_resizable(b, __func__))
    return -1;
#define SWAP(T, field)   \
  do {                   \
    T tmp = a->field;    \
    a->field = b->field; \
    b->field = tmp;      \
  } while (0)
  SWAP(void *, data);
  SWAP(int64_t, size);
  SWAP(THAllocator *, allocator);
  SWAP(void *, allocatorContext);
  SWAP(int, flags);
  SWAP(THScalarType, dtype); /* unshared: no tensor views either one */
#undef SWAP
  return 0;
}

void *THStorage_data(const THStorage *self) { return self->data; }
int64_t THStorage_size(const THStorage *self) { return self->size; }
size_t THStorage_elementSize(const THStorage *self) {
  return THScalarType_elementSize(self->dtype);
}
int64_t THStorage_nbytes(const THStorage *self) { return th_storage_nbytes(self); }
THScalarType THStorage_dtype(const THStorage *self) { return self->dtype; }
THAllocator *THStorage_allocator(const THStorage *self) { return self->allocator; }
void *THStorage_allocatorContext(const THStorage *self) { return self->allocatorContext; }
int THStorage_flags(const THStorage *self) { return self->flags; }
void THStorage_setFlag(THStorage *self, int flag) { self->flags |= flag; }
int THStorage_checkWritable(const THStorage *self, const char *fn) {
  TH_CHECK_STORAGE(self, -1);
  return th_storage_check_not_readonly(self, "the storage", fn ? fn : __func__);
}

/* read-only stays: the producer's memory must never be written */
void THStorage_clearFlag(THStorage *self, int flag) {
  self->flags &= ~(flag & ~TH_STORAGE_READONLY);
}

/* Typed access: THUInt8Storage_data, THFloat32Storage_get, ... */
#define TH_GENERIC_FILE "core/generic/THStorageTyped.c"
#include "TH/THGenerateDtypes.h"
