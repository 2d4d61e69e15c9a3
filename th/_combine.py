"""torch's combinators: tensors repeated, tiled, rolled, rotated, stacked
(hstack, vstack, dstack, column_stack), joined block-diagonally,
broadcast (broadcast_to, atleast_1d/2d/3d), indexed along a dim
(take_along_dim) and filled out of place (masked_fill). Each is a view or
one copy through th's views, cat and gather; none loops over elements in
Python."""
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional, SupportsIndex, Union

from th._dtype import bool as bool_
from th._dtype import int32, int64
from th._errors import Error, OutOfRange, UnsupportedDtype
from th._views import _type_name

if TYPE_CHECKING:
    from th._tensor import Tensor

_Sizes = Union[SupportsIndex, Sequence[SupportsIndex]]


def _tensor_class() -> "type[Tensor]":
    from th._tensor import Tensor
    return Tensor


def _check(fn: str, input: Any, name: str = "input") -> "Tensor":
    if not isinstance(input, _tensor_class()):
        raise TypeError(f"{fn}(): argument '{name}' must be Tensor, not {type(input).__name__}")
    return input


def _ints(fn: str, values: Any, name: str) -> "list[int]":
    """One int or a sequence of ints (as torch's int[] arguments), as a list."""
    if hasattr(type(values), "__index__") and not isinstance(values, _tensor_class()):
        return [operator.index(values)]
    try:
        return [operator.index(v) for v in values]
    except TypeError:
        raise TypeError(f"{fn}(): argument '{name}' must be a tuple of ints, "
                        f"not {type(values).__name__}") from None


def _wrap(fn: str, dim: int, nd: int) -> int:
    """dim in [-nd, nd) as a dim in [0, nd); a 0-dim tensor takes -1 and 0."""
    span = max(nd, 1)
    if not -span <= dim < span:
        if nd == 0:
            raise OutOfRange(f"{fn}: dimension specified as {dim} but tensor has no dimensions")
        raise OutOfRange(f"{fn}: dimension out of range (expected to be in range of "
                         f"[{-span}, {span - 1}], but got {dim})")
    return dim % span


def _tensors(fn: str, tensors: Any) -> "list[Tensor]":
    if isinstance(tensors, _tensor_class()) or not isinstance(tensors, (tuple, list)):
        raise TypeError(f"{fn}(): argument 'tensors' must be a tuple or list of Tensors, "
                        f"not {type(tensors).__name__}")
    if not tensors:
        raise Error(f"{fn} expects a non-empty TensorList")
    return [_check(fn, t, f"tensors[{i}]") for i, t in enumerate(tensors)]


# ---------------------------------------------------- repeat, tile
def repeat(input: "Tensor", *repeats: Any) -> "Tensor":
    """input repeated repeats[i] times along dim i (Tensor.repeat; repeats may
    have more dims than input: input gets leading size-1 dims). A new tensor.

    >>> import th
    >>> th.tensor([1, 2]).repeat(2, 2).tolist()
    [[1, 2, 1, 2], [1, 2, 1, 2]]
    """
    input = _check("repeat", input)
    if not repeats:
        raise TypeError('repeat() missing 1 required positional arguments: "repeats"')
    if len(repeats) == 1 and not hasattr(type(repeats[0]), "__index__"):
        repeats = repeats[0]
    counts = _ints("repeat", repeats, "repeats")
    if len(counts) < input.dim():
        raise Error("Number of dimensions of repeat dims can not be smaller than number of "
                    "dimensions of tensor")
    shape = (1,) * (len(counts) - input.dim()) + input.shape
    result = [r * s for r, s in zip(counts, shape)]
    if any(r < 0 for r in counts):
        raise Error(f"Trying to create tensor with negative dimension "
                    f"{min(result)}: {result}")
    # (r0, s0, r1, s1, ...) broadcast from (1, s0, 1, s1, ...): one copy by reshape
    interleaved = [v for s in shape for v in (1, s)]
    expanded = [v for pair in zip(counts, shape) for v in pair]
    from th._factories import empty
    out = empty(result, dtype=input.dtype)
    out.view(expanded).copy_(input.reshape(interleaved).expand(expanded))
    return out


