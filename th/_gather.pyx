"""torch's gather family and advanced indexing, over th/src/math/THTensorIndex.c.

The gather family: index_select, gather, masked_select, nonzero, take (new
tensors) and scatter_, index_copy_, index_fill_, masked_fill_, and the
accumulating scatter_add_, scatter_reduce_, index_add_, index_put_, put_,
masked_scatter_ (in place), with torch's names, arguments and exception
classes. th.Tensor's methods of
those names call these functions.

Advanced indexing: t[index] where index holds, besides ints, slices, None and
..., integer tensors, lists or numpy arrays (indices) or bool ones (masks).
th/_indexing.pyx hands such an index here. Its basic items are applied first
as one view (ints select, as torch does); the advanced items, broadcast
together, then index that view (THTensor_newIndex: a copy), or are written
through it (THTensor_indexPut). A mask of k dims stands for the k index
tensors of its non-zero positions; a bool scalar for a new dim of size 1
(True) or 0 (False), as numpy and torch do.

A slice with a negative step (x[::-1], which torch refuses) indexes the same
elements as numpy's: a copy, flipped from the view of the positive slice
over them (th's strides are not negative); assignment writes through it."""
from libc.stdint cimport int64_t, uint64_t

import warnings

cimport th._errors
from th._args cimport as_dim
from th._elements cimport NUMBER_FLOAT, NUMBER_INT64, as_fill_value
from th._indexing cimport is_int_index
from th._tensor cimport Tensor, wrap_tensor
from th.libTH cimport *
from th._errors import ArgumentError, Error, OutOfRange


def index_select(Tensor input not None, dim, Tensor index not None):
    """The slices index[0], index[1], ... of dim (index: 0- or 1-dim, int64).

    >>> th.index_select(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0, th.tensor([1, 1]))
    tensor([[3., 4.],
            [3., 4.]])
    """
    cdef int d = as_dim(dim, "index_select(): dim")
    return wrap_tensor(THTensor_newIndexSelect(input.cdata, d, index.cdata))


def gather(Tensor input not None, dim, Tensor index not None):
    """out[i][j] = input[index[i][j]][j] for dim 0 (and so on): index's shape.

    >>> th.gather(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 1, th.tensor([[1], [0]]))
    tensor([[2.],
            [3.]])
    """
    cdef int d = as_dim(dim, "gather(): dim")
    return wrap_tensor(THTensor_newGather(input.cdata, d, index.cdata))


def masked_select(Tensor input not None, Tensor mask not None):
    """The elements of input where mask (bool; broadcast with input) is true, 1-dim.

    >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    >>> th.masked_select(t, t > 1.5)
    tensor([2., 3., 4.])
    """
    return wrap_tensor(THTensor_newMaskedSelect(input.cdata, mask.cdata))


def nonzero(Tensor input not None, *, as_tuple=False):
    """The positions of the non-zero elements, an int64 tensor of (count,
    ndim); as_tuple=True: a tuple of ndim 1-dim int64 tensors, the positions
    along each dim (numpy's nonzero; a 0-dim input counts as 1-dim).

    >>> th.nonzero(th.tensor([[0, 1], [2, 0]]))
    tensor([[0, 1],
            [1, 0]])
    """
    if type(as_tuple) is not bool:
        raise TypeError(f"nonzero(): argument 'as_tuple' must be bool, not "
                        f"{type(as_tuple).__name__}")
    if not as_tuple:
        return wrap_tensor(THTensor_newNonzero(input.cdata))
    # torch's layout: rows of one contiguous (ndim, count) tensor
    cdef Tensor source = input if input.ndim else input.unsqueeze(0)
    positions = wrap_tensor(THTensor_newNonzero(source.cdata))
    return positions.t().contiguous().unbind(0)


cdef int _fill_value(str fn, object value, THScalarType dtype, int64_t *i,
                     double *d, uint64_t *element) except -1:
    """value (a number or a 0-dim tensor) for dtype, as fill_ takes it: an
    int64 (returns NUMBER_INT64), a double (NUMBER_FLOAT), or, for a complex
    or a uint64 beyond int64, one element of dtype written to element (its
    kind): a complex's imaginary part is never dropped silently."""
    if isinstance(value, Tensor):
        if (<Tensor>value).ndim != 0:
            raise Error(f"{fn} only supports a 0-dim value tensor, got one with "
                        f"{(<Tensor>value).ndim} dims")
        value = value.item()
    try:
        return as_fill_value(value, dtype, i, d, element)
    except TypeError:
        raise TypeError(f"{fn}: value must be a number or a 0-dim tensor, got "
                        f"{type(value).__name__}") from None


