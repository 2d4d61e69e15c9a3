"""torch's element-wise functions that th composes from its own: aliases
(clamp_min, clamp_max, true_divide, positive), complex numbers made and
taken apart (complex, polar, angle, isreal), heaviside, logit, isin and
is_nonzero."""
import math
from typing import TYPE_CHECKING, Any, Optional, Union

import th
from th._combine import _check
from th._dtype import bfloat16, float16, float32, float64
from th._dtype import bool as bool_
from th._dtype import complex64, complex128
from th._errors import ArgumentError, DtypeError, Error, UnsupportedDtype
from th.linalg import _tname as _torch_name

if TYPE_CHECKING:
    from th._tensor import Tensor

_Number = Union[bool, int, float, complex]


def _floating(input: "Tensor") -> "Tensor":
    """input in a floating or complex dtype: integers and bools as the
    default dtype, as torch's unary float functions take them."""
    if input.is_floating_point() or input.is_complex():
        return input
    return input.to(th.get_default_dtype())


def _in_place(input: "Tensor", result: "Tensor", fn: str) -> "Tensor":
    """result written into input (Tensor.<fn>_), which must be able to hold it:
    the same dtype and shape, as torch's in-place forms require."""
    if result.dtype != input.dtype:
        raise DtypeError(f"result type {_torch_name(result.dtype)} can't be cast to the "
                         f"desired output type {_torch_name(input.dtype)}")
    if result.shape != input.shape:
        raise ArgumentError(f"{fn}: output with shape {list(input.shape)} doesn't match the "
                            f"broadcast shape {list(result.shape)}")
    return input.copy_(result)


# ------------------------------------------------------------ aliases
def clamp_min(input: "Tensor", min: Union["Tensor", _Number]) -> "Tensor":
    """input with each element at least min (clamp(input, min=min)).

    >>> th.clamp_min(th.tensor([1.0, 5.0, 3.0]), 2.5)
    tensor([2.5000, 5.0000, 3.0000])
    """
    if min is None:  # (torch's signature takes no None here, as clamp's does)
        raise TypeError("clamp_min(): argument 'min' must be a Tensor or a number, not None")
    return th.clamp(_check("clamp_min", input), min=min)


def clamp_max(input: "Tensor", max: Union["Tensor", _Number]) -> "Tensor":
    """input with each element at most max (clamp(input, max=max)).

    >>> th.clamp_max(th.tensor([1.0, 5.0, 3.0]), 2.5)
    tensor([1.0000, 2.5000, 2.5000])
    """
    if max is None:
        raise TypeError("clamp_max(): argument 'max' must be a Tensor or a number, not None")
    return th.clamp(_check("clamp_max", input), max=max)


def true_divide(dividend: Union["Tensor", _Number], divisor: Union["Tensor", _Number]
                ) -> "Tensor":
    """dividend / divisor with true division (div with no rounding mode):
    integers give the default floating dtype.

    >>> th.true_divide(th.tensor([1, 5]), 2)
    tensor([0.5000, 2.5000])
    """
    return th.div(dividend, divisor)


def positive(input: "Tensor") -> "Tensor":
    """input itself (unary +), as torch; a bool tensor is refused.

    >>> th.positive(th.tensor([1, -2]))
    tensor([ 1, -2])
    """
    if _check("positive", input).dtype == bool_:
        raise Error("The `+` operator, on a bool tensor is not supported.")
    return input


# ------------------------------------------------------ complex numbers
def _complex_of(fn: str, real: "Tensor", imag: "Tensor", first: str, second: str
                ) -> Any:
    _check(fn, real, first)
    _check(fn, imag, second)
    floats = (float16, float32, float64)
    if real.dtype not in floats or imag.dtype not in floats:
        raise Error(f"Expected both inputs to be Half, Float or Double tensors but got "
                    f"{_torch_name(real.dtype)} and {_torch_name(imag.dtype)}")
    if real.dtype != imag.dtype:
        raise Error(f"Expected object of scalar type {_torch_name(real.dtype)} but got scalar "
                    f"type {_torch_name(imag.dtype)} for second argument")
    if real.dtype == float16:
        raise UnsupportedDtype(f"{fn}(): th has no complex32 for float16 {first} and {second}")
    return complex128 if real.dtype == float64 else complex64


def _assemble(real: "Tensor", imag: "Tensor", dtype: Any) -> "Tensor":
    shape = th.broadcast_shapes(real.shape, imag.shape)
    out = th.empty(shape, dtype=dtype)
    parts = th.view_as_real(out)
    parts[..., 0] = real
    parts[..., 1] = imag
    return out


def complex(real: "Tensor", imag: "Tensor") -> "Tensor":
    """The complex tensor real + imag * 1j (broadcast): float32 parts give
    complex64, float64 complex128; both parts must have the same dtype.

    >>> th.complex(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
    tensor([1.+3.j, 2.+4.j])
    """
    return _assemble(real, imag, _complex_of("complex", real, imag, "real", "imag"))


def polar(abs: "Tensor", angle: "Tensor") -> "Tensor":
    """The complex tensor with absolute value abs and phase angle:
    abs * cos(angle) + abs * sin(angle) * 1j.

    >>> th.polar(th.tensor([2.0]), th.tensor([0.0]))
    tensor([2.+0.j])
    """
    dtype = _complex_of("polar", abs, angle, "abs", "angle")
    return _assemble(abs * th.cos(angle), abs * th.sin(angle), dtype)


