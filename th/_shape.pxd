# Parsing shapes given as Python arguments: f(2, 3), f((2, 3)) or f([2, 3]);
# each size is an integer as _args defines it. And comparing a tensor's.
from libc.stdint cimport int64_t
from th._args cimport PyLong_CheckExact, index_of
from th.libTH cimport TH_MAX_DIMS, THTensor, THTensor_nDimension, THTensor_sizes


cdef inline int parse_shape(tuple args, int64_t *out, str what) except -1:
    """Fills out (room for TH_MAX_DIMS) and returns the number of dims."""
    cdef Py_ssize_t i, n
    seq = args
    if len(args) == 1 and not PyLong_CheckExact(args[0]):
        seq = args[0]
        if not isinstance(seq, (tuple, list)):
            if not hasattr(type(seq), "__index__"):
                raise TypeError(f"{what} must be ints or a tuple/list of ints, "
                                f"got {type(seq).__name__}")
            seq = args  # one size: a numpy integer, a 0-dim integer tensor
    n = len(seq)
    if n > TH_MAX_DIMS:
        from th._errors import ArgumentError
        raise ArgumentError(f"{what} has {n} dimensions; at most {TH_MAX_DIMS} are supported")
    for i in range(n):
        v = seq[i]
        out[i] = v if PyLong_CheckExact(v) else index_of(v, f"{what}[{i}]")
    return <int>n


cdef inline bint has_shape(THTensor *t, int nd, const int64_t *sizes) noexcept:
    """Whether t has exactly these nd sizes."""
    cdef int i
    if THTensor_nDimension(t) != nd:
        return False
    for i in range(nd):
        if THTensor_sizes(t)[i] != sizes[i]:
            return False
    return True
