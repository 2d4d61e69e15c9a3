"""Basic indexing: t[index] as one view, built by TH's view functions.
An advanced index (tensors, lists, masks) or a slice with a negative step
is left to th/_gather.pyx.

An index of ints, slices, None and one Ellipsis becomes one new C tensor: the
first step makes it (newSelect, newSlice, ...), the others change it in place
(THTensor_select, THTensor_slice, ...), so t[1, 2:5, None] costs one tensor
whatever the number of steps."""
from cpython.object cimport PyObject
from cpython.slice cimport PySlice_Unpack
from libc.stdint cimport int64_t

cimport th._errors
from th._args cimport as_int64
from th.libTH cimport *
from th._errors import OutOfRange

cdef extern from "Python.h":
    const Py_ssize_t PY_SSIZE_T_MAX
    ctypedef struct PySliceObject:
        PyObject *start
        PyObject *stop
        PyObject *step
    # taking PyObject *: no reference counting, and no automatic error check
    bint _PyLong_CheckExact "PyLong_CheckExact"(PyObject *o) noexcept
    Py_ssize_t _PyLong_AsSsize_t "PyLong_AsSsize_t"(PyObject *o) noexcept
    PyObject *PyErr_Occurred() noexcept
    void PyErr_Clear() noexcept
    PyObject *_tuple_item "PyTuple_GET_ITEM"(object t, Py_ssize_t i) noexcept  # borrowed
    void *_type_of "Py_TYPE"(PyObject *o) noexcept
    void *_slice_type "(&PySlice_Type)"
    void *_int_type "(&PyLong_Type)"


cdef extern from "TH/TH.h" nogil:
    # The same functions without exception checks, for _index_plain: it checks
    # their results itself, to free what it made before the error propagates
    # (a try/except would cost more than the view).
    THTensor *_newSlice "THTensor_newSlice"(THTensor *t, int dim, int64_t start, int64_t stop,
                                            int64_t step) noexcept
    int _slice "THTensor_slice"(THTensor *self, THTensor *src, int dim, int64_t start,
                                int64_t stop, int64_t step) noexcept
    THTensor *_newSelect "THTensor_newSelect"(THTensor *t, int dim, int64_t index) noexcept
    int _select "THTensor_select"(THTensor *self, THTensor *src, int dim, int64_t index) noexcept


cdef inline bint _slice_field(PyObject *o, Py_ssize_t default, Py_ssize_t *out) noexcept:
    """A slice's start, stop or step read directly when it is None (default)
    or an exact int within Py_ssize_t; False for anything else."""
    if o == <PyObject *>None:
        out[0] = default
        return True
    if not _PyLong_CheckExact(o):
        return False
    out[0] = _PyLong_AsSsize_t(o)
    if out[0] == -1 and PyErr_Occurred() != NULL:  # too large: PySlice_Unpack clamps it
        PyErr_Clear()
        return False
    return True


cdef inline int _unpack_slice(object s, Py_ssize_t *start, Py_ssize_t *stop,
                              Py_ssize_t *step) except -1:
    """PySlice_Unpack, reading the usual slices (None and ints, a positive
    step) without its __index__ calls; the same results."""
    cdef PySliceObject *p = <PySliceObject *>s
    if (_slice_field(p.step, 1, step) and step[0] > 0 and _slice_field(p.start, 0, start)
            and _slice_field(p.stop, PY_SSIZE_T_MAX, stop)):
        return 0
    return PySlice_Unpack(s, start, stop, step)


cdef inline bint _is_full_slice(object s) noexcept:
    """':' (all fields None): selects everything, nothing to unpack."""
    cdef PySliceObject *p = <PySliceObject *>s
    return (p.start == <PyObject *>None and p.stop == <PyObject *>None
            and p.step == <PyObject *>None)


cdef inline bint _negative_step(object s):
    """A slice with a negative step: not a view (th's strides are not
    negative); th/_gather.pyx indexes with it."""
    cdef PySliceObject *p = <PySliceObject *>s
    if p.step == <PyObject *>None:
        return False
    if _PyLong_CheckExact(p.step):
        return (<object>p.step) < 0
    return s.indices(0)[2] < 0  # __index__, as PySlice_Unpack calls it


cdef bint is_int_index(object item) except -1:
    """True for an integer index: an int or a 0-dim integer object with
    __index__ (numpy integers, one-element integer tensors). Booleans, masks
    and arrays of indices are advanced indices (_is_advanced)."""
    if isinstance(item, int) and not isinstance(item, bool):
        return True
    if isinstance(item, (float, slice, bool, list)) or item is None or item is Ellipsis:
        return False
    if getattr(getattr(item, "dtype", None), "name", None) == "bool":
        return False
    return hasattr(item, "__index__") and getattr(item, "ndim", 0) == 0


cdef inline bint _is_advanced(object item):
    """A list, a bool, or an array (a th.Tensor, a numpy array or scalar)
    that is not an integer index: th/_gather.pyx indexes with it."""
    return isinstance(item, (list, bool)) or (hasattr(item, "dtype") and hasattr(item, "ndim"))


cdef int _check_index(THTensor *view, int dim, int64_t i, int src_dim) except -1:
    """An int index at dim of the view built so far, checked here so that
    the message names the dim of the tensor indexed (src_dim), which earlier
    ints, None and '...' shift away from the view's (select would say dim)."""
    cdef int64_t size = THTensor_sizes(view)[dim]
    if i < -size or i >= size:
        raise OutOfRange(f"index {i} out of range for dim {src_dim} of size {size}")
    return 0


