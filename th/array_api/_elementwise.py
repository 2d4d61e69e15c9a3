"""The standard's element-wise functions over th's kernels: the standard's names and
promotion (array with array by the lattice whatever the ranks, scalars weak), and the
functions th lacks (acosh, asinh, atanh, nextafter, complex sign and round) composed from
th's own ops; real and imag are th.real and th.imag (exact, inf and NaN parts included)."""
from __future__ import annotations

import math

import th

from ._common import check_array, promote
from ._dtypes import (_complex_floating, _real_floating, _real_of, float64, float32,
                      _integral, bool as _bool)


def _unary(fn, name, doc):
    def f(x: th.Tensor, /) -> th.Tensor:
        check_array(x, name)
        return fn(x)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


def _binary(fn, name, doc):
    def f(x1: th.Tensor | int | float | complex, x2: th.Tensor | int | float | complex,
          /) -> th.Tensor:
        x1, x2 = promote(x1, x2, name)
        return fn(x1, x2)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


def _example(name, call, result):
    return f"""The standard's ``{name}``, element-wise.

    >>> from th import array_api as xp
    >>> {call}
    {result}
    """


abs = _unary(th.abs, "abs", _example("abs", "xp.abs(xp.asarray([-1.5, 2.0]))",
                                      "tensor([1.5000, 2.0000])"))
acos = _unary(th.acos, "acos", _example("acos", "xp.acos(xp.asarray([1.0]))", "tensor([0.])"))
asin = _unary(th.asin, "asin", _example("asin", "xp.asin(xp.asarray([0.0]))", "tensor([0.])"))
atan = _unary(th.atan, "atan", _example("atan", "xp.atan(xp.asarray([0.0]))", "tensor([0.])"))
cos = _unary(th.cos, "cos", _example("cos", "xp.cos(xp.asarray([0.0]))", "tensor([1.])"))
cosh = _unary(th.cosh, "cosh", _example("cosh", "xp.cosh(xp.asarray([0.0]))", "tensor([1.])"))
sin = _unary(th.sin, "sin", _example("sin", "xp.sin(xp.asarray([0.0]))", "tensor([0.])"))
sinh = _unary(th.sinh, "sinh", _example("sinh", "xp.sinh(xp.asarray([0.0]))", "tensor([0.])"))
tan = _unary(th.tan, "tan", _example("tan", "xp.tan(xp.asarray([0.0]))", "tensor([0.])"))
def _tanh(x):
    result = th.tanh(x)
    if x.dtype in _complex_floating:
        # the standard: tanh(±inf + iy), y finite, is ±1 + 0i with y's sign (C99, which th
        # follows, gives the sign of sin(2y))
        re, im = _parts(x)
        fix = th.isinf(re) & th.isfinite(im)
        if bool(fix.any()):
            exact = _complex_exact(th.sign(re), th.copysign(th.zeros_like(im), im), x.dtype)
            result = th.where(fix, exact, result)
    return result


tanh = _unary(_tanh, "tanh", _example("tanh", "xp.tanh(xp.asarray([0.0]))", "tensor([0.])"))
exp = _unary(th.exp, "exp", _example("exp", "xp.exp(xp.asarray([0.0]))", "tensor([1.])"))


def _expm1(x):
    y = th.expm1(x)
    if x.dtype not in _complex_floating:
        return y
    # the standard: expm1(±0 + 0j) is +0 + 0j, as exp(z) - 1 gives (torch's is -0 for -0)
    re, im = _parts(y)
    return _complex_exact(th.where(x == 0, th.zeros_like(re), re), im, x.dtype)


expm1 = _unary(_expm1, "expm1", _example("expm1", "xp.expm1(xp.asarray([0.0]))",
                                         "tensor([0.])"))
log = _unary(th.log, "log", _example("log", "xp.log(xp.asarray([1.0]))", "tensor([0.])"))
log1p = _unary(th.log1p, "log1p", _example("log1p", "xp.log1p(xp.asarray([0.0]))",
                                            "tensor([0.])"))
