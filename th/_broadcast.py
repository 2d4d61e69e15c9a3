"""th.broadcast_shapes and th.broadcast_tensors (numpy's and torch's rules:
align shapes on the right; each dim must match or be 1)."""
import operator
from typing import TYPE_CHECKING, Any, Sequence, SupportsIndex, Union
from th._errors import ArgumentError

if TYPE_CHECKING:
    from th._tensor import Tensor


def broadcast_shapes(*shapes: Union[SupportsIndex, Sequence[SupportsIndex]]) -> "tuple[int, ...]":
    """The shape that every given shape broadcasts to, as a tuple.

    >>> th.broadcast_shapes((2, 1), (1, 3))
    (2, 3)
    """
    result: list[int] = []
    for shape in shapes:
        sizes = _shape(shape)
        for size in sizes:
            if size < 0:
                raise ArgumentError(f"broadcast_shapes: sizes must be non-negative, got {sizes}")
        if len(sizes) > len(result):
            result = [1] * (len(sizes) - len(result)) + result
        for i, size in enumerate(sizes, start=len(result) - len(sizes)):
            if size == result[i] or size == 1:
                continue
            if result[i] != 1:
                raise ArgumentError(
                    f"broadcast_shapes: shape {sizes} does not broadcast with "
                    f"{tuple(result)} (size {size} against {result[i]} at dim {i})")
            result[i] = size
    return tuple(result)


def _shape(shape: Any) -> "tuple[int, ...]":
    """A shape as a tuple of ints: one size alone, or a sequence of them."""
    if hasattr(type(shape), "__index__"):
        return (_size(shape),)
    try:
        sizes = tuple(shape)
    except TypeError:
        raise TypeError(f"broadcast_shapes: a shape must be an integer or a sequence of "
                        f"integers, not {type(shape).__name__}") from None
    return tuple(map(_size, sizes))


def _size(size: object) -> int:
    """A size as th's factories take it: anything operator.index accepts."""
    try:
        return operator.index(size)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"broadcast_shapes: a size must be an integer, not "
                        f"{type(size).__name__}") from None


def broadcast_tensors(*tensors: "Tensor") -> "list[Tensor]":
    """Views of the tensors expanded to their common shape (no copies).

    >>> a, b = th.broadcast_tensors(th.tensor([[1], [2]]), th.tensor([10, 20, 30]))
    >>> b
    tensor([[10, 20, 30],
            [10, 20, 30]])
    """
    shape = broadcast_shapes(*(t.shape for t in tensors))
    return [t.expand(shape) for t in tensors]
