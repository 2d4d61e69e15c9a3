"""torch's dtype utilities: what a dtype can hold (th.finfo, th.iinfo), what
operands promote to (th.promote_types, th.result_type, th.can_cast), the
default dtype (th.get_default_dtype, th.set_default_dtype), and
th.is_floating_point, th.is_complex. The rules are the C core's
(THScalarType_promote, THScalarType_canCast, the element-wise engine's
result type with weak Python scalars), never restated here."""
import numbers
from typing import Any

from th._dtype import _can_cast, _default_float, _promote, _set_default_float, _to_dtype, dtype


def get_default_dtype() -> dtype:
    """The dtype of Python floats in new tensors and results (float32 until
    th.set_default_dtype changes it), as torch.get_default_dtype.

    >>> import th
    >>> th.get_default_dtype()
    th.float32
    """
    return _default_float()


def set_default_dtype(d: Any) -> None:
    """Sets the default floating dtype, as torch.set_default_dtype: the dtype
    of factories without dtype= (th.zeros, th.rand, th.arange with a float,
    th.tensor of Python floats, ...), of Python floats meeting integer
    tensors, and of integer operands of floating ops (th.tensor([1]) / 2);
    complex numbers then take its complex dtype (complex128 for float64).
    float16, float32 and float64 only: TypeError for another dtype, th.Error
    for bfloat16 (th has no complex dtype to pair with it; torch refuses it
    too). Process-wide, as torch's.

    >>> import th
    >>> th.set_default_dtype(th.float64)
    >>> th.tensor([1.5]).dtype, (th.tensor([1]) / 2).dtype
    (th.float64, th.float64)
    >>> th.set_default_dtype(th.float32)
    """
    if isinstance(d, (str, numbers.Number)) or d is None:
        raise TypeError(f"set_default_dtype(): argument 'd' (position 1) must be th.dtype, not "
                        f"{type(d).__name__}")
    d = _to_dtype(d)
    if d.name == "bfloat16":
        from th._errors import Error
        raise Error("invalid default scalar type for complex: th has no complex dtype to pair "
                    "with bfloat16")
    if not d.is_floating_point:
        raise TypeError("only floating-point types are supported as the default type")
    _set_default_float(d)


def _dtype_argument(fn, name, position, value):
    """value as a th.dtype (numpy's too), else torch's TypeError."""
    if value is not None and not isinstance(value, (str, numbers.Number)):
        try:
            return _to_dtype(value)
        except TypeError:
            pass
    raise TypeError(f"{fn}(): argument '{name}' (position {position}) must be th.dtype, not "
                    f"{type(value).__name__}")


def promote_types(type1: Any, type2: Any) -> dtype:
    """The smallest dtype both dtypes convert to without losing their kind
    (torch.promote_types; where torch has no rule, uint16/32/64 with a
    signed type, th takes numpy's).

    >>> import th
    >>> th.promote_types(th.uint8, th.int8), th.promote_types(th.int32, th.float16)
    (th.int16, th.float16)
    """
    return _promote(_dtype_argument("promote_types", "type1", 1, type1),
                    _dtype_argument("promote_types", "type2", 2, type2))


def can_cast(from_: Any, to: Any) -> bool:
    """Whether torch's casting rules allow from_ to to in an operation with
    out= or in place (torch.can_cast): no complex to real, no float to
    integer, nothing but bool to bool.

    >>> import th
    >>> th.can_cast(th.float32, th.int32), th.can_cast(th.int32, th.float32)
    (False, True)
    """
    return _can_cast(_dtype_argument("can_cast", "from_", 1, from_),
                     _dtype_argument("can_cast", "to", 2, to))

# torch.finfo's numbers: bits, eps, max, tiny (= smallest_normal), resolution
_FLOAT_INFO = {
    "float16": (16, 0.0009765625, 65504.0, 6.103515625e-05, 0.001),
    "bfloat16": (16, 0.0078125, 3.3895313892515355e+38, 1.1754943508222875e-38, 0.01),
    "float32": (32, 1.1920928955078125e-07, 3.4028234663852886e+38, 1.1754943508222875e-38,
                1e-06),
    "float64": (64, 2.220446049250313e-16, 1.7976931348623157e+308, 2.2250738585072014e-308,
                1e-15),
}
_REAL_OF = {"complex64": "float32", "complex128": "float64"}


def _dtype_of_argument(fn, value):
    return _dtype_argument(fn, "type", 1, value)


