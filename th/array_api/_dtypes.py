"""The standard's data types over th's dtype objects: kinds, promotion, casting rules, limits.

The standard promotes array with array by its lattice whatever the ranks (torch lets a 0-d
tensor yield to a higher-rank one); Python scalars are weak and take the array's dtype.
finfo/iinfo/result_type/can_cast here are private to the namespace (th gains torch's own
versions on another branch; the namespace keeps the standard's rules either way).
"""
from collections import namedtuple

import th

bool = th.bool
int8, int16, int32, int64 = th.int8, th.int16, th.int32, th.int64
uint8, uint16, uint32, uint64 = th.uint8, th.uint16, th.uint32, th.uint64
float32, float64 = th.float32, th.float64
complex64, complex128 = th.complex64, th.complex128

_signed = (int8, int16, int32, int64)
_unsigned = (uint8, uint16, uint32, uint64)
_integral = _signed + _unsigned
_real_floating = (float32, float64)
_complex_floating = (complex64, complex128)
_numeric = _integral + _real_floating + _complex_floating
all_dtypes = (bool,) + _numeric

_kinds = {
    "bool": (bool,),
    "signed integer": _signed,
    "unsigned integer": _unsigned,
    "integral": _integral,
    "real floating": _real_floating,
    "complex floating": _complex_floating,
    "numeric": _numeric,
}


def _lattice():
    table = {(d, d): d for d in all_dtypes}

    def chain(dtypes):
        for i, a in enumerate(dtypes):
            for b in dtypes[i:]:
                table[a, b] = table[b, a] = b

    chain(_signed)
    chain(_unsigned)
    chain(_real_floating)
    chain(_complex_floating)
    # mixed sign: the smallest signed type holding both (none for uint64)
    for u, s_min in ((uint8, int16), (uint16, int32), (uint32, int64)):
        for s in _signed:
            r = s if s.itemsize > u.itemsize else s_min
            table[u, s] = table[s, u] = r
    # real with complex: the complex type whose parts hold both
    for f in _real_floating:
        for c in _complex_floating:
            r = complex128 if float64 in (f,) or c is complex128 else complex64
            table[f, c] = table[c, f] = r
    return table


_promotion = _lattice()


def isdtype(dtype, kind):
    """Whether ``dtype`` is of ``kind``: a dtype, a kind name ('bool', 'signed integer',
    'unsigned integer', 'integral', 'real floating', 'complex floating', 'numeric') or a
    tuple of those.

    >>> from th import array_api as xp
    >>> xp.isdtype(xp.int8, "integral"), xp.isdtype(xp.float32, ("bool", "complex floating"))
    (True, False)
    """
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, str):
        if kind not in _kinds:
            raise ValueError(f"isdtype: unknown kind {kind!r}; expected one of {sorted(_kinds)}")
        return dtype in _kinds[kind]
    if not isinstance(kind, th.dtype):
        raise TypeError(f"isdtype: kind must be a dtype, a kind name or a tuple, not {kind!r}")
    return dtype == kind


def _dtype_of(x):
    return x if isinstance(x, th.dtype) else x.dtype


def _promote_pair(a, b):
    try:
        return _promotion[a, b]
    except KeyError:
        raise TypeError(f"result_type: {a} and {b} have no promotion in the array API "
                        "standard") from None


def _scalar_dtype(value, dtype):
    """The dtype a Python scalar takes beside an array of ``dtype`` (the standard's weak
    scalars: same kind keeps the array's dtype; a float beside integers or a complex beside
    reals goes to the default floating/complex type of the matching precision)."""
    if isinstance(value, builtins_bool):
        return dtype if dtype is bool else dtype
    if isinstance(value, int):
        return dtype
    if isinstance(value, float):
        return dtype if dtype in _real_floating + _complex_floating else float32
    if isinstance(value, complex):
        if dtype in _complex_floating:
            return dtype
        return complex128 if dtype is float64 else complex64
    raise TypeError(f"result_type: {value!r} is neither an array, a dtype nor a Python scalar")


builtins_bool = type(True)
_py_scalars = (builtins_bool, int, float, complex)


def result_type(*arrays_and_dtypes):
    """The dtype the standard's promotion gives for arrays, dtypes and Python scalars.

    >>> from th import array_api as xp
    >>> xp.result_type(xp.int8, xp.uint8), xp.result_type(xp.float32, 1.5)
    (th.int16, th.float32)
    """
    dtypes = [_dtype_of(a) for a in arrays_and_dtypes if not isinstance(a, _py_scalars)]
    scalars = [a for a in arrays_and_dtypes if isinstance(a, _py_scalars)]
    if not dtypes:
        raise ValueError("result_type: at least one array or dtype is needed")
    result = dtypes[0]
    for d in dtypes[1:]:
        result = _promote_pair(result, d)
    for s in scalars:
        result = _scalar_dtype(s, result)
    return result


def can_cast(from_, to, /):
    """Whether the standard's promotion of ``from_`` (a dtype or array) with ``to`` gives ``to``.

    >>> from th import array_api as xp
    >>> xp.can_cast(xp.int8, xp.int16), xp.can_cast(xp.float64, xp.float32)
    (True, False)
    """
    from_ = _dtype_of(from_)
    if not isinstance(to, th.dtype):
        raise TypeError(f"can_cast: to must be a dtype, not {to!r}")
    return _promotion.get((from_, to)) == to


finfo_object = namedtuple("finfo_object", "bits eps max min smallest_normal dtype")
iinfo_object = namedtuple("iinfo_object", "bits max min dtype")

_finfo = {
    float32: (32, 2.0 ** -23, 3.4028234663852886e38, 1.1754943508222875e-38),
    float64: (64, 2.0 ** -52, 1.7976931348623157e308, 2.2250738585072014e-308),
}
_finfo[complex64] = _finfo[float32]
_finfo[complex128] = _finfo[float64]


def finfo(type, /):
    """Machine limits of a floating dtype (or of an array's dtype); for a complex dtype,
    those of its real parts (``dtype`` is then the real dtype).

    >>> from th import array_api as xp
    >>> xp.finfo(xp.float32).eps
    1.1920928955078125e-07
    """
    dtype = _dtype_of(type)
    if dtype not in _finfo:
        raise ValueError(f"finfo: {dtype} is not a floating dtype")
    bits, eps, mx, tiny = _finfo[dtype]
    real = {complex64: float32, complex128: float64}.get(dtype, dtype)
    return finfo_object(bits, eps, mx, -mx, tiny, real)


def iinfo(type, /):
    """Limits of an integer dtype (or of an array's dtype).

    >>> from th import array_api as xp
    >>> xp.iinfo(xp.int8).min, xp.iinfo(xp.uint16).max
    (-128, 65535)
    """
    dtype = _dtype_of(type)
    if dtype not in _integral:
        raise ValueError(f"iinfo: {dtype} is not an integer dtype")
    bits = dtype.itemsize * 8
    if dtype in _signed:
        return iinfo_object(bits, 2 ** (bits - 1) - 1, -(2 ** (bits - 1)), dtype)
    return iinfo_object(bits, 2 ** bits - 1, 0, dtype)


def _real_of(dtype):
    return {complex64: float32, complex128: float64}.get(dtype, dtype)


def _complex_of(dtype):
    return {float32: complex64, float64: complex128}.get(dtype, dtype)
