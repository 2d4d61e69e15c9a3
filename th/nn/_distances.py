"""Norms and distances between vectors along a dim, with
torch.nn.functional's names, signatures, result dtypes and errors:
normalize, cosine_similarity and pairwise_distance (th.norm's reductions
and element-wise expressions).

    >>> import th
    >>> import th.nn.functional as F
    >>> F.normalize(th.tensor([[3.0, 4.0]])).tolist()
    [[0.6000000238418579, 0.800000011920929]]
"""
from typing import Optional

import th
from th._errors import DtypeError, Error, OutOfRange
from th._tensor import Tensor
from th.linalg import _tname

__all__ = ["normalize", "cosine_similarity", "pairwise_distance"]


def _dim(dim: int, ndim: int) -> int:
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise OutOfRange(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}],"
                         f" but got {dim})")
    return dim % n


def normalize(input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12,
              out: Optional[Tensor] = None) -> Tensor:
    """input / max(||input||_p, eps) along dim (torch.nn.functional.normalize):
    floating inputs only.

    >>> import th
    >>> th.nn.functional.normalize(th.tensor([1.0, 1.0, 2.0]), p=1.0, dim=0).tolist()
    [0.25, 0.25, 0.5]
    """
    if not (input.dtype.is_floating_point or input.dtype.is_complex):
        raise Error(f"linalg.vector_norm: Expected a floating point or complex tensor as "
                    f"input. Got {_tname(input.dtype)}")
    d = _dim(dim, input.dim())
    denom = th.clamp(th.norm(input, p, d if input.dim() else None, keepdim=True), min=eps)
    return th.div(input, denom, out=out)


def _floating_pair(x1: Tensor, x2: Tensor) -> tuple:
    """x1 and x2 broadcast to one shape, an integral one converted to their
    common floating dtype (as torch: a floating one keeps its own)."""
    common = (th.lazy(x1) + x2).dtype  # torch's promotion, nothing computed
    if not (common.is_floating_point or common.is_complex):
        raise DtypeError(f"expected common dtype to be floating point, yet common dtype is "
                         f"{_tname(common)}")
    floating = [x if x.dtype.is_floating_point or x.dtype.is_complex else x.to(common)
                for x in (x1, x2)]
    return tuple(th.broadcast_tensors(*floating))


def cosine_similarity(x1: Tensor, x2: Tensor, dim: int = 1, eps: float = 1e-8) -> Tensor:
    """sum(x1 * x2) / (max(||x1||, eps) * max(||x2||, eps)) along dim, x1 and
    x2 broadcast (torch.nn.functional.cosine_similarity, th.cosine_similarity).

    >>> import th
    >>> th.nn.functional.cosine_similarity(th.tensor([[1.0, 0.0]]),
    ...                                    th.tensor([[2.0, 0.0]])).tolist()
    [1.0]
    """
    a, b = _floating_pair(x1, x2)
    d = _dim(dim, a.dim())
    if a.dim() == 0:
        return (a * b / (th.clamp(abs(a), min=eps) * th.clamp(abs(b), min=eps)))
    na = th.clamp(th.norm(a, 2, d, keepdim=True), min=eps)
    nb = th.clamp(th.norm(b, 2, d, keepdim=True), min=eps)
    # each vector divided by its norm first, as torch does (no overflow of the product)
    return th.sum(((th.lazy(a) / na) * (th.lazy(b) / nb)).eval(), d)


def pairwise_distance(x1: Tensor, x2: Tensor, p: float = 2.0, eps: float = 1e-6,
                      keepdim: bool = False) -> Tensor:
    """||x1 - x2 + eps||_p over the last dim, x1 and x2 broadcast
    (torch.nn.functional.pairwise_distance, th.pairwise_distance).

    >>> import th
    >>> th.nn.functional.pairwise_distance(th.tensor([[3.0, 4.0]]), th.zeros(1, 2),
    ...                                    eps=0.0).tolist()
    [5.0]
    """
    diff = (th.lazy(x1) - x2 + eps).eval()
    if diff.dim() == 0:
        return th.norm(diff, p)
    return th.norm(diff, p, diff.dim() - 1, keepdim=keepdim)
