"""Resampling with torch.nn.functional's names, arguments and errors:
interpolate (nearest, nearest-exact, linear, bilinear, trilinear, area),
unfold (im2col) and fold (col2im).

interpolate is separable: each spatial dim is resampled on its own (last
dim first), a nearest mode by one index_select, a linear mode as
``fma(x[i0], w0, x[i1] * w1)`` with torch's source indices and weights
(aten's UpSample.h, computed in the kernel's float type): the operations of
torch's generic CPU kernel as its compiler contracts them (float32's fma
through exact float64 products, float64's by Dekker's and Knuth's
error-free transformations). unfold is one strided view of the
padded input, copied into (N, C * kh * kw, L); fold adds each kernel offset's
columns into a strided view of the padded output, in torch's order."""
from __future__ import annotations

import math
import operator
import struct
from fractions import Fraction
from typing import Any, Dict, List, Optional, Sequence, Tuple, Type, Union, cast

import th
from th._errors import ArgumentError, OutOfRange, UnsupportedDtype
from th._tensor import Tensor
from th.nn._arguments import IntOrInts, expand_ints, tensor_argument
from th.nn._pooling import _adaptive_avg, _windows

_FLOAT32 = struct.Struct("f")


def _rounded(operation: Any) -> Any:
    """float's ``operation`` with its result rounded to float32 (another
    operand's type, a tensor's, handles what float does not)."""
    def method(self: float, other: Any) -> Any:
        result = operation(self, other)
        return result if result is NotImplemented else _Float32(result)
    return method


class _Float32(float):
    """A Python float rounded to float32 (to nearest, ties to even), whose
    +, -, * and / round to float32 again: torch's float32 kernel arithmetic.
    Each operation is done in double and rounded once, which is exact: a
    double holds every sum, difference and product of two float32 values,
    and a quotient's double rounding is innocuous (53 >= 2 * 24 + 2 bits)."""

    __slots__ = ()

    def __new__(cls, value: Any = 0.0) -> "_Float32":
        try:
            return float.__new__(cls, _FLOAT32.unpack(_FLOAT32.pack(value))[0])
        except OverflowError:  # beyond float32's largest finite value
            return float.__new__(cls, math.copysign(math.inf, value))

    __add__ = __radd__ = _rounded(float.__add__)
    __sub__ = _rounded(float.__sub__)
    __rsub__ = _rounded(float.__rsub__)
    __mul__ = __rmul__ = _rounded(float.__mul__)
    __truediv__ = _rounded(float.__truediv__)
    __rtruediv__ = _rounded(float.__rtruediv__)


# a kernel's float type as a Python scalar type: float64 is Python's float
Real = Union[Type[float], Type[_Float32]]
INTERPOLATING = ("linear", "bilinear", "bicubic", "trilinear")
LINEAR_DIMS = {"linear": 1, "bilinear": 2, "trilinear": 3}
# the float type torch's kernels compute indices and weights in (opmath)
OPMATH: Dict[str, Real] = {"float16": _Float32, "bfloat16": _Float32, "float32": _Float32,
                           "float64": float, "uint8": _Float32}


def _weights(values: List[Any], real: Real) -> Tensor:
    """Weights computed in ``real`` as a tensor of that float type."""
    return th.tensor(values, dtype=th.float64 if real is float else th.float32)


def _scale_value(scale: Optional[float], in_size: int, out_size: int, real: Real) -> float:
    """torch's compute_scales_value: 1 / scale_factor when one was given,
    else in / out, in the kernel's float type."""
    if scale is not None and scale > 0:
        return real(1.0 / scale)
    return real(in_size) / real(out_size)


