"""torch's free functions over tensors: th.cat and th.stack (on
THTensorCat.h), the *_like factories, th.is_tensor, and the function forms
of Tensor's reshaping methods (th.flip(t, dims), th.movedim, ...)."""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t

cimport th._errors
from th._args cimport as_dim
from th._dtype cimport as_scalar_type, dtype_of
from th._factory_args cimport check_factory_args
from th._tensor cimport Tensor, fill_tensor, new_like, wrap_tensor
from th.libTH cimport *
from th._errors import ArgumentError, DtypeError, Error


# ------------------------------------------------------------ cat, stack
cdef class _Inputs:
    """The C tensors of a sequence of th.Tensors, borrowed from them while
    this object keeps the sequence alive."""
    cdef THTensor **ptrs
    cdef int n
    cdef tuple objects

    def __cinit__(self, str fn, tensors):
        if isinstance(tensors, Tensor) or not isinstance(tensors, (tuple, list)):
            raise TypeError(f"{fn}(): argument 'tensors' must be a tuple or list of Tensors, "
                            f"not {type(tensors).__name__}")
        self.objects = tuple(tensors)
        if len(self.objects) > 0x7fffffff:
            raise ArgumentError(f"{fn}(): too many tensors")
        self.n = <int>len(self.objects)
        self.ptrs = <THTensor **>PyMem_Malloc(sizeof(THTensor *) * (self.n + 1))
        if self.ptrs == NULL:
            raise MemoryError()
        for i, t in enumerate(self.objects):
            if not isinstance(t, Tensor):
                raise TypeError(f"{fn}(): expected Tensor as element {i} in argument "
                                f"'tensors', but got {type(t).__name__}")
            self.ptrs[i] = (<Tensor>t).cdata

    def __dealloc__(self):
        PyMem_Free(self.ptrs)


cdef int _category(THScalarType t):
    """torch's can_cast order: bool < integers < floating point < complex."""
    return (0 if t == TH_BOOL else 3 if THScalarType_isComplex(t)
            else 2 if THScalarType_isFloatingPoint(t) else 1)


cdef int _check_out(str fn, _Inputs inputs, Tensor out) except -1:
    """torch's rule for out=: the inputs' promoted dtype must cast to out's
    without changing kind (no float into an integer out, no number into a
    bool out)."""
    cdef THScalarType promoted = THTensor_dtype(inputs.ptrs[0])
    cdef int i
    for i in range(1, inputs.n):
        THScalarType_promote(promoted, THTensor_dtype(inputs.ptrs[i]), &promoted)
    if _category(promoted) > _category(THTensor_dtype(out.cdata)):
        raise DtypeError(f"{fn}(): input types ({dtype_of(promoted)!r}) can't be cast to the "
                         f"desired output type {out.dtype!r}")
    return 0


def cat(tensors, dim=0, *, out=None):
    """The tensors joined along dim (a new tensor of their promoted dtype, or
    written into out). A 1-d tensor of size 0 is skipped, as torch does.

    >>> th.cat([th.zeros(1, 2), th.ones(2, 2)])
    tensor([[0., 0.],
            [1., 1.],
            [1., 1.]])
    """
    cdef _Inputs inputs = _Inputs("cat", tensors)
    cdef int d = as_dim(dim, "cat(): dim")
    if out is None:
        return wrap_tensor(THTensor_newCatArray(inputs.ptrs, inputs.n, d))
    if not isinstance(out, Tensor):
        raise TypeError(f"cat(): out must be a th.Tensor, not {type(out).__name__}")
    if inputs.n:
        _check_out("cat", inputs, out)
    THTensor_catArray((<Tensor>out).cdata, inputs.ptrs, inputs.n, d)
    return out


def concat(tensors, dim=0, *, out=None):
    """cat() under the array API's name.

    >>> th.concat([th.zeros(2), th.ones(1)])
    tensor([0., 0., 1.])
    """
    return cat(tensors, dim, out=out)


def concatenate(tensors, axis=0, *, out=None):
    """cat() under numpy's name (axis= for dim).

    >>> th.concatenate([th.zeros(2, 1), th.ones(2, 1)], 1)
    tensor([[0., 1.],
            [0., 1.]])
    """
    return cat(tensors, axis, out=out)


def stack(tensors, dim=0, *, out=None):
    """The tensors, all of one shape, joined along a new dim at dim.

    >>> th.stack([th.tensor([1, 2]), th.tensor([3, 4])], dim=1)
    tensor([[1, 3],
            [2, 4]])
    """
    cdef _Inputs inputs = _Inputs("stack", tensors)
    cdef int d = as_dim(dim, "stack(): dim")
    if inputs.n == 0:
        raise Error("stack expects a non-empty TensorList")
    if out is None:
        return wrap_tensor(THTensor_newStackArray(inputs.ptrs, inputs.n, d))
    if not isinstance(out, Tensor):
        raise TypeError(f"stack(): out must be a th.Tensor, not {type(out).__name__}")
    _check_out("stack", inputs, out)
    THTensor_stackArray((<Tensor>out).cdata, inputs.ptrs, inputs.n, d)
    return out