log2 = _unary(th.log2, "log2", _example("log2", "xp.log2(xp.asarray([8.0]))", "tensor([3.])"))
log10 = _unary(th.log10, "log10", _example("log10", "xp.log10(xp.asarray([100.0]))",
                                            "tensor([2.])"))
sqrt = _unary(th.sqrt, "sqrt", _example("sqrt", "xp.sqrt(xp.asarray([4.0]))", "tensor([2.])"))
square = _unary(th.square, "square", _example("square", "xp.square(xp.asarray([3]))",
                                               "tensor([9])"))
negative = _unary(th.neg, "negative", _example("negative", "xp.negative(xp.asarray([3]))",
                                                "tensor([-3])"))
isfinite = _unary(th.isfinite, "isfinite", _example(
    "isfinite", "xp.isfinite(xp.asarray([1.0, xp.inf]))", "tensor([ True, False])"))
isinf = _unary(th.isinf, "isinf", _example("isinf", "xp.isinf(xp.asarray([1.0, xp.inf]))",
                                            "tensor([False,  True])"))
isnan = _unary(th.isnan, "isnan", _example("isnan", "xp.isnan(xp.asarray([1.0, xp.nan]))",
                                            "tensor([False,  True])"))
logical_not = _unary(th.logical_not, "logical_not", _example(
    "logical_not", "xp.logical_not(xp.asarray([True]))", "tensor([False])"))
bitwise_invert = _unary(th.bitwise_not, "bitwise_invert", _example(
    "bitwise_invert", "xp.bitwise_invert(xp.asarray([0]))", "tensor([-1])"))
signbit = _unary(th.signbit, "signbit", _example("signbit", "xp.signbit(xp.asarray([-0.0]))",
                                                  "tensor([True])"))
reciprocal = _unary(th.reciprocal, "reciprocal", _example(
    "reciprocal", "xp.reciprocal(xp.asarray([4.0]))", "tensor([0.2500])"))
conj = _unary(th.conj_physical, "conj", _example("conj", "xp.conj(xp.asarray([1 + 2j]))",
                                                 "tensor([1.-2.j])"))


def _integer_or(fn, name, doc):
    # rounding an integer array is the identity in the standard (same dtype)
    def f(x: th.Tensor, /) -> th.Tensor:
        check_array(x, name)
        if x.dtype in _integral or x.dtype is _bool:
            return x.clone()
        return fn(x)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


ceil = _integer_or(th.ceil, "ceil", _example("ceil", "xp.ceil(xp.asarray([1.2]))",
                                              "tensor([2.])"))
floor = _integer_or(th.floor, "floor", _example("floor", "xp.floor(xp.asarray([1.8]))",
                                                 "tensor([1.])"))
trunc = _integer_or(th.trunc, "trunc", _example("trunc", "xp.trunc(xp.asarray([-1.8]))",
                                                 "tensor([-1.])"))


def positive(x: th.Tensor, /) -> th.Tensor:
    """The standard's ``positive``: a copy of ``x``.

    >>> from th import array_api as xp
    >>> xp.positive(xp.asarray([-1]))
    tensor([-1])
    """
    check_array(x, "positive")
    return x.clone()


def real(x: th.Tensor, /) -> th.Tensor:
    """The real parts of a complex array (a real array is returned as a copy).

    >>> from th import array_api as xp
    >>> xp.real(xp.asarray([1 + 2j]))
    tensor([1.])
    """
    check_array(x, "real")
    return th.real(x).clone()


def imag(x: th.Tensor, /) -> th.Tensor:
    """The imaginary parts of a complex array (zeros for a real array).

    >>> from th import array_api as xp
    >>> xp.imag(xp.asarray([1 + 2j]))
    tensor([2.])
    """
    check_array(x, "imag")
    if x.dtype not in _complex_floating:
        return th.zeros_like(x)
    return th.imag(x).clone()


def _parts(z):
    """The real and imaginary parts of a complex tensor, exactly (inf and NaN included)."""
    return th.real(z), th.imag(z)


