/* THAllocator.h: where a storage's data comes from and goes back to.
 *
 * As in TH, an allocator is three functions plus a context pointer that the
 * storage stores and passes back on every call. A storage that wraps foreign
 * memory (a numpy array, a DLPack tensor, an mmap) uses an allocator whose
 * free releases the owner; the context names the owner. */
#ifndef TH_ALLOCATOR_H
#define TH_ALLOCATOR_H

#include "THGeneral.h"

/* The default allocator aligns blocks of 1 KiB or more to this many bytes. */
#define TH_ALLOCATOR_ALIGNMENT 64

typedef struct THAllocator {
  /* Returns size bytes or NULL (the storage then reports MemoryError). */
  void *(*malloc)(void *ctx, ptrdiff_t size);
  /* May be NULL: the storage then resizes with malloc + copy + free. */
  void *(*realloc)(void *ctx, void *ptr, ptrdiff_t size);
  /* Called once for every pointer malloc/realloc returned; never with NULL. */
  void (*free)(void *ctx, void *ptr);
} THAllocator;

/* Heap memory, 64-byte aligned from 1 KiB (TH_ALLOCATOR_ALIGNMENT) and
 * 16-byte below (malloc's: padding a small block to a cache line would cost
 * more than its data); ignores its context. Freed blocks of 4 MiB
 * or more are kept for reuse (a big temporary allocated again is written
 * into pages already mapped, not fresh ones): at most 4 blocks and 512 MiB,
 * all given back (and the allocation tried once more) when an allocation
 * fails. None are kept under TH_NO_CACHE=1 or in ASan builds
 * (THDebug_isCaching). */
TH_API THAllocator THDefaultAllocator;

/* Bytes of freed blocks the default allocator keeps for reuse now. */
TH_API int64_t THAllocator_cachedBytes(void);
/* Gives those blocks back to the C library's free(). */
TH_API void THAllocator_emptyCache(void);

#endif /* TH_ALLOCATOR_H */
