/* The engine's moves over whole tensors (THTensorCopy.c), for the layers
 * above it: a fill with one element and a strided copy with conversion. */
#ifndef TH_COPY_IMPL_H
#define TH_COPY_IMPL_H

#include "core/THTensorImpl.h"

/* A copy into dst (shape checked, no overlap) of src_data walked with
 * src_strides (in elements; negative ones reverse a dim), converting from
 * dtype st. */
void th_copy_strided(THTensor *dst, char *src_data, THScalarType st,
                     const int64_t *src_strides);
/* Every element of t set to pattern (one element of t's dtype). */
void th_fill_tensor(THTensor *t, const void *pattern);

#endif
