# Types of th._factories (compiled).
from typing import SupportsIndex, overload

from th._device import _DeviceLike
from th._dtype import _DTypeLike
from th._storage import _Scalar
from th._tensor import Tensor, _Data, _Shape

@overload
def empty(*size: SupportsIndex, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor:
    """An uninitialised contiguous tensor: th.empty(2, 3) or th.empty((2, 3)),
    of the default dtype (th.get_default_dtype()) unless dtype says
    otherwise; device "cpu" only, requires_grad False only.

    >>> import th
    >>> th.empty(2, 3).shape
    (2, 3)
    """
@overload
def empty(size: _Shape, /, *, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
@overload
def zeros(*size: SupportsIndex, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor:
    """A tensor of the given size (ints or one sequence) filled with 0.

    >>> th.zeros(2, 3)
    tensor([[0., 0., 0.],
            [0., 0., 0.]])
    """
@overload
def zeros(size: _Shape, /, *, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
@overload
def ones(*size: SupportsIndex, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor:
    """A tensor of the given size (ints or one sequence) filled with 1.

    >>> th.ones(2, dtype=th.int64)
    tensor([1, 1])
    """
@overload
def ones(size: _Shape, /, *, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
def full(size: SupportsIndex | _Shape, fill_value: _Scalar, dtype: _DTypeLike = None,
         device: _DeviceLike = None, requires_grad: bool = False,
         pin_memory: bool = False) -> Tensor:
    """A tensor of shape size filled with fill_value; dtype from the value
    (bool, int64 or float32) unless given.

    >>> th.full((2, 2), 7.0)
    tensor([[7., 7.],
            [7., 7.]])
    """
def arange(start: float, end: float | None = None, step: float = 1,
           dtype: _DTypeLike = None, device: _DeviceLike = None, requires_grad: bool = False,
           pin_memory: bool = False) -> Tensor:
    """Values from start (default 0) up to, not including, end by step:
    int64 when all are integers, else the default dtype (torch's rule).

    >>> th.arange(5)
    tensor([0, 1, 2, 3, 4])
    >>> th.arange(1.0, 2.0, 0.25)
    tensor([1.0000, 1.2500, 1.5000, 1.7500])
    """
def tensor(data: _Data, dtype: _DTypeLike = None, device: _DeviceLike = None,
           requires_grad: bool = False, pin_memory: bool = False) -> Tensor:
    """A new contiguous tensor holding a copy of data: nested lists/tuples of
    numbers (0-dim tensors and numpy scalars among them), a number (a 0-dim
    tensor), a th.Tensor, or an array (the buffer protocol or __array__). The
    dtype is inferred as torch does (bool, int64, or float32 if any element is
    a float; an array's own dtype).

    >>> th.tensor([[1, 2], [3, 4]])
    tensor([[1, 2],
            [3, 4]])
    >>> th.tensor([1.5, 2.5], dtype=th.float64)
    tensor([1.5000, 2.5000], dtype=th.float64)
    """