cdef THTensor *_step(THTensor *result, THTensor *src, object item, int dim,
                     int src_dim) except? NULL:
    """Applies one index item at dim (src_dim of src): to a new view of src
    when result is NULL (returned), else to result in place (result
    returned)."""
    cdef Py_ssize_t start, stop, step
    cdef int64_t i
    if item is None:
        if result == NULL:
            return THTensor_newUnsqueeze1d(src, dim)
        THTensor_unsqueeze1d(result, NULL, dim)
        return result
    if isinstance(item, slice):
        if _is_full_slice(item):  # ':' changes nothing
            return result
        _unpack_slice(item, &start, &stop, &step)
        if start == 0 and stop == PY_SSIZE_T_MAX and step == 1:  # nor does '0::1'
            return result
        if result == NULL:
            return THTensor_newSlice(src, dim, start, stop, step)
        THTensor_slice(result, NULL, dim, start, stop, step)
        return result
    i = as_int64(item, "an index")
    _check_index(result if result != NULL else src, dim, i, src_dim)
    if result == NULL:
        return THTensor_newSelect(src, dim, i)
    THTensor_select(result, NULL, dim, i)
    return result


cdef THTensor *index_view(THTensor *src, object index) except? NULL:
    cdef Py_ssize_t start, stop, step
    # the common single-item cases, without the tuple machinery
    if isinstance(index, int) and not isinstance(index, bool):
        return THTensor_newSelect(src, 0, index)
    if isinstance(index, slice):
        if _negative_step(index):
            return NULL
        _unpack_slice(index, &start, &stop, &step)
        return THTensor_newSlice(src, 0, start, stop, step)
    if not isinstance(index, tuple):
        index = (index,)
    cdef THTensor *result = NULL
    if _index_plain(src, <tuple>index, &result):
        return result
    return _index_tuple(src, <tuple>index)


cdef int _index_plain(THTensor *src, tuple index, THTensor **out) except -1:
    """The usual tuple index, exact ints and slices of small ints and None
    with positive steps, in one pass: returns 1 with *out set, or 0 (nothing
    done) for anything else, which _index_tuple then handles and reports."""
    cdef Py_ssize_t k, n = len(index)
    cdef Py_ssize_t start, stop, step
    cdef PyObject *p
    cdef PySliceObject *sl
    cdef THTensor *result = NULL
    cdef int dim = 0
    if n > THTensor_nDimension(src):
        return 0
    for k in range(n):
        p = _tuple_item(index, k)
        if _type_of(p) != _slice_type and _type_of(p) != _int_type:
            return 0
    for k in range(n):
        p = _tuple_item(index, k)
        if _type_of(p) == _int_type:
            start = _PyLong_AsSsize_t(p)
            if start == -1 and PyErr_Occurred() != NULL:
                PyErr_Clear()
                THTensor_free(result)
                return 0
            try:
                _check_index(result if result != NULL else src, dim, start, k)
            except IndexError:
                THTensor_free(result)
                raise
            if result == NULL:
                result = _newSelect(src, dim, start)
                if result == NULL:
                    return -1
            elif _select(result, NULL, dim, start) < 0:
                THTensor_free(result)
                return -1
            continue
        sl = <PySliceObject *>p
        if not (_slice_field(sl.step, 1, &step) and step > 0 and
                _slice_field(sl.start, 0, &start) and _slice_field(sl.stop, PY_SSIZE_T_MAX, &stop)):
            THTensor_free(result)
            return 0
        if not (start == 0 and stop == PY_SSIZE_T_MAX and step == 1):  # ':' changes nothing
            if result == NULL:
                result = _newSlice(src, dim, start, stop, step)
                if result == NULL:
                    return -1
            elif _slice(result, NULL, dim, start, stop, step) < 0:
                THTensor_free(result)
                return -1
        dim += 1
    if result == NULL:  # only ':'
        result = THTensor_newWithTensor(src)
    out[0] = result
    return 1


cdef THTensor *_index_tuple(THTensor *src, tuple index) except? NULL:
    cdef int nd = THTensor_nDimension(src)
    cdef int consumed = 0, ellipses = 0, dim = 0, src_dim = 0
    cdef THTensor *result = NULL
    cdef Py_ssize_t k, n = len(index)
    cdef PyObject *p  # index[k], borrowed: the tuple holds it
    for k in range(n):
        p = _tuple_item(index, k)
        if _type_of(p) == _slice_type:  # the usual items first
            if _negative_step(<object>p):
                return NULL  # a copy: th/_gather.pyx
            consumed += 1
        elif _type_of(p) == _int_type:
            consumed += 1
        elif p == <PyObject *>Ellipsis:
            ellipses += 1
        elif p == <PyObject *>None:
            pass
        elif is_int_index(<object>p):
            consumed += 1
        elif _is_advanced(<object>p):
            return NULL  # no view: the caller indexes through th/_gather.pyx
        else:
            raise IndexError(
                f"only integers, slices, None, ..., and integer or bool tensors, arrays or "
                f"lists are valid indices, got {type(<object>p).__name__}")
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > nd:
        raise OutOfRange(f"too many indices for a tensor of dimension {nd}: {consumed} given")
    try:
        for k in range(n):
            p = _tuple_item(index, k)
            if p == <PyObject *>Ellipsis:
                dim += nd - consumed
                src_dim += nd - consumed
                continue
            if _type_of(p) == _slice_type and _is_full_slice(<object>p):  # ':'
                dim += 1
                src_dim += 1
                continue
            result = _step(result, src, <object>p, dim, src_dim)
            if p == <PyObject *>None or isinstance(<object>p, slice):
                dim += 1
            if p != <PyObject *>None:
                src_dim += 1
    except BaseException:
        THTensor_free(result)
        raise
    if result == NULL:  # only ':' and '...': a new view of the whole tensor
        result = THTensor_newWithTensor(src)
    return result
