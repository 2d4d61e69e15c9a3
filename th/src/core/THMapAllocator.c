/* Storages over memory-mapped files and POSIX shared memory (TH's
 * THMapAllocator): newWithMapping, newWithMappingFd, moveToSharedMemory. */
#define _DEFAULT_SOURCE /* mmap flags, shm_open, fstat, ftruncate */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/THErrorImpl.h"
#include "core/THStorageImpl.h"
#include "debug/THDebugImpl.h"

#define ALL_FLAGS                                                                \
  (TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM |                  \
   TH_ALLOCATOR_MAPPED_EXCLUSIVE | TH_ALLOCATOR_MAPPED_NOCREATE |                \
   TH_ALLOCATOR_MAPPED_KEEPFD | TH_ALLOCATOR_MAPPED_FROMFD | TH_ALLOCATOR_MAPPED_UNLINK)

struct THMapAllocatorContext {
  char *filename; /* "" for a bare descriptor */
  int flags;
  int fd;         /* kept descriptor, or -1 */
  int64_t size;   /* bytes mapped */
};

static void *map_malloc(void *ctx, ptrdiff_t size) {
  (void)ctx;
  (void)size;
  return NULL; /* a mapping cannot grow */
}

static void map_free(void *ctx, void *data) {
  THMapAllocatorContext *c = ctx;
  munmap(data, (size_t)c->size);
  if (c->fd >= 0) close(c->fd);
  free(c->filename);
  free(c);
}

THAllocator THMapAllocator = {map_malloc, NULL, map_free};

const char *THMapAllocatorContext_filename(const THMapAllocatorContext *ctx) {
  return ctx->filename;
}
int THMapAllocatorContext_fd(const THMapAllocatorContext *ctx) { return ctx->fd; }
int THMapAllocatorContext_flags(const THMapAllocatorContext *ctx) { return ctx->flags; }
int64_t THMapAllocatorContext_size(const THMapAllocatorContext *ctx) { return ctx->size; }

static THMapAllocatorContext *context_new(const char *name, int flags, const char *fn) {
  THMapAllocatorContext *c = malloc(sizeof *c);
  char *copy = strdup(name ? name : "");
  if (!c || !copy) {
    free(c);
    free(copy);
    TH_ERR_FN(TH_ERROR_MEMORY, fn, "failed to allocate a mapping context");
    return NULL;
  }
  c->filename = copy;
  c->flags = flags;
  c->fd = -1;
  c->size = 0;
  return c;
}

static void context_drop(THMapAllocatorContext *c) {
  if (c->fd >= 0) close(c->fd);
  free(c->filename);
  free(c);
}

/* Maps ctx->fd (owned by ctx) and wraps it in a storage; every failure
 * releases ctx. size 0: the whole file. */
static THStorage *map_storage(THScalarType dtype, int64_t size, THMapAllocatorContext *c,
                              const char *fn) {
  const char *name = c->filename[0] ? c->filename : "(descriptor)";
  int shared = c->flags & (TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM);
  int64_t elsize = (int64_t)THScalarType_elementSize(dtype);
  struct stat st;
  if (fstat(c->fd, &st) != 0) {
    TH_ERR_OS_FN(errno, fn, "cannot stat '%s': %s", name, strerror(errno));
    goto fail;
  }
  int64_t have = (int64_t)st.st_size, nbytes;
  if (size == 0) {
    if (have == 0) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "'%s' is empty: give the number of elements to map", name);
      goto fail;
    }
    if (have % elsize) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "'%s' has %lld bytes: not a whole number of %s elements (%lld bytes each)",
                name, (long long)have, THScalarType_name(dtype), (long long)elsize);
      goto fail;
    }
    nbytes = have;
  } else if (size > INT64_MAX / elsize) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "size %lld of %s is too large", (long long)size,
              THScalarType_name(dtype));
    goto fail;
  } else {
    nbytes = size * elsize;
  }
  if (have < nbytes) {
    if (!shared || (c->flags & TH_ALLOCATOR_MAPPED_NOCREATE)) {
      TH_ERR_FN(TH_ERROR_VALUE, fn, "'%s' has %lld bytes but %lld are needed (%lld elements of %s)",
                name, (long long)have, (long long)nbytes, (long long)(nbytes / elsize),
                THScalarType_name(dtype));
      goto fail;
    }
    if (ftruncate(c->fd, (off_t)nbytes) != 0) {
      TH_ERR_OS_FN(errno, fn, "cannot grow '%s' to %lld bytes: %s", name, (long long)nbytes,
                   strerror(errno));
      goto fail;
    }
  }
  void *data = mmap(NULL, (size_t)nbytes, PROT_READ | PROT_WRITE,
                    shared ? MAP_SHARED : MAP_PRIVATE, c->fd, 0);
  if (data == MAP_FAILED) {
    TH_ERR_OS_FN(errno, fn, "cannot map %lld bytes of '%s': %s", (long long)nbytes, name,
                 strerror(errno));
    goto fail;
  }
  c->size = nbytes;
  if (!(c->flags & TH_ALLOCATOR_MAPPED_KEEPFD)) {
    close(c->fd);
    c->fd = -1;
  }
  /* the storage takes data and c: on failure it unmaps through map_free */
  THStorage *s = THStorage_newWithDataAndAllocator(dtype, data, nbytes / elsize, &THMapAllocator, c);
  if (s) s->flags &= ~TH_STORAGE_RESIZABLE;
  return s;