def scatter_(Tensor self not None, dim, Tensor index not None, src=None, value=None):
    """self[index[i][j]][j] = src[i][j] for dim 0 (and so on), or = value:
    scatter_(dim, index, src_tensor) or scatter_(dim, index, number)."""
    cdef int dm = as_dim(dim, "scatter_(): dim")
    cdef int64_t i
    cdef double d
    cdef uint64_t element[2]  # a complex128 at most
    cdef int kind
    if src is not None and not isinstance(src, Tensor) and value is None:
        src, value = None, src  # scatter_(dim, index, 2.5)
    if (src is None) == (value is None):
        raise TypeError("scatter_ takes either src (a tensor) or value (a number)")
    if src is not None:
        THTensor_scatter(self.cdata, dm, index.cdata, (<Tensor>src).cdata)
    else:
        kind = _fill_value("scatter_", value, THTensor_dtype(self.cdata), &i, &d, element)
        if kind == NUMBER_INT64:
            THTensor_scatterFillInt64(self.cdata, dm, index.cdata, i)
        elif kind == NUMBER_FLOAT:
            THTensor_scatterFill(self.cdata, dm, index.cdata, d)
        else:
            THTensor_scatterFillElement(self.cdata, dm, index.cdata, element)
    return self


def index_copy_(Tensor self not None, dim, Tensor index not None, Tensor source not None):
    """Slice index[i] of dim = slice i of source's dim."""
    cdef int d = as_dim(dim, "index_copy_(): dim")
    THTensor_indexCopy(self.cdata, d, index.cdata, source.cdata)
    return self


def index_fill_(Tensor self not None, dim, Tensor index not None, value):
    """Every slice index[i] of dim = value (negative indices count from the end)."""
    cdef int dm = as_dim(dim, "index_fill_(): dim")
    cdef int64_t i
    cdef double d
    cdef uint64_t element[2]  # a complex128 at most
    cdef int kind
    kind = _fill_value("index_fill_", value, THTensor_dtype(self.cdata), &i, &d, element)
    if kind == NUMBER_INT64:
        THTensor_indexFillInt64(self.cdata, dm, index.cdata, i)
    elif kind == NUMBER_FLOAT:
        THTensor_indexFill(self.cdata, dm, index.cdata, d)
    else:
        THTensor_indexFillElement(self.cdata, dm, index.cdata, element)
    return self


def masked_fill_(Tensor self not None, Tensor mask not None, value):
    """self = value where mask (bool, broadcast to self's shape) is true."""
    cdef int64_t i
    cdef double d
    cdef uint64_t element[2]  # a complex128 at most
    cdef int kind
    kind = _fill_value("masked_fill_", value, THTensor_dtype(self.cdata), &i, &d, element)
    if kind == NUMBER_INT64:
        THTensor_maskedFillInt64(self.cdata, mask.cdata, i)
    elif kind == NUMBER_FLOAT:
        THTensor_maskedFill(self.cdata, mask.cdata, d)
    else:
        THTensor_maskedFillElement(self.cdata, mask.cdata, element)
    return self


# -------------------------------------------------- accumulating scatters

def scatter_add_(Tensor self not None, dim, Tensor index not None, Tensor src not None):
    """self[index[i][j]][j] += src[i][j] for dim 0 (and so on), in src's order."""
    THTensor_scatterAdd(self.cdata, as_dim(dim, "scatter_add_(): dim"), index.cdata, src.cdata)
    return self


_REDUCES = {"sum": TH_REDUCE_SUM, "prod": TH_REDUCE_PROD, "amax": TH_REDUCE_AMAX,
            "amin": TH_REDUCE_AMIN, "mean": TH_REDUCE_SUM}
# what a position scattered to starts from when self is left out
_IDENTITY = {"sum": 0, "mean": 0, "prod": 1}


