/* Internal fill kernels: write one element pattern n times. */
#ifndef TH_FILL_IMPL_H
#define TH_FILL_IMPL_H

#include <stddef.h>
#include <stdint.h>

/* n elements of elsize bytes, each a copy of pattern, stride bytes apart
 * (stride == elsize: contiguous). */
void th_fill_strided(char *data, ptrdiff_t stride, int64_t n, size_t elsize,
                     const void *pattern);

#endif
