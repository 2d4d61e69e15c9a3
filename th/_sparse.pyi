# Types of th._sparse (compiled): sparse COO tensors (docs/SPARSE.md).
import builtins
from typing import Any, NoReturn, Sequence

from th._dtype import dtype as _dtype
from th._tensor import Tensor, _Data

class SparseTensor:
    """A sparse COO tensor: int64 indices (sparse_dim x nnz) and values
    (nnz x the dense sizes) of a shape. Made by th.sparse_coo_tensor or
    Tensor.to_sparse; one C reference per object.

    >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
    >>> isinstance(s, th.SparseTensor), s.to_dense()
    (True, tensor([[0., 5.],
            [6., 0.]]))
    """
    def __init__(self, *args: Any, **kwargs: Any) -> None: ...
    @property
    def shape(self) -> tuple[int, ...]:
        """The sizes, as a tuple (sparse dims first)."""
    def size(self, dim: int | None = None) -> Any: ...
    @property
    def dtype(self) -> _dtype: ...
    def dim(self) -> int: ...
    @property
    def ndim(self) -> int: ...
    @property
    def is_sparse(self) -> builtins.bool: ...
    @property
    def layout(self) -> str:
        """th.sparse_coo (th.Tensor's is th.strided).

        >>> th.tensor([[0, 1], [2, 0]]).to_sparse().layout
        th.sparse_coo
        """
    @property
    def refcount(self) -> int:
        """The C object's reference count."""
    def sparse_dim(self) -> int: ...
    def dense_dim(self) -> int: ...
    def _nnz(self) -> int: ...
    def is_coalesced(self) -> builtins.bool: ...
    def __len__(self) -> int: ...
    def numel(self) -> int: ...
    def _indices(self) -> Tensor: ...
    def _values(self) -> Tensor: ...
    def indices(self) -> Tensor:
        """_indices() of a coalesced tensor; refused (RuntimeError) otherwise."""
    def values(self) -> Tensor:
        """_values() of a coalesced tensor; refused (RuntimeError) otherwise."""
    def coalesce(self) -> SparseTensor:
        """self when coalesced, else a new tensor: columns sorted row-major,
        duplicates summed, explicit zeros kept.
        """
    def clone(self) -> SparseTensor: ...
    def to_dense(self) -> Tensor:
        """A new dense th.Tensor (zeros plus every entry; duplicates add)."""
    def transpose(self, dim0: int, dim1: int) -> SparseTensor:
        """Two sparse dims swapped: a new tensor sharing the values (not
        flagged coalesced); a dense dim is refused (ValueError).
        """
    def t(self) -> SparseTensor: ...
    def zero_(self) -> SparseTensor: ...
    def numpy(self) -> NoReturn: ...
    def __array__(self, dtype: Any = None, copy: Any = None) -> NoReturn: ...
    # the products with a dense (or sparse) operand, and sum
    def __matmul__(self, other: Tensor | SparseTensor) -> Tensor | SparseTensor: ...
    def __rmatmul__(self, other: Tensor) -> Tensor: ...
    def matmul(self, other: Tensor | SparseTensor) -> Tensor | SparseTensor:
        """th.matmul(self, other): see __matmul__.

        >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
        >>> s.matmul(th.eye(2))
        tensor([[0., 5.],
                [6., 0.]])
        """
    def mm(self, mat2: Tensor | SparseTensor) -> Tensor | SparseTensor:
        """th.mm(self, mat2): dense for a dense mat2, sparse for a sparse one.

        >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
        >>> s.mm(th.tensor([[1.0], [2.0]]))
        tensor([[10.],
                [ 6.]])
        """
    def mv(self, vec: Tensor) -> Tensor:
        """th.mv(self, vec): a dense vector.

        >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
        >>> s.mv(th.tensor([1.0, 2.0]))
        tensor([10.,  6.])
        """
    def sum(self, dim: int | Sequence[int] | None = None) -> Tensor | SparseTensor:
        """th.sparse.sum(self, dim): a 0-dim dense tensor over every element, a
        sparse one over dims (dense when no sparse dim is left).

        >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
        >>> s.sum()
        tensor(11.)
        """
    def __neg__(self) -> SparseTensor: ...
    def __mul__(self, other: complex) -> SparseTensor: ...
    def __rmul__(self, other: complex) -> SparseTensor: ...
    def __truediv__(self, other: complex) -> SparseTensor: ...
    def __rtruediv__(self, value: Any, /) -> Any: ...  # not supported: NotImplemented
    def __add__(self, other: Any) -> Any: ...  # sparse + sparse: sparse; + dense: dense
    def __radd__(self, other: Any) -> Any: ...
    def __sub__(self, other: Any) -> Any: ...
    def __rsub__(self, other: Any) -> Any: ...
    def __reduce__(self) -> Any: ...
    def to_scipy(self) -> Any:  # a scipy.sparse.coo_array (scipy is optional)
        """A scipy.sparse.coo_array over the same indices and values (shared
        where scipy accepts them as they are; has_canonical_format is the
        coalesced flag). Dense dims are refused (scipy has none).
        """