def _nearest_index(mode: str, in_size: int, out_size: int, scale: Optional[float],
                   real: Real, shortcuts: bool) -> List[int]:
    """The source index of every output position (UpSample.h's nearest_idx
    and nearest_exact_idx: the scale in ``real``, the product rounded to
    float by floorf; torch's small-output 2-d kernel copies when the sizes
    are equal and halves when the output is twice the input; its generic
    kernel's nearest-exact index is floorf(source + 0.5), the linear modes'
    source index)."""
    if mode == "nearest" and shortcuts and out_size == in_size:
        return list(range(out_size))
    if mode == "nearest" and shortcuts and out_size == 2 * in_size:
        return [o >> 1 for o in range(out_size)]
    s = _scale_value(scale, in_size, out_size, real)
    if mode == "nearest" and out_size <= 1 << 24:
        # real(o) * s rounded to float by floorf: o is exact in either float type, so that
        # is the double product o * s rounded to float
        return [min(int(math.floor(_Float32(o * float(s)))), in_size - 1)
                for o in range(out_size)]
    if mode == "nearest":
        return [min(int(math.floor(_Float32(real(o) * s))), in_size - 1)
                for o in range(out_size)]
    if shortcuts:
        # (dst_index + 0.5) * scale is a double product that floorf rounds to float
        return [min(int(math.floor(_Float32((o + 0.5) * float(s)))), in_size - 1)
                for o in range(out_size)]
    # (source + 0.5 is exact in double for a float32 source)
    sources = (float(_centre_source(s, o, real)) for o in range(out_size))
    return [min(int(math.floor(_Float32(max(source, 0.0) + 0.5))), in_size - 1)
            for source in sources]


def _centre_source(ratio: float, o: int, real: Real) -> float:
    """``ratio * (o + 0.5) - 0.5`` rounded once to ``real``: torch's kernels
    are built with floating-point contraction, this is one fma. A float32
    ratio (24 significant bits) times 2o + 1 (under 29) is exact in double,
    and so is the difference where it is not negative; the rest exactly."""
    if real is _Float32 and o < 1 << 28 and ratio < 1 << 23:
        return real(float(ratio) * (o + 0.5) - 0.5)
    return real(Fraction(float(ratio)) * Fraction(o * 2 + 1, 2) - Fraction(1, 2))


def _linear_taps(in_size: int, out_size: int, align_corners: bool, scale: Optional[float],
                 real: Real) -> Tuple[List[int], List[int], Tensor, Tensor]:
    """(i0, i1, w0, w1) of every output position: UpSample.h's
    area_pixel_compute_scale, area_pixel_compute_source_index and
    guard_index_and_lambda in the kernel's float type."""
    if align_corners:
        ratio = real(in_size - 1) / real(out_size - 1) if out_size > 1 else real(0)
    else:
        ratio = _scale_value(scale, in_size, out_size, real)
    i0, i1, w0, w1 = [], [], [], []
    for o in range(out_size):
        if out_size == in_size:  # torch copies: weights 1 and 0
            i0.append(o)
            i1.append(o)
            w0.append(real(1))
            w1.append(real(0))
            continue
        if align_corners:
            source = ratio * real(o)
        else:
            source = _centre_source(ratio, o, real)
            source = real(0) if source < 0 else source
        index = min(int(math.floor(_Float32(source))), in_size - 1)
        lam = min(max(source - real(index), real(0)), real(1))
        i0.append(index)
        i1.append(index + (1 if index < in_size - 1 else 0))
        w1.append(real(lam))
        w0.append(real(1) - real(lam))
    return i0, i1, _weights(w0, real), _weights(w1, real)


def _dtype_name(t: Tensor) -> str:
    return t.dtype.name


def _resample_nearest(input: Tensor, mode: str, sizes: List[int],
                      scales: Optional[List[float]]) -> Tensor:
    n = len(sizes)
    # torch 2.13 runs 2-d outputs with H + W <= 128 through its channels-last kernel
    # (float scales, shortcuts), everything else through its generic kernel (no
    # shortcuts; a float64 image's scales in float64)
    small = n == 2 and sum(sizes) <= 128
    real: Real = float if input.dtype == th.float64 and not small else _Float32
    out = input
    for i in reversed(range(n)):
        dim = input.ndim - n + i
        index = _nearest_index(mode, input.shape[dim], sizes[i], scales[i] if scales else None,
                               real, small)
        out = out.index_select(dim, th.tensor(index, dtype=th.int64))
    return out


# Veltkamp's splitting constant for float64: 2 ** 27 + 1
SPLIT = 134217729.0


