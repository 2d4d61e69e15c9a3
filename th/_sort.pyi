# Types of th._sort (compiled): sorting, selection and scans.
from typing import NamedTuple, SupportsIndex, overload

from th._dtype import _DTypeLike
from th._tensor import Tensor

class sort_result(NamedTuple):
    """sort(values, indices)"""
    values: Tensor
    indices: Tensor

class topk_result(NamedTuple):
    """topk(values, indices)"""
    values: Tensor
    indices: Tensor

class kthvalue_result(NamedTuple):
    """kthvalue(values, indices)"""
    values: Tensor
    indices: Tensor

class median_result(NamedTuple):
    """median(values, indices)"""
    values: Tensor
    indices: Tensor

class nanmedian_result(NamedTuple):
    """nanmedian(values, indices)"""
    values: Tensor
    indices: Tensor

class mode_result(NamedTuple):
    """mode(values, indices)"""
    values: Tensor
    indices: Tensor

class cummax_result(NamedTuple):
    """cummax(values, indices)"""
    values: Tensor
    indices: Tensor

class cummin_result(NamedTuple):
    """cummin(values, indices)"""
    values: Tensor
    indices: Tensor

_Pair = tuple[Tensor, Tensor]

def sort(input: Tensor, dim: SupportsIndex = -1, descending: bool = False, *,
         stable: bool = False, out: _Pair | None = None) -> sort_result:
    """The elements of each row along dim in order (descending: largest
    first), and their indices; stable (equal elements keep their order)
    whatever stable says. NaN sorts as larger than +inf.

    >>> th.sort(th.tensor([3.0, 1.0, 2.0]))
    sort(values=tensor([1., 2., 3.]), indices=tensor([1, 2, 0]))
    """
def argsort(input: Tensor, dim: SupportsIndex = -1, descending: bool = False,
            stable: bool = False) -> Tensor:
    """The indices that sort input along dim (int64), as sort's.

    >>> th.argsort(th.tensor([3.0, 1.0, 2.0]), descending=True)
    tensor([0, 2, 1])
    """
def msort(input: Tensor, *, out: Tensor | None = None) -> Tensor:
    """input sorted along its first dim (values only).

    >>> th.msort(th.tensor([[3.0, 1.0], [2.0, 4.0]]))
    tensor([[2., 1.],
            [3., 4.]])
    """
def topk(input: Tensor, k: SupportsIndex, dim: SupportsIndex = -1, largest: bool = True,
         sorted: bool = True, *, out: _Pair | None = None) -> topk_result:
    """The k largest (smallest) elements along dim and their indices, in
    order; NaN counts as the largest.

    >>> th.topk(th.tensor([3.0, 1.0, 5.0, 2.0]), 2)
    topk(values=tensor([5., 3.]), indices=tensor([2, 0]))
    """
def kthvalue(input: Tensor, k: SupportsIndex, dim: SupportsIndex = -1, keepdim: bool = False,
             *, out: _Pair | None = None) -> kthvalue_result:
    """The k-th smallest element along dim (k from 1) and its index.

    >>> th.kthvalue(th.tensor([3.0, 1.0, 5.0, 2.0]), 2)
    kthvalue(values=tensor(2.), indices=tensor(3))
    """
@overload
def median(input: Tensor, dim: None = None, keepdim: bool = False, *,
           out: None = None) -> Tensor:
    """median(input): the lower median of every element (NaN if there is
    one); median(input, dim): the (values, indices) pair along dim.

    >>> th.median(th.tensor([3.0, 1.0, 5.0, 2.0]))
    tensor(2.)
    """
@overload
def median(input: Tensor, dim: SupportsIndex, keepdim: bool = False, *,
           out: _Pair | None = None) -> median_result: ...
@overload
def nanmedian(input: Tensor, dim: None = None, keepdim: bool = False, *,
              out: None = None) -> Tensor:
    """median ignoring NaNs (NaN where a row has nothing else).

    >>> th.nanmedian(th.tensor([3.0, float('nan'), 1.0]))
    tensor(1.)
    """
@overload
def nanmedian(input: Tensor, dim: SupportsIndex, keepdim: bool = False, *,
              out: _Pair | None = None) -> nanmedian_result: ...
def mode(input: Tensor, dim: SupportsIndex = -1, keepdim: bool = False, *,
         out: _Pair | None = None) -> mode_result:
    """The most frequent value along dim (the smallest of ties) and the index
    of its last occurrence.

    >>> th.mode(th.tensor([1, 2, 2, 3]))
    mode(values=tensor(2), indices=tensor(2))
    """
def cummax(input: Tensor, dim: SupportsIndex, *, out: _Pair | None = None) -> cummax_result:
    """The running maximum along dim and where each came from (an equal
    element takes over; a NaN stays).

    >>> th.cummax(th.tensor([1, 3, 2]), 0)
    cummax(values=tensor([1, 3, 3]), indices=tensor([0, 1, 1]))
    """
def cummin(input: Tensor, dim: SupportsIndex, *, out: _Pair | None = None) -> cummin_result:
    """The running minimum along dim and where each came from.

    >>> th.cummin(th.tensor([3, 1, 2]), 0)
    cummin(values=tensor([3, 1, 1]), indices=tensor([0, 1, 1]))
    """