def scatter_reduce_(Tensor self not None, dim, Tensor index not None, Tensor src not None,
                    str reduce, *, include_self=True):
    """self[index[i][j]][j] = reduce(self's element (unless include_self is
    False), the src elements scattered to it): reduce is 'sum', 'prod',
    'mean', 'amax' or 'amin' (torch's scatter_reduce_)."""
    th = _package()
    cdef int dm = as_dim(dim, "scatter_reduce_(): dim")
    if reduce not in _REDUCES:
        raise ArgumentError(f"reduce argument must be either sum, prod, mean, amax or amin, got "
                            f"{reduce}")
    if not include_self:
        if reduce in _IDENTITY:
            scatter_(self, dm, index, None, _IDENTITY[reduce])
        else:  # amax and amin start from the first element scattered
            first = self.clone()
            scatter_(first, dm, index, src)
            scatter_(self, dm, index, first.gather(dm, index))
    THTensor_scatterReduce(self.cdata, dm, index.cdata, src.cdata, _REDUCES[reduce])
    if reduce == "mean":
        count = th.ones_like(self) if include_self else th.zeros_like(self)
        THTensor_scatterAdd((<Tensor>count).cdata, dm, index.cdata,
                            (<Tensor>th.ones_like(src)).cdata)
        count.masked_fill_(count == 0, 1)
        if self.dtype.is_floating_point or self.dtype.is_complex:
            self.copy_(self / count)
        else:
            self.copy_(th.div(self, count, rounding_mode="floor"))
    return self


def index_add_(Tensor self not None, dim, Tensor index not None, Tensor source not None, *,
               alpha=1):
    """Slice index[i] of dim += alpha * slice i of source."""
    if isinstance(alpha, bool):  # True is 1, as for add's alpha (docs/TORCH.md)
        alpha = int(alpha)
    if not isinstance(alpha, (int, float)):
        raise TypeError(f"index_add_(): alpha must be a number, not {type(alpha).__name__}")
    if isinstance(alpha, float) and not (self.dtype.is_floating_point or self.dtype.is_complex):
        raise Error(f"index_add_(): for integral input tensors, argument alpha must not be a "
                    f"floating point number")
    if source.ndim != self.ndim and min(source.ndim, self.ndim) == 0:  # torch's check
        raise Error(f"source tensor shape must match self tensor shape, excluding the "
                    f"specified dimension. Got self.shape = {list(self.shape)} source.shape = "
                    f"{list(source.shape)}")
    THTensor_indexAdd(self.cdata, as_dim(dim, "index_add_(): dim"), index.cdata, source.cdata,
                      alpha)
    return self


def index_put_(Tensor self not None, indices, Tensor values not None, accumulate=False):
    """self[indices] = values (+= with accumulate, repeats adding up)."""
    cdef THTensor *ptrs[TH_MAX_DIMS]
    if not isinstance(indices, (tuple, list)):
        raise TypeError(f"index_put_(): indices must be a tuple of tensors, not "
                        f"{type(indices).__name__}")
    items = tuple(indices)
    if any([t is not None and not isinstance(t, Tensor) for t in items]):
        raise TypeError("index_put_(): indices must be tensors (or None)")
    if len(items) > self.ndim:
        raise OutOfRange(f"too many indices for a tensor of dimension {self.ndim}: "
                         f"{len(items)} given")
    view, tensors = _plan(self, items)
    _index_pointers(tensors, ptrs)
    if accumulate:
        THTensor_indexPutAccumulate((<Tensor>view).cdata, ptrs, values.cdata)
    else:
        THTensor_indexPut((<Tensor>view).cdata, ptrs, values.cdata)
    return self


def _flat_positions(Tensor self, Tensor index, str fn):
    """The multi-index of each entry of index (positions in self's row-major
    order, negative ones from the end): one int64 tensor per dim."""
    th = _package()
    if index.dtype != th.int64:
        raise th.DtypeError(f"{fn}(): Expected a long tensor for index, but got {index.dtype}")
    n = self.numel()
    flat = index.reshape(-1)
    if flat.numel() and (int(flat.min()) < -n or int(flat.max()) >= n):
        bad = int(flat.min()) if int(flat.min()) < -n else int(flat.max())
        raise OutOfRange(f"{fn}(): index {bad} is out of bounds for a tensor of {n} elements")
    flat = th.where(flat < 0, flat + n, flat)
    positions = []
    for size in reversed(self.shape or (1,)):
        positions.append(th.remainder(flat, size))
        flat = th.floor_divide(flat, size)
    return tuple(reversed(positions)) if self.ndim else None


