"""Thin wrappers of C API calls for th's own tests (as CPython's _testcapi).

Not public API: these functions take raw references away from or give them to
Python objects, so misuse leaks or double-frees by design."""
from cpython.unicode cimport PyUnicode_DecodeUTF8
from libc.stdint cimport int64_t, uintptr_t
from libc.stdlib cimport malloc
from libc.string cimport strlen

cimport th._errors
from th._dtype cimport as_scalar_type
from th._shape cimport parse_shape
from th._storage cimport Storage, wrap_storage
from th._tensor cimport Tensor, wrap_tensor
from th.libTH cimport *


# ----------------------------------------------------------- refcounts
def tensor_retain(Tensor t not None):
    THTensor_retain(t.cdata)

def tensor_free(Tensor t not None):
    THTensor_free(t.cdata)

def storage_retain(Storage s not None):
    THStorage_retain(s.cdata)

def storage_free(Storage s not None):
    THStorage_free(s.cdata)

def tensor_address(Tensor t not None):
    return <uintptr_t>t.cdata

def storage_address(Storage s not None):
    return <uintptr_t>s.cdata

def same_storage(Tensor a not None, Tensor b not None):
    return THTensor_storage(a.cdata) == THTensor_storage(b.cdata)

def tensor_storage_free(Tensor t not None):
    """THStorage_free(THTensor_storage(t)): releases the reference t holds on
    its storage behind t's back (the use after free debug mode must catch)."""
    THStorage_free(THTensor_storage(t.cdata))

def check_tensor(Tensor t not None):
    THDebug_checkTensor(t.cdata)

def new_clone(Tensor t not None):
    return wrap_tensor(THTensor_newClone(t.cdata))


# ----------------------------------------------------------- constructors
cdef class Dims:
    """sizes and strides (None: contiguous) as the C arrays a call takes."""
    cdef int64_t size[64]
    cdef int64_t stride[64]
    cdef int n
    cdef bint strided

    def __cinit__(self, sizes, strides=None):
        self.n = parse_shape((tuple(sizes),), self.size, "sizes")
        self.strided = strides is not None
        if self.strided:
            parse_shape((tuple(strides),), self.stride, "strides")

    cdef const int64_t *strides(self):
        return self.stride if self.strided else NULL

def new_tensor(dtype):
    return wrap_tensor(THTensor_new(<THScalarType>as_scalar_type(dtype, TH_FLOAT32)))

def new_with_storage(Storage s not None):
    return wrap_tensor(THTensor_newWithStorage(s.cdata))

def new_with_storage_nd(Storage s not None, int64_t offset, sizes, strides=None):
    cdef Dims d = Dims(sizes, strides)
    return wrap_tensor(THTensor_newWithStorageNd(s.cdata, offset, d.n, d.size, d.strides()))

def new_with_storage_nd_move(Storage s not None, int64_t offset, sizes, strides=None):
    """Gives newWithStorageNdMove a new reference to s's storage: it takes it
    (also on failure), so s's refcount shows what happened."""
    cdef Dims d = Dims(sizes, strides)
    THStorage_retain(s.cdata)
    return wrap_tensor(THTensor_newWithStorageNdMove(s.cdata, offset, d.n, d.size, d.strides()))

def new_with_size_nd(dtype, sizes, strides=None):
    cdef Dims d = Dims(sizes, strides)
    return wrap_tensor(THTensor_newWithSize(<THScalarType>as_scalar_type(dtype, TH_FLOAT32), d.n,
                                            d.size, d.strides()))

def new_with_size_1d_to_4d(dtype, *sizes):
    cdef THScalarType t = <THScalarType>as_scalar_type(dtype, TH_FLOAT32)
    if len(sizes) == 1:
        return wrap_tensor(THTensor_newWithSize1d(t, sizes[0]))
    if len(sizes) == 2:
        return wrap_tensor(THTensor_newWithSize2d(t, sizes[0], sizes[1]))
    if len(sizes) == 3:
        return wrap_tensor(THTensor_newWithSize3d(t, sizes[0], sizes[1], sizes[2]))
    return wrap_tensor(THTensor_newWithSize4d(t, sizes[0], sizes[1], sizes[2], sizes[3]))

