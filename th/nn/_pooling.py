"""Pooling with torch.nn.functional's names, arguments and errors:
max_pool1d, max_pool2d (with dilation, ceil_mode, return_indices),
avg_pool1d, avg_pool2d (count_include_pad, divisor_override),
adaptive_avg_pool1d/2d and adaptive_max_pool1d/2d.

A pooling reads one padded copy of the input (padded with the lowest value
for max, zeros for avg) through one strided view per kernel offset, each
(..., out_1, .., out_n), and reduces them in one fused th.lazy expression
(th.maximum or th.add) in row-major offset order, torch's order: average
pooling is bit for bit torch's. max with indices scans the offsets as
torch's kernel does (greater, or NaN, wins). Adaptive pools have windows of
varying length: each spatial dim is gathered (index_select) slot by slot,
the slots a shorter window lacks masked out (avg) or repeating its last
element (max)."""
import math
from typing import Any, List, Optional, Sequence, Tuple, Union

import th
from th._errors import ArgumentError, UnsupportedDtype
from th._tensor import Tensor
from th.nn._arguments import IntOrInts, expand_ints, int_list, tensor_argument
from th.nn._padding import pad as _pad

FLOATS = ("float16", "bfloat16", "float32", "float64")
# the value max pooling pads with: below every value of the dtype
LOWEST = {"uint8": 0, "uint16": 0, "uint32": 0, "uint64": 0, "int8": -2 ** 7, "int16": -2 ** 15,
          "int32": -2 ** 31, "int64": -2 ** 63}


# ------------------------------------------------------------ geometry
def _output_size(size: int, k: int, s: int, p: int, d: int, ceil_mode: bool) -> int:
    """torch's pooling_output_shape: the last window must start inside the
    input or its left padding."""
    span = size + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)
    out = span // s + 1
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


def _geometry(fn: str, input: Tensor, n: int, kernel_size: Any, stride: Any, padding: Any,
              dilation: Any, ceil_mode: bool) -> Tuple[List[int], ...]:
    """kernel, stride, padding, dilation and output sizes of an n-d pooling,
    with torch's checks."""
    ks = expand_ints(fn, "kernel_size", kernel_size, n)
    ss = ks if stride is None or (isinstance(stride, (tuple, list)) and not stride) else \
        expand_ints(fn, "stride", stride, n)
    ps = expand_ints(fn, "padding", padding, n)
    ds = expand_ints(fn, "dilation", dilation, n)
    if min(ks) <= 0:
        raise ArgumentError(f"{fn}: kernel size should be greater than zero, but got "
                            f"kernel_size={ks}")
    if min(ss) <= 0:
        raise ArgumentError(f"{fn}: stride should be greater than zero, but got stride={ss}")
    if min(ds) <= 0:
        raise ArgumentError(f"{fn}: dilation should be greater than zero, but got "
                            f"dilation={ds}")
    if min(ps) < 0:
        raise ArgumentError(f"{fn}: padding should not be negative, but got padding={ps}")
    for k, p, d in zip(ks, ps, ds):
        if p > k // 2:
            raise ArgumentError(f"{fn}: pad should be at most half of kernel size, but got "
                                f"pad={p} and kernel_size={k}")
    spatial = list(input.shape[-n:])
    outs = [_output_size(size, k, s, p, d, ceil_mode)
            for size, k, s, p, d in zip(spatial, ks, ss, ps, ds)]
    if min(outs) < 1:
        raise ArgumentError(f"{fn}: given input size {tuple(input.shape)}, the calculated output "
                            f"size {tuple(input.shape[:-n]) + tuple(outs)} is too small")
    return ks, ss, ps, ds, outs


def _check_input(fn: str, input: Any, n: int) -> Tensor:
    """input with n spatial dims, a channel dim and an optional batch dim;
    only the batch may be empty."""
    input = tensor_argument(fn, "input", input)
    if input.ndim not in (n + 1, n + 2) or 0 in input.shape[input.ndim - n - 1:]:
        raise ArgumentError(f"{fn}: Expected {n + 1}D or {n + 2}D (batch mode) tensor with "
                            f"optional 0 dim batch size for input, but got: {list(input.shape)}")
    return input


