# Types of th._sort (compiled): sorting, selection and scans.
from typing import NamedTuple, SupportsIndex, overload

from th._dtype import _DTypeLike
from th._tensor import Tensor

class sort_result(NamedTuple):
    values: Tensor
    indices: Tensor

class topk_result(NamedTuple):
    values: Tensor
    indices: Tensor

class kthvalue_result(NamedTuple):
    values: Tensor
    indices: Tensor

class median_result(NamedTuple):
    values: Tensor
    indices: Tensor

class nanmedian_result(NamedTuple):
    values: Tensor
    indices: Tensor

class mode_result(NamedTuple):
    values: Tensor
    indices: Tensor

class cummax_result(NamedTuple):
    values: Tensor
    indices: Tensor

class cummin_result(NamedTuple):
    values: Tensor
    indices: Tensor

_Pair = tuple[Tensor, Tensor]

def sort(input: Tensor, dim: SupportsIndex = -1, descending: bool = False, *,
         stable: bool = False, out: _Pair | None = None) -> sort_result: ...
def argsort(input: Tensor, dim: SupportsIndex = -1, descending: bool = False,
            stable: bool = False) -> Tensor: ...
def msort(input: Tensor, *, out: Tensor | None = None) -> Tensor: ...
def topk(input: Tensor, k: SupportsIndex, dim: SupportsIndex = -1, largest: bool = True,
         sorted: bool = True, *, out: _Pair | None = None) -> topk_result: ...
def kthvalue(input: Tensor, k: SupportsIndex, dim: SupportsIndex = -1, keepdim: bool = False,
             *, out: _Pair | None = None) -> kthvalue_result: ...
@overload
def median(input: Tensor, dim: None = None, keepdim: bool = False, *,
           out: None = None) -> Tensor: ...
@overload
def median(input: Tensor, dim: SupportsIndex, keepdim: bool = False, *,
           out: _Pair | None = None) -> median_result: ...
@overload
def nanmedian(input: Tensor, dim: None = None, keepdim: bool = False, *,
              out: None = None) -> Tensor: ...
@overload
def nanmedian(input: Tensor, dim: SupportsIndex, keepdim: bool = False, *,
              out: _Pair | None = None) -> nanmedian_result: ...
def mode(input: Tensor, dim: SupportsIndex = -1, keepdim: bool = False, *,
         out: _Pair | None = None) -> mode_result: ...
def cummax(input: Tensor, dim: SupportsIndex, *, out: _Pair | None = None) -> cummax_result: ...
def cummin(input: Tensor, dim: SupportsIndex, *, out: _Pair | None = None) -> cummin_result: ...
def cumsum(input: Tensor, dim: SupportsIndex, *, dtype: _DTypeLike = None,
           out: Tensor | None = None) -> Tensor: ...
def cumprod(input: Tensor, dim: SupportsIndex, *, dtype: _DTypeLike = None,
            out: Tensor | None = None) -> Tensor: ...
def logcumsumexp(input: Tensor, dim: SupportsIndex, *, out: Tensor | None = None) -> Tensor: ...
def _scan_(fn: str, self: Tensor, dim: SupportsIndex, dtype: _DTypeLike) -> Tensor: ...
def searchsorted(sorted_sequence: Tensor, input: Tensor | int | float, *, out_int32: bool = False,
                 right: bool = False, side: str | None = None, sorter: Tensor | None = None,
                 out: Tensor | None = None) -> Tensor: ...
def bucketize(input: Tensor | int | float, boundaries: Tensor, *, out_int32: bool = False,
              right: bool = False, out: Tensor | None = None) -> Tensor: ...
def bincount(input: Tensor, weights: Tensor | None = None, minlength: SupportsIndex = 0) -> Tensor: ...
def histc(input: Tensor, bins: SupportsIndex = 100, min: float = 0, max: float = 0, *,
          out: Tensor | None = None) -> Tensor: ...
def unique(input: Tensor, sorted: bool = True, return_inverse: bool = False,
           return_counts: bool = False,
           dim: SupportsIndex | None = None) -> Tensor | tuple[Tensor, ...]: ...
def unique_consecutive(input: Tensor, return_inverse: bool = False, return_counts: bool = False,
                       dim: SupportsIndex | None = None) -> Tensor | tuple[Tensor, ...]: ...
def diff(input: Tensor, n: SupportsIndex = 1, dim: SupportsIndex = -1,
         prepend: Tensor | None = None, append: Tensor | None = None) -> Tensor: ...
def quantile(input: Tensor, q: float | Tensor, dim: SupportsIndex | None = None,
             keepdim: bool = False, *, interpolation: str = "linear",
             out: Tensor | None = None) -> Tensor: ...
def nanquantile(input: Tensor, q: float | Tensor, dim: SupportsIndex | None = None,
                keepdim: bool = False, *, interpolation: str = "linear",
                out: Tensor | None = None) -> Tensor: ...