def put_(Tensor self not None, Tensor index not None, Tensor source not None, accumulate=False):
    """self's elements at the row-major positions index = source's (added
    with accumulate), as torch's put_."""
    th = _package()
    if index.numel() != source.numel():  # an IndexError, as torch's
        raise OutOfRange(f"put_(): Expected source and index to have the same number of "
                            f"elements, but got source.numel() = {source.numel()}, "
                            f"index.numel() = {index.numel()}")
    positions = _flat_positions(self, index, "put_")
    target = self if positions is not None else self.view(1)  # a 0-dim self: its one element
    if positions is None:
        positions = (th.remainder(index.reshape(-1), 1),)
    index_put_(target, positions, source.reshape(-1).to(self.dtype), accumulate)
    return self


def take(Tensor input not None, Tensor index not None):
    """input's elements at the row-major positions index, shaped as index.

    >>> th.take(th.tensor([[1.0, 2.0], [3.0, 4.0]]), th.tensor([[0, 3]]))
    tensor([[1., 4.]])
    """
    positions = _flat_positions(input, index, "take")
    if positions is None:
        positions = (index.reshape(-1) * 0,)
        return input.view(1)[positions].view(*index.shape)
    return input[positions].view(*index.shape)


def masked_scatter_(Tensor self not None, Tensor mask not None, Tensor source not None):
    """self's elements where mask (broadcast to self's shape) is true = the
    first of source's elements, in row-major order."""
    th = _package()
    if mask.dtype != th.bool:
        raise th.DtypeError(f"masked_scatter_ only supports boolean masks, but got mask with "
                            f"dtype {mask.dtype}")
    if source.dtype != self.dtype:
        raise th.DtypeError(f"masked_scatter_: expected self and source to have same dtypes but "
                            f"got {self.dtype} and {source.dtype}")
    full = mask.expand(*self.shape)
    count = int(full.sum())
    if count > source.numel():
        raise ArgumentError(f"masked_scatter_: expected source to have at least {count} "
                            f"elements, got {source.numel()}")
    if count:
        setitem(self, full, source.reshape(-1)[:count])
    return self


# ------------------------------------------------------- advanced indexing

cdef object _th = None


cdef object _package():
    global _th
    if _th is None:
        import th
        _th = th
    return _th


def _as_index_tensor(item):
    """An advanced index item as a th.Tensor: int64/int32 (indices), or bool
    (a mask; torch's legacy uint8 masks too). IndexError for anything else."""
    th = _package()
    if isinstance(item, Tensor):
        t = item
    elif isinstance(item, (list, bool)):
        t = th.tensor(item)
        if t.numel() == 0 and t.dtype == th.float32:  # [] indexes nothing
            t = th.empty(t.shape, dtype=th.int64)
    else:  # numpy arrays and scalars: numpy's rules, any integer dtype
        t = th.asarray(item)
        if t.dtype not in (th.bool, th.int64, th.int32, th.float16, th.float32, th.float64):
            t = th.tensor(t, dtype=th.int64)
    if t.dtype in (th.int64, th.int32, th.bool, th.uint8):
        return t
    if not isinstance(item, Tensor) and t.ndim == 0:  # np.float64(1.0): a scalar, not an array
        raise IndexError(f"only integers, slices (`:`), ellipsis (`...`), None and integer or "
                         f"bool tensors are valid indices (got {type(item).__name__})")
    raise IndexError(f"tensors used as indices must be int64, int32 or bool (masks), got "
                     f"{t.dtype}")