def new_with_tensor(Tensor t not None):
    return wrap_tensor(THTensor_newWithTensor(t.cdata))

def free_copy_to(Tensor src not None, Tensor dst not None):
    """freeCopyTo steals a new reference to src's C tensor."""
    THTensor_retain(src.cdata)
    THTensor_freeCopyTo(src.cdata, dst.cdata)

def set_storage_nd(Tensor t not None, Storage s not None, int64_t offset, sizes, strides=None):
    cdef Dims d = Dims(sizes, strides)
    THTensor_setStorageNd(t.cdata, s.cdata, offset, d.n, d.size, d.strides())

def resize_nd(Tensor t not None, sizes, strides=None):
    cdef Dims d = Dims(sizes, strides)
    THTensor_resizeNd(t.cdata, d.n, d.size, d.strides())

def resize_as(Tensor t not None, Tensor src not None):
    THTensor_resizeAs(t.cdata, src.cdata)

def copy(Tensor dst not None, Tensor src not None):
    THTensor_copy(dst.cdata, src.cdata)

def is_same_size_as(Tensor a not None, Tensor b not None):
    return THTensor_isSameSizeAs(a.cdata, b.cdata) != 0

def storage_swap(Storage a not None, Storage b not None):
    THStorage_swap(a.cdata, b.cdata)

def storage_flags(Storage s not None):
    return THStorage_flags(s.cdata)

def storage_set_flag(Storage s not None, int flag):
    THStorage_setFlag(s.cdata, flag)

def storage_clear_flag(Storage s not None, int flag):
    THStorage_clearFlag(s.cdata, flag)

STORAGE_REFCOUNTED = TH_STORAGE_REFCOUNTED
STORAGE_RESIZABLE = TH_STORAGE_RESIZABLE
STORAGE_FREEMEM = TH_STORAGE_FREEMEM
STORAGE_READONLY = TH_STORAGE_READONLY


# ----------------------------------------------------------- a counting allocator
cdef int64_t _allocs = 0
cdef int64_t _frees = 0

cdef void *_counting_malloc(void *ctx, ptrdiff_t size) noexcept nogil:
    global _allocs
    _allocs += 1
    return THDefaultAllocator.malloc(NULL, size)

cdef void _counting_free(void *ctx, void *ptr) noexcept nogil:
    global _frees
    _frees += 1
    THDefaultAllocator.free(NULL, ptr)

cdef THAllocator _counting_allocator
_counting_allocator.malloc = _counting_malloc
_counting_allocator.realloc = NULL
_counting_allocator.free = _counting_free

def counting_allocator_calls():
    """(mallocs, frees) made through the counting allocator so far."""
    return (_allocs, _frees)

def storage_with_counting_allocator(dtype, int64_t size):
    return wrap_storage(THStorage_newWithAllocator(
        <THScalarType>as_scalar_type(dtype, TH_FLOAT32), size, &_counting_allocator, NULL))

def storage_adopting_data(dtype, int64_t size, bint null_data=False):
    """newWithDataAndAllocator over memory from the counting allocator: the
    storage takes it, and gives it back when it dies or the call fails."""
    global _allocs
    cdef THScalarType t = <THScalarType>as_scalar_type(dtype, TH_FLOAT32)
    cdef ptrdiff_t nbytes = size * <int64_t>THScalarType_elementSize(t) if size > 0 else 1
    cdef void *data = NULL
    if not null_data:  # plain malloc (free()-compatible): outside failure injection
        data = malloc(nbytes)
        if data == NULL:
            raise MemoryError()
        _allocs += 1
    return wrap_storage(THStorage_newWithDataAndAllocator(t, data, size, &_counting_allocator,
                                                          NULL))