class finfo:
    """The numbers of a floating dtype (torch.finfo): bits, eps (the gap
    between 1 and the next number), max, min (= -max), tiny and
    smallest_normal (the smallest positive normal number), resolution (10 to
    the minus the decimal digits it holds) and dtype (its name). A complex
    dtype gives its real parts' numbers; no argument, the default dtype's.
    TypeError for an integer or bool dtype (use th.iinfo).

    >>> import th
    >>> th.finfo(th.float32).eps
    1.1920928955078125e-07
    >>> th.finfo(th.float16).max
    65504.0
    """

    __slots__ = ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype")

    def __init__(self, *type):
        if len(type) > 1:
            raise TypeError(f"finfo() takes at most 1 argument ({len(type)} given)")
        d = _dtype_of_argument("finfo", type[0]) if type else get_default_dtype()
        name = _REAL_OF.get(d.name, d.name)
        if name not in _FLOAT_INFO:
            raise TypeError("th.finfo() requires a floating point input type. Use th.iinfo to "
                            "handle 'th.finfo'")
        self.bits, self.eps, self.max, self.tiny, self.resolution = _FLOAT_INFO[name]
        self.min, self.smallest_normal, self.dtype = -self.max, self.tiny, name

    def __eq__(self, other):
        return isinstance(other, finfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(("finfo", self.dtype))

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, "
                f"eps={self.eps:g}, smallest_normal={self.smallest_normal:g}, "
                f"tiny={self.tiny:g}, dtype={self.dtype})")


class iinfo:
    """The numbers of an integer dtype (torch.iinfo): bits, min, max (Python
    ints) and dtype (its name). TypeError for a floating or complex dtype
    (use th.finfo) and for bool.

    >>> import th
    >>> th.iinfo(th.int8).min, th.iinfo(th.uint8).max
    (-128, 255)
    """

    __slots__ = ("bits", "min", "max", "dtype")

    def __init__(self, type):
        d = _dtype_of_argument("iinfo", type)
        if d.name == "bool":
            raise TypeError("th.bool is not supported by th.iinfo")
        if d.is_floating_point or d.is_complex:
            raise TypeError("th.iinfo() requires an integer input type. Use th.finfo to handle "
                            "'th.iinfo'")
        self.bits, self.dtype = 8 * d.itemsize, d.name
        if d.is_signed:
            self.min, self.max = -(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1
        else:
            self.min, self.max = 0, (1 << self.bits) - 1

    def __eq__(self, other):
        return isinstance(other, iinfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(("iinfo", self.dtype))

    def __repr__(self):
        return f"iinfo(min={float(self.min):g}, max={float(self.max):g}, dtype={self.dtype})"


def result_type(tensor: Any, other: Any) -> dtype:
    """The dtype an element-wise operation of the two operands (tensors or
    Python numbers) computes and returns, by torch's rules: a tensor with
    dims outranks a 0-dim one, which outranks a Python number, unless the
    lower one is of a higher kind (bool < integer < floating < complex);
    a Python float or complex takes the default dtype (torch.result_type).

    >>> import th
    >>> th.result_type(th.tensor([1, 2]), 2.5), th.result_type(th.tensor(1), th.tensor([1.0]))
    (th.float32, th.float32)
    >>> th.result_type(th.tensor(1.0, dtype=th.float64), th.tensor([1.0]))
    th.float32
    """
    from th._expr import lazy
    from th._tensor import Tensor
    operands = []
    for value in (tensor, other):
        if isinstance(value, Tensor):
            # a stand-in of no elements that broadcasts with anything: the
            # rule reads only dtype and rank (0-dim or not)
            operands.append(value if value.dim() == 0 else _stand_in(value.dtype))
        elif isinstance(value, (bool, numbers.Number)) and not isinstance(value, dtype):
            operands.append(value)
        else:
            raise TypeError(f"result_type() received an invalid combination of arguments - got "
                            f"({type(tensor).__name__}, {type(other).__name__}), but expected "
                            f"tensors or numbers")
    return (lazy(operands[0]) + lazy(operands[1])).dtype


def _stand_in(d):
    from th._factories import empty
    return empty(0, dtype=d)


def is_floating_point(input: Any) -> bool:
    """True for a tensor of float16, bfloat16, float32 or float64
    (torch.is_floating_point).

    >>> import th
    >>> th.is_floating_point(th.zeros(1)), th.is_floating_point(th.zeros(1, dtype=th.int32))
    (True, False)
    """
    return _tensor_argument("is_floating_point", input).is_floating_point()


def is_complex(input: Any) -> bool:
    """True for a tensor of complex64 or complex128 (torch.is_complex).

    >>> import th
    >>> th.is_complex(th.zeros(1, dtype=th.complex64))
    True
    """
    return _tensor_argument("is_complex", input).is_complex()


def _tensor_argument(fn, value):
    from th._tensor import Tensor
    if not isinstance(value, Tensor):
        raise TypeError(f"{fn}(): argument 'input' (position 1) must be Tensor, not "
                        f"{type(value).__name__}")
    return value
