"""torch's function forms of th.Tensor's views and copies: th.reshape(t, shape)
is t.reshape(shape), th.transpose(t, 0, 1) is t.transpose(0, 1), and so on for
every view torch has as a top-level function (torch has none for unfold,
expand, view or view_as: th has none either). The *_copy functions are
torch's copying forms of the views: a new contiguous tensor holding the
view's elements."""
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional, SupportsIndex, Union

from th._errors import Error

if TYPE_CHECKING:
    from th._tensor import Tensor

_Dims = Union[SupportsIndex, Sequence[SupportsIndex]]


def _check(fn: str, input: Any, name: str = "input") -> "Tensor":
    """input itself when it is a th.Tensor, else torch's TypeError."""
    from th._tensor import Tensor
    if not isinstance(input, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' (position 1) must be Tensor, "
                        f"not {type(input).__name__}")
    return input


def _copy(view: "Tensor") -> "Tensor":
    """A new contiguous tensor with view's elements (whatever view's layout)."""
    from th._factories import empty
    return empty(view.shape, dtype=view.dtype).copy_(view)


# ------------------------------------------------------------------ views
def reshape(input: "Tensor", shape: Sequence[SupportsIndex]) -> "Tensor":
    """input with a new shape (one size may be -1): a view when the strides
    allow, else a copy.

    >>> import th
    >>> th.reshape(th.arange(6), (2, 3)).tolist()
    [[0, 1, 2], [3, 4, 5]]
    """
    return _check("reshape", input).reshape(shape)


def transpose(input: "Tensor", dim0: SupportsIndex, dim1: SupportsIndex) -> "Tensor":
    """A view of input with dims dim0 and dim1 swapped.

    >>> import th
    >>> th.transpose(th.zeros(2, 3, 4), 0, 2).shape
    (4, 3, 2)
    """
    return _check("transpose", input).transpose(dim0, dim1)


def permute(input: "Tensor", dims: Sequence[SupportsIndex]) -> "Tensor":
    """A view of input whose dim i is input's dim dims[i].

    >>> import th
    >>> th.permute(th.zeros(2, 3, 4), (2, 0, 1)).shape
    (4, 2, 3)
    """
    return _check("permute", input).permute(dims)


def squeeze(input: "Tensor", dim: Optional[_Dims] = None) -> "Tensor":
    """A view of input without its size-1 dims (or without dim, or the dims of
    a tuple, those of size 1).

    >>> import th
    >>> th.squeeze(th.zeros(2, 1, 3, 1)).shape
    (2, 3)
    >>> th.squeeze(th.zeros(2, 1, 3, 1), (1, 3)).shape
    (2, 3)
    """
    return _check("squeeze", input).squeeze(dim)


def unsqueeze(input: "Tensor", dim: SupportsIndex) -> "Tensor":
    """A view of input with a size-1 dim inserted at dim.

    >>> import th
    >>> th.unsqueeze(th.zeros(2, 3), -1).shape
    (2, 3, 1)
    """
    return _check("unsqueeze", input).unsqueeze(dim)


def flatten(input: "Tensor", start_dim: SupportsIndex = 0,
            end_dim: SupportsIndex = -1) -> "Tensor":
    """input with dims start_dim .. end_dim merged into one (a view when the
    strides allow).

    >>> import th
    >>> th.flatten(th.zeros(2, 3, 4), 1).shape
    (2, 12)
    """
    return _check("flatten", input).flatten(start_dim, end_dim)


def ravel(input: "Tensor") -> "Tensor":
    """input as one dim: a view when input is contiguous, else a contiguous
    copy.

    >>> import th
    >>> th.ravel(th.tensor([[1, 2], [3, 4]]).t()).tolist()
    [1, 3, 2, 4]
    """
    return _check("ravel", input).reshape(-1)


def clone(input: "Tensor", *, memory_format: Any = None) -> "Tensor":
    """A copy of input with its own storage, laid out as memory_format says
    (th.preserve_format, the default, keeps a dense input's strides;
    th.contiguous_format, th.channels_last, th.channels_last_3d).

    >>> import th
    >>> a = th.zeros(2); b = th.clone(a); b[0] = 1; a.tolist()
    [0.0, 0.0]
    >>> th.clone(th.zeros(2, 3).t(), memory_format=th.contiguous_format).stride()
    (2, 1)
    """
    return _check("clone", input).clone(memory_format=memory_format)


