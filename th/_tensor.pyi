# Types of th._tensor (compiled): th.Tensor. Methods taking a shape accept
# it as several ints or as one sequence, as torch's do (the overloads).
import builtins
from collections.abc import Iterator, Sequence
from typing import Any, Literal, Optional, SupportsIndex, Union, overload
from types import ModuleType

from th._device import _DeviceLike
from th._device import device as _device  # Tensor.device, a property, shadows the name
from th._dtype import _DTypeLike
from th._memory_format import memory_format as _memory_format
from th._layout import layout as _layout
from th._dtype import dtype as _dtype  # Tensor.dtype, a property, shadows the name
from th._expr import Expr
from th._sparse import SparseTensor
from th._storage import Storage, _Scalar
from th._reduce import max_result, min_result
from th._sort import (cummax_result, cummin_result, kthvalue_result, median_result, mode_result,
                      nanmedian_result, sort_result, topk_result)

_Shape = Sequence[SupportsIndex]
# an index: ints, slices (positive steps), None, ... or a tuple of them
_Index = Union[SupportsIndex, slice, None, ellipsis, tuple[Any, ...]]
# what copy_, __setitem__ and th.tensor take: a tensor, a number or nested sequences
_Data = Union[Tensor, _Scalar, Sequence[Any]]
# beta and alpha of the products
_Coefficient = Union[int, builtins.float]

# an operand of element-wise math: a tensor, an expression or a number
_Number = Union[bool, int, float, complex]
_Operand = Union[Tensor, Expr, _Number]
# the dims of a reduction: one or several
_Dims = Union[SupportsIndex, Sequence[SupportsIndex]]

def live_wrappers() -> int:
    """th.Tensor Python objects alive right now."""
def cached_wrappers() -> int:
    """Dead th.Tensor objects kept for reuse (none under TH_NO_CACHE)."""

