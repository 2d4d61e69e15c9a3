"""torch's statistics over th's reductions: count_nonzero, aminmax,
std_mean and var_mean, nanmean, and the covariance and correlation
matrices (cov, corrcoef, following torch's Correlation.cpp step by step, so
that weights, corrections and degenerate inputs come out as torch's)."""
import warnings
from collections import namedtuple
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional, SupportsIndex, Union

import th
from th._combine import _check
from th._dtype import bool as bool_
from th._dtype import int64
from th._elementwise import _torch_name
from th._errors import DtypeError, Error, OutOfRange, UnsupportedDtype

if TYPE_CHECKING:
    from th._tensor import Tensor

_Dims = Union[SupportsIndex, Sequence[SupportsIndex], None]
# torch.return_types.aminmax
_aminmax_result = namedtuple("aminmax", ["min", "max"])


def _dims(dim: _Dims) -> Any:
    """dim as th's reductions take it: None, an int or a tuple of ints."""
    if dim is None or hasattr(type(dim), "__index__"):
        return dim
    return tuple(dim)


def count_nonzero(input: "Tensor", dim: _Dims = None) -> "Tensor":
    """The number of nonzero elements of input, over dim (an int or a tuple
    of ints; every dim when None), as int64.

    >>> th.count_nonzero(th.tensor([[0, 1, 2], [0, 0, 3]]), dim=1)
    tensor([2, 1])
    """
    nonzero = _check("count_nonzero", input) != 0
    if dim is None:
        return th.sum(nonzero, dtype=int64)
    return th.sum(nonzero, _dims(dim), dtype=int64)


def aminmax(input: "Tensor", *, dim: Optional[SupportsIndex] = None, keepdim: bool = False
            ) -> Any:
    """The minimum and maximum of input (over dim when given), as the named
    tuple (min, max) (torch.return_types.aminmax). NaN propagates; an empty
    reduction is refused.

    >>> th.aminmax(th.tensor([[3, 1], [2, 5]]), dim=0)
    aminmax(min=tensor([2, 1]), max=tensor([3, 5]))
    """
    input = _check("aminmax", input)
    if dim is None:
        if input.numel() == 0:
            raise Error("aminmax(): cannot compute aminmax over an empty dimension as the "
                        "operation has no identity.")
    else:
        import operator
        d = operator.index(dim)
        if input.dim() and -input.dim() <= d < input.dim() and input.shape[d] == 0:
            raise OutOfRange(f"aminmax: Expected reduction dim {d % input.dim()} to have "
                             "non-zero size.")
    if input.is_complex():
        raise UnsupportedDtype(f'"aminmax_cpu" not implemented for '
                               f"'{_torch_name(input.dtype)}'")
    if dim is not None:
        return _aminmax_result(th.amin(input, d, keepdim), th.amax(input, d, keepdim))
    lo, hi = th.amin(input), th.amax(input)
    if keepdim:
        shape = (1,) * input.dim()
        lo, hi = lo.reshape(shape), hi.reshape(shape)
    return _aminmax_result(lo, hi)


def _spread_and_mean(fn: str, spread: Any, input: "Tensor", dim: Any, unbiased: Any,
                     keepdim: bool, correction: Any) -> Any:
    input = _check(fn, input)
    if isinstance(dim, bool) and unbiased is None:  # std_mean(input, unbiased)
        dim, unbiased = None, dim
    if unbiased is not None and correction is not None:
        raise TypeError(f"{fn}(): takes unbiased or correction, not both (torch's signatures "
                        "have one or the other)")
    dims = _dims(dim)
    if isinstance(dims, tuple) and not dims:  # torch: an empty dim list is every dim
        dims = None
    result = spread(input, dims, unbiased, keepdim, correction=correction)
    if dims is None:
        mean = th.mean(input)
        if keepdim:
            mean = mean.reshape((1,) * input.dim())
    else:
        mean = th.mean(input, dims, keepdim)
    return result, mean


def std_mean(input: "Tensor", dim: _Dims = None, unbiased: Optional[bool] = None,
             keepdim: bool = False, *, correction: Optional[float] = None
             ) -> "tuple[Tensor, Tensor]":
    """(std, mean) of input over dim, as a tuple: std as th.std (N - correction
    in the denominator, correction 1 by default, unbiased=False is 0).

    >>> th.std_mean(th.tensor([1.0, 2.0, 6.0]))
    (tensor(2.6458), tensor(3.))
    """
    return _spread_and_mean("std_mean", th.std, input, dim, unbiased, keepdim, correction)


def var_mean(input: "Tensor", dim: _Dims = None, unbiased: Optional[bool] = None,
             keepdim: bool = False, *, correction: Optional[float] = None
             ) -> "tuple[Tensor, Tensor]":
    """(var, mean) of input over dim, as a tuple: var as th.var (N - correction
    in the denominator, correction 1 by default, unbiased=False is 0).

    >>> th.var_mean(th.tensor([1.0, 2.0, 6.0]))
    (tensor(7.), tensor(3.))
    """
    return _spread_and_mean("var_mean", th.var, input, dim, unbiased, keepdim, correction)


