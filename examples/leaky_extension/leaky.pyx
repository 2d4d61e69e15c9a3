"""A Cython module built on th with a bug of each kind the leak plugin finds
(see setup.py), beside correct code doing the same work. It also keeps C
structs of its own ("widgets") and registers their live count with th, so
that th's plugin checks them as it checks th's tensors."""
from libc.stdint cimport int64_t
from libc.stdlib cimport free, malloc

cimport th
from th.libTH cimport *


# ------------------------------------------------------------ our own structs
ctypedef struct Widget:
    int64_t size

cdef int64_t live_widgets = 0


cdef int64_t count_widgets() noexcept nogil:
    return live_widgets


THDebug_registerCounter(b"leaky widgets", count_widgets)  # once, at import


cdef Widget *widget_new(int64_t size) except NULL:
    global live_widgets
    cdef Widget *w = <Widget *>malloc(sizeof(Widget))
    if w == NULL:
        raise MemoryError()
    w.size = size
    live_widgets += 1
    return w


cdef void widget_free(Widget *w) noexcept:
    global live_widgets
    if w != NULL:
        live_widgets -= 1
        free(w)


cdef class WidgetBox:
    """Owns one widget, freed with the box (the correct pattern)."""
    cdef Widget *w

    def __cinit__(self, int64_t size):
        self.w = widget_new(size)

    def __dealloc__(self):
        widget_free(self.w)

    @property
    def size(self):
        return self.w.size


def leak_widget(int64_t size):
    """BUG: a widget nobody frees."""
    cdef Widget *w = widget_new(size)
    return w.size


# ------------------------------------------------------------ th objects
def forget_tensor(int64_t n):
    """BUG: a new tensor neither freed nor returned (the Golden Rule)."""
    cdef THTensor *t = THTensor_newWithSize1d(TH_FLOAT32, n)
    THTensor_fill(t, 1)
    return THTensor_nElement(t)


def over_retained_storage(int64_t n):
    """BUG: retains the storage once more than it frees."""
    cdef THStorage *s = THStorage_newWithSize(TH_INT64, n)
    THStorage_retain(s)  # "to be safe": never given back
    return th.wrap_storage(s)


cdef THStorage *log_storage = NULL


def append_to_log(int64_t n):
    """BUG: a long-lived storage that grows on every call (no new object)."""
    global log_storage
    if log_storage == NULL:
        log_storage = THStorage_newWithSize(TH_UINT8, 0)
    THStorage_resize(log_storage, THStorage_size(log_storage) + n)
    return THStorage_size(log_storage)


cdef THTensor *table = NULL


def lookup_table():
    """Not a bug: a table built once, on first use, and kept (a cache)."""
    global table
    if table == NULL:
        table = THTensor_newWithSize2d(TH_FLOAT64, 16, 16)
        THTensor_fill(table, 0.5)
    THTensor_retain(table)
    return th.wrap_tensor(table)


def column_sums(th.Tensor t):
    """Correct: per-column sums of a float64 matrix through select views,
    each freed on every path."""
    cdef THTensor *column = NULL
    cdef int64_t j, i
    sums = []
    for j in range(THTensor_size(t.cdata, 1)):
        column = THTensor_newSelect(t.cdata, 1, j)
        try:
            total = 0.0
            for i in range(THTensor_size(column, 0)):
                total += THFloat64Tensor_get1d(column, i)
            sums.append(total)
        finally:
            THTensor_free(column)
    return sums


def ramp(int64_t rows, int64_t cols):
    """Correct: a new tensor handed to Python (wrap_tensor steals it)."""
    cdef THTensor *t = THTensor_newWithSize2d(TH_FLOAT64, rows, cols)
    cdef double *data = THFloat64Tensor_data(t)
    cdef int64_t i
    for i in range(rows * cols):
        data[i] = i
    return th.wrap_tensor(t)