def _fma64(a: Tensor, b: Tensor, shape: List[int], c: Tensor) -> Tensor:
    """round(a * b + c) with one rounding, as an fma, for float64 tensors a
    and c and weights b (viewed as shape to broadcast): a * b exactly as
    p + e (Dekker's product, b split once here), p + c exactly as s + t
    (Knuth's two-sum), then s + (t + e)."""
    g = b * SPLIT
    b_hi = g - (g - b)
    bt, bh, bl = (v.view(shape) for v in (b, b_hi, b - b_hi))
    p = th.eval(th.lazy(a) * bt)
    split = th.lazy(a) * SPLIT
    a_hi = th.eval(split - (split - a))
    a_lo = th.eval(th.lazy(a) - a_hi)
    e = th.eval(((th.lazy(a_hi) * bh - p) + th.lazy(a_hi) * bl + th.lazy(a_lo) * bh)
                + th.lazy(a_lo) * bl)
    total = th.eval(th.lazy(p) + c)
    back = th.eval(th.lazy(total) - p)
    t = th.eval((th.lazy(p) - (th.lazy(total) - back)) + (th.lazy(c) - back))
    return th.eval(th.lazy(total) + (th.lazy(t) + e))


def _fma(a: Any, b: Tensor, shape: List[int], c: Tensor) -> Tensor:
    """round(a * b + c) with one rounding, as the fma torch's compiler makes
    of ``a * b + c``: float32 through the exact float64 product (the sum
    rounds, almost always, as the fma does), float64 by _fma64."""
    if c.dtype == th.float64:
        return _fma64(a, b, shape, c)
    wide = b.to(th.float64).view(shape)
    return th.eval((th.lazy(a).to(th.float64) * wide + th.lazy(c).to(th.float64))
                   .to(th.float32))


def _channels_last(input: Tensor) -> bool:
    """Whether a 4-d input is laid out (N, H, W, C) in memory, as torch's
    is_contiguous(memory_format=torch.channels_last)."""
    n, c, h, w = input.shape
    expected = {1: 1, 3: c, 2: w * c, 0: h * w * c}
    return all(input.shape[d] == 1 or input.stride(d) == expected[d] for d in range(4))


def _resample_bilinear_small(work: Tensor, sizes: List[int], align_corners: bool,
                             scales: Optional[List[float]], real: Real) -> Tensor:
    """torch's channels-last bilinear kernel (small outputs, channels-last
    inputs): weights h * w per corner, the four corners summed as its
    compiler contracts them: fma(x11, w11, fma(x10, w10, fma(x00, w00, x01 * w01))).
    That is its scalar loop, bit for bit; the channels its vector loop takes
    (whole vectors of 8 float32 or 4 float64 channels) differ within rounding."""
    taps = [_linear_taps(work.shape[2 + i], sizes[i], align_corners,
                         scales[i] if scales else None, real) for i in range(2)]
    (h0, h1, hw0, hw1), (v0, v1, vw0, vw1) = taps
    rows = [work.index_select(2, th.tensor(h, dtype=th.int64)) for h in (h0, h1)]
    corners = [r.index_select(3, th.tensor(v, dtype=th.int64)) for r in rows for v in (v0, v1)]
    # each corner's weight, rounded in the kernel's float type as torch's
    weights = [hw.view(-1, 1) * vw.view(1, -1) for hw in (hw0, hw1) for vw in (vw0, vw1)]
    shape = list(sizes)
    acc = corners[1] * weights[1]
    acc = _fma(corners[0], weights[0], shape, acc)
    acc = _fma(corners[2], weights[2], shape, acc)
    return _fma(corners[3], weights[3], shape, acc)


