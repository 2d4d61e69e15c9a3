# Types of th._reduce (compiled): torch's reductions.
from collections.abc import Sequence
from typing import Literal, NamedTuple, SupportsIndex, overload

from th._dtype import _DTypeLike
from th._tensor import Tensor

_Dim = SupportsIndex | Sequence[SupportsIndex] | None

class max_result(NamedTuple):
    values: Tensor
    indices: Tensor

class min_result(NamedTuple):
    values: Tensor
    indices: Tensor

def sum(input: Tensor, dim: _Dim = None, keepdim: bool = False, *, dtype: _DTypeLike = None,
        out: Tensor | None = None) -> Tensor: ...
def prod(input: Tensor, dim: _Dim = None, keepdim: bool = False, *, dtype: _DTypeLike = None,
         out: Tensor | None = None) -> Tensor: ...
def mean(input: Tensor, dim: _Dim = None, keepdim: bool = False, *, dtype: _DTypeLike = None,
         out: Tensor | None = None) -> Tensor: ...
def amax(input: Tensor, dim: _Dim = (), keepdim: bool = False, *,
         out: Tensor | None = None) -> Tensor: ...
def amin(input: Tensor, dim: _Dim = (), keepdim: bool = False, *,
         out: Tensor | None = None) -> Tensor: ...
def argmax(input: Tensor, dim: SupportsIndex | None = None, keepdim: bool = False, *,
           out: Tensor | None = None) -> Tensor: ...
def argmin(input: Tensor, dim: SupportsIndex | None = None, keepdim: bool = False, *,
           out: Tensor | None = None) -> Tensor: ...
def all(input: Tensor, dim: _Dim = None, keepdim: bool = False, *,
        out: Tensor | None = None) -> Tensor: ...
def any(input: Tensor, dim: _Dim = None, keepdim: bool = False, *,
        out: Tensor | None = None) -> Tensor: ...
@overload
def max(input: Tensor, dim: None = None, keepdim: bool = False, *, out: None = None) -> Tensor: ...
@overload
def max(input: Tensor, dim: SupportsIndex, keepdim: bool = False, *,
        out: tuple[Tensor, Tensor] | None = None) -> max_result: ...
@overload
def max(input: Tensor, dim: Tensor, keepdim: bool = False, *,
        out: Tensor | None = None) -> Tensor: ...
@overload
def min(input: Tensor, dim: None = None, keepdim: bool = False, *, out: None = None) -> Tensor: ...
@overload
def min(input: Tensor, dim: SupportsIndex, keepdim: bool = False, *,
        out: tuple[Tensor, Tensor] | None = None) -> min_result: ...
@overload
def min(input: Tensor, dim: Tensor, keepdim: bool = False, *,
        out: Tensor | None = None) -> Tensor: ...
def norm(input: Tensor, p: float | Literal["fro"] | None = "fro", dim: _Dim = None,
         keepdim: bool = False, *, dtype: _DTypeLike = None,
         out: Tensor | None = None) -> Tensor: ...
def var(input: Tensor, dim: _Dim | bool = None, unbiased: bool | None = None,
        keepdim: bool = False, *, correction: float | None = None,
        out: Tensor | None = None) -> Tensor: ...
def std(input: Tensor, dim: _Dim | bool = None, unbiased: bool | None = None,
        keepdim: bool = False, *, correction: float | None = None,
        out: Tensor | None = None) -> Tensor: ...
