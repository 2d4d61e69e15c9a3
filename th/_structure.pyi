# Types of th._structure (compiled).
from typing import Any, Optional, Sequence, Tuple, Union

from th._device import _DeviceLike
from th._dtype import dtype
from th._tensor import Tensor

_DType = Optional[Union[dtype, str]]
_Number = Union[int, float, Tensor]

def eye(n: int, m: Optional[int] = ..., *, out: Optional[Tensor] = ...,
        dtype: _DType = ..., device: _DeviceLike = ...,
        requires_grad: bool = ..., pin_memory: bool = ...) -> Tensor:
    """The n x m identity (n x n without m), the default dtype unless dtype says
    otherwise.

    >>> th.eye(2, 3)
    tensor([[1., 0., 0.],
            [0., 1., 0.]])
    """
def linspace(start: _Number, end: _Number, steps: int, *, out: Optional[Tensor] = ...,
             dtype: _DType = ..., device: _DeviceLike = ...,
        requires_grad: bool = ..., pin_memory: bool = ...) -> Tensor:
    """steps values from start to end evenly, torch's: the first half
    counted from start, the second back from end.

    >>> th.linspace(0, 1, 5)
    tensor([0.0000, 0.2500, 0.5000, 0.7500, 1.0000])
    """
def logspace(start: _Number, end: _Number, steps: int, base: float = ..., *,
             out: Optional[Tensor] = ..., dtype: _DType = ..., device: _DeviceLike = ...,
        requires_grad: bool = ..., pin_memory: bool = ...) -> Tensor:
    """base to the powers linspace(start, end, steps).

    >>> th.logspace(0, 2, 3)
    tensor([  1.,  10., 100.])
    """
def range(start: _Number = ..., end: Optional[_Number] = ..., step: _Number = ..., *,
          out: Optional[Tensor] = ..., dtype: _DType = ..., device: _DeviceLike = ...,
        requires_grad: bool = ..., pin_memory: bool = ...) -> Tensor:
    """TH's range: start to end inclusive by step (deprecated in torch for
    arange, which excludes end; the default dtype unless dtype says otherwise).
    """
def diag(input: Tensor, diagonal: int = ..., *, out: Optional[Tensor] = ...) -> Tensor:
    """A 1-dim input on diagonal `diagonal` of a square matrix; a 2-dim
    input's diagonal, copied.

    >>> th.diag(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor([1., 4.])
    >>> th.diag(th.tensor([1, 2]))
    tensor([[1, 0],
            [0, 2]])
    """
def diagflat(input: Tensor, offset: int = ...) -> Tensor:
    """The flattened input on diagonal `offset` of a square matrix.

    >>> th.diagflat(th.tensor([[1.0, 2.0], [3.0, 4.0]])).shape
    (4, 4)
    """
def diag_embed(input: Tensor, offset: int = ..., dim1: int = ..., dim2: int = ...) -> Tensor:
    """Each last-dim vector of input on diagonal `offset` of the matrices in
    dims dim1, dim2 of a new tensor (one dim more).

    >>> th.diag_embed(th.tensor([1, 2]))
    tensor([[1, 0],
            [0, 2]])
    """
def tril(input: Tensor, diagonal: int = ..., *, out: Optional[Tensor] = ...) -> Tensor:
    """The lower triangle of each matrix (the last two dims) from diagonal
    `diagonal` on; the rest 0.

    >>> th.tril(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor([[1., 0.],
            [3., 4.]])
    """
def triu(input: Tensor, diagonal: int = ..., *, out: Optional[Tensor] = ...) -> Tensor:
    """The upper triangle of each matrix from diagonal `diagonal` on.

    >>> th.triu(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor([[1., 2.],
            [0., 4.]])
    """
def tril_(self: Tensor, diagonal: int = ...) -> Tensor: ...
def triu_(self: Tensor, diagonal: int = ...) -> Tensor: ...
def tril_indices(row: int, col: int, offset: int = ..., *, dtype: _DType = ..., device: _DeviceLike = ...,
        requires_grad: bool = ..., pin_memory: bool = ...) -> Tensor:
    """The (row, column) indices of the lower triangle of a row x col matrix
    from diagonal offset, row by row: a 2 x N int64 tensor.

    >>> th.tril_indices(3, 3)
    tensor([[0, 1, 1, 2, 2, 2],
            [0, 0, 1, 0, 1, 2]])
    """
