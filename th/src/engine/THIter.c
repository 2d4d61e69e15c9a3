/* The strided iterator: simplify the iteration space, then walk it. */
#include "engine/THIterImpl.h"

void th_iter_init(THIter *it, int nOperands, int nDimension, const int64_t *size,
                  const int64_t *const *strides, char *const *data, const size_t *elsize) {
  it->nOperands = nOperands;
  it->numel = 1;
  for (int d = 0; d < nDimension; d++) it->numel *= size[d];
  for (int k = 0; k < nOperands; k++) it->data[k] = data[k];
  it->nDimension = 0;
  if (it->numel == 0) return;

  /* keep dims of size > 1, in operand 0's memory order (insertion sort by
   * decreasing stride; stable, so ties keep their logical order) */
  int order[TH_MAX_DIMS], n = 0;
  for (int d = 0; d < nDimension; d++) {
    if (size[d] == 1) continue;
    int i = n++;
    while (i > 0 && strides[0][order[i - 1]] < strides[0][d]) {
      order[i] = order[i - 1];
      i--;
    }
    order[i] = d;
  }

  /* merge dim d (inner) into the outer dim m-1 before it when, for every
   * operand, one step of m-1 spans exactly the whole of d */
  int m = 0;
  for (int i = 0; i < n; i++) {
    int d = order[i];
    if (m > 0) {
      int mergeable = 1;
      for (int k = 0; k < nOperands && mergeable; k++)
        mergeable = it->stride[k][m - 1] == (ptrdiff_t)(strides[k][d] * (int64_t)elsize[k]) *
                                                (ptrdiff_t)size[d];
      if (mergeable) {
        it->size[m - 1] *= size[d];
        for (int k = 0; k < nOperands; k++)
          it->stride[k][m - 1] = (ptrdiff_t)(strides[k][d] * (int64_t)elsize[k]);
        continue;
      }
    }
    it->size[m] = size[d];
    for (int k = 0; k < nOperands; k++)
      it->stride[k][m] = (ptrdiff_t)(strides[k][d] * (int64_t)elsize[k]);
    m++;
  }
  if (m == 0) { /* a single element */
    it->size[0] = 1;
    for (int k = 0; k < nOperands; k++) it->stride[k][0] = (ptrdiff_t)elsize[k];
    m = 1;
  }
  it->nDimension = m;
}

void th_iter_restrict(const THIter *it, int64_t begin, int64_t end, THIter *out) {
  *out = *it;
  if (it->numel == 0) return;
  out->size[0] = end - begin;
  out->numel = it->numel / it->size[0] * (end - begin);
  for (int k = 0; k < it->nOperands; k++) out->data[k] = it->data[k] + begin * it->stride[k][0];
}

void th_iter_run(const THIter *it, th_iter_loop loop, void *ctx) {
  if (it->numel == 0) return;
  int inner = it->nDimension - 1;
  ptrdiff_t inner_strides[TH_ITER_MAX_OPERANDS];
  char *ptr[TH_ITER_MAX_OPERANDS];
  for (int k = 0; k < it->nOperands; k++) {
    inner_strides[k] = it->stride[k][inner];
    ptr[k] = it->data[k];
  }
  if (inner == 0) {
    loop(ptr, inner_strides, it->size[0], ctx);
    return;
  }
  int64_t index[TH_MAX_DIMS] = {0};
  for (;;) {
    char *run[TH_ITER_MAX_OPERANDS];
    for (int k = 0; k < it->nOperands; k++) run[k] = ptr[k];
    loop(run, inner_strides, it->size[inner], ctx);
    int d = inner - 1;
    for (; d >= 0; d--) {
      for (int k = 0; k < it->nOperands; k++) ptr[k] += it->stride[k][d];
      if (++index[d] < it->size[d]) break;
      for (int k = 0; k < it->nOperands; k++) ptr[k] -= it->stride[k][d] * it->size[d];
      index[d] = 0;
    }
    if (d < 0) return;
  }
}

void th_iter_run_2d(const THIter *it, int row_dim, th_iter_loop2d loop, void *ctx) {
  if (it->numel == 0) return;
  int inner = it->nDimension - 1;
  int outer[TH_MAX_DIMS], nouter = 0; /* the dims walked around the blocks */
  for (int d = 0; d < inner; d++)
    if (d != row_dim) outer[nouter++] = d;
  ptrdiff_t row_strides[TH_ITER_MAX_OPERANDS], col_strides[TH_ITER_MAX_OPERANDS];
  char *ptr[TH_ITER_MAX_OPERANDS];
  for (int k = 0; k < it->nOperands; k++) {
    row_strides[k] = it->stride[k][row_dim];
    col_strides[k] = it->stride[k][inner];
    ptr[k] = it->data[k];
  }
  int64_t index[TH_MAX_DIMS] = {0};
  for (;;) {
    char *block[TH_ITER_MAX_OPERANDS];
    for (int k = 0; k < it->nOperands; k++) block[k] = ptr[k];
    loop(block, row_strides, col_strides, it->size[row_dim], it->size[inner], ctx);
    int i = nouter - 1;
    for (; i >= 0; i--) {
      int d = outer[i];
      for (int k = 0; k < it->nOperands; k++) ptr[k] += it->stride[k][d];
      if (++index[i] < it->size[d]) break;
      for (int k = 0; k < it->nOperands; k++) ptr[k] -= it->stride[k][d] * it->size[d];
      index[i] = 0;
    }
    if (i < 0) return;
  }
}
