"""th.Storage: a Python object holding one reference to a C THStorage."""
from libc.stdint cimport int64_t, uint64_t, uintptr_t

cimport th._errors
from th._args cimport as_int64, is_integer
from th._buffer cimport export_buffer, release_buffer
from th._dtype cimport as_scalar_type, dtype_of
from th._elements cimport (NUMBER_FLOAT, NUMBER_INT64, as_fill_value, as_number, read_element,
                           write_element, write_number)
from th.libTH cimport *
from th._errors import OutOfRange

# Set by wrap_storage so that the next Storage.__cinit__ adopts it instead
# of building a storage from arguments.
cdef bint _wrapping = False
# th.Storage objects alive (for the leak harness)
cdef Py_ssize_t _live = 0


def live_wrappers():
    """th.Storage Python objects alive right now."""
    return _live


cdef class Storage:
    """A reference-counted, typed, contiguous block of elements.

    ``th.Storage(size=0, dtype=th.float32)`` (uninitialised) or
    ``th.Storage([1, 2, 3], dtype=...)``. Tensors view storages; one storage
    can back many tensors, and ``t.storage()`` gives it back.

    >>> s = th.Storage([1.0, 2.0, 3.0])
    >>> len(s), s.dtype, s.tolist()
    (3, th.float32, [1.0, 2.0, 3.0])
    """

    def __cinit__(self, *args, **kwargs):
        global _wrapping, _live
        _live += 1
        if _wrapping:  # wrap_storage sets cdata
            _wrapping = False
            return
        self.cdata = THStorage_new(TH_FLOAT32)  # never NULL, even without __init__

    def __init__(self, data=0, dtype=None):
        cdef THScalarType t = <THScalarType>as_scalar_type(dtype, TH_FLOAT32)
        cdef THStorage *s
        cdef int64_t i, n
        if is_integer(data):
            s = THStorage_newWithSize(t, as_int64(data, "Storage(): size"))
        else:
            try:
                values = list(data)
            except TypeError:
                raise TypeError(f"Storage() takes a size or a sequence of numbers, not "
                                f"{type(data).__name__}") from None
            n = len(values)
            s = THStorage_newWithSize(t, n)
            try:
                for i in range(n):
                    write_element(<char *>THStorage_data(s) + i * <int64_t>THStorage_elementSize(s),
                                  t, values[i])
            except BaseException:
                THStorage_free(s)
                raise
        # The C storage stays the same object and takes the new contents
        # (refused while shared): code that holds self.cdata while Python
        # runs never sees it freed, whenever __init__ is called.
        try:
            THStorage_swap(self.cdata, s)
        finally:
            THStorage_free(s)

    def __dealloc__(self):
        global _live
        _live -= 1
        THStorage_free(self.cdata)

    # ------------------------------------------------------------ queries
    def __len__(self):
        return THStorage_size(self.cdata)

    def size(self):
        """Number of elements."""
        return THStorage_size(self.cdata)

    @property
    def dtype(self):
        return dtype_of(THStorage_dtype(self.cdata))

    def element_size(self):
        return THStorage_elementSize(self.cdata)

    def nbytes(self):
        return THStorage_nbytes(self.cdata)

    def data_ptr(self):
        """Address of the first element (0 for an empty storage)."""
        return <uintptr_t>THStorage_data(self.cdata)

    @property
    def _cdata(self):
        """Address of the C storage (a THStorage *, borrowed: valid while this
        object lives); a THFloatStorage * to TH-style C code when float32."""
        return <uintptr_t>self.cdata

    @property
    def _as_parameter_(self):
        """ctypes passes a storage as its THStorage * (borrowed)."""
        import ctypes
        return ctypes.c_void_p(<uintptr_t>self.cdata)

    @property
    def refcount(self):
        """References to the C storage: this object's one, plus one per
        tensor viewing it and per other holder."""
        return THStorage_refcount(self.cdata)

    # ------------------------------------------------------------ elements
    def __getitem__(self, index):
        cdef int64_t i = as_int64(index, "a storage index")
        return read_element(_element(self.cdata, i), THStorage_dtype(self.cdata))

    def __setitem__(self, index, value):
        cdef int64_t i, k = as_int64(index, "a storage index")
        cdef double d
        # the value next: its __index__ or __float__ may resize this storage
        cdef int kind = as_number(value, &i, &d)
        THStorage_checkWritable(self.cdata, "Storage.__setitem__")
        write_number(_element(self.cdata, k), THStorage_dtype(self.cdata), kind, i, d, value)

    def tolist(self):
        cdef THStorage *s = self.cdata
        cdef int64_t i, n = THStorage_size(s)
        cdef THScalarType t = THStorage_dtype(s)
        cdef char *p = <char *>THStorage_data(s)
        cdef size_t esz = THStorage_elementSize(s)
        THStorage_pin(s)  # finalizers run while the list grows: the data stays put
        try:
            return [read_element(p + i * esz, t) for i in range(n)]
        finally:
            THStorage_unpin(s)

    def __iter__(self):
        return iter(self.tolist())

    # ------------------------------------------------------------ in place
    def resize_(self, size):
        """Change the number of elements, keeping the first ones. Refused
        (RuntimeError) while anything else holds the storage."""
        THStorage_resize(self.cdata, as_int64(size, "resize_(): size"))
        return self

    def fill_(self, value):
        """Set every element to value (ValueError if the dtype cannot hold it)."""
        _fill_storage(self.cdata, value)
        return self

    # ------------------------------------------------------------ sharing
    @staticmethod
    def from_file(filename, shared=False, size=0, dtype=None):
        """A storage over a memory-mapped file: size elements (0: the whole
        file). shared=True writes through to the file (creating or growing
        it, owner-only); shared=False is a private copy-on-write view of an
        existing file. A missing file is FileNotFoundError; a short one, or a
        size that does not fit, ValueError."""
        from th._sharing import storage_from_file
        return storage_from_file(filename, shared, size, dtype)

    def share_memory_(self):
        """Move the data into shared memory (in place: every tensor over this
        storage follows), to pass it to other processes (th.multiprocessing)."""
        THStorage_moveToSharedMemory(self.cdata)
        return self

    def is_shared(self):
        """True for a shared mapping: shared memory or a file mapped shared."""
        return THStorage_isShared(self.cdata) != 0

    def is_readonly(self):
        """True for read-only memory shared without a copy (see
        Tensor.is_readonly): every write refuses it."""
        return (THStorage_flags(self.cdata) & TH_STORAGE_READONLY) != 0

    def __reduce_ex__(self, protocol):
        from th._pickle import reduce_storage
        return reduce_storage(self, protocol)

    # ------------------------------------------------------------ buffers
    def __getbuffer__(self, Py_buffer *view, int flags):
        THDebug_checkStorage(self.cdata)  # the data is handed out unchecked from here
        cdef int64_t size = THStorage_size(self.cdata)
        cdef int64_t stride = 1
        export_buffer(self, view, flags, self.cdata, <char *>THStorage_data(self.cdata),
                      THStorage_dtype(self.cdata), 1, &size, &stride)

    def __releasebuffer__(self, Py_buffer *view):
        release_buffer(view)

    def __repr__(self):
        from th._format import format_storage
        return format_storage(self)