def _resample_linear(input: Tensor, sizes: List[int], align_corners: bool,
                     scales: Optional[List[float]]) -> Tensor:
    n = len(sizes)
    name = _dtype_name(input)
    real = OPMATH[name]
    work = input if name in ("float32", "float64") else input.to(th.float32)
    # torch 2.13 runs 2-d outputs with H + W <= 128, and channels-last inputs of more
    # than 3 channels, through its channels-last kernel, the rest through its generic one
    if n == 2 and (sum(sizes) <= 128 or (_channels_last(input) and input.shape[1] > 3)):
        out = _resample_bilinear_small(work, sizes, align_corners, scales, real)
        return out if out.dtype == input.dtype else out.to(input.dtype)
    for i in reversed(range(n)):
        dim = input.ndim - n + i
        i0, i1, w0, w1 = _linear_taps(input.shape[dim], sizes[i], align_corners,
                                      scales[i] if scales else None, real)
        shape = [1] * (n - i)
        shape[0] = sizes[i]
        w1t = w1.view(shape)
        near = work.index_select(dim, th.tensor(i0, dtype=th.int64))
        far = work.index_select(dim, th.tensor(i1, dtype=th.int64))
        # fma(near, w0, far * w1): torch's generic kernel as its compiler contracts it
        work = _fma(near, w0, shape, far * w1t)
    return work if work.dtype == input.dtype else work.to(input.dtype)


def _cubic_taps(in_size: int, out_size: int, align_corners: bool, scale: Optional[float],
                real: Real) -> Tuple[List[List[int]], List[Tensor]]:
    """The 4 source indices (clamped to the input) and weights of every
    output position: UpSample.h's cubic source index (not clamped at 0),
    guard_index_and_lambda and get_cubic_upsample_coefficients (A = -0.75)."""
    if align_corners:
        ratio = real(in_size - 1) / real(out_size - 1) if out_size > 1 else real(0)
    else:
        ratio = _scale_value(scale, in_size, out_size, real)
    a = real(-0.75)

    def near(x: Any) -> Any:   # |x| <= 1
        return ((a + real(2)) * x - (a + real(3))) * x * x + real(1)

    def far(x: Any) -> Any:    # 1 < |x| < 2
        return ((a * x - real(5) * a) * x + real(8) * a) * x - real(4) * a

    indices: List[List[int]] = [[], [], [], []]
    fractions = []
    for o in range(out_size):
        source = ratio * real(o) if align_corners else \
            ratio * (real(o) + real(0.5)) - real(0.5)
        index = min(int(math.floor(_Float32(source))), in_size - 1)
        fractions.append(min(max(source - real(index), real(0)), real(1)))
        for j in range(4):
            indices[j].append(max(min(index - 1 + j, in_size - 1), 0))
    # the polynomials on a tensor of the kernel's float type: each operation rounds as torch's
    t = _weights(fractions, real)
    return indices, [far(t + real(1)), near(t), near(real(1) - t), far(real(2) - t)]


def _resample_cubic(input: Tensor, sizes: List[int], align_corners: bool,
                    scales: Optional[List[float]]) -> Tensor:
    """Separable bicubic: per dim (last first), the sum of 4 gathered taps
    times their weights, one fused expression, in the kernel's float type."""
    name = _dtype_name(input)
    real = OPMATH[name]
    work = input if name in ("float32", "float64") else input.to(th.float32)
    for i in reversed(range(2)):
        dim = input.ndim - 2 + i
        indices, weights = _cubic_taps(input.shape[dim], sizes[i], align_corners,
                                       scales[i] if scales else None, real)
        shape = [sizes[i]] + [1] * (1 - i)
        total: Any = None
        for index, weight in zip(indices, weights):
            term = th.lazy(work.index_select(dim, th.tensor(index, dtype=th.int64))) * \
                weight.view(shape)
            total = term if total is None else total + term
        work = th.eval(total)
    return work if work.dtype == input.dtype else work.to(input.dtype)


