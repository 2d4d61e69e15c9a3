/* The default allocator: 64-byte aligned heap memory. It has no realloc (an
 * aligned realloc would need the old size), so THStorage_resize copies. */
#define _DEFAULT_SOURCE /* madvise */
#include <stdint.h>
#include <sys/mman.h>

#include "TH/THAllocator.h"
#include "THMemoryImpl.h"

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

static void *default_malloc(void *ctx, ptrdiff_t size) {
  (void)ctx;
  void *ptr = th_aligned_malloc(TH_ALLOCATOR_ALIGNMENT, (size_t)size);
  if (ptr && size >= HUGE_PAGE_THRESHOLD) advise_huge_pages(ptr, size);
  return ptr;
}

static void default_free(void *ctx, void *ptr) {
  (void)ctx;
  th_free(ptr);
}

THAllocator THDefaultAllocator = {default_malloc, NULL, default_free};