fail:
  context_drop(c);
  return NULL;
}

static int check_flags(int flags, int allowed, const char *fn) {
  if (flags & ~allowed) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "unknown or unsupported mapping flags 0x%x", flags & ~allowed);
    return -1;
  }
  return 0;
}

static int check_dtype_and_size(THScalarType dtype, int64_t size, const char *fn) {
  if (!THScalarType_isValid((int)dtype)) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "invalid dtype %d", (int)dtype);
    return -1;
  }
  if (size < 0) {
    TH_ERR_FN(TH_ERROR_VALUE, fn, "size must be non-negative (0: the whole file), got %lld",
              (long long)size);
    return -1;
  }
  return 0;
}

THStorage *THStorage_newWithMapping(THScalarType dtype, const char *filename, int64_t size,
                                    int flags) {
  if (check_dtype_and_size(dtype, size, __func__) ||
      check_flags(flags, ALL_FLAGS & ~TH_ALLOCATOR_MAPPED_FROMFD, __func__))
    return NULL;
  if (!filename || !filename[0]) {
    TH_ERR(TH_ERROR_VALUE, "filename is empty");
    return NULL;
  }
  /* as TH: a shared mapping may create and grow its file; a private one is
   * a copy-on-write view of an existing file, opened for reading */
  int shm = flags & TH_ALLOCATOR_MAPPED_SHAREDMEM;
  int shared = flags & (TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM);
  if ((flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE) &&
      (!shared || (flags & TH_ALLOCATOR_MAPPED_NOCREATE))) {
    /* EXCLUSIVE creates the file: only a shared mapping creates one (torch) */
    TH_ERR(TH_ERROR_VALUE,
           "flags 0x%x: EXCLUSIVE creates the file, so it needs SHARED or SHAREDMEM and "
           "excludes NOCREATE",
           (unsigned)flags);
    return NULL;
  }
  int may_create = shared && !(flags & TH_ALLOCATOR_MAPPED_NOCREATE);
  int oflags = O_CLOEXEC | (shared ? O_RDWR : O_RDONLY);
  THMapAllocatorContext *c = context_new(filename, flags, __func__);
  if (!c) return NULL;
  /* create with O_EXCL, so that a failure below removes only what this call
   * made; an existing file is opened as it is (unless EXCLUSIVE) */
  int created = 0;
  if (may_create) {
    c->fd = shm ? shm_open(filename, oflags | O_CREAT | O_EXCL, 0600)
                : open(filename, oflags | O_CREAT | O_EXCL, 0600);
    created = c->fd >= 0;
  }
  if (c->fd < 0 && (!may_create || (errno == EEXIST && !(flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE))))
    c->fd = shm ? shm_open(filename, oflags, 0600) : open(filename, oflags, 0600);
  if (c->fd < 0) {
    TH_ERR_OS(errno, "cannot open '%s': %s", filename, strerror(errno));
    context_drop(c);
    return NULL;
  }
  THStorage *s = map_storage(dtype, size, c, __func__); /* releases c on failure */
  if ((s && (flags & TH_ALLOCATOR_MAPPED_UNLINK)) || (!s && created)) {
    /* the mapping outlives the name; a failed call leaves nothing it made */
    if (shm)
      shm_unlink(filename);
    else
      unlink(filename);
  }
  return s;
}

