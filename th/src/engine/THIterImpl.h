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

#define TH_ITER_MAX_OPERANDS 33 /* dst and up to 32 tensors an expression reads */

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

/* out = it restricted to [begin, end) of its outermost dim: for splitting
 * a loop across threads. */
void th_iter_restrict(const THIter *it, int64_t begin, int64_t end, THIter *out);

/* Runs loop over every inner run, outer dims in odometer order. */
void th_iter_run(const THIter *it, th_iter_loop loop, void *ctx);

/* A 2-d block: rows along one dim (nrows, row_strides), each row a run
 * along the inner dim (ncols, col_strides). */
typedef void (*th_iter_loop2d)(char **data, const ptrdiff_t *row_strides,
                               const ptrdiff_t *col_strides, int64_t nrows, int64_t ncols,
                               void *ctx);

/* Runs loop over the 2-d blocks of dims (row_dim, innermost dim) at every
 * position of the other dims: for kernels that tile, such as a transposing
 * copy. row_dim < it->nDimension - 1. */
void th_iter_run_2d(const THIter *it, int row_dim, th_iter_loop2d loop, void *ctx);

#endif
