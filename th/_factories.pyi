# Types of th._factories (compiled).
from typing import SupportsIndex, overload

from th._device import _DeviceLike
from th._dtype import _DTypeLike
from th._storage import _Scalar
from th._tensor import Tensor, _Data, _Shape

@overload
def empty(*size: SupportsIndex, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
@overload
def empty(size: _Shape, /, *, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
@overload
def zeros(*size: SupportsIndex, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
@overload
def zeros(size: _Shape, /, *, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
@overload
def ones(*size: SupportsIndex, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
@overload
def ones(size: _Shape, /, *, dtype: _DTypeLike = None, device: _DeviceLike = None,
          requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
def full(size: SupportsIndex | _Shape, fill_value: _Scalar, dtype: _DTypeLike = None,
         device: _DeviceLike = None, requires_grad: bool = False,
         pin_memory: bool = False) -> Tensor: ...
def arange(start: float, end: float | None = None, step: float = 1,
           dtype: _DTypeLike = None, device: _DeviceLike = None, requires_grad: bool = False,
           pin_memory: bool = False) -> Tensor: ...
def tensor(data: _Data, dtype: _DTypeLike = None, device: _DeviceLike = None,
           requires_grad: bool = False, pin_memory: bool = False) -> Tensor: ...
