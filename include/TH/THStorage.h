/* THStorage.h: a reference-counted, dtype-tagged block of elements.
 *
 * TH v0.4.0's storage API on one struct tagged with a THScalarType. The struct
 * is opaque: use the functions (TH's README: "DO NOT directly access the
 * member variables of the struct"). Ownership of every function is listed in
 * docs/REFCOUNT.md. */
#ifndef TH_STORAGE_H
#define TH_STORAGE_H

#include "THAllocator.h"
#include "THGeneral.h"
#include "THMapAllocator.h"

typedef struct THStorage THStorage;

/* Flags, as in TH. A new storage has the first three. */
#define TH_STORAGE_REFCOUNTED 1 /* retain/free count; cleared: they do nothing */
#define TH_STORAGE_RESIZABLE 2  /* THStorage_resize and THStorage_swap allowed */
#define TH_STORAGE_FREEMEM 4    /* give the data back to the allocator at the end */
/* th's own: the data is read-only memory (a read-only buffer, bytes, a
 * non-writeable numpy array, a read-only mmap, an object store) viewed
 * without a copy. Every tensor over the storage (views included) is then
 * read-only: every function that writes elements, resizes or moves the data
 * refuses it (RuntimeError naming the function; docs/REFCOUNT.md lists
 * them), reads work as ever. Set it with THStorage_setFlag before handing the
 * storage out; it cannot be cleared (THStorage_clearFlag leaves it), since
 * the producer's memory must never be written: copy (THTensor_newClone) for
 * writable data. */
#define TH_STORAGE_READONLY 8

/* -------------------------------------------------- creation (new reference) */

/* An empty storage (size 0). */
TH_API THStorage *THStorage_new(THScalarType dtype);
/* size elements from the default allocator, uninitialised. */
TH_API THStorage *THStorage_newWithSize(THScalarType dtype, int64_t size);
/* size elements from allocator; the storage keeps allocatorContext and passes
 * it back on every allocator call. */
TH_API THStorage *THStorage_newWithAllocator(THScalarType dtype, int64_t size,
                                             THAllocator *allocator,
                                             void *allocatorContext);
/* Wraps data (size elements) that allocator can free. Takes the data: when the
 * storage dies, or if this call fails, allocator->free(allocatorContext, data)
 * is called (unless data is NULL; with a NULL allocator nothing can free it:
 * a ValueError, and the data is left to the caller). */
TH_API THStorage *THStorage_newWithDataAndAllocator(THScalarType dtype, void *data,
                                                    int64_t size,
                                                    THAllocator *allocator,
                                                    void *allocatorContext);

/* size elements of a file (or, with TH_ALLOCATOR_MAPPED_SHAREDMEM, a POSIX
 * shared memory object) mapped into memory; size 0 maps the whole file,
 * which must then hold a whole number of elements. flags: the
 * TH_ALLOCATOR_MAPPED_* above, FROMFD excepted. Without MAPPED_SHARED the
 * mapping is private (copy on write). Files and objects it creates are
 * owner-only (0600); a shared mapping of a short file grows it, other short
 * files are a ValueError; a failed system call is an OSError. The storage is
 * not resizable. */
TH_API THStorage *THStorage_newWithMapping(THScalarType dtype, const char *filename,
                                           int64_t size, int flags);
/* As newWithMapping, over an open descriptor, which the storage takes: it
 * keeps it (TH_ALLOCATOR_MAPPED_KEEPFD) or closes it after mapping, and
 * closes it if the call fails. name is informative (may be NULL). */
TH_API THStorage *THStorage_newWithMappingFd(THScalarType dtype, const char *name, int fd,
                                             int64_t size, int flags);
/* Moves the data into a new POSIX shared memory object, in place: every
 * tensor viewing the storage sees the same values, now shareable with other
 * processes through the kept descriptor. The object's name is removed at
 * once, so the memory goes away with the last process that maps it. A
 * no-op when the storage is already shared; refused (RuntimeError) while
 * its data is pinned. Returns 0, or -1 on error. */
