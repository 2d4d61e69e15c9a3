# Types of th._linalg (compiled): the matrix products.
from th._tensor import Tensor

_Coefficient = int | float

def mm(input: Tensor, mat2: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input (n x k) @ mat2 (k x p).

    >>> th.mm(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([[1.0, 2.0], [3.0, 4.0]]))
    tensor([[ 7., 10.],
            [15., 22.]])
    """
def bmm(input: Tensor, mat2: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input[i] (b x n x k) @ mat2[i] (b x k x p) for each i.

    >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    >>> th.bmm(t.expand(2, 2, 2), th.eye(2).expand(2, 2, 2)).shape
    (2, 2, 2)
    """
def mv(input: Tensor, vec: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input (n x k) @ vec (k).

    >>> th.mv(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, -1.0]))
    tensor([-1., -1.])
    """
def vdot(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The inner product of two 1-dim tensors of one size, the first conjugated
    (for real dtypes, dot).

    >>> th.vdot(th.tensor([1 + 2j, 3j]), th.tensor([2 + 0j, 1 + 1j]))
    tensor(5.-7.j)
    """
def dot(input: Tensor, tensor: Tensor, *, out: Tensor | None = None) -> Tensor:
    """The inner product of two 1-dim tensors of one size (a 0-dim tensor).

    >>> th.dot(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
    tensor(11.)
    """
def matmul(input: Tensor, other: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input @ other by torch's rules: 1-dim @ 1-dim is dot, 2-dim @ 1-dim
    mv, 2-dim @ 2-dim mm; a 1-dim operand otherwise gets a dim of size 1
    (before a left one, after a right one) that the result drops; the dims
    before the last two are batch dims that broadcast.

    >>> th.matmul(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, -1.0]))
    tensor([-1., -1.])
    """
def addmm(input: Tensor, mat1: Tensor, mat2: Tensor, *, beta: _Coefficient = 1,
          alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
    """beta * input + alpha * (mat1 @ mat2); input broadcasts (beta 0: not read).

    >>> th.addmm(th.ones(2, 2), th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.eye(2), beta=2)
    tensor([[3., 4.],
            [5., 6.]])
    """
def addmv(input: Tensor, mat: Tensor, vec: Tensor, *, beta: _Coefficient = 1,
          alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
    """beta * input + alpha * (mat @ vec).

    >>> th.addmv(th.ones(2), th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, 1.0]))
    tensor([4., 8.])
    """
def addr(input: Tensor, vec1: Tensor, vec2: Tensor, *, beta: _Coefficient = 1,
         alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
    """beta * input + alpha * the outer product of vec1 and vec2, in the three
    dtypes promoted (torch's addr is element-wise over the input expanded to
    the result's shape: a 0-dim input promotes as a dimensioned one) and cast
    into an out= of the same kind.

    >>> th.addr(th.zeros(2, 2), th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
    tensor([[3., 4.],
            [6., 8.]])
    """
def baddbmm(input: Tensor, batch1: Tensor, batch2: Tensor, *, beta: _Coefficient = 1,
            alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
    """beta * input + alpha * (batch1[i] @ batch2[i] for each i).

    >>> th.baddbmm(th.zeros(1, 2, 2), th.ones(1, 2, 3), th.ones(1, 3, 2))
    tensor([[[3., 3.],
             [3., 3.]]])
    """
def addbmm(input: Tensor, batch1: Tensor, batch2: Tensor, *, beta: _Coefficient = 1,
           alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
    """beta * input + alpha * (the sum over i of batch1[i] @ batch2[i]).

    >>> th.addbmm(th.zeros(2, 2), th.ones(4, 2, 3), th.ones(4, 3, 2))
    tensor([[12., 12.],
            [12., 12.]])
    """
def add_(fn: str, self: Tensor, a: Tensor, b: Tensor, beta: _Coefficient,
         alpha: _Coefficient) -> Tensor:
    """self = beta * self + alpha * product (addmm_, ...): self must have the
    result's shape, as torch requires (it is not resized).
    """