def nanmean(input: "Tensor", dim: _Dims = None, keepdim: bool = False, *, dtype: Any = None
            ) -> "Tensor":
    """The mean of the elements of input that are not NaN, over dim (NaN
    where every one is); floating and complex input only.

    >>> th.nanmean(th.tensor([1.0, float('nan'), 3.0]))
    tensor(2.)
    """
    input = _check("nanmean", input)
    if not (input.is_floating_point() or input.is_complex()):
        raise DtypeError("nanmean(): expected input to have floating point or complex dtype "
                         f"but got {_torch_name(input.dtype)}")
    if input.is_complex():
        raise Error("nansum on CPU does not support complex inputs")
    missing = th.isnan(input)
    kept = th.where(missing, th.zeros((), dtype=input.dtype), input)
    dims = _dims(dim)
    if dims is None or (isinstance(dims, tuple) and not dims):
        total, count = th.sum(kept, dtype=dtype), th.sum(~missing)
        if keepdim:
            shape = (1,) * input.dim()
            total, count = total.reshape(shape), count.reshape(shape)
    else:
        total = th.sum(kept, dims, keepdim, dtype=dtype)
        count = th.sum(~missing, dims, keepdim)
    return total.div_(count)


def cov(input: "Tensor", *, correction: int = 1, fweights: Optional["Tensor"] = None,
        aweights: Optional["Tensor"] = None) -> "Tensor":
    """The covariance matrix of the variables in input's rows (observations
    in its columns; a 1-D input is one variable), with integer frequency
    weights fweights and floating observation weights aweights, and
    N - correction as the normaliser (torch.cov, numpy.cov's ddof).

    >>> th.cov(th.tensor([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]))
    tensor([[ 1., -1.],
            [-1.,  1.]])
    """
    input = _check("cov", input)
    if input.dim() > 2:
        raise Error("cov(): expected input to have two or fewer dimensions but got an input "
                    f"with {input.dim()} dimensions")
    if input.dtype == bool_:
        raise Error("cov(): bool dtype is not supported for input")
    x = input.reshape(1, -1) if input.dim() < 2 else input
    n = x.shape[1]
    w = None
    if fweights is not None:
        w = _check("cov", fweights, "fweights")
        if w.dim() > 1:
            raise Error("cov(): expected fweights to have one or fewer dimensions but got "
                        f"fweights with {w.dim()} dimensions")
        if w.is_floating_point() or w.is_complex() or w.dtype == bool_:
            raise Error("cov(): expected fweights to have integral dtype but got fweights with "
                        f"{_torch_name(w.dtype)} dtype")
        if w.numel() != n:
            raise Error("cov(): expected fweights to have the same numel as there are "
                        f"observations in the input but got {w.numel()} != {n}")
        if n and th.amin(w).item() < 0:
            raise Error("cov(): fweights cannot be negative")
    if aweights is not None:
        aw = _check("cov", aweights, "aweights")
        if aw.dim() > 1:
            raise Error("cov(): expected aweights to have one or fewer dimensions but got "
                        f"aweights with {aw.dim()} dimensions")
        if not aw.is_floating_point():
            raise Error("cov(): expected aweights to have floating point dtype but got "
                        f"aweights with {_torch_name(aw.dtype)} dtype")
        if aw.numel() != n:
            raise Error("cov(): expected aweights to have the same numel as there are "
                        f"observations in the input but got {aw.numel()} != {n}")
        if n and th.amin(aw).item() < 0:
            raise Error("cov(): aweights cannot be negative")
        w = aw if w is None else w * aw
    w_sum = th.sum(w) if w is not None else th.tensor(n, dtype=int64)
    if w is not None and w_sum.item() == 0:
        raise Error("cov(): weights sum to zero, can't be normalized")
    avg = th.sum(x * w if w is not None else x, 1) / w_sum
    if w is not None and aweights is not None and correction != 0:
        norm = w_sum - correction * th.sum(w * aweights) / w_sum
    else:
        norm = w_sum - correction
    if norm.item() <= 0:
        warnings.warn("cov(): degrees of freedom is <= 0. Correction should be strictly less "
                      "than the number of observations.", UserWarning, stacklevel=2)
        norm = th.zeros_like(norm)
    x = x - avg.unsqueeze(1)
    c = th.mm(x, (x * w if w is not None else x).t().conj())
    return th.div(c, norm).squeeze()


def corrcoef(input: "Tensor") -> "Tensor":
    """The Pearson correlation coefficients of the variables in input's rows
    (cov normalised by the standard deviations, clipped to [-1, 1]).

    >>> th.corrcoef(th.tensor([[0.0, 1.0, 2.0], [2.0, 1.0, 0.5]]))
    tensor([[ 1.0000, -0.9820],
            [-0.9820,  1.0000]])
    """
    input = _check("corrcoef", input)
    if input.dim() > 2:
        raise Error("corrcoef(): expected input to have two or fewer dimensions but got an "
                    f"input with {input.dim()} dimensions")
    c = cov(input)
    if c.dim() == 0:  # one variable: nan for a covariance of nan, inf or 0, else 1
        return c / c
    d = th.diagonal(c)
    stddev = th.sqrt(d.real if d.is_complex() else d)
    c = c / stddev.reshape(-1, 1)
    c = c / stddev.reshape(1, -1)
    if c.is_complex():
        return th.complex(th.clip(c.real, -1, 1), th.clip(c.imag, -1, 1))
    return th.clip(c, -1, 1)