def triu_indices(row: int, col: int, offset: int = ..., *, dtype: _DType = ..., device: _DeviceLike = ...,
        requires_grad: bool = ..., pin_memory: bool = ...) -> Tensor:
    """The (row, col) indices of the upper triangle of a row x col matrix from diagonal offset,
    as a 2 x N tensor.

    >>> th.triu_indices(2, 3, 1)
    tensor([[0, 0, 1],
            [1, 2, 2]])
    """
def trace(input: Tensor) -> Tensor:
    """The sum of a matrix's diagonal (a 0-dim tensor; integers sum into int64).

    >>> th.trace(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor(5.)
    """
def cross(input: Tensor, other: Tensor, dim: Optional[int] = ..., *,
          out: Optional[Tensor] = ...) -> Tensor:
    """The cross product of the 3-vectors along dim of input and other
    (broadcast together); dim None: the first dim of length 3 (torch.cross).

    >>> th.cross(th.tensor([1.0, 0.0, 0.0]), th.tensor([0.0, 1.0, 0.0]))
    tensor([0., 0., 1.])
    """
def dist(input: Tensor, other: Tensor, p: float = ...) -> Tensor:
    """The p-norm of input - other (a 0-dim tensor).

    >>> th.dist(th.tensor([0.0, 0.0]), th.tensor([3.0, 4.0]))
    tensor(5.)
    """
def renorm(input: Tensor, p: float, dim: int, maxnorm: float) -> Tensor:
    """Each slice along dim whose p-norm exceeds maxnorm, scaled to maxnorm.

    >>> th.renorm(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 2, 0, 1.0)
    tensor([[0.4472, 0.8944],
            [0.6000, 0.8000]])
    """
def renorm_(self: Tensor, p: float, dim: int, maxnorm: float) -> Tensor: ...
def kron(input: Tensor, other: Tensor) -> Tensor:
    """The Kronecker product: each element of input times all of other, in
    blocks (shape: the products of the sizes, the shorter shape padded
    with 1s in front).

    >>> th.kron(th.tensor([1, 2]), th.tensor([1, 10]))
    tensor([ 1, 10,  2, 20])
    """
def vander(x: Tensor, N: Optional[int] = ..., increasing: bool = ...) -> Tensor:
    """The Vandermonde matrix of a 1-dim x: columns x^(N-1) .. x^0 (x^0 ..
    x^(N-1) when increasing), each column the previous times x as torch's
    cumulative product computes it; integers and bool give int64.

    >>> th.vander(th.tensor([1, 2, 3]), N=3)
    tensor([[1, 1, 1],
            [4, 2, 1],
            [9, 3, 1]])
    """
def meshgrid(*tensors: Union[Tensor, Sequence[Tensor]],
             indexing: Optional[str] = ...) -> Tuple[Tensor, ...]:
    """Each of k 1-dim tensors expanded over the grid of all their lengths
    (views): indexing 'ij' (the default, with torch's warning) or 'xy'.

    >>> th.meshgrid(th.tensor([1, 2]), th.tensor([3, 4, 5]), indexing='ij')[1]
    tensor([[3, 4, 5],
            [3, 4, 5]])
    """
def cartesian_prod(*tensors: Tensor) -> Tensor:
    """Every combination of one element of each 1-dim tensor, in order: a
    (N, k) tensor (a lone tensor comes back as it is).

    >>> th.cartesian_prod(th.tensor([1, 2]), th.tensor([3, 4]))
    tensor([[1, 3],
            [1, 4],
            [2, 3],
            [2, 4]])
    """
def combinations(input: Tensor, r: int = ..., with_replacement: bool = ...) -> Tensor:
    """The length-r combinations of a 1-dim tensor's elements, in
    itertools' order: a (M, r) tensor.

    >>> th.combinations(th.tensor([1, 2, 3]), 2)
    tensor([[1, 2],
            [1, 3],
            [2, 3]])
    """
