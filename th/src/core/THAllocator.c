/* The default allocator: 64-byte aligned heap memory (16-byte under
 * SMALL_BLOCK_BYTES), big blocks backed by huge pages and kept for reuse
 * when freed. It has no realloc (an aligned realloc would need the old
 * size), so THStorage_resize copies. */
#define _DEFAULT_SOURCE /* madvise */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "TH/THAllocator.h"
#include "core/THMemoryImpl.h"
#include "core/THThreadImpl.h"

/* Large blocks are worth backing with huge pages: one page fault per 2 MiB
 * instead of per 4 KiB on first touch (numpy does the same). */
#define HUGE_PAGE_THRESHOLD ((ptrdiff_t)4 << 20)
#define PAGE_SIZE_GUESS ((uintptr_t)4096)

static void advise_huge_pages(void *ptr, ptrdiff_t size) {
#ifdef MADV_HUGEPAGE
  uintptr_t start = ((uintptr_t)ptr + PAGE_SIZE_GUESS - 1) & ~(PAGE_SIZE_GUESS - 1);
  uintptr_t end = ((uintptr_t)ptr + (uintptr_t)size) & ~(PAGE_SIZE_GUESS - 1);
  if (end > start) madvise((void *)start, end - start, MADV_HUGEPAGE); /* advice only */
#else
  (void)ptr;
  (void)size;
#endif
}

/* ------------------------------------------------------------ block cache
 *
 * Freed blocks of HUGE_PAGE_THRESHOLD bytes or more are kept for reuse, so
 * that a big temporary allocated again soon (an eager a * b + c, a loop's
 * result) is written into pages already mapped: a fresh page costs a page
 * fault and the kernel's zeroing, and 64 MiB of them cost about as much as
 * copying 64 MiB. Eager a * b + c of 16M float32 measured 2.7x np.copyto
 * into fresh pages and 1.6x into a reused block (numpy: 2.5x). At most
 * CACHE_SLOTS blocks and CACHE_MAX_BYTES in all, the oldest freed first; a
 * block serves a request of 8/9 of its size or more. Off under TH_NO_CACHE
 * and in ASan builds (THDebug_isCaching), and where the C library cannot
 * tell a block's size. */
#define CACHE_SLOTS 4
#define CACHE_MAX_BYTES ((size_t)512 << 20)

#if defined(__GLIBC__)
#include <malloc.h>
#define block_size(ptr) malloc_usable_size(ptr)
#define HAVE_BLOCK_CACHE 1
#else
#define block_size(ptr) ((size_t)0)
#define HAVE_BLOCK_CACHE 0
#endif

static struct {
  void *ptr[CACHE_SLOTS]; /* oldest first */
  size_t size[CACHE_SLOTS];
  int n;
  size_t bytes;
} cache;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

static void lock_cache(void) { pthread_mutex_lock(&cache_lock); }
static void unlock_cache(void) { pthread_mutex_unlock(&cache_lock); }

/* A fork while another thread holds the lock must not leave it held. The
 * child gives its copies of the blocks back: they share pages with the
 * parent, and writing one would copy each page on its first write, slower
 * than a fresh page. */
static void empty_in_child(void) {
  unlock_cache();
  THAllocator_emptyCache();
}
__attribute__((constructor)) static void register_fork_handlers(void) {
  pthread_atfork(lock_cache, unlock_cache, empty_in_child);
}

static void cache_remove(int i) {
  cache.bytes -= cache.size[i];
  cache.n--;
  memmove(cache.ptr + i, cache.ptr + i + 1, sizeof(void *) * (size_t)(cache.n - i));
  memmove(cache.size + i, cache.size + i + 1, sizeof(size_t) * (size_t)(cache.n - i));
}

