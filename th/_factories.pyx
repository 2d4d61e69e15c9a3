"""Tensor factories: th.empty, zeros, ones, full, arange, tensor."""
import operator

from cpython.buffer cimport PyObject_CheckBuffer
from cpython.float cimport PyFloat_AS_DOUBLE
from cpython.long cimport PyLong_AsLongLongAndOverflow
from libc.math cimport ceil, fma, isfinite, isinf
from libc.stdint cimport INT64_MAX, INT64_MIN, int64_t

cimport th._errors
from th._dtype cimport as_scalar_type, dtype_of
from th._elements cimport scalar_of, write_element
from th._factory_args cimport check_factory_args
from th._shape cimport parse_shape
from th._tensor cimport Tensor, fill_tensor, wrap_tensor
from th.libTH cimport *
from th._errors import ArgumentError


cdef Tensor _new(tuple size, object dtype, THScalarType default):
    cdef int64_t sizes[TH_MAX_DIMS]
    cdef int nd = parse_shape(size, sizes, "size")
    return wrap_tensor(THTensor_newWithSize(<THScalarType>as_scalar_type(dtype, default), nd,
                                            sizes, NULL))


def empty(*size, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """An uninitialised contiguous tensor: th.empty(2, 3) or th.empty((2, 3)),
    of the default dtype (th.get_default_dtype()) unless dtype says
    otherwise; device "cpu" only, requires_grad False only.

    >>> import th
    >>> th.empty(2, 3).shape
    (2, 3)
    """
    check_factory_args("empty", device, requires_grad, pin_memory)
    return _new(size, dtype, THScalarType_defaultFloat())


def zeros(*size, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A tensor of the given size (ints or one sequence) filled with 0.

    >>> th.zeros(2, 3)
    tensor([[0., 0., 0.],
            [0., 0., 0.]])
    """
    check_factory_args("zeros", device, requires_grad, pin_memory)
    cdef Tensor t = _new(size, dtype, THScalarType_defaultFloat())
    THTensor_fillInt64(t.cdata, 0)
    return t


def ones(*size, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A tensor of the given size (ints or one sequence) filled with 1.

    >>> th.ones(2, dtype=th.int64)
    tensor([1, 1])
    """
    check_factory_args("ones", device, requires_grad, pin_memory)
    cdef Tensor t = _new(size, dtype, THScalarType_defaultFloat())
    THTensor_fillInt64(t.cdata, 1)
    return t


cdef THScalarType _infer_scalar_type(object value):
    """torch's defaults: bool -> bool, int -> int64, complex -> the default
    complex dtype, anything else -> the default dtype (float32 at start)."""
    value = scalar_of(value)
    if isinstance(value, bool):
        return TH_BOOL
    if isinstance(value, int) or (hasattr(value, "__index__") and not isinstance(value, float)):
        return TH_INT64
    if isinstance(value, complex) or (hasattr(value, "__complex__") and not isinstance(value, float)
                                      and not hasattr(type(value), "__index__")):
        return THScalarType_defaultComplex()
    return THScalarType_defaultFloat()


def full(size, fill_value, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A tensor of shape size filled with fill_value; dtype from the value
    (bool, int64 or float32) unless given.

    >>> th.full((2, 2), 7.0)
    tensor([[7., 7.],
            [7., 7.]])
    """
    check_factory_args("full", device, requires_grad, pin_memory)
    cdef Tensor t = _new((size,), dtype, _infer_scalar_type(fill_value))
    fill_tensor(t.cdata, fill_value)
    return t


def arange(start, end=None, step=1, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """Values from start (default 0) up to, not including, end by step:
    int64 when all are integers, else the default dtype (torch's rule).

    >>> th.arange(5)
    tensor([0, 1, 2, 3, 4])
    >>> th.arange(1.0, 2.0, 0.25)
    tensor([1.0000, 1.2500, 1.5000, 1.7500])
    """
    check_factory_args("arange", device, requires_grad, pin_memory)

    cdef int64_t n, i, istart = 0, istep = 1
    cdef double dstart = 0, dstep = 1, dend
    cdef char *p
    cdef size_t esz
    if end is None:
        start, end = 0, start
    start, end, step = (_arange_number(start, "start"), _arange_number(end, "end"),
                        _arange_number(step, "step"))
    cdef bint all_int = isinstance(start, int) and isinstance(end, int) and isinstance(step, int)
    cdef THScalarType t = <THScalarType>as_scalar_type(
        dtype, TH_INT64 if all_int else THScalarType_defaultFloat())
    cdef bint integral = not (THScalarType_isFloatingPoint(t) or THScalarType_isComplex(t))
    cdef double count_d = -1
    if integral and not all_int:
        # torch truncates start and step to integers before it adds the steps; int64 counts
        # and checks the truncated numbers, the narrower integer dtypes the numbers as given
        # (so a step that truncates to 0 repeats start there)
        for v in (start, end, step):
            if not isfinite(float(v)):
                raise ArgumentError(f"arange: unsupported range: {start} -> {end}")
        _arange_check(float(start), float(end), float(step))
        if t != TH_INT64:
            count_d = max(0.0, ceil((float(end) - float(start)) / float(step)))
        start, end, step, all_int = int(start), int(end), int(step), True
        if t == TH_INT64 and step == 0:
            raise ArgumentError("arange: step must be nonzero")
    else:
        _arange_check(start, end, step)
    if all_int:
        count = int(count_d) if count_d >= 0 else max(
            0, (end - start + step - (1 if step > 0 else -1)) // step)
        if count and not (INT64_MIN <= start <= INT64_MAX
                          and INT64_MIN <= start + (count - 1) * step <= INT64_MAX):
            raise OverflowError(f"arange({start}, {end}, {step}): values beyond int64's range")
        if count > INT64_MAX:
            raise ArgumentError(f"arange({start}, {end}, {step}): {count} elements overflow int64")
        n = count
        if n:  # a step beyond int64 is unused when there is one value
            istart, istep = start, step if n > 1 else 1
    else:
        dstart, dend, dstep = float(start), float(end), float(step)
        if not (isfinite(dstart) and isfinite(dend) and isfinite(dstep)):
            raise ArgumentError(f"arange: start, end and step must be finite (not NaN or "
                                f"infinite), got ({dstart}, {dend}, {dstep})")
        count = max(0.0, ceil((dend - dstart) / dstep))
        if count >= 2.0 ** 63:
            raise ArgumentError(f"arange({dstart}, {dend}, {dstep}): {count:.3g} elements overflow "
                                f"int64")
        n = <int64_t>count
    cdef Tensor out
    if not all_int:  # one rounding per value, as torch's fused step: the C core's arange
        out = wrap_tensor(THTensor_newWithSize1d(t, 0))
        THTensor_arange(out.cdata, dstart, dend, dstep)
        return out
    if t == TH_INT64 or t == TH_FLOAT32 or t == TH_FLOAT64:  # exact, then converted once
        out = wrap_tensor(THTensor_newWithSize1d(t, 0))
        THTensor_arangeInt64(out.cdata, istart, istep, n)
        return out
    out = wrap_tensor(THTensor_newWithSize1d(t, n))
    p = <char *>THTensor_data(out.cdata)
    esz = THTensor_elementSize(out.cdata)
    if t == TH_FLOAT16 or t == TH_BFLOAT16 or THScalarType_isComplex(t):
        # torch computes these in a wider type and casts: inf where float16 overflows
        return out.copy_(arange(istart, istart + n * istep, istep))
    else:  # narrower integers: an out-of-range value raises
        for i in range(n):
            THScalarType_packInt64(t, istart + i * istep, p + i * esz)
    return out


cdef _arange_check(start, end, step):
    """torch's checks of arange's numbers (a NaN or infinite float is refused later)."""
    if step == 0:
        raise ArgumentError("arange: step must be nonzero")
    if not (step > 0 and end >= start or step < 0 and end <= start) and all([
            isinstance(v, int) or isfinite(v) for v in (start, end, step)]):
        raise ArgumentError(f"arange: upper bound and lower bound inconsistent with step sign "
                            f"(start {start}, end {end}, step {step})")


cdef object _arange_number(object value, str what):
    """A start, end or step as a Python int or float (TypeError for anything
    that is not a number)."""
    value = scalar_of(value)
    if isinstance(value, (int, float)):
        return value
    if hasattr(type(value), "__index__"):
        return operator.index(value)
    if hasattr(type(value), "__float__"):
        return float(value)
    raise TypeError(f"arange: {what} must be a number, not {type(value).__name__}")


# What _flatten found among the leaves: plain Python numbers (exact float,
# int, bool) are inferred and written without a call per leaf.
cdef enum:
    LEAVES_BOOL = 1
    LEAVES_INT = 2
    LEAVES_FLOAT = 4
    LEAVES_OTHER = 8  # anything else: each leaf goes the general way


cdef int _flatten(object data, int depth, int nd, const int64_t *shape, list leaves,
                  list arrays, int *kinds) except -1:
    """Appends the scalars of a nested sequence to leaves, checking that it
    is rectangular with the given shape, and ORs what they are into kinds
    (LEAVES_*); an array in it (numpy's, ...) is taken as its nested lists,
    its span of leaves and dtype appended to arrays (torch infers the dtype
    from the array's, not its values)."""
    cdef Py_ssize_t start
    cdef int seen = 0
    if depth == nd:
        kinds[0] |= LEAVES_OTHER
        if isinstance(data, (list, tuple)) or _array_rows(data) is not None:
            raise ArgumentError(f"th.tensor: too deep nesting at dim {depth} "
                                f"(expected a number, got a sequence)")
        if isinstance(data, Tensor) and THTensor_nElement((<Tensor>data).cdata) != 1:
            raise ArgumentError("th.tensor: only one element tensors can be converted to Python "
                                "scalars (torch's rule for a tensor in a list)")
        leaves.append(scalar_of(data))
        return 0
    if not isinstance(data, (list, tuple)):
        rows = _array_rows(data)
        if rows is None:
            raise ArgumentError(f"th.tensor: expected a sequence at dim {depth}, "
                                f"got {type(data).__name__}")
        start = len(leaves)
        _flatten(rows, depth, nd, shape, leaves, arrays, kinds)
        arrays.append((start, len(leaves), as_scalar_type(_numpy_array(data).dtype, TH_FLOAT64)))
        return 0
    items = _items(data)
    if len(items) != shape[depth]:
        raise ArgumentError(f"th.tensor: expected a sequence of length {shape[depth]} at dim "
                            f"{depth}, got {len(items)}")
    if depth == nd - 1:  # the numbers' own sequence: taken whole when all are plain
        for item in items:
            if type(item) is float:
                seen |= LEAVES_FLOAT
            elif type(item) is int:
                seen |= LEAVES_INT
            elif type(item) is bool:
                seen |= LEAVES_BOOL
            else:
                break
        else:
            leaves.extend(items)
            kinds[0] |= seen
            return 0
    for item in items:
        _flatten(item, depth + 1, nd, shape, leaves, arrays, kinds)
    return 0


cdef int _write_plain(char *p, THScalarType t, list leaves) except -1:
    """Writes leaves of plain numbers (LEAVES_BOOL/INT/FLOAT only) to p, a
    float into a float32 or float64 and an int64-range int into an int64
    directly, the rest as write_element does."""
    cdef Py_ssize_t i
    cdef size_t esz = THScalarType_elementSize(t)
    cdef int overflow
    cdef long long v
    cdef double d
    cdef float f
    for i in range(len(leaves)):
        leaf = leaves[i]
        if type(leaf) is float and t == TH_FLOAT32:
            d = PyFloat_AS_DOUBLE(leaf)
            f = <float>d
            if isinf(f) and not isinf(d):
                write_element(p + i * esz, t, leaf)  # refused: it overflows float32
            else:
                (<float *>p)[i] = f
        elif type(leaf) is float and t == TH_FLOAT64:
            (<double *>p)[i] = PyFloat_AS_DOUBLE(leaf)
        elif type(leaf) is int and t == TH_INT64:
            v = PyLong_AsLongLongAndOverflow(leaf, &overflow)
            if overflow:
                write_element(p + i * esz, t, leaf)  # refused with its message
            else:
                (<int64_t *>p)[i] = v
        else:
            write_element(p + i * esz, t, leaf)
    return 0


cdef object _numpy_array(object data):
    import numpy
    return numpy.asarray(data)


cdef object _array_rows(object data):
    """An array of one or more dims (numpy's, anything with __array__ or
    the buffer protocol, not a th.Tensor: torch refuses tensors in lists)
    as nested lists, or None."""
    if (isinstance(data, (Tensor, int, float, complex, str, bytes))
            or not (PyObject_CheckBuffer(data) or hasattr(type(data), "__array__"))):
        return None
    a = _numpy_array(data)
    return a.tolist() if a.ndim > 0 else None


cdef inline object _items(object seq):
    """seq's items as a list or tuple whose len() is the number of items
    (a subclass may answer len() with anything)."""
    return seq if type(seq) is list or type(seq) is tuple else tuple(seq)


cdef list _outside(list leaves, list arrays):
    """The leaves not in an array's span."""
    cdef Py_ssize_t i = 0
    outside = []
    for start, end, _ in sorted(arrays):
        if start >= i:
            outside.extend(leaves[i:start])
            i = end
    outside.extend(leaves[i:])
    return outside


def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A new contiguous tensor holding a copy of data: nested lists/tuples of
    numbers (0-dim tensors and numpy scalars among them), a number (a 0-dim
    tensor), a th.Tensor, or an array (the buffer protocol or __array__). The
    dtype is inferred as torch does (bool, int64, or float32 if any element is
    a float; an array's own dtype).

    >>> th.tensor([[1, 2], [3, 4]])
    tensor([[1, 2],
            [3, 4]])
    >>> th.tensor([1.5, 2.5], dtype=th.float64)
    tensor([1.5000, 2.5000], dtype=th.float64)
    """
    cdef int64_t shape[TH_MAX_DIMS]
    cdef int nd = 0
    cdef Py_ssize_t i
    cdef THTensor *src
    check_factory_args("tensor", device, requires_grad, pin_memory)
    if isinstance(data, Tensor):
        src = (<Tensor>data).cdata
        out = wrap_tensor(THTensor_newWithSize(
            <THScalarType>as_scalar_type(dtype, THTensor_dtype(src)),
            THTensor_nDimension(src), THTensor_sizes(src), NULL))
        THTensor_copy((<Tensor>out).cdata, src)
        return out
    if not isinstance(data, (list, tuple)) and (PyObject_CheckBuffer(data)
                                                or hasattr(type(data), "__array__")):
        from th._interop import asarray
        if not PyObject_CheckBuffer(data):
            import numpy
            data = numpy.asarray(data)
        return asarray(data, dtype=dtype, copy=True)
    probe = data
    while isinstance(probe, (list, tuple)) or (nd > 0 and _array_rows(probe) is not None):
        if not isinstance(probe, (list, tuple)):
            probe = _array_rows(probe)
        if nd == TH_MAX_DIMS:
            raise ArgumentError(f"th.tensor: more than {TH_MAX_DIMS} dimensions")
        probe = _items(probe)
        shape[nd] = len(probe)
        nd += 1
        if len(probe) == 0:
            break
        probe = probe[0]
    leaves, arrays = [], []
    cdef int kinds = 0
    _flatten(data, 0, nd, shape, leaves, arrays, &kinds)
    cdef THScalarType default = TH_BOOL, float_type = THScalarType_defaultFloat()
    cdef THScalarType complex_type = THScalarType_defaultComplex()
    # plain numbers only (no array's leaves among them): what they are is known
    cdef bint plain = not kinds & LEAVES_OTHER and not arrays
    if plain:
        default = (float_type if kinds & LEAVES_FLOAT else TH_INT64 if kinds & LEAVES_INT
                   else TH_BOOL)
    for v in (() if plain else leaves if not arrays else _outside(leaves, arrays)):
        # bool < int64 < the default (float) < the default complex
        kind = _infer_scalar_type(v)
        if kind == complex_type:
            default = complex_type
            break
        if kind == float_type or (kind == TH_INT64 and default == TH_BOOL):
            default = kind
    if not leaves and nd > 0:
        default = float_type
    for span in arrays:  # torch's promotion of the arrays' dtypes with the numbers'
        THScalarType_promote(default, <THScalarType><int>span[2], &default)
    cdef THScalarType t = <THScalarType>as_scalar_type(dtype, default)
    cdef Tensor result = wrap_tensor(THTensor_newWithSize(t, nd, shape, NULL))
    cdef char *p = <char *>THTensor_data(result.cdata)
    cdef size_t esz = THTensor_elementSize(result.cdata)
    if len(leaves) != THTensor_nElement(result.cdata):  # _flatten checked every level
        raise ArgumentError(f"th.tensor: {len(leaves)} numbers for {THTensor_nElement(result.cdata)} "
                            f"elements")
    if plain:
        _write_plain(p, t, leaves)
        return result
    for i in range(len(leaves)):
        write_element(p + i * esz, t, leaves[i])
    return result