def _windows(input: Tensor, n: int, ks: List[int], ss: List[int], ps: List[int],
             ds: List[int], outs: List[int], fill: float) -> Tensor:
    """The (..., out_1..out_n, k_1..k_n) windows of input padded with fill: a
    view of one padded copy (padded on the right as far as ceil_mode's last
    window reaches)."""
    pads: List[int] = []
    for i in reversed(range(n)):
        size = input.shape[input.ndim - n + i]
        reach = (outs[i] - 1) * ss[i] + ds[i] * (ks[i] - 1) + 1
        pads += [ps[i], max(ps[i], reach - size - ps[i])]
    padded = _pad(input, pads, value=fill)
    lead = padded.ndim - n
    strides = list(padded.stride())
    shape = list(padded.shape[:lead]) + outs + ks
    window_strides = (strides[:lead] + [s * st for s, st in zip(ss, strides[lead:])]
                      + [d * st for d, st in zip(ds, strides[lead:])])
    return padded.as_strided(shape, window_strides, padded.storage_offset())


def _offset_views(windows: Tensor, n: int) -> List[Tuple[Tuple[int, ...], Tensor]]:
    """The windows' (..., out_1..out_n) views at each kernel offset, in
    row-major order (the order torch's kernels visit a window in)."""
    ks = list(windows.shape[-n:])
    views = []
    for flat in range(math.prod(ks)):
        offset = []
        for k in reversed(ks):
            offset.append(flat % k)
            flat //= k
        offset = offset[::-1]
        views.append((tuple(offset), windows[(Ellipsis,) + tuple(offset)]))
    return views


# operands one fused expression takes before it is evaluated into a tensor
CHAIN = 8


def _fold_views(op: Any, views: List[Tensor]) -> Tensor:
    """op(op(op(v0, v1), v2), ...) over the views, in order, as fused passes."""
    acc: Any = views[0]
    for i, view in enumerate(views[1:], 1):
        acc = op(th.lazy(acc) if isinstance(acc, Tensor) else acc, view)
        if i % CHAIN == 0:
            acc = acc.eval()
    return acc.eval() if not isinstance(acc, Tensor) else acc.clone()


def _first_max_position(windows: Tensor, n: int) -> Tensor:
    """The position, in row-major window order, of each window's maximum as
    torch's kernels pick it: the first maximum, or the last NaN."""
    flat = windows.reshape(list(windows.shape[:-n]) + [-1])
    position = flat.argmax(-1)
    nan = flat.isnan()
    if windows.dtype.is_floating_point and nan.any().item():
        last_nan = flat.shape[-1] - 1 - nan.flip([-1]).int().argmax(-1)
        position = th.where(nan.any(-1), last_nan, position)
    return position


def _unravel(position: Tensor, ks: List[int]) -> List[Tensor]:
    """Row-major window positions as one offset per window dim."""
    offsets = []
    for k in reversed(ks):
        offsets.append(position % k)
        position = position // k
    return offsets[::-1]


def _max_pool(fn: str, n: int, input: Any, kernel_size: Any, stride: Any, padding: Any,
              dilation: Any, ceil_mode: bool, return_indices: bool) -> Any:
    input = _check_input(fn, input, n)
    name = input.dtype.name
    if n == 1 and name not in FLOATS:
        raise UnsupportedDtype(f'"max_pool1d_impl" not implemented for {name} tensors')
    if name not in FLOATS and name not in LOWEST:
        raise UnsupportedDtype(f'"{fn}" not implemented for {name} tensors')
    ks, ss, ps, ds, outs = _geometry(fn, input, n, kernel_size, stride, padding, dilation,
                                     ceil_mode)
    fill = -math.inf if name in FLOATS else LOWEST[name]
    windows = _windows(input, n, ks, ss, ps, ds, outs, fill)
    # one fused maximum over the kernel offsets' views (NaN propagates, as torch's)
    if not return_indices:
        return _fold_views(th.maximum, [v for _, v in _offset_views(windows, n)])
    return _max_and_indices(windows, input, n, ss, ps, ds, outs, fill)


