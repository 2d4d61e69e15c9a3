# Types of th._functions (compiled): joins, *_like factories and the function
# forms of th.Tensor's reshaping methods.
from collections.abc import Sequence
from typing import Any

from th._device import _DeviceLike
from th._dtype import _DTypeLike
from th._memory_format import memory_format
from th._tensor import Tensor

_Dims = int | Sequence[int]

def cat(tensors: Sequence[Tensor], dim: int = 0, *, out: Tensor | None = None) -> Tensor:
    """The tensors joined along dim (a new tensor of their promoted dtype, or
    written into out). A 1-d tensor of size 0 is skipped, as torch does.

    >>> th.cat([th.zeros(1, 2), th.ones(2, 2)])
    tensor([[0., 0.],
            [1., 1.],
            [1., 1.]])
    """
def concat(tensors: Sequence[Tensor], dim: int = 0, *, out: Tensor | None = None) -> Tensor:
    """cat() under the array API's name.

    >>> th.concat([th.zeros(2), th.ones(1)])
    tensor([0., 0., 1.])
    """
def concatenate(tensors: Sequence[Tensor], axis: int = 0, *,
                out: Tensor | None = None) -> Tensor:
    """cat() under numpy's name (axis= for dim).

    >>> th.concatenate([th.zeros(2, 1), th.ones(2, 1)], 1)
    tensor([[0., 1.],
            [0., 1.]])
    """
def stack(tensors: Sequence[Tensor], dim: int = 0, *, out: Tensor | None = None) -> Tensor:
    """The tensors, all of one shape, joined along a new dim at dim.

    >>> th.stack([th.tensor([1, 2]), th.tensor([3, 4])], dim=1)
    tensor([[1, 3],
            [2, 4]])
    """
def empty_like(input: Tensor, *, dtype: _DTypeLike = None, device: _DeviceLike = None,
               requires_grad: bool = False, memory_format: memory_format | None = None,
               pin_memory: bool = False) -> Tensor:
    """An uninitialised tensor of input's shape and dtype (or dtype), with
    input's strides when they are dense (memory_format=th.preserve_format,
    torch's default; th.contiguous_format: row-major).

    >>> import th
    >>> th.empty_like(th.zeros(2, 3).t()).stride()
    (1, 3)
    """
def full_like(input: Tensor, fill_value: Any, *, dtype: _DTypeLike = None,
              device: _DeviceLike = None,
               requires_grad: bool = False, memory_format: memory_format | None = None,
               pin_memory: bool = False) -> Tensor:
    """fill_value in input's shape and dtype (or dtype=).

    >>> th.full_like(th.zeros(2), 5)
    tensor([5., 5.])
    """
def zeros_like(input: Tensor, *, dtype: _DTypeLike = None, device: _DeviceLike = None,
               requires_grad: bool = False, memory_format: memory_format | None = None,
               pin_memory: bool = False) -> Tensor:
    """Zeros in input's shape and dtype (or dtype=).

    >>> th.zeros_like(th.ones(2, 2))
    tensor([[0., 0.],
            [0., 0.]])
    """
def ones_like(input: Tensor, *, dtype: _DTypeLike = None, device: _DeviceLike = None,
               requires_grad: bool = False, memory_format: memory_format | None = None,
               pin_memory: bool = False) -> Tensor:
    """Ones in input's shape and dtype (or dtype=).

    >>> th.ones_like(th.zeros(3, dtype=th.bool))
    tensor([True, True, True])
    """
def is_tensor(obj: object) -> bool:
    """True for a th.Tensor (or a subclass's object).

    >>> th.is_tensor(th.zeros(1)), th.is_tensor([1])
    (True, False)
    """
def flip(input: Tensor, dims: _Dims) -> Tensor:
    """A copy with the elements of each of dims in reverse order.

    >>> th.flip(th.arange(6).view(2, 3), [0, 1])
    tensor([[5, 4, 3],
            [2, 1, 0]])
    """
def movedim(input: Tensor, source: _Dims, destination: _Dims) -> Tensor:
    """input.movedim(source, destination): dims moved, the others in order (a view).

    >>> th.movedim(th.zeros(2, 3, 4), 0, -1).shape
    (3, 4, 2)
    """
def moveaxis(input: Tensor, source: _Dims, destination: _Dims) -> Tensor:
    """numpy's name of movedim().

    >>> th.moveaxis(th.zeros(2, 3, 4), 0, -1).shape
    (3, 4, 2)
    """
def swapaxes(input: Tensor, axis0: int, axis1: int) -> Tensor:
    """numpy's name of transpose().

    >>> th.swapaxes(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0, 1).stride()
    (1, 2)
    """
def swapdims(input: Tensor, dim0: int, dim1: int) -> Tensor:
    """Another name of transpose().

    >>> th.swapdims(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0, 1).stride()
    (1, 2)
    """
def unflatten(input: Tensor, dim: int, sizes: Sequence[int]) -> Tensor:
    """input.unflatten(dim, sizes): dim split into sizes (a view).

    >>> th.unflatten(th.arange(6), 0, (2, 3))
    tensor([[0, 1, 2],
            [3, 4, 5]])
    """
def chunk(input: Tensor, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
    """input.chunk(chunks, dim): at most chunks views along dim.

    >>> th.chunk(th.arange(5), 2)
    (tensor([0, 1, 2]), tensor([3, 4]))
    """
def split(tensor: Tensor, split_size_or_sections: int | Sequence[int],
          dim: int = 0) -> tuple[Tensor, ...]:
    """Views along dim of split_size_or_sections (an int: that long each; a list: those sizes).

    >>> th.split(th.arange(5), [1, 4])
    (tensor([0]), tensor([1, 2, 3, 4]))
    """
def unbind(input: Tensor, dim: int = 0) -> tuple[Tensor, ...]:
    """The slices along dim, each without it (a tuple of views).

    >>> th.unbind(th.tensor([[1, 2], [3, 4]]))
    (tensor([1, 2]), tensor([3, 4]))
    """