def interpolate(input: Tensor, size: Union[int, Sequence[int], None] = None,
                scale_factor: Union[float, Sequence[float], None] = None,
                mode: str = "nearest", align_corners: Optional[bool] = None,
                recompute_scale_factor: Optional[bool] = None, antialias: bool = False) -> Tensor:
    """Resize the spatial dims of ``input`` ((N, C, d1, ...) with 1, 2 or 3
    of them) to ``size``, or to ``floor(d * scale_factor)``.

    ``mode``: ``"nearest"`` (torch's: source ``floor(o * in / out)``),
    ``"nearest-exact"`` (source ``floor((o + 0.5) * in / out)``, as Pillow),
    ``"linear"`` (3-D input), ``"bilinear"`` (4-D), ``"trilinear"`` (5-D),
    ``"bicubic"`` (4-D; torch's A = -0.75, within rounding of torch's),
    ``"area"`` (adaptive average pooling). ``align_corners`` (linear modes
    only, default False) maps the corner pixels' centres onto each other.
    A given ``scale_factor`` is the scale the source positions use unless
    ``recompute_scale_factor=True``. Indices and weights follow aten's
    UpSample.h in the kernel's float type and its compiler's fmas are
    emulated, so the nearest and linear modes match torch's bit for bit
    (except, within rounding, the channels torch's vectorized small-output
    bilinear loop takes: 8 or more float32 channels, 4 or more float64).
    ``antialias`` and ``"lanczos"`` are not implemented.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.tensor([[[1.0, 2.0, 4.0]]])
    >>> F.interpolate(x, scale_factor=2).tolist()
    [[[1.0, 1.0, 2.0, 2.0, 4.0, 4.0]]]
    >>> F.interpolate(x, size=5, mode="linear", align_corners=True).tolist()
    [[[1.0, 1.5, 2.0, 3.0, 4.0]]]
    >>> F.interpolate(th.ones(1, 1, 2, 2), scale_factor=1.5, mode="bilinear").shape
    (1, 1, 3, 3)
    """
    input = tensor_argument("interpolate", "input", input)
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError("align_corners option can only be set with the interpolating modes: "
                             "linear | bilinear | bicubic | trilinear")
    elif align_corners is None:
        align_corners = False
    dim = input.ndim - 2
    scales: Optional[List[float]] = None
    if size is not None and scale_factor is not None:
        raise ValueError("only one of size or scale_factor should be defined")
    if size is not None:
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise ValueError(
                    f"Input and output must have the same number of spatial dimensions, but got "
                    f"input with spatial dimensions of {list(input.shape[2:])} and output size of "
                    f"{size}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and "
                    f"output size in (o1, o2, ...,oK) format.")
            if not all(isinstance(v, int) or hasattr(v, "__index__") and not isinstance(v, float)
                       for v in size):
                raise TypeError(f"expected size to be one of int or Tuple[int] or Tuple[int, int] "
                                f"or Tuple[int, int, int], but got size with types "
                                f"{[type(v) for v in size]}")
            sizes = [operator.index(v) for v in size]
        else:
            if isinstance(size, float) or not hasattr(size, "__index__"):
                raise TypeError(f"interpolate(): size must be an int or a tuple of ints, not "
                                f"{type(size).__name__}")
            sizes = [operator.index(cast(int, size))] * dim
    elif scale_factor is not None:
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise ValueError(
                    f"Input and scale_factor must have the same number of spatial dimensions, but "
                    f"got input with spatial dimensions of {list(input.shape[2:])} and "
                    f"scale_factor of shape {scale_factor}. Please provide input tensor in "
                    f"(N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.")
            scales = [float(s) for s in scale_factor]
        else:
            scales = [float(cast(float, scale_factor))] * dim
        # the output size truncates the product, as torch's compute_output_size
        sizes = [int(input.shape[2 + i] * scales[i]) for i in range(dim)]
    else:
        raise ValueError("either size or scale_factor should be defined")
    if recompute_scale_factor and size is not None:
        raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
    if recompute_scale_factor or mode == "area":
        scales = None
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.ndim == 4):
        raise ValueError("Anti-alias option is restricted to bilinear, bicubic, and lanczos modes "
                         "and requires a 4-D tensor as input")
    if input.ndim not in (3, 4, 5) or mode not in ("nearest", "nearest-exact", "area", "linear",
                                                    "bilinear", "trilinear", "bicubic", "lanczos"):
        raise NotImplementedError(
            f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.ndim}D) for the "
            f"modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | "
            f"nearest-exact (got {mode})")
    if mode in LINEAR_DIMS and LINEAR_DIMS[mode] != dim:
        need = {1: "3D", 2: "4D", 3: "5D"}[LINEAR_DIMS[mode]]
        raise NotImplementedError(f"Got {input.ndim}D input, but {mode} mode needs {need} input")
    if mode == "bicubic" and dim != 2:
        raise NotImplementedError(
            f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.ndim}D) for the "
            f"modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | "
            f"nearest-exact (got {mode})")
    if mode == "lanczos" or antialias:
        raise NotImplementedError(f"th's interpolate does not implement "
                                  f"{'antialias' if antialias else mode + ' mode'} yet")
    if mode == "area":
        return _adaptive_avg(f"adaptive_avg_pool{dim}d", dim, input, sizes)
    for i in range(dim):
        if input.shape[2 + i] <= 0 or sizes[i] <= 0:
            raise ArgumentError(f"Input and output sizes should be greater than 0, but got input "
                                f"{tuple(input.shape[2:])} and output {tuple(sizes)}")
    if input.shape[1] == 0:
        raise ArgumentError(f"Non-empty {input.ndim}D data tensor expected but got a tensor with "
                            f"sizes {list(input.shape)}")
    name = _dtype_name(input)
    if name not in OPMATH or (name == "uint8" and mode not in ("nearest", "nearest-exact")):
        raise UnsupportedDtype(f"interpolate's {mode} mode is not implemented for {name} tensors")
    if mode in ("nearest", "nearest-exact"):
        return _resample_nearest(input, mode, sizes, scales)
    if mode == "bicubic":
        return _resample_cubic(input, sizes, bool(align_corners), scales)
    return _resample_linear(input, sizes, bool(align_corners), scales)