THStorage *THStorage_newWithMappingFd(THScalarType dtype, const char *name, int fd, int64_t size,
                                      int flags) {
  if (fd < 0) {
    TH_ERR(TH_ERROR_VALUE, "invalid descriptor %d", fd);
    return NULL;
  }
  THMapAllocatorContext *c = NULL;
  if (check_dtype_and_size(dtype, size, __func__) ||
      check_flags(flags, ALL_FLAGS & ~(TH_ALLOCATOR_MAPPED_EXCLUSIVE | TH_ALLOCATOR_MAPPED_UNLINK),
                  __func__) ||
      !(c = context_new(name, flags | TH_ALLOCATOR_MAPPED_FROMFD, __func__))) {
    close(fd); /* taken, also on failure */
    return NULL;
  }
  c->fd = fd;
  return map_storage(dtype, size, c, __func__);
}

int THStorage_isShared(const THStorage *self) {
  return self->allocator == &THMapAllocator &&
         (((const THMapAllocatorContext *)self->allocatorContext)->flags &
          (TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM));
}

static _Atomic unsigned long long shm_counter;

/* A new shared memory object of nbytes (at least 1), mapped, its name
 * already removed; returns the context (fd kept) and the mapping. */
static THMapAllocatorContext *new_shared_memory(int64_t nbytes, void **data, const char *fn) {
  char name[64];
  int fd = -1;
  for (int attempt = 0; attempt < 16 && fd < 0; attempt++) {
    snprintf(name, sizeof name, "/th_%ld_%llu", (long)getpid(),
             (unsigned long long)atomic_fetch_add(&shm_counter, 1));
    fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    TH_ERR_OS_FN(errno, fn, "cannot create shared memory: %s", strerror(errno));
    return NULL;
  }
  shm_unlink(name); /* from now on the memory lives as long as its mappings */
  THMapAllocatorContext *c =
      context_new(name, TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM |
                            TH_ALLOCATOR_MAPPED_KEEPFD | TH_ALLOCATOR_MAPPED_UNLINK, fn);
  if (!c) {
    close(fd);
    return NULL;
  }
  c->fd = fd;
  c->size = nbytes > 0 ? nbytes : 1; /* mmap cannot map 0 bytes */
  if (ftruncate(fd, (off_t)c->size) != 0) {
    TH_ERR_OS_FN(errno, fn, "cannot size shared memory to %lld bytes: %s", (long long)c->size,
                 strerror(errno));
    context_drop(c);
    return NULL;
  }
  *data = mmap(NULL, (size_t)c->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (*data == MAP_FAILED) {
    TH_ERR_OS_FN(errno, fn, "cannot map %lld bytes of shared memory: %s", (long long)c->size,
                 strerror(errno));
    context_drop(c);
    return NULL;
  }
  return c;
}

int THStorage_moveToSharedMemory(THStorage *self) {
  TH_CHECK_STORAGE(self, -1);
  /* the copy would be writable and the producer's memory let go: refused */
  if (th_storage_check_not_readonly(self, "the storage", __func__)) return -1;
  if (THStorage_isShared(self)) return 0;
  int64_t pins = THStorage_pins(self);
  if (pins > 0) {
    TH_ERR(TH_ERROR_RUNTIME, "the storage's data is pinned by %lld exported buffer%s (numpy "
           "arrays, memoryviews, DLPack capsules): moving it would leave them behind; "
           "release them first", (long long)pins, pins == 1 ? "" : "s");
    return -1;
  }
  int64_t nbytes = th_storage_nbytes(self);
  void *data;
  THMapAllocatorContext *c = new_shared_memory(nbytes, &data, __func__);
  if (!c) return -1;
  if (nbytes) memcpy(data, self->data, (size_t)nbytes);
  if ((self->flags & TH_STORAGE_FREEMEM) && self->data)
    self->allocator->free(self->allocatorContext, self->data);
  self->data = data;
  self->allocator = &THMapAllocator;
  self->allocatorContext = c;
  self->flags = (self->flags & TH_STORAGE_REFCOUNTED) | TH_STORAGE_FREEMEM;
  return 0;
}