def _complex_exact(re, im, dtype):
    """re + im·i exactly (signed zeros, inf, NaN kept; arithmetic would mix the parts)."""
    part = _real_of(dtype)
    return th.view_as_complex(th.stack(th.broadcast_tensors(re.to(part), im.to(part)), -1))


def _times_i(z, sign):
    """sign·i·z exactly: (x + iy)·i = -y + ix."""
    re, im = _parts(z)
    if sign > 0:
        return _complex_exact(-im, re, z.dtype)
    return _complex_exact(im, -re, z.dtype)


def _complex(re, im):
    return re + im * 1j


def sign(x: th.Tensor, /) -> th.Tensor:
    """The sign of each element: -1, 0 or 1 (NaN stays NaN); z/|z| for complex.

    >>> from th import array_api as xp
    >>> xp.sign(xp.asarray([-2.0, 0.0, 3.0, xp.nan]))
    tensor([-1.,  0.,  1., nan])
    """
    check_array(x, "sign")
    if x.dtype in _complex_floating:
        magnitude = th.abs(x)
        result = x / magnitude.to(x.dtype)
        return th.where(magnitude == 0, th.zeros_like(x), result)
    if x.dtype in _real_floating:
        return th.where(th.isnan(x), x, th.sign(x))
    if x.dtype is _bool:
        return x.clone()
    return th.sign(x)


def round(x: th.Tensor, /) -> th.Tensor:
    """Round half to even; complex parts round separately; integers stay as they are.

    >>> from th import array_api as xp
    >>> xp.round(xp.asarray([0.5, 1.5, -2.5]))
    tensor([ 0.,  2., -2.])
    """
    check_array(x, "round")
    if x.dtype in _complex_floating:
        return _complex(th.round(real(x)), th.round(imag(x))).to(x.dtype)
    if x.dtype in _integral or x.dtype is _bool:
        return x.clone()
    return th.round(x)


def _float_only(x, name):
    check_array(x, name)
    if x.dtype not in _real_floating + _complex_floating:
        raise TypeError(f"{name}: expected a floating-point array, got {x.dtype}")


def asinh(x: th.Tensor, /) -> th.Tensor:
    """Inverse hyperbolic sine, composed as log1p(a + a²/(1 + √(1 + a²))) with the sign of x
    (log(2a) for large a).

    >>> from th import array_api as xp
    >>> xp.asinh(xp.asarray([0.0, 1.0]))
    tensor([0.0000, 0.8814])
    """
    _float_only(x, "asinh")
    if x.dtype in _complex_floating:
        # asinh(z) = -i·asin(iz): th's complex asin is C99's, special values included
        return _times_i(th.asin(_times_i(x, 1)), -1)
    a = th.abs(x)
    a2 = a * a
    small = th.log1p(a + a2 / (1 + th.sqrt(1 + a2)))
    large = th.log(a) + math.log(2)
    result = th.where(a > 2.0 ** 28, large, small)
    return th.copysign(result, x)


def acosh(x: th.Tensor, /) -> th.Tensor:
    """Inverse hyperbolic cosine, composed as log1p(t + √(2t + t²)) with t = x - 1
    (log(2x) for large x).

    >>> from th import array_api as xp
    >>> xp.acosh(xp.asarray([1.0, 2.0]))
    tensor([0.0000, 1.3170])
    """
    _float_only(x, "acosh")
    if x.dtype in _complex_floating:
        # acosh(z) = ±i·acos(z), the sign giving a non-negative real part (C99's cacosh)
        u, v = _parts(th.acos(x))
        _, y = _parts(x)
        return _complex_exact(th.abs(v), th.copysign(u, y), x.dtype)
    t = x - 1
    small = th.log1p(t + th.sqrt(2 * t + t * t))
    large = th.log(x) + math.log(2)
    result = th.where(x > 2.0 ** 28, large, small)
    return th.where(x < 1, th.full_like(x, math.nan), result)


