"""th.broadcast_shapes and th.broadcast_tensors (numpy's and torch's rules:
align shapes on the right; each dim must match or be 1)."""
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from th._tensor import Tensor


def broadcast_shapes(*shapes: "int | Sequence[int]") -> "tuple[int, ...]":
    """The shape that every given shape broadcasts to, as a tuple."""
    result: list[int] = []
    for shape in shapes:
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        for size in shape:
            if not isinstance(size, int) or size < 0:
                raise ValueError(f"broadcast_shapes: sizes must be non-negative ints, got {shape}")
        if len(shape) > len(result):
            result = [1] * (len(shape) - len(result)) + result
        for i, size in enumerate(shape, start=len(result) - len(shape)):
            if size == result[i] or size == 1:
                continue
            if result[i] != 1:
                raise ValueError(
                    f"broadcast_shapes: shape {shape} does not broadcast with "
                    f"{tuple(result)} (size {size} against {result[i]} at dim {i})")
            result[i] = size
    return tuple(result)


def broadcast_tensors(*tensors: "Tensor") -> "list[Tensor]":
    """Views of the tensors expanded to their common shape (no copies)."""
    shape = broadcast_shapes(*(t.shape for t in tensors))
    return [t.expand(shape) for t in tensors]
