/* The default allocator: 64-byte aligned heap memory. It has no realloc (an
 * aligned realloc would need the old size), so THStorage_resize copies. */
#include "TH/THAllocator.h"
#include "THMemoryImpl.h"

static void *default_malloc(void *ctx, ptrdiff_t size) {
  (void)ctx;
  return th_aligned_malloc(TH_ALLOCATOR_ALIGNMENT, (size_t)size);
}

static void default_free(void *ctx, void *ptr) {
  (void)ctx;
  th_free(ptr);
}

THAllocator THDefaultAllocator = {default_malloc, NULL, default_free};