def atanh(x: th.Tensor, /) -> th.Tensor:
    """Inverse hyperbolic tangent, composed as ½·log1p(2x/(1-x)).

    >>> from th import array_api as xp
    >>> xp.atanh(xp.asarray([0.0, 0.5]))
    tensor([0.0000, 0.5493])
    """
    _float_only(x, "atanh")
    if x.dtype in _complex_floating:
        # atanh(z) = -i·atan(iz) (C99's catanh)
        return _times_i(th.atan(_times_i(x, 1)), -1)
    return 0.5 * th.log1p(2 * x / (1 - x))


add = _binary(th.add, "add", _example("add", "xp.add(xp.asarray([1, 2]), 3)",
                                      "tensor([4, 5])"))
subtract = _binary(th.sub, "subtract", _example("subtract", "xp.subtract(xp.asarray([1]), 3)",
                                                "tensor([-2])"))
multiply = _binary(th.mul, "multiply", _example("multiply", "xp.multiply(xp.asarray([2]), 3)",
                                                "tensor([6])"))
divide = _binary(th.div, "divide", _example("divide", "xp.divide(xp.asarray([1.0]), 4.0)",
                                            "tensor([0.2500])"))
def _floor_divide(x1, x2):
    result = th.floor_divide(x1, x2)
    if x1.dtype in _real_floating:
        # an infinite operand: floor(x1 / x2) as the standard's special cases (inf // 2 is
        # inf, 1 // -inf is -0), where torch's floor_divide gives NaN
        infinite = th.isinf(x1) | th.isinf(x2)
        result = th.where(infinite, th.floor(x1 / x2), result)
    return result


floor_divide = _binary(_floor_divide, "floor_divide", _example(
    "floor_divide", "xp.floor_divide(xp.asarray([-3]), 2)", "tensor([-2])"))
remainder = _binary(th.remainder, "remainder", _example(
    "remainder", "xp.remainder(xp.asarray([-3]), 2)", "tensor([1])"))
pow = _binary(th.pow, "pow", _example("pow", "xp.pow(xp.asarray([2]), 3)", "tensor([8])"))
atan2 = _binary(th.atan2, "atan2", _example("atan2", "xp.atan2(xp.asarray([0.0]), 1.0)",
                                            "tensor([0.])"))
copysign = _binary(th.copysign, "copysign", _example(
    "copysign", "xp.copysign(xp.asarray([2.0]), -1.0)", "tensor([-2.])"))
hypot = _binary(th.hypot, "hypot", _example("hypot", "xp.hypot(xp.asarray([3.0]), 4.0)",
                                            "tensor([5.])"))
logaddexp = _binary(th.logaddexp, "logaddexp", _example(
    "logaddexp", "xp.logaddexp(xp.asarray([0.0]), 0.0)", "tensor([0.6931])"))
maximum = _binary(th.maximum, "maximum", _example(
    "maximum", "xp.maximum(xp.asarray([1, 5]), 3)", "tensor([3, 5])"))
minimum = _binary(th.minimum, "minimum", _example(
    "minimum", "xp.minimum(xp.asarray([1, 5]), 3)", "tensor([1, 3])"))
bitwise_and = _binary(th.bitwise_and, "bitwise_and", _example(
    "bitwise_and", "xp.bitwise_and(xp.asarray([6]), 3)", "tensor([2])"))
bitwise_or = _binary(th.bitwise_or, "bitwise_or", _example(
    "bitwise_or", "xp.bitwise_or(xp.asarray([6]), 3)", "tensor([7])"))
bitwise_xor = _binary(th.bitwise_xor, "bitwise_xor", _example(
    "bitwise_xor", "xp.bitwise_xor(xp.asarray([6]), 3)", "tensor([5])"))
bitwise_left_shift = _binary(th.bitwise_left_shift, "bitwise_left_shift", _example(
    "bitwise_left_shift", "xp.bitwise_left_shift(xp.asarray([1]), 3)", "tensor([8])"))
bitwise_right_shift = _binary(th.bitwise_right_shift, "bitwise_right_shift", _example(
    "bitwise_right_shift", "xp.bitwise_right_shift(xp.asarray([8]), 3)", "tensor([1])"))
