"""Activation functions with torch.nn.functional's names, signatures, result
dtypes and errors: relu, relu6, leaky_relu, elu, selu, celu, gelu, silu,
mish, softplus, softsign, hardtanh, hardsigmoid, hardswish, sigmoid, tanh,
logsigmoid, threshold, glu, rrelu and the in-place ``_`` forms torch has.

Each is one lazy expression (th/_expr.pyx, docs/EXPRESSIONS.md) evaluated
in one pass over the elements: no temporaries. ``inplace=True`` evaluates
into the input and returns it, as torch does. float16 and bfloat16 compute
in float32 and round once, as torch's CPU kernels do.

    >>> import th
    >>> import th.nn.functional as F
    >>> F.relu(th.tensor([-1.0, 2.0])).tolist()
    [0.0, 2.0]
"""
import math
from typing import Any

import th
from th._errors import ArgumentError, Error, OutOfRange, UnsupportedDtype
from th._tensor import Tensor
from th.linalg import _tname

__all__ = ["relu", "relu_", "relu6", "leaky_relu", "leaky_relu_", "elu", "elu_", "selu",
           "selu_", "celu", "celu_", "gelu", "silu", "mish", "softplus", "softsign",
           "hardtanh", "hardtanh_", "hardsigmoid", "hardswish", "sigmoid", "tanh",
           "logsigmoid", "threshold", "threshold_", "glu", "rrelu", "rrelu_"]

# SELU's constants (Klambauer et al. 2017), as torch spells them
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _tensor(input: object, name: str) -> Tensor:
    if not isinstance(input, Tensor):
        raise TypeError(f"{name}(): argument 'input' must be Tensor, not {type(input).__name__}")
    return input


def _floating(input: object, kernel: str) -> Tensor:
    """input, refused unless its dtype is floating (torch's kernels for the
    smooth activations exist for float16, bfloat16, float32, float64 only)."""
    t = _tensor(input, kernel.split("_cpu")[0])
    if not t.dtype.is_floating_point:
        raise UnsupportedDtype(f"\"{kernel}\" not implemented for '{_tname(t.dtype)}'")
    return t


_INT_RANGES = {"uint8": (0, 255), "int8": (-128, 127), "int16": (-2**15, 2**15 - 1),
               "int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1),
               "uint16": (0, 2**16 - 1), "uint32": (0, 2**32 - 1), "uint64": (0, 2**64 - 1)}


def _scalar(value: float, dtype: Any) -> float:
    """A scalar argument as the input's dtype reads it: torch converts the
    Scalar to an integral input's type by truncation, refusing one outside
    the type's range."""
    if dtype.is_floating_point or dtype.is_complex:
        return value
    lo, hi = _INT_RANGES[dtype.name]
    if not lo <= value <= hi:
        raise Error(f"value cannot be converted to type {dtype.name}_t without overflow")
    return int(value)


def _result(expr: Any, input: Tensor, inplace: bool) -> Tensor:
    """expr evaluated in one pass: into input (returned) when inplace."""
    if inplace:
        th.eval(expr, out=input)
        return input
    return expr.eval()


def relu(input: Tensor, inplace: bool = False) -> Tensor:
    """max(input, 0) element-wise (torch.nn.functional.relu; also th.relu);
    integer inputs stay integers, NaN stays NaN, bool is refused.

    >>> import th
    >>> th.nn.functional.relu(th.tensor([-2, 0, 3])).tolist()
    [0, 0, 3]
    """
    input = _tensor(input, "relu")
    if input.dtype == th.bool:
        raise Error("Boolean inputs not supported for relu")
    if input.dtype.is_complex:
        raise UnsupportedDtype("clamp is not supported for complex types")
    return _result(th.clamp(th.lazy(input), min=0), input, inplace)


def relu_(input: Tensor) -> Tensor:
    """relu in place: input, changed.

    >>> import th
    >>> x = th.tensor([-1.0, 1.0])
    >>> th.nn.functional.relu_(x) is x, x.tolist()
    (True, [0.0, 1.0])
    """
    return relu(input, inplace=True)


