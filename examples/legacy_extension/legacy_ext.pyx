# A Cython wrapper over TH-style C code (addmul.c): the C function runs
# inside THLegacy_protect, so a THArgCheck or THError in it is raised here as
# a th.Error instead of ending the process (docs/LEGACY.md).
cimport th
from th.libTH cimport THLegacy_protect

cdef extern from "addmul.h":
    int addmul_forward(void *a, void *b, void *out) nogil

cdef struct Args:
    void *a
    void *b
    void *out

cdef void body(void *ctx) noexcept nogil:
    cdef Args *x = <Args *>ctx
    addmul_forward(x.a, x.b, x.out)

def addmul(th.Tensor a, th.Tensor b, th.Tensor out):
    """out = a * b + 1 (float32 tensors of the same size)."""
    cdef Args x
    x.a, x.b, x.out = a.cdata, b.cdata, out.cdata
    THLegacy_protect(body, &x)  # except -1: a TH error raises here
    return out
