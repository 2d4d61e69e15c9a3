/* The layout of a new result of an expression, as torch's TensorIterator
 * allocates one: a dense input's strides are kept (a transposed or permuted
 * operand gives a result laid out the same way), else the dims are ordered
 * by the tensor leaves' strides, the first leaf with an opinion deciding. */
#include <string.h>

#include "core/THTensorImpl.h"
#include "engine/THExprImpl.h"

/* At most this many leaves are looked at (a larger tree: row-major). */
#define MAX_LEAVES 32

static int collect_leaves(const THExpr *e, const THTensor **leaf, int n) {
  if (e->kind == TH_EXPR_KIND_TENSOR) {
    if (n < MAX_LEAVES) leaf[n] = e->tensor;
    return n + 1;
  }
  for (int i = 0; i < 3 && e->kind != TH_EXPR_KIND_SCALAR; i++)
    if (e->operand[i]) n = collect_leaves(e->operand[i], leaf, n);
  return n;
}

/* A scalar operand (a Python number: torch wraps it in a 0-dim tensor). */
static int has_scalar(const THExpr *e) {
  if (e->kind == TH_EXPR_KIND_SCALAR) return 1;
  if (e->kind == TH_EXPR_KIND_TENSOR) return 0;
  for (int i = 0; i < 3; i++)
    if (e->operand[i] && has_scalar(e->operand[i])) return 1;
  return 0;
}

/* torch's is_non_overlapping_and_dense: the strides of the dims of size >= 2,
 * sorted, are those of a contiguous tensor. */
static int dense(const THTensor *t) {
  int nd = t->nDimension, order[TH_MAX_DIMS], n = 0;
  const int64_t *size = th_sizes(t), *stride = th_strides(t);
  for (int d = 0; d < nd; d++) {
    if (size[d] < 2) continue;
    int j = n++;
    for (; j > 0 && stride[order[j - 1]] > stride[d]; j--) order[j] = order[j - 1];
    order[j] = d;
  }
  int64_t expected = 1;
  for (int i = 0; i < n; i++) {
    if (stride[order[i]] != expected) return 0;
    expected *= size[order[i]];
  }
  return 1;
}

static int same_shape(const THTensor *t, int nd, const int64_t *size) {
  if (t->nDimension != nd) return 0;
  for (int d = 0; d < nd; d++)
    if (th_sizes(t)[d] != size[d]) return 0;
  return 1;
}

/* A leaf's stride along the result's dim d: 0 where it is broadcast. */
static int64_t leaf_stride(const THTensor *t, int nd, const int64_t *size, int d) {
  int ld = d - (nd - t->nDimension);
  if (ld < 0) return 0;
  if (th_sizes(t)[ld] == 1 && size[d] != 1) return 0;
  return th_strides(t)[ld];
}

/* TensorIterator's should_swap: 1 when dim0 should come after dim1 in the
 * order fastest-first, -1 when before, 0 when no leaf tells. */
static int should_swap(const THTensor **leaf, int n, int nd, const int64_t *size, int dim0,
                       int dim1) {
  for (int i = 0; i < n; i++) {
    int64_t s0 = leaf_stride(leaf[i], nd, size, dim0);
    int64_t s1 = leaf_stride(leaf[i], nd, size, dim1);
    if (s0 == 0 || s1 == 0) continue;
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    if (size[dim0] > size[dim1]) return 1;
  }
  return 0;
}

int THExpr_resultStrides(const THExpr *e, int64_t *stride) {
  const THTensor *leaf[MAX_LEAVES];
  int nd = e->nDimension;
  const int64_t *size = e->size;
  if (nd < 2 || e->has_dot) return 0;
  for (int d = 0; d < nd; d++)
    if (size[d] == 0) return 0; /* no elements: row-major will do */
  int n = collect_leaves(e, leaf, 0);
  if (n == 0 || n > MAX_LEAVES) return 0;
  /* torch's fast setup: operands all of the result's shape (no scalar among
   * them), all contiguous (then contiguous) or all dense with one stride
   * set (then that one) */
  int all_same = same_shape(leaf[0], nd, size), any_scalar;
  for (int i = 1; i < n && all_same; i++) all_same = same_shape(leaf[i], nd, size);
  any_scalar = has_scalar(e);
  if (all_same && !any_scalar) {
    int contiguous = 1, same_dense = 1;
    for (int i = 0; i < n; i++) contiguous = contiguous && THTensor_isContiguous(leaf[i]);
    if (contiguous) return 0;
    for (int i = 0; i < n && same_dense; i++) {
      same_dense = dense(leaf[i]) &&
                   memcmp(th_strides(leaf[i]), th_strides(leaf[n - 1]),
                          sizeof(int64_t) * (size_t)nd) == 0;
    }
    if (same_dense) {
      memcpy(stride, th_strides(leaf[n - 1]), sizeof(int64_t) * (size_t)nd);
      return 1;
    }
  }
  /* the general rule: an insertion sort of the dims, fastest first, that
   * moves a dim only on a leaf's strict opinion */
  int perm[TH_MAX_DIMS];
  for (int i = 0; i < nd; i++) perm[i] = nd - 1 - i;
  for (int i = 1; i < nd; i++) {
    int dim1 = i;
    for (int dim0 = i - 1; dim0 >= 0; dim0--) {
      int c = should_swap(leaf, n, nd, size, perm[dim0], perm[dim1]);
      if (c > 0) {
        int t = perm[dim0];
        perm[dim0] = perm[dim1];
        perm[dim1] = t;
        dim1 = dim0;
      } else if (c < 0) {
        break;
      }
    }
  }
  int row_major = 1;
  for (int i = 0; i < nd; i++) row_major = row_major && perm[i] == nd - 1 - i;
  if (row_major) return 0;
  int64_t next = 1;
  for (int i = 0; i < nd; i++) {
    stride[perm[i]] = next;
    next *= size[perm[i]];
  }
  return 1;
}
