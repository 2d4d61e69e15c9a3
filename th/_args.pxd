# The one rule for integer arguments (sizes, dims, indices, offsets, lengths,
# steps): whatever operator.index accepts, as torch and numpy do. Cython's own
# conversion of a typed `int`/`int64_t` argument calls __int__, which
# truncates floats (narrow(0, 1.7, 1) was narrow(0, 1, 1)): public functions
# take such arguments as objects and convert them here. An exact int stays on
# a fast path. Inline: compiled into each module that cimports it.
from libc.limits cimport INT_MAX, INT_MIN
from libc.stdint cimport int64_t


cdef extern from "Python.h":
    bint PyLong_CheckExact(object o)
    object PyNumber_Index(object o)


cdef inline object index_of(object v, str what):
    """operator.index(v), with a TypeError naming the argument (what)."""
    try:
        return PyNumber_Index(v)
    except TypeError as e:
        why = f" ({e})" if hasattr(type(v), "__index__") else ""
        raise TypeError(f"{what} must be an integer, not {type(v).__name__}{why}") from None


cdef inline bint is_integer(object v):
    """True for an int or a 0-dim object with __index__ (numpy integers, a
    0-dim integer array or tensor): one size rather than data or a shape."""
    return PyLong_CheckExact(v) or (hasattr(type(v), "__index__")
                                    and getattr(v, "ndim", 0) == 0)


cdef inline int64_t as_int64(object v, str what) except? -1:
    """An integer argument as int64 (OverflowError beyond its range)."""
    if PyLong_CheckExact(v):
        return v  # Cython reads an int's digits inline
    return index_of(v, what)  # an int now: converted the same way, no __int__


cdef inline int as_dim(object v, str what) except? -1:
    """A dim argument: beyond a C int it is out of range for any tensor
    (IndexError, as torch)."""
    cdef int64_t d = as_int64(v, what)
    if d < INT_MIN or d > INT_MAX:
        from th._errors import OutOfRange
        raise OutOfRange(f"{what} {d} is out of range")
    return <int>d
