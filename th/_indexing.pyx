"""Basic indexing: t[index] as one view, built by TH's view functions.

An index of ints, slices, None and one Ellipsis becomes one new C tensor: the
first step makes it (newSelect, newSlice, ...), the others change it in place
(THTensor_select, THTensor_slice, ...), so t[1, 2:5, None] costs one tensor
whatever the number of steps."""
from cpython.slice cimport PySlice_Unpack
from libc.stdint cimport int64_t

cimport th._errors
from th.libTH cimport *

cdef extern from "Python.h":
    const Py_ssize_t PY_SSIZE_T_MAX


cdef inline bint _is_int(object item):
    """True for an integer index: an int or a 0-dim integer object with
    __index__ (numpy integers, one-element integer tensors). Booleans and
    arrays of indices would be advanced indexing: IndexError."""
    if isinstance(item, int) and not isinstance(item, bool):
        return True
    if isinstance(item, (float, slice)) or item is None or item is Ellipsis:
        return False
    dtype = getattr(item, "dtype", None)
    if isinstance(item, bool) or getattr(dtype, "name", None) == "bool":
        raise IndexError("boolean indices are not supported (th has no advanced indexing)")
    if not hasattr(item, "__index__"):
        return False
    ndim = getattr(item, "ndim", 0)
    if ndim != 0:
        raise IndexError(f"only integers, slices, None and ... are valid indices (th has no "
                         f"advanced indexing), got a {ndim}-dim {type(item).__name__}")
    return True


cdef THTensor *_step(THTensor *result, THTensor *src, object item, int dim) except? NULL:
    """Applies one index item at dim: to a new view of src when result is
    NULL (returned), else to result in place (result returned)."""
    cdef Py_ssize_t start, stop, step
    cdef int64_t i
    if item is None:
        if result == NULL:
            return THTensor_newUnsqueeze1d(src, dim)
        THTensor_unsqueeze1d(result, NULL, dim)
        return result
    if isinstance(item, slice):
        PySlice_Unpack(item, &start, &stop, &step)
        if start == 0 and stop == PY_SSIZE_T_MAX and step == 1:  # ':' changes nothing
            return result
        if result == NULL:
            return THTensor_newSlice(src, dim, start, stop, step)
        THTensor_slice(result, NULL, dim, start, stop, step)
        return result
    i = item.__index__() if not isinstance(item, int) else item
    if result == NULL:
        return THTensor_newSelect(src, dim, i)
    THTensor_select(result, NULL, dim, i)
    return result


cdef THTensor *index_view(THTensor *src, object index) except NULL:
    cdef Py_ssize_t start, stop, step
    # the common single-item cases, without the tuple machinery
    if isinstance(index, int) and not isinstance(index, bool):
        return THTensor_newSelect(src, 0, index)
    if isinstance(index, slice):
        PySlice_Unpack(index, &start, &stop, &step)
        return THTensor_newSlice(src, 0, start, stop, step)
    if not isinstance(index, tuple):
        index = (index,)
    return _index_tuple(src, <tuple>index)


cdef THTensor *_index_tuple(THTensor *src, tuple index) except NULL:
    cdef int nd = THTensor_nDimension(src)
    cdef int consumed = 0, ellipses = 0, dim = 0
    cdef THTensor *result = NULL
    for item in index:
        if item is Ellipsis:
            ellipses += 1
        elif item is None:
            pass
        elif isinstance(item, slice) or _is_int(item):
            consumed += 1
        else:
            raise IndexError(
                f"only integers, slices, None and ... are valid indices (th has no advanced "
                f"indexing), got {type(item).__name__}")
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > nd:
        raise IndexError(f"too many indices for a tensor of dimension {nd}: {consumed} given")
    try:
        for item in index:
            if item is Ellipsis:
                dim += nd - consumed
                continue
            result = _step(result, src, item, dim)
            if item is None or isinstance(item, slice):
                dim += 1
    except BaseException:
        THTensor_free(result)
        raise
    if result == NULL:  # only ':' and '...': a new view of the whole tensor
        result = THTensor_newWithTensor(src)
    return result