def cumsum(input: Tensor, dim: SupportsIndex, *, dtype: _DTypeLike = None,
           out: Tensor | None = None) -> Tensor:
    """The running sum along dim; bool and integers sum in int64 unless
    dtype says otherwise (the elements are converted to dtype first).

    >>> th.cumsum(th.tensor([1, 2, 3]), 0)
    tensor([1, 3, 6])
    """
def cumprod(input: Tensor, dim: SupportsIndex, *, dtype: _DTypeLike = None,
            out: Tensor | None = None) -> Tensor:
    """The running product along dim; bool and integers in int64 unless
    dtype says otherwise.

    >>> th.cumprod(th.tensor([1, 2, 3]), 0)
    tensor([1, 2, 6])
    """
def logcumsumexp(input: Tensor, dim: SupportsIndex, *, out: Tensor | None = None) -> Tensor:
    """log(cumsum(exp(input))) along dim, computed without overflow
    (floating and complex dtypes; complex in complex128, as torch).

    >>> th.logcumsumexp(th.tensor([0.0, 0.0, 1000.0]), 0)
    tensor([0.0000e+00, 6.9315e-01, 1.0000e+03])
    """
def _scan_(fn: str, self: Tensor, dim: SupportsIndex, dtype: _DTypeLike) -> Tensor: ...
def searchsorted(sorted_sequence: Tensor, input: Tensor | int | float, *, out_int32: bool = False,
                 right: bool = False, side: str | None = None, sorter: Tensor | None = None,
                 out: Tensor | None = None) -> Tensor:
    """Where each element of input would be inserted into the innermost
    (ascending) rows of sorted_sequence to keep them in order: the first such
    index, or the last with right=True (side='right'); int64, or int32 with
    out_int32. sorter: indices that sort unsorted rows.

    >>> th.searchsorted(th.tensor([1, 3, 5, 7]), th.tensor([3, 6]))
    tensor([1, 3])
    """
def bucketize(input: Tensor | int | float, boundaries: Tensor, *, out_int32: bool = False,
              right: bool = False, out: Tensor | None = None) -> Tensor:
    """The bucket of each element of input among the 1-dim ascending
    boundaries: searchsorted(boundaries, input, right=right).

    >>> th.bucketize(th.tensor([3, 6]), th.tensor([1, 3, 5, 7]), right=True)
    tensor([2, 3])
    """
def bincount(input: Tensor, weights: Tensor | None = None, minlength: SupportsIndex = 0) -> Tensor:
    """How often each value of a 1-dim tensor of non-negative integers
    occurs (int64), or the sums of weights by value (float32 for float32
    weights, else float64), over max(input.max() + 1, minlength) bins.

    >>> th.bincount(th.tensor([0, 1, 1, 3]))
    tensor([1, 2, 0, 1])
    """
def histc(input: Tensor, bins: SupportsIndex = 100, min: float = 0, max: float = 0, *,
          out: Tensor | None = None) -> Tensor:
    """A histogram of the elements over bins equal bins of [min, max]
    (min == max: the elements' range); elements outside are left out.

    >>> th.histc(th.tensor([1.0, 2.0, 1.0]), bins=4, min=0, max=3)
    tensor([0., 2., 1., 0.])
    """
def unique(input: Tensor, sorted: bool = True, return_inverse: bool = False,
           return_counts: bool = False,
           dim: SupportsIndex | None = None) -> Tensor | tuple[Tensor, ...]:
    """The distinct elements (dim None) or slices along dim, in ascending
    (lexicographic) order; with the inverse indices (input's shape, or dim's
    length) and the counts when asked. sorted=False sorts too.

    >>> th.unique(th.tensor([2, 1, 2, 3]))
    tensor([1, 2, 3])
    """
def unique_consecutive(input: Tensor, return_inverse: bool = False, return_counts: bool = False,
                       dim: SupportsIndex | None = None) -> Tensor | tuple[Tensor, ...]:
    """unique of each run of equal consecutive elements (or slices).

    >>> th.unique_consecutive(th.tensor([1, 1, 2, 2, 1]))
    tensor([1, 2, 1])
    """
def diff(input: Tensor, n: SupportsIndex = 1, dim: SupportsIndex = -1,
         prepend: Tensor | None = None, append: Tensor | None = None) -> Tensor:
    """The n-th forward difference along dim (input[i + 1] - input[i]; bool:
    !=), after prepend and append are joined on along dim.

    >>> th.diff(th.tensor([1, 4, 9, 16]))
    tensor([3, 5, 7])
    """
def quantile(input: Tensor, q: float | Tensor, dim: SupportsIndex | None = None,
             keepdim: bool = False, *, interpolation: str = "linear",
             out: Tensor | None = None) -> Tensor:
    """The q-th quantiles (q a number or a 1-dim tensor in [0, 1]) of the
    elements (dim None) or along dim, interpolated as interpolation says
    (linear, lower, higher, midpoint, nearest); a row holding NaN gives NaN.

    >>> th.quantile(th.tensor([1.0, 2.0, 3.0, 4.0]), 0.5)
    tensor(2.5000)
    """
def nanquantile(input: Tensor, q: float | Tensor, dim: SupportsIndex | None = None,
                keepdim: bool = False, *, interpolation: str = "linear",
                out: Tensor | None = None) -> Tensor:
    """quantile ignoring NaNs (NaN where a row has nothing else).

    >>> th.nanquantile(th.tensor([1.0, float('nan'), 3.0]), 0.5)
    tensor(2.)
    """
