# Types of th._reduce (compiled): torch's reductions.
from collections.abc import Sequence
from typing import Literal, NamedTuple, SupportsIndex, overload

from th._dtype import _DTypeLike
from th._expr import Expr
from th._tensor import Tensor

_Dim = SupportsIndex | Sequence[SupportsIndex] | None

class max_result(NamedTuple):
    """max(values, indices)"""
    values: Tensor
    indices: Tensor

class min_result(NamedTuple):
    """min(values, indices)"""
    values: Tensor
    indices: Tensor

def sum(input: Tensor | Expr, dim: _Dim = None, keepdim: bool = False, *, dtype: _DTypeLike = None,
        out: Tensor | None = None) -> Tensor:
    """The sum over dim (None: every dim); bool and integers sum in int64.

    >>> th.sum(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(10.)
    >>> th.sum(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    tensor([4., 6.])
    >>> th.sum(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1, keepdim=True)
    tensor([[3.],
            [7.]])
    """
def nansum(input: Tensor, dim: _Dim = None, keepdim: bool = False, *, dtype: _DTypeLike = None,
           out: Tensor | None = None) -> Tensor:
    """The sum over dim (None: every dim) counting NaNs as zero; integer and
    bool tensors sum as sum() does (int64). Complex tensors are refused, as
    torch refuses them on the CPU.

    >>> th.nansum(th.tensor([[1.0, float('nan')], [3.0, 4.0]]))
    tensor(8.)
    >>> th.nansum(th.tensor([[1.0, float('nan')], [3.0, 4.0]]), 1)
    tensor([1., 7.])
    """
def prod(input: Tensor | Expr, dim: _Dim = None, keepdim: bool = False, *, dtype: _DTypeLike = None,
         out: Tensor | None = None) -> Tensor:
    """The product over dim (None: every dim); bool and integers in int64.

    >>> th.prod(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    tensor([ 2., 12.])
    """
def mean(input: Tensor | Expr, dim: _Dim = None, keepdim: bool = False, *, dtype: _DTypeLike = None,
         out: Tensor | None = None) -> Tensor:
    """The mean over dim: floating and complex tensors only, as torch (give
    dtype= to average integers).

    >>> th.mean(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(2.5000)
    >>> th.mean(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    tensor([2., 3.])
    """
def amax(input: Tensor | Expr, dim: _Dim = (), keepdim: bool = False, *,
         out: Tensor | None = None) -> Tensor:
    """The largest elements over dim (() or None: every dim); NaN wins.

    >>> th.amax(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    tensor([2., 4.])
    """
def amin(input: Tensor | Expr, dim: _Dim = (), keepdim: bool = False, *,
         out: Tensor | None = None) -> Tensor:
    """The smallest elements over dim (() or None: every dim); NaN wins.

    >>> th.amin(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    tensor([1., 3.])
    """
def argmax(input: Tensor, dim: SupportsIndex | None = None, keepdim: bool = False, *,
           out: Tensor | None = None) -> Tensor:
    """The index of the first largest element along dim (None: in the
    flattened tensor), int64.

    >>> th.argmax(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(3)
    >>> th.argmax(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    tensor([1, 1])
    """
def argmin(input: Tensor, dim: SupportsIndex | None = None, keepdim: bool = False, *,
           out: Tensor | None = None) -> Tensor:
    """The index of the first smallest element along dim (None: in the
    flattened tensor), int64.

    >>> th.argmin(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(0)
    >>> th.argmin(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    tensor([0, 0])
    """
def all(input: Tensor, dim: _Dim = None, keepdim: bool = False, *,
        out: Tensor | None = None) -> Tensor:
    """True where every element over dim is non-zero (bool; uint8 for uint8).

    >>> th.all(th.tensor([True, False, True]))
    tensor(False)
    >>> th.all(th.tensor([[1, 0], [1, 1]]), 1)
    tensor([False,  True])
    """