# ----------------------------------------------------------- typed access

def typed_get(Tensor t not None, str type_name, *index):
    """TH<type_name>Tensor_get<n>d(t, *index), e.g. typed_get(t, "Float", 1, 2)."""
    cdef int n = len(index)
    cdef int64_t i[4]
    cdef int k
    for k in range(n):
        i[k] = index[k]
    if type_name == "Float":
        return (THFloat32Tensor_get0d(t.cdata) if n == 0 else THFloat32Tensor_get1d(t.cdata, i[0]) if n == 1
                else THFloat32Tensor_get2d(t.cdata, i[0], i[1]) if n == 2
                else THFloat32Tensor_get3d(t.cdata, i[0], i[1], i[2]) if n == 3
                else THFloat32Tensor_get4d(t.cdata, i[0], i[1], i[2], i[3]))
    if type_name == "Double":
        return (THFloat64Tensor_get0d(t.cdata) if n == 0 else THFloat64Tensor_get1d(t.cdata, i[0]) if n == 1
                else THFloat64Tensor_get2d(t.cdata, i[0], i[1]) if n == 2
                else THFloat64Tensor_get3d(t.cdata, i[0], i[1], i[2]) if n == 3
                else THFloat64Tensor_get4d(t.cdata, i[0], i[1], i[2], i[3]))
    if type_name == "Long":
        return (THInt64Tensor_get0d(t.cdata) if n == 0 else THInt64Tensor_get1d(t.cdata, i[0]) if n == 1
                else THInt64Tensor_get2d(t.cdata, i[0], i[1]) if n == 2
                else THInt64Tensor_get3d(t.cdata, i[0], i[1], i[2]) if n == 3
                else THInt64Tensor_get4d(t.cdata, i[0], i[1], i[2], i[3]))
    if type_name == "Byte":
        return THUInt8Tensor_get1d(t.cdata, i[0]) if n == 1 else THUInt8Tensor_get2d(t.cdata, i[0], i[1])
    if type_name == "Char":
        return THInt8Tensor_get1d(t.cdata, i[0])
    if type_name == "Short":
        return THInt16Tensor_get1d(t.cdata, i[0])
    if type_name == "Int":
        return THInt32Tensor_get1d(t.cdata, i[0])
    if type_name == "Half":
        return THHalf_toFloat(THFloat16Tensor_get1d(t.cdata, i[0]))
    if type_name == "Bool":
        return bool(THBoolTensor_get1d(t.cdata, i[0]))
    raise ValueError(type_name)

def typed_set(Tensor t not None, str type_name, value, *index):
    cdef int n = len(index)
    cdef int64_t i[4]
    cdef int k
    for k in range(n):
        i[k] = index[k]
    if type_name == "Float":
        if n == 0: THFloat32Tensor_set0d(t.cdata, value)
        elif n == 1: THFloat32Tensor_set1d(t.cdata, i[0], value)
        elif n == 2: THFloat32Tensor_set2d(t.cdata, i[0], i[1], value)
        elif n == 3: THFloat32Tensor_set3d(t.cdata, i[0], i[1], i[2], value)
        else: THFloat32Tensor_set4d(t.cdata, i[0], i[1], i[2], i[3], value)
    elif type_name == "Long":
        if n == 0: THInt64Tensor_set0d(t.cdata, value)
        elif n == 1: THInt64Tensor_set1d(t.cdata, i[0], value)
        elif n == 2: THInt64Tensor_set2d(t.cdata, i[0], i[1], value)
        elif n == 3: THInt64Tensor_set3d(t.cdata, i[0], i[1], i[2], value)
        else: THInt64Tensor_set4d(t.cdata, i[0], i[1], i[2], i[3], value)
    elif type_name == "Half":
        THFloat16Tensor_set1d(t.cdata, i[0], THFloat_toHalf(value))
    elif type_name == "Bool":
        THBoolTensor_set1d(t.cdata, i[0], value)
    elif type_name == "Byte":
        THUInt8Tensor_set1d(t.cdata, i[0], value)
    else:
        raise ValueError(type_name)

