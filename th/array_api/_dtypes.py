"""The standard's data types over th's dtype objects: kinds, promotion, casting rules, limits.

The standard promotes array with array by dtype alone, whatever the ranks (th.result_type,
as torch's, lets a 0-d tensor yield to a higher-rank one), and only within a kind: its table
is th.promote_types' restricted to bool with bool, integers with integers (uint64 with a
signed type excluded) and floating with floating. Python scalars are weak and take the
array's dtype. finfo and iinfo read th.finfo and th.iinfo; the standard's take an array as
well as a dtype and give ``dtype`` as a dtype object (torch's and th's give its name).
"""
from __future__ import annotations

import builtins
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


def isdtype(dtype: th.dtype,
            kind: str | th.dtype | tuple[str | th.dtype, ...]) -> builtins.bool:
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


def _kind(dtype):
    if dtype is bool:
        return "bool"
    if dtype in _integral:
        return "integral"
    if dtype in _real_floating + _complex_floating:
        return "floating"
    return None


def _promote_pair(a, b):
    """th.promote_types where the standard's table has the pair; a TypeError elsewhere."""
    kind = _kind(a)
    if kind is None or kind != _kind(b) or uint64 in (a, b) and a != b and (
            a in _signed or b in _signed):
        raise TypeError(f"result_type: {a} and {b} have no promotion in the array API "
                        "standard")
    return th.promote_types(a, b)


def _scalar_dtype(value, dtype):
    """The dtype a Python scalar takes beside an array of ``dtype`` (the standard's weak
    scalars: same kind keeps the array's dtype; a float beside integers or a complex beside
    reals goes to the default floating/complex type of the matching precision)."""
    if isinstance(value, int):  # bool included
        return dtype
    if isinstance(value, float):
        return dtype if dtype in _real_floating + _complex_floating else float32
    if isinstance(value, complex):
        if dtype in _complex_floating:
            return dtype
        return complex128 if dtype is float64 else complex64
    raise TypeError(f"result_type: {value!r} is neither an array, a dtype nor a Python scalar")


_py_scalars = (type(True), int, float, complex)


def result_type(*arrays_and_dtypes: th.Tensor | th.dtype | int | float | complex) -> th.dtype:
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


def can_cast(from_: th.dtype | th.Tensor, to: th.dtype, /) -> builtins.bool:
    """Whether the standard's promotion of ``from_`` (a dtype or array) with ``to`` gives ``to``.

    >>> from th import array_api as xp
    >>> xp.can_cast(xp.int8, xp.int16), xp.can_cast(xp.float64, xp.float32)
    (True, False)
    """
    from_ = _dtype_of(from_)
    if not isinstance(to, th.dtype):
        raise TypeError(f"can_cast: to must be a dtype, not {to!r}")
    # not th.can_cast: torch's allows any cast within a kind (float64 to float32)
    try:
        return _promote_pair(from_, to) == to
    except TypeError:
        return False


finfo_object = namedtuple("finfo_object", "bits eps max min smallest_normal dtype")
iinfo_object = namedtuple("iinfo_object", "bits max min dtype")


def finfo(type: th.dtype | th.Tensor, /) -> finfo_object:
    """th.finfo of a floating dtype or of an array's dtype; for a complex dtype, the limits
    of its real parts (``dtype`` is then the real dtype). Anything else is a ValueError.

    >>> from th import array_api as xp
    >>> xp.finfo(xp.float32).eps
    1.1920928955078125e-07
    """
    dtype = _dtype_of(type)
    if dtype not in _real_floating + _complex_floating:
        raise ValueError(f"finfo: {dtype} is not a floating dtype")
    f = th.finfo(dtype)
    return finfo_object(f.bits, f.eps, f.max, f.min, f.smallest_normal, _real_of(dtype))


def iinfo(type: th.dtype | th.Tensor, /) -> iinfo_object:
    """th.iinfo of an integer dtype or of an array's dtype (``bits``, ``min``, ``max``,
    ``dtype``). Anything else is a ValueError.

    >>> from th import array_api as xp
    >>> xp.iinfo(xp.int8).min, xp.iinfo(xp.uint16).max
    (-128, 65535)
    """
    dtype = _dtype_of(type)
    if dtype not in _integral:
        raise ValueError(f"iinfo: {dtype} is not an integer dtype")
    i = th.iinfo(dtype)
    return iinfo_object(i.bits, i.max, i.min, dtype)


def _real_of(dtype):
    return {complex64: float32, complex128: float64}.get(dtype, dtype)


def _complex_of(dtype):
    return {float32: complex64, float64: complex128}.get(dtype, dtype)