def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0,
             inplace: bool = False) -> Tensor:
    """input clamped to [min_val, max_val] (torch.nn.functional.hardtanh);
    integer inputs stay integers (the limits truncated to them).

    >>> import th
    >>> th.nn.functional.hardtanh(th.tensor([-3.0, 0.5, 2.0])).tolist()
    [-1.0, 0.5, 1.0]
    """
    input = _tensor(input, "hardtanh")
    if min_val > max_val:
        raise ArgumentError("min_val cannot be greater than max_val")
    if input.dtype == th.bool:
        raise Error("Bool inputs not supported for hardtanh")
    if input.dtype.is_complex:
        raise UnsupportedDtype("clamp is not supported for complex types")
    if input.dtype in (th.uint8, th.uint16, th.uint32, th.uint64) and (min_val < 0
                                                                       or max_val < 0):
        raise Error("cannot do hardtanh on an unsigned type with negative limits")
    lo, hi = _scalar(min_val, input.dtype), _scalar(max_val, input.dtype)
    return _result(th.clamp(th.lazy(input), min=lo, max=hi), input, inplace)


def hardtanh_(input: Tensor, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:
    """hardtanh in place: input, changed.

    >>> import th
    >>> th.nn.functional.hardtanh_(th.tensor([5.0]), 0.0, 2.0).tolist()
    [2.0]
    """
    return hardtanh(input, min_val, max_val, inplace=True)


def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    """min(max(input, 0), 6) (torch.nn.functional.relu6): hardtanh(input, 0, 6).

    >>> import th
    >>> th.nn.functional.relu6(th.tensor([-1.0, 3.0, 9.0])).tolist()
    [0.0, 3.0, 6.0]
    """
    return hardtanh(input, 0.0, 6.0, inplace)


def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    """input where input > 0, else input * negative_slope
    (torch.nn.functional.leaky_relu); floating inputs only.

    >>> import th
    >>> th.nn.functional.leaky_relu(th.tensor([-2.0, 2.0]), 0.5).tolist()
    [-1.0, 2.0]
    """
    x = th.lazy(_floating(input, "leaky_relu_cpu"))
    if 0 < negative_slope <= 1:  # the same numbers (NaN, inf, -0.0 too), one compare fewer
        return _result(th.maximum(x, x * negative_slope), input, inplace)
    return _result(th.where(x > 0, x, x * negative_slope), input, inplace)


def leaky_relu_(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """leaky_relu in place: input, changed.

    >>> import th
    >>> th.nn.functional.leaky_relu_(th.tensor([-1.0]), 0.25).tolist()
    [-0.25]
    """
    return leaky_relu(input, negative_slope, inplace=True)


def _rrelu(input: Tensor, lower: float, upper: float, training: bool, generator: Any,
           inplace: bool) -> Tensor:
    """torch's rrelu_with_noise: leaky_relu with the mean slope in eval mode;
    in training each element <= 0 (in row-major order) draws its slope from
    uniform(lower, upper) on generator, as torch's CPU kernel draws them: one
    float64 uniform per element, the bounds and slope in the input's compute
    dtype (float32 but for float64), so th and torch seeded alike agree bit
    for bit."""
    t = _tensor(input, "rrelu")
    lo, hi = float(lower), float(upper)
    if lo > hi:
        raise Error("Lower bound should be less than or equal to the upper bound")
    if not training:
        return leaky_relu(t, (lo + hi) / 2, inplace)
    t = _floating(t, "rrelu_with_noise_out_cpu")
    if t.dtype == th.float16:  # (torch's CPU kernel has bfloat16, not float16)
        raise UnsupportedDtype("\"rrelu_with_noise_out_cpu\" not implemented for 'Half'")
    compute = th.float64 if t.dtype == th.float64 else th.float32
    if compute == th.float32:
        lo, hi = th.tensor([lo, hi], dtype=th.float32).tolist()
    x = t.contiguous()
    negative = x <= 0  # (NaN is not: it keeps slope 1 and draws nothing)
    slopes = th.ones(x.shape, dtype=compute)
    count = int(negative.sum())
    if count:
        # torch's rrelu scales its [0, 1) draws without the fused multiply-add
        # its uniform_ uses: the two roundings of x * (hi - lo) + lo, apart
        drawn = th.empty(count, dtype=th.float64).uniform_(0, 1, generator=generator)
        drawn = drawn.mul_(hi - lo).add_(lo)
        slopes = slopes.masked_scatter(negative, drawn.to(compute))
    result = (x.to(compute) * slopes).to(t.dtype)
    if inplace:
        return t.copy_(result)
    return result


def rrelu(input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3, training: bool = False,
          inplace: bool = False) -> Tensor:
    """The randomized leaky ReLU (torch.nn.functional.rrelu): input where
    input > 0, else input * slope; the slope is (lower + upper) / 2 when not
    training, else drawn per element from uniform(lower, upper) on th's
    default generator (torch's stream: th and torch seeded alike agree).

    >>> import th
    >>> th.nn.functional.rrelu(th.tensor([-1.0, 2.0]), 0.25, 0.75).tolist()
    [-0.5, 2.0]
    """
    return _rrelu(input, lower, upper, training, None, inplace)


def rrelu_(input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3,
           training: bool = False, generator: Any = None) -> Tensor:
    """rrelu in place: input, changed (torch.rrelu_ and
    torch.nn.functional.rrelu_; generator= draws the training slopes).

    >>> import th
    >>> th.nn.functional.rrelu_(th.tensor([-2.0]), 0.5, 0.5).tolist()
    [-1.0]
    """
    return _rrelu(input, lower, upper, training, generator, True)


def rrelu_function(input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3,
                   training: bool = False, generator: Any = None) -> Tensor:
    """torch.rrelu: rrelu with generator= for the training slopes (th.rrelu).

    >>> import th
    >>> g = th.Generator().manual_seed(0)
    >>> th.rrelu(th.tensor([-1.0, 2.0]), 0.5, 0.5, True, generator=g).tolist()
    [-0.5, 2.0]
    """
    return _rrelu(input, lower, upper, training, generator, False)


def _elu(input: Tensor, alpha: float, scale: float, input_scale: float) -> Any:
    """torch's elu kernel: scale * (x if x > 0 else alpha * expm1(x * input_scale))."""
    x = th.lazy(_floating(input, "elu_cpu"))
    neg = th.expm1(x * input_scale) * (alpha * scale)
    return th.where(x > 0, x * scale if scale != 1 else x, neg)


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """input where input > 0, else alpha * (exp(input) - 1)
    (torch.nn.functional.elu).

    >>> import th
    >>> th.nn.functional.elu(th.tensor([0.0, 1.0])).tolist()
    [0.0, 1.0]
    """
    return _result(_elu(input, alpha, 1.0, 1.0), input, inplace)


def elu_(input: Tensor, alpha: float = 1.0) -> Tensor:
    """elu in place: input, changed.

    >>> import th
    >>> th.nn.functional.elu_(th.tensor([2.0])).tolist()
    [2.0]
    """
    return elu(input, alpha, inplace=True)


def selu(input: Tensor, inplace: bool = False) -> Tensor:
    """scale * elu(input, alpha) with SELU's fixed alpha and scale
    (torch.nn.functional.selu; also th.selu).

    >>> import th
    >>> round(th.nn.functional.selu(th.tensor([1.0])).item(), 4)
    1.0507
    """
    return _result(_elu(input, _SELU_ALPHA, _SELU_SCALE, 1.0), input, inplace)


def selu_(input: Tensor) -> Tensor:
    """selu in place: input, changed.

    >>> import th
    >>> th.nn.functional.selu_(th.tensor([0.0])).tolist()
    [0.0]
    """
    return selu(input, inplace=True)


def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1))
    (torch.nn.functional.celu; also th.celu); alpha 0 is refused.

    >>> import th
    >>> th.nn.functional.celu(th.tensor([0.0, 3.0]), alpha=2.0).tolist()
    [0.0, 3.0]
    """
    if alpha == 0:
        raise Error("ZeroDivisionError: alpha cannot be 0 for CELU")
    return _result(_elu(input, alpha, 1.0, 1.0 / alpha), input, inplace)


def celu_(input: Tensor, alpha: float = 1.0) -> Tensor:
    """celu in place: input, changed.

    >>> import th
    >>> th.nn.functional.celu_(th.tensor([1.0])).tolist()
    [1.0]
    """
    return celu(input, alpha, inplace=True)


def gelu(input: Tensor, approximate: str = "none") -> Tensor:
    """x * Phi(x), Phi the standard normal's CDF (torch.nn.functional.gelu):
    exact through erf for approximate='none', torch's tanh formula for
    approximate='tanh'.

    >>> import th
    >>> round(th.nn.functional.gelu(th.tensor([1.0])).item(), 4)
    0.8413
    >>> round(th.nn.functional.gelu(th.tensor([1.0]), approximate="tanh").item(), 4)
    0.8412
    """
    if approximate not in ("none", "tanh"):
        raise Error("approximate argument must be either none or tanh.")
    x = th.lazy(_floating(input, "GeluKernelImpl"))
    if approximate == "tanh":
        inner = (x + x * x * x * 0.044715) * math.sqrt(2.0 / math.pi)
        return (x * 0.5 * (th.tanh(inner) + 1)).eval()
    return (x * 0.5 * (th.erf(x * math.sqrt(0.5)) + 1)).eval()


def silu(input: Tensor, inplace: bool = False) -> Tensor:
    """input * sigmoid(input) (torch.nn.functional.silu, swish).

    >>> import th
    >>> th.nn.functional.silu(th.tensor([0.0])).tolist()
    [0.0]
    """
    x = th.lazy(_tensor(input, "silu"))
    if not (input.dtype.is_floating_point or input.dtype.is_complex):
        raise UnsupportedDtype(f"\"silu_cpu\" not implemented for '{_tname(input.dtype)}'")
    return _result(x / (th.exp(-x) + 1), input, inplace)


def _softplus(x: Any, beta: float = 1.0, threshold: float = 20.0) -> Any:
    """torch's softplus kernel, lazy: x where beta * x > threshold (where
    log1p(exp) equals x in the dtype), else log1p(exp(beta * x)) / beta."""
    bx = x * beta if beta != 1 else x
    soft = th.log1p(th.exp(bx))
    return th.where(bx > threshold, x, soft / beta if beta != 1 else soft)


def mish(input: Tensor, inplace: bool = False) -> Tensor:
    """input * tanh(softplus(input)) (torch.nn.functional.mish).

    >>> import th
    >>> round(th.nn.functional.mish(th.tensor([1.0])).item(), 4)
    0.8651
    """
    x = th.lazy(_floating(input, "mish_cpu"))
    return _result(x * th.tanh(th.log1p(th.exp(x))), input, inplace)


def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
    """log(1 + exp(beta * x)) / beta, and x itself where beta * x > threshold
    (torch.nn.functional.softplus).

    >>> import th
    >>> round(th.nn.functional.softplus(th.tensor([0.0])).item(), 4)
    0.6931
    """
    return _softplus(th.lazy(_floating(input, "softplus_cpu")), beta, threshold).eval()


def softsign(input: Tensor) -> Tensor:
    """input / (1 + |input|) (torch.nn.functional.softsign): integers give
    float32, as true division does.

    >>> import th
    >>> th.nn.functional.softsign(th.tensor([1.0, -3.0])).tolist()
    [0.5, -0.75]
    """
    input = _tensor(input, "softsign")
    if input.dtype == th.bool:
        raise UnsupportedDtype("\"abs_cpu\" not implemented for 'Bool'")
    x: Any = th.lazy(input)
    return (x / (abs(x) + 1)).eval()


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    """min(max(input + 3, 0), 6) / 6 (torch.nn.functional.hardsigmoid).

    >>> import th
    >>> th.nn.functional.hardsigmoid(th.tensor([-4.0, 0.0, 4.0])).tolist()
    [0.0, 0.5, 1.0]
    """
    x = th.lazy(_floating(input, "hardsigmoid_cpu"))
    return _result(th.clamp(x + 3, min=0, max=6) / 6, input, inplace)


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    """input * min(max(input + 3, 0), 6) / 6 (torch.nn.functional.hardswish).

    >>> import th
    >>> th.nn.functional.hardswish(th.tensor([-4.0, 3.0])).tolist()
    [-0.0, 3.0]
    """
    x = th.lazy(_floating(input, "hardswish_cpu"))
    return _result(x * th.clamp(x + 3, min=0, max=6) / 6, input, inplace)


def sigmoid(input: Tensor) -> Tensor:
    """1 / (1 + exp(-input)) (torch.nn.functional.sigmoid, th.sigmoid):
    integer and bool inputs give float32.

    >>> import th
    >>> th.nn.functional.sigmoid(th.tensor([0.0])).tolist()
    [0.5]
    """
    return th.sigmoid(_tensor(input, "sigmoid"))


def tanh(input: Tensor) -> Tensor:
    """The hyperbolic tangent (torch.nn.functional.tanh, th.tanh): integer
    and bool inputs give float32.

    >>> import th
    >>> th.nn.functional.tanh(th.tensor([0.0])).tolist()
    [0.0]
    """
    return th.tanh(_tensor(input, "tanh"))


def logsigmoid(input: Tensor) -> Tensor:
    """log(sigmoid(input)), computed without overflow as
    min(x, 0) - log1p(exp(-|x|)) (torch.nn.functional.logsigmoid).

    >>> import th
    >>> round(th.nn.functional.logsigmoid(th.tensor([0.0])).item(), 4)
    -0.6931
    """
    x: Any = th.lazy(_floating(input, "log_sigmoid_cpu"))
    return (th.clamp(x, max=0) - th.log1p(th.exp(-abs(x)))).eval()


def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    """value where input <= threshold, else input (torch.nn.functional.threshold;
    also th.threshold): the result keeps input's dtype (an integral input
    truncates threshold and value), NaN stays NaN.

    >>> import th
    >>> th.nn.functional.threshold(th.tensor([0.5, 2.0]), 1.0, -1.0).tolist()
    [-1.0, 2.0]
    """
    return _threshold(input, threshold, value, inplace)


def _threshold(input: Tensor, threshold: float, value: float, inplace: bool) -> Tensor:
    input = _tensor(input, "threshold")
    if input.dtype == th.bool or input.dtype.is_complex:
        raise UnsupportedDtype(f"\"threshold_cpu\" not implemented for '{_tname(input.dtype)}'")
    limit, value = _scalar(threshold, input.dtype), _scalar(value, input.dtype)
    x = th.lazy(input)
    # torch compares float16/bfloat16 in float32, the threshold unrounded
    wide = x.to(th.float32) if input.dtype in (th.float16, th.bfloat16) else x
    return _result(th.where(wide <= limit, value, x), input, inplace)


def threshold_(input: Tensor, threshold: float, value: float) -> Tensor:
    """threshold in place: input, changed.

    >>> import th
    >>> th.nn.functional.threshold_(th.tensor([0.0, 3.0]), 1.0, 9.0).tolist()
    [9.0, 3.0]
    """
    return _threshold(input, threshold, value, True)


def glu(input: Tensor, dim: int = -1) -> Tensor:
    """a * sigmoid(b), a and b the two halves of input along dim
    (torch.nn.functional.glu): dim's size must be even.

    >>> import th
    >>> th.nn.functional.glu(th.tensor([[1.0, 0.0]])).tolist()
    [[0.5]]
    """
    input = _floating(input, "glu_cpu")
    if input.dim() == 0:
        raise Error("glu does not support scalars because halving size must be even")
    n = input.dim()
    if not -n <= dim < n:
        raise OutOfRange(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}],"
                         f" but got {dim})")
    dim %= n
    size = input.shape[dim]
    if size % 2:
        raise Error(f"Halving dimension must be even, but dimension {dim} is size {size}")
    a, b = input.narrow(dim, 0, size // 2), input.narrow(dim, size // 2, size // 2)
    return (th.lazy(a) * th.sigmoid(th.lazy(b))).eval()
