# Parsing shapes given as Python arguments: f(2, 3), f((2, 3)) or f([2, 3]).
from libc.stdint cimport int64_t
from th.libTH cimport TH_MAX_DIMS


cdef inline int parse_shape(tuple args, int64_t *out, str what) except -1:
    """Fills out (room for TH_MAX_DIMS) and returns the number of dims."""
    cdef Py_ssize_t i, n
    seq = args
    if len(args) == 1 and not isinstance(args[0], int):
        seq = args[0]
        if not isinstance(seq, (tuple, list)):
            raise TypeError(f"{what} must be ints or a tuple/list of ints, "
                            f"got {type(seq).__name__}")
    n = len(seq)
    if n > TH_MAX_DIMS:
        raise ValueError(f"{what} has {n} dimensions; at most {TH_MAX_DIMS} are supported")
    for i in range(n):
        v = seq[i]
        if not isinstance(v, int):
            if not hasattr(v, "__index__"):
                raise TypeError(f"{what} must contain ints, got {type(v).__name__}")
            v = v.__index__()
        out[i] = v
    return <int>n