def tile(input: "Tensor", dims: Sequence[SupportsIndex]) -> "Tensor":
    """input repeated dims[i] times along dim i; dims shorter than input's
    dims is padded with leading 1s (numpy's tile).

    >>> import th
    >>> th.tile(th.tensor([[1, 2]]), (2,)).tolist()
    [[1, 2, 1, 2]]
    """
    counts = _ints("tile", dims, "dims")
    input = _check("tile", input)
    return repeat(input, [1] * (input.dim() - len(counts)) + counts)


def repeat_interleave(input: "Tensor", repeats: "Union[SupportsIndex, Tensor, None]" = None,
                      dim: Optional[SupportsIndex] = None, *,
                      output_size: Optional[SupportsIndex] = None) -> "Tensor":
    """Each element (or each slice along dim) of input repeated: repeats times
    (an int or a 0-dim tensor), or repeats[i] times for slice i (a 1-dim
    tensor). dim None works on input flattened. repeat_interleave(repeats)
    alone repeats each index i of repeats repeats[i] times.

    >>> import th
    >>> th.repeat_interleave(th.tensor([1, 2]), 2).tolist()
    [1, 1, 2, 2]
    >>> th.repeat_interleave(th.tensor([[1, 2], [3, 4]]), th.tensor([1, 2]), dim=0).tolist()
    [[1, 2], [3, 4], [3, 4]]
    >>> th.repeat_interleave(th.tensor([2, 0, 1])).tolist()
    [0, 0, 2]
    """
    from th._tensor import Tensor
    input = _check("repeat_interleave", input)
    if repeats is None:  # repeat_interleave(repeats): the indices, repeated
        return _repeated_indices(input, output_size)
    flat = input.reshape(-1) if dim is None else input
    if not isinstance(repeats, Tensor):
        # torch's int path: dim wrapped against input's dims, a 0-dim input
        # then meets unsqueeze's range
        d = _wrap("repeat_interleave", 0 if dim is None else operator.index(dim), input.dim())
        count = operator.index(repeats)
        if count < 0:
            raise Error("Repeats must be non-negative")
        if flat.dim() == 0:
            raise OutOfRange(f"Dimension out of range (expected to be in range of [-1, 0], "
                             f"but got {d + 1})")
        n = flat.shape[d]
        if output_size is not None and operator.index(output_size) != n * count:
            raise Error(f"repeat_interleave: Invalid output_size, expected {n * count} but "
                        f"got {operator.index(output_size)}")
        # each slice along d repeated: a new size-count dim after d, merged into d
        shape = list(flat.shape)
        expanded = shape[:d + 1] + [count] + shape[d + 1:]
        return flat.unsqueeze(d + 1).expand(expanded).reshape(
            shape[:d] + [n * count] + shape[d + 1:])
    if flat.dim() == 0:
        raise OutOfRange(f"Dimension specified as {dim} but tensor has no dimensions")
    d = _wrap("repeat_interleave", 0 if dim is None else operator.index(dim), flat.dim())
    n = flat.shape[d]
    if repeats.dim() == 0 or (repeats.dim() == 1 and repeats.shape[0] == 1):
        repeats = repeats.reshape(1).expand(n)
    elif repeats.dim() == 1:
        if repeats.shape[0] != n:
            raise Error(f"repeats must have the same size as input along dim, but got "
                        f"repeats.size(0) = {repeats.shape[0]} and input.size({d}) = {n}")
    else:
        raise Error("repeats must be 0-dim or 1-dim tensor")
    from th._gather import index_select
    return index_select(flat, d, _repeated_indices(repeats, output_size).to(int64))


def _repeated_indices(repeats: "Tensor", output_size: Optional[SupportsIndex]) -> "Tensor":
    """i repeated repeats[i] times for each i (repeats: 1-dim int32 or
    int64), in repeats' dtype."""
    if repeats.dim() != 1:
        raise Error("repeat_interleave only accept 1D vector as repeat")
    if repeats.dtype not in (int32, int64):
        raise UnsupportedDtype(f'"repeat_interleave_cpu" not implemented for '
                               f"'{_type_name(repeats.dtype)}'")
    from th._factories import arange
    from th._sort import searchsorted
    if repeats.numel() and bool((repeats < 0).any()):
        raise Error("repeats can not be negative")
    ends = repeats.cumsum(0)
    total = int(ends[-1]) if repeats.numel() else 0
    if repeats.numel() and output_size is not None and operator.index(output_size) != total:
        raise Error("allocated size does not match required size")
    # output j holds the index of the first end past j
    return searchsorted(ends, arange(total, dtype=ends.dtype), right=True).to(repeats.dtype)