def typed_data_is(Tensor t not None, str type_name):
    """TH<type_name>Tensor_data(t) == THTensor_data(t) (raises on a mismatch)."""
    cdef void *p
    if type_name == "Float":
        p = THFloat32Tensor_data(t.cdata)
    elif type_name == "Long":
        p = THInt64Tensor_data(t.cdata)
    elif type_name == "Byte":
        p = THUInt8Tensor_data(t.cdata)
    else:
        raise ValueError(type_name)
    return p == THTensor_data(t.cdata)

def storage_typed_get(Storage s not None, str type_name, int64_t idx):
    if type_name == "Float":
        return THFloat32Storage_get(s.cdata, idx)
    if type_name == "Long":
        return THInt64Storage_get(s.cdata, idx)
    raise ValueError(type_name)

def storage_typed_set(Storage s not None, str type_name, int64_t idx, value):
    if type_name == "Float":
        THFloat32Storage_set(s.cdata, idx, value)
    elif type_name == "Long":
        THInt64Storage_set(s.cdata, idx, value)
    else:
        raise ValueError(type_name)


# ----------------------------------------------------------- errors
def last_error():
    """The calling thread's last error: (kind name, message, file, line)."""
    cdef const THErrorInfo *e = THGetLastError()
    return (THErrorKind_name(e.kind).decode(), PyUnicode_DecodeUTF8(e.message, strlen(e.message), "strict"),
            e.file.decode() if e.file != NULL else None, e.line)

def clear_error():
    THClearError()

cdef int _handled = 0

cdef void _counting_handler(const THErrorInfo *error, void *data) noexcept nogil:
    global _handled
    _handled += 1

def count_errors_without_python(n_bad_calls):
    """With a thread handler that only counts (as a pure-C caller might),
    make n failing calls; returns (errors counted, last error kind name).
    No Python exception is raised: the C error values are checked."""
    global _handled
    _handled = 0
    cdef THTensor *t
    THSetErrorInfoHandler(_counting_handler, NULL)
    try:
        for _ in range(n_bad_calls):
            t = _no_raise_new_with_size1d(-1)
            assert t == NULL
    finally:
        THSetErrorInfoHandler(NULL, NULL)
    return _handled, THErrorKind_name(THGetLastError().kind).decode()

cdef extern from *:
    """
    /* Called through a plain C prototype, so Cython adds no error check. */
    static THTensor *th_test_new_with_size1d(int64_t n) {
      return THTensor_newWithSize1d(TH_FLOAT32, n);
    }
    """
    THTensor *_no_raise_new_with_size1d "th_test_new_with_size1d"(int64_t n) noexcept nogil

def new_with_size1d_nogil(int64_t n):
    """THTensor_newWithSize1d called inside `with nogil:`."""
    cdef THTensor *t
    with nogil:
        t = THTensor_newWithSize1d(TH_FLOAT32, n)
    return wrap_tensor(t)


# ----------------------------------------------------------- threads
def retain_free_storm(Tensor t not None, int64_t n):
    """n retains then n frees of t's C tensor and of its storage, without the
    GIL; run it from several threads at once to race the counts."""
    cdef THTensor *c = t.cdata
    cdef THStorage *s = THTensor_storage(c)
    cdef int64_t i
    with nogil:
        for i in range(n):
            THTensor_retain(c)
            THStorage_retain(s)
        for i in range(n):
            THTensor_free(c)
            THStorage_free(s)


