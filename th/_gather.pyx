"""torch's gather family and advanced indexing, over th/src/math/THTensorIndex.c.

The gather family: index_select, gather, masked_select, nonzero (new
tensors) and scatter_, index_copy_, index_fill_, masked_fill_ (in place),
with torch's names, arguments and exception classes. th.Tensor's methods of
those names call these functions.

Advanced indexing: t[index] where index holds, besides ints, slices, None and
..., integer tensors, lists or numpy arrays (indices) or bool ones (masks).
th/_indexing.pyx hands such an index here. Its basic items are applied first
as one view (ints select, as torch does); the advanced items, broadcast
together, then index that view (THTensor_newIndex: a copy), or are written
through it (THTensor_indexPut). A mask of k dims stands for the k index
tensors of its non-zero positions; a bool scalar for a new dim of size 1
(True) or 0 (False), as numpy and torch do."""
from libc.stdint cimport int64_t, uint64_t

import warnings

cimport th._errors
from th._args cimport as_dim
from th._elements cimport NUMBER_FLOAT, NUMBER_INT64, as_fill_value
from th._tensor cimport Tensor, wrap_tensor
from th.libTH cimport *
from th._errors import Error, OutOfRange


def index_select(Tensor input not None, dim, Tensor index not None):
    """The slices index[0], index[1], ... of dim (index: 0- or 1-dim, int64)."""
    cdef int d = as_dim(dim, "index_select(): dim")
    return wrap_tensor(THTensor_newIndexSelect(input.cdata, d, index.cdata))


def gather(Tensor input not None, dim, Tensor index not None):
    """out[i][j] = input[index[i][j]][j] for dim 0 (and so on): index's shape."""
    cdef int d = as_dim(dim, "gather(): dim")
    return wrap_tensor(THTensor_newGather(input.cdata, d, index.cdata))


def masked_select(Tensor input not None, Tensor mask not None):
    """The elements of input where mask (bool; broadcast with input) is true, 1-dim."""
    return wrap_tensor(THTensor_newMaskedSelect(input.cdata, mask.cdata))


def nonzero(Tensor input not None, *, as_tuple=False):
    """The positions of the non-zero elements, an int64 tensor of (count,
    ndim); as_tuple=True: a tuple of ndim 1-dim int64 tensors, the positions
    along each dim (numpy's nonzero; a 0-dim input counts as 1-dim)."""
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
    if sum(1 for item, _ in items if item is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > nd:
        raise OutOfRange(f"too many indices for a tensor of dimension {nd}: {consumed} given")
    view = self[tuple(item for item, _ in items)]
    tensors = [None] * view.ndim
    cdef int dim = 0
    for item, t in items:
        if item is Ellipsis:
            dim += nd - consumed
        elif item is None or isinstance(item, slice):
            if isinstance(t, tuple):  # dim t[1] of a mask
                mask, k = t
                if k == 0:
                    if mask.shape != view.shape[dim:dim + mask.ndim]:
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


def getitem(Tensor self not None, index):
    """self[index] for an index with advanced items: a new tensor."""
    cdef THTensor *ptrs[TH_MAX_DIMS]
    view, tensors = _plan(self, index)
    _index_pointers(tensors, ptrs)
    return wrap_tensor(THTensor_newIndex((<Tensor>view).cdata, ptrs))


def setitem(Tensor self not None, index, value):
    """self[index] = value for an index with advanced items: value (a number,
    a tensor or nested data) broadcast to what self[index] would be."""
    cdef THTensor *ptrs[TH_MAX_DIMS]
    th = _package()
    view, tensors = _plan(self, index)
    _index_pointers(tensors, ptrs)
    if not isinstance(value, Tensor) or value.dtype != self.dtype:
        value = th.tensor(value, dtype=self.dtype)
    THTensor_indexPut((<Tensor>view).cdata, ptrs, (<Tensor>value).cdata)