# ---------------------------------------------------------- roll, rot90
def roll(input: "Tensor", shifts: _Sizes, dims: Optional[_Sizes] = None) -> "Tensor":
    """input's elements shifted by shifts along dims, those past the end
    coming back at the start (dims None: over input flattened). A new tensor.

    >>> import th
    >>> th.roll(th.tensor([1, 2, 3, 4]), 1).tolist()
    [4, 1, 2, 3]
    >>> th.roll(th.tensor([[1, 2], [3, 4]]), (1, 1), (0, 1)).tolist()
    [[4, 3], [2, 1]]
    """
    input = _check("roll", input)
    by = _ints("roll", shifts, "shifts")
    along = [] if dims is None else _ints("roll", dims, "dims")
    if not by:
        raise Error("`shifts` required")
    if (along or len(by) != 1) and len(by) != len(along):
        raise Error(f"shifts and dimensions must align. shifts: {len(by)}, dims:{len(along)}")
    if input.numel() == 0:  # torch: a copy, whatever the dims
        return input.clone()
    if not along:  # one shift, over input flattened
        return roll(input.reshape(-1), by, 0).view(input.shape)
    from th._functions import cat
    result = input
    for shift, dim in zip(by, along):
        if input.dim() == 0:
            raise OutOfRange(f"Dimension specified as {dim} but tensor has no dimensions")
        d = _wrap("roll", dim, input.dim())
        n = result.shape[d]
        k = shift % n
        result = cat([result.narrow(d, n - k, k), result.narrow(d, 0, n - k)], d)
    return result


def rot90(input: "Tensor", k: SupportsIndex = 1,
          dims: Sequence[SupportsIndex] = (0, 1)) -> "Tensor":
    """input rotated k times by 90 degrees in the plane of dims, from the
    first dim's direction towards the second's.

    >>> import th
    >>> th.rot90(th.tensor([[1, 2], [3, 4]])).tolist()
    [[2, 4], [1, 3]]
    """
    input = _check("rot90", input)
    plane = _ints("rot90", dims, "dims")
    if len(plane) != 2:
        raise Error(f"expected total rotation dims == 2, but got dims = {len(plane)}")
    if input.dim() < 2:
        raise Error(f"expected total dims >= 2, but got total dims = {input.dim()}")
    d0, d1 = (_wrap("rot90", d, input.dim()) for d in plane)
    if d0 == d1:
        raise Error(f"expected rotation dims to be different, but got dim0 = {d0} and "
                    f"dim1 = {d1}")
    turns = operator.index(k) % 4
    if turns == 1:
        return input.flip(d1).transpose(d0, d1)
    if turns == 2:
        return input.flip(d0, d1)
    if turns == 3:
        return input.flip(d0).transpose(d0, d1)
    return input.clone()


def fliplr(input: "Tensor") -> "Tensor":
    """input (at least 2-dim) with dim 1 reversed, a copy.

    >>> import th
    >>> th.fliplr(th.tensor([[1, 2], [3, 4]])).tolist()
    [[2, 1], [4, 3]]
    """
    input = _check("fliplr", input)
    if input.dim() < 2:
        raise Error("Input must be >= 2-d.")
    return input.flip(1)


def flipud(input: "Tensor") -> "Tensor":
    """input (at least 1-dim) with dim 0 reversed, a copy.

    >>> import th
    >>> th.flipud(th.tensor([[1, 2], [3, 4]])).tolist()
    [[3, 4], [1, 2]]
    """
    input = _check("flipud", input)
    if input.dim() < 1:
        raise Error("Input must be >= 1-d.")
    return input.flip(0)


# ------------------------------------------------------------ stacking
def atleast_1d(*tensors: Any) -> Any:
    """Each tensor with at least 1 dim (a 0-dim one as shape (1,)): one
    tensor for one, a tuple for several or for a sequence.

    >>> import th
    >>> th.atleast_1d(th.tensor(5)).shape
    (1,)
    """
    return _at_least("atleast_1d", tensors, lambda t: t.reshape(1) if t.dim() == 0 else t)