# ----------------------------------------------------------- in-place views
def inplace(str name, Tensor self not None, src, *args):
    """TH's in-place view setters: inplace("narrow", self, src, dim, start,
    length) calls THTensor_narrow(self, src or NULL, ...)."""
    cdef THTensor *s = NULL if src is None else (<Tensor?>src).cdata
    cdef THTensor *c = self.cdata
    if name == "narrow":
        THTensor_narrow(c, s, args[0], args[1], args[2])
    elif name == "select":
        THTensor_select(c, s, args[0], args[1])
    elif name == "transpose":
        THTensor_transpose(c, s, args[0], args[1])
    elif name == "unfold":
        THTensor_unfold(c, s, args[0], args[1], args[2])
    elif name == "squeeze":
        THTensor_squeeze(c, s)
    elif name == "squeeze1d":
        THTensor_squeeze1d(c, s, args[0])
    elif name == "unsqueeze1d":
        THTensor_unsqueeze1d(c, s, args[0])
    elif name == "slice":
        THTensor_slice(c, s, args[0], args[1], args[2], args[3])
    else:
        raise ValueError(name)


def new_contiguous(Tensor t not None):
    """THTensor_newContiguous, wrapped as is (the same C tensor, retained,
    when t is contiguous)."""
    return wrap_tensor(THTensor_newContiguous(t.cdata))


def new_reshape(Tensor t not None, sizes):
    cdef Dims d = Dims(sizes)
    return wrap_tensor(THTensor_newReshape(t.cdata, d.n, d.size))


def same_tensor(Tensor a not None, Tensor b not None):
    """True if both Python objects hold the same C tensor."""
    return a.cdata == b.cdata


# ------------------------------------------------------- THTensorIndex.h
# TH's result forms and the double fills, which th.Tensor's methods do not
# reach (they call the new* forms, and the Int64 fills for ints).

def into_result(str name, Tensor result not None, Tensor src not None, *args):
    """THTensor_indexSelect / gather (result, src, dim, index) and
    maskedSelect (result, src, mask)."""
    if name == "indexSelect":
        THTensor_indexSelect(result.cdata, src.cdata, args[0], (<Tensor?>args[1]).cdata)
    elif name == "gather":
        THTensor_gather(result.cdata, src.cdata, args[0], (<Tensor?>args[1]).cdata)
    elif name == "maskedSelect":
        THTensor_maskedSelect(result.cdata, src.cdata, (<Tensor?>args[0]).cdata)
    else:
        raise ValueError(name)


def fill_double(str name, Tensor self not None, Tensor index_or_mask not None, *args):
    """scatterFill / indexFill (self, dim, index, value) and maskedFill
    (self, mask, value) with a double value."""
    if name == "scatterFill":
        THTensor_scatterFill(self.cdata, args[0], index_or_mask.cdata, args[1])
    elif name == "indexFill":
        THTensor_indexFill(self.cdata, args[0], index_or_mask.cdata, args[1])
    elif name == "maskedFill":
        THTensor_maskedFill(self.cdata, index_or_mask.cdata, args[0])
    else:
        raise ValueError(name)


def new_index(Tensor src not None, indices):
    """THTensor_newIndex with a list of index tensors or None, one per dim."""
    cdef THTensor *ptrs[64]
    cdef int d
    if len(indices) != THTensor_nDimension(src.cdata):
        raise ValueError("one entry per dim")
    for d in range(len(indices)):
        ptrs[d] = NULL if indices[d] is None else (<Tensor?>indices[d]).cdata
    return wrap_tensor(THTensor_newIndex(src.cdata, ptrs))