class Tensor:
    """A strided view of a th.Storage: (storage, offset, sizes, strides).

    ``th.Tensor(2, 3, dtype=th.float32)`` makes an uninitialised tensor,
    ``th.Tensor(storage)`` a 1-d view of a whole storage, and
    ``th.Tensor([[1, 2], [3, 4]])`` a float32 copy of nested data; the
    factories (th.empty, th.zeros, th.tensor, ...) say more.

    >>> th.Tensor(2, 3).shape
    (2, 3)
    """

    @overload
    def __init__(self, *size: SupportsIndex, dtype: _DTypeLike = None) -> None: ...
    @overload
    def __init__(self, size: _Shape, /, *, dtype: _DTypeLike = None) -> None: ...
    @overload
    def __init__(self, storage: Storage, /) -> None: ...
    @overload
    def __init__(self, data: _Data, /, *, dtype: _DTypeLike = None) -> None: ...

    # geometry
    @property
    def shape(self) -> tuple[builtins.int, ...]:
        """The sizes, as a tuple.

        >>> th.arange(6.0).view(2, 3).shape
        (2, 3)
        """
    @overload
    def size(self, dim: None = None) -> tuple[builtins.int, ...]:
        """The sizes as a tuple, or the size of one dim (negative: from the end).

        >>> th.arange(6.0).view(2, 3).size(), th.arange(6.0).view(2, 3).size(-1)
        ((2, 3), 3)
        """
    @overload
    def size(self, dim: SupportsIndex) -> builtins.int: ...
    @overload
    def stride(self, dim: None = None) -> tuple[builtins.int, ...]:
        """The strides (in elements) as a tuple, or the stride of one dim.

        >>> th.arange(6.0).view(2, 3).stride(), th.arange(6.0).view(2, 3).t().stride(0)
        ((3, 1), 1)
        """
    @overload
    def stride(self, dim: SupportsIndex) -> builtins.int: ...
    def storage_offset(self) -> builtins.int:
        """Offset of the first element in the storage, in elements.

        >>> th.arange(5)[2:].storage_offset()
        2
        """
    def dim(self) -> builtins.int:
        """The number of dims.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).dim()
        2
        """
    @property
    def ndim(self) -> builtins.int:
        """The number of dims (a property).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).ndim
        2
        """
    def numel(self) -> builtins.int:
        """The number of elements.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).numel()
        4
        """
    def nelement(self) -> builtins.int:
        """The number of elements (numel()).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).nelement()
        4
        """
    @property
    def dtype(self) -> _dtype:
        """The element type, a th.dtype.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).dtype
        th.float32
        """
    def element_size(self) -> builtins.int:
        """Bytes per element.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).element_size()
        4
        """
    @property
    def itemsize(self) -> builtins.int:
        """Bytes per element (a property).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).itemsize
        4
        """
    @property
    def nbytes(self) -> builtins.int:
        """Bytes the elements take: numel() * element_size() (a property).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).nbytes
        16
        """
    def is_contiguous(self) -> builtins.bool:
        """True if the elements lie in row-major order without gaps.

        >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> t.is_contiguous(), t.t().is_contiguous()
        (True, False)
        """
    def is_set_to(self, other: Tensor) -> builtins.bool:
        """True if both view the same storage with the same geometry.

        >>> t = th.arange(4.0)
        >>> t.is_set_to(t.view(4)), t.is_set_to(t.view(2, 2))
        (True, False)
        """

    # views: a new Tensor over the same storage
    def narrow(self, dim: SupportsIndex, start: SupportsIndex, length: SupportsIndex) -> Tensor:
        """Elements start .. start + length - 1 of dim (start may be negative).

        >>> th.arange(5).narrow(0, 1, 3)
        tensor([1, 2, 3])
        """
    def select(self, dim: SupportsIndex, index: SupportsIndex) -> Tensor:
        """The slice at index of dim, with that dim removed.

        >>> th.arange(6.0).view(2, 3).select(1, 0)
        tensor([0., 3.])
        """
    def transpose(self, dim0: SupportsIndex, dim1: SupportsIndex) -> Tensor:
        """dims dim0 and dim1 swapped, a view.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).transpose(0, 1)
        tensor([[1., 3.],
                [2., 4.]])
        """
    def t(self) -> Tensor:
        """transpose(0, 1) of a 2-dim tensor; a 0- or 1-dim tensor as it is.

        >>> th.arange(6.0).view(2, 3).t()
        tensor([[0., 3.],
                [1., 4.],
                [2., 5.]])
        """
    @property
    def T(self) -> Tensor:
        """The dims in reverse order (numpy's .T).

        >>> th.arange(6.0).view(2, 3).T.shape
        (3, 2)
        """
    @overload
    def permute(self, *dims: SupportsIndex) -> Tensor:
        """i of the result is dim dims[i] of this tensor.

        >>> th.zeros(2, 3, 4).permute(2, 0, 1).shape
        (4, 2, 3)
        """
    @overload
    def permute(self, dims_: _Shape, /) -> Tensor: ...
    @overload
    def permute(self, *, dims: _Shape) -> Tensor: ...
    def unfold(self, dimension: SupportsIndex, size: SupportsIndex,
               step: SupportsIndex) -> Tensor:
        """Every slice of size elements along dimension, step apart, as a new last dim.

        >>> th.arange(5).unfold(0, 2, 1)
        tensor([[0, 1],
                [1, 2],
                [2, 3],
                [3, 4]])
        """
    @overload
    def expand(self, *sizes: SupportsIndex) -> Tensor:
        """Broadcast to sizes (or size=) without copying: size-1 dims stretch
        with stride 0, new leading dims are added, -1 keeps a size.

        >>> th.tensor([1, 2]).expand(2, -1)
        tensor([[1, 2],
                [1, 2]])
        """
    @overload
    def expand(self, sizes: _Shape, /) -> Tensor: ...
    @overload
    def expand(self, *, size: _Shape) -> Tensor: ...
    def expand_as(self, other: Tensor) -> Tensor:
        """expand() to other's shape.

        >>> th.tensor([1, 2]).expand_as(th.zeros(2, 2))
        tensor([[1, 2],
                [1, 2]])
        """
    @overload
    def view(self, *shape: SupportsIndex) -> Tensor:
        """The same elements with a new shape (one size may be -1), sharing the
        storage; ValueError when the strides cannot express it (use reshape).
        view(dtype): the same bytes read as dtype (th._views.view_dtype).

        >>> th.arange(6).view(3, -1)
        tensor([[0, 1],
                [2, 3],
                [4, 5]])
        """
    @overload
    def view(self, shape: _Shape, /) -> Tensor: ...
    @overload
    def view(self, dtype: _dtype, /) -> Tensor: ...
    @overload
    def reshape(self, *shape: SupportsIndex) -> Tensor:
        """view() when possible, else a view of a contiguous copy; reshape(2, 3),
        reshape((2, 3)) or reshape(shape=(2, 3)).

        >>> th.arange(6.0).view(2, 3).t().reshape(6)
        tensor([0., 3., 1., 4., 2., 5.])
        """
    @overload
    def reshape(self, shape_: _Shape, /) -> Tensor: ...
    @overload
    def reshape(self, *, shape: _Shape) -> Tensor: ...
    def squeeze(self, dim: SupportsIndex | Sequence[SupportsIndex] | None = None) -> Tensor:
        """Without size-1 dims (or without dim, or each of a tuple of dims, if
        its size is 1).

        >>> th.zeros(1, 2, 1).squeeze().shape
        (2,)
        """
    def unsqueeze(self, dim: SupportsIndex) -> Tensor:
        """A size-1 dim inserted at dim (in [-(ndim + 1), ndim]).

        >>> th.tensor([1, 2]).unsqueeze(1)
        tensor([[1],
                [2]])
        """
    def flatten(self, start_dim: SupportsIndex = 0, end_dim: SupportsIndex = -1) -> Tensor:
        """Dims start_dim .. end_dim merged into one (a view when possible).

        >>> th.arange(6.0).view(2, 3).flatten()
        tensor([0., 1., 2., 3., 4., 5.])
        """
    def as_strided(self, size: _Shape, stride: _Shape,
                   storage_offset: SupportsIndex | None = None) -> Tensor:
        """Any geometry over this tensor's storage (checked to lie inside it).

        >>> th.arange(4.0).as_strided((2, 2), (1, 1))
        tensor([[0., 1.],
                [1., 2.]])
        """
    def diagonal(self, offset: SupportsIndex = 0, dim1: SupportsIndex = 0,
                 dim2: SupportsIndex = 1) -> Tensor:
        """The diagonal of dims dim1 and dim2 as a new last dim (torch.diagonal).

        >>> th.arange(6.0).view(2, 3).diagonal()
        tensor([0., 4.])
        >>> th.arange(6.0).view(2, 3).diagonal(1)
        tensor([1., 5.])
        """
    def __getitem__(self, index: _Index, /) -> Tensor: ...

    # copies
    def __setitem__(self, index: _Index, value: _Data, /) -> None: ...

    def __complex__(self) -> complex: ...
    def float(self) -> Tensor:
        """This tensor as float32 (torch's .float()): itself when it already
        is, else a converted copy. The way out for bfloat16, which numpy and
        the buffer protocol lack.

        >>> th.tensor([1, 2]).float()
        tensor([1., 2.])
        """

    # torch's reshaping views (flip copies)
    def view_as(self, other: Tensor) -> Tensor:
        """view() with other's shape.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).view_as(th.zeros(4))
        tensor([1., 2., 3., 4.])
        """
    def reshape_as(self, other: Tensor) -> Tensor:
        """reshape() to other's shape.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).t().reshape_as(th.zeros(4))
        tensor([1., 3., 2., 4.])
        """
    def movedim(self, source: builtins.int | Sequence[builtins.int],
                destination: builtins.int | Sequence[builtins.int]) -> Tensor:
        """Dims source (an int or a sequence) moved to positions destination;
        the other dims keep their order.

        >>> th.zeros(2, 3, 4).movedim((0, 1), (2, 0)).shape
        (3, 4, 2)
        """
    def moveaxis(self, source: builtins.int | Sequence[builtins.int],
                 destination: builtins.int | Sequence[builtins.int]) -> Tensor:
        """Dims source (an int or a sequence) moved to positions destination;
        the other dims keep their order.

        >>> th.zeros(2, 3, 4).movedim((0, 1), (2, 0)).shape
        (3, 4, 2)
        """
    def swapaxes(self, axis0: SupportsIndex, axis1: SupportsIndex) -> Tensor:
        """numpy's name of transpose().

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).swapaxes(0, 1).stride()
        (1, 2)
        """
    def swapdims(self, dim0: SupportsIndex, dim1: SupportsIndex) -> Tensor:
        """Another name of transpose().

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).swapdims(0, 1).stride()
        (1, 2)
        """
    @property
    def mT(self) -> Tensor:
        """The last two dims swapped (a batch of matrices transposed); a
        0-dim tensor itself, as torch (deprecated there, so it warns).

        >>> th.arange(6.0).view(2, 3).mT.shape
        (3, 2)
        """
    @property
    def mH(self) -> Tensor:
        """The last two dims swapped and conjugated, as adjoint(): a view for real
        dtypes, a copy for complex ones (th has no lazy conjugate).

        >>> th.tensor([[1 + 2j, 3.0]]).mH
        tensor([[1.-2.j],
                [3.-0.j]])
        """
    @property
    def H(self) -> Tensor:
        """A matrix's conjugate transpose (2 dims only; mH for batches): a view for
        real dtypes, a copy for complex ones.

        >>> th.tensor([[1.0, 2.0]]).H
        tensor([[1.],
                [2.]])
        """
    def unflatten(self, dim: SupportsIndex, sizes: _Shape) -> Tensor:
        """Dim dim split into sizes (a tuple or list; one may be -1), a view.

        >>> th.arange(6).unflatten(0, (2, 3))
        tensor([[0, 1, 2],
                [3, 4, 5]])
        """
    def chunk(self, chunks: SupportsIndex, dim: SupportsIndex = 0) -> tuple[Tensor, ...]:
        """At most chunks views along dim, each ceil(size / chunks) long but
        the last (a tuple, as torch).

        >>> th.arange(5).chunk(2)
        (tensor([0, 1, 2]), tensor([3, 4]))
        """
    def split(self, split_size: SupportsIndex | _Shape,
              dim: SupportsIndex = 0) -> tuple[Tensor, ...]:
        """Views along dim, each split_size long (the last may be shorter), or
        of the given sizes (a sequence summing to the dim's size).

        >>> th.arange(5).split(2)
        (tensor([0, 1]), tensor([2, 3]), tensor([4]))
        """
    def unbind(self, dim: SupportsIndex = 0) -> tuple[Tensor, ...]:
        """The slices along dim, each without it (a tuple of views).

        >>> th.arange(6.0).view(2, 3).unbind(1)
        (tensor([0., 3.]), tensor([1., 4.]), tensor([2., 5.]))
        """
    @overload
    def flip(self, *dims: SupportsIndex) -> Tensor:
        """A contiguous copy with the elements of each of dims in reverse
        order: flip(0, 2), flip((0, 2)) or flip(dims=(0, 2)).

        >>> th.arange(6.0).view(2, 3).flip(1)
        tensor([[2., 1., 0.],
                [5., 4., 3.]])
        """
    @overload
    def flip(self, dims_: _Shape, /) -> Tensor: ...
    @overload
    def flip(self, *, dims: _Shape) -> Tensor: ...
    # combinators and function forms as methods (th/_views.py, _combine.py, _einsum.py)
    @overload
    def repeat(self, *repeats: SupportsIndex) -> Tensor:
        """self repeated repeats[i] times along dim i (a new tensor).

        >>> th.tensor([1, 2]).repeat(2, 2)
        tensor([[1, 2, 1, 2],
                [1, 2, 1, 2]])
        """
    @overload
    def repeat(self, repeats: _Shape, /) -> Tensor: ...
    def repeat_interleave(self, repeats: SupportsIndex | Tensor, dim: SupportsIndex | None = None,
                          *, output_size: SupportsIndex | None = None) -> Tensor:
        """Each element (or slice along dim) repeated repeats times in a row.

        >>> th.tensor([1, 2]).repeat_interleave(2)
        tensor([1, 1, 2, 2])
        >>> th.tensor([1, 2]).repeat_interleave(th.tensor([1, 3]))
        tensor([1, 2, 2, 2])
        """
    @overload
    def tile(self, *dims: SupportsIndex) -> Tensor:
        """self repeated dims[i] times along dim i, dims padded with leading 1s.

        >>> th.tensor([[1, 2]]).tile((2,))
        tensor([[1, 2, 1, 2]])
        """
    @overload
    def tile(self, dims: _Shape, /) -> Tensor: ...
    def roll(self, shifts: _Dims, dims: _Dims | None = None) -> Tensor:
        """The elements shifted by shifts along dims, wrapping around (flattened without dims).

        >>> th.arange(5).roll(2)
        tensor([3, 4, 0, 1, 2])
        """
    def rot90(self, k: SupportsIndex = 1, dims: _Shape = (0, 1)) -> Tensor:
        """Rotated by 90 degrees k times in the plane of dims.

        >>> th.tensor([[1, 2], [3, 4]]).rot90()
        tensor([[2, 4],
                [1, 3]])
        """
    def broadcast_to(self, size: _Shape) -> Tensor:
        """expand() to a shape that broadcasting rules allow, a view.

        >>> th.tensor([1, 2]).broadcast_to((2, 2))
        tensor([[1, 2],
                [1, 2]])
        """
    def take_along_dim(self, indices: Tensor, dim: SupportsIndex | None = None) -> Tensor:
        """The elements at indices along dim (gather with broadcasting).

        >>> th.tensor([[10, 30, 20]]).take_along_dim(th.tensor([[1, 0]]), dim=1)
        tensor([[30, 10]])
        """
    def masked_fill(self, mask: Tensor, value: _Scalar | Tensor) -> Tensor:
        """A new tensor: self, with value where mask is true (broadcast).

        >>> th.zeros(3).masked_fill(th.tensor([True, False, True]), 1.0)
        tensor([1., 0., 1.])
        """
    def outer(self, vec2: Tensor) -> Tensor:
        """The outer product of two 1-dim tensors.

        >>> th.tensor([1, 2]).outer(th.tensor([3, 4]))
        tensor([[3, 4],
                [6, 8]])
        """
    def ger(self, vec2: Tensor) -> Tensor:
        """outer(): the outer product of two 1-dim tensors.

        >>> th.tensor([1, 2]).ger(th.tensor([3, 4]))
        tensor([[3, 4],
                [6, 8]])
        """
    def inner(self, other: Tensor) -> Tensor:
        """The sum of products over the last dims of both.

        >>> th.tensor([1, 2]).inner(th.tensor([3, 4]))
        tensor(11)
        """
    def adjoint(self) -> Tensor:
        """The last two dims swapped and conjugated (a view; for complex dtypes a copy).

        >>> th.tensor([[1 + 1j, 2.0]]).adjoint()
        tensor([[1.-1.j],
                [2.-0.j]])
        """
    def ndimension(self) -> builtins.int:
        """The number of dims: dim()'s other name.

        >>> th.zeros(2, 3).ndimension()
        2
        """
    def t_(self) -> Tensor:
        """In place t(): this tensor's dims 0 and 1 swapped (at most 2 dims).

        >>> th.zeros(2, 3).t_().shape
        (3, 2)
        """
    def unsafe_chunk(self, chunks: SupportsIndex, dim: SupportsIndex = 0) -> tuple[Tensor, ...]:
        """chunk() (torch's form without its autograd checks; th has no autograd).

        >>> th.arange(5).unsafe_chunk(2)
        (tensor([0, 1, 2]), tensor([3, 4]))
        """
    def unsafe_split(self, split_size: SupportsIndex, dim: SupportsIndex = 0) -> tuple[Tensor, ...]:
        """split() (torch's form without its autograd checks; th has no autograd).

        >>> th.arange(5).unsafe_split(2)
        (tensor([0, 1]), tensor([2, 3]), tensor([4]))
        """
    def vdot(self, other: Tensor, *, out: Tensor | None = None) -> Tensor:
        """>>> th.tensor([1 + 2j, 3j]).vdot(th.tensor([2 + 0j, 1 + 1j]))
        tensor(5.-7.j)
        """
    def absolute(self) -> Tensor:
        """abs()'s other name.

        >>> th.tensor([-1.5, 2.0]).absolute()
        tensor([1.5000, 2.0000])
        """
    def absolute_(self) -> Tensor:
        """abs_()'s other name.

        >>> th.tensor([-1.5, 2.0]).absolute_()
        tensor([1.5000, 2.0000])
        """
    def negative(self) -> Tensor:
        """neg()'s other name.

        >>> th.tensor([-1.5, 2.0]).negative()
        tensor([ 1.5000, -2.0000])
        """
    def negative_(self) -> Tensor:
        """neg_()'s other name.

        >>> th.tensor([-1.5, 2.0]).negative_()
        tensor([ 1.5000, -2.0000])
        """
    def not_equal(self, other: Any) -> Tensor:
        """ne()'s other name.

        >>> th.tensor([1.0, 2.0]).not_equal(2.0)
        tensor([ True, False])
        """
    def not_equal_(self, other: Any) -> Tensor:
        """ne_()'s other name.

        >>> th.tensor([1.0, 2.0]).not_equal_(2.0)
        tensor([1., 0.])
        """
    def sgn(self) -> Tensor:
        """sign() for real dtypes; z / |z| (0 for 0) for complex ones.

        >>> th.tensor([3 + 4j, 0j]).sgn()
        tensor([0.6000+0.8000j, 0.0000+0.0000j])
        """
    def sgn_(self) -> Tensor:
        """In place sgn(): writes the result into this tensor and returns it.

        >>> th.tensor([-2.0, 3.0]).sgn_()
        tensor([-1.,  1.])
        """
    def fix(self) -> Tensor:
        """trunc()'s other name.

        >>> th.tensor([-1.5, 2.5]).fix()
        tensor([-1.,  2.])
        """
    def fix_(self) -> Tensor:
        """trunc_()'s other name.

        >>> th.tensor([-1.5, 2.5]).fix_()
        tensor([-1.,  2.])
        """
    def byte(self) -> Tensor:
        """This tensor as uint8: itself when it already is, else a copy.

        >>> th.tensor([1.5, 2.0]).byte()
        tensor([1, 2], dtype=th.uint8)
        """
    def char(self) -> Tensor:
        """This tensor as int8: itself when it already is, else a copy.

        >>> th.tensor([1.5, -2.0]).char()
        tensor([ 1, -2], dtype=th.int8)
        """
    def short(self) -> Tensor:
        """This tensor as int16: itself when it already is, else a copy.

        >>> th.tensor([1.5, -2.0]).short()
        tensor([ 1, -2], dtype=th.int16)
        """
    def type_as(self, other: Tensor) -> Tensor:
        """This tensor in other's dtype: itself when it already is, else a copy.

        >>> th.tensor([1.5, 2.0]).type_as(th.tensor([1]))
        tensor([1, 2])
        """
    def resize_as_(self, the_template: Tensor) -> Tensor:
        """resize_(the_template's sizes).

        >>> th.zeros(2).resize_as_(th.ones(2, 3)).shape
        (2, 3)
        """
    def sum_to_size(self, *size: Any) -> Tensor:
        """Summed over the dims that size (to which this tensor's shape
        broadcasts) has as 1 or lacks: the reverse of expand().

        >>> th.arange(6.0).view(2, 3).sum_to_size(1, 3)
        tensor([[3., 5., 7.]])
        """
    def fill_diagonal_(self, fill_value: Any, wrap: builtins.bool = False) -> Tensor:
        """Fill the main diagonal (the elements whose indices are all equal)
        with fill_value, in place. All dims must be equal but for a 2-dim
        tensor; wrap=True continues a tall matrix's diagonal every
        columns + 1 rows, as torch (and numpy) do.

        >>> th.zeros(2, 3).fill_diagonal_(5)
        tensor([[5., 0., 0.],
                [0., 5., 0.]])
        """
    def is_pinned(self) -> builtins.bool:
        """False: th has no pinned (page-locked) memory; it computes on the CPU only.

        >>> th.zeros(2).is_pinned()
        False
        """
    def pin_memory(self) -> Tensor:
        """Refused, as torch refuses it without an accelerator: th computes on the CPU only.

        >>> th.zeros(2).pin_memory()
        Traceback (most recent call last):
        ...
        th.Error: pin_memory(): pinned memory requires an accelerator backend; th computes on the CPU only
        """
    def is_conj(self) -> builtins.bool:
        """False: th conjugates at once (conj() of a complex tensor is a copy), never
        lazily (torch's conj() is lazy: its is_conj() is then True).

        >>> th.tensor([1j]).is_conj()
        False
        """
    def is_neg(self) -> builtins.bool:
        """False: th negates at once, never lazily.

        >>> th.zeros(2).is_neg()
        False
        """
    def resolve_conj(self) -> Tensor:
        """This tensor itself (th has no lazy conjugate to resolve).

        >>> t = th.tensor([1j])
        >>> t.resolve_conj() is t
        True
        """
    def resolve_neg(self) -> Tensor:
        """This tensor itself (th has no lazy negation to resolve).

        >>> t = th.zeros(2)
        >>> t.resolve_neg() is t
        True
        """
    @property
    def is_meta(self) -> builtins.bool:
        """False: every th tensor has its elements in memory.

        >>> th.zeros(2).is_meta
        False
        """
    def apply_(self, callable: Any) -> Tensor:
        """Each element x replaced by callable(x), a number (a Python call per
        element: slow, as torch's), in place; the results are converted as to()
        converts (an integer wraps, a float beyond float16's range is inf).

        >>> th.arange(4.0).apply_(lambda x: x * 2 + 1)
        tensor([1., 3., 5., 7.])
        """
    def map_(self, tensor: Tensor, callable: Any) -> Tensor:
        """Each element x replaced by callable(x, y), y the element of tensor
        (broadcast to this shape) at its place, in place (a Python call per
        element, as torch's).

        >>> th.arange(3.0).map_(th.tensor([10.0]), lambda x, y: x + y)
        tensor([10., 11., 12.])
        """
    @property
    def layout(self) -> _layout:
        """th.strided: a th.Tensor is a strided view (th.SparseTensor's is th.sparse_coo).

        >>> th.zeros(2).layout
        th.strided
        """
    def to_dense(self, dtype: _DTypeLike | None = None) -> Tensor:
        """This tensor itself: it is dense already (th.SparseTensor.to_dense()
        makes one); with dtype=, as to(dtype).

        >>> t = th.zeros(2)
        >>> t.to_dense() is t
        True
        """
    def ravel(self) -> Tensor:
        """self as one dim: a view when contiguous, else a copy.

        >>> th.arange(6).view(2, 3).t().ravel()
        tensor([0, 3, 1, 4, 2, 5])
        """
    @property
    def real(self) -> Tensor:
        """The real parts (a view) of a complex tensor; a real tensor itself.

        >>> th.tensor([1 + 2j, 3 - 4j]).real
        tensor([1., 3.])
        """
    @property
    def imag(self) -> Tensor:
        """The imaginary parts (a view) of a complex tensor.

        >>> th.tensor([1 + 2j, 3 - 4j]).imag
        tensor([ 2., -4.])
        """
    def fliplr(self) -> Tensor:
        """A copy with dim 1 reversed.

        >>> th.tensor([[1, 2], [3, 4]]).fliplr()
        tensor([[2, 1],
                [4, 3]])
        """
    def flipud(self) -> Tensor:
        """A copy with dim 0 reversed.

        >>> th.tensor([[1, 2], [3, 4]]).flipud()
        tensor([[3, 4],
                [1, 2]])
        """
    def narrow_copy(self, dim: SupportsIndex, start: SupportsIndex,
                    length: SupportsIndex) -> Tensor:
        """narrow(), copied.

        >>> th.arange(5).narrow_copy(0, 1, 3)
        tensor([1, 2, 3])
        """
    def select_scatter(self, src: Tensor, dim: SupportsIndex, index: SupportsIndex) -> Tensor:
        """A copy whose slice select(dim, index) holds src (th.select_scatter).

        >>> th.zeros(2, 2).select_scatter(th.ones(2), 0, 0)
        tensor([[1., 1.],
                [0., 0.]])
        """
    def slice_scatter(self, src: Tensor, dim: SupportsIndex = 0,
                      start: SupportsIndex | None = None, end: SupportsIndex | None = None,
                      step: SupportsIndex = 1) -> Tensor:
        """A copy whose elements start:end:step along dim hold src (th.slice_scatter).

        >>> th.zeros(4).slice_scatter(th.ones(2), start=1, end=3)
        tensor([0., 1., 1., 0.])
        """
    def diagonal_scatter(self, src: Tensor, offset: SupportsIndex = 0, dim1: SupportsIndex = 0,
                         dim2: SupportsIndex = 1) -> Tensor:
        """A copy whose diagonal(offset, dim1, dim2) holds src (th.diagonal_scatter).

        >>> th.zeros(2, 2).diagonal_scatter(th.ones(2))
        tensor([[1., 0.],
                [0., 1.]])
        """
    def tensor_split(self, indices_or_sections: SupportsIndex | _Shape | Tensor,
                     dim: SupportsIndex = 0) -> tuple[Tensor, ...]:
        """Views along dim: a number of near-equal parts or the indices to split at.

        >>> th.arange(5).tensor_split(3)
        (tensor([0, 1]), tensor([2, 3]), tensor([4]))
        """
    def hsplit(self, indices_or_sections: SupportsIndex | _Shape) -> tuple[Tensor, ...]:
        """Views along dim 1 (dim 0 of a 1-dim tensor): a number of equal parts or the indices
        to split at.

        >>> th.arange(6).hsplit(3)
        (tensor([0, 1]), tensor([2, 3]), tensor([4, 5]))
        """
    def vsplit(self, indices_or_sections: SupportsIndex | _Shape) -> tuple[Tensor, ...]:
        """Views along dim 0: a number of equal parts or the indices to split at.

        >>> [p.shape for p in th.zeros(4, 2).vsplit(2)]
        [(2, 2), (2, 2)]
        """
    def dsplit(self, indices_or_sections: SupportsIndex | _Shape) -> tuple[Tensor, ...]:
        """Views along dim 2: a number of equal parts or the indices to split at.

        >>> [p.shape for p in th.zeros(1, 1, 4).dsplit(2)]
        [(1, 1, 2), (1, 1, 2)]
        """
    @overload
    def type(self, dtype: None = None, non_blocking: builtins.bool = False) -> str:
        """type(dtype) or type('torch.DoubleTensor' / 'th.DoubleTensor'): self
        converted (itself when of that type already).

        >>> th.zeros(1).type()
        'th.FloatTensor'
        >>> th.zeros(1).type(th.int64).dtype
        th.int64
        """
    @overload
    def type(self, dtype: _dtype | str, non_blocking: builtins.bool = False) -> Tensor: ...
    def new_tensor(self, data: _Data, *, dtype: _DTypeLike = None, **kwargs: Any) -> Tensor:
        """A copy of data as a tensor of dtype (default: self's).

        >>> th.ones(1, dtype=th.float64).new_tensor([1, 2])
        tensor([1., 2.], dtype=th.float64)
        """
    @overload
    def new_empty(self, *size: SupportsIndex, dtype: _DTypeLike = None,
                  **kwargs: Any) -> Tensor:
        """An uninitialised tensor of size, of dtype (default: self's).

        >>> th.ones(2, dtype=th.int32).new_empty(3).dtype
        th.int32
        """
    @overload
    def new_empty(self, size: _Shape, /, *, dtype: _DTypeLike = None,
                  **kwargs: Any) -> Tensor: ...
    @overload
    def new_zeros(self, *size: SupportsIndex, dtype: _DTypeLike = None,
                  **kwargs: Any) -> Tensor:
        """Zeros of size, this tensor's dtype (or dtype=).

        >>> th.ones(2, dtype=th.int8).new_zeros(2, 2)
        tensor([[0, 0],
                [0, 0]], dtype=th.int8)
        """
    @overload
    def new_zeros(self, size: _Shape, /, *, dtype: _DTypeLike = None,
                  **kwargs: Any) -> Tensor: ...
    @overload
    def new_ones(self, *size: SupportsIndex, dtype: _DTypeLike = None,
                 **kwargs: Any) -> Tensor:
        """Ones of size, this tensor's dtype (or dtype=).

        >>> th.ones(2, dtype=th.float64).new_ones(2)
        tensor([1., 1.], dtype=th.float64)
        """
    @overload
    def new_ones(self, size: _Shape, /, *, dtype: _DTypeLike = None,
                 **kwargs: Any) -> Tensor: ...
    def new_full(self, size: _Shape, fill_value: _Scalar, *, dtype: _DTypeLike = None,
                 **kwargs: Any) -> Tensor:
        """A tensor of size filled with fill_value, this tensor's dtype (or dtype=).

        >>> th.ones(2, dtype=th.int32).new_full((2,), 7)
        tensor([7, 7], dtype=th.int32)
        """

    # the gather family (copies) and its in-place writers
    def index_select(self, dim: SupportsIndex, index: Tensor) -> Tensor:
        """The entries at index (a 1-dim integer tensor) along dim, copied.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).index_select(0, th.tensor([1, 1]))
        tensor([[3., 4.],
                [3., 4.]])
        """
    def gather(self, dim: SupportsIndex, index: Tensor) -> Tensor:
        """out[i][j] = self[index[i][j]][j] for dim 0 (and so on for other dims).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).gather(1, th.tensor([[1], [0]]))
        tensor([[2.],
                [3.]])
        """
    def masked_select(self, mask: Tensor) -> Tensor:
        """The elements where mask is true, as a 1-dim copy.

        >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> t.masked_select(t > 1.5)
        tensor([2., 3., 4.])
        """
    @overload
    def nonzero(self, *, as_tuple: Literal[False] = False) -> Tensor:
        """The indices of the nonzero elements, one row each (as_tuple=True: one tensor per
        dim).

        >>> th.tensor([[0, 1], [2, 0]]).nonzero()
        tensor([[0, 1],
                [1, 0]])
        """
    @overload
    def nonzero(self, *, as_tuple: Literal[True]) -> tuple[Tensor, ...]: ...
    def scatter_(self, dim: SupportsIndex, index: Tensor, src: Tensor | None = None, *,
                 value: Any = None) -> Tensor:
        """In place scatter(): writes the result into this tensor and returns it.

        >>> th.zeros(3).scatter_(0, th.tensor([2, 0]), th.tensor([5.0, 6.0]))
        tensor([6., 0., 5.])
        """
    def scatter(self, dim: SupportsIndex, index: Tensor, src: Tensor | None = None, *,
                value: Any = None) -> Tensor:
        """A copy with src (or value) written at index along dim (reduce='add'/'multiply').

        >>> th.zeros(3).scatter(0, th.tensor([2, 0]), th.tensor([5.0, 6.0]))
        tensor([6., 0., 5.])
        """
    def index_copy_(self, dim: SupportsIndex, index: Tensor, source: Tensor) -> Tensor:
        """Copy source's slices into index along dim, in place.

        >>> th.zeros(3).index_copy_(0, th.tensor([2, 0]), th.tensor([1.0, 2.0]))
        tensor([2., 0., 1.])
        """
    def index_fill_(self, dim: SupportsIndex, index: Tensor, value: Any) -> Tensor:
        """Fill the slices at index along dim with value, in place.

        >>> th.zeros(3).index_fill_(0, th.tensor([2]), 7.0)
        tensor([0., 0., 7.])
        """
    def masked_fill_(self, mask: Tensor, value: Any) -> Tensor:
        """Fill the elements where mask is true with value, in place.

        >>> th.zeros(3).masked_fill_(th.tensor([True, False, True]), 1.0)
        tensor([1., 0., 1.])
        """
    def scatter_add_(self, dim: SupportsIndex, index: Tensor, src: Tensor) -> Tensor:
        """In place scatter_add(): writes the result into this tensor and returns it.

        >>> th.zeros(3).scatter_add_(0, th.tensor([2, 2]), th.tensor([5.0, 6.0]))
        tensor([ 0.,  0., 11.])
        """
    def scatter_add(self, dim: SupportsIndex, index: Tensor, src: Tensor) -> Tensor:
        """A copy with src added at index along dim.

        >>> th.zeros(3).scatter_add(0, th.tensor([2, 2]), th.tensor([5.0, 6.0]))
        tensor([ 0.,  0., 11.])
        """
    def scatter_reduce_(self, dim: SupportsIndex, index: Tensor, src: Tensor, reduce: str, *,
                        include_self: builtins.bool = True) -> Tensor:
        """In place scatter_reduce(): writes the result into this tensor and returns it.

        >>> th.zeros(3).scatter_reduce_(0, th.tensor([2, 2]), th.tensor([5.0, 6.0]), 'amax')
        tensor([0., 0., 6.])
        """
    def scatter_reduce(self, dim: SupportsIndex, index: Tensor, src: Tensor, reduce: str, *,
                       include_self: builtins.bool = True) -> Tensor:
        """A copy with src reduced into index along dim: reduce 'sum', 'prod', 'mean', 'amax' or
        'amin' (include_self=).

        >>> th.zeros(3).scatter_reduce(0, th.tensor([2, 2]), th.tensor([5.0, 6.0]), 'amax')
        tensor([0., 0., 6.])
        """
    def index_add_(self, dim: SupportsIndex, index: Tensor, source: Tensor, *,
                   alpha: builtins.int | builtins.float = 1) -> Tensor:
        """In place index_add(): writes the result into this tensor and returns it.

        >>> th.zeros(3).index_add_(0, th.tensor([0, 0]), th.tensor([1.0, 2.0]))
        tensor([3., 0., 0.])
        """
    def index_add(self, dim: SupportsIndex, index: Tensor, source: Tensor, *,
                  alpha: builtins.int | builtins.float = 1) -> Tensor:
        """A copy with alpha * source added at index along dim.

        >>> th.zeros(3).index_add(0, th.tensor([0, 0]), th.tensor([1.0, 2.0]))
        tensor([3., 0., 0.])
        """
    def index_put_(self, indices: tuple[Tensor | None, ...] | list[Tensor | None],
                   values: Tensor, accumulate: builtins.bool = False) -> Tensor:
        """In place index_put(): writes the result into this tensor and returns it.

        >>> th.zeros(3).index_put_((th.tensor([0, 2]),), th.tensor(1.0))
        tensor([1., 0., 1.])
        """
    def index_put(self, indices: tuple[Tensor | None, ...] | list[Tensor | None],
                  values: Tensor, accumulate: builtins.bool = False) -> Tensor:
        """A copy with values written at the positions a tuple of index tensors names
        (accumulate=True adds).

        >>> th.zeros(3).index_put((th.tensor([0, 2]),), th.tensor(1.0))
        tensor([1., 0., 1.])
        """
    def put_(self, index: Tensor, source: Tensor, accumulate: builtins.bool = False) -> Tensor:
        """In place put(): writes the result into this tensor and returns it.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).put_(th.tensor([0, 3]), th.tensor([9.0, 8.0]))
        tensor([[9., 2.],
                [3., 8.]])
        """
    def put(self, index: Tensor, source: Tensor, accumulate: builtins.bool = False) -> Tensor:
        """A copy with source written at flat indices (accumulate=True adds).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).put(th.tensor([0, 3]), th.tensor([9.0, 8.0]))
        tensor([[9., 2.],
                [3., 8.]])
        """
    def take(self, index: Tensor) -> Tensor:
        """The elements at flat indices, shaped like index.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).take(th.tensor([[0, 3]]))
        tensor([[1., 4.]])
        """
    def masked_scatter_(self, mask: Tensor, source: Tensor) -> Tensor:
        """In place masked_scatter(): writes the result into this tensor and returns it.

        >>> th.zeros(3).masked_scatter_(th.tensor([True, False, True]), th.tensor([1.0, 2.0]))
        tensor([1., 0., 2.])
        """
    def masked_scatter(self, mask: Tensor, source: Tensor) -> Tensor:
        """A copy with source's elements, in order, written where mask is true.

        >>> th.zeros(3).masked_scatter(th.tensor([True, False, True]), th.tensor([1.0, 2.0]))
        tensor([1., 0., 2.])
        """
    # matrix products (th/_linalg.pyi)
    def mm(self, mat2: Tensor, *, out: Tensor | None = None) -> Tensor:
        """The matrix product of two 2-dim tensors.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).mm(th.tensor([[1.0, 2.0], [3.0, 4.0]]))
        tensor([[ 7., 10.],
                [15., 22.]])
        """
    def bmm(self, mat2: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Matrix products of two batches of matrices (3-dim).

        >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> t.expand(2, 2, 2).bmm(th.eye(2).expand(2, 2, 2)).shape
        (2, 2, 2)
        """
    def mv(self, vec: Tensor, *, out: Tensor | None = None) -> Tensor:
        """The product of a matrix and a vector.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).mv(th.tensor([1.0, -1.0]))
        tensor([-1., -1.])
        """
    def dot(self, tensor: Tensor, *, out: Tensor | None = None) -> Tensor:
        """The dot product of two 1-dim tensors.

        >>> th.tensor([1.0, 2.0]).dot(th.tensor([3.0, 4.0]))
        tensor(11.)
        """
    def matmul(self, other: Tensor, *, out: Tensor | None = None) -> Tensor:
        """The matrix product with numpy's rules for 1-dim and batched operands (the @
        operator).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).matmul(th.tensor([1.0, -1.0]))
        tensor([-1., -1.])
        """
    def __matmul__(self, other: Tensor) -> Tensor: ...
    def __rmatmul__(self, other: Tensor) -> Tensor: ...
    def addmm(self, mat1: Tensor, mat2: Tensor, *, beta: _Coefficient = 1,
              alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
        """beta * self + alpha * (mat1 @ mat2).

        >>> th.ones(2, 2).addmm(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.eye(2), beta=2)
        tensor([[3., 4.],
                [5., 6.]])
        """
    def addmv(self, mat: Tensor, vec: Tensor, *, beta: _Coefficient = 1,
              alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
        """beta * self + alpha * (mat @ vec).

        >>> th.ones(2).addmv(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, 1.0]))
        tensor([4., 8.])
        """
    def addr(self, vec1: Tensor, vec2: Tensor, *, beta: _Coefficient = 1,
             alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
        """beta * self + alpha * outer(vec1, vec2).

        >>> th.zeros(2, 2).addr(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
        tensor([[3., 4.],
                [6., 8.]])
        """
    def baddbmm(self, batch1: Tensor, batch2: Tensor, *, beta: _Coefficient = 1,
                alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
        """beta * self + alpha * bmm(batch1, batch2).

        >>> th.zeros(1, 2, 2).baddbmm(th.ones(1, 2, 3), th.ones(1, 3, 2))
        tensor([[[3., 3.],
                 [3., 3.]]])
        """
    def addbmm(self, batch1: Tensor, batch2: Tensor, *, beta: _Coefficient = 1,
               alpha: _Coefficient = 1, out: Tensor | None = None) -> Tensor:
        """beta * self + alpha * (the sum of the batch's matrix products).

        >>> th.zeros(2, 2).addbmm(th.ones(4, 2, 3), th.ones(4, 3, 2))
        tensor([[12., 12.],
                [12., 12.]])
        """
    def uniform_(self, from_: builtins.float = 0, to: builtins.float = 1, *,
                 generator: Any = None) -> Tensor:
        """Fill with uniform samples from [from_, to), in place, from generator= or th's
        default.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).uniform_(0, 1, generator=g)
        tensor([0.4963, 0.7682, 0.0885])
        """
    def random_(self, from_: Optional[builtins.int] = None, to: Optional[builtins.int] = None,
                *, generator: Any = None) -> Tensor:
        """Fill with integers from [from_, to) (default: [0, 2**mantissa] for floats), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).random_(0, 10, generator=g)
        tensor([4., 9., 3.])
        """
    def diag(self, diagonal: builtins.int = 0) -> Tensor:
        """The diagonal of a matrix as a vector, or a vector as a diagonal matrix (diagonal=
        shifts it).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).diag()
        tensor([1., 4.])
        >>> th.tensor([1, 2]).diag()
        tensor([[1, 0],
                [0, 2]])
        """
    def diagflat(self, offset: builtins.int = 0) -> Tensor:
        """The flattened tensor as the diagonal of a matrix.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).diagflat().shape
        (4, 4)
        """
    def diag_embed(self, offset: builtins.int = 0, dim1: builtins.int = -2,
                   dim2: builtins.int = -1) -> Tensor:
        """The last dim as diagonals of new last two dims.

        >>> th.tensor([1, 2]).diag_embed()
        tensor([[1, 0],
                [0, 2]])
        """
    def tril(self, diagonal: builtins.int = 0) -> Tensor:
        """A copy with the elements above the diagonal-th diagonal zeroed.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).tril()
        tensor([[1., 0.],
                [3., 4.]])
        """
    def triu(self, diagonal: builtins.int = 0) -> Tensor:
        """A copy with the elements below the diagonal-th diagonal zeroed.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).triu()
        tensor([[1., 2.],
                [0., 4.]])
        """
    def tril_(self, diagonal: builtins.int = 0) -> Tensor:
        """tril() in place.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).tril_()
        tensor([[1., 0.],
                [3., 4.]])
        """
    def triu_(self, diagonal: builtins.int = 0) -> Tensor:
        """triu() in place.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).triu_()
        tensor([[1., 2.],
                [0., 4.]])
        """
    def trace(self) -> Tensor:
        """The sum of a matrix's diagonal.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).trace()
        tensor(5.)
        """
    def cross(self, other: Tensor, dim: Optional[builtins.int] = None) -> Tensor:
        """The cross product of 3-vectors along dim.

        >>> th.tensor([1.0, 0.0, 0.0]).cross(th.tensor([0.0, 1.0, 0.0]))
        tensor([0., 0., 1.])
        """
    def dist(self, other: Tensor, p: builtins.float = 2) -> Tensor:
        """The p-norm of self - other.

        >>> th.tensor([0.0, 0.0]).dist(th.tensor([3.0, 4.0]))
        tensor(5.)
        """
    def renorm(self, p: builtins.float, dim: builtins.int, maxnorm: builtins.float) -> Tensor:
        """A copy whose slices along dim have p-norm at most maxnorm.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).renorm(2, 0, 1.0)
        tensor([[0.4472, 0.8944],
                [0.6000, 0.8000]])
        """
    def renorm_(self, p: builtins.float, dim: builtins.int, maxnorm: builtins.float) -> Tensor:
        """In place renorm(): writes the result into this tensor and returns it.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).renorm_(2, 0, 1.0)
        tensor([[0.4472, 0.8944],
                [0.6000, 0.8000]])
        """
    def kron(self, other: Tensor) -> Tensor:
        """The Kronecker product.

        >>> th.tensor([1, 2]).kron(th.tensor([1, 10]))
        tensor([ 1, 10,  2, 20])
        """
    def conj(self) -> Tensor:
        """The complex conjugate (the tensor itself when real).

        >>> th.tensor([1 + 2j]).conj()
        tensor([1.-2.j])
        """
    def conj_physical(self) -> Tensor:
        """The complex conjugate, computed (a copy).

        >>> th.tensor([1 + 2j]).conj_physical()
        tensor([1.-2.j])
        """
    def normal_(self, mean: builtins.float = 0, std: builtins.float = 1, *,
                generator: Any = None) -> Tensor:
        """Fill with normal samples (mean, std), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).normal_(generator=g)
        tensor([ 1.5410, -0.2934, -2.1788])
        """
    def exponential_(self, lambd: builtins.float = 1, *, generator: Any = None) -> Tensor:
        """Fill with exponential samples of rate lambd, in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).exponential_(generator=g)
        tensor([3.5083, 1.2304, 0.6150])
        """
    def cauchy_(self, median: builtins.float = 0, sigma: builtins.float = 1, *,
                generator: Any = None) -> Tensor:
        """Fill with Cauchy samples (median, sigma), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(2).cauchy_(generator=g)
        tensor([10.5977,  0.7648])
        """
    def log_normal_(self, mean: builtins.float = 1, std: builtins.float = 2, *,
                    generator: Any = None) -> Tensor:
        """Fill with samples whose log is normal (mean, std), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(2).log_normal_(generator=g)
        tensor([59.2634,  1.5116])
        """
    def geometric_(self, p: builtins.float, *, generator: Any = None) -> Tensor:
        """Fill with geometric samples (trials to the first success of probability p), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(3).geometric_(0.5, generator=g)
        tensor([1., 1., 2.])
        """
    def bernoulli_(self, p: builtins.float | Tensor = 0.5, *,
                   generator: Any = None) -> Tensor:
        """Fill with 0/1 samples of probability p (a number or a tensor), in place.

        >>> g = th.Generator().manual_seed(0)
        >>> th.empty(4).bernoulli_(0.5, generator=g)
        tensor([0., 0., 1., 0.])
        """
    def bernoulli(self, p: Optional[builtins.float] = None, *,
                  generator: Any = None) -> Tensor:
        """0/1 samples, each 1 with the probability this tensor holds.

        >>> g = th.Generator().manual_seed(0)
        >>> th.tensor([0.0, 1.0, 0.5]).bernoulli(generator=g)
        tensor([0., 1., 1.])
        """
    def multinomial(self, num_samples: builtins.int, replacement: builtins.bool = False, *,
                    generator: Any = None) -> Tensor:
        """num_samples indices drawn from the weights in each row (replacement= to draw with
        replacement).

        >>> g = th.Generator().manual_seed(0)
        >>> th.tensor([0.0, 1.0, 3.0]).multinomial(2, generator=g)
        tensor([2, 1])
        """
    def addmm_(self, mat1: Tensor, mat2: Tensor, *, beta: _Coefficient = 1,
               alpha: _Coefficient = 1) -> Tensor:
        """In place addmm(): writes the result into this tensor and returns it.

        >>> th.ones(2, 2).addmm_(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.eye(2), beta=2)
        tensor([[3., 4.],
                [5., 6.]])
        """
    def addmv_(self, mat: Tensor, vec: Tensor, *, beta: _Coefficient = 1,
               alpha: _Coefficient = 1) -> Tensor:
        """In place addmv(): writes the result into this tensor and returns it.

        >>> th.ones(2).addmv_(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([1.0, 1.0]))
        tensor([4., 8.])
        """
    def addr_(self, vec1: Tensor, vec2: Tensor, *, beta: _Coefficient = 1,
              alpha: _Coefficient = 1) -> Tensor:
        """In place addr(): writes the result into this tensor and returns it.

        >>> th.zeros(2, 2).addr_(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]))
        tensor([[3., 4.],
                [6., 8.]])
        """
    def baddbmm_(self, batch1: Tensor, batch2: Tensor, *, beta: _Coefficient = 1,
                 alpha: _Coefficient = 1) -> Tensor:
        """In place baddbmm(): writes the result into this tensor and returns it.

        >>> th.zeros(1, 2, 2).baddbmm_(th.ones(1, 2, 3), th.ones(1, 3, 2))
        tensor([[[3., 3.],
                 [3., 3.]]])
        """
    def addbmm_(self, batch1: Tensor, batch2: Tensor, *, beta: _Coefficient = 1,
                alpha: _Coefficient = 1) -> Tensor:
        """In place addbmm(): writes the result into this tensor and returns it.

        >>> th.zeros(2, 2).addbmm_(th.ones(4, 2, 3), th.ones(4, 3, 2))
        tensor([[12., 12.],
                [12., 12.]])
        """
    # reductions (th/_reduce.pyi); axis=, keepdims=, out= (ddof=) are numpy's
    def sum(self, dim: _Dims | None = None, keepdim: builtins.bool = False, *,
            dtype: _DTypeLike = None, axis: _Dims | None = None,
            keepdims: builtins.bool = False, out: Tensor | None = None) -> Tensor:
        """The sum over dim (None: every dim); bool and integers sum in int64.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).sum()
        tensor(10.)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).sum(0)
        tensor([4., 6.])
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).sum(1, keepdim=True)
        tensor([[3.],
                [7.]])
        """
    def nansum(self, dim: _Dims | None = None, keepdim: builtins.bool = False, *,
               dtype: _DTypeLike = None) -> Tensor:
        """The sum over dim (None: every dim) counting NaNs as zero (th.nansum).

        >>> th.tensor([1.0, float('nan'), 2.0]).nansum()
        tensor(3.)
        """
    def prod(self, dim: _Dims | None = None, keepdim: builtins.bool = False, *,
             dtype: _DTypeLike = None, axis: _Dims | None = None,
             keepdims: builtins.bool = False, out: Tensor | None = None) -> Tensor:
        """The product over dim (None: every dim).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).prod(1)
        tensor([ 2., 12.])
        """
    def mean(self, dim: _Dims | None = None, keepdim: builtins.bool = False, *,
             dtype: _DTypeLike = None, axis: _Dims | None = None,
             keepdims: builtins.bool = False, out: Tensor | None = None) -> Tensor:
        """The mean over dim (None: every dim); floating and complex dtypes (or dtype=).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).mean()
        tensor(2.5000)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).mean(0)
        tensor([2., 3.])
        """
    @overload
    def max(self, dim: None = None, keepdim: builtins.bool = False, *,
            axis: _Dims | None = None, keepdims: builtins.bool = False,
            out: Tensor | None = None) -> Tensor:
        """The largest element, or (values, indices) over a dim, or the element-wise maximum
        with a tensor.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).max()
        tensor(4.)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).max(1)
        max(values=tensor([2., 4.]), indices=tensor([1, 1]))
        >>> th.tensor([1.0, 5.0]).max(other=th.tensor([3.0, 2.0]))
        tensor([3., 5.])
        """
    @overload
    def max(self, dim: SupportsIndex, keepdim: builtins.bool = False, *, axis: None = None,
            keepdims: builtins.bool = False,
            out: tuple[Tensor, Tensor] | None = None) -> max_result: ...
    @overload
    def max(self, dim: Tensor, *, out: Tensor | None = None) -> Tensor: ...
    @overload
    def max(self, *, other: Tensor, out: Tensor | None = None) -> Tensor: ...
    @overload
    def min(self, dim: None = None, keepdim: builtins.bool = False, *,
            axis: _Dims | None = None, keepdims: builtins.bool = False,
            out: Tensor | None = None) -> Tensor:
        """The smallest element, or (values, indices) over a dim, or the element-wise minimum
        with a tensor.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).min()
        tensor(1.)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).min(0)
        min(values=tensor([1., 2.]), indices=tensor([0, 0]))
        >>> th.tensor([1.0, 5.0]).min(other=th.tensor([3.0, 2.0]))
        tensor([1., 2.])
        """
    @overload
    def min(self, dim: SupportsIndex, keepdim: builtins.bool = False, *, axis: None = None,
            keepdims: builtins.bool = False,
            out: tuple[Tensor, Tensor] | None = None) -> min_result: ...
    @overload
    def min(self, dim: Tensor, *, out: Tensor | None = None) -> Tensor: ...
    @overload
    def min(self, *, other: Tensor, out: Tensor | None = None) -> Tensor: ...
    def amax(self, dim: _Dims | None = (), keepdim: builtins.bool = False) -> Tensor:
        """The largest elements over dim (every dim by default); NaN wins.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).amax(1)
        tensor([2., 4.])
        """
    def amin(self, dim: _Dims | None = (), keepdim: builtins.bool = False) -> Tensor:
        """The smallest elements over dim (every dim by default); NaN wins.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).amin(1)
        tensor([1., 3.])
        """
    def argmax(self, dim: SupportsIndex | None = None, keepdim: builtins.bool = False, *,
               axis: SupportsIndex | None = None, keepdims: builtins.bool = False,
               out: Tensor | None = None) -> Tensor:
        """The flat index of the largest element, or the indices over dim.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).argmax()
        tensor(3)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).argmax(0)
        tensor([1, 1])
        """
    def argmin(self, dim: SupportsIndex | None = None, keepdim: builtins.bool = False, *,
               axis: SupportsIndex | None = None, keepdims: builtins.bool = False,
               out: Tensor | None = None) -> Tensor:
        """The flat index of the smallest element, or the indices over dim.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).argmin()
        tensor(0)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).argmin(1)
        tensor([0, 0])
        """
    def all(self, dim: _Dims | None = None, keepdim: builtins.bool = False, *,
            axis: _Dims | None = None, keepdims: builtins.bool = False,
            out: Tensor | None = None) -> Tensor:
        """True if every element (over dim) is nonzero.

        >>> th.tensor([True, False, True]).all()
        tensor(False)
        >>> th.tensor([[1, 0], [1, 1]]).all(1)
        tensor([False,  True])
        """
    def any(self, dim: _Dims | None = None, keepdim: builtins.bool = False, *,
            axis: _Dims | None = None, keepdims: builtins.bool = False,
            out: Tensor | None = None) -> Tensor:
        """True if some element (over dim) is nonzero.

        >>> th.tensor([True, False, True]).any()
        tensor(True)
        >>> th.tensor([[0, 0], [1, 0]]).any(1)
        tensor([False,  True])
        """
    def norm(self, p: builtins.float | Literal["fro"] | None = "fro", dim: _Dims | None = None,
             keepdim: builtins.bool = False, dtype: _DTypeLike = None) -> Tensor:
        """The p-norm over dim (None: every element; p='fro' or a number).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).norm()
        tensor(5.4772)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).norm(p=1, dim=1)
        tensor([3., 7.])
        """
    def var(self, dim: _Dims | builtins.bool | None = None,
            unbiased: builtins.bool | None = None, keepdim: builtins.bool = False, *,
            correction: builtins.float | None = None, axis: _Dims | None = None,
            keepdims: builtins.bool = False, ddof: builtins.float | None = None,
            dtype: _DTypeLike = None, out: Tensor | None = None) -> Tensor:
        """The variance over dim with Bessel's correction (correction=0 for the population
        variance).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).var()
        tensor(1.6667)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).var(1, correction=0)
        tensor([0.2500, 0.2500])
        """
    def std(self, dim: _Dims | builtins.bool | None = None,
            unbiased: builtins.bool | None = None, keepdim: builtins.bool = False, *,
            correction: builtins.float | None = None, axis: _Dims | None = None,
            keepdims: builtins.bool = False, ddof: builtins.float | None = None,
            dtype: _DTypeLike = None, out: Tensor | None = None) -> Tensor:
        """The standard deviation over dim with Bessel's correction.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).std()
        tensor(1.2910)
        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).std(0)
        tensor([1.4142, 1.4142])
        """
    def sort(self, dim: SupportsIndex = -1, descending: builtins.bool = False, *,
             stable: builtins.bool = False) -> sort_result:
        """(values, indices) sorted along dim (descending=, stable=); NaN sorts last.

        >>> th.tensor([3.0, 1.0, 2.0]).sort()
        sort(values=tensor([1., 2., 3.]), indices=tensor([1, 2, 0]))
        """
    def argsort(self, dim: SupportsIndex = -1, descending: builtins.bool = False,
                stable: builtins.bool = False) -> Tensor:
        """The indices that sort along dim.

        >>> th.tensor([3.0, 1.0, 2.0]).argsort(descending=True)
        tensor([0, 2, 1])
        """
    def msort(self) -> Tensor:
        """Sorted along dim 0.

        >>> th.tensor([[3.0, 1.0], [2.0, 4.0]]).msort()
        tensor([[2., 1.],
                [3., 4.]])
        """
    def topk(self, k: SupportsIndex, dim: SupportsIndex = -1, largest: builtins.bool = True,
             sorted: builtins.bool = True) -> topk_result:
        """(values, indices) of the k largest (largest=False: smallest) along dim, sorted.

        >>> th.tensor([3.0, 1.0, 5.0, 2.0]).topk(2)
        topk(values=tensor([5., 3.]), indices=tensor([2, 0]))
        """
    def kthvalue(self, k: SupportsIndex, dim: SupportsIndex = -1,
                 keepdim: builtins.bool = False) -> kthvalue_result:
        """(values, indices) of the k-th smallest along dim (k from 1).

        >>> th.tensor([3.0, 1.0, 5.0, 2.0]).kthvalue(2)
        kthvalue(values=tensor(2.), indices=tensor(3))
        """
    @overload
    def median(self, dim: None = None, keepdim: builtins.bool = False) -> Tensor:
        """The lower median, or (values, indices) over a dim; NaN propagates.

        >>> th.tensor([3.0, 1.0, 5.0, 2.0]).median()
        tensor(2.)
        """
    @overload
    def median(self, dim: SupportsIndex, keepdim: builtins.bool = False) -> median_result: ...
    @overload
    def nanmedian(self, dim: None = None, keepdim: builtins.bool = False) -> Tensor:
        """median() ignoring NaNs.

        >>> th.tensor([3.0, float('nan'), 1.0]).nanmedian()
        tensor(1.)
        """
    @overload
    def nanmedian(self, dim: SupportsIndex,
                  keepdim: builtins.bool = False) -> nanmedian_result: ...
    def mode(self, dim: SupportsIndex = -1, keepdim: builtins.bool = False) -> mode_result:
        """(values, indices) of the most frequent value along dim (the smallest on ties).

        >>> th.tensor([1, 2, 2, 3]).mode()
        mode(values=tensor(2), indices=tensor(2))
        """
    def cumsum(self, dim: SupportsIndex, *, dtype: _DTypeLike = None) -> Tensor:
        """The running sum along dim.

        >>> th.tensor([1, 2, 3]).cumsum(0)
        tensor([1, 3, 6])
        """
    def cumprod(self, dim: SupportsIndex, *, dtype: _DTypeLike = None) -> Tensor:
        """The running product along dim.

        >>> th.tensor([1, 2, 3]).cumprod(0)
        tensor([1, 2, 6])
        """
    def cumsum_(self, dim: SupportsIndex, *, dtype: _DTypeLike = None) -> Tensor:
        """cumsum(dim) written into this tensor, in place.

        >>> th.tensor([1, 2, 3]).cumsum_(0)
        tensor([1, 3, 6])
        """
    def cumprod_(self, dim: SupportsIndex, *, dtype: _DTypeLike = None) -> Tensor:
        """cumprod(dim) written into this tensor, in place.

        >>> th.tensor([1, 2, 3]).cumprod_(0)
        tensor([1, 2, 6])
        """
    def cummax(self, dim: SupportsIndex) -> cummax_result:
        """(values, indices) of the running maximum along dim.

        >>> th.tensor([1, 3, 2]).cummax(0)
        cummax(values=tensor([1, 3, 3]), indices=tensor([0, 1, 1]))
        """
    def cummin(self, dim: SupportsIndex) -> cummin_result:
        """(values, indices) of the running minimum along dim.

        >>> th.tensor([3, 1, 2]).cummin(0)
        cummin(values=tensor([3, 1, 1]), indices=tensor([0, 1, 1]))
        """
    def logcumsumexp(self, dim: SupportsIndex) -> Tensor:
        """log of the running sum of exp along dim, without overflow.

        >>> th.tensor([0.0, 0.0, 1000.0]).logcumsumexp(0)
        tensor([0.0000e+00, 6.9315e-01, 1.0000e+03])
        """
    def softmax(self, dim: SupportsIndex, dtype: _DTypeLike = None) -> Tensor:
        """exp(x) / sum(exp(x)) along dim, one fused pass per row (dtype= casts first).

        >>> th.tensor([1.0, 2.0, 3.0]).softmax(0)
        tensor([0.0900, 0.2447, 0.6652])
        """
    def log_softmax(self, dim: SupportsIndex, dtype: _DTypeLike = None) -> Tensor:
        """x - logsumexp(x) along dim, one fused pass per row.

        >>> th.tensor([1.0, 2.0, 3.0]).log_softmax(0)
        tensor([-2.4076, -1.4076, -0.4076])
        """
    def logsumexp(self, dim: SupportsIndex | Sequence[SupportsIndex],
                  keepdim: builtins.bool = False) -> Tensor:
        """log(sum(exp(x))) over dim without overflow (keepdim= keeps it).

        >>> th.tensor([[1000.0, 1000.0], [0.0, 0.0]]).logsumexp(1)
        tensor([1.0007e+03, 6.9315e-01])
        """
    def bincount(self, weights: Tensor | None = None, minlength: SupportsIndex = 0) -> Tensor:
        """How often each value 0 .. max occurs in a 1-dim non-negative integer tensor (weights=
        sums weights).

        >>> th.tensor([0, 1, 1, 3]).bincount()
        tensor([1, 2, 0, 1])
        """
    def histc(self, bins: SupportsIndex = 100, min: builtins.float = 0,
              max: builtins.float = 0) -> Tensor:
        """A histogram of bins equal-width bins over [min, max] (the data's range when both are
        0).

        >>> th.tensor([1.0, 2.0, 1.0]).histc(bins=4, min=0, max=3)
        tensor([0., 2., 1., 0.])
        """
    def unique(self, sorted: builtins.bool = True, return_inverse: builtins.bool = False,
               return_counts: builtins.bool = False,
               dim: SupportsIndex | None = None) -> Tensor | tuple[Tensor, ...]:
        """The distinct elements, sorted (return_inverse=, return_counts=, dim=).

        >>> th.tensor([2, 1, 2, 3]).unique()
        tensor([1, 2, 3])
        """
    def unique_consecutive(self, return_inverse: builtins.bool = False,
                           return_counts: builtins.bool = False,
                           dim: SupportsIndex | None = None) -> Tensor | tuple[Tensor, ...]:
        """Runs of equal consecutive elements collapsed to one.

        >>> th.tensor([1, 1, 2, 2, 1]).unique_consecutive()
        tensor([1, 2, 1])
        """
    def diff(self, n: SupportsIndex = 1, dim: SupportsIndex = -1, prepend: Tensor | None = None,
             append: Tensor | None = None) -> Tensor:
        """The n-th forward difference along dim (prepend=, append= extend it).

        >>> th.tensor([1, 4, 9, 16]).diff()
        tensor([3, 5, 7])
        """
    def quantile(self, q: builtins.float | Tensor, dim: SupportsIndex | None = None,
                 keepdim: builtins.bool = False, *, interpolation: str = "linear") -> Tensor:
        """The q-th quantiles along dim, interpolated (interpolation='linear', 'lower', ...).

        >>> th.tensor([1.0, 2.0, 3.0, 4.0]).quantile(0.5)
        tensor(2.5000)
        """
    def nanquantile(self, q: builtins.float | Tensor, dim: SupportsIndex | None = None,
                    keepdim: builtins.bool = False, *,
                    interpolation: str = "linear") -> Tensor:
        """quantile() ignoring NaNs.

        >>> th.tensor([1.0, float('nan'), 3.0]).nanquantile(0.5)
        tensor(2.)
        """
    def contiguous(self, memory_format: _memory_format | None = None) -> Tensor:
        """This tensor itself when contiguous, else a contiguous copy
        (memory_format=th.channels_last: in that layout).

        >>> import th
        >>> th.zeros(2, 3).t().contiguous().stride()
        (2, 1)
        """
    def clone(self, *, memory_format: _memory_format | None = None) -> Tensor:
        """A copy with its own storage, laid out as memory_format says:
        th.preserve_format (the default) keeps a dense tensor's strides (a
        transposed tensor's clone is transposed, as torch's), else row-major.

        >>> import th
        >>> th.zeros(2, 3).t().clone().stride()
        (1, 3)
        """
    def copy_(self, src: _Data) -> Tensor:
        """Copy src's elements into this tensor, broadcasting src to this shape
        and converting its dtype; src may be a th.Tensor or nested data.

        >>> th.zeros(2, 2).copy_(th.tensor([1, 2]))
        tensor([[1., 2.],
                [1., 2.]])
        """
    def fill_(self, value: _Scalar) -> Tensor:
        """Set every element to value: a number (ValueError if the dtype
        cannot hold it), or a 0-dim tensor, copied in as copy_ converts it.

        >>> th.empty(3).fill_(7)
        tensor([7., 7., 7.])
        """
    def zero_(self) -> Tensor:
        """Fill with zeros, in place.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).zero_()
        tensor([[0., 0.],
                [0., 0.]])
        """
    @overload
    def resize_(self, *size: SupportsIndex) -> Tensor:
        """New sizes, contiguous, at the same offset; the storage grows when
        needed (refused while it is shared). A tensor that has these sizes
        already keeps its strides, as torch's (an out= view stays a view).

        >>> th.arange(4.0).resize_(2, 2)
        tensor([[0., 1.],
                [2., 3.]])
        """
    @overload
    def resize_(self, size: _Shape, /) -> Tensor: ...
    @overload
    def set_(self, source: Tensor) -> Tensor:
        """Take a tensor's storage and geometry, or view a th.Storage: all of
        it, 1-dim, or the given size (and stride; default contiguous) from
        storage_offset, which must lie inside it.

        >>> th.empty(0).set_(th.arange(3.0))
        tensor([0., 1., 2.])
        """
    @overload
    def set_(self, source: Storage, storage_offset: SupportsIndex = 0, size: _Shape | None = None,
             stride: _Shape | None = None) -> Tensor: ...

    # ownership and elements
    def storage(self) -> Storage:
        """The th.Storage this tensor views: the live Python object over that
        C storage if there is one, else a new one (holding one more
        reference to the C storage while it lives).

        >>> th.tensor([1, 2]).storage().tolist()
        [1, 2]
        """
    def data_ptr(self) -> builtins.int:
        """Address of the first element (0 when the storage is empty).

        >>> t = th.arange(4.0)
        >>> t[1:].data_ptr() - t.data_ptr()
        4
        """
    @property
    def refcount(self) -> builtins.int:
        """References to the C tensor (this object holds one).

        >>> t = th.zeros(2)
        >>> t.refcount
        1
        """
    def tolist(self) -> Any:  # nested lists of numbers, or a number for 0 dims
        """Nested lists of Python numbers (a number for a 0-dim tensor).

        >>> th.arange(6.0).view(2, 3).tolist()
        [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
        """
    def item(self) -> _Scalar:
        """The one element of a one-element tensor, as a Python number.

        >>> th.tensor([[2.5]]).item()
        2.5
        """
    def __len__(self) -> builtins.int: ...
    def __bool__(self) -> builtins.bool: ...
    def __float__(self) -> builtins.float: ...  # (float is a method here)
    def __iter__(self) -> Iterator[Tensor]: ...
    def __int__(self) -> builtins.int: ...
    def __index__(self) -> builtins.int: ...

    # interop and sharing
    # sparse COO (th/_sparse.pyx)
    @property
    def is_sparse(self) -> builtins.bool:
        """False: a th.Tensor is strided (th.SparseTensor is sparse).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).is_sparse
        False
        """
    def to_sparse(self, sparse_dim: int | None = None) -> SparseTensor:
        """A th.SparseTensor of the nonzero entries: the first sparse_dim
        dims (default all) sparse, the rest dense; coalesced.

        >>> th.tensor([[0, 1], [2, 0]]).to_sparse().indices()
        tensor([[0, 1],
                [1, 0]])
        """
    def numpy(self) -> Any:  # a numpy.ndarray (numpy is optional)
        """A numpy array over this tensor's memory (no copy); its base keeps
        the storage alive. Read-only for an expanded tensor. bfloat16 (which
        numpy lacks) needs ml_dtypes, else TypeError: use .float().

        >>> th.tensor([1.0, 2.0]).numpy()
        array([1., 2.], dtype=float32)
        """
    def __array__(self, dtype: Any = None, copy: builtins.bool | None = None) -> Any: ...
    __array_priority__: int
    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any: ...
    def __dlpack__(self, *, stream: Any = None, max_version: tuple[builtins.int, builtins.int] | None = None,
                   dl_device: tuple[builtins.int, builtins.int] | None = None, copy: builtins.bool | None = None) -> Any: ...
    def __dlpack_device__(self) -> tuple[Literal[1], Literal[0]]: ...
    def __array_namespace__(self, *, api_version: str | None = None) -> ModuleType: ...
    def to_device(self, device: Any, /, *, stream: Any = None) -> Tensor:
        """The array API standard's move to ``device``: th has only the CPU, so this
        tensor itself for "cpu" or a device object of type 'cpu'; others are refused.

        >>> import th
        >>> t = th.ones(2)
        >>> t.to_device("cpu") is t
        True
        """
    def share_memory_(self) -> Tensor:
        """Move the storage into shared memory (in place: every view
        follows), to pass it to other processes without copying.

        >>> th.ones(2).share_memory_().is_shared()
        True
        """
    def is_shared(self) -> builtins.bool:
        """True if the storage is in shared memory.

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).is_shared()
        False
        """
    def is_readonly(self) -> builtins.bool:
        """True if the tensor views read-only memory (bytes, a non-writeable
        numpy array, a read-only mmap or memoryview, a read-only DLPack
        capsule), shared without a copy. Its views are read-only too, and
        every write (in-place ops, copy_, fill_, setitem, out=, resize_,
        share_memory_, a writable buffer export) is a RuntimeError or, for
        buffers, BufferError; .clone() gives a writable copy. numpy's
        counterpart is ``not a.flags.writeable``.

        >>> t = th.frombuffer(b"\\x01\\x02", dtype=th.uint8)
        >>> t.is_readonly(), t[1:].is_readonly(), t.clone().is_readonly()
        (True, True, False)
        """

    # element-wise math (th._expr; `int` and `bool` are methods in this class,
    # so its annotations spell the types builtins.int and builtins.bool)
    def __add__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __radd__(self, other: _Number, /) -> Tensor: ...
    def __sub__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __rsub__(self, other: _Number, /) -> Tensor: ...
    def __mul__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __rmul__(self, other: _Number, /) -> Tensor: ...
    def __truediv__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __rtruediv__(self, other: _Number, /) -> Tensor: ...
    def __floordiv__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __rfloordiv__(self, other: _Number, /) -> Tensor: ...
    def __mod__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __rmod__(self, other: _Number, /) -> Tensor: ...
    def __pow__(self, other: Tensor | _Number, mod: None = None, /) -> Tensor: ...
    def __rpow__(self, other: _Number, mod: None = None, /) -> Tensor: ...
    def __and__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __rand__(self, other: _Number, /) -> Tensor: ...
    def __or__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __ror__(self, other: _Number, /) -> Tensor: ...
    def __xor__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __rxor__(self, other: _Number, /) -> Tensor: ...
    def __lshift__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __rlshift__(self, other: _Number, /) -> Tensor: ...
    def __rshift__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __rrshift__(self, other: _Number, /) -> Tensor: ...
    def __eq__(self, other: object, /) -> Tensor: ...  # type: ignore[override]
    def __ne__(self, other: object, /) -> Tensor: ...  # type: ignore[override]
    def __lt__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __le__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __gt__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __ge__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __hash__(self) -> builtins.int: ...
    def __neg__(self) -> Tensor: ...
    def __abs__(self) -> Tensor: ...
    def __invert__(self) -> Tensor: ...
    def __pos__(self) -> Tensor: ...
    def __iadd__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __isub__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __imul__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __itruediv__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __ifloordiv__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __imod__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __ipow__(self, other: Tensor | _Number, /) -> Tensor: ...  # type: ignore[misc]
    def __iand__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __ior__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __ixor__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __ilshift__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __irshift__(self, other: Tensor | _Number, /) -> Tensor: ...
    def __contains__(self, element: object) -> builtins.bool: ...
    def lazy(self) -> Expr:
        """This tensor as a th.Expr leaf (read when the expression is evaluated).

        >>> (th.tensor([1.0, 2.0]).lazy() * 2 + 1).eval()
        tensor([3., 5.])
        """
    def add(self, other: _Operand, *, alpha: _Number = 1) -> Tensor:
        """self + alpha * other, broadcasting.

        >>> th.tensor([-1.5, 0.5, 2.0]).add(th.tensor([1.0]), alpha=2)
        tensor([0.5000, 2.5000, 4.0000])
        """
    def add_(self, other: _Operand, *, alpha: _Number = 1) -> Tensor:
        """In place add(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).add_(th.tensor([1.0]), alpha=2)
        tensor([0.5000, 2.5000, 4.0000])
        """
    def sub(self, other: _Operand, *, alpha: _Number = 1) -> Tensor:
        """self - alpha * other, broadcasting.

        >>> th.tensor([-1.5, 0.5, 2.0]).sub(1.0)
        tensor([-2.5000, -0.5000,  1.0000])
        """
    def sub_(self, other: _Operand, *, alpha: _Number = 1) -> Tensor:
        """In place sub(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).sub_(1.0)
        tensor([-2.5000, -0.5000,  1.0000])
        """
    def mul(self, other: _Operand) -> Tensor:
        """self * other, broadcasting.

        >>> th.tensor([-1.5, 0.5, 2.0]).mul(2)
        tensor([-3.,  1.,  4.])
        """
    def mul_(self, other: _Operand) -> Tensor:
        """In place mul(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).mul_(2)
        tensor([-3.,  1.,  4.])
        """
    def div(self, other: _Operand, *, rounding_mode: str | None = None) -> Tensor:
        """self / other; rounding_mode 'trunc' or 'floor' rounds the quotient.

        >>> th.tensor([-1.5, 0.5, 2.0]).div(2)
        tensor([-0.7500,  0.2500,  1.0000])
        >>> th.tensor([-7, 7]).div(2, rounding_mode='floor')
        tensor([-4,  3])
        """
    def div_(self, other: _Operand, *, rounding_mode: str | None = None) -> Tensor:
        """In place div(): writes the result into this tensor and returns it.

        >>> th.tensor([-7, 7]).div_(2, rounding_mode='floor')
        tensor([-4,  3])
        """
    def floor_divide(self, other: _Operand) -> Tensor:
        """floor(self / other), in the promoted dtype.

        >>> th.tensor([-7, 7]).floor_divide(2)
        tensor([-4,  3])
        """
    def floor_divide_(self, other: _Operand) -> Tensor:
        """In place floor_divide(): writes the result into this tensor and returns it.

        >>> th.tensor([-7, 7]).floor_divide_(2)
        tensor([-4,  3])
        """
    def remainder(self, other: _Operand) -> Tensor:
        """self - floor(self / other) * other: the sign of other, as Python's %.

        >>> th.tensor([-7, 7]).remainder(3)
        tensor([2, 1])
        """
    def remainder_(self, other: _Operand) -> Tensor:
        """In place remainder(): writes the result into this tensor and returns it.

        >>> th.tensor([-7, 7]).remainder_(3)
        tensor([2, 1])
        """
    def pow(self, exponent: _Operand) -> Tensor:
        """self ** exponent, broadcasting.

        >>> th.tensor([-1.5, 0.5, 2.0]).pow(2)
        tensor([2.2500, 0.2500, 4.0000])
        """
    def pow_(self, exponent: _Operand) -> Tensor:
        """In place pow(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).pow_(2)
        tensor([2.2500, 0.2500, 4.0000])
        """
    def maximum(self, other: _Operand) -> Tensor:
        """The larger of self and other, element-wise; NaN wins.

        >>> th.tensor([-1.5, 0.5, 2.0]).maximum(th.tensor(0.0))
        tensor([0.0000, 0.5000, 2.0000])
        """
    def minimum(self, other: _Operand) -> Tensor:
        """The smaller of self and other, element-wise; NaN wins.

        >>> th.tensor([-1.5, 0.5, 2.0]).minimum(th.tensor(0.0))
        tensor([-1.5000,  0.0000,  0.0000])
        """
    def atan2(self, other: _Operand) -> Tensor:
        """The angle of (other, self), in radians, quadrant-aware.

        >>> th.tensor([1.0, -1.0]).atan2(th.tensor([-1.0, 1.0]))
        tensor([ 2.3562, -0.7854])
        """
    def atan2_(self, other: _Operand) -> Tensor:
        """In place atan2(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, -1.0]).atan2_(th.tensor([-1.0, 1.0]))
        tensor([ 2.3562, -0.7854])
        """
    def eq(self, other: _Operand) -> Tensor:
        """self == other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).eq(0.5)
        tensor([False,  True, False])
        """
    def eq_(self, other: _Operand) -> Tensor:
        """In place eq(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).eq_(0.5)
        tensor([0., 1., 0.])
        """
    def ne(self, other: _Operand) -> Tensor:
        """self != other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).ne(0.5)
        tensor([ True, False,  True])
        """
    def ne_(self, other: _Operand) -> Tensor:
        """In place ne(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).ne_(0.5)
        tensor([1., 0., 1.])
        """
    def lt(self, other: _Operand) -> Tensor:
        """self < other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).lt(0.5)
        tensor([ True, False, False])
        """
    def lt_(self, other: _Operand) -> Tensor:
        """In place lt(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).lt_(0.5)
        tensor([1., 0., 0.])
        """
    def le(self, other: _Operand) -> Tensor:
        """self <= other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).le(0.5)
        tensor([ True,  True, False])
        """
    def le_(self, other: _Operand) -> Tensor:
        """In place le(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).le_(0.5)
        tensor([1., 1., 0.])
        """
    def gt(self, other: _Operand) -> Tensor:
        """self > other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).gt(0.5)
        tensor([False, False,  True])
        """
    def gt_(self, other: _Operand) -> Tensor:
        """In place gt(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).gt_(0.5)
        tensor([0., 0., 1.])
        """
    def ge(self, other: _Operand) -> Tensor:
        """self >= other, element-wise, as bool.

        >>> th.tensor([-1.5, 0.5, 2.0]).ge(0.5)
        tensor([False,  True,  True])
        """
    def ge_(self, other: _Operand) -> Tensor:
        """In place ge(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).ge_(0.5)
        tensor([0., 1., 1.])
        """
    def logical_and(self, other: _Operand) -> Tensor:
        """Truth of both, element-wise, as bool.

        >>> th.tensor([True, False, True]).logical_and(th.tensor([1, 1, 0]))
        tensor([ True, False, False])
        """
    def logical_and_(self, other: _Operand) -> Tensor:
        """In place logical_and(): writes the result into this tensor and returns it.

        >>> th.tensor([True, False, True]).logical_and_(th.tensor([1, 1, 0]))
        tensor([ True, False, False])
        """
    def logical_or(self, other: _Operand) -> Tensor:
        """Truth of either, element-wise, as bool.

        >>> th.tensor([True, False, True]).logical_or(th.tensor([0, 1, 0]))
        tensor([True, True, True])
        """
    def logical_or_(self, other: _Operand) -> Tensor:
        """In place logical_or(): writes the result into this tensor and returns it.

        >>> th.tensor([True, False, True]).logical_or_(th.tensor([0, 1, 0]))
        tensor([True, True, True])
        """
    def logical_xor(self, other: _Operand) -> Tensor:
        """Truth of exactly one, element-wise, as bool.

        >>> th.tensor([True, False, True]).logical_xor(th.tensor([1, 1, 0]))
        tensor([False,  True,  True])
        """
    def logical_xor_(self, other: _Operand) -> Tensor:
        """In place logical_xor(): writes the result into this tensor and returns it.

        >>> th.tensor([True, False, True]).logical_xor_(th.tensor([1, 1, 0]))
        tensor([False,  True,  True])
        """
    def logical_not(self) -> Tensor:
        """True where an element is zero.

        >>> th.tensor([0.0, 2.0]).logical_not()
        tensor([ True, False])
        """
    def logical_not_(self) -> Tensor:
        """In place logical_not(): writes the result into this tensor and returns it.

        >>> th.tensor([0.0, 2.0]).logical_not_()
        tensor([1., 0.])
        """
    def bitwise_and(self, other: _Operand) -> Tensor:
        """self & other for integers and bool.

        >>> th.tensor([6, 3, 5]).bitwise_and(3)
        tensor([2, 3, 1])
        """
    def bitwise_and_(self, other: _Operand) -> Tensor:
        """In place bitwise_and(): writes the result into this tensor and returns it.

        >>> th.tensor([6, 3, 5]).bitwise_and_(3)
        tensor([2, 3, 1])
        """
    def bitwise_or(self, other: _Operand) -> Tensor:
        """self | other for integers and bool.

        >>> th.tensor([6, 3, 5]).bitwise_or(3)
        tensor([7, 3, 7])
        """
    def bitwise_or_(self, other: _Operand) -> Tensor:
        """In place bitwise_or(): writes the result into this tensor and returns it.

        >>> th.tensor([6, 3, 5]).bitwise_or_(3)
        tensor([7, 3, 7])
        """
    def bitwise_xor(self, other: _Operand) -> Tensor:
        """self ^ other for integers and bool.

        >>> th.tensor([6, 3, 5]).bitwise_xor(3)
        tensor([5, 0, 6])
        """
    def bitwise_xor_(self, other: _Operand) -> Tensor:
        """In place bitwise_xor(): writes the result into this tensor and returns it.

        >>> th.tensor([6, 3, 5]).bitwise_xor_(3)
        tensor([5, 0, 6])
        """
    def bitwise_not(self) -> Tensor:
        """The bitwise complement of each element (logical not for bool).

        >>> th.tensor([0, 5, -1]).bitwise_not()
        tensor([-1, -6,  0])
        """
    def bitwise_not_(self) -> Tensor:
        """In place bitwise_not(): writes the result into this tensor and returns it.

        >>> th.tensor([0, 5, -1]).bitwise_not_()
        tensor([-1, -6,  0])
        """
    def where(self, condition: _Operand, other: _Operand) -> Tensor:
        """self where condition is true, else other (th.where(condition, self, other)).

        >>> th.tensor([-1.5, 0.5, 2.0]).where(th.tensor([-1.5, 0.5, 2.0]) > 0, 0.0)
        tensor([0.0000, 0.5000, 2.0000])
        """
    def clamp(self, min: _Operand | None = None, max: _Operand | None = None) -> Tensor:
        """Each element limited to [min, max] (either may be None or a tensor).

        >>> th.tensor([-1.5, 0.5, 2.0]).clamp(min=-1.0, max=1.0)
        tensor([-1.0000,  0.5000,  1.0000])
        """
    def clamp_(self, min: _Operand | None = None, max: _Operand | None = None) -> Tensor:
        """In place clamp(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).clamp_(min=-1.0, max=1.0)
        tensor([-1.0000,  0.5000,  1.0000])
        """
    def clip(self, min: _Operand | None = None, max: _Operand | None = None) -> Tensor:
        """numpy's name of clamp().

        >>> th.tensor([-1.5, 0.5, 2.0]).clip(0.0, 1.0)
        tensor([0.0000, 0.5000, 1.0000])
        """
    def clip_(self, min: _Operand | None = None, max: _Operand | None = None) -> Tensor:
        """In place clip(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).clip_(0.0, 1.0)
        tensor([0.0000, 0.5000, 1.0000])
        """
    def addcmul(self, tensor1: _Operand, tensor2: _Operand, *, value: _Number = 1) -> Tensor:
        """self + value * tensor1 * tensor2.

        >>> th.ones(2).addcmul(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]), value=0.5)
        tensor([2.5000, 5.0000])
        """
    def addcmul_(self, tensor1: _Operand, tensor2: _Operand, *, value: _Number = 1) -> Tensor:
        """In place addcmul(): writes the result into this tensor and returns it.

        >>> th.ones(2).addcmul_(th.tensor([1.0, 2.0]), th.tensor([3.0, 4.0]), value=0.5)
        tensor([2.5000, 5.0000])
        """
    def addcdiv(self, tensor1: _Operand, tensor2: _Operand, *, value: _Number = 1) -> Tensor:
        """self + value * tensor1 / tensor2.

        >>> th.ones(2).addcdiv(th.tensor([1.0, 2.0]), th.tensor([4.0, 4.0]), value=2)
        tensor([1.5000, 2.0000])
        """
    def addcdiv_(self, tensor1: _Operand, tensor2: _Operand, *, value: _Number = 1) -> Tensor:
        """In place addcdiv(): writes the result into this tensor and returns it.

        >>> th.ones(2).addcdiv_(th.tensor([1.0, 2.0]), th.tensor([4.0, 4.0]), value=2)
        tensor([1.5000, 2.0000])
        """
    def neg(self) -> Tensor:
        """-x of each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).neg()
        tensor([ 1.5000, -0.5000, -2.0000])
        """
    def neg_(self) -> Tensor:
        """In place neg(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).neg_()
        tensor([ 1.5000, -0.5000, -2.0000])
        """
    def abs(self) -> Tensor:
        """|x| of each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).abs()
        tensor([1.5000, 0.5000, 2.0000])
        """
    def abs_(self) -> Tensor:
        """In place abs(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).abs_()
        tensor([1.5000, 0.5000, 2.0000])
        """
    def sign(self) -> Tensor:
        """-1, 0 or 1 by the sign of each element.

        >>> th.tensor([-2.0, 0.0, 3.0]).sign()
        tensor([-1.,  0.,  1.])
        """
    def sign_(self) -> Tensor:
        """In place sign(): writes the result into this tensor and returns it.

        >>> th.tensor([-2.0, 0.0, 3.0]).sign_()
        tensor([-1.,  0.,  1.])
        """
    def sqrt(self) -> Tensor:
        """The square root of each element.

        >>> th.tensor([4.0, 2.0]).sqrt()
        tensor([2.0000, 1.4142])
        """
    def sqrt_(self) -> Tensor:
        """In place sqrt(): writes the result into this tensor and returns it.

        >>> th.tensor([4.0, 2.0]).sqrt_()
        tensor([2.0000, 1.4142])
        """
    def rsqrt(self) -> Tensor:
        """1 / sqrt(x) of each element.

        >>> th.tensor([4.0, 0.25]).rsqrt()
        tensor([0.5000, 2.0000])
        """
    def rsqrt_(self) -> Tensor:
        """In place rsqrt(): writes the result into this tensor and returns it.

        >>> th.tensor([4.0, 0.25]).rsqrt_()
        tensor([0.5000, 2.0000])
        """
    def exp(self) -> Tensor:
        """e to the power of each element.

        >>> th.tensor([0.25, 0.5]).exp()
        tensor([1.2840, 1.6487])
        """
    def exp_(self) -> Tensor:
        """In place exp(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).exp_()
        tensor([1.2840, 1.6487])
        """
    def log(self) -> Tensor:
        """The natural logarithm of each element.

        >>> th.tensor([0.25, 0.5]).log()
        tensor([-1.3863, -0.6931])
        """
    def log_(self) -> Tensor:
        """In place log(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).log_()
        tensor([-1.3863, -0.6931])
        """
    def log1p(self) -> Tensor:
        """log(1 + x) of each element, exact for small x.

        >>> th.tensor([1e-10, 1.0]).log1p()
        tensor([1.0000e-10, 6.9315e-01])
        """
    def log1p_(self) -> Tensor:
        """In place log1p(): writes the result into this tensor and returns it.

        >>> th.tensor([1e-10, 1.0]).log1p_()
        tensor([1.0000e-10, 6.9315e-01])
        """
    def expm1(self) -> Tensor:
        """exp(x) - 1 of each element, exact for small x.

        >>> th.tensor([1e-10, 1.0]).expm1()
        tensor([1.0000e-10, 1.7183e+00])
        """
    def expm1_(self) -> Tensor:
        """In place expm1(): writes the result into this tensor and returns it.

        >>> th.tensor([1e-10, 1.0]).expm1_()
        tensor([1.0000e-10, 1.7183e+00])
        """
    def sin(self) -> Tensor:
        """The sine of each element (radians).

        >>> th.tensor([0.25, 0.5]).sin()
        tensor([0.2474, 0.4794])
        """
    def sin_(self) -> Tensor:
        """In place sin(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).sin_()
        tensor([0.2474, 0.4794])
        """
    def cos(self) -> Tensor:
        """The cosine of each element (radians).

        >>> th.tensor([0.25, 0.5]).cos()
        tensor([0.9689, 0.8776])
        """
    def cos_(self) -> Tensor:
        """In place cos(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).cos_()
        tensor([0.9689, 0.8776])
        """
    def tanh(self) -> Tensor:
        """The hyperbolic tangent of each element.

        >>> th.tensor([0.25, 0.5]).tanh()
        tensor([0.2449, 0.4621])
        """
    def tanh_(self) -> Tensor:
        """In place tanh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).tanh_()
        tensor([0.2449, 0.4621])
        """
    def sigmoid(self) -> Tensor:
        """The logistic function 1 / (1 + exp(-x)) of each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).sigmoid()
        tensor([0.1824, 0.6225, 0.8808])
        """
    def sigmoid_(self) -> Tensor:
        """In place sigmoid(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).sigmoid_()
        tensor([0.1824, 0.6225, 0.8808])
        """
    def relu(self) -> Tensor:
        """max(self, 0) element-wise (torch.Tensor.relu; th.nn.functional.relu).

        >>> import th
        >>> th.tensor([-1.0, 2.0]).relu().tolist()
        [0.0, 2.0]
        """
    def relu_(self) -> Tensor:
        """relu in place: self, changed.

        >>> import th
        >>> x = th.tensor([-1, 2])
        >>> x.relu_() is x, x.tolist()
        (True, [0, 2])
        """
    def floor(self) -> Tensor:
        """The largest integer not greater than each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).floor()
        tensor([-2.,  0.,  2.])
        """
    def floor_(self) -> Tensor:
        """In place floor(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).floor_()
        tensor([-2.,  0.,  2.])
        """
    def ceil(self) -> Tensor:
        """The smallest integer not less than each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).ceil()
        tensor([-1.,  1.,  2.])
        """
    def ceil_(self) -> Tensor:
        """In place ceil(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).ceil_()
        tensor([-1.,  1.,  2.])
        """
    def round(self) -> Tensor:
        """Each element rounded half to even (decimals= digits after the point).

        >>> th.tensor([0.5, 1.5, 2.46]).round()
        tensor([0., 2., 2.])
        """
    def round_(self) -> Tensor:
        """In place round(): writes the result into this tensor and returns it.

        >>> th.tensor([0.5, 1.5, 2.46]).round_()
        tensor([0., 2., 2.])
        """
    def trunc(self) -> Tensor:
        """Each element rounded toward zero.

        >>> th.tensor([-1.5, 0.5, 2.0]).trunc()
        tensor([-1.,  0.,  2.])
        """
    def trunc_(self) -> Tensor:
        """In place trunc(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).trunc_()
        tensor([-1.,  0.,  2.])
        """
    def reciprocal(self) -> Tensor:
        """1 / x of each element.

        >>> th.tensor([4.0, -0.5]).reciprocal()
        tensor([ 0.2500, -2.0000])
        """
    def reciprocal_(self) -> Tensor:
        """In place reciprocal(): writes the result into this tensor and returns it.

        >>> th.tensor([4.0, -0.5]).reciprocal_()
        tensor([ 0.2500, -2.0000])
        """
    def acos(self) -> Tensor:
        """The arccosine of each element, in radians.

        >>> th.tensor([0.25, 0.5]).acos()
        tensor([1.3181, 1.0472])
        """
    def acos_(self) -> Tensor:
        """In place acos(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).acos_()
        tensor([1.3181, 1.0472])
        """
    def asin(self) -> Tensor:
        """The arcsine of each element, in radians.

        >>> th.tensor([0.25, 0.5]).asin()
        tensor([0.2527, 0.5236])
        """
    def asin_(self) -> Tensor:
        """In place asin(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).asin_()
        tensor([0.2527, 0.5236])
        """
    def atan(self) -> Tensor:
        """The arctangent of each element, in radians.

        >>> th.tensor([0.25, 0.5]).atan()
        tensor([0.2450, 0.4636])
        """
    def atan_(self) -> Tensor:
        """In place atan(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).atan_()
        tensor([0.2450, 0.4636])
        """
    def arccos(self) -> Tensor:
        """numpy's name of acos().

        >>> th.tensor([0.25, 0.5]).arccos()
        tensor([1.3181, 1.0472])
        """
    def arccos_(self) -> Tensor:
        """In place arccos(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).arccos_()
        tensor([1.3181, 1.0472])
        """
    def arcsin(self) -> Tensor:
        """numpy's name of asin().

        >>> th.tensor([0.25, 0.5]).arcsin()
        tensor([0.2527, 0.5236])
        """
    def arcsin_(self) -> Tensor:
        """In place arcsin(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).arcsin_()
        tensor([0.2527, 0.5236])
        """
    def arctan(self) -> Tensor:
        """numpy's name of atan().

        >>> th.tensor([0.25, 0.5]).arctan()
        tensor([0.2450, 0.4636])
        """
    def arctan_(self) -> Tensor:
        """In place arctan(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).arctan_()
        tensor([0.2450, 0.4636])
        """
    def cosh(self) -> Tensor:
        """The hyperbolic cosine of each element.

        >>> th.tensor([0.25, 0.5]).cosh()
        tensor([1.0314, 1.1276])
        """
    def cosh_(self) -> Tensor:
        """In place cosh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).cosh_()
        tensor([1.0314, 1.1276])
        """
    def sinh(self) -> Tensor:
        """The hyperbolic sine of each element.

        >>> th.tensor([0.25, 0.5]).sinh()
        tensor([0.2526, 0.5211])
        """
    def sinh_(self) -> Tensor:
        """In place sinh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).sinh_()
        tensor([0.2526, 0.5211])
        """
    def tan(self) -> Tensor:
        """The tangent of each element (radians).

        >>> th.tensor([0.25, 0.5]).tan()
        tensor([0.2553, 0.5463])
        """
    def tan_(self) -> Tensor:
        """In place tan(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).tan_()
        tensor([0.2553, 0.5463])
        """
    def log2(self) -> Tensor:
        """The base-2 logarithm of each element.

        >>> th.tensor([8.0, 0.5]).log2()
        tensor([ 3., -1.])
        """
    def log2_(self) -> Tensor:
        """In place log2(): writes the result into this tensor and returns it.

        >>> th.tensor([8.0, 0.5]).log2_()
        tensor([ 3., -1.])
        """
    def log10(self) -> Tensor:
        """The base-10 logarithm of each element.

        >>> th.tensor([1000.0, 0.5]).log10()
        tensor([ 3.0000, -0.3010])
        """
    def log10_(self) -> Tensor:
        """In place log10(): writes the result into this tensor and returns it.

        >>> th.tensor([1000.0, 0.5]).log10_()
        tensor([ 3.0000, -0.3010])
        """
    def exp2(self) -> Tensor:
        """2 to the power of each element.

        >>> th.tensor([3.0, 0.5]).exp2()
        tensor([8.0000, 1.4142])
        """
    def exp2_(self) -> Tensor:
        """In place exp2(): writes the result into this tensor and returns it.

        >>> th.tensor([3.0, 0.5]).exp2_()
        tensor([8.0000, 1.4142])
        """
    def sinc(self) -> Tensor:
        """sin(πx) / (πx) of each element (1 at 0).

        >>> th.tensor([0.0, 0.5]).sinc()
        tensor([1.0000, 0.6366])
        """
    def sinc_(self) -> Tensor:
        """In place sinc(): writes the result into this tensor and returns it.

        >>> th.tensor([0.0, 0.5]).sinc_()
        tensor([1.0000, 0.6366])
        """
    def erf(self) -> Tensor:
        """The error function of each element.

        >>> th.tensor([0.25, 0.5]).erf()
        tensor([0.2763, 0.5205])
        """
    def erf_(self) -> Tensor:
        """In place erf(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).erf_()
        tensor([0.2763, 0.5205])
        """
    def erfc(self) -> Tensor:
        """1 - erf(x) of each element.

        >>> th.tensor([0.25, 0.5]).erfc()
        tensor([0.7237, 0.4795])
        """
    def erfc_(self) -> Tensor:
        """In place erfc(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).erfc_()
        tensor([0.7237, 0.4795])
        """
    def erfinv(self) -> Tensor:
        """The inverse error function of each element.

        >>> th.tensor([0.25, 0.5]).erfinv()
        tensor([0.2253, 0.4769])
        """
    def erfinv_(self) -> Tensor:
        """In place erfinv(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).erfinv_()
        tensor([0.2253, 0.4769])
        """
    def lgamma(self) -> Tensor:
        """log|Γ(x)| of each element.

        >>> th.tensor([0.5, 4.0]).lgamma()
        tensor([0.5724, 1.7918])
        """
    def lgamma_(self) -> Tensor:
        """In place lgamma(): writes the result into this tensor and returns it.

        >>> th.tensor([0.5, 4.0]).lgamma_()
        tensor([0.5724, 1.7918])
        """
    def digamma(self) -> Tensor:
        """The logarithmic derivative of the gamma function, of each element.

        >>> th.tensor([1.0, 2.5]).digamma()
        tensor([-0.5772,  0.7032])
        """
    def digamma_(self) -> Tensor:
        """In place digamma(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 2.5]).digamma_()
        tensor([-0.5772,  0.7032])
        """
    def frac(self) -> Tensor:
        """The fractional part of each element (x - trunc(x)).

        >>> th.tensor([-1.5, 0.5, 2.0]).frac()
        tensor([-0.5000,  0.5000,  0.0000])
        """
    def frac_(self) -> Tensor:
        """In place frac(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).frac_()
        tensor([-0.5000,  0.5000,  0.0000])
        """
    def deg2rad(self) -> Tensor:
        """Each element converted from degrees to radians.

        >>> th.tensor([90.0, 180.0]).deg2rad()
        tensor([1.5708, 3.1416])
        """
    def deg2rad_(self) -> Tensor:
        """In place deg2rad(): writes the result into this tensor and returns it.

        >>> th.tensor([90.0, 180.0]).deg2rad_()
        tensor([1.5708, 3.1416])
        """
    def rad2deg(self) -> Tensor:
        """Each element converted from radians to degrees.

        >>> th.tensor([1.0, 3.0]).rad2deg()
        tensor([ 57.2958, 171.8873])
        """
    def rad2deg_(self) -> Tensor:
        """In place rad2deg(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 3.0]).rad2deg_()
        tensor([ 57.2958, 171.8873])
        """
    def square(self) -> Tensor:
        """x * x of each element.

        >>> th.tensor([-1.5, 0.5, 2.0]).square()
        tensor([2.2500, 0.2500, 4.0000])
        """
    def square_(self) -> Tensor:
        """In place square(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).square_()
        tensor([2.2500, 0.2500, 4.0000])
        """
    def isnan(self) -> Tensor:
        """True where an element is NaN.

        >>> th.tensor([1.0, float('nan')]).isnan()
        tensor([False,  True])
        """
    def isinf(self) -> Tensor:
        """True where an element is ±inf.

        >>> th.tensor([1.0, float('-inf')]).isinf()
        tensor([False,  True])
        """
    def isfinite(self) -> Tensor:
        """True where an element is neither inf nor NaN.

        >>> th.tensor([1.0, float('inf'), float('nan')]).isfinite()
        tensor([ True, False, False])
        """
    def isposinf(self) -> Tensor:
        """True where an element is +inf.

        >>> th.tensor([float('inf'), float('-inf')]).isposinf()
        tensor([ True, False])
        """
    def isneginf(self) -> Tensor:
        """True where an element is -inf.

        >>> th.tensor([float('inf'), float('-inf')]).isneginf()
        tensor([False,  True])
        """
    def signbit(self) -> Tensor:
        """True where an element's sign bit is set (-0.0 included).

        >>> th.tensor([-0.0, 1.0, -2.0]).signbit()
        tensor([ True, False,  True])
        """
    def fmod(self, other: _Operand) -> Tensor:
        """The remainder with the sign of self, as C's fmod.

        >>> th.tensor([-7, 7]).fmod(3)
        tensor([-1,  1])
        """
    def fmod_(self, other: _Operand) -> Tensor:
        """In place fmod(): writes the result into this tensor and returns it.

        >>> th.tensor([-7, 7]).fmod_(3)
        tensor([-1,  1])
        """
    def copysign(self, other: _Operand) -> Tensor:
        """|self| with the sign of other.

        >>> th.tensor([-1.5, 0.5, 2.0]).copysign(-1.0)
        tensor([-1.5000, -0.5000, -2.0000])
        """
    def copysign_(self, other: _Operand) -> Tensor:
        """In place copysign(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.5, 0.5, 2.0]).copysign_(-1.0)
        tensor([-1.5000, -0.5000, -2.0000])
        """
    def hypot(self, other: _Operand) -> Tensor:
        """sqrt(self² + other²) without overflow.

        >>> th.tensor([3.0, 5.0]).hypot(th.tensor([4.0, 12.0]))
        tensor([ 5., 13.])
        """
    def hypot_(self, other: _Operand) -> Tensor:
        """In place hypot(): writes the result into this tensor and returns it.

        >>> th.tensor([3.0, 5.0]).hypot_(th.tensor([4.0, 12.0]))
        tensor([ 5., 13.])
        """
    def xlogy(self, other: _Operand) -> Tensor:
        """self * log(other), 0 where self is 0.

        >>> th.tensor([0.0, 2.0]).xlogy(th.tensor([0.0, 4.0]))
        tensor([0.0000, 2.7726])
        """
    def xlogy_(self, other: _Operand) -> Tensor:
        """In place xlogy(): writes the result into this tensor and returns it.

        >>> th.tensor([0.0, 2.0]).xlogy_(th.tensor([0.0, 4.0]))
        tensor([0.0000, 2.7726])
        """
    def bitwise_left_shift(self, other: _Operand) -> Tensor:
        """self << other for integers.

        >>> th.tensor([6, 3, 5]).bitwise_left_shift(2)
        tensor([24, 12, 20])
        """
    def bitwise_left_shift_(self, other: _Operand) -> Tensor:
        """In place bitwise_left_shift(): writes the result into this tensor and returns it.

        >>> th.tensor([6, 3, 5]).bitwise_left_shift_(2)
        tensor([24, 12, 20])
        """
    def bitwise_right_shift(self, other: _Operand) -> Tensor:
        """self >> other for integers (arithmetic for signed ones).

        >>> th.tensor([-8, 8]).bitwise_right_shift(2)
        tensor([-2,  2])
        """
    def bitwise_right_shift_(self, other: _Operand) -> Tensor:
        """In place bitwise_right_shift(): writes the result into this tensor and returns it.

        >>> th.tensor([-8, 8]).bitwise_right_shift_(2)
        tensor([-2,  2])
        """
    def logaddexp(self, other: _Operand) -> Tensor:
        """log(exp(self) + exp(other)) without overflow.

        >>> th.tensor([1000.0, 0.0]).logaddexp(th.tensor([1000.0, 0.0]))
        tensor([1.0007e+03, 6.9315e-01])
        """
    def logaddexp2(self, other: _Operand) -> Tensor:
        """log2(2**self + 2**other) without overflow.

        >>> th.tensor([3.0, 0.0]).logaddexp2(th.tensor([3.0, 0.0]))
        tensor([4., 1.])
        """
    def fmax(self, other: _Operand) -> Tensor:
        """The larger of self and other, element-wise; a number wins over NaN.

        >>> th.tensor([1.0, float('nan')]).fmax(th.tensor([0.0, 2.0]))
        tensor([1., 2.])
        """
    def fmin(self, other: _Operand) -> Tensor:
        """The smaller of self and other, element-wise; a number wins over NaN.

        >>> th.tensor([1.0, float('nan')]).fmin(th.tensor([0.0, 2.0]))
        tensor([0., 2.])
        """
    def polygamma(self, n: builtins.int) -> Tensor:
        """The n-th derivative of digamma, of each element: polygamma(n).

        >>> th.tensor([1.0, 2.0]).polygamma(1)
        tensor([1.6449, 0.6449])
        """
    def polygamma_(self, n: builtins.int) -> Tensor:
        """In place polygamma(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 2.0]).polygamma_(1)
        tensor([1.6449, 0.6449])
        """
    def lerp(self, end: Tensor | Expr, weight: Tensor | Expr | _Number) -> Tensor:
        """self + weight * (end - self), element-wise.

        >>> th.tensor([0.0, 10.0]).lerp(th.tensor([10.0, 20.0]), 0.25)
        tensor([ 2.5000, 12.5000])
        """
    def lerp_(self, end: Tensor | Expr, weight: Tensor | Expr | _Number) -> Tensor:
        """In place lerp(): writes the result into this tensor and returns it.

        >>> th.tensor([0.0, 10.0]).lerp_(th.tensor([10.0, 20.0]), 0.25)
        tensor([ 2.5000, 12.5000])
        """
    def nan_to_num(self, nan: builtins.float = 0.0, posinf: builtins.float | None = None,
                   neginf: builtins.float | None = None) -> Tensor:
        """NaN, +inf and -inf replaced by nan, posinf and neginf (defaults: 0, the dtype's max
        and min).

        >>> th.tensor([float('nan'), float('inf'), 1.0]).nan_to_num(posinf=9.0)
        tensor([0., 9., 1.])
        """
    def nan_to_num_(self, nan: builtins.float = 0.0, posinf: builtins.float | None = None,
                    neginf: builtins.float | None = None) -> Tensor:
        """In place nan_to_num(): writes the result into this tensor and returns it.

        >>> th.tensor([float('nan'), float('inf'), 1.0]).nan_to_num_(posinf=9.0)
        tensor([0., 9., 1.])
        """
    def equal(self, other: Tensor) -> builtins.bool:
        """True if other has the same shape and elements.

        >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
        >>> t.equal(t.clone())
        True
        """
    def isclose(self, other: Tensor, rtol: builtins.float = 1e-05, atol: builtins.float = 1e-08,
                equal_nan: builtins.bool = False) -> Tensor:
        """True where |self - other| <= atol + rtol * |other| (equal_nan= counts NaNs equal).

        >>> th.tensor([1.0, 2.0]).isclose(th.tensor([1.0 + 1e-9, 2.1]))
        tensor([ True, False])
        """
    def allclose(self, other: Tensor, rtol: builtins.float = 1e-05, atol: builtins.float = 1e-08,
                 equal_nan: builtins.bool = False) -> builtins.bool:
        """True if isclose() holds everywhere.

        >>> th.tensor([1.0, 2.0]).allclose(th.tensor([1.0 + 1e-9, 2.0]))
        True
        """

    # dtype conversions
    def astype(self, dtype: _DTypeLike, *, copy: builtins.bool = True) -> Tensor:
        """numpy's name for to(dtype), for code written against numpy's
        arrays (dask.array's chunks): a new tensor of dtype (a th or numpy
        dtype); copy=False returns this tensor when it has dtype already.

        >>> th.tensor([1.5, -2.0]).astype(th.int32)
        tensor([ 1, -2], dtype=th.int32)
        """
    def to(self, *args: _DTypeLike | Tensor | _DeviceLike | builtins.bool,
           device: _DeviceLike = None, dtype: _DTypeLike = None,
           non_blocking: builtins.bool = False, copy: builtins.bool = False,
           memory_format: _memory_format | None = None) -> Tensor:
        """This tensor converted, as torch's overloads: to(dtype),
        to(device, dtype), to(other) (other's dtype), to(device=..., dtype=...);
        the device can only be the CPU (th has no other). Itself when nothing
        changes, unless copy=True; a copy keeps a dense tensor's strides
        (memory_format=th.preserve_format, the default). non_blocking is
        accepted and means nothing on the CPU.

        >>> import th
        >>> t = th.ones(2)
        >>> t.to("cpu") is t, t.to(th.float64).dtype, t.to("cpu", th.int8).dtype
        (True, th.float64, th.int8)
        """

    # device, autograd, formats (th/_device.py): th is CPU-only, without autograd
    @property
    def device(self) -> _device:
        """The device the tensor lives on: always th.device("cpu").

        >>> import th
        >>> th.zeros(1).device
        device(type='cpu')
        """
    @property
    def is_cuda(self) -> builtins.bool:
        """False: th computes on the CPU only.

        >>> th.zeros(1).is_cuda
        False
        """
    @property
    def is_cpu(self) -> builtins.bool:
        """True: th computes on the CPU only.

        >>> th.zeros(1).is_cpu
        True
        """
    def get_device(self) -> builtins.int:
        """-1, torch's answer for a CPU tensor.

        >>> th.zeros(1).get_device()
        -1
        """
    def cpu(self, memory_format: _memory_format | None = None) -> Tensor:
        """This tensor itself (it is on the CPU already), as torch's.

        >>> import th
        >>> t = th.ones(2)
        >>> t.cpu() is t
        True
        """
    def cuda(self, device: Any = None, non_blocking: builtins.bool = False,
             memory_format: _memory_format | None = None) -> Tensor:
        """Refused: th has no CUDA device (th.Error).

        >>> try:
        ...     th.zeros(1).cuda()
        ... except RuntimeError as e:
        ...     print(type(e).__name__)
        ...
        Error
        """
    @property
    def requires_grad(self) -> builtins.bool:
        """False: th has no autograd. Setting False is accepted, True refused.

        >>> import th
        >>> th.zeros(1).requires_grad
        False
        """
    @requires_grad.setter
    def requires_grad(self, value: builtins.bool) -> None: ...
    def requires_grad_(self, requires_grad: builtins.bool = True) -> Tensor:
        """Refused for True (th has no autograd); this tensor for False.

        >>> t = th.zeros(1)
        >>> t.requires_grad_(False) is t
        True
        """
    @property
    def grad(self) -> None:
        """None: th has no autograd, no gradient is ever accumulated.

        >>> th.zeros(1).grad is None
        True
        """
    @property
    def grad_fn(self) -> None:
        """None: th records no graph.

        >>> th.zeros(1).grad_fn is None
        True
        """
    @property
    def is_leaf(self) -> builtins.bool:
        """True: without autograd every tensor is a leaf.

        >>> th.zeros(1).is_leaf
        True
        """
    def detach(self) -> Tensor:
        """A new tensor object viewing the same storage (torch's detach: a
        view; th has no autograd to detach from).

        >>> import th
        >>> t = th.zeros(2)
        >>> d = t.detach()
        >>> d is t, d.data_ptr() == t.data_ptr()
        (False, True)
        """
    def detach_(self) -> Tensor:
        """This tensor itself (nothing to detach from: th has no autograd).

        >>> t = th.ones(2)
        >>> t.detach_() is t
        True
        """
    @property
    def data(self) -> Tensor:
        """A view of the same storage, as torch's .data (= detach()).

        >>> t = th.ones(2)
        >>> t.data.data_ptr() == t.data_ptr()
        True
        """
    def is_floating_point(self) -> builtins.bool:
        """True for float16, bfloat16, float32 and float64 tensors.

        >>> import th
        >>> th.zeros(1).is_floating_point(), th.zeros(1, dtype=th.int64).is_floating_point()
        (True, False)
        """
    def is_complex(self) -> builtins.bool:
        """True for complex64 and complex128 tensors.

        >>> import th
        >>> th.zeros(1, dtype=th.complex64).is_complex()
        True
        """
    def __format__(self, format_spec: builtins.str) -> builtins.str: ...
    def double(self) -> Tensor:
        """This tensor as float64: itself when it already is, else a copy.

        >>> th.tensor([1, 2]).double()
        tensor([1., 2.], dtype=th.float64)
        """
    def half(self) -> Tensor:
        """This tensor as float16: itself when it already is, else a copy.

        >>> th.tensor([1, 2]).half()
        tensor([1., 2.], dtype=th.float16)
        """
    def bfloat16(self) -> Tensor:
        """This tensor as bfloat16: itself when it already is, else a copy.

        >>> th.tensor([1, 2]).bfloat16()
        tensor([1., 2.], dtype=th.bfloat16)
        """
    def int(self) -> Tensor:
        """This tensor as int32: itself when it already is, else a copy (floats truncate).

        >>> th.tensor([1.5, -2.5]).int()
        tensor([ 1, -2], dtype=th.int32)
        """
    def long(self) -> Tensor:
        """This tensor as int64: itself when it already is, else a copy (floats truncate).

        >>> th.tensor([1.5, -2.5]).long()
        tensor([ 1, -2])
        """
    def bool(self) -> Tensor:
        """This tensor as bool: itself when it already is, else a copy (nonzero is True).

        >>> th.tensor([0.0, 2.0]).bool()
        tensor([False,  True])
        """
    # torch's first-week methods over th's functions
    def count_nonzero(self, dim: _Dims | None = None) -> Tensor:
        """The number of nonzero elements, over dim (every dim when None; th.count_nonzero).

        >>> th.tensor([[0, 1], [2, 3]]).count_nonzero(0)
        tensor([1, 2])
        """
    def aminmax(self, *, dim: SupportsIndex | None = None, keepdim: builtins.bool = False) -> Any:
        """The named tuple (min, max) of the elements, over dim when given (th.aminmax).

        >>> th.tensor([3, 1, 2]).aminmax()
        aminmax(min=tensor(1), max=tensor(3))
        """
    def clamp_min(self, min: _Operand) -> Tensor:
        """Each element at least min (th.clamp_min).

        >>> th.tensor([1.0, 3.0]).clamp_min(2.0)
        tensor([2., 3.])
        """
    def clamp_min_(self, min: _Operand) -> Tensor:
        """In place clamp_min(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 3.0]).clamp_min_(2.0)
        tensor([2., 3.])
        """
    def clamp_max(self, max: _Operand) -> Tensor:
        """Each element at most max (th.clamp_max).

        >>> th.tensor([1.0, 3.0]).clamp_max(2.0)
        tensor([1., 2.])
        """
    def clamp_max_(self, max: _Operand) -> Tensor:
        """In place clamp_max(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 3.0]).clamp_max_(2.0)
        tensor([1., 2.])
        """
    def true_divide(self, other: _Operand) -> Tensor:
        """self / other with true division (th.true_divide).

        >>> th.tensor([1, 3]).true_divide(2)
        tensor([0.5000, 1.5000])
        """
    def true_divide_(self, other: _Operand) -> Tensor:
        """In place true_divide(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0, 3.0]).true_divide_(2)
        tensor([0.5000, 1.5000])
        """
    def positive(self) -> Tensor:
        """This tensor itself (unary +; th.positive).

        >>> th.tensor([1, -2]).positive()
        tensor([ 1, -2])
        """
    def asinh(self) -> Tensor:
        """The inverse hyperbolic sine of each element (th.asinh).

        >>> th.tensor([1.0]).asinh()
        tensor([0.8814])
        """
    def asinh_(self) -> Tensor:
        """In place asinh(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0]).asinh_()
        tensor([0.8814])
        """
    def acosh(self) -> Tensor:
        """The inverse hyperbolic cosine of each element (th.acosh).

        >>> th.tensor([2.0]).acosh()
        tensor([1.3170])
        """
    def acosh_(self) -> Tensor:
        """In place acosh(): writes the result into this tensor and returns it.

        >>> th.tensor([2.0]).acosh_()
        tensor([1.3170])
        """
    def atanh(self) -> Tensor:
        """The inverse hyperbolic tangent of each element (th.atanh).

        >>> th.tensor([0.5]).atanh()
        tensor([0.5493])
        """
    def atanh_(self) -> Tensor:
        """In place atanh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.5]).atanh_()
        tensor([0.5493])
        """
    def arcsinh(self) -> Tensor:
        """The inverse hyperbolic sine of each element (th.arcsinh).

        >>> th.tensor([1.0]).arcsinh()
        tensor([0.8814])
        """
    def arcsinh_(self) -> Tensor:
        """In place arcsinh(): writes the result into this tensor and returns it.

        >>> th.tensor([1.0]).arcsinh_()
        tensor([0.8814])
        """
    def arccosh(self) -> Tensor:
        """The inverse hyperbolic cosine of each element (th.arccosh).

        >>> th.tensor([2.0]).arccosh()
        tensor([1.3170])
        """
    def arccosh_(self) -> Tensor:
        """In place arccosh(): writes the result into this tensor and returns it.

        >>> th.tensor([2.0]).arccosh_()
        tensor([1.3170])
        """
    def arctanh(self) -> Tensor:
        """The inverse hyperbolic tangent of each element (th.arctanh).

        >>> th.tensor([0.5]).arctanh()
        tensor([0.5493])
        """
    def arctanh_(self) -> Tensor:
        """In place arctanh(): writes the result into this tensor and returns it.

        >>> th.tensor([0.5]).arctanh_()
        tensor([0.5493])
        """
    def isreal(self) -> Tensor:
        """Whether each element is real (th.isreal).

        >>> th.tensor([1 + 0j, 1j]).isreal()
        tensor([ True, False])
        """
    def is_nonzero(self) -> builtins.bool:
        """Whether this one-element tensor is nonzero (th.is_nonzero).

        >>> th.tensor([0.0]).is_nonzero()
        False
        """
    def angle(self) -> Tensor:
        """The phase of each element (th.angle).

        >>> th.tensor([-1.0, 1.0]).angle()
        tensor([3.1416, 0.0000])
        """
    def heaviside(self, values: Tensor) -> Tensor:
        """The Heaviside step of each element, values where it is 0 (th.heaviside).

        >>> th.tensor([-1.0, 0.0, 2.0]).heaviside(th.tensor([0.5]))
        tensor([0.0000, 0.5000, 1.0000])
        """
    def heaviside_(self, values: Tensor) -> Tensor:
        """In place heaviside(): writes the result into this tensor and returns it.

        >>> th.tensor([-1.0, 0.0, 2.0]).heaviside_(th.tensor([0.5]))
        tensor([0.0000, 0.5000, 1.0000])
        """
    def logit(self, eps: builtins.float | None = None) -> Tensor:
        """log(p / (1 - p)) of each element p, clamped to [eps, 1 - eps] first when eps is given.

        >>> th.tensor([0.25, 0.5]).logit()
        tensor([-1.0986,  0.0000])
        """
    def logit_(self, eps: builtins.float | None = None) -> Tensor:
        """In place logit(): writes the result into this tensor and returns it.

        >>> th.tensor([0.25, 0.5]).logit_()
        tensor([-1.0986,  0.0000])
        """
    def nanmean(self, dim: _Dims | None = None, keepdim: builtins.bool = False,
                *, dtype: _DTypeLike | None = None) -> Tensor:
        """The mean of the elements that are not NaN, over dim (th.nanmean).

        >>> th.tensor([1.0, float('nan'), 3.0]).nanmean()
        tensor(2.)
        """
    def cov(self, *, correction: builtins.int = 1, fweights: Tensor | None = None,
            aweights: Tensor | None = None) -> Tensor:
        """The covariance matrix of the variables in the rows (th.cov).

        >>> th.tensor([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]).cov()
        tensor([[ 1., -1.],
                [-1.,  1.]])
        """
    def corrcoef(self) -> Tensor:
        """The Pearson correlation coefficients of the variables in the rows (th.corrcoef).

        >>> th.tensor([[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]).corrcoef()
        tensor([[ 1., -1.],
                [-1.,  1.]])
        """
    def index_copy(self, dim: SupportsIndex, index: Tensor, source: Tensor) -> Tensor:
        """A copy with source's slices along dim written at index (th.index_copy).

        >>> th.zeros(3).index_copy(0, th.tensor([2]), th.tensor([5.0]))
        tensor([0., 0., 5.])
        """
    def index_fill(self, dim: SupportsIndex, index: Tensor, value: _Operand) -> Tensor:
        """A copy with the slices along dim at index filled with value (th.index_fill).

        >>> th.zeros(3).index_fill(0, th.tensor([2]), 5.0)
        tensor([0., 0., 5.])
        """
    def det(self) -> Tensor:
        """The determinant of each square matrix (th.det).

        >>> th.tensor([[2.0, 0.0], [0.0, 3.0]]).det()
        tensor(6.)
        """
    def logdet(self) -> Tensor:
        """The log of each square matrix's determinant (th.logdet).

        >>> th.tensor([[1.0, 0.0], [0.0, 1.0]]).logdet()
        tensor(0.)
        """
    def slogdet(self) -> Any:
        """The named tuple (sign, logabsdet) of each determinant (th.slogdet).

        >>> th.tensor([[1.0, 0.0], [0.0, 1.0]]).slogdet()
        slogdet(sign=tensor(1.), logabsdet=tensor(0.))
        """
    def inverse(self) -> Tensor:
        """The inverse of each square matrix (th.inverse).

        >>> th.tensor([[2.0, 0.0], [0.0, 4.0]]).inverse()
        tensor([[0.5000, 0.0000],
                [0.0000, 0.2500]])
        """
    def pinverse(self, rcond: builtins.float = 1e-15) -> Tensor:
        """The pseudo-inverse of each matrix (th.pinverse).

        >>> th.tensor([[2.0, 0.0]]).pinverse()
        tensor([[0.5000],
                [0.0000]])
        """
    def matrix_power(self, n: SupportsIndex) -> Tensor:
        """Each square matrix to the integer power n (th.matrix_power).

        >>> th.tensor([[1, 1], [0, 1]]).matrix_power(2)
        tensor([[1, 2],
                [0, 1]])
        """
    def matrix_exp(self) -> Tensor:
        """The matrix exponential of each square matrix (th.matrix_exp).

        >>> th.zeros(1, 1).matrix_exp()
        tensor([[1.]])
        """
    def cholesky(self, upper: builtins.bool = False) -> Tensor:
        """The Cholesky factor of each positive-definite matrix (th.cholesky).

        >>> th.tensor([[4.0, 2.0], [2.0, 2.0]]).cholesky()
        tensor([[2., 0.],
                [1., 1.]])
        """
    def cholesky_inverse(self, upper: builtins.bool = False) -> Tensor:
        """The inverse of A from this Cholesky factor of A (th.cholesky_inverse).

        >>> th.tensor([[2.0, 0.0], [1.0, 1.0]]).cholesky_inverse()
        tensor([[ 0.5000, -0.5000],
                [-0.5000,  1.0000]])
        """
    def cholesky_solve(self, input2: Tensor, upper: builtins.bool = False) -> Tensor:
        """The solution X of A X = self, A given by its Cholesky factor input2 (th.cholesky_solve).

        >>> th.tensor([[2.0], [1.0]]).cholesky_solve(th.eye(2))
        tensor([[2.],
                [1.]])
        """
    def qr(self, some: builtins.bool = True) -> Any:
        """The named tuple (Q, R) of each matrix's QR factorisation (th.qr).

        >>> th.tensor([[3.0, 1.0], [4.0, 2.0]]).qr().R
        tensor([[-5.0000, -2.2000],
                [ 0.0000,  0.4000]])
        """
    def svd(self, some: builtins.bool = True, compute_uv: builtins.bool = True) -> Any:
        """The named tuple (U, S, V) of each matrix's singular value decomposition (th.svd).

        >>> th.tensor([[3.0, 0.0], [0.0, -2.0]]).svd().S
        tensor([3., 2.])
        """
    def lu(self, pivot: builtins.bool = True, get_infos: builtins.bool = False) -> Any:
        """(LU, pivots), with get_infos also info, of each matrix (th.lu).

        >>> th.tensor([[1.0, 2.0], [3.0, 4.0]]).lu()[1]
        tensor([2, 2], dtype=th.int32)
        """
    def lu_solve(self, LU_data: Tensor, LU_pivots: Tensor) -> Tensor:
        """The solution X of A X = self from A's LU factorisation (th.lu_solve).

        >>> LU, pivots = th.linalg.lu_factor(th.tensor([[2.0, 0.0], [0.0, 4.0]]))
        >>> th.tensor([[2.0], [4.0]]).lu_solve(LU, pivots)
        tensor([[1.],
                [1.]])
        """