def atleast_2d(*tensors: Any) -> Any:
    """Each tensor with at least 2 dims: a 0-dim one as (1, 1), a 1-dim one
    of n elements as (1, n).

    >>> import th
    >>> th.atleast_2d(th.tensor([1, 2])).shape
    (1, 2)
    """
    return _at_least("atleast_2d", tensors,
                     lambda t: t.reshape(1, 1) if t.dim() == 0 else t.unsqueeze(0)
                     if t.dim() == 1 else t)


def atleast_3d(*tensors: Any) -> Any:
    """Each tensor with at least 3 dims: 0-dim as (1, 1, 1), (n,) as
    (1, n, 1), (m, n) as (m, n, 1) (numpy's rules).

    >>> import th
    >>> th.atleast_3d(th.zeros(2, 3)).shape
    (2, 3, 1)
    """
    def grow(t: "Tensor") -> "Tensor":
        if t.dim() == 0:
            return t.reshape(1, 1, 1)
        if t.dim() == 1:
            return t.unsqueeze(0).unsqueeze(-1)
        return t.unsqueeze(-1) if t.dim() == 2 else t
    return _at_least("atleast_3d", tensors, grow)


def _at_least(fn: str, tensors: tuple, grow: Any) -> Any:
    if len(tensors) == 1 and isinstance(tensors[0], _tensor_class()):
        return grow(tensors[0])
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    return tuple(grow(_check(fn, t, f"tensors[{i}]")) for i, t in enumerate(tensors))


def hstack(tensors: "Sequence[Tensor]") -> "Tensor":
    """The tensors (each at least 1-dim) joined along dim 1, or along dim 0
    when they are 1-dim.

    >>> import th
    >>> th.hstack([th.tensor([1, 2]), th.tensor([3])]).tolist()
    [1, 2, 3]
    """
    from th._functions import cat
    parts = atleast_1d(_tensors("hstack", tensors))
    return cat(parts, 0 if parts[0].dim() == 1 else 1)


def vstack(tensors: "Sequence[Tensor]") -> "Tensor":
    """The tensors (each at least 2-dim, a 1-dim one as a row) joined along dim 0.

    >>> import th
    >>> th.vstack([th.tensor([1, 2]), th.tensor([3, 4])]).tolist()
    [[1, 2], [3, 4]]
    """
    from th._functions import cat
    return cat(atleast_2d(_tensors("vstack", tensors)), 0)


def row_stack(tensors: "Sequence[Tensor]") -> "Tensor":
    """vstack's other name.

    >>> import th
    >>> th.row_stack([th.tensor([1]), th.tensor([2])]).tolist()
    [[1], [2]]
    """
    from th._functions import cat
    return cat(atleast_2d(_tensors("row_stack", tensors)), 0)


def dstack(tensors: "Sequence[Tensor]") -> "Tensor":
    """The tensors (each at least 3-dim, as atleast_3d) joined along dim 2.

    >>> import th
    >>> th.dstack([th.tensor([1, 2]), th.tensor([3, 4])]).tolist()
    [[[1, 3], [2, 4]]]
    """
    from th._functions import cat
    return cat(atleast_3d(_tensors("dstack", tensors)), 2)


def column_stack(tensors: "Sequence[Tensor]") -> "Tensor":
    """The tensors joined along dim 1, a 0- or 1-dim one of n elements as a
    column of shape (n, 1).

    >>> import th
    >>> th.column_stack([th.tensor([1, 2]), th.tensor([3, 4])]).tolist()
    [[1, 3], [2, 4]]
    """
    from th._functions import cat
    parts = [t.reshape(t.numel(), 1) if t.dim() <= 1 else t
             for t in _tensors("column_stack", tensors)]
    return cat(parts, 1)


def block_diag(*tensors: "Tensor") -> "Tensor":
    """The tensors (each at most 2-dim: a 0-dim one as (1, 1), an n-element
    1-dim one as (1, n)) as the blocks on the diagonal of a matrix of zeros,
    in their promoted dtype.

    >>> import th
    >>> th.block_diag(th.tensor([[1, 2]]), th.tensor(3)).tolist()
    [[1, 2, 0], [0, 0, 3]]
    """
    from th._factories import zeros
    blocks = []
    for i, t in enumerate(tensors):
        _check("block_diag", t, f"tensors[{i}]")
        if t.dim() > 2:
            raise Error(f"torch.block_diag: Input tensors must have 2 or fewer dimensions. "
                        f"Input {i} has {t.dim()} dimensions")
        blocks.append(t.reshape(1, 1) if t.dim() == 0 else t.reshape(1, -1)
                      if t.dim() == 1 else t)
    if not blocks:  # torch: a float32 (1, 0)
        return zeros(1, 0)
    out = zeros(sum(b.shape[0] for b in blocks), sum(b.shape[1] for b in blocks),
                dtype=_result_type(tensors))
    row = col = 0
    for b in blocks:
        out[row:row + b.shape[0], col:col + b.shape[1]] = b
        row, col = row + b.shape[0], col + b.shape[1]
    return out