# ----------------------------------------------------- joins and flip
def join_array(str name, result, tensors, int dim):
    """THTensor_<name>(result, inputs, n, dim) for name catArray or
    stackArray, or the new* form when result is None. None in tensors is
    passed as NULL; tensors None passes a NULL array with n 0."""
    cdef THTensor *inputs[8]
    cdef int i, n = 0 if tensors is None else len(tensors)
    assert n <= 8
    for i in range(n):
        inputs[i] = NULL if tensors[i] is None else (<Tensor?>tensors[i]).cdata
    cdef THTensor **array = NULL if tensors is None else inputs
    if name == "catArray" and result is None:
        return wrap_tensor(THTensor_newCatArray(array, n, dim))
    if name == "stackArray" and result is None:
        return wrap_tensor(THTensor_newStackArray(array, n, dim))
    if name == "catArray":
        THTensor_catArray((<Tensor?>result).cdata, array, n, dim)
    elif name == "stackArray":
        THTensor_stackArray((<Tensor?>result).cdata, array, n, dim)
    else:
        raise ValueError(name)


def new_flip(Tensor t not None, dims, n=None):
    """THTensor_newFlip(t, n, dims): n defaults to len(dims); dims None is NULL."""
    cdef int cdims[64]
    cdef int i
    for i in range(0 if dims is None else len(dims)):
        cdims[i] = dims[i]
    return wrap_tensor(THTensor_newFlip(t.cdata, len(dims) if n is None else n,
                                        NULL if dims is None else cdims))


def promote(a, b):
    """THScalarType_promote of two th.dtypes (or raw scalar type ints)."""
    cdef THScalarType out
    THScalarType_promote(<THScalarType>(a if isinstance(a, int) else a.scalar_type),
                         <THScalarType>(b if isinstance(b, int) else b.scalar_type), &out)
    return out


# ------------------------------------------- products (THTensorMath.h)
def new_product(str name, a, b):
    """THTensor_newMm / newMv / newBmm / newDot; None is passed as NULL."""
    cdef THTensor *pa = NULL if a is None else (<Tensor?>a).cdata
    cdef THTensor *pb = NULL if b is None else (<Tensor?>b).cdata
    new = {"newMm": 0, "newMv": 1, "newBmm": 2, "newDot": 3}[name]
    return wrap_tensor(THTensor_newMm(pa, pb) if new == 0 else THTensor_newMv(pa, pb)
                       if new == 1 else THTensor_newBmm(pa, pb) if new == 2
                       else THTensor_newDot(pa, pb))


def add_product(str name, r, double beta, t, double alpha, a, b):
    """THTensor_addmm / addmv / addr / baddbmm / addbmm; None is NULL."""
    cdef THTensor *pr = NULL if r is None else (<Tensor?>r).cdata
    cdef THTensor *pt = NULL if t is None else (<Tensor?>t).cdata
    cdef THTensor *pa = NULL if a is None else (<Tensor?>a).cdata
    cdef THTensor *pb = NULL if b is None else (<Tensor?>b).cdata
    if name == "addmm":
        THTensor_addmm(pr, beta, pt, alpha, pa, pb)
    elif name == "addmv":
        THTensor_addmv(pr, beta, pt, alpha, pa, pb)
    elif name == "addr":
        THTensor_addr(pr, beta, pt, alpha, pa, pb)
    elif name == "baddbmm":
        THTensor_baddbmm(pr, beta, pt, alpha, pa, pb)
    elif name == "addbmm":
        THTensor_addbmm(pr, beta, pt, alpha, pa, pb)
    else:
        raise ValueError(name)


# ----------------------------------------------------------- downstream counters
cdef int64_t _widgets = 0  # a "downstream library's" live objects


cdef int64_t _count_widgets() noexcept nogil:
    return _widgets


def set_widgets(int64_t n):
    global _widgets
    _widgets = n


def register_widget_counter(bytes name):
    """Registers _count_widgets under name, through THDebug_registerCounter."""
    THDebug_registerCounter(name, _count_widgets)


def register_counter_without_name():
    THDebug_registerCounter(NULL, _count_widgets)


def register_null_counter(bytes name):
    THDebug_registerCounter(name, NULL)


# ------------------------------------------------- sparse COO (THSTensor.h)
from th._sparse cimport SparseTensor, wrap_sparse


def sparse_refcount(SparseTensor s not None):
    return THSTensor_refcount(s.cdata)

