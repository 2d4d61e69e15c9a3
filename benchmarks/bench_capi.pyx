# cython: language_level=3, boundscheck=False, wraparound=False
"""C-level costs of th's core, timed from Cython against th's libTH.so.

Built at benchmark time by benchmarks/run.py, against whichever th is
imported (th.get_include(), th.get_library_dirs(), -lTH), the way
examples/cython_consumer does. Each function runs its operation n times in
a nogil C loop and returns nanoseconds per operation; every result is used
(freed), and every call crosses into libTH.so, so nothing is optimised
away."""
from libc.stdint cimport int64_t
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from th._tensor cimport Tensor
from th.libTH cimport *


cdef extern from "<malloc.h>" nogil:
    size_t malloc_usable_size(void *ptr)


cdef extern from "<pthread.h>" nogil:
    ctypedef unsigned long pthread_t
    int pthread_create(pthread_t *thread, const void *attr, void *(*start)(void *) noexcept nogil,
                       void *arg)
    int pthread_join(pthread_t thread, void **retval)


cdef extern from *:
    """
    #include <stdatomic.h>
    static atomic_int th_bench_go;
    static void th_bench_set_go(int v) { atomic_store(&th_bench_go, v); }
    static int th_bench_get_go(void) { return atomic_load(&th_bench_go); }
    """
    void th_bench_set_go(int v) nogil
    int th_bench_get_go() nogil


cdef inline double now_ns() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1e9 + ts.tv_nsec


def tensor_struct_bytes(Tensor t not None):
    """Bytes of the heap block holding t's C struct (glibc's
    malloc_usable_size): what a th.Tensor points to besides its shared
    storage. Sizes and strides are inside it for up to 4 dims."""
    if THTensor_nDimension(t.cdata) > 4:
        raise ValueError("more than 4 dims: the dims have a block of their own")
    return malloc_usable_size(t.cdata)


def retain_free(Tensor t not None, int64_t n):
    """THTensor_retain + THTensor_free of one tensor (a second reference
    taken and dropped: two atomic read-modify-writes)."""
    cdef THTensor *c = t.cdata
    cdef int64_t i
    cdef double start, elapsed
    with nogil:
        start = now_ns()
        for i in range(n):
            THTensor_retain(c)
            THTensor_free(c)
        elapsed = now_ns() - start
    return elapsed / n


def narrow_free(Tensor t not None, int64_t n):
    """THTensor_newNarrow(t, 0, 1, 2) + THTensor_free of the view."""
    cdef THTensor *c = t.cdata
    cdef THTensor *v
    cdef int64_t i
    cdef double start, elapsed
    with nogil:
        start = now_ns()
        for i in range(n):
            v = THTensor_newNarrow(c, 0, 1, 2)
            THTensor_free(v)
        elapsed = now_ns() - start
    return elapsed / n


def transpose_free(Tensor t not None, int64_t n):
    """THTensor_newTranspose(t, 0, 1) + THTensor_free of the view."""
    cdef THTensor *c = t.cdata
    cdef THTensor *v
    cdef int64_t i
    cdef double start, elapsed
    with nogil:
        start = now_ns()
        for i in range(n):
            v = THTensor_newTranspose(c, 0, 1)
            THTensor_free(v)
        elapsed = now_ns() - start
    return elapsed / n


def new2d_free(int64_t rows, int64_t cols, int64_t n):
    """THTensor_newWithSize2d(float32, rows, cols) + THTensor_free: a tensor
    with its own storage (struct, storage struct and data allocated and
    freed; the data is not touched)."""
    cdef THTensor *v
    cdef int64_t i
    cdef double start, elapsed
    with nogil:
        start = now_ns()
        for i in range(n):
            v = THTensor_newWithSize2d(TH_FLOAT32, rows, cols)
            THTensor_free(v)
        elapsed = now_ns() - start
    return elapsed / n


cdef struct StormArg:
    THTensor *tensor
    int64_t n
    double ns


cdef void *storm_thread(void *p) noexcept nogil:
    cdef StormArg *a = <StormArg *>p
    cdef int64_t i
    cdef double start
    while not th_bench_get_go():  # start together
        pass
    start = now_ns()
    for i in range(a.n):
        THTensor_retain(a.tensor)
        THTensor_free(a.tensor)
    a.ns = now_ns() - start
    return NULL


def retain_free_storm(Tensor t not None, int64_t n, int nthreads=2):
    """nthreads threads each doing n retain+free pairs on the same tensor at
    once: ns per pair in one thread (the slowest thread's time / n), the
    cache line holding the count bouncing between cores."""
    cdef StormArg args[16]
    cdef pthread_t threads[16]
    cdef int k
    cdef double worst = 0
    if not 1 <= nthreads <= 16:
        raise ValueError("nthreads must be in [1, 16]")
    th_bench_set_go(0)
    for k in range(nthreads):
        args[k].tensor = t.cdata
        args[k].n = n
        args[k].ns = 0
        if pthread_create(&threads[k], NULL, storm_thread, &args[k]) != 0:
            th_bench_set_go(1)
            for k in range(k):
                pthread_join(threads[k], NULL)
            raise OSError("pthread_create failed")
    with nogil:
        th_bench_set_go(1)
        for k in range(nthreads):
            pthread_join(threads[k], NULL)
    for k in range(nthreads):
        worst = max(worst, args[k].ns)
    return worst / n