# ------------------------------------------------------ im2col and col2im
def _im2col_geometry(fn: str, kernel_size: Any, dilation: Any, padding: Any, stride: Any
                     ) -> Tuple[List[int], List[int], List[int], List[int]]:
    ks = expand_ints(fn, "kernel_size", kernel_size, 2)
    ds = expand_ints(fn, "dilation", dilation, 2)
    ps = expand_ints(fn, "padding", padding, 2)
    ss = expand_ints(fn, "stride", stride, 2)
    for name, values, least in (("kernel size", ks, 1), ("dilation", ds, 1),
                                ("padding", ps, 0), ("stride", ss, 1)):
        if min(values) < least:
            raise ArgumentError(f"{fn}: {name} should be "
                                f"{'non-negative' if least == 0 else 'greater than zero'}, but got "
                                f"{tuple(values)}")
    return ks, ds, ps, ss


def _blocks(spatial: Sequence[int], ks: List[int], ds: List[int], ps: List[int],
            ss: List[int]) -> List[int]:
    return [(spatial[i] + 2 * ps[i] - ds[i] * (ks[i] - 1) - 1) // ss[i] + 1 for i in range(2)]


def unfold(input: Tensor, kernel_size: IntOrInts, dilation: IntOrInts = 1,
           padding: IntOrInts = 0, stride: IntOrInts = 1) -> Tensor:
    """im2col: every ``kernel_size`` block of the zero-padded input (blocks
    ``stride`` apart, elements ``dilation`` apart) as a column. Input
    ``(N, C, H, W)`` or ``(C, H, W)``; result ``(N, C * kh * kw, L)`` with
    ``L`` blocks in row-major order.

    >>> import th
    >>> import th.nn.functional as F
    >>> F.unfold(th.arange(9.0).view(1, 1, 3, 3), 2).tolist()
    [[[0.0, 1.0, 3.0, 4.0], [1.0, 2.0, 4.0, 5.0], [3.0, 4.0, 6.0, 7.0], [4.0, 5.0, 7.0, 8.0]]]
    """
    input = tensor_argument("unfold", "input", input)
    ks, ds, ps, ss = _im2col_geometry("unfold", kernel_size, dilation, padding, stride)
    if input.ndim < 3:  # torch reads input.size(2) first
        raise OutOfRange(f"unfold: Dimension out of range (expected a 3D or 4D input, got "
                         f"{input.ndim}D)")
    if input.ndim not in (3, 4) or 0 in input.shape[input.ndim - 3:]:
        raise ArgumentError(f"unfold: Expected 3D or 4D (batch mode) tensor with possibly 0 batch "
                            f"size and other non-zero dimensions for input, but got: "
                            f"{list(input.shape)}")
    if not input.dtype.is_floating_point:
        raise UnsupportedDtype(f"unfold (im2col) is not implemented for {input.dtype} tensors")
    outs = _blocks(input.shape[-2:], ks, ds, ps, ss)
    if min(outs) < 1:
        raise ArgumentError(f"Given input with spatial size {tuple(input.shape[-2:])}, "
                            f"kernel_size={tuple(ks)}, dilation={tuple(ds)}, "
                            f"padding={tuple(ps)}, calculated shape of the array of sliding "
                            f"blocks as {tuple(outs)}, but its components must be at least one.")
    windows = _windows(input, 2, ks, ss, ps, ds, outs, 0)  # (..., C, oh, ow, kh, kw)
    lead = input.ndim - 3
    order = list(range(lead)) + [lead, lead + 3, lead + 4, lead + 1, lead + 2]
    shape = list(input.shape[:lead]) + [input.shape[lead] * ks[0] * ks[1], outs[0] * outs[1]]
    return windows.permute(order).reshape(shape)


def fold(input: Tensor, output_size: IntOrInts, kernel_size: IntOrInts, dilation: IntOrInts = 1,
         padding: IntOrInts = 0, stride: IntOrInts = 1) -> Tensor:
    """col2im, unfold's adjoint: columns ``(N, C * kh * kw, L)`` (or
    ``(C * kh * kw, L)``) summed back into a ``(N, C, *output_size)``
    image, overlapping blocks adding up.

    >>> import th
    >>> import th.nn.functional as F
    >>> F.fold(th.ones(1, 4, 4), (3, 3), 2).tolist()
    [[[[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]]]
    """
    input = tensor_argument("fold", "input", input)
    size = expand_ints("fold", "output_size", output_size, 2)
    ks, ds, ps, ss = _im2col_geometry("fold", kernel_size, dilation, padding, stride)
    if input.ndim not in (2, 3) or 0 in input.shape[input.ndim - 2:]:
        raise ArgumentError(f"fold: Expected 2D or 3D (batch mode) tensor for input with possibly "
                            f"0 batch size and non-zero dimensions for input, but got: "
                            f"{list(input.shape)}")
    if not input.dtype.is_floating_point:
        raise UnsupportedDtype(f"fold (col2im) is not implemented for {input.dtype} tensors")
    rows, length = input.shape[-2], input.shape[-1]
    if rows % (ks[0] * ks[1]):
        raise ArgumentError(f"Expected size of input's dimension {input.ndim - 2} to be divisible "
                            f"by the product of kernel_size, but got input.size({input.ndim - 2})"
                            f"={rows} and kernel_size={tuple(ks)}.")
    outs = _blocks(size, ks, ds, ps, ss)
    if min(outs) < 1 or outs[0] * outs[1] != length:
        raise ArgumentError(f"Given output_size={tuple(size)}, kernel_size={tuple(ks)}, "
                            f"dilation={tuple(ds)}, padding={tuple(ps)}, stride={tuple(ss)}, "
                            f"expected size of input's dimension {input.ndim - 1} to match the "
                            f"calculated number of sliding blocks {outs[0]} * {outs[1]} = "
                            f"{outs[0] * outs[1]}, but got input.size({input.ndim - 1})={length}.")
    lead = list(input.shape[:-2])
    channels = rows // (ks[0] * ks[1])
    columns = input.reshape(lead + [channels, ks[0], ks[1], outs[0], outs[1]])
    padded = th.zeros(lead + [channels, size[0] + 2 * ps[0], size[1] + 2 * ps[1]],
                      dtype=input.dtype)
    # kernel offsets in torch's order: each output element sums its blocks as col2im does
    for ki in range(ks[0]):
        for kj in range(ks[1]):
            rows_at = slice(ki * ds[0], ki * ds[0] + ss[0] * (outs[0] - 1) + 1, ss[0])
            cols_at = slice(kj * ds[1], kj * ds[1] + ss[1] * (outs[1] - 1) + 1, ss[1])
            padded[..., rows_at, cols_at].add_(columns[..., ki, kj, :, :])
    if ps[0] == 0 and ps[1] == 0:
        return padded
    return padded[..., ps[0]:ps[0] + size[0], ps[1]:ps[1] + size[1]].contiguous()