def angle(input: "Tensor") -> "Tensor":
    """The phase of each element: atan2(imag, real) for complex input; pi
    for negative real numbers, 0 otherwise, nan kept (integers give the
    default dtype).

    >>> th.angle(th.tensor([-1.0, 2.0]))
    tensor([3.1416, 0.0000])
    """
    input = _check("angle", input)
    if input.is_complex():
        return th.atan2(input.imag, input.real)
    x = _floating(input)
    zero = th.zeros((), dtype=x.dtype)
    return th.where(th.isnan(x), x, th.where(x < 0, th.full((), math.pi, dtype=x.dtype), zero))


def isreal(input: "Tensor") -> "Tensor":
    """Whether each element is real: a zero imaginary part for complex
    input, True for every element of a real tensor.

    >>> th.isreal(th.tensor([1 + 0j, 1 + 1j]))
    tensor([ True, False])
    """
    if _check("isreal", input).is_complex():
        return input.imag == 0
    return th.ones(input.shape, dtype=bool_)


# ------------------------------------------------------------- the rest
def heaviside(input: "Tensor", values: "Tensor") -> "Tensor":
    """The Heaviside step: 0 where input < 0, values where input == 0, 1
    where input > 0 (nan gives 0, as torch). input and values must have one
    dtype (not complex); they broadcast.

    >>> th.heaviside(th.tensor([-1.0, 0.0, 2.0]), th.tensor([0.5]))
    tensor([0.0000, 0.5000, 1.0000])
    """
    _check("heaviside", input)
    _check("heaviside", values, "values")
    if input.is_complex() or values.is_complex():
        raise Error("heaviside is not yet implemented for complex tensors.")
    if input.dtype != values.dtype:
        raise Error("heaviside is not yet implemented for tensors with different dtypes.")
    return th.where(input == 0, values, (input > 0).to(input.dtype))


def logit(input: "Tensor", eps: Optional[float] = None) -> "Tensor":
    """log(p / (1 - p)) of each element p, p first clamped to [eps, 1 - eps]
    when eps is given (integers give the default dtype).

    >>> th.logit(th.tensor([0.25, 0.5]))
    tensor([-1.0986,  0.0000])
    """
    x = _floating(_check("logit", input))
    if x.is_complex():
        raise UnsupportedDtype(f'"logit_cpu" not implemented for \'{_torch_name(x.dtype)}\'')
    if eps is not None:  # torch's order: below eps first (eps > 0.5 gives eps)
        lo, hi = th.full((), eps, dtype=x.dtype), th.full((), 1 - eps, dtype=x.dtype)
        x = th.where(x < lo, lo, th.where(x > hi, hi, x))
    return th.log(x / (1 - x))


def isin(elements: Union["Tensor", _Number], test_elements: Union["Tensor", _Number], *,
         assume_unique: bool = False, invert: bool = False) -> "Tensor":
    """Whether each element of elements is among test_elements (not among,
    with invert=True), compared in their promoted dtype; one of the two may
    be a number. A bool tensor of elements' shape. assume_unique is taken
    for torch's signature (the answer is the same either way).

    >>> th.isin(th.tensor([1, 2, 3]), th.tensor([2, 5]))
    tensor([False,  True, False])
    """
    is_tensor = isinstance(elements, th.Tensor), isinstance(test_elements, th.Tensor)
    if not any(is_tensor):
        raise TypeError("isin(): expected elements or test_elements to be a Tensor, got "
                        f"{type(elements).__name__} and {type(test_elements).__name__}")
    for t in (elements, test_elements):
        if isinstance(t, th.Tensor) and (t.dtype == bool_ or t.is_complex()):
            raise Error(f"Unsupported input type encountered for isin(): {_torch_name(t.dtype)}")
    dtype = th.result_type(elements, test_elements)
    shape = elements.shape if is_tensor[0] else ()
    values = (elements.to(dtype) if is_tensor[0] else th.tensor([elements], dtype=dtype))
    values = values.reshape(-1)
    tests = (test_elements.to(dtype) if is_tensor[1]
             else th.tensor([test_elements], dtype=dtype)).reshape(-1)
    if tests.is_floating_point():  # NaN matches nothing, and would upset the binary search
        tests = tests[~th.isnan(tests)]
    if tests.numel() == 0:
        found = th.zeros(values.shape, dtype=bool_)
    else:
        ordered = th.sort(tests).values
        at = th.clamp(th.searchsorted(ordered, values), max=ordered.numel() - 1)
        found = ordered[at] == values
    if invert:
        found = ~found
    return found.reshape(shape)


def is_nonzero(input: "Tensor") -> bool:
    """Whether a one-element tensor is nonzero (bool(input.item())); a tensor
    of no or several elements is refused.

    >>> th.is_nonzero(th.tensor([1.5]))
    True
    """
    n = _check("is_nonzero", input).numel()
    if n == 0:
        raise Error("Boolean value of Tensor with no values is ambiguous")
    if n > 1:
        raise Error("Boolean value of Tensor with more than one value is ambiguous")
    return bool(input.item())