TH_API int THStorage_moveToSharedMemory(THStorage *self);
/* 1 if the storage is a shared mapping (a file mapped shared, or shared
 * memory), else 0. */
TH_API int THStorage_isShared(const THStorage *self);

/* ------------------------------------------------------------ reference counts */

/* NULL is a no-op for both. free of a storage whose count is already zero is
 * reported (RuntimeError, unraisable) when it can be seen. */
TH_API void THStorage_retain(THStorage *self);
TH_API void THStorage_free(THStorage *self);
TH_API int64_t THStorage_refcount(const THStorage *self);
/* pin: a new reference that also keeps the data where it is (no move to
 * shared memory) until the matching unpin, which releases the reference. For
 * exported buffers (numpy, memoryview, DLPack) that point into the data. */
TH_API void THStorage_pin(THStorage *self);
TH_API void THStorage_unpin(THStorage *self);
TH_API int64_t THStorage_pins(const THStorage *self);

/* --------------------------------------------------------------- operations */

/* Changes the number of elements, keeping the first min(old, new) of them.
 * Refused (RuntimeError) when the storage is shared (refcount > 1), because
 * views and exported buffers would then point outside the data, or when it
 * is not TH_STORAGE_RESIZABLE. The caller must hold the storage's only
 * reference itself: a storage borrowed from a tensor (THTensor_storage) has
 * refcount 1 but belongs to that tensor, which resizing would leave outside
 * its data. Returns 0, or -1 on error. */
TH_API int THStorage_resize(THStorage *self, int64_t size);
/* Sets every element to value, converted to the storage's dtype; a value the
 * dtype cannot hold (out of range, NaN for an integer) is a ValueError.
 * Returns 0, or -1 on error. */
TH_API int THStorage_fill(THStorage *self, double value);
TH_API int THStorage_fillInt64(THStorage *self, int64_t value);
/* Every other form (complex, uint64 beyond int64): element holds one element
 * of the storage's dtype (elementSize bytes, e.g. from THScalarType_pack*),
 * stored as it is. Returns 0, or -1 on error. */
TH_API int THStorage_fillElement(THStorage *self, const void *element);
/* Exchanges the contents (data, size, dtype, allocator, flags) of two
 * storages; refcounts stay. Both must be unshared and resizable, and held by
 * the caller, for the same reasons as resize. Returns 0, or -1 on error. */
TH_API int THStorage_swap(THStorage *a, THStorage *b);

/* ------------------------------------------------------------------ queries */

/* The first element (borrowed; may be NULL for an empty storage). */
TH_API void *THStorage_data(const THStorage *self);
TH_API int64_t THStorage_size(const THStorage *self);
TH_API size_t THStorage_elementSize(const THStorage *self);
TH_API int64_t THStorage_nbytes(const THStorage *self);
TH_API THScalarType THStorage_dtype(const THStorage *self);
TH_API THAllocator *THStorage_allocator(const THStorage *self);
TH_API void *THStorage_allocatorContext(const THStorage *self);
TH_API int THStorage_flags(const THStorage *self);
TH_API void THStorage_setFlag(THStorage *self, int flag);
/* TH_STORAGE_READONLY in flag is ignored: it cannot be cleared. */
TH_API void THStorage_clearFlag(THStorage *self, int flag);
/* 0 when the storage's elements may be written; -1 with a RuntimeError
 * naming fn (NULL: this function) when it views read-only memory
 * (TH_STORAGE_READONLY). th's own functions check; call it before writing
 * through THStorage_data, THTensor_data or a handle yourself. */
TH_API int THStorage_checkWritable(const THStorage *self, const char *fn);

/* ------------------------------------------------- typed access (per dtype)
 * THUInt8Storage_data, THFloat32Storage_get, THFloat64Storage_set, ...: see
 * generic/THStorageTyped.h. A dtype mismatch is a TypeError. */
#define THStorage_(NAME) TH_CONCAT_4(TH, Real, Storage_, NAME)
#define TH_GENERIC_FILE "TH/generic/THStorageTyped.h"
#include "THGenerateDtypes.h"

#endif /* TH_STORAGE_H */