def narrow(input: "Tensor", dim: SupportsIndex, start: SupportsIndex,
           length: SupportsIndex) -> "Tensor":
    """A view of elements start .. start + length - 1 of input's dim.

    >>> import th
    >>> th.narrow(th.arange(6), 0, 2, 3).tolist()
    [2, 3, 4]
    """
    return _check("narrow", input).narrow(dim, start, length)


def select(input: "Tensor", dim: SupportsIndex, index: SupportsIndex) -> "Tensor":
    """A view of input's slice at index along dim, without that dim.

    >>> import th
    >>> th.select(th.tensor([[1, 2], [3, 4]]), 1, 0).tolist()
    [1, 3]
    """
    return _check("select", input).select(dim, index)


def t(input: "Tensor") -> "Tensor":
    """A 2-dim input transposed (a view); a 0- or 1-dim input as it is.

    >>> import th
    >>> th.t(th.zeros(2, 3)).shape
    (3, 2)
    """
    return _check("t", input).t()


def adjoint(input: "Tensor") -> "Tensor":
    """The last two dims swapped and conjugated: a batch of matrices' conjugate
    transposes (for real dtypes a view, the same as mT; for complex ones a copy,
    th having no lazy conjugate).

    >>> import th
    >>> th.adjoint(th.zeros(5, 2, 3)).shape
    (5, 3, 2)
    """
    input = _check("adjoint", input)
    if input.dim() == 0:  # torch: the conjugate, deprecated (as Tensor.mT)
        import warnings
        warnings.warn("adjoint() is deprecated on 0-D tensors. Consider using x.conj().",
                      UserWarning, stacklevel=2)
        return input.conj() if input.dtype.is_complex else input.view(())
    if input.dim() < 2:
        raise Error(f"tensor.adjoint() is only supported on matrices or batches of matrices. "
                    f"Got {input.dim()}-D tensor.")
    result = input.transpose(-2, -1)
    return result.conj() if input.dtype.is_complex else result


def diagonal(input: "Tensor", offset: SupportsIndex = 0, dim1: SupportsIndex = 0,
             dim2: SupportsIndex = 1) -> "Tensor":
    """A view of the diagonal of input's dims dim1 and dim2, as a new last dim.

    >>> import th
    >>> th.diagonal(th.tensor([[1, 2], [3, 4]])).tolist()
    [1, 4]
    """
    return _check("diagonal", input).diagonal(offset, dim1, dim2)


def as_strided(input: "Tensor", size: Sequence[SupportsIndex], stride: Sequence[SupportsIndex],
               storage_offset: Optional[SupportsIndex] = None) -> "Tensor":
    """A view of input's storage with any geometry inside it.

    >>> import th
    >>> th.as_strided(th.arange(6), (2, 2), (1, 2)).tolist()
    [[0, 2], [1, 3]]
    """
    return _check("as_strided", input).as_strided(size, stride, storage_offset)


def numel(input: "Tensor") -> int:
    """The number of elements of input.

    >>> import th
    >>> th.numel(th.zeros(2, 3))
    6
    """
    return _check("numel", input).numel()