/* The smallest cached block that serves size bytes, taken out, or NULL. */
static void *cache_take(size_t size) {
  void *ptr = NULL;
  lock_cache();
  int best = -1;
  for (int i = 0; i < cache.n; i++)
    if (cache.size[i] >= size && cache.size[i] - cache.size[i] / 9 <= size &&
        (best < 0 || cache.size[i] < cache.size[best]))
      best = i;
  if (best >= 0) {
    ptr = cache.ptr[best];
    cache_remove(best);
  }
  unlock_cache();
  return ptr;
}

/* Keeps ptr (size bytes) for reuse, freeing the oldest blocks to make room;
 * 0 when it is not kept. */
static int cache_put(void *ptr, size_t size) {
  void *evicted[CACHE_SLOTS];
  int nevicted = 0;
  if (size > CACHE_MAX_BYTES) return 0;
  lock_cache();
  while (cache.n == CACHE_SLOTS || cache.bytes + size > CACHE_MAX_BYTES) {
    evicted[nevicted++] = cache.ptr[0];
    cache_remove(0);
  }
  cache.ptr[cache.n] = ptr;
  cache.size[cache.n++] = size;
  cache.bytes += size;
  unlock_cache();
  for (int i = 0; i < nevicted; i++) th_free(evicted[i]); /* outside the lock */
  return 1;
}

int64_t THAllocator_cachedBytes(void) {
  lock_cache();
  size_t n = cache.bytes;
  unlock_cache();
  return (int64_t)n;
}

void THAllocator_emptyCache(void) {
  void *ptr[CACHE_SLOTS];
  lock_cache();
  int n = cache.n;
  memcpy(ptr, cache.ptr, sizeof ptr);
  cache.n = 0;
  cache.bytes = 0;
  unlock_cache();
  for (int i = 0; i < n; i++) th_free(ptr[i]);
}

/* -------------------------------------------------------- the allocator */

/* Blocks under this come from malloc as they are, 16-byte aligned (numpy
 * aligns no block further): posix_memalign pads a small block to its
 * alignment and splits off fragments that small allocations rarely reuse.
 * Made in bulk, a 16-byte block cost 96 bytes of heap that way (32 from
 * malloc), a 256-byte one 384 (272); from 1 KiB the padding is a 64-byte
 * line or less. A block this small is read within a few cache lines anyway. */
#define SMALL_BLOCK_BYTES 1024

/* A block from the C library (the caller has counted it against failure
 * injection). */
static void *system_block(ptrdiff_t size) {
  if (size < SMALL_BLOCK_BYTES) return malloc((size_t)size);
  return th_system_aligned_malloc(TH_ALLOCATOR_ALIGNMENT, (size_t)size);
}

static int caching_blocks(void) { return HAVE_BLOCK_CACHE && th_caching(); }

static void *default_malloc(void *ctx, ptrdiff_t size) {
  (void)ctx;
  if (th_should_fail()) return NULL;
  /* (not while a failure is armed: each allocation must reach the system's) */
  if (size >= HUGE_PAGE_THRESHOLD && caching_blocks() && !th_failure_armed()) {
    void *ptr = cache_take((size_t)size);
    if (ptr) return ptr;
  }
  void *ptr = system_block(size);
  if (!ptr && THAllocator_cachedBytes() > 0) {
    /* the memory missing may be what the cache keeps: give it back, once */
    THAllocator_emptyCache();
    ptr = system_block(size);
  }
  if (ptr && size >= HUGE_PAGE_THRESHOLD) advise_huge_pages(ptr, size);
  return ptr;
}

static void default_free(void *ctx, void *ptr) {
  (void)ctx;
  /* (a block a caller made, given to a storage with this allocator, may
   * lack the alignment this allocator promises: not kept) */
  size_t size = caching_blocks() && (uintptr_t)ptr % TH_ALLOCATOR_ALIGNMENT == 0
                    ? block_size(ptr)
                    : 0;
  if (size >= (size_t)HUGE_PAGE_THRESHOLD && cache_put(ptr, size)) return;
  th_free(ptr);
}

THAllocator THDefaultAllocator = {default_malloc, NULL, default_free};