def any(input: Tensor, dim: _Dim = None, keepdim: bool = False, *,
        out: Tensor | None = None) -> Tensor:
    """True where some element over dim is non-zero (bool; uint8 for uint8).

    >>> th.any(th.tensor([True, False, True]))
    tensor(True)
    >>> th.any(th.tensor([[0, 0], [1, 0]]), 1)
    tensor([False,  True])
    """
@overload
def max(input: Tensor, dim: None = None, keepdim: bool = False, *, out: None = None) -> Tensor:
    """max(input): the largest element, a 0-dim tensor; max(input, dim): the
    (values, indices) pair along dim, indices of the first largest. A NaN is
    larger than any number, as in torch. max(input, other) or max(input,
    other=other): maximum(input, other).

    >>> th.max(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(4.)
    >>> th.max(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1)
    max(values=tensor([2., 4.]), indices=tensor([1, 1]))
    >>> th.max(th.tensor([1.0, 5.0]), other=th.tensor([3.0, 2.0]))
    tensor([3., 5.])
    """
@overload
def max(input: Tensor, dim: SupportsIndex, keepdim: bool = False, *,
        out: tuple[Tensor, Tensor] | None = None) -> max_result: ...
@overload
def max(input: Tensor, dim: Tensor, *, out: Tensor | None = None) -> Tensor: ...
@overload
def max(input: Tensor, *, other: Tensor, out: Tensor | None = None) -> Tensor: ...
@overload
def min(input: Tensor, dim: None = None, keepdim: bool = False, *, out: None = None) -> Tensor:
    """min(input): the smallest element, a 0-dim tensor; min(input, dim): the
    (values, indices) pair along dim. A NaN wins, as in torch. min(input,
    other) or min(input, other=other): minimum(input, other).

    >>> th.min(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(1.)
    >>> th.min(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    min(values=tensor([1., 2.]), indices=tensor([0, 0]))
    >>> th.min(th.tensor([1.0, 5.0]), other=th.tensor([3.0, 2.0]))
    tensor([1., 2.])
    """
@overload
def min(input: Tensor, dim: SupportsIndex, keepdim: bool = False, *,
        out: tuple[Tensor, Tensor] | None = None) -> min_result: ...
@overload
def min(input: Tensor, dim: Tensor, *, out: Tensor | None = None) -> Tensor: ...
@overload
def min(input: Tensor, *, other: Tensor, out: Tensor | None = None) -> Tensor: ...
def norm(input: Tensor | Expr, p: float | Literal["fro"] | None = "fro", dim: _Dim = None,
         keepdim: bool = False, *, dtype: _DTypeLike = None,
         out: Tensor | None = None) -> Tensor:
    """The p-norm over dim: p = 2 ('fro', the default), 1, inf, -inf, 0 (the
    count of non-zeros) or any other number; floating and complex tensors
    (a complex one gives its real dtype).

    >>> th.norm(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(5.4772)
    >>> th.norm(th.tensor([[1.0, 2.0], [3.0, 4.0]]), p=1, dim=1)
    tensor([3., 7.])
    """
def var(input: Tensor, dim: _Dim | bool = None, unbiased: bool | None = None,
        keepdim: bool = False, *, correction: float | None = None,
        out: Tensor | None = None) -> Tensor:
    """The variance over dim: the sum of squared deviations over N -
    correction (default 1; unbiased=False is correction 0); floating and
    complex tensors (a complex one gives its real dtype).

    >>> th.var(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(1.6667)
    >>> th.var(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1, correction=0)
    tensor([0.2500, 0.2500])
    """
def std(input: Tensor, dim: _Dim | bool = None, unbiased: bool | None = None,
        keepdim: bool = False, *, correction: float | None = None,
        out: Tensor | None = None) -> Tensor:
    """The standard deviation over dim: the square root of var.

    >>> th.std(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(1.2910)
    >>> th.std(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0)
    tensor([1.4142, 1.4142])
    """
def _expr_slab_bytes(nbytes: int = 0) -> int: ...