# ---------------------------------------------------------- the splits
def tensor_split(input: "Tensor",
                 indices_or_sections: Union[SupportsIndex, Sequence[SupportsIndex]],
                 dim: SupportsIndex = 0) -> "tuple[Tensor, ...]":
    """Views of input along dim: n nearly equal parts (the first ones one
    longer), or the pieces between the given indices (numpy's array_split).

    >>> import th
    >>> [p.tolist() for p in th.tensor_split(th.arange(5), 3)]
    [[0, 1], [2, 3], [4]]
    >>> [p.tolist() for p in th.tensor_split(th.arange(5), (1, 4))]
    [[0], [1, 2, 3], [4]]
    """
    from th._tensor import Tensor
    input = _check("tensor_split", input)
    if input.dim() == 0:
        raise Error("tensor_split expected at least a 1-dimensional tensor, but got a tensor "
                    "with 0 dims")
    d = operator.index(dim)
    if not -input.dim() <= d < input.dim():
        from th._errors import OutOfRange
        raise OutOfRange(f"Dimension out of range (expected to be in range of "
                         f"[{-input.dim()}, {input.dim() - 1}], but got {d})")
    d %= input.dim()
    n = input.shape[d]
    spec: Any = indices_or_sections  # (typed loosely: an int, a sequence or a tensor)
    if isinstance(spec, Tensor):
        if spec.dtype.is_floating_point or spec.dim() > 1:
            raise Error("tensor_split expected tensor_indices_or_sections to have an integer "
                        "dtype and to be a zero-dimensional or one-dimensional tensor")
        spec = spec.item() if spec.dim() == 0 else spec.tolist()
    if isinstance(spec, Sequence):
        bounds = [operator.index(i) for i in spec]
    else:
        sections = operator.index(spec)
        if sections <= 0:
            raise Error(f"number of sections must be larger than 0, got {sections}")
        size, extra = divmod(n, sections)
        bounds, at = [], 0
        for i in range(sections - 1):
            at += size + (i < extra)
            bounds.append(at)
    out, start = [], 0
    for stop in bounds + [n]:
        lo = min(max(start + n if start < 0 else start, 0), n)
        hi = min(max(stop + n if stop < 0 else stop, 0), n)
        out.append(input.narrow(d, lo, max(hi - lo, 0)))
        start = stop
    return tuple(out)


def _split_at(fn: str, input: "Tensor", sections: Any, dim: int,
              least: int) -> "tuple[Tensor, ...]":
    input = _check(fn, input)
    if input.dim() < least:
        raise Error(f"torch.{fn} requires a tensor with at least {least} dimension, but got a "
                    f"tensor with {input.dim()} dimensions!")
    if not isinstance(sections, Sequence):
        sections = operator.index(sections)
        if sections == 0 or input.shape[dim] % sections:
            raise Error(f"torch.{fn} attempted to split along dimension {dim}, but the size of "
                        f"the dimension {input.shape[dim]} is not divisible by the split_size "
                        f"{sections}!")
    return tensor_split(input, sections, dim)


def hsplit(input: "Tensor", indices_or_sections: Union[SupportsIndex, Sequence[SupportsIndex]]
           ) -> "tuple[Tensor, ...]":
    """tensor_split along dim 1 (dim 0 for a 1-dim input), equal parts only.

    >>> import th
    >>> [p.shape for p in th.hsplit(th.zeros(2, 4), 2)]
    [(2, 2), (2, 2)]
    """
    input = _check("hsplit", input)
    return _split_at("hsplit", input, indices_or_sections, 1 if input.dim() > 1 else 0, 1)


def vsplit(input: "Tensor", indices_or_sections: Union[SupportsIndex, Sequence[SupportsIndex]]
           ) -> "tuple[Tensor, ...]":
    """tensor_split along dim 0 of an input of at least 2 dims, equal parts only.

    >>> import th
    >>> [p.shape for p in th.vsplit(th.zeros(4, 2), [1])]
    [(1, 2), (3, 2)]
    """
    return _split_at("vsplit", input, indices_or_sections, 0, 2)


def dsplit(input: "Tensor", indices_or_sections: Union[SupportsIndex, Sequence[SupportsIndex]]
           ) -> "tuple[Tensor, ...]":
    """tensor_split along dim 2 of an input of at least 3 dims, equal parts only.

    >>> import th
    >>> [p.shape for p in th.dsplit(th.zeros(1, 1, 4), 2)]
    [(1, 1, 2), (1, 1, 2)]
    """
    return _split_at("dsplit", input, indices_or_sections, 2, 3)


# ---------------------------------------------------------- the copies
def narrow_copy(input: "Tensor", dim: SupportsIndex, start: SupportsIndex,
                length: SupportsIndex) -> "Tensor":
    """narrow(input, dim, start, length) as a new contiguous tensor.

    >>> import th
    >>> th.narrow_copy(th.arange(6), 0, 2, 3).tolist()
    [2, 3, 4]
    """
    return _copy(_check("narrow_copy", input).narrow(dim, start, length))


