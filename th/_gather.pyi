# Types of th._gather (compiled): the gather family and advanced indexing.
from typing import Any, Literal, overload

from th._tensor import Tensor, _Data, _Index

def index_select(input: Tensor, dim: int, index: Tensor) -> Tensor:
    """The slices index[0], index[1], ... of dim (index: 0- or 1-dim, int64).

    >>> th.index_select(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0, th.tensor([1, 1]))
    tensor([[3., 4.],
            [3., 4.]])
    """
def gather(input: Tensor, dim: int, index: Tensor) -> Tensor:
    """out[i][j] = input[index[i][j]][j] for dim 0 (and so on): index's shape.

    >>> th.gather(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1, th.tensor([[1], [0]]))
    tensor([[2.],
            [3.]])
    """
def masked_select(input: Tensor, mask: Tensor) -> Tensor:
    """The elements of input where mask (bool; broadcast with input) is true, 1-dim.

    >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    >>> th.masked_select(t, t > 1.5)
    tensor([2., 3., 4.])
    """
@overload
def nonzero(input: Tensor, *, as_tuple: Literal[False] = False) -> Tensor:
    """The positions of the non-zero elements, an int64 tensor of (count,
    ndim); as_tuple=True: a tuple of ndim 1-dim int64 tensors, the positions
    along each dim (numpy's nonzero; a 0-dim input counts as 1-dim).

    >>> th.nonzero(th.tensor([[0, 1], [2, 0]]))
    tensor([[0, 1],
            [1, 0]])
    """
@overload
def nonzero(input: Tensor, *, as_tuple: Literal[True]) -> tuple[Tensor, ...]: ...
def scatter_(self: Tensor, dim: int, index: Tensor, src: Tensor | None = None,
             value: Any = None) -> Tensor:
    """self[index[i][j]][j] = src[i][j] for dim 0 (and so on), or = value:
    scatter_(dim, index, src_tensor) or scatter_(dim, index, number).
    """
def index_copy_(self: Tensor, dim: int, index: Tensor, source: Tensor) -> Tensor:
    """Slice index[i] of dim = slice i of source's dim."""
def index_fill_(self: Tensor, dim: int, index: Tensor, value: Any) -> Tensor:
    """Every slice index[i] of dim = value (negative indices count from the end)."""
def masked_fill_(self: Tensor, mask: Tensor, value: Any) -> Tensor:
    """self = value where mask (bool, broadcast to self's shape) is true."""
def scatter_add_(self: Tensor, dim: int, index: Tensor, src: Tensor) -> Tensor:
    """self[index[i][j]][j] += src[i][j] for dim 0 (and so on), in src's order."""
def scatter_reduce_(self: Tensor, dim: int, index: Tensor, src: Tensor, reduce: str, *,
                    include_self: bool = True) -> Tensor:
    """self[index[i][j]][j] = reduce(self's element (unless include_self is
    False), the src elements scattered to it): reduce is 'sum', 'prod',
    'mean', 'amax' or 'amin' (torch's scatter_reduce_).
    """
def index_add_(self: Tensor, dim: int, index: Tensor, source: Tensor, *,
               alpha: int | float = 1) -> Tensor:
    """Slice index[i] of dim += alpha * slice i of source."""
def index_put_(self: Tensor, indices: tuple[Tensor | None, ...] | list[Tensor | None],
               values: Tensor, accumulate: bool = False) -> Tensor:
    """self[indices] = values (+= with accumulate, repeats adding up)."""
def put_(self: Tensor, index: Tensor, source: Tensor, accumulate: bool = False) -> Tensor:
    """self's elements at the row-major positions index = source's (added
    with accumulate), as torch's put_.
    """
def take(input: Tensor, index: Tensor) -> Tensor:
    """input's elements at the row-major positions index, shaped as index.

    >>> th.take(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([[0, 3]]))
    tensor([[1., 4.]])
    """
def masked_scatter_(self: Tensor, mask: Tensor, source: Tensor) -> Tensor:
    """self's elements where mask (broadcast to self's shape) is true = the
    first of source's elements, in row-major order.
    """
def scatter_add(input: Tensor, dim: int, index: Tensor, src: Tensor) -> Tensor:
    """A copy with src added at index along dim.

    >>> th.scatter_add(th.zeros(3), 0, th.tensor([2, 2]), th.tensor([5.0, 6.0]))
    tensor([ 0.,  0., 11.])
    """
def scatter_reduce(input: Tensor, dim: int, index: Tensor, src: Tensor, reduce: str, *,
                   include_self: bool = True) -> Tensor:
    """A copy with src reduced into index along dim: reduce 'sum', 'prod', 'mean', 'amax' or
    'amin' (include_self=).

    >>> th.scatter_reduce(th.zeros(3), 0, th.tensor([2, 2]), th.tensor([5.0, 6.0]), 'amax')
    tensor([0., 0., 6.])
    """
def index_add(input: Tensor, dim: int, index: Tensor, source: Tensor, *,
              alpha: int | float = 1) -> Tensor:
    """A copy with alpha * source added at index along dim.

    >>> th.index_add(th.zeros(3), 0, th.tensor([0, 0]), th.tensor([1.0, 2.0]))
    tensor([3., 0., 0.])
    """
def index_put(input: Tensor, indices: tuple[Tensor | None, ...] | list[Tensor | None],
              values: Tensor, accumulate: bool = False) -> Tensor:
    """A copy with values written at the positions a tuple of index tensors names
    (accumulate=True adds).

    >>> th.index_put(th.zeros(3), (th.tensor([0, 2]),), th.tensor(1.0))
    tensor([1., 0., 1.])
    """
def put(input: Tensor, index: Tensor, source: Tensor, accumulate: bool = False) -> Tensor:
    """A copy with source written at flat indices (accumulate=True adds).

    >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    >>> th.put(t, th.tensor([0, 3]), th.tensor([9.0, 8.0]))
    tensor([[9., 2.],
            [3., 8.]])
    """
def masked_scatter(input: Tensor, mask: Tensor, source: Tensor) -> Tensor:
    """input with its elements where mask is true from source; mask and
    input broadcast together.

    >>> t = th.tensor([True, False, True])
    >>> th.masked_scatter(th.zeros(3), t, th.tensor([1.0, 2.0]))
    tensor([1., 0., 2.])
    """
def getitem(self: Tensor, index: _Index) -> Tensor:
    """self[index] for an index with advanced items or negative steps: a new tensor."""
def setitem(self: Tensor, index: _Index, value: _Data) -> None:
    """self[index] = value for an index with advanced items: value (a number,
    a tensor or nested data) broadcast to what self[index] would be.
    """