def sparse_coo_tensor(indices: Tensor | _Data, values: Tensor | _Data,
                      size: Sequence[int] | None = None, *, dtype: Any = None,
                      is_coalesced: builtins.bool | None = None,
                      check_invariants: builtins.bool = True) -> SparseTensor:
    """A sparse COO tensor over indices (int64, sparse_dim x nnz) and values
    (nnz x dense sizes), sharing both (no copy) when they are th.Tensors of
    the right dtype. size=None infers the sparse sizes (largest index + 1).
    check_invariants (default on, unlike torch) checks every index against
    size (IndexError naming the entry) and, with is_coalesced=True, that the
    indices really are sorted and unique.

    >>> th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2)).to_dense()
    tensor([[0., 5.],
            [6., 0.]])
    """
def from_dense(t: Tensor, sparse_dim: int | None = None) -> SparseTensor:
    """Tensor.to_sparse: the nonzero entries of t (sparse_dim leading dims
    sparse; default all), coalesced.
    """
def sum(s: SparseTensor, dim: int | Sequence[int] | None = None) -> Tensor | SparseTensor:
    """torch.sparse.sum: over every element (a 0-dim dense tensor; integers
    and bool in int64) or over dim (an int or a sequence of ints): a sparse
    tensor, or a dense one when no sparse dim is left. Result dtypes are
    torch's: integers and bool in int64 when a dense dim is summed or the
    result is dense, else the values' dtype (duplicates merged as coalesce
    merges them).

    >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
    >>> th.sparse.sum(s)
    tensor(11.)
    >>> th.sparse.sum(s, 0).to_dense()
    tensor([6., 5.])
    """
def mm(s: SparseTensor, dense: Tensor) -> Tensor:
    """torch.sparse.mm: s (2 sparse dims) @ dense, a new dense tensor.

    >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
    >>> th.sparse.mm(s, th.eye(2))
    tensor([[0., 5.],
            [6., 0.]])
    """
def addmm(t: Tensor, s: SparseTensor, dense: Tensor, *, beta: float = 1.0,
          alpha: float = 1.0) -> Tensor:
    """torch.sparse.addmm: beta * t + alpha * (s @ dense), a new dense tensor.

    >>> s = th.sparse_coo_tensor(th.tensor([[0, 1], [1, 0]]), th.tensor([5.0, 6.0]), (2, 2))
    >>> th.sparse.addmm(th.ones(2, 2), s, th.eye(2), beta=2.0)
    tensor([[2., 7.],
            [8., 2.]])
    """
def from_scipy(m: Any) -> SparseTensor:
    """A th.SparseTensor of any scipy.sparse matrix or array (as COO): the
    values shared with m's COO form, its canonical flag kept as the
    coalesced flag.

    >>> import scipy.sparse
    >>> th.sparse.from_scipy(scipy.sparse.eye(2, format='csr')).to_dense()
    tensor([[1., 0.],
            [0., 1.]], dtype=th.float64)
    """