def select_copy(input: "Tensor", dim: SupportsIndex, index: SupportsIndex) -> "Tensor":
    """select(input, dim, index) as a new contiguous tensor.

    >>> import th
    >>> th.select_copy(th.tensor([[1, 2], [3, 4]]), 1, 1).tolist()
    [2, 4]
    """
    return _copy(_check("select_copy", input).select(dim, index))


def transpose_copy(input: "Tensor", dim0: SupportsIndex, dim1: SupportsIndex) -> "Tensor":
    """transpose(input, dim0, dim1) as a new contiguous tensor.

    >>> import th
    >>> th.transpose_copy(th.zeros(2, 3), 0, 1).is_contiguous()
    True
    """
    return _copy(_check("transpose_copy", input).transpose(dim0, dim1))


def permute_copy(input: "Tensor", dims: Sequence[SupportsIndex]) -> "Tensor":
    """permute(input, dims) as a new contiguous tensor.

    >>> import th
    >>> th.permute_copy(th.zeros(2, 3, 4), (2, 0, 1)).stride()
    (6, 3, 1)
    """
    return _copy(_check("permute_copy", input).permute(dims))


def t_copy(input: "Tensor") -> "Tensor":
    """t(input) as a new contiguous tensor.

    >>> import th
    >>> th.t_copy(th.tensor([[1, 2], [3, 4]])).tolist()
    [[1, 3], [2, 4]]
    """
    return _copy(_check("t_copy", input).t())


def squeeze_copy(input: "Tensor", dim: Optional[_Dims] = None) -> "Tensor":
    """squeeze(input, dim) as a new contiguous tensor.

    >>> import th
    >>> th.squeeze_copy(th.zeros(1, 2, 1)).shape
    (2,)
    """
    return _copy(_check("squeeze_copy", input).squeeze(dim))


def unsqueeze_copy(input: "Tensor", dim: SupportsIndex) -> "Tensor":
    """unsqueeze(input, dim) as a new contiguous tensor.

    >>> import th
    >>> th.unsqueeze_copy(th.zeros(2), 0).shape
    (1, 2)
    """
    return _copy(_check("unsqueeze_copy", input).unsqueeze(dim))


def diagonal_copy(input: "Tensor", offset: SupportsIndex = 0, dim1: SupportsIndex = 0,
                  dim2: SupportsIndex = 1) -> "Tensor":
    """diagonal(input, offset, dim1, dim2) as a new contiguous tensor.

    >>> import th
    >>> th.diagonal_copy(th.tensor([[1, 2], [3, 4]]), 1).tolist()
    [2]
    """
    return _copy(_check("diagonal_copy", input).diagonal(offset, dim1, dim2))


def as_strided_copy(input: "Tensor", size: Sequence[SupportsIndex],
                    stride: Sequence[SupportsIndex],
                    storage_offset: Optional[SupportsIndex] = None) -> "Tensor":
    """as_strided(input, size, stride, storage_offset) as a new contiguous tensor.

    >>> import th
    >>> th.as_strided_copy(th.arange(4), (2,), (2,)).tolist()
    [0, 2]
    """
    return _copy(_check("as_strided_copy", input).as_strided(size, stride, storage_offset))


def expand_copy(input: "Tensor", size: Sequence[SupportsIndex]) -> "Tensor":
    """input.expand(size) as a new contiguous tensor.

    >>> import th
    >>> th.expand_copy(th.tensor([1, 2]), (2, 2)).tolist()
    [[1, 2], [1, 2]]
    """
    return _copy(_check("expand_copy", input).expand(size))


def view_copy(input: "Tensor", size: Sequence[SupportsIndex]) -> "Tensor":
    """input.view(size) as a new contiguous tensor.

    >>> import th
    >>> th.view_copy(th.arange(4), (2, 2)).tolist()
    [[0, 1], [2, 3]]
    """
    return _copy(_check("view_copy", input).view(size))