def sparse_retain(SparseTensor s not None):
    THSTensor_retain(s.cdata)

def sparse_free(SparseTensor s not None):
    THSTensor_free(s.cdata)

def sparse_move(SparseTensor s not None, Tensor indices not None, Tensor values not None):
    """THSTensor_move with a new reference to each of indices and values,
    which it steals (these objects keep their own)."""
    THTensor_retain(indices.cdata)
    THTensor_retain(values.cdata)
    return THSTensor_move(s.cdata, indices.cdata, values.cdata)

def sparse_move_null_values(SparseTensor s not None, Tensor indices not None):
    """THSTensor_move(s, a new reference to indices, NULL): refused, and the
    reference is still taken."""
    THTensor_retain(indices.cdata)
    return THSTensor_move(s.cdata, indices.cdata, NULL)

def sparse_set(SparseTensor s not None, Tensor indices not None, Tensor values not None):
    return THSTensor_set(s.cdata, indices.cdata, values.cdata)

def sparse_coalesce_same(SparseTensor s not None):
    """(newCoalesce returned s itself, s's refcount while the result is held)."""
    cdef THSTensor *r = THSTensor_newCoalesce(s.cdata)
    result = (r == s.cdata, THSTensor_refcount(s.cdata))
    THSTensor_free(r)
    return result

def sparse_new_with_dims(dtype, int nDimI, int nDimV, sizes):
    cdef int64_t buf[TH_MAX_DIMS]
    cdef int n = parse_shape((sizes,), buf, "sizes")
    if n != nDimI + nDimV:
        raise ValueError("sizes must have nDimI + nDimV entries")
    return wrap_sparse(THSTensor_newWithDims(<THScalarType>as_scalar_type(dtype, TH_FLOAT32),
                                             nDimI, nDimV, buf))

def sparse_new_with_size(dtype, sizes):
    cdef int64_t buf[TH_MAX_DIMS]
    cdef int n = parse_shape((sizes,), buf, "sizes")
    return wrap_sparse(THSTensor_newWithSize(<THScalarType>as_scalar_type(dtype, TH_FLOAT32), n, buf))

def sparse_resize(SparseTensor s not None, int nDimI, int nDimV, sizes):
    cdef int64_t buf[TH_MAX_DIMS]
    parse_shape((sizes,), buf, "sizes")
    return THSTensor_resizeNd(s.cdata, nDimI, nDimV, buf)

def sparse_copy(SparseTensor dst not None, SparseTensor src not None):
    return THSTensor_copy(dst.cdata, src.cdata)

def sparse_check(SparseTensor s not None):
    return THSTensor_checkInvariants(s.cdata)

def sparse_cadd(SparseTensor r not None, SparseTensor t not None, double value,
                SparseTensor src not None, bint subtract=False):
    if subtract:
        return THSTensor_csub(r.cdata, t.cdata, value, src.cdata)
    return THSTensor_cadd(r.cdata, t.cdata, value, src.cdata)

def sparse_mul(SparseTensor r not None, SparseTensor t not None, double value, bint divide=False):
    if divide:
        return THSTensor_div(r.cdata, t.cdata, value)
    return THSTensor_mul(r.cdata, t.cdata, value)

def sparse_spcadd(Tensor r not None, Tensor dense not None, double value,
                  SparseTensor s not None):
    return THSTensor_spcadd(r.cdata, dense.cdata, value, s.cdata)


# ----------------------------------------------------------- streaming
def streamed_runs():
    """Runs written with streaming stores so far (THDebug_streamedRuns)."""
    return THDebug_streamedRuns()


def stream_min_bytes():
    """The destination size from which writes stream (THDebug_streamMinBytes)."""
    return THDebug_streamMinBytes()


def set_stream_min_bytes(bytes):
    """Sets it (THDebug_setStreamMinBytes; 0 restores the default)."""
    THDebug_setStreamMinBytes(bytes)
