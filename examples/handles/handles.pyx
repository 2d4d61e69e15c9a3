# cython: boundscheck=False, wraparound=False
"""Loops over th tensors through typed handles (include/TH/THHandle.h).

A handle is a stack struct borrowed from the tensor: a float pointer to the
first element and copies of the sizes and strides. It takes no reference,
so there is nothing to free; it is valid while the tensor lives (here: while
the th.Tensor argument does) with the same geometry."""
from libc.stdint cimport int64_t

cimport th
from th.libTH cimport TH_MAX_DIMS, THInt64Handle, THInt64Handle_init, THInt64Handle_atN


cdef int init_2d(th.THFloat32Handle *h, th.Tensor t) except -1:
    th.THFloat32Handle_init(h, t.cdata)  # TypeError unless t is float32
    if h.nDimension != 2:
        raise ValueError(f"expected a 2-dim tensor, got {h.nDimension} dims")
    return 0


def total(th.Tensor t not None):
    """The sum of a 2-dim float32 tensor (any strides), in double."""
    cdef th.THFloat32Handle h
    cdef double acc = 0
    cdef int64_t i, j
    init_2d(&h, t)
    with nogil:
        for i in range(h.size[0]):
            for j in range(h.size[1]):
                acc += th.THFloat32Handle_at2(&h, i, j)[0]
    return acc


def scale(th.Tensor t not None, float a):
    """t *= a in place, for a 2-dim float32 tensor (any strides)."""
    cdef th.THFloat32Handle h
    cdef int64_t i, j
    init_2d(&h, t)
    with nogil:
        for i in range(h.size[0]):
            for j in range(h.size[1]):
                th.THFloat32Handle_at2(&h, i, j)[0] *= a


def get(th.Tensor t not None, tuple index):
    """t[index] of a float32 tensor of any dims, through checkedAt:
    ValueError for the wrong number of indices, IndexError out of range."""
    cdef th.THFloat32Handle h
    cdef int64_t idx[TH_MAX_DIMS]
    cdef int n = len(index), d
    if n > TH_MAX_DIMS:
        raise ValueError(f"at most {TH_MAX_DIMS} indices")
    for d in range(n):
        idx[d] = index[d]
    th.THFloat32Handle_init(&h, t.cdata)
    return th.THFloat32Handle_checkedAt(&h, n, idx)[0]


def geometry(th.Tensor t not None):
    """(nDimension, sizes, strides, address of the first element) as a
    float32 handle sees them."""
    cdef th.THFloat32Handle h
    th.THFloat32Handle_init(&h, t.cdata)
    return (h.nDimension, tuple([h.size[d] for d in range(h.nDimension)]),
            tuple([h.stride[d] for d in range(h.nDimension)]), <size_t>h.data)


def ramp(th.Tensor t not None):
    """Writes 0, 1, 2, ... in row-major order into an int64 tensor of any
    dims, through atN (from th.libTH, the C API's own module)."""
    cdef THInt64Handle h
    cdef int64_t idx[TH_MAX_DIMS]
    cdef int64_t k, n
    cdef int d
    THInt64Handle_init(&h, t.cdata)
    n = 1
    for d in range(h.nDimension):
        n *= h.size[d]
        idx[d] = 0
    with nogil:
        for k in range(n):
            THInt64Handle_atN(&h, idx)[0] = k
            d = h.nDimension - 1  # odometer: the last index moves fastest
            while d >= 0:
                idx[d] += 1
                if idx[d] < h.size[d]:
                    break
                idx[d] = 0
                d -= 1
