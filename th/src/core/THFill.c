/* Fill kernels. Contiguous runs use memset when every byte of the pattern is
 * the same (zeros, ones of int8, true) and typed stores otherwise, so the
 * compiler can vectorise each element size. */
#include <string.h>

#include "core/THFillImpl.h"

#define DEFINE_FILL(BITS, T)                                                   \
  static void fill##BITS(char *data, ptrdiff_t stride, int64_t n, T v) {       \
    if (stride == (ptrdiff_t)sizeof(T)) {                                      \
      T *p = (T *)data;                                                        \
      for (int64_t i = 0; i < n; i++) p[i] = v;                                \
    } else {                                                                   \
      for (int64_t i = 0; i < n; i++) *(T *)(data + i * stride) = v;           \
    }                                                                          \
  }
DEFINE_FILL(16, uint16_t)
DEFINE_FILL(32, uint32_t)
DEFINE_FILL(64, uint64_t)
typedef struct fill_bytes16 { uint64_t lo, hi; } fill_bytes16; /* complex128 */
DEFINE_FILL(128, fill_bytes16)
#undef DEFINE_FILL

static int same_bytes(const unsigned char *p, size_t n) {
  for (size_t i = 1; i < n; i++)
    if (p[i] != p[0]) return 0;
  return 1;
}

void th_fill_strided(char *data, ptrdiff_t stride, int64_t n, size_t elsize,
                     const void *pattern) {
  if (n <= 0) return;
  const unsigned char *bytes = pattern;
  if (stride == (ptrdiff_t)elsize && same_bytes(bytes, elsize)) {
    memset(data, bytes[0], (size_t)n * elsize);
    return;
  }
  switch (elsize) {
    case 1:
      for (int64_t i = 0; i < n; i++) data[i * stride] = (char)bytes[0];
      return;
    case 2: {
      uint16_t v;
      memcpy(&v, pattern, 2);
      fill16(data, stride, n, v);
      return;
    }
    case 4: {
      uint32_t v;
      memcpy(&v, pattern, 4);
      fill32(data, stride, n, v);
      return;
    }
    case 8: {
      uint64_t v;
      memcpy(&v, pattern, 8);
      fill64(data, stride, n, v);
      return;
    }
    case 16: {
      fill_bytes16 v;
      memcpy(&v, pattern, 16);
      fill128(data, stride, n, v);
      return;
    }
    default:
      for (int64_t i = 0; i < n; i++) memcpy(data + i * stride, pattern, elsize);
  }
}