cdef char *_element(THStorage *s, int64_t index) except NULL:
    """Address of element index (negative: from the end), or IndexError."""
    cdef int64_t n = THStorage_size(s)
    if index < 0:
        index += n
    if index < 0 or index >= n:
        raise OutOfRange(f"storage index {index} out of range for size {n}")
    return <char *>THStorage_data(s) + index * <int64_t>THStorage_elementSize(s)


cdef int _fill_storage(THStorage *s, object value) except -1:
    cdef int64_t i
    cdef double d
    cdef uint64_t element[2]  # complex, or uint64 beyond int64: packed, then stored
    cdef int kind = as_fill_value(value, THStorage_dtype(s), &i, &d, element)
    if kind == NUMBER_INT64:
        return THStorage_fillInt64(s, i)
    if kind == NUMBER_FLOAT:
        return THStorage_fill(s, d)
    return THStorage_fillElement(s, element)


def _adopt_storage(uintptr_t address):
    """A th.Storage taking over a new reference to the C storage at address
    (th.legacy.adopt_storage)."""
    if address == 0:
        raise ValueError("adopt_storage: the address is 0 (NULL)")
    return wrap_storage(<THStorage *>address)


cdef Storage wrap_storage(THStorage *cdata):
    global _wrapping
    cdef Storage s
    if cdata == NULL:  # a caller's bug (a C call that failed unchecked): no NULL Storage
        raise ValueError("wrap_storage: the THStorage pointer is NULL")
    _wrapping = True
    try:
        s = Storage.__new__(Storage)
    except BaseException:
        _wrapping = False
        THStorage_free(cdata)
        raise
    if _wrapping:
        _wrapping = False
    elif s.cdata != NULL:  # a nested construction took the flag: drop its storage
        THStorage_free(s.cdata)
    s.cdata = cdata
    return s