# ------------------------------------------------------------ *_like
def empty_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None,
               pin_memory=False):
    """An uninitialised tensor of input's shape and dtype (or dtype), with
    input's strides when they are dense (memory_format=th.preserve_format,
    torch's default; th.contiguous_format: row-major).

    >>> import th
    >>> th.empty_like(th.zeros(2, 3).t()).stride()
    (1, 3)
    """
    check_factory_args("empty_like", device, requires_grad, pin_memory)
    if not isinstance(input, Tensor):
        raise TypeError(f"empty_like(): argument 'input' must be a th.Tensor, "
                        f"not {type(input).__name__}")
    return new_like(input, as_scalar_type(dtype, THTensor_dtype((<Tensor>input).cdata)),
                    memory_format, "empty_like")


def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False,
              memory_format=None, pin_memory=False):
    """fill_value in input's shape and dtype (or dtype=).

    >>> th.full_like(th.zeros(2), 5)
    tensor([5., 5.])
    """
    cdef Tensor out = empty_like(input, dtype=dtype, device=device, requires_grad=requires_grad,
                                 memory_format=memory_format, pin_memory=pin_memory)
    fill_tensor(out.cdata, fill_value)
    return out


def zeros_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None,
               pin_memory=False):
    """Zeros in input's shape and dtype (or dtype=).

    >>> th.zeros_like(th.ones(2, 2))
    tensor([[0., 0.],
            [0., 0.]])
    """
    return full_like(input, 0, dtype=dtype, device=device, requires_grad=requires_grad,
                     memory_format=memory_format, pin_memory=pin_memory)


def ones_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None,
              pin_memory=False):
    """Ones in input's shape and dtype (or dtype=).

    >>> th.ones_like(th.zeros(3, dtype=th.bool))
    tensor([True, True, True])
    """
    return full_like(input, 1, dtype=dtype, device=device, requires_grad=requires_grad,
                     memory_format=memory_format, pin_memory=pin_memory)


def is_tensor(obj):
    """True for a th.Tensor (or a subclass's object).

    >>> th.is_tensor(th.zeros(1)), th.is_tensor([1])
    (True, False)
    """
    return isinstance(obj, Tensor)


# ----------------------------------------- function forms of the methods
def flip(Tensor input not None, dims):
    """A copy with the elements of each of dims in reverse order.

    >>> th.flip(th.arange(6).view(2, 3), [0, 1])
    tensor([[5, 4, 3],
            [2, 1, 0]])
    """
    return input.flip(dims)


def movedim(Tensor input not None, source, destination):
    """input.movedim(source, destination): dims moved, the others in order (a view).

    >>> th.movedim(th.zeros(2, 3, 4), 0, -1).shape
    (3, 4, 2)
    """
    return input.movedim(source, destination)


def moveaxis(Tensor input not None, source, destination):
    """numpy's name of movedim().

    >>> th.moveaxis(th.zeros(2, 3, 4), 0, -1).shape
    (3, 4, 2)
    """
    return input.movedim(source, destination)


def swapaxes(Tensor input not None, axis0, axis1):
    """numpy's name of transpose().

    >>> th.swapaxes(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0, 1).stride()
    (1, 2)
    """
    return input.swapaxes(axis0, axis1)


def swapdims(Tensor input not None, dim0, dim1):
    """Another name of transpose().

    >>> th.swapdims(th.tensor([[1.0, 2.0], [3.0, 4.0]]), 0, 1).stride()
    (1, 2)
    """
    return input.swapdims(dim0, dim1)


def unflatten(Tensor input not None, dim, sizes):
    """input.unflatten(dim, sizes): dim split into sizes (a view).

    >>> th.unflatten(th.arange(6), 0, (2, 3))
    tensor([[0, 1, 2],
            [3, 4, 5]])
    """
    return input.unflatten(dim, sizes)


def chunk(Tensor input not None, chunks, dim=0):
    """input.chunk(chunks, dim): at most chunks views along dim.

    >>> th.chunk(th.arange(5), 2)
    (tensor([0, 1, 2]), tensor([3, 4]))
    """
    return input.chunk(chunks, dim)


def split(Tensor tensor not None, split_size_or_sections, dim=0):
    """Views along dim of split_size_or_sections (an int: that long each; a list: those sizes).

    >>> th.split(th.arange(5), [1, 4])
    (tensor([0]), tensor([1, 2, 3, 4]))
    """
    return tensor.split(split_size_or_sections, dim)


def unbind(Tensor input not None, dim=0):
    """The slices along dim, each without it (a tuple of views).

    >>> th.unbind(th.tensor([[1, 2], [3, 4]]))
    (tensor([1, 2]), tensor([3, 4]))
    """
    return input.unbind(dim)
