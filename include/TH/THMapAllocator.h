/* THMapAllocator.h: storages backed by memory-mapped files and POSIX shared
 * memory (TH's THMapAllocator). The storage functions that make them are in
 * THStorage.h: THStorage_newWithMapping, newWithMappingFd and
 * moveToSharedMemory. */
#ifndef TH_MAP_ALLOCATOR_H
#define TH_MAP_ALLOCATOR_H

#include "THAllocator.h"

/* Mapping flags, as TH's. */
#define TH_ALLOCATOR_MAPPED_SHARED 1    /* MAP_SHARED: writes reach the file (else private) */
#define TH_ALLOCATOR_MAPPED_SHAREDMEM 2 /* the name is a POSIX shared memory object */
#define TH_ALLOCATOR_MAPPED_EXCLUSIVE 4 /* create it; fail if it exists (SHARED, not NOCREATE) */
#define TH_ALLOCATOR_MAPPED_NOCREATE 8  /* it must exist (and be long enough) */
#define TH_ALLOCATOR_MAPPED_KEEPFD 16   /* keep the descriptor open (to pass it on) */
#define TH_ALLOCATOR_MAPPED_FROMFD 32   /* map a descriptor given by the caller */
#define TH_ALLOCATOR_MAPPED_UNLINK 64   /* remove the name right after mapping */

typedef struct THMapAllocatorContext THMapAllocatorContext;

/* The allocator of mapped storages (context: a THMapAllocatorContext). Its
 * malloc always fails: a mapping cannot grow. Its free unmaps, closes a kept
 * descriptor and frees the context. */
TH_API THAllocator THMapAllocator;

/* The mapped file's name ("" when mapped from a bare descriptor); borrowed. */
TH_API const char *THMapAllocatorContext_filename(const THMapAllocatorContext *ctx);
/* The kept descriptor, or -1. Borrowed: the storage closes it when it dies. */
TH_API int THMapAllocatorContext_fd(const THMapAllocatorContext *ctx);
TH_API int THMapAllocatorContext_flags(const THMapAllocatorContext *ctx);
/* Bytes mapped. */
TH_API int64_t THMapAllocatorContext_size(const THMapAllocatorContext *ctx);

#endif /* TH_MAP_ALLOCATOR_H */