def _max_and_indices(windows: Tensor, input: Tensor, n: int, ss: List[int], ps: List[int],
                     ds: List[int], outs: List[int], fill: float) -> Tuple[Tensor, Tensor]:
    """Each window's maximum and its flat index in the input plane, by
    torch's kernel's scan: start from the lowest value at the window's first
    element inside the input, visit the offsets in row-major order, take a
    value greater than the best so far, or a NaN (so the last NaN wins)."""
    spatial = list(input.shape[-n:])
    base: Any = None
    first: Any = None
    for i in range(n):
        view = [1] * n
        view[i] = outs[i]
        start = th.arange(outs[i]).view(view) * ss[i] - ps[i]
        # the first dilation step at or after 0
        inside = th.where(start < 0, start + ((-start + ds[i] - 1) // ds[i]) * ds[i], start)
        base = start if base is None else base * spatial[i] + start
        first = inside if first is None else first * spatial[i] + inside
    views = _offset_views(windows, n)
    shape = list(views[0][1].shape)
    best = th.full(shape, fill, dtype=input.dtype)
    index = first.expand(shape).clone()
    floating = input.dtype.is_floating_point
    for offset, plane in views:
        step = sum(o * d * math.prod(spatial[i + 1:]) for i, (o, d) in enumerate(zip(offset, ds)))
        greater: Any = th.lazy(plane) > best
        take = (greater | th.isnan(th.lazy(plane))).eval() if floating else greater.eval()
        best = th.where(take, plane, best)
        index = th.where(take, base + step, index)
    return best, index


def max_pool1d(input: Tensor, kernel_size: IntOrInts, stride: Optional[IntOrInts] = None,
               padding: IntOrInts = 0, dilation: IntOrInts = 1, ceil_mode: bool = False,
               return_indices: bool = False) -> Any:
    """The maximum of each window of ``kernel_size`` elements (``dilation``
    apart) of the last dim, windows ``stride`` apart (default
    ``kernel_size``), the input padded by ``padding`` on both sides (padding
    never wins); ``ceil_mode`` keeps a last partial window. Input
    ``(C, L)`` or ``(N, C, L)``; with ``return_indices``, also the position
    of each maximum in ``L`` (int64).

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.tensor([[[1.0, 3.0, 2.0, 5.0, 4.0]]])
    >>> F.max_pool1d(x, 2).tolist()
    [[[3.0, 5.0]]]
    >>> values, indices = F.max_pool1d(x, 2, ceil_mode=True, return_indices=True)
    >>> indices.tolist()
    [[[1, 3, 4]]]
    """
    return _max_pool("max_pool1d", 1, input, kernel_size, stride, padding, dilation,
                     ceil_mode, return_indices)


def max_pool2d(input: Tensor, kernel_size: IntOrInts, stride: Optional[IntOrInts] = None,
               padding: IntOrInts = 0, dilation: IntOrInts = 1, ceil_mode: bool = False,
               return_indices: bool = False) -> Any:
    """max_pool1d over the last two dims (each argument an int or a pair):
    input ``(C, H, W)`` or ``(N, C, H, W)``; the indices are flat positions
    ``h * W + w`` in each input plane.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.arange(16.0).view(1, 1, 4, 4)
    >>> F.max_pool2d(x, 2).tolist()
    [[[[5.0, 7.0], [13.0, 15.0]]]]
    >>> F.max_pool2d(x, 3, stride=1, padding=1, return_indices=True)[1][0, 0, 0].tolist()
    [5, 6, 7, 7]
    """
    return _max_pool("max_pool2d", 2, input, kernel_size, stride, padding, dilation,
                     ceil_mode, return_indices)


def _avg_pool(fn: str, n: int, input: Any, kernel_size: Any, stride: Any, padding: Any,
              ceil_mode: bool, count_include_pad: bool, divisor_override: Optional[int]) -> Tensor:
    input = _check_input(fn, input, n)
    ks, ss, ps, ds, outs = _geometry(fn, input, n, kernel_size, stride, padding, 1, ceil_mode)
    if divisor_override is not None and divisor_override == 0:
        raise ArgumentError(f"{fn}: divisor must be not zero")
    # float16 and bfloat16 sum in float32, as torch's (opmath)
    work = input.to(th.float32) if input.dtype in (th.float16, th.bfloat16) else input
    windows = _windows(work, n, ks, ss, ps, ds, outs, 0)
    # summed in torch's order: the kernel offsets in row-major order
    sums = _fold_views(th.add, [v for _, v in _offset_views(windows, n)])
    if divisor_override is not None:
        divisor: Any = divisor_override
    else:
        divisor = None
        for i in range(n):
            size = input.shape[input.ndim - n + i]
            counts = []
            for o in range(outs[i]):
                start = o * ss[i] - ps[i]
                end = min(start + ks[i], size + ps[i])
                counts.append(end - start if count_include_pad
                              else min(end, size) - max(start, 0))
            view = [1] * n
            view[i] = outs[i]
            c = th.tensor(counts, dtype=th.int64).view(view)
            divisor = c if divisor is None else divisor * c
    if input.dtype.is_floating_point:
        mean = sums / (divisor.to(sums.dtype) if isinstance(divisor, Tensor) else divisor)
        return mean.to(input.dtype)
    # integer pooling divides as C does: towards zero
    return th.div(sums, divisor, rounding_mode="trunc").to(input.dtype)


def avg_pool1d(input: Tensor, kernel_size: IntOrInts, stride: Optional[IntOrInts] = None,
               padding: IntOrInts = 0, ceil_mode: bool = False,
               count_include_pad: bool = True) -> Tensor:
    """The mean of each window of ``kernel_size`` elements of the last dim,
    windows ``stride`` apart (default ``kernel_size``), the input padded with
    zeros by ``padding``; ``count_include_pad=False`` divides by the number
    of input elements in the window only. Input ``(C, L)`` or ``(N, C, L)``.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.tensor([[[1.0, 3.0, 2.0, 6.0]]])
    >>> F.avg_pool1d(x, 2).tolist()
    [[[2.0, 4.0]]]
    >>> F.avg_pool1d(x, 2, padding=1, count_include_pad=False).tolist()
    [[[1.0, 2.5, 6.0]]]
    """
    return _avg_pool("avg_pool1d", 1, input, kernel_size, stride, padding, ceil_mode,
                     count_include_pad, None)


def avg_pool2d(input: Tensor, kernel_size: IntOrInts, stride: Optional[IntOrInts] = None,
               padding: IntOrInts = 0, ceil_mode: bool = False, count_include_pad: bool = True,
               divisor_override: Optional[int] = None) -> Tensor:
    """avg_pool1d over the last two dims (each argument an int or a pair);
    ``divisor_override`` divides every window's sum by that number instead.
    Input ``(C, H, W)`` or ``(N, C, H, W)``.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.arange(16.0).view(1, 1, 4, 4)
    >>> F.avg_pool2d(x, 2).tolist()
    [[[[2.5, 4.5], [10.5, 12.5]]]]
    >>> F.avg_pool2d(x, 2, divisor_override=1).tolist()
    [[[[10.0, 18.0], [42.0, 50.0]]]]
    """
    return _avg_pool("avg_pool2d", 2, input, kernel_size, stride, padding, ceil_mode,
                     count_include_pad, divisor_override)


# --------------------------------------------------------------- adaptive
def _adaptive_sizes(fn: str, input: Tensor, n: int, output_size: Any) -> List[int]:
    """output_size as n ints: an int, or n entries of which None keeps the
    input's size."""
    if isinstance(output_size, (tuple, list)):
        if len(output_size) != n and not (len(output_size) == 1 and n == 1):
            raise ArgumentError(f"{fn}: output_size must be {n}")
        sizes = [input.shape[input.ndim - n + i] if v is None else int_list(fn, "output_size", v)[0]
                 for i, v in enumerate(output_size)]
    else:
        sizes = expand_ints(fn, "output_size", output_size, n)
    if min(sizes) < 0:
        raise ArgumentError(f"{fn}: elements of output_size must be greater than or equal to 0 "
                            f"but received {sizes}")
    return sizes


def _adaptive_gather(input: Tensor, n: int, sizes: List[int]) -> Tuple[Tensor, List[Any]]:
    """input's windows as (..., out_1, K_1, .., out_n, K_n) (K: the longest
    window of the dim; shorter windows repeat their last element) and, per
    dim, the (out, K) source index and validity tables."""
    tables = []
    x = input
    for i in range(n):
        dim = input.ndim - n + i
        size, out = input.shape[dim], sizes[i]
        starts = [(o * size) // out for o in range(out)]
        ends = [-((-(o + 1) * size) // out) for o in range(out)]
        k = max((e - s for s, e in zip(starts, ends)), default=1)
        index = [[min(s + j, e - 1) for j in range(k)] for s, e in zip(starts, ends)]
        valid = [[s + j < e for j in range(k)] for s, e in zip(starts, ends)]
        flat = th.tensor([j for row in index for j in row], dtype=th.int64)
        x = x.index_select(dim + i, flat)
        x = x.unflatten(dim + i, (out, k))
        tables.append((th.tensor(index, dtype=th.int64).view(out, k),
                       th.tensor(valid, dtype=th.bool).view(out, k),
                       [e - s for s, e in zip(starts, ends)]))
    return x, tables


def _check_adaptive(fn: str, input: Any, n: int) -> Tensor:
    input = tensor_argument(fn, "input", input)
    if input.ndim not in (n + 1, n + 2):
        raise ArgumentError(f"{fn}(): Expected {n + 1}D or {n + 2}D tensor, but got "
                            f"{list(input.shape)}")
    for dim in range(1 if input.ndim == n + 2 else 0, input.ndim):
        if input.shape[dim] == 0:
            raise ArgumentError(f"{fn}(): Expected input to have non-zero size for non-batch "
                                f"dimensions, but input has sizes {list(input.shape)} with "
                                f"dimension {dim} being empty")
    if not input.dtype.is_floating_point:
        raise UnsupportedDtype(f'"{fn}" not implemented for {input.dtype} tensors')
    return input


def _adaptive_avg(fn: str, n: int, input: Any, output_size: Any) -> Tensor:
    input = _check_adaptive(fn, input, n)
    sizes = _adaptive_sizes(fn, input, n, output_size)
    lead = input.ndim - n
    if 0 in sizes or 0 in input.shape:
        return th.zeros(list(input.shape[:lead]) + sizes, dtype=input.dtype)
    # separable: each dim's windows summed (their slots one index_select each),
    # then one division by the windows' sizes; float16 and bfloat16 in float32
    x = input.to(th.float32) if input.dtype in (th.float16, th.bfloat16) else input
    divisor: Any = None
    for i in range(n):
        dim = lead + i
        size, out = input.shape[dim], sizes[i]
        starts = [(o * size) // out for o in range(out)]
        ends = [-((-(o + 1) * size) // out) for o in range(out)]
        view = [1] * (n - i)
        view[0] = out
        total: Any = None
        for j in range(max(e - s for s, e in zip(starts, ends))):
            slot = x.index_select(dim, th.tensor([min(s + j, e - 1) for s, e in zip(starts, ends)],
                                                 dtype=th.int64))
            valid = [s + j < e for s, e in zip(starts, ends)]
            if not all(valid):
                slot = th.where(th.tensor(valid).view(view), slot, th.zeros((), dtype=x.dtype))
            total = slot if total is None else total + slot
        x = total
        counts = th.tensor([e - s for s, e in zip(starts, ends)], dtype=x.dtype).view(
            [out] + [1] * (n - 1 - i))
        divisor = counts if divisor is None else divisor * counts
    return (x / divisor).to(input.dtype)


def _adaptive_max(fn: str, n: int, input: Any, output_size: Any, return_indices: bool) -> Any:
    input = _check_adaptive(fn, input, n)
    sizes = _adaptive_sizes(fn, input, n, output_size)
    lead = input.ndim - n
    if 0 in sizes or 0 in input.shape:
        shape = list(input.shape[:lead]) + sizes
        values = th.empty(shape, dtype=input.dtype)
        return (values, th.empty(shape, dtype=th.int64)) if return_indices else values
    windows, tables = _adaptive_gather(input, n, sizes)
    values = th.amax(windows, dim=[lead + 2 * i + 1 for i in range(n)])
    if not return_indices:
        return values
    # (..., out_1, .., out_n, K_1, .., K_n): window positions in row-major order
    order = list(range(lead)) + [lead + 2 * i for i in range(n)] + \
        [lead + 2 * i + 1 for i in range(n)]
    position = _first_max_position(windows.permute(order), n)
    offsets = _unravel(position, [t[0].shape[1] for t in tables])
    index = None
    for i, (table, _, _) in enumerate(tables):
        # the source coordinate of (out_i, offset_i): table[out_i, offset_i]
        shape = [1] * n
        shape[i] = table.shape[0]
        rows = th.arange(table.shape[0]).view(shape) * table.shape[1]
        coordinate = table.flatten().take(rows + offsets[i])
        size = input.shape[lead + i]
        index = coordinate if index is None else index * size + coordinate
    return values, index


def adaptive_avg_pool1d(input: Tensor, output_size: IntOrInts) -> Tensor:
    """The mean of ``output_size`` windows that cover the last dim: window
    ``o`` spans ``[floor(o * L / out), ceil((o + 1) * L / out))``. Input
    ``(C, L)`` or ``(N, C, L)``, floating point.

    >>> import th
    >>> import th.nn.functional as F
    >>> F.adaptive_avg_pool1d(th.tensor([[1.0, 2.0, 3.0, 4.0, 5.0]]), 2).tolist()
    [[2.0, 4.0]]
    """
    return _adaptive_avg("adaptive_avg_pool1d", 1, input, output_size)


def adaptive_avg_pool2d(input: Tensor, output_size: Union[int, None, Sequence[Optional[int]]]
                        ) -> Tensor:
    """adaptive_avg_pool1d over the last two dims: ``output_size`` an int or
    a pair whose ``None`` entries keep the input's size.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.arange(16.0).view(1, 4, 4)
    >>> F.adaptive_avg_pool2d(x, 1).tolist()
    [[[7.5]]]
    >>> F.adaptive_avg_pool2d(x, (None, 2)).shape
    (1, 4, 2)
    """
    return _adaptive_avg("adaptive_avg_pool2d", 2, input, output_size)


def adaptive_max_pool1d(input: Tensor, output_size: IntOrInts,
                        return_indices: bool = False) -> Any:
    """The maximum of adaptive_avg_pool1d's windows; with
    ``return_indices``, also each maximum's position in the last dim.

    >>> import th
    >>> import th.nn.functional as F
    >>> F.adaptive_max_pool1d(th.tensor([[1.0, 5.0, 3.0, 4.0, 2.0]]), 2).tolist()
    [[5.0, 4.0]]
    """
    return _adaptive_max("adaptive_max_pool1d", 1, input, output_size, return_indices)


def adaptive_max_pool2d(input: Tensor, output_size: Union[int, None, Sequence[Optional[int]]],
                        return_indices: bool = False) -> Any:
    """adaptive_max_pool1d over the last two dims; the indices are flat
    positions ``h * W + w`` in each input plane.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.arange(16.0).view(1, 4, 4)
    >>> values, indices = F.adaptive_max_pool2d(x, 2, return_indices=True)
    >>> values.tolist(), indices.tolist()
    ([[[5.0, 7.0], [13.0, 15.0]]], [[[5, 7], [13, 15]]])
    """
    return _adaptive_max("adaptive_max_pool2d", 2, input, output_size, return_indices)