cdef tuple _plan(Tensor self, object index):
    """(the view of index's basic items, the index tensors for its dims or
    None): ints select, slices and None as in basic indexing, each advanced
    item becomes ':' (a mask: one per dim) indexed by its tensors."""
    th = _package()
    if not isinstance(index, tuple):
        index = (index,)
    cdef int nd = THTensor_nDimension(self.cdata)
    items = []  # (basic item, tensor or None, mask or None)
    cdef int consumed = 0, k
    for item in index:
        if item is None or item is Ellipsis:
            items.append((item, None))
        elif isinstance(item, slice) or (isinstance(item, int) and not isinstance(item, bool)):
            items.append((item, None))
            consumed += 1
        elif isinstance(item, bool) or (getattr(item, "ndim", None) == 0 and
                                        getattr(item.dtype, "name", None) == "bool"):
            # a new dim of size 1 (True) or 0 (False)
            items.append((None, th.zeros(1 if item else 0, dtype=th.int64)))
        elif (not isinstance(item, list) and getattr(item, "ndim", 0) == 0
              and hasattr(item, "__index__")):  # numpy integers, 0-dim integer tensors
            items.append((item, None))
            consumed += 1
        else:
            t = _as_index_tensor(item)
            if t.dtype == th.uint8:
                warnings.warn("indexing with a uint8 tensor (a mask) is deprecated, as in "
                              "torch: use a bool tensor", UserWarning, stacklevel=3)
            if t.dtype == th.bool or t.dtype == th.uint8:
                for k in range(t.ndim):
                    items.append((slice(None), (t, k)))
                consumed += t.ndim
            else:
                items.append((slice(None), t))
                consumed += 1
    if len([item for item, _ in items if item is Ellipsis]) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > nd:
        raise OutOfRange(f"too many indices for a tensor of dimension {nd}: {consumed} given")
    view = self[tuple([item for item, _ in items])]
    tensors = [None] * view.ndim
    cdef int dim = 0
    for item, t in items:
        if item is Ellipsis:
            dim += nd - consumed
        elif item is None or isinstance(item, slice):
            if isinstance(t, tuple):  # dim t[1] of a mask
                mask, k = t
                if k == 0:
                    # an empty mask (a size-0 dim) selects nothing from dims of any size,
                    # as numpy's does (torch refuses it)
                    if not all([m == n or m == 0 for m, n in
                                zip(mask.shape, view.shape[dim:dim + mask.ndim])]):
                        raise OutOfRange(
                            f"the shape of the mask {list(mask.shape)} does not match the "
                            f"shape {list(view.shape[dim:dim + mask.ndim])} of the dims it "
                            f"indexes (from dim {dim})")
                    positions = nonzero(mask)  # uint8 too: non-zero is true
                t = positions.select(1, k)
            tensors[dim] = t
            dim += 1
    return view, tensors


cdef int _index_pointers(list tensors, THTensor **out) except -1:
    cdef int d
    for d in range(len(tensors)):
        out[d] = NULL if tensors[d] is None else (<Tensor>tensors[d]).cdata
    return 0


cdef tuple _reversed_slices(Tensor self, tuple index):
    """For an index with slices of negative steps: (the same index with each
    such slice as the positive one over the same elements, the dims of the
    result that come out reversed), or None when every step is positive.
    Only ints, slices, None and ... may come with them (IndexError)."""
    if not any([isinstance(item, slice) and item.step is not None and
                item.indices(0)[2] < 0 for item in index]):
        return None
    cdef int nd = THTensor_nDimension(self.cdata)
    # (a bool or a tensor consumes no dim here: the loop refuses it)
    cdef int consumed = len([item for item in index if isinstance(item, slice) or is_int_index(item)])
    if len([item for item in index if item is Ellipsis]) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > nd:
        raise OutOfRange(f"too many indices for a tensor of dimension {nd}: {consumed} given")
    key, dims = [], []
    cdef int dim = 0, src_dim = 0
    for item in index:
        if item is Ellipsis:
            dim += nd - consumed
            src_dim += nd - consumed
        elif item is None:
            dim += 1
        elif isinstance(item, slice):
            start, stop, step = item.indices(THTensor_sizes(self.cdata)[src_dim])
            if step < 0:
                count = len(range(start, stop, step))
                # the same elements in increasing order, reversed afterwards
                item = slice(start + (count - 1) * step, start + 1, -step) if count else \
                    slice(0, 0)
                dims.append(dim)
            dim += 1
            src_dim += 1
        elif is_int_index(item):
            src_dim += 1
        else:
            raise IndexError(
                f"a slice with a negative step indexes with ints, slices, None and ... only, "
                f"not with {type(item).__name__}: index in two steps, or flip() first")
        key.append(item)
    return tuple(key), tuple(dims)


def getitem(Tensor self not None, index):
    """self[index] for an index with advanced items or negative steps: a new tensor."""
    cdef THTensor *ptrs[TH_MAX_DIMS]
    cdef tuple reversed_slices = _reversed_slices(
        self, index if isinstance(index, tuple) else (index,))
    if reversed_slices is not None:
        key, dims = reversed_slices
        return self[key].flip(dims)
    if (isinstance(index, Tensor) and (<Tensor>index).dtype.name == "bool"
            and index.shape == self.shape and self.ndim):
        # a mask of self's shape: its elements in row-major order, one pass
        return wrap_tensor(THTensor_newMaskedSelect(self.cdata, (<Tensor>index).cdata))
    view, tensors = _plan(self, index)
    _index_pointers(tensors, ptrs)
    return wrap_tensor(THTensor_newIndex((<Tensor>view).cdata, ptrs))


