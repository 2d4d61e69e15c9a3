"""Norms and distances between vectors along a dim, with
torch.nn.functional's names, signatures, result dtypes and errors:
normalize, cosine_similarity and pairwise_distance (th.norm's reductions
and element-wise expressions).

    >>> import th
    >>> import th.nn.functional as F
    >>> F.normalize(th.tensor([[3.0, 4.0]])).tolist()
    [[0.6000000238418579, 0.800000011920929]]
"""
import itertools
from typing import Optional

import th
from th._errors import DtypeError, Error, OutOfRange
from th._structure import _cdist, _pdist
from th._tensor import Tensor
from th.linalg import _tname

__all__ = ["normalize", "cosine_similarity", "pairwise_distance", "cdist", "pdist"]


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


_CDIST_MODES = {"use_mm_for_euclid_dist_if_necessary": None, "use_mm_for_euclid_dist": True,
                "donot_use_mm_for_euclid_dist": False}


def _distance_dtype(fn: str, x: Tensor, name: str) -> None:
    if not x.dtype.is_floating_point:
        raise Error(f"{fn} only supports floating-point dtypes, {name} got: {_tname(x.dtype)}")
    if x.dtype in (th.float16, th.bfloat16):
        from th._errors import UnsupportedDtype
        raise UnsupportedDtype(f"\"{fn}\" not implemented for '{_tname(x.dtype)}'")


def _euclidean_by_products(x1: Tensor, x2: Tensor) -> Tensor:
    """torch's matrix-product form of euclidean distances (its _euclidean_dist):
    sqrt(clamp_min(||a||^2 + ||b||^2 - 2 a.b, 0)), one matmul of padded
    operands; faster than the differences and a little less exact."""
    n1 = th.sum(x1 * x1, -1, keepdim=True)
    n2 = th.sum(x2 * x2, -1, keepdim=True)
    a = th.cat([x1 * -2, n1, th.ones_like(n1)], -1)
    b = th.cat([x2, th.ones_like(n2), n2], -1)
    return th.sqrt(th.clamp(th.matmul(a, b.transpose(-2, -1)), min=0))


def cdist(x1: Tensor, x2: Tensor, p: float = 2.0,
          compute_mode: str = "use_mm_for_euclid_dist_if_necessary") -> Tensor:
    """The p-norm distances between each row of x1 (..., P, M) and each row
    of x2 (..., R, M), as a (..., P, R) tensor, batch dims broadcast
    (torch.cdist). For p = 2, compute_mode picks torch's matrix-product form
    (use_mm_for_euclid_dist; by default when P or R exceeds 25), which
    rounds differently from the differences.

    >>> th.cdist(th.tensor([[0.0, 0.0], [1.0, 1.0]]), th.tensor([[3.0, 4.0]]))
    tensor([[5.0000],
            [3.6056]])
    """
    if compute_mode not in _CDIST_MODES:
        raise ValueError(f"{compute_mode} is not a valid value for compute_mode")
    for x, name in ((x1, "X1"), (x2, "X2")):
        if not isinstance(x, Tensor):
            raise TypeError(f"cdist(): argument '{name.lower()}' must be Tensor, not "
                            f"{type(x).__name__}")
        if x.dim() < 2:
            raise Error(f"cdist only supports at least 2D tensors, {name} got: {x.dim()}D")
    if x1.shape[-1] != x2.shape[-1]:
        raise Error(f"X1 and X2 must have the same number of columns. X1: {x1.shape[-1]} "
                    f"X2: {x2.shape[-1]}")
    _distance_dtype("cdist", x1, "X1")
    _distance_dtype("cdist", x2, "X2")
    if p < 0:
        raise Error("cdist only supports non-negative p values")
    if x1.dtype != x2.dtype:
        raise DtypeError(f"expected scalar type {_tname(x1.dtype)} but found "
                         f"{_tname(x2.dtype)}")
    batch = th.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
    a = th.broadcast_to(x1, batch + x1.shape[-2:])
    b = th.broadcast_to(x2, batch + x2.shape[-2:])
    by_products = _CDIST_MODES[compute_mode]
    if by_products is None:
        by_products = a.shape[-2] > 25 or b.shape[-2] > 25
    if p == 2 and by_products and a.shape[-1] and a.shape[-2] and b.shape[-2]:
        return _euclidean_by_products(a, b)
    rows, others = a.shape[-2], b.shape[-2]
    if not batch:
        return _cdist(a, b, float(p))
    # the C kernel takes matrices: one call per batch element, into the result's slices
    r = th.empty(batch + (rows, others), dtype=a.dtype)
    for index in itertools.product(*(range(n) for n in batch)):
        _cdist(a[index], b[index], float(p), r[index])
    return r


def pdist(input: Tensor, p: float = 2.0) -> Tensor:
    """The p-norm distances between the rows of a 2-D input (N, M), each pair
    i < j once in row-major order: N * (N - 1) / 2 values
    (torch.nn.functional.pdist, torch.pdist).

    >>> th.pdist(th.tensor([[0.0, 0.0], [3.0, 4.0], [6.0, 8.0]]))
    tensor([ 5., 10.,  5.])
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"pdist(): argument 'input' must be Tensor, not {type(input).__name__}")
    if input.dim() != 2:
        raise Error(f"pdist only supports 2D tensors, got: {input.dim()}D")
    if not input.dtype.is_floating_point:
        raise Error("pdist only supports floating-point dtypes")
    if input.dtype in (th.float16, th.bfloat16):
        _distance_dtype("pdist", input, "input")
    if p < 0:
        raise Error("pdist only supports non-negative p values")
    # the differences, as torch's pdist (no matrix products)
    return _pdist(input, float(p))