def unfold_copy(input: "Tensor", dimension: SupportsIndex, size: SupportsIndex,
                step: SupportsIndex) -> "Tensor":
    """input.unfold(dimension, size, step) as a new contiguous tensor.

    >>> import th
    >>> th.unfold_copy(th.arange(4), 0, 2, 2).tolist()
    [[0, 1], [2, 3]]
    """
    return _copy(_check("unfold_copy", input).unfold(dimension, size, step))


# ------------------------------------------------ the scatters of views
def _int_arg(fn: str, value: Any, name: str, position: int) -> int:
    """value as an int, refusing what torch's int arguments refuse (bool, float)."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{fn}(): argument '{name}' (position {position}) must be int, "
                        f"not {type(value).__name__}")
    return operator.index(value)


def _clone_preserving_strides(input: "Tensor") -> "Tensor":
    """torch's clone_preserve_strides (the *_scatter functions' copy): input's
    whole storage copied and seen with input's sizes, strides and offset, so
    the result is laid out as input is; a plain clone when a stride of 0
    makes input overlap itself."""
    if any(st == 0 and n > 1 for st, n in zip(input.stride(), input.shape)):
        return input.clone()
    length = input.storage().nbytes() // input.element_size()
    whole = input.as_strided((length,), (1,), 0).clone()
    return whole.as_strided(input.shape, input.stride(), input.storage_offset())


def _scatter_into(fn: str, input: Any, src: Any, view_of: Any) -> "Tensor":
    """A copy of input (laid out as input, as torch's) whose view
    view_of(copy) holds src's elements, cast to input's dtype; src must have
    the view's shape."""
    from th._tensor import Tensor
    input = _check(fn, input)
    if not isinstance(src, Tensor):
        raise TypeError(f"{fn}(): argument 'src' (position 2) must be Tensor, "
                        f"not {type(src).__name__}")
    result = _clone_preserving_strides(input)
    view = view_of(result)
    if tuple(src.shape) != tuple(view.shape):
        raise Error(f"{fn}(): expected src to have a size equal to the slice of self. "
                    f"src size = {list(src.shape)}, slice size = {list(view.shape)}")
    view.copy_(src)
    return result


def select_scatter(input: "Tensor", src: "Tensor", dim: SupportsIndex,
                   index: SupportsIndex) -> "Tensor":
    """A copy of input whose slice input.select(dim, index) holds src (of
    that slice's shape): the out-of-place form of ``x.select(dim, index)[...] = src``.

    >>> import th
    >>> th.select_scatter(th.zeros(2, 2), th.ones(2), 0, 0).tolist()
    [[1.0, 1.0], [0.0, 0.0]]
    """
    d = _int_arg("select_scatter", dim, "dim", 3)
    i = _int_arg("select_scatter", index, "index", 4)
    return _scatter_into("select_scatter", input, src, lambda r: r.select(d, i))


def slice_scatter(input: "Tensor", src: "Tensor", dim: SupportsIndex = 0,
                  start: Optional[SupportsIndex] = None, end: Optional[SupportsIndex] = None,
                  step: SupportsIndex = 1) -> "Tensor":
    """A copy of input whose elements start:end:step along dim (start and
    end clamped as a Python slice's; step positive) hold src.

    >>> import th
    >>> th.slice_scatter(th.zeros(2, 4), th.ones(2, 2), 1, start=0, step=2).tolist()
    [[1.0, 0.0, 1.0, 0.0], [1.0, 0.0, 1.0, 0.0]]
    """
    fn = "slice_scatter"
    d = _int_arg(fn, dim, "dim", 3)
    lo = None if start is None else _int_arg(fn, start, "start", 4)
    hi = None if end is None else _int_arg(fn, end, "end", 5)
    st = _int_arg(fn, step, "step", 6)

    def view_of(r: "Tensor") -> "Tensor":
        from th._errors import OutOfRange
        if r.dim() == 0:
            raise OutOfRange("slice_scatter(): slice() cannot be applied to a 0-dim tensor.")
        if not -r.dim() <= d < r.dim():
            raise OutOfRange(f"Dimension out of range (expected to be in range of "
                             f"[{-r.dim()}, {r.dim() - 1}], but got {d})")
        if st <= 0:
            raise Error("slice_scatter(): slice step must be positive")
        first, stop, _ = slice(lo, hi, st).indices(r.shape[d])
        count = max(0, -(-(stop - first) // st))
        # narrow then a strided view: the slice's elements, shared with r
        part = r.narrow(d, first, (count - 1) * st + 1 if count else 0)
        return part[(slice(None),) * (d % r.dim()) + (slice(None, None, st),)]

    return _scatter_into(fn, input, src, view_of)


def diagonal_scatter(input: "Tensor", src: "Tensor", offset: SupportsIndex = 0,
                     dim1: SupportsIndex = 0, dim2: SupportsIndex = 1) -> "Tensor":
    """A copy of input whose diagonal input.diagonal(offset, dim1, dim2)
    holds src (of the diagonal's shape).

    >>> import th
    >>> th.diagonal_scatter(th.zeros(2, 3), th.ones(2), 1).tolist()
    [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    """
    fn = "diagonal_scatter"
    o = _int_arg(fn, offset, "offset", 3)
    d1 = _int_arg(fn, dim1, "dim1", 4)
    d2 = _int_arg(fn, dim2, "dim2", 5)
    return _scatter_into(fn, input, src, lambda r: r.diagonal(o, d1, d2))


# -------------------------------------------------- reinterpreted bytes
def view_dtype(input: "Tensor", dtype: Any) -> "Tensor":
    """Tensor.view(dtype): input's bytes read as dtype, sharing its storage
    (torch's rules). Same element size: any geometry, the same shape.
    Otherwise input must have a dim and a last dim of stride 1; a larger
    element needs the last dim's size, the offset and the other strides
    divisible by the size ratio, and the last dim shrinks by it; a smaller
    element grows the last dim (and the other strides) by the ratio.

    >>> import th
    >>> th.tensor([1.0, 2.0]).view(th.int32).tolist()
    [1065353216, 1073741824]
    >>> th.zeros(2, 4, dtype=th.int16).view(th.int64).shape
    (2, 1)
    """
    from th._dtype import dtype as dtype_class
    from th._factories import empty
    from th._interop import reinterpret_storage
    if not isinstance(dtype, dtype_class):
        raise TypeError(f"view(): argument 'dtype' must be th.dtype, not {type(dtype).__name__}")
    old, new = input.dtype.itemsize, dtype.itemsize
    sizes, strides, offset = list(input.shape), list(input.stride()), input.storage_offset()
    if old != new:
        what = f"to view {_type_name(input.dtype)} as {_type_name(dtype)} (different element sizes)"
        if input.dim() == 0:
            raise Error(f"self.dim() cannot be 0 {what}")
        if new > old:
            ratio = new // old
            if sizes[-1] % ratio:
                raise Error(f"self.size(-1) must be divisible by {ratio} {what}, but got "
                            f"{sizes[-1]}")
        if strides[-1] != 1:
            raise Error(f"self.stride(-1) must be 1 {what}, but got {strides[-1]}")
        if new > old:
            if offset % ratio:
                raise Error(f"self.storage_offset() must be divisible by {ratio} {what}, but "
                            f"got {offset}")
            for i, stride in enumerate(strides[:-1]):
                if stride % ratio:
                    raise Error(f"self.stride({i}) must be divisible by {ratio} {what}, but "
                                f"got {stride}")
            sizes[-1] //= ratio
            strides = [s // ratio for s in strides[:-1]] + [1]
            offset //= ratio
        else:
            ratio = old // new
            sizes[-1] *= ratio
            strides = [s * ratio for s in strides[:-1]] + [1]
            offset *= ratio
    storage = reinterpret_storage(input.storage(), dtype, any_size=True)
    return empty(0, dtype=dtype).set_(storage, offset, sizes, strides)


def view_as_real(input: "Tensor") -> "Tensor":
    """A view of a complex tensor as its real and imaginary parts, a new last
    dim of size 2.

    >>> import th
    >>> th.view_as_real(th.tensor([1 + 2j, 3 - 1j])).tolist()
    [[1.0, 2.0], [3.0, -1.0]]
    """
    from th._dtype import float32, float64
    input = _check("view_as_real", input)
    if not input.dtype.is_complex:
        raise Error("view_as_real is only supported for complex tensors")
    return view_dtype(input.unsqueeze(-1), float32 if input.dtype.itemsize == 8 else float64)


def view_as_complex(input: "Tensor") -> "Tensor":
    """A view of a float32 or float64 tensor whose last dim (of size 2, stride
    1) holds real and imaginary parts, as complex numbers without that dim.

    >>> import th
    >>> th.view_as_complex(th.tensor([[1.0, 2.0], [3.0, -1.0]])).tolist()
    [(1+2j), (3-1j)]
    """
    from th._dtype import complex64, complex128, float32, float64
    from th._errors import UnsupportedDtype
    input = _check("view_as_complex", input)
    if input.dtype not in (float32, float64):
        if input.dtype.is_floating_point:  # float16's complex32 th does not have
            raise UnsupportedDtype(f"view_as_complex: th has no complex dtype of "
                                   f"{input.dtype!r} parts")
        raise Error(f"view_as_complex is only supported for half, float and double tensors, "
                    f"but got a tensor of scalar type: {_type_name(input.dtype)}")
    if input.dim() == 0:
        raise Error("Input tensor must have one or more dimensions")
    if input.shape[-1] != 2:
        raise Error("Tensor must have a last dimension of size 2")
    if input.stride(-1) != 1:
        raise Error("Tensor must have a last dimension with stride 1")
    if any(s % 2 for s in input.stride()[:-1]):
        raise Error("Tensor must have a stride divisible by 2 for all but last dimension")
    if input.storage_offset() % 2:
        raise Error("Tensor must have a storage_offset divisible by 2")
    return view_dtype(input, complex64 if input.dtype == float32 else complex128).squeeze(-1)


def real(input: "Tensor") -> "Tensor":
    """The real parts of a complex tensor, a view; a real tensor itself.

    >>> import th
    >>> th.real(th.tensor([1 + 2j, 3 - 1j])).tolist()
    [1.0, 3.0]
    """
    input = _check("real", input)
    return view_as_real(input).select(-1, 0) if input.dtype.is_complex else input


def imag(input: "Tensor") -> "Tensor":
    """The imaginary parts of a complex tensor, a view.

    >>> import th
    >>> th.imag(th.tensor([1 + 2j, 3 - 1j])).tolist()
    [2.0, -1.0]
    """
    input = _check("imag", input)
    if not input.dtype.is_complex:
        raise Error("imag is not implemented for tensors with non-complex dtypes.")
    return view_as_real(input).select(-1, 1)


_TYPE_NAMES = {"uint8": "Byte", "int8": "Char", "int16": "Short", "int32": "Int",
               "int64": "Long", "float16": "Half", "bfloat16": "BFloat16", "float32": "Float",
               "float64": "Double", "bool": "Bool", "complex64": "ComplexFloat",
               "complex128": "ComplexDouble", "uint16": "UInt16", "uint32": "UInt32",
               "uint64": "UInt64"}


def _type_name(dtype: Any) -> str:
    """torch's ScalarType name of a dtype (Float for float32)."""
    return _TYPE_NAMES[str(dtype).split(".")[-1]]


def type_(input: "Tensor", dtype: Any = None) -> Any:
    """Tensor.type(): with no dtype, input's type as a string 'th.FloatTensor'
    (th's namespace where torch says 'torch.FloatTensor'); with a dtype, or
    a type string of either namespace, input converted (itself when it has
    that dtype already).

    >>> import th
    >>> th.zeros(2).type()
    'th.FloatTensor'
    >>> th.zeros(2).type('torch.LongTensor').dtype
    th.int64
    """
    import th._dtype as dtypes
    if dtype is None:
        return f"th.{_type_name(input.dtype)}Tensor"
    if isinstance(dtype, str):
        prefix, _, name = dtype.rpartition(".")
        found = [d for d, n in _TYPE_NAMES.items() if f"{n}Tensor" == name]
        if prefix not in ("th", "torch") or not found:
            raise ValueError(f"invalid type: '{dtype}'")
        dtype = getattr(dtypes, found[0])
    if dtype == input.dtype:
        return input
    return input.to(dtype)