def setitem(Tensor self not None, index, value):
    """self[index] = value for an index with advanced items or negative steps: value (a number,
    a tensor or nested data) broadcast to what self[index] would be."""
    cdef THTensor *ptrs[TH_MAX_DIMS]
    th = _package()
    cdef tuple reversed_slices = _reversed_slices(
        self, index if isinstance(index, tuple) else (index,))
    if reversed_slices is not None:
        key, dims = reversed_slices
        view = self[key]
        if isinstance(value, th.Expr):
            value = value.eval()
        if isinstance(value, Tensor) or hasattr(value, "__len__"):
            if not isinstance(value, Tensor):
                value = th.tensor(value, dtype=self.dtype)
            # the value's dims meeting the reversed ones (broadcasting aligns the last
            # dims) reversed; view[...] = value then broadcasts and checks it
            shift = value.ndim - view.ndim
            flips = [d + shift for d in dims if d + shift >= 0]
            if flips:
                value = value.flip(flips)
        view[...] = value
        return
    view, tensors = _plan(self, index)
    _index_pointers(tensors, ptrs)
    if not isinstance(value, Tensor) or value.dtype != self.dtype:
        value = th.tensor(value, dtype=self.dtype)
    THTensor_indexPut((<Tensor>view).cdata, ptrs, (<Tensor>value).cdata)


# the out-of-place forms: a copy of input, written
def scatter_add(Tensor input not None, dim, Tensor index not None, Tensor src not None):
    """A copy with src added at index along dim.

    >>> th.scatter_add(th.zeros(3), 0, th.tensor([2, 2]), th.tensor([5.0, 6.0]))
    tensor([ 0.,  0., 11.])
    """
    return scatter_add_(input.clone(), dim, index, src)


def scatter_reduce(Tensor input not None, dim, Tensor index not None, Tensor src not None,
                   str reduce, *, include_self=True):
    """A copy with src reduced into index along dim: reduce 'sum', 'prod', 'mean', 'amax' or
    'amin' (include_self=).

    >>> th.scatter_reduce(th.zeros(3), 0, th.tensor([2, 2]), th.tensor([5.0, 6.0]), 'amax')
    tensor([0., 0., 6.])
    """
    return scatter_reduce_(input.clone(), dim, index, src, reduce, include_self=include_self)


def index_add(Tensor input not None, dim, Tensor index not None, Tensor source not None, *,
              alpha=1):
    """A copy with alpha * source added at index along dim.

    >>> th.index_add(th.zeros(3), 0, th.tensor([0, 0]), th.tensor([1.0, 2.0]))
    tensor([3., 0., 0.])
    """
    return index_add_(input.clone(), dim, index, source, alpha=alpha)


def index_put(Tensor input not None, indices, Tensor values not None, accumulate=False):
    """A copy with values written at the positions a tuple of index tensors names
    (accumulate=True adds).

    >>> th.index_put(th.zeros(3), (th.tensor([0, 2]),), th.tensor(1.0))
    tensor([1., 0., 1.])
    """
    return index_put_(input.clone(), indices, values, accumulate)


def put(Tensor input not None, Tensor index not None, Tensor source not None, accumulate=False):
    """A copy with source written at flat indices (accumulate=True adds).

    >>> t = th.tensor([[1.0, 2.0], [3.0, 4.0]])
    >>> th.put(t, th.tensor([0, 3]), th.tensor([9.0, 8.0]))
    tensor([[9., 2.],
            [3., 8.]])
    """
    return put_(input.clone(), index, source, accumulate)


def masked_scatter(Tensor input not None, Tensor mask not None, Tensor source not None):
    """input with its elements where mask is true from source; mask and
    input broadcast together.

    >>> t = th.tensor([True, False, True])
    >>> th.masked_scatter(th.zeros(3), t, th.tensor([1.0, 2.0]))
    tensor([1., 0., 2.])
    """
    th = _package()
    shape = th.broadcast_shapes(input.shape, mask.shape)
    return masked_scatter_(input.expand(*shape).clone(), mask, source)