logical_and = _binary(th.logical_and, "logical_and", _example(
    "logical_and", "xp.logical_and(xp.asarray([True, False]), True)",
    "tensor([ True, False])"))
logical_or = _binary(th.logical_or, "logical_or", _example(
    "logical_or", "xp.logical_or(xp.asarray([True, False]), False)",
    "tensor([ True, False])"))
logical_xor = _binary(th.logical_xor, "logical_xor", _example(
    "logical_xor", "xp.logical_xor(xp.asarray([True, False]), True)",
    "tensor([False,  True])"))
equal = _binary(th.eq, "equal", _example("equal", "xp.equal(xp.asarray([1, 2]), 2)",
                                         "tensor([False,  True])"))
not_equal = _binary(th.ne, "not_equal", _example(
    "not_equal", "xp.not_equal(xp.asarray([1, 2]), 2)", "tensor([ True, False])"))
greater = _binary(th.gt, "greater", _example("greater", "xp.greater(xp.asarray([1, 2]), 1)",
                                             "tensor([False,  True])"))
greater_equal = _binary(th.ge, "greater_equal", _example(
    "greater_equal", "xp.greater_equal(xp.asarray([1, 2]), 2)", "tensor([False,  True])"))
less = _binary(th.lt, "less", _example("less", "xp.less(xp.asarray([1, 2]), 2)",
                                       "tensor([ True, False])"))
less_equal = _binary(th.le, "less_equal", _example(
    "less_equal", "xp.less_equal(xp.asarray([1, 2]), 1)", "tensor([ True, False])"))


def _nextafter(x1, x2):
    # one ulp from x1 towards x2: the spacing 2^(e - p) of x1's binade, halved when stepping
    # down from an exact power of two; computed in float64 (exact for float32's binades)
    if x1.dtype is float32:
        mantissa, tiny = 23, 2.0 ** -149
    else:
        mantissa, tiny = 52, 2.0 ** -1074
    a = th.abs(x1).to(float64)
    e = th.floor(th.log2(a))
    p = th.exp2(e)
    e = th.where(p > a, e - 1, e)            # log2 rounded up just below a power of two
    p = th.exp2(e)
    e = th.where(p * 2 <= a, e + 1, e)
    spacing = th.exp2(e - mantissa)
    away = (x2 > x1) == (x1 > 0)                 # moving away from zero
    at_power = a == th.exp2(e)
    spacing = th.where(~away & at_power, spacing / 2, spacing)
    spacing = th.maximum(spacing, th.full_like(spacing, tiny))
    step = th.where(x2 > x1, spacing, -spacing)
    stepped = (x1.to(float64) + step).to(x1.dtype)
    zero = x1 == 0
    from_zero = th.where(x2 > x1, th.full_like(x1, tiny), th.full_like(x1, -tiny))
    # stepping from the smallest subnormal to zero keeps the sign (-tiny -> -0)
    stepped = th.where(stepped == 0, th.copysign(stepped, x1), stepped)
    result = th.where(zero, from_zero, stepped)
    # from ±inf towards anything finite: the largest finite value of that sign
    largest = 3.4028234663852886e38 if x1.dtype is float32 else 1.7976931348623157e308
    result = th.where(th.isinf(x1), th.copysign(th.full_like(x1, largest), x1), result)
    result = th.where(x1 == x2, x2, result)
    return th.where(th.isnan(x1) | th.isnan(x2), x1 + x2, result)


def nextafter(x1: th.Tensor | int | float | complex, x2: th.Tensor | int | float | complex,
              /) -> th.Tensor:
    """The next representable value after x1 towards x2 (real floating arrays).

    >>> from th import array_api as xp
    >>> float(xp.nextafter(xp.asarray(1.0, dtype=xp.float32), 2.0)) - 1.0
    1.1920928955078125e-07
    """
    x1, x2 = promote(x1, x2, "nextafter")
    if x1.dtype not in _real_floating:
        raise TypeError(f"nextafter: expected real floating arrays, got {x1.dtype}")
    return _nextafter(x1, x2)
