# cython: language_level=3, boundscheck=False, wraparound=False
"""Loops over a 2-dim float32 tensor three ways (a handle must be
as fast as a raw pointer): (a) a raw float pointer with strides read from
the tensor into locals, (b) a THFloat32Handle and THFloat32Handle_at2, (c) a
typed memoryview float[:, :] over the same memory. Built at benchmark time
by benchmarks/run.py, as bench_capi.pyx is.

Each function does its setup, then times `loops` passes over every element
in a nogil loop and returns nanoseconds per pass. sum adds the elements into
a double (a chain of dependent adds: latency-bound, not vectorisable
without -ffast-math); scale multiplies each element in place (vectorisable
when the inner stride is 1)."""
from libc.stdint cimport int64_t
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

cimport th
from th.libTH cimport THFloat32Tensor_data, THTensor_nDimension, THTensor_size, THTensor_stride


cdef inline double now_ns() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1e9 + ts.tv_nsec


cdef int check_2d(th.Tensor t) except -1:
    if THTensor_nDimension(t.cdata) != 2:
        raise ValueError("a 2-dim float32 tensor, please")
    return 0


# ------------------------------------------------------------------- sum
def sum_raw(th.Tensor t not None, int64_t loops):
    cdef float *p = THFloat32Tensor_data(t.cdata)
    check_2d(t)
    cdef int64_t n0 = THTensor_size(t.cdata, 0), n1 = THTensor_size(t.cdata, 1)
    cdef int64_t s0 = THTensor_stride(t.cdata, 0), s1 = THTensor_stride(t.cdata, 1)
    cdef int64_t r, i, j
    cdef double acc = 0, start, elapsed
    with nogil:
        start = now_ns()
        for r in range(loops):
            for i in range(n0):
                for j in range(n1):
                    acc += p[i * s0 + j * s1]
        elapsed = now_ns() - start
    return elapsed / loops, acc


def sum_handle(th.Tensor t not None, int64_t loops):
    cdef th.THFloat32Handle h
    th.THFloat32Handle_init(&h, t.cdata)
    check_2d(t)
    cdef int64_t r, i, j
    cdef double acc = 0, start, elapsed
    with nogil:
        start = now_ns()
        for r in range(loops):
            for i in range(h.size[0]):
                for j in range(h.size[1]):
                    acc += th.THFloat32Handle_at2(&h, i, j)[0]
        elapsed = now_ns() - start
    return elapsed / loops, acc


def sum_memoryview(th.Tensor t not None, int64_t loops):
    cdef float[:, :] m = t
    cdef int64_t r, i, j
    cdef double acc = 0, start, elapsed
    with nogil:
        start = now_ns()
        for r in range(loops):
            for i in range(m.shape[0]):
                for j in range(m.shape[1]):
                    acc += m[i, j]
        elapsed = now_ns() - start
    return elapsed / loops, acc


# ----------------------------------------------------------------- scale
def scale_raw(th.Tensor t not None, float a, int64_t loops):
    cdef float *p = THFloat32Tensor_data(t.cdata)
    check_2d(t)
    cdef int64_t n0 = THTensor_size(t.cdata, 0), n1 = THTensor_size(t.cdata, 1)
    cdef int64_t s0 = THTensor_stride(t.cdata, 0), s1 = THTensor_stride(t.cdata, 1)
    cdef int64_t r, i, j
    cdef double start, elapsed
    with nogil:
        start = now_ns()
        for r in range(loops):
            for i in range(n0):
                for j in range(n1):
                    p[i * s0 + j * s1] *= a
        elapsed = now_ns() - start
    return elapsed / loops


def scale_handle(th.Tensor t not None, float a, int64_t loops):
    cdef th.THFloat32Handle h
    th.THFloat32Handle_init(&h, t.cdata)
    check_2d(t)
    cdef int64_t r, i, j
    cdef double start, elapsed
    with nogil:
        start = now_ns()
        for r in range(loops):
            for i in range(h.size[0]):
                for j in range(h.size[1]):
                    th.THFloat32Handle_at2(&h, i, j)[0] *= a
        elapsed = now_ns() - start
    return elapsed / loops


def scale_memoryview(th.Tensor t not None, float a, int64_t loops):
    cdef float[:, :] m = t
    cdef int64_t r, i, j
    cdef double start, elapsed
    with nogil:
        start = now_ns()
        for r in range(loops):
            for i in range(m.shape[0]):
                for j in range(m.shape[1]):
                    m[i, j] *= a
        elapsed = now_ns() - start
    return elapsed / loops


# --------------------------------------------------------------- set-up
def handle_init(th.Tensor t not None, int64_t n):
    """ns per THFloat32Handle_init (the dead-tensor check, the dtype check and
    the copy of sizes and strides: four calls into libTH.so)."""
    cdef th.THFloat32Handle h
    cdef int64_t k
    cdef double start, elapsed
    with nogil:
        start = now_ns()
        for k in range(n):
            th.THFloat32Handle_init(&h, t.cdata)
        elapsed = now_ns() - start
    return elapsed / n


def memoryview_acquire(th.Tensor t not None, int64_t n):
    """ns per acquiring (and releasing) a float[:, :] over t: th's buffer
    export, with the GIL."""
    cdef float[:, :] m
    cdef int64_t k
    cdef double start = now_ns()
    for k in range(n):
        m = t
    return (now_ns() - start) / n
