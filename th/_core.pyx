"""The C core's process-wide state: live counts, tracking mode and its site
hook, misuse counts, allocation-failure injection, copy threads."""
import os
import sys

from cpython.exc cimport PyErr_Fetch, PyErr_Restore
from cpython.ref cimport PyObject
from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, strlen

from th._args cimport as_int64
from th._dtype cimport dtype_of
from th.libTH cimport *

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


# THObjectKind -> the LiveObject kind
_KIND_NAMES = {TH_OBJECT_STORAGE: "storage", TH_OBJECT_TENSOR: "tensor", TH_OBJECT_EXPR: "expr",
               TH_OBJECT_SPARSE: "sparse tensor"}

def live_counts():
    """(storages, tensors, bytes) alive in the C core right now."""
    cdef THLiveCounts c = THGetLiveCounts()
    return (c.storages, c.tensors, c.bytes)


def live_sparse():
    """Sparse tensors alive in the C core right now."""
    return THSTensor_liveCount()


def get_num_threads():
    """Threads a long copy is split across (TH_NUM_THREADS, else the CPUs, at most 8).

    >>> th.get_num_threads() >= 1
    True
    """
    return THGetNumThreads()


def set_num_threads(n):
    """Use n threads for long copies from now on (n < 1: back to the default).

    >>> n = th.get_num_threads()
    >>> th.set_num_threads(1)
    >>> th.get_num_threads()
    1
    >>> th.set_num_threads(n)
    """
    cdef int64_t k = as_int64(n, "set_num_threads(): n")
    THSetNumThreads(<int>max(-1, min(k, 1 << 20)))  # the C clamps to its range


# ---------------------------------------------------------------- tracking
cdef void _python_site(char *buf, size_t size, void *data) noexcept with gil:
    """Site hook: "file:line" of the innermost Python frame outside th."""
    cdef PyObject *exc_type
    cdef PyObject *exc_value
    cdef PyObject *exc_tb
    PyErr_Fetch(&exc_type, &exc_value, &exc_tb)  # never disturb a pending error
    try:
        frame = sys._getframe(0)
        while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
            frame = frame.f_back
        if frame is not None:
            site = f"{frame.f_code.co_filename}:{frame.f_lineno}".encode("utf-8", "replace")
            if len(site) >= <Py_ssize_t>size:  # keep the end: the file name and line
                site = b"..." + site[len(site) - <Py_ssize_t>size + 4:]
            memcpy(buf, <const char *>site, len(site))
            buf[len(site)] = 0
    except BaseException:
        buf[0] = 0
    PyErr_Restore(exc_type, exc_value, exc_tb)


def set_tracking(bint on):
    THDebug_setTracking(on)


def is_tracking():
    return THDebug_isTracking() != 0


def last_serial():
    return THDebug_lastSerial()


def live_objects(since=0):
    """Tracked live objects created after serial `since`, oldest first, as
    tuples (kind, dtype, shape, refcount, serial, address, function, site)."""
    cdef int64_t after = as_int64(since, "live_objects(): since")
    if after < 0:
        raise ValueError(f"live_objects: since must be a serial (>= 0), got {after}")
    cdef int64_t n = THDebug_liveObjects(NULL, 0, after)
    cdef THObjectInfo *infos
    cdef THObjectInfo *info
    cdef int64_t i, count
    cdef int d
    if n == 0:
        return []
    infos = <THObjectInfo *>malloc(sizeof(THObjectInfo) * n)
    if infos == NULL:
        raise MemoryError("live_objects: no memory for the listing")
    try:
        count = min(n, THDebug_liveObjects(infos, n, after))
        out = []
        for i in range(count):
            info = &infos[i]
            shape = []
            for d in range(min(info.nDimension, TH_INFO_DIMS)):
                shape.append(info.size[d])
            out.append((
                _KIND_NAMES.get(info.kind, "object"),
                dtype_of(info.dtype), tuple(shape), info.refcount, info.serial, <size_t>info.object,
                info.function.decode(), info.site[:strlen(info.site)].decode("utf-8", "replace"),
            ))
        return out
    finally:
        free(infos)


def misuse_count():
    return THDebug_misuseCount()


# ---------------------------------------------------------------- caches
def is_caching():
    return THDebug_isCaching() != 0


def cached_structs():
    return THDebug_cachedStructs()


def cached_block_bytes():
    return THAllocator_cachedBytes()


def empty_block_cache():
    with nogil:
        THAllocator_emptyCache()


# ---------------------------------------------------------------- failures
def fail_allocation(n):
    """The n-th allocation from now fails (n <= 0: disarm)."""
    THDebug_failAllocation(as_int64(n, "fail_allocation(): n"))


def allocations_until_failure():
    return THDebug_allocationsUntilFailure()


THDebug_setSiteHook(_python_site, NULL)


# ------------------------------------------------------- downstream counters
def unregister_counter(name):
    return THDebug_unregisterCounter(name.encode()) != 0


def read_counters():
    """{name: live count} of the C counters, in registration order."""
    cdef THCounterValue values[TH_MAX_COUNTERS]
    cdef int64_t i, n = min(THDebug_readCounters(values, TH_MAX_COUNTERS), TH_MAX_COUNTERS)
    return {values[i].name[:strlen(values[i].name)].decode(): values[i].value for i in range(n)}
