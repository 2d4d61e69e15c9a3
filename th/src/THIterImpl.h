/* The one strided iterator behind every element kernel (fill, copy, ...).
 *
 * Operands share one (broadcast) shape; each has its own strides. The
 * iterator drops size-1 dims, orders dims by the first operand's strides
 * (so the destination is walked in memory order) and merges dims that are
 * contiguous with each other for every operand, so kernels see the fewest
 * and longest inner loops: a contiguous tensor of any shape is one loop. */
#ifndef TH_ITER_IMPL_H
#define TH_ITER_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "TH/THGeneral.h"

#define TH_ITER_MAX_OPERANDS 2

typedef struct THIter {
  int nOperands;
  int nDimension;                                   /* >= 1 unless numel == 0 */
  int64_t numel;
  int64_t size[TH_MAX_DIMS];                        /* outermost first */
  ptrdiff_t stride[TH_ITER_MAX_OPERANDS][TH_MAX_DIMS]; /* in bytes */
  char *data[TH_ITER_MAX_OPERANDS];
} THIter;

/* strides[k]: operand k's strides in elements for the shape (0 for a
 * broadcast dim); elsize[k]: its element size. */
void th_iter_init(THIter *it, int nOperands, int nDimension, const int64_t *size,
                  const int64_t *const *strides, char *const *data, const size_t *elsize);

/* Inner loop: n elements, operand k at data[k] advancing by strides[k]. */
typedef void (*th_iter_loop)(char **data, const ptrdiff_t *strides, int64_t n, void *ctx);

/* Runs loop over every inner run, outer dims in odometer order. */
void th_iter_run(const THIter *it, th_iter_loop loop, void *ctx);

#endif