def _result_type(tensors: "Sequence[Tensor]") -> Any:
    """torch's result_type of tensors: 0-dim ones count only when of a higher
    category (bool < integer < floating < complex) than the others."""
    def category(dtype: Any) -> int:
        return 3 if dtype.is_complex else 2 if dtype.is_floating_point else int(dtype != bool_)
    dims = [t.dtype for t in tensors if t.dim() > 0]
    zeros = [t.dtype for t in tensors if t.dim() == 0]
    result = None
    for group in (dims, zeros):
        if not group:
            continue
        promoted = group[0]
        for dtype in group[1:]:
            promoted = _promote(promoted, dtype)
        if result is None or category(promoted) > category(result):
            result = promoted if result is None else _promote(result, promoted)
    return result


def _promote(a: Any, b: Any) -> Any:
    """torch's promote_types of two dtypes (through zero-size tensors)."""
    from th._factories import empty
    return (empty(0, dtype=a) + empty(0, dtype=b)).dtype


# ------------------------------------------------ broadcasting, indexing
def broadcast_to(input: "Tensor", size: Sequence[SupportsIndex]) -> "Tensor":
    """A view of input expanded to size (-1 keeps a size), as Tensor.expand.

    >>> import th
    >>> th.broadcast_to(th.tensor([1, 2]), (2, -1)).tolist()
    [[1, 2], [1, 2]]
    """
    return _check("broadcast_to", input).expand(_ints("broadcast_to", size, "size"))


def take_along_dim(input: "Tensor", indices: "Tensor",
                   dim: Optional[SupportsIndex] = None) -> "Tensor":
    """The elements of input at indices (int64) along dim, input and indices
    broadcast against each other on the other dims (numpy's
    take_along_axis); dim None indexes input flattened.

    >>> import th
    >>> x = th.tensor([[10, 30, 20], [60, 40, 50]])
    >>> th.take_along_dim(x, x.argmax(1, keepdim=True), 1).tolist()
    [[30], [60]]
    """
    from th._broadcast import broadcast_shapes
    from th._gather import gather
    input = _check("take_along_dim", input)
    indices = _check("take_along_dim", indices, "indices")
    if indices.dtype != int64:
        raise Error(f"torch.take_along_dim(): dtype of indices should be Long but got "
                    f"{_type_name(indices.dtype)}")
    if dim is None:
        return gather(input.reshape(-1), 0, indices.reshape(-1))
    if input.dim() != indices.dim():
        raise Error(f"torch.take_along_dim(): input and indices should have the same number "
                    f"of dimensions, but got {input.dim()} dimensions for input, and "
                    f"{indices.dim()} dimensions for indices")
    d = _wrap("take_along_dim", operator.index(dim), input.dim())
    sizes = list(input.shape)
    sizes[d] = indices.shape[d]
    shape = list(broadcast_shapes(sizes, indices.shape))
    indices = indices.expand(shape)
    shape[d] = input.shape[d]
    return gather(input.expand(shape), d, indices)


def masked_fill(input: "Tensor", mask: "Tensor", value: Any) -> "Tensor":
    """A new tensor: input where mask (bool) is false, value (a number or a
    0-dim tensor) where it is true, input and mask broadcast together.

    >>> import th
    >>> th.masked_fill(th.tensor([1, 2, 3]), th.tensor([True, False, True]), 0).tolist()
    [0, 2, 0]
    """
    from th._broadcast import broadcast_shapes
    from th._factories import empty
    from th._gather import masked_fill_
    input = _check("masked_fill", input)
    mask = _check("masked_fill", mask, "mask")
    shape = broadcast_shapes(input.shape, mask.shape)
    if shape == input.shape:
        out = input.clone()
    else:
        out = empty(shape, dtype=input.dtype).copy_(input)
    return masked_fill_(out, mask, value)
