from th.libTH cimport THTensor

cdef class Tensor:
    # One reference to the C tensor, owned by this object; never NULL. The C
    # struct is the only record of shape, strides and offset.
    cdef THTensor *cdata
    cdef object __weakref__  # weakref.ref(tensor), as torch allows

# A th.Tensor owning cdata: steals the caller's reference (also on error).
cdef Tensor wrap_tensor(THTensor *cdata)

# THTensor_fill / fillInt64 with a Python number (exact for ints in int64 range).
cdef int fill_tensor(THTensor *t, object value) except -1

# THTensor_copy, without the GIL for long copies.
cdef int copy_tensor(THTensor *dst, THTensor *src) except -1
