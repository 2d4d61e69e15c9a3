"""A downstream Cython module using th's C API directly (see setup.py).

Every function follows TH's Golden Rule: each pointer from a new* function
or a retain is freed or returned (into a Python object, with wrap_tensor,
which steals it) on every path, errors included."""
from libc.stdint cimport int64_t

cimport th
from th.libTH cimport *


def ramp(int64_t rows, int64_t cols):
    """A rows x cols float32 tensor holding 0, 1, 2, ... (THTensor_newWithSize2d)."""
    cdef THTensor *t = THTensor_newWithSize2d(TH_FLOAT32, rows, cols)  # new: ours
    cdef float *data = THFloat32Tensor_data(t)  # borrowed: valid while t lives
    cdef int64_t i
    for i in range(rows * cols):
        data[i] = i
    return th.wrap_tensor(t)  # the Python object takes our reference


def block_sum(th.Tensor t, int64_t row, int64_t col, int64_t height, int64_t width):
    """Sum of a block, through narrow, transpose and newContiguous. Each view
    is a new reference freed on every path, the error paths too."""
    cdef THTensor *rows = NULL
    cdef THTensor *block = NULL
    cdef THTensor *flipped = NULL
    cdef THTensor *dense = NULL
    cdef const float *p
    cdef double total = 0
    cdef int64_t i
    try:
        rows = THTensor_newNarrow(t.cdata, 0, row, height)       # may raise
        block = THTensor_newNarrow(rows, 1, col, width)          # may raise
        flipped = THTensor_newTranspose(block, 0, 1)
        dense = THTensor_newContiguous(flipped)  # a copy, or flipped itself retained
        p = THFloat32Tensor_data(dense)
        for i in range(THTensor_nElement(dense)):
            total += p[i]
        return total
    finally:
        THTensor_free(dense)  # free(NULL) is a no-op: no need to track what exists
        THTensor_free(flipped)
        THTensor_free(block)
        THTensor_free(rows)


def share(th.Tensor t):
    """A second Python object over the same C tensor: retain, then wrap."""
    THTensor_retain(t.cdata)
    return th.wrap_tensor(t.cdata)


def over_new_storage(int64_t n):
    """A tensor over a storage we create and hand over (the stealing call)."""
    cdef THStorage *s = THStorage_newWithSize(TH_INT64, n)  # new: ours
    THStorage_fillInt64(s, 7)
    # ...Move takes our storage reference, on success and on failure alike:
    # nothing to free here, whatever happens.
    return th.wrap_tensor(THTensor_newWithStorageNdMove(s, 0, 1, &n, NULL))


def row_sums(float[:, :] h):
    """A typed memoryview loop: h is a stack-held, strided handle to a th
    tensor's memory (the buffer export keeps its storage alive)."""
    cdef Py_ssize_t i, j
    cdef THTensor *out = THTensor_newWithSize1d(TH_FLOAT32, h.shape[0])
    cdef float *o = THFloat32Tensor_data(out)
    for i in range(h.shape[0]):
        o[i] = 0
        for j in range(h.shape[1]):
            o[i] += h[i, j]
    return th.wrap_tensor(out)


def scale_in_place(float[:, :] h, float factor):
    """Writes through the handle: the tensor sees it."""
    cdef Py_ssize_t i, j
    for i in range(h.shape[0]):
        for j in range(h.shape[1]):
            h[i, j] *= factor


def narrow_without_gil(th.Tensor t, int64_t start, int64_t length):
    """A C call inside `with nogil:`; a failure raises as usual."""
    cdef THTensor *r
    with nogil:
        r = THTensor_newNarrow(t.cdata, 0, start, length)
    return th.wrap_tensor(r)


def live_counts():
    """THGetLiveCounts from this module: the same counters as th.debug.live()."""
    cdef THLiveCounts c = THGetLiveCounts()
    return (c.storages, c.tensors, c.bytes)


def fused_add(th.Tensor a, th.Tensor b, th.Tensor c):
    """a += b * c + 2 in one pass, built and evaluated without the GIL
    (docs/EXPRESSIONS.md). Cython raises at the first failing call (the
    `except NULL` of each builder), so the nodes are built with the
    borrowing forms and each is freed in `finally`, on every path."""
    cdef THExpr *lb = NULL
    cdef THExpr *lc = NULL
    cdef THExpr *product = NULL
    cdef THExpr *two = NULL
    cdef THExpr *e = NULL
    try:
        with nogil:
            lb = THExpr_newTensor(b.cdata)
            lc = THExpr_newTensor(c.cdata)
            product = THExpr_newBinary(TH_EXPR_MUL, lb, lc)   # may raise: shapes
            two = THExpr_newWeakDouble(2)
            e = THExpr_newBinary(TH_EXPR_ADD, product, two)
            THTensor_assign(a.cdata, TH_SAVE_ADD, e)         # may raise: dtype, shape
    finally:
        THExpr_free(e)
        THExpr_free(two)
        THExpr_free(product)
        THExpr_free(lc)
        THExpr_free(lb)
    return a


def lazy_sum(th.Expr e, th.Tensor t):
    """th.Expr from Cython: the node of e plus t as a new th.Expr."""
    return th.wrap_expr(THExpr_newBinaryMove(TH_EXPR_ADD, th.new_operand(e, "lazy_sum"),
                                             THExpr_newTensor(t.cdata)))
